"""The stage (issue 15): themes and scale that hold, phases at the lecturer's pace, overlays
that cover no data, a steady layout, presentation that gives the window back."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction

from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import theme

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


@pytest.fixture(autouse=True)
def _normal_theme():  # noqa: ANN202  (the theme is one per process: leave it as found)
    yield
    theme().set_scale(1.0)
    theme().set_name("light")


def test_theme_menu_actions_switch_the_theme(window) -> None:
    for name, obj in (
        ("dark", "themeDarkAction"),
        ("high-contrast", "themeHighContrastAction"),
        ("light", "themeLightAction"),
    ):
        action = window.findChild(QAction, obj)
        assert isinstance(action, QAction)
        action.trigger()
        assert window.state()["theme"] == name
        assert action.isChecked()
    assert "refused" not in window.statusBar().currentMessage()


def test_a_restart_keeps_scale_two_with_the_dark_theme(qtbot, window) -> None:
    from perceptron_gui import MainWindow

    window.findChild(QAction, "themeDarkAction").trigger()
    assert window.set_ui_scale(2.0)
    assert window.state()["ui_scale"] == 2.0
    # A new process starts with the default theme: put the singleton back quietly.
    t = theme()
    t.blockSignals(True)
    t.set_name("light")
    t.set_scale(1.0)
    t.blockSignals(False)
    again = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(again)
    assert again.state()["theme"] == "dark"
    assert again.state()["ui_scale"] == 2.0
    prefs = preferences()
    assert float(prefs.value("ui_scale")) == 2.0 and prefs.value("theme") == "dark"

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


def _phase_of(window) -> tuple:  # noqa: ANN001
    s = window.state()
    return s["phase"], s["w"], s["b"], s["mistakes"]


def test_phase_stepping_walks_predict_reveal_correct(qtbot, window) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from perceptron_gui.core import train

    window.set_points(EX_X, EX_Y)
    window.findChild(QAction, "phaseStepAction").trigger()
    assert window.state()["phase"] is None
    ref = train(EX_X, EX_Y)  # the textbook's run: 7 updates
    seen_w = []
    for _ in range(3):
        QTest.keyClick(window, Qt.Key.Key_Space)
        seen_w.append(_phase_of(window))
    assert [p for p, *_ in seen_w] == ["predict", "reveal", "correct"]
    # w, b and the mistakes change at "correct" only
    assert seen_w[0][1:] == ([0.0, 0.0], 0.0, 0) == seen_w[1][1:]
    assert seen_w[2][1:] == ([3.0, 3.0], 1.0, 1)
    # the predict phase shows the score and says 0 ≤ 0 counts as a mistake
    window.step()
    assert window.state()["phase"] == "predict"
    text = window.state()["narration"]
    assert "w·x3 + b = 7 > 0" in text and "+1" in text, text  # (3, 3)·(1, 1) + 1
    while window.state()["updates"] < ref.mistakes or window.state()["phase"] != "correct":
        window.step()
    assert window.state()["w"] == list(ref.w) and window.state()["b"] == ref.b
    window.set_phase_stepping(False)
    assert window.state()["phase"] is None


def test_the_first_predict_says_zero_counts_as_a_mistake(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_phase_stepping(True)
    window.step()
    text = window.state()["narration"]
    assert "= 0" in text and "≤\u00a00" in text and "mistake" in text, text
    assert window.canvas.anatomy_text() == text.replace("\u00a0", " ")
    window.step()
    assert "reveal" in window.state()["narration"]


def test_slow_motion_scales_with_the_speed() -> None:
    from perceptron_gui.app.main_window import slow_motion_ms

    assert slow_motion_ms(420, 1.0, running=False) == 3000  # a second a phase
    assert slow_motion_ms(420, 1.0, running=True) == 900
    assert slow_motion_ms(420, 100.0, running=True) == 420
    assert slow_motion_ms(420, float("inf"), running=True) == 420
    assert slow_motion_ms(420, 0.1, running=False) == 6000


def test_the_canvas_keeps_its_height_while_stepping_the_worked_example(qtbot, window) -> None:
    from PySide6.QtWidgets import QApplication

    window.resize(1024, 740)
    window.set_points(EX_X, EX_Y)
    heights = set()
    for _ in range(12):  # past the end: converged
        QApplication.processEvents()
        heights.add((window.canvas.height(), window.narration.height(), window.readout.height()))
        window.step()
    QApplication.processEvents()
    heights.add((window.canvas.height(), window.narration.height(), window.readout.height()))
    assert len(heights) == 1, heights
    # a long narration is elided on screen, whole in text(), the tooltip and state()
    long = " ".join(["a long narration"] * 60)
    window.narration.setText(long)
    assert window.narration.text() == long == window.state()["narration"]
    assert window.narration.toolTip() == long
    QApplication.processEvents()
    assert window.narration.height() == next(iter(heights))[1]


def test_elide_lines_keeps_the_lines_it_is_given() -> None:
    from PySide6.QtGui import QFont, QFontMetrics

    from perceptron_gui.app.panels.common import elide_lines

    font = QFont()
    fm = QFontMetrics(font)
    short = "w = (1, 1)"
    assert elide_lines(short, font, 400, 2) == short
    text = " ".join(f"word{i}" for i in range(200))
    out = elide_lines(text, font, 300, 2)
    lines = out.split("\n")
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(fm.horizontalAdvance(line) <= 300 for line in lines)
    assert elide_lines("one\ntwo\nthree", font, 300, 2).split("\n")[0] == "one"


def test_presentation_gives_the_window_back_and_its_narration_is_large(qtbot, window) -> None:
    from PySide6.QtGui import QFontInfo
    from PySide6.QtWidgets import QApplication, QDockWidget

    window.resize(1024, 740)
    window.set_points(EX_X, EX_Y)
    window.step()
    QApplication.processEvents()
    before = window.geometry()
    docks = [d.width() for d in window.findChildren(QDockWidget) if d.isVisible()]
    font_before = window.narration.font().pointSizeF()
    window.set_presentation(True)
    QApplication.processEvents()
    assert QFontInfo(window.narration.font()).pixelSize() >= 28
    window.set_presentation(False)
    QApplication.processEvents()
    assert window.geometry() == before
    assert [d.width() for d in window.findChildren(QDockWidget) if d.isVisible()] == docks
    assert window.narration.font().pointSizeF() == font_before

"""A script that makes two windows in turn: the first one's views leave with it."""

from __future__ import annotations

import gc

import pytest

from perceptron_gui import MainWindow


@pytest.mark.long
def test_a_second_window_after_the_first_is_deleted(qtbot) -> None:  # noqa: ANN001
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    w.show()
    qtbot.waitExposed(w)
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    w.step()
    w.set_compare({"order": "random"})
    w.close()
    w.deleteLater()
    del w
    qtbot.wait(10)
    gc.collect()
    w2 = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w2)
    w2.show()
    qtbot.waitExposed(w2)
    # Language, theme and scale reach every view: none of the first window's may answer.
    assert w2.set_language("zh_CN")
    assert w2.set_theme("dark")
    assert w2.set_ui_scale(1.5)
    assert w2.set_language("en")
    assert w2.state()["theme"] == "dark"

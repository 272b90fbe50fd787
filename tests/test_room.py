"""The lecture room: blanking the screen, leaving presentation, quitting with edits."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QImage
from PySide6.QtTest import QTest

from perceptron_gui.app import i18n


def colours(image: QImage, step: int = 16) -> Counter[str]:
    """The colours of a grid of the image's pixels, counted."""
    seen: Counter[str] = Counter()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen[image.pixelColor(x, y).name()] += 1
    return seen


def only(window, colour: str) -> bool:  # noqa: ANN001
    QTest.qWait(1)
    seen = colours(window.grab().toImage())
    return set(seen) == {colour}


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_b_blanks_the_whole_window_and_b_again_restores(window, qtbot, lang) -> None:  # noqa: ANN001
    i18n.set_language(lang, remember=False)
    window.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    window.findChild(QAction, "presentationAction").trigger()
    window.step()
    assert not only(window, "#000000")
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert only(window, "#000000")  # on top of the canvas, the readout and the narration
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_B)
    assert not only(window, "#000000")
    # "." as slide software has it; W (white); Esc shows the window and stays presenting.
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Period)
    assert only(window, "#000000")
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_W)
    assert only(window, "#ffffff")
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Escape)
    assert not only(window, "#ffffff") and window.state()["presentation"]
    # With a lesson open (its clicker owns B), and a panel shown after the blank stays under.
    assert window.open_lesson("perceptron")
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert window.state()["lesson"]["blank"] and only(window, "#000000")
    window.bound_dock.show()
    assert only(window, "#000000")
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_PageDown)  # a clicker shows it
    assert not window.state()["lesson"]["blank"] and not only(window, "#000000")

"""In a lecture: presentation mode, the narration in the textbook's words and numbers."""

from __future__ import annotations

from pathlib import Path

import probes
import pytest
from conftest import run_on_screen
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from perceptron_gui.app.theme import theme


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


ROOT = Path(__file__).resolve().parents[1]
EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]

PRESENT_PROBE = """
import json
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
import perceptron_gui.app
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None)
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.show()
w.set_presentation(True)
for _ in range(3):
    w.step()
for _ in range(5):
    app.processEvents()
fm = QFontMetrics(w.readout.font())
r = w.readout.geometry()
print(json.dumps({
    "window": [w.width(), w.height()],
    "canvas": [w.canvas.width(), w.canvas.height()],
    "docks": [d.isVisible() for d in w.docks],
    "readout_px": fm.height(), "cap_px": fm.capHeight(),
    "readout": [r.x(), r.y(), r.width(), r.height()],
    "readout_parent": w.readout.parent() is w.canvas,
    "narration": w.state()["narration"].replace("\xa0", " "),
}))
"""


@pytest.mark.long
@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1024, 768)])
def test_presentation_mode_gives_the_canvas_the_room(tmp_path, width, height) -> None:
    out = run_on_screen(tmp_path, width, height, PRESENT_PROBE)
    assert out["window"] == [width, height]  # full screen
    assert not any(out["docks"])
    cw, ch = out["canvas"]
    assert cw * ch >= 0.85 * width * height, out
    if width == 1920:
        assert out["readout_px"] >= 32 and out["cap_px"] >= 20, out
    # The readout floats over the canvas, inside it.
    x, y, w, h = out["readout"]
    assert out["readout_parent"] and x >= 0 and y >= 0 and x + w <= cw and y + h <= ch
    assert out["narration"].startswith("update 3 on x3 = (1, 1), y = −1")


@pytest.mark.long
def test_presentation_keys_with_the_panels_hidden(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    QTest.keyClick(window, Qt.Key.Key_F5)
    assert window.state()["presentation"]
    assert theme().scale > 1.5  # everything is larger
    assert not window.controls_dock.isVisible() and not window.menuBar().isVisible()
    QTest.keyClick(window, Qt.Key.Key_Space)
    QTest.keyClick(window, Qt.Key.Key_Space)
    assert window.state()["mistakes"] == 2
    QTest.keyClick(window, Qt.Key.Key_Backspace)
    assert window.state()["mistakes"] == 1
    QTest.keyClick(window, Qt.Key.Key_V)
    assert window.state()["current"] is not None
    QTest.keyClick(window, Qt.Key.Key_Escape)  # leaves presentation mode, pauses
    s = window.state()
    assert not s["presentation"] and not s["running"]
    assert window.controls_dock.isVisible() and window.menuBar().isVisible()
    assert theme().scale == 1.0
    assert window.readout.parent() is not window.canvas


def test_narration_of_the_worked_example_in_the_textbooks_words(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    assert window.state()["narration"].replace("\xa0", " ").startswith("start: w = (0, 0), b = 0")
    window.step()
    window.step()
    assert window.state()["narration"].replace("\xa0", " ") == (
        "update 2 on x3 = (1, 1), y = −1: y(w·x + b) = −1 · (3·1 + 3·1 + 1) = −7 ≤ 0, "
        "a mistake → w ← w + ηyx = (3, 3) − (1, 1) = (2, 2), b ← b + ηy = 1 − 1 = 0"
    )
    window.visit()
    assert (
        window.state()["narration"].replace("\xa0", " ").startswith("visit 5: x1 = (3, 3), y = +1:")
    )
    assert "> 0, right: no update" in window.state()["narration"].replace("\xa0", " ")
    window.set_mode("dual")
    window.step()
    assert "α1 ← α1 + η = 1" in window.state()["narration"].replace("\xa0", " ")


@pytest.mark.long
def test_the_update_is_drawn_as_vectors_when_stepping(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    window.step()
    window.step()
    assert probes.anatomy_text(window.canvas) == "old w + ηyx = new w   b: 1 → 0"
    # The vectors never widen the view (issue 26): it stays the data's frame; they are
    # clipped at its edge, their values written (the origin is not in it, the bias is on).
    x0, x1, y0, y1 = window.state()["view"]
    f0, f1, g0, g1 = window.canvas.data_frame()
    assert x0 <= f0 + 1e-9 and f1 <= x1 + 1e-9 and y0 <= g0 + 1e-9 and g1 <= y1 + 1e-9
    assert min(x1 - x0 - (f1 - f0), y1 - y0 - (g1 - g0)) < 1e-6  # one side is the frame's
    window.visit()  # a visit with no update: nothing to draw
    assert probes.anatomy_text(window.canvas) == ""
    window.set_bias(False)
    window.step()
    assert probes.anatomy_text(window.canvas) == "old w + ηyx = new w"
    window.findChild(type(window.act_anatomy), "anatomyAction").trigger()
    window.step()
    assert probes.anatomy_text(window.canvas) == ""


@pytest.mark.long
def test_the_update_label_stays_inside_the_plot(window) -> None:
    """The label "old w + ηyx = new w" is written beside the new w's tip, on the side of
    the plot with more room: near the right edge it goes to the left of the tip."""
    cv = window.canvas
    vb = cv.getPlotItem().getViewBox()
    for x_new in (-22.0, 22.0):  # the tip near the left edge, then near the right edge
        window.set_points([[x_new, 0.5], [-1.0, -1.0]], [1, -1])
        window.set_bias(False)
        cv.set_view_range(-10.0, 10.0, -10.0, 10.0)
        window.step()  # w = 0 gets x1 wrong: w becomes x1, the tip at (x_new, 0.5)
        assert probes.anatomy_text(cv).startswith("old w + ηyx = new w")
        cv.viewport().repaint()  # a text item places itself when painted
        label = cv._anatomy_label.sceneBoundingRect()
        plot = vb.sceneBoundingRect()
        assert plot.left() <= label.left() and label.right() <= plot.right(), x_new
        tip = vb.mapViewToScene(QPointF(x_new, 0.5)).x()
        assert label.left() >= tip if x_new < 0.0 else label.right() <= tip  # the roomier side


@pytest.mark.long
def test_an_update_plays_in_slow_motion_but_the_state_is_there_at_once(qtbot) -> None:
    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=300)
    qtbot.addWidget(w)
    w.show()
    w.set_points(EX_X, EX_Y)
    w.set_order("first")
    w.step()
    w.step()
    s = w.state()  # the numbers are the update's end at once
    assert s["w"] == [2.0, 2.0] and s["b"] == 0.0 and s["mistakes"] == 2
    cv = w.canvas
    assert probes.animation_phase(cv) == "predict"
    assert probes.anatomy_text(cv).startswith("1 predict: w·x3 + b = 7 > 0, so the guess is +1")
    # The old line, x·(3, 3) + 1 = 0, is drawn first (off the data's frame, which the view
    # keeps (issue 26): an arrow at the edge says where it is).
    probes.model_segment(cv)  # (flushed)
    drawn = cv._drawn_line  # noqa: SLF001
    assert drawn is not None and drawn[0].tolist() == [3.0, 3.0] and drawn[1] == 1.0
    qtbot.waitUntil(lambda: probes.animation_phase(cv) == "reveal", timeout=2000)
    assert "2 reveal: y = −1, so y(w·x3 + b) = −7 ≤ 0: a mistake" in probes.anatomy_text(cv)
    qtbot.waitUntil(lambda: probes.animation_phase(cv) == "", timeout=2000)
    assert probes.anatomy_text(cv).startswith("3 correct w: old w + ηyx = new w")
    probes.model_segment(cv)  # the new line, through the origin (off the data's frame too)
    drawn = cv._drawn_line  # noqa: SLF001
    assert drawn is not None and drawn[0].tolist() == [2.0, 2.0] and drawn[1] == 0.0
    # S skips the slow motion of the next update.
    w.step()
    assert probes.animation_phase(cv) == "predict"
    QTest.keyClick(w, Qt.Key.Key_S)
    assert probes.animation_phase(cv) == "" and probes.anatomy_text(cv).startswith("3 correct")

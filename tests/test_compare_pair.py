"""Compare mode scrubs both runs: position p shows each run at min(its end, p)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter

from perceptron_gui import MainWindow
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.controller import GUI_MAX_UPDATES
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import generate

SECOND = {"order": "random", "seed": 2}


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def separate(data: Any, settings: dict[str, Any], k: int) -> tuple[list[float], float, int]:
    """A run of its own, stepped k times (it stops at its end)."""
    t = make_trainer(data, TrainConfig(max_updates=GUI_MAX_UPDATES).with_(**settings))
    for _ in range(k):
        t.step()
    return list(t.w), float(t.b), int(t.k)


def ends(data: Any) -> tuple[int, int]:
    out = []
    for settings in ({"order": "cyclic"}, SECOND):
        t = make_trainer(data, TrainConfig(max_updates=GUI_MAX_UPDATES).with_(**settings))
        t.run()
        out.append(int(t.k))
    return out[0], out[1]


def run_pair(window: MainWindow) -> tuple[Any, int, int]:
    d = generate("separable", 12, seed=3)
    window.set_points(d.points, d.labels)
    window.set_order("cyclic")
    data = window.controller.data
    e1, e2 = ends(data)
    assert e1 != e2  # the two runs end apart: the pair's timeline matters
    assert window.set_compare(SECOND)
    window.seek(10_000)  # each run to its end, at once (a run in the event loop may lag)
    return data, e1, e2


def check_at(window: MainWindow, data: Any, k: int) -> None:
    s = window.state()
    w1, b1, k1 = separate(data, {"order": "cyclic"}, k)
    w2, b2, k2 = separate(data, SECOND, k)
    assert (s["w"], s["b"], s["updates"]) == (w1, b1, k1)
    c = s["compare"]
    assert (c["w"], c["b"], c["updates"]) == (w2, b2, k2)


@pytest.mark.long
def test_seek_puts_each_run_at_min_of_its_end_and_k(qtbot, window: MainWindow) -> None:
    data, e1, e2 = run_pair(window)
    top = max(e1, e2)
    assert window.timeline.slider.maximum() == top
    for k in range(top + 1):
        window.seek(k)
        check_at(window, data, k)
        assert window.timeline.slider.value() == k


@pytest.mark.long
def test_keys_and_drag_move_both_runs_along_the_pair_timeline(qtbot, window: MainWindow) -> None:
    data, e1, e2 = run_pair(window)
    top = max(e1, e2)
    window.canvas.setFocus()
    for k in range(top - 1, -1, -1):  # ← from the end to 0
        qtbot.keyClick(window, Qt.Key_Left)
        check_at(window, data, k)
        assert window.timeline.label.text().startswith(f"update {k} of {top}")
    for k in range(1, top + 1):  # → back to the end
        qtbot.keyClick(window, Qt.Key_Right)
        check_at(window, data, k)
    for k in (0, top // 2, top, 1):  # a drag of the slider
        window.timeline.slider.setValue(k)
        check_at(window, data, k)


@pytest.mark.long
def test_compare_entered_and_left_four_times(qtbot, window: MainWindow) -> None:
    d = generate("separable", 12, seed=3)
    window.set_points(d.points, d.labels)
    splitter = window.findChild(QSplitter, "canvasSplitter")
    for _ in range(4):
        assert window.set_compare(SECOND)
        window.step()
        assert splitter.count() == 2
        assert window.findChild(DataCanvas, "compareCanvas") is not None
        assert window.set_compare(None)
        qtbot.waitUntil(lambda: window.findChild(DataCanvas, "compareCanvas") is None)
        assert splitter.count() == 1
    assert window.findChildren(DataCanvas) == [window.canvas]
    assert window.timeline.slider.maximum() == window.controller.horizon


COMPARE_AT_1024 = r"""
import json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.showMaximized()
for _ in range(10):
    app.processEvents()
docks = [d.isVisible() for d in w.docks]
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_compare({"order": "random", "seed": 1})
for _ in range(5):
    w.step()
for _ in range(40):
    app.processEvents()
a, b = w.canvas, w.compare.view.canvas
out = {"a": [a.width(), a.height()], "b": [b.width(), b.height()],
       "ra": a.view_range(), "rb": b.view_range()}
w.set_compare(None)
for _ in range(20):
    app.processEvents()
out["docks"] = [d.isVisible() for d in w.docks] == docks
print(json.dumps(out))
"""


@pytest.mark.long
def test_at_1024x768_the_canvases_match_and_are_300_px_high(tmp_path) -> None:  # noqa: ANN001
    import pytest

    from tests.conftest import run_on_screen

    r = run_on_screen(tmp_path, 1024, 768, COMPARE_AT_1024)
    assert r["a"] == r["b"], r
    assert r["a"][1] >= 300, r
    assert r["ra"] == pytest.approx(r["rb"], abs=1e-9)  # the same data range
    assert r["docks"]  # the panels are back after leaving

"""The canvas's view model, driven over a fixed view: no window, no Qt item."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.view_model import ViewModel


@dataclass
class FixedView:
    """A view port that is a fixed range on a plot of a fixed size."""

    rect: tuple[float, float, float, float] = (-5.0, 5.0, -5.0, 5.0)
    size: tuple[float, float] = (400.0, 400.0)
    scale: float = 1.0

    def view_range(self) -> tuple[float, float, float, float]:
        return self.rect

    def size_px(self) -> tuple[float, float]:
        return self.size

    def ui_scale(self) -> float:
        return self.scale


def test_the_view_model_imports_no_qt() -> None:
    """The model (and the frame and events it reads) import numpy, the standard library
    and the Qt-free core only."""
    here = Path(__file__).resolve().parent.parent / "perceptron_gui" / "app" / "canvas"
    for name in ("view_model.py", "frame.py", "events.py"):
        tree = ast.parse((here / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            for mod in mods:
                assert not mod.startswith(("PySide6", "pyqtgraph", "perceptron_gui.app.theme"))
                if mod.startswith("perceptron_gui"):
                    assert mod.startswith(
                        (
                            "perceptron_gui.app.canvas.frame",
                            "perceptron_gui.app.canvas.events",
                            "perceptron_gui.core.",
                        )
                    ), (name, mod)
                elif not mod.startswith(("__future__", "numpy")):
                    assert mod.split(".")[0] in ("math", "collections", "typing"), (name, mod)


def test_the_data_frame_is_the_points_frame_at_the_ports_size_and_scale() -> None:
    view = FixedView(size=(600.0, 300.0), scale=2.0)
    model = ViewModel(view)
    assert model.data_frame() == (-5.0, 5.0, -5.0, 5.0)  # no points
    model.points = np.array([[1.0, 1.0], [3.0, 2.0]])
    want = frame.data_frame(model.points, size_px=(600.0, 300.0), room_px=2 * frame.ROOM_PX)
    assert model.data_frame() == want
    model.keep_origin = True
    assert model.data_frame()[0] < 0 < model.data_frame()[1]
    model.keep_origin = False
    model.bias_off = True  # the line goes through the origin: the frame keeps it too
    assert model.data_frame()[2] < 0 < model.data_frame()[3]


def test_pixels_and_data_map_both_ways() -> None:
    model = ViewModel(FixedView(rect=(0.0, 10.0, 0.0, 5.0), size=(200.0, 100.0)))
    assert model.px_per_unit() == (20.0, 20.0)
    px = model.to_px([[0.0, 5.0], [10.0, 0.0], [5.0, 2.5]])
    assert px.tolist() == [[0.0, 0.0], [200.0, 100.0], [100.0, 50.0]]  # y down
    assert np.allclose(model.from_px(px), [[0.0, 5.0], [10.0, 0.0], [5.0, 2.5]])
    assert ViewModel(FixedView(size=(0.0, 100.0))).px_per_unit() is None


def test_the_view_model_reads_the_port_live() -> None:
    view = FixedView()
    model = ViewModel(view)
    view.rect = (1.0, 2.0, 3.0, 4.0)
    assert model.view_range() == (1.0, 2.0, 3.0, 4.0)
    assert not model.held

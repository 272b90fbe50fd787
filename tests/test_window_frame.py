"""A kernel run's frame in the whole window: what a frame repaints and refreshes (issue 34).

Behaviour, not time: the canvas's cached layers stay cached at a large window (a repaint
with nothing changed draws none of them again), and the iteration table shows the right
cells after a frame and after a panel catches up.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PySide6 import QtGui, QtWidgets

import perceptron_gui.app  # noqa: F401  (selects PySide6 for pyqtgraph)
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.canvas.view import CACHED_LAYERS
from perceptron_gui.core.model import KernelModel


def _cached_items(canvas: DataCanvas) -> list[QtWidgets.QGraphicsItem]:
    cache = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
    return [i for i in canvas.scene().items() if i.cacheMode() == cache]


@pytest.mark.parametrize("size", [(800, 600), (1800, 1000)])
def test_a_repaint_with_nothing_changed_draws_no_cached_layer_again(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The axes (their grid across the view), the points and the regions keep their
    renderings in QPixmapCache; at 1920×1080 the fourth pushed the others out, so that
    Qt drew the axes' grid again at every repaint of a run."""
    limit = QtGui.QPixmapCache.cacheLimit()
    QtGui.QPixmapCache.setCacheLimit(10240)  # Qt's default (the canvas raises it as it needs)
    canvas = DataCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(*size)
    canvas.show()
    qtbot.waitExposed(canvas)
    rng = np.random.default_rng(1)
    X = rng.normal(size=(300, 2)) * 2.0
    canvas.set_points(X, np.where(X[:, 0] * X[:, 1] > 0, 1, -1), reframe=True)
    canvas.set_model(KernelModel(X[:40], rng.normal(size=40), 0.1, kernel="rbf", sigma=0.7))
    canvas.flush()
    cached = _cached_items(canvas)
    assert len(cached) == CACHED_LAYERS  # (the layers the cache's room is counted for)
    drawn: list[str] = []
    for item in cached:
        paint = item.paint

        def counting(*args: Any, _paint: Any = paint, _name: str = type(item).__name__) -> Any:
            drawn.append(_name)
            return _paint(*args)

        monkeypatch.setattr(item, "paint", counting)
    for item in cached:
        item.update()  # (their renderings made again: the count sees each paint)
    canvas.grab()  # (the view painted as on screen)
    assert len(drawn) == CACHED_LAYERS
    drawn.clear()
    for _ in range(3):
        canvas.grab()
    assert drawn == []
    QtGui.QPixmapCache.setCacheLimit(max(limit, QtGui.QPixmapCache.cacheLimit()))

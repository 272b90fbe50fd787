"""Nothing on the canvas covers the data or is cut off (docs/canvas.md): the marks round a
point stay inside the plot at every scale, every text is off every line or on its box,
no arrowhead lies over a label or a point, and lines go under the points. One window
serves the module."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import probes
import pytest
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas import DataCanvas, frame


@pytest.fixture(scope="module")
def win(qapp) -> Iterator[object]:  # noqa: ANN001
    yield from probes.shown_window()


def _settle(w) -> None:  # noqa: ANN001
    for _ in range(4):
        QApplication.processEvents()
    w.canvas.flush()


def _marks_radius(cv: DataCanvas) -> float:
    """How far the marks round a point reach from its centre (the halo and ring, the
    current point's square), in pixels."""
    layers = cv._marks.layers  # noqa: SLF001
    return max(layers.rings.size, layers.halos.size, layers.current.size) / 2


def test_the_frame_keeps_room_for_the_marks_at_scale_2() -> None:
    """A plot of 480 × 215 px (the built-in example at UI scale 2 in a 1024×768 window):
    the frame keeps the marks' 35 px round every point (it kept 11: 5 % of the plot)."""
    pts = np.array([[-3.0, 4.0], [1.0, 4.0], [-1.0, 3.5], [4.5, -1.5], [-3.0, -4.0]])
    for size in ((480.0, 215.0), (620.0, 340.0), (900.0, 420.0)):
        x0, x1, y0, y1 = frame.data_frame(pts, size_px=size, room_px=2 * frame.ROOM_PX)
        per_px = max((x1 - x0) / size[0], (y1 - y0) / size[1])  # the locked aspect
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half_w, half_h = per_px * size[0] / 2, per_px * size[1] / 2
        room = np.minimum(
            (half_w - np.abs(pts[:, 0] - cx)) / per_px, (half_h - np.abs(pts[:, 1] - cy)) / per_px
        )
        assert room.min() >= 35.0, (size, room)


def test_at_ui_scale_2_the_top_rings_are_inside_the_plot(win) -> None:  # noqa: ANN001
    """UI scale 2 (Ctrl+= to 2) in a 1024×768 window, the built-in example at w = 0 (every
    point ringed): the rings of the top row (x18, x2, x11 at y = 4) were cut by the plot's
    top edge. Every point's marks lie inside the plot."""
    win.resize(1024, 768)
    win.act_example.trigger()
    try:
        while win.state()["ui_scale"] < 2.0:
            win.act_zoom_in.trigger()
        _settle(win)
        cv = win.canvas
        vm = cv.view_model
        px = vm.to_px(vm.points)
        width, height = vm.size_px()
        reach = _marks_radius(cv)
        room = np.minimum.reduce([px[:, 0], width - px[:, 0], px[:, 1], height - px[:, 1]])
        assert room.min() >= reach - 0.5, (room.round(1), reach, (width, height))
    finally:
        win.act_zoom_reset.trigger()
        _settle(win)


def test_lines_go_under_the_points_and_their_halos(win) -> None:  # noqa: ANN001
    """Lesson scene 5 ("Why it stops") at k = 0: Novikoff's dashed circle of radius D was
    drawn over x2's halo (the halos lay at z −2, under every line). Every line (the
    circle, the best separator, the model's line, the old line, the update's vectors, the
    normal) is drawn under the halos, which are under the rings and the markers."""
    import pyqtgraph as pg
    from PySide6.QtWidgets import QGraphicsPolygonItem, QGraphicsRectItem

    from perceptron_gui.app.canvas.density import DensityImage
    from perceptron_gui.app.canvas.markers import MarkerLayer

    win.set_points([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]], [1, 1, -1])
    assert win.set_mode("primal")
    cv = win.canvas
    cv.show_radius(True)
    cv.show_best(True)
    try:
        win.step()
        _settle(win)
        assert cv._novikoff.circle.isVisible()  # noqa: SLF001
        halos = cv._marks.layers.halos  # noqa: SLF001
        assert halos.isVisible() and halos.count() > 0
        texts_and_fills = (pg.TextItem, pg.ImageItem, QGraphicsPolygonItem, QGraphicsRectItem)
        lines = [
            item
            for item in cv._vb.childGroup.childItems()  # noqa: SLF001
            if not isinstance(item, (MarkerLayer, DensityImage, *texts_and_fills))
            and item is not cv._edge.arrow  # noqa: SLF001  (placed clear of the points)
        ]
        assert cv._novikoff.circle in lines  # noqa: SLF001
        over = [(type(i).__name__, i.zValue()) for i in lines if i.zValue() >= halos.zValue()]
        assert over == [], over
        layers = cv._marks.layers  # noqa: SLF001
        assert halos.zValue() < layers.rings.zValue() < layers.markers.zValue()
    finally:
        cv.show_radius(False)
        cv.show_best(False)

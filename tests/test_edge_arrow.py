"""The arrow "the line is this way" never covers a point (issue 27: in presentation its
~100 px black arrow sat on x3 of Example 2.1 after update 3, the point the room watches)."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.app.canvas import frame
from perceptron_gui.core.generators import generate


def test_segment_distances_against_a_plain_loop() -> None:
    rng = np.random.default_rng(0)
    for _ in range(50):
        pts = rng.normal(size=(20, 2)) * 10
        a, z = rng.normal(size=2) * 10, rng.normal(size=2) * 10
        got = frame.segment_distances(pts, a, z)
        for p, d in zip(pts, got, strict=True):
            ts = np.linspace(0.0, 1.0, 20001)
            plain = np.min(np.hypot(*(a[:, None] + ts * (z - a)[:, None] - p[:, None])))
            assert abs(d - plain) < 1e-3 * max(1.0, np.hypot(*(z - a)))
    assert frame.segment_distances(np.array([[3.0, 4.0]]), np.zeros(2), np.zeros(2))[0] == 5.0


def test_arrow_spot_keeps_a_free_tip_and_moves_a_covering_one() -> None:
    def rank(p: np.ndarray) -> np.ndarray:
        return np.hypot(p[:, 0], p[:, 1] - 200.0)  # "the line" is near (0, 200)

    box = (20.0, 380.0, 20.0, 380.0)
    # Free: stays.
    assert frame.arrow_spot([[300, 300]], (30, 200), (-1, 0), 60, 20, box, rank) == (30, 200)
    # A point under the body (tip at x 30, the tail to x 90): moved to the border, clear of
    # it, as near "the line" as a free place is.
    spot = frame.arrow_spot([[60, 200]], (30, 200), (-1, 0), 60, 20, box, rank)
    assert spot != (30, 200)
    tip = np.array(spot)
    d = frame.segment_distances(np.array([[60.0, 200.0]]), tip, tip - 60 * np.array([-1, 0]))
    assert d[0] > 20
    x, y = spot
    assert x in (20.0, 380.0) or y in (20.0, 380.0)  # on the border
    assert abs(y - 200.0) < 60  # beside where it was, not across the plot
    # Nowhere free (a point everywhere): where it was.
    crowd = np.column_stack(
        [np.repeat(np.arange(0, 400, 10), 40), np.tile(np.arange(0, 400, 10), 40)]
    )
    assert frame.arrow_spot(crowd, (30, 200), (-1, 0), 60, 20, box, rank) == (30, 200)


def _arrow_clearance(w) -> float:  # noqa: ANN001
    """The least distance in pixels from the edge arrow's body to a point's centre."""
    c = w.canvas
    arrow = c._edge.arrow
    assert arrow.isVisible()
    x0, x1, y0, y1 = c.view_range()
    width, height = c._vb.width(), c._vb.height()
    kx, ky = width / (x1 - x0), height / (y1 - y0)
    pts = np.column_stack([(c._points[:, 0] - x0) * kx, (y1 - c._points[:, 1]) * ky])
    tip = np.array([(arrow.pos().x() - x0) * kx, (y1 - arrow.pos().y()) * ky])
    length = arrow.opts["headLen"] + arrow.opts["tailLen"]
    angle = np.radians(arrow.opts["angle"])  # 0 points left, clockwise on screen
    body = tip + length * np.array([np.cos(angle), np.sin(angle)])
    return float(frame.segment_distances(pts, tip, body).min())


@pytest.mark.long
def test_the_edge_arrow_leaves_the_points_free_in_the_window(window, qtbot) -> None:
    from PySide6.QtCore import Qt

    w = window
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])  # Example 2.1
    w.set_mode("dual")
    qtbot.keyClick(w, Qt.Key.Key_F5)  # presentation: the arrow at the room's size
    for _ in range(3):
        w.step()
    # After update 3, w = (1, 1), b = −1: the line x1 + x2 = 1 is out of the data's view,
    # nearest its corner by x3 = (1, 1).
    assert w.state()["updates"] == 3
    from perceptron_gui.app.theme import theme

    arrow = w.canvas._edge.arrow
    qtbot.waitUntil(arrow.isVisible)  # (drawn at the layout pass after the steps)
    assert _arrow_clearance(w) > theme().marker
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    qtbot.wait(200)
    if arrow.isVisible():  # (the window's frame may take the line in)
        assert _arrow_clearance(w) > theme().marker
    # Many points: still clear of them wherever a free place is.
    d = generate("separable", 60, margin=0.2, seed=5)
    pts = d.points + 40.0  # far from the origin: the first update's line is out of view
    w.set_points(pts, d.labels)
    w.step()
    if w.canvas._edge.arrow.isVisible():
        assert _arrow_clearance(w) > 0.5 * theme().marker


def test_the_edge_arrow_visual_over_a_view_model_alone(qtbot) -> None:  # noqa: ANN001
    """The visual drawn over a fixed view: no canvas, no window."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.edge import EdgeArrow
    from perceptron_gui.app.theme import theme

    class FixedView:
        def view_range(self) -> tuple[float, float, float, float]:
            return (0.0, 5.0, 0.0, 5.0)

        def size_px(self) -> tuple[float, float]:
            return (400.0, 400.0)

        def ui_scale(self) -> float:
            return 1.0

    model = ViewModel(FixedView())
    vb = pg.ViewBox()
    placed: list[float] = []

    def place(items) -> None:  # noqa: ANN001
        for item, z in items:
            item.setZValue(z)
            vb.addItem(item)
            placed.append(z)

    edge = EdgeArrow(model, place)
    edge.hide()  # nothing made yet: nothing to hide, nothing placed
    assert not edge.made and not placed
    # The line x1 + x2 = −2 misses the view, nearest its corner at the origin.
    edge.point_to(np.array([1.0, 1.0]), 2.0)
    assert edge.made and placed == [9, 9]
    assert edge.arrow.isVisible() and edge.label.isVisible()
    assert edge.label.toPlainText() == "the line is this way"
    x, y = edge.arrow.pos().x(), edge.arrow.pos().y()
    assert 0.0 <= x < 1.0 and 0.0 <= y < 1.0  # near the corner that faces the line
    box = edge.keep_out_px(lambda px, py: tuple(model.to_px([[px, py]])[0]))
    assert box is not None and box[2] > 0 and box[3] > 0
    # A point under the arrow's body: the arrow moves off it, clear of it.
    tip = model.to_px([[x, y]])[0]
    model.points = model.from_px([tip + [10.0, -10.0]])
    edge.point_to(np.array([1.0, 1.0]), 2.0)
    p = model.to_px([[edge.arrow.pos().x(), edge.arrow.pos().y()]])[0]
    o = edge.arrow.opts
    angle = np.radians(o["angle"])
    body = p + (o["headLen"] + o["tailLen"]) * np.array([np.cos(angle), np.sin(angle)])
    pts = model.to_px(model.points)
    assert frame.segment_distances(pts, p, body).min() > theme().marker
    edge.hide()
    assert not edge.arrow.isVisible() and edge.keep_out_px(lambda a, b: (a, b)) is None

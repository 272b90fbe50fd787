"""The arrow "the line is this way" never covers a point (issue 27: in presentation its
~100 px black arrow sat on x3 of Example 2.1 after update 3, the point the room watches)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import probes
import pytest

from perceptron_gui.app.canvas import frame
from perceptron_gui.core import registry
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


@pytest.mark.parametrize("mark", ["selection", "current", "mistake", "update"])
def test_the_edge_arrow_keeps_off_the_marks_round_a_point(qtbot, mark) -> None:  # noqa: ANN001
    """A point with a mark round it (the selection's diamond, the current point's square,
    a mistake's ring, the updated point's ring) beside the arrow's body: the arrow keeps
    its half width off the mark, not only off the point's marker (at 1024×768 its head
    covered a selected point's ring); placed again at the mark's own event."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import Update, ViewModel
    from perceptron_gui.app.canvas.visuals.edge import EdgeArrow
    from perceptron_gui.core.model import LinearModel

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()

    def place(items) -> None:  # noqa: ANN001
        for item, z in items:
            item.setZValue(z)
            vb.addItem(item)

    edge = EdgeArrow(model, place)
    line = (np.array([1.0, 1.0]), 12.0)  # x1 + x2 = −12: out of view, by the corner (−5, −5)
    edge.point_to(*line)
    o = edge.arrow.opts
    tip = model.to_px([[edge.arrow.pos().x(), edge.arrow.pos().y()]])[0]
    angle = np.radians(o["angle"])
    along = np.array([np.cos(angle), np.sin(angle)])
    # A point beside the body, clear of its marker (as before) but not of a mark round it.
    side = np.array([-along[1], along[0]])
    beside = tip + 0.5 * (o["headLen"] + o["tailLen"]) * along + 24.0 * side
    model.points = model.from_px([beside, [200.0, 200.0]])
    model.labels = np.array([1.0, -1.0])
    model.set_line(line)  # (the line drawn: the marks' events place the arrow again)
    if mark == "selection":
        model.set_selection(np.array([0]))
    elif mark == "current":
        model.set_current(0)
    elif mark == "mistake":
        model.set_mistakes(np.array([0]))
    else:
        before, after = LinearModel((0.0, 0.0), 0.0), LinearModel((1.0, 1.0), 0.0)
        model.set_update(Update(before, after, 0, True))
    # The marks' widths at UI scale 1, as the points' and the update's visuals draw them.
    across = {"selection": 34.0, "current": 36.0, "mistake": 32.0, "update": 60.0}[mark]
    # Placed again at the mark's own event (a selection made while the arrow shows), and
    # when the line is drawn again.
    for again in (False, True):
        if again:
            edge.point_to(*line)
        assert edge.arrow.isVisible(), (mark, again)
        p = model.to_px([[edge.arrow.pos().x(), edge.arrow.pos().y()]])[0]
        body = p + (o["headLen"] + o["tailLen"]) * along
        d = frame.segment_distances(model.to_px(model.points[:1]), p, body)[0]
        assert d > 0.5 * o["headWidth"] + 0.5 * across, (mark, again, d)


@pytest.fixture(scope="module")
def win1024(qapp) -> Iterator[object]:  # noqa: ANN001
    """One window at 1024×768 for the module's tests in the window."""
    yield from probes.shown_window()


@pytest.mark.long
@pytest.mark.parametrize("mode", registry.modes())
def test_the_edge_arrow_keeps_off_a_selected_points_diamond_in_every_mode(win1024, mode) -> None:  # noqa: ANN001
    """At 1024×768, after a step of Example 2.1 in each mode the line is out of the data's
    view and the arrow points at it: a selected point 24 px beside the arrow's body (clear
    of its marker, as before, but not of its diamond) moves the arrow off the diamond."""
    from PySide6.QtWidgets import QApplication

    w = win1024
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    assert w.set_mode(mode)
    cv = w.canvas
    w.step()

    def settle() -> None:
        for _ in range(3):
            QApplication.processEvents()
        cv.flush()

    settle()
    if not registry.spec(mode).has_w:  # (regions, not a line: no arrow to it)
        assert not (cv._edge.made and cv._edge.arrow.isVisible())
        return
    arrow = cv._edge.arrow
    assert arrow.isVisible(), mode
    model = cv.view_model
    o = arrow.opts
    tip = model.to_px([[arrow.pos().x(), arrow.pos().y()]])[0]
    along = np.array([np.cos(np.radians(o["angle"])), np.sin(np.radians(o["angle"]))])
    side = np.array([-along[1], along[0]])
    want = tip + 0.5 * (o["headLen"] + o["tailLen"]) * along + 24.0 * side
    # The view moved (held) so that x3 = (1, 1) lies there; the line stays out of view.
    (at,) = model.from_px([want])
    dx, dy = 1.0 - at[0], 1.0 - at[1]
    x0, x1, y0, y1 = cv.view_range()
    cv.set_view_range(x0 + dx, x1 + dx, y0 + dy, y1 + dy)
    cv.set_selection([2])
    settle()
    assert arrow.isVisible(), mode
    p = model.to_px([[arrow.pos().x(), arrow.pos().y()]])[0]
    body = p + (o["headLen"] + o["tailLen"]) * along
    d = frame.segment_distances(model.to_px([[1.0, 1.0]]), p, body)[0]
    diamond = cv._marks.layers.selected.size  # noqa: SLF001
    assert d > 0.5 * o["headWidth"] + 0.5 * diamond, (mode, d)


def test_a_step_places_the_edge_arrow_once_where_each_event_placed_it(qtbot) -> None:  # noqa: ANN001
    """A step fires the line's, the current point's and the update's events, and each
    placed the arrow (at 20 000 points with every border place blocked, ~75 ms each):
    now they mark it, and the canvas's layout pass places it once, where the old code's
    last placement put it (the place the step's final state gives)."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.canvas import DataCanvas
    from perceptron_gui.core.model import LinearModel

    cv = DataCanvas()
    qtbot.addWidget(cv)
    cv.resize(500, 400)
    cv.show()
    cv.follow_line = False
    cv.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    for _ in range(3):
        QApplication.processEvents()
    cv.flush()
    edge = cv._edge  # noqa: SLF001
    placed = []
    place = edge.place
    edge.place = lambda: (placed.append(1), place())[1]  # type: ignore[method-assign]
    events = []
    model_events = cv.view_model.events
    for name in ("line", "current", "update"):
        getattr(model_events, name).connect(lambda name=name: events.append(name))
    # A step: the line x1 + x2 = 12 (out of the data's view), the point visited, the update.
    with cv.batch():
        after = LinearModel((1.0, 1.0), -12.0)
        cv.set_model(after)
        cv.set_current(0)
        cv.set_update(LinearModel((0.0, 0.0), 0.0), after, 0, True, phase="correct")
    for _ in range(3):
        QApplication.processEvents()
    cv.flush()
    assert {"line", "current", "update"} <= set(events), events
    assert len(placed) == 1, (placed, events)
    assert edge.arrow.isVisible()
    at = (edge.arrow.pos().x(), edge.arrow.pos().y(), edge.arrow.opts["angle"])
    # Where the old code put it: placed at once at the last event, from the same state.
    place()
    assert (edge.arrow.pos().x(), edge.arrow.pos().y(), edge.arrow.opts["angle"]) == at

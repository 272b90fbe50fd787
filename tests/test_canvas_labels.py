"""The points' names and α's as a visual (visuals/labels.py) over a view model alone, and
their places reused across layout passes while no point moves."""

from __future__ import annotations

import numpy as np
import probes
import pytest

POINTS = np.array(
    [[0.0, 0.0], [0.4, 0.1], [0.8, -0.2], [-2.0, 3.0], [3.0, -3.0], [0.2, 0.6], [-0.3, 0.4]]
)


def _visual(scheduled: list[int]):  # noqa: ANN202
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.labels import PointLabels

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    labels = PointLabels(
        model,
        lambda items: [vb.addItem(i) for i, _ in items],
        lambda: scheduled.append(1),
        lambda px: px,  # (pixels as data: the leader lines are only drawn here)
    )
    labels.make()
    return model, labels, vb


def _to_px(x: float, y: float) -> tuple[float, float]:
    return (200.0 + 40.0 * x, 200.0 - 40.0 * y)  # probes.FixedView's [−5, 5]² in 400 px


def _begin(labels, model, put, frame=(0.0,), reserved=(), lines=()):  # noqa: ANN001, ANN202
    """A layout pass begun over the model's points in `probes.FixedView`'s 400 px, the
    rectangles `reserved` taken and the segments `lines` to avoid; returns the points'
    pixels."""
    from perceptron_gui.app.canvas.layout import Placer

    px = np.array([_to_px(*p) for p in model.points]).reshape(-1, 2)
    placer = Placer((0.0, 0.0, 400.0, 400.0), px, 8.0)
    for r in reserved:
        placer.reserve(r)
    for seg in lines:
        placer.avoid(*seg)
    labels.begin(placer, px, _to_px, gap=12.0, ring_gap={}, diameter=12.0, put=put, frame=frame)
    return px


def _pass(labels, model, frame=(0.0,), lines=()):  # noqa: ANN001, ANN202
    put = []

    def put_at(item, r) -> None:  # noqa: ANN001  (as the canvas's `_put_text`)
        item.setAnchor((0, 0))
        item.setPos(r[0], r[1])
        put.append(r)

    px = _begin(labels, model, put_at, frame, lines=lines)
    labels.place_names()
    labels.place_alphas()
    rects, leaders = labels.finish()
    return rects, leaders, put, px


def test_the_point_labels_visual_writes_names_and_alphas_from_the_model(qtbot) -> None:  # noqa: ANN001
    """The visual subscribes to the model: new points write a name beside each and ask the
    scheduler for a layout; α writes "α₂ = 3" for each point with α > 0; the marks the names
    go round (mistakes, the current point) ask for a layout too; more than NAME_TEXT_MAX
    points have no names."""
    from perceptron_gui.app.canvas.constants import NAME_TEXT_MAX

    scheduled: list[int] = []
    model, labels, _ = _visual(scheduled)
    model.set_points(POINTS, np.ones(len(POINTS), dtype=np.int8), new=True)
    assert [t.toPlainText() for t in labels.names] == [f"x{i + 1}" for i in range(len(POINTS))]
    assert all(t.isVisible() for t in labels.names) and scheduled
    alpha = np.zeros(len(POINTS))
    alpha[1] = 3.0
    model.set_alpha(alpha)
    shown = [t.toPlainText() for t in labels.alphas if t.isVisible()]
    assert shown == ["α₂ = 3"] and labels.alpha_points == [1]
    model.set_alpha(None)
    assert not any(t.isVisible() for t in labels.alphas) and labels.alpha_points == []
    for setter in (
        lambda: model.set_mistakes(np.array([0])),
        lambda: model.set_current(2),
    ):
        scheduled.clear()
        setter()
        assert scheduled
    many = np.random.default_rng(0).normal(size=(NAME_TEXT_MAX + 1, 2))
    model.set_points(many, np.ones(len(many), dtype=np.int8), new=True)
    assert not any(t.isVisible() for t in labels.names)


def test_a_name_keeps_its_place_and_the_pass_its_work_while_no_point_moves(qtbot) -> None:  # noqa: ANN001
    """A second pass over the same points places every name where it was, without the
    ambiguity test again and without putting the texts again; a moved point (or the reuse
    switched off) makes the pass find the places afresh. Each name is within about two
    marker diameters of its own point or joined to it by a leader line."""
    from perceptron_gui.app.canvas.visuals.labels import PointLabels

    model, labels, _ = _visual([])
    model.set_points(POINTS, np.ones(len(POINTS), dtype=np.int8), new=True)
    tests: list[int] = []
    original = PointLabels._clear_first

    def counted(self, *args):  # noqa: ANN001, ANN002, ANN202
        tests.append(1)
        return original(self, *args)

    mp = pytest.MonkeyPatch()
    mp.setattr(PointLabels, "_clear_first", counted)
    try:
        rects, leaders, put, px = _pass(labels, model)
        assert len(rects) == len(POINTS) and len(put) == len(POINTS) and len(tests) == len(POINTS)
        for key, (x, y, w, h) in rects.items():
            i = int(key[4:])
            cx, cy = px[i]
            gap = np.hypot(max(0.0, x - cx, cx - x - w), max(0.0, y - cy, cy - y - h))
            assert key in leaders or gap <= 2.5 * 12.0, (key, gap)
        tests.clear()
        again, leaders2, put2, _ = _pass(labels, model)
        assert again == rects and leaders2 == leaders
        assert tests == [] and put2 == []  # (the places were there: nothing put again)
        labels.reuse = False
        tests.clear()
        fresh, _, _, _ = _pass(labels, model)
        assert len(tests) == len(POINTS) and fresh == rects
        labels.reuse = True
        moved = POINTS.copy()
        moved[3] = (-2.5, 3.0)
        model.set_points(moved, np.ones(len(POINTS), dtype=np.int8), new=False)
        tests.clear()
        _pass(labels, model)
        assert len(tests) == len(POINTS)
    finally:
        mp.undo()


def test_no_layout_pass_runs_in_a_paint_in_the_event_loops_flow(window, qtbot) -> None:  # noqa: ANN001
    """The built-in example, a step, marks set on the canvas outside a batch (no pass at
    its end), a notice and a resize, each followed by the event loop's turns: the texts are
    laid out each time, never inside a paint (the pass's event goes before Qt's request to
    paint)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.canvas.labels import LabelsCanvas

    cv = window.canvas
    passes: list[bool] = []  # (True: inside a paint)
    painting = [False]
    layout, viewport_event = LabelsCanvas._layout_overlays, type(cv).viewportEvent

    def counted(self) -> None:  # noqa: ANN001
        passes.append(painting[0])
        layout(self)

    def watched(self, event) -> bool:  # noqa: ANN001
        painting[0] = event.type() == QEvent.Type.Paint
        try:
            return viewport_event(self, event)
        finally:
            painting[0] = False

    mp = pytest.MonkeyPatch()
    mp.setattr(LabelsCanvas, "_layout_overlays", counted)
    mp.setattr(type(cv), "viewportEvent", watched)
    try:
        window.load_example()
        for change in (
            window.step,
            lambda: cv.set_current(3),  # (outside a batch: no pass at its end)
            lambda: cv.set_misclassified([0, 2]),
            lambda: cv.set_status("a notice"),
            lambda: window.resize(1200, 800),
        ):
            before = len(passes)
            change()
            for _ in range(5):  # (turns of the loop, as a script or a test takes them)
                QApplication.processEvents()
            assert len(passes) > before  # (laid out)
        assert not any(passes), passes
    finally:
        mp.undo()


def _first_name_among(labels, model, reserved):  # noqa: ANN001, ANN202
    """x1's name placed alone, the rectangles `reserved` taken: (rects, leaders)."""
    _begin(labels, model, lambda i, r: None, reserved=reserved)
    labels.place_names([0])
    return labels.finish()


def _off_the_leader(points, leader):  # noqa: ANN001, ANN202
    """Each point's distance (pixels) to the leader line (x0, y0, x1, y1)."""
    from perceptron_gui.app.canvas.frame import segment_distances

    x0, y0, x1, y1 = leader
    return segment_distances(np.asarray(points), np.array([x0, y0]), np.array([x1, y1]))


def test_a_name_placed_across_a_line_is_drawn_over_it_on_its_box(qtbot) -> None:  # noqa: ANN001
    """Where every place near a point crosses a line (lines every 8 px here), its name is
    drawn over the lines on the translucent box the α's have, as a contour's label breaks
    its line (x10 sat under the model's line in the first window's third step, struck
    through); when a place off every line is free again, it goes back under the lines
    without a box. The α's box stays; only its height changes."""
    from PySide6.QtCore import Qt

    from perceptron_gui.app.canvas.constants import CROSSED_LABEL_Z, MARKER_Z

    model, labels, _ = _visual([])
    pts = np.array([[0.0, 0.0], [-3.0, 3.0]])
    model.set_points(pts, np.ones(len(pts), dtype=np.int8), new=True)
    model.set_alpha(np.array([2.0, 0.0]))
    grid = [(0.0, v, 400.0, v) for v in np.arange(4.0, 400.0, 8.0)]
    grid += [(v, 0.0, v, 400.0) for v in np.arange(4.0, 400.0, 8.0)]
    rects, _, _, _ = _pass(labels, model, lines=grid)
    assert {"name0", "name1", "alpha0"} <= set(rects)
    for item in (labels.names[0], labels.names[1], labels.alphas[0]):
        assert item.zValue() == CROSSED_LABEL_Z < MARKER_Z  # (over the lines, under the points)
        assert item.fill.style() != Qt.BrushStyle.NoBrush
    _pass(labels, model)
    for item in (labels.names[0], labels.names[1]):
        assert item.zValue() == -1.0 and item.fill.style() == Qt.BrushStyle.NoBrush
    assert labels.alphas[0].zValue() == -1.0
    assert labels.alphas[0].fill.style() != Qt.BrushStyle.NoBrush


def test_a_name_placed_far_from_its_point_gets_a_leader_over_no_other_point(qtbot) -> None:  # noqa: ANN001
    """With the room beside a point taken (the update's texts, the legend), its name goes
    further off: there it is joined to its point by a leader line (it sat some 60 px from
    a small point in presentation with nothing joining them), and a place whose leader
    would pass over another point is not taken."""
    from perceptron_gui.app.canvas.constants import NAME_NEAR

    model, labels, _ = _visual([])
    pts = np.array([[0.0, 0.0], [1.2, 0.0], [-3.0, -3.0]])
    model.set_points(pts, np.ones(len(pts), dtype=np.int8), new=True)
    px = np.array([_to_px(*p) for p in pts])
    reserved = [(186.0, 186.0, 28.0, 28.0)]  # the room right beside x1 (its first places)
    rects, leaders = _first_name_among(labels, model, reserved)
    x, y, w, h = rects["name0"]
    cx, cy = px[0]
    gap = np.hypot(max(0.0, x - cx, cx - x - w), max(0.0, y - cy, cy - y - h))
    assert gap - 6.0 > NAME_NEAR * 12.0  # (further than the room beside it)
    assert "name0" in leaders
    assert (_off_the_leader(px[1:], leaders["name0"]) > 6.0).all()  # over no other point


def test_a_leader_line_never_passes_over_another_point(qtbot) -> None:  # noqa: ANN001
    """The only free room near x1 lies past its neighbour x2: a leader line there would
    cross x2 (read as x2's), so the name takes no place there."""

    model, labels, _ = _visual([])
    pts = np.array([[0.0, 0.0], [0.75, 0.0]])  # x2 30 px right of x1
    model.set_points(pts, np.ones(len(pts), dtype=np.int8), new=True)
    px = np.array([_to_px(*p) for p in pts])
    # all round x1 but a corridor to the right, through x2
    reserved = [
        (100.0, 100.0, 200.0, 70.0),
        (100.0, 230.0, 200.0, 70.0),
        (100.0, 170.0, 80.0, 60.0),
    ]
    rects, leaders = _first_name_among(labels, model, reserved)
    if "name0" in leaders:
        assert _off_the_leader(px[1:], leaders["name0"])[0] > 6.0, (rects, leaders)


def _crowd_pass(labels, model, pts, ringed: bool):  # noqa: ANN001, ANN202
    """The 18 points of the built-in example (Example 2.1) in the window's plot at UI scale
    2 on a 1024×768 screen: 510 × 180 px for x in [−13, 13], y in [−5, 5]; 36 px markers,
    every point ringed at w = 0 (a 50 px ring)."""
    from perceptron_gui.app.canvas.layout import Placer

    def to_px(x: float, y: float) -> tuple[float, float]:
        return (120.0 + (x + 13.0) * 510.0 / 26.0, 200.0 - (y + 5.0) * 18.0)

    px = np.array([to_px(*p) for p in pts])
    radius, diameter = 24.0, 36.0
    bounds = (120.0, 200.0 - 180.0, 510.0, 180.0)
    placer = Placer(bounds, px, radius)
    ring_gap: dict[int, float] = {}
    if ringed:
        for i, (x, y) in enumerate(px):
            placer.reserve((x - 25.0, y - 25.0, 50.0, 50.0))
            ring_gap[i] = 29.0
    labels.begin(
        placer,
        px,
        to_px,
        gap=1.4 * radius + 1,
        ring_gap=ring_gap,
        diameter=diameter,
        put=lambda i, r: None,
        frame=(*bounds, radius, float(ringed)),  # (a leader keeps `radius` off other points)
    )
    labels.place_names()
    rects, leaders = labels.finish()
    return rects, leaders, px, diameter, radius


@pytest.mark.parametrize("ringed", [True, False])
def test_leader_lines_are_short_and_cross_nothing_in_a_small_plot(qtbot, ringed) -> None:  # noqa: ANN001
    """The built-in example's 18 points in the small plot of UI scale 2 at 1024×768: a
    name with no room beside its point may have a leader line only up to LEADER_REACH
    marker diameters long that crosses no other leader line, no other name and passes
    over no other point; a name with no such place is hidden and listed (`hidden`), not
    parked at the plot's side with a line across it (today's code drew 3.8-diameter lines
    that crossed each other)."""
    from pathlib import Path

    import perceptron_gui
    from perceptron_gui.app.canvas.constants import LEADER_REACH
    from perceptron_gui.app.canvas.layout import crosses, segments_cross

    csv = Path(perceptron_gui.__file__).parent / "data" / "example.csv"
    pts = np.loadtxt(csv, delimiter=",", skiprows=1)[:, :2]
    model, labels, _ = _visual([])
    model.set_points(pts, np.ones(len(pts), dtype=np.int8), new=True)
    rects, leaders, px, diameter, radius = _crowd_pass(labels, model, pts, ringed)
    assert leaders  # (the test is about them)
    bad = []
    keys = list(leaders)
    for a, b in ((a, b) for n, a in enumerate(keys) for b in keys[n + 1 :]):
        if segments_cross(leaders[a], leaders[b]):
            bad.append(("cross", a, b))
    for key, (x0, y0, x1, y1) in leaders.items():
        i = int(key[4:])
        if np.hypot(x1 - x0, y1 - y0) > LEADER_REACH * diameter + 0.5:
            bad.append(("long", key, round(np.hypot(x1 - x0, y1 - y0) / diameter, 2)))
        named = [k for k, r in rects.items() if k != key and crosses(r, (x0, y0, x1, y1))]
        bad += [("over name", key, k) for k in named]
        u = np.array([x1 - x0, y1 - y0])
        if u @ u == 0:
            bad.append(("empty", key))
            continue
        for j, q in enumerate(px):
            t = np.clip((q - [x0, y0]) @ u / (u @ u), 0.0, 1.0)
            if j != i and np.hypot(*(q - [x0, y0] - t * u)) <= radius:
                bad.append(("over point", key, j))
    assert not bad, bad
    assert sorted(labels.hidden + [int(k[4:]) for k in rects]) == list(range(len(pts)))
    assert all(labels.names[i].opacity() == 0.0 for i in labels.hidden)

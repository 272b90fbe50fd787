"""Nothing on the canvas covers the data or is cut off (docs/canvas.md): the marks round a
point stay inside the plot at every scale, every text is off every line or on its box,
no arrowhead lies over a label or a point, and lines go under the points. One window
serves the module."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import probes
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas import DataCanvas, frame


@pytest.fixture(scope="module")
def win(qapp) -> Iterator[object]:  # noqa: ANN001
    yield from probes.shown_window()


_settle = probes.settle_canvas


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


@pytest.mark.long  # (the quick check: the frame's test above)
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
    normal) is drawn under the halos, which are under the rings and the markers; the
    margin band's rings round the right points inside it are over the lines too."""
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
        # (the margin band's rings round the right points inside it are marks too)
        assert cv._margin.rings.zValue() > max(i.zValue() for i in lines)  # noqa: SLF001
    finally:
        cv.show_radius(False)
        cv.show_best(False)


# ------------------------------------------------------------------ texts and lines


def _px_lines(cv: DataCanvas) -> dict[str, list[tuple[float, float, float, float]]]:
    """Every line drawn over the data as segments in the scene's pixels, by name (the
    arrows' shafts named "arrow …")."""
    cv._vb.updateMatrix()  # noqa: SLF001
    tr = cv._vb.childGroup.sceneTransform()  # noqa: SLF001

    def segs(x: np.ndarray, y: np.ndarray, pairs: bool = False) -> list:
        out = []
        for i in range(0, len(x) - 1, 2 if pairs else 1):
            a, b = tr.map(QPointF(x[i], y[i])), tr.map(QPointF(x[i + 1], y[i + 1]))
            if all(np.isfinite((a.x(), a.y(), b.x(), b.y()))):
                out.append((a.x(), a.y(), b.x(), b.y()))
        return out

    lines: dict[str, list] = {}
    named = [("line", cv.model_line), ("answer", cv.pocket_line), ("contour", cv._contour)]  # noqa: SLF001
    if cv._made("anatomy"):  # noqa: SLF001
        named.append(("ghost", cv._step_vectors.ghost))  # noqa: SLF001
        named += [(f"arrow {n}", shaft) for n, (shaft, _) in cv._vectors.items()]  # noqa: SLF001
    if cv._made("normal"):  # noqa: SLF001
        named.append(("arrow normal", cv._normal.shaft))  # noqa: SLF001
    for name, item in named:
        if item.isVisible():
            x, y = (np.asarray(v, dtype=np.float64) for v in item.segment())
            lines[name] = segs(x, y, pairs=name == "contour")
    return lines


def _texts(cv: DataCanvas) -> dict[str, tuple[object, tuple[float, float, float, float]]]:
    """The texts shown over the plot (their item and rect), by `overlay_rects`' names."""
    labels = cv._point_labels  # noqa: SLF001
    items = {"w": cv._normal.label if cv._made("normal") else None}  # noqa: SLF001
    if cv._made("anatomy"):  # noqa: SLF001
        items["update"] = cv._anatomy_label  # noqa: SLF001
        items.update({f"vector {n}": i for n, i in cv._vector_labels.items()})  # noqa: SLF001
    items.update({f"name{i}": item for i, item in enumerate(labels.names)})
    items.update({f"alpha{i}": item for i, item in enumerate(labels.alphas)})
    out = {}
    for key, r in cv.overlay_rects().items():
        item = items.get(key)
        if item is not None and item.isVisible() and item.opacity() > 0:
            out[key] = (item, (r.x(), r.y(), r.width(), r.height()))
    return out


def _gap(tri: list[tuple[float, float]], p: tuple[float, float]) -> float:
    """How far the point p lies from the triangle (0 inside)."""
    (ax, ay), (bx, by), (cx, cy) = tri
    px, py = p

    def side(x0: float, y0: float, x1: float, y1: float) -> float:
        return (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0)

    s = [side(ax, ay, bx, by), side(bx, by, cx, cy), side(cx, cy, ax, ay)]
    if all(v >= 0 for v in s) or all(v <= 0 for v in s):
        return 0.0
    q = np.array([px, py])
    return min(
        float(frame.segment_distances(q[None, :], np.array(a), np.array(b))[0])
        for a, b in (((ax, ay), (bx, by)), ((bx, by), (cx, cy)), ((cx, cy), (ax, ay)))
    )


def _faults(cv: DataCanvas) -> list[str]:
    """What breaks the canvas's rules on texts and arrows: a text crossed by a line with
    no box under it, the update's caption over an arrow, an arrowhead over a text or a
    point."""
    from PySide6.QtCore import Qt

    from perceptron_gui.app.canvas.layout import crosses, segments_cross

    out = []
    lines = _px_lines(cv)
    for key, (item, r) in _texts(cv).items():
        boxed = item.fill.style() != Qt.BrushStyle.NoBrush
        for name, segs in lines.items():
            hit = any(crosses((r[0] + 1, r[1] + 1, r[2] - 2, r[3] - 2), s) for s in segs)
            if hit and not boxed:
                out.append(f"{key} struck by {name}")
            if hit and key == "update" and name.startswith("arrow"):
                out.append(f"the caption over {name}")
    # The normal's arrowhead (the triangle drawn), off the texts and the points' marks.
    heads = []
    if cv._made("normal") and cv._normal.head.isVisible():  # noqa: SLF001
        head = cv._normal.head  # noqa: SLF001
        heads.append(("normal", head.mapToScene(head.polygon())))
    px = [cv._vb.mapViewToScene(QPointF(*p)) for p in np.asarray(cv.points())]  # noqa: SLF001
    layers = cv._marks.layers  # noqa: SLF001
    marks = np.full(len(px), layers.markers.size / 2)  # (a marker, or the ring round it)
    if layers.rings.isVisible():
        marks[np.asarray(cv._misclassified, dtype=int)] = layers.rings.size / 2  # noqa: SLF001
    if cv._made("band") and cv._margin.rings.isVisible():  # noqa: SLF001
        marks[cv._margin.inside] = cv._margin.rings.size / 2  # noqa: SLF001
    normal = lines.get("arrow normal", [])
    for name, segs in lines.items():
        if name.startswith("arrow ") and name != "arrow normal":
            for a in normal:
                for b in segs:
                    ends = np.array([a[:2], a[2:]])
                    near = frame.segment_distances(ends, np.array(b[:2]), np.array(b[2:])).min()
                    if segments_cross(a, b) or near < 4:
                        out.append(f"the normal on the {name.removeprefix('arrow ')}")
    for name, tri in heads:
        for key, (_, r) in _texts(cv).items():
            if tri.intersects(QPolygonF(QRectF(*r).adjusted(1, 1, -1, -1))):
                out.append(f"the {name} arrowhead over {key}")
        corners = [(tri[i].x(), tri[i].y()) for i in range(3)]
        for i, p in enumerate(px):
            if _gap(corners, (p.x(), p.y())) < marks[i] - 1:
                out.append(f"the {name} arrowhead over point {i}")
    return out


LESSON_X = [[1.0, 3.0], [4.0, 2.0], [-1.0, 1.0], [1.0, -2.0]]  # the lesson's scene 3
LESSON_Y = [1, 1, -1, -1]


def test_the_update_as_vectors_keeps_its_texts_off_the_arrows(win) -> None:  # noqa: ANN001
    """The lesson's "The update as vectors" in presentation at 1024×768, k = 4: the
    caption sat on the origin over the old w and the normal (their arrows crossed it),
    "old w" found no room, "normal" was struck by the old line, and the normal's arrow,
    from the line near the origin, lay on the old w. The caption crosses no arrow, "old w"
    is shown, no text is struck by a line, no arrowhead covers a text, the normal keeps
    off the vectors."""
    win.resize(1024, 768)
    win.set_points(LESSON_X, LESSON_Y)
    assert win.set_mode("primal")
    win.act_present.trigger()
    try:
        for _ in range(4):
            win.step()
        _settle(win)
        cv = win.canvas
        assert cv._vector_labels["w_old"].opacity() > 0  # noqa: SLF001
        assert _faults(cv) == []
    finally:
        win.act_present.trigger()
        _settle(win)


@pytest.mark.parametrize("mode", ["batch", pytest.param("kernel", marks=pytest.mark.long)])
def test_at_the_end_no_text_is_struck_by_a_line(win, mode) -> None:  # noqa: ANN001
    """The built-in example run to its end in presentation, dark, at 1024×768: "normal"
    was struck by the model's line (batch), a name lay across a kernel's boundary (x10),
    the normal's head lay on a point. Every text is off every line or on its box."""
    win.resize(1024, 768)
    win.act_example.trigger()
    assert win.set_mode(mode)
    win.set_theme("dark")
    win.act_present.trigger()
    try:
        win.run_to_end()
        _settle(win)
        assert _faults(win.canvas) == []
    finally:
        win.act_present.trigger()
        win.set_theme("light")
        _settle(win)


#: 25 points a tester drew (two noisy clouds): primal converges at k = 7.
DRAWN_X = [
    [4.082, -5.111],
    [0.836, -1.136],
    [-0.905, -0.431],
    [-4.04, -0.464],
    [-1.73, 6.646],
    [0.452, -0.705],
    [-0.563, -1.336],
    [-2.11, -0.782],
    [0.964, -0.477],
    [1.916, -0.4],
    [0.049, 3.092],
    [1.09, -1.01],
    [-0.366, 1.081],
    [3.87, -0.539],
    [-0.487, 2.005],
    [-1.773, -0.583],
    [1.765, 1.161],
    [0.183, 1.34],
    [-5.656, 2.043],
    [-1.919, -3.337],
    [0.553, 1.401],
    [-0.89, -2.153],
    [0.052, -0.105],
    [2.811, 1.495],
    [0.388, 2.223],
]
DRAWN_Y = [1, 1, -1, -1, -1, 1, 1, -1, 1, 1, -1, 1, -1, 1, -1, -1, 1, -1, -1, 1, 1, 1, 1, 1, -1]


@pytest.mark.long  # (1.5 s: a resize to 1920×1080 and presentation)
def test_the_normal_s_head_keeps_off_the_rings_of_the_margin_band(win) -> None:  # noqa: ANN001
    """Passive-aggressive after 2 updates on the built-in example in presentation at
    1920×1080: the normal's head lay on the ring round x10, a right point inside the
    margin band (the arrow kept off the markers alone)."""
    win.resize(1920, 1080)
    win.act_example.trigger()
    assert win.set_mode("pa")
    win.act_present.trigger()
    try:
        for _ in range(2):
            win.step()
        _settle(win)
        assert len(win.canvas._margin.inside)  # noqa: SLF001  (the band rings points)
        assert _faults(win.canvas) == []
    finally:
        win.act_present.trigger()
        win.resize(1024, 768)
        _settle(win)


def test_an_exported_frame_obeys_the_window_s_rules(win) -> None:  # noqa: ANN001
    """A GIF's frames are drawn by an export figure (export.Figure): its last frame (25
    drawn points, primal to the end, the update's vectors) keeps the rules of the window
    (the normal's head covered a blue point; a name sat on the new w)."""
    from perceptron_gui.app.export import Figure, FigureSettings

    win.set_points(DRAWN_X, DRAWN_Y)
    assert win.set_mode("primal")
    win.run_to_end()
    _settle(win)
    t = win.controller.trainer
    settings = FigureSettings(view=win.canvas.data_frame(), anatomy=True, view_held=False)
    with Figure((1200, 900), settings) as fig:
        fig.show_run(t, None)
        fig.canvas.flush()
        QApplication.processEvents()
        fig.canvas.flush()
        assert _faults(fig.canvas) == []


def test_the_verdict_stays_beside_its_point(win) -> None:  # noqa: ANN001
    """The built-in example's third step at 1024×768: x15 lies between the model's line and
    the old (dashed) one, so every place beside it crosses a line. With every line kept
    off, the nearest free room had sent "x15: mistake → update" to the plot's other side,
    some 300 px away; it keeps within VERDICT_REACH_LINES of its lines' heights of x15."""
    from perceptron_gui.app.canvas.constants import VERDICT_REACH_LINES

    win.resize(1024, 768)
    win.act_example.trigger()
    assert win.set_mode("primal")
    for _ in range(3):
        win.step()
    _settle(win)
    cv = win.canvas
    r = cv.overlay_rects()["verdict"]
    assert probes.verdict_text(cv) == "x15: mistake → update"
    vb = cv.plotItem.vb
    p = vb.mapViewToScene(QPointF(2.5, 0.5))
    dx = max(0.0, r.left() - p.x(), p.x() - r.right())
    dy = max(0.0, r.top() - p.y(), p.y() - r.bottom())
    assert np.hypot(dx, dy) <= 40.0 + VERDICT_REACH_LINES * r.height(), (r, p)

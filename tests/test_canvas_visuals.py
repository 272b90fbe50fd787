"""The canvas's visuals drawn over a view model alone: no canvas, no window."""

from __future__ import annotations

import numpy as np
import probes


def test_the_normal_arrow_visual_over_a_view_model_alone(qtbot) -> None:  # noqa: ANN001
    """The normal's visual drawn over a fixed view: from the line, along w, in the view."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.normal import NormalArrow

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    normal = NormalArrow(model, lambda items: [vb.addItem(i) for i, _ in items])
    normal.hide()
    assert not normal.made and normal.ends_px(lambda x, y: (x, y)) is None
    normal.draw(np.array([0.0, 2.0]), -2.0)  # the line x2 = 1, w up
    assert normal.made and normal.shaft.isVisible() and normal.label.isVisible()
    assert normal.label.toPlainText() == "normal"
    assert normal.ends is not None
    (fx, fy), (tx, ty) = normal.ends
    assert (fx, fy) == (0.0, 1.0)  # the line's point nearest the view's centre
    assert tx == 0.0 and ty == 1.0 + 0.15 * 10  # along w, 15 % of the view
    normal.draw(np.array([0.0, 1.0]), -50.0)  # x2 = 50: its foot is out of view
    normal.hide()
    assert not normal.shaft.isVisible()


def test_the_view_model_tells_each_fact_to_who_listens() -> None:
    """One event per fact: a setter emits its own event once, and only its own."""
    from perceptron_gui.app.canvas.view_model import Update, ViewModel
    from perceptron_gui.core.model import LinearModel

    model = ViewModel(probes.FixedView())
    heard: list[str] = []
    for name in ("points", "model", "update", "band", "view"):
        getattr(model.events, name).connect(lambda name=name: heard.append(name))
    w = LinearModel(np.array([1.0, 0.0]), 0.0)
    model.set_points(
        np.array([[1.0, 1.0], [-1.0, 2.0]]), np.array([1, -1], dtype=np.int8), new=True
    )
    model.set_model(w)
    model.set_update(Update(w, w, 1, True), "predict")
    model.set_phase("")
    model.set_band_width(1.0)
    assert heard == ["points", "model", "update", "update", "band"]
    assert model.update == (w, w, 1, True) and model.phase == ""
    model.set_points(model.points, model.labels, new=True)  # another data set: no update
    assert model.update is None
    model.view_margin = 0.1
    assert model.margin_rect() == (-6.0, 6.0, -6.0, 6.0)


def test_the_update_vectors_draw_themselves_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """The update's visual subscribes to the model: setting the update draws old w, the step
    and new w with their names, the ring and the caption; a phase draws its text; a vector
    past the view's edge is cut there with its value written; None hides the picture."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import Update, ViewModel
    from perceptron_gui.app.canvas.visuals.vectors import UpdateVectors
    from perceptron_gui.core.model import LinearModel

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    vectors = UpdateVectors(model, lambda items: [vb.addItem(i) for i, _ in items])
    points = np.array([[1.0, 1.0], [-1.0, -1.0]])
    model.set_points(points, np.array([1, -1], dtype=np.int8), new=True)
    assert not vectors.made  # (nothing to draw: nothing made)
    before = LinearModel(np.array([1.0, 0.0]), 0.0)
    after = LinearModel(np.array([2.0, 1.0]), -1.0)  # w + ηyx on x2 = (−1, −1), y = −1
    model.set_update(Update(before, after, 1, False))
    assert vectors.made and vectors.ring.isVisible() and vectors.ghost.isVisible()
    assert vectors.caption.toPlainText() == "old w + ηyx = new w"
    shown = {n: t.toPlainText() for n, t in vectors.labels.items() if t.isVisible()}
    assert shown == {"w_old": "old w", "step": "ηyx", "w_new": "new w"}
    assert vectors.ends["w_new"] == ((0.0, 0.0), (2.0, 1.0))
    assert vectors.ends["step"] == ((1.0, 0.0), (2.0, 1.0))
    model.set_phase("predict")  # the score before the update, beside the point
    assert vectors.caption.toPlainText().startswith("1 predict: w·x2 + b = −1 < 0")
    assert not any(shaft.isVisible() for shaft, _ in vectors.vectors.values())
    far = LinearModel(np.array([20.0, 1.0]), 0.0)
    model.set_update(Update(before, far, 1, False))
    assert vectors.labels["w_new"].toPlainText() == "new w = (20, 1)"  # cut at the edge
    (_, _), (ex, _) = vectors.ends["w_new"]
    assert ex < 5.0
    vectors.set_opacity(0.3)
    assert vectors.ring.opacity() == 0.3 and vectors.shown_opacity(vectors.caption) == 0.3
    model.set_update(None)
    assert not vectors.caption.isVisible() and not vectors.ring.isVisible()


def test_the_margin_band_draws_itself_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """The band's visual: made when a band is first shown, ringing the right points inside
    |w·x + b| < width, following the running model, hidden with no width or no line."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.margin import MarginBand
    from perceptron_gui.core.model import LinearModel

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    band = MarginBand(model, lambda items: [vb.addItem(i) for i, _ in items])
    points = np.array([[0.5, 0.0], [3.0, 0.0], [-0.5, 0.0], [0.5, 1.0]])
    model.set_points(points, np.array([1, 1, -1, -1], dtype=np.int8), new=True)
    model.set_model(LinearModel(np.array([1.0, 0.0]), 0.0))  # the line x1 = 0
    assert not band.made  # no width: nothing made
    model.set_band_width(1.0)
    assert band.made and band.band.isVisible() and band.rings.isVisible()
    assert band.inside.tolist() == [0, 2]  # right, and inside (x4 is wrong: not ringed)
    model.set_model(LinearModel(np.array([1.0, 0.0]), -2.5))  # x1 = 2.5: x2 inside now
    assert band.inside.tolist() == [1]
    model.set_model(LinearModel(np.array([0.0, 0.0]), 0.0))  # w = 0: no line, no band
    assert not band.band.isVisible() and band.inside.size == 0
    model.set_model(LinearModel(np.array([1.0, 0.0]), 0.0))
    model.set_band_width(None)
    assert not band.band.isVisible() and not band.rings.isVisible()


def test_novikoffs_geometry_draws_itself_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """Novikoff's visual: the circle of radius D when asked for, the best separator and its
    γ band when asked for, each with its label; nothing made until one is shown."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import Novikoff, ViewModel
    from perceptron_gui.app.canvas.visuals.novikoff import NovikoffGeometry

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    geometry = NovikoffGeometry(model, lambda items: [vb.addItem(i) for i, _ in items])
    u = np.array([0.0, 1.0])  # the best separator x2 = 0, γ = 0.5
    model.set_novikoff(Novikoff(3.0, u, 0.5, False))
    assert not geometry.made  # (nothing asked for)
    model.set_novikoff(model.novikoff, show_radius=True)
    assert geometry.circle.isVisible() and geometry.circle.rect().width() == 6.0
    assert geometry.circle_label.toPlainText() == "D = max‖x‖ = 3"
    assert not geometry.best_line.isVisible()
    model.set_novikoff(model.novikoff, show_best=True)
    assert geometry.best_line.isVisible() and geometry.gamma_label.isVisible()
    assert geometry.gamma_label.toPlainText() == "γ = 0.5 (band ±γ)"
    model.set_novikoff(Novikoff(None, None, None, False))  # a new data set, not known yet
    assert not geometry.circle.isVisible() and not geometry.best_line.isVisible()


def test_the_normal_and_edge_arrows_follow_the_models_line(qtbot) -> None:  # noqa: ANN001
    """The running line as drawn, set on the model: the normal's arrow while it crosses the
    view, the edge arrow once it has left it, neither without a line."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.edge import EdgeArrow
    from perceptron_gui.app.canvas.visuals.normal import NormalArrow

    model = ViewModel(probes.FixedView())
    model.view_margin = 0.05
    vb = pg.ViewBox()
    normal = NormalArrow(model, lambda items: [vb.addItem(i) for i, _ in items])
    edge = EdgeArrow(model, lambda items: [vb.addItem(i) for i, _ in items])
    model.set_line((np.array([0.0, 1.0]), -1.0))  # x2 = 1: in view
    assert normal.shaft.isVisible() and not (edge.made and edge.arrow.isVisible())
    model.set_line((np.array([0.0, 1.0]), -50.0))  # x2 = 50: out of view
    assert not normal.shaft.isVisible() and edge.arrow.isVisible()
    model.set_line(None)
    assert not normal.shaft.isVisible() and not edge.arrow.isVisible()


def test_the_visuals_restyle_at_the_models_theme_event(qtbot) -> None:  # noqa: ANN001
    """One theme event restyles every visual made (the host does not push colours into
    each); one language event puts their fixed texts in the language."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.edge import EdgeArrow
    from perceptron_gui.app.canvas.visuals.margin import MarginBand
    from perceptron_gui.app.theme import theme

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    band = MarginBand(model, lambda items: [vb.addItem(i) for i, _ in items])
    edge = EdgeArrow(model, lambda items: [vb.addItem(i) for i, _ in items])
    model.events.theme.emit()  # (nothing made: nothing to restyle)
    assert not band.made and not edge.made
    band.make()
    edge.make()
    light = band.band.brush().color().name()
    theme().set_name("dark")
    try:
        assert band.band.brush().color().name() == light  # not yet told
        model.events.theme.emit()
        assert band.band.brush().color() == theme().tint("alpha", 45)
        assert band.band.brush().color().name() != light
        assert edge.label.color == theme().color("ink")
    finally:
        theme().set_name("light")
    edge.label.setText("")
    model.events.language.emit()
    assert edge.label.toPlainText() == "the line is this way"


def test_the_points_and_their_marks_draw_themselves_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """The points' visual over a fixed view: the markers by class, halos and thick rings on
    a few mistakes, thin rings on many, the current point's square, the selection, α's
    discs beyond 60 points; a new count of points drops the marks; a crowd shrinks the
    markers and draws the mistakes' own markers on top."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.constants import RING_MAX
    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.points import PointMarks

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    placed: list[float] = []

    def place(items: list[tuple[pg.GraphicsObject, float]]) -> None:
        for item, z in items:
            vb.addItem(item)
            placed.append(z)

    marks = PointMarks(model, place)
    layers = marks.layers
    assert marks.made and len(placed) == 9  # (made at once: a plain start shows points)
    pts = np.array([[0.0, 0.0], [1.0, 1.0], [-1.0, 2.0], [2.0, -1.0]])
    model.set_points(pts, np.array([1, -1, 1, -1], dtype=np.int8), new=True)
    assert layers.markers.count() == 4 and layers.markers._kinds.tolist() == [0, 1, 0, 1]
    model.set_mistakes(np.array([1, 3], dtype=np.intp))
    assert layers.halos.count() == 2 and layers.rings.count() == 2
    assert layers.thin_rings.count() == 0
    model.set_current(2)
    assert layers.current._pos.tolist() == [[-1.0, 2.0]]
    model.set_selection(np.array([0], dtype=np.intp))
    assert layers.selected.count() == 1
    model.set_points(pts[:3], np.array([1, -1, 1], dtype=np.int8), new=True)  # another count
    assert layers.halos.count() == 0 and layers.current.count() == 0
    assert layers.selected.count() == 0
    many = np.random.default_rng(0).uniform(-4, 4, (2000, 2))
    model.set_points(many, np.where(many[:, 0] > 0, 1, -1).astype(np.int8), new=True)
    model.set_mistakes(np.arange(RING_MAX + 1, dtype=np.intp))
    assert layers.rings.count() == 0 and layers.thin_rings.count() == RING_MAX + 1
    model.set_alpha(np.where(np.arange(2000) % 2 == 0, 1.0, 0.0))
    assert layers.alpha.isVisible() and layers.alpha.count() == 1000
    model.set_alpha(None)
    assert not layers.alpha.isVisible()
    full = layers.markers.size
    marks.size()  # 2000 points in 400 px: a crowd
    assert layers.markers.size < full and layers.mistakes.isVisible()
    assert layers.mistakes.count() == RING_MAX + 1


def test_a_field_of_halos_changes_at_the_gates_turn(qtbot) -> None:  # noqa: ANN001
    """From HALO_FIELD_MIN mistakes the halos are a large area: their change goes through
    the host's gate (the canvas's: at most every `area_gap` while a run goes), the newest
    one shown at its turn; fewer change at once; as many points moved keep the halos drawn
    till then; another number of points sets them at once (the old subset's indices may be
    past the new points' end)."""
    from collections.abc import Callable

    from perceptron_gui.app.canvas.constants import HALO_FIELD_MIN
    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.points import PointMarks

    waiting: dict[str, Callable[[], None]] = {}

    def gate(key: str, show: Callable[[], None], *, at_once: bool = False) -> None:
        if at_once:
            waiting.pop(key, None)
            show()
        else:
            waiting[key] = show

    model = ViewModel(probes.FixedView())
    marks = PointMarks(model, lambda items: None, area=gate)
    halos = marks.layers.halos
    n = 2 * HALO_FIELD_MIN
    pts = np.random.default_rng(0).uniform(-4, 4, (n, 2))
    model.set_points(pts, np.ones(n, dtype=np.int8), new=True)
    model.set_mistakes(np.arange(10, dtype=np.intp))
    assert halos.count() == 10 and not waiting  # a few: at once
    model.set_mistakes(np.arange(HALO_FIELD_MIN, dtype=np.intp))
    assert halos.count() == 10 and "halos" in waiting  # a field: at the gate's turn
    assert marks.layers.thin_rings.count() == HALO_FIELD_MIN  # (the rings: at once)
    model.set_mistakes(np.arange(HALO_FIELD_MIN + 5, dtype=np.intp))
    waiting.pop("halos")()
    assert halos.count() == HALO_FIELD_MIN + 5  # the newest
    model.set_mistakes(np.arange(3, dtype=np.intp))  # a field goes: a large change too
    assert halos.count() == HALO_FIELD_MIN + 5 and "halos" in waiting
    # The same points moved (a view of R^d turning with w): the halos drawn stay, the new
    # ones still wait (set at once, a field changed at every frame of such a run).
    model.set_points(pts + 0.5, np.ones(n, dtype=np.int8), new=False)
    assert halos.count() == HALO_FIELD_MIN + 5 and "halos" in waiting
    model.set_points(pts[:50], np.ones(50, dtype=np.int8), new=True)
    assert halos.count() == 0 and not waiting  # new points: at once


def test_the_half_planes_tints_draw_themselves_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """The tints' visual: the two sides of the tinted line over the covered rect (sign(0) =
    +1: with w = 0 the +1 side is all or nothing by b), none without a tinted line (no
    line, or regions drawn instead), each change through the host's gate."""
    from collections.abc import Callable

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.tints import HalfPlaneTints

    shows: list[str] = []

    def gate(key: str, show: Callable[[], None]) -> None:
        shows.append(key)
        show()

    model = ViewModel(probes.FixedView())
    tints = HalfPlaneTints(model, lambda items: None, area=gate)
    pos, neg = tints.items
    assert tints.made and not pos.isVisible() and not neg.isVisible()
    cover = (-6.0, 6.0, -6.0, 6.0)
    line = (np.array([1.0, 0.0]), -1.0)  # x1 = 1
    model.set_line(line, tints=line, cover=cover)
    assert pos.isVisible() and neg.isVisible() and shows == ["tints"]
    assert pos.polygon().boundingRect().left() == 1.0  # x1 ≥ 1, up to the cover
    assert neg.polygon().boundingRect().right() == 1.0
    model.set_line(line, tints=(np.zeros(2), 0.0), cover=cover)  # w = 0, b = 0: all +1
    assert pos.isVisible() and not neg.isVisible()
    model.set_line(line, tints=None, cover=cover)  # (regions drawn instead)
    assert not pos.isVisible() and not neg.isVisible() and len(shows) == 3


def test_the_models_drawing_draws_itself_from_the_view_model(qtbot) -> None:  # noqa: ANN001
    """The model's drawing (visuals/boundary.py) over a fixed view: the running line at the
    line event over the covered rect, the answer's line at the answer event (strong while
    it comes first, dashed after the running line otherwise), and a kernel model's regions
    with f = 0 at the line event, through the host's gate; none once the model is a line."""
    from collections.abc import Callable

    from PySide6.QtCore import Qt

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.boundary import ModelBoundary
    from perceptron_gui.core.model import KernelModel, LinearModel

    shows: list[str] = []

    def gate(key: str, show: Callable[[], None]) -> None:
        shows.append(key)
        show()

    model = ViewModel(probes.FixedView())
    drawing = ModelBoundary(model, lambda items: None, area=gate)
    items = drawing.items
    assert drawing.made and not any(i.isVisible() for i in items)
    cover = (-6.0, 6.0, -6.0, 6.0)
    model.set_model(LinearModel((1.0, 0.0), -1.0))
    model.set_line((np.array([1.0, 0.0]), -1.0), cover=cover)  # x1 = 1
    assert items.line.isVisible() and not items.regions.isVisible()
    xs, ys = items.line.segment()
    assert list(xs) == [1.0, 1.0] and sorted(ys) == [-6.0, 6.0]
    # The answer: strong (solid) while it comes first, the running line dashed.
    model.set_answer(LinearModel((0.0, 1.0), 0.0))  # x2 = 0
    assert items.answer.isVisible()
    assert items.answer.opts["pen"].style() == Qt.PenStyle.SolidLine
    assert items.line.opts["pen"].style() == Qt.PenStyle.DashLine
    model.set_answer_first(False)
    assert items.answer.opts["pen"].style() == Qt.PenStyle.DashLine
    assert items.line.opts["pen"].style() == Qt.PenStyle.SolidLine
    pen = items.answer.opts["pen"]
    model.set_answer(LinearModel((0.0, 1.0), 0.5))  # another answer (a run's frame): the pens stay
    assert items.answer.opts["pen"] is pen and items.answer.isVisible()
    model.set_answer(None)
    assert not items.answer.isVisible()
    # A kernel expansion: its regions of sign f and the boundary f = 0, no line.
    rbf = KernelModel(np.array([[0.0, 0.0]]), np.array([1.0]), -0.5, kernel="rbf", sigma=2.0)
    shows.clear()
    model.set_model(rbf)
    model.set_line(None, cover=cover)
    assert shows == ["regions"] and items.regions.isVisible() and items.contour.isVisible()
    assert not items.line.isVisible() and drawing.regions_model is rbf
    gx, gy = items.contour.segment()
    r = np.hypot(gx[np.isfinite(gx)], gy[np.isfinite(gy)])
    assert abs(np.median(r) - 2.0 * np.sqrt(2.0 * np.log(2.0))) < 0.1  # exp(−r²/2σ²) = ½
    model.set_model(LinearModel((1.0, 0.0), -1.0))
    model.set_line((np.array([1.0, 0.0]), -1.0), cover=cover)
    assert not items.regions.isVisible() and not items.contour.isVisible()
    assert items.line.isVisible()

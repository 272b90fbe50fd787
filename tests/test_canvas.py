"""Tests of the data canvas alone: drawing read-back and real mouse events."""

from __future__ import annotations

import numpy as np
import probes
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPolygonF

import perceptron_gui.app  # noqa: F401  (selects PySide6 for pyqtgraph)
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.core.model import LinearModel

POINTS = np.array([[3.0, 3.0], [-2.0, -1.0], [1.0, -3.0], [-3.5, 2.5], [0.5, 0.5]])
LABELS = np.array([1, -1, -1, 1, 1])


@pytest.fixture
def canvas(qtbot):  # type: ignore[no-untyped-def]
    c = DataCanvas()
    qtbot.addWidget(c)
    c.resize(800, 600)
    c.show()
    qtbot.waitExposed(c)
    c.set_points(POINTS, LABELS, reframe=True)
    return c


def _half_pixel(canvas: DataCanvas) -> float:
    pw, ph = canvas.getPlotItem().vb.viewPixelSize()
    return 0.5 * max(pw, ph) + 1e-9


def _click(
    qtbot,
    canvas: DataCanvas,
    x: float,
    y: float,  # type: ignore[no-untyped-def]
    button: Qt.MouseButton = Qt.MouseButton.LeftButton,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    qtbot.mouseClick(canvas.viewport(), button, modifier, pos=canvas.to_widget(x, y))


def _drag(
    qtbot,
    canvas: DataCanvas,
    start: QPoint,
    end: QPoint,  # type: ignore[no-untyped-def]
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    vp = canvas.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, modifier, pos=start)
    mid = QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2)
    # pyqtgraph's scene drops mouse moves closer than 10 ms apart (mouseRateLimit).
    qtbot.wait(20)
    qtbot.mouseMove(vp, mid)
    qtbot.wait(20)
    qtbot.mouseMove(vp, end)
    qtbot.wait(20)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, pos=end)


def test_widget_round_trip(canvas: DataCanvas) -> None:
    for x, y in [(3.0, 3.0), (-2.5, 1.25), (0.0, 0.0)]:
        bx, by = canvas.from_widget(canvas.to_widget(x, y))
        tol = _half_pixel(canvas)
        assert bx == pytest.approx(x, abs=tol)
        assert by == pytest.approx(y, abs=tol)
    # x grows to the right and y upwards on screen.
    a, b = canvas.to_widget(0, 0), canvas.to_widget(1, 1)
    assert b.x() > a.x() and b.y() < a.y()


def test_left_click_on_empty_space_requests_a_plus_point(qtbot, canvas: DataCanvas) -> None:
    canvas.set_points(np.empty((0, 2)), np.empty(0))
    with qtbot.waitSignal(canvas.add_requested, timeout=1000) as sig:
        _click(qtbot, canvas, 3, 3)
    x, y, label = sig.args
    tol = _half_pixel(canvas)
    assert x == pytest.approx(3, abs=tol)
    assert y == pytest.approx(3, abs=tol)
    assert label == 1


def test_add_label_chooses_the_class_of_a_left_click(qtbot, canvas: DataCanvas) -> None:
    canvas.add_label = -1
    with qtbot.waitSignal(canvas.add_requested, timeout=1000) as sig:
        _click(qtbot, canvas, 2, -1)
    assert sig.args[2] == -1
    with pytest.raises(ValueError):
        canvas.add_label = 0


def test_right_click_and_alt_click_request_a_minus_point(qtbot, canvas: DataCanvas) -> None:
    with qtbot.waitSignal(canvas.add_requested, timeout=1000) as sig:
        _click(qtbot, canvas, -1, 2, Qt.MouseButton.RightButton)
    assert sig.args[2] == -1
    assert sig.args[0] == pytest.approx(-1, abs=_half_pixel(canvas))
    with qtbot.waitSignal(canvas.add_requested, timeout=1000) as sig:
        _click(qtbot, canvas, 2, -1, modifier=Qt.KeyboardModifier.AltModifier)
    assert sig.args[2] == -1


def test_snap_rounds_requested_coordinates(qtbot, canvas: DataCanvas) -> None:
    canvas.snap_enabled = True
    assert canvas.snap_step == 0.5
    with qtbot.waitSignal(canvas.add_requested, timeout=1000) as sig:
        _click(qtbot, canvas, 2.1, -1.9)
    assert sig.args == [2.0, -2.0, 1]


def test_click_on_a_point_selects_it_and_ctrl_toggles(qtbot, canvas: DataCanvas) -> None:
    with qtbot.assertNotEmitted(canvas.add_requested):
        with qtbot.waitSignal(canvas.selection_changed, timeout=1000) as sig:
            _click(qtbot, canvas, 3.0, 3.0)
    assert sig.args == [[0]]
    assert canvas.selected_indices().tolist() == [0]
    with qtbot.waitSignal(canvas.selection_changed, timeout=1000) as sig:
        _click(qtbot, canvas, -2.0, -1.0, modifier=Qt.KeyboardModifier.ControlModifier)
    assert canvas.selected_indices().tolist() == [0, 1]
    with qtbot.waitSignal(canvas.selection_changed, timeout=1000):
        _click(qtbot, canvas, 3.0, 3.0, modifier=Qt.KeyboardModifier.ControlModifier)
    assert canvas.selected_indices().tolist() == [1]


def test_drag_from_a_point_requests_a_move(qtbot, canvas: DataCanvas) -> None:
    with qtbot.assertNotEmitted(canvas.add_requested):
        with qtbot.waitSignal(canvas.move_requested, timeout=1000) as sig:
            _drag(qtbot, canvas, canvas.to_widget(-2.0, -1.0), canvas.to_widget(-1.0, 1.0))
    index, x, y = sig.args
    tol = _half_pixel(canvas)
    assert index == 1
    assert x == pytest.approx(-1.0, abs=tol)
    assert y == pytest.approx(1.0, abs=tol)
    # The canvas does not move the point itself: the controller does.
    np.testing.assert_array_equal(canvas.points()[1], [-2.0, -1.0])


def test_rubber_band_selects_exactly_the_points_inside(qtbot, canvas: DataCanvas) -> None:
    # Rectangle [-2.5, 3.5] x [-1.5, 3.5]: points 0, 1 and 4 are inside, 2 and 3 are not.
    with qtbot.assertNotEmitted(canvas.add_requested):
        with qtbot.waitSignal(canvas.selection_changed, timeout=1000) as sig:
            _drag(qtbot, canvas, canvas.to_widget(-2.5, 3.5), canvas.to_widget(3.5, -1.5))
    assert sig.args == [[0, 1, 4]]
    assert canvas.selected_indices().tolist() == [0, 1, 4]
    # Ctrl adds the points of a second rectangle.
    with qtbot.waitSignal(canvas.selection_changed, timeout=1000):
        _drag(
            qtbot,
            canvas,
            canvas.to_widget(0.5, -2.5),
            canvas.to_widget(1.5, -3.5),
            Qt.KeyboardModifier.ControlModifier,
        )
    assert canvas.selected_indices().tolist() == [0, 1, 2, 4]


def test_hit_test_uses_pixels(canvas: DataCanvas) -> None:
    pw, _ = canvas.getPlotItem().vb.viewPixelSize()
    assert canvas.hit_test(3.0 + 5 * pw, 3.0) == 0
    assert canvas.hit_test(3.0 + 12 * pw, 3.0) is None
    assert canvas.hit_test(3.0 + 12 * pw, 3.0, radius_px=15) == 0


def test_overlays_read_back(canvas: DataCanvas) -> None:
    canvas.set_misclassified(np.array([1, 3]))
    canvas.set_current(2)
    assert probes.misclassified_indices(canvas).tolist() == [1, 3]
    assert probes.current_index(canvas) == 2
    canvas.set_current(None)
    assert probes.current_index(canvas) is None
    canvas.set_alpha(np.array([0, 2, 0, 1.5, 0]))
    assert probes.alpha_labels(canvas) == ["α₂ = 2", "α₄ = 1.5"]
    canvas.set_alpha(None)
    assert probes.alpha_labels(canvas) == []


def test_editing_points_does_not_reframe_but_a_new_data_set_does(canvas: DataCanvas) -> None:
    before = canvas.getPlotItem().vb.viewRange()
    moved = POINTS.copy()
    moved[0] = [30.0, 30.0]
    canvas.set_points(moved, LABELS)
    assert canvas.getPlotItem().vb.viewRange() == before
    canvas.set_points(moved, LABELS, reframe=True)
    (x0, x1), (y0, y1) = canvas.getPlotItem().vb.viewRange()
    assert x1 > 30 and y1 > 30


def test_model_line_and_half_planes(canvas: DataCanvas) -> None:
    canvas.set_model(LinearModel((1.0, 1.0), -3.0))
    seg = probes.model_segment(canvas)
    assert seg is not None and seg.shape == (2, 2)
    np.testing.assert_allclose(seg @ [1.0, 1.0] - 3.0, 0.0, atol=1e-9)
    assert np.linalg.norm(seg[1] - seg[0]) > 1.0
    # (3, 3) is predicted +1 (3 + 3 - 3 > 0); (-2, -1) is predicted -1.
    plus = QPolygonF([QPointF(*p) for p in probes.half_plane(canvas, 1)])
    minus = QPolygonF([QPointF(*p) for p in probes.half_plane(canvas, -1)])
    fill = Qt.FillRule.OddEvenFill
    assert plus.containsPoint(QPointF(3, 3), fill)
    assert not plus.containsPoint(QPointF(-2, -1), fill)
    assert minus.containsPoint(QPointF(-2, -1), fill)


def test_model_follows_the_view(canvas: DataCanvas) -> None:
    canvas.set_model(LinearModel((1.0, 1.0), -3.0))
    canvas.getPlotItem().vb.setRange(xRange=(-50, 50), yRange=(-50, 50), padding=0)
    seg = probes.model_segment(canvas)
    assert seg is not None
    assert np.abs(seg).max() > 40


def test_zero_weights_tint_the_whole_view_by_the_sign_of_b(canvas: DataCanvas) -> None:
    canvas.set_model(LinearModel((0.0, 0.0), 0.0))
    assert probes.model_segment(canvas) is None
    assert len(probes.half_plane(canvas, 1)) == 4 and len(probes.half_plane(canvas, -1)) == 0
    canvas.set_model(LinearModel((0.0, 0.0), -1.0))
    assert len(probes.half_plane(canvas, 1)) == 0 and len(probes.half_plane(canvas, -1)) == 4


def test_pocket_shows_the_legend(canvas: DataCanvas) -> None:
    canvas.set_model(LinearModel((1.0, 0.0), 0.0))
    assert not canvas.legend.isVisible()
    canvas.set_answer(LinearModel((0.0, 1.0), 0.5))
    assert canvas.legend.isVisible() and canvas.pocket_line.isVisible()
    x, y = canvas.pocket_line.getData()
    np.testing.assert_allclose(y, -0.5)
    canvas.set_answer(None)
    assert not canvas.legend.isVisible() and not canvas.pocket_line.isVisible()


def test_geometry_toggles(canvas: DataCanvas) -> None:
    canvas.set_geometry(5.0, (0.6, 0.8, 0.0), 0.25, True)
    assert not canvas.best_line.isVisible()
    canvas.show_best(True)
    canvas.show_radius(True)
    assert canvas.best_line.isVisible()
    x, y = canvas.best_line.getData()
    np.testing.assert_allclose(0.6 * x + 0.8 * y, 0.0, atol=1e-9)
    canvas.set_geometry(None, None, None, True)
    assert not canvas.best_line.isVisible()


def test_render_is_not_blank(qtbot, canvas: DataCanvas) -> None:
    canvas.set_model(LinearModel((1.0, 1.0), -3.0))
    canvas.set_misclassified(np.array([1]))
    canvas.set_current(0)
    image = canvas.grab().toImage()
    ratio = image.devicePixelRatio()

    def pixel(x: float, y: float) -> QColor:
        p = canvas.viewport().mapTo(canvas, canvas.to_widget(x, y))
        return image.pixelColor(round(p.x() * ratio), round(p.y() * ratio))

    blue = pixel(3.0, 3.0)  # the centre of a +1 marker
    assert blue.blue() > 150 and blue.red() < 80
    # Point 1 (-1) is misclassified: a dark ring around it.
    pw, _ = canvas.getPlotItem().vb.viewPixelSize()
    ring = pixel(-2.0 + 14 * pw, -1.0)
    assert ring.lightness() < 80
    # Far from everything on the -1 side: the light orange tint, not white.
    tint = pixel(-3.8, -3.3)  # between the grid lines
    assert tint.red() > tint.blue() + 10 and tint.red() > 200


def test_middle_drag_pans_without_requests(qtbot, canvas: DataCanvas) -> None:
    vb = canvas.getPlotItem().vb
    (x0, _), (y0, _) = vb.viewRange()
    vp = canvas.viewport()
    start, end = canvas.to_widget(0, 0), canvas.to_widget(2, 0)
    with qtbot.assertNotEmitted(canvas.add_requested):
        qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=start)
        qtbot.wait(20)
        qtbot.mouseMove(vp, end)
        qtbot.wait(20)
        qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=end)
    (x1, _), (y1, _) = vb.viewRange()
    assert x1 == pytest.approx(x0 - 2, abs=0.2)
    assert y1 == pytest.approx(y0, abs=0.2)


def test_a_new_point_count_drops_stale_indices(canvas: DataCanvas) -> None:
    canvas.set_misclassified([0, 4])
    canvas.set_current(4)
    canvas.set_selection([1, 4])
    canvas.set_points(POINTS[:3], LABELS[:3])
    assert probes.misclassified_indices(canvas).tolist() == []
    assert probes.current_index(canvas) is None
    assert canvas.selected_indices().tolist() == []


def test_the_canvas_rings_a_votes_mistakes_as_a_plain_loop_finds_them(canvas) -> None:  # type: ignore[no-untyped-def]
    from perceptron_gui.core import TrainConfig, make_dataset, make_trainer

    rng = np.random.default_rng(5)
    X = rng.normal(size=(120, 2)) * 2.0
    y = np.where(X[:, 0] * X[:, 1] + 0.5 * rng.normal(size=120) > 0, 1, -1)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="voted"))
    for _ in range(6):
        t.run(max_visits=40)
        a = t.answer
        got = canvas.answer_mistakes(a, X, y)
        want = []
        for i in range(len(X)):  # the vote, one point and one vector at a time
            total = 0.0
            for w, b, c in zip(a.W, a.B, a.counts, strict=True):
                total += c * (1.0 if X[i, 0] * w[0] + X[i, 1] * w[1] + b >= 0.0 else -1.0)
            if y[i] * total <= 0.0:
                want.append(i)
        assert got.tolist() == want


def test_the_canvas_shares_a_data_sets_points_and_copies_others(canvas) -> None:  # type: ignore[no-untyped-def]
    """A data set's points (read-only) are the canvas's own, not a copy (16 MB at 10⁶);
    a caller's array that may still change is copied."""
    from perceptron_gui.core.dataset import make_dataset

    d = make_dataset([[0.0, 1.0], [2.0, 3.0], [-1.0, 0.5]], [1, -1, 1])
    canvas.set_points(d.points, d.labels)
    assert np.shares_memory(canvas.view_model.points, d.points)
    mine = np.array([[0.0, 1.0], [2.0, 3.0]])
    canvas.set_points(mine, [1, -1])
    assert not np.shares_memory(canvas.view_model.points, mine)
    mine[0, 0] = 9.0
    assert canvas.view_model.points[0, 0] == 0.0


def test_the_grids_minor_lines_are_not_graph_paper(canvas: DataCanvas) -> None:
    """The grid's fainter lines are a fifth or a half of a major interval, at least
    MINOR_GRID_PX apart (pyqtgraph's fifths of 0.5 were 15 px apart along one axis only,
    at UI scale 2 on 1920×1080) and 1, 2 or 5 times a power of ten (their ticks' labels
    keep their digits); else none."""
    from perceptron_gui.app.canvas.items import MINOR_GRID_PX

    axis = canvas.getPlotItem().getAxis("left")
    for lo, hi, size in ((0.75, 3.25, 500.0), (-5.0, 5.0, 600.0), (0.0, 1e6, 90.0)):
        levels = axis.tickSpacing(lo, hi, size)
        major = levels[0][0]
        if len(levels) > 1:
            minor = levels[1][0]
            assert minor * size / (hi - lo) >= MINOR_GRID_PX, (lo, hi, size, levels)
            assert round(major / minor) in (2, 5), levels
    import pyqtgraph as pg

    default = pg.AxisItem.tickSpacing(axis, 0.75, 3.25, 500.0)
    assert default[1][0] * 500.0 / 2.5 < MINOR_GRID_PX  # (pyqtgraph's: 0.1, 20 px apart)
    assert axis.tickSpacing(0.75, 3.25, 500.0) == [default[0]]  # (a half, 0.25: "2.2")
    assert len(axis.tickSpacing(0.0, 10.0, 1000.0)) == 2  # (room: minor lines still)


def test_kernel_regions_are_kept_rendered_and_redrawn_when_they_change(canvas) -> None:  # type: ignore[no-untyped-def]
    """A run's frames repaint the canvas with the regions' image unchanged most of the time
    (the gate): Qt keeps its rendering. The picture is the one drawn afresh, before and
    after the image changes (a new model), and after the view moves."""
    from PySide6.QtWidgets import QGraphicsItem

    from perceptron_gui.core.model import KernelModel

    regions = canvas._boundary.items.regions
    assert regions.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache

    def both() -> tuple[object, object]:  # (kept, drawn afresh)
        canvas.flush()
        kept = canvas.grab().toImage()
        regions.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        fresh = canvas.grab().toImage()
        regions.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        return kept, fresh

    centres = np.array([[0.0, 0.0], [2.0, 1.0]])
    for alpha, sigma in (([1.0, -1.0], 1.0), ([1.0, 1.0], 1.5)):
        canvas.set_model(KernelModel(centres, np.array(alpha), -0.2, kernel="rbf", sigma=sigma))
        assert regions.isVisible()
        kept, fresh = both()
        assert kept == fresh
    before = canvas.grab().toImage()
    canvas.set_model(KernelModel(centres, np.array([-1.0, 1.0]), 0.3, kernel="rbf", sigma=1.0))
    canvas.flush()
    assert canvas.grab().toImage() != before  # (the image changed: drawn again, not kept)
    canvas.getPlotItem().getViewBox().scaleBy((1.5, 1.5))
    kept, fresh = both()
    assert kept == fresh


def test_a_field_of_halos_changes_once_a_gap_while_the_points_move(qtbot, monkeypatch) -> None:  # noqa: ANN001
    """While a run goes, a field of halos (HALO_FIELD_MIN mistakes or more) changes only at
    the canvas gate's turns, `area_gap` apart, also when every frame sets the points again,
    as many, moved (a view of R^d following w): set at once there, the field changed at
    every frame, and the turn that waited set it again a frame later. The clock and the
    gate's timer faked: frames 0.1 s apart for 2 s, the timer's turn when it is due. A stop
    shows the last mistakes at once."""
    import types

    from perceptron_gui.app.canvas import boundary
    from perceptron_gui.app.canvas.constants import HALO_FIELD_MIN

    clock = [100.0]
    monkeypatch.setattr(boundary, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))

    class Turn:
        """The gate's single-shot timer, on the fake clock."""

        due: float | None = None

        def start(self, ms: int) -> None:
            self.due = clock[0] + ms / 1000

        def stop(self) -> None:
            self.due = None

        def isActive(self) -> bool:  # noqa: N802 (QTimer's)
            return self.due is not None

    c = DataCanvas()
    qtbot.addWidget(c)
    c.resize(400, 300)
    turn = Turn()
    c._area_timer = turn
    rng = np.random.default_rng(0)
    n = 3 * HALO_FIELD_MIN
    pts, labels = rng.uniform(-4, 4, (n, 2)), np.where(rng.random(n) < 0.5, 1, -1)
    c.set_points(pts, labels, reframe=True)
    halos = c._marks.layers.halos
    c.set_misclassified(np.arange(HALO_FIELD_MIN))
    sets: list[float] = []  # (fake) times a new subset of halos is set
    real = halos.set_subset
    monkeypatch.setattr(halos, "set_subset", lambda s: (sets.append(clock[0]), real(s)))
    c.set_running(True)
    for k in range(20):
        clock[0] += 0.1
        if turn.due is not None and turn.due <= clock[0]:
            turn.due = None
            c._show_areas()  # (the timer's turn)
        moved = pts + 0.01 * k  # the frame: the points moved, as many, and new mistakes
        c.set_points(moved, labels, reframe=k % 2 == 0)  # (a jump refits: the marks dropped)
        c.set_misclassified(np.sort(rng.choice(n, HALO_FIELD_MIN + 10 * k, replace=False)))
    assert len(sets) >= 4, sets  # the field follows the run, at its turns
    gaps = np.diff(sets)
    assert gaps.min() >= c.area_gap - 1e-9, gaps
    last = np.sort(rng.choice(n, HALO_FIELD_MIN + 500, replace=False))
    c.set_misclassified(last)
    c.set_running(False)  # stopped: the true mistakes at once
    assert np.array_equal(halos._subset, last) and turn.due is None

"""What the long soak (scripts/soak.py) found, each pinned by a test that failed before
its fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import collector_paused

XOR_X = [[1, 1], [-1, -1], [1, -1], [-1, 1], [2, 2], [-2, 1]]
XOR_Y = [1, 1, -1, -1, 1, -1]


@pytest.mark.long
def test_a_titled_kernel_figure_exports(window, tmp_path: Path) -> None:  # noqa: ANN001
    """The figure's title named w, which a kernel model has not (AttributeError): in
    compare mode (where the title is on) every kernel figure export failed."""
    assert window.set_points(XOR_X, XOR_Y)
    assert window.set_mode("kernel")
    window.step()
    window.step()
    for title, second in ((True, None), (False, {"mode": "primal"})):
        if second is not None:
            assert window.set_compare(second)
        path = tmp_path / f"k{int(title)}.png"
        assert window.export_figure(path, (400, 300), title=title)
        assert path.stat().st_size > 0


def test_the_placer_places_as_its_plain_loop_did() -> None:
    """The layout tries a few candidates one by one and costs many against every placed
    text at once (a kernel run's frame had spent most of its time in a loop over them):
    the same places, to the bit, as the plain loop over the placed texts, with points,
    lines, infinities and NaN, and with a scan made only when no candidate is free."""
    import numpy as np

    from perceptron_gui.app.canvas.layout import Placer

    def plain_choose(p: Placer, cand: list, size: tuple, lines: bool) -> tuple:
        w, h = float(size[0]), float(size[1])
        c = np.asarray(cand, dtype=np.float64).reshape(-1, 2)
        c = c[np.all(np.isfinite(c), axis=1)]
        if not len(c):
            return p.clamp((p.bounds[0], p.bounds[1], w, h))
        x, y = c[:, 0], c[:, 1]
        x0, y0, bw, bh = p.bounds
        fits = (x >= x0) & (y >= y0) & (x + w <= x0 + bw) & (y + h <= y0 + bh)
        cost = 1e9 * np.array([p.points_under((a, b, w, h)) for a, b in zip(x, y, strict=True)])
        for tx, ty, tw, th in p.taken:
            ox = np.minimum(x + w, tx + tw) - np.maximum(x, tx)
            oy = np.minimum(y + h, ty + th) - np.maximum(y, ty)
            cost = cost + np.where((ox > 0) & (oy > 0), ox * oy, 0.0)
        if lines:
            cost = cost + p._crossings(x, y, w, h)  # noqa: SLF001
        cost = np.where(fits, cost, np.inf)
        free = np.flatnonzero(cost == 0.0)
        i = int(free[0]) if len(free) else int(np.argmin(cost))
        if not np.isfinite(cost[i]):
            return p.clamp((float(x[0]), float(y[0]), w, h))
        return (float(x[i]), float(y[i]), w, h)

    rng = np.random.default_rng(5)
    for trial in range(40):
        pts = rng.uniform(-50, 650, size=(int(rng.integers(3, 80)), 2))
        if trial % 5 == 0:
            pts[:3] = [[np.inf, 10.0], [-np.inf, 5.0], [1e300, -1e300]]
        p = Placer((0.0, 0.0, 600.0, 400.0), pts, 9.0)
        p.avoid(0.0, 0.0, 600.0, 400.0)
        for draw in range(int(rng.integers(1, 30))):
            size = (float(rng.uniform(10, 120)), float(rng.uniform(8, 40)))
            px, py = rng.uniform(-20, 620), rng.uniform(-20, 420)
            cand = list(p.around(px, py, size, 6.0))
            if trial % 7 == 0:
                cand.insert(0, (float("nan"), 3.0))
            lines = bool(rng.integers(2))
            want = plain_choose(p, cand, size, lines)
            assert p._choose(cand, size, lines=lines) == want  # noqa: SLF001
            if trial % 4 == 0 and draw < 4:
                # A scan after them, made only when none is free: as if all were given at
                # once (a coarse scan: the plain loop costs each place in Python).
                scan = p.scan((size[0], size[1] * 4), (px, py))
                both = plain_choose(p, cand + scan, size, lines)
                got_both = p._choose(cand, size, lines=lines, more=lambda: scan)  # noqa: B023, SLF001
                assert got_both == both == p._choose(cand + scan, size, lines=lines)  # noqa: SLF001
            if rng.integers(2):
                p.reserve(want)
                continue
            free = plain_choose(p, cand, size, True)  # off the lines when it can be
            expected = free if p.cost(free) == 0.0 else None
            taken = len(p.taken)
            got = p.take_free(cand, size)
            assert got == expected
            assert len(p.taken) == taken + (got is not None)


def _deferred_deletes(qtbot) -> None:  # noqa: ANN001
    """Run what the event loop runs: processEvents alone never deletes a deleteLater'd
    object (the soak's earlier pump did only that, so nothing dropped was ever deleted)."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QCoreApplication.processEvents()
        qtbot.wait(1)
    gc.collect()  # pyqtgraph's menus are Python's


@pytest.mark.long
def test_an_exported_figure_is_deleted_without_errors(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """Deleting an export's canvas called the legend's anchor on its deleted view box
    (RuntimeError in a slot, once per export, with the real event loop)."""
    from PySide6.QtWidgets import QApplication

    assert window.set_points(XOR_X, XOR_Y)
    window.step()
    assert window.export_figure(tmp_path / "f.png", (400, 300))  # what is made once
    _deferred_deletes(qtbot)
    before = len(QApplication.allWidgets())
    for i in range(2):
        with qtbot.capture_exceptions() as errors:
            assert window.export_figure(tmp_path / f"f{i}.png", (400, 300), title=True)
            _deferred_deletes(qtbot)
        assert errors == []
    assert len(QApplication.allWidgets()) == before  # the canvases are gone


@pytest.mark.long
def test_leaving_compare_at_once_deletes_the_view_without_errors(window, qtbot) -> None:  # noqa: ANN001
    """A resize of the main canvas queued the compare view's `match_canvases` (and
    entering queued `equal_halves`); leaving compare mode before they ran deleted the
    view under them (RuntimeError: Internal C++ object already deleted)."""
    from PySide6.QtWidgets import QApplication

    assert window.set_points(XOR_X, XOR_Y)
    for rounds in (1, 2, 3):
        if rounds == 2:
            _deferred_deletes(qtbot)
            before = len(QApplication.allWidgets())
        with qtbot.capture_exceptions() as errors:
            assert window.set_compare({"mode": "dual"})
            window.set_compare(None)  # before the queued calls ran
            _deferred_deletes(qtbot)
        assert errors == []
    _deferred_deletes(qtbot)
    # The view and its canvas are gone (~80 widgets a round while nothing was deleted),
    # and with them the plot menu (7 widgets a round stayed for the collector).
    assert len(QApplication.allWidgets()) == before


@pytest.mark.long
def test_regions_of_a_tall_narrow_view_stay_small(window, qtbot) -> None:  # noqa: ANN001
    """The regions image had one row per square cell: a view 10^6 times taller than wide
    made an image of GBs, which pyqtgraph then downsampled to floats on every paint and
    could not draw ("levels argument is required for float input types", the soak)."""
    from perceptron_gui.app.canvas.canvas import REGION_GRID

    assert window.set_points(XOR_X, XOR_Y)
    assert window.set_mode("kernel")
    window.step()
    vb = window.canvas.getPlotItem().getViewBox()
    # The view keeps square pixels: a canvas squeezed to a few pixels' width (a splitter
    # pane pushed shut) is such a view; here the lock is let go to get one at once.
    vb.setAspectLocked(False)
    with qtbot.capture_exceptions() as errors:
        vb.setRange(xRange=(0.0, 1e-3), yRange=(-10.0, 10.0), padding=0.0)
        _deferred_deletes(qtbot)
        window.canvas.grab()
    assert errors == []
    image = window.canvas._regions.image  # noqa: SLF001
    assert image is not None and image.shape[0] <= 4 * REGION_GRID
    assert not window.canvas._regions.autoDownsample  # noqa: SLF001


def test_the_regions_of_a_tall_view_keep_a_budget_of_cells(window, qtbot) -> None:  # noqa: ANN001
    """A view 4 times taller than wide had 240 × 960 cells, 4 times a wide view's: a vote
    of 2000 lines there (a compare pane at a small scale) took 2 s of CPU a pass. The
    cells stay square and at most 240² in number."""
    from perceptron_gui.app.canvas.canvas import REGION_GRID

    assert window.set_points(XOR_X, XOR_Y)
    assert window.set_mode("kernel")
    window.step()
    vb = window.canvas.getPlotItem().getViewBox()
    vb.setAspectLocked(False)  # (as in the test above: a tall view at once)
    for tall in (1.0, 4.0, 50.0):
        vb.setRange(xRange=(0.0, 2.0), yRange=(-tall, tall), padding=0.0)
        window.canvas.flush()
        ny, nx = window.canvas._regions.image.shape[:2]  # noqa: SLF001
        assert nx * ny <= REGION_GRID**2
        x0, x1, y0, y1 = window.canvas.view_range()
        cell_w, cell_h = (x1 - x0) / nx, (y1 - y0) / ny
        assert abs(cell_h / cell_w - 1.0) < 0.05 or ny == 4 * REGION_GRID


@pytest.mark.long
def test_compare_enter_and_leave_leave_no_widget_behind(window) -> None:  # noqa: ANN001
    """Each compare enter/leave left pyqtgraph's plot menu and its 6 submenus of the second
    canvas (parentless, in a reference cycle): 7 widgets a cycle until a full collection."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    def settle() -> None:
        QCoreApplication.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    window.step()
    assert window.set_compare({"mode": "dual"})
    window.set_compare(None)
    settle()
    gc.collect()
    with collector_paused():  # what stays must go without the collector's help
        before = len(QApplication.allWidgets())
        for mode in ("primal", "pocket"):
            assert window.set_compare({"mode": mode})
            window.step()
            window.set_compare(None)
            settle()
        after = len(QApplication.allWidgets())
    assert after == before


@pytest.mark.long
def test_a_burst_of_view_changes_draws_the_view_once(window, qtbot) -> None:  # noqa: ANN001
    """Leaving presentation (or entering compare) moves the canvas's range 10-20 times in
    one turn, and each move drew the anatomy, the answer and the geometry again (35 times
    for one leave): they now wait for the layout pass, as the model's drawing does, and
    what is painted is the same."""
    from PySide6.QtCore import QCoreApplication

    from perceptron_gui.app.canvas.canvas import SETTLE_MAX_MS

    canvas = window.canvas
    draws = []
    # (the view's drawings, the update's picture among them, are drawn at each `view` event)
    canvas.view_model.events.view.connect(lambda: draws.append(1))
    assert window.set_points(XOR_X[:4], [1, -1, 1, -1])
    window.step()
    window.set_presentation(True)
    QCoreApplication.processEvents()
    draws.clear()
    for _ in range(12):  # a burst of view changes within one turn
        canvas.set_view_range(-3 - 0.1 * _, 3, -3, 3)
    assert draws == []  # nothing drawn yet: drawn once, before the paint
    window.set_presentation(False)
    # The canvas lays out (and draws) once the window has settled (`hold_layout`: some
    # 40 ms after the last change, on a busy machine later than one turn of the loop).
    qtbot.waitUntil(lambda: len(draws) >= 1, timeout=3000)
    qtbot.wait(SETTLE_MAX_MS)  # and whatever else the leave would draw
    assert 1 <= len(draws) <= 4
    # the drawing is of the final view: the ring on the updated point, the ghost line
    canvas.flush()
    assert canvas._update_ring.isVisible()  # noqa: SLF001


@pytest.mark.long
def test_a_crowded_layout_scores_the_regions_once(window) -> None:  # noqa: ANN001
    """A crowded layout (after a change of scale, a fit) padded the view and laid out again, up
    to 3 times, and every pass scored the whole region grid (a vote of 2000 lines: 0.2-0.4 s
    a pass). The texts no longer move the view (the data own it, issue 26): one pass, the
    regions scored once, for the data's frame."""

    from perceptron_gui.core.generators import generate

    d = generate("xor", 18, seed=3)
    assert window.set_points(d.points, d.labels)
    assert window.set_mode("voted")
    assert window.set_ui_scale(2.0)
    window.seek(12)
    canvas = window.canvas
    canvas.flush()
    grid = canvas._region_grid  # noqa: SLF001
    before = grid.full_passes
    canvas.fit_view()
    view = canvas.view_range()
    canvas.flush()
    assert canvas.view_range() == view  # the crowd no longer pads the view
    # (once, or not at all: the grid drawn before covers the data's frame round the view)
    assert grid.full_passes - before <= 1
    # and what is drawn is the grid round the final view (it covers a little more, so that
    # a relayout's small moves of the view need no new grid)
    x0, x1, y0, y1 = canvas.view_range()
    rect = canvas._regions.mapRectToParent(canvas._regions.boundingRect())  # noqa: SLF001
    assert rect.left() <= x0 and rect.right() >= x1
    assert rect.width() <= 1.5 * (x1 - x0)


def test_a_votes_full_grid_pass_has_the_bits_of_its_decision() -> None:
    """The region grid scores a vote from its rows' and columns' products (half the time
    of `decision` on every cell): the same bits, on views near and far, with votes of 0,
    lines through the cells' centres and signed zeros."""
    import numpy as np

    from perceptron_gui.app.canvas.regions import GridSpec, RegionGrid
    from perceptron_gui.core.model import VoteModel

    rng = np.random.default_rng(7)
    for trial in range(30):
        m = int(rng.integers(1, 300))
        scale = 10.0 ** rng.integers(-3, 9)
        W = rng.normal(size=(m, 2)) * rng.choice([1.0, scale])
        B = rng.normal(size=m) * scale
        if trial % 3 == 0:  # lines through cell centres, zeros of both signs
            W[: m // 2] = np.round(W[: m // 2])
            B[: m // 2] = 0.0
            B[::5] = -0.0
        counts = rng.integers(0, 4, size=m).astype(np.float64)
        spec = GridSpec(
            float(rng.normal() * scale),
            float(rng.normal() * scale),
            float(rng.uniform(0.5, 20) * scale),
            float(rng.uniform(0.5, 20) * scale),
            int(rng.integers(2, 80)),
            int(rng.integers(2, 80)),
        )
        model = VoteModel(W, B, counts)
        want = model.decision(spec.points()).reshape(spec.ny, spec.nx)
        assert np.array_equal(RegionGrid().values(model, spec), want), trial


def test_a_held_canvas_lays_its_texts_out_once_when_the_changes_stop(
    window, qtbot, monkeypatch
) -> None:  # noqa: ANN001
    """A presentation toggle with compare on took 0.2-0.57 s of CPU (the long soak's one
    gap over 0.5 s): the window settles over several turns of the event loop and each
    canvas laid its texts out at every paint and every resize (6-13 passes of 10-15 ms).
    Held, a canvas lays them out once, SETTLE_MS after the last change."""
    from perceptron_gui.app.canvas import canvas as canvas_module

    c = window.canvas
    window.step()
    qtbot.wait(1)
    passes: list[int] = []
    original = canvas_module.DataCanvas._layout_overlays

    def counted(self) -> None:  # noqa: ANN001
        passes.append(1)
        original(self)

    monkeypatch.setattr(canvas_module.DataCanvas, "_layout_overlays", counted)
    c.hold_layout()
    for k in range(4):  # changes and paints while the window settles
        c.set_view_range(-3 - k, 6 + k, -3 - k, 6 + k)
        c.viewport().repaint()
    assert passes == []
    qtbot.waitUntil(lambda: bool(passes), timeout=2000)
    qtbot.wait(2 * canvas_module.SETTLE_MS)
    done = len(passes)
    assert done == 1  # (a crowded layout no longer pads the view and lays out again)
    c.set_view_range(-2, 5, -2, 5)  # no longer held: laid out at the next turn
    assert c._layout_timer.interval() == 0
    qtbot.waitUntil(lambda: len(passes) > done, timeout=2000)


def test_a_votes_row_crossings_have_the_bits_of_its_cells() -> None:
    """The vote's regions from where each line crosses each row (O(rows) a vector, issue
    35): the same values as scoring every cell, for rising, falling and flat lines, lines
    through cells' centres, signed zeros, counts that fall (a step back), lines of 10⁻³⁰⁰
    and vectors whose scores overflow (scored cell by cell)."""
    import numpy as np

    from perceptron_gui.app.canvas.regions import GridSpec, _vote_cells, _vote_grid_terms

    rng = np.random.default_rng(11)
    for trial in range(400):
        m = int(rng.integers(1, 40))
        scale = 10.0 ** rng.integers(-3, 9)
        W = rng.normal(size=(m, 2)) * rng.choice([1.0, scale], size=(m, 1))
        B = rng.normal(size=m) * scale
        kind = trial % 5
        if kind == 0:  # through the cells' centres, zeros of both signs
            W[: m // 2] = np.round(W[: m // 2])
            B[: m // 2] = 0.0
            B[::5] = -0.0
        elif kind == 1:  # flat along the rows, or along the columns
            W[::3, 0] = 0.0
            W[1::3, 1] = -0.0
        elif kind == 2:
            W[::2] *= 1e-300
        elif kind == 3:  # scores beyond the float range
            W[::4] = rng.choice([1e308, -1e308, 1e200], size=(W[::4].shape[0], 2))
        counts = rng.integers(-3, 4, size=m).astype(np.float64)
        spec = GridSpec(
            float(rng.normal() * scale),
            float(rng.normal() * scale),
            float(rng.uniform(0.5, 20) * scale),
            float(rng.uniform(0.5, 20) * scale),
            int(rng.integers(2, 60)),
            int(rng.integers(2, 60)),
        )
        xs = spec.x0 + (np.arange(spec.nx) + 0.5) * (spec.w / spec.nx)
        ys = spec.y0 + (np.arange(spec.ny) + 0.5) * (spec.h / spec.ny)
        with np.errstate(all="ignore"):
            want = _vote_cells(W, B, counts, xs, ys)
        assert np.array_equal(_vote_grid_terms(W, B, counts, spec), want), trial

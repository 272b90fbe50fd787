"""Incremental region grids (app/canvas/regions.py): the same values as a full pass."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.app.canvas.contour import zero_segments
from perceptron_gui.app.canvas.regions import GridSpec, RegionGrid
from perceptron_gui.core import TrainConfig, make_dataset, make_trainer


def noisy(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 2.0
    y = np.where(X[:, 0] * X[:, 1] + 0.5 * rng.normal(size=n) > 0, 1, -1)
    return X, y


SPEC = GridSpec(-5.0, -5.0, 10.0, 10.0, 60, 50)


def full(model: object) -> np.ndarray:
    return np.asarray(model.decision(SPEC.points())).reshape(SPEC.ny, SPEC.nx)  # type: ignore[attr-defined]


def test_kernel_regions_follow_a_run_forward_and_back_with_few_full_passes() -> None:
    X, y = noisy(300, 1)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="kernel", kernel="rbf", sigma=0.8))
    grid = RegionGrid()
    scale = 1.0
    for _ in range(60):
        t.run(max_updates=3)
        f = grid.values(t.model, SPEC)
        scale = float(np.abs(t.model.coef).sum()) + abs(t.model.b)
        assert np.allclose(f, full(t.model), rtol=0, atol=1e-12 * scale)
    assert grid.full_passes == 1  # only the first frame scored the whole grid
    t.seek(t.visits // 2)  # back on the timeline: terms removed, still incremental
    assert np.allclose(grid.values(t.model, SPEC), full(t.model), rtol=0, atol=1e-12 * scale)
    before = grid.full_passes
    moved = GridSpec(-4.0, -5.0, 10.0, 10.0, 60, 50)  # the view moved: a full pass
    grid.values(t.model, moved)
    assert grid.full_passes == before + 1
    t.run(max_updates=1)
    grid.values(t.model, moved)
    assert grid.full_passes == before + 1


def test_vote_regions_and_scores_at_the_points_are_bit_identical_to_the_full_vote() -> None:
    from perceptron_gui.core.model import mistakes

    X, y = noisy(200, 2)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="voted"))
    grid, scores = RegionGrid(), RegionGrid()  # the grid; the data points (`at`)
    for _ in range(50):
        t.run(max_visits=7)
        a = t.answer
        assert np.array_equal(grid.values(a, SPEC), full(a))
        f = scores.at(a, X)
        assert np.array_equal(f, a.decision(X))
        assert np.array_equal(np.flatnonzero(y * f <= 0.0), mistakes(a, X, y))
    assert grid.full_passes == scores.full_passes == 1
    t.seek(t.visits - 30)  # back on the timeline: vectors removed, counts changed
    assert np.array_equal(scores.at(t.answer, X), t.answer.decision(X))
    assert scores.full_passes == 1
    t.seek(3)
    assert np.array_equal(grid.values(t.answer, SPEC), full(t.answer))
    moved = X + 0.5  # other points: scored in full
    assert np.array_equal(scores.at(t.answer, moved), t.answer.decision(moved))
    assert scores.full_passes == 2


def test_a_runs_vote_frames_read_only_the_counts_that_changed() -> None:
    """A run's frame hands out one vote a state, and its regions and scores at the points
    read only the counts of the rows that changed (`counts_of`): no frame makes the whole
    counts array (10⁶ counts, twice a frame, before) but the first full pass of each."""
    from perceptron_gui.core.online import _GrowingVote

    X, y = noisy(60, 4)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="voted"))
    grid, scores = RegionGrid(), RegionGrid()
    t.run(max_updates=50)
    before = _GrowingVote.counts_made
    grid.values(t.answer, SPEC)  # the first pass, in full: its counts are made
    scores.at(t.answer, X)
    assert _GrowingVote.counts_made == before + 1  # (one vote: the same object twice)
    shown = []
    for _ in range(20):  # frames
        t.run(max_updates=300)
        a = t.answer
        assert a is t.answer  # one model a state, however many views ask
        shown.append((a, grid.values(a, SPEC), scores.at(a, X)))
    assert _GrowingVote.counts_made == before + 1  # no frame made all the counts
    assert grid.full_passes == scores.full_passes == 1
    for a, f, at in shown:  # the same bits as the whole vote (whose counts are made now)
        assert np.array_equal(f, full(a)) and np.array_equal(at, a.decision(X))
        assert np.array_equal(a.counts_of(3, 9), a.counts[3:9])
    assert np.array_equal(a.counts, t.votes()[2])


def test_a_vote_far_ahead_is_reached_in_bounded_steps_with_the_same_bits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run's vote many vectors ahead of the one kept is reached through the votes
    between (`_GrowingVote.head`), at most VOTE_TAIL vectors a step: no step makes the
    terms of the whole tail (10^6 vectors in one turn, 0.25 s, before); each step's vote
    is the run's as it was then, and the last is the newest's, to the bit."""
    from perceptron_gui.app.canvas import regions

    tail = 40
    monkeypatch.setattr(regions, "VOTE_TAIL", tail)
    steps: list[int] = []
    changes = regions._vote_changes

    def counted(old, new):  # type: ignore[no-untyped-def]  # noqa: ANN001, ANN202
        steps.append(new.W.shape[0] - old.W.shape[0])
        return changes(old, new)

    monkeypatch.setattr(regions, "_vote_changes", counted)
    X, y = noisy(60, 5)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="voted"))
    grid, scores = RegionGrid(), RegionGrid()
    t.run(max_updates=5)
    grid.values(t.answer, SPEC)
    scores.at(t.answer, X)
    t.run(max_updates=500)  # 500 vectors ahead
    a = t.answer
    assert np.array_equal(grid.values(a, SPEC), full(a))
    assert np.array_equal(scores.at(a, X), a.decision(X))
    assert len(steps) >= 2 * (500 // tail) and max(steps) <= tail, steps
    # a step's vote: the run's as it was before vector m's first visit
    h = a.head(100)
    t2 = make_trainer(make_dataset(X, y), TrainConfig(mode="voted"))
    t2.run(max_updates=100)
    t2.seek(t2.visits - 1)  # the visit before update 100's
    assert t2.k == 99
    assert h.W.shape[0] == 100 and h.lineage is a.lineage
    assert np.array_equal(h.W, t2.answer.W) and np.array_equal(h.counts, t2.answer.counts)


def test_other_models_and_changed_kernels_are_scored_in_full() -> None:
    X, y = noisy(100, 3)
    d = make_dataset(X, y)
    a = make_trainer(d, TrainConfig(mode="kernel", kernel="rbf", sigma=0.8))
    b = make_trainer(d, TrainConfig(mode="kernel", kernel="rbf", sigma=1.5))
    a.run(max_updates=5)
    b.run(max_updates=5)
    grid = RegionGrid()
    grid.values(a.model, SPEC)
    assert np.allclose(grid.values(b.model, SPEC), full(b.model), rtol=0, atol=1e-12)
    assert grid.full_passes == 2


def test_zero_segments_trace_the_same_boundary_as_pyqtgraphs_isocurve() -> None:
    import pyqtgraph as pg

    gx, gy = np.meshgrid(np.linspace(-3, 3, 90), np.linspace(-2, 2, 70))
    f = np.sin(2 * gx) * np.cos(3 * gy) + 0.1
    f[10, 10] = 0.0  # sign(0) = +1 on a grid node
    cx, cy = zero_segments(f)
    lines = pg.functions.isocurve(f, 0.0, connected=True)
    assert cx.shape[0] // 3 == sum(len(line) - 1 for line in lines) > 50
    ends = np.isfinite(cx)
    assert np.array_equal(ends, np.isfinite(cy)) and np.isnan(cx[2::3]).all()
    # Every end lies on an edge of the grid where f changes sign, at f's linear zero.
    c, r = cx[ends], cy[ends]
    j = np.minimum(np.floor(c).astype(int), f.shape[1] - 2)
    i = np.minimum(np.floor(r).astype(int), f.shape[0] - 2)
    u, v = c - j, r - i
    on_edge = (u == 0) | (v == 0) | (u == 1) | (v == 1)
    val = (
        f[i, j] * (1 - u) * (1 - v) + f[i, j + 1] * u * (1 - v)
        + f[i + 1, j] * (1 - u) * v + f[i + 1, j + 1] * u * v
    )  # fmt: skip
    assert on_edge.all() and np.abs(val).max() < 1e-12
    assert zero_segments(np.ones((5, 5)))[0].shape == (0,)


def test_a_full_rbf_pass_far_from_the_origin_agrees_with_decision() -> None:
    from perceptron_gui.core.model import KernelModel

    rng = np.random.default_rng(6)
    S = 1e8 + rng.normal(size=(300, 2)) * 3.0
    model = KernelModel(S, rng.normal(size=300), 0.1, "rbf", sigma=0.7, index=np.arange(300))
    spec = GridSpec(1e8 - 6.0, 1e8 - 5.0, 12.0, 10.0, 80, 60)
    f = RegionGrid().values(model, spec)
    want = model.decision(spec.points()).reshape(spec.ny, spec.nx)
    scale = float(np.abs(model.coef).sum()) + 0.1
    assert np.abs(f - want).max() <= 1e-12 * scale


def test_rbf_grid_sums_are_separable_and_finite_beyond_the_float_range() -> None:
    """The RBF's grid sums are a product of a factor per row and one per column: the same
    values as the direct sum (to rounding), rows and columns the right way round on a
    grid taller than wide, and 0, not NaN, for support points beyond the float range."""
    from perceptron_gui.app.canvas.regions import _rbf_sum
    from perceptron_gui.core.model import kernel_block

    rng = np.random.default_rng(3)
    spec = GridSpec(-3.0, -7.0, 6.0, 15.0, 23, 57)
    grid = spec.points()
    S = rng.normal(size=(40, 2)) * 3.0
    coef = np.column_stack((rng.normal(size=40), rng.random(40)))
    want = kernel_block(grid, S, "rbf", 3, 1.0, 0.9) @ coef
    got = _rbf_sum(grid, S, coef, 0.9, spec)
    assert got.shape == want.shape and np.abs(got - want).max() <= 1e-13 * np.abs(coef).sum()
    far = np.array([[1e300, -1e300], [0.5, 1e308], [0.2, 0.1]])
    out = _rbf_sum(grid, far, np.ones(3), 0.5, spec)
    assert np.isfinite(out).all() and out.max() > 0.0  # only the near point's term


def sign_mismatches(f: np.ndarray, model: object, spec: GridSpec) -> int:
    want = np.asarray(model.decision(spec.points())).reshape(spec.ny, spec.nx)  # type: ignore[attr-defined]
    return int(np.count_nonzero((f >= 0.0) != (want >= 0.0)))


def test_kernel_region_signs_equal_decisions_at_every_cell_near_and_far() -> None:
    """Issue 28's repro: b = ±1 absorbed the far kernel sums (~1e-35) into the kept grid,
    which read exactly 0 (+1) after b went back to 0 while decision gave -7e-35 (-1): 74569
    wrong cells over a 9-update run on a 40 × 40 view, 183 on a 12 × 12 one. Forward and
    back on the timeline, every kernel, the sign drawn is decision's at every cell."""
    from perceptron_gui.core.generators import generate

    d = generate("separable", 40, margin=0.02, seed=2)
    views = (GridSpec(-20.0, -20.0, 40.0, 40.0, 120, 120), GridSpec(-6.0, -6.0, 12.0, 12.0, 60, 60))
    for cfg in ({"sigma": 1.0}, {"kernel": "poly", "degree": 3}, {"kernel": "linear"}):
        t = make_trainer(d, TrainConfig(mode="kernel", **{"kernel": "rbf", **cfg}))
        grids = [RegionGrid() for _ in views]
        for k in range(40):
            if k < 25:
                t.run(max_updates=1)
            else:
                t.seek(max(0, t.visits - 9))  # back: terms removed
            for grid, spec in zip(grids, views, strict=True):
                assert sign_mismatches(grid.values(t.model, spec), t.model, spec) == 0, (cfg, k)
        if cfg.get("kernel") != "linear":
            assert grids[0].full_passes < 10  # still incremental


@pytest.mark.long
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_vote_added_a_slice_at_a_time_ends_bit_identical_to_the_full_vote(seed: int) -> None:
    """With a budget of 0, each call adds one block of a vote's terms (issue 35: 10⁶ vectors
    in one turn froze the window for minutes): meanwhile a call gives the last vote done,
    or None; while the run goes on, back and forth, the grid and the points end with the
    bits of `VoteModel.decision` of the newest vote."""
    X, y = noisy(300, seed)
    cfg = TrainConfig(mode="voted", order="random-cyclic", seed=seed, bias=seed != 1)
    t = make_trainer(make_dataset(X, y), cfg)
    spec = GridSpec(-5.0, -4.0, 10.0, 9.0, 120, 100)  # blocks of 349 terms
    grid, scores = RegionGrid(), RegionGrid()
    rng = np.random.default_rng(seed)
    shown: list[object] = []  # the votes whose values were given while work was left
    for step in range(20):
        r = rng.random()
        if r < 0.6:
            t.run(max_updates=int(rng.integers(1, 1000)))
        elif r < 0.8:
            t.seek_update(int(rng.integers(0, t.k + 1)))
        elif r < 0.9:
            t.step_back()
        else:
            t.reset()
        a = t.answer
        f = grid.values(a, spec, budget=0.0)
        g = scores.at(a, X, budget=0.0)
        if grid.pending and f is not None:
            shown.append(grid._model)
            assert np.array_equal(f.ravel(), grid._model.decision(spec.points()))
        if step % 5 == 4:  # the run pauses: the work ends by turns
            while grid.pending or scores.pending:
                f = grid.values(a, spec, budget=0.0)
                g = scores.at(a, X, budget=0.0)
            assert f is not None and g is not None
            assert np.array_equal(f.ravel(), a.decision(spec.points()))
            assert np.array_equal(g, a.decision(X))
    assert shown  # some frames had work left (else the test tests nothing)

"""The compact history (core/history.py): seek and step back stay exact in every mode, and
a long run keeps ~12 bytes an update instead of 48 (no Qt here).

The weights are no longer kept per update but computed again from keyframes; the
references here never read the history: the weights a run reaches live (a fresh run
stopped at k updates, or every `step()`'s record), and `train()`.
"""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.api import train
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.history import KEY, History
from perceptron_gui.core.registry import spec


def noisy(n: int, seed: int) -> Dataset:
    """Points with some labels flipped: long runs that do not converge."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 3.0
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0.3, 1, -1)
    y[rng.random(n) < 0.15] *= -1
    return make_dataset(X, y)


def config(mode: str, order: str, **kw: object) -> TrainConfig:
    extra: dict[str, object] = {"eta": 0.7, "max_updates": 300}
    if mode == "kernel":
        extra.update(kernel="rbf", sigma=1.5)
    extra.update(kw)
    return TrainConfig(mode=mode, order=order, seed=3, **extra)  # type: ignore[arg-type]


def cases() -> list[tuple[str, str]]:
    out = []
    for mode in MODES:
        orders = spec(mode).orders
        out += [(mode, o) for o in orders if o in ("cyclic", "random-cyclic", "random")]
        if not any(o in ("cyclic", "random-cyclic") for o in orders):
            out.append((mode, orders[0]))
    return out


def state(t: object) -> tuple[object, ...]:
    a = getattr(t, "alpha", None)
    return (
        t.k,  # type: ignore[attr-defined]
        t.visits,  # type: ignore[attr-defined]
        t.w,  # type: ignore[attr-defined]
        t.b,  # type: ignore[attr-defined]
        t.mistakes,  # type: ignore[attr-defined]
        t.stop_reason,  # type: ignore[attr-defined]
        None if a is None else a.tolist(),
        getattr(t, "pocket_w", None),
        getattr(t, "pocket_b", None),
        t.misclassified().tolist(),  # type: ignore[attr-defined]
    )


@pytest.mark.long
@pytest.mark.parametrize(("mode", "order"), cases())
@pytest.mark.parametrize("path", ["compiled", "numpy"])
def test_seek_at_random_k_equals_a_fresh_run_to_k(mode: str, order: str, path: str) -> None:
    data = noisy(40, 1)
    cfg = config(mode, order)
    full = make_trainer(data, cfg)
    if path == "numpy":
        full._fast = None  # noqa: SLF001 - the numpy path's rows arrive one at a time
    full.run()
    assert full.k > 2 * KEY
    rng = np.random.default_rng(7)
    for k in [0, 1, KEY - 1, KEY, KEY + 1, full.k, *rng.integers(0, full.k, 6).tolist()]:
        ref = make_trainer(data, cfg)
        ref.run(max_updates=int(k))  # the live weights after k updates, no history read
        full.seek(ref.visits)
        assert state(full) == state(ref), (mode, order, k)
        assert full.answer_errors == ref.answer_errors
    # back to the end: the state of the whole run again, equal to train()'s
    full.seek(full.max_visits)
    r = train(data.points, data.labels, **{**cfg.to_dict(), "w0": tuple(cfg.w0)})
    assert full.k == len(r.updates)
    assert full.history_w.tobytes() == r.history_w.tobytes()
    assert full.history_b.tobytes() == r.history_b.tobytes()


@pytest.mark.parametrize(("mode", "order"), cases())
def test_history_is_every_steps_live_weights(mode: str, order: str) -> None:
    data = noisy(30, 2)
    t = make_trainer(data, config(mode, order, max_updates=3 * KEY + 5))
    live_w, live_b, visits = [], [], []
    while (rec := t.step()) is not None:
        live_w.append(rec.w_after)
        live_b.append(rec.b_after)
        visits.append(rec.visit)
        # step back and forth on the way: the history is cut and grows again
        if t.k % 7 == 0:
            t.step_back()
            assert t.step() is not None
    assert len(live_w) > 2 * KEY
    assert t.history_w.tolist() == [list(w) for w in live_w]
    assert t.history_b.tolist() == live_b
    assert t.history_visits.tolist() == visits
    rows = np.array([0, KEY - 1, KEY, len(live_w) - 1, 5, 2 * KEY + 3])
    assert t.history_take("w1", rows).tolist() == [live_w[r][1] for r in rows]
    assert [t.history_value("b", int(r)) for r in rows] == [live_b[r] for r in rows]
    assert t.history_take("visit", rows).tolist() == [visits[r] for r in rows]
    assert t.history_take("index", rows).tolist() == t.updates[rows].tolist()
    # step back one update at a time to the start: every state on the way is the run's
    for j in range(len(live_w) - 1, 0, -1):
        assert t.step_back()
        while t.k > j:  # clean visits after the last update come off first
            assert t.step_back()
        assert (t.w, t.b) == (live_w[j - 1], live_b[j - 1])


@pytest.mark.parametrize("mode", [m for m in MODES if m != "batch"])
def test_a_long_run_keeps_about_12_bytes_an_update(mode: str) -> None:
    order = "cyclic" if "cyclic" in spec(mode).orders else spec(mode).orders[0]
    t = make_trainer(noisy(400, 3), config(mode, order, max_updates=20_000))
    t.run()
    assert t.k == 20_000
    h = t._hist  # noqa: SLF001
    assert h.compact
    # index 4 + visit 8 + keyframes 24/KEY; passive-aggressive keeps its τy (8) and the
    # margin perceptron and PA their mistakes count (8); the pocket its errors (4).
    s = spec(mode)
    limit = 13 + 8 * (s.scale_symbol != "η") + 8 * s.counts_apart + 4 * (s.answer_name == "pocket")
    assert h.nbytes() / t.k < limit
    assert h.nbytes() / t.k > 12  # the index and the visit are kept


def test_an_unknown_rule_keeps_every_row_exactly() -> None:
    """A row the update rule does not give (here: a made-up step) turns the history into
    one that keeps every row's weights: nothing is lost, before or after."""
    x0, x1, y = np.array([1.0, 2.0, -1.0]), np.array([0.5, -1.0, 2.0]), np.array([1.0, -1.0, 1.0])
    h = History(x0, x1, y, 0.5, True, (0.0, 0.0), 0.0, count="errors")
    rows = []
    w0 = w1 = b = 0.0
    for r in range(3 * KEY):
        i = r % 3
        s = 0.5 * y[i] if r != 2 * KEY else 0.123  # one odd step
        w0, w1, b = w0 + s * x0[i], w1 + s * x1[i], b + s
        rows.append((w0, w1, b))
        h.append(i, r + 1, w0, w1, b, 0)
        if r == KEY + 3:
            assert h.compact and h.value("w0", r) == w0
    assert not h.compact
    assert list(zip(h.column("w0"), h.column("w1"), h.column("b"), strict=True)) == rows
    h.truncate(KEY + 1)
    assert h.column("b").tolist() == [r[2] for r in rows[: KEY + 1]]
    assert h.column("visit").tolist() == list(range(1, KEY + 2))


def test_a_span_of_weights_read_twice_follows_every_change() -> None:
    # `column` keeps the last span of weights for the next column of the same rows: a
    # change of the rows (a new row, a truncation, rows kept whole) is read at once.
    rng = np.random.default_rng(5)
    x0, x1 = rng.normal(size=20), rng.normal(size=20)
    y = np.where(rng.random(20) < 0.5, 1.0, -1.0)
    h = History(x0, x1, y, 0.5, True, (0.0, 0.0), 0.0, count="errors")

    def weights_of(rows: list[int]) -> list[tuple[float, float, float]]:
        w0 = w1 = b = 0.0
        out = []
        for i in rows:
            w0, w1, b = w0 + 0.5 * y[i] * x0[i], w1 + 0.5 * y[i] * x1[i], b + 0.5 * y[i]
            out.append((w0, w1, b))
        return out

    rows = [3, 7, 1, 3]
    for v, (i, (w0, w1, b)) in enumerate(zip(rows, weights_of(rows), strict=True)):
        h.append(i, v + 1, w0, w1, b, 0)
    first = [h.column(c).tolist() for c in ("w0", "w1", "b")]
    assert list(zip(*first, strict=True)) == weights_of(rows)
    h.truncate(3)
    rows = [3, 7, 1, 9]
    h.append(9, 4, *weights_of(rows)[-1], 0)
    again = [h.column(c).tolist() for c in ("w0", "w1", "b")]
    assert list(zip(*again, strict=True)) == weights_of(rows) and again != first
    h.column("w0")[0] = 99.0  # a caller's copy: the kept span is not changed
    assert h.column("w0").tolist() == again[0]


def test_blocks_of_the_compiled_loop_read_back_after_every_change() -> None:
    # `extend` keeps the weights of its blocks since row 0 (the compiled loop's own
    # columns) for a read of them all: every change of the rows is read at once.
    rng = np.random.default_rng(8)
    x0, x1 = rng.normal(size=20), rng.normal(size=20)
    y = np.where(rng.random(20) < 0.5, 1.0, -1.0)
    h = History(x0, x1, y, 0.5, True, (0.0, 0.0), 0.0, count="errors")
    rows = rng.integers(0, 20, 400).tolist()
    w = np.zeros((len(rows), 3))
    w0 = w1 = b = 0.0
    for r, i in enumerate(rows):
        w0, w1, b = w0 + 0.5 * y[i] * x0[i], w1 + 0.5 * y[i] * x1[i], b + 0.5 * y[i]
        w[r] = w0, w1, b

    def block(a: int, z: int) -> tuple[np.ndarray, ...]:
        cols = (w[a:z, 0].copy(), w[a:z, 1].copy(), w[a:z, 2].copy())
        return (np.array(rows[a:z]), np.arange(a + 1, z + 1), *cols, np.zeros(z - a, np.int64))

    def read(stop: int) -> list[list[float]]:
        return [h.column(c).tolist() for c in ("w0", "w1", "b")] + [w[:stop].T.tolist()]

    for a, z in ((0, 50), (50, 51), (51, 200)):
        h.extend(*block(a, z))
    got = read(200)
    assert got[:3] == got[3]
    h.truncate(120)
    got = read(120)
    assert got[:3] == got[3]
    h.extend(*block(120, 300))  # after a cut: computed again from the keyframes
    h.append(rows[300], 301, *w[300], 0)  # a numpy row between two blocks
    h.extend(*block(301, 400))
    got = read(400)
    assert got[:3] == got[3]
    h.truncate(0)
    h.extend(*block(0, 30))
    got = read(30)
    assert got[:3] == got[3]
    h.column("b")[0] = 99.0  # a caller's copy: the kept block is not changed
    assert h.column("b").tolist() == w[:30, 2].tolist()

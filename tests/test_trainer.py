"""The trainer against hand-worked numbers and independent references (no Qt here)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_gui.core.api import train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.trainer import Trainer

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]

# Worked by hand (ALGORITHMS.md, "Worked check"), η = 1, from w = 0, b = 0:
#  k  point  mistake test before           w after   b after
#  1  x1     1·(0)            = 0  <= 0    (3, 3)     1
#  -  x2     1·(12+9+1)       > 0
#  2  x3    -1·(3+3+1)   = -7     <= 0     (2, 2)     0
#  3  x3    -1·(2+2+0)   = -4     <= 0     (1, 1)    -1
#  4  x3    -1·(1+1-1)   = -1     <= 0     (0, 0)    -2
#  5  x1     1·(0-2)     = -2     <= 0     (3, 3)    -1
#  6  x3    -1·(3+3-1)   = -5     <= 0     (2, 2)    -2
#  7  x3    -1·(2+2-2)   = -2     <= 0     (1, 1)    -3
#  then x1: 3+3-3 = 3 > 0, x2: 4+3-3 = 4 > 0, x3: -(1+1-3) = 1 > 0: converged.
EX_TABLE = [
    (0, (3.0, 3.0), 1.0),
    (2, (2.0, 2.0), 0.0),
    (2, (1.0, 1.0), -1.0),
    (2, (0.0, 0.0), -2.0),
    (0, (3.0, 3.0), -1.0),
    (2, (2.0, 2.0), -2.0),
    (2, (1.0, 1.0), -3.0),
]


def textbook(X, y, order="cyclic", eta=1.0, bias=True, max_visits=100_000):
    """The plain loop of the textbook, one Python float at a time: the reference."""
    X = [tuple(map(float, p)) for p in X]
    y = [float(v) for v in y]
    n = len(X)
    w0 = w1 = b = 0.0
    ups = []
    pos = clean = visits = 0
    while clean < n and visits < max_visits:
        i = clean if order == "first" else pos
        visits += 1
        if y[i] * (X[i][0] * w0 + X[i][1] * w1 + b) <= 0:
            w0 += eta * y[i] * X[i][0]
            w1 += eta * y[i] * X[i][1]
            if bias:
                b += eta * y[i]
            ups.append((i, (w0, w1), b))
            clean = 0
        else:
            clean += 1
        pos = (pos + 1) % n
    return ups, clean >= n


def int_data(rng, n, separable=True):
    X = rng.integers(-6, 7, size=(n, 2)).astype(float)
    if separable:
        a, c = rng.integers(-3, 4, size=2)
        s = X[:, 0] * a + X[:, 1] * c + rng.integers(-2, 3) + 0.5
        y = np.where(s > 0, 1.0, -1.0)
    else:
        y = rng.choice([-1.0, 1.0], size=n)
    return X, y


@pytest.mark.parametrize("order", ["first", "cyclic"])
def test_worked_example_update_table(order: str) -> None:
    r = train(EX_X, EX_Y, order=order)
    got = [
        (int(i), tuple(w), b)
        for i, w, b in zip(r.updates, r.history_w.tolist(), r.history_b, strict=True)
    ]
    assert got == EX_TABLE
    assert r.w == (1.0, 1.0) and r.b == -3.0
    assert r.mistakes == 7 and r.converged and r.stop_reason == "converged"


def test_worked_example_dual_alpha_and_gram() -> None:
    r = train(EX_X, EX_Y, mode="dual")
    assert r.alpha is not None and r.alpha.tolist() == [2.0, 0.0, 5.0]
    assert r.w == (1.0, 1.0) and r.b == -3.0
    t = Trainer(make_dataset(EX_X, EX_Y), TrainConfig(mode="dual"))
    # x1·x1 = 18, x1·x2 = 21, x1·x3 = 6, x2·x2 = 25, x2·x3 = 7, x3·x3 = 2.
    assert t.gram_block(slice(None), slice(None)).tolist() == [
        [18.0, 21.0, 6.0],
        [21.0, 25.0, 7.0],
        [6.0, 7.0, 2.0],
    ]


def test_visit_by_visit_worked_example() -> None:
    t = Trainer(make_dataset(EX_X, EX_Y))
    seen = []
    while (rec := t.visit()) is not None:
        seen.append((rec.index, rec.mistake))
    # Cyclic: x1 (upd), x2, x3 (upd), x1, x2, x3 (upd), ... as in the table above.
    assert seen[:6] == [(0, True), (1, False), (2, True), (0, False), (1, False), (2, True)]
    assert sum(m for _, m in seen) == 7
    assert t.visits == len(seen) == 18 and t.converged


@pytest.mark.parametrize("order", ["first", "cyclic"])
@pytest.mark.parametrize("bias", [True, False])
def test_matches_textbook_loop_on_random_data(order: str, bias: bool) -> None:
    rng = np.random.default_rng(1)
    for _ in range(60):
        n = int(rng.integers(1, 25))
        X, y = int_data(rng, n, separable=bool(rng.integers(2)))
        eta = float(rng.choice([1.0, 0.5, 0.1, 3.0]))
        ref, conv = textbook(X, y, order, eta, bias, max_visits=3000)
        r = train(X, y, order=order, eta=eta, bias=bias, max_epochs=max(1, 3000 // n))
        k = min(len(ref), r.mistakes)
        assert r.updates[:k].tolist() == [u[0] for u in ref[:k]]
        assert r.history_w[:k].tolist() == [list(u[1]) for u in ref[:k]]
        assert r.history_b[:k].tolist() == [u[2] for u in ref[:k]]
        if conv:
            assert r.converged and r.mistakes == len(ref)


@pytest.mark.xdist_group("sklearn")  # (one worker imports scikit-learn: ~1.5 s of CPU)
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("eta", [1.0, 0.37, 2.5])
def test_max_epochs_equals_sklearn(bias: bool, eta: float) -> None:
    from sklearn.linear_model import Perceptron

    rng = np.random.default_rng(7)
    for trial in range(12):
        n = int(rng.integers(5, 300))
        X = rng.normal(size=(n, 2)) * rng.uniform(0.1, 10)
        if trial % 2:
            y = np.where(X @ rng.normal(size=2) + rng.normal() > 0, 1.0, -1.0)
        else:
            y = rng.choice([-1.0, 1.0], size=n)
        if len(set(y.tolist())) < 2:
            continue
        k = int(rng.integers(1, 8))
        sk = Perceptron(
            penalty=None, eta0=eta, shuffle=False, tol=None, max_iter=k, fit_intercept=bias
        ).fit(X, y)
        r = train(X, y, order="cyclic", eta=eta, bias=bias, max_epochs=k)
        assert r.w == (sk.coef_[0, 0], sk.coef_[0, 1])  # to the bit
        assert r.b == (sk.intercept_[0] if bias else 0.0)


def test_dual_equals_primal_at_every_step() -> None:
    rng = np.random.default_rng(3)
    for order in ("first", "cyclic", "random-cyclic", "random"):
        for _ in range(15):
            X, y = int_data(rng, int(rng.integers(2, 30)))
            d = make_dataset(X, y)
            p = Trainer(d, TrainConfig(order=order, seed=5, max_updates=400))
            q = Trainer(d, TrainConfig(mode="dual", order=order, seed=5, max_updates=400))
            while True:
                a, b = p.step(), q.step()
                assert (a is None) == (b is None)
                if a is None:
                    break
                assert a.index == b.index
                alpha = q.alpha
                assert alpha is not None
                w_dual = (alpha * d.labels) @ d.points  # sum_j alpha_j y_j x_j
                assert w_dual.tolist() == list(p.w)  # exact on integer data
                assert float(alpha @ d.labels) == p.b
                assert q.misclassified().tolist() == p.misclassified().tolist()
            assert p.k == q.k and p.converged == q.converged


def test_eta_invariance() -> None:
    rng = np.random.default_rng(11)
    for _ in range(40):
        X, y = int_data(rng, int(rng.integers(2, 40)))
        r1 = train(X, y, max_updates=2000)
        for eta in (0.25, 8.0):  # powers of two: exact
            r = train(X, y, eta=eta, max_updates=2000)
            assert r.updates.tolist() == r1.updates.tolist()
            assert np.array_equal(r.history_w, eta * r1.history_w)
            assert np.array_equal(r.history_b, eta * r1.history_b)
        Xc = X + rng.uniform(-0.3, 0.3, size=X.shape)  # no ties: any η
        rc1 = train(Xc, y, max_updates=2000)
        rc = train(Xc, y, eta=0.013, max_updates=2000)
        assert rc.updates.tolist() == rc1.updates.tolist()
        np.testing.assert_allclose(rc.history_w, 0.013 * rc1.history_w, rtol=1e-9, atol=1e-12)


def test_pocket_keeps_the_best_weights_seen() -> None:
    rng = np.random.default_rng(5)
    for order in ("random", "cyclic", "first", "random-cyclic"):
        for _ in range(10):
            X, y = int_data(rng, int(rng.integers(3, 40)), separable=False)
            r = train(X, y, mode="pocket", order=order, max_updates=200, seed=2)

            def errors(w, b, X=X, y=y):
                return int(np.sum(y * (X[:, 0] * w[0] + X[:, 1] * w[1] + b) <= 0))

            seen = [errors((0.0, 0.0), 0.0)] + [
                errors(w, b)
                for w, b in zip(r.history_w.tolist(), r.history_b.tolist(), strict=True)
            ]
            assert r.pocket_errors == errors(r.pocket_w, r.pocket_b)
            assert r.pocket_errors == min(seen)
            first = seen.index(min(seen))  # replaced only on a strict improvement
            expect = (
                ((0.0, 0.0), 0.0)
                if first == 0
                else (
                    tuple(r.history_w[first - 1]),
                    r.history_b[first - 1],
                )
            )
            assert (r.pocket_w, r.pocket_b) == expect
            if r.converged:
                assert errors(r.w, r.b) == 0


def test_random_orders_are_seeded() -> None:
    rng = np.random.default_rng(9)
    X, y = int_data(rng, 40)
    for order in ("random", "random-cyclic"):
        a = train(X, y, order=order, seed=1)
        b = train(X, y, order=order, seed=1)
        c = train(X, y, order=order, seed=2)
        assert a.updates.tolist() == b.updates.tolist()
        assert a.updates.tolist() != c.updates.tolist()
        assert a.converged


def test_random_picks_a_current_mistake() -> None:
    rng = np.random.default_rng(4)
    X, y = int_data(rng, 30)
    t = Trainer(make_dataset(X, y), TrainConfig(order="random", seed=3))
    while True:
        before = set(t.misclassified().tolist())
        rec = t.step()
        if rec is None:
            break
        assert rec.index in before


def test_random_cyclic_visits_each_point_once_per_epoch() -> None:
    rng = np.random.default_rng(2)
    X, y = int_data(rng, 17, separable=False)
    t = Trainer(make_dataset(X, y), TrainConfig(order="random-cyclic", seed=4, max_epochs=3))
    seen = []
    while (rec := t.visit()) is not None:
        seen.append(rec.index)
    assert len(seen) == 51
    for e in range(3):
        assert sorted(seen[17 * e : 17 * (e + 1)]) == list(range(17))
    assert seen[:17] != seen[17:34]  # a new permutation each epoch


def test_step_back_and_seek_restore_exact_states() -> None:
    rng = np.random.default_rng(8)
    for mode in ("primal", "dual", "pocket"):
        for order in ("first", "cyclic", "random-cyclic", "random"):
            X, y = int_data(rng, 12, separable=bool(rng.integers(2)))
            d = make_dataset(X, y)
            cfg = TrainConfig(mode=mode, order=order, seed=1, max_updates=60)
            t = Trainer(d, cfg)
            for _ in range(80):
                act = rng.integers(4)
                if act == 0:
                    t.step()
                elif act == 1:
                    t.visit()
                elif act == 2:
                    t.step_back()
                else:
                    t.run(max_updates=3)
                ref = Trainer(d, cfg)
                ref.seek(t.visits)
                assert (ref.k, ref.w, ref.b, ref.done) == (t.k, t.w, t.b, t.done)
                assert ref.misclassified().tolist() == t.misclassified().tolist()
                if mode == "dual":
                    assert ref.alpha.tolist() == t.alpha.tolist()
                if mode == "pocket":
                    assert (ref.pocket_w, ref.pocket_errors) == (t.pocket_w, t.pocket_errors)


def test_step_back_undoes_one_update() -> None:
    t = Trainer(make_dataset(EX_X, EX_Y))
    for _ in range(3):
        t.step()
    assert t.w == (1.0, 1.0) and t.k == 3
    assert t.step_back()
    assert (t.k, t.w, t.b) == (2, (2.0, 2.0), 0.0)
    assert t.last is not None and t.last.index == 2 and t.last.w_after == (2.0, 2.0)
    t.step_back()
    t.step_back()
    assert (t.k, t.visits, t.w, t.b) == (0, 0, (0.0, 0.0), 0.0)
    assert not t.step_back()


def test_limits_stop_non_separable_runs() -> None:
    X = [[0, 0], [1, 1], [0, 1], [1, 0]]
    y = [1, 1, -1, -1]  # XOR
    r = train(X, y, max_updates=500)
    assert r.mistakes == 500 and not r.converged and r.stop_reason == "update limit"
    r = train(X, y, max_epochs=10)
    assert r.visits == 40 and not r.converged and r.stop_reason == "epoch limit"
    r = train(X, y, order="random", max_epochs=3)
    assert r.visits == 12 and r.mistakes == 12  # in the random order every visit is an update


def test_online_single_pass() -> None:
    # The online setting: one pass, in order.
    r = train(EX_X, EX_Y, order="cyclic", max_epochs=1)
    assert r.updates.tolist() == [0, 2] and r.visits == 3 and not r.converged


def test_a_limit_reached_on_a_separator_counts_as_converged() -> None:
    r = train(EX_X, EX_Y, max_updates=7)
    assert r.converged and r.w == (1.0, 1.0)


def test_initial_weights_and_no_bias() -> None:
    r = train(EX_X, EX_Y, w0=(1.0, 1.0), b0=-3.0)
    assert r.mistakes == 0 and r.converged
    r = train(EX_X, EX_Y, bias=False)
    assert r.b == 0.0 and not r.converged  # x1 and x3 lie on a ray through the origin


def test_empty_and_single_point() -> None:
    r = train(np.zeros((0, 2)), np.zeros(0))
    assert r.converged and r.mistakes == 0
    r = train([[2.0, 1.0]], [-1])
    assert r.converged and r.updates.tolist() == [0] and r.w == (-2.0, -1.0) and r.b == -1.0


def test_one_class_only_converges() -> None:
    r = train([[1, 2], [3, 4], [-2, 5]], [1, 1, 1])
    assert r.converged
    assert all(1 * (x0 * r.w[0] + x1 * r.w[1] + r.b) > 0 for x0, x1 in [[1, 2], [3, 4], [-2, 5]])


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"mode": "svm"}, "mode"),
        ({"order": "sorted"}, "order"),
        ({"eta": 0.0}, "η"),
        ({"eta": float("nan")}, "η"),
        ({"eta": float("inf")}, "η"),
        ({"max_updates": -1}, "max_updates"),
        ({"seed": -3}, "seed"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict, words: str) -> None:
    with pytest.raises(DataError, match=words):
        train(EX_X, EX_Y, **kwargs)


@pytest.mark.parametrize(
    ("X", "y", "words"),
    [
        ([[[1, 2]]], [1], "d >= 1 columns"),
        ([[1, float("nan")]], [1], "not a finite number"),
        ([[1, float("inf")]], [1], "not a finite number"),
        ([[1e300, 0]], [1], "beyond"),
        ([[1, 2]], [2], "label 2"),
        ([[1, 2]], [0], "label 0"),
        ([[1, 2], [3, 4]], [1], "2 points but 1 labels"),
        ([["a", 2]], [1], "not numbers"),
    ],
)
def test_bad_data_is_refused(X: list, y: list, words: str) -> None:
    with pytest.raises(DataError, match=words):
        train(X, y)


@settings(max_examples=60, deadline=None)
@given(
    pts=st.lists(
        st.tuples(st.integers(-20, 20), st.integers(-20, 20), st.sampled_from([-1, 1])),
        min_size=1,
        max_size=25,
    ),
    order=st.sampled_from(["first", "cyclic", "random-cyclic", "random"]),
    seed=st.integers(0, 5),
)
def test_state_invariants(pts: list, order: str, seed: int) -> None:
    X = np.array([p[:2] for p in pts], dtype=float)
    y = np.array([p[2] for p in pts], dtype=float)
    r = train(X, y, order=order, seed=seed, max_updates=300)
    assert r.mistakes == len(r.updates) <= 300
    if r.mistakes:
        assert tuple(r.history_w[-1]) == r.w and r.history_b[-1] == r.b
    margins = y * (X[:, 0] * r.w[0] + X[:, 1] * r.w[1] + r.b)
    assert r.converged == bool(np.all(margins > 0))


def test_random_order_with_perfect_initial_weights_is_converged_at_once() -> None:
    d = make_dataset(EX_X, EX_Y)
    t = Trainer(d, TrainConfig(order="random", w0=(1.0, 1.0), b0=-3.0))
    assert t.converged and t.visits == 0
    t.seek(0)
    assert t.converged


def test_overflow_stops_before_any_inf() -> None:
    r = train(EX_X, EX_Y, eta=1e308)  # w = 3e308 would be inf
    assert r.stop_reason == "overflow" and not r.converged
    assert all(np.isfinite([*r.w, r.b]))
    # η = 1e300 on small points: every number stays below 1e303, the run is the η = 1 run.
    r, r1 = train(EX_X, EX_Y, eta=1e300), train(EX_X, EX_Y)
    assert r.converged and list(r.updates) == list(r1.updates)
    r = train([[1e150, 1.0], [1.0, 1.0]], [1, -1], eta=1e10, mode="dual")
    assert r.stop_reason == "overflow" and np.all(np.isfinite(r.alpha))
    r = train(EX_X, EX_Y, eta=1e290)
    assert r.converged and r.mistakes == 7

"""Batch, averaged, voted, passive-aggressive and kernel perceptrons vs independent references."""

from __future__ import annotations

import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import generate, make_dataset, novikoff, train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.io import load_file, write_csv, write_session
from perceptron_gui.core.kernel_bound import KERNEL_BOUND_MAX_N
from perceptron_gui.core.model import KernelModel, LinearModel, VoteModel, kernel_block


def _random_case(rng: np.random.Generator, integer: bool = False) -> tuple[Any, Any]:
    n = int(rng.integers(3, 30))
    if integer:
        X = rng.integers(-6, 7, size=(n, 2)).astype(np.float64)
    else:
        X = rng.normal(0.0, float(rng.uniform(0.3, 4.0)), size=(n, 2)) + rng.normal(0, 1, 2)
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[0], y[-1] = 1.0, -1.0
    return X, y


def _sgd(**kw: Any) -> Any:
    # Imported here, not at the top: scikit-learn and SciPy take ~3 s of CPU to import, and
    # every pytest-xdist worker imports every test module to collect it.
    sklearn_linear = pytest.importorskip("sklearn.linear_model")
    return sklearn_linear.SGDClassifier(penalty=None, shuffle=False, tol=None, **kw)


# ----------------------------------------------------------------- passive-aggressive


@pytest.mark.xdist_group("sklearn")  # (one worker imports scikit-learn: ~1.5 s of CPU)
def test_pa_equals_sklearn_bit_for_bit() -> None:
    rng = np.random.default_rng(10)
    compared = 0
    for case in range(50):  # integer points (ties) or not, with and without the bias
        X, y = _random_case(rng, integer=case % 3 == 0)
        C = float(rng.choice([0.01, 0.1, 0.5, 1.0, 3.0]))
        k = int(rng.integers(1, 8))
        bias = bool(case % 4)
        r = train(X, y, mode="pa", C=C, bias=bias, max_epochs=k)
        clf = _sgd(loss="hinge", learning_rate="pa1", eta0=C, max_iter=k, fit_intercept=bias)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            clf.fit(X, y)
        # A run that converged makes no more updates, nor does scikit-learn's: same weights.
        assert r.w == (clf.coef_[0, 0], clf.coef_[0, 1]), case
        assert r.b == (clf.intercept_[0] if bias else 0.0), case
        compared += 1
    assert compared == 50


def test_pa_counts_mistakes_apart_from_updates() -> None:
    # Two points: the first update leaves point 0 with margin < 1 -> a second update
    # without a mistake.
    X = np.array([[1.0, 0.0], [-1.0, 0.0]])
    y = np.array([1.0, -1.0])
    r = train(X, y, mode="pa", C=0.25, bias=False, max_epochs=1)
    # visit 1: s = 0, mistake, tau = min(0.25, 1/1) -> w = 0.25
    # visit 2: s = -0.25, y s = 0.25 < 1, not a mistake, tau = 0.25 -> w = 0.5
    assert r.updates.tolist() == [0, 1]
    assert r.history_w[:, 0].tolist() == [0.25, 0.5]
    assert r.mistakes == 1
    assert r.to_dict()["updates_made"] == 2


def test_pa_skips_the_zero_point_but_counts_its_mistake() -> None:
    X = np.array([[0.0, 0.0], [2.0, 0.0], [-2.0, 0.0]])
    y = np.array([1.0, 1.0, -1.0])
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="pa", max_epochs=3))
    rec = t.visit()
    assert rec is not None and rec.mistake and t.k == 0 and t.mistakes == 1


# ---------------------------------------------------------------- averaged and voted


@pytest.mark.xdist_group("sklearn")  # (one worker imports scikit-learn: ~1.5 s of CPU)
def test_averaged_equals_sklearn_average() -> None:
    rng = np.random.default_rng(11)
    compared = 0
    for case in range(60):
        X, y = _random_case(rng)
        eta = float(rng.choice([0.5, 1.0, 2.0]))
        k = int(rng.integers(1, 10))
        bias = bool(case % 3)
        r = train(X, y, mode="averaged", eta=eta, bias=bias, max_epochs=k)
        if r.converged:
            continue
        clf = _sgd(
            loss="perceptron",
            learning_rate="constant",
            eta0=eta,
            max_iter=k,
            average=True,
            fit_intercept=bias,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            clf.fit(X, y)
        assert r.avg_w is not None and r.avg_b is not None
        np.testing.assert_allclose(r.avg_w, clf.coef_[0], rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(
            r.avg_b, clf.intercept_[0] if bias else 0.0, rtol=1e-9, atol=1e-12
        )
        compared += 1
    assert compared >= 30


def test_averaged_equals_the_weighted_votes_exactly() -> None:
    rng = np.random.default_rng(12)
    for case in range(40):
        X, y = _random_case(rng, integer=True)
        order = "cyclic" if case % 2 else "random-cyclic"
        kw = dict(mode="averaged", order=order, max_epochs=int(rng.integers(1, 6)), seed=case)
        a = train(X, y, **kw)  # type: ignore[arg-type]
        kw["mode"] = "voted"
        v = train(X, y, **kw)  # type: ignore[arg-type]
        assert v.votes is not None and a.avg_w is not None
        total = sum(c for _, _, c in v.votes)
        assert total == v.visits
        s0 = sum(Fraction(w[0]) * c for w, _, c in v.votes)
        s1 = sum(Fraction(w[1]) * c for w, _, c in v.votes)
        sb = sum(Fraction(b) * c for _, b, c in v.votes)
        assert a.avg_w == (float(s0 / total), float(s1 / total))
        assert a.avg_b == float(sb / total)
        # The votes are the primal run's weights, with the counts of the visits they survived.
        p = train(X, y, mode="primal", order=order, max_epochs=kw["max_epochs"], seed=case)
        assert [w for w, _, _ in v.votes[1:]] == [tuple(w) for w in p.history_w.tolist()]


def test_voted_by_hand() -> None:
    # Worked example, cyclic: visit 1 (3,3)+1 mistake -> w=(3,3), b=1; visit 2 ok;
    # visit 3 (1,1)-1: 3+3+1 = 7 > 0 mistake -> w=(2,2), b=0; visits 4, 5 ok; visit 6
    # (1,1): 4 > 0, mistake -> w=(1,1), b=-1 ...
    X, y = [(3, 3), (4, 3), (1, 1)], [1, 1, -1]
    v = train(X, y, mode="voted", max_epochs=2)
    assert v.votes is not None
    assert v.votes[:4] == [
        ((0.0, 0.0), 0.0, 0),
        ((3.0, 3.0), 1.0, 2),
        ((2.0, 2.0), 0.0, 3),
        ((1.0, 1.0), -1.0, 1),
    ]
    model = v.answer
    assert isinstance(model, VoteModel) and not model.is_linear
    # Vote at (1, 1): (3,3,1): +1*2, (2,2,0): +1*3, (1,1,-1): +1*1 -> 6.
    assert model.decision([[1.0, 1.0]])[0] == 6.0


def test_vote_model_sign_zero_is_plus_one() -> None:
    m = VoteModel(np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([0.0, 0.0]), np.array([2.0, 0.0]))
    assert m.decision([[0.0, 5.0], [-1.0, 0.0]]).tolist() == [2.0, -2.0]


def test_averaged_and_voted_refuse_other_orders() -> None:
    with pytest.raises(DataError, match="order 'first' does not apply to the averaged perceptron"):
        TrainConfig(mode="averaged", order="first")
    with pytest.raises(DataError, match="order 'random' does not apply to the voted"):
        TrainConfig(mode="voted", order="random")
    with pytest.raises(DataError, match="does not apply to the passive-aggressive"):
        TrainConfig(mode="pa", order="first")
    with pytest.raises(DataError, match="batch"):
        TrainConfig(mode="batch", order="random-cyclic")
    with pytest.raises(DataError, match="w0 do not apply to the kernel"):
        TrainConfig(mode="kernel", w0=(1.0, 0.0))


@pytest.mark.parametrize(
    "field, value",
    [
        ("C", 0.0),
        ("C", float("inf")),
        ("kernel", "cubic"),
        ("degree", 0),
        ("degree", 2.5),
        ("coef0", -1.0),
        ("sigma", 0.0),
    ],
)
def test_bad_kernel_and_pa_settings(field: str, value: Any) -> None:
    with pytest.raises(DataError, match=field):
        TrainConfig(**{field: value})


def test_settings_round_trip_through_a_session(tmp_path: Path) -> None:
    data = generate("xor", 10, seed=1)
    config = TrainConfig(mode="kernel", kernel="rbf", sigma=0.7, degree=3, coef0=0.5, C=2.0)
    p = tmp_path / "s.json"
    write_session(p, data, config)
    assert load_file(p).config == config
    assert TrainConfig.from_dict(config.to_dict()) == config
    with pytest.raises(DataError, match="setting sigma must be a number"):
        TrainConfig.from_dict({"sigma": "wide"})


# ------------------------------------------------------------------------- batch


def _batch_loop(X: Any, y: Any, eta: float, bias: bool, steps: int) -> list[tuple[float, ...]]:
    w0 = w1 = b = 0.0
    out = []
    for _ in range(steps):
        M = [i for i in range(len(y)) if y[i] * (X[i][0] * w0 + X[i][1] * w1 + b) <= 0]
        if not M:
            break
        s0 = s1 = sb = 0.0
        for i in M:
            s0 += y[i] * X[i][0]
            s1 += y[i] * X[i][1]
            sb += y[i]
        w0, w1 = w0 + eta * s0, w1 + eta * s1
        if bias:
            b = b + eta * sb
        out.append((w0, w1, b, len(M)))
    return out


def test_batch_matches_a_plain_loop() -> None:
    rng = np.random.default_rng(13)
    for case in range(60):
        X, y = _random_case(rng, integer=True)
        bias = bool(case % 2)
        eta = float(rng.choice([1.0, 0.5, 3.0]))
        r = train(X, y, mode="batch", eta=eta, bias=bias, max_updates=40)
        ref = _batch_loop(X.tolist(), y.tolist(), eta, bias, 40)
        assert r.batch_sizes is not None
        rows = zip(r.history_w.tolist(), r.history_b.tolist(), r.batch_sizes, strict=True)
        got = [(w[0], w[1], b, int(s)) for w, b, s in rows]
        assert got == ref, case
        assert r.mistakes == len(ref)
        assert r.converged == (len(ref) < 40 and len(ref) == len(r.updates))


def test_batch_steps_stay_under_their_bound() -> None:
    for seed in range(15):
        d = generate("separable", 30, margin=0.3, seed=seed)
        for bias in (True, False):
            nb = novikoff(d, bias=bias)
            if not nb.separable:
                continue
            r = train(d.points, d.labels, mode="batch", bias=bias)
            assert r.converged
            assert nb.bound is not None
            assert len(r.updates) <= d.n * nb.bound
            assert sum(int(s) for s in r.batch_sizes) <= d.n * nb.bound  # type: ignore[union-attr]


# ------------------------------------------------------------------------ kernel


@pytest.mark.long
@pytest.mark.parametrize("order", ["first", "cyclic", "random-cyclic", "random"])
def test_linear_kernel_makes_the_duals_updates(order: str) -> None:
    rng = np.random.default_rng(14)
    for case in range(25):
        X, y = _random_case(rng, integer=case % 2 == 0)
        kw: dict[str, Any] = dict(order=order, bias=bool(case % 3), max_updates=200, seed=case)
        d = train(X, y, mode="dual", **kw)
        k = train(X, y, mode="kernel", kernel="linear", **kw)
        assert k.updates.tolist() == d.updates.tolist()
        assert d.alpha is not None and k.alpha is not None
        assert k.alpha.tolist() == d.alpha.tolist()
        assert k.b == d.b and k.converged == d.converged


def test_kernel_separates_xor_and_circles_within_the_bound() -> None:
    xor = generate("xor", 60, margin=0.5, seed=2)
    r = train(xor.points, xor.labels, mode="kernel", kernel="poly", degree=2)
    nb = novikoff(xor, kernel="poly", degree=2)
    assert r.converged and nb.separable and nb.bound is not None
    assert r.mistakes <= nb.bound
    assert np.all(np.where(r.decision(xor.points) >= 0, 1, -1) == xor.labels)
    assert not novikoff(xor).separable  # not in the plane
    circles = generate("circles", 60, noise=0.05, seed=3)
    for sigma in (0.5, 1.0, 2.0):
        r = train(circles.points, circles.labels, mode="kernel", kernel="rbf", sigma=sigma)
        nb = novikoff(circles, kernel="rbf", sigma=sigma)
        assert r.converged and nb.bound is not None and r.mistakes <= nb.bound


@pytest.mark.long
def test_no_kernel_run_exceeds_its_bound() -> None:
    rng = np.random.default_rng(15)
    checked = 0
    for case in range(25):  # 12 separable sets, of every kernel
        X, y = _random_case(rng)
        kernel = ("linear", "poly", "rbf")[case % 3]
        degree = int(rng.integers(1, 4))
        nb = novikoff(X, y, kernel=kernel, degree=degree, sigma=0.8)
        if not nb.separable:
            continue
        assert nb.bound is not None
        for order in ("first", "cyclic", "random-cyclic", "random"):
            r = train(X, y, mode="kernel", kernel=kernel, degree=degree, sigma=0.8, order=order)  # type: ignore[arg-type]
            assert r.converged and r.mistakes <= nb.bound * (1 + 1e-9)
        checked += 1
    assert checked >= 10


def _qp_gamma2(Q: Any) -> float:
    """min λᵀQλ on the simplex: SLSQP for the support, then the KKT system on it, checked."""
    from scipy.optimize import minimize

    n = Q.shape[0]
    res = minimize(
        lambda lam: lam @ Q @ lam,
        np.full(n, 1.0 / n),
        jac=lambda lam: 2 * Q @ lam,
        bounds=[(0, None)] * n,
        constraints=[
            {"type": "eq", "fun": lambda lam: lam.sum() - 1, "jac": lambda lam: np.ones(n)}
        ],
        method="SLSQP",
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    lam = np.clip(res.x, 0, None)
    S = np.flatnonzero(lam > 1e-7 * lam.max())
    m = S.shape[0]
    A = np.block([[Q[np.ix_(S, S)], np.ones((m, 1))], [np.ones((1, m)), np.zeros((1, 1))]])
    sol = np.linalg.lstsq(A, np.r_[np.zeros(m), 1.0], rcond=None)[0]
    mu = sol[:m]
    full = np.zeros(n)
    full[S] = mu
    g2 = float(full @ Q @ full)
    assert np.all(mu > 0)
    assert np.min(Q @ full) >= g2 - 1e-10 * np.abs(Q).max()  # optimal: no vertex below p
    return g2


@pytest.mark.long
@pytest.mark.parametrize("kernel", ["linear", "poly", "rbf"])
def test_kernel_gamma_matches_an_independent_qp(kernel: str) -> None:
    pytest.importorskip("scipy")
    rng = np.random.default_rng(16)
    checked = 0
    for case in range(12):
        X, y = _random_case(rng)
        # Labels the kernel can separate: a line, a conic, anything (RBF Gram is definite).
        if kernel == "linear":
            f = X @ rng.normal(size=2) + rng.normal()
        elif kernel == "poly":
            f = X[:, 0] * X[:, 1] + rng.normal() * X[:, 0] ** 2 + rng.normal()
        else:
            f = rng.normal(size=X.shape[0])
        y = np.where(f >= 0, 1.0, -1.0)
        y[0], y[-1] = 1.0, -1.0
        bias = case % 2 == 0
        nb = novikoff(X, y, bias=bias, kernel=kernel, degree=2, coef0=1.0, sigma=1.3)
        if not nb.separable:
            continue
        K = kernel_block(X, X, kernel, 2, 1.0, 1.3) + (1.0 if bias else 0.0)
        Q = K * np.outer(y, y)
        gamma = float(np.sqrt(_qp_gamma2(Q)))
        assert abs(nb.gamma - gamma) <= 1e-7 * max(gamma, 1e-3), (case, nb.gamma, gamma)
        assert nb.D == pytest.approx(float(np.sqrt(np.max(np.diag(K)))), rel=1e-15)
        checked += 1
    assert checked >= 3


def test_linear_kernel_bound_equals_the_exact_bound() -> None:
    for seed in range(10):
        d = generate("separable", 25, margin=0.2, seed=seed)
        for bias in (True, False):
            exact = novikoff(d, bias=bias)
            kb = novikoff(d, bias=bias, kernel="linear")
            assert kb.separable == exact.separable
            assert kb.gamma == pytest.approx(exact.gamma, rel=1e-9, abs=1e-12)
            assert kb.D == pytest.approx(exact.D, rel=1e-15)


def test_kernel_bound_refuses_too_many_points() -> None:
    d = generate("circles", KERNEL_BOUND_MAX_N + 1, seed=0)
    with pytest.raises(
        DataError, match=r"too many points for the kernel bound \(N = 2001 > 2000\)"
    ):
        novikoff(d, kernel="rbf")


def _random_labels(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.normal(size=(n, 2)), np.where(rng.random(n) < 0.5, 1, -1)


def test_the_kernel_bounds_time_limit_refuses_rather_than_guess() -> None:
    from perceptron_gui.core.kernel_bound import kernel_novikoff

    # Random labels, narrow RBF: the explicit polish is needed (at N = 150 it took 10 s,
    # at 300 minutes). Cut short, it refuses; it never shows a γ that is not the exact one.
    X, y = _random_labels(100)
    with pytest.raises(DataError, match=r"longer than 0 s to compute for these 100 points"):
        kernel_novikoff(X, y, kernel="rbf", sigma=0.5, time_limit=0.0)
    # Within the limit it changes nothing.
    X, y = _random_labels(60)
    assert kernel_novikoff(X, y, kernel="rbf", sigma=0.5, time_limit=60.0) == novikoff(
        X, y, kernel="rbf", sigma=0.5
    )


def test_kernel_model_matches_the_training_scores() -> None:
    d = generate("circles", 80, noise=0.1, seed=4)
    t = make_trainer(d, TrainConfig(mode="kernel", kernel="rbf", sigma=0.9, max_epochs=3))
    t.run()
    m = t.model
    assert isinstance(m, KernelModel) and not m.is_linear
    np.testing.assert_allclose(m.decision(d.points) * d.labels, t.margins(), rtol=1e-12, atol=1e-9)
    # Against a plain sum over the support points, for every kernel.
    rng = np.random.default_rng(5)
    S, coef, probe = rng.uniform(-3, 3, (50, 2)), rng.normal(size=50), rng.uniform(-4, 4, (30, 2))
    for kernel, degree in (("linear", 1), ("poly", 2), ("poly", 5), ("rbf", 2)):
        km = KernelModel(S, coef, 0.25, kernel, degree, 0.5, 1.7)
        plain = []
        for x in probe:
            f = 0.25
            for s, a in zip(S, coef, strict=True):
                dot = float(x[0] * s[0] + x[1] * s[1])
                if kernel == "linear":
                    f += a * dot
                elif kernel == "poly":
                    f += a * (dot + 0.5) ** degree
                else:
                    f += a * np.exp(-((x[0] - s[0]) ** 2 + (x[1] - s[1]) ** 2) / (2 * 1.7**2))
            plain.append(f)
        scale = np.abs(coef).sum() * np.abs(kernel_block(probe, S, kernel, degree, 0.5, 1.7)).max()
        np.testing.assert_allclose(km.decision(probe), plain, rtol=0, atol=1e-13 * scale)
    lin = make_trainer(d, TrainConfig(mode="kernel", kernel="linear", max_epochs=3))
    lin.run()
    w = lin.model.linear_weights()
    assert w is not None
    np.testing.assert_allclose(
        LinearModel(w, lin.b).decision(d.points), lin.model.decision(d.points), atol=1e-9
    )


def test_a_large_kernel_block_has_the_bits_of_its_rows_one_by_one() -> None:
    # kernel_block works in blocks of rows above 2**18 entries: every entry must keep the
    # bits it has alone (the trainer's Gram matrix against its columns and the model's
    # scores), and the blocks must tile the rows (a last short block included).
    rng = np.random.default_rng(7)
    X, S = rng.uniform(-5, 5, (1100, 2)), rng.uniform(-5, 5, (300, 2))
    for kernel, degree in (("linear", 1), ("poly", 3), ("rbf", 2)):
        whole = kernel_block(X, S, kernel, degree, 0.5, 0.8)
        assert whole.shape == (1100, 300)
        rows = np.vstack([kernel_block(x, S, kernel, degree, 0.5, 0.8) for x in X])
        assert np.array_equal(whole.view(np.int64), rows.view(np.int64)), kernel


# ------------------------------------------------------------- step, back and seek

_MODES: list[dict[str, Any]] = [
    dict(mode="batch"),
    dict(mode="averaged"),
    dict(mode="averaged", order="random-cyclic", seed=3),
    dict(mode="voted"),
    dict(mode="pa", C=0.3),
    dict(mode="pa", order="random-cyclic", C=2.0, bias=False),
    dict(mode="kernel"),
    dict(mode="kernel", kernel="rbf", order="first"),
    dict(mode="kernel", kernel="linear", order="random", seed=5),
    dict(mode="kernel", kernel="poly", degree=3, order="random-cyclic", seed=2),
]


def _state(t: Any) -> tuple[Any, ...]:
    a = t.answer
    probe = np.array([[0.5, -1.0], [2.0, 2.0], [-3.0, 1.0]])
    return (
        t.visits,
        t.k,
        t.w,
        t.b,
        t.converged,
        t.done,
        t.stop_reason,
        t.updates.tolist(),
        t.margins().tolist(),
        None if a is None else a.decision(probe).tolist(),
        t.model.decision(probe).tolist(),
        None if t.alpha is None else t.alpha.tolist(),
        getattr(t, "mistakes", None),
        t.errors(),
        t.next_index(),
    )


@pytest.mark.parametrize("kw", _MODES, ids=lambda kw: "-".join(str(v) for v in kw.values()))
def test_step_back_and_seek_are_exact(kw: dict[str, Any]) -> None:
    d = (
        generate("noisy", 14, noise=0.2, seed=7)
        if kw["mode"] != "kernel"
        else generate("xor", 14, seed=7)
    )
    t = make_trainer(d, TrainConfig(max_updates=60, max_epochs=12, **kw))
    states = [_state(t)]
    while not t.done:
        rec = t.visit()
        if rec is None:
            break
        states.append(_state(t))
    assert len(states) > 3
    # Back one update (or the clean visits after it) at a time, to the start.
    visits = [s[0] for s in states]
    while t.step_back():
        s = _state(t)
        assert s == states[visits.index(s[0])]
    assert _state(t) == states[0]
    rng = np.random.default_rng(0)
    for v in rng.integers(0, visits[-1] + 1, size=25).tolist():
        t.seek(v)
        want = states[max(i for i, x in enumerate(visits) if x <= v)]
        assert _state(t) == want, v
    t.reset()
    assert _state(t) == states[0]
    t.run()
    assert _state(t)[:8] == states[-1][:8]


def test_step_makes_one_update() -> None:
    d = generate("noisy", 20, noise=0.2, seed=1)
    for mode in ("batch", "averaged", "voted", "pa", "kernel"):
        t = make_trainer(d, TrainConfig(mode=mode, max_epochs=5))  # type: ignore[arg-type]
        for k in range(1, 4):
            rec = t.step()
            assert rec is not None and rec.k == k == t.k


# --------------------------------------------------------------------------- CLI


@pytest.fixture
def xor_csv(tmp_path: Path) -> Path:
    p = tmp_path / "xor.csv"
    write_csv(p, generate("xor", 30, seed=2))
    return p


@pytest.mark.parametrize(
    "extra",
    [
        ["--mode", "batch"],
        ["--mode", "averaged", "--order", "random-cyclic"],
        ["--mode", "voted"],
        ["--mode", "pa", "--C", "0.5"],
        ["--mode", "kernel"],
        ["--mode", "kernel", "--kernel", "rbf", "--sigma", "0.8"],
        ["--mode", "kernel", "--kernel", "poly", "--degree", "3", "--coef0", "2"],
    ],
)
def test_cli_modes(capsys: pytest.CaptureFixture[str], xor_csv: Path, extra: list[str]) -> None:
    code = cli.main(["trace", str(xor_csv), "--max-epochs", "20", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "mistakes: k =" in out or "mistakes: " in out or "batch steps: t =" in out
    code = cli.main(["trace", str(xor_csv), "--max-epochs", "20", "--json", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--mode", "pa", "--C", "-1"], ["--C", "C must be"]),
        (["--mode", "averaged", "--order", "first"], ["--order", "does not apply"]),
        (["--mode", "kernel", "--sigma", "0"], ["--sigma", "sigma must be"]),
        (["--mode", "kernel", "--degree", "0"], ["--degree", "degree must be"]),
        (["--mode", "kernel", "--coef0", "-2"], ["--coef0", "coef0 must be"]),
    ],
)
def test_cli_bad_values_one_line(
    capsys: pytest.CaptureFixture[str], xor_csv: Path, extra: list[str], words: list[str]
) -> None:
    code = cli.main(["trace", str(xor_csv), *extra])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    for w in words:
        assert w in lines[0]


def test_cli_kernel_too_many_points_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "big.csv"
    assert cli.main(["generate", "circles", "--n", "2100", "-o", str(p)]) == 0
    code = cli.main(["trace", str(p), "--mode", "kernel", "--kernel", "rbf", "--max-epochs", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "no bound: too many points for the kernel bound" in out


def test_history_columns_of_the_trainer_surface() -> None:
    d = generate("noisy", 20, noise=0.2, seed=1)
    t = make_trainer(d, TrainConfig(mode="pa", max_epochs=2))
    t.run()
    k = t.k
    assert t.history_slice("index").tolist() == t.updates.tolist()
    assert t.history_slice("errors").tolist() == [0] * k
    assert t.history_take("w0", np.array([0, k - 1])).tolist() == [
        t.history_w[0, 0],
        t.history_w[k - 1, 0],
    ]
    assert t.history_value("b", k - 1) == t.b
    assert t.history_slice("mistakes")[-1] <= t.mistakes
    assert t.pocket_w is None and t.answer is None and t.answer_errors is None

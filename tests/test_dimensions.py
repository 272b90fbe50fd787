"""Every mode in R^d (d = 1, 3, 4, 10, 64) against a plain loop and scikit-learn, Qt-free.

The plain loop below is ALGORITHMS.md read literally, one visit at a time in Python
floats; the engine (`core/multi.py`) must give its updates, weights and counts to the bit
(the averaged answer, a sum in another order, to 1e-12). At d = 2 the engine must give
the step-able trainers' bits in every mode and order.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from perceptron_gui.core import TrainConfig, make_dataset, multi, train
from perceptron_gui.core.model import kernel_block
from perceptron_gui.core.registry import spec

MODES = ("primal", "dual", "pocket", "batch", "averaged", "voted", "pa", "kernel", "margin")
ORDERS = ("first", "cyclic", "random-cyclic", "random")
DIMS = (1, 3, 4, 10, 64)


def _case(rng: np.random.Generator, d: int, integer: bool) -> tuple[Any, Any]:
    n = int(rng.integers(6, 30))
    if integer:
        X = rng.integers(-4, 5, size=(n, d)).astype(np.float64)
    else:
        X = rng.normal(0.0, float(rng.uniform(0.3, 3.0)), size=(n, d)) + rng.normal(0, 1, d)
    if rng.random() < 0.5:  # separable through a random hyperplane
        y = np.where(X @ rng.normal(size=d) + 0.3 > 0, 1.0, -1.0)
    else:
        y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[0], y[-1] = 1.0, -1.0
    return X, y


def _dot(a: list[float], w: list[float]) -> float:
    s = a[0] * w[0]
    for j in range(1, len(a)):
        s += a[j] * w[j]
    return s


def plain_loop(X: Any, y: Any, **kw: Any) -> dict[str, Any]:
    """The textbook loop of every mode (not batch), as ALGORITHMS.md words it."""
    c = TrainConfig(**kw)
    n, d = X.shape
    xs = [[float(v) for v in row] for row in X]
    ys = [float(v) for v in y]
    yx = [[ys[i] * v for v in xs[i]] for i in range(n)]
    sq = [_dot(xs[i], xs[i]) for i in range(n)]
    mode, order, eta, bias = c.mode, c.order, float(c.eta), bool(c.bias)
    scores = mode in ("dual", "kernel")
    G = None
    if mode == "kernel":
        G = kernel_block(X, X, c.kernel, c.degree, c.coef0, c.sigma)
    thr = float(c.margin) if mode == "margin" else 0.0
    w = [0.0] * d
    b = 0.0
    f = [0.0] * n
    alpha = [0.0] * n
    mu = c.max_updates if c.max_updates is not None else 10**6
    mv = c.max_epochs * n if c.max_epochs is not None else 2 * 10**8

    def margin(i: int) -> float:
        if scores:
            return (f[i] + b) * ys[i]
        return _dot(yx[i], w) + ys[i] * b

    def wants(i: int) -> bool:
        m = margin(i)
        if mode == "pa":
            return m < 1.0 and sq[i] > 0.0
        return m <= thr

    def count() -> int:
        return sum(wants(j) for j in range(n))

    k = v = clean = mistakes = 0
    ups: list[int] = []
    hw: list[list[float]] = []
    hb: list[float] = []
    he: list[int] = []
    stop = None
    init_errors = count()
    if order == "random" and init_errors == 0:
        stop = "converged"
    while stop is None:
        if k >= mu:
            stop = "update limit"
            break
        if v >= mv:
            stop = "epoch limit"
            break
        if order == "random":
            cands = [j for j in range(n) if wants(j)]
            i = cands[int(np.random.default_rng((c.seed, k, 1)).integers(len(cands)))]
        elif order == "first":
            i = clean
        elif order == "cyclic":
            i = v % n
        else:
            perm = np.random.default_rng((c.seed, v // n)).permutation(n)
            i = int(perm[v % n])
        m = margin(i)
        v += 1
        mistakes += m <= 0.0
        if not wants(i):
            clean += 1
            if clean >= n and clean % n == 0:
                if order in ("first", "cyclic") or count() == 0:
                    stop = "converged"
            continue
        step = eta
        if mode == "pa":
            step = min(float(c.C), (1.0 - m) / sq[i])
        ey = step * ys[i]
        if mode != "kernel":
            w = [w[j] + ey * xs[i][j] for j in range(d)]
        if scores:
            for j in range(n):
                g = G[i, j] if G is not None else _dot(xs[j], xs[i])
                f[j] = f[j] + g * ey
            alpha[i] += eta
        if bias:
            b = b + ey
        k += 1
        clean = 0
        ups.append(i)
        hw.append(list(w))
        hb.append(b)
        if mode == "pocket" or order == "random":
            e = count()
            he.append(e)
            if e == 0:
                stop = "converged"
        else:
            he.append(0)
    converged = stop == "converged" or count() == 0
    out: dict[str, Any] = {
        "updates": ups,
        "w": w,
        "b": b,
        "hw": hw,
        "hb": hb,
        "visits": v,
        "converged": converged,
        "mistakes": mistakes,
        "alpha": alpha,
    }
    if mode == "pocket":
        best = -1
        for j, e in enumerate(he):
            if e < (init_errors if best < 0 else he[best]):
                best = j
        out["pocket"] = (
            ([0.0] * d, 0.0, init_errors) if best < 0 else (hw[best], hb[best], he[best])
        )
    return out


def _settings(rng: np.random.Generator, mode: str) -> dict[str, Any]:
    kw: dict[str, Any] = {"mode": mode, "eta": float(rng.choice([1.0, 0.5, 0.37]))}
    kw["bias"] = bool(rng.random() < 0.8)
    kw["seed"] = int(rng.integers(0, 1000))
    kw["max_updates"] = int(rng.integers(5, 200))
    kw["max_epochs"] = int(rng.integers(1, 12))
    if mode == "pa":
        kw["C"] = float(rng.choice([0.1, 1.0, 3.0]))
    if mode == "margin":
        kw["margin"] = float(rng.choice([0.0, 0.5, 1.0]))
    if mode == "kernel":
        kw["kernel"] = str(rng.choice(["linear", "poly", "rbf"]))
        kw["sigma"] = 2.0
    return kw


@pytest.mark.parametrize("d", DIMS)
@pytest.mark.parametrize("mode", [m for m in MODES if m != "batch"])
def test_every_mode_equals_the_plain_loop(d: int, mode: str) -> None:
    rng = np.random.default_rng(100 * d + MODES.index(mode))
    orders = [o for o in ORDERS if spec(mode).allows(o)]
    for case in range(2 * len(orders)):
        X, y = _case(rng, d, integer=case % 2 == 0)
        kw = _settings(rng, mode)
        kw["order"] = orders[case % len(orders)]
        r = train(X, y, **kw)
        ref = plain_loop(X, y, **kw)
        where = (d, mode, kw)
        assert r.updates.tolist() == ref["updates"], where
        assert r.history_w.shape == (len(ref["updates"]), d)
        assert r.history_b.tolist() == ref["hb"], where
        if mode != "kernel":
            assert r.history_w.tolist() == ref["hw"], where
            assert list(r.w or ()) == ref["w"], where
        assert r.b == ref["b"], where
        assert r.visits == ref["visits"], where
        assert r.converged == ref["converged"], where
        if mode in ("pa", "margin"):
            assert r.mistakes == ref["mistakes"], where
        if mode in ("dual", "kernel"):
            assert r.alpha is not None and r.alpha.tolist() == ref["alpha"], where
        if mode == "pocket":
            pw, pb, pe = ref["pocket"]
            assert (list(r.pocket_w or ()), r.pocket_b, r.pocket_errors) == (pw, pb, pe), where
        if mode == "averaged" and r.visits:
            # The mean of the weights after every visit (summed here in visit order).
            W = np.vstack((np.zeros((1, d)), r.history_w))
            B = np.concatenate(([0.0], r.history_b))
            from perceptron_gui.core.tables import vote_counts

            cnt = vote_counts(r.update_visits, r.visits)
            avg = (cnt[:, None] * W).sum(axis=0) / r.visits
            np.testing.assert_allclose(r.avg_w, avg, rtol=1e-12, atol=1e-12)
            avg_b = float((cnt * B).sum() / r.visits) if kw["bias"] else 0.0
            assert r.avg_b == pytest.approx(avg_b, rel=1e-12, abs=1e-12)
        if mode == "voted":
            assert r.votes is not None and sum(c for _, _, c in r.votes) == r.visits
        # The answer scores points of d features.
        assert r.decision(X).shape == (X.shape[0],)


@pytest.mark.parametrize("d", DIMS)
def test_batch_equals_the_plain_loop(d: int) -> None:
    rng = np.random.default_rng(7 + d)
    for case in range(4):
        X, y = _case(rng, d, integer=case % 2 == 0)
        r = train(X, y, mode="batch", max_epochs=15, bias=bool(case % 3))
        w, b = np.zeros(d), 0.0
        ups = []
        for _ in range(15):
            m = (y[:, None] * X * w).sum(axis=1) if False else None  # noqa: SIM108
            m = np.array([_dot(list(y[i] * X[i]), list(w)) + y[i] * b for i in range(len(y))])
            M = [i for i in range(len(y)) if m[i] <= 0.0]
            if not M:
                break
            s = [0.0] * d
            sb = 0.0
            for i in M:
                s = [s[j] + y[i] * X[i, j] for j in range(d)]
                sb += y[i]
            w = np.array([w[j] + 1.0 * s[j] for j in range(d)])
            b = b + 1.0 * sb if case % 3 else 0.0
            ups.append(M[0])
        assert r.updates.tolist() == ups
        assert list(r.w or ()) == w.tolist() and r.b == b


@pytest.mark.parametrize("mode", MODES)
def test_the_engine_gives_the_plane_trainers_bits(mode: str) -> None:
    """At d = 2 the R^d engine makes the step-able trainers' run, to the bit."""
    rng = np.random.default_rng(MODES.index(mode))
    for order in (o for o in ORDERS if spec(mode).allows(o)):
        for case in range(2):
            X, y = _case(rng, 2, integer=case == 0)
            kw = _settings(rng, mode)
            kw["order"] = order
            a = train(X, y, **kw)
            b = multi.run(make_dataset(X, y), TrainConfig(**kw))
            where = (mode, kw)
            assert a.updates.tolist() == b.updates.tolist(), where
            assert np.array_equal(a.history_w, b.history_w), where
            assert a.history_b.tolist() == b.history_b.tolist(), where
            assert (a.w, a.b, a.visits, a.stop_reason) == (b.w, b.b, b.visits, b.stop_reason)
            assert (a.mistakes, a.converged) == (b.mistakes, b.converged), where
            for name in ("pocket_w", "pocket_b", "pocket_errors", "avg_w", "avg_b", "votes"):
                assert getattr(a, name) == getattr(b, name), (name, where)
            assert np.array_equal(a.decision(X), b.decision(X)), where


# ------------------------------------------------------------------------ scikit-learn


@pytest.fixture
def sklearn_linear() -> Any:
    """scikit-learn's linear models, imported by the tests that use them: at the module's
    top every pytest-xdist worker paid ~2-3 s of CPU importing scikit-learn and SciPy
    while collecting, and without scikit-learn the whole module was skipped."""
    return pytest.importorskip("sklearn.linear_model")


@pytest.mark.long
@pytest.mark.parametrize("d", DIMS)
def test_primal_equals_sklearn_perceptron_bit_for_bit(d: int, sklearn_linear: Any) -> None:
    rng = np.random.default_rng(30 + d)
    for case in range(6):
        X, y = _case(rng, d, integer=case % 2 == 0)
        eta = float(rng.choice([1.0, 0.37, 2.5]))
        bias = bool(case % 3)
        k = int(rng.integers(1, 8))
        sk = sklearn_linear.Perceptron(
            penalty=None, eta0=eta, shuffle=False, tol=None, max_iter=k, fit_intercept=bias
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sk.fit(X, y)
        r = train(X, y, order="cyclic", eta=eta, bias=bias, max_epochs=k)
        assert list(r.w or ()) == sk.coef_[0].tolist(), (d, case)
        assert r.b == (sk.intercept_[0] if bias else 0.0)


@pytest.mark.long
@pytest.mark.parametrize("d", DIMS)
def test_pa_and_averaged_equal_sgdclassifier(d: int, sklearn_linear: Any) -> None:
    rng = np.random.default_rng(60 + d)
    for case in range(6):
        X, y = _case(rng, d, integer=case % 2 == 0)
        bias = bool(case % 3)
        k = int(rng.integers(1, 6))
        C = float(rng.choice([0.1, 1.0]))
        r = train(X, y, mode="pa", C=C, bias=bias, max_epochs=k)
        clf = sklearn_linear.SGDClassifier(
            loss="hinge", penalty=None, learning_rate="pa1", eta0=C, shuffle=False,
            tol=None, max_iter=k, fit_intercept=bias,
        )  # fmt: skip
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            clf.fit(X, y)
        assert list(r.w or ()) == clf.coef_[0].tolist(), (d, case)
        assert r.b == (clf.intercept_[0] if bias else 0.0)
        a = train(X, y, mode="averaged", bias=bias, max_epochs=k)
        if a.converged:
            continue
        sgd = sklearn_linear.SGDClassifier(
            loss="perceptron", penalty=None, learning_rate="constant", eta0=1.0,
            shuffle=False, tol=None, max_iter=k, average=True, fit_intercept=bias,
        )  # fmt: skip
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            sgd.fit(X, y)
        np.testing.assert_allclose(a.avg_w, sgd.coef_[0], rtol=1e-9, atol=1e-12)


def test_kernel_values_in_d_dimensions() -> None:
    rng = np.random.default_rng(5)
    X, S = rng.normal(size=(7, 5)), rng.normal(size=(4, 5))
    dots = np.array([[sum(a * b for a, b in zip(x, s, strict=True)) for s in S] for x in X])
    np.testing.assert_allclose(kernel_block(X, S, "linear"), dots, rtol=1e-12)
    np.testing.assert_allclose(kernel_block(X, S, "poly", 3, 1.0), (dots + 1) ** 3, rtol=1e-12)
    d2 = ((X[:, None, :] - S[None, :, :]) ** 2).sum(axis=2)
    np.testing.assert_allclose(
        kernel_block(X, S, "rbf", sigma=1.5), np.exp(-d2 / (2 * 1.5**2)), rtol=1e-12
    )
    x1 = rng.normal(size=(3, 1))
    np.testing.assert_allclose(kernel_block(x1, x1, "linear"), x1 @ x1.T, rtol=1e-12)


def test_initial_weights_must_have_d_numbers() -> None:
    X = np.eye(3)
    y = np.array([1.0, -1.0, 1.0])
    r = train(X, y, w0=(0.5, 0.0, 0.0), max_epochs=3)
    assert r.history_w.shape[1] == 3
    from perceptron_gui.core import DataError

    with pytest.raises(DataError, match="w0 has 2 number"):
        train(X, y, w0=(1.0, 2.0))


# ------------------------------------------------------------------ the bound in R^d


def _qp_gamma(X: Any, y: Any, bias: bool) -> float:
    """γ = 1/||u*|| of the hard-margin QP ``min ||u||², y_i u·x̂_i >= 1`` (scipy's SLSQP)."""
    from scipy.optimize import minimize

    Xh = np.hstack([X, np.ones((len(X), 1))]) if bias else X
    Z = y[:, None] * Xh
    res = minimize(
        lambda u: u @ u,
        np.zeros(Z.shape[1]),
        jac=lambda u: 2 * u,
        method="SLSQP",
        constraints=[{"type": "ineq", "fun": lambda u: Z @ u - 1.0, "jac": lambda u: Z}],
        options={"ftol": 1e-16, "maxiter": 1000},
    )
    assert (Z @ res.x).min() >= 1.0 - 1e-9  # feasible
    return float(1.0 / np.linalg.norm(res.x))


@pytest.mark.long
@pytest.mark.parametrize("d", DIMS)
def test_gamma_equals_an_independent_qp(d: int) -> None:
    from perceptron_gui.core import novikoff

    pytest.importorskip("scipy")
    rng = np.random.default_rng(90 + d)
    for case in range(3):
        n = int(rng.integers(10, 60))
        X = rng.normal(size=(n, d))
        u = rng.normal(size=d)
        bias = case != 1
        y = np.where(X @ u + (0.2 if bias else 0.0) > 0, 1.0, -1.0)
        X = X + 0.3 * y[:, None] * u / np.linalg.norm(u)  # a margin, so the QP is well posed
        bd = novikoff(X, y, bias=bias)
        assert bd.separable and len(bd.direction) == d + bias
        assert bd.gamma == pytest.approx(_qp_gamma(X, y, bias), rel=1e-7)
        Xh = np.hstack([X, np.ones((n, 1))]) if bias else X
        assert bd.D == pytest.approx(float(np.sqrt((Xh**2).sum(axis=1).max())), rel=1e-15)
        assert bd.bound == pytest.approx((bd.D / bd.gamma) ** 2, rel=1e-12)
        for order in ORDERS:  # the theorem: any order makes at most (D/γ)² updates
            r = train(X, y, order=order, bias=bias, seed=case)
            assert r.converged and len(r.updates) <= bd.bound


def test_the_plain_python_path_gives_the_compiled_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(4)
    runs = []
    for mode in MODES:
        for order in (o for o in ORDERS if spec(mode).allows(o)):
            X, y = _case(rng, 4, integer=False)
            kw = _settings(rng, mode)
            kw["order"] = order
            runs.append((X, y, kw, train(X, y, **kw)))
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    for X, y, kw, r in runs:
        p = train(X, y, **kw)
        assert p.updates.tolist() == r.updates.tolist() and p.b == r.b, kw
        assert np.array_equal(p.history_w, r.history_w), kw


# ------------------------------------------------------------------ the w-aligned view


@pytest.mark.parametrize("d", DIMS)
def test_the_view_puts_the_hyperplane_vertical_at_true_distances(d: int) -> None:
    from perceptron_gui.core.projection import line_u, project, view_axes

    rng = np.random.default_rng(200 + d)
    X, y = _case(rng, d, integer=False)
    r = train(X, y, max_epochs=3)
    w, b = np.array(r.w), r.b
    a1, a2 = view_axes(X, w)
    assert np.linalg.norm(a1) == pytest.approx(1.0, abs=1e-12)
    if d > 1:
        assert np.linalg.norm(a2) == pytest.approx(1.0, abs=1e-12)
        assert abs(a1 @ a2) < 1e-12
    np.testing.assert_allclose(a1, w / np.linalg.norm(w), atol=1e-15)
    if d > 1:
        # a2: the first principal direction of the data off a1, as an SVD of those data
        # (N × d) finds it; the view takes it from the d × d scatter by repeated squaring.
        Xc = X - X.mean(axis=0)
        rest = Xc - np.outer(Xc @ a1, a1)
        top = np.linalg.svd(rest, full_matrices=False)[2][0]
        assert abs(abs(a2 @ top) - 1.0) < 1e-9
        nz = np.flatnonzero(np.abs(a2) > 1e-12)
        assert a2[nz[0]] > 0  # its sign fixed: the view does not flip
    uv = project(X, (a1, a2))
    u0 = line_u(w, b)
    assert u0 is not None
    # Each point's horizontal distance to the line is its signed distance y(w·x+b)/||w||.
    true = y * (X @ w + b) / np.linalg.norm(w)
    np.testing.assert_allclose(y * (uv[:, 0] - u0), true, rtol=1e-9, atol=1e-9)
    # At w = 0 the axes are the first two principal directions.
    p1, p2 = view_axes(X, np.zeros(d))
    Xc = X - X.mean(axis=0)
    top = np.linalg.svd(Xc, full_matrices=False)[2][0]
    assert abs(abs(p1 @ top) - 1.0) < 1e-9
    if d > 1:
        assert abs(p1 @ p2) < 1e-12 and np.linalg.norm(p2) == pytest.approx(1.0)


def test_the_view_basis_of_a_data_set_gives_the_axes_for_any_w() -> None:
    """`ViewBasis` (the data set's mean and scatter, kept by the window while the points
    stay) gives `view_axes`' numbers bit for bit, and a2 is the SVD's direction: on the
    digits (64-D), on data spread almost only along w (the scatter's difference would keep
    rounding: the data off w are taken), on data on a line along w, and with the top
    direction off w repeated (any unit vector of that plane, orthogonal to a1)."""
    from perceptron_gui.core.examples import load_example
    from perceptron_gui.core.projection import ViewBasis, view_axes

    def off_w(X: np.ndarray, a1: np.ndarray) -> np.ndarray:
        Xc = X - X.mean(axis=0)
        return Xc - np.outer(Xc @ a1, a1)

    rng = np.random.default_rng(7)
    digits = load_example("digits:3:8").data.points
    basis = ViewBasis(digits)
    for _ in range(5):
        w = rng.normal(size=64)
        a1, a2 = basis.axes(w)
        b1, b2 = view_axes(digits, w)
        assert np.array_equal(a1, b1) and np.array_equal(a2, b2)
        top = np.linalg.svd(off_w(digits, a1), full_matrices=False)[2][0]
        assert abs(abs(a2 @ top) - 1.0) < 1e-9 and abs(a1 @ a2) < 1e-15
    # Almost all of the spread along w = e1 (1e6 against 1e-3 off it, one direction).
    t = rng.normal(size=40)
    X = np.column_stack((1e6 * t, 1e-3 * rng.normal(size=40), np.zeros(40), np.zeros(40)))
    a1, a2 = view_axes(X, [1.0, 0, 0, 0])
    top = np.linalg.svd(off_w(X, a1), full_matrices=False)[2][0]
    assert abs(abs(a2 @ top) - 1.0) < 1e-9
    # On a line along w: a unit a2 orthogonal to a1.
    a1, a2 = view_axes(np.outer(t, [1.0, 2.0, 3.0]), [1.0, 2.0, 3.0])
    assert abs(np.linalg.norm(a2) - 1.0) < 1e-12 and abs(a1 @ a2) < 1e-12
    # The spread off w the same in x2 and x3: a2 in their plane.
    X = np.column_stack((rng.normal(size=8), [1, -1, 0, 0, 1, -1, 0, 0], [0, 0, 1, -1] * 2))
    a1, a2 = view_axes(X.astype(float), [1.0, 0, 0])
    assert abs(a2[0]) < 1e-12 and abs(np.linalg.norm(a2) - 1.0) < 1e-12


def test_the_kernel_bound_holds_in_d_dimensions() -> None:
    from perceptron_gui.core import novikoff

    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 5))
    y = np.where((X**2).sum(axis=1) > 5, 1.0, -1.0)  # a ball: separable by the poly kernel
    b = novikoff(X, y, kernel="poly")
    assert b.separable and b.bound is not None
    r = train(X, y, mode="kernel", max_epochs=50)
    assert r.converged and len(r.updates) <= b.bound

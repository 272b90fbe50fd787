"""Exact at the edges (issue 17): RBF far from the origin, narrow σ, the dual's w0."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import DataError, TrainConfig, novikoff, train
from perceptron_gui.core.config import MODES
from perceptron_gui.core.kernel_bound import KERNEL_BOUND_MAX_N
from perceptron_gui.core.model import KernelModel, check_rbf_sigma, kernel_block

LI_HANG = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
LI_HANG_Y = [1, 1, -1]


def direct_rbf_sum(model: KernelModel, x: tuple[float, float]) -> tuple[float, float]:
    """f(x) by a plain loop with math.exp and the direct difference; and its scale."""
    f, scale = model.b, abs(model.b)
    for (s0, s1), c in zip(model.support.tolist(), model.coef.tolist(), strict=True):
        k = math.exp(-((x[0] - s0) ** 2 + (x[1] - s1) ** 2) / (2.0 * model.sigma**2))
        f += c * k
        scale += abs(c) * k
    return f, scale


def test_rbf_far_from_the_origin_classifies_its_training_points() -> None:
    X = [[1e8 + 0.1, 1e8 + 0.7], [1e8 + 2.3, 1e8 + 0.2], [1e8 + 0.4, 1e8 + 1.9]]
    y = [1, -1, -1]
    r = train(X, y, mode="kernel", kernel="rbf", sigma=1)
    assert r.converged
    f = r.decision(X)
    assert np.all(np.array(y) * f > 0)  # the issue: point 3 got +0.865 (true -0.108)
    assert f[2] == pytest.approx(-0.108, abs=1e-3)


@pytest.mark.parametrize("offset", [0.0, 1e4, 1e6, 3e7, 1e8])
def test_rbf_decision_agrees_with_a_direct_sum(offset: float) -> None:
    rng = np.random.default_rng(int(offset) % 97)
    S = offset + rng.normal(size=(40, 2)) * 2.0
    coef = rng.normal(size=40)
    model = KernelModel(S, coef, 0.25, "rbf", sigma=1.3)
    Q = offset + rng.normal(size=(200, 2)) * 3.0
    got = model.decision(Q)
    for q, g in zip(Q.tolist(), got.tolist(), strict=True):
        want, scale = direct_rbf_sum(model, (q[0], q[1]))
        assert abs(g - want) <= 1e-12 * scale


@pytest.mark.parametrize("sigma", [1e-8, 1e-20, 1e-154, 1e-200, 5e-324])
def test_narrow_sigma_is_refused_naming_sigma_never_inf_or_nan(sigma: float) -> None:
    # Every pair of distinct points has exp(-d²/(2σ²)) = 0: a clear refusal.
    with pytest.raises(DataError, match="σ = .* too narrow"):
        train(LI_HANG, LI_HANG_Y, mode="kernel", kernel="rbf", sigma=sigma)
    # The kernel values themselves stay finite (identity on the data), no warning.
    K = kernel_block(LI_HANG, LI_HANG, "rbf", sigma=sigma)
    assert np.array_equal(K, np.eye(3))


def test_narrow_sigma_accepted_while_one_pair_can_be_told_from_zero() -> None:
    # d = 1 between x1 and x2: K = exp(-1/(2σ²)) > 0 for σ = 0.03 (about 1e-241).
    r = train(LI_HANG, LI_HANG_Y, mode="kernel", kernel="rbf", sigma=0.03)
    f = r.decision(LI_HANG)
    assert r.converged and np.all(np.isfinite(f)) and np.all(np.array(LI_HANG_Y) * f > 0)
    # Duplicates (d = 0) do not count as a pair that can be told from 0.
    with pytest.raises(DataError, match="σ"):
        check_rbf_sigma([[0, 0], [0, 0], [5, 5]], 1e-3)
    check_rbf_sigma([[0, 0], [0, 0], [5, 5]], 1.0)


def test_the_narrow_sigma_check_matches_every_pair_looked_at() -> None:
    """Refused exactly when every pair of distinct points has a kernel value of 0 (the
    quick look at neighbours in x and the sweep against all pairs; duplicates, R^1, R^3)."""
    rng = np.random.default_rng(7)
    for trial in range(300):
        dim = (1, 2, 2, 3)[trial % 4]
        n = int(rng.integers(2, 30))
        P = np.round(rng.normal(size=(n, dim)) * 10.0 ** rng.integers(0, 3), 1)
        P[rng.integers(0, n, size=n // 3)] = P[0]  # duplicates
        sigma = float(10.0 ** rng.uniform(-3, 0))
        with np.errstate(all="ignore"):
            K = kernel_block(P, P, "rbf", sigma=sigma)
        distinct = (P[:, None, :] != P[None, :, :]).any(axis=2)
        refused = not bool(((K > 0.0) & distinct).any())
        if refused:
            with pytest.raises(DataError, match="σ"):
                check_rbf_sigma(P, sigma)
        else:
            check_rbf_sigma(P, sigma)


def test_narrow_sigma_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "li.csv"
    p.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n")
    code = cli.main(["trace", str(p), "--mode", "kernel", "--kernel", "rbf", "--sigma", "1e-200"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "σ = 1e-200 is too narrow" in err and "--sigma" in err and "Traceback" not in err


def test_the_dual_form_refuses_w0_and_takes_b0() -> None:
    with pytest.raises(DataError, match="w0 do not apply to the dual form"):
        train(LI_HANG, LI_HANG_Y, mode="dual", w0=(1e17, 0.0))
    r = train(LI_HANG, LI_HANG_Y, mode="dual", b0=0.5)
    assert r.converged
    primal = train(LI_HANG, LI_HANG_Y, mode="primal", b0=0.5)
    assert (r.w, r.b) == (primal.w, primal.b)
    assert TrainConfig(mode="dual", w0=(0.0, -0.0)).w0 == (0.0, -0.0)


# --------------------------------------------------------------------------- overflow policy

SCALE = 2.0**995  # the largest numbers reached on Li Hang's data: ~1e300


def scaled(v: Any) -> Any:
    return None if v is None else tuple(x * SCALE for x in v)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_at_eta_2_995_makes_the_eta_1_updates_scaled(mode: str) -> None:
    # Only a real inf or NaN stops a run: before, batch, averaged, voted, PA and kernel
    # stopped "overflow" with no update as soon as (|w1| + |w2|)·max|x| + |b| > 1e300.
    kw: dict[str, Any] = {"kernel": "linear"} if mode == "kernel" else {}
    one = train(LI_HANG, LI_HANG_Y, mode=mode, eta=1.0, **kw)
    if mode == "margin":  # its threshold is in the units of w·x + b: scaled with η
        kw["margin"] = SCALE
    big = train(LI_HANG, LI_HANG_Y, mode=mode, eta=SCALE, **kw)
    assert one.converged and big.converged and big.stop_reason == "converged"
    assert np.array_equal(one.updates, big.updates) and len(one.updates) > 0
    factor = 1.0 if mode == "pa" else SCALE  # PA's step τ does not use η
    assert big.b == one.b * factor
    if mode == "kernel":
        assert np.array_equal(np.asarray(big.alpha), np.asarray(one.alpha) * SCALE)
        assert np.array_equal(big.decision(LI_HANG), one.decision(LI_HANG) * SCALE)
    else:
        assert one.w is not None and big.w == (one.w[0] * factor, one.w[1] * factor)
    if mode == "averaged":
        assert big.avg_w == scaled(one.avg_w) and big.avg_b == one.avg_b * SCALE
    if mode == "voted":
        assert np.array_equal(big.decision(LI_HANG), one.decision(LI_HANG))


@pytest.mark.parametrize("mode", [m for m in MODES if m != "pa"])
def test_points_at_1e150_converge_in_every_perceptron_mode(mode: str) -> None:
    # Scores reach 2e300 after the first update: finite, so training goes on.
    X = [[1e150, 1e150], [-1e150, 3.0], [2.0, -1e150]]
    y = [1, -1, 1]
    kw: dict[str, Any] = {"kernel": "linear"} if mode == "kernel" else {}
    r = train(X, y, mode=mode, **kw)
    primal = train(X, y)
    assert r.stop_reason == "converged" and primal.stop_reason == "converged"
    if mode not in ("averaged", "voted"):  # their answers need not separate the points
        assert np.all(np.array(y) * r.decision(X) > 0)
    if mode not in ("batch", "kernel"):
        assert np.array_equal(r.updates, primal.updates) and r.w == primal.w


def test_a_real_overflow_still_stops_every_mode() -> None:
    X = [[1e150, 1e150], [-1e150, 1.0]]
    for mode in MODES:
        if mode == "pa":
            continue  # τ = loss/‖x‖² is tiny here: nothing overflows
        kw: dict[str, Any] = {"kernel": "linear"} if mode == "kernel" else {}
        r = train(X, [1, -1], mode=mode, eta=1e300, **kw)
        assert r.stop_reason == "overflow" and not r.converged, mode


# --------------------------------------------------------------------------- kernel bound


def lawson_hanson_gamma(Q: np.ndarray) -> tuple[float, float]:
    """An independent QP: Lawson-Hanson's active set on the hard-margin dual
    ``min ½ αᵀQα - Σα, α >= 0`` (γ² = 1/Σα at the optimum). Returns a certified bracket
    (lower, upper) of γ from the final α: any α >= 0 gives both ends."""
    n = Q.shape[0]
    P = np.zeros(n, bool)
    a = np.zeros(n)
    for _ in range(3 * n + 50):
        r = 1.0 - Q @ a
        cand = np.where(~P, r, -np.inf)
        j = int(np.argmax(cand))
        if cand[j] <= 1e-12 * max(1.0, float(np.abs(r).max())):
            break
        P[j] = True
        for _ in range(n + 1):
            idx = np.flatnonzero(P)
            s = np.zeros(n)
            s[idx] = np.linalg.lstsq(Q[np.ix_(idx, idx)], np.ones(idx.size), rcond=None)[0]
            if np.all(s[idx] > 0):
                a = s
                break
            neg = idx[s[idx] <= 0]
            a = a + float(np.min(a[neg] / (a[neg] - s[neg]))) * (s - a)
            P &= a > 1e-300
            a[~P] = 0.0
    g = Q @ a
    w2 = float(a @ g)
    return float(g.min()) / math.sqrt(w2), math.sqrt(w2) / float(a.sum())


@pytest.mark.long
def test_kernel_bound_agrees_with_an_independent_qp_on_random_label_rbf_sets() -> None:
    # Random labels make γ/D small (1e-6 .. 1e-4): the Gram-only Wolfe iteration used to
    # refuse ~6 % of these as "out of reach of float arithmetic".
    certified = 0
    for seed in (7, 8, 12, 13, 33, 55, 78, 82, *range(100, 116)):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(21, 61))
        sigma = float(rng.uniform(0.7, 3.0))
        bias = bool(rng.integers(2))
        X = rng.uniform(-3, 3, size=(n, 2))
        y = rng.choice([-1, 1], size=n)
        K = kernel_block(X, X, "rbf", sigma=sigma) + (1.0 if bias else 0.0)
        Q = K * y[:, None] * y[None, :]
        lo, up = lawson_hanson_gamma(0.5 * (Q + Q.T))
        D = math.sqrt(float(K.diagonal().max()))
        b = novikoff(X, y, bias=bias, kernel="rbf", sigma=sigma)
        assert b.D == D
        if up / lo - 1.0 < 1e-7 and lo > 1e-7 * D:  # the QP certifies γ
            certified += 1
            assert b.separable and abs(b.gamma - lo) <= 1e-6 * lo, (seed, b.gamma, lo)
            assert b.gamma <= up * (1 + 1e-12)  # the reported γ keeps (D/γ)² a bound
    assert certified >= 18


def test_kernel_bound_keeps_its_point_limit() -> None:
    X = np.random.default_rng(0).normal(size=(KERNEL_BOUND_MAX_N + 1, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    with pytest.raises(DataError, match=f"N = {KERNEL_BOUND_MAX_N + 1} > {KERNEL_BOUND_MAX_N}"):
        novikoff(X, y, kernel="rbf")

"""The proof's quantities against independent values (plain loops, hand-worked numbers)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core.config import ORDERS, TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.novikoff import novikoff
from perceptron_gui.core.proof import NOT_FROM_ZERO, NOT_SEPARABLE, proof_curves, proof_state
from perceptron_gui.core.trainer import Trainer

# The trainer of the primal updates (the other modes have their own tests).
MODES = ("primal", "dual", "pocket")

EX = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
XOR = make_dataset([[0, 0], [1, 1], [0, 1], [1, 0]], [-1, -1, 1, 1])

# Rounding: with integer points and a dyadic η the weights ŵ_k are exact, but û*, γ and
# D are floats rounded once (relative error ~1e-16) and the dot product, the hypot and
# the products k·η·γ, η·D·√k round too. An inequality can be tight in exact arithmetic
# (the worked example has progress_k = k γ exactly at every k, since every update is on
# a point at margin exactly γ; a first update on a point of norm D gives norm_1 = η D),
# so the tests allow 1e-12 of the size of the quantities compared, far above those
# roundings (~1e-15) and far below any real violation on these data.
TOL = 1e-12


def separable_data(rng: np.random.Generator, n: int) -> Dataset:
    """Integer points labelled by a random line that none of them lies on."""
    while True:
        X = rng.integers(-8, 9, size=(n, 2)).astype(float)
        w, b = rng.integers(-4, 5, size=2).astype(float), float(rng.integers(-6, 7))
        s = X @ w + b
        if np.all(s != 0) and np.any(w != 0):
            return make_dataset(X, np.where(s > 0, 1, -1))


def loop_weights(trainer: Trainer) -> list[tuple[float, ...]]:
    """ŵ_0..ŵ_k by the textbook loop over the updates: ŵ += η y_i x̂_i (Python floats)."""
    c = trainer.config
    w = [float(c.w0[0]), float(c.w0[1])] + ([float(c.b0)] if c.bias else [])
    out = [tuple(w)]
    pts = trainer.data.points.tolist()
    labels = trainer.data.labels.tolist()
    for i in trainer.updates.tolist():
        xh = pts[i] + ([1.0] if c.bias else [])
        w = [wj + c.eta * labels[i] * xj for wj, xj in zip(w, xh, strict=True)]
        out.append(tuple(w))
    return out


def assert_inequalities(trainer: Trainer, curves) -> None:  # noqa: ANN001
    p, pl = curves.progress, curves.progress_lower
    nm, nu = curves.norm, curves.norm_upper
    assert np.all(p >= pl - TOL * (nm + pl)), "progress_k >= k η γ"
    assert np.all(nm <= nu * (1 + TOL)), "||ŵ_k|| <= η D √k"
    assert np.all(curves.cos[1:] >= curves.cos_lower[1:] - TOL), "cos_k >= √k γ / D"
    assert np.all(curves.cos[1:] <= 1 + TOL)


def test_worked_example_by_hand() -> None:
    # x1 = (3,3)+, x2 = (4,3)+, x3 = (1,1)-, η = 1, bias on, order "first".
    # z_i = y_i x̂_i: z1 = (3,3,1), z2 = (4,3,1), z3 = (-1,-1,-1).
    # D² = max(19, 26, 3) = 26. The nearest hull point to 0 is along (1,1,-4):
    # û* = (1,1,-4)/√18, margins z·û* = 2/√18, 3/√18, 2/√18, so γ = 2/√18 = √2/3,
    # γ² = 2/9 and (D/γ)² = 26·9/2 = 117.
    bound = novikoff(EX, bias=True)
    assert bound.bound == pytest.approx(117.0, rel=1e-12)
    assert bound.gamma == pytest.approx(math.sqrt(2) / 3, rel=1e-12)
    t = make_trainer(EX, TrainConfig(order="first"))
    t.run()
    assert t.k == 7
    # ŵ_k (see test_trainer's table): (3,3,1) (2,2,0) (1,1,-1) (0,0,-2) (3,3,-1) (2,2,-2)
    # (1,1,-3); ŵ_k·(1,1,-4) = 2, 4, 6, 8, 10, 12, 14 = 2k, so progress_k = 2k/√18 = k γ:
    # the first inequality is an equality at every k (every update is on x1 or x3,
    # both at margin exactly γ).
    # At k = 7: progress = 14/√18 ≈ 3.29983; lower = 7 γ, the same;
    # norm = ||(1,1,-3)|| = √11 ≈ 3.31662; upper = √26 √7 = √182 ≈ 13.49074;
    # cos = 14/(√18 √11) = 14/√198 ≈ 0.994937; cos_lower = √7 (√2/3)/√26 = √(14/234)
    # ≈ 0.244600.
    s = proof_state(t, bound)
    assert s["applies"] is True and s["reason"] == "" and s["k"] == 7
    assert s["progress"] == pytest.approx(14 / math.sqrt(18), rel=1e-14)
    assert s["progress_lower"] == pytest.approx(14 / math.sqrt(18), rel=1e-14)
    assert s["norm"] == pytest.approx(math.sqrt(11), rel=1e-14)
    assert s["norm_upper"] == pytest.approx(math.sqrt(182), rel=1e-14)
    assert s["cos"] == pytest.approx(14 / math.sqrt(198), rel=1e-14)
    assert s["cos_lower"] == pytest.approx(math.sqrt(14 / 234), rel=1e-14)
    c = proof_curves(t, bound)
    assert c.k.tolist() == list(range(8))
    assert c.progress * math.sqrt(18) == pytest.approx(2.0 * np.arange(8), abs=1e-12)
    assert c.norm**2 == pytest.approx([0, 19, 8, 3, 4, 19, 12, 11], abs=1e-12)
    assert math.isnan(c.cos[0]) and c.progress[0] == 0.0 and c.norm_upper[0] == 0.0
    assert_inequalities(t, c)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("bias", [True, False])
def test_inequalities_hold_on_random_separable_data(mode: str, order: str, bias: bool) -> None:
    rng = np.random.default_rng([MODES.index(mode), ORDERS.index(order), bias])
    for trial in range(12):
        data = separable_data(rng, int(rng.integers(2, 25)))
        if not bias:
            # Through the origin: label by a line through 0 instead.
            X = data.points
            w = rng.integers(-4, 5, size=2).astype(float)
            keep = X @ w != 0
            if not np.any(w) or keep.sum() < 2:
                continue
            data = make_dataset(X[keep], np.where(X[keep] @ w > 0, 1, -1))
        eta = float(rng.choice([1.0, 0.5, 0.25, 2.0]))
        cfg = TrainConfig(mode=mode, order=order, bias=bias, eta=eta, seed=trial)  # type: ignore[arg-type]
        t = make_trainer(data, cfg)
        t.run(max_updates=2000)
        bound = novikoff(data, bias=bias)
        assert bound.separable
        c = proof_curves(t, bound)
        assert c.applies and c.reason == ""
        assert c.k.shape == (t.k + 1,)
        assert_inequalities(t, c)
        assert t.converged and t.k <= bound.bound * (1 + TOL)  # the theorem itself
        # The curves against the weights recomputed by a plain loop over the updates.
        u = bound.direction
        for kk, wh in enumerate(loop_weights(t)):
            assert c.progress[kk] == pytest.approx(
                math.fsum(a * b for a, b in zip(wh, u, strict=True)), rel=1e-12, abs=1e-12
            )
            assert c.norm[kk] == pytest.approx(math.sqrt(math.fsum(a * a for a in wh)), rel=1e-14)
            assert c.progress_lower[kk] == pytest.approx(kk * eta * bound.gamma, rel=1e-15)
            assert c.norm_upper[kk] == pytest.approx(eta * bound.D * math.sqrt(kk), rel=1e-15)
        # The state is the curves' last entry, bit for bit.
        s = proof_state(t, bound)
        assert s["k"] == t.k
        for name in ("progress", "progress_lower", "norm", "norm_upper", "cos_lower"):
            assert s[name] == float(getattr(c, name)[-1])
        assert s["cos"] == (None if t.k == 0 else float(c.cos[-1]))


def test_dual_and_pocket_give_the_primal_curves() -> None:
    # The dual's implicit ŵ and the pocket's running weights are the primal's.
    rng = np.random.default_rng(5)
    data = separable_data(rng, 15)
    bound = novikoff(data, bias=True)
    curves = {}
    for mode in MODES:
        t = make_trainer(data, TrainConfig(mode=mode, order="cyclic"))
        t.run()
        curves[mode] = proof_curves(t, bound)
    for mode in ("dual", "pocket"):
        assert curves[mode].progress.tolist() == curves["primal"].progress.tolist()
        assert curves[mode].norm.tolist() == curves["primal"].norm.tolist()


def test_online_single_pass() -> None:
    rng = np.random.default_rng(11)
    for _ in range(20):
        data = separable_data(rng, int(rng.integers(2, 30)))
        t = make_trainer(data, TrainConfig(order="cyclic"))
        for _ in range(data.n):
            t.visit()
        assert t.visits == data.n
        bound = novikoff(data, bias=True)
        c = proof_curves(t, bound)
        assert c.applies and c.k[-1] == t.k
        assert_inequalities(t, c)


def test_after_step_back_and_seek_the_curves_follow_the_trainer() -> None:
    t = make_trainer(EX, TrainConfig(order="first"))
    bound = novikoff(EX)
    t.run()
    t.seek_update(3)
    c = proof_curves(t, bound)
    assert c.k.tolist() == [0, 1, 2, 3]
    assert proof_state(t, bound)["norm"] == pytest.approx(math.sqrt(3))


def test_not_separable_xor() -> None:
    bound = novikoff(XOR, bias=True)
    t = make_trainer(XOR, TrainConfig(mode="pocket", order="random", max_updates=50))
    t.run()
    c = proof_curves(t, bound)
    assert not c.applies and c.reason == NOT_SEPARABLE
    assert c.k.shape == (51,)
    # Numbers are still given: û* = 0 and γ = 0, so progress and its bound are 0.
    assert not np.any(c.progress) and not np.any(c.progress_lower)
    s = proof_state(t, bound)
    assert s["applies"] is False and s["reason"] == NOT_SEPARABLE


@pytest.mark.parametrize(
    ("w0", "b0", "bias", "applies"),
    [
        ((1.0, 0.0), 0.0, True, False),
        ((0.0, 0.0), -2.0, True, False),
        ((0.0, -0.5), 0.0, False, False),
        ((0.0, 0.0), 5.0, False, True),  # b0 is ignored with the bias off: ŵ_0 = w0 = 0
    ],
)
def test_not_from_zero(w0: tuple[float, float], b0: float, bias: bool, applies: bool) -> None:
    data = make_dataset([[3, 3], [4, 3], [-1, -1]], [1, 1, -1])
    bound = novikoff(data, bias=bias)
    t = make_trainer(data, TrainConfig(w0=w0, b0=b0, bias=bias))
    t.run()
    c = proof_curves(t, bound)
    assert c.applies is applies
    assert c.reason == ("" if applies else NOT_FROM_ZERO)
    assert c.progress[0] == pytest.approx(
        sum(a * b for a, b in zip((*w0, b0), bound.direction, strict=True))
        if bias
        else w0[0] * bound.direction[0] + w0[1] * bound.direction[1]
    )


def test_bound_for_the_other_bias_is_refused() -> None:
    t = make_trainer(EX, TrainConfig(bias=False))
    with pytest.raises(ValueError, match="bias"):
        proof_curves(t, novikoff(EX, bias=True))


def test_start_and_empty() -> None:
    t = make_trainer(EX, TrainConfig())
    s = proof_state(t, novikoff(EX))
    assert s["k"] == 0 and s["cos"] is None and s["progress"] == 0.0 and s["norm_upper"] == 0.0
    e = make_dataset(np.zeros((0, 2)), np.zeros(0))
    c = proof_curves(make_trainer(e, TrainConfig()), novikoff(e))
    assert not c.applies and c.k.tolist() == [0] and c.cos_lower.tolist() == [0.0]


def test_a_subset_of_k_equals_the_full_curves() -> None:
    rng = np.random.default_rng(3)
    data = separable_data(rng, 40)
    t = make_trainer(data, TrainConfig(order="random", seed=2))
    t.run()
    bound = novikoff(data)
    full = proof_curves(t, bound)
    ks = rng.integers(0, t.k + 1, size=17)
    part = proof_curves(t, bound, ks=ks)
    assert part.k.tolist() == ks.tolist()
    for name in ("progress", "progress_lower", "norm", "norm_upper", "cos", "cos_lower"):
        np.testing.assert_array_equal(getattr(part, name), getattr(full, name)[ks])
    with pytest.raises(ValueError, match="update counts"):
        proof_curves(t, bound, ks=[t.k + 1])


def test_norms_of_huge_and_tiny_weights() -> None:
    # η = 1e200 on coordinates ~1: the squares of ŵ would overflow; η = 1e-200: underflow.
    data = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    for eta in (1e200, 1e-200):
        t = make_trainer(data, TrainConfig(order="first", eta=eta))
        t.run()
        c = proof_curves(t, novikoff(data))
        assert t.k == 7 and np.all(np.isfinite(c.norm)) and np.all(np.isfinite(c.cos[1:]))
        assert c.norm[-1] == pytest.approx(eta * math.sqrt(11), rel=1e-14)
        assert c.cos[-1] == pytest.approx(14 / math.sqrt(198), rel=1e-14)
        assert_inequalities(t, c)

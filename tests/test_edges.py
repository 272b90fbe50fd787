"""Exact at the edges (issue 17): RBF far from the origin, narrow σ, the dual's w0."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core import DataError, TrainConfig, cli, train
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

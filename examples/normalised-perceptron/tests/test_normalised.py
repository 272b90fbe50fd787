"""The example plugin's own tests (run them with the plugin installed:
``pip install -e examples/normalised-perceptron && pytest examples/normalised-perceptron``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core import generate, make_dataset, make_trainer, novikoff, train
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.registry import REGISTRY

if "normalised" not in REGISTRY:
    pytest.skip("the plugin is not installed (pip install -e it)", allow_module_level=True)

X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0], [0.5, 2.0]])
Y = np.array([1, 1, -1, -1])


def plain_loop(
    x: np.ndarray, y: np.ndarray, eta: float, bias: bool
) -> tuple[list[float], float, int]:
    """The rule as written: cyclic visits; on y(w·x + b) <= 0 and x̂ != 0,
    w += (η/‖x̂‖) y x and b += (η/‖x̂‖) y."""
    w, b, k, clean, i = [0.0, 0.0], 0.0, 0, 0, 0
    while clean < len(x):
        p, t = x[i], float(y[i])
        norm = math.sqrt(p[0] ** 2 + p[1] ** 2 + (1.0 if bias else 0.0))
        if t * (w[0] * p[0] + w[1] * p[1] + b) <= 0 and norm > 0:
            s = eta / norm * t
            w, k, clean = [w[0] + s * p[0], w[1] + s * p[1]], k + 1, 0
            b = b + s if bias else b
        else:
            clean += 1
        i = (i + 1) % len(x)
    return w, b, k


def test_the_mode_is_registered_from_its_entry_point() -> None:
    assert MODES[-1] == "normalised" or "normalised" in MODES
    s = REGISTRY["normalised"]
    assert s.scale_symbol == "η′" and s.step_formula == "η′ = η/‖x̂‖" and s.tip


@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("eta", [1.0, 0.25])
def test_train_is_the_plain_loop(bias: bool, eta: float) -> None:
    x, y = X, Y
    if not bias:  # shifted to be separable through the origin, and the origin itself:
        x, y = np.vstack([X - 2.0, [[0.0, 0.0]]]), np.append(Y, 1)  # a mistake, never updated
    r = train(x, y, mode="normalised", order="cyclic", eta=eta, bias=bias, max_epochs=200)
    w, b, k = plain_loop(x, y, eta, bias)
    assert len(r.updates) == k
    assert list(r.w) == pytest.approx(w, rel=1e-12) and r.b == pytest.approx(b, rel=1e-12)


def test_going_back_gives_the_weights_of_stepping_there() -> None:
    d = generate("separable", 30, seed=3)
    config = TrainConfig(mode="normalised", order="random-cyclic", eta=0.7, seed=5)
    t = make_trainer(d, config)
    stepped = []
    while t.step() is not None:
        stepped.append((t.w, t.b))
    assert t.converged and len(stepped) > 2
    for k in (1, len(stepped) // 2, len(stepped)):
        t.seek_update(k)
        assert (t.w, t.b) == stepped[k - 1]


def test_its_updates_stay_within_novikoffs_bound() -> None:
    for seed in range(5):
        d = generate("separable", 40, seed=seed)
        bound = novikoff(d)
        r = train(d.points, d.labels, mode="normalised", order="cyclic")
        assert r.converged and bound.bound is not None and len(r.updates) <= bound.bound
        config = TrainConfig(mode="normalised")
        assert REGISTRY["normalised"].bound(config, d.n, bound).value == bound.bound


def test_a_step_is_eta_over_the_norm() -> None:
    t = make_trainer(make_dataset(X, Y), TrainConfig(mode="normalised", eta=0.5))
    rec = t.step()
    assert rec is not None and rec.index == 0
    assert rec.scale == 0.5 / math.sqrt(19.0)
    assert t.w == (3 * rec.scale, 3 * rec.scale) and t.b == rec.scale

"""The example plugin's own tests (run them with the plugin installed:
``pip install -e examples/normalised-perceptron && pytest examples/normalised-perceptron``)."""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

import numpy as np
import pytest

from perceptron_gui.cli.command import main as cli
from perceptron_gui.core import fast, generate, make_dataset, make_trainer, novikoff, train
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.registry import REGISTRY

if "normalised" not in REGISTRY:
    pytest.skip("the plugin is not installed (pip install -e it)", allow_module_level=True)

X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0], [0.5, 2.0]])
Y = np.array([1, 1, -1, -1])


def length(p: np.ndarray, bias: bool, norm: str) -> float:
    """‖x̂‖ of the point p in the norm `norm`, as written."""
    xh = [abs(p[0]), abs(p[1])] + ([1.0] if bias else [])
    if norm == "l1":
        return sum(xh)
    if norm == "max":
        return max(xh)
    return math.sqrt(sum(v * v for v in xh))


def plain_loop(
    x: np.ndarray, y: np.ndarray, eta: float, bias: bool, norm: str = "l2"
) -> tuple[list[float], float, int]:
    """The rule as written: cyclic visits; on y(w·x + b) <= 0 and x̂ != 0,
    w += (η/‖x̂‖) y x and b += (η/‖x̂‖) y."""
    w, b, k, clean, i = [0.0, 0.0], 0.0, 0, 0, 0
    while clean < len(x):
        p, t = x[i], float(y[i])
        size = length(p, bias, norm)
        if t * (w[0] * p[0] + w[1] * p[1] + b) <= 0 and size > 0:
            s = eta / size * t
            w, k, clean = [w[0] + s * p[0], w[1] + s * p[1]], k + 1, 0
            b = b + s if bias else b
        else:
            clean += 1
        i = (i + 1) % len(x)
    return w, b, k


def noisy(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """n points, 10 % of their labels flipped: never converges, so every run has its k."""
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 2))
    y = np.where(x[:, 0] + 0.5 * x[:, 1] > 0, 1, -1)
    y[rng.random(n) < 0.1] *= -1
    return x, y


def bits(r: Any) -> tuple[Any, ...]:
    return (
        r.stop_reason, r.visits, r.n_mistakes, r.w, r.b, r.updates.tobytes(),
        r.history_w.tobytes(), r.history_b.tobytes(),
    )  # fmt: skip


def test_the_mode_is_registered_from_its_entry_point() -> None:
    assert MODES[-1] == "normalised" or "normalised" in MODES
    s = REGISTRY["normalised"]
    assert s.scale_symbol == "η′" and s.step_formula == "η′ = η/‖x̂‖" and s.tip


@pytest.mark.parametrize("norm", ["l2", "l1", "max"])
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("eta", [1.0, 0.25])
def test_train_is_the_plain_loop(bias: bool, eta: float, norm: str) -> None:
    x, y = X, Y
    if not bias:  # shifted to be separable through the origin, and the origin itself:
        x, y = np.vstack([X - 2.0, [[0.0, 0.0]]]), np.append(Y, 1)  # a mistake, never updated
    r = train(
        x, y, mode="normalised", order="cyclic", eta=eta, bias=bias, max_epochs=200, norm=norm
    )
    w, b, k = plain_loop(x, y, eta, bias, norm)
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


def test_its_setting_is_declared_once() -> None:
    assert TrainConfig().get("norm") == "l2"  # every config carries it, at its default
    assert TrainConfig.of(mode="normalised", norm="max").get("norm") == "max"
    with pytest.raises(DataError, match="^norm must be one of l1, l2, max, not 'l3'$"):
        train(X, Y, mode="normalised", norm="l3")


def test_its_option_on_the_command_line(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.csv"
    data.write_text("x1,x2,y\n" + "".join(f"{a},{c},{t}\n" for (a, c), t in zip(X, Y, strict=True)))
    assert cli(["trace", str(data), "--mode", "normalised", "--norm", "l1", "--json"]) == 0
    doc = __import__("json").loads(capsys.readouterr().out)
    r = train(X, Y, mode="normalised", norm="l1")
    assert doc["w"] == list(r.w) and doc["b"] == r.b and doc["bound_rule"] == "3(D/γ)²"
    assert cli(["trace", str(data), "--mode", "normalised", "--norm", "l1"]) == 0
    assert "normalised form, norm = l1, order cyclic" in capsys.readouterr().out


def test_its_rd_rule_keeps_its_promise() -> None:
    """`rd_rule` names the step the loop for d != 2 features runs for this mode; it must be
    the trainer's rule. The example names none (η/‖x̂‖ is none of the loop's steps), so
    such data is refused; had it claimed "threshold" (the primal's step, by η),
    `check_mode` (both paths on a few sets in the plane, bit for bit) would say so, and
    the program would refuse to run it in R^d rather than run the primal's rule."""
    from dataclasses import replace

    from perceptron_gui.core.registry import check_mode

    assert check_mode("normalised") == []
    with pytest.raises(DataError, match="runs on points with 2 features only"):
        train(np.hstack([X, X[:, :1]]), Y, mode="normalised")
    claim = replace(REGISTRY["normalised"], mode="normalised-claim", rd_rule="threshold")
    REGISTRY.register(claim)
    try:
        problems = check_mode("normalised-claim")
        assert problems and all("updates" in p for p in problems), problems
        with pytest.raises(DataError, match="does not compute what its trainer does"):
            train(np.hstack([X, X[:, :1]]), Y, mode="normalised-claim")
    finally:
        REGISTRY.unregister(claim.mode)


@pytest.mark.parametrize("norm", ["l1", "max"])
def test_other_norms_stay_within_their_bound(norm: str) -> None:
    for seed in range(5):
        d = generate("separable", 40, seed=seed)
        bound = novikoff(d)
        r = train(d.points, d.labels, mode="normalised", order="cyclic", norm=norm)
        config = TrainConfig.of(mode="normalised", norm=norm)
        value = REGISTRY["normalised"].bound(config, d.n, bound).value
        assert bound.bound is not None and value == 3 * bound.bound
        assert r.converged and len(r.updates) <= value


# ------------------------------------------------------------------ the compiled step


@pytest.fixture(scope="module")
def compiled() -> None:
    if not fast.warm_up():
        pytest.skip("numba is not available")


def run_both(monkeypatch: pytest.MonkeyPatch, x: Any, y: Any, **cfg: Any) -> tuple[Any, Any]:
    """(the numpy path's result, the compiled loop's) of one run."""
    d, config = make_dataset(x, y), TrainConfig.of(mode="normalised", **cfg)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = make_trainer(d, config)
    assert fast.run_to_end(slow).startswith("numpy")
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    quick = make_trainer(d, config)
    assert fast.run_to_end(quick) == "compiled (rule 'normalised')"
    return slow.result(), quick.result()


@pytest.mark.parametrize("order", ["cyclic", "random-cyclic", "first"])
@pytest.mark.parametrize("norm", ["l2", "l1", "max"])
@pytest.mark.parametrize("bias", [True, False])
def test_the_compiled_step_gives_the_numpy_paths_bits(
    compiled: None, monkeypatch: pytest.MonkeyPatch, order: str, norm: str, bias: bool
) -> None:
    x, y = noisy(3000, seed=2)
    x[7] = 0.0  # the origin: never updated on without the bias
    slow, quick = run_both(
        monkeypatch, x, y, order=order, norm=norm, bias=bias, eta=0.3, seed=4, max_epochs=4
    )
    assert bits(quick) == bits(slow)
    assert len(quick.updates) > 500


def test_the_compiled_step_converges_as_numpy_does(
    compiled: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = generate("separable", 400, seed=1)
    slow, quick = run_both(monkeypatch, d.points, d.labels, order="random-cyclic", seed=2)
    assert quick.converged and bits(quick) == bits(slow)


def test_the_compiled_step_is_within_3x_of_the_primal(compiled: None) -> None:
    """10⁵ updates on the compiled loop, against the primal's, medians in this process."""
    x, y = noisy(10_000)

    def seconds(mode: str) -> float:
        times = []
        for _ in range(5):
            t = make_trainer(make_dataset(x, y), TrainConfig.of(mode=mode, max_updates=100_000))
            t0 = time.perf_counter()
            assert fast.run_to_end(t).startswith("compiled")
            times.append(time.perf_counter() - t0)
            assert t.k == 100_000
        return statistics.median(times)

    seconds("normalised")  # the first call of each loop is not timed
    seconds("primal")
    ratio = seconds("normalised") / seconds("primal")
    assert ratio < 3.0, f"normalised / primal = {ratio:.2f}"

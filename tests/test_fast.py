"""The compiled loop (core/fast.py) gives the numpy path's numbers to the bit, and
scikit-learn's; the numpy path stays in use until it is warmed up or when disabled."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import fast
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.registry import REGISTRY, spec
from perceptron_gui.core.trainer import Trainer

#: The modes of the primal engine (core/trainer.py), whose compiled loop this file checks.
MODES = tuple(m for m, s in REGISTRY.items() if s.trainer is Trainer)
ORDERS = ("first", "cyclic", "random-cyclic", "random")


@pytest.fixture(scope="session")
def jit() -> None:
    """Compile once per session (a few seconds cold, under one from numba's disk cache)."""
    assert fast.available(), "numba is a dependency: it must import"
    assert fast.warm_up() and fast.ready()


def make(d, cfg: TrainConfig, jit_on: bool, monkeypatch: pytest.MonkeyPatch) -> Trainer:
    with monkeypatch.context() as m:
        if not jit_on:
            m.setenv("PERCEPTRON_GUI_NO_JIT", "1")
        t = Trainer(d, cfg)
    assert (t._fast is not None) == (jit_on and (cfg.order != "random" or cfg.seed < 2**32))
    return t


def state(t: Trainer) -> tuple:
    cols = tuple(t.history_slice(c).tobytes() for c in Trainer.HISTORY_COLUMNS)
    alpha = None if t.alpha is None else t.alpha.tobytes()
    return (
        cols,
        t.k,
        t.visits,
        t.stop_reason,
        t.converged,
        np.array([*t.w, t.b]).tobytes(),
        t.pocket_w,
        t.pocket_b,
        t.pocket_errors,
        alpha,
        t.margins().tobytes(),
        t.misclassified().tobytes(),
    )


def random_data(rng: np.random.Generator, trial: int):
    n = int(rng.integers(1, 80))
    kind = trial % 3
    if kind == 0:  # integers: ties at exactly 0 happen
        X = rng.integers(-6, 7, size=(n, 2)).astype(float)
    elif kind == 1:
        X = rng.normal(size=(n, 2)) * rng.uniform(0.01, 100)
    else:  # near the float64 limit: some updates take the exact overflow check
        X = rng.integers(-4, 5, size=(n, 2)) * 2.5e149
    if rng.random() < 0.5:
        y = np.where(X @ rng.normal(size=2) + rng.normal() > 0, 1.0, -1.0)
    else:
        y = rng.choice([-1.0, 1.0], size=n)
    return make_dataset(X, y)


@pytest.mark.parametrize("mode", MODES)
def test_compiled_equals_numpy_bit_for_bit(jit, monkeypatch, mode: str) -> None:
    rng = np.random.default_rng(MODES.index(mode) + 1)
    takes_w0 = spec(mode).takes_w0
    for trial in range(30):  # every kind of data, order and stop (overflow too) within 30
        d = random_data(rng, trial)
        for order in ORDERS:
            cfg = TrainConfig(
                mode=mode,
                order=order,
                eta=float(rng.choice([1.0, 0.1, 3.7, 1e150])),
                bias=bool(rng.integers(2)),
                seed=trial,
                max_updates=int(rng.integers(1, 500)),
                w0=(float(rng.normal()), 0.0) if trial % 4 == 0 and takes_w0 else (0.0, 0.0),
            )
            a = make(d, cfg, True, monkeypatch)
            b = make(d, cfg, False, monkeypatch)
            a.run()
            b.run()
            assert state(a) == state(b), (trial, order, cfg)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_compiled_equals_numpy_through_steps_and_seeks(jit, monkeypatch, mode, order) -> None:
    rng = np.random.default_rng(11)
    for trial in range(6):
        d = random_data(rng, 0 if trial % 2 else 1)
        cfg = TrainConfig(mode=mode, order=order, seed=trial, max_updates=3000)
        a = make(d, cfg, True, monkeypatch)
        b = make(d, cfg, False, monkeypatch)
        for _ in range(40):
            op = int(rng.integers(6))
            arg = int(rng.integers(1, 200))
            for t in (a, b):
                if op == 0:
                    t.step()
                elif op == 1:
                    t.visit()
                elif op == 2:
                    t.run(max_updates=arg // 4)
                elif op == 3:
                    t.step_back()
                elif op == 4:
                    t.seek(max(0, t.visits - arg // 6))
                else:
                    t.run(max_visits=arg)
            assert state(a) == state(b), (trial, op)


def test_long_dual_run_with_snapshots_and_seek(jit, monkeypatch) -> None:
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 2))
    y = rng.choice([-1.0, 1.0], size=300)
    d = make_dataset(X, y)
    cfg = TrainConfig(mode="dual", order="random-cyclic", max_updates=2500, eta=0.3)
    a = make(d, cfg, True, monkeypatch)
    b = make(d, cfg, False, monkeypatch)
    a.run()
    b.run()
    assert state(a) == state(b)
    for v in (a.visits // 3, 7, a.visits - 1):
        a.seek(v)
        b.seek(v)
        assert state(a) == state(b)
        a.run(max_updates=100)
        b.run(max_updates=100)
        assert state(a) == state(b)


@pytest.mark.long
def test_compiled_draw_is_numpys_generator(jit) -> None:
    rng = np.random.default_rng(0)
    cases = [(0, 0, 1), (0, 0, 2), (0, 1, 7), (2**32 - 1, 0, 10**7), (5, 2**32 - 1, 3)]
    for t in range(20_000):
        seed = int(rng.integers(0, 2**32)) if t % 2 else int(rng.integers(0, 50))
        k = int(rng.integers(0, 10**6)) if t % 3 else int(rng.integers(0, 3))
        count = int(rng.integers(1, 10**7)) if t % 2 else int(rng.integers(1, 20))
        cases.append((seed, k, count))
    for seed, k, count in cases:
        want = int(np.random.default_rng((seed, k, 1)).integers(count))
        assert fast.draw(seed, k, count) == want, (seed, k, count)


def test_random_order_with_a_huge_seed_keeps_numpy(jit, monkeypatch) -> None:
    d = make_dataset([[1.0, 1.0], [-1.0, -1.0], [0.5, -2.0]], [1, -1, 1])
    cfg = TrainConfig(order="random", seed=2**40, max_updates=50)
    a = make(d, cfg, True, monkeypatch)  # asserts that it is the numpy path
    b = make(d, cfg, False, monkeypatch)
    a.run()
    b.run()
    assert state(a) == state(b)


@pytest.mark.long
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("eta", [1.0, 0.37])
def test_compiled_equals_sklearn(jit, monkeypatch, bias: bool, eta: float) -> None:
    from sklearn.linear_model import Perceptron

    rng = np.random.default_rng(8)
    for _ in range(10):
        n = int(rng.integers(5, 2000))
        X = rng.normal(size=(n, 2)) * rng.uniform(0.1, 10)
        y = np.where(X @ rng.normal(size=2) + rng.normal() > 0, 1.0, -1.0)
        flip = rng.random(n) < 0.1
        y[flip] = -y[flip]
        if len(set(y.tolist())) < 2:
            continue
        epochs = int(rng.integers(1, 8))
        sk = Perceptron(
            penalty=None, eta0=eta, shuffle=False, tol=None, max_iter=epochs, fit_intercept=bias
        ).fit(X, y)
        cfg = TrainConfig(order="cyclic", eta=eta, bias=bias, max_epochs=epochs)
        t = make(make_dataset(X, y), cfg, True, monkeypatch)
        t.run()
        assert t.w == (sk.coef_[0, 0], sk.coef_[0, 1])  # to the bit
        assert t.b == (sk.intercept_[0] if bias else 0.0)


def test_no_jit_switch(monkeypatch) -> None:
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    assert not fast.available() and fast.kernel() is None and not fast.warm_up()
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "0")
    assert fast.available()


@pytest.mark.long  # (test_architecture::test_core_imports_no_qt: every core and CLI module)
def test_core_import_does_not_import_numba() -> None:
    import subprocess
    import sys

    code = (
        "import sys, perceptron_gui.core.trainer, perceptron_gui.cli.command; "
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

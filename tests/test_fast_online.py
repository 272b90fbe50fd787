"""The compiled loop of the online modes (issue 17, "Every mode compiled").

Averaged, voted, passive-aggressive, margin and kernel runs give the same bits with
``PERCEPTRON_GUI_NO_JIT=1`` (the numpy path) as on the compiled loop: history, counts,
answer (votes, average, α and scores), stop reason and the last update's record.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    if not fast.warm_up():
        pytest.skip("numba is not available")


def noisy(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] + 0.4 * rng.normal(size=n) > 0, 1, -1)
    return X, y


def state(tr: Any) -> tuple[Any, ...]:
    r = tr.result()
    cols = tuple(tr.history_slice(c).tobytes() for c in tr.HISTORY_COLUMNS)
    return (
        r.stop_reason, r.converged, r.visits, r.n_mistakes, r.w, r.b, tr.k, tr.epoch,
        repr(getattr(r, "votes", None)), repr(getattr(r, "avg_w", None)),
        repr(getattr(r, "avg_b", None)), repr(tr.last), tr.next_index(), cols,
        None if tr.alpha is None else (tr.alpha.tobytes(), tr._f.tobytes()),
    )  # fmt: skip


def both(
    monkeypatch: pytest.MonkeyPatch, X: Any, y: Any, **cfg: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...], Any]:
    """(numpy path's state, compiled loop's state, the compiled trainer) of one run."""
    d = make_dataset(X, y)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = make_trainer(d, TrainConfig(**cfg))
    assert slow._fast is None
    slow.run()
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    quick = make_trainer(d, TrainConfig(**cfg))
    assert quick._fast is not None
    quick.run()
    return state(slow), state(quick), quick


CASES = [
    ("averaged", {}),
    ("voted", {}),
    ("pa", {"C": 0.5}),
    ("pa", {"C": 1e9}),
    ("margin", {"margin": 0.3}),
]


@pytest.mark.long
@pytest.mark.parametrize("order", ["cyclic", "random-cyclic"])
@pytest.mark.parametrize(("mode", "extra"), CASES)
def test_noisy_runs_have_the_same_bits_compiled(
    mode: str, extra: dict[str, Any], order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    X, y = noisy(10_000, seed=1)
    slow, quick, tr = both(monkeypatch, X, y, mode=mode, order=order, max_epochs=3, seed=5, **extra)
    assert quick == slow
    assert slow[0] == "epoch limit" and tr.k > 3000


def test_the_margin_perceptron_in_the_first_order(monkeypatch: pytest.MonkeyPatch) -> None:
    X, y = noisy(2000, seed=2)
    slow, quick, tr = both(
        monkeypatch, X, y, mode="margin", order="first", margin=0.1, max_updates=3000
    )
    assert quick == slow and slow[0] == "update limit" and tr.k == 3000


@pytest.mark.parametrize(("mode", "extra"), CASES)
def test_update_limits_and_convergence(
    mode: str, extra: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    X, y = noisy(10_000, seed=3)
    slow, quick, _ = both(monkeypatch, X, y, mode=mode, max_updates=4321, **extra)
    assert quick == slow and slow[0] == "update limit"
    # Separable data: converged on both paths, in both orders (random-cyclic checks
    # every point once a clean pass ends).
    keep = np.abs(X[:, 0] + 0.3 * X[:, 1]) > 0.2
    Xs, ys = X[keep][:3000], np.where(X[keep][:3000, 0] + 0.3 * X[keep][:3000, 1] > 0, 1, -1)
    for order in ("cyclic", "random-cyclic"):
        slow, quick, _ = both(monkeypatch, Xs, ys, mode=mode, order=order, seed=1, **extra)
        assert quick == slow and slow[0] == "converged"


@pytest.mark.long
@pytest.mark.parametrize(("mode", "extra"), CASES)
def test_huge_steps_and_real_overflow(
    mode: str, extra: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    X, y = noisy(10_000, seed=4)
    # η = 2^995: the cheap bound fails and the exact check (numpy path) takes over.
    slow, quick, tr = both(monkeypatch, X, y, mode=mode, eta=2.0**995, max_epochs=2, **extra)
    assert quick == slow and tr.k > 10
    # Coordinates near the limit 1e150 and a step to 1e309: the run stops "overflow"
    # (PA's step τ y x scales as 1 / x: it never overflows).
    big = X * 1e149
    slow, quick, _ = both(monkeypatch, big, y, mode=mode, eta=1e160, max_epochs=2, **extra)
    assert quick == slow and (slow[0] == "overflow") == (mode != "pa")


def test_the_timeline_after_a_compiled_run(monkeypatch: pytest.MonkeyPatch) -> None:
    X, y = noisy(10_000, seed=5)
    d = make_dataset(X, y)
    cfg = TrainConfig(mode="voted", order="random-cyclic", max_epochs=3, seed=2)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = make_trainer(d, cfg)
    slow.run(max_visits=12_345)
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    quick = make_trainer(d, cfg)
    quick.run()
    quick.seek(12_345)  # back on the timeline, then forward again
    assert state(quick) == state(slow)
    slow.run()
    quick.run()
    assert state(quick) == state(slow)


KERNELS = [
    {"kernel": "rbf", "sigma": 0.5},
    {"kernel": "poly", "degree": 3, "coef0": 0.5},
    {"kernel": "linear"},
]


@pytest.mark.long
@pytest.mark.parametrize("order", ["cyclic", "random-cyclic", "first"])
@pytest.mark.parametrize("kernel", KERNELS)
def test_kernel_runs_have_the_same_bits_compiled(
    kernel: dict[str, Any], order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    X, y = noisy(2000, seed=6)
    cfg = dict(mode="kernel", order=order, max_updates=3000, seed=4, **kernel)
    slow, quick, tr = both(monkeypatch, X, y, **cfg)
    assert quick == slow and slow[0] == "update limit"
    # Back on the timeline (replayed from the snapshots the compiled run stored).
    d = make_dataset(X, y)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    ref = make_trainer(d, TrainConfig(**cfg))
    ref.run(max_updates=1234)
    tr.seek(ref.visits)
    assert state(tr) == state(ref)


def test_kernel_convergence_and_overflow(monkeypatch: pytest.MonkeyPatch) -> None:
    X, y = noisy(1000, seed=7)
    keep = np.abs(X[:, 0] + 0.3 * X[:, 1]) > 0.2
    Xs, ys = X[keep], np.where(X[keep, 0] + 0.3 * X[keep, 1] > 0, 1, -1)
    for order in ("cyclic", "random-cyclic"):
        slow, quick, _ = both(monkeypatch, Xs, ys, mode="kernel", kernel="linear", order=order)
        assert quick == slow and slow[0] == "converged"
    # (x·z + 1)^20 up to ~1e299 (points of norm 3e7), η = 1e10: a score overflows.
    big = X.copy()
    big[3::7] *= 3e7 / np.hypot(X[3::7, 0], X[3::7, 1])[:, None]
    slow, quick, tr = both(monkeypatch, big, y, mode="kernel", kernel="poly", degree=20, eta=1e10)
    assert quick == slow and slow[0] == "overflow" and tr.k > 0


def test_which_trainers_have_the_compiled_loop() -> None:
    X, y = noisy(3000)
    d = make_dataset(X[:50], y[:50])
    for mode in ("averaged", "voted", "pa", "margin", "kernel"):
        assert make_trainer(d, TrainConfig(mode=mode)).has_compiled_loop
    assert not make_trainer(d, TrainConfig(mode="margin", order="random")).has_compiled_loop
    assert not make_trainer(d, TrainConfig(mode="kernel", order="random")).has_compiled_loop
    # The kernel's Gram matrix above 64 MiB: the numpy path (column by column).
    assert not make_trainer(make_dataset(X, y), TrainConfig(mode="kernel")).has_compiled_loop


def test_a_mode_without_a_compiled_step_runs_on_numpy_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from perceptron_gui.core.margin import MarginTrainer

    class NoStep(MarginTrainer):
        _compiled_rule = None

    # (300 points at a tenth of the JIT thresholds: 2000 points ran 400 000 visits on numpy,
    # 1.7 s of CPU, for a job that is as much "big enough" as this one)
    monkeypatch.setattr(fast, "JIT_MIN_UPDATES", fast.JIT_MIN_UPDATES // 10)
    monkeypatch.setattr(fast, "JIT_MIN_VISITS", fast.JIT_MIN_VISITS // 10)
    X, y = noisy(300)
    config = TrainConfig(mode="margin", max_epochs=200)
    t = NoStep(make_dataset(X, y), config)
    assert t.compiled_rule is None and not t.has_compiled_loop
    assert fast.run_to_end(t).startswith("numpy: this mode has no compiled step")
    quick = make_trainer(make_dataset(X, y), config)
    assert fast.run_to_end(quick) == "compiled (rule 'threshold')"
    assert (t.w, t.b, t.k, t.visits) == (quick.w, quick.b, quick.k, quick.visits)


def test_compiled_rules_are_registered_by_name() -> None:
    from perceptron_gui.core import online

    assert fast.RULES["pa"] is online.PA and fast.RULES["threshold"] is online.THRESHOLD
    # The same functions again (a module loaded twice) give the same rule back.
    assert fast.register_rule("pa", online._pa_wants, online._pa_scale) is online.PA
    with pytest.raises(ValueError, match="registered already"):
        fast.register_rule("pa", lambda m, a, p: True, lambda m, a, eta, p: eta)
    with pytest.raises(ValueError, match="identifier"):
        fast.register_rule("a rule", online._pa_wants, online._pa_scale)
    assert fast.rule_loop(online.PA) is not None and not fast.RULE_PROBLEMS

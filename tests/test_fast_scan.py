"""The compiled loops' blocked scan (issue 34) against the point-by-point loop, and the
compiled and numpy paths of every mode of the registry under the "learn once" policy.

The reference is the same loop run as plain Python with the blocked scan switched off
(`fast.BLOCK_MIN` out of reach), in the same trainer: every visit tested one by one, in
order. The compiled loop must make the same mistakes in the same order with the same
floats: the history, the state and the answer, to the bit.
"""

from __future__ import annotations

import types
from typing import Any

import numpy as np
import pytest

from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer
from perceptron_gui.core.registry import REGISTRY

MODES = tuple(REGISTRY)
#: The orders with a blocked scan (the random order visits a random current mistake).
SCAN_ORDERS = ("first", "cyclic", "random-cyclic")
ORDERS = (*SCAN_ORDERS, "random")


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    if not fast.warm_up():
        pytest.skip("numba is not available")


def point_by_point(trainer: Any) -> Any:
    """The trainer's loop as plain Python, without the blocked scan (one visit at a time)."""
    rule = getattr(trainer, "compiled_rule", None)
    template = fast._run_online_py if rule is not None else fast._run_py
    ns: dict[str, Any] = dict(vars(fast))  # the compiled helpers, bound by warm_up
    ns["BLOCK_MIN"] = 1 << 62
    if rule is not None:
        ns["_wants"] = rule.wants
        ns["_scale"] = rule.scale
    return types.FunctionType(template.__code__, ns, template.__name__)


def floats(w: Any, b: Any) -> bytes | None:
    return None if w is None else np.array([*w, b], dtype=np.float64).tobytes()


def state(tr: Any) -> tuple[Any, ...]:
    r = tr.result()
    cols = tuple(tr.history_slice(c).tobytes() for c in tr.HISTORY_COLUMNS)
    alpha = None if tr.alpha is None else tr.alpha.tobytes()
    return (
        r.stop_reason, r.converged, r.visits, r.n_mistakes, floats(r.w, r.b),
        tr.k, tr.epoch, repr(getattr(r, "votes", None)), repr(getattr(r, "avg_w", None)),
        repr(getattr(r, "avg_b", None)), repr(getattr(r, "pocket_w", None)),
        repr(getattr(r, "pocket_errors", None)), tr.next_index(), cols, alpha,
        tr.margins().tobytes(),
    )  # fmt: skip


def scan_data(rng: np.random.Generator, trial: int) -> Any:
    """Data sets with long clean runs (where blocks are scanned), ties and huge numbers."""
    n = int(rng.integers(20, 240))
    kind = trial % 5
    if kind == 0:  # small integers: y·f = 0 exactly, often (the start w = 0 too)
        X = rng.integers(-4, 5, size=(n, 2)).astype(float)
    elif kind == 1:  # a wide margin: long clean runs, clean blocks, convergence
        X = rng.normal(size=(n, 2)) * rng.uniform(0.01, 100)
        X[:, 0] += np.where(rng.random(n) < 0.5, 3.0, -3.0) * np.abs(X).max()
    elif kind == 2:  # huge coordinates: updates that take the exact overflow check
        X = rng.integers(-4, 5, size=(n, 2)) * 2.5e149
    elif kind == 3:  # a point on the line with both labels: a tie at every pass
        X = rng.normal(size=(n, 2))
        X[1] = X[0]
    else:  # mixed magnitudes
        X = rng.normal(size=(n, 2)) * 10.0 ** rng.integers(-150, 150, size=(n, 1))
    u = rng.normal(size=2)
    y = np.where(X @ u + 0.1 * rng.normal() * np.abs(X).max() >= 0, 1.0, -1.0)
    if kind == 3:
        y[1] = -y[0]
    if trial % 7 == 6:  # a few flipped labels
        flip = rng.random(n) < 0.03
        y[flip] = -y[flip]
    return make_dataset(X, y)


def config(rng: np.random.Generator, mode: str, order: str, n: int, trial: int) -> TrainConfig:
    takes_w0 = REGISTRY[mode].takes_w0
    return TrainConfig(
        mode=mode,
        order=order,
        eta=float(rng.choice([1.0, 0.1, 3.7, 1e150])),
        bias=bool(rng.integers(2)),
        seed=trial,
        max_epochs=max(2, 1500 // n),
        w0=(float(rng.normal()), 1.0) if trial % 4 == 0 and takes_w0 else (0.0, 0.0),
    )


def check_scan(mode: str, trials: int, seed: int) -> int:
    """Blocked (compiled) against point-by-point (Python) on `trials` data sets; returns
    the runs compared."""
    rng = np.random.default_rng(seed)
    runs = 0
    for trial in range(trials):
        d = scan_data(rng, trial)
        for order in SCAN_ORDERS:
            if not REGISTRY[mode].allows(order):
                continue
            cfg = config(rng, mode, order, d.n, trial)
            # numpy's scalars warn of overflows where numba is silent (and a kernel's
            # scores may overflow with the huge coordinates): the same on both sides.
            with np.errstate(all="ignore"):
                quick = make_trainer(d, cfg)
                if getattr(quick, "_fast", None) is None:
                    continue  # no compiled loop for this mode (batch): nothing scanned
                slow = make_trainer(d, cfg)
                slow._fast = point_by_point(slow)
                quick.run()
                slow.run()
                assert state(quick) == state(slow), (trial, order, cfg)
            runs += 1
    return runs


@pytest.mark.parametrize("mode", MODES)
def test_the_blocked_scan_equals_the_point_by_point_loop(mode: str) -> None:
    check_scan(mode, trials=4, seed=MODES.index(mode))


@pytest.mark.long
@pytest.mark.parametrize("mode", MODES)
def test_the_blocked_scan_equals_the_point_by_point_loop_on_many_data_sets(mode: str) -> None:
    check_scan(mode, trials=60, seed=100 + MODES.index(mode))


def test_a_clean_run_is_passed_in_blocks() -> None:
    # The blocked scan is really taken: a separable set converges with far fewer Python
    # visits than the reference makes (the reference counts its calls of the helpers).
    rng = np.random.default_rng(3)
    X = rng.normal(size=(10_000, 2))
    X[:, 0] += np.where(X[:, 0] > 0, 0.5, -0.5)
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    d = make_dataset(X, y)
    quick = make_trainer(d, TrainConfig(order="cyclic"))
    assert quick._fast is fast.kernel()
    calls = []
    block_bad = fast._block_bad
    slow = make_trainer(d, TrainConfig(order="cyclic"))
    loop = point_by_point(slow)
    loop.__globals__["BLOCK_MIN"] = fast.BLOCK_MIN  # the blocked scan, in Python
    loop.__globals__["_block_bad"] = lambda *a: calls.append(a[1] - a[0]) or block_bad(*a)
    slow._fast = loop
    quick.run()
    slow.run()
    assert state(quick) == state(slow) and quick.converged
    assert max(calls) == fast.BLOCK_MAX and sum(calls) > quick.visits // 2


@pytest.mark.parametrize(
    ("mode", "order"), [(m, o) for m in MODES for o in ORDERS if REGISTRY[m].allows(o)]
)
def test_every_mode_uses_the_loaded_loop_whatever_the_size_with_numpys_bits(
    mode: str, order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Once the compiled code is loaded (this process: conftest), a small job is compiled
    # too, and the numpy path (PERCEPTRON_GUI_NO_JIT=1) gives the same bits.
    rng = np.random.default_rng(ORDERS.index(order))
    X = rng.normal(size=(150, 2))
    y = np.where(X[:, 0] + 0.4 * X[:, 1] + 0.3 * rng.normal(size=150) > 0, 1.0, -1.0)
    d = make_dataset(X, y)
    cfg = TrainConfig(mode=mode, order=order, max_epochs=4, seed=9)
    quick = make_trainer(d, cfg)
    said = fast.run_to_end(quick)
    if getattr(quick, "_fast", None) is not None:
        assert said.startswith("compiled"), said
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = make_trainer(d, cfg)
    assert getattr(slow, "_fast", None) is None
    assert fast.run_to_end(slow).startswith("numpy")
    assert state(quick) == state(slow)

"""The compiled loop of the online modes (issue 17, "Every mode compiled").

Averaged, voted, passive-aggressive, margin and kernel runs give the same bits with
``PERCEPTRON_GUI_NO_JIT=1`` (the numpy path) as on the compiled loop: history, counts,
answer (votes, average, α and scores), stop reason and the last update's record.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer
from perceptron_gui.core.model import kernel_block
from perceptron_gui.core.registry import REGISTRY

MODES = tuple(REGISTRY)


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


def on_numpy(
    monkeypatch: pytest.MonkeyPatch, d: Any, cfg: TrainConfig, run: bool = True, **limits: int
) -> Any:
    """A trainer of `d` on the numpy path: made, and run (to `limits`) unless `run` is
    off, with ``PERCEPTRON_GUI_NO_JIT=1``; the variable is as it was afterwards."""
    with monkeypatch.context() as m:
        m.setenv("PERCEPTRON_GUI_NO_JIT", "1")
        slow = make_trainer(d, cfg)
        assert slow._fast is None
        if run:
            slow.run(**limits)
    return slow


def both(
    monkeypatch: pytest.MonkeyPatch, X: Any, y: Any, **cfg: Any
) -> tuple[tuple[Any, ...], tuple[Any, ...], Any]:
    """(numpy path's state, compiled loop's state, the compiled trainer) of one run."""
    d = make_dataset(X, y)
    slow = on_numpy(monkeypatch, d, TrainConfig(**cfg))
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
    slow = on_numpy(monkeypatch, d, cfg, max_visits=12_345)
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


# ---- the kernel perceptron's rows made by the compiled loop (issue 34) -----------------

ROW_KERNELS = [
    ("rbf", 2, 1.0, 0.5),
    ("rbf", 2, 1.0, 1e-3),
    ("rbf", 2, 1.0, 3e151),
    ("linear", 1, 0.0, 1.0),
    ("poly", 1, 0.0, 1.0),
    ("poly", 2, 1.0, 1.0),
    ("poly", 3, 0.5, 1.0),
    ("poly", 7, 2.0, 1.0),
]


def awkward_points(seed: int) -> np.ndarray:
    """Points at every scale from 1e-12 to 1e300, with exact ties and negative zeros."""
    rng = np.random.default_rng(seed)
    scales = np.repeat(10.0 ** rng.integers(-12, 301, size=40).astype(float), 4)
    P = rng.normal(size=(scales.shape[0], 2)) * scales[:, None]
    P = np.concatenate((P, rng.normal(size=(40, 2)), P[:10], [[0.0, -0.0], [-0.0, 0.0]]))
    return rng.permutation(P)


@pytest.mark.parametrize(("kernel", "degree", "coef0", "sigma"), ROW_KERNELS)
def test_the_compiled_kernel_rows_have_numpy_bits(
    kernel: str, degree: int, coef0: float, sigma: float
) -> None:

    if not fast.kernel_rows_exact(kernel):
        pytest.skip("numpy's exp is not the C library's here: numpy makes the Gram matrix")
    for seed in range(3):
        P = awkward_points(seed)
        n = P.shape[0]
        with np.errstate(all="ignore"):  # poly overflows to inf and NaN at 1e300: compared too
            ref = kernel_block(P, P, kernel, degree, coef0, sigma)
        gram = np.zeros((n, n))
        rowmax = np.full(n, -1.0)
        kp = np.array([fast.kernel_code(kernel), degree, coef0, sigma])  # as the trainer's
        x0, x1 = P[:, 0].copy(), P[:, 1].copy()
        for i in range(n):
            fast._kernel_row(gram, rowmax, i, x0, x1, kp)
        assert gram.tobytes() == ref.tobytes()
        # The rows' largest magnitudes bound them (inf where a row has a NaN).
        with np.errstate(invalid="ignore"):
            top = np.where(np.isnan(ref).any(axis=1), np.inf, np.abs(ref).max(axis=1))
        assert np.array_equal(rowmax, top)


def _numpy_calls_glibcs_fma_exp() -> bool:
    """Where numpy's float64 exp is glibc's `__exp_fma` (the one `fast._exp_row` copies):
    x86-64 Linux, glibc 2.28 or later, a CPU with FMA and without AVX-512F (numpy's
    own vector exp)."""
    import platform

    libc, version = platform.libc_ver()
    if platform.machine() != "x86_64" or libc != "glibc":
        return False
    if tuple(int(p) for p in version.split(".")[:2]) < (2, 28):
        return False
    try:
        from pathlib import Path

        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    flags = next((ln.split() for ln in text.splitlines() if ln.startswith("flags")), [])
    return "fma" in flags and "avx2" in flags and "avx512f" not in flags


def test_the_inlined_exp_gives_numpys_bits() -> None:
    """`fast._exp_row` (glibc's exp step for step, inlined in the kernel rows) against
    np.exp on a million numbers the once-a-process check did not see: random bit patterns
    (every exponent, NaN, inf, subnormals), [-746, 0] and its neighbourhood of 0, and
    the rbf rows' own numbers. Where numpy calls glibc's FMA exp the check must pass."""
    if _numpy_calls_glibcs_fma_exp():
        assert fast.exp_exact()
    elif not fast.exp_exact():
        pytest.skip("numpy's exp is not glibc's FMA exp here: the rows call the C library's")
    assert fast.kernel_code("rbf") == fast.RBF_TABLE_EXP
    rng = np.random.default_rng(7)
    x = np.concatenate((
        rng.integers(0, 2**64 - 1, 1 << 18, dtype=np.uint64, endpoint=True).view(np.float64),
        -rng.random(1 << 19) * 746.0, rng.uniform(-1e-3, 1e-3, 1 << 16),
        -((rng.normal(size=1 << 17) / 0.37) ** 2) * 0.5,
    ))  # fmt: skip
    got = x.copy()
    fast._exp_row(got)
    with np.errstate(all="ignore"):
        ref = np.exp(x)
    assert got.tobytes() == ref.tobytes()


def plain_kernel_perceptron(
    P: np.ndarray, y: np.ndarray, order: str, kp: tuple[Any, ...], eta: float, limit: int
) -> tuple[list[int], np.ndarray, np.ndarray, float]:
    """ALGORITHMS.md's kernel perceptron as a plain loop (the "first" and "cyclic" orders):
    f_j += K(x_j, x_i) η y_i on an update on i, one column after another; returns
    (updates, α, f, b)."""

    n = len(y)
    f, alpha, b = np.zeros(n), np.zeros(n), 0.0
    updates: list[int] = []
    v = clean = 0
    while len(updates) < limit and clean < n:
        i = clean if order == "first" else v % n
        v += 1
        if (f[i] + b) * y[i] <= 0.0:
            ey = eta * y[i]
            f = f + kernel_block(P, P[i : i + 1], *kp)[:, 0] * ey
            b += ey
            alpha[i] += eta
            updates.append(i)
            clean = 0
        else:
            clean += 1
    return updates, alpha, f, b


@pytest.mark.parametrize("order", ["first", "cyclic"])
@pytest.mark.parametrize("kernel", KERNELS)
def test_the_compiled_kernel_run_equals_a_plain_loop(kernel: dict[str, Any], order: str) -> None:
    X, y = noisy(300, seed=9)
    X[::17] = X[1::17][: len(X[::17])]  # exact ties: twins, some with the other label
    cfg = TrainConfig(mode="kernel", order=order, max_updates=900, eta=0.5, **kernel)
    tr = make_trainer(make_dataset(X, y), cfg)
    assert tr._fast is not None
    tr.run()
    c = tr.config
    kp = (c.kernel, int(c.degree), float(c.coef0), float(c.sigma))
    updates, alpha, f, b = plain_kernel_perceptron(X, y.astype(float), order, kp, 0.5, 900)
    assert tr.updates.tolist() == updates
    assert (tr.alpha.tobytes(), tr._f.tobytes(), tr.b) == (alpha.tobytes(), f.tobytes(), b)


def snapshots(tr: Any) -> dict[int, tuple[bytes, bytes]]:
    return {k: (s[0].tobytes(), s[1].tobytes()) for k, s in tr._snaps._at.items()}


@pytest.mark.parametrize("rows", ["as here", "numpy's"])
@pytest.mark.parametrize("order", ["first", "cyclic", "random-cyclic"])
@pytest.mark.parametrize("kernel", KERNELS)
def test_kernel_runs_in_pieces_keep_numpy_bits_and_snapshots(
    kernel: dict[str, Any], order: str, rows: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Calls that stop anywhere (the window's steps), ties y f = 0 (no bias: b stays 0),
    the snapshots the loop copies (a stride of 4, doubled as they pile up) and going back;
    with the rows the loop makes where they are numpy's bits (`fast.kernel_rows_exact`),
    and with numpy making each row the loop asks for (`fast.NEEDS_ROW`), as on a CPU
    whose numpy exp is its own."""
    from perceptron_gui.core import online
    from perceptron_gui.core import snapshots as copies

    if rows == "numpy's":
        monkeypatch.setattr(fast, "_rows_exact", dict.fromkeys(fast.KERNEL_CODES, False))
    monkeypatch.setattr(online, "_KERNEL_SNAP_STRIDE", 4)
    monkeypatch.setattr(copies, "SNAPSHOT_BYTES", 16 * 200 * 40)  # 40 copies, then doubled
    monkeypatch.setattr(online, "_SNAP_BUFFER_BYTES", 16 * 200 * 3)  # 3 copies per call
    X, y = noisy(200, seed=10)
    X[::9] = X[1::9][: len(X[::9])]
    cfg = TrainConfig(mode="kernel", order=order, bias=False, max_updates=700, seed=3, **kernel)
    d = make_dataset(X, y)
    slow = on_numpy(monkeypatch, d, cfg, run=False)
    quick = make_trainer(d, cfg)
    assert quick._fast is not None
    rng = np.random.default_rng(1)
    while not slow.done:
        step = int(rng.integers(1, 60))
        slow.run(max_updates=step)
        quick.run(max_updates=step)
        assert state(quick) == state(slow)
        assert snapshots(quick) == snapshots(slow)
    assert slow._snaps.stride > 4  # the copies were thinned out on both
    for k in (0, 333, 5, 700):
        slow.seek_update(k)
        quick.seek_update(k)
        assert state(quick) == state(slow)


def test_huge_coordinates_and_the_numpy_gram_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    X, y = noisy(400, seed=11)
    big = X * (9e149 / np.abs(X).max())  # the data's limit is 1e150
    # rbf on points 1e149 apart at σ = 1e149; linear scores near the float64 limit (the
    # bound fails, every score is looked at, then a score overflows: "overflow").
    for cfg, reason in (
        (dict(kernel="rbf", sigma=1e149), "update limit"),
        (dict(kernel="linear", eta=2e8), "overflow"),
    ):
        slow, quick, tr = both(monkeypatch, big, y, mode="kernel", max_updates=2000, **cfg)
        assert quick == slow and slow[0] == reason, slow[0]
        assert tr.k > 2 and bool((tr._rowmax >= 0).any())
    # Where the compiled rows would not have numpy's bits, numpy makes the rows the loop
    # asks for (and a few ahead), not the whole matrix.
    monkeypatch.setattr(fast, "_rows_exact", dict.fromkeys(fast.KERNEL_CODES, False))
    slow, quick, tr = both(monkeypatch, X, y, mode="kernel", kernel="rbf", max_updates=2000)
    made = tr._rowmax >= 0
    assert quick == slow and bool((tr._rowmax[made] == 1.0).all()) and not made.all()
    assert tr._gram[made].tobytes() == kernel_block(X[made], X, *tr._kparams).tobytes()


def test_each_kernel_is_checked_for_exact_rows_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where rbf's compiled rows are not numpy's bits (numpy's own AVX-512 exp), the
    polynomial and linear kernels' still are: their runs let the loop make the rows it
    needs, and rbf's runs get numpy's whole matrix; both have numpy's bits."""
    from perceptron_gui.core import online

    monkeypatch.setattr(fast, "_rows_exact", {"linear": True, "poly": True, "rbf": False})
    assert not fast.kernel_rows_exact() and fast.kernel_rows_exact("poly")
    X, y = noisy(300, seed=16)
    for kernel, loop_rows in (("poly", True), ("linear", True), ("rbf", False)):
        monkeypatch.setattr(online._GRAM_ROWS, "_kept", None)
        cfg = dict(mode="kernel", kernel=kernel, degree=3, max_updates=30)
        slow, quick, tr = both(monkeypatch, X, y, **cfg)
        assert quick == slow and tr._loan.compiled == loop_rows
        assert (tr._kp[0] == fast.NUMPY_ROWS) != loop_rows  # numpy makes the rows, or not


def test_rows_that_fail_to_compile_are_not_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """The once-a-process checks run in the window's load thread: a compile error of the
    rows (or of the inlined exp) answers "not exact" (numpy makes the Gram matrix), and
    raises nothing."""

    def broken(*args: object) -> None:
        raise RuntimeError("numba could not compile it")

    monkeypatch.setattr(fast, "_rows_exact", None)
    monkeypatch.setattr(fast, "_exp_exact", None)
    monkeypatch.setattr(fast, "_kernel_row", broken)
    monkeypatch.setattr(fast, "_exp_row", broken)
    assert not fast.exp_exact()
    assert fast.kernel_code("rbf") == fast.KERNEL_CODES["rbf"]
    assert not fast.kernel_rows_exact()


def test_a_later_run_borrows_the_rows_of_the_last_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A script's loop of runs: the same points and kernel lend their rows (any order, η,
    bias), other points or another kernel only the memory; each run has numpy's bits."""
    import gc

    from perceptron_gui.core import online

    # The trainers made here are young (no collection runs inside a test): collecting the
    # young generations frees them, as a full collection does, which also scans numba's
    # ~10⁵ objects (~0.25 s, 13 times: half of this test's CPU).
    X, y = noisy(300, seed=12)
    first = make_trainer(make_dataset(X, y), TrainConfig(mode="kernel", kernel="rbf", sigma=0.5))
    first.run(max_updates=500)
    gram, made = first._gram, int((first._rowmax >= 0).sum())
    del first
    gc.collect(1)
    runs = [
        (X, dict(kernel="rbf", sigma=0.5, order="first", eta=0.3, bias=False), True),
        (X, dict(kernel="rbf", sigma=0.5, order="random-cyclic", seed=2), True),
        (X + 1e-3, dict(kernel="rbf", sigma=0.5), False),  # other points: the memory only
        (X + 1e-3, dict(kernel="rbf", sigma=0.25), False),  # another kernel
        (X + 1e-3, dict(kernel="poly", degree=3), False),
        (X[:-1], dict(kernel="poly", degree=3), False),  # another size: a new matrix
    ]
    for data, cfg, rows_kept in runs:
        d = make_dataset(data, y[: len(data)])
        slow = on_numpy(monkeypatch, d, TrainConfig(mode="kernel", max_updates=700, **cfg), False)
        quick = make_trainer(d, TrainConfig(mode="kernel", max_updates=700, **cfg))
        g, rowmax = quick._gram_rows() or (None, None)
        assert g is not None and rowmax is not None
        assert (g is gram) == (len(data) == len(X))
        assert int((rowmax >= 0).sum()) == (made if rows_kept else 0)
        # The loop makes the rows it needs where its rows are numpy's bits (a CPU without
        # AVX-512 for rbf); else numpy makes each row the loop asks for.
        exact = fast.kernel_rows_exact(str(cfg["kernel"]))
        # Lent to one trainer at a time: a second one meanwhile makes its own.
        other = make_trainer(d, TrainConfig(mode="kernel", **cfg))
        assert other._fast_kernel_state()[0] is not g
        slow.run()
        quick.run()
        assert state(quick) == state(slow)
        made = int((rowmax >= 0).sum())
        gram = g
        del other, slow  # (the last trainer to go gives its matrix back)
        gc.collect(1)
        del quick
        gc.collect(1)
        kept = online._GRAM_ROWS._kept
        assert kept is not None and kept.gram is g and kept.compiled == exact


# A row depends on the points and the kernel only: one order in the quick tier, the rest long;
# rbf's compiled rows are numpy's bits on a CPU without AVX-512 only, the polynomial's on all.
@pytest.mark.parametrize(
    ("order", "kernel"),
    [
        ("cyclic", "rbf"),
        ("cyclic", "poly"),
        *(
            pytest.param(o, "rbf", marks=pytest.mark.long)
            for o in ("random-cyclic", "first", "random")
        ),
    ],
)
def test_a_numpy_run_lends_its_rows_to_the_next_run(
    order: str, kernel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process's first call runs on numpy and its second on the compiled loop: the rows
    numpy made are lent to the second (same points and kernel, any order, η, bias), which
    has the bits of a fresh run; a numpy run then takes the memory only of rows the
    compiled loop made (numpy's bits stay the reference)."""
    import gc

    from perceptron_gui.core import online

    X, y = noisy(200, seed=13)
    X[::11] = X[1::11][: len(X[::11])]  # exact ties: twins, some with the other label
    d = make_dataset(X, y)
    kp = dict(kernel=kernel, sigma=0.5, degree=3, coef0=1.0)
    cfg = TrainConfig(mode="kernel", order=order, seed=3, max_updates=400, **kp)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    monkeypatch.setattr(online._GRAM_ROWS, "_kept", None)
    ref = make_trainer(d, cfg)  # a fresh run: no rows to borrow
    ref.run()
    want = state(ref)
    del ref
    gc.collect()
    monkeypatch.setattr(online._GRAM_ROWS, "_kept", None)
    first = make_trainer(d, TrainConfig(mode="kernel", eta=0.3, **kp))
    first.run(max_updates=250)
    gram, made = first._gram, first._rowmax >= 0
    assert 0 < int(made.sum()) < len(X)  # (some rows made, not all)
    want_rows = kernel_block(X, X[made], kernel, 3, 1.0, 0.5).T
    assert gram[made].tobytes() == want_rows.tobytes()  # each a column numpy made
    del first
    gc.collect()
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    second = make_trainer(d, cfg)
    assert (second._fast is not None) == (order != "random")
    rows = second._gram_rows()
    assert rows is not None and rows[0] is gram and ((rows[1] >= 0) == made).all()
    second.run()
    assert state(second) == want
    # The loop may have made rows (where they are numpy's bits; else numpy made them).
    compiled = order != "random" and fast.kernel_rows_exact(kernel)
    assert second._loan.compiled == compiled
    del second
    gc.collect()
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    third = make_trainer(d, cfg)
    rows = third._gram_rows()
    assert rows is not None and rows[0] is gram
    assert bool((rows[1] >= 0).any()) == (not compiled)  # compiled rows: memory only
    third.run()
    assert state(third) == want


def test_rows_not_exact_keep_numpys_rows_and_make_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the compiled rows would not have numpy's bits, a compiled run keeps the rows
    numpy made before it (its own numpy path, or a run that lent them) and numpy makes
    the others; and the numpy path keeps no matrix over `_GRAM_BYTES`."""
    import gc

    from perceptron_gui.core import online

    X, y = noisy(300, seed=14)
    d = make_dataset(X, y)
    cfg = TrainConfig(mode="kernel", kernel="poly", degree=3, max_updates=500)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = make_trainer(d, cfg)
    slow.run()
    monkeypatch.setattr(online._GRAM_ROWS, "_kept", None)
    monkeypatch.setattr(fast, "_rows_exact", dict.fromkeys(fast.KERNEL_CODES, False))
    first = make_trainer(d, cfg)
    first.run(max_updates=100)
    gram, made = first._gram, first._rowmax >= 0
    kept_rows = gram[made].copy()
    del first
    gc.collect()
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    quick = make_trainer(d, cfg)
    assert quick._fast is not None
    quick.run(max_updates=50)  # numpy rows from the loan, the others made by numpy
    now = quick._rowmax >= 0
    assert quick._gram is gram and bool(now[made].all()) and not quick._loan.compiled
    assert gram[made].tobytes() == kept_rows.tobytes()
    assert gram[now].tobytes() == kernel_block(X[now], X, *quick._kparams).tobytes()
    quick.run()
    assert state(quick) == state(slow)
    # Over the limit: no matrix, on either path.
    monkeypatch.setattr(online, "_GRAM_BYTES", 8 * 299 * 299)
    for jit in ("1", "0"):
        monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", jit)
        big = make_trainer(d, cfg)
        big.run()
        assert big._gram is None and state(big) == state(slow)


@pytest.mark.parametrize("mode", MODES)
def test_the_compiled_rows_go_into_the_history_unchecked_with_numpys_bits(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled loop's rows are stored without the history's check
    (`History.extend(exact=True)`, the check took as long as PA's loop): the factors the
    loop writes (PA's τ y), the layout (compact or every weight) and the weights made
    again from the keyframes are the numpy path's, which checks every row."""
    X, y = noisy(1000, seed=15)
    d = make_dataset(X, y)
    cfg = TrainConfig(mode=mode, max_updates=1500, max_epochs=3)
    slow = on_numpy(monkeypatch, d, cfg)
    quick = make_trainer(d, cfg)
    if quick._fast is None:
        pytest.skip(f"{mode} has no compiled loop")
    quick.run()
    a, b = slow._hist, quick._hist
    assert quick.k == slow.k > 100 and a.compact == b.compact
    steps = [None if h._steps is None else h._steps.tobytes() for h in (a, b)]
    assert steps[0] == steps[1]
    made = [np.array(h._weights(0, quick.k)).tobytes() for h in (a, b)]
    assert made[0] == made[1]
    assert state(quick) == state(slow)


@pytest.mark.parametrize("mode", MODES)
def test_a_trainer_is_freed_without_the_cyclic_collector(mode: str) -> None:
    """A run's arrays go when its trainer goes (no reference cycle): PA's history held
    a closure over its trainer, so a script's calls left each run to the cyclic collector
    (the heap grew ~150 MB over 300 calls and each call touched new pages)."""
    import gc
    import weakref

    X, y = noisy(300, seed=16)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode=mode, max_updates=200))
    t.run(max_updates=100)
    t.seek_update(50)  # going back reads the history's factors
    t.run(max_updates=100)
    t.result()
    gone = weakref.ref(t)
    gc.disable()
    try:
        del t
        assert gone() is None
    finally:
        gc.enable()


def test_the_votes_are_made_with_the_collector_paused_and_left_as_found() -> None:
    """The voted result's list of tuples is made while the cyclic collector waits (it ran
    ~70 times over 2.4·10⁴ votes); the collector is left as it was found."""
    import gc

    from perceptron_gui.core import online

    X, y = noisy(400, seed=17)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="voted", max_epochs=3))
    t.run()
    seen: list[bool] = []
    real = online._collector_paused

    @contextlib.contextmanager
    def spy() -> Iterator[None]:
        with real():
            seen.append(gc.isenabled())
            yield

    W, B, c = t.votes()
    want = [((w0, w1), b, int(n)) for (w0, w1), b, n in zip(W.tolist(), B.tolist(), c, strict=True)]
    for enabled in (True, False):
        (gc.enable if enabled else gc.disable)()
        try:
            online._collector_paused = spy
            got = t._result_extra()["votes"]
            assert gc.isenabled() == enabled
        finally:
            online._collector_paused = real
            gc.enable()
        assert got == want and seen.pop() is False


@pytest.mark.parametrize("mode", MODES)
def test_runs_that_share_the_loops_buffers_keep_their_bits(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled loop writes its index, visit, count and step columns into buffers the
    thread keeps between calls (`engine._scratch`): two runs called in turn, in calls of
    5 rows, each keep the bits of their numpy path."""
    from perceptron_gui.core import engine

    monkeypatch.setattr(engine.Engine, "_fast_rows", 5)
    runs = []
    for seed in (18, 19):
        X, y = noisy(300, seed=seed)
        d = make_dataset(X, y)
        cfg = TrainConfig(mode=mode, max_updates=400, max_epochs=3)
        slow = on_numpy(monkeypatch, d, cfg)
        runs.append((make_trainer(d, cfg), state(slow)))
    while not all(t.done for t, _ in runs):
        for t, _ in runs:
            t.run(max_updates=7)
    for t, want in runs:
        assert state(t) == want

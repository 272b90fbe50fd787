"""Benchmark the core: primal vs scikit-learn, the dual's time and memory, the Novikoff bound.

The trainer's compiled loop (core/fast.py, numba) is warmed up first (its time is
printed); the "compiled / numpy path" table compares it with the numpy path in the same
process (``PERCEPTRON_GUI_NO_JIT=1`` while a trainer is made) and with scikit-learn.
The dual's table is measured before the warm-up (numpy path), so that numba's own
memory does not hide the dual's growth of the peak RSS.

Run from the repository::

    python scripts/bench_core.py            # the full run (medians of 5)
    python scripts/bench_core.py --quick    # a smoke run: small N, one repeat (the tests use it)

It prints Markdown tables to paste into the README, and the machine they were
measured on. scikit-learn is optional (a test extra): without it its columns say n/a.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from perceptron_gui.core import TrainConfig, Trainer, fast, generate, novikoff
from perceptron_gui.core.dataset import Dataset

try:  # not on Windows
    import resource
except ImportError:  # pragma: no cover
    resource = None  # type: ignore[assignment]

MB = 1024 * 1024
MARGIN = 0.001
DUAL_MAX_UPDATES = 2000
DUAL_TARGET_MB = 200
NOVIKOFF_TARGET_S = 0.5


def timed(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """Median wall time of `repeats` calls, and the last call's value."""
    times = []
    value = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), value


def maxrss_mb() -> float | None:
    """The process's peak resident memory so far, in MB (None where unknown)."""
    if resource is None:
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / MB if sys.platform == "darwin" else rss / 1024  # bytes on macOS, KB elsewhere


def secs(t: float) -> str:
    return f"{t:.4f}" if t < 10 else f"{t:.1f}"


def yes_no(flag: bool, bad: bool = True) -> str:
    """ "yes"/"no"; a "no" that is a failure (bad=False) is printed in bold."""
    return "yes" if flag else ("no" if bad else "**no**")


def table(header: list[str], align: str, rows: list[list[str]]) -> None:
    """Print a Markdown table; `align` has one letter per column: l, r or c."""
    rule = {"l": ":---", "r": "---:", "c": ":---:"}
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(rule[a] for a in align) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def run_trainer(data: Dataset, config: TrainConfig, jit: bool = True) -> Trainer:
    """A finished run; `jit` False makes the trainer take the numpy path."""
    old = os.environ.get("PERCEPTRON_GUI_NO_JIT")
    if not jit:
        os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
    try:
        t = Trainer(data, config)
    finally:
        if not jit:
            if old is None:
                del os.environ["PERCEPTRON_GUI_NO_JIT"]
            else:
                os.environ["PERCEPTRON_GUI_NO_JIT"] = old
    t.run()
    return t


# --------------------------------------------------------------------------- compiled loop


@dataclass
class NoisyRow:
    n: int
    epochs: int
    updates: int
    compiled: float
    numpy: float
    sklearn: float | None
    same_paths: bool
    same_sklearn: bool | None


def history_bits(t: Trainer) -> bytes:
    return b"".join(t.history_slice(c).tobytes() for c in Trainer.HISTORY_COLUMNS)


def bench_noisy(n: int, epochs: int, repeats: int, seed: int, sk: Any) -> NoisyRow:
    """Primal cyclic on noisy data (10 % flipped labels) for a fixed number of epochs."""
    data = generate("noisy", n, margin=MARGIN, noise=0.1, seed=seed)
    config = TrainConfig(mode="primal", order="cyclic", max_epochs=epochs)
    t_fast, a = timed(lambda: run_trainer(data, config), repeats)
    # The numpy path takes seconds at 10^6: fewer repeats there.
    t_np, b = timed(lambda: run_trainer(data, config, jit=False), 1 if n >= 10**6 else repeats)
    t_sk: float | None = None
    same_sk: bool | None = None
    if sk is not None:
        X = np.array(data.points)
        y = np.array(data.labels)

        def fit() -> Any:
            model = sk(penalty=None, eta0=1.0, shuffle=False, tol=None, max_iter=epochs)
            return model.fit(X, y)

        t_sk, model = timed(fit, repeats)
        theirs = np.array([*model.coef_[0], model.intercept_[0]], dtype=np.float64)
        same_sk = np.array([*a.w, a.b]).tobytes() == theirs.tobytes()
    same = history_bits(a) == history_bits(b)
    return NoisyRow(n, epochs, a.k, t_fast, t_np, t_sk, same, same_sk)


@dataclass
class PocketRow:
    order: str
    updates: int
    compiled: float
    numpy: float


def bench_pocket(n: int, updates: int, order: str, repeats: int, seed: int) -> PocketRow:
    data = generate("noisy", n, margin=MARGIN, noise=0.1, seed=seed)
    config = TrainConfig(mode="pocket", order=order, max_updates=updates)
    t_np, b = timed(lambda: run_trainer(data, config, jit=False), 1)
    t_fast, a = timed(lambda: run_trainer(data, config), repeats)
    assert history_bits(a) == history_bits(b)
    return PocketRow(order, a.k, t_fast, t_np)


# --------------------------------------------------------------------------- primal


@dataclass
class PrimalRow:
    n: int
    updates: int
    epochs: int
    converged: bool
    ours: float
    sklearn: float | None
    same: bool | None


def bench_primal(n: int, repeats: int, seed: int, sk: Any) -> PrimalRow:
    data = generate("separable", n, margin=MARGIN, seed=seed)
    config = TrainConfig(mode="primal", order="cyclic")
    t_ours, trainer = timed(lambda: run_trainer(data, config), repeats)
    r = trainer.result()
    epochs = math.ceil(r.visits / n)
    t_sk: float | None = None
    same: bool | None = None
    if sk is not None:
        X = np.array(data.points)
        y = np.array(data.labels)

        def fit() -> Any:
            model = sk(penalty=None, eta0=1.0, shuffle=False, tol=None, max_iter=epochs)
            return model.fit(X, y)

        t_sk, model = timed(fit, repeats)
        ours = np.array([*r.w, r.b])
        theirs = np.array([*model.coef_[0], model.intercept_[0]], dtype=np.float64)
        same = ours.tobytes() == theirs.tobytes()
    return PrimalRow(n, r.mistakes, epochs, r.converged, t_ours, t_sk, same)


# --------------------------------------------------------------------------- dual


@dataclass
class DualRow:
    kind: str
    n: int
    updates: int
    converged: bool
    time: float
    traced_peak_mb: float
    rss_delta_mb: float | None


def bench_dual(kind: str, n: int, repeats: int, seed: int) -> DualRow:
    # "noisy" (10 % of the labels flipped) never converges: it shows the full 2000 updates.
    data = generate(kind, n, margin=MARGIN, noise=0.1, seed=seed)
    config = TrainConfig(mode="dual", order="cyclic", max_updates=DUAL_MAX_UPDATES)
    rss0 = maxrss_mb()
    # Memory first, in a run of its own (tracing slows numpy down); numpy reports
    # its array buffers to tracemalloc, so the peak covers them.
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    run_trainer(data, config)
    peak = (tracemalloc.get_traced_memory()[1] - base) / MB
    tracemalloc.stop()
    rss1 = maxrss_mb()
    t, trainer = timed(lambda: run_trainer(data, config), repeats)
    r = trainer.result()
    delta = None if rss0 is None or rss1 is None else rss1 - rss0
    return DualRow(kind, n, r.mistakes, r.converged, t, peak, delta)


# --------------------------------------------------------------------------- novikoff


@dataclass
class NovikoffRow:
    n: int
    time: float
    gamma: float
    bound: float | None


def bench_novikoff(n: int, repeats: int, seed: int) -> NovikoffRow:
    data = generate("separable", n, margin=MARGIN, seed=seed)
    t, b = timed(lambda: novikoff(data), repeats)
    return NovikoffRow(n, t, b.gamma, b.bound)


# --------------------------------------------------------------------------- report


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="small N and one repeat (a smoke test)")
    p.add_argument("--repeats", type=int, default=None, help="runs per median (default 5)")
    p.add_argument("--seed", type=int, default=0, help="seed of the data sets (default 0)")
    args = p.parse_args(argv)
    repeats = args.repeats or (1 if args.quick else 5)
    if args.quick:
        primal_ns, dual_ns, nov_ns = [100, 300], [200], [300]
        noisy_runs, pocket_n, pocket_updates = [(300, 2)], 100, 100
    else:
        primal_ns, dual_ns, nov_ns = [10**3, 10**4, 10**5, 10**6], [20_000, 100_000], [10**5]
        noisy_runs, pocket_n, pocket_updates = [(10**4, 20), (10**5, 10), (10**6, 3)], 10**4, 10**5

    try:
        from sklearn import __version__ as sk_version  # type: ignore[import-untyped]
        from sklearn.linear_model import Perceptron as sk  # type: ignore[import-untyped]
    except ImportError:
        sk, sk_version = None, "not installed"

    # The dual first, while the process is small, so that the ru_maxrss delta means something.
    dual = [
        bench_dual(kind, n, repeats, args.seed) for kind in ("separable", "noisy") for n in dual_ns
    ]
    # numba's import and compile would raise the peak RSS the dual's delta is read from: after.
    t0 = time.perf_counter()
    jit_ok = fast.warm_up()
    warm = time.perf_counter() - t0
    primal = [bench_primal(n, repeats, args.seed, sk) for n in primal_ns]
    nov = [bench_novikoff(n, repeats, args.seed) for n in nov_ns]
    noisy = [bench_noisy(n, e, repeats, args.seed, sk) for n, e in noisy_runs] if jit_ok else []
    pockets = (
        [
            bench_pocket(pocket_n, pocket_updates, order, repeats, args.seed)
            for order in ("cyclic", "random-cyclic", "first", "random")
        ]
        if jit_ok
        else []
    )

    w = print
    w("## Machine")
    w()
    w(f"- {platform.platform()}, {cpu_name()}, {os.cpu_count()} CPUs")
    w(f"- Python {platform.python_version()}, numpy {np.__version__}, scikit-learn {sk_version}")
    data_call = f'generate("separable", N, margin={MARGIN}, seed={args.seed})'
    w(f"- median of {repeats} run(s); data: `{data_call}`")
    w(
        f"- compiled loop (numba): {'ready' if jit_ok else 'not available: numpy path only'}"
        f" after {warm:.2f} s of warm-up (import + compile, or load from numba's disk cache)"
    )
    w()
    w("### Compiled loop vs numpy path vs scikit-learn: primal, cyclic, noisy data")
    w()
    w(
        f'Data: `generate("noisy", N, margin={MARGIN}, noise=0.1, seed={args.seed})` (10 % '
        "of the labels flipped: never converges); every run makes the same number of epochs. "
        "scikit-learn: `Perceptron(penalty=None, eta0=1, shuffle=False, tol=None, "
        "max_iter=epochs)`. Same bits: every history entry of the two paths; w, b against "
        "scikit-learn."
    )
    w()
    table(
        ["N", "epochs", "updates", "compiled (s)", "numpy path (s)", "scikit-learn (s)"]
        + ["compiled / sklearn", "numpy / compiled", "paths same bits", "= sklearn bits"],
        "rrrrrrrrcc",
        [
            [
                f"{r.n:,}",
                str(r.epochs),
                f"{r.updates:,}",
                secs(r.compiled),
                secs(r.numpy),
                "n/a" if r.sklearn is None else secs(r.sklearn),
                "n/a" if r.sklearn is None else f"{r.compiled / r.sklearn:.2f}",
                f"{r.numpy / r.compiled:.0f}",
                yes_no(r.same_paths, bad=False),
                "n/a" if r.same_sklearn is None else yes_no(r.same_sklearn, bad=False),
            ]
            for r in noisy
        ],
    )
    w()
    w(
        f"Pocket, {pocket_updates:,} updates on {pocket_n:,} noisy points (numpy path: one "
        "run; the histories of both paths are checked equal bit for bit):"
    )
    w()
    table(
        ["order", "updates", "compiled (s)", "numpy path (s)"],
        "lrrr",
        [
            [
                r.order,
                f"{r.updates:,}",
                secs(r.compiled),
                secs(r.numpy),
            ]
            for r in pockets
        ],
    )
    w()
    w("### Primal form, cyclic order, to convergence, vs scikit-learn")
    w()
    w(
        "scikit-learn: `Perceptron(penalty=None, eta0=1, shuffle=False, tol=None, "
        "max_iter=epochs)`, the same number of epochs."
    )
    w()
    table(
        ["N", "updates", "epochs", "converged", "ours (s)", "scikit-learn (s)"]
        + ["ours / sklearn", "same w, b bits"],
        "rrrcrrrc",
        [
            [
                f"{r.n:,}",
                f"{r.updates:,}",
                str(r.epochs),
                yes_no(r.converged),
                secs(r.ours),
                "n/a" if r.sklearn is None else secs(r.sklearn),
                "n/a" if r.sklearn is None else f"{r.ours / r.sklearn:.2f}",
                "n/a" if r.same is None else yes_no(r.same, bad=False),
            ]
            for r in primal
        ],
    )
    w()
    w(f"### Dual form, cyclic order, to convergence or {DUAL_MAX_UPDATES} updates")
    w()
    w(
        "The Gram matrix is never built whole (N = 10^5 would take 80 GB): one column "
        "per update. Memory: tracemalloc peak of the run (numpy buffers included) and the "
        f'growth of the process\'s peak RSS; target < {DUAL_TARGET_MB} MB. "noisy": '
        "the same points with 10 % of the labels flipped (not separable: all "
        f"{DUAL_MAX_UPDATES} updates)."
    )
    w()
    table(
        ["data", "N", "updates", "converged", "time (s)", "tracemalloc peak (MB)"]
        + ["ru_maxrss growth (MB)", f"< {DUAL_TARGET_MB} MB"],
        "lrrcrrrc",
        [
            [
                r.kind,
                f"{r.n:,}",
                f"{r.updates:,}",
                yes_no(r.converged),
                secs(r.time),
                f"{r.traced_peak_mb:.1f}",
                "n/a" if r.rss_delta_mb is None else f"{r.rss_delta_mb:.1f}",
                yes_no(max(r.traced_peak_mb, r.rss_delta_mb or 0.0) < DUAL_TARGET_MB, bad=False),
            ]
            for r in dual
        ],
    )
    w()
    w("### Novikoff bound (exact γ, Wolfe's min-norm point)")
    w()
    table(
        ["N", "time (s)", f"< {NOVIKOFF_TARGET_S} s", "γ", "(D/γ)²"],
        "rrcrr",
        [
            [
                f"{r.n:,}",
                secs(r.time),
                yes_no(r.time < NOVIKOFF_TARGET_S, bad=False),
                f"{r.gamma:.6g}",
                "none" if r.bound is None else f"{r.bound:.6g}",
            ]
            for r in nov
        ],
    )
    return 0


if __name__ == "__main__":
    status = main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.4 s with numba and scikit-learn loaded): frozen, they simply go with the process.
    gc.freeze()
    sys.exit(status)

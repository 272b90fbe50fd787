"""Benchmark `perceptron_gui.core.experiment` against the same loop over scikit-learn.

Two homework-sized experiments on generated data of the NTU "Machine Learning
Foundations" shape (4 features in [0, 1], the label by a hyperplane):

1. 2000 random-order PLA runs on 400 separable points (run i: ``seed = i``);
2. 2000 pocket runs of 50 updates on 500 noisy points, each scored on a 500-point test set.

Beside each, the same 2000 runs of scikit-learn's ``Perceptron`` (``shuffle=True``,
``random_state=i``, at most ``max_iter`` epochs with its default stopping rule; for the
pocket, which it lacks, 5 epochs), fitted in a Python loop as a student's script would.
The two do not make the same updates (scikit-learn shuffles each epoch; our random order
picks a random mistake), so the table compares the time of the homework's loop, not its
numbers.

Run from the repository::

    python scripts/bench_experiment.py          # 2000 runs each, medians of 3 repeats
    python scripts/bench_experiment.py --quick  # 5 runs, one repeat (the tests use it)

Prints a Markdown table: wall and CPU seconds (the compiled loop's load excluded and
printed apart), medians, and the ratio of the two.

Then the cost of a visit (CPU ns, median): `train()` at d = 2 (the plane's compiled loop,
the reference) against the R^d loop (`core.multi.run`, which the experiments and every
d != 2 use) on the same noisy points (10^5 × 10 epochs, primal, cyclic; `--quick`: 10^3),
and the R^d loop at d = 4.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perceptron_gui.core import (
    experiment,  # noqa: E402
    multi,  # noqa: E402
    train,  # noqa: E402
)
from perceptron_gui.core.config import TrainConfig  # noqa: E402
from perceptron_gui.core.dataset import make_dataset  # noqa: E402

W = np.array([-1.0, 0.9, 0.8, 0.7])


def ntu_like(n: int, seed: int, noise: float = 0.0, gap: float = 0.0) -> tuple[np.ndarray, ...]:
    """n points uniform in [0, 1]^4 labelled by a hyperplane (at least `gap` from it),
    a fraction `noise` of the labels flipped."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(0, 1, (4 * n, 4))
    s = X @ W + 0.05
    keep = np.abs(s) >= gap
    X, s = X[keep][:n], s[keep][:n]
    y = np.where(s > 0, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    return X, y


def timed(fn: Callable[[], object], repeats: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds of `repeats` calls, and the last result."""
    walls, cpus = [], []
    out: object = None
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return statistics.median(walls), statistics.median(cpus), out


def sklearn_loop(
    X: np.ndarray, y: np.ndarray, runs: int, max_iter: int, Xt: np.ndarray | None = None,
    yt: np.ndarray | None = None,
) -> list[float]:  # fmt: skip
    """The same number of scikit-learn Perceptron fits, one per seed (epochs or errors)."""
    from sklearn.linear_model import Perceptron

    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i in range(runs):
            # The default stopping rule (tol 1e-3, 5 epochs without improvement) ends a
            # converged run, as a student's script would leave it.
            clf = Perceptron(max_iter=max_iter, shuffle=True, random_state=i)
            clf.fit(X, y)
            out.append(float(np.mean(clf.predict(Xt) != yt)) if Xt is not None else clf.n_iter_)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5 runs, one repeat")
    args = ap.parse_args()
    runs, repeats = (5, 1) if args.quick else (2000, 3)
    t0 = time.perf_counter()
    compiled = multi.warm_up()
    load = time.perf_counter() - t0
    py = platform.python_version()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {py}, "
          f"load {os.getloadavg()[0]:.1f}; compiled loop {'loaded' if compiled else 'absent'} "
          f"in {load:.2f} s (not counted below)")  # fmt: skip
    print()
    X1, y1 = ntu_like(400, 1, gap=0.1)
    X2, y2 = ntu_like(500, 2, noise=0.1)
    Xt, yt = ntu_like(500, 3, noise=0.1)
    try:
        import sklearn  # noqa: F401

        have_sk = True
    except ImportError:
        have_sk = False

    rows = []
    w, c, r = timed(lambda: experiment(X1, y1, runs=runs, seed=0, order="random"), repeats)
    pla = r
    sk = timed(lambda: sklearn_loop(X1, y1, runs, 1000), repeats) if have_sk else None
    rows.append(("PLA, random order, 400 × 4-D", w, c, sk))
    w, c, r = timed(
        lambda: experiment(
            X2, y2, runs=runs, seed=0, order="random", mode="pocket", max_updates=50,
            X_test=Xt, y_test=yt,
        ),
        repeats,
    )  # fmt: skip
    pocket = r
    sk = timed(lambda: sklearn_loop(X2, y2, runs, 5, Xt, yt), repeats) if have_sk else None
    rows.append(("pocket, 50 updates, 500 × 4-D, test 500", w, c, sk))

    print(f"| {runs} runs | perceptron-gui wall s | CPU s | scikit-learn loop wall s | CPU s | "
          "ratio (CPU, sklearn / ours) |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|")
    for name, w, c, sk in rows:
        if sk is None:
            print(f"| {name} | {w:.3f} | {c:.3f} | n/a | n/a | n/a |")
        else:
            print(f"| {name} | {w:.3f} | {c:.3f} | {sk[0]:.3f} | {sk[1]:.3f} | {sk[1] / c:.1f}× |")
    print()
    assert isinstance(pla, type(pocket))
    s = pla.summary()["updates"]  # type: ignore[attr-defined]
    print(f"PLA updates: mean {s['mean']:.2f}, median {s['median']:.0f}, "
          f"min {s['min']:.0f}, max {s['max']:.0f}; bound (D/γ)² = {pla.bound:.1f}")  # type: ignore[attr-defined]  # fmt: skip
    t = pocket.summary()["test_error"]  # type: ignore[attr-defined]
    print(f"pocket test error: mean {t['mean']:.4f}, median {t['median']:.4f}")
    print()
    visits(1_000 if args.quick else 100_000, 1 if args.quick else 5)
    return 0


def visits(n: int, repeats: int) -> None:
    """CPU ns a visit: the plane's loop (`train` at d = 2) and the R^d loop (d = 2, 4)."""
    rng = np.random.default_rng(0)
    rows = []
    for d in (2, 4):
        X = rng.normal(size=(n, d))
        y = np.where(X @ np.linspace(1.0, -0.5, d) > 0, 1.0, -1.0)
        y[rng.random(n) < 0.05] *= -1  # noisy: every epoch is made
        cfg = TrainConfig(max_epochs=10, max_updates=10**9)
        data = make_dataset(X, y)
        out = multi.run(data, cfg)
        fns: list[tuple[str, Callable[[], object]]] = [
            ("R^d loop (core.multi)", functools.partial(multi.run, data, cfg))
        ]
        if d == 2:
            plane = functools.partial(train, X, y, max_epochs=10, max_updates=10**9)
            assert plane().updates.tolist() == out.updates.tolist()  # the same visits and bits
            fns.insert(0, ("train() (the plane's loop)", plane))
        for name, fn in fns:
            _, cpu, _ = timed(fn, repeats)
            rows.append((d, name, cpu * 1e9 / out.visits))
    print(f"| a visit, {n} points × 10 epochs, primal, cyclic | d | CPU ns a visit |")
    print("|---|---:|---:|")
    for d, name, ns in rows:
        print(f"| {name} | {d} | {ns:.1f} |")
    print(f"\nR^d loop / plane loop at d = 2: {rows[1][2] / rows[0][2]:.2f}×")


if __name__ == "__main__":
    raise SystemExit(main())

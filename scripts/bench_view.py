"""Benchmark the w-aligned view's axes on the digits (357 points in R^64), per step.

At every step of data with d > 2 the window turns its view to the new w: a1 = w/||w|| and
a2 the data's principal direction orthogonal to w. The reference, in the same process, is
how the view computed it before: from the N × d data at each step, the centred data off a1
and an eigendecomposition of their d × d scatter (`np.linalg.eigh`). Now the window keeps
the data set's scatter (`core.projection.ViewBasis`) and finds a2 by squaring d × d
matrices. The w's are those of a pocket run in a random order (what a lecturer steps).

Run from the repository::

    python scripts/bench_view.py          # 200 steps, medians
    python scripts/bench_view.py --quick  # 5 steps (the tests use it)

Prints wall and CPU milliseconds a step (median, and the slowest step's wall time: under
load the slow ones are what a lecturer sees) and the ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perceptron_gui.core import train  # noqa: E402
from perceptron_gui.core.examples import load_example  # noqa: E402
from perceptron_gui.core.projection import ViewBasis  # noqa: E402


def before(X: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The view's axes as computed before (eigh of the scatter of the data off a1)."""
    Xc = X - X.mean(axis=0)
    a1 = w / np.linalg.norm(w)
    rest = Xc - np.outer(Xc @ a1, a1)
    vecs = np.linalg.eigh(rest.T @ rest)[1]
    a2 = vecs[:, -1] - (vecs[:, -1] @ a1) * a1
    return a1, a2 / np.linalg.norm(a2)


def timed(fn: Callable[[np.ndarray], object], ws: list[np.ndarray]) -> tuple[float, float, float]:
    """Median wall and CPU ms of `fn(w)` over `ws`, and the slowest wall ms."""
    walls, cpus = [], []
    for w in ws:
        w0, c0 = time.perf_counter(), time.process_time()
        fn(w)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        time.sleep(0.002)  # between steps the window paints: BLAS's threads go idle
    return statistics.median(walls) * 1e3, statistics.median(cpus) * 1e3, max(walls) * 1e3


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="5 steps")
    args = ap.parse_args()
    steps = 5 if args.quick else 200
    data = load_example("digits:3:8").data
    X = data.points
    r = train(X, data.labels, mode="pocket", order="random", max_updates=steps, seed=0)
    run = [np.asarray(w, dtype=np.float64) for w in r.history_w[1:]]
    ws = [run[i % len(run)] for i in range(steps)]  # (the run converges in fewer)
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; digits 3 vs 8: "
          f"N = {X.shape[0]}, d = {X.shape[1]}; {steps} steps over the {len(run)} w's of "
          "a pocket run")  # fmt: skip
    # A data set's scatter, once (the window: when the data change).
    w0, c0 = time.perf_counter(), time.process_time()
    basis = ViewBasis(X)
    once = (time.perf_counter() - w0) * 1e3, (time.process_time() - c0) * 1e3
    rows = [
        ("before: eigh of the data off a1, each step", timed(lambda w: before(X, w), ws)),
        ("now: ViewBasis.axes (squarings)", timed(basis.axes, ws)),
    ]
    print()
    print("| the view's axes, per step | wall ms (median) | CPU ms | slowest wall ms |")
    print("|---|---:|---:|---:|")
    for name, (wall, cpu, worst) in rows:
        print(f"| {name} | {wall:.3f} | {cpu:.3f} | {worst:.1f} |")
    print()
    ratio = rows[0][1][0] / max(rows[1][1][0], 1e-9)
    print(f"ratio (wall, median): {ratio:.1f}×; the data set's scatter once: "
          f"{once[0]:.2f} ms wall, {once[1]:.2f} ms CPU")  # fmt: skip
    a, b = before(X, ws[-1]), basis.axes(ws[-1])
    print(f"the same axes: |a2·a2'| = {abs(float(a[1] @ b[1])):.15f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

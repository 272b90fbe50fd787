"""The online modes on the compiled loop against the numpy path and scikit-learn.

10⁴ noisy points (10 % of the labels flipped) × 10 epochs, cyclic order, 10⁵ visits:
`train()` in modes averaged, voted, pa and margin (and kernel, RBF: 10⁴ updates on 2000
points; batch, 10 steps, on numpy) after `fast.warm_up()` (the compiled
code loaded), the same call with ``PERCEPTRON_GUI_NO_JIT=1`` (the numpy path), and for
averaged and pa their scikit-learn equivalents (`SGDClassifier` as docs/algorithms.md
names them). Prints the median call times, the ratio to scikit-learn, whether the
compiled and numpy results have the same bits, and the relative gap to scikit-learn's
answer.

    python scripts/bench_modes.py            # 7 runs each
    python scripts/bench_modes.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from perceptron_gui.core import fast, train


def data(n: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
    y[rng.random(n) < 0.1] *= -1
    return X, y


def sklearn_fit(mode: str, X: np.ndarray, y: np.ndarray, epochs: int) -> Any:
    from sklearn.linear_model import SGDClassifier

    if mode == "averaged":
        kw: dict[str, Any] = dict(
            loss="perceptron", learning_rate="constant", eta0=1.0, average=True
        )
    else:
        kw = dict(loss="hinge", learning_rate="pa1", eta0=1.0)
    clf = SGDClassifier(penalty=None, shuffle=False, tol=None, max_iter=epochs, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(X, y)
    return clf


def median(fn: Callable[[], Any], reps: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def bits(r: Any) -> tuple[Any, ...]:
    return (r.stop_reason, r.w, r.b, np.asarray(r.history_w).tobytes(), repr(r.votes), r.avg_w)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    args = parser.parse_args()
    n, epochs, reps = (500, 2, 1) if args.quick else (10_000, 10, 7)
    X, y = data(n)
    t0 = time.perf_counter()
    fast.warm_up()
    print(f"warm-up (load or compile): {time.perf_counter() - t0:.2f} s")
    print(f"{n} points x {epochs} epochs, cyclic; medians of {reps}")
    differ = []
    for mode, kw in (("averaged", {}), ("voted", {}), ("pa", {"C": 1.0}), ("margin", {})):
        if mode == "margin":
            kw = {"margin": 0.5}
        job = dict(mode=mode, order="cyclic", max_epochs=epochs, **kw)
        quick, rq = median(lambda: train(X, y, **job), reps)  # noqa: B023
        os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
        slow, rs = median(lambda: train(X, y, **job), max(1, reps // 3))  # noqa: B023
        del os.environ["PERCEPTRON_GUI_NO_JIT"]
        line = (
            f"{mode:9s} compiled {quick * 1e3:7.2f} ms   numpy {slow * 1e3:7.1f} ms   "
            f"same bits: {bits(rq) == bits(rs)}"
        )
        if bits(rq) != bits(rs):
            differ.append(mode)
        if mode in ("averaged", "pa"):
            sk, clf = median(lambda: sklearn_fit(mode, X, y, epochs), reps)  # noqa: B023
            w = (*rq.avg_w, rq.avg_b) if mode == "averaged" else (*rq.w, rq.b)
            theirs = (*clf.coef_[0], clf.intercept_[0])
            gap = max(
                abs(a - float(t)) / max(abs(float(t)), 1e-300)
                for a, t in zip(w, theirs, strict=True)
            )
            line += f"   scikit-learn {sk * 1e3:6.2f} ms   ratio {quick / sk:5.2f}x"
            line += f"   rel. gap {gap:.1e}"
        print(line)
    # The batch perceptron stays on numpy (each step is one vectorised pass): 10 steps.
    quick, rq = median(lambda: train(X, y, mode="batch", max_updates=10), reps)
    print(f"batch     numpy    {quick * 1e3:7.2f} ms   ({len(rq.updates)} steps on {n} points)")
    # The kernel perceptron (RBF): 10⁴ updates on 2000 noisy points (the Gram matrix
    # built inside the call).
    Xk, yk = data(200 if args.quick else 2000)
    job = dict(mode="kernel", kernel="rbf", sigma=0.5, max_updates=1000 if args.quick else 10_000)
    quick, rq = median(lambda: train(Xk, yk, **job), reps)
    os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
    slow, rs = median(lambda: train(Xk, yk, **job), max(1, reps // 3))
    del os.environ["PERCEPTRON_GUI_NO_JIT"]
    same = (rq.alpha.tobytes(), rq.b, rq.visits) == (rs.alpha.tobytes(), rs.b, rs.visits)
    print(
        f"kernel    compiled {quick * 1e3:7.2f} ms   numpy {slow * 1e3:7.1f} ms   same bits: {same}"
        f"   ({len(yk)} points, RBF, {len(rq.updates)} updates)"
    )
    if not same:
        differ.append("kernel")
    if differ:  # the smoke run (tests/test_architecture.py) fails on it
        raise SystemExit(f"compiled and numpy results differ: {', '.join(differ)}")


if __name__ == "__main__":
    main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.35 s with numba and scikit-learn loaded): frozen, they simply go with the process.
    gc.freeze()

"""Memory of a long run's history: peak resident memory of a run of U updates at N points.

A run keeps, for the timeline, step back and seek, the point and visit of every update
and the weights every 32 updates (core/history.py; the rest is computed again), and
the dual and kernel forms snapshots of their scores; this prints the peak RSS of
`make_trainer(...).run()` and the bytes per update it costs beyond the data set.

    python scripts/bench_history.py                 # 10^7 updates at N = 10^4
    python scripts/bench_history.py --quick         # 10^5 updates at N = 10^3 (the tests)
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time

import numpy as np


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--updates", type=int, default=10_000_000)
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    updates, n = (100_000, 1_000) if args.quick else (args.updates, args.n)

    from perceptron_gui.core import fast
    from perceptron_gui.core.config import TrainConfig
    from perceptron_gui.core.dataset import make_dataset
    from perceptron_gui.core.factory import make_trainer

    if fast.available():
        fast.warm_up()
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2))
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)  # labels at random: never converges
    data = make_dataset(X, y)
    before = rss_mb()
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t = make_trainer(data, TrainConfig(max_updates=updates))
    t0 = time.perf_counter()
    t.run()
    elapsed = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{t.k:,} updates at N = {n:,} in {elapsed:.1f} s (compiled: {fast.ready()}); "
        f"RSS before {before:.0f} MB, peak {max(peak, peak_before):.0f} MB, "
        f"after {rss_mb():.0f} MB; {(rss_mb() - before) * 2**20 / max(t.k, 1):.0f} bytes "
        "an update kept"
    )
    return 0


if __name__ == "__main__":
    status = main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.3 s with numba loaded): frozen, they simply go with the process.
    gc.freeze()
    sys.exit(status)

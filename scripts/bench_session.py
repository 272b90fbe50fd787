"""Benchmark session files: save and load times, and how long a threaded save holds the GIL.

Run from the repository::

    python scripts/bench_session.py           # 10^5 and 10^6 points, versions 1 and 2
    python scripts/bench_session.py --quick   # 10^4 points only

"Longest gap": while a worker thread saves, a second thread sleeps 5 ms at a time and
records the longest interval between its wake-ups; the excess over 5 ms is the time it
waited for the GIL, i.e. how long a window's event loop would freeze during an autosave.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable

import numpy as np

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.io import load_file, write_session

TICK = 0.005


def longest_gap(fn: Callable[[], object]) -> float:
    """The longest interval between 5 ms ticks of one thread while `fn` runs in another."""
    gaps: list[float] = []
    stop = threading.Event()

    def ticker() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            time.sleep(TICK)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    t = threading.Thread(target=ticker)
    t.start()
    time.sleep(0.05)
    w = threading.Thread(target=fn)
    w.start()
    w.join()
    time.sleep(0.02)
    stop.set()
    t.join()
    return max(gaps)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="10^4 points only")
    args = p.parse_args(argv)
    sizes = [10**4] if args.quick else [10**5, 10**6]
    print("| N | version | save (s) | load (s) | file (MB) | longest gap in a threaded save (ms) |")
    print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for n in sizes:
            rng = np.random.default_rng(0)
            data = make_dataset(rng.normal(size=(n, 2)), rng.choice([-1.0, 1.0], size=n))
            config = TrainConfig()
            path = os.path.join(folder, f"s{n}.json")
            for version in (1, 2):
                t0 = time.perf_counter()
                write_session(path, data, config, {}, version=version)
                t_save = time.perf_counter() - t0
                size = os.path.getsize(path) / 1e6
                t0 = time.perf_counter()
                loaded = load_file(path)
                t_load = time.perf_counter() - t0
                assert loaded.data.points.tobytes() == data.points.tobytes()
                save = functools.partial(write_session, path, data, config, version=version)
                gap = longest_gap(save)
                print(
                    f"| {n:,} | {version} | {t_save:.3f} | {t_load:.3f} | {size:.1f} "
                    f"| {gap * 1000:.0f} |"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The machine's speed, for the few tests that hold work to a time (a freeze, a read).

A limit is set on the machine the project is developed on (two cores, Python 3.11) and
scaled by how much slower this process runs a fixed reference workload now than it did
there, measured in the same process right after the work: a slower CI machine, or one whose memory
another job shares, gets a limit as much longer, while a real freeze (work done in one
slice that should be sliced, seconds rather than tenths) still fails everywhere.
"""

from __future__ import annotations

import time

import numpy as np

#: The reference workload's median CPU time on the development machine (2026-11-28:
#: 0.051-0.055 s quiet and beside two busy processes alike).
REFERENCE_S = 0.053


def _reference_work() -> int:
    a = np.random.default_rng(0).random(300_000)
    np.sort(a)
    s = 0
    for i in range(150_000):
        s += i * i
    d = {str(i): i for i in range(50_000)}
    return s + len(d)


def slowness() -> float:
    """How many times slower than the development machine this process runs now (≥ 1):
    the median CPU time of 5 runs of the reference workload against REFERENCE_S, measured
    at each call (right after the work it judges: a neighbour's load then is in both)."""
    times = []
    for _ in range(5):
        t = time.process_time()
        _reference_work()
        times.append(time.process_time() - t)
    return max(1.0, sorted(times)[len(times) // 2] / REFERENCE_S)


def limit(seconds: float) -> float:
    """A time limit set on the development machine, as it stands on this one."""
    return seconds * slowness()

"""The overflow bound and check that every trainer and every R^d run share.

A run stops with "overflow" only when a score really became inf or NaN: below `SAFE` on
every |w·x + b| nothing can overflow and nothing is computed (the cheap bound); above it,
`scores_finite` computes the exact scores once. The plane's trainers (`engine.Engine`,
`trainer.Trainer`), the R^d runs (multi.py) and their replay (replay.py) read this one
bound and this one check; the compiled loops take `SAFE` as an argument, and multi.py's
`_loop_scores_finite` is the check's numba twin.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

#: Below this bound on every |w·x + b| (and every dual score) no number can overflow, so
#: no check is needed; above it, the exact scores are computed once to see whether one
#: really became inf or NaN, and only then the run stops ("overflow").
SAFE = 1e300


def scores_finite(
    columns: Sequence[FloatArray] | FloatArray,
    w: Sequence[float] | FloatArray,
    b: float,
    xmax: float,
) -> bool:
    """True when w, b and every score ``(x_1 w_1 + x_2 w_2 + …) + b`` are finite floats.

    `columns` are the points' coordinates, one array per feature (``X.T`` of an (N, d)
    array), `xmax` their largest magnitude. Those are the scores every scan and `margins`
    compute (up to the sign of y, which changes no magnitude); intermediate infs show up in
    the sum as inf or NaN. The cheap bound first: below `SAFE` nothing is computed. The
    plane's trainers (`Engine._scores_finite`) and the R^d runs' numpy steps use it; the
    R^d compiled loop has its numba twin (multi.py's `_loop_scores_finite`).
    """
    if not math.isfinite(b):
        return False
    total = 0.0  # a Python float: a bound beyond float64 is inf, with no warning
    for v in w:
        if not math.isfinite(v):
            return False
        total += abs(float(v))
    if total * xmax + abs(b) <= SAFE:
        return True  # every |w·x + b| is below 1e300·(1 + tiny): no need to look
    with np.errstate(over="ignore", invalid="ignore"):
        s = columns[0] * w[0]
        for c in range(1, len(w)):
            s += columns[c] * w[c]
        s += b
    return bool(np.isfinite(s).all())

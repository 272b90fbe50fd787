"""The random-cyclic order's visits: one permutation of the points per epoch.

Epoch e visits the points in ``np.random.default_rng((seed, e)).permutation(n)`` (the
"new seeded permutation each epoch" of ALGORITHMS.md), in the plane
(`engine.Engine._epoch_perm`), in R^d (multi.py's loop) and in its replay (replay.py):
one draw, read from here by all three.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]


def epoch_permutation(seed: int, epoch: int, n: int) -> IntArray:
    """The points in the order epoch `epoch` of the random-cyclic order visits them."""
    return np.random.default_rng((seed, epoch)).permutation(n).astype(np.int64, copy=False)

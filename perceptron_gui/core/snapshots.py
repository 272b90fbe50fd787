"""Copies of the dual and kernel forms' scores (f, α), for going back.

`Snapshots` keeps them every `stride` updates within `SNAPSHOT_BYTES`; the one trainer
(`engine.Engine._replay_scores`) replays the updates after the nearest copy when it goes
back. The score-keeping rules (`trainer.Trainer`'s dual, online.py's kernel perceptron)
choose the first stride; the compiled loops stop when a copy is due (`fast.SNAPSHOT`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]

#: The budget of the copies of the scores (f, α) a run keeps for going back.
SNAPSHOT_BYTES = 64 * 2**20


class Snapshots:
    """Copies of a run's scores f and α every `stride` updates (the dual and kernel forms).

    Going back replays the updates after the nearest copy (`Engine._replay_scores`): the
    same sums in the same order as the run, so the scores come out bit-identical to it,
    at a cost of at most one stride of score columns. When the copies pass
    `SNAPSHOT_BYTES` the stride doubles and half of them go.
    """

    def __init__(self, n: int, stride: int) -> None:
        self.stride = stride
        self._max = max(4, SNAPSHOT_BYTES // (16 * max(n, 1)))
        self._at: dict[int, tuple[FloatArray, FloatArray]] = {}

    def take(self, k: int, f: FloatArray, alpha: FloatArray) -> None:
        """Keep copies of f and α after update k when k is a multiple of the stride."""
        if k % self.stride:
            return
        self._at[k] = (f.copy(), alpha.copy())
        if len(self._at) > self._max:
            self.stride *= 2
            self._at = {j: s for j, s in self._at.items() if j % self.stride == 0}

    def values(self) -> list[tuple[FloatArray, FloatArray]]:
        """The copies kept (f, α)."""
        return list(self._at.values())

    def cut(self, k: int) -> tuple[int, tuple[FloatArray, FloatArray] | None]:
        """Forget the copies after update k; the nearest one at or before k (0, None: none)."""
        self._at = {j: s for j, s in self._at.items() if j <= k}
        start = max(self._at, default=0)
        return start, self._at.get(start)

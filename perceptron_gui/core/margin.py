"""The margin perceptron (ALGORITHMS.md, "Margin perceptron"): the primal rule with a
stricter test, ``y (w·x + b) <= margin``.

With ``margin = 0`` it makes the primal form's updates to the bit (the same sums in the
same order, the same random permutations and picks). Updates and mistakes (``y f <= 0``)
are counted apart, as for passive-aggressive.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.online import THRESHOLD, IntArray, OnlineTrainer

FloatArray = npt.NDArray[np.float64]


class MarginTrainer(OnlineTrainer):
    """Updates ``w += η y x``, ``b += η y`` on every point with ``y f <= margin``."""

    _compiled_rule = THRESHOLD  # with p[0] the margin
    _mistakes_guess = None  # updates on right points within the margin too

    def _init_extra(self) -> None:
        self._margin = float(self.config.margin)
        self._fast_threshold = self._margin
        self._wanted: IntArray | None = None

    def _reset_extra(self) -> None:
        self._wanted = None

    def _wants_update(self, m: FloatArray, idx: IntArray) -> npt.NDArray[np.bool_]:
        return m <= self._margin

    def _candidates(self) -> IntArray:
        # Cached per weights, like `misclassified` (`_mis` is cleared on every update).
        if self._mis is None or self._wanted is None:
            self._wanted = np.flatnonzero(self.margins() <= self._margin)
            self.misclassified()
        return self._wanted

"""The normalised perceptron as a perceptron-gui mode (a plugin: see docs/plugins.md).

On a mistake (``y ŵ·x̂ <= 0``) it adds the augmented point scaled to unit length::

    ŵ ← ŵ + η y x̂ / ‖x̂‖      (w ← w + η′yx, b ← b + η′y with η′ = η/‖x̂‖)

with ``x̂ = (x, 1)`` (``x̂ = x`` when the bias is off). It is the perceptron run on the
points ``x̂/‖x̂‖``, which have ``D = 1`` and a margin of at least ``γ/D``: Novikoff's
``(D/γ)²`` still bounds its updates. A point with ``x̂ = 0`` (the origin, bias off) has
no direction and is never updated on, as passive-aggressive skips it.

The trainer is the project's online engine with two hooks changed (the step's factor
and, for going back, the history's factor); the registry entry `SPEC` says the rest.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.history import FactorFn
from perceptron_gui.core.online import IntArray, OnlineTrainer
from perceptron_gui.core.registry import MistakeBound, ModeSpec

FloatArray = npt.NDArray[np.float64]

__all__ = ["SPEC", "NormalisedTrainer", "normalised_bound"]


class NormalisedTrainer(OnlineTrainer):
    """Updates ``w += (η/‖x̂‖) y x``, ``b += (η/‖x̂‖) y`` on every mistake with ``x̂ != 0``."""

    _compiled_rule = None  # no compiled loop: the numpy path (the same numbers)
    _mistakes_guess = None  # a mistake at x̂ = 0 is not an update

    def _init_extra(self) -> None:
        # ‖x̂_i‖ once per point, in one fixed order of operations (the history's factor and
        # the step's factor must give the same bits).
        sq = self._x0 * self._x0
        sq += self._x1 * self._x1
        if self._bias:
            sq += 1.0
        self._norm = np.sqrt(sq)

    def _history_factor(self) -> FactorFn | None:
        def factor(idx: IntArray, w0: FloatArray, w1: FloatArray, b: FloatArray) -> FloatArray:
            return np.asarray((self._eta / self._norm[idx]) * self._y[idx], dtype=np.float64)

        return factor

    def _wants_update(self, m: FloatArray, idx: IntArray) -> npt.NDArray[np.bool_]:
        return (m <= 0.0) & (self._norm[idx] > 0.0)

    def _candidates(self) -> IntArray:
        mis = self.misclassified()
        return mis[self._norm[mis] > 0.0]

    def _scale(self, i: int, margin: float) -> float:
        """η′ = η/‖x̂_i‖."""
        return self._eta / float(self._norm.item(i))

    def _apply(self, i: int, margin: float) -> bool:
        sy = self._scale(i, margin) * self._y.item(i)
        return self._set_linear(
            self._w0 + sy * self._x0.item(i),
            self._w1 + sy * self._x1.item(i),
            self._b + sy if self._bias else self._b,
        )


def normalised_bound(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    """Novikoff's (D/γ)²: the normalised points have D = 1 and a margin >= γ/D."""
    if not bound.separable or bound.bound is None:
        return MistakeBound(None, "", "not linearly separable: no bound")
    return MistakeBound(bound.bound, "(D/γ)²", "the points x̂/‖x̂‖ have D = 1 and γ ≥ γ/D")


SPEC = ModeSpec(
    mode="normalised",
    label="normalised",
    name="the normalised perceptron",
    trainer=NormalisedTrainer,
    bound_rule=normalised_bound,
    proof_note="its steps are ηy x̂/‖x̂‖, not ηy x̂: the proof's picture does not apply",
    update_rule="w ← w + η′yx, b ← b + η′y, η′ = η/‖x̂‖",
    scale_symbol="η′",
    step="η′yx",
    step_formula="η′ = η/‖x̂‖",
    tip=(
        "Normalised perceptron: on a mistake add η·y·x̂/‖x̂‖, the point scaled to unit "
        "length, so that far points do not take bigger steps"
    ),
)

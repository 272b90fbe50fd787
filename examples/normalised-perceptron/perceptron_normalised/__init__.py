"""The normalised perceptron as a perceptron-gui mode (a plugin: see docs/plugins.md).

On a mistake (``y ŵ·x̂ <= 0``) it adds the augmented point scaled to unit length::

    ŵ ← ŵ + η y x̂ / ‖x̂‖      (w ← w + η′yx, b ← b + η′y with η′ = η/‖x̂‖)

with ``x̂ = (x, 1)`` (``x̂ = x`` when the bias is off). It is the perceptron run on the
points ``x̂/‖x̂‖``, which have ``D = 1`` and a margin of at least ``γ/D``: Novikoff's
``(D/γ)²`` still bounds its updates. A point with ``x̂ = 0`` (the origin, bias off) has
no direction and is never updated on, as passive-aggressive skips it.

Its own setting, `NORM` (``norm``: ``l2``, the default, ``l1`` or ``max``), says which
length ‖x̂‖ is; the bound then grows by the dimension of x̂ (see `normalised_bound`).

The trainer is the project's online engine with a few hooks changed (the step's factor
and, for going back, the history's factor); `RULE` is its compiled step (the compiled
loop's twin of `_wants_update` and `_scale`); the registry entry `SPEC` says the rest.
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import fast
from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.history import FactorFn
from perceptron_gui.core.online import IntArray, OnlineTrainer
from perceptron_gui.core.params import Param
from perceptron_gui.core.registry import MistakeBound, ModeSpec

FloatArray = npt.NDArray[np.float64]

__all__ = ["NORM", "RULE", "SPEC", "NormalisedTrainer", "normalised_bound"]

#: The mode's own setting: which length of x̂ the step divides by. From this declaration
#: come ``train(norm=...)``, ``--norm``, its check, its session key and its control.
NORM = Param(
    "norm",
    "l2",
    "normalised: the length ‖x̂‖ the step is divided by",
    choices=("l1", "l2", "max"),
    choice_tips=("Σ |x̂ⱼ|", "√(Σ x̂ⱼ²), the usual length", "the largest |x̂ⱼ|"),
    label="norm",
)


def _wants(m: float, a: float, p: FloatArray) -> bool:
    """The compiled twin of `NormalisedTrainer._wants_update`: a mistake, ``a = ‖x̂‖ > 0``."""
    return m <= 0.0 and a > 0.0


def _scale(m: float, a: float, eta: float, p: FloatArray) -> float:
    """The compiled twin of `NormalisedTrainer._scale`: η′ = η/‖x̂‖."""
    return eta / a


#: The compiled step: perceptron-gui compiles its online loop with these two functions
#: inlined (numba, cached per rule), so this mode runs at the built-in modes' speed.
RULE = fast.register_rule("normalised", _wants, _scale)


class NormalisedTrainer(OnlineTrainer):
    """Updates ``w += (η/‖x̂‖) y x``, ``b += (η/‖x̂‖) y`` on every mistake with ``x̂ != 0``."""

    _compiled_rule = RULE  # the compiled loop (a mode without one runs on numpy)
    _mistakes_guess = None  # a mistake at x̂ = 0 is not an update

    def _init_extra(self) -> None:
        # ‖x̂_i‖ once per point, in one fixed order of operations (the history's factor,
        # the step's factor and the compiled step all read these numbers).
        norm = self.config.get(NORM.name)
        if norm == "l1":
            length = np.abs(self._x0) + np.abs(self._x1)
            if self._bias:
                length += 1.0
        elif norm == "max":
            length = np.maximum(np.abs(self._x0), np.abs(self._x1))
            if self._bias:
                length = np.maximum(length, 1.0)
        else:
            length = self._x0 * self._x0
            length += self._x1 * self._x1
            if self._bias:
                length += 1.0
            length = np.sqrt(length)
        self._norm = np.ascontiguousarray(length, dtype=np.float64)

    def _fast_aux(self) -> FloatArray:
        return self._norm  # the compiled step's a: ‖x̂_i‖

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
    """Novikoff's bound of the points ``x̂/‖x̂‖``, from the data's D and γ.

    With the length ‖x̂‖₂ those points have D = 1 and a margin of at least γ/D: at most
    (D/γ)² updates, the perceptron's bound. With ‖x̂‖₁ (D <= 1, margin >= γ/(√d D)) and
    with max |x̂ⱼ| (D <= √d, margin >= γ/D) it is d (D/γ)², d the length of x̂ (3 with
    the bias, 2 without).
    """
    if not bound.separable or bound.bound is None:
        return MistakeBound(None, "", "not linearly separable: no bound")
    if config.get(NORM.name) == "l2":
        return MistakeBound(bound.bound, "(D/γ)²", "the points x̂/‖x̂‖ have D = 1 and γ ≥ γ/D")
    d = 3 if config.bias else 2
    return MistakeBound(
        min(d * bound.bound, sys.float_info.max),
        f"{d}(D/γ)²",
        f"the points x̂/‖x̂‖ have D ≤ 1 and γ ≥ γ/(√{d} D) (l1), or D ≤ √{d} and γ ≥ γ/D (max)",
    )


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
    params=(NORM,),
    tip=(
        "Normalised perceptron: on a mistake add η·y·x̂/‖x̂‖, the point scaled to unit "
        "length, so that far points do not take bigger steps"
    ),
)

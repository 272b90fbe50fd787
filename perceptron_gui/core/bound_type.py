"""The Novikoff bound of a data set as a record (its own module, so that `novikoff` and
`kernel_bound`, which both make one, need not import each other)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bound:
    """The Novikoff bound of a data set.

    Attributes
    ----------
    D
        ``max_i ||x̂_i||`` (``x̂ = (x, 1)`` with the bias, ``x`` without).
    gamma
        Novikoff's γ: the best margin of a unit ``(w, b)`` (``w`` without the
        bias); 0.0 when the data are not separable.
    bound
        ``(D/γ)²``, the most updates the perceptron can make from ``ŵ = 0``;
        None when not separable. Capped at ``sys.float_info.max`` (see the
        module notes).
    separable
        Whether some ``ŵ`` has ``y_i ŵ·x̂_i > 0`` for every i.
    direction
        The unit vector ``û* = p*/||p*||`` achieving γ: ``(w1, w2, b)`` with the
        bias, ``(w1, w2)`` without; all zeros when not separable.
    bias
        Whether the bias was on.
    """

    D: float
    gamma: float
    bound: float | None
    separable: bool
    direction: tuple[float, ...]
    bias: bool

    def to_dict(self) -> dict[str, Any]:
        """The values as plain JSON-able Python objects.

        Returns
        -------
        dict
            Keys ``"D"``, ``"gamma"``, ``"bound"`` (None when not separable),
            ``"separable"`` and ``"direction"`` (a list of floats).
        """
        return {
            "D": float(self.D),
            "gamma": float(self.gamma),
            "bound": None if self.bound is None else float(self.bound),
            "separable": bool(self.separable),
            "direction": [float(v) for v in self.direction],
        }

"""What a trainer hands the views: a model that scores points and says what it is.

Views never test mode names. They ask the model what it can do:

* ``model.decision(X)`` gives the scores f(x) of any points (shape (M, 2)); the
  predicted class is ``sign f`` with ``sign(0) = +1`` and the boundary is ``f = 0``;
* ``model.is_linear`` says whether that boundary is a line ``w·x + b = 0`` (then
  ``model.w`` and ``model.b`` are its weights) or something else, drawn as the zero
  level set of f with tinted regions.

A trainer also says which model is the *answer* when it is not the running
weights (the pocket; later the averaged line): `Trainer.answer` is None when the
answer is the running model itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


@runtime_checkable
class Model(Protocol):
    """A decision function on the plane."""

    @property
    def is_linear(self) -> bool:
        """True when the boundary f = 0 is a line w·x + b = 0."""
        ...

    def decision(self, X: Any) -> FloatArray:
        """Scores f(x) of the points X, shape (M, 2) -> (M,)."""
        ...


@dataclass(frozen=True)
class LinearModel:
    """The line ``w·x + b = 0``; scores are computed column-wise as ALGORITHMS.md asks.

    Attributes
    ----------
    w
        The weights (w1, w2).
    b
        The bias (0 with the bias off).
    """

    w: tuple[float, float]
    b: float

    @property
    def is_linear(self) -> bool:
        """Always True."""
        return True

    @property
    def is_zero(self) -> bool:
        """True when w = 0: there is no line (every point scores b)."""
        return self.w[0] == 0.0 and self.w[1] == 0.0

    def decision(self, X: Any) -> FloatArray:
        """``x1*w1 + x2*w2 + b`` for every row of X (the textbook loop's bits)."""
        x = np.asarray(X, dtype=np.float64).reshape(-1, 2)
        f = x[:, 0] * self.w[0] + x[:, 1] * self.w[1]
        if self.b != 0.0:
            f += self.b
        return f


def predict(model: Model, X: Any) -> npt.NDArray[np.int64]:
    """The predicted labels ``sign f(x)`` with ``sign(0) = +1``."""
    return np.where(model.decision(X) >= 0.0, 1, -1).astype(np.int64)


def mistakes(model: Model, X: Any, y: Any) -> npt.NDArray[np.intp]:
    """Indices of the points the model gets wrong: ``y_i f(x_i) <= 0`` (ALGORITHMS.md)."""
    yv = np.asarray(y, dtype=np.float64).reshape(-1)
    return np.flatnonzero(yv * model.decision(X) <= 0.0)

"""What a finished run returns: plain numbers, no engine state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.config import Mode, Order


@dataclass(frozen=True, eq=False)
class TrainResult:
    """The outcome of `train`.

    Attributes
    ----------
    mode, order, eta, bias
        The settings the run used.
    w, b
        The last weights (in pocket mode, show `pocket_w`, `pocket_b` instead).
    alpha
        α per point in the dual form, None otherwise.
    updates
        0-based index of the point of each update, in order (int64 array).
    history_w, history_b
        The weights right after each update: shapes (k, 2) and (k,).
    mistakes
        The number of updates made (= len(updates)).
    converged
        True when the final weights misclassify no point.
    stop_reason
        Why the run stopped, one of five values:

        - "converged": the weights misclassify no point;
        - "update limit": `max_updates` updates were made;
        - "epoch limit": `max_epochs` epochs (or the default cap on visits) were made;
        - "overflow": the next update would have taken some ``|w·x + b|`` past 1e300
          (η or the initial weights too large for the points); the weights are those
          before it;
        - "not finished": the trainer was asked for its result before it stopped.
    visits, epochs
        Points looked at, and visits / N.
    pocket_w, pocket_b, pocket_errors
        The pocket (fewest training mistakes seen), pocket mode only.
    """

    mode: Mode
    order: Order
    eta: float
    bias: bool
    n_points: int
    w: tuple[float, float]
    b: float
    alpha: npt.NDArray[np.float64] | None
    updates: npt.NDArray[np.int64]
    history_w: npt.NDArray[np.float64]
    history_b: npt.NDArray[np.float64]
    converged: bool
    stop_reason: str
    visits: int
    pocket_w: tuple[float, float] | None = None
    pocket_b: float | None = None
    pocket_errors: int | None = None

    @property
    def mistakes(self) -> int:
        """The number of updates made."""
        return int(self.updates.shape[0])

    @property
    def epochs(self) -> float:
        """Visits divided by N."""
        return self.visits / self.n_points if self.n_points else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of `perceptron trace --json` (without D, γ and the bound)."""
        ups = [
            {"k": i + 1, "index": int(j), "w": [float(v) for v in wk], "b": float(bk)}
            for i, (j, wk, bk) in enumerate(
                zip(
                    self.updates.tolist(),
                    self.history_w.tolist(),
                    self.history_b.tolist(),
                    strict=True,
                )
            )
        ]
        pocket = None
        if self.pocket_w is not None:
            pocket = {
                "w": [float(v) for v in self.pocket_w],
                "b": float(self.pocket_b or 0.0),
                "errors": self.pocket_errors,
            }
        return {
            "mode": self.mode,
            "order": self.order,
            "eta": self.eta,
            "bias": self.bias,
            "n_points": self.n_points,
            "converged": self.converged,
            "mistakes": self.mistakes,
            "w": [float(v) for v in self.w],
            "b": float(self.b),
            "alpha": None if self.alpha is None else [float(a) for a in self.alpha],
            "updates": ups,
            "pocket": pocket,
        }

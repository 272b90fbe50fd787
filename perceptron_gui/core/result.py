"""What a finished run returns: plain numbers, no engine state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.config import Mode, Order, TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.model import LinearModel, VoteModel


@dataclass(frozen=True, eq=False)
class TrainResult:
    """The outcome of `train`.

    Attributes
    ----------
    mode, order, eta, bias
        The settings the run used.
    w, b
        The last weights (in pocket mode, show `pocket_w`, `pocket_b` instead). The kernel
        perceptron has no w in the plane: `w` is None (its answer is α and b).
    alpha
        α per point in the dual form, None otherwise.
    updates
        0-based index of the point of each update, in order (int64 array).
    history_w, history_b
        The weights right after each update: shapes (k, d) and (k,) (d features).
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
    avg_w, avg_b
        Averaged perceptron: the answer ``Σ c_j ŵ_j / Σ c_j``.
    votes
        Voted perceptron: ``(w_j, b_j, c_j)`` of every vector (c_j = 0: no vote).
    update_visits
        Averaged and voted perceptrons: the visit (1-based) of each update, from which
        the counts c_j and the running average of the iteration table follow.
    n_mistakes
        Passive-aggressive and margin perceptron: visits whose point had ``y f <= 0``
        (``mistakes`` then gives this, and ``len(updates)`` the updates); None in the
        other modes.
    batch_sizes, batch_points
        Batch perceptron: ``|M_t|`` and the points ``M_t`` (increasing) corrected by
        each step t; ``updates[t]`` is the first point of ``M_t``.
    answer_model
        Kernel perceptron: the `KernelModel` (``history_w`` and ``w`` are zeros).
    data, config
        The points and the settings of the run, when `train` made it (None otherwise):
        what the notebook's picture (`_repr_html_`) replays.
    """

    mode: Mode
    order: Order
    eta: float
    bias: bool
    n_points: int
    w: tuple[float, ...] | None
    b: float
    alpha: npt.NDArray[np.float64] | None
    updates: npt.NDArray[np.int64]
    history_w: npt.NDArray[np.float64]
    history_b: npt.NDArray[np.float64]
    converged: bool
    stop_reason: str
    visits: int
    pocket_w: tuple[float, ...] | None = None
    pocket_b: float | None = None
    pocket_errors: int | None = None
    avg_w: tuple[float, ...] | None = None
    avg_b: float | None = None
    votes: list[tuple[tuple[float, ...], float, int]] | None = None
    update_visits: npt.NDArray[np.int64] | None = None
    n_mistakes: int | None = None
    batch_sizes: npt.NDArray[np.int64] | None = None
    batch_points: list[npt.NDArray[np.int64]] | None = None
    answer_model: Any = None
    data: Dataset | None = None
    config: TrainConfig | None = None

    @property
    def mistakes(self) -> int:
        """The number of mistakes: the updates, except in PA and margin modes (`n_mistakes`)."""
        if self.n_mistakes is not None:
            return self.n_mistakes
        return int(self.updates.shape[0])

    @property
    def answer(self) -> Any:
        """The model of the run's answer (pocket, averaged line, vote, kernel, or w and b)."""
        if self.answer_model is not None:
            return self.answer_model
        if self.pocket_w is not None:
            return LinearModel(self.pocket_w, float(self.pocket_b or 0.0))
        if self.avg_w is not None:
            return LinearModel(self.avg_w, float(self.avg_b or 0.0))
        if self.votes is not None:
            d = len(self.votes[0][0]) if self.votes else 2
            W = np.array([v[0] for v in self.votes], dtype=np.float64).reshape(-1, d)
            B = np.array([v[1] for v in self.votes], dtype=np.float64)
            c = np.array([v[2] for v in self.votes], dtype=np.float64)
            return VoteModel(W, B, c)
        assert self.w is not None  # only the kernel run has no w, and it has its model
        return LinearModel(self.w, self.b)

    def _repr_html_(self) -> str | None:
        """The run as Jupyter draws it: the web page of `perceptron html` in an iframe.

        The page replays the run from `data` and `config` (a result `train` made; None,
        and Jupyter shows the text, otherwise). It needs nothing but this package: no
        network, no widget library (`perceptron_gui.web`).
        """
        if self.data is None or self.config is None:
            return None
        from perceptron_gui.web import notebook_html  # Qt's translator: only when drawn

        return notebook_html(self.data, self.config)

    def decision(self, X: Any) -> npt.NDArray[np.float64]:
        """Scores of the answer on the points X (shape (M, d)); its sign is the class."""
        return np.asarray(self.answer.decision(X), dtype=np.float64)

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
            "w": None if self.w is None else [float(v) for v in self.w],
            "b": float(self.b),
            "alpha": None if self.alpha is None else [float(a) for a in self.alpha],
            "updates": ups,
            "pocket": pocket,
            **self._extra_dict(),
        }

    def _extra_dict(self) -> dict[str, Any]:
        """The keys of the newer modes, only when they apply."""
        d: dict[str, Any] = {}
        if self.avg_w is not None:
            d["avg_w"] = [float(v) for v in self.avg_w]
            d["avg_b"] = float(self.avg_b or 0.0)
        if self.votes is not None:
            d["votes"] = [{"w": list(w), "b": b, "c": c} for w, b, c in self.votes]
        if self.n_mistakes is not None:
            d["updates_made"] = int(self.updates.shape[0])
        if self.batch_sizes is not None:
            d["batch_sizes"] = [int(v) for v in self.batch_sizes]
        model = self.answer_model
        if model is not None and hasattr(model, "kernel"):
            d["kernel"] = {
                "name": model.kernel,
                "degree": int(model.degree),
                "coef0": float(model.coef0),
                "sigma": float(model.sigma),
            }
        return d

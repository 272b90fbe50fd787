"""What one visit or one update did: the record every trainer returns.

The narration, the tables, the command line and the exports are written from these
records and from the mode's registry entry (`registry.py`), never from the mode's name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

#: Why an update was made: a mistake (``y f <= 0``), a margin correction (a right point
#: whose ``y f`` is still below the mode's threshold), or a batch of M mistakes; "" for a
#: visit that changed nothing.
Reason = Literal["mistake", "margin", "batch", ""]


@dataclass(frozen=True)
class StepRecord:
    """What one visit (or one batch step) did.

    Attributes
    ----------
    index
        The point looked at (0-based; a batch step: the first point of M).
    mistake
        True when ``y (w·x + b) <= 0`` before the visit. In the primal, dual, pocket,
        averaged, voted and kernel modes an update is made exactly then; in the
        passive-aggressive and margin modes an update can also correct a right point
        (see `reason`).
    margin
        ``y (w·x + b)`` before the visit (the dual's own score in the dual form; NaN when
        not known, as for the kernel's last update after `run`).
    k
        Updates made so far, after this visit.
    visit
        Visits made so far, after this visit.
    w_before, b_before, w_after, b_after
        The weights around the visit.
    pocket_replaced
        Pocket form: the new weights went into the pocket.
    points
        The points the update used: ``(index,)``, or the batch's M in increasing order;
        ``()`` when the visit made no update.
    scale
        The step's factor: η (perceptron updates, batch), τ (passive-aggressive); NaN
        when no update was made.
    reason
        "mistake", "margin" (a right point corrected because ``y f`` was below the
        threshold), "batch" (a step over the M current mistakes), "" (no update).
    threshold
        The margin below which a right point is corrected (passive-aggressive: 1, margin
        perceptron: its `margin`); None in the other modes.
    """

    index: int
    mistake: bool
    margin: float
    k: int
    visit: int
    w_before: tuple[float, ...]
    b_before: float
    w_after: tuple[float, ...]
    b_after: float
    pocket_replaced: bool = False
    points: tuple[int, ...] = ()
    scale: float = math.nan
    reason: Reason = ""
    threshold: float | None = None

    @property
    def updated(self) -> bool:
        """True when this visit made an update."""
        return self.reason != ""

    @property
    def dw(self) -> tuple[float, ...]:
        """``Δw = w_after - w_before`` (d numbers)."""
        return tuple(a - b for a, b in zip(self.w_after, self.w_before, strict=True))

    @property
    def db(self) -> float:
        """``Δb = b_after - b_before``."""
        return self.b_after - self.b_before

    @property
    def size(self) -> int:
        """How many points the update summed (1, or |M| for a batch step; 0: no update)."""
        return len(self.points)


def update_reason(margin: float, threshold: float | None) -> Reason:
    """The reason of an update made on a point whose margin ``y f`` was `margin`."""
    if threshold is not None and not margin <= 0.0 and not math.isnan(margin):
        return "margin"
    return "mistake"

"""The batch perceptron: each step corrects all the current mistakes at once.

ALGORITHMS.md, "Batch perceptron": with ``M = {i : y_i (w·x_i + b) <= 0}`` for the
current weights, a step makes

    w <- w + eta * Σ_{i in M} y_i x_i      b <- b + eta * Σ_{i in M} y_i

summing in increasing index order (one running sum, so that integer data give the
plain loop's exact numbers). An empty M means converged. Each step is one entry of
`updates` (its first point; `batch_points` has all of M) and counts as one toward
the update limit. A step looks at all N points, so it counts N visits and one
epoch; the order setting does not apply.

The bound: the number of steps is at most ``Σ m_t <= N (D/γ)²`` (the registry's rule).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from perceptron_gui.core.engine import Scan
from perceptron_gui.core.online import IntArray, OnlineTrainer
from perceptron_gui.core.records import StepRecord


class BatchTrainer(OnlineTrainer):
    """The batch perceptron with the `Trainer` surface (a step = a visit = one pass)."""

    # A step is a sum over all mistakes: the history keeps every step's weights (few steps).
    _full_history = True
    _mistakes_guess = None

    def _reset_extra(self) -> None:
        if not hasattr(self, "_points"):
            self._points = array("q")
            self._sizes = array("q")

    def _restore_extra(self, k: int) -> None:
        del self._points[sum(self._sizes[:k]) :]
        del self._sizes[k:]

    @property
    def mistakes(self) -> int:
        """Batch steps made: each counts as one (ALGORITHMS.md; `batch_sizes` has the points)."""
        return self._k

    def next_index(self) -> int | None:
        """None: a batch step has no single next point."""
        return None

    @property
    def batch_sizes(self) -> IntArray:
        """``|M_t|`` of every step so far."""
        return np.array(self._sizes, dtype=np.int64)

    @property
    def batch_points(self) -> list[IntArray]:
        """The points ``M_t`` of every step so far (increasing indices)."""
        allp = np.array(self._points, dtype=np.int64)
        return (
            np.split(allp, np.cumsum(np.array(self._sizes, dtype=np.int64))[:-1])
            if len(self._sizes)
            else []
        )

    def _batch_step(self) -> bool:
        """One pass: update on all mistakes, or converge. False when it stopped."""
        n = self._n
        m = self.margins()
        M = np.flatnonzero(m <= 0.0)
        self._v += n
        if M.shape[0] == 0:
            self._clean = n
            self._finish("converged")
            return False
        e = self._eta
        # One running sum in index order (np.cumsum is sequential, unlike np.sum).
        s0 = float(np.cumsum(self._yx0[M])[-1])
        s1 = float(np.cumsum(self._yx1[M])[-1])
        sb = float(np.cumsum(self._y[M])[-1])
        if not self._set_linear(
            self._w0 + e * s0, self._w1 + e * s1, self._b + e * sb if self._bias else self._b
        ):
            self._v -= n
            self._finish("overflow")
            return False
        self._mistakes += int(M.shape[0])
        self._k += 1
        self._clean = 0
        self._mis = None
        self._record(int(M[0]))
        self._points.extend(M.tolist())
        self._sizes.append(int(M.shape[0]))
        return True

    def _visit_on(self, target_v: int, scan: Scan) -> bool:
        # A step looks at all N points: it needs N visits within the target.
        return self._v + self._n <= target_v and self._batch_step()

    def _record_update(
        self, w_before: tuple[float, float], b_before: float, margin: float
    ) -> StepRecord:
        rec = self._batch_record(w_before, b_before, margin)
        self._last = rec
        return rec

    def _record_last(self) -> None:
        k = self._k
        h = self._hist
        w_before, b_before = h.weights(k - 2)
        i = h.value("index", k - 1)
        self._last = self._batch_record(
            w_before, b_before, self._margin_before(i, w_before, b_before)
        )

    def _batch_record(
        self, w_before: tuple[float, float], b_before: float, margin: float
    ) -> StepRecord:
        """The record of batch step k: every point of M, the scale η, the reason "batch"."""
        k = self._k
        start = sum(self._sizes[: k - 1])
        points = tuple(self._points[start : start + self._sizes[k - 1]])
        return StepRecord(
            index=points[0],
            mistake=True,
            margin=margin,
            k=k,
            visit=self._hist.value("visit", k - 1),
            w_before=w_before,
            b_before=b_before,
            w_after=self.w,
            b_after=self._b,
            points=points,
            scale=self._eta,
            reason="batch",
        )

    def visit(self) -> StepRecord | None:
        """The same as `step`: a batch step looks at every point once."""
        return self.step()

    def run(self, max_updates: int | None = None, max_visits: int | None = None) -> int:
        """As `Engine.run`, but a pass cannot be split: a slice of 1 to N - 1 visits makes
        one pass (N visits), so that a loop of small slices ends (it made none before)."""
        if max_visits is not None and 0 < max_visits < self._n:
            max_visits = self._n
        return super().run(max_updates, max_visits)

    def seek(self, visits: int) -> None:
        """The state after ``visits // N`` passes (back or forward)."""
        n = self._n
        if n == 0:
            return
        visits = (max(0, int(visits)) // n) * n
        if visits >= self._v:
            self._advance(self.max_updates, visits - self._v)
            return
        k = self._hist.updates_by(visits)
        self._restore(k, visits)

    def _restore_clean(self, k: int, v: int) -> None:
        self._mistakes = self._hist.value("mistakes", k - 1) if k else 0
        self._clean = self._clean_since(k, v)  # no visit to replay: a pass is an update or the end

    def _restore_stop(self, k: int) -> None:
        if self._n and self._clean >= self._n:
            self._finish("converged")  # a pass after update k found no mistake

    def _result_extra(self) -> dict[str, Any]:
        return {"batch_sizes": self.batch_sizes, "batch_points": self.batch_points}

"""The perceptron's rule: primal, dual and pocket, with every order of ALGORITHMS.md.

`Trainer` is the one trainer (`engine.Engine`: stepping, seeking, snapshots, orders,
margins, the numpy scan, the history, the compiled-loop dispatch) with this rule's step
(`_apply`, `_record`, the compiled `fast._run_py` and `fast._run_random_py`) and what it
stores (the dual's scores, the pocket's and the random order's counts of mistakes).
The trainer is passive: it does nothing until asked (`step`, `visit`, `run`,
`step_back`, `seek`) and knows nothing of time or widgets. Its whole state is a
function of the number of visits made so far, which is what makes stepping back
exact: the weights after every update are kept in compact arrays, and the
position in the visiting order is derived from the visit count.

Conventions (ALGORITHMS.md):

* a point is a mistake when ``y (w·x + b) <= 0``, computed column-wise as
  ``(x1*w1 + x2*w2) + b`` so that results equal the textbook loop to the bit;
  we compute ``(y*x1)*w1 + (y*x2)*w2 + y*b``, which has the same bits because
  negation commutes with rounding;
* ``fl(A + c) <= 0`` exactly when ``A <= -c`` for floats A, c (rounding is
  monotone and a nonzero exact sum of two floats never rounds to 0), so the scans
  (`Engine._visit_on`, `fast._run_py`) test ``(y x1) w1 + (y x2) w2 <= (-y) b`` with
  one operation fewer;
* the update is ``w += (eta*y) * x``, ``b += eta*y``;
* the dual keeps the scores ``f_i = sum_j alpha_j y_j G_ji`` and adds one Gram
  column per update (O(N) memory).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import fast
from perceptron_gui.core.engine import (
    _EMPTY,
    Engine,
)
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import LinearModel
from perceptron_gui.core.overflow import SAFE
from perceptron_gui.core.records import StepRecord
from perceptron_gui.core.snapshots import Snapshots

__all__ = ["StepRecord", "Trainer"]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# The dual keeps copies of (f, α) every this many updates to start with (snapshots.Snapshots).
_SNAP_STRIDE = 16


class Trainer(Engine):
    """The perceptron's rule on the one engine (`engine.Engine`, whose constructor it
    has: ``Trainer(data, config)``): the primal, the dual (`ModeSpec.rd_rule` "gram":
    scores and α) and the pocket (`ModeSpec.counts_errors`: answer kind "fewest").

    What the rule supplies: its step (`_apply`, `_record`; the engine's scan finds the
    mistakes), its compiled loops (`fast.loop_for`, `_fast_call`), and what it stores: the dual's
    scores and α, the mistakes of each update's weights (the "errors" column: the pocket
    and the random order count them), the pocket. The rest is the engine's.

    Notes
    -----
    A *visit* looks at one point: predict, reveal the label, update if wrong.
    `step` makes visits until one is a mistake (one update); `visit` makes one.
    In the ``random`` order every visit picks a random current mistake, so every
    visit is an update. An epoch is N visits.
    """

    HISTORY_COLUMNS = ("index", "visit", "w0", "w1", "b", "errors")
    _ZERO_COLUMNS = ()
    _fast_steps = False  # the loops' factor is η y (`fast._run_py`)

    def _init_extra(self) -> None:
        s = self.spec
        if s.trainer is not type(self):
            # The other modes have their own trainers: running them here would be the primal.
            raise DataError(f"mode {self.config.mode!r} needs make_trainer, not Trainer")
        self._ny = -self._y
        self._dual = s.rd_rule == "gram"  # keeps scores f and α (the dual form)
        self._pocket = s.counts_errors  # counts every update's mistakes, keeps the fewest
        # The pocket compares the new weights' mistakes; the random order looks at them
        # anyway: both count them at each update (the "errors" column).
        self._counts = self._pocket or self._order == "random"
        self._snaps = Snapshots(self._n, _SNAP_STRIDE) if self._dual else None
        # Initial weights whose scores overflow: stop before any visit (see `start_overflows`).
        self._start_overflow = not self._scores_finite(*self._w_init, self._b_init)
        self._init_errors = 0

    def _history_layout(self) -> dict[str, Any]:
        # Every visit of the random order is an update (visit = k); the errors column is
        # the pocket's and the random order's, zeros otherwise (history.py).
        return {**super()._history_layout(), "count_guess": None if self._counts else "zero"}

    def _init_started(self) -> None:
        # The largest initial dual score: with it, a cheap bound on every later one.
        self._f0max = 0.0
        if self._dual and self._n and not self._start_overflow:
            assert self._f is not None
            self._f0max = float(np.abs(self._f).max())
        if self._pocket:
            self._init_errors = self.errors()

    @property
    def has_compiled_loop(self) -> bool:
        """True: every order has a compiled loop (the random order's for seeds below 2^32)."""
        return True

    def _compiled_loop(self) -> Any:
        return fast.loop_for(self.config.order, self.config.seed)

    # ------------------------------------------------------------------ state

    def _reset_extra(self) -> None:
        self._alpha = np.zeros(self._n) if self._dual else None
        self._f = None
        if self._dual:
            # f_i = sum_j alpha_j y_j G_ji + (initial primal weights' contribution).
            with np.errstate(over="ignore", invalid="ignore"):  # see `start_overflows`
                self._f = self._x0 * self._w_init[0] + self._x1 * self._w_init[1]
        self._pocket_row = -1
        if self._start_overflow:
            self._stop_reason = "overflow"

    @property
    def answer(self) -> LinearModel | None:
        """The algorithm's answer when it is not the running model (the pocket), else None."""
        if not self._pocket:
            return None
        w, b = self.pocket_w, self.pocket_b
        assert w is not None and b is not None
        return LinearModel(w, b)

    @property
    def answer_errors(self) -> int | None:
        """Training mistakes of `answer` (None when there is no separate answer)."""
        return self.pocket_errors

    def _update_mistake(self, margin: float) -> bool:
        """Every update of these modes is a mistake (the dual's by its own scores, which
        the margin from w may round past)."""
        return True

    def _replaced(self, row: int) -> bool:
        return self._pocket and self._pocket_row == row

    # ---------------------------------------------------------------- pocket

    def _find_pocket(self) -> None:
        """Recompute the pocket from the history (after a restore)."""
        self._pocket_row = -1
        if self._k:
            # the first of the fewest: replaced only when strictly fewer
            j = self._hist.first_fewest()
            if self._hist.value("errors", j) < self._init_errors:
                self._pocket_row = j

    @property
    def pocket_w(self) -> tuple[float, float] | None:
        """The pocket's w (pocket form only)."""
        if not self._pocket:
            return None
        j = self._pocket_row
        return self._w_init if j < 0 else (self._hist.value("w0", j), self._hist.value("w1", j))

    @property
    def pocket_b(self) -> float | None:
        """The pocket's b (pocket form only)."""
        if not self._pocket:
            return None
        j = self._pocket_row
        return self._b_init if j < 0 else self._hist.value("b", j)

    @property
    def pocket_errors(self) -> int | None:
        """Training mistakes of the pocket weights (pocket form only)."""
        if not self._pocket:
            return None
        j = self._pocket_row
        return self._init_errors if j < 0 else self._hist.value("errors", j)

    # --------------------------------------------------------------- updates

    def _stride(self) -> int:
        """The snapshots' stride the compiled loop stops at (1 outside the dual: unread)."""
        return self._snaps.stride if self._snaps is not None else 1

    def _dual_fits(self, i: int, ey: float, b: float) -> bool:
        """Dual form: True when the update on point i leaves every ``f_j + b`` finite."""
        xm = self._xmax
        # |f_j| <= max|f(0)| + k·η·2·xmax² (rounding adds a factor far below 1e8).
        if self._f0max + 2.0 * xm * xm * self._eta * (self._k + 1) + abs(b) <= SAFE:
            return True
        assert self._f is not None
        with np.errstate(over="ignore", invalid="ignore"):
            g = self._score_column(i)
            g *= ey
            g += self._f
            g += b
        return bool(np.isfinite(g).all())

    def _apply(self, i: int, margin: float) -> bool:
        """Update on point i (a mistake), or refuse (False) if numbers would overflow."""
        ey = self._eta * self._y.item(i)
        w0 = self._w0 + ey * self._x0.item(i)
        w1 = self._w1 + ey * self._x1.item(i)
        b = self._b + ey if self._bias else self._b
        if not (
            math.isfinite(ey)
            and self._scores_finite(w0, w1, b)
            and (not self._dual or self._dual_fits(i, ey, b))
        ):
            return False
        self._w0, self._w1, self._b = w0, w1, b
        if self._dual:
            assert self._alpha is not None and self._f is not None
            self._alpha[i] += self._eta
            g = self._score_column(i)
            g *= ey
            self._f += g
        return True

    def _record(self, i: int) -> None:
        # The new weights' mistakes, counted now (the pocket, the random order), so that
        # convergence is known right after the update that reached it (as `seek` sees
        # it); the count is cached for the window too.
        errors = self.errors() if self._counts else 0
        self._hist.append(i, self._v, self._w0, self._w1, self._b, errors)
        if self._pocket and errors < (self.pocket_errors or 0):
            self._pocket_row = self._k - 1
        if self._counts and errors == 0:
            self._finish("converged")

    # ------------------------------------------------------------ the compiled loops

    def _fast_call(
        self, target_k: int, target_v: int, out: tuple[npt.NDArray[Any], ...]
    ) -> tuple[int, int]:
        f = self._f if self._f is not None else _EMPTY
        alpha = self._alpha if self._alpha is not None else _EMPTY
        if self._order == "random":
            w0, w1, b, k, v, made, status = self._fast(
                self._x0, self._x1, self._y, self._yx0, self._yx1, f, alpha,
                self.errors(), self.config.seed, self._dual, self._bias,
                self._eta, self._xmax, self._f0max, SAFE, self._stride(),
                self._w0, self._w1, self._b, self._k, self._v, target_k, target_v, *out,
            )  # fmt: skip
            clean = 0 if made else self._clean
        else:
            w0, w1, b, k, v, clean, made, status = self._fast(
                self._x0, self._x1, self._y, self._yx0, self._yx1, self._ny,
                self._perm, self._perm_epoch, f, alpha,
                fast.ORDER_CODES[self._order], self._dual, self._pocket, self._bias,
                self._eta, self._xmax, self._f0max, SAFE, self._stride(),
                self._w0, self._w1, self._b, self._k, self._v, self._clean,
                target_k, target_v, *out,
            )  # fmt: skip
        self._w0, self._w1, self._b = w0, w1, b
        self._k, self._v, self._clean = k, v, clean
        return made, status

    def _fast_rows_made(self, k0: int, counts: IntArray) -> None:
        if self._pocket:
            # The sequential rule (replace when strictly fewer) keeps the first of the
            # fewest, provided they beat the pocket.
            j = int(np.argmin(counts))
            if counts[j] < (self.pocket_errors or 0):
                self._pocket_row = k0 + j

    # ------------------------------------------------------------ going back

    def _restore_extra(self, k: int) -> None:
        if self._dual:  # only the dual replays (its scores); the other forms read the weights
            self._replay_scores(k)
        if self._pocket:
            self._find_pocket()

    def _restore_stop(self, k: int) -> None:
        # The pocket and the random order counted the mistakes of update k's weights.
        if k and self._counts and self._hist.value("errors", k - 1) == 0:
            self._finish("converged")
        else:
            super()._restore_stop(k)

    def _result_extra(self) -> dict[str, Any]:
        return {
            "pocket_w": self.pocket_w,
            "pocket_b": self.pocket_b,
            "pocket_errors": self.pocket_errors,
        }

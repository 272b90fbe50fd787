"""The one trainer: counters, order, moves, margins, history, snapshots, stopping.

Every mode's trainer is an `Engine`, the one trainer class, over a rule. The engine keeps
the whole state as a function of the visit count, with the weights after every update
in a history, and holds once what reads or moves that state the same way in every mode:
the run's data and settings (`_init_run`), its state before any visit (`_reset_state`),
the visiting order (the random-cyclic permutations), the moves back and forth (`seek`,
`step_back`, `reset`, `step`, `visit`, `seek_update`) and the records they return, the
margins (linear, or from the scores of the dual and kernel forms), the mistakes counted
apart from the updates, the history's columns, the snapshots of the scores that the
dual and kernel forms replay from (`_replay_scores`, on snapshots.py's `Snapshots`),
the limits, the overflow check (`_scores_finite`, on overflow.py's `SAFE` and
`scores_finite`) and the dispatch to the compiled loop (`_advance`).

Its default rule is the perceptron's step on mistakes, on the numpy path (`_visit_on`)
and in the online compiled loop of a `fast.Rule` (`_fast_call`). A rule is a subclass
that supplies its per-visit step (`_wants_update`, `_scale`, `_apply`, `_record`, the
compiled `_compiled_rule` with `_fast_aux` and `_fast_params`) and what it stores
(`_init_extra`, `_reset_extra`, `_restore_extra`, `_restore_clean`, `_restore_stop`):
the online modes (online.py, margin.py, batch.py, a plugin's; `online.OnlineTrainer` is
this class) and the perceptron's rule `trainer.Trainer` (primal, dual, pocket), which
brings its own compiled loops (fast.py, "Why three loops").
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import fast
from perceptron_gui.core.config import DEFAULT_MAX_UPDATES, DEFAULT_MAX_VISITS, TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.history import FactorFn, History
from perceptron_gui.core.model import LinearModel, kernel_block
from perceptron_gui.core.orders import epoch_permutation
from perceptron_gui.core.overflow import SAFE, scores_finite
from perceptron_gui.core.records import StepRecord, update_reason
from perceptron_gui.core.result import TrainResult
from perceptron_gui.core.snapshots import Snapshots

if TYPE_CHECKING:
    from perceptron_gui.core.registry import ModeSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
#: The compiled loop's kernel arguments (see `Engine._fast_kernel_state`).
KernelState = tuple[
    FloatArray, FloatArray, FloatArray, FloatArray, FloatArray, FloatArray, FloatArray
]

_EMPTY = np.zeros(0)  # f and α of the compiled loop outside the score-keeping forms
_EMPTY2 = np.zeros((0, 0))  # the Gram matrix outside the kernel perceptron

# Scan sizes of the numpy path: small right after an update (the next one is often near),
# growing while the scan finds none, capped to stay in cache.
FIRST_CHUNK = 16
MAX_CHUNK = 8192


@dataclass
class Scan:
    """The numpy path's scan sizes during one `Engine._advance` (they change no number)."""

    chunk: int = FIRST_CHUNK
    gap: float = float(FIRST_CHUNK)  # running mean of the visits between updates


_SCRATCH = threading.local()


def _scratch(rows: int) -> tuple[IntArray, IntArray, IntArray, FloatArray]:
    """This thread's buffers of the compiled loop's index, visit, count and step columns,
    at least `rows` long: the history copies them (the weights it keeps as they are, in
    new arrays), and new buffers at each call were new pages to the system at each call
    of a script's loop (page faults, up to a third of a call's CPU)."""
    got: tuple[IntArray, IntArray, IntArray, FloatArray] | None = getattr(_SCRATCH, "cols", None)
    if got is None or got[0].shape[0] < rows:
        size = max(rows, 1 << 10)
        got = (np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int64),
               np.empty(size))  # fmt: skip
        _SCRATCH.cols = got
    return got[0][:rows], got[1][:rows], got[2][:rows], got[3][:rows]


class _WeakFactor:
    """A rule's `Engine._history_factor` for its history, through a weak reference to the
    trainer. The factor is a closure over the trainer (PA's, a plugin's): held by the
    history it made a cycle (trainer, history, closure) that only the cyclic collector
    frees, so a script's PA calls left each run's arrays to it; the heap grew (~150 MB
    over 300 calls of 10⁵ visits) and each call touched new pages (~700 page faults, a
    third of its CPU). Here the closure is made for each check and dropped after it."""

    __slots__ = ("_trainer",)

    def __init__(self, trainer: Engine) -> None:
        self._trainer = weakref.ref(trainer)

    def __call__(self, idx: IntArray, w0: FloatArray, w1: FloatArray, b: FloatArray) -> FloatArray:
        trainer = self._trainer()
        factor = None if trainer is None else trainer._history_factor()
        if factor is None:  # (a history is its trainer's own: never met)
            raise ReferenceError("the history's trainer is gone")
        return factor(idx, w0, w1, b)


class Engine:
    """The shared part of the trainers (see `protocol.Algorithm` for the whole surface)."""

    data: Dataset
    config: TrainConfig
    max_updates: int
    max_visits: int
    _n: int
    _w0: float
    _w1: float
    _b: float
    _k: int
    _v: int
    _converged: bool
    _stop_reason: str | None
    _last: StepRecord | None
    _mis: IntArray | None
    _hist: History

    _y: FloatArray
    _x0: FloatArray
    _x1: FloatArray
    _yx0: FloatArray
    _yx1: FloatArray
    _bias: bool
    _w_init: tuple[float, float]
    _b_init: float
    _xmax: float

    def __init__(self, data: Dataset, config: TrainConfig | None = None) -> None:
        """The run of `config` (the primal form's defaults when None) on `data`, before
        any visit: what every rule keeps (`_init_run`, `_init_order`), the rule's own
        constants (`_init_extra`), the history in the rule's layout (`_history_layout`),
        the state before any visit (`_reset_state`, then `_init_started`), and the
        compiled loop when numba has been warmed up (fast.py; else the numpy path: the
        same numbers either way)."""
        self._init_run(data, config)
        self._init_order()
        # The rule updates on mistakes only (`_wants_update` is the engine's own), and its
        # margins are the engine's (`_margins_at`): the scan's shortcuts (`_visit_on`).
        self._mistakes_only = type(self)._wants_update is Engine._wants_update
        self._own_margins = type(self)._margins_at is Engine._margins_at
        self._init_extra()
        self._hist = History(
            self._x0,
            self._x1,
            self._y,
            self._eta,
            self._bias,
            self._w_init,
            self._b_init,
            **self._history_layout(),
        )
        self._reset_state()
        # The scan's shortcut (`_visit_on`): mistakes only, on the engine's linear margins.
        self._linear_scan = self._mistakes_only and self._own_margins and self._f is None
        self._init_started()
        self.use_compiled_loop()
        self._check_random_start()

    def _history_layout(self) -> dict[str, Any]:
        """Hook of `__init__`: how the history keeps this rule's rows (`History`'s keyword
        arguments): its count column (the last of `HISTORY_COLUMNS`) and that column's
        guess (`_mistakes_guess`), the guess of the visits (the random order: every visit
        an update), the update's factor when it is not ``η y_i``, whether w moves, and
        whether every row's weights are kept."""
        return {
            "count": self.HISTORY_COLUMNS[-1],
            "count_guess": self._mistakes_guess,
            "visit_guess": "rank" if self.config.order == "random" else None,
            "factor": _WeakFactor(self) if self._history_factor() is not None else None,
            "moves_w": self._moves_w,
            "full": self._full_history,
        }

    def _init_started(self) -> None:
        """Hook of `__init__`: what the rule reads of the state before any visit."""

    def _init_run(self, data: Dataset, config: TrainConfig | None) -> None:
        """What every rule keeps of the data and the settings: the points' columns as
        own writable copies (the compiled loop is compiled for writable arrays only),
        ``y x``, η, the bias, the initial weights, the largest |x| and the limits."""
        self.data = data
        self.config = c = config if config is not None else TrainConfig()
        n = data.n
        self._n = n
        y = np.array(data.labels, dtype=np.float64)
        self._y = y
        self._x0 = np.array(data.points[:, 0], dtype=np.float64)
        self._x1 = np.array(data.points[:, 1], dtype=np.float64)
        self._yx0 = y * self._x0
        self._yx1 = y * self._x1
        self._eta = float(c.eta)
        self._bias = bool(c.bias)
        self._w_init = (float(c.w0[0]), float(c.w0[1]))
        self._b_init = float(c.b0) if self._bias else 0.0
        # max |x| from the extremes: the same float, without an N x d array of |x|.
        self._xmax = max(abs(float(data.points.min())), abs(float(data.points.max()))) if n else 0.0
        self.max_updates = DEFAULT_MAX_UPDATES if c.max_updates is None else int(c.max_updates)
        self.max_visits = DEFAULT_MAX_VISITS if c.max_epochs is None else int(c.max_epochs) * n

    def _reset_state(self) -> None:
        """The state before any visit: the weights, the counters and the answer's caches
        here, then the rule's own (`_reset_extra`)."""
        self._w0, self._w1 = self._w_init
        self._b = self._b_init
        self._k = 0
        self._v = 0
        self._clean = 0  # visits since the last update (or the start)
        self._mistakes = 0  # visits whose point was a mistake (``y f <= 0``)
        self._converged = self._n == 0
        self._stop_reason = "converged" if self._n == 0 else None
        self._last = None
        self._mis = None  # the current mistakes; None when the weights moved
        self._answer_errors_at: tuple[tuple[int, int], int] | None = None
        self._reset_extra()

    def _scores_finite(self, w0: float, w1: float, b: float) -> bool:
        """True when w and b and every ``(x1 w1 + x2 w2) + b`` are finite floats
        (`scores_finite`, whose cheap bound is tried here first: an update's usual case,
        without the call)."""
        if (abs(w0) + abs(w1)) * self._xmax + abs(b) <= SAFE:
            return True  # (a NaN or inf fails the bound)
        return scores_finite((self._x0, self._x1), (w0, w1), b, self._xmax)

    @property
    def model(self) -> Any:
        """The running weights as a model (what the next update is picked from)."""
        return LinearModel((self._w0, self._w1), self._b)

    # ------------------------------------------------------------- the history

    #: The history's columns: the point, the visit count and the weights after each
    #: update, and the rule's count, the last: "mistakes" (the mistakes made so far) by
    #: default, "errors" (the mistakes of each update's weights) in `Trainer`'s rule.
    HISTORY_COLUMNS: tuple[str, ...] = ("index", "visit", "w0", "w1", "b", "mistakes")
    #: The other rule's count column, read as zeros here.
    _ZERO_COLUMNS: tuple[str, ...] = ("errors",)

    def _history_column(self, name: str) -> bool:
        """False when `name` reads as zeros here; KeyError when it is no column."""
        if name in self._ZERO_COLUMNS:
            return False
        if name not in self.HISTORY_COLUMNS:
            raise KeyError(name)
        return True

    def history_slice(self, name: str, start: int = 0, stop: int | None = None) -> npt.NDArray[Any]:
        """Rows ``start:stop`` of one history column (a copy; O(stop - start)).

        Columns (`HISTORY_COLUMNS`): "index" (point of the update), "visit" (visit count
        after it), "w0", "w1", "b" (weights after it), and the count: "errors" (the
        pocket form or the random order: the mistakes of those weights; 0 otherwise) or
        "mistakes" (the other rules: mistakes made up to and including that update's
        visit; batch: points corrected so far, Σ m_t), where "errors" reads as zeros.
        """
        if not self._history_column(name):
            return np.zeros(len(range(*slice(start, stop).indices(self._hist.size))), np.int64)
        return self._hist.column(name, start, stop)

    def history_take(self, name: str, rows: IntArray) -> npt.NDArray[Any]:
        """The history entries at `rows` of one column (a copy; O(len(rows)), the weights
        O(the rows' span, or 32 a row when scattered): they are computed from keyframes)."""
        if not self._history_column(name):
            return np.zeros(len(rows), dtype=np.int64)
        return self._hist.take(name, np.asarray(rows, dtype=np.int64))

    def history_value(self, name: str, row: int) -> float:
        """One history entry (row 0 is the first update); O(1), the weights O(32)."""
        if not self._history_column(name):
            return 0.0
        return float(self._hist.value(name, row))

    #: How the history keeps this rule's rows (history.py): the guess of the count column
    #: ("rank": every update is a mistake and every mistake an update; "zero"; None:
    #: stored), whether w moves, and whether every row's weights are kept (an update that
    #: is a sum).
    _mistakes_guess: str | None = "rank"
    _moves_w = True
    _full_history = False

    def _history_factor(self) -> FactorFn | None:
        """The update's factor s from the weights before it, when not ``η y_i`` (PA)."""
        return None

    def _record(self, i: int) -> None:
        """Append the history row of the update just made on point i (k counts it)."""
        self._hist.append(i, self._v, self._w0, self._w1, self._b, self._mistakes)

    # ------------------------------------------------------------ the rule's hooks

    def _init_extra(self) -> None:
        """Hook: the rule's constant data per run (called once, by `__init__`)."""

    def _reset_extra(self) -> None:
        """Hook: the rule's state before any visit (at the start and on every `reset` and
        going back); a rule keeping α per point sets `_alpha` (and its scores `_f`) here."""

    def _wants_update(self, m: FloatArray, idx: IntArray) -> npt.NDArray[np.bool_]:
        """Which of these visits (margins m, of the points idx) make an update: mistakes
        by default."""
        return m <= 0.0

    def _apply(self, i: int, margin: float) -> bool:
        """Update on point i (margin before it); False to refuse (would overflow)."""
        ey = self._eta * self._y.item(i)
        return self._set_linear(
            self._w0 + ey * self._x0.item(i),
            self._w1 + ey * self._x1.item(i),
            self._b + ey if self._bias else self._b,
        )

    def _set_linear(self, w0: float, w1: float, b: float) -> bool:
        """Set the running weights, or refuse (False) when some score would be inf or NaN
        (the primal's overflow policy, `_scores_finite`)."""
        if not self._scores_finite(w0, w1, b):
            return False
        self._w0, self._w1, self._b = w0, w1, b
        return True

    def _candidates(self) -> IntArray:
        """The points an update may be made on now (the random order picks one of them)."""
        return self.misclassified()

    def _any_update_wanted(self) -> bool:
        """True when some point would be updated on under the running weights."""
        idx = np.arange(self._n, dtype=np.int64)
        return bool(self._wants_update(self._margins_at(idx), idx).any())

    def _restore_extra(self, k: int) -> None:
        """Hook of `_restore`: the rule's own state after k updates (the history is cut to
        k and the weights are set): the scores, the pocket, the counters."""

    def _clean_since(self, k: int, v: int) -> int:
        """The clean visits after update k when v visits were made (the visits v_k+1 .. v)."""
        return v - (self._hist.value("visit", k - 1) if k else 0)

    def _restore_clean(self, k: int, v: int) -> None:
        """Hook of `_restore`: the clean visits since update k (the visits v_k+1 .. v) and
        the mistakes up to v: those after update k are counted again (their weights are
        update k's) in one vectorised pass per epoch, unless the rule updates on every
        mistake (then the clean visits made none)."""
        if self._mistakes_only:
            self._mistakes = k
            self._clean = self._clean_since(k, v)
            return
        h = self._hist
        self._mistakes = h.value("mistakes", k - 1) if k else 0
        v_k = h.value("visit", k - 1) if k else 0
        self._clean = 0
        n = self._n
        while v_k < v and self._order != "random":
            pos = self._clean if self._order == "first" else v_k % n
            length = min(v - v_k, n - pos)
            idx = self._visit_indices(v_k, self._clean, length)
            self._mistakes += int(np.count_nonzero(self._margins_at(idx) <= 0.0))
            v_k += length
            self._clean += length

    def _restore_stop(self, k: int) -> None:
        """Hook of `_restore`: did the run end by this state (converged)?"""
        if k and self._order == "random" and not len(self._candidates()):
            self._finish("converged")
        elif not k:
            self._check_random_start()
        if not self.done and self._n and self._clean >= self._n:
            self._check_clean()

    # ------------------------------------------------------------------ margins

    def _margins_at(self, idx: IntArray | slice | None) -> FloatArray:
        """``y_i f(x_i)`` of the points idx (None: every point) under the current state:
        ``(f_i + b) y_i`` in the score-keeping forms (the dual, the kernel), else the
        linear ``(y x1) w1 + (y x2) w2 + y b`` (the last term only when b != 0: y·0 would
        change no number but the sign of a zero)."""
        b = self._b
        every = idx is None
        if self._f is not None:
            m = (self._f if every else self._f[idx]) + b
            m *= self._y if every else self._y[idx]
            return m
        m = (self._yx0 if every else self._yx0[idx]) * self._w0
        m += (self._yx1 if every else self._yx1[idx]) * self._w1
        if b != 0.0:
            m += (self._y if every else self._y[idx]) * b
        return m

    def margins(self) -> FloatArray:
        """``y_i f(x_i)`` of every point under the running model."""
        every = None if self._own_margins else np.arange(self._n, dtype=np.int64)
        if self._start_overflow:
            # Only at the initial weights (the run stopped before any visit): a NaN score
            # (inf - inf) has no sign, so it counts as a mistake, never as correct.
            with np.errstate(over="ignore", invalid="ignore"):
                m = self._margins_at(every)
            m[np.isnan(m)] = -np.inf
            return m
        return self._margins_at(every)

    def _margin_of(self, i: int) -> float:
        """``y_i f(x_i)`` of one point now, with the bits of `margins` (the same operations
        on Python floats: float64's, one at a time)."""
        if not self._own_margins:
            return float(self._margins_at(np.array([i], dtype=np.int64))[0])
        b = self._b
        if self._f is not None:
            return (self._f.item(i) + b) * self._y.item(i)
        m: float = self._yx0.item(i) * self._w0 + self._yx1.item(i) * self._w1
        if b != 0.0:
            m += self._y.item(i) * b
        return m

    def _margin_before(self, i: int, w: tuple[float, float], b: float) -> float:
        """``y_i (w·x_i + b)`` under the weights `w`, `b` (NaN when they do not say it)."""
        return (self._yx0.item(i) * w[0] + self._yx1.item(i) * w[1]) + self._y.item(i) * b

    def _margins_kept(self) -> FloatArray | None:
        """Before a step: every margin, when `_margin_before` cannot say an update's after
        it (the kernel perceptron's scores before an update are not kept); else None."""
        return None

    def _scale(self, i: int, margin: float) -> float:
        """The step's factor of an update on point i with margin `margin` (η; PA: τ)."""
        return self._eta

    def _update_mistake(self, margin: float) -> bool:
        """Whether an update on a point with this margin was a mistake (NaN: not known,
        a mistake: the rules that do not say the margin update on mistakes only)."""
        return not margin > 0.0

    def _replaced(self, row: int) -> bool:
        """Whether the update of history row `row` went into the pocket."""
        return False

    # ------------------------------------------------------------- the order

    _order: str
    _clean: int  # visits since the last update (or the start)
    _perm: IntArray
    _perm_epoch: int

    def _init_order(self) -> None:
        """The visiting order of `config` (call once `_n` is set)."""
        self._order = self.config.order
        self._perm_epoch = -1
        # No epoch's permutation yet (the first visit of the random-cyclic order draws
        # one; the other orders never read it): not an N-sized array until then.
        self._perm = np.zeros(0, dtype=np.int64)

    def _epoch_perm(self, epoch: int) -> IntArray:
        """The random-cyclic order's permutation of `epoch`: ``default_rng((seed, epoch))``.

        Drawn once per epoch.
        """
        if epoch != self._perm_epoch:
            self._perm = epoch_permutation(self.config.seed, epoch, self._n)
            self._perm_epoch = epoch
        return self._perm

    def _in_visiting_order(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """``y x1``, ``y x2`` and y in the order of the random-cyclic epoch's visits:
        copies gathered once per epoch (made when the numpy path first asks in it)."""
        got = self.__dict__.get("_gathered")
        if got is None or got[0] != self._perm_epoch:
            p = self._perm
            got = self._gathered = (self._perm_epoch, self._yx0[p], self._yx1[p], self._y[p])
        return got[1], got[2], got[3]

    def _visit_indices(self, v0: int, clean: int, length: int) -> IntArray:
        """The points of visits v0+1 .. v0+length, `clean` visits after the last update.

        Within one epoch (cyclic, random-cyclic) or one clean run ("first": the scan
        restarts at point 0 after each update).
        """
        n = self._n
        pos = v0 % n
        if self._order == "first":
            return np.arange(clean, clean + length, dtype=np.int64)
        if self._order == "random-cyclic":
            return self._epoch_perm(v0 // n)[pos : pos + length].copy()
        return np.arange(pos, pos + length, dtype=np.int64)

    def next_index(self) -> int | None:
        """The point the next visit will look at (None when done; random order: not known yet)."""
        if self.done or self._n == 0 or self._order == "random":
            return None
        if self._order == "first":
            return self._clean
        if self._order == "random-cyclic":
            return int(self._epoch_perm(self._v // self._n)[self._v % self._n])
        return self._v % self._n

    # ------------------------------------------------------------- visiting on

    #: The compiled loop (fast.py) this trainer uses now, None: the numpy path only.
    _fast: Any = None
    #: History rows the compiled loop writes per call before they are appended (a call
    #: also stops at its visit target, so a short slice takes small buffers: an update is
    #: a visit). 4096 made a 10⁵-visit averaged run six calls, PA ten (~0.1 ms each).
    _fast_rows = 1 << 16
    #: Whether the compiled loop writes each row's step factor (``s y``, the online loop's
    #: `out_s`); without it the history's factors are ``η y`` (the perceptron's loops).
    _fast_steps = True
    #: The compiled loop's step (a registered `fast.Rule`: the compiled twins of
    #: `_wants_update` and `_scale`), or None: this rule runs on numpy.
    _compiled_rule: fast.Rule | None = None
    #: `online.THRESHOLD`'s p[0]: update when ``y s <= _fast_threshold``.
    _fast_threshold = 0.0

    @property
    def compiled_rule(self) -> fast.Rule | None:
        """The compiled step this mode runs with (None: the numpy path only)."""
        return self._compiled_rule

    @property
    def has_compiled_loop(self) -> bool:
        """True when this mode and order have a compiled loop (the random order has not)."""
        return self._compiled_rule is not None and self._order != "random" and self._n > 0

    def _compiled_loop(self) -> Any:
        """Hook: this rule's compiled loop for this run once `fast.warm_up` has made it,
        else None: the loop of its `fast.Rule` (`fast.rule_loop`)."""
        rule = self._compiled_rule
        return fast.rule_loop(rule) if rule is not None and self.has_compiled_loop else None

    def _fast_aux(self) -> FloatArray:
        """The compiled step's number per point, its ``a`` (default: zeros, unread)."""
        if self.__dict__.get("_zeros") is None:
            self._zeros = np.zeros(self._n)
        return self._zeros

    def _fast_params(self) -> tuple[float, ...]:
        """The compiled step's numbers of the run, its ``p`` (the threshold rule's)."""
        return (self._fast_threshold,)

    def use_compiled_loop(self) -> bool:
        """From here on, use the compiled loop if `fast.warm_up` has made it (same numbers).

        For a caller that warmed numba up after making the trainer (`fast.run_to_end`).
        Returns True when the trainer now has the compiled loop.
        """
        self._fast = self._compiled_loop()
        return self._fast is not None

    def _do_update(self, i: int, margin: float) -> bool:
        """Visit number self._v (already counted) updates on i; False if it overflowed."""
        if not self._apply(i, margin):
            self._v -= 1  # the visit that found it is taken back with the update
            self._finish("overflow")
            return False
        if margin <= 0.0:
            self._mistakes += 1
        self._k += 1
        self._clean = 0
        self._mis = None
        self._record(i)
        if self._snaps is not None:
            self._snapshot_if_due()
        if self._order == "random" and self._stop_reason is None and not len(self._candidates()):
            self._finish("converged")
        return True

    def _visit_on(self, target_v: int, scan: Scan) -> bool:
        """The numpy path: visit on, up to one update or a chunk of clean visits, within
        `target_v` visits; False when the run cannot go on (converged, or at the target).

        A chunk's margins are `_margins_at` of its points (slices of the arrays in the
        first and cyclic orders, the epoch's permutation's points in the random-cyclic
        one), its updates `_wants_update`'s; the chunk grows while no update comes and
        is sized by the running mean of the visits between updates after one (`Scan`:
        its sizes change no number).
        """
        if self._order == "random":
            i = self._random_pick(self._candidates())
            if i is None:
                return False
            mi = self._margin_of(i)
            self._v += 1
            self._do_update(i, mi)
            return True
        n = self._n
        pos = self._clean if self._order == "first" else self._v % n
        # Visits to look at in one go: to the end of the pass, the visit limit,
        # and the point where a clean run would complete a pass.
        length = min(scan.chunk, n - pos, target_v - self._v, n - self._clean % n)
        end = pos + length
        perm: IntArray | None = None
        if self._order == "random-cyclic":
            perm = self._epoch_perm(self._v // n)[pos:end]
        plain = self._mistakes_only  # updates on mistakes only: no mistake is left apart
        b = self._b
        m: FloatArray | None = None
        if self._linear_scan:
            # The mistakes without the margins: y(w·x + b) <= 0 exactly when
            # (y x1) w1 + (y x2) w2 <= y (-b) (fl(A + c) <= 0 iff A <= -c; a product's
            # sign is exact), one operation fewer; in the random-cyclic order on the
            # epoch's points gathered once, in visiting order (`_in_visiting_order`).
            if perm is None:
                yx0, yx1, y = self._yx0, self._yx1, self._y
            else:
                yx0, yx1, y = self._in_visiting_order()
            a = yx0[pos:end] * self._w0
            a += yx1[pos:end] * self._w1
            want = a <= y[pos:end] * -b if b != 0.0 else a <= 0.0
        else:
            m = self._margins_at(slice(pos, end) if perm is None else perm)
            if plain:
                want = m <= 0.0
            else:
                want = self._wants_update(m, perm if perm is not None else np.arange(pos, end))
        j = int(want.argmax())
        if want[j]:
            if m is None:  # the margin of point j alone: a[j] + y b, as `_margins_at`
                mj = a.item(j)
                if b != 0.0:
                    mj += y.item(pos + j) * b
            else:
                mj = m.item(j)
                if not plain:
                    self._mistakes += int(np.count_nonzero(m[:j] <= 0.0))
            i = pos + j if perm is None else int(perm[j])
            self._v += j + 1
            self._clean += j
            self._do_update(i, mj)
            scan.gap += (j + 1 - scan.gap) * 0.25
            scan.chunk = min(max(int(2.0 * scan.gap), FIRST_CHUNK), MAX_CHUNK)
        else:
            if not plain:
                assert m is not None
                self._mistakes += int(np.count_nonzero(m <= 0.0))
            self._v += length
            self._clean += length
            if self._clean % n == 0:
                self._check_clean()
            scan.chunk = min(scan.chunk * 4, MAX_CHUNK)
        return True

    def _fast_call(
        self, target_k: int, target_v: int, out: tuple[npt.NDArray[Any], ...]
    ) -> tuple[int, int]:
        """One call of this rule's compiled loop from the current state, which it sets to
        the loop's; the history rows go into `out`. Returns (rows written, status)."""
        gram, rowmax, kp, f, alpha, snap_f, snap_a = self._fast_kernel_state()
        stride = self._snaps.stride if self._snaps is not None else 1
        k0 = self._k
        w0, w1, b, k, v, clean, mistakes, made, status = self._fast(
            self._x0, self._x1, self._y, self._yx0, self._yx1, self._fast_aux(),
            np.array(self._fast_params(), dtype=np.float64), gram, rowmax, kp, f, alpha,
            gram is not _EMPTY2, stride, snap_f, snap_a, self._perm, self._perm_epoch,
            fast.ORDER_CODES[self._order], self._bias, self._eta, self._xmax, SAFE,
            self._w0, self._w1, self._b, self._k, self._v, self._clean, self._mistakes,
            target_k, target_v, *out,
        )  # fmt: skip
        self._w0, self._w1, self._b = w0, w1, b
        self._k, self._v, self._clean, self._mistakes = k, v, clean, mistakes
        if self._snaps is not None:  # the copies the loop made at the stride's multiples
            first = k0 // stride + 1
            for r, j in enumerate(range(first, k // stride + 1)):
                self._snaps.take(j * stride, snap_f[r], snap_a[r])
        return made, status

    def _fast_kernel_state(self) -> KernelState:
        """The compiled loop's kernel arguments: (Gram matrix, its rows' largest entries,
        -1 where not made yet, the kernel, f, α, the snapshots' buffers of f and α);
        empty but for the kernel perceptron."""
        return _EMPTY2, _EMPTY, _EMPTY, _EMPTY, _EMPTY, _EMPTY2, _EMPTY2

    def _fast_rows_made(self, k0: int, counts: IntArray) -> None:
        """Hook: the compiled loop added history rows k0.. with these counts (the pocket)."""

    def _fast_needs_row(self) -> None:
        """Hook: the compiled loop stopped before an update on the next visit's point, whose
        Gram row it may not make (`fast.NEEDS_ROW`, the kernel perceptron)."""
        raise AssertionError("only the kernel perceptron's loop asks for rows")

    def _advance(self, max_updates: int, max_visits: int) -> int:
        """Visit until `max_updates` more updates or `max_visits` more visits, or the end;
        returns the updates made.

        On the compiled loop while there is one (`_fast_run`), on the numpy path
        (`_visit_on`) from an update whose numbers come near the float64 limit (its
        exact overflow check is numpy's) and where there is none: the same bits either
        way.
        """
        start_k = self._k
        target_k = min(self._k + max_updates, self.max_updates)
        target_v = min(self._v + max_visits, self.max_visits)
        use_fast = self._fast is not None
        scan = Scan()
        while not self._check_limits() and self._k < target_k and self._v < target_v:
            if use_fast:
                if self._fast_run(target_k, target_v):
                    continue
                use_fast = False  # the exact overflow check is on the numpy path
            if not self._visit_on(target_v, scan):
                break
        return self._k - start_k

    def _fast_run(self, target_k: int, target_v: int) -> bool:
        """One call of the compiled loop from the current state.

        Returns False when the next update needs the exact overflow check (the state is
        that of before its visit: the caller goes on with the numpy path).
        """
        if self._order == "random-cyclic":
            self._epoch_perm(self._v // self._n)
        rows = min(target_k - self._k, target_v - self._v, self._fast_rows)
        i, v, c, s = _scratch(rows)
        out: tuple[npt.NDArray[Any], ...] = (
            i, v, np.empty(rows), np.empty(rows), np.empty(rows), c,
            *((s,) if self._fast_steps else ()),
        )  # fmt: skip
        k0 = self._k
        made, status = self._fast_call(target_k, target_v, out)
        if made:
            self._mis = None
            cols = [col[:made] for col in out]
            # The loop made each row's weights with the rule's own operations: the history
            # takes them without checking them again (`History.extend`).
            steps = cols[6] if self._fast_steps else None
            self._hist.extend(*cols[:6], steps=steps, exact=True)
            self._fast_rows_made(k0, cols[5])
        if status == fast.CONVERGED:
            self._finish("converged")
        elif status == fast.SNAPSHOT:
            self._snapshot_if_due()
        elif status == fast.NEEDS_ROW:
            self._fast_needs_row()
        return bool(status != fast.NEEDS_CHECK)

    # ---------------------------------------------------------- the snapshots

    #: The copies of the scores (the dual and kernel forms), None when the rule keeps none.
    _snaps: Snapshots | None = None
    _eta: float
    #: The scores f and α of the score-keeping forms (the dual, the kernel), else None.
    _f: FloatArray | None = None
    _alpha: FloatArray | None = None

    def _score_column(self, i: int) -> FloatArray:
        """Hook of the score-keeping forms: a new array of ``K(x_j, x_i)`` for every j;
        here the dual's Gram column ``x_j · x_i``, as ``x1_j x1_i + x2_j x2_i``."""
        g = self._x0 * self._x0.item(i)
        g += self._x1 * self._x1.item(i)
        return g

    def _snapshot_if_due(self) -> None:
        """After an update: keep copies of the scores when k is a multiple of the stride."""
        if self._snaps is not None:
            assert self._f is not None and self._alpha is not None
            self._snaps.take(self._k, self._f, self._alpha)

    def _replay_scores(self, k: int) -> None:
        """The scores f and α after update k, from the nearest snapshot on.

        Called by `_restore` with the history cut to k and f, α those of the start (new
        arrays): each update after the snapshot adds ``K(x_j, x_i) · ηy_i`` to every f_j
        and η to α_i, in the run's order.
        """
        assert self._snaps is not None and self._f is not None and self._alpha is not None
        start, snap = self._snaps.cut(k)
        f, alpha = self._f, self._alpha
        if snap is not None:
            f[:] = snap[0]
            alpha[:] = snap[1]
        for i in self._hist.column("index", start, k).tolist():
            ey = self._eta * self._y.item(i)
            alpha[i] += self._eta
            g = self._score_column(i)
            g *= ey
            f += g

    # ------------------------------------------------------------------ state

    @property
    def spec(self) -> ModeSpec:
        """The registry entry of this run's mode (read once: a run's config stays)."""
        got: ModeSpec | None = self.__dict__.get("_spec")
        if got is None:
            from perceptron_gui.core.registry import spec

            got = self._spec = spec(self.config.mode)
        return got

    @property
    def answer_name(self) -> str:
        """What `answer` is called on screen ("pocket", "average", "vote"), "" when none."""
        return self.spec.answer_name

    @property
    def threshold(self) -> float | None:
        """The margin below which a right point is still corrected (None: only mistakes)."""
        if "_threshold" not in self.__dict__:
            self._threshold = self.spec.threshold(self.config)
        got: float | None = self._threshold
        return got

    @property
    def mistakes(self) -> int:
        """Visits so far whose point was a mistake (``y f <= 0``) before the visit: `k`
        when the rule updates on mistakes only (every mistake is an update)."""
        return self._k if self._mistakes_only else self._mistakes

    @property
    def answer(self) -> Any:
        """The algorithm's answer when it is not the running model, else None."""
        return None

    @property
    def answer_errors(self) -> int | None:
        """Training mistakes of `answer` (None when there is no separate answer)."""
        key = (self._k, self._v)
        if self._answer_errors_at is not None and self._answer_errors_at[0] == key:
            return self._answer_errors_at[1]
        a = self.answer
        if a is None:
            return None
        e = int(np.count_nonzero(self._y * a.decision(self.data.points) <= 0.0))
        self._answer_errors_at = (key, e)  # asked once per frame: cached per state
        return e

    @property
    def pocket_w(self) -> tuple[float, float] | None:
        """The pocket's w (the pocket form only)."""
        return None

    @property
    def pocket_b(self) -> float | None:
        """The pocket's b (the pocket form only)."""
        return None

    @property
    def pocket_errors(self) -> int | None:
        """Training mistakes of the pocket weights (the pocket form only)."""
        return None

    #: See `start_overflows` (set by the rules that refuse such a start: `Trainer`'s).
    _start_overflow = False

    @property
    def start_overflows(self) -> bool:
        """True when the initial weights give some ``w0·x + b0`` beyond float64 and the
        rule refuses that start (the perceptron's rule, `Trainer`: the online rules do not).

        Such a run stops as "overflow" before any visit (k = 0, no visit), so that no NaN
        margin can pass for a correct point; the margins of those points read -inf (a
        mistake) where the score is NaN. The CLI refuses such a start with one line.
        """
        return self._start_overflow

    #: The kernel and its parameters (`model.kernel_block`) of `gram_block`.
    _kparams: tuple[str, int, float, float] = ("linear", 1, 0.0, 1.0)

    def gram_block(self, rows: slice | IntArray, cols: slice | IntArray) -> FloatArray:
        """Entries ``K(x_r, x_c)`` of the Gram matrix (``x_r · x_c`` but in the kernel
        form), computed on demand."""
        P = self.data.points
        return kernel_block(P[rows], P[cols], *self._kparams)

    @property
    def alpha(self) -> FloatArray | None:
        """α per point (a copy) in the score-keeping forms (dual, kernel), None otherwise."""
        return None if self._alpha is None else self._alpha.copy()

    @property
    def has_alpha(self) -> bool:
        """True when the run keeps α per point (the dual and kernel forms)."""
        return self._alpha is not None

    def alpha_slice(self, rows: slice) -> FloatArray | None:
        """α of the points ``rows`` (a copy), without copying all N; None without α."""
        return None if self._alpha is None else np.array(self._alpha[rows], dtype=np.float64)

    @property
    def n(self) -> int:
        """Number of points."""
        return self._n

    @property
    def w(self) -> tuple[float, float]:
        """The running weights w."""
        return (self._w0, self._w1)

    @property
    def b(self) -> float:
        """The running bias b (0 with the bias off)."""
        return self._b

    @property
    def k(self) -> int:
        """Updates made so far (a batch step is one)."""
        return self._k

    @property
    def visits(self) -> int:
        """Points looked at so far."""
        return self._v

    @property
    def epoch(self) -> int:
        """Completed epochs (N visits each)."""
        return self._v // self._n if self._n else 0

    @property
    def converged(self) -> bool:
        """True once the run is known to have converged."""
        return self._converged

    @property
    def done(self) -> bool:
        """True when converged or at a limit: `step` and `visit` do nothing more."""
        return self._stop_reason is not None

    @property
    def stop_reason(self) -> str | None:
        """ "converged", "update limit", "epoch limit", "overflow", or None while it can go on.

        "overflow": the next update would make a weight, some ``w·x + b`` or (the score
        forms) some score ``f_i + b`` or Gram term inf or NaN (η too large for these
        points); the weights stay those before it. Also when the initial weights' scores
        already overflow in a rule that refuses that start: see `start_overflows`.
        """
        return self._stop_reason

    @property
    def last(self) -> StepRecord | None:
        """The record of the last visit made by `step` or `visit` (or the last update of `run`)."""
        return self._last

    @property
    def history_w(self) -> FloatArray:
        """The weights w after each update, shape (k, 2) (a copy)."""
        return np.column_stack((self._hist.column("w0"), self._hist.column("w1"))).reshape(-1, 2)

    @property
    def history_b(self) -> FloatArray:
        """The bias b after each update, shape (k,) (a copy)."""
        return np.asarray(self._hist.column("b"), dtype=np.float64)

    @property
    def history_visits(self) -> IntArray:
        """The visit count right after each update (the 1-based number of its visit)."""
        return np.asarray(self._hist.column("visit"), dtype=np.int64)

    @property
    def updates(self) -> IntArray:
        """0-based point index of every update so far."""
        return np.asarray(self._hist.column("index"), dtype=np.int64)

    def misclassified(self) -> IntArray:
        """Indices of the points the running weights get wrong (``y f <= 0``).

        Read-only, and computed once per weights: the canvas, the readout and the random
        order all ask for it.
        """
        if self._mis is None:
            self._mis = np.flatnonzero(self.margins() <= 0.0)
            self._mis.setflags(write=False)
        return self._mis

    def errors(self) -> int:
        """How many points the running weights get wrong."""
        return int(self.misclassified().shape[0])

    # ------------------------------------------------------------------ moves

    def run(self, max_updates: int | None = None, max_visits: int | None = None) -> int:
        """Run until done, or for at most the given number of updates / visits (a slice).

        Returns the number of updates made. The record of the last update becomes `last`.
        """
        mu = self.max_updates if max_updates is None else max_updates
        mv = self.max_visits if max_visits is None else max_visits
        k0 = self._k
        made = self._advance(mu, mv)
        if self._k > k0:
            self._record_last()
        return made

    def seek(self, visits: int) -> None:
        """Put the trainer in the state it had after `visits` visits (back or forward)."""
        visits = max(0, int(visits))
        if visits >= self._v:
            self._advance(self.max_updates, visits - self._v)
            return
        # The stored visit of an update is the visit count right after it.
        k = self._hist.updates_by(visits)
        self._restore(k, visits)

    def step_back(self) -> bool:
        """Undo the last update (or the clean visits made since it). False when at the start."""
        if self._v == 0:
            return False
        if self._k == 0:
            self._restore(0, 0)
            return True
        after_last = self._hist.value("visit", self._k - 1)
        if self._v > after_last:
            self._restore(self._k, after_last)
        else:
            k = self._k - 1
            self._restore(k, self._hist.value("visit", k - 1) if k else 0)
        return True

    def reset(self) -> None:
        """Back to the initial weights, before any visit."""
        self._restore(0, 0)

    def _restore(self, k: int, v: int) -> None:
        """The state after k updates and v visits (v at least the visit of update k).

        Every counter is a function of (k, v): the weights of update k from the history,
        the rule's own state (`_restore_extra`: the scores replayed from a snapshot, the
        pocket), the clean visits after it (`_restore_clean`), whether the run had ended
        there (`_restore_stop`), and `last`, the record of update k.
        """
        self._reset_state()
        self._hist.truncate(k)
        self._k = k
        self._v = v
        if k:
            (self._w0, self._w1), self._b = self._weights_after(k)
        self._restore_extra(k)
        self._mis = None  # the weights were set above
        self._restore_clean(k, v)
        self._restore_stop(k)
        if not self.done:
            self._check_limits()
        if k:
            self._record_last()

    def step(self) -> StepRecord | None:
        """Visit points up to the next update and make it (one update).

        Returns the record of that update, or None when done (converged or at a limit)
        before an update could be made.
        """
        if self.done:
            return None
        w, b, k = self.w, self._b, self._k
        kept = self._margins_kept()
        self._advance(1, self.max_visits)
        if self._k == k:
            return None
        return self._record_update(w, b, self._margin_at(k, kept, w, b))

    def visit(self) -> StepRecord | None:
        """Look at the next point only: predict, reveal the label, update if the rule says so.

        Returns the record, or None when done. `StepRecord.mistake` says whether the point
        was a mistake (``y f <= 0``).
        """
        if self.done:
            return None
        i_next = self.next_index()
        w, b, k = self.w, self._b, self._k
        kept = self._margins_kept()
        m_next = self._margin_of(i_next) if i_next is not None else 0.0
        self._advance(1, 1)
        if self._k > k:
            return self._record_update(w, b, self._margin_at(k, kept, w, b))
        if i_next is None:  # random order and nothing left: converged
            return None
        rec = StepRecord(
            index=i_next,
            mistake=m_next <= 0.0,
            margin=m_next,
            k=self._k,
            visit=self._v,
            w_before=w,
            b_before=b,
            w_after=w,
            b_after=b,
            threshold=self.threshold,
        )
        self._last = rec
        return rec

    def seek_update(self, k: int) -> int:
        """Put the trainer in the state right after update `k` (k = 0: before any visit).

        `k` counts updates, not visits, in every order: the state is the one after
        ``history_visits[k - 1]`` visits, exactly what `step` called k times from the
        start gives. Backwards this restores from the history; forwards it computes
        on from the current state (the history after the current update is not kept,
        see `seek`), and stops early when the run ends first (converged or at a limit;
        then, as with `step`, the clean visits that showed convergence are made).
        Backwards is cheap (the weights are stored; the score-keeping forms replay at
        most one snapshot stride); forwards costs what running does, so a timeline that
        jumps far ahead should go in slices, ``seek_update(min(target, t.k + chunk))``
        per timer tick.

        Returns
        -------
        int
            The update count reached (less than `k` when the run ended first).
        """
        k = max(0, int(k))
        if k > self._k:
            self._advance(k - self._k, self.max_visits)
        else:
            visits = int(self._hist.value("visit", k - 1)) if k else 0
            if k < self._k or self._v > visits:
                self._restore(k, visits)
        # `last` is the record of update k, as after `step` (a `visit` or a forward `seek`
        # may have left the record of another visit).
        if self._k:
            self._record_last()
        return self._k

    def _result_extra(self) -> dict[str, Any]:
        """Hook: the rule's own fields of `TrainResult` (the pocket, the votes, …)."""
        return {}

    def result(self) -> TrainResult:
        """The run so far as a `TrainResult`."""
        c = self.config
        s = self.spec
        return TrainResult(
            mode=c.mode,
            order=c.order,
            eta=self._eta,
            bias=bool(c.bias),
            n_points=self._n,
            w=self.w if s.has_w else None,
            b=self._b,
            alpha=self.alpha,
            updates=self.updates,
            history_w=self.history_w,
            history_b=self.history_b,
            converged=self._converged,
            stop_reason=self._stop_reason or "not finished",
            visits=self._v,
            n_mistakes=self.mistakes if s.counts_apart else None,
            **self._result_extra(),
        )

    # ---------------------------------------------------------------- records

    def _weights_after(self, k: int) -> tuple[tuple[float, float], float]:
        """The weights after the first k updates (k = 0: the initial weights)."""
        return self._hist.weights(k - 1)

    def _margin_at(
        self, row: int, kept: FloatArray | None, w: tuple[float, float], b: float
    ) -> float:
        """The margin before the update of history row `row`, made from weights w, b."""
        i = self._hist.value("index", row)
        return float(kept[i]) if kept is not None else self._margin_before(i, w, b)

    def _record_update(
        self, w_before: tuple[float, float], b_before: float, margin: float
    ) -> StepRecord:
        """`last` = the record of the last update, made from w_before, b_before."""
        j = self._k - 1
        i = self._hist.value("index", j)
        threshold = self.threshold
        mistake = self._update_mistake(margin)
        rec = StepRecord(
            index=i,
            mistake=mistake,
            margin=margin,
            k=self._k,
            visit=self._hist.value("visit", j),
            w_before=w_before,
            b_before=b_before,
            w_after=self.w,
            b_after=self._b,
            pocket_replaced=self._replaced(j),
            points=(i,),
            scale=self._scale(i, margin),
            reason="mistake" if mistake else update_reason(margin, threshold),
            threshold=threshold,
        )
        self._last = rec
        return rec

    def _record_last(self) -> None:
        """`last` = the record of the last update (k > 0), its margin from the weights
        before it."""
        k = self._k
        if k == 0:
            return
        w_before, b_before = self._weights_after(k - 1)
        i = self._hist.value("index", k - 1)
        self._record_update(w_before, b_before, self._margin_before(i, w_before, b_before))

    def _finish(self, reason: str) -> None:
        """Stop for `reason`; at a limit, say whether these weights converged anyway."""
        if reason == "converged":
            self._converged = True
        elif self._n and not self._any_update_wanted():
            self._converged = True
            reason = "converged"
        self._stop_reason = reason

    def _random_pick(self, candidates: IntArray) -> int | None:
        """Random order's next point: one of `candidates` (the points an update would
        change) drawn by the generator seeded (seed, k, 1); None, and the run converged,
        when there is none."""
        if candidates.shape[0] == 0:
            self._finish("converged")
            return None
        rng = np.random.default_rng((self.config.seed, self._k, 1))
        return int(candidates[int(rng.integers(candidates.shape[0]))])

    def _check_random_start(self) -> None:
        """Random order: initial weights with nothing to update are converged before any visit."""
        if self._stop_reason is not None:
            return
        if self._order == "random" and self._k == 0 and self._n and not len(self._candidates()):
            self._finish("converged")

    def _check_clean(self) -> None:
        """After clean visits: has a full clean pass shown convergence?"""
        n = self._n
        if self._clean < n or self._clean % n:
            return
        # random-cyclic: the clean run may not have covered every point.
        if self._order in ("first", "cyclic") or not self._any_update_wanted():
            self._finish("converged")

    def _check_limits(self) -> bool:
        """Stop at a limit; True when stopped."""
        if self._stop_reason is not None:
            return True
        if self._k >= self.max_updates:
            self._finish("update limit")
            return True
        if self._v >= self.max_visits:
            self._finish("epoch limit")
            return True
        return False

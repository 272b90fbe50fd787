"""Online learners beside the perceptron: averaged, voted, passive-aggressive, kernel.

The online rules on the one trainer (`engine.Engine`, also named `OnlineTrainer` here,
which steps, seeks, keeps the history and snapshots, counts the mistakes apart from the
updates and calls the compiled loop): each mode here changes the hooks of its per-visit
step (`_wants_update`, `_apply`, a compiled `fast.Rule`) and says what it stores. The
kernel perceptron keeps O(N) scores and α and replays its updates from the engine's
snapshots, the dual form's way.

Conventions (ALGORITHMS.md):

* scores ``s = x1*w1 + x2*w2 + b`` column-wise; the margin is ``y s`` (negation is
  exact, so ``y s`` has the bits of ``(y x1) w1 + (y x2) w2 + y b``);
* a visit is a *mistake* when ``y s <= 0``; it is an *update* when the mode says so
  (averaged, voted, kernel: on mistakes; PA: when ``y s < 1`` and ``x != 0``);
* orders: averaged, voted and PA visit in the "cyclic" or "random-cyclic" order; the
  kernel perceptron also allows "first" and "random", with the meaning of `Trainer`;
  the random permutations are the engine's (`orders.epoch_permutation`).
"""

from __future__ import annotations

import contextlib
import gc
import math
import threading
import weakref
from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import fast
from perceptron_gui.core.engine import Engine, KernelState
from perceptron_gui.core.history import FactorFn
from perceptron_gui.core.model import KernelModel, LinearModel, VoteModel, kernel_block
from perceptron_gui.core.snapshots import Snapshots
from perceptron_gui.core.tables import vote_counts

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# The kernel's snapshots of (f, α) (snapshots.Snapshots), the first stride: a seek replays
# at most stride - 1 Gram columns, the rows the compiled loop made (~1 ms at N = 2000;
# 4 ms where numpy makes them). The compiled loop copies them into buffers of
# `_SNAP_BUFFER_BYTES` and returns when those are full (it returned at each one: 157
# calls for 10⁴ updates at a stride of 64, a third of the run's CPU; their copies then
# took 2.5 ms of a 25 ms run).
_KERNEL_SNAP_STRIDE = 256

# The kernel perceptron's buffers of snapshots for one call of the compiled loop, in bytes.
_SNAP_BUFFER_BYTES = 4 * 2**20
_MAX_SNAP_ROWS = 64
#: The points ahead in the order whose rows numpy makes with the one the loop asked for
#: (`KernelTrainer._fast_needs_row`).
_ROWS_AHEAD = 64
# The kernel perceptron's compiled loop keeps the whole Gram matrix: up to this size.
_GRAM_BYTES = 64 * 2**20


def _threshold_wants(m: float, a: float, p: FloatArray) -> bool:
    """Update when ``y s <= p[0]``: a mistake (0), or within the margin perceptron's margin."""
    return bool(m <= p[0])


def _threshold_scale(m: float, a: float, eta: float, p: FloatArray) -> float:
    """The step's factor is η."""
    return eta


#: The compiled step of the perceptron's rule: averaged, voted, margin and kernel.
THRESHOLD = fast.register_rule("threshold", _threshold_wants, _threshold_scale)


def _pa_wants(m: float, a: float, p: FloatArray) -> bool:
    """PA-I updates when ``y s < 1`` and ``a = ||x||² > 0``."""
    return m < 1.0 and a > 0.0


def _pa_scale(m: float, a: float, eta: float, p: FloatArray) -> float:
    """τ = min(C, (1 - y s)/||x||²) with C = p[0], the bits of `PATrainer._scale`."""
    t = (1.0 - m) / a
    return t if t < p[0] else p[0]  # Python's min(C, t)


#: The compiled step of passive-aggressive (PA-I).
PA = fast.register_rule("pa", _pa_wants, _pa_scale)


#: The online rules' trainer is the one trainer (`engine.Engine`): its default rule is
#: the perceptron's step on mistakes, counting the mistakes apart from the updates; the
#: modes here and a plugin's change its hooks (`_init_extra`, `_reset_extra`,
#: `_wants_update`, `_candidates`, `_scale`, `_apply`, `_history_factor`, a compiled
#: `fast.Rule` in `_compiled_rule` with `_fast_aux` and `_fast_params`; docs/plugins.md).
OnlineTrainer = Engine


class _VoteCache:
    """A voted run's vectors so far, in arrays that only grow: row j is vector j (row 0 the
    initial weights), with the first visit it counts. The models handed out are views of
    rows that are never written again (a cut copies the rows it keeps), so they stay
    as they were made, and share a `VoteModel.lineage` token while the run only grows."""

    def __init__(self, start: tuple[float, float, float], capacity: int = 64) -> None:
        """`capacity`: the rows to reserve, the run's limit of updates + 1 (np.zeros takes
        the memory of a large array from the system as its rows are first written, so the
        reserve costs none): the arrays then never double during the run (a doubling at
        4·10⁶ vectors copied 128 MB in one turn of the window, 0.1-0.2 s)."""
        self.rows = 1
        cap = max(64, capacity)
        self._wb = np.zeros((cap, 3))
        self._wb[0] = start
        self._first = np.zeros(cap)
        self._first[0] = 1.0  # vector 0 counts from visit 1
        self.token = object()

    def append(self, w0: FloatArray, w1: FloatArray, b: FloatArray, visit: Any) -> None:
        """Add the vectors after the next updates (their weights and 1-based visits)."""
        a, m = self.rows, self.rows + w0.shape[0]
        if m > self._wb.shape[0]:  # doubled: the old arrays stay with the models made
            cap = max(m, 2 * self._wb.shape[0])
            wb, first = np.zeros((cap, 3)), np.zeros(cap)
            wb[:a], first[:a] = self._wb[:a], self._first[:a]
            self._wb, self._first = wb, first
        self._wb[a:m, 0], self._wb[a:m, 1], self._wb[a:m, 2] = w0, w1, b
        self._first[a:m] = visit
        self.rows = m

    def cut(self, rows: int) -> _VoteCache:
        """The first `rows` rows in new arrays of the same reserve (the old ones may be
        held by models)."""
        out = _VoteCache((0.0, 0.0, 0.0), self._wb.shape[0])
        keep = max(1, min(rows, self.rows))
        out._wb[:keep], out._first[:keep] = self._wb[:keep], self._first[:keep]
        out.rows = keep
        return out

    def model(self, m: int, visits: int) -> VoteModel:
        """The vote of vectors 0..m-1 after `visits` visits (the last counts to here): views
        of the rows, its counts made when first read (`_GrowingVote`)."""
        W = self._wb[:m, :2]
        B = self._wb[:m, 2]
        first = self._first[:m]
        W.flags.writeable = B.flags.writeable = first.flags.writeable = False
        return _GrowingVote(W, B, first, visits, self.token)


class _GrowingVote(VoteModel):
    """A run's vote handed out at a frame: W, B and the vectors' first visits are views of
    `_VoteCache`'s rows (never written again), and the counts ``c_j = first_{j+1} - first_j``
    (the last one's ``visits + 1 - first_{m-1}``) are made when first read, O(m): a view
    that follows the run reads only the counts of the rows that changed (`counts_of`), and
    each frame made all of them, twice (an 8 MB array at 10⁶ vectors, 1-12 ms).

    Attributes
    ----------
    counts_made
        How many votes made their whole counts array (for tests: a run's frames make none).
    """

    counts_made = 0

    def __init__(
        self, W: FloatArray, B: FloatArray, first: FloatArray, visits: int, lineage: object
    ) -> None:
        object.__setattr__(self, "W", W)
        object.__setattr__(self, "B", B)
        object.__setattr__(self, "lineage", lineage)
        object.__setattr__(self, "_first", first)
        object.__setattr__(self, "_visits", visits)

    def __getattr__(self, name: str) -> Any:
        # Only for what is not set: the counts, made once (the model stays as made).
        if name != "counts":
            raise AttributeError(name)
        counts = self.counts_of(0, self._first.shape[0])
        counts.flags.writeable = False
        object.__setattr__(self, "counts", counts)
        _GrowingVote.counts_made += 1
        return counts

    def head(self, m: int) -> VoteModel:
        """The vote of this run's first `m` vectors, at the visit before vector m's first
        (the vote as it was then; the same lineage); itself when it has no more."""
        first = self._first
        if m >= first.shape[0]:
            return self
        return _GrowingVote(self.W[:m], self.B[:m], first[:m], int(first[m]) - 1, self.lineage)

    def counts_of(self, a: int, b: int) -> FloatArray:
        """``counts[a:b]``, made from the first visits of rows a..b."""
        made = self.__dict__.get("counts")
        if made is not None:
            return np.asarray(made[a:b])
        first, m = self._first, self._first.shape[0]
        a, b = max(0, min(a, m)), max(0, min(b, m))
        if a >= b:
            return np.zeros(0)
        out = np.empty(b - a)
        closed = min(b, m - 1)  # rows a..closed-1 end where the next row starts
        if closed > a:
            np.subtract(first[a + 1 : closed + 1], first[a:closed], out=out[: closed - a])
        if b == m:
            out[-1] = self._visits + 1 - first[m - 1]
        return out


# The voted answer's kept sums: a checkpoint every this many vectors, within this memory.
_VOTE_CHECKPOINT = 1 << 14
_VOTE_CHECKPOINT_BYTES = 64 << 20
#: Scores per block of the vote's mistakes: a block's arrays stay in the cache (blocks of
#: 4 M scores, 32 MB each, took 4-5 times as long: 2.6 M scores 55 ms, now 12 ms).
_VOTE_BLOCK = 1 << 16
#: Scores per piece of the vectors read from the history at once (a piece is scored in blocks).
_VOTE_PIECE = 1 << 22


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while many objects that make no cycle are
    made (it is enabled again after, if it was: a thread that pauses it meanwhile sees it
    paused and leaves it to the first)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: Vectors the averaged answer reads from the history at once (the history keeps its
#: last span up to as many rows: a run's `history_w` and its average read the weights once).
_AVG_PIECE = 1 << 18


class _Sums(NamedTuple):
    """Running sums of a piece of vectors (`_prefix_sums`)."""

    S: FloatArray  # shape (3, terms): the sums after each term
    at: IntArray | None  # terms summed after the piece's first t vectors, or (None):
    pre: int  # 1 when the sums went on from earlier ones, else 0
    dropped: int  # 1 when the piece's first vector had no count (the only one)


def _prefix_sums(
    acc: tuple[float, float, float] | None,
    W0: FloatArray,
    W1: FloatArray,
    B: FloatArray,
    c: FloatArray,
    head: tuple[float, float, float] | None = None,
) -> _Sums:
    """The running sums of ``c_j w_j1``, ``c_j w_j2``, ``c_j b_j`` after `acc` (None:
    nothing summed yet), over the terms with c_j > 0, added one after another in the
    order of j (``np.cumsum``'s bits); `_sums_after` reads them after any vector.

    `head`: the piece's first vector given apart (the initial weights), W0, W1, B then
    holding the others. Every count but maybe the first (no visit before the first
    update) is >= 1: slices then, not masks (masks and the concatenations were half
    the time at 2.4·10^4 vectors)."""
    keep = c > 0
    pre = 0 if acc is None else 1
    h = 0 if head is None else 1
    at: IntArray | None = None
    dropped = 0
    if keep[1:].all():
        dropped = 0 if keep[0] else 1
        terms = c.shape[0] - dropped
    else:
        at = np.zeros(c.shape[0] + 1, np.int64)
        np.cumsum(keep, out=at[1:])
        at += pre
        terms = int(at[-1]) - pre
    S = np.empty((3, pre + terms))
    if acc is not None:
        S[:, 0] = acc
    cols: tuple[FloatArray, ...] = (W0, W1, B)
    if at is not None and head is not None:  # (not met in a run: every c_j >= 1, j >= 1)
        cols = tuple(np.concatenate(([x], col)) for x, col in zip(head, cols, strict=True))
        h = 0
    for row, col in enumerate(cols):
        if at is not None:
            np.multiply(col[keep], c[keep], out=S[row, pre:])
        elif h:
            j = pre
            if not dropped:
                S[row, j] = head[row] * c[0]  # type: ignore[index]
                j += 1
            np.multiply(col, c[1:], out=S[row, j:])
        else:
            np.multiply(col[dropped:], c[dropped:], out=S[row, pre:])
    np.cumsum(S, axis=1, out=S)  # each row one addition after another
    return _Sums(S, at, pre, dropped)


def _sums_after(sums: _Sums, t: int) -> tuple[float, float, float] | None:
    """The sums of `_prefix_sums` after the piece's first t vectors (None: nothing)."""
    n = int(sums.at[t]) if sums.at is not None else sums.pre + max(0, t - sums.dropped)
    if n == 0:
        return None
    a0, a1, ab = sums.S[:, n - 1].tolist()
    return a0, a1, ab


class VotedTrainer(OnlineTrainer):
    """The voted and averaged perceptrons (Freund & Schapire): primal updates, kept votes.

    Answer kind "vote" (`ModeSpec.answer_kind`): `answer` is a `VoteModel` of the vectors
    ŵ_j with their counts c_j; "average": the `LinearModel` of ``Σ c_j ŵ_j / Σ c_j``, the
    mean of the weights after each visit. The running weights (`model`) are the primal's.
    """

    _compiled_rule = THRESHOLD

    def _reset_extra(self) -> None:
        self._answer_at: tuple[tuple[int, int], Any] | None = None  # `answer`'s, per state
        # The voted answer's sums over finished vectors, by how many (see _vote_errors),
        # and the averaged answer's (see `averaged`).
        self._vote_marks: dict[int, FloatArray] = {}
        self._avg_marks: dict[int, tuple[float, float, float] | None] = {}

    def _restore(self, k: int, v: int) -> None:
        # The kept sums over vectors 0..j-1 (j <= k) and the cached vectors 0..k are still
        # those of this run: a step back at 10⁶ vectors summed them all again (2.6 s).
        marks, avg = self._vote_marks, self._avg_marks
        super()._restore(k, v)
        self._vote_marks = {j: m for j, m in marks.items() if j <= k}
        self._avg_marks = {j: a for j, a in avg.items() if j <= k}
        cache = self.__dict__.get("_vote_cache")
        if cache is not None:
            self._vote_cache = cache.cut(k + 1)

    def votes(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """``(W, B, counts)``: the vectors ŵ_j = (w_j, b_j) and their counts c_j so far.

        Row 0 is the initial weights with ``c_1`` = the visits before the first update;
        every update starts a vector with count 1 (its own visit); ``Σ c_j`` = visits.
        """
        W = np.vstack((np.array([self._w_init]), self.history_w))
        B = np.concatenate(([self._b_init], self.history_b))
        return W, B, vote_counts(self._hist.column("visit"), self._v).astype(np.float64)

    def averaged(self) -> tuple[tuple[float, float], float]:
        """``(avg_w, avg_b) = Σ c_j ŵ_j / Σ c_j`` (the start weights before any visit).

        Summed in the order of j over the vectors with c_j > 0, as ``np.cumsum`` sums
        (one addition after another), so the same bits; the sums over finished vectors
        are kept between calls (see `_vote_errors`), so a refresh adds only the new ones.
        """
        if self._v == 0:
            return self._w_init, self._b_init
        K = self._k
        marks = self._avg_marks
        step = _VOTE_CHECKPOINT
        f = max((j for j in marks if j <= K), default=0)
        acc = marks[f] if f else None
        # Vectors f..K (the last one, K, counted to this visit) in pieces read at once (a
        # run's one piece: the weights `history_w` has just read, kept by the history);
        # a piece's running sums give the checkpoints at the multiples of the step in it.
        while True:
            to = min(K + 1, f + _AVG_PIECE)
            sums = self._piece_sums(acc, f, to)
            for j in range((f // step + 1) * step, min(to, K) + 1, step):
                marks[j] = _sums_after(sums, j - f)
            acc = _sums_after(sums, to - f)
            if to > K:
                break
            f = to
        if K % step:
            for j in [j for j in marks if j % step]:
                del marks[j]
            marks[K] = _sums_after(sums, K - f)
        assert acc is not None  # Σ c_j = visits > 0: some vector has a count
        t = float(self._v)
        a0, a1, ab = acc
        return (a0 / t, a1 / t), (ab / t if self._bias else 0.0)

    def _piece_sums(self, acc: tuple[float, float, float] | None, f: int, to: int) -> _Sums:
        """`_prefix_sums` of vectors f..to-1 (as `_vectors` gives them, read without
        concatenating: the counts are differences of the vectors' first visits)."""
        K = self._k
        end = min(to, K)
        visits = self._hist.column("visit", max(f - 1, 0), end)
        first = np.empty(to - f + 1, np.int64)  # vector j's first visit, j = f..to
        if f == 0:
            first[0] = 1  # vector 0 counts from visit 1
            first[1 : end + 1] = visits
        else:
            first[: end - f + 1] = visits
        if to > K:  # the last vector's count runs to the visits so far
            first[-1] = self._v + 1
        c = np.empty(to - f)
        np.subtract(first[1:], first[:-1], out=c)
        lo = max(f, 1)
        W0, W1, B = (self._hist.column(name, lo - 1, to - 1) for name in ("w0", "w1", "b"))
        head = (*self._w_init, self._b_init) if f == 0 else None
        return _prefix_sums(acc, W0, W1, B, c, head)

    def _vectors(self, a: int, b: int) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
        """Vectors a..b-1 (vector 0: the initial weights; j: those after update j; the one
        after the last update counted to this visit): w1, w2, b and the counts c_j."""
        K = self._k
        end = min(b, K)  # vectors a..end-1 are finished
        visits = self._hist.column("visit", max(a - 1, 0), end).astype(np.float64)
        if b > K:  # the last vector's count runs to the visits so far
            visits = np.concatenate((visits, [float(self._v + 1)]))
        if a == 0:
            starts, ends = np.concatenate(([1.0], visits[:-1])), visits
        else:
            starts, ends = visits[:-1], visits[1:]
        lo = max(a, 1)
        W0 = self._hist.column("w0", lo - 1, b - 1)
        W1 = self._hist.column("w1", lo - 1, b - 1)
        B = self._hist.column("b", lo - 1, b - 1)
        if a == 0:
            W0 = np.concatenate(([self._w_init[0]], W0))
            W1 = np.concatenate(([self._w_init[1]], W1))
            B = np.concatenate(([self._b_init], B))
        return W0, W1, B, ends - starts

    @property
    def answer_errors(self) -> int | None:
        """Training mistakes of `answer`; for the vote, incremental (see `_vote_errors`)."""
        if self.spec.answer_kind != "vote":
            return super().answer_errors
        key = (self._k, self._v)
        if self._answer_errors_at is not None and self._answer_errors_at[0] == key:
            return self._answer_errors_at[1]
        e = self._vote_errors()
        self._answer_errors_at = (key, e)
        return e

    def _vote_errors(self) -> int:
        """The vote's training mistakes, its sums over finished vectors kept between calls.

        ``VoteModel.decision`` is ``v - 2 Σ_{s_ij < 0} c_j``: whole numbers, summed exactly
        in any order. The vectors before the last one are finished (their counts are
        final), so their part of the sum is kept, with checkpoints every `_VOTE_CHECKPOINT`
        vectors; a call adds only the vectors finished since, and the last one. Each
        call costs N × (the new vectors), not N × all of them (10⁶ vectors on 40 points:
        9.3 s a frame before); going back starts from the checkpoint below.
        """
        K = self._k
        n = self._n
        marks = self._vote_marks
        step = _VOTE_CHECKPOINT
        f = max((j for j in marks if j <= K), default=0)
        neg = marks[f].copy() if f else np.zeros(n)
        while f < K:
            to = min(K, (f // step + 1) * step)
            self._add_vote_terms(neg, f, to)
            f = to
            if f % step == 0 and n * 8 * (len(marks) + 2) <= _VOTE_CHECKPOINT_BYTES:
                marks[f] = neg.copy()
        if K % step:  # the latest, besides the checkpoints at multiples of the step
            for j in [j for j in marks if j % step]:
                del marks[j]
            marks[K] = neg.copy()
        # The last vector (K): its count runs to the visits so far.
        first = 1 if K == 0 else int(self._hist.column("visit", K - 1, K)[0])
        c_last = float(self._v + 1 - first)
        if K == 0:
            wl, bl = self._w_init, self._b_init
        else:
            w0, w1, b = (self._hist.column(c, K - 1, K) for c in ("w0", "w1", "b"))
            wl, bl = (float(w0[0]), float(w1[0])), float(b[0])
        s = self._x0 * wl[0]
        s += self._x1 * wl[1]
        s += bl
        total = neg + c_last * (s < 0.0)
        decision = float(self._v) - 2.0 * total
        return int(np.count_nonzero(self._y * decision <= 0.0))

    def _add_vote_terms(self, neg: FloatArray, f: int, K: int) -> None:
        """Add ``Σ_{f <= j < K} c_j [s_ij < 0]`` to `neg` (vector j: the weights after update
        j, vector 0 the initial ones): the vectors read in pieces of about 4 M scores, scored
        in blocks of `_VOTE_BLOCK` (whole counts: any order sums exactly)."""
        n = max(self._n, 1)
        piece = max(1, _VOTE_PIECE // n)
        block = max(1, _VOTE_BLOCK // n)
        x0, x1 = self._x0[:, None], self._x1[:, None]
        for a in range(f, K, piece):
            W0, W1, B, c = self._vectors(a, min(K, a + piece))
            for r in range(0, c.shape[0], block):
                cut = slice(r, r + block)
                # As VoteModel.decision: x1*w1 + x2*w2 + b, column-wise.
                sc = x0 * W0[None, cut]
                sc += x1 * W1[None, cut]
                sc += B[None, cut]
                neg += (sc < 0.0) @ c[cut]

    @property
    def answer(self) -> Any:
        """The averaged line (answer kind "average") or the vote ("vote").

        The vote's vectors are kept between calls (`_VoteCache`): a frame adds the new
        ones, where `votes` read the whole history (0.35 s a frame at 10⁶ vectors).
        """
        key = (self._k, self._v)
        if self._answer_at is not None and self._answer_at[0] == key:
            return self._answer_at[1]  # (a frame asks 2-3 times: one model a state)
        if self.spec.answer_kind == "vote":
            cache = self.__dict__.get("_vote_cache")
            if cache is None:
                start = (*self._w_init, self._b_init)
                cache = self._vote_cache = _VoteCache(start, self.max_updates + 1)
            K = self._k
            if cache.rows < K + 1:
                a = cache.rows  # vector j >= 1: the weights after update j (history row j-1)
                cols = [self._hist.column(c, a - 1, K) for c in ("w0", "w1", "b", "visit")]
                cache.append(*cols)
            answer: VoteModel | LinearModel = cache.model(K + 1, self._v)
        else:
            w, b = self.averaged()
            answer = LinearModel(w, b)
        self._answer_at = (key, answer)
        return answer

    def _result_extra(self) -> dict[str, Any]:
        visits = self._hist.column("visit").astype(np.int64, copy=False)
        if self.spec.answer_kind == "vote":
            W, B, c = self.votes()
            # The same Python floats and ints, without a numpy scalar per number (half
            # the time at 4*10^4 votes); two new tuples a vote, none in a cycle, made
            # while the cyclic collector waits (it ran ~70 times over them at 2.4·10⁴
            # votes: 6.8 -> 2.9 ms; it then looks at them once).
            with _collector_paused():
                votes = list(
                    zip(
                        zip(W[:, 0].tolist(), W[:, 1].tolist(), strict=True),
                        B.tolist(),
                        c.astype(np.int64).tolist(),
                        strict=True,
                    )
                )
            return {"votes": votes, "update_visits": visits}
        w, b = self.averaged()
        return {"avg_w": w, "avg_b": b, "update_visits": visits}


class PATrainer(OnlineTrainer):
    """Passive-aggressive PA-I: updates when ``y s < 1`` (and ``x != 0``), step ``τ <= C``.

    "converged" here means a full pass with no update: every point with ``x != 0`` has
    ``y s >= 1``. A point at the origin is never updated on (its τ would divide by
    ``||x||² = 0``; scikit-learn skips it too), so a converged run can still get such a
    point wrong: its score is b alone.
    """

    _compiled_rule = PA
    _mistakes_guess = None  # updates on right points too, and none on x = 0

    def _history_factor(self) -> FactorFn | None:
        def factor(idx: IntArray, w0: FloatArray, w1: FloatArray, b: FloatArray) -> FloatArray:
            # τ y from the margin before the update, with `_margins_at`'s and `_scale`'s bits
            # (the same operations in place: a product's or sum's operands swap exactly).
            yi = self._y.take(idx)
            m = self._yx0.take(idx)
            m *= w0
            g = self._yx1.take(idx)
            g *= w1
            m += g
            np.multiply(yi, b, out=g)
            m += g
            np.subtract(1.0, m, out=m)
            m /= self._sq.take(idx, out=g)  # t
            np.putmask(m, ~(m < self._C), self._C)  # Python's min(C, t)
            m *= yi
            return m

        return factor

    def _init_extra(self) -> None:
        # ||x_i||² without the bias's 1, as x1*x1 + x2*x2 (scikit-learn's sqnorm bits).
        sq = self._x0 * self._x0
        sq += self._x1 * self._x1
        self._sq = sq
        self._C = float(self.config.C)

    def _wants_update(self, m: FloatArray, idx: IntArray) -> npt.NDArray[np.bool_]:
        return (m < 1.0) & (self._sq[idx] > 0.0)

    def _fast_aux(self) -> FloatArray:
        return self._sq

    def _fast_params(self) -> tuple[float, ...]:
        return (self._C,)

    def _scale(self, i: int, margin: float) -> float:
        """τ = min(C, (1 - y s) / ||x||²)."""
        return min(self._C, (1.0 - margin) / self._sq.item(i))

    def _apply(self, i: int, margin: float) -> bool:
        ty = self._scale(i, margin) * self._y.item(i)
        return self._set_linear(
            self._w0 + ty * self._x0.item(i),
            self._w1 + ty * self._x1.item(i),
            self._b + ty if self._bias else self._b,
        )


class _GramLoan:
    """A kernel trainer's Gram matrix on its way back to `_GRAM_ROWS` when the trainer
    goes (a `weakref.finalize` holds this, never the trainer): its points' bytes, the
    kernel, the matrix, its rows' largest entries (-1 for rows not made) and whether the
    compiled loop made rows in it (`compiled`)."""

    __slots__ = ("compiled", "gram", "kparams", "points", "rowmax")

    def __init__(
        self, points: bytes, kparams: tuple[Any, ...], gram: FloatArray, rowmax: FloatArray
    ) -> None:
        self.points, self.kparams, self.gram, self.rowmax = points, kparams, gram, rowmax
        self.compiled = False


class _GramRows:
    """The Gram matrix of the last kernel run that ended, lent to the next run of this
    process (a script's loop of runs): on the same points with the same kernel, its rows
    (their exps were half of each later call; a row depends on the points and the kernel
    only, so a run of any order, η or bias that borrows it has its own bits); on other
    points of the same number, its memory (rows marked as not made: a new matrix's first
    touch of its pages cost ~12 ms at N = 2000). The numpy path lends the rows it made as
    the compiled loop does (a process's first call runs on numpy: its second borrows
    them). Rows the compiled loop made are numpy's bits only where
    `fast.kernel_rows_exact` says so: a borrower that does not trust them (the numpy path,
    or a compiled loop whose rows are not exact) takes the memory only. One is kept (at
    most `_GRAM_BYTES`; the last given back), lent to one trainer at a time and given
    back when that trainer goes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: _GramLoan | None = None

    def borrow(
        self, points: bytes, kparams: tuple[Any, ...], n: int, *, trust_compiled: bool
    ) -> _GramLoan | None:
        """The kept matrix for a run on these points (a new loan: its rows as kept when
        they are of these points and kernel and trusted, else all marked not made), or
        None when none of this size is kept."""
        with self._lock:
            kept, self._kept = self._kept, None
        if kept is None or kept.gram.shape != (n, n):
            return None
        loan = _GramLoan(points, kparams, kept.gram, kept.rowmax)
        same = kept.kparams == kparams and kept.points == points
        if same and (trust_compiled or not kept.compiled):
            loan.compiled = kept.compiled
        else:
            kept.rowmax.fill(-1.0)  # other points, or rows not trusted: the memory only
        return loan

    def give_back(self, loan: _GramLoan) -> None:
        with self._lock:
            self._kept = loan


_GRAM_ROWS = _GramRows()


class KernelTrainer(OnlineTrainer):
    """The kernel perceptron: the dual form with ``K(x_i, x_j)`` in place of ``x_i · x_j``.

    Keeps α, the scores ``f_i = Σ_j α_j y_j K(x_j, x_i)`` (one kernel column per
    update, O(N)) and b. `w`, `history_w` are zeros (no w in the plane); `model` is a
    `KernelModel`.
    """

    _compiled_rule = THRESHOLD
    _gram: FloatArray | None = None  # the rows made so far (`_gram_rows`)
    _rowmax: FloatArray
    _loan: _GramLoan
    _kp: FloatArray | None = None  # the kernel's numbers for the compiled loop, once set up
    _snap_buf: tuple[FloatArray, FloatArray]
    _moves_w = False  # only b moves
    _f: FloatArray  # the scores f_i and α: always kept here
    _alpha: FloatArray

    @property
    def has_compiled_loop(self) -> bool:
        """True in the orders but "random", when the Gram matrix fits in `_GRAM_BYTES`."""
        return super().has_compiled_loop and 8 * self._n * self._n <= _GRAM_BYTES

    def _gram_rows(self) -> tuple[FloatArray, FloatArray] | None:
        """(the Gram matrix, its rows' largest entries, -1 for rows not made), made at the
        first column asked for, or None when it would be over `_GRAM_BYTES` (10⁶ points in
        the window keep no matrix).

        Row i is `_score_column(i)` to the bit (K is symmetric). Rows are made as they are
        first needed, by the numpy path (`_score_column`) or the compiled loop
        (`fast._kernel_row`, where `fast.kernel_rows_exact`); np.empty: only the rows made
        take memory. A run that ended on the same points and kernel lends its rows
        (`_GramRows`), given back when this trainer goes.
        """
        if self._gram is None:
            n = self._n
            if 8 * n * n > _GRAM_BYTES:
                return None
            key = self.data.points.tobytes()
            # Rows the compiled loop made are trusted by a compiled run whose own rows are
            # exact (`kernel_rows_exact`, checked once in the load's thread), never by the
            # numpy path (its bits are the reference: PERCEPTRON_GUI_NO_JIT keeps numpy).
            trust = self._fast is not None and fast.kernel_rows_exact(self._kparams[0])
            loan = _GRAM_ROWS.borrow(key, self._kparams, n, trust_compiled=trust)
            if loan is None:
                loan = _GramLoan(key, self._kparams, np.empty((n, n)), np.full(n, -1.0))
            self._loan, self._gram, self._rowmax = loan, loan.gram, loan.rowmax
            lend = weakref.finalize(self, _GRAM_ROWS.give_back, loan)
            lend.atexit = False  # (nothing to lend at the process's end)
        return self._gram, self._rowmax

    def _fast_kernel_state(self) -> KernelState:
        if self._kp is None:
            rows = self._gram_rows()
            assert rows is not None  # (`has_compiled_loop`: the matrix fits)
            kern, degree, coef0, sigma = self._kparams
            if fast.kernel_rows_exact(kern):
                self._loan.compiled = True  # the loop makes the rows it needs
                code = fast.kernel_code(kern)
            else:
                # The compiled rows would not have numpy's bits (rbf, where numpy's exp is
                # its own AVX-512 one): the loop asks for each row it needs and numpy makes
                # it (`_fast_needs_row`); a run that borrowed its rows asks for none.
                code = fast.NUMPY_ROWS
            self._kp = np.array([code, degree, coef0, sigma])
            n = self._n
            rows_ = max(1, min(_MAX_SNAP_ROWS, _SNAP_BUFFER_BYTES // (16 * max(n, 1))))
            self._snap_buf = (np.empty((rows_, n)), np.empty((rows_, n)))
        assert self._gram is not None
        return self._gram, self._rowmax, self._kp, self._f, self._alpha, *self._snap_buf

    def _fast_needs_row(self) -> None:
        """The loop stopped before an update on the next visit's point, which has no row
        (`fast.NEEDS_ROW`): numpy makes it, with the rows of the next `_ROWS_AHEAD` points
        of the order that have none and would be updated now (each stop and call again
        costs ~20 µs, a row in a block ~8 µs at N = 2000: most of those are updated soon)."""
        i = self.next_index()
        assert i is not None and self._gram is not None
        n, v = self._n, self._v
        if self._order == "first":
            ahead = np.arange(i, min(n, i + _ROWS_AHEAD))
        else:
            at = v % n
            ahead = np.arange(at, min(n, at + _ROWS_AHEAD))
            if self._order == "random-cyclic":
                ahead = self._epoch_perm(v // n)[ahead]
        f, rowmax = self._f, self._rowmax
        wanted = ((f[ahead] + self._b) * self._y[ahead] <= self._fast_threshold) & (
            rowmax[ahead] < 0.0
        )
        idx = np.union1d(ahead[wanted], [i])
        self._make_rows(idx)

    def _make_rows(self, idx: IntArray) -> None:
        """Rows idx of the Gram matrix, made by numpy (`kernel_block`: an entry has the same
        bits whatever the shapes), and their largest entries."""
        assert self._gram is not None
        P = self.data.points
        with np.errstate(over="ignore", invalid="ignore"):  # as the run: inf refuses
            block = kernel_block(P[idx], P, *self._kparams)
        self._gram[idx] = block
        top = np.abs(block).max(axis=1, initial=0.0)
        top[np.isnan(top)] = np.inf
        self._rowmax[idx] = top

    def _init_extra(self) -> None:
        c = self.config
        self._kparams = (c.kernel, int(c.degree), float(c.coef0), float(c.sigma))
        self._snaps = Snapshots(self._n, _KERNEL_SNAP_STRIDE)

    def _score_column(self, i: int) -> FloatArray:
        """A new array of ``K(x_j, x_i)``: the row made before (a seek's replay, a point
        updated on again: 2 µs, not 15), else made by numpy and kept in the Gram matrix
        when it fits (the next run of the process borrows it, `_GramRows`)."""
        rows = self._gram_rows()
        if rows is not None and rows[1].item(i) >= 0.0:  # a row made: its bits
            row: FloatArray = rows[0][i].copy()
            return row
        col: FloatArray = kernel_block(
            self.data.points, self.data.points[i : i + 1], *self._kparams
        )[:, 0]
        if rows is not None:
            gram, rowmax = rows
            gram[i] = col
            top = float(np.abs(col).max(initial=0.0))  # as `fast._abs_max`: NaN gives inf
            rowmax[i] = top if top == top else math.inf
        return col

    def _reset_extra(self) -> None:
        self._alpha = np.zeros(self._n)
        self._f = np.zeros(self._n)

    def _apply(self, i: int, margin: float) -> bool:
        ey = self._eta * self._y.item(i)
        g = self._score_column(i)
        with np.errstate(over="ignore", invalid="ignore"):
            g *= ey
            f = self._f + g
            b = self._b + ey if self._bias else self._b
            # As the primal: only a real inf or NaN in some score f_j + b refuses it.
            if not (math.isfinite(b) and np.isfinite(f + b).all()):
                return False
        self._f = f
        self._alpha[i] += self._eta
        self._b = b
        return True

    def _margin_before(self, i: int, w: tuple[float, float], b: float) -> float:
        return float("nan")  # the scores before the update are not kept

    def _margins_kept(self) -> FloatArray | None:
        return self.margins()  # a step's record reads its margin from these

    def _restore_extra(self, k: int) -> None:
        self._replay_scores(k)
        self._w0 = self._w1 = 0.0

    @property
    def model(self) -> KernelModel:
        """``f(x) = Σ α_j y_j K(x_j, x) + b`` over the points with α_j > 0."""
        sup = np.flatnonzero(self._alpha > 0)
        return KernelModel(
            self.data.points[sup].copy(),
            (self._alpha[sup] * self._y[sup]).astype(np.float64),
            self._b,
            *self._kparams,
            index=sup.astype(np.int64),
        )

    def _result_extra(self) -> dict[str, Any]:
        return {"answer_model": self.model}

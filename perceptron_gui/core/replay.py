"""A step-able run in R^d: the run of `multi.py`, made as far as asked, then walked.

The step-able trainers of the plane (`trainer.py`, `online.py`, `batch.py`) keep two
weights; for d != 2 the window steps through this one instead. It drives `multi.py`'s
loop (the engine of `train()` in R^d) in slices, keeping everything it did (a *tape*:
the point, visit, weights and counts of every update), and is at a position ``(k, v)``
on that tape: updates and visits made. Moving forward extends the tape only as far as
asked (one update for `step`, one visit for `visit`), moving back reads it. So every
number is `train()`'s on the same data and settings, bit for bit (tests/test_replay.py),
in all nine modes.

Limits (honest ones): the tape is kept whole (k rows of d + 4 numbers); the dual's and
the kernel's scores are replayed from the start when moving back; a passive-aggressive
visit of a point at the origin that is a mistake without an update (its τ would divide
by 0) is not counted in `mistakes` before the run's end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import multi
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.model import KernelModel, LinearModel, kernel_block
from perceptron_gui.core.orders import epoch_permutation
from perceptron_gui.core.overflow import SAFE, scores_finite
from perceptron_gui.core.records import StepRecord, update_reason
from perceptron_gui.core.result import TrainResult

if TYPE_CHECKING:
    from perceptron_gui.core.registry import ModeSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_CHUNK = 256


class _Tape:
    """The run made so far: `multi.py`'s loop, resumable, its rows kept."""

    def __init__(self, data: Dataset, config: TrainConfig, w_init: FloatArray) -> None:
        c = config
        n, d = data.points.shape
        self.n, self.d = n, d
        self.batch = multi.spec_of(c).batch
        self.p = multi.prepare(data, c, w_init)
        if self.batch:
            self.mu, self.mv = multi.limits(c, n)
        else:
            self.mu, self.mv = self.p.mu, self.p.mv
        self.seed = int(c.seed)
        self.w = self.p.w_init.copy()
        self.b = self.p.b_init
        self.f, self.g, self.alpha = multi.start_scores(self.p)
        self.errors = self.p.init_errors
        self.k = self.v = self.clean = self.mistakes = 0
        self.perm = multi.NO_PERM
        self.perm_epoch = -1
        self.nw = np.zeros(d)
        self.cand = np.zeros(n, np.int64)
        self.reason = ""
        self.converged = False
        # Rows: point, visit after, weights after, bias after, count after; batch's M.
        self.idx: list[int] = []
        self.vis: list[int] = []
        self.W: list[FloatArray] = []
        self.B: list[float] = []
        self.E: list[int] = []
        self.points: list[IntArray] = []
        self._arrays: tuple[IntArray, IntArray, FloatArray, FloatArray, IntArray] | None = None
        if n == 0:
            self.reason, self.converged = "converged", True
        elif not self.p.start_ok:
            self.reason = "overflow"
        elif self.p.order == 3 and self.errors == 0 and not self.batch:
            self.reason, self.converged = "converged", True

    @property
    def finished(self) -> bool:
        return bool(self.reason)

    def arrays(self) -> tuple[IntArray, IntArray, FloatArray, FloatArray, IntArray]:
        """(index, visit, W, B, E) of every update made, as arrays (cached)."""
        if self._arrays is None or self._arrays[0].shape[0] != len(self.idx):
            self._arrays = (
                np.array(self.idx, dtype=np.int64),
                np.array(self.vis, dtype=np.int64),
                np.array(self.W, dtype=np.float64).reshape(-1, self.d),
                np.array(self.B, dtype=np.float64),
                np.array(self.E, dtype=np.int64),
            )
        return self._arrays

    def extend(self, target_k: int, target_v: int) -> None:
        """Run on until `target_k` updates or `target_v` visits, or the run's end."""
        if self.batch:
            self._extend_batch(target_k, target_v)
            return
        p = self.p
        c = p.config
        tk, tv = min(target_k, self.mu), min(target_v, self.mv)
        loop = multi.loop_for(p, self.seed)
        while not self.reason:
            if self.k >= self.mu:
                self._end("update limit")
                break
            if self.v >= self.mv:
                self._end("epoch limit")
                break
            if self.k >= tk or self.v >= tv:
                break
            n = self.n
            if p.order == 2 and self.v // n != self.perm_epoch:
                self.perm_epoch = self.v // n
                self.perm = epoch_permutation(self.seed, self.perm_epoch, n)
            cap = max(1, min(_CHUNK, tk - self.k))
            oi, ov = np.empty(cap, np.int64), np.empty(cap, np.int64)
            ow, ob, oe = np.empty((cap, self.d)), np.empty(cap), np.empty(cap, np.int64)
            alpha = self.alpha if self.alpha is not None else self.f
            b, k, v, clean, mis, err, made, status = loop(
                p.X, p.y, p.yX, p.sq, p.G, self.f, self.g, alpha, self.perm, self.cand,
                self.perm_epoch, p.order, p.rule, p.thr, float(c.C), bool(c.bias),
                float(c.eta), p.count_errors, self.seed, p.xm, SAFE, self.w, self.nw,
                self.b, self.k, self.v, self.clean, self.mistakes, self.errors, tk, tv,
                oi, ov, ow, ob, oe,
            )  # fmt: skip
            self.b, self.k, self.v, self.clean = b, k, v, clean
            self.mistakes, self.errors = mis, err
            self.idx.extend(oi[:made].tolist())
            self.vis.extend(ov[:made].tolist())
            self.W.extend(ow[:made].copy())
            self.B.extend(ob[:made].tolist())
            self.E.extend(oe[:made].tolist())
            if status == multi.CONVERGED:
                self.reason, self.converged = "converged", True
            elif status == multi.OVERFLOW:
                self._end("overflow")

    def _end(self, reason: str) -> None:
        """Stop at a limit (or overflow): converged anyway when nothing is left to correct."""
        p = self.p
        n = self.n
        left = multi.left_to_correct(p, self.f, self.w, self.b)
        if n and left == 0:
            self.reason, self.converged = "converged", True
        else:
            self.reason = reason

    def _extend_batch(self, target_k: int, target_v: int) -> None:
        """The batch perceptron (`multi.run_state`'s batch rule), a step at a time."""
        p = self.p
        n, d = self.n, self.d
        e = float(p.config.eta)
        bias = bool(p.config.bias)
        while not self.reason:
            if self.k >= self.mu:
                self.reason = "update limit"
            elif self.v >= self.mv or self.v + n > self.mv:
                self.reason = "epoch limit"
            if self.reason:
                if n and not np.any(multi.margins_of(p.yX, p.y, self.w, self.b) <= 0.0):
                    self.reason, self.converged = "converged", True
                break
            if self.k >= target_k or self.v + n > target_v:
                break
            M = np.flatnonzero(multi.margins_of(p.yX, p.y, self.w, self.b) <= 0.0)
            self.v += n
            if M.shape[0] == 0:
                self.reason, self.converged = "converged", True
                break
            s = np.array([float(np.cumsum(p.yX[M, col])[-1]) for col in range(d)])
            sb = float(np.cumsum(p.y[M])[-1])
            nw = self.w + e * s
            nb = self.b + e * sb if bias else self.b
            if not scores_finite(p.X.T, nw, nb, p.xm):
                self.v -= n
                self.reason = "overflow"
                break
            self.w, self.b = nw, nb
            self.mistakes += int(M.shape[0])
            self.k += 1
            self.idx.append(int(M[0]))
            self.vis.append(self.v)
            self.W.append(self.w.copy())
            self.B.append(self.b)
            self.E.append(0)
            self.points.append(M.astype(np.int64))


class ReplayTrainer:
    """The `protocol.Algorithm` surface over a `_Tape`, for points with d != 2 features.

    Parameters
    ----------
    data
        The points (any d >= 1) and labels.
    config
        The settings; its w0 (two numbers, the plane's) applies only when it is 0 (then
        w starts at 0 in R^d).
    """

    def __init__(self, data: Dataset, config: TrainConfig | None = None) -> None:
        c = config if config is not None else TrainConfig()
        self.data = data
        self.config = c
        n, d = data.points.shape
        self._n, self._d = int(n), int(d)
        self._w_init = np.zeros(d)
        self._b_init = float(c.b0) if c.bias else 0.0
        self._tape = _Tape(data, c, self._w_init)
        self.max_updates, self.max_visits = self._tape.mu, self._tape.mv
        self._y = np.asarray(data.labels, dtype=np.float64)
        self._rule = self._tape.p.rule
        self._k = 0
        self._v = 0
        self._last: StepRecord | None = None
        self._f_at: tuple[int, FloatArray] | None = None
        self._mis: IntArray | None = None
        self._mis_at = -1
        self._margins_before: list[float] = []
        self._answer_at: tuple[tuple[int, int], Any] | None = None

    # ------------------------------------------------------------------ state

    @property
    def spec(self) -> ModeSpec:
        return multi.spec_of(self.config)

    @property
    def dim(self) -> int:
        """Features per point (d)."""
        return self._d

    @property
    def n(self) -> int:
        return self._n

    @property
    def w(self) -> tuple[float, ...]:
        """The running weights w (d numbers)."""
        return tuple(float(x) for x in self._w_at(self._k))

    @property
    def b(self) -> float:
        return self._b_at(self._k)

    @property
    def k(self) -> int:
        return self._k

    @property
    def visits(self) -> int:
        return self._v

    @property
    def epoch(self) -> int:
        return self._v // self._n if self._n else 0

    @property
    def mistakes(self) -> int:
        """Visits with ``y f <= 0`` so far (the batch: its steps, as `BatchTrainer`)."""
        if self.spec.counts_apart:
            t = self._tape
            if self._at_end and t.finished:
                return t.mistakes
            self._fill_margins(self._k)
            return int(sum(1 for m in self._margins_before[: self._k] if m <= 0.0))
        return self._k

    @property
    def _at_end(self) -> bool:
        t = self._tape
        return self._k == t.k and self._v == t.v

    @property
    def done(self) -> bool:
        return self.stop_reason is not None

    @property
    def stop_reason(self) -> str | None:
        t = self._tape
        if self._at_end and not t.finished:
            t.extend(self._k, self._v)  # a limit or a start that needs no visit
        return t.reason if self._at_end and t.finished else None

    @property
    def converged(self) -> bool:
        return self.stop_reason == "converged"

    @property
    def last(self) -> StepRecord | None:
        return self._last

    @property
    def threshold(self) -> float | None:
        return self.spec.threshold(self.config)

    @property
    def answer_name(self) -> str:
        return self.spec.answer_name

    @property
    def model(self) -> Any:
        """The running weights (the kernel's f: a `KernelModel`)."""
        if self._rule == multi.KERNEL_RULE:
            return self._kernel_model(self._k)
        return LinearModel(self.w, self.b)

    @property
    def answer(self) -> Any:
        """The pocket, the average or the vote (`multi.answer_model` of
        `ModeSpec.answer_kind`); None in the other modes. Kept per state: a frame asks
        for it more than once (the table, the readout, `answer_errors`)."""
        key = (self._k, self._v)
        if self._answer_at is None or self._answer_at[0] != key:
            self._answer_at = (key, self._answer_now())
        return self._answer_at[1]

    def _answer_now(self) -> Any:
        kind = self.spec.answer_kind
        if not kind:
            return None
        k = self._k
        _, vis, W, B, E = self._tape.arrays()
        cut = _Cut(k, self._v, W[:k], B[:k], E[:k], vis[:k], self._tape.p.init_errors)
        return multi.answer_model(kind, cut, self._w_init, self._b_init, bool(self.config.bias))

    @property
    def answer_errors(self) -> int | None:
        a = self.answer
        if a is None:
            return None
        if self.spec.answer_kind == "fewest":
            j = self._pocket_row_at(self._k)
            return self._tape.p.init_errors if j < 0 else int(self._tape.arrays()[4][j])
        return int(np.count_nonzero(self._y * a.decision(self.data.points) <= 0.0))

    @property
    def has_alpha(self) -> bool:
        return self._rule >= 2

    @property
    def alpha(self) -> FloatArray | None:
        if self._rule < 2:
            return None
        a = np.zeros(self._n)
        idx = self._tape.arrays()[0][: self._k]
        np.add.at(a, idx, float(self.config.eta))  # the loop's repeated additions, in order
        return a

    def alpha_slice(self, rows: slice) -> FloatArray | None:
        a = self.alpha
        return None if a is None else np.array(a[rows], dtype=np.float64)

    @property
    def updates(self) -> IntArray:
        return self._tape.arrays()[0][: self._k].copy()

    @property
    def history_w(self) -> FloatArray:
        return self._tape.arrays()[2][: self._k].copy()

    @property
    def history_b(self) -> FloatArray:
        return self._tape.arrays()[3][: self._k].copy()

    @property
    def history_visits(self) -> IntArray:
        return self._tape.arrays()[1][: self._k].copy()

    @property
    def batch_sizes(self) -> IntArray:
        return np.array([len(m) for m in self._tape.points[: self._k]], dtype=np.int64)

    @property
    def batch_points(self) -> list[IntArray]:
        return list(self._tape.points[: self._k])

    # ---------------------------------------------------------------- history

    @property
    def history_columns(self) -> tuple[str, ...]:
        """ "index", "visit", "w0" … "w{d-1}", "b", "errors" (the counted modes' column)."""
        return ("index", "visit", *(f"w{j}" for j in range(self._d)), "b", "errors")

    def _column(self, name: str) -> npt.NDArray[Any]:
        idx, vis, W, B, E = self._tape.arrays()
        if name == "index":
            return idx
        if name == "visit":
            return vis
        if name == "b":
            return B
        if name in ("errors", "mistakes"):
            if name == "mistakes" and self.spec.counts_apart:
                self._fill_margins(idx.shape[0])
                return np.cumsum(np.array(self._margins_before) <= 0.0).astype(np.int64)
            return E if name == "errors" else np.arange(1, idx.shape[0] + 1, dtype=np.int64)
        if name.startswith("w") and name[1:].isdigit() and int(name[1:]) < self._d:
            return W[:, int(name[1:])]
        raise KeyError(name)

    def history_slice(self, name: str, start: int = 0, stop: int | None = None) -> npt.NDArray[Any]:
        stop = self._k if stop is None else min(stop, self._k)
        return np.array(self._column(name)[start:stop])

    def history_take(self, name: str, rows: IntArray) -> npt.NDArray[Any]:
        return np.array(self._column(name)[np.asarray(rows, dtype=np.int64)])

    def history_value(self, name: str, row: int) -> float:
        return float(self._column(name)[row])

    # --------------------------------------------------------------- geometry

    def _w_at(self, k: int) -> FloatArray:
        """w after k updates (the kernel: 0, it has no w)."""
        if k == 0:
            return self._w_init
        W: FloatArray = self._tape.arrays()[2][k - 1]
        return W

    def _b_at(self, k: int) -> float:
        return self._b_init if k == 0 else float(self._tape.arrays()[3][k - 1])

    def _f(self, k: int) -> FloatArray:
        """The dual's and kernel's scores f after k updates (the loop's sums, in order)."""
        if self._f_at is not None and self._f_at[0] <= k:
            k0, f = self._f_at[0], self._f_at[1].copy()
        else:
            k0, f = 0, np.zeros(self._n)
        p = self._tape.p
        idx = self._tape.arrays()[0]
        eta = float(self.config.eta)
        X = p.X
        for j in range(k0, k):
            i = int(idx[j])
            ey = eta * float(p.y[i])
            if self._rule == multi.GRAM_RULE:
                g = X[:, 0] * X[i, 0]
                for c in range(1, self._d):
                    g += X[:, c] * X[i, c]
            else:
                g = p.G[i, :].copy()
            f = f + g * ey
        self._f_at = (k, f)
        return f

    def margins(self) -> FloatArray:
        """``y_i f(x_i)`` for every point (the dual and the kernel: their own scores)."""
        p = self._tape.p
        if self._rule >= 2:
            out: FloatArray = (self._f(self._k) + self.b) * p.y
            return out
        return multi.margins_of(p.yX, p.y, self._w_at(self._k), self.b)

    def misclassified(self) -> IntArray:
        if self._mis is None or self._mis_at != self._k:
            self._mis = np.flatnonzero(self.margins() <= 0.0)
            self._mis.setflags(write=False)
            self._mis_at = self._k
        return self._mis

    def errors(self) -> int:
        return int(self.misclassified().shape[0])

    def gram_block(self, rows: slice | IntArray, cols: slice | IntArray) -> FloatArray:
        X = self._tape.p.X
        c = self.config
        if self._rule == multi.KERNEL_RULE:
            out: FloatArray = kernel_block(
                X[rows], X[cols], c.kernel, int(c.degree), float(c.coef0), float(c.sigma)
            )
            return out
        A, Bm = X[rows], X[cols]
        g: FloatArray = np.outer(A[:, 0], Bm[:, 0])
        for j in range(1, self._d):
            g += np.outer(A[:, j], Bm[:, j])
        return g

    def _kernel_model(self, k: int) -> KernelModel:
        c = self.config
        a = np.zeros(self._n)
        np.add.at(a, self._tape.arrays()[0][:k], float(c.eta))
        sup = np.flatnonzero(a > 0)
        return KernelModel(
            np.array(self.data.points[sup], dtype=np.float64),
            (a[sup] * self._y[sup]).astype(np.float64),
            self._b_at(k),
            c.kernel,
            int(c.degree),
            float(c.coef0),
            float(c.sigma),
            index=sup.astype(np.int64),
        )

    def _fill_margins(self, k: int) -> None:
        """``y f`` before each of the first k updates (the reason and the mistakes)."""
        have = len(self._margins_before)
        if have >= k:
            return
        p = self._tape.p
        idx, _, W, B, _ = self._tape.arrays()
        for j in range(have, k):
            i = int(idx[j])
            if self._rule >= 2:
                m = (float(self._f(j)[i]) + self._b_at(j)) * float(p.y[i])
            else:
                w = self._w_at(j)
                m = float(p.yX[i, 0] * w[0])
                for c in range(1, self._d):
                    m += float(p.yX[i, c] * w[c])
                m = m + float(p.y[i]) * self._b_at(j)
            self._margins_before.append(m)

    # ------------------------------------------------------------------ moves

    def next_index(self) -> int | None:
        if self.done or self._n == 0 or self._tape.batch:
            return None
        order = self._tape.p.order
        n = self._n
        if order == 0:
            vis = self._tape.arrays()[1]
            return self._v - (int(vis[self._k - 1]) if self._k else 0)
        if order == 1:
            return int(self._v % n)
        if order == 2:
            perm = epoch_permutation(int(self.config.seed), self._v // n, n)
            return int(perm[self._v % n])
        return None

    def _moved(self) -> None:
        self._mis = None

    def _goto(self, k: int, v: int) -> None:
        self._k, self._v = k, v
        self._moved()

    def _record(self, k: int) -> StepRecord:
        """The record of update k (1-based)."""
        self._fill_margins(k)
        idx, vis, _, _, _ = self._tape.arrays()
        i = int(idx[k - 1])
        m = self._margins_before[k - 1]
        c = self.config
        if self._tape.batch:
            pts: tuple[int, ...] = tuple(int(x) for x in self._tape.points[k - 1])
            reason: Any = "batch"
            scale = float(c.eta)
        else:
            pts = (i,)
            thr = self.threshold
            reason = update_reason(m, thr) if thr is not None else "mistake"
            scale = float(c.eta)
            if self._rule == multi.PA_RULE:
                p = self._tape.p
                scale = min(float(c.C), (1.0 - m) / float(p.sq[i]))
        return StepRecord(
            index=i,
            mistake=m <= 0.0,
            margin=m,
            k=k,
            visit=int(vis[k - 1]),
            w_before=tuple(float(x) for x in self._w_at(k - 1)),
            b_before=self._b_at(k - 1),
            w_after=tuple(float(x) for x in self._w_at(k)),
            b_after=self._b_at(k),
            pocket_replaced=self.spec.answer_kind == "fewest" and self._pocket_row_at(k) == k - 1,
            points=pts,
            scale=scale,
            reason=reason,
            threshold=self.threshold,
        )

    def _pocket_row_at(self, k: int) -> int:
        E = self._tape.arrays()[4][:k]
        if not E.shape[0]:
            return -1
        j = int(np.argmin(E))
        return j if int(E[j]) < self._tape.p.init_errors else -1

    def _forward(self, updates: int, visits: int) -> int:
        """Move on by at most `updates` updates and `visits` visits; the updates made."""
        t = self._tape
        k0 = self._k
        tk, tv = self._k + updates, self._v + visits
        t.extend(tk, tv)
        vis = t.arrays()[1]
        k_new = min(int(np.searchsorted(vis, tv, side="right")), tk, t.k)
        if k_new > k0 and k_new == tk:
            v_new = int(vis[k_new - 1])  # right after the update asked for
        elif k_new < t.k:
            v_new = tv  # the next update is beyond the visits asked for
        else:
            v_new = min(tv, t.v)
        self._goto(k_new, max(v_new, self._v))
        return self._k - k0

    def step(self) -> StepRecord | None:
        """Go on to the next update (None when the run ends first)."""
        if self.done:
            return None
        k = self._k
        self._forward(1, self.max_visits)
        if self._k == k:
            return None
        rec = self._record(self._k)
        self._last = rec
        return rec

    def visit(self) -> StepRecord | None:
        """Look at the next point only (a batch step: the same as `step`)."""
        if self.done:
            return None
        if self._tape.batch:
            return self.step()
        k = self._k
        i = self.next_index()
        w, b = self.w, self.b
        m_before = float(self.margins()[i]) if i is not None else 0.0
        self._forward(1, 1)
        if self._k > k:
            rec = self._record(self._k)
        elif i is None or self._v == 0:
            return None
        else:
            rec = StepRecord(
                index=i, mistake=m_before <= 0.0, margin=m_before, k=self._k, visit=self._v,
                w_before=w, b_before=b, w_after=w, b_after=b,
            )  # fmt: skip
        self._last = rec
        return rec

    def run(self, max_updates: int | None = None, max_visits: int | None = None) -> int:
        mu = self.max_updates if max_updates is None else max_updates
        mv = self.max_visits if max_visits is None else max_visits
        made = self._forward(mu, mv)
        if made:
            self._last = self._record(self._k)
        return made

    def seek(self, visits: int) -> None:
        visits = max(0, int(visits))
        if self._tape.batch and self._n:
            visits = visits // self._n * self._n
        if visits >= self._v:
            self._forward(self.max_updates, visits - self._v)
        else:
            vis = self._tape.arrays()[1]
            self._goto(int(np.searchsorted(vis, visits, side="right")), visits)
        self._last = self._record(self._k) if self._k else None

    def seek_update(self, k: int) -> int:
        k = max(0, int(k))
        if k > self._k:
            self._forward(k - self._k, self.max_visits)
        elif k < self._k or self._v > self._visit_of(k):
            self._goto(k, self._visit_of(k))
        self._last = self._record(self._k) if self._k else None
        return self._k

    def _visit_of(self, k: int) -> int:
        return int(self._tape.arrays()[1][k - 1]) if k else 0

    def step_back(self) -> bool:
        if self._v == 0:
            return False
        after_last = self._visit_of(self._k)
        if self._k and self._v > after_last:
            self._goto(self._k, after_last)
        elif self._k:
            self._goto(self._k - 1, self._visit_of(self._k - 1))
        else:
            self._goto(0, 0)
        self._last = self._record(self._k) if self._k else None
        return True

    def reset(self) -> None:
        self._goto(0, 0)
        self._last = None

    def result(self) -> TrainResult:
        """The run so far as `train()` gives it (the same numbers at the run's end)."""
        t = self._tape
        idx, vis, W, B, E = t.arrays()
        k = self._k
        end = self._at_end and t.finished
        reason = t.reason if end else "not finished"
        r = multi.RunState(
            w=self._w_at(k).copy(),
            b=self._b_at(k),
            k=k,
            v=self._v,
            mistakes=self.mistakes,
            stop_reason=reason,
            converged=end and t.converged,
            idx=idx[:k],
            visits=vis[:k],
            W=W[:k],
            B=B[:k],
            E=E[:k],
            alpha=self.alpha,
            init_errors=t.p.init_errors,
            batch_sizes=self.batch_sizes if t.batch else None,
            batch_points=self.batch_points if t.batch else None,
        )
        return multi.result_of(self.data, self.config, r, self._w_init)


@dataclass(frozen=True)
class _Cut:
    """The fields of `multi.RunState` that `multi.answer_model` reads, for a run cut at (k, v)."""

    k: int
    v: int
    W: FloatArray
    B: FloatArray
    E: IntArray
    visits: IntArray
    init_errors: int

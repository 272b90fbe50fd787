"""Every mode in R^d, run to its end: one loop for the nine rules, compiled with numba.

`train()` runs data with d != 2 features here (d = 2 keeps the step-able trainers of
`trainer.py`, `online.py` and `batch.py`, which the window steps through; a test checks
that this engine gives their bits at d = 2 in every mode and order). The rules are those
of ALGORITHMS.md word for word, with the scores summed over the features in order:

* linear margin ``m_i = (((y x_i1) w_1 + (y x_i2) w_2) + ...) + y_i b``: the bits of the
  textbook loop ``y (x·w + b)`` (negation commutes with rounding) and of scikit-learn;
* dual and kernel scores ``m_i = (f_i + b) y_i`` with ``f_j += G_ji · ηy_i``; the dual's
  ``G_ji = ((x_j1 x_i1) + (x_j2 x_i2)) + ...`` computed here, the kernel's from
  `model.kernel_block`;
* passive-aggressive ``τ = min(C, (1 - m) / ||x||²)`` with ``||x||²`` summed in order;
* the averaged answer ``Σ c_j ŵ_j / Σ c_j`` summed in the order of j (as `VotedTrainer`).

One visit is one point looked at; the orders, the stopping rules, the pocket's "strictly
fewer", the random order's draw ``default_rng((seed, k, 1)).integers(count)`` and the
overflow rule (an update that would make some score inf or NaN is refused and the run
stops with "overflow") are the step-able trainers'. The compiled loop is used once
`warm_up` has run (``PERCEPTRON_GUI_NO_JIT=1``: never); the same function runs as plain
Python otherwise, with the same numbers.
"""

from __future__ import annotations

import math
import threading
import types
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import fast
from perceptron_gui.core.config import DEFAULT_MAX_UPDATES, DEFAULT_MAX_VISITS, TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import (
    KernelModel,
    LinearModel,
    VoteModel,
    check_rbf_sigma,
    kernel_block,
)
from perceptron_gui.core.orders import epoch_permutation
from perceptron_gui.core.overflow import SAFE, scores_finite
from perceptron_gui.core.result import TrainResult
from perceptron_gui.core.tables import vote_counts

if TYPE_CHECKING:
    from perceptron_gui.core.registry import ModeSpec

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# Status codes of the loop (fast.py's, plus the overflow the loop decides itself).
AT_TARGET = fast.AT_TARGET
CONVERGED = fast.CONVERGED
BUFFER_FULL = fast.BUFFER_FULL
NEW_EPOCH = fast.NEW_EPOCH
OVERFLOW = 6

ORDERS = {"first": 0, "cyclic": 1, "random-cyclic": 2, "random": 3}
#: The steps this loop runs, by the name a mode gives in its registry entry
#: (`ModeSpec.rd_rule`), and their codes inside the loop: "threshold" updates when
#: ``m <= thr`` by η, "pa" is PA-I, "gram" keeps scores f with the Gram columns computed
#: here (the dual), "kernel" keeps scores f from the kernel's Gram matrix.
THRESHOLD_RULE, PA_RULE, GRAM_RULE, KERNEL_RULE = 0, 1, 2, 3
RULE_CODES = {"threshold": THRESHOLD_RULE, "pa": PA_RULE, "gram": GRAM_RULE, "kernel": KERNEL_RULE}
_ROWS = 1024
#: The kernel perceptron keeps its whole Gram matrix (N² floats) up to this many bytes.
GRAM_BYTES = 512 * 2**20


def _draw_numpy(seed: int, k: int, count: int) -> int:
    return int(np.random.default_rng((seed, k, 1)).integers(count))


_draw: Any = _draw_numpy


def _margin(i: int, rule: int, yX: Any, y: Any, f: Any, w: Any, b: float) -> Any:
    """``y_i f(x_i)``: the scores' (f_i + b) y_i, or ``(y x_i)·w + y_i b`` in feature order."""
    if rule >= 2:
        return (f[i] + b) * y[i]
    d = yX.shape[1]
    m = yX[i, 0] * w[0]
    for c in range(1, d):
        m += yX[i, c] * w[c]
    return m + y[i] * b


def _collect(
    rule: int, thr: float, yX: Any, y: Any, sq: Any, f: Any, w: Any, b: float, cand: Any
) -> int:
    """The points an update is wanted on, in index order, into `cand`; returns how many.

    (The margins are the bits of `_margin`, written out here: a call per point made the
    scan three times slower.)
    """
    n, d = yX.shape
    count = 0
    for j in range(n):
        if rule >= 2:
            m = (f[j] + b) * y[j]
        else:
            m = yX[j, 0] * w[0]
            for c in range(1, d):
                m += yX[j, c] * w[c]
            m = m + y[j] * b
        if rule == 1:
            want = m < 1.0 and sq[j] > 0.0
        else:
            want = m <= thr
        if want:
            cand[count] = j
            count += 1
    return count


def _loop_scores_finite(X: Any, w: Any, b: float, xm: float, safe: float) -> bool:
    """The compiled loop's `overflow.scores_finite` (numba has no ``np.errstate``): True when
    w, b and every ``x·w + b`` are finite (the cheap bound first, below `safe`)."""
    d = X.shape[1]
    if not math.isfinite(b):
        return False
    s = 0.0
    for c in range(d):
        if not math.isfinite(w[c]):
            return False
        s += abs(w[c])
    if s * xm + abs(b) <= safe:
        return True
    for j in range(X.shape[0]):
        t = X[j, 0] * w[0]
        for c in range(1, d):
            t += X[j, c] * w[c]
        if not math.isfinite(t + b):
            return False
    return True


def _run_py(
    X: Any,
    y: Any,
    yX: Any,
    sq: Any,
    gram: Any,
    f: Any,
    g: Any,
    alpha: Any,
    perm: Any,
    cand: Any,
    perm_epoch: int,
    order: int,
    rule: int,
    thr: float,
    C: float,
    bias: bool,
    eta: float,
    count_errors: bool,
    seed: int,
    xm: float,
    safe: float,
    w: Any,
    nw: Any,
    b: float,
    k: int,
    v: int,
    clean: int,
    mistakes: int,
    errors: int,
    target_k: int,
    target_v: int,
    out_i: Any,
    out_v: Any,
    out_w: Any,
    out_b: Any,
    out_e: Any,
) -> tuple[float, int, int, int, int, int, int, int]:
    """Visit on until a target, convergence, an overflow or a full buffer.

    `w` is updated in place; `errors` is the count of points an update is wanted on
    (kept when `count_errors`: the pocket, the random order). Returns (b, k, v, clean,
    mistakes, errors, rows written, status).
    """
    n, d = X.shape
    rows = 0
    cap = out_i.shape[0]
    if count_errors:
        errors = _collect(rule, thr, yX, y, sq, f, w, b, cand)
    while True:
        if k >= target_k or v >= target_v:
            return b, k, v, clean, mistakes, errors, rows, AT_TARGET
        if order == 3:
            if errors == 0:
                return b, k, v, clean, mistakes, errors, rows, CONVERGED
            i = cand[_draw(seed, k, errors)]
        elif order == 0:
            i = clean
        elif order == 1:
            i = v % n
        else:
            if v // n != perm_epoch:
                return b, k, v, clean, mistakes, errors, rows, NEW_EPOCH
            i = perm[v % n]
        if rule >= 2:
            m = (f[i] + b) * y[i]
        elif d == 2:  # the plane, written out (the same sum, one loop fewer)
            m = (yX[i, 0] * w[0] + yX[i, 1] * w[1]) + y[i] * b
        else:
            m = yX[i, 0] * w[0]
            for c in range(1, d):
                m += yX[i, c] * w[c]
            m = m + y[i] * b
        if rule == 1:
            want = m < 1.0 and sq[i] > 0.0
            t = (1.0 - m) / sq[i] if want else 0.0
            step = t if t < C else C  # Python's min(C, t)
        else:
            want = m <= thr
            step = eta
        if not want:
            v += 1
            clean += 1
            mistakes += int(m <= 0.0)  # (a Python int on the plain-Python path)
            if clean >= n and clean % n == 0:
                if order != 2:
                    return b, k, v, clean, mistakes, errors, rows, CONVERGED
                if _collect(rule, thr, yX, y, sq, f, w, b, cand) == 0:
                    return b, k, v, clean, mistakes, errors, rows, CONVERGED
            continue
        ey = step * y[i]
        nb = b + ey if bias else b
        if not math.isfinite(ey):
            return b, k, v, clean, mistakes, errors, rows, OVERFLOW
        if rule >= 2:
            ok = math.isfinite(nb)
            for j in range(n):
                if rule == 2:
                    gj = X[j, 0] * X[i, 0]
                    for c in range(1, d):
                        gj += X[j, c] * X[i, c]
                else:
                    gj = gram[i, j]
                g[j] = f[j] + gj * ey
                if not math.isfinite(g[j] + nb):
                    ok = False
            if not ok:
                return b, k, v, clean, mistakes, errors, rows, OVERFLOW
        if rule != 3:
            for c in range(d):
                nw[c] = w[c] + ey * X[i, c]
            if not _loop_scores_finite(X, nw, nb, xm, safe):
                return b, k, v, clean, mistakes, errors, rows, OVERFLOW
            for c in range(d):
                w[c] = nw[c]
        if rule >= 2:
            for j in range(n):
                f[j] = g[j]
            alpha[i] += eta
        b = nb
        v += 1
        k += 1
        clean = 0
        mistakes += int(m <= 0.0)  # (a Python int on the plain-Python path)
        if count_errors:
            errors = _collect(rule, thr, yX, y, sq, f, w, b, cand)
        out_i[rows] = i
        out_v[rows] = v
        for c in range(d):
            out_w[rows, c] = w[c]
        out_b[rows] = b
        out_e[rows] = errors
        rows += 1
        if count_errors and errors == 0:
            return b, k, v, clean, mistakes, errors, rows, CONVERGED
        if rows == cap:
            return b, k, v, clean, mistakes, errors, rows, BUFFER_FULL


_lock = threading.Lock()
_compiled: Any = None


def warm_up() -> bool:
    """Compile this loop (or load it from numba's disk cache) after `fast.warm_up`.

    Returns True when the compiled loop is ready; False keeps plain Python (same numbers).
    The compiled functions live in a namespace of their own (the module's names stay the
    plain ones, which the seeds beyond 2^32 need: their draw is numpy's).
    """
    global _compiled
    if _compiled is not None:
        return fast.available()
    if not fast.warm_up(()):  # the plane's kernels only, no online rule's
        return False
    with _lock:
        if _compiled is not None:
            return True
        try:
            import numba

            jit = numba.njit(cache=True, nogil=True)
            ns: dict[str, Any] = dict(globals())
            ns["_draw"] = fast._draw_compiled
            for name in (
                "_margin", "_collect", "_loop_scores_finite", "_run_py",
            ):  # fmt: skip
                py = globals()[name]
                clone = types.FunctionType(py.__code__, ns, name, py.__defaults__)
                clone.__module__ = py.__module__
                clone.__qualname__ = py.__qualname__
                ns[name] = jit(clone)
            fn = ns["_run_py"]
            _call(fn)
        except Exception:  # noqa: BLE001  (any numba failure: plain Python stays)
            return False
        _compiled = fn
        return True


def _call(fn: Any) -> None:
    """Run the loop once on three points with the argument types `run` passes."""
    X = np.array([[1.0, 2.0], [-1.0, 0.5], [2.0, 1.0]])
    y = np.array([1.0, -1.0, 1.0])
    for rule in (0, 3):
        fn(
            X, y, y[:, None] * X, np.ones(3), np.ones((3, 3)), np.zeros(3), np.zeros(3),
            np.zeros(3), np.arange(3, dtype=np.int64), np.zeros(3, np.int64), 0, 1, rule,
            0.0, 1.0, True, 1.0,
            False, 0, 2.0, SAFE, np.zeros(2), np.zeros(2), 0.0, 0, 0, 0, 0, 0, 4, 100,
            np.zeros(4, np.int64), np.zeros(4, np.int64), np.zeros((4, 2)), np.zeros(4),
            np.zeros(4, np.int64),
        )  # fmt: skip


def _loop(seed: int) -> Any:
    """The compiled loop when ready and allowed (seeds below 2^32), else plain Python."""
    if _compiled is not None and fast.available() and 0 <= seed < fast.SEED_LIMIT:
        return _compiled
    return _run_py


def compiled_for(seed: int) -> bool:
    """True when a run with this seed would call the compiled loop now (`warm_up` has
    run, numba is allowed, and the seed's draw has a compiled twin: below 2^32)."""
    return _loop(seed) is not _run_py


def loop_for(p: Prepared, seed: int) -> Any:
    """The loop a run of `p` with this seed calls: `p.loop` (made by `prepare`), or plain
    Python for a seed whose draw is numpy's alone (2^32 and above). Its arguments are
    those `run_prepared` passes; it returns after at most the buffers' rows of updates."""
    return p.loop if 0 <= seed < fast.SEED_LIMIT else _run_py


@dataclass
class RunState:
    """The raw state of one run in R^d, at its end or cut short by a replay: the weights
    `w`, `b`; `k` updates and `v` visits made; the mistakes counted apart from the updates
    (passive-aggressive, margin); why it stopped; and a row per update (`idx` the point,
    `visits` the visits made after it, `W`, `B` the weights after it, `E` the training
    errors after it when the mode counts them). `alpha` the dual and kernel forms' α,
    `init_errors` the errors of the initial weights; `batch_sizes` and `batch_points` the
    batch perceptron's M of every update. `result_of` makes a `TrainResult` of it."""

    w: FloatArray
    b: float
    k: int
    v: int
    mistakes: int
    stop_reason: str
    converged: bool
    idx: IntArray
    visits: IntArray
    W: FloatArray
    B: FloatArray
    E: IntArray
    alpha: FloatArray | None
    init_errors: int
    batch_sizes: IntArray | None = None
    batch_points: list[IntArray] | None = None


class _Rows:
    """Growing history buffers."""

    def __init__(self, d: int, cap: int) -> None:
        self.d = d
        self.parts: list[tuple[IntArray, IntArray, FloatArray, FloatArray, IntArray]] = []
        self.new(cap)

    def new(self, cap: int) -> None:
        self.out = (
            np.empty(cap, np.int64),
            np.empty(cap, np.int64),
            np.empty((cap, self.d)),
            np.empty(cap),
            np.empty(cap, np.int64),
        )

    def keep(self, rows: int) -> None:
        if rows:
            i, v, w, b, e = self.out
            self.parts.append((i[:rows], v[:rows], w[:rows], b[:rows], e[:rows]))
            self.new(self.out[0].shape[0])

    def arrays(self) -> tuple[IntArray, IntArray, FloatArray, FloatArray, IntArray]:
        if not self.parts:
            return (
                np.zeros(0, np.int64),
                np.zeros(0, np.int64),
                np.zeros((0, self.d)),
                np.zeros(0),
                np.zeros(0, np.int64),
            )
        if len(self.parts) == 1:
            return self.parts[0]
        cols = list(zip(*self.parts, strict=True))
        return (
            np.concatenate(cols[0]),
            np.concatenate(cols[1]),
            np.concatenate(cols[2]),
            np.concatenate(cols[3]),
            np.concatenate(cols[4]),
        )


def limits(config: TrainConfig, n: int) -> tuple[int, int]:
    """(updates, visits) at which a run of `config` on `n` points stops: its
    ``max_updates`` and ``max_epochs`` × n, or the defaults when they are None."""
    mu = DEFAULT_MAX_UPDATES if config.max_updates is None else int(config.max_updates)
    mv = DEFAULT_MAX_VISITS if config.max_epochs is None else int(config.max_epochs) * n
    return mu, mv


def margins_of(yX: FloatArray, y: FloatArray, w: FloatArray, b: float) -> FloatArray:
    """``((y x_1) w_1 + (y x_2) w_2 + ...) + y b`` for every point (the loop's bits)."""
    m: FloatArray = yX[:, 0] * w[0]
    for c in range(1, yX.shape[1]):
        m += yX[:, c] * w[c]
    m += y * b
    return m


def _batch(data: Dataset, config: TrainConfig, w: FloatArray, b: float) -> RunState:
    """The batch perceptron (batch.py's rule, in R^d)."""
    X = np.array(data.points, dtype=np.float64, order="C")  # writable: one compiled signature
    y = np.array(data.labels, dtype=np.float64)
    n, d = X.shape
    yX = y[:, None] * X
    e = float(config.eta)
    bias = bool(config.bias)
    mu, mv = limits(config, n)
    xm = float(np.abs(X).max()) if n else 0.0
    idx: list[int] = []
    vis: list[int] = []
    Ws: list[FloatArray] = []
    Bs: list[float] = []
    sizes: list[int] = []
    points: list[IntArray] = []
    k = v = mistakes = 0
    reason = ""
    while True:
        if k >= mu:
            reason = "update limit"
            break
        if v >= mv or v + n > mv:
            reason = "epoch limit"
            break
        M = np.flatnonzero(margins_of(yX, y, w, b) <= 0.0)
        v += n
        if M.shape[0] == 0:
            reason = "converged"
            break
        s = np.array([float(np.cumsum(yX[M, c])[-1]) for c in range(d)])
        sb = float(np.cumsum(y[M])[-1])
        nw = w + e * s
        nb = b + e * sb if bias else b
        if not scores_finite(X.T, nw, nb, xm):
            v -= n
            reason = "overflow"
            break
        w, b = nw, nb
        mistakes += int(M.shape[0])
        k += 1
        idx.append(int(M[0]))
        vis.append(v)
        Ws.append(w.copy())
        Bs.append(b)
        sizes.append(int(M.shape[0]))
        points.append(M.astype(np.int64))
    errs = int(np.count_nonzero(margins_of(yX, y, w, b) <= 0.0)) if n else 0
    converged = reason == "converged" or (n > 0 and errs == 0)
    if converged:
        reason = "converged"
    return RunState(
        w=w,
        b=b,
        k=k,
        v=v,
        mistakes=mistakes,
        stop_reason=reason,
        converged=converged,
        idx=np.array(idx, np.int64),
        visits=np.array(vis, np.int64),
        W=np.array(Ws, dtype=np.float64).reshape(-1, d),
        B=np.array(Bs, dtype=np.float64),
        E=np.zeros(k, np.int64),
        alpha=None,
        init_errors=0,
        batch_sizes=np.array(sizes, np.int64),
        batch_points=points,
    )


@dataclass
class Prepared:
    """What every run of one setting on one data set shares (an experiment makes it once)."""

    config: TrainConfig
    X: FloatArray
    y: FloatArray
    yX: FloatArray
    sq: FloatArray
    G: FloatArray
    rule: int
    order: int
    thr: float
    count_errors: bool
    xm: float
    mu: int
    mv: int
    w_init: FloatArray
    b_init: float
    init_errors: int
    start_ok: bool
    loop: Any


def kernel_matrix(X: FloatArray, config: TrainConfig) -> FloatArray:
    """The Gram matrix ``K(x_i, x_j)`` of the points X with `config`'s kernel, as the
    kernel rule reads it (C order; inf and NaN kept: the loop refuses them); a
    `DataError` when it would take more than `GRAM_BYTES`. `prepare` and `run_state`
    take it made (``gram=``), so that runs of one setting share one."""
    c = config
    n, d = X.shape
    if 8 * n * n > GRAM_BYTES:
        raise DataError(
            f"the kernel perceptron on {n} points in {d} dimensions keeps an "
            f"{n}×{n} kernel matrix ({8 * n * n / 2**20:.0f} MiB): too large"
        )
    with np.errstate(over="ignore", invalid="ignore"):
        return np.ascontiguousarray(
            kernel_block(X, X, c.kernel, int(c.degree), float(c.coef0), float(c.sigma))
        )


def spec_of(config: TrainConfig) -> ModeSpec:
    """The registry entry of ``config.mode`` (what this loop and its replay read of a mode)."""
    from perceptron_gui.core.registry import spec

    return spec(config.mode)


def _spec_in_rd(config: TrainConfig, d: int) -> ModeSpec:
    """The registry entry of ``config.mode``, refused when this loop has no step for it,
    or (a plugin's mode) when its step here is not its trainer's
    (`registry.rd_rule_problem`)."""
    s = spec_of(config)
    if not s.batch and s.rd_rule not in RULE_CODES:
        raise DataError(
            f"{s.name} runs on points with 2 features only (these have {d}): its step has "
            "no loop in R^d"
        )
    from perceptron_gui.core.registry import rd_rule_problem

    problem = rd_rule_problem(s)
    if problem:
        raise DataError(
            f"{s.name} runs on points with 2 features only (these have {d}): its rd_rule "
            f"{s.rd_rule or 'batch'!r} does not compute what its trainer does ({problem})"
        )
    return s


def prepare(
    data: Dataset,
    config: TrainConfig,
    w_init: FloatArray | None = None,
    *,
    gram: FloatArray | None = None,
) -> Prepared:
    """Check and lay out `data` for runs of `config` (the seed aside)."""
    c = config
    n, d = data.points.shape
    w = np.zeros(d) if w_init is None else np.array(w_init, dtype=np.float64).reshape(d)
    bias = bool(c.bias)
    b = float(c.b0) if bias else 0.0
    X = np.array(data.points, dtype=np.float64, order="C")  # writable: one compiled signature
    y = np.array(data.labels, dtype=np.float64)
    yX = y[:, None] * X
    s = _spec_in_rd(c, d)
    # A batch step corrects the mistakes: the threshold rule's at 0 (its replay reads them).
    rule = RULE_CODES["threshold" if s.batch else s.rd_rule]
    order = ORDERS[c.order]
    threshold = s.threshold(c) if s.rd_rule == "threshold" else None
    thr = 0.0 if threshold is None else float(threshold)
    sq = np.zeros(n)
    if rule == 1 and n:
        sq = X[:, 0] * X[:, 0]
        for col in range(1, d):
            sq += X[:, col] * X[:, col]
    G = np.zeros((0, 0))
    if rule == 3:
        if c.kernel == "rbf" and n:
            check_rbf_sigma(X, c.sigma)
        G = gram if gram is not None else kernel_matrix(X, c)
    xm = float(np.abs(X).max()) if n else 0.0
    mu, mv = limits(c, n)
    f0 = np.zeros(n if rule >= 2 else 0)
    errors = _count_np(rule, thr, yX, y, sq, f0, w, b) if n else 0
    with np.errstate(over="ignore", invalid="ignore"):
        start_ok = n == 0 or scores_finite(X.T, w, b, xm)
    return Prepared(
        config=c,
        X=X,
        y=y,
        yX=yX,
        sq=sq,
        G=G,
        rule=rule,
        order=order,
        thr=thr,
        count_errors=s.counts_errors or order == 3,
        xm=xm,
        mu=mu,
        mv=mv,
        w_init=w,
        b_init=b,
        init_errors=errors,
        start_ok=start_ok,
        loop=_loop(int(c.seed)),
    )


def run_state(
    data: Dataset,
    config: TrainConfig,
    w_init: FloatArray | None = None,
    *,
    gram: FloatArray | None = None,
) -> RunState:
    """Run `config` on `data` (any d >= 1) to its end; the raw state of the run.

    `gram` may pass the kernel's Gram matrix already computed (the experiments share it).
    """
    if _spec_in_rd(config, data.dim).batch:
        d = data.dim
        w = np.zeros(d) if w_init is None else np.array(w_init, dtype=np.float64).reshape(d)
        return _batch(data, config, w, float(config.b0) if config.bias else 0.0)
    return run_prepared(prepare(data, config, w_init, gram=gram), int(config.seed))


def run_prepared(p: Prepared, seed: int) -> RunState:
    """One run of a `Prepared` setting with this seed (batch: use `run_state`)."""
    c = p.config
    X, y, yX, sq, G, rule, order, thr = p.X, p.y, p.yX, p.sq, p.G, p.rule, p.order, p.thr
    n, d = X.shape
    w = p.w_init.copy()
    b = p.b_init
    f, g, alpha = start_scores(p)
    mu, mv = p.mu, p.mv
    errors = p.init_errors
    reason = ""
    converged = False
    loop = loop_for(p, seed)
    rows = _Rows(d, min(_ROWS, max(mu, 1)))
    k = v = clean = mistakes = 0
    perm = NO_PERM
    perm_epoch = -1
    if n == 0:
        reason, converged = "converged", True
    elif not p.start_ok:
        reason = "overflow"
    elif order == 3 and errors == 0:
        reason, converged = "converged", True
    nw = np.zeros(d)
    cand = np.zeros(n, np.int64)
    while not reason:
        if k >= mu:
            reason = "update limit"
            break
        if v >= mv:
            reason = "epoch limit"
            break
        if order == 2 and v // n != perm_epoch:
            perm_epoch = v // n
            perm = epoch_permutation(seed, perm_epoch, n)
        oi, ov, ow, ob, oe = rows.out
        b, k, v, clean, mistakes, errors, made, status = loop(
            X, y, yX, sq, G, f, g, alpha if alpha is not None else f, perm, cand, perm_epoch,
            order, rule, thr, float(c.C), bool(c.bias), float(c.eta), p.count_errors, seed,
            p.xm, SAFE, w, nw, b, k, v, clean, mistakes, errors, mu, mv, oi, ov, ow, ob, oe,
        )  # fmt: skip
        rows.keep(made)
        if status == CONVERGED:
            reason, converged = "converged", True
        elif status == OVERFLOW:
            reason = "overflow"
        elif status == BUFFER_FULL:
            rows.new(min(4 * oi.shape[0], 1 << 16))
    if not converged and n and left_to_correct(p, f, w, b) == 0:
        reason, converged = "converged", True
    idx, vis, W, B, E = rows.arrays()
    return RunState(
        w=w,
        b=b,
        k=k,
        v=v,
        mistakes=mistakes,
        stop_reason=reason,
        converged=converged,
        idx=idx,
        visits=vis,
        W=W,
        B=B,
        E=E,
        alpha=alpha,
        init_errors=p.init_errors,
    )


_NONE = np.zeros(0)
#: The order's permutation before a run has drawn one (the loop's argument then).
NO_PERM = np.zeros(0, np.int64)


def start_scores(p: Prepared) -> tuple[FloatArray, FloatArray, FloatArray | None]:
    """The loop's score arrays at a run's start: f (the scores), g and α, zeros for the
    rules that keep them (dual, kernel); two empty arrays and None for the others."""
    n = p.X.shape[0]
    if p.rule >= 2:
        return np.zeros(n), np.zeros(n), np.zeros(n)
    return _NONE, _NONE, None


def left_to_correct(p: Prepared, f: FloatArray, w: FloatArray, b: float) -> int:
    """How many points the rule of `p` would still correct with weights (w, b) (and scores
    f, for the rules that keep them): 0 means converged (the loop's own count, in numpy)."""
    return _count_np(p.rule, p.thr, p.yX, p.y, p.sq, f, w, b)


def _count_np(
    rule: int,
    thr: float,
    yX: FloatArray,
    y: FloatArray,
    sq: FloatArray,
    f: FloatArray,
    w: FloatArray,
    b: float,
) -> int:
    """`_collect`'s count in numpy (the same decisions)."""
    if rule >= 2:
        m = (f + b) * y
    else:
        m = margins_of(yX, y, w, b)
    if rule == 1:
        return int(np.count_nonzero((m < 1.0) & (sq > 0.0)))
    return int(np.count_nonzero(m <= thr))


def pocket_row(r: Any) -> int:
    """The row of the pocket (-1: the initial weights): the first of the fewest errors,
    when they are strictly fewer than the initial weights'."""
    if r.k == 0:
        return -1
    j = int(np.argmin(r.E))
    return j if int(r.E[j]) < r.init_errors else -1


def averaged(r: Any, w_init: FloatArray, b_init: float, bias: bool) -> tuple[FloatArray, float]:
    """``Σ c_j ŵ_j / Σ c_j`` summed in the order of j (`VotedTrainer.averaged`'s bits)."""
    if r.v == 0:
        return w_init.copy(), b_init
    W = np.vstack((w_init[None, :], r.W))
    B = np.concatenate(([b_init], r.B))
    cnt = vote_counts(r.visits, r.v).astype(np.float64)
    keep = cnt > 0
    W, B, cnt = W[keep], B[keep], cnt[keep]
    t = float(r.v)
    aw = np.array([float(np.cumsum(cnt * W[:, col])[-1]) / t for col in range(W.shape[1])])
    ab = float(np.cumsum(cnt * B)[-1]) / t if bias else 0.0
    return aw, ab


def votes(r: Any, w_init: FloatArray, b_init: float) -> tuple[FloatArray, FloatArray, IntArray]:
    """The voted answer's vectors ŵ_j (W, B: row 0 the initial weights) and counts c_j."""
    W = np.vstack((w_init[None, :], r.W))
    B = np.concatenate(([b_init], r.B))
    return W, B, vote_counts(r.visits, r.v)


def answer_model(
    kind: str, r: Any, w_init: FloatArray, b_init: float, bias: bool
) -> LinearModel | VoteModel | None:
    """The answer of run state `r` as `ModeSpec.answer_kind` makes it: "fewest" the
    pocket's weights (`pocket_row`; the initial ones when none had fewer errors),
    "average" the averaged line (`averaged`), "vote" the vote (`votes`); None for ""
    (the answer is the running weights). `r` has the fields of `RunState` these read (k, v,
    W, B, E, visits, init_errors): a whole run, or one cut short by a replay."""
    if kind == "fewest":
        j = pocket_row(r)
        w, b = (w_init, b_init) if j < 0 else (r.W[j], float(r.B[j]))
        return LinearModel(_tup(w), b)
    if kind == "average":
        aw, ab = averaged(r, w_init, b_init, bias)
        return LinearModel(_tup(aw), ab)
    if kind == "vote":
        W, B, cnt = votes(r, w_init, b_init)
        return VoteModel(W, B, cnt.astype(np.float64))
    return None


def kernel_model(data: Dataset, config: TrainConfig, r: Any) -> KernelModel:
    """The answer of a run with no w (`ModeSpec.has_w` False): ``Σ α_j y_j K(x_j, x) + b``
    over the points with α_j > 0, with the run's kernel."""
    c = config
    assert r.alpha is not None
    sup = np.flatnonzero(r.alpha > 0)
    y = np.asarray(data.labels, dtype=np.float64)
    return KernelModel(
        np.array(data.points[sup], dtype=np.float64),
        (r.alpha[sup] * y[sup]).astype(np.float64),
        r.b,
        c.kernel,
        int(c.degree),
        float(c.coef0),
        float(c.sigma),
        index=sup.astype(np.int64),
    )


def _tup(a: FloatArray) -> tuple[float, ...]:
    return tuple(float(x) for x in a)


def run(data: Dataset, config: TrainConfig, w_init: Any = None) -> TrainResult:
    """`train()` in R^d: the run of `config` on `data` to its end, as a `TrainResult`."""
    c = config
    d = data.points.shape[1]
    w0 = np.zeros(d) if w_init is None else np.array(w_init, dtype=np.float64).reshape(d)
    if not _spec_in_rd(c, d).takes_w0 and np.any(w0 != 0.0):
        raise DataError(f"initial weights w0 do not apply to the {c.mode} form")
    return result_of(data, c, run_state(data, c, w0), w0)


def result_of(data: Dataset, config: TrainConfig, r: RunState, w0: FloatArray) -> TrainResult:
    """The `TrainResult` of run state `r` (a whole run, or one cut short by a replay).

    What the answer is made of comes from the mode's registry entry (`ModeSpec.answer_kind`,
    `has_w`, `counts_apart`, `batch`), so a plugin's mode gets the same fields.
    """
    c = config
    n = data.points.shape[0]
    b0 = float(c.b0) if c.bias else 0.0
    s = spec_of(c)
    extra: dict[str, Any] = {}
    if s.answer_kind == "fewest":
        j = pocket_row(r)
        extra["pocket_w"] = _tup(w0 if j < 0 else r.W[j])
        extra["pocket_b"] = b0 if j < 0 else float(r.B[j])
        extra["pocket_errors"] = r.init_errors if j < 0 else int(r.E[j])
    elif s.answer_kind == "average":
        aw, ab = averaged(r, w0, b0, bool(c.bias))
        extra["avg_w"], extra["avg_b"] = _tup(aw), ab
        extra["update_visits"] = r.visits
    elif s.answer_kind == "vote":
        W, B, cnt = votes(r, w0, b0)
        extra["votes"] = [(_tup(W[j]), float(B[j]), int(cnt[j])) for j in range(cnt.shape[0])]
        extra["update_visits"] = r.visits
    if s.counts_apart:
        extra["n_mistakes"] = r.mistakes
    if s.batch:
        extra["batch_sizes"] = r.batch_sizes
        extra["batch_points"] = r.batch_points
    if not s.has_w:
        extra["answer_model"] = kernel_model(data, c, r)
    return TrainResult(
        mode=c.mode,
        order=c.order,
        eta=float(c.eta),
        bias=bool(c.bias),
        n_points=n,
        w=_tup(r.w) if s.has_w else None,
        b=r.b,
        alpha=None if r.alpha is None else r.alpha.copy(),
        updates=r.idx,
        history_w=r.W,
        history_b=r.B,
        converged=r.converged,
        stop_reason=r.stop_reason,
        visits=r.v,
        **extra,
    )


#: Visits (points × epochs) from which `train()` loads the compiled loop (0.4-0.8 s from
#: numba's disk cache) rather than run plain Python (~1-3 µs a visit, more in high d).
JIT_MIN_VISITS = 20_000


def worth_compiling(n: int, config: TrainConfig) -> bool:
    """True unless a limit keeps the job below `JIT_MIN_VISITS` visits (or no numba)."""
    if not fast.available():
        return False
    if fast.forced():
        return True
    if config.max_epochs is not None and n * config.max_epochs < JIT_MIN_VISITS:
        return False
    return not (config.max_updates is not None and n * config.max_updates < JIT_MIN_VISITS)

"""The trainer's inner loop compiled with numba: the same numbers as the numpy path, faster.

The numpy path of `Trainer` costs about 5 µs of Python per update (1.9 s for 10 epochs
of 10⁵ noisy points against 0.025 s for scikit-learn). This module runs the same visits
one point at a time in compiled code, with exactly the operations of the numpy path and
in the same order (see the notes of `perceptron_gui.core.trainer`), so every history
entry has the same bits:

* primal score ``(y x1) w1 + (y x2) w2`` tested against ``(-y) b`` (or 0 when b = 0);
* dual score ``(f_i + b) y_i``, and on an update ``f_j += ((x1_j x1_i + x2_j x2_i) · ηy_i)``;
* the mistakes of new weights (pocket) counted with ``(y x1) w1 + (y x2) w2 (+ y b)``.

No ``fastmath``: LLVM may then neither reassociate nor fuse a multiply-add.

The random order draws ``np.random.default_rng((seed, k, 1)).integers(count)`` before
update k. Making that generator costs 15 µs in numpy, more than the rest of an update,
so `_draw` recomputes the same number in compiled code: numpy's SeedSequence hash of the
three words, PCG64 (128-bit LCG, XSL-RR output) seeded from it, and the bounded integer
of Lemire's method on 32-bit halves that numpy uses for a range below 2^32. A test
compares it with numpy on many (seed, k, count); seeds outside [0, 2^32) keep numpy.

The online modes (averaged, voted, passive-aggressive, margin, kernel) share a second
loop, `_run_online_py`, with the bits of `OnlineTrainer` (a rule code per mode; the
kernel perceptron reads a Gram matrix that numpy built).

What stays in Python: every update whose numbers come near the float64 limit (the
exact overflow checks), the snapshots of the dual and kernel forms, the permutations of
``random-cyclic`` (drawn by numpy, one per epoch, passed in), the online modes' random
order.

numba is imported only by `warm_up`. Its first compile takes about 5 s (2 cores); the
code is cached on disk (``cache=True``), so later processes import and load it in
0.4-0.8 s. Run from a background thread, the warm-up kept another thread waiting for
the GIL at most ~40 ms from the cache and ~130 ms when compiling (measured with a 5 ms
ticker).
Until `ready`, or when numba is missing, or with ``PERCEPTRON_GUI_NO_JIT=1`` in the
environment (read when a Trainer is made), trainers use the numpy path.
"""

from __future__ import annotations

import importlib.util
import math
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# Kernel status codes (what made it return).
AT_TARGET = 0  # the update or visit target of the call was reached
CONVERGED = 1  # a clean pass (or weights with no mistake) was seen
NEEDS_CHECK = 2  # the next update needs the exact overflow check: before its visit
BUFFER_FULL = 3  # the history buffers are full
NEW_EPOCH = 4  # random-cyclic: the next visit is in an epoch with another permutation
SNAPSHOT = 5  # dual: an update made k a multiple of the snapshot stride

ORDER_CODES = {"first": 0, "cyclic": 1, "random-cyclic": 2}

_lock = threading.Lock()
_kernel: Any = None
_random_kernel: Any = None
_online_kernel: Any = None
_draw_compiled: Any = None
_compiled_fresh = False

# numpy's SeedSequence and PCG64 constants (numpy/random/bit_generator.pyx, pcg64.h).
_M32 = np.uint64(0xFFFFFFFF)
_U16 = np.uint64(16)
_U32 = np.uint64(32)
_U58 = np.uint64(58)
_U63 = np.uint64(63)
_U64 = np.uint64(64)
_U0 = np.uint64(0)
_U1 = np.uint64(1)
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_L = np.uint64(0xCA01F9DD)
_MIX_R = np.uint64(0x4973F715)
_PCG_HI = np.uint64(0x2360ED051FC65DA4)
_PCG_LO = np.uint64(0x4385DF649FCCF645)
#: Seeds the compiled random order reproduces (numpy hashes larger ones as more words).
SEED_LIMIT = 1 << 32


def _hashmix(value: Any, h: Any) -> tuple[Any, Any]:
    value = (value ^ h) & _M32
    h = (h * _MULT_A) & _M32
    value = (value * h) & _M32
    value ^= value >> _U16
    return value, h


def _mix(x: Any, y: Any) -> Any:
    r = (_MIX_L * x - _MIX_R * y) & _M32
    return r ^ (r >> _U16)


def _mul128(a: Any, b: Any) -> tuple[Any, Any]:
    """The 128-bit product of two uint64 as (high, low)."""
    a_lo, a_hi = a & _M32, a >> _U32
    b_lo, b_hi = b & _M32, b >> _U32
    p0, p1, p2, p3 = a_lo * b_lo, a_lo * b_hi, a_hi * b_lo, a_hi * b_hi
    mid = (p0 >> _U32) + (p1 & _M32) + (p2 & _M32)
    return p3 + (p1 >> _U32) + (p2 >> _U32) + (mid >> _U32), (p0 & _M32) | (mid << _U32)


def _pcg_step(sh: Any, sl: Any, ih: Any, il: Any) -> tuple[Any, Any]:
    """state * MULT + inc, modulo 2^128, on (high, low) halves."""
    hi, lo = _mul128(sl, _PCG_LO)
    hi = hi + sl * _PCG_HI + sh * _PCG_LO
    lo2 = lo + il
    carry = _U1 if lo2 < lo else _U0
    return hi + ih + carry, lo2


def _pcg_out(sh: Any, sl: Any) -> Any:
    x = sh ^ sl
    r = sh >> _U58
    return (x >> r) | (x << ((_U64 - r) & _U63))


def _draw_py(seed: int, k: int, count: int) -> Any:
    """``np.random.default_rng((seed, k, 1)).integers(count)`` for 0 <= seed, k < 2^32."""
    if count <= 1:
        return np.int64(0)
    # SeedSequence((seed, k, 1)): three 32-bit words hashed into a pool of four.
    words = (np.uint64(seed), np.uint64(k), _U1, _U0)
    h = _INIT_A
    m0, h = _hashmix(words[0], h)
    m1, h = _hashmix(words[1], h)
    m2, h = _hashmix(words[2], h)
    m3, h = _hashmix(words[3], h)
    pool = np.empty(4, np.uint64)
    pool[0], pool[1], pool[2], pool[3] = m0, m1, m2, m3
    for src in range(4):
        for dst in range(4):
            if src != dst:
                hv, h = _hashmix(pool[src], h)
                pool[dst] = _mix(pool[dst], hv)
    # generate_state(4, uint64): eight 32-bit words, little-endian pairs.
    hb = _INIT_B
    st = np.empty(8, np.uint64)
    for j in range(8):
        v = (pool[j % 4] ^ hb) & _M32
        hb = (hb * _MULT_B) & _M32
        v = (v * hb) & _M32
        v ^= v >> _U16
        st[j] = v
    s0 = st[0] | (st[1] << _U32)  # initstate high
    s1 = st[2] | (st[3] << _U32)  # initstate low
    q0 = st[4] | (st[5] << _U32)  # initseq high
    q1 = st[6] | (st[7] << _U32)  # initseq low
    # pcg_setseq_128_srandom_r: inc = initseq << 1 | 1; step; state += initstate; step.
    ih = (q0 << _U1) | (q1 >> _U63)
    il = (q1 << _U1) | _U1
    sh, sl = _pcg_step(_U0, _U0, ih, il)
    lo = sl + s1
    sh = sh + s0 + (_U1 if lo < sl else _U0)
    sl = lo
    sh, sl = _pcg_step(sh, sl, ih, il)
    # integers(count): Lemire's bounded method on 32-bit halves of the 64-bit outputs.
    rng_excl = np.uint64(count)
    threshold = (_M32 - (rng_excl - _U1)) % rng_excl
    half = 0
    out = _U0
    while True:
        if half == 0:
            sh, sl = _pcg_step(sh, sl, ih, il)
            out = _pcg_out(sh, sl)
            r32 = out & _M32
            half = 1
        else:
            r32 = out >> _U32
            half = 0
        m = r32 * rng_excl
        if (m & _M32) >= threshold or (m & _M32) >= rng_excl:
            return np.int64(m >> _U32)


def _run_py(
    x0: Any,
    x1: Any,
    y: Any,
    yx0: Any,
    yx1: Any,
    ny: Any,
    perm: Any,
    perm_epoch: int,
    f: Any,
    alpha: Any,
    order: int,
    dual: bool,
    count_errors: bool,
    bias: bool,
    eta: float,
    xm: float,
    f0max: float,
    safe: float,
    snap_stride: int,
    w0: float,
    w1: float,
    b: float,
    k: int,
    v: int,
    clean: int,
    target_k: int,
    target_v: int,
    out_i: Any,
    out_v: Any,
    out_w0: Any,
    out_w1: Any,
    out_b: Any,
    out_e: Any,
) -> tuple[float, float, float, int, int, int, int, int]:
    """Visit points from state (w, b, k, v, clean) until a status (see the codes above).

    Returns (w0, w1, b, k, v, clean, rows written, status). Compiled by `warm_up`; the
    plain Python function is the same algorithm (slow, but usable to read and debug).
    """
    n = x0.shape[0]
    rows = 0
    cap = out_i.shape[0]
    while True:
        if k >= target_k or v >= target_v:
            return w0, w1, b, k, v, clean, rows, AT_TARGET
        if order == 0:
            i = clean
        elif order == 1:
            i = v % n
        else:
            if v // n != perm_epoch:
                return w0, w1, b, k, v, clean, rows, NEW_EPOCH
            i = perm[v % n]
        if dual:
            bad = (f[i] + b) * y[i] <= 0.0
        else:
            m = yx0[i] * w0 + yx1[i] * w1
            bad = m <= ny[i] * b if b != 0.0 else m <= 0.0
        if bad:
            ey = eta * y[i]
            nw0 = w0 + ey * x0[i]
            nw1 = w1 + ey * x1[i]
            nb = b + ey if bias else b
            # The cheap bounds of Trainer._apply; a NaN or inf fails them too.
            fits = (abs(nw0) + abs(nw1)) * xm + abs(nb) <= safe
            if dual:
                fits = fits and f0max + 2.0 * xm * xm * eta * (k + 1) + abs(nb) <= safe
            if not fits:
                return w0, w1, b, k, v, clean, rows, NEEDS_CHECK
            v += 1
            w0, w1, b = nw0, nw1, nb
            if dual:
                alpha[i] += eta
                xi0 = x0[i]
                xi1 = x1[i]
                for j in range(n):
                    f[j] += (x0[j] * xi0 + x1[j] * xi1) * ey
            errors = 0
            if count_errors:  # the pocket (never the dual)
                errors = _count_bad(0, n, False, yx0, yx1, y, f, w0, w1, b)
            k += 1
            clean = 0
            rows = _put_row(
                out_i, out_v, out_w0, out_w1, out_b, out_e, rows, i, v, w0, w1, b, errors
            )
            if count_errors and errors == 0:
                return w0, w1, b, k, v, clean, rows, CONVERGED
            if dual and k % snap_stride == 0:
                return w0, w1, b, k, v, clean, rows, SNAPSHOT
            if rows == cap:
                return w0, w1, b, k, v, clean, rows, BUFFER_FULL
        else:
            v += 1
            clean += 1
            if clean >= n and clean % n == 0:
                if order != 2:
                    return w0, w1, b, k, v, clean, rows, CONVERGED
                # random-cyclic: the clean run may not have covered every point.
                if _count_bad(0, n, dual, yx0, yx1, y, f, w0, w1, b) == 0:
                    return w0, w1, b, k, v, clean, rows, CONVERGED


def _run_online_py(
    x0: Any,
    x1: Any,
    y: Any,
    yx0: Any,
    yx1: Any,
    sq: Any,
    gram: Any,
    f: Any,
    alpha: Any,
    snap_stride: int,
    perm: Any,
    perm_epoch: int,
    order: int,
    rule: int,
    thr: float,
    C: float,
    bias: bool,
    eta: float,
    xm: float,
    safe: float,
    w0: float,
    w1: float,
    b: float,
    k: int,
    v: int,
    clean: int,
    mistakes: int,
    target_k: int,
    target_v: int,
    out_i: Any,
    out_v: Any,
    out_w0: Any,
    out_w1: Any,
    out_b: Any,
    out_m: Any,
) -> tuple[float, float, float, int, int, int, int, int, int]:
    """The online modes' loop (`OnlineTrainer`): averaged, voted, margin, PA, kernel.

    rule 0 updates ``w += η y x`` when ``y s <= thr`` (thr 0, or the margin perceptron's
    margin); rule 1 is passive-aggressive (``y s < 1`` and ``||x||² = sq > 0``, step
    ``τ = min(C, (1 - y s) / sq)``). The margin is ``((y x1) w1 + (y x2) w2) + y b``, the
    bits of `OnlineTrainer._margins_at`. The votes and the average are read from the
    history afterwards, as on the numpy path. rule 2 is the kernel perceptron: the
    scores f (margin ``(f_i + b) y_i``), α and the Gram matrix (``gram[i]`` is
    `KernelTrainer._column(i)`, the kernel being symmetric to the bit); an update adds
    ``gram[i, j] · ηy_i`` to every f_j once every new ``f_j + b`` is seen finite (a sum
    of ``(f_j + b) · 0``, NaN if one is not, so that the loop vectorises), and returns
    SNAPSHOT when k
    reaches a multiple of `snap_stride`. Returns (w0, w1, b, k, v, clean, mistakes,
    rows written, status).
    """
    n = x0.shape[0]
    rows = 0
    cap = out_i.shape[0]
    while True:
        if k >= target_k or v >= target_v:
            return w0, w1, b, k, v, clean, mistakes, rows, AT_TARGET
        if order == 0:
            i = clean
        elif order == 1:
            i = v % n
        else:
            if v // n != perm_epoch:
                return w0, w1, b, k, v, clean, mistakes, rows, NEW_EPOCH
            i = perm[v % n]
        if rule == 2:
            m = (f[i] + b) * y[i]
        else:
            m = yx0[i] * w0 + yx1[i] * w1 + y[i] * b
        if rule != 1:
            want = m <= thr
            step = eta
        else:
            want = m < 1.0 and sq[i] > 0.0
            t = (1.0 - m) / sq[i] if want else 0.0
            step = t if t < C else C  # Python's min(C, t)
        if want:
            ey = step * y[i]
            nb = b + ey if bias else b
            if rule == 2:
                g = gram[i]
                acc = 0.0
                for j in range(n):
                    acc += ((f[j] + g[j] * ey) + nb) * 0.0
                if not (math.isfinite(nb) and acc == 0.0):  # numpy refuses it: "overflow"
                    return w0, w1, b, k, v, clean, mistakes, rows, NEEDS_CHECK
                for j in range(n):
                    f[j] = f[j] + g[j] * ey
                alpha[i] += eta
            else:
                nw0 = w0 + ey * x0[i]
                nw1 = w1 + ey * x1[i]
                # The cheap bound of `_set_linear` (a NaN or inf fails it too); above it
                # the exact check is the numpy path's.
                if not (abs(nw0) + abs(nw1)) * xm + abs(nb) <= safe:
                    return w0, w1, b, k, v, clean, mistakes, rows, NEEDS_CHECK
                w0, w1 = nw0, nw1
            b = nb
            v += 1
            mistakes += m <= 0.0
            k += 1
            clean = 0
            rows = _put_row(
                out_i, out_v, out_w0, out_w1, out_b, out_m, rows, i, v, w0, w1, b, mistakes
            )
            if rule == 2 and k % snap_stride == 0:
                return w0, w1, b, k, v, clean, mistakes, rows, SNAPSHOT
            if rows == cap:
                return w0, w1, b, k, v, clean, mistakes, rows, BUFFER_FULL
        else:
            v += 1
            clean += 1
            mistakes += m <= 0.0
            if clean >= n and clean % n == 0:
                if order != 2:
                    return w0, w1, b, k, v, clean, mistakes, rows, CONVERGED
                # random-cyclic: converged when no point would be updated.
                wanted = 0
                for j in range(n):
                    if rule == 2:
                        wanted += (f[j] + b) * y[j] <= 0.0
                        continue
                    mj = yx0[j] * w0 + yx1[j] * w1 + y[j] * b
                    if rule == 0:
                        wanted += mj <= thr
                    else:
                        wanted += mj < 1.0 and sq[j] > 0.0
                if wanted == 0:
                    return w0, w1, b, k, v, clean, mistakes, rows, CONVERGED


def _put_row(
    out_i: Any, out_v: Any, out_w0: Any, out_w1: Any, out_b: Any, out_e: Any,
    row: int, i: int, v: int, w0: float, w1: float, b: float, e: int,
) -> int:  # fmt: skip
    """Write one update's history row (point, visit, w, b, count); returns the next row."""
    out_i[row] = i
    out_v[row] = v
    out_w0[row] = w0
    out_w1[row] = w1
    out_b[row] = b
    out_e[row] = e
    return row + 1


# The compiled `_draw_py` once `warm_up` has run (the random kernel calls it by this name).
_draw: Any = _draw_py


def _count_bad(
    lo: int, hi: int, dual: bool, yx0: Any, yx1: Any, y: Any, f: Any, w0: float, w1: float, b: float
) -> int:
    """Mistakes among points lo..hi-1, with the scores of `Trainer.margins`.

    No branch on the outcome, and loops over slices from 0 (an index that may be negative
    would need numba's wraparound test), so the loops vectorise.
    """
    count = 0
    if dual:
        ff, yy = f[lo:hi], y[lo:hi]
        for j in range(ff.shape[0]):
            count += (ff[j] + b) * yy[j] <= 0.0
    elif b != 0.0:
        a0, a1, yy = yx0[lo:hi], yx1[lo:hi], y[lo:hi]
        for j in range(a0.shape[0]):
            count += a0[j] * w0 + a1[j] * w1 + yy[j] * b <= 0.0
    else:
        a0, a1 = yx0[lo:hi], yx1[lo:hi]
        for j in range(a0.shape[0]):
            count += a0[j] * w0 + a1[j] * w1 <= 0.0
    return count


def _nth_bad(
    nth: int, n: int, dual: bool, yx0: Any, yx1: Any, y: Any, f: Any, w0: float, w1: float, b: float
) -> int:
    """The index of the nth (0-based) mistake in index order: `misclassified()[nth]`."""
    seen = 0
    lo = 0
    hi = n
    while lo < n:  # count block by block up to the block that holds it
        hi = min(lo + 512, n)
        c = _count_bad(lo, hi, dual, yx0, yx1, y, f, w0, w1, b)
        if seen + c > nth:
            break
        seen += c
        lo = hi
    for j in range(lo, hi):
        if dual:
            m = (f[j] + b) * y[j]
        else:
            m = yx0[j] * w0 + yx1[j] * w1
            if b != 0.0:
                m += y[j] * b
        if m <= 0.0:
            if seen == nth:
                return j
            seen += 1
    return -1  # not reached: nth < the number of mistakes


def _run_random_py(
    x0: Any,
    x1: Any,
    y: Any,
    yx0: Any,
    yx1: Any,
    f: Any,
    alpha: Any,
    count: int,
    seed: int,
    dual: bool,
    bias: bool,
    eta: float,
    xm: float,
    f0max: float,
    safe: float,
    snap_stride: int,
    w0: float,
    w1: float,
    b: float,
    k: int,
    v: int,
    target_k: int,
    target_v: int,
    out_i: Any,
    out_v: Any,
    out_w0: Any,
    out_w1: Any,
    out_b: Any,
    out_e: Any,
) -> tuple[float, float, float, int, int, int, int]:
    """The random order: a random current mistake per visit, every visit an update.

    `count` is the number of current mistakes (the length of the trainer's
    `misclassified`); the one drawn is found by counting again, which is cheaper than
    keeping the list. Returns (w0, w1, b, k, v, rows, status).
    """
    n = x0.shape[0]
    rows = 0
    cap = out_i.shape[0]
    while True:
        if k >= target_k or v >= target_v:
            return w0, w1, b, k, v, rows, AT_TARGET
        if count == 0:
            return w0, w1, b, k, v, rows, CONVERGED
        i = _nth_bad(_draw(seed, k, count), n, dual, yx0, yx1, y, f, w0, w1, b)
        ey = eta * y[i]
        nw0 = w0 + ey * x0[i]
        nw1 = w1 + ey * x1[i]
        nb = b + ey if bias else b
        fits = (abs(nw0) + abs(nw1)) * xm + abs(nb) <= safe
        if dual:
            fits = fits and f0max + 2.0 * xm * xm * eta * (k + 1) + abs(nb) <= safe
        if not fits:
            return w0, w1, b, k, v, rows, NEEDS_CHECK
        v += 1
        w0, w1, b = nw0, nw1, nb
        if dual:
            alpha[i] += eta
            xi0 = x0[i]
            xi1 = x1[i]
            for j in range(n):
                f[j] += (x0[j] * xi0 + x1[j] * xi1) * ey
        count = _count_bad(0, n, dual, yx0, yx1, y, f, w0, w1, b)
        k += 1
        rows = _put_row(out_i, out_v, out_w0, out_w1, out_b, out_e, rows, i, v, w0, w1, b, count)
        if count == 0:
            return w0, w1, b, k, v, rows, CONVERGED
        if dual and k % snap_stride == 0:
            return w0, w1, b, k, v, rows, SNAPSHOT
        if rows == cap:
            return w0, w1, b, k, v, rows, BUFFER_FULL


def available() -> bool:
    """True when numba can be imported and ``PERCEPTRON_GUI_NO_JIT`` is not set."""
    if os.environ.get("PERCEPTRON_GUI_NO_JIT", "") not in ("", "0"):
        return False
    return importlib.util.find_spec("numba") is not None


def ready() -> bool:
    """True once `warm_up` has compiled (or loaded) the kernel; new trainers then use it."""
    return _kernel is not None


def kernel() -> Any:
    """The compiled kernel when `available` and `ready`, else None (the numpy path)."""
    return _kernel if _kernel is not None and available() else None


def random_kernel() -> Any:
    """The compiled kernel of the random order (same conditions as `kernel`)."""
    return _random_kernel if _random_kernel is not None and available() else None


def online_kernel() -> Any:
    """The compiled loop of the linear online modes (same conditions as `kernel`)."""
    return _online_kernel if _online_kernel is not None and available() else None


def loop_for(order: str, seed: int) -> Any:
    """The compiled loop a new trainer of this order and seed uses now, or None (numpy).

    The random order's compiled generator reproduces numpy's for seeds below 2^32 only.
    """
    if order != "random":
        return kernel()
    return random_kernel() if 0 <= seed < SEED_LIMIT else None


def forced() -> bool:
    """True when ``PERCEPTRON_GUI_JIT=1`` asks every run to use the compiled loop."""
    return os.environ.get("PERCEPTRON_GUI_JIT", "") not in ("", "0")


def run_to_end(trainer: Any, on_slow_compile: Callable[[float], None] | None = None) -> None:
    """Run a trainer to its end, on the compiled loop when the job is big enough to gain.

    What `train()` and the ``perceptron`` command call. Loading numba and the compiled
    loop from its disk cache costs 0.3-0.8 s per process (a first compile ~5 s), the
    numpy path ~1.5 µs per visit. So a job below `JIT_MIN_VISITS` visits (points × the
    epoch limit) or `JIT_MIN_UPDATES` updates (its update limit) stays on numpy; a
    bigger one warms up first; one without an epoch limit runs `JIT_PROBE_VISITS`
    visits on numpy and warms up only if it is not done by then (a 3-point trace never
    loads numba). ``PERCEPTRON_GUI_JIT=1`` warms up for every run;
    ``PERCEPTRON_GUI_NO_JIT=1`` (read when the trainer was made) keeps the numpy path.
    The results are the same bits either way.

    Parameters
    ----------
    trainer
        A fresh or partly run trainer. Trainers without a compiled loop (the kernel
        perceptron, batch, the online modes' random order) simply run.
    on_slow_compile
        Called with the seconds a warm-up took when it compiled (numba's disk cache did
        not have the code) and took more than one second: the command line says so on
        stderr. A load from the cache, however slow, says nothing.
    """
    adopt = getattr(trainer, "use_compiled_loop", None)
    if adopt is None or not getattr(trainer, "has_compiled_loop", True):
        trainer.run()
        return
    if trainer.done or not available():
        trainer.run()
        return
    if not ready():
        if not forced():
            if trainer.max_updates - trainer.k < JIT_MIN_UPDATES:
                trainer.run()  # few updates: the numpy path scans clean visits vectorised
                return
            epochs = trainer.config.max_epochs
            if epochs is not None and trainer.n * epochs < JIT_MIN_VISITS:
                trainer.run()
                return
            if epochs is None:
                trainer.run(max_visits=JIT_PROBE_VISITS)
                if trainer.done or trainer.max_visits - trainer.visits < JIT_MIN_VISITS:
                    trainer.run()
                    return
        t0 = time.perf_counter()
        warm_up()
        took = time.perf_counter() - t0
        if on_slow_compile is not None and took > 1.0 and compiled_fresh():
            on_slow_compile(took)  # a first compile, not a (slow) load from the cache
    adopt()
    trainer.run()


#: Visits below which a job stays on the numpy path (the load of numba costs more).
JIT_MIN_VISITS = 300_000
#: An update limit below which a job stays on the numpy path (~5 µs per update there).
JIT_MIN_UPDATES = 50_000
#: Visits a job without an epoch limit runs on numpy before it is judged big.
JIT_PROBE_VISITS = 20_000


def draw(seed: int, k: int, count: int) -> int:
    """``np.random.default_rng((seed, k, 1)).integers(count)``, compiled (after `warm_up`)."""
    if _draw_compiled is None:
        raise RuntimeError("fast.warm_up() has not compiled the kernels")
    return int(_draw_compiled(seed, k, count))


def warm_up() -> bool:
    """Import numba and compile the kernel (or load it from the disk cache); returns `ready`.

    Safe to call from a background thread (the window does, at start) and more than once.
    Until it has returned, trainers use the numpy path. Returns False when numba is
    missing or disabled, or fails to compile (the numpy path stays).
    """
    global _kernel, _random_kernel, _online_kernel, _draw_compiled
    if not available():
        return False
    with _lock:
        if _kernel is not None:
            return True
        try:
            import numba

            jit = numba.njit(cache=True, nogil=True)
            # The kernels call these by their global names: bind the compiled ones first.
            g = globals()
            for name in (
                "_hashmix", "_mix", "_mul128", "_pcg_step", "_pcg_out", "_count_bad", "_nth_bad",
                "_put_row",
            ):  # fmt: skip
                g[name] = jit(g[name])
            g["_draw"] = draw_fn = jit(_draw_py)
            fn = jit(_run_py)
            rfn = jit(_run_random_py)
            ofn = jit(_run_online_py)
            _call(fn, dual=False)  # compile once for the one signature every call uses
            _call(fn, dual=True)
            _call_random(rfn)
            _call_online(ofn)
            draw_fn(0, 0, 5)
        except Exception:  # noqa: BLE001  (any numba failure: keep the numpy path)
            return False
        _kernel, _random_kernel, _online_kernel, _draw_compiled = fn, rfn, ofn, draw_fn
        global _compiled_fresh
        try:  # numba counts the signatures it could not take from its disk cache
            fns = (fn, rfn, ofn, draw_fn)
            _compiled_fresh = any(sum(f.stats.cache_misses.values()) for f in fns)
        except AttributeError:  # pragma: no cover - another numba: assume a compile
            _compiled_fresh = True
        return True


def compiled_fresh() -> bool:
    """True when `warm_up` compiled (numba's disk cache did not have the code)."""
    return _compiled_fresh


def _call_random(fn: Any) -> None:
    """Run the random kernel on three points with the trainer's argument types."""
    x = np.array([1.0, -1.0, 2.0])
    y = np.array([1.0, -1.0, 1.0])
    ints = np.zeros(4, np.int64)
    floats = np.zeros(4)
    fn(
        x, x.copy(), y, y * x, y * x, np.zeros(3), np.zeros(3), 3, 0, True, True, 1.0, 2.0,
        0.0, 1e300, 16, 0.0, 0.0, 0.0, 0, 0, 4, 100,
        ints, ints.copy(), floats, floats.copy(), floats.copy(), ints.copy(),
    )  # fmt: skip


def _call(fn: Any, *, dual: bool) -> None:
    """Run `fn` on three points with the argument types the trainer passes."""
    x = np.array([1.0, -1.0, 2.0])
    y = np.array([1.0, -1.0, 1.0])
    ints = np.zeros(4, np.int64)
    floats = np.zeros(4)
    fn(
        x, x.copy(), y, y * x, y * x, -y, np.arange(3, dtype=np.int64), 0,
        np.zeros(3), np.zeros(3), 1, dual, True, True, 1.0, 2.0, 0.0, 1e300, 16,
        0.0, 0.0, 0.0, 0, 0, 0, 4, 100,
        ints, ints.copy(), floats, floats.copy(), floats.copy(), ints.copy(),
    )  # fmt: skip


def _call_online(fn: Any) -> None:
    """Run the online modes' loop on three points with the trainer's argument types."""
    x = np.array([1.0, -1.0, 2.0])
    y = np.array([1.0, -1.0, 1.0])
    ints = np.zeros(4, np.int64)
    floats = np.zeros(4)
    fn(
        x, x.copy(), y, y * x, y * x, x * x, np.ones((3, 3)), np.zeros(3), np.zeros(3), 16,
        np.arange(3, dtype=np.int64), 0, 1, 1, 0.0,
        1.0, True, 1.0, 2.0, 1e300, 0.0, 0.0, 0.0, 0, 0, 0, 0, 4, 100,
        ints, ints.copy(), floats, floats.copy(), floats.copy(), ints.copy(),
    )  # fmt: skip

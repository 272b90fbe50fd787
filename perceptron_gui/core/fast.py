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

The blocked scan: between two mistakes a pass is a stream of the same tests, so after
`BLOCK_MIN` clean visits the loops (first and cyclic orders) test a block of the next
points with the current weights in a branch-free loop that vectorises (each lane the
visit's own operations in its order), pass a clean block whole and go on point by point
from a block's first mistake: the same mistakes in the same order, the same floats.

The random order draws ``np.random.default_rng((seed, k, 1)).integers(count)`` before
update k. Making that generator costs 15 µs in numpy, more than the rest of an update,
so `_draw` recomputes the same number in compiled code: numpy's SeedSequence hash of the
three words, PCG64 (128-bit LCG, XSL-RR output) seeded from it, and the bounded integer
of Lemire's method on 32-bit halves that numpy uses for a range below 2^32. A test
compares it with numpy on many (seed, k, count); seeds outside [0, 2^32) keep numpy.

The online modes (averaged, voted, passive-aggressive, margin, kernel, and a plugin's)
run a second loop with the bits of the engine's rule hooks (`engine.Engine`,
`OnlineTrainer` to plugins), compiled once per named `Rule`: a
rule is the compiled twin of a trainer's `_wants_update` and `_scale`, registered with
`register_rule` in the trainer's own module, and `warm_up` compiles the template
`_run_online_py` with that rule's step inlined, into a cache file of its own
(``"threshold"``: averaged, voted, margin and kernel; ``"pa"``). The kernel perceptron's
loop makes the row of the Gram matrix of a point at its first update (`_kernel_row`,
numpy's bits; ~1000 rows of 2000 in a 10⁴-update RBF run, where numpy made all 2000
first). A mode without a rule runs on numpy.

Why three loops and not one per rule. The one trainer (`engine.Engine`) has one numpy
scan for every rule; its compiled twins are three, because the perceptron's rule
(`trainer.Trainer`) asks for what the `Rule` template cannot give without slowing every
rule's inner loop:

* `_run_py` (primal, dual, pocket; orders first, cyclic, random-cyclic). The primal's
  visits are the template's with ``THRESHOLD`` at 0 (the same updates: ``fl(A + c) <= 0``
  exactly when ``A <= -c``), but the dual's scores add a Gram column made from x at each
  update (O(N) memory: the dual runs at 10⁵ points and more), where the template keeps
  the rows of the whole Gram matrix (the kernel's, O(N²), up to 64 MB); its overflow
  bound is the dual's (from the largest initial score, not a row's largest entry); and
  the pocket counts the mistakes of every update's weights (O(N) an update), writes them
  to the history's "errors" column and stops at none. numba compiles one machine loop per
  argument types, not per flag value: these tests would stay in the template's inner
  loop, paid by every rule on every visit.
* `_run_random_py` (the random order of those three modes). No position and no scan:
  every visit is an update on the current mistake numbered `_draw(seed, k, count)`,
  found by counting (`_nth_bad`), with the count of the new weights' mistakes after each
  update. The online rules' random order draws among *their* candidates (a rule's
  `_wants`, not the mistakes) and runs on numpy.
* `_run_online_py`, the template a `Rule` is inlined into (`rule_loop`): the rule's test
  and factor, the mistakes counted apart from the updates, the kernel's Gram rows and the
  snapshot buffers.

What stays in Python: every update whose numbers come near the float64 limit (the
exact overflow checks), the snapshots of the dual and kernel forms, the permutations of
``random-cyclic`` (drawn by numpy, one per epoch, passed in), the online modes' random
order.

numba is imported only by `warm_up`. Its first compile takes about 5-10 s (2 cores;
each online rule's loop about 2.5 s of it, and `run_to_end` compiles only its trainer's
rule); the code is cached on disk (``cache=True``), so later processes import and load
it in 0.4-0.8 s. Run from a background thread, the warm-up
kept another thread waiting for the GIL at most ~40 ms from the cache and ~130 ms when
compiling (measured with a 5 ms ticker).
Until `ready`, or when numba is missing, or with ``PERCEPTRON_GUI_NO_JIT=1`` in the
environment (read when a Trainer is made), trainers use the numpy path. `run_to_end`
(`train()`, the command line) decides when a process loads it: once loaded, always; a
job that would gain loads it in the background for the next calls (`load_in_background`).
"""

from __future__ import annotations

import gc
import importlib.util
import inspect
import math
import os
import pickle
import sys
import threading
import time
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

# Kernel status codes (what made it return).
AT_TARGET = 0  # the update or visit target of the call was reached
CONVERGED = 1  # a clean pass (or weights with no mistake) was seen
NEEDS_CHECK = 2  # the next update needs the exact overflow check: before its visit
BUFFER_FULL = 3  # the history buffers are full
NEW_EPOCH = 4  # random-cyclic: the next visit is in an epoch with another permutation
SNAPSHOT = 5  # dual: an update made k a multiple of the snapshot stride
NEEDS_ROW = 6  # kernel: the next update's point has no Gram row the loop may make: before its visit

ORDER_CODES = {"first": 0, "cyclic": 1, "random-cyclic": 2}

_lock = threading.Lock()
_kernel: Any = None
_random_kernel: Any = None
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

    The perceptron's rule (`trainer.Trainer`: primal, dual with `dual`, pocket with
    `count_errors`) in the orders first (0), cyclic (1) and random-cyclic (2); why it is
    not the `Rule` template `_run_online_py`: the module's notes, "Why three loops".
    Returns (w0, w1, b, k, v, clean, rows written, status). Compiled by `warm_up`; the
    plain Python function is the same algorithm (slow, but usable to read and debug).
    """
    n = x0.shape[0]
    rows = 0
    cap = out_i.shape[0]
    bmin = BLOCK_MIN  # the clean run from which a block is tested
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
            # The cheap bounds of Trainer._apply (Engine._scores_finite, Trainer._dual_fits);
            # a NaN or inf fails them too.
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
            elif clean >= bmin and order != 2:
                # The blocked scan (on a clean visit only: an update pays nothing for it):
                # test a block of the next points with the current weights (each point's
                # own test, the bits of a visit), pass a clean block whole, and go on
                # point by point from the block's first mistake.
                lo = clean if order == 0 else v % n
                span = min(clean, BLOCK_MAX, target_v - v, n - clean % n, n - lo)
                if span > 1:
                    if _block_bad(lo, lo + span, dual, yx0, yx1, ny, y, f, w0, w1, b) == 0:
                        v += span
                        clean += span
                        bmin = BLOCK_MIN
                        if clean % n == 0:  # a clean pass (not in the random-cyclic order)
                            return w0, w1, b, k, v, clean, rows, CONVERGED
                    else:
                        # A block that held a mistake: the next one starts after a longer
                        # clean run (noisy data pay little for blocks that rarely pass).
                        bmin = min(2 * bmin, 8 * BLOCK_MIN)
                        skip = _first_bad(lo, lo + span, dual, yx0, yx1, ny, y, f, w0, w1, b)
                        v += skip - lo
                        clean += skip - lo


def _run_online_py(
    x0: Any,
    x1: Any,
    y: Any,
    yx0: Any,
    yx1: Any,
    aux: Any,
    p: Any,
    gram: Any,
    rowmax: Any,
    kp: Any,
    f: Any,
    alpha: Any,
    kern: bool,
    snap_stride: int,
    snap_f: Any,
    snap_a: Any,
    perm: Any,
    perm_epoch: int,
    order: int,
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
    out_s: Any,
) -> tuple[float, float, float, int, int, int, int, int, int]:
    """The online modes' loop (`OnlineTrainer`), the template of every `Rule`'s kernel.

    `rule_loop` makes one compiled copy of it per rule, with ``_wants`` and ``_scale`` the
    rule's step: a visit with margin m on point i updates when ``_wants(m, aux[i], p)``,
    by ``s = _scale(m, aux[i], eta, p)``: ``w += (s y) x``, ``b += s y`` (bias on). `aux`
    holds one number per point and `p` the run's numbers, both the trainer's
    (`OnlineTrainer._fast_aux`, `_fast_params`); each update's history row gets its
    factor ``s y`` in `out_s` (the history keeps it, unchecked: these are the very
    operations that made the row's weights, `History.extend`). The margin is
    ``((y x1) w1 + (y x2) w2) + y b``, the bits of `OnlineTrainer._margins_at`. The votes
    and the average are read from the history afterwards, as on the numpy path.

    With `kern` (the kernel perceptron) the scores are f (margin ``(f_i + b) y_i``), α and
    the rows of the Gram matrix made so far (``gram[i]`` where ``rowmax[i] >= 0``, the
    largest ``|gram[i, j]|``: the row is `KernelTrainer._score_column(i)`, the kernel
    being symmetric to the bit); the first update on a point makes its row
    (`_kernel_row`, the kernel `kp`), or, with ``kp[0] == NUMPY_ROWS``, returns NEEDS_ROW
    before that visit for the caller to make it. An update adds ``gram[i, j] · s y_i`` to every
    f_j once every new ``f_j + b`` is known finite (else NEEDS_CHECK: numpy refuses it,
    "overflow"): from a bound on ``|f_j|`` kept along, far below the limit, else by
    looking at each. When k reaches a multiple of
    `snap_stride` the loop copies f and α into the next row of `snap_f` and `snap_a`
    (the caller keeps them as snapshots: the rows it reads are those of the multiples
    of the stride passed) and returns SNAPSHOT once those are full.
    Returns (w0, w1, b, k, v, clean, mistakes, rows written, status).
    """
    n = x0.shape[0]
    rows = 0
    cap = out_i.shape[0]
    snaps = 0  # rows of snap_f and snap_a written
    fmax = _abs_max(f)  # a bound on every |f_j| (kern)
    bmin = BLOCK_MIN  # the clean run from which a block is tested (see `_run_py`)
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
        if kern:
            m = (f[i] + b) * y[i]
        else:
            m = yx0[i] * w0 + yx1[i] * w1 + y[i] * b
        if _wants(m, aux[i], p):
            ey = _scale(m, aux[i], eta, p) * y[i]
            nb = b + ey if bias else b
            if kern:
                if rowmax[i] < 0.0:
                    if kp[0] == NUMPY_ROWS:  # rows not numpy's bits here: numpy makes it
                        return w0, w1, b, k, v, clean, mistakes, rows, NEEDS_ROW
                    _kernel_row(gram, rowmax, i, x0, x1, kp)
                g = gram[i]
                # |f_j| <= fmax and |g_j| <= rowmax[i]: far below the float64 limit, every
                # new score f_j + b is finite; near it (or NaN), each is looked at.
                bound = fmax + rowmax[i] * abs(ey)
                if not bound + abs(nb) <= safe:
                    bad = 0  # (a count, not a float sum: the loop vectorises)
                    for j in range(n):
                        bad += not abs((f[j] + g[j] * ey) + nb) <= _FLOAT_MAX
                    if bad or not math.isfinite(nb):  # numpy refuses it: "overflow"
                        return w0, w1, b, k, v, clean, mistakes, rows, NEEDS_CHECK
                for j in range(n):
                    f[j] = f[j] + g[j] * ey
                fmax = bound if bound <= safe else _abs_max(f)
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
            mistakes += int(m <= 0.0)  # (a Python int on the plain-Python path)
            k += 1
            clean = 0
            out_s[rows] = ey
            rows = _put_row(
                out_i, out_v, out_w0, out_w1, out_b, out_m, rows, i, v, w0, w1, b, mistakes
            )
            if kern and k % snap_stride == 0:
                snap_f[snaps] = f
                snap_a[snaps] = alpha
                snaps += 1
                if snaps == snap_f.shape[0]:
                    return w0, w1, b, k, v, clean, mistakes, rows, SNAPSHOT
            if rows == cap:
                return w0, w1, b, k, v, clean, mistakes, rows, BUFFER_FULL
        else:
            v += 1
            clean += 1
            mistakes += int(m <= 0.0)  # (a Python int on the plain-Python path)
            if clean >= n and clean % n == 0:
                if order != 2:
                    return w0, w1, b, k, v, clean, mistakes, rows, CONVERGED
                # random-cyclic: converged when no point would be updated.
                wanted = 0
                for j in range(n):
                    if kern:
                        mj = (f[j] + b) * y[j]
                    else:
                        mj = yx0[j] * w0 + yx1[j] * w1 + y[j] * b
                    wanted += _wants(mj, aux[j], p)
                if wanted == 0:
                    return w0, w1, b, k, v, clean, mistakes, rows, CONVERGED
            elif clean >= bmin and order != 2:
                # The blocked scan (as in `_run_py`): a block's margins with the current
                # weights, each with the bits of its visit; a block with no update is passed
                # whole (its mistakes counted), else the loop resumes at its first update.
                lo = clean if order == 0 else v % n
                span = min(clean, BLOCK_MAX, target_v - v, n - clean % n, n - lo)
                if span > 1:
                    hi = lo + span
                    wanted = 0
                    nonpos = 0
                    if kern:
                        fb, yb, ab = f[lo:hi], y[lo:hi], aux[lo:hi]
                        for j in range(span):
                            mj = (fb[j] + b) * yb[j]
                            wanted += _wants(mj, ab[j], p)
                            nonpos += int(mj <= 0.0)
                    else:
                        a0, a1, yb, ab = yx0[lo:hi], yx1[lo:hi], y[lo:hi], aux[lo:hi]
                        for j in range(span):
                            mj = a0[j] * w0 + a1[j] * w1 + yb[j] * b
                            wanted += _wants(mj, ab[j], p)
                            nonpos += int(mj <= 0.0)
                    if wanted == 0:
                        v += span
                        clean += span
                        mistakes += nonpos
                        bmin = BLOCK_MIN
                        if clean % n == 0:  # a clean pass (not in the random-cyclic order)
                            return w0, w1, b, k, v, clean, mistakes, rows, CONVERGED
                        continue
                    bmin = min(2 * bmin, 8 * BLOCK_MIN)  # as in `_run_py`
                    j = lo
                    while True:  # the block's first update; the visits before it are clean
                        if kern:
                            mj = (f[j] + b) * y[j]
                        else:
                            mj = yx0[j] * w0 + yx1[j] * w1 + y[j] * b
                        if _wants(mj, aux[j], p):
                            break
                        mistakes += int(mj <= 0.0)
                        j += 1
                    v += j - lo
                    clean += j - lo


def _wants(m: float, a: float, p: Any) -> bool:
    """A rule's test (bound per rule in its kernel's namespace by `rule_loop`)."""
    raise NotImplementedError("the template's step: use rule_loop(rule)")


def _scale(m: float, a: float, eta: float, p: Any) -> float:
    """A rule's step factor (bound per rule in its kernel's namespace by `rule_loop`)."""
    raise NotImplementedError("the template's step: use rule_loop(rule)")


_FLOAT_MAX = sys.float_info.max

#: The kernels of `_kernel_row` (``kp[0]``).
KERNEL_CODES = {"linear": 0.0, "poly": 1.0, "rbf": 2.0}
#: The rbf kernel's code when its rows use the inlined exp (`_exp_row`, see `kernel_code`).
RBF_TABLE_EXP = 3.0
#: The code in `kp` when the loop may not make rows (`kernel_rows_exact` is False for the
#: kernel): it returns NEEDS_ROW at an update on a point without one, and the caller makes
#: the row with numpy (`KernelTrainer._make_rows`).
NUMPY_ROWS = -1.0


def _kernel_row(gram: Any, rowmax: Any, i: int, x0: Any, x1: Any, kp: Any) -> None:
    """Row i of the Gram matrix into ``gram[i]``, ``K(x_i, x_j)``, and its largest
    magnitude into ``rowmax[i]`` (inf when some entry is NaN; an rbf row's is 1).

    `kp` is (`kernel_code` of the kernel, degree, coef0, sigma). Each entry with the
    operations of `model.kernel_block` in its order, so its bits: "linear"
    ``x1 z1 + x2 z2``; "poly" that ``+ coef0`` raised by `model.int_power`'s squarings;
    "rbf" ``exp((((x1 - z1)/σ)² + ((x2 - z2)/σ)²) · -0.5)``, whose exp is glibc's steps
    inlined (`_exp_row`, code `RBF_TABLE_EXP`) where they give numpy's bits, else the C
    library's, as numpy's is on a CPU without AVX-512 (`kernel_rows_exact` checks each kernel;
    where it is not, the caller passes the whole Gram matrix made by numpy). (Copying
    the entries ``K(x_j, x_i)`` of the rows made before, the same bits, would save a
    quarter of the exps but read a column across the matrix: 3x slower at N = 2000.)
    """
    n = x0.shape[0]
    code = kp[0]
    row = gram[i]
    a0 = x0[i]
    a1 = x1[i]
    if code >= 2.0:
        sigma = kp[3]
        for j in range(n):
            d = (a0 - x0[j]) / sigma
            e = (a1 - x1[j]) / sigma
            row[j] = (d * d + e * e) * -0.5
        if code == RBF_TABLE_EXP:
            _exp_row(row)
        else:
            for j in range(n):
                row[j] = math.exp(row[j])
        rowmax[i] = 1.0  # exp of a number <= 0 (or NaN: never, the squares are >= 0)
    else:
        for j in range(n):
            row[j] = a0 * x0[j] + a1 * x1[j]
        degree = int(kp[1])
        if code == 1.0:
            coef0 = kp[2]
            for j in range(n):
                base = row[j] + coef0
                if degree != 1:
                    a = 1.0
                    d = degree
                    while d:
                        if d & 1:
                            a *= base
                        d >>= 1
                        if d:
                            base *= base
                    base = a
                row[j] = base
        rowmax[i] = _abs_max(row)


# numpy's float64 exp, compiled. On x86-64 without AVX-512F numpy's exp is the C library's;
# glibc's (2.28 and later, from Arm's optimized-routines) on a CPU with FMA is `__exp_fma`:
# exp(x) = 2^(k/128) · exp(r), a 128-entry table and a degree-5 polynomial, with these
# constants and fused multiply-adds in this order (read from its machine code). Inlined in
# the compiled loop it costs a third of a call to the library's. `exp_exact` compares it
# with numpy once a process; where it differs (another C library, no FMA, AVX-512),
# the rows call the library's exp (`kernel_code`).
# The table and the constants are Arm's optimized-routines' (math/exp_data.c, licensed
# MIT OR Apache-2.0 WITH LLVM-exception), which glibc ships as `__exp_data`.
_EXP_INVLN2N = float.fromhex("0x1.71547652b82fep+7")  # 128 / ln 2
_EXP_NEGLN2HIN = float.fromhex("-0x1.62e42fefa0000p-8")  # -ln 2 / 128, high part
_EXP_NEGLN2LON = float.fromhex("-0x1.cf79abc9e3b3ap-47")  # its low part
_EXP_C2 = float.fromhex("0x1.ffffffffffdbdp-2")
_EXP_C3 = float.fromhex("0x1.555555555543cp-3")
_EXP_C4 = float.fromhex("0x1.55555cf172b91p-5")
_EXP_C5 = float.fromhex("0x1.1111167a4d017p-7")
_EXP_SHIFT = float.fromhex("0x1.8p52")
_EXP_2P1009 = float.fromhex("0x1p1009")
_EXP_2M1022 = float.fromhex("0x1p-1022")
_U45 = np.uint64(45)
_U52 = np.uint64(52)
_U0X7F = np.uint64(0x7F)
_U0X7FF = np.uint64(0x7FF)
_U0X3C9 = np.uint64(0x3C9)
_U0X3E = np.uint64(0x3E)
_U2 = np.uint64(2)
_U_K_NEG = np.uint64(0x80000000)
_U_1009 = np.uint64(1009 << 52)
_U_1022 = np.uint64(1022 << 52)
#: The table: for k = 0..127, the bits of 2^(k/128)'s rounding error ("tail") and of its
#: double less k << 45 (glibc's ``__exp_data.tab``).
# fmt: off
_EXP_TAB = np.array(
    [
    0x0000000000000000, 0x3ff0000000000000, 0x3c9b3b4f1a88bf6e, 0x3feff63da9fb3335,
    0xbc7160139cd8dc5d, 0x3fefec9a3e778061, 0xbc905e7a108766d1, 0x3fefe315e86e7f85,
    0x3c8cd2523567f613, 0x3fefd9b0d3158574, 0xbc8bce8023f98efa, 0x3fefd06b29ddf6de,
    0x3c60f74e61e6c861, 0x3fefc74518759bc8, 0x3c90a3e45b33d399, 0x3fefbe3ecac6f383,
    0x3c979aa65d837b6d, 0x3fefb5586cf9890f, 0x3c8eb51a92fdeffc, 0x3fefac922b7247f7,
    0x3c3ebe3d702f9cd1, 0x3fefa3ec32d3d1a2, 0xbc6a033489906e0b, 0x3fef9b66affed31b,
    0xbc9556522a2fbd0e, 0x3fef9301d0125b51, 0xbc5080ef8c4eea55, 0x3fef8abdc06c31cc,
    0xbc91c923b9d5f416, 0x3fef829aaea92de0, 0x3c80d3e3e95c55af, 0x3fef7a98c8a58e51,
    0xbc801b15eaa59348, 0x3fef72b83c7d517b, 0xbc8f1ff055de323d, 0x3fef6af9388c8dea,
    0x3c8b898c3f1353bf, 0x3fef635beb6fcb75, 0xbc96d99c7611eb26, 0x3fef5be084045cd4,
    0x3c9aecf73e3a2f60, 0x3fef54873168b9aa, 0xbc8fe782cb86389d, 0x3fef4d5022fcd91d,
    0x3c8a6f4144a6c38d, 0x3fef463b88628cd6, 0x3c807a05b0e4047d, 0x3fef3f49917ddc96,
    0x3c968efde3a8a894, 0x3fef387a6e756238, 0x3c875e18f274487d, 0x3fef31ce4fb2a63f,
    0x3c80472b981fe7f2, 0x3fef2b4565e27cdd, 0xbc96b87b3f71085e, 0x3fef24dfe1f56381,
    0x3c82f7e16d09ab31, 0x3fef1e9df51fdee1, 0xbc3d219b1a6fbffa, 0x3fef187fd0dad990,
    0x3c8b3782720c0ab4, 0x3fef1285a6e4030b, 0x3c6e149289cecb8f, 0x3fef0cafa93e2f56,
    0x3c834d754db0abb6, 0x3fef06fe0a31b715, 0x3c864201e2ac744c, 0x3fef0170fc4cd831,
    0x3c8fdd395dd3f84a, 0x3feefc08b26416ff, 0xbc86a3803b8e5b04, 0x3feef6c55f929ff1,
    0xbc924aedcc4b5068, 0x3feef1a7373aa9cb, 0xbc9907f81b512d8e, 0x3feeecae6d05d866,
    0xbc71d1e83e9436d2, 0x3feee7db34e59ff7, 0xbc991919b3ce1b15, 0x3feee32dc313a8e5,
    0x3c859f48a72a4c6d, 0x3feedea64c123422, 0xbc9312607a28698a, 0x3feeda4504ac801c,
    0xbc58a78f4817895b, 0x3feed60a21f72e2a, 0xbc7c2c9b67499a1b, 0x3feed1f5d950a897,
    0x3c4363ed60c2ac11, 0x3feece086061892d, 0x3c9666093b0664ef, 0x3feeca41ed1d0057,
    0x3c6ecce1daa10379, 0x3feec6a2b5c13cd0, 0x3c93ff8e3f0f1230, 0x3feec32af0d7d3de,
    0x3c7690cebb7aafb0, 0x3feebfdad5362a27, 0x3c931dbdeb54e077, 0x3feebcb299fddd0d,
    0xbc8f94340071a38e, 0x3feeb9b2769d2ca7, 0xbc87deccdc93a349, 0x3feeb6daa2cf6642,
    0xbc78dec6bd0f385f, 0x3feeb42b569d4f82, 0xbc861246ec7b5cf6, 0x3feeb1a4ca5d920f,
    0x3c93350518fdd78e, 0x3feeaf4736b527da, 0x3c7b98b72f8a9b05, 0x3feead12d497c7fd,
    0x3c9063e1e21c5409, 0x3feeab07dd485429, 0x3c34c7855019c6ea, 0x3feea9268a5946b7,
    0x3c9432e62b64c035, 0x3feea76f15ad2148, 0xbc8ce44a6199769f, 0x3feea5e1b976dc09,
    0xbc8c33c53bef4da8, 0x3feea47eb03a5585, 0xbc845378892be9ae, 0x3feea34634ccc320,
    0xbc93cedd78565858, 0x3feea23882552225, 0x3c5710aa807e1964, 0x3feea155d44ca973,
    0xbc93b3efbf5e2228, 0x3feea09e667f3bcd, 0xbc6a12ad8734b982, 0x3feea012750bdabf,
    0xbc6367efb86da9ee, 0x3fee9fb23c651a2f, 0xbc80dc3d54e08851, 0x3fee9f7df9519484,
    0xbc781f647e5a3ecf, 0x3fee9f75e8ec5f74, 0xbc86ee4ac08b7db0, 0x3fee9f9a48a58174,
    0xbc8619321e55e68a, 0x3fee9feb564267c9, 0x3c909ccb5e09d4d3, 0x3feea0694fde5d3f,
    0xbc7b32dcb94da51d, 0x3feea11473eb0187, 0x3c94ecfd5467c06b, 0x3feea1ed0130c132,
    0x3c65ebe1abd66c55, 0x3feea2f336cf4e62, 0xbc88a1c52fb3cf42, 0x3feea427543e1a12,
    0xbc9369b6f13b3734, 0x3feea589994cce13, 0xbc805e843a19ff1e, 0x3feea71a4623c7ad,
    0xbc94d450d872576e, 0x3feea8d99b4492ed, 0x3c90ad675b0e8a00, 0x3feeaac7d98a6699,
    0x3c8db72fc1f0eab4, 0x3feeace5422aa0db, 0xbc65b6609cc5e7ff, 0x3feeaf3216b5448c,
    0x3c7bf68359f35f44, 0x3feeb1ae99157736, 0xbc93091fa71e3d83, 0x3feeb45b0b91ffc6,
    0xbc5da9b88b6c1e29, 0x3feeb737b0cdc5e5, 0xbc6c23f97c90b959, 0x3feeba44cbc8520f,
    0xbc92434322f4f9aa, 0x3feebd829fde4e50, 0xbc85ca6cd7668e4b, 0x3feec0f170ca07ba,
    0x3c71affc2b91ce27, 0x3feec49182a3f090, 0x3c6dd235e10a73bb, 0x3feec86319e32323,
    0xbc87c50422622263, 0x3feecc667b5de565, 0x3c8b1c86e3e231d5, 0x3feed09bec4a2d33,
    0xbc91bbd1d3bcbb15, 0x3feed503b23e255d, 0x3c90cc319cee31d2, 0x3feed99e1330b358,
    0x3c8469846e735ab3, 0x3feede6b5579fdbf, 0xbc82dfcd978e9db4, 0x3feee36bbfd3f37a,
    0x3c8c1a7792cb3387, 0x3feee89f995ad3ad, 0xbc907b8f4ad1d9fa, 0x3feeee07298db666,
    0xbc55c3d956dcaeba, 0x3feef3a2b84f15fb, 0xbc90a40e3da6f640, 0x3feef9728de5593a,
    0xbc68d6f438ad9334, 0x3feeff76f2fb5e47, 0xbc91eee26b588a35, 0x3fef05b030a1064a,
    0x3c74ffd70a5fddcd, 0x3fef0c1e904bc1d2, 0xbc91bdfbfa9298ac, 0x3fef12c25bd71e09,
    0x3c736eae30af0cb3, 0x3fef199bdd85529c, 0x3c8ee3325c9ffd94, 0x3fef20ab5fffd07a,
    0x3c84e08fd10959ac, 0x3fef27f12e57d14b, 0x3c63cdaf384e1a67, 0x3fef2f6d9406e7b5,
    0x3c676b2c6c921968, 0x3fef3720dcef9069, 0xbc808a1883ccb5d2, 0x3fef3f0b555dc3fa,
    0xbc8fad5d3ffffa6f, 0x3fef472d4a07897c, 0xbc900dae3875a949, 0x3fef4f87080d89f2,
    0x3c74a385a63d07a7, 0x3fef5818dcfba487, 0xbc82919e2040220f, 0x3fef60e316c98398,
    0x3c8e5a50d5c192ac, 0x3fef69e603db3285, 0x3c843a59ac016b4b, 0x3fef7321f301b460,
    0xbc82d52107b43e1f, 0x3fef7c97337b9b5f, 0xbc892ab93b470dc9, 0x3fef864614f5a129,
    0x3c74b604603a88d3, 0x3fef902ee78b3ff6, 0x3c83c5ec519d7271, 0x3fef9a51fbc74c83,
    0xbc8ff7128fd391f0, 0x3fefa4afa2a490da, 0xbc8dae98e223747d, 0x3fefaf482d8e67f1,
    0x3c8ec3bc41aa2008, 0x3fefba1bee615a27, 0x3c842b94c3a9eb32, 0x3fefc52b376bba97,
    0x3c8a64a931d185ee, 0x3fefd0765b6e4540, 0xbc8e37bae43be3ed, 0x3fefdbfdad9cbe14,
    0x3c77893b4d91cd9d, 0x3fefe7c1819e90d8, 0x3c5305c14160cc89, 0x3feff3c22b8f71f1,
    ],
    dtype=np.uint64,
)
# fmt: on


def _fma(a: float, b: float, c: float) -> float:
    """``a · b + c`` rounded once (compiled: LLVM's fma, one instruction with FMA)."""
    if not (math.isfinite(a) and math.isfinite(b) and math.isfinite(c)):
        return a * b + c
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _f2u(x: float) -> Any:
    """The bits of a float64 as a uint64 (compiled: a bitcast)."""
    return np.float64(x).view(np.uint64)


def _u2f(u: Any) -> float:
    """The float64 of these bits (compiled: a bitcast)."""
    return float(np.uint64(u).view(np.float64))


def _exp_steps(x: float) -> tuple[Any, Any, float]:
    """`__exp_fma`'s steps for x: k's bits ``ki``, the scale's bits 2^(k/128) ``sbits``
    and ``tmp``, exp(x) being ``scale + scale · tmp`` (rounded once) where it does not
    overflow or go subnormal (`_exp_special` finishes those)."""
    kd = _fma(x, _EXP_INVLN2N, _EXP_SHIFT)
    ki = _f2u(kd)
    kd = kd - _EXP_SHIFT
    r = _fma(kd, _EXP_NEGLN2LON, _fma(kd, _EXP_NEGLN2HIN, x))
    idx = _U2 * (ki & _U0X7F)
    p23 = _fma(r, _EXP_C3, _EXP_C2)
    t = r + _u2f(_EXP_TAB[idx])
    sbits = _EXP_TAB[idx + _U1] + (ki << _U45)
    r2 = r * r
    tmp = _fma(r2 * r2, _fma(r, _EXP_C5, _EXP_C4), _fma(p23, r2, t))
    return ki, sbits, tmp


def _exp_special(x: float, u: Any, abstop: Any) -> float:
    """`_exp_row`'s exp of x outside 2^-54 <= |x| < 512 (u its bits, abstop its exponent)."""
    if abstop < _U0X3C9:  # tiny |x| (and 0)
        return x + 1.0
    if abstop >= np.uint64(0x409):  # |x| >= 1024, inf, NaN
        if x == -math.inf:
            return 0.0
        if abstop == _U0X7FF:
            return x + 1.0
        return 0.0 if x < 0.0 else math.inf
    # 512 <= |x| < 1024: the usual steps, then the scale's exponent in two parts.
    ki, sbits, tmp = _exp_steps(x)
    if (ki & _U_K_NEG) == _U0:  # k > 0
        scale = _u2f(sbits - _U_1009)
        return _fma(scale, tmp, scale) * _EXP_2P1009
    scale = _u2f(sbits + _U_1022)  # k < 0: rounded once in the subnormal range
    st = tmp * scale
    y = scale + st
    if 1.0 > y:
        hi = y + 1.0
        lo = (scale - y) + st
        y = (((1.0 - hi) + y) + lo) + hi - 1.0
        if y == 0.0:
            y = 0.0
    return y * _EXP_2M1022


def _exp_row(row: Any) -> None:
    """``row[j] = exp(row[j])`` in place, with glibc's `__exp_fma`'s steps (see above)."""
    for j in range(row.shape[0]):
        x = row[j]
        u = _f2u(x)
        abstop = (u >> _U52) & _U0X7FF
        if abstop - _U0X3C9 > _U0X3E:  # (unsigned: below 2^-54 too)
            row[j] = _exp_special(x, u, abstop)
            continue
        _, sbits, tmp = _exp_steps(x)
        scale = _u2f(sbits)
        row[j] = _fma(scale, tmp, scale)


def _intrinsics(numba: Any) -> dict[str, Any]:
    """`_fma`, `_f2u` and `_u2f` as numba intrinsics (LLVM's fma and bitcasts)."""
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba.core import types as nt
    from numba.core.extending import intrinsic

    @intrinsic
    def fma(typingctx: Any, a: Any, b: Any, c: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.fma(*args)

        return nt.float64(nt.float64, nt.float64, nt.float64), codegen

    @intrinsic
    def f2u(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.bitcast(args[0], ir.IntType(64))

        return nt.uint64(nt.float64), codegen

    @intrinsic
    def u2f(typingctx: Any, u: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.bitcast(args[0], ir.DoubleType())

        return nt.float64(nt.uint64), codegen

    return {"_fma": fma, "_f2u": f2u, "_u2f": u2f}


def _abs_max(a: Any) -> float:
    """The largest ``|a_j|`` (0 when empty), inf when some a_j is NaN."""
    top = 0.0
    nan = 0
    for j in range(a.shape[0]):
        m = abs(a[j])
        nan += m != m
        top = m if m > top else top
    return math.inf if nan else top


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


#: Clean visits since the last update from which the compiled loops scan by blocks
#: (after a block that held a mistake, twice as many, up to 8 times this; a clean block
#: brings it back).
BLOCK_MIN = 16
#: The longest block: a block is as long as the clean run before it, up to this.
BLOCK_MAX = 4096


def _block_bad(
    lo: int, hi: int, dual: bool, yx0: Any, yx1: Any, ny: Any, y: Any, f: Any,
    w0: float, w1: float, b: float,
) -> int:  # fmt: skip
    """Mistakes among points lo..hi-1 by the visit's own test in `_run_py` (its bits).

    Branch-free loops over slices, so that they vectorise: each lane makes the same
    multiplications and additions in the same order as a visit (no fastmath, so no
    fused multiply-add), and the block's outcome is that of its visits one by one.
    """
    count = 0
    if dual:
        ff, yy = f[lo:hi], y[lo:hi]
        for j in range(ff.shape[0]):
            count += (ff[j] + b) * yy[j] <= 0.0
    elif b != 0.0:
        a0, a1, nn = yx0[lo:hi], yx1[lo:hi], ny[lo:hi]
        for j in range(a0.shape[0]):
            count += a0[j] * w0 + a1[j] * w1 <= nn[j] * b
    else:
        a0, a1 = yx0[lo:hi], yx1[lo:hi]
        for j in range(a0.shape[0]):
            count += a0[j] * w0 + a1[j] * w1 <= 0.0
    return count


def _first_bad(
    lo: int, hi: int, dual: bool, yx0: Any, yx1: Any, ny: Any, y: Any, f: Any,
    w0: float, w1: float, b: float,
) -> int:  # fmt: skip
    """The first point of lo..hi-1 that `_block_bad` counts (hi when none)."""
    for j in range(lo, hi):
        if dual:
            bad = (f[j] + b) * y[j] <= 0.0
        else:
            m = yx0[j] * w0 + yx1[j] * w1
            bad = m <= ny[j] * b if b != 0.0 else m <= 0.0
        if bad:
            return j
    return hi


def _count_bad(
    lo: int, hi: int, dual: bool, yx0: Any, yx1: Any, y: Any, f: Any, w0: float, w1: float, b: float
) -> int:
    """Mistakes among points lo..hi-1, with the scores of `Engine.margins`.

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

    The perceptron's rule only (primal, dual, pocket): see the module's notes, "Why
    three loops".

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


@dataclass(frozen=True, eq=False)
class Rule:
    """A compiled step of the online loop, by name: the twins of a trainer's
    `_wants_update` and `_scale` that `rule_loop` compiles into a loop of its own.

    Register one with `register_rule` in the module of its trainer, and name it in the
    trainer's ``_compiled_rule``. Both functions are plain Python that numba compiles
    (floats, comparisons, ``math``, indexing `p`), and must do the numpy path's
    operations in the same order: the compiled run has the same bits or it is wrong.

    Attributes
    ----------
    name
        The rule's name: ``perceptron trace --verbose`` prints it, and the compiled
        loop's cache file carries it.
    wants
        ``wants(m, a, p) -> bool``: does a visit with margin ``m = y f`` update, on a
        point whose own number is ``a`` (the trainer's `_fast_aux`, one per point, such
        as ‖x‖²)? ``p`` is the run's float64 array (the trainer's `_fast_params`).
    scale
        ``scale(m, a, eta, p) -> float``: that update's factor s, ``w += (s y) x``,
        ``b += s y``.
    """

    name: str
    wants: Callable[..., bool]
    scale: Callable[..., float]


#: The registered rules by name (`register_rule`); `warm_up` compiles every one.
RULES: dict[str, Rule] = {}
_rule_loops: dict[str, Any] = {}  # name -> its compiled loop
#: Why a rule has no compiled loop (a numba error), by name: it runs on numpy.
RULE_PROBLEMS: dict[str, str] = {}


def register_rule(name: str, wants: Callable[..., bool], scale: Callable[..., float]) -> Rule:
    """Register a compiled step under `name` and return it (for ``_compiled_rule``).

    A name taken by other functions is refused (`ValueError`), unless they come from the
    same module (that module was loaded again).
    """
    if not name.isidentifier():
        raise ValueError(f"a rule's name is an identifier, not {name!r}")
    old = RULES.get(name)
    if old is not None and (old.wants, old.scale) != (wants, scale):
        if getattr(old.wants, "__module__", None) != getattr(wants, "__module__", None):
            raise ValueError(f"the compiled rule {name!r} is registered already")
        _rule_loops.pop(name, None)
    if old is not None and (old.wants, old.scale) == (wants, scale):
        return old
    RULES[name] = rule = Rule(name, wants, scale)
    return rule


def rule_loop(rule: Rule) -> Any:
    """The compiled loop of `rule` once `warm_up` has made it, else None (the numpy path)."""
    fn = _rule_loops.get(rule.name)
    return fn if fn is not None and RULES.get(rule.name) is rule and available() else None


def _source_digest(*fns: Callable[..., Any]) -> str | None:
    """A digest of the source files of fns (None: no source, so no disk cache).

    numba's cache of a loop checks the loop's own file only, not the steps it calls: the
    digest goes into the loop's name, so that a changed step is compiled anew.
    """
    import hashlib  # (here: not loaded by a start that never compiles the loops)

    h = hashlib.sha256()
    for fn in fns:
        try:
            path = inspect.getsourcefile(getattr(fn, "py_func", fn))
            if path is None:
                return None
            h.update(Path(path).read_bytes())
        except (OSError, TypeError):
            return None
    return h.hexdigest()[:12]


def _compile_rule(rule: Rule, numba: Any) -> tuple[Any, bool]:
    """`_run_online_py` compiled with this rule's step; returns (loop, compiled fresh).

    Called by `warm_up` under the lock, after the helpers' names were bound to their
    compiled versions (the copy of the loop reads them from a copy of this namespace).
    """
    digest = _source_digest(rule.wants, rule.scale)
    jit = numba.njit(cache=digest is not None, nogil=True)
    ns: dict[str, Any] = dict(globals())
    ns["_wants"] = jit(getattr(rule.wants, "py_func", rule.wants))
    ns["_scale"] = jit(getattr(rule.scale, "py_func", rule.scale))
    py = _run_online_py
    clone = types.FunctionType(py.__code__, ns, py.__name__, py.__defaults__)
    clone.__module__ = py.__module__
    # The cache file's name: one per rule and per version of its step's source.
    clone.__qualname__ = f"{py.__qualname__}_{rule.name}_{digest or 'nocache'}"
    fn = jit(clone)
    fn.compile(tuple(numba.typeof(a) for a in _online_args()))
    try:
        fresh = bool(sum(fn.stats.cache_misses.values())) or digest is None
    except AttributeError:  # pragma: no cover - another numba: assume a compile
        fresh = True
    return fn, fresh


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


def run_to_end(
    trainer: Any,
    on_slow_compile: Callable[[float], None] | None = None,
    *,
    background: bool = False,
) -> str:
    """Run a trainer to its end, on the compiled loop once it is loaded or worth loading.

    What `train()` and the ``perceptron`` command call. A process learns once: when the
    compiled loop is loaded (`ready`, and the trainer's rule), every run uses it, whatever
    its size. Before that, loading numba and the loop from its disk cache costs 0.3-0.8 s
    (a first compile ~5-10 s), the numpy path ~1.5-5 µs per visit, so:

    * a job of at least `JIT_MIN_VISITS` visits (points × the epoch limit) and
      `JIT_MIN_UPDATES` updates (its update limit) loads the loop first and waits for it
      when numba's disk cache holds it (`cache_warm`), or when `background` is off (the
      command line, a process that runs once: a first compile is announced through
      `on_slow_compile`); one without an epoch limit runs `JIT_PROBE_VISITS` visits on
      numpy and is judged by what is left;
    * with `background` (`train()`, in a process that may call again), a job that would
      gain (at least `JIT_BACKGROUND_VISITS` visits and updates, or once the process has
      spent `JIT_BACKGROUND_SECONDS` in such runs on numpy) runs on numpy, then starts
      the load in a background thread (`load_in_background`: after the run, as the
      load's imports would share the GIL with it), for the next calls; a job that starts
      while a load is under way runs on numpy in slices of `JIT_SLICE_VISITS` visits and
      moves to the compiled loop as soon as it is loaded (a big job with a cold disk
      cache starts the load at once and does so too);
    * a smaller job stays on numpy (a 3-point trace never loads numba).

    ``PERCEPTRON_GUI_JIT=1`` loads the loop for every run (and waits);
    ``PERCEPTRON_GUI_NO_JIT=1`` (read when the trainer was made) keeps the numpy path.
    The results are the same bits either way.

    Parameters
    ----------
    trainer
        A fresh or partly run trainer. Trainers without a compiled loop (batch, a mode
        without a compiled `Rule`, the online modes' random order) simply run.
    on_slow_compile
        Called with the seconds a warm-up took when it compiled (numba's disk cache did
        not have the code) and took more than one second: the command line says so on
        stderr. A load from the cache, however slow, says nothing.
    background
        Whether a job may start a background load and go on without it (see above).

    Returns
    -------
    str
        Which loop ran and why (``perceptron trace --verbose`` prints it).
    """
    global _numpy_seconds
    adopt = getattr(trainer, "use_compiled_loop", None)
    rule: Rule | None = getattr(trainer, "compiled_rule", None)
    if adopt is None:
        trainer.run()
        return "numpy: this mode has no compiled loop"
    if not getattr(trainer, "has_compiled_loop", True):
        trainer.run()
        if rule is None:
            return "numpy: this mode has no compiled step (no fast.Rule: docs/plugins.md)"
        return "numpy: no compiled loop for this order or size"
    named = f" (rule {rule.name!r})" if rule is not None else ""
    if trainer.done:
        trainer.run()
        return "none: the run had ended"
    if not available():
        trainer.run()
        return "numpy: numba is not installed, or PERCEPTRON_GUI_NO_JIT is set"
    rules = () if rule is None else (rule,)
    if not loaded(rule):
        small = f"numpy: a small job (loading the compiled loop{named} costs more than it saves)"
        if not forced():
            visits, updates = _job_size(trainer)
            if visits is None:  # no epoch limit: a probe on numpy first
                t0 = time.perf_counter()
                trainer.run(max_visits=JIT_PROBE_VISITS)
                _numpy_seconds += time.perf_counter() - t0
                visits = trainer.max_visits - trainer.visits
                if trainer.done:
                    return small
            big = visits >= JIT_MIN_VISITS and updates >= JIT_MIN_UPDATES
            gains = visits >= JIT_BACKGROUND_VISITS and updates >= JIT_BACKGROUND_VISITS
            loading = _loading
            if big and background and loading is None and not cache_warm(rules):
                loading = load_in_background(rules)  # a compile: seconds, beside the run
            if loading is not None and not (gains and _loading_warm):
                # numpy until the load ends (a compile, or a small job), then compiled.
                if _run_until_loaded(trainer, rule):
                    return f"compiled{named}: loaded in the background during the run"
                return f"numpy: the compiled loop{named} was loading in the background"
            if loading is not None:
                loading.join()  # a load from the disk cache: this job is worth the wait
            elif not big:
                t0 = time.perf_counter()
                trainer.run()
                _numpy_seconds += time.perf_counter() - t0
                if background and (gains or _numpy_seconds >= JIT_BACKGROUND_SECONDS):
                    # After the run, not during it: the load would share the GIL with it.
                    if load_in_background(rules) is not None:
                        return small + "; loading it in the background for the next runs"
                return small
        if not loaded(rule):
            t0 = time.perf_counter()
            warm_up(rules)
            took = time.perf_counter() - t0
            if on_slow_compile is not None and took > 1.0 and compiled_fresh():
                on_slow_compile(took)  # a first compile, not a (slow) load from the cache
    if not adopt():
        trainer.run()
        why = RULE_PROBLEMS.get(rule.name, "") if rule is not None else ""
        return f"numpy: the compiled loop{named} failed to load" + (f" ({why})" if why else "")
    trainer.run()
    return f"compiled{named}"


def _job_size(trainer: Any) -> tuple[int | None, int]:
    """(visits, updates) left to the trainer's limits (visits None: no epoch limit)."""
    updates = int(trainer.max_updates - trainer.k)
    epochs = trainer.config.max_epochs
    if epochs is None:
        return None, updates
    return int(trainer.n * epochs - trainer.visits), updates


def _run_until_loaded(trainer: Any, rule: Rule | None) -> bool:
    """Run on numpy in slices until the background load ends, then on the compiled loop.

    Returns True when the compiled loop took over before the end (the same bits).
    """
    global _numpy_seconds
    t0 = time.perf_counter()
    try:
        while not trainer.done:
            if _loading is None or loaded(rule):
                if loaded(rule) and trainer.use_compiled_loop():
                    _numpy_seconds += time.perf_counter() - t0
                    t0 = time.perf_counter()
                    trainer.run()
                    return True
                trainer.run()  # the load failed: numpy to the end
                return False
            trainer.run(max_visits=JIT_SLICE_VISITS)
    finally:
        _numpy_seconds += time.perf_counter() - t0
    return False


def loaded(rule: Rule | None = None) -> bool:
    """True when the compiled loops are loaded in this process (with `rule`'s, if given)."""
    return ready() and (rule is None or rule.name in _rule_loops)


#: The background load under way (`load_in_background`), None when there is none.
_loading: threading.Thread | None = None
_loading_lock = threading.Lock()
_loading_warm = False  # whether that load reads numba's disk cache (not a compile)
#: Seconds the process has spent in `run_to_end` on numpy while the loop was not loaded.
_numpy_seconds = 0.0


def load_in_background(rules: Iterable[Rule] = ()) -> threading.Thread | None:
    """Start `warm_up` of the plane's loops and `rules` in a daemon thread.

    Returns the thread (None when numba is not available, the loops are loaded already,
    or a load is under way). Runs started meanwhile use numpy; `run_to_end` moves a
    running job to the compiled loop when the load ends.
    """
    global _loading, _loading_warm
    wanted = tuple(rules)
    if not available() or all(loaded(r) for r in (*wanted, None)):
        return None
    with _loading_lock:
        if _loading is not None:
            return None
        _loading_warm = cache_warm(wanted)

        def work() -> None:
            global _loading
            try:
                if warm_up(wanted) and wanted:
                    # An online rule's loop holds the kernel rows: their once-a-process
                    # checks here, not in the next call (its time 51-102 -> ~25 ms).
                    kernel_rows_exact()
                # numba's import leaves ~10^5 new objects for the cyclic collector: its
                # first full pass over them (~80 ms) ran in whichever call came next (a
                # voted call's list of votes: 92 -> 18 ms as the second call). Here, in
                # the load's own time.
                gc.collect()
            finally:
                _loading = None

        _loading = threading.Thread(target=work, name="perceptron-gui fast.warm_up", daemon=True)
        _loading.start()
        return _loading


def cache_warm(rules: Iterable[Rule] = ()) -> bool:
    """True when numba's disk cache seems to hold the compiled loops (and `rules`').

    A guess without importing numba (~1 ms): each loop's index file (``*.nbi``) is where
    numba keeps it (``NUMBA_CACHE_DIR``, else the source's ``__pycache__`` or the user's
    cache), written by the installed numba, and not older than this module's source, or
    older but stamped with its source's SHA-256 (numba 0.68's stamp: a source file touched
    but unchanged, by a checkout, is still the code numba loads).
    """
    import hashlib

    try:
        src = Path(__file__).resolve()
        stamp = src.stat().st_mtime
        from importlib.metadata import version

        numba_version = version("numba")
    except Exception:  # noqa: BLE001  (no source, no numba: no cache to trust)
        return False
    names = [f"{_run_py.__qualname__}-{_run_py.__code__.co_firstlineno}"]
    line = _run_online_py.__code__.co_firstlineno
    for rule in rules:
        digest = _source_digest(rule.wants, rule.scale)
        if digest is None:
            return False
        names.append(f"{_run_online_py.__qualname__}_{rule.name}_{digest}-{line}")
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    sub = f"{src.parent.name}_{hashlib.sha1(str(src.parent).encode()).hexdigest()}"
    if os.environ.get("NUMBA_CACHE_DIR"):  # numba then keeps its cache there only
        dirs = [Path(os.environ["NUMBA_CACHE_DIR"]) / sub]
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        dirs = [src.parent / "__pycache__", Path(xdg) / "numba" / sub]
    source_sha: list[bytes] = []  # (the source's SHA-256, read once when asked for)
    for name in names:
        for d in dirs:
            index = d / f"{src.stem}.{name}.{tag}.nbi"
            try:
                with index.open("rb") as fh:
                    if pickle.load(fh) != numba_version:
                        continue
                    if index.stat().st_mtime >= stamp:
                        break
                    # Older than the source's file: numba (0.68 here) stamps an index with
                    # the source's SHA-256, which its pickle holds as the 32 bytes they are.
                    if not source_sha:
                        source_sha.append(hashlib.sha256(src.read_bytes()).digest())
                    if source_sha[0] in fh.read():
                        break
            except Exception:  # noqa: BLE001  (missing, unreadable: not this one)
                continue
        else:
            return False
    return True


#: Visits below which a job stays on the numpy path (the load of numba costs more).
JIT_MIN_VISITS = 300_000
#: An update limit below which a job stays on the numpy path (~5 µs per update there).
JIT_MIN_UPDATES = 50_000
#: Visits a job without an epoch limit runs on numpy before it is judged big.
JIT_PROBE_VISITS = 20_000
#: Visits (and updates) from which a job of `train()` starts a background load.
JIT_BACKGROUND_VISITS = 20_000
#: Seconds on numpy after which a process's next job starts a background load anyway
#: (the compiled loop takes a tenth of that or less). Measured, not guessed from the
#: job's size: a kernel update costs N kernel entries on numpy (a 10⁴-update RBF job on
#: 2000 points is 0.16 s on an AMD EPYC with AVX-512, 0.29 s on the earlier machine),
#: so at 0.25 s the faster CPU's first two such calls ran on numpy and its third waited
#: for the load (157 and 750 ms, against 7 ms compiled).
JIT_BACKGROUND_SECONDS = 0.1
#: Visits per slice of a numpy run that waits for a background load to end.
JIT_SLICE_VISITS = 10_000


def draw(seed: int, k: int, count: int) -> int:
    """``np.random.default_rng((seed, k, 1)).integers(count)``, compiled (after `warm_up`)."""
    if _draw_compiled is None:
        raise RuntimeError("fast.warm_up() has not compiled the kernels")
    return int(_draw_compiled(seed, k, count))


_rows_exact: dict[str, bool] | None = None  # by kernel (`kernel_rows_exact`)
_exp_exact: bool | None = None


def exp_exact() -> bool:
    """True when the inlined exp (`_exp_row`) gives numpy's bits (after `warm_up`; checked
    once per process: ~10 ms, 70 ms with `_exp_row`'s load from numba's cache, ~0.8 s when
    numba compiles it; the window's background load makes it, `Controller.warm_up_in_background`).

    It is glibc's `__exp_fma` step for step, so it is numpy's exp wherever numpy calls
    that (x86-64 with FMA, without AVX-512F, glibc 2.28 or later); elsewhere it may round
    some numbers the other way, which these find: every exponent from 2^-1074 to 2^11 of
    both signs with 16 mantissas each, 2^15 numbers spread over [-746, 0] (every entry of
    the table many times), the rbf rows' own range near 0, and 0, ±inf, NaN, subnormals,
    the edges 2^-54, 512, 1024 and the underflow near -745.13.
    """
    global _exp_exact
    if _exp_exact is None:
        if _kernel is None:
            return False
        rng = np.random.default_rng(20261129)
        exps = np.arange(-1074.0, 12.0)
        mant = rng.random((exps.shape[0], 16)) + 1.0
        grid = (np.ldexp(mant, exps[:, None].astype(np.int64) - 1)).ravel()
        edges = np.array([
            0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 2.0**-54, -(2.0**-54),
            -(2.0**-55), 512.0, -512.0, 1024.0, -1024.0, -745.1332191019411,
            -745.1332191019412, -708.3964185322641, -708.4, 709.782712893384, 709.79,
        ])  # fmt: skip
        x = np.concatenate((
            grid, -grid, -rng.random(1 << 15) * 746.0, -rng.random(1 << 13) * 40.0,
            -np.exp(rng.uniform(-80.0, 0.0, 1 << 12)), edges,
            np.nextafter(edges, math.inf), np.nextafter(edges, -math.inf),
        ))  # fmt: skip
        got = x.copy()
        try:
            _exp_row(got)
        except Exception:  # noqa: BLE001  (numba could not compile it: the library's exp)
            _exp_exact = False
            return False
        with np.errstate(all="ignore"):
            ref = np.exp(x)
        _exp_exact = got.tobytes() == ref.tobytes()
    return _exp_exact


def kernel_code(kernel: str) -> float:
    """The kernel's code in the compiled rows' `kp`: `KERNEL_CODES`, but
    `RBF_TABLE_EXP` for "rbf" where the inlined exp gives numpy's bits (`exp_exact`)."""
    if kernel == "rbf" and exp_exact():
        return RBF_TABLE_EXP
    return KERNEL_CODES[kernel]


def kernel_rows_exact(kernel: str | None = None) -> bool:
    """True when the compiled `_kernel_row` gives `model.kernel_block`'s bits for this
    kernel ("linear", "poly" or "rbf"; None: for all three) (after `warm_up`; checked once
    per process, ~2 ms).

    Linear and polynomial entries are sums and products in the same order, so the same
    bits wherever both run without fused multiply-adds (numba, without fastmath, makes
    none). An rbf entry calls exp: numpy's float64 exp is the C library's on a CPU
    without AVX-512F (numpy's own vector exp otherwise, which rounds some numbers the
    other way); the compiled rows use the C library's steps inlined where they agree
    with numpy (`kernel_code`), else its call. This compares them on rows of 160 points
    spread from 1e-9 to 1e300 apart and on exact ties, at several widths, kernel by
    kernel; where one entry of a kernel differs, the kernel perceptron hands the loop the
    whole Gram matrix made by numpy for that kernel (so on a CPU with AVX-512, rbf's rows
    come from numpy and the polynomial's from the loop).
    """
    global _rows_exact
    if _rows_exact is None:
        if _kernel is None:
            return False
        from perceptron_gui.core.model import kernel_block

        rng = np.random.default_rng(20261128)
        scales = np.repeat(10.0 ** np.arange(-9.0, 301.0, 20.0), 10)
        P = rng.normal(size=(scales.shape[0], 2)) * scales[:, None]
        P = np.concatenate((P, rng.normal(size=(10, 2)), P[:5]))  # near ties and ties
        x0, x1 = P[:, 0].copy(), P[:, 1].copy()
        n = P.shape[0]
        exact = dict.fromkeys(KERNEL_CODES, True)
        for kern, degree, coef0, sigma in (
            ("rbf", 2, 1.0, 0.5), ("rbf", 2, 1.0, 1e-3), ("rbf", 2, 1.0, 37.0),
            ("linear", 1, 0.0, 1.0), ("poly", 3, 0.5, 1.0), ("poly", 6, 1.0, 1.0),
        ):  # fmt: skip
            if not exact[kern]:
                continue
            with np.errstate(all="ignore"):  # inf and NaN entries compared too
                ref = kernel_block(P, P, kern, degree, coef0, sigma)
            gram = np.zeros((n, n))
            rowmax = np.full(n, -1.0)
            kp = np.array([kernel_code(kern), degree, coef0, sigma])
            try:
                for i in range(n):
                    _kernel_row(gram, rowmax, i, x0, x1, kp)
            except Exception:  # noqa: BLE001  (numba could not compile it: numpy's matrix)
                exact = dict.fromkeys(KERNEL_CODES, False)
                break
            exact[kern] = gram.tobytes() == ref.tobytes()
        _rows_exact = exact
    return all(_rows_exact.values()) if kernel is None else _rows_exact[kernel]


def warm_up(rules: Iterable[Rule] | None = None) -> bool:
    """Import numba and compile the kernels (or load them from the disk cache); returns `ready`.

    `rules`: the online rules to compile too (default: every registered one; `run_to_end`
    names the one its trainer needs). Safe to call from a background thread (the window
    does, at start) and more than once. Until it has returned, trainers use the numpy
    path. Returns False when numba is missing or disabled, or fails to compile (the
    numpy path stays); a rule that fails to compile is noted in `RULE_PROBLEMS` and runs
    on numpy.
    """
    global _kernel, _random_kernel, _draw_compiled, _compiled_fresh
    if not available():
        return False
    with _lock:
        fresh = False
        if _kernel is None:
            try:
                import numba

                jit = numba.njit(cache=True, nogil=True)
                # The kernels call these by their global names: bind the compiled ones first.
                g = globals()
                g.update(_intrinsics(numba))
                for name in (
                    "_hashmix", "_mix", "_mul128", "_pcg_step", "_pcg_out", "_count_bad",
                    "_nth_bad", "_put_row", "_block_bad", "_first_bad", "_kernel_row",
                    "_abs_max", "_exp_steps", "_exp_special", "_exp_row",
                ):  # fmt: skip
                    g[name] = jit(g[name])
                g["_draw"] = draw_fn = jit(_draw_py)
                fn = jit(_run_py)
                rfn = jit(_run_random_py)
                _call(fn, dual=False)  # compile once for the one signature every call uses
                _call(fn, dual=True)
                _call_random(rfn)
                draw_fn(0, 0, 5)
            except Exception:  # noqa: BLE001  (any numba failure: keep the numpy path)
                return False
            _kernel, _random_kernel, _draw_compiled = fn, rfn, draw_fn
            try:  # numba counts the signatures it could not take from its disk cache
                fresh = any(sum(f.stats.cache_misses.values()) for f in (fn, rfn, draw_fn))
            except AttributeError:  # pragma: no cover - another numba: assume a compile
                fresh = True
        wanted = list(RULES.values()) if rules is None else list(rules)
        for rule in wanted:
            if rule.name in _rule_loops or rule.name in RULE_PROBLEMS:
                continue
            try:
                import numba

                _rule_loops[rule.name], rule_fresh = _compile_rule(rule, numba)
            except Exception as exc:  # noqa: BLE001  (this rule runs on numpy)
                RULE_PROBLEMS[rule.name] = f"{type(exc).__name__}: {exc}".splitlines()[0]
                continue
            fresh = fresh or rule_fresh
        _compiled_fresh = fresh
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


def _online_args() -> tuple[Any, ...]:
    """Arguments of the types `OnlineTrainer._fast_call` passes, on three points."""
    x = np.array([1.0, -1.0, 2.0])
    y = np.array([1.0, -1.0, 1.0])
    ints = np.zeros(4, np.int64)
    floats = np.zeros(4)
    return (
        x, x.copy(), y, y * x, y * x, x * x, np.zeros(1), np.ones((3, 3)), np.ones(3),
        np.array([2.0, 2.0, 1.0, 1.0]), np.zeros(3), np.zeros(3), True, 16, np.zeros((1, 3)),
        np.zeros((1, 3)), np.arange(3, dtype=np.int64), 0, 1, True, 1.0, 2.0, 1e300,
        0.0, 0.0, 0.0, 0, 0, 0, 0, 4, 100,
        ints, ints.copy(), floats, floats.copy(), floats.copy(), ints.copy(), floats.copy(),
    )  # fmt: skip

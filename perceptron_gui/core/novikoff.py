"""The Novikoff bound, computed exactly with Wolfe's min-norm-point algorithm.

With the bias on, the perceptron works on augmented vectors ``x̂_i = (x_i, 1)``
(without it, ``x̂_i = x_i``). Novikoff's theorem bounds the number of updates
from ``ŵ = 0`` by ``(D/γ)²`` with

- ``D = max_i ||x̂_i||``,
- ``γ = max_{||û|| = 1} min_i y_i û·x̂_i``, which is the distance from the origin
  to the convex hull of the points ``z_i = y_i x̂_i`` (``γ > 0`` exactly when the
  data are linearly separable), the nearest hull point ``p*`` giving the best
  direction ``û* = p*/||p*||``.

How the numbers are made exact
------------------------------
Wolfe's algorithm keeps a "corral" of at most ``d + 1`` hull vertices
and repeatedly adds the vertex ``z_j`` minimising ``z_j·p``. Here the corral (its
affine minimiser, its weights, ``p``) is kept in exact rational arithmetic
(`fractions.Fraction`; its Gram matrix, the solve and ``p`` in Python integers over
one common denominator, so that even 65 points in 64 dimensions are cheap), while
the O(N) search for the next vertex is one vectorised float scan of ``Z @ p`` on a
copy of ``Z`` scaled by a power of two (exact, so huge and tiny coordinates neither
overflow nor underflow). Every float score comes with
a rigorous error bound; only the points whose score cannot be told from the
best one in floats (ties: the corral itself, duplicates, points exactly on the
supporting plane) are re-scored exactly, in integer arithmetic. The algorithm
therefore runs the exact Wolfe iteration: it is finite, the origin is reported
to be in the hull only when an exact convex combination shows it, and a
separable verdict comes
with an exact certificate (``z_i·p* >= ||p*||² > 0`` for every i). ``γ²`` and
``D²`` are exact rationals; ``γ``, ``D`` and the bound ``D²/γ²`` are rounded
once to float (relative error about 1e-16), however small ``γ/D`` is.

Limitations
-----------
- Points whose float score ties with the best one (the corral itself,
  duplicates, points exactly on the optimal supporting plane) are re-scored
  exactly with Python integers through numpy object arrays: cheap for the
  usual handful, about 0.1 s when 10^5 distinct points lie exactly on the
  supporting plane (a contrived case).
- ``(D/γ)²`` can exceed the largest float only for contrived inputs (γ/D below
  about 1e-154, e.g. coordinates near 1e150 mixed with 1e-300); the bound is
  then reported as ``sys.float_info.max`` (a lower bound of the true value),
  never as inf. Likewise a separable γ below the smallest positive float is
  reported as that smallest float (5e-324), never as 0.

Slices for the event loop
-------------------------
`iter_novikoff` and `iter_best_line_margin` are generators that do the same
work as `novikoff` and `best_line_margin` (which simply exhaust them) and yield
None between slices of it: between Wolfe's major iterations, and between
chunks of ``_CHUNK`` rows of every O(N) pass, so that a GUI can run them from
a timer without freezing. Chunking changes no result: every O(N) pass
is row-wise (or a max/argmin), and the answer is exact anyway.

Memory
------
The scan's scaled copy and its row norms are the only N-sized arrays kept: the rows
``z_i`` (and the classes' points of `best_line_margin`) are made from the data set when
read, and a scan keeps its extreme row, not its N scores and error bounds (the rare
exact re-scoring makes them again, a chunk at a time: the same floats). At N = 10^6 with
the bias on that is ~32 MB, not the ~80 MB of stored rows, squared norms, scores and
bounds before.
"""

from __future__ import annotations

import math
import operator
import sys
from collections.abc import Generator, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar, cast

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.slices import exhaust

FloatArray = npt.NDArray[np.float64]
Vec = tuple[Fraction, ...]

_EPS = float(np.finfo(np.float64).eps)
# Absolute part of the float error bound: covers underflow in products of
# scaled values (each at most 1 in size), a few multiples of 2**-1074.
_TINY = 1e-315
# A corral of d + 1 affinely independent points spans R^d; Wolfe's iteration is
# finite, this only guards against a bug turning into a hang.
_MAX_MAJOR = 100_000
# Rows per slice of an O(N) pass: ~3 ms of numpy each (with the fresh memory's page
# faults), so that the window's task slices stay near their 4 ms budget at N = 10^6.
_CHUNK = 1 << 16

__all__ = ["Bound", "iter_novikoff", "novikoff"]

_T = TypeVar("_T")
#: A computation cut into slices: yields None between them, returns the result.
_Slices = Generator[None, None, _T]


# ---------------------------------------------------------------------------
# exact helpers


def _dot(u: Sequence[Fraction], v: Sequence[Fraction]) -> Fraction:
    return sum((a * b for a, b in zip(u, v, strict=True)), Fraction(0))


def _frac_row(row: FloatArray) -> Vec:
    return tuple(Fraction(float(v)) for v in row)


def _scaled_float(q: Fraction, k: int) -> float:
    """``float(q * 2**k)``, correctly rounded (Python's int/int division is)."""
    n, d = q.numerator, q.denominator
    if k >= 0:
        return (n << k) / d
    return n / (d << -k)


def _unit_scale(p: Vec) -> int:
    """k such that the largest |coordinate| of ``p * 2**k`` is within a factor 4 of 1."""
    e = max(c.numerator.bit_length() - c.denominator.bit_length() for c in p if c != 0)
    return -e


def _sqrt(q: Fraction) -> float:
    """``sqrt(q)`` for a rational ``q >= 0``, with about 64 correct bits before rounding."""
    if q <= 0:
        return 0.0
    n, d = q.numerator, q.denominator
    # Choose an even shift 2s so that n * 4**s / d has about 130 bits; its
    # integer square root then has about 65.
    s = (130 - (n.bit_length() - d.bit_length())) // 2
    r = math.isqrt((n << 2 * s) // d) if s >= 0 else math.isqrt(n // (d << -2 * s))
    return math.ldexp(float(r), -s)


def _integer_rows(S: list[Vec]) -> tuple[list[list[int]], int]:
    """S times the least common denominator L of its coordinates (Python ints), and L.

    The corral's points are floats made exact (dyadic rationals): their Gram matrix and
    combinations are then integer arithmetic, which at d = 64 costs a small part of
    what the same sums of `Fraction`s cost (each of their steps reduces by a gcd)."""
    L = 1
    for s in S:
        L = math.lcm(L, *(c.denominator for c in s))
    return [[c.numerator * (L // c.denominator) for c in s] for s in S], L


def _idot(u: Sequence[int], v: Sequence[int]) -> int:
    return sum(map(operator.mul, u, v))


def _solve(G: list[list[int]], r: list[int]) -> list[Fraction]:
    """Solve ``G x = r`` exactly for an integer, nonsingular ``G`` (up to d + 1 rows).

    Bareiss's fraction-free elimination keeps every entry an integer (each division is
    exact); its last pivot ``D`` is ``±det G``, so ``D x`` is an integer vector, found by
    back substitution in integers. The unique solution: the same `Fraction`s as any
    exact method gives."""
    m = len(r)
    A = [row[:] + [r[i]] for i, row in enumerate(G)]
    prev = 1
    for c in range(m):
        piv = next((i for i in range(c, m) if A[i][c] != 0), None)
        if piv is None:
            raise ArithmeticError("Wolfe corral became affinely dependent")
        A[c], A[piv] = A[piv], A[c]
        top = A[c]
        pc = top[c]
        for i in range(c + 1, m):
            row = A[i]
            f = row[c]
            rest = zip(row[c + 1 :], top[c + 1 :], strict=True)
            row[c + 1 :] = [(pc * a - f * b) // prev for a, b in rest]
            row[c] = 0
        prev = pc
    det = A[m - 1][m - 1]
    y = [0] * m  # y = det * x
    for i in range(m - 1, -1, -1):
        row = A[i]
        acc = det * row[m] - sum(row[j] * y[j] for j in range(i + 1, m))
        q, rem = divmod(acc, row[i])
        assert rem == 0  # (exact: det * x is an integer vector)
        y[i] = q
    return [Fraction(v, det) for v in y]


def _affine_minimiser(S: list[Vec]) -> list[Fraction]:
    """Weights α (summing to 1) of the point of the affine hull of S nearest the origin."""
    if len(S) == 1:
        return [Fraction(1)]
    T, _ = _integer_rows(S)  # (the weights do not change when S is scaled)
    t0 = T[0]
    V = [[a - b for a, b in zip(t, t0, strict=True)] for t in T[1:]]
    m = len(V)
    G = [[0] * m for _ in range(m)]
    for i in range(m):
        for j in range(i, m):
            G[i][j] = G[j][i] = _idot(V[i], V[j])
    r = [-_idot(v, t0) for v in V]
    beta = _solve(G, r)
    return [1 - sum(beta, Fraction(0)), *beta]


def _combine(S: list[Vec], lam: list[Fraction]) -> Vec:
    """``sum(lam[i] * S[i])``, exactly: an integer combination over one denominator."""
    T, L = _integer_rows(S)
    q = math.lcm(*(w.denominator for w in lam))
    n = [w.numerator * (q // w.denominator) for w in lam]
    den = q * L
    return tuple(Fraction(_idot(n, column), den) for column in zip(*T, strict=True))


class _Rows(Protocol):
    """Float rows read by index: an (N, d) array, or rows made from a data set when read."""

    @property
    def shape(self) -> tuple[int, ...]: ...

    def __getitem__(self, key: Any) -> FloatArray: ...


class _SignedRows:
    """The rows ``z_i = y_i x̂_i`` of a data set, made when read (an int, a slice or an
    index array): the same floats as a stored ``Z``, without its N × (d + 1) array."""

    def __init__(self, data: Dataset, bias: bool) -> None:
        self._points, self._labels, self._bias = data.points, data.labels, bias
        self.shape = (data.n, data.dim + 1 if bias else data.dim)

    def __getitem__(self, key: Any) -> FloatArray:
        lab, pts = self._labels[key], self._points[key]
        if np.ndim(lab) == 0:
            z: FloatArray = lab * pts
            return np.append(z, lab) if self._bias else z
        dim = pts.shape[1]
        out = np.empty((lab.shape[0], self.shape[1]))
        out[:, :dim] = lab[:, None] * pts
        if self._bias:
            out[:, dim] = lab  # y * 1.0, exactly
        return out


class _SubRows:
    """The rows ``P[index]`` of an array, read through the index (no copy of them)."""

    def __init__(self, P: FloatArray, index: npt.NDArray[Any]) -> None:
        self._P, self._index = P, index
        self.shape = (index.shape[0], P.shape[1])

    def __getitem__(self, key: Any) -> FloatArray:
        rows: FloatArray = self._P[self._index[key]]
        return rows


class _Oracle(Protocol):
    """A finite point set (given implicitly) that Wolfe's algorithm can search."""

    def start(self) -> _Slices[tuple[Hashable, Vec]]: ...

    def improving(self, p: Vec, pp: Fraction) -> _Slices[tuple[Hashable, Vec] | None]:
        """A vertex z with ``z·p < pp`` exactly, or None if there is none."""
        ...


@dataclass
class _WolfeResult:
    keys: list[Hashable]
    weights: list[Fraction]
    p: Vec
    pp: Fraction


def _wolfe(oracle: _Oracle) -> _Slices[_WolfeResult]:
    """Wolfe's min-norm-point algorithm, corral in exact arithmetic; sliced per iteration."""
    key, v = yield from oracle.start()
    keys: list[Hashable] = [key]
    S: list[Vec] = [v]
    lam: list[Fraction] = [Fraction(1)]
    p = v
    pp = _dot(p, p)
    for _ in range(_MAX_MAJOR):
        if pp == 0:
            break  # the origin is an exact convex combination: in the hull
        nxt = yield from oracle.improving(p, pp)
        if nxt is None:
            break  # exact optimality: z·p >= p·p for every vertex z
        keys.append(nxt[0])
        S.append(nxt[1])
        lam.append(Fraction(0))
        while True:  # minor cycle
            alpha = _affine_minimiser(S)
            if all(a > 0 for a in alpha):
                lam = alpha
                break
            theta = min(lk / (lk - ak) for lk, ak in zip(lam, alpha, strict=True) if ak <= 0)
            lam = [(1 - theta) * lk + theta * ak for lk, ak in zip(lam, alpha, strict=True)]
            keep = [i for i, lk in enumerate(lam) if lk > 0]
            keys = [keys[i] for i in keep]
            S = [S[i] for i in keep]
            lam = [lam[i] for i in keep]
        p = _combine(S, lam)
        pp = _dot(p, p)
        yield
    else:  # pragma: no cover - exact Wolfe is finite
        raise RuntimeError("Wolfe's algorithm did not terminate")
    return _WolfeResult(keys, lam, p, pp)


# ---------------------------------------------------------------------------
# float scans with error bounds


def _abs_max(A: _Rows) -> _Slices[float]:
    """The largest absolute entry of A (0.0 when A is empty)."""
    m = 0.0
    for a in range(0, A.shape[0], _CHUNK):
        part = A[a : a + _CHUNK]
        if part.size:
            m = max(m, float(np.max(np.abs(part))))
        yield
    return m


def _scale_exponent(m: float) -> int:
    """k such that ``m * 2**k`` is in [0.5, 1) (0 for m = 0): scales ``max |entry| = m``."""
    if m == 0.0:
        return 0
    return -math.frexp(m)[1]


def _scaled_rows(A: _Rows, k: int) -> _Slices[tuple[FloatArray, FloatArray]]:
    """``A * 2**k`` (exact) and the float norms of its rows."""
    n = A.shape[0]
    if n <= _CHUNK:
        As = np.ldexp(A[0:n], k)
        return As, np.sqrt(np.einsum("ij,ij->i", As, As))
    As = np.empty(A.shape)
    norms = np.empty(n)
    for a in range(0, n, _CHUNK):
        s = slice(a, a + _CHUNK)
        As[s] = np.ldexp(A[s], k)
        norms[s] = np.sqrt(np.einsum("ij,ij->i", As[s], As[s]))
        yield
    return As, norms


def _rows_where(P: FloatArray, keep: npt.NDArray[np.bool_]) -> _Slices[_SubRows]:
    """The rows ``P[keep]`` in order, read through their indices (4 bytes a row while
    N < 2**31, not a copy of the rows), a chunk of rows per slice."""
    n = P.shape[0]
    index = np.empty(int(np.count_nonzero(keep)), np.int32 if n < 2**31 else np.int64)
    j = 0
    for a in range(0, n, _CHUNK):
        rows = np.flatnonzero(keep[a : a + _CHUNK])
        rows += a
        index[j : j + rows.shape[0]] = rows
        j += rows.shape[0]
        yield
    return _SubRows(P, index)


def _rows_dot(A: FloatArray, v: FloatArray) -> FloatArray:
    """``A @ v`` for a short `v`, column by column.

    Elementwise, so a chunk of rows gives the same bits as the whole; and
    faster here than BLAS, whose threads for a tall thin product cost more
    than they save (several times more on a busy machine).
    """
    out: FloatArray = A[:, 0] * v[0]
    for c in range(1, A.shape[1]):
        out += A[:, c] * v[c]
    return out


def _extreme_row(A: FloatArray, v: FloatArray, lowest: bool) -> _Slices[tuple[int, float]]:
    """The first row with the lowest (or highest) ``A @ v`` and that value: ``argmin``
    (``argmax``) of the whole product, a chunk of rows per slice, the product never
    kept whole (an N-float array a scan)."""
    n = A.shape[0]
    assert n > 0, "no rows to scan (has_both_classes guards every caller)"
    j, best = -1, 0.0
    for a in range(0, n, _CHUNK):
        m = _rows_dot(A[a : a + _CHUNK], v)
        i = int(np.argmin(m) if lowest else np.argmax(m))
        if j < 0 or (m[i] < best if lowest else m[i] > best):
            j, best = a + i, float(m[i])
        if n > _CHUNK:
            yield
    return j, best


@dataclass
class _Scan:
    """A float scan of ``As @ pf``: its extreme row `j`, that row's score `m` and the
    rigorous bound `err` on its error vs the exact ``A·p`` (`errors` gives any chunk's)."""

    As: FloatArray
    norms: FloatArray
    pf: FloatArray
    pps: float
    j: int = -1
    m: float = 0.0
    err: float = 0.0

    def errors(self, s: slice) -> FloatArray:
        """The error bounds of rows `s`: ``c (||a_i|| ||p|| + pps) + tiny``."""
        c = 4 * (self.As.shape[1] + 2) * _EPS
        pn = float(np.sqrt(self.pf @ self.pf))
        out: FloatArray = c * (self.norms[s] * pn + self.pps) + _TINY
        return out

    def candidates(self, lowest: bool) -> npt.NDArray[np.intp]:
        """The rows whose score cannot be told from the extreme one in floats: with the
        lowest, ``m_i - err_i <= m_j + err_j``; with the highest, ``m_i + err_i >=
        m_j - err_j`` (the scores made again a chunk at a time: the same floats)."""
        t = self.m + self.err if lowest else self.m - self.err
        found = []
        for a in range(0, self.As.shape[0], _CHUNK):
            s = slice(a, a + _CHUNK)
            m = _rows_dot(self.As[s], self.pf)
            e = self.errors(s)
            hit = np.flatnonzero(m - e <= t if lowest else m + e >= t)
            hit += a
            found.append(hit)
        return np.concatenate(found)


def _scan(
    As: FloatArray, norms: FloatArray, pf: FloatArray, pps: float, lowest: bool = True
) -> _Slices[_Scan]:
    """The float scan of ``As @ pf`` for its lowest (highest) score, with its error bound."""
    scan = _Scan(As, norms, pf, pps)
    scan.j, scan.m = yield from _extreme_row(As, pf, lowest)
    scan.err = float(scan.errors(slice(scan.j, scan.j + 1))[0])
    return scan


def _exact_scores(A: FloatArray, p: Vec) -> tuple[npt.NDArray[np.object_], Fraction]:
    """Exact ``A @ p`` for float rows A, as Python integers S and a factor f > 0.

    ``a_i·p == S[i] * f`` exactly. Every double is an integer times a power of
    two, so with q the common denominator of p and E the smallest exponent in A
    everything is an integer; numpy object arrays keep the loop in C.
    """
    q = math.lcm(*(c.denominator for c in p))
    P = [c.numerator * (q // c.denominator) for c in p]
    mant, ex = np.frexp(A)
    M = np.ldexp(mant, 53).astype(np.int64)  # exact: 53-bit integer mantissas
    nz = M != 0
    E = int(ex[nz].min()) - 53 if nz.any() else 0
    shift = np.where(nz, ex - 53 - E, 0).astype(object)
    Mo = np.left_shift(M.astype(object), shift)
    S = Mo[:, 0] * P[0]
    for c in range(1, A.shape[1]):
        S = S + Mo[:, c] * P[c]
    f = Fraction(1 << E, q) if E >= 0 else Fraction(1, q << -E)
    return S, f


def _exact_extreme(
    A: _Rows, cand: npt.NDArray[np.intp], p: Vec, lowest: bool
) -> tuple[int, Vec, Fraction]:
    """Among rows ``cand`` of A, the one with the exactly lowest (or highest) ``a·p``."""
    S, f = _exact_scores(A[cand], p)
    j = int(np.argmin(S) if lowest else np.argmax(S))
    i = int(cand[j])
    return i, _frac_row(A[i]), S[j] * f


class _PointOracle:
    """The rows of Z."""

    def __init__(self, Z: _Rows, k: int, Zs: FloatArray, norms: FloatArray) -> None:
        self.Z, self.k, self.Zs, self.norms = Z, k, Zs, norms

    @classmethod
    def build(cls, Z: _Rows) -> _Slices[_PointOracle]:
        """The oracle of the rows of Z: a copy scaled by ``2**k`` and its row norms."""
        k = _scale_exponent((yield from _abs_max(Z)))
        Zs, norms = yield from _scaled_rows(Z, k)
        return cls(Z, k, Zs, norms)

    def start(self) -> _Slices[tuple[Hashable, Vec]]:
        yield
        i = int(np.argmin(self.norms))
        return i, _frac_row(self.Z[i])

    def improving(self, p: Vec, pp: Fraction) -> _Slices[tuple[Hashable, Vec] | None]:
        # Scores of z * 2**k against p * 2**kp (both near unit size): the
        # comparison z·p < pp becomes (z 2**k)·(p 2**kp) < pp 2**(k + kp).
        kp = _unit_scale(p)
        pf = np.array([_scaled_float(c, kp) for c in p])
        pps = _scaled_float(pp, self.k + kp)
        scan = yield from _scan(self.Zs, self.norms, pf, pps)
        j = scan.j
        if scan.m + scan.err < pps * (1 - 2 * _EPS):
            return j, _frac_row(self.Z[j])
        cand = scan.candidates(lowest=True)
        i, z, val = _exact_extreme(self.Z, cand, p, lowest=True)
        return (i, z) if val < pp else None


class _DifferenceOracle:
    """The points ``a_i - b_j`` of the Minkowski difference of two point sets."""

    def __init__(
        self,
        A: _Rows,
        B: _Rows,
        k: int,
        scaled: tuple[FloatArray, FloatArray],
        norms: tuple[FloatArray, FloatArray],
    ) -> None:
        self.A, self.B, self.k = A, B, k
        self.As, self.Bs = scaled
        self.an, self.bn = norms

    @classmethod
    def build(cls, A: _Rows, B: _Rows) -> _Slices[_DifferenceOracle]:
        """The oracle of ``A - B``: copies of A and B scaled by one ``2**k``, and row norms."""
        k = _scale_exponent(max((yield from _abs_max(A)), (yield from _abs_max(B))))
        As, an = yield from _scaled_rows(A, k)
        Bs, bn = yield from _scaled_rows(B, k)
        return cls(A, B, k, (As, Bs), (an, bn))

    def _vertex(self, i: int, j: int) -> tuple[Hashable, Vec]:
        a, b = _frac_row(self.A[i]), _frac_row(self.B[j])
        return (i, j), tuple(u - v for u, v in zip(a, b, strict=True))

    def start(self) -> _Slices[tuple[Hashable, Vec]]:
        # Column by column: a mean along axis 0 of an (n, 2) array is ~10x slower.
        d = np.array([self.As[:, c].mean() - self.Bs[:, c].mean() for c in range(self.As.shape[1])])
        yield
        if not np.any(d):
            d = np.ones(self.As.shape[1])
        i, _ = yield from _extreme_row(self.As, d, lowest=True)
        j, _ = yield from _extreme_row(self.Bs, d, lowest=False)
        return self._vertex(i, j)

    def improving(self, p: Vec, pp: Fraction) -> _Slices[tuple[Hashable, Vec] | None]:
        # Scores of z * 2**k against p * 2**kp (both near unit size): the
        # comparison z·p < pp becomes (z 2**k)·(p 2**kp) < pp 2**(k + kp).
        kp = _unit_scale(p)
        pf = np.array([_scaled_float(c, kp) for c in p])
        pps = _scaled_float(pp, self.k + kp)
        sa = yield from _scan(self.As, self.an, pf, pps, lowest=True)
        sb = yield from _scan(self.Bs, self.bn, pf, pps, lowest=False)
        i, j = sa.j, sb.j
        val = sa.m - sb.m
        if val + sa.err + sb.err + 2 * _EPS * abs(val) < pps * (1 - 2 * _EPS):
            return self._vertex(i, j)
        ca = sa.candidates(lowest=True)
        cb = sb.candidates(lowest=False)
        i, a, va = _exact_extreme(self.A, ca, p, lowest=True)
        j, b, vb = _exact_extreme(self.B, cb, p, lowest=False)
        if va - vb < pp:
            return (i, j), tuple(u - v for u, v in zip(a, b, strict=True))
        return None


# ---------------------------------------------------------------------------
# public API


def min_norm_point(Z: Any) -> tuple[FloatArray, FloatArray]:
    """The point of the convex hull of the rows of Z nearest the origin.

    Wolfe's finite algorithm, with the corral in exact rational arithmetic and
    one vectorised O(N) float scan (with rigorous error bounds) per major
    iteration; see the module notes.

    Parameters
    ----------
    Z
        Array-like of shape (N, d), N >= 1, finite values.

    Returns
    -------
    p : ndarray of shape (d,)
        The nearest point, each coordinate the correctly rounded exact value.
    weights : ndarray of shape (N,)
        Convex weights (>= 0, summing to 1 up to rounding) with
        ``weights @ Z == p`` up to rounding; nonzero on at most d + 1 rows.

    Raises
    ------
    DataError
        If Z is not a finite 2-D array with at least one row.
    """
    Zf = np.asarray(Z, dtype=np.float64)
    if Zf.ndim != 2 or Zf.shape[0] == 0 or Zf.shape[1] == 0:
        raise DataError(f"Z must be a non-empty 2-D array, got shape {Zf.shape}")
    if not np.all(np.isfinite(Zf)):
        raise DataError("Z has a value that is not a finite number")
    res = exhaust(_wolfe(exhaust(_PointOracle.build(Zf))))
    p = np.array([float(c) for c in res.p])
    weights = np.zeros(Zf.shape[0])
    for key, w in zip(res.keys, res.weights, strict=True):
        weights[cast(int, key)] += float(w)
    return p, weights


def _exact_norm2(A: FloatArray) -> list[Fraction]:
    """Exact squared norms of float rows (integer mantissas, as in `_exact_scores`)."""
    mant, ex = np.frexp(A)
    M = np.ldexp(mant, 53).astype(np.int64)
    nz = M != 0
    E = int(ex[nz].min()) - 53 if nz.any() else 0
    Mo = np.left_shift(M.astype(object), np.where(nz, ex - 53 - E, 0).astype(object))
    S = (Mo * Mo).sum(axis=1)
    f = Fraction(1 << 2 * E) if E >= 0 else Fraction(1, 1 << -2 * E)
    return [v * f for v in S]


def _as_dataset(X: Any, y: Any) -> Dataset:
    if isinstance(X, Dataset):
        return X
    if y is None:
        raise DataError("labels y are required unless X is a Dataset")
    return make_dataset(X, y)


def novikoff(
    X: Any,
    y: Any = None,
    bias: bool = True,
    kernel: str | None = None,
    degree: int = 2,
    coef0: float = 1.0,
    sigma: float = 1.0,
) -> Bound:
    """Compute the Novikoff bound ``(D/γ)²`` exactly.

    Parameters
    ----------
    X
        Points, array-like of shape (N, d) (any d >= 1; D, γ and the bound are exact in
        R^d), or a `Dataset` (then ``y`` is not needed).
    y
        Labels, N values each -1 or +1.
    bias
        With the bias on, use the augmented points ``(x, 1)``.
    kernel, degree, coef0, sigma
        With a kernel ("linear", "poly", "rbf"), the bound of the kernel perceptron in
        feature space (`perceptron_gui.core.kernel_bound`: floats, γ to about 1e-12
        relative, no `direction`, at most 2000 points); None: the exact bound of the
        plane, as before.

    Returns
    -------
    Bound
        D, γ, the bound, separability and the best direction. With N = 0:
        D = 0, not separable, no bound.

    Raises
    ------
    DataError
        If the points or labels are invalid.

    See Also
    --------
    iter_novikoff : the same computation cut into slices.
    """
    if kernel is not None:
        from perceptron_gui.core.kernel_bound import kernel_novikoff

        result: Bound = kernel_novikoff(X, y, bias, kernel, degree, coef0, sigma)
        return result
    return exhaust(iter_novikoff(X, y, bias))


def iter_novikoff(X: Any, y: Any = None, bias: bool = True) -> Generator[None, None, Bound]:
    """`novikoff`, cut into slices for an event loop.

    A generator that yields None between slices of the work (each a few ms
    to a few tens of ms at N = 10^6) and returns the `Bound` that `novikoff`
    returns (``StopIteration.value``); `novikoff` just runs it to the end.

    Parameters
    ----------
    X, y, bias
        As for `novikoff`; they are checked (and a `DataError` raised) at the
        first ``next()``.

    Returns
    -------
    Generator[None, None, Bound]

    Examples
    --------
    >>> from perceptron_gui.core.novikoff import iter_novikoff
    >>> job = iter_novikoff([[1.0, 0.0], [-1.0, 0.0]], [1, -1])
    >>> while True:
    ...     try:
    ...         next(job)  # one slice; a GUI would do one per timer tick
    ...     except StopIteration as done:
    ...         bound = done.value
    ...         break
    >>> bound.gamma, bound.bound
    (1.0, 2.0)
    """
    data = _as_dataset(X, y)
    d = data.dim + 1 if bias else data.dim
    if data.n == 0:
        return Bound(0.0, 0.0, None, False, (0.0,) * d, bias)
    # The rows z_i are made when read (the scan works on their scaled copy).
    Z = _SignedRows(data, bias)
    oracle = yield from _PointOracle.build(Z)

    # D² exactly: the float squared norms pick the few candidates for the max.
    cand = _largest_norms(oracle.norms)
    D2 = max(_exact_norm2(Z[cand]))
    D = _sqrt(D2)
    yield

    res = yield from _wolfe(oracle)
    if res.pp == 0:
        return Bound(D, 0.0, None, False, (0.0,) * d, bias)
    gamma = max(_sqrt(res.pp), math.ulp(0.0))
    q = D2 / res.pp
    try:
        bound = float(q)
    except OverflowError:
        bound = sys.float_info.max
    kp = _unit_scale(res.p)
    pf = np.array([_scaled_float(c, kp) for c in res.p])
    u = pf / np.sqrt(pf @ pf)
    return Bound(D, gamma, bound, True, tuple(float(v) for v in u), bias)


def _largest_norms(norms: FloatArray) -> npt.NDArray[np.intp]:
    """The rows whose float squared norm is within 1e-12 of the largest (the candidates
    for D), a chunk at a time (no N-float temporaries)."""
    n = norms.shape[0]
    top = max(float((norms[a : a + _CHUNK] ** 2).max()) for a in range(0, n, _CHUNK))
    t = top * (1 - 1e-12) - _TINY
    found = []
    for a in range(0, n, _CHUNK):
        hit = np.flatnonzero(norms[a : a + _CHUNK] ** 2 >= t)
        hit += a
        found.append(hit)
    return np.concatenate(found)


def best_line_margin(X: Any, y: Any = None) -> float | None:
    """Geometric margin of the best separating line in the plane (free bias).

    This is the hard-margin SVM with a bias that is not part of the norm: half
    the distance between the convex hulls of the two classes. It is at least
    the bias-on γ of `novikoff` (usually larger), and it does not change when
    the points are shifted, while γ does. Computed exactly with Wolfe's
    algorithm on the Minkowski difference of the classes (searched implicitly:
    O(N) per iteration).

    Parameters
    ----------
    X
        Points, array-like of shape (N, 2), or a `Dataset`.
    y
        Labels, N values each -1 or +1.

    Returns
    -------
    float or None
        The margin, or None when a class is missing or the classes' convex
        hulls meet (not strictly separable by a line).

    Raises
    ------
    DataError
        If the points or labels are invalid.

    See Also
    --------
    iter_best_line_margin : the same computation cut into slices.
    """
    return exhaust(iter_best_line_margin(X, y))


def iter_best_line_margin(X: Any, y: Any = None) -> Generator[None, None, float | None]:
    """`best_line_margin`, cut into slices for an event loop.

    A generator that yields None between slices of the work and returns what
    `best_line_margin` returns (``StopIteration.value``); see `iter_novikoff`.

    Parameters
    ----------
    X, y
        As for `best_line_margin`; checked at the first ``next()``.

    Returns
    -------
    Generator[None, None, float | None]
    """
    data = _as_dataset(X, y)
    if not data.has_both_classes:
        return None
    A = yield from _rows_where(data.points, data.labels > 0)
    B = yield from _rows_where(data.points, data.labels < 0)
    oracle = yield from _DifferenceOracle.build(A, B)
    res = yield from _wolfe(oracle)
    if res.pp == 0:
        return None
    return max(_sqrt(res.pp / 4), math.ulp(0.0))


def format_power(log10_value: float, digits: int = 3) -> str:
    """A positive number given by its log10, in scientific notation: ``1e+310``, ``2.5e+400``.

    For values beyond float64 (whose log10 is a modest float).
    """
    e = math.floor(log10_value)
    m = float(f"{10.0 ** (log10_value - e):.{digits}g}")
    if m >= 10.0:  # 9.9996 rounds up to 10
        e, m = e + 1, m / 10.0
    return f"{m:.{digits}g}e{e:+d}"


def format_bound(bound: Bound, digits: int = 3) -> str | None:
    """(D/γ)² beyond float64 in scientific notation, or None when it is a float.

    `novikoff` caps a bound beyond the largest float (D near 1e150 with a small γ) at
    ``sys.float_info.max``; showing that cap as the value would be false. The true
    value is ``10 ** (2 (log10 D − log10 γ))``, from D and γ, which are floats.
    """
    b = bound.bound
    if b is None or b < sys.float_info.max or not (bound.D > 0.0 and bound.gamma > 0.0):
        return None
    return format_power(2.0 * (math.log10(bound.D) - math.log10(bound.gamma)), digits)

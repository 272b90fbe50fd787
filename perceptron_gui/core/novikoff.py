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
(``d`` = 2 or 3 here) and repeatedly adds the vertex ``z_j`` minimising
``z_j·p``. Here the corral (its affine minimiser, its weights, ``p``) is kept in
exact rational arithmetic (`fractions.Fraction`, at most 4 points, so it is
cheap), while the O(N) search for the next vertex is one vectorised float scan
of ``Z @ p`` on a copy of ``Z`` scaled by a power of two (exact, so huge and
tiny coordinates neither overflow nor underflow). Every float score comes with
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
"""

from __future__ import annotations

import math
import sys
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError

FloatArray = npt.NDArray[np.float64]
Vec = tuple[Fraction, ...]

_EPS = float(np.finfo(np.float64).eps)
# Absolute part of the float error bound: covers underflow in products of
# scaled values (each at most 1 in size), a few multiples of 2**-1074.
_TINY = 1e-315
# A corral of d + 1 affinely independent points spans R^d; Wolfe's iteration is
# finite, this only guards against a bug turning into a hang.
_MAX_MAJOR = 100_000


@dataclass(frozen=True)
class Bound:
    """The Novikoff bound of a data set.

    Attributes
    ----------
    D
        ``max_i ||x̂_i||`` (``x̂ = (x, 1)`` with the bias, ``x`` without).
    gamma
        Novikoff's γ: the best margin of a unit ``(w, b)`` (``w`` without the
        bias); 0.0 when the data are not separable.
    bound
        ``(D/γ)²``, the most updates the perceptron can make from ``ŵ = 0``;
        None when not separable. Capped at ``sys.float_info.max`` (see the
        module notes).
    separable
        Whether some ``ŵ`` has ``y_i ŵ·x̂_i > 0`` for every i.
    direction
        The unit vector ``û* = p*/||p*||`` achieving γ: ``(w1, w2, b)`` with the
        bias, ``(w1, w2)`` without; all zeros when not separable.
    bias
        Whether the bias was on.
    """

    D: float
    gamma: float
    bound: float | None
    separable: bool
    direction: tuple[float, ...]
    bias: bool

    def to_dict(self) -> dict[str, Any]:
        """The values as plain JSON-able Python objects.

        Returns
        -------
        dict
            Keys ``"D"``, ``"gamma"``, ``"bound"`` (None when not separable),
            ``"separable"`` and ``"direction"`` (a list of floats).
        """
        return {
            "D": float(self.D),
            "gamma": float(self.gamma),
            "bound": None if self.bound is None else float(self.bound),
            "separable": bool(self.separable),
            "direction": [float(v) for v in self.direction],
        }


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


def _solve(G: list[list[Fraction]], r: list[Fraction]) -> list[Fraction]:
    """Solve ``G x = r`` exactly (Gauss-Jordan; ``G`` is at most 3x3 and nonsingular)."""
    m = len(r)
    A = [row[:] + [r[i]] for i, row in enumerate(G)]
    for c in range(m):
        piv = next((i for i in range(c, m) if A[i][c] != 0), None)
        if piv is None:
            raise ArithmeticError("Wolfe corral became affinely dependent")
        A[c], A[piv] = A[piv], A[c]
        pc = A[c][c]
        A[c] = [v / pc for v in A[c]]
        for i in range(m):
            if i != c and A[i][c] != 0:
                f = A[i][c]
                A[i] = [a - f * b for a, b in zip(A[i], A[c], strict=True)]
    return [A[i][m] for i in range(m)]


def _affine_minimiser(S: list[Vec]) -> list[Fraction]:
    """Weights α (summing to 1) of the point of the affine hull of S nearest the origin."""
    if len(S) == 1:
        return [Fraction(1)]
    s0 = S[0]
    V = [tuple(a - b for a, b in zip(s, s0, strict=True)) for s in S[1:]]
    G = [[_dot(u, v) for v in V] for u in V]
    r = [-_dot(u, s0) for u in V]
    beta = _solve(G, r)
    return [1 - sum(beta, Fraction(0)), *beta]


def _combine(S: list[Vec], lam: list[Fraction]) -> Vec:
    d = len(S[0])
    return tuple(
        sum((w * s[c] for w, s in zip(lam, S, strict=True)), Fraction(0)) for c in range(d)
    )


class _Oracle(Protocol):
    """A finite point set (given implicitly) that Wolfe's algorithm can search."""

    def start(self) -> tuple[Hashable, Vec]: ...

    def improving(self, p: Vec, pp: Fraction) -> tuple[Hashable, Vec] | None:
        """A vertex z with ``z·p < pp`` exactly, or None if there is none."""
        ...


@dataclass
class _WolfeResult:
    keys: list[Hashable]
    weights: list[Fraction]
    p: Vec
    pp: Fraction


def _wolfe(oracle: _Oracle) -> _WolfeResult:
    """Wolfe's min-norm-point algorithm, corral in exact arithmetic."""
    key, v = oracle.start()
    keys: list[Hashable] = [key]
    S: list[Vec] = [v]
    lam: list[Fraction] = [Fraction(1)]
    p = v
    pp = _dot(p, p)
    for _ in range(_MAX_MAJOR):
        if pp == 0:
            break  # the origin is an exact convex combination: in the hull
        nxt = oracle.improving(p, pp)
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
    else:  # pragma: no cover - exact Wolfe is finite
        raise RuntimeError("Wolfe's algorithm did not terminate")
    return _WolfeResult(keys, lam, p, pp)


# ---------------------------------------------------------------------------
# float scans with error bounds


def _scale_exponent(A: FloatArray) -> int:
    """k such that ``A * 2**k`` has its largest absolute entry in [0.5, 1)."""
    m = float(np.max(np.abs(A))) if A.size else 0.0
    if m == 0.0:
        return 0
    return -math.frexp(m)[1]


def _scan(
    As: FloatArray, norms: FloatArray, pf: FloatArray, pps: float
) -> tuple[FloatArray, FloatArray]:
    """Float scores ``As @ pf`` and a rigorous bound on their error vs the exact ``A·p``."""
    d = As.shape[1]
    m = As @ pf
    pn = float(np.sqrt(pf @ pf))
    err = (4 * (d + 2) * _EPS) * (norms * pn + pps) + _TINY
    return m, err


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
    A: FloatArray, cand: npt.NDArray[np.intp], p: Vec, lowest: bool
) -> tuple[int, Vec, Fraction]:
    """Among rows ``cand`` of A, the one with the exactly lowest (or highest) ``a·p``."""
    S, f = _exact_scores(A[cand], p)
    j = int(np.argmin(S) if lowest else np.argmax(S))
    i = int(cand[j])
    return i, _frac_row(A[i]), S[j] * f


class _PointOracle:
    """The rows of Z."""

    def __init__(self, Z: FloatArray) -> None:
        self.Z = Z
        self.k = _scale_exponent(Z)
        self.Zs = np.ldexp(Z, self.k)
        self.norms = np.sqrt(np.einsum("ij,ij->i", self.Zs, self.Zs))

    def start(self) -> tuple[Hashable, Vec]:
        i = int(np.argmin(self.norms))
        return i, _frac_row(self.Z[i])

    def improving(self, p: Vec, pp: Fraction) -> tuple[Hashable, Vec] | None:
        # Scores of z * 2**k against p * 2**kp (both near unit size): the
        # comparison z·p < pp becomes (z 2**k)·(p 2**kp) < pp 2**(k + kp).
        kp = _unit_scale(p)
        pf = np.array([_scaled_float(c, kp) for c in p])
        pps = _scaled_float(pp, self.k + kp)
        m, err = _scan(self.Zs, self.norms, pf, pps)
        j = int(np.argmin(m))
        if m[j] + err[j] < pps * (1 - 2 * _EPS):
            return j, _frac_row(self.Z[j])
        cand = np.flatnonzero(m - err <= m[j] + err[j])
        i, z, val = _exact_extreme(self.Z, cand, p, lowest=True)
        return (i, z) if val < pp else None


class _DifferenceOracle:
    """The points ``a_i - b_j`` of the Minkowski difference of two point sets."""

    def __init__(self, A: FloatArray, B: FloatArray) -> None:
        self.A, self.B = A, B
        self.k = _scale_exponent(np.concatenate([A, B]))
        self.As, self.Bs = np.ldexp(A, self.k), np.ldexp(B, self.k)
        self.an = np.sqrt(np.einsum("ij,ij->i", self.As, self.As))
        self.bn = np.sqrt(np.einsum("ij,ij->i", self.Bs, self.Bs))

    def _vertex(self, i: int, j: int) -> tuple[Hashable, Vec]:
        a, b = _frac_row(self.A[i]), _frac_row(self.B[j])
        return (i, j), tuple(u - v for u, v in zip(a, b, strict=True))

    def start(self) -> tuple[Hashable, Vec]:
        d = self.As.mean(axis=0) - self.Bs.mean(axis=0)
        if not np.any(d):
            d = np.ones(self.As.shape[1])
        return self._vertex(int(np.argmin(self.As @ d)), int(np.argmax(self.Bs @ d)))

    def improving(self, p: Vec, pp: Fraction) -> tuple[Hashable, Vec] | None:
        # Scores of z * 2**k against p * 2**kp (both near unit size): the
        # comparison z·p < pp becomes (z 2**k)·(p 2**kp) < pp 2**(k + kp).
        kp = _unit_scale(p)
        pf = np.array([_scaled_float(c, kp) for c in p])
        pps = _scaled_float(pp, self.k + kp)
        ma, ea = _scan(self.As, self.an, pf, pps)
        mb, eb = _scan(self.Bs, self.bn, pf, pps)
        i, j = int(np.argmin(ma)), int(np.argmax(mb))
        val = ma[i] - mb[j]
        if val + ea[i] + eb[j] + 2 * _EPS * abs(val) < pps * (1 - 2 * _EPS):
            return self._vertex(i, j)
        ca = np.flatnonzero(ma - ea <= ma[i] + ea[i])
        cb = np.flatnonzero(mb + eb >= mb[j] - eb[j])
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
    res = _wolfe(_PointOracle(Zf))
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


def novikoff(X: Any, y: Any = None, bias: bool = True) -> Bound:
    """Compute the Novikoff bound ``(D/γ)²`` exactly.

    Parameters
    ----------
    X
        Points, array-like of shape (N, 2), or a `Dataset` (then ``y`` is not needed).
    y
        Labels, N values each -1 or +1.
    bias
        With the bias on, use the augmented points ``(x, 1)``.

    Returns
    -------
    Bound
        D, γ, the bound, separability and the best direction. With N = 0:
        D = 0, not separable, no bound.

    Raises
    ------
    DataError
        If the points or labels are invalid.
    """
    data = _as_dataset(X, y)
    d = 3 if bias else 2
    if data.n == 0:
        return Bound(0.0, 0.0, None, False, (0.0,) * d, bias)
    Xh = np.column_stack([data.points, np.ones(data.n)]) if bias else np.array(data.points)
    Z = data.labels[:, None] * Xh
    oracle = _PointOracle(Z)

    # D² exactly: the float squared norms pick the few candidates for the max.
    n2 = oracle.norms**2
    cand = np.flatnonzero(n2 >= n2.max() * (1 - 1e-12) - _TINY)
    D2 = max(_exact_norm2(Z[cand]))
    D = _sqrt(D2)

    res = _wolfe(oracle)
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
    """
    data = _as_dataset(X, y)
    if not data.has_both_classes:
        return None
    A = np.array(data.points[data.labels > 0])
    B = np.array(data.points[data.labels < 0])
    res = _wolfe(_DifferenceOracle(A, B))
    if res.pp == 0:
        return None
    return max(_sqrt(res.pp / 4), math.ulp(0.0))

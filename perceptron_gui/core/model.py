"""What a trainer hands the views: a model that scores points and says what it is.

Views never test mode names. They ask the model what it can do:

* ``model.decision(X)`` gives the scores f(x) of any points (shape (M, 2)); the
  predicted class is ``sign f`` with ``sign(0) = +1`` and the boundary is ``f = 0``;
* ``model.is_linear`` says whether that boundary is a line ``w·x + b = 0`` (then
  ``model.w`` and ``model.b`` are its weights) or something else, drawn as the zero
  level set of f with tinted regions.

A trainer also says which model is the *answer* when it is not the running
weights (the pocket; later the averaged line): `Trainer.answer` is None when the
answer is the running model itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


@runtime_checkable
class Model(Protocol):
    """A decision function on the plane."""

    @property
    def is_linear(self) -> bool:
        """True when the boundary f = 0 is a line w·x + b = 0."""
        ...

    def decision(self, X: Any) -> FloatArray:
        """Scores f(x) of the points X, shape (M, 2) -> (M,)."""
        ...


@dataclass(frozen=True)
class LinearModel:
    """The line ``w·x + b = 0``; scores are computed column-wise as ALGORITHMS.md asks.

    Attributes
    ----------
    w
        The weights (w1, w2).
    b
        The bias (0 with the bias off).
    """

    w: tuple[float, ...]
    b: float

    @property
    def is_linear(self) -> bool:
        """Always True."""
        return True

    @property
    def is_zero(self) -> bool:
        """True when w = 0: there is no line (every point scores b)."""
        return all(v == 0.0 for v in self.w)

    def decision(self, X: Any) -> FloatArray:
        """``((x1*w1 + x2*w2) + ...) + b`` for every row of X (the textbook loop's bits).

        X has len(w) columns (d features; the window's plane: 2).
        """
        d = len(self.w)
        x = np.asarray(X, dtype=np.float64).reshape(-1, d)
        f = x[:, 0] * self.w[0]
        for c in range(1, d):
            f += x[:, c] * self.w[c]
        if self.b != 0.0:
            f += self.b
        return f


def mistakes(model: Model, X: Any, y: Any) -> npt.NDArray[np.intp]:
    """Indices of the points the model gets wrong: ``y_i f(x_i) <= 0`` (ALGORITHMS.md)."""
    yv = np.asarray(y, dtype=np.float64).reshape(-1)
    return np.flatnonzero(yv * model.decision(X) <= 0.0)


# Rows of X scored at once: keeps the (rows × support points) block near 512 kB (in cache).
_BLOCK_ELEMENTS = 1 << 16


def int_power(a: FloatArray, degree: int) -> FloatArray:
    """``a ** degree`` in place by repeated squaring (numpy's float ``**`` calls pow(),
    some 50 times slower for degrees above 2)."""
    if degree == 1:
        return a
    base = a.copy()
    a[...] = 1.0
    d = degree
    while d:
        if d & 1:
            a *= base
        d >>= 1
        if d:
            base *= base
    return a


_BLOCK_ENTRIES = 1 << 18  # kernel values computed at a time (2 MiB a temporary)


def _rbf(d: FloatArray, e: FloatArray, sigma: float, *more: FloatArray) -> FloatArray:
    """``exp(-(d² + e²) / (2σ²))`` of coordinate differences d, e (overwritten, returned).

    The direct difference, each coordinate divided by σ before squaring: no cancellation
    far from the origin (``‖x‖² + ‖s‖² - 2x·s`` loses every digit at 1e8), and no 1/σ²
    to overflow nor 2σ² to underflow, whatever σ > 0 (never inf or NaN).
    """
    with np.errstate(over="ignore"):  # an inf here is exact: its kernel value is 0
        d /= sigma
        d *= d
        e /= sigma
        e *= e
        d += e
        for m in more:  # the further coordinates of R^d, in order
            m /= sigma
            m *= m
            d += m
    d *= -0.5
    return np.exp(d, out=d)


def kernel_block(
    X: Any, S: Any, kernel: str = "poly", degree: int = 2, coef0: float = 1.0, sigma: float = 1.0
) -> FloatArray:
    """The kernel values ``K(x_r, s_c)`` of two point sets, shape (len(X), len(S)).

    Every entry is computed elementwise from the coordinates (no BLAS product), so an
    entry has the same bits whatever the shapes: the trainer's Gram columns and the
    model's scores agree, and the linear kernel gives the dual form's ``x1*z1 + x2*z2``.

    Parameters
    ----------
    X, S
        Points, shapes (M, d) and (m, d) (d = 2 in the plane).
    kernel
        "linear" ``x·z``, "poly" ``(x·z + coef0)^degree`` or "rbf"
        ``exp(-||x - z||² / (2 sigma²))``.
    degree, coef0, sigma
        The kernel's parameters.

    Returns
    -------
    numpy.ndarray
        Shape (M, m).
    """
    s = np.asarray(S, dtype=np.float64)
    d = s.shape[-1] if s.ndim == 2 else 2
    s = s.reshape(-1, d)
    x = np.asarray(X, dtype=np.float64).reshape(-1, d)
    rows = max(1, _BLOCK_ENTRIES // max(s.shape[0], 1))
    if x.shape[0] <= rows:
        return _kernel_rows(x, s, kernel, degree, coef0, sigma)
    # In blocks of rows whose temporaries stay in the cache: a 2000-point Gram matrix in
    # half the time of one pass over whole arrays; every entry has the same bits.
    out = np.empty((x.shape[0], s.shape[0]))
    for r in range(0, x.shape[0], rows):
        out[r : r + rows] = _kernel_rows(x[r : r + rows], s, kernel, degree, coef0, sigma)
    return out


def _kernel_rows(
    x: FloatArray, s: FloatArray, kernel: str, degree: int, coef0: float, sigma: float
) -> FloatArray:
    dim = x.shape[1]
    if dim == 1:  # x·z = x1 z1; ||x - z||² = (x1 - z1)²
        g = x[:, 0:1] * s[None, :, 0]
        if kernel == "rbf":
            t = x[:, 0:1] - s[None, :, 0]
            with np.errstate(over="ignore"):
                t /= sigma
                t *= t
            t *= -0.5
            return np.exp(t, out=t)
    else:
        a0, a1 = x[:, 0:1], x[:, 1:2]
        c0, c1 = s[None, :, 0], s[None, :, 1]
        if kernel == "rbf":
            more = [x[:, c : c + 1] - s[None, :, c] for c in range(2, dim)]
            return _rbf(a0 - c0, a1 - c1, sigma, *more)
        g = a0 * c0
        g += a1 * c1
        for c in range(2, dim):  # summed over the features in order
            g += x[:, c : c + 1] * s[None, :, c]
    if kernel == "poly":
        g += coef0
        int_power(g, degree)
    return g


@dataclass(frozen=True, eq=False)
class KernelModel:
    """The kernel perceptron's ``f(x) = Σ_j α_j y_j K(x_j, x) + b``.

    Only the points with ``α_j > 0`` are kept (the support points). `is_linear` is
    False for every kernel, the linear one included: the view draws the level set
    ``f = 0`` (for the linear kernel that is the line of ``w = Σ α_j y_j x_j``, which
    `linear_weights` gives).

    Attributes
    ----------
    support
        The support points x_j, shape (m, 2).
    coef
        ``α_j y_j`` of each support point, shape (m,).
    b
        The bias.
    kernel, degree, coef0, sigma
        The kernel (see `kernel_block`).
    index
        The support points' indices in the data, or None.
    """

    support: FloatArray
    coef: FloatArray
    b: float
    kernel: str = "poly"
    degree: int = 2
    coef0: float = 1.0
    sigma: float = 1.0
    #: The data indices of the support points, when known (a view updating its picture
    #: by what changed since the last model matches terms by them).
    index: npt.NDArray[np.int64] | None = None

    @property
    def is_linear(self) -> bool:
        """Always False (see the class notes)."""
        return False

    def linear_weights(self) -> tuple[float, ...] | None:
        """``w = Σ α_j y_j x_j`` for the linear kernel, None for the others (d entries)."""
        if self.kernel != "linear":
            return None
        d = self.support.shape[1] if self.support.ndim == 2 else 2
        w = self.coef @ self.support if self.coef.shape[0] else np.zeros(d)
        return tuple(float(v) for v in w)

    def decision(self, X: Any) -> FloatArray:
        """``f(x)`` for every row of X, in blocks of rows (memory stays small).

        The linear kernel is scored through ``w`` (O(M)); "poly" and "rbf" through the
        trainer's kernel values (`kernel_block`, the direct difference for "rbf", exact
        far from the origin) and one product with the coefficients per block of rows.
        The scores agree with the trainer's own sums to rounding (not to the bit: the
        sum runs in another order).
        """
        d = self.support.shape[1] if self.support.ndim == 2 else 2
        x = np.asarray(X, dtype=np.float64).reshape(-1, d)
        out = np.full(x.shape[0], self.b, dtype=np.float64)
        m = self.coef.shape[0]
        if m == 0:
            return out
        if self.kernel == "linear":
            w = self.linear_weights()
            assert w is not None
            out += LinearModel(w, 0.0).decision(x)
            return out
        S = np.asarray(self.support, dtype=np.float64)
        coef = np.ascontiguousarray(self.coef, dtype=np.float64)
        params = (self.kernel, self.degree, self.coef0, self.sigma)
        rows = max(1, _BLOCK_ELEMENTS // m)
        for r in range(0, x.shape[0], rows):
            # The trainer's own kernel values (`kernel_block`), then one product per block.
            out[r : r + rows] += kernel_block(x[r : r + rows], S, *params) @ coef
        return out


@dataclass(frozen=True, eq=False)
class VoteModel:
    """The voted perceptron's ``f(x) = Σ_j c_j sign(ŵ_j · x̂)``, ``sign(0) = +1`` inside.

    Attributes
    ----------
    W
        The vectors w_j, shape (m, 2).
    B
        Their biases b_j, shape (m,).
    counts
        Their votes c_j (visits each survived), shape (m,); a vector with c_j = 0 has
        no vote.
    lineage
        None, or a token shared by the votes of one run that only grew: two models with
        the same token have the same W and B on the rows they both have, and the same
        counts there but at the shorter one's last row (a step back starts a new token).
        A view that scores votes frame after frame adds only the rows that changed
        without comparing the 10⁶ that did not (`app/canvas/regions.py`).
    """

    W: FloatArray
    B: FloatArray
    counts: FloatArray
    lineage: object | None = None

    @property
    def is_linear(self) -> bool:
        """Always False: a weighted vote of lines is not a line."""
        return False

    def counts_of(self, a: int, b: int) -> FloatArray:
        """``counts[a:b]``: a run's growing vote makes only these (`core/online.py`), not
        the whole array (10⁶ counts a frame, twice)."""
        return self.counts[a:b]

    def decision(self, X: Any) -> FloatArray:
        """The vote total for every row of X (its sign is the prediction, sign(0) = +1)."""
        d = self.W.shape[1] if self.W.ndim == 2 else 2
        x = np.asarray(X, dtype=np.float64).reshape(-1, d)
        keep = self.counts > 0
        W, B, c = self.W[keep], self.B[keep], np.asarray(self.counts[keep], dtype=np.float64)
        out = np.zeros(x.shape[0], dtype=np.float64)
        m = c.shape[0]
        if m == 0:
            return out
        total = float(c.sum())
        rows = max(1, _BLOCK_ELEMENTS // m)
        for r in range(0, x.shape[0], rows):
            # Column-wise scores x1*w1 + x2*w2 + ... + b, the bits of LinearModel.decision.
            s = x[r : r + rows, 0:1] * W[None, :, 0]
            for col in range(1, d):
                s += x[r : r + rows, col : col + 1] * W[None, :, col]
            s += B[None, :]
            # Σ c_j sign(s_j) with sign(0) = +1 (and -0.0 >= 0): total - 2 Σ_{s_j < 0} c_j.
            out[r : r + rows] = total - 2.0 * ((s < 0.0) @ c)
        return out


# Neighbours (in the order of x) the narrow-σ check compares before it gives up refusing.
_SIGMA_SWEEP = 64


def check_rbf_sigma(points: Any, sigma: float) -> None:
    """Refuse an RBF width too narrow for these points (a `DataError` naming σ).

    σ is refused when ``exp(-d²/(2σ²))`` rounds to 0 for every pair of distinct points:
    the kernel is then the identity matrix on the data and every score away from a data
    point is b alone, so nothing could be drawn or learnt. The closest pairs are found
    by a sweep over the points sorted by x (neighbours whose x differ by less than the
    distance where the kernel reaches 0); when the sweep cannot finish in a few passes
    the width is accepted (only a certain refusal is made). The kernel values themselves
    never overflow or turn NaN (see `kernel_block`), whatever σ > 0.
    """
    from perceptron_gui.core.errors import DataError

    pts = np.asarray(points, dtype=np.float64)
    dim = pts.shape[1] if pts.ndim == 2 else 2
    pts = pts.reshape(-1, dim)
    # Most widths are accepted by some neighbours in x (0.1 ms at N = 2000; the sweep's
    # np.unique of the rows took 1.5 ms of a 20 ms train() call): two distinct points with
    # a kernel value > 0 are what the sweep below would find.
    q = pts[np.argsort(pts[:, 0], kind="stable")]
    diffs = [q[1:, c] - q[:-1, c] for c in range(dim)]
    distinct = np.logical_or.reduce([d != 0.0 for d in diffs]) if len(q) > 1 else None
    if distinct is not None:
        if dim == 1:
            diffs.append(np.zeros_like(diffs[0]))
        if np.any((_rbf(diffs[0], diffs[1], sigma, *diffs[2:]) > 0.0) & distinct):
            return
    p = np.unique(pts, axis=0)
    if p.shape[0] < 2:
        return
    # exp(-t) is 0 in float64 for t > 745.14; K(d) > 0 needs d < σ·sqrt(2·745.14).
    reach = sigma * math.sqrt(2.0 * 745.2)
    p = p[np.argsort(p[:, 0], kind="stable")]
    for k in range(1, min(_SIGMA_SWEEP, p.shape[0] - 1) + 1):
        a, b = p[:-k], p[k:]
        close = (b[:, 0] - a[:, 0]) < reach
        if not close.any():
            break
        ac, bc = a[close], b[close]
        diffs = [bc[:, c] - ac[:, c] for c in range(dim)]
        if dim == 1:
            diffs.append(np.zeros_like(diffs[0]))
        if np.any(_rbf(diffs[0], diffs[1], sigma, *diffs[2:]) > 0.0):
            return
    else:
        if p.shape[0] - 1 > _SIGMA_SWEEP:
            return  # pairs left unseen: accept rather than guess
    raise DataError(
        f"σ = {sigma:.3g} is too narrow for these points: exp(-d²/(2σ²)) is 0 for every "
        "pair of distinct points, so the kernel cannot tell any two of them apart; widen σ"
    )

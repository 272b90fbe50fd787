"""The w-aligned view of points in R^d: two axes a view can draw (ALGORITHMS.md).

Once ``w != 0`` the horizontal axis is ``a1 = w / ||w||``: the hyperplane
``w·x + b = 0`` is then the vertical line ``u = -b / ||w||`` and a point's horizontal
coordinate ``u = a1·x`` gives its signed distance to it exactly,
``y (w·x + b) / ||w|| = y (u + b / ||w||)``. The vertical axis ``a2`` is the data's first
principal direction in the complement of ``a1`` (centred data with their ``a1``
component removed). At ``w = 0`` both axes are the first two principal directions.
With d = 2 a view may keep the plane itself; these axes are for d > 2 (they work for
any d >= 1: with d = 1, ``a2`` is 0).

Qt-free: a controller maps the points once per w (`project`) and hands the canvas
plain 2-D coordinates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def _principal(S: FloatArray, k: int) -> FloatArray:
    """The first k principal directions (rows) of centred data given their scatter matrix
    ``S = Xcᵀ Xc`` (d × d), signs fixed (first non-zero entry positive) so that the view
    does not flip between calls."""
    d = S.shape[0]
    if not np.any(S):
        return np.eye(d)[:k]
    # The eigenvectors of the d × d scatter matrix, largest first: an SVD of the (N, d) data
    # gives the same directions, but a threaded LAPACK took 1.6-1.9 s for 357 × 64 points
    # on a loaded 2-core machine, this 1-5 ms (up to ~0.15 s under load: LAPACK's threads
    # again; the view calls it once a data set, at w = 0).
    vals, vecs = np.linalg.eigh(S)
    keep = vals[::-1] > vals[-1] * 1e-24  # (rank-deficient data: no direction beyond it)
    vt = vecs[:, ::-1].T[keep]
    out = np.zeros((k, d))
    rows = min(k, vt.shape[0])
    out[:rows] = vt[:rows]
    for j in range(rows):
        out[j] = _signed(out[j])
    # Fewer directions than asked (rank-deficient data): complete with unit vectors.
    for j in range(rows, k):
        for e in np.eye(d):
            v = e - out[:j].T @ (out[:j] @ e)
            if np.linalg.norm(v) > 1e-9:
                out[j] = v / np.linalg.norm(v)
                break
    return out


def _signed(v: FloatArray) -> FloatArray:
    """`v` or `-v`: the one whose first entry beyond 1e-12 in size is positive."""
    nz = np.flatnonzero(np.abs(v) > 1e-12)
    return -v if nz.size and v[nz[0]] < 0 else v


#: Squarings at most in `_top_direction` (each squares the ratio of the second eigenvalue
#: to the first: 64 leave no ratio below 1 - 1e-17 unresolved).
_SQUARINGS = 64


def _top_direction(M: FloatArray) -> FloatArray | None:
    """The eigenvector of the largest eigenvalue of a symmetric positive semi-definite
    matrix (unit length, sign as `_signed`), None for M = 0.

    By repeated squaring, ``B ← B² / tr(B²)`` from ``B = M / tr(M)``, until B no longer
    changes: B is then the projection onto the top eigenvector (onto the top eigenspace if
    the largest eigenvalue is repeated), and its largest column, normalised, is the
    direction. d × d products only, which numpy's BLAS does on one thread for the d of the
    data here (64: ~0.1 ms each, a dozen of them); `np.linalg.eigh` waited for LAPACK's
    threads on a loaded 2-core machine: 0.06-0.14 s a call (median) for d = 64, at every
    step of the digits.
    """
    t = float(np.trace(M))
    if not t > 0.0 or not np.isfinite(t):
        return None
    B = M / t
    for _ in range(_SQUARINGS):
        B2 = B @ B
        t2 = float(np.trace(B2))
        if not t2 > 0.0:  # (underflow: cannot happen for a B of trace 1)
            break
        B2 /= t2
        B2 = 0.5 * (B2 + B2.T)
        done = float(np.max(np.abs(B2 - B))) <= 1e-15
        B = B2
        if done:
            break
    j = int(np.argmax(np.diag(B)))
    v = B[:, j] / float(np.linalg.norm(B[:, j]))
    # Two power steps with M itself: the squarings' rounding out of the direction.
    for _ in range(2):
        mv = M @ v
        n = float(np.linalg.norm(mv))
        if not n > 0.0:
            break
        v = mv / n
    return _signed(v)


class ViewBasis:
    """What the w-aligned view needs of the points, computed once for a data set: their
    mean and scatter matrix. `axes(w)` then costs d × d work, not N × d (the window turns
    the view at every step: with the 357 digits in R^64, ~1-2 ms a step, was 0.13-0.19 s
    on a loaded machine; see docs/speed.md).

    Parameters
    ----------
    points
        The points, shape (N, d).
    """

    def __init__(self, points: Any) -> None:
        X = np.asarray(points, dtype=np.float64)
        self.points = X
        self.d = int(X.shape[1])
        self._Xc = X - X.mean(axis=0) if X.shape[0] else X
        self._S: FloatArray = self._Xc.T @ self._Xc
        self._S = 0.5 * (self._S + self._S.T)
        self._pcs: FloatArray | None = None

    def axes(self, w: Any) -> tuple[FloatArray, FloatArray]:
        """``(a1, a2)`` for the weights `w` (see `view_axes`)."""
        d = self.d
        wv = np.asarray(w, dtype=np.float64).reshape(d)
        norm = float(np.linalg.norm(wv))
        if norm == 0.0 or not np.isfinite(norm):
            if self._pcs is None:
                self._pcs = _principal(self._S, min(2, d))
            pcs = self._pcs
            return pcs[0].copy(), pcs[1].copy() if d > 1 else np.zeros(d)
        a1 = wv / norm
        if d == 1:
            return a1, np.zeros(1)
        # The scatter of the data off a1, (I - a1 a1ᵀ) S (I - a1 a1ᵀ), in d × d work.
        S = self._S
        Sa = S @ a1
        M = S - np.outer(a1, Sa) - np.outer(Sa, a1) + float(a1 @ Sa) * np.outer(a1, a1)
        M = 0.5 * (M + M.T)
        if not float(np.trace(M)) > 1e-9 * float(np.trace(S)):
            # Almost all of the data's spread is along w: the difference above would keep
            # little but rounding; the data off a1 themselves (N × d work, seldom).
            rest = self._Xc - np.outer(self._Xc @ a1, a1)
            M = rest.T @ rest
            M = 0.5 * (M + M.T)
        top = _top_direction(M)
        a2 = np.zeros(d) if top is None else top
        a2 = a2 - (a2 @ a1) * a1  # exactly orthogonal (rounding)
        n2 = float(np.linalg.norm(a2))
        if n2 < 1e-12:  # the data lie on a line along w: any direction orthogonal to a1
            e = np.eye(d)[int(np.argmin(np.abs(a1)))]
            a2 = e - (e @ a1) * a1
            n2 = float(np.linalg.norm(a2))
        return a1, a2 / n2


def view_axes(points: Any, w: Any) -> tuple[FloatArray, FloatArray]:
    """``(a1, a2)``: the view's two axes, unit vectors in R^d (see the module notes).

    The same numbers as ``ViewBasis(points).axes(w)``, which a caller that turns the view
    often keeps for its data set.

    Parameters
    ----------
    points
        The points, shape (N, d).
    w
        The weights (d numbers).
    """
    return ViewBasis(points).axes(w)


def drawn_axes(points: Any, w: Any) -> tuple[FloatArray, FloatArray]:
    """The axes a picture draws: `view_axes`, except with one feature (d = 1), where the
    view is the x₁ axis itself, ``a1 = (1,)`` and ``a2 = (0,)`` whatever the sign of w
    (``w/|w| = -1`` would mirror the points): the hyperplane is the threshold
    ``x₁ = -b/w``, a vertical line, and every point sits at height 0."""
    X = np.asarray(points, dtype=np.float64)
    if X.ndim == 2 and X.shape[1] == 1:
        return np.ones(1), np.zeros(1)
    return view_axes(X, w)


def project(points: Any, axes: tuple[FloatArray, FloatArray]) -> FloatArray:
    """The points' view coordinates ``(a1·x, a2·x)``, shape (N, 2)."""
    X = np.asarray(points, dtype=np.float64)
    a1, a2 = axes
    return np.column_stack((X @ a1, X @ a2))


def line_u(w: Any, b: float) -> float | None:
    """The hyperplane's horizontal position ``u = -b / ||w||`` in the view (None at w = 0)."""
    norm = float(np.linalg.norm(np.asarray(w, dtype=np.float64)))
    return None if norm == 0.0 else -float(b) / norm


def feature_axes(d: int, i: int, j: int) -> tuple[FloatArray, FloatArray]:
    """The axes of the view of two features ``x_i`` (horizontal) and ``x_j`` (0-based)."""
    e = np.eye(d)
    return e[i].copy(), e[j].copy()


def slice_origin(points: Any, axes: tuple[FloatArray, FloatArray]) -> FloatArray:
    """The point of R^d that the view's origin stands for: the data's mean with its
    components along the two axes removed (the view plane through the data's centre)."""
    X = np.asarray(points, dtype=np.float64)
    if X.shape[0] == 0:
        return np.zeros(X.shape[1])
    m: FloatArray = X.mean(axis=0)
    a1, a2 = axes
    return m - (m @ a1) * a1 - (m @ a2) * a2


def turn(
    start: tuple[FloatArray, FloatArray], end: tuple[FloatArray, FloatArray], s: float
) -> tuple[FloatArray, FloatArray]:
    """The axes a fraction `s` (0 to 1) of the way from `start` to `end`: each axis moved
    along the straight line between them and the pair made orthonormal again (a turn that
    passes no axis through 0 unless start and end are opposite; then it jumps at the end).
    ``turn(a, b, 1)`` is `b` exactly."""
    if s >= 1.0:
        return end[0].copy(), end[1].copy()
    u = (1.0 - s) * start[0] + s * end[0]
    v = (1.0 - s) * start[1] + s * end[1]
    nu = float(np.linalg.norm(u))
    if nu < 1e-9:
        return start[0].copy(), start[1].copy()
    u = u / nu
    v = v - (v @ u) * u
    nv = float(np.linalg.norm(v))
    if nv < 1e-9:
        return start[0].copy(), start[1].copy()
    return u, v / nv


def project_model(model: Any, axes: tuple[FloatArray, FloatArray], origin: FloatArray) -> Any:
    """A model of R^d as the view draws it: its slice by the view plane
    ``x = origin + u a1 + v a2``, a model of (u, v).

    A line: ``((w·a1, w·a2), b + w·origin)``; with ``a1 = w/||w||`` (the w-aligned view)
    that is ``(||w||, 0)`` and b, the true hyperplane: ``||w|| u + b = w·x + b`` for every
    point. A vote: its vectors the same way. Any other model (the kernel's f): a model
    whose scores are f on the plane. None stays None.
    """
    if model is None:
        return None
    from perceptron_gui.core.model import LinearModel, VoteModel

    a1, a2 = axes
    if isinstance(model, LinearModel):
        w = np.asarray(model.w, dtype=np.float64)
        w2 = [float(w @ a1), float(w @ a2)]
        shift = float(w @ origin)
        # Rounding's crumbs of a w along a1 (the w-aligned view): exactly 0, so the line is
        # exactly vertical and b is b (a caption showed "b → −8.3e−17" for b = 0).
        tiny = 1e-12 * float(np.linalg.norm(w))
        if abs(w2[1]) <= tiny:
            w2[1] = 0.0
        if abs(shift) <= tiny * max(1.0, float(np.linalg.norm(origin))):
            shift = 0.0
        return LinearModel((w2[0], w2[1]), float(model.b) + shift)
    if isinstance(model, VoteModel):
        W = np.asarray(model.W, dtype=np.float64)
        return VoteModel(np.column_stack((W @ a1, W @ a2)), model.B + W @ origin, model.counts)
    return PlaneSlice(model, a1, a2, origin)


class PlaneSlice:
    """A model's scores on the view plane ``origin + u a1 + v a2`` (see `project_model`)."""

    def __init__(self, model: Any, a1: FloatArray, a2: FloatArray, origin: FloatArray) -> None:
        self.inner = model
        self.a1, self.a2, self.origin = a1, a2, origin

    @property
    def is_linear(self) -> bool:
        """False: drawn as regions of sign f."""
        return False

    def decision(self, P: Any) -> FloatArray:
        """f at the points of R^d that the view points P (shape (M, 2)) stand for."""
        Q = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        X = self.origin[None, :] + Q[:, :1] * self.a1[None, :] + Q[:, 1:] * self.a2[None, :]
        out: FloatArray = np.asarray(self.inner.decision(X), dtype=np.float64)
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

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


def _principal(Xc: FloatArray, k: int) -> FloatArray:
    """The first k principal directions (rows) of centred data, signs fixed (first
    non-zero entry positive) so that the view does not flip between calls."""
    d = Xc.shape[1]
    if Xc.shape[0] == 0 or not np.any(Xc):
        return np.eye(d)[:k]
    # The eigenvectors of the d × d scatter matrix, largest first: an SVD of the (N, d) data
    # gives the same directions, but a threaded LAPACK took 1.6-1.9 s for 357 × 64 points
    # on a loaded 2-core machine (every step of the digits turns the view), this 1-5 ms.
    vals, vecs = np.linalg.eigh(Xc.T @ Xc)
    keep = vals[::-1] > vals[-1] * 1e-24  # (rank-deficient data: no direction beyond it)
    vt = vecs[:, ::-1].T[keep]
    out = np.zeros((k, d))
    rows = min(k, vt.shape[0])
    out[:rows] = vt[:rows]
    for j in range(rows):
        nz = np.flatnonzero(np.abs(out[j]) > 1e-12)
        if nz.size and out[j, nz[0]] < 0:
            out[j] = -out[j]
    # Fewer directions than asked (rank-deficient data): complete with unit vectors.
    for j in range(rows, k):
        for e in np.eye(d):
            v = e - out[:j].T @ (out[:j] @ e)
            if np.linalg.norm(v) > 1e-9:
                out[j] = v / np.linalg.norm(v)
                break
    return out


def view_axes(points: Any, w: Any) -> tuple[FloatArray, FloatArray]:
    """``(a1, a2)``: the view's two axes, unit vectors in R^d (see the module notes).

    Parameters
    ----------
    points
        The points, shape (N, d).
    w
        The weights (d numbers).
    """
    X = np.asarray(points, dtype=np.float64)
    d = X.shape[1]
    wv = np.asarray(w, dtype=np.float64).reshape(d)
    Xc = X - X.mean(axis=0) if X.shape[0] else X
    norm = float(np.linalg.norm(wv))
    if norm == 0.0 or not np.isfinite(norm):
        pcs = _principal(Xc, min(2, d))
        a1 = pcs[0]
        a2 = pcs[1] if d > 1 else np.zeros(d)
        return a1, a2
    a1 = wv / norm
    if d == 1:
        return a1, np.zeros(1)
    rest = Xc - np.outer(Xc @ a1, a1)  # the data off a1
    a2 = _principal(rest, 1)[0]
    a2 = a2 - (a2 @ a1) * a1  # exactly orthogonal (rounding)
    n2 = float(np.linalg.norm(a2))
    if n2 < 1e-12:  # the data lie on a line along w: any direction orthogonal to a1
        e = np.eye(d)[int(np.argmin(np.abs(a1)))]
        a2 = e - (e @ a1) * a1
        n2 = float(np.linalg.norm(a2))
    return a1, a2 / n2


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

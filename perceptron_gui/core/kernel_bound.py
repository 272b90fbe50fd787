"""The Novikoff bound of the kernel perceptron, in feature space (ALGORITHMS.md).

With the bias on the feature vector is ``φ̂(x) = (φ(x), 1)``, so ``K̂ = K + 1``; without
it ``K̂ = K``. Then ``D² = max_i K̂(x_i, x_i)`` and ``γ² = min_{λ in the simplex} λᵀQλ``
with ``Q_ij = y_i y_j K̂(x_i, x_j)``: the squared distance from the origin to the hull
of the points ``z_i = y_i φ̂(x_i)``. The perceptron makes at most ``(D/γ)²`` updates.

The method
----------
Wolfe's min-norm-point algorithm, as in `perceptron_gui.core.novikoff`, but in the
"kernel trick" form: the current point is ``p = Σ λ_i z_i`` (λ on a small corral),
so ``p·z_j = (Qλ)_j`` and ``||p||² = λᵀQλ`` need only Q, never φ. It runs in floats
(the exact rational version would need the feature space, which for the RBF kernel is
infinite-dimensional).

Accuracy: any λ in the simplex certifies ``min_j (Qλ)_j / ||p|| <= γ <= ||p||``; the
iteration stops when the two ends agree to a relative 1e-12 (or a corral step
cannot improve ``||p||²`` any more), and the reported γ is ``||p||``. In tests it
matches an independent QP to 1e-9 relative. ``γ <= 1e-9 D`` (a relative 1e-18 in
``γ²/D²``, below what float sums of Q can resolve) is reported as 0, not separable.

Q is built whole (N² floats), so the bound is refused above `KERNEL_BOUND_MAX_N`
points (2000: 32 MB and about a second) with a clear message instead of freezing.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import kernel_block

FloatArray = npt.NDArray[np.float64]

#: The most points the kernel bound is computed for (Q is N×N floats).
KERNEL_BOUND_MAX_N = 2000
_REL_GAP = 1e-12
_ZERO_GAMMA = 1e-9
_MAX_MAJOR = 100_000


class _Corral:
    """The corral's factor ``RᵀR = Q_SS + 1 1ᵀ`` (Wolfe's own form), kept up to date.

    Adding a vertex appends one column (O(m²)); removing one restores the triangle with
    Givens rotations (O(m²)); the affine minimiser is two triangular solves (O(m²)).
    So a major iteration costs O(N m) for the scores and O(m²) here, never O(m³).
    """

    def __init__(self, Q: FloatArray, j: int) -> None:
        self.Q = Q
        self.S: list[int] = [j]
        self.R = np.array([[math.sqrt(float(Q[j, j]) + 1.0)]])

    def add(self, j: int) -> bool:
        """Append vertex j; False when it is affinely dependent on the corral (in floats)."""
        col = self.Q[self.S, j] + 1.0
        r = _solve_lower(self.R, col)
        rho2 = float(self.Q[j, j]) + 1.0 - float(r @ r)
        if rho2 <= 1e-14 * (float(self.Q[j, j]) + 1.0):
            return False
        m = len(self.S)
        R = np.zeros((m + 1, m + 1))
        R[:m, :m] = self.R
        R[:m, m] = r
        R[m, m] = math.sqrt(rho2)
        self.R = R
        self.S.append(j)
        return True

    def remove(self, pos: int) -> None:
        """Drop the vertex at position pos of the corral."""
        R = np.delete(self.R, pos, axis=1)
        m = R.shape[0]
        for i in range(pos, m - 1):  # zero the subdiagonal left by the deleted column
            a, b = R[i, i], R[i + 1, i]
            h = math.hypot(a, b)
            if h == 0.0:
                continue
            c, s = a / h, b / h
            top, bot = R[i, i:].copy(), R[i + 1, i:].copy()
            R[i, i:] = c * top + s * bot
            R[i + 1, i:] = -s * top + c * bot
        self.R = R[: m - 1]
        del self.S[pos]

    def affine_minimiser(self) -> FloatArray:
        """μ minimising μᵀQ_SSμ with Σμ = 1: ``μ ∝ (Q_SS + 1 1ᵀ)⁻¹ 1``."""
        ones = np.ones(len(self.S))
        a = _solve_upper(self.R, _solve_lower(self.R, ones))
        mu: FloatArray = a / a.sum()
        return mu


def _solve_lower(R: FloatArray, b: FloatArray) -> FloatArray:
    """x with ``Rᵀ x = b`` (R upper triangular), by forward substitution."""
    m = R.shape[0]
    x = np.zeros(m)
    for i in range(m):
        x[i] = (b[i] - R[:i, i] @ x[:i]) / R[i, i]
    return x


def _solve_upper(R: FloatArray, b: FloatArray) -> FloatArray:
    """x with ``R x = b`` (R upper triangular), by back substitution."""
    m = R.shape[0]
    x = np.zeros(m)
    for i in range(m - 1, -1, -1):
        x[i] = (b[i] - R[i, i + 1 :] @ x[i + 1 :]) / R[i, i]
    return x


def min_norm_gram(Q: FloatArray) -> tuple[FloatArray, float, float]:
    """Wolfe's min-norm point of the hull of points known only by their Gram matrix Q.

    Parameters
    ----------
    Q
        ``Q_ij = z_i · z_j``, symmetric positive semi-definite, shape (N, N), N >= 1.

    Returns
    -------
    lam
        The weights λ (in the simplex) of the nearest point ``p = Σ λ_i z_i``.
    norm2
        ``||p||² = λᵀQλ``.
    lower
        ``min_j (Qλ)_j``, so that ``max(lower, 0)² / norm2 <= γ² <= norm2``.
    """
    n = Q.shape[0]
    diag = np.diag(Q)
    scale = float(diag.max()) if n else 1.0
    j0 = int(np.argmin(diag))
    corral = _Corral(Q, j0)
    lamS = np.ones(1)
    norm2 = lower = float(diag[j0])
    best = math.inf
    for _ in range(_MAX_MAJOR):
        S = corral.S
        g = Q[:, S] @ lamS  # p·z_j for every j
        norm2 = float(lamS @ g[S])
        j = int(np.argmin(g))
        lower = float(g[j])
        if norm2 - lower <= _REL_GAP * max(norm2, 1e-300) or norm2 <= (_ZERO_GAMMA**2) * scale:
            break
        if norm2 >= best:  # exact Wolfe decreases ||p|| every major step; floats stalled
            break
        best = norm2
        if j in S or not corral.add(j):  # float noise: no vertex improves p any more
            break
        lamS = np.append(lamS, 0.0)
        while True:  # minor cycle: towards the affine minimiser, dropping vertices
            mu = corral.affine_minimiser()
            if np.all(mu > 0):
                lamS = mu
                break
            neg = mu <= 0
            theta = float(np.min(lamS[neg] / (lamS[neg] - mu[neg])))
            lamS = lamS + theta * (mu - lamS)
            drop = np.flatnonzero(lamS <= 1e-15)
            if drop.shape[0] == 0:  # rounding: drop the vertex that reached 0 first
                drop = np.array([int(np.argmin(np.where(neg, lamS, np.inf)))])
            if drop.shape[0] == lamS.shape[0]:  # cannot happen: keep the largest weight
                drop = np.delete(drop, int(np.argmax(lamS)))
            for pos in sorted(drop.tolist(), reverse=True):
                corral.remove(pos)
            lamS = np.delete(lamS, drop)
            lamS = np.maximum(lamS, 0.0) / np.maximum(lamS, 0.0).sum()
    else:  # pragma: no cover - Wolfe is finite; this guards against a hang
        raise DataError("the kernel bound did not converge")
    lam = np.zeros(n)
    lam[corral.S] = lamS
    return lam, norm2, lower


def gram_hat(
    data: Dataset, bias: bool, kernel: str, degree: int, coef0: float, sigma: float
) -> FloatArray:
    """``K̂(x_i, x_j)``: the kernel, plus 1 with the bias on, shape (N, N)."""
    K = kernel_block(data.points, data.points, kernel, degree, coef0, sigma)
    if bias:
        K += 1.0
    return K


def kernel_novikoff(
    X: Any,
    y: Any = None,
    bias: bool = True,
    kernel: str = "poly",
    degree: int = 2,
    coef0: float = 1.0,
    sigma: float = 1.0,
) -> Any:
    """D, γ and ``(D/γ)²`` in the kernel's feature space (a `Bound`, no direction).

    Raises
    ------
    DataError
        On invalid data, a bad kernel setting, or N > `KERNEL_BOUND_MAX_N`.
    """
    from perceptron_gui.core.config import TrainConfig
    from perceptron_gui.core.novikoff import Bound

    data = X if isinstance(X, Dataset) else make_dataset(X, y)
    # The kernel settings are checked by the same rules as a run's.
    TrainConfig(mode="kernel", kernel=kernel, degree=degree, coef0=coef0, sigma=sigma)  # type: ignore[arg-type]
    n = data.n
    if n > KERNEL_BOUND_MAX_N:
        raise DataError(f"too many points for the kernel bound (N = {n} > {KERNEL_BOUND_MAX_N})")
    if n == 0:
        return Bound(D=0.0, gamma=0.0, bound=None, separable=False, direction=(), bias=bias)
    K = gram_hat(data, bias, kernel, degree, coef0, sigma)
    if not np.all(np.isfinite(K)):
        raise DataError("the kernel values overflow for these points (lower the degree)")
    d2 = float(np.max(np.diag(K)))
    y_ = data.labels.astype(np.float64)
    Q = K * y_[:, None] * y_[None, :]
    Q = 0.5 * (Q + Q.T)
    _, norm2, lower = min_norm_gram(Q)
    D = math.sqrt(d2)
    separable = norm2 > (_ZERO_GAMMA**2) * d2 and lower > 0.0
    if not separable:
        return Bound(D=D, gamma=0.0, bound=None, separable=False, direction=(), bias=bias)
    return Bound(
        D=D,
        gamma=math.sqrt(norm2),
        bound=d2 / norm2,
        separable=True,
        direction=(),
        bias=bias,
    )

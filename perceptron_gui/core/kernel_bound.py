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


def _affine_minimiser(Qs: FloatArray) -> FloatArray:
    """μ minimising μᵀ Qs μ with Σμ = 1 (the bordered KKT system, least squares)."""
    m = Qs.shape[0]
    A = np.zeros((m + 1, m + 1))
    A[:m, :m] = Qs
    A[:m, m] = 1.0
    A[m, :m] = 1.0
    rhs = np.zeros(m + 1)
    rhs[m] = 1.0
    sol = np.linalg.lstsq(A, rhs, rcond=None)[0]
    mu: FloatArray = sol[:m]
    return mu


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
    lam = np.zeros(n)
    j0 = int(np.argmin(diag))
    S = [j0]
    lam[j0] = 1.0
    norm2 = float(diag[j0])
    lower = norm2
    for _ in range(_MAX_MAJOR):
        lS = lam[S]
        g = Q[:, S] @ lS  # p·z_j for every j
        norm2 = float(lS @ Q[np.ix_(S, S)] @ lS)
        j = int(np.argmin(g))
        lower = float(g[j])
        if norm2 - lower <= _REL_GAP * max(norm2, 1e-300) or norm2 <= (_ZERO_GAMMA**2) * scale:
            break
        if j in S:  # float noise: the best vertex is already in the corral
            break
        S.append(j)
        while True:  # minor cycle: move to the affine minimiser, dropping vertices
            idx = np.array(S)
            mu = _affine_minimiser(Q[np.ix_(idx, idx)])
            if np.all(mu > 0):
                lam[:] = 0.0
                lam[idx] = mu
                break
            cur = lam[idx]
            neg = mu <= 0
            theta = float(np.min(cur[neg] / (cur[neg] - mu[neg])))
            new = cur + theta * (mu - cur)
            new[new <= 1e-15] = 0.0
            lam[:] = 0.0
            lam[idx] = new
            S = [int(i) for i in idx[new > 0]]
            if not S:  # cannot happen in exact arithmetic; keep the best single vertex
                S = [j]
                lam[j] = 1.0
                break
        lam /= lam.sum()
    else:  # pragma: no cover - Wolfe is finite; this guards against a hang
        raise DataError("the kernel bound did not converge")
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

"""The Novikoff bound of the kernel perceptron, in feature space (ALGORITHMS.md).

With the bias on the feature vector is ``φ̂(x) = (φ(x), 1)``, so ``K̂ = K + 1``; without
it ``K̂ = K``. Then ``D² = max_i K̂(x_i, x_i)`` and ``γ² = min_{λ in the simplex} λᵀQλ``
with ``Q_ij = y_i y_j K̂(x_i, x_j)``: the squared distance from the origin to the hull
of the points ``z_i = y_i φ̂(x_i)``. The perceptron makes at most ``(D/γ)²`` updates.

The method
----------
Wolfe's min-norm-point algorithm, as in `perceptron_gui.core.novikoff`, but in the
"kernel trick" form: the current point is ``p = Σ λ_i z_i`` (λ on a corral S), so
``p·z_j = (Qλ)_j`` and ``||p||² = λᵀQλ`` need only Q, never φ. It runs in floats
(the exact rational version would need the feature space, which for the RBF kernel is
infinite-dimensional). The corral's matrix ``(Q_SS + 1 1ᵀ)⁻¹`` is updated per vertex
(O(m²)), so a major step costs O(N m).

Accuracy: any λ in the simplex certifies ``min_j (Qλ)_j / ||p|| <= γ <= ||p||``; the
iteration stops when the two ends agree to a relative 1e-12, or when ``||p||²`` stops
decreasing even after the corral's inverse is recomputed from Q (float noise: the
sums of Q carry an error near 1e-16 D², so for γ/D near 1e-4 the ends agree to about
1e-8 only). The reported γ is the certified lower end ``min_j (Qλ)_j / ||p||``, so
that ``(D/γ)²`` is always a true bound. In tests it matches an independent QP to
1e-9 relative. When the two ends stay more than 1e-9 apart (an ill-conditioned corral,
common with random labels and γ/D near 1e-5), `_polish` solves again in explicit
coordinates (the eigen-decomposition of Q, least squares with iterative refinement for
the affine minimisers) and the better certified bracket is kept: on random-label RBF
sets γ then agrees with an independent active-set QP to 1e-6 wherever that certifies
γ > 1e-7 D (the Gram-only iteration refused ~6 % of them). The iteration is capped
at 6·10⁸ multiply-adds (a few seconds); past that a DataError says γ is too small to
compute. ``γ <= 1e-7 D`` (``γ² <= 1e-14 D²``, within reach of that noise) is reported
as 0, not separable; a stall of both solvers with the lower end still <= 0 above that
is a DataError saying γ could not be told from 0 (rare: near-duplicate points with
opposite labels and a narrow RBF).

Q is built whole (N² floats), so the bound is refused above `KERNEL_BOUND_MAX_N`
points (2000: 32 MB and about a second) with a clear message instead of freezing.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import kernel_block

FloatArray = npt.NDArray[np.float64]

#: The most points the kernel bound is computed for (Q is N×N floats).
KERNEL_BOUND_MAX_N = 2000
_REL_GAP = 1e-12
_ZERO_GAMMA = 1e-7
# A relative gap of the ends of ||p||² above which the bound is solved again (`_polish`).
_POLISH_GAP = 1e-9
_MAX_MAJOR = 100_000
# Multiply-adds allowed to Wolfe's iteration (some 2-5 s): past it, γ is so small against
# D that floats would stall anyway, and the caller gets a message instead of a freeze.
_MAX_WORK = 600_000_000
# ... where each step also counts for its numpy calls' overhead (~10 µs).
_CALL = 20_000


class _Corral:
    """The corral and the inverse ``(Q_SS + 1 1ᵀ)⁻¹`` (Wolfe's matrix), kept up to date.

    Adding a vertex borders the inverse and removing one takes a Schur complement,
    both O(m²) in vectorised numpy; the affine minimiser is then one row sum. Rounding
    in the inverse can only slow the iteration down: every λ it yields is put back in
    the simplex, and the bracket of `min_norm_gram` is computed from λ and Q alone.
    """

    def __init__(self, Q: FloatArray, j: int) -> None:
        self.Q = Q
        self.S: list[int] = [j]
        self.inv = np.array([[1.0 / (float(Q[j, j]) + 1.0)]])

    def add(self, j: int) -> bool:
        """Append vertex j; False when it is affinely dependent on the corral (in floats)."""
        c = self.Q[self.S, j] + 1.0
        d = float(self.Q[j, j]) + 1.0
        r = self.inv @ c
        rho = d - float(c @ r)
        if rho <= 1e-14 * d:
            return False
        m = len(self.S)
        inv = np.empty((m + 1, m + 1))
        inv[:m, :m] = self.inv + np.outer(r, r / rho)
        inv[:m, m] = inv[m, :m] = -r / rho
        inv[m, m] = 1.0 / rho
        self.inv = inv
        self.S.append(j)
        return True

    def remove(self, pos: int) -> None:
        """Drop the vertex at position pos of the corral."""
        B = self.inv
        col = np.delete(B[:, pos], pos)
        rest = np.delete(np.delete(B, pos, axis=0), pos, axis=1)
        self.inv = rest - np.outer(col, col / B[pos, pos])
        del self.S[pos]

    def refresh(self) -> FloatArray | None:
        """Recompute the inverse from Q (O(m³)), dropping the rounding of the updates.

        Returns the affine minimiser solved afresh from the bordered KKT system (least
        squares, better conditioned than the inverse), or None if it leaves the simplex.
        """
        S = self.S
        Qs = self.Q[np.ix_(S, S)]
        self.inv = np.linalg.inv(Qs + 1.0)
        m = len(S)
        A = np.zeros((m + 1, m + 1))
        A[:m, :m] = Qs
        A[:m, m] = A[m, :m] = 1.0
        rhs = np.zeros(m + 1)
        rhs[m] = 1.0
        mu = np.asarray(np.linalg.lstsq(A, rhs, rcond=None)[0][:m], dtype=np.float64)
        return mu if bool(np.all(mu > 0)) else None

    def affine_minimiser(self) -> FloatArray:
        """μ minimising μᵀQ_SSμ with Σμ = 1: ``μ ∝ (Q_SS + 1 1ᵀ)⁻¹ 1``."""
        a = self.inv.sum(axis=1)
        mu: FloatArray = a / a.sum()
        return mu


def _towards(lam: FloatArray, mu: FloatArray) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
    """Wolfe's minor step: from λ towards the affine minimiser μ until a weight reaches 0.

    Returns λ there, renormalised on the vertices kept, and which vertices stay (at least
    one leaves, at least one stays; rounding may leave the one that reached 0 first a
    hair above it).
    """
    neg = mu <= 0
    theta = float(np.min(lam[neg] / (lam[neg] - mu[neg])))
    lam = lam + theta * (mu - lam)
    keep = lam > 1e-15
    if keep.all():
        keep[int(np.argmin(np.where(neg, lam, np.inf)))] = False
    if not keep.any():  # cannot happen: keep the largest weight
        keep[int(np.argmax(lam))] = True
    lam = np.where(keep, np.maximum(lam, 0.0), 0.0)
    return lam / lam.sum(), keep


def min_norm_gram(Q: FloatArray, deadline: float | None = None) -> tuple[FloatArray, float, float]:
    """Wolfe's min-norm point of the hull of points known only by their Gram matrix Q.

    Parameters
    ----------
    Q
        ``Q_ij = z_i · z_j``, symmetric positive semi-definite, shape (N, N), N >= 1.
    deadline
        A `time.perf_counter` value: past it, the weights reached so far (their bracket
        is valid, its ends may be apart).

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
    refreshed = False
    work = 0
    for _ in range(_MAX_MAJOR):
        S = corral.S
        work += n * len(S) + len(S) ** 2 + _CALL
        if work > _MAX_WORK:
            raise DataError(
                "the kernel bound takes too long for these points (γ is tiny: "
                "a narrower kernel or fewer points will do)"
            )
        if 8 * len(S) > n:  # a BLAS product beats copying many columns of Q
            lam_full = np.zeros(n)
            lam_full[S] = lamS
            g = Q @ lam_full
        else:
            g = Q[:, S] @ lamS  # p·z_j for every j
        norm2 = float(lamS @ g[S])
        j = int(np.argmin(g))
        lower = float(g[j])
        if norm2 - lower <= _REL_GAP * max(norm2, 1e-300) or norm2 <= (_ZERO_GAMMA**2) * scale:
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
        # Exact Wolfe decreases ||p|| at every major step and never picks a corral vertex;
        # when floats break either, solve the corral afresh once, then give up.
        stalled = norm2 >= best or j in S
        if not stalled:
            best = norm2
            refreshed = False
            stalled = not corral.add(j)
        if stalled:
            if refreshed:
                break
            polished = corral.refresh()
            work += 2 * len(corral.S) ** 3 + _CALL
            refreshed = True
            if polished is not None:
                lamS = polished
            continue
        lamS = np.append(lamS, 0.0)
        while True:  # minor cycle: towards the affine minimiser, dropping vertices
            work += 4 * len(corral.S) ** 2 + _CALL
            mu = corral.affine_minimiser()
            if np.all(mu > 0):
                lamS = mu
                break
            lamS, keep = _towards(lamS, mu)
            for pos in sorted(np.flatnonzero(~keep).tolist(), reverse=True):
                corral.remove(pos)
            lamS = lamS[keep]
    else:  # pragma: no cover - Wolfe is finite; this guards against a hang
        raise DataError("the kernel bound did not converge")
    lam = np.zeros(n)
    lam[corral.S] = lamS
    return lam, norm2, lower


def _affine_explicit(P: FloatArray) -> FloatArray:
    """μ minimising ``||Σ μ_i p_i||`` with Σμ = 1, by least squares on the differences.

    ``Σ μ_i p_i = p_0 + Σ_{i>0} t_i (p_i - p_0)``: an SVD-based least-squares problem in
    the coordinates themselves, stable where the bordered Gram system is not, then two
    steps of iterative refinement (the same solve on the residual point).
    """
    if P.shape[0] == 1:
        return np.ones(1)
    A = (P[1:] - P[0]).T
    t = np.linalg.lstsq(A, -P[0], rcond=None)[0]
    mu = np.asarray(np.concatenate(([1.0 - float(t.sum())], t)), dtype=np.float64)
    for _ in range(2):  # iterative refinement: the residual point is small, its error too
        t = np.linalg.lstsq(A, -(mu @ P), rcond=None)[0]
        mu[0] -= float(t.sum())
        mu[1:] += t
    return mu


def min_norm_explicit(Z: FloatArray, deadline: float | None = None) -> FloatArray:
    """Wolfe's min-norm point of the hull of the rows of Z, in explicit coordinates.

    The fallback of `kernel_novikoff` when the Gram-only iteration stalls: Z comes from
    the eigen-decomposition of Q (``Z Zᵀ = Q`` up to rounding), the affine minimisers
    are least-squares solutions in those coordinates, and every weight vector is put
    back in the simplex. Returns the weights λ (the caller certifies them against Q);
    past `deadline` (a `time.perf_counter` value) the weights reached so far.
    """
    n = Z.shape[0]
    norms = np.einsum("ij,ij->i", Z, Z)
    S = [int(np.argmin(norms))]
    lam = np.ones(1)
    best = math.inf
    for _ in range(20 * n + 100):
        if deadline is not None and time.perf_counter() > deadline:
            break
        p = lam @ Z[S]
        g = Z @ p
        pp = float(p @ p)
        j = int(np.argmin(g))
        if pp - float(g[j]) <= _REL_GAP * max(pp, 1e-300) or j in S or pp >= best:
            break
        best = pp
        S.append(j)
        lam = np.append(lam, 0.0)
        for _ in range(len(S) + 1):  # minor cycles: each drops at least one vertex
            if deadline is not None and time.perf_counter() > deadline:
                break  # (λ is in the simplex after every cycle)
            mu = _affine_explicit(Z[S])
            if np.all(mu > 0):
                lam = mu
                break
            lam, keep = _towards(lam, mu)
            S = [v for v, k in zip(S, keep.tolist(), strict=True) if k]
            lam = lam[keep]
    out = np.zeros(n)
    out[S] = lam
    return out


def _polish(Q: FloatArray, deadline: float | None = None) -> tuple[float, float]:
    """``(norm2, lower)`` of Q for the weights of `min_norm_explicit` on Q's features."""
    vals, vecs = np.linalg.eigh(Q)
    keep = vals > 0.0
    Z = vecs[:, keep] * np.sqrt(vals[keep])
    lam = min_norm_explicit(Z, deadline)
    g = Q @ lam
    return float(lam @ g), float(g.min())


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
    time_limit: float | None = None,
) -> Any:
    """D, γ and ``(D/γ)²`` in the kernel's feature space (a `Bound`, no direction).

    `time_limit` (seconds, None: none) bounds Wolfe's iterations, whose time can grow to
    minutes (random labels on a few hundred points with a narrow RBF): cut short with
    γ's ends apart by more than 1e-9 relative, it raises rather than give a γ that is
    not the exact one (the window passes a limit; `novikoff` does not).

    Raises
    ------
    DataError
        On invalid data, a bad kernel setting, N > `KERNEL_BOUND_MAX_N`, or the time
        limit reached.
    """
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    from perceptron_gui.core.config import TrainConfig

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
    _, norm2, lower = min_norm_gram(Q, deadline)
    g_low = lower / math.sqrt(norm2) if lower > 0.0 else 0.0
    late = deadline is not None and time.perf_counter() > deadline
    if not late and norm2 > (_ZERO_GAMMA**2) * d2 and norm2 - lower > _POLISH_GAP * norm2:
        # Wolfe's Gram-only iteration stalled before its ends met (an ill-conditioned
        # corral): solve again in explicit coordinates. Its weights are certified against
        # Q all the same; the better of the two brackets is kept.
        p_norm2, p_lower = _polish(Q, deadline)
        if p_lower > 0.0 and p_norm2 > 0.0:
            g_low = max(g_low, p_lower / math.sqrt(p_norm2))
            norm2 = min(norm2, p_norm2)
            lower = max(lower, p_lower)
    if deadline is not None and time.perf_counter() > deadline:
        if norm2 > (_ZERO_GAMMA**2) * d2 and norm2 - lower > _POLISH_GAP * norm2:
            raise DataError(
                f"γ in feature space takes longer than {time_limit:g} s to compute for "
                f"these {n} points (a script's novikoff(..., kernel=...) computes it)"
            )
    D = math.sqrt(d2)
    if norm2 > (_ZERO_GAMMA**2) * d2 and lower <= 0.0:
        # Floats stalled between "separable" and "not": say so rather than guess.
        raise DataError(
            f"the kernel bound is out of reach of float arithmetic here: γ is at most "
            f"{math.sqrt(norm2):.3g} but could not be told from 0"
        )
    separable = norm2 > (_ZERO_GAMMA**2) * d2
    if not separable:
        return Bound(D=D, gamma=0.0, bound=None, separable=False, direction=(), bias=bias)
    # The certified lower end of γ, so that (D/γ)² stays a bound even when floats stalled
    # before the ends met (when they met, the two agree to 1e-12).
    gamma = min(g_low, math.sqrt(norm2))
    return Bound(
        D=D,
        gamma=gamma,
        bound=d2 / (gamma * gamma),
        separable=True,
        direction=(),
        bias=bias,
    )

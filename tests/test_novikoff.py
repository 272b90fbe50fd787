"""The Novikoff bound and the best-line margin, against hand computations and brute force."""

from __future__ import annotations

import itertools
import json
import math
import sys
from fractions import Fraction
from importlib import resources

import numpy as np
import pytest

from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.novikoff import Bound, best_line_margin, min_norm_point, novikoff

# ---------------------------------------------------------------------------
# independent references


def augment(X: np.ndarray, y: np.ndarray, bias: bool) -> np.ndarray:
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    Xh = np.column_stack([X, np.ones(len(X))]) if bias else X
    return np.asarray(y, dtype=float)[:, None] * Xh


def brute_min_norm(Z: np.ndarray) -> np.ndarray:
    """Min-norm point of conv(rows of Z) by trying every subset of <= d + 1 rows.

    For each subset, the nearest point of its affine hull (np.linalg.lstsq) is
    the answer when its weights are >= 0 (it lies in the hull) and no row of Z
    is on the near side of the plane through it (z·p >= ||p||² for all z).
    """
    n, d = Z.shape
    scale = float(np.max(np.linalg.norm(Z, axis=1)))
    tol = 1e-11 * scale**2
    best: np.ndarray | None = None
    for size in range(1, d + 2):
        for S in itertools.combinations(range(n), size):
            s0 = Z[S[0]]
            M = (Z[list(S[1:])] - s0).T  # d x (size-1)
            if size == 1:
                alpha = np.array([1.0])
            else:
                beta = np.linalg.lstsq(M, -s0, rcond=None)[0]
                alpha = np.concatenate([[1 - beta.sum()], beta])
            p = alpha @ Z[list(S)]
            if np.any(alpha < -1e-12):
                continue
            if np.min(Z @ p) < p @ p - tol:
                continue
            if best is None or p @ p < best @ best:
                best = p
    assert best is not None
    return best


def exact_min_norm_sq(Z: np.ndarray) -> Fraction:
    """||min-norm point||², exactly, by the same subset search in rational arithmetic."""
    F = [tuple(Fraction(float(v)) for v in row) for row in Z]

    def dot(u, v):
        return sum((a * b for a, b in zip(u, v, strict=True)), Fraction(0))

    n, d = Z.shape
    best: Fraction | None = None
    for size in range(1, d + 2):
        for S in itertools.combinations(range(n), size):
            pts = [F[i] for i in S]
            V = [tuple(a - b for a, b in zip(s, pts[0], strict=True)) for s in pts[1:]]
            m = len(V)
            A = [[dot(u, v) for v in V] + [-dot(u, pts[0])] for u in V]
            ok = True
            for c in range(m):  # Gauss-Jordan
                piv = next((r for r in range(c, m) if A[r][c] != 0), None)
                if piv is None:
                    ok = False
                    break
                A[c], A[piv] = A[piv], A[c]
                A[c] = [v / A[c][c] for v in A[c]]
                for r in range(m):
                    if r != c and A[r][c] != 0:
                        f = A[r][c]
                        A[r] = [a - f * b for a, b in zip(A[r], A[c], strict=True)]
            if not ok:
                continue
            beta = [A[r][m] for r in range(m)]
            alpha = [1 - sum(beta, Fraction(0)), *beta]
            if any(a < 0 for a in alpha):
                continue
            p = tuple(
                sum((a * s[c] for a, s in zip(alpha, pts, strict=True)), Fraction(0))
                for c in range(d)
            )
            pp = dot(p, p)
            if all(dot(z, p) >= pp for z in F) and (best is None or pp < best):
                best = pp
    assert best is not None
    return best


def point_segment_distance(q: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    ab = b - a
    t = 0.0 if not ab.any() else float(np.clip((q - a) @ ab / (ab @ ab), 0.0, 1.0))
    return float(np.linalg.norm(q - (a + t * ab)))


def brute_hull_distance(A: np.ndarray, B: np.ndarray) -> float:
    """Distance between two disjoint convex hulls in the plane: vertex to edge, both ways."""
    best = math.inf
    for P, Q in ((A, B), (B, A)):
        for q in P:
            for i, j in itertools.combinations_with_replacement(range(len(Q)), 2):
                best = min(best, point_segment_distance(q, Q[i], Q[j]))
    return best


def random_set(rng: np.random.Generator, n: int, kind: str, through_origin: bool = False):
    X = rng.uniform(-5, 5, size=(n, 2))
    if kind == "separable":
        a = rng.uniform(0, 2 * np.pi)
        w = np.array([np.cos(a), np.sin(a)])
        c = 0.0 if through_origin else rng.uniform(-2, 2)
        s = X @ w + c
        X = X[np.abs(s) > 0.3]
        y = np.where(X @ w + c > 0, 1.0, -1.0)
    else:
        y = rng.choice([-1.0, 1.0], size=n)
    return X, y


# ---------------------------------------------------------------------------
# the worked example


def test_worked_example_by_hand() -> None:
    # z1 = (3, 3, 1), z2 = (4, 3, 1), z3 = (-1, -1, -1).
    # D² = max ||(x, 1)||² = 4² + 3² + 1 = 26 (x2).
    # Nearest point of the segment z3 + t (z1 - z3), z1 - z3 = (4, 4, 2):
    #   t = -z3·(4,4,2) / ||(4,4,2)||² = 10/36 = 5/18,
    #   p = (-1 + 20/18, -1 + 20/18, -1 + 10/18) = (1/9, 1/9, -4/9), ||p||² = 18/81 = 2/9.
    # It is the nearest point of the whole triangle: z·p >= ||p||² for all three
    #   z1·p = (3 + 3 - 4)/9 = 2/9, z3·p = (-1 - 1 + 4)/9 = 2/9, z2·p = (4 + 3 - 4)/9 = 3/9.
    # So γ = sqrt(2)/3, û = (1, 1, -4)/sqrt(18) (the line x1 + x2 = 4),
    # bound = D²/γ² = 26 / (2/9) = 117.
    b = novikoff([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    assert b.separable and b.bias
    assert b.D == pytest.approx(math.sqrt(26), rel=1e-12)
    assert b.gamma == pytest.approx(math.sqrt(2) / 3, rel=1e-12)
    assert b.bound == pytest.approx(117.0, rel=1e-12)
    u = np.array([1.0, 1.0, -4.0]) / math.sqrt(18)
    np.testing.assert_allclose(b.direction, u, rtol=1e-12)
    p, weights = min_norm_point(augment([[3, 3], [4, 3], [1, 1]], [1, 1, -1], True))
    np.testing.assert_allclose(p, [1 / 9, 1 / 9, -4 / 9], rtol=1e-12)
    # p = (13/18) z3 + (5/18) z1
    np.testing.assert_allclose(weights, [5 / 18, 0.0, 13 / 18], rtol=1e-12, atol=1e-15)


def test_worked_example_without_bias_is_not_separable() -> None:
    # (3, 3) with +1 and (1, 1) with -1 lie on one ray from the origin: z1 = (3, 3) and
    # z3 = (-1, -1), and the segment between them passes through the origin.
    b = novikoff([[3, 3], [4, 3], [1, 1]], [1, 1, -1], bias=False)
    assert not b.separable
    assert b.gamma == 0.0 and b.bound is None
    assert b.direction == (0.0, 0.0)
    assert b.D == pytest.approx(5.0, rel=1e-15)


def test_worked_example_best_line_margin() -> None:
    # The nearest +1 point to (1, 1) is (3, 3): hull distance 2 sqrt(2), margin sqrt(2) > γ.
    assert best_line_margin([[3, 3], [4, 3], [1, 1]], [1, 1, -1]) == pytest.approx(
        math.sqrt(2), rel=1e-12
    )


# ---------------------------------------------------------------------------
# against brute force


@pytest.mark.long
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("kind", ["separable", "random"])
def test_gamma_matches_brute_force(bias: bool, kind: str) -> None:
    rng = np.random.default_rng(1234 + bias + 2 * (kind == "random"))
    checked = 0
    for _ in range(60):
        n = int(rng.integers(3, 13))
        X, y = random_set(rng, n, kind, through_origin=not bias and rng.random() < 0.7)
        if len(y) == 0:
            continue
        Z = augment(X, y, bias)
        p = brute_min_norm(Z)
        b = novikoff(X, y, bias=bias)
        D = float(np.max(np.linalg.norm(Z, axis=1)))
        assert b.D == pytest.approx(D, rel=1e-12)
        if np.linalg.norm(p) < 1e-9 * D:
            assert not b.separable
            assert b.gamma == 0.0 and b.bound is None
        else:
            assert b.separable
            assert b.gamma == pytest.approx(np.linalg.norm(p), rel=1e-9)
            assert b.bound == pytest.approx((D / np.linalg.norm(p)) ** 2, rel=1e-8)
            np.testing.assert_allclose(b.direction, p / np.linalg.norm(p), rtol=1e-8, atol=1e-12)
        checked += 1
    assert checked > 40


@pytest.mark.long
@pytest.mark.parametrize("bias", [True, False])
def test_separability_agrees_with_exact_brute_force(bias: bool) -> None:
    # Small integer sets hit every degenerate case (ties, collinear, origin on a segment).
    rng = np.random.default_rng(7 + bias)
    seen = {True: 0, False: 0}
    for _ in range(150):
        n = int(rng.integers(1, 7))
        X = rng.integers(-2, 3, size=(n, 2)).astype(float)
        y = rng.choice([-1.0, 1.0], size=n)
        pp = exact_min_norm_sq(augment(X, y, bias))
        b = novikoff(X, y, bias=bias)
        assert b.separable == (pp > 0)
        seen[b.separable] += 1
        if pp > 0:
            assert b.gamma == pytest.approx(math.sqrt(pp), rel=1e-14)
    assert seen[True] > 10 and seen[False] > 10


@pytest.mark.parametrize("bias", [True, False])
def test_direction_is_a_certificate(bias: bool) -> None:
    rng = np.random.default_rng(99)
    for _ in range(30):
        X, y = random_set(rng, int(rng.integers(5, 200)), "separable", through_origin=not bias)
        b = novikoff(X, y, bias=bias)
        assert b.separable
        Z = augment(X, y, bias)
        u = np.array(b.direction)
        assert np.linalg.norm(u) == pytest.approx(1.0, rel=1e-14)
        assert np.min(Z @ u) == pytest.approx(b.gamma, rel=1e-9)


def test_min_norm_point_weights_and_higher_dimension() -> None:
    rng = np.random.default_rng(5)
    for d in (2, 3, 4):
        for _ in range(10):
            Z = rng.normal(size=(int(rng.integers(1, 9)), d)) + rng.normal(size=d)
            p, w = min_norm_point(Z)
            assert np.all(w >= 0) and w.sum() == pytest.approx(1.0, rel=1e-12)
            assert np.count_nonzero(w) <= d + 1
            np.testing.assert_allclose(w @ Z, p, atol=1e-12)
            ref = brute_min_norm(Z)
            np.testing.assert_allclose(p, ref, atol=1e-9 * max(1.0, np.linalg.norm(ref)))


def test_min_norm_point_rejects_bad_input() -> None:
    with pytest.raises(DataError):
        min_norm_point(np.zeros((0, 3)))
    with pytest.raises(DataError):
        min_norm_point([[1.0, np.nan]])


# ---------------------------------------------------------------------------
# edge cases


def test_empty() -> None:
    for bias, d in ((True, 3), (False, 2)):
        b = novikoff(np.zeros((0, 2)), np.zeros(0), bias=bias)
        assert b == Bound(0.0, 0.0, None, False, (0.0,) * d, bias)
    assert best_line_margin(np.zeros((0, 2)), np.zeros(0)) is None


def test_single_point() -> None:
    b = novikoff([[3.0, 4.0]], [-1.0])
    # One point: γ = D = ||(3, 4, 1)||, bound 1 (the first update already classifies it).
    assert b.separable and b.gamma == pytest.approx(math.sqrt(26), rel=1e-15)
    assert b.bound == pytest.approx(1.0, rel=1e-15)
    np.testing.assert_allclose(b.direction, np.array([-3, -4, -1]) / math.sqrt(26), rtol=1e-15)
    b = novikoff([[3.0, 4.0]], [1.0], bias=False)
    assert b.separable and b.gamma == pytest.approx(5.0) and b.bound == pytest.approx(1.0)
    # A point at the origin lies on every line through the origin: always a mistake.
    b = novikoff([[0.0, 0.0]], [1.0], bias=False)
    assert not b.separable and b.D == 0.0
    b = novikoff([[0.0, 0.0]], [1.0], bias=True)
    assert b.separable and b.gamma == 1.0 and b.direction == (0.0, 0.0, 1.0)
    assert best_line_margin([[0.0, 0.0]], [1.0]) is None


def test_one_class_only() -> None:
    X = np.array([[1.0, 2.0], [-3.0, 0.5], [2.0, -1.0], [0.0, -4.0]])  # surrounds the origin
    y = np.ones(4)
    # With the bias, b alone separates: every z = (x, 1) has last coordinate 1.
    b = novikoff(X, y)
    assert b.separable
    assert b.gamma == pytest.approx(np.linalg.norm(brute_min_norm(augment(X, y, True))), rel=1e-12)
    assert b.gamma <= 1.0
    # Without it, the origin is inside the hull of the points: no line through it works.
    assert not novikoff(X, y, bias=False).separable
    # In a half-plane it works without bias too.
    Xh = X.copy()
    Xh[:, 0] = np.abs(Xh[:, 0]) + 0.5
    b = novikoff(Xh, -y, bias=False)
    assert b.separable
    assert b.gamma == pytest.approx(
        np.linalg.norm(brute_min_norm(augment(Xh, -y, False))), rel=1e-12
    )
    assert best_line_margin(X, y) is None


def test_duplicates_change_nothing() -> None:
    rng = np.random.default_rng(3)
    X, y = random_set(rng, 30, "separable")
    ref = novikoff(X, y)
    Xd, yd = np.tile(X, (7, 1)), np.tile(y, 7)
    b = novikoff(Xd, yd)
    assert b.gamma == pytest.approx(ref.gamma, rel=1e-15)
    assert b.bound == pytest.approx(ref.bound, rel=1e-15)
    assert best_line_margin(Xd, yd) == pytest.approx(best_line_margin(X, y), rel=1e-15)
    # 10^4 copies of a single point pair
    b = novikoff(np.tile([[1.0, 2.0], [3.0, -1.0]], (5000, 1)), np.tile([1.0, -1.0], 5000))
    assert b.gamma == pytest.approx(
        np.linalg.norm(brute_min_norm(augment([[1, 2], [3, -1]], [1, -1], True))), rel=1e-12
    )


@pytest.mark.parametrize("bias", [True, False])
def test_same_point_with_both_labels(bias: bool) -> None:
    X = [[1.0, 2.0], [5.0, 5.0], [1.0, 2.0], [-3.0, 1.0]]
    y = [1.0, 1.0, -1.0, -1.0]
    b = novikoff(X, y, bias=bias)
    assert not b.separable and b.gamma == 0.0 and b.bound is None
    assert best_line_margin(X, y) is None


def test_collinear_points() -> None:
    t = np.arange(-5.0, 6.0)
    X = np.column_stack([t, 2 * t + 1])
    y = np.where(t > 0.5, 1.0, -1.0)
    for bias in (True, False):
        b = novikoff(X, y, bias=bias)
        p = brute_min_norm(augment(X, y, bias))
        assert b.separable
        assert b.gamma == pytest.approx(np.linalg.norm(p), rel=1e-12)
    # Half the distance between t = 0 and t = 1 on the line: sqrt(5)/2.
    assert best_line_margin(X, y) == pytest.approx(math.sqrt(5) / 2, rel=1e-12)
    # Alternating labels along the line: not separable.
    y2 = np.where(t % 2 == 0, 1.0, -1.0)
    assert not novikoff(X, y2).separable
    assert best_line_margin(X, y2) is None


def test_scale_invariance_without_bias() -> None:
    rng = np.random.default_rng(11)
    X, y = random_set(rng, 200, "separable", through_origin=True)
    ref = novikoff(X, y, bias=False)
    assert ref.separable
    for c in (2.0**400, 2.0**-400):  # exact scaling: exact answers
        b = novikoff(X * c, y, bias=False)
        assert b.gamma == pytest.approx(c * ref.gamma, rel=1e-15)
        assert b.D == pytest.approx(c * ref.D, rel=1e-15)
        assert b.bound == pytest.approx(ref.bound, rel=1e-15)
    for c in (1e150 / 5, 1e-150, 3.7e-200):
        b = novikoff(X * c, y, bias=False)
        assert b.separable
        assert b.gamma == pytest.approx(c * ref.gamma, rel=1e-9)
        assert b.bound == pytest.approx(ref.bound, rel=1e-9)
        assert best_line_margin(X * c, y) == pytest.approx(c * best_line_margin(X, y), rel=1e-9)


def test_huge_coordinates_with_bias() -> None:
    rng = np.random.default_rng(12)
    X, y = random_set(rng, 12, "separable")
    b = novikoff(X * 1e150 / 8, y)
    assert b.separable and math.isfinite(b.bound)
    # Here the bias coordinate is tiny next to x, and the best û is almost (0, 0, 1):
    # γ is of order 1 while D is of order 1e150 (bound about 1e300, still finite).
    pp = exact_min_norm_sq(augment(X * 1e150 / 8, y, True))
    assert b.gamma == pytest.approx(math.sqrt(pp), rel=1e-12)
    assert 1e-3 < b.gamma < 10 and 1e290 < b.bound < 1e305
    assert all(math.isfinite(v) for v in b.direction)


@pytest.mark.parametrize("bias", [True, False])
def test_tiny_margin(bias: bool) -> None:
    # Far points above and below the x1-axis, and a few within ~t of it on both
    # sides (with the bias) or on the positive side, left and right of the
    # origin (without): every separating line runs within ~t of the axis.
    rng = np.random.default_rng(21)
    t = 4e-12
    far_pos = np.column_stack([rng.uniform(-4, 4, 3), rng.uniform(0.5, 4, 3)])
    far_neg = np.column_stack([rng.uniform(-4, 4, 3), -rng.uniform(0.5, 4, 3)])
    near_pos = np.array([[-3.5, t], [0.25, 1.3 * t], [3.0, 0.7 * t]])
    near_neg = np.array([[-2.0, -t], [2.5, -0.9 * t]])
    if bias:
        X = np.concatenate([far_pos, near_pos, far_neg, near_neg])
        y = np.array([1.0] * 6 + [-1.0] * 5)
    else:
        X = np.concatenate([far_pos, near_pos, far_neg])
        y = np.array([1.0] * 6 + [-1.0] * 3)
    pp = exact_min_norm_sq(augment(X, y, bias))
    b = novikoff(X, y, bias=bias)
    assert b.separable
    assert b.gamma / b.D < 1e-11
    assert b.gamma == pytest.approx(math.sqrt(pp), rel=1e-12)
    assert b.bound == pytest.approx(float(Fraction(b.D) ** 2 / pp), rel=1e-9)
    assert 1e20 < b.bound < 1e30


def test_tiny_margin_rotated_many_points() -> None:
    # A rotated line through the origin, ~5000 points at least 0.1 from it and four
    # within 1e-12 of it whose z = y x lie on both sides of the origin.
    rng = np.random.default_rng(22)
    a = 0.7
    w = np.array([math.cos(a), math.sin(a)])
    v = np.array([-w[1], w[0]])
    X = rng.uniform(-5, 5, size=(5000, 2))
    X = X[np.abs(X @ w) > 0.1]
    eps = 1e-12
    near = np.array([3 * v + eps * w, 3 * v - eps * w, -2 * v + eps * w, -4 * v - eps * w])
    X = np.concatenate([X, near])
    y = np.where(X @ w > 0, 1.0, -1.0)
    assert list(y[-4:]) == [1.0, -1.0, 1.0, -1.0]
    b = novikoff(X, y, bias=False)
    assert b.separable
    assert b.gamma < 2e-12
    # Only the near points can support the optimum: exact reference on them
    # plus the two next-nearest.
    Z = augment(X, y, False)
    close = np.argsort(Z @ w)[:6]
    assert b.gamma == pytest.approx(math.sqrt(exact_min_norm_sq(Z[close])), rel=1e-9)


def test_overflowing_bound_is_finite() -> None:
    # γ ≈ 5e-301 with D ≈ 1e150: (D/γ)² ≈ 4e900 does not fit in a float.
    X = [[1e150, 1e-300], [1e150, 0.0]]
    b = novikoff(X, [1.0, -1.0], bias=False)
    assert b.separable
    assert b.gamma == pytest.approx(5e-301, rel=1e-9)
    assert b.bound == sys.float_info.max
    assert all(math.isfinite(v) for v in (b.D, b.gamma, *b.direction))
    json.dumps(b.to_dict(), allow_nan=False)


# ---------------------------------------------------------------------------
# API details


def test_dataset_and_to_dict() -> None:
    ds = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    assert novikoff(ds) == novikoff(ds.points, ds.labels)
    assert best_line_margin(ds) == best_line_margin(ds.points, ds.labels)
    d = novikoff(ds).to_dict()
    assert set(d) == {"D", "gamma", "bound", "separable", "direction"}
    assert d["bound"] == pytest.approx(117.0) and isinstance(d["direction"], list)
    assert json.loads(json.dumps(d, allow_nan=False)) == d
    d = novikoff(ds, bias=False).to_dict()
    assert d["bound"] is None and d["separable"] is False and d["direction"] == [0.0, 0.0]


def test_bad_input() -> None:
    with pytest.raises(DataError):
        novikoff([[1, 2]], [0])
    with pytest.raises(DataError):
        novikoff([[[1, 2, 3]]], [1])  # not a table (d features are fine: test_dimensions)
    with pytest.raises(DataError):
        novikoff([[1, 2]])


# ---------------------------------------------------------------------------
# best line margin


def test_best_line_margin_matches_brute_force_and_exceeds_gamma() -> None:
    rng = np.random.default_rng(31)
    seen = 0
    for _ in range(80):
        X, y = random_set(rng, int(rng.integers(2, 13)), "separable")
        if not (np.any(y > 0) and np.any(y < 0)):
            continue
        m = best_line_margin(X, y)
        ref = brute_hull_distance(X[y > 0], X[y < 0]) / 2
        assert m == pytest.approx(ref, rel=1e-9)
        assert novikoff(X, y).gamma <= m * (1 + 1e-12)
        seen += 1
    assert seen > 50


def test_best_line_margin_is_translation_invariant_but_gamma_is_not() -> None:
    rng = np.random.default_rng(32)
    X, y = random_set(rng, 100, "separable")
    shift = np.array([40.0, -25.0])
    assert best_line_margin(X + shift, y) == pytest.approx(best_line_margin(X, y), rel=1e-9)
    assert novikoff(X + shift, y).gamma < 0.5 * novikoff(X, y).gamma
    assert novikoff(X + shift, y).separable


def test_best_line_margin_not_separable() -> None:
    rng = np.random.default_rng(33)
    for _ in range(20):
        X, y = random_set(rng, 60, "random")
        assert best_line_margin(X, y) is None
        assert not novikoff(X, y).separable


def convex_hull(P: np.ndarray) -> np.ndarray:
    """Vertices of the convex hull (Andrew's monotone chain)."""
    pts = sorted(map(tuple, P))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    upper: list = []
    for q in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], q) <= 0:
            lower.pop()
        lower.append(q)
    for q in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], q) <= 0:
            upper.pop()
        upper.append(q)
    return np.array(lower[:-1] + upper[:-1])


def test_best_line_margin_large_n_is_exact() -> None:
    rng = np.random.default_rng(34)
    X, y = random_set(rng, 20000, "separable")
    m = best_line_margin(X, y)
    A, B = convex_hull(X[y > 0]), convex_hull(X[y < 0])
    assert len(A) < 100 and len(B) < 100
    assert m == pytest.approx(brute_hull_distance(A, B) / 2, rel=1e-9)


# ---------------------------------------------------------------------------
# the shipped example


def test_example_csv_is_separable_with_a_modest_bound() -> None:
    text = resources.files("perceptron_gui").joinpath("data/example.csv").read_text()
    lines = text.strip().splitlines()
    assert lines[0] == "x1,x2,y"
    rows = np.array([[float(v) for v in line.split(",")] for line in lines[1:]])
    X, y = rows[:, :2], rows[:, 2]
    assert 16 <= len(y) <= 24
    assert np.all(X * 2 == np.round(X * 2)) and np.all(np.abs(X) <= 5)
    assert set(y) == {-1.0, 1.0}
    b = novikoff(X, y)
    assert b.separable and 10 < b.bound < 100
    assert b.bound == pytest.approx(31.919555555555554, rel=1e-12)


def test_the_sliced_passes_give_the_same_bits_as_whole_ones(monkeypatch) -> None:
    """O(N) passes cut into chunks (the window's slices) change no bit of D, γ or the
    best line's margin, whatever the chunk size."""
    import sys

    from perceptron_gui.core.generators import generate

    nv = sys.modules["perceptron_gui.core.novikoff"]  # (the package's `novikoff` is the function)

    for seed, kind in ((1, "separable"), (2, "noisy")):
        d = generate(kind, 5000, margin=0.01, noise=0.1, seed=seed)
        whole = (novikoff(d), best_line_margin(d))
        monkeypatch.setattr(nv, "_CHUNK", 700)  # 5000 rows: 8 chunks, the last one short
        sliced = (novikoff(d), best_line_margin(d))
        monkeypatch.undo()
        assert sliced[0].D == whole[0].D and sliced[0].gamma == whole[0].gamma
        assert sliced[0].separable == whole[0].separable and sliced[1] == whole[1]

"""The canvas layout's point counts: one rectangle (Python floats) and many at once (numpy)
give the same counts, and both count the points a plain loop over the grid's cells finds."""

from __future__ import annotations

import math

import numpy as np

from perceptron_gui.app.canvas.layout import Placer


def _by_cells(p: Placer, pts: np.ndarray, r: tuple[float, float, float, float]) -> int:
    """Points whose cell lies in the cell range the rectangle grown by the radius spans."""
    if not all(math.isfinite(v) for v in r):
        return -1  # not compared: the clamped cell ranges are checked between the two paths
    c, rad = p._cell, p.radius
    ny, nx = p._sums.shape[0] - 1, p._sums.shape[1] - 1
    a = min(max(math.floor((r[0] - rad - p._x0) / c), 0), nx)
    b = min(max(math.floor((r[0] + r[2] + rad - p._x0) / c) + 1, 0), nx)
    lo = min(max(math.floor((r[1] - rad - p._y0) / c), 0), ny)
    hi = min(max(math.floor((r[1] + r[3] + rad - p._y0) / c) + 1, 0), ny)
    n = 0
    for x, y in pts:
        cx, cy = math.floor((x - p._x0) / c), math.floor((y - p._y0) / c)
        if 0 <= cx < nx and 0 <= cy < ny and a <= cx < b and lo <= cy < hi:
            n += 1
    return n


def test_one_rectangle_and_many_count_the_same_points() -> None:
    rng = np.random.default_rng(1)
    special = [math.inf, -math.inf, math.nan, 1e300, -1e300]
    for _ in range(30):
        pts = rng.uniform(-50, 650, size=(int(rng.integers(0, 150)), 2))
        bounds = (*rng.uniform(-20, 20, 2), rng.uniform(50, 600), rng.uniform(50, 500))
        p = Placer(bounds, pts, float(rng.uniform(0.5, 12)))
        xs, ys = rng.uniform(-100, 700, 40), rng.uniform(-100, 700, 40)
        xs[:5], ys[5:10] = special, special
        w, h = float(rng.uniform(0, 200)), float(rng.uniform(0, 100))
        with np.errstate(all="ignore"):
            many = p._counts(xs, ys, w, h)
        for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
            one = p.points_under((float(x), float(y), w, h))
            assert one == many[i], (x, y, w, h)
            expect = _by_cells(p, pts, (float(x), float(y), w, h))
            assert expect in (-1, one), (x, y, w, h, expect, one)


def test_a_placer_over_the_same_points_counts_as_a_fresh_one() -> None:
    rng = np.random.default_rng(2)
    bounds = (0.0, 0.0, 400.0, 300.0)
    pts = rng.uniform(-10, 410, size=(200, 2))
    first = Placer(bounds, pts, 8.0)
    again = Placer(bounds, pts.copy(), 8.0)  # a run's next frame: its counts are kept
    moved = pts.copy()
    moved[7] += 40.0  # one point moved: counted anew
    other = Placer(bounds, moved, 8.0)
    for _ in range(200):
        r = (*rng.uniform(-20, 400, 2), *rng.uniform(0, 80, 2))
        assert again.points_under(r) == first.points_under(r) == _by_cells(first, pts, r)
        assert other.points_under(r) == _by_cells(other, moved, r)

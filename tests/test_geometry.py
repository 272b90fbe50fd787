"""Plane geometry of the canvas, without Qt: hand-worked cases and properties."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from perceptron_gui.core.geometry import (
    MAX_GROWTH,
    clip_half_plane,
    clip_line,
    edge_arrow,
    follow_line,
    pad_rect,
    segment_length,
    visible_need,
)


def f(w, b, p) -> float:  # noqa: ANN001
    return w[0] * p[0] + w[1] * p[1] + b


def scale(w, b, p) -> float:  # noqa: ANN001
    """The size of the terms of w·p + b: rounding errors are relative to it."""
    return abs(w[0] * p[0]) + abs(w[1] * p[1]) + abs(b)


def on_line(w, b, p, rect) -> bool:  # noqa: ANN001
    # A point found on an edge is off by a rounding of the rect's size at most.
    size = max(abs(v) for v in rect) + (rect[1] - rect[0]) + (rect[3] - rect[2])
    return abs(f(w, b, p)) <= 1e-9 * (scale(w, b, p) + math.hypot(*w) * size)


def inside(p, rect) -> bool:  # noqa: ANN001
    return rect[0] <= p[0] <= rect[1] and rect[2] <= p[1] <= rect[3]


def contains(outer, inner) -> bool:  # noqa: ANN001
    return (
        outer[0] <= inner[0]
        and inner[1] <= outer[1]
        and outer[2] <= inner[2]
        and inner[3] <= outer[3]
    )


def exact_sides(w, b, rect) -> set[int]:  # noqa: ANN001
    """Signs of w·x + b at the corners, in exact rational arithmetic (the reference)."""
    W = [Fraction(float(v)) for v in w]
    B = Fraction(float(b))
    out = set()
    for x in rect[:2]:
        for y in rect[2:]:
            v = W[0] * Fraction(x) + W[1] * Fraction(y) + B
            out.add((v > 0) - (v < 0))
    return out


def area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return float(0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def random_line(rng: np.random.Generator) -> tuple[tuple[float, float], float]:
    """A line with a random direction and offset, its numbers over many magnitudes."""
    mag = 10.0 ** rng.uniform(-30, 30)
    ang = rng.uniform(0, 2 * math.pi)
    w = (mag * math.cos(ang), mag * math.sin(ang))
    if rng.random() < 0.15:  # axis-parallel lines too
        w = (mag, 0.0) if rng.random() < 0.5 else (0.0, -mag)
    # Offsets that put the line through, near and far from the rects below.
    b = -mag * float(rng.choice([0.0, 1.0, -3.0, 50.0, 1e4, 1e9])) * rng.uniform(-2, 2)
    return w, b


def random_rect(rng: np.random.Generator) -> tuple[float, float, float, float]:
    cx, cy = rng.uniform(-20, 20, size=2)
    hw = 10.0 ** rng.uniform(-1, 1.5)
    hh = hw * 10.0 ** rng.uniform(-0.3, 0.3)
    return (cx - hw, cx + hw, cy - hh, cy + hh)


# --------------------------------------------------------------------- clip_line


def test_clip_line_by_hand() -> None:
    # x1 = 1 in [0, 2] × [0, 3]: the vertical segment from (1, 0) to (1, 3).
    seg = clip_line((1.0, 0.0), -1.0, (0, 2, 0, 3))
    assert seg is not None and sorted(seg) == [(1.0, 0.0), (1.0, 3.0)]
    # x1 - x2 = 0 in the unit square: the diagonal, through two corners.
    seg = clip_line((1.0, -1.0), 0.0, (0, 1, 0, 1))
    assert seg is not None and sorted(seg) == [(0.0, 0.0), (1.0, 1.0)]
    # x1 + x2 = 1 in [0, 2]²: from (1, 0) to (0, 1).
    seg = clip_line((1.0, 1.0), -1.0, (0, 2, 0, 2))
    assert seg is not None and sorted(seg) == [(0.0, 1.0), (1.0, 0.0)]
    # x1 + x2 = 0 touches the unit square at its corner (0, 0) only.
    assert clip_line((1.0, 1.0), 0.0, (0, 1, 0, 1)) == ((0.0, 0.0), (0.0, 0.0))
    assert clip_line((1.0, 1.0), -5.0, (0, 1, 0, 1)) is None
    assert clip_line((0.0, 0.0), 1.0, (0, 1, 0, 1)) is None
    # Huge and tiny numbers: the same line x1 + x2 = 1 scaled by 1e300 and 1e-300.
    for s in (1e300, 1e-300, 5e-324):
        seg = clip_line((s, s), -s, (0, 2, 0, 2))
        assert seg is not None and sorted(seg) == [(0.0, 1.0), (1.0, 0.0)]
    # A line 1e300 away, with w tiny: misses, and no NaN on the way.
    assert clip_line((1e-300, 1e-300), 1.0, (0, 1, 0, 1)) is None
    with pytest.raises(ValueError):
        clip_line((1.0, 0.0), 0.0, (1, 0, 0, 1))
    with pytest.raises(ValueError):
        clip_line((math.nan, 0.0), 0.0, (0, 1, 0, 1))


def test_clip_line_properties() -> None:
    rng = np.random.default_rng(1)
    hits = misses = 0
    for _ in range(3000):
        w, b = random_line(rng)
        rect = random_rect(rng)
        seg = clip_line(w, b, rect)
        sides = exact_sides(w, b, rect)
        if seg is None:
            misses += 1
            assert sides in ({1}, {-1})  # all corners strictly on one side
            continue
        hits += 1
        assert sides not in ({1}, {-1})
        for p in seg:
            assert all(math.isfinite(v) for v in p)
            assert inside(p, rect)
            assert on_line(w, b, p, rect)
    assert hits > 500 and misses > 500


# ----------------------------------------------------------------- clip_half_plane


def test_half_plane_by_hand() -> None:
    rect = (0.0, 2.0, 0.0, 3.0)
    right = clip_half_plane((1.0, 0.0), -1.0, rect, +1)  # x1 >= 1
    assert sorted(map(tuple, right.tolist())) == [(1, 0), (1, 3), (2, 0), (2, 3)]
    assert area(right) == pytest.approx(3.0)
    left = clip_half_plane((1.0, 0.0), -1.0, rect, -1)  # x1 <= 1
    assert area(left) == pytest.approx(3.0)
    # x1 + x2 >= 1 in [0, 2]²: the square minus the corner triangle of area 1/2.
    tri = clip_half_plane((1.0, 1.0), -1.0, (0, 2, 0, 2), -1)
    assert tri.shape == (3, 2) and area(tri) == pytest.approx(0.5)
    assert area(clip_half_plane((1.0, 1.0), -1.0, (0, 2, 0, 2), +1)) == pytest.approx(3.5)
    # w = 0: all or nothing by the sign of b.
    assert clip_half_plane((0.0, 0.0), 1.0, rect, +1).shape == (4, 2)
    assert clip_half_plane((0.0, 0.0), 1.0, rect, -1).shape == (0, 2)
    # The line along an edge: the other side has no area.
    assert clip_half_plane((1.0, 0.0), 0.0, rect, -1).shape == (0, 2)
    assert area(clip_half_plane((1.0, 0.0), 0.0, rect, +1)) == pytest.approx(6.0)


def test_half_plane_properties() -> None:
    rng = np.random.default_rng(2)
    for _ in range(2000):
        w, b = random_line(rng)
        rect = random_rect(rng)
        full = (rect[1] - rect[0]) * (rect[3] - rect[2])
        total = 0.0
        for sign in (1, -1):
            poly = clip_half_plane(w, b, rect, sign)
            assert poly.ndim == 2 and poly.shape[1] == 2 and np.all(np.isfinite(poly))
            if poly.shape[0]:
                assert area(poly) > 0  # counter-clockwise
                total += area(poly)
                for p in poly.tolist():
                    assert inside(p, rect)
                    assert sign * f(w, b, p) >= 0 or on_line(w, b, p, rect)
        assert total == pytest.approx(full, rel=1e-9)


# -------------------------------------------------------------------- edge_arrow


def test_edge_arrow_by_hand() -> None:
    # x1 + x2 = -10 lies below-left of the unit square: the arrow starts at the corner
    # (0, 0) moved 5 % towards the centre and points along -(1, 1)/√2.
    (p, d) = edge_arrow((1.0, 1.0), 10.0, (0, 1, 0, 1))
    assert p == pytest.approx((0.025, 0.025))
    assert d == pytest.approx((-1 / math.sqrt(2), -1 / math.sqrt(2)))
    # A horizontal line above: the middle of the top edge, pointing up.
    (p, d) = edge_arrow((0.0, 2.0), -10.0, (0, 4, 0, 1))
    assert p == pytest.approx((2.0, 0.975)) and d == pytest.approx((0.0, 1.0))
    assert edge_arrow((1.0, 1.0), -1.0, (0, 1, 0, 1)) is None  # crosses
    assert edge_arrow((0.0, 0.0), 1.0, (0, 1, 0, 1)) is None
    (p, d) = edge_arrow((1e-300, 0.0), 1.0, (0, 1, 0, 1))  # x1 = -1e300
    assert d == (-1.0, 0.0) and all(map(math.isfinite, p))


def test_edge_arrow_points_at_the_line() -> None:
    rng = np.random.default_rng(3)
    n = 0
    for _ in range(3000):
        w, b = random_line(rng)
        rect = random_rect(rng)
        arrow = edge_arrow(w, b, rect)
        if clip_line(w, b, rect) is not None:
            assert arrow is None
            continue
        assert arrow is not None
        n += 1
        p, d = arrow
        assert inside(p, rect) and math.hypot(*d) == pytest.approx(1.0)
        # Near the border: within the inset of some edge.
        hw, hh = (rect[1] - rect[0]) / 2, (rect[3] - rect[2]) / 2
        gap_x = min(p[0] - rect[0], rect[1] - p[0]) / hw
        gap_y = min(p[1] - rect[2], rect[3] - p[1]) / hh
        assert min(gap_x, gap_y) <= 0.05 + 1e-9
        # Moving from p along d reaches the line: w·(p + t d) + b = 0 at some t > 0.
        wd = w[0] * d[0] + w[1] * d[1]
        t = -f(w, b, p) / wd
        assert t > 0
        q = (p[0] + t * d[0], p[1] + t * d[1])
        assert abs(f(w, b, q)) <= 1e-9 * scale(w, b, q) + 1e-12 * math.hypot(*w) * t
        # And no corner of the rect is nearer to the line than the arrow's corner region.
        dist = [
            abs(f(w, b, c)) / math.hypot(*w) for c in [(x, y) for x in rect[:2] for y in rect[2:]]
        ]
        assert abs(f(w, b, p)) / math.hypot(*w) <= min(dist) + 0.05 * math.hypot(hw, hh) * 1.01
    assert n > 500


# ------------------------------------------------------------------- follow_line


def check_follow(w, b, rect, out, data_rect=None, keep_origin=False) -> bool:  # noqa: ANN001
    """The properties of every answer; returns whether the line is visible enough."""
    assert all(math.isfinite(v) for v in out)
    assert out[1] > out[0] and out[3] > out[2]
    assert contains(out, rect)
    if data_rect is not None:
        assert contains(out, data_rect)
    if keep_origin:
        assert out[0] <= 0 <= out[1] and out[2] <= 0 <= out[3]
    if out != tuple(map(float, rect)):
        ratio = (rect[1] - rect[0]) / (rect[3] - rect[2])
        assert (out[1] - out[0]) / (out[3] - out[2]) == pytest.approx(ratio, rel=1e-9)
    return segment_length(clip_line(w, b, out)) >= visible_need(out)


@pytest.mark.long
def test_follow_line_properties() -> None:
    rng = np.random.default_rng(4)
    grown = kept = capped = 0
    for i in range(3000):
        w, b = random_line(rng)
        rect = random_rect(rng)
        data_rect = random_rect(rng) if i % 3 == 0 else None
        keep_origin = i % 5 == 0
        out = follow_line(w, b, rect, data_rect=data_rect, keep_origin=keep_origin)
        good = check_follow(w, b, rect, out, data_rect, keep_origin)
        if out == rect:
            kept += 1
            assert good
        elif good:
            grown += 1
            # Asking again keeps the view: the view does not creep.
            assert follow_line(w, b, out, data_rect=data_rect, keep_origin=keep_origin) == out
        else:
            # Only for lines beyond MAX_GROWTH views; then the arrow shows the way.
            capped += 1
            assert (out[1] - out[0]) >= 0.99 * MAX_GROWTH * (rect[1] - rect[0])
            assert edge_arrow(w, b, out) is not None or clip_line(w, b, out) is not None
    assert kept > 300 and grown > 300 and capped > 100
    # With the default aspect ratios here, the need is the 10 % of the diagonal.
    assert visible_need((0, 2, 0, 1)) == pytest.approx(0.1 * math.sqrt(5))


def test_follow_line_by_hand() -> None:
    rect = (0.0, 10.0, 0.0, 10.0)
    # Through the middle: unchanged (the very same tuple).
    assert follow_line((1.0, 1.0), -10.0, rect) == rect
    # Just clipping a corner (a segment of √2·0.5 < 10 % of the diagonal √200): grown.
    out = follow_line((1.0, 1.0), -19.5, rect)
    assert out != rect and check_follow((1.0, 1.0), -19.5, rect, out)
    # w = 0: no line; unchanged, or grown to hold the origin.
    assert follow_line((0.0, 0.0), 1.0, rect) == rect
    out = follow_line((0.0, 0.0), 1.0, (5, 6, 5, 6), keep_origin=True)
    assert contains(out, (0, 0, 0, 0)) and out[1] - out[0] == pytest.approx(out[3] - out[2])
    # The line x1 = 1000: the view grows towards it, keeping its square shape.
    out = follow_line((1.0, 0.0), -1000.0, rect)
    assert check_follow((1.0, 0.0), -1000.0, rect, out) and out[0] == 0.0
    with pytest.raises(ValueError):
        follow_line((1.0, 0.0), 0.0, rect, pad=-1)
    # A line 1e300 away: capped, finite, and the arrow shows the way.
    out = follow_line((1e-300, 1e-300), 1.0, rect)
    assert all(map(math.isfinite, out)) and edge_arrow((1e-300, 1e-300), 1.0, out) is not None


def test_worked_example_view_follows_the_first_line() -> None:
    # x1 = (3,3)+, x2 = (4,3)+, x3 = (1,1)-: the view fitted on them with 10 % padding is
    # [0.7, 4.3] × [0.8, 3.2]. After update 1 (on x1, from 0): w = (3, 3), b = 1, the line
    # 3 x1 + 3 x2 + 1 = 0, i.e. x1 + x2 = -1/3, runs below-left of the view.
    view = pad_rect((1, 4, 1, 3), 0.1)  # the points' bounding rect, padded
    assert view == pytest.approx((0.7, 4.3, 0.8, 3.2))
    w, b = (3.0, 3.0), 1.0
    assert clip_line(w, b, view) is None
    p, d = edge_arrow(w, b, view)
    assert d == pytest.approx((-1 / math.sqrt(2), -1 / math.sqrt(2)))  # down-left
    out = follow_line(w, b, view, data_rect=view)
    assert check_follow(w, b, view, out, view)
    seg = clip_line(w, b, out)
    assert segment_length(seg) >= 0.1 * math.hypot(out[1] - out[0], out[3] - out[2])


def test_pad_rect() -> None:
    assert pad_rect((0, 10, 0, 2), 0.1) == pytest.approx((-1, 11, -0.2, 2.2))


@pytest.mark.long  # (test_architecture::test_core_imports_no_qt imports every core module)
def test_new_core_modules_load_no_qt() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys\n"
        "import perceptron_gui.core.geometry, perceptron_gui.core.proof\n"
        "qt = {'PySide6', 'PyQt6', 'PyQt5', 'shiboken6', 'pyqtgraph'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in qt))\n"
    )
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=root
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"

"""Plane geometry for the canvas: the line ``w·x + b = 0`` against the view rectangle.

Pure functions on floats, no Qt, so that they are tested without a window. A rect is
``(xmin, xmax, ymin, ymax)`` with ``xmin < xmax``, ``ymin < ymax``, finite, and
coordinates of magnitude at most `COORD_LIMIT` (a `ValueError` otherwise); a line is
``w = (w1, w2)`` and ``b``, finite.

Robustness: the line is first scaled by a power of two (exact) so that the largest of
``|w1|, |w2|, |b|`` is in [0.5, 1); then its values at the rect's corners cannot
overflow, and where the line crosses an edge is found by interpolating those values
along the edge (``t = f_a / (f_a - f_b)`` with ``f_a``, ``f_b`` of opposite signs), with
no division by a component of ``w``. So no NaN or inf comes out, however huge or tiny
``w`` and ``b`` are; a line whose scaled ``w`` underflows to 0 (farther than about
1e300 from the origin) is treated as missing every rect.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
Rect = tuple[float, float, float, float]
Point = tuple[float, float]
#: A line's normal ``w = (w1, w2)``: a sequence of two floats or a numpy array of them.
Normal = Sequence[float] | FloatArray

#: Largest coordinate magnitude accepted in a rect: leaves room to grow a view a million
#: times (`MAX_GROWTH`) without reaching the float limit.
COORD_LIMIT = 1e290
#: `follow_line` accepts a view whose visible segment of the line is at least this
#: fraction of its diagonal (see `visible_need` for very elongated views).
FOLLOW_FRACTION = 0.1
#: `follow_line` grows a view at most this many times; beyond, the caller shows an arrow.
MAX_GROWTH = 1e6

_Line = tuple[float, float, float]


def check_rect(rect: Sequence[float], name: str = "rect") -> Rect:
    """`rect` as four floats, checked.

    Raises
    ------
    ValueError
        When it is not finite, is empty or flat, or has a coordinate beyond `COORD_LIMIT`.
    """
    if len(rect) != 4:
        raise ValueError(f"{name} must be (xmin, xmax, ymin, ymax)")
    x0, x1, y0, y1 = (float(v) for v in rect)
    if not all(math.isfinite(v) and abs(v) <= COORD_LIMIT for v in (x0, x1, y0, y1)):
        raise ValueError(f"{name} must have finite coordinates within ±{COORD_LIMIT:g}")
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"{name} must have xmin < xmax and ymin < ymax, not {rect!r}")
    return (x0, x1, y0, y1)


def _scaled_line(w: Normal, b: float) -> _Line | None:
    """``(w1, w2, b)`` times a power of two, the largest in [0.5, 1); None when w = 0."""
    w0, w1, bb = float(w[0]), float(w[1]), float(b)
    if not all(math.isfinite(v) for v in (w0, w1, bb)):
        raise ValueError("the line's w and b must be finite")
    if w0 == 0.0 and w1 == 0.0:
        return None
    e = math.frexp(max(abs(w0), abs(w1), abs(bb)))[1]
    return (math.ldexp(w0, -e), math.ldexp(w1, -e), math.ldexp(bb, -e))


def _corners(r: Rect) -> list[Point]:
    x0, x1, y0, y1 = r
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _value(line: _Line, p: Point) -> float:
    return line[0] * p[0] + line[1] * p[1] + line[2]


def _edge_crossing(a: Point, fa: float, c: Point, fc: float, r: Rect) -> Point:
    """Where the line crosses the edge a-c (``fa``, ``fc`` nonzero, of opposite signs)."""
    t = fa / (fa - fc)  # in (0, 1); |fa - fc| = |fa| + |fc| cannot be 0 or overflow
    x = a[0] + t * (c[0] - a[0])
    y = a[1] + t * (c[1] - a[1])
    # Rounding must not push the point off the rect.
    return (min(max(x, r[0]), r[1]), min(max(y, r[2]), r[3]))


def _opposite(fa: float, fc: float) -> bool:
    return (fa < 0.0 < fc) or (fc < 0.0 < fa)


def _crossings(line: _Line, r: Rect) -> list[Point]:
    """The points of the rect's border on the line (corners on it, edge crossings)."""
    cs = _corners(r)
    fs = [_value(line, p) for p in cs]
    out: list[Point] = []
    for i in range(4):
        j = (i + 1) % 4
        if fs[i] == 0.0:
            out.append(cs[i])
        elif _opposite(fs[i], fs[j]):
            out.append(_edge_crossing(cs[i], fs[i], cs[j], fs[j], r))
    return out


def _farthest_pair(pts: list[Point]) -> tuple[Point, Point]:
    best = (pts[0], pts[0])
    d_best = -1.0
    for i, p in enumerate(pts):
        for q in pts[i:]:
            d = math.hypot(p[0] - q[0], p[1] - q[1])
            if d > d_best:
                best, d_best = (p, q), d
    return best


def clip_line(w: Normal, b: float, rect: Sequence[float]) -> tuple[Point, Point] | None:
    """The segment of the line ``w·x + b = 0`` inside `rect`.

    Parameters
    ----------
    w, b
        The line (finite).
    rect
        ``(xmin, xmax, ymin, ymax)``.

    Returns
    -------
    tuple of two points, or None
        The ends of the segment (equal when the line only touches a corner); None when
        the line misses the rect or w = 0.
    """
    r = check_rect(rect)
    line = _scaled_line(w, b)
    if line is None:
        return None
    pts = _crossings(line, r)
    if not pts:
        return None
    return _farthest_pair(pts)


def segment_length(seg: tuple[Point, Point] | None) -> float:
    """Length of a segment from `clip_line` (0 for None)."""
    if seg is None:
        return 0.0
    (x0, y0), (x1, y1) = seg
    return math.hypot(x1 - x0, y1 - y0)


def clip_half_plane(w: Normal, b: float, rect: Sequence[float], sign: float = 1.0) -> FloatArray:
    """The part of `rect` where ``sign·(w·x + b) >= 0``, as a polygon (for tinting).

    Sutherland–Hodgman against the one line: the corners on the kept side, and the
    crossings of the edges where the side changes, in order around the rect.

    Parameters
    ----------
    w, b
        The line (finite).
    rect
        ``(xmin, xmax, ymin, ymax)``.
    sign
        +1 for the side ``w·x + b >= 0`` (the +1 class), -1 for the other; only its
        sign counts.

    Returns
    -------
    ndarray, shape (M, 2)
        The polygon's vertices counter-clockwise, M in 3..5; shape (0, 2) when the kept
        part has no area. With w = 0 the whole rect or nothing, by the sign of ``b``.
    """
    r = check_rect(rect)
    s = float(sign)
    if not math.isfinite(s) or s == 0.0:
        raise ValueError("sign must be +1 or -1")
    s = 1.0 if s > 0 else -1.0
    cs = _corners(r)
    line = _scaled_line(w, b)
    if line is None:
        keep = s * float(b) >= 0.0
        return np.array(cs if keep else [], dtype=np.float64).reshape(-1, 2)
    fs = [s * _value(line, p) for p in cs]
    out: list[Point] = []
    for i in range(4):
        j = (i + 1) % 4
        if fs[i] >= 0.0:
            out.append(cs[i])
        if _opposite(fs[i], fs[j]):
            out.append(_edge_crossing(cs[i], fs[i], cs[j], fs[j], r))
    # Crossings can round onto a corner: drop repeated vertices.
    uniq: list[Point] = []
    for p in out:
        if not uniq or p != uniq[-1]:
            uniq.append(p)
    if len(uniq) > 1 and uniq[0] == uniq[-1]:
        uniq.pop()
    if len(uniq) < 3 or _area(uniq) == 0.0:
        return np.zeros((0, 2))
    return np.array(uniq, dtype=np.float64)


def _area(poly: list[Point]) -> float:
    a = 0.0
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        a += p[0] * q[1] - q[0] * p[1]
    return a / 2.0


def _unit_normal(w: Normal) -> Point:
    """``w / ||w||`` without overflow or underflow (w ≠ 0)."""
    w0, w1 = float(w[0]), float(w[1])
    m = max(abs(w0), abs(w1))
    w0, w1 = w0 / m, w1 / m
    h = math.hypot(w0, w1)
    return (w0 / h, w1 / h)


def edge_arrow(
    w: Normal, b: float, rect: Sequence[float], inset: float = 0.05
) -> tuple[Point, Point] | None:
    """Where to draw an arrow "the line is this way" when the line is outside the view.

    Parameters
    ----------
    w, b
        The line (finite).
    rect
        The view ``(xmin, xmax, ymin, ymax)``.
    inset
        How far inside the border the point is, as a fraction of the half-width and
        half-height (so that the arrow is not cut by the view's edge).

    Returns
    -------
    ((x, y), (dx, dy)) or None
        A point near the border at the part of the rect nearest to the line (the
        nearest corner, or the middle of the nearest edge when the line is parallel
        to it), moved `inset` towards the centre, and the unit normal of the line
        pointing from there towards it. None when the line meets the rect, or w = 0.
    """
    r = check_rect(rect)
    line = _scaled_line(w, b)
    if line is None or _crossings(line, r):
        return None
    cs = _corners(r)
    fs = [_value(line, p) for p in cs]  # all nonzero, of one sign
    fmin = min(abs(f) for f in fs)
    # Corners as near as the nearest up to rounding (a line parallel to an edge) share
    # the arrow: judged against how much w·x + b varies over the rect, not against its
    # size, which for a far line dwarfs that variation.
    spread = abs(line[0]) * (r[1] - r[0]) + abs(line[1]) * (r[3] - r[2])
    near = [p for p, f in zip(cs, fs, strict=True) if abs(f) - fmin <= 1e-9 * spread]
    px = sum(p[0] for p in near) / len(near)
    py = sum(p[1] for p in near) / len(near)
    cx, cy = (r[0] + r[1]) / 2.0, (r[2] + r[3]) / 2.0
    px += inset * (cx - px)
    py += inset * (cy - py)
    nx, ny = _unit_normal(w)
    side = 1.0 if fs[0] > 0.0 else -1.0  # the line is where w·x + b moves towards 0
    return (px, py), (-side * nx, -side * ny)


def visible_need(rect: Sequence[float]) -> float:
    """The visible length of the line that `follow_line` asks of a view.

    `FOLLOW_FRACTION` of the diagonal, but at most a quarter of the shorter side: a
    line across a very elongated view (aspect beyond about 2.4) cannot always show a
    tenth of the diagonal, and a quarter of the shorter side is what `follow_line`
    guarantees for the views it makes.
    """
    x0, x1, y0, y1 = check_rect(rect)
    wd, ht = x1 - x0, y1 - y0
    return min(FOLLOW_FRACTION * math.hypot(wd, ht), 0.25 * min(wd, ht))


def _union(r: Rect, others: list[Rect]) -> Rect:
    x0, x1, y0, y1 = r
    for o in others:
        x0, x1, y0, y1 = min(x0, o[0]), max(x1, o[1]), min(y0, o[2]), max(y1, o[3])
    return (x0, x1, y0, y1)


def _contains(outer: Rect, inner: Rect) -> bool:
    return (
        outer[0] <= inner[0]
        and inner[1] <= outer[1]
        and outer[2] <= inner[2]
        and inner[3] <= outer[3]
    )


def follow_line(
    w: Normal,
    b: float,
    rect: Sequence[float],
    data_rect: Sequence[float] | None = None,
    keep_origin: bool = False,
    pad: float = 0.1,
) -> Rect:
    """The view to use so that the line ``w·x + b = 0`` stays visible.

    Parameters
    ----------
    w, b
        The line (finite).
    rect
        The current view ``(xmin, xmax, ymin, ymax)``.
    data_rect
        The data's area, which an enlarged view must contain too (None: only `rect`).
    keep_origin
        The view must contain (0, 0) too (lines through the origin).
    pad
        Extra margin of an enlarged view, as a fraction of its size (0..10).

    Returns
    -------
    tuple
        `rect` itself when the line crosses it well (a visible segment of at least
        `visible_need` of it) and it holds what it must hold (data_rect and the
        origin when asked). Otherwise an enlargement: a view with the aspect ratio of
        `rect`, containing `rect`, `data_rect` and the origin when asked, and the
        smallest such view whose central half (half its width, half its height,
        around its centre) the line goes through, then grown by `pad`. The visible
        segment is then at least half the shorter side, so asking again returns the
        view unchanged. With w = 0 there is no line: `rect`, or the smallest
        enlargement that holds what it must.

    Notes
    -----
    A view is never grown more than `MAX_GROWTH` times (in width) beyond what it must
    hold: a line farther than that (about a million view widths) gives the largest
    enlargement moved towards the line, which the line may still miss; the caller then
    shows `edge_arrow`. The result is always finite with positive width and height,
    and contains its inputs exactly.
    """
    r = check_rect(rect)
    p = float(pad)
    if not (math.isfinite(p) and 0.0 <= p <= 10.0):
        raise ValueError("pad must be between 0 and 10")
    must = [check_rect(data_rect, "data_rect")] if data_rect is not None else []
    if keep_origin:
        must.append((0.0, 0.0, 0.0, 0.0))
    S = _union(r, must)
    line = _scaled_line(w, b)
    if _contains(r, S) and (line is None or segment_length(clip_line(w, b, r)) >= visible_need(r)):
        return r
    hw, hh = (r[1] - r[0]) / 2.0, (r[3] - r[2]) / 2.0
    # The smallest growth factor that holds S: below it no centre works.
    s0 = max(1.0, (S[1] - S[0]) / (2.0 * hw), (S[3] - S[2]) / (2.0 * hh))
    s_max = MAX_GROWTH * s0
    centre: Point | None = None
    if line is None:
        s = s0 * (1.0 + p)
        centre = ((S[0] + S[1]) / 2.0, (S[2] + S[3]) / 2.0)
    else:
        a, c, bb = line
        # At growth s a centre C holds S when C is in [S.xmax - s hw, S.xmin + s hw] (and
        # likewise in y), and the line goes through the central half of the view when it
        # meets that box widened by s hw / 2: [S.xmax - 1.5 s hw, S.xmin + 1.5 s hw] × ...
        # On that box w·x + b ranges over [Q - s K, P + s K]; it contains 0 from
        # s = max(Q, -P) / K on.
        K = 1.5 * (abs(a) * hw + abs(c) * hh)
        P = (a * S[0] if a >= 0 else a * S[1]) + (c * S[2] if c >= 0 else c * S[3]) + bb
        Q = (a * S[1] if a >= 0 else a * S[0]) + (c * S[3] if c >= 0 else c * S[2]) + bb
        s_line = max(Q, -P) / K if K > 0.0 else math.inf
        if s_line <= s_max:
            # A hair more than needed, so that the line crosses the box rather than
            # touching a corner of it after rounding.
            s = max(s0, s_line * (1.0 + 1e-9)) * (1.0 + p)
            box = (
                S[1] - 1.5 * s * hw,
                S[0] + 1.5 * s * hw,
                S[3] - 1.5 * s * hh,
                S[2] + 1.5 * s * hh,
            )
            pts = _crossings(line, box)
            if pts:
                (qx0, qy0), (qx1, qy1) = _farthest_pair(pts)
                q = ((qx0 + qx1) / 2.0, (qy0 + qy1) / 2.0)
                centre = (
                    min(max(q[0], S[1] - s * hw), S[0] + s * hw),
                    min(max(q[1], S[3] - s * hh), S[2] + s * hh),
                )
        if centre is None:
            # Too far (or lost to rounding): the largest view, moved towards the line.
            s = s_max
            mid = ((S[0] + S[1]) / 2.0, (S[2] + S[3]) / 2.0)
            toward = -1.0 if _value(line, mid) > 0.0 else 1.0
            cx_lo, cx_hi = S[1] - s * hw, S[0] + s * hw
            cy_lo, cy_hi = S[3] - s * hh, S[2] + s * hh
            dx, dy = toward * a, toward * c
            centre = (
                cx_hi if dx > 0 else cx_lo if dx < 0 else (cx_lo + cx_hi) / 2.0,
                cy_hi if dy > 0 else cy_lo if dy < 0 else (cy_lo + cy_hi) / 2.0,
            )
    out = (centre[0] - s * hw, centre[0] + s * hw, centre[1] - s * hh, centre[1] + s * hh)
    # Rounding in C ± s·h must not cut off what the view has to hold.
    return _union(out, [S])


def pad_rect(rect: Sequence[float], frac: float) -> Rect:
    """`rect` grown by `frac` of its width and height on each side."""
    x0, x1, y0, y1 = check_rect(rect)
    dx, dy = frac * (x1 - x0), frac * (y1 - y0)
    return (x0 - dx, x1 + dx, y0 - dy, y1 + dy)


def points_rect(points: Any, pad: float = 0.1, min_size: float = 1.0) -> Rect:
    """The bounding rect of points, at least `min_size` wide and high, padded by `pad`.

    With no points: the square ``[-min_size/2, min_size/2]²`` padded.
    """
    P = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if P.shape[0] == 0:
        x0 = x1 = y0 = y1 = 0.0
    else:
        x0, y0 = (float(v) for v in P.min(axis=0))
        x1, y1 = (float(v) for v in P.max(axis=0))
    m = float(min_size)
    if x1 - x0 < m:
        cx = (x0 + x1) / 2.0
        x0, x1 = cx - m / 2.0, cx + m / 2.0
    if y1 - y0 < m:
        cy = (y0 + y1) / 2.0
        y0, y1 = cy - m / 2.0, cy + m / 2.0
    return pad_rect((x0, x1, y0, y1), pad)


def clip_polygon(poly: FloatArray, a: FloatArray, c: float) -> FloatArray:
    """Clip a convex polygon to the half-plane ``a·x + c >= 0`` (Sutherland–Hodgman).

    Parameters
    ----------
    poly : ndarray, shape (k, 2)
        Vertices in order.
    a : ndarray, shape (2,)
        Normal of the half-plane.
    c : float
        Offset.

    Returns
    -------
    ndarray, shape (m, 2)
        The clipped polygon, possibly empty.
    """
    if len(poly) == 0:
        return poly
    m = max(float(np.max(np.abs(a))), abs(float(c)))
    if m > 1e100:  # the same half-plane, with products that stay finite
        a, c = np.asarray(a, dtype=np.float64) / m, float(c) / m
    s = poly[:, 0] * a[0] + poly[:, 1] * a[1] + c
    out: list[FloatArray] = []
    for i in range(len(poly)):
        j = (i + 1) % len(poly)
        p, q, sp, sq = poly[i], poly[j], s[i], s[j]
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append(p + t * (q - p))
    return np.array(out, dtype=np.float64).reshape(-1, 2)

"""The view's frame: what the data ask of the view, and what the drawings do at its edge.

Qt-free. The frame is the data's bounding box with a margin (and the origin when it is
kept); nothing else widens it: not the texts, not the legend, not the update's vectors
(a vector that leaves the frame is clipped at its edge, see `clip_segment`), and not
the line unless the user asks the view to follow it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.float64]
#: (xmin, xmax, ymin, ymax) in data units.
Frame = tuple[float, float, float, float]
Point = tuple[float, float]

DEFAULT_RANGE = (-5.0, 5.0)
#: The frame's margin round the data's bounding box, per side, as a part of its larger side.
MARGIN = 0.06
#: The frame's room round the points in pixels (at scale 1) for the marks round a point:
#: the halo and ring (their outer edge 17.5 px off the centre), the current point's square
#: (17.5 px), the selection's diamond, and the high-contrast theme's larger markers (21 px)...
ROOM_PX = 22.0
#: ... at most this part of the plot's shorter side, so that the data still fill 60 % of the
#: view ((1 − 2 × 0.16) / (1 + 2 MARGIN) = 0.607 of the side that binds). At 5 % a plot of
#: 480 × 215 px at UI scale 2 kept 11 px for rings 33 px round: the top row's were cut.
ROOM_PART = 0.16


def bounds(points: ArrayLike, keep_origin: bool = False) -> tuple[FloatArray, FloatArray] | None:
    """The data's bounding box (lo, hi), the origin in it when kept; None without points
    or with none finite."""
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if not np.isfinite(pts).all():  # (a data set's points are finite: no copy for them)
        pts = pts[np.all(np.isfinite(pts), axis=1)]
    if not len(pts):
        return None
    # Column by column: numpy reduces a C-ordered (n, 2) array along axis 0 about 30×
    # slower than each contiguous-enough column alone (23 ms against 0.8 ms at 3·10⁵).
    lo = np.array([pts[:, 0].min(), pts[:, 1].min()])
    hi = np.array([pts[:, 0].max(), pts[:, 1].max()])
    if keep_origin:
        lo, hi = np.minimum(lo, 0.0), np.maximum(hi, 0.0)
    return lo, hi


def data_frame(
    points: ArrayLike,
    *,
    keep_origin: bool = False,
    size_px: tuple[float, float] | None = None,
    room_px: float = ROOM_PX,
) -> Frame:
    """The frame of the points: their bounding box grown by `MARGIN` of its extent per
    side (a side of one value: `MARGIN` of the larger side), plus `room_px` pixels per side
    once the frame fills a plot of `size_px` pixels (aspect 1); [−5, 5]² without points.

    Two or more distinct points fill 1 / (1 + 2 MARGIN) of the frame's width or height
    less the pixels' room (at most `ROOM_PART` of the plot per side): 80 % or more.
    """
    box = bounds(points, keep_origin)
    if box is None:
        return (*DEFAULT_RANGE, *DEFAULT_RANGE)
    lo, hi = box
    extent = float((hi - lo).max())
    magnitude = float(np.abs(np.concatenate([lo, hi])).max())
    # One point (or all at one place): a unit frame round it, or one its magnitude can
    # resolve (1e150 ± 1 is 1e150).
    span = extent if extent > 1e-12 * magnitude else max(1.0, 1e-9 * magnitude)
    centre = (lo + hi) / 2
    # Each side's margin is a part of its own extent (a flat cloud keeps its height's
    # margin small), with a floor for a side of a single value (the points on a line).
    half = np.maximum((hi - lo) / 2 * (1 + 2 * MARGIN), span * MARGIN)
    if size_px is not None:
        width, height = size_px
        room_px = min(room_px, ROOM_PART * min(width, height))
        if width > 50 and height > 50:
            per_px = max(2 * half[0] / (width - 2 * room_px), 2 * half[1] / (height - 2 * room_px))
            half = half + room_px * per_px
    return (
        float(centre[0] - half[0]),
        float(centre[0] + half[0]),
        float(centre[1] - half[1]),
        float(centre[1] + half[1]),
    )


def fill(points: ArrayLike, view: Sequence[float]) -> float:
    """How much of the view the points' extent fills: the larger of the width's and the
    height's parts (1 for a view the points fill; 0 without two distinct points)."""
    box = bounds(points)
    if box is None:
        return 0.0
    lo, hi = box
    x0, x1, y0, y1 = map(float, view)
    parts = []
    if x1 > x0:
        parts.append(float(hi[0] - lo[0]) / (x1 - x0))
    if y1 > y0:
        parts.append(float(hi[1] - lo[1]) / (y1 - y0))
    return max(parts, default=0.0)


def clip_segment(
    a: ArrayLike, z: ArrayLike, rect: Sequence[float]
) -> tuple[Point, Point, bool] | None:
    """The part of the segment a → z inside `rect` (xmin, xmax, ymin, ymax), Liang–Barsky,
    and whether it was cut (the arrow leaves the frame at either end); None when no part
    of it is inside."""
    ax, ay = (float(v) for v in np.asarray(a, dtype=np.float64).reshape(2))
    zx, zy = (float(v) for v in np.asarray(z, dtype=np.float64).reshape(2))
    if not all(math.isfinite(v) for v in (ax, ay, zx, zy)):
        return None
    x0, x1, y0, y1 = map(float, rect)
    dx, dy = zx - ax, zy - ay
    if not (math.isfinite(dx) and math.isfinite(dy)):  # ends near the float limit
        return None
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0.0:
            if q < 0.0:
                return None
        elif p < 0.0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    if not (math.isfinite(t0) and math.isfinite(t1)) or t0 > t1:
        return None
    start = (ax + t0 * dx, ay + t0 * dy) if t0 > 0.0 else (ax, ay)
    end = (ax + t1 * dx, ay + t1 * dy) if t1 < 1.0 else (zx, zy)
    if not all(math.isfinite(v) for v in (*start, *end)):
        return None
    return start, end, t0 > 0.0 or t1 < 1.0


def edge_stub(
    a: ArrayLike, z: ArrayLike, rect: Sequence[float], length: float
) -> tuple[Point, Point]:
    """A stand-in for the segment a → z when no part of it is inside `rect` (xmin, xmax,
    ymin, ymax; aspect 1, so one unit each way): an arrow of `length` along a → z, its
    tip on the border of `rect` where the segment is nearest, the whole stub inside
    (the update's step ηyx between two tips beyond the view's edge drew nothing)."""
    av, zv = (np.asarray(v, dtype=np.float64).reshape(2) for v in (a, z))
    x0, x1, y0, y1 = map(float, rect)
    lo, hi = np.array([x0, y0]), np.array([x1, y1])
    d = zv - av
    # Nearest pair of a segment and a box apart: an end of the segment with its nearest
    # point of the box, or a corner of the box with its nearest point of the segment.
    best, spot = math.inf, np.clip(av, lo, hi)
    for end in (av, zv):
        c = np.clip(end, lo, hi)
        dist = float(np.hypot(*(end - c)))
        if dist < best:
            best, spot = dist, c
    corners = np.array([[x0, y0], [x0, y1], [x1, y0], [x1, y1]])
    for c, dist in zip(corners, segment_distances(corners, av, zv), strict=True):
        if float(dist) < best:
            best, spot = float(dist), c
    norm = float(np.hypot(*d))
    u = d / norm if norm > 0 and math.isfinite(norm) else np.zeros(2)
    tip = spot
    start = tip - length * u
    shift = np.clip(start, lo, hi) - start  # (the stub inside: moved in along the edge)
    start, tip = start + shift, np.clip(tip + shift, lo, hi)
    return (float(start[0]), float(start[1])), (float(tip[0]), float(tip[1]))


def segment_distances(points: FloatArray, a: FloatArray, z: FloatArray) -> FloatArray:
    """Each point's distance to the segment a → z (all in one plane's units); inf from a
    segment beyond the float range (an update at η = 1e300, in pixels: it is drawn cut
    at the view's edge, not there)."""
    d = z - a
    with np.errstate(over="ignore", invalid="ignore"):
        length2 = float(d @ d)
    if not (math.isfinite(length2) and np.all(np.isfinite(a))):
        return np.full(len(points), np.inf)
    if length2 == 0.0:
        off: FloatArray = points - a
    else:
        t = np.clip(((points - a) @ d) / length2, 0.0, 1.0)
        off = points - (a + t[:, None] * d)
    out: FloatArray = np.hypot(off[:, 0], off[:, 1])
    return out


def arrow_spot(
    points: ArrayLike,
    tip: Point,
    direction: Point,
    length: float,
    clearance: float | FloatArray,
    box: Sequence[float],
    rank: Callable[[FloatArray], FloatArray],
) -> Point:
    """Where an arrow of `length` pointing along the unit `direction` may put its tip so
    that its body keeps `clearance` from every point (one for all, or one a point): `tip`
    itself when free, else the free place on the border of `box` (xmin, xmax, ymin,
    ymax) that `rank` (smaller is better, e.g. the distance to what the arrow points at)
    puts first; `tip` when no place is free. All in pixels (one unit each way), so that
    the clearance is a marker's radius whatever the view's scale.
    """
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    u = np.asarray(direction, dtype=np.float64)

    def free(p: FloatArray) -> bool:
        return bool(np.all(segment_distances(pts, p, p - length * u) > clearance))

    start = np.asarray(tip, dtype=np.float64)
    if not len(pts) or free(start):
        return tip
    x0, x1, y0, y1 = map(float, box)
    if not (x1 > x0 and y1 > y0):
        return tip
    step = max(length / 3.0, 4.0)
    xs = np.linspace(x0, x1, max(2, int((x1 - x0) / step) + 1))
    ys = np.linspace(y0, y1, max(2, int((y1 - y0) / step) + 1))
    border = np.concatenate(
        [
            np.column_stack([xs, np.full_like(xs, y0)]),
            np.column_stack([xs, np.full_like(xs, y1)]),
            np.column_stack([np.full_like(ys, x0), ys]),
            np.column_stack([np.full_like(ys, x1), ys]),
        ]
    )
    for i in np.argsort(rank(border), kind="stable"):
        if free(border[i]):
            return float(border[i][0]), float(border[i][1])
    return tip

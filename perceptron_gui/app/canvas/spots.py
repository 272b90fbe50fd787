"""The places the layout pass tries for the texts that are not a point's: the plot's corners
and sides (the legend, the banners) and the places beside an arrow (the normal's and the
update's vectors' labels).

Pixels only (the scene's, y down), over a `layout.Placer`: nothing here knows an item.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np
from numpy.typing import NDArray

from perceptron_gui.app.canvas.constants import NORMAL_LABEL_REACH
from perceptron_gui.app.canvas.layout import Placer, Rect, crosses, overlaps

FloatArray = NDArray[np.float64]
Point = tuple[float, float]
Segment = tuple[float, float, float, float]


def cheapest_edge(placer: Placer, size: tuple[float, float], first: int, inset: float) -> Rect:
    """Take the corner or side `first` of the plot, or the next one, or the first free
    place of a scan (made only when no corner or side is free), else the cheapest."""
    edges = list(placer.edges(size, inset))
    return placer.take([*edges[first:], *edges[:first]], size, partial(placer.scan, size))


def clear_edge(
    placer: Placer,
    px: FloatArray,
    size: tuple[float, float],
    first: int,
    keep: float,
    arrows: list[Segment],
    hard: list[Rect],
    inset: float,
) -> Rect | None:
    """The first corner or side of the plot (from `first` on) where a text of `size`
    fits, on no text placed, no arrow, nothing `hard` (the rings, the arrows' heads)
    and at least `keep` pixels from every point (clear of their rings), kept: free of
    the running line too where such a place exists; None when there is none."""
    edges = list(placer.edges(size, inset))
    edges = [*edges[first:], *edges[:first]]
    w, h = size
    spots = [(x, y, w, h) for x, y in edges]
    for r in sorted(spots, key=lambda r: placer.crossings(r) > 0):  # (stable)
        x, y = r[0], r[1]
        if not placer.fits(r) or placer.overlap(r) > 0:
            continue
        if any(overlaps(r, k) for k in hard):
            continue
        if any(crosses(r, seg) for seg in arrows):
            continue
        if len(px):
            ex = np.maximum(0.0, np.maximum(x - px[:, 0], px[:, 0] - (x + w)))
            ey = np.maximum(0.0, np.maximum(y - px[:, 1], px[:, 1] - (y + h)))
            if float(np.min(ex * ex + ey * ey)) < keep * keep:
                continue
        placer.reserve(r)
        return r
    return None


def beside_arrow(
    placer: Placer,
    arrow: tuple[Point, Point],
    size: tuple[float, float],
    gap: float,
    reach: float | None = None,
) -> tuple[list[Point], Callable[[], list[Point]]]:
    """Top-lefts for an arrow's label: round its tip, its middle, its foot; and (the
    second, made only when asked: `Placer.take_free`'s `more`) any place of the scan
    whose text is within `reach` pixels (`NORMAL_LABEL_REACH` text heights when None) of
    the arrow (never further); none whose text would lie on the arrow itself."""
    (fx, fy), (tx, ty) = arrow
    w, h = size
    dx, dy = tx - fx, ty - fy
    nn = dx * dx + dy * dy
    along = np.linspace(0.0, 1.0, max(2, int(math.sqrt(nn) / 2) + 1))
    ax, ay = fx + along * dx, fy + along * dy

    def off_arrow(x: FloatArray, y: FloatArray) -> list[Point]:
        # Off the arrow: no point along it (every 2 px, a pixel round) inside the text.
        if not len(x):
            return []
        on = (
            (ax[None, :] > x[:, None] - 1)
            & (ax[None, :] < x[:, None] + w + 1)
            & (ay[None, :] > y[:, None] - 1)
            & (ay[None, :] < y[:, None] + h + 1)
        ).any(axis=1)
        return list(zip(x[~on].tolist(), y[~on].tolist(), strict=True))

    near: list[Point] = []
    for f in (1.0, 0.75, 0.5, 0.25, 0.0):
        near += placer.around(fx + f * (tx - fx), fy + f * (ty - fy), size, gap, 1)
    cand = np.asarray(near, dtype=np.float64).reshape(-1, 2)
    first = off_arrow(cand[:, 0], cand[:, 1])
    if reach is None:
        reach = NORMAL_LABEL_REACH * h

    def scanned() -> list[Point]:
        if reach <= 0:
            return []
        x, y = placer.scan_arrays(size, (tx, ty))
        # The text's nearest point to the arrow's nearest point: within reach.
        cx, cy = x + w / 2, y + h / 2
        if nn <= 0:
            u = np.zeros(len(x))
        else:
            u = np.minimum(1.0, np.maximum(0.0, ((cx - fx) * dx + (cy - fy) * dy) / nn))
        px, py = fx + u * dx, fy + u * dy
        ex = np.maximum(0.0, np.abs(px - cx) - w / 2)
        ey = np.maximum(0.0, np.abs(py - cy) - h / 2)
        keep = np.hypot(ex, ey) <= reach
        return off_arrow(x[keep], y[keep])

    return first, scanned

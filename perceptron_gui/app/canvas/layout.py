"""Where the texts drawn over the data go: on no data point and no other text, inside the plot.

Everything here is in pixels (the scene's coordinates, y down) and knows nothing of Qt:
a `Placer` is given the plot's rectangle and the points' centres, then each overlay in
turn (the most important first) with the places it may take; it takes the first place
that covers no point and no overlay placed before it, else the one that covers least.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
from numpy.typing import NDArray

#: A rectangle (left, top, width, height) in pixels.
Rect = tuple[float, float, float, float]
#: A place that covers a point costs this much more than any overlap of texts.
POINT_COST = 1e9
#: Beyond this many points in the plot the points are an even sample of them (the
#: overlays only need to know where the crowd is).
SAMPLE_MAX = 4000


class Placer:
    """Places rectangles one by one on free room of `bounds`.

    Parameters
    ----------
    bounds
        The plot's rectangle; nothing placed crosses its edge (when it fits at all).
    points
        The points' centres, shape (n, 2).
    radius
        A rectangle covers a point when it comes closer than this to its centre.
    """

    def __init__(self, bounds: Rect, points: NDArray[np.float64], radius: float) -> None:
        self.bounds = bounds
        x0, y0, w, h = bounds
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        inside = (
            (pts[:, 0] >= x0 - radius)
            & (pts[:, 0] <= x0 + w + radius)
            & (pts[:, 1] >= y0 - radius)
            & (pts[:, 1] <= y0 + h + radius)
        )
        pts = pts[inside]
        if len(pts) > SAMPLE_MAX:
            pts = pts[:: -(-len(pts) // SAMPLE_MAX)]
        self.points = pts
        self.radius = float(radius)
        self.taken: list[Rect] = []

    def fits(self, r: Rect) -> bool:
        """True when `r` lies inside the bounds."""
        x0, y0, w, h = self.bounds
        return r[0] >= x0 and r[1] >= y0 and r[0] + r[2] <= x0 + w and r[1] + r[3] <= y0 + h

    def points_under(self, r: Rect) -> int:
        """How many points `r` covers (comes within `radius` of)."""
        if not len(self.points):
            return 0
        px, py = self.points[:, 0], self.points[:, 1]
        dx = np.maximum(np.maximum(r[0] - px, px - (r[0] + r[2])), 0.0)
        dy = np.maximum(np.maximum(r[1] - py, py - (r[1] + r[3])), 0.0)
        return int(np.count_nonzero(dx * dx + dy * dy < self.radius * self.radius))

    def overlap(self, r: Rect) -> float:
        """The area `r` shares with the rectangles placed so far."""
        total = 0.0
        for t in self.taken:
            w = min(r[0] + r[2], t[0] + t[2]) - max(r[0], t[0])
            h = min(r[1] + r[3], t[1] + t[3]) - max(r[1], t[1])
            if w > 0 and h > 0:
                total += w * h
        return total

    def cost(self, r: Rect) -> float:
        """0 for free room; inf outside the bounds."""
        if not self.fits(r):
            return float("inf")
        return POINT_COST * self.points_under(r) + self.overlap(r)

    def take(self, candidates: Iterable[tuple[float, float]], size: tuple[float, float]) -> Rect:
        """Place a rectangle of `size` at the first free top-left of `candidates` (else the
        one that costs least; else the first clamped into the bounds), and keep it."""
        r = self._choose(candidates, size)
        self.taken.append(r)
        return r

    def take_free(
        self, candidates: Iterable[tuple[float, float]], size: tuple[float, float]
    ) -> Rect | None:
        """As `take`, but only free room: None (nothing kept) when no candidate is free."""
        r = self._choose(candidates, size)
        if self.cost(r) != 0.0:
            return None
        self.taken.append(r)
        return r

    def _choose(self, candidates: Iterable[tuple[float, float]], size: tuple[float, float]) -> Rect:
        w, h = size
        best: Rect | None = None
        best_cost = float("inf")
        first: Rect | None = None
        for x, y in candidates:
            r = (float(x), float(y), float(w), float(h))
            if first is None:
                first = r
            c = self.cost(r)
            if c == 0.0:
                best = r
                break
            if c < best_cost:
                best, best_cost = r, c
        if best is None:
            best = self.clamp(
                first if first is not None else (self.bounds[0], self.bounds[1], w, h)
            )
        return best

    def clamp(self, r: Rect) -> Rect:
        """`r` moved into the bounds (its top-left kept inside when it is larger)."""
        x0, y0, bw, bh = self.bounds
        x = min(max(r[0], x0), max(x0, x0 + bw - r[2]))
        y = min(max(r[1], y0), max(y0, y0 + bh - r[3]))
        return (x, y, r[2], r[3])

    def reserve(self, r: Rect) -> None:
        """Keep `r` (a text that is where it is) out of the later places."""
        self.taken.append(r)

    # ---------------------------------------------------------------- candidates

    def around(
        self, x: float, y: float, size: tuple[float, float], gap: float, rings: int = 3
    ) -> Iterator[tuple[float, float]]:
        """Top-lefts beside the point (x, y): above right first, then the other sides,
        then the same a text's height further out (`rings` times)."""
        w, h = size
        for ring in range(rings):
            g = gap + ring * h
            yield (x + g, y - g - h)  # above right
            yield (x + g, y + g)  # below right
            yield (x - g - w, y - g - h)  # above left
            yield (x - g - w, y + g)  # below left
            yield (x - w / 2, y - g - h)  # above
            yield (x - w / 2, y + g)  # below
            yield (x + g, y - h / 2)  # right
            yield (x - g - w, y - h / 2)  # left

    def edges(self, size: tuple[float, float], inset: float) -> Iterator[tuple[float, float]]:
        """Top-lefts in the corners of the bounds, then the middles of the sides."""
        x0, y0, bw, bh = self.bounds
        w, h = size
        left, right = x0 + inset, x0 + bw - inset - w
        top, bottom = y0 + inset, y0 + bh - inset - h
        mid_x, mid_y = x0 + (bw - w) / 2, y0 + (bh - h) / 2
        yield from (
            (right, top), (left, top), (right, bottom), (left, bottom),
            (mid_x, top), (mid_x, bottom), (left, mid_y), (right, mid_y),
        )  # fmt: skip

    def scan(
        self, size: tuple[float, float], near: tuple[float, float] | None = None
    ) -> list[tuple[float, float]]:
        """Top-lefts on a grid over the bounds (a text's height apart), the nearest to
        `near` first (the top rows first without it)."""
        x0, y0, bw, bh = self.bounds
        w, h = size
        step = max(8.0, h)
        xs = np.arange(x0 + 2.0, x0 + bw - w, step)
        ys = np.arange(y0 + 2.0, y0 + bh - h, step)
        if not len(xs) or not len(ys):
            return []
        gx, gy = np.meshgrid(xs, ys)
        cx, cy = gx.ravel(), gy.ravel()
        if near is not None:
            d = (cx + w / 2 - near[0]) ** 2 + (cy + h / 2 - near[1]) ** 2
            order = np.argsort(d, kind="stable")
            cx, cy = cx[order], cy[order]
        return list(zip(cx.tolist(), cy.tolist(), strict=True))


def crossing(rects: list[Rect]) -> list[tuple[int, int]]:
    """The pairs of rectangles that overlap (by more than a pixel each way)."""
    out = []
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            b = rects[j]
            w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            if w > 1 and h > 1:
                out.append((i, j))
    return out

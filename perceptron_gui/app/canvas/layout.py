"""Where the texts drawn over the data go: on no data point and no other text, inside the plot.

Everything here is in pixels (the scene's coordinates, y down) and knows nothing of Qt:
a `Placer` is given the plot's rectangle and the points' centres, then each overlay in
turn (the most important first) with the places it may take; it takes the first place
that covers no point and no overlay placed before it, else the one that covers least.
Lines given to `avoid` (the running line) count too, least of all: a boxed text goes
beside the line when there is room, not over it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator

import numpy as np
from numpy.typing import NDArray

#: A rectangle (left, top, width, height) in pixels.
Rect = tuple[float, float, float, float]
#: A segment (x0, y0, x1, y1) in pixels.
Segment = tuple[float, float, float, float]
#: A place that covers a point costs this much more than any overlap of texts.
POINT_COST = 1e9
#: A place that crosses a line to avoid costs this much: less than any overlap of texts
#: worth the name, more than free room.
LINE_COST = 1.0
#: ... and an arrow (the update's vectors, the normal) this much: more than an overlap of
#: texts (the text over it is hidden among few points), less than a point. The update's
#: caption, boxed, crossed the model's line and the arrows alike, and sat on the origin
#: over the old w and the normal where it could have crossed the line alone.
ARROW_COST = 1e6
#: Up to this many candidates, `Placer` tries them one by one (see `_choose_costed`).
FEW = 64
#: Coordinates (in cells) within ±this take `points_under`'s inline path (finite, and
#: floored exactly to an int).
_HUGE = 1e15


def _cell(v: float, n: int, plus: int) -> int:
    """The grid cell of a coordinate (in cells) as `Placer._counts` finds it: NaN and -inf
    count as 0, +inf as n; floored, kept within [-1, n + 1], `plus` added, within [0, n]."""
    if v != v or v == -math.inf:
        f = 0
    elif v == math.inf:
        f = n
    else:
        f = min(max(math.floor(v), -1), n + 1)
    return min(max(f + plus, 0), n)


#: The last `Placer`'s point counts: (bounds and radius, the points, prefix sums, the
#: points inside). Read only, so placers can share them.
_last_grid: list[
    tuple[
        tuple[tuple[float, ...], float], NDArray[np.float64], NDArray[np.int64], NDArray[np.float64]
    ]
] = []


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
        self.radius = float(radius)
        self.taken: list[Rect] = []
        #: Segments (x0, y0, x1, y1) in pixels that `take` keeps texts off when it can.
        self.lines: list[tuple[float, float, float, float]] = []
        #: ... those of them that are arrows (crossing one costs ARROW_COST).
        self.arrows: set[tuple[float, float, float, float]] = set()
        #: Curves of many short segments (a kernel's boundary, Novikoff's circle), kept as
        #: the cells they pass through (prefix sums on the points' grid): texts keep off
        #: them as off `lines`, in four look-ups a curve whatever its number of segments.
        self.paths: list[NDArray[np.int64]] = []
        self._grids: dict[tuple[float, float], tuple[NDArray[np.float64], NDArray[np.float64]]] = {}
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        self._cell = max(1.0, self.radius / 4)
        self._x0, self._y0 = bounds[0] - self.radius, bounds[1] - self.radius
        key = (tuple(map(float, bounds)), self.radius)
        last = _last_grid[0] if _last_grid else None
        if last is not None and last[0] == key and np.array_equal(last[1], pts):
            # The points did not move on screen since the last layout (a frame of a run):
            # the same counts (their prefix sums were ~1-4 ms of each frame).
            self._sums, self.points = last[2], last[3]
            return
        # The points counted on a grid of cells (a quarter radius wide) with prefix sums, so
        # that how many points a rectangle covers is four look-ups, at any number of points.
        w, h = bounds[2], bounds[3]
        nx = int(np.ceil((w + 2 * self.radius) / self._cell)) + 1
        ny = int(np.ceil((h + 2 * self.radius) / self._cell)) + 1
        cx = np.floor((pts[:, 0] - self._x0) / self._cell)
        cy = np.floor((pts[:, 1] - self._y0) / self._cell)
        inside = (cx >= 0) & (cx < nx) & (cy >= 0) & (cy < ny)
        flat = cy[inside].astype(np.intp) * nx + cx[inside].astype(np.intp)
        counts = np.bincount(flat, minlength=ny * nx).reshape(ny, nx)
        self._sums = np.zeros((ny + 1, nx + 1), dtype=np.int64)
        self._sums[1:, 1:] = counts.cumsum(0).cumsum(1)
        self.points = pts[inside]
        _last_grid[:] = [(key, pts.copy(), self._sums, self.points)]

    def fits(self, r: Rect) -> bool:
        """True when `r` lies inside the bounds."""
        x0, y0, w, h = self.bounds
        return r[0] >= x0 and r[1] >= y0 and r[0] + r[2] <= x0 + w and r[1] + r[3] <= y0 + h

    def points_under(self, r: Rect) -> int:
        """How many points `r` covers: their centres within `radius` of it (counted by
        cells, so a point up to a quarter radius further may count too)."""
        # One rectangle: `_counts`'s arithmetic on Python floats (numpy's per-call cost on
        # one-element arrays made this most of a frame's layout).
        s = self._sums
        ny, nx = s.shape[0] - 1, s.shape[1] - 1
        rad, c, w, h = self.radius, self._cell, float(r[2]), float(r[3])
        x, y = float(r[0]), float(r[1])
        u0 = (x - rad - self._x0) / c
        u1 = (x + w + rad - self._x0) / c
        v0 = (y - rad - self._y0) / c
        v1 = (y + h + rad - self._y0) / c
        if (
            -_HUGE < u0 < _HUGE
            and -_HUGE < u1 < _HUGE
            and -_HUGE < v0 < _HUGE
            and -_HUGE < v1 < _HUGE
        ):
            # Finite (the usual case): `_cell`'s arithmetic inline (its four calls were
            # a third of a layout pass among many points' names).
            # (clamped to [-1, n + 1], plus 0 or 1, then to [0, n]: the same as this)
            a = min(max(math.floor(u0), 0), nx)
            b = min(max(math.floor(u1) + 1, 0), nx)
            lo = min(max(math.floor(v0), 0), ny)
            hi = min(max(math.floor(v1) + 1, 0), ny)
        else:
            a = _cell(u0, nx, 0)
            b = _cell(u1, nx, 1)
            lo = _cell(v0, ny, 0)
            hi = _cell(v1, ny, 1)
        if not (a < b and lo < hi):
            return 0
        item = s.item  # (Python ints: no numpy scalars)
        return int(item(hi, b) - item(lo, b) - item(hi, a) + item(lo, a))

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

    def avoid(self, x0: float, y0: float, x1: float, y1: float, *, arrow: bool = False) -> None:
        """Keep the texts placed by `take` off the segment (x0, y0)–(x1, y1) when there is
        room elsewhere (a boxed text over the line would hide it); `arrow`: an arrow's
        shaft, which a text crosses only when it can cross nothing cheaper."""
        if all(np.isfinite((x0, y0, x1, y1))):
            seg = (float(x0), float(y0), float(x1), float(y1))
            self.lines.append(seg)
            if arrow:
                self.arrows.add(seg)

    def avoid_path(self, xs: NDArray[np.float64], ys: NDArray[np.float64]) -> None:
        """Keep the texts off the curve through the pixels (xs[i], ys[i]) (NaN: a break),
        as off a line to `avoid`: the cells it passes through, sampled every pixel or so."""
        ny, nx = self._sums.shape[0] - 1, self._sums.shape[1] - 1
        x = np.asarray(xs, dtype=np.float64)
        y = np.asarray(ys, dtype=np.float64)
        if len(x) < 2:
            return
        a = np.column_stack([x[:-1], y[:-1]])
        b = np.column_stack([x[1:], y[1:]])
        ok = np.all(np.isfinite(a), axis=1) & np.all(np.isfinite(b), axis=1)
        a, b = a[ok], b[ok]
        x0, y0, w, h = self.bounds
        lo = np.array([x0 - w, y0 - h])
        hi = np.array([x0 + 2 * w, y0 + 2 * h])
        a, b = np.clip(a, lo, hi), np.clip(b, lo, hi)  # (off the plot: no cell anyway)
        if not len(a):
            return
        steps = np.maximum(1, np.ceil(np.hypot(*(b - a).T) / (0.5 * self._cell))).astype(np.intp)
        seg = np.repeat(np.arange(len(a)), steps)
        t = (np.arange(len(seg)) - np.repeat(np.cumsum(steps) - steps, steps)) / steps[seg]
        pts = a[seg] + t[:, None] * (b[seg] - a[seg])
        pts = np.vstack([pts, b])
        cx = np.floor((pts[:, 0] - self._x0) / self._cell)
        cy = np.floor((pts[:, 1] - self._y0) / self._cell)
        inside = (cx >= 0) & (cx < nx) & (cy >= 0) & (cy < ny)
        if not inside.any():
            return
        flat = cy[inside].astype(np.intp) * nx + cx[inside].astype(np.intp)
        counts = (np.bincount(flat, minlength=ny * nx) > 0).reshape(ny, nx).astype(np.int64)
        sums = np.zeros((ny + 1, nx + 1), dtype=np.int64)
        sums[1:, 1:] = counts.cumsum(0).cumsum(1)
        self.paths.append(sums)

    def _path_cells(self, sums: NDArray[np.int64], r: Rect) -> int:
        """How many of a curve's cells the rectangle `r` (grown by a pixel) covers."""
        ny, nx = sums.shape[0] - 1, sums.shape[1] - 1
        c = self._cell
        vals = ((r[0] - 1.0 - self._x0) / c, (r[0] + r[2] + 1.0 - self._x0) / c)
        rows = ((r[1] - 1.0 - self._y0) / c, (r[1] + r[3] + 1.0 - self._y0) / c)
        if not all(math.isfinite(v) for v in (*vals, *rows)):
            return 0
        a = min(max(math.floor(vals[0]), 0), nx)
        b = min(max(math.floor(vals[1]) + 1, 0), nx)
        lo = min(max(math.floor(rows[0]), 0), ny)
        hi = min(max(math.floor(rows[1]) + 1, 0), ny)
        if not (a < b and lo < hi):
            return 0
        item = sums.item
        return int(item(hi, b) - item(lo, b) - item(hi, a) + item(lo, a))

    def take(
        self,
        candidates: Iterable[tuple[float, float]],
        size: tuple[float, float],
        more: Callable[[], Iterable[tuple[float, float]]] | None = None,
    ) -> Rect:
        """Place a rectangle of `size` at the first free top-left of `candidates` (else the
        one that costs least; else the first clamped into the bounds), and keep it. Free
        room here is also off the lines to `avoid`. `more`: further candidates after
        `candidates`, made only when none of these is free (a scan has a thousand)."""
        r = self._choose(candidates, size, lines=True, more=more)
        self.taken.append(r)
        return r

    def best(
        self,
        candidates: Iterable[tuple[float, float]],
        size: tuple[float, float],
        more: Callable[[], Iterable[tuple[float, float]]] | None = None,
    ) -> tuple[Rect, float]:
        """The place `take` would keep, and its cost (0: free room off every line; inf:
        clamped), nothing kept (`reserve` keeps it)."""
        return self._choose_costed(candidates, size, lines=True, more=more)

    def take_free(
        self,
        candidates: Iterable[tuple[float, float]],
        size: tuple[float, float],
        more: Callable[[], Iterable[tuple[float, float]]] | None = None,
        *,
        strict: bool = False,
    ) -> Rect | None:
        """As `take`, but only free room: None (nothing kept) when no candidate is free
        (off the lines to `avoid` when it can be, on one when it cannot; with `strict`,
        None when every free candidate is on one). `more`: as `take`'s."""
        # Only free room counts: the candidates are tried one by one until one is free
        # of the lines too (most texts take one of their first few), keeping the first
        # free one that crosses the fewest lines meanwhile; not costed all at once (a
        # leader line's scan has ~100 places, and costing them all was most of a layout
        # pass among a few dozen names).
        w, h = float(size[0]), float(size[1])
        best: Rect | None = None
        fewest = math.inf
        for batch in (candidates, more):
            if batch is None:
                continue
            for cx, cy in batch() if callable(batch) else batch:
                x, y = float(cx), float(cy)
                if not self._free(x, y, w, h, False):
                    continue
                crossed = self.line_cost((x, y, w, h)) if self.lines or self.paths else 0
                if crossed == 0:
                    self.taken.append((x, y, w, h))
                    return (x, y, w, h)
                if crossed < fewest and not strict:
                    best, fewest = (x, y, w, h), crossed
        if best is not None:
            self.taken.append(best)
        return best

    def is_free(self, r: Rect) -> bool:
        """Whether `r` is free room (inside, on no point and no text), lines aside; nothing
        kept."""
        return self._free(float(r[0]), float(r[1]), float(r[2]), float(r[3]), False)

    def take_if_free(self, r: Rect, *, lines: bool = True) -> bool:
        """Keep `r` if it is free room as `take_free` finds it first (inside, on no point
        and no text, across no line to `avoid`; `lines` off: lines aside): a label's last
        place, while it holds."""
        x, y, w, h = (float(v) for v in r)
        if not self._free(x, y, w, h, lines):
            return False
        self.taken.append((x, y, w, h))
        return True

    def _choose(
        self,
        candidates: Iterable[tuple[float, float]],
        size: tuple[float, float],
        *,
        lines: bool = False,
        more: Callable[[], Iterable[tuple[float, float]]] | None = None,
    ) -> Rect:
        """The first free candidate, else the cheapest inside, else the first clamped;
        `lines`: crossing a line to `avoid` costs LINE_COST. `more`: the candidates after
        `candidates`, made only when none of these is free."""
        return self._choose_costed(candidates, size, lines=lines, more=more)[0]

    def _choose_costed(
        self,
        candidates: Iterable[tuple[float, float]],
        size: tuple[float, float],
        *,
        lines: bool = False,
        more: Callable[[], Iterable[tuple[float, float]]] | None = None,
    ) -> tuple[Rect, float]:
        """`_choose` and the place's cost (inf when clamped: not costed).

        A few candidates (a text beside its point has 16-40) are tried one by one until one
        is free: most texts take their first or second, and numpy's per-call cost on a
        handful of rectangles was most of a layout pass. Otherwise (none free, or a scan)
        all are costed at once."""
        w, h = float(size[0]), float(size[1])
        first = list(candidates)
        if len(first) <= FEW:
            for cx, cy in first:
                if self._free(float(cx), float(cy), w, h, lines):
                    return (float(cx), float(cy), w, h), 0.0
        if more is not None:
            first.extend(more())
        cand = np.asarray(first, dtype=np.float64).reshape(-1, 2)
        cand = cand[np.all(np.isfinite(cand), axis=1)]  # (a point at 1e300 maps to inf)
        if not len(cand):
            return self.clamp((self.bounds[0], self.bounds[1], w, h)), float("inf")
        x, y = cand[:, 0], cand[:, 1]
        x0, y0, bw, bh = self.bounds
        fits = (x >= x0) & (y >= y0) & (x + w <= x0 + bw) & (y + h <= y0 + bh)
        cost = POINT_COST * self._counts(x, y, w, h).astype(np.float64)
        if self.taken:
            # Every candidate against every text placed, at once (a frame places dozens:
            # a loop over them was most of a kernel run's frame), summed in their order.
            t = np.asarray(self.taken, dtype=np.float64)
            xc, yc = x[:, None], y[:, None]
            with np.errstate(over="ignore", invalid="ignore"):  # candidates far off the plot
                ox = np.minimum(xc + w, t[:, 0] + t[:, 2]) - np.maximum(xc, t[:, 0])
                oy = np.minimum(yc + h, t[:, 1] + t[:, 3]) - np.maximum(yc, t[:, 1])
                parts = np.where((ox > 0) & (oy > 0), ox * oy, 0.0)
            cost = np.add.accumulate(np.column_stack((cost, parts)), axis=1)[:, -1]
        if lines:
            cost += self._crossings(x, y, w, h)
        cost = np.where(fits, cost, np.inf)
        free = np.flatnonzero(cost == 0.0)
        i = int(free[0]) if len(free) else int(np.argmin(cost))
        if not np.isfinite(cost[i]):
            return self.clamp((float(x[0]), float(y[0]), w, h)), float("inf")
        return (float(x[i]), float(y[i]), w, h), float(cost[i])

    def _free(self, x: float, y: float, w: float, h: float, lines: bool) -> bool:
        """True when the rectangle costs 0 as `_choose_costed` costs it: finite, inside,
        on no point, on no placed text, and (`lines`) across no line to avoid."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return False
        x0, y0, bw, bh = self.bounds
        if not (x >= x0 and y >= y0 and x + w <= x0 + bw and y + h <= y0 + bh):
            return False
        if self.points_under((x, y, w, h)):
            return False
        xw, yh = x + w, y + h
        for tx, ty, tw, th in self.taken:
            # min(xw, txw) - max(x, tx) > 0 is these four comparisons (a difference of two
            # floats is positive exactly when the first is larger); then the area's.
            txw, tyh = tx + tw, ty + th
            if (
                xw > tx and txw > x and xw > x and txw > tx
                and yh > ty and tyh > y and yh > y and tyh > ty
                and (min(xw, txw) - max(x, tx)) * (min(yh, tyh) - max(y, ty)) != 0.0
            ):  # fmt: skip
                return False
        return not (lines and self.crossings((x, y, w, h)))

    def crossings(self, r: Rect) -> int:
        """How many lines to `avoid` (and curves) cross `r` (grown by a pixel)."""
        return sum(1 for seg in self.lines if crosses(r, seg)) + sum(
            1 for sums in self.paths if self._path_cells(sums, r)
        )

    def line_cost(self, r: Rect) -> float:
        """What crossing the lines costs at `r`: LINE_COST a line or curve, ARROW_COST an
        arrow."""
        cost = 0.0
        for seg in self.lines:
            if crosses(r, seg):
                cost += ARROW_COST if seg in self.arrows else LINE_COST
        return cost + LINE_COST * sum(1 for sums in self.paths if self._path_cells(sums, r))

    def _crossings(
        self, x: NDArray[np.float64], y: NDArray[np.float64], w: float, h: float
    ) -> NDArray[np.float64]:
        """What crossing the lines to `avoid` costs for each rectangle (grown by a pixel: the
        line's width; see `line_cost`), by clipping each segment to it (Liang–Barsky)."""
        out = np.zeros(len(x))
        left, top, right, bottom = x - 1.0, y - 1.0, x + w + 1.0, y + h + 1.0
        for sums in self.paths:
            ny, nx = sums.shape[0] - 1, sums.shape[1] - 1
            with np.errstate(invalid="ignore", over="ignore"):
                a = np.clip(np.floor((left - self._x0) / self._cell), 0, nx).astype(np.intp)
                b = np.clip(np.floor((right - self._x0) / self._cell) + 1, 0, nx).astype(np.intp)
                lo = np.clip(np.floor((top - self._y0) / self._cell), 0, ny).astype(np.intp)
                hi = np.clip(np.floor((bottom - self._y0) / self._cell) + 1, 0, ny).astype(np.intp)
            cells = sums[hi, b] - sums[lo, b] - sums[hi, a] + sums[lo, a]
            out += LINE_COST * ((a < b) & (lo < hi) & (cells > 0))
        for seg in self.lines:
            x0, y0, x1, y1 = seg
            weight = ARROW_COST if seg in self.arrows else LINE_COST
            dx, dy = x1 - x0, y1 - y0
            t0, t1 = np.zeros(len(x)), np.ones(len(x))
            ok = np.ones(len(x), dtype=bool)
            for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
                if p == 0.0:
                    ok &= q >= 0.0
                elif p < 0.0:
                    t0 = np.maximum(t0, q / p)
                else:
                    t1 = np.minimum(t1, q / p)
            out += weight * (ok & (t0 <= t1))
        return out

    def _counts(
        self, x: NDArray[np.float64], y: NDArray[np.float64], w: float, h: float
    ) -> NDArray[np.int64]:
        """`points_under` for many rectangles of one size at once."""
        ny, nx = self._sums.shape[0] - 1, self._sums.shape[1] - 1
        r, c = self.radius, self._cell

        def cell(v: NDArray[np.float64], n: int, plus: int) -> NDArray[np.intp]:
            # `_cell` for an array: NaN and -inf to 0, +inf to n, then within [-1, n + 1]
            # (ufuncs, not nan_to_num and clip: their Python wrappers cost more than the work)
            f = np.floor(v)
            f[np.isnan(f) | (f == -np.inf)] = 0.0
            k = np.minimum(np.maximum(f, -1.0), n + 1.0).astype(np.intp) + plus
            return np.minimum(np.maximum(k, 0), n)

        a = cell((x - r - self._x0) / c, nx, 0)
        b = cell((x + w + r - self._x0) / c, nx, 1)
        lo = cell((y - r - self._y0) / c, ny, 0)
        hi = cell((y + h + r - self._y0) / c, ny, 1)
        s = self._sums
        out = s[hi, b] - s[lo, b] - s[hi, a] + s[lo, a]
        return np.where((a < b) & (lo < hi), out, 0)

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
        cx, cy = self.scan_arrays(size, near)
        return list(zip(cx.tolist(), cy.tolist(), strict=True))

    def scan_arrays(
        self, size: tuple[float, float], near: tuple[float, float] | None = None
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """`scan` as two arrays, the lefts and the tops (to filter without a Python loop
        over its thousand places)."""
        cx, cy = self._grid(size)
        if near is not None and all(math.isfinite(v) for v in near):
            cx, cy = self._nearest_first(cx, cy, size, near)
        return cx, cy

    def _grid(self, size: tuple[float, float]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The scan's top-lefts in its own order (top rows first), made once per size."""
        size = (float(size[0]), float(size[1]))
        got = self._grids.get(size)
        if got is None:
            x0, y0, bw, bh = self.bounds
            w, h = size
            step = max(8.0, h)
            xs = np.arange(x0 + 2.0, x0 + bw - w, step)
            ys = np.arange(y0 + 2.0, y0 + bh - h, step)
            if not len(xs) or not len(ys):
                got = (np.empty(0), np.empty(0))
            else:
                gx, gy = np.meshgrid(xs, ys)
                got = (gx.ravel(), gy.ravel())
            self._grids[size] = got
        return got

    @staticmethod
    def _nearest_first(
        cx: NDArray[np.float64],
        cy: NDArray[np.float64],
        size: tuple[float, float],
        near: tuple[float, float],
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """The places in order of their centre's distance to `near` (ties in their order)."""
        w, h = size
        with np.errstate(over="ignore"):  # an anchor far off the plot: inf sorts last
            d = (cx + w / 2 - near[0]) ** 2 + (cy + h / 2 - near[1]) ** 2
        order = np.argsort(d, kind="stable")
        return cx[order], cy[order]

    def scan_within(
        self, size: tuple[float, float], cx: float, cy: float, reach: float
    ) -> list[tuple[float, float]]:
        """The places of `scan(size, (cx, cy))` whose rectangle comes within `reach` of the
        point (cx, cy) (`constants.gap_to`), in the scan's order."""
        x, y = self._grid(size)
        w, h = size
        with np.errstate(over="ignore", invalid="ignore"):
            ex = np.maximum(np.maximum(0.0, x - cx), cx - (x + w))
            ey = np.maximum(np.maximum(0.0, y - cy), cy - (y + h))
            keep = np.hypot(ex, ey) <= reach
        x, y = x[keep], y[keep]
        if math.isfinite(cx) and math.isfinite(cy):
            # Kept, then sorted: a stable sort of the few kept is the order they have in
            # the sorted scan (the whole scan was sorted for each point's name).
            x, y = self._nearest_first(x, y, size, (cx, cy))
        return list(zip(x.tolist(), y.tolist(), strict=True))


def crosses(r: Rect, seg: tuple[float, float, float, float]) -> bool:
    """Whether the segment (x0, y0, x1, y1) crosses the rectangle `r` grown by a pixel
    (Liang–Barsky, as `Placer._crossings`)."""
    x0, y0, x1, y1 = seg
    left, top, right, bottom = r[0] - 1.0, r[1] - 1.0, r[0] + r[2] + 1.0, r[1] + r[3] + 1.0
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0.0:
            if q < 0.0:
                return False
        elif p < 0.0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 <= t1


def segments_cross(a: Segment, b: Segment) -> bool:
    """Whether the segments (x0, y0, x1, y1) `a` and `b` meet (touching or lying along one
    another counts)."""

    def side(px: float, py: float, qx: float, qy: float, rx: float, ry: float) -> float:
        return (qx - px) * (ry - py) - (qy - py) * (rx - px)

    d1 = side(b[0], b[1], b[2], b[3], a[0], a[1])
    d2 = side(b[0], b[1], b[2], b[3], a[2], a[3])
    d3 = side(a[0], a[1], a[2], a[3], b[0], b[1])
    d4 = side(a[0], a[1], a[2], a[3], b[2], b[3])
    if d1 * d2 > 0 or d3 * d4 > 0:
        return False
    if d1 == d2 == d3 == d4 == 0:  # on one line: whether their extents overlap
        return (
            min(a[0], a[2]) <= max(b[0], b[2])
            and min(b[0], b[2]) <= max(a[0], a[2])
            and min(a[1], a[3]) <= max(b[1], b[3])
            and min(b[1], b[3]) <= max(a[1], a[3])
        )
    return True


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles overlap (by more than a pixel each way)."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w > 1 and h > 1


def crossing(rects: list[Rect]) -> list[tuple[int, int]]:
    """The pairs of rectangles that overlap (by more than a pixel each way)."""
    return [
        (i, j)
        for i, a in enumerate(rects)
        for j in range(i + 1, len(rects))
        if overlaps(a, rects[j])
    ]

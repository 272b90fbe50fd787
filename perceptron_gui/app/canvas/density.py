"""Many points as one image: a 2-D histogram per class, coloured by class.

From `DENSITY_MIN_POINTS` points on, the canvas draws the static points as this image
instead of one sprite each: the histogram is counted once per data set (numpy, about
20 ms for 10⁶ points) in an event-loop turn of its own after the points arrive (so a
large file's last step is not one long freeze), and painting it is one scaled image
whatever N is. Each bin is
the mix of the two class colours weighted by their counts, its opacity grows with the
logarithm of the count (a single point stays visible, a crowd is solid). Zoomed far in
the bins show as blocks; editing single points is for smaller data sets anyway.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore

from perceptron_gui.app.theme import theme

#: From this many points on, the canvas shows the points as a density image.
DENSITY_MIN_POINTS = 200_000
#: Bins along the longer side of the data's bounding box.
DENSITY_BINS = 600
#: Points counted at a time: the working arrays hold this many (~6 MB), not N (at 10⁶
#: points they were ~27 MB, kept for the window's life).
COUNT_BLOCK = 1 << 18
#: Opacity of a bin holding one point (a full bin is opaque).
MIN_ALPHA = 0.35


class Scratch:
    """Working arrays kept from one count to the next.

    A fresh 8 MB array (10⁶ points) is fresh memory from the system, and touching its
    pages the first time took more than the arithmetic (a count: ~25 ms with new
    arrays, ~10 ms with these). A count takes `COUNT_BLOCK` points at a time, so they
    hold that many at most.
    """

    def __init__(self) -> None:
        self._arrays: dict[str, NDArray[np.generic]] = {}

    def get(self, name: str, n: int, dtype: type[np.generic]) -> NDArray[Any]:
        """An array of `n` items (contents undefined), a view of one kept by `name`."""
        a = self._arrays.get(name)
        if a is None or a.shape[0] < n or a.dtype != dtype:
            a = self._arrays[name] = np.empty(max(n, n + n // 8), dtype)  # room to grow
        return a[:n]


def density_counts(
    points: NDArray[np.float64],
    labels: NDArray[np.int8],
    bins: int = DENSITY_BINS,
    scratch: Scratch | None = None,
) -> tuple[NDArray[np.int64], NDArray[np.int64], QtCore.QRectF]:
    """Counts of +1 and −1 points per bin (rows: x₂ upward, columns: x₁), and the bins' rect."""
    scratch = scratch if scratch is not None else Scratch()
    n = points.shape[0]
    x, y = points[:, 0], points[:, 1]
    x0, x1, y0, y1 = float(x.min()), float(x.max()), float(y.min()), float(y.max())
    span = max(x1 - x0, y1 - y0)
    if not span > 0.0 or not np.isfinite(span):
        span = max(abs(x0), abs(y0), 1.0)
    step = span / (bins - 1)
    nx = max(1, int((x1 - x0) / step) + 1)
    ny = max(1, int((y1 - y0) / step) + 1)
    total: NDArray[np.intp] | None = None
    for start in range(0, max(n, 1), COUNT_BLOCK):
        stop = min(n, start + COUNT_BLOCK)
        m = stop - start
        # In place, in float (exact below 2^53), one count, in the scratch arrays.
        fx = np.subtract(x[start:stop], x0, out=scratch.get("fx", m, np.float64))
        fx /= step
        np.floor(fx, out=fx)
        np.minimum(fx, nx - 1, out=fx)
        fy = np.subtract(y[start:stop], y0, out=scratch.get("fy", m, np.float64))
        fy /= step
        np.floor(fy, out=fy)
        np.minimum(fy, ny - 1, out=fy)
        fy *= nx
        fy += fx
        fy *= 2
        neg = np.less(labels[start:stop], 0, out=scratch.get("neg", m, np.bool_))
        fy += neg  # (row, column, class)
        flat = scratch.get("flat", m, np.intp)
        np.copyto(flat, fy, casting="unsafe")  # whole numbers: exact
        block = np.bincount(flat, minlength=2 * nx * ny)
        if total is None:
            total = block
        else:
            total += block
    assert total is not None
    counts = total.reshape(ny, nx, 2)
    cp = np.ascontiguousarray(counts[..., 0], dtype=np.int64)
    cn = np.ascontiguousarray(counts[..., 1], dtype=np.int64)
    # Each bin is centred on its points: the rect overshoots the data by half a bin.
    rect = QtCore.QRectF(x0 - step / 2, y0 - step / 2, nx * step, ny * step)
    return cp, cn, rect


def density_rgba(
    cp: NDArray[np.int64],
    cn: NDArray[np.int64],
    positive: tuple[int, int, int],
    negative: tuple[int, int, int],
) -> NDArray[np.uint8]:
    """The RGBA image (rows, columns, 4) of the counts in the two class colours."""
    total = cp + cn
    img = np.zeros((*total.shape, 4), dtype=np.uint8)
    img[..., :3] = negative  # (an empty bin: transparent, in the −1 colour as it was)
    # Only the filled bins are computed: half the grid or less for most data.
    flat = total.reshape(-1)
    filled = np.flatnonzero(flat)
    if not len(filled):
        return img
    counts = flat[filled]
    share = cp.reshape(-1)[filled] / counts
    out = img.reshape(-1, 4)
    for ch in range(3):
        out[filled, ch] = np.round(share * positive[ch] + (1.0 - share) * negative[ch])
    level = np.log1p(counts) / np.log1p(counts.max())
    out[filled, 3] = np.round(255 * (MIN_ALPHA + (1.0 - MIN_ALPHA) * level))
    return img


class DensityImage(pg.ImageItem):
    """The points of a large data set as one image in data coordinates."""

    def __init__(self) -> None:
        super().__init__(axisOrder="row-major")
        self._counts: tuple[NDArray[np.int64], NDArray[np.int64]] | None = None
        self._pending: tuple[NDArray[np.float64], NDArray[np.int8]] | None = None
        self._scratch = Scratch()
        self._timer = QtCore.QTimer()
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._next_part)
        self._unrendered = False
        self._rect = QtCore.QRectF()

    def set_points(
        self, points: NDArray[np.float64], labels: NDArray[np.int8], *, keep_old: bool = False
    ) -> None:
        """Show these points (empty: nothing): counted at the next turn of the event loop
        and drawn at the turn after (two short slices, not one long one), or both at
        `flush`; until then the old image stays with `keep_old` (an edit of a few points),
        else nothing is shown."""
        if not (keep_old and len(points)):
            self._counts = None
            self.clear()
        self._unrendered = False
        if len(points) == 0:
            self._pending = None
            self._timer.stop()
            self._scratch = Scratch()  # (small data sets: no image, no working arrays)
            return
        self._pending = (points, labels)
        self._timer.start()

    def flush(self) -> None:
        """Count and draw the points given last, now (a picture is about to be taken)."""
        self._timer.stop()
        self._count()
        if self._unrendered:
            self._draw()

    def _next_part(self) -> None:
        if self._pending is not None:
            self._count()
            self._timer.start()  # the drawing at the next turn
        elif self._unrendered:
            self._draw()

    def _count(self) -> None:
        if self._pending is None:
            return
        points, labels = self._pending
        self._pending = None
        cp, cn, rect = density_counts(points, labels, scratch=self._scratch)
        self._counts = (cp, cn)
        self._rect = rect
        self._unrendered = True

    def _draw(self) -> None:
        self._unrendered = False
        self._render()
        self.setRect(self._rect)

    def apply_theme(self) -> None:
        """Recolour from the theme's class colours."""
        if self._counts is not None:
            self._render()

    def _render(self) -> None:
        assert self._counts is not None
        t = theme()
        pos, neg = t.color("positive"), t.color("negative")
        img = density_rgba(
            *self._counts,
            (pos.red(), pos.green(), pos.blue()),
            (neg.red(), neg.green(), neg.blue()),
        )
        self.setImage(img, autoLevels=False, levels=(0, 255))

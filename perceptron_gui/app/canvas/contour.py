"""The level set f = 0 of the region grid's values, as line segments (numpy, Qt-free).

The boundary of a model that is not a line (a kernel expansion, a vote) drawn over its
regions (`visuals/boundary.py`), from the values `regions.py` computes on the grid.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]


def zero_segments(f: FloatArray) -> tuple[FloatArray, FloatArray]:
    """The level set f = 0 of a grid of values as line segments (vectorised marching squares).

    The boundary between ``f >= 0`` and ``f < 0`` (``sign(0) = +1``), crossing each cell
    edge where the sign changes at the linear interpolation of f. pyqtgraph's `isocurve`
    walks the cells in Python (~0.1 s a frame on a 240-column grid); this is a few numpy
    passes. A saddle cell (all four edges crossed) gets two segments.

    Parameters
    ----------
    f
        Values on the grid, shape (rows, columns).

    Returns
    -------
    (cols, rows)
        Grid coordinates (column, row) of the segments' ends, three entries per segment
        (start, end, NaN: a break for a line drawn with NaN gaps).
    """
    if f.shape[0] < 2 or f.shape[1] < 2:
        return np.zeros(0), np.zeros(0)
    pos = f >= 0.0
    p00, p01, p10, p11 = pos[:-1, :-1], pos[:-1, 1:], pos[1:, :-1], pos[1:, 1:]
    # Only the cells whose corners differ in sign (a few per cent of the grid).
    ii, jj = np.nonzero((p00 != p01) | (p00 != p10) | (p00 != p11))
    f00, f01, f10, f11 = f[ii, jj], f[ii, jj + 1], f[ii + 1, jj], f[ii + 1, jj + 1]
    q00, q01, q10, q11 = p00[ii, jj], p01[ii, jj], p10[ii, jj], p11[ii, jj]
    r, c = ii.astype(np.float64), jj.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        # The four edges of a cell: 0 its row r, 1 its column c+1, 2 row r+1, 3 column c.
        ex = np.stack([c + f00 / (f00 - f01), c + 1.0, c + f10 / (f10 - f11), c])
        ey = np.stack([r, r + f01 / (f01 - f11), r + 1.0, r + f00 / (f00 - f10)])
    cross = np.stack([q00 != q01, q01 != q11, q10 != q11, q00 != q10])
    k = np.arange(ii.shape[0])
    count = cross.sum(axis=0)
    two = count == 2
    first = np.argmax(cross, axis=0)[two]
    last = 3 - np.argmax(cross[::-1], axis=0)[two]
    kt = k[two]
    sx, sy = [ex[first, kt]], [ey[first, kt]]
    qx, qy = [ex[last, kt]], [ey[last, kt]]
    k4 = k[count == 4]
    for a, b in ((0, 1), (2, 3)):  # a saddle: two segments
        sx.append(ex[a, k4])
        sy.append(ey[a, k4])
        qx.append(ex[b, k4])
        qy.append(ey[b, k4])
    x0, y0, x1, y1 = (np.concatenate(v) for v in (sx, sy, qx, qy))
    nan = np.full(x0.shape[0], np.nan)
    return np.column_stack([x0, x1, nan]).ravel(), np.column_stack([y0, y1, nan]).ravel()

"""Plane geometry for the canvas, Qt-free (provisional; replaced by the tested module)."""

from __future__ import annotations

import math

Rect = tuple[float, float, float, float]  # xmin, xmax, ymin, ymax


def clip_line(
    w: tuple[float, float], b: float, rect: Rect
) -> tuple[tuple[float, float], ...] | None:
    """The segment of w·x + b = 0 inside rect, or None."""
    nn = w[0] * w[0] + w[1] * w[1]
    if nn == 0.0:
        return None
    p0 = (-b * w[0] / nn, -b * w[1] / nn)
    s = math.sqrt(nn)
    d = (-w[1] / s, w[0] / s)
    lo, hi = -math.inf, math.inf
    for k, (mn, mx) in enumerate(((rect[0], rect[1]), (rect[2], rect[3]))):
        if abs(d[k]) < 1e-15:
            if not mn <= p0[k] <= mx:
                return None
            continue
        t1, t2 = (mn - p0[k]) / d[k], (mx - p0[k]) / d[k]
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if not lo < hi:
        return None
    return ((p0[0] + lo * d[0], p0[1] + lo * d[1]), (p0[0] + hi * d[0], p0[1] + hi * d[1]))


def follow_line(
    w: tuple[float, float],
    b: float,
    rect: Rect,
    data_rect: Rect | None = None,
    keep_origin: bool = False,
    pad: float = 0.1,
) -> Rect:
    """The view to use so that the line shows a segment of at least a tenth of the diagonal."""
    x0, x1, y0, y1 = rect
    diag = math.hypot(x1 - x0, y1 - y0)
    seg = clip_line(w, b, rect)
    need = seg is None or math.dist(seg[0], seg[1]) < 0.1 * diag
    if keep_origin:
        x0, x1, y0, y1 = min(x0, 0.0), max(x1, 0.0), min(y0, 0.0), max(y1, 0.0)
    nn = w[0] * w[0] + w[1] * w[1]
    if not need or nn == 0.0:
        return (x0, x1, y0, y1)
    if data_rect is not None:
        rect = data_rect
        x0, x1, y0, y1 = rect
        diag = math.hypot(x1 - x0, y1 - y0)
        seg = clip_line(w, b, rect)
        if seg is not None and math.dist(seg[0], seg[1]) >= 0.1 * diag:
            return rect
    cx, cy = (rect[0] + rect[1]) / 2, (rect[2] + rect[3]) / 2
    t = (w[0] * cx + w[1] * cy + b) / nn
    fx, fy = cx - t * w[0], cy - t * w[1]
    m = pad * max(rect[1] - rect[0], rect[3] - rect[2]) + 0.2 * diag
    return (min(x0, fx - m), max(x1, fx + m), min(y0, fy - m), max(y1, fy + m))

"""Points drawn as pre-rendered sprites: the marker shapes and the layer that blits them.

Points are painted by `MarkerLayer`, which blits one pre-rendered sprite per point
with ``QPainter.drawPixmapFragments`` straight from a NumPy array, so
re-highlighting 10^5 points costs a few milliseconds instead of the ~160 ms a
``ScatterPlotItem.setData`` would take. The sprites are drawn from the theme and
redrawn when it changes (`MarkerLayer.set_size`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from pyqtgraph.Qt.internals import PrimitiveArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.theme import theme

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
Draw = Callable[[QtGui.QPainter, float], None]

#: Above this many sprites, sprites falling on the same device pixel are drawn once.
_DEDUP_MIN = 2000
_DENSE_N = 10_000


def polygon(points: FloatArray) -> QtGui.QPolygonF:
    """A Qt polygon through the rows of `points`."""
    return QtGui.QPolygonF([QtCore.QPointF(float(x), float(y)) for x, y in points])


def render_sprite(
    size: float, draw: Callable[[QtGui.QPainter, float], None], dpr: float
) -> QtGui.QPixmap:
    """Render ``draw(painter, size)`` centred in a transparent ``size``×``size`` pixmap."""
    pm = QtGui.QPixmap(int(math.ceil(size * dpr)), int(math.ceil(size * dpr)))
    pm.setDevicePixelRatio(dpr)
    pm.fill(Qt.GlobalColor.transparent)
    p = QtGui.QPainter(pm)
    p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    p.translate(size / 2, size / 2)
    draw(p, size)
    p.end()
    return pm


def _blit(p: QtGui.QPainter, frags: PrimitiveArray, sprite: QtGui.QPixmap) -> None:
    """Draw `sprite` at every fragment of `frags` (under PySide6 pyqtgraph's
    ``drawargs()`` is a pointer to the first fragment and their count)."""
    fragments, count = frags.drawargs()
    p.drawPixmapFragments(fragments, count, sprite)


def pen(
    color: str | QtGui.QColor, width: float, *, style_: Qt.PenStyle = Qt.PenStyle.SolidLine
) -> QtGui.QPen:
    """A cosmetic pen (its width in pixels whatever the zoom) with round caps and joins."""
    pen = QtGui.QPen(QtGui.QColor(color), width, style_)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    # Widths are in pixels whatever the zoom (pg.mkPen does the same).
    pen.setCosmetic(True)
    return pen


# Each draw function paints one sprite centred on the origin, sized from the theme
# (so a scale or theme change only has to drop the cached sprites).


def draw_circle(p: QtGui.QPainter, size: float) -> None:
    """A +1 point: a filled circle."""
    t = theme()
    d = t.marker
    p.setPen(pen(t.color("positive").darker(160), 1.5 * t.scale))
    p.setBrush(t.color("positive"))
    p.drawEllipse(QtCore.QRectF(-d / 2, -d / 2, d, d))


def draw_cross(p: QtGui.QPainter, size: float) -> None:
    """A −1 point: a thick cross."""
    t = theme()
    h = t.marker / 2 - 1
    p.setPen(pen(t.color("negative"), 4.0 * t.scale))
    p.drawLine(QtCore.QPointF(-h, -h), QtCore.QPointF(h, h))
    p.drawLine(QtCore.QPointF(-h, h), QtCore.QPointF(h, -h))


def draw_halo(p: QtGui.QPainter, size: float) -> None:
    """Behind a misclassified point: a yellow disc."""
    r = size / 2 - 2
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(theme().tint("highlight", 220))
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def draw_ring(p: QtGui.QPainter, size: float) -> None:
    """Over a misclassified point: a dark ring (not by colour alone)."""
    t = theme()
    r = size / 2 - 2
    p.setPen(pen(t.color("ink"), 3.0 * t.scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def draw_thin_ring(p: QtGui.QPainter, size: float) -> None:
    """Over a misclassified point among hundreds: a thin ring hugging the marker (thick
    rings would merge into a black blob)."""
    t = theme()
    r = size / 2 - 1
    p.setPen(pen(t.color("ink"), 1.2 * t.scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def draw_selection(p: QtGui.QPainter, size: float) -> None:
    """A selected point: a diamond."""
    t = theme()
    r = size / 2 - 2
    p.setPen(pen(t.color("selection"), 3.0 * t.scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(polygon(np.array([[0, -r], [r, 0], [0, r], [-r, 0]], dtype=np.float64)))


def draw_current(p: QtGui.QPainter, size: float) -> None:
    """The point of the last step or visit: a square."""
    t = theme()
    h = size / 2 - 2.5 * t.scale
    p.setPen(pen(t.color("ink"), 4.0 * t.scale))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QtCore.QRectF(-h, -h, 2 * h, 2 * h))


def draw_alpha(p: QtGui.QPainter, size: float) -> None:
    """Behind a point with α > 0 (many points): a disc sized by α."""
    t = theme()
    r = size / 2 - 1
    p.setPen(pen(t.color("alpha").darker(130), 2.0 * t.scale))
    p.setBrush(t.tint("alpha", 110))
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def faded(draw: Draw) -> Draw:
    """The same sprite, translucent (the preview of a dragged point)."""

    def faded_draw(p: QtGui.QPainter, size: float) -> None:
        p.setOpacity(0.6)
        draw(p, size)

    return faded_draw


class MarkerLayer(pg.GraphicsObject):
    """Paint a pixel-sized sprite at each of a subset of points.

    Parameters
    ----------
    draws : sequence of callable
        One ``draw(painter, size)`` per kind of sprite; each paints its sprite
        centred on the origin.
    size : float
        Sprite size in logical pixels.

    Notes
    -----
    The positions are set rarely (:meth:`set_positions`); the subset, which may
    change every frame, is only an index array (:meth:`set_subset`). Painting maps
    the subset to device pixels with NumPy and blits each kind of sprite in one
    ``drawPixmapFragments`` call, as ``ScatterPlotItem`` does internally, but without
    its per-point records (whose ``setData`` costs ~160 ms for 10^5 points).
    """

    def __init__(self, draws: Sequence[Draw], size: float) -> None:
        super().__init__()
        self._draws = list(draws)
        self._size = size
        #: Pre-drawn sprites by (kind, dpr) and, scaled, by (kind, dpr, device pixels).
        self._sprites: dict[tuple[int, float] | tuple[int, float, int], QtGui.QPixmap] = {}
        self._pos: FloatArray = np.empty((0, 2))
        self._groups: list[FloatArray] | None = []  # positions per kind (None: not split yet)
        self._kinds: NDArray[np.integer] | None = None
        self._subset: IntArray | None = None
        self._scale: FloatArray | None = None
        self._bounds = QtCore.QRectF()
        self._padded: QtCore.QRectF | None = None
        self._frags = PrimitiveArray(QtGui.QPainter.PixmapFragment, 10)
        #: Grid (px) on which more than ``_DEDUP_MIN`` sprites are merged, one per cell.
        self.dedup_px = 1.0
        #: Opacity of the sprites, taken together, when more than ``_DEDUP_MIN`` are drawn.
        self.dense_opacity = 1.0
        self._layer: QtGui.QImage | None = None
        #: Draw each marker as vector shapes instead of blitting sprites (for SVG exports,
        #: where a sprite would be a bitmap; slow beyond a few thousand points).
        self.vector = False

    def set_positions(
        self,
        pos: FloatArray,
        scale: FloatArray | None = None,
        kinds: NDArray[np.integer] | None = None,
        *,
        keep_subset: bool = False,
    ) -> None:
        """Replace the positions (data coordinates); the subset becomes "all", or stays
        with `keep_subset` (the same number of points, moved).

        Parameters
        ----------
        pos : ndarray, shape (n, 2)
            Positions; the array is kept, not copied.
        scale : ndarray, shape (n,), optional
            Per-point sprite scale (1 = ``size``); only with a single kind.
        kinds : ndarray of int, shape (n,), optional
            Which sprite each point uses (default: the first).
        keep_subset : bool, optional
            Keep the subset drawn (its indices must be below ``n``).
        """
        self.prepareGeometryChange()
        self._pos = pos
        self._scale = scale
        if not keep_subset:
            self._subset = None
        # Split by kind once, at the first paint of all the points (not per frame; and not
        # at all for a layer that only ever draws a subset, as the rings over a crowd).
        self._kinds = kinds
        self._groups = [pos] if kinds is None else None
        if len(pos):
            # Per column: a reduction along axis 0 of an (n, 2) array is ~10x slower.
            x0, x1, y0, y1 = pos[:, 0].min(), pos[:, 0].max(), pos[:, 1].min(), pos[:, 1].max()
            self._bounds = QtCore.QRectF(x0, y0, x1 - x0, y1 - y0)
        else:
            self._bounds = QtCore.QRectF()
        self._padded = None
        self.update()

    def set_subset(self, subset: IntArray | None) -> None:
        """Draw only the points ``subset`` (indices into the positions); None = all."""
        self._subset = subset
        self.update()

    @property
    def size(self) -> float:
        """The sprite's size in pixels (a ring's outer diameter)."""
        return float(self._size)

    def set_size(self, size: float) -> None:
        """A new sprite size (after a theme or scale change): the sprites are redrawn."""
        self.prepareGeometryChange()
        self._size = size
        self._sprites.clear()
        self._padded = None
        self.update()

    def count(self) -> int:
        """Return how many sprites would be drawn (before culling)."""
        return len(self._pos) if self._subset is None else len(self._subset)

    def viewTransformChanged(self) -> None:  # noqa: N802 (Qt override)
        # The padding is in pixels, so the bounding rect depends on the zoom.
        self.prepareGeometryChange()
        self._padded = None
        super().viewTransformChanged()

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 (Qt override)
        if self._padded is None:
            if not len(self._pos):
                self._padded = QtCore.QRectF()
            else:
                px = self.pixelVectors()
                pw = 0.0 if px[0] is None else abs(px[0].x()) + abs(px[0].y())
                ph = 0.0 if px[1] is None else abs(px[1].x()) + abs(px[1].y())
                pad = self._size * (1.0 if self._scale is None else float(self._scale.max()))
                self._padded = self._bounds.adjusted(-pad * pw, -pad * ph, pad * pw, pad * ph)
        return self._padded

    def _sprite(self, kind: int, dpr: float) -> QtGui.QPixmap:
        sprite = self._sprites.get((kind, dpr))
        if sprite is None:
            sprite = render_sprite(self._size, self._draws[kind], dpr)
            self._sprites[(kind, dpr)] = sprite
        return sprite

    def _scaled_sprite(self, kind: int, dpr: float, px: int) -> QtGui.QPixmap:
        """The sprite drawn scaled down to `px` device pixels across (drawn so, not
        resampled: its pen shrinks with it, as a scaled blit of the full sprite would)."""
        sprite = self._sprites.get((kind, dpr, px))
        if sprite is None:
            size = px / dpr
            f = size / self._size
            draw = self._draws[kind]

            def scaled(p: QtGui.QPainter, _: float) -> None:
                p.scale(f, f)
                draw(p, self._size)

            sprite = render_sprite(size, scaled, dpr)
            self._sprites[(kind, dpr, px)] = sprite
        return sprite

    def _paint_scaled(
        self,
        p: QtGui.QPainter,
        dev_x: NDArray[np.floating],
        dev_y: NDArray[np.floating],
        scale: FloatArray,
        kind: int,
        dpr: float,
    ) -> None:
        """Sprites of per-point sizes, by whole device pixels: one pre-drawn sprite per
        size, blitted unscaled (1000 smoothly rescaled blits were a third of a kernel
        frame's repaint); the largest first, so a small one is not hidden."""
        px = np.maximum(np.rint(scale * self._size * dpr), 1.0).astype(np.intp)
        sizes, which = np.unique(px, return_inverse=True)
        for j in range(len(sizes) - 1, -1, -1):
            sel = which == j
            sprite = self._scaled_sprite(kind, dpr, int(sizes[j]))
            self._set_fragments(dev_x[sel], dev_y[sel], sprite, dpr)
            _blit(p, self._frags, sprite)

    def _set_fragments(
        self,
        dev_x: NDArray[np.floating],
        dev_y: NDArray[np.floating],
        sprite: QtGui.QPixmap,
        dpr: float,
    ) -> None:
        """The fragments that blit `sprite` unscaled, centred on each (dev_x, dev_y)."""
        self._frags.resize(len(dev_x))
        frags = self._frags.ndarray()
        frags[:, 0] = dev_x
        frags[:, 1] = dev_y
        frags[:, 2:6] = (0.0, 0.0, sprite.width(), sprite.height())
        frags[:, 6:8] = 1.0 / dpr
        frags[:, 8:10] = (0.0, 1.0)

    def paint(
        self, p: QtGui.QPainter, option: object, widget: QtWidgets.QWidget | None = None
    ) -> None:
        if self.count() == 0:
            return
        tr = p.transform()
        win = p.window()
        dpr = widget.devicePixelRatioF() if widget is not None else p.device().devicePixelRatioF()
        p.resetTransform()
        if self._subset is not None:
            scale = None if self._scale is None else self._scale[self._subset]
            self._paint_group(p, self._pos[self._subset], scale, 0, tr, win, dpr)
        else:
            if self._groups is None:
                kinds = self._kinds
                self._groups = [self._pos[kinds == k] for k in range(len(self._draws))]
            for kind, pos in enumerate(self._groups):
                self._paint_group(p, pos, self._scale, kind, tr, win, dpr)

    def _paint_group(
        self,
        p: QtGui.QPainter,
        pos: FloatArray,
        scale: FloatArray | None,
        kind: int,
        tr: QtGui.QTransform,
        win: QtCore.QRect,
        dpr: float,
    ) -> None:
        # (floating: the cells' centres below are computed from integer arrays)
        dev_x: NDArray[np.floating] = tr.m11() * pos[:, 0] + tr.m21() * pos[:, 1] + tr.dx()
        dev_y: NDArray[np.floating] = tr.m12() * pos[:, 0] + tr.m22() * pos[:, 1] + tr.dy()
        # Cull against the painter's window (device pixels) with a sprite's margin.
        m = self._size
        keep = (
            (dev_x > win.left() - m)
            & (dev_x < win.right() + m)
            & (dev_y > win.top() - m)
            & (dev_y < win.bottom() + m)
        )
        if not keep.all():
            dev_x, dev_y = dev_x[keep], dev_y[keep]
            if scale is not None:
                scale = scale[keep]
        n = len(dev_x)
        if self.vector:
            draw = self._draws[kind]
            for j in range(n):  # an export's one-off drawing, not a frame
                p.save()
                p.translate(float(dev_x[j]), float(dev_y[j]))
                if scale is not None:
                    p.scale(float(scale[j]), float(scale[j]))
                p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
                draw(p, self._size)
                p.restore()
            return
        dense = n > _DEDUP_MIN
        if dense and scale is None:
            # Blitting is bound by overdraw. Sprites whose centres fall in the same
            # cell of a fine grid look like one sprite: blit one per cell.
            # Past 10^4 sprites the cloud is dense: a coarser grid halves the blitting
            # (measured: 30 -> 19 ms a frame for 3·10^4 highlights at 1000×600 px).
            q = self.dedup_px * (2.0 if n > _DENSE_N else 1.0)
            ix = ((dev_x - (win.left() - m)) / q).astype(np.intp)
            iy = ((dev_y - (win.top() - m)) / q).astype(np.intp)
            width = int((win.width() + 2 * m) / q) + 1
            occupied = np.zeros(width * (int((win.height() + 2 * m) / q) + 1), dtype=bool)
            occupied[iy * width + ix] = True
            cells = np.flatnonzero(occupied)
            iy, ix = np.divmod(cells, width)
            dev_x = (ix + 0.5) * q + (win.left() - m)
            dev_y = (iy + 0.5) * q + (win.top() - m)
            n = len(cells)
        if n == 0:
            return
        if scale is not None:
            self._paint_scaled(p, dev_x, dev_y, scale, kind, dpr)
            return
        sprite = self._sprite(kind, dpr)
        self._set_fragments(dev_x, dev_y, sprite, dpr)
        if not dense or self.dense_opacity >= 1.0:
            _blit(p, self._frags, sprite)
            return
        # Overlapping translucent sprites would add up to opaque: draw them opaque
        # into a transparent layer, then lay the layer down once, translucent.
        size = QtCore.QSize(math.ceil(win.width() * dpr), math.ceil(win.height() * dpr))
        if self._layer is None or self._layer.size() != size:
            self._layer = QtGui.QImage(size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
            self._layer.setDevicePixelRatio(dpr)
        self._layer.fill(Qt.GlobalColor.transparent)
        lp = QtGui.QPainter(self._layer)
        lp.translate(-win.left(), -win.top())
        _blit(lp, self._frags, sprite)
        lp.end()
        p.save()
        p.setOpacity(self.dense_opacity)
        p.drawImage(QtCore.QPointF(win.left(), win.top()), self._layer)
        p.restore()

"""The data canvas: points, the separating line, mistakes and the Novikoff geometry.

The canvas only draws and reports what the user asked for, in data coordinates.
It never edits the data set: a click emits ``add_requested(x, y, label)`` and the
controller, if it agrees, calls back :meth:`DataCanvas.set_points`.

Everything that may change per animation frame (the line, the tints, the
misclassified halos, the current point) is drawn by items created once and
updated in place. Points are painted by :class:`_MarkerLayer`, which blits one
pre-rendered sprite per point with ``QPainter.drawPixmapFragments`` straight from
a NumPy array, so re-highlighting 10^5 points costs a few milliseconds instead of
the ~160 ms a ``ScatterPlotItem.setData`` would take.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pyqtgraph as pg
from numpy.typing import ArrayLike, NDArray
from pyqtgraph.Qt import QtCore, QtGui, QtWidgets
from pyqtgraph.Qt.internals import PrimitiveArray

from perceptron_gui.app import style

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
_Draw = Callable[[QtGui.QPainter, float], None]

#: Above this many sprites, sprites falling on the same device pixel are drawn once.
_DEDUP_MIN = 2000
_DENSE_N = 10_000
#: Above this many points, α is shown by sized discs instead of text labels.
_ALPHA_TEXT_MAX = 60
_DEFAULT_RANGE = (-5.0, 5.0)
_HIT_RADIUS_PX = 8.0
_ARROW_FRACTION = 0.15  # arrow length as a fraction of the shorter side of the view
_VIEW_MARGIN = 0.05  # lines and tints overshoot the view by this fraction per side
#: Qt silently drops a QPainterPath point with a coordinate of 1e128 or more; lines
#: whose points go beyond this are drawn scaled down (see `_Line`).
_PATH_COORD_MAX = 1e100
_LEFT_AXIS_WIDTH = 60  # px, wider when the tick labels need it (1e+150)


# --------------------------------------------------------------------------- geometry


def _clip_polygon(poly: FloatArray, a: FloatArray, c: float) -> FloatArray:
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
    a, c = _unit_scale(a, c)
    s = poly @ a + c
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


def _unit_scale(a: FloatArray, c: float) -> tuple[FloatArray, float]:
    """``(a, c)`` divided by its largest entry when that is huge.

    The line ``a·x + c = 0`` and its sides do not change; weights up to 1e308 (the trainer
    allows any weights whose scores are finite) would overflow ``a·a`` and ``poly @ a``.
    """
    scale = max(float(np.abs(a).max()), abs(float(c)))
    if scale > 1e100:
        return a / scale, float(c) / scale
    return a, c


def _rect_polygon(rect: QtCore.QRectF) -> FloatArray:
    l, r, t, b = rect.left(), rect.right(), rect.top(), rect.bottom()
    return np.array([[l, t], [r, t], [r, b], [l, b]], dtype=np.float64)


def _clip_line(a: FloatArray, c: float, rect: QtCore.QRectF) -> FloatArray | None:
    """Return the segment of the line ``a·x + c = 0`` inside ``rect``, or None.

    Returns
    -------
    ndarray, shape (2, 2) or None
        The two end points.
    """
    a, c = _unit_scale(a, c)
    nn = float(a @ a)
    if nn == 0.0:
        return None
    p0 = -c * a / nn
    d = np.array([-a[1], a[0]]) / math.sqrt(nn)
    lo, hi = -math.inf, math.inf
    bounds = (
        (rect.left(), rect.right()),
        (min(rect.top(), rect.bottom()), max(rect.top(), rect.bottom())),
    )
    for k in range(2):
        mn, mx = bounds[k]
        if abs(d[k]) < 1e-15:
            if not mn <= p0[k] <= mx:
                return None
            continue
        t1, t2 = (mn - p0[k]) / d[k], (mx - p0[k]) / d[k]
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if not lo < hi:
        return None
    return np.array([p0 + lo * d, p0 + hi * d])


def _polygon(points: FloatArray) -> QtGui.QPolygonF:
    return QtGui.QPolygonF([QtCore.QPointF(float(x), float(y)) for x, y in points])


def _fmt(value: float) -> str:
    return f"{value:.3g}"


class _Axis(pg.AxisItem):
    """An axis whose neighbouring tick labels never read the same.

    pyqtgraph writes large and small values with ``%g`` (6 significant digits):
    around 1e150, ticks 5e134 apart would all read "1e+150". Then the major tick
    nearest the middle keeps its value and the others show their offset from it:
    "1e+150", "+5e+134", "-1e+135".
    """

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        strings: list[str] = super().tickStrings(values, scale, spacing)
        if self.logMode or len(set(strings)) == len(strings):
            return strings
        lo, hi = sorted(float(v) for v in self.range)
        g = self.geometry()
        length = g.width() if self.orientation in ("top", "bottom") else g.height()
        major = self.tickValues(lo, hi, max(float(length), 100.0))[0][1]
        centre = (lo + hi) / 2
        ref = min(major, key=lambda v: abs(v - centre)) if len(major) else values[0]
        return [f"{v * scale:g}" if v == ref else f"{(v - ref) * scale:+.3g}" for v in values]


class _Line(pg.PlotCurveItem):
    """A curve item that draws right at any magnitude (points go up to 1e150).

    Qt drops a path point with a coordinate of 1e128 or more (``QPainterPath``'s
    coordinate check), so a segment at 1e150 would be drawn from the origin. Beyond
    `_PATH_COORD_MAX` the points are stored divided by a power of two and the item's
    transform scales them back: `segment` gives the data coordinates, ``getData`` the
    stored ones (the same below `_PATH_COORD_MAX`).
    """

    _scale = 1.0

    def set_segment(self, x: ArrayLike, y: ArrayLike) -> None:
        """Draw the polyline through the points ``(x[i], y[i])`` (data coordinates)."""
        xa = np.asarray(x, dtype=np.float64)
        ya = np.asarray(y, dtype=np.float64)
        m = max(float(np.max(np.abs(xa), initial=0.0)), float(np.max(np.abs(ya), initial=0.0)))
        scale = math.ldexp(1.0, math.frexp(m)[1]) if m > _PATH_COORD_MAX else 1.0
        if scale != self._scale:
            self._scale = scale
            self.setTransform(QtGui.QTransform.fromScale(scale, scale))
        self.setData(xa / scale, ya / scale)

    def segment(self) -> tuple[FloatArray, FloatArray]:
        """The points in data coordinates."""
        x, y = self.getData()
        return np.asarray(x) * self._scale, np.asarray(y) * self._scale


# --------------------------------------------------------------------------- sprites


def _render_sprite(
    size: int, draw: Callable[[QtGui.QPainter, float], None], dpr: float
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


def _pen(
    color: str | QtGui.QColor, width: float, *, style_: Qt.PenStyle = Qt.PenStyle.SolidLine
) -> QtGui.QPen:
    pen = QtGui.QPen(QtGui.QColor(color), width, style_)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    # Widths are in pixels whatever the zoom (pg.mkPen does the same).
    pen.setCosmetic(True)
    return pen


def _draw_circle(p: QtGui.QPainter, size: float) -> None:
    d = style.MARKER_SIZE
    p.setPen(_pen(QtGui.QColor(style.POSITIVE).darker(160), 1.5))
    p.setBrush(QtGui.QColor(style.POSITIVE))
    p.drawEllipse(QtCore.QRectF(-d / 2, -d / 2, d, d))


def _draw_cross(p: QtGui.QPainter, size: float) -> None:
    h = style.MARKER_SIZE / 2 - 1
    p.setPen(_pen(style.NEGATIVE, 4.0))
    p.drawLine(QtCore.QPointF(-h, -h), QtCore.QPointF(h, h))
    p.drawLine(QtCore.QPointF(-h, h), QtCore.QPointF(h, -h))


def _draw_halo(p: QtGui.QPainter, size: float) -> None:
    r = size / 2 - 2
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(style.tint(style.HIGHLIGHT, 220))
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def _draw_ring(p: QtGui.QPainter, size: float) -> None:
    r = size / 2 - 2
    p.setPen(_pen(style.INK, 3.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def _draw_selection(p: QtGui.QPainter, size: float) -> None:
    r = size / 2 - 2
    p.setPen(_pen(style.SELECTION, 3.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPolygon(_polygon(np.array([[0, -r], [r, 0], [0, r], [-r, 0]], dtype=np.float64)))


def _draw_current(p: QtGui.QPainter, size: float) -> None:
    h = size / 2 - 2.5
    p.setPen(_pen(style.INK, 4.0))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QtCore.QRectF(-h, -h, 2 * h, 2 * h))


def _draw_alpha(p: QtGui.QPainter, size: float) -> None:
    r = size / 2 - 1
    p.setPen(_pen(QtGui.QColor(style.ALPHA).darker(130), 2.0))
    p.setBrush(style.tint(style.ALPHA, 110))
    p.drawEllipse(QtCore.QPointF(0, 0), r, r)


def _faded(draw: _Draw) -> _Draw:
    def faded(p: QtGui.QPainter, size: float) -> None:
        p.setOpacity(0.6)
        draw(p, size)

    return faded


# --------------------------------------------------------------------------- items


class _MarkerLayer(pg.GraphicsObject):
    """Paint a pixel-sized sprite at each of a subset of points.

    Parameters
    ----------
    draws : sequence of callable
        One ``draw(painter, size)`` per kind of sprite; each paints its sprite
        centred on the origin.
    size : int
        Sprite size in logical pixels.

    Notes
    -----
    The positions are set rarely (:meth:`set_positions`); the subset, which may
    change every frame, is only an index array (:meth:`set_subset`). Painting maps
    the subset to device pixels with NumPy and blits each kind of sprite in one
    ``drawPixmapFragments`` call, as ``ScatterPlotItem`` does internally, but without
    its per-point records (whose ``setData`` costs ~160 ms for 10^5 points).
    """

    def __init__(self, draws: Sequence[Callable[[QtGui.QPainter, float], None]], size: int) -> None:
        super().__init__()
        self._draws = list(draws)
        self._size = size
        self._sprites: dict[tuple[int, float], QtGui.QPixmap] = {}
        self._pos: FloatArray = np.empty((0, 2))
        self._groups: list[FloatArray] = []  # positions per kind, when kinds were given
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

    def set_positions(
        self,
        pos: FloatArray,
        scale: FloatArray | None = None,
        kinds: NDArray[np.integer] | None = None,
    ) -> None:
        """Replace the positions (data coordinates); the subset becomes "all".

        Parameters
        ----------
        pos : ndarray, shape (n, 2)
            Positions; the array is kept, not copied.
        scale : ndarray, shape (n,), optional
            Per-point sprite scale (1 = ``size``); only with a single kind.
        kinds : ndarray of int, shape (n,), optional
            Which sprite each point uses (default: the first).
        """
        self.prepareGeometryChange()
        self._pos = pos
        self._scale = scale
        self._subset = None
        if kinds is None:
            self._groups = [pos]
        else:
            # Split once here so that painting needs no per-frame gather.
            self._groups = [pos[kinds == k] for k in range(len(self._draws))]
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
            sprite = _render_sprite(self._size, self._draws[kind], dpr)
            self._sprites[(kind, dpr)] = sprite
        return sprite

    def paint(
        self, p: QtGui.QPainter, option: object, widget: QtWidgets.QWidget | None = None
    ) -> None:
        if self.count() == 0:
            return
        tr = p.transform()
        win = p.window()
        dpr = widget.devicePixelRatioF() if widget is not None else p.device().devicePixelRatioF()
        p.resetTransform()
        if self._scale is not None:
            p.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
        if self._subset is not None:
            scale = None if self._scale is None else self._scale[self._subset]
            self._paint_group(p, self._pos[self._subset], scale, 0, tr, win, dpr)
        else:
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
        dev_x = tr.m11() * pos[:, 0] + tr.m21() * pos[:, 1] + tr.dx()
        dev_y = tr.m12() * pos[:, 0] + tr.m22() * pos[:, 1] + tr.dy()
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
        sprite = self._sprite(kind, dpr)
        self._frags.resize(n)
        frags = self._frags.ndarray()
        frags[:, 0] = dev_x
        frags[:, 1] = dev_y
        frags[:, 2:6] = (0.0, 0.0, sprite.width(), sprite.height())
        if scale is None:
            frags[:, 6:8] = 1.0 / dpr
        else:
            frags[:, 6] = scale / dpr
            frags[:, 7] = scale / dpr
        frags[:, 8:10] = (0.0, 1.0)
        if not dense or self.dense_opacity >= 1.0:
            p.drawPixmapFragments(*self._frags.drawargs(), sprite)
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
        lp.drawPixmapFragments(*self._frags.drawargs(), sprite)
        lp.end()
        p.save()
        p.setOpacity(self.dense_opacity)
        p.drawImage(QtCore.QPointF(win.left(), win.top()), self._layer)
        p.restore()


class _CanvasViewBox(pg.ViewBox):
    """A ViewBox whose left/right buttons edit and select instead of panning."""

    def __init__(self) -> None:
        super().__init__(enableMenu=False)
        self.on_click: Callable[[object], None] | None = None
        self.on_drag: Callable[[object], None] | None = None

    def mouseClickEvent(self, ev: object) -> None:  # noqa: N802 (Qt override)
        if self.on_click is not None:
            self.on_click(ev)

    def mouseDragEvent(self, ev: object, axis: int | None = None) -> None:  # noqa: N802
        button = ev.button()  # type: ignore[attr-defined]
        if axis is not None or button == Qt.MouseButton.MiddleButton:
            # Middle drag pans; dragging an axis pans that axis.
            if button == Qt.MouseButton.LeftButton or button == Qt.MouseButton.MiddleButton:
                self.setMouseMode(pg.ViewBox.PanMode)
                super().mouseDragEvent(ev, axis)
            else:
                ev.ignore()  # type: ignore[attr-defined]
        elif button == Qt.MouseButton.LeftButton and self.on_drag is not None:
            self.on_drag(ev)
        else:
            # Right drag would zoom, but right click adds points; a shaky click
            # that turned into a drag should do nothing rather than zoom.
            ev.accept()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- canvas


class DataCanvas(pg.PlotWidget):
    """The plot of the data set and of what the perceptron currently believes.

    Parameters
    ----------
    parent : QWidget, optional
        Parent widget.

    Signals
    -------
    add_requested(float, float, int)
        The user asked to add a point ``(x, y)`` of class ``label`` (±1).
    move_requested(int, float, float)
        The user dragged point ``index`` to ``(x, y)`` (emitted once, on release).
    delete_requested(list)
        The user asked to delete these point indices.
    selection_changed(list)
        The user changed the selection (not emitted by :meth:`set_selection`).
    hover_changed(object)
        The index of the point under the mouse, or None.

    Notes
    -----
    Mouse: left click adds a point of class :attr:`add_label`; right click or
    Alt + left click adds a −1 point. Left click on a point selects it (Ctrl
    toggles it in the selection); left drag from a point moves it; left drag on
    empty space selects the points in a rectangle (Ctrl adds to the selection).
    The wheel zooms and the middle button pans.
    """

    add_requested = QtCore.Signal(float, float, int)
    move_requested = QtCore.Signal(int, float, float)
    delete_requested = QtCore.Signal(list)
    selection_changed = QtCore.Signal(list)
    hover_changed = QtCore.Signal(object)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        self._vb = _CanvasViewBox()
        super().__init__(parent, background=style.BACKGROUND, viewBox=self._vb)
        self.setObjectName("canvas")
        self._vb.on_click = self._on_view_click
        self._vb.on_drag = self._on_view_drag

        self._points: FloatArray = np.empty((0, 2))
        self._labels: NDArray[np.int8] = np.empty(0, dtype=np.int8)
        self._misclassified: IntArray = np.empty(0, dtype=np.intp)
        self._current: int | None = None
        self._selection: IntArray = np.empty(0, dtype=np.intp)
        self._alpha: FloatArray | None = None
        self._model: tuple[FloatArray, float] | None = None
        self._pocket: tuple[FloatArray, float] | None = None
        self._geometry: tuple[float | None, FloatArray | None, float | None, bool] = (
            None,
            None,
            None,
            False,
        )
        self._show_radius = False
        self._show_best = False
        self._add_label = 1
        self._snap_enabled = False
        self._snap_step = 0.5
        self._drag_index: int | None = None
        self._drag_origin: tuple[float, float] | None = None
        self._hover: int | None = None

        self._setup_axes()
        self._create_items()
        self._vb.sigRangeChanged.connect(self._on_view_range_changed)
        self._vb.sigResized.connect(self._on_view_range_changed)
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self.fit_view()

    # ------------------------------------------------------------------ setup

    def _setup_axes(self) -> None:
        plot = self.getPlotItem()
        plot.setAxisItems({"bottom": _Axis("bottom"), "left": _Axis("left")})
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.showGrid(x=True, y=True, alpha=style.GRID_ALPHA)
        self._vb.setAspectLocked(True, ratio=1.0)
        self._vb.disableAutoRange()
        tick_font = style.projector_font(style.TICK_FONT_PT)
        label_style = {"color": style.INK, "font-size": f"{style.LABEL_FONT_PT}pt"}
        for name, text in (("bottom", "x₁"), ("left", "x₂")):
            axis = plot.getAxis(name)
            # The axes also draw the grid across the view; replaying that picture costs ~2 ms
            # a frame, a cached pixmap is a blit. The cache is redrawn when the range changes.
            axis.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
            axis.setPen(pg.mkPen(style.INK, width=1.5))
            axis.setTextPen(pg.mkPen(style.INK))
            axis.setTickFont(tick_font)
            # Two tick levels: the finest grid level makes the plot look like graph paper.
            axis.setStyle(maxTickLevel=1)
            axis.setLabel(text, **label_style)
            # Ticks read the coordinates themselves: pyqtgraph's SI scaling stops at 1e27
            # and labelled a tick at 1e150 "1e+123" under "x₁ (x1e+27)".
            axis.enableAutoSIPrefix(False)
        plot.getAxis("left").setWidth(_LEFT_AXIS_WIDTH)

    def _add(self, item: QtWidgets.QGraphicsItem, z: float) -> None:
        item.setZValue(z)
        self._vb.addItem(item, ignoreBounds=True)

    def _create_items(self) -> None:
        def poly_item(color: QtGui.QColor) -> QtWidgets.QGraphicsPolygonItem:
            item = QtWidgets.QGraphicsPolygonItem()
            item.setPen(QtGui.QPen(Qt.PenStyle.NoPen))
            item.setBrush(color)
            return item

        def text_item(
            color: str,
            size: int = style.ANNOTATION_FONT_PT,
            anchor: tuple[float, float] = (0, 1),
            *,
            fill: bool = True,
        ) -> pg.TextItem:
            brush = pg.mkBrush(255, 255, 255, 200) if fill else None
            item = pg.TextItem(color=color, anchor=anchor, fill=brush)
            item.setFont(style.projector_font(size))
            return item

        lw = style.LINE_WIDTH
        # Half-planes and the model.
        self._tint_pos = poly_item(style.tint(style.POSITIVE))
        self._tint_neg = poly_item(style.tint(style.NEGATIVE))
        self._add(self._tint_pos, -30)
        self._add(self._tint_neg, -30)
        self.model_line = _Line(pen=_pen(style.INK, lw), antialias=True)
        self._add(self.model_line, 4)
        self._arrow_shaft = _Line(pen=_pen(style.INK, lw), antialias=True)
        self._add(self._arrow_shaft, 4)
        self._arrow_head = poly_item(QtGui.QColor(style.INK))
        self._add(self._arrow_head, 4)
        self._arrow_label = text_item(style.INK, style.LABEL_FONT_PT, anchor=(0.5, 0.5), fill=False)
        self._arrow_label.setText("w")
        self._add(self._arrow_label, 8)
        self.pocket_line = _Line(
            pen=_pen(style.POCKET, lw, style_=Qt.PenStyle.DashLine), antialias=True
        )
        self._add(self.pocket_line, 3.5)

        # Novikoff geometry.
        self._radius_circle = QtWidgets.QGraphicsEllipseItem()
        self._radius_circle.setPen(_pen(style.MUTED, 2, style_=Qt.PenStyle.DashLine))
        self._add(self._radius_circle, 2)
        self._radius_label = text_item(style.MUTED, anchor=(0, 1))
        self._add(self._radius_label, 8)
        self._band = poly_item(style.tint(style.MUTED, 35))
        self._add(self._band, -25)
        self.best_line = _Line(
            pen=_pen(style.MUTED, 2.5, style_=Qt.PenStyle.DotLine), antialias=True
        )
        self._add(self.best_line, 2)
        self._band_edges = [
            _Line(pen=_pen(style.MUTED, 1.2, style_=Qt.PenStyle.DashLine)) for _ in range(2)
        ]
        for edge in self._band_edges:
            self._add(edge, 2)
        self._gamma_label = text_item(style.MUTED, anchor=(0, 0.5))
        self._add(self._gamma_label, 8)

        # Points and per-point overlays.
        self._alpha_layer = _MarkerLayer([_draw_alpha], 44)
        self._add(self._alpha_layer, -5)
        # A mistake is a yellow halo under the marker and a dark ring over the
        # markers (so that dense neighbours cannot hide it, and not by colour alone).
        self._halo_layer = _MarkerLayer([_draw_halo], 32)
        self._ring_layer = _MarkerLayer([_draw_ring], 32)
        for layer, z in ((self._halo_layer, -2), (self._ring_layer, 3)):
            # With thousands of mistakes the halos merge into one lit region; merging
            # them on a 4 px grid cuts the overdraw (~60 ms -> ~10 ms for 10^5).
            layer.dedup_px = 4.0
            self._add(layer, z)
        # Thousands of rings would bury the markers and the line under a black blob;
        # faded, they still show where the mistakes are.
        self._ring_layer.dense_opacity = 0.4
        # Kind 0 = +1 circles, kind 1 = -1 crosses (drawn over the circles).
        self._marker_layer = _MarkerLayer([_draw_circle, _draw_cross], style.MARKER_SIZE + 4)
        # The points do not change between frames: Qt keeps their rendering and
        # blits it until a pan or zoom changes the transform (39 ms -> 4 ms at 10^5).
        self._marker_layer.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._add(self._marker_layer, 0)
        self._selection_layer = _MarkerLayer([_draw_selection], 34)
        self._add(self._selection_layer, 5)
        self._current_layer = _MarkerLayer([_draw_current], 36)
        self._add(self._current_layer, 6)
        self._preview = {
            1: _MarkerLayer([_faded(_draw_circle)], style.MARKER_SIZE + 4),
            -1: _MarkerLayer([_faded(_draw_cross)], style.MARKER_SIZE + 4),
        }
        for layer in self._preview.values():
            layer.setVisible(False)
            self._add(layer, 7)
        self._alpha_texts: list[pg.TextItem] = []

        self._rubber_band = QtWidgets.QGraphicsRectItem()
        self._rubber_band.setPen(_pen(style.INK, 1.5, style_=Qt.PenStyle.DashLine))
        self._rubber_band.setBrush(style.tint(style.SELECTION, 40))
        self._rubber_band.setVisible(False)
        self._add(self._rubber_band, 10)

        self.legend = pg.LegendItem(
            offset=(-10, 10),
            labelTextSize=f"{style.ANNOTATION_FONT_PT}pt",
            labelTextColor=style.INK,
            brush=pg.mkBrush(255, 255, 255, 220),
            pen=pg.mkPen(style.MUTED),
        )
        self.legend.setParentItem(self._vb)
        self.legend.addItem(self.model_line, "current")
        self.legend.addItem(self.pocket_line, "pocket")
        self.legend.setVisible(False)

        for item in (
            self.model_line,
            self._arrow_shaft,
            self._arrow_head,
            self._arrow_label,
            self._tint_pos,
            self._tint_neg,
            self.pocket_line,
            self._radius_circle,
            self._radius_label,
            self._band,
            self.best_line,
            *self._band_edges,
            self._gamma_label,
        ):
            item.setVisible(False)

    # ------------------------------------------------------------------ properties

    @property
    def add_label(self) -> int:
        """The class (+1 or −1) that a plain left click adds."""
        return self._add_label

    @add_label.setter
    def add_label(self, label: int) -> None:
        if label not in (1, -1):
            raise ValueError(f"add_label must be +1 or -1, not {label!r}")
        self._add_label = int(label)

    @property
    def snap_enabled(self) -> bool:
        """Round requested coordinates to a grid of :attr:`snap_step`."""
        return self._snap_enabled

    @snap_enabled.setter
    def snap_enabled(self, enabled: bool) -> None:
        self._snap_enabled = bool(enabled)

    @property
    def snap_step(self) -> float:
        """Grid step used when :attr:`snap_enabled` is on."""
        return self._snap_step

    @snap_step.setter
    def snap_step(self, step: float) -> None:
        if not step > 0:
            raise ValueError(f"snap_step must be positive, not {step!r}")
        self._snap_step = float(step)

    # ------------------------------------------------------------------ data

    def set_points(self, points: ArrayLike, labels: ArrayLike, *, reframe: bool = False) -> None:
        """Show a new set of points.

        Parameters
        ----------
        points : array_like, shape (n, 2)
            Coordinates.
        labels : array_like, shape (n,)
            Classes, +1 or −1.
        reframe : bool, optional
            Fit the view to the points (for a new data set; not for single edits).

        Notes
        -----
        If the number of points changed, the highlighted, current, selected and α
        states are dropped (their indices no longer mean the same points); the
        controller sends them again.
        """
        pts = np.array(points, dtype=np.float64).reshape(-1, 2)
        lab = np.asarray(labels).reshape(-1)
        if len(lab) != len(pts):
            raise ValueError(f"{len(pts)} points but {len(lab)} labels")
        resized = len(pts) != len(self._points)
        self._points = pts
        self._labels = np.where(lab > 0, 1, -1).astype(np.int8)
        self._marker_layer.set_positions(pts, kinds=(self._labels < 0).astype(np.int8))
        self._halo_layer.set_positions(pts)
        self._ring_layer.set_positions(pts)
        self._selection_layer.set_positions(pts)
        if resized or reframe:
            self._misclassified = np.empty(0, dtype=np.intp)
            self._current = None
            self._alpha = None
            if len(self._selection):
                self._selection = np.empty(0, dtype=np.intp)
                self.selection_changed.emit([])
        self._halo_layer.set_subset(self._misclassified)
        self._ring_layer.set_subset(self._misclassified)
        self._selection_layer.set_subset(self._selection)
        self.set_current(self._current)
        self.set_alpha(self._alpha)
        if reframe:
            self.fit_view()

    def points(self) -> FloatArray:
        """Return the points last set (read-only view)."""
        view = self._points.view()
        view.flags.writeable = False
        return view

    def set_model(self, w: Sequence[float] | None, b: float) -> None:
        """Show the separating line ``w·x + b = 0``, the tinted half-planes and ``w``.

        Parameters
        ----------
        w : pair of float or None
            Weights; None hides the model.
        b : float
            Bias.
        """
        self._model = None if w is None else (np.asarray(w, dtype=np.float64).reshape(2), float(b))
        self._update_model()

    def set_pocket(self, w: Sequence[float] | None, b: float) -> None:
        """Show the pocket weights as a dashed line; None hides it and the legend.

        Parameters
        ----------
        w : pair of float or None
            Pocket weights.
        b : float
            Pocket bias.
        """
        self._pocket = None if w is None else (np.asarray(w, dtype=np.float64).reshape(2), float(b))
        self._update_pocket()

    def set_misclassified(self, indices: ArrayLike) -> None:
        """Highlight exactly the points ``indices`` (the current mistakes).

        Parameters
        ----------
        indices : array_like of int
            Indices into the points; cheap to call every frame even for 10^5 points.
        """
        idx = np.asarray(indices, dtype=np.intp).reshape(-1)
        self._misclassified = idx
        self._halo_layer.set_subset(idx)
        self._ring_layer.set_subset(idx)

    def misclassified_indices(self) -> IntArray:
        """Return the indices last given to :meth:`set_misclassified`."""
        return self._misclassified

    def set_current(self, index: int | None) -> None:
        """Mark the point just used for an update (None: no mark)."""
        if index is not None and not 0 <= index < len(self._points):
            index = None
        self._current = None if index is None else int(index)
        if self._current is None:
            self._current_layer.set_positions(np.empty((0, 2)))
        else:
            self._current_layer.set_positions(self._points[self._current : self._current + 1])

    def current_index(self) -> int | None:
        """Return the index last given to :meth:`set_current`."""
        return self._current

    def set_alpha(self, alpha: ArrayLike | None) -> None:
        """Show the dual coefficients α of the points (None hides them).

        Up to 60 points, a label "α=2" is written next to each point with α > 0;
        beyond, a disc sized by α is drawn behind those points.

        Parameters
        ----------
        alpha : array_like, shape (n,), or None
            One coefficient per point.
        """
        a = None if alpha is None else np.asarray(alpha, dtype=np.float64).reshape(-1)
        if a is not None and len(a) != len(self._points):
            raise ValueError(f"{len(a)} α values for {len(self._points)} points")
        self._alpha = a
        used = 0
        if a is None or len(a) > _ALPHA_TEXT_MAX:
            self._alpha_layer.setVisible(a is not None)
            if a is not None:
                nz = np.flatnonzero(a > 0)
                scale = (0.3 + 0.7 * np.sqrt(a[nz] / a[nz].max())) if len(nz) else None
                self._alpha_layer.set_positions(self._points[nz], scale)
        else:
            self._alpha_layer.setVisible(False)
            for i in np.flatnonzero(a > 0):
                if used == len(self._alpha_texts):
                    item = pg.TextItem(
                        color=style.INK, anchor=(-0.6, 1.3), fill=pg.mkBrush(255, 255, 255, 170)
                    )
                    item.setFont(style.projector_font(style.ANNOTATION_FONT_PT))
                    # Under the markers, so a label never hides a neighbouring point.
                    self._add(item, -1)
                    self._alpha_texts.append(item)
                item = self._alpha_texts[used]
                item.setText(f"α={a[i]:g}")
                item.setPos(*self._points[i])
                item.setVisible(True)
                used += 1
        for item in self._alpha_texts[used:]:
            item.setVisible(False)

    def alpha_labels(self) -> list[str]:
        """Return the α texts currently shown (for tests and accessibility)."""
        return [t.toPlainText() for t in self._alpha_texts if t.isVisible()]

    def set_geometry(
        self,
        D: float | None,
        direction: Sequence[float] | None,  # noqa: N803
        gamma: float | None,
        bias: bool,
    ) -> None:
        """Give the Novikoff quantities: radius, best separator and its margin.

        Parameters
        ----------
        D : float or None
            ``max‖x_i‖``, or ``max‖(x_i, 1)‖`` with the bias; None hides the circle.
        direction : sequence of float or None
            The best unit separator û*: ``(u1, u2, ub)`` with the bias, ``(u1, u2)``
            without. None (not separable) hides it.
        gamma : float or None
            The margin γ of û*.
        bias : bool
            Whether the model has a bias (changes how ``D`` and ``direction`` read).
        """
        u = None if direction is None else np.asarray(direction, dtype=np.float64).reshape(-1)
        if u is not None and len(u) != (3 if bias else 2):
            raise ValueError(f"direction must have {3 if bias else 2} entries with bias={bias}")
        self._geometry = (
            None if D is None else float(D),
            u,
            None if gamma is None else float(gamma),
            bool(bias),
        )
        self._update_geometry()

    def show_radius(self, on: bool) -> None:
        """Show or hide the circle of radius ``max‖x_i‖`` around the origin."""
        self._show_radius = bool(on)
        self._update_geometry()

    def show_best(self, on: bool) -> None:
        """Show or hide the best separator û* and its γ band."""
        self._show_best = bool(on)
        self._update_geometry()

    # ------------------------------------------------------------------ selection

    def selected_indices(self) -> IntArray:
        """Return the selected point indices, sorted."""
        return self._selection

    def set_selection(self, indices: ArrayLike) -> None:
        """Select exactly ``indices`` (does not emit :attr:`selection_changed`)."""
        idx = np.unique(np.asarray(indices, dtype=np.intp).reshape(-1))
        self._selection = idx[(idx >= 0) & (idx < len(self._points))]
        self._selection_layer.set_subset(self._selection)

    def request_delete_selection(self) -> None:
        """Emit :attr:`delete_requested` with the selection, if there is one."""
        if len(self._selection):
            self.delete_requested.emit(self._selection.tolist())

    def _select(self, indices: IntArray, *, add: bool = False, toggle: bool = False) -> None:
        if toggle:
            new = np.setxor1d(self._selection, indices)
        elif add:
            new = np.union1d(self._selection, indices)
        else:
            new = np.unique(indices)
        new = new.astype(np.intp)
        if not np.array_equal(new, self._selection):
            self.set_selection(new)
            self.selection_changed.emit(self._selection.tolist())

    # ------------------------------------------------------------------ coordinates

    def to_widget(self, x: float, y: float) -> QtCore.QPoint:
        """Return the pixel of ``canvas.viewport()`` that shows data point ``(x, y)``."""
        scene = self._vb.mapViewToScene(QtCore.QPointF(x, y))
        return self.mapFromScene(scene)

    def from_widget(self, pos: QtCore.QPoint | QtCore.QPointF) -> tuple[float, float]:
        """Return the data coordinates shown at pixel ``pos`` of ``canvas.viewport()``."""
        scene = self.mapToScene(QtCore.QPoint(round(pos.x()), round(pos.y())))
        view = self._vb.mapSceneToView(scene)
        return float(view.x()), float(view.y())

    def hit_test(self, x: float, y: float, radius_px: float = _HIT_RADIUS_PX) -> int | None:
        """Return the index of the point nearest ``(x, y)`` within ``radius_px`` pixels."""
        if not len(self._points):
            return None
        pw, ph = self._vb.viewPixelSize()
        if not (pw > 0 and ph > 0):
            return None
        d2 = ((self._points[:, 0] - x) / pw) ** 2 + ((self._points[:, 1] - y) / ph) ** 2
        i = int(np.argmin(d2))
        return i if d2[i] <= radius_px**2 else None

    def fit_view(self) -> None:
        """Frame all points with some padding, or show [−5, 5]² when there are none."""
        if not len(self._points):
            self._vb.setRange(xRange=_DEFAULT_RANGE, yRange=_DEFAULT_RANGE, padding=0)
            self._fit_axis_width()
            return
        pts = self._points
        lo = np.array([pts[:, 0].min(), pts[:, 1].min()])
        hi = np.array([pts[:, 0].max(), pts[:, 1].max()])
        span = max(float((hi - lo).max()), 1.0)
        centre = (lo + hi) / 2
        half = np.maximum((hi - lo) / 2, span * 0.05) + 0.1 * span
        self._vb.setRange(
            xRange=(centre[0] - half[0], centre[0] + half[0]),
            yRange=(centre[1] - half[1], centre[1] + half[1]),
            padding=0,
        )
        self._fit_axis_width()

    def _fit_axis_width(self) -> None:
        """Widen the x₂ axis so that its tick labels fit (pyqtgraph skips those that do not).

        At 1e150 the labels read "-1e+150": in the default 60 px only "0" would be left.
        """
        axis = self.getPlotItem().getAxis("left")
        lo, hi = self._vb.viewRange()[1]
        fm = QtGui.QFontMetricsF(axis.style["tickFont"] or self.font())
        widest = 0.0
        for spacing, values in axis.tickValues(lo, hi, max(float(self._vb.height()), 100.0))[:2]:
            for s in axis.tickStrings(values, 1.0, spacing):
                widest = max(widest, fm.horizontalAdvance(s))
        need = (
            widest
            + 4
            + axis.style["tickTextOffset"][0]
            + max(0, axis.style["tickLength"])
            + axis.label.boundingRect().height() * 0.8
        )
        axis.setWidth(max(_LEFT_AXIS_WIDTH, math.ceil(need)))

    def _snap(self, x: float, y: float) -> tuple[float, float]:
        if self._snap_enabled:
            s = self._snap_step
            x, y = round(x / s) * s + 0.0, round(y / s) * s + 0.0
        return float(x), float(y)

    # ------------------------------------------------------------------ read-back for tests

    def model_segment(self) -> FloatArray | None:
        """Return the end points (2×2) of the drawn separating line, or None."""
        if not self.model_line.isVisible():
            return None
        x, y = self.model_line.segment()
        return np.column_stack([x, y])

    def half_plane(self, label: int) -> FloatArray:
        """Return the tinted polygon (k×2) where the model predicts ``label``."""
        item = self._tint_pos if label > 0 else self._tint_neg
        if not item.isVisible():
            return np.empty((0, 2))
        poly = item.polygon()
        return np.array([[poly[i].x(), poly[i].y()] for i in range(poly.size())]).reshape(-1, 2)

    # ------------------------------------------------------------------ drawing

    def _view_polygon(self) -> tuple[QtCore.QRectF, FloatArray]:
        rect = self._vb.viewRect()
        mx, my = rect.width() * _VIEW_MARGIN, rect.height() * _VIEW_MARGIN
        rect = rect.adjusted(-mx, -my, mx, my)
        return rect, _rect_polygon(rect)

    def _set_line(
        self, item: _Line, a: FloatArray, c: float, rect: QtCore.QRectF
    ) -> FloatArray | None:
        seg = _clip_line(a, c, rect)
        item.setVisible(seg is not None)
        if seg is not None:
            item.set_segment(seg[:, 0], seg[:, 1])
        return seg

    def _update_model(self) -> None:
        model = self._model
        items = (self.model_line, self._arrow_shaft, self._arrow_head, self._arrow_label)
        if model is None:
            for item in (*items, self._tint_pos, self._tint_neg):
                item.setVisible(False)
            return
        w, b = _unit_scale(*model)  # the arrow below would overflow w·w too
        rect, view = self._view_polygon()
        pos = _clip_polygon(view, w, b)
        neg = _clip_polygon(view, -w, -b)
        if not w.any():
            # sign(0) = +1: the whole plane is predicted +1 unless b < 0.
            pos, neg = (view, view[:0]) if b >= 0 else (view[:0], view)
        for item, poly in ((self._tint_pos, pos), (self._tint_neg, neg)):
            item.setVisible(len(poly) >= 3)
            if len(poly) >= 3:
                item.setPolygon(_polygon(poly))
        seg = self._set_line(self.model_line, w, b, rect)
        if seg is None:
            for item in items:
                item.setVisible(False)
            return
        # The arrow starts at the point of the line nearest the view centre.
        vr = self._vb.viewRect()
        centre = np.array([vr.center().x(), vr.center().y()])
        nn = float(w @ w)
        foot = centre - (w @ centre + b) / nn * w
        if not vr.contains(QtCore.QPointF(*foot)):
            for item in items[1:]:
                item.setVisible(False)
            return
        length = _ARROW_FRACTION * min(vr.width(), abs(vr.height()))
        unit = w / math.sqrt(nn)
        tip = foot + length * unit
        head = 0.25 * length
        base = tip - head * unit
        side = np.array([-unit[1], unit[0]]) * head * 0.4
        self._arrow_shaft.set_segment([foot[0], base[0]], [foot[1], base[1]])
        self._arrow_head.setPolygon(_polygon(np.array([tip, base + side, base - side])))
        self._arrow_label.setPos(*(tip + 0.25 * length * unit))
        for item in items[1:]:
            item.setVisible(True)

    def _update_pocket(self) -> None:
        shown = False
        if self._pocket is not None:
            rect, _ = self._view_polygon()
            shown = self._set_line(self.pocket_line, *self._pocket, rect) is not None
        self.pocket_line.setVisible(shown)
        self.legend.setVisible(self._pocket is not None)

    def _update_geometry(self) -> None:
        D, u, gamma, bias = self._geometry
        show_circle = self._show_radius and D is not None
        self._radius_circle.setVisible(show_circle)
        self._radius_label.setVisible(show_circle)
        if show_circle:
            assert D is not None
            r = math.sqrt(max(D * D - 1.0, 0.0)) if bias else D
            self._radius_circle.setRect(QtCore.QRectF(-r, -r, 2 * r, 2 * r))
            if bias:
                text = f"R = max‖x‖ = {_fmt(r)}   (D = √(R²+1) = {_fmt(D)} with the bias)"
            else:
                text = f"D = max‖x‖ = {_fmt(D)}"
            self._radius_label.setText(text)
            self._place_radius_label(r)

        show_best = self._show_best and u is not None
        for item in (self.best_line, self._band, *self._band_edges, self._gamma_label):
            item.setVisible(False)
        if not show_best:
            return
        assert u is not None
        a, c = u[:2], (float(u[2]) if bias else 0.0)
        if not a.any():
            return
        rect, view = self._view_polygon()
        seg = self._set_line(self.best_line, a, c, rect)
        if gamma is None or gamma <= 0:
            return
        band = _clip_polygon(_clip_polygon(view, a, c + gamma), -a, -c + gamma)
        self._band.setVisible(len(band) >= 3)
        if len(band) >= 3:
            self._band.setPolygon(_polygon(band))
        edges = [
            self._set_line(edge, a, c + s * gamma, rect)
            for edge, s in zip(self._band_edges, (1.0, -1.0), strict=True)
        ]
        anchor = edges[1] if edges[1] is not None else seg
        if anchor is not None:
            vr = self._vb.viewRect()
            # Put the label on the visible part of the edge, near its "upper" end.
            ends = [pt for pt in anchor if vr.contains(QtCore.QPointF(*pt))]
            mid = anchor.mean(axis=0)
            at = mid + 0.6 * ((ends[0] if ends else anchor[0]) - mid)
            self._gamma_label.setText(f"γ = {_fmt(gamma)}")
            self._gamma_label.setPos(*at)
            self._gamma_label.setVisible(True)

    def _place_radius_label(self, r: float) -> None:
        # On the circle, at the first of these angles that is in view, inside the circle.
        vr = self._vb.viewRect()
        mx, my = 0.1 * vr.width(), 0.1 * abs(vr.height())
        inner = vr.adjusted(mx, my, -mx, -my)
        for deg in (90, 70, 110, 50, 130, 270, 250, 290, 0, 180):
            t = math.radians(deg)
            at = QtCore.QPointF(r * math.cos(t), r * math.sin(t))
            if inner.contains(at):
                break
        else:
            self._radius_label.setVisible(False)
            return
        self._radius_label.setAnchor((0.5, -0.15) if at.y() > 0 else (0.5, 1.15))
        self._radius_label.setPos(at)
        self._radius_label.setVisible(True)

    # ------------------------------------------------------------------ Qt overrides

    def mousePressEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mousePressEvent(ev)
        # pyqtgraph's scene turns press/release into click and drag events later
        # but leaves the Qt event unaccepted; the canvas did handle it.
        ev.accept()

    def mouseReleaseEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mouseReleaseEvent(ev)
        ev.accept()

    def resizeEvent(self, ev: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        # The cached rendering of the points is a viewport-sized pixmap kept in
        # QPixmapCache (10 MB by default: less than one 1080p frame at dpr 2).
        # If it does not fit, Qt silently re-renders every frame.
        dpr = self.devicePixelRatioF()
        need_kb = int(self.width() * self.height() * dpr * dpr * 4 * 3 / 1024)
        if QtGui.QPixmapCache.cacheLimit() < need_kb:
            QtGui.QPixmapCache.setCacheLimit(need_kb)

    # ------------------------------------------------------------------ slots

    def _on_view_range_changed(self, *_: object) -> None:
        # Lines and tints are clipped to the view, so they follow pan and zoom.
        if self._model is not None:
            self._update_model()
        if self._pocket is not None:
            self._update_pocket()
        if self._show_best or self._show_radius:
            self._update_geometry()

    def _on_scene_mouse_moved(self, scene_pos: QtCore.QPointF) -> None:
        if not self._vb.sceneBoundingRect().contains(scene_pos):
            hover = None
        else:
            p = self._vb.mapSceneToView(scene_pos)
            hover = self.hit_test(p.x(), p.y())
        if hover != self._hover:
            self._hover = hover
            self.hover_changed.emit(hover)

    def _on_view_click(self, ev: object) -> None:
        button = ev.button()  # type: ignore[attr-defined]
        mods = ev.modifiers()  # type: ignore[attr-defined]
        p = self._vb.mapSceneToView(ev.scenePos())  # type: ignore[attr-defined]
        x, y = p.x(), p.y()
        if button == Qt.MouseButton.RightButton:
            ev.accept()  # type: ignore[attr-defined]
            self.add_requested.emit(*self._snap(x, y), -1)
        elif button == Qt.MouseButton.LeftButton:
            ev.accept()  # type: ignore[attr-defined]
            hit = self.hit_test(x, y)
            if hit is not None:
                ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
                self._select(np.array([hit]), toggle=ctrl)
                return
            label = -1 if mods & Qt.KeyboardModifier.AltModifier else self._add_label
            self.add_requested.emit(*self._snap(x, y), label)
        else:
            ev.ignore()  # type: ignore[attr-defined]

    def _on_view_drag(self, ev: object) -> None:
        ev.accept()  # type: ignore[attr-defined]
        start = self._vb.mapSceneToView(ev.buttonDownScenePos())  # type: ignore[attr-defined]
        now = self._vb.mapSceneToView(ev.scenePos())  # type: ignore[attr-defined]
        if ev.isStart():  # type: ignore[attr-defined]
            self._drag_index = self.hit_test(start.x(), start.y())
        if self._drag_index is not None:
            self._drag_point(ev, now)
        else:
            self._drag_band(ev, start, now)

    def _drag_point(self, ev: object, now: QtCore.QPointF) -> None:
        i = self._drag_index
        assert i is not None
        preview = self._preview[int(self._labels[i])]
        x, y = self._snap(now.x(), now.y())
        if ev.isFinish():  # type: ignore[attr-defined]
            preview.setVisible(False)
            self._drag_index = None
            self.move_requested.emit(i, x, y)
        else:
            preview.set_positions(np.array([[x, y]]))
            preview.setVisible(True)

    def _drag_band(self, ev: object, start: QtCore.QPointF, now: QtCore.QPointF) -> None:
        rect = QtCore.QRectF(start, now).normalized()
        if not ev.isFinish():  # type: ignore[attr-defined]
            self._rubber_band.setRect(rect)
            self._rubber_band.setVisible(True)
            return
        self._rubber_band.setVisible(False)
        pts = self._points
        inside = np.flatnonzero(
            (pts[:, 0] >= rect.left())
            & (pts[:, 0] <= rect.right())
            & (pts[:, 1] >= rect.top())
            & (pts[:, 1] <= rect.bottom())
        )
        ctrl = bool(ev.modifiers() & Qt.KeyboardModifier.ControlModifier)  # type: ignore
        self._select(inside, add=ctrl)

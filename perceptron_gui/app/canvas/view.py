"""The view: the data's frame, a user's zoom that holds, following the line.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import (
    HEADER_INSET_PX,
    LEFT_AXIS_WIDTH,
    PLOT_MARGIN,
)
from perceptron_gui.app.canvas.scheduler import ScheduledCanvas
from perceptron_gui.app.theme import theme
from perceptron_gui.core import geometry
from perceptron_gui.core.model import LinearModel

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


#: The canvas's items that keep their rendering (``DeviceCoordinateCache``): the two axes
#: (with the grid across the view), the points' markers and the regions' image.
CACHED_LAYERS = 4
#: Room in QPixmapCache for as many more viewport-sized pixmaps (another canvas, the
#: style's pixmaps).
CACHE_SPARE_LAYERS = 2


class ViewCanvas(ScheduledCanvas):
    """The view: the data's frame, a user's zoom that holds, following the line."""

    def set_header(self, widget: QtWidgets.QWidget | None) -> None:
        """A widget (a child of the canvas: the readout in presentation mode) in a band
        across the top of the canvas, as tall as the widget: the plot starts below it, so
        it covers no point, line or text of the plot however tall it grows (None: no band).
        """
        if self._header is not None:
            self._header.removeEventFilter(self)
        self._header = widget
        if widget is not None:
            widget.installEventFilter(self)
        self._fit_header()

    def header(self) -> QtWidgets.QWidget | None:
        """The widget in the band across the top (see `set_header`), or None."""
        return self._header

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if watched is self._header and event.type() in (
            QtCore.QEvent.Type.Resize,
            QtCore.QEvent.Type.Show,
            QtCore.QEvent.Type.Hide,
        ):
            self._fit_header()
        return bool(super().eventFilter(watched, event))

    #: The canvas whose band above the plot this one's matches (compare's other pane), and
    #: the band this one asks for by itself: its header's and its banners' (`pair_bands`).
    _band_partner: ViewCanvas | None = None
    _own_band = 0.0

    def pair_bands(self, other: ViewCanvas | None) -> None:
        """Give this canvas and `other` one band above the plot, the taller of the two:
        the header's (presentation's readout) and the banners' and legend's below it
        (compare's panes: two readouts that wrap differently, or a "converged" banner and
        a legend above one plot only, left the plots different sizes, so the same data
        were drawn at two scales and ranges); None ends the pairing."""
        old = self._band_partner
        self._band_partner = other
        if other is not None:
            other._band_partner = self
        elif old is not None and old._band_partner is self:
            old._band_partner = None
            old._fit_header()
        self._fit_header()

    def _fit_header(self) -> None:
        """The header in the top-left corner, and the plot's top margin its band and the
        banners' below it (or its partner's, when taller: see `pair_bands`; the banners
        then sit right above the plot, the room left over between them and the header)."""
        w = self._header
        band = 0.0
        if w is not None and not w.isHidden():
            inset = round(HEADER_INSET_PX * theme().scale)
            w.move(inset, inset)
            band = float(w.height() + 2 * inset)
        # (Below the header, the banners' band when they have no corner: labels.py.)
        band += self._band_height
        self._own_band = band
        partner = self._band_partner
        if partner is not None:
            band = max(band, partner._own_band)
        layout = self.getPlotItem().layout
        left, top, right, bottom = layout.getContentsMargins()
        if top != PLOT_MARGIN + band:
            layout.setContentsMargins(left, PLOT_MARGIN + band, right, bottom)
            layout.activate()  # now: a layout pass before the next turn places in the plot
        if partner is not None:
            # (The partner's own band is not taller: it takes this one.)
            top = partner.getPlotItem().layout.getContentsMargins()[1]
            if top != PLOT_MARGIN + band:
                partner._fit_header()
        self._schedule_layout()

    def view_range(self) -> tuple[float, float, float, float]:
        """The visible data range ``(xmin, xmax, ymin, ymax)``."""
        return self.view_model.view_range()

    def set_view_range(
        self, x0: float, x1: float, y0: float, y1: float, *, hold: bool = True
    ) -> None:
        """Show (at least) this data range; the aspect ratio stays 1. With `hold` (as for
        a user's zoom) the range stays until Fit view or new data; without, the view goes
        back to the data's frame when the plot changes size."""
        self.view_model.held = bool(hold)
        self._vb.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
        self._fit_axis_width()

    @property
    def view_held(self) -> bool:
        """True while the view is the user's (a zoom, a pan, a range set by a caller), not
        the data's frame: it holds across steps and modes until Fit view or new data."""
        return self.view_model.held

    def _on_user_view(self) -> None:
        self.view_model.held = True

    def _on_view_resized(self, *_: object) -> None:
        """The plot changed size: the data's frame again, fitted to the new size (unless the
        view is held), so the data fill the plot at every size of window, pane or band."""
        if self.view_model.held or self.getPlotItem() is None:
            return
        x0, x1, y0, y1 = self._fitted_frame()
        self._vb.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
        self._marks.size()

    def to_widget(self, x: float, y: float) -> QtCore.QPoint:
        """Return the pixel of ``canvas.viewport()`` that shows data point ``(x, y)``."""
        scene = self._vb.mapViewToScene(QtCore.QPointF(x, y))
        return self.mapFromScene(scene)

    def from_widget(self, pos: QtCore.QPoint | QtCore.QPointF) -> tuple[float, float]:
        """Return the data coordinates shown at pixel ``pos`` of ``canvas.viewport()``."""
        scene = self.mapToScene(QtCore.QPoint(round(pos.x()), round(pos.y())))
        view = self._vb.mapSceneToView(scene)
        return float(view.x()), float(view.y())

    def data_frame(self) -> tuple[float, float, float, float]:
        """The data's frame: the points' bounding box with a margin (and the origin if
        kept), with room for the marks round the points at the plot's size; [−5, 5]²
        without points. Texts, the legend and the update's vectors never widen it."""
        return self.view_model.data_frame()

    def refit(self) -> None:
        """The data's frame again, unless the view is the user's (a zoom or pan holds)."""
        if not self.view_model.held:
            self.fit_view()

    def _fitted_frame(self) -> tuple[float, float, float, float]:
        """The data's frame, grown towards the running line when the view follows it."""
        rect = self.data_frame()
        m = self._model
        if self.follow_line and isinstance(m, LinearModel) and not m.is_zero:
            try:
                return geometry.follow_line(
                    m.w, m.b, rect, data_rect=rect, keep_origin=self.keep_origin
                )
            except ValueError:  # a view or line beyond what can be drawn: the arrow says where
                pass
        return rect

    def fit_view(self) -> None:
        """Frame all points (and the origin if kept), or [−5, 5]²; the user's zoom is let go."""
        self.set_view_range(*self.data_frame(), hold=False)
        self._follow()
        self._marks.size()

    def follow(self) -> None:
        """Bring the running line into view now (when following is on)."""
        self._follow()
        self._update_model()

    def _follow(self) -> None:
        """Change the view so that the running line crosses it (when following: the user
        asked for it, so a held view follows too, and stays held).

        The new view is the data's frame grown towards the line, not the current view
        grown again: a long run cannot shrink the points to a dot. The update's vectors
        never widen it (they are clipped at its edge).
        """
        m = self._model
        if not self.follow_line or not isinstance(m, LinearModel) or m.is_zero:
            return
        rect = self.view_range()
        try:
            new = geometry.follow_line(
                m.w, m.b, rect, data_rect=self.data_frame(), keep_origin=self.keep_origin
            )
        except ValueError:  # a view or line beyond what can be drawn: the arrow says where
            return
        if new != rect:
            self.set_view_range(*new, hold=self.view_model.held)

    def _fit_axis_width(self, *, grow_only: bool = False) -> None:
        """Widen the x₂ axis so that its tick labels fit (pyqtgraph skips those that do not).

        At 1e150 the labels read "-1e+150": in the default 60 px only "0" would be left.
        With `grow_only` (a resize of the view box, which the axis's own width causes) it
        only widens: the width moves the view box, which (aspect 1) changes the range and
        the labels, and a width free both ways could flip between two values for ever (a
        worker spun 4 minutes in CI). A new range or theme fits it both ways.
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
        want = max(int(LEFT_AXIS_WIDTH * theme().scale), math.ceil(need))
        if grow_only and want <= (axis.fixedWidth or 0):
            return
        axis.setWidth(want)

    def resizeEvent(self, ev: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        self._schedule_layout()
        # Each cached layer (`CACHED_LAYERS`) keeps its rendering as a viewport-sized
        # pixmap in QPixmapCache (10 MB by default: less than one 1080p frame at dpr 2).
        # If they do not all fit, Qt silently re-renders one or more every frame (at
        # 1920×1080 three fitted and the fourth, the regions', pushed the axes out: their
        # grid replayed at each repaint, a kernel frame's repaint 16 → 7 ms of CPU).
        dpr = self.devicePixelRatioF()
        layers = CACHED_LAYERS + CACHE_SPARE_LAYERS
        need_kb = int(self.width() * self.height() * dpr * dpr * 4 * layers / 1024)
        if QtGui.QPixmapCache.cacheLimit() < need_kb:
            QtGui.QPixmapCache.setCacheLimit(need_kb)

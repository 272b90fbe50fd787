"""The normal w of the running line: a short arrow from the line, and its label "normal".

A visual over the canvas's `ViewModel` (as `visuals/edge.py`): it reads the view and the
running line as drawn there, owns its three items (the shaft, the head and the label), made
the first time the arrow is drawn (`Visual`), and draws the line's normal when the line is
in view, at the model's line and view events (or where `draw` is told).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import ARROW_FRACTION, RING_MAX, SHRINK_MIN_POINTS
from perceptron_gui.app.canvas.frame import segment_distances
from perceptron_gui.app.canvas.items import Line, Place
from perceptron_gui.app.canvas.markers import pen, polygon
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import ANNOTATION_PT, theme
from perceptron_gui.core.model import LinearModel

FloatArray = NDArray[np.float64]
Point = tuple[float, float]
translate = QCoreApplication.translate


_Items = tuple[Line, QtWidgets.QGraphicsPolygonItem, pg.TextItem]


class NormalArrow(Visual[_Items]):
    """The normal w as a short arrow from the point of the line nearest the view's centre,
    and its label (not "w": the update's vectors are w).

    Parameters
    ----------
    model
        What is shown: the view's range.
    place
        Adds the items to the plot (in the host's stacking order), once, when first drawn.
    """

    def __init__(self, model: ViewModel, place: Place) -> None:
        super().__init__(model, place)
        #: The arrow's foot (on the line) and tip, in data units: its label goes beside it.
        self.ends: tuple[Point, Point] | None = None
        events = model.events
        # (The marks it keeps off, too: a figure set the band after the line.)
        for event in (events.line, events.view, events.points, events.mistakes):
            event.connect(self._on_line)
        for event in (events.current, events.band, events.update):
            event.connect(self._on_line)

    def _on_line(self) -> None:
        """The model's line as drawn, or the view, changed: the arrow when the line is in
        view."""
        self.hide()
        line = self.model.line
        if line is not None and self.model.line_in_view():
            self.draw(*line)

    def _make(self) -> tuple[_Items, Placed]:
        shaft = Line(antialias=True)
        head = QtWidgets.QGraphicsPolygonItem()
        head.setPen(QtGui.QPen(QtCore.Qt.PenStyle.NoPen))
        label = pg.TextItem(anchor=(0.5, 0.5))
        return (shaft, head, label), [(shaft, 4), (head, 4), (label, 8)]

    @property
    def shaft(self) -> Line:
        """The arrow's shaft (made on first use)."""
        return self._made_items()[0]

    @property
    def head(self) -> QtWidgets.QGraphicsPolygonItem:
        """The arrow's head (made on first use)."""
        return self._made_items()[1]

    @property
    def label(self) -> pg.TextItem:
        """Its label (made on first use)."""
        return self._made_items()[2]

    def _style(self, items: _Items) -> None:
        """Sizes and colours from the theme, the label in the language."""
        t = theme()
        ink = t.color("ink")
        shaft, head, label = items
        shaft.setPen(pen(ink, t.line()))
        head.setBrush(ink)
        label.setColor(ink)
        label.setFont(t.font(ANNOTATION_PT))
        label.fill = pg.mkBrush(None)
        self.retranslate()

    def retranslate(self) -> None:
        """The label in the current language."""
        if self._items is not None:
            self._items[2].setText(translate("DataCanvas", "normal"))

    def hide(self) -> None:
        """No arrow (no line in view)."""
        if self._items is not None:
            for item in self._items:
                item.setVisible(False)

    def draw(self, w: FloatArray, b: float) -> None:
        """The arrow of w from the point of the line w·x + b = 0 nearest the view's centre
        (nothing when that point is not in the view)."""
        x0, x1, y0, y1 = self.model.view_range()
        vr = QtCore.QRectF(x0, y0, x1 - x0, y1 - y0)  # (as pyqtgraph's viewRect)
        centre = np.array([vr.center().x(), vr.center().y()])
        nn = float(w @ w)
        with np.errstate(all="ignore"):  # a view at 1e150 from a line at 0: no arrow
            foot = centre - (w @ centre + b) / nn * w if nn > 0 else centre + np.inf
        if not (np.all(np.isfinite(foot)) and vr.contains(QtCore.QPointF(*foot))):
            return
        length = ARROW_FRACTION * min(vr.width(), abs(vr.height()))
        unit = w / math.sqrt(nn)
        foot = self._clear_foot(foot, unit, length, vr)
        tip = foot + length * unit
        head = 0.25 * length
        base = tip - head * unit
        side = np.array([-unit[1], unit[0]]) * head * 0.4
        self.shaft.set_segment([foot[0], base[0]], [foot[1], base[1]])
        self.head.setPolygon(polygon(np.array([tip, base + side, base - side])))
        self.label.setPos(*(tip + 0.25 * length * unit))
        self.ends = ((float(foot[0]), float(foot[1])), (float(tip[0]), float(tip[1])))
        for item in (self.shaft, self.head, self.label):
            item.setVisible(True)

    def _clear_foot(
        self, foot: FloatArray, unit: FloatArray, length: float, vr: QtCore.QRectF
    ) -> FloatArray:
        """The arrow's foot on the line: `foot` (nearest the view's centre) when the arrow
        from it keeps its head's half-width off every point's marks (`_marks_radii`), else
        the nearest such foot along the line with the arrow in the view; `foot` when none
        is (the head covered a point after a batch run and in an exported GIF's last frame)."""
        pts = self.model.points
        if not len(pts) or len(pts) >= SHRINK_MIN_POINTS:  # (a cloud: no such foot)
            return foot
        scale = self.model.px_per_unit()
        if scale is None:
            return foot
        k = np.array([scale[0], scale[1]])
        px = pts * k
        # (The head is a quarter of the arrow long and 0.2 of it wide.)
        clearance = self._marks_radii() + 2 * theme().scale + 0.1 * length * float(min(k))
        along = np.array([-unit[1], unit[0]])
        step = 0.25 * length
        x0, y0 = vr.left(), vr.top()
        x1, y1 = x0 + vr.width(), y0 + vr.height()
        reach = int(math.hypot(vr.width(), vr.height()) / max(step, 1e-300)) + 1
        vectors = self._vectors()
        off = 0.1 * length * float(min(k)) + 4 * theme().scale  # (its head and a line's width)
        free: FloatArray | None = None  # (the first foot clear of the points alone)
        for n in range(min(reach, 40) + 1):  # (the view's diagonal: ~38 steps)
            for s in (1.0, -1.0) if n else (0.0,):
                f = foot + s * n * step * along
                tip = f + length * unit
                if not (x0 <= f[0] <= x1 and y0 <= f[1] <= y1):
                    continue
                if not (x0 <= tip[0] <= x1 and y0 <= tip[1] <= y1):
                    continue
                if not bool(np.all(segment_distances(px, f * k, tip * k) > clearance)):
                    continue
                if free is None:
                    free = f
                # Off the update's vectors too (from the origin, along w: the normal lay on
                # the new w where the line passes near the origin).
                along_arrow = (f + np.linspace(0.0, 1.0, 9)[:, None] * (tip - f)) * k
                if all(
                    float(segment_distances(along_arrow, a * k, b * k).min()) > off
                    for a, b in vectors
                ):
                    return f
        return foot if free is None else free

    def _vectors(self) -> list[tuple[FloatArray, FloatArray]]:
        """The update's vectors as drawn (old w, the step, new w; w's part of ŵ), in data
        units; none while its phases play or without an update."""
        m = self.model
        if m.update is None or m.phase:
            return []
        w_old = np.asarray(m.update.before.w, dtype=np.float64)[:2]
        w_new = np.asarray(m.update.after.w, dtype=np.float64)[:2]
        if len(w_old) < 2 or not (np.all(np.isfinite(w_old)) and np.all(np.isfinite(w_new))):
            return []
        origin = np.zeros(2)
        return [(origin, w_old), (w_old, w_new), (origin, w_new)]

    def _marks_radii(self) -> FloatArray:
        """How far each point's marks reach from its centre, in pixels: its marker, or the
        ring round it (a mistake's, a right point's inside the margin band, the current
        point's square)."""
        m = self.model
        t = theme()
        radii = np.full(len(m.points), (t.marker + 4 * t.scale) / 2)
        ring = 16.0 / 14.0 * t.marker + 1.5 * t.scale  # (visuals/points.py's rings: 32 px)
        if len(m.mistakes) <= RING_MAX:
            radii[m.mistakes] = ring
        model, width = m.model, m.band_width
        if width is not None and isinstance(model, LinearModel) and len(m.points):
            w = np.asarray(model.w, dtype=np.float64)
            f = m.points @ w + float(model.b)
            yf = np.where(m.labels > 0, f, -f)
            radii[(yf > 0.0) & (yf < width)] = ring
        if m.current is not None and 0 <= m.current < len(radii):
            radii[m.current] = 18.0 / 14.0 * t.marker  # (its square, 36 px at scale 1)
        return radii

    def ends_px(self, to_px: Callable[[float, float], Point]) -> tuple[Point, Point] | None:
        """The shown arrow (foot, tip) in pixels, None when it is not drawn."""
        if self.ends is None or self._items is None or not self._items[0].isVisible():
            return None
        foot, tip = self.ends
        return to_px(*foot), to_px(*tip)

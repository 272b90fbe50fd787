"""Novikoff's geometry: the radius D round the origin, the best separator û* and its γ band.

A visual over the canvas's `ViewModel` (as `visuals/margin.py`): it draws the model's
Novikoff quantities (`ViewModel.novikoff`) as far as they are asked for (`show_radius`,
`show_best`). Its items are made the first time one is shown (`Visual`); it subscribes to
the model's events of what it draws (the geometry, the view).
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.items import Line, Place, set_line
from perceptron_gui.app.canvas.markers import pen, polygon
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import ANNOTATION_PT, theme
from perceptron_gui.core.geometry import clip_polygon

FloatArray = NDArray[np.float64]
translate = QCoreApplication.translate
Qt = QtCore.Qt

#: The circle and its label, the band, the best line, the band's edges, the γ label.
_Items = tuple[
    QtWidgets.QGraphicsEllipseItem,
    pg.TextItem,
    QtWidgets.QGraphicsPolygonItem,
    Line,
    list[Line],
    pg.TextItem,
]


class NovikoffGeometry(Visual[_Items]):
    """Novikoff's radius D (a dashed circle round the origin, and its label) and the best
    separator û* (a dotted line) with its γ band (a tint between dashed edges, and its
    label).

    Parameters
    ----------
    model
        What is shown: the Novikoff quantities and which of them to draw, the view.
    place
        Adds the items to the plot (in the host's stacking order), once, when first made.
    """

    def __init__(self, model: ViewModel, place: Place) -> None:
        super().__init__(model, place)
        for event in (model.events.novikoff, model.events.view):
            event.connect(self.draw)

    def _make(self) -> tuple[_Items, Placed]:
        circle = QtWidgets.QGraphicsEllipseItem()
        circle_label = pg.TextItem(anchor=(0, 1))
        band = QtWidgets.QGraphicsPolygonItem()
        band.setPen(QtGui.QPen(Qt.PenStyle.NoPen))
        best = Line(antialias=True)
        edges = [Line() for _ in range(2)]
        gamma_label = pg.TextItem(anchor=(0, 0.5))
        placed: Placed = [(circle, 2), (circle_label, 8), (band, -25), (best, 2)]
        placed += [(edge, 2) for edge in edges]
        placed.append((gamma_label, 8))
        return (circle, circle_label, band, best, edges, gamma_label), placed

    @property
    def circle(self) -> QtWidgets.QGraphicsEllipseItem:
        """The circle of radius D (made on first use)."""
        return self._made_items()[0]

    @property
    def circle_label(self) -> pg.TextItem:
        """The circle's label "D = max‖x‖ = …" (made on first use)."""
        return self._made_items()[1]

    @property
    def best_line(self) -> Line:
        """The best separator û* (made on first use)."""
        return self._made_items()[3]

    @property
    def gamma_label(self) -> pg.TextItem:
        """The γ band's label (made on first use)."""
        return self._made_items()[5]

    def _style(self, items: _Items) -> None:
        circle, circle_label, band, best, edges, gamma_label = items
        t = theme()
        muted = t.color("muted")
        circle.setPen(pen(muted, 2 * t.scale, style_=Qt.PenStyle.DashLine))
        band.setBrush(t.tint("muted", 35))
        best.setPen(pen(muted, 2.5 * t.scale, style_=Qt.PenStyle.DotLine))
        for edge in edges:
            edge.setPen(pen(muted, 1.2 * t.scale, style_=Qt.PenStyle.DashLine))
        fill = pg.mkBrush(t.fill())
        for label in (circle_label, gamma_label):
            label.setColor(muted)
            label.setFont(t.font(ANNOTATION_PT))
            label.fill = fill

    def _view_rect(self) -> QtCore.QRectF:
        """The view's range as a rectangle (as pyqtgraph's viewRect)."""
        x0, x1, y0, y1 = self.model.view_range()
        return QtCore.QRectF(x0, y0, x1 - x0, y1 - y0)

    def draw(self) -> None:
        """Draw what of the model's Novikoff geometry is asked for (the circle, the best
        separator and its band)."""
        m = self.model
        D, u, gamma, bias = m.novikoff
        show_circle = m.show_radius and D is not None
        show_best = m.show_best and u is not None
        if not (show_circle or show_best or self.made):
            return
        circle, circle_label, band, best, edges, gamma_label = self._made_items()
        circle.setVisible(show_circle)
        circle_label.setVisible(show_circle)
        if show_circle:
            assert D is not None
            r = math.sqrt(max(D * D - 1.0, 0.0)) if bias else D
            circle.setRect(QtCore.QRectF(-r, -r, 2 * r, 2 * r))
            if bias:
                text = translate(
                    "DataCanvas", "R = max‖x‖ = {r}   (D = √(R²+1) = {d} with the bias)"
                ).format(r=fmt.tick(r), d=fmt.tick(D))
            else:
                text = f"D = max‖x‖ = {fmt.tick(D)}"
            circle_label.setText(text)
            self._place_radius_label(circle_label, r)

        for item in (best, band, *edges, gamma_label):
            item.setVisible(False)
        if not show_best:
            return
        assert u is not None
        a, c = u[:2], (float(u[2]) if bias else 0.0)
        if not a.any():
            return
        rect = m.margin_rect()
        if rect is None:
            return
        seg = set_line(best, a, c, rect)
        if gamma is None or gamma <= 0:
            return
        x0, x1, y0, y1 = rect
        view = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
        # The band is where |û·x̂| ≤ γ. With the bias, û = (u_w, u_b) is a unit vector in
        # (x, 1) space, so in the plane the band is γ/‖u_w‖ wide on each side, not γ.
        area = clip_polygon(clip_polygon(view, a, c + gamma), -a, -c + gamma)
        band.setVisible(len(area) >= 3)
        if len(area) >= 3:
            band.setPolygon(polygon(area))
        sides = [
            set_line(edge, a, c + s * gamma, rect)
            for edge, s in zip(edges, (1.0, -1.0), strict=True)
        ]
        anchor = sides[1] if sides[1] is not None else seg
        if anchor is not None:
            vr = self._view_rect()
            # Put the label on the visible part of the edge, near its "upper" end.
            ends = [pt for pt in anchor if vr.contains(QtCore.QPointF(*pt))]
            mid = anchor.mean(axis=0)
            at = mid + 0.6 * ((ends[0] if ends else anchor[0]) - mid)
            half = gamma / float(np.hypot(*a))
            if bias:
                text = translate(
                    "DataCanvas", "γ = {g} in (x, 1) space; band ±{h} in the plane"
                ).format(g=fmt.tick(gamma), h=fmt.tick(half))
            else:
                text = translate("DataCanvas", "γ = {g} (band ±γ)").format(g=fmt.tick(gamma))
            gamma_label.setText(text)
            gamma_label.setPos(*at)
            gamma_label.setVisible(True)

    def _place_radius_label(self, label: pg.TextItem, r: float) -> None:
        """The circle's label on the circle, at the first of these angles that is in view,
        inside the circle (hidden when none is)."""
        # On the circle, at the first of these angles that is in view, inside the circle.
        vr = self._view_rect()
        mx, my = 0.1 * vr.width(), 0.1 * abs(vr.height())
        inner = vr.adjusted(mx, my, -mx, -my)
        for deg in (90, 70, 110, 50, 130, 270, 250, 290, 0, 180):
            t = math.radians(deg)
            at = QtCore.QPointF(r * math.cos(t), r * math.sin(t))
            if inner.contains(at):
                break
        else:
            label.setVisible(False)
            return
        label.setAnchor((0.5, -0.15) if at.y() > 0 else (0.5, 1.15))
        label.setPos(at)
        label.setVisible(True)

"""The margin band |w·x + b| < width of the running line, and the right points inside it.

A visual over the canvas's `ViewModel` (as `visuals/vectors.py`): passive-aggressive and
the margin perceptron still correct a right point inside the band, so the band is drawn
and those points ringed. Its items are made the first time a band is shown (`Visual`); it
subscribes to the model's events of what it draws (the band's width, the running model,
the points, the view).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.canvas.constants import MARKER_Z
from perceptron_gui.app.canvas.items import Line, Place, set_line
from perceptron_gui.app.canvas.markers import MarkerLayer, draw_ring, pen, polygon
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import theme
from perceptron_gui.core.geometry import clip_polygon
from perceptron_gui.core.model import LinearModel

IntArray = NDArray[np.intp]


_Items = tuple[QtWidgets.QGraphicsPolygonItem, list[Line], MarkerLayer]


class MarginBand(Visual[_Items]):
    """The band |w·x + b| < width of the running line (a tint between two dashed edges)
    and a ring round each right point inside it.

    Parameters
    ----------
    model
        What is shown: the band's width, the running model, the points, the view.
    place
        Adds the items to the plot (in the host's stacking order), once, when first made.
    """

    def __init__(self, model: ViewModel, place: Place) -> None:
        super().__init__(model, place)
        #: The right points inside the band (the ones still corrected).
        self.inside: IntArray = np.empty(0, dtype=np.intp)
        events = model.events
        for event in (events.band, events.model, events.points, events.view):
            event.connect(self.draw)

    def _make(self) -> tuple[_Items, Placed]:
        band = QtWidgets.QGraphicsPolygonItem()
        band.setPen(QtGui.QPen(QtCore.Qt.PenStyle.NoPen))
        edges = [Line() for _ in range(2)]
        inside = MarkerLayer([draw_ring], 32)
        inside.setOpacity(0.55)
        # The rings are marks of their points: over the lines (the model's line struck
        # them through at z 3), under the markers, as the mistakes' rings.
        placed: Placed = [(band, -26), *((edge, 2) for edge in edges), (inside, MARKER_Z - 0.1)]
        return (band, edges, inside), placed

    @property
    def band(self) -> QtWidgets.QGraphicsPolygonItem:
        """The band's tint (made on first use)."""
        return self._made_items()[0]

    @property
    def edges(self) -> list[Line]:
        """The band's two edges, w·x + b = ±width (made on first use)."""
        return self._made_items()[1]

    @property
    def rings(self) -> MarkerLayer:
        """The rings round the right points inside the band (made on first use)."""
        return self._made_items()[2]

    def _style(self, items: _Items) -> None:
        band, edges, inside = items
        t = theme()
        band.setBrush(t.tint("alpha", 45))
        for edge in edges:
            edge.setPen(
                pen(t.color("alpha").darker(140), 1.5 * t.scale, style_=QtCore.Qt.PenStyle.DashLine)
            )
        inside.set_size(32 * t.marker / 14.0)

    def draw(self) -> None:
        """Draw the band of the model's running line (hidden when there is no band, or no
        line)."""
        m, width = self.model.model, self.model.band_width
        self.inside = np.empty(0, dtype=np.intp)
        shown = width is not None and isinstance(m, LinearModel) and not m.is_zero
        if not shown and self._items is None:
            return
        band, edges, inside = self._made_items()
        rect = self.model.margin_rect()
        if width is None or not isinstance(m, LinearModel) or m.is_zero or rect is None:
            items: tuple[QtWidgets.QGraphicsItem, ...] = (band, *edges, inside)
            for item in items:
                item.setVisible(False)
            return
        w, b = np.asarray(m.w, dtype=np.float64), float(m.b)
        x0, x1, y0, y1 = rect
        view = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
        area = clip_polygon(clip_polygon(view, w, b + width), -w, -b + width)
        band.setVisible(len(area) >= 3)
        if len(area) >= 3:
            band.setPolygon(polygon(area))
        for edge, s in zip(edges, (1.0, -1.0), strict=True):
            set_line(edge, w, b + s * width, rect)
        points = self.model.points
        if len(points):
            f = points[:, 0] * w[0] + points[:, 1] * w[1] + b
            yf = np.where(self.model.labels > 0, f, -f)
            self.inside = np.flatnonzero((yf > 0.0) & (yf < width)).astype(np.intp)
        inside.set_positions(points)
        inside.set_subset(self.inside)
        inside.setVisible(True)

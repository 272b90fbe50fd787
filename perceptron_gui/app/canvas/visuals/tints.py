"""The half-planes' tints: the two sides of the line, each in its class's tint.

A visual over the canvas's `ViewModel` (as `visuals/points.py`), made at once (a plain start
shows a line). It draws at the model's line event: the line whose sides are tinted (the
running line's, or the answer's when it comes first; none while regions are drawn) over
the rect the model's drawing covers. The tints are a large area: the host's gate (`area`)
says when they change while a run goes.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.canvas.items import Place
from perceptron_gui.app.canvas.markers import polygon
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Area, Placed, Visual, now
from perceptron_gui.app.theme import theme
from perceptron_gui.core.geometry import clip_half_plane

FloatArray = NDArray[np.float64]
#: The +1 side's tint and the −1 side's.
_Items = tuple[QtWidgets.QGraphicsPolygonItem, QtWidgets.QGraphicsPolygonItem]


class HalfPlaneTints(Visual[_Items]):
    """The sides of the tinted line: w·x + b ≥ 0 in the +1 class's tint (sign(0) = +1: the
    +1 side includes the line), the rest in the −1 class's.

    Parameters
    ----------
    model
        What is shown: the tinted line and the rect the drawing covers.
    place
        Adds the items to the plot (in the host's stacking order), once, when made.
    area
        Shows a large area's new drawing now or at its turn (the canvas's gate while a run
        goes); by default, now.
    """

    def __init__(self, model: ViewModel, place: Place, area: Area = now) -> None:
        super().__init__(model, place)
        self._area = area
        model.events.line.connect(self.draw)
        self.make()

    def _make(self) -> tuple[_Items, Placed]:
        pos, neg = QtWidgets.QGraphicsPolygonItem(), QtWidgets.QGraphicsPolygonItem()
        for item in (pos, neg):
            item.setPen(QtGui.QPen(QtCore.Qt.PenStyle.NoPen))
        return (pos, neg), [(pos, -30), (neg, -30)]

    @property
    def items(self) -> _Items:
        """The +1 side's tint and the −1 side's (made with the visual)."""
        return self._made_items()

    def _style(self, items: _Items) -> None:
        t = theme()
        items[0].setBrush(t.tint("positive"))
        items[1].setBrush(t.tint("negative"))

    def draw(self) -> None:
        """The tints of the model's tinted line over the covered rect (none without one)."""
        line, rect = self.model.tints, self.model.cover
        if line is None or rect is None:
            self._area("tints", self._hide)
            return
        tw, tb = line
        pos = clip_half_plane(tw, tb, rect, 1.0)
        neg = clip_half_plane(-tw, -tb, rect, 1.0) if tw.any() or tb < 0 else np.zeros((0, 2))
        self._area("tints", lambda: self._show(pos, neg))

    def _hide(self) -> None:
        for item in self.items:
            item.setVisible(False)

    def _show(self, pos: FloatArray, neg: FloatArray) -> None:
        for item, poly in zip(self.items, (pos, neg), strict=True):
            item.setVisible(len(poly) >= 3)
            if len(poly) >= 3:
                item.setPolygon(polygon(poly))

"""The arrow "the line is this way": where the running line went when it left the view.

A visual over the canvas's `ViewModel`: it reads the view and the points there, and owns
its two items (the arrow and its label), made the first time the arrow is shown
(`Visual`). The host (the canvas) says where the items go in its stacking order
(`place`); the arrow points to the model's running line when it is out of view, at the
model's line and view events (or where `point_to` is told).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.constants import EDGE_ARROW_MAX_POINTS, NAME_TEXT_MAX
from perceptron_gui.app.canvas.items import Place
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import ANNOTATION_PT, theme
from perceptron_gui.core.geometry import edge_arrow

FloatArray = NDArray[np.float64]
translate = QCoreApplication.translate


_Items = tuple[pg.ArrowItem, pg.TextItem]

#: The marks drawn round a point, in markers across (the points' visual draws them 32-36
#: px round a 14 px marker; the update's ring is 60 px at scale 1).
MARKS_ACROSS = {"selection": 36 / 14, "current": 36 / 14, "mistake": 32 / 14, "update": 60 / 14}


class EdgeArrow(Visual[_Items]):
    """An arrow near the view's edge pointing at a line out of view, clear of the points,
    and its label "the line is this way".

    Parameters
    ----------
    model
        What is shown: the view's range and size, the points.
    place
        Adds the items to the plot (in the host's stacking order), once, when first shown.
    """

    def __init__(
        self, model: ViewModel, place: Place, request: Callable[[], None] | None = None
    ) -> None:
        super().__init__(model, place)
        events = model.events
        # (The marks round points change the room the arrow needs beside them.)
        for event in (events.line, events.view, events.selection, events.current, events.update):
            event.connect(self._on_line)
        events.mistakes.connect(self._on_mistakes)
        #: The last place kept off the mistakes' rings (see `_marks`).
        self._ringed = False
        #: The host's layout pass, asked for when the arrow is to be placed again (then
        #: placed once, at `flush`); None: placed at each event.
        self._request = request
        self._dirty = False

    def _on_mistakes(self) -> None:
        """New mistakes: the arrow placed again when their rings count, now or before (a
        vote's answer marks its mistakes after the step's other events)."""
        if self._ringed or 0 < len(self.model.mistakes) <= NAME_TEXT_MAX:
            self._on_line()

    def _on_line(self) -> None:
        """The model's line as drawn, the view or a mark changed: the arrow placed again,
        at the host's next layout pass (a step's line, current and update events each
        placed it: 75 ms a placement with every border place blocked), or now."""
        if self._request is None:
            self.place()
            return
        self._dirty = True
        self._request()

    def flush(self) -> None:
        """Place the arrow now if an event asked for it since it was last placed (the
        host's layout pass, before the texts keep off it)."""
        if self._dirty:
            self.place()

    def place(self) -> None:
        """The arrow when the model's line is out of view (else none), now."""
        self._dirty = False
        self.hide()
        line = self.model.line
        if line is not None and self.model.margin_rect() is not None:
            if not self.model.line_in_view():
                self.point_to(*line)

    @property
    def arrow(self) -> pg.ArrowItem:
        """The arrow (made on first use)."""
        return self._made_items()[0]

    @property
    def label(self) -> pg.TextItem:
        """Its label (made on first use)."""
        return self._made_items()[1]

    def _make(self) -> tuple[_Items, Placed]:
        arrow = pg.ArrowItem(headLen=22, tailLen=24, tailWidth=6)
        label = pg.TextItem(anchor=(0.5, 1.2))
        return (arrow, label), [(arrow, 9), (label, 9)]

    def _style(self, items: _Items) -> None:
        """Sizes and colours from the theme, the label in the language."""
        arrow, label = items
        t = theme()
        arrow.setStyle(
            brush=t.color("ink"),
            pen=pg.mkPen(t.color("background"), width=1.5),
            headLen=30 * t.scale,
            headWidth=26 * t.scale,
            tailLen=36 * t.scale,
            tailWidth=10 * t.scale,
        )
        label.setColor(t.color("ink"))
        label.setFont(t.font(ANNOTATION_PT))
        label.fill = pg.mkBrush(t.fill())
        self.retranslate()

    def retranslate(self) -> None:
        """The label in the current language."""
        if self._items is not None:
            self._items[1].setText(translate("DataCanvas", "the line is this way"))

    def hide(self) -> None:
        """No arrow (the line is in view, or there is none)."""
        if self._items is not None:
            for item in self._items:
                item.setVisible(False)

    def point_to(self, w: FloatArray, b: float) -> None:
        """The line w·x + b = 0 is out of view: an arrow near the edge says where it is."""
        arrow = edge_arrow(w, b, self.model.view_range(), inset=0.12)
        if arrow is None:
            return
        (x, y), (dx, dy) = arrow
        x, y = self._spot(w, b, (x, y), (dx, dy))
        # ArrowItem's angle 0 points left and turns clockwise; on screen y points down.
        self.arrow.setStyle(angle=180.0 + math.degrees(math.atan2(-dy, dx)))
        self.arrow.setPos(x, y)
        # The label sits on the far side of the point from where the arrow points.
        self.label.setAnchor((-0.05, 0.5) if dx < 0 else (1.05, 0.5))
        self.label.setPos(x, y)
        self.arrow.setVisible(True)
        self.label.setVisible(True)

    def _spot(
        self, w: FloatArray, b: float, tip: tuple[float, float], unit: tuple[float, float]
    ) -> tuple[float, float]:
        """The arrow's tip (data units): at the corner or edge nearest the line, or, where
        its body would cover a point, the free place along the plot's border nearest the
        line (the arrow never hides the point it is drawn beside)."""
        points = self.model.points
        n = len(points)
        width, height = self.model.size_px()
        if n == 0 or n > EDGE_ARROW_MAX_POINTS or width < 50 or height < 50:
            return tip
        pts = self.model.to_px(points)
        t = theme()
        opts = self.arrow.opts
        length = float(opts["headLen"] + opts["tailLen"])
        room = 0.5 * float(opts["headWidth"]) + 4 * t.scale
        # Off every point's marker, and off the marks drawn round some (the selection's
        # diamond, the current point's square, the mistakes' rings, the updated point's
        # ring): the arrow's half width and the mark's radius apart, centre to axis.
        half = 0.5 * float(opts["headWidth"])
        clearance = np.full(n, max(t.marker + 8 * t.scale, half + 0.5 * t.marker + 2 * t.scale))
        for marked, across in self._marks():
            keep = half + 0.5 * across + 2 * t.scale
            marked = marked[(marked >= 0) & (marked < n)]
            clearance[marked] = np.maximum(clearance[marked], keep)
        along = np.array([unit[0], -unit[1]])  # screen y points down
        along /= max(float(np.hypot(*along)), 1e-300)
        norm = float(np.hypot(*w))

        def to_line(p: FloatArray) -> FloatArray:
            d = self.model.from_px(p)
            out: FloatArray = np.abs(w[0] * d[:, 0] + w[1] * d[:, 1] + b) / norm
            return out

        (tip_px,) = self.model.to_px([tip])
        px, py = frame.arrow_spot(
            pts,
            (float(tip_px[0]), float(tip_px[1])),
            (float(along[0]), float(along[1])),
            length,
            clearance,
            (room, width - room, room, height - room),
            to_line,
        )
        (spot,) = self.model.from_px([[px, py]])
        return float(spot[0]), float(spot[1])

    def _marks(self) -> list[tuple[NDArray[np.intp], float]]:
        """The points with a mark round them, and the mark's width in pixels (as the
        points' and the update's visuals draw them: MARKS_ACROSS markers across)."""
        m = self.model
        t = theme()
        marks: list[tuple[NDArray[np.intp], float]] = []
        if len(m.selection):
            marks.append((np.asarray(m.selection, dtype=np.intp), MARKS_ACROSS["selection"]))
        if m.current is not None:
            marks.append((np.array([m.current], dtype=np.intp), MARKS_ACROSS["current"]))
        self._ringed = 0 < len(m.mistakes) <= NAME_TEXT_MAX  # (beyond, thin rings, or a lit field)
        if self._ringed:
            marks.append((np.asarray(m.mistakes, dtype=np.intp), MARKS_ACROSS["mistake"]))
        if m.update is not None:
            marks.append((np.array([m.update.point], dtype=np.intp), MARKS_ACROSS["update"]))
        return [(idx, across * t.marker) for idx, across in marks]

    def keep_out_px(
        self, to_px: Callable[[float, float], tuple[float, float]]
    ) -> tuple[float, float, float, float] | None:
        """The shown arrow's box in the plot's pixels (x, y, width, height), where no
        text may go (it points past them); None when it is not shown."""
        if self._items is None or not self._items[0].isVisible():
            return None
        arrow = self._items[0]
        o = arrow.opts
        tip = np.array(to_px(arrow.pos().x(), arrow.pos().y()))
        angle = math.radians(float(o["angle"]))  # 0 points left, clockwise on screen
        tail = tip + (o["headLen"] + o["tailLen"]) * np.array([math.cos(angle), math.sin(angle)])
        half = float(o["headWidth"]) / 2
        x0, y0 = np.minimum(tip, tail) - half
        x1, y1 = np.maximum(tip, tail) + half
        return float(x0), float(y0), float(x1 - x0), float(y1 - y0)

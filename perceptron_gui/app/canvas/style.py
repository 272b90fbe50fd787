"""The items' style from the theme, and their texts in the language.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import (
    LEFT_AXIS_WIDTH,
)
from perceptron_gui.app.canvas.markers import (
    pen,
)
from perceptron_gui.app.canvas.parts import PartsCanvas
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.theme import ANNOTATION_PT, LABEL_PT, TICK_PT, theme

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class StyledCanvas(PartsCanvas):
    """The items' style from the theme, and their texts in the language."""

    #: The axes' names (horizontal, vertical); None: the plane's x₁ and x₂.
    _axis_names: tuple[str, str] | None = None

    def set_axis_names(self, names: tuple[str, str] | None) -> None:
        """Name the axes (a view of R^d names its directions); None: x₁ and x₂."""
        if names == self._axis_names:
            return
        self._axis_names = names
        self.apply_theme()

    def apply_theme(self) -> None:
        """Restyle every item from the theme (colours, widths, fonts, marker sizes)."""
        self._schedule_layout()
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        t = theme()
        p = t.palette
        ink = t.color("ink")
        self.setBackground(t.color("background"))
        plot = self.getPlotItem()
        plot.showGrid(x=True, y=True, alpha=p.grid_alpha)
        tick_font = t.font(TICK_PT)
        label_style = {"color": p.ink, "font-size": f"{t.pt(LABEL_PT)}pt"}
        names = self._axis_names or ("x₁", "x₂")
        for name, text in (("bottom", names[0]), ("left", names[1])):
            axis = plot.getAxis(name)
            axis.setPen(pg.mkPen(ink, width=1.5 * t.scale))
            axis.setTextPen(pg.mkPen(ink))
            axis.setTickFont(tick_font)
            axis.setLabel(text, **label_style)
            # No name up: one feature, every point at height 0, so no numbers either.
            axis.setStyle(showValues=bool(text) or name == "bottom")
        self._style_model_lines()
        texts: list[tuple[pg.TextItem, QtGui.QColor, float, bool]] = [
            (self._no_line, ink, LABEL_PT, True),
            (self._status, ink, LABEL_PT, True),
        ]
        self._style_texts(texts)
        self._rubber_band.setPen(pen(ink, 1.5 * t.scale, style_=Qt.PenStyle.DashLine))
        self._rubber_band.setBrush(t.tint("selection", 40))
        self.view_model.events.theme.emit()  # (the visuals restyle themselves)
        for part in sorted(self._parts):
            self._style_part(part)
        self.getPlotItem().getAxis("left").setWidth(int(LEFT_AXIS_WIDTH * t.scale))
        self._fit_axis_width()
        self._redraw(defer=True)  # a theme, scale or language change: drawn once, after

    def _style_texts(self, texts: list[tuple[pg.TextItem, QtGui.QColor, float, bool]]) -> None:
        t = theme()
        fill = pg.mkBrush(t.fill())
        for item, color, size, filled in texts:
            item.setColor(color)
            item.setFont(t.font(size, bold=self._made("verdict") and item is self._verdict))
            item.fill = fill if filled else pg.mkBrush(None)

    def _style_part(self, part: str) -> None:
        """Style a part made on first use (parts.py) from the theme, as `apply_theme` does
        (the visuals style themselves, see `visuals/visual.py`)."""
        t = theme()
        ink, muted = t.color("ink"), t.color("muted")
        if part == "info":
            self._style_texts([(self._info, ink, LABEL_PT, True)])
        elif part == "preview":
            for layer in self._preview.values():
                layer.set_size(t.marker + 4 * t.scale)
        elif part == "verdict":
            self._style_texts([(self._verdict, ink, LABEL_PT, True)])
        elif part == "legend":
            self.legend.setLabelTextSize(f"{t.pt(ANNOTATION_PT)}pt")
            self.legend.setLabelTextColor(ink)
            self.legend.setBrush(pg.mkBrush(t.fill()))
            self.legend.setPen(pg.mkPen(muted))
            self._style_model_lines()
            self._label_legend()

    def _style_model_lines(self) -> None:
        """The legend's samples: the answer drawn strong and the running line secondary,
        or the other way, as the model's drawing (visuals/boundary.py) draws them."""
        if not self._made("legend"):
            return
        t = theme()
        lw, ink = t.line(), t.color("ink")
        answer_pen, current_pen = self._boundary.pens()
        # A vote is drawn as its boundary f = 0 (the contour, in ink): its swatch too.
        vote = self._answer is not None and not self._answer.is_linear
        self._legend_answer.setPen(pen(ink, lw * 1.4) if vote else answer_pen)
        self._legend_current.setPen(current_pen)

    def _label_legend(self) -> None:
        self._schedule_layout()
        if not self._made("legend"):
            return
        t = theme()
        name = core_text(self._answer_label)  # "pocket", "average", "vote"
        for sample, label in (
            (self._legend_answer, translate("DataCanvas", "{name} (the answer)").format(name=name)),
            (self._legend_current, translate("DataCanvas", "current w")),
        ):
            # Relabel in place: the legend keeps (sample, label) pairs.
            for s, lab in self.legend.items:
                if s.item is sample:
                    lab.setText(label, size=f"{t.pt(ANNOTATION_PT)}pt", color=t.palette.ink)
        # The size its rows ask for now: pyqtgraph's legend only grows, so back at UI
        # scale 1 after 2 it kept scale 2's box (341 × 102 px round 201 × 70 px of text).
        self.legend.resize(self.legend.layout.preferredSize())

    def retranslate(self) -> None:
        """Every text on the canvas in the current language."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        self._label_legend()
        self.view_model.events.language.emit()  # (the visuals' fixed texts)
        if self._made("verdict") and self._verdict.isVisible() and self._current is not None:
            self._verdict.setText(self._verdict_for(self._current, self._verdict_kind))
        self._redraw(defer=True)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

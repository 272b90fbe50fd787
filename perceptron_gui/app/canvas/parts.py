"""The canvas's parts a plain start does not show, made on first use.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
Reading any item of such a part makes the part (`OnUse`, `CanvasBase._make_part`):
the normal's arrow, the arrow to a line out of view, a clicked point's text, the
Novikoff geometry, a dragged point's preview, the step's verdict, the update's
picture, passive-aggressive's margin band and the legend.
"""

from __future__ import annotations

from functools import partial

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.base import CanvasBase
from perceptron_gui.app.canvas.constants import unanchor
from perceptron_gui.app.canvas.items import OnUse
from perceptron_gui.app.canvas.markers import MarkerLayer, draw_circle, draw_cross, faded

translate = QCoreApplication.translate


class PartsCanvas(CanvasBase):
    """The canvas's parts a plain start does not show, made on first use."""

    # The parts made on first use (see `_make_part`), by the part's name.
    _info = OnUse[pg.TextItem]("info")
    _preview = OnUse[dict[int, MarkerLayer]]("preview")
    _verdict = OnUse[pg.TextItem]("verdict")
    legend = OnUse[pg.LegendItem]("legend")
    _legend_answer = OnUse[pg.PlotDataItem]("legend")
    _legend_current = OnUse[pg.PlotDataItem]("legend")

    # -- each part sets its items (as attributes) before it reads any of them

    def _make_normal(self) -> None:
        # The normal w of the running line (a visual: visuals/normal.py).
        self._normal.make()

    def _make_edge(self) -> None:
        # Where the line is when it is out of view (a visual: visuals/edge.py).
        self._edge.make()

    def _make_info(self) -> None:
        # Presentation: a clicked point's name, label and score, large (no tooltip there
        # reads across a room).
        self._info = pg.TextItem(anchor=(0, 0))
        self._add(self._info, 9)
        self._info.setVisible(False)

    def _make_geometry(self) -> None:
        # Novikoff's radius D and the best separator's γ band (a visual: visuals/novikoff.py).
        self._novikoff.make()

    def _make_preview(self) -> None:
        self._preview = {
            1: MarkerLayer([faded(draw_circle)], 18),
            -1: MarkerLayer([faded(draw_cross)], 18),
        }
        for layer in self._preview.values():
            layer.setVisible(False)
            self._add(layer, 7)

    def _make_verdict(self) -> None:
        self._verdict = pg.TextItem(anchor=(-0.15, -0.15))
        self._add(self._verdict, 9)
        self._verdict.setVisible(False)

    def _make_anatomy(self) -> None:
        # The update's picture (a visual: visuals/vectors.py).
        self._step_vectors.make()

    def _make_band(self) -> None:
        # The margin band (a visual: visuals/margin.py).
        self._margin.make()

    def _make_legend(self) -> None:
        # The legend samples its own items, which are never hidden (a hidden sample
        # draws as a "no entry" sign).
        self._legend_answer = pg.PlotDataItem()
        self._legend_current = pg.PlotDataItem()
        self.legend = pg.LegendItem(offset=(-10, 10))
        self.legend.setParentItem(self._vb)
        # A deleted canvas deletes its view box before the legend, whose anchor (pyqtgraph's)
        # then read the box's geometry: "CanvasViewBox already deleted". Unanchored while
        # both still exist (as `export.Figure.close` does).
        self.destroyed.connect(partial(unanchor, self.legend))
        # The labels are set in `_label_legend`.
        self.legend.addItem(self._legend_answer, " ")
        self.legend.addItem(self._legend_current, " ")
        self.legend.setVisible(False)

"""The model's drawing: the running line, the answer's line, or regions of sign f and f = 0.

A visual over the canvas's `ViewModel` (as `visuals/tints.py`), made at once (a plain start
shows a line). It draws at the model's events:

- `line` (once per computation of the model's drawing): the running line as drawn, over
  the rect the drawing covers; and the regions of sign f of the model that is not a line
  (the answer's, a vote, before the running model's, a kernel expansion), with their
  boundary f = 0, over the view grown by the cover margin (`ViewModel.cover_rect`);
- `answer` and `view`: the answer's line (the pocket, the average) clipped to the view and
  its margin; `answer` also restyles the two lines (the answer strong and the running line
  secondary when the answer comes first, or the reverse).

The regions are a large area: the host's gate (`area`) says when they change while a run
goes. A vote's terms are added a slice at a time (`regions.py`): while some are left, the
visual asks its host for another turn (`go_on`), where the host calls `go_on_drawing`.
Inside the host's layout pass the regions wait for its end (`hold`, `release`), so that
they are drawn once, for the view that pass leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.canvas.constants import COVER, REGION_GRID, VOTE_SLICE_S, line_of
from perceptron_gui.app.canvas.contour import zero_segments
from perceptron_gui.app.canvas.items import Line, Place, set_line
from perceptron_gui.app.canvas.markers import pen
from perceptron_gui.app.canvas.regions import GridSpec, RegionGrid
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Area, Placed, Visual, now
from perceptron_gui.app.theme import theme
from perceptron_gui.core.model import LinearModel, Model

Qt = QtCore.Qt


class _Items(NamedTuple):
    #: The regions of sign f, as an image over the covered rect.
    regions: pg.ImageItem
    #: Their boundary f = 0 (thousands of short segments on a wiggly kernel answer).
    contour: Line
    #: The running line.
    line: Line
    #: The answer's line (the pocket, the average).
    answer: Line


def _nothing() -> None:
    """A host that gives no later turn (a vote's regions are then drawn in full at once)."""


class ModelBoundary(Visual[_Items]):
    """The running line, the answer's line, or the regions of sign f with f = 0.

    Parameters
    ----------
    model
        What is shown: the line as drawn and the rect it covers, the running model, the
        answer and whether it comes first, the update's phase, the view.
    place
        Adds the items to the plot (in the host's stacking order), once, when made.
    area
        Shows a large area's new drawing now or at its turn (the canvas's gate while a run
        goes); by default, now.
    go_on
        Asks the host for a later turn while a vote's terms are left (the host then calls
        `go_on_drawing`); by default none.
    """

    def __init__(
        self,
        model: ViewModel,
        place: Place,
        area: Area = now,
        go_on: Callable[[], None] = _nothing,
    ) -> None:
        super().__init__(model, place)
        self._area = area
        self._go_on = go_on
        #: The regions' values, kept from frame to frame (only what changed is added).
        self.grid = RegionGrid()
        #: How long a turn adds a vote's terms (VOTE_SLICE_S; VOTE_RUN_SLICE_S in a run).
        self.vote_slice = VOTE_SLICE_S
        #: The model whose regions are drawn (None: none).
        self.regions_model: Model | None = None
        self._waiting = False
        self._pending: tuple[Model | None] | None = None
        #: What the pens were made for: (an answer shown, the answer first); see `_on_answer`.
        self._pens_for: tuple[bool, bool] | None = None
        model.events.line.connect(self.draw)
        model.events.answer.connect(self._on_answer)
        model.events.view.connect(self.draw_answer)
        self.make()

    def _make(self) -> tuple[_Items, Placed]:
        regions = pg.ImageItem(axisOrder="row-major")
        # While a run goes its image changes a few times a second (the canvas's gate) and
        # the contour at every frame: Qt keeps the regions' rendering (scaled to the view)
        # and blits it until the image or the view changes (the same pixels; ~0.5 ms of a
        # kernel frame's ~5 ms repaint at 1000×700). Exports draw without caches.
        regions.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # f = 0 is thousands of short segments on a wiggly kernel answer: drawn as one
        # drawLines call (a QPainterPath of that many subpaths with round caps took
        # 20-100 ms a frame to stroke, against ~5 ms; the same pixels).
        contour = Line(antialias=True, connect="finite")
        contour.setSegmentedLineMode("on")
        line, answer = Line(antialias=True), Line(antialias=True)
        items = _Items(regions, contour, line, answer)
        return items, [(regions, -31), (contour, 4), (line, 4), (answer, 4.5)]

    @property
    def items(self) -> _Items:
        """The regions, f = 0, the running line and the answer's line (made at once)."""
        return self._made_items()

    def pens(self) -> tuple[QtGui.QPen, QtGui.QPen]:
        """The answer's pen and the running line's: the answer strong and the running line
        secondary (dashed) when the answer comes first, else the reverse (the legend
        draws its samples with them)."""
        t = theme()
        lw = t.line()
        ink, pocket = t.color("ink"), t.color("pocket")
        if self.model.answer is not None and self.model.answer_first:
            return pen(pocket, lw * 1.4), pen(ink, max(1.0, lw * 0.5), style_=Qt.PenStyle.DashLine)
        return pen(pocket, lw * 1.2, style_=Qt.PenStyle.DashLine), pen(ink, lw)

    def _style(self, items: _Items) -> None:
        self._pens_for = (self.model.answer is not None, self.model.answer_first)
        contour_pen = pen(theme().color("ink"), theme().line())
        # Square caps: the contour is drawn as separate short segments, and Qt strokes a
        # round cap per segment end (~7 ms a frame for ~2000 segments, ~1.3 ms square).
        # Where two segments meet, the squares cover the joint as the round caps did.
        contour_pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        items.contour.setPen(contour_pen)
        answer_pen, line_pen = self.pens()
        items.answer.setPen(answer_pen)
        items.line.setPen(line_pen)

    def _on_answer(self) -> None:
        # The pens depend on the answer's presence and order only (and the theme, which
        # styles again): a run sets its answer at every frame, and new pens cost a repaint's
        # stroke setup and ~0.2 ms of the frame.
        if (self.model.answer is not None, self.model.answer_first) != self._pens_for:
            self.style()
        self.draw_answer()

    def draw(self) -> None:
        """The model's drawing at its computation: the running line as drawn, over the
        covered rect, and the regions of the model that is not a line (none: hidden)."""
        vm = self.model
        model = vm.model
        if vm.phase and vm.update is not None:  # slow motion: the old line first
            model = vm.update.before
        # Regions of sign f for a model that is not a line: the answer's (a vote) before
        # the running model's (a kernel expansion).
        a = vm.answer
        regions = a if a is not None and not a.is_linear else None
        if regions is None and model is not None and not model.is_linear:
            regions = model
        self.draw_regions(regions)
        items = self.items
        if vm.line is None or vm.cover is None:
            items.line.setVisible(False)
            return
        w, b = vm.line
        set_line(items.line, w, b, vm.cover)

    def draw_answer(self) -> None:
        """The answer's line clipped to the view and its margin (hidden when the answer is
        not a line, or misses the view)."""
        shown = False
        a = self.model.answer
        rect = self.model.margin_rect()
        if isinstance(a, LinearModel) and rect is not None:
            w, b = line_of(a)
            shown = set_line(self.items.answer, w, b, rect) is not None
        self.items.answer.setVisible(shown)

    @property
    def pending(self) -> bool:
        """Whether a vote's terms are left to add to the regions drawn."""
        return self.grid.pending and self.regions_model is not None

    def go_on_drawing(self) -> None:
        """Add more of a vote's terms to its regions (the host's later turn)."""
        if self.pending:
            self.draw_regions(self.regions_model)

    def hold(self) -> None:
        """Let the regions wait (the host's layout pass has begun): see `release`."""
        self._waiting = True

    def release(self) -> None:
        """The regions wait no more; the last ones asked for meanwhile are not yet drawn:
        `draw_waiting` draws them."""
        self._waiting = False

    def draw_waiting(self) -> None:
        """Draw the regions asked for while held (if any)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            self.draw_regions(pending[0])

    def draw_regions(self, model: Model | None) -> None:
        """A non-linear model: sign f as an image of the covered rect, and f = 0."""
        if self._waiting and model is not None:
            self._pending = (model,)  # drawn at the end of the layout pass
            return
        self._pending = None
        self.regions_model = model
        items = self.items
        cover = self.model.cover_rect(COVER) if model is not None else None
        if model is None or cover is None:
            self._area("regions", lambda: items.regions.setVisible(False))
            items.contour.setVisible(False)
            return
        x0, y0, w, h = cover[0], cover[2], cover[1] - cover[0], cover[3] - cover[2]
        grid = REGION_GRID  # (across the cover: as many cells as before, a little larger)
        # Square cells, at most REGION_GRID² of them: a view taller than wide has fewer
        # columns (a vote of 2000 lines over 240 × 960 cells, a compare pane at a small
        # scale, took 2 s of CPU a pass); and at most 4 REGION_GRID rows: a tall narrow
        # view asked for millions (GBs of image, which pyqtgraph downsampled for ever).
        aspect = min(abs(h) / max(w, 1e-300), 16.0 * grid)
        nx = grid if aspect <= 1.0 else max(2, int(round(grid / aspect**0.5)))
        ny = min(max(2, int(round(nx * aspect))), 4 * grid)
        # Only what changed since the last frame is added (regions.py); a vote's terms for
        # `vote_slice` a turn, the image the last vote done meanwhile (kept when none).
        f = self.grid.values(model, GridSpec(x0, y0, w, h, nx, ny), self.vote_slice)
        if self.grid.pending:
            self._go_on()
        if f is None:
            return
        t = theme()
        lut = np.array(
            [
                [c.red(), c.green(), c.blue(), c.alpha()]
                for c in (t.tint("positive"), t.tint("negative"))
            ],
            dtype=np.ubyte,
        ).view(np.uint32)[:, 0]
        # One gather of whole pixels (a (2, 4) lookup by rows is 10x slower).
        rgba = lut[(f < 0.0).view(np.uint8)].view(np.ubyte).reshape(ny, nx, 4)
        rect = QtCore.QRectF(x0, y0, w, h)
        self._area("regions", lambda: self._show_regions(rgba, rect))
        # The boundary f = 0 is the model's line: it follows every frame (a thin line).
        gxv, gyv = zero_segments(f)  # numpy marching squares (pyqtgraph's isocurve: ~0.1 s)
        items.contour.setVisible(gxv.shape[0] > 0)
        if gxv.shape[0]:
            items.contour.set_segment(x0 + (gxv + 0.5) * (w / nx), y0 + (gyv + 0.5) * (h / ny))

    def _show_regions(self, rgba: NDArray[np.ubyte], rect: QtCore.QRectF) -> None:
        regions = self.items.regions
        regions.setImage(rgba, autoLevels=False, autoDownsample=False)
        regions.setRect(rect)
        regions.setVisible(True)

"""The model's boundary: a line, its tints and normal, or regions; the answer.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import (
    COVER,
    COVER_ZOOM,
    REGION_GRID,
    VOTE_SLICE_S,
    line_of,
)
from perceptron_gui.app.canvas.items import Line, set_line
from perceptron_gui.app.canvas.regions import GridSpec, zero_segments
from perceptron_gui.app.canvas.view import ViewCanvas
from perceptron_gui.app.theme import theme
from perceptron_gui.core import geometry
from perceptron_gui.core.model import LinearModel, Model

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class BoundaryCanvas(ViewCanvas):
    """The model's boundary: a line, its tints and normal, or regions; the answer."""

    def set_model(self, model: Model | None, *, follow: bool = True) -> None:
        """Show the running model: a line with its half-planes and w, or regions of sign f.

        None hides it. With :attr:`follow_line` on (and `follow`), the view changes to keep
        the line in it; a fast run passes False and follows once at its end.
        """
        self.view_model.set_model(model)
        if follow:
            self._follow()
        self._update_model()

    def model(self) -> Model | None:
        """The running model last given."""
        return self._model

    def set_answer(self, model: Model | None, label: str = "pocket") -> None:
        """Show the algorithm's answer when it is not the running model.

        A line (the pocket, the average) is drawn beside the running line; any other
        model (the vote) as its regions and boundary f = 0. None hides it and the legend.
        """
        changed = model is not self._answer
        self._answer = model
        if label and label != self._answer_label:
            self._answer_label = label
            self._label_legend()
        self._style_model_lines()
        self._update_answer()
        if changed and model is not None and (not model.is_linear or self._answer_first):
            self._update_model()

    def set_answer_first(self, on: bool) -> None:
        """Draw the answer strong and the running line secondary (True), or the reverse."""
        self._answer_first = bool(on)
        self._style_model_lines()
        self._update_model()

    def set_running(self, on: bool) -> None:
        """While a run goes (True), the large areas (the regions of sign f, the half-planes'
        tints, a field of halos: visuals/points.py) change at most once per :attr:`area_gap`
        seconds: the newest drawing waits for its turn, while the line, the boundary f = 0,
        the points and the texts follow every frame (WCAG 2.3.1: no more than three flashes
        in any second). False (the run stopped or paused) shows the newest drawing at once."""
        self._areas_held = bool(on)
        if not on:
            self._show_areas()

    def _area(self, key: str, show: Callable[[], None]) -> None:
        """Show a large area's new drawing (`show`) now, or while a run goes at its turn
        (the newest one per `key` waits)."""
        if not self._areas_held:
            self._areas_waiting.pop(key, None)
            show()
            self._areas_at = time.perf_counter()
            return
        # (At its turn, never in the drawing's own call: the tints and the regions of one
        # drawing, or of one layout pass, change together.)
        self._areas_waiting[key] = show
        if not self._area_timer.isActive():
            left = self._areas_at + self.area_gap - time.perf_counter()
            self._area_timer.start(math.ceil(left * 1000) if left > 0 else 0)  # (-inf: never)

    def _show_areas(self) -> None:
        """Show the large areas' drawings that wait."""
        self._area_timer.stop()
        waiting, self._areas_waiting = self._areas_waiting, {}
        for show in waiting.values():
            show()
        if waiting:
            self._areas_at = time.perf_counter()

    def _margin_rect(self) -> tuple[float, float, float, float] | None:
        """The view, overshot by `view_margin` per side (see `ViewModel.margin_rect`)."""
        return self.view_model.margin_rect()

    def _set_line(
        self, item: Line, a: FloatArray, c: float, rect: tuple[float, float, float, float]
    ) -> FloatArray | None:
        return set_line(item, a, c, rect)

    def _cover_rect(self) -> tuple[float, float, float, float] | None:
        """What the model's drawing covers: the view grown by COVER per side, so that a
        relayout's small moves of the view (a language's wider panels, a dock) need no new
        drawing; a figure (`view_margin` 0) covers its view exactly."""
        margin = self.view_margin
        if margin > 0:
            margin = max(margin, COVER)
        x0, x1, y0, y1 = self.view_range()
        mx, my = (x1 - x0) * margin, (y1 - y0) * margin
        try:
            return geometry.check_rect((x0 - mx, x1 + mx, y0 - my, y1 + my))
        except ValueError:
            return None

    def _cover_holds(self) -> bool:
        """Whether the model's drawing still covers the view at about its scale."""
        cover = self._cover
        if cover is None or self._model_dirty:
            return False
        x0, x1, y0, y1 = self.view_range()
        c0, c1, d0, d1, width = cover
        ratio = (x1 - x0) / width if width > 0 else 0.0
        inside = c0 <= x0 and x1 <= c1 and d0 <= y0 and y1 <= d1
        return inside and 1 / COVER_ZOOM <= ratio <= COVER_ZOOM

    def _compute_model(self) -> None:
        """The model's drawing: its line and tints, or its regions, over the cover rect
        (the work that `batch` coalesces; `model_computations` counts it), then what of
        it sits in the view."""
        self._model_dirty = False
        self.model_computations += 1
        tints, cover = self._draw_model()
        # (The tints, the normal and the arrow to a line out of view draw it: visuals/.)
        self.view_model.set_line(self._drawn_line, tints=tints, cover=cover)
        self._draw_model_view()

    def _draw_model(
        self,
    ) -> tuple[tuple[FloatArray, float] | None, tuple[float, float, float, float] | None]:
        """`_compute_model`'s drawing over the cover rect; the line whose half-planes are
        tinted (None: no tints) and that rect, for the tints' visual."""
        x0, x1, y0, y1 = self.view_range()
        cover = self._cover_rect()
        self._cover = None if cover is None else (*cover, x1 - x0)
        self._drawn_line = None
        model = self._model
        if self._phase and self._anatomy is not None:  # slow motion: the old line first
            model = self._anatomy[0]
        # Regions of sign f for a model that is not a line: the answer's (a vote) before
        # the running model's (a kernel expansion).
        a = self._answer
        regions = a if a is not None and not a.is_linear else None
        if regions is None and model is not None and not model.is_linear:
            regions = model
        self._update_regions(regions)
        if model is None or not isinstance(model, LinearModel) or cover is None:
            self.model_line.setVisible(False)
            return None, cover
        w, b = line_of(model)
        rect = cover
        self._drawn_line = (w, b)
        # The tints are the answer's half-planes when it comes first (the pocket, the
        # average), else the running line's.
        tw, tb = w, b
        if self._answer_first and isinstance(a, LinearModel) and not self._phase:
            tw, tb = line_of(a)
        self._set_line(self.model_line, w, b, rect)
        # (Regions drawn instead of the tints: none.)
        return ((tw, tb) if regions is None else None), cover

    def _draw_model_view(self) -> None:
        """What of the model's drawing depends on the view itself (cheap, not counted): the
        "no line" banner. (The normal's arrow in the view and the arrow to a line out of
        view are visuals that draw the model's line at its line and view events.)"""
        self._no_line.setVisible(False)
        if self._drawn_line is None:
            return
        w, b = self._drawn_line
        if not w.any() and len(self._points):
            sign = "+1" if b >= 0 else "−1"
            self._no_line.setText(
                translate("DataCanvas", "w = 0: no line; every point is predicted {sign} (b = {b})")
                .format(sign=sign, b=f"{b:g}".replace("-", "−"))
                .replace(" = ", "\u00a0=\u00a0")  # wrapped between terms, not inside one
            )
            vr = self._vb.viewRect()
            self._no_line.setPos(vr.center().x(), vr.bottom() - 0.1 * vr.height())  # near the top
            self._no_line.setVisible(True)

    def _update_regions(self, model: Model | None) -> None:
        """A non-linear model: sign f as an image of the visible range, and f = 0."""
        if self._regions_wait and model is not None:
            self._regions_pending = (model,)  # drawn at the end of the layout pass
            return
        self._regions_pending = None
        self._regions_model = model
        cover = self._cover_rect() if model is not None else None
        if model is None or cover is None:
            self._area("regions", lambda: self._regions.setVisible(False))
            self._contour.setVisible(False)
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
        # VOTE_SLICE_S a turn, the image the last vote done meanwhile (kept when none).
        f = self._region_grid.values(model, GridSpec(x0, y0, w, h, nx, ny), VOTE_SLICE_S)
        if self._region_grid.pending:
            self._go_on_voting()
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
        self._area("regions", lambda: self._show_regions(rgba, QtCore.QRectF(x0, y0, w, h)))
        # The boundary f = 0 is the model's line: it follows every frame (a thin line).
        gxv, gyv = zero_segments(f)  # numpy marching squares (pyqtgraph's isocurve: ~0.1 s)
        self._contour.setVisible(gxv.shape[0] > 0)
        if gxv.shape[0]:
            self._contour.set_segment(x0 + (gxv + 0.5) * (w / nx), y0 + (gyv + 0.5) * (h / ny))

    def _show_regions(self, rgba: NDArray[np.ubyte], rect: QtCore.QRectF) -> None:
        self._regions.setImage(rgba, autoLevels=False, autoDownsample=False)
        self._regions.setRect(rect)
        self._regions.setVisible(True)

    def _update_answer(self) -> None:
        self._schedule_layout()
        shown = False
        a = self._answer
        rect = self._margin_rect()
        if isinstance(a, LinearModel) and rect is not None:
            w, b = line_of(a)
            shown = self._set_line(self.pocket_line, w, b, rect) is not None
        self.pocket_line.setVisible(shown)
        if a is not None or self._made("legend"):
            self.legend.setVisible(a is not None)

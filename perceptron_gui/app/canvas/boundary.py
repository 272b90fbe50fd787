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
    VOTE_RUN_SLICE_S,
    VOTE_SLICE_S,
    line_of,
)
from perceptron_gui.app.canvas.view import ViewCanvas
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
        if label and label != self._answer_label:
            self._answer_label = label
            self._label_legend()
        self.view_model.set_answer(model)  # (its visual restyles the lines and draws it)
        self._style_model_lines()
        self._update_answer()
        if changed and model is not None and (not model.is_linear or self._answer_first):
            self._update_model()

    def set_answer_first(self, on: bool) -> None:
        """Draw the answer strong and the running line secondary (True), or the reverse."""
        self.view_model.set_answer_first(bool(on))
        self._style_model_lines()
        self._update_model()

    def set_running(self, on: bool) -> None:
        """While a run goes (True), the large areas (the regions of sign f, the half-planes'
        tints, a field of halos: visuals/points.py) change at most once per :attr:`area_gap`
        seconds: the newest drawing waits for its turn, while the line, the boundary f = 0,
        the points and the texts follow every frame (WCAG 2.3.1: no more than three flashes
        in any second). False (the run stopped or paused) shows the newest drawing at once.

        A vote's terms are added for VOTE_RUN_SLICE_S a frame while it runs (its regions and
        its mistakes show a vote of earlier in the run), VOTE_SLICE_S a turn after."""
        self._areas_held = bool(on)
        self._vote_slice = VOTE_RUN_SLICE_S if on else VOTE_SLICE_S
        self._boundary.vote_slice = self._vote_slice
        if not on and (self._boundary.pending or self._answer_job is not None):
            self._vote_timer.start(0)  # the terms left, in turns of their own again
        if not on:
            self._show_areas()

    def _area(self, key: str, show: Callable[[], None], *, at_once: bool = False) -> None:
        """Show a large area's new drawing (`show`) now, or while a run goes at its turn
        (the newest one per `key` waits); `at_once`: now even then (see `visuals.Area`)."""
        if at_once or not self._areas_held:
            self._areas_waiting.pop(key, None)  # (shown: its turn would show it again)
            show()
            self._areas_at = time.perf_counter()
            if not self._areas_waiting:
                self._area_timer.stop()
            elif self._area_timer.isActive():  # (held) the others wait a whole gap from this
                self._area_timer.start(math.ceil(self.area_gap * 1000))
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

    def _cover_rect(self) -> tuple[float, float, float, float] | None:
        """What the model's drawing covers: the view grown by COVER per side (see
        `ViewModel.cover_rect`)."""
        return self.view_model.cover_rect(COVER)

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
        # (The line, the regions, the tints, the normal and the arrow to a line out of
        # view draw it: visuals/.)
        self.view_model.set_line(self._drawn_line, tints=tints, cover=cover)
        self._draw_model_view()

    def _draw_model(
        self,
    ) -> tuple[tuple[FloatArray, float] | None, tuple[float, float, float, float] | None]:
        """`_compute_model`'s line (`_drawn_line`) and the cover rect; the line whose
        half-planes are tinted (None: no tints, as while regions are drawn), for the
        tints' visual. (The model's drawing, `visuals/boundary.py`, draws the line and
        the regions at the line event.)"""
        x0, x1, y0, y1 = self.view_range()
        cover = self._cover_rect()
        self._cover = None if cover is None else (*cover, x1 - x0)
        self._drawn_line = None
        model = self._model
        if self._phase and self._anatomy is not None:  # slow motion: the old line first
            model = self._anatomy[0]
        a = self._answer
        regions = (a is not None and not a.is_linear) or (model is not None and not model.is_linear)
        if model is None or not isinstance(model, LinearModel) or cover is None:
            return None, cover
        w, b = line_of(model)
        self._drawn_line = (w, b)
        # The tints are the answer's half-planes when it comes first (the pocket, the
        # average), else the running line's.
        tw, tb = w, b
        if self._answer_first and isinstance(a, LinearModel) and not self._phase:
            tw, tb = line_of(a)
        # (Regions drawn instead of the tints: none.)
        return ((tw, tb) if not regions else None), cover

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

    def _update_answer(self) -> None:
        """The legend with the answer (its line is drawn by its visual)."""
        self._schedule_layout()
        a = self._answer
        if a is not None or self._made("legend"):
            self.legend.setVisible(a is not None)

"""The points and their marks: markers, mistakes, the current point, names, α.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from numpy.typing import ArrayLike, NDArray
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.band import BandCanvas
from perceptron_gui.app.canvas.constants import (
    ALPHA_TEXT_MAX,
    HIGHLIGHT_MAX,
    MIN_MARKER_SHRINK,
    NAME_TEXT_MAX,
    RING_MAX,
    SHRINK_MIN_POINTS,
    VOTE_SLICE_S,
)
from perceptron_gui.app.canvas.density import DENSITY_MIN_POINTS
from perceptron_gui.app.theme import ANNOTATION_PT, theme
from perceptron_gui.core.model import Model, VoteModel, mistakes

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class PointsCanvas(BandCanvas):
    """The points and their marks: markers, mistakes, the current point, names, α."""

    def _crowd_shrink(self) -> float:
        """How much the markers shrink for a crowd: 1 while the points are about a marker
        and a half apart on the plot or more, down to MIN_MARKER_SHRINK (10⁵ points)."""
        n = len(self._points)
        if n < SHRINK_MIN_POINTS:
            return 1.0
        t = theme()
        full = t.marker + 4 * t.scale
        cached = self.__dict__.get("_crowd_box")
        if cached is None or cached[0] is not self._points:  # once per point set
            cached = (self._points, frame.bounds(self._points))
            self._crowd_box = cached
        box = cached[1]
        x0, x1, y0, y1 = self.view_range()
        w, h = float(self._vb.width()), float(self._vb.height())
        if box is None or w < 50 or h < 50 or not (x1 > x0 and y1 > y0):
            return 1.0
        lo, hi = box
        # The data's box in pixels (at least a tenth of the plot each way: a line of points).
        bw = max(float(hi[0] - lo[0]) / (x1 - x0) * w, 0.1 * w)
        bh = max(float(hi[1] - lo[1]) / (y1 - y0) * h, 0.1 * h)
        spacing = math.sqrt(bw * bh / n)
        return min(1.0, max(MIN_MARKER_SHRINK, 1.6 * spacing / full))

    def _size_markers(self) -> None:
        """The markers' and marks' sizes from the theme, shrunk for a crowd of points (both
        classes and the mistakes stay visible: the mistakes' rings go on top)."""
        shrink = self._crowd_shrink()
        if abs(shrink - self.__dict__.get("_marker_shrink", 0.0)) < 0.05:
            return
        self._marker_shrink = shrink
        t = theme()
        m = t.marker * shrink
        self._marker_layer.set_size(m + 4 * t.scale * shrink)
        for layer in self._preview.values() if self._made("preview") else ():
            layer.set_size(t.marker + 4 * t.scale)
        for layer, px in (
            (self._halo_layer, 32),
            (self._ring_layer, 32),
            (self._thin_ring_layer, 21),
            (self._selection_layer, 34),
            (self._current_layer, 36),
            (self._alpha_layer, 44),
        ):
            layer.set_size(px * (m if layer is not self._current_layer else t.marker) / 14.0)
        # In a crowd the mistakes' thin rings are drawn over the markers, not under them.
        self._mistake_layer.set_size(m + 4 * t.scale * shrink)
        self._mistake_layer.setVisible(shrink < 1.0)

    def set_points(self, points: ArrayLike, labels: ArrayLike, *, reframe: bool = False) -> None:
        """Show a new set of points.

        Parameters
        ----------
        points : array_like, shape (n, 2)
            Coordinates.
        labels : array_like, shape (n,)
            Classes, +1 or −1.
        reframe : bool, optional
            Fit the view to the points (for a new data set; not for single edits).

        Notes
        -----
        If the number of points changed, the highlighted, current, selected and α
        states are dropped (their indices no longer mean the same points); the
        controller sends them again.
        """
        pts = np.array(points, dtype=np.float64).reshape(-1, 2)
        lab = np.asarray(labels).reshape(-1)
        if len(lab) != len(pts):
            raise ValueError(f"{len(pts)} points but {len(lab)} labels")
        resized = len(pts) != len(self._points)
        # (A new count or data set drops the update: its point may be another point now.)
        self.view_model.set_points(
            pts, np.where(lab > 0, 1, -1).astype(np.int8), new=resized or reframe
        )
        dense = len(pts) >= DENSITY_MIN_POINTS
        if dense:
            self._marker_layer.set_positions(np.empty((0, 2)))
            # An edit keeps the old image until the recount (no blank frame); a new data
            # set shows nothing of the old one.
            self._density.set_points(pts, self._labels, keep_old=not reframe)
        else:
            self._marker_layer.set_positions(pts, kinds=(self._labels < 0).astype(np.int8))
            if self._density.isVisible():
                self._density.set_points(np.empty((0, 2)), self._labels[:0])
        self._density.setVisible(dense)
        # The mistakes' rings over a crowd: their indices are into these points, dense or
        # not (stale positions under a new subset were read past their end: a crash).
        self._mistake_layer.set_positions(pts, kinds=(self._labels < 0).astype(np.int8))
        self._halo_layer.set_positions(pts)
        self._ring_layer.set_positions(pts)
        self._thin_ring_layer.set_positions(pts)
        self._selection_layer.set_positions(pts)
        if self._info_index is not None:  # the point moved or is gone
            self.show_point_info(None)
        if resized or reframe:
            self._misclassified = np.empty(0, dtype=np.intp)
            self._current = None
            self._alpha = None
            if len(self._selection):
                self._selection = np.empty(0, dtype=np.intp)
                self.selection_changed.emit([])
        self._set_mistake_marks(self._misclassified)
        self._selection_layer.set_subset(self._selection)
        self.set_current(self._current)
        self.set_alpha(self._alpha)
        self._update_names()
        if reframe:
            self.fit_view()
        self._size_markers()

    def points(self) -> FloatArray:
        """Return the points last set (read-only view)."""
        view = self._points.view()
        view.flags.writeable = False
        return view

    def _verdict_for(self, index: int, verdict: str | None) -> str:
        name = fmt.point_name(index)
        if verdict == "mistake":
            return translate("DataCanvas", "{name}: mistake → update").format(name=name)
        return translate("DataCanvas", "{name}: correct ✓").format(name=name)

    def answer_mistakes(self, answer: Model, points: ArrayLike, labels: ArrayLike) -> IntArray:
        """`core.model.mistakes` of `answer` on the data: the same indices, a vote's
        scores kept from frame to frame (regions.py; scoring 2000 points against 1000
        vectors each frame was most of a voted run's frame). A vote whose terms take
        longer than VOTE_SLICE_S gives the marks shown now (or an earlier vote's), and
        sets the marks itself once its terms are all in."""
        if not isinstance(answer, VoteModel):
            self._answer_job = None
            return mistakes(answer, points, labels)
        y = np.asarray(labels, dtype=np.float64).reshape(-1)
        f = self._answer_scores.at(answer, points, VOTE_SLICE_S)
        shown = self._misclassified if f is None else np.flatnonzero(y * f <= 0.0)
        if self._answer_scores.pending:
            pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
            self._answer_job = (answer, pts, y, shown)
            self._go_on_voting()
        else:
            self._answer_job = None
        return shown

    def _on_vote_timer_timeout(self) -> None:
        """Go on adding a vote's terms where the last turn stopped: the regions, then the
        answer's mistakes (while it is still the answer whose mistakes are shown)."""
        self._vote_timer_running = True
        try:
            if self._region_grid.pending and self._regions_model is not None:
                self._update_regions(self._regions_model)
            job = self._answer_job
            if job is not None and job[0] is self._answer:
                self.set_misclassified(self.answer_mistakes(job[0], job[1], job[2]))
            else:
                self._answer_job = None
        finally:
            self._vote_timer_running = False

    def set_misclassified(self, indices: ArrayLike) -> None:
        """Highlight exactly the points ``indices`` (cheap to call every frame at 10^5)."""
        job = self._answer_job
        if job is not None and indices is not job[3]:
            self._answer_job = None  # other marks asked for: the vote's wait no more
        idx = np.asarray(indices, dtype=np.intp).reshape(-1)
        self._misclassified = idx
        self._set_mistake_marks(idx)

    def _set_mistake_marks(self, idx: IntArray) -> None:
        """Halos and rings on these points: thick rings for a few, thin ones for many."""
        shown = idx[:: -(-len(idx) // HIGHLIGHT_MAX)] if len(idx) > HIGHLIGHT_MAX else idx
        self._halo_layer.set_subset(shown)
        few = len(shown) <= RING_MAX
        self._ring_layer.set_subset(shown if few else shown[:0])
        self._thin_ring_layer.set_subset(shown[:0] if few else shown)
        self._mistake_layer.set_subset(shown)

    def set_current(self, index: int | None, verdict: str | None = None) -> None:
        """Mark the point of the last step or visit (None: no mark).

        `verdict` ("mistake" or "correct") is written next to the point for
        :attr:`verdict_ms` milliseconds; None takes down the one written before (it told
        of a step that is over).
        """
        self._schedule_layout()
        if index is not None and not 0 <= index < len(self._points):
            index = None
        self._current = None if index is None else int(index)
        if self._current is None:
            self._current_layer.set_positions(np.empty((0, 2)))
            if self._made("verdict"):
                self._verdict.setVisible(False)
            return
        at = self._points[self._current : self._current + 1]
        self._current_layer.set_positions(at)
        if verdict is not None:
            self._verdict_kind = verdict
            self._verdict.setText(self._verdict_for(self._current, verdict))
            self._place_beside(self._verdict, float(at[0, 0]), float(at[0, 1]), 0.15, 0.3)
            self._verdict.setVisible(True)
            self._verdict_timer.start(max(0, self.verdict_ms))
        else:
            self._verdict_timer.stop()
            if self._made("verdict"):
                self._verdict.setVisible(False)

    def set_alpha(self, alpha: ArrayLike | None) -> None:
        """Show the dual coefficients α of the points (None hides them).

        Up to `ALPHA_TEXT_MAX` points, a label "α₃ = 2" is written next to each point
        with α > 0; beyond, a disc sized by α is drawn behind those points.
        """
        self._schedule_layout()
        a = None if alpha is None else np.asarray(alpha, dtype=np.float64).reshape(-1)
        if a is not None and len(a) != len(self._points):
            raise ValueError(f"{len(a)} α values for {len(self._points)} points")
        self._alpha = a
        used = 0
        if a is None or len(a) > ALPHA_TEXT_MAX:
            self._alpha_layer.setVisible(a is not None)
            if a is not None:
                nz = np.flatnonzero(a > 0)
                scale = (0.3 + 0.7 * np.sqrt(a[nz] / a[nz].max())) if len(nz) else None
                self._alpha_layer.set_positions(self._points[nz], scale)
        else:
            self._alpha_layer.setVisible(False)
            t = theme()
            for i in np.flatnonzero(a > 0):
                if used == len(self._alpha_texts):
                    item = pg.TextItem(anchor=(-0.4, 1.2), color=t.color("ink"))
                    item.setFont(t.font(ANNOTATION_PT))
                    item.fill = pg.mkBrush(t.fill())
                    # Under the markers, so a label never hides a neighbouring point.
                    self._add(item, -1)
                    self._alpha_texts.append(item)
                item = self._alpha_texts[used]
                self._alpha_points[used : used + 1] = [int(i)]
                name = fmt.point_sub(int(i)).replace("x", "α", 1)
                item.setText(f"{name} = {fmt.fmt(float(a[i]))}")
                item.setPos(*self._points[i])
                item.setVisible(True)
                used += 1
        for item in self._alpha_texts[used:]:
            item.setVisible(False)

    def _update_names(self) -> None:
        self._schedule_layout()
        n = len(self._points)
        shown = n if n <= NAME_TEXT_MAX else 0
        t = theme()
        while len(self._name_texts) < shown:
            item = pg.TextItem(anchor=(1.15, 1.05), color=t.color("muted"))
            item.setFont(t.font(ANNOTATION_PT - 1))
            self._add(item, -1)
            self._name_texts.append(item)
        for i, item in enumerate(self._name_texts):
            if i < shown:
                item.setText(fmt.point_name(i))
                item.setPos(*self._points[i])
            item.setVisible(i < shown)

    def _on_verdict_timer_timeout(self) -> None:
        if self._made("verdict"):
            self._verdict.setVisible(False)

"""The points and their marks as the canvas is told them; their names and α's texts.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below. The
markers and marks are drawn by the points' visual (visuals/points.py) from the view
model; this part sets the model, and writes the texts beside the points.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.band import BandCanvas
from perceptron_gui.core.model import Model, VoteModel, mistakes

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class PointsCanvas(BandCanvas):
    """The points and their marks as the canvas is told them; their names and α's texts."""

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
        if (
            isinstance(points, np.ndarray)
            and points.dtype == np.float64
            and not points.flags.writeable
        ):
            # A data set's points (read-only): shared, not copied (16 MB at 10⁶ points).
            pts = points.reshape(-1, 2)
        else:
            pts = np.array(points, dtype=np.float64).reshape(-1, 2)
        lab = np.asarray(labels).reshape(-1)
        if len(lab) != len(pts):
            raise ValueError(f"{len(pts)} points but {len(lab)} labels")
        resized = len(pts) != len(self._points)
        had_selection = len(self._selection) > 0
        # (A new count or data set drops the update and the marks: their indices may be
        # other points now. The points' visual draws them: visuals/points.py.)
        self.view_model.set_points(
            pts,
            np.where(lab > 0, np.int8(1), np.int8(-1)),
            new=resized or reframe,
            data_set=reframe,
        )
        if self._info_index is not None:  # the point moved or is gone
            self.show_point_info(None)
        if (resized or reframe) and had_selection:
            self.selection_changed.emit([])
        self.set_current(self._current)
        self.set_alpha(self._alpha)
        if reframe:
            self.fit_view()
        self._marks.size()

    def points(self) -> FloatArray:
        """Return the points last set (read-only view)."""
        view = self._points.view()
        view.flags.writeable = False
        return view

    def _verdict_for(self, index: int, verdict: str | None) -> str:
        name = fmt.point_name(index)
        if verdict == "mistake":
            return translate("DataCanvas", "{name}: mistake → update").format(name=name)
        if verdict == "inside":
            return translate("DataCanvas", "{name}: inside the margin → update").format(name=name)
        return translate("DataCanvas", "{name}: correct ✓").format(name=name)

    def answer_mistakes(self, answer: Model, points: ArrayLike, labels: ArrayLike) -> IntArray:
        """`core.model.mistakes` of `answer` on the data: the same indices, a vote's
        scores kept from frame to frame (regions.py; scoring 2000 points against 1000
        vectors each frame was most of a voted run's frame). A vote whose terms take
        longer than its slice (VOTE_SLICE_S; VOTE_RUN_SLICE_S in a run) gives the marks
        shown now (or an earlier vote's), and sets the marks itself once its terms are all
        in."""
        if not isinstance(answer, VoteModel):
            self._answer_job = None
            return mistakes(answer, points, labels)
        y = np.asarray(labels, dtype=np.float64).reshape(-1)
        f = self._answer_scores.at(answer, points, self._vote_slice)
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
            self._boundary.go_on_drawing()
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
        self.view_model.set_mistakes(np.asarray(indices, dtype=np.intp).reshape(-1))

    def set_current(self, index: int | None, verdict: str | None = None) -> None:
        """Mark the point of the last step or visit (None: no mark).

        `verdict` ("mistake", "inside" or "correct") is written next to the point for
        :attr:`verdict_ms` milliseconds; None takes down the one written before (it told
        of a step that is over).
        """
        self._schedule_layout()
        if index is not None and not 0 <= index < len(self._points):
            index = None
        self.view_model.set_current(None if index is None else int(index))
        if self._current is None:
            if self._made("verdict"):
                self._verdict.setVisible(False)
            return
        at = self._points[self._current : self._current + 1]
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
        with α > 0; beyond, a disc sized by α is drawn behind those points (by the points'
        visual, visuals/points.py).
        """
        self._schedule_layout()
        a = None if alpha is None else np.asarray(alpha, dtype=np.float64).reshape(-1)
        if a is not None and len(a) != len(self._points):
            raise ValueError(f"{len(a)} α values for {len(self._points)} points")
        # (The α texts, up to ALPHA_TEXT_MAX points: visuals/labels.py.)
        self.view_model.set_alpha(a)

    def _on_verdict_timer_timeout(self) -> None:
        if self._made("verdict"):
            self._verdict.setVisible(False)

"""The last update: when its phases play and when its picture fades; the status line.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below. The
picture itself (old w + step = new w) is a visual, `visuals/vectors.py`, which draws the
view model's update.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import FADED, PHASES
from perceptron_gui.app.canvas.items import Line
from perceptron_gui.app.canvas.markers import MarkerLayer
from perceptron_gui.app.canvas.points import PointsCanvas
from perceptron_gui.app.canvas.view_model import Update
from perceptron_gui.app.canvas.visuals.vectors import phase_text
from perceptron_gui.core.model import LinearModel

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class UpdateCanvas(PointsCanvas):
    """The last update: when its phases play and when its picture fades; the status line."""

    def set_update(
        self,
        before: LinearModel | None,
        after: LinearModel | None,
        index: int,
        bias: bool,
        *,
        phase: str | None = None,
    ) -> None:
        """Draw the last update as geometry (None hides it): old w + ηyx = new w from the
        origin, the old line ghosted and point `index` ringed. With the bias on the
        vectors are the w part of ŵ = (w, b); the label gives b's change and says so.

        `phase` None plays predict → reveal → correct in slow motion (when
        :attr:`animation_ms` is above 0); "predict" or "reveal" shows that phase and stays
        (the lecturer steps through them); "correct" shows the end at once."""
        self._phase_timer.stop()
        if before is None or after is None or not 0 <= index < len(self._points):
            self.view_model.set_update(None)
            return
        shown = ""
        if phase in PHASES[:2]:
            shown = str(phase)
        elif phase is None and self.animation_ms > 0:  # slow motion: predict, reveal, correct
            shown = "predict"
            self._phase_timer.start(self.animation_ms // 3)
        # The picture draws itself (visuals/vectors.py); in a phase the old line is drawn.
        self.view_model.set_update(Update(before, after, index, bias), shown)
        if shown:
            self._update_model()

    def phase_text(self, phase: str, index: int, f: float, y: int) -> str:
        """What the predict or reveal phase says of point `index` (score f = w·x + b before
        the update, label y): the score and what it means, 0 ≤ 0 counting as a mistake."""
        return phase_text(phase, index, f, y)

    def finish_animation(self) -> None:
        """Jump to the end of the update's slow motion (the state is there already)."""
        if self._phase:
            self._phase_timer.stop()
            self.view_model.set_phase("")
            self._update_model()

    def _on_phase_timer_timeout(self) -> None:
        if self._phase == "predict":
            self._phase_timer.start(self.animation_ms // 3)
            self.view_model.set_phase("reveal")
        else:
            self.finish_animation()

    def set_status(self, text: str | None, *, fade_after_ms: int | None = None) -> None:
        """A line over the canvas saying how the run ended, or a notice (None hides it).
        With `fade_after_ms`, the last update's picture fades that long after (0: now)."""
        self._schedule_layout()
        self._status.setText(text or "")
        self._status.setVisible(bool(text))
        self._fade_timer.stop()
        if fade_after_ms is None:
            self._set_anatomy_opacity(1.0)
        elif fade_after_ms <= 0:
            self._fade_anatomy()
        else:
            self._fade_timer.start(fade_after_ms)

    def _fade_anatomy(self) -> None:
        self._step_vectors.set_opacity(FADED)

    def _set_anatomy_opacity(self, opacity: float) -> None:
        self._step_vectors.set_opacity(opacity)

    def _shown_opacity(self, item: QtWidgets.QGraphicsItem) -> float:
        """A text's opacity when it is shown (the update's picture's texts fade with it)."""
        opacity = self._step_vectors.shown_opacity(item)
        return 1.0 if opacity is None else opacity

    # The update's picture's items and places, as the texts' layout (labels.py) and an
    # animation's frame (export.py) read them.

    @property
    def _ghost(self) -> Line:
        return self._step_vectors.ghost

    @property
    def _vectors(self) -> dict[str, tuple[Line, pg.ArrowItem]]:
        return self._step_vectors.vectors

    @property
    def _vector_labels(self) -> dict[str, pg.TextItem]:
        return self._step_vectors.labels

    @property
    def _vector_stubs(self) -> set[str]:
        return self._step_vectors.stubs

    @property
    def _anatomy_label(self) -> pg.TextItem:
        return self._step_vectors.caption

    @property
    def _update_ring(self) -> MarkerLayer:
        return self._step_vectors.ring

    @property
    def _anatomy_at(self) -> tuple[float, float] | None:
        return self._step_vectors.caption_at

    @property
    def _vector_ends(self) -> dict[str, tuple[tuple[float, float], tuple[float, float]]]:
        return self._step_vectors.ends

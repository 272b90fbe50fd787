"""When the canvas draws: once per turn of changes, never in a paint.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import (
    SETTLE_MAX_MS,
    SETTLE_MS,
)
from perceptron_gui.app.canvas.style import StyledCanvas

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate
#: The layout pass's event (see `_schedule_layout`).
LAYOUT_EVENT = QtCore.QEvent.Type(QtCore.QEvent.registerEventType())


class ScheduledCanvas(StyledCanvas):
    """When the canvas draws: once per turn of changes, never in a paint."""

    def flush(self) -> None:
        """Draw now what waits for the next turn of the event loop (a large data set's
        density image, the texts' places), before a picture of the canvas is taken."""
        self._marks.layers.density.flush()
        # A vote's regions and mistakes in full, not the last vote done (see VOTE_SLICE_S).
        while self._boundary.pending or self._answer_job is not None:
            self._on_vote_timer_timeout()
        for _ in range(3):  # (a pass that moved the view, a relayout, lays out again)
            self._layout_overlays()
            if not self._layout_pending():
                break
        self._show_areas()  # a picture shows the newest regions, even during a run

    def _schedule_layout(self) -> None:
        timer = self.__dict__.get("_layout_timer")  # (pyqtgraph resizes before __init__ ends)
        if timer is None:
            return
        if self._layout_held():  # one pass once the changes stop (up to the cap)
            left = (self._layout_hold_cap - time.perf_counter()) * 1000
            timer.setInterval(max(0, min(SETTLE_MS, int(left))))
            timer.start()
        elif not self.__dict__.get("_layout_posted", False):
            # One pass in this turn, before the paint: the event goes before Qt's request
            # to paint (posted at a low priority), so the paint shows the new places and
            # lays nothing out itself (a 0 ms timer came after the paint: painted twice).
            self._layout_posted = True
            QCoreApplication.postEvent(
                self, QtCore.QEvent(LAYOUT_EVENT), Qt.EventPriority.HighEventPriority.value
            )

    def _layout_pending(self) -> bool:
        """Whether a layout pass is asked for and not yet done."""
        return self._layout_posted or self._layout_timer.isActive()

    def event(self, ev: QtCore.QEvent) -> bool:
        if ev.type() == LAYOUT_EVENT:
            if self._layout_posted and not self._layout_held():
                self._layout_overlays()
            self._layout_posted = False
            return True
        return bool(super().event(ev))

    def _layout_held(self) -> bool:
        """While held, only the layout timer lays out (never a paint): held until it fires,
        however long the turns of a busy machine take."""
        return bool(self.__dict__.get("_layout_holding", False))

    def hold_layout(self) -> None:
        """While the window settles (presentation on or off: docks, fonts and sizes change
        over several turns of the event loop), lay the texts out once, SETTLE_MS after
        the last change (at most SETTLE_MAX_MS after this call), not at every paint: each
        pass costs 10-15 ms, and a presentation toggle with compare on made 6-13."""
        self._layout_holding = True
        self._layout_hold_cap = time.perf_counter() + SETTLE_MAX_MS / 1000
        self._layout_timer.setInterval(SETTLE_MS)
        self._layout_timer.start()

    def _redraw(self, *, defer: bool = False) -> None:
        self._schedule_layout()
        if defer:
            # Drawn by the layout pass (or before a paint): a resize, a restyle or leaving
            # presentation moves the range 10-20 times in one turn, and each time the
            # answer, the geometry and the anatomy were drawn again (a quarter of the CPU).
            self._model_dirty = True
            self._view_dirty = True
            return
        self._update_model()
        self._draw_view()

    def _draw_view(self) -> None:
        self._view_dirty = False
        self._draw_model_view()
        self._update_answer()
        # The visuals drawn in the view: Novikoff's geometry, the update's, the margin band.
        self.view_model.events.view.emit()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Within it, the model drawing waits: it is computed once when the (outermost)
        block ends, however many changes asked for it (one user action, one frame)."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
            if not self._batch and (self._model_dirty or self._view_dirty):
                # The drawing, and the texts' places too, before the paint: laid out during
                # the paint (`viewportEvent`), their moves were painted again in a second
                # pass, a run's every frame painted twice. (The layout pass draws first.)
                # Not shown (a window being made): at the next turn, by then shown and
                # sized (the pass at the made window's default size was laid out again).
                if self._layout_held() or not self.isVisible():
                    self._schedule_layout()
                else:
                    self._layout_overlays()

    def _flush_model(self) -> None:
        """Compute the model's drawing now if a change asked for it and it waits."""
        if self._batch:
            return
        if self._view_dirty:
            self._draw_view()
        if self._model_dirty:
            self._compute_model()

    def viewportEvent(self, event: QtCore.QEvent) -> bool:  # noqa: N802 (Qt override)
        if (
            event.type() == QtCore.QEvent.Type.Paint
            and (self._model_dirty or self._view_dirty or self._layout_pending())
            and not self._layout_held()
        ):
            # A picture taken at once (a grab or render outside the event loop, with no
            # `flush` first), or a resize Qt sends in the paint's own turn (the docks' and
            # fonts' changes as presentation goes on or off, after the held pass): else
            # the layout's event came before the paint. Never a turn behind.
            self._layout_overlays()
        return bool(super().viewportEvent(event))

    def _update_model(self) -> None:
        self._schedule_layout()
        if self._batch:
            self._model_dirty = True
            return
        self._compute_model()

    def _on_view_range_changed(self, *_: object) -> None:
        # Lines, tints and regions are clipped to the cover rect round the view: they are
        # drawn again when the view leaves it or zooms (once the turn's changes are done:
        # a resize or a relayout moves it many times), else only what sits in the view.
        if self.__dict__.get("_cover") is not None and self._cover_holds():
            self._schedule_layout()
            self._view_dirty = True
            return
        self._redraw(defer=True)

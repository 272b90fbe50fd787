"""The window's presentation mode: full screen, large, the panels away."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QRect, QTimer
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas.canvas import DataCanvas
from perceptron_gui.app.theme import LABEL_PT, theme

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: Presentation mode multiplies every size by this (on top of the UI scale).
PRESENTATION_BOOST = 1.8
#: The readout's font size (unscaled points), normally and in presentation mode (where the
#: boost applies too: 18 pt × 1.8 is about 43 px high at 96 dpi).
READOUT_PT = LABEL_PT
PRESENTATION_READOUT_PT = 18.0


class Presentation:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: In presentation mode now.
        self.on = False
        # What leaving gives back: the docks shown, maximized or not, geometry and dock sizes.
        self.docks_before: list[bool] = []
        self.was_maximized = False
        self.geometry_before: tuple[QByteArray, QByteArray, QRect] | None = None

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: full screen, panels hidden, everything large (F5; Esc leaves).

        The keys work as in the normal window; the readout and the narration stay.
        """
        on = bool(on)
        if on == self.on:
            return
        self.on = on
        for canvas in self.w.findChildren(DataCanvas):  # (compare's second one too)
            canvas.hold_layout()  # the window settles over several turns: one layout pass
        bars = (self.w.menuBar(), self.w.toolbar, self.w.statusBar())
        if on:
            self.docks_before = [d.isVisible() for d in self.w.docks]
            self.was_maximized = self.w.isMaximized()
            # Leaving gives back the exact window: its geometry and the docks' sizes.
            self.geometry_before = (self.w.saveGeometry(), self.w.saveState(), self.w.geometry())
            for d in self.w.docks:
                d.hide()
            for bar in (*bars, self.w.timeline):  # ← / → still move along the timeline
                bar.hide()
            theme().set_boost(PRESENTATION_BOOST)
            self.w.readout.set_point_size(PRESENTATION_READOUT_PT, stacked=True)
            self.w.readout.setWordWrap(True)  # a long line (the pocket's) wraps in the canvas
            # The readout floats over the canvas's top-left corner: the canvas gets the room.
            self.w.readout_frame.hide()
            self.w.readout.setParent(self.w.canvas)
            self.w.readout.move(int(theme().px(70)), int(theme().px(4)))
            self.w.readout.show()
            self.w.canvas.set_floating(self.w.readout)  # placed with the canvas's other texts
            self.w.showFullScreen()
            self.place_readout()
        else:
            for d, was in zip(self.w.docks, self.docks_before, strict=False):
                d.setVisible(was)
            for bar in (*bars, self.w.timeline):
                bar.show()
            theme().set_boost(1.0)
            self.w.readout.setMinimumWidth(0)
            self.w.readout.setMaximumWidth(16777215)
            self.w.readout.set_point_size(READOUT_PT)
            self.w.canvas.set_floating(None)
            self.w.readout_frame.take_back()
            if self.was_maximized:
                self.w.showMaximized()
            else:
                self.w.showNormal()
            if self.geometry_before is not None:
                self.restore_window(*self.geometry_before)
                self.geometry_before = None
        self.w.act_present.setChecked(on)
        self.w.act_panels.setChecked(all(d.isVisible() for d in self.w.docks))
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.w.canvas.fit_view()  # with room for the readout over the plot (or without)
        self.w.canvas.follow()

    def toggle_presentation(self) -> None:
        self.set_presentation(not self.on)

    def restore_window(self, geometry: QByteArray, docks: QByteArray, rect: QRect) -> None:
        """The window as it was before presentation: the layouts first take the normal
        sizes' minimums (the large fonts' would grow the window), then the geometry and
        the docks' sizes come back, and once more after the window has been laid out."""

        def restore() -> None:
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            if not self.was_maximized:
                self.w.restoreGeometry(geometry)
                self.w.setGeometry(rect)
            self.w.restoreState(docks)

        restore()
        QTimer.singleShot(0, self.w, restore)

    def place_readout(self) -> None:
        """Presentation mode: the readout in the canvas's top-left corner, over the plot."""
        if not self.on:
            return
        self.w.readout.setMaximumWidth(max(200, int(self.w.canvas.width() * 0.9)))
        self.w.readout.adjustSize()
        self.w.readout.raise_()
        self.w.canvas.set_floating(self.w.readout)

"""The window's presentation mode: full screen, large, the panels away."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas.canvas import HEADER_INSET_PX, DataCanvas
from perceptron_gui.app.theme import LABEL_PT, theme
from perceptron_gui.app.window.look import PRESENTATION_NARRATION_PT

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: Presentation mode multiplies every size by this (on top of the UI scale), on a screen of
#: PRESENTATION_SCREEN (logical pixels) or larger; see `presentation_boost`.
PRESENTATION_BOOST = 1.8
PRESENTATION_SCREEN = (1024, 768)
PRESENTATION_MIN_BOOST = 1.1
#: The readout's font size (unscaled points), normally and in presentation mode (where the
#: boost applies too: 18 pt × 1.8 is about 43 px high at 96 dpi).
READOUT_PT = LABEL_PT
PRESENTATION_READOUT_PT = 18.0
#: In presentation mode the readout takes at most this part of the canvas's height, in
#: type made smaller for it down to the narration's size (then it may take more).
READOUT_MAX_SHARE = 0.25
PRESENTATION_READOUT_MIN_PT = PRESENTATION_NARRATION_PT


def presentation_boost(ui_scale: float, screen: tuple[int, int]) -> float:
    """The factor presentation mode gives every size at this UI scale on a screen of this
    size (logical pixels): PRESENTATION_BOOST, less when the UI scale is already large
    for the screen, so that the whole (UI scale × boost) is at most what
    PRESENTATION_SCREEN holds at PRESENTATION_BOOST, grown with the screen (a UI scale of
    2 chosen for a laptop's screen and a 1024×768 projector: texts too large for the plot
    to place); never below PRESENTATION_MIN_BOOST (presentation makes everything larger:
    a boost above 1 is what tells the theme's listeners that the window presents)."""
    grown = min(screen[0] / PRESENTATION_SCREEN[0], screen[1] / PRESENTATION_SCREEN[1])
    most = PRESENTATION_BOOST * max(1.0, grown)
    return min(PRESENTATION_BOOST, max(PRESENTATION_MIN_BOOST, most / ui_scale))


class _OnResize(QObject):
    """An event filter that calls `slot` when the widget it watches is resized."""

    def __init__(self, parent: QObject, slot: Callable[[], None]) -> None:
        super().__init__(parent)
        self._slot = slot

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:
            self._slot()
        return False


class Presentation:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: Watches the canvas while presenting: the readout's box follows its size.
        self.resized = _OnResize(window, self.place_readout)
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
            screen = (self.w.screen() or QGuiApplication.primaryScreen()).geometry()
            theme().set_boost(presentation_boost(theme().ui_scale, screen.size().toTuple()))
            self.w.readout.set_point_size(
                PRESENTATION_READOUT_PT, stacked=True, smallest=PRESENTATION_READOUT_MIN_PT
            )
            # The readout goes into the canvas, in a band across its top: the canvas gets
            # the room the strip had, and the plot below the band has no point under it.
            self.w.readout_frame.hide()
            self.w.readout.setParent(self.w.canvas)
            self.w.readout.show()
            self.w.canvas.set_header(self.w.readout)
            self.w.canvas.installEventFilter(self.resized)  # its box follows the canvas
            self.w.showFullScreen()
            self.place_readout()
        else:
            for d, was in zip(self.w.docks, self.docks_before, strict=False):
                d.setVisible(was)
            for bar in (*bars, self.w.timeline):
                bar.show()
            theme().set_boost(1.0)
            self.w.canvas.removeEventFilter(self.resized)
            self.w.canvas.set_header(None)
            self.w.readout.set_point_size(READOUT_PT)
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
        """Presentation mode: the readout's box, the canvas's width and at most
        `READOUT_MAX_SHARE` of its height (the readout sets its type and lines to fit)."""
        if not self.on:
            return
        canvas = self.w.canvas
        inset = 2 * round(HEADER_INSET_PX * theme().scale)
        self.w.readout.set_box(
            max(100, canvas.width() - inset), int(canvas.height() * READOUT_MAX_SHARE)
        )
        self.w.readout.raise_()

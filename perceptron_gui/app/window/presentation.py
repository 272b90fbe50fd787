"""The window's presentation mode: full screen, large, the panels away."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QKeyEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QWidget

from perceptron_gui.app.canvas.canvas import HEADER_INSET_PX, DataCanvas
from perceptron_gui.app.panels.readout import READOUT_MAX_SHARE
from perceptron_gui.app.theme import LABEL_PT, theme
from perceptron_gui.app.window.look import PRESENTATION_NARRATION_PT

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: Presentation mode multiplies every size by this (on top of the UI scale), on a screen of
#: PRESENTATION_SCREEN (logical pixels) or larger; see `presentation_boost`.
PRESENTATION_BOOST = 1.8
PRESENTATION_SCREEN = (1024, 768)
#: The readout's font size (unscaled points), normally and in presentation mode (where the
#: boost applies too: 18 pt × 1.8 is about 43 px high at 96 dpi).
READOUT_PT = LABEL_PT
PRESENTATION_READOUT_PT = 18.0
PRESENTATION_READOUT_MIN_PT = PRESENTATION_NARRATION_PT
#: Smaller than that only when a quarter of the canvas cannot hold it otherwise (a large
#: UI scale, a compare pane), and never below this many pixels: read from the back.
PRESENTATION_READOUT_LEAST_PX = 24.0


def presentation_boost(ui_scale: float, screen: tuple[int, int]) -> float:
    """The factor presentation mode gives every size at this UI scale on a screen of this
    size (logical pixels): PRESENTATION_BOOST, less when the UI scale is already large
    for the screen, so that the whole (UI scale × boost) is at most what
    PRESENTATION_SCREEN holds at PRESENTATION_BOOST, grown with the screen. Below 1 where
    the UI scale alone is more than that (a UI scale of 2 chosen for a laptop's screen and
    a 1024×768 projector: 0.9, the whole 1.8 as at scale 1; at 1.1 it was 2.2, and the
    lesson's panels were cut, its proof scrolled and the compare readouts fell to 21 px)."""
    grown = min(screen[0] / PRESENTATION_SCREEN[0], screen[1] / PRESENTATION_SCREEN[1])
    most = PRESENTATION_BOOST * max(1.0, grown)
    return min(PRESENTATION_BOOST, most / ui_scale)


class _OnResize(QObject):
    """An event filter that calls `slot` when the widget it watches is resized."""

    def __init__(self, parent: QObject, slot: Callable[[], None]) -> None:
        super().__init__(parent)
        self._slot = slot

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:
            self._slot()
        return False


#: The colours of the blanked screen: B and "." black, W and "," white (slide software's keys).
BLANK_COLOURS = {"black": "#000000", "white": "#ffffff"}


class Blank(QWidget):
    """The blanked screen (B: black, W: white), as slide software has: one colour over the
    whole window, on top of every other child, painted by the widget itself (a style
    sheet's background is not drawn for a plain QWidget subclass: the window showed
    through). The same key, or Esc, shows the screen again."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lessonBlank")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.colour = "black"
        self._focus_before: QWidget | None = None
        self.hide()
        # The window's events are watched only while blanked (`blank`): a filter on the
        # window sees every event it gets, ~2000 while it is made.

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(BLANK_COLOURS[self.colour]))
        painter.end()

    def blank(self, colour: str | None) -> None:
        """Cover the window in `colour` ("black" or "white"); None shows it again."""
        parent = self.parentWidget()
        assert parent is not None
        if colour is None:
            parent.removeEventFilter(self)
            if self.isVisible():
                # The focus goes back before the blank hides: hidden with the focus, Qt
                # gives it to the next widget as Tab would, and the canvas, back with its
                # focus that way, drew its keyboard-focus frame round the plot (B, B
                # did not give back the screen as it was).
                before, self._focus_before = self._focus_before, None
                if before is not None:
                    before.setFocus(Qt.FocusReason.OtherFocusReason)
                else:
                    self.clearFocus()
                self.hide()
            return
        self.colour = colour
        self.setGeometry(parent.rect())
        if not self.isVisible():
            focus = QApplication.focusWidget()
            self._focus_before = focus if focus is not None and focus is not self else None
        parent.installEventFilter(self)  # (once: Qt does not install a filter twice)
        self.show()
        self.raise_()
        self.setFocus()  # Esc and the keys come here, not to a control under the blank
        self.update()

    def event(self, event: QEvent) -> bool:
        # Esc shows the screen again (it does not leave presentation from under the blank).
        if event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if event.key() == Qt.Key.Key_Escape:
                event.accept()
                return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == Qt.Key.Key_Escape:
            self.blank(None)
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.parentWidget().rect())  # type: ignore[union-attr]
        elif event.type() == QEvent.Type.ChildAdded and self.isVisible():
            QTimer.singleShot(0, self, self.raise_)  # a panel shown later stays under it
        return False


class Presentation:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: The blanked screen (B / W); `toggle_blank` shows and hides it.
        self.blank = Blank(window)
        #: Watches the canvas while presenting: the readout's box follows its size.
        self.resized = _OnResize(window, self.place_readout)
        #: In presentation mode now.
        self.on = False
        # What leaving gives back: the docks shown, maximized or not, geometry and dock sizes.
        self.docks_before: list[bool] = []
        self.was_maximized = False
        self.geometry_before: tuple[QByteArray, QRect] | None = None
        self.docks_state = QByteArray()
        #: The UI scale presentation was entered at (a scale changed while presenting is
        #: laid out on leaving: `Look.relayout_for_scale`).
        self.scale_before = 1.0

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
            self.scale_before = theme().ui_scale
            self.was_maximized = self.w.isMaximized()
            # Leaving gives back the exact window: its geometry and the docks' sizes (a
            # window not shown yet has none: leaving sizes it for the screen).
            shown = self.w.isVisible()
            self.geometry_before = (self.w.saveGeometry(), self.w.geometry()) if shown else None
            # The docks' places (a lesson scene on a short screen moves its panels beside
            # the canvas), given back on leaving even by a window not shown before.
            self.docks_state = self.w.saveState()
            for d in self.w.docks:
                d.hide()
            for bar in (*bars, self.w.timeline):  # ← / → still move along the timeline
                bar.hide()
            screen = (self.w.screen() or QGuiApplication.primaryScreen()).geometry()
            theme().set_boost(
                presentation_boost(theme().ui_scale, screen.size().toTuple()), presenting=True
            )
            self.w.readout.set_point_size(
                PRESENTATION_READOUT_PT,
                stacked=True,
                smallest=PRESENTATION_READOUT_MIN_PT,
                least_px=PRESENTATION_READOUT_LEAST_PX,
            )
            # The readout goes into the canvas, in a band across its top: the canvas gets
            # the room the strip had, and the plot below the band has no point under it.
            self.w.readout_frame.hide()
            self.w.readout.setParent(self.w.canvas)
            self.w.readout.show()
            self.w.canvas.set_header(self.w.readout)
            self.w.canvas.installEventFilter(self.resized)  # its box follows the canvas
            self.present_compare()
            self.w.showFullScreen()
            self.place_readout()
        else:
            # Normal type first, then the window state, and only then the docks and bars:
            # docks shown in presentation's large type asked for a window wider than the
            # screen (1109 px on 1024), and the window manager kept the window full screen.
            theme().set_boost(1.0, presenting=False)
            self.w.canvas.removeEventFilter(self.resized)
            self.w.canvas.set_header(None)
            self.w.readout.set_point_size(READOUT_PT)
            self.w.readout_frame.take_back()
            self.present_compare()
            if self.was_maximized:
                self.w.showMaximized()
            else:
                self.w.showNormal()
            for d, was in zip(self.w.docks, self.docks_before, strict=False):
                d.setVisible(was)
            for bar in (*bars, self.w.timeline):
                bar.show()
            if self.geometry_before is not None:
                self.restore_window(
                    self.geometry_before[0], self.docks_state, self.geometry_before[1]
                )
                self.geometry_before = None
            else:  # it entered presentation before it was first shown (--lesson)
                self.w.restoreState(self.docks_state)
                self.w.fit_to_screen()
            if theme().ui_scale != self.scale_before:  # (Ctrl+= or Ctrl+0 while presenting)
                self.w.look.relayout_for_scale(self.scale_before)
        self.w.act_present.setChecked(on)
        self.w.act_panels.setChecked(all(d.isVisible() for d in self.w.docks))
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        # The data's frame at the new size, with room for the readout over the plot (or
        # without); a view the user zoomed or panned stays theirs.
        self.w.canvas.refit()
        self.w.canvas.follow()

    def present_compare(self) -> None:
        """Compare's second pane as presentation has (or had) the first: its readout in a
        band over its canvas, as large, the two bands one height (see `CompareView.present`)."""
        view = self.w.compare.view
        if view is not None:
            if self.on:
                view.present(
                    True,
                    PRESENTATION_READOUT_PT,
                    PRESENTATION_READOUT_MIN_PT,
                    PRESENTATION_READOUT_LEAST_PX,
                )
            else:
                view.present(False, READOUT_PT)

    def toggle_presentation(self) -> None:
        self.set_presentation(not self.on)

    def toggle_blank(self, colour: str = "black") -> None:
        """B (or "."): a black screen; W (or ","): a white one; the same key again, or Esc,
        shows the window again (the other colour's key changes the colour)."""
        if self.blank.isVisible() and self.blank.colour == colour:
            self.blank.blank(None)
        else:
            self.blank.blank(colour)
        self.w.lesson_player.changed.emit()

    @property
    def blanked(self) -> bool:
        """The screen is blanked now."""
        return self.blank.isVisible()

    def restore_window(self, geometry: QByteArray, docks: QByteArray, rect: QRect) -> None:
        """The window as it was before presentation: the layouts first take the normal
        sizes' minimums (the large fonts' would grow the window), then the geometry and
        the docks' sizes come back, and once more after the window has been laid out."""

        def restore() -> None:
            if self.on:  # presenting again before the turn came (Esc, then F5 at once)
                return
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

"""The window's look: theme, scale, language, its own styles, and the preferences that keep them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QDockWidget

from perceptron_gui.app import i18n
from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import THEMES, TICK_PT, theme
from perceptron_gui.app.window.actions import translate
from perceptron_gui.app.window.panes import (
    NARRATION_LINES,
    NARRATION_SHRINK,
    PRESENTATION_NARRATION_LINES,
)

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: The narration's font size (unscaled points), normally and in presentation mode (with the
#: boost: 12 pt × 1.8 is about 29 px high at 96 dpi).
NARRATION_PT = TICK_PT
PRESENTATION_NARRATION_PT = 12.0
#: In presentation the narration's type shrinks to fit its three lines, down to this size
#: (pixels, whatever the UI scale): readable from the back of a room.
PRESENTATION_NARRATION_MIN_PX = 24.0
#: The status bar's progress text has the width of this many characters (longer: elided).
BUSY_CHARS = 40

_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


class Look:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: The UI scale the window was last laid out for.
        self.scale = theme().ui_scale
        #: The window's size and docks (`saveState`) as they were at scale 1, while another
        #: scale is on: going back to 1 gives them back exactly.
        self.at_scale_1: tuple[QSize, QByteArray] | None = None
        #: … and whether `fit_to_screen` had sized it then (it is fitted again above 1).
        self.fitted_at_1 = False

    def set_ui_scale(self, factor: float) -> bool:
        """Scale every font, marker and line by `factor` (0.5 … 4; remembered)."""
        self.remember_scale_1()
        ok = theme().set_scale(factor, self.boost_for())
        if not ok:
            self.w.show_notice(
                translate("MainWindow", "scale {factor} refused: from 0.5 to 4").format(
                    factor=factor
                ),
                error=True,
            )
        return ok

    def set_theme(self, name: str) -> bool:
        """ "light", "dark" or "high-contrast" (remembered)."""
        ok = theme().set_name(name)
        if not ok:
            self.w.show_notice(
                translate("MainWindow", "theme {name} refused: one of {names}").format(
                    name=repr(name), names=", ".join(THEMES)
                ),
                error=True,
            )
        return ok

    def set_language(self, code: str) -> bool:
        """Show every text in language `code` ("en", "zh_CN"; remembered).

        Returns after every widget has its new texts; False (with a notice) for a
        language that is not offered.
        """
        ok = i18n.set_language(code)
        if not ok:
            self.w.show_notice(
                translate("MainWindow", "language {code} refused: one of {codes}").format(
                    code=repr(code), codes=", ".join(i18n.LANGUAGES)
                ),
                error=True,
            )
        return ok

    def step_scale(self, step: int) -> None:
        self.remember_scale_1()
        theme().step_scale(step, self.boost_for())

    def boost_for(self) -> Callable[[float], float] | None:
        """While presenting, the presentation boost for a new UI scale on this screen (a
        scale changed in presentation keeps the whole to what the screen holds, as if
        presentation had been entered at it: Ctrl+= ×5 at 1024×768 made everything 3.6
        times larger, the canvas 0 px tall); None otherwise (the boost stays 1)."""
        from perceptron_gui.app.window.presentation import presentation_boost  # (it imports us)

        if not self.w.presentation.on:
            return None
        screen = (self.w.screen() or QGuiApplication.primaryScreen()).geometry()
        size = (screen.width(), screen.height())
        return lambda scale: presentation_boost(scale, size)

    def remember_scale_1(self) -> None:
        """Keep the window's size and docks as they are at scale 1, before a change of
        scale (saved in the change itself, the new fonts were in the docks' sizes)."""
        w = self.w
        if theme().ui_scale != 1.0 or not w.isVisible():
            return
        if not w.presentation.on:
            self.at_scale_1 = (w.size(), w.saveState())
            self.fitted_at_1 = w.panes.placed is not None and w.size() == w.panes.placed
        elif (
            kept := w.presentation.geometry_before
        ) is not None and not w.presentation.was_maximized:
            # (presenting: the window as presentation will give it back)
            self.at_scale_1 = (kept[1].size(), w.presentation.docks_state)

    def style_narration(self) -> None:
        t = theme()
        on = self.w.presentation.on
        font = t.font(PRESENTATION_NARRATION_PT if on else NARRATION_PT)
        shrink = NARRATION_SHRINK
        if on:  # large type for the room: smaller only as far as the room still reads it
            px = font.pointSizeF() * self.w.logicalDpiY() / 72.0
            shrink = min(1.0, PRESENTATION_NARRATION_MIN_PX / max(px, 1.0))
        # Rather than cut (`NARRATION_MOST_LINES`), in the room's type, or outside
        # presentation as small as the type of UI scale 1.
        self.w.narration.last_shrink = shrink if on else min(shrink, 1.0 / t.ui_scale)
        self.w.narration.set_lines(
            PRESENTATION_NARRATION_LINES if on else NARRATION_LINES, shrink=shrink
        )
        self.w.narration.setFont(font)
        pad = int(t.px(4))
        vpad = pad // 2 if on else pad  # (its third line: the canvas keeps 85 % of a 1024×768)
        self.w.narration.setStyleSheet(
            f"QLabel#narration {{ background: {t.palette.background}; color: {t.palette.ink};"
            f" padding: {vpad}px {2 * pad}px; }}"
        )

    def style_notice(self) -> None:
        p = theme().palette
        bg, fg = (p.error_bg, p.error_fg) if self.w._notice_error else (p.info_bg, p.info_fg)
        pad = int(theme().px(8))
        self.w.notice.setStyleSheet(
            f"QLabel#notice {{ background: {bg}; color: {fg}; padding: {pad}px;"
            " font-weight: bold; }"
        )

    def style_busy(self) -> None:
        lab = self.w.busy_label
        lab.setFont(theme().font())
        # A fixed width (no jitter as the text changes), at most a third of the screen's:
        # at scale 2 on 1024×768 the 40 characters were most of the window's minimum width.
        screen = self.w.screen() or QGuiApplication.primaryScreen()
        most = screen.availableGeometry().width() // 3 if screen is not None else 10**4
        lab.setFixedWidth(min(lab.fontMetrics().horizontalAdvance("x" * BUSY_CHARS), most))

    def relayout_for_scale(self, old: float | None = None) -> None:
        """After the UI scale changed (from `old`, by default the one last laid out for):
        the window inside its screen and the docks' shares for the new scale; back at
        scale 1, the sizes it had there (window and docks).

        Nothing moves in presentation (it lays out its own stage and, leaving, calls this
        with the scale it was entered at), in a maximized or full-screen window (the screen
        sizes it), or before the window is first shown (`fit_to_screen` sizes it then).
        """
        w = self.w
        old, new = self.scale if old is None else old, theme().ui_scale
        self.scale = new
        # Qt's combo box keeps its minimum size from before a font change (it forgets it
        # only at a style change): back at scale 1 they stayed 40 px tall, not 22.
        for combo in w.findChildren(QComboBox):
            QApplication.sendEvent(combo, QEvent(QEvent.Type.StyleChange))
        # A dock's own float and close buttons keep the icon size they had at the last
        # change of style (Qt's title button caches it until a StyleChange): after Ctrl++
        # to scale 2 they drew their scale-1 icons, a 10 px glyph in a 48 px box.
        for dock in w.findChildren(QDockWidget):
            for button in dock.findChildren(QAbstractButton, options=_DIRECT):
                if button.objectName().startswith("qt_dockwidget_"):
                    QApplication.sendEvent(button, QEvent(QEvent.Type.StyleChange))
        if old == new or w.presentation.on or not w.isVisible():
            return
        if w.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            # (the screen sizes it; the docks beside the canvas or back, as below)
            QTimer.singleShot(0, w, self._settle_docks)
            return
        if new > old:  # folded at once (folding never grows the window); `_settle` decides
            w.panes.fold_docks(True)
        # A window sized for the screen by `fit_to_screen`, not by its user since: sized
        # again for the new scale (`Panes.fit_again`).
        fitted = w.panes.placed is not None and w.size() == w.panes.placed
        kept = None
        if new == 1.0 and self.at_scale_1 is not None:
            kept, self.at_scale_1 = self.at_scale_1, None
            w.resize(kept[0])
        # The widgets' minimum sizes at the new scale are known once the layout requests
        # the font change posted have been handled: in the next turn (measured in this
        # one, the docks came out 7-15 px off and the docks were folded at scale 1).
        QTimer.singleShot(0, w, lambda: self._settle(kept, fitted))

    def _settle(self, kept: tuple[QSize, QByteArray] | None, fitted: bool = False) -> None:
        w = self.w
        if w.presentation.on or not w.isVisible():
            return  # (presentation gives the window back as it found it, by then laid out)
        layout = w.layout()
        if layout is not None:
            layout.invalidate()
            layout.activate()
        # A new scale decides again whether the docks go beside the canvas.
        w.panes.place_docks()
        w.panes.fold_to_screen()  # (unfolding waits for this turn: the sizes are right now)
        if kept is not None:
            w.panes.title_bars()  # (the dock's state has its place, not its features)
            w.restoreState(kept[1])
            w.resize(kept[0])  # (again: docks beside the canvas could hold it larger)
            if self.fitted_at_1:
                w.panes.placed = w.size()
            return
        if fitted:
            w.panes.fit_again()
        screen = w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        extra_w = w.frameGeometry().width() - w.width()
        extra_h = w.frameGeometry().height() - w.height()
        w.resize(min(w.width(), avail.width() - extra_w), min(w.height(), avail.height() - extra_h))
        if fitted:
            w.panes.placed = w.size()  # (and again at the next scale)
        w.panes.size_docks()

    def _settle_docks(self) -> None:
        """A maximized or full-screen window after a change of scale: the docks beside the
        canvas or under it for the new scale, and folded if whole they would need more than
        the screen (unfolded, a maximized window at scale 2 grew to 1180×819 on 1024×768)."""
        w = self.w
        if w.presentation.on or not w.isVisible():
            return
        w.panes.place_docks()
        w.panes.fold_to_screen()
        w.panes.size_docks()

    def on_theme_changed(self) -> None:
        t = theme()
        self.w.theme_actions[t.name].setChecked(True)
        self.style_notice()
        self.style_narration()
        # Qt draws a dock's title in a font of its own, fixed when the dock was made,
        # whenever the dock's font equals the application's: one that differs only in
        # its style strategy (which draws the same) makes the titles follow the scale.
        dock_font = t.font()
        dock_font.setStyleStrategy(QFont.StyleStrategy.PreferQuality)
        for d in self.w.docks:
            d.setFont(dock_font)
        self.w.menuBar().setFont(t.font())
        self.w.toolbar.setFont(t.font())
        self.w.statusBar().setFont(t.font())
        self.style_busy()
        if t.ui_scale != self.scale:
            self.relayout_for_scale()
        prefs = preferences()
        prefs.setValue("ui_scale", t.ui_scale)
        prefs.setValue("theme", t.name)

    def restore_preferences(self) -> None:
        prefs = preferences()
        # Both read before either is applied: applying one saves the pair as it then is.
        name = prefs.value("theme", "light")
        try:
            scale = float(prefs.value("ui_scale", 1.0))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            scale = 1.0
        if isinstance(name, str) and name in THEMES:
            theme().set_name(name)
        theme().set_scale(scale)
        geometry = prefs.value("geometry")
        if isinstance(geometry, QByteArray) and self.w.restoreGeometry(geometry):
            screen = self.w.screen() or QGuiApplication.primaryScreen()
            if screen.availableGeometry().contains(self.w.frameGeometry()):
                self.w.panes.size_docks()
                self.w.panes.placed = self.w.size()  # (kept inside the screen once framed)
                return
        self.w.fit_to_screen()

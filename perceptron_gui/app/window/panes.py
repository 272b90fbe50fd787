"""The window's panes: the canvas in the middle (a notice banner, the readout over it, the
timeline and the narration under it) and the panels in docks around it, sized for the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStyle,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.compare import RunTitle
from perceptron_gui.app.controls import ControlPanel
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.panels import (
    BoundPanel,
    DualView,
    IterationTable,
    ProofPanel,
    Readout,
    Timeline,
)
from perceptron_gui.app.panels.common import (
    QWIDGETSIZE_MAX,
    SteadyFrame,
    SteadyLabel,
    short_screen,
)
from perceptron_gui.app.panels.image_panel import ImagePanel
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import roomy, roomy_context_menus, theme
from perceptron_gui.app.window.actions import translate
from perceptron_gui.app.words import WordsLabel

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: The window's size when the screen has room for it.
PREFERRED_SIZE = (1500, 950)
#: Room left for the window manager's title bar and borders around the window.
FRAME_ALLOWANCE = (16, 48)
#: The narration keeps this many lines, in presentation mode more; a longer text is set in
#: type down to NARRATION_SHRINK of its size when that makes it fit (not in presentation
#: mode), else elided, whole in the tooltip. An update's narration (the point, its score,
#: the update's arithmetic) is about 190 characters.
NARRATION_LINES = 2
PRESENTATION_NARRATION_LINES = 3
NARRATION_SHRINK = 0.8
#: … and a text that fits them neither in smaller type nor in fewer words takes up to this
#: many (`SteadyLabel`'s `grow`), in its last down to the type of UI scale 1 (`Look.
#: style_narration`): at UI scale 2 beside the panels on 1024×768 the canvas column is
#: ~600 px wide, and an update's result was cut with "…".
NARRATION_MOST_LINES = 4
#: Above UI scale 1 the panels under the canvas go beside it (`Panes.compact`) when the
#: screen is short for the scale: when the height a window can have there (the screen's
#: available height less FRAME_ALLOWANCE's), divided by the scale, is under this many
#: pixels. Everything round the canvas grows with the scale and the canvas takes what is
#: left, so the room left to the canvas and the panels is a function of that quotient:
#: 1024×768 (720 px) from scale 1.5 (480; under the canvas the strip of panels had 163 px
#: there, the bound's plot a sliver), not at 1.25 (576; the canvas 48 % of the window);
#: 1920×1080 (1032 px) not at scale 2 (516; canvas 48 %, the bound's plot 111 px), from
#: 2.5. A function of the screen and the scale alone: the panels' texts at that moment
#: (a fresh run's or a stepped one's), the window's state (maximized or not) and a step
#: do not move them. (Measured on the canvas, the panels went beside it at 1.1 in a
#: maximized window on 1024×768, at 1.75 in a normal one, and at 1.5 on 1920×1080.)
COMPACT_BELOW_PX = 500
#: Above UI scale 1, with the panels under the canvas, the canvas keeps this share of the
#: window's height and the strip of panels gets the rest (`Panes.size_docks`).
STRIP_CANVAS_SHARE = 0.48
#: Compacted, the controls keep at most this share of the right column's height (they
#: scroll); the panels' tabs under them get the rest.
COMPACT_CONTROLS_SHARE = 0.35


def compact_wanted(height: int, scale: float) -> bool:
    """Whether the panels under the canvas go beside it in a window of at most `height`
    pixels at UI scale `scale` (see `COMPACT_BELOW_PX`)."""
    return scale > 1.0 and height / scale < COMPACT_BELOW_PX


class _FirstShow(QObject):
    """Calls the panes' `keep_on_screen` after the window is first shown, and once more
    when the window manager has had time to frame it."""

    def __init__(self, panes: Panes) -> None:
        super().__init__(panes.w)
        self.panes = panes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Show:
            watched.removeEventFilter(self)
            for ms in (0, 250):
                QTimer.singleShot(ms, self, self.panes.keep_on_screen)
        return False


class _NoTitle(QWidget):
    """An empty title bar: a dock that shows none (a tab names it)."""

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(0, 0)


class PanelSlot(QWidget):
    """Where a panel sits (a dock's widget): the panel is made in it the first
    time it is about to be shown or is asked for (`panel`), not with the window.

    A panel in a hidden dock is thus never made until it is looked at; the window makes
    those it is about to show just before it is first shown (`Panes.make_shown`), so that
    its first layout already has them.
    The slot has no margins: the panel fills it, with its own size hints.
    """

    def __init__(self, make: Callable[[], QWidget], made: Callable[[QWidget], None]) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self._make = make
        self._made = made
        self._panel: QWidget | None = None

    @property
    def is_made(self) -> bool:
        """Whether the panel has been made."""
        return self._panel is not None

    def panel(self) -> QWidget:
        """The panel, made now if it was not yet."""
        if self._panel is None:
            self._panel = panel = self._make()
            layout = self.layout()
            assert layout is not None
            layout.addWidget(panel)
            if self.isVisible():
                panel.show()  # (the layout would show it only at the event loop's next turn)
            self._made(panel)
        return self._panel

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        self.panel()
        super().showEvent(event)


class FoldingScroll(QScrollArea):
    """A scroll area that asks for its widget's whole minimum size, unless folded: then
    for a scroll area's, and the widget scrolls.

    `Panes.fold_to_screen` folds the docks' areas only when the window's minimum size
    would not fit its screen: at scale 1 the docks are as they were (no scroll bars); at
    UI scale 2 on a 1024×768 screen the controls wanted 594 px of its height and the
    tables' buttons 613 px of its width, and the window grew to 1248×825, past the
    screen: there they scroll.

    With `sideways` False it scrolls only up and down: folded, it is still as wide as
    its widget's minimum and, while its widget is taller than it, the vertical scroll
    bar's width more (the controls beside the lesson's column in Chinese at 1024×768:
    the bar took 14 px of their 286 and they scrolled sideways too, the Run group's
    right edge out of sight).
    """

    def __init__(self, widget: QWidget, *, sideways: bool = True) -> None:
        super().__init__()
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(widget)
        self.folded = False
        self.sideways = sideways
        self._bar_room = 0  # the vertical bar's width asked for (`sideways` False, folded)
        #: Folded, it is still at least this tall (the controls' Run group beside the
        #: canvas: `Panes.compact`).
        self.least_height = 0
        #: Where set, its least and most heights from its widget's sizes now, asked again
        #: whenever they change (`Panes.compact`: the controls in whole groups).
        self.heights: Callable[[], tuple[int, int]] | None = None
        widget.installEventFilter(self)

    def set_heights(self, heights: Callable[[], tuple[int, int]] | None) -> None:
        """Keep its least and most heights to `heights()` (None: any height, as made)."""
        self.heights = heights
        if heights is None:
            self.least_height = 0
            self.setMaximumHeight(QWIDGETSIZE_MAX)
        self._ask_heights()

    def _ask_heights(self) -> None:
        if self.heights is not None:
            self.least_height, most = self.heights()
            self.setMaximumHeight(max(most, self.least_height))
        self.updateGeometry()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        # The widget's sizes changed (a font, a scale, a language): the dock asks its area
        # again (a scroll area does not pass its widget's requests on: at scale 2 the
        # controls' dock kept their minimum of scale 1 and scrolled).
        if event.type() == QEvent.Type.LayoutRequest and (self.heights or not self.folded):
            self._ask_heights()
        return False

    def set_folded(self, folded: bool) -> None:
        if folded != self.folded:
            self.folded = folded
            self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._bar_room != self._bar_room_now():
            self.updateGeometry()  # (the dock asks again: `minimumSizeHint`)

    def _bar_room_now(self) -> int:
        """The vertical scroll bar's width while it is needed (folded, not `sideways`,
        the widget taller than the room), else 0."""
        inner = self.widget()
        if self.sideways or not self.folded or inner is None:
            return 0
        if self._inner_least(inner).height() <= self.maximumViewportSize().height():
            return 0
        return self.verticalScrollBar().sizeHint().width()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        inner = self.widget()
        if self.folded or inner is None:
            least = super().minimumSizeHint()
            width = least.width()
            self._bar_room = self._bar_room_now()
            if inner is not None and not self.sideways:
                width = max(width, self._inner_least(inner).width() + self._bar_room)
            return QSize(width, max(least.height(), self.least_height))
        return self._inner_least(inner).expandedTo(super().minimumSizeHint())

    @staticmethod
    def _inner_least(inner: QWidget) -> QSize:
        """The widget's least size as a layout would size it in a dock (Qt's qSmartMinSize):
        its size hint along a direction its size policy does not let it shrink in."""
        hint, least, policy = inner.sizeHint(), inner.minimumSizeHint(), inner.sizePolicy()
        shrink = QSizePolicy.PolicyFlag.ShrinkFlag.value
        want = QSize(
            least.width() if policy.horizontalPolicy().value & shrink else hint.width(),
            least.height() if policy.verticalPolicy().value & shrink else hint.height(),
        )
        return want.expandedTo(inner.minimumSize())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        inner = self.widget()
        return super().sizeHint() if inner is None else inner.sizeHint()


def size_current_page_only(tabs: QTabWidget) -> None:
    """The tabs ask for the size of the page in front, not for the largest page's.

    A tab widget is at least as large as its largest page: the Gram matrix in front in a
    short strip still asked for the iteration table's 217 px, its dock scrolled and the
    heatmap's column title was under the strip's bottom edge. A page behind is given an
    ignored size policy (Qt's layouts then leave its sizes out), the page in front its own.
    """
    pages = [page for i in range(tabs.count()) if (page := tabs.widget(i)) is not None]
    policies = [page.sizePolicy() for page in pages]

    def on_current_changed(_index: int) -> None:
        front = tabs.currentWidget()
        ignored = QSizePolicy.Policy.Ignored
        for page, own in zip(pages, policies, strict=True):
            page.setSizePolicy(own if page is front else QSizePolicy(ignored, ignored))

    tabs.currentChanged.connect(on_current_changed)
    on_current_changed(tabs.currentIndex())


class Panes:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: The size `fit_to_screen` (or a remembered geometry) gave the window.
        self.placed: QSize | None = None
        #: Each dock's untranslated title (retranslated at a language change).
        self.dock_titles: dict[QDockWidget, str] = {}
        #: Their short titles, while `compact` has them as tabs in the column beside the
        #: canvas (at scale 2 on 1024×768 the tabs showed "Why it s…", "Mistakes …", "T…").
        self.short_titles: dict[QDockWidget, str] = {}
        #: The panels made when first shown or asked for, by their window attribute's name.
        self.slots: dict[str, PanelSlot] = {}
        #: The docks' scroll areas (`fold_docks` folds them: a search of the window's
        #: children for them took ~1.4 ms, twice as a window is made).
        self.areas: list[FoldingScroll] = []
        #: The window's docks as they were before `compact` (`saveState`), while compacted.
        self.compact_state: QByteArray | None = None

    def watch_first_show(self) -> None:
        """Once the window is made: the window manager's frame is known once the window
        is shown, and then it is put inside the screen (a saved geometry or a tall title
        bar may not fit). (A filter on the window while it is made would see its every
        event, ~2000.)"""
        self.w.installEventFilter(_FirstShow(self))

    def watch_screen(self) -> None:
        """Once the window is shown (it has a native window then): what it decided by its
        screen's size (the panels beside the canvas or under it, folded, the bottom
        docks' titles down their sides) is decided again when it goes to another
        screen. (Decided once, a window dragged at UI scale 2 from 1920×1080 to a
        1024×768 screen kept its panels under a canvas of a few pixels.)"""
        handle = self.w.windowHandle()
        if handle is not None:
            handle.screenChanged.connect(self._on_window_screen_changed)

    def _on_window_screen_changed(self, _screen: object) -> None:
        # (in the next turn: Qt moves the window's geometry to the new screen after this)
        QTimer.singleShot(0, self.w, self.place_for_screen)

    def place_for_screen(self) -> None:
        """The docks placed, folded and sized again for the window's screen now (not in
        presentation, which lays out its own stage and gives the window back)."""
        w = self.w
        if w.presentation.on or not w.isVisible():
            return
        self.place_docks()
        self.fold_to_screen()
        self.size_docks()
        w.look.style_busy()  # (a third of the screen's width)

    def build(self, animation_ms: int) -> None:
        """Make the central widget and the docks, as the window's attributes."""
        w = self.w
        # --- central: a notice banner and the readout over the canvas
        w.canvas = DataCanvas()
        w.canvas.animation_ms = animation_ms
        w.readout = Readout(w.controller)
        w.notice = named(WordsLabel(), "notice")
        # A long text (a path, a 300-character message) wraps or is clipped in the width
        # the canvas has: it never widens the window (its whole text is in the status bar).
        w.notice.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        w.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        w.notice.hide()
        central = QWidget()
        cl = QVBoxLayout(central)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(0)
        cl.addWidget(w.notice)
        # The main run's pane; compare mode puts the second run's pane beside it.
        w.run_title = RunTitle(w.controller, "run 1")
        w.run_title.hide()
        pane = named(QWidget(), "mainPane")
        pl = QVBoxLayout(pane)
        pl.setContentsMargins(0, 0, 0, 0)
        pl.setSpacing(0)
        pl.addWidget(w.run_title)
        w.readout_frame = SteadyFrame(w.readout)  # presentation mode takes it out
        pl.addWidget(w.readout_frame)
        # Points that are images (the built-in digits): w as an image beside the canvas.
        w.image_panel = ImagePanel(w.controller)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(w.canvas, 1)
        row.addWidget(w.image_panel)
        pl.addLayout(row, 1)
        w.canvas_splitter = named(QSplitter(Qt.Orientation.Horizontal), "canvasSplitter")
        w.canvas_splitter.setChildrenCollapsible(False)
        w.canvas_splitter.addWidget(pane)
        cl.addWidget(w.canvas_splitter, 1)
        w.timeline = Timeline(w.controller)
        cl.addWidget(w.timeline)
        # What the last step did, in the textbook's words (selectable, to paste into notes).
        w.narration = SteadyLabel(
            NARRATION_LINES, shrink=NARRATION_SHRINK, grow=NARRATION_MOST_LINES
        )
        w.narration.condensable = True  # fewer words rather than a cut result
        w.narration.setObjectName("narration")
        w.narration.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        cl.addWidget(SteadyFrame(w.narration))
        w.setCentralWidget(central)

        # --- docks (the bound's and the proof's panels are made when first shown: PanelSlot)
        w.controls = ControlPanel(w.controller)
        c = w.controller
        w.controls_dock = self.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Controls"),
            w.controls,
            Qt.DockWidgetArea.RightDockWidgetArea,
            "controlsDock",
            scroll=True,
            sideways=False,  # (a column of settings: never half a button out of sight)
        )
        w.bound_dock = self.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Mistakes and the bound"),
            self.slot("bound_panel", lambda: BoundPanel(c)),
            Qt.DockWidgetArea.BottomDockWidgetArea,
            "boundDock",
            scroll=True,  # (its plot keeps a least height: a short strip scrolls it)
        )
        # The tables are the tabs' own pages (`tabs.setCurrentWidget(w.dual_view)`); the dual
        # view makes its table and heatmap when first shown.
        w.iteration_table = IterationTable(c)
        w.dual_view = DualView(c)
        tabs = named(QTabWidget(), "tableTabs")
        tabs.addTab(w.iteration_table, "")
        tabs.addTab(w.dual_view, "")
        # In a narrow dock (a lesson's panel beside the canvas at 1024×768) the tabs' names
        # are shortened with "…", both in view, not scrolled half out of it ("ration table").
        tabs.setUsesScrollButtons(False)
        tabs.tabBar().setElideMode(Qt.TextElideMode.ElideRight)
        size_current_page_only(tabs)
        w.tabs = tabs
        w.tables_dock = self.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Tables"),
            tabs,
            Qt.DockWidgetArea.BottomDockWidgetArea,
            "tablesDock",
            scroll=True,
        )
        w.splitDockWidget(w.bound_dock, w.tables_dock, Qt.Orientation.Horizontal)
        self.short_titles = {
            w.bound_dock: QT_TRANSLATE_NOOP("MainWindow", "Mistakes"),
            w.tables_dock: QT_TRANSLATE_NOOP("MainWindow", "Tables"),
        }
        # The proof sits under the controls, in the room the right column has to spare.
        w.proof_dock = self.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Why it stops: the proof"),
            self.slot("proof_panel", lambda: ProofPanel(c)),
            Qt.DockWidgetArea.RightDockWidgetArea,
            "proofDock",
        )
        self.short_titles[w.proof_dock] = QT_TRANSLATE_NOOP("MainWindow", "Proof")
        w.splitDockWidget(w.controls_dock, w.proof_dock, Qt.Orientation.Vertical)
        # The controls run the full height on the right; the bottom strip sits under the canvas.
        w.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        w.docks = (w.controls_dock, w.proof_dock, w.bound_dock, w.tables_dock)

    def slot(self, name: str, make: Callable[[], QWidget]) -> PanelSlot:
        """A slot for the panel `make` makes, the window's attribute `name` (see PanelSlot)."""
        slot = named(PanelSlot(make, self._panel_made), f"{name}Slot")
        self.slots[name] = slot
        return slot

    def panel(self, name: str) -> QWidget:
        """The panel `name` ("bound_panel", "proof_panel"), made now if it was not yet."""
        return self.slots[name].panel()

    def make_shown(self) -> None:
        """Make the panels that showing the window now would show (before it is shown: its
        first layout has them, as a window that made them at once)."""
        for slot in self.slots.values():
            if not slot.is_made and slot.isVisibleTo(self.w):
                slot.panel()

    def _panel_made(self, panel: QWidget) -> None:
        # Names for screen readers, as the window's other widgets got theirs (a language
        # change names them all again).
        if getattr(self.w, "accessibility", None) is not None:
            from perceptron_gui.app.accessibility import name_widgets

            name_widgets(panel)
            roomy_context_menus(panel)  # (and Qt's right-click menus 24 px, as the window's)

    def retranslate(self) -> None:
        """The docks' titles and the tables' tabs in the current language."""
        self.title_docks()
        for i, name in enumerate(
            (
                translate("MainWindow", "Iteration table"),
                translate("MainWindow", "Dual view: α and G"),
            )
        ):
            self.w.tabs.setTabText(i, name)
            self.w.tabs.setTabToolTip(i, name)  # (the whole name when the tab shortens it)

    def title_docks(self) -> None:
        """The docks' titles in the current language: short while `compact` has them as
        tabs (the whole title in the tab's tooltip) or while they run down the docks'
        sides (`title_bars`), else whole."""
        compact = self.compact_state is not None
        vertical = QDockWidget.DockWidgetFeature.DockWidgetVerticalTitleBar
        for dock, title in self.dock_titles.items():
            whole = translate("MainWindow", title)
            brief = self.short_titles.get(dock)
            # (a title down a dock's side had the strip's height: "Mistakes an…" at scale
            # 2 on 1920×1080)
            short = compact or bool(dock.features() & vertical)
            dock.setWindowTitle(translate("MainWindow", brief) if short and brief else whole)
            # As tabs the docks are named by their tabs: no title bar over each (48 px of
            # the column's height at scale 2, which the bound's plot needs; View ▸ Panels
            # still shows and hides them).
            if brief:
                tabbed = (
                    compact and self.w.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
                )
                bar = dock.titleBarWidget()
                if tabbed and not isinstance(bar, _NoTitle):
                    dock.setTitleBarWidget(_NoTitle())
                elif isinstance(bar, _NoTitle) and not tabbed:
                    dock.setTitleBarWidget(None)  # type: ignore[arg-type]  # (Qt's own bar)
                    bar.deleteLater()
        if compact:  # (Qt makes the tabs when it next lays the docks out)
            QTimer.singleShot(0, self.w, self._tip_tabs)

    def _tip_tabs(self) -> None:
        """The docks' tabs' tooltips: their whole titles (Qt gives a tab its dock's title)."""
        whole = {
            translate("MainWindow", self.short_titles[d]): translate("MainWindow", t)
            for d, t in self.dock_titles.items()
            if d in self.short_titles
        }
        for bar in self.w.findChildren(QTabBar):
            if bar.parent() is self.w:
                for i in range(bar.count()):
                    tip = whole.get(bar.tabText(i))
                    if tip is not None:
                        bar.setTabToolTip(i, tip)

    def dock(
        self,
        title: str,
        widget: QWidget,
        area: Qt.DockWidgetArea,
        name: str,
        *,
        scroll: bool = False,
        sideways: bool = True,
    ) -> QDockWidget:
        """A dock for `widget` titled `title` (translated now and at each language change).

        With `scroll` the widget sits in a `FoldingScroll`: at a UI scale the screen has
        no room for, it scrolls rather than push the window past the screen (without
        `sideways`, only up and down).
        """
        d = named(QDockWidget(translate("MainWindow", title), self.w), name)
        self.dock_titles[d] = title
        # (Before its widget: `roomy` looks for the dock's own buttons among its children.)
        roomy(d)  # (its float and close buttons 24 × 24 px: WCAG 2.5.8)
        if scroll:
            widget = named(FoldingScroll(widget, sideways=sideways), f"{name}Scroll")
            self.areas.append(widget)
        d.setWidget(widget)
        d.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.w.addDockWidget(area, d)
        return d

    def fold_to_screen(self) -> None:
        """Fold the docks' scroll areas (see `FoldingScroll`) if, and only if, the window's
        minimum size with them whole would not fit its screen's available area (1248×825
        at UI scale 2 on 1024×768).

        Measured with the widgets' sizes up to date (at a scale change, a turn after it):
        the areas are unfolded, the minimum computed, and folded again before the layout
        runs, so the window never grows to the unfolded minimum on the way. With the docks
        beside the canvas (`compact`) they stay folded: their column scrolls.
        """
        if self.compact_state is not None:
            self.fold_docks(True)
            return
        self.fold_docks(False)
        for d in self.w.docks:
            dock_layout = d.layout()
            if dock_layout is not None:
                dock_layout.invalidate()
        layout = self.w.layout()
        if layout is not None:
            layout.invalidate()
        screen = self.w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        fw, fh = FRAME_ALLOWANCE
        need = self.w.minimumSizeHint()
        if need.width() > avail.width() - fw or need.height() > avail.height() - fh:
            self.fold_docks(True)

    def fold_docks(self, folded: bool) -> None:
        """Fold (or unfold) the docks' scroll areas (see `FoldingScroll`)."""
        for area in self.areas:
            if shiboken6.isValid(area):  # (a dock closed for good goes with its area)
                area.set_folded(folded)

    def fit_to_screen(self) -> None:
        """Size the window for its screen: the preferred size, or what the screen has room for.

        The frame (title bar included) stays inside the screen's available geometry.
        """
        self.fold_to_screen()
        screen = self.w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        fw, fh = FRAME_ALLOWANCE
        w, h = self.preferred_size()
        self.w.resize(w, h)
        # move() places the frame's corner: the frame, title bar included, inside the screen.
        self.w.move(
            avail.x() + max(0, (avail.width() - w - fw) // 2),
            avail.y() + max(0, (avail.height() - h - fh) // 2),
        )
        self.size_docks()
        self.placed = self.w.size()

    def preferred_size(self) -> tuple[int, int]:
        """The window's size for its screen at the UI scale now: `PREFERRED_SIZE` scaled,
        or what the screen has room for (its frame included)."""
        screen = self.w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        fw, fh = FRAME_ALLOWANCE
        s = theme().scale
        return (
            min(int(PREFERRED_SIZE[0] * s), avail.width() - fw),
            min(int(PREFERRED_SIZE[1] * s), avail.height() - fh),
        )

    def fit_again(self) -> None:
        """A window `fit_to_screen` sized, at a new UI scale: the preferred size for that
        scale, its frame moved inside the screen where it has to (Ctrl++ to scale 2 on
        1920×1080 kept the window 1500×950 of scale 1: the canvas had 43 % of it and the
        bound's plot 55 px; 1904×1032 now, as a window opened at scale 2)."""
        w = self.w
        w.resize(*self.preferred_size())
        screen = w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        frame = w.frameGeometry()
        extra_w, extra_h = frame.width() - w.width(), frame.height() - w.height()
        x = min(max(frame.x(), avail.x()), avail.right() + 1 - w.width() - extra_w)
        y = min(max(frame.y(), avail.y()), avail.bottom() + 1 - w.height() - extra_h)
        if (x, y) != (frame.x(), frame.y()):
            w.move(x, y)

    def keep_on_screen(self) -> None:
        """Once shown: the frame the window manager gave (a title bar taller than
        FRAME_ALLOWANCE) inside the screen's available area; the window moves up or
        left, and shrinks only when it cannot move enough."""
        w = self.w
        if self.placed is None or w.size() != self.placed:
            return  # sized by its caller (a script, a test), not by `fit_to_screen`
        if not w.isVisible() or w.windowState() & (
            Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen
        ):
            return
        screen = w.screen() or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry()
        frame = w.frameGeometry()
        if avail.contains(frame):
            return
        extra_w = frame.width() - w.width()
        extra_h = frame.height() - w.height()
        width = min(w.width(), avail.width() - extra_w)
        height = min(w.height(), avail.height() - extra_h)
        if (width, height) != (w.width(), w.height()):
            w.resize(width, height)
        x = min(max(frame.x(), avail.x()), avail.right() + 1 - width - extra_w)
        y = min(max(frame.y(), avail.y()), avail.bottom() + 1 - height - extra_h)
        w.move(x, y)

    def title_bars(self) -> None:
        """The bottom docks' titles down their sides on a short screen, else on top (and
        on top while `compact` has them beside the canvas, as tabs)."""
        short = short_screen(self.w) and self.compact_state is None
        vertical = QDockWidget.DockWidgetFeature.DockWidgetVerticalTitleBar
        for dock in (self.w.bound_dock, self.w.tables_dock):
            features = dock.features()
            dock.setFeatures(features | vertical if short else features & ~vertical)
        self.title_docks()  # (down a side, the short titles)

    def size_docks(self) -> None:
        """Give the canvas the most room: controls at their width, the bottom a strip.

        On a short screen for the UI scale the bottom docks' titles run down their left
        sides: the strip's height goes to the canvas (at least half the window's at scale 2
        on 1920×1080) and to the bound's plot, not to two title bars.
        """
        w, h = self.w.width(), self.w.height()
        self.title_bars()
        width = self.w.controls.sizeHint().width()
        if self.compact_state is not None:
            # (and their scroll bar: the column scrolls them, and 16 px narrower it
            # scrolled them sideways too)
            area = self.w.controls_dock.widget()
            if isinstance(area, QScrollArea):
                width += area.verticalScrollBar().sizeHint().width()
        self.w.resizeDocks([self.w.controls_dock], [width], Qt.Orientation.Horizontal)
        if self.compact_state is not None:
            self._size_column()
            return
        ch = self.w.controls.sizeHint().height()
        self.w.resizeDocks(
            [self.w.controls_dock, self.w.proof_dock],
            [ch, max(120, h - ch)],
            Qt.Orientation.Vertical,
        )
        # The bottom panels' share shrinks with the UI scale: the canvas keeps its room;
        # above scale 1 the strip takes what the canvas has beyond STRIP_CANVAS_SHARE.
        strip = max(160, int(h * 0.34 / theme().ui_scale))
        if theme().ui_scale > 1.0:
            strip = max(strip, self._strip_for_canvas_share())
        self.w.resizeDocks([self.w.bound_dock], [strip], Qt.Orientation.Vertical)
        rest = max(200, w - self.w.controls.sizeHint().width())
        self.w.resizeDocks(
            [self.w.bound_dock, self.w.tables_dock],
            [rest * 2 // 5, rest * 3 // 5],
            Qt.Orientation.Horizontal,
        )

    def _strip_for_canvas_share(self) -> int:
        """The bottom strip's height that leaves the canvas `STRIP_CANVAS_SHARE` of the
        window's: the window's height less the canvas's share and what the bars, the
        readout, the timeline and the narration ask for (their size hints, up to date at
        once after a change of scale, unlike their places; measured from the laid-out
        canvas, the strip came out 16 px apart from run to run)."""
        w = self.w
        parts: list[QWidget] = [w.menuBar(), w.statusBar(), w.timeline, w.notice, w.run_title]
        parts += [w.readout_frame, w.narration.parentWidget() or w.narration]
        if w.toolBarArea(w.toolbar) == Qt.ToolBarArea.TopToolBarArea:
            parts.append(w.toolbar)
        chrome = sum(p.sizeHint().height() for p in parts if not p.isHidden())
        style = w.style()
        chrome += style.pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, w)
        return w.height() - chrome - int(STRIP_CANVAS_SHARE * w.height())

    # ------------------------------------------------------------ a cramped canvas

    def room_height(self) -> int:
        """The height a window can have on its screen (its available height, less the
        window manager's title bar and borders)."""
        screen = self.w.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry().height() - FRAME_ALLOWANCE[1]

    def place_docks(self) -> None:
        """The panels under the canvas, or beside it (`compact`) where `compact_wanted`
        says so for the screen and the UI scale now (at first show and at a change of
        scale; never in presentation, which lays out its own stage)."""
        if self.w.presentation.on:
            return
        wanted = compact_wanted(self.room_height(), theme().ui_scale)
        if wanted and self.compact_state is None:
            self.compact()
        elif not wanted and self.compact_state is not None:
            self.uncompact()

    def compact(self) -> None:
        """The docks under the canvas beside it instead, as tabs with the proof under the
        controls (titles on top, the mistakes' panel in front): the canvas gets the
        strip's height. `uncompact` gives the docks back as they were (saved here, as
        presentation saves them)."""
        w = self.w
        right = Qt.DockWidgetArea.RightDockWidgetArea
        bottom = [
            d
            for d in w.findChildren(QDockWidget)
            if w.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea and not d.isFloating()
        ]
        if not bottom:
            return
        shown = [d for d in bottom if d.isVisible()]
        self.compact_state = w.saveState()
        # The column scrolls its docks rather than ask for their whole heights (at scale
        # 1.1 they asked for 30 px more than the screen had, and the window grew), folded
        # before they move: a maximized window grew to 1024×816 on 1024×768 as they did.
        self.fold_docks(True)
        self.title_bars()  # (on top: a column's tabs, as the lesson's column has them)
        anchor = w.proof_dock
        if w.dockWidgetArea(anchor) != right or anchor.isFloating():
            w.addDockWidget(right, bottom[0])
            anchor = bottom[0]
        for dock in bottom:
            if dock is not anchor:
                w.tabifyDockWidget(anchor, dock)
        if shown:  # (the mistakes and the bound in front, unless it was closed)
            (w.bound_dock if w.bound_dock in shown else shown[0]).raise_()
        w.controls.set_buttons_first(True)
        self.title_docks()
        self.size_docks()

    def _size_column(self) -> None:
        """Compacted: the controls over the panels' tabs, at most `COMPACT_CONTROLS_SHARE`
        of the column's height (they scroll), but always as tall as their Run group (first
        there: `ControlPanel.set_buttons_first`) needs."""
        w = self.w
        h = w.height()
        area = w.controls_dock.widget()
        if isinstance(area, FoldingScroll):
            area.set_heights(self._column_controls)
        ch = self._column_controls()[1]
        others = [
            d
            for d in w.findChildren(QDockWidget)
            if d is not w.controls_dock
            and d.isVisible()
            and not d.isFloating()
            and w.dockWidgetArea(d) == Qt.DockWidgetArea.RightDockWidgetArea
        ]
        if others:
            w.resizeDocks(
                [w.controls_dock, others[0]], [ch, max(120, h - ch)], Qt.Orientation.Vertical
            )

    def _column_controls(self) -> tuple[int, int]:
        """Compacted, the controls' least and most heights in the column: their Run
        group, and whole groups, all of them where they fit `COMPACT_CONTROLS_SHARE` of
        the window's height, else the Run group alone (the settings under it scrolled
        to). Cut at the share, the column showed the top of the Algorithm group's title
        under the Run group (maximized at scale 2 on 1024×768: Qt gives a column's docks
        the window's extra height in proportion); measured again at a change of the
        controls' sizes (a language: the Run group 7 px taller in Chinese, and cut)."""
        c = self.w.controls
        margins = c.layout().contentsMargins()  # type: ignore[union-attr]
        buttons = c.run_box.sizeHint().height() + margins.top() + margins.bottom()
        whole = c.sizeHint().height()
        return buttons, whole if whole <= int(self.w.height() * COMPACT_CONTROLS_SHARE) else buttons

    def uncompact(self) -> None:
        """The docks back where they were before `compact`."""
        state, self.compact_state = self.compact_state, None
        self.w.controls.set_buttons_first(False)
        area = self.w.controls_dock.widget()
        if isinstance(area, FoldingScroll):
            area.set_heights(None)
        self.title_docks()
        if state is not None:
            self.title_bars()
            self.w.restoreState(state)

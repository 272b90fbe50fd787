"""The lesson player: scenes played with a presenter's clicker, questions asked of the room.

`LessonPlayer` drives the window through its scripting API (it never reaches into the
core's trainer): opening a scene sets the data and the settings as one would by hand,
then seeks to the scene's start. The clicker's keys (PageDown / PageUp, → / ←, Space /
Backspace, Home, B, digits, Y / N) are taken from the window while a lesson is open.
`LessonScripting` is the window's share of the scripting API (``open_lesson``,
``next_slide``, ``previous_slide``, ``answer``, ``add_scene``, ``save_lesson``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app import i18n
from perceptron_gui.app.format import keep_words, plain_text
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.panels.common import SteadyLabel
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import LABEL_PT, TICK_PT, theme
from perceptron_gui.core.api import train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.lesson import (
    SUFFIX,
    Lesson,
    Scene,
    builtin_folder,
    load_lesson,
    localize,
    save_lesson,
    scene_train_kwargs,
    settings_of,
)
from perceptron_gui.core.writer import check_regular_target

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: Keys of the clicker: next, previous (what presenter remotes send, and the keyboard's).
NEXT_KEYS = (Qt.Key.Key_PageDown, Qt.Key.Key_Right, Qt.Key.Key_Space)
PREVIOUS_KEYS = (Qt.Key.Key_PageUp, Qt.Key.Key_Left, Qt.Key.Key_Backspace)
#: ... of which these move keyboard editing's cursor while it is on (K).
EDITING_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right)
#: The question's type size (unscaled points; presentation boosts it).
QUESTION_PT = LABEL_PT
#: The caption's and the counter's type size (unscaled points).
CAPTION_PT = TICK_PT
#: In presentation, a panel a scene shows takes at most this share of the window's side...
PRESENTED_DOCK_SHARE = 0.3
#: ... where the screen is at least this tall (pixels at UI scale 1).
PRESENTED_PANELS_MIN_HEIGHT = 1000
#: On a shorter screen (a 1024×768 projector) the panels go in a column beside the canvas,
#: this share of the width, so that the plot keeps the screen's height...
PRESENTED_BESIDE_SHARE = 0.42
#: ... the column's first panel taking this share of its height when it holds more.
PRESENTED_FIRST_SHARE = 0.62
#: A "will it converge?" answer is checked on a run of at most this many updates.
CONVERGES_CAP = 100_000
#: A scene about the augmented or the weight space gives its view this share of the width.
SPACE_SHARE = 0.4
#: Going back into a scene without a stop shows its run's end, up to this many updates.
BACK_CAP = 10_000
#: The most lines the strip's caption (presentation mode) and its counter ("3 / 12" and
#: the scene's title) take.
STRIP_CAPTION_LINES = 10
COUNTER_LINES = 8
#: The most of the strip's width the title's column takes to keep its longest word whole.
COUNTER_MOST = 0.4
#: A word of a title, where a line may not break: a run of letters but Chinese ones
#: (between those a line breaks anywhere, but where `keep_words` glued them), and the
#: no-break spaces that keep an expression's terms together (`keep_terms`: "sign(w·x + b)").
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_WORD = re.compile(rf"(?:[^\s{_CJK}]|\u00a0|[{_CJK}](?:\u2060[{_CJK}])+)+")
LESSON_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Lessons (*.lesson.toml *.toml)")


class LessonStrip(QWidget):
    """Under the canvas: the question (large), the caption, and "3 / 12 · title" at the right.

    It sits outside the plot, so it covers no data point.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonStrip")
        self.question = named(QLabel(), "lessonQuestion")
        self.question.setWordWrap(True)
        # The lesson's own texts (a caption, "3 / 12" and a scene's title): the lines they
        # need up to a cap, the rest elided, whole in the tooltip; a 300-character title
        # made the window 3161 px wide.
        self.caption = named(SteadyLabel(None, most=STRIP_CAPTION_LINES), "lessonCaption")
        self.counter = named(SteadyLabel(None, most=COUNTER_LINES), "lessonCounter")
        self.counter.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.question)
        left.addWidget(self.caption)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 8, 4)
        row.addLayout(left, 3)
        row.addWidget(self.counter, 1, Qt.AlignmentFlag.AlignTop)
        self.restyle()
        theme().changed.connect(self.restyle)

    #: The application's language changed (the player rewrites the texts).
    language_changed = Signal()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.language_changed.emit()
        super().changeEvent(event)

    def restyle(self) -> None:
        """Fonts from the theme (presentation boosts them)."""
        self.question.setFont(theme().font(QUESTION_PT, bold=True))
        self.caption.setFont(theme().font(CAPTION_PT))
        self.counter.setFont(theme().font(CAPTION_PT))
        self.fit_counter()

    def fit_counter(self) -> None:
        """The title's column at least as wide as the title's longest word, up to
        `COUNTER_MOST` of the strip: a word is not broken inside ("the augmente / d space"
        beside the augmented view at 1024×768); a longer one still is, in the column's own
        width (a 300-character word neither widens the window nor takes the caption's
        room)."""
        fm = QFontMetrics(self.counter.font())
        words = _WORD.findall(self.counter.text())
        longest = max((fm.horizontalAdvance(word) for word in words), default=0)
        m = self.counter.contentsMargins()
        want = longest + m.left() + m.right() + 2
        if want > COUNTER_MOST * self.width():  # broken in any case: the caption keeps its room
            want = 0
        if want != self.counter.minimumWidth():
            self.counter.setMinimumWidth(want)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fit_counter()


class LessonPlayer(QObject):
    """Plays a `Lesson` in a `MainWindow`: scenes, their steps, questions and the tally."""

    #: The scene, the position in it, or the question changed.
    changed = Signal()

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._lesson: Lesson | None = None
        #: Counts the changes of the lesson (its scenes, their order), for the panel.
        self.revision = 0
        self.index = 0
        self.asked = 0
        self.right = 0
        self.verdict = ""
        self.typed = ""
        self._answered_converges = False
        self._applying = False
        #: The user's settings when the lesson opened: a scene that does not name the
        #: update limit keeps theirs, and closing the lesson gives them all back.
        self._user_config: TrainConfig | None = None
        #: The Lesson panel (install_lesson's slot makes it when its dock is first shown).
        self.panel: QWidget | None = None
        self.dock: QDockWidget | None = None  # ... and its dock
        self.strip = LessonStrip()
        self.strip.hide()
        self.strip.language_changed.connect(self.refresh)
        central = window.centralWidget()
        assert central is not None
        layout = central.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.indexOf(window.canvas_splitter) + 1, self.strip)
        self.blank = window.presentation.blank  # B / W: the window's, lesson or not
        window.controller.changed.connect(self._on_controller_changed)
        window.canvas.viewport().installEventFilter(self)

    # ---------------------------------------------------------------- state

    @property
    def lesson(self) -> Lesson | None:
        """The lesson open (None: none)."""
        return self._lesson

    @lesson.setter
    def lesson(self, lesson: Lesson | None) -> None:
        app = QApplication.instance()
        if app is not None and (lesson is None) != (self._lesson is None):
            # The clicker's keys are looked at only while a lesson is open.
            if lesson is None:
                app.removeEventFilter(self)
            else:
                app.installEventFilter(self)
        self._lesson = lesson
        self.revision += 1

    @property
    def scene(self) -> Scene | None:
        """The scene shown (None without a lesson)."""
        return None if self.lesson is None else self.lesson.scenes[self.index]

    def _k(self) -> int:
        return int(self.window.controller.trainer.k)

    def at_end(self) -> bool:
        """True when the next click opens the next scene (at `stop`, or the run ended)."""
        scene = self.scene
        if scene is None:
            return True
        t = self.window.controller.trainer
        return bool(t.done) or (scene.stop is not None and t.k >= scene.stop)

    def pending(self) -> str | None:
        """The question the room is asked now, or None (none either when no point is wrong:
        "which point is corrected next?" has no answer then)."""
        scene = self.scene
        if scene is None or scene.question is None or self.at_end():
            return None
        if scene.question == "converges":
            return None if self._answered_converges or self._k() != scene.start else "converges"
        if scene.question == "next-point" and self.window.controller.trainer.errors() == 0:
            return None
        return scene.question

    def state(self) -> dict[str, Any] | None:
        """``state()["lesson"]``: the lesson's title, scene (0-based), count, ... or None."""
        scene = self.scene
        if self.lesson is None or scene is None:
            return None
        lang = i18n.language()
        out: dict[str, Any] = plain_text(
            {
                "title": localize(self.lesson.title, lang),
                "scene": self.index,
                "scenes": len(self.lesson.scenes),
                "scene_title": localize(scene.title, lang),
                "caption": localize(scene.caption, lang),
                "question": scene.question,
                "asking": self.pending(),
                "asked": self.asked,
                "right": self.right,
                "verdict": self.verdict,
                "blank": self.blank.isVisible(),
                "path": self.lesson.path,
            }
        )
        return out

    # ---------------------------------------------------------------- opening

    def open(self, path: str | Path) -> bool:
        """Open a lesson file (or a built-in lesson by name) at its first scene.

        Every scene is checked first; a bad file gives a banner naming the file, the
        scene and the key, and the lesson shown before stays. False then.
        """
        try:
            lesson = load_lesson(path)
        except DataError as exc:
            self.window.show_notice(
                self.tr("lesson not opened: {error}").format(error=exc), error=True
            )
            return False
        self.set_lesson(lesson)
        return True

    def set_lesson(self, lesson: Lesson | None, index: int = 0) -> None:
        """Show `lesson` at scene `index` (None closes the lesson and gives the settings
        back as they were before it opened)."""
        if lesson is not None and self._lesson is None:
            self._user_config = self.window.controller.config
        self.lesson = lesson
        if lesson is None:
            self.strip.hide()
            self.blank.blank(None)
            self.window.iteration_table.set_buttons_shown(True)
            if self._user_config is not None:
                with self.window.document.not_an_edit():  # (given back, not changed)
                    self.window.controller.set_config(self._user_config)
                self._user_config = None
            self.refresh()
            return
        self.go(min(max(0, index), len(lesson.scenes) - 1))

    def go(self, index: int, *, at_stop: bool = False) -> None:
        """Open scene `index` at its start (or at its stop or end, going back from the next)."""
        if self.lesson is None:
            return
        self.index = index
        scene = self.lesson.scenes[index]
        w = self.window
        self.asked = self.right = 0
        self.verdict = self.typed = ""
        self._answered_converges = False
        self._applying = True
        w.controller.quiet_restart = True  # a scene's start is not the user's edit
        # A compare scene after a compare scene keeps the pair (the second run follows the
        # new data and takes the scene's settings): made again, it was most of the change.
        keep = bool(scene.compare) and w.compare.run is not None
        # One drawing and one layout of the texts at the end, not one per setting the scene
        # makes (three passes of the names' layout were most of a change).
        batch = contextlib.ExitStack()
        batch.enter_context(w.document.not_an_edit())  # the scene's data are the lesson's
        batch.enter_context(w.canvas.batch())
        if keep and w.compare.view is not None:
            batch.enter_context(w.compare.view.canvas.batch())
        # The readout (its box and its runs change several times) laid out once, before
        # the texts' layout pass: its height is the canvas's header.
        batch.enter_context(w.readout.held())
        with batch:
            try:
                if not keep:
                    w.set_compare(None)
                config = self.scene_config(scene)
                w.controller.set_config(config)
                margin = scene.margin
                if margin is not None and hasattr(scene.config, "margin"):
                    w.controller.set_settings(margin=margin)
                w.controller.set_data(
                    scene.data, self.tr("lesson: {title}").format(title=self._title(scene))
                )
                target = scene.start
                if at_stop:  # the run's end when it has no stop (within BACK_CAP updates)
                    limit = config.max_updates
                    end = BACK_CAP if limit is None else min(limit, BACK_CAP)
                    target = scene.stop if scene.stop is not None else max(end, scene.start)
                w.seek(target)
                self._apply_show(scene)
                if scene.compare:
                    if keep and w.compare.run is not None:
                        # The scene's second run: this scene's run with the scene's changes
                        # (not the last scene's second run's: its order, seed, mode stay out).
                        w.compare.run.set_settings(dict(scene.compare), from_main=True)
                        w.compare.make_room()  # (the scene's panels were just shown)
                    else:
                        w.set_compare(dict(scene.compare))
                    w.seek(target)
            finally:
                self._applying = False
                w.controller.quiet_restart = False
            self.strip.show()
            self.refresh()
            # The panels shown, hidden and refilled resize the canvas: laid out now, so
            # that the texts' one layout pass (at the batch's end) is at the canvas's new
            # size, not one before the resize and more after it.
            for _ in range(2):
                QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)

    def scene_config(self, scene: Scene) -> TrainConfig:
        """The settings scene `scene` runs with: its own, the defaults for the others, and
        the user's update limit when it names none (a lesson never raises the limit to the
        core's 10⁶ behind the user's back)."""
        config = scene.config
        if "max_updates" not in scene.settings and self._user_config is not None:
            config = dataclasses.replace(config, max_updates=self._user_config.max_updates)
        return config

    def _apply_show(self, scene: Scene) -> None:
        w = self.window
        for name, action in (
            ("radius", w.act_radius),
            ("best", w.act_best),
            ("anatomy", w.act_anatomy),
            ("phases", w.act_phases),
        ):
            if (name in scene.show) != action.isChecked():
                action.trigger()
        docks = {
            "proof": w.proof_dock,
            "bound": w.bound_dock,
            "table": w.tables_dock,
            "dual": w.tables_dock,
        }
        wanted = {docks[s] for s in scene.show if s in docks}
        if "dual" in scene.show:
            w.tabs.setCurrentIndex(1)
        elif "table" in scene.show:
            w.tabs.setCurrentIndex(0)
        presenting = w.act_present.isChecked()
        beside = presenting and self._short_screen()
        w.iteration_table.set_buttons_shown(not beside)
        # (A tab in the back is not laid out again when its buttons hide: the tabs kept the
        # buttons' 613 px as their least width at UI scale 2, and the Gram matrix's column
        # scrolled sideways. Asked again now.)
        layout = w.iteration_table.layout()
        if layout is not None:
            invalidate_all(layout)
        w.tabs.updateGeometry()
        if beside and "dual" not in scene.show:
            # The iteration table needs more than the column's width at the room's type
            # (its w and w·x + b elide): on a short screen the narration under the plot
            # gives the update's numbers instead, as before.
            wanted.discard(w.tables_dock)
        if beside and scene.compare:
            wanted = set()  # the two plots need the width (their readouts give k and bound)
        for dock in w.docks:
            if dock in wanted:
                dock.show()
            elif presenting:
                dock.hide()  # the stage shows what this scene names, nothing else
        if beside:
            # A short screen: the panels the scene names in one column beside the canvas
            # (presentation gives the docks' places back when it ends). After they are
            # shown: a hidden dock shown again goes back to the place it was hidden in.
            column = [d for d in (w.proof_dock, w.bound_dock, w.tables_dock) if d in wanted]
            vertical = QDockWidget.DockWidgetFeature.DockWidgetVerticalTitleBar
            for dock in column:
                if w.dockWidgetArea(dock) != Qt.DockWidgetArea.RightDockWidgetArea:
                    w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
                # Titles on top in the column (down the side, as a short screen's bottom
                # docks have them, "Mistakes and …" was elided and the width went to it).
                dock.setFeatures(dock.features() & ~vertical)
            down = Qt.Orientation.Vertical
            for above, below in zip(column, column[1:], strict=False):
                # Qt adds a dock split from a tabbed one as another tab (the proof shares
                # tabs with the hidden Lesson panel): take `above` out of its tabs first
                # (under `below`), then put `below` under it.
                w.splitDockWidget(below, above, down)
                w.splitDockWidget(above, below, down)
        # The spaces behind the line are what their scenes are about: shown on any screen.
        for kind, dock in w.spaces.docks.items():
            if kind in scene.show:
                w.spaces.set_visible(kind, True, share=SPACE_SHARE)
            elif presenting or dock.isVisible():
                w.spaces.set_visible(kind, False)
        # Once the docks have their room: the canvas keeps most of the screen, and the
        # view frames the points in what is left.
        QTimer.singleShot(0, lambda: self._settle(wanted if presenting else set()))

    def _short_screen(self) -> bool:
        """The screen is too short for panels under the canvas (1024×768: 768 px)."""
        w = self.window
        screen = w.screen()  # presentation is full screen (the window may be resizing)
        tall = screen.geometry().height() if screen is not None else w.height()
        return tall < PRESENTED_PANELS_MIN_HEIGHT * theme().ui_scale

    def _settle(self, wanted: set[QDockWidget]) -> None:
        w = self.window
        screen = w.screen()
        if w.act_present.isChecked() and wanted and self._short_screen():
            full = screen.geometry() if screen is not None else w.rect()
            column = [d for d in (w.proof_dock, w.bound_dock, w.tables_dock) if d in wanted]
            w.resizeDocks(
                column,
                [int(full.width() * PRESENTED_BESIDE_SHARE)] * len(column),
                Qt.Orientation.Horizontal,
            )
            if len(column) > 1:  # the first named (the proof, say) is what the scene is about
                rest = (1.0 - PRESENTED_FIRST_SHARE) / (len(column) - 1)
                shares = [PRESENTED_FIRST_SHARE] + [rest] * (len(column) - 1)
                w.resizeDocks(
                    column, [int(full.height() * f) for f in shares], Qt.Orientation.Vertical
                )
        elif w.act_present.isChecked():
            for dock in wanted:
                area = w.dockWidgetArea(dock)
                across = area in (
                    Qt.DockWidgetArea.LeftDockWidgetArea,
                    Qt.DockWidgetArea.RightDockWidgetArea,
                )
                full = screen.geometry() if screen is not None else w.rect()
                side = full.width() if across else full.height()
                w.resizeDocks(
                    [dock],
                    [int(side * PRESENTED_DOCK_SHARE)],
                    Qt.Orientation.Horizontal if across else Qt.Orientation.Vertical,
                )
        w.canvas.fit_view()

    def style_dock(self) -> None:
        """The Lesson dock in the font the window gives its docks (titles follow the scale)."""
        if self.dock is not None:
            font = theme().font()
            font.setStyleStrategy(QFont.StyleStrategy.PreferQuality)
            self.dock.setFont(font)

    def on_presentation_toggled(self) -> None:
        """Entering presentation shows the panels the scene names (and only those)."""
        if not self.window.act_present.isChecked():
            self.window.panes.title_bars()  # (the column's titles on top: the window's again)
        scene = self.scene
        if scene is not None:
            self._apply_show(scene)
            self.refresh()

    def _title(self, scene: Scene) -> str:
        return localize(scene.title, i18n.language())

    # ---------------------------------------------------------------- clicker

    def next_slide(self) -> bool:
        """The clicker's next: the next update, or the next scene at the scene's end.

        On an open question it reveals the answer first (not counted in the tally): "will
        it converge?" is answered and the next click starts the run; "which point is
        next?" plays the update and names its point. False at the lesson's end.
        """
        if self.lesson is None:
            return False
        if self.blank.isVisible():
            self.blank.blank(None)
            return True
        if self.at_end():
            if self.index + 1 >= len(self.lesson.scenes):
                return False
            self.go(self.index + 1)
            return True
        asking = self.pending()
        scene = self.scene
        if asking == "converges" and scene is not None:
            self._answered_converges = True
            self.typed = ""
            self.verdict = (
                self.tr("the answer: it converges")
                if self._converges(scene)
                else self.tr("the answer: it never converges")
            )
            self.refresh()
            return True
        self.verdict = self.typed = ""
        rec = self.window.step()
        if asking == "next-point" and rec is not None:
            self.verdict = self.tr("the update is on {point}").format(point=self._named(rec))
        self.refresh()
        return True

    def previous_slide(self) -> bool:
        """The clicker's previous: one update back, or the previous scene (at its stop or end)."""
        scene = self.scene
        if self.lesson is None or scene is None:
            return False
        if self.blank.isVisible():
            self.blank.blank(None)
            return True
        self.verdict = self.typed = ""
        k = self._k()
        if k > scene.start:
            self.window.seek(k - 1)
            self.refresh()
            return True
        if self.index == 0:
            return False
        self.go(self.index - 1, at_stop=True)
        return True

    def home(self) -> None:
        """Back to the scene's start."""
        scene = self.scene
        if scene is not None:
            self.verdict = self.typed = ""
            self._answered_converges = False
            self.window.seek(scene.start)
            self.refresh()

    def toggle_blank(self) -> None:
        """B: blank the screen, or show it again."""
        self.window.presentation.toggle_blank("black")

    # ---------------------------------------------------------------- questions

    def answer(self, value: Any) -> bool:
        """The room's answer: a point's 0-based index (next-point) or True / False (converges).

        Says right or wrong; a next-point answer then plays the update. Returns True when
        right (False when wrong, or when no question is asked now).
        """
        asking = self.pending()
        scene = self.scene
        if asking is None or scene is None:
            return False
        w = self.window
        self.typed = ""
        if asking == "converges":
            if not isinstance(value, bool):
                return False
            truth = self._converges(scene)
            right = value == truth
            self._answered_converges = True
            self._count(right)
            self.verdict = (
                self.tr("right: it converges")
                if right and truth
                else self.tr("right: it never converges")
                if right
                else self.tr("wrong: it converges")
                if truth
                else self.tr("wrong: it never converges")
            )
            self.refresh()
            return right
        n = w.controller.data.n
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
            return False
        rec = w.step()
        if rec is None:
            return False
        chosen = {int(rec.index)}
        batches = getattr(w.controller.trainer, "batch_points", None)
        if batches is not None and len(batches) >= rec.k:
            chosen |= {int(i) for i in batches[rec.k - 1]}
        right = value in chosen
        self._count(right)
        who = self._named(rec)
        self.verdict = (
            self.tr("right: the update is on {point}").format(point=who)
            if right
            else self.tr("wrong: the update is on {point}, not x{chosen}").format(
                point=who, chosen=value + 1
            )
        )
        self.refresh()
        return right

    @staticmethod
    def _converges(scene: Scene) -> bool:
        """Whether the scene's run converges (within CONVERGES_CAP updates)."""
        kwargs = scene_train_kwargs(scene)
        kwargs["max_updates"] = min(kwargs.get("max_updates") or CONVERGES_CAP, CONVERGES_CAP)
        data = scene.data
        return bool(train(data.points, data.labels, **kwargs).converged)

    @staticmethod
    def _named(rec: Any) -> str:
        return f"x{int(rec.index) + 1}"

    def _count(self, right: bool) -> None:
        self.asked += 1
        self.right += int(right)

    # ---------------------------------------------------------------- making lessons

    def add_scene(self, title: str, caption: str) -> Scene:
        """Append the window's present state as a scene (a new lesson if none is open)."""
        w = self.window
        c = w.controller
        show = [
            name
            for name, on in (
                ("radius", w.act_radius.isChecked()),
                ("best", w.act_best.isChecked()),
                ("anatomy", w.act_anatomy.isChecked()),
                ("phases", w.act_phases.isChecked()),
                ("proof", w.proof_dock.isVisible()),
                ("bound", w.bound_dock.isVisible()),
                ("table", w.tables_dock.isVisible() and w.tabs.currentIndex() == 0),
                ("dual", w.tables_dock.isVisible() and w.tabs.currentIndex() == 1),
            )
            if on
        ]
        compare = None
        if w.compare_run is not None:  # the second run's settings that differ
            mine = w.compare_run.settings()
            compare = {k: v for k, v in mine.items() if getattr(c.config, k) != v}
        scene = Scene(
            title=title,
            caption=caption,
            data=c.data,
            source=("points", None),
            settings=settings_of(c.config),
            start=int(c.trainer.k),
            show=tuple(show),
            compare=compare or None,
        )
        lesson = self.lesson or Lesson(title=self.tr("Lesson"), scenes=())
        self.lesson = dataclasses.replace(lesson, scenes=(*lesson.scenes, scene))
        self.index = len(self.lesson.scenes) - 1
        self.strip.show()
        self.refresh()
        return scene

    def move_scene(self, i: int, j: int) -> bool:
        """Move scene `i` to position `j` (the scene shown stays shown)."""
        if self.lesson is None:
            return False
        scenes = list(self.lesson.scenes)
        if not (0 <= i < len(scenes) and 0 <= j < len(scenes)) or i == j:
            return False
        shown = scenes[self.index]
        scenes.insert(j, scenes.pop(i))
        self.lesson = dataclasses.replace(self.lesson, scenes=tuple(scenes))
        self.index = scenes.index(shown)
        self.refresh()
        return True

    def delete_scene(self, i: int) -> bool:
        """Delete scene `i` (the last one left closes the lesson)."""
        if self.lesson is None or not 0 <= i < len(self.lesson.scenes):
            return False
        scenes = list(self.lesson.scenes)
        shown = scenes[self.index]
        del scenes[i]
        if not scenes:
            self.set_lesson(None)
            return True
        self.lesson = dataclasses.replace(self.lesson, scenes=tuple(scenes))
        if shown in scenes:
            self.index = scenes.index(shown)
            self.refresh()
        else:
            self.go(min(i, len(scenes) - 1))
        return True

    def save(self, path: str | Path) -> bool:
        """Save the lesson as TOML; False, with a banner, when it cannot be written."""
        if self.lesson is None:
            self.window.show_notice(self.tr("no lesson to save"), error=True)
            return False
        target = Path(path)
        try:
            check_regular_target(target)  # a FIFO or a device: refused at once (waited 1 s)
            save_lesson(self.lesson, target)
        except (OSError, DataError) as exc:
            self.window.show_notice(
                self.tr("lesson not saved: {error}").format(error=exc), error=True
            )
            return False
        self.lesson = dataclasses.replace(self.lesson, path=str(target))
        self.window.statusBar().showMessage(self.tr("saved {path}").format(path=target))
        self.changed.emit()
        return True

    # ---------------------------------------------------------------- dialogs

    def open_dialog(self) -> None:
        """File ▸ Open lesson…"""
        path, _ = QFileDialog.getOpenFileName(
            self.window, self.tr("Open lesson"), "", self.window.tr(LESSON_FILTER)
        )
        if path:
            self.open(path)

    def add_scene_dialog(self) -> None:
        """Lesson ▸ Add this scene: asks for a title and a caption."""
        title, ok = QInputDialog.getText(self.window, self.tr("Add this scene"), self.tr("Title:"))
        if not ok:
            return
        caption, ok = QInputDialog.getMultiLineText(
            self.window, self.tr("Add this scene"), self.tr("Caption:")
        )
        if ok:
            self.add_scene(title, caption)

    def save_dialog(self) -> None:
        """Lesson ▸ Save lesson…"""
        start = self.lesson.path if self.lesson is not None and self.lesson.path else ""
        if start and Path(start).parent == builtin_folder():
            start = ""  # a built-in lesson is saved as a copy elsewhere
        path, _ = QFileDialog.getSaveFileName(
            self.window, self.tr("Save lesson"), start, self.window.tr(LESSON_FILTER)
        )
        if path:
            if not path.endswith(".toml"):
                path += SUFFIX
            self.save(path)

    # ---------------------------------------------------------------- display

    def refresh(self) -> None:
        """The strip's texts: question, verdict, caption, counter, and the tally at the end."""
        scene = self.scene
        if self.lesson is None or scene is None:
            self.window.readout.set_withheld(False)
            self.changed.emit()
            return
        lang = i18n.language()
        asking = self.pending()
        lines = []
        if self.verdict:
            lines.append(self.verdict)
        if asking == "next-point":
            typed = f": x{self.typed}" if self.typed else ""
            lines.append(self.tr("Which point is corrected next? Click it or type its number"))
            lines[-1] += typed
        elif asking == "converges":
            lines.append(self.tr("Will this run converge? Y / N"))
        if scene.question is not None and self.at_end():
            lines.append(
                self.tr("tally: {right} right of {asked} asked").format(
                    right=self.right, asked=self.asked
                )
            )
        if scene.question is not None:
            # Two lines always, the verdict's and the question's (or the tally's), blank
            # while empty: answers come and go without moving the plot (it shrank 34 px at
            # each scene's first answer, 516 → 482 px at 1024×768).
            if not self.verdict:
                lines.insert(0, "")
            if len(lines) < 2:
                lines.append("")
        # While the room is asked whether the run converges, the readout names no bound and
        # no verdict (a bound would say "separable", hence "it converges").
        self.window.readout.set_withheld(asking == "converges")
        self.strip.question.setText(keep_words("\n".join(lines)))
        self.strip.question.setVisible(bool(lines))
        caption = localize(scene.caption, lang)
        if scene.question is not None:  # the strip asks it in large type: not twice (nor
            caption = caption_without_question(caption)  # back after: the strip's height)
        self.strip.caption.setText(keep_words(caption))  # (Chinese words kept whole too)
        # In the window the caption is in the Lesson panel: the canvas keeps the room.
        self.strip.caption.setVisible(self.window.act_present.isChecked() and bool(caption))
        title = keep_words(localize(scene.title, lang))
        self.strip.counter.setText(f"{self.index + 1} / {len(self.lesson.scenes)}\n{title}")
        self.strip.fit_counter()
        self.changed.emit()

    def _on_controller_changed(self, *_: Any) -> None:
        if self.lesson is not None and not self._applying:
            self.refresh()

    # ---------------------------------------------------------------- events

    def _typing(self) -> bool:
        focus = QApplication.focusWidget()
        return isinstance(focus, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """The clicker's keys, a click on a point to answer."""
        kind = event.type()
        if self.lesson is None:
            return False
        if kind in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            assert isinstance(event, QKeyEvent)
            if not isinstance(obj, QWidget) or obj.window() is not self.window or self._typing():
                return False
            if not self._handles(event):
                return False
            if kind == QEvent.Type.ShortcutOverride:
                event.accept()  # ours, not the window's shortcut for the same key
                return True
            self._key(event)
            return True
        if (
            kind == QEvent.Type.MouseButtonPress
            and obj is self.window.canvas.viewport()
            and self.pending() == "next-point"
        ):
            assert isinstance(event, QMouseEvent)
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            canvas = self.window.canvas
            i = canvas.hit_test(*canvas.from_widget(event.position()))
            if i is not None:
                self.answer(i)
            return True  # no point is added while the room is asked
        return False

    def _handles(self, event: QKeyEvent) -> bool:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if mods not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return False
        if key in EDITING_KEYS and self.window.accessibility.editor.on:
            return False  # keyboard editing's cursor (K), as outside a lesson; PageDown stays
        if key in NEXT_KEYS or key in PREVIOUS_KEYS or key in (Qt.Key.Key_Home, Qt.Key.Key_B):
            return True
        asking = self.pending()
        if asking == "converges":
            return key in (Qt.Key.Key_Y, Qt.Key.Key_N)
        if asking == "next-point":
            digit = Qt.Key.Key_0 <= key <= Qt.Key.Key_9
            enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            return digit or enter or (key == Qt.Key.Key_Escape and bool(self.typed))
        return False

    def _key(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_B:
            self.toggle_blank()
        elif key == Qt.Key.Key_Home:
            self.home()
        elif key in (Qt.Key.Key_Y, Qt.Key.Key_N):
            self.answer(key == Qt.Key.Key_Y)
        elif Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
            self.typed = (self.typed + chr(int(key)))[-6:]
            self.refresh()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.typed:
                self.answer(int(self.typed) - 1)  # the room says x3: point 2
        elif key == Qt.Key.Key_Escape:
            self.typed = ""
            self.refresh()
        elif key in NEXT_KEYS:
            self.next_slide()
        elif key in PREVIOUS_KEYS:
            self.previous_slide()


# -------------------------------------------------------------------- the window's share


def invalidate_all(layout: QLayout) -> None:
    """`layout` and the layouts in it asked for their sizes again (`QLayout.invalidate`
    leaves a box inside a box with the sizes it cached)."""
    for i in range(layout.count()):
        item = layout.itemAt(i)
        inner = item.layout() if item is not None else None
        if inner is not None:
            invalidate_all(inner)
    layout.invalidate()


def caption_without_question(caption: str) -> str:
    """The caption without its closing question ("… ≤ 0). Which point is next?" gives
    "… ≤ 0)."), for the strip that asks the question itself; "" when it is all question."""
    text = caption.rstrip()
    if not text.endswith(("?", "？")):
        return caption
    body = text[:-1]
    cut = max(body.rfind(". "), body.rfind("? "), body.rfind("! "), body.rfind("。"))
    cut = max(cut, body.rfind("？"), body.rfind("！"))
    return text[: cut + 1].rstrip() if cut >= 0 else ""


def install_lesson(window: MainWindow) -> LessonPlayer:
    """Give `window` its lesson player and the Lesson panel."""
    from perceptron_gui.app.panels.lesson_panel import LessonPanel

    player = LessonPlayer(window)
    # Its actions and the Lesson menu are the window's (`window/actions.py`).

    def make_panel() -> LessonPanel:
        # Made when the dock is first shown (a lesson opened): `player.panel` till then None.
        player.panel = panel = LessonPanel(player)
        return panel

    dock = window.panes.dock(
        QT_TRANSLATE_NOOP("MainWindow", "Lesson"),
        window.panes.slot("lesson_panel", make_panel),
        Qt.DockWidgetArea.RightDockWidgetArea,
        "lessonDock",
    )
    window.tabifyDockWidget(window.proof_dock, dock)
    dock.hide()

    player.dock = dock
    player.style_dock()
    theme().changed.connect(player.style_dock)  # a method: gone with the window

    def show_dock() -> None:
        on = player.lesson is not None and not window.act_present.isChecked()
        if on and not dock.isVisible():
            dock.show()
            dock.raise_()
        elif not on:
            dock.hide()

    player.changed.connect(show_dock)
    window.act_present.toggled.connect(show_dock)
    window.act_present.toggled.connect(player.on_presentation_toggled)
    return player


class LessonScripting:
    """The lesson part of the window's scripting API (the README lists it)."""

    lesson_player: LessonPlayer

    def open_lesson(self, path: str | Path) -> bool:
        """Open a lesson file, or a built-in lesson by name ("perceptron"); False if refused."""
        return self.lesson_player.open(path)

    def next_slide(self) -> bool:
        """The clicker's next (PageDown): the next update, or the next scene."""
        return self.lesson_player.next_slide()

    def previous_slide(self) -> bool:
        """The clicker's previous (PageUp): one update back, or the previous scene."""
        return self.lesson_player.previous_slide()

    def answer(self, value: int | bool) -> bool:
        """The room's answer (a 0-based point index, or True / False); True when right."""
        return self.lesson_player.answer(value)

    def add_scene(self, title: str, caption: str) -> bool:
        """Add what the window shows now as a scene of the lesson."""
        self.lesson_player.add_scene(title, caption)
        return True

    def save_lesson(self, path: str | Path) -> bool:
        """Save the lesson as a .lesson.toml file; False, with a message, on failure."""
        return self.lesson_player.save(path)

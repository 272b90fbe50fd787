"""The Lesson panel: the scenes of the open lesson (click to jump), reorder and delete."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtWidgets

from perceptron_gui.app import i18n
from perceptron_gui.app.controls import signals_blocked
from perceptron_gui.app.format import keep_words
from perceptron_gui.app.panels.common import SteadyLabel
from perceptron_gui.app.qtutil import named
from perceptron_gui.core.lesson import localize

if TYPE_CHECKING:
    from perceptron_gui.app.lesson import LessonPlayer

Qt = QtCore.Qt
#: The most lines the lesson's title and the scene's caption take in the panel.
TITLE_LINES = 2
CAPTION_LINES = 8


class LessonPanel(QtWidgets.QWidget):
    """A list of the scenes (objectName ``lessonList``) with up, down and delete buttons."""

    def __init__(self, player: LessonPlayer, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._player = player
        self._shown: tuple[int, int, str] | None = None  # what the list shows
        # A lesson's texts as plain text in the lines they need, up to a cap, the rest
        # elided (whole in the tooltip): a 300-character title or a 4000-character caption
        # widened the window to 2600-20 000 px or made it taller than the screen.
        self.title = named(SteadyLabel(None, most=TITLE_LINES), "lessonTitle")
        self.caption = named(SteadyLabel(None, most=CAPTION_LINES), "lessonPanelCaption")
        # The caption keeps its lines; the list gives way when the dock is short.
        self.caption.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Minimum
        )
        self.list = named(QtWidgets.QListWidget(), "lessonList")
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the clicker's keys stay the window's
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setMinimumHeight(0)
        self.up = named(QtWidgets.QPushButton(), "lessonUp")
        self.down = named(QtWidgets.QPushButton(), "lessonDown")
        self.delete = named(QtWidgets.QPushButton(), "lessonDelete")
        for b in (self.up, self.down, self.delete):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.up)
        buttons.addWidget(self.down)
        buttons.addWidget(self.delete)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.caption)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.list.itemClicked.connect(self._on_list_item_clicked)
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(+1))
        self.delete.clicked.connect(self._on_delete_clicked)
        player.changed.connect(self.refresh)
        self.retranslate()

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Button texts and the list in the current language."""
        self.up.setText(self.tr("Up"))
        self.down.setText(self.tr("Down"))
        self.delete.setText(self.tr("Delete"))
        self.up.setToolTip(self.tr("Move the selected scene earlier"))
        self.down.setToolTip(self.tr("Move the selected scene later"))
        self.delete.setToolTip(self.tr("Delete the selected scene from the lesson"))
        self._shown = None
        self.refresh()

    def refresh(self) -> None:
        """The scenes, the one shown selected."""
        p = self._player
        lesson = p.lesson
        lang = i18n.language()
        scene = p.scene
        self.caption.setText("" if scene is None else keep_words(localize(scene.caption, lang)))
        key = (p.revision, p.index, lang)
        if key == self._shown:  # a step within the scene: nothing here changed
            return
        self._shown = key
        with signals_blocked(self.list):
            self.list.clear()
            if lesson is None:
                self.title.setText(self.tr("No lesson open: File ▸ Open lesson…"))
            else:
                self.title.setText(localize(lesson.title, lang))
                for i, scene in enumerate(lesson.scenes):
                    mark = " ?" if scene.question else ""
                    self.list.addItem(f"{i + 1}. {localize(scene.title, lang)}{mark}")
                self.list.setCurrentRow(p.index)
        on = lesson is not None
        for b in (self.up, self.down, self.delete):
            b.setEnabled(on)

    def _on_list_item_clicked(self, item: QtWidgets.QListWidgetItem) -> None:
        row = self.list.row(item)
        if row >= 0:
            self._player.go(row)

    def _move(self, by: int) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self._player.move_scene(row, row + by)

    def _on_delete_clicked(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self._player.delete_scene(row)

"""Wrapped texts that break a line only between words, in every language.

Qt breaks a Chinese line between any two characters ("没有直 / 线") and an expression
after its slash ("(D/ / γ)²"). The window's wrapped texts are shown through the two
classes here, which show their text glued by `format.glue_words` (word joiners, invisible)
and give back the text as it was set: a translation, a number or a point's name needs no
marks of its own, and no caller glues.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtWidgets

from perceptron_gui.app.format import JOINER, glue_words, unglued


class WordsLabel(QtWidgets.QLabel):
    """A word-wrapped label whose lines break only between words (`glue_words`).

    :meth:`text` is the text as set; the label shows it glued.
    """

    def __init__(self, text: str = "", parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._given = ""
        self.setWordWrap(True)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        self._given = str(text)
        super().setText(glue_words(self._given))

    def text(self) -> str:
        """The text as set (the label shows it with its words glued)."""
        return self._given


def copies_without_glue(app: QtWidgets.QApplication) -> None:
    """Text copied from the window's labels (the narration, the notice, a readout: their
    text is glued where it is shown) reaches the clipboard without the word joiners: a
    copy the window made that holds one is set again without them. Once per application;
    what another program put on the clipboard is left alone."""
    if app.property("copiesWithoutGlue"):
        return
    app.setProperty("copiesWithoutGlue", True)
    clipboard = app.clipboard()

    def unglue() -> None:
        # (X11, Wayland, Windows and macOS say whose the data are; the offscreen
        # platform says "not ours" of everything.)
        if not clipboard.ownsClipboard():
            return
        text = clipboard.text()
        if JOINER in text:
            clipboard.setText(unglued(text))

    clipboard.dataChanged.connect(unglue)


class WordsText(pg.TextItem):
    """A text item of a plot whose lines, where it is given a width, break only between
    words (`glue_words`). :meth:`toPlainText` is the text without the glue;
    :meth:`shown_text` what the item shows."""

    _given: str | None = None  # (None: set as HTML, or not yet)

    def setPlainText(self, text: str) -> None:  # noqa: N802 (pyqtgraph's name)
        text = str(text)
        if text == self._given:
            return
        self._given = text
        self.textItem.setPlainText(glue_words(text))
        self.updateTextPos()

    def setHtml(self, html: str) -> None:  # noqa: N802 (pyqtgraph's name)
        self._given = None
        super().setHtml(html)

    def toPlainText(self) -> str:  # noqa: N802 (pyqtgraph's name)
        """The text as Qt gives a document's (no-break spaces made spaces), without the
        words' glue."""
        return unglued(self.shown_text())

    def shown_text(self) -> str:
        """The text as the item shows it (its words glued)."""
        return str(self.textItem.toPlainText())


__all__ = ["WordsLabel", "WordsText", "copies_without_glue"]

"""Chinese texts outside the lesson wrap between words, never inside one ("没有直 / 线")
nor inside an expression ("(D/ / γ)²"): the labels, the canvas's banners and band, the
Help and About dialogs, the notices and the tooltips that wrap."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QFont, QTextDocument, QTextLayout, QTextOption  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox  # noqa: E402

from perceptron_gui.app import i18n  # noqa: E402
from perceptron_gui.app.dialogs import HelpDialog  # noqa: E402
from perceptron_gui.app.format import glue_words  # noqa: E402
from perceptron_gui.app.panels.common import SteadyLabel  # noqa: E402

CJK = re.compile(r"[\u3400-\u9fff]")
JOINER = "\u2060"


@pytest.fixture
def english() -> Iterator[None]:
    """Leave the process in English whatever the test did (the translator is per process)."""
    yield
    i18n.set_language("en", remember=False)


def _layout_ends(text: str, font: QFont, width: float) -> list[int]:
    """Where Qt ends the lines of plain `text` (its own line breaks too) at `width` px."""
    ends: list[int] = []
    start = 0
    for para in text.split("\n"):
        layout = QTextLayout(para, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            ends.append(start + line.textStart() + line.textLength())
        layout.endLayout()
        start += len(para) + 1
    return ends


def _document_ends(doc: QTextDocument) -> tuple[str, list[int]]:
    """A laid-out document's text and where its lines end (its paragraphs joined by
    newlines), as it shows them."""
    doc.size()  # (laid out now: a document lays itself out when first asked)
    texts: list[str] = []
    ends: list[int] = []
    start = 0
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            ends.append(start + line.textStart() + line.textLength())
        texts.append(block.text())
        start += len(block.text()) + 1
        block = block.next()
    return "\n".join(texts), ends


def _bad_breaks(shown: str, ends: list[int]) -> list[str]:
    """The line ends of `shown` (a text laid out, its own newlines line ends too) that fall
    inside a word `glue_words` keeps whole."""
    plain = shown.replace(JOINER, "")
    breaks = []
    for end in ends:
        p = len(shown[:end].replace(JOINER, ""))
        while p > 0 and plain[p - 1] in " \n":  # (a line's trailing space is its own)
            p -= 1
        breaks.append(p)
    return _bad_in(plain, breaks)


def _bad_in(source: str, breaks: list[int]) -> list[str]:
    """The breaks of `source` (a line ends after its character `p - 1`) that fall inside a
    word `glue_words` keeps whole (a Chinese word, "(D/γ)²", "||w||²"), each with the text
    round it."""
    joined = []  # after each character of `source`: whether the glue joins it to the next
    for ch in glue_words(source):
        if ch == JOINER:
            joined[-1] = True
        else:
            joined.append(False)
    bad = []
    for p in breaks:
        if 0 < p < len(source) and joined[p - 1]:
            bad.append(f"{source[max(0, p - 8) : p]} / {source[p : p + 6]}")
    for m in re.finditer(re.escape("(D/γ)²"), source):  # and never inside (D/γ)²
        bad += [f"{m.group()} cut at {p}" for p in breaks if m.start() < p < m.end()]
    return bad


def _steady_breaks(source: str, shown: str) -> list[int]:
    """Where a steady label broke `source` into the lines it shows (a newline it put
    between two characters, or for a space), up to where it elided it."""
    breaks, i, j = [], 0, 0
    while i < len(source) and j < len(shown):
        if shown[j] == JOINER:
            j += 1
        elif shown[j] == source[i]:
            i, j = i + 1, j + 1
        elif shown[j] == "\n":
            breaks.append(i)
            i, j = i + (source[i] == " "), j + 1
        else:  # (elided from here)
            break
    return breaks


def _label_bad(lab: QLabel, widths: list[int]) -> list[str]:
    """The bad breaks of a word-wrapped label shown at each of `widths` (it lays itself out
    again at each: a steady label breaks its own lines)."""
    bad = []
    for width in widths:
        lab.resize(width, lab.height())
        shown = QLabel.text(lab)  # what Qt shows, not the label's own text()
        if isinstance(lab, SteadyLabel):
            found = _bad_in(lab.text(), _steady_breaks(lab.text(), shown))
        elif lab.textFormat() == Qt.TextFormat.RichText:
            doc = QTextDocument()
            doc.setDefaultFont(lab.font())
            option = QTextOption()  # (as a label wraps: at word boundaries only)
            option.setWrapMode(QTextOption.WrapMode.WordWrap)
            doc.setDefaultTextOption(option)
            doc.setHtml(shown)
            doc.setTextWidth(width)
            found = _bad_breaks(*_document_ends(doc))
        else:
            found = _bad_breaks(shown, _layout_ends(shown, lab.font(), width))
        bad += [f"{lab.objectName()} at {width}: {b}" for b in found]
    return bad


def test_chinese_wraps_between_words_on_every_surface(window, english) -> None:  # noqa: ANN001
    """In Chinese, at widths that make each text wrap: the proof, the dual view's note, the
    narration, the iteration count, the notice, the canvas's banner ("没有直 / 线") and its
    band, the Help and About texts and a mode's tooltip break only between words and
    keep (D/γ)² whole; the labels still give their texts back as set."""
    w = window
    assert w.set_language("zh_CN")
    w.load_example()  # w = 0: the banner "no line" shows
    cv = w.canvas
    cv.flush()
    banner = cv._no_line  # noqa: SLF001
    assert banner.isVisible() and CJK.search(banner.toPlainText())
    bad = []
    for width in (150, 230, 310):  # the banner as the canvas wraps it, and in its band
        banner.textItem.setTextWidth(width)
        bad += [
            f"banner at {width}: {b}"
            for b in _bad_breaks(*_document_ends(banner.textItem.document()))
        ]
    band = cv._band_item()  # noqa: SLF001
    cv._band_lines([banner.toPlainText()], 200.0, 1e4, 1e4)  # noqa: SLF001
    bad += [f"band: {b}" for b in _bad_breaks(*_document_ends(band.document()))]
    narration_widths = list(range(240, 640, 16))  # (its two lines broken by the label)
    bad += _label_bad(w.narration, narration_widths)  # w = 0: "每个点都是误分类点"
    for _ in range(2):
        w.step()
    w.set_mode("dual")
    w.step()
    w.open_file("/nonexistent/点.csv")  # a notice in Chinese
    QApplication.processEvents()
    widths = [50, 80, 110, 170, 230, 290, 350]
    for name in ("proofReadout", "dualNote", "iterationCount", "notice"):
        lab = w.findChild(QLabel, name)
        assert lab is not None and CJK.search(lab.text()), name
        bad += _label_bad(lab, widths)
    assert "(D/γ)²" in w.findChild(QLabel, "proofReadout").text()
    bad += _label_bad(w.narration, narration_widths)
    help_text = HelpDialog(w)._text  # noqa: SLF001
    bad += _label_bad(help_text, [240, 300, 360, 420])
    w.act_about.trigger()
    box = w.findChild(QMessageBox, "aboutBox")
    bad += _label_bad(box.findChild(QLabel, "qt_msgbox_label"), [200, 300])
    box.close()
    combo = w.controls.mode_combo
    tip = combo.itemData(combo.findData("margin"), Qt.ItemDataRole.ToolTipRole)
    assert CJK.search(tip)
    for width in (200, 300, 400):  # a tooltip wider than the screen wraps
        bad += [
            f"tip at {width}: {b}" for b in _bad_breaks(tip, _layout_ends(tip, w.font(), width))
        ]
    assert not bad, bad[:8]
    # The labels give their texts back as set (no glue): the proof as the translation has it.
    assert "\u2060" not in w.findChild(QLabel, "dualNote").text()
    assert "\u2060" in QLabel.text(w.findChild(QLabel, "dualNote"))


def test_a_copy_from_a_glued_label_has_no_word_joiners(qtbot, monkeypatch) -> None:  # noqa: ANN001
    """The narration, the notice and the readouts are selectable and show their text
    glued: Ctrl+C on a selection puts the text on the clipboard as it reads, without the
    invisible joiners (a pasted "没有直线" did not match the same words typed)."""
    from PySide6.QtTest import QTest

    from perceptron_gui.app.words import WordsLabel, copies_without_glue

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    copies_without_glue(app)
    # The offscreen platform owns no clipboard (X11, Wayland, Windows and macOS tell
    # which copies are the window's own): here the window's copies are its own.
    monkeypatch.setattr(app.clipboard(), "ownsClipboard", lambda: True)
    label = WordsLabel("没有直线：w = 0，(D/γ)² 未知")
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    qtbot.addWidget(label)
    label.show()
    assert JOINER in QLabel.text(label)  # (shown glued)
    label.setSelection(0, len(QLabel.text(label)))
    label.setFocus()
    QTest.keyClick(label, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(app.clipboard().text()), timeout=2000)
    QApplication.processEvents()
    assert app.clipboard().text() == "没有直线：w = 0，(D/γ)² 未知"

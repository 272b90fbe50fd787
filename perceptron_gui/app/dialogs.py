"""Small dialogs: generate a data set, and the help with every shortcut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QLabel,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app.format import glue_words
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import roomy_context_menus
from perceptron_gui.app.words import WordsLabel
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.generators import DEFAULTS, KINDS, generate

#: The generators' names on screen (marked for lupdate; the item data keeps the key).
KIND_NAMES = {
    "separable": QT_TRANSLATE_NOOP("GenerateDialog", "separable"),
    "noisy": QT_TRANSLATE_NOOP("GenerateDialog", "noisy"),
    "xor": QT_TRANSLATE_NOOP("GenerateDialog", "xor"),
    "blobs": QT_TRANSLATE_NOOP("GenerateDialog", "blobs"),
    "circles": QT_TRANSLATE_NOOP("GenerateDialog", "circles"),
    "example": QT_TRANSLATE_NOOP("GenerateDialog", "example"),
    "update-geometry": QT_TRANSLATE_NOOP("GenerateDialog", "update geometry"),
}
KIND_TIPS = {
    "separable": QT_TRANSLATE_NOOP(
        "GenerateDialog", "Linearly separable: every point at least `margin` from a random line"
    ),
    "noisy": QT_TRANSLATE_NOOP(
        "GenerateDialog", "Separable, then a fraction `noise` of the labels flipped"
    ),
    "xor": QT_TRANSLATE_NOOP("GenerateDialog", "The XOR pattern: no line separates it"),
    "blobs": QT_TRANSLATE_NOOP("GenerateDialog", "Two Gaussian blobs (overlap grows with `noise`)"),
    "circles": QT_TRANSLATE_NOOP(
        "GenerateDialog", "One class inside a ring of the other: not linearly separable"
    ),
    "example": QT_TRANSLATE_NOOP(
        "GenerateDialog", "The worked example: (3,3) +1, (4,3) +1, (1,1) −1"
    ),
    "update-geometry": QT_TRANSLATE_NOOP(
        "GenerateDialog", "Six points whose updates draw real triangles: old w + ηyx = new w"
    ),
}
#: Where Generate… keeps its last choices (the settings file).
GENERATE_KEY = "generate/"

_Number = TypeVar("_Number", int, float)


def _remembered(prefs: QSettings, name: str, kind: Callable[[Any], _Number]) -> _Number:
    """Generate…'s last choice of `name` as `kind` (the default when missing or unreadable)."""
    try:
        return kind(prefs.value(GENERATE_KEY + name, DEFAULTS[name]))
    except (TypeError, ValueError):
        return kind(DEFAULTS[name])


#: (keys, what they do) — shown in the help dialog (translated) and the README (as here).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Space"),
        QT_TRANSLATE_NOOP("HelpDialog", "Step: go to the next mistake and correct it"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "V"),
        QT_TRANSLATE_NOOP("HelpDialog", "Visit: look at the next point only (update if wrong)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Backspace"),
        QT_TRANSLATE_NOOP("HelpDialog", "Step back: undo the last update"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "R"),
        QT_TRANSLATE_NOOP("HelpDialog", "Run / pause"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Esc"),
        QT_TRANSLATE_NOOP("HelpDialog", "Pause (and clear the selection); leave presentation mode"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "E"),
        QT_TRANSLATE_NOOP("HelpDialog", "Run to the end"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Home"),
        QT_TRANSLATE_NOOP("HelpDialog", "Reset to the initial weights"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "← / →"),
        QT_TRANSLATE_NOOP("HelpDialog", "One update earlier / later on the timeline"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "F5"),
        QT_TRANSLATE_NOOP("HelpDialog", "Presentation mode (Esc leaves it)"),
    ),
    (
        # (. and , too: what a presenter's clicker sends for a black and a white screen)
        QT_TRANSLATE_NOOP("HelpDialog", "B or . / W or ,"),
        QT_TRANSLATE_NOOP(
            "HelpDialog", "Blank the screen black / white (the same key or Esc shows it again)"
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "PageDown / PageUp"),
        QT_TRANSLATE_NOOP(
            "HelpDialog",
            "In a lesson (a presenter's clicker): the next update or scene / one back "
            "(→ / ← and Space / Backspace too)",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Y / N, a point's number and Enter"),
        QT_TRANSLATE_NOOP("HelpDialog", "In a lesson: answer its question"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "S"),
        QT_TRANSLATE_NOOP(
            "HelpDialog", "Skip the update's slow motion (predict → reveal → correct)"
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "P"),
        QT_TRANSLATE_NOOP(
            "HelpDialog", "Step through predict, reveal, correct: each Space shows one phase"
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "C"),
        QT_TRANSLATE_NOOP(
            "HelpDialog", "Compare: a second run beside the first (same points, its own settings)"
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Left click"),
        QT_TRANSLATE_NOOP("HelpDialog", "Add a point of the chosen class (+1 by default)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Right click, Alt+click"),
        QT_TRANSLATE_NOOP("HelpDialog", "Add a −1 point"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "+ / −"),
        QT_TRANSLATE_NOOP("HelpDialog", "Choose the class a left click adds"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Click a point, drag"),
        QT_TRANSLATE_NOOP("HelpDialog", "Select it; drag to move it"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Drag on empty space"),
        QT_TRANSLATE_NOOP("HelpDialog", "Select the points in a rectangle (Ctrl adds)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Delete"),
        QT_TRANSLATE_NOOP("HelpDialog", "Delete the selected points"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "L"),
        QT_TRANSLATE_NOOP("HelpDialog", "Flip the labels of the selected points"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "K"),
        QT_TRANSLATE_NOOP(
            "HelpDialog",
            "Keyboard editing: arrows (Shift: finer) move a cursor, Enter adds, ] / [ select, "
            "Alt+arrows move, Esc or K leaves",
        ),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+T"),
        QT_TRANSLATE_NOOP("HelpDialog", "The points as a table (labels, scores, mistakes)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+A"),
        QT_TRANSLATE_NOOP("HelpDialog", "Select all points"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "G"),
        QT_TRANSLATE_NOOP("HelpDialog", "Snap new and moved points to a 0.5 grid"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y"),
        QT_TRANSLATE_NOOP("HelpDialog", "Undo / redo an edit"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+G"),
        QT_TRANSLATE_NOOP("HelpDialog", "Generate a data set"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+O / Ctrl+S"),
        QT_TRANSLATE_NOOP("HelpDialog", "Open / save (CSV or session JSON)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+Shift+S"),
        QT_TRANSLATE_NOOP("HelpDialog", "Save as"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+E"),
        QT_TRANSLATE_NOOP("HelpDialog", "Export the canvas as PNG or SVG"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl+Q"),
        QT_TRANSLATE_NOOP("HelpDialog", "Quit (asks first over unsaved edits)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "F"),
        QT_TRANSLATE_NOOP("HelpDialog", "Fit the view to the points"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "F9"),
        QT_TRANSLATE_NOOP("HelpDialog", "Show or hide every panel (the keys still work)"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Ctrl++ or Ctrl+= / Ctrl+− / Ctrl+0"),
        QT_TRANSLATE_NOOP("HelpDialog", "Larger / smaller / normal size of everything"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "Mouse wheel, middle drag"),
        QT_TRANSLATE_NOOP("HelpDialog", "Zoom, pan"),
    ),
    (
        QT_TRANSLATE_NOOP("HelpDialog", "F1"),
        QT_TRANSLATE_NOOP("HelpDialog", "This help"),
    ),
)


class GenerateDialog(QDialog):
    """Choose a generator and its parameters; `dataset()` builds the data."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout()
        self.kind = named(QComboBox(), "kindCombo")
        for k in KINDS:
            self.kind.addItem(k, k)
        self.n = named(QSpinBox(), "nSpin")
        self.n.setRange(1, 1_000_000)
        self.n.setValue(int(DEFAULTS["n"]))
        self.margin = named(QDoubleSpinBox(), "marginSpin")
        self.margin.setRange(0.0, 3.9)
        self.margin.setDecimals(3)
        self.margin.setSingleStep(0.1)
        self.margin.setValue(DEFAULTS["margin"])
        self.noise = named(QDoubleSpinBox(), "noiseSpin")
        self.noise.setRange(0.0, 1.0)
        self.noise.setSingleStep(0.05)
        self.noise.setValue(DEFAULTS["noise"])
        self.seed = named(QSpinBox(), "genSeedSpin")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(int(DEFAULTS["seed"]))
        self._labels = [QLabel() for _ in range(5)]
        for label, field in zip(
            self._labels, (self.kind, self.n, self.margin, self.noise, self.seed), strict=True
        ):
            form.addRow(label, field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)
        self.retranslate()
        self._restore()
        self.accepted.connect(self._remember)
        roomy_context_menus(self)  # (a field's right-click menu: rows 24 px, WCAG 2.5.8)

    def _restore(self) -> None:
        """The last choices, from the settings file (the defaults the first time)."""
        prefs = preferences()
        i = self.kind.findData(prefs.value(GENERATE_KEY + "kind", "separable"))
        if i >= 0:
            self.kind.setCurrentIndex(i)
        for name, whole in (("n", self.n), ("seed", self.seed)):
            whole.setValue(_remembered(prefs, name, int))
        for name, box in (("margin", self.margin), ("noise", self.noise)):
            box.setValue(_remembered(prefs, name, float))

    def _remember(self) -> None:
        prefs = preferences()
        prefs.setValue(GENERATE_KEY + "kind", self.kind.currentData())
        for name, box in (
            ("n", self.n),
            ("margin", self.margin),
            ("noise", self.noise),
            ("seed", self.seed),
        ):
            prefs.setValue(GENERATE_KEY + name, box.value())
        prefs.sync()

    def retranslate(self) -> None:
        """Every text in the current language (Qt's translator does OK and Cancel)."""
        self.setWindowTitle(self.tr("Generate data"))
        for label, text in zip(
            self._labels,
            (
                self.tr("kind"),
                self.tr("points N"),
                self.tr("margin"),
                self.tr("noise"),
                self.tr("seed"),
            ),
            strict=True,
        ):
            label.setText(text)
        for i in range(self.kind.count()):
            key = self.kind.itemData(i)
            self.kind.setItemText(i, self.tr(KIND_NAMES[key]))
            tip = glue_words(self.tr(KIND_TIPS[key]))  # (wrapped between words)
            self.kind.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
        self.margin.setToolTip(
            self.tr("separable / noisy: the least distance of a point from the line")
        )
        self.noise.setToolTip(
            self.tr("noisy: the fraction of flipped labels; blobs, circles: spread")
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def dataset(self) -> Dataset:
        """The data set the dialog describes (raises DataError on bad parameters)."""
        return generate(
            self.kind.currentData(),
            self.n.value(),
            margin=self.margin.value(),
            noise=self.noise.value(),
            seed=self.seed.value(),
        )

    def description(self) -> str:
        """What was generated, for the undo stack and the status bar."""
        return describe_generated(self.kind.currentData(), self.dataset_n, self.seed.value())

    @property
    def dataset_n(self) -> int:
        """The N of the data set made (a fixed example has its own)."""
        kind = self.kind.currentData()
        return {"example": 3, "update-geometry": 6}.get(kind, self.n.value())


class HelpDialog(QDialog):
    """Every shortcut and mouse action, non-modal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = WordsLabel()
        self._text.setTextFormat(Qt.TextFormat.RichText)
        self._text.setWordWrap(True)
        self._text.setAlignment(Qt.AlignmentFlag.AlignTop)
        # In a scroll area: on a short screen (1024×768 in Chinese, or at UI scale 2) the
        # table is taller than the screen, and the dialog cut its last rows.
        self._scroll = scroll = QScrollArea()
        scroll.setObjectName("helpScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._text)
        self._lay = lay = QVBoxLayout(self)
        lay.addWidget(scroll)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        lay.addWidget(close)
        self.retranslate()
        roomy_context_menus(self)

    def retranslate(self) -> None:
        """The title, the markers' key and the table of keys in the current language."""
        self.setWindowTitle(self.tr("perceptron-gui: keys and mouse"))
        rows = "".join(
            f"<tr><td><b>{self.tr(k)}</b>&nbsp;&nbsp;</td><td>{self.tr(v)}</td></tr>"
            for k, v in SHORTCUTS
        )
        markers = self.tr(
            "<p>Markers: <b>○</b> blue = +1, <b>×</b> vermillion = −1. Misclassified points "
            "(y(w·x+b) ≤ 0) have a yellow halo and a dark ring; the point of the last "
            "update has a square.</p>"
        )
        self._text.setText(f"{markers}<table>{rows}</table>")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt override)
        if visible and not self.isVisible():
            self.fit_screen()  # (before Qt places it over its parent, for this size)
        super().setVisible(visible)

    def fit_screen(self) -> None:
        """As tall as the whole table, up to what the screen holds (a title bar's room
        kept): the rest scrolls."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        margins = self._lay.contentsMargins()
        sides = margins.left() + margins.right()
        bar = self._scroll.verticalScrollBar().sizeHint().width()
        width = min(self._text.sizeHint().width() + sides + bar, room.width() - 16)
        text = self._text.heightForWidth(width - sides - bar)
        rest = self.sizeHint().height() - self._scroll.sizeHint().height()
        title = self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
        self.resize(width, min(text + rest + 4, room.height() - title - 16))


def file_dialog(
    parent: QWidget | None, title: str, directory: str, filters: str, *, save: bool = False
) -> QFileDialog:
    """An Open or Save dialog in the window's language throughout: Qt's own dialog (not
    the platform's) with its labels from our translation (Qt's Chinese catalogue lacks
    "Look in:" and "Files of type:")."""
    d = QFileDialog(parent, title, directory, filters)
    d.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    d.setAcceptMode(
        QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen
    )
    if not save:
        d.setFileMode(QFileDialog.FileMode.ExistingFile)

    def label(text: str) -> str:
        return QCoreApplication.translate("FileDialog", text)

    L = QFileDialog.DialogLabel  # noqa: N806 (Qt's enum)
    d.setLabelText(L.LookIn, label(_FILE_DIALOG_TEXTS[0]))
    d.setLabelText(L.FileName, label(_FILE_DIALOG_TEXTS[1]))
    d.setLabelText(L.FileType, label(_FILE_DIALOG_TEXTS[2]))
    d.setLabelText(L.Accept, label(_FILE_DIALOG_TEXTS[3 if save else 4]))
    d.setLabelText(L.Reject, label(_FILE_DIALOG_TEXTS[5]))
    return d


#: The file dialog's labels, for lupdate (translated by `file_dialog`).
_FILE_DIALOG_TEXTS = (
    QT_TRANSLATE_NOOP("FileDialog", "Look in:"),
    QT_TRANSLATE_NOOP("FileDialog", "File name:"),
    QT_TRANSLATE_NOOP("FileDialog", "Files of type:"),
    QT_TRANSLATE_NOOP("FileDialog", "Save"),
    QT_TRANSLATE_NOOP("FileDialog", "Open"),
    QT_TRANSLATE_NOOP("FileDialog", "Cancel"),
)


def describe_generated(kind: str, n: int, seed: int) -> str:
    """What was generated, for the undo stack and the status bar."""
    name = QCoreApplication.translate("GenerateDialog", KIND_NAMES.get(kind, kind))
    return QCoreApplication.translate(
        "GenerateDialog", "generate {kind} (N = {n}, seed {seed})"
    ).format(kind=name, n=n, seed=seed)

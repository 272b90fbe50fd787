"""Small dialogs: generate a data set, and the help with every shortcut."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.generators import KINDS, generate

KIND_TIPS = {
    "separable": "Linearly separable: every point at least `margin` from a random line",
    "noisy": "Separable, then a fraction `noise` of the labels flipped",
    "xor": "The XOR pattern: no line separates it",
    "blobs": "Two Gaussian blobs (overlap grows with `noise`)",
    "circles": "One class inside a ring of the other: not linearly separable",
    "example": "The worked example: (3,3) +1, (4,3) +1, (1,1) −1",
}

#: (keys, what they do) — shown in the help dialog and the README.
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("Space", "Step: go to the next mistake and correct it"),
    ("V", "Visit: look at the next point only (update if wrong)"),
    ("Backspace", "Step back: undo the last update"),
    ("R", "Run / pause"),
    ("Esc", "Pause (and clear the selection); leave presentation mode"),
    ("E", "Run to the end"),
    ("Home", "Reset to the initial weights"),
    ("← / →", "One update earlier / later on the timeline"),
    ("F5", "Presentation mode (Esc leaves it)"),
    ("S", "Skip the update's slow motion (predict → reveal → correct)"),
    ("C", "Compare: a second run beside the first (same points, its own settings)"),
    ("Left click", "Add a point of the chosen class (+1 by default)"),
    ("Right click, Alt+click", "Add a −1 point"),
    ("+ / −", "Choose the class a left click adds"),
    ("Click a point, drag", "Select it; drag to move it"),
    ("Drag on empty space", "Select the points in a rectangle (Ctrl adds)"),
    ("Delete", "Delete the selected points"),
    ("L", "Flip the labels of the selected points"),
    ("Ctrl+A", "Select all points"),
    ("G", "Snap new and moved points to a 0.5 grid"),
    ("Ctrl+Z / Ctrl+Shift+Z", "Undo / redo an edit"),
    ("Ctrl+G", "Generate a data set"),
    ("Ctrl+O / Ctrl+S", "Open / save (CSV or session JSON)"),
    ("Ctrl+Shift+S", "Save as"),
    ("Ctrl+E", "Export the canvas as PNG or SVG"),
    ("F", "Fit the view to the points"),
    ("F9", "Show or hide every panel (the keys still work)"),
    ("Ctrl+= / Ctrl+− / Ctrl+0", "Larger / smaller / normal size of everything"),
    ("Mouse wheel, middle drag", "Zoom, pan"),
    ("F1", "This help"),
)


class GenerateDialog(QDialog):
    """Choose a generator and its parameters; `dataset()` builds the data."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Generate data")
        form = QFormLayout()
        self.kind = QComboBox(objectName="kindCombo")
        for k in KINDS:
            self.kind.addItem(k, k)
            self.kind.setItemData(self.kind.count() - 1, KIND_TIPS[k], Qt.ToolTipRole)
        self.n = QSpinBox(objectName="nSpin")
        self.n.setRange(1, 1_000_000)
        self.n.setValue(40)
        self.margin = QDoubleSpinBox(objectName="marginSpin")
        self.margin.setRange(0.0, 3.9)
        self.margin.setDecimals(3)
        self.margin.setSingleStep(0.1)
        self.margin.setValue(0.5)
        self.margin.setToolTip("separable / noisy: the least distance of a point from the line")
        self.noise = QDoubleSpinBox(objectName="noiseSpin")
        self.noise.setRange(0.0, 1.0)
        self.noise.setSingleStep(0.05)
        self.noise.setValue(0.1)
        self.noise.setToolTip("noisy: the fraction of flipped labels; blobs, circles: spread")
        self.seed = QSpinBox(objectName="genSeedSpin")
        self.seed.setRange(0, 2**31 - 1)
        form.addRow("kind", self.kind)
        form.addRow("points N", self.n)
        form.addRow("margin", self.margin)
        form.addRow("noise", self.noise)
        form.addRow("seed", self.seed)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(buttons)

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
        return (
            f"generate {self.kind.currentData()} (N = {self.n.value()}, seed {self.seed.value()})"
        )


class HelpDialog(QDialog):
    """Every shortcut and mouse action, non-modal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("perceptron-gui: keys and mouse")
        rows = "".join(
            f"<tr><td><b>{k}</b>&nbsp;&nbsp;</td><td>{v}</td></tr>" for k, v in SHORTCUTS
        )
        text = QLabel(
            "<p>Markers: <b>○</b> blue = +1, <b>×</b> vermillion = −1. Misclassified points "
            "(y(w·x+b) ≤ 0) have a yellow halo and a dark ring; the point of the last "
            "update has a square.</p>"
            f"<table>{rows}</table>"
        )
        text.setTextFormat(Qt.RichText)
        text.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(text)
        close = QDialogButtonBox(QDialogButtonBox.Close)
        close.rejected.connect(self.close)
        lay.addWidget(close)

"""The readout strip over the canvas: k against the bound, w, b, and what is wrong now.

One line of plain text in a large font (its own `font()` sets its size), so that
the numbers that matter read from the back of a room.
"""

from __future__ import annotations

import re

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import core_text, stop_reason_name
from perceptron_gui.app.panels.common import RunFrameGate, SteadyLabel
from perceptron_gui.app.theme import LABEL_PT, theme
from perceptron_gui.core.model import LinearModel

#: The readout keeps this many lines beside the canvas (presentation: as many as it has).
READOUT_LINES = 1

Qt = QtCore.Qt
translate = QCoreApplication.translate


def readout_parts(c: Controller) -> list[str]:
    """The readout's pieces: ``k = 5 ≤ (D/γ)² = 117``, ``w = (1, 1)``, ``b = −3``, …"""
    t = c.trainer
    cfg = c.config
    bd = c.bound
    parts: list[str] = []
    mb = c.mistake_bound
    if c.bound_pending or not t.n or c.bound_note:
        parts.append(f"k = {t.k}")
    elif mb.value is not None:
        rel = "≤" if t.k <= mb.value else ">"
        parts.append(f"k = {t.k} {rel} {fmt.bound_text(mb, bd)}")
    elif not bd.separable:
        parts.append(translate("Readout", "k = {k} (not separable: no bound)").format(k=t.k))
    else:
        parts.append(f"k = {t.k} ({core_text(mb.note)})")
    if t.spec.counts_apart:  # updates are not all mistakes: say both
        parts[0] = translate("Readout", "updates {k_part}").format(k_part=parts[0])
        parts.insert(1, translate("Readout", "mistakes (y·f ≤ 0): {m}").format(m=t.mistakes))
    m = t.model
    if isinstance(m, LinearModel) and m.is_linear:
        parts.append(f"w = {fmt.vector(m.w)}")
        parts.append(
            f"b = {fmt.sci(m.b)}" + ("" if cfg.bias else " " + translate("Readout", "(bias off)"))
        )
    else:
        parts.append(f"b = {fmt.sci(t.b)}")
    answer = t.answer
    if answer is not None:
        what = core_text(t.answer_name)
        if isinstance(answer, LinearModel):
            what += f": w = {fmt.vector(answer.w)}, b = {fmt.sci(answer.b)},"
        parts.append(
            translate("Readout", "{answer} {wrong} wrong (current {now})").format(
                answer=what, wrong=t.answer_errors, now=t.errors()
            )
        )
    else:
        parts.append(
            translate("Readout", "wrong now: {wrong} of {n}").format(wrong=t.errors(), n=t.n)
        )
    if t.converged:
        parts.append(translate("Readout", "converged ✓"))
    elif t.stop_reason == "overflow":
        parts.append(
            translate("Readout", "stopped before an overflow (η = {eta} is too large)").format(
                eta=fmt.sci(cfg.eta)
            )
        )
    elif t.stop_reason:
        parts.append(
            translate("Readout", "stopped: {reason}").format(reason=stop_reason_name(t.stop_reason))
        )
    # One minus sign on screen (−3, not -3), not in words such as "passive-aggressive".
    return [_NEGATIVE.sub("−", p) for p in parts]


_NEGATIVE = re.compile(r"(?<![A-Za-z])-(?=[\d.])")


class Readout(SteadyLabel):
    """The strip of live numbers (objectName ``readout``)."""

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(READOUT_LINES, parent)
        self.setObjectName("readout")
        self._controller = controller
        self._point_size = LABEL_PT
        self._stacked = False
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def set_point_size(self, point_size: float, *, stacked: bool = False) -> None:
        """The font size in unscaled points, and whether the parts go on lines of their own
        (presentation mode: large, stacked in a corner of the canvas)."""
        self._point_size = point_size
        self._stacked = stacked
        self.setWordWrap(not stacked)
        self.set_lines(None if stacked else READOUT_LINES)
        self.apply_theme()

    def apply_theme(self) -> None:
        """Font and colours from the theme."""
        t = theme()
        self.setFont(t.font(self._point_size, bold=True))
        pad = int(4 * t.scale)
        fill = t.fill()
        # Half the padding above and below (the line's leading is room enough): the canvas
        # under it keeps the height.
        self.setStyleSheet(
            f"QLabel#readout {{ background: rgba({fill.red()}, {fill.green()}, {fill.blue()},"
            f" {fill.alpha()}); color: {t.palette.ink}; padding: {pad // 2}px {2 * pad}px; }}"
        )
        self.refresh()

    def refresh(self) -> None:
        """Rewrite from the controller's state."""
        parts = readout_parts(self._controller)
        if self._stacked and len(parts) > 2:  # k and the bound; w and b; the rest
            parts = [parts[0], "    ".join(parts[1:3]), *parts[3:]]
        self.setText(("\n" if self._stacked else "    ").join(parts))
        if self._stacked:
            self.adjustSize()

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.refresh()  # every text of the readout is made in `refresh`
        super().changeEvent(event)

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.BOUND | Change.SETTINGS):
            self.refresh()

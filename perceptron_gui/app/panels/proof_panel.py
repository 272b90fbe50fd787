"""The proof panel: Block–Novikoff's two inequalities drawn live, and where they collide.

Against the number of updates k (ALGORITHMS.md, "The proof, step by step"):

- the progress along the best direction, ŵ_k·û*, never falls below kηγ;
- the length ‖ŵ_k‖ never rises above ηD√k;
- so cos θ_k = ŵ_k·û*/‖ŵ_k‖ ≥ √k·γ/D, which would pass 1 after (D/γ)² updates: the bound.

When the theorem does not apply (data not separable, or a run that does not start
from ŵ = 0) the panel says so in a sentence instead of drawing curves that would lie.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from pyqtgraph.Qt import QtCore, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.panels.common import (
    RunFrameGate,
    SteadyFrame,
    make_label,
    style_axes,
    style_label,
)
from perceptron_gui.app.theme import ANNOTATION_PT, TICK_PT, theme
from perceptron_gui.core.bounds import proof_note
from perceptron_gui.core.proof import proof_curves, proof_state

Qt = QtCore.Qt
#: Above this many updates the curves go through a uniform sample of k.
PROOF_MAX_POINTS = 2000


class ProofPanel(QtWidgets.QWidget):
    """The proof's quantities against k, with the chain of inequalities in numbers."""

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("proofPanel")
        self._controller = controller
        self._state: dict[str, object] | None = None
        self._readout = make_label(name="proofReadout")
        self._readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # At the top when the plots are hidden (no theorem to show), not in mid-panel.
        self._readout.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._plots = pg.GraphicsLayoutWidget(self)
        top = self._plots.addPlot(row=0, col=0)
        low = self._plots.addPlot(row=1, col=0)
        low.setXLink(top)
        for p in (top, low):
            p.setMenuEnabled(False)
            p.hideButtons()
            p.setMouseEnabled(x=False, y=False)
        self._top, self._low = top, low
        self._legend = top.addLegend(offset=(8, 8))
        self._progress = top.plot(name="ŵ·û*")
        self._progress_lower = top.plot(name="kηγ")
        self._norm = top.plot(name="‖ŵ‖")
        self._norm_upper = top.plot(name="ηD√k")
        self._cos = low.plot()
        self._cos_lower = low.plot()
        self._one = pg.InfiniteLine(angle=0, pos=1.0)
        low.addItem(self._one, ignoreBounds=True)
        self._cursors = [pg.InfiniteLine(angle=90) for _ in range(2)]
        top.addItem(self._cursors[0], ignoreBounds=True)
        low.addItem(self._cursors[1], ignoreBounds=True)
        self._plots.ci.layout.setRowStretchFactor(0, 3)
        self._plots.ci.layout.setRowStretchFactor(1, 2)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(SteadyFrame(self._readout))
        layout.addWidget(self._plots, 1)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    # ------------------------------------------------------------------ look

    def _style_axes(self) -> None:
        style_axes(self._top, "", self.tr("length"))
        style_axes(self._low, self.tr("updates k"), "cos θ")

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self._style_axes()
            self.refresh()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Colours, widths and fonts from the theme; then redraw."""
        t = theme()
        style_label(self._readout, TICK_PT)
        self._plots.setBackground(t.color("background"))
        self._style_axes()
        for p in (self._top, self._low):
            p.showGrid(x=True, y=True, alpha=t.palette.grid_alpha)
        lw = t.line()
        pos, neg, ink = t.color("positive"), t.color("negative"), t.color("ink")
        dash = Qt.PenStyle.DashLine
        self._progress.setPen(pg.mkPen(pos, width=lw))
        self._progress_lower.setPen(pg.mkPen(pos, width=lw * 0.7, style=dash))
        self._norm.setPen(pg.mkPen(neg, width=lw))
        self._norm_upper.setPen(pg.mkPen(neg, width=lw * 0.7, style=dash))
        self._cos.setPen(pg.mkPen(ink, width=lw))
        self._cos_lower.setPen(pg.mkPen(ink, width=lw * 0.7, style=dash))
        self._one.setPen(pg.mkPen(t.color("muted"), width=1.5, style=Qt.PenStyle.DotLine))
        for c in self._cursors:
            c.setPen(pg.mkPen(t.color("highlight"), width=2 * t.scale))
        self._legend.setLabelTextColor(ink)
        self._legend.setLabelTextSize(f"{t.pt(ANNOTATION_PT - 1)}pt")
        self._legend.setBrush(pg.mkBrush(t.fill()))
        self.refresh()

    # ------------------------------------------------------------------ state

    def state(self) -> dict[str, object] | None:
        """The proof's numbers at the current k (as `state()["proof"]`), None without data."""
        return self._state

    def readout_text(self) -> str:
        """The chain of inequalities as shown."""
        return self._readout.text()

    def refresh(self) -> None:
        """Recompute from the controller (O(min(k, `PROOF_MAX_POINTS`)) for the curves)."""
        c = self._controller
        t = c.trainer
        curves = (
            self._progress,
            self._progress_lower,
            self._norm,
            self._norm_upper,
            self._cos,
            self._cos_lower,
        )
        if t.n == 0 or c.bound_pending:
            self._state = None
            self._readout.setText(
                self.tr("no points") if t.n == 0 else self.tr("computing D and γ…")
            )
            self._plots.hide()
            return
        note = proof_note(t.config)
        if note:
            self._state = {"applies": False, "reason": note, "k": t.k}
            self._readout.setText(f"k = {t.k}: {core_text(note)}")
            self._plots.hide()
            return
        with np.errstate(all="ignore"):  # η·D past the float range: said below, not warned
            st = proof_state(t, c.bound)
        finite = all(v is None or not isinstance(v, float) or math.isfinite(v) for v in st.values())
        if not finite:
            st = {
                k: (None if isinstance(v, float) and not math.isfinite(v) else v)
                for k, v in st.items()
            }
            self._state = st
            self._readout.setText(
                f"k = {t.k}: " + self.tr("ηD is beyond the float range: no curves to draw")
            )
            self._plots.hide()
            return
        self._state = st
        if not st["applies"]:
            self._readout.setText(f"k = {t.k}: {core_text(st['reason'])}")
            self._plots.hide()
            return
        self._plots.show()
        k = t.k
        ks = None
        if k > PROOF_MAX_POINTS:
            ks = np.unique(np.linspace(0, k, PROOF_MAX_POINTS).round().astype(np.int64))
        with np.errstate(all="ignore"):
            pc = proof_curves(t, c.bound, ks)
        x = pc.k.astype(np.float64)
        for item, y in zip(
            curves,
            (pc.progress, pc.progress_lower, pc.norm, pc.norm_upper, pc.cos, pc.cos_lower),
            strict=True,
        ):
            keep = np.isfinite(y)
            if np.count_nonzero(keep) < 2:  # one point draws nothing: say so, give none
                keep[:] = False
            item.setData(x[keep], y[keep])
        right = max(float(k), 1.0) * 1.05
        upper = pc.norm_upper[np.isfinite(pc.norm_upper)]
        top = max(float(upper.max()) if upper.size else 1.0, 1e-300) * 1.05
        self._top.setRange(xRange=(0.0, right), yRange=(0.0, top), padding=0.0)
        self._low.setYRange(0.0, 1.08, padding=0.0)
        for cur in self._cursors:
            cur.setValue(float(k))
        self._readout.setText(self._chain(st))

    @staticmethod
    def _chain(st: dict[str, object]) -> str:
        def num(key: str) -> str:
            v = st[key]
            return fmt.sci(float(v)) if isinstance(v, float) and math.isfinite(v) else "—"

        lines = [
            f"kηγ = {num('progress_lower')} ≤ ŵ·û* = {num('progress')}",
            f"‖ŵ‖ = {num('norm')} ≤ ηD√k = {num('norm_upper')}",
        ]
        if st["cos"] is not None:
            lines.append(f"cos θ = {num('cos')} ≥ √k·γ/D = {num('cos_lower')}")
        return "\n".join(lines)

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.BOUND):
            self.refresh()

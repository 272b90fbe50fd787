"""The proof panel: Block–Novikoff's two inequalities drawn live, and where they collide.

Against the number of updates k (ALGORITHMS.md, "The proof, step by step"):

- the progress along the best direction, ŵ_k·û*, never falls below kηγ;
- the length ‖ŵ_k‖ never rises above ηD√k;
- so cos θ_k = ŵ_k·û*/‖ŵ_k‖ ≥ √k·γ/D, which would pass 1 after (D/γ)² updates: the bound.

The two bounds are drawn until they meet at k = (D/γ)² (on a log k axis when that is
far), the current k is marked, and the readout ends with the conclusion "so k ≤ (D/γ)²
= 117: at most 117 mistakes". The legend sits above the plots, never on the curves.

When the theorem does not apply (data not separable, or a run that does not start
from ŵ = 0) the panel says so in a sentence instead of drawing curves that would lie.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.axes import log_ticks, quiet_hidden_axes, steady_axes
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.panels.common import (
    RunFrameGate,
    SteadyFrame,
    make_label,
    style_axes,
    style_label,
)
from perceptron_gui.app.qtutil import paint_with_window
from perceptron_gui.app.theme import ANNOTATION_PT, TICK_PT, theme
from perceptron_gui.core.bounds import proof_note
from perceptron_gui.core.novikoff import Bound
from perceptron_gui.core.proof import (
    conclusion_parts,
    crossing,
    most_text,
    proof_curves,
    proof_state,
)

Qt = QtCore.Qt
#: Above this many updates the curves go through a uniform sample of k.
PROOF_MAX_POINTS = 2000
#: The bounds' curves are drawn through this many values of k up to the crossing.
BOUND_POINTS = 400
#: Values beyond this are not drawn (Qt's painter fails on coordinates near the float limit).
DRAWABLE = 1e100
#: From this length on, the upper plot draws its lengths in units of a power of ten.
SCALED_FROM = 1e4
#: Beyond this crossing (D/γ)², the k axis is logarithmic (the run would be a sliver).
LOG_K_FROM = 1000.0
#: The plots never get less than this height (pixels at scale 1: the legend, two plots
#: whose axis titles fit beside them, the k axis); a shorter dock scrolls them instead
#: of crushing them until "length" and "cos θ" overprint. With the legend and the plots
#: close together and the k axis's title close under its numbers, each plot's own area is
#: then at least 40 px high (it was 28 of 175).
PLOTS_MIN_PX = 152
#: Where the chain and the plots' least height would not fit the dock, the chain's type
#: shrinks, down to this share of its size, before the panel scrolls (in a lesson's column
#: at 1024×768 the chain wraps to 6 lines after an update and cut the lower plot).
READOUT_MIN_SHARE = 0.8


def integer_step(span: float, ticks: int = 5) -> float:
    """A tick spacing of 1, 2 or 5 × 10^n (at least 1) giving about `ticks` ticks."""
    raw = max(1.0, span / max(1, ticks))
    power = 10.0 ** math.floor(math.log10(raw))
    for m in (1.0, 2.0, 5.0, 10.0):
        if m * power >= raw:
            return m * power
    return 10.0 * power


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
        # Their height is the room left (at least their minimum), not their size hint: the
        # scroll area sized the panel for the hint (the chain's height plus the plots' 304
        # px) and scrolled the k axis out of a lesson's column at UI scale 2.
        policy = self._plots.sizePolicy()
        policy.setVerticalPolicy(QtWidgets.QSizePolicy.Policy.Ignored)
        self._plots.setSizePolicy(policy)
        paint_with_window(self._plots)
        self._plots.hide()  # shown when the theorem applies (`refresh`)
        # Its plots are made when first drawn (`_ensure_plots`): a window starts without
        # points, and they are a good part of its start.
        self._made = False
        self._log_k = False
        self._power = 0  # the upper plot's unit, 10^power (`_set_power`)
        self._log_right: float | None = None  # log10 of the log k axis's end (None: linear)
        # Too short a dock scrolls the panel (see PLOTS_MIN_PX) rather than crush the plots.
        body = QtWidgets.QWidget()
        inner = QtWidgets.QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(2)
        inner.addWidget(SteadyFrame(self._readout))
        inner.addWidget(self._plots, 1)
        self._scroll = QtWidgets.QScrollArea(self)
        self._scroll.setObjectName("proofScroll")
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._scroll.setWidget(body)
        self._scroll.viewport().installEventFilter(self)  # its width: the legend's rows
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self._scroll, 1)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    # ------------------------------------------------------------------ plots

    def _ensure_plots(self) -> None:
        """Make the plots (once), in the current theme and language."""
        if self._made:
            return
        self._made = True
        self._create_plots()
        self._style_plots()

    def _create_plots(self) -> None:
        top = self._plots.addPlot(row=0, col=0, enableMenu=False, axisItems=steady_axes())
        low = self._plots.addPlot(row=1, col=0, enableMenu=False, axisItems=steady_axes())
        low.setXLink(top)
        for p in (top, low):
            quiet_hidden_axes(p)
            p.hideButtons()
            p.setMouseEnabled(x=False, y=False)
        self._top, self._low = top, low
        self._progress = top.plot(name="ŵ·û*")
        self._progress_lower = top.plot(name="kηγ")
        self._norm = top.plot(name="‖ŵ‖")
        self._norm_upper = top.plot(name="ηD√k")
        # The legend in a row of its own above the plots: it never hides a curve.
        self._legend = pg.LegendItem(colCount=4)
        for item in (self._progress, self._progress_lower, self._norm, self._norm_upper):
            self._legend.addItem(item, item.name())
        self._plots.ci.layout.removeItem(top)
        self._plots.ci.layout.removeItem(low)
        self._plots.addItem(self._legend, row=0, col=0)
        self._plots.addItem(top, row=1, col=0)
        self._plots.addItem(low, row=2, col=0)
        self._cos = low.plot()
        self._cos_lower = low.plot()
        self._one = pg.InfiniteLine(angle=0, pos=1.0)
        low.addItem(self._one, ignoreBounds=True)
        self._cursors = [pg.InfiniteLine(angle=90) for _ in range(2)]
        top.addItem(self._cursors[0], ignoreBounds=True)
        low.addItem(self._cursors[1], ignoreBounds=True)
        # Where the bounds meet: kηγ = ηD√k and √k·γ/D = 1 at k = (D/γ)².
        self._meet = [pg.ScatterPlotItem(size=9), pg.ScatterPlotItem(size=9)]
        top.addItem(self._meet[0])
        low.addItem(self._meet[1])
        # The plots' titles lie inside them, level, in the bottom right corner, where the
        # curves (rising from 0 at k = 0) do not go: a short plot keeps them apart
        # (rotated beside the axes, "length" and "cos θ" overprinted).
        self._titles = (pg.LabelItem(justify="right"), pg.LabelItem(justify="right"))
        for label, plot in zip(self._titles, (top, low), strict=True):
            label.setParentItem(plot.getViewBox())
            label.anchor(itemPos=(1, 1), parentPos=(1, 1), offset=(-4, 0))
        # The lengths' unit (`_set_power`) in the upper plot's top left corner, which the
        # curves (rising from 0 at the left) leave empty, as a plot's offset is written.
        self._unit = pg.LabelItem(justify="left")
        self._unit.setParentItem(top.getViewBox())
        self._unit.anchor(itemPos=(0, 0), parentPos=(0, 0), offset=(2, 0))
        self._plots.ci.layout.setRowStretchFactor(1, 1)
        self._plots.ci.layout.setRowStretchFactor(2, 1)
        # Little chrome round and between the legend and the plots (pyqtgraph's 9 px
        # margins and 6 px gaps): at 1024×768 the room goes to the curves.
        self._plots.ci.layout.setContentsMargins(2, 2, 2, 2)
        self._plots.ci.layout.setVerticalSpacing(2)
        self._legend.layout.setContentsMargins(0, 0, 0, 0)

    # ------------------------------------------------------------------ look

    def _style_axes(self) -> None:
        if not self._made:
            return
        style_axes(self._top, "", "")
        # The k axis's title at the ticks' size, close under them (Qt's 4 px round a
        # text item: 1; pyqtgraph's 2 px over the numbers: 0): ~7 px of a 1024×768 dock
        # back for the curves (the docks' title bars grew 8 px for their 24 px buttons).
        style_axes(self._low, self.tr("updates k"), "", label_pt=TICK_PT)
        k_axis = self._low.getAxis("bottom")
        k_axis.enableAutoSIPrefix(False)  # counts, whole: no "(x1e+12)" after the title
        k_axis.label.document().setDocumentMargin(1)
        k_axis.setStyle(tickTextOffset=0)
        t = theme()
        for plot in (self._top, self._low):
            plot.getAxis("left").setWidth(int(40 * t.scale))
        # One k axis with numbers, under both plots (they share it): room for the curves.
        self._top.getAxis("bottom").setStyle(showValues=False)
        self._top.getAxis("bottom").setHeight(int(4 * t.scale))
        self._titles[1].setText("cos θ", color=t.palette.ink, size=f"{t.pt(ANNOTATION_PT)}pt")
        self._title_lengths()

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is self._scroll.viewport() and event.type() == QtCore.QEvent.Type.Resize:
            self._fit_legend()
            if self._made:
                self._set_log_ticks()
            self._fit_readout()
        return False

    def _fit_legend(self) -> None:
        """The legend's four entries in one row when they fit the width, else two rows."""
        if not self._made:
            return
        avail = self._scroll.viewport().width()
        if self._legend.columnCount != 4:
            self._legend.setColumnCount(4)
        need = self._legend.layout.effectiveSizeHint(Qt.SizeHint.PreferredSize).width()
        if need > avail:
            self._legend.setColumnCount(2)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self._style_axes()
            self.refresh()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Colours, widths and fonts from the theme; then redraw."""
        t = theme()
        style_label(self._readout, TICK_PT)
        self._plots.setMinimumHeight(int(PLOTS_MIN_PX * t.scale))
        self._plots.setBackground(t.color("background"))
        self._style_plots()
        self.refresh()

    def _style_plots(self) -> None:
        """The plots' colours, widths and fonts from the theme (once they are made)."""
        if not self._made:
            return
        t = theme()
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
        for m in self._meet:
            m.setPen(pg.mkPen(ink, width=1.5))
            m.setBrush(pg.mkBrush(t.color("highlight")))
        self._legend.setLabelTextColor(ink)
        self._legend.setLabelTextSize(f"{t.pt(ANNOTATION_PT - 2)}pt")
        self._legend.layout.setHorizontalSpacing(int(4 * t.scale))
        self._legend.layout.setVerticalSpacing(0)
        for _, label in self._legend.items:  # setAttr keeps the old text's look until set again
            label.setText(label.text)
        self._low.getAxis("left").setTicks([[(0.0, "0"), (0.5, "0.5"), (1.0, "1")]])
        self._fit_legend()

    # ------------------------------------------------------------------ state

    def state(self) -> dict[str, object] | None:
        """The proof's numbers at the current k (as `state()["proof"]`), None without data."""
        out: dict[str, object] | None = fmt.plain_text(self._state)
        return out

    def readout_text(self) -> str:
        """The chain of inequalities as shown (no-break spaces made spaces)."""
        return str(fmt.plain_text(self._readout.text()))

    def refresh(self) -> None:
        """Recompute from the controller (O(min(k, `PROOF_MAX_POINTS`)) for the curves)."""
        self._refresh()
        self._fit_readout()

    def _fit_readout(self) -> None:
        """The chain at the theme's size, or as much smaller (down to `READOUT_MIN_SHARE`
        of it) as makes it fit over the plots' least height without scrolling; measured
        at the viewport's width, as the label wraps it."""
        view = self._scroll.viewport()
        full = theme().pt(TICK_PT)
        room = view.height() - self.layout_spacing()
        if self._plots.isVisibleTo(self):
            room -= self._plots.minimumHeight()
        font = QtGui.QFont(self._readout.font())
        text = fmt.glue_words(self._readout.text())  # (as the label shows it)
        size = full
        while True:
            font.setPointSizeF(size)
            box = QtGui.QFontMetrics(font).boundingRect(
                QtCore.QRect(0, 0, max(1, view.width()), 100_000),
                Qt.TextFlag.TextWordWrap,
                text,
            )
            if box.height() <= room or size <= full * READOUT_MIN_SHARE:
                break
            size = max(full * READOUT_MIN_SHARE, size - 0.5)
        if abs(self._readout.font().pointSizeF() - size) > 1e-6:
            self._readout.setFont(font)
        # The chain's whole height at the viewport's width, held against the plots' least
        # height when the panel scrolls: the scroll area sizes its body by the minimum
        # sizes, not by the height for the width, and squeezed the chain's last line
        # under the legend (8 lines at UI scale 2: "so k ≤ (D/γ)² = 2.17e+298: …").
        frame = self._readout.parentWidget()
        if frame is not None:
            frame.setMinimumHeight(self._readout.heightForWidth(max(1, view.width())))

    def layout_spacing(self) -> int:
        """The pixels between the chain and the plots."""
        body = self._scroll.widget()
        layout = body.layout() if body is not None else None
        return layout.spacing() if layout is not None else 0

    def _refresh(self) -> None:
        c = self._controller
        t = c.trainer
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
        self._ensure_plots()
        self._plots.show()
        self._draw(st)
        self._readout.setText(self._chain(st, c.bound))

    def _draw(self, st: dict[str, object]) -> None:
        """The run's curves to its k, the bounds to where they meet, the current k marked."""
        c = self._controller
        t = c.trainer
        k = t.k
        bound = c.bound
        meet = crossing(bound)
        far = max(float(k), meet or 0.0)
        log_k = meet is not None and meet > LOG_K_FROM
        if log_k != self._log_k:
            self._log_k = log_k
            for p in (self._top, self._low):
                p.setLogMode(x=log_k)
        ks = None
        if k > PROOF_MAX_POINTS:
            ks = np.unique(np.linspace(0, k, PROOF_MAX_POINTS).round().astype(np.int64))
        with np.errstate(all="ignore"):
            pc = proof_curves(t, bound, ks)
        x = pc.k.astype(np.float64)
        # The bounds from k = 0 (k = 1 on a log axis) to where they meet, or to k.
        if log_k:
            xb = np.geomspace(1.0, max(far, 2.0), BOUND_POINTS)
        else:
            xb = np.linspace(0.0, max(far, 1.0), BOUND_POINTS)
        eta = float(t.config.eta)
        gamma, D = float(bound.gamma), float(bound.D)
        with np.errstate(all="ignore"):
            lower = xb * (eta * gamma)
            upper = np.sqrt(xb) * (eta * D)
            cos_lower = np.sqrt(xb) * (gamma / D) if D > 0 else np.zeros_like(xb)
        # The lengths in units of 10^power when they are large: Qt cannot paint past
        # DRAWABLE (with coordinates near 1e149 the plot was empty) and the axis's 40 px
        # do not hold "2000000".
        lengths = [a[np.isfinite(a)] for a in (upper, pc.norm, pc.progress, lower)]
        most = max((float(np.abs(a).max()) for a in lengths if a.size), default=1.0)
        power = math.floor(math.log10(most)) if most >= SCALED_FROM else 0
        unit = 10.0**power
        run = (self._progress, self._norm, self._cos)
        for item, y in zip(run, (pc.progress / unit, pc.norm / unit, pc.cos), strict=True):
            keep = np.isfinite(y) & ((x > 0) if log_k else True)
            if np.count_nonzero(keep) < 2:  # one point draws nothing: say so, give none
                keep[:] = False
            item.setData(x[keep], y[keep])
        lower, upper = lower / unit, upper / unit
        for item, y in zip(
            (self._progress_lower, self._norm_upper, self._cos_lower),
            (lower, upper, cos_lower),
            strict=True,
        ):
            ok = np.isfinite(y) & (np.abs(y) < DRAWABLE)  # Qt cannot paint past this
            if np.count_nonzero(ok) < 2:  # one point draws nothing: give none
                ok[:] = False
            item.setData(xb[ok], y[ok])
        meet_y = meet * eta * gamma / unit if meet is not None else math.inf
        if meet is not None and abs(meet_y) < DRAWABLE:
            at = math.log10(meet) if log_k else meet
            self._meet[0].setData([at], [meet_y])
            self._meet[1].setData([at], [1.0])
        else:
            for m in self._meet:
                m.setData([], [])
        self._set_power(power)
        right = max(far, 1.0) * 1.05
        ys = [
            a[np.isfinite(a) & (np.abs(a) < DRAWABLE)]
            for a in (upper, pc.norm / unit, pc.progress / unit)
        ]
        top = max((float(a.max()) for a in ys if a.size), default=1.0)
        top = max(top, 1e-12) * 1.05  # never a range of sub-normal numbers
        if log_k:
            log_right = math.log10(right)
            self._top.setRange(xRange=(0.0, log_right), yRange=(0.0, top), padding=0.0)
            for p in (self._top, self._low):
                p.getAxis("bottom").setTickSpacing()
            self._log_right = log_right
            self._set_log_ticks()
        else:
            self._top.setRange(xRange=(0.0, right), yRange=(0.0, top), padding=0.0)
            step = integer_step(right)
            self._log_right = None
            self._low.getAxis("bottom").setTicks(None)
            for p in (self._top, self._low):
                p.getAxis("bottom").setTickSpacing(step, step)
        self._low.setYRange(0.0, 1.08, padding=0.0)
        for cur in self._cursors:
            cur.setVisible(k > 0 or not log_k)
            cur.setValue(math.log10(k) if log_k and k > 0 else float(k))

    def _set_log_ticks(self) -> None:
        """The log k axis's decades, 1, 10, 100, …, 10⁵, as many as its width holds side by
        side (pyqtgraph's own took an SI prefix from the axis's title and read "10⁻⁷ … 0.01
        (x1e+12)"; eight of "10²⁶⁶" overprinted in a 290 px dock)."""
        if self._log_right is None:
            return
        axis = self._low.getAxis("bottom")
        fm = QtGui.QFontMetricsF(axis.style.get("tickFont") or axis.font())
        widest = fm.horizontalAdvance(fmt.power(math.ceil(self._log_right)) + "00")
        room = self._low.getViewBox().width() or self._scroll.viewport().width()
        axis.setTicks(log_ticks(self._log_right, int(room // max(widest, 1.0))))

    def _set_power(self, power: int) -> None:
        """The upper plot's lengths in units of 10^`power`: said in its title, "length
        (×10¹⁴⁹)" (0: as they are)."""
        if power != self._power:
            self._power = power
            self._title_lengths()

    def _title_lengths(self) -> None:
        t = theme()
        size = f"{t.pt(ANNOTATION_PT)}pt"
        self._titles[0].setText(self.tr("length"), color=t.palette.ink, size=size)
        self._unit.setText(
            f"×{fmt.power(self._power)}" if self._power else "", color=t.palette.ink, size=size
        )

    def length_unit(self) -> int:
        """The power of ten the upper plot's lengths are drawn in (0: as they are)."""
        return self._power

    def log_k(self) -> bool:
        """Whether the k axis is logarithmic (the bounds meet far beyond the run)."""
        return self._log_k

    def _chain(self, st: dict[str, object], bound: Bound) -> str:
        def num(key: str) -> str:
            v = st[key]
            return fmt.sci(float(v)) if isinstance(v, float) and math.isfinite(v) else "—"

        lines = [
            f"kηγ = {num('progress_lower')} ≤ ŵ·û* = {num('progress')}",
            f"‖ŵ‖ = {num('norm')} ≤ ηD√k = {num('norm_upper')}",
        ]
        if st["cos"] is not None:
            lines.append(f"cos θ = {num('cos')} ≥ √k·γ/D = {num('cos_lower')}")
        parts = conclusion_parts(bound)
        if parts is not None:
            lines.append(
                self.tr("so k ≤ (D/γ)² = {bound}: at most {most} mistakes").format(
                    bound=parts[0], most=most_text(parts)
                )
            )
        return "\n".join(lines)

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.BOUND):
            self.refresh()

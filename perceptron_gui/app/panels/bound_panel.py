"""The bound panel: mistakes k against visits, under the Novikoff bound (D/γ)², with a readout."""

from __future__ import annotations

import math
import re

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.axes import log_ticks, quiet_hidden_axes, steady_axes
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.panels.common import (
    RunFrameGate,
    SteadyFrame,
    SteadyLabel,
    has_cjk,
    line_height,
    short_screen,
    style_axes,
    style_label,
)
from perceptron_gui.app.qtutil import named, paint_with_window
from perceptron_gui.app.theme import ANNOTATION_PT, LABEL_PT, TICK_PT, theme
from perceptron_gui.app.words import WordsText
from perceptron_gui.core.bounds import needs_kernel_bound
from perceptron_gui.core.proof import origin_note
from perceptron_gui.core.protocol import Algorithm

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]

#: Above this many updates the bound curve is drawn through a uniform sample of them
#: (more than two per pixel of a plot 700 px wide; 4000 cost 8 ms a paint, 1500 about 3).
CURVE_MAX_STEPS = 1500
#: The bound line is drawn when (D/γ)² is at most this many times the plot's k range.
BOUND_SHOWN_FACTOR = 20.0
#: During a run a range that the curve reaches grows to this many times what it needs.
RUN_HEADROOM = 1.5
#: The plot's least height (pixels at UI scale 1, its axes and their titles included): a
#: shorter dock scrolls the panel rather than crush the plot (at UI scale 2 in the
#: window's bottom strip at 1024×768 its own area was 3 px high, and the ticks overprinted).
PLOT_MIN_PX = 60
#: The readout over the plot keeps at most this many lines, broken between terms
#: ("k = 3" / "≤ (D/γ)² = 117"), the rest elided, whole in its tooltip (it wrapped inside
#: the bound, "(D/γ)² =" / "31.9196", over three lines that the dock then cut).
READOUT_MOST_LINES = 4
#: ... and more, up to this many, while the plot keeps PLOT_ROOMY_PX (pixels at UI scale 1,
#: its axes included): margin's and passive-aggressive's readouts say the mistakes too,
#: 5 lines in the window's bottom strip at 1024×768, where the fourth line ended "D …"
#: and D and γ were lost.
READOUT_ROOMY_LINES = 8
PLOT_ROOMY_PX = 130


class BoundPlot(pg.PlotWidget):
    """Mistakes k against visits, as a step curve, under the Novikoff bound (D/γ)².

    Parameters
    ----------
    controller : Controller
        The session; the plot listens to its signals.
    parent : QWidget, optional
        The parent widget.

    Notes
    -----
    The curve is rebuilt from at most `CURVE_MAX_STEPS` updates per refresh
    (a uniform sample of them beyond that, invisible at screen resolution), so a
    refresh costs the same at k = 10 and k = 10^6. The y range follows k; the
    bound line is in range only when it is within `BOUND_SHOWN_FACTOR` times k's
    range, otherwise a note at the top gives its value. Panning or zooming by
    hand stops the following until the "A" button is pressed. During a run the
    ranges grow in steps of `RUN_HEADROOM` (the axes stay put between frames, so
    a refresh repaints the curve, not the axes and their labels); when the run
    stops they fit again. Steps forward do the same from the fitted ranges (an axis
    made again, ticks, texts and picture, was ~5.5 ms of a step); a step back, a
    reset or a new run fits them again.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        # No context menu (pyqtgraph would build one for the view box, unused, at once).
        super().__init__(parent=parent, enableMenu=False, axisItems=steady_axes(roomy=True))
        self.setObjectName("boundPlot")
        paint_with_window(self)
        self._controller = controller
        self._follow = True
        self._loose: tuple[float, float] | None = None  # a run's or steps' (right, top)
        self._shown: tuple[float, float] | None = None  # the (right, top) last set
        self._in_run = False  # the last refresh was a run's frame
        self._seen_visits = 0  # the visits at the last refresh
        self._left_ticks: list[list[tuple[float, str]]] | None = None  # the k axis's ticks
        self._log_y = False
        self._bound_value: float | None = None
        self._x = np.zeros(2)
        self._y = np.zeros(2)
        self._second: Controller | None = None  # compare mode's second run (see set_second)
        self._second_curve: pg.PlotDataItem | None = None
        self._legend: pg.LegendItem | None = None
        self._title_pt = LABEL_PT  # the axes' titles' size (`_style_axes`)
        self._line_texts: list[str] = []  # the bound line's labels, longest first
        self._mistake_texts: list[str] = []  # the mistakes' staircase's labels, longest first

        plot = self.getPlotItem()
        quiet_hidden_axes(plot)
        plot.setMenuEnabled(False)
        self._curve = pg.PlotDataItem()
        plot.addItem(self._curve)
        # Modes whose updates are not all mistakes (passive-aggressive, margin): the mistakes
        # (y·f ≤ 0) as a second staircase under the updates, labelled at its end.
        self._mistake_curve = pg.PlotDataItem()
        plot.addItem(self._mistake_curve)
        self._mistake_label = pg.TextItem(anchor=(1, 0))
        plot.addItem(self._mistake_label, ignoreBounds=True)
        self._mx = np.zeros(0)
        self._my = np.zeros(0)
        # The label sits at the right end, under the line: inside the plot at any size.
        self._line = pg.InfiniteLine(
            angle=0,
            label="(D/γ)²",
            labelOpts={"position": 0.98, "anchors": [(1, 0), (1, 0)]},
        )
        plot.addItem(self._line, ignoreBounds=True)
        self._off_note = WordsText(anchor=(0, 0))
        plot.addItem(self._off_note, ignoreBounds=True)

        vb = plot.getViewBox()
        vb.sigRangeChangedManually.connect(self._on_view_range_changed_manually)
        vb.sigResized.connect(self._wrap_off_note)  # (a dock resized after the last refresh)
        vb.sigResized.connect(self._fit_texts)
        vb.sigXRangeChanged.connect(self._fit_mistake_label)
        # (After pyqtgraph centres the title again at the axis's resize: kept inside.)
        bottom = plot.getAxis("bottom")
        bottom.geometryChanged.connect(bottom.keep_title_inside)
        plot.autoBtn.clicked.connect(self._on_auto_clicked)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def apply_theme(self) -> None:
        """Restyle from the theme, then redraw."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        t = theme()
        self.setBackground(t.color("background"))
        plot = self.getPlotItem()
        plot.showGrid(x=True, y=True, alpha=t.palette.grid_alpha)
        self._style_axes()
        self._curve.setPen(pg.mkPen(t.color("ink"), width=t.line()))
        self._mistake_curve.setPen(
            pg.mkPen(t.color("negative"), width=t.line(), style=Qt.PenStyle.DotLine)
        )
        self._mistake_label.setColor(t.color("negative"))
        self._mistake_label.setFont(t.font(ANNOTATION_PT))
        if self._second_curve is not None and self._legend is not None:
            dash = Qt.PenStyle.DashLine
            self._second_curve.setPen(pg.mkPen(t.color("positive"), width=t.line(), style=dash))
            self._legend.setLabelTextColor(t.color("ink"))
            self._legend.setLabelTextSize(f"{t.pt(ANNOTATION_PT)}pt")
            self._legend.setBrush(pg.mkBrush(t.fill()))
            for _, label in self._legend.items:
                label.setText(label.text)  # the new colour and size apply on the next text
        neg = t.color("negative")
        self._line.setPen(pg.mkPen(neg, width=t.line(), style=Qt.PenStyle.DashLine))
        # On a short screen for the scale the plot is a strip: smaller notes and titles.
        font = t.font(TICK_PT if short_screen(self) else ANNOTATION_PT + 1, bold=True)
        for item in (self._line.label, self._off_note):
            item.setColor(neg)
            item.fill = pg.mkBrush(t.fill())
            item.setFont(font)
        self.refresh()

    def _style_axes(self) -> None:
        k_title = (
            self.tr("updates k")
            if self._controller.trainer.spec.counts_apart
            else self.tr("mistakes k")
        )
        if short_screen(self):
            # A strip of a plot (scale 2 on a 1080 px screen): "mistakes k" was cut to
            # "mistake" beside it; the readout above names k.
            self._title_pt = TICK_PT
            style_axes(self.getPlotItem(), self._visits_title(), "k", label_pt=TICK_PT)
        else:
            self._title_pt = LABEL_PT
            style_axes(self.getPlotItem(), self._visits_title(), k_title)
        self._fit_texts()  # (the title in its new type: whole or not, and centred again)

    def _visits_title(self) -> str:
        """The x axis's title, or its first word where the axis is narrower than the title
        (at UI scale 2 beside the canvas on 1024×768 "visits (points looked at)" ran past
        the plot's right edge, cut to "visits (points looked a")."""
        whole = str(self.tr("visits (points looked at)"))
        font = theme().font(self._title_pt)
        room = self.width() - 4  # (along the axis, and over the k axis's side: `SteadyAxis`)
        if QtGui.QFontMetricsF(font).horizontalAdvance(whole) <= room:
            return whole
        return str(self.tr("visits"))

    def _fit_texts(self, *_: object) -> None:
        """The axis's title and the bound line's label for the plot's size now: the title
        whole where its own text item (its type and margins) is narrower than the plot, kept
        inside it (`SteadyAxis.keep_title_inside`, also at each of the axis's resizes),
        else its first word."""
        axis = self.getPlotItem().getAxis("bottom")
        title = self._visits_title()
        if axis.labelText != title:
            axis.setLabel(title, **axis.labelStyle)
        short = str(self.tr("visits"))
        if title != short and axis.label.boundingRect().width() > self.width() - 4:
            axis.setLabel(short, **axis.labelStyle)
        axis.keep_title_inside()
        self._fit_line_label()
        self._fit_mistake_label()

    def _fit_mistake_label(self, *_: object) -> None:
        """The mistakes' label at the end of their staircase, under it, inside the plot:
        moved right of the end where the end is nearer the plot's left side than the label
        is wide (at 1024×768 passive-aggressive's began "istakes (y·f ≤ 0): 1"), and the
        count alone where the plot is narrower than the whole label."""
        label = self._mistake_label
        if not self._mistake_texts or not label.isVisible() or not len(self._mx):
            return
        vb = self.getPlotItem().getViewBox()
        room = vb.width() - 4
        fm = QtGui.QFontMetricsF(label.textItem.font())
        pad = label.textItem.document().documentMargin() * 2
        texts = self._mistake_texts
        text = next((t for t in texts if fm.horizontalAdvance(t) + pad <= room), texts[-1])
        if label.toPlainText() != text:
            label.setText(text)
        x, y = float(self._mx[-1]), float(self._my[-1])
        y = np.log10(max(y, 1.0)) if self._log_y else y
        (left, _), (bottom, _) = vb.viewRange()
        per_x, per_y = vb.viewPixelSize()
        box = label.textItem.boundingRect()
        if all(math.isfinite(v) and v > 0 for v in (per_x, per_y)):
            # (anchored at its top right: its right side at least its width off the plot's
            # left side, its top at least its height over the bottom)
            x = max(x, left + (box.width() + 1) * per_x)
            y = max(y, bottom + (box.height() + 1) * per_y)
        label.setPos(x, y)

    def _fit_line_label(self) -> None:
        """The bound line's label whole ("(D/γ)² = 31.9196"), or shorter ("k ≤ 31.9196",
        "31.9196") where the plot is narrower than the whole (its left end was cut,
        "D/γ)² = 31.9196"); the readout above says it whole."""
        texts = self._line_texts
        if not texts:
            return
        label = self._line.label
        room = 0.98 * self.getPlotItem().getViewBox().width() - 4
        fm = QtGui.QFontMetricsF(label.textItem.font())
        pad = label.textItem.document().documentMargin() * 2
        text = next((t for t in texts if fm.horizontalAdvance(t) + pad <= room), texts[-1])
        if label.toPlainText() != text:
            label.setText(text)

    def retranslate(self) -> None:
        """Axis titles and notes in the current language."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        self._style_axes()
        self.refresh()

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_log_y(self, on: bool) -> None:
        """Use a logarithmic k axis (shows k and a huge bound together; k = 0 is not drawn)."""
        self._log_y = bool(on)
        self.getPlotItem().setLogMode(y=self._log_y)
        self._follow = True
        self.refresh()

    def set_second(self, controller: Controller | None) -> None:
        """Compare mode: also draw the second run's mistakes, dashed, with a legend (None: stop)."""
        if self._second is not None:
            self._second.changed.disconnect(self._on_second_changed)
        self._second = controller
        plot = self.getPlotItem()
        if controller is None:
            if self._second_curve is not None:
                plot.removeItem(self._second_curve)
                self._second_curve = None
            if self._legend is not None:
                # The plot keeps its legend: a second compare would otherwise get a stale one.
                scene = self._legend.scene()
                if scene is not None:
                    scene.removeItem(self._legend)
                plot.legend = None
                self._legend = None
                plot.legend = None  # else the next addLegend returns the removed one
        else:
            if self._second_curve is None:
                self._legend = plot.addLegend(offset=(-10, -10))  # bottom right: under the curves
                self._legend.addItem(self._curve, "run 1")
                self._second_curve = pg.PlotDataItem()
                plot.addItem(self._second_curve)
                self._legend.addItem(self._second_curve, "run 2")
            controller.changed.connect(self._on_second_changed)
        self.apply_theme()

    def _on_second_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.DATA | Change.SETTINGS):
            self.refresh(run_frame=bool(change & Change.RUN_FRAME), step=_a_step(change))

    # ------------------------------------------------------------------- drawing

    def refresh(self, *, run_frame: bool = False, step: bool = False) -> None:
        """Redraw from the controller's current state (O(`CURVE_MAX_STEPS`)); a run's
        frame keeps the ranges while the curve fits in them, and so does a `step` that
        went forward (not after a run's frames: a run that stops fits the ranges)."""
        t = self._controller.trainer
        visits = self._visits()
        if run_frame:
            if self._loose is None:
                self._loose = (0.0, 0.0)
        elif step and not self._in_run and visits >= self._seen_visits:
            if self._loose is None:
                self._loose = self._shown
        else:
            self._loose = None
        self._in_run = run_frame
        self._seen_visits = visits
        self._x, self._y = _step_curve(t)
        if self._log_y:
            # log10(0) = -inf: the k = 0 part of the staircase is not drawn on a log axis.
            keep = self._y > 0.0
            self._curve.setData(self._x[keep], self._y[keep])
        else:
            self._curve.setData(self._x, self._y)
        if self._second is not None and self._second_curve is not None:
            x2, y2 = _step_curve(self._second.trainer)
            keep2 = y2 > 0.0 if self._log_y else slice(None)
            self._second_curve.setData(x2[keep2], y2[keep2])
        if t.spec.counts_apart:
            self._mx, self._my = _step_curve(t, "mistakes")
            shown = self._my > 0.0 if self._log_y else np.ones(self._my.shape, dtype=bool)
            self._mistake_curve.setData(self._mx[shown], self._my[shown])
            self._mistake_curve.show()
            self._mistake_texts = [
                self.tr("mistakes (y·f ≤ 0): {m}").format(m=t.mistakes),
                str(t.mistakes),
            ]
            self._mistake_label.show()
            self._fit_mistake_label()
        else:
            self._mistake_curve.hide()
            self._mistake_label.hide()
        c = self._controller
        mb = c.mistake_bound
        self._bound_value = (
            float(mb.value)
            if t.n and not c.bound_pending and not c.bound_note and mb.value is not None
            else None
        )
        if self._bound_value is None:
            self._line.hide()
        else:
            # Only data items follow the log mode; the line is placed in log10 units itself.
            self._line.setValue(np.log10(self._bound_value) if self._log_y else self._bound_value)
            text = fmt.bound_text(mb, c.bound, core_text(mb.name))
            # A long rule ((D² + 2·margin/η)/γ²) would not fit on the line in a small plot:
            # the readout above writes it out.
            number = fmt.bound_number(mb, c.bound)
            value = f"k ≤ {number}"
            self._line_texts = [text, value, number] if len(mb.name) <= 8 else [value, number]
            self._fit_line_label()
            self._line.show()
        if self._follow:
            self._set_range()

    def _visits(self) -> int:
        """The visits the x range makes room for (both runs' in compare mode)."""
        visits = self._controller.trainer.visits
        if self._second is not None:
            visits = max(visits, self._second.trainer.visits)
        return int(visits)

    def _set_range(self) -> None:
        t = self._controller.trainer
        b = self._bound_value
        visits, k = self._visits(), t.k
        if self._second is not None:  # room for both curves
            k = max(k, self._second.trainer.k)
        right = max(float(visits), 1.0) * 1.03
        top = max(1.15 * k, 5.0)  # room above the curve
        if self._loose is not None:
            # A run or steps: the ranges jump ahead by RUN_HEADROOM when the curve
            # reaches them.
            loose_right, loose_top = self._loose
            if right > loose_right:
                loose_right = right * RUN_HEADROOM
            if top > loose_top:
                loose_top = top * RUN_HEADROOM
            if self._in_run and self._loose == (loose_right, loose_top):
                return  # nothing moves: only the curve is repainted
            self._loose = (loose_right, loose_top)
            right, top = loose_right, loose_top
        self._shown = (right, top)
        vb = self.getPlotItem().getViewBox()
        if self._log_y:
            # In log10 units: twice a bound near the largest float would be inf.
            log_top = math.log10(max(top / 1.15, b or 0.0, 10.0)) + math.log10(2.0)
            vb.setRange(xRange=(0.0, right), yRange=(math.log10(0.7), log_top), padding=0.0)
            self._set_left_ticks(log_ticks(log_top))
            self._settle(vb)
            self._off_note.hide()
            return
        self._set_left_ticks(None)
        line_in_view = b is not None and b <= BOUND_SHOWN_FACTOR * top
        if b is not None and line_in_view:
            top = max(top, 1.08 * b)
        vb.setRange(xRange=(0.0, right), yRange=(0.0, top), padding=0.0)
        self._settle(vb)
        if b is not None and not line_in_view:
            c = self._controller
            self._off_note.setText(
                self.tr("{bound} is far above ↑").format(
                    bound=fmt.bound_text(c.mistake_bound, c.bound, core_text(c.mistake_bound.name))
                )
            )
            self._off_note.setPos(0.0, top)
            self._off_note.show()
            self._wrap_off_note()
        else:
            self._off_note.hide()

    def _set_left_ticks(self, ticks: list[list[tuple[float, str]]] | None) -> None:
        """The k axis's ticks, given only when they change (each time drops its picture)."""
        if ticks != self._left_ticks:
            self._left_ticks = ticks
            self.getPlotItem().getAxis("left").setTicks(ticks)

    @staticmethod
    def _settle(vb: pg.ViewBox) -> None:
        """The view's new transform now, not in the paint: pyqtgraph applies a range at
        its next paint (`ViewBox.prepareForPaint`), whose moves of the items were
        painted again in a second pass."""
        vb.updateMatrix()  # (nothing when the range did not change)

    # -------------------------------------------------------------------- slots

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.DATA | Change.SETTINGS):
            self._follow = True  # a new run: follow it again
            self._style_axes()  # "mistakes k" or "updates k", by the mode
        if change & (Change.MODEL | Change.BOUND):
            self.refresh(run_frame=bool(change & Change.RUN_FRAME), step=_a_step(change))

    def _wrap_off_note(self, *_: object) -> None:
        """The note wrapped to the plot's width (a narrow bound dock cut it at its right
        edge), again whenever the plot changes size."""
        if self._off_note.isVisible():
            width = self.getPlotItem().getViewBox().width()
            self._off_note.setTextWidth(max(40.0, width - 8.0))

    def _on_view_range_changed_manually(self, *_: object) -> None:
        self._follow = False
        self._off_note.hide()

    def _on_auto_clicked(self) -> None:
        self._follow = True
        self.refresh()


def _a_step(change: Change) -> bool:
    """A change that may keep the ranges (a step, the bound computed), not a new run."""
    return not change & (Change.DATA | Change.SETTINGS | Change.RUN_FRAME)


def _step_curve(t: Algorithm, column: str | None = None) -> tuple[FloatArray, FloatArray]:
    """The staircase (0, 0) → (v₁, 0) → (v₁, 1) → … → (v_k, k) → (visits, k).

    With `column` ("mistakes") the heights are that history column's counts after each
    update instead of 1, 2, …, k. Beyond `CURVE_MAX_STEPS` updates it goes through a
    uniform sample of them that always ends with the last one.
    """
    k = t.k
    if k <= CURVE_MAX_STEPS:
        rows = np.arange(k, dtype=np.int64)
        visits = t.history_slice("visit", 0, k).astype(np.float64)
    else:
        rows = np.unique(np.linspace(0, k - 1, CURVE_MAX_STEPS).round().astype(np.int64))
        visits = t.history_take("visit", rows).astype(np.float64)
    if column is None:
        counts = (rows + 1).astype(np.float64)
    else:
        counts = t.history_take(column, rows).astype(np.float64)
    m = counts.shape[0]
    x = np.empty(2 * m + 2)
    y = np.empty(2 * m + 2)
    x[0] = y[0] = y[1] = 0.0
    x[1 : 2 * m + 1] = np.repeat(visits, 2)
    x[-1] = max(float(t.visits), float(visits[-1]) if m else 0.0)
    y[2:] = np.repeat(counts, 2)
    return x, y


class BoundPanel(QtWidgets.QWidget):
    """The bound plot with a readout above it: ``k = 5 ≤ (D/γ)² = 117``, D and γ.

    Parameters
    ----------
    controller : Controller
        The session.
    parent : QWidget, optional
        The parent widget.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boundPanel")
        self._controller = controller
        self._readout = named(SteadyLabel(None, most=READOUT_MOST_LINES), "boundReadout")
        self._readout.whole_words = True
        self._readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # (The label's own tooltip is its whole text when it is cut; what D and γ are is
        # the frame's, shown where the label has none.)
        self._readout_frame = SteadyFrame(self._readout)
        self.plot = BoundPlot(controller, self)
        self.log_check = QtWidgets.QCheckBox()
        self.log_check.setObjectName("boundLogScale")
        self.log_check.toggled.connect(self._on_log_check_toggled)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self._readout_frame, 1)
        top.addWidget(self.log_check, 0, Qt.AlignmentFlag.AlignTop)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.plot, 1)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.retranslate()
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit_readout()

    def _fit_readout(self) -> None:
        """The readout's lines: as many as its text needs, up to READOUT_MOST_LINES, and
        up to READOUT_ROOMY_LINES while the plot below keeps PLOT_ROOMY_PX."""
        label = self._readout
        lines = line_height(label.font(), cjk=has_cjk(label.text()))
        layout = self.layout()
        assert layout is not None
        m = layout.contentsMargins()
        plot = round(PLOT_ROOMY_PX * theme().scale)
        room = self.height() - m.top() - m.bottom() - layout.spacing() - plot
        label.set_most(max(READOUT_MOST_LINES, min(READOUT_ROOMY_LINES, room // max(1, lines))))

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.log_check.setText(self.tr("log k"))
        self.log_check.setToolTip(self.tr("A logarithmic k axis shows k and a huge bound together"))
        self.refresh()

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Fonts from the theme (on a short screen for the scale, the readout's smaller: the
        plot keeps its height in the bottom strip)."""
        style_label(self._readout, TICK_PT if short_screen(self) else LABEL_PT)
        self.log_check.setFont(theme().font(TICK_PT))
        self.plot.setMinimumHeight(round(PLOT_MIN_PX * theme().scale))
        self._fit_readout()
        self.refresh()

    def readout_text(self) -> str:
        """The readout (plain text, its lines separated by ``\\n``; the label may
        show it cut, broken between terms)."""
        return str(fmt.plain_text(self._readout.text()))

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.BOUND):
            self.refresh()

    def _on_log_check_toggled(self, on: bool) -> None:
        self.plot.set_log_y(on)

    def refresh(self) -> None:
        """Rewrite the readout from the controller's state."""
        c = self._controller
        t = c.trainer
        bound = c.bound
        if t.n == 0:
            self._readout.setText(self.tr("no points"))
            return
        k = t.k
        if c.bound_pending:
            self._readout.setText(
                self.tr("k = {k}   computing D and γ of {n} points…").format(k=k, n=f"{t.n:,}")
            )
            return
        norm = (
            self.tr("max‖(x, 1)‖ (the bias is on)") if bound.bias else self.tr("max‖x‖ (no bias)")
        )
        self._readout_frame.setToolTip(
            self.tr("D = {norm}; γ = the best margin of a unit (w, b): see the View menu").format(
                norm=norm
            )
        )
        d_text = f"D = {fmt.measure(bound.D)}"
        mb = c.mistake_bound
        short: str | None = None  # (the bound's line without its formula)
        if c.bound_note:
            lines = [f"k = {k}", c.bound_note]
        elif mb.value is None:
            # Bias off, and only a line with a bias separates: say so (core.proof).
            origin = "" if needs_kernel_bound(t.config) else origin_note(t.data, bound)
            note = core_text(origin or mb.note)
            lines = [f"k = {k}: {note}"]
            if t.spec.counts_apart:
                lines[0] = self.tr("updates k = {k}: {note}").format(k=k, note=note)
            if bound.D:
                lines.append(f"{d_text}   γ = {fmt.measure(bound.gamma)}")
        else:
            rel = "≤" if k <= mb.value else ">"
            whole = fmt.bound_text(mb, bound, core_text(mb.name))
            short = f"k = {k} {rel} {fmt.bound_number(mb, bound)}"
            lines = [
                f"k = {k} {rel} {whole}"
                # (where the updates are counted apart from the mistakes, the line says
                # "updates" and the next the mistakes: margin's note said it a third time)
                + (f"  ({core_text(mb.note)})" if mb.note and not t.spec.counts_apart else ""),
                f"{d_text}   γ = {fmt.measure(bound.gamma)}",
            ]
            if t.spec.counts_apart:
                lines[0] = self.tr("updates ") + lines[0]
                short = self.tr("updates ") + short
            cfg = t.config
            if cfg.w0 != (0.0, 0.0) or (cfg.bias and cfg.b0 != 0.0):
                lines.append(
                    self.tr(
                        "the theorem counts updates from w = 0, b = 0: this run starts elsewhere"
                    )
                )
        if t.spec.counts_apart:
            lines.insert(1, self.tr("mistakes (y·f ≤ 0): {m}").format(m=t.mistakes))
        text = "\n".join(_between_terms(line) for line in lines)
        other_lines = has_cjk(text) != has_cjk(self._readout.text())  # (their height)
        self._readout.setText(text)
        if other_lines:
            self._fit_readout()
        if short is not None and self._readout.toolTip():
            # Cut in its lines (the compact bottom strip at UI scale 2 on 1024×768): the
            # bound's value without its formula, which the bound line's label and the
            # proof panel write out, so that the mistakes, D and γ are read whole.
            lines[0] = short
            self._readout.setText("\n".join(_between_terms(line) for line in lines))


def _between_terms(line: str) -> str:
    """`line` with each term glued (no-break spaces, word joiners), breakable only between
    terms and before a relation between two of them: "k = 3" / "≤ (D/γ)² = 117", and
    where even that is too wide, "≤ (D/γ)²" / "= 31.9196" (UI scale 2 at 1024×768); never
    "(D/γ)² =" / "117", "31.919" / "6" nor "(D/" / "γ)²"."""
    glued = fmt.keep_words(line)  # (and "(D/γ)²" whole: Qt breaks after a slash)
    for rel in ("≤", ">"):
        glued = glued.replace(f"\u00a0{rel}\u00a0", f" {rel}\u00a0")
    # The bound's own "=" (after "≤", in the same term) breaks too: "γ = 0.928" stays whole.
    return re.sub("(≤\u00a0[^ ]*?)\u00a0=\u00a0", "\\1 =\u00a0", glued)

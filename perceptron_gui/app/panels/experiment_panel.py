"""The Experiment panel: many seeded runs of the window's setting, their updates as a
histogram against the bound (`core.experiment`; the runs go to a worker thread, see
`app.experiment_runner`).

The panel is passive: the window's part (`window/experiment.py`) starts and cancels the
job and hands the panel what to show (`set_running`, `set_progress`, `show_result`,
`show_message`).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.axes import quiet_hidden_axes, steady_axes
from perceptron_gui.app.i18n import mode_name, order_name
from perceptron_gui.app.panels.common import SteadyLabel, make_label, style_axes, style_label
from perceptron_gui.app.qtutil import paint_with_window
from perceptron_gui.app.theme import ANNOTATION_PT, TICK_PT, theme
from perceptron_gui.app.window.actions import translate
from perceptron_gui.core.experiment import MAX_RUNS, ExperimentResult
from perceptron_gui.core.registry import spec

Qt = QtCore.Qt

#: The runs an experiment makes unless told otherwise (the NTU homework's count).
DEFAULT_RUNS = 2000
#: The histogram's bins at most.
BINS = 20
#: The bound is drawn as a line when it is at most this many times the largest run; beyond,
#: a note gives its value (the bars would be a sliver at the left).
BOUND_SHOWN_FACTOR = 4.0
#: The updates' axis spans at least this many updates.
MIN_SPAN = 10.0


def seeds_vary(result: ExperimentResult) -> bool:
    """True when the runs depend on their seeds (a random order in a mode that has one)."""
    c = result.config
    return c.order in ("random", "random-cyclic") and c.order in spec(c.mode).orders


def summary_lines(result: ExperimentResult, test: tuple[str, int] | None = None) -> list[str]:
    """What the panel says of an experiment: its settings and seeds, the updates' mean,
    median and spread, the answer's error (on the test set `test`, its file's name and
    size, or on the points themselves), the convergence and the time."""
    c = result.config
    s = result.summary()
    last = c.seed + result.runs - 1
    lines = [
        translate(
            "ExperimentPanel", "{runs} runs: {mode}, order {order}, η = {eta}, seeds {first}…{last}"
        ).format(
            runs=result.runs,
            mode=mode_name(c.mode),
            order=order_name(c.order),
            eta=fmt.fmt(c.eta),
            first=c.seed,
            last=last,
        ),
        translate(
            "ExperimentPanel",
            "Run i is the window's run with seed {seed} + i: any one can be replayed.",
        ).format(seed=c.seed),
    ]
    u = s["updates"]
    what = (
        translate("ExperimentPanel", "batch steps")
        if spec(c.mode).batch
        else translate("ExperimentPanel", "updates")
    )
    lines.append(
        translate(
            "ExperimentPanel",
            "{what}: mean {mean}, median {median}, min {min}, max {max}, spread (std) {std}",
        ).format(
            what=what,
            mean=fmt.fmt(u["mean"]),
            median=fmt.fmt(u["median"]),
            min=fmt.count(u["min"]),
            max=fmt.count(u["max"]),
            std=fmt.fmt(u["std"]),
        )
    )
    if spec(c.mode).counts_apart:
        m = s["mistakes"]
        lines.append(
            translate(
                "ExperimentPanel", "mistakes: mean {mean}, median {median}, min {min}, max {max}"
            ).format(
                mean=fmt.fmt(m["mean"]),
                median=fmt.fmt(m["median"]),
                min=fmt.count(m["min"]),
                max=fmt.count(m["max"]),
            )
        )
    if "test_error" in s:
        e = s["test_error"]
        text = (
            translate(
                "ExperimentPanel",
                "the answer's error on these points: mean {mean}, median {median}, "
                "min {min}, max {max}",
            )
            if test is None
            else translate(
                "ExperimentPanel",
                "test error of the answer on {name} ({n} points): mean {mean}, "
                "median {median}, min {min}, max {max}",
            )
        )
        name, n = ("", 0) if test is None else test
        lines.append(
            text.format(
                name=name,
                n=fmt.count(n),
                mean=fmt.fmt(e["mean"]),
                median=fmt.fmt(e["median"]),
                min=fmt.fmt(e["min"]),
                max=fmt.fmt(e["max"]),
            )
        )
    lines.append(
        translate("ExperimentPanel", "converged: {n} of {runs} runs; {seconds} s").format(
            n=s["converged"], runs=result.runs, seconds=f"{result.seconds:.2f}"
        )
    )
    if not seeds_vary(result):
        lines.append(
            translate(
                "ExperimentPanel",
                "The order is {order}: every run is the same. A random order makes them differ.",
            ).format(order=order_name(c.order))
        )
    return lines


class HistogramPlot(pg.PlotWidget):
    """Runs per number of updates, as bars, with the bound as a vertical line (or a note
    giving its value when it is far beyond the largest run)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent=parent, enableMenu=False, axisItems=steady_axes())
        self.setObjectName("experimentHistogram")
        paint_with_window(self)
        plot = self.getPlotItem()
        quiet_hidden_axes(plot)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        self._bars = pg.BarGraphItem(x0=[], x1=[], height=[], y0=0)
        plot.addItem(self._bars)
        self._line = pg.InfiniteLine(
            angle=90, label="", labelOpts={"position": 0.9, "anchors": [(1, 0), (1, 0)]}
        )
        plot.addItem(self._line, ignoreBounds=True)
        self._line.hide()
        #: What the plot cannot show (the bound far beyond the bars, or none): the panel
        #: shows it above the plot, wrapped.
        self.note = ""
        self._result: ExperimentResult | None = None
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def apply_theme(self) -> None:
        """Restyle from the theme."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        t = theme()
        self.setBackground(t.color("background"))
        plot = self.getPlotItem()
        plot.showGrid(x=False, y=True, alpha=t.palette.grid_alpha)
        self._axes_titles()
        self._bars.setOpts(
            brush=pg.mkBrush(t.tint("positive", 150)), pen=pg.mkPen(t.color("positive"))
        )
        neg = t.color("negative")
        self._line.setPen(pg.mkPen(neg, width=t.line(), style=Qt.PenStyle.DashLine))
        self._line.label.setColor(neg)
        self._line.label.fill = pg.mkBrush(t.fill())
        self._line.label.setFont(t.font(TICK_PT, bold=True))

    def _axes_titles(self) -> None:
        batch = self._result is not None and spec(self._result.config.mode).batch
        style_axes(
            self.getPlotItem(),
            translate("ExperimentPanel", "batch steps per run")
            if batch
            else translate("ExperimentPanel", "updates per run"),
            translate("ExperimentPanel", "runs"),
            label_pt=ANNOTATION_PT,
        )
        # (room for a rotated CJK title beside four-digit counts)
        self.getPlotItem().getAxis("left").setWidth(int(72 * theme().scale))

    def retranslate(self) -> None:
        self._axes_titles()
        self.show_result(self._result)

    def show_result(self, result: ExperimentResult | None) -> None:
        """Draw `result`'s histogram (None: empty)."""
        self._result = result
        self._axes_titles()
        if result is None:
            self._bars.setOpts(x0=[], x1=[], height=[])
            self.getPlotItem().getAxis("bottom").setTicks(None)
            self._line.hide()
            self.note = ""
            return
        hist = result.histogram(BINS)
        lo = np.array([h[0] for h in hist], dtype=np.float64)
        hi = np.array([h[1] for h in hist], dtype=np.float64)
        n = np.array([h[2] for h in hist], dtype=np.float64)
        self._bars.setOpts(x0=lo - 0.5, x1=hi + 0.5, height=n)
        # One bar (every run the same count): its number as the one tick, not 46 48 50 …
        one = [[(float(lo[0]), str(int(lo[0])))]] if len(hist) == 1 and lo[0] == hi[0] else None
        self.getPlotItem().getAxis("bottom").setTicks(one)
        right = float(hi[-1]) + 0.5
        note = ""
        bound = result.bound
        name = result.bound_name or translate("ExperimentPanel", "the bound")
        if bound is None:
            self._line.hide()
            note = translate("ExperimentPanel", "no bound on updates for this mode and these data")
        elif bound <= BOUND_SHOWN_FACTOR * max(1.0, right):
            self._line.setValue(bound)
            self._line.label.setFormat(f"{name} = {fmt.count(bound)}")
            self._line.show()
            right = max(right, bound)
        else:
            self._line.hide()
            note = translate(
                "ExperimentPanel", "{name} = {bound}: {times}× the largest run"
            ).format(
                name=name,
                bound=fmt.count(bound),
                times=fmt.fmt(round(bound / max(1, int(result.updates.max())), 1)),
            )
        self.note = note
        left = float(lo[0]) - 0.5
        if right - left < MIN_SPAN:  # (one bar: whole-number ticks around it)
            mid = 0.5 * (left + right)
            left, right = mid - MIN_SPAN / 2, mid + MIN_SPAN / 2
        pad = 0.04 * (right - left)
        plot = self.getPlotItem()
        plot.setXRange(left - pad, right + pad, padding=0)
        plot.setYRange(0, float(n.max()) * 1.15, padding=0)


class ExperimentPanel(QtWidgets.QWidget):
    """Runs, Run and Cancel, a progress bar, the summary and the histogram, side by side
    (the panel sits in a wide strip under the canvas)."""

    run_clicked = QtCore.Signal()
    cancel_clicked = QtCore.Signal()
    #: Choose… a test set (the window asks for the file).
    test_clicked = QtCore.Signal()
    #: Score on the points themselves again.
    test_cleared = QtCore.Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("experimentPanel")
        self.runs_label = QtWidgets.QLabel()
        self.runs_spin = QtWidgets.QSpinBox()
        self.runs_spin.setObjectName("experimentRunsSpin")
        self.runs_spin.setRange(1, MAX_RUNS)
        self.runs_spin.setValue(DEFAULT_RUNS)
        self.runs_spin.setGroupSeparatorShown(True)
        self.runs_label.setBuddy(self.runs_spin)
        self.run_button = QtWidgets.QPushButton()
        self.run_button.setObjectName("experimentRunButton")
        self.cancel_button = QtWidgets.QPushButton()
        self.cancel_button.setObjectName("experimentCancelButton")
        self.cancel_button.setEnabled(False)
        self.progress = QtWidgets.QProgressBar()
        self.progress.setObjectName("experimentProgress")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.summary = make_label(name="experimentSummary")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.plot = HistogramPlot()
        self.plot.setMinimumWidth(220)
        self.note = make_label(name="experimentBoundNote")
        self.note.hide()
        self.test_label = QtWidgets.QLabel()
        # One line, elided (…) when the strip is narrow, the whole name in its tooltip.
        self.test_value = SteadyLabel(1)
        self.test_value.setObjectName("experimentTestValue")
        self.test_value.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.test_button = QtWidgets.QPushButton()
        self.test_button.setObjectName("experimentTestButton")
        self.test_label.setBuddy(self.test_button)
        self.test_clear = QtWidgets.QToolButton()
        self.test_clear.setObjectName("experimentTestClear")
        self.test_clear.setText("×")
        self.test_clear.setEnabled(False)
        self._test: tuple[str, int] | None = None  # the test set chosen (name, N)

        # Two short rows rather than one long one: the strip is narrow on a small screen.
        row = QtWidgets.QHBoxLayout()
        row.addWidget(self.runs_label)
        row.addWidget(self.runs_spin, 1)
        row.addWidget(self.run_button)
        bar = QtWidgets.QHBoxLayout()
        bar.addWidget(self.progress, 1)
        bar.addWidget(self.cancel_button)
        tests = QtWidgets.QHBoxLayout()
        tests.addWidget(self.test_label)
        tests.addWidget(self.test_value, 1)
        tests.addWidget(self.test_button)
        tests.addWidget(self.test_clear)
        left = QtWidgets.QVBoxLayout()
        left.addLayout(row)
        left.addLayout(bar)
        left.addLayout(tests)
        scroll = QtWidgets.QScrollArea()
        scroll.setObjectName("experimentSummaryScroll")
        scroll.setWidget(self.summary)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left.addWidget(scroll, 1)
        side = QtWidgets.QWidget()
        side.setLayout(left)
        right = QtWidgets.QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.note)
        right.addWidget(self.plot, 1)
        lay = QtWidgets.QHBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(side, 3)
        lay.addLayout(right, 2)

        self.run_button.clicked.connect(self.run_clicked)
        self.cancel_button.clicked.connect(self.cancel_clicked)
        self.test_button.clicked.connect(self.test_clicked)
        self.test_clear.clicked.connect(self.test_cleared)
        self._lines: list[str] = []
        self._message = ""
        self._stale = False
        self._result: ExperimentResult | None = None
        self._result_test: tuple[str, int] | None = None  # what the result was scored on
        self.retranslate()
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    # ------------------------------------------------------------------ shown

    def apply_theme(self) -> None:
        self.summary.setFont(theme().font())  # the widgets' size: a strip has few lines
        style_label(self.note, TICK_PT, bold=True)
        self.note.setStyleSheet(f"color: {theme().color('negative').name()}")

    def retranslate(self) -> None:
        self.runs_label.setText(translate("ExperimentPanel", "&Runs"))
        self.runs_spin.setToolTip(
            translate(
                "ExperimentPanel",
                "How many runs: run i has the seed of the settings + i, the rest the same",
            )
        )
        self.run_button.setText(translate("ExperimentPanel", "Run"))
        self.run_button.setToolTip(
            translate("ExperimentPanel", "Run the window's data and settings this many times")
        )
        self.cancel_button.setText(translate("ExperimentPanel", "Cancel"))
        self.test_label.setText(translate("ExperimentPanel", "&Test on"))
        self.test_button.setText(translate("ExperimentPanel", "Choose…"))
        self.test_button.setToolTip(
            translate(
                "ExperimentPanel",
                "A test set from a file: each run's answer is scored on its points "
                "(as perceptron experiment --test)",
            )
        )
        self.test_clear.setToolTip(
            translate("ExperimentPanel", "Score on the points themselves again")
        )
        self.test_clear.setAccessibleName(self.test_clear.toolTip())
        self._show_test()
        self.plot.retranslate()
        self.show_result(self._result, stale=self._stale, test=self._result_test)

    def set_running(self, running: bool) -> None:
        """A job started (the bar at 0) or ended."""
        self.cancel_button.setEnabled(running)
        if running:
            self.progress.setValue(0)
            self.progress.setFormat(translate("ExperimentPanel", "running… %p%"))
        else:
            self.progress.setFormat("%p%")

    def set_progress(self, share: float) -> None:
        """The share of runs made, in [0, 1]."""
        self.progress.setValue(int(round(1000 * min(1.0, max(0.0, share)))))

    def set_test(self, name: str | None, n: int = 0) -> None:
        """The test set chosen: its file's name and its points (None: the points
        themselves)."""
        self._test = None if name is None else (name, int(n))
        self._show_test()

    def _show_test(self) -> None:
        if self._test is None:
            text = translate("ExperimentPanel", "the points themselves")
        else:
            text = (
                translate("ExperimentPanel", "{name} ({n} points)")
                .replace("{n}", fmt.count(self._test[1]))
                .replace("{name}", self._test[0])
            )
        self.test_value.setText(text)
        self.test_clear.setEnabled(self._test is not None)

    def show_result(
        self,
        result: ExperimentResult | None,
        *,
        stale: bool = False,
        test: tuple[str, int] | None = None,
    ) -> None:
        """The experiment's numbers and histogram (`stale`: the data, the settings or the
        test set changed since; `test`: the test set's name and size it was scored on, None
        for the points themselves)."""
        self._result = result
        self._result_test = test
        self._stale = stale
        self._message = ""
        if result is not None and not stale:
            self.progress.setValue(1000)
        self._lines = [] if result is None else summary_lines(result, test)
        self.plot.show_result(result)
        self.note.setText(self.plot.note)
        self.note.setVisible(bool(self.plot.note))
        self._show_text()

    def show_message(self, text: str) -> None:
        """A message above the summary (a refusal, a cancel)."""
        self._message = text
        self._show_text()

    def mark_stale(self) -> None:
        """The data or the settings changed: the numbers shown are the old ones."""
        if self._result is not None and not self._stale:
            self._stale = True
            self._show_text()

    def _show_text(self) -> None:
        lines = list(self._lines)
        if self._stale and lines:
            lines.insert(
                0,
                translate(
                    "ExperimentPanel", "(before the last change of the data or settings: run again)"
                ),
            )
        if self._message:
            lines.insert(0, self._message)
        if not lines:
            lines = [
                translate(
                    "ExperimentPanel",
                    "Run the window's data and settings many times, run i with seed s + i, "
                    "and see how many updates they take against the bound.",
                )
            ]
        self.summary.setText("\n".join(lines))

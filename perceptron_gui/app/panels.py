"""Read-only panels beside the canvas: the Novikoff bound, the iteration table, the dual view.

Each panel takes the controller, listens to its signals and reads its state; it
never talks to another widget. Everything done per step is O(1) or O(small)
whatever N (up to 10^7) and k (up to 10^6): the bound curve is decimated to a
few thousand vertices, the table model reads the trainer's history lazily, one
cell at a time, and the Gram matrix is computed only when the points change
(for large N only a 400×400 block of it).
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from pyqtgraph.Qt import QtCore, QtGui, QtWidgets

from perceptron_gui.app import style
from perceptron_gui.app.controller import Controller
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text
from perceptron_gui.core.novikoff import Bound, format_bound, format_power
from perceptron_gui.core.trainer import Trainer

Qt = QtCore.Qt
QWIDGETSIZE_MAX = (1 << 24) - 1
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

__all__ = [
    "BoundPanel",
    "BoundPlot",
    "DualView",
    "IterationModel",
    "IterationTable",
    "format_bound",
    "format_number",
    "format_numbers",
    "format_power",
]

#: Above this many updates the bound curve is drawn through a uniform sample of them.
CURVE_MAX_STEPS = 4000
#: Up to this many points the dual view is a table of numbers, above it a heatmap.
GRAM_TABLE_MAX = 12
#: Significant digits of the numbers in the small Gram table.
GRAM_TABLE_DIGITS = 4
#: The heatmap shows at most this many rows and columns of G.
GRAM_BLOCK = 400
#: The bound line is drawn when (D/γ)² is at most this many times the plot's k range.
BOUND_SHOWN_FACTOR = 20.0


# --------------------------------------------------------------------------- numbers


def format_number(v: float, digits: int = 6) -> str:
    """A number as a textbook prints it: ``3`` not ``3.0``, else `digits` significant digits.

    Parameters
    ----------
    v : float
        The value.
    digits : int, optional
        Significant digits of a value that is not an integer.

    Returns
    -------
    str
        E.g. ``"3"``, ``"-0.25"``, ``"0.333333"``, ``"1.5e-12"``, ``"1234567"``.
    """
    v = float(v)
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return f"{v:.{digits}g}"


def format_numbers(values: Any, digits: int | None = 6) -> list[str]:
    """Format many numbers at once (integers without ``.0``), fast enough for 10^6 values.

    Parameters
    ----------
    values : array_like
        The numbers.
    digits : int or None, optional
        Significant digits of the non-integers; None writes the shortest text that
        reads back to the same float (for files).

    Returns
    -------
    list of str
        One string per value.
    """
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    out = np.empty(a.shape[0], dtype=object)
    whole = (a == np.trunc(a)) & (np.abs(a) < 1e15)
    out[whole] = list(map(str, a[whole].astype(np.int64).tolist()))
    rest = ~whole
    fmt = repr if digits is None else f"{{:.{digits}g}}".format
    out[rest] = list(map(fmt, a[rest].tolist()))
    return list(out)


def _fmt_count(v: float) -> str:
    """A count such as the bound (D/γ)²: an integer when it is one, else 6 or 3 digits."""
    if not math.isfinite(v):
        return "too large to show"
    if abs(v) >= 1e7:
        return f"{v:.3g}"
    r = round(v)
    if abs(v - r) <= 1e-9 * max(1.0, abs(v)):
        return str(int(r))
    return f"{v:.6g}"


def _fmt_bound(bound: Bound) -> str:
    """(D/γ)² as the bound panel shows it."""
    beyond = format_bound(bound)
    return beyond if beyond is not None else _fmt_count(float(bound.bound or 0.0))


def _fmt_measure(v: float) -> str:
    """A length such as D or γ with 3 significant digits: ``5.10``, ``0.471``, ``1.00e-12``."""
    a = abs(v)
    if v == 0:
        return "0"
    if 1e-3 <= a < 1e3:
        return f"{v:#.3g}".rstrip(".")
    if 1e3 <= a < 1e6:
        return f"{v:.0f}"
    return f"{v:#.3g}"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _fmt_size(n: int) -> str:
    """N for a caption: ``10⁵`` for a power of ten from 1000 on, else ``5000``."""
    if n >= 1000:
        e = len(str(n)) - 1
        if n == 10**e:
            return "10" + str(e).translate(_SUPERSCRIPT)
    return str(n)


def _fmt_bytes(nbytes: float) -> str:
    """A memory size: ``8 MB``, ``80 GB``."""
    for unit in ("B", "kB", "MB", "GB", "TB", "PB"):
        if nbytes < 1000 or unit == "PB":
            return f"{nbytes:.3g} {unit}"
        nbytes /= 1000
    raise AssertionError("unreachable")


# --------------------------------------------------------------------- the trainer
#
# The Trainer's public history properties copy the whole history (O(k)) on every
# call; at k = 10^6 that is too slow per table cell or per frame. These helpers
# read its compact history arrays in place (O(1) per value, O(rows) per slice).
# They are the only place that touches Trainer internals; each falls back to the
# public (copying) API if the internals ever change.

_HIST_COLUMNS: dict[str, type[np.generic]] = {
    "index": np.int64,
    "visit": np.int64,
    "w0": np.float64,
    "w1": np.float64,
    "b": np.float64,
}


def _hist_item(trainer: Trainer, name: str, row: int) -> float:
    """One history value (row 0 is the first update)."""
    return trainer.history_value(name, row)


def _hist_rows(trainer: Trainer, name: str, start: int, stop: int) -> NDArray[Any]:
    """A copy of history rows ``start:stop`` of one column."""
    return trainer.history_slice(name, start, stop)


def _hist_take(trainer: Trainer, name: str, rows: IntArray) -> NDArray[Any]:
    """A copy of the given history rows of one column."""
    return trainer.history_take(name, rows)


def _alpha_rows(trainer: Trainer, rows: slice) -> FloatArray | None:
    """α of the points ``rows`` (dual form), without copying all N of them."""
    return trainer.alpha_slice(rows)


def _is_dual(trainer: Trainer) -> bool:
    return trainer.config.mode == "dual"


def _current_point(trainer: Trainer) -> int | None:
    """The point of the last visit, if there is one."""
    last = trainer.last
    if last is None or trainer.visits == 0 or not 0 <= last.index < trainer.n:
        return None
    return int(last.index)


# --------------------------------------------------------------------- look


def _style_axes(plot: pg.PlotItem, bottom: str, left: str) -> None:
    tick_font = style.projector_font(style.TICK_FONT_PT)
    label_style = {"color": style.INK, "font-size": f"{style.LABEL_FONT_PT}pt"}
    for name, text in (("bottom", bottom), ("left", left)):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(style.INK, width=1.5))
        axis.setTextPen(pg.mkPen(style.INK))
        axis.setTickFont(tick_font)
        # Two tick levels: the finest one makes a plot look like graph paper.
        axis.setStyle(maxTickLevel=1)
        axis.setLabel(text, **label_style)


def _label(
    text: str = "", point_size: int = style.LABEL_FONT_PT, *, bold: bool = False
) -> QtWidgets.QLabel:
    lab = QtWidgets.QLabel(text)
    lab.setFont(style.projector_font(point_size, bold=bold))
    lab.setWordWrap(True)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    lab.setStyleSheet(f"color: {style.INK};")
    return lab


@contextmanager
def _busy_cursor() -> Iterator[None]:
    """A wait cursor while formatting 10^6 rows (a few seconds)."""
    QtWidgets.QApplication.setOverrideCursor(QtGui.QCursor(Qt.CursorShape.WaitCursor))
    try:
        yield
    finally:
        QtWidgets.QApplication.restoreOverrideCursor()


# =========================================================================== bound


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
    hand stops the following until the "A" button is pressed.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent=parent, background=style.BACKGROUND)
        self.setObjectName("boundPlot")
        self._controller = controller
        self._follow = True
        self._log_y = False
        self._bound_value: float | None = None
        self._x = np.zeros(2)
        self._y = np.zeros(2)

        plot = self.getPlotItem()
        plot.setMenuEnabled(False)
        plot.showGrid(x=True, y=True, alpha=style.GRID_ALPHA)
        _style_axes(plot, "visits (points looked at)", "mistakes k")
        plot.getAxis("left").setWidth(70)

        self._curve = pg.PlotDataItem(pen=pg.mkPen(style.INK, width=style.LINE_WIDTH))
        plot.addItem(self._curve)
        label_font = style.projector_font(style.ANNOTATION_FONT_PT + 2, bold=True)
        self._line = pg.InfiniteLine(
            angle=0,
            pen=pg.mkPen(style.NEGATIVE, width=style.LINE_WIDTH, style=Qt.PenStyle.DashLine),
            label="(D/γ)²",
            labelOpts={
                "position": 0.02,
                "anchors": [(0, 1), (0, 1)],
                "color": style.NEGATIVE,
                "fill": pg.mkBrush(255, 255, 255, 210),
            },
        )
        self._line.label.setFont(label_font)
        plot.addItem(self._line, ignoreBounds=True)
        self._off_note = pg.TextItem(
            color=style.NEGATIVE, anchor=(0, 0), fill=pg.mkBrush(255, 255, 255, 210)
        )
        self._off_note.setFont(label_font)
        plot.addItem(self._off_note, ignoreBounds=True)

        vb = plot.getViewBox()
        vb.sigRangeChangedManually.connect(self._on_view_range_changed_manually)
        plot.autoBtn.clicked.connect(self._on_auto_clicked)
        controller.step_taken.connect(self._on_controller_changed)
        controller.bound_changed.connect(self._on_controller_changed)
        controller.settings_changed.connect(self._on_controller_reset)
        controller.points_changed.connect(self._on_controller_reset)
        self.refresh()

    # ----------------------------------------------------------------- for tests

    def curve_data(self) -> tuple[FloatArray, FloatArray]:
        """The vertices of the drawn step curve (x = visits, y = mistakes), copies."""
        return self._x.copy(), self._y.copy()

    def bound_line_value(self) -> float | None:
        """(D/γ)² where the bound line is, or None when there is no line (not separable)."""
        return self._bound_value

    def log_y(self) -> bool:
        """Whether the k axis is logarithmic."""
        return self._log_y

    def set_log_y(self, on: bool) -> None:
        """Use a logarithmic k axis (shows k and a huge bound together; k = 0 is not drawn)."""
        self._log_y = bool(on)
        self.getPlotItem().setLogMode(y=self._log_y)
        self._follow = True
        self.refresh()

    # ------------------------------------------------------------------- drawing

    def refresh(self) -> None:
        """Redraw from the controller's current state (O(`CURVE_MAX_STEPS`))."""
        t = self._controller.trainer
        self._x, self._y = _step_curve(t)
        if self._log_y:
            # log10(0) = -inf: the k = 0 part of the staircase is not drawn on a log axis.
            keep = self._y > 0.0
            self._curve.setData(self._x[keep], self._y[keep])
        else:
            self._curve.setData(self._x, self._y)
        bound = self._controller.bound
        pending = self._controller.bound_pending
        self._bound_value = (
            float(bound.bound)
            if t.n and not pending and bound.separable and bound.bound is not None
            else None
        )
        if self._bound_value is None:
            self._line.hide()
        else:
            # Only data items follow the log mode; the line is placed in log10 units itself.
            self._line.setValue(np.log10(self._bound_value) if self._log_y else self._bound_value)
            self._line.label.setText(f"(D/γ)² = {_fmt_bound(bound)}")
            self._line.show()
        if self._follow:
            self._set_range()

    def _set_range(self) -> None:
        t = self._controller.trainer
        b = self._bound_value
        right = max(float(t.visits), 1.0) * 1.03
        vb = self.getPlotItem().getViewBox()
        if self._log_y:
            # In log10 units: twice a bound near the largest float would be inf.
            log_top = math.log10(max(float(t.k), b or 0.0, 10.0)) + math.log10(2.0)
            vb.setRange(xRange=(0.0, right), yRange=(math.log10(0.7), log_top), padding=0.0)
            self.getPlotItem().getAxis("left").setTicks(_log_ticks(log_top))
            self._off_note.hide()
            return
        self.getPlotItem().getAxis("left").setTicks(None)
        top = max(1.15 * t.k, 5.0)
        line_in_view = b is not None and b <= BOUND_SHOWN_FACTOR * top
        if b is not None and line_in_view:
            top = max(top, 1.08 * b)
        vb.setRange(xRange=(0.0, right), yRange=(0.0, top), padding=0.0)
        if b is not None and not line_in_view:
            bound_text = _fmt_bound(self._controller.bound)
            self._off_note.setText(f"(D/γ)² = {bound_text} is far above ↑")
            self._off_note.setPos(0.0, top)
            self._off_note.show()
        else:
            self._off_note.hide()

    # -------------------------------------------------------------------- slots

    def _on_controller_changed(self) -> None:
        self.refresh()

    def _on_controller_reset(self, *_: object) -> None:
        self._follow = True
        self.refresh()

    def _on_view_range_changed_manually(self, *_: object) -> None:
        self._follow = False
        self._off_note.hide()

    def _on_auto_clicked(self) -> None:
        self._follow = True
        self.refresh()


def _log_ticks(log_top: float) -> list[list[tuple[float, str]]]:
    """Ticks of a log10 k axis from 1 to 10**`log_top`: decades, with 2 and 5 when there are few."""
    decades = max(1, math.ceil(max(log_top, 1.0)))
    step = max(1, int(np.ceil(decades / 8)))  # at most about 8 labels
    major = [(float(e), _fmt_power(e)) for e in range(0, decades + 1, step)]
    minor: list[tuple[float, str]] = []
    if decades <= 3:
        minor = [
            (float(np.log10(m * 10.0**e)), str(m * 10**e)) for e in range(decades) for m in (2, 5)
        ]
    return [major, minor]


def _fmt_power(e: int) -> str:
    """10**e as a label: 1, 10, 100, 1000, then 10⁴, 10⁵, …"""
    return str(10**e) if e <= 3 else "10" + str(e).translate(_SUPERSCRIPT)


def _step_curve(t: Trainer) -> tuple[FloatArray, FloatArray]:
    """The staircase (0, 0) → (v₁, 0) → (v₁, 1) → … → (v_k, k) → (visits, k).

    Beyond `CURVE_MAX_STEPS` updates it goes through a uniform sample of them that
    always ends with the last one.
    """
    k = t.k
    if k <= CURVE_MAX_STEPS:
        counts = np.arange(1, k + 1, dtype=np.float64)
        visits = _hist_rows(t, "visit", 0, k).astype(np.float64)
    else:
        rows = np.unique(np.linspace(0, k - 1, CURVE_MAX_STEPS).round().astype(np.int64))
        counts = (rows + 1).astype(np.float64)
        visits = _hist_take(t, "visit", rows).astype(np.float64)
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
        self._readout = _label(point_size=style.LABEL_FONT_PT)
        self._readout.setObjectName("boundReadout")
        self._readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.plot = BoundPlot(controller, self)
        self.log_check = QtWidgets.QCheckBox("log k")
        self.log_check.setObjectName("boundLogScale")
        self.log_check.setFont(style.projector_font(style.TICK_FONT_PT))
        self.log_check.setToolTip("A logarithmic k axis shows k and a huge bound together")
        self.log_check.toggled.connect(self._on_log_check_toggled)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self._readout, 1)
        top.addWidget(self.log_check, 0, Qt.AlignmentFlag.AlignTop)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(top)
        layout.addWidget(self.plot, 1)
        controller.step_taken.connect(self._on_controller_changed)
        controller.bound_changed.connect(self._on_controller_changed)
        controller.settings_changed.connect(self._on_controller_changed)
        controller.points_changed.connect(self._on_controller_changed)
        self._update_readout()

    def readout_text(self) -> str:
        """The readout as shown (plain text, lines separated by ``\\n``)."""
        return self._readout.text()

    def _on_controller_changed(self, *_: object) -> None:
        self._update_readout()

    def _on_log_check_toggled(self, on: bool) -> None:
        self.plot.set_log_y(on)

    def _update_readout(self) -> None:
        c = self._controller
        t = c.trainer
        bound = c.bound
        if t.n == 0 or c.data.n == 0:
            self._readout.setText("no points")
            return
        k = t.k
        if c.bound_pending:
            self._readout.setText(f"k = {k}\ncomputing D and γ of {t.n:,} points…")
            return
        if bound.bias:
            d_text = f"D = {_fmt_measure(bound.D)} (with the bias: D = max‖(x, 1)‖)"
        else:
            d_text = f"D = {_fmt_measure(bound.D)} (no bias: D = max‖x‖)"
        if not bound.separable or bound.bound is None:
            lines = [
                f"k = {k} — not linearly separable: the theorem gives no bound",
                f"{d_text}   γ = 0",
            ]
        else:
            b = float(bound.bound)
            rel = "≤" if k <= b else ">"
            lines = [
                f"k = {k} {rel} (D/γ)² = {_fmt_bound(bound)}",
                f"{d_text}   γ = {_fmt_measure(bound.gamma)}",
            ]
            cfg = t.config
            if cfg.w0 != (0.0, 0.0) or (cfg.bias and cfg.b0 != 0.0):
                lines.append(
                    "the theorem counts updates from w = 0, b = 0: this run starts elsewhere"
                )
        self._readout.setText("\n".join(lines))


# =========================================================================== table


class IterationModel(QtCore.QAbstractTableModel):
    """One row per update, read lazily from the trainer's history.

    Columns: k, i (the point updated on, 0-based), x₁, x₂, y, w₁, w₂, b (the
    weights after the update) and, in the dual form, αᵢ (α of that point right
    after the update: updates on it so far × η).

    Parameters
    ----------
    controller : Controller
        The session (read only).
    parent : QObject, optional
        The parent object.

    Notes
    -----
    The row count follows the trainer through `sync`: growth is announced with
    ``beginInsertRows``, a step back with ``beginRemoveRows`` and a new trainer
    with a model reset. The αᵢ column comes from a cumulative count per row that
    is extended by the new updates only.
    """

    BASE_COLUMNS = ("k", "i", "x₁", "x₂", "y", "w₁", "w₂", "b")
    ALPHA_COLUMN = "αᵢ"
    CSV_NAMES = {"x₁": "x1", "x₂": "x2", "w₁": "w1", "w₂": "w2", "αᵢ": "alpha_i"}
    TOOLTIPS = {
        "k": "update number (mistakes so far)",
        "i": "the point updated on (0-based, as on the canvas)",
        "x₁": "x₁ of point i",
        "x₂": "x₂ of point i",
        "y": "the label of point i",
        "w₁": "w₁ after the update",
        "w₂": "w₂ after the update",
        "b": "b after the update",
        "αᵢ": "α of point i after the update (updates on it so far × η)",
    }

    def __init__(self, controller: Controller, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._trainer = controller.trainer
        self._rows = 0
        self._columns: tuple[str, ...] = self.BASE_COLUMNS
        self._signature: tuple[float, ...] | None = None
        self._cum = np.zeros(0, np.int64)  # updates on the row's point up to this row
        self._counts = np.zeros(0, np.int64)  # updates per point in rows [0, _rows)
        bold = style.projector_font(style.TICK_FONT_PT, bold=True)
        self._bold_font = bold
        self._last_brush = QtGui.QBrush(QtGui.QColor(style.HIGHLIGHT))
        self._pos_brush = QtGui.QBrush(QtGui.QColor(style.POSITIVE))
        self._neg_brush = QtGui.QBrush(QtGui.QColor(style.NEGATIVE))
        self._reset_from(controller.trainer)

    # --------------------------------------------------------------- Qt's API

    def rowCount(self, parent: QtCore.QModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: QtCore.QModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._columns):
            name = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return name
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.TOOLTIPS.get(name)
            if role == Qt.ItemDataRole.FontRole:
                return self._bold_font
        elif orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1)
        return None

    def data(self, index: QtCore.QModelIndex, role: int = 0) -> Any:
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        if not (0 <= row < self._rows and 0 <= col < len(self._columns)):
            return None
        if role == Qt.ItemDataRole.ToolTipRole:
            v = self.value(row, col)
            return None if v is None else format_numbers([v], None)[0]  # full precision
        if role == Qt.ItemDataRole.DisplayRole:
            v = self.value(row, col)
            if v is None:
                return None
            if self._columns[col] == "y":
                return "+1" if v > 0 else "-1"
            return format_number(v)
        if role == Qt.ItemDataRole.UserRole:
            return self.value(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and row == self._rows - 1:
            return self._last_brush
        if role == Qt.ItemDataRole.FontRole and row == self._rows - 1:
            return self._bold_font
        if role == Qt.ItemDataRole.ForegroundRole and self._columns[col] == "y":
            v = self.value(row, col)
            return None if v is None else (self._pos_brush if v > 0 else self._neg_brush)
        return None

    # ------------------------------------------------------------ our own API

    @property
    def columns(self) -> tuple[str, ...]:
        """The column names as shown."""
        return self._columns

    def value(self, row: int, col: int) -> float | None:
        """The number in one cell (O(1)); None outside the table."""
        t = self._trainer
        if not (0 <= row < self._rows and row < t.k):
            return None
        name = self._columns[col]
        if name == "k":
            return float(row + 1)
        if name == "αᵢ":
            return float(self._cum[row]) * t.config.eta
        if name in ("w₁", "w₂", "b"):
            return _hist_item(t, {"w₁": "w0", "w₂": "w1", "b": "b"}[name], row)
        i = int(_hist_item(t, "index", row))
        if name == "i":
            return float(i)
        if name == "y":
            return float(t.data.labels[i])
        return float(t.data.points[i, 0 if name == "x₁" else 1])

    def column_arrays(self, rows: IntArray | None = None) -> list[NDArray[Any]]:
        """Whole columns (or the given rows), vectorised, in the order of `columns`."""
        t = self._trainer
        n = self._rows
        sel = np.arange(n, dtype=np.int64) if rows is None else np.asarray(rows, np.int64)
        idx = _hist_rows(t, "index", 0, n)[sel]
        out: list[NDArray[Any]] = []
        for name in self._columns:
            if name == "k":
                out.append(sel + 1)
            elif name == "i":
                out.append(idx)
            elif name == "x₁":
                out.append(t.data.points[idx, 0])
            elif name == "x₂":
                out.append(t.data.points[idx, 1])
            elif name == "y":
                out.append(t.data.labels[idx])
            elif name == "αᵢ":
                out.append(self._cum[:n][sel] * t.config.eta)
            else:
                col = {"w₁": "w0", "w₂": "w1", "b": "b"}[name]
                out.append(_hist_rows(t, col, 0, n)[sel])
        return out

    def sync(self) -> int:
        """Catch up with the controller's trainer; returns the change in rows (0 after a reset)."""
        t = self._controller.trainer
        columns = self._columns_for(t)
        if t is not self._trainer or columns != self._columns or not self._prefix_intact(t):
            self.beginResetModel()
            self._reset_from(t)
            self.endResetModel()
            return 0
        old, new = self._rows, t.k
        if new > old:
            self.beginInsertRows(QtCore.QModelIndex(), old, new - 1)
            self._extend(_hist_rows(t, "index", old, new))
            self._rows = new
            self.endInsertRows()
            if old:
                self._emit_row_changed(old - 1)  # the highlight moves off it
        elif new < old:
            self.beginRemoveRows(QtCore.QModelIndex(), new, old - 1)
            self._shrink(new)
            self._rows = new
            self.endRemoveRows()
            if new:
                self._emit_row_changed(new - 1)
        self._signature = self._row_signature(t, self._rows - 1)
        return new - old

    # -------------------------------------------------------------- internals

    def _columns_for(self, t: Trainer) -> tuple[str, ...]:
        return self.BASE_COLUMNS + ((self.ALPHA_COLUMN,) if _is_dual(t) else ())

    @staticmethod
    def _row_signature(t: Trainer, row: int) -> tuple[float, ...] | None:
        if row < 0 or row >= t.k:
            return None
        return tuple(_hist_item(t, name, row) for name in ("index", "visit", "w0", "w1", "b"))

    def _prefix_intact(self, t: Trainer) -> bool:
        """Whether the rows we show are still the trainer's first rows (a cheap check)."""
        keep = min(self._rows, t.k)
        if keep == 0:
            return True
        if keep == self._rows:
            return self._row_signature(t, keep - 1) == self._signature
        return True  # the trainer only truncates its history when stepping back

    def _reset_from(self, t: Trainer) -> None:
        self._trainer = t
        self._columns = self._columns_for(t)
        self._rows = 0
        self._cum = np.zeros(0, np.int64)
        self._counts = np.zeros(t.n, np.int64)
        self._extend(_hist_rows(t, "index", 0, t.k))
        self._rows = t.k
        self._signature = self._row_signature(t, self._rows - 1)

    def _extend(self, new_idx: IntArray) -> None:
        """Append rows with these point indices: cumulative counts without a Python loop."""
        m = new_idx.shape[0]
        if m == 0:
            return
        order = np.argsort(new_idx, kind="stable")
        s = new_idx[order]
        starts = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
        group_start = np.repeat(starts, np.diff(np.r_[starts, m]))
        occurrence = np.empty(m, np.int64)
        occurrence[order] = np.arange(m) - group_start
        cum = self._counts[new_idx] + occurrence + 1
        self._counts += np.bincount(new_idx, minlength=self._counts.shape[0])
        start = self._rows
        need = start + m
        if need > self._cum.shape[0]:
            grown = np.zeros(max(need, 2 * self._cum.shape[0], 1024), np.int64)
            grown[:start] = self._cum[:start]
            self._cum = grown
        self._cum[start:need] = cum

    def _shrink(self, new: int) -> None:
        """Forget rows [new, _rows): recount the per-point totals from the kept rows.

        The trainer has already dropped the removed rows, so their points are
        unknown here; a step back is one click, and O(k) bincount is a few ms at 10^6.
        """
        t = self._trainer
        kept = _hist_rows(t, "index", 0, new)
        self._counts = np.bincount(kept, minlength=t.n).astype(np.int64)

    def _emit_row_changed(self, row: int) -> None:
        left = self.index(row, 0)
        right = self.index(row, len(self._columns) - 1)
        self.dataChanged.emit(left, right)


class IterationTable(QtWidgets.QWidget):
    """The table of updates with "Copy" and "Export CSV…" buttons.

    Parameters
    ----------
    controller : Controller
        The session.
    parent : QWidget, optional
        The parent widget.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self.model = IterationModel(controller, self)
        view = QtWidgets.QTableView(self)
        view.setObjectName("iterationTable")
        view.setModel(self.model)
        font = style.projector_font(style.TICK_FONT_PT)
        view.setFont(font)
        view.setAlternatingRowColors(True)
        view.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        view.setWordWrap(False)
        view.verticalHeader().hide()
        vh = view.verticalHeader()
        vh.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(QtGui.QFontMetrics(font).height() + 10)
        hh = view.horizontalHeader()
        hh.setFont(style.projector_font(style.TICK_FONT_PT, bold=True))
        # Widths from the font, never from the contents (10^6 rows); the last column
        # takes the slack, and a narrow dock scrolls sideways rather than eliding digits.
        hh.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Interactive)
        hh.setStretchLastSection(True)
        self.view = view
        self.model.modelReset.connect(self._size_columns)
        self._size_columns()
        # Follow the last row unless the user scrolled away from the end. Qt lays the
        # rows out later than they are inserted, so the scroll bar's range catches up
        # in an event; scroll when it does.
        self._follow = True
        sb = view.verticalScrollBar()
        sb.valueChanged.connect(self._on_scroll_value_changed)
        sb.rangeChanged.connect(self._on_scroll_range_changed)

        self._copy_button = QtWidgets.QPushButton("Copy")
        self._copy_button.setObjectName("iterationCopy")
        self._copy_button.setToolTip(
            "Copy the selected rows (all rows if none) as tab-separated text"
        )
        self._copy_button.clicked.connect(self._on_copy_clicked)
        self._export_button = QtWidgets.QPushButton("Export CSV…")
        self._export_button.setObjectName("iterationExport")
        self._export_button.clicked.connect(self._on_export_clicked)
        self._count_label = _label(point_size=style.TICK_FONT_PT)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self._count_label, 1)
        buttons.addWidget(self._copy_button)
        buttons.addWidget(self._export_button)
        for b in (self._copy_button, self._export_button):
            b.setFont(style.projector_font(style.TICK_FONT_PT))

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(view, 1)
        layout.addLayout(buttons)

        controller.step_taken.connect(self._on_controller_step_taken)
        controller.settings_changed.connect(self._on_controller_step_taken)
        controller.points_changed.connect(self._on_controller_step_taken)
        self._update_count()

    # -------------------------------------------------------------- public API

    def copy(self) -> str:
        """Put the selected rows (every row if none) on the clipboard; returns the text.

        Tab-separated with a header line, numbers as shown in the table.
        """
        text = self._text(self._selected_rows(), sep="\t", digits=6, csv_header=False)
        QtWidgets.QApplication.clipboard().setText(text)
        return text

    def export_csv(self, path: str | os.PathLike[str]) -> None:
        """Write every row to a CSV file (atomically), numbers at full precision.

        Parameters
        ----------
        path : str or PathLike
            The file to write.

        Raises
        ------
        DataError
            When the file cannot be written.
        """
        atomic_write_text(path, self._text(None, sep=",", digits=None, csv_header=True))

    # -------------------------------------------------------------- internals

    def _selected_rows(self) -> IntArray | None:
        sm = self.view.selectionModel()
        ranges = sm.selection() if sm is not None else []
        parts = [np.arange(r.top(), r.bottom() + 1, dtype=np.int64) for r in ranges]
        if not parts:
            return None
        return np.unique(np.concatenate(parts))

    def _text(
        self, rows: IntArray | None, *, sep: str, digits: int | None, csv_header: bool
    ) -> str:
        m = self.model
        names = [m.CSV_NAMES.get(c, c) if csv_header else c for c in m.columns]
        columns: list[Sequence[str]] = []
        for name, values in zip(m.columns, m.column_arrays(rows), strict=True):
            strings = format_numbers(values, digits)
            if name == "y" and not csv_header:
                strings = ["+1" if s == "1" else s for s in strings]
            columns.append(strings)
        lines = [sep.join(names)]
        lines.extend(map(sep.join, zip(*columns, strict=True)))
        return "\n".join(lines) + "\n"

    def _size_columns(self) -> None:
        fm = QtGui.QFontMetrics(style.projector_font(style.TICK_FONT_PT, bold=True))
        pad = 20
        widths = {"k": "00000000", "i": "0000000", "y": "+1"}
        for col, name in enumerate(self.model.columns):
            sample = widths.get(name, "-0.000000")
            self.view.horizontalHeader().resizeSection(col, fm.horizontalAdvance(sample) + pad)

    def _update_count(self) -> None:
        k = self.model.rowCount()
        self._count_label.setText(f"{k} update{'' if k == 1 else 's'}")

    def _on_controller_step_taken(self, *_: object) -> None:
        self.model.sync()
        self._update_count()

    def _on_scroll_value_changed(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()

    def _on_scroll_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            self.view.verticalScrollBar().setValue(maximum)

    def _on_copy_clicked(self) -> None:
        with _busy_cursor():
            self.copy()

    def _on_export_clicked(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, "Export the updates", "updates.csv", "CSV files (*.csv);;All files (*)"
        )
        if not path:
            return
        try:
            with _busy_cursor():
                self.export_csv(path)
        except DataError as exc:
            QtWidgets.QMessageBox.warning(self, "Export CSV", str(exc))


# =========================================================================== dual


class DualView(QtWidgets.QWidget):
    """α per point and the Gram matrix G = [xᵢ·xⱼ].

    Up to `GRAM_TABLE_MAX` points: a table of numbers with the columns of G, y and
    α. Above: a heatmap of G with a colour bar centred on 0 and a bar chart of α
    below it; above `GRAM_BLOCK` points, a `GRAM_BLOCK` × `GRAM_BLOCK` block of G
    around the current point. The row of the current point is highlighted. G is
    recomputed when the points change (or the block moves), never per step.

    Parameters
    ----------
    controller : Controller
        The session.
    parent : QWidget, optional
        The parent widget.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dualView")
        self._controller = controller
        self._gram = np.zeros((0, 0))
        self._alpha: FloatArray | None = None
        self._start = 0  # first row/column of the block shown
        self._size = 0
        self._row: int | None = None
        self._n = -1

        self._title = _label("Gram matrix G = [xᵢ·xⱼ]", bold=True)
        self._note = _label(point_size=style.TICK_FONT_PT)
        self._note.setObjectName("dualNote")
        self._stack = QtWidgets.QStackedWidget(self)
        self._table = QtWidgets.QTableWidget(self)
        self._table.setObjectName("gramTable")
        font = style.projector_font(style.TICK_FONT_PT)
        self._table.setFont(font)
        self._table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._table.horizontalHeader().setFont(style.projector_font(style.TICK_FONT_PT, bold=True))
        self._table.verticalHeader().setFont(style.projector_font(style.TICK_FONT_PT, bold=True))
        self._table.verticalHeader().setDefaultSectionSize(QtGui.QFontMetrics(font).height() + 10)
        self._plots = pg.GraphicsLayoutWidget(self)
        self._plots.setBackground(style.BACKGROUND)
        self._stack.addWidget(self._table)
        self._stack.addWidget(self._plots)
        self._create_plots()

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self._title)
        layout.addWidget(self._note)
        layout.addWidget(self._stack, 1)

        self._highlight_brush = QtGui.QBrush(QtGui.QColor(style.HIGHLIGHT))
        controller.points_changed.connect(self._on_controller_points_changed)
        controller.settings_changed.connect(self._on_controller_settings_changed)
        controller.step_taken.connect(self._on_controller_step_taken)
        self._rebuild()

    # ----------------------------------------------------------------- for tests

    def gram_shown(self) -> FloatArray:
        """The block of G on screen (a copy): rows/columns ``start … start + size − 1``."""
        return self._gram.copy()

    def block_start(self) -> int:
        """Index of the first row (and column) of G on screen."""
        return self._start

    def alpha_shown(self) -> FloatArray | None:
        """α of the points on screen, or None outside the dual form."""
        return None if self._alpha is None else self._alpha.copy()

    def highlighted_row(self) -> int | None:
        """The point (0-based, of the whole data set) whose row is highlighted."""
        return self._row

    def note_text(self) -> str:
        """The explanation above the matrix."""
        return self._note.text()

    # ------------------------------------------------------------------ setup

    def _create_plots(self) -> None:
        lay = self._plots.ci
        g = self._plots.addPlot(row=0, col=0)
        g.setMenuEnabled(False)
        g.hideButtons()
        _style_axes(g, "column j", "row i")
        g.getAxis("left").setWidth(70)
        vb = g.getViewBox()
        vb.invertY(True)
        self._image = pg.ImageItem(axisOrder="row-major")
        g.addItem(self._image)
        self._row_box = QtWidgets.QGraphicsRectItem()
        self._row_box.setPen(pg.mkPen(style.INK, width=3))
        self._row_box.setZValue(10)
        vb.addItem(self._row_box, ignoreBounds=True)
        cmap = pg.colormap.get("CET-D1")
        self._colorbar = pg.ColorBarItem(
            values=(-1.0, 1.0), colorMap=cmap, interactive=False, width=22
        )
        self._colorbar.setImageItem(self._image)
        cb_axis = self._colorbar.getAxis("right")
        cb_axis.setTickFont(style.projector_font(style.TICK_FONT_PT))
        cb_axis.setTextPen(pg.mkPen(style.INK))
        cb_axis.setLabel("xᵢ·xⱼ", color=style.INK, **{"font-size": f"{style.LABEL_FONT_PT}pt"})
        lay.addItem(self._colorbar, row=0, col=1)

        a = self._plots.addPlot(row=1, col=0)
        a.setMenuEnabled(False)
        a.hideButtons()
        a.showGrid(y=True, alpha=style.GRID_ALPHA)
        _style_axes(a, "point j", "α")
        a.getAxis("left").setWidth(70)
        a.setXLink(g)
        a.setMouseEnabled(x=False, y=False)
        self._bars = pg.BarGraphItem(
            x=np.zeros(0), height=np.zeros(0), width=0.8, brush=style.ALPHA, pen=None
        )
        self._bar_now = pg.BarGraphItem(
            x=np.zeros(0),
            height=np.zeros(0),
            width=0.8,
            brush=style.HIGHLIGHT,
            pen=pg.mkPen(style.INK, width=1.5),
        )
        a.addItem(self._bars)
        a.addItem(self._bar_now)
        lay.layout.setRowStretchFactor(0, 5)
        lay.layout.setRowStretchFactor(1, 2)
        self._gplot = g
        self._aplot = a

    # ------------------------------------------------------------------ slots

    def _on_controller_points_changed(self, *_: object) -> None:
        self._rebuild()

    def _on_controller_settings_changed(self) -> None:
        self._rebuild()

    def _on_controller_step_taken(self) -> None:
        t = self._controller.trainer
        if t.n != self._n:
            self._rebuild()
            return
        if t.n > GRAM_BLOCK:
            start = self._block_start(t)
            if start != self._start:
                self._rebuild()
                return
        self._update_step()

    # -------------------------------------------------------------- drawing

    def _block_start(self, t: Trainer) -> int:
        """The block moves in strides of half its size, so it changes rarely."""
        n = t.n
        if n <= GRAM_BLOCK:
            return 0
        cur = _current_point(t) or 0
        half = GRAM_BLOCK // 2
        start = (cur // half) * half - half // 2
        return int(min(max(start, 0), n - GRAM_BLOCK))

    def _rebuild(self) -> None:
        """Recompute the G block and everything that depends on N (O(block²))."""
        t = self._controller.trainer
        n = t.n
        self._n = n
        self._start = self._block_start(t)
        self._size = min(n, GRAM_BLOCK)
        rows = slice(self._start, self._start + self._size)
        self._gram = t.gram_block(rows, rows) if n else np.zeros((0, 0))
        if n == 0:
            self._stack.hide()
        else:
            self._stack.show()
        if 0 < n <= GRAM_TABLE_MAX:
            self._stack.setCurrentWidget(self._table)
            self._fill_table(t)
        elif n > GRAM_TABLE_MAX:
            self._stack.setCurrentWidget(self._plots)
            self._fill_heatmap()
        self._update_step()

    def _fill_table(self, t: Trainer) -> None:
        n = t.n
        tab = self._table
        tab.clear()
        tab.setRowCount(n)
        tab.setColumnCount(n + 2)
        names = [f"x{j}" for j in range(n)]
        # y and α first: with 12 points the last columns may be scrolled out of sight.
        tab.setHorizontalHeaderLabels(["y", "α"] + names)
        tab.setVerticalHeaderLabels(names)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        # 4 digits: the matrix is read for its pattern; the tooltip has every digit.
        texts = format_numbers(self._gram, GRAM_TABLE_DIGITS)
        full = format_numbers(self._gram, None)
        for i in range(n):
            for j in range(n):
                item = QtWidgets.QTableWidgetItem(texts[i * n + j])
                item.setToolTip(full[i * n + j])
                item.setTextAlignment(right)
                tab.setItem(i, j + 2, item)
            yv = float(t.data.labels[i])
            item = QtWidgets.QTableWidgetItem("+1" if yv > 0 else "-1")
            item.setTextAlignment(right)
            item.setForeground(QtGui.QColor(style.POSITIVE if yv > 0 else style.NEGATIVE))
            tab.setItem(i, 0, item)
            item = QtWidgets.QTableWidgetItem("")
            item.setTextAlignment(right)
            item.setFont(style.projector_font(style.TICK_FONT_PT, bold=True))
            tab.setItem(i, 1, item)
        tab.resizeColumnsToContents()

    def _fill_heatmap(self) -> None:
        g = self._gram
        m = float(np.max(np.abs(g))) if g.size else 0.0
        m = m if m > 0 else 1.0
        s, size = self._start, self._size
        self._image.setImage(g, autoLevels=False, levels=(-m, m))
        self._image.setRect(QtCore.QRectF(s, s, size, size))
        self._colorbar.setLevels((-m, m))
        self._gplot.getViewBox().setRange(xRange=(s, s + size), yRange=(s, s + size), padding=0.0)
        xs = np.arange(s, s + size, dtype=np.float64) + 0.5
        self._bars.setOpts(x=xs, height=np.zeros(size))

    def _update_step(self) -> None:
        """Per step: α and the highlighted row only (O(block))."""
        t = self._controller.trainer
        n = t.n
        dual = _is_dual(t)
        rows = slice(self._start, self._start + self._size)
        self._alpha = _alpha_rows(t, rows) if dual and n else None
        cur = _current_point(t)
        self._row = cur
        self._note.setText(self._note_for(t, dual))
        if n == 0:
            return
        if n <= GRAM_TABLE_MAX:
            self._update_table(cur)
            return
        in_block = cur is not None and self._start <= cur < self._start + self._size
        if in_block:
            assert cur is not None
            self._row_box.setRect(QtCore.QRectF(self._start, cur, self._size, 1.0))
            self._row_box.show()
        else:
            self._row_box.hide()
        if self._aplot.isVisible() != dual:
            # A hidden item keeps its row in a graphics layout: give the row back too.
            self._aplot.setVisible(dual)
            self._aplot.setMaximumHeight(QWIDGETSIZE_MAX if dual else 0)
        if self._alpha is not None:
            self._bars.setOpts(height=self._alpha)
            if in_block and cur is not None:
                # At least ~1 % of the plot wide, so the current bar stays visible.
                width = max(0.8, self._size / 100)
                self._bar_now.setOpts(
                    x=[cur + 0.5], height=[self._alpha[cur - self._start]], width=width
                )
                self._bar_now.show()
            else:
                self._bar_now.hide()

    def _update_table(self, cur: int | None) -> None:
        tab = self._table
        n = self._size
        tab.setColumnHidden(1, self._alpha is None)
        white = QtGui.QBrush()
        for i in range(n):
            brush = self._highlight_brush if i == cur else white
            for j in range(n + 2):
                item = tab.item(i, j)
                if item is not None:
                    item.setBackground(brush)
            if self._alpha is not None:
                alpha_item = tab.item(i, 1)
                if alpha_item is not None:
                    alpha_item.setText(format_number(self._alpha[i]))

    def _note_for(self, t: Trainer, dual: bool) -> str:
        n = t.n
        if n == 0:
            return "no points"
        parts: list[str] = []
        if n > GRAM_BLOCK:
            a, b = self._start, self._start + self._size - 1
            nbytes = 8.0 * n * n
            where = (
                "around the current point" if _current_point(t) is not None else "(the first ones)"
            )
            parts.append(
                f"G is N×N = {_fmt_size(n)}×{_fmt_size(n)} ({_fmt_bytes(nbytes)}): "
                f"showing rows/columns {a}–{b} {where}"
            )
        if not dual:
            parts.append("Switch the mode to dual to see α (G depends on the points only)")
        elif n <= GRAM_TABLE_MAX:
            parts.append("α = η × updates on each point; the current point's row is yellow")
        else:
            parts.append("α = η × updates on each point; the current point's row is outlined")
        return "\n".join(parts)

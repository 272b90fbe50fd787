"""The iteration table: one row per update, read lazily from the trainer's history."""

from __future__ import annotations

import math
import os
from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.export import copy_table
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.panels.common import (
    RunFrameGate,
    SteadyFrame,
    busy_cursor,
    make_label,
    short_screen,
    style_label,
)
from perceptron_gui.app.panels.flow import FlowRow
from perceptron_gui.app.theme import TICK_PT, roomy, theme
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text
from perceptron_gui.core.numbers import MINUS
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.tables import MAX_ALPHA_COLUMNS, TableFormat, decision_text

Qt = QtCore.Qt
IntArray = NDArray[np.int64]
# What Qt's item-model methods take as a cell's or parent's index.
Index = QtCore.QModelIndex | QtCore.QPersistentModelIndex
translate = QCoreApplication.translate
#: Significant digits in a cell (the tooltip has every digit).
CELL_DIGITS = 5
#: A narrow table shows no fewer significant digits than this (narrower, cells elide).
MIN_CELL_DIGITS = 3
#: The table keeps at most this many rows' weights read from the history.
WEIGHTS_KEPT = 4096
#: The dual and kernel tables show α1 … αN, one column per point, up to this N (Li Hang's
#: Table 2.2); beyond, a column per point the rows shown updated (the others stay 0), as
#: the exported tables (`perceptron_gui.core.tables.MAX_ALPHA_COLUMNS`).
MAX_ALPHA_POINTS = MAX_ALPHA_COLUMNS
#: Rows of α counts computed at once (each block from one bincount of the rows before it).
ALPHA_BLOCK = 256
#: The last rows whose α counts are kept one row at a time (see `_alpha_counts`).
ALPHA_TAIL = 64
#: Rows of the averaged sums extended at once: within the rows whose weights the history
#: keeps from one call to the next (`core/history.py` `_SPAN_ROWS`, 2¹⁸).
AVERAGE_PIECE = 1 << 17
#: The roles `IterationModel.data` answers, as the ints Qt passes (a view asks for ~10
#: roles a cell at every paint: the others return at once, without a comparison of enums).
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole.value
_BACKGROUND = Qt.ItemDataRole.BackgroundRole.value
_FONT = Qt.ItemDataRole.FontRole.value
_FOREGROUND = Qt.ItemDataRole.ForegroundRole.value
_ROLES = frozenset((_DISPLAY, _TOOLTIP, _ALIGNMENT, _BACKGROUND, _FONT, _FOREGROUND))
_HEADER_ROLES = frozenset((_DISPLAY, _TOOLTIP, _FONT))  # (`headerData` answers these)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_PLAIN = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def cell_number(value: float, digits: int | None) -> str:
    """`fmt.format_numbers` of one number (the same text, its minus sign −) without
    numpy's arrays: a table cell's text, ~1 µs against ~20 µs for a list of one."""
    v = float(value)
    if math.isfinite(v) and v == math.trunc(v) and abs(v) < 1e16:
        text = str(int(v))
    else:
        text = repr(v) if digits is None else f"{v:.{digits}g}"
    return text.replace("-", MINUS)


#: The α columns' names made so far, by 0-based point (see `_alpha_names`).
_ALPHA_NAMES: dict[int, str] = {}


def _alpha_names(points: Sequence[int]) -> list[str]:
    """The α columns' names α1 … of these 0-based points, each made once (a kernel run's
    table gets ~1000 of them at most frames); only the points' own, never every name up
    to the largest index (a dual run on 10⁶ points)."""
    names = _ALPHA_NAMES
    if len(names) > 4 * WEIGHTS_KEPT:
        names.clear()
    out = []
    for j in points:
        name = names.get(j)
        if name is None:
            name = names[j] = f"α{j + 1}"
        out.append(name)
    return out


def _subscript(letter: str, j: int) -> str:
    """x₁, w₁₂, … for the 0-based feature j."""
    return letter + str(j + 1).translate(_SUB)


def _feature(name: str) -> int:
    """The 0-based feature of a column x₁ … x_d or w₁ … w_d."""
    return int(name[1:].translate(_PLAIN)) - 1


def _history_name(name: str) -> str:
    """The trainer's history column of w_j ("w0" for w₁) or b."""
    return "b" if name == "b" else f"w{_feature(name)}"


class IterationModel(QtCore.QAbstractTableModel):
    """A row k = 0 (the start), then one row per update, read lazily from the history.

    Shown as the textbook prints it (Li Hang, Tables 2.1 and 2.2): k, the point updated
    on (x1 … xN, the textbook's 1-based names), w, b and ``w·x + b`` written out (the
    weights after the update); the dual and kernel forms α1 … αN and b (N ≤
    `MAX_ALPHA_POINTS`, else the α of every point the rows update, the header's tooltip
    saying so); batch |M| and the points summed; passive-aggressive and margin runs the kind
    of update (a mistake or a margin correction); averaged and voted the count c of each
    vector, averaged also the running average w̄, b̄ after that vector's last visit (the
    last row's is the answer). Copied and exported (updates only) with every number in a
    column of its own (`fields`: k, point, x₁, x₂, y, w₁, w₂, b, αᵢ).

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

    BASE_COLUMNS = ("k", "point", "x₁", "x₂", "y", "w₁", "w₂", "b")
    SHOWN_COLUMNS: tuple[str, ...] = ("k", "point", "w", "b", "w·x + b")
    #: The decision function written out, as in Table 2.1's last column.
    DECISION = "w·x + b"
    #: Batch mode: the points of M summed in the step.
    SUMMED = "summed"
    #: Passive-aggressive and margin: a mistake (y·f ≤ 0) or a margin correction.
    KIND = "update"
    ALPHA_COLUMN = "αᵢ"
    CSV_NAMES = {"x₁": "x1", "x₂": "x2", "w₁": "w1", "w₂": "w2", "αᵢ": "alpha_i"}
    #: The point column holds the 0-based index; it is shown (and copied) as x1 … xN.
    POINT = "point"
    #: Batch mode: how many points the step corrected (|M_t|).
    CORRECTED = "corrected"
    #: Averaged and voted: the count c of the vector after the update (the visits it
    #: survived, the last one's so far).
    COUNT = "c"
    #: Averaged: the running average of w and b after the vector's last visit so far.
    AVERAGE = "w̄"
    AVERAGE_B = "b̄"
    #: Column titles on screen by column name (marked for lupdate; symbols stay as they are).
    TITLES = {
        "point": QT_TRANSLATE_NOOP("IterationModel", "point"),
        "corrected": "|M|",
        "summed": QT_TRANSLATE_NOOP("IterationModel", "points summed"),
        "update": QT_TRANSLATE_NOOP("IterationModel", "update"),
    }
    #: The kinds of update (the `KIND` column).
    KINDS = {
        "mistake": QT_TRANSLATE_NOOP("IterationModel", "mistake"),
        "margin": QT_TRANSLATE_NOOP("IterationModel", "margin"),
    }
    TOOLTIPS = {
        "k": QT_TRANSLATE_NOOP("IterationModel", "update number (mistakes so far)"),
        "point": QT_TRANSLATE_NOOP(
            "IterationModel", "the point updated on (x1 … xN, as on the canvas)"
        ),
        "x₁": QT_TRANSLATE_NOOP("IterationModel", "x₁ of the point"),
        "x₂": QT_TRANSLATE_NOOP("IterationModel", "x₂ of the point"),
        "y": QT_TRANSLATE_NOOP("IterationModel", "the label of the point"),
        "w₁": QT_TRANSLATE_NOOP("IterationModel", "w₁ after the update"),
        "w₂": QT_TRANSLATE_NOOP("IterationModel", "w₂ after the update"),
        "w": QT_TRANSLATE_NOOP("IterationModel", "w = (w₁, w₂) after the update"),
        "b": QT_TRANSLATE_NOOP("IterationModel", "b after the update"),
        "αᵢ": QT_TRANSLATE_NOOP(
            "IterationModel", "α of the point after the update (updates on it so far × η)"
        ),
        "corrected": QT_TRANSLATE_NOOP(
            "IterationModel", "how many mistakes the batch step corrected at once"
        ),
        "summed": QT_TRANSLATE_NOOP("IterationModel", "the points M whose ηyx the step summed"),
        "update": QT_TRANSLATE_NOOP(
            "IterationModel",
            "mistake: y·(w·x + b) ≤ 0 before the update; margin: right, but inside the margin",
        ),
        "w·x + b": QT_TRANSLATE_NOOP(
            "IterationModel", "the decision function after the update, written out"
        ),
        "c": QT_TRANSLATE_NOOP(
            "IterationModel", "how many visits the vector after this update survived (its vote)"
        ),
        "w̄": QT_TRANSLATE_NOOP(
            "IterationModel",
            "the average of w over every visit up to this vector's last (the last row: the answer)",
        ),
        "b̄": QT_TRANSLATE_NOOP(
            "IterationModel",
            "the average of b over every visit up to this vector's last (the last row: the answer)",
        ),
    }

    @classmethod
    def title(cls, name: str) -> str:
        """The title of column `name` in the current language."""
        if name not in cls.TITLES or name == cls.CORRECTED:  # symbols stay as they are
            return cls.TITLES.get(name, name)
        return translate("IterationModel", cls.TITLES[name])

    def __init__(self, controller: Controller, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._trainer = controller.trainer
        self._rows = 0
        self._columns: tuple[str, ...] = self.BASE_COLUMNS  # the fields
        self._shown: tuple[str, ...] = self.SHOWN_COLUMNS
        self._signature: tuple[float, ...] | None = None
        #: (w₁, …, w_d, b) of the rows read so far, by update (cleared when rows go or change).
        self._weights: dict[int, tuple[float, ...]] = {}
        #: Significant digits of the numbers shown (fewer in a narrow table: see
        #: `IterationTable._size_columns`); the tooltip has every digit.
        self.digits = CELL_DIGITS
        # Updates on the row's point up to this row. An array.array: it grows in place
        # (realloc), where doubling a numpy array copied 10^7 rows in one ~90 ms frame.
        self._cum = array("q")
        self._counts = np.zeros(0, np.int64)  # updates per point in rows [0, _rows)
        self._alpha_blocks: dict[int, NDArray[np.int64]] = {}
        #: The counts of the last rows, from the last row back (see `_alpha_counts`).
        self._alpha_tail: list[NDArray[np.int64]] = []
        self._summed: list[IntArray] | None = None
        # Averaged: Σ c_j w₁, …, Σ c_j w_d, Σ c_j b over the vectors j = 0 … of closed rows
        # (a later update ended them), extended as rows are shown.
        self._avg_sums: tuple[array[float], ...] = (array("d"), array("d"), array("d"))
        #: The cells' texts as shown, by (row, column, digits), of the rows before the last
        #: (whose text no later update changes: the last row's count and average grow with
        #: the visits): a view asks for every cell in view at every paint.
        #: By column name: a reset that only brings an α column (a kernel run beyond
        #: MAX_ALPHA_POINTS points gets one at most frames) keeps the other cells' texts.
        self._texts: dict[tuple[int, str, int], str | None] = {}
        self._alpha_texts: dict[tuple[int, int | None, float], str] = {}  # (`alpha_text`)
        self._alpha_key: tuple[str, ...] | None = None  # (`alpha_points`' columns)
        self._shown_points: Sequence[int] = ()  # the α columns' points (`_shown_for`)
        self._alpha_cols = self._alpha_idx = np.zeros(0, np.int64)
        self._keep_texts = False
        #: The dual and kernel tables' α columns (`set_alpha_layout`): "all" (Table 2.2's
        #: α1 … αN), "updated" (the points the rows update, where all do not fit) or
        #: "row" (one column αᵢ, the α of the row's point after its update).
        self._alpha_layout = "all"
        self._alpha_points: tuple[int, ...] = ()  # (`_updated_points`)
        self.modelReset.connect(self._on_reset)
        for signal in (self.rowsRemoved, self.layoutChanged):
            signal.connect(self._texts.clear)
        self.headerDataChanged.connect(self._texts.clear)  # (a language: the kinds are words)
        self.apply_theme()
        self._reset_from(controller.trainer)

    def apply_theme(self) -> None:
        """Fonts and colours from the theme (the view repaints)."""
        t = theme()
        self._bold_font = t.font(TICK_PT, bold=True)
        self._last_brush = QtGui.QBrush(t.tint("highlight", 160))
        self._pos_brush = QtGui.QBrush(t.color("positive"))
        self._neg_brush = QtGui.QBrush(t.color("negative"))
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, len(self._shown) - 1))

    # --------------------------------------------------------------- Qt's API

    def rowCount(self, parent: Index = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._rows + 1  # the row k = 0, then the updates

    def columnCount(self, parent: Index = QtCore.QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._shown)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role not in _HEADER_ROLES:  # (the header asks ~800 times at a model reset)
            return None
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._shown):
            name = self._shown[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return self.title(name)
            if role == Qt.ItemDataRole.ToolTipRole:
                if name[:1] == "α" and name[1:].isdigit() and self._alpha_points:
                    return translate(
                        "IterationModel", "α of the {m} points updated, of {n}; every other α is 0"
                    ).format(m=len(self._alpha_points), n=self._trainer.n)
                tip = self.TOOLTIPS.get(name)
                return None if tip is None else translate("IterationModel", tip)
            if role == Qt.ItemDataRole.FontRole:
                return self._bold_font
        elif orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return str(section)
        return None

    def data(self, index: Index, role: int = 0) -> Any:
        # Qt asks seven roles of every cell in view at every paint, each a call through
        # the bindings: the text first; the last row's font and background read the row
        # alone (an invalid index has row and column -1).
        if role == _DISPLAY:
            row, col = index.row(), index.column()
            if 0 <= row <= self._rows and 0 <= col < len(self._shown):
                return self.display(row, col)
            return None
        if role == _FONT or role == _BACKGROUND:
            if index.row() != self._rows or not 0 <= index.column() < len(self._shown):
                return None
            return self._bold_font if role == _FONT else self._last_brush
        if role not in _ROLES:
            return None
        row, col = index.row(), index.column()
        if not (0 <= row <= self._rows and 0 <= col < len(self._shown)):
            return None
        name = self._shown[col]
        if role == _TOOLTIP:
            return self._text(row, col, full=True)
        if role == _ALIGNMENT:
            return _LEFT if name in (self.DECISION, self.SUMMED, self.KIND) else _RIGHT
        if role == _FOREGROUND and name == self.POINT and row >= 1:
            i = int(self.value(row - 1, self.POINT) or 0)
            label = self._trainer.data.labels[i] if i < self._trainer.n else 0
            return self._pos_brush if label > 0 else self._neg_brush
        return None

    def _on_reset(self) -> None:
        if not self._keep_texts:
            self._texts.clear()

    def display(self, row: int, col: int) -> str | None:
        """The text cell (`row`, `col`) shows (`data`'s DisplayRole, without a Qt index)."""
        if row < self._rows:
            key = (row, self._shown[col], self.digits)
            if key in self._texts:
                return self._texts[key]
            text = self._text(row, col, full=False)
            self._texts[key] = text
            return text
        return self._text(row, col, full=False)

    def _text(self, row: int, col: int, *, full: bool) -> str | None:
        text = self.cell_text(row - 1, self._shown[col], full=full)
        return None if text is None else text.replace("-", "−")

    def weights(self, u: int) -> tuple[float, ...]:
        """(w₁, …, w_d, b) after update `u` (0-based; -1: the initial weights)."""
        t = self._trainer
        d = t.data.dim
        if u < 0:
            w0 = t.config.w0 if t.model.is_linear and d == 2 else (0.0,) * d
            return (*(float(v) for v in w0), float(t.config.b0))
        got = self._weights.get(u)
        if got is None:  # (a compact history replays up to 31 updates for each value)
            if len(self._weights) > WEIGHTS_KEPT:
                self._weights.clear()
            got = (
                *(float(t.history_value(f"w{j}", u)) for j in range(d)),
                float(t.history_value("b", u)),
            )
            self._weights[u] = got
        return got

    def weight_vector(self, u: int) -> tuple[tuple[float, ...], float]:
        """(w, b) after update `u` (-1: the initial weights), w with its d entries."""
        t = self._trainer
        d = t.data.dim
        if d <= 2:
            got = self.weights(u)
            return got[:-1], got[-1]
        if u < 0:
            return (0.0,) * d, float(t.config.b0)
        return tuple(float(t.history_value(f"w{j}", u)) for j in range(d)), float(
            t.history_value("b", u)
        )

    def cell_text(self, u: int, name: str, *, full: bool = False) -> str | None:
        """The text of column `name` in the row of update `u` (-1: the row k = 0).

        `full`: every digit (the tooltip); else `digits` significant digits.
        """
        t = self._trainer
        if not -1 <= u < min(self._rows, t.k):
            return None
        digits = None if full else self.digits

        def num(v: float) -> str:
            return cell_number(v, digits)

        if name == "k":
            return str(u + 1)
        if name in ("w", "b", self.DECISION):
            w, b = self.weight_vector(u)
            if name == "w":  # d entries: elided by the column, whole in the tooltip
                return "(" + ", ".join(num(v) for v in w) + ")"
            if name == "b":
                return num(b)
            return decision_text(w, b, bias=t.config.bias, digits=digits or 17).text
        if name.startswith("α") and name[1:].isdigit():
            j = int(name[1:]) - 1
            return self.alpha_text(0 if u < 0 else int(self._alpha_counts(u)[j]), digits)
        if name == self.COUNT:
            return str(self._count(u))
        if name in (self.AVERAGE, self.AVERAGE_B):
            avg = self._average(u)
            if avg is None:
                return "—"  # no visit yet: the mean of nothing
            if name == self.AVERAGE:
                return "(" + ", ".join(num(v) for v in avg[:-1]) + ")"
            return num(avg[-1])
        if u < 0:
            return "0" if name == self.ALPHA_COLUMN else ""
        if name == self.CORRECTED:
            v = self._per_row(u, name)
            return None if v is None else str(v)
        if name == self.SUMMED:
            return self._summed_text(u, full)
        if name == self.KIND:
            return translate("IterationModel", self.KINDS[self._kind(u)])
        if name == self.POINT:
            return fmt.point_name(int(self.value(u, name) or 0))
        value = self.value(u, name)
        return None if value is None else num(value)

    def alpha_text(self, count: int, digits: int | None) -> str:
        """The text of an α cell whose point `count` updates have hit: count × η (kept by
        count, digits and η: a kernel run's last row has hundreds of α cells, and the
        view asks for those in view at every paint)."""
        eta = self._trainer.config.eta
        key = (count, digits, eta)
        text = self._alpha_texts.get(key)
        if text is None:
            if len(self._alpha_texts) > WEIGHTS_KEPT:
                self._alpha_texts.clear()
            text = self._alpha_texts[key] = cell_number(float(count) * eta, digits)
        return text

    def alpha_points(self) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The α columns shown (column numbers) and their points' indices (0-based)."""
        if self._alpha_key is not self._shown:
            if self._trainer.has_alpha:  # ("k", "point", α…, "b": see `_shown_for`)
                points = self._shown_points
                self._alpha_idx = np.asarray(points, np.int64).reshape(-1)
                self._alpha_cols = np.arange(2, 2 + self._alpha_idx.shape[0], dtype=np.int64)
            else:
                self._alpha_cols = self._alpha_idx = np.zeros(0, np.int64)
            self._alpha_key = self._shown
        return self._alpha_cols, self._alpha_idx

    def counts_at(self, row: int) -> NDArray[np.int64]:
        """Updates on each point up to display row `row` (0: none), as its α cells show."""
        if row <= 0:
            return np.zeros(self._trainer.n, np.int64)
        if row >= self._rows:
            return self._counts
        return self._alpha_counts(row - 1)

    def _count(self, u: int) -> int:
        """The count c of the vector after update `u` (-1: the initial weights): the
        visits from the update's own to the last before the next update (or so far)."""
        t = self._trainer
        start = 1 if u < 0 else int(t.history_value("visit", u))
        end = int(t.history_value("visit", u + 1)) if u + 1 < t.k else t.visits + 1
        return end - start

    def _average(self, u: int) -> tuple[float, ...] | None:
        """(w̄₁, …, w̄_d, b̄) after the last visit of the vector after update `u` (-1: the start).

        ``Σ_{j ≤ k} c_j ŵ_j / Σ_{j ≤ k} c_j`` (ALGORITHMS.md), the sums in the trainer's
        order, so that the last row is the answer to the bit. None before any visit.
        """
        t = self._trainer
        j = u + 1  # the vector's number; vectors 0 … rows - 1 are closed
        closed = min(self._rows, t.k)
        sums = self._avg_sums
        self._extend_averages(min(j + 1, closed))
        if j < closed:
            total = int(t.history_value("visit", j)) - 1
            s = tuple(target[j] for target in sums)
        else:  # the current vector, its count still growing
            total = t.visits
            count = float(self._count(u))
            now = self.weights(u)
            before = [target[j - 1] if j else 0.0 for target in sums]
            s = tuple(a + count * v for a, v in zip(before, now, strict=True))
        if total == 0:
            return None
        b_avg = s[-1] / total if t.config.bias else 0.0
        return (*(v / total for v in s[:-1]), b_avg)

    def _extend_averages(self, to: int) -> None:
        """Extend the prefix sums `_avg_sums` over the closed vectors up to `to` (a later
        update ended them)."""
        t = self._trainer
        sums = self._avg_sums
        names = (*(f"w{i}" for i in range(len(sums) - 1)), "b")
        have = len(sums[0])
        while have < to:
            # c_j = V[j] − V[j − 1] with V the updates' visits and V[−1] = 1; vector j
            # is the start (j = 0) or history row j − 1. In pieces the history keeps the
            # weights of (`AVERAGE_PIECE`): its three columns are made once a piece (a To
            # end turn of 3.5·10⁵ rows made them three times, ~90 ms).
            upto = min(to, have + AVERAGE_PIECE)
            v = t.history_slice("visit", max(0, have - 1), upto).astype(np.int64)
            c = np.diff(v if have else np.concatenate(([1], v))).astype(np.float64)
            for i, (target, name) in enumerate(zip(sums, names, strict=True)):
                w = t.history_slice(name, max(0, have - 1), upto - 1).astype(np.float64)
                if not have:
                    w = np.concatenate((self._start(i), w))
                carry = target[-1] if have else 0.0
                acc = np.cumsum(np.concatenate(([carry], c * w)))[1:]
                target.frombytes(acc.tobytes())
            have = len(sums[0])

    def keep_up(self) -> None:
        """A fast frame of a run (To end): the averaged sums extended over the vectors the
        run closed since the last frame, so that the table's turn (one frame in several:
        `RunFrameGate`) extends a frame's rows, not its own several frames' (at 10⁶
        updates a second a turn of 40-90 ms). The sums depend on the run's history only:
        a step back (a plain MODEL, at once) cuts them, another run starts them anew."""
        t = self._controller.trainer
        if t is self._trainer and t.spec.answer_kind == "average":
            self._extend_averages(t.k)

    def _start(self, i: int) -> NDArray[np.float64]:
        """The initial weight i (w₁, …, w_d, b) as a one-element array."""
        return np.array([self.weights(-1)[i]], dtype=np.float64)

    def _kind(self, u: int) -> str:
        """ "mistake" when y·(w·x + b) ≤ 0 before update `u`, else "margin"."""
        t = self._trainer
        i = int(t.history_value("index", u))
        w, b = self.weight_vector(u - 1)
        x = t.data.points[i]
        f = w[0] * float(x[0])
        for j in range(1, len(w)):
            f += w[j] * float(x[j])
        f += b if t.config.bias else 0.0
        return "mistake" if float(t.data.labels[i]) * f <= 0.0 else "margin"

    def _summed_text(self, u: int, full: bool) -> str:
        t = self._trainer
        if self._summed is None:
            self._summed = list(getattr(t, "batch_points", []))
        if u >= len(self._summed):
            return ""
        names = [fmt.point_name(int(i)) for i in self._summed[u]]
        if not full and len(names) > 4:
            names = [*names[:3], "…"]
        return ", ".join(names)

    def _alpha_counts(self, u: int) -> NDArray[np.int64]:
        """Updates on each point in rows 0 … u (one block of rows computed at a time; the
        last `ALPHA_TAIL` rows, which a run's frames show and change, one row at a time
        back from the last: the last block was recomputed at every frame, ~3 ms)."""
        back = self._rows - 1 - u
        if 0 <= back < ALPHA_TAIL:
            tail = self._alpha_tail
            if not tail:
                tail.append(self._counts.copy())
            while len(tail) <= back:
                before = tail[-1].copy()  # undo update _rows - len(tail)
                before[int(self._trainer.history_value("index", self._rows - len(tail)))] -= 1
                tail.append(before)
            return tail[back]
        s = u // ALPHA_BLOCK
        block = self._alpha_blocks.get(s)
        if block is None:
            t = self._trainer
            lo, hi = s * ALPHA_BLOCK, min((s + 1) * ALPHA_BLOCK, self._rows)
            before = np.bincount(t.history_slice("index", 0, lo), minlength=t.n)
            idx = t.history_slice("index", lo, hi).astype(np.int64)
            onehot = np.zeros((hi - lo, t.n), np.int64)
            onehot[np.arange(hi - lo), idx] = 1
            block = before[: t.n] + np.cumsum(onehot, axis=0)
            self._alpha_blocks[s] = block
        counts: NDArray[np.int64] = block[u - s * ALPHA_BLOCK]
        return counts

    # ------------------------------------------------------------ our own API

    @property
    def updates(self) -> int:
        """The update rows (the table has one more: k = 0)."""
        return self._rows

    @property
    def columns(self) -> tuple[str, ...]:
        """The column names as shown."""
        return self._shown

    def _per_row(self, row: int, name: str) -> int | None:
        """The batch step's size of one row (O(1))."""
        t = self._trainer
        if not 0 <= row < min(self._rows, t.k):
            return None
        return int(self._sizes[row]) if row < len(self._sizes) else None

    @property
    def fields(self) -> tuple[str, ...]:
        """The numbers of a row, one per column, as copied and exported."""
        return self._columns

    def value(self, row: int, name: str) -> float | None:
        """The number `name` (one of `fields`) of a row (O(1)); None outside the table."""
        t = self._trainer
        if not (0 <= row < self._rows and row < t.k):
            return None
        if name == "k":
            return float(row + 1)
        if name == "αᵢ":
            return float(self._cum[row]) * t.config.eta
        if name == "b" or name[0] == "w":
            return t.history_value(_history_name(name), row)
        i = int(t.history_value("index", row))
        if name == self.POINT:
            return float(i)
        if name == "y":
            return float(t.data.labels[i])
        return float(t.data.points[i, _feature(name)])

    def column_arrays(self, rows: IntArray | None = None) -> list[NDArray[Any]]:
        """Whole columns (or the given rows), vectorised, in the order of `fields`."""
        t = self._trainer
        n = self._rows
        sel = np.arange(n, dtype=np.int64) if rows is None else np.asarray(rows, np.int64)
        idx = t.history_slice("index", 0, n)[sel]
        out: list[NDArray[Any]] = []
        for name in self._columns:
            if name == "k":
                out.append(sel + 1)
            elif name == self.POINT:
                out.append(idx)
            elif name[0] == "x":
                out.append(t.data.points[idx, _feature(name)])
            elif name == "y":
                out.append(t.data.labels[idx])
            elif name == "αᵢ":
                cum = np.frombuffer(self._cum, np.int64, count=n) if n else np.zeros(0, np.int64)
                out.append(cum[sel] * t.config.eta)  # a copy: the buffer stays free to grow
                del cum
            else:
                out.append(t.history_slice(_history_name(name), 0, n)[sel])
        return out

    def sync(self) -> int:
        """Catch up with the controller's trainer; returns the change in rows (0 after a reset)."""
        t = self._controller.trainer
        if hasattr(t, "batch_sizes"):
            self._sizes = t.batch_sizes  # O(steps): batch runs take few steps
        columns = self._columns_for(t)
        if t is not self._trainer or columns != self._columns or not self._prefix_intact(t):
            self._weights.clear()
            self.beginResetModel()
            self._reset_from(t)
            self.endResetModel()
            return 0
        old, new = self._rows, t.k
        for sums in self._avg_sums:  # (kept up beyond the rows: `keep_up`) closed ones only
            del sums[new:]
        if new != old:  # the last block of α counts (and the batch's points) changed
            for s in [s for s in self._alpha_blocks if (s + 1) * ALPHA_BLOCK > min(old, new)]:
                del self._alpha_blocks[s]
            self._alpha_tail = []
            self._summed = None
        # Display row r is update r - 1 (row 0: the start).
        if new > old:
            self.beginInsertRows(QtCore.QModelIndex(), old + 1, new)
            self._extend(t.history_slice("index", old, new))
            self._rows = new
            self.endInsertRows()
            self._emit_row_changed(old)  # the highlight moves off it
        elif new < old:
            self._weights.clear()
            self.beginRemoveRows(QtCore.QModelIndex(), new + 1, old)
            self._shrink(new)
            self._rows = new
            self.endRemoveRows()
            self._emit_row_changed(new)
        self._signature = self._row_signature(t, self._rows - 1)
        if self._updated_points(t) != self._alpha_points:  # an α column came or went
            self._keep_texts = True  # (the same rows and run: each cell's text stays)
            try:
                self.beginResetModel()
                self._reset_from(t)
                self.endResetModel()
            finally:
                self._keep_texts = False
        return new - old

    # -------------------------------------------------------------- internals

    def _columns_for(self, t: Algorithm) -> tuple[str, ...]:
        alpha = (self.ALPHA_COLUMN,) if t.has_alpha else ()
        d = t.data.dim
        if d == 2:
            return self.BASE_COLUMNS + alpha
        # d features: x₁ … x_d and w₁ … w_d (the plane's names, numbered on)
        xs = tuple(_subscript("x", j) for j in range(d))
        ws = tuple(_subscript("w", j) for j in range(d))
        return ("k", "point", *xs, "y", *ws, "b", *alpha)

    def _shown_for(self, t: Algorithm) -> tuple[str, ...]:
        shown = self.SHOWN_COLUMNS
        if t.spec.batch:  # a batch step sums many points at once
            shown = ("k", self.CORRECTED, self.SUMMED, "w", "b", self.DECISION)
        if t.threshold is not None:  # a mistake or a margin correction
            shown = (*shown[:2], self.KIND, *shown[2:])
        # Every vector votes with the visits it survived (the R^d trainer of the averaged
        # and voted runs counts them from its visits, as the plane's do from their votes).
        if hasattr(t, "votes") or t.spec.answer_kind in ("average", "vote"):
            shown = (*shown, self.COUNT)
        if t.spec.answer_kind == "average":  # the answer's own columns, row by row;
            # they take the place of w·x + b, so that the table fits a 1024×768 screen
            shown = tuple(c for c in shown if c != self.DECISION)
            shown = (*shown, self.AVERAGE, *((self.AVERAGE_B,) if t.config.bias else ()))
        if t.has_alpha and self._alpha_layout == "row" and t.n <= MAX_ALPHA_POINTS:
            self._shown_points = ()  # the updated point's α, row by row
            shown = ("k", self.POINT, self.ALPHA_COLUMN, "b")
        elif t.has_alpha:  # the dual (Table 2.2) and the kernel: α per point and b
            every = t.n <= MAX_ALPHA_POINTS and self._alpha_layout == "all"
            points = range(t.n) if every else self._alpha_points
            self._shown_points = points
            shown = ("k", self.POINT, *_alpha_names(points), "b")
        return shown

    @property
    def alpha_columns_optional(self) -> bool:
        """Whether the table may show fewer α columns than α1 … αN (a dual or kernel run
        of at most `MAX_ALPHA_POINTS` points; beyond, the columns of the points updated
        scroll)."""
        return self._trainer.has_alpha and self._trainer.n <= MAX_ALPHA_POINTS

    def updated_now(self) -> tuple[int, ...]:
        """The points the rows update (0-based), in order: the "updated" layout's."""
        return tuple(np.flatnonzero(self._counts).tolist())

    def set_alpha_layout(self, layout: str) -> bool:
        """The α columns: "all", "updated" or "row" (see `_alpha_layout`;
        `alpha_columns_optional`); returns whether the columns changed."""
        if layout == self._alpha_layout:
            return False
        self._alpha_layout = layout
        self._alpha_points = self._updated_points(self._trainer)
        shown = self._shown_for(self._trainer)
        if shown == self._shown:
            return False
        self._keep_texts = True  # (the same rows: each cell's text stays)
        try:
            self.beginResetModel()
            self._shown = shown
            self.endResetModel()
        finally:
            self._keep_texts = False
        return True

    @staticmethod
    def _row_signature(t: Algorithm, row: int) -> tuple[float, ...] | None:
        if row < 0 or row >= t.k:
            return None
        return tuple(t.history_value(name, row) for name in ("index", "visit", "w0", "b"))

    def _prefix_intact(self, t: Algorithm) -> bool:
        """Whether the rows we show are still the trainer's first rows (a cheap check)."""
        keep = min(self._rows, t.k)
        if keep == 0:
            return True
        if keep == self._rows:
            return self._row_signature(t, keep - 1) == self._signature
        return True  # the trainer only truncates its history when stepping back

    def _reset_from(self, t: Algorithm) -> None:
        self._trainer = t
        self._columns = self._columns_for(t)
        self._alpha_points = ()
        self._shown = self._shown_for(t)
        self._sizes = t.batch_sizes if hasattr(t, "batch_sizes") else np.zeros(0, np.int64)
        self._rows = 0
        self._cum = array("q")
        self._counts = np.zeros(t.n if t.has_alpha else 0, np.int64)  # (the α columns')
        self._alpha_blocks = {}
        self._alpha_tail = []
        self._summed = None
        self._avg_sums = tuple(array("d") for _ in range(t.data.dim + 1))
        self._extend(t.history_slice("index", 0, t.k))
        self._rows = t.k
        self._alpha_points = self._updated_points(t)
        self._shown = self._shown_for(t)
        self._signature = self._row_signature(t, self._rows - 1)

    def _updated_points(self, t: Algorithm) -> tuple[int, ...]:
        """Beyond `MAX_ALPHA_POINTS` points, or in the "updated" layout: those the rows
        shown update (their α)."""
        if not t.has_alpha or (t.n <= MAX_ALPHA_POINTS and self._alpha_layout != "updated"):
            return ()
        points: list[int] = np.flatnonzero(self._counts).tolist()
        return tuple(points)

    def _extend(self, new_idx: IntArray) -> None:
        """Append rows with these point indices: cumulative counts without a Python loop.

        The counts serve the α columns alone: a trainer without α keeps none (a To end of
        10⁶ updates a second would sort each frame's ~10⁵ new rows for nothing)."""
        m = new_idx.shape[0]
        if m == 0 or not self._trainer.has_alpha:
            return
        order = np.argsort(new_idx, kind="stable")
        s = new_idx[order]
        starts = np.flatnonzero(np.r_[True, s[1:] != s[:-1]])
        group_start = np.repeat(starts, np.diff(np.r_[starts, m]))
        occurrence = np.empty(m, np.int64)
        occurrence[order] = np.arange(m) - group_start
        cum = self._counts[new_idx] + occurrence + 1
        if m * 64 < self._counts.shape[0]:
            # A few rows (a step, a run's frame): not a count array of N (8 MB at 10⁶).
            np.add.at(self._counts, new_idx, 1)
        else:
            self._counts += np.bincount(new_idx, minlength=self._counts.shape[0])
        self._alpha_tail = []  # (its rows are counted back from these counts)
        del self._cum[self._rows :]  # rows a step back forgot
        self._cum.frombytes(cum.astype(np.int64, copy=False).tobytes())

    def _shrink(self, new: int) -> None:
        """Forget rows [new, _rows): recount the per-point totals from the kept rows.

        The trainer has already dropped the removed rows, so their points are
        unknown here; a step back is one click, and O(k) bincount is a few ms at 10^6.
        """
        t = self._trainer
        if t.has_alpha:  # (a trainer without α has no counts: see `_extend`)
            kept = t.history_slice("index", 0, new)
            self._counts = np.bincount(kept, minlength=t.n).astype(np.int64)
            self._alpha_tail = []
        for sums in self._avg_sums:  # vector `new` is the current one again
            del sums[new:]

    @property
    def bold_font(self) -> QtGui.QFont:
        """The last row's font."""
        return self._bold_font

    def set_digits(self, digits: int) -> None:
        """Show `digits` significant digits (every cell is rewritten when they change)."""
        if digits != self.digits:
            self.digits = digits
            if self._rows >= 0 and self._shown:
                self.dataChanged.emit(
                    self.index(0, 0), self.index(self._rows, len(self._shown) - 1)
                )

    def _emit_row_changed(self, row: int) -> None:
        left = self.index(row, 0)
        right = self.index(row, len(self._shown) - 1)
        self.dataChanged.emit(left, right)


class TitleHeader(QtWidgets.QHeaderView):
    """The table's column titles, each title's size measured once.

    Qt's header measures 200 of its sections (the first and the last 100) for its size
    hint whenever the columns change, four calls of `IterationModel.headerData` each: a
    kernel run adds a column (a point's α) at most frames (the model is reset then), and
    the 1600 calls were most of the table's refresh. A section's size depends on its title
    only (one font, no icon, no sort indicator), so it is kept by title, and measured again
    after a change of the titles' texts or font (`headerDataChanged`: a language, a
    theme), another model, or a change of the header's font or style.

    Parameters
    ----------
    parent
        The table view.
    """

    def __init__(self, parent: QtWidgets.QWidget) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        # As QTableView's own horizontal header.
        self.setSectionsClickable(True)
        self.setHighlightSections(True)
        self._sizes: dict[object, QtCore.QSize] = {}
        self._dims: dict[object, tuple[int, int]] = {}  # (the same, as (width, height))
        #: The size hint (see `sizeHint`) with the columns it was made for.
        self._hint: tuple[tuple[str, ...], QtCore.QSize] | None = None

    def setModel(self, model: QtCore.QAbstractItemModel | None) -> None:  # noqa: N802
        before = self.model()
        if before is not None:
            before.headerDataChanged.disconnect(self.forget_sizes)
        super().setModel(model)
        self.forget_sizes()
        if model is not None:
            model.headerDataChanged.connect(self.forget_sizes)

    def forget_sizes(self) -> None:
        """Measure every title again (new titles, fonts or style)."""
        self._sizes.clear()
        self._dims.clear()
        self._hint = None

    def _title(self, section: int) -> object:
        model = self.model()
        if isinstance(model, IterationModel):  # (without a round trip through Qt)
            columns = model.columns
            return model.title(columns[section]) if 0 <= section < len(columns) else None
        if model is None:
            return None
        return model.headerData(section, self.orientation(), Qt.ItemDataRole.DisplayRole)

    def _section_size(self, section: int) -> QtCore.QSize:
        title = self._title(section)
        size = self._sizes.get(title)
        if size is None:
            size = self._sizes[title] = super().sectionSizeFromContents(section)
        return size

    def sectionSizeFromContents(self, logicalIndex: int) -> QtCore.QSize:  # noqa: N802, N803
        return QtCore.QSize(self._section_size(logicalIndex))

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        """Qt's: the largest of the first and the last 100 sections' sizes. Qt asked each
        one's size of `sectionSizeFromContents` (a call into Python, and one back to
        `headerData`), 400 a refresh of a kernel run's table; here from the sizes kept,
        and kept while the columns are the same."""
        model = self.model()
        n = self.count()
        if (
            not isinstance(model, IterationModel)
            or n != model.columnCount()
            or (self.hiddenSectionCount())
        ):
            return super().sizeHint()
        columns = model.columns
        hint = self._hint
        if hint is None or hint[0] is not columns and hint[0] != columns:
            sections = range(n) if n <= 200 else (*range(100), *range(n - 100, n))
            width = height = 0
            dims = self._dims
            for section in sections:
                got = dims.get(model.title(columns[section]))
                if got is None:
                    size = self._section_size(section)
                    got = dims[model.title(columns[section])] = (size.width(), size.height())
                width, height = max(width, got[0]), max(height, got[1])
            hint = self._hint = (columns, QtCore.QSize(width, height))
        return QtCore.QSize(hint[1])

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() in (QtCore.QEvent.Type.FontChange, QtCore.QEvent.Type.StyleChange):
            self.forget_sizes()
        super().changeEvent(event)


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
        view.setHorizontalHeader(TitleHeader(view))
        view.setModel(self.model)
        view.setAlternatingRowColors(True)
        view.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        # Tab leaves the table for the next control (the arrows walk its rows): else Tab
        # went through every cell, 4 a row, before the keyboard got past it.
        view.setTabKeyNavigation(False)
        view.setWordWrap(False)
        view.verticalHeader().hide()
        view.verticalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Fixed)
        view.verticalHeader().setMinimumSectionSize(8)  # the style's minimum is a tall row
        hh = view.horizontalHeader()
        # The columns share the width by their usual content (see `_size_columns`): w and b
        # are behind a scroll bar only in a panel too narrow for the table. Never sized
        # from the contents, which would read all 10^6 rows.
        hh.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Fixed)
        hh.setMinimumSectionSize(8)
        self.view = view
        view.viewport().installEventFilter(self)
        #: The widths of the texts measured, by (text, 0 or 1: bold); the titles' by (title, 2),
        #: the columns' samples by (sample, 3).
        self._widths: dict[tuple[str, int], int] = {}
        #: The widths of α texts, by (count, digits, η, bold): see `_alpha_widths`.
        self._alpha_measured: dict[tuple[int, int, float, bool], int] = {}
        self.model.headerDataChanged.connect(self._forget_widths)  # (a language, a font)
        self.model.modelReset.connect(self._on_model_reset)
        # Follow the last row unless the user scrolled away from the end. Qt lays the
        # rows out later than they are inserted, so the scroll bar's range catches up
        # in an event; scroll when it does.
        self._follow = True
        self._sizing = True  # (False while `refresh` scrolls: it sizes the columns after)
        sb = view.verticalScrollBar()
        sb.valueChanged.connect(self._on_scroll_value_changed)
        sb.rangeChanged.connect(self._on_scroll_range_changed)

        self._copy_button = QtWidgets.QPushButton()
        self._copy_button.setObjectName("iterationCopy")
        self._copy_button.clicked.connect(self._on_copy_clicked)
        self._export_button = QtWidgets.QPushButton()
        self._export_button.setObjectName("iterationExport")
        self._export_button.clicked.connect(self._on_export_clicked)
        # The textbook's table (k, point, w, b, w·x + b), ready for slides and notes; one
        # button with a menu, so that the row of buttons stays narrow.
        self._copy_as_button = QtWidgets.QToolButton()
        self._copy_as_button.setObjectName("iterationCopyAs")
        self._copy_as_button.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QtWidgets.QMenu(self._copy_as_button)
        roomy(menu)  # (rows 24 px high: WCAG 2.5.8)
        for text, name, format in (
            ("LaTeX (booktabs)", "iterationCopyLatex", "latex"),
            ("Markdown", "iterationCopyMarkdown", "markdown"),
        ):
            action = menu.addAction(text)
            action.setObjectName(name)
            action.triggered.connect(lambda _=False, f=format: self._copy_table(f))
        self._copy_as_button.setMenu(menu)
        self._count_label = make_label(name="iterationCount")
        count = SteadyFrame(self._count_label)
        self._button_row = (count, self._copy_button, self._copy_as_button, self._export_button)
        # The count at the left, the buttons at the right, on further lines where the
        # panel is narrow (beside the canvas at UI scale 2): each whole, never scrolled.
        buttons = FlowRow(self._button_row)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addWidget(view, 1)
        layout.addWidget(buttons)

        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        controller.changed.connect(self._keep_up)
        self._retranslate_buttons()  # (the titles and the count: apply_theme's refresh)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def retranslate(self) -> None:
        """Buttons, column titles and the count in the current language."""
        self._retranslate_buttons()
        m = self.model
        m.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, max(0, m.columnCount() - 1))
        self.refresh()

    def _retranslate_buttons(self) -> None:
        self._copy_button.setText(self.tr("Copy"))
        self._copy_button.setToolTip(
            self.tr("Copy the selected rows (all rows if none) as tab-separated text")
        )
        self._export_button.setText(self.tr("Export CSV…"))
        self._export_button.setToolTip(self.tr("Write every update to a CSV file"))
        self._copy_as_button.setText(self.tr("Copy as"))
        self._copy_as_button.setToolTip(self.tr("Copy the textbook's table as LaTeX or Markdown"))

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Fonts and row heights from the theme."""
        t = theme()
        font = t.font(TICK_PT)
        self.view.setFont(font)
        self.view.horizontalHeader().setFont(t.font(TICK_PT, bold=True))
        # Compact rows: the book's eight rows of Table 2.1 fit a 1024×768 screen.
        self.view.verticalHeader().setDefaultSectionSize(
            QtGui.QFontMetrics(font).height() + int(1 * t.scale)
        )
        # Room for Table 2.1's eight rows (k = 0 … 7) whatever the dock's share, on a
        # screen with room for them; on a short one (1080 px at UI scale 2 is 540 of
        # scale 1) the canvas comes first and the table scrolls.
        header = QtGui.QFontMetrics(t.font(TICK_PT, bold=True)).height() + int(6 * t.scale)
        short = short_screen(self)
        rows = self.view.verticalHeader().defaultSectionSize() * (
            self.SHORT_ROWS if short else self.MIN_ROWS
        )
        self.view.setMinimumHeight(header + rows + 2 * self.view.frameWidth() + 2)
        pad = int(2 * t.scale)
        for b in (self._copy_button, self._copy_as_button, self._export_button):
            b.setFont(font)
            b.setStyleSheet(f"padding: {pad}px {3 * pad}px;")
        style_label(self._count_label, TICK_PT)
        self._forget_widths()  # another font
        self.model.apply_theme()
        self.refresh()
        self._size_columns()

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
        sel = sm.selection() if sm is not None else QtCore.QItemSelection()
        ranges = [sel.at(i) for i in range(sel.count())]
        parts = [np.arange(r.top(), r.bottom() + 1, dtype=np.int64) for r in ranges]
        if not parts:
            return None
        rows = np.unique(np.concatenate(parts)) - 1  # display row r is update r - 1
        return rows[rows >= 0]

    def _text(
        self, rows: IntArray | None, *, sep: str, digits: int | None, csv_header: bool
    ) -> str:
        m = self.model
        # A file keeps ASCII column names (scripts read it); the clipboard has the screen's.
        names = [
            m.CSV_NAMES.get(c, c.translate(_PLAIN)) if csv_header else m.title(c) for c in m.fields
        ]
        columns: list[Sequence[str]] = []
        for name, values in zip(m.fields, m.column_arrays(rows), strict=True):
            if name == m.POINT and not csv_header:
                strings = [fmt.point_name(int(i)) for i in values]
            elif name == m.POINT:  # a file: the 1-based number, as in the name x3
                strings = fmt.format_numbers(values + 1, None, minus="-")
            else:
                strings = fmt.format_numbers(values, digits, minus="-")
            if name == "y" and not csv_header:
                strings = ["+1" if s == "1" else s for s in strings]
            columns.append(strings)
        lines = [sep.join(names)]
        lines.extend(map(sep.join, zip(*columns, strict=True)))
        return "\n".join(lines) + "\n"

    #: The rows the table always has room for (Li Hang's Table 2.1: k = 0 … 7).
    MIN_ROWS = 8
    #: On a short screen (see `SHORT_SCREEN`), the rows it keeps room for.
    SHORT_ROWS = 2
    #: Text as wide as a column's usual content, by column (others: a signed decimal).
    COLUMN_SAMPLES = {
        "k": "000",
        "point": "x00",
        "w": "(−0.00, −0.00)",
        "w·x + b": "3x⁽¹⁾ + 3x⁽²⁾ − 3",
        "update": "mistake",
        "summed": "x1, x2, …",
        "corrected": "|M|",
        "c": "000",
        "w̄": "(−0.000, −0.000)",
    }
    #: Columns narrower than their samples by up to this factor elide (the tooltip has
    #: all); narrower still, some yield their width to the others (`_yielded`).
    MIN_SQUEEZE = 0.7

    def set_buttons_shown(self, shown: bool) -> None:
        """Show or hide the row of the count and the Copy and Export buttons (a lesson on
        a projector puts the table in a narrow column beside the canvas: the rows only)."""
        for widget in self._button_row:
            widget.setVisible(shown)

    def _size_columns(self) -> None:
        """Share the width between the columns by how wide their content usually is and
        the rows in view are, with the most digits (5 down to 3) that let every one of
        those show whole (at 1024×768 averaged data elided w̄ to "(2.4263, 1.…", pocket
        runs w and w·x + b at any width): the tooltip has every digit."""
        fm = QtGui.QFontMetrics(self.view.horizontalHeader().font())
        total = max(1, self.view.viewport().width())
        tight = fm.averageCharWidth() // 2 + int(4 * theme().scale)  # the cell's margins
        if self.model.alpha_columns_optional:  # Table 2.2's α1 … αN, where they fit,
            # else the columns of the points updated (the example's 18 points at 1024×768:
            # x1, x4, x13, x17, …), else one column αᵢ
            t = self._controller.trainer
            if self._alpha_table_width(fm, tight, range(t.n)) <= total:
                layout = "all"
            elif self._alpha_table_width(fm, tight, self.model.updated_now()) <= total:
                layout = "updated"
            else:
                layout = "row"
            self.model.set_alpha_layout(layout)
        names = self.model.columns

        def sample(n: str) -> str:
            if n.startswith("α") and n[1:].isdigit():
                return "α00"  # α of one point: a few updates × η
            return self.COLUMN_SAMPLES.get(n, "−0.000")

        pad = 2 * fm.averageCharWidth()
        measured = self._widths  # (a kernel run has ~1000 columns of the same sample)
        usual = []
        for n in names:
            text = sample(n)
            width = measured.get((text, 3))
            if width is None:
                width = measured[(text, 3)] = fm.horizontalAdvance(text)
            usual.append(width + pad)
        # The most digits with which the rows in view show whole: with the usual widths
        # when they fit too (steady columns), else as wide as those rows need.
        # Wider titles than the table (a kernel run's hundreds of α columns): no digits fit,
        # so the fewest (the loop's last turn, without the turns before it).
        overflow = sum(self._title_widths(fm)) + tight * len(names) > total
        for digits in range(MIN_CELL_DIGITS if overflow else CELL_DIGITS, MIN_CELL_DIGITS - 1, -1):
            content = self._content_widths(digits, tight)
            want = [max(u, c) for u, c in zip(usual, content, strict=True)]
            if sum(want) <= total:
                break
            want = content
            if sum(want) <= total:
                break
        self.model.set_digits(digits)
        # Room to spare is shared out; a little too little, and the cells elide; much
        # too little, and the written-out columns yield (`_yielded`); the columns of
        # the points a kernel run updated, beyond MAX_ALPHA_POINTS, scroll with every
        # cell whole (its hundreds of α columns were squeezed too, and showed "α1…",
        # "9…" and "x1…").
        scale = total / max(1, sum(want))
        if scale < self.MIN_SQUEEZE and self.model.alpha_points()[0].size:
            scale = 1.0
        if scale < self.MIN_SQUEEZE:
            widths = self._yielded(want, names, total, fm.averageCharWidth() * 2 + tight)
        else:  # (no column wider than the table: a 64-feature w elides, its tooltip whole)
            widths = [min(int(w * scale), total) for w in want]
        shown = [c for c, w in enumerate(widths) if w > 0]
        if shown and sum(widths) <= total:
            widths[shown[-1]] += total - sum(widths)
        header = self.view.horizontalHeader()
        for col, width in enumerate(widths):
            if (width == 0) != header.isSectionHidden(col):  # (a column left out, `_yielded`)
                header.setSectionHidden(col, width == 0)
            if width > 0:
                header.resizeSection(col, width)

    #: Where the columns do not fit, those that yield their width (cells elided, whole
    #: in the tooltip and in Copy), a group at a time, with whether they may be left out:
    #: the decision function and the points summed (written out), then the kind of
    #: update, then w; in the averaged table w and b then go (w̄ and b̄ are its answer);
    #: then w̄. The numbers (k, point, b, c, |M|, α) keep theirs.
    YIELDING: tuple[tuple[tuple[str, ...], bool], ...] = (
        (("w·x + b", "summed"), True),
        (("update",), True),
        (("w",), False),
        (("w", "b"), True),
        (("w̄",), False),
    )

    def _yielded(self, want: list[int], names: Sequence[str], total: int, least: int) -> list[int]:
        """`want` narrowed to `total` pixels: the `YIELDING` columns give up their width
        down to `least` each, the first group first, in proportion to what they have over
        it (left out, where they may be, when even that is too much: "3x…" says
        nothing); then, if it has to be, every column in proportion. No sideways scroll
        bar: at UI scale 2 beside the canvas on 1024×768 every mode's table scrolled."""
        widths = list(want)
        over = sum(widths) - total
        for group, may_go in self.YIELDING:
            if may_go and "b" in group and self.model.AVERAGE not in names:
                continue  # (w and b go only where w̄ and b̄ stand for them)
            cols = [c for c, n in enumerate(names) if n in group and widths[c] > least]
            if may_go and "b" in group:  # (b, however narrow, goes with w)
                cols = [c for c, n in enumerate(names) if n in group and widths[c] > 0]
                if over > 0:
                    for c in cols:
                        widths[c] = 0
                    over = sum(widths) - total
                continue
            spare = sum(widths[c] - least for c in cols)
            if over <= 0 or spare <= 0:
                continue
            if may_go and over >= spare:
                for c in cols:
                    widths[c] = 0
            else:
                give = min(over, spare)
                for c in cols:
                    widths[c] -= -(-(widths[c] - least) * give // spare)  # (rounded up)
            over = sum(widths) - total
        if over > 0:
            scale = total / sum(widths)
            widths = [int(w * scale) for w in widths]
        return widths

    def _alpha_table_width(self, fm: QtGui.QFontMetrics, pad: int, points: Sequence[int]) -> int:
        """The width Table 2.2's columns (k, point, the α of `points`, b) need whole, in
        pixels: each its title's width or its last row's text's (bold), whichever is
        wider."""
        m = self.model
        bold = QtGui.QFontMetrics(m.bold_font)
        n = m.rowCount() - 1  # (the last row)
        t = self._controller.trainer
        counts = m.counts_at(n)
        width = 0
        for name, text in (
            ("k", str(n)),
            (m.POINT, fmt.point_name(max(0, t.n - 1))),
            ("b", m.cell_text(n - 1, "b") or ""),
        ):
            width += max(fm.horizontalAdvance(m.title(name)), bold.horizontalAdvance(text)) + pad
        for j, name in zip(points, _alpha_names(points), strict=True):
            text = m.alpha_text(int(counts[j]) if j < counts.size else 0, MIN_CELL_DIGITS)
            width += max(fm.horizontalAdvance(name), bold.horizontalAdvance(text)) + pad
        return width

    def _content_widths(self, digits: int, pad: int) -> list[int]:
        """Each column's widest text with `digits` significant digits, in its title, the
        rows in view and the last (bold), plus `pad` pixels."""
        model = self.model
        n = model.rowCount()
        top = max(0, self.view.rowAt(0))
        bottom = self.view.rowAt(self.view.viewport().height() - 1)
        if bottom < 0:  # below the last row, or not laid out yet: as many as fit, no more
            step = max(1, self.view.verticalHeader().defaultSectionSize())
            bottom = top + self.view.viewport().height() // step
        rows = set(range(top, min(n, bottom + 1)))
        rows.add(n - 1)
        rows.discard(-1)
        regular = QtGui.QFontMetrics(self.view.font())
        bold = QtGui.QFontMetrics(model.bold_font)
        header = QtGui.QFontMetrics(self.view.horizontalHeader().font())
        alpha_cols, points = model.alpha_points()
        alpha = self._alpha_widths(points, top, min(n - 2, bottom), n - 1, digits)
        was, model.digits = model.digits, digits  # measured, not shown yet
        try:
            out = []
            widths = self._widths
            measured = dict(zip(alpha_cols.tolist(), alpha.tolist(), strict=True))
            for col, widest in enumerate(self._title_widths(header)):
                if col in measured:  # an α column: measured by its counts, above
                    out.append(max(widest, measured[col]) + pad)
                    continue
                for row in rows:
                    text = model.display(row, col) or ""
                    last = row == n - 1
                    width = widths.get((text, last))
                    if width is None:
                        width = (bold if last else regular).horizontalAdvance(text)
                        widths[(text, last)] = width
                    widest = max(widest, width)
                out.append(widest + pad)
            return out
        finally:
            model.digits = was

    def _title_widths(self, header: QtGui.QFontMetrics) -> list[int]:
        """Each column's title's width (in the header's font)."""
        out = []
        widths = self._widths
        for name in self.model.columns:
            title = self.model.title(name)  # (`headerData`'s text, without a Qt call)
            width = widths.get((title, 2), -1)
            if width < 0:
                width = widths[(title, 2)] = header.horizontalAdvance(title)
            out.append(width)
        return out

    def _alpha_widths(
        self, points: NDArray[np.int64], top: int, bottom: int, last: int, digits: int
    ) -> NDArray[np.int64]:
        """The widest text of each α column (of these points) in rows `top` … `bottom` and
        in the last row (bold), with `digits` digits.

        A kernel run on many points has a column per support point (~1000), and a new one
        at most frames: reading every cell in view took ~0.1 s a frame. A row updates one
        point's α by η, so a column's counts over rows `top` … `bottom` are every whole
        number from its count at `top` to its count at `bottom`; each count's text is
        measured once (by count, digits and η: ``_alpha_measured``).
        """
        m = self.model
        if points.size == 0:
            return np.zeros(0, np.int64)
        out = self._count_widths(m.counts_at(last)[points], digits, bold=True)
        if top <= bottom:
            lo = m.counts_at(top)[points]
            hi = m.counts_at(bottom)[points]
            out = np.maximum(out, self._count_widths(lo, digits, bold=False))
            for i in np.flatnonzero(hi > lo).tolist():
                for count in range(int(lo[i]) + 1, int(hi[i]) + 1):
                    out[i] = max(out[i], self._count_width(count, digits, False))
        return out

    def _count_widths(
        self, counts: NDArray[np.int64], digits: int, *, bold: bool
    ) -> NDArray[np.int64]:
        """`_count_width` of each count (measured once per distinct count)."""
        distinct, where = np.unique(counts, return_inverse=True)
        widths = [self._count_width(c, digits, bold) for c in distinct.tolist()]
        return np.asarray(widths, np.int64)[where.reshape(-1)]

    def _count_width(self, count: int, digits: int, bold: bool) -> int:
        """The width of an α cell's text (count × η with `digits` digits), regular or bold."""
        key = (count, digits, self._controller.trainer.config.eta, bold)
        width = self._alpha_measured.get(key)
        if width is None:
            text = self.model.alpha_text(count, digits).replace("-", "−")
            font = self.model.bold_font if bold else self.view.font()
            width = QtGui.QFontMetrics(font).horizontalAdvance(text)
            self._alpha_measured[key] = width
        return width

    def _forget_widths(self) -> None:
        """Another language or font: every text is measured again."""
        self._widths.clear()
        self._alpha_measured.clear()

    def _on_model_reset(self) -> None:
        if self._sizing:
            self._size_columns()

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is self.view.viewport() and event.type() == QtCore.QEvent.Type.Resize:
            self._size_columns()
        return False

    def refresh(self, *, run_frame: bool = False) -> None:
        """Catch up with the trainer (new rows, fewer rows, or a new run).

        `run_frame`: a frame of a run (To end adds ~10³ rows a frame): the columns keep
        their widths and digits while the new last row fits them (its texts measured, not
        every row's in view at up to three digit counts); the run's end sizes them in full.
        """
        # Sized once, below: not also at a reset of the model, nor at the scroll to a new
        # last row (Qt would lay the rows out and scroll in an event, and the columns be
        # sized for the rows in view before, then after the scroll).
        self._sizing = False
        try:
            added = self.model.sync()
            if added > 0 and self._follow:
                self.view.scrollToBottom()
        finally:
            self._sizing = True
        if not (run_frame and added > 0 and self._last_row_fits()):
            self._size_columns()  # the rows in view decide the widths and digits
        k = self.model.updates
        self._count_label.setText(
            self.tr("1 update") if k == 1 else self.tr("{k} updates").format(k=k)
        )

    def _last_row_fits(self) -> bool:
        """Whether the last row's texts (bold) fit their columns whole as sized now."""
        model = self.model
        n = model.rowCount()
        header = self.view.horizontalHeader()
        if n < 1 or header.count() != len(model.columns):
            return False
        bold = QtGui.QFontMetrics(model.bold_font)
        fm = QtGui.QFontMetrics(header.font())
        tight = fm.averageCharWidth() // 2 + int(4 * theme().scale)  # as `_size_columns`
        alpha_cols, points = model.alpha_points()
        alpha = self._alpha_widths(points, 0, -1, n - 1, model.digits)  # the last row only
        if np.any(alpha + tight > self._section_sizes()[alpha_cols]):
            return False
        skip = set(alpha_cols.tolist())
        for col in range(len(model.columns)):
            if col in skip:
                continue
            text = model.display(n - 1, col) or ""
            if bold.horizontalAdvance(text) + tight > header.sectionSize(col):
                return False
        return True

    def _section_sizes(self) -> NDArray[np.int64]:
        """The columns' widths as sized now."""
        header = self.view.horizontalHeader()
        return np.array([header.sectionSize(c) for c in range(header.count())], np.int64)

    def _keep_up(self, change: Change) -> None:
        if change & Change.FAST_FRAME and self.isVisible():
            self.model.keep_up()

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.MODEL:
            self.refresh(run_frame=bool(change & Change.RUN_FRAME))

    def _on_scroll_value_changed(self, value: int) -> None:
        self._follow = value >= self.view.verticalScrollBar().maximum()
        if self._sizing:
            self._size_columns()  # other rows in view: whole too

    def _on_scroll_range_changed(self, _minimum: int, maximum: int) -> None:
        if self._follow:
            self.view.verticalScrollBar().setValue(maximum)

    def _copy_table(self, format: TableFormat) -> None:
        with busy_cursor():
            copy_table(self._controller.trainer, format)

    def _on_copy_clicked(self) -> None:
        with busy_cursor():
            self.copy()

    def _on_export_clicked(self) -> None:
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self,
            self.tr("Export the updates"),
            "updates.csv",
            self.tr("CSV files (*.csv);;All files (*)"),
        )
        if not path:
            return
        try:
            with busy_cursor():
                self.export_csv(path)
        except DataError as exc:
            QtWidgets.QMessageBox.warning(self, self.tr("Export CSV"), str(exc))

"""Accessibility: a name for every widget, the canvas in words, the narration announced,
the points as a table, and editing with the keyboard alone.

* **Names.** Qt's accessibility gives a screen reader each widget's accessible name and
  description. Buttons, labels and fields with a buddy label have one from their text;
  `name_widgets` gives the rest one from `NAMES` (by object name) or from what they hold
  (a dock's title, a tool tip), in the window's language, again at each language change.
* **The canvas in words.** `describe_canvas` writes the data, the line, the mistakes and
  the selected point with its score; the canvas's accessible description is that text,
  kept current at most 20 times a second during a run.
* **The narration announced.** `announce` sends Qt's announcement event (and a name
  change, for older screen readers) whenever the narration's text changes.
* **The table twin** (`PointsModel`): the points, their labels, their scores y(w·x + b) and
  whether each is a mistake, in a table the keyboard reaches (View ▸ Points as a table).
* **Keyboard editing** (`KeyboardEditor`, K): a cursor on the canvas moved by the arrow keys,
  Enter adds a point there, ] and [ select the next and previous point, Alt+arrows move it,
  L flips it, Delete removes it, Esc or K leaves.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.constants import AREA_GAP_REDUCED_S, AREA_GAP_S
from perceptron_gui.app.controller import Change
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.panels.common import RunFrameGate
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import theme

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

Qt = QtCore.Qt
#: The translation context of this module's texts.
CONTEXT = "Accessibility"
#: Names (and descriptions) of the widgets whose own text does not say what they are.
NAMES: dict[str, tuple[str, str]] = {
    "canvas": (
        QT_TRANSLATE_NOOP("Accessibility", "Data canvas"),
        QT_TRANSLATE_NOOP("Accessibility", "The points, the line w·x + b = 0 and the mistakes"),
    ),
    "timeline": (
        QT_TRANSLATE_NOOP("Accessibility", "Timeline"),
        QT_TRANSLATE_NOOP("Accessibility", "Every update so far: move it to see any of them"),
    ),
    "controlPanel": (
        QT_TRANSLATE_NOOP("Accessibility", "Controls"),
        QT_TRANSLATE_NOOP("Accessibility", "The algorithm's settings and the run's buttons"),
    ),
    "boundPanel": (
        QT_TRANSLATE_NOOP("Accessibility", "Mistakes and the bound"),
        QT_TRANSLATE_NOOP("Accessibility", "Mistakes k against visits, and (D/γ)²"),
    ),
    "proofPanel": (
        QT_TRANSLATE_NOOP("Accessibility", "The proof"),
        QT_TRANSLATE_NOOP("Accessibility", "Novikoff's two inequalities against k"),
    ),
    "iterationTable": (
        QT_TRANSLATE_NOOP("Accessibility", "Iteration table"),
        QT_TRANSLATE_NOOP("Accessibility", "k, the point updated, w and b after each update"),
    ),
    "gramTable": (
        QT_TRANSLATE_NOOP("Accessibility", "Gram matrix"),
        QT_TRANSLATE_NOOP("Accessibility", "G = [xᵢ·xⱼ]: each pair of points' dot product"),
    ),
    "lessonList": (
        QT_TRANSLATE_NOOP("Accessibility", "Scenes"),
        QT_TRANSLATE_NOOP("Accessibility", "The lesson's scenes: click one to go to it"),
    ),
    "pointsTable": (
        QT_TRANSLATE_NOOP("Accessibility", "Points as a table"),
        QT_TRANSLATE_NOOP(
            "Accessibility", "Each point, its label, its score y(w·x + b) and whether it is wrong"
        ),
    ),
}
#: A name by kind of widget, for the containers that hold no text of their own.
KIND_NAMES: tuple[tuple[type[QtWidgets.QWidget], str], ...] = (
    (QtWidgets.QMenuBar, QT_TRANSLATE_NOOP("Accessibility", "Menu bar")),
    (QtWidgets.QTabBar, QT_TRANSLATE_NOOP("Accessibility", "Tabs")),
    (QtWidgets.QSplitter, QT_TRANSLATE_NOOP("Accessibility", "Panes")),
    (QtWidgets.QSizeGrip, QT_TRANSLATE_NOOP("Accessibility", "Resize the window")),
    (QtWidgets.QStatusBar, QT_TRANSLATE_NOOP("Accessibility", "Status bar")),
    (QtWidgets.QScrollBar, QT_TRANSLATE_NOOP("Accessibility", "Scroll bar")),
    (QtWidgets.QHeaderView, QT_TRANSLATE_NOOP("Accessibility", "Column headers")),
    (QtWidgets.QListView, QT_TRANSLATE_NOOP("Accessibility", "List")),
    (QtWidgets.QAbstractItemView, QT_TRANSLATE_NOOP("Accessibility", "Table")),
    (QtWidgets.QSlider, QT_TRANSLATE_NOOP("Accessibility", "Slider")),
)
#: The property that marks a name given here (renamed at each language change).
AUTO = "perceptronAutoName"
#: The property that holds the title given here to an untitled menu.
AUTO_TITLE = "perceptronAutoTitle"
#: The preferences' key of the user's own View ▸ Reduce motion (absent: never chosen).
REDUCE_MOTION_KEY = "reduce_motion"
#: The canvas's description names each point (its coordinates and label) up to this many.
NAMED_POINTS = 12
#: Keyboard editing: the cursor's step in data units, and with Shift held.
CURSOR_STEP = 0.5
CURSOR_FINE_STEP = 0.1


def tr(text: str) -> str:
    """`text` (held in a variable: a `NAMES` entry's) in the current language."""
    return QtCore.QCoreApplication.translate(CONTEXT, text)


#: For a literal text: lupdate files ``translate("Accessibility", "…")`` under its context
#: (a literal given to `tr` it filed under none, where Qt never looked: it stayed English).
translate = QtCore.QCoreApplication.translate


def _plain(text: str) -> str:
    """A widget's text as a screen reader should say it: no & of a mnemonic, one line."""
    out = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(fmt.unglued(out).split())  # (a run title's word joiners out)


#: What each class of widget says of itself ("text", "title" or "") and the name its
#: kind gives (`KIND_NAMES`; None: none), by class: a window's ~220 widgets are of ~40
#: classes, and 1600 `isinstance` calls a naming pass were a quarter of its time.
_OWN: dict[type, str] = {}
_KIND: dict[type, str | None] = {}


def _own_kind(cls: type) -> str:
    own = _OWN.get(cls)
    if own is None:
        if issubclass(cls, QtWidgets.QAbstractButton | QtWidgets.QLabel):
            own = "text"
        elif issubclass(cls, QtWidgets.QDockWidget | QtWidgets.QToolBar):
            own = "title"
        else:
            own = ""
        _OWN[cls] = own
    return own


def _kind_name(cls: type) -> str | None:
    if cls not in _KIND:
        _KIND[cls] = next((name for kind, name in KIND_NAMES if issubclass(cls, kind)), None)
    return _KIND[cls]


def _own_text(w: QtWidgets.QWidget) -> str:
    own = _own_kind(type(w))
    if own == "text":
        return _plain(w.text())  # type: ignore[attr-defined]
    if own == "title":
        return _plain(w.windowTitle())
    return ""


def _derived_name(w: QtWidgets.QWidget) -> tuple[str, str]:
    """A name (and description) for `w`: its entry in NAMES, its kind, its tool tip, or the
    name of what holds it."""
    entry = NAMES.get(w.objectName())
    if entry is not None:
        return tr(entry[0]), tr(entry[1])
    tip = _plain(w.toolTip())
    kind = _kind_name(type(w))
    if kind is not None:
        return tr(kind), tip
    if tip:
        return tip, ""
    p = w.parentWidget()
    while p is not None:
        name = p.accessibleName() or _own_text(p)
        if name:
            return name, ""
        p = p.parentWidget()
    return translate("Accessibility", "Window"), ""


def name_widgets(root: QtWidgets.QWidget) -> int:
    """Give every widget under `root` without a text of its own an accessible name and
    description (again in the current language where this gave them); how many got one."""
    given = 0
    for w in [root, *root.findChildren(QtWidgets.QWidget)]:
        auto = bool(w.property(AUTO))
        if isinstance(w, QtWidgets.QMenu):
            # A button's menu, the menu bar's overflow: their action is read by its title.
            # (A title given here is given again; a menu's own title is never touched.)
            if not w.title() or w.title() == w.property(AUTO_TITLE):
                holder = w.parentWidget()
                own = _own_text(holder) if isinstance(holder, QtWidgets.QAbstractButton) else ""
                w.setTitle(own or translate("Accessibility", "More"))
                w.setProperty(AUTO_TITLE, w.title())
            continue
        if w.isWindow() and w.windowTitle():
            # A window is read by its title (Qt's own name for it, current as it changes).
            if auto:
                w.setAccessibleName("")
                w.setProperty(AUTO, False)
            continue
        if w.accessibleName() and not auto:
            continue
        if not auto and _own_text(w) and not isinstance(w, QtWidgets.QLabel):
            continue  # a button or a dock says its own name
        if isinstance(w, QtWidgets.QLabel) and w.text().strip():
            continue
        name, description = _derived_name(w)
        w.setAccessibleName(name)
        if description and (auto or not w.accessibleDescription()):
            w.setAccessibleDescription(description)
        w.setProperty(AUTO, True)
        given += 1
    return given


def announce(widget: QtWidgets.QWidget, text: str) -> None:
    """Tell a screen reader that `widget` now says `text` (the narration's new update)."""
    if not text:
        return
    text = text.replace("\u00a0", " ")  # the label's no-break spaces keep terms together only
    event = QtGui.QAccessibleAnnouncementEvent(widget, text)
    QtGui.QAccessible.updateAccessibility(event)
    QtGui.QAccessible.updateAccessibility(
        QtGui.QAccessibleEvent(widget, QtGui.QAccessible.Event.NameChanged)
    )


def _names(indices: Any, limit: int = 12) -> str:
    n = len(indices)  # (10⁵ mistakes: only the named few are read)
    # The language's own list comma (Chinese: 、).
    shown = translate("Accessibility", ", ", "between the names of points in a list").join(
        f"x{int(i) + 1}" for i in indices[:limit]
    )
    return shown + (
        translate("Accessibility", " and {n} more").format(n=n - limit) if n > limit else ""
    )


def describe_canvas(window: MainWindow) -> str:
    """The canvas in words: the data, the names it does not draw, the line, the mistakes
    and the selected point."""
    c = window.controller
    data = c.data
    t = c.trainer
    if data.n == 0:
        return translate("Accessibility", "No points yet.")
    labels = data.labels
    pos = int(np.count_nonzero(labels > 0))
    parts = [
        translate("Accessibility", "{n} points: {pos} labelled +1, {neg} labelled −1.").format(
            n=data.n, pos=pos, neg=data.n - pos
        )
    ]
    if data.n <= NAMED_POINTS:  # each by name (more: the points' table, Ctrl+T)
        # The joiners in the language's punctuation (Chinese: "；", "，", "。").
        point = translate("Accessibility", "x{i} = {x}, {y}", "a point, its label")
        parts.append(
            translate("Accessibility", "{points}.", "the list of the points").format(
                points=translate("Accessibility", "; ", "between the points in a list").join(
                    point.format(i=i + 1, x=fmt.vector(x), y=_label(y))
                    for i, (x, y) in enumerate(zip(data.points, labels, strict=True))
                )
            )
        )
    hidden = window.canvas.hidden_names(lay_out=False)  # (its signal says when they change)
    if hidden:
        parts.append(
            translate(
                "Accessibility",
                "Names not drawn on the canvas (no room beside their points): {names}; "
                "hover a point or see the points table (Ctrl+T).",
            ).format(names=_names(hidden))
        )
    w = t.w
    if w is not None and any(float(v) for v in w):
        parts.append(
            translate("Accessibility", "The line w·x + b = 0 with w = {w}, b = {b}.").format(
                w=fmt.vector(w), b=fmt.sci(t.b)
            )
        )
    elif w is not None:
        parts.append(translate("Accessibility", "No line yet (w = 0)."))
    wrong = t.misclassified()
    if len(wrong):
        parts.append(
            translate("Accessibility", "{n} misclassified: {names}.").format(
                n=len(wrong), names=_names(wrong)
            )
        )
    else:
        parts.append(translate("Accessibility", "Every point is on its side."))
    selected = describe_selected(window)
    if selected:
        parts.append(selected)
    return join_sentences(parts)


#: Sentence ends after which no space follows (Chinese and Japanese full-width punctuation).
_WIDE_STOPS = "。！？；：）"


def join_sentences(sentences: list[str]) -> str:
    """`sentences` one after the other: a space after ``.`` but none after ``。``."""
    out = ""
    for s in sentences:
        out += s if not out or out.endswith(tuple(_WIDE_STOPS)) else " " + s
    return out


def describe_selected(window: MainWindow) -> str:
    """The selected point in words, with its score (empty when none is selected)."""
    data = window.controller.data
    sel = [int(i) for i in window.canvas.selected_indices() if i < data.n]
    if not sel:
        return ""
    i = sel[0]
    score = float(window.controller.trainer.margins()[i])
    return translate("Accessibility", "Selected: x{i} = {x}, label {y}, y(w·x + b) = {s}.").format(
        i=i + 1, x=fmt.vector(data.points[i]), y=_label(data.labels[i]), s=fmt.sci(score)
    )


class PointsModel(QtCore.QAbstractTableModel):
    """The canvas as a table: point, x1, x2, label, y(w·x + b), wrong or not (read lazily)."""

    HEADERS = (
        QT_TRANSLATE_NOOP("Accessibility", "point"),
        "x1",
        "x2",
        QT_TRANSLATE_NOOP("Accessibility", "label y"),
        "y(w·x + b)",
        QT_TRANSLATE_NOOP("Accessibility", "mistake"),
    )

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.window_ = window
        self._points = np.zeros((0, 2))
        self._labels = np.zeros(0)
        self._scores = np.zeros(0)

    def refresh(self) -> None:
        c = self.window_.controller
        self.beginResetModel()
        self._points = c.data.points
        self._labels = c.data.labels
        self._scores = np.asarray(c.trainer.margins(), dtype=np.float64)
        self.endResetModel()

    def rowCount(self, parent: Any = None) -> int:  # noqa: N802 (Qt override)
        return 0 if parent is not None and parent.isValid() else int(self._labels.shape[0])

    def columnCount(self, parent: Any = None) -> int:  # noqa: N802 (Qt override)
        return len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:  # noqa: N802
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return tr(self.HEADERS[section])
        return None

    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, role: int = 0) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        i, col = index.row(), index.column()
        if col == 0:
            return f"x{i + 1}"
        if col in (1, 2):
            return fmt.sci(self._points[i, col - 1])
        if col == 3:
            return _label(self._labels[i])
        score = float(self._scores[i])
        if col == 4:
            return fmt.sci(score) if math.isfinite(score) else "—"
        return (
            translate("Accessibility", "wrong ×")
            if score <= 0
            else translate("Accessibility", "right ✓")
        )


class KeyboardEditor(QtCore.QObject):
    """Editing the points with the keyboard alone (K toggles it; see the module notes).

    While it is on the canvas has the focus and this object claims the keys it uses from
    the window's shortcuts (the arrows move the cursor, not the timeline); every edit goes
    through the controller, so each can be undone. Each of these keys is announced to a
    screen reader: where the cursor is, the point added, the point selected or moved.
    """

    def __init__(self, window: MainWindow, frame: FocusFrame) -> None:
        super().__init__(window)
        self.w = window
        self._frame = frame
        self.on = False
        self._actions: list[QtGui.QAction] = []
        self.cursor = (0.0, 0.0)
        #: The cursor's cross on the canvas, made when keyboard editing is first turned on.
        self._mark: pg.ScatterPlotItem | None = None
        window.canvas.installEventFilter(self)
        theme().changed.connect(self._draw)

    @property
    def mark(self) -> pg.ScatterPlotItem:
        """The cursor's cross (made now if it was not yet: over every other item)."""
        if self._mark is None:
            self._mark = pg.ScatterPlotItem(pxMode=True)
            self._mark.setZValue(1e6)
            self._mark.hide()
            self.w.canvas.getPlotItem().addItem(self._mark, ignoreBounds=True)
        return self._mark

    def toggle(self, on: bool | None = None) -> None:
        """Keyboard editing on or off (K); on, the cursor starts at the view's centre."""
        on = not self.on if on is None else bool(on)
        if on == self.on:
            return
        self.on = on
        if on:
            x0, x1, y0, y1 = self.w.canvas.view_range()
            self.cursor = (_snap((x0 + x1) / 2), _snap((y0 + y1) / 2))
            self.w.canvas.setFocus(Qt.FocusReason.ShortcutFocusReason)
            self._frame.show_frame()  # (also when the canvas had the focus already)
            self.w.statusBar().showMessage(
                translate(
                    "Accessibility",
                    # (Esc first, and short: whole beside the busy label at 1024×768)
                    "Keyboard editing (Esc leaves): arrows move, Enter adds, ] [ select, "
                    "Alt+arrows move it, L flips, Delete removes",
                )
            )
        else:
            self.w.statusBar().clearMessage()
        self.w.act_keyboard_edit.setChecked(on)
        for a in self._actions:
            a.setEnabled(on)
        self._draw()

    def _draw(self) -> None:
        if not self.on:
            if self._mark is not None:
                self._mark.hide()
            return
        self.mark.show()
        th = theme()
        # An ink cross outlined in the ground's colour: it stands out over the arrows and
        # rings drawn in ink too.
        pen = pg.mkPen(th.color("background"), width=th.line(1.5))
        self.mark.setData(
            [self.cursor[0]],
            [self.cursor[1]],
            symbol="+",
            size=th.marker * 1.8,
            pen=pen,
            brush=pg.mkBrush(th.color("ink")),
        )

    def _keys(self) -> dict[int, Any]:
        return {
            Qt.Key.Key_Left: (-1, 0),
            Qt.Key.Key_Right: (1, 0),
            Qt.Key.Key_Up: (0, 1),
            Qt.Key.Key_Down: (0, -1),
        }

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if not self.on:
            return False
        kind = event.type()
        if kind not in (QtCore.QEvent.Type.ShortcutOverride, QtCore.QEvent.Type.KeyPress):
            return False
        assert isinstance(event, QtGui.QKeyEvent)
        key = event.key()
        mods = event.modifiers()
        claimed = key in self._keys() or key in (
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
            Qt.Key.Key_BracketRight,
            Qt.Key.Key_BracketLeft,
            Qt.Key.Key_Escape,
        )
        if not claimed:
            return False  # L, Delete, +, −, K, Ctrl+Z: the window's own actions
        if kind == QtCore.QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        self._press(key, mods)
        return True

    def _press(self, key: int, mods: Qt.KeyboardModifier) -> None:
        move = self._keys().get(key)
        if move is not None:
            fine = bool(mods & Qt.KeyboardModifier.ShiftModifier)
            step = CURSOR_FINE_STEP if fine else CURSOR_STEP
            if mods & Qt.KeyboardModifier.AltModifier:
                self.move_selected(move[0], move[1], fine=fine)
            else:
                x, y = self.cursor[0] + move[0] * step, self.cursor[1] + move[1] * step
                self.cursor = (round(x, 10), round(y, 10))
                self._say(
                    translate("Accessibility", "Cursor at ({x1}, {x2}).").format(
                        x1=fmt.sci(self.cursor[0]), x2=fmt.sci(self.cursor[1])
                    )
                )
                self._ensure_visible()
                self._draw()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.add_at_cursor()
        elif key in (Qt.Key.Key_BracketRight, Qt.Key.Key_BracketLeft):
            self.select_next(1 if key == Qt.Key.Key_BracketRight else -1)
        elif key == Qt.Key.Key_Escape:
            self.toggle(False)

    def attach(self, actions: list[QtGui.QAction]) -> None:
        """Edit ▸ Keyboard editing's items (Enter, ] and [, Alt+arrows): shown with their
        keys in the menu, enabled while keyboard editing is on. Their keys work on the canvas
        only (this object takes them there), so Enter in a field stays the field's. And L
        and Delete, the window's own actions, are announced too while it is on."""
        self._actions = actions
        canvas = self.w.canvas
        for a in actions:
            a.setEnabled(self.on)
            self.w.removeAction(a)
            a.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            canvas.addAction(a)
        # (connected after the actions' own slots: said once the edit is made)
        self.w.act_flip.triggered.connect(self._said_flip)
        self.w.act_delete.triggered.connect(self._said_delete)

    def _said_flip(self) -> None:
        if self.on:
            self._say(describe_selected(self.w))

    def _said_delete(self) -> None:
        if self.on:
            self._say(
                translate("Accessibility", "Deleted; points left: {n}.").format(
                    n=self.w.controller.data.n
                )
            )

    def add_at_cursor(self) -> None:
        """Enter: a point of the chosen class (+ / −) at the cursor."""
        if self.w._click_editing_off():  # (not two features: the canvas says why)
            return
        x, y = self.cursor
        label = self.w.canvas.add_label
        if self.w.controller.add_point(x, y, label):
            self._say(
                translate("Accessibility", "Added x{i} = ({x1}, {x2}), label {y}.").format(
                    i=self.w.controller.data.n, x1=fmt.sci(x), x2=fmt.sci(y), y=_label(label)
                )
            )
        self._draw()

    def move_selected(self, dx: int, dy: int, *, fine: bool = False) -> None:
        """Alt+arrows: the selected point moved by (dx, dy) steps of the cursor (the cursor
        with it)."""
        sel = self.w.canvas.selected_indices()
        if len(sel) != 1 or self.w._click_editing_off():
            return
        i = int(sel[0])
        step = CURSOR_FINE_STEP if fine else CURSOR_STEP
        px, py = self.w.controller.data.points[i]
        nx, ny = round(float(px) + dx * step, 10), round(float(py) + dy * step, 10)
        if self.w.controller.move_point(i, nx, ny):
            self.cursor = (nx, ny)
            self._say(describe_selected(self.w))
            self._ensure_visible()
        self._draw()

    def select_next(self, direction: int = 1) -> None:
        """] (1) and [ (−1): the next or previous point selected, the cursor on it."""
        n = self.w.controller.data.n
        if n == 0:
            return
        sel = self.w.canvas.selected_indices()
        i = (int(sel[0]) + direction) % n if len(sel) else (0 if direction > 0 else n - 1)
        self.w.canvas.set_selection([i])
        self.w.canvas.selection_changed.emit([i])  # (as a click's: the description follows)
        x, y = self.w.canvas.points()[i]  # (where the canvas shows it, whatever its d)
        self.cursor = (float(x), float(y))
        self._ensure_visible()
        self._say(describe_selected(self.w))
        self._draw()

    def _say(self, text: str) -> None:
        """`text` announced to a screen reader (`announce`)."""
        announce(self.w.canvas, text)

    def _ensure_visible(self) -> None:
        x0, x1, y0, y1 = self.w.canvas.view_range()
        x, y = self.cursor
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            w, h = x1 - x0, y1 - y0
            self.w.canvas.set_view_range(x - w / 2, x + w / 2, y - h / 2, y + h / 2)

    def state(self) -> list[float] | None:
        return None if not self.on else [self.cursor[0], self.cursor[1]]


def _depth(w: QtWidgets.QWidget) -> int:
    n = 0
    p = w.parentWidget()
    while p is not None:
        n += 1
        p = p.parentWidget()
    return n


def _reading_order(boxes: dict[int, QtCore.QRect]) -> list[int]:
    """The keys of `boxes` in reading order: rows from the top (a box joins the row of the
    first box whose height it shares more than half of), left to right in a row."""
    rows: list[list[int]] = []
    for key in sorted(boxes, key=lambda k: (boxes[k].top(), boxes[k].left())):
        box = boxes[key]
        for row in rows:
            first = boxes[row[0]]
            shared = min(box.bottom(), first.bottom()) - max(box.top(), first.top())
            if shared > 0.5 * min(box.height(), first.height()):
                row.append(key)
                break
        else:
            rows.append([key])
    return [key for row in rows for key in sorted(row, key=lambda k: boxes[k].left())]


def _label(y: float) -> str:
    return "+1" if y > 0 else "−1"


def _snap(v: float) -> float:
    return round(v / CURSOR_STEP) * CURSOR_STEP


def motion_hints(style_hints: QtGui.QStyleHints) -> QtCore.QObject | None:
    """Qt's accessibility hints if they carry the system's motion preference
    (``QAccessibilityHints.motionPreference``, Qt 6.12 and later), else None. (The caller
    keeps `style_hints`: PySide invalidates the hints' wrapper with its parent's.)"""
    hints = style_hints.accessibility()
    return hints if hasattr(hints, "motionPreference") else None


def system_reduces_motion(hints: QtCore.QObject | None) -> bool | None:
    """Whether the system asks for reduced motion, as `hints` (from `motion_hints`) report
    it; None when Qt does not report it."""
    read = getattr(hints, "motionPreference", None)
    if read is None:
        return None
    return getattr(read(), "name", "") == "ReducedMotion"


class FocusFrame(QtWidgets.QWidget):
    """The canvas's focus shown (WCAG 2.4.7): a frame in the theme's ink round the canvas
    while the keyboard put the focus there (Tab, Shift+Tab, K), none after a click."""

    #: The focus reasons that show the frame.
    KEYBOARD = (
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
        Qt.FocusReason.ShortcutFocusReason,
    )

    def __init__(self, target: QtWidgets.QWidget) -> None:
        super().__init__(target)
        self.setObjectName("canvasFocusFrame")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()
        self._target = target
        target.installEventFilter(self)
        if isinstance(target, QtWidgets.QAbstractScrollArea):
            target.viewport().installEventFilter(self)  # (its clicks)
        theme().changed.connect(self.update)

    def width_px(self) -> int:
        return max(2, round(2 * theme().scale))

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QtCore.QEvent.Type.FocusIn:
            assert isinstance(event, QtGui.QFocusEvent)
            if event.reason() in self.KEYBOARD:
                self.show_frame()
        elif kind == QtCore.QEvent.Type.FocusOut:
            self.hide()
        elif kind == QtCore.QEvent.Type.MouseButtonPress:
            self.hide()  # a click: the pointer is where the user looks
        elif kind == QtCore.QEvent.Type.Resize:
            self.setGeometry(self._target.rect())
        return False

    def show_frame(self) -> None:
        """Show the frame (the keyboard put the focus on the canvas, or K found it there)."""
        self.setGeometry(self._target.rect())
        self.raise_()
        self.show()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        painter = QtGui.QPainter(self)
        width = self.width_px()
        pen = QtGui.QPen(theme().color("ink"), width)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        half = width / 2
        painter.drawRect(QtCore.QRectF(self.rect()).adjusted(half, half, -half, -half))
        painter.end()


class _ChartInterface(QtWidgets.QAccessibleWidget):
    """The canvas to a screen reader: a chart (Qt gives a plain widget the role of a
    layout filler, which screen readers may pass over), named and described as the widget."""

    def __init__(self, widget: QtWidgets.QWidget) -> None:
        super().__init__(widget, QtGui.QAccessible.Role.Chart)


def _chart_factory(key: str, obj: QtCore.QObject) -> QtGui.QAccessibleInterface | None:
    if isinstance(obj, QtWidgets.QWidget) and obj.property(CHART) is True:
        return _ChartInterface(obj)
    return None


#: The property that marks a widget read as a chart (see `show_as_chart`).
CHART = "perceptronAccessibleChart"
_chart_factory_installed = False


def show_as_chart(widget: QtWidgets.QWidget) -> None:
    """Let screen readers read `widget` as a chart (Qt's accessible role Chart)."""
    global _chart_factory_installed
    widget.setProperty(CHART, True)
    if not _chart_factory_installed:
        QtGui.QAccessible.installFactory(_chart_factory)
        _chart_factory_installed = True


class _Relay(QtCore.QObject):
    """Calls `callback` when `fire` is called, while its parent lives."""

    def __init__(self, parent: QtCore.QObject, callback: Any) -> None:
        super().__init__(parent)
        self._callback = callback

    def fire(self, *_: object) -> None:
        self._callback()


class _NameLate(QtCore.QObject):
    """Names a widget the window makes after `name_widgets` ran (a dock area's tab bar)."""

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if event.type() == QtCore.QEvent.Type.ChildPolished:
            assert isinstance(event, QtCore.QChildEvent)
            child = event.child()
            if isinstance(child, QtWidgets.QWidget) and not child.accessibleName():
                name_widgets(child)
        return False


class Accessibility:
    """A part of `MainWindow`: names, the canvas's description, the narration's
    announcements, the table twin and keyboard editing."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.points_model = PointsModel(window)
        # The table is made when its dock is first shown (View ▸ Points as a table, Ctrl+T)
        # or `points_view` is asked for (PanelSlot), not with the window.
        self._points_slot = window.panes.slot("points_view", self._make_points_view)
        self.points_dock = window.panes.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Points as a table"),
            self._points_slot,
            Qt.DockWidgetArea.BottomDockWidgetArea,
            "pointsDock",
        )
        self.points_dock.hide()
        self.points_dock.visibilityChanged.connect(self._on_points_shown)
        window.canvas.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches the canvas
        self.focus_frame = FocusFrame(window.canvas)  # ... and shows it has the focus
        self.editor = KeyboardEditor(window, self.focus_frame)
        self._description = ""
        self._base_animation_ms: int | None = None
        gate = RunFrameGate(window.canvas, self._on_changed)
        window.controller.changed.connect(gate.on_changed)
        window.canvas.selection_changed.connect(lambda _: self.update_description())
        window.canvas.names_hidden_changed.connect(lambda _: self.update_description())
        show_as_chart(window.canvas)
        # The window makes some widgets late (the tab bars of docks put together): named then
        # (from `name_late`, once the window is made: until then `retranslate` names them all
        # at once; the filter named each dock's whole tree as it was added, ~10 ms a window).
        self._late = _NameLate(window)

    def _make_points_view(self) -> QtWidgets.QTableView:
        view = named(QtWidgets.QTableView(), "pointsTable")
        view.setModel(self.points_model)
        view.setTabKeyNavigation(False)
        view.horizontalHeader().setStretchLastSection(True)
        view.verticalHeader().hide()
        return view

    @property
    def points_view(self) -> QtWidgets.QTableView:
        """The points' table (made now if it was not yet)."""
        view = self._points_slot.panel()
        assert isinstance(view, QtWidgets.QTableView)
        return view

    def focus_order(self) -> list[QtWidgets.QWidget]:
        """The widgets Tab reaches, in the order the window is laid out now: its regions (the
        canvas's, each docked panel) in reading order, row by row and left to right in a
        row, each region's controls together in Qt's order; only what is in sight (Qt parks
        a docks' tab bar not in use outside the window, shown)."""
        w = self.w
        inside = w.rect()
        tabbable: list[QtWidgets.QWidget] = []
        x: QtWidgets.QWidget | None = w.nextInFocusChain()
        for _ in range(100_000):
            if x is None or x is w:
                break
            if (
                x.focusPolicy() & Qt.FocusPolicy.TabFocus
                and x.focusProxy() is None
                and x.window() is w
                and x.isVisible()
                and x.isEnabled()
                and inside.intersects(QtCore.QRect(x.mapTo(w, QtCore.QPoint(0, 0)), x.size()))
            ):
                tabbable.append(x)
            x = x.nextInFocusChain()
        central = w.centralWidget()
        regions: list[QtWidgets.QWidget] = [central] if central is not None else []
        regions += [
            d for d in w.findChildren(QtWidgets.QDockWidget) if d.isVisible() and not d.isFloating()
        ]
        groups: dict[int, list[QtWidgets.QWidget]] = {}
        boxes: dict[int, QtCore.QRect] = {}
        for x in tabbable:
            region = next((r for r in regions if r is x or r.isAncestorOf(x)), x)
            key = id(region)
            if key not in groups:
                groups[key] = []
                boxes[key] = QtCore.QRect(region.mapTo(w, QtCore.QPoint(0, 0)), region.size())
            groups[key].append(x)
        return [x for key in _reading_order(boxes) for x in groups[key]]

    def next_focus(self, forward: bool) -> QtWidgets.QWidget | None:
        """Where Tab (`forward`) or Shift+Tab goes from the focus now (see `focus_order`);
        None when the focus is outside the order (Qt's own chain then)."""
        order = self.focus_order()
        focus = self.w.focusWidget()
        if not order or focus is None:
            return order[0] if order else None
        here = next((i for i, x in enumerate(order) if x is focus), None)
        if here is None:  # (in a widget of its own: the nearest of its holders in the order)
            holders = [i for i, x in enumerate(order) if x.isAncestorOf(focus)]
            if not holders:
                return None
            here = max(holders, key=lambda i: _depth(order[i]))
        return order[(here + (1 if forward else -1)) % len(order)]

    def name_late(self) -> None:
        """From now on, name the widgets the window makes (the window is made and named)."""
        self.w.installEventFilter(self._late)
        self.w.menuBar().installEventFilter(self._late)  # its overflow menu, made when narrow

    def wire(self, points_table: QtGui.QAction, reduce_motion: QtGui.QAction) -> None:
        """The View menu's checks in step with the dock; the motion preference: the user's
        own choice (remembered) or else the system's, where Qt reports it."""
        self.points_dock.toggleViewAction().toggled.connect(points_table.setChecked)
        self._reduce_action = reduce_motion
        self._style_hints = QtGui.QGuiApplication.styleHints()
        hints = self._motion_hints = motion_hints(self._style_hints)
        if hints is not None:
            # (through a child of the window: the connection ends with the window, while
            # the hints live as long as the application)
            relay = _Relay(self.w, self._follow_system)
            hints.motionPreferenceChanged.connect(relay.fire)  # type: ignore[attr-defined]
        self._follow_system()

    def _follow_system(self) -> None:
        """Reduce motion as the user chose it (View ▸ Reduce motion, remembered), or when
        they never chose, as the system asks (Qt ≥ 6.12 reports it; else motion stays)."""
        chosen = preferences().value(REDUCE_MOTION_KEY)
        if chosen is not None:
            on = str(chosen).lower() in ("true", "1")
        else:
            on = bool(system_reduces_motion(self._motion_hints))
        if on != self._reduce_action.isChecked() or self._base_animation_ms is None:
            self._reduce_action.setChecked(on)
            self._apply_reduce_motion(on)

    def set_reduce_motion(self, on: bool) -> None:
        """View ▸ Reduce motion chosen by the user: applied and remembered (it wins over the
        system's preference from now on)."""
        self._apply_reduce_motion(on)
        preferences().setValue(REDUCE_MOTION_KEY, bool(on))

    def _apply_reduce_motion(self, on: bool) -> None:
        """No slow motion (each update drawn at once), and a run's regions changed at most
        once a second; or the slow motion and the regions' own pace back."""
        w = self.w
        if self._base_animation_ms is None:
            self._base_animation_ms = w._animation_ms
        w._animation_ms = 0 if on else self._base_animation_ms
        w.canvas.animation_ms = w._animation_ms
        # ... and a run changes the regions and tints at most once a second (not 3 times).
        w.canvas.area_gap = AREA_GAP_REDUCED_S if on else AREA_GAP_S

    def _on_changed(self, change: Change) -> None:
        self.update_description()
        if self.points_dock.isVisible():
            self._refresh_table()

    def _on_points_shown(self, shown: bool) -> None:
        if shown:
            self._refresh_table()

    def _refresh_table(self) -> None:
        self.points_model.refresh()

    def update_description(self) -> None:
        text = describe_canvas(self.w)
        if text != self._description:
            self._description = text
            self.w.canvas.setAccessibleDescription(text)

    def retranslate(self) -> None:
        name_widgets(self.w)
        self._description = ""
        self.update_description()
        self.points_model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, self.points_model.columnCount() - 1
        )

    def show_points_table(self, on: bool = True) -> None:
        """View ▸ Points as a table: the dock shown (and the table focused) or hidden."""
        self.points_dock.setVisible(bool(on))
        if on:
            self._refresh_table()
            self.points_view.setFocus()

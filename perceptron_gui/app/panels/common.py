"""What the panels share: themed axes and labels, a busy cursor, the run-frame gate."""

from __future__ import annotations

import math
import re
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import pyqtgraph as pg
import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.controller import Change
from perceptron_gui.app.format import JOINER, glue_words
from perceptron_gui.app.theme import LABEL_PT, TICK_PT, theme
from perceptron_gui.app.words import WordsLabel

Qt = QtCore.Qt
#: Qt's "no maximum" for a widget size.
QWIDGETSIZE_MAX = (1 << 24) - 1
#: During a run a panel refreshes at most this often (20 Hz); the canvas gets every frame.
PANEL_SECONDS = 0.05
#: A screen less than this many pixels high at scale 1 (its height over the UI scale) is
#: short: the table keeps room for `IterationTable.SHORT_ROWS` rows only, the bound's
#: readout is smaller and the bottom docks' titles run down their sides.
SHORT_SCREEN = 700


def short_screen(widget: QtWidgets.QWidget) -> bool:
    """True when `widget`'s screen is short for the UI scale (1080 px at scale 2)."""
    screen = widget.screen() or QtGui.QGuiApplication.primaryScreen()
    return screen is not None and screen.availableGeometry().height() / theme().scale < (
        SHORT_SCREEN
    )


class RunFrameGate(QtCore.QObject):
    """Between the controller's `changed` and a panel: the frames of a run at most 20 Hz.

    An emission with ``Change.RUN_FRAME`` (see the controller's notes) reaches the
    panel only when the panel is visible and `PANEL_SECONDS` have passed since it last
    refreshed; every other emission passes at once. A panel that skipped a frame while
    hidden (a tab in the back, a closed dock) catches up when it is shown, and every
    panel catches up at the plain ``MODEL`` the controller sends when a run stops.

    A frame of a run as fast as the screen shows (``Change.FAST_FRAME``: To end, the
    fastest speed) is a frame whose training fills the rest of the turn: there the panels
    take turns, one a frame (`PANEL_TURNS`): a due panel joins a queue, and the turn after
    the frame refreshes the one that waited longest. Refreshed all in the same frame, they
    made every frame of a run at 10⁵-10⁶ updates a second one long turn (the table, the
    bound's plot, the readouts and their paints: 20-35 ms of a 70-80 ms frame).

    An emission with ``Change.LARGE`` (a new data set of many points) reaches the panel
    in an event-loop turn of its own, after the canvas has painted the points: opening
    3·10⁵ points was one 0.1-0.17 s turn of the canvas and every panel together. Any
    other emission before that turn takes it along; `catch_up` delivers at once.

    Parameters
    ----------
    widget
        The panel (its visibility decides; the gate lives as long as it does).
    on_changed
        The panel's handler of `Controller.changed`.
    """

    _made = 0  # gates made so far: each takes another phase of the 20 Hz beat
    _waiting: weakref.WeakSet[RunFrameGate] = weakref.WeakSet()  # (see `catch_up`)
    #: The gates waiting for their turn in fast frames, the longest waiting first.
    _turns: list[weakref.ref[RunFrameGate]] = []
    _turn_due = False  # a turn is asked for (see `_serve_turn`)
    #: Refreshes made in turns (for tests: the fast frames' panel work).
    turns_served = 0

    def __init__(self, widget: QtWidgets.QWidget, on_changed: Callable[[Change], None]) -> None:
        super().__init__(widget)
        # Weakly: the gate lives as long as the widget (its Qt parent), and a strong
        # reference back would keep a closed panel alive after its window is gone.
        self._handler = weakref.WeakMethod(on_changed)
        self._last = -math.inf
        self._skipped = False
        self._deferred = Change.NONE  # a LARGE emission not delivered yet
        # Panels refreshed in the same frame would make one long frame every 50 ms: each
        # gate is shifted by a different part of the period, so they take turns.
        self._phase = (RunFrameGate._made * 0.3 % 1.0) * PANEL_SECONDS
        RunFrameGate._made += 1
        # The widget's Show is watched from the first frame skipped on (`_skip`): until
        # then there is nothing to catch up with (a window's making sent ~90 events here).
        self._watching = False

    def on_changed(self, change: Change) -> None:
        """The slot to connect to `Controller.changed`."""
        if change & Change.LARGE:
            if not self._deferred:
                QtCore.QTimer.singleShot(0, self, self.deliver)
                RunFrameGate._waiting.add(self)
            self._deferred |= change
            return
        if self._deferred:
            change |= self._deferred
            change &= ~Change.RUN_FRAME  # (with the data set: a refresh in full)
            self._deferred = Change.NONE
        if change & Change.RUN_FRAME:
            now = time.perf_counter()
            widget = self.parent()
            if not isinstance(widget, QtWidgets.QWidget) or not widget.isVisible():
                self._skip()
                self._leave_turns()
                return
            if now - self._last < PANEL_SECONDS:
                self._skip()
                return
            if change & Change.FAST_FRAME:
                self._skip()
                self._take_turn()
                return
            self._last = now
        else:
            self._last = time.perf_counter() - self._phase
            self._leave_turns()
        self._skipped = False
        self._call(change)

    def _skip(self) -> None:
        """A frame not shown: the panel catches up when next shown (`eventFilter`)."""
        self._skipped = True
        if not self._watching:
            self._watching = True
            widget = self.parent()
            if widget is not None:
                widget.installEventFilter(self)

    def _take_turn(self) -> None:
        """Wait in the queue for a turn of its own (see the class notes)."""
        turns = RunFrameGate._turns
        if not any(r() is self for r in turns):
            turns.append(weakref.ref(self))
        if not RunFrameGate._turn_due:
            RunFrameGate._turn_due = True
            QtCore.QTimer.singleShot(0, RunFrameGate._serve_turn)

    def _leave_turns(self) -> None:
        RunFrameGate._turns = [r for r in RunFrameGate._turns if r() not in (self, None)]

    @staticmethod
    def _serve_turn() -> None:
        """Refresh the gate that waited longest (one a turn, after the frame)."""
        RunFrameGate._turn_due = False
        turns = RunFrameGate._turns
        while turns:
            gate = turns.pop(0)()
            if gate is None or not gate._skipped or not shiboken6.isValid(gate):
                continue  # gone, or refreshed meanwhile by a plain emission
            widget = gate.parent()
            if not isinstance(widget, QtWidgets.QWidget) or not widget.isVisible():
                continue  # hidden meanwhile: it catches up when shown
            gate._last = time.perf_counter()
            gate._skipped = False
            RunFrameGate.turns_served += 1
            gate._call(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
            break

    def deliver(self) -> None:
        """Pass on the LARGE emission held back, if any."""
        change, self._deferred = self._deferred, Change.NONE
        RunFrameGate._waiting.discard(self)
        if change:
            self.on_changed(change & ~Change.LARGE)

    def _call(self, change: Change) -> None:
        handler = self._handler()
        if handler is not None:
            handler(change)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if event.type() == QtCore.QEvent.Type.Show and self._skipped:
            self._skipped = False
            # After the show has finished (sizes known), in a tick of its own.
            QtCore.QTimer.singleShot(0, self, lambda: self._call(Change.MODEL))
        return False


def catch_up() -> None:
    """Deliver at once every emission a `RunFrameGate` holds back for a turn of its own
    (a script reading the panels right after loading a large data set)."""
    for gate in list(RunFrameGate._waiting):
        gate.deliver()


class SteadyFrame(QtWidgets.QWidget):
    """A frame for a label whose text changes at every frame of a run.

    `QLabel.setText` always asks for a new layout (``updateGeometry``). In a layout the
    request goes up to the window, which then lays out and repaints every dock: during
    a run at full speed that was a quarter of each frame (scripts/bench_run.py). The
    label sits in this frame, which has no layout; the frame passes the request on only
    when the label needs a size the frame does not have: a longer line, one line more or
    fewer. A shorter line keeps the frame as it is, so the layout does not jitter as
    digits come and go.

    Parameters
    ----------
    label
        The label (its parent becomes the frame; it fills the frame).
    """

    def __init__(self, label: QtWidgets.QLabel) -> None:
        super().__init__()
        self.label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._wanted = (0, 0)

    def take_back(self) -> None:
        """Hold the label again after it was shown elsewhere (presentation mode)."""
        self.label.setParent(self)
        self.label.setGeometry(self.rect())
        self.label.show()
        self.show()
        self._wanted = (0, 0)
        self.updateGeometry()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return self.label.sizeHint()

    def minimumSizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        return self.label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self.label.heightForWidth(width)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        # Only while it holds the label: lent out (presentation's readout over the canvas),
        # a grab of the window sent this hidden frame its pending first resize (640×480)
        # and the readout took that size, the canvas's band with it (the plots vanished).
        if self.label.parentWidget() is self:
            self.label.setGeometry(self.rect())

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        # Hidden, the label's requests did not reach the frame (Qt sends none for a
        # hidden parent): ask again with what the text needs now.
        self._wanted = (0, 0)
        self.updateGeometry()
        super().showEvent(event)

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.LayoutRequest:
            wanted = self._wanted_size()
            if wanted != self._wanted:
                self._wanted = wanted
                self.updateGeometry()
                # The room now, in this turn: the request alone posts the parent's layout
                # a request of its own, and one already queued before this one (a first
                # show's) was taken in this turn without it, so the text stayed cut for a
                # whole turn: with the digits the first paint of 64-D data, ~0.5 s. The
                # parent's layout shares its present size out again (cheap: the label grew
                # rarely); the rest of the window follows on the posted request as before.
                parent = self.parentWidget()
                layout = parent.layout() if parent is not None else None
                if layout is not None:
                    layout.activate()
            return True
        return super().event(event)

    def _wanted_size(self) -> tuple[int, int]:
        """(width, height) the label needs: its hint's width if wider than the frame."""
        lab = self.label
        width = self.width()
        if lab.hasHeightForWidth():
            return (max(width, lab.minimumSizeHint().width()), lab.heightForWidth(width))
        hint = lab.sizeHint()
        return (max(width, hint.width()), hint.height())


class SteadyLabel(QtWidgets.QLabel):
    """A word-wrapped label of a fixed number of lines: a longer text is elided (…), the
    full text is in the tooltip and in :meth:`text`, so the layout around it never moves.

    Parameters
    ----------
    lines
        The lines it always has (None: as many as the text needs, as a plain QLabel).
    shrink
        A text that does not fit is shown in smaller type, down to this fraction of the
        label's font (1: never smaller), when that makes it fit; one too long even then
        is elided in the label's font. The height stays that of the label's font.
    most
        With `lines` None: as many lines as the text needs up to this many, the rest
        elided (a lesson's 300-character title or 4000-character caption neither widens
        nor lengthens the window; a word longer than the width is broken anywhere).
    grow
        With `condensable`: a text that fits its lines neither in smaller type nor in
        fewer words takes more lines, up to this many, and the label keeps them while
        its width and font stay (its height does not jump back and forth from step to
        step); one too long even then is elided.
    """

    #: The full text changed (the narration is announced to screen readers from it).
    text_changed = QtCore.Signal(str)

    def __init__(
        self,
        lines: int | None = 2,
        parent: QtWidgets.QWidget | None = None,
        *,
        shrink: float = 1.0,
        most: int | None = None,
        grow: int | None = None,
    ) -> None:
        super().__init__(parent)
        self._lines = lines
        self._grow = grow
        self._extra = 0  # (lines taken beyond `lines` for a long text: `grow`)
        self._width = -1  # (the width the extra lines were taken at)
        self._most = most if lines is None else None
        self._shown_lines = 1  # (with `most`: the lines shown now)
        self._full = ""
        self._shrink = shrink
        self._base_font: QtGui.QFont | None = None  # the font given (shown when it fits)
        self._fitting = False
        #: A text too long for the lines may be said in fewer words (`condense`): the
        #: narration's chains of "=" go straight to their results.
        self.condensable = False
        #: With `most`: a word wider than the label is elided, not broken (a readout's
        #: glued terms: never a number over two lines).
        self.whole_words = False
        #: With `grow`: in its most lines a text may be set down to this fraction of the
        #: label's type (a smaller share of the window than another line).
        self.last_shrink = shrink
        # (with `most`, the lines are broken here, never again by the label: no slack)
        self.setWordWrap(self._most is None)
        self.setTextFormat(Qt.TextFormat.PlainText)

    def setFont(self, font: QtGui.QFont | str | Sequence[str]) -> None:  # noqa: N802 (Qt's name)
        """The label's font: its height, and its type when the text fits."""
        self._base_font = QtGui.QFont(font)
        self._extra = 0
        super().setFont(self._base_font)
        self._fit()
        self.updateGeometry()

    def set_lines(
        self, lines: int | None, *, shrink: float | None = None, grow: int | None = None
    ) -> None:
        """Keep `lines` lines (None: grow with the text); `shrink` and `grow` as the
        constructor's."""
        self._lines = lines
        self._extra = 0
        if shrink is not None:
            self._shrink = shrink
        if grow is not None:
            self._grow = grow
        self._fit()
        self.updateGeometry()

    def set_most(self, most: int) -> None:
        """With `most` given at the start: up to `most` lines from now on (its panel grew
        or shrank)."""
        if self._most is not None and most != self._most:
            self._most = most
            self._fit()

    def text(self) -> str:
        """The full text (what is shown may be elided)."""
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        cjk = has_cjk(self._full)
        changed = str(text) != self._full
        self._full = str(text)
        self._fit()
        if has_cjk(self._full) != cjk:  # (its lines' height: a language changed)
            self.updateGeometry()
        if changed:
            self.text_changed.emit(self._full)

    def _fit(self) -> None:
        if self._fitting:  # (the font set below comes back as a FontChange)
            return
        full = glue_words(self._full)  # (shown with its words whole: words.py)
        base = self._base_font or self.font()
        font, shown = base, full
        if self._lines is not None:
            if self.condensable:
                font, shown = self._fit_terms(full, base)
            else:
                shown = elide_lines(full, base, self._text_width(base), self._lines)
                scale, cut = 1.0, shown
                while _was_cut(shown, full) and scale > self._shrink + 1e-9:
                    scale = max(self._shrink, scale - 0.05)
                    font = _scaled_font(base, scale)
                    shown = elide_lines(full, font, self._text_width(font), self._lines)
                if _was_cut(shown, full):  # too long even in the smallest type: cut
                    font, shown = base, cut
        elif self._most is not None:
            width = self._text_width(base)
            shown = elide_lines(full, base, width, self._most, anywhere=not self.whole_words)
            shown = shown if full else ""
            count = shown.count("\n") + 1
            if count != self._shown_lines:
                self._shown_lines = count
                self.updateGeometry()
        self._fitting = True
        try:
            if font != self.font():
                super().setFont(font)
            elided = shown != full if self._most is None else _was_cut(shown, full)
            self.setToolTip(full if elided else "")  # (glued: a long tip wraps too)
            if shown != super().text():
                super().setText(shown)
        finally:
            self._fitting = False

    def _fit_terms(self, full: str, base: QtGui.QFont) -> tuple[QtGui.QFont, str]:
        """The narration's fit: broken only between terms (never inside a number:
        "−23.82" stays whole), in type made smaller step by step down to `shrink`; then
        in the shortened wording (each chain of "=" from its left side to its result:
        "τ = min(C, …) = 0.4537" says "τ = 0.4537"), the same way; with `grow`, the same
        in a line more at a time up to `grow` lines; a text too long even then is elided
        in the label's font in the shortened wording (its results come
        sooner), its glued terms broken at their spaces before a number is, whole in the
        tooltip (passive-aggressive's last update at the limit in presentation showed
        "= 0.99" / "99999999999997", then "…")."""
        assert self._lines is not None
        if self.width() != self._width:  # (another width: as few lines as it can again)
            self._width, self._extra = self.width(), 0
        short = condense(full)
        texts = tuple(dict.fromkeys((full, short)))
        have = self._lines + self._extra
        most = max(have, self._grow or 0)
        for lines in range(have, most + 1):
            # (in its most lines, type down to `last_shrink` rather than cut)
            floor = self.last_shrink if lines == most and self._grow else self._shrink
            for text in texts:
                fitted = self._wrapped_in(text, base, lines, min(floor, self._shrink))
                if fitted is not None:
                    if lines != have:  # more lines (`grow`): at 1024×768 and UI scale 2
                        self._extra = lines - self._lines  # an update's result was cut
                        self.updateGeometry()
                    return fitted
        return base, elide_lines(short, base, self._text_width(base), have, anywhere=False)

    def _wrapped_in(
        self, text: str, base: QtGui.QFont, lines: int, shrink: float
    ) -> tuple[QtGui.QFont, str] | None:
        """`text` in `lines` lines and the type, down to `shrink` of `base`, that fits
        them, or None."""
        scale = 1.0
        while True:
            font = base if scale == 1.0 else _scaled_font(base, scale)
            wrapped = wrap_terms(text, font, self._text_width(font))
            if wrapped is not None and len(wrapped) <= lines:
                return font, "\n".join(wrapped)
            if scale <= shrink + 1e-9:
                return None
            scale = max(shrink, scale - 0.04)

    def _text_width(self, font: QtGui.QFont) -> int:
        m = self.contentsMargins()
        # (less two characters: the label wraps a line that fills the width exactly)
        slack = 2 * QtGui.QFontMetrics(font).averageCharWidth() if self._most is None else 0
        width = self.width() - m.left() - m.right() - 2 * max(0, self.margin()) - slack
        return max(1, width)

    def _height_font(self) -> QtGui.QFont:
        """The font whose lines the label's height holds (its own, as given)."""
        return self._base_font or self.font()

    def _fixed_height(self) -> int:
        lines = self._lines + self._extra if self._lines is not None else self._shown_lines
        m = self.contentsMargins()
        height = line_height(self._height_font(), cjk=has_cjk(self._full)) * lines
        return height + m.top() + m.bottom() + 2 * max(0, self.margin())

    def _steady(self) -> bool:
        """Whether the label sets its own height (a number of lines, or up to `most`)."""
        return self._lines is not None or self._most is not None

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return not self._steady() and super().hasHeightForWidth()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        hint = super().sizeHint()
        if not self._steady():
            return hint
        return QtCore.QSize(hint.width(), self._fixed_height())

    def minimumSizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        hint = super().minimumSizeHint()
        if not self._steady():
            return hint
        return QtCore.QSize(min(hint.width(), 50), self._fixed_height())

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QtCore.QEvent.Type.FontChange, QtCore.QEvent.Type.StyleChange):
            self._fit()
            self.updateGeometry()


def _was_cut(shown: str, full: str) -> bool:
    """Whether `elide_lines` cut `full` (it wraps it into lines in any case)."""
    return shown.endswith("…") and not full.endswith("…")


#: Where a narration's clauses meet (plain spaces: the terms inside are glued by no-break
#: spaces).
_CLAUSES = re.compile(r"(: |, |; | → |：|，|；)")
_EQUALS = "\xa0=\xa0"


def condense(text: str) -> str:
    """`text` in fewer words: each clause's chain of equalities from its left side straight
    to its result ("w ← w + ηyx = (3, 3) − (1, 1) = (2, 2)" says "w ← w + ηyx = (2, 2)").
    The numbers a room needs stay: the test's value, the step, the new w and b."""
    parts: list[str] = []
    depth, start, seen = 0, 0, 0
    for m in _CLAUSES.finditer(text):
        between = text[seen : m.start()]
        depth += between.count("(") - between.count(")")
        seen = m.start()
        if depth > 0:  # a comma inside min(C, …): not between clauses
            continue
        parts += [text[start : m.start()], m.group(0)]
        start = m.end()
    parts.append(text[start:])
    for i in range(0, len(parts), 2):
        chain = parts[i].split(_EQUALS)
        if len(chain) >= 3:
            parts[i] = chain[0] + _EQUALS + chain[-1]
    return "".join(parts)


def least_height_for_width(layout: QtWidgets.QBoxLayout, width: int) -> int:
    """The least height vertical box `layout` can have at `width` pixels: its wrapped
    texts whole at that width (a label's, a `FlowRow`'s height for it), its other items
    at their least heights, and the spacing and margins between them. (Qt's own
    `heightForWidth` is the height the layout would like, every item at its size hint.)"""
    m = layout.contentsMargins()
    inner = width - m.left() - m.right()
    items = [layout.itemAt(i) for i in range(layout.count())]
    shown = [item for item in items if item is not None and not item.isEmpty()]
    height = m.top() + m.bottom() + max(0, layout.spacing()) * max(0, len(shown) - 1)
    for item in shown:
        hfw = item.heightForWidth(inner) if item.hasHeightForWidth() else -1
        height += max(hfw, item.minimumSize().height())
    return height


def _scaled_font(font: QtGui.QFont, scale: float) -> QtGui.QFont:
    """`font` at `scale` times its size (points, or pixels for a font set in pixels)."""
    out = QtGui.QFont(font)
    if font.pointSizeF() > 0:
        out.setPointSizeF(font.pointSizeF() * scale)
    else:
        out.setPixelSize(max(1, round(font.pixelSize() * scale)))
    return out


#: A line's height is measured on this text: Latin, Greek, superscripts, descenders, and
#: Chinese for a Chinese text (whose fallback font's lines are taller than the Latin's).
LINE_SAMPLE = "Ayg(D/γ)²"
CJK_SAMPLE = " 更新点，"


def has_cjk(text: str) -> bool:
    """Whether `text` holds a Chinese character or full-width punctuation."""
    return any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def line_height(font: QtGui.QFont, *, cjk: bool = False) -> int:
    """The height of one line of text in `font` (with Chinese in it when `cjk`), measured
    as Qt lays it out (the fallback font's ascent and descent included), in pixels."""
    layout = QtGui.QTextLayout(LINE_SAMPLE + (CJK_SAMPLE if cjk else ""), font)
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(1e6)
    layout.endLayout()
    return max(QtGui.QFontMetrics(font).lineSpacing(), math.ceil(line.height()))


def _break_points(para: str) -> list[str]:
    """`para` in pieces that may not be broken: a plain space ends a piece (no-break spaces
    glue a term's parts, a number is never split), and a line may break before and after
    each Chinese character or full-width mark, but where a word joiner (U+2060) glues it to
    its neighbour (`glue_words`: a Chinese word is one piece)."""
    pieces: list[str] = []
    cur = ""
    for ch in para:
        if ch == " ":
            pieces.append(cur + ch)
            cur = ""
            continue
        glued = cur.endswith(JOINER) or ch == JOINER
        if cur and not glued and (has_cjk(ch) or has_cjk(cur[-1])):
            pieces.append(cur)
            cur = ""
        cur += ch
    if cur:
        pieces.append(cur)
    return pieces


def wrap_terms(text: str, font: QtGui.QFont, width: int) -> list[str] | None:
    """`text`'s lines at `width` pixels, broken only between terms: at plain spaces and
    between Chinese characters (but those `glue_words` glued: a word), never inside a term
    glued by no-break spaces nor inside a number (a full-width mark stays with the text
    before it); None when a term alone is wider than `width`."""
    fm = QtGui.QFontMetricsF(font)
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for piece in _break_points(para):
            trial = line + piece
            if not line or fm.horizontalAdvance(trial.rstrip()) <= width:
                line = trial
                continue
            if piece in "，。：；！？）、" and len(piece) == 1:  # no line starts with a mark
                line = trial
                continue
            out.append(line.rstrip())
            line = piece
        out.append(line.rstrip())
    if any(fm.horizontalAdvance(line) > width + 0.5 for line in out):
        return None
    return out


def elide_lines(
    text: str, font: QtGui.QFont, width: int, lines: int, *, anywhere: bool = True
) -> str:
    """`text` word-wrapped at `width` pixels, cut to `lines` lines, the last one elided.
    `anywhere` off: a word wider than `width` is broken at its own no-break spaces ("D =" /
    "5.10"), never inside a number ("D = 5.1" / "0"), and one wider even then is elided,
    the text ending there."""
    fm = QtGui.QFontMetrics(font)
    out: list[str] = []
    paragraphs = text.split("\n")
    for p_index, para in enumerate(paragraphs):
        para, starts = _wrapped(para, font, width, anywhere)
        for i, (a, n, wide) in enumerate(starts or [(0, 0, False)]):
            if len(out) == lines - 1 or wide:
                rest = para[a:]
                more = p_index < len(paragraphs) - 1 or i < len(starts) - 1
                if more:  # not the end: elide what stays, with a sign that more follows
                    # (the lines after it apart as a readout's pieces are: "mistakes: 3" /
                    # "D = 5.24" elided as one line read "… 3 D = 5.24")
                    gap = "\u2003"
                    rest = rest.replace("\n", gap) + gap + gap.join(paragraphs[p_index + 1 :])
                    return "\n".join(
                        [*out, fm.elidedText(rest + "…", Qt.TextElideMode.ElideRight, width)]
                    )
                out.append(
                    fm.elidedText(rest, Qt.TextElideMode.ElideRight, width) if wide else rest
                )
                return "\n".join(out)
            out.append(para[a : a + n].rstrip())
    return "\n".join(out)


def _wrapped(
    para: str, font: QtGui.QFont, width: int, anywhere: bool
) -> tuple[str, list[tuple[int, int, bool]]]:
    """`para` (its too wide words' no-break spaces made plain, `anywhere` off) and its
    lines at `width`: (start, length, wider than `width`)."""
    mode = QtGui.QTextOption.WrapMode
    while True:
        layout = QtGui.QTextLayout(para, font)
        option = QtGui.QTextOption()
        option.setWrapMode(mode.WrapAtWordBoundaryOrAnywhere if anywhere else mode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        starts: list[tuple[int, int, bool]] = []
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            starts.append((line.textStart(), line.textLength(), line.naturalTextWidth() > width))
        layout.endLayout()
        wide = next(((a, n) for a, n, w in starts if w and "\xa0" in para[a : a + n]), None)
        if wide is None:
            return para, starts
        a, n = wide
        para = para[:a] + para[a : a + n].replace("\xa0", " ") + para[a + n :]


def style_axes(plot: pg.PlotItem, bottom: str, left: str, *, label_pt: float = LABEL_PT) -> None:
    """Axes in the theme's ink and fonts (titles at `label_pt`), with two tick levels."""
    t = theme()
    tick_font = t.font(TICK_PT)
    # The ink as Qt names it (#1a1a1a), as pyqtgraph's setTextPen writes it into the
    # title's style: written as the palette has it (#1A1A1A), the title's HTML changed
    # twice at each restyle, and each change lays it out again.
    label_style = {"color": t.color("ink").name(), "font-size": f"{t.pt(label_pt)}pt"}
    for name, text in (("bottom", bottom), ("left", left)):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(t.color("ink"), width=1.5 * t.scale))
        axis.setTextPen(pg.mkPen(t.color("ink")))
        axis.setTickFont(tick_font)
        # Two tick levels: the finest one makes a plot look like graph paper.
        axis.setStyle(maxTickLevel=1)
        axis.setLabel(text, **label_style)
    plot.getAxis("left").setWidth(int(60 * t.scale))


def make_label(text: str = "", name: str = "") -> QtWidgets.QLabel:
    """A plain-text, word-wrapped label (styled by `style_label`) whose lines break only
    between words (`WordsLabel`)."""
    lab = WordsLabel(text)
    lab.setTextFormat(Qt.TextFormat.PlainText)
    if name:
        lab.setObjectName(name)
    return lab


def style_label(lab: QtWidgets.QLabel, point_size: float = LABEL_PT, *, bold: bool = False) -> None:
    """Give a label the theme's font at `point_size` (unscaled points)."""
    lab.setFont(theme().font(point_size, bold=bold))


@contextmanager
def busy_cursor() -> Iterator[None]:
    """A wait cursor while formatting 10^6 rows (a few seconds)."""
    QtWidgets.QApplication.setOverrideCursor(QtGui.QCursor(Qt.CursorShape.WaitCursor))
    try:
        yield
    finally:
        QtWidgets.QApplication.restoreOverrideCursor()


__all__ = [
    "PANEL_SECONDS",
    "QWIDGETSIZE_MAX",
    "TICK_PT",
    "RunFrameGate",
    "SteadyLabel",
    "busy_cursor",
    "condense",
    "elide_lines",
    "least_height_for_width",
    "line_height",
    "wrap_terms",
    "make_label",
    "style_axes",
    "style_label",
]

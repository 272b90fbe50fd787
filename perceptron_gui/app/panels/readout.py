"""The readout strip over the canvas: k against the bound, w, b, and what is wrong now.

One line of plain text in a large font (its own `font()` sets its size), so that
the numbers that matter read from the back of a room; in presentation mode a box of a
few lines in larger type still, across the top of the canvas.
"""

from __future__ import annotations

import contextlib
import html
import math
import re
from collections.abc import Callable, Iterator, Sequence

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import core_text, stop_reason_name
from perceptron_gui.app.panels.common import QWIDGETSIZE_MAX, RunFrameGate, SteadyLabel
from perceptron_gui.app.theme import LABEL_PT, theme
from perceptron_gui.core.model import LinearModel

#: The readout keeps this many lines beside the canvas (presentation: as many as it has)
#: when they hold it; in a canvas too narrow for them (UI scale 2 on 1024×768) it is set
#: in smaller type, down to the theme's `readable_pt`, then broken between its pieces on
#: up to READOUT_MOST_LINES lines (once more lines were needed, it keeps them until
#: another run, data set, width or theme: the canvas under it does not jump as digits
#: come and go).
READOUT_LINES = 1
READOUT_MOST_LINES = 3
#: In presentation mode the readout takes at most this part of the canvas's height, in
#: type made smaller for it down to the narration's size (then it may take more).
READOUT_MAX_SHARE = 0.25
#: Between the readout's pieces on a line.
GAP = "    "
#: Stacked, the readout's type is made smaller by this part of its size at a time until
#: its box holds it.
FIT_STEP = 0.05

Qt = QtCore.Qt
translate = QCoreApplication.translate


def readout_note(c: Controller) -> str:
    """Why there is no bound, when that is a remark of the mode's (passive-aggressive's
    long one), in parentheses; "" otherwise."""
    mb = c.mistake_bound
    if c.bound_pending or not c.trainer.n or c.bound_note or mb.value is not None:
        return ""
    return f"({core_text(mb.note)})" if c.bound.separable else ""


def readout_parts(
    c: Controller, *, note: bool = True, withhold: bool = False, formula: bool = True
) -> list[list[str]]:
    """The readout's pieces in the groups that belong together: k against the bound (and
    the mistakes); w and b; what is wrong now (and why the run stopped).
    ``[["k = 5 ≤ (D/γ)² = 117"], ["w = (1, 1)", "b = −3"], …]``

    `note`: `readout_note` follows k (else it is left to the caller). `withhold`: k alone,
    no bound and no word of separability or convergence (a lesson asks the room whether
    the run converges: the readout must not answer first). `formula` off: the bound's
    value without its formula ("k = 3 ≤ 34.241").
    """
    t = c.trainer
    cfg = c.config
    bd = c.bound
    counts: list[str] = []
    mb = c.mistake_bound
    remark = "" if withhold else readout_note(c)
    if withhold or c.bound_pending or not t.n or c.bound_note:
        counts.append(f"k = {t.k}")
    elif mb.value is not None:
        rel = "≤" if t.k <= mb.value else ">"
        bound = fmt.bound_text(mb, bd, core_text(mb.name))
        counts.append(f"k = {t.k} {rel} {bound if formula else fmt.bound_number(mb, bd)}")
    elif not bd.separable:
        counts.append(translate("Readout", "k = {k} (not separable: no bound)").format(k=t.k))
    else:
        counts.append(f"k = {t.k} {remark}" if note else f"k = {t.k}")
    if t.spec.counts_apart:  # updates are not all mistakes: say both
        counts[0] = translate("Readout", "updates {k_part}").format(k_part=counts[0])
        counts.append(translate("Readout", "mistakes (y·f ≤ 0): {m}").format(m=t.mistakes))
    weights: list[str] = []
    m = t.model
    if isinstance(m, LinearModel) and m.is_linear:
        weights.append(f"w = {fmt.vector(m.w)}")
        weights.append(
            f"b = {fmt.sci(m.b)}" + ("" if cfg.bias else " " + translate("Readout", "(bias off)"))
        )
    else:
        weights.append(f"b = {fmt.sci(t.b)}")
    wrong: list[str] = []
    answer = t.answer
    if answer is not None:
        what = core_text(t.answer_name)
        if isinstance(answer, LinearModel):
            what += f": w = {fmt.vector(answer.w)}, b = {fmt.sci(answer.b)},"
        wrong.append(
            translate("Readout", "{answer} {wrong} wrong (current {now})").format(
                answer=what, wrong=t.answer_errors, now=t.errors()
            )
        )
    else:
        wrong.append(
            translate("Readout", "wrong now: {wrong} of {n}").format(wrong=t.errors(), n=t.n)
        )
    if withhold:
        pass
    elif t.converged:
        wrong.append(translate("Readout", "converged ✓"))
    elif t.stop_reason == "overflow":
        wrong.append(
            translate("Readout", "stopped before an overflow (η = {eta} is too large)").format(
                eta=fmt.sci(cfg.eta)
            )
        )
    elif t.stop_reason:
        wrong.append(
            translate("Readout", "stopped: {reason}").format(reason=stop_reason_name(t.stop_reason))
        )
    groups = [counts, weights, wrong]
    # One minus sign on screen (−3, not -3), not in words such as "passive-aggressive".
    return [[_NEGATIVE.sub("−", p) for p in group] for group in groups]


def pack_lines(
    groups: Sequence[Sequence[str]], width: float, measure: Callable[[str], float]
) -> list[str]:
    """The groups of pieces on as few lines of at most `width` as they go, in their order,
    `GAP` apart: a group goes whole where it fits (after what is on the line, if there is
    room), else piece by piece; a piece wider than `width` alone is broken after a comma
    (else between its words, else its characters), on lines of its own.

    `measure` gives a text's width (in the units of `width`).
    """
    lines: list[str] = []
    joinable = False  # the last line may take more after it

    def put(text: str) -> None:
        nonlocal joinable
        if joinable and measure(lines[-1] + GAP + text) <= width:
            lines[-1] += GAP + text
        else:
            lines.append(text)
        joinable = True

    for group in groups:
        whole = GAP.join(group)
        if measure(whole) <= width:
            put(whole)
            continue
        for piece in group:
            if measure(piece) <= width:
                put(piece)
                continue
            line = ""
            for chunk in _chunks(piece, width, measure):
                if line and measure(f"{line} {chunk}") > width:
                    lines.append(line)
                    line = chunk
                else:
                    line = f"{line} {chunk}" if line else chunk
            lines.append(line)
            joinable = False
    return lines


def _chunks(piece: str, width: float, measure: Callable[[str], float]) -> list[str]:
    """`piece` cut after its commas outside parentheses (``w = (1, 2), b = 3,`` stays
    with its vector whole), a chunk wider than `width` cut again between its words, and
    a word wider still between its characters (Chinese has no spaces)."""
    out: list[str] = []
    depth, start = 0, 0
    for i, ch in enumerate(piece):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0 and piece[i + 1 : i + 2] == " ":
            out.append(piece[start : i + 1])
            start = i + 2
    out.append(piece[start:])
    words = [word for c in out for word in ([c] if measure(c) <= width else c.split(" "))]
    cut: list[str] = []
    for word in words:
        while len(word) > 1 and measure(word) > width:
            n = next(n for n in range(len(word) - 1, 0, -1) if measure(word[:n]) <= width or n == 1)
            cut.append(word[:n])
            word = word[n:]
        cut.append(word)
    return cut


_NEGATIVE = re.compile(r"(?<![A-Za-z])-(?=[\d.])")


def _markup(lines: list[str], notes: list[str], note_pt: float) -> str:
    """The stacked readout as rich text: its lines as they are (spaces kept), the note's
    lines after them in a smaller, regular type."""
    text = "<br>".join(html.escape(line) for line in lines)
    if notes:
        text += (
            f'<br><span style="font-size: {note_pt:g}pt; font-weight: normal;">'
            + "<br>".join(html.escape(line) for line in notes)
            + "</span>"
        )
    return f'<div style="white-space: pre;">{text}</div>'


class Readout(SteadyLabel):
    """The strip of live numbers (objectName ``readout``).

    Stacked (presentation mode) it is a box of a few lines in large type that lays
    itself out in the room `set_box` gives it: its groups on as few lines as they go,
    in type made smaller (down to the smallest size given) until the box holds them.
    While a run goes on the type only gets smaller and the lines only more, so the box
    does not jitter as digits come and go; a new run, data set, box or theme starts
    again from the large type.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(READOUT_LINES, parent)
        self.setObjectName("readout")
        self._controller = controller
        self._point_size = LABEL_PT
        self._stacked = False
        self._smallest = LABEL_PT
        self._box = (QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
        self._fit_scale = 1.0  # of the point size, stacked: only smaller until `_restart`
        self._partner: Readout | None = None  # stacked in the same type (see `pair_type`)
        self._matching = False
        self._fit_lines = 0  # the lines shown, stacked: only more until `_restart`
        self._fit_tall = 0  # stacked: the box's height, only more until `_restart`
        self._plain = ""  # stacked: the words shown (the label holds them as rich text)
        self._line = ""  # beside the canvas: the words shown, on one line
        self._line_lines = READOUT_LINES  # beside the canvas: the lines kept (see above)
        self._line_width = -1  # … for this width
        self._line_scale = 1.0  # … and the type (a part of the point size) it would take
        self._withhold = False  # a lesson's question is open: no bound, no verdict
        self._edge: int | None = None  # stacked: what the label adds to its lines' width
        self._least_px: float | None = None  # stacked: see `set_point_size`
        #: Stacked: the label's size hint for each (font, markup) it has measured. Laying
        #: out tries several sizes, and a box that settles (a compare scene's panes, the
        #: bands pairing their heights) asks the same texts again: each measurement costs
        #: a rich-text layout (~1.5 ms), up to ~100 of them a scene change without this.
        self._hints: dict[tuple[str, str], QtCore.QSize] = {}
        self._widths: dict[str, dict[str, float]] = {}  # font's key: text: width
        self._held = 0  # within `held`: the layouts asked for wait for its end
        self._wanted = ""  # what they asked for while held: "", "refresh" or "restart"
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def set_point_size(
        self,
        point_size: float,
        *,
        stacked: bool = False,
        smallest: float | None = None,
        least_px: float | None = None,
    ) -> None:
        """The font size in unscaled points, and whether the parts go on lines of their own
        (presentation mode: large, in a box over the canvas; then `smallest` is the least
        size the box may make it, the point size when None; `least_px`: smaller still when
        the box needs it, down to this many pixels (a large UI scale: `smallest` scaled
        up can be too large for a quarter of the canvas, 40 px type at scale 2.5)."""
        self._point_size = point_size
        self._stacked = stacked
        self._smallest = point_size if smallest is None else min(smallest, point_size)
        self._least_px = least_px
        # Stacked, the readout breaks its own lines (`pack_lines`), from its top left, and
        # sets its note in a type of its own.
        self.setTextFormat(Qt.TextFormat.RichText if stacked else Qt.TextFormat.PlainText)
        self.setWordWrap(not stacked)
        self.setAlignment(
            Qt.AlignmentFlag.AlignLeft
            | (Qt.AlignmentFlag.AlignTop if stacked else Qt.AlignmentFlag.AlignVCenter)
        )
        self.set_lines(None if stacked else READOUT_LINES)
        if not stacked:
            self.setMinimumSize(0, 0)
            self.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
        self.apply_theme()

    def set_box(self, width: int, height: int) -> None:
        """Stacked: the readout is at most `width` × `height` pixels (smaller type and more
        lines when it needs them; at the smallest size it may be up to twice as tall)."""
        if (width, height) != self._box:
            self._box = (width, height)
            self._restart()

    def apply_theme(self) -> None:
        """Font and colours from the theme."""
        t = theme()
        self._fit_scale, self._fit_lines = 1.0, 0  # (`refresh` below lays it out anew)
        self._fit_tall = 0
        self._edge = None  # (the padding changes with the scale)
        self._line_width = -1  # (and the lines beside the canvas are found again)
        self._hints.clear()  # (and the fonts)
        self._widths.clear()
        self.setFont(t.font(self._point_size, bold=True))
        pad = self._pad()
        fill = t.fill()
        # Half the padding above and below (the line's leading is room enough): the canvas
        # under it keeps the height.
        self.setStyleSheet(
            f"QLabel#readout {{ background: rgba({fill.red()}, {fill.green()}, {fill.blue()},"
            f" {fill.alpha()}); color: {t.palette.ink}; padding: {pad // 2}px {2 * pad}px; }}"
        )
        self.refresh()

    def set_withheld(self, withhold: bool) -> None:
        """Withhold the bound and every word of separability or convergence (k, w, b and
        the mistakes stay) while a lesson asks the room whether the run converges."""
        if bool(withhold) != self._withhold:
            self._withhold = bool(withhold)
            self.refresh()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Within it, the readout is rewritten once, when the (outermost) block ends, for
        however many changes of the run, settings and box asked for it (a lesson's scene
        change: ~15 layouts of the stacked readout, each measuring its texts)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                wanted, self._wanted = self._wanted, ""
                if wanted == "restart":
                    self._restart()
                elif wanted == "refresh":
                    self.refresh()

    def refresh(self) -> None:
        """Rewrite from the controller's state."""
        if self._held:
            self._wanted = self._wanted or "refresh"
            return
        hide = self._withhold
        if self._stacked:
            groups = readout_parts(self._controller, note=False, withhold=hide)
            note = "" if hide else readout_note(self._controller)
            self._show_stacked(groups, note)
            dropped = bool(note) and self.height() > self._box[1]
            if dropped:
                # Over its box even in the smallest type (a compare pane at a large UI
                # scale): the remark gives way to the numbers, into the tooltip.
                self._show_stacked(groups, "")
            self.setToolTip(note if dropped else "")
        else:
            # Beside a canvas too narrow for all of it in the most lines and the smallest
            # type (UI scale 2 on 1024×768 cut passive-aggressive's "w = (0.4203, −…" and
            # the margin perceptron's, in Chinese, "w = (2.5,…"): the remark, then the
            # bound's formula give way to the numbers, whole in the tooltip (the bound
            # panel says them too).
            c = self._controller
            ways: tuple[dict[str, bool], ...] = (
                {},
                {"note": False},
                {"note": False, "formula": False},
            )
            for way in ways:
                groups = readout_parts(c, withhold=hide, **way)
                if self._least_lines(groups) <= READOUT_MOST_LINES:
                    break
            self._show_line(groups)
            if way and not self.toolTip():
                whole = readout_parts(c, withhold=hide)
                self.setToolTip(GAP.join(p for group in whole for p in group))

    def _least_lines(self, groups: list[list[str]]) -> int:
        """The lines `groups` take beside the canvas in the smallest type it may have."""
        t = theme()
        font = t.font(self._point_size * min(1.0, t.readable_pt / self._point_size), bold=True)
        return len(pack_lines(groups, self._text_width(font), self._advance(font)))

    def _show_line(self, groups: list[list[str]]) -> None:
        """Beside the canvas: the groups on one line in the readout's type, else in smaller
        type down to the theme's `readable_pt`, else broken between pieces (`pack_lines`)
        on as few lines as that type needs, up to `READOUT_MOST_LINES`, in the largest type
        that needs no more (see `READOUT_LINES`)."""
        t = theme()
        self._line = GAP.join(p for group in groups for p in group)
        if self.width() != self._line_width:
            self._line_width, self._line_lines = self.width(), READOUT_LINES
        least = min(1.0, t.readable_pt / self._point_size)

        def laid_out(scale: float) -> tuple[QtGui.QFont, list[str]]:
            font = t.font(self._point_size * scale, bold=True)
            return font, pack_lines(groups, self._text_width(font), self._advance(font))

        # The fewest lines the readable type needs (or the lines kept), in the largest
        # type that needs no more.
        # (never more than READOUT_MOST_LINES: a larger type in more lines was cut to them)
        want = min(READOUT_MOST_LINES, max(len(laid_out(least)[1]), self._line_lines))
        scale = 1.0
        font, lines = laid_out(scale)
        while len(lines) > want and scale > least + 1e-9:
            scale = max(least, scale - FIT_STEP)
            font, lines = laid_out(scale)
        self._line_scale = scale
        self._line_lines = max(len(lines), self._line_lines)
        n = self._line_lines
        # Paired (compare): the smaller type of the two and the more lines.
        partner = (
            self._partner if self._partner is not None and not self._partner._stacked else None
        )
        if partner is not None:
            if partner._line_scale < scale - 1e-9:
                font, lines = laid_out(partner._line_scale)
            n = max(n, len(lines), partner._line_lines)
        if len(lines) > READOUT_MOST_LINES:  # (the last elided, whole in the tooltip)
            lines[READOUT_MOST_LINES - 1] = " ".join(lines[READOUT_MOST_LINES - 1 :])
            del lines[READOUT_MOST_LINES:]
        n = min(n, READOUT_MOST_LINES)
        if self._lines != n:
            self.set_lines(n)
        if font != self.font():
            self.setFont(font)
        self.setText("\n".join(lines))
        if partner is not None and not self._matching:
            self._matching = partner._matching = True
            try:
                partner.refresh()
                self.refresh()  # (its own type may have come out smaller now)
            finally:
                self._matching = partner._matching = False

    def _height_font(self) -> QtGui.QFont:
        """Beside the canvas, the readout's lines are as tall in a smaller type as in its
        own (`_show_line`): the canvas under it keeps its height whatever the words (PA's
        long readout in smaller type made the plot 5 px taller, and Fit view another view)."""
        if self._stacked:
            return super()._height_font()
        return theme().font(self._point_size, bold=True)

    def text(self) -> str:
        """The readout's words (stacked: its lines, without the markup that sizes them;
        beside the canvas: on one line, as broken or not)."""
        return self._plain if self._stacked else self._line

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if not self._stacked and event.size().width() != self._line_width:
            self.refresh()  # (its lines for the new width)

    def pair_type(self, other: Readout | None) -> None:
        """Set this readout and `other` in one type, the smaller of the two sizes each would
        take alone, and beside the canvas on as many lines as the one that needs more
        (compare's two runs side by side: numbers of two sizes read as two kinds of thing,
        and canvases under readouts of two heights are plots of two sizes); None ends the
        pairing."""
        old = self._partner
        self._partner = other
        if other is not None:
            other._partner = self
        elif old is not None and old._partner is self:
            old._partner = None
            old._restart()
            if not old._stacked:
                old.refresh()
        self._restart()
        if not self._stacked:
            self.refresh()  # (the partner follows: `_show_line`)

    def _restart(self) -> None:
        """Stacked: lay out from the large type again (the paired readout too: each laid
        out alone, then matched once, by this one's refresh)."""
        if self._held:
            self._wanted = "restart"
            return
        partner = None if self._matching else self._partner
        for r in (self,) if partner is None else (self, partner):
            r._fit_scale, r._fit_lines, r._fit_tall = 1.0, 0, 0
        if partner is not None and partner._stacked:
            partner._matching = True
            try:
                partner.refresh()
            finally:
                partner._matching = False
        if self._stacked:
            self.refresh()  # (`_show_stacked` ends by matching the partner's type)

    def _match_partner(self) -> None:
        """Both paired readouts in the smaller of their two types (each only gets smaller,
        so this ends)."""
        partner = self._partner
        if partner is None or self._matching or not (self._stacked and partner._stacked):
            return
        self._matching = partner._matching = True
        try:
            while abs(partner._fit_scale - self._fit_scale) > 1e-9:
                smaller = min(partner._fit_scale, self._fit_scale)
                for r in (self, partner):
                    if r._fit_scale > smaller:
                        r._fit_scale = smaller
                        r.refresh()
        finally:
            self._matching = partner._matching = False

    def _pad(self) -> int:
        return int(4 * theme().scale)

    def _show_stacked(self, groups: list[list[str]], note: str) -> None:
        """The groups in the box: the largest type (not above the last) whose lines fit it
        with no piece broken (below the smallest type given, down to `least_px`, a piece
        may break); the note under them, in the smallest type (or theirs when smaller),
        not bold (a remark, not a number)."""
        t = theme()
        width, height = self._box
        given = self._smallest / self._point_size
        least = given
        if self._least_px is not None:  # (points are 3/4 of a pixel at Qt's 96 dpi)
            least = min(given, 0.75 * self._least_px / t.scale / self._point_size)
        # What the label adds to its text's width (padding; a selectable text's margins):
        # found by asking it once, then kept until the theme changes (each refresh had
        # laid its lines out twice to find it again).
        edge, guessed = (4 * self._pad(), True) if self._edge is None else (self._edge, False)
        while True:
            size = self._point_size * self._fit_scale
            font = t.font(size, bold=True)
            advance = self._advance(font)
            note_font = t.font(min(size, self._smallest))  # (never larger than the numbers)
            note_advance = self._advance(note_font)
            room = max(1, width - edge)
            lines = pack_lines(groups, room, advance)
            notes = pack_lines([[note]], room, note_advance) if note else []
            markup = _markup(lines, notes, note_font.pointSizeF())
            hint = self._measure(font, markup)
            wide = max([advance(line) for line in lines] + [note_advance(line) for line in notes])
            if guessed and hint.width() - wide > edge + 1:  # more: break the lines again
                edge, guessed = math.ceil(hint.width() - wide), False
                self._edge = edge
                continue
            n = max(len(lines), self._fit_lines)
            spacing = QtGui.QFontMetricsF(font).lineSpacing()
            tall = hint.height() + math.ceil((n - len(lines)) * spacing)
            whole = all(advance(p) <= room for group in groups for p in group)
            # Each piece on one line down to the smallest type given; below it (`least_px`:
            # only to fit the box's height) a long piece may break after a comma.
            broken_ok = self._fit_scale <= given + 1e-9
            if tall <= height and hint.width() <= width and (whole or broken_ok):
                break
            # At the smallest size it may be taller than the box, up to twice; beyond, in
            # smaller type still (a UI scale far too large for the screen).
            at_least = self._fit_scale <= least + 1e-9
            if (at_least and tall <= 2 * height) or self._fit_scale <= FIT_STEP + 1e-9:
                break
            self._fit_scale -= FIT_STEP
            if not at_least:
                self._fit_scale = max(least if broken_ok else given, self._fit_scale)
        self._fit_lines = n
        # As tall as it has been since the layout restarted: in smaller type (a run's
        # longer numbers) the box kept its lines' count but not their height, and the
        # plot under it moved 17 px at a run's first frames in presentation.
        self._fit_tall = max(self._fit_tall, tall)
        if font != self.font():
            self.setFont(font)
        self._plain = "\n".join(lines + notes)
        self.setText(markup)
        self.resize(min(width, hint.width()), self._fit_tall)
        if self._partner is not None and not self._matching:
            self._match_partner()  # (its numbers grew: the pair's type gets smaller)

    def _advance(self, font: QtGui.QFont) -> Callable[[str], float]:
        """The width of a text in `font`, each text measured once (laying out tries each
        piece at each size, and again when the box settles)."""
        key = font.key()
        widths = self._widths.get(key)
        if widths is None:
            if len(self._widths) > 16:  # (a run's sizes: a handful)
                self._widths.clear()
            widths = self._widths[key] = {}
        measure = QtGui.QFontMetricsF(font).horizontalAdvance

        def advance(text: str) -> float:
            w = widths.get(text)
            if w is None:
                if len(widths) > 4096:
                    widths.clear()
                w = widths[text] = measure(text)
            return w

        return advance

    def _measure(self, font: QtGui.QFont, markup: str) -> QtCore.QSize:
        """The label's size hint showing `markup` in `font` (measured once: `_hints`)."""
        key = (font.key(), markup)
        hint = self._hints.get(key)
        if hint is None:
            if font != self.font():
                self.setFont(font)
            self.setText(markup)
            hint = self._hints[key] = self.sizeHint()
            if len(self._hints) > 512:  # (a long run's numbers: keep the newest half)
                for old in list(self._hints)[:256]:
                    del self._hints[old]
        return hint

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.refresh()  # every text of the readout is made in `refresh`
        super().changeEvent(event)

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.SETTINGS | Change.DATA) and self._stacked:
            self._restart()  # another run or data set: from the large type again
        elif change & (Change.SETTINGS | Change.DATA):
            self._line_width = -1  # (and beside the canvas from one line again)
            self.refresh()
        elif change & (Change.MODEL | Change.BOUND | Change.SETTINGS):
            self.refresh()

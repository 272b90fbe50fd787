"""The banners' band above the plot: the banners (how a run ended, a notice, "no line")
with no free room over the data, and the legend with none either, one a line in the plot's
top margin, in type made smaller or elided when the band would take too much of the
canvas.

One part of `DataCanvas` (canvas.py), under `LabelsCanvas` (labels.py), which decides what
goes to the band.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.canvas.constants import BAND_MAX_PART, BAND_PLOT_MIN
from perceptron_gui.app.canvas.layout import Rect
from perceptron_gui.app.canvas.update import UpdateCanvas
from perceptron_gui.app.format import glue_words, unglued
from perceptron_gui.app.theme import LABEL_PT, theme

Qt = QtCore.Qt

#: The margin round the band's text (a document's default), but round its last one line
#: (the room for no more than that: none).
BAND_TEXT_MARGIN = 4.0
#: The band's last line, in a canvas too low for it at the theme's smallest readable
#: size, goes no smaller than this (points).
BAND_LEAST_PT = 6.0


def first_clauses(text: str) -> str:
    """A banner shortened to what it says first, for a band with no room for it whole:
    before its last semicolon ("w = 0: no line; every point is predicted +1" → "w = 0: no
    line"), else before its first colon ("converged: a full pass found no mistake" →
    "converged"); as it is without either (the whole is in the tooltip, the status bar
    and the narration)."""
    for mark in ("；", "; "):
        if mark in text:
            return text.rsplit(mark, 1)[0].rstrip()
    for mark in ("：", ": "):
        head = text.split(mark, 1)[0].strip()
        if mark in text and head and "=" not in head:  # ("w = 0: …" is not cut to "w = 0")
            return head
    return text


class BannersCanvas(UpdateCanvas):
    """The banners' band above the plot (see the module's notes)."""

    def _legend_to(self, parent: QtWidgets.QGraphicsItem, offset: tuple[float, float]) -> None:
        """Put the legend `offset` from the top-left of `parent` (the view box: over the
        plot; the plot item: in the band above it)."""
        if self.legend.parentItem() is not parent:
            self.legend.setParentItem(parent)
        self.legend.anchor((0, 0), (0, 0), offset=offset)

    #: The banners' band's text (made on first use): a plain text item of the plot item in
    #: the plot's top margin (view.py's `_fit_header` adds the band's height to it), not a
    #: widget of the plot's layout, so it holds no width or height of the plot.
    _band_label: QtWidgets.QGraphicsTextItem | None = None
    #: The legend is in the band (it had no corner, and the band has room for it).
    _band_legend = False

    def band_text(self) -> str:
        """The text of the band above the plot ("" when there is no band)."""
        label = self._band_label
        if label is None or not label.isVisible():
            return ""
        return unglued(str(label.toPlainText()))  # (without its words' glue)

    def _band_sizes(self) -> list[float]:
        """The band's font sizes in points, largest first: the theme's label size, then
        a point smaller at a time down to the theme's smallest readable size; presenting,
        the presentation's type alone: its readout's over the plot (made to fit a quarter
        of the canvas, at least 24 px, one type in both compare panes), else the label
        size (shrunk to the plot's room, a band's banner came out 9-14 px, each compare
        pane's its own)."""
        t = theme()
        full = t.pt(LABEL_PT)
        if t.presenting:
            return [self._presenting_pt()]
        floor = min(full, t.readable_pt)
        sizes = [full]
        while sizes[-1] - 1.0 > floor:
            sizes.append(sizes[-1] - 1.0)
        if sizes[-1] > floor:
            sizes.append(floor)
        return sizes

    def _presenting_pt(self) -> float:
        """The band's type in presentation: the header's (the readout's), or the label's."""
        header = self._header
        if header is not None and not header.isHidden():
            size = header.font().pointSizeF()
            if size > 0:
                return float(size)
        return theme().pt(LABEL_PT)

    def _band_lines(
        self, texts: list[str], width: float, room: float, most: float
    ) -> tuple[str, float, bool]:
        """The banners as the band shows them in `width` pixels, its height, and whether
        shortened (a smaller font, or elided). `room` is what leaves the plot BAND_PLOT_MIN
        of the canvas, `most` the band's most (BAND_MAX_PART of the canvas). In `room`:
        wrapped whole at the label's size, else (where that passes `most`) at a smaller
        size down to the theme's smallest readable one, else one line each, elided, else
        one line for all (at the largest size that fits). Else one line for all at the
        smallest readable size, in `most` (its margins dropped if need be; in a canvas
        too low even for that, smaller still, to BAND_LEAST_PT).
        Never nothing: the tooltip and the status bar have them whole, the narration says
        them."""
        label = self._band_label
        assert label is not None
        doc = label.document()
        doc.setDocumentMargin(BAND_TEXT_MARGIN)
        label.setTextWidth(width + 2 * BAND_TEXT_MARGIN)
        sizes = self._band_sizes()
        floor = sizes[-1]
        font = label.font()
        elide = Qt.TextElideMode.ElideRight
        whole = "<br>".join(html.escape(glue_words(t)) for t in texts)  # (words whole)

        def fit(
            make: Callable[[QtGui.QFontMetricsF], str], sizes: list[float], limit: float
        ) -> tuple[str, float] | None:
            for pt in sizes:
                font.setPointSizeF(pt)
                label.setFont(font)
                text = make(QtGui.QFontMetricsF(font))
                label.setHtml(text)
                height = float(label.boundingRect().height())
                if height <= limit:
                    return text, height
            return None

        def each(fm: QtGui.QFontMetricsF) -> str:
            return "<br>".join(html.escape(fm.elidedText(t, elide, width)) for t in texts)

        def one(fm: QtGui.QFontMetricsF) -> str:
            sep = " · "
            part = (width - (len(texts) - 1) * fm.horizontalAdvance(sep)) / len(texts)
            return html.escape(sep.join(fm.elidedText(t, elide, part) for t in texts))

        got = fit(lambda _: whole, sizes[:1], most)
        if got is not None and got[1] <= room:
            return got[0], got[1], False
        # (Smaller sizes only where the band whole would pass its quarter; where only
        # the plot's 55 % binds, elided at the label's size, as before.)
        shrink = sizes if got is None else sizes[:1]
        got = fit(lambda _: whole, shrink[1:], room)
        if got is not None:
            return got[0], got[1], True
        got = fit(each, shrink, room) if len(texts) > 1 else None
        if got is None:
            got = fit(one, sizes, room)
        if got is None:  # (no room to keep: the least band that is read)
            got = fit(one, [floor], most)
        if got is None:  # the one line without the text's margins round it
            doc.setDocumentMargin(0.0)
            label.setTextWidth(width)
            smaller = np.arange(floor, BAND_LEAST_PT - 0.01, -0.5)
            got = fit(one, [float(pt) for pt in smaller], most)
        if got is None:
            text = one(QtGui.QFontMetricsF(font))
            label.setHtml(text)
            got = (text, float(label.boundingRect().height()))
        return got[0], got[1], True

    #: The banners' whole height's last measure: (its key, the height).
    _band_whole: tuple[str, float] = ("", 0.0)

    def _band_whole_height(
        self, items: list[pg.TextItem] | list[str], pt: float | None = None
    ) -> float:
        """The banners' band's height with their texts whole at the label's size (or at
        `pt` scaled points) (measured on a document of its own: the band's label keeps
        what it shows)."""
        t = theme()
        width = max(10.0, float(self._vb.width()) - 8 * t.scale)
        texts = [i if isinstance(i, str) else i.toPlainText() for i in items]
        whole = "<br>".join(html.escape(glue_words(text)) for text in texts)
        key = f"{whole}\n{t.scale}\n{width:.0f}\n{pt}"
        if self._band_whole[0] != key:
            doc = QtGui.QTextDocument()
            doc.setDocumentMargin(BAND_TEXT_MARGIN)
            font = t.font(LABEL_PT)
            if pt is not None:
                font.setPointSizeF(pt)
            doc.setDefaultFont(font)
            doc.setTextWidth(width + 2 * doc.documentMargin())
            doc.setHtml(whole)
            self._band_whole = (key, float(doc.size().height()) + 2 * t.scale)
        return self._band_whole[1]

    def _band_item(self) -> QtWidgets.QGraphicsTextItem:
        label = self._band_label
        if label is None:
            label = self._band_label = QtWidgets.QGraphicsTextItem(self.getPlotItem())
            label.setVisible(False)
        return label

    def _show_band(self, items: list[pg.TextItem], legend: bool) -> Rect | None:
        """The banners with no room in the plot, in the band above it (outside the data),
        one a line, and below them at its right the legend when it has no room either
        (`legend`); None (the band gone) without any. The banners are never dropped: with
        little room each takes one line, elided; the legend only while the plot keeps
        BAND_PLOT_MIN of the canvas's height (else it is hidden)."""
        plot = self.getPlotItem()
        if not items and not legend:
            if self._band_text:
                self._band_text = ""
                self._band_height = 0.0
                if self._band_label is not None:
                    self._band_label.setVisible(False)
                self._fit_header()
            return None
        t = theme()
        texts = [item.toPlainText() for item in items]
        width = max(10.0, float(self._vb.width()) - 8 * t.scale)
        lr = self.legend.boundingRect() if legend else QtCore.QRectF()
        key = f"{texts}\n{t.palette.ink}\n{t.scale}\n{width:.0f}x{self.height()}\n{lr.size()}"
        if t.presenting:  # (the band's type follows the readout's)
            key += f"\n{self._presenting_pt()}"
        label = self._band_item()
        if key != self._band_text:  # (a new text, a theme, a resize)
            self._band_text = key
            label.setFont(t.font(LABEL_PT))
            label.setDefaultTextColor(t.color("ink"))
            # The plot keeps BAND_PLOT_MIN of the canvas's height (a compare pane in a
            # lesson at UI scale 2 has its readout's quarter too), the banners' one line
            # each aside.
            plot_h = float(self._vb.height()) + self._band_height
            most = BAND_MAX_PART * float(self.height())
            room = min(plot_h - BAND_PLOT_MIN * float(self.height()), most)
            said = texts
            if t.presenting:
                # Presenting, the banners are read in the presentation's type, never cut:
                # whole where the plot keeps its 55 %, else their first clauses ("w = 0: no
                # line", "converged"), the plot giving them up to the band's most (the
                # readout's band above took the 55 %'s room: the banners went to 9 px,
                # elided: "…predicte…"; as before, their one line each aside).
                slack = 2 * t.scale  # (a hair over: not elided for it)
                pt = self._presenting_pt()
                whole = self._band_whole_height(texts, pt)
                if whole + slack > room:
                    heads = [first_clauses(text) for text in texts]
                    if self._band_whole_height(heads, pt) < whole:  # (fewer lines: else whole)
                        said = heads
                    room = most
            pad = 2 * t.scale
            height = 0.0
            short = said != texts
            if items:
                _, height, cut = self._band_lines(said, width, room - pad, most - pad)
                short = short or cut
            self._band_legend = legend and height + float(lr.height()) + pad <= room
            if self._band_legend:
                height += float(lr.height())
            self._band_height = height + pad if (items or self._band_legend) else 0.0
            label.setVisible(bool(items))
            label.setToolTip("\n".join(texts))  # (whole, when the band elides them)
            if short:  # (and in the window's status bar: nothing lost)
                self.band_shortened.emit(" · ".join(texts))
            # Laid out now, not at the next turn: the band's place is read below (the
            # plot's new size asks for another pass, for the view fitted to it).
            self._fit_header()
        legend = legend and self._band_legend
        if self._made("legend") and "legend" in self._in_band:
            self.legend.setOpacity(1.0 if legend else 0.0)  # (no room in the band: hidden)
        if self._band_height <= 0:
            return None
        g = self._vb.geometry()  # (in the plot's coordinates)
        band = QtCore.QRectF(g.left(), g.top() - self._band_height, g.width(), self._band_height)
        inset = 4 * t.scale - label.document().documentMargin()
        label.setPos(band.left() + inset, band.top())
        if legend:
            below = float(label.boundingRect().height()) if items else 0.0
            self._legend_to(plot, (band.right() - lr.width(), band.top() + below))
        elif self._made("legend") and self.legend.parentItem() is not self._vb:
            self.legend.setParentItem(self._vb)
        r = plot.mapRectToScene(band)
        return (r.x(), r.y(), r.width(), r.height())

"""The dual view: α per point and the Gram matrix G = [xᵢ·xⱼ] (the kernel's K(xᵢ, xⱼ))."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.axes import SteadyAxis, quiet_hidden_axes, steady_axes
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.i18n import kernel_name
from perceptron_gui.app.panels.common import (
    QWIDGETSIZE_MAX,
    RunFrameGate,
    least_height_for_width,
    make_label,
    style_axes,
    style_label,
)
from perceptron_gui.app.qtutil import paint_with_window
from perceptron_gui.app.theme import LABEL_PT, TICK_PT, theme
from perceptron_gui.core.numbers import MINUS, format_number
from perceptron_gui.core.protocol import Algorithm

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]

#: Up to this many points the dual view is a table of numbers, above it a heatmap.
GRAM_TABLE_MAX = 12
#: Significant digits of the numbers in the small Gram table.
GRAM_TABLE_DIGITS = 4
#: The heatmap shows at most this many rows and columns of G.
GRAM_BLOCK = 400


def _current_point(t: Algorithm) -> int | None:
    """The point of the last visit, if there is one."""
    last = t.last
    if last is None or t.visits == 0 or not 0 <= last.index < t.n:
        return None
    return int(last.index)


class _Plots(pg.GraphicsLayoutWidget):
    """The heatmap's and the bars' view, saying when it was resized (a signal, not an event
    filter on it: a filter's Python method was called, and crashed, while the window that
    held it was being deleted)."""

    resized = QtCore.Signal()

    def resizeEvent(self, ev: QtGui.QResizeEvent | None) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        self.resized.emit()


class DualView(QtWidgets.QWidget):
    """α per point and the Gram matrix G = [xᵢ·xⱼ].

    Up to `GRAM_TABLE_MAX` points: a table of numbers with the columns of G, y and
    α. Above: a square heatmap of G (rows and columns numbered 1 … N as the points
    are) with a colour bar centred on 0, and α as horizontal bars beside the rows
    they belong to; above `GRAM_BLOCK` points, a `GRAM_BLOCK` × `GRAM_BLOCK` block of
    G around the current point. The row of the current point is highlighted. G is
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

        self._title = make_label(name="dualTitle")
        self._note = make_label(name="dualNote")
        # The table and the heatmap's view are made when the view is first shown (`_build`),
        # the heatmap's plots when first drawn on screen (`_ensure_plots`): the view is a
        # tab in the back until asked for (made with the window they were ~2 ms of its CPU).
        self._built = False
        self._made = False
        self._draw_pending = False  # a table or a heatmap to draw when first shown
        self._squaring = False  # (`_square` is laying the heatmap out)
        #: The heatmap's column and row titles shortened ("column j"), as `_square` found
        #: them too long for their axes.
        self._short_titles = (False, False)

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self._title)
        layout.addWidget(self._note)
        self._layout = layout

        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()  # sets the texts too (`retranslate`)
        theme().changed.connect(self.apply_theme)

    def retranslate(self) -> None:
        """Title, axis titles and the note in the current language."""
        self._title.setText(self._title_text(self._controller.trainer))
        if self._made:
            self._title_axes()
            self._square_soon()
        self._note.setText(self._note_for(self._controller.trainer, self._alpha is not None))

    def _title_text(self, t: Algorithm) -> str:
        """The matrix's name: the dual's Gram matrix of dot products, or the kernel's
        matrix K(xᵢ, xⱼ) with the kernel's name and formula (its cells are K's values)."""
        if t.spec.has_w:
            return self.tr("Gram matrix G = [xᵢ·xⱼ]")
        c = t.config
        if c.kernel == "poly":
            formula = f"(xᵢ·xⱼ + {fmt.fmt(c.coef0)})^{c.degree}"
        elif c.kernel == "rbf":
            formula = f"exp(−‖xᵢ − xⱼ‖²/(2·{fmt.fmt(c.sigma)}²))"
        else:
            formula = "xᵢ·xⱼ"
        return self.tr("kernel matrix K(xᵢ, xⱼ) = {formula} ({kernel} kernel)").format(
            formula=formula.replace("-", "−"), kernel=kernel_name(c.kernel)
        )

    def _titles(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The heatmap's axis titles, (whole, short) for the columns and for the rows."""
        return (
            (self.tr("column j (point)"), self.tr("column j")),
            (self.tr("row i (point)"), self.tr("row i")),
        )

    def _title_axes(self) -> None:
        (column, column_short), (row, row_short) = self._titles()
        style_axes(
            self._gplot,
            column_short if self._short_titles[0] else column,
            row_short if self._short_titles[1] else row,
        )
        style_axes(self._aplot, "α", "")
        self._aplot.getAxis("left").setWidth(int(8 * theme().scale))

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._draw_pending:
            self.rebuild()
        self._keep_texts_whole()

    def hideEvent(self, event: QtGui.QHideEvent) -> None:  # noqa: N802 (Qt override)
        super().hideEvent(event)
        # (a tab in the back: the tabs' least height is their page in front's)
        if self.minimumHeight() and not event.spontaneous():
            self.setMinimumHeight(0)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._keep_texts_whole()

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.LayoutRequest:  # (a text, a font, a plot)
            self._keep_texts_whole()
        return super().event(event)

    def _keep_texts_whole(self) -> None:
        """While in front, at least as tall as its title and note wrapped at its width, and
        its table or heatmap at their least (times the UI scale): the scroll area round
        the tables scrolls it rather than squeeze them (at UI scale 2 beside the canvas on
        1024×768 the note's last line was cut under a heatmap 72 px high whose tick labels
        ran together); at scale 1 the least is what the layout had."""
        least = least_height_for_width(self._layout, self.width()) if self.isVisible() else 0
        if least and self._built:  # (the table's or heatmap's least, 70 px, at the scale)
            below = self._stack.minimumSizeHint().height()
            least += max(0, round(below * theme().ui_scale) - below)
        if least != self.minimumHeight():
            self.setMinimumHeight(least)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Fonts and colours from the theme; then rebuild."""
        t = theme()
        style_label(self._title, LABEL_PT, bold=True)
        style_label(self._note, TICK_PT)
        if self._built:
            self._style_table()
        self.retranslate()
        if self._made:
            self._style_plots()
            self._square_soon()
        self._highlight_brush = QtGui.QBrush(t.tint("highlight", 160))
        self.rebuild()

    def _style_table(self) -> None:
        """The table's fonts and the heatmap's background from the theme."""
        t = theme()
        font = t.font(TICK_PT)
        self._table.setFont(font)
        bold = t.font(TICK_PT, bold=True)
        self._table.horizontalHeader().setFont(bold)
        self._table.verticalHeader().setFont(bold)
        self._table.verticalHeader().setDefaultSectionSize(
            QtGui.QFontMetrics(font).height() + int(8 * t.scale)
        )
        self._plots.setBackground(t.color("background"))

    def _style_plots(self) -> None:
        """The heatmap's and the bars' fonts and colours from the theme."""
        t = theme()
        cb_axis = self._colorbar.getAxis("right")
        cb_axis.setTickFont(t.font(TICK_PT))
        cb_axis.setTextPen(pg.mkPen(t.color("ink")))
        cb_axis.setLabel("xᵢ·xⱼ", color=t.palette.ink, **{"font-size": f"{t.pt(LABEL_PT)}pt"})
        cb_axis.resizeEvent()  # the label centred again for its new size (pyqtgraph waits)
        self._row_box.setPen(pg.mkPen(t.color("ink"), width=3 * t.scale))
        self._bars.setOpts(brush=t.color("alpha"))
        self._bar_now.setOpts(brush=t.color("highlight"), pen=pg.mkPen(t.color("ink")))

    # ------------------------------------------------------------------ setup

    def _build(self) -> None:
        """Make the table and the heatmap's view (once), in the current theme."""
        if self._built:
            return
        self._built = True
        self._stack = QtWidgets.QStackedWidget(self)
        self._table = QtWidgets.QTableWidget(self)
        self._table.setObjectName("gramTable")
        self._table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._plots = _Plots(self)
        self._plots.resized.connect(self._square_soon)
        paint_with_window(self._plots)
        self._stack.addWidget(self._table)
        self._stack.addWidget(self._plots)
        self._layout.addWidget(self._stack, 1)
        self._style_table()
        # Named for screen readers, as the window's widgets made with it were.
        from perceptron_gui.app.accessibility import name_widgets

        name_widgets(self)

    def _ensure_plots(self) -> None:
        """Make the heatmap's plots (once; the panel first, if not yet shown), in the
        current theme and language."""
        if self._made:
            return
        self._build()
        self._made = True
        self._create_plots()
        self._title_axes()
        self._style_plots()
        self._square_soon()

    def _create_plots(self) -> None:
        lay = self._plots.ci
        # (Roomy: in a short strip the square is ~80 px, and 10, 20, 30 ran together.)
        g = self._plots.addPlot(row=0, col=0, enableMenu=False, axisItems=steady_axes(roomy=True))
        quiet_hidden_axes(g)
        g.hideButtons()
        vb = g.getViewBox()
        vb.invertY(True)
        # Square cells: the matrix reads as a matrix at any panel shape. The view box is
        # made square (`_square`), not its range: a locked aspect in a wide panel widened
        # the range instead (40 points: columns −46 … 87, the matrix a third of its axes).
        bottom = g.getAxis("bottom")
        # (Its title is kept inside the plot by `_square`, after each layout: connected to
        # the axis's geometryChanged, as the bound panel's is, the slot ran while a deleted
        # window's items went, and the process crashed.)
        # Its height kept when a narrow square has no room for a tick's number: the view
        # box grew by the numbers' 18 px and was no longer square.
        bottom.setStyle(autoReduceTextSpace=False)
        self._image = pg.ImageItem(axisOrder="row-major")
        g.addItem(self._image)
        self._row_box = QtWidgets.QGraphicsRectItem()
        self._row_box.setZValue(10)
        vb.addItem(self._row_box, ignoreBounds=True)
        cmap = pg.colormap.get("CET-D1")
        self._colorbar = pg.ColorBarItem(
            values=(-1.0, 1.0), colorMap=cmap, interactive=False, width=18
        )
        self._colorbar.setImageItem(self._image)
        lay.addItem(self._colorbar, row=0, col=1)

        # α as horizontal bars beside the rows they belong to (the rows are linked).
        a = self._plots.addPlot(row=0, col=2, enableMenu=False, axisItems=steady_axes())
        quiet_hidden_axes(a)
        a.hideButtons()
        a.setYLink(g)
        # Downwards as the heatmap's rows are (linked, the bars of x1 and x4 sat by rows 40
        # and 37: the range is shared, not the direction).
        a.getViewBox().invertY(True)
        a.setMouseEnabled(x=False, y=False)
        self._bars = pg.BarGraphItem(x0=0, y=np.zeros(0), width=np.zeros(0), height=0.8, pen=None)
        self._bar_now = pg.BarGraphItem(x0=0, y=np.zeros(0), width=np.zeros(0), height=0.8)
        a.addItem(self._bars)
        a.addItem(self._bar_now)
        lay.layout.setColumnStretchFactor(0, 4)
        lay.layout.setColumnStretchFactor(2, 1)
        self._gplot = g
        self._aplot = a

    def _square_soon(self) -> None:
        """`_square` at the event loop's next turn (the layouts that moved things are
        still running): at a resize of the plots, a new theme or language (the axes'
        sizes), and when the α bars come or go (the heatmap's share of the width)."""
        if self._made and not self._squaring:
            QtCore.QTimer.singleShot(0, self, self._square)

    def _square(self) -> None:
        """The heatmap's view box square, as large as the panel allows: its column no
        wider and its row no taller than that (the rest of the panel stays empty), so the
        matrix fills its axes exactly, with square cells. Never narrower than its short
        column title needs (over the left axis too: `SteadyAxis.keep_title_inside`), if
        the panel has the width: a short strip's cells are then wider than high. A title
        longer than its axis is the short one ("row i (point)" was cut to "row i (point"
        beside a heatmap 55 px high)."""
        if not self._made or self._squaring:
            return
        self._squaring = True
        try:
            grid = self._plots.ci.layout
            g = self._gplot
            vb = g.getViewBox()
            # As large as the panel lets it be, then cut to a square.
            grid.setColumnMaximumWidth(0, QWIDGETSIZE_MAX)
            grid.setRowMaximumHeight(0, QWIDGETSIZE_MAX)
            grid.activate()
            side = min(vb.width(), vb.height())
            if side <= 0:
                return
            (column, column_short), (row, _) = self._titles()
            around = g.width() - vb.width()  # the left axis and the margins
            width = min(vb.width(), max(side, self._title_width(column_short) - around))
            grid.setColumnMaximumWidth(0, around + width)
            grid.setRowMaximumHeight(0, g.height() - vb.height() + side)
            grid.activate()
            short = (self._title_width(column) > around + width, self._title_width(row) > side)
            if short != self._short_titles:
                self._short_titles = short
                self._title_axes()
            bottom = g.getAxis("bottom")
            assert isinstance(bottom, SteadyAxis)
            bottom.keep_title_inside()  # (a new title is centred on its axis again)
        finally:
            self._squaring = False

    def _title_width(self, text: str) -> float:
        """The length of an axis title `text` as the axes show it (`style_axes`)."""
        label = self._gplot.getAxis("bottom").label
        font = QtGui.QFont(label.font())
        font.setPointSizeF(theme().pt(LABEL_PT))
        pad = 2 * label.document().documentMargin()
        return float(QtGui.QFontMetricsF(font).horizontalAdvance(text) + pad)

    # ------------------------------------------------------------------ slots

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.DATA | Change.SETTINGS):
            self.rebuild()
        elif change & Change.MODEL:
            self._on_model_changed()

    def _on_model_changed(self) -> None:
        t = self._controller.trainer
        if t.n != self._n:
            self.rebuild()
            return
        if t.n > GRAM_BLOCK:
            start = self._block_start(t)
            if start != self._start:
                self.rebuild()
                return
        self._update_step()

    # -------------------------------------------------------------- drawing

    def _block_start(self, t: Algorithm) -> int:
        """The block moves in strides of half its size, so it changes rarely."""
        n = t.n
        if n <= GRAM_BLOCK:
            return 0
        cur = _current_point(t) or 0
        half = GRAM_BLOCK // 2
        start = (cur // half) * half - half // 2
        return int(min(max(start, 0), n - GRAM_BLOCK))

    def rebuild(self) -> None:
        """Recompute the G block and everything that depends on N (O(block²))."""
        t = self._controller.trainer
        n = t.n
        self._n = n
        self._title.setText(self._title_text(t))  # the kernel and its settings may change
        self._start = self._block_start(t)
        self._size = min(n, GRAM_BLOCK)
        if not self._built:
            if not self.isVisible():
                # Never shown: G, the table and the heatmap wait for the first show.
                self._draw_pending = True
                self._update_step()
                return
            self._build()
        self._draw_pending = False
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
            # Hidden (a tab in the back) and never drawn: drawn when first shown.
            self._draw_pending = not (self._made or self.isVisible())
            if not self._draw_pending:
                self._ensure_plots()
                self._fill_heatmap()
        self._update_step()

    def _fill_table(self, t: Algorithm) -> None:
        n = t.n
        tab = self._table
        tab.clear()
        tab.setRowCount(n)
        tab.setColumnCount(n + 2)
        names = [fmt.point_name(j) for j in range(n)]
        # y and α first: with 12 points the last columns may be scrolled out of sight.
        tab.setHorizontalHeaderLabels(["y", "α"] + names)
        tab.setVerticalHeaderLabels(names)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        # 4 digits: the matrix is read for its pattern; the tooltip has every digit.
        texts = fmt.format_numbers(self._gram, GRAM_TABLE_DIGITS)
        full = fmt.format_numbers(self._gram, None)
        for i in range(n):
            for j in range(n):
                item = QtWidgets.QTableWidgetItem(texts[i * n + j])
                item.setToolTip(full[i * n + j])
                item.setTextAlignment(right)
                tab.setItem(i, j + 2, item)
            yv = float(t.data.labels[i])
            item = QtWidgets.QTableWidgetItem("+1" if yv > 0 else "−1")
            item.setTextAlignment(right)
            item.setForeground(theme().color("positive" if yv > 0 else "negative"))
            tab.setItem(i, 0, item)
            item = QtWidgets.QTableWidgetItem("")
            item.setTextAlignment(right)
            item.setFont(theme().font(TICK_PT, bold=True))
            tab.setItem(i, 1, item)
        tab.resizeColumnsToContents()

    def _fill_heatmap(self) -> None:
        g = self._gram
        m = float(np.max(np.abs(g))) if g.size else 0.0
        m = m if m > 0 else 1.0
        # Row i (0-based) covers [i + 0.5, i + 1.5]: the integer ticks are the points' numbers.
        s, size = self._start, self._size
        self._image.setImage(g, autoLevels=False, levels=(-m, m))
        self._image.setRect(QtCore.QRectF(s + 0.5, s + 0.5, size, size))
        self._colorbar.setLevels((-m, m))
        lo, hi = s + 0.5, s + size + 0.5
        self._gplot.getViewBox().setRange(xRange=(lo, hi), yRange=(lo, hi), padding=0.0)
        ys = np.arange(s, s + size, dtype=np.float64) + 1.0
        self._bars.setOpts(y=ys, width=np.zeros(size))

    def _update_step(self) -> None:
        """Per step: α and the highlighted row only (O(block))."""
        t = self._controller.trainer
        n = t.n
        dual = t.has_alpha
        rows = slice(self._start, self._start + self._size)
        self._alpha = t.alpha_slice(rows) if dual and n else None
        cur = _current_point(t)
        self._row = cur
        self._note.setText(self._note_for(t, dual))
        if n == 0 or self._draw_pending:
            return  # the table or the heatmap is drawn, with this step, when first shown
        if n <= GRAM_TABLE_MAX:
            self._update_table(cur)
            return
        in_block = cur is not None and self._start <= cur < self._start + self._size
        if in_block:
            assert cur is not None
            self._row_box.setRect(QtCore.QRectF(self._start + 0.5, cur + 0.5, self._size, 1.0))
            self._row_box.show()
        else:
            self._row_box.hide()
        if self._aplot.isVisible() != dual:
            # A hidden item keeps its column in a graphics layout: give the room back too.
            self._aplot.setVisible(dual)
            self._aplot.setMaximumWidth(QWIDGETSIZE_MAX if dual else 0)
            self._square_soon()
        if self._alpha is not None:
            self._bars.setOpts(width=self._alpha)
            top = float(self._alpha.max()) if self._alpha.size else 0.0
            self._aplot.setXRange(0.0, max(top, 1e-300) * 1.05, padding=0.0)
            if in_block and cur is not None:
                # At least ~1 % of the plot high, so the current bar stays visible.
                height = max(0.8, self._size / 100)
                self._bar_now.setOpts(
                    y=[cur + 1.0], width=[self._alpha[cur - self._start]], height=height
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
                    alpha_item.setText(format_number(self._alpha[i], minus=MINUS))

    def _note_for(self, t: Algorithm, dual: bool) -> str:
        n = t.n
        if n == 0:
            return self.tr("no points")
        parts: list[str] = []
        if n > GRAM_BLOCK:
            a, b = self._start + 1, self._start + self._size
            nbytes = 8.0 * n * n
            where = (
                self.tr("around the current point")
                if _current_point(t) is not None
                else self.tr("(the first ones)")
            )
            parts.append(
                self.tr(
                    "G is N×N = {n}×{n} ({bytes}): showing rows/columns x{a}–x{b} {where}"
                ).format(n=fmt.size(n), bytes=fmt.nbytes(nbytes), a=a, b=b, where=where)
            )
        if not dual:
            parts.append(self.tr("Switch the mode to dual to see α (G depends on the points only)"))
        elif n <= GRAM_TABLE_MAX:
            parts.append(
                self.tr("α = η × updates on each point; the current point's row is yellow")
            )
        else:
            parts.append(
                self.tr(
                    "α = η × updates on each point (bars beside the rows); "
                    "the current row is outlined"
                )
            )
        return "\n".join(parts)

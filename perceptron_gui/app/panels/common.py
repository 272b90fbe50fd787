"""What the panels share: themed axes and labels, and a busy cursor."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pyqtgraph as pg
from pyqtgraph.Qt import QtCore, QtGui, QtWidgets

from perceptron_gui.app.theme import LABEL_PT, TICK_PT, theme

Qt = QtCore.Qt
#: Qt's "no maximum" for a widget size.
QWIDGETSIZE_MAX = (1 << 24) - 1


def style_axes(plot: pg.PlotItem, bottom: str, left: str) -> None:
    """Axes in the theme's ink and fonts, with two tick levels."""
    t = theme()
    tick_font = t.font(TICK_PT)
    label_style = {"color": t.palette.ink, "font-size": f"{t.pt(LABEL_PT)}pt"}
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
    """A plain-text, word-wrapped label (styled by `style_label`)."""
    lab = QtWidgets.QLabel(text)
    lab.setWordWrap(True)
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


__all__ = ["QWIDGETSIZE_MAX", "TICK_PT", "busy_cursor", "make_label", "style_axes", "style_label"]

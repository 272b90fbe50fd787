"""A row of a label and buttons that goes on on further lines where the width is short."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6 import QtCore, QtGui, QtWidgets


class FlowRow(QtWidgets.QWidget):
    """Its widgets in one row, the first at the left and the others at the right, each
    at its size hint; where the width does not hold them all, the others go on on
    further lines (each at the right), never squeezed nor scrolled.

    Qt's box layout squeezed a row's label below its text's width and then asked for
    more than its dock had: at UI scale 2 beside the canvas on 1024×768 the tables'
    "4 updates" broke into two lines and the dock scrolled 212 px sideways for Copy,
    Copy as and Export CSV….

    A widget that places its children itself, not a `QLayout` subclass: Qt deletes a
    layout's items behind a Python subclass's list of them, and a compare pane's table
    deleted with its window crashed the process (in the deferred deletes after
    test_compare's seventeenth test).

    Parameters
    ----------
    widgets
        The widgets, in their order (they become its children).
    parent
        Its parent widget, if any.
    """

    def __init__(
        self, widgets: Sequence[QtWidgets.QWidget], parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._widgets = list(widgets)
        for widget in self._widgets:
            widget.setParent(self)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    # ----------------------------------------------------------------- QWidget

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self._lay_out(width, place=False)

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        """All on one line."""
        shown = self._shown()
        width = sum(w.sizeHint().width() for w in shown)
        width += self._gap() * max(0, len(shown) - 1)
        height = max((w.sizeHint().height() for w in shown), default=0)
        return QtCore.QSize(width, height)

    def minimumSizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        """As wide as its widest widget (each on a line of its own), one line high (its
        height at a width: `heightForWidth`)."""
        shown = self._shown()
        width = max((w.sizeHint().width() for w in shown), default=0)
        height = max((w.sizeHint().height() for w in shown), default=0)
        return QtCore.QSize(width, height)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._lay_out(self.width(), place=True)

    def event(self, event: QtCore.QEvent) -> bool:
        # (a child shown, hidden or grown asks its parent, which has no layout, for one)
        if event.type() == QtCore.QEvent.Type.LayoutRequest:
            self.updateGeometry()
            self._lay_out(self.width(), place=True)
        return super().event(event)

    # ---------------------------------------------------------------- internals

    def _shown(self) -> list[QtWidgets.QWidget]:
        return [w for w in self._widgets if not w.isHidden()]

    def _gap(self) -> int:
        gap = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_LayoutHorizontalSpacing)
        return max(gap, 0)

    def _lay_out(self, width: int, *, place: bool) -> int:
        """The lines at `width` (placed if `place`); returns their height."""
        gap = self._gap()
        shown = self._shown()
        lines: list[list[QtWidgets.QWidget]] = [[]]
        used = 0
        for widget in shown:
            w = widget.sizeHint().width()
            if lines[-1] and used + gap + w > width:
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append(widget)
        first = shown[:1]
        y = 0
        for n, line in enumerate(lines):
            if not line:
                continue
            height = max(w.sizeHint().height() for w in line)
            if place:
                lead = line[:1] if n == 0 and line[:1] == first else []
                if lead:
                    size = lead[0].sizeHint()
                    top = y + (height - size.height()) // 2
                    lead[0].setGeometry(QtCore.QRect(0, top, size.width(), size.height()))
                x = width
                for widget in reversed(line[len(lead) :]):
                    size = widget.sizeHint()
                    x -= size.width()
                    top = y + (height - size.height()) // 2
                    widget.setGeometry(QtCore.QRect(x, top, size.width(), size.height()))
                    x -= gap
            y += height + (gap if n < len(lines) - 1 else 0)
        return y

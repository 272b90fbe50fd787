"""A row of a label and buttons that goes on on further lines where the width is short."""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets


class FlowRow(QtWidgets.QLayout):
    """Its widgets in one row, the first at the left and the others at the right, each
    at its size hint; where the width does not hold them all, the others go on on
    further lines (each at the right), never squeezed nor scrolled.

    Qt's box layout squeezed a row's label below its text's width and then asked for
    more than its dock had: at UI scale 2 beside the canvas on 1024×768 the tables'
    "4 updates" broke into two lines and the dock scrolled 212 px sideways for Copy,
    Copy as and Export CSV….

    Parameters
    ----------
    parent
        The widget it lays out, if any.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QtWidgets.QLayoutItem] = []

    # ------------------------------------------------------------------ QLayout

    def addItem(self, item: QtWidgets.QLayoutItem) -> None:  # noqa: N802 (Qt override)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QtWidgets.QLayoutItem | None:  # noqa: N802 (Qt override)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> QtCore.Qt.Orientation:  # noqa: N802 (Qt override)
        return QtCore.Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self._lay_out(QtCore.QRect(0, 0, width, 0), place=False)

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        """All on one line."""
        shown = self._shown()
        m = self.contentsMargins()
        width = sum(i.sizeHint().width() for i in shown)
        width += self._gap() * max(0, len(shown) - 1)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QtCore.QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QtCore.QSize:  # noqa: N802 (Qt override)
        """As wide as its widest widget (each on a line of its own), one line high (its
        height at a width: `heightForWidth`)."""
        shown = self._shown()
        m = self.contentsMargins()
        width = max((i.sizeHint().width() for i in shown), default=0)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QtCore.QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def setGeometry(self, rect: QtCore.QRect) -> None:  # noqa: N802 (Qt override)
        super().setGeometry(rect)
        self._lay_out(rect, place=True)

    # ---------------------------------------------------------------- internals

    def _shown(self) -> list[QtWidgets.QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _gap(self) -> int:
        gap = self.spacing()
        if gap < 0:  # (the style's, as a box layout's)
            parent = self.parentWidget()
            style = parent.style() if parent is not None else QtWidgets.QApplication.style()
            gap = style.pixelMetric(QtWidgets.QStyle.PixelMetric.PM_LayoutHorizontalSpacing)
            gap = max(gap, 0)
        return gap

    def _lay_out(self, rect: QtCore.QRect, *, place: bool) -> int:
        """The lines in `rect` (placed if `place`); returns their height."""
        m = self.contentsMargins()
        inner = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        gap = self._gap()
        lines: list[list[QtWidgets.QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            w = item.sizeHint().width()
            if lines[-1] and used + gap + w > inner.width():
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + w
            lines[-1].append(item)
        first = self._shown()[:1]
        y = inner.y()
        for n, line in enumerate(lines):
            if not line:
                continue
            height = max(i.sizeHint().height() for i in line)
            if place:
                lead = line[:1] if n == 0 and line[:1] == first else []
                if lead:
                    size = lead[0].sizeHint()
                    lead[0].setGeometry(
                        QtCore.QRect(
                            inner.x(),
                            y + (height - size.height()) // 2,
                            size.width(),
                            size.height(),
                        )
                    )
                x = inner.right() + 1
                for item in reversed(line[len(lead) :]):
                    size = item.sizeHint()
                    x -= size.width()
                    item.setGeometry(
                        QtCore.QRect(
                            x, y + (height - size.height()) // 2, size.width(), size.height()
                        )
                    )
                    x -= gap
            y += height + (gap if n < len(lines) - 1 else 0)
        return y - inner.y() + m.top() + m.bottom()

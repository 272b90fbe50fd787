"""The canvas's pyqtgraph items: axes, lines at any magnitude, and the view box."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar, overload

import numpy as np
import pyqtgraph as pg
from numpy.typing import ArrayLike, NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app.axes import SteadyAxis
from perceptron_gui.app.theme import theme
from perceptron_gui.core.geometry import clip_line
from perceptron_gui.core.numbers import MINUS

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]

#: The grid's minor lines are at least this many pixels apart (at UI scale 1): pyqtgraph
#: allows one every 2 px, and a fifth of a major interval drew graph paper (every 15 px
#: at UI scale 2 on 1920×1080, along one axis only: the other had halves).
MINOR_GRID_PX = 24.0

#: Qt silently drops a QPainterPath point with a coordinate of 1e128 or more; lines
#: whose points go beyond this are drawn scaled down (see `Line`).
_PATH_COORD_MAX = 1e100

T = TypeVar("T")

#: How a visual's items join the plot: (item, z) pairs, in their stacking order (the
#: canvas's `_place_part`).
Place = Callable[[list[tuple[QtWidgets.QGraphicsItem, float]]], None]


class OnUse(Generic[T]):
    """An item of the canvas made when first read: reading it makes its part (the items
    a plain start does not show, see `CanvasBase._make_part`), which then reads as a
    plain attribute (this is a non-data descriptor: the instance's own value wins)."""

    def __init__(self, part: str) -> None:
        self.part = part
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> OnUse[T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        obj._make_part(self.part)
        return obj.__dict__[self.name]


class ClickEvent(Protocol):
    """What the canvas uses of pyqtgraph's MouseClickEvent (pyqtgraph is untyped)."""

    def button(self) -> Qt.MouseButton: ...
    def modifiers(self) -> Qt.KeyboardModifier: ...
    def scenePos(self) -> QtCore.QPointF: ...  # noqa: N802
    def accept(self) -> None: ...
    def ignore(self) -> None: ...


class DragEvent(ClickEvent, Protocol):
    """What the canvas uses of pyqtgraph's MouseDragEvent."""

    def buttonDownScenePos(self) -> QtCore.QPointF: ...  # noqa: N802
    def isStart(self) -> bool: ...  # noqa: N802
    def isFinish(self) -> bool: ...  # noqa: N802


def _round_step(step: float) -> bool:
    """Whether `step` is 1, 2 or 5 times a power of ten (its ticks read in as many digits
    as pyqtgraph writes: a half of 0.5, 0.25, wrote 2.25 as "2.2")."""
    if not (step > 0 and math.isfinite(step)):
        return False
    mantissa = step / 10.0 ** math.floor(math.log10(step))
    return any(math.isclose(mantissa, m, rel_tol=1e-9) for m in (1.0, 2.0, 5.0, 10.0))


class Axis(SteadyAxis):
    """An axis whose neighbouring tick labels never read the same.

    pyqtgraph writes large and small values with ``%g`` (6 significant digits):
    around 1e150, ticks 5e134 apart would all read "1e+150". Then the major tick
    nearest the middle keeps its value and the others show their offset from it:
    "1e+150", "+5e+134", "−1e+135". Negative values have the minus sign −, as
    every number in the window.
    """

    def tickSpacing(  # noqa: N802 (pyqtgraph's)
        self, min_val: float, max_val: float, size: float
    ) -> list[tuple[float, float]]:
        """pyqtgraph's major interval; the minor one (the grid's fainter lines) its fifth
        or half, the finest at least MINOR_GRID_PX (times the UI scale) apart and 1, 2 or 5
        times a power of ten; else none."""
        levels: list[tuple[float, float]] = super().tickSpacing(min_val, max_val, size)
        dif = abs(max_val - min_val)
        if len(levels) < 2 or not (size > 0 and dif > 0 and math.isfinite(dif)):
            return levels
        major, minor = levels[0][0], levels[1][0]
        least = MINOR_GRID_PX * theme().scale * dif / size  # (in data units)
        for step in (minor, major / 5, major / 2):
            if step >= minor and step >= least and step < major and _round_step(step):
                return [levels[0], (step, levels[1][1])]
        return levels[:1]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        strings: list[str] = [
            s.replace("-", MINUS) for s in super().tickStrings(values, scale, spacing)
        ]
        if self.logMode or len(set(strings)) == len(strings):
            return strings
        lo, hi = sorted(float(v) for v in self.range)
        g = self.geometry()
        length = g.width() if self.orientation in ("top", "bottom") else g.height()
        major = self.tickValues(lo, hi, max(float(length), 100.0))[0][1]
        centre = (lo + hi) / 2
        ref = min(major, key=lambda v: abs(v - centre)) if len(major) else values[0]
        return [
            (f"{v * scale:g}" if v == ref else f"{(v - ref) * scale:+.3g}").replace("-", MINUS)
            for v in values
        ]


class Line(pg.PlotCurveItem):
    """A curve item that draws right at any magnitude (points go up to 1e150).

    Qt drops a path point with a coordinate of 1e128 or more (``QPainterPath``'s
    coordinate check), so a segment at 1e150 would be drawn from the origin. Beyond
    `_PATH_COORD_MAX` the points are stored divided by a power of two and the item's
    transform scales them back: `segment` gives the data coordinates, ``getData`` the
    stored ones (the same below `_PATH_COORD_MAX`).
    """

    _scale = 1.0

    def set_segment(self, x: ArrayLike, y: ArrayLike) -> None:
        """Draw the polyline through the points ``(x[i], y[i])`` (data coordinates)."""
        xa = np.asarray(x, dtype=np.float64)
        ya = np.asarray(y, dtype=np.float64)
        m = max(float(np.max(np.abs(xa), initial=0.0)), float(np.max(np.abs(ya), initial=0.0)))
        scale = math.ldexp(1.0, math.frexp(m)[1]) if m > _PATH_COORD_MAX else 1.0
        if scale != self._scale:
            self._scale = scale
            self.setTransform(QtGui.QTransform.fromScale(scale, scale))
        self.setData(xa / scale, ya / scale)

    def segment(self) -> tuple[FloatArray, FloatArray]:
        """The points in data coordinates."""
        x, y = self.getData()
        return np.asarray(x) * self._scale, np.asarray(y) * self._scale


def set_line(
    item: Line, a: FloatArray, c: float, rect: tuple[float, float, float, float]
) -> FloatArray | None:
    """Draw the line a·x + c = 0 clipped to `rect` with `item` (hidden when it misses
    `rect`); its two ends, or None."""
    ends = clip_line(a, c, rect) if np.isfinite(c) else None
    seg = None if ends is None else np.array(ends, dtype=np.float64)
    item.setVisible(seg is not None)
    if seg is not None:
        item.set_segment(seg[:, 0], seg[:, 1])
    return seg


class CanvasViewBox(pg.ViewBox):
    """A ViewBox whose left/right buttons edit and select instead of panning."""

    def __init__(self) -> None:
        super().__init__(enableMenu=False)
        self.on_click: Callable[[ClickEvent], None] | None = None
        self.on_drag: Callable[[DragEvent], None] | None = None
        #: Called after the user zoomed or panned (the wheel, a middle or axis drag).
        self.on_user_view: Callable[[], None] | None = None

    def _user_view(self) -> None:
        if self.on_user_view is not None:
            self.on_user_view()

    def wheelEvent(self, ev: object, axis: int | None = None) -> None:  # noqa: N802
        self._user_view()  # (first: the range's signal tells who moved it)
        super().wheelEvent(ev, axis)

    def mouseClickEvent(self, ev: ClickEvent) -> None:  # noqa: N802 (Qt override)
        if self.on_click is not None:
            self.on_click(ev)

    def mouseDragEvent(self, ev: DragEvent, axis: int | None = None) -> None:  # noqa: N802
        button = ev.button()
        if axis is not None or button == Qt.MouseButton.MiddleButton:
            # Middle drag pans; dragging an axis pans that axis.
            if button == Qt.MouseButton.LeftButton or button == Qt.MouseButton.MiddleButton:
                self.setMouseMode(pg.ViewBox.PanMode)
                self._user_view()
                super().mouseDragEvent(ev, axis)
            else:
                ev.ignore()
        elif button == Qt.MouseButton.LeftButton and self.on_drag is not None:
            self.on_drag(ev)
        else:
            # Right drag would zoom, but right click adds points; a shaky click
            # that turned into a drag should do nothing rather than zoom.
            ev.accept()

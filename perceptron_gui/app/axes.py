"""The axes of every plot in the window: pyqtgraph's, without re-laying out an unchanged title."""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QFontMetricsF

from perceptron_gui.app import format as fmt
from perceptron_gui.app import lazy_menus

# Every plot of the app imports this module: from here on, pyqtgraph's view-box menus are
# made when first asked for (lazy_menus.py), not with each plot.
lazy_menus.install()


class SteadyAxis(pg.AxisItem):
    """A pyqtgraph axis that sets its title's HTML only when the title changes, and keeps
    the title where it can be read.

    pyqtgraph gives the title its HTML again at every change of the axis's range (to
    rescale an SI prefix), and Qt lays the HTML out anew each time: ~80 µs an axis, with
    ranges that change at every frame of a run and every resize, the largest single cost
    of the test suite's windows (10 s of ~400 s of CPU). The text, its style and its
    prefix are all in the HTML, so an equal string is an equal title.

    pyqtgraph places the title (centred along the axis) only when the axis resizes: a new
    title kept the old one's place ("visits (points looked at)" where "visits" had been
    centred ran off the bound panel's right edge). Here a new title is placed at once;
    `keep_title_inside` moves one longer than its axis along it, into the plot.
    """

    _shown_html: str | None = None

    def _updateLabel(self) -> None:  # noqa: N802 (pyqtgraph's; it calls it)
        html = self.labelString()
        if html != self._shown_html:
            self._shown_html = html
            self.label.setHtml(html)
            self.resizeEvent()  # (its place for its own width)
        self._adjustSize()
        self.picture = None
        self.update()

    def keep_title_inside(self) -> None:
        """A horizontal axis's title longer than the axis: moved along it (from its centred
        place) to lie inside the plot, over the other axis's side if need be."""
        label, parent = self.label, self.parentItem()
        if label is None or parent is None or self.orientation not in ("top", "bottom"):
            return
        room = parent.mapRectToItem(self, parent.boundingRect())
        at = label.pos()
        x = max(min(at.x(), room.right() - label.boundingRect().width()), room.left())
        if x != at.x():
            label.setPos(x, at.y())


class RoomyAxis(SteadyAxis):
    """A `SteadyAxis` whose labelled ticks are never closer than their labels need.

    pyqtgraph picks its major ticks from the axis's length alone (at least 2.25
    intervals), whatever the size of its type, and labels every major tick: in the bound
    panel's narrow plot at UI scale 2, "0.4", "0.6" and "0.8" overprinted ("0.46.8").
    Here the major spacing grows (1, 2, 5 × 10ⁿ) until each label has its width (along
    a bottom axis) or its line's height (along a left one) and a gap; the minor ticks
    that divide it stay (pyqtgraph labels them only where there is room).
    """

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:  # noqa: N802, N803 (pyqtgraph's)
        levels: list[tuple[float, float]] = list(super().tickSpacing(minVal, maxVal, size))
        span = abs(maxVal - minVal)
        if self._tickSpacing is not None or not levels or span <= 0 or size <= 0:
            return levels
        spacing = float(levels[0][0])
        for _ in range(64):  # (each step at least doubles it: never near 64)
            if span / spacing * self._label_room(min(minVal, maxVal), span, spacing) <= size:
                break
            spacing = _coarser(spacing)
        if spacing == levels[0][0]:
            return levels
        minor = [lv for lv in levels[1:] if lv[0] < spacing and _divides(lv[0], spacing)]
        return [(spacing, 0.0), *minor]

    def _label_room(self, low: float, span: float, spacing: float) -> float:
        """The pixels between two ticks that their labels need: the widest label and a
        digit's width (bottom), or a line and a quarter (left)."""
        font = self.style.get("tickFont") or self.font()
        fm = QFontMetricsF(font)
        if self.orientation in ("left", "right"):
            return 1.25 * fm.height()
        first = math.ceil(low / spacing) * spacing
        count = min(int(span / spacing) + 1, 12)
        values = [first + i * spacing for i in range(count)]
        strings = self.tickStrings(values, self.autoSIPrefixScale * self.scale, spacing)
        widest = max((fm.horizontalAdvance(s) for s in strings), default=0.0)
        return widest + fm.horizontalAdvance("0")


def _coarser(spacing: float) -> float:
    """The next tick spacing of 1, 2 or 5 × 10ⁿ above `spacing`."""
    power = 10.0 ** math.floor(math.log10(spacing))
    mantissa = spacing / power
    if mantissa < 1.5:
        return 2.0 * power
    if mantissa < 3.5:
        return 5.0 * power
    return 10.0 * power


def _divides(minor: float, major: float) -> bool:
    """Whether `minor` goes a whole number of times into `major`."""
    ratio = major / minor
    return abs(ratio - round(ratio)) < 1e-6 * ratio


def steady_axes(*, roomy: bool = False) -> dict[str, SteadyAxis]:
    """The left and bottom axes of a plot (pyqtgraph makes the top and right ones, hidden:
    see `quiet_hidden_axes`); with `roomy`, ticks no closer than their labels need
    (`RoomyAxis`)."""
    kind = RoomyAxis if roomy else SteadyAxis
    return {name: kind(name) for name in ("left", "bottom")}


def quiet_hidden_axes(plot: pg.PlotItem) -> None:
    """The hidden top and right axes follow the range too: without an SI prefix to look
    for, a change of range no longer gives their (unshown) titles their HTML again."""
    for name in ("top", "right"):
        plot.getAxis(name).enableAutoSIPrefix(False)


def log_ticks(log_top: float, most: int = 8) -> list[list[tuple[float, str]]]:
    """Ticks of a log10 k axis from 1 to 10**`log_top`: decades, with 2 and 5 when there are
    few; at most about `most` labels."""
    decades = max(1, math.ceil(max(log_top, 1.0)))
    step = max(1, math.ceil(decades / max(1, most)))
    major = [(float(e), fmt.power(e)) for e in range(0, decades + 1, step)]
    minor: list[tuple[float, str]] = []
    if decades <= 3:
        minor = [(math.log10(m * 10.0**e), str(m * 10**e)) for e in range(decades) for m in (2, 5)]
    return [major, minor]

"""The axes of every plot in the window: pyqtgraph's, without re-laying out an unchanged title."""

from __future__ import annotations

import pyqtgraph as pg

from perceptron_gui.app import lazy_menus

# Every plot of the app imports this module: from here on, pyqtgraph's view-box menus are
# made when first asked for (lazy_menus.py), not with each plot.
lazy_menus.install()


class SteadyAxis(pg.AxisItem):
    """A pyqtgraph axis that sets its title's HTML only when the title changes.

    pyqtgraph gives the title its HTML again at every change of the axis's range (to
    rescale an SI prefix), and Qt lays the HTML out anew each time: ~80 µs an axis, with
    ranges that change at every frame of a run and every resize, the largest single cost
    of the test suite's windows (10 s of ~400 s of CPU). The text, its style and its
    prefix are all in the HTML, so an equal string is an equal title.
    """

    _shown_html: str | None = None

    def _updateLabel(self) -> None:  # noqa: N802 (pyqtgraph's; it calls it)
        html = self.labelString()
        if html != self._shown_html:
            self._shown_html = html
            self.label.setHtml(html)
        self._adjustSize()
        self.picture = None
        self.update()


def steady_axes() -> dict[str, SteadyAxis]:
    """The left and bottom axes of a plot (pyqtgraph makes the top and right ones, hidden:
    see `quiet_hidden_axes`)."""
    return {name: SteadyAxis(name) for name in ("left", "bottom")}


def quiet_hidden_axes(plot: pg.PlotItem) -> None:
    """The hidden top and right axes follow the range too: without an SI prefix to look
    for, a change of range no longer gives their (unshown) titles their HTML again."""
    for name in ("top", "right"):
        plot.getAxis(name).enableAutoSIPrefix(False)

"""Every plot's axes set their title's HTML only when the title changes (app/axes.py)."""

from __future__ import annotations

import pyqtgraph as pg
import pytest

from perceptron_gui.app.axes import SteadyAxis
from perceptron_gui.app.theme import theme


def _spy(axis: SteadyAxis) -> list[str]:
    calls: list[str] = []
    real = axis.label.setHtml
    axis.label.setHtml = lambda html: (calls.append(html), real(html))[1]
    return calls


def test_a_range_change_keeps_the_title_and_a_new_title_is_shown(qapp) -> None:  # noqa: ANN001, ARG001
    axis = SteadyAxis("left")
    axis.setLabel("mistakes", **{"font-size": "12pt"})
    calls = _spy(axis)
    for i in range(20):  # pyqtgraph rescales the SI prefix at every range change
        axis.setRange(0.0, 10.0 + i)
    assert calls == []
    axis.setLabel("updates k", **{"font-size": "12pt"})
    axis.setRange(0.0, 5.0)
    assert len(calls) == 1 and "updates k" in axis.label.toPlainText()
    axis.setRange(0.0, 5e9)  # a prefix: the title changes
    assert len(calls) == 2 and axis.labelString() == calls[-1]


@pytest.mark.long
def test_every_axis_in_the_window_is_steady(window) -> None:  # noqa: ANN001
    import probes

    window.load_example()
    window.step()
    probes.gram_plots(window.dual_view)
    window.proof_panel._ensure_plots()  # noqa: SLF001 (made when first drawn)
    axes = [
        item
        for view in window.findChildren(pg.GraphicsView)
        for item in view.scene().items()
        # (the Gram heatmap's colour bar makes its own: its range does not follow runs)
        if isinstance(item, pg.AxisItem) and not isinstance(item.parentItem(), pg.ColorBarItem)
    ]
    assert len(axes) >= 4 * 5  # the canvas, the bound plot, two proof and two Gram plots
    shown = [a for a in axes if a.orientation in ("left", "bottom")]
    hidden = [a for a in axes if a.orientation in ("top", "right")]
    assert all(isinstance(a, SteadyAxis) for a in shown), [type(a) for a in shown]
    assert not any(a.isVisible() or a.autoSIPrefix for a in hidden)
    axes = shown
    # A restyle (the theme's ink, the language's words) reaches every title: what each
    # shows is what pyqtgraph would write now.
    theme().set_name("dark")
    assert window.set_language("zh_CN")
    window.step()
    for a in axes:
        if a.label.isVisible():
            assert a._shown_html == a.labelString()  # noqa: SLF001
    titles = [a.label.toPlainText() for a in axes if a.label.isVisible()]
    assert any("更新" in t or "错误" in t or "访问" in t for t in titles), titles


@pytest.mark.long
def test_a_restyle_that_changes_no_title_sets_no_html(window) -> None:  # noqa: ANN001
    """A new η restyles the bound plot's axes (their titles follow the mode): the same ink,
    written as pyqtgraph writes it, leaves the titles' HTML as it was."""
    window.load_example()
    window.step()
    plot = window.bound_panel.plot.getPlotItem()
    calls = [_spy(plot.getAxis(name)) for name in ("left", "bottom")]
    assert window.set_eta(0.5)
    window.step()
    assert calls == [[], []]

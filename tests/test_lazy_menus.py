"""pyqtgraph's view-box menus are made when first asked for (app/lazy_menus.py)."""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu, QTableView

from perceptron_gui.app import axes  # noqa: F401  (installs the lazy menus, as the app does)
from perceptron_gui.app.lazy_menus import menu_made, plot_menu_made, plot_menus_lazy


def test_a_plot_makes_its_menu_on_first_use_with_the_views_state(qtbot) -> None:  # noqa: ANN001
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    vb = w.getPlotItem().getViewBox()
    assert vb.menuEnabled() and not menu_made(vb)
    vb.setXRange(2.0, 5.0, padding=0)  # a state the menu must show once made
    vb.invertY(True)
    menu = vb.getMenu(None)
    assert isinstance(menu, QMenu) and menu_made(vb)
    assert vb.getMenu(None) is menu  # made once
    assert "View All" in [a.text() for a in menu.actions()]
    assert menu.ctrl[1].invertCheck.isChecked()  # the view's state, read when made
    assert menu.ctrl[0].minText.text() == "2" and menu.ctrl[0].maxText.text() == "5"
    assert [a.text() for a in vb.getContextMenus(None)] == [a.text() for a in menu.actions()]


def test_a_right_click_opens_the_menu(qtbot, monkeypatch) -> None:  # noqa: ANN001
    from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

    shown: list[QMenu] = []  # (a real popup grabs the keyboard: offscreen Qt warns)
    monkeypatch.setattr(ViewBoxMenu, "popup", lambda self, *_: shown.append(self))
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    vb = w.getPlotItem().getViewBox()
    assert not menu_made(vb)

    class Click:  # what pyqtgraph's scene hands the view box on a right click
        acceptedItem = None

        def button(self) -> Qt.MouseButton:
            return Qt.MouseButton.RightButton

        def screenPos(self) -> QPointF:  # noqa: N802 (pyqtgraph's)
            return QPointF(10, 10)

        def accept(self) -> None:
            pass

    vb.mouseClickEvent(Click())
    assert menu_made(vb) and shown == [vb.menu]


def test_a_disabled_menu_is_never_made_and_comes_back_when_enabled(qtbot) -> None:  # noqa: ANN001
    vb = pg.ViewBox()
    vb.setMenuEnabled(False)
    assert vb.menu is None and vb.getContextMenus(None) == []
    vb.setMenuEnabled(True)
    assert not menu_made(vb)
    assert isinstance(vb.getMenu(None), QMenu)
    vb.setMenuEnabled(False)
    assert vb.menu is None
    assert isinstance(pg.ViewBox(enableMenu=False).getContextMenus(None), list)


def test_a_window_makes_no_menu_nor_hidden_part_until_used(qtbot, monkeypatch) -> None:  # noqa: ANN001
    from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

    from perceptron_gui import MainWindow

    made: list[object] = []
    real = ViewBoxMenu.__init__
    monkeypatch.setattr(ViewBoxMenu, "__init__", lambda self, v: made.append(v) or real(self, v))
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert made == []  # (without lazy_menus the canvas's plot made one, and threw it away)
    # Nor its plots' "Plot Options" (every plot of the window turns it off), and the
    # canvas shows its grid all the same.
    plot = w.canvas.getPlotItem()
    assert plot_menu_made(plot) is not plot_menus_lazy()
    plots = [
        item
        for view in w.findChildren(pg.GraphicsView)
        for item in view.scene().items()
        if isinstance(item, pg.PlotItem)
    ]
    assert len(plots) >= 2  # (the canvas, the bound plot with its curves; the proof's two
    # when its dock is shown: the window's first paint made three forms for their curves)
    assert [plot_menu_made(p) for p in plots] == [not plot_menus_lazy()] * len(plots)
    assert _grids(plot)[1] == _grids(plot)[2] not in (False, None)
    # Nor the keyboard's cursor, until K: then it shows where the cursor is.
    editor = w.accessibility.editor
    assert editor._mark is None
    w.act_keyboard_edit.trigger()
    assert editor.mark.isVisible() and editor.mark.scene() is w.canvas.scene()
    assert [tuple(p) for p in editor.mark.getData()] == [(editor.cursor[0],), (editor.cursor[1],)]
    w.act_keyboard_edit.trigger()
    assert not editor.mark.isVisible()
    # Nor the points' table, until View ▸ Points as a table: then it shows the points.
    assert w.findChild(QTableView, "pointsTable") is None
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    w.act_points_table.trigger()
    view = w.findChild(QTableView, "pointsTable")
    assert view is w.accessibility.points_view and view.isVisible()
    assert view.model().rowCount() == 3 and view.accessibleName()
    pg.ViewBox().getMenu(None)
    assert len(made) == 1


# --- the plots' own "Plot Options" menu (PlotItem.ctrlMenu and its form)

needs_lazy_plots = pytest.mark.skipif(
    not plot_menus_lazy(), reason="lazy_menus copies pyqtgraph 0.14.0's PlotItem.__init__ only"
)


def _grids(plot) -> list[object]:  # noqa: ANN001
    return [plot.getAxis(name).grid for name in ("top", "bottom", "left", "right")]


@needs_lazy_plots
def test_a_plot_makes_its_options_menu_on_a_right_click_with_its_grid(qtbot, monkeypatch) -> None:  # noqa: ANN001
    from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

    shown: list[QMenu] = []  # (a real popup grabs the keyboard: offscreen Qt warns)
    monkeypatch.setattr(ViewBoxMenu, "popup", lambda self, *_: shown.append(self))
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    plot = w.getPlotItem()
    assert not plot_menu_made(plot)
    plot.showGrid(x=True, y=True, alpha=0.3)  # the grid shows at once, the menu not made
    assert not plot_menu_made(plot)
    assert _grids(plot) == [76, 76, 76, 76]  # (0.3 of pyqtgraph's 255)

    class Click:  # what pyqtgraph's scene hands the view box on a right click
        acceptedItem = None

        def button(self) -> Qt.MouseButton:
            return Qt.MouseButton.RightButton

        def screenPos(self) -> QPointF:  # noqa: N802 (pyqtgraph's)
            return QPointF(10, 10)

        def accept(self) -> None:
            pass

    plot.getViewBox().mouseClickEvent(Click())
    assert plot_menu_made(plot) and len(shown) == 1
    # The view box's menu holds the plot's: "Plot Options" and its six parts.
    options = [a.menu() for a in shown[0].actions() if a.menu() is plot.ctrlMenu]
    assert len(options) == 1
    assert [a.text() for a in plot.ctrlMenu.actions()] == [
        "Transforms", "Downsample", "Average", "Alpha", "Grid", "Points"
    ]  # fmt: skip
    # The form shows the grid given before it was made, and works as pyqtgraph's.
    c = plot.ctrl
    assert c.xGridCheck.isChecked() and c.yGridCheck.isChecked()
    assert c.gridAlphaSlider.value() == 76 and _grids(plot) == [76, 76, 76, 76]
    c.yGridCheck.setChecked(False)
    assert _grids(plot) == [76, 76, False, False]
    c.logXCheck.setChecked(True)
    assert plot.getAxis("bottom").logMode


@needs_lazy_plots
@pytest.mark.parametrize(
    "calls",
    [
        [{"x": True}],
        [{"x": False}],
        [{"alpha": 0.5}],
        [{"x": True, "y": True, "alpha": 0.2}, {"y": False}],
        [{"y": True}, {"alpha": 2.0}, {"x": True, "alpha": 0.0}],
    ],
)
def test_show_grid_before_the_menu_is_made_as_pyqtgraphs_own(qtbot, calls) -> None:  # noqa: ANN001
    lazy, eager = pg.PlotWidget(), pg.PlotWidget()
    qtbot.addWidget(lazy)
    qtbot.addWidget(eager)
    assert eager.getPlotItem().ctrl is not None  # made: pyqtgraph's showGrid from here
    for kw in calls:
        lazy.getPlotItem().showGrid(**kw)
        eager.getPlotItem().showGrid(**kw)
        assert _grids(lazy.getPlotItem()) == _grids(eager.getPlotItem())
    assert not plot_menu_made(lazy.getPlotItem())
    made, ref = lazy.getPlotItem().ctrl, eager.getPlotItem().ctrl
    assert lazy.getPlotItem().stateGroup.state() == eager.getPlotItem().stateGroup.state()
    assert made.gridAlphaSlider.value() == ref.gridAlphaSlider.value()
    assert _grids(lazy.getPlotItem()) == _grids(eager.getPlotItem())


@needs_lazy_plots
def test_a_plot_with_data_and_a_closed_plot(qtbot) -> None:  # noqa: ANN001
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    plot = w.getPlotItem()
    curve = plot.plot([1, 2, 3], [1, 10, 100])  # (the form's answers without the form)
    assert not plot_menu_made(plot)
    plot.setLogMode(y=True)  # (made then)
    assert plot_menu_made(plot) and curve.opts["logMode"] == [False, True]
    other = pg.PlotWidget()
    other.close()  # (pyqtgraph's close: no menu made for it, none to take down)
    assert other.plotItem is None


@needs_lazy_plots
def test_curves_added_before_the_form_get_what_the_form_gives(qtbot) -> None:  # noqa: ANN001
    """A plot makes no form for its curves (the window's three plots made three, ~8 ms of
    its start): each curve gets what a fresh form answers, as on a plot whose form is
    made; the form made after lists their parameters and changes them all."""
    from perceptron_gui.app.lazy_menus import _FORM_CURVE

    lazy, eager = pg.PlotWidget(), pg.PlotWidget()
    qtbot.addWidget(lazy)
    qtbot.addWidget(eager)
    ref = eager.getPlotItem()
    c = ref.ctrl  # made first: pyqtgraph's addItem from here
    form = (
        (c.logXCheck.isChecked(), c.logYCheck.isChecked()),
        ref.alphaState(),
        c.subtractMeanCheck.isChecked(),
        c.fftCheck.isChecked(),
        ref.downsampleMode(),
        ref.clipToViewMode(),
    )
    assert form == _FORM_CURVE
    assert not (c.maxTracesCheck.isChecked() or c.averageGroup.isChecked())
    curves = []
    for w in (lazy, eager):
        plot = w.getPlotItem()
        plot.addLegend()
        curves.append(
            (
                plot.plot([1, 2, 3], [1, 10, 100], name="a"),
                plot.plot(x=[0, 1], y=[2, 3], pen="r", params={"run": 1}),
                plot.plot([1, 2], [3, 4], name="b", pen=None, symbol="o"),
            )
        )
        plot.addItem(pg.InfiniteLine(pos=1), ignoreBounds=True)
    plot = lazy.getPlotItem()
    assert not plot_menu_made(plot)
    for mine, theirs in zip(*curves, strict=True):
        assert mine.opts == theirs.opts
    assert [i.name() for i in plot.dataItems] == [i.name() for i in ref.dataItems]
    assert len(plot.items) == len(ref.items) and len(plot.curves) == len(ref.curves)
    assert [label.text for _, label in plot.legend.items] == ["a", "b"]
    with pytest.warns(UserWarning, match="already added"):
        plot.addItem(curves[0][0])
    # The form, made now, lists the curves' parameters and sets every curve, as pyqtgraph's.
    made = plot.ctrl
    assert made.avgParamList.count() == c.avgParamList.count() == 1
    assert plot.stateGroup.state() == ref.stateGroup.state()
    made.alphaGroup.setChecked(True)
    made.alphaSlider.setValue(500)
    c.alphaSlider.setValue(500)
    for mine, theirs in zip(*curves, strict=True):
        assert mine.opts["alphaHint"] == theirs.opts["alphaHint"] != 1.0

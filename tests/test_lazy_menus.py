"""pyqtgraph's view-box menus are made when first asked for (app/lazy_menus.py)."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu

from perceptron_gui.app import axes  # noqa: F401  (installs the lazy menus, as the app does)
from perceptron_gui.app.lazy_menus import menu_made


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


def test_a_window_makes_no_view_box_menu(qtbot, monkeypatch) -> None:  # noqa: ANN001
    from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

    from perceptron_gui import MainWindow

    made: list[object] = []
    real = ViewBoxMenu.__init__
    monkeypatch.setattr(ViewBoxMenu, "__init__", lambda self, v: made.append(v) or real(self, v))
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    assert made == []  # (without lazy_menus the canvas's plot made one, and threw it away)
    pg.ViewBox().getMenu(None)
    assert len(made) == 1

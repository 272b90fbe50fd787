"""View ▸ View of R^d: the view of points with d > 2 features chosen from the menu.

Follow w, pin the view, or two features, and which two: x₁ … x_d in two submenus
(Feature across, Feature up) made for the data on screen. The actions are the window's
(`window/actions.py`); they call `MainWindow.set_dims_view` as a script does, and their
checks follow the view whoever changed it. In the plane (d = 2) they are off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from perceptron_gui.app.controller import Change
from perceptron_gui.app.window.dims import feature_name

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow


class DimsMenu:
    """A part of `MainWindow`: the View of R^d menu's actions, kept in step with the view."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        m = window.action_manager
        self.kinds: dict[str, QAction] = {
            "follow": m.action("dims_follow"),
            "pinned": m.action("dims_pin"),
            "features": m.action("dims_features"),
        }
        self.menu: QMenu = m.menus["dims"]
        self.across: QMenu = m.menus["dims_across"]
        self.up: QMenu = m.menus["dims_up"]
        self._groups = (QActionGroup(self.across), QActionGroup(self.up))
        self._d = -1
        window.controller.changed.connect(self._on_controller_changed)
        window.dims.axes_changed.connect(self.sync)
        self._on_controller_changed(Change.DATA)

    def feature_actions(self, which: str) -> list[QAction]:
        """The actions x₁ … x_d of "across" or "up"."""
        return (self.across if which == "across" else self.up).actions()

    def _on_controller_changed(self, change: Change) -> None:
        if not change & Change.DATA:
            return
        d = self.w.controller.data.dim
        if d != self._d:
            self._d = d
            self._fill(d if d > 2 else 0)
        on = d > 2
        for menu in (self.menu, self.across, self.up):
            menu.setEnabled(on)
        for a in self.kinds.values():
            a.setEnabled(on)
        self.sync()

    def _fill(self, d: int) -> None:
        for menu, group, which in (
            (self.across, self._groups[0], "across"),
            (self.up, self._groups[1], "up"),
        ):
            menu.clear()  # (deletes the actions it made)
            for j in range(d):
                a = menu.addAction(feature_name(j))
                a.setObjectName(f"dims{which.capitalize()}{j + 1}Action")
                a.setCheckable(True)
                group.addAction(a)
                a.triggered.connect(lambda _=False, j=j, which=which: self._choose(which, j))

    def _choose(self, which: str, j: int) -> None:
        """x_j across (or up); the other axis keeps its feature, or takes this one's old
        feature when they would be the same."""
        i0, j0 = self.w.dims.features
        if which == "across":
            pair = (j, j0 if j0 != j else i0)
        else:
            pair = (i0 if i0 != j else j0, j)
        self.w.set_dims_view("features", pair)

    def sync(self) -> None:
        """The checks as the view is (a script may have changed it)."""
        dims = self.w.dims
        self.kinds[dims.kind].setChecked(True)
        i, j = dims.features
        for which, k in (("across", i), ("up", j)):
            actions = self.feature_actions(which)
            if k < len(actions):
                actions[k].setChecked(True)  # (the group unchecks the one before)

"""pyqtgraph's view-box context menus, made when first asked for instead of with each plot.

pyqtgraph builds a `ViewBoxMenu` (two option forms and a dozen actions, ~8–10 ms of CPU)
in every `ViewBox.__init__` whose menu is enabled, the default: the canvas's plot made one
and threw it away at once (it turns its menus off after it is made). With `install()` a
view box holds a marker instead, and the menu is made the first time anything reads
`view_box.menu` (a right click, `getMenu`, `getContextMenus`): the same menu, in the same
state, since `ViewBoxMenu.__init__` reads the view's state when it is made. Turning the
menu off before it was ever made makes nothing.
"""

from __future__ import annotations

import sys
from typing import Any

_PENDING: Any = object()  # "a menu is enabled but not made yet"
_installed = False


def install() -> None:
    """Patch pyqtgraph's ViewBox (once per process)."""
    global _installed
    if _installed:
        return
    import pyqtgraph as pg  # noqa: F401  (loads the ViewBox module)

    module: Any = sys.modules["pyqtgraph.graphicsItems.ViewBox.ViewBox"]
    view_box: Any = module.ViewBox
    real_menu: Any = module.ViewBoxMenu
    real_update_view_lists = view_box.updateViewLists

    def get_menu(self: Any) -> Any:
        menu = self.__dict__.get("_lazy_menu")
        if menu is _PENDING:
            menu = real_menu(self)
            self.__dict__["_lazy_menu"] = menu
            real_update_view_lists(self)  # the linked-views lists, as a made menu gets them
        return menu

    def set_menu(self: Any, value: Any) -> None:
        self.__dict__["_lazy_menu"] = value

    def apply_menu_enabled(self: Any) -> None:
        enabled = self.state.get("enableMenu", True)
        menu = self.__dict__.get("_lazy_menu")
        if enabled and menu is None:
            self.__dict__["_lazy_menu"] = _PENDING
        elif not enabled and menu is not None:
            if menu is not _PENDING:
                menu.setParent(None)
            self.__dict__["_lazy_menu"] = None

    def update_view_lists(self: Any) -> None:
        if self.__dict__.get("_lazy_menu") is not _PENDING:
            real_update_view_lists(self)
            return
        # No menu to fill yet: only the linking by name, with the marker out of the way.
        self.__dict__["_lazy_menu"] = None
        try:
            real_update_view_lists(self)
        finally:
            self.__dict__["_lazy_menu"] = _PENDING

    module.ViewBoxMenu = lambda view: _PENDING  # what ViewBox.__init__ stores as its menu
    view_box.menu = property(get_menu, set_menu)
    view_box._applyMenuEnabled = apply_menu_enabled
    view_box.updateViewLists = update_view_lists
    _installed = True


def menu_made(view_box: Any) -> bool:
    """Whether `view_box`'s context menu has been made (for tests)."""
    menu = view_box.__dict__.get("_lazy_menu")
    return menu is not None and menu is not _PENDING

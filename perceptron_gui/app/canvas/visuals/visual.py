"""What every visual shares: its items, made the first time they are needed, and its style.

A visual is one kind of drawing over the canvas's `ViewModel`. It owns its items and makes
them the first time one is needed (`make`; a plain start shows few of them), hands them
to its host in their stacking order (`place`), and restyles them from the theme at the
model's `theme` event (and its fixed texts at the `language` event): the host tells the
model once, not each visual.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from PySide6 import QtWidgets

from perceptron_gui.app.canvas.items import Place
from perceptron_gui.app.canvas.view_model import ViewModel

ItemsT = TypeVar("ItemsT")
#: The items as the host places them: (item, z) pairs, in their stacking order.
Placed = list[tuple[QtWidgets.QGraphicsItem, float]]


class Area(Protocol):
    """Shows a large area's new drawing now, or while a run goes at its turn: (key, show).

    `at_once` shows it now even while a run goes, for a drawing that cannot wait (the one
    shown no longer fits what it is drawn over: a subset of points past their new end);
    the gate counts it as a change like any other (the next waits its turn from it)."""

    def __call__(self, key: str, show: Callable[[], None], /, *, at_once: bool = False) -> None:
        """Show `show`'s drawing for `key` now or at its turn."""


def now(_: str, show: Callable[[], None], /, *, at_once: bool = False) -> None:
    """An `Area` that shows every drawing now (a visual without a host's gate)."""
    show()


class Visual(Generic[ItemsT]):
    """A visual's items, made on first use, and its style from the theme.

    Parameters
    ----------
    model
        What is shown.
    place
        Adds the items to the plot (in the host's stacking order), once, when first made.

    Notes
    -----
    A visual says how its items are made (`_make`, hidden by `make` once placed) and
    styled (`_style`, given the items); its texts in the language (`retranslate`), if any.
    """

    def __init__(self, model: ViewModel, place: Place) -> None:
        self.model = model
        self._place = place
        self._items: ItemsT | None = None
        model.events.theme.connect(self.style)
        model.events.language.connect(self.retranslate)

    @property
    def made(self) -> bool:
        """Whether the items have been made (a plain start does not show them all)."""
        return self._items is not None

    def make(self) -> None:
        """Make the items (hidden, styled), once."""
        if self._items is not None:
            return
        items, placed = self._make()
        self._items = items
        self._place(placed)
        for item, _ in placed:
            item.setVisible(False)
        self.style()

    def _made_items(self) -> ItemsT:
        """The items, made first if they are not yet."""
        self.make()
        assert self._items is not None
        return self._items

    def style(self) -> None:
        """Sizes and colours from the theme (nothing before the items are made)."""
        if self._items is not None:
            self._style(self._items)

    def retranslate(self) -> None:
        """The visual's fixed texts in the current language (none by default)."""

    def _make(self) -> tuple[ItemsT, Placed]:
        """The new items, and how they are placed (each visual says)."""
        raise NotImplementedError

    def _style(self, items: ItemsT) -> None:
        """Style the items from the theme (each visual says)."""
        raise NotImplementedError

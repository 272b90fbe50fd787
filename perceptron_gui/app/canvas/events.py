"""The view model's events: one per fact of what is shown, as napari's layers emit theirs.

Qt-free (the standard library only): a visual connects a callback to the events of what
it draws, and the view model emits each when that fact changed. Callbacks take no
arguments: they read what they need from the model.
"""

from __future__ import annotations

from collections.abc import Callable

Callback = Callable[[], None]


class Event:
    """One fact that changes: callbacks connected to it run, in the order they were
    connected, each time it is emitted."""

    def __init__(self) -> None:
        self._callbacks: list[Callback] = []

    def connect(self, callback: Callback) -> None:
        """Run `callback` at each emit (once, however often it is connected)."""
        if callback not in self._callbacks:
            self._callbacks.append(callback)

    def disconnect(self, callback: Callback) -> None:
        """Run `callback` no more (nothing if it was not connected)."""
        if callback in self._callbacks:
            self._callbacks.remove(callback)

    def emit(self) -> None:
        """Tell every callback connected that the fact changed."""
        for callback in list(self._callbacks):  # (a callback may disconnect itself)
            callback()


class ViewEvents:
    """The view model's events, by the fact that changed."""

    def __init__(self) -> None:
        #: The points or their classes.
        self.points = Event()
        #: The points marked as mistakes.
        self.mistakes = Event()
        #: The point of the last step or visit.
        self.current = Event()
        #: The selected points.
        self.selection = Event()
        #: The dual coefficients α shown.
        self.alpha = Event()
        #: The running model.
        self.model = Event()
        #: The running line as drawn (once per computation of the model's drawing).
        self.line = Event()
        #: The answer (the pocket, the average, the vote) or whether it comes first.
        self.answer = Event()
        #: The update's picture: which update, or its phase (predict, reveal, correct).
        self.update = Event()
        #: The margin band's width.
        self.band = Event()
        #: Novikoff's quantities, or which of them are shown.
        self.novikoff = Event()
        #: The theme changed (colours, sizes, fonts, the UI scale): the visuals restyle.
        self.theme = Event()
        #: The language changed: the visuals' fixed texts in it.
        self.language = Event()
        #: The view's drawings are due: the view moved past what was drawn for it, or a
        #: redraw was asked for (a theme, a language, a resize), once per turn of changes.
        self.view = Event()

"""Small typed helpers for Qt calls whose PySide6 stubs do not say what they do."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QGraphicsView

_O = TypeVar("_O", bound=QObject)


def named(obj: _O, name: str) -> _O:
    """`obj` with its objectName set to `name` (PySide6 takes ``objectName=`` as a
    keyword of every constructor, but its stubs do not declare it)."""
    obj.setObjectName(name)
    return obj


def _ignore_rects(_rects: object) -> None:
    """A receiver for `QGraphicsScene.changed` that does nothing (see `paint_with_window`)."""


def paint_with_window(view: QGraphicsView) -> None:
    """Let `view`'s scene repaint in the window's next paint pass, not in one of its own.

    With nothing connected to its ``changed`` signal a scene sends its views' updates
    itself when it takes its changes (a queued call), and then delivers the *window's*
    pending repaint at once (``QGraphicsViewPrivate::dispatchPendingUpdateRequests``):
    every scene whose items changed in a step (the canvas, the bound plot) painted the
    whole window once more, 2.5 paint passes a step. With a receiver connected the
    scene emits ``changed`` instead and the views take the rectangles as ordinary
    updates (`QGraphicsView.updateScene`), painted in the one pass the window makes.
    """
    scene = view.scene()
    if scene is not None:
        scene.changed.connect(_ignore_rects)

"""Small typed helpers for Qt calls whose PySide6 stubs do not say what they do."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

_O = TypeVar("_O", bound=QObject)


def named(obj: _O, name: str) -> _O:
    """`obj` with its objectName set to `name` (PySide6 takes ``objectName=`` as a
    keyword of every constructor, but its stubs do not declare it)."""
    obj.setObjectName(name)
    return obj

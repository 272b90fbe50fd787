"""pyqtgraph's copies of Qt's modules, filled on use instead of all at its import.

pyqtgraph keeps "mirrors" of QtCore, QtGui and QtWidgets (``pyqtgraph.Qt.QtCore`` …,
empty packages) and at its import copies every name of PySide6's modules into them
(``pyqtgraph.Qt._copy_attrs``). PySide6 makes its classes and enums when first read, so
that copy made all of them: ~640 enum types, ~0.1-0.25 s of CPU at each start. With
`install()` (before pyqtgraph's import) each mirror reads a name from PySide6 the first
time it is asked for and keeps it: the same objects, fewer of them made.
"""

from __future__ import annotations

import sys
import types
from typing import Any

MODULES = ("QtCore", "QtGui", "QtWidgets")


class _Mirror(types.ModuleType):
    """A pyqtgraph mirror that reads a name from its PySide6 module on first use."""

    def __init__(self, name: str, real: types.ModuleType) -> None:
        super().__init__(name)
        self.__dict__["_real"] = real
        self.__path__: list[str] = []  # (a package, as pyqtgraph's)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        # pyqtgraph's copy asks `hasattr(mirror, name)` for every name: "yes" (it then
        # copies nothing); the name is read from PySide6 when pyqtgraph uses it.
        if sys._getframe(1).f_code.co_name == "_copy_attrs":
            return None
        value = getattr(self.__dict__["_real"], name)
        setattr(self, name, value)
        return value


def install() -> None:
    """Put the mirrors in place, before pyqtgraph is imported (else nothing to do)."""
    if "pyqtgraph" in sys.modules:
        return
    import PySide6.QtCore
    import PySide6.QtGui
    import PySide6.QtWidgets

    for name in MODULES:
        sys.modules.setdefault(
            f"pyqtgraph.Qt.{name}", _Mirror(f"pyqtgraph.Qt.{name}", getattr(PySide6, name))
        )

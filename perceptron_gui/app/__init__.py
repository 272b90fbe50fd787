"""Everything that imports Qt lives in this package."""

from __future__ import annotations

import os

# pyqtgraph prefers PyQt6 when both bindings are installed; this app is PySide6 only.
os.environ["PYQTGRAPH_QT_LIB"] = "PySide6"

from perceptron_gui.app import qt_mirror  # noqa: E402

qt_mirror.install()  # pyqtgraph's copies of Qt's modules filled on use (see qt_mirror)

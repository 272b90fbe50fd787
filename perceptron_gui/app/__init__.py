"""Everything that imports Qt lives in this package."""

from __future__ import annotations

import os

# pyqtgraph prefers PyQt6 when both bindings are installed; this app is PySide6 only.
os.environ["PYQTGRAPH_QT_LIB"] = "PySide6"

import PySide6.QtCore  # noqa: E402,F401  (sets up PySide6's import hook)

from perceptron_gui.app import feature_scan, qt_mirror  # noqa: E402

feature_scan.install()  # PySide6's check of each module imported after it, made cheap

qt_mirror.install()  # pyqtgraph's copies of Qt's modules filled on use (see qt_mirror)

"""Everything that imports Qt lives in this package."""

from __future__ import annotations

import os

# pyqtgraph prefers PyQt6 when both bindings are installed; this app is PySide6 only.
os.environ["PYQTGRAPH_QT_LIB"] = "PySide6"

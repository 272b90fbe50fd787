"""perceptron-gui: watch the perceptron learn.

``from perceptron_gui import MainWindow`` gives the window; it is imported lazily so
that ``perceptron_gui.core`` stays free of Qt.
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"
__all__ = ["MainWindow", "__version__"]


def __getattr__(name: str) -> Any:
    if name == "MainWindow":
        from perceptron_gui.app.main_window import MainWindow

        return MainWindow
    raise AttributeError(f"module 'perceptron_gui' has no attribute {name!r}")

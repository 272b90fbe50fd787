"""The data canvas (interaction and drawing), its marker sprites and its pyqtgraph items."""

from __future__ import annotations

from perceptron_gui.app.canvas.canvas import DataCanvas

__all__ = ["DataCanvas"]

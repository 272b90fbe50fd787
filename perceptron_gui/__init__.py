"""perceptron-gui: watch the perceptron learn."""

from __future__ import annotations

__version__ = "0.1.0"

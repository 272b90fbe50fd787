"""``python -m perceptron_gui [FILE]`` opens the window, like ``perceptron-gui``."""

from __future__ import annotations

import sys

from perceptron_gui.app.main import main

if __name__ == "__main__":
    sys.exit(main())

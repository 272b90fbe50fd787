"""``python -m perceptron_gui.core``: the ``perceptron`` command."""

from __future__ import annotations

import sys

from perceptron_gui.core.cli import main

if __name__ == "__main__":
    sys.exit(main())

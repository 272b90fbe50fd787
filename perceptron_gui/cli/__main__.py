"""``python -m perceptron_gui.cli``: the ``perceptron`` command."""

from __future__ import annotations

import sys

from perceptron_gui.cli.command import main

if __name__ == "__main__":
    sys.exit(main())

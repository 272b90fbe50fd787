"""``python -m perceptron_gui.core``: the ``perceptron`` command (kept for old scripts; the
command line lives in `perceptron_gui.cli`, outside the core)."""

from __future__ import annotations

import sys

from perceptron_gui.cli.command import main

if __name__ == "__main__":
    sys.exit(main())

"""The ``perceptron`` command line: a front end of the core, Qt-free like it.

``perceptron trace``, ``perceptron bound`` and ``perceptron generate``; see
`perceptron_gui.cli.command` for the synopsis. ``python -m perceptron_gui.cli`` (and,
for old scripts, ``python -m perceptron_gui.core``) runs it too.
"""

from __future__ import annotations

from perceptron_gui.cli.command import main

__all__ = ["main"]

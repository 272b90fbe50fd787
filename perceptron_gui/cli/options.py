"""The modes' own settings as command-line options, from their one declaration (`Param`).

``perceptron trace``, ``perceptron experiment`` and ``perceptron-gui`` all add them here:
``--name`` with the setting's type, choices and help, so a plugin's mode with a setting
of its own has its option in every command without a line written for it.
"""

from __future__ import annotations

import argparse
from typing import Any

from perceptron_gui.core.params import Param


def mode_params() -> dict[str, Param]:
    """Every installed mode's own settings by name (`registry.ModeRegistry.params`)."""
    from perceptron_gui.core.config import mode_params as params

    return params()


def add_mode_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--name`` for every installed mode's own setting."""
    for name, param in mode_params().items():
        if param.kind == "choice":
            parser.add_argument(f"--{name}", choices=param.choices, help=param.option_help())
        else:
            parser.add_argument(
                f"--{name}",
                type=int if param.kind == "int" else float,
                metavar=name.upper(),
                help=param.option_help(),
            )


def mode_option_values(args: argparse.Namespace) -> dict[str, Any]:
    """The modes' own settings given on the command line, by name."""
    return {n: v for n in mode_params() if (v := getattr(args, n, None)) is not None}

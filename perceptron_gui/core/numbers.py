"""How a number is written: as a lecturer writes it, ``3`` not ``3.0``.

The one rule behind every number the program shows or writes: the window (which
adds the minus sign −, see `perceptron_gui.app.format`), the command line's text
and the iteration tables (which write the exponent without ``+``).
"""

from __future__ import annotations

__all__ = ["MINUS", "format_number"]

#: The minus sign of a formula (U+2212), not a hyphen: the window writes negative numbers with it.
MINUS = "\u2212"


def format_number(v: float, digits: int = 6, *, minus: str = "-") -> str:
    """`v` as a lecturer writes it: ``3``, ``-3``, ``0.5``, ``1.5e-12``.

    Parameters
    ----------
    v
        The number (finite; ``inf`` and ``nan`` are written as Python writes them).
    digits
        Significant digits of a number that is not whole.
    minus
        The sign of a negative number and of a negative exponent: ``"-"`` for text
        that is read back (files, the command line), `MINUS` for the screen.

    Returns
    -------
    str
        Whole numbers below 10^16 without a decimal point, others with at most
        `digits` significant digits; ``-0.0`` is ``0``.
    """
    v = float(v)
    if v == 0.0:
        return "0"
    if v.is_integer() and abs(v) < 1e16:
        text = str(int(v))
    else:
        text = format(v, f".{int(digits)}g")
    return text if minus == "-" else text.replace("-", minus)

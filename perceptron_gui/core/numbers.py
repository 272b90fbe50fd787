"""How a number is written: as a lecturer writes it, ``3`` not ``3.0``.

The one rule behind every number the program shows or writes: the window (which
adds the minus sign −, see `perceptron_gui.app.format`), the command line's text
and the iteration tables (which write the exponent without ``+``).
"""

from __future__ import annotations

import math

__all__ = ["COUNT_EXACT_BELOW", "MINUS", "format_count", "format_number"]

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


#: From here on a count (the bound (D/γ)²) is written with 3 significant digits,
#: ``4.33e+12``: its last digits are not known (float64 keeps about 16) or not read.
COUNT_EXACT_BELOW = 1e7


def format_count(v: float, *, minus: str = "-") -> str:
    """A count such as the bound (D/γ)²: ``117``, ``1366.94`` (6 digits), ``2.17e+298``.

    Whole below `COUNT_EXACT_BELOW` (to 1e-9 relative) as an integer, else with 6
    significant digits; from `COUNT_EXACT_BELOW` on with 3 (``inf`` as Python writes it).
    """
    v = float(v)
    if not math.isfinite(v):
        text = str(v)
    elif abs(v) >= COUNT_EXACT_BELOW:
        text = f"{v:.3g}"
    else:
        r = round(v)
        text = str(int(r)) if abs(v - r) <= 1e-9 * max(1.0, abs(v)) else f"{v:.6g}"
    return text if minus == "-" else text.replace("-", minus)

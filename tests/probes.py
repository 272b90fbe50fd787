"""What tests read of a widget's or an object's inside, kept out of the production code.

The program's own members are what it needs; a test that must see a drawn curve's
vertices or the block of G on screen reads them here, in one place, so a change of
the inside breaks these few lines and no production API.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


# ------------------------------------------------------------------ the bound plot


def curve_data(plot: Any) -> tuple[FloatArray, FloatArray]:
    """The vertices of the bound plot's step curve (x = visits, y = mistakes), copies."""
    return plot._x.copy(), plot._y.copy()


def mistake_curve_data(plot: Any) -> tuple[FloatArray, FloatArray] | None:
    """The mistakes' staircase (y·f ≤ 0) of a mode that counts them apart from its updates
    (passive-aggressive, margin), else None."""
    if not plot._mistake_curve.isVisible():
        return None
    return plot._mx.copy(), plot._my.copy()


def bound_line_value(plot: Any) -> float | None:
    """Where the bound line is, or None when there is none (not separable)."""
    value: float | None = plot._bound_value
    return value


def second_curve_data(plot: Any) -> tuple[FloatArray, FloatArray] | None:
    """The second run's step curve in compare mode, or None outside it."""
    if plot._second_curve is None:
        return None
    x, y = plot._second_curve.getData()
    return np.asarray(x, dtype=np.float64).copy(), np.asarray(y, dtype=np.float64).copy()


# ------------------------------------------------------------------ the dual view


def gram_shown(view: Any) -> FloatArray:
    """The block of G on screen (a copy): rows/columns ``start … start + size − 1``."""
    return view._gram.copy()


def block_start(view: Any) -> int:
    """Index of the first row (and column) of G on screen."""
    start: int = view._start
    return start


def alpha_shown(view: Any) -> FloatArray | None:
    """α of the points on screen, or None outside the dual form."""
    return None if view._alpha is None else view._alpha.copy()


def highlighted_row(view: Any) -> int | None:
    """The point (0-based, of the whole data set) whose row is highlighted."""
    row: int | None = view._row
    return row


def note_text(view: Any) -> str:
    """The explanation above the matrix, as shown."""
    from PySide6.QtWidgets import QLabel

    text: str = view.findChild(QLabel, "dualNote").text()
    return text


# ------------------------------------------------------------------ the controller


def undo_runs_bytes(controller: Any) -> int:
    """The memory the undo stack holds in runs it can bring back (estimated)."""
    from perceptron_gui.app.controller import run_bytes

    return sum(
        run_bytes(cmd._trainer_before)
        for cmd in controller._data_commands()
        if cmd._trainer_before is not None
    )


# ------------------------------------------------------------------ lessons


def same_scene(a: Any, b: Any) -> bool:
    """True when two lesson scenes say the same (data compared by value)."""
    return bool(
        a.title == b.title
        and a.caption == b.caption
        and np.array_equal(a.data.points, b.data.points)
        and np.array_equal(a.data.labels, b.data.labels)
        and a.settings == b.settings
        and (a.start, a.stop, a.show) == (b.start, b.stop, b.show)
        and a.compare == b.compare
        and a.question == b.question
    )

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


def gram_plots(view: Any) -> tuple[Any, Any]:
    """The heatmap's plot and the α bars' plot (made now if the view has not drawn them yet)."""
    view._ensure_plots()
    return view._gplot, view._aplot


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


# ------------------------------------------------------------------ the canvas


def _flushed(canvas: Any) -> Any:
    canvas._flush_model()  # the canvas coalesces its model drawing: draw what is due
    return canvas


def misclassified_indices(canvas: Any) -> Any:
    """The indices last given to the canvas's ``set_misclassified``."""
    return canvas._misclassified


def current_index(canvas: Any) -> int | None:
    """The index last given to the canvas's ``set_current``."""
    index: int | None = canvas._current
    return index


def verdict_text(canvas: Any) -> str | None:
    """The verdict shown next to the current point, or None."""
    return canvas._verdict.toPlainText() if canvas._verdict.isVisible() else None


def animation_phase(canvas: Any) -> str:
    """ "predict", "reveal" while the update is shown in slow motion, else ""."""
    phase: str = canvas._phase
    return phase


def band_points(canvas: Any) -> Any:
    """The right points inside the margin band (the ones still corrected)."""
    return canvas._margin.inside


def vector_labels(canvas: Any) -> list[str]:
    """The names written on the update's vectors (old w, ηyx, new w) that are shown."""
    # (A vector cut at the view's edge has its value written after its name: "new w = (3, 3)".)
    return [
        t.toPlainText().split(" = ")[0] for t in canvas._vector_labels.values() if t.isVisible()
    ]


def anatomy_text(canvas: Any) -> str:
    """The label of the update's picture, or "" when none is drawn."""
    label = canvas._anatomy_label
    return str(label.toPlainText()) if label.isVisible() else ""


def status_text(canvas: Any) -> str:
    """The status line shown over the canvas, or ""."""
    return str(canvas._status.toPlainText()) if canvas._status.isVisible() else ""


def anatomy_faded(canvas: Any) -> bool:
    """True when the last update's picture is drawn faded (the run has ended)."""
    return bool(canvas._update_ring.opacity() < 1.0)


def alpha_labels(canvas: Any) -> list[str]:
    """The α texts shown."""
    return [t.toPlainText() for t in canvas._alpha_texts if t.isVisible()]


def point_labels(canvas: Any) -> list[str]:
    """The point names shown next to the points (x1 … xN, small data sets only)."""
    return [t.toPlainText() for t in canvas._name_texts if t.isVisible()]


def model_segment(canvas: Any) -> FloatArray | None:
    """The end points (2×2) of the drawn separating line, or None."""
    line = _flushed(canvas).model_line
    if not line.isVisible():
        return None
    x, y = line.segment()
    return np.column_stack([x, y])


def half_plane(canvas: Any, label: int) -> FloatArray:
    """The tinted polygon (k×2) where the model predicts `label`."""
    c = _flushed(canvas)
    item = c._tints.items[0] if label > 0 else c._tints.items[1]
    if not item.isVisible():
        return np.empty((0, 2))
    poly = item.polygon()
    return np.array([[poly[i].x(), poly[i].y()] for i in range(poly.size())]).reshape(-1, 2)


def no_line_text(canvas: Any) -> str:
    """The note shown when w = 0 (there is no line), or ""."""
    c = _flushed(canvas)
    return str(c._no_line.toPlainText()) if c._no_line.isVisible() else ""


def edge_arrow_shown(canvas: Any) -> bool:
    """True when an arrow at the edge points to a line outside the view."""
    return bool(_flushed(canvas)._edge.arrow.isVisible())


# ------------------------------------------------------------------ the compiled loop


def threads_checking_the_kernel_rows(monkeypatch: Any) -> list[str]:
    """Forget the once-a-process checks of the kernel rows (`fast.exp_exact`,
    `fast.kernel_rows_exact`), let a load start whatever is loaded, and return the list
    the names of the threads that run `fast.exp_exact` are appended to."""
    import threading

    from perceptron_gui.core import fast

    where: list[str] = []
    real = fast.exp_exact

    def exp_exact() -> bool:
        where.append(threading.current_thread().name)
        return bool(real())

    monkeypatch.setattr(fast, "_rows_exact", None)
    monkeypatch.setattr(fast, "_exp_exact", None)
    monkeypatch.setattr(fast, "exp_exact", exp_exact)
    monkeypatch.setattr(fast, "loaded", lambda rule=None: False)  # (a load starts)
    return where


# ------------------------------------------------------------------ a view without a window


class FixedView:
    """A view of [−5, 5]² in 400 × 400 px at UI scale 1 (no window)."""

    def view_range(self) -> tuple[float, float, float, float]:
        return (-5.0, 5.0, -5.0, 5.0)

    def size_px(self) -> tuple[float, float]:
        return (400.0, 400.0)

    def ui_scale(self) -> float:
        return 1.0


# ------------------------------------------------------------------ windows


#: The start of a probe script run in a child interpreter on a screen of its own
#: (`conftest.run_on_screen`): a window shown as a user opens it (`w`), and `pump()`.
WINDOW_PROBE = """
import json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.show()
def pump():
    for _ in range(6):
        app.processEvents()
"""


def settle_canvas(w: Any) -> None:
    """The window's queued events done and its canvas's layout pass run now."""
    from PySide6.QtWidgets import QApplication

    for _ in range(4):
        QApplication.processEvents()
    w.canvas.flush()


def answered_dialog(path: Any) -> type:
    """A file dialog class that, made and run, answers "OK" with `path` (a callable: its
    value at the answer), for ``monkeypatch.setattr(module, "file_dialog", …)``."""

    class Answered:
        def __init__(self, *args: object) -> None:
            pass

        def exec(self) -> bool:
            return True

        def selectedFiles(self) -> list[str]:  # noqa: N802 (Qt's name)
            return [str(path() if callable(path) else path)]

    return Answered


def shown_window(width: int = 1024, height: int = 768) -> Any:
    """A shown MainWindow of `width`×`height` (no frame wait, autosave or animation) for a
    module's tests: a module-scoped fixture yields from it, and it closes the window after."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    w.resize(width, height)
    w.show()
    QApplication.processEvents()
    yield w
    w.close()
    w.deleteLater()
    QApplication.processEvents()

"""A kernel run's frame in the whole window: what a frame repaints and refreshes (issue 34).

Behaviour, not time: the canvas's cached layers stay cached at a large window (a repaint
with nothing changed draws none of them again), and the iteration table shows the right
cells after a frame and after a panel catches up.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PySide6 import QtGui, QtWidgets

import perceptron_gui.app  # noqa: F401  (selects PySide6 for pyqtgraph)
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.canvas.view import CACHED_LAYERS
from perceptron_gui.core.model import KernelModel


def _cached_items(canvas: DataCanvas) -> list[QtWidgets.QGraphicsItem]:
    cache = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
    return [i for i in canvas.scene().items() if i.cacheMode() == cache]


def test_a_repaint_with_nothing_changed_draws_no_cached_layer_again(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The axes (their grid across the view), the points and the regions keep their
    renderings in QPixmapCache; at 1920×1080 the fourth pushed the others out, so that
    Qt drew the axes' grid again at every repaint of a run."""
    limit = QtGui.QPixmapCache.cacheLimit()
    QtGui.QPixmapCache.setCacheLimit(10240)  # Qt's default (the canvas raises it as it needs)
    canvas = DataCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(1800, 1000)  # (a maximized 1920×1080 window's canvas is 1626×592)
    canvas.show()
    qtbot.waitExposed(canvas)
    rng = np.random.default_rng(1)
    X = rng.normal(size=(300, 2)) * 2.0
    canvas.set_points(X, np.where(X[:, 0] * X[:, 1] > 0, 1, -1), reframe=True)
    canvas.set_model(KernelModel(X[:40], rng.normal(size=40), 0.1, kernel="rbf", sigma=0.7))
    canvas.flush()
    cached = _cached_items(canvas)
    assert len(cached) == CACHED_LAYERS  # (the layers the cache's room is counted for)
    drawn: list[str] = []
    for item in cached:
        paint = item.paint

        def counting(*args: Any, _paint: Any = paint, _name: str = type(item).__name__) -> Any:
            drawn.append(_name)
            return _paint(*args)

        monkeypatch.setattr(item, "paint", counting)
    for item in cached:
        item.update()  # (their renderings made again: the count sees each paint)
    canvas.grab()  # (the view painted as on screen)
    assert len(drawn) == CACHED_LAYERS
    drawn.clear()
    for _ in range(3):
        canvas.grab()
    assert drawn == []
    QtGui.QPixmapCache.setCacheLimit(max(limit, QtGui.QPixmapCache.cacheLimit()))


@pytest.mark.parametrize("digits", [None, 3, 5])
def test_a_cell_number_reads_as_format_numbers(digits: int | None) -> None:
    """A table cell's number, formatted one at a time, is the text `format_numbers` writes."""
    from perceptron_gui.app.format import format_numbers
    from perceptron_gui.app.panels.iteration_table import cell_number

    rng = np.random.default_rng(2)
    values = [
        *rng.normal(size=50) * 10.0 ** rng.integers(-20, 20, size=50),
        *rng.integers(-(10**17), 10**17, size=20).astype(float),
        0.0, -0.0, 1e16, -1e16, 1e16 - 2, 0.5, -2.5, 1.0 / 3.0, 1e-300, 5e-324, 1e300,
        float("inf"), float("-inf"), float("nan"), 123456.789, -7.0, 0.37 * 3,
    ]  # fmt: skip
    for v in values:
        assert cell_number(v, digits) == format_numbers([v], digits)[0], v


def _kernel_table(qtbot: Any, n: int = 120) -> tuple[Any, Any]:
    """A kernel run (random labels: a new support point at most updates) and its table,
    shown 640 px wide: beyond 20 points, an α column per point updated."""
    from perceptron_gui.app.controller import Controller
    from perceptron_gui.app.panels import IterationTable
    from perceptron_gui.core.config import TrainConfig
    from perceptron_gui.core.dataset import make_dataset

    rng = np.random.default_rng(7)
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset(rng.normal(size=(n, 2)) * 2.0, rng.choice([-1, 1], size=n)))
    c.set_config(TrainConfig(mode="kernel", kernel="rbf", sigma=0.5, eta=0.1234567))
    c.set_max_updates(10**6)
    table = IterationTable(c)
    qtbot.addWidget(table)
    table.resize(640, 260)
    table.show()
    qtbot.waitExposed(table)
    c.trainer.run(max_updates=40)
    table.refresh()
    return c, table


def _same_cells_as_a_fresh_model(c: Any, table: Any) -> None:
    """Every cell in view, the last row's and the titles as a model made now shows them
    (it reads everything from the trainer afresh), and the header's size hint Qt's own."""
    from PySide6.QtCore import Qt

    from perceptron_gui.app.format import format_numbers
    from perceptron_gui.app.panels.iteration_table import IterationModel

    m, view = table.model, table.view
    fresh = IterationModel(c)
    fresh.digits = m.digits
    assert m.columns == fresh.columns and m.rowCount() == fresh.rowCount() == c.trainer.k + 1
    top, bottom = max(0, view.rowAt(0)), view.rowAt(view.viewport().height() - 1)
    rows = {*range(top, (bottom if bottom >= 0 else m.rowCount() - 1) + 1), m.rowCount() - 1}
    left = max(0, view.columnAt(0))
    right = view.columnAt(view.viewport().width() - 1)
    columns = range(left, (right if right >= 0 else m.columnCount() - 1) + 1)
    assert len(rows) > 3 and len(columns) > 5
    index = c.trainer.history_slice("index", 0, m.updates).astype(np.int64)
    eta = c.trainer.config.eta
    for row in rows:
        counts = np.bincount(index[:row], minlength=c.trainer.n)  # (row r: r updates)
        for col in columns:
            name = m.columns[col]
            for role, digits in (
                (Qt.ItemDataRole.DisplayRole, m.digits),
                (Qt.ItemDataRole.ToolTipRole, None),
            ):
                got, want = m.index(row, col).data(role), fresh.index(row, col).data(role)
                assert got == want, (row, name, role)
                if name[:1] == "α":  # its point's updates so far × η
                    alpha = float(counts[int(name[1:]) - 1]) * eta
                    assert got == format_numbers([alpha], digits)[0], (row, name, role)
    for col in range(m.columnCount()):
        title = m.headerData(col, Qt.Orientation.Horizontal)
        assert title == fresh.headerData(col, Qt.Orientation.Horizontal)
    header = view.horizontalHeader()
    header.forget_sizes()
    mine = header.sizeHint()
    assert mine == QtWidgets.QHeaderView.sizeHint(header) and mine.width() > 0


def test_the_table_shows_the_right_cells_after_a_kernel_runs_frames(qtbot: Any) -> None:
    """A kernel run's frames add a row and, most of them, an α column: the table's kept
    texts, α texts and titles' sizes show what a table made afresh shows."""
    from perceptron_gui.app.controller import Change

    c, table = _kernel_table(qtbot)
    columns = [table.model.columnCount()]
    for _ in range(12):
        c.trainer.run(max_updates=1)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME)
        table.refresh(run_frame=True)  # (as the panel's turn does)
        columns.append(table.model.columnCount())
        _same_cells_as_a_fresh_model(c, table)
    assert len(set(columns)) > 3  # (columns came)


def test_a_hidden_table_does_no_work_in_a_run_and_catches_up_when_shown(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table hidden (a tab in the back, a closed dock) skips a run's frames; shown, it
    catches up (in the event loop's next turn) with the rows and α columns it missed."""
    from perceptron_gui.app.controller import Change

    c, table = _kernel_table(qtbot)
    table.hide()
    refreshed: list[bool] = []
    refresh = table.refresh
    monkeypatch.setattr(table, "refresh", lambda **kw: (refreshed.append(True), refresh(**kw))[1])
    before = table.model.columnCount()
    for _ in range(15):
        c.trainer.run(max_updates=1)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
        qtbot.wait(1)
    assert refreshed == [] and table.model.rowCount() == 41
    table.show()
    qtbot.waitUntil(lambda: bool(refreshed), timeout=2000)
    assert table.model.rowCount() == c.trainer.k + 1 == 56
    assert table.model.columnCount() > before
    _same_cells_as_a_fresh_model(c, table)


def test_the_headers_kept_size_hint_follows_a_new_runs_columns(qtbot: Any) -> None:
    """The title header keeps its size hint while the columns are the same; a new run's
    columns (another mode: a model reset, with no headerDataChanged to forget the sizes)
    give Qt's hint for the new titles, in every registry mode after the kernel's."""
    from perceptron_gui.core import registry
    from perceptron_gui.core.config import TrainConfig

    c, table = _kernel_table(qtbot)
    header = table.view.horizontalHeader()
    header.sizeHint()  # (kept for the kernel's columns)
    seen = set()
    for mode in registry.modes():
        c.set_config(TrainConfig(mode=mode))
        table.refresh()
        mine = header.sizeHint()
        qt = QtWidgets.QHeaderView.sizeHint(header)
        assert mine == qt, (mode, mine, qt)
        seen.add((mine.width(), mine.height()))
    assert len(seen) > 1  # (the modes' titles differ: the check can see a stale hint)


def test_the_tables_kept_texts_follow_a_new_eta_and_new_data(qtbot: Any) -> None:
    """The α cells' texts are kept by (count, digits, η) across runs, the other cells' by
    (row, column, digits) within one: after a new η, points reordered (each α column's
    point is another) and a step back, every cell reads as a table made afresh shows it."""
    from perceptron_gui.app.controller import Change
    from perceptron_gui.core.config import TrainConfig
    from perceptron_gui.core.dataset import make_dataset

    c, table = _kernel_table(qtbot, n=60)

    def run(k: int) -> None:
        c.trainer.run(max_updates=k)
        c.emit_changed(Change.MODEL)
        table.refresh()
        _same_cells_as_a_fresh_model(c, table)

    run(5)
    c.set_config(TrainConfig(mode="kernel", kernel="rbf", sigma=0.5, eta=0.5))
    run(45)
    d = c.trainer.data
    order = np.arange(d.points.shape[0])[::-1]
    c.set_data(make_dataset(d.points[order], d.labels[order]))
    run(45)
    c.trainer.step_back()
    c.emit_changed(Change.MODEL)
    table.refresh()
    _same_cells_as_a_fresh_model(c, table)

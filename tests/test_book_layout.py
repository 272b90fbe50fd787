"""The book's tables at 1024×768: Table 2.1's eight rows in view, no horizontal scroll bar."""

from __future__ import annotations

import pytest

from tests.conftest import run_on_screen

TABLE_AT_1024 = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.showMaximized()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_mode(sys.argv[1])
w.set_order("first")
w.run_to_end()
for _ in range(50):
    app.processEvents()
v = w.iteration_table.view
rows = sum(
    1
    for r in range(v.model().rowCount())
    if v.rowViewportPosition(r) >= 0
    and v.rowViewportPosition(r) + v.rowHeight(r) <= v.viewport().height()
)
print(json.dumps({"rows": rows, "total": v.model().rowCount(),
                  "hscroll": v.horizontalScrollBar().isVisible(),
                  "height": w.height()}))
"""


@pytest.mark.long
@pytest.mark.parametrize("mode", ["primal", "dual"])
def test_the_worked_examples_table_fits_at_1024x768(tmp_path, mode: str) -> None:  # noqa: ANN001
    r = run_on_screen(tmp_path, 1024, 768, TABLE_AT_1024, mode)
    assert r["total"] == 8
    assert r["rows"] >= 8, r
    assert not r["hscroll"], r

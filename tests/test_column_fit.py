"""The controls' column and the Gram matrix fit the room they have: the controls never
scroll sideways (in Chinese at 1024×768 both scroll bars stayed and the Run group's right
edge was cut off), and the heatmap fills its axes with its titles whole (a locked aspect
in a wide panel drew 40 columns over an axis of −46 … 87)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import probes
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QSize, Qt

import perceptron_gui.app  # noqa: F401  (selects PySide6 for pyqtgraph)
from perceptron_gui.app import i18n
from perceptron_gui.app.controller import Controller
from perceptron_gui.app.controls import ControlPanel
from perceptron_gui.app.panels import DualView
from perceptron_gui.app.window.panes import FoldingScroll
from perceptron_gui.core.generators import generate


@pytest.fixture
def english() -> Iterator[None]:
    """Leave the process in English whatever the test did (the translator is per process)."""
    yield
    i18n.set_language("en", remember=False)


def test_the_controls_drop_their_scroll_bars_once_they_fit(qtbot) -> None:  # noqa: ANN001
    """Squeezed, the controls scroll both ways; given room for their whole minimum (less
    than a scroll bar's more) they show no bar. (Qt keeps bars a widget needed while the
    widget cannot grow to the viewport: with a Maximum height policy each bar stayed for
    the other's 14 px.)"""
    panel = ControlPanel(Controller(frame_interval_ms=0))
    area = FoldingScroll(panel)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitExposed(area)
    least = panel.minimumSizeHint()
    hbar, vbar = area.horizontalScrollBar(), area.verticalScrollBar()
    area.resize(least.width() - 20, least.height() - 20)
    qtbot.waitUntil(lambda: hbar.isVisible() and vbar.isVisible())
    room = QSize(least.width(), least.height() + hbar.sizeHint().height() - 1)
    area.resize(room)
    qtbot.waitUntil(lambda: area.size() == room)
    qtbot.waitUntil(lambda: not hbar.isVisible() and not vbar.isVisible(), timeout=1000)
    assert panel.width() == area.viewport().width()


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_folded_controls_scroll_up_and_down_only(window, qtbot, english, lang) -> None:  # noqa: ANN001
    """Folded (the window's docks whole would not fit its screen) and shorter than the
    controls, the column keeps room for its vertical scroll bar: nothing scrolls sideways,
    in every mode (each has its own rows of settings)."""
    w = window
    w.set_language(lang)
    area = w.controls_dock.widget()
    assert isinstance(area, FoldingScroll)
    w.panes.fold_docks(True)
    hbar, vbar = area.horizontalScrollBar(), area.verticalScrollBar()
    for mode in ("primal", "pa", "kernel"):  # the fewest rows, one more, the most
        w.controls.mode_combo.setCurrentIndex(w.controls.mode_combo.findData(mode))
        w.resizeDocks([w.controls_dock, w.proof_dock], [150, 700], Qt.Orientation.Vertical)
        qtbot.waitUntil(lambda: vbar.isVisible() and not hbar.isVisible(), timeout=2000)
        assert area.viewport().width() >= w.controls.minimumSizeHint().width(), mode


def test_the_tables_ask_for_the_page_in_front(window) -> None:  # noqa: ANN001
    """With the Gram matrix in front the tables ask for its height, not the iteration
    table's (the strip scrolled and the heatmap's column title was under its edge)."""
    w = window
    w.tabs.setCurrentWidget(w.dual_view)
    tall = w.iteration_table.minimumSizeHint().height()
    assert w.tabs.minimumSizeHint().height() < tall
    w.tabs.setCurrentWidget(w.iteration_table)
    assert w.tabs.minimumSizeHint().height() >= tall


@pytest.mark.parametrize(
    ("n", "size", "lang"),
    [
        (40, (420, 200), "en"),
        (30, (420, 200), "zh_CN"),
        (30, (260, 600), "en"),
    ],
)
def test_the_gram_heatmap_fills_its_axes(qtbot, english, n, size, lang) -> None:  # noqa: ANN001
    """Wide and short (the bottom strip) or narrow and tall: the axes run exactly over the
    matrix (x1 … xN), the cells are square, and the column title lies inside the plot,
    clear of the colour bar, and inside the panel."""
    i18n.set_language(lang, remember=False)
    c = Controller(frame_interval_ms=0)
    c.set_data(generate("xor", n, seed=1), undoable=False)
    view = DualView(c)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    g, _ = probes.gram_plots(view)
    vb = g.getViewBox()
    title = g.getAxis("bottom").label

    def square_or_as_wide_as_its_title() -> bool:
        # (Cells wider than high only where the column title needs the width.)
        return abs(vb.width() - vb.height()) <= 1 or title.boundingRect().width() >= g.width() - 1

    qtbot.waitUntil(lambda: vb.height() > 20 and square_or_as_wide_as_its_title())
    (x0, x1), (y0, y1) = vb.viewRange()
    np.testing.assert_allclose([x0, x1, y0, y1], [0.5, n + 0.5, 0.5, n + 0.5], atol=1e-9)
    assert title.toPlainText().strip() in (view.tr("column j (point)"), view.tr("column j"))
    shown = title.mapRectToScene(title.boundingRect())
    plot = g.sceneBoundingRect()
    assert plot.left() - 0.5 <= shown.left() and shown.right() <= plot.right() + 0.5
    assert 0 <= shown.top() and shown.bottom() <= g.scene().views()[0].height() + 0.5
    # The row title (turned up the left axis) no longer than the heatmap is high.
    rows = g.getAxis("left").label
    assert rows.toPlainText().strip() in (view.tr("row i (point)"), view.tr("row i"))
    upright = rows.mapRectToScene(rows.boundingRect())
    pad = rows.document().documentMargin()
    box = vb.sceneBoundingRect()
    assert box.top() - pad - 0.5 <= upright.top() and upright.bottom() <= box.bottom() + pad + 0.5


#: One interpreter on a 1024×768 screen, for each language: the window (normal, then
#: maximized; the language chosen in the View menu once shown) at UI scale 1 and 2
#: (Ctrl++), every mode; then the built-in lesson in that language up to the pocket scene
#: (PageDown) and out of presentation (Esc), the Gram matrix's tab in front.
PROBE_1024 = """
import json
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui.app import i18n
from perceptron_gui.app.main_window import MainWindow
from perceptron_gui.core.registry import modes

def settle(ms=60):
    QTest.qWait(ms)

def sideways(w):
    # At rest: a relayout's passing bar (a mode with more rows, for a moment) is let go.
    bar = w.controls_dock.widget().horizontalScrollBar()
    for _ in range(30):
        settle(50)
        if not bar.isVisible():
            return False
    return True

out = {"window": [], "lesson": []}
for lang in ("en", "zh_CN"):
    for maximized in (False, True):
        i18n.set_language("en", remember=False)
        w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
        w.showMaximized() if maximized else w.show()
        settle(200)
        w.load_example()
        w.language_actions[lang].trigger()  # View ▸ Language
        settle()
        for scale in (1.0, 2.0):
            while w.state()["ui_scale"] < scale:
                w.act_zoom_in.trigger()
                settle()
            for mode in modes():
                combo = w.controls.mode_combo
                combo.setCurrentIndex(combo.findData(mode))
                out["window"].append([lang, maximized, scale, mode, sideways(w)])
        w.act_zoom_reset.trigger()  # (the scale is remembered: the next window at 1)
        w.close()
    i18n.set_language(lang, remember=False)  # (perceptron-gui --lang zh_CN --lesson ...)
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    assert w.open_lesson("perceptron")
    w.set_presentation(True)
    w.show()
    settle(300)
    for _ in range(300):
        if w.controller.config.mode == "pocket":
            break
        QTest.keyClick(w, Qt.Key.Key_PageDown)
        settle(20)
    settle(200)
    QTest.keyClick(w, Qt.Key.Key_Escape)
    settle(300)
    w.tabs.setCurrentWidget(w.dual_view)
    settle(300)
    tables = w.tables_dock.widget()
    g = w.dual_view.findChild(__import__("pyqtgraph").GraphicsLayoutWidget)
    plot = g.ci.getItem(0, 0)
    title = plot.getAxis("bottom").label
    low = title.mapToScene(title.boundingRect().bottomLeft())
    bottom = g.mapTo(tables.viewport(), g.mapFromScene(low)).y()
    w.grab().save(__import__("sys").argv[1] + lang + ".png")  # (to look at, on a failure)
    out["lesson"].append({
        "lang": lang, "mode": w.controller.config.mode, "n": w.controller.trainer.n,
        "sideways": sideways(w), "tables_scroll": tables.verticalScrollBar().isVisible(),
        "title_bottom": bottom, "room": tables.viewport().height(),
        "range": plot.getViewBox().viewRange(),
    })
    w.close()
print(json.dumps(out))
"""


@pytest.mark.long
def test_the_controls_and_the_gram_matrix_fit_at_1024x768(tmp_path) -> None:  # noqa: ANN001
    """At 1024×768, English and Chinese, normal and maximized, UI scale 1 and 2: the
    controls never scroll sideways in any mode; in the lesson's pocket scene, out of
    presentation, the Gram matrix fills its axes and its column title is in sight."""
    from conftest import run_on_screen

    out = run_on_screen(tmp_path, 1024, 768, PROBE_1024, str(tmp_path / "lesson_"))
    from perceptron_gui.core.registry import modes

    assert len(out["window"]) == 2 * 2 * 2 * len(modes())
    assert [row for row in out["window"] if row[-1]] == []
    for got in out["lesson"]:
        assert (got["mode"], got["n"], got["sideways"]) == ("pocket", 30, False), got
        assert not got["tables_scroll"] and got["title_bottom"] <= got["room"], got
        np.testing.assert_allclose(np.ravel(got["range"]), [0.5, 30.5, 0.5, 30.5], atol=1e-9)


def test_the_alpha_bars_stand_beside_their_rows(qtbot) -> None:  # noqa: ANN001
    """In the dual form each α bar is level with its point's row of the heatmap (the
    bars' plot ran upwards beside rows that run downwards)."""
    c = Controller(frame_interval_ms=0)
    c.set_data(generate("separable", 40, seed=1), undoable=False)
    c.set_mode("dual")
    view = DualView(c)
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    qtbot.waitExposed(view)
    for _ in range(3):
        c.step()
    g, a = probes.gram_plots(view)
    qtbot.waitUntil(lambda: a.isVisible() and a.getViewBox().height() > 50)
    row = probes.highlighted_row(view)
    assert row is not None
    y = row + 1.0  # (row i of the heatmap covers i + 0.5 … i + 1.5, 0-based)
    in_heatmap = g.getViewBox().mapViewToScene(pg.Point(1.0, y)).y()
    beside = a.getViewBox().mapViewToScene(pg.Point(0.0, y)).y()
    assert beside == pytest.approx(in_heatmap, abs=1.0)

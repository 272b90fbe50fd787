"""The window at UI scale 2 (View ▸ Larger, Ctrl++): what it draws grows with the type,
and nothing is cut, squeezed or scrolled sideways for it."""

from __future__ import annotations

from typing import Any

import probes
import pytest


def _zoom_to(window: Any, scale: float) -> None:
    """View ▸ Larger (Ctrl++) until the UI scale is `scale`, as a user would."""
    from PySide6.QtWidgets import QApplication

    while window.state()["ui_scale"] < scale:
        window.act_zoom_in.trigger()
        QApplication.processEvents()
    QApplication.processEvents()


def _ink_width(widget: Any) -> int:
    """The width of what `widget` draws darker than its background (its glyph), px."""
    image = widget.grab().toImage()
    back = image.pixelColor(1, 1).lightness()
    columns = [
        x
        for x in range(image.width())
        if any(image.pixelColor(x, y).lightness() < back - 60 for y in range(2, image.height() - 2))
    ]
    return max(columns) - min(columns) + 1 if columns else 0


def test_the_docks_buttons_grow_with_ctrl_plus(window) -> None:  # noqa: ANN001
    """Ctrl++ from scale 1 to 2: a dock's float and close buttons (48 px boxes) draw their
    glyphs as a window opened at scale 2 does, most of the box wide (Qt's title button
    kept the icon size of the last change of style: a glyph 20 px wide in the 48 px box)."""
    from PySide6.QtWidgets import QAbstractButton

    _zoom_to(window, 2.0)
    for dock in (window.controls_dock, window.proof_dock):
        buttons = [
            b
            for b in dock.findChildren(QAbstractButton)
            if b.objectName().startswith("qt_dockwidget_")
        ]
        assert len(buttons) == 2
        for b in buttons:
            side = min(b.width(), b.height())
            assert side >= 40, b.size()
            assert _ink_width(b) >= 0.6 * side, (dock.objectName(), _ink_width(b), side)


def _whole_or_out(group: Any, port: Any) -> bool:
    """Whether `group` is whole in `port` (a scroll area's viewport) or out of it."""
    from PySide6.QtCore import QPoint, QRect

    box = QRect(group.mapTo(port, QPoint(0, 0)), group.size())
    return port.rect().contains(box) or not port.rect().intersects(box)


def test_the_column_shows_the_controls_in_whole_groups(window) -> None:  # noqa: ANN001
    """Ctrl++ to scale 2 on a short screen puts the panels beside the canvas, the Run
    group over the settings: the column shows whole groups, also after the window grows
    (maximized: the top of the Algorithm group's title showed under the Run group) and
    in Chinese (the Run group 7 px taller, its foot was cut)."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app import i18n

    window.showNormal()
    window.resize(900, 560)
    _zoom_to(window, 2.0)
    assert window.panes.compact_state is not None
    c, port = window.controls, window.controls_dock.widget().viewport()
    for grow in (0, 60, 120):
        window.resize(900, 560 + grow)
        QApplication.processEvents()
        for group in (c.run_box, c.algorithm_box):
            assert _whole_or_out(group, port), (grow, group.title(), port.height())
        assert port.rect().contains(c.run_box.geometry()), grow
    assert i18n.set_language("zh_CN", remember=False)
    for _ in range(5):  # (the docks' layouts ask their parents in turn)
        QApplication.processEvents()
    for group in (c.run_box, c.algorithm_box):
        assert _whole_or_out(group, port), (group.title(), port.height())


#: On a 1024×768 screen: View ▸ Larger up to scale 2 (the panels go beside the canvas),
#: then the primal's first three updates and the passive-aggressive's first two with Run ▸
#: Step; what the narration shows after each.
NARRATION_1024 = """
import json
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.show()
w.load_example()
n = w.narration
out = {"base": QFontInfo(n.font()).pixelSize(), "steps": []}
while w.state()["ui_scale"] < 2.0:
    w.act_zoom_in.trigger()
    app.processEvents()
for mode, steps in (("primal", 3), ("pa", 2)):
    w.set_mode(mode)
    for _ in range(steps):
        w.act_step.trigger()
        for _ in range(3):
            app.processEvents()
        out["steps"].append([mode, n.text(), QLabel.text(n), QFontInfo(n.font()).pixelSize(),
                             n.height(), n.width()])
print(json.dumps(out))
"""


def test_the_narration_says_every_update_whole_at_scale_2(tmp_path) -> None:  # noqa: ANN001
    """Ctrl++ to scale 2 on a 1024×768 screen (the panels beside the canvas, its column
    ~600 px): an update's narration is shown whole, its result last (in more lines, in
    type no smaller than that of scale 1), never cut with "…" (from the primal's third
    update: "y = +1: y(w·x + b) = +1 · (0·2.5 +…"), and its height stays from one
    update to the next."""
    from conftest import run_on_screen

    out = run_on_screen(tmp_path, 1024, 768, NARRATION_1024)
    heights = set()
    for mode, text, shown, px, height, width in out["steps"]:
        assert 500 <= width, width
        assert not shown.endswith("…"), (mode, shown)
        result = text.replace("\xa0", " ").rsplit(" = ", 1)[1]
        assert shown.replace("\xa0", " ").endswith(" = " + result), (mode, shown)
        assert px >= out["base"], (mode, px, out["base"])
        heights.add((mode, height))
    assert len(heights) == 2, heights


def _sideways(window: Any) -> list[str]:
    """What scrolls sideways in the tables' dock: the table, or the dock's area."""
    out = []
    view = window.iteration_table.view
    if view.horizontalScrollBar().maximum() > 0:
        out.append("table")
    if window.tables_dock.widget().horizontalScrollBar().maximum() > 0:
        out.append("dock")
    return out


def _show_the_table(window: Any) -> None:
    window.tables_dock.show()
    window.tables_dock.raise_()
    window.tabs.setCurrentWidget(window.iteration_table)


def test_the_update_count_and_buttons_fit_the_column_at_scale_2(window) -> None:  # noqa: ANN001
    """Ctrl++ to scale 2 on a short screen (the tables beside the canvas, ~400 px), in
    English and in Chinese: the tables' update count is whole on one line ("12" over
    "updates", "3" over "次更新" before: squeezed by the buttons beside it) and the
    buttons go on a second line, each whole, rather than push the dock 212 px wider
    than its column (it scrolled sideways)."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QToolButton

    from perceptron_gui.app import i18n

    _zoom_to(window, 2.0)
    window.load_example()
    _show_the_table(window)
    table = window.iteration_table
    count = window.findChild(QLabel, "iterationCount")
    for language in ("en", "zh_CN"):
        assert i18n.set_language(language, remember=False)
        for _ in range(12):
            window.act_step.trigger()
        for _ in range(4):
            QApplication.processEvents()
        shown = QLabel.text(count)
        assert "\n" not in shown, (language, shown)
        assert count.fontMetrics().horizontalAdvance(shown) <= count.width(), (language, shown)
        assert "dock" not in _sideways(window), language
        inside = table.rect()
        for b in table.findChildren(QPushButton) + table.findChildren(QToolButton):
            box = QRect(b.mapTo(table, QPoint(0, 0)), b.size())
            assert inside.contains(box) and b.width() >= b.sizeHint().width(), b.text()
        window.reset()


def _table_fits(window: Any, mode: str) -> None:
    """The table as shown now: no sideways scroll, k, the point, b (averaged: b̄) and
    αᵢ whole."""
    from PySide6.QtGui import QFontMetrics

    table = window.iteration_table
    header, m = table.view.horizontalHeader(), table.model
    assert _sideways(window) == [], (mode, header.length(), table.view.viewport().width())
    last = m.rowCount() - 1
    bold = QFontMetrics(m.bold_font)
    for name in ("k", "point", "b", "b̄", "αᵢ"):
        if name in m.columns:
            col = m.columns.index(name)
            if name == "b" and header.isSectionHidden(col):  # (averaged: b̄ says it)
                assert not header.isSectionHidden(m.columns.index("b̄")), mode
                continue
            text = m.index(last, col).data() or ""
            assert bold.horizontalAdvance(text) < header.sectionSize(col), (mode, name)


def test_the_table_fits_its_column_at_scale_2(window) -> None:  # noqa: ANN001
    """Ctrl++ to scale 2 on a short screen (the tables beside the canvas, ~380 px), the
    example after 12 updates (Run ▸ Step): the primal's table and the dual's show no
    sideways scroll bar (the primal's wanted 687 px, the dual's 18 α columns 1100), k,
    the point and b whole: `w·x + b` yields its width first, and the dual shows one αᵢ,
    the row's point's (every α is in the Dual view tab)."""
    from PySide6.QtWidgets import QApplication

    _zoom_to(window, 2.0)
    window.load_example()
    _show_the_table(window)
    for mode in ("primal", "dual"):
        window.set_mode(mode)
        for _ in range(12):
            window.act_step.trigger()
        for _ in range(3):
            QApplication.processEvents()
        _table_fits(window, mode)
    assert "αᵢ" in window.iteration_table.model.columns


@pytest.mark.long
def test_every_modes_table_fits_its_column_at_scale_2(window, qtbot) -> None:  # noqa: ANN001
    """As `test_the_table_fits_its_column_at_scale_2`, for the example's run to its end in
    each of the registry's modes (every one scrolled sideways: their tables differ)."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.core.registry import modes

    _zoom_to(window, 2.0)
    window.load_example()
    _show_the_table(window)
    for mode in modes():
        window.set_mode(mode)
        window.run_to_end()
        qtbot.waitUntil(lambda: not window.controller.running, timeout=20000)
        for _ in range(3):
            QApplication.processEvents()
        _table_fits(window, mode)


#: Two screens side by side, 1920×1080 ("s") and 1024×768 ("s1"): View ▸ Larger to scale 2
#: on the large one, then the window moved onto the small one and back.
TWO_SCREENS = (
    probes.WINDOW_PROBE
    + """
def seen():
    return [w.screen().name(), w.panes.compact_state is not None,
            w.dockWidgetArea(w.bound_dock).name]
pump()
while w.state()["ui_scale"] < 2.0:
    w.act_zoom_in.trigger()
    pump()
out = [seen()]
for x in (1940, 20):
    w.move(x, 10)
    pump()
    out.append(seen())
print(json.dumps(out))
"""
)


def test_the_panels_are_placed_again_on_another_screen(tmp_path) -> None:  # noqa: ANN001
    """At UI scale 2 the panels go beside the canvas on a 1024×768 screen, not on a
    1920×1080 one (`compact_wanted`): a window moved from the large screen to the small
    one puts them beside the canvas, and back under it on the large one (decided once,
    at the scale's change, they stayed under a canvas of a few pixels)."""
    from conftest import run_on_screen

    out = run_on_screen(tmp_path, 1920, 1080, TWO_SCREENS, more=((1024, 768),))
    assert out == [
        ["s", False, "BottomDockWidgetArea"],
        ["s1", True, "RightDockWidgetArea"],
        ["s", False, "BottomDockWidgetArea"],
    ], out


def test_the_dual_views_texts_are_whole_at_scale_2(window) -> None:  # noqa: ANN001
    """Ctrl++ to scale 2 on a short screen, the dual run's Dual view tab beside the canvas:
    its title and note are whole (the note's last line was cut under the heatmap, 86 px
    of its 136) and the heatmap keeps twice its least height, scrolled to; in the back,
    the tab asks no more room of the Iteration table's."""
    from PySide6.QtWidgets import QApplication, QLabel

    _zoom_to(window, 2.0)
    window.load_example()
    window.set_mode("dual")
    for _ in range(12):
        window.act_step.trigger()
    window.tables_dock.show()
    window.tables_dock.raise_()
    dual = window.dual_view
    window.tabs.setCurrentWidget(dual)
    for _ in range(5):
        QApplication.processEvents()
    for name in ("dualTitle", "dualNote"):
        label = dual.findChild(QLabel, name)
        assert label.height() >= label.heightForWidth(label.width()), name
    assert dual._stack.height() >= 2 * dual._stack.minimumSizeHint().height() - 1
    window.tabs.setCurrentWidget(window.iteration_table)
    QApplication.processEvents()
    assert dual.minimumHeight() == 0

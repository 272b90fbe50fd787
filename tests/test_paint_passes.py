"""A step paints the window once: each widget that changed is painted in one pass."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from perceptron_gui.core.config import MODES
from perceptron_gui.core.generators import generate


class _Paints(QObject):
    """Counts the paint events each widget gets."""

    def __init__(self) -> None:
        super().__init__()
        self.count: Counter[int] = Counter()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Paint:
            self.count[id(obj)] += 1
        return False


def _painted_per_step(w: Any, steps: int) -> tuple[dict[str, int], int]:
    """The most paints any of the canvas, the bound plot and the narration got in one
    step (by object name), and the most any widget of the window got."""
    app = QApplication.instance()
    watched = {
        "canvas": w.canvas.viewport(),
        "boundPlot": w.bound_panel.plot.viewport(),
        "narration": w.findChild(QWidget, "narration"),
    }
    most = dict.fromkeys(watched, 0)
    most_any = 0
    spy = _Paints()
    app.installEventFilter(spy)
    try:
        for _ in range(steps):
            spy.count.clear()
            assert w.step() is not None
            app.processEvents()
            for name, widget in watched.items():
                most[name] = max(most[name], spy.count[id(widget)])
            most_any = max([most_any, *spy.count.values()])
    finally:
        app.removeEventFilter(spy)
    return most, most_any


@pytest.mark.long
@pytest.mark.parametrize("mode", MODES)
def test_a_step_paints_the_window_once_in_every_mode(shared_window, mode: str) -> None:
    w = shared_window
    w.controller.set_mode(mode)
    d = generate("noisy", 40, noise=0.2, seed=3)
    w.set_points(d.points, d.labels)
    for _ in range(2):  # the first steps: the panels' first drawing of the run
        w.step()
        QApplication.processEvents()
    most, most_any = _painted_per_step(w, 3)
    # Painted, and once a step: two passes painted the narration's strip (over the
    # canvas's bottom) and the bound plot again after the rest of the window.
    assert most == {"canvas": 1, "boundPlot": 1, "narration": 1}, most
    assert most_any == 1


def test_a_step_in_presentation_paints_once(shared_window) -> None:
    w = shared_window
    w.resize(1024, 768)
    w.set_presentation(True)
    d = generate("noisy", 40, noise=0.2, seed=3)
    w.set_points(d.points, d.labels)
    for _ in range(2):
        w.step()
        QApplication.processEvents()
    most, most_any = _painted_per_step(w, 3)
    assert most["canvas"] == most["narration"] == 1, most
    assert most_any == 1


@pytest.mark.long
def test_a_lesson_scene_change_lays_the_readout_out_once(shared_window, monkeypatch) -> None:  # noqa: ANN001
    """In presentation the readout is a box of stacked lines over the canvas; a scene
    change sets the settings, the data, the run's place and the panels (each a change the
    readout hears, and the canvas resized each time): it is laid out once, at the end,
    and shows the scene's run."""
    from perceptron_gui.app.panels.readout import Readout

    w = shared_window
    w.resize(1024, 768)
    assert w.open_lesson("perceptron")
    w.set_presentation(True)
    QApplication.processEvents()
    layouts: list[int] = []
    real = Readout._show_stacked

    def counted(self: Readout, *args: Any, **kwargs: Any) -> Any:
        if self is w.readout:
            layouts[-1] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Readout, "_show_stacked", counted)
    player = w.lesson_player
    for i in (1, 4, 5):  # (5: a compare scene, after a scene without one)
        layouts.append(0)
        player.go(i)
        assert f"k = {w.controller.trainer.k}" in w.readout.text()
    # Once, or twice when the remark does not fit its box (see Readout.refresh).
    assert all(1 <= n <= 2 for n in layouts), layouts  # (before: 6-15)


def test_every_graphics_view_paints_with_the_window(shared_window) -> None:
    """Each scene the window shows has a receiver on `changed` (qtutil.paint_with_window):
    one without it paints the whole window once more whenever its items change. The
    panels made on first show and compare's second canvas included."""
    from PySide6.QtCore import SIGNAL
    from PySide6.QtWidgets import QGraphicsView

    w = shared_window
    w.bound_panel, w.experiment.panel, w.proof_panel  # noqa: B018  (made now)
    tab = w.tabs.currentIndex()
    w.tabs.setCurrentWidget(w.dual_view)  # (its table and heatmap's view made when shown)
    w.tabs.setCurrentIndex(tab)
    w.set_compare({"order": "random"})
    views = w.findChildren(QGraphicsView)
    assert len(views) >= 6
    for view in views:
        # Ours (Qt adds one to the view itself, `updateScene`, once the scene changes).
        assert view.scene().receivers(SIGNAL("changed(QList<QRectF>)")) >= 1, view

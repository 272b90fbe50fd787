"""Compare's two panes show the same thing the same way: plots of one size and one range
(a banner or a legend over one of them takes no height of its plot only), a converged
run's canvas says that it converged, an update out of view is still drawn, and in
presentation the banners over both panes are in the presentation's type, whole."""

from __future__ import annotations

import numpy as np
import probes
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from perceptron_gui import MainWindow
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.core.registry import REGISTRY

CONVERGED = "converged: a full pass found no mistake"


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`)."""
    return shared_window


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _plot(canvas: DataCanvas) -> tuple[tuple[int, int], tuple[float, float, float, float]]:
    """The plot's size in pixels and its data range."""
    vb = canvas.getPlotItem().getViewBox()
    return (round(vb.width()), round(vb.height())), tuple(round(v, 6) for v in canvas.view_range())  # type: ignore[return-value]


def _pocket_pair(window: MainWindow) -> DataCanvas:
    """The built-in example against pocket in random order (seed 2), three steps of the
    pair by the Step action: the second run has converged at its third update (a banner
    "converged" and the pocket's legend over its plot only)."""
    window.resize(1024, 768)
    window.act_example.trigger()
    assert window.set_compare({"mode": "pocket", "order": "random", "seed": 2})
    for _ in range(3):
        window.act_step.trigger()
    _settle()
    second = window.compare.view.canvas
    assert window.compare_run.controller.trainer.converged
    return second


def test_both_plots_are_one_size_and_range_with_a_banner_over_one(window: MainWindow) -> None:
    """The two panes' plots are the same size and show the same data range when only the
    second has a banner and a legend in the band above its plot (446×495 px showing y
    −6.2…6.2 against 446×396 px showing −5…5 at 1024×768)."""
    second = _pocket_pair(window)
    assert probes.status_text(second) == CONVERGED
    assert _plot(window.canvas) == _plot(second)


def test_a_pane_converged_on_its_update_says_converged_only(window: MainWindow) -> None:
    """The second run converged at its third update's own visit (random order: nothing
    left to pick): its canvas says "converged", not that update ("x6: mistake → update"
    stayed beside x6 under the banner while the first run went on)."""
    second = _pocket_pair(window)
    assert probes.status_text(second) == CONVERGED
    assert probes.verdict_text(second) is None
    assert probes.verdict_text(window.canvas) == "x15: mistake → update"  # (it goes on)


@pytest.mark.long
@pytest.mark.parametrize("mode", sorted(REGISTRY))
def test_a_converged_pane_says_converged_in_every_mode(window: MainWindow, mode: str) -> None:
    """A run of the pair that converged says so on its canvas, never its last update's
    verdict, in every mode of the registry, stepped by the Step action; random order
    where the mode has it (it converges at an update's own visit, nothing left to pick:
    "x6: mistake → update" stayed under "converged")."""
    from perceptron_gui.app.compare import allowed_orders

    window.act_example.trigger()
    assert window.set_compare({"mode": mode, "order": allowed_orders(mode)[0], "seed": 2})
    second = window.compare_run.controller
    for _ in range(80):
        window.act_step.trigger()
        if second.trainer.done:
            break
    _settle()
    canvas = window.compare.view.canvas
    if not second.trainer.converged:  # (passive-aggressive goes on past 80 steps here)
        assert not second.trainer.done and mode == "pa", mode
        return
    assert probes.status_text(canvas) == CONVERGED, mode
    assert probes.verdict_text(canvas) is None, mode


@pytest.mark.long
def test_alone_the_converging_visit_keeps_its_verdict(window: MainWindow) -> None:
    """Outside compare the visit that converged keeps its verdict beside its point (the
    canvas's caption says the end): the pairing rule is compare's only."""
    window.act_example.trigger()
    window.set_order("random")
    t = window.controller.trainer
    for _ in range(60):
        window.act_visit.trigger()
        if t.done:
            break
    _settle()
    assert t.converged and t.last is not None and t.visits == t.last.visit
    assert probes.verdict_text(window.canvas) is not None


def test_an_update_out_of_view_is_drawn_at_the_edge_in_compare(qtbot, window: MainWindow) -> None:  # noqa: ANN001
    """Example, E, ←, ←, Backspace, C (update 9: old w = (8.5, −5.5), new w = (5.5, −9.5)):
    run 1's old w and new w are cut at the plot's edge with their heads there and their
    values written, and the step ηyx = (−3, −4), wholly beyond the edge, is a short arrow
    along it inside the view (before: nothing drawn); the two plots are one size and range
    ("w = 0: no line" over run 2's only)."""
    window.resize(1024, 768)
    window.act_example.trigger()
    canvas = window.canvas
    canvas.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_E)  # To end
    qtbot.waitUntil(lambda: not window.controller.running)
    for key in (Qt.Key.Key_Left, Qt.Key.Key_Left, Qt.Key.Key_Backspace):
        qtbot.keyClick(window, key)
    assert window.controller.trainer.k == 9
    qtbot.keyClick(window, Qt.Key.Key_C)
    _settle()
    second = window.compare.view.canvas
    assert _plot(canvas) == _plot(second)
    canvas.hidden_names()  # (the texts laid out)
    x0, x1, y0, y1 = canvas.view_range()
    ends = canvas._vector_ends  # noqa: SLF001
    assert set(ends) == {"w_old", "step", "w_new"}
    for name, ((sx, sy), (ex, ey)) in ends.items():
        for x, y in ((sx, sy), (ex, ey)):
            assert x0 <= x <= x1 and y0 <= y <= y1, (name, ends[name])
        head = canvas._vectors[name][1]  # noqa: SLF001
        assert head.isVisible() and (head.pos().x(), head.pos().y()) == (ex, ey)
    (sx, sy), (ex, ey) = ends["step"]
    d = np.array([ex - sx, ey - sy])
    assert np.allclose(d / np.hypot(*d), np.array([-3.0, -4.0]) / 5.0)  # along ηyx
    labels = canvas._vector_labels  # noqa: SLF001
    assert labels["w_old"].toPlainText() == "old w = (8.5, −5.5)"
    assert labels["w_new"].toPlainText() == "new w = (5.5, −9.5)"
    assert labels["step"].toPlainText() == "ηyx = (−3, −4)"


def test_a_vector_wholly_out_of_view_is_a_short_arrow_at_the_edge(qtbot) -> None:  # noqa: ANN001
    """The update's visual alone, [−5, 5]² in 400 px: a step between two tips beyond the
    edge is drawn along itself, its tip on the border, the body inside, clear of the
    other heads, with its value written."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import Update, ViewModel
    from perceptron_gui.app.canvas.visuals.vectors import STUB_PX, UpdateVectors
    from perceptron_gui.core.model import LinearModel

    model = ViewModel(probes.FixedView())
    vb = pg.ViewBox()
    vectors = UpdateVectors(model, lambda items: [vb.addItem(i) for i, _ in items])
    model.set_points(np.array([[-3.0, -4.0]]), np.array([1], dtype=np.int8), new=True)
    before = LinearModel(np.array([8.5, -5.5]), 2.0)
    after = LinearModel(np.array([5.5, -9.5]), 3.0)
    model.set_update(Update(before, after, 0, True))
    assert vectors.stubs == {"step"}
    (sx, sy), (ex, ey) = vectors.ends["step"]
    for v in (sx, sy, ex, ey):
        assert -5.0 <= v <= 5.0
    assert np.hypot(ex - sx, ey - sy) == pytest.approx(STUB_PX / 40.0)  # 40 px a unit
    assert np.allclose(np.array([ex - sx, ey - sy]) / (STUB_PX / 40.0), [-0.6, -0.8])
    shaft, head = vectors.vectors["step"]
    assert shaft.isVisible() and head.isVisible()
    assert vectors.labels["step"].toPlainText() == "ηyx = (−3, −4)"
    # Clear of old w's and new w's heads (16 px long: 0.4 units).
    for name in ("w_old", "w_new"):
        _, tip = vectors.ends[name]
        gap = np.min(np.hypot(np.linspace(sx, ex, 20) - tip[0], np.linspace(sy, ey, 20) - tip[1]))
        assert gap > 0.25, (name, tip, vectors.ends["step"])


def test_a_grab_in_presentation_keeps_the_readout_over_the_canvas(qtbot) -> None:  # noqa: ANN001
    """A window presenting from its start (as ``--lesson`` opens it): a grab of it (a
    screenshot) sent the hidden readout strip, never shown, its first resize (640×480),
    and the readout lent to the canvas took that size: the band over the plot grew to the
    canvas's height and the plots vanished."""
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    try:
        w.act_example.trigger()
        w.set_presentation(True)
        _settle()
        w.canvas.hidden_names()  # (laid out: the band over the plot is its own)
        _settle()
        readout = w.readout
        box = readout.geometry()
        plot = _plot(w.canvas)
        assert plot[0][1] > 100
        w.grab()
        _settle()
        w.canvas.hidden_names()
        assert readout.geometry() == box
        assert _plot(w.canvas) == plot
    finally:
        w.set_presentation(False)
        w.close()
        w.deleteLater()
        _settle()


LESSON_BANNERS = """
import json
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui import MainWindow
from perceptron_gui.app import i18n
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.core.registry import REGISTRY
import sys
i18n.set_language(sys.argv[1], remember=False)
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
if sys.argv[2] == "dark":
    w.set_theme("dark")
assert w.open_lesson("perceptron")
w.set_presentation(True)
scene = int(sys.argv[3])
while w.lesson_player.index < scene - 1:
    w.next_slide()
out = {"shots": []}
for _ in range(int(sys.argv[4])):
    for _ in range(10):
        app.processEvents()
    shot = []
    for cv in w.findChildren(DataCanvas):
        if not cv.isVisible():
            continue
        cv.hidden_names()
        label = cv._band_label
        vb = cv.getPlotItem().getViewBox()
        header = cv.header()
        shot.append({
            "readout": QFontInfo(header.font()).pixelSize() if header is not None else 0,
            "band": cv.band_text(),
            "shown": label.toPlainText() if label is not None and label.isVisible() else "",
            "px": QFontInfo(label.font()).pixelSize() if label is not None else 0,
            "plot": [round(vb.width()), round(vb.height())],
            "range": [round(v, 6) for v in cv.view_range()],
        })
    out["shots"].append(shot)
    w.next_slide()
print(json.dumps(out))
"""


@pytest.mark.long
@pytest.mark.parametrize(
    ("language", "theme", "scene", "slides"), [("en", "light", 6, 12), ("zh_CN", "dark", 8, 1)]
)
def test_presentation_banners_are_in_presentation_type_and_whole(
    tmp_path,  # noqa: ANN001
    language: str,
    theme: str,
    scene: int,
    slides: int,
) -> None:
    """The lesson on a 1024×768 projector: scene 6 ("The order matters", compare) and, in
    Chinese and dark, scene 8: every banner over a plot is whole (wrapped, never "…") in
    the presentation's type, its readout's (24-29 px; it was 9-14 px, and run 2's
    "…predicte…"), the two panes' in one size, their plots one size and range."""
    from tests.conftest import run_on_screen

    r = run_on_screen(tmp_path, 1024, 768, LESSON_BANNERS, language, theme, str(scene), str(slides))
    seen = 0
    for shot in r["shots"]:
        for pane in shot:
            if pane["band"]:
                seen += 1
                assert pane["px"] == pane["readout"] >= 24, pane
                assert "…" not in pane["shown"], pane
        if len(shot) == 2:
            assert shot[0]["plot"] == shot[1]["plot"], shot
            assert shot[0]["range"] == shot[1]["range"], shot
            sizes = {pane["px"] for pane in shot if pane["band"]}
            assert len(sizes) <= 1, shot
    assert seen, r

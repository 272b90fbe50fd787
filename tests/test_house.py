"""The house: the window at any size and scale, one redraw per change, the lecture's numbering,
no lost work, and the defects a lecturer and a code review found (issue "A house with room
to grow")."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import probes
import pytest
from conftest import run_on_screen
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from perceptron_gui import MainWindow
from perceptron_gui.app.storage import preferences, recovery_path
from perceptron_gui.app.theme import theme
from perceptron_gui.core.geometry import clip_line, segment_length
from perceptron_gui.core.io import load_file

ROOT = Path(__file__).resolve().parents[1]
EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


@pytest.fixture
def own_window(qtbot):  # noqa: ANN001, ANN201
    """A new window (conftest's `window`), for a test the shared one's reset does not
    serve: after Follow the line was on, the canvas of the shared window still followed
    the line although its action was unchecked again; and once another window was made,
    the shared one is not the active window that a key's shortcut goes to."""
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture(autouse=True)
def _normal_theme():  # noqa: ANN202  (the theme is one per process: leave it as found)
    yield
    theme().set_scale(1.0)
    theme().set_name("light")


# ------------------------------------------------------------------ the window's size

LAYOUT_PROBE = """
import json, os, sys
from PySide6.QtWidgets import (QApplication, QAbstractButton, QAbstractSpinBox, QComboBox,
                               QLabel, QSlider, QWidget)
import perceptron_gui.app
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None)
w.set_ui_scale(float(sys.argv[1]))
w.fit_to_screen()
w.load_example()
w.show()
for _ in range(5):
    app.processEvents()
screen = w.screen().availableGeometry()
frame = w.frameGeometry()
out = {"screen": [screen.x(), screen.y(), screen.width(), screen.height()],
       "frame": [frame.x(), frame.y(), frame.width(), frame.height()], "bad": [], "n": 0}
rects = []
kinds = (QAbstractButton, QAbstractSpinBox, QComboBox, QLabel, QSlider)
for c in w.controls.findChildren(QWidget):
    if not isinstance(c, kinds) or not c.isVisibleTo(w.controls):
        continue
    out["n"] += 1
    top_left = c.mapTo(w, c.rect().topLeft())
    r = c.rect().translated(top_left)
    inside = w.rect().contains(r)
    whole = c.visibleRegion().boundingRect() == c.rect() and c.isVisible()
    fits = c.width() >= c.minimumSizeHint().width() and c.height() >= c.minimumSizeHint().height()
    if not (inside and whole and fits):
        name = c.objectName() or type(c).__name__
        out["bad"].append([name, c.text() if hasattr(c, "text") else "", inside, whole, fits])
    rects.append((c, r))
for i, (a, ra) in enumerate(rects):
    for b, rb in rects[i + 1:]:
        if a.isAncestorOf(b) or b.isAncestorOf(a):
            continue
        if ra.intersects(rb):
            out["bad"].append(["overlap", a.objectName() or type(a).__name__,
                               b.objectName() or type(b).__name__])
print(json.dumps(out))
"""


def _probe_layout(tmp_path: Path, width: int, height: int, scale: float) -> dict:
    return run_on_screen(tmp_path, width, height, LAYOUT_PROBE, str(scale))


@pytest.mark.long
@pytest.mark.parametrize(("width", "height", "scale"), [(1024, 768, 1.0), (1920, 1080, 2.0)])
def test_every_control_is_whole_and_inside_the_window(tmp_path, width, height, scale) -> None:
    out = _probe_layout(tmp_path, width, height, scale)
    sx, sy, sw, sh = out["screen"]
    fx, fy, fw, fh = out["frame"]
    # The window opens inside the screen's available geometry (frame included).
    assert sx <= fx and sy <= fy and fx + fw <= sx + sw and fy + fh <= sy + sh, out
    assert out["n"] >= 15, out  # the buttons, boxes and labels were all looked at
    assert out["bad"] == [], out["bad"]


@pytest.mark.long
def test_hidden_panels_give_the_canvas_the_room_and_the_keys_still_work(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.show_panels(False)
    qtbot.wait(50)
    assert not any(d.isVisible() for d in window.docks)
    area = window.canvas.width() * window.canvas.height()
    assert area >= 0.75 * window.width() * window.height()
    QTest.keyClick(window, Qt.Key.Key_Space)
    assert window.state()["mistakes"] == 1
    window.show_panels(True)
    assert all(d.isVisible() for d in window.docks)
    action = window.findChild(QAction, "showPanelsAction")
    action.trigger()
    assert not window.controls_dock.isVisible()


# ------------------------------------------------------------------ the line stays in view


def _line_crosses_view(window: MainWindow) -> bool:
    s = window.state()
    x0, x1, y0, y1 = s["view"]
    seg = clip_line(s["w"], s["b"], (x0, x1, y0, y1))
    return segment_length(seg) >= 0.1 * np.hypot(x1 - x0, y1 - y0)


@pytest.mark.long
def test_the_line_crosses_the_view_after_every_update_of_the_worked_example(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    follow = window.findChild(QAction, "followLineAction")
    assert not follow.isChecked()  # off by default: the view is the data's
    follow.trigger()
    for k in range(1, 8):
        assert window.step() is not None
        if window.state()["w"] == [0.0, 0.0]:  # update 4: w = 0, no line; the canvas says so
            assert "no line" in probes.no_line_text(window.canvas)
            continue
        assert _line_crosses_view(window), (k, window.state()["view"])
        view = window.state()["view"]
        assert view == list(window.canvas.view_range())
    assert window.step() is None and window.state()["converged"]
    # The view grew from the data's frame towards the line, not without end.
    x0, x1, y0, y1 = window.state()["view"]
    assert x1 - x0 < 40 and y1 - y0 < 40


@pytest.mark.long
def test_without_following_an_arrow_says_where_the_line_went(own_window) -> None:  # noqa: ANN001
    window = own_window
    window.set_points(EX_X, EX_Y)
    assert not window.findChild(QAction, "followLineAction").isChecked()  # the default
    window.canvas.set_view_range(2.0, 5.0, 2.0, 3.2)  # near the points, no fit margin
    window.step()  # x·(3, 3) + 1 = 0 passes near (−1/6, −1/6): out of that view
    assert not _line_crosses_view(window)
    assert probes.edge_arrow_shown(window.canvas)
    window.findChild(QAction, "followLineAction").trigger()
    assert _line_crosses_view(window) and not probes.edge_arrow_shown(window.canvas)


def test_keep_origin_in_view(window) -> None:
    window.set_points([[3.0, 3.0], [4.0, 5.0], [5.0, 3.0]], [1, -1, 1])
    x0, _, y0, _ = window.state()["view"]
    assert x0 > 0 and y0 > 0
    window.findChild(QAction, "keepOriginAction").trigger()
    x0, x1, y0, y1 = window.state()["view"]
    assert x0 <= 0 <= x1 and y0 <= 0 <= y1


# ------------------------------------------------------------------ one redraw per change


def _count_calls(monkeypatch, obj, name: str) -> list[int]:
    calls = [0]
    original = getattr(obj, name)

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, counted)
    return calls


def test_one_add_point_refreshes_each_view_once(window, monkeypatch) -> None:
    window.set_points(EX_X, EX_Y)
    window.step()
    window.set_mode("dual")
    counts = {
        "canvas points": _count_calls(monkeypatch, window.canvas, "set_points"),
        "canvas model": _count_calls(monkeypatch, window.canvas, "set_model"),
        "canvas bound": _count_calls(monkeypatch, window.canvas, "set_geometry"),
        "bound plot": _count_calls(monkeypatch, window.bound_panel.plot, "refresh"),
        "bound readout": _count_calls(monkeypatch, window.bound_panel, "refresh"),
        "table": _count_calls(monkeypatch, window.iteration_table, "refresh"),
        "dual view": _count_calls(monkeypatch, window.dual_view, "rebuild"),
        "readout": _count_calls(monkeypatch, window.readout, "refresh"),
    }
    window.add_point(2.0, -1.0, -1)
    assert {k: v[0] for k, v in counts.items()} == dict.fromkeys(counts, 1)
    for v in counts.values():
        v[0] = 0
    window.step()
    steps = {k: v[0] for k, v in counts.items()}
    assert steps["canvas points"] == 0 and steps["canvas bound"] == 0
    assert steps["canvas model"] == 1 and steps["table"] == 1 and steps["readout"] == 1


def test_mouse_moves_do_no_hit_test(qtbot, window, monkeypatch) -> None:
    window.set_points(EX_X, EX_Y)
    calls = _count_calls(monkeypatch, window.canvas, "hit_test")
    vp = window.canvas.viewport()
    for i in range(20):
        QTest.mouseMove(vp, QPoint(50 + 10 * i, 80 + 5 * i))
    assert calls[0] == 0


# ------------------------------------------------------------------ the textbook's numbering


def test_points_are_x1_to_xn_on_screen(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    window.step()
    assert "update 1 on x1" in window.statusBar().currentMessage()
    window.step()
    table = window.iteration_table
    # Row 0 is the start (k = 0, Table 2.1), row k is update k: update 2 was on x3.
    assert [table.model.index(r, 1).data() for r in range(3)] == ["", "x1", "x3"]
    assert probes.point_labels(window.canvas) == ["x1", "x2", "x3"]
    window.set_mode("dual")
    window.step()
    assert probes.alpha_labels(window.canvas) == ["α₁ = 1"]
    window.tabs.setCurrentWidget(window.dual_view)
    gram = window.dual_view.findChild(object, "gramTable")
    headers = [gram.horizontalHeaderItem(j).text() for j in range(gram.columnCount())]
    assert headers[2:] == ["x1", "x2", "x3"]
    assert window.state()["current"] == 0  # the API stays 0-based


def test_visit_marks_the_point_and_says_the_verdict(window) -> None:
    window.set_points(EX_X, EX_Y)
    rec = window.visit()
    assert rec.mistake and window.state()["current"] == 0
    assert probes.current_index(window.canvas) == 0
    assert probes.verdict_text(window.canvas) == "x1: mistake → update"
    rec = window.visit()
    assert not rec.mistake and window.state()["current"] == 1
    assert probes.current_index(window.canvas) == 1
    assert probes.verdict_text(window.canvas) == "x2: correct ✓"


@pytest.mark.parametrize(
    "mode",
    [
        *(pytest.param(m, marks=pytest.mark.long) for m in ("dual", "pocket", "batch")),
        *(pytest.param(m, marks=pytest.mark.long) for m in ("averaged", "voted", "kernel")),
        "primal",
        "pa",
        "margin",
    ],
)
def test_the_verdict_beside_the_point_says_what_the_step_did_in_every_mode(window, mode) -> None:  # noqa: ANN001
    """Each visit of a run on the built-in example (every mode of the registry): the
    words beside the point say a mistake, an update inside the margin (passive-aggressive
    and the margin perceptron update right points; the canvas said "x4: correct ✓" beside
    such an update) or no update, as the step's record has it."""
    from perceptron_gui.core.registry import REGISTRY

    assert mode in REGISTRY and len(REGISTRY) == 9
    window.act_example.trigger()
    window.set_mode(mode)
    said = set()
    for _ in range(40):  # (the margin perceptron's first margin update: visit 35)
        rec = window.visit()
        if rec is None or window.controller.trainer.done:
            break
        name = f"x{rec.index + 1}"
        if rec.mistake:
            want = f"{name}: mistake → update"
        elif rec.reason == "margin":
            want = f"{name}: inside the margin → update"
        else:
            want = f"{name}: correct ✓"
        assert probes.verdict_text(window.canvas) == want, (rec, want)
        said.add(want.split(": ", 1)[1])
    assert ("inside the margin → update" in said) == (mode in ("pa", "margin")), said


# ------------------------------------------------------------------ edits and runs


def test_an_edit_after_updates_says_so_and_undo_brings_the_run_back(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(8):  # the 8th finds no mistake: converged
        window.step()
    before = window.state()
    assert before["converged"] and before["mistakes"] == 7
    window.add_point(0.5, 4.0, -1)
    assert window.state()["mistakes"] == 0
    assert "run of 7 updates" in window.statusBar().currentMessage()
    window.controller.undo_stack.undo()
    after = window.state()
    for key in ("points", "w", "b", "mistakes", "converged", "misclassified", "current"):
        assert after[key] == before[key], key
    # The restored run goes on from where it was (it is the same trainer, not a copy).
    assert window.controller.trainer.k == 7 and window.step() is None


# ------------------------------------------------------------------ the pocket is the answer


def test_pocket_view_emphasises_the_pocket(window) -> None:
    xor = [[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [2.0, 2.0]]
    window.set_points(xor, [1, 1, -1, -1, 1])
    window.set_mode("pocket")
    window.set_max_updates(30)
    window.run_to_end()
    while window.state()["running"]:
        window.controller._on_timer_timeout()
    s = window.state()
    X, y = np.array(xor), np.array([1, 1, -1, -1, 1], dtype=float)
    pw, pb = s["pocket_w"], s["pocket_b"]
    expected = np.flatnonzero(y * (X[:, 0] * pw[0] + X[:, 1] * pw[1] + pb) <= 0).tolist()
    assert s["pocket_misclassified"] == expected and len(expected) == s["pocket_errors"]
    assert probes.misclassified_indices(window.canvas).tolist() == expected
    running = np.flatnonzero(y * (X[:, 0] * s["w"][0] + X[:, 1] * s["w"][1] + s["b"]) <= 0)
    assert s["misclassified"] == running.tolist()
    window.findChild(QAction, "answerFirstAction").trigger()
    assert probes.misclassified_indices(window.canvas).tolist() == s["misclassified"]
    assert window.canvas.legend.isVisible()


def test_the_legend_never_shows_a_hidden_sample(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_mode("pocket")  # w = 0: no current line, no pocket line yet
    assert window.canvas.legend.isVisible()
    for sample, _label in window.canvas.legend.items:
        assert sample.item.isVisible()


# ------------------------------------------------------------------ small defects


def test_toolbar_text_stays_as_the_undo_text_changes(window) -> None:
    before = window.toolbar.sizeHint().width()
    window.add_point(1.0, 2.0, 1)
    window.add_point(123.25, -456.5, -1)
    assert window.act_undo.text() == "&Undo"
    assert "add −1 point x2" in window.act_undo.toolTip()
    assert window.toolbar.sizeHint().width() == before


def test_run_button_shows_pause_in_words_with_an_icon(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_speed(1.0)
    window.run()
    assert window.controls.run_button.text() == "Pause"
    assert not window.controls.run_button.icon().isNull()
    window.pause()
    assert window.controls.run_button.text() == "Run"


def test_gamma_band_label_says_how_wide_it_is_drawn(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.findChild(QAction, "showBestAction").trigger()
    s = window.state()
    u = np.array(window.controller.bound.direction)
    half = s["gamma"] / np.hypot(u[0], u[1])
    text = window.canvas._gamma_label.toPlainText()
    assert f"γ = {s['gamma']:.3g}" in text and f"±{half:.3g}" in text


def test_dual_view_heatmap_is_square_and_alpha_is_beside_it(qtbot, window) -> None:
    from perceptron_gui.core.generators import generate

    d = generate("separable", 80, seed=2)
    window.set_points(d.points, d.labels)
    window.set_mode("dual")
    window.run_to_end()
    qtbot.waitUntil(lambda: not window.state()["running"], timeout=5000)
    window.tabs.setCurrentWidget(window.dual_view)
    qtbot.wait(50)
    vb = window.dual_view._gplot.getViewBox()
    w_px, h_px = vb.width(), vb.height()
    (x0, x1), (y0, y1) = vb.viewRange()
    # One cell is as wide as it is high on screen, and the 80 rows are in view.
    assert abs((w_px / (x1 - x0)) / (h_px / (y1 - y0)) - 1.0) < 0.02
    assert x0 <= 1 and x1 >= 80 and y0 <= 1 and y1 >= 80
    assert window.dual_view._aplot.isVisible()
    assert np.array_equal(probes.alpha_shown(window.dual_view), window.controller.trainer.alpha)


# ------------------------------------------------------------------ the document


@pytest.mark.long
def test_modified_follows_saves_recoveries_and_refusals(qtbot, tmp_path) -> None:
    w = MainWindow(frame_interval_ms=0, autosave_ms=0)
    qtbot.addWidget(w)
    w.set_points(EX_X, EX_Y)
    assert w.state()["modified"] and w.isWindowModified() and "[*]" in w.windowTitle()
    assert w.save(tmp_path / "s.json")
    assert not w.state()["modified"] and not w.isWindowModified()
    assert not w.set_eta(-1.0)  # refused: nothing changed
    assert not w.state()["modified"]
    w.set_eta(0.5)
    assert w.state()["modified"]
    w.set_eta(1.0)
    assert not w.state()["modified"]  # back to what the file holds
    w.findChild(QAction, "showRadiusAction").trigger()
    w.add_point(2.0, 2.0, 1)
    qtbot.waitUntil(lambda: not w.document.autosave_pending and recovery_path().exists())
    view = load_file(recovery_path()).view
    assert view["show_radius"] is True and view["follow_the_line"] is False
    assert "follow_line" not in view  # (the old key: true by default, not a choice)
    # After a crash: the restored session is unsaved work.
    w2 = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w2)
    assert w2.recover(ask=False)
    assert w2.state()["modified"] and w2.isWindowModified()
    assert len(w2.state()["points"]) == 4
    assert w2.findChild(QAction, "showRadiusAction").isChecked()


def test_view_actions_have_object_names(window) -> None:
    for name in (
        "showRadiusAction",
        "showBestAction",
        "snapAction",
        "followLineAction",
        "keepOriginAction",
        "answerFirstAction",
        "showPanelsAction",
    ):
        assert isinstance(window.findChild(QAction, name), QAction), name


# ------------------------------------------------------------------ scale, theme, preferences


@pytest.mark.long
def test_the_docks_titles_follow_the_scale(qtbot, window) -> None:
    """Qt draws a dock's title in a font of its own unless told otherwise: at UI scale 2
    the title's letters are about twice as tall as at 1."""
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    dock = window.controls_dock

    def ink_height() -> int:
        QApplication.processEvents()
        img = dock.grab().toImage()
        top = dock.widget().geometry().top()  # the title bar is above the contents
        rows = [
            y
            for y in range(top)
            for x in range(img.width() // 2)  # the text, not the buttons at the right
            if img.pixelColor(x, y).lightness() < 100
        ]
        return max(rows) - min(rows) + 1 if rows else 0

    at_1 = ink_height()
    assert window.set_ui_scale(2.0)
    at_2 = ink_height()
    assert at_1 > 0 and at_2 >= 1.6 * at_1, (at_1, at_2)


@pytest.mark.long
def test_scale_and_theme_apply_everywhere_and_are_remembered(qtbot, own_window) -> None:  # noqa: ANN001
    window = own_window  # (its keys: the shared one is no longer the active window here)
    window.set_points(EX_X, EX_Y)
    size1 = window.readout.font().pointSizeF()
    marker1 = window.canvas._marks.layers.markers._size
    QTest.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert theme().scale > 1.0
    assert window.readout.font().pointSizeF() > size1
    assert window.canvas._marks.layers.markers._size > marker1
    assert window.set_ui_scale(2.0)
    # Twice as large, or smaller only as far as its words then fit its width, never below
    # the readable size at that scale (`Readout`: the line is not cut).
    readable = 2 * theme().readable_pt
    assert readable - 1e-6 <= window.readout.font().pointSizeF() <= 2 * size1 + 1e-6
    assert not window.set_ui_scale(9.0)
    assert window.set_theme("dark")
    bg = window.canvas.backgroundBrush().color()
    assert bg.lightness() < 60
    assert not window.set_theme("neon")
    prefs = preferences()
    assert float(prefs.value("ui_scale")) == 2.0 and prefs.value("theme") == "dark"
    assert Path(prefs.fileName()).parent == Path(os.environ["PERCEPTRON_GUI_STATE_DIR"])
    QTest.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert theme().scale == 1.0


def test_speed_and_update_limit_through_the_window(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_speed(10.0)
    assert window.controller.speed == 10.0
    assert window.controls.speed_label.text() == "10 /s"
    assert window.set_max_updates(3)
    assert window.controls.limit_spin.value() == 3
    window.run_to_end()
    while window.state()["running"]:
        window.controller._on_timer_timeout()
    assert window.state()["mistakes"] == 3


# ------------------------------------------------------------------ bare machines


def test_readme_lists_the_libraries_the_xcb_plugin_needs() -> None:
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.exists():
        pytest.skip("no xcb platform plugin in this PySide6")
    readme = (ROOT / "README.md").read_text("utf-8")
    listed = readme.split("<!-- debian-libraries -->")[1].split("<!-- /debian-libraries -->")[0]
    for lib in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0"):
        assert lib in listed, lib

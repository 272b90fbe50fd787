"""The window end to end, through pytest-qt, against the real controller and core."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import probes
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QPushButton

from perceptron_gui import MainWindow
from perceptron_gui.core.api import train
from perceptron_gui.core.novikoff import novikoff

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def check_highlights(w: MainWindow) -> None:
    s = w.state()
    assert probes.misclassified_indices(w.canvas).tolist() == s["misclassified"]
    X = np.array(s["points"]).reshape(-1, 2)
    y = np.array(s["labels"], dtype=float)
    if s["mode"] != "dual":
        wrong = np.flatnonzero(y * (X[:, 0] * s["w"][0] + X[:, 1] * s["w"][1] + s["b"]) <= 0)
        assert wrong.tolist() == s["misclassified"]


def test_starts_empty_with_the_documented_names(window: MainWindow) -> None:
    s = window.state()
    assert s["points"] == [] and s["labels"] == [] and s["mistakes"] == 0
    assert s["mode"] == "primal" and s["order"] == "cyclic" and s["eta"] == 1.0 and s["bias"]
    assert window.canvas.objectName() == "canvas"
    assert isinstance(window.findChild(QComboBox, "modeCombo"), QComboBox)
    assert isinstance(window.findChild(QComboBox, "orderCombo"), QComboBox)
    assert isinstance(window.findChild(QDoubleSpinBox, "etaSpin"), QDoubleSpinBox)
    for name in (
        "stepButton",
        "visitButton",
        "stepBackButton",
        "runButton",
        "runToEndButton",
        "resetButton",
    ):
        assert isinstance(window.findChild(QPushButton, name), QPushButton), name
    assert window.findChild(object, "boundPlot") is not None


def test_real_clicks_add_the_worked_example_then_steps_match_the_core(
    qtbot, window, monkeypatch
) -> None:  # noqa: ANN001
    cv = window.canvas
    monkeypatch.setattr(cv, "snap_enabled", True)  # (off again after: the window is shared)
    cv.set_points(np.zeros((0, 2)), np.zeros(0))
    cv.getPlotItem().getViewBox().setRange(xRange=(-1, 6), yRange=(-1, 5), padding=0)
    for x, y, button in [(3, 3, Qt.LeftButton), (4, 3, Qt.LeftButton), (1, 1, Qt.RightButton)]:
        qtbot.mouseClick(cv.viewport(), button, pos=cv.to_widget(x, y))
    s = window.state()
    assert s["points"] == EX_X and s["labels"] == EX_Y
    ref = train(EX_X, EX_Y)
    for k in range(7):
        rec = window.step()
        assert rec is not None and rec.index == int(ref.updates[k])
        s = window.state()
        assert s["w"] == ref.history_w[k].tolist() and s["b"] == ref.history_b[k]
        assert s["current"] == int(ref.updates[k]) == probes.current_index(cv)
        check_highlights(window)
    assert window.step() is None
    s = window.state()
    assert s["converged"] and s["mistakes"] == 7 and s["misclassified"] == []
    assert s["D"] ** 2 == pytest.approx(26, rel=1e-12)
    assert s["bound"] == pytest.approx(117, rel=1e-9)


def test_at_the_start_every_point_is_highlighted(window) -> None:
    window.set_points(EX_X, EX_Y)
    assert window.state()["misclassified"] == [0, 1, 2]
    check_highlights(window)


def test_visit_and_step_back(window) -> None:
    window.set_points(EX_X, EX_Y)
    r1 = window.visit()
    assert r1.mistake and r1.index == 0
    r2 = window.visit()
    assert not r2.mistake and r2.index == 1
    assert "x2 is right" in window.statusBar().currentMessage()
    assert window.state()["mistakes"] == 1
    window.step()
    assert window.state()["w"] == [2.0, 2.0]
    assert window.step_back()
    assert window.state()["w"] == [3.0, 3.0] and window.state()["mistakes"] == 1
    check_highlights(window)


def test_buttons_and_keys(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    qtbot.mouseClick(window.findChild(QPushButton, "stepButton"), Qt.LeftButton)
    assert window.state()["mistakes"] == 1
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key_Space)
    assert window.state()["mistakes"] == 2
    qtbot.keyClick(window, Qt.Key_Backspace)
    assert window.state()["mistakes"] == 1
    qtbot.mouseClick(window.findChild(QPushButton, "resetButton"), Qt.LeftButton)
    assert window.state()["mistakes"] == 0 and window.state()["w"] == [0.0, 0.0]


def test_run_pause_and_run_to_end(qtbot, window) -> None:
    from perceptron_gui.core.generators import generate

    d = generate("separable", 400, margin=0.01, seed=3)
    window.set_points(d.points, d.labels)
    window.controller.set_speed(30.0)
    window.run()
    assert window.state()["running"]
    qtbot.waitUntil(lambda: window.state()["mistakes"] >= 2, timeout=5000)
    window.pause()
    s = window.state()
    assert not s["running"]
    k = s["mistakes"]
    qtbot.wait(50)
    assert window.state()["mistakes"] == k  # paused means paused
    window.run_to_end()
    assert window.state()["running"]  # returned at once; the run goes on in the event loop
    qtbot.waitUntil(lambda: not window.state()["running"], timeout=20000)
    s = window.state()
    ref = train(d.points, d.labels, max_updates=10_000)
    assert s["converged"] and s["mistakes"] == ref.mistakes and s["w"] == list(ref.w)
    check_highlights(window)
    assert "converged" in window.statusBar().currentMessage()


def test_run_button_toggles(qtbot, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.controller.set_speed(1.0)
    button = window.findChild(QPushButton, "runButton")
    qtbot.mouseClick(button, Qt.LeftButton)
    assert window.state()["running"] and button.isChecked()
    qtbot.mouseClick(button, Qt.LeftButton)
    assert not window.state()["running"] and not button.isChecked()


def test_editing_while_running_stops_and_restarts(qtbot, window) -> None:
    from perceptron_gui.core.generators import generate

    d = generate("separable", 300, margin=0.01, seed=1)
    window.set_points(d.points, d.labels)
    window.controller.set_speed(30.0)
    window.run()
    qtbot.waitUntil(lambda: window.state()["mistakes"] >= 1, timeout=5000)
    window.add_point(0.5, 0.5, 1)
    s = window.state()
    assert not s["running"] and s["mistakes"] == 0 and len(s["points"]) == 301
    assert "starts again" in window.statusBar().currentMessage()


def test_non_separable_primal_stops_and_suggests_pocket(qtbot, window) -> None:
    window.set_points([[0, 0], [1, 1], [0, 1], [1, 0]], [1, 1, -1, -1])
    window.controller.set_max_updates(200)
    window.run_to_end()
    qtbot.waitUntil(lambda: not window.state()["running"], timeout=10000)
    s = window.state()
    assert s["mistakes"] == 200 and not s["converged"] and not s["separable"]
    assert s["bound"] is None
    msg = window.statusBar().currentMessage()
    assert "not linearly separable" in msg and "pocket" in msg


def test_modes(window) -> None:
    window.set_points(EX_X, EX_Y)
    assert window.set_mode("dual")
    for _ in range(7):
        window.step()
    s = window.state()
    assert s["alpha"] == [2.0, 0.0, 5.0] and s["w"] == [1.0, 1.0]
    assert probes.alpha_labels(window.canvas)  # α is visible on the canvas
    assert window.set_mode("pocket")
    s = window.state()
    assert s["alpha"] is None and s["mistakes"] == 0  # a new mode starts again
    window.step()
    assert window.canvas.legend.isVisible()  # current and pocket lines, with a legend
    assert not window.set_mode("svm")
    assert window.state()["mode"] == "pocket"


def test_eta_and_bias(window) -> None:
    window.set_points(EX_X, EX_Y)
    assert window.set_eta(0.5)
    spin = window.findChild(QDoubleSpinBox, "etaSpin")
    assert spin.value() == 0.5
    for _ in range(7):
        window.step()
    assert window.state()["w"] == [0.5, 0.5] and window.state()["b"] == -1.5  # η scales
    assert window.set_eta(1e-300) and window.state()["eta"] == 1e-300
    assert spin.value() == 1e-300
    assert not window.set_eta(0.0) and window.state()["eta"] == 1e-300
    assert not window.set_eta(float("nan"))
    spin.setValue(2.0)  # the widget drives the controller
    assert window.state()["eta"] == 2.0
    assert window.set_bias(False)
    assert window.state()["bias"] is False
    assert window.state()["D"] == pytest.approx(5.0)  # max ‖x‖ without the bias


def test_undo_redo_every_edit(window) -> None:
    c = window.controller
    window.add_point(1, 2, 1)
    window.add_point(3, 4, -1)
    c.move_point(0, 5, 5)
    c.relabel([1])
    c.delete_points([0])
    assert window.state()["points"] == [[3.0, 4.0]] and window.state()["labels"] == [1]
    states = []
    for _ in range(5):
        c.undo_stack.undo()
        states.append((window.state()["points"], window.state()["labels"]))
    assert states[-1] == ([], [])
    assert states[0] == ([[5.0, 5.0], [3.0, 4.0]], [1, 1])
    for _ in range(5):
        c.undo_stack.redo()
    assert window.state()["points"] == [[3.0, 4.0]]


def test_bad_label_and_bad_point_are_refused(window) -> None:
    window.set_points(EX_X, EX_Y)
    assert not window.add_point(1, 1, 2)
    assert not window.add_point(float("nan"), 1, 1)
    assert not window.add_point(1e300, 1, 1)
    assert not window.set_points([[1, 2]], [0])
    assert window.state()["points"] == EX_X


def test_session_round_trip(tmp_path: Path, qtbot) -> None:
    w1 = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w1)
    w1.set_points([[0.1, -2.5], [3.0, 1e-7], [2.0, 2.0]], [1, -1, 1])
    w1.set_mode("dual")
    w1.set_order("random")
    w1.set_eta(0.25)
    w1.set_bias(False)
    path = tmp_path / "s.json"
    assert w1.save(path)
    assert not w1.state()["modified"]
    w2 = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w2)
    assert w2.load(path)
    a, b = w1.state(), w2.state()
    for key in ("points", "labels", "mode", "order", "eta", "bias"):
        assert a[key] == b[key], key
    csv = tmp_path / "d.csv"
    assert w1.save(csv)
    assert w2.load(csv)
    assert w2.state()["points"] == a["points"]


def test_bad_file_keeps_the_data_and_says_why(tmp_path: Path, window) -> None:
    window.set_points(EX_X, EX_Y)
    bad = tmp_path / "bad.csv"
    bad.write_text("x1,x2,y\n1,2,1\n3,abc,-1\n")
    assert not window.load(bad)
    assert window.state()["points"] == EX_X
    assert window.notice.isVisible()
    assert "bad.csv, line 3" in window.notice.text()
    assert not window.load(tmp_path / "missing.csv")
    assert window.state()["points"] == EX_X


@pytest.mark.long
def test_save_to_an_unwritable_place_keeps_everything(tmp_path: Path, window) -> None:
    window.set_points(EX_X, EX_Y)
    assert not window.save(tmp_path / "no" / "such" / "dir" / "s.json")
    assert window.state()["points"] == EX_X and window.state()["modified"]
    assert "not saved" in window.notice.text()


@pytest.mark.long
def test_export_png_and_svg(tmp_path: Path, window) -> None:
    window.set_points(EX_X, EX_Y)
    window.step()
    assert window.export_figure(tmp_path / "c.png", (400, 300))
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert window.export_figure(tmp_path / "c.svg", (400, 300))
    assert "<svg" in (tmp_path / "c.svg").read_text("utf-8")


@pytest.mark.long
def test_bound_panel_numbers(window) -> None:
    window.set_points(EX_X, EX_Y)
    for _ in range(7):
        window.step()
    text = window.bound_panel.readout_text()
    assert "k = 7" in text and "117" in text
    nv = novikoff(EX_X, EX_Y)
    assert probes.bound_line_value(window.bound_panel.plot) == pytest.approx(nv.bound)


def test_example_loads_and_converges_within_the_bound(qtbot, window) -> None:
    window.load_example()
    s = window.state()
    assert len(s["points"]) >= 10 and s["separable"]
    window.run_to_end()
    qtbot.waitUntil(lambda: not window.state()["running"], timeout=10000)
    s = window.state()
    assert s["converged"] and 0 < s["mistakes"] <= s["bound"]


def test_state_is_plain_json(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.step()
    json.dumps(window.state())  # plain values only
    assert math.isfinite(window.state()["D"])


@pytest.mark.long
def test_screenshot_command(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("perceptron-gui")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "perceptron_gui"]
    out = tmp_path / "shot.png"
    r = subprocess.run(
        [*cmd, "--screenshot", str(out), "--steps", "3", "--mode", "dual", "--size", "900x600"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        cwd=tmp_path,
    )
    assert r.returncode == 0, r.stderr
    from PySide6.QtGui import QImage

    img = QImage(str(out))
    assert (img.width(), img.height()) == (900, 600)
    r = subprocess.run(
        [*cmd, "--screenshot", str(out), str(tmp_path / "missing.csv")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert r.returncode == 2 and "missing.csv" in r.stderr and "Traceback" not in r.stderr

"""The process behaves: no crash at exit, no Qt warning, Ctrl+C quits, no display."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from perceptron_gui.app import main as app_main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.long
def test_a_screenshot_and_an_export_run_exit_0_with_an_empty_stderr(tmp_path: Path) -> None:
    # One of each (a process each, ~1.5 s of CPU; test_architecture's smoke run of the
    # script makes a third): scripts/check_process.py runs 100 to hunt a rare crash.
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import check_process
    finally:
        sys.path.pop(0)
    assert check_process.runs(1, tmp_path) == []
    assert len(list(tmp_path.glob("*.png"))) == 2


@pytest.mark.long
def test_no_display_says_so_in_one_line_and_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    env["PYTHONPATH"] = str(ROOT)
    env["PERCEPTRON_GUI_STATE_DIR"] = str(tmp_path)
    r = subprocess.run(
        [sys.executable, "-m", "perceptron_gui.app.main"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert r.returncode == 2
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and "no display" in lines[0] and "offscreen" in lines[0]


def test_the_filter_drops_only_the_plugin_message(capsys) -> None:  # noqa: ANN001
    app_main._on_qt_message(None, None, "This plugin does not support propagateSizeHints()")
    app_main._on_qt_message(None, None, "something else went wrong")
    assert capsys.readouterr().err == "something else went wrong\n"


def test_ctrl_c_closes_the_window_as_quit_does(qtbot, window) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QApplication

    before = signal.getsignal(signal.SIGINT)
    try:
        app_main._quit_on_ctrl_c(QApplication.instance(), window)
        os.kill(os.getpid(), signal.SIGINT)
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    finally:
        signal.signal(signal.SIGINT, before)

"""Test setup: Qt renders offscreen and nothing touches the user's real state directory."""

from __future__ import annotations

import os

# Before anything can import Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["PYQTGRAPH_QT_LIB"] = "PySide6"

import pytest  # noqa: E402


@pytest.fixture
def window(qtbot):  # noqa: ANN001, ANN201  (pytest-qt's fixture)
    """A shown MainWindow with the timers at 0 and no autosave."""
    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture(autouse=True)
def _state_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path_factory.mktemp("state")))


def run_on_screen(tmp_path, width: int, height: int, code: str, *args: str) -> dict:  # noqa: ANN001
    """Run `code` in a new interpreter on an offscreen screen of width × height pixels
    (Qt fixes the screen's size when it starts) and return the JSON its last line prints."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    screen = tmp_path / "screen.json"
    spec = {"name": "s", "x": 0, "y": 0, "width": width, "height": height}
    spec.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})
    screen.write_text(json.dumps({"screens": [spec]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
        "PERCEPTRON_GUI_STATE_DIR": str(tmp_path / "state"),
    }
    r = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])

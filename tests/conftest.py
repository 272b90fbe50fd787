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

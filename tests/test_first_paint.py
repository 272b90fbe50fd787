"""What a start of `perceptron-gui` loads before its window's first paint (issue 34: start
to first paint ≤ 0.6 s warm). A new process, as the installed command starts: the modules
the first window does not need stay out, and PySide6's check of each imported module is
the cheap one (app/feature_scan.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Loaded on first use only, not by a start: hashlib (a session's checksum; secrets in the
#: writer's temporary names pulled it in with hmac), tomllib (a lesson file).
MADE_LAZY = ("hashlib", "_hashlib", "hmac", "secrets", "tomllib")
#: Never loaded by a start: what only a run, an export or a plug-in needs.
NEVER = (
    "numba",
    "sklearn",
    "scipy",
    "importlib.metadata",
    "perceptron_gui.web",
    "perceptron_gui.app.lesson_export",
)

CHILD = r"""
import json, os, sys
from perceptron_gui.app.main import main  # (first, as the installed command starts)
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            from perceptron_gui.app import feature_scan
            feature = sys.modules["shibokensupport.feature"]
            print(json.dumps({
                "modules": sorted(sys.modules),
                "cheap check": feature._mod_uses_pyside is feature_scan.uses_pyside,
            }), flush=True)
            os._exit(0)
        return False

def hook():
    for w in QApplication.topLevelWidgets():
        c = w.findChild(QObject, "canvas")
        if c is not None:
            c.viewport().installEventFilter(spy)
            return
    QTimer.singleShot(1, hook)

app = QApplication([])
spy = Spy()
QTimer.singleShot(0, hook)
sys.exit(main([]))
"""


@pytest.mark.long
def test_the_first_window_loads_only_what_it_shows(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PERCEPTRON_GUI_STATE_DIR": str(tmp_path),
    }
    r = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, env=env
    )
    assert r.returncode == 0, r.stderr[-3000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    modules = set(seen["modules"])
    assert "perceptron_gui.app.main_window" in modules  # (the window was made)
    assert sorted(modules.intersection(MADE_LAZY)) == []
    assert sorted(m for m in modules if m.split(".")[0] in NEVER or m in NEVER) == []
    assert seen["cheap check"]

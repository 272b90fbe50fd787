"""Where the app keeps its own files: the recovery session and the recent-files list."""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from perceptron_gui.app.controller import Controller
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text, write_session

STATE_ENV = "PERCEPTRON_GUI_STATE_DIR"
RECOVERY_NAME = "recovery.json"
MAX_RECENT = 8


def state_dir() -> Path:
    """The folder for the app's own files ($PERCEPTRON_GUI_STATE_DIR overrides the platform's)."""
    env = os.environ.get(STATE_ENV)
    if env:
        return Path(env)
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(loc) if loc else Path.home() / ".local" / "state" / "perceptron-gui"


def recovery_path() -> Path:
    """The autosaved session (an ordinary session file)."""
    return state_dir() / RECOVERY_NAME


def load_recent() -> list[str]:
    """Recently opened or saved files, newest first (missing or broken list: empty)."""
    try:
        items = json.loads((state_dir() / "recent.json").read_text("utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(items, list):
        return []
    return [s for s in items if isinstance(s, str)][:MAX_RECENT]


def add_recent(path: str) -> list[str]:
    """Put `path` first in the recent list and save it (a convenience: failures are ignored)."""
    p = str(Path(path).resolve())
    items = [p] + [s for s in load_recent() if s != p]
    items = items[:MAX_RECENT]
    try:
        state_dir().mkdir(parents=True, exist_ok=True)
        atomic_write_text(state_dir() / "recent.json", json.dumps(items, indent=1))
    except (OSError, DataError):
        pass
    return items


class Autosaver(QObject):
    """Writes the session to the recovery file shortly after every edit.

    Parameters
    ----------
    controller
        Whose data and settings to save.
    delay_ms
        Quiet time after an edit before writing (tests pass 0).
    """

    saved = Signal(str)
    failed = Signal(str)

    def __init__(self, controller: Controller, delay_ms: int = 1000) -> None:
        super().__init__(controller)
        self._c = controller
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.save_now)
        self.view: dict[str, object] = {}
        controller.edited.connect(self._timer.start)

    @property
    def pending(self) -> bool:
        """True while an edit waits to be written."""
        return self._timer.isActive()

    def save_now(self) -> bool:
        """Write the recovery file now (atomically). False, with `failed` emitted, on an error."""
        self._timer.stop()
        path = recovery_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_session(path, self._c.data, self._c.config, self.view)
        except (OSError, DataError) as exc:
            self.failed.emit(f"autosave failed: {exc}")
            return False
        self.saved.emit(str(path))
        return True

    def discard(self) -> None:
        """Remove the recovery file (after a clean exit or a deliberate discard)."""
        self._timer.stop()
        try:
            recovery_path().unlink()
        except OSError:
            pass

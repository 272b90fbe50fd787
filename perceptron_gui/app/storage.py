"""Where the app keeps its own files: preferences, the recovery session, the recent files.

Everything lives in `state_dir()`, which ``$PERCEPTRON_GUI_STATE_DIR`` overrides, so a
test (or a second installation) is isolated from the user's own files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text

STATE_ENV = "PERCEPTRON_GUI_STATE_DIR"
RECOVERY_NAME = "recovery.json"
SETTINGS_NAME = "settings.ini"
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


def preferences() -> QSettings:
    """The preferences (UI scale, theme, window geometry) in ``state_dir()/settings.ini``."""
    return QSettings(str(state_dir() / SETTINGS_NAME), QSettings.Format.IniFormat)

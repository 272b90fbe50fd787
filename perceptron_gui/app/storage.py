"""Where the app keeps its own files: preferences, the recovery session, the recent files.

Everything lives in `state_dir()`, which ``$PERCEPTRON_GUI_STATE_DIR`` overrides, so a
test (or a second installation) is isolated from the user's own files.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text

STATE_ENV = "PERCEPTRON_GUI_STATE_DIR"
RECOVERY_NAME = "recovery.json"
SETTINGS_NAME = "settings.ini"
RECENT_NAME = "recent.json"
MAX_RECENT = 8
APP_NAME = "perceptron-gui"
#: The app's own files, which `migrate_doubled_folder` moves out of the old folder.
OWN_FILES = (SETTINGS_NAME, RECENT_NAME, RECOVERY_NAME)


def name_application(app: QCoreApplication) -> None:
    """Name the application, with no organisation: Qt puts the data folder at
    ``<organisation>/<application>``, so naming both "perceptron-gui" (as up to 0.1.0)
    doubled it (``~/.local/share/perceptron-gui/perceptron-gui``). Then move the files of
    such a doubled folder up into the one folder (`migrate_doubled_folder`)."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("")
    if not os.environ.get(STATE_ENV):
        migrate_doubled_folder(state_dir())


def state_dir() -> Path:
    """The folder for the app's own files ($PERCEPTRON_GUI_STATE_DIR overrides the platform's):
    on Linux ``~/.local/share/perceptron-gui``."""
    env = os.environ.get(STATE_ENV)
    if env:
        return Path(env)
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(loc) if loc else Path.home() / ".local" / "state" / APP_NAME


def migrate_doubled_folder(folder: Path) -> list[str]:
    """Move settings.ini, recent.json and recovery.json from ``folder/perceptron-gui`` (the
    doubled folder of 0.1.0) up into `folder`, so that nothing is lost; a file already in
    `folder` is newer and stays. The old folder is removed when it is left empty.

    Returns the names moved. A failure (a read-only disk) leaves the files where they were.
    """
    old = folder / APP_NAME
    moved: list[str] = []
    if not old.is_dir() or old.is_symlink():
        return moved
    for name in OWN_FILES:
        src, dst = old / name, folder / name
        if src.is_file() and not dst.exists():
            try:
                shutil.move(src, dst)
            except OSError:
                continue
            moved.append(name)
    try:
        old.rmdir()  # only when empty: anything else there is not ours to drop
    except OSError:
        pass
    return moved


def recovery_path() -> Path:
    """The autosaved session (an ordinary session file)."""
    return state_dir() / RECOVERY_NAME


def load_recent() -> list[str]:
    """Recently opened or saved files, newest first (missing or broken list: empty)."""
    try:
        items = json.loads((state_dir() / RECENT_NAME).read_text("utf-8"))
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
        atomic_write_text(state_dir() / RECENT_NAME, json.dumps(items, indent=1))
    except (OSError, DataError):
        pass
    return items


def preferences() -> QSettings:
    """The preferences (UI scale, theme, window geometry) in ``state_dir()/settings.ini``."""
    return QSettings(str(state_dir() / SETTINGS_NAME), QSettings.Format.IniFormat)

"""The document: which file the session belongs to, whether it has unsaved changes, autosave.

It is not the window's layout: the window shows `path` and `modified` (``[*]`` in
its title) and asks the document to save; the document watches the controller.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.storage import recovery_path
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import write_csv, write_session


class Document(QObject):
    """Path, modified state, saving, and the autosaved recovery file of one session.

    Parameters
    ----------
    controller
        The session's controller (its undo stack and settings tell what changed).
    view_settings
        Gives the view settings to save with the session (``{"show_radius": True, …}``).
    autosave_ms
        Quiet time after an edit before the recovery file is written; None: no autosave.

    Signals
    -------
    modified_changed(bool)
        Unsaved changes appeared or were saved.
    path_changed(str)
        The file the session belongs to ("" when none).
    autosave_failed(str)
        The recovery file could not be written (the message says why).
    """

    modified_changed = Signal(bool)
    path_changed = Signal(str)
    autosave_failed = Signal(str)

    def __init__(
        self,
        controller: Controller,
        view_settings: Callable[[], dict[str, Any]],
        autosave_ms: int | None = 1000,
    ) -> None:
        super().__init__(controller)
        self._c = controller
        self._view_settings = view_settings
        self._path: str | None = None
        self._saved_index = 0
        self._saved_config: TrainConfig = controller.config
        self._recovered = False
        self._modified = False
        self._index = 0  # the undo stack's index, as its signal last said
        self._timer: QTimer | None = None
        if autosave_ms is not None:
            self._timer = QTimer(self)
            self._timer.setSingleShot(True)
            self._timer.setInterval(autosave_ms)
            self._timer.timeout.connect(self.autosave_now)
            controller.edited.connect(self._timer.start)
        controller.undo_stack.indexChanged.connect(self._on_undo_stack_index_changed)
        controller.changed.connect(self._on_controller_changed)

    # ------------------------------------------------------------------ state

    @property
    def path(self) -> str | None:
        """The file the session was opened from or saved to (None: untitled)."""
        return self._path

    @property
    def modified(self) -> bool:
        """True when the points or settings differ from the file (and after a recovery)."""
        return self._modified

    @property
    def name(self) -> str:
        """The file's name for a title ("untitled" when none)."""
        return Path(self._path).name if self._path else "untitled"

    def mark_saved(self, path: str | None) -> None:
        """The session now equals the file at `path` (None: a document with no file)."""
        self._path = path
        self._saved_index = self._index = self._c.undo_stack.index()
        self._saved_config = self._c.config
        self._recovered = False
        self.path_changed.emit(path or "")
        self._update_modified()

    def mark_recovered(self) -> None:
        """The session came from the recovery file: it is unsaved work, with no file."""
        self.mark_saved(None)
        self._recovered = True
        self._update_modified()

    def save(self, path: str) -> None:
        """Write the session (a CSV when the name ends .csv/.txt, else JSON) and mark it saved.

        Raises
        ------
        DataError, OSError
            When the file cannot be written (nothing is lost: the session stays).
        """
        c = self._c
        if path.lower().endswith((".csv", ".txt")):
            write_csv(path, c.data)
        else:
            write_session(path, c.data, c.config, self._view_settings())
        self.mark_saved(path)

    def settings_only_in_session(self) -> bool:
        """True when the file is a CSV and the settings changed (a CSV cannot hold them)."""
        csv = self._path is not None and self._path.lower().endswith((".csv", ".txt"))
        return csv and self._c.config != self._saved_config

    # --------------------------------------------------------------- autosave

    @property
    def autosave_pending(self) -> bool:
        """True while an edit waits to be written to the recovery file."""
        return self._timer is not None and self._timer.isActive()

    def autosave_now(self) -> bool:
        """Write the recovery file now (atomically); False, with a signal, on an error."""
        if self._timer is not None:
            self._timer.stop()
        path = recovery_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_session(path, self._c.data, self._c.config, self._view_settings())
        except (OSError, DataError) as exc:
            self.autosave_failed.emit(f"autosave failed: {exc}")
            return False
        return True

    def discard_recovery(self) -> None:
        """Remove the recovery file (after a clean exit with nothing left unsaved)."""
        if self._timer is not None:
            self._timer.stop()
        try:
            recovery_path().unlink()
        except OSError:
            pass

    # ------------------------------------------------------------------ slots

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.SETTINGS:
            self._update_modified()

    def _on_undo_stack_index_changed(self, index: int) -> None:
        # The index comes with the signal: the stack may be on its way out (at exit).
        self._index = index
        self._update_modified()

    def _update_modified(self) -> None:
        modified = (
            self._recovered
            or self._index != self._saved_index
            or self._c.config != self._saved_config
        )
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)

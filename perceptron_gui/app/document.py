"""The document: which file the session belongs to, whether it has unsaved changes, autosave.

It is not the window's layout: the window shows `path` and `modified` (``[*]`` in
its title) and asks the document to save; the document watches the controller.

Autosave writes in a worker thread, so the window never waits for the disk: the data
set is immutable, so the GUI thread keeps a reference to it, with the settings and the
view, and a `threading.Thread` writes that snapshot (a session of 10⁴ points or more is
a version-2 ``.npz`` that numpy writes in large buffers, holding the GIL only briefly).
One writer at a time: when an edit's timer fires while a write runs, the newest
snapshot waits and is written when that write ends (the latest state wins; nothing
writes the file twice at once). The result comes back to the GUI thread through a
queued signal, so `autosave_failed` is always emitted there. `finish` (the window's
close) joins a running write and writes what waits synchronously.

`save` stays synchronous: writing a session of 10⁵ points takes ~16 ms and 10⁶ points
~70 ms on this machine (fsync included), shorter than the frame a dialog costs.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QUndoCommand

from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.storage import recovery_path
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import write_csv, write_session
from perceptron_gui.core.writer import remove_stale_temps

#: While edits keep coming, the recovery file is written at least this often (seconds).
AUTOSAVE_MAX_WAIT = 2.0


@dataclass(frozen=True)
class _DocState:
    """What the document says about the file: which one, and when it was saved."""

    path: str | None
    saved_index: int
    saved_config: TrainConfig
    recovered: bool


@dataclass(frozen=True)
class _Snapshot:
    """What one autosave writes, taken on the GUI thread (the data set is immutable)."""

    path: Path
    data: Dataset
    config: TrainConfig
    view: dict[str, Any]


def _write(snap: _Snapshot) -> str:
    """Write a snapshot; the error message, or "" when it was written."""
    try:
        snap.path.parent.mkdir(parents=True, exist_ok=True)
        write_session(snap.path, snap.data, snap.config, snap.view)
    except (OSError, DataError, TypeError, ValueError) as exc:
        return f"autosave failed: {exc}"
    return ""


class _Writer(threading.Thread):
    """One write of the recovery file in a worker thread; `message` once it has ended."""

    def __init__(self, snap: _Snapshot, ended: Callable[[_Writer], None]) -> None:
        super().__init__(name="perceptron-gui autosave", daemon=True)
        self.snap = snap
        self.message = ""
        self._ended = ended

    def run(self) -> None:
        self.message = _write(self.snap)
        self._ended(self)


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
    autosave_written()
        A write of the recovery file ended well (on the GUI thread).
    """

    modified_changed = Signal(bool)
    path_changed = Signal(str)
    autosave_failed = Signal(str)
    autosave_written = Signal()
    _write_ended = Signal(object)  # a _Writer, from its thread; queued to the GUI thread

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
        # A lesson's scene shown (its data and settings are not the user's edits): the undo
        # index and settings it left, and whether the session had unsaved changes before.
        self._shown: tuple[int, TrainConfig, bool] | None = None
        self._holding = False
        self._index = 0  # the undo stack's index, as its signal last said
        # Each "replace the session" step (Open, Recover): its undo command, the stack's
        # index after it, and the document before and after it; undoing across it gives
        # back the file (and title) whose contents are shown again.
        self._opened: list[tuple[QUndoCommand, int, _DocState, _DocState]] = []
        self._timer: QTimer | None = None
        self._writer: _Writer | None = None
        self._waiting: _Snapshot | None = None  # the newest snapshot, while a write runs
        self._write_ended.connect(self._on_write_ended, Qt.ConnectionType.QueuedConnection)
        # A write killed before its rename left a temporary file: gone at the next start.
        remove_stale_temps(recovery_path().parent)
        # An autosave left by an earlier run is the user's until they decide (restore it, or
        # say no when asked): this session neither removes nor overwrites it before then.
        self._held = recovery_path().exists()
        self._first_edit: float | None = None  # the oldest edit not yet autosaved
        if autosave_ms is not None:
            self._timer = QTimer(self)
            self._timer.setSingleShot(True)
            self._timer.setInterval(autosave_ms)
            self._timer.timeout.connect(self.autosave_now)
            controller.edited.connect(self._on_edited)
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
        self._shown = None
        self.path_changed.emit(path or "")
        self._update_modified()

    @contextlib.contextmanager
    def not_an_edit(self) -> Iterator[None]:
        """What the window comes to show within this block is not the user's edit (a
        lesson's scene at its start, or the settings given back when the lesson closes):
        the session stays as modified as it was before the block (the user's edits before
        the lesson and in its scenes), plus the user's own edits after it. A lecture alone
        leaves nothing to save, so Quit after it does not ask; unsaved work from before it
        still asks. Saving or opening a file ends this."""
        before = self._modified  # (the user's edits before, in earlier scenes included)
        self._holding = True  # (no [*] flickering in the title while the scene is made)
        try:
            yield
        finally:
            self._holding = False
            self._index = self._c.undo_stack.index()
            self._shown = (self._index, self._c.config, before)
            self._update_modified()

    def release_recovery(self) -> None:
        """The user decided about an earlier run's autosave (declined to restore it): from
        now on this session's autosave may replace it, and a clean exit remove it."""
        self._held = False

    @property
    def recovery_held(self) -> bool:
        """An earlier run's autosave waits for the user's decision (kept as it is)."""
        return self._held

    def mark_recovered(self) -> None:
        """The session came from the recovery file: it is unsaved work, with no file."""
        self._held = False
        self.mark_saved(None)
        self._recovered = True
        self._update_modified()
        if self._opened and self._opened[-1][1] == self._index:
            cmd, j, before, _ = self._opened[-1]
            self._opened[-1] = (cmd, j, before, self._state())

    def mark_opened(self, path: str | None) -> None:
        """The last undo step replaced the session by the file at `path` (Open, Recover).

        Like `mark_saved`; besides, undoing that step gives back the document (file,
        title, saved state) that was shown before it, and redoing it this one: the title
        never names a file whose contents are not shown.
        """
        before = self._state()
        self.mark_saved(path)
        stack = self._c.undo_stack
        j = stack.index()
        cmd = stack.command(j - 1) if j > 0 else None
        if cmd is not None:
            self._opened = [e for e in self._opened if e[1] < j]
            self._opened.append((cmd, j, before, self._state()))

    def _state(self) -> _DocState:
        return _DocState(self._path, self._saved_index, self._saved_config, self._recovered)

    def _restore(self, st: _DocState) -> None:
        self._path = st.path
        self._saved_index, self._saved_config, self._recovered = (
            st.saved_index,
            st.saved_config,
            st.recovered,
        )
        self.path_changed.emit(st.path or "")

    def _follow_opened(self, old: int, new: int) -> None:
        """Undo or redo crossed "replace the session" steps: the document follows."""
        stack = self._c.undo_stack
        # Steps no longer on the stack (a new edit replaced the redo branch) are forgotten.
        self._opened = [
            e for e in self._opened if e[1] <= stack.count() and stack.command(e[1] - 1) is e[0]
        ]
        if new < old:
            crossed = [e for e in self._opened if new < e[1] <= old]
            if crossed:
                self._restore(crossed[0][2])
        elif new > old:
            crossed = [e for e in self._opened if old < e[1] <= new]
            if crossed:
                self._restore(crossed[-1][3])

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
        """True while an edit is not yet in the recovery file (waiting or being written)."""
        timer = self._timer is not None and self._timer.isActive()
        return timer or self._writer is not None or self._waiting is not None

    def autosave_now(self, *, wait: bool = False) -> bool:
        """Write the recovery file (atomically) from the state as it is now; with nothing
        unsaved (the session equals its file), remove it instead.

        The write runs in a worker thread and returns at once (True); a failure is told
        later by `autosave_failed`. With `wait`, the write is made here, after any running
        one, and False (with the signal) says it failed.
        """
        self._first_edit = None
        if not self._modified:
            # The session equals its file (just opened or saved): nothing to recover, so a
            # kill now must not offer "Restore?" at the next start.
            self.discard_recovery()
            return True
        if self._timer is not None:
            self._timer.stop()
        if self._held:
            # An earlier run's autosave is not ours to replace (quietly: a lesson's scenes
            # are edits too, and no banner may come up in front of the room).
            return True
        snap = _Snapshot(recovery_path(), self._c.data, self._c.config, self._view_settings())
        if wait:
            self._join()
            self._waiting = None
            return self._report(_write(snap))
        if self._writer is not None:
            self._waiting = snap  # written when the running write ends: the latest wins
            return True
        self._start_writer(snap)
        return True

    def _on_edited(self) -> None:
        """An edit: autosave after a quiet moment, or at once when edits have kept coming
        for AUTOSAVE_MAX_WAIT seconds (edits 0.4 s apart were never saved)."""
        assert self._timer is not None
        now = time.monotonic()
        if self._first_edit is None:
            self._first_edit = now
        if now - self._first_edit >= AUTOSAVE_MAX_WAIT:
            self.autosave_now()
        else:
            self._timer.start()

    def finish(self) -> None:
        """Before closing: wait for a running write, then write what waits, here."""
        if self._timer is not None and self._timer.isActive():
            self.autosave_now(wait=True)
            return
        self._join()
        snap, self._waiting = self._waiting, None
        if snap is not None:
            self._report(_write(snap))

    def _start_writer(self, snap: _Snapshot) -> None:
        self._writer = _Writer(snap, self._on_writer_thread_ended)
        self._writer.start()

    def _on_writer_thread_ended(self, writer: _Writer) -> None:
        # In the worker thread: only a queued signal may cross to the GUI thread.
        try:
            self._write_ended.emit(writer)
        except RuntimeError:  # the document was deleted (its window closed): nobody to tell
            pass

    def _join(self) -> None:
        """Wait for the running write (if any) and report how it ended."""
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.join()
            self._report(writer.message)

    def _on_write_ended(self, writer: _Writer) -> None:
        if writer is not self._writer:
            return  # `finish` or a waiting write joined and reported it already
        self._join()  # it has ended: only its last lines are left
        snap, self._waiting = self._waiting, None
        if snap is not None:
            self._start_writer(snap)

    def _report(self, message: str) -> bool:
        if message:
            self.autosave_failed.emit(message)
            return False
        self.autosave_written.emit()
        return True

    def discard_recovery(self) -> None:
        """Remove the recovery file (after a clean exit with nothing left unsaved)."""
        if self._timer is not None:
            self._timer.stop()
        self._waiting = None
        self._join()  # a write still running would put the file back
        if self._held:
            return  # an earlier run's autosave: kept for the user to decide
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
        old, self._index = self._index, index
        if self._opened:
            try:
                self._follow_opened(old, index)
            except RuntimeError:  # the stack is being deleted (its window closed)
                self._opened = []
        self._update_modified()

    def _update_modified(self) -> None:
        if self._holding:
            return
        if self._shown is not None:  # a lesson's scene: before it, and the edits since
            index, config, before = self._shown
            modified = before or self._index != index or self._c.config != config
        else:
            modified = (
                self._recovered
                or self._index != self._saved_index
                or self._c.config != self._saved_config
            )
        if modified != self._modified:
            self._modified = modified
            self.modified_changed.emit(modified)

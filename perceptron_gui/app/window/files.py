"""The window's files: open, save, recover, the example, generated data, recent files."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from perceptron_gui.app.controller import BoundPair, bound_task
from perceptron_gui.app.dialogs import GenerateDialog, describe_generated, file_dialog
from perceptron_gui.app.error_text import error_text
from perceptron_gui.app.format import glue_words
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.storage import add_recent, load_recent, recovery_path
from perceptron_gui.app.window.actions import QT_TRANSLATE_NOOP, translate
from perceptron_gui.core import examples
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.generators import DEFAULTS
from perceptron_gui.core.generators import generate as generate_data
from perceptron_gui.core.io import Loaded, iter_load_file, load_file
from perceptron_gui.core.writer import check_regular_target

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

FILE_FILTER = QT_TRANSLATE_NOOP(
    "MainWindow",
    "Data and sessions (*.csv *.txt *.json);;CSV data (*.csv *.txt);;Sessions (*.json)",
)
#: View settings saved with a session: the key in the file, the View action's id.
VIEW_ACTIONS = {
    "show_radius": "radius",
    "show_best": "best",
    "snap": "snap",
    # (Renamed: sessions saved before Follow the line was off by default carry
    # "follow_line": true, which was the default, not a choice; they open with it off.)
    "follow_the_line": "follow",
    "keep_origin": "origin",
    "answer_first": "answer_first",
    "show_update": "anatomy",
}


#: The key of the image shape in a session's view settings.
IMAGE_KEY = "image_shape"


def _image_shape(value: Any) -> tuple[int, int] | None:
    """A saved image shape [rows, columns] (anything else: None)."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 4096 for v in value)
    ):
        return int(value[0]), int(value[1])
    return None


class Files:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: Whether an opened file goes into the recent-files list (not for a render from
        #: the command line: ``--screenshot``, ``--export``, ``--export-lesson``).
        self.remember_recent = True
        #: The notice of the last file refused (`refused`), None once a file is opened.
        self._refusal: str | None = None

    def load(self, path: str | Path, *, recent: bool = True) -> bool:
        """Open a CSV or session file, or built-in data (``builtin:iris``,
        ``builtin:digits:A:B``). False on bad input, with a message; the data stay.

        `recent`: put the file in the recent-files list (when `remember_recent` allows).
        """
        builtin = examples.is_builtin(path)
        try:
            loaded = examples.load_example(str(path)) if builtin else load_file(path)
        except DataError as exc:
            self.refused(exc)
            return False
        self.apply_loaded(loaded, str(path), None, recent=recent and not builtin)
        if builtin:  # no file of the user's: Save asks for one
            self.w.document.mark_saved(None)
        return True

    def refused(self, exc: DataError) -> None:
        """Say that a file was not opened, and why (until the time of an error's notice
        ends, or a file is opened)."""
        text = translate("MainWindow", "not opened: {error}").format(error=error_text(exc))
        self.w.show_notice(text, error=True)
        self._refusal = text

    def apply_loaded(
        self, loaded: Loaded, path: str, pair: BoundPair | None, *, recent: bool = True
    ) -> None:
        # The data the refusal was about are not these: its red bar went on standing over
        # the newly opened file ("not opened: huge.csv, line 3: …").
        if self._refusal is not None and self.w.notice.text() == self._refusal:
            self.w.hide_notice()
        self._refusal = None
        # Data and settings together: one emission, one undo step (Ctrl+Z gives both back).
        text = translate("MainWindow", "open {name}").format(name=Path(path).name)
        # Points that are images (the digits; a session of them says so in its view).
        shape = loaded.image_shape or _image_shape(loaded.view.get(IMAGE_KEY))
        self.w.image_panel.set_shape(shape)
        self.w.controller.replace_session(loaded.data, loaded.config, text, bound=pair)
        self.apply_view(loaded.view)
        self.w.document.mark_opened(str(path))
        if recent and self.remember_recent:  # a convenience: not in this tick
            QTimer.singleShot(0, lambda: add_recent(str(path)))
        note = "; ".join(core_text(n) for n in loaded.notes)
        self.w.statusBar().showMessage(
            translate("MainWindow", "opened {path}: {n} points").format(path=path, n=loaded.data.n)
            + (f" ({note})" if note else "")
        )
        if note:
            self.w.show_notice(f"{Path(path).name}: {note}", error=False)

    def view_action(self, key: str) -> QAction:
        return self.w.action_manager.action(VIEW_ACTIONS[key])

    def view_settings(self) -> dict[str, Any]:
        """The View settings, saved with a session under keys named after their actions
        (and the image shape of points that are images)."""
        view: dict[str, Any] = {key: self.view_action(key).isChecked() for key in VIEW_ACTIONS}
        shape = self.w.image_panel.shape
        if shape is not None:
            view[IMAGE_KEY] = list(shape)
        return view

    def apply_view(self, view: dict[str, Any]) -> None:
        """Restore the view settings a session saved (unknown or wrong-typed keys are ignored)."""
        for key in VIEW_ACTIONS:
            value = view.get(key)
            action = self.view_action(key)
            if isinstance(value, bool) and value != action.isChecked():
                action.trigger()

    def open_file(self, path: str | Path) -> None:
        """Open a file without freezing the window: read, parse and compute γ between frames.

        The current points stay until the new ones are ready; a bad file leaves them as
        they were, with a message. (`load` does the same at once, for scripts.)
        """
        if examples.is_builtin(path):  # in the package, small: at once
            self.load(path)
            return
        c = self.w.controller
        bias = c.config.bias
        name = Path(path).name

        def prepare() -> Generator[Any, None, tuple[Loaded, BoundPair]]:
            loaded = yield from iter_load_file(path)
            cfg_bias = loaded.config.bias if loaded.config is not None else bias
            pair = yield from bound_task(loaded.data, cfg_bias)
            return loaded, pair

        def done(value: tuple[Loaded, BoundPair]) -> None:
            loaded, pair = value
            self.apply_loaded(loaded, str(path), pair)

        def fail(exc: DataError) -> None:
            self.refused(exc)

        c.start_task(
            "load",
            prepare(),
            done,
            fail,
            translate("MainWindow", "opening {name}").format(name=name),
        )

    def save(self, path: str | Path | None = None) -> bool:
        """Save: CSV (data) when the name ends .csv/.txt, else a session. False on failure."""
        target = str(path) if path is not None else self.w.document.path
        if target is None:
            return False
        try:
            check_regular_target(target)  # a FIFO or a device: refused at once, never waited on
            self.w.document.save(target)
        except (DataError, OSError) as exc:
            self.w.show_notice(
                translate("MainWindow", "not saved (everything is still here): {error}").format(
                    error=exc
                ),
                error=True,
            )
            return False
        add_recent(target)
        self.w.statusBar().showMessage(translate("MainWindow", "saved {path}").format(path=target))
        return True

    def recover(self, *, ask: bool = True) -> bool:
        """Restore the autosaved session (asking first unless `ask` is False).

        False, with a message, when there is nothing to recover or the user declines.
        The restored session is unsaved work: closing asks before anything is dropped.
        """
        path = recovery_path()
        if not path.exists():
            self.w.show_notice(
                translate("MainWindow", "nothing to recover: no autosaved session"), error=False
            )
            return False
        if ask:
            answer = QMessageBox.question(
                self.w,
                translate("MainWindow", "Restore?"),
                glue_words(  # (Qt wraps a long text: between words)
                    translate(
                        "MainWindow",
                        "perceptron-gui did not close cleanly last time.\n"
                        "Restore the points and settings it autosaved?",
                    )
                ),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.Yes,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        if not self.load(path, recent=False):  # the autosave is no file of the user's
            return False
        self.w.document.mark_recovered()
        self.w.statusBar().showMessage(
            translate("MainWindow", "restored the autosaved session ({path})").format(path=path)
        )
        return True

    def load_example(self) -> None:
        """Open the built-in example data set."""
        from importlib.resources import as_file, files

        with as_file(files("perceptron_gui") / "data" / "example.csv") as p:
            ok = self.load(p, recent=False)  # the built-in example is no file of the user's
        if ok:
            self.w.document.mark_saved(None)

    def unsaved_may_go(self, question: str) -> bool:
        """Before the user's Close or Open: ask Save / Discard / Cancel over unsaved changes.

        True when the session may be replaced (saved, discarded, or nothing unsaved).
        """
        if not (self.w.document.modified and self.w.controller.data.n):
            return True
        answer = QMessageBox.question(
            self.w,
            translate("MainWindow", "Unsaved changes"),
            glue_words(question),  # (Qt wraps a long text: between words)
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Cancel:
            return False
        if answer == QMessageBox.StandardButton.Save:
            self.save_action()
            return not self.w.document.modified
        return True

    def open_asking(self, path: str) -> None:
        """Open from the menu, the recent list or a drop: asks first over unsaved changes."""
        if self.unsaved_may_go(
            translate("MainWindow", "Save the points and settings before opening another file?")
        ):
            self.open_file(path)

    def open_dialog(self) -> None:
        if not self.unsaved_may_go(
            translate("MainWindow", "Save the points and settings before opening another file?")
        ):
            return
        d = self.make_open_dialog()
        if d.exec() and d.selectedFiles():
            self.open_file(d.selectedFiles()[0])

    def make_open_dialog(self) -> QFileDialog:
        """The File ▸ Open dialog (not shown; tests look at it)."""
        return file_dialog(
            self.w,
            translate("MainWindow", "Open data or a session"),
            "",
            translate("MainWindow", FILE_FILTER),
        )

    def fill_recent_menu(self) -> None:
        self.w.recent_menu.clear()
        items = load_recent()
        if not items:
            a = self.w.recent_menu.addAction(translate("MainWindow", "(none yet)"))
            a.setEnabled(False)
        for p in items:
            item = self.w.recent_menu.addAction(p)
            item.triggered.connect(lambda _=False, p=p: self.open_asking(p))

    def save_action(self) -> None:
        if self.w.document.path is None or self.w.document.settings_only_in_session():
            self.save_as_dialog()
        else:
            self.save()

    def save_as_dialog(self) -> None:
        d = file_dialog(
            self.w,
            translate("MainWindow", "Save"),
            self.w.document.path or "session.json",
            translate("MainWindow", "Session (*.json);;CSV data (*.csv)"),
            save=True,
        )
        if d.exec() and d.selectedFiles():
            self.save(d.selectedFiles()[0])

    def generate(self, kind: str, n: int = 40, seed: int = 0, **options: Any) -> bool:
        """Replace the points with a generated data set, as Generate… does (one undo step).

        `kind` is one of ``core.generators.KINDS``; `options` are ``margin`` and ``noise``
        (the defaults of ``core.generators.DEFAULTS``, as ``perceptron generate``'s: the
        same arguments give the same points). False, with a notice, when refused.
        """
        args = {k: DEFAULTS[k] for k in ("margin", "noise")}
        try:
            data = generate_data(kind, n, seed=seed, **{**args, **options})
        except (DataError, TypeError) as exc:
            self.w.show_notice(
                translate("MainWindow", "not generated: {error}").format(error=exc), error=True
            )
            return False
        self.w.controller.set_data(data, describe_generated(kind, data.n, seed))
        return True

    def generate_dialog(self) -> None:
        dlg = GenerateDialog(self.w)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            data = dlg.dataset()
        except DataError as exc:
            self.w.show_notice(
                translate("MainWindow", "not generated: {error}").format(error=exc), error=True
            )
            return
        self.w.controller.set_data(data, dlg.description())

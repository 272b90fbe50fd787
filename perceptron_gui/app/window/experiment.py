"""The window's experiments: Run ▸ Experiment… runs the data and settings on screen many
times, run i with seed s + i (`core.experiment`), in a worker thread, and shows the
updates' histogram against the bound in a dock under the canvas. Each run's answer is
scored on the points themselves, or on a test set the user chooses (a file, as
`perceptron experiment --test`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from perceptron_gui.app.controller import Change
from perceptron_gui.app.dialogs import file_dialog
from perceptron_gui.app.error_text import error_text
from perceptron_gui.app.experiment_runner import ExperimentRunner
from perceptron_gui.app.panels.experiment_panel import ExperimentPanel
from perceptron_gui.app.window.actions import QT_TRANSLATE_NOOP, translate
from perceptron_gui.app.window.files import FILE_FILTER
from perceptron_gui.core import examples
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.experiment import ExperimentResult
from perceptron_gui.core.io import load_file

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow


class Experiment:
    """A part of `MainWindow`: the Experiment dock, its runner, and what starts and stops it.

    `result` is the last experiment's `ExperimentResult` (None before one ends); `stale`
    says the data, the settings or the test set changed since. `test` is the test set
    chosen (None: each run's answer is scored on the points themselves), `test_name` its
    file's name.

    The panel (its histogram is a plot: ~30 ms of CPU) is made when the dock is first
    shown or the panel is asked for (`panel`), not with the window: the dock starts hidden.
    """

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.runner = ExperimentRunner(window)
        self._slot = window.panes.slot("experiment_panel", self._make_panel)
        self.dock: QDockWidget = window.panes.dock(
            QT_TRANSLATE_NOOP("MainWindow", "Experiment: many seeded runs"),
            self._slot,
            Qt.DockWidgetArea.BottomDockWidgetArea,
            "experimentDock",
        )
        self.dock.hide()
        self.result: ExperimentResult | None = None
        self.stale = False
        self.test: Dataset | None = None
        self.test_name: str | None = None
        self._running_test: tuple[str, int] | None = None  # (name, N) of the job under way
        self.runner.finished.connect(self._on_runner_finished)
        self.runner.failed.connect(self._on_runner_failed)
        window.controller.changed.connect(self._on_controller_changed)

    def _make_panel(self) -> ExperimentPanel:
        panel = ExperimentPanel()
        panel.run_clicked.connect(self.start)
        panel.cancel_clicked.connect(self.cancel)
        panel.test_clicked.connect(self.choose_test)
        panel.test_cleared.connect(self._on_panel_test_cleared)
        if self.test is not None and self.test_name is not None:
            panel.set_test(self.test_name, self.test.n)
        self.runner.running_changed.connect(panel.set_running)
        self.runner.progressed.connect(panel.set_progress)
        return panel

    @property
    def panel(self) -> ExperimentPanel:
        """The dock's panel (runs, progress, summary, histogram), made now if not yet."""
        panel = self._slot.panel()
        assert isinstance(panel, ExperimentPanel)
        return panel

    @property
    def running(self) -> bool:
        """True while an experiment runs."""
        return self.runner.running

    def open(self) -> None:
        """Show the Experiment dock (beside the tables) and start an experiment."""
        w = self.w
        if not self.dock.isVisible():
            if w.tables_dock.isVisible() and not w.tables_dock.isFloating():
                w.tabifyDockWidget(w.tables_dock, self.dock)
            self.dock.show()
        self.dock.raise_()
        self.start()

    def start(self, runs: int | None = None) -> bool:
        """Start `runs` runs (the panel's count by default) of the window's data and
        settings; False, with a message in the panel, when there is nothing to run."""
        c = self.w.controller
        if runs is not None:
            self.panel.runs_spin.setValue(int(runs))
        runs = self.panel.runs_spin.value()
        data, config = c.data, c.config
        if data.n == 0:
            self.panel.show_message(
                translate("ExperimentPanel", "No points: add or open some first.")
            )
            return False
        if any(float(v) != 0.0 for v in config.w0) or config.b0 != 0.0:
            self.panel.show_message(
                translate("ExperimentPanel", "Experiments start from w = 0, b = 0.")
            )
            return False
        test = self.test
        if test is not None and test.dim != data.dim:
            self.panel.show_message(
                translate(
                    "ExperimentPanel",
                    "The test set has {test} features and the points {dim}: choose another.",
                ).format(test=test.dim, dim=data.dim)
            )
            return False
        c.pause()
        settings: dict[str, Any] = config.to_dict()
        seed = int(settings.pop("seed"))
        for key in ("w0", "b0"):
            settings.pop(key)
        self.panel.show_message("")
        # Each run's answer (the pocket, the average, ...) scored on the test set, or on the
        # points themselves: the error on the training set, the pocket's measure.
        scored = test if test is not None else data
        self._running_test = None if test is None else (self.test_name or "", test.n)
        self.runner.start(
            data.points,
            data.labels,
            runs,
            seed,
            X_test=scored.points,
            y_test=scored.labels,
            **settings,
        )
        return True

    def choose_test(self) -> None:
        """The panel's Choose…: a test set from a file (File ▸ Open's kinds)."""
        d = file_dialog(
            self.w,
            translate("ExperimentPanel", "A test set for the experiment"),
            "",
            translate("MainWindow", FILE_FILTER),
        )
        if d.exec() and d.selectedFiles():
            self.set_test(d.selectedFiles()[0])

    def set_test(self, path: str | Path | None) -> bool:
        """Score each run's answer on the points of `path` (a data file or a session, or a
        ``builtin:`` name), as ``perceptron experiment --test`` does; None: on the window's
        own points again. False, with a message in the panel, when the file cannot be read
        (the test set stays as it was). Read at once: a test set is the size of a data set
        a student runs thousands of times (500 points of the homework: ~1 ms)."""
        if path is None:
            self.test = None
            self.test_name = None
        else:
            try:
                if examples.is_builtin(path):
                    loaded = examples.load_example(str(path))
                else:
                    loaded = load_file(path)
                if loaded.data.n == 0:
                    raise DataError(translate("ExperimentPanel", "the file has no points"))
            except DataError as exc:
                self.panel.show_message(
                    translate("ExperimentPanel", "Test set not read: {error}").format(
                        error=error_text(exc)
                    )
                )
                return False
            self.test = loaded.data
            self.test_name = Path(str(path)).name
        if self._slot.is_made or path is not None:
            self.panel.show_message("")
            self.panel.set_test(self.test_name, 0 if self.test is None else self.test.n)
        self._mark_stale()
        return True

    def _on_panel_test_cleared(self) -> None:
        self.set_test(None)

    def cancel(self) -> bool:
        """Stop the experiment under way (its thread ends after its current run)."""
        if not self.runner.cancel():
            return False
        self.panel.show_message(translate("ExperimentPanel", "Cancelled."))
        return True

    def _on_runner_finished(self, result: ExperimentResult) -> None:
        self.result = result
        self.stale = False
        self.panel.show_result(result, test=self._running_test)

    def _on_runner_failed(self, message: str) -> None:
        self.panel.show_message(message)

    def _on_controller_changed(self, change: Change) -> None:
        if not change & (Change.DATA | Change.SETTINGS):
            return
        if self.runner.cancel():
            self.panel.show_message(
                translate("ExperimentPanel", "Cancelled: the data or the settings changed.")
            )
        self._mark_stale()

    def _mark_stale(self) -> None:
        if self.result is not None and not self.stale:
            self.stale = True
            self.panel.mark_stale()

    def retranslate(self) -> None:
        if self._slot.is_made:  # (a panel made later is made in the language then on)
            self.panel.retranslate()

    def close(self) -> None:
        """The window closes: the worker stops after its current run."""
        self.runner.cancel()

"""An experiment (many seeded runs, `core.experiment`) in a worker thread, cancellable.

Unlike a run of the window, whose updates are shown one by one and which the controller
therefore drives a slice per timer tick on the GUI thread, an experiment shows nothing
until its end but a share done: its thousands of runs go to a worker thread. The compiled
loop of `core.multi` releases the GIL (numba's ``nogil``), so the window keeps its frames;
the thread stops between two runs when `cancel` is called (`core.experiment.iter_experiment`
yields after each run), and what a cancelled or superseded job reports is dropped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator
from typing import Any

from PySide6.QtCore import QObject, Signal

from perceptron_gui.app.error_text import error_text
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.experiment import ExperimentResult, iter_experiment

#: The worker reports its progress at most this often (seconds).
PROGRESS_SECONDS = 0.05


class ExperimentRunner(QObject):
    """Runs one experiment at a time off the GUI thread.

    Signals (on the GUI thread): `progressed(share)` with the share of runs made,
    `finished(result)` with the `ExperimentResult`, `failed(message)` on a `DataError`
    (settings an experiment refuses), `running_changed(running)`.
    """

    progressed = Signal(float)
    finished = Signal(object)
    failed = Signal(str)
    running_changed = Signal(bool)
    # From the worker thread: (job, kind, value); queued to the GUI thread.
    _reported = Signal(int, str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False
        self._reported.connect(self._on_reported)

    @property
    def running(self) -> bool:
        """True from `start` until the job's result, failure or cancel."""
        return self._running

    @property
    def thread_alive(self) -> bool:
        """True while a worker thread is still working (a cancelled one ends after its
        current run)."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, X: Any, y: Any, runs: int, seed: int, **settings: Any) -> None:
        """Start ``core.experiment(X, y, runs, seed, **settings)`` in a worker thread (a job
        still running is cancelled first)."""
        self.cancel()
        self._job += 1
        self._stop = threading.Event()
        gen = iter_experiment(X, y, runs, seed, **settings)
        self._thread = threading.Thread(
            target=self._work,
            args=(self._job, gen, self._stop),
            name="perceptron-gui experiment",
            daemon=True,
        )
        self._set_running(True)
        self._thread.start()

    def cancel(self) -> bool:
        """Stop the job (its thread ends after the run it is in); True if one was running."""
        if not self._running:
            return False
        self._stop.set()
        self._job += 1  # whatever the old job still reports is dropped
        self._set_running(False)
        return True

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the worker thread to end; True when it has."""
        t = self._thread
        if t is not None:
            t.join(seconds)
        return not self.thread_alive

    def _set_running(self, on: bool) -> None:
        if on != self._running:
            self._running = on
            self.running_changed.emit(on)

    def _work(
        self, job: int, gen: Generator[float, None, ExperimentResult], stop: threading.Event
    ) -> None:
        last = 0.0
        try:
            while True:
                try:
                    share = next(gen)
                except StopIteration as done:
                    self._report(job, "finished", done.value)
                    return
                if stop.is_set():
                    gen.close()
                    return
                now = time.perf_counter()
                if now - last >= PROGRESS_SECONDS:
                    last = now
                    self._report(job, "progressed", share)
        except DataError as exc:
            self._report(job, "failed", exc)

    def _report(self, job: int, kind: str, value: Any) -> None:
        try:
            self._reported.emit(job, kind, value)
        except RuntimeError:  # the runner was deleted meanwhile (the window closed)
            pass

    def _on_reported(self, job: int, kind: str, value: Any) -> None:
        if job != self._job or not self._running:
            return  # a cancelled or superseded job
        if kind == "progressed":
            self.progressed.emit(float(value))
            return
        self._set_running(False)
        if kind == "finished":
            self.finished.emit(value)
        else:
            self.failed.emit(error_text(value))

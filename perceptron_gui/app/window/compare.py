"""The window's compare mode: a second run beside the first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

from perceptron_gui.app.compare import MIN_CANVAS_HEIGHT, CompareRun, CompareView, default_settings

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow


class Compare:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        #: The second run and its pane (None outside compare mode).
        self.run: CompareRun | None = None
        self.view: CompareView | None = None
        # The docks shown before a small window gave their room to the two canvases.
        self.docks_before: list[bool] = []

    def set_compare(self, settings: dict[str, Any] | None) -> bool:
        """Compare mode: a second run with these settings beside the first; None leaves it.

        `settings` holds some of ``mode``, ``order``, ``eta``, ``bias``, ``seed`` (the
        others are the main run's). False, with a message, when they are refused; the
        window then stays as it was.
        """
        if settings is None:
            self.leave_compare()
            return True
        if self.run is None:
            self.w.controller.pause()  # the pair starts together
            run = CompareRun(self.w.controller, self.w, frame_interval_ms=self.w._frame_interval_ms)
            run.message_posted.connect(lambda m: self.w.show_notice(m, error=True))
            if not run.set_settings(settings):
                run.close()
                run.deleteLater()
                self.w.act_compare.setChecked(False)
                return False
            self.run = run
            self.docks_before = [d.isVisible() for d in self.w.docks]
            self.make_room()
            view = CompareView(run, self.w.canvas, main_title=self.w.run_title, dims=self.w.dims)
            view.pair_readouts(self.w.readout)
            view.set_show_radius(self.w.act_radius.isChecked())
            view.set_show_best(self.w.act_best.isChecked())
            self.w.act_radius.toggled.connect(view.set_show_radius)
            self.w.act_best.toggled.connect(view.set_show_best)
            self.view = view
            self.w.canvas_splitter.addWidget(view)
            self.w.presentation.present_compare()  # (a lesson's compare scene, presenting)
            half = max(1, self.w.canvas_splitter.width() // 2)
            self.w.canvas_splitter.setSizes([half, half])
            QTimer.singleShot(0, view, view.equal_halves)  # not after the view is gone
            self.w.run_title.show()
            self.w.bound_panel.plot.set_second(run.controller)
            self.w.timeline.set_second(run.controller)
            self.w.spaces.set_second(run.controller)
            view.answer_first = self.w.act_answer_first.isChecked()
            self.w.act_compare.setChecked(True)
            self.w.statusBar().showMessage(
                "compare: Step, Visit, Back, Run, To end and Reset drive both runs (C leaves)"
            )
            return True
        ok = self.run.set_settings(settings)
        self.w.act_compare.setChecked(True)
        return ok

    def make_room(self) -> None:
        """In a small window the panels give way: each canvas at least 300 px high."""
        if self.w.canvas.height() < 2 * MIN_CANVAS_HEIGHT - 100:
            for d in self.w.docks:
                d.hide()

    def leave_compare(self) -> None:
        run, view = self.run, self.view
        self.run = self.view = None
        self.w.act_compare.setChecked(False)
        if run is None or view is None:
            return
        self.w.bound_panel.plot.set_second(None)
        self.w.timeline.set_second(None)
        self.w.spaces.set_second(None)
        view.close_view()
        for dock, shown in zip(self.w.docks, self.docks_before, strict=False):
            dock.setVisible(shown)
        view.hide()
        view.setParent(None)
        view.deleteLater()
        run.close()
        run.deleteLater()
        self.w.run_title.hide()

    def on_compare_toggled(self) -> None:
        if self.w.act_compare.isChecked():
            self.set_compare(default_settings(self.w.controller.config))
        else:
            self.set_compare(None)

    def wire_compare(self) -> None:
        """Every action that steps, runs or resets the main run drives the second too (the
        control panel's buttons trigger these actions).

        These connections come after the main run's own: the second run acts on what the
        main one did (see `CompareRun.toggle_run`).
        """
        w = self.w
        for signal, action in (
            (w.act_step.triggered, CompareRun.step),
            (w.act_visit.triggered, CompareRun.visit),
            (w.act_back.triggered, CompareRun.step_back),
            (w.act_run.triggered, CompareRun.toggle_run),
            (w.act_pause.triggered, CompareRun.pause),
            (w.act_to_end.triggered, CompareRun.run_to_end),
            (w.act_reset.triggered, CompareRun.reset),
        ):
            signal.connect(lambda *_, a=action: self.drive_second(a))

    def on_earlier(self) -> None:
        """← : one update earlier (in compare mode, on the pair's timeline)."""
        if self.run is None:
            self.w.controller.earlier()
        else:
            self.run.earlier_pair()

    def on_later(self) -> None:
        """→ : one update later (in compare mode, on the pair's timeline)."""
        if self.run is None:
            self.w.controller.later()
        else:
            self.run.later_pair()

    def drive_second(self, action: Callable[[CompareRun], None]) -> None:
        """The second run's half of a step of the pair (nothing outside compare mode)."""
        run = self.run
        if run is not None:
            action(run)

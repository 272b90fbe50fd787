"""The main window: its layout, its actions, and the scripting API for pytest-qt.

The canvas sits in the middle under the readout strip; the controls run the full
height on the right; the bound plot and the tables share the strip below. Every
panel is a dock that View ▸ Panels (F9) hides at once. The document (path,
unsaved changes, autosave) is `Document`; the look is the `Theme`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QToolBar,
    QWidget,
)

from perceptron_gui.app import export, i18n
from perceptron_gui.app.accessibility import Accessibility, announce
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.canvas.canvas import ANIMATION_MS
from perceptron_gui.app.compare import CompareRun, RunTitle
from perceptron_gui.app.controller import Change, Controller, run_state
from perceptron_gui.app.controls import ControlPanel
from perceptron_gui.app.dialogs import (
    HelpDialog,
)
from perceptron_gui.app.document import Document
from perceptron_gui.app.format import glue_words, plain_text
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.lesson import LessonScripting, install_lesson
from perceptron_gui.app.narration import end_caption, narrate, terms, verdict
from perceptron_gui.app.panels import (
    BoundPanel,
    DualView,
    IterationTable,
    ProofPanel,
    Readout,
    Timeline,
)
from perceptron_gui.app.panels.common import RunFrameGate, SteadyFrame, SteadyLabel, catch_up
from perceptron_gui.app.panels.image_panel import ImagePanel
from perceptron_gui.app.presenter import RunView, present_bound, present_run
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.spaces import EXPORT_SIZE, Spaces
from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import roomy, roomy_context_menus, theme
from perceptron_gui.app.window.actions import (
    ACTIONS,
    ANATOMY_MAX_SPEED,
    KEYBOARD_EDIT_ACTIONS,
    THEME_ACTIONS,
    TOOLBAR,
    ActionManager,
)
from perceptron_gui.app.window.compare import Compare
from perceptron_gui.app.window.dims import TURN_MS, DimView
from perceptron_gui.app.window.dims_menu import DimsMenu
from perceptron_gui.app.window.experiment import Experiment
from perceptron_gui.app.window.exports import Exports
from perceptron_gui.app.window.files import Files
from perceptron_gui.app.window.look import Look
from perceptron_gui.app.window.panes import Panes
from perceptron_gui.app.window.presentation import Presentation
from perceptron_gui.app.words import copies_without_glue
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import LinearModel
from perceptron_gui.core.proof import origin_note
from perceptron_gui.core.writer import check_regular_target

#: How long the canvas says that an edit dropped the run (ms).
DISCARD_NOTICE_MS = 8000
#: After a run has converged, the last update's picture fades this long after (ms).
FADE_MS = 2500
#: The update's slow motion lasts at most this long (milliseconds, the three phases).
SLOW_MOTION_MAX_MS = 6000
#: Up to this run speed (updates per second) the view follows the line at every frame.
FOLLOW_MAX_SPEED = 10.0


def slow_motion_ms(base_ms: int, speed: float, *, running: bool) -> int:
    """How long the update's predict → reveal → correct lasts at `speed` updates a second:
    a run's frame holds all three (0.9 of its time); a step shows each phase for one
    update's time, so that at 1 update/s a phase lasts a second. Never below `base_ms`."""
    if not 0 < speed < float("inf"):
        return base_ms
    total = 1000.0 / speed * (0.9 if running else 3.0)
    return int(min(SLOW_MOTION_MAX_MS, max(base_ms, total)))


class MainWindow(LessonScripting, QMainWindow):
    """The perceptron-gui window, also the scripting API for pytest-qt.

    Parameters
    ----------
    frame_interval_ms
        The run timer's interval (tests pass 0).
    autosave_ms
        Quiet time after an edit before the recovery file is written (None: no autosave).
    animation_ms
        How long an update takes in slow motion on the canvas (0: none; tests pass 0).
    """

    # The actions, by their ids in `window.actions.ACTIONS` (`self.action_manager` holds them).
    act_open: QAction
    act_open_lesson: QAction
    act_builtin_lesson: QAction
    act_save: QAction
    act_save_as: QAction
    act_export: QAction
    act_export_animation: QAction
    act_export_table: QAction
    act_copy_latex: QAction
    act_copy_markdown: QAction
    act_quit: QAction
    act_undo: QAction
    act_redo: QAction
    act_pos: QAction
    act_neg: QAction
    act_snap: QAction
    act_select_all: QAction
    act_delete: QAction
    act_flip: QAction
    act_clear: QAction
    act_generate: QAction
    act_example: QAction
    act_step: QAction
    act_visit: QAction
    act_back: QAction
    act_run: QAction
    act_pause: QAction
    act_to_end: QAction
    act_reset: QAction
    act_earlier: QAction
    act_later: QAction
    act_skip: QAction
    act_compare: QAction
    act_experiment: QAction
    act_dims_follow: QAction
    act_dims_pin: QAction
    act_dims_features: QAction
    act_radius: QAction
    act_best: QAction
    act_anatomy: QAction
    act_phases: QAction
    act_follow: QAction
    act_origin: QAction
    act_answer_first: QAction
    act_fit: QAction
    act_present: QAction
    act_augmented_space: QAction
    act_keyboard_edit: QAction
    act_points_table: QAction
    act_reduce_motion: QAction
    act_weight_space: QAction
    act_panels: QAction
    act_zoom_in: QAction
    act_zoom_out: QAction
    act_zoom_reset: QAction
    act_theme_light: QAction
    act_theme_dark: QAction
    act_theme_high_contrast: QAction
    act_add_scene: QAction
    act_save_lesson: QAction
    act_close_lesson: QAction
    act_help: QAction
    act_about: QAction
    # The panes (made by `Panes.build`, window/panes.py).
    canvas: DataCanvas
    readout: Readout
    notice: QLabel
    run_title: RunTitle
    readout_frame: SteadyFrame
    canvas_splitter: QSplitter
    image_panel: ImagePanel
    timeline: Timeline
    narration: SteadyLabel
    controls: ControlPanel
    iteration_table: IterationTable
    dual_view: DualView
    tabs: QTabWidget
    controls_dock: QDockWidget
    bound_dock: QDockWidget
    tables_dock: QDockWidget
    proof_dock: QDockWidget
    docks: tuple[QDockWidget, ...]

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        frame_interval_ms: int = 16,
        autosave_ms: int | None = 1000,
        animation_ms: int = ANIMATION_MS,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("perceptron-gui")
        self.setAcceptDrops(True)
        self.controller = Controller(self, frame_interval_ms=frame_interval_ms)
        # The window's rooms: each a part of the window, with the window in hand.
        self.files = Files(self)
        self.exports = Exports(self)
        self.compare = Compare(self)
        self.presentation = Presentation(self)
        self.look = Look(self)
        self.panes = Panes(self)
        self.document = Document(self.controller, self.files.view_settings, autosave_ms)
        self._help: HelpDialog | None = None

        self._animation_ms = animation_ms
        self._frame_interval_ms = frame_interval_ms
        self._notice_error = True
        self._notice_timer = QTimer(self)
        self._notice_timer.setSingleShot(True)
        self.panes.build(animation_ms)  # the canvas in the middle, the panels in docks
        # Copies from the labels without their word joiners (after the first paint).
        app = QApplication.instance()
        if isinstance(app, QApplication):
            QTimer.singleShot(0, lambda: copies_without_glue(app))
        # Points with d > 2 features: the view of R^d (its axes, its turns).
        self.dims = DimView(TURN_MS if animation_ms > 0 else 0, self)
        self._dims_quiet = False
        self.dims.axes_changed.connect(self._on_dims_axes_changed)
        self.spaces = Spaces(self)  # the augmented and weight spaces, in docks of their own
        self.spaces.build()
        # Many seeded runs of the setting on screen, in a dock under the canvas (Run menu).
        self.experiment = Experiment(self)
        # Names for screen readers, the canvas in words, the points as a table, keyboard editing.
        self.accessibility = Accessibility(self)
        self._notice_timer.timeout.connect(self.notice.hide)
        theme().set_boost(1.0)  # a new window is not presenting (another may have been)
        self._shown_once = False
        # The narration follows a run's frames as a panel does: at most every PANEL_SECONDS,
        # and in a fast frame (To end) at its turn (`RunFrameGate`): its text is measured
        # and wrapped anew each time (~5 ms, and the label's layout after).
        self._narration_gate = RunFrameGate(self.narration, self._narrate)
        #: The update the canvas last showed: only the next one is played in slow motion.
        self._shown_k = 0
        self._phase_stepping = False
        self._phase: str | None = None  # phase stepping: the phase shown
        self._pending: Any = None  # phase stepping: the update being shown
        self._correcting = False  # phase stepping: the correct phase's own step

        self._build_actions()
        self.dims_menu = DimsMenu(self)  # View ▸ View of R^d
        self.spaces.wire(self.act_augmented_space, self.act_weight_space)
        self.accessibility.wire(self.act_points_table, self.act_reduce_motion)
        self.accessibility.editor.attach(
            [self.action_manager.action(i) for i in KEYBOARD_EDIT_ACTIONS]
        )
        self.narration.text_changed.connect(lambda text: announce(self.narration, text))
        self.lesson_player = install_lesson(self)  # File ▸ Open lesson…, Lesson menu and panel
        # Progress ("opening big.csv… 35%") changes many times a second: in a width of its
        # own, elided, so a window at its narrowest is never widened (and wholly
        # repainted) by a longer text.
        self.busy_label = named(QLabel(), "busyLabel")
        self.busy_label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.statusBar().addPermanentWidget(self.busy_label)
        self.statusBar().showMessage(
            self.tr("Left click adds +1, right click adds −1. F1: all keys.")
        )

        # --- wiring
        c = self.controller
        c.changed.connect(self._on_controller_changed)
        c.running_changed.connect(self._on_controller_running_changed)
        c.message_posted.connect(self._on_controller_message_posted)
        c.run_discarded.connect(self._on_controller_run_discarded)
        self._discard_timer = QTimer(self)
        self._discard_timer.setSingleShot(True)
        self._discard_timer.timeout.connect(lambda: self.canvas.set_status(None))
        c.busy_changed.connect(self._on_controller_busy_changed)
        self.document.modified_changed.connect(self._update_title)
        self.document.path_changed.connect(self._update_title)
        self.document.autosave_failed.connect(lambda m: self.show_notice(m, error=True))
        self.canvas.add_requested.connect(self._on_canvas_add_requested)
        self.canvas.move_requested.connect(self._on_canvas_move_requested)
        # The canvas's band shortened its banners (small font, elided): whole here too.
        self.canvas.band_shortened.connect(self.statusBar().showMessage)
        # A window's method: Qt drops the connection when the window is deleted.
        theme().changed.connect(self._on_theme_changed)
        self.look.style_narration()
        self.look.style_busy()
        self._on_controller_changed(Change.DATA | Change.REFRAME | Change.MODEL | Change.BOUND)
        self._update_title()
        self.look.restore_preferences()
        # The actions were labelled when made (window/actions.py), in the language now on.
        self._retranslate(actions=False)
        self.accessibility.name_late()  # (everything made so far was named just now)
        roomy_context_menus(self)  # (Qt's own right-click menus: rows 24 px, WCAG 2.5.8)
        self.panes.watch_first_show()

    # The panels made when first shown or asked for (window/panes.py, PanelSlot).
    @property
    def bound_panel(self) -> BoundPanel:
        """The bound's plot and readout (the "Mistakes and the bound" dock)."""
        panel = self.panes.panel("bound_panel")
        assert isinstance(panel, BoundPanel)
        return panel

    @property
    def proof_panel(self) -> ProofPanel:
        """The proof's steps with this run's numbers (the proof dock)."""
        panel = self.panes.panel("proof_panel")
        assert isinstance(panel, ProofPanel)
        return panel

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt override)
        if visible and not self.isVisible():
            self.panes.make_shown()  # the panels about to be shown, before the first layout
        super().setVisible(visible)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt override)
        """Tab and Shift+Tab: the order follows the layout as it is now (accessibility.py)."""
        target = self.accessibility.next_focus(next)
        if target is None:
            return super().focusNextPrevChild(next)
        reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
        target.setFocus(reason)
        return True

    def fit_to_screen(self) -> None:
        """Size the window for its screen: the preferred size, or what the screen has room for.

        The frame (title bar included) stays inside the screen's available geometry.
        """
        self.panes.fit_to_screen()

    # ---------------------------------------------------------------- actions

    def _build_actions(self) -> None:
        """The actions from the table (`window.actions`), the menus and the toolbar from ids."""
        self.action_manager = ActionManager(self)
        for spec in ACTIONS:  # the act_* names tests and scripts use
            setattr(self, f"act_{spec.id}", self.action_manager.action(spec.id))
        c = self.controller
        c.undo_stack.canUndoChanged.connect(self.act_undo.setEnabled)
        c.undo_stack.canRedoChanged.connect(self.act_redo.setEnabled)
        c.undo_stack.undoTextChanged.connect(self._on_undo_text_changed)
        c.undo_stack.redoTextChanged.connect(self._on_redo_text_changed)
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self.theme_actions: dict[str, QAction] = {
            name: self.action_manager.action(id) for name, id in THEME_ACTIONS.items()
        }
        self.theme_actions[theme().name].setChecked(True)
        # Each language by its own name, whatever the window's language.
        self.language_actions: dict[str, QAction] = {}
        language_group = QActionGroup(self)
        for code in i18n.LANGUAGES:
            a = QAction(i18n.LANGUAGE_NAMES[code], self, checkable=True)
            a.setObjectName(f"language_{code}")
            a.triggered.connect(lambda _=False, c=code: self.set_language(c))
            language_group.addAction(a)
            self.language_actions[code] = a
        self.action_manager.build_menus(
            self.menuBar(),
            {
                "docks": [d.toggleViewAction() for d in self.docks],
                "languages": list(self.language_actions.values()),
            },
        )
        self.recent_menu = self.action_manager.menus["recent"]
        self.recent_menu.aboutToShow.connect(self.files.fill_recent_menu)
        tb = named(QToolBar(), "editToolbar")
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.action_manager.fill(tb, TOOLBAR)
        tb.widgetForAction(self.act_compare).setObjectName("compareButton")
        self.addToolBar(tb)
        self.toolbar = tb
        # The control panel's buttons are the actions' too (Step is phase-aware, as Space).
        ctl = self.controls
        for button, id in (
            (ctl.step_button, "step"),
            (ctl.visit_button, "visit"),
            (ctl.step_back_button, "back"),
            (ctl.run_button, "run"),
            (ctl.run_to_end_button, "to_end"),
            (ctl.reset_button, "reset"),
        ):
            self.action_manager.bind_button(button, id)
        # A run that cannot start (it is done) leaves the button unchecked.
        ctl.run_button.clicked.connect(lambda: ctl.run_button.setChecked(self.controller.running))
        self.compare.wire_compare()

    # ------------------------------------------------------ scripting API

    def state(self) -> dict[str, Any]:
        """The state as plain Python values (see the README; point indices are 0-based)."""
        c = self.controller
        c.finish_bound()  # a script may wait for D and γ; the window never does
        catch_up()  # the panels a large data set reaches a turn later
        bd = c.bound
        data = c.data
        state: dict[str, Any] = {
            "points": data.points.tolist(),
            "labels": data.labels.astype(np.int64).tolist(),
            "mode": c.config.mode,
            "order": c.config.order,
            "eta": c.config.eta,
            "bias": c.config.bias,
            **run_state(c),
            "D": bd.D,
            "gamma": bd.gamma,
            "separable": bd.separable,
            "view": list(self.canvas.view_range()),
            "modified": self.document.modified,
            "narration": self.narration.text(),
            "presentation": self.presentation.on,
            "phase": self._phase,
            "theme": theme().name,
            "ui_scale": theme().ui_scale,
            "proof": self.proof_panel.state(),
            "compare": None if self.compare_run is None else self.compare_run.state(),
            "lesson": self.lesson_player.state(),
            **self.spaces.state(),
            **self.dims.state(),
            **self.image_panel.state(),
            "cursor": self.accessibility.editor.state(),
            "selected": self.canvas.selected_indices().tolist(),
            "names_hidden": self.canvas.hidden_names(),
        }
        # Scripts read plain text: no-break spaces made spaces (the data are numbers only).
        # A space view's weight path (ndarray.tolist(): floats only, a row per update) is
        # not walked through: after a long run that walk took most of state() (0.5 s at 10⁵).
        views = self.spaces.views

        def plain(key: str, value: Any) -> Any:
            if key in ("points", "labels"):
                return value
            if key in views:
                return {k: v if k == "path" else plain_text(v) for k, v in value.items()}
            return plain_text(value)

        return {k: plain(k, v) for k, v in state.items()}

    def set_space_view(self, kind: str, visible: bool = True) -> bool:
        """Show (or hide) the "augmented" or the "weights" space view (View menu)."""
        return self.spaces.set_visible(kind, visible)

    def export_space_view(self, kind: str, path: str | Path) -> bool:
        """Write the "augmented" or "weights" view as PNG or SVG; False with a message."""
        view = self.spaces.views.get(kind)
        if view is None:
            return self.spaces.set_visible(kind)  # says which kinds there are
        try:
            # A FIFO or a device: refused at once (the image's writer waited on a FIFO for
            # a reader for good, the window frozen).
            check_regular_target(path)
            view.export(path)
        except (OSError, ValueError, DataError) as exc:
            self.show_notice(self.tr("export failed: {error}").format(error=exc), error=True)
            return False
        return True

    def export_space_animation(
        self,
        kind: str,
        path: str | Path,
        steps: int | None = None,
        *,
        size: tuple[int, int] = EXPORT_SIZE,
        frame_ms: int = export.FRAME_MS,
    ) -> bool:
        """A GIF (or MP4) of the "augmented" or "weights" view along a copy of the run:
        ŵ_0 first, then one frame per update (`steps`; None: up to the timeline's update).

        Returns after the file is written; False, with a notice, when it cannot be.
        """
        view = self.spaces.views.get(kind)
        if view is None:
            return self.spaces.set_visible(kind)  # says which kinds there are
        return self.exports.write(
            path,
            lambda: view.export_animation(path, steps, size=size, frame_ms=frame_ms),
        )

    def set_points(self, X: Any, y: Any) -> bool:
        """Replace the data (undoable); False with a message on bad input."""
        try:
            data = make_dataset(X, y)
        except DataError as exc:
            self.show_notice(self.tr("points refused: {error}").format(error=exc), error=True)
            return False
        self.controller.set_data(data, self.tr("set {n} points").format(n=data.n))
        return True

    def add_point(self, x: float, y: float, label: int) -> bool:
        """Add one point (undoable)."""
        return self.controller.add_point(float(x), float(y), int(label))

    def load(self, path: str | Path) -> bool:
        """Open a CSV or session file. False on bad input, with a message; the data stay."""
        return self.files.load(path)

    def open_file(self, path: str | Path) -> None:
        """Open a file without freezing the window: read, parse and compute γ between frames."""
        self.files.open_file(path)

    def save(self, path: str | Path | None = None) -> bool:
        """Save: CSV (data) when the name ends .csv/.txt, else a session. False on failure."""
        return self.files.save(path)

    def set_mode(self, mode: str) -> bool:
        """ "primal", "dual" or "pocket"."""
        return self.controller.set_mode(mode)

    def set_order(self, order: str) -> bool:
        """ "first", "cyclic", "random-cyclic" or "random"."""
        return self.controller.set_order(order)

    def set_eta(self, eta: float) -> bool:
        """The learning rate η > 0."""
        return self.controller.set_eta(eta)

    def set_bias(self, bias: bool) -> bool:
        """Learn b, or keep lines through the origin."""
        return self.controller.set_bias(bias)

    def set_speed(self, updates_per_second: float) -> None:
        """Run speed in updates per second (inf: as fast as the screen shows); moves the slider."""
        self.controls.set_speed_value(updates_per_second)

    def set_max_updates(self, n: int) -> bool:
        """The update limit (as the control panel's limit box)."""
        return self.controller.set_max_updates(int(n))

    def step(self) -> Any:
        """Go to the next mistake and correct it (in compare mode, each run does).

        With phase stepping on, show the next phase of the update instead (predict,
        reveal, correct): w, b and the mistakes change at "correct" only.
        """
        rec = self._step_main()
        self.compare.drive_second(CompareRun.step)
        return rec

    def set_phase_stepping(self, on: bool) -> None:
        """Space (and `step()`) shows one phase of the update at a time (not in compare mode)."""
        on = bool(on)
        if self.act_phases.isChecked() != on:
            self.act_phases.setChecked(on)
        self._phase_stepping = on
        self._leave_phase()

    def _leave_phase(self) -> None:
        """Forget a phase in progress (the canvas shows the state as it is)."""
        if self._phase in ("predict", "reveal"):
            self._phase = None
            self._pending = None
            self._show_model()
        self._phase = None
        self._pending = None

    def _step_main(self) -> Any:
        c = self.controller
        if not self._phase_stepping or self.compare_run is not None:
            return c.step()
        if self._phase in ("predict", "reveal") and self._pending is not None:
            if self._phase == "predict":
                self._phase = "reveal"
                self._show_phase()
                return None
            self._phase = "correct"
            self._pending = None
            self._correcting = True
            try:
                return c.step()
            finally:
                self._correcting = False
        c.pause()
        t = c.trainer
        rec = t.step()  # a look ahead: taken back at once, made again at "correct"
        if rec is None or not rec.mistake:
            if rec is not None:
                t.step_back()
            self._phase = None
            return c.step()
        t.step_back()
        self._pending = rec
        self._phase = "predict"
        self._show_phase()
        return None

    def _show_phase(self) -> None:
        """Draw the pending update's predict or reveal phase; the weights are still the old."""
        rec, phase, c = self._pending, self._phase, self.controller
        assert rec is not None and phase is not None
        y = int(c.data.labels[rec.index])
        f = float(rec.margin) * y  # the margin is y·f
        text = self.canvas.phase_text(phase, rec.index, f, y)
        if isinstance(c.trainer.model, LinearModel):
            vm = self.dims.view_model
            self.canvas.set_update(
                vm(LinearModel(rec.w_before, rec.b_before)),
                vm(LinearModel(rec.w_after, rec.b_after)),
                rec.index,
                c.config.bias,
                phase=phase,
            )
        self.canvas.set_current(rec.index)
        self.narration.setText(text)

    def visit(self) -> Any:
        """Look at the next point only."""
        rec = self.controller.visit()
        self.compare.drive_second(CompareRun.visit)
        return rec

    def step_back(self) -> bool:
        """Undo the last update."""
        ok = self.controller.step_back()
        self.compare.drive_second(CompareRun.step_back)
        return ok

    def run(self) -> None:
        """Run at the chosen speed (in the event loop)."""
        self.controller.run()
        self.compare.drive_second(CompareRun.run)

    def pause(self) -> None:
        """Pause the run."""
        self.controller.pause()
        self.compare.drive_second(CompareRun.pause)

    def run_to_end(self) -> None:
        """Run to the end; returns at once, the run proceeds in the event loop."""
        self.controller.run_to_end()
        self.compare.drive_second(CompareRun.run_to_end)

    def reset(self) -> None:
        """Back to the initial weights."""
        self.controller.reset()
        self.compare.drive_second(CompareRun.reset)

    # ------------------------------------------------------- compare mode

    @property
    def compare_run(self) -> CompareRun | None:
        """The second run in compare mode (None outside it)."""
        return self.compare.run

    def set_compare(self, settings: dict[str, Any] | None) -> bool:
        """Compare mode: a second run with these settings beside the first; None leaves it."""
        return self.compare.set_compare(settings)

    def set_ui_scale(self, factor: float) -> bool:
        """Scale every font, marker and line by `factor` (0.5 … 4; remembered)."""
        return self.look.set_ui_scale(factor)

    def set_theme(self, name: str) -> bool:
        """ "light", "dark" or "high-contrast" (remembered)."""
        return self.look.set_theme(name)

    def set_language(self, code: str) -> bool:
        """Show every text in language `code` ("en", "zh_CN"; remembered)."""
        return self.look.set_language(code)

    def retranslate(self) -> None:
        """Menus, actions, docks, tabs and the window's own texts in the current language."""
        self._retranslate(actions=True)

    def _retranslate(self, *, actions: bool) -> None:
        if actions:
            self.action_manager.retranslate()
        self.panes.retranslate()
        self.spaces.retranslate()
        self.experiment.retranslate()
        self.image_panel.retranslate()
        self.accessibility.retranslate()
        self.toolbar.setWindowTitle(self.tr("Edit"))
        for code, action in self.language_actions.items():
            action.setChecked(code == i18n.language())
        stack = self.controller.undo_stack
        self._on_undo_text_changed(stack.undoText())
        self._on_redo_text_changed(stack.redoText())
        self.narration.setText(narrate(self.controller.trainer))
        self._update_title()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "action_manager"):
            self.retranslate()
        super().changeEvent(event)

    def createPopupMenu(self) -> QMenu | None:  # noqa: N802 (Qt override)
        """Qt's menu of the docks and bars (a right click on a dock's title), its rows
        24 px high as the menu bar's are (WCAG 2.5.8)."""
        menu = super().createPopupMenu()
        if menu is not None:
            roomy(menu)
        return menu

    def show_panels(self, on: bool) -> None:
        """Show or hide every dock, the controls included (the keys still work)."""
        for d in self.docks:
            d.setVisible(bool(on))
        self.act_panels.setChecked(bool(on))

    def seek(self, k: int) -> int:
        """Show the state after `k` updates (computing forward first when k is ahead).

        Returns the number of updates reached (fewer when the run ends first).
        """
        reached = self.controller.seek(k)
        self.compare.drive_second(lambda run: run.seek(k))
        return reached

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: full screen, panels hidden, everything large (F5; Esc leaves)."""
        self.presentation.set_presentation(on)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if not self._shown_once:  # the docks' shares, once the window has its size
            self._shown_once = True
            self.panes.watch_screen()
            self.panes.place_docks()  # (a start at UI scale 2 on a small screen)
            self.panes.fold_to_screen()  # (the panels' sizes are known now)
            self.panes.size_docks()

    def recover(self, *, ask: bool = True) -> bool:
        """Restore the autosaved session (asking first unless `ask` is False)."""
        return self.files.recover(ask=ask)

    def load_example(self) -> None:
        """Open the built-in example data set."""
        self.files.load_example()

    def load_builtin(self, name: str) -> bool:
        """Open built-in real data: "iris", "digits" or "digits:A:B" (File ▸ Examples);
        False, with a message, for an unknown name."""
        return self.files.load(name if name.startswith("builtin:") else "builtin:" + name)

    # ------------------------------------------------------------ messages

    def show_notice(self, text: str, *, error: bool = True, ms: int = 10000) -> None:
        """A non-modal banner over the canvas, and the status bar."""
        self._notice_error = error
        self.look.style_notice()
        self.notice.setText(text)
        self.notice.show()
        self._notice_timer.start(ms)
        self.statusBar().showMessage(text, ms)

    def hide_notice(self) -> None:
        """Take the banner away (and its text from the status bar)."""
        self._notice_timer.stop()
        if self.notice.isVisible() and self.statusBar().currentMessage() == self.notice.text():
            self.statusBar().clearMessage()
        self.notice.hide()

    # --------------------------------------------------------------- slots

    def _on_controller_busy_changed(self, text: str) -> None:
        lab = self.busy_label
        lab.setText(lab.fontMetrics().elidedText(text, Qt.TextElideMode.ElideMiddle, lab.width()))
        lab.setToolTip(text)

    def _on_controller_run_discarded(self, text: str) -> None:
        """An edit dropped the run: say so on the canvas too (presentation has no status bar)."""
        self.canvas.set_status(text)
        self._discard_timer.start(DISCARD_NOTICE_MS)

    def _on_controller_message_posted(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)

    def _on_controller_changed(self, change: Change) -> None:
        """The canvas follows the controller: once per action, only what changed (its model
        drawing computed once, at the end)."""
        with self.canvas.batch():
            self._follow_controller(change)

    def _follow_controller(self, change: Change) -> None:
        if change & Change.MODEL and not change & Change.DATA:
            self._discard_timer.stop()  # a step after the edit: the notice has been read
        c = self.controller
        cv = self.canvas
        if change & (Change.MODEL | Change.SETTINGS | Change.DATA) and not self._correcting:
            self._phase = None  # phase stepping starts anew after any other change
            self._pending = None
        dims_moved = self._follow_dims(change)
        if change & Change.DATA and not self._notice_error:
            # A notice about the data (where a built-in set comes from, its licence)
            # belongs to the data it was shown with: new data (a lesson's scene, an
            # example, an undo) take it away, as an error's notice stays its time.
            self._notice_timer.stop()
            self.notice.hide()
        if change & Change.DATA or dims_moved:
            cv.set_points(
                self.dims.view_points(c.data.points),
                c.data.labels,
                reframe=bool(change & Change.REFRAME) or dims_moved == "jump",
            )
        if change & (Change.MODEL | Change.SETTINGS | Change.DATA):
            self._show_model(frame=change & (Change.RUN_FRAME | Change.FAST_FRAME))
        if change & Change.BOUND:
            self._show_bound()

    def _follow_dims(self, change: Change) -> str:
        """The view of R^d follows the data and the weights: "" when its axes stayed,
        "jump" when they jumped (a new data set, no animation), "turn" when a turn began
        (its frames come through `_on_dims_axes_changed`)."""
        c = self.controller
        if c.data.dim == 2:
            if self.dims.active:
                self._dims_quiet = True
                self.dims.clear()
                self._dims_quiet = False
                self.canvas.set_axis_names(None)
                return "jump"
            return ""
        if not change & (Change.DATA | Change.MODEL | Change.SETTINGS):
            return ""
        before = self.dims.axes
        self._dims_quiet = True
        try:
            self.dims.update(c.data.points, c.trainer.w, jump=bool(change & Change.DATA))
        finally:
            self._dims_quiet = False
        self.canvas.set_axis_names(self.dims.names())
        if self.dims.turning:
            return "turn"
        after = self.dims.axes
        if before is None or after is None or before[0].shape != after[0].shape:
            return "jump"
        moved = not (np.array_equal(before[0], after[0]) and np.array_equal(before[1], after[1]))
        return "jump" if moved else ""

    def _on_dims_axes_changed(self) -> None:
        """A frame of the view's turn (or its end): the points and the model where they are now."""
        if self._dims_quiet or not self.dims.active:
            return
        c = self.controller
        with self.canvas.batch():
            self.canvas.set_axis_names(self.dims.names())
            self.canvas.set_points(
                self.dims.view_points(c.data.points), c.data.labels, reframe=not self.dims.turning
            )
            self._show_model()

    def set_dims_view(self, kind: str, features: tuple[int, int] | None = None) -> bool:
        """The view of points with d > 2 features: "follow" (the axis along w), "pinned"
        (stays while w moves on) or "features" (two features, 0-based ``(i, j)``)."""
        d = self.controller.data.dim
        if kind not in ("follow", "pinned", "features") or (
            features is not None
            and not (0 <= features[0] < d and 0 <= features[1] < d and features[0] != features[1])
        ):
            self.show_notice(
                self.tr("view {kind} refused: follow, pinned, or features i ≠ j below {d}").format(
                    kind=repr(kind if features is None else (kind, features)), d=d
                ),
                error=True,
            )
            return False
        self.dims.set_kind(kind, features)
        return True

    def _on_controller_running_changed(self, running: bool) -> None:
        # The regions and tints change at most 3 times a second while it runs; at once after.
        self.canvas.set_running(running)
        if not running:
            self.canvas.follow()
            self.canvas.set_current(self.controller.current)  # a run's end: no step's verdict

    def _show_model(self, *, frame: Change = Change.NONE) -> None:
        """The canvas gets every frame of a run (`frame`: RUN_FRAME, FAST_FRAME or none);
        the narration at most every PANEL_SECONDS, in a fast frame at its turn."""
        with self.canvas.batch():
            self._show_model_now(frame)

    def _show_model_now(self, frame: Change) -> None:
        c = self.controller
        if self._animation_ms > 0:
            self.canvas.animation_ms = slow_motion_ms(
                self._animation_ms, c.speed, running=c.running
            )
        view = self.run_view()
        k = c.trainer.k
        if view.phase is None and (k < self._shown_k or k > self._shown_k + 1):
            # A step back, a seek or a reset shows the update it lands on as it ends: the
            # slow motion is for the update just made (going back replayed the previous
            # update's for 1-2 s while the readout already showed the new state).
            view = dataclasses.replace(view, phase="correct")
        self._shown_k = k
        present_run(self.canvas, c.trainer, c.config.bias, view, self.dims.view_model)
        caption = end_caption(c.trainer, running=c.running)
        if caption is not None:
            fade = FADE_MS if self._animation_ms > 0 else 0
            self.canvas.set_status(caption, fade_after_ms=fade)
        elif not self._discard_timer.isActive():
            self.canvas.set_status(None)
        self._narration_gate.on_changed(Change.MODEL | frame)

    def _narrate(self, _change: Change) -> None:
        """The narration of the trainer's state (through `_narration_gate`)."""
        t = self.controller.trainer
        self.narration.setText(narrate(t))
        self.narration.setToolTip(glue_words(terms(t)))

    def run_view(self) -> RunView:
        """How the window draws its run now (the View menu's choices, the run's speed)."""
        c = self.controller
        return RunView(
            current=c.current,
            verdict=verdict(c.trainer, running=c.running, paired=self.compare.run is not None),
            answer_first=self.act_answer_first.isChecked(),
            anatomy=self.act_anatomy.isChecked() and c.run_speed <= ANATOMY_MAX_SPEED,
            # A fast run does not move the view at every frame; it follows once when it stops.
            follow=c.run_speed <= FOLLOW_MAX_SPEED,
            phase=self._phase,
        )

    def _show_bound(self) -> None:
        c = self.controller
        present_bound(self.canvas, None if c.bound_pending else c.bound, c.config.bias, c.data.n)

    def _on_theme_changed(self) -> None:
        self.look.on_theme_changed()

    def _on_undo_text_changed(self, text: str) -> None:
        tip = self.tr("Undo {what}").format(what=text) if text else self.tr("Nothing to undo")
        self.act_undo.setToolTip(f"{tip} [Ctrl+Z]")
        self.act_undo.setStatusTip(tip)

    def _on_redo_text_changed(self, text: str) -> None:
        tip = self.tr("Redo {what}").format(what=text) if text else self.tr("Nothing to redo")
        self.act_redo.setToolTip(f"{tip} [Ctrl+Shift+Z]")
        self.act_redo.setStatusTip(tip)

    def _on_canvas_add_requested(self, x: float, y: float, label: int) -> None:
        if self._click_editing_off():
            return
        self.controller.add_point(x, y, label)

    def _on_canvas_move_requested(self, i: int, x: float, y: float) -> None:
        if self._click_editing_off():
            self._follow_controller(Change.DATA)  # the dragged point goes back
            return
        self.controller.move_point(i, x, y)

    def _click_editing_off(self) -> bool:
        """Points with d ≠ 2 features are not edited by click (or keyboard editing): the
        canvas says why."""
        d = self.controller.data.dim
        if d == 2:
            return False
        if d == 1:  # (it said "the other -1")
            text = self.tr(
                "editing by click is off: these points have one feature, x1 (a click's "
                "height is not one of theirs)"
            )
        else:
            text = self.tr(
                "editing by click is off: these points have {d} features and the view "
                "shows two directions of them (a click cannot say the other {rest})"
            ).format(d=d, rest=d - 2)
        self.canvas.set_status(text, fade_after_ms=FADE_MS * 3 if self._animation_ms > 0 else 0)
        return True

    def _delete_selection(self) -> None:
        sel = self.canvas.selected_indices()
        if sel.size == 0:
            self.statusBar().showMessage(
                self.tr("nothing selected: click a point or drag a rectangle")
            )
            return
        if self.controller.delete_points(sel.tolist()):
            self.canvas.set_selection([])

    def _flip_selection(self) -> None:
        sel = self.canvas.selected_indices()
        if sel.size == 0:
            self.statusBar().showMessage(
                self.tr("nothing selected: click a point or drag a rectangle")
            )
            return
        self.controller.relabel(sel.tolist())
        self.canvas.set_selection(sel)

    def _select_all(self) -> None:
        self.canvas.set_selection(np.arange(self.controller.data.n))

    def _escape(self) -> None:
        """Esc: leave presentation mode (and pause), or pause and clear the selection."""
        self.controller.pause()
        self.canvas.finish_animation()
        if self.presentation.on:
            self.set_presentation(False)
        else:
            self.canvas.set_selection([])

    def _set_add_label(self, label: int) -> None:
        self.canvas.add_label = label
        (self.act_pos if label > 0 else self.act_neg).setChecked(True)
        self.statusBar().showMessage(
            self.tr("a left click now adds +1 (○) points")
            if label > 0
            else self.tr("a left click now adds −1 (×) points")
        )

    def _on_snap_toggled(self) -> None:
        self.canvas.snap_enabled = self.act_snap.isChecked()

    def _on_radius_toggled(self) -> None:
        self.canvas.show_radius(self.act_radius.isChecked())

    def _on_best_toggled(self) -> None:
        self.canvas.show_best(self.act_best.isChecked())
        if self.act_best.isChecked() and not self.controller.bound.separable:
            origin = (
                ""
                if self.controller.bound_pending
                else origin_note(self.controller.data, self.controller.bound)
            )
            self.statusBar().showMessage(
                core_text(origin)
                if origin
                else self.tr("not linearly separable: there is no best separator")
            )

    def _on_follow_toggled(self) -> None:
        self.canvas.follow_line = self.act_follow.isChecked()
        self._show_model()

    def _on_origin_toggled(self) -> None:
        self.canvas.keep_origin = self.act_origin.isChecked()
        if self.canvas.keep_origin:
            self.canvas.fit_view()

    def _on_answer_first_toggled(self) -> None:
        self.canvas.set_answer_first(self.act_answer_first.isChecked())
        self._show_model()

    def _on_panels_toggled(self) -> None:
        self.show_panels(self.act_panels.isChecked())

    def about_text(self) -> str:
        """What Help ▸ About says: the version, the licence and where the docs are."""
        from perceptron_gui import __version__

        return self.tr(
            "perceptron-gui {version}\n\n"
            "The perceptron, step by step: the primal and dual forms, Novikoff's bound and "
            "the textbook's worked examples.\n\n"
            "Licence: MIT.\n"
            "Documentation: the README and docs/ in the source, and Help ▸ Keys and mouse."
        ).format(version=__version__)

    def _show_about(self) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("About perceptron-gui"),
            glue_words(self.about_text()),  # (Qt wraps it: between words)
            QMessageBox.StandardButton.Ok,
            self,
        )
        box.setObjectName("aboutBox")
        box.button(QMessageBox.StandardButton.Ok).setText(self.tr("OK"))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        roomy_context_menus(box)  # (its text's right-click menu, Copy: rows 24 px)
        box.open()

    def _show_help(self) -> None:
        if self._help is None:
            self._help = HelpDialog(self)
        self._help.show()
        self._help.raise_()

    def _update_title(self, *_: Any) -> None:
        name = self.document.name if self.document.path else self.tr("untitled")
        self.setWindowTitle(f"perceptron-gui — {name}[*]")
        self.setWindowModified(self.document.modified)

    # --------------------------------------------------------------- dialogs

    def make_open_dialog(self) -> QFileDialog:
        """The File ▸ Open dialog (not shown; tests look at it)."""
        return self.files.make_open_dialog()

    def export_figure(
        self,
        path: str | Path,
        size: tuple[int, int] = export.DEFAULT_SIZE,
        title: bool = False,
        *,
        dpi: float = export.DEFAULT_DPI,
        scale: float | None = None,
    ) -> bool:
        """The canvas alone as PNG or SVG (by the name), `size` in output pixels; in
        compare mode both runs side by side. `scale`: the text's size (None: slide-ready).

        Returns after the file is written; False, with a notice, when it cannot be. The
        window (its view, layout and run) is not touched.
        """
        return self.exports.figure(path, size, title=title, dpi=dpi, scale=scale)

    def export_animation(
        self,
        path: str | Path,
        steps: int,
        *,
        size: tuple[int, int] = export.DEFAULT_SIZE,
        frame_ms: int = export.FRAME_MS,
        start: int | None = None,
        scale: float | None = None,
    ) -> bool:
        """A GIF of a copy of the run: the state after update `start` (None: the current
        one; 0: the beginning), then one frame per update (`steps` at most), then how it
        ended.

        Returns after the file is written; False, with a notice, when it cannot be.
        """
        return self.exports.animation(
            path, steps, size=size, frame_ms=frame_ms, start=start, scale=scale
        )

    def figure_settings(self) -> export.FigureSettings:
        """The view and View settings an exported figure is drawn with."""
        return self.exports.figure_settings()

    def export_table(self, path: str | Path) -> bool:
        """The iteration table as LaTeX, Markdown or CSV (by the name: .tex, .md, .csv)."""
        return self.exports.export_table(path)

    def copy_table(self, format: str) -> str:
        """Put the iteration table on the clipboard as "latex" or "markdown"; returns it."""
        return self.exports.copy_table(format)

    def generate(self, kind: str, n: int = 40, seed: int = 0, **options: Any) -> bool:
        """Replace the points with a generated data set, as Generate… does (one undo step)."""
        return self.files.generate(kind, n, seed, **options)

    # ------------------------------------------------------- window events

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt override)
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt override)
        urls = event.mimeData().urls()
        if urls and urls[0].isLocalFile():
            event.acceptProposedAction()
            path = urls[0].toLocalFile()
            # After the drop has ended: the question is a dialog of its own.
            QTimer.singleShot(0, lambda: self.files.open_asking(path))

    #: True while File ▸ Quit (Ctrl+Q) closes the window: the user's close, which asks.
    _quitting = False

    def quit_asking(self) -> None:
        """File ▸ Quit (Ctrl+Q): close as the window manager's close does, asking Save /
        Discard / Cancel over unsaved changes (the action's own signal never reached
        `closeEvent` as its sender: Ctrl+Q closed without asking)."""
        self._quitting = True
        try:
            self.close()
        finally:
            self._quitting = False

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        # Only a close the user asked for (window manager, Ctrl+Q) asks; a script's never does.
        user = event.spontaneous() or self._quitting
        doc = self.document
        if user and not self.files.unsaved_may_go(
            self.tr("Save the points and settings before closing?")
        ):
            event.ignore()
            return
        self.controller.pause()
        self.experiment.close()
        if user:
            preferences().setValue("geometry", self.saveGeometry())
            doc.discard_recovery()
        else:
            doc.finish()  # a running autosave ends, and the one that waits is written now
        event.accept()


__all__ = ["MainWindow"]

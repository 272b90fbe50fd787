"""The one object between the core and the widgets.

It owns the data set, the settings, the trainer, the bound, the undo stack and
the run timer. Widgets call its methods and listen to its signals (named in the
past tense); they never reach into each other.

The signal contract
-------------------
Every user action (an edit, a setting, a step, a run slice that is shown, an
undo) emits `changed` **once**, with a `Change` saying what changed:

- ``DATA``: the points (then also ``MODEL``: the trainer starts again),
  with ``REFRAME`` when it is a whole new data set rather than an edit;
- ``SETTINGS``: mode, order, η, bias, seed or limit (also ``MODEL``);
- ``MODEL``: the trainer's state (step, visit, back, reset, seek, run);
- ``BOUND``: D, γ and (D/γ)² (the bias changed, or a sliced computation ended).

A view connects one slot to `changed` and does its work once per emission, for
the union of what it depends on: one redraw per action.

The frame budget of a run
-------------------------
While the run timer runs, every tick that made updates emits ``MODEL | RUN_FRAME``:
at the display's rate (the timer's ~16 ms), so the canvas shows the latest weights in
every frame. ``RUN_FRAME`` tells the other views that this emission is only a frame
of a run: they may skip it (`panels.common.RunFrameGate` refreshes a panel at most
every `PANEL_SECONDS` and only while it is visible; a hidden one catches up when it is
shown). When the run pauses or stops, one plain ``MODEL`` goes to everyone, so no
view is left behind. The status line follows at most every `REFRESH_SECONDS`. `running_changed`,
`message_posted`, `busy_changed` and `edited` (for autosave) are separate facts.

A large data set
----------------
A ``DATA`` emission for `LARGE_DATA` points or more also carries ``LARGE``: the views
other than the canvas may refresh in an event-loop turn of their own (`RunFrameGate`
does), so the canvas's first paint of the points and the panels' work on them are not
one long freeze; `panels.common.catch_up` brings them up to date at once (a script's
`state()` calls it).
"""

from __future__ import annotations

import math
import threading
import time
import weakref
from array import array
from collections.abc import Callable, Generator
from dataclasses import dataclass
from enum import Flag, auto
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from perceptron_gui.app.format import fmt, point_name
from perceptron_gui.app.i18n import core_text, mode_name, order_name, stop_reason_name
from perceptron_gui.core import fast
from perceptron_gui.core.bounds import (
    KERNEL_BOUND_WINDOW_MAX_N,
    KERNEL_BOUND_WINDOW_SECONDS,
    MistakeBound,
    mistake_bound,
    needs_kernel_bound,
)
from perceptron_gui.core.config import ORDERS, TrainConfig
from perceptron_gui.core.dataset import Dataset, empty_dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.kernel_bound import kernel_novikoff
from perceptron_gui.core.model import mistakes
from perceptron_gui.core.novikoff import (
    Bound,
    iter_best_line_margin,
    iter_novikoff,
    novikoff,
)
from perceptron_gui.core.proof import origin_note
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.records import StepRecord
from perceptron_gui.core.registry import REGISTRY, spec
from perceptron_gui.core.slices import exhaust

#: The update limit the window starts with (the core's default cap is far higher).
GUI_MAX_UPDATES = 10_000
#: The largest update limit the controls offer.
MAX_UPDATE_LIMIT = 10_000_000
#: Updates per second that mean "as fast as the screen can show".
MAX_SPEED = math.inf
#: A speed above this many updates per second is taken as "as fast as the screen shows".
FASTEST_FINITE_SPEED = 1000.0
#: Work done per timer tick at full speed, in seconds: leaves the rest of a frame to painting.
SLICE_SECONDS = 0.004
#: *To end* gives the trainer this share of the time at least: a tick trains for
#: TO_END_SHARE / (1 - TO_END_SHARE) times what the views took since the last tick (the
#: frame: painting, regions, panels, the timer's wait), up to TO_END_MAX_SLICE seconds so
#: that a click (Pause) is still answered at once, and so that training and the frame
#: together stay within TO_END_MAX_TICK (the window never freezes longer). The run then
#: keeps up with `train()` (kernel and voted runs paint costly frames; with 4 ms slices the
#: frames had the time). 0.05 s, not 0.1: a slice can overrun its budget by a quarter and
#: a panel's turn comes after (`Change.FAST_FRAME`), and at 10⁵ points a pocket run's To
#: end froze the window 0.17 s between two ticks of a 10 ms timer (test_hardening); 0.07 s
#: with 40 ms slices left turns of 80-120 ms alone on the development machine, 0.21 s in
#: CI, once the frames were cheaper the slices filled what they gave up (robustness.md).
TO_END_SHARE = 0.75
TO_END_MAX_SLICE = 0.02
TO_END_MAX_TICK = 0.05
#: To end counts a frame as costly as the last one, or this share of the one before.
FRAME_COST_DECAY = 0.8
#: During a run the status line (and the panels, see RunFrameGate) follow at most this often;
#: the canvas gets every frame.
REFRESH_SECONDS = 0.05
#: Above this many points D and γ are computed in slices between frames, not at once.
SYNC_BOUND_LIMIT = 50_000
#: From this many points on, a new data set reaches the panels a turn after the canvas.
LARGE_DATA = 100_000

BoundPair = tuple[Bound, "float | None"]
#: The most memory the undo stack keeps in runs that an undo can bring back (a run's
#: history and snapshots: up to ~64 MB each at large N). Beyond it the oldest runs are
#: dropped first; the edits themselves stay (their undo then starts the run again).
UNDO_RUNS_BUDGET = 128 * 2**20


def to_end_budget(frame: float, frame_cost: float) -> tuple[float, float]:
    """A To end tick's training time, given the last frame's seconds (since the last
    tick's training ended) and the frame cost counted so far; returns (budget, new cost).

    The panels refresh every other frame or so (RunFrameGate): a cheap frame is followed
    by a costly one. The costliest recent frame counts (fading by FRAME_COST_DECAY a tick),
    so a long slice is not given right before a costly frame (at 10⁵ points a 40 ms slice,
    then a frame of three paint passes, froze the window 0.16 s).
    """
    cost = max(frame, frame_cost * FRAME_COST_DECAY)
    share = TO_END_SHARE / (1.0 - TO_END_SHARE)
    room = min(share * cost, TO_END_MAX_TICK - cost, TO_END_MAX_SLICE)
    return max(SLICE_SECONDS, room), cost


def run_bytes(t: object) -> int:
    """An estimate of the memory a trainer holds beyond its data set: its arrays, its
    history and its snapshots (the numpy arrays and typed arrays it reaches)."""
    data = getattr(t, "data", None)
    shared = [
        a for a in (getattr(data, "points", None), getattr(data, "labels", None)) if a is not None
    ]
    seen: set[int] = set()
    total = 0
    todo: list[tuple[object, int]] = [(t, 0)]
    while todo:
        obj, depth = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, np.ndarray):
            if not any(np.may_share_memory(obj, a) for a in shared):
                total += obj.nbytes
        elif isinstance(obj, array):
            total += len(obj) * obj.itemsize
        elif depth < 4:
            if isinstance(obj, dict):
                todo.extend((v, depth + 1) for v in obj.values())
            elif isinstance(obj, (list, tuple)):
                todo.extend((v, depth + 1) for v in obj)
            elif hasattr(obj, "__dict__") and type(obj).__module__.startswith(
                "perceptron_gui.core"
            ):
                todo.extend((v, depth + 1) for k, v in vars(obj).items() if k != "data")
    return total


class Change(Flag):
    """What one emission of `Controller.changed` says changed (see the module notes)."""

    NONE = 0
    DATA = auto()
    REFRAME = auto()
    SETTINGS = auto()
    MODEL = auto()
    BOUND = auto()
    #: With MODEL: one frame of a running run; views other than the canvas may skip it.
    RUN_FRAME = auto()
    #: With RUN_FRAME: a frame of a run as fast as the screen shows (To end, the fastest
    #: speed), whose training fills the rest of the turn: the views that may skip frames
    #: take turns, one a frame (`panels.common.RunFrameGate`).
    FAST_FRAME = auto()
    #: With DATA: `LARGE_DATA` points or more; views other than the canvas may take it
    #: in a turn of their own.
    LARGE = auto()


def _bound_key(c: TrainConfig) -> tuple[object, ...]:
    """What D and γ depend on: the bias and, in feature space, the kernel."""
    if needs_kernel_bound(c):
        return (c.bias, c.kernel, c.degree, c.coef0, c.sigma)
    return (c.bias,)


class DerivedCache:
    """Values derived from a data set under some settings (D, γ, the bound, the line's
    margin, the note), keyed by **that data set and those settings**.

    Undo, redo and mode changes in any order then show the values of what is on screen:
    a value is found only for the very data set (by identity: data sets are immutable)
    and the very settings it was computed for. The data sets are held weakly (the undo
    stack keeps the ones that can come back) and at most `size` entries are kept.
    """

    def __init__(self, size: int = 16) -> None:
        self._size = size
        self._items: dict[tuple[int, tuple[object, ...]], tuple[Any, Any]] = {}

    def get(self, data: Dataset, key: tuple[object, ...]) -> Any:
        """The value stored for (`data`, `key`), or None."""
        item = self._items.get((id(data), key))
        if item is None or item[0]() is not data:
            return None
        self._items[(id(data), key)] = self._items.pop((id(data), key))  # most recent last
        return item[1]

    def put(self, data: Dataset, key: tuple[object, ...], value: Any) -> None:
        """Store `value` for (`data`, `key`)."""
        self._items.pop((id(data), key), None)
        self._items[(id(data), key)] = (weakref.ref(data), value)
        for k in [k for k, (ref, _) in self._items.items() if ref() is None]:
            del self._items[k]
        while len(self._items) > self._size:
            del self._items[next(iter(self._items))]


def bound_task(data: Dataset, bias: bool) -> Generator[Any, None, BoundPair]:
    """Novikoff's bound and the best line's margin, as a generator of slices."""
    # The Dataset itself: it is valid already, so no slice is spent checking it again.
    b = yield from iter_novikoff(data, bias=bias)
    lm = None
    if data.has_both_classes:
        lm = yield from iter_best_line_margin(data)
    return b, lm


@dataclass
class _Task:
    """Sliced work driven by the controller's task timer."""

    name: str
    gen: Generator[Any, None, Any]
    done: Callable[[Any], None]
    fail: Callable[[DataError], None]
    label: str
    progress: float = 0.0


class _DataCommand(QUndoCommand):
    """Replace the data set by another (both immutable), undoably; with `configs`
    (before, after), the settings too: one step for "replace the session"."""

    def __init__(
        self,
        controller: Controller,
        before: Dataset,
        after: Dataset,
        text: str,
        reframe: bool,
        bound: BoundPair | None,
        configs: tuple[TrainConfig, TrainConfig] | None = None,
    ) -> None:
        super().__init__(text)
        self._controller = controller
        self._before = before
        self._after = after
        self._configs = configs
        self._reframe = reframe  # a whole new data set: frame the view on it
        self._bound = bound  # D, γ and the line margin of `after`, when already known
        # The run on `before` as it stood when the edit replaced it: undo brings it back.
        # (Its D, γ and bound come back from the controller's cache, which is keyed by the
        # data and the settings: the settings may have changed since.)
        self._trainer_before: Algorithm | None = None

    def redo(self) -> None:
        c = self._controller
        if c.data is self._before:
            self._trainer_before = c.trainer
        c._apply_data(
            self._after,
            self.text(),
            reframe=self._reframe,
            bound=self._bound,
            config=None if self._configs is None else self._configs[1],
        )

    def undo(self) -> None:
        self._controller._apply_data(
            self._before,
            QCoreApplication.translate("Controller", "undo: {what}").format(what=self.text()),
            reframe=self._reframe,
            trainer=self._trainer_before,
            undone=True,
            config=None if self._configs is None else self._configs[0],
        )


class Controller(QObject):
    """Owns the state of a session; see the module docstring.

    Parameters
    ----------
    frame_interval_ms
        The run timer's interval at full speed (tests pass 0).
    """

    changed = Signal(object)  # a Change, once per action (see the module notes)
    running_changed = Signal(bool)
    message_posted = Signal(str)
    edited = Signal()  # the data or the settings changed (for autosave)
    busy_changed = Signal(str)  # what sliced work is going on ("" when none)
    run_discarded = Signal(str)  # an edit dropped the run (the message; undo brings it back)
    #: True while a lesson opens a scene: its new data restart the run, but that is not the
    #: user's edit (no "the run starts again" banner over the scene's points).
    quiet_restart = False
    _warmed_up = Signal()  # from the warm-up thread; queued to the GUI thread

    def __init__(self, parent: QObject | None = None, *, frame_interval_ms: int = 16) -> None:
        super().__init__(parent)
        self._data = empty_dataset()
        self._config = TrainConfig(max_updates=GUI_MAX_UPDATES)
        self._trainer = make_trainer(self._data, self._config)
        self._horizon = 0
        self._bound_note = ""
        self._bound: Bound = novikoff(self._data)
        self._derived = DerivedCache()
        self._line_margin: float | None = None
        self._tasks: dict[str, _Task] = {}
        self._finished: dict[str, tuple[_Task, Any]] = {}  # done, waiting for the next tick
        self._task_timer = QTimer(self)
        self._task_timer.setInterval(0)
        self._task_timer.timeout.connect(self._on_task_timer_timeout)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.setUndoLimit(500)
        #: See `UNDO_RUNS_BUDGET` (bytes).
        self.undo_runs_budget = UNDO_RUNS_BUDGET
        self._frame_interval_ms = frame_interval_ms
        self._speed = MAX_SPEED  # updates per second
        self._to_end = False
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._slice = 1  # updates per trainer call at full speed, adapted to the slice time
        self._credit = 0.0  # fractional updates owed at a finite speed
        self._last_tick = 0.0
        self._trained_until = 0.0  # when the last tick's training ended (To end's budget)
        self._frame_cost = 0.0  # the frames' cost as To end counts it (see to_end_budget)
        self._count_cost = 0.0  # seconds per update of the answer's count at full speed
        self._last_refresh = 0.0
        self._pending_refresh = False
        self._loading = False  # a background load of the compiled loop is under way
        self._loading_names: frozenset[str] = frozenset()  # its rules ("": the plane's)
        self._load_judged = False  # this run was judged (`_load_if_it_gains`)
        self._run_visits = 0  # the trainer's visits when the run started
        self._run_seconds = 0.0  # seconds this run has trained at full speed
        self._warmed_up.connect(self._on_warmed_up, Qt.ConnectionType.QueuedConnection)

    # ---------------------------------------------------------------- access

    @property
    def data(self) -> Dataset:
        """The current data set (immutable)."""
        return self._data

    @property
    def config(self) -> TrainConfig:
        """The current settings."""
        return self._config

    @property
    def trainer(self) -> Algorithm:
        """The trainer on the current data and settings (read it, do not drive it)."""
        return self._trainer

    @property
    def bound(self) -> Bound:
        """Novikoff's D, γ and bound for the current data and bias setting.

        While `bound_pending`, this is the bound of no data (the widgets show "computing");
        call `finish_bound` to wait for the real one.
        """
        return self._bound

    @property
    def bound_pending(self) -> bool:
        """True while D and γ of a large data set are being computed between frames."""
        return "bound" in self._tasks or "bound" in self._finished

    def finish_bound(self) -> None:
        """Compute the pending bound now (for scripts, which may wait; the window never does)."""
        if "bound" in self._finished:
            self._apply_finished("bound")
            return
        task = self._tasks.pop("bound", None)
        if task is not None:
            task.done(exhaust(task.gen))
            self._update_task_timer()

    def emit_changed(self, change: Change) -> None:
        """Tell every view what changed (once per action)."""
        if change & (Change.DATA | Change.SETTINGS):
            self._horizon = self._trainer.k
        elif change & Change.MODEL:
            self._horizon = max(self._horizon, self._trainer.k)
        if change & Change.DATA and len(self._data) >= LARGE_DATA:
            change |= Change.LARGE
        self.changed.emit(change)

    @property
    def horizon(self) -> int:
        """The most updates this run has reached (the timeline's end).

        Going back keeps it: the run is deterministic, so the updates after the timeline's
        position are computed again, exactly, when it moves forward (a step or a run from
        the middle makes the same updates as before).
        """
        return max(self._horizon, self._trainer.k)

    def seek(self, k: int) -> int:
        """Pause, then show the state right after `k` updates (k = 0: the start).

        Going back is a restore; going forward computes the updates (a script may wait
        for that; the timeline asks for at most `SEEK_SYNC_UPDATES` at once). Returns the
        number of updates reached (fewer when the run ends first).
        """
        self.pause()
        k = max(0, int(k))
        if k == self._trainer.k:
            return k
        reached = self._trainer.seek_update(k)
        self.emit_changed(Change.MODEL)
        self.message_posted.emit(
            self.tr("at update {k} of {horizon}").format(k=reached, horizon=self.horizon)
        )
        return reached

    @property
    def current(self) -> int | None:
        """The 0-based point of the last step or visit (None before any, or after a reset)."""
        t = self._trainer
        last = t.last
        if last is None or t.visits == 0 or not 0 <= last.index < t.n:
            return None
        return int(last.index)

    @property
    def line_margin(self) -> float | None:
        """The geometric margin of the best line in the plane (not γ), or None."""
        return self._line_margin

    @property
    def running(self) -> bool:
        """True while the run timer is active."""
        return self._timer.isActive()

    @property
    def speed(self) -> float:
        """Updates per second while running (inf: as fast as the screen shows)."""
        return self._speed

    @property
    def run_speed(self) -> float:
        """The speed of the run going on: inf for *To end*, the chosen speed for *Run*, 0 when
        paused (views draw more per frame the slower it is)."""
        if not self.running:
            return 0.0
        return MAX_SPEED if self._to_end else self._speed

    # ----------------------------------------------------------------- data

    def set_data(
        self,
        data: Dataset,
        text: str | None = None,
        *,
        undoable: bool = True,
        bound: BoundPair | None = None,
    ) -> None:
        """Replace the whole data set (reframes the view). Undoable unless said otherwise.

        `bound` passes D, γ and the best line's margin when they are already known;
        `text` names the edit (default: "new data", translated).
        """
        text = self.tr("new data") if text is None else text
        if undoable:
            self._push(data, text, reframe=True, bound=bound)
        else:
            self._apply_data(data, text, reframe=True, bound=bound)

    def replace_session(
        self,
        data: Dataset,
        config: TrainConfig | None,
        text: str,
        *,
        bound: BoundPair | None = None,
    ) -> None:
        """Replace the data and the settings together (Open, Recover, a dropped file):
        one emission of `changed` and one undo step, which brings both back.

        `config` None keeps the settings (a CSV file has none).
        """
        configs = None if config is None else (self._config, config)
        self.undo_stack.push(
            _DataCommand(self, self._data, data, text, True, bound, configs=configs)
        )
        self._trim_undo_runs()

    def _push(
        self, after: Dataset, text: str, *, reframe: bool = False, bound: BoundPair | None = None
    ) -> None:
        self.undo_stack.push(_DataCommand(self, self._data, after, text, reframe, bound))
        self._trim_undo_runs()

    def _data_commands(self) -> list[_DataCommand]:
        stack = self.undo_stack
        cmds = (stack.command(i) for i in range(stack.count()))
        return [c for c in cmds if isinstance(c, _DataCommand)]

    def _trim_undo_runs(self) -> None:
        """Keep the runs in the undo stack within `undo_runs_budget`: the newest first."""
        total = 0
        for cmd in reversed(self._data_commands()):
            t = cmd._trainer_before
            if t is None:
                continue
            if not t.k and not t.visits:  # a run at its start costs nothing to make again
                cmd._trainer_before = None
                continue
            total += run_bytes(t)
            if total > self.undo_runs_budget:
                cmd._trainer_before = None

    def _apply_data(
        self,
        data: Dataset,
        text: str,
        *,
        reframe: bool = False,
        bound: BoundPair | None = None,
        trainer: Algorithm | None = None,
        undone: bool = False,
        config: TrainConfig | None = None,
    ) -> None:
        was_running = self.running
        self._stop_timer(emit=False)
        lost = self._trainer.k
        self._data = data
        settings = config is not None and config != self._config
        if config is not None:
            self._config = config
        # State first, signals after, so that every listener sees data, bound and trainer agree.
        if bound is not None:  # novikoff in the plane, for the bias it was computed with
            self._derived.put(data, (bound[0].bias,), (bound, ""))
        self._recompute_bound(emit=False)
        restored = trainer is not None and trainer.data is data and trainer.config == self._config
        self._trainer = trainer if restored and trainer is not None else self._new_trainer()
        change = Change.DATA | Change.MODEL | Change.BOUND
        if settings:
            change |= Change.SETTINGS
        self.emit_changed(change | Change.REFRAME if reframe else change)
        if was_running:
            self.running_changed.emit(False)
        if restored and self._trainer.k:
            self.message_posted.emit(
                self.tr("{what}: the run is back ({k} updates)").format(
                    what=text, k=self._trainer.k
                )
            )
        elif lost and not undone and not self.quiet_restart:
            self.message_posted.emit(
                self.tr(
                    "{what}: the run of {updates} starts again from w₀, b₀ (Ctrl+Z brings it back)"
                ).format(what=text, updates=self._updates(lost))
            )
            self.run_discarded.emit(
                self.tr("{what}: the run starts again (Ctrl+Z brings it back)").format(what=text)
            )
        else:
            self.message_posted.emit(self.tr("{what}: {n} points").format(what=text, n=data.n))
        self.edited.emit()

    def _new_trainer(self) -> Algorithm:
        return make_trainer(self._data, self._config)

    def warm_up_in_background(self, rules: tuple[fast.Rule, ...] | None = None) -> bool:
        """Load the compiled loop (`core.fast.warm_up` of `rules`, default every one) in a
        worker thread; True when a load started.

        The window does not load it at start: numba and its compiled code take ~130 MB
        of memory and 0.4-0.8 s of CPU (a first compile 5-10 s), which a window that only
        steps never repays. A full-speed run that would gain asks for its own trainer's
        loop (`_load_if_it_gains`); it goes on on numpy meanwhile, and `adopt_compiled_loop`
        moves it to the compiled loop on the GUI thread (a queued signal) when the load
        ends: the same bits either way.
        """
        if not fast.available() or self._loading:
            return False
        wanted = tuple(fast.RULES.values()) if rules is None else rules
        if all(fast.loaded(r) for r in (*wanted, None)):
            self.adopt_compiled_loop()
            return False
        self._loading = True
        self._loading_names = frozenset(("", *(r.name for r in wanted)))

        def work() -> None:
            try:
                if fast.warm_up(rules) and wanted:
                    # An online rule's loop holds the kernel rows: their once-a-process
                    # checks here, not in a run's frame (`_fast_kernel_state`): 10-70 ms,
                    # ~0.8 s when numba compiles the inlined exp (its disk cache cold).
                    fast.kernel_rows_exact()
            finally:
                try:
                    self._warmed_up.emit()
                except RuntimeError:  # the controller was deleted meanwhile
                    pass

        threading.Thread(target=work, name="perceptron-gui warm-up", daemon=True).start()
        return True

    def adopt_compiled_loop(self) -> bool:
        """After `core.fast.warm_up`: let the current trainer use the compiled loop too.

        Trainers choose their loop when they are made; this one takes the compiled loop
        from where it stands (at its start, or in the middle of a run: the same numbers,
        only faster from there on). Returns True when it now runs on the compiled loop.
        """
        use = getattr(self._trainer, "use_compiled_loop", None)
        return bool(use()) if use is not None and fast.ready() else False

    def _on_warmed_up(self) -> None:
        asked, self._loading = self._loading_names, False
        if self.adopt_compiled_loop() or not (self.running and self._load_judged):
            return
        # This run was judged while another trainer's load went on (its own was refused:
        # one load at a time), so it would stay on numpy to its end: its own load now. (A
        # load that asked for its rule and failed is not tried again.)
        rule: fast.Rule | None = getattr(self._trainer, "compiled_rule", None)
        if ("" if rule is None else rule.name) not in asked:
            self._load_if_it_gains()

    def _load_if_it_gains(self) -> None:
        """Start the background load of the current trainer's compiled loop, once per run
        (and again when a load under way meanwhile ends without it), when the run has
        shown it would gain: `fast.JIT_BACKGROUND_VISITS` visits or
        `fast.JIT_BACKGROUND_SECONDS` of training on numpy at full speed (as `train()`
        judges a job), and it is not over. A run of a few points that ends at once, or a
        step, loads nothing (issue 34: 10⁶ points stepped twice stay under 300 MB)."""
        t = self._trainer
        self._load_judged = True
        if t.done or not fast.available() or not hasattr(t, "use_compiled_loop"):
            return
        if not getattr(t, "has_compiled_loop", True):
            return  # a mode, order or size without a compiled loop: nothing to gain
        rule: fast.Rule | None = getattr(t, "compiled_rule", None)
        if fast.loaded(rule):
            self.adopt_compiled_loop()  # loaded meanwhile (an experiment, the other run)
            return
        self.warm_up_in_background(() if rule is None else (rule,))

    def add_point(self, x: float, y: float, label: int) -> bool:
        """Add one point; False (and a message) when the input is not usable."""
        if label not in (1, -1):
            self.message_posted.emit(
                self.tr("label {label} refused: labels are +1 or −1").format(label=label)
            )
            return False
        try:
            data = make_dataset(
                np.vstack([self._data.points, [[x, y]]]), np.append(self._data.labels, label)
            )
        except DataError as exc:
            self.message_posted.emit(self.tr("point not added: {error}").format(error=exc))
            return False
        sign = "+1" if label > 0 else "−1"
        self._push(
            data,
            self.tr("add {sign} point {name} = ({x}, {y})").format(
                sign=sign, name=point_name(self._data.n), x=fmt(x), y=fmt(y)
            ),
        )
        return True

    def move_point(self, index: int, x: float, y: float) -> bool:
        """Move point `index` to (x, y)."""
        if not 0 <= index < self._data.n:
            return False
        pts = self._data.points.copy()
        pts[index] = (x, y)
        try:
            data = make_dataset(pts, self._data.labels)
        except DataError as exc:
            self.message_posted.emit(self.tr("point not moved: {error}").format(error=exc))
            return False
        self._push(
            data,
            self.tr("move {name} to ({x}, {y})").format(name=point_name(index), x=fmt(x), y=fmt(y)),
        )
        return True

    def delete_points(self, indices: Any) -> int:
        """Delete the given points; returns how many."""
        idx = np.unique(np.asarray(indices, dtype=np.int64).reshape(-1))
        idx = idx[(idx >= 0) & (idx < self._data.n)]
        if idx.size == 0:
            return 0
        keep = np.ones(self._data.n, bool)
        keep[idx] = False
        data = make_dataset(self._data.points[keep], self._data.labels[keep])
        self._push(data, self.tr("delete {points}").format(points=self._points(idx.size)))
        return int(idx.size)

    def relabel(self, indices: Any, label: int | None = None) -> int:
        """Set the label of the given points (None flips each)."""
        idx = np.unique(np.asarray(indices, dtype=np.int64).reshape(-1))
        idx = idx[(idx >= 0) & (idx < self._data.n)]
        if idx.size == 0:
            return 0
        y = self._data.labels.copy()
        y[idx] = -y[idx] if label is None else float(label)
        data = make_dataset(self._data.points, y)
        points = self._points(idx.size)
        if label is None:
            text = self.tr("flip {points}").format(points=points)
        else:
            text = self.tr("label {sign} for {points}").format(
                sign="+1" if label > 0 else "−1", points=points
            )
        self._push(data, text)
        return int(idx.size)

    def clear(self) -> None:
        """Remove every point (undoable)."""
        if self._data.n:
            self._push(empty_dataset(), self.tr("clear all points"))

    # ------------------------------------------------------------- settings

    def set_config(self, config: TrainConfig) -> None:
        """Replace the settings: the trainer starts again from its initial weights."""
        if config == self._config:
            return
        old = self._config
        was_running = self.running
        self._stop_timer(emit=False)
        self._config = config
        new_bound = _bound_key(old) != _bound_key(config)
        if new_bound:
            self._recompute_bound(emit=False)
        self._trainer = self._new_trainer()
        change = Change.SETTINGS | Change.MODEL
        self.emit_changed(change | Change.BOUND if new_bound else change)
        if was_running:
            self.running_changed.emit(False)
        text = (
            self.tr("{mode}, order {order}, η = {eta}, bias on: starting again from w = w₀")
            if config.bias
            else self.tr("{mode}, order {order}, η = {eta}, bias off: starting again from w = w₀")
        )
        self.message_posted.emit(
            text.format(
                mode=mode_name(config.mode),
                order=order_name(config.order),
                eta=fmt(config.eta),
            )
        )
        self.edited.emit()

    def _set(self, **changes: Any) -> bool:
        try:
            self.set_config(self._config.with_(**changes))
        except DataError as exc:
            self.message_posted.emit(self.tr("setting refused: {error}").format(error=exc))
            self.emit_changed(Change.SETTINGS)  # put the widgets back (nothing else changed)
            return False
        return True

    def set_mode(self, mode: str) -> bool:
        """Run `mode` (a key of the registry, a plugin's included); a mode not registered is
        refused with a message and False."""
        if mode not in REGISTRY:  # read now: a mode may be registered after this import
            self.message_posted.emit(
                self.tr("mode refused: {mode} is not one of {modes}").format(
                    mode=repr(mode), modes=", ".join(REGISTRY)
                )
            )
            return False
        changes: dict[str, Any] = {"mode": mode}
        allowed = spec(mode).orders
        if self._config.order not in allowed:  # the order this mode visits in
            changes["order"] = allowed[0]
        # A kernel run has no w, and the dual's w is Σ α_i y_i x_i: w0 goes back to 0.
        if not spec(mode).takes_w0 and self._config.w0 != (0.0, 0.0):
            changes["w0"] = (0.0, 0.0)
        return self._set(**changes)

    def earlier(self) -> int:
        """One update earlier on the timeline (← key); returns the update reached."""
        return self.seek(max(0, self._trainer.k - 1))

    def later(self) -> None:
        """One update later (→ key): back along the horizon, or a new step at its end."""
        if self._trainer.k < self.horizon:
            self.seek(self._trainer.k + 1)
        else:
            self.step()

    def set_settings(self, **changes: Any) -> bool:
        """Change settings by name (``C``, ``kernel``, ``degree``, ``coef0``, ``sigma``, …);
        False, with a message, when refused."""
        return self._set(**changes)

    def set_order(self, order: str) -> bool:
        """ "first", "cyclic", "random-cyclic" or "random"."""
        if order not in ORDERS:
            self.message_posted.emit(
                self.tr("order refused: {order} is not one of {orders}").format(
                    order=repr(order), orders=", ".join(ORDERS)
                )
            )
            return False
        return self._set(order=order)

    def set_eta(self, eta: float) -> bool:
        """The learning rate η > 0."""
        return self._set(eta=float(eta))

    def set_bias(self, bias: bool) -> bool:
        """Learn b (True) or keep lines through the origin (False)."""
        return self._set(bias=bool(bias))

    def set_seed(self, seed: int) -> bool:
        """Seed of the random orders."""
        return self._set(seed=int(seed))

    def set_max_updates(self, n: int | None) -> bool:
        """Stop after this many updates."""
        return self._set(max_updates=None if n is None else int(n))

    def set_speed(self, updates_per_second: float) -> None:
        """Run speed; inf or anything above `FASTEST_FINITE_SPEED` means as fast as possible."""
        s = float(updates_per_second)
        fastest = not math.isfinite(s) or s > FASTEST_FINITE_SPEED
        self._speed = MAX_SPEED if fastest else max(s, 0.1)
        if self.running:
            self._start_timer()

    # ------------------------------------------------------------- stepping

    def step(self) -> StepRecord | None:
        """Pause, then go to the next mistake and correct it."""
        self.pause()
        rec = self._trainer.step()
        self._after_step(rec)
        return rec

    def visit(self) -> StepRecord | None:
        """Pause, then look at the next point only (update if wrong)."""
        self.pause()
        rec = self._trainer.visit()
        self._after_step(rec)
        return rec

    def step_back(self) -> bool:
        """Pause, then undo the last update."""
        self.pause()
        ok = self._trainer.step_back()
        if ok:
            self.emit_changed(Change.MODEL)
            self.message_posted.emit(self._describe(self._trainer.last, back=True))
        else:
            self.message_posted.emit(self.tr("at the start: nothing to step back"))
        return ok

    def reset(self) -> None:
        """Pause, then go back to the initial weights."""
        self.pause()
        self._trainer.reset()
        if fast.ready():  # a trainer made before the warm-up ended: the compiled one now
            self._trainer = self._new_trainer()
        self.emit_changed(Change.MODEL)
        self.message_posted.emit(self.tr("reset to the initial weights"))

    def run(self) -> None:
        """Run at the chosen speed until done or paused."""
        if self.running:
            return
        if self._trainer.done:
            self.message_posted.emit(self._done_text() + self.tr(" (Reset to run again)"))
            return
        self._to_end = False
        self._start_timer()
        self.running_changed.emit(True)
        self.message_posted.emit(self.tr("running…"))

    def run_to_end(self) -> None:
        """Run as fast as possible to the end; returns at once (the work is sliced)."""
        if self._trainer.done:
            self.message_posted.emit(self._done_text())
            return
        self._to_end = True
        was = self.running
        self._start_timer()
        if not was:
            self.running_changed.emit(True)
        self.message_posted.emit(self.tr("running to the end…"))

    def pause(self) -> None:
        """Stop the run timer (the state stays)."""
        if self.running:
            self._stop_timer()
            self.message_posted.emit(
                self.tr("paused after {updates}").format(updates=self._updates(self._trainer.k))
            )

    def toggle_run(self) -> None:
        """Run when paused, pause when running."""
        if self.running:
            self.pause()
        else:
            self.run()

    # -------------------------------------------------------------- internals

    def _recompute_bound(self, *, emit: bool = True) -> None:
        d = self._data
        key = _bound_key(self._config)
        self._cancel_task("bound")
        self._bound_note = ""
        cached = self._derived.get(d, key)
        if cached is not None:  # computed before for these very data and settings
            (self._bound, self._line_margin), self._bound_note = cached
            if emit:
                self.emit_changed(Change.BOUND)
            return
        if needs_kernel_bound(self._config):
            self._kernel_bound()
            self._derived.put(d, key, ((self._bound, self._line_margin), self._bound_note))
            if emit:
                self.emit_changed(Change.BOUND)
            return
        gen = bound_task(d, self._config.bias)
        if d.n <= SYNC_BOUND_LIMIT:
            self._bound, self._line_margin = exhaust(gen)
            self._derived.put(d, key, ((self._bound, self._line_margin), ""))
            if emit:
                self.emit_changed(Change.BOUND)
            return
        self._bound = novikoff(empty_dataset(), bias=self._config.bias)  # shown as computing
        self._line_margin = None

        def done(pair: BoundPair) -> None:
            self._derived.put(d, key, (pair, ""))
            self._bound, self._line_margin = pair
            self.emit_changed(Change.BOUND)

        def fail(exc: DataError) -> None:  # not expected: the data are valid
            self.message_posted.emit(
                self.tr("D and γ could not be computed: {error}").format(error=exc)
            )

        label = self.tr("computing D and γ of {n} points").format(n=f"{d.n:,}")
        self.start_task("bound", gen, done, fail, label)
        if emit:
            self.emit_changed(Change.BOUND)

    def _kernel_bound(self) -> None:
        """D and γ in the kernel's feature space (small data sets only: it is O(N²))."""
        c, d = self._config, self._data
        self._line_margin = None
        self._bound = novikoff(empty_dataset(), bias=c.bias)
        if d.n > KERNEL_BOUND_WINDOW_MAX_N:
            self._bound_note = self.tr(
                "the kernel bound is computed here for up to {max} points ({n} now)"
            ).format(max=KERNEL_BOUND_WINDOW_MAX_N, n=d.n)
            return
        try:
            self._bound = kernel_novikoff(
                d,
                bias=c.bias,
                kernel=c.kernel,
                degree=c.degree,
                coef0=c.coef0,
                sigma=c.sigma,
                time_limit=KERNEL_BOUND_WINDOW_SECONDS,
            )
        except DataError as exc:
            self._bound_note = self.tr("no kernel bound: {error}").format(error=exc.message)

    @property
    def bound_note(self) -> str:
        """Why there is no bound to show although there are points ("" normally)."""
        return self._bound_note

    @property
    def mistake_bound(self) -> MistakeBound:
        """The bound that applies to the current mode (see `core.bounds`)."""
        return mistake_bound(self._config, self._data.n, self._bound)

    # ----------------------------------------------------------- sliced work

    def start_task(
        self,
        name: str,
        gen: Generator[Any, None, Any],
        done: Callable[[Any], None],
        fail: Callable[[DataError], None],
        label: str,
    ) -> None:
        """Run `gen` a slice per timer tick; then `done(value)`, or `fail(error)` on a DataError.

        A task of the same name that is still running is dropped.
        """
        self._cancel_task(name)
        self._tasks[name] = _Task(name, gen, done, fail, label)
        self._update_task_timer()

    def _apply_finished(self, name: str) -> None:
        """Hand a finished task's value to its `done` (once; dropped if cancelled since)."""
        item = self._finished.pop(name, None)
        if item is not None:
            task, value = item
            task.done(value)

    def _cancel_task(self, name: str) -> None:
        self._finished.pop(name, None)
        task = self._tasks.pop(name, None)
        if task is not None:
            task.gen.close()
            self._update_task_timer()

    def _update_task_timer(self) -> None:
        if self._tasks and not self._task_timer.isActive():
            self._task_timer.start()
        elif not self._tasks and self._task_timer.isActive():
            self._task_timer.stop()
        self.busy_changed.emit("; ".join(self._busy_text(t) for t in self._tasks.values()))

    @staticmethod
    def _busy_text(t: _Task) -> str:
        return f"{t.label}… {t.progress:.0%}" if t.progress else f"{t.label}…"

    def _on_task_timer_timeout(self) -> None:
        t0 = time.perf_counter()
        for task in list(self._tasks.values()):
            try:
                while time.perf_counter() - t0 < SLICE_SECONDS:
                    p = next(task.gen)
                    if isinstance(p, float):
                        task.progress = p
            except StopIteration as stop:
                self._tasks.pop(task.name, None)
                self._update_task_timer()
                # Apply the result in a tick of its own: this one has spent its budget. Until
                # then the work still counts as pending (`bound_pending`).
                self._finished[task.name] = (task, stop.value)
                QTimer.singleShot(0, self, lambda name=task.name: self._apply_finished(name))
            except DataError as exc:
                self._tasks.pop(task.name, None)
                self._update_task_timer()
                task.fail(exc)
            else:
                self.busy_changed.emit("; ".join(self._busy_text(t) for t in self._tasks.values()))

    def _start_timer(self) -> None:
        if self._to_end or not math.isfinite(self._speed):
            interval = self._frame_interval_ms
        else:
            interval = max(self._frame_interval_ms, int(1000 / self._speed))
        self._credit = 0.0
        self._last_tick = time.perf_counter()
        self._trained_until = 0.0
        self._frame_cost = 0.0
        # The work per tick is measured anew for each run: one inherited from a fast run
        # (2^20 updates) froze a batch run right after it for 6.1 s.
        self._slice = 1
        self._count_cost = 0.0
        self._load_judged = False
        self._run_visits = self._trainer.visits
        self._run_seconds = 0.0
        self._timer.start(interval)

    def _stop_timer(self, *, emit: bool = True) -> None:
        """Stop the run; with `emit`, show updates held back and say the run stopped.

        Without it the caller is about to replace the trainer and emit for everything.
        """
        if self._timer.isActive():
            self._timer.stop()
            self._to_end = False
            pending, self._pending_refresh = self._pending_refresh, False
            if emit:
                if pending or self._trainer.done:  # views that skipped run frames catch up
                    self.emit_changed(Change.MODEL)
                self.running_changed.emit(False)

    def _on_timer_timeout(self) -> None:
        t = self._trainer
        k0 = t.k
        now = time.perf_counter()
        if self._to_end or not math.isfinite(self._speed):
            budget = SLICE_SECONDS
            if self._to_end and self._trained_until:
                budget, self._frame_cost = to_end_budget(
                    now - self._trained_until, self._frame_cost
                )
            # The frame reads the answer's mistakes (kept per state): a vote scores every
            # new vector at every point, which can cost more than the updates themselves
            # (10⁵-10⁶ a second compiled). That count is made here, within the budget, at
            # the cost per update the last count took (issue 35: one tick's count was
            # 20-40 ms, unsliced, on top of a full budget).
            per = self._count_cost
            while not t.done:
                room = budget - (time.perf_counter() - now) - (t.k - k0) * per
                if room <= 0.0:
                    break
                n = self._slice if per <= 0.0 else max(1, min(self._slice, int(room / per)))
                t0 = time.perf_counter()
                t.run(max_updates=n, max_visits=max(n * 64, 200_000))
                dt = time.perf_counter() - t0
                if n < self._slice:
                    pass  # cut short by the count's share: says nothing of the slice
                elif dt < budget / 8:
                    self._slice = min(self._slice * 2, 1 << 20)
                elif dt > budget and self._slice > 1:
                    self._slice //= 2
            if t.k > k0:
                t0 = time.perf_counter()
                t.answer_errors  # noqa: B018 - the count, made and kept for this state
                self._count_cost = (time.perf_counter() - t0) / (t.k - k0)
            self._trained_until = time.perf_counter()
            self._run_seconds += self._trained_until - now
            if not self._load_judged and (
                t.visits - self._run_visits >= fast.JIT_BACKGROUND_VISITS
                or self._run_seconds >= fast.JIT_BACKGROUND_SECONDS
            ):
                self._load_if_it_gains()
        else:
            self._credit += (now - self._last_tick) * self._speed
            n = max(1, int(self._credit))
            self._credit = max(0.0, self._credit - n)
            t.run(max_updates=n)
        self._last_tick = now
        if t.done:
            self._stop_timer()  # one plain MODEL to everyone (see the module notes)
            self.message_posted.emit(self._done_text())
            return
        if t.k != k0:
            self._pending_refresh = True  # some views skipped frames: a full MODEL at the end
            frame = Change.MODEL | Change.RUN_FRAME
            if self._to_end or not math.isfinite(self._speed):
                frame |= Change.FAST_FRAME
            self.emit_changed(frame)
            if now - self._last_refresh >= REFRESH_SECONDS:
                self._last_refresh = now
                self.message_posted.emit(self._describe(t.last))
        if self._to_end or not math.isfinite(self._speed):
            # Counted from the end of this frame, not its start: a repeating 0 ms timer is
            # due again before the timers that came due during the frame, and ran two
            # frames in one turn of the event loop (issue 35: 0.15 s turns at To end).
            self._timer.start()

    def _after_step(self, rec: StepRecord | None) -> None:
        self.emit_changed(Change.MODEL)
        if rec is None:
            self.message_posted.emit(self._done_text())
        else:
            self.message_posted.emit(self._describe(rec))

    def _origin_note(self) -> str:
        """`THROUGH_ORIGIN` when the bias is off and only a line with a bias separates the
        points ("" otherwise, and for a kernel, whose bound is in feature space)."""
        if needs_kernel_bound(self._config) or self.bound_pending:
            return ""
        return origin_note(self._data, self._bound)

    def _updates(self, k: int) -> str:
        """``1 update`` or ``5 updates``, translated."""
        return self.tr("1 update") if k == 1 else self.tr("{k} updates").format(k=k)

    def _points(self, n: int) -> str:
        """``1 point`` or ``5 points``, translated."""
        return self.tr("1 point") if n == 1 else self.tr("{n} points").format(n=n)

    def _describe(self, rec: StepRecord | None, back: bool = False) -> str:
        if rec is None:
            return self.tr("at the initial weights") if back else ""
        t = self._trainer
        w, b = rec.w_after, rec.b_after
        if t.spec.has_w:
            shown = [fmt(v) for v in w] if len(w) <= 4 else [fmt(w[0]), fmt(w[1]), "…", fmt(w[-1])]
            line = f"w = ({', '.join(shown)}), b = {fmt(b)}"
        else:  # the kernel perceptron's answer is its α (rec is the trainer's last update)
            alpha = t.alpha_slice(slice(rec.index, rec.index + 1))
            line = f"b = {fmt(b)}"
            if alpha is not None and t.last is rec:
                line = f"α{rec.index + 1} = {fmt(float(alpha[0]))}, {line}"
        if back:
            return self.tr("back to update {k}: {line}").format(k=rec.k, line=line)
        if not rec.updated:
            if not t.spec.has_w:
                return self.tr("visit {v}: {name} is right (y f(x) = {m} > 0), no update").format(
                    v=rec.visit, name=point_name(rec.index), m=fmt(rec.margin)
                )
            return self.tr("visit {v}: {name} is right (y(w·x+b) = {m} > 0), no update").format(
                v=rec.visit, name=point_name(rec.index), m=fmt(rec.margin)
            )
        text = self.tr("update {k} on {name}: {line}").format(
            k=rec.k, name=point_name(rec.index), line=line
        )
        if rec.pocket_replaced:
            text += self.tr(" — into the pocket ({e} mistakes)").format(
                e=self._trainer.answer_errors
            )
        return text

    def _done_text(self) -> str:
        t = self._trainer
        if t.n == 0:
            return self.tr("no points: click on the canvas to add some")
        ups = self._updates(t.k)
        if t.converged:
            return self.tr("converged after {updates}: every point is on its side").format(
                updates=ups
            )
        if t.stop_reason == "overflow":
            return self.tr(
                "stopped after {updates}: the next update would overflow the weights — "
                "η = {eta} is too large for these points; try a smaller η"
            ).format(updates=ups, eta=fmt(self._config.eta))
        reason = stop_reason_name(t.stop_reason or "stopped")
        text = self.tr("stopped at the {reason} after {updates} without converging").format(
            reason=reason, updates=ups
        )
        if t.answer is None:
            if self.bound_pending or self._bound_note:
                text += self.tr(" (γ is still being computed)")
            elif origin := self._origin_note():  # the bias is off: say so, as the panels do
                text += ": " + core_text(origin)
            elif not self._bound.separable:
                text += self.tr(": the data are not linearly separable — try the pocket algorithm")
            else:
                text += self.tr(": raise the update limit")
        else:
            e = t.answer_errors
            text += (
                self.tr("; the {answer} has 1 mistake")
                if e == 1
                else self.tr("; the {answer} has {e} mistakes")
            ).format(answer=core_text(t.answer_name), e=e)
        return text


def run_state(c: Controller) -> dict[str, Any]:
    """One run's state as plain Python values: the part of ``state()`` that the window and
    the compare view's second run share (point indices 0-based)."""
    c.finish_bound()  # a script may wait for D and γ; the window never does
    t = c.trainer
    answer = t.answer
    pocket = answer if t.spec.answer_kind == "fewest" else None
    data = c.data
    alpha = t.alpha
    return {
        "w": list(t.w),
        "b": t.b,
        "alpha": None if alpha is None else alpha.tolist(),
        "mistakes": t.mistakes,  # passive-aggressive and margin: y·f ≤ 0 only
        "updates": t.k,
        "bound": c.mistake_bound.value,  # the bound that applies to this mode (registry)
        "bound_rule": c.mistake_bound.name,
        "converged": t.converged,
        "misclassified": t.misclassified().tolist(),
        "pocket_w": None if pocket is None else list(pocket.w),
        "pocket_b": None if pocket is None else pocket.b,
        "pocket_errors": None if pocket is None else t.answer_errors,
        "pocket_misclassified": (
            None if pocket is None else mistakes(pocket, data.points, data.labels).tolist()
        ),
        "answer": None if answer is None else t.answer_name,
        "answer_misclassified": (
            None if answer is None else mistakes(answer, data.points, data.labels).tolist()
        ),
        "current": c.current,
        "running": c.running,
    }

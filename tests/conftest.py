"""Test setup: Qt renders offscreen and nothing touches the user's real state directory."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

# Before anything can import Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["PYQTGRAPH_QT_LIB"] = "PySide6"

import contextlib  # noqa: E402
import gc  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import weakref  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

# numba's first compile (~12 s) happens once per run: the main process starts it in a
# child at once, while pytest (or each pytest-xdist worker) imports and collects the tests;
# the child holds a lock until it has written numba's on-disk cache, and every test
# process waits for that lock before its first test, then loads the compiled code from
# the cache in under a second instead of compiling it again.
_WARM_LOCK = "PERCEPTRON_GUI_TEST_WARM_LOCK"


def pytest_configure(config: pytest.Config) -> None:
    _start_the_compile(config)
    if not hasattr(config, "workerinput"):
        _rewrite_test_modules_once(config)  # (while the compile runs)


def _start_the_compile(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or _WARM_LOCK in os.environ:
        return  # a pytest-xdist worker: the main process started the compile
    try:
        import fcntl
    except ImportError:  # not on Linux or macOS: each process compiles when it first needs to
        return
    import importlib.util

    if os.environ.get("PERCEPTRON_GUI_NO_JIT", "") not in ("", "0"):
        return
    if importlib.util.find_spec("numba") is None:
        return
    spec = importlib.util.find_spec("perceptron_gui")
    if spec is None or spec.origin is None:
        return
    # The child imports the package the tests import (numba keys its cache by source path).
    package_root = str(Path(spec.origin).resolve().parents[1])
    fd, lock_path = tempfile.mkstemp(prefix="perceptron-gui-warm-", suffix=".lock")
    fcntl.flock(fd, fcntl.LOCK_EX)
    path = os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")])
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from perceptron_gui.core import fast, multi; fast.warm_up(); multi.warm_up()",
        ],
        pass_fds=(fd,),  # the child's copy of the locked descriptor: unlocked when it exits
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": path},
        cwd=package_root,
    )
    os.close(fd)
    os.environ[_WARM_LOCK] = lock_path  # the workers, started after this, inherit it

    def cleanup() -> None:
        if child.poll() is None:  # no test ran (--collect-only, an error): do not wait for it
            child.terminate()
        child.wait()
        Path(lock_path).unlink(missing_ok=True)

    config.add_cleanup(cleanup)


def _rewrite_test_modules_once(config: pytest.Config) -> None:
    """pytest-xdist's main process rewrites the test modules' asserts before it starts the workers.

    pytest rewrites a test module's asserts when it imports it and keeps the result in
    `__pycache__` (unless bytecode is off); in a fresh clone the workers, started together,
    each rewrote all of them (~4 s of CPU a process, ~4700 asserts). Done here once, the
    workers load the cached code. Only where the workers would do it again: several
    workers, bytecode written, asserts rewritten. (pytest's own functions, as its import
    hook calls them; on any error the workers rewrite as before.)
    """
    if (
        sys.dont_write_bytecode
        or getattr(config.option, "assertmode", "") != "rewrite"
        or getattr(config.option, "dist", "no") == "no"
        or not getattr(config.option, "numprocesses", 0)
    ):
        return
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        files: set[Path] = set()
        for arg in config.args or [str(Path(config.rootpath, "tests"))]:
            path = Path(config.invocation_params.dir, arg.split("::")[0])
            if path.is_dir():
                files.update(path.rglob("test_*.py"))
            elif path.name.startswith("test_") and path.suffix == ".py":
                files.add(path)
        for fn in sorted(files):
            cache_dir = rewrite.get_cache_dir(fn)
            if not rewrite.try_makedirs(cache_dir):
                return
            pyc = cache_dir / (fn.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(fn, pyc, state.trace) is None:
                source, co = rewrite._rewrite_test(fn, config)
                rewrite._write_pyc(state, co, source, pyc)
    except Exception:  # noqa: BLE001, S110  (pytest's internals moved: the workers rewrite)
        pass


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` sends a module's tests to one worker together, as `loadfile` does,
    and an `xdist_group`'s tests (several modules' at times) together as before.

    Test by test, a module's tests were dealt out in batches to both workers: each made the
    module's shared window and module-scoped data again at each batch (a worker tears a
    module's fixtures down when its next test is another module's). Fifteen window-heavy
    files at `-n 2`, load 7-8: 33.9, 32.3 s of the tests' CPU test by test, 26.6, 25.3 s by
    module.
    """
    if config.getvalue("dist") != "loadgroup" or config.getoption("markexpr") == "long":
        return None  # (the long checks: their sweeps' balance by module is not measured yet)
    from xdist.scheduler import LoadGroupScheduling

    class ByModule(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = super()._split_scope(nodeid)
            return group if group != nodeid else nodeid.split("::", 1)[0]

    return ByModule(config, log)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a pytest-xdist worker under `--dist loadgroup`: each `xdist_group` test's id ends
    in `@group`, the sign by which the scheduler keeps a group in one worker.

    pytest-xdist 3.8 appends it by setting `item._nodeid`, which pytest 9 no longer reads
    (a node's id is `item._id`): every group ("timing", "browser", "sklearn", ...) was dealt
    out test by test to both workers. Here it is appended where pytest 9 reads it.
    """
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import coerce_node_id
    except ImportError:  # pytest 8: pytest-xdist's own suffix works
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})  # fmt: skip
        suffix = "@" + "_".join(names)
        if names and not item.nodeid.endswith(suffix) and hasattr(item, "_id"):
            item._id = coerce_node_id(item.nodeid + suffix)  # noqa: SLF001


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="list the N tests that used the most CPU time (setup to teardown, with the "
        "processes they ran), as --durations lists wall time",
    )


def _cpu_seconds() -> float:
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # (once they have ended)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    if item.config.getoption("--cpu-durations") is not None:
        item.stash[_CPU_START] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    start = item.stash.get(_CPU_START, None)
    if start is not None:  # (a property of the teardown's report: it reaches xdist's main process)
        item.user_properties.append(("cpu_seconds", _cpu_seconds() - start))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "teardown":
        for name, value in report.user_properties:
            if name == "cpu_seconds":
                _CPU_TIMES.append((float(value), report.nodeid))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    n = config.getoption("--cpu-durations")
    if n is None or not _CPU_TIMES:
        return
    rows = sorted(_CPU_TIMES, reverse=True)
    terminalreporter.write_sep("=", f"{min(n, len(rows)) if n else len(rows)} tests by CPU time")
    for seconds, nodeid in rows[: n or None]:
        terminalreporter.write_line(f"{seconds:8.2f}s {nodeid}")
    terminalreporter.write_line(f"{sum(t for t, _ in rows):8.2f}s in all, {len(rows)} tests")


_CPU_START = pytest.StashKey[float]()
_CPU_TIMES: list[tuple[float, str]] = []


@pytest.fixture(scope="session", autouse=True)
def _compiled_loop_loaded() -> None:
    """Before a process's first test: wait for the compile child, then load its code.

    Every test process thus runs with the compiled loop ready, whatever ran before in it
    (as the window does once warmed up): a test's speed and path do not depend on which
    pytest-xdist worker it lands in. Tests of the numpy path set PERCEPTRON_GUI_NO_JIT=1.
    """
    lock_path = os.environ.get(_WARM_LOCK)
    if lock_path:
        import fcntl

        try:
            with open(lock_path, "rb") as fh:
                fcntl.flock(fh, fcntl.LOCK_SH)
        except FileNotFoundError:
            pass
    from perceptron_gui.core import fast, multi

    fast.warm_up()  # False (numpy path) when numba is missing or disabled
    multi.warm_up()  # the R^d loop (core/multi.py)


@pytest.fixture
def window(qtbot):  # noqa: ANN001, ANN201  (pytest-qt's fixture)
    """A shown MainWindow with the timers at 0 and no autosave."""
    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    return w


def _new_window():  # noqa: ANN202
    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    _FIXTURE_WINDOWS.add(w)
    w.resize(1400, 900)
    w.show()
    return w


def _fingerprint(w) -> tuple:  # noqa: ANN001
    """What a test can see of a window at rest: its state, settings, actions, docks, tabs."""
    from PySide6.QtGui import QAction

    c = w.controller
    state = w.state()
    # The view follows the canvas's size, which settles a moment after the first show
    # (a new window's too); with no points it is the default view at that size.
    del state["view"]
    # Each action's own state, by the action: the order Qt lists a window's children in
    # moves when a lesson arranges the docks, which no test can see (a menu keeps its order).
    actions = {a: (a.objectName(), a.isChecked(), a.isEnabled()) for a in w.findChildren(QAction)}
    return (
        repr(sorted(state.items())),
        c.config,
        c.speed,
        c.undo_stack.count(),
        actions,
        tuple(d.isVisible() for d in w.docks),
        w.tabs.currentIndex(),
        w.notice.isVisible(),
        w.notice.text(),
        w.statusBar().currentMessage(),
        w.size().toTuple(),
        w.isFullScreen(),
        # Where the keyboard is, and whether the canvas shows it has it (its focus frame).
        _focus(w),
        w.accessibility.focus_frame.isVisible(),
    )


def _focus(w) -> str:  # noqa: ANN001
    """The window's focus widget by name ("" for none)."""
    widget = w.focusWidget()
    return "" if widget is None else widget.objectName() or type(widget).__name__


class _SharedWindow:
    """One window for a module's tests, put back as new before each test (see below)."""

    def __init__(self) -> None:
        self.window: Any = None
        self.pristine: tuple | None = None
        self.config: Any = None
        self.speed = 0.0
        self.checks: dict[Any, bool] = {}
        self.status = ""
        self.focus: Any = None  # the new window's focus widget
        self.made = 0  # windows made (the first, and any replacement)

    def get(self, qtbot: Any) -> Any:
        if self.window is not None:
            self._reset(self.window, qtbot)
            if _fingerprint(self.window) != self.pristine:  # something the reset misses
                self.close()
        if self.window is None:
            self.window = w = _new_window()
            qtbot.waitExposed(w)
            qtbot.waitUntil(w.isActiveWindow)  # (the focus it starts with: given at activation)
            self.made += 1
            self.config, self.speed = w.controller.config, w.controller.speed
            self.checks = {a: a.isChecked() for a in _checkable(w)}
            self.status = w.statusBar().currentMessage()
            self.focus = w.focusWidget()
            self.pristine = _fingerprint(w)
        return self.window

    def _reset(self, w: Any, qtbot: Any) -> None:
        from perceptron_gui.core.dataset import empty_dataset

        c = w.controller
        c.pause()
        w.canvas.finish_animation()
        if w.lesson_player.lesson is not None:
            # As Lesson ▸ Close lesson: the user's settings back, the strip, the blank and
            # the Lesson panel gone (then the lesson's compare, presentation and docks below).
            w.act_close_lesson.trigger()
        if w.compare_run is not None:
            w.set_compare(None)
        if w.presentation.on:
            w.set_presentation(False)
        w.set_phase_stepping(False)
        # The points go first: every refresh below (the View actions, the settings, the
        # tab, the log scale) then draws an empty window, not the test's run again.
        c.set_data(empty_dataset(), undoable=False)
        for action, checked in self.checks.items():
            if action.isChecked() != checked:
                # As a click: the window's handlers listen to `triggered` (setChecked left
                # View ▸ Follow the line unchecked with the canvas still following).
                action.trigger()
        c.set_config(self.config)
        w.set_speed(self.speed)
        c.undo_stack.clear()
        c.finish_bound()
        w.document.mark_saved(None)
        w.canvas.set_selection([])
        w.canvas.set_status(None)
        w.show_panels(True)
        w.tabs.setCurrentIndex(0)
        w.bound_panel.log_check.setChecked(False)
        w.notice.hide()
        w.notice.clear()  # (a hidden label keeps its text: a fresh window's is empty)
        w.statusBar().showMessage(self.status)
        w.resize(1400, 900)
        w.panes.size_docks()  # the docks' shares, as at a new window's first show
        _settle_layouts()  # the layouts after a compare, a dock or a resize, as a new window's
        w.canvas.fit_view()  # no points: the default view, at the canvas's size now
        # The active window again (another test's window took it): its shortcuts fire.
        w.activateWindow()
        # The focus where a new window has it, given as a new window's is (not by the
        # keyboard: the canvas's focus frame hidden). A widget hidden above with the focus
        # in it (the points' table a test put the keyboard in) passed it on as Tab does: the
        # canvas drew its keyboard-focus frame, and the next test's keys went elsewhere.
        from PySide6.QtCore import Qt

        focused = w.focusWidget()
        if focused is not None:
            focused.clearFocus()
        if self.focus is not None:
            self.focus.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def close(self) -> None:
        w, self.window = self.window, None
        if w is not None:
            w.close()
            w.deleteLater()
            from PySide6.QtCore import QCoreApplication, QEvent

            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _settle_layouts() -> None:
    """The layouts Qt has queued and the deletes a compare or a lesson left, done now,
    without painting: a test that looks at pixels paints (a grab, `qtbot.wait`), and a
    paint here was half of a reset's CPU (~0.05 s)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for _ in range(3):  # (a layout may queue its parent's)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def _checkable(w: Any) -> list[Any]:
    from PySide6.QtGui import QAction

    return [a for a in w.findChildren(QAction) if a.isCheckable()]


@pytest.fixture(scope="module")
def _module_window(qapp) -> Iterator[_SharedWindow]:  # noqa: ANN001, ARG001  (pytest-qt's)
    shared = _SharedWindow()
    yield shared
    shared.close()


@pytest.fixture
def shared_window(_module_window: _SharedWindow, qtbot):  # noqa: ANN001, ANN201
    """The `window` fixture's window, made once for the module's tests that ask for it.

    Before each test it is put back as a new window is: no lesson, no points, the default
    settings and speed, an empty undo history, no compare, presentation or phase stepping, every
    View action, dock, tab and the bound's log scale as at the start, no notice. Then what
    a test can see of it (`state()`, the settings, every action's check and enabled state,
    the docks, the tab, the status bar, the size) is compared with the new window's; where
    anything differs the window is replaced by a new one. For tests that drive the window
    through its scripting API and actions; a test that reaches inside (replaces a widget,
    monkeypatches the canvas, leaves a dialog open) takes `window`.
    """
    return _module_window.get(qtbot)


@pytest.fixture(autouse=True)
def _fresh_look() -> Iterator[None]:
    """After a test, the process-wide look is the default again: light, scale 1, no
    presentation boost, English. (A test that ends in presentation mode or at scale 2
    would otherwise hand its look to whichever test the same worker runs next.)"""
    yield
    theme_module = sys.modules.get("perceptron_gui.app.theme")
    if theme_module is None or theme_module._THEME is None:
        return  # no Qt test ran in this process yet
    t = theme_module._THEME
    t.set_boost(1.0)
    t.set_scale(1.0)
    t.set_name("light")
    i18n = sys.modules.get("perceptron_gui.app.i18n")
    if i18n is not None and i18n.language() != "en":
        i18n.set_language("en", remember=False)


@pytest.fixture(autouse=True)
def _deferred_deletes() -> Iterator[None]:
    """After a test, the widgets it closed (pytest-qt's `addWidget` calls `deleteLater`) are
    deleted. Outside a running event loop Qt never gets to them: the windows of earlier tests
    stayed alive in the worker, each still restyled at every theme, scale or language change
    (a worker ended its run with ~30 windows restyling at once).

    So are the main windows the test made and left closed with no fixture to delete them:
    `main([...])` run in the test's process (`--screenshot`, `--export`) closes its window
    and returns, and the window, tied to the application's theme and language by its
    connections, stayed for the rest of the worker's run, restyled with the others (a
    presentation test at UI scale 2 took 2.0 s of CPU behind one, 1.2 s alone)."""
    before = weakref.WeakSet(_main_windows())  # (weak: no test's window kept alive by it)
    yield
    core = sys.modules.get("PySide6.QtCore")
    if core is not None and core.QCoreApplication.instance() is not None:  # a Qt test ran
        for w in _main_windows():
            if not w.isVisible() and w not in before and w not in _FIXTURE_WINDOWS:
                w.close()  # (as pytest-qt's `addWidget` does at a test's end)
                w.deleteLater()
        core.QCoreApplication.sendPostedEvents(None, core.QEvent.Type.DeferredDelete)
        _COLLECTOR.install()
    _COLLECTOR.check()  # then the garbage, between tests (see _SafeCollector)


def _main_windows() -> set[Any]:
    """The application's top-level main windows (none before a Qt test has run)."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is None or widgets.QApplication.instance() is None:
        return set()
    main_window = widgets.QMainWindow
    return {w for w in widgets.QApplication.topLevelWidgets() if isinstance(w, main_window)}


#: The windows the shared fixtures made (`_new_window`): theirs to close.
_FIXTURE_WINDOWS: weakref.WeakSet[Any] = weakref.WeakSet()


class _SafeCollector:
    """Python's garbage collector runs only between tests and from the event loop, as in
    `perceptron-gui` (app/main.py, pyqtgraph's GarbageCollector).

    An automatic collection can start at any allocation, even inside a Qt call: one that
    started in pyqtgraph's signal disconnect (Qt holds its signal lock there) freed a
    parentless pyqtgraph menu, whose destructor waited for that same lock, and the worker
    hung for good. So automatic collection is off in every test process; after each test the
    generations are checked against the usual thresholds, and once Qt runs, pyqtgraph's
    collector does the same from a timer in the event loop (during `qtbot.wait` and alike).
    """

    def __init__(self) -> None:
        self.collector: Any = None  # pyqtgraph's, once a QApplication exists
        self.threshold = gc.get_threshold()

    def install(self) -> None:
        if self.collector is None:
            from pyqtgraph.util.garbage_collector import GarbageCollector

            gc.collect()
            gc.freeze()  # the imports and Qt's start: out of the full passes from now on
            self.collector = GarbageCollector(interval=0.5)

    def check(self) -> None:
        l0, l1, l2 = gc.get_count()
        t0, t1, t2 = self.threshold
        if l0 > t0:
            gc.collect(0)
            if l1 > t1:
                gc.collect(1)
                if l2 > t2:
                    gc.collect(2)


_COLLECTOR = _SafeCollector()
gc.disable()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No collection at all inside (for a test that proves something is freed without it)."""
    timer = _COLLECTOR.collector.timer if _COLLECTOR.collector is not None else None
    if timer is not None:
        timer.stop()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
        if timer is not None:
            timer.start()


class _StateDirs:
    """A new, empty state folder for each test, numbered under one folder per process.

    (`tmp_path_factory.mktemp` lists its whole base folder to number each new folder: a
    worker's thousandth test listed a thousand entries, only to name an empty folder.)
    """

    def __init__(self) -> None:
        self.base: Path | None = None
        self.count = 0

    def new(self, tmp_path_factory: pytest.TempPathFactory) -> str:
        if self.base is None:
            self.base = tmp_path_factory.mktemp("states")
        self.count += 1
        path = self.base / str(self.count)
        path.mkdir()
        return str(path)


_STATE_DIRS = _StateDirs()
_STATE_ENV = "PERCEPTRON_GUI_STATE_DIR"


@pytest.fixture(autouse=True)
def _state_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each test's own, empty state folder ($PERCEPTRON_GUI_STATE_DIR), the variable as it
    was afterwards (as `monkeypatch.setenv` does, without a MonkeyPatch per test)."""
    before = os.environ.get(_STATE_ENV)
    os.environ[_STATE_ENV] = _STATE_DIRS.new(tmp_path_factory)
    yield
    if before is None:
        os.environ.pop(_STATE_ENV, None)
    else:
        os.environ[_STATE_ENV] = before


def run_on_screen(  # noqa: ANN201
    tmp_path,  # noqa: ANN001
    width: int,
    height: int,
    code: str,
    *args: str,
    more: tuple[tuple[int, int], ...] = (),
) -> dict:
    """Run `code` in a new interpreter on an offscreen screen of width × height pixels
    (Qt fixes the screen's size when it starts) and return the JSON its last line prints.
    `more`: the sizes of further screens, each to the right of the one before (named
    "s1", "s2", …; the first is "s")."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    screen = tmp_path / "screen.json"
    specs, x = [], 0
    for i, (w, h) in enumerate(((width, height), *more)):
        spec = {"name": f"s{i}" if i else "s", "x": x, "y": 0, "width": w, "height": h}
        spec.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})
        specs.append(spec)
        x += w
    screen.write_text(json.dumps({"screens": specs}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
        "PERCEPTRON_GUI_STATE_DIR": str(tmp_path / "state"),
    }
    r = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])

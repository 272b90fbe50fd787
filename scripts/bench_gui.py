"""How fast the window keeps up: a step, an added point, a step's frame in each mode, the
window's creation (CPU) and the time to the first paint.

Prints medians of several runs, and ratios against a reference run in the same process
(a repaint of the whole window with nothing changed). Offscreen rendering
(QT_QPA_PLATFORM=offscreen), so the figures are CPU painting costs on this machine,
without a GPU or a compositor. A frame is everything that repaints after a change: the
canvas and every panel.

    python scripts/bench_gui.py            # N = 10^3, 10^4, 10^5
    python scripts/bench_gui.py --quick    # a smoke run (used by the tests)
    python scripts/bench_gui.py --first-paint 5    # only the start to first paint (~6 s)
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import perceptron_gui.app  # noqa: E402,F401  (sets the pyqtgraph binding)

FIRST_PAINT = r"""
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from perceptron_gui.app.main import main

class Spy(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Type.Paint:
            print("painted", time.process_time(), flush=True)
            QTimer.singleShot(0, QApplication.instance().quit)
            self.deleteLater()
        return False

def hook():
    app = QApplication.instance()
    for w in app.topLevelWidgets():
        c = w.findChild(QObject, "canvas")
        if c is not None:
            c.viewport().installEventFilter(spy)
            return
    QTimer.singleShot(1, hook)

app = QApplication([])
spy = Spy()
QTimer.singleShot(0, hook)
sys.exit(main(sys.argv[1:]))
"""


def first_paint_seconds(
    repeats: int,
    write_bytecode: bool = True,
    args: tuple[str, ...] = (),
    platform: str = "offscreen",
) -> list[float]:
    """Wall time from launching `perceptron-gui` (a new interpreter, with `args`, on the Qt
    platform `platform`) to the canvas's first paint (see `first_paints`)."""
    return [wall for wall, _ in first_paints(repeats, write_bytecode, args, platform)]


def first_paints(
    repeats: int,
    write_bytecode: bool = True,
    args: tuple[str, ...] = (),
    platform: str = "offscreen",
) -> list[tuple[float, float]]:
    """(wall, CPU) seconds from launching `perceptron-gui` (a new interpreter, with `args`,
    on the Qt platform `platform`) to the canvas's first paint; the CPU is the child's own
    (its every thread, from its start), which a busy machine does not stretch.

    As after `pip install .`, which compiles the bytecode: the children may write it
    (PYTHONDONTWRITEBYTECODE would make every start compile ~50 modules, ~0.13 s), and
    one launch before the timed ones writes it (`write_bytecode`; the smoke run has no
    such launch: its one launch is timed, bytecode written or not).
    """
    out = []
    env0 = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for i in range(repeats + write_bytecode):
        # A fresh state folder each time: no recovery file, so no "Restore?" question.
        state = tempfile.mkdtemp(prefix="pg-bench-")
        env = {**env0, "QT_QPA_PLATFORM": platform, "PERCEPTRON_GUI_STATE_DIR": state}
        t0 = time.perf_counter()
        p = subprocess.Popen(
            [sys.executable, "-c", FIRST_PAINT, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert p.stdout is not None
        for line in p.stdout:
            if line.startswith("painted"):
                if i or not write_bytecode:  # the first launch wrote the bytecode
                    out.append((time.perf_counter() - t0, float(line.split()[1])))
                break
        p.wait(timeout=60)
        shutil.rmtree(state, ignore_errors=True)
    return out


def step_and_repaint(n: int, steps: int) -> tuple[float, float, int]:
    """Median seconds of `step()` + a synchronous canvas repaint, and of the repaint alone."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.core.generators import generate

    app = QApplication.instance() or QApplication([])
    win = MainWindow(frame_interval_ms=0, autosave_ms=None)
    win.resize(1500, 950)
    win.show()
    gc.freeze()  # as perceptron-gui does once its window is built (app/main.py)
    d = generate("separable", n, margin=0.0005, seed=1)
    win.set_points(d.points, d.labels)
    app.processEvents()
    vp = win.canvas.viewport()
    vp.repaint()
    both, paint = [], []
    made = 0
    for _ in range(steps):
        t0 = time.perf_counter()
        rec = win.step()
        vp.repaint()
        t1 = time.perf_counter()
        vp.repaint()
        t2 = time.perf_counter()
        if rec is None:
            break
        made += 1
        both.append(t1 - t0)
        paint.append(t2 - t1)
        app.processEvents()  # let the panels catch up, as the event loop would
    win.close()
    win.deleteLater()
    app.processEvents()
    return statistics.median(both), statistics.median(paint), made


def add_point_and_redraw(n: int, reps: int) -> tuple[float, float]:
    """Median seconds of add_point + a synchronous repaint of the whole window, and of the
    same repaint with nothing changed (the reference)."""
    import numpy as np
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.core.generators import generate

    app = QApplication.instance() or QApplication([])
    win = MainWindow(frame_interval_ms=0, autosave_ms=None)
    win.resize(1500, 950)
    win.show()
    gc.freeze()  # as perceptron-gui does once its window is built (app/main.py)
    d = generate("separable", n, margin=0.0005, seed=1)
    win.set_points(d.points, d.labels)
    win.controller.finish_bound()
    app.processEvents()
    win.repaint()
    rng = np.random.default_rng(0)
    edit, ref = [], []
    for i in range(reps):
        x, y = rng.uniform(-1, 1, 2)
        t0 = time.perf_counter()
        win.add_point(float(x), float(y), 1 if i % 2 else -1)
        win.repaint()
        t1 = time.perf_counter()
        win.repaint()
        t2 = time.perf_counter()
        edit.append(t1 - t0)
        ref.append(t2 - t1)
        app.processEvents()
    win.close()
    win.deleteLater()
    app.processEvents()
    return statistics.median(edit), statistics.median(ref)


def mode_steps(
    modes: tuple[str, ...], steps: int, warm: int = 15
) -> list[tuple[str, float, float, float]]:
    """Per mode, the median CPU seconds of a frame after a step (Space: `step()`, the
    panels' refreshes, the event loop's turn and a repaint of the whole window) on 40
    noisy points at 1280×800 after `warm` updates, of the same repaint with nothing
    changed (the reference), and the paint passes of the event loop's turn a step (an
    update request of the window followed by paints: one when all goes well)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.core.generators import generate

    class Passes(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.passes, self.asked, self.on = 0, False, False

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.UpdateRequest:
                self.asked = True
            elif event.type() == QEvent.Type.Paint and self.asked and self.on:
                self.passes += 1
                self.asked = False
            return False

    app = QApplication.instance() or QApplication([])
    win = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    win.resize(1280, 800)
    win.show()
    d = generate("noisy", 40, noise=0.3, seed=1)
    spy = Passes()
    out = []
    for mode in modes:
        win.set_points(d.points, d.labels)
        win.set_mode(mode)
        for _ in range(warm):
            win.step()
            app.processEvents()
        gc.collect()
        gc.freeze()  # as perceptron-gui does once its window is built (app/main.py)
        frame, ref = [], []
        spy.passes = 0
        for _ in range(steps):
            t0 = time.process_time()
            win.step()
            app.installEventFilter(spy)
            spy.on = True
            app.processEvents()
            spy.on = False
            app.removeEventFilter(spy)
            win.repaint()
            t1 = time.process_time()
            win.repaint()
            frame.append(t1 - t0)
            ref.append(time.process_time() - t1)
        gc.unfreeze()
        out.append((mode, statistics.median(frame), statistics.median(ref), spy.passes / steps))
    win.close()
    win.deleteLater()
    app.processEvents()
    return out


def window_creation_cpu(repeats: int) -> tuple[float, float, float, float, float]:
    """CPU seconds (user + system, this process) to make a `MainWindow`: the first one in
    the process, the median of the next `repeats`, the median of making and showing one,
    the reference: a bare QMainWindow with as many docks (each with an empty widget), and
    the median of closing and deleting one (Qt's deferred delete run at once).

    CPU, not wall time: the figure holds on a machine busy with other work.
    """
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

    from perceptron_gui.app.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    made, shown, ref, gone = [], [], [], []
    docks = 0
    for _ in range(repeats + 1):
        t0 = time.process_time()
        win = MainWindow(frame_interval_ms=0, autosave_ms=None)
        made.append(time.process_time() - t0)
        win.show()
        app.processEvents()
        shown.append(time.process_time() - t0)
        docks = len(win.findChildren(QDockWidget))
        t0 = time.process_time()
        win.close()
        win.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        app.processEvents()
        gone.append(time.process_time() - t0)
        t0 = time.process_time()
        bare = QMainWindow()
        bare.setCentralWidget(QWidget())
        for i in range(docks):
            dock = QDockWidget(str(i), bare)
            dock.setWidget(QWidget())
            bare.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        ref.append(time.process_time() - t0)
        bare.deleteLater()
        app.processEvents()
    return (
        made[0],
        statistics.median(made[1:]),
        statistics.median(shown[1:]),
        statistics.median(ref),
        statistics.median(gone[1:]),
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small N, few steps (a smoke run)")
    ap.add_argument(
        "--first-paint",
        type=int,
        metavar="RUNS",
        help="only the start to first paint, warm: RUNS new processes after one that "
        "writes the bytecode (bench_speed.py's line; ~1 s a run)",
    )
    args = ap.parse_args()
    if args.first_paint:
        runs = first_paints(args.first_paint)
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(
            f"start to first paint (warm, a new perceptron-gui process, median of {len(runs)}): "
            f"{statistics.median(walls):.2f} s wall ({min(walls):.2f}-{max(walls):.2f}), "
            f"{statistics.median(cpus):.2f} s of its CPU ({min(cpus):.2f}-{max(cpus):.2f})"
        )
        return 0
    sizes = [200] if args.quick else [1_000, 10_000, 100_000]
    steps = 2 if args.quick else 40
    import numpy as np
    import pyqtgraph as pg
    import PySide6

    print(
        f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, "
        f"pyqtgraph {pg.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM')}"
    )
    print()
    print("| N | step + canvas repaint (ms, median) | canvas repaint alone (ms) | steps |")
    print("|---:|---:|---:|---:|")
    for n in sizes:
        both, paint, made = step_and_repaint(n, steps)
        print(f"| {n:,} | {both * 1e3:.1f} | {paint * 1e3:.1f} | {made} |")
    print()
    print("| N | add a point and redraw (ms, median) | redraw alone (ms) | ratio |")
    print("|---:|---:|---:|---:|")
    for n in [200] if args.quick else [10_000, 100_000]:
        edit, ref = add_point_and_redraw(n, 2 if args.quick else 15)
        print(f"| {n:,} | {edit * 1e3:.1f} | {ref * 1e3:.1f} | {edit / ref:.2f} |")
    modes = (
        ("primal", "voted")
        if args.quick
        else ("primal", "dual", "pocket", "averaged", "voted", "kernel")
    )
    print()
    print(
        "| mode: a step's frame, 40 noisy points (CPU ms, median) | frame | repaint alone "
        "| ratio | paint passes a step |"
    )
    print("|---|---:|---:|---:|---:|")
    # (The smoke run warms each mode up with 3 updates, not 15: ~1 s of CPU less.)
    for mode, frame, ref, passes in mode_steps(modes, *((2, 3) if args.quick else (30, 15))):
        print(
            f"| {mode} | {frame * 1e3:.1f} | {ref * 1e3:.1f} | {frame / ref:.1f} | {passes:.2f} |"
        )
    first, again, shown, ref, gone = window_creation_cpu(1 if args.quick else 5)
    print()
    print(
        "| window creation (CPU ms) | first | median of the next | made and shown | ref | ratio "
        "| closed and deleted |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(
        f"| MainWindow(frame_interval_ms=0, autosave_ms=None) | {first * 1e3:.0f} | "
        f"{again * 1e3:.0f} | {shown * 1e3:.0f} | {ref * 1e3:.1f} | {again / ref:.0f} "
        f"| {gone * 1e3:.0f} |"
    )
    print("(ref: a bare QMainWindow with as many docks, each holding an empty QWidget)")
    fp = first_paints(1, write_bytecode=False) if args.quick else first_paints(5)
    print()
    print(
        f"start to first painted window (new interpreter, built-in example): "
        f"median {statistics.median(w for w, _ in fp):.2f} s over {len(fp)} runs "
        f"({statistics.median(c for _, c in fp):.2f} s of its CPU)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

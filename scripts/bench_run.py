"""How fluid the run view is: canvas frames per second during Run at full speed.

For each N the window (1500×950, offscreen) runs the primal perceptron on noisy data
(10 % flipped labels, so it never converges) at full speed for a few seconds, and
counts the paint events of the canvas's viewport, the frames whose weights differ from
the previous frame's (each shows the latest weights), and the gaps between ticks of a
10 ms timer (the event loop's responsiveness). The reference, in the same process and
window, is the canvas repainting as fast as it can with nothing changed (a repaint
requested at every event-loop turn): the ceiling of this machine at this moment, so the
ratio run / reference says what share of the painting budget the run gets, however
loaded the machine is. Medians over the repeats.

Then autosave: after an edit of a session of N points (the recovery file written 0 ms
after it, in the worker thread), the longest gap between ticks of the 10 ms timer in
the next 3 s, against the same window doing nothing.

    python scripts/bench_run.py            # N = 10^4 and 10^5, 3 s, 3 repeats
    python scripts/bench_run.py --quick    # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import perceptron_gui.app  # noqa: E402,F401  (sets the pyqtgraph binding)


def measure(
    n: int, seconds: float, repeats: int, settle: tuple[float, float] = (0.5, 0.1)
) -> dict[str, float]:
    """Medians of run fps, new-weights fps, the longest gap, and the reference fps.

    `settle`: the seconds of event loop before the first measurement (the first paint of
    the points is a one-off) and after each reset.
    """
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.core import fast
    from perceptron_gui.core.generators import generate

    app = QApplication.instance() or QApplication([])
    fast.warm_up()  # as in the window, once its background warm-up has ended
    win = MainWindow(autosave_ms=None)
    win.resize(1500, 950)
    win.show()
    gc.freeze()  # as perceptron-gui does once its window is built (app/main.py)
    d = generate("noisy", n, noise=0.1, seed=1)
    win.set_points(d.points, d.labels)
    win.set_max_updates(10_000_000)
    win.set_speed(math.inf)
    win.controller.finish_bound()
    c = win.controller
    vp = win.canvas.viewport()

    class Spy(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.paints: list[int] = []  # the update count shown by each frame

        def eventFilter(self, obj: QObject, ev: QEvent) -> bool:  # noqa: N802
            if ev.type() == QEvent.Type.Paint:
                self.paints.append(c.trainer.k)
            return False

    spy = Spy()
    vp.installEventFilter(spy)
    ticks: list[float] = []
    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))

    def window_for(duration: float) -> None:
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < duration:
            app.processEvents()

    window_for(settle[0])
    run_fps, new_fps, gaps, ref_fps = [], [], [], []
    for _ in range(repeats):
        # The reference: repaint requests at every turn of the event loop, nothing changed.
        spy.paints.clear()
        poke = QTimer()
        poke.setInterval(0)
        poke.timeout.connect(vp.update)
        poke.start()
        t0 = time.perf_counter()
        window_for(seconds)
        poke.stop()
        ref_fps.append(len(spy.paints) / (time.perf_counter() - t0))
        # The run.
        win.reset()
        window_for(settle[1])
        spy.paints.clear()
        ticks.clear()
        ticker.start()
        t0 = time.perf_counter()
        win.run()
        window_for(seconds)
        elapsed = time.perf_counter() - t0
        win.pause()
        ticker.stop()
        shown = spy.paints
        run_fps.append(len(shown) / elapsed)
        new_fps.append(sum(1 for a, b in zip(shown, shown[1:], strict=False) if a != b) / elapsed)
        steps = [b - a for a, b in zip(ticks, ticks[1:], strict=False)]
        gaps.append(max(steps, default=0.0))
    vp.removeEventFilter(spy)
    win.close()
    win.deleteLater()
    app.processEvents()
    return {
        "run": statistics.median(run_fps),
        "new": statistics.median(new_fps),
        "gap": statistics.median(gaps),
        "ref": statistics.median(ref_fps),
    }


def autosave_gap(n: int, seconds: float) -> tuple[float, float, float]:
    """The longest event-loop gap in the `seconds` after an edit (autosave 0 ms after it),
    the same window's longest gap with nothing happening, and the write's wall time."""
    import atexit
    import tempfile

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    state = tempfile.TemporaryDirectory(prefix="pg-bench-run-")  # removed at exit
    os.environ["PERCEPTRON_GUI_STATE_DIR"] = state.name
    atexit.register(state.cleanup)
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.core.generators import generate

    app = QApplication.instance() or QApplication([])
    win = MainWindow(autosave_ms=0)
    win.resize(1500, 950)
    win.show()
    gc.freeze()  # as perceptron-gui does once its window is built (app/main.py)
    d = generate("separable", n, margin=0.01, seed=4)
    win.set_points(d.points, d.labels)
    win.controller.finish_bound()
    while win.document.autosave_pending:
        app.processEvents()
    ticks: list[float] = []
    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: ticks.append(time.perf_counter()))

    def longest(work: object) -> float:
        gc.collect()
        ticks.clear()
        ticker.start()
        if callable(work):
            work()
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            app.processEvents()
        ticker.stop()
        return max((b - a for a, b in zip(ticks, ticks[1:], strict=False)), default=0.0)

    for _ in range(5):
        app.processEvents()
    idle = longest(None)
    written: list[float] = []
    win.document.autosave_written.connect(lambda: written.append(time.perf_counter()))
    t_edit = time.perf_counter()
    gap = longest(lambda: win.add_point(0.5, 0.25, 1))
    write = (written[0] - t_edit) if written else math.nan
    win.close()
    win.deleteLater()
    app.processEvents()
    return gap, idle, write


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small N, short runs (a smoke run)")
    ap.add_argument("--seconds", type=float, default=3.0, help="length of each run")
    ap.add_argument("--repeats", type=int, default=3, help="runs per N")
    args = ap.parse_args()
    sizes = [1000] if args.quick else [10_000, 100_000]
    seconds = 0.05 if args.quick else args.seconds
    repeats = 1 if args.quick else args.repeats
    import numpy as np
    import pyqtgraph as pg
    import PySide6

    print(
        f"Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, "
        f"pyqtgraph {pg.__version__}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM')}; {seconds:g} s runs, "
        f"median of {repeats}"
    )
    print()
    print(
        "| N | canvas frames/s during Run | frames with new weights/s | "
        "longest event-loop gap (ms) | reference: idle repaints/s | ratio run/reference |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        r = measure(n, seconds, repeats, (0.05, 0.02) if args.quick else (0.5, 0.1))
        print(
            f"| {n:,} | {r['run']:.1f} | {r['new']:.1f} | {r['gap'] * 1e3:.0f} | "
            f"{r['ref']:.1f} | {r['run'] / r['ref']:.2f} |"
        )
    print()
    print(
        "| N | longest event-loop gap in the 3 s after an edit (ms) | "
        "same window, nothing happening (ms) | edit to recovery file written (s) |"
    )
    print("|---:|---:|---:|---:|")
    for n in [1000] if args.quick else [100_000, 1_000_000]:
        gap, idle, write = autosave_gap(n, 0.05 if args.quick else 3.0)
        print(f"| {n:,} | {gap * 1e3:.0f} | {idle * 1e3:.0f} | {write:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

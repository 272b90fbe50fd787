"""Benchmark the canvas's layout pass (the texts over the data) per step of a run.

The window shows the built-in example (18 points, each named) in presentation at the
offscreen screen's size; each step of a primal (or `--mode`) run lays the texts out once.
The reference, in the same process and alternated with it, is the same pass with the
points' labels found afresh at every pass (`PointLabels.reuse` off): the ambiguity test of
every name, the leader lines' scans and every text put again. With reuse on, a name keeps
its place while no point moved on screen, and the pass skips that work.

Run from the repository (an offscreen screen of 1024×768 as the docs' figures)::

    QT_QPA_PLATFORM=offscreen:configfile=screen1024.json python scripts/bench_layout.py
    python scripts/bench_layout.py --quick   # 2 rounds of 5 steps

Prints the median CPU milliseconds of a pass (process time) for each, and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="2 rounds of 5 steps")
    ap.add_argument("--mode", default="primal")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    steps, rounds = (5, 2) if args.quick else (args.steps, args.rounds)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    from perceptron_gui.app.canvas.visuals.labels import PointLabels
    from perceptron_gui.app.main_window import MainWindow

    win = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    win.resize(1024, 768)
    win.show()
    app.processEvents()
    win.set_presentation(True)
    for _ in range(20):
        app.processEvents()
    win.load_example()
    if not win.set_mode(args.mode):
        print(f"no mode {args.mode!r}")
        return 2
    cv = win.canvas
    cls = type(cv)
    place = cls._place_overlays
    times: list[float] = []

    def timed(self: object) -> None:
        c0 = time.process_time()
        place(self)
        times.append(time.process_time() - c0)

    cls._place_overlays = timed  # type: ignore[method-assign]
    medians: dict[bool, list[float]] = {True: [], False: []}
    try:
        for k in range(2 * rounds):
            reuse = k % 2 == 0
            PointLabels.reuse = reuse
            win.reset()
            app.processEvents()
            times.clear()
            for _ in range(steps):
                win.step()
                cv.flush()
                app.processEvents()
            medians[reuse].append(statistics.median(times) * 1e3)
    finally:
        # (The scripts' smoke test runs them all in one process: the canvas class is
        # shared with the scripts after this one.)
        PointLabels.reuse = True
        cls._place_overlays = place  # type: ignore[method-assign]
    size = cv.size()
    print(
        f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; the built-in example, "
        f"{args.mode}, presentation, canvas {size.width()}x{size.height()}; {rounds} rounds "
        f"of {steps} steps, alternated"
    )
    now, ref = statistics.median(medians[True]), statistics.median(medians[False])
    print("| layout pass | median CPU ms a pass | rounds' medians |")
    print("| --- | --- | --- |")
    for name, key in (("labels found afresh (reference)", False), ("places reused", True)):
        each = ", ".join(f"{m:.2f}" for m in medians[key])
        print(f"| {name} | {statistics.median(medians[key]):.2f} | {each} |")
    print(f"ratio (reference / reused): {ref / now:.2f}x")
    win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The cost of a canvas frame with a kernel answer of many support points, and the
window's *To end* against `train()` (issue 17, "in the window at N = 2000").

A kernel perceptron (RBF) runs on 2000 noisy points until 1000 points are support
points; then each frame makes one more update and hands the new model to the canvas
(`DataCanvas.set_model`: the region grid, its image and the f = 0 contour). Prints the
median frame with the incremental grid (app/canvas/regions.py), with the canvas's
repaint too, and with a full pass over the grid every frame (the old way), offscreen.
Then the same in the window (1500×950), kernel and voted: a run frame (the canvas and
the panels whose 20 Hz turn it is) and a step (every panel), in wall and CPU ms.

Then *To end*: N = 2000 noisy points (10 % of the labels flipped), a voted run and a
kernel run (RBF, σ = 0.5) of 10⁴ updates; the window (its default frame interval and
timers, no autosave, the compiled loop loaded) runs to the end at full speed, and
`train()` makes the same run in the same process. Prints the medians in wall and CPU
seconds (the CPU figure holds on a shared machine), the window's extra seconds and the
ratio, and checks that the window ends where `train()` does. Goals: a frame ≤ 16 ms,
To end at most 1 s more than `train()`.

    python scripts/bench_regions.py            # 1000 support points, 30 frames; 5 runs
    python scripts/bench_regions.py --frames   # the frames only (the canvas, the window)
    python scripts/bench_regions.py --quick    # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
from pyqtgraph.Qt import QtWidgets  # noqa: E402

import perceptron_gui.app  # noqa: E402,F401  (sets the pyqtgraph binding)
from perceptron_gui.app.canvas.canvas import REGION_GRID, DataCanvas  # noqa: E402
from perceptron_gui.app.canvas.regions import RegionGrid  # noqa: E402
from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer, train  # noqa: E402


def window_to_end(
    app: Any, window: Any, job: dict[str, Any], X: np.ndarray, y: Any
) -> tuple[float, float]:
    """Seconds (wall, CPU) from *To end* until the run stopped (the window's own timers,
    events pumped)."""
    c = window.controller
    window.reset()
    app.processEvents()
    t0, c0 = time.perf_counter(), time.process_time()
    window.run_to_end()
    while c.running:
        app.processEvents()
        time.sleep(0.0005)  # the run's timer fires at its interval, as in the app
    took = time.perf_counter() - t0, time.process_time() - c0
    s = window.state()
    r = train(X, y, **job)
    same = s["w"] == list(r.w) if r.alpha is None else s["alpha"] == r.alpha.tolist()
    assert s["updates"] == len(r.updates) and same, (s["updates"], len(r.updates))
    return took


def frames(
    canvas: DataCanvas, trainer: object, count: int, full: bool, paint: bool = False
) -> tuple[list[float], list[float]]:
    """Seconds (wall, CPU) of `count` frames of one update each."""
    wall, cpu = [], []
    for _ in range(count):
        trainer.run(max_updates=1)  # type: ignore[attr-defined]
        model = trainer.model  # type: ignore[attr-defined]
        if full:
            canvas._region_grid = RegionGrid()  # forget the kept values: a full pass
        t0, c0 = time.perf_counter(), time.process_time()
        canvas.set_model(model, follow=False)
        if paint:
            canvas.viewport().repaint()  # the frame painted too
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return wall, cpu


def pump(app: Any) -> None:
    """Let the event loop finish the frame: the paints, and the work queued for the next
    turn (the canvas's text layout, a panel's deferred refresh)."""
    for _ in range(3):
        app.processEvents()


def timed(fn: Any) -> tuple[float, float]:
    """Seconds (wall, CPU) that `fn()` took."""
    t0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - t0, time.process_time() - c0


def window_frames(app: Any, quick: bool) -> None:
    """A frame in the window: the canvas and every panel that refreshes, painted.

    A run frame is what the run's timer does per tick (one update, then
    ``MODEL | RUN_FRAME``: the canvas redraws, the panels at most 20 times a second, taking
    turns; the 90th percentile is a frame where a panel refreshed); a fast frame is To
    end's (``| FAST_FRAME``: one panel a frame, in the turn after it); a step frame is Space
    (`MainWindow.step`: every panel refreshes). The reference is a repaint of the canvas
    alone with nothing changed.
    """
    from perceptron_gui import MainWindow
    from perceptron_gui.core.bounds import KERNEL_BOUND_WINDOW_MAX_N

    # More points than the window computes the kernel bound for (on random labels it
    # takes up to its time limit, synchronously): the frames are what is measured here.
    n, grow, count = (KERNEL_BOUND_WINDOW_MAX_N + 50, 20, 1) if quick else (2000, 1000, 40)
    window = MainWindow(frame_interval_ms=0, autosave_ms=None)
    window.resize(1500, 950)
    window.show()
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2)) * 2.0
    y = rng.choice([-1, 1], size=n)  # random labels: the support set keeps growing
    print(f"A frame in the window (1500×950): N = {n}; medians of {count} (wall / CPU ms)")
    for name in ("kernel", "voted"):
        assert window.set_points(X, y)
        assert window.set_mode(name)
        if name == "kernel":
            assert window.controller.set_settings(kernel="rbf", sigma=0.5)
        assert window.set_max_updates(10**7)
        mode_frames(app, window, name, grow, count)
    window.close()


def mode_frames(app: Any, window: Any, name: str, grow: int, count: int) -> None:
    """`window_frames` for the window's mode, after `grow` updates."""
    from perceptron_gui.app.controller import Change

    c = window.controller
    t = c.trainer
    while t.k < grow and not t.done:  # kernel: about as many support points
        t.run(max_updates=min(200, grow - t.k))
    c.emit_changed(Change.MODEL)
    pump(app)
    vp = window.canvas.viewport()

    def run_frame() -> None:
        t.run(max_updates=1)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME)
        pump(app)

    def fast_frame() -> None:  # a To end frame: the panels take turns, one a frame
        t.run(max_updates=1)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
        pump(app)

    def step_frame() -> None:
        window.step()
        pump(app)

    def reference() -> None:
        vp.update()
        pump(app)

    extra = ""
    if name == "kernel":
        extra = f", {int(np.count_nonzero(np.asarray(t.alpha) > 0))} support points"
    print(f"{name} (k = {t.k}{extra}):")
    for what, fn in (
        ("run frame", run_frame),
        ("fast frame", fast_frame),
        ("step frame", step_frame),
        ("reference", reference),
    ):
        r = []
        for _ in range(count):
            r.append(timed(fn))
            # At the run timer's pace (16 ms a frame), so that the panels take their turns
            # at 20 Hz as in a run, not at every frame.
            time.sleep(max(0.0, 0.016 - r[-1][0]))
        wall = sorted(x[0] for x in r)
        cpu = statistics.median(x[1] for x in r)
        print(
            f"  {what:10s} {statistics.median(wall) * 1e3:6.1f} / {cpu * 1e3:5.1f} ms"
            f"   (90th percentile wall {wall[int(0.9 * (len(wall) - 1))] * 1e3:.1f} ms)"
        )


def whole_window_frames(app: Any, n: int, support: int, count: int) -> dict[str, Any]:
    """The kernel frame in the whole window as a run shows it (issue 34): the window
    maximized on the screen the process has, `n` random points (random labels: the
    support set keeps growing), RBF σ = 0.5 trained to `support` support points, the run
    started as a run starts (``running_changed``: the regions change at most every
    `AREA_GAP_S`); then `count` frames of one update each: the update,
    ``MODEL | RUN_FRAME | FAST_FRAME`` (To end's and full speed's frame: the canvas, then
    one panel in a turn after the frame) and three turns of the event loop (the paints,
    the panel's turn and its paint), paced at 16 ms. CPU seconds of each frame."""
    from perceptron_gui import MainWindow
    from perceptron_gui.app.controller import Change

    window = MainWindow(frame_interval_ms=0, autosave_ms=None)
    window.showMaximized()
    pump(app)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2)) * 2.0
    y = rng.choice([-1, 1], size=n)
    assert window.set_points(X, y) and window.set_mode("kernel")
    assert window.controller.set_settings(kernel="rbf", sigma=0.5)
    assert window.set_max_updates(10**7)
    c = window.controller
    t = c.trainer
    while int(np.count_nonzero(np.asarray(t.alpha) > 0)) < support and not t.done:
        t.run(max_updates=min(200, support))
    c.emit_changed(Change.MODEL)
    c.running_changed.emit(True)
    pump(app)
    gc.collect()

    def frame() -> None:
        t.run(max_updates=1)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
        pump(app)

    cpu = []
    for i in range(count + 10):
        t0, c0 = time.perf_counter(), time.process_time()
        frame()
        if i >= 10:  # (after the first turns of every panel)
            cpu.append(time.process_time() - c0)
        time.sleep(max(0.0, 0.016 - (time.perf_counter() - t0)))
    size = window.size()
    out = {
        "cpu": cpu,
        "window": [size.width(), size.height()],
        "support": int(np.count_nonzero(np.asarray(t.alpha) > 0)),
    }
    c.running_changed.emit(False)
    window.close()
    return out


def to_end(app: Any, quick: bool) -> None:
    # The noisy points of bench_modes.py (this folder is on the path of a script run).
    from bench_modes import data as noisy

    n, updates, reps = (60, 60, 1) if quick else (2000, 10_000, 5)
    fast.warm_up()
    from perceptron_gui import MainWindow

    window = MainWindow(autosave_ms=None)  # the default frame interval and animations
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    X, y = noisy(n)
    print(f"To end: N = {n} noisy points, {updates} updates; medians of {reps}")
    jobs = (
        ("voted", {"mode": "voted"}),
        ("kernel", {"mode": "kernel", "kernel": "rbf", "sigma": 0.5}),
    )
    for name, settings in jobs:
        job = {**settings, "max_updates": updates}
        assert window.set_points(X, y)
        assert window.set_mode(settings["mode"])
        if name == "kernel":
            assert window.controller.set_settings(kernel="rbf", sigma=0.5)
        assert window.set_max_updates(updates)
        times = []
        for _ in range(reps):
            t, c = time.perf_counter(), time.process_time()
            train(X, y, **job)
            times.append((time.perf_counter() - t, time.process_time() - c))
        runs = [window_to_end(app, window, job, X, y) for _ in range(reps)]
        for i, what in ((0, "wall"), (1, "CPU ")):
            core = statistics.median(t[i] for t in times)
            win = statistics.median(r[i] for r in runs)
            print(
                f"{name:7s} {what} window To end {win:6.3f} s   train() {core:6.3f} s   "
                f"extra {win - core:+6.3f} s   ratio {win / max(core, 1e-9):5.1f}x"
            )
    window.close()


def kernel_canvas(app: Any, n: int, support: int) -> tuple[Any, Any]:
    """A 1000×700 canvas showing a kernel (RBF) run on `n` random points, trained until
    `support` support points (random labels: the support set keeps growing); also
    `bench_speed.py`'s kernel frame."""
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2)) * 2.0
    y = rng.choice([-1, 1], size=n)
    config = TrainConfig(mode="kernel", kernel="rbf", sigma=0.5)
    trainer = make_trainer(make_dataset(X, y), config)
    while int(np.count_nonzero(np.asarray(trainer.alpha) > 0)) < support and not trainer.done:
        trainer.run(max_updates=200)
    canvas = DataCanvas()
    canvas.resize(1000, 700)
    canvas.set_points(X, y, reframe=True)
    canvas.show()
    app.processEvents()
    canvas.set_model(trainer.model, follow=False)
    return canvas, trainer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument("--frames", action="store_true", help="the frames only, not To end")
    parser.add_argument(
        "--window-frame",
        metavar="N,SUPPORT,COUNT",
        help="only the kernel frame in the whole window (maximized), as JSON (bench_speed.py)",
    )
    args = parser.parse_args()
    if args.window_frame:
        import json

        n, support, count = (int(v) for v in args.window_frame.split(","))
        app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
        print(json.dumps(whole_window_frames(app, n, support, count)))
        return
    n, support, count = (150, 20, 1) if args.quick else (2000, 1000, 30)
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    canvas, trainer = kernel_canvas(app, n, support)
    m = int(np.count_nonzero(np.asarray(trainer.alpha) > 0))
    med = statistics.median
    inc = [med(v) for v in frames(canvas, trainer, count, full=False)]
    painted = [med(v) for v in frames(canvas, trainer, count, full=False, paint=True)]
    whole = [med(v) for v in frames(canvas, trainer, count, full=True)]
    print(f"kernel (RBF), N = {n}, {m} support points, grid {REGION_GRID} columns")
    print(f"the canvas alone (1000×700), medians of {count} (wall / CPU ms):")
    for what, (wall, cpu) in (
        ("frame, incremental grid:", inc),
        ("  with the repaint:", painted),
        ("frame, full pass:", whole),
    ):
        print(f"{what:25s} {wall * 1000:6.1f} / {cpu * 1000:6.1f} ms")
    print(f"ratio full / incremental: {whole[0] / inc[0]:.1f}")
    print(f"ratio painted / incremental: {painted[0] / inc[0]:.1f}")
    canvas.close()
    window_frames(app, args.quick)
    if not args.frames:
        to_end(app, args.quick)


if __name__ == "__main__":
    main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.5 s with numba and Qt loaded): frozen, they simply go with the process.
    gc.freeze()

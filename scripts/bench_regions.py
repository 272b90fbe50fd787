"""The cost of a canvas frame with a kernel answer of many support points, and the
window's *To end* against `train()` (issue 17, "in the window at N = 2000").

A kernel perceptron (RBF) runs on 2000 noisy points until 1000 points are support
points; then each frame makes one more update and hands the new model to the canvas
(`DataCanvas.set_model`: the region grid, its image and the f = 0 contour). Prints the
median frame with the incremental grid (app/canvas/regions.py), with the canvas's
repaint too, and with a full pass over the grid every frame (the old way), offscreen.

Then *To end*: N = 2000 noisy points (10 % of the labels flipped), a voted run and a
kernel run (RBF, σ = 0.5) of 10⁴ updates; the window (its default frame interval and
timers, no autosave, the compiled loop loaded) runs to the end at full speed, and
`train()` makes the same run in the same process. Prints the medians in wall and CPU
seconds (the CPU figure holds on a shared machine), the window's extra seconds and the
ratio, and checks that the window ends where `train()` does. Goals: a frame ≤ 16 ms,
To end at most 1 s more than `train()`.

    python scripts/bench_regions.py            # 1000 support points, 30 frames; 5 runs
    python scripts/bench_regions.py --quick    # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
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
) -> list[float]:
    out = []
    for _ in range(count):
        trainer.run(max_updates=1)  # type: ignore[attr-defined]
        model = trainer.model  # type: ignore[attr-defined]
        if full:
            canvas._region_grid = RegionGrid()  # forget the kept values: a full pass
        t0 = time.perf_counter()
        canvas.set_model(model, follow=False)
        if paint:
            canvas.viewport().repaint()  # the frame painted too
        out.append(time.perf_counter() - t0)
    return out


def to_end(app: Any, quick: bool) -> None:
    # The noisy points of bench_modes.py (this folder is on the path of a script run).
    from bench_modes import data as noisy

    n, updates, reps = (200, 300, 1) if quick else (2000, 10_000, 5)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    args = parser.parse_args()
    n, support, count = (300, 50, 3) if args.quick else (2000, 1000, 30)
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 2)) * 2.0
    y = rng.choice([-1, 1], size=n)  # random labels: the support set keeps growing
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
    m = int(np.count_nonzero(np.asarray(trainer.alpha) > 0))
    inc = statistics.median(frames(canvas, trainer, count, full=False))
    painted = statistics.median(frames(canvas, trainer, count, full=False, paint=True))
    whole = statistics.median(frames(canvas, trainer, count, full=True))
    print(f"kernel (RBF), N = {n}, {m} support points, grid {REGION_GRID} columns")
    print(f"frame, incremental grid: {inc * 1000:.1f} ms (median of {count})")
    print(f"  with the repaint:      {painted * 1000:.1f} ms (median of {count})")
    print(f"frame, full pass:        {whole * 1000:.1f} ms (median of {count})")
    print(f"ratio full / incremental: {whole / inc:.1f}")
    canvas.close()
    to_end(app, args.quick)


if __name__ == "__main__":
    main()

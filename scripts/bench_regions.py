"""The cost of a canvas frame with a kernel answer of many support points (issue 17).

A kernel perceptron (RBF) runs on 2000 noisy points until 1000 points are support
points; then each frame makes one more update and hands the new model to the canvas
(`DataCanvas.set_model`: the region grid, its image and the f = 0 contour). Prints the
median frame with the incremental grid (app/canvas/regions.py) and with a full pass
over the grid every frame (the old way), offscreen.

    python scripts/bench_regions.py            # 1000 support points, 30 frames
    python scripts/bench_regions.py --quick    # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
from pyqtgraph.Qt import QtWidgets  # noqa: E402

import perceptron_gui.app  # noqa: E402,F401  (sets the pyqtgraph binding)
from perceptron_gui.app.canvas.canvas import REGION_GRID, DataCanvas  # noqa: E402
from perceptron_gui.app.canvas.regions import RegionGrid  # noqa: E402
from perceptron_gui.core import TrainConfig, make_dataset, make_trainer  # noqa: E402


def frames(canvas: DataCanvas, trainer: object, count: int, full: bool) -> list[float]:
    out = []
    for _ in range(count):
        trainer.run(max_updates=1)  # type: ignore[attr-defined]
        model = trainer.model  # type: ignore[attr-defined]
        if full:
            canvas._region_grid = RegionGrid()  # forget the kept values: a full pass
        t0 = time.perf_counter()
        canvas.set_model(model, follow=False)
        out.append(time.perf_counter() - t0)
    return out


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
    whole = statistics.median(frames(canvas, trainer, count, full=True))
    print(f"kernel (RBF), N = {n}, {m} support points, grid {REGION_GRID} columns")
    print(f"frame, incremental grid: {inc * 1000:.1f} ms (median of {count})")
    print(f"frame, full pass:        {whole * 1000:.1f} ms (median of {count})")
    print(f"ratio full / incremental: {whole / inc:.1f}")
    canvas.close()


if __name__ == "__main__":
    main()

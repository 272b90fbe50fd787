"""Memory of 10^6 points in the window: resident memory by stage and the peak (issue 34).

The user's way: a window is shown, a data set is loaded from `.npy`, given to the window
(`set_points`), painted, stepped twice, and D and γ are computed (the bound's slices);
the process's resident memory (VmRSS) after each stage and its peak (VmHWM) are printed.
Run it in a fresh process (the figure is the process's whole peak):

    python scripts/bench_memory.py                  # 10^6 points, the goal: < 300 MB
    python scripts/bench_memory.py --n 200000       # fewer points
    python scripts/bench_memory.py --trace          # and the app's own allocations by line
    python scripts/bench_memory.py --to-end         # and then To end (loads numba)
    python scripts/bench_memory.py --jit            # numba loaded first (the app before)
    python scripts/bench_memory.py --quick          # 20 000 points (the tests)

The compiled loop (numba) is ~130 MB of resident memory of its own (numba's import and
its LLVM engine). The app loaded it 0.2 s after start until issue 34's last step; now a
full-speed run that would gain loads it in the background (`Controller._load_if_it_gains`),
so a window that only steps never imports numba: the script says whether it did. With
--to-end the run goes to its end after the two steps and its stage's peak includes numba.

With --trace, tracemalloc follows Python's and numpy's allocations (numpy reports its array
buffers), prints the peak of each stage beyond the empty window and the lines holding
the most at the process's peak; it slows the run and adds its own memory to the RSS.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import numpy as np

GOAL_MB = 300


def status_mb(field: str) -> float:
    """A field of /proc/self/status in MB (VmRSS: now, VmHWM: the peak so far)."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def reset_peak() -> None:
    """Start VmHWM again from the present RSS (Linux: "5" to /proc/self/clear_refs)."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass


def noisy_npy(folder: Path, n: int) -> tuple[Path, Path]:
    """`n` noisy points and their labels as two `.npy` files (made in a child's memory)."""
    from perceptron_gui.core.generators import generate

    d = generate("noisy", n, noise=0.1, seed=3)
    xp, yp = folder / "points.npy", folder / "labels.npy"
    np.save(xp, np.asarray(d.points))
    np.save(yp, np.asarray(d.labels))
    return xp, yp


def measure(
    n: int,
    *,
    trace: bool = False,
    jit: bool = False,
    to_end: bool = False,
    folder: Path | None = None,
    child: bool = True,
) -> dict[str, Any]:
    """Stages' RSS (MB), their peaks and the whole peak of one window holding `n` points.

    `jit`: the compiled loop loaded first, as the app loaded it at start before (when numba
    is installed). `to_end`: To end after the two steps (a background load of numba if the
    run gains). `child`: the data made in a child process (else here).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from perceptron_gui import MainWindow
    from perceptron_gui.core import fast

    app = QApplication.instance() or QApplication([])
    own = tempfile.TemporaryDirectory() if folder is None else None
    where = Path(own.name) if own is not None else folder
    assert where is not None
    if not (where / "points.npy").exists() and not child:
        noisy_npy(where, n)
    if not (where / "points.npy").exists():
        # Made in a child so that its memory does not count here.
        import subprocess

        code = (
            "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
            "import bench_memory as b; b.noisy_npy(Path(sys.argv[2]), int(sys.argv[3]))"
        )
        here = str(Path(__file__).resolve().parent)
        subprocess.run([sys.executable, "-c", code, here, str(where), str(n)], check=True)
    stages: dict[str, float] = {}
    overall = [0.0]
    traced: dict[str, float] = {}
    base = 0

    peaks: dict[str, float] = {}

    def stage(name: str) -> None:
        app.processEvents()
        stages[name] = status_mb("VmRSS")
        peaks[name] = status_mb("VmHWM")
        overall[0] = max(overall[0], peaks[name])
        reset_peak()
        if trace and tracemalloc.is_tracing():
            traced[name] = (tracemalloc.get_traced_memory()[1] - base) / 2**20
            tracemalloc.reset_peak()

    if jit and fast.available():
        fast.warm_up()
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    w.resize(1400, 900)
    w.show()
    for _ in range(3):
        app.processEvents()
    stage("window")
    if trace:
        tracemalloc.start(1)
        base = tracemalloc.get_traced_memory()[0]
    t0 = time.process_time()
    X = np.load(where / "points.npy")
    y = np.load(where / "labels.npy")
    stage("loaded")
    assert w.set_points(X, y)
    del X, y
    stage("set_points")
    w.repaint()
    stage("painted")
    w.step()
    stage("step 1")
    w.step()
    stage("two steps")
    w.controller.finish_bound()
    stage("the bound")
    numba_before = "numba" in sys.modules
    if to_end:
        w.run_to_end()
        while w.controller.running:
            app.processEvents()
        stage("to end")
    cpu = time.process_time() - t0
    snapshot = tracemalloc.take_snapshot() if trace else None
    peak = max(overall[0], status_mb("VmHWM"))
    out: dict[str, Any] = {"stages": stages, "peaks": peaks, "peak": peak, "cpu": cpu}
    out["numba"] = numba_before  # imported before any run (by the window or `jit`)
    out["numba_end"] = "numba" in sys.modules
    out["compiled"] = getattr(w.controller.trainer, "_fast", None) is not None
    out["same"] = None
    if to_end:  # the run against the numpy path's (after the peak was read)
        from perceptron_gui.core import make_trainer

        t = w.controller.trainer
        os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
        try:
            ref = make_trainer(w.controller.data, w.controller.config)
        finally:
            del os.environ["PERCEPTRON_GUI_NO_JIT"]
        ref.run()
        out["same"] = repr((t.k, t.visits, t.w, t.b)) == repr((ref.k, ref.visits, ref.w, ref.b))
        out["same"] = out["same"] and all(
            t.history_slice(c).tobytes() == ref.history_slice(c).tobytes()
            for c in t.HISTORY_COLUMNS
        )
    out["traced"] = traced
    if trace:
        out["traced_peak"] = (tracemalloc.get_traced_memory()[1] - base) / 2**20
        out["snapshot"] = snapshot
        tracemalloc.stop()
    w.close()
    if own is not None:
        own.cleanup()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--trace", action="store_true", help="tracemalloc by stage and line")
    ap.add_argument("--jit", action="store_true", help="the compiled loop loaded first")
    ap.add_argument("--to-end", action="store_true", help="then To end (may load numba)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 20 000 points")
    args = ap.parse_args(argv)
    if args.quick:
        args.n, args.jit = 20_000, False
    r = measure(args.n, trace=args.trace, jit=args.jit, to_end=args.to_end, child=not args.quick)
    print(f"{args.n:,} noisy points in the window (MB: RSS after each stage, its peak):")
    for name, mb in r["stages"].items():
        extra = f"  (traced {r['traced'][name]:.0f})" if name in r["traced"] else ""
        print(f"  {name:<12} {mb:6.0f} {r['peaks'][name]:6.0f}{extra}")
    verdict = "under" if r["peak"] < GOAL_MB else "OVER"
    print(f"peak RSS {r['peak']:.0f} MB ({verdict} the goal {GOAL_MB} MB); CPU {r['cpu']:.2f} s")
    print(f"numba imported before any run: {r['numba']}; at the end: {r['numba_end']}", end="")
    print(f"; the trainer on the compiled loop: {r['compiled']}")
    if r["same"] is not None:
        print(f"To end's run against the numpy path's: {'same bits' if r['same'] else 'DIFFER'}")
    if args.trace:
        print(f"traced peak beyond the window: {r['traced_peak']:.0f} MB; held now by line:")
        for s in r["snapshot"].statistics("lineno")[:15]:
            print(f"  {s.size / 2**20:7.1f} MB  {s.traceback}")
    return 0


if __name__ == "__main__":
    status = main()
    gc.freeze()
    sys.exit(status)

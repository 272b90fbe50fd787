"""Issue 34's figures in one run: each against a reference measured in the same process.

1. *A process learns once*: for each mode, a fresh process (numba's disk cache warm)
   calls `train()` on 10⁴ noisy points × 10 epochs (10⁵ visits; kernel: RBF, 2000 points,
   10⁴ updates): the first call (numpy; it starts the background load), the wait for that
   load (a notebook's pause, a loop's second call), then the second call and the median
   of the next ones, against scikit-learn's `SGDClassifier` in that process (averaged,
   PA) and with the numpy path's bits (``PERCEPTRON_GUI_NO_JIT=1``) checked; the kernel's
   later calls also on new points each time (a call on the same points borrows the last
   run's Gram rows).
2. *The blocked scan*: primal to convergence (cyclic) on 10⁶ separable points, the
   compiled loop's run (the trainer made before) against streaming the data once per
   epoch made (``X @ w``), and against the same loop compiled without blocks (the
   point-by-point loop: the same bits checked); noisy 10⁶ × 3 epochs both ways.
3. The kernel frame at 1000 support points (`bench_regions.frames`: the canvas's model
   update and repaint) against a repaint alone, and in the whole window maximized on a
   1024×768 and a 1920×1080 screen (`bench_regions.whole_window_frames`: the update, the
   canvas, the panel whose turn it is, their paints); the largest event-loop gap of a pocket
   *To end* on 10⁵ noisy points (a 10 ms timer's ticks, wall and the CPU within it); a
   window's creation CPU (`bench_gui.window_creation_cpu`) against a bare QMainWindow;
   start to first paint, warm (`bench_gui.first_paints`: a new `perceptron-gui` process,
   its bytecode written by a launch before, to the canvas's first paint event; wall and
   the child's own CPU).

4. *The test command's CPU* (opt-in, ``--tests``): the README's test command's pytest part
   (the quick suite), run here as it is written with this Python for ``.venv/bin/python``,
   its user and system CPU from the kernel's accounting of the process and every process it
   waited for (the pytest-xdist workers, numba's compile child, the tests' subprocesses).
   The whole command (venv and install too) is measured in a fresh clone with
   ``/usr/bin/time``; a fresh clone's run also compiles numba's loops (~20 s of CPU), which
   a run here does only when numba's disk cache does not hold them (the script says which).

Medians; CPU seconds where the machine is shared (the load is printed at the start and
the end).

    python scripts/bench_speed.py            # the full run (~2 min)
    python scripts/bench_speed.py --tests    # and the test command's CPU (~2-4 min more)
    python scripts/bench_speed.py --quick    # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402

from perceptron_gui.core import TrainConfig, fast, make_trainer  # noqa: E402
from perceptron_gui.core.generators import generate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

#: The jobs of part 1 (mode, its settings, points, the limit); 10⁵ visits each.
JOBS: list[tuple[str, dict[str, Any], int]] = [
    ("primal", {"max_epochs": 10}, 10_000),
    ("pocket", {"max_epochs": 10}, 10_000),
    ("averaged", {"max_epochs": 10}, 10_000),
    ("voted", {"max_epochs": 10}, 10_000),
    ("pa", {"C": 1.0, "max_epochs": 10}, 10_000),
    ("margin", {"margin": 0.5, "max_epochs": 10}, 10_000),
    ("kernel", {"kernel": "rbf", "sigma": 0.5, "max_updates": 10_000}, 2000),
]

CHILD = r"""
import json, os, statistics, sys, time, warnings
import numpy as np
from perceptron_gui.core import fast, train
mode, n, reps, job = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
rng = np.random.default_rng(0)
X = rng.normal(size=(n, 2))
y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
y[rng.random(n) < 0.1] *= -1
job = dict(mode=mode, order="cyclic", **job)

def timed(fn):
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - t, time.process_time() - c, out

def bits(r):
    return repr((r.stop_reason, r.w, r.b, r.visits, np.asarray(r.updates).tobytes(),
                 getattr(r, "votes", None), getattr(r, "avg_w", None),
                 None if r.alpha is None else r.alpha.tobytes()))

first = timed(lambda: train(X, y, **job))
t = time.perf_counter()
if fast._loading is not None:
    fast._loading.join()
wait = time.perf_counter() - t
second = timed(lambda: train(X, y, **job))
later = [timed(lambda: train(X, y, **job)) for _ in range(reps)]
fresh = None
if mode == "kernel":  # new points each call: no rows of the last run to borrow
    runs = [timed(lambda: train(X + 1e-9 * (k + 1), y, **job)) for k in range(reps)]
    fresh = [statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)]
os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
ref = train(X, y, **job)
del os.environ["PERCEPTRON_GUI_NO_JIT"]
sk = None
if mode in ("averaged", "pa"):
    from sklearn.linear_model import SGDClassifier
    kw = (dict(loss="perceptron", learning_rate="constant", eta0=1.0, average=True)
          if mode == "averaged" else dict(loss="hinge", learning_rate="pa1", eta0=1.0))
    def fit():
        clf = SGDClassifier(penalty=None, shuffle=False, tol=None, max_iter=job["max_epochs"], **kw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            clf.fit(X, y)
    fit()
    runs = [timed(fit) for _ in range(reps)]
    sk = [statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)]
print(json.dumps({
    "first": first[:2], "wait": wait, "second": second[:2],
    "later": [statistics.median(r[0] for r in later), statistics.median(r[1] for r in later)],
    "loaded": fast.ready(), "same": bits(later[-1][2]) == bits(ref), "sklearn": sk,
    "fresh": fresh,
}))
"""


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def cpu_median(fn: Any, reps: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(reps):
        c = time.process_time()
        out = fn()
        times.append(time.process_time() - c)
    return statistics.median(times), out


def learn_once(quick: bool) -> dict[str, Any]:
    """Part 1: a child process per mode."""
    print("\n1. A process learns once: train() in a fresh process, 10^5 visits (ms, wall / CPU)")
    jobs = JOBS[2:3] if quick else JOBS
    reps = 1 if quick else 7
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERCEPTRON_GUI_")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    print(
        f"{'mode':9s} {'1st call':>15s} {'load wait':>9s} {'2nd call':>13s} "
        f"{'later':>13s} {'SGDClassifier':>13s} {'ratio':>6s}  bits"
    )
    out = {}
    for mode, job, n in jobs:
        if quick:
            job = {k: (2 if k == "max_epochs" else 300 if k == "max_updates" else v)
                   for k, v in job.items()}  # fmt: skip
            n = 300
        r = subprocess.run(
            [sys.executable, "-c", CHILD, mode, str(n), str(reps), json.dumps(job)],
            capture_output=True, text=True, env=env, timeout=600,
        )  # fmt: skip
        if r.returncode:
            raise SystemExit(f"{mode}: {r.stderr[-2000:]}")
        d = json.loads(r.stdout.strip().splitlines()[-1])
        out[mode] = d
        ms = lambda p: f"{p[0] * 1e3:6.1f} / {p[1] * 1e3:5.1f}"  # noqa: E731
        sk = d["sklearn"]
        ratio = f"{d['later'][1] / sk[1]:5.2f}x" if sk else "     -"
        print(
            f"{mode:9s} {ms(d['first']):>15s} {d['wait'] * 1e3:7.0f}ms {ms(d['second']):>13s} "
            f"{ms(d['later']):>13s} {ms(sk) if sk else '-':>13s} {ratio:>6s}  "
            f"{'same' if d['same'] else 'DIFFER'}{'' if d['loaded'] else ' (not loaded)'}"
        )
        if not d["same"]:
            raise SystemExit(f"{mode}: the compiled and numpy results differ")
        if d.get("fresh"):
            print(f"{'':9s} later calls on new points each time (no rows to borrow): "
                  f"{ms(d['fresh'])}")  # fmt: skip
    print("ratio: the later calls' CPU over SGDClassifier's, in the same process")
    return out


def point_by_point() -> Any:
    """`fast._run_py` compiled without the blocked scan (BLOCK_MIN out of reach)."""
    import numba

    ns: dict[str, Any] = dict(vars(fast))  # the compiled helpers, bound by warm_up
    ns["BLOCK_MIN"] = 1 << 62
    py = fast._run_py
    clone = types.FunctionType(py.__code__, ns, py.__name__, py.__defaults__)
    clone.__module__ = py.__module__
    clone.__qualname__ = "_run_py_point_by_point"
    fn = numba.njit(cache=True, nogil=True)(clone)
    fast._call(fn, dual=False)
    fast._call(fn, dual=True)
    return fn


def scan(quick: bool) -> dict[str, float]:
    """Part 2: the blocked scan against the stream and the point-by-point loop."""
    n, reps = (20_000, 3) if quick else (10**6, 7)
    assert fast.warm_up()
    pbp = point_by_point()
    sep = generate("separable", n, margin=0.001, seed=1)
    noisy = generate("noisy", n, margin=0.001, noise=0.1, seed=1)
    X = np.array(sep.points)
    w = np.array([0.3, -0.7])
    stream, _ = cpu_median(lambda: X @ w, reps * 3)
    print(
        f"\n2. The blocked scan, N = {n} (CPU ms, medians of {reps}); X @ w: {stream * 1e3:.2f} ms"
    )
    res: dict[str, float] = {"stream": stream}
    for name, data, cfg in (
        ("separable, to convergence", sep, TrainConfig(order="cyclic")),
        ("noisy, 3 epochs", noisy, TrainConfig(order="cyclic", max_epochs=3)),
    ):
        made, _ = cpu_median(lambda: make_trainer(data, cfg), reps)  # noqa: B023

        def run(loop: Any) -> Any:
            t = make_trainer(data, cfg)  # noqa: B023
            if loop is not None:
                t._fast = loop
            c = time.process_time()
            t.run()
            return time.process_time() - c, t

        pairs = [(run(None), run(pbp)) for _ in range(reps)]  # in turn: the same load
        blocked, plain = [p[0] for p in pairs], [p[1] for p in pairs]
        tb, tp = (statistics.median(r[0] for r in runs) for runs in (blocked, plain))
        a, b = blocked[-1][1], plain[-1][1]
        same = all(
            a.history_slice(c).tobytes() == b.history_slice(c).tobytes() for c in a.HISTORY_COLUMNS
        ) and (a.k, a.visits, a.w, a.b) == (b.k, b.visits, b.w, b.b)
        epochs = math.ceil(a.visits / n)
        print(
            f"{name:26s} {a.k:7d} updates, {epochs} epoch(s): blocked {tb * 1e3:7.2f} ms, "
            f"point by point {tp * 1e3:7.2f} ms ({tp / tb:4.1f}x), "
            f"{tb / (epochs * stream):4.2f}x the stream per epoch; the trainer made in "
            f"{made * 1e3:.1f} ms; same bits: {same}"
        )
        if not same:
            raise SystemExit("the blocked scan and the point-by-point loop differ")
        res[name] = tb / (epochs * stream)
    return res


def kernel_frame(app: Any, quick: bool) -> tuple[float, float]:
    """Part 3a: the canvas's kernel frame at 1000 support points (bench_regions.py)."""
    from bench_regions import frames, kernel_canvas

    n, support, count = (150, 20, 3) if quick else (2000, 1000, 30)
    canvas, trainer = kernel_canvas(app, n, support)
    _, painted = frames(canvas, trainer, count, full=False, paint=True)
    alone = []
    for _ in range(count):
        c = time.process_time()
        canvas.viewport().repaint()
        alone.append(time.process_time() - c)
    canvas.close()
    m = int(np.count_nonzero(np.asarray(trainer.alpha) > 0))
    f, r = statistics.median(painted), statistics.median(alone)
    print(
        f"\n3. kernel frame (RBF, N = {n}, {m} support points, canvas 1000x700): model update "
        f"+ repaint {f * 1e3:.1f} ms CPU; a repaint alone {r * 1e3:.1f} ms ({f / r:.1f}x)"
    )
    return f, r


#: The screens of the whole window's kernel frame (part 3), offscreen: a small laptop's and
#: a common desktop's.
SCREENS = ((1024, 768), (1920, 1080))


def window_frame(quick: bool) -> dict[str, tuple[float, float]]:
    """Part 3a, the whole window: the kernel frame with the window maximized on each of
    `SCREENS` (`bench_regions.whole_window_frames`), a process for each screen."""
    import tempfile

    n, support, count = (150, 20, 3) if quick else (2000, 1000, 60)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for w, h in SCREENS[:1] if quick else SCREENS:
            screen = {"name": "s", "x": 0, "y": 0, "width": w, "height": h, "dpr": 1,
                      "logicalDpi": 96, "logicalBaseDpi": 96}  # fmt: skip
            config = Path(tmp) / f"screen{w}x{h}.json"
            config.write_text(json.dumps({"screens": [screen]}))
            env["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
            r = subprocess.run(
                [sys.executable, str(ROOT / "scripts" / "bench_regions.py"),
                 "--window-frame", f"{n},{support},{count}"],
                capture_output=True, text=True, env=env, timeout=600,
            )  # fmt: skip
            if r.returncode:
                raise SystemExit(f"the window frame at {w}x{h}: {r.stderr[-2000:]}")
            d = json.loads(r.stdout.strip().splitlines()[-1])
            cpu = sorted(d["cpu"])
            med, p90 = statistics.median(cpu), cpu[int(0.9 * (len(cpu) - 1))]
            print(
                f"the whole window on a {w}x{h} screen (maximized, {d['support']} support "
                f"points): a frame {med * 1e3:.1f} ms CPU (median of {len(cpu)}), "
                f"{p90 * 1e3:.1f} at the 90th percentile (a panel's turn and paint); {load()}"
            )
            out[f"{w}x{h}"] = (med, p90)
    return out


def pocket_gap(app: Any, quick: bool) -> tuple[float, float]:
    """Part 3b: the largest gap between a 10 ms timer's ticks during a pocket To end."""
    from PySide6.QtCore import QTimer

    from perceptron_gui import MainWindow

    n, seconds = (2000, 0.3) if quick else (100_000, 2.0)
    w = MainWindow(autosave_ms=None)
    w.resize(1400, 900)
    w.show()
    d = generate("noisy", n, noise=0.2, seed=3)
    w.set_points(d.points, d.labels)
    w.set_mode("pocket")
    w.controller.set_max_updates(1_000_000)
    t0 = time.perf_counter()
    while w.controller.bound_pending and time.perf_counter() - t0 < 30:
        app.processEvents()
        time.sleep(0.005)
    for _ in range(20):
        app.processEvents()
    ticks: list[tuple[float, float]] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), time.process_time())))
    gc.collect()
    timer.start()
    w.run_to_end()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds and w.controller.running:
        app.processEvents()
    timer.stop()
    w.pause()
    w.close()
    gaps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(ticks, ticks[1:], strict=False)]
    wall = max((g[0] for g in gaps), default=0.0)
    cpu = max((g[1] for g in gaps), default=0.0)
    print(
        f"pocket To end, N = {n} noisy points, {seconds:.0f} s: largest gap between ticks "
        f"{wall * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU ({len(ticks)} ticks of 10 ms)"
    )
    return wall, cpu


def window(quick: bool) -> tuple[float, float]:
    """Part 3c: a window's creation CPU (bench_gui.py)."""
    from bench_gui import window_creation_cpu

    first, made, shown, ref, gone = window_creation_cpu(1 if quick else 5)
    print(
        f"a window made: {made * 1e3:.0f} ms CPU (the first {first * 1e3:.0f} ms; made and "
        f"shown {shown * 1e3:.0f} ms); a bare QMainWindow with as many docks {ref * 1e3:.1f} ms"
    )
    return made, ref


def first_paint(quick: bool) -> tuple[float, float]:
    """Part 3d: start to first paint, warm (bench_gui.py)."""
    from bench_gui import first_paints

    runs = first_paints(1, write_bytecode=False) if quick else first_paints(5)
    wall = statistics.median(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    print(
        f"start to first paint (warm, a new perceptron-gui process, median of {len(runs)}): "
        f"{wall:.2f} s wall, {cpu:.2f} s of its CPU"
    )
    return wall, cpu


def test_command() -> str:
    """The README's test command: the line in the fence after `<!-- test-command -->`."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("<!-- test-command -->")[1].split("```")[1].strip()


def pytest_part(python: str) -> tuple[list[str], dict[str, str]]:
    """The test command's part after its last `&&` as words for `python`, and its variables."""
    import shlex

    part = test_command().split(" && ")[-1]
    words = shlex.split(part)
    env: dict[str, str] = {}
    while words and "=" in words[0] and not words[0].startswith(("-", ".", "/")):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    if not words or words[0] != ".venv/bin/python":
        raise SystemExit(f"the README's pytest part does not start as expected: {part}")
    return [python, *words[1:]], env


def tests_cpu() -> dict[str, Any]:
    """Part 4: the README's test command's pytest part, its CPU (user + sys) and wall time."""
    import resource
    import shlex

    words, variables = pytest_part(sys.executable)
    env = {**os.environ, **variables}
    cached = any((ROOT / "perceptron_gui" / "core" / "__pycache__").glob("fast.*.nbi"))
    print(f"\n4. The README's test command, its pytest part (this Python); {load()}")
    print("   " + " ".join(shlex.quote(w) for w in words))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(words, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
    summary = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(
        f"   {user + system:.1f} s of CPU ({user:.1f} user + {system:.1f} sys), {wall:.0f} s "
        f"wall; status {r.returncode}: {summary.strip('= ')}"
    )
    print(
        "   numba's disk cache held the loops before: "
        + ("yes (a fresh clone compiles them too: ~20 s more)" if cached else "no (compiled)")
    )
    print(f"   {load()} at its end; the whole command (venv, install): /usr/bin/time in a clone")
    if r.returncode:
        print(r.stdout[-3000:], r.stderr[-3000:], sep="\n")
    return {"cpu": user + system, "user": user, "sys": system, "wall": wall,
            "status": r.returncode, "cached": cached}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    parser.add_argument(
        "--tests",
        action="store_true",
        help="also run the README's test command's pytest part and print its CPU (part 4)",
    )
    args = parser.parse_args()
    from bench_core import cpu_name

    print(f"{cpu_name()}, {os.cpu_count()} cores; {load()}")
    learn_once(args.quick)
    scan(args.quick)
    from PySide6 import QtWidgets

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    kernel_frame(app, args.quick)
    window_frame(args.quick)
    pocket_gap(app, args.quick)
    window(args.quick)
    first_paint(args.quick)
    if args.tests:
        tests_cpu()
    print(f"\n{load()} at the end")


if __name__ == "__main__":
    main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.5 s with numba and Qt loaded): frozen, they simply go with the process.
    gc.freeze()

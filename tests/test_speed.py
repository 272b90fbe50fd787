"""Speed as the user meets it: the compiled loop at start, the frame budget of a run."""

from __future__ import annotations

import math
import time
from dataclasses import replace

import numpy as np
import probes
import pytest

from perceptron_gui import MainWindow
from perceptron_gui.app.controller import Controller
from perceptron_gui.core import TrainConfig, fast, make_trainer
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import modes
from perceptron_gui.core.trainer import Trainer

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba is not installed")


def test_the_window_adopts_the_compiled_loop_once_warmed_up(qtbot, monkeypatch) -> None:
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    d = generate("noisy", 2000, noise=0.1, seed=2)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")  # (the session has loaded the loops)
    w.set_points(d.points, d.labels)
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    t = w.controller.trainer
    assert t._fast is None
    w.controller.warm_up_in_background()
    # The trainer takes the compiled loop where it stands (the thread may take seconds
    # to compile the first time on this machine).
    compiled = lambda: fast.ready() and t._fast is not None  # noqa: E731
    qtbot.waitUntil(compiled, timeout=120_000)
    assert w.controller.trainer is t
    w.set_max_updates(5000)
    w.run_to_end()
    qtbot.waitUntil(lambda: not w.state()["running"], timeout=30_000)
    ref = Trainer(d, w.controller.config)
    ref._fast = None  # the numpy path: the same numbers, bit for bit
    ref.run()
    assert w.controller.trainer.k == ref.k == 5000
    assert np.array_equal(w.controller.trainer.model.w, ref.model.w)


def test_a_trainer_that_moved_takes_the_compiled_loop_where_it_stands(qtbot, monkeypatch) -> None:
    assert fast.warm_up()
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    d = generate("noisy", 300, noise=0.1, seed=4)
    w.set_points(d.points, d.labels)
    assert w.controller.trainer._fast is None  # made with the JIT switched off
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    w.step()
    before = w.controller.trainer
    assert w.controller.adopt_compiled_loop()  # the same trainer, from its first update
    assert w.controller.trainer is before and before.k == 1 and before._fast is not None
    before.run()
    ref = Trainer(d, w.controller.config)
    ref._fast = None
    ref.run()
    assert bits(before) == bits(ref)


def bits(t) -> tuple:  # noqa: ANN001
    """Everything a run leaves, as bytes: two runs with equal bits made the same run."""
    cols = tuple(t.history_slice(c).tobytes() for c in t.HISTORY_COLUMNS)
    return (t.stop_reason, t.k, t.visits, repr((t.w, t.b)), cols)


# --------------------------------------- when the window loads the compiled loop (issue 34)

START_PROBE = r"""
import json, os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from perceptron_gui.app.main import main
from perceptron_gui.app.main_window import MainWindow
from perceptron_gui.core import generate, make_trainer
out = {}

def window():
    return next(w for w in app.topLevelWidgets() if isinstance(w, MainWindow))

def after_start():  # 1.5 s after start: the window used to load numba at 0.2 s
    w = window()
    out["after start"] = "numba" in sys.modules
    w.step(); w.step()
    out["after two steps"] = "numba" in sys.modules
    d = generate("noisy", 20000, noise=0.1, seed=3)
    w.set_points(d.points, d.labels)
    w.set_max_updates(30000)
    w.run_to_end()
    QTimer.singleShot(20, wait)

def wait():
    w = window()
    c = w.controller
    if c.running or c._loading:
        QTimer.singleShot(20, wait)
        return
    t = c.trainer
    out["after to end"] = "numba" in sys.modules
    out["compiled"] = t._fast is not None
    os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
    ref = make_trainer(c.data, c.config)
    ref.run()
    same = [t.history_slice(k).tobytes() for k in t.HISTORY_COLUMNS] == [
        ref.history_slice(k).tobytes() for k in ref.HISTORY_COLUMNS]
    out["same bits"] = same and repr((t.w, t.b, t.k, t.visits)) == repr(
        (ref.w, ref.b, ref.k, ref.visits))
    print(json.dumps(out))
    app.quit()

QTimer.singleShot(1500, after_start)
main(["--empty"])
"""


@pytest.mark.long
def test_the_app_loads_numba_for_a_run_that_gains_only(tmp_path) -> None:  # noqa: ANN001
    """The app as started from the command line: no numba after start nor after two
    steps (it was imported 0.2 s after start: ~130 MB); a To end on 20 000 noisy points
    loads it in the background, and the run has numpy's bits."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if not k.startswith("PERCEPTRON_GUI_")}
    env.update(QT_QPA_PLATFORM="offscreen", PERCEPTRON_GUI_STATE_DIR=str(tmp_path / "state"))
    root = Path(__file__).resolve().parents[1]
    env["PYTHONPATH"] = str(root)
    r = subprocess.run(
        [sys.executable, "-c", START_PROBE],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=180,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["after start"] is False and out["after two steps"] is False, out
    assert out["after to end"] is True and out["same bits"] is True, out


def _numpy_trainers(monkeypatch) -> None:  # noqa: ANN001
    """Trainers made from here are on numpy (`PERCEPTRON_GUI_NO_JIT` read when made)."""
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")


@pytest.fixture
def fresh_process(monkeypatch):  # noqa: ANN201, ANN001
    """This process as if numba were not loaded yet (the test session loaded it): the
    controller's loads are recorded, and each goes through `fast.warm_up` in its thread."""
    loads: list = []
    real = fast.warm_up

    def warm(rules=None):  # noqa: ANN001, ANN202
        loads.append(rules)
        return real(rules)

    monkeypatch.setattr(fast, "loaded", lambda rule=None: False)
    monkeypatch.setattr(fast, "warm_up", warm)
    return loads


def test_steps_and_a_short_run_load_nothing(qtbot, monkeypatch, fresh_process) -> None:
    c = Controller(frame_interval_ms=0)
    _numpy_trainers(monkeypatch)
    c.set_data(generate("noisy", 2000, noise=0.1, seed=5), undoable=False)
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    c.step()
    c.step()
    c.set_data(generate("separable", 3, seed=1), undoable=False)
    c.run_to_end()  # separable, 3 points: ends at once
    qtbot.waitUntil(lambda: not c.running, timeout=30_000)
    assert c.trainer.done and fresh_process == []


@pytest.mark.parametrize("mode", modes())
def test_a_run_that_gains_loads_its_loop_and_moves_to_it_with_the_same_bits(
    qtbot, monkeypatch, fresh_process, mode
) -> None:
    monkeypatch.setattr(fast, "JIT_BACKGROUND_VISITS", 300)  # judged early (cheap data)
    c = Controller(frame_interval_ms=0)
    _numpy_trainers(monkeypatch)
    d = generate("noisy", 200, noise=0.1, seed=6)
    c.set_data(d, undoable=False)
    c.set_mode(mode)
    gains = getattr(c.trainer, "has_compiled_loop", True)
    c.set_max_updates(6000 if gains else 300)  # (without a compiled loop: a short run)
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    t = c.trainer
    assert t._fast is None
    adopted: list = []
    adopt = c.adopt_compiled_loop

    def spy() -> bool:
        adopted.append((t.visits, t.done))
        return adopt()

    monkeypatch.setattr(c, "adopt_compiled_loop", spy)
    c.run_to_end()
    qtbot.waitUntil(lambda: not c.running and not c._loading, timeout=60_000)
    assert c.trainer is t and t.done
    if not gains:  # no compiled loop for this mode: nothing loaded
        assert fresh_process == [] and adopted == [] and t._fast is None
    else:
        rule = getattr(t, "compiled_rule", None)
        assert fresh_process == [() if rule is None else (rule,)]  # its own loop only
        assert adopted and not adopted[0][1], adopted  # moved to it in the middle of the run
        assert t._fast is not None
    _numpy_trainers(monkeypatch)
    ref = make_trainer(d, c.config)
    ref.run()
    assert bits(t) == bits(ref)


# ------------------------------------------------------------------ the frame budget


def _count_calls(monkeypatch, obj, name: str) -> list[int]:
    """Count the calls of `obj.name` (the panel's own handler, wrapped)."""
    calls: list[int] = []
    original = getattr(obj, name)

    def wrapper(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, wrapper)
    return calls


@pytest.mark.long
def test_a_run_sends_frames_to_the_canvas_and_panels_follow_at_most_20_hz(
    qtbot, monkeypatch
) -> None:
    from perceptron_gui.app.controller import Change

    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    d = generate("noisy", 3000, noise=0.1, seed=3)
    w.set_points(d.points, d.labels)
    w.set_max_updates(10_000_000)
    w.set_speed(math.inf)
    w.tabs.setCurrentWidget(w.iteration_table)  # the dual view is a tab in the back
    frames: list[float] = []
    models: list[object] = []
    w.controller.changed.connect(
        lambda ch: ch & Change.RUN_FRAME and (frames.append(1), models.append(w.canvas.model()))
    )
    table = _count_calls(monkeypatch, w.iteration_table, "refresh")
    dual = _count_calls(monkeypatch, w.dual_view, "_on_model_changed")
    t0 = time.perf_counter()
    w.run()
    # However fast the machine, wait for 30 run frames (no timing assumed)...
    qtbot.waitUntil(lambda: len(frames) >= 30, timeout=20_000)
    elapsed = time.perf_counter() - t0
    assert w.state()["running"]
    # The canvas took every frame, each with the weights of its moment (not one stale).
    assert len({id(m) for m in models}) > 0.8 * len(models)
    # ...the table refreshed at most 20 times a second of them (and a few times at all)...
    assert 1 <= len(table) <= 20 * elapsed + 2, (len(table), elapsed)
    # ...the hidden dual view not at all; when shown it catches up at once.
    assert dual == []
    w.tabs.setCurrentWidget(w.dual_view)
    qtbot.waitUntil(lambda: len(dual) > 0, timeout=2000)
    w.pause()
    # After the run everyone shows the last state.
    k = w.controller.trainer.k
    assert w.iteration_table.model.rowCount() == k + 1  # the rows k = 0 … k
    assert w.timeline.slider.value() == k


@pytest.mark.long
def test_a_hidden_dock_skips_run_frames_and_the_pause_brings_it_up_to_date(
    qtbot, monkeypatch
) -> None:
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    d = generate("noisy", 2000, noise=0.1, seed=4)
    w.set_points(d.points, d.labels)
    w.set_max_updates(10_000_000)
    w.set_speed(math.inf)
    w.tables_dock.hide()
    table = _count_calls(monkeypatch, w.iteration_table, "refresh")
    w.run()
    qtbot.wait(400)
    assert table == []  # hidden: no work during the run
    w.pause()
    assert len(table) == 1  # the plain MODEL of the pause
    assert w.iteration_table.model.rowCount() == w.controller.trainer.k + 1


@pytest.mark.long
def test_a_large_data_set_is_drawn_as_a_density_image(qtbot) -> None:
    from perceptron_gui.app.canvas.canvas import HIGHLIGHT_MAX
    from perceptron_gui.app.canvas.density import DENSITY_MIN_POINTS

    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    cv = w.canvas
    d = generate("noisy", DENSITY_MIN_POINTS, noise=0.1, seed=5)
    w.set_points(d.points, d.labels)
    assert cv._marks.layers.density.isVisible() and cv._marks.layers.markers.count() == 0
    # Counted and drawn in an event-loop turn of its own, not in the edit's.
    assert cv._marks.layers.density.image is None
    qtbot.waitUntil(lambda: cv._marks.layers.density.image is not None, timeout=5000)
    img = cv._marks.layers.density.image
    assert img is not None and img.shape[2] == 4 and (img[..., 3] > 0).sum() > 1000
    # Every point is a mistake at w = 0 (b = 0): the halos draw an even sample.
    assert len(probes.misclassified_indices(cv)) > HIGHLIGHT_MAX
    assert cv._marks.layers.halos.count() <= HIGHLIGHT_MAX
    # An edit keeps the old image until the recount (no blank frame), then the new one.
    w.add_point(float(d.points[:, 0].max()) + 5.0, 0.0, 1)
    assert cv._marks.layers.density.image is img
    qtbot.waitUntil(lambda: cv._marks.layers.density.image is not img, timeout=5000)
    # Back to a small set: sprites again, the image gone.
    w.set_points([[1.0, 2.0], [-1.0, 0.5]], [1, -1])
    assert not cv._marks.layers.density.isVisible() and cv._marks.layers.markers.count() == 2


def test_density_counts_put_each_point_in_its_bin_by_class() -> None:
    from perceptron_gui.app.canvas.density import density_counts, density_rgba

    pts = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0], [1.0, 0.0]])
    labels = np.array([1, -1, 1, -1], dtype=np.int8)
    cp, cn, rect = density_counts(pts, labels, bins=3)
    assert cp.sum() == 2 and cn.sum() == 2
    assert cp[0, 0] == 1 and cn[0, 0] == 1  # rows go up x₂, columns along x₁
    assert cp[-1, -1] == 1 and cn[0, -1] == 1
    assert rect.left() < 0.0 < 1.0 < rect.right()
    img = density_rgba(cp, cn, (0, 0, 255), (255, 0, 0))
    assert tuple(img[0, 0, :3]) == (128, 0, 128)  # half and half
    assert tuple(img[-1, -1, :3]) == (0, 0, 255) and img[1, 1, 3] == 0


def test_density_counts_agree_with_a_plain_loop_on_random_sets() -> None:
    from perceptron_gui.app.canvas.density import Scratch, density_counts

    rng = np.random.default_rng(7)
    scratch = Scratch()  # kept across sets of every size, as the canvas keeps it
    for trial in range(60):
        n = int(rng.integers(1, 400))
        pts = rng.normal(size=(n, 2)) * rng.choice([1e-3, 1.0, 1e3])
        if trial % 3 == 0:
            pts = np.round(pts, 1)  # many points on bin edges and on each other
        labels = rng.choice(np.array([-1, 1], dtype=np.int8), n)
        bins = int(rng.integers(2, 40))
        cp, cn, rect = density_counts(pts, labels, bins=bins, scratch=scratch)
        # The bins by hand: a step of span / (bins - 1) from the lower-left point.
        x0, y0 = pts[:, 0].min(), pts[:, 1].min()
        span = max(pts[:, 0].max() - x0, pts[:, 1].max() - y0)
        step = span / (bins - 1) if span > 0 else max(abs(x0), abs(y0), 1.0) / (bins - 1)
        want_p, want_n = np.zeros_like(cp), np.zeros_like(cn)
        ny, nx = cp.shape
        for (x, y), label in zip(pts, labels, strict=True):
            col = min(int((x - x0) / step), nx - 1)
            row = min(int((y - y0) / step), ny - 1)
            (want_p if label > 0 else want_n)[row, col] += 1
        assert np.array_equal(cp, want_p) and np.array_equal(cn, want_n), trial
        assert rect.left() == pytest.approx(x0 - step / 2)


def test_density_counts_in_blocks_equal_one_count(monkeypatch) -> None:  # noqa: ANN001
    """The points counted a block at a time (the working arrays hold a block, not N) give
    the same counts as all at once, whatever the block's size against N."""
    from perceptron_gui.app.canvas import density

    rng = np.random.default_rng(11)
    pts = np.round(rng.normal(size=(1000, 2)) * 3.0, 1)
    labels = rng.choice(np.array([-1, 1], dtype=np.int8), 1000)
    whole = density.density_counts(pts, labels, bins=50)
    for block in (1, 7, 999, 1000, 4096):
        monkeypatch.setattr(density, "COUNT_BLOCK", block)
        scratch = density.Scratch()
        cp, cn, rect = density.density_counts(pts, labels, bins=50, scratch=scratch)
        assert np.array_equal(cp, whole[0]) and np.array_equal(cn, whole[1])
        assert rect == whole[2]
        assert all(a.shape[0] <= block + block // 8 for a in scratch._arrays.values())


@pytest.fixture
def held_loads(monkeypatch):  # noqa: ANN201, ANN001
    """A process where no compiled loop is loaded yet and each load waits for `gate`
    (a compile's seconds): `fast.loaded` and `fast.rule_loop` see only what these loads
    made. Returns (the rule names each load asked for, gate)."""
    import threading

    made: set[str] = set()
    asked: list[tuple[str, ...]] = []
    gate = threading.Event()
    real_warm, real_loop = fast.warm_up, fast.rule_loop

    def warm(rules=None):  # noqa: ANN001, ANN202
        wanted = tuple(fast.RULES.values()) if rules is None else tuple(rules)
        asked.append(tuple(r.name for r in wanted))
        gate.wait(60)
        ok = real_warm(wanted)
        made.update(("", *(r.name for r in wanted)))
        return ok

    monkeypatch.setattr(fast, "warm_up", warm)
    monkeypatch.setattr(fast, "loaded", lambda rule=None: (rule.name if rule else "") in made)
    monkeypatch.setattr(fast, "rule_loop", lambda r: real_loop(r) if r.name in made else None)
    return asked, gate


def test_a_run_judged_while_another_rules_load_goes_on_gets_its_own(
    qtbot, monkeypatch, held_loads
) -> None:
    """A run of one rule starts a load and is paused; a mode of another rule runs while
    that load goes on: when it ends, the running trainer's own loop is loaded and it
    moves to it (it stayed on numpy to its end: its load had been refused as busy)."""
    asked, gate = held_loads
    rules: dict[str, str] = {}  # a mode per compiled rule, from the registry
    d = generate("noisy", 200, noise=0.1, seed=6)
    for mode in modes():
        rule = getattr(make_trainer(d, replace(TrainConfig(), mode=mode)), "compiled_rule", None)
        if rule is not None:
            rules.setdefault(rule.name, mode)
    if len(rules) < 2:
        pytest.skip("one compiled rule only")
    (first, mode_a), (second, mode_b) = list(rules.items())[:2]
    monkeypatch.setattr(fast, "JIT_BACKGROUND_VISITS", 300)  # judged early (cheap data)
    c = Controller(frame_interval_ms=0)
    c.set_data(d, undoable=False)
    c.set_mode(mode_a)
    c.set_max_updates(10**7)  # (runs until paused)
    c.run_to_end()
    qtbot.waitUntil(lambda: asked == [(first,)], timeout=30_000)
    c.pause()
    c.set_mode(mode_b)
    t = c.trainer
    c.run_to_end()
    qtbot.waitUntil(lambda: c._load_judged, timeout=30_000)  # judged while A's load goes on
    gate.set()
    qtbot.waitUntil(lambda: len(asked) == 2 or not c._loading, timeout=60_000)
    qtbot.wait(50)  # (the queued end of the load)
    assert asked == [(first,), (second,)]
    qtbot.waitUntil(lambda: t._fast is not None, timeout=60_000)
    assert c.trainer is t and c.running and asked == [(first,), (second,)]
    c.pause()


def test_the_background_load_makes_the_kernel_rows_checks_off_the_gui_thread(
    qtbot, monkeypatch
) -> None:
    """`fast.exp_exact` and `fast.kernel_rows_exact` (once a process: 10-70 ms, ~0.8 s
    with numba's cache cold for the inlined exp) run in the load's thread, not in the
    first frame of a run on the compiled loop."""
    import threading

    where = probes.threads_checking_the_kernel_rows(monkeypatch)
    c = Controller(frame_interval_ms=0)
    assert c.warm_up_in_background(tuple(fast.RULES.values())[:1])
    qtbot.waitUntil(lambda: not c._loading, timeout=60_000)
    assert fast._rows_exact is not None and fast._exp_exact is not None
    assert where and threading.main_thread().name not in where, where

"""Speed as the user meets it: the compiled loop at start, the frame budget of a run."""

from __future__ import annotations

import math
import time

import numpy as np
import probes
import pytest

from perceptron_gui import MainWindow
from perceptron_gui.core import fast
from perceptron_gui.core.generators import generate
from perceptron_gui.core.trainer import Trainer

pytestmark = pytest.mark.skipif(not fast.available(), reason="numba is not installed")


def test_the_window_adopts_the_compiled_loop_once_warmed_up(qtbot) -> None:
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    d = generate("noisy", 2000, noise=0.1, seed=2)
    w.set_points(d.points, d.labels)
    w.controller.warm_up_in_background()
    # The trainer at its start is replaced by one on the compiled loop (the thread may
    # take seconds to compile the first time on this machine).
    compiled = lambda: fast.ready() and w.controller.trainer._fast is not None  # noqa: E731
    qtbot.waitUntil(compiled, timeout=120_000)
    w.set_max_updates(5000)
    w.run_to_end()
    qtbot.waitUntil(lambda: not w.state()["running"], timeout=30_000)
    ref = Trainer(d, w.controller.config)
    ref._fast = None  # the numpy path: the same numbers, bit for bit
    ref.run()
    assert w.controller.trainer.k == ref.k == 5000
    assert np.array_equal(w.controller.trainer.model.w, ref.model.w)


def test_a_trainer_that_moved_keeps_its_loop_until_a_reset(qtbot, monkeypatch) -> None:
    assert fast.warm_up()
    w = MainWindow(frame_interval_ms=0, autosave_ms=None)
    qtbot.addWidget(w)
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    w.set_points([[1.0, 1.0], [-1.0, -2.0], [2.0, -1.0]], [1, -1, 1])
    assert w.controller.trainer._fast is None  # made with the JIT switched off
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    w.step()
    before = w.controller.trainer
    assert not w.controller.adopt_compiled_loop()  # it has moved: not replaced
    assert w.controller.trainer is before and w.controller.trainer.k == 1
    w.reset()
    assert w.controller.trainer._fast is not None and w.controller.trainer.k == 0


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

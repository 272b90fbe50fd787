"""Speed as the user meets it: the compiled loop at start, the frame budget of a run."""

from __future__ import annotations

import numpy as np
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

"""The undo stack keeps the runs it can bring back within a memory budget: the oldest
runs are dropped first, the edits themselves all stay."""

from __future__ import annotations

import numpy as np
import probes

from perceptron_gui.app.controller import UNDO_RUNS_BUDGET, Controller, run_bytes
from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig


def _noisy(n: int, seed: int = 0):  # noqa: ANN202
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=n) > 0, 1.0, -1.0)
    return make_dataset(X, y)


def test_runs_in_the_undo_stack_stay_within_the_budget(qtbot) -> None:  # noqa: ANN001
    assert UNDO_RUNS_BUDGET <= 256 * 2**20  # documented in the controller
    c = Controller(frame_interval_ms=0)
    c.set_config(TrainConfig(max_updates=100_000))
    c.set_data(_noisy(400), "start")
    c.seek(3000)
    one = run_bytes(c.trainer)
    # the history of 3000 updates is counted (core/history.py: >= 4 bytes an update)
    assert one > 3000 * 4
    c.undo_runs_budget = int(2.5 * one)
    data_seen = [c.data]
    for i in range(12):
        c.add_point(5.0 + i, -3.0, 1 if i % 2 else -1)
        data_seen.append(c.data)
        c.seek(3000)
        assert probes.undo_runs_bytes(c) <= c.undo_runs_budget
    assert c.undo_stack.count() == 13  # every edit is kept
    # The newest edits bring their runs back; the oldest start again; the data are exact.
    c.undo_stack.undo()
    assert c.trainer.k == 3000 and c.data is data_seen[-2]
    c.undo_stack.undo()
    assert c.trainer.k == 3000
    for i in range(10):
        c.undo_stack.undo()
        assert c.data is data_seen[-4 - i]
    assert c.trainer.k == 0


def test_run_bytes_counts_the_history(qtbot) -> None:  # noqa: ANN001
    c = Controller(frame_interval_ms=0)
    c.set_config(TrainConfig(max_updates=100_000))
    c.set_data(_noisy(20_000, seed=1), "big")
    start = run_bytes(c.trainer)
    # the trainer's own working arrays (~56 bytes a point), not the data set's 24 again
    assert start < 4 * (c.data.points.nbytes + c.data.labels.nbytes)
    c.seek(2000)
    # the point of every update at least (core/history.py; the random order's visit
    # count is the update count, not stored)
    assert c.trainer.k > 500
    assert run_bytes(c.trainer) >= start + 4 * c.trainer.k

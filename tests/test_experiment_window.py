"""The window's Experiment panel (issue 29): Run ▸ Experiment… runs the data and settings on
screen many times (run i with seed s + i) off the GUI thread, shows the updates' mean,
median and histogram against the bound, and can be cancelled without a freeze.

One window for the module (conftest's `shared_window`); the numbers are compared with
`perceptron_gui.core.experiment` called directly.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from timing import limit

from perceptron_gui.app import format as fmt
from perceptron_gui.core import experiment, train
from perceptron_gui.core.experiment import MAX_RUNS
from perceptron_gui.core.registry import REGISTRY, spec
from tests.test_hardening import gaps_during

RUNS = 25


def _data(n: int = 30, d: int = 4, seed: int = 2) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = np.round(rng.uniform(-1.0, 1.0, size=(n, d)), 4)
    y = np.where(X @ np.linspace(1.0, -1.5, d) + 0.1 > 0, 1.0, -1.0)
    y[:2] *= -1  # not separable: runs end at their limits, the pocket matters
    return X, y


def _order(mode: str) -> str:
    orders = spec(mode).orders
    for o in ("random", "random-cyclic"):
        if o in orders:
            return o
    return orders[0]


@pytest.fixture(autouse=True)
def _dock_closed(shared_window) -> Iterator[None]:  # noqa: ANN001
    """The experiment leaves the shared window as it found it (the dock closed)."""
    yield
    w = shared_window
    w.experiment.cancel()
    w.experiment.runner.wait(30)
    w.experiment.dock.hide()


def _run(qtbot, w) -> object:  # noqa: ANN001
    with qtbot.waitSignal(w.experiment.runner.finished, timeout=60_000) as blocker:
        w.act_experiment.trigger()
    return blocker.args[0]


def test_the_action_runs_every_mode_as_core_experiment_does(qtbot, shared_window) -> None:  # noqa: ANN001
    w = shared_window
    X, y = _data()
    assert w.set_points(X, y)
    w.experiment.panel.runs_spin.setValue(RUNS)
    w.controller.set_seed(7)
    w.set_max_updates(60)
    for mode in sorted(REGISTRY):
        assert w.set_mode(mode) and w.set_order(_order(mode)), mode
        r = _run(qtbot, w)
        assert w.experiment.dock.isVisible() and w.experiment.result is r
        assert not w.experiment.runner.running
        settings = w.controller.config.to_dict()
        for key in ("seed", "w0", "b0"):
            settings.pop(key)
        direct = experiment(X, y, runs=RUNS, seed=7, X_test=X, y_test=y, **settings)
        assert np.array_equal(r.updates, direct.updates), mode
        assert np.array_equal(r.mistakes, direct.mistakes), mode
        assert np.array_equal(r.converged, direct.converged), mode
        assert r.stop_reasons == direct.stop_reasons and r.bound == direct.bound, mode
        assert np.array_equal(r.test_errors, direct.test_errors), mode  # the answer's E_in
        text = w.experiment.panel.summary.text()
        s = direct.summary()["updates"]
        assert f"mean {fmt.fmt(s['mean'])}, median {fmt.fmt(s['median'])}" in text, mode
        assert "seeds 7…31" in text and "seed 7 + i" in text, mode
        e = direct.summary()["test_error"]
        assert f"error on these points: mean {fmt.fmt(e['mean'])}" in text, mode
        assert w.experiment.panel.progress.value() == 1000
    # run i is the window's run with seed 7 + i
    assert w.set_mode("primal") and w.set_order("random")
    r = _run(qtbot, w)
    for i in (0, 3, RUNS - 1):
        one = train(X, y, order="random", seed=7 + i, max_updates=60)
        assert r.updates[i] == len(one.updates)


def test_the_histogram_shows_the_runs_and_the_bound(qtbot, shared_window) -> None:  # noqa: ANN001
    w = shared_window
    rng = np.random.default_rng(5)
    X = rng.uniform(-1, 1, (60, 3))
    s = X @ np.array([1.0, -1.0, 0.5]) + 0.05
    X, s = X[np.abs(s) > 0.3], s[np.abs(s) > 0.3]  # separable with a wide margin
    y = np.where(s > 0, 1.0, -1.0)
    assert w.set_points(X, y) and w.set_order("random")
    w.experiment.panel.runs_spin.setValue(200)
    r = _run(qtbot, w)
    assert r.bound is not None and r.converged.all()
    plot = w.experiment.panel.plot
    heights = np.asarray(plot._bars.opts["height"])
    assert heights.sum() == 200
    note = w.experiment.panel.note
    if r.bound <= 4 * (r.updates.max() + 0.5):  # the bound as a line, or a note for it
        assert plot._line.isVisible() and plot._line.value() == r.bound and note.isHidden()
    else:
        assert not plot._line.isVisible() and "(D/γ)²" in note.text()
    # a new setting: the numbers shown are marked as the old ones
    assert w.set_eta(0.5)
    assert w.experiment.stale and "run again" in w.experiment.panel.summary.text()


def test_cancel_stops_the_thread_and_never_freezes(qtbot, shared_window) -> None:  # noqa: ANN001
    w = shared_window
    X, y = _data(400, 4, seed=3)
    assert w.set_points(X, y) and w.set_order("random")
    w.set_max_updates(2000)
    panel, runner = w.experiment.panel, w.experiment.runner
    panel.runs_spin.setValue(MAX_RUNS)  # minutes of work: it must be cancelled
    before = w.experiment.result
    gap = gaps_during(qtbot, w.act_experiment.trigger, lambda: panel.progress.value() > 0, 3.0)
    assert runner.running and runner.thread_alive and panel.cancel_button.isEnabled()
    assert gap < limit(0.1), f"the window froze for {gap:.3f} s"
    panel.cancel_button.click()
    assert not runner.running and not panel.cancel_button.isEnabled()
    assert runner.wait(limit(2.0)), "the worker thread did not stop"
    qtbot.wait(50)  # whatever the thread reported last is dropped
    assert w.experiment.result is before
    assert "Cancelled." in panel.summary.text()
    # a change of the data or the settings cancels a running experiment too
    w.act_experiment.trigger()
    assert runner.running
    assert w.set_eta(2.0)
    assert not runner.running and runner.wait(limit(2.0))
    assert "the data or the settings changed" in panel.summary.text()


def test_nothing_to_run_is_a_message(shared_window) -> None:  # noqa: ANN001
    w = shared_window
    w.act_experiment.trigger()
    assert not w.experiment.runner.running
    assert "No points" in w.experiment.panel.summary.text()


def test_the_panel_in_chinese(qtbot, shared_window) -> None:  # noqa: ANN001
    w = shared_window
    X, y = _data()
    assert w.set_points(X, y) and w.set_order("random")
    w.experiment.panel.runs_spin.setValue(RUNS)
    assert w.set_language("zh_CN")
    try:
        _run(qtbot, w)
        panel = w.experiment.panel
        assert panel.run_button.text() != "Run" and "runs" not in panel.summary.text()
        assert w.act_experiment.text() != "E&xperiment…"
    finally:
        assert w.set_language("en")

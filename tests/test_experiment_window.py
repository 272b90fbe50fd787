"""The window's Experiment panel (issue 29): Run ▸ Experiment… runs the data and settings on
screen many times (run i with seed s + i) off the GUI thread, shows the updates' mean,
median and histogram against the bound, and can be cancelled without a freeze.

One window for the module (conftest's `shared_window`); the numbers are compared with
`perceptron_gui.core.experiment` called directly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import probes
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
    w.experiment.set_test(None)
    w.experiment.dock.hide()


def _run(qtbot, w) -> object:  # noqa: ANN001
    with qtbot.waitSignal(w.experiment.runner.finished, timeout=60_000) as blocker:
        w.act_experiment.trigger()
    return blocker.args[0]


@pytest.mark.long
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


@pytest.mark.long
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


@pytest.mark.long
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


def _write(path: Path, X: np.ndarray, y: np.ndarray) -> Path:
    """A file in the NTU homework's format (features, a tab, the label)."""
    path.write_text(
        "".join(
            " ".join(f"{v:.4f}" for v in x) + f"\t{int(t)}\n" for x, t in zip(X, y, strict=True)
        )
    )
    return path


@pytest.mark.long
def test_a_test_set_from_a_file_scores_each_run_as_the_command_does(
    qtbot, shared_window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:  # noqa: ANN001
    """The panel's Choose… takes a test set from a file, and each run's answer is scored
    on it: the numbers of `core.experiment(..., X_test=...)` and of `perceptron experiment
    --test` bit for bit (the homework's pocket questions, in the window); × goes back to
    the points themselves; a bad file or one of other d is a message, nothing lost."""
    from perceptron_gui.app.window import experiment as window_experiment
    from perceptron_gui.cli.command import main

    w = shared_window
    X, y = _data(40, seed=2)
    Xt, yt = _data(30, seed=9)
    train_p = _write(tmp_path / "train.dat", X, y)
    test_p = _write(tmp_path / "test.dat", Xt, yt)
    assert w.load(train_p) and w.set_mode("pocket") and w.set_order("random")
    w.set_max_updates(15)
    w.controller.set_seed(5)
    panel = w.experiment.panel
    panel.runs_spin.setValue(RUNS)
    assert panel.test_value.text() == "the points themselves" and not panel.test_clear.isEnabled()

    Chosen = probes.answered_dialog(test_p)  # the file dialog, answered
    monkeypatch.setattr(window_experiment, "file_dialog", Chosen)
    panel.test_button.click()
    assert panel.test_value.text() == "test.dat (30 points)" and panel.test_clear.isEnabled()
    r = _run(qtbot, w)
    X, y = np.array(w.state()["points"]), np.array(w.state()["labels"])  # as read from the file
    Xt = np.round(Xt, 4)
    settings = w.controller.config.to_dict()
    for key in ("seed", "w0", "b0"):
        settings.pop(key)
    direct = experiment(X, y, runs=RUNS, seed=5, X_test=Xt, y_test=yt, **settings)
    assert np.array_equal(r.test_errors, direct.test_errors)
    assert np.array_equal(r.updates, direct.updates)
    args = ["experiment", str(train_p), "--runs", str(RUNS), "--seed", "5", "--order", "random"]
    args += ["--mode", "pocket", "--max-updates", "15", "--test", str(test_p), "--format", "json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["per_run"]["test_error"] == r.test_errors.tolist()
    e = direct.summary()["test_error"]
    text = panel.summary.text()
    assert f"test error of the answer on test.dat (30 points): mean {fmt.fmt(e['mean'])}" in text
    # × : the points themselves again (the result shown is marked old).
    panel.test_clear.click()
    assert w.experiment.test is None and panel.test_value.text() == "the points themselves"
    assert w.experiment.stale and "run again" in panel.summary.text()
    # A bad file: a message naming the line; the test set stays as it was.
    assert w.experiment.set_test(test_p)
    bad = tmp_path / "bad.dat"
    bad.write_text("0.1 0.2 0.3 0.4\t1\n0.1 0.2 0.3\t-1\n")
    assert not w.experiment.set_test(bad)
    assert "Test set not read" in panel.summary.text() and "line 2" in panel.summary.text()
    assert w.experiment.test_name == "test.dat"
    # Another number of features: refused when it would run.
    three = _write(tmp_path / "three.dat", Xt[:, :3], yt)
    assert w.experiment.set_test(three)
    assert not w.experiment.start()
    assert "The test set has 3 features and the points 4" in panel.summary.text()
    assert not w.experiment.runner.running

"""The overflow guard refuses only real overflow (a weight, score or dual score that would be
inf or NaN), checked against a plain Python loop; initial weights whose scores overflow stop
the run before any visit. No Qt here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core.api import train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.trainer import Trainer

HUGE2 = [[1e150, 1e150], [-1e150, -1e150]]
MODES = ("primal", "dual", "pocket")
ORDERS = ("first", "cyclic", "random-cyclic", "random")


def plain_first(X, y, eta, max_updates=200):
    """The textbook loop, first order, in Python floats; stops when a number is not finite.

    Returns (updates, stopped_by_overflow).
    """
    w0 = w1 = b = 0.0
    ups: list[tuple[int, float, float, float]] = []
    while len(ups) < max_updates:
        bad = [
            i
            for i, (p, t) in enumerate(zip(X, y, strict=True))
            if t * (p[0] * w0 + p[1] * w1 + b) <= 0
        ]
        if not bad:
            return ups, False
        i = bad[0]
        n0, n1, nb = w0 + eta * y[i] * X[i][0], w1 + eta * y[i] * X[i][1], b + eta * y[i]
        scores = [p[0] * n0 + p[1] * n1 + nb for p in X]
        if not all(map(math.isfinite, (n0, n1, nb, *scores))):
            return ups, True
        w0, w1, b = n0, n1, nb
        ups.append((i, w0, w1, b))
    return ups, False


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_huge_points_whose_scores_stay_finite_are_trained(mode: str, order: str) -> None:
    # Scores 2e300 after one update: finite. The guard used to refuse this after 0 updates.
    r = train(HUGE2, [1, -1], mode=mode, order=order)
    assert r.stop_reason == "converged" and r.converged and r.mistakes == 1
    assert r.w == (1e150, 1e150) and abs(r.b) == 1.0  # either point gives this w


@pytest.mark.parametrize("mode", MODES)
def test_dual_equals_primal_where_the_gram_entries_are_large(mode: str) -> None:
    # Gram entries 6.4e299: the dual used to refuse what the primal trains.
    X = [[8e149, 0.0], [-8e149, 0.0]]
    r = train(X, [1, -1], mode=mode)
    assert r.converged and r.mistakes == 1 and r.w == (8e149, 0.0)


def test_stops_exactly_where_the_plain_loop_would_overflow() -> None:
    rng = np.random.default_rng(5)
    seen_overflow = seen_fine = 0
    for trial in range(60):
        n = int(rng.integers(2, 7))
        # Powers of two times small integers: every sum is exact, so the dual's scores equal
        # the primal's and both must stop at the same update.
        scale = 2.0 ** int(rng.integers(330, 497))
        X = (rng.integers(-4, 5, size=(n, 2)) * scale).tolist()
        y = rng.choice([-1.0, 1.0], size=n).tolist()
        eta = 2.0 ** int(rng.integers(0, 530))
        ups, overflow = plain_first(X, y, eta, max_updates=60)
        results = {m: train(X, y, mode=m, order="first", eta=eta, max_updates=60) for m in MODES}
        for mode, r in results.items():
            assert r.mistakes == len(ups), (trial, mode)
            assert list(r.updates) == [u[0] for u in ups], (trial, mode)
            assert r.history_w.tolist() == [[u[1], u[2]] for u in ups], (trial, mode)
            assert (r.stop_reason == "overflow") == overflow, (trial, mode, r.stop_reason)
            assert all(np.isfinite([*r.w, r.b]))
        seen_overflow += overflow
        seen_fine += not overflow
    assert seen_overflow > 5 and seen_fine > 5  # both kinds of run were tried


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("mode", MODES)
def test_initial_weights_whose_scores_overflow_stop_before_any_visit(mode: str, order: str) -> None:
    # 1e300 · 1e150 = inf and inf - inf = NaN: the run used to say "converged, 0 mistakes".
    d = make_dataset(HUGE2, [1, -1])
    if mode == "dual":  # the dual form refuses w0 (its w is Σ α_i y_i x_i)
        with pytest.raises(DataError, match="w0 do not apply to the dual"):
            TrainConfig(mode=mode, order=order, w0=(1e300, -1e300))
        return
    t = Trainer(d, TrainConfig(mode=mode, order=order, w0=(1e300, -1e300)))
    assert t.start_overflows and t.done and t.stop_reason == "overflow"
    assert not t.converged and t.k == 0 and t.visits == 0
    assert t.step() is None and t.visit() is None and t.run() == 0
    m = t.margins()
    assert not np.isnan(m).any() and t.errors() == 2  # a NaN score is never "correct"
    t.reset()
    t.seek(5)
    assert t.stop_reason == "overflow" and t.visits == 0
    r = t.result()
    assert r.stop_reason == "overflow" and not r.converged and r.mistakes == 0


def test_initial_weights_with_finite_scores_are_not_refused() -> None:
    d = make_dataset(HUGE2, [1, -1])
    t = Trainer(d, TrainConfig(w0=(1e150, 1e150)))  # scores 2e300: finite
    assert not t.start_overflows and t.stop_reason is None
    t.run()
    assert t.converged and t.k == 0


def test_cli_refuses_initial_weights_that_overflow(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    from perceptron_gui.core.io import write_session

    p = tmp_path / "s.json"
    write_session(p, make_dataset(HUGE2, [1, -1]), TrainConfig(w0=(1e300, -1e300)))
    code = cli.main(["trace", str(p)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("perceptron: error: "), err
    assert "initial weights" in err and "overflow" in err and "Warning" not in err


def test_the_overflow_bound_and_check_are_the_engines_once() -> None:
    """One `overflow.SAFE` and one numpy `overflow.scores_finite` for the plane's trainers
    and the R^d runs (the compiled loop's numba twin aside); no module reads another's copy."""
    import ast
    from pathlib import Path

    from perceptron_gui.core import engine, multi, overflow, replay, trainer

    core = Path(engine.__file__).parent
    bounds, checks = [], []
    for path in sorted(core.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                if node.value.value == 1e300:
                    bounds += [(path.name, t.id) for t in node.targets if isinstance(t, ast.Name)]
            if isinstance(node, ast.FunctionDef) and node.name.endswith("scores_finite"):
                checks.append((path.name, node.name))
    assert bounds == [("overflow.py", "SAFE")]
    assert checks == [("multi.py", "_loop_scores_finite"), ("overflow.py", "scores_finite")]
    assert multi.SAFE is replay.SAFE is engine.SAFE is trainer.SAFE is overflow.SAFE
    assert multi.scores_finite is replay.scores_finite is engine.scores_finite
    assert engine.scores_finite is overflow.scores_finite
    X = np.array([[1e150, 1e150, 1.0], [-1e150, 1e150, 0.0]])
    for w, ok in (([1e150, 1e150, 0.0], True), ([1e160, 1e160, 0.0], False)):
        assert engine.scores_finite(X.T, np.array(w), 0.0, 1e150) is ok
    assert engine.scores_finite(X.T, [0.0, 0.0, math.inf], 0.0, 1.0) is False

"""`Trainer.seek_update(k)` against a fresh trainer stepped k times (no Qt here)."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.config import ORDERS, TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.trainer import Trainer

# The trainer of the primal updates (the other modes have their own tests).
MODES = ("primal", "dual", "pocket")


def random_data(rng: np.random.Generator, n: int) -> Dataset:
    """Integer points; labels from a random line (separable) or at random (often not)."""
    X = rng.integers(-6, 7, size=(n, 2)).astype(float)
    if rng.integers(2):
        w, b = rng.integers(-3, 4, size=2), rng.integers(-3, 4)
        y = np.where(X @ w + b > 0, 1, -1)
    else:
        y = rng.choice([-1, 1], size=n)
    return make_dataset(X, y)


def stepped(data: Dataset, cfg: TrainConfig, k: int) -> Trainer:
    """The reference: a fresh trainer and `step()` k times (fewer if the run ends)."""
    t = make_trainer(data, cfg)
    for _ in range(k):
        if t.step() is None:
            break
    return t


def assert_same_state(t: Trainer, ref: Trainer) -> None:
    assert t.k == ref.k
    assert t.visits == ref.visits
    assert (t.w, t.b) == (ref.w, ref.b)
    assert (t.done, t.stop_reason, t.converged) == (ref.done, ref.stop_reason, ref.converged)
    assert t.misclassified().tolist() == ref.misclassified().tolist()
    if ref.alpha is None:
        assert t.alpha is None
    else:
        assert t.alpha is not None and t.alpha.tolist() == ref.alpha.tolist()
    pocket = (ref.pocket_w, ref.pocket_b, ref.pocket_errors)
    assert (t.pocket_w, t.pocket_b, t.pocket_errors) == pocket
    assert t.last == ref.last
    assert t.history_w.tolist() == ref.history_w.tolist()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seek_update_equals_stepping(mode: str, order: str, seed: int) -> None:
    rng = np.random.default_rng([seed, MODES.index(mode), ORDERS.index(order)])
    data = random_data(rng, int(rng.integers(3, 14)))
    cfg = TrainConfig(mode=mode, order=order, seed=seed, max_updates=40)  # type: ignore[arg-type]
    t = make_trainer(data, cfg)
    final = stepped(data, cfg, 10**6).k
    refs = {k: stepped(data, cfg, k) for k in range(final + 1)}
    for _ in range(25):
        target = int(rng.integers(0, final + 6))
        # Mix in other moves so that seek_update starts from every kind of state.
        move = rng.integers(4)
        if move == 1:
            t.visit()
        elif move == 2:
            t.step_back()
        elif move == 3:
            t.seek(int(rng.integers(0, 3 * data.n + 1)))
        reached = t.seek_update(target)
        ref = refs[min(target, final)] if target <= final else stepped(data, cfg, target)
        assert reached == ref.k == min(target, final)
        assert_same_state(t, ref)


def test_seek_update_worked_example() -> None:
    # x1=(3,3)+, x2=(4,3)+, x3=(1,1)-, cyclic order: updates on x1, x3, x3, x3, x1, x3, x3
    # at visits 1, 3, 6, 9, 10, 12, 15 (x3 is visited at 3, 6, 9, 12, 15).
    data = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    t = make_trainer(data, TrainConfig(order="cyclic"))
    assert t.seek_update(4) == 4
    assert (t.w, t.b, t.visits) == ((0.0, 0.0), -2.0, 9)
    assert t.seek_update(1) == 1
    assert (t.w, t.b, t.visits) == ((3.0, 3.0), 1.0, 1)
    assert t.seek_update(100) == 7  # the run converges after 7 updates
    assert (t.w, t.b, t.converged) == ((1.0, 1.0), -3.0, True)
    assert t.seek_update(7) == 7  # back to right after update 7: convergence not yet seen
    assert (t.visits, t.done) == (15, False)
    assert t.seek_update(0) == 0
    assert (t.w, t.b, t.visits, t.last) == ((0.0, 0.0), 0.0, 0, None)
    assert t.seek_update(-3) == 0

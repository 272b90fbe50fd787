"""The step-able run in R^d (core/replay.py) is `train()`'s run, step by step and visit by visit."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.registry import REGISTRY, make_trainer, spec

MODES = sorted(REGISTRY)


def _data(d: int, flip: int, seed: int = 4) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(30, d))
    y = np.where(X @ rng.normal(size=d) + 0.3 > 0, 1.0, -1.0)
    y[:flip] *= -1
    return X, y


def _same(q, r) -> None:  # noqa: ANN001
    assert np.array_equal(q.updates, r.updates)
    assert np.array_equal(q.history_w, r.history_w)
    assert np.array_equal(q.history_b, r.history_b)
    assert (q.visits, q.stop_reason, q.mistakes, q.converged) == (
        r.visits, r.stop_reason, r.mistakes, r.converged,
    )  # fmt: skip
    assert q.pocket_w == r.pocket_w and q.pocket_errors == r.pocket_errors
    assert q.avg_w == r.avg_w and q.avg_b == r.avg_b
    if r.alpha is not None:
        assert np.array_equal(q.alpha, r.alpha)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_and_order_steps_to_train_s_numbers(mode: str) -> None:
    for order in spec(mode).orders:
        for d, flip in ((4, 0), (3, 3)):
            X, y = _data(d, flip)
            kw = {"mode": mode, "order": order, "seed": 2, "max_updates": 150, "eta": 0.7}
            r = train(X, y, **kw)  # type: ignore[arg-type]
            t = make_trainer(make_dataset(X, y), TrainConfig(**kw))  # type: ignore[arg-type]
            while t.step() is not None:
                pass
            assert t.done
            _same(t.result(), r)
            # visit by visit: the same run, and the mistakes the records say
            t.reset()
            recs = []
            while (rec := t.visit()) is not None:
                recs.append(rec)
            _same(t.result(), r)
            if spec(mode).counts_apart:
                assert sum(rec.mistake for rec in recs) == r.mistakes


def test_back_and_forth_reads_the_tape() -> None:
    X, y = _data(4, 3)
    t = make_trainer(make_dataset(X, y), TrainConfig(mode="pocket", max_updates=40))
    ws = [t.w]
    while t.step() is not None:
        ws.append(t.w)
    assert len(ws[0]) == 4
    for k in (30, 3, 17, 0, 40):
        assert t.seek_update(k) == k and t.w == ws[k]
    t.seek_update(10)
    assert t.step_back() and t.k == 9 and t.w == ws[9]
    rec = t.step()
    assert rec is not None and rec.k == 10 and rec.w_before == ws[9] and rec.w_after == ws[10]
    assert len(rec.dw) == 4
    assert t.history_slice("w3", 0, 10).shape == (10,)


@pytest.mark.parametrize("mode", [m for m in MODES if spec(m).answer_kind])
def test_the_replays_answer_is_train_s_and_is_built_once_a_state(mode: str, monkeypatch) -> None:  # noqa: ANN001
    """The replay's answer (the pocket, the average, the vote: `multi.answer_model`) is
    `train()`'s at the end, and a frame's several reads at one state build it once."""
    from perceptron_gui.core import replay

    X, y = _data(3, 3)
    c = TrainConfig(mode=mode, max_epochs=4)
    t = make_trainer(make_dataset(X, y), c)
    made = []
    real = replay._Cut
    monkeypatch.setattr(replay, "_Cut", lambda *a: made.append(a) or real(*a))
    t.step()
    first = t.answer
    assert t.answer is first and t.answer_errors is not None and len(made) == 1
    t.step()
    assert t.answer is not first and len(made) == 2
    t.seek(10**9)
    r = train(X, y, mode=mode, max_epochs=4)
    assert t.answer.decision(X).tolist() == r.answer.decision(X).tolist()
    want = int(np.count_nonzero(y * r.answer.decision(X) <= 0.0))
    assert t.answer_errors == (r.pocket_errors if r.pocket_errors is not None else want)

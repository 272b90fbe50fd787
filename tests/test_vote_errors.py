"""The voted perceptron's answer errors are counted incrementally (issue 35: the readout
evaluated every vote vector on every point each refresh: 10⁶ vectors on 40 points took
9.3 s a frame), and are exactly those of the full vote at every state."""

from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import online
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import make_trainer


def full(t, data) -> int:  # noqa: ANN001
    return int(np.count_nonzero(t._y * t.answer.decision(data.points) <= 0.0))


@pytest.mark.parametrize("bias", [True, False])
def test_the_same_count_as_the_full_vote_along_a_random_walk(
    bias: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(online, "_VOTE_CHECKPOINT", 64)
    d = generate("xor", 30, seed=3)
    t = make_trainer(d, TrainConfig(mode="voted", order="random-cyclic", bias=bias, seed=5))
    rng = np.random.default_rng(1)
    for _ in range(40):
        r = rng.random()
        if r < 0.5:
            t.run(max_updates=int(rng.integers(1, 200)))
        elif r < 0.7:
            t.visit()
        elif r < 0.9:
            t.seek_update(int(rng.integers(0, t.k + 1)))
        else:
            t.step_back()
        assert t.answer_errors == full(t, d)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_same_count_as_the_full_vote_across_blocks(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs of up to ~470 updates between counts (To end with the compiled trainer): the
    new vectors span several of the count's checkpoints (`_VOTE_CHECKPOINT` vectors),
    pieces (`_VOTE_PIECE` scores) and blocks (`_VOTE_BLOCK` scores), on data sets of random
    sizes; the count is the full vote's each time. The three sizes are shrunk here (the
    app's 16 K-vector checkpoints and 64 K-score blocks needed runs of 30 000 updates, and
    the reference vote over them was 90 % of the test's time; its 4 M-score pieces were
    never crossed at these sizes): now a piece is shorter than a checkpoint, so all three
    boundaries are crossed (skipping a piece's first or last block fails here)."""
    monkeypatch.setattr(online, "_VOTE_BLOCK", 1 << 10)
    monkeypatch.setattr(online, "_VOTE_PIECE", 1 << 14)
    monkeypatch.setattr(online, "_VOTE_CHECKPOINT", 1 << 8)
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 300))
    d = generate("noisy", n, noise=0.3, seed=seed)
    order = ("cyclic", "random-cyclic")[seed % 2]
    t = make_trainer(d, TrainConfig(mode="voted", order=order, max_updates=10**6, seed=seed))
    for _ in range(6):
        t.run(max_updates=int(rng.integers(1, 30_000 >> 6)))
        assert t.answer_errors == full(t, d)


def test_each_refresh_scores_only_the_new_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    """(At checkpoints every 256 vectors, not the app's 16 384: the same bookkeeping, on a
    run 16× shorter.)"""
    cp = 1 << 8
    monkeypatch.setattr(online, "_VOTE_CHECKPOINT", cp)
    d = generate("xor", 40, seed=2)
    t = make_trainer(d, TrainConfig(mode="voted", max_updates=10**6))
    t.run(max_updates=2_500)
    assert t.answer_errors == full(t, d)
    scored: list[int] = []
    add = online.VotedTrainer._add_vote_terms

    def counting(self, neg, f, K):  # noqa: ANN001, ANN202
        scored.append(K - f)
        return add(self, neg, f, K)

    monkeypatch.setattr(online.VotedTrainer, "_add_vote_terms", counting)
    for _ in range(50):
        t.step()
        t.answer_errors  # noqa: B018 - what the readout asks each refresh
    assert sum(scored) == 50  # one finished vector a step, not 2 500
    scored.clear()
    t.seek_update(2_200)  # back: from the checkpoint below (2 048), not from 0
    t.answer_errors  # noqa: B018
    assert sum(scored) == 2_200 - 8 * cp
    assert t.answer_errors == full(t, d)
    scored.clear()
    t.step_back()  # a step back keeps the checkpoints too (it summed 10⁶ vectors again)
    t.answer_errors  # noqa: B018
    assert sum(scored) == 2_200 - 1 - 8 * cp
    assert t.answer_errors == full(t, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_vote_is_the_whole_historys_and_a_model_never_changes_after(seed: int) -> None:
    """`answer` keeps the vectors between calls (issue 35: `votes` read the whole history
    each frame, 0.35 s at 10⁶): the same arrays as `votes` along a random walk, and a model
    handed out keeps its numbers whatever the run does after."""
    d = generate("noisy", 30, noise=0.3, seed=seed)
    cfg = TrainConfig(mode="voted", order="random-cyclic", bias=seed != 1, seed=seed)
    t = make_trainer(d, cfg)
    rng = np.random.default_rng(seed)
    kept = []
    for _ in range(60):
        r = rng.random()
        if r < 0.4:
            t.run(max_updates=int(rng.integers(1, 300)))
        elif r < 0.6:
            t.visit()
        elif r < 0.8:
            t.seek_update(int(rng.integers(0, t.k + 1)))
        elif r < 0.9:
            t.step_back()
        else:
            t.reset()
        a = t.answer
        W, B, c = t.votes()
        assert np.array_equal(a.W, W) and np.array_equal(a.B, B) and np.array_equal(a.counts, c)
        kept.append((a, W, B, c))
    for a, W, B, c in kept:
        assert np.array_equal(a.W, W) and np.array_equal(a.B, B) and np.array_equal(a.counts, c)


def _averaged_by_cumsum(t) -> tuple[tuple[float, float], float]:  # noqa: ANN001
    """The average as it was computed from every vector each time (the reference)."""
    if t._v == 0:
        return t._w_init, t._b_init
    W, B, c = t.votes()
    keep = c > 0
    W, B, c = W[keep], B[keep], c[keep]
    v = float(t._v)
    a0 = float(np.cumsum(c * W[:, 0])[-1]) / v
    a1 = float(np.cumsum(c * W[:, 1])[-1]) / v
    return (a0, a1), (float(np.cumsum(c * B)[-1]) / v if t._bias else 0.0)


@pytest.mark.parametrize("piece", [None, 100])
@pytest.mark.parametrize("bias", [True, False])
def test_the_average_has_the_same_bits_along_a_random_walk(
    bias: bool, piece: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(online, "_VOTE_CHECKPOINT", 64)
    if piece is not None:  # vectors read from the history in pieces across checkpoints
        monkeypatch.setattr(online, "_AVG_PIECE", piece)
    d = generate("noisy", 25, seed=3)
    cfg = TrainConfig(mode="averaged", bias=bias, w0=(0.3, -1.7), b0=0.1, eta=0.7)
    t = make_trainer(d, cfg)
    rng = np.random.default_rng(2)
    for _ in range(40):
        r = rng.random()
        if r < 0.5:
            t.run(max_updates=int(rng.integers(1, 200)))
        elif r < 0.7:
            t.visit()
        else:
            t.seek_update(int(rng.integers(0, t.k + 1)))
        assert repr(t.averaged()) == repr(_averaged_by_cumsum(t))


def test_the_running_sums_skip_the_vectors_without_a_count() -> None:
    """`_prefix_sums` as `np.cumsum` over the counted terms, with the sums after every
    prefix (its fast path: only the first count is 0; otherwise masks), the first vector
    given apart or not."""
    rng = np.random.default_rng(4)
    for zeros in ([], [0], [0, 5, 6], [7]):
        c = rng.integers(1, 9, size=12).astype(float)
        c[zeros] = 0.0
        W0, W1, B = (rng.normal(size=12) * 10.0 ** rng.integers(-5, 5, size=12) for _ in "abc")
        for acc in (None, (0.5, -0.0, 1e-3)):
            for apart in (False, True):
                if apart:
                    head = (float(W0[0]), float(W1[0]), float(B[0]))
                    sums = online._prefix_sums(acc, W0[1:], W1[1:], B[1:], c, head)
                else:
                    sums = online._prefix_sums(acc, W0, W1, B, c)
                for t in range(13):
                    keep = c[:t] > 0
                    want = []
                    for col, a in zip((W0, W1, B), acc or (None,) * 3, strict=True):
                        terms = c[:t][keep] * col[:t][keep]
                        if a is not None:
                            terms = np.concatenate(([a], terms))
                        want.append(float(np.cumsum(terms)[-1]) if len(terms) else None)
                    got = online._sums_after(sums, t)
                    assert repr(got) == repr(None if want[0] is None else tuple(want))

"""The seam: one registry entry per mode, one protocol, step records that describe updates,
and the margin perceptron added through them (core only, no Qt)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core import make_dataset, make_trainer, train
from perceptron_gui.core.config import MODES, ORDERS, TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.generators import generate
from perceptron_gui.core.novikoff import novikoff
from perceptron_gui.core.registry import REGISTRY, spec

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


def test_every_mode_has_one_entry_and_its_trainer_has_the_whole_surface() -> None:
    assert tuple(REGISTRY) == MODES
    data = make_dataset(EX_X, EX_Y)
    names = [
        "step", "visit", "step_back", "seek", "seek_update", "run", "reset", "result",
        "model", "answer", "k", "mistakes", "w", "b", "threshold", "spec", "last",
    ]  # fmt: skip
    for mode, s in REGISTRY.items():
        t = make_trainer(data, TrainConfig(mode=mode, order=s.orders[0]))
        assert t.spec is s
        for name in names:
            assert hasattr(t, name), (mode, name)
        assert set(s.orders) <= set(ORDERS)
        assert (s.orders_note == "") == (s.orders == ORDERS)


def test_an_order_a_mode_refuses_says_why_from_the_registry() -> None:
    with pytest.raises(DataError, match="batch perceptron.*whole set"):
        TrainConfig(mode="batch", order="random")


def test_a_setting_a_mode_does_not_use_is_accepted_and_ignored() -> None:
    a = train(EX_X, EX_Y, mode="primal")
    b = train(EX_X, EX_Y, mode="primal", C=5.0, margin=3.0, kernel="rbf", sigma=2.0)
    assert a.w == b.w and a.b == b.b and a.updates.tolist() == b.updates.tolist()


def test_a_primal_step_record_describes_its_update() -> None:
    t = make_trainer(make_dataset(EX_X, EX_Y), TrainConfig(eta=0.5))
    r = t.step()
    assert r is not None
    assert (r.index, r.points, r.reason, r.scale) == (0, (0,), "mistake", 0.5)
    assert r.dw == (1.5, 1.5) and r.db == 0.5 and r.size == 1
    assert r.threshold is None


def test_a_batch_step_record_names_every_point_it_summed() -> None:
    t = make_trainer(make_dataset(EX_X, EX_Y), TrainConfig(mode="batch"))
    r = t.step()
    assert r is not None and r.reason == "batch" and r.points == (0, 1, 2)
    # Σ y x over the three mistakes at w = 0: (3, 3) + (4, 3) - (1, 1) = (6, 5), Σ y = 1.
    assert r.dw == (6.0, 5.0) and r.db == 1.0 and r.scale == 1.0
    t.run()
    last = t.last
    assert last is not None and last.reason == "batch" and last.points
    assert last.points == tuple(t.result().batch_points[-1].tolist())


def test_a_pa_margin_correction_is_recorded_as_one_with_its_tau() -> None:
    t = make_trainer(make_dataset(EX_X, EX_Y), TrainConfig(mode="pa"))
    seen = set()
    while (r := t.step()) is not None:
        seen.add(r.reason)
        if r.reason == "margin":
            assert 0.0 < r.margin < 1.0 and not r.mistake
        x = np.array(EX_X[r.index])
        tau = min(1.0, (1.0 - r.margin) / float(x @ x))
        assert r.scale == pytest.approx(tau)
        assert r.dw == pytest.approx(tuple(tau * EX_Y[r.index] * x))
    assert seen == {"mistake", "margin"}
    assert t.mistakes < t.k


# ---------------------------------------------------------------- margin perceptron


def plain_margin_loop(X, y, margin, eta=1.0, bias=True, max_epochs=1000):
    """The textbook loop, cyclic order, on plain floats."""
    w0 = w1 = b = 0.0
    updates, mistakes = [], 0
    for _ in range(max_epochs):
        clean = True
        for i, ((x0, x1), yi) in enumerate(zip(X, y, strict=True)):
            s = yi * ((x0 * w0 + x1 * w1) + b)
            if s <= margin:
                mistakes += s <= 0
                w0 += eta * yi * x0
                w1 += eta * yi * x1
                if bias:
                    b += eta * yi
                updates.append(i)
                clean = False
        if clean:
            break
    return (w0, w1), b, updates, mistakes


@pytest.mark.parametrize("margin", [0.5, 1.0, 3.0])
@pytest.mark.parametrize("eta", [1.0, 0.25])
def test_the_margin_perceptron_matches_a_plain_loop(margin: float, eta: float) -> None:
    d = generate("separable", 30, seed=3)
    X, y = d.points.tolist(), d.labels.tolist()
    w, b, ups, mistakes = plain_margin_loop(X, y, margin, eta)
    r = train(d.points, d.labels, mode="margin", margin=margin, eta=eta)
    assert r.converged and r.stop_reason == "converged"
    assert r.updates.tolist() == ups
    assert r.w == w and r.b == b
    assert r.mistakes == mistakes and len(r.updates) >= mistakes
    scores = np.asarray(y) * (np.asarray(X) @ np.asarray(w) + b)
    assert (scores > margin).all()


def test_the_worked_example_with_margin_one_by_hand() -> None:
    # x1 = (3,3)+, x2 = (4,3)+, x3 = (1,1)-, cyclic, η = 1, margin = 1:
    # the plain loop, written out, gives these updates.
    w, b, ups, mistakes = plain_margin_loop(EX_X, EX_Y, 1.0)
    r = train(EX_X, EX_Y, mode="margin", margin=1.0)
    assert (r.w, r.b, r.updates.tolist()) == (w, b, ups)
    t = make_trainer(make_dataset(EX_X, EX_Y), TrainConfig(mode="margin"))
    kinds = [t.step() for _ in range(len(ups))]
    assert all(k is not None for k in kinds)
    assert {k.reason for k in kinds if k} == {"mistake", "margin"}
    assert sum(k.mistake for k in kinds if k) == mistakes == t.mistakes


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("bias", [True, False])
def test_margin_zero_is_the_primal_form_bit_for_bit(order: str, bias: bool) -> None:
    d = generate("noisy", 40, noise=0.1, seed=7)
    kw = dict(order=order, bias=bias, max_updates=300, seed=2, eta=0.3)
    p = train(d.points, d.labels, mode="primal", **kw)
    m = train(d.points, d.labels, mode="margin", margin=0.0, **kw)
    assert m.updates.tolist() == p.updates.tolist()
    assert np.array_equal(m.history_w, p.history_w) and np.array_equal(m.history_b, p.history_b)
    assert (m.w, m.b, m.stop_reason, m.visits) == (p.w, p.b, p.stop_reason, p.visits)
    assert m.mistakes == p.mistakes


@pytest.mark.parametrize("seed", range(8))
def test_the_margin_perceptron_never_exceeds_its_bound(seed: int) -> None:
    d = generate("separable", 25, seed=seed)
    bound = novikoff(d.points, d.labels)
    for margin, eta in ((1.0, 1.0), (2.0, 0.5), (0.5, 2.0)):
        config = TrainConfig(mode="margin", margin=margin, eta=eta)
        mb = spec("margin").bound(config, d.n, bound)
        expect = (bound.D**2 + 2 * margin / eta) / bound.gamma**2
        assert mb.value == pytest.approx(expect) and mb.name == "(D² + 2·margin/η)/γ²"
        for order in ("cyclic", "random", "first"):
            r = train(d.points, d.labels, mode="margin", margin=margin, eta=eta, order=order)
            assert r.converged and len(r.updates) <= mb.value


def test_the_bound_of_every_mode_comes_from_the_registry() -> None:
    d = make_dataset(EX_X, EX_Y)
    bound = novikoff(d)
    values = {}
    for mode, s in REGISTRY.items():
        values[mode] = s.bound(TrainConfig(mode=mode, order=s.orders[0]), d.n, bound).value
    assert values["primal"] == values["dual"] == values["voted"] == bound.bound
    assert values["batch"] == pytest.approx(3 * bound.bound)
    assert values["pa"] is None
    assert values["margin"] == pytest.approx((bound.D**2 + 2) / bound.gamma**2)
    assert math.isclose(bound.bound, 117.0, rel_tol=1e-9)


def test_the_random_order_of_the_margin_perceptron_picks_among_its_candidates() -> None:
    t = make_trainer(make_dataset(EX_X, EX_Y), TrainConfig(mode="margin", order="random"))
    while (r := t.step()) is not None:
        assert r.margin <= 1.0
    assert t.converged and (t.margins() > 1.0).all()


def test_the_rules_page_ships_and_the_readme_points_at_it() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    page = (root / "docs" / "algorithms.md").read_text("utf-8")
    for mode in MODES:
        assert f"| {mode} |" in page, mode  # one row per mode in its table
    readme = (root / "README.md").read_text("utf-8")
    assert "docs/algorithms.md" in readme and "ALGORITHMS.md" not in readme
    cli = (root / "docs" / "cli.md").read_text("utf-8")  # the synopsis moved there
    synopsis = cli[cli.index("perceptron trace DATA") :][:400]
    assert "|".join(MODES) in synopsis


@pytest.mark.parametrize("mode", MODES)
def test_a_loop_of_small_run_slices_ends_where_one_run_does(mode: str) -> None:
    # A script's (or a timer's) `while not t.done: t.run(max_visits=k)` must end, with
    # k below the number of points too: a batch pass of N visits made none before.
    data = generate("noisy", 30, margin=0.001, noise=0.2, seed=3)
    config = TrainConfig(mode=mode, order=REGISTRY[mode].orders[0], max_epochs=4)
    whole = make_trainer(data, config)
    whole.run()
    sliced = make_trainer(data, config)
    calls = 0
    while not sliced.done:
        sliced.run(max_visits=7)
        calls += 1
        assert calls <= 4 * 30, "a slice made no progress"
    a, b = whole.result(), sliced.result()
    assert (a.stop_reason, a.visits, a.w, a.b) == (b.stop_reason, b.visits, b.w, b.b)
    assert np.asarray(a.updates).tolist() == np.asarray(b.updates).tolist()

"""Every mode through the window's public API, against `train()` and the registry."""

from __future__ import annotations

import probes
import pytest

from perceptron_gui.core import make_dataset, novikoff, train
from perceptron_gui.core.config import MODES
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import spec

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def _to_end(window) -> None:  # noqa: ANN001
    # To the end as the Run to end button goes (PA takes 283 updates on the worked
    # example: stepped one by one, each redrawn, they took most of the module's time).
    window.run_to_end()
    while window.state()["running"]:
        window.controller._on_timer_timeout()  # noqa: SLF001
    assert window.step() is None


def test_the_bound_is_the_registry_s_in_state_readout_and_plot(window) -> None:
    bound = novikoff(make_dataset(EX_X, EX_Y))
    window.set_points(EX_X, EX_Y)
    for mode, value, name in (
        ("primal", bound.bound, "(D/γ)² = 117"),
        ("batch", 3 * bound.bound, "N(D/γ)² = 351"),
        ("margin", (bound.D**2 + 2) / bound.gamma**2, "(D² + 2·margin/η)/γ²"),
        ("pa", None, None),
    ):
        assert window.set_mode(mode)
        s = window.state()
        assert s["bound"] == pytest.approx(value) if value is not None else s["bound"] is None
        assert probes.bound_line_value(window.bound_panel.plot) == s["bound"]
        if name is not None:
            assert name in window.readout.text() and name in window.bound_panel.readout_text()


@pytest.mark.long
@pytest.mark.parametrize("mode", ["pa", "margin"])
def test_pa_and_margin_show_updates_and_mistakes_apart(window, mode) -> None:
    window.set_points(EX_X, EX_Y)
    assert window.set_mode(mode)
    _to_end(window)
    s = window.state()
    r = train(EX_X, EX_Y, mode=mode)
    assert s["updates"] == len(r.updates) > s["mistakes"] == r.mistakes
    mistakes_line = f"mistakes (y·f ≤ 0): {r.mistakes}"
    assert mistakes_line in window.readout.text()
    assert mistakes_line in window.bound_panel.readout_text()
    assert f"updates k = {len(r.updates)}" in window.readout.text()
    x, y = probes.mistake_curve_data(window.bound_panel.plot)
    assert y[-1] == r.mistakes and y.max() == r.mistakes
    window.set_mode("primal")
    assert probes.mistake_curve_data(window.bound_panel.plot) is None


def test_the_margin_spin_box_is_shown_only_for_the_margin_perceptron(window) -> None:
    from PySide6.QtWidgets import QDoubleSpinBox

    spin = window.findChild(QDoubleSpinBox, "marginSpin")
    form = window.controls._form
    assert spin is not None and not form.isRowVisible(spin)
    assert window.set_mode("margin")
    assert form.isRowVisible(spin)
    spin.setValue(2.5)
    assert window.controller.config.margin == 2.5
    assert window.controller.set_settings(margin=0.5)
    assert spin.value() == 0.5
    window.set_mode("pa")
    assert not form.isRowVisible(spin)


def test_every_mode_is_in_the_mode_combo() -> None:
    from perceptron_gui.core.registry import REGISTRY

    assert tuple(REGISTRY) == MODES and all(s.tip for s in REGISTRY.values())
    assert spec("margin").threshold_param == "margin"


def test_a_margin_session_round_trips(tmp_path, window) -> None:
    d = generate("separable", 12, seed=1)
    window.set_points(d.points, d.labels)
    window.set_mode("margin")
    window.controller.set_settings(margin=1.5)
    path = tmp_path / "m.json"
    assert window.save(path)
    window.set_mode("primal")
    assert window.load(path)
    assert window.state()["mode"] == "margin" and window.controller.config.margin == 1.5


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


def _vec(v) -> str:  # noqa: ANN001
    from perceptron_gui.app.format import fmt

    return ("(" + ", ".join(fmt(float(c)) for c in v) + ")").replace("-", "−")


SMALL = generate("separable", 8, seed=4)


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_steps_to_the_end_in_the_window_as_train_runs(window, mode) -> None:
    from perceptron_gui.app.format import fmt

    data = generate("xor", 12, seed=3) if mode == "kernel" else SMALL
    window.set_points(data.points, data.labels)
    assert window.set_mode(mode)
    order = window.state()["order"]
    r = train(data.points, data.labels, mode=mode, order=order)
    steps = 0
    while (rec := window.step()) is not None:
        steps += 1
        said = _plain(window.state()["narration"])
        assert said.startswith(("update", "batch step")), said
        assert f"update {rec.k} " in said or f"batch step {rec.k}:" in said
        if spec(mode).has_w and not window.controller.trainer.has_alpha:
            assert f"= {_vec(rec.w_after)}" in said  # the weights after, as computed
        if window.controller.config.bias:
            assert f"= {fmt(rec.b_after)}".replace("-", "−") in said
    s = window.state()
    assert steps == len(r.updates) == s["updates"]
    assert s["mistakes"] == r.mistakes and s["converged"] == r.converged
    assert s["b"] == r.b
    if spec(mode).has_w:
        assert s["w"] == list(r.w)
    assert s["answer"] == (spec(mode).answer_name or None)
    end = _plain(window.state()["narration"])
    assert end.startswith("converged: a full pass") or "converged" in end, end
    assert "-" not in end.replace("x-", "")  # one minus sign: −


@pytest.mark.long
def test_a_pa_margin_correction_is_narrated_with_its_margin_and_tau(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_mode("pa")
    # The run's first 20 updates hold all 10 of its mistakes and 10 margin corrections; its
    # other 263 are margin corrections like these, each a full window refresh (~0.1 s).
    # (The whole run in the window: test_pa_and_margin_show_updates_and_mistakes_apart.)
    assert window.set_max_updates(20)
    seen = 0
    while (rec := window.step()) is not None:
        said = _plain(window.state()["narration"])
        assert "no update" not in said  # every step is an update
        if rec.reason == "margin":
            seen += 1
            assert "is on the right side, but its margin" in said and "< 1" in said
            assert "τ = " in said and "w ← w + τyx" in said
            assert f"= {_vec(rec.w_after)}" in said
    assert seen == 10 and window.state()["updates"] == 20


def test_a_margin_correction_of_the_margin_perceptron_is_narrated(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_mode("margin")
    window.controller.set_settings(margin=1.0)
    kinds = []
    while (rec := window.step()) is not None:
        kinds.append(rec.reason)
        if rec.reason == "margin":
            said = _plain(window.state()["narration"])
            assert f"x{rec.index + 1} is on the right side, but its margin" in said
            assert "≤ 1 →" in said and "w ← w + ηyx" in said
    assert "margin" in kinds and "mistake" in kinds


def test_a_batch_step_is_narrated_with_its_points_and_the_real_sum(window) -> None:
    import numpy as np

    d = generate("separable", 10, seed=2)
    window.set_points(d.points, d.labels)
    window.set_mode("batch")
    rec = window.step()
    said = _plain(window.state()["narration"])
    m = len(rec.points)
    assert m > 1 and f"batch step 1: {m} mistakes" in said
    ys = d.labels[list(rec.points)]
    total = (ys[:, None] * d.points[list(rec.points)]).sum(axis=0)
    assert f"Σ_M yx = {_vec(total)}" in said and "w ← w + η Σ_M yx = " in said
    assert "b ← b + η Σ_M y = " in said and "τ" not in said
    assert np.allclose(np.array(rec.w_after) - np.array(rec.w_before), total)


def test_a_score_of_zero_is_explained_and_operators_do_not_wrap(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.step()
    text = window.narration.text()  # the label glues operators to their operands
    assert "= 0 ≤ 0, on the line: a mistake →" in _plain(text)
    assert "≤\xa00" in text and "0\xa0+\xa01\xa0=\xa01" in text and " · " not in text
    # and a script reads the same words with ordinary spaces (issue 28)
    said = window.state()["narration"]
    assert "\xa0" not in said and said == _plain(text) and "≤ 0" in said

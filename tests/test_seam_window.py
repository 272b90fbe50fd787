"""Every mode through the window's public API, against `train()` and the registry."""

from __future__ import annotations

import pytest

from perceptron_gui.core import make_dataset, novikoff, train
from perceptron_gui.core.config import MODES
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import spec

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


def _to_end(window) -> None:  # noqa: ANN001
    while window.step() is not None:
        pass


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
        assert window.bound_panel.plot.bound_line_value() == s["bound"]
        if name is not None:
            assert name in window.readout.text() and name in window.bound_panel.readout_text()


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
    x, y = window.bound_panel.plot.mistake_curve_data()
    assert y[-1] == r.mistakes and y.max() == r.mistakes
    window.set_mode("primal")
    assert window.bound_panel.plot.mistake_curve_data() is None


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
    from perceptron_gui.app.controls import MODE_TIPS

    assert set(MODE_TIPS) == set(MODES)
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

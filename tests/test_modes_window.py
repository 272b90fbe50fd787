"""Every mode through the window, the timeline and the proof, against the core run alone."""

from __future__ import annotations

import math

import numpy as np
import probes
import pytest
from PySide6.QtCore import Qt

from perceptron_gui.app.format import fmt, point_name
from perceptron_gui.core.api import train
from perceptron_gui.core.config import MODES, ORDERS, TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import spec
from tests.test_tables import averaged_loop, cell_numbers

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]
XOR = generate("xor", 40, seed=3)


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def _finish(window) -> None:  # noqa: ANN001
    window.run_to_end()
    while window.state()["running"]:
        window.controller._on_timer_timeout()


@pytest.mark.long
@pytest.mark.parametrize("mode", MODES)
def test_each_mode_in_the_window_agrees_with_train(window, mode) -> None:
    data = XOR if mode == "kernel" else generate("noisy", 30, noise=0.1, seed=5)
    window.set_points(data.points, data.labels)
    assert window.set_mode(mode)
    assert window.set_max_updates(200)
    order = window.state()["order"]
    assert order in spec(mode).orders
    rec = window.step()
    assert rec is not None or window.state()["converged"]
    # The status bar's line says the state of this mode's answer: a w only where there is one.
    msg, st = window.statusBar().currentMessage(), window.state()
    if rec is not None and spec(mode).has_w:
        assert f"w = ({fmt(st['w'][0])}, {fmt(st['w'][1])}), b = {fmt(st['b'])}" in msg, msg
    elif rec is not None:
        assert "w =" not in msg and f"α{rec.index + 1} = 1, b = {fmt(st['b'])}" in msg, msg
    _finish(window)
    s = window.state()
    r = train(data.points, data.labels, mode=mode, order=order, max_updates=200)
    assert s["mistakes"] == r.mistakes
    assert s["converged"] == r.converged
    X, y = data.points, data.labels
    if mode == "kernel":
        # The running model is the kernel expansion: its mistakes are the window's.
        f = r.decision(X)
        assert s["misclassified"] == np.flatnonzero(y * f <= 0).tolist()
    else:
        assert s["w"] == list(r.w) and s["b"] == r.b
    if mode in ("averaged", "voted"):
        assert s["answer"] == ("vote" if mode == "voted" else "average")
        assert s["answer_misclassified"] == np.flatnonzero(y * r.decision(X) <= 0).tolist()
    # Nothing on screen is NaN, and the readout names the bound that applies.
    text = window.readout.text()
    assert "nan" not in text.lower() and "inf" not in text.lower()
    if mode == "batch" and window.controller.bound.separable:
        assert "N(D/γ)²" in text


def test_every_mode_has_a_tooltip_and_orders_that_do_not_apply_are_greyed(window) -> None:
    combo = window.controls.mode_combo
    tips = {
        combo.itemData(i): combo.itemData(i, Qt.ItemDataRole.ToolTipRole)
        for i in range(combo.count())
    }
    assert tuple(tips) == MODES
    assert all(tips[m] == spec(m).tip != "" for m in MODES)  # the registry's tip, in English
    window.set_mode("averaged")
    model = window.controls.order_combo.model()
    enabled = {o: model.item(i).isEnabled() for i, o in enumerate(ORDERS)}
    assert enabled == {"first": False, "cyclic": True, "random-cyclic": True, "random": False}
    assert "does not apply" in model.item(0).toolTip()
    window.set_mode("primal")
    assert all(model.item(i).isEnabled() for i in range(len(ORDERS)))


def test_kernel_settings_appear_only_when_they_apply(window) -> None:
    form = window.controls._form
    w = window.controls.setting_widgets
    assert not form.isRowVisible(w["kernel"]) and not form.isRowVisible(w["C"])
    window.set_mode("kernel")
    assert form.isRowVisible(w["kernel"]) and form.isRowVisible(w["degree"])
    assert not form.isRowVisible(w["sigma"])
    w["kernel"].setCurrentIndex(w["kernel"].findData("rbf"))
    assert window.controller.config.kernel == "rbf"
    assert form.isRowVisible(w["sigma"]) and not form.isRowVisible(w["degree"])
    window.set_mode("pa")
    assert form.isRowVisible(w["C"]) and not form.isRowVisible(w["kernel"])
    w["C"].setValue(0.25)
    assert window.controller.config.C == 0.25


@pytest.mark.long
def test_a_kernel_bound_that_takes_too_long_is_a_note_not_a_freeze(window) -> None:
    # Random labels on 150 points, narrow RBF: the exact γ took 10 s of CPU on the GUI
    # thread (minutes at 300); the window stops at its limit and says why.
    from perceptron_gui.core.bounds import KERNEL_BOUND_WINDOW_SECONDS

    rng = np.random.default_rng(0)
    window.set_points(rng.normal(size=(150, 2)), np.where(rng.random(150) < 0.5, 1, -1))
    window.set_mode("kernel")
    w = window.controls.setting_widgets
    w["kernel"].setCurrentIndex(w["kernel"].findData("rbf"))
    w["sigma"].setValue(0.5)
    assert window.controller.config.sigma == 0.5
    note = window.controller.bound_note
    assert f"longer than {KERNEL_BOUND_WINDOW_SECONDS:g} s to compute for these 150 points" in note
    assert window.controller.bound.bound is None


def test_kernel_mode_draws_regions_and_its_bound_is_in_feature_space(window) -> None:
    window.set_points(XOR.points, XOR.labels)
    window.set_mode("kernel")
    # A visit that finds a point right says so in the kernel's terms (it has no w).
    for _ in range(40):
        rec = window.visit()
        if rec is not None and not rec.updated:
            break
    assert rec is not None and not rec.updated
    msg = window.statusBar().currentMessage()
    assert f"{point_name(rec.index)} is right (y f(x) = " in msg and "w·x" not in msg, msg
    _finish(window)
    s = window.state()
    assert s["converged"]
    assert window.canvas._regions.isVisible() and window.canvas._contour.isVisible()
    assert not window.canvas.model_line.isVisible()
    assert s["separable"] and s["mistakes"] <= s["bound"]
    assert "feature space" in window.bound_panel.readout_text()


# ------------------------------------------------------------------ the timeline


@pytest.mark.long
@pytest.mark.parametrize("mode", ["primal", "dual", "pocket", "averaged", "pa", "kernel"])
def test_seek_equals_stepping(window, mode) -> None:
    data = XOR if mode == "kernel" else generate("noisy", 25, noise=0.15, seed=2)
    window.set_points(data.points, data.labels)
    window.set_mode(mode)
    window.set_max_updates(60)
    _finish(window)
    total = window.state()["updates"]
    cfg = window.controller.config
    for k in (total, 0, total // 2, 3, total - 1, total // 3):
        assert window.seek(k) == k
        fresh = make_trainer(make_dataset(data.points, data.labels), cfg)
        for _ in range(k):
            fresh.step()
        s = window.state()
        assert s["updates"] == fresh.k == k
        assert s["mistakes"] == getattr(fresh, "mistakes", fresh.k)
        assert s["w"] == list(fresh.w) and s["b"] == fresh.b
        alpha = fresh.alpha
        assert s["alpha"] == (None if alpha is None else alpha.tolist())
        assert s["misclassified"] == fresh.misclassified().tolist()
    # The timeline keeps the whole run: its end is still the furthest update.
    assert window.controller.horizon == total
    assert window.timeline.slider.maximum() == total


@pytest.mark.long
def test_the_timeline_slider_and_arrow_keys_move_through_the_run(qtbot, window) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(7):
        window.step()
    slider = window.findChild(type(window.timeline.slider), "timeline")
    assert slider.maximum() == 7 and slider.value() == 7
    slider.setValue(2)
    s = window.state()
    assert s["mistakes"] == 2 and s["w"] == [2.0, 2.0] and s["b"] == 0.0
    assert window.iteration_table.model.rowCount() == 3  # k = 0, 1, 2
    QTest.keyClick(window, Qt.Key.Key_Right)
    assert window.state()["mistakes"] == 3 and slider.value() == 3
    QTest.keyClick(window, Qt.Key.Key_Left)
    QTest.keyClick(window, Qt.Key.Key_Left)
    assert window.state()["mistakes"] == 1
    assert slider.maximum() == 7  # the future is still there to scrub to
    window.seek(7)
    assert window.state()["w"] == [1.0, 1.0] and window.state()["b"] == -3.0


# ------------------------------------------------------------------ the proof


def test_the_proof_in_the_window_at_the_end_of_the_worked_example(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(7):
        window.step()
    p = window.state()["proof"]
    assert p["applies"] and p["k"] == 7
    # Worked by hand: û* = (1, 1, −4)/√18, γ = √2/3, D = √26.
    assert math.isclose(p["progress"], 14 / math.sqrt(18), rel_tol=1e-12)
    assert math.isclose(p["progress_lower"], 7 * math.sqrt(2) / 3, rel_tol=1e-12)
    assert math.isclose(p["norm"], math.sqrt(11), rel_tol=1e-12)
    assert math.isclose(p["norm_upper"], math.sqrt(26 * 7), rel_tol=1e-12)
    assert p["progress_lower"] <= p["progress"] * (1 + 1e-12) <= p["norm"] <= p["norm_upper"]
    assert p["cos"] >= p["cos_lower"]
    text = window.proof_panel.readout_text()
    assert "kηγ = 3.3 ≤ ŵ·û* = 3.3" in text and "cos θ" in text
    window.seek(0)
    assert window.state()["proof"]["cos"] is None


def test_the_proof_says_when_it_does_not_apply(window) -> None:
    window.set_points([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]], [1, 1, -1, -1])
    window.step()
    p = window.state()["proof"]
    assert not p["applies"]
    assert "not linearly separable" in window.proof_panel.readout_text()
    window.set_points(EX_X, EX_Y)
    window.controller.set_config(
        TrainConfig(max_updates=window.controller.config.max_updates, w0=(1.0, 0.0))
    )
    assert not window.state()["proof"]["applies"]
    assert "does not start from" in window.proof_panel.readout_text()


def test_passive_aggressive_draws_its_band_and_rings_the_right_points_inside(window) -> None:
    data = generate("noisy", 30, noise=0.1, seed=5)
    window.set_points(data.points, data.labels)
    window.set_mode("pa")
    for _ in range(5):
        window.step()
    s = window.state()
    X, y = data.points, data.labels
    yf = y * (X[:, 0] * s["w"][0] + X[:, 1] * s["w"][1] + s["b"])
    inside = np.flatnonzero((yf > 0) & (yf < 1)).tolist()
    assert probes.band_points(window.canvas).tolist() == inside
    assert window.canvas._margin.band.isVisible()
    window.set_mode("primal")
    assert not window.canvas._margin.band.isVisible()


@pytest.mark.long
def test_the_table_has_each_modes_columns(window) -> None:
    data = generate("noisy", 30, noise=0.1, seed=5)
    window.set_points(data.points, data.labels)
    window.set_mode("batch")
    for _ in range(3):
        window.step()
    m = window.iteration_table.model
    assert m.columns == ("k", "corrected", "summed", "w", "b", "w·x + b")
    t = window.controller.trainer
    assert [m.index(r + 1, 1).data() for r in range(3)] == [str(v) for v in t.batch_sizes]
    # The points summed (a long list ends in "…"; the tooltip has them all).
    for r, points in enumerate(t.batch_points):
        names = ", ".join(f"x{i + 1}" for i in points)
        assert m.index(r + 1, 2).data(Qt.ItemDataRole.ToolTipRole) == names
    window.set_mode("voted")
    for _ in range(4):
        window.step()
    assert m.columns[-1] == "c"
    W, B, c = window.controller.trainer.votes()
    # Row j is the vector after update j + 1: its count is the vote of vector j + 1.
    assert [int(m.index(r + 1, len(m.columns) - 1).data()) for r in range(4)] == c[1:5].tolist()
    window.set_mode("kernel")
    window.step()
    # 30 points: a column for the α of every point updated (issue 28), here one.
    first = int(window.controller.trainer.history_value("index", 0))
    assert m.columns == ("k", "point", f"α{first + 1}", "b")
    window.set_mode("pa")
    for _ in range(6):
        window.step()
    t = window.controller.trainer
    assert m.columns == ("k", "point", "update", "w", "b", "w·x + b")
    # A mistake (y·f ≤ 0 before the update) or a margin correction, from a plain loop.
    kinds = []
    w, b = np.zeros(2), 0.0
    for r in range(6):
        i = int(t.history_value("index", r))
        f = float(data.points[i] @ w + b)
        kinds.append("mistake" if data.labels[i] * f <= 0 else "margin")
        w = np.array([t.history_value("w0", r), t.history_value("w1", r)])
        b = float(t.history_value("b", r))
    assert [m.index(r + 1, 2).data() for r in range(6)] == kinds
    assert "margin" in kinds


@pytest.mark.long
def test_the_averaged_table_has_the_running_average_of_a_plain_loop(window) -> None:
    X = [[3, 3], [4, 3], [1, 1], [2, 0.5], [3.5, 2], [0.5, 3]]
    y = [1, 1, -1, -1, -1, 1]
    window.set_points(np.array(X, float), np.array(y, float))
    window.set_mode("averaged")
    window.set_order("cyclic")
    window.set_eta(0.5)
    m = window.iteration_table.model
    assert m.columns[-3:] == ("c", "w̄", "b̄")
    window.step()  # the first visit is a mistake: the start has no vote, no mean
    assert [m.index(0, c).data() for c in range(len(m.columns))][-3:] == ["0", "—", "—"]
    for _ in range(9):
        window.step()
    t = window.controller.trainer
    counts, averages = averaged_loop(X, y, 0.5, 10**6)
    shown = m.rowCount()
    assert shown == 11
    # The rows whose vector an update has ended, and the current one (its count so far).
    for r in range(shown - 1):
        assert int(m.index(r, len(m.columns) - 3).data()) == counts[r]
        if r:
            w_bar = cell_numbers(m.index(r, len(m.columns) - 2).data(Qt.ItemDataRole.ToolTipRole))
            b_bar = float(
                m.index(r, len(m.columns) - 1).data(Qt.ItemDataRole.ToolTipRole).replace("−", "-")
            )
            np.testing.assert_allclose([*w_bar, b_bar], averages[r], rtol=1e-12)
    # The last row is the answer now, to the bit.
    w_avg, b_avg = t.averaged()
    last = shown - 1
    assert cell_numbers(
        m.index(last, len(m.columns) - 2).data(Qt.ItemDataRole.ToolTipRole)
    ) == list(w_avg)
    assert (
        float(m.index(last, len(m.columns) - 1).data(Qt.ItemDataRole.ToolTipRole).replace("−", "-"))
        == b_avg
    )
    # A step back and on again: the sums follow.
    window.step_back()
    window.step_back()
    window.step()
    w_avg, b_avg = window.controller.trainer.averaged()
    last = m.rowCount() - 1
    assert cell_numbers(
        m.index(last, len(m.columns) - 2).data(Qt.ItemDataRole.ToolTipRole)
    ) == list(w_avg)
    window.set_mode("voted")
    window.step()
    window.step()
    W, B, c = window.controller.trainer.votes()
    assert m.columns[-1] == "c"
    assert [int(m.index(r, len(m.columns) - 1).data()) for r in range(3)] == c[:3].tolist()

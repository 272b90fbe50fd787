"""Compare mode (issue 9): a second run beside the first, on the same points.

Against the real controller and core: the second run must equal a separate run
with its settings, follow every edit of the points, share the view, and leave
cleanly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import probes
import pytest
from gestures import wheel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QPushButton,
    QSplitter,
    QToolButton,
    QWidget,
)

from perceptron_gui import MainWindow
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.compare import CompareRun, default_settings
from perceptron_gui.app.controller import GUI_MAX_UPDATES, Controller
from perceptron_gui.core.api import train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import generate
from perceptron_gui.core.trainer import Trainer

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]

SETTINGS = [
    {"mode": "pocket", "order": "random", "eta": 0.5},
    {"mode": "dual", "order": "first"},
    {"order": "random-cyclic", "seed": 3, "bias": False},
    {"mode": "primal", "order": "cyclic", "eta": 2.0},
]
#: The other modes, stepped (their answers come from the same trainer as the window's).
MORE_SETTINGS = [
    {"mode": "averaged", "order": "random-cyclic", "seed": 4},
    {"mode": "voted"},
    {"mode": "pa", "C": 0.5},
    {"mode": "kernel", "kernel": "rbf", "sigma": 2.0, "order": "random"},
]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def reference(X: Any, y: Any, settings: dict[str, Any], steps: int | None) -> Trainer:
    """A separate trainer with the second run's settings (the window's update limit)."""
    config = TrainConfig(max_updates=GUI_MAX_UPDATES).with_(**settings)
    t = make_trainer(make_dataset(X, y), config)
    if steps is None:
        t.run()
    else:
        for _ in range(steps):
            t.step()
    return t


def assert_same(s: dict[str, Any], t: Trainer) -> None:
    assert s["w"] == list(t.w)
    assert s["b"] == t.b
    assert s["updates"] == t.k and s["mistakes"] == int(getattr(t, "mistakes", t.k))
    assert s["converged"] == t.converged
    assert s["misclassified"] == t.misclassified().tolist()
    pocket = t.answer if t.answer_name == "pocket" else None
    assert s["pocket_w"] == (None if pocket is None else list(pocket.w))
    assert s["answer"] == (None if t.answer is None else t.answer_name)


def noisy() -> Any:
    return generate("noisy", 60, noise=0.1, seed=5)


def test_compare_is_none_when_off(window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    assert window.state()["compare"] is None
    assert window.findChild(DataCanvas, "compareCanvas") is None


@pytest.mark.long
@pytest.mark.parametrize("settings", SETTINGS + MORE_SETTINGS)
def test_second_run_equals_a_separate_run_after_steps(
    window: MainWindow, settings: dict[str, Any]
) -> None:
    d = noisy()
    window.set_points(d.points, d.labels)
    assert window.set_compare(settings)
    s = window.state()["compare"]
    for key, value in settings.items():
        assert s[key] == value
    assert s["mistakes"] == 0
    for n in (1, 2, 5, 9):
        for _ in range(100):  # the main run's steps are one each too; a bound, not a hang
            if window.state()["compare"]["updates"] >= n:
                break
            window.step()
        assert_same(window.state()["compare"], reference(d.points, d.labels, settings, n))
        # The main run is the window's own, unchanged by the comparison.
        main = reference(d.points, d.labels, {}, window.state()["mistakes"])
        assert window.state()["w"] == list(main.w)
    # A visit is one visit of each run.
    visits = window.compare_run.controller.trainer.visits
    window.visit()
    assert window.compare_run.controller.trainer.visits == visits + 1
    window.step_back()
    window.reset()
    s = window.state()
    assert s["mistakes"] == 0 and s["compare"]["mistakes"] == 0


@pytest.mark.long
@pytest.mark.parametrize("settings", SETTINGS)
def test_second_run_equals_train_after_run_to_end(
    qtbot, window: MainWindow, settings: dict[str, Any]
) -> None:
    d = noisy() if settings.get("mode") == "pocket" else generate("separable", 80, seed=2)
    window.set_points(d.points, d.labels)
    assert window.set_compare(settings)
    window.run_to_end()
    second = window.compare_run.controller
    qtbot.waitUntil(lambda: not window.controller.running and not second.running, timeout=20000)
    s = window.state()
    ref = train(d.points, d.labels, max_updates=GUI_MAX_UPDATES, **settings)
    assert s["compare"]["w"] == list(ref.w) and s["compare"]["b"] == ref.b
    assert s["compare"]["mistakes"] == ref.mistakes
    assert s["compare"]["converged"] == ref.converged
    assert_same(s["compare"], reference(d.points, d.labels, settings, None))
    assert s["w"] == list(train(d.points, d.labels, max_updates=GUI_MAX_UPDATES).w)


@pytest.mark.long
def test_a_converged_run_stays_while_the_other_goes_on(window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    settings = {"order": "random", "eta": 0.5, "seed": 1}
    window.set_compare(settings)
    ref = reference(EX_X, EX_Y, settings, None)
    assert ref.converged
    for _ in range(max(7, ref.k) + 5):
        window.step()
    s = window.state()
    assert s["converged"] and s["mistakes"] == 7  # the worked example: 7 updates, then it stays
    assert_same(s["compare"], ref)  # each keeps its own k
    # Back is each run's own Back (the clean pass that converged it first, then its update).
    main_ref = reference(EX_X, EX_Y, {}, None)
    for _ in range(2):
        window.step_back()
        ref.step_back()
        main_ref.step_back()
        s = window.state()
        assert_same(s["compare"], ref)
        assert s["w"] == list(main_ref.w) and s["mistakes"] == main_ref.k
    assert s["mistakes"] == 6 and s["compare"]["mistakes"] == ref.k


@pytest.mark.long
def test_buttons_and_keys_drive_both_runs(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "first"})
    qtbot.mouseClick(window.findChild(QPushButton, "stepButton"), Qt.LeftButton)
    s = window.state()
    assert s["mistakes"] == 1 and s["compare"]["mistakes"] == 1
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key_Space)
    qtbot.keyClick(window, Qt.Key_V)
    s = window.state()
    assert s["mistakes"] == 2 and s["compare"]["mistakes"] >= 2
    qtbot.keyClick(window, Qt.Key_Backspace)
    s = window.state()
    assert s["mistakes"] == 1 or s["mistakes"] == 2  # a visit may have updated the main run
    qtbot.mouseClick(window.findChild(QPushButton, "resetButton"), Qt.LeftButton)
    s = window.state()
    assert s["mistakes"] == 0 and s["compare"]["mistakes"] == 0
    assert s["compare"]["w"] == [0.0, 0.0]
    # Run / pause: together; when the main run is done the key runs the other alone.
    qtbot.keyClick(window, Qt.Key_E)
    second = window.compare_run.controller
    qtbot.waitUntil(lambda: not window.controller.running and not second.running, timeout=10000)
    s = window.state()
    assert s["converged"] and s["compare"]["converged"]
    ref = reference(EX_X, EX_Y, {"order": "first"}, None)
    assert_same(s["compare"], ref)


@pytest.mark.long
def test_run_toggle_pauses_both(qtbot, window: MainWindow) -> None:
    d = generate("separable", 300, margin=0.01, seed=3)
    window.set_points(d.points, d.labels)
    window.set_compare({"order": "random"})
    window.controller.set_speed(30.0)
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key_R)
    second = window.compare_run.controller
    assert window.controller.running and second.running
    qtbot.keyClick(window, Qt.Key_R)
    assert not window.controller.running and not second.running


@pytest.mark.long
def test_editing_points_applies_to_both(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"mode": "dual"})
    window.step()
    assert window.state()["compare"]["mistakes"] == 1
    second = window.compare_run.controller
    view = window.compare.view
    assert second.data is window.controller.data
    window.add_point(0.0, 2.0, -1)
    assert second.data is window.controller.data and second.data.n == 4
    assert window.state()["compare"]["mistakes"] == 0  # the run starts again on new points
    assert view.canvas.points().tolist() == window.canvas.points().tolist()
    window.controller.move_point(0, 3.5, 3.0)
    assert view.canvas.points()[0].tolist() == [3.5, 3.0]
    # A click on the second canvas adds to the points both runs share.
    cv = view.canvas
    x0, x1, y0, y1 = cv.view_range()
    assert x0 < 2.0 < x1 and y0 < 1.5 < y1  # (inside the data's frame)
    qtbot.mouseClick(cv.viewport(), Qt.LeftButton, pos=cv.to_widget(2.0, 1.5))
    qtbot.waitUntil(lambda: window.controller.data.n == 5, timeout=3000)
    assert window.canvas.points()[-1].tolist() == pytest.approx([2.0, 1.5], abs=0.3)
    assert second.data is window.controller.data
    # Undo happens on the main run's points; the second follows.
    window.controller.undo_stack.undo()
    window.controller.undo_stack.undo()
    assert second.data is window.controller.data and second.data.n == 4
    assert view.canvas.points()[0].tolist() == [3.0, 3.0]
    assert window.state()["compare"]["misclassified"] == [0, 1, 2, 3]


def pan_and_zoom(canvas: DataCanvas) -> tuple[float, float, float, float]:
    """The centre of the view and its data units per pixel, in x and y."""
    x0, x1, y0, y1 = canvas.view_range()
    size = canvas.getPlotItem().getViewBox().size()
    return ((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / size.width(), (y1 - y0) / size.height())


@pytest.mark.long
def test_zooming_one_canvas_zooms_the_other(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "first"})
    qtbot.wait(50)  # the splitter lays the two panes out
    main, other = window.canvas, window.compare.view.canvas
    assert pan_and_zoom(other) == pytest.approx(pan_and_zoom(main), rel=1e-6, abs=1e-9)
    before = main.view_range()
    wheel(main, 2)  # zoom in with the mouse wheel on the main canvas
    after = main.view_range()
    assert after[1] - after[0] < 0.9 * (before[1] - before[0])
    assert pan_and_zoom(other) == pytest.approx(pan_and_zoom(main), rel=1e-6, abs=1e-9)
    wheel(other, -3)  # and out on the other one
    assert pan_and_zoom(main) == pytest.approx(pan_and_zoom(other), rel=1e-6, abs=1e-9)
    assert main.view_range()[1] - main.view_range()[0] > after[1] - after[0]
    # A pan set on the main canvas (as the scripting API does) moves both.
    main.set_view_range(10.0, 20.0, 10.0, 20.0)
    assert pan_and_zoom(other) == pytest.approx(pan_and_zoom(main), rel=1e-6, abs=1e-9)
    assert pan_and_zoom(other)[:2] == pytest.approx((15.0, 15.0))
    # Canvases of the same size show the same range.
    other.resize(main.size())
    qtbot.waitUntil(lambda: other.size() == main.size(), timeout=3000)
    # (The axis takes its width back a turn of the event loop after the resize.)
    qtbot.waitUntil(
        lambda: other.view_range() == pytest.approx(main.view_range(), rel=1e-6), timeout=3000
    )


@pytest.mark.long
def test_leaving_compare_mode_restores_the_single_canvas(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    splitter = window.findChild(QSplitter, "canvasSplitter")
    assert splitter.count() == 1
    assert window.set_compare({"mode": "pocket"})
    assert splitter.count() == 2
    assert window.findChild(DataCanvas, "compareCanvas").isVisible()
    window.step()
    assert probes.second_curve_data(window.bound_panel.plot) is not None
    assert window.set_compare(None)
    assert window.state()["compare"] is None
    assert not window.findChild(QToolButton, "compareButton").isChecked()
    qtbot.waitUntil(lambda: splitter.count() == 1, timeout=3000)
    qtbot.waitUntil(lambda: window.findChildren(DataCanvas) == [window.canvas], timeout=3000)
    assert probes.second_curve_data(window.bound_panel.plot) is None
    # The window goes on as a single run; editing and stepping touch nothing left behind.
    window.add_point(0.0, 2.0, -1)
    window.step()
    assert window.state()["mistakes"] == 1
    assert window.set_compare(None)  # leaving twice is harmless


def test_the_compare_button_and_key(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    button = window.findChild(QToolButton, "compareButton")
    assert button is not None and button.isCheckable()
    qtbot.mouseClick(button, Qt.LeftButton)
    s = window.state()["compare"]
    assert s is not None and s["order"] != window.state()["order"]  # another order by default
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key_C)
    assert window.state()["compare"] is None and not button.isChecked()


def test_the_settings_row_changes_the_second_run_only(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "cyclic"})
    window.step()
    combo = window.findChild(QComboBox, "compareModeCombo")
    combo.setCurrentIndex(combo.findData("pocket"))
    combo.activated.emit(combo.currentIndex())
    s = window.state()
    assert s["compare"]["mode"] == "pocket" and s["mode"] == "primal"
    assert s["compare"]["mistakes"] == 0 and s["mistakes"] == 1
    window.set_compare({"eta": 0.25})
    assert window.findChild(QComboBox, "compareModeCombo").currentData() == "pocket"
    assert window.compare.view.eta_spin.value() == 0.25
    assert window.compare_run.controller.config.mode == "pocket"  # other keys kept


BAD_SETTINGS = [
    ({"eta": -1}, "η must be"),
    ({"mode": "nope"}, "mode 'nope' is not installed"),
    ({"order": 3}, "order must be"),
    ({"eta": "fast"}, "eta must be a number"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"colour": "red"}, "unknown colour"),
    ({"max_updates": 5}, "unknown max_updates"),
    ("pocket", "a dict of"),
]


@pytest.mark.long
def test_bad_settings_are_refused_with_a_message(window: MainWindow) -> None:
    # Every refusal out of compare mode, then every one in it (one second run for all).
    window.set_points(EX_X, EX_Y)
    for settings, words in BAD_SETTINGS:
        window.notice.hide()
        assert window.set_compare(settings) is False, settings
        assert window.state()["compare"] is None
        assert window.notice.isVisible() and words in window.notice.text(), settings
        assert window.findChild(DataCanvas, "compareCanvas") is None
    # In compare mode a refused change leaves the second run as it was.
    assert window.set_compare({"order": "random"})
    window.step()
    for settings, words in BAD_SETTINGS:
        window.notice.hide()
        assert window.set_compare(settings) is False, settings
        assert window.notice.isVisible() and words in window.notice.text(), settings
        s = window.state()["compare"]
        assert s["order"] == "random" and s["mistakes"] == 1, settings


@pytest.mark.long
def test_the_bound_plot_shows_both_curves(window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "random", "seed": 2})
    for _ in range(4):
        window.step()
    plot = window.bound_panel.plot
    x1, y1 = probes.curve_data(plot)
    x2, y2 = probes.second_curve_data(plot)
    s = window.state()
    assert y1.max() == s["mistakes"] == 4
    assert y2.max() == s["compare"]["mistakes"]
    assert x2[-1] == window.compare_run.controller.trainer.visits


def test_compare_run_alone_follows_its_main_controller(qtbot) -> None:
    main = Controller(frame_interval_ms=0)
    main.set_data(make_dataset(EX_X, EX_Y))
    run = CompareRun(main, frame_interval_ms=0)
    messages: list[str] = []
    run.message_posted.connect(messages.append)
    own = {"mode": "primal", "order": "cyclic", "eta": 1.0, "bias": True, "seed": 0}
    assert {k: run.settings()[k] for k in own} == own
    assert run.set_settings({"bias": False, "eta": 3})
    assert run.controller.config.bias is False and run.controller.config.eta == 3.0
    assert not run.controller.bound.bias  # its own D and γ, without the bias
    assert main.bound.bias
    assert not run.set_settings({"eta": float("nan")}) and "η" in messages[-1]
    main.set_max_updates(5)
    assert run.controller.config.max_updates == 5  # the limit follows the main run's
    main.add_point(2.0, 0.0, 1)
    assert run.controller.data is main.data
    run.close()
    main.add_point(2.0, 1.0, 1)
    assert run.controller.data is not main.data  # closed: it follows no more
    np.testing.assert_array_equal(run.controller.data.points[-1], [2.0, 0.0])


@pytest.mark.long
def test_the_timeline_and_seek_drive_both_runs(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    settings = {"order": "random", "seed": 1}
    window.set_compare(settings)
    for _ in range(6):
        window.step()
    # The slider goes to update k: each run to its own update k.
    slider = window.timeline.slider
    slider.setValue(2)
    s = window.state()
    assert s["mistakes"] == 2
    assert_same(s["compare"], reference(EX_X, EX_Y, settings, 2))
    # ← and →: each run one update earlier, then later.
    window.canvas.setFocus()
    qtbot.keyClick(window, Qt.Key_Left)
    s = window.state()
    assert s["mistakes"] == 1 and s["compare"]["mistakes"] == 1
    qtbot.keyClick(window, Qt.Key_Right)
    qtbot.keyClick(window, Qt.Key_Right)
    s = window.state()
    assert s["mistakes"] == 3
    assert_same(s["compare"], reference(EX_X, EX_Y, settings, 3))
    # window.seek(k): the same for scripts, computing forward when k is ahead.
    window.seek(5)
    s = window.state()
    assert s["mistakes"] == 5
    assert_same(s["compare"], reference(EX_X, EX_Y, settings, 5))


def test_a_mode_that_allows_other_orders_gets_one(window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "random"})
    combo = window.findChild(QComboBox, "compareModeCombo")
    combo.setCurrentIndex(combo.findData("averaged"))
    combo.activated.emit(combo.currentIndex())
    s = window.state()["compare"]
    assert s["mode"] == "averaged" and s["order"] == "cyclic"
    assert not window.notice.isVisible()
    # A batch run, which has one order, is compared with the primal perceptron.
    assert default_settings(TrainConfig(mode="batch")) == {"mode": "primal", "order": "cyclic"}
    assert default_settings(TrainConfig(mode="voted", order="cyclic")) == {"order": "random-cyclic"}


@pytest.mark.long
def test_presentation_mode_keeps_both_panes(qtbot, window: MainWindow) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "random"})
    window.set_presentation(True)
    assert window.compare.view.isVisible() and window.compare.view.readout.isVisible()
    window.step()
    window.set_presentation(False)
    # The main readout is back over the main canvas, beside the second run's pane.
    assert window.readout.parent() is window.readout_frame
    assert window.readout_frame.parent() is window.canvas.parent()
    assert window.readout_frame.isVisible() and window.readout.isVisible()
    assert window.findChild(QSplitter, "canvasSplitter").count() == 2
    assert window.state()["compare"]["mistakes"] == 1


@pytest.mark.long
def test_entering_compare_mode_keeps_the_points_in_a_close_view(qtbot, window: MainWindow) -> None:
    d = generate("separable", 30, margin=0.3, seed=4)
    window.set_points(d.points, d.labels)
    qtbot.wait(20)
    single = pan_and_zoom(window.canvas)
    window.set_compare({"order": "random", "seed": 2})
    qtbot.wait(50)
    for cv in (window.canvas, window.compare.view.canvas):
        x0, x1, y0, y1 = cv.view_range()
        assert (d.points[:, 0] > x0).all() and (d.points[:, 0] < x1).all()
        assert (d.points[:, 1] > y0).all() and (d.points[:, 1] < y1).all()
        # Half the width for each canvas, not a view zoomed far out by the split.
        assert pan_and_zoom(cv)[2] < 2.5 * single[2]


def test_a_second_margin_run_takes_its_own_margin(qtbot, window: MainWindow) -> None:  # noqa: ANN001
    window.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    window.controller.set_settings(mode="margin", margin=1.0)
    assert window.set_compare({"mode": "margin", "margin": 3.0})
    assert window.compare_run.settings()["margin"] == 3.0
    window.run_to_end()
    second = window.compare_run.controller.trainer
    qtbot.waitUntil(lambda: second.converged, timeout=5000)
    plain = train([[3, 3], [4, 3], [1, 1]], [1, 1, -1], mode="margin", margin=3.0)
    assert second.k == plain.updates.shape[0]


CONVERGED = "converged: a full pass found no mistake"
#: Four points separable through the origin (by w = (1, 1)): every mode converges soon.
SMALL_X = [[3.0, 3.0], [4.0, 3.0], [-1.0, -1.0], [1.0, -2.0]]
SMALL_Y = [1, 1, -1, -1]


def _second_canvas(window: MainWindow) -> DataCanvas:
    view = window.findChild(QWidget, "compareView")
    assert view is not None
    return view.canvas


@pytest.mark.long
def test_once_a_run_of_the_pair_ended_its_canvas_says_the_end(qtbot, window: MainWindow) -> None:
    """No canvas narrates the last update of a run that is over ("x28: mistake → update"),
    whichever mode the pair holds: after To end, and when the pair steps on after the
    second run converged (the main run goes on, the second stays), the canvas of a
    converged run says it converged."""
    window.set_points(SMALL_X, SMALL_Y)

    def still_running() -> bool:
        return window.controller.running or window.compare_run.controller.running

    for settings in SETTINGS + MORE_SETTINGS:
        assert window.set_compare(settings)
        window.reset()
        second = window.compare_run.controller
        canvas = _second_canvas(window)
        window.run_to_end()
        qtbot.waitUntil(lambda: not still_running())
        assert second.trainer.converged, settings
        for cv in (window.canvas, canvas):
            assert probes.verdict_text(cv) is None, settings
            assert probes.status_text(cv) == CONVERGED, settings

        window.reset()
        for _ in range(50):
            if second.trainer.done:
                break
            window.step()
        assert second.trainer.converged, settings
        k, visits = second.trainer.k, second.trainer.visits
        window.step()
        assert (second.trainer.k, second.trainer.visits) == (k, visits)
        assert probes.verdict_text(canvas) is None, settings
        assert probes.status_text(canvas) == CONVERGED, settings


@pytest.mark.long
def test_the_two_canvases_stay_halves_when_the_window_changes(qtbot, window: MainWindow) -> None:
    """Entering presentation (the docks go, the canvas area widens) after compare: the two
    canvases stay the same width (the second pane took all the new width: 652 against
    368 px at 1024×768)."""
    window.resize(1024, 768)
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "random"})
    second = window.compare.view.canvas
    qtbot.waitUntil(lambda: abs(window.canvas.width() - second.width()) <= 2)
    window.set_presentation(True)
    qtbot.waitUntil(lambda: abs(window.canvas.width() - second.width()) <= 2)
    window.set_presentation(False)
    qtbot.waitUntil(lambda: abs(window.canvas.width() - second.width()) <= 2)


def test_both_readouts_are_whole_in_one_type_in_a_narrow_window(window: MainWindow) -> None:
    """Compare in a 1264×736 window (a 1280×800 screen): each run's readout has half the
    width; both show their words whole ("… wrong no…" before), in one type and one height
    (numbers of two sizes read as two kinds of thing, and plots under readouts of two
    heights are of two sizes)."""
    from PySide6.QtWidgets import QApplication, QLabel

    from perceptron_gui.app.panels.readout import Readout

    window.load_example()  # (its w and b: the two readouts' lengths differ)
    window.resize(1264, 736)
    assert window.set_compare({"mode": "primal", "order": "random"})
    for _ in range(3):
        window.step()
    QApplication.processEvents()
    readouts = [r for r in window.findChildren(Readout) if r.isVisible()]
    assert len(readouts) == 2
    for r in readouts:
        shown = QLabel.text(r).replace("\u2060", "")  # (shown with its words glued)
        assert "…" not in shown and " ".join(shown.split()) == " ".join(r.text().split())
    sizes = {r.font().pointSizeF() for r in readouts}
    heights = {r.sizeHint().height() for r in readouts}  # (what they ask of the layout)
    assert len(sizes) == 1 and len(heights) == 1, (sizes, heights)

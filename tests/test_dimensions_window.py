"""The window and points with d > 2 features: the w-aligned view (issue 29).

One window for the module (conftest's `shared_window`): it opens a 4-D file in the NTU
format, steps in every mode, and the view, `state()` and a saved session are checked
against `train()` on the same data.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core import train
from perceptron_gui.core.registry import REGISTRY, spec

STEPS = 4


def _four_d(path: Path, n: int = 40, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = np.round(rng.uniform(0.0, 1.0, size=(n, 4)), 5)
    y = np.where(X @ np.array([1.0, -2.0, 0.5, 1.5]) - 0.4 > 0, 1, -1)
    y[:2] *= -1  # not separable: every mode runs its limit or its pocket
    path.write_text(
        "".join(
            " ".join(f"{v:.5f}" for v in x) + f"\t{int(t)}\n" for x, t in zip(X, y, strict=True)
        )
    )
    return X, y


@pytest.fixture(scope="module")
def four_d(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, np.ndarray, np.ndarray]:
    p = tmp_path_factory.mktemp("dims") / "hw1_15_train.dat"
    X, y = _four_d(p)
    return p, X, y


def _check_view(w, X: np.ndarray, y: np.ndarray) -> None:  # noqa: ANN001
    """The line is vertical and each point's horizontal distance to it is y(w·x + b)/||w||."""
    s = w.state()
    wv, b = np.array(s["w"]), float(s["b"])
    a1, a2 = (np.array(a) for a in s["projection"])
    assert a1.shape == (4,) and abs(np.linalg.norm(a1) - 1) < 1e-12 and abs(a1 @ a2) < 1e-12
    nw = np.linalg.norm(wv)
    assert np.allclose(a1, wv / nw, atol=1e-15, rtol=0)
    line = w.canvas.model()  # what the canvas draws: the model of the view (u, v)
    assert line.w[1] == 0.0  # vertical
    u0 = -line.b / line.w[0]
    u = X @ a1  # the view's horizontal coordinate (state()["projection"] maps a point)
    assert np.allclose(w.canvas._points[:, 0], u, atol=1e-12, rtol=0)
    assert np.allclose(y * (u - u0), y * (X @ wv + b) / nw, atol=1e-9, rtol=0)


@pytest.mark.long
def test_a_4d_file_opens_steps_and_the_line_is_vertical(shared_window, four_d) -> None:  # noqa: ANN001
    w = shared_window
    p, X, y = four_d
    assert w.load(p)
    s = w.state()
    assert np.array_equal(np.array(s["points"]), X)
    assert s["projection_view"] == "follow"
    a1, a2 = (np.array(a) for a in s["projection"])  # w = 0: the first two principal directions
    Xc = X - X.mean(axis=0)
    top = np.linalg.svd(Xc, full_matrices=False)[2][:2]
    assert abs(abs(a1 @ top[0]) - 1) < 1e-9 and abs(abs(a2 @ top[1]) - 1) < 1e-9
    for _ in range(STEPS):
        w.step()
        _check_view(w, X, y)
    assert "along w" in w.canvas.getPlotItem().getAxis("bottom").labelText
    # editing by click is off, and the canvas says why
    n = w.controller.data.n
    w.canvas.add_requested.emit(0.5, 0.5, 1)
    assert w.controller.data.n == n
    assert "editing by click is off" in w.canvas._status.toPlainText()


@pytest.mark.long
@pytest.mark.parametrize("mode", sorted(REGISTRY))
def test_every_mode_steps_as_train_does(shared_window, four_d, mode: str) -> None:  # noqa: ANN001
    w = shared_window
    p, X, y = four_d
    assert w.load(p)
    assert w.set_mode(mode)
    order = "cyclic" if "cyclic" in spec(mode).orders else spec(mode).orders[0]
    w.set_order(order)
    for _ in range(STEPS):
        w.step()
    s = w.state()
    assert s["updates"] == STEPS
    r = train(X, y, mode=mode, order=order, max_updates=STEPS)  # type: ignore[arg-type]
    if spec(mode).has_w:
        assert s["w"] == list(r.w)
        _check_view(w, X, y)
        wv = np.array(r.w)
        m = y * ((((X[:, 0] * wv[0] + X[:, 1] * wv[1]) + X[:, 2] * wv[2]) + X[:, 3] * wv[3]) + r.b)
        if mode != "dual":  # (the dual's own scores: equal here in exact arithmetic only)
            assert s["misclassified"] == np.flatnonzero(m <= 0).tolist()
    assert s["b"] == r.b
    assert w.controller.trainer.updates.tolist() == r.updates.tolist()
    if mode == "pocket":
        assert s["pocket_w"] == list(r.pocket_w)
    assert len(s["projection"][0]) == 4


@pytest.mark.long
def test_pinned_and_feature_views_say_the_line_is_a_slice(shared_window, four_d) -> None:  # noqa: ANN001
    w = shared_window
    p, X, _ = four_d
    assert w.load(p)
    w.step()
    before = w.state()["projection"]
    assert w.set_dims_view("pinned")
    w.step()
    assert w.state()["projection"] == before
    assert "slice" in w.canvas.getPlotItem().getAxis("bottom").labelText
    assert w.set_dims_view("features", (2, 0))
    s = w.state()
    assert s["projection"] == [[0, 0, 1, 0], [1, 0, 0, 0]]
    assert np.array_equal(w.canvas._points, X[:, [2, 0]])
    assert not w.set_dims_view("features", (1, 7))
    assert w.set_dims_view("follow")
    assert np.allclose(w.state()["projection"][0], np.array(s["w"]) / np.linalg.norm(s["w"]))


@pytest.mark.long
def test_the_view_menu_chooses_the_view(shared_window, four_d) -> None:  # noqa: ANN001
    """View ▸ View of R^d: follow w, pin, two features and which, as QActions (off in the
    plane); their checks follow a script's choice too."""
    w = shared_window
    p, X, _ = four_d
    kinds = (w.act_dims_follow, w.act_dims_pin, w.act_dims_features)
    assert not any(a.isEnabled() for a in kinds)  # no points: the plane
    assert not w.dims_menu.feature_actions("across")
    assert w.load(p)
    assert all(a.isEnabled() for a in kinds) and w.act_dims_follow.isChecked()
    across, up = w.dims_menu.feature_actions("across"), w.dims_menu.feature_actions("up")
    assert [a.text() for a in across] == ["x₁", "x₂", "x₃", "x₄"] and len(up) == 4
    i, j = w.dims.features  # (the pair last chosen: the window remembers it)
    assert across[i].isChecked() and up[j].isChecked()
    w.step()
    before = w.state()["projection"]
    w.act_dims_pin.trigger()
    w.step()
    assert w.state()["projection_view"] == "pinned" and w.state()["projection"] == before
    w.act_dims_features.trigger()
    assert w.state()["projection_view"] == "features" and w.dims.features == (i, j)
    across[0].trigger()
    up[1].trigger()
    assert w.state()["projection"] == [[1, 0, 0, 0], [0, 1, 0, 0]]
    across[2].trigger()  # x₃ across, x₂ still up
    assert w.state()["projection"] == [[0, 0, 1, 0], [0, 1, 0, 0]]
    up[2].trigger()  # x₃ up: across takes x₂, up's old feature
    assert w.state()["projection"] == [[0, 1, 0, 0], [0, 0, 1, 0]]
    assert np.array_equal(w.canvas._points, X[:, [1, 2]])
    assert w.act_dims_features.isChecked() and across[1].isChecked() and up[2].isChecked()
    assert w.set_dims_view("features", (3, 0))  # a script: the checks follow
    assert across[3].isChecked() and up[0].isChecked()
    assert w.set_dims_view("pinned") and w.act_dims_pin.isChecked()
    w.act_dims_follow.trigger()
    s = w.state()
    assert s["projection_view"] == "follow"
    assert np.allclose(s["projection"][0], np.array(s["w"]) / np.linalg.norm(s["w"]))
    w.set_points(X[:, :2], np.ones(len(X)))  # the plane again: off, no features listed
    assert not any(a.isEnabled() for a in kinds) and not w.dims_menu.feature_actions("up")


@pytest.mark.long
def test_a_session_with_4d_data_reopens_identically(shared_window, four_d, tmp_path: Path) -> None:  # noqa: ANN001
    w = shared_window
    p, X, y = four_d
    assert w.load(p)
    w.set_mode("pocket")
    for _ in range(3):
        w.step()
    before = w.state()
    session = tmp_path / "four.perceptron.json"
    assert w.save(session)
    w.load(p)  # something else in between
    assert w.load(session)
    assert w.state()["points"] == before["points"]
    for _ in range(3):  # (a session keeps the data and settings; the run is made again)
        w.step()
    after = w.state()
    for key in ("points", "labels", "mode", "updates", "w", "b", "projection", "pocket_w"):
        assert after[key] == before[key], key


# ------------------------------------------------------------------ one feature (d = 1)

X1 = np.array([[-2.0], [-1.0], [0.5], [1.0], [3.0], [-3.0], [0.25], [2.0]])
Y1 = np.array([-1.0, -1.0, 1.0, 1.0, 1.0, -1.0, -1.0, 1.0])  # separable at x₁ = 0.4
LIMIT_1D = 12  # updates: the primal converges before (PA and the margin's corrections not)


@pytest.fixture(scope="module")
def one_d(tmp_path_factory: pytest.TempPathFactory) -> Path:
    p = tmp_path_factory.mktemp("dims") / "one.csv"
    p.write_text("x1,y\n" + "".join(f"{x[0]},{int(t)}\n" for x, t in zip(X1, Y1, strict=True)))
    return p


@pytest.mark.long
@pytest.mark.parametrize("mode", sorted(REGISTRY))
def test_one_feature_every_mode_runs_as_the_plain_loop(shared_window, one_d, mode: str) -> None:  # noqa: ANN001
    """A file of one feature opens; every mode steps to its end as `train()` and (but the
    batch, whose loop is checked in test_dimensions.py) the textbook's plain loop; the view
    is the x₁ axis, the line the threshold x₁ = −b/w."""
    from test_dimensions import plain_loop

    w = shared_window
    assert w.load(one_d)
    assert w.set_mode(mode)
    order = "cyclic" if "cyclic" in spec(mode).orders else spec(mode).orders[0]
    w.set_order(order)
    assert w.set_max_updates(LIMIT_1D)
    for _ in range(LIMIT_1D + 1):
        if w.controller.trainer.done:
            break
        w.step()
    s = w.state()
    r = train(X1, Y1, mode=mode, order=order, max_updates=LIMIT_1D)  # type: ignore[arg-type]
    assert w.controller.trainer.updates.tolist() == r.updates.tolist() and s["b"] == r.b
    assert s["converged"] == r.converged and w.controller.trainer.done
    if mode != "batch":
        ref = plain_loop(X1, Y1, mode=mode, order=order, max_updates=LIMIT_1D)
        assert r.updates.tolist() == ref["updates"] and r.b == ref["b"]
        if mode != "kernel":
            assert s["w"] == ref["w"]
    assert s["projection"] == [[1.0], [0.0]]  # the x₁ axis, whatever the sign of w
    assert np.array_equal(w.canvas._points, np.column_stack((X1[:, 0], np.zeros(len(X1)))))
    if spec(mode).has_w and mode not in ("voted",):
        line = w.canvas.model()
        wv = s["w"][0]
        assert line.w[1] == 0.0 and line.w[0] == abs(wv)
        assert -line.b / line.w[0] == pytest.approx(-s["b"] / wv, abs=1e-12)  # x₁ = −b/w
    names = w.canvas.getPlotItem()
    assert names.getAxis("bottom").labelText == "x₁" and names.getAxis("left").labelText == ""
    assert not w.act_dims_follow.isEnabled()  # no view to choose


@pytest.mark.long
def test_one_feature_in_compare_and_a_four_d_compare(shared_window, one_d, four_d) -> None:  # noqa: ANN001
    """Compare mode with d ≠ 2: both panes draw the points on the main view's axes, the
    second run's line is its own hyperplane (d = 1) or its slice by that view plane."""
    w = shared_window
    for path in (one_d, four_d[0]):
        assert w.load(path)
        w.step()
        assert w.set_compare({"mode": "pocket", "order": "random"})
        w.step()
        cv = w.compare.view
        assert cv is not None
        assert np.array_equal(cv.canvas._points, w.canvas._points)
        second = w.compare.run.controller.trainer
        drawn = cv.canvas.model()
        a1, a2 = (np.array(a) for a in w.state()["projection"])
        wv = np.asarray(second.w, dtype=float)
        assert drawn.w[0] == pytest.approx(wv @ a1) and drawn.w[1] == pytest.approx(wv @ a2)
        w.step()  # the main view turns: the second pane's points with it
        assert np.array_equal(cv.canvas._points, w.canvas._points)
        assert w.set_compare(None)


# ------------------------------------------------------------------ built-in real data


@pytest.mark.long
def test_the_digits_from_file_examples_show_w_as_an_image(shared_window, tmp_path: Path) -> None:  # noqa: ANN001
    """File ▸ Examples: the digits (shipped, 64 features) open with w drawn as an 8 × 8
    image beside the canvas, in the colour of the class each pixel votes for, and the
    misclassified points as thumbnails; a session keeps that they are images; Iris (4-D)
    has no image."""
    from PySide6.QtGui import QColor

    from perceptron_gui.app.theme import theme
    from perceptron_gui.core.examples import load_example
    from perceptron_gui.core.model import mistakes

    w = shared_window
    titles = [a.objectName() for a in w.action_manager.menus["examples"].actions()]
    assert {"exampleAction", "exampleIrisAction", "exampleDigits38Action"} <= set(titles)
    w.action_manager.action("example_digits_38").trigger()
    data = load_example("digits:3:8").data
    s = w.state()
    assert s["image_shape"] == [8, 8] and np.array_equal(np.array(s["points"]), data.points)
    assert not w.image_panel.isHidden() and w.document.path is None  # no file of the user's
    assert w.set_mode("pocket")
    for _ in range(3):
        w.step()
    s = w.state()
    r = train(data.points, data.labels, mode="pocket", max_updates=3)
    assert s["image_w"] == list(r.pocket_w or ())  # the answer's w
    wrong = mistakes(r.answer, data.points, data.labels).tolist()
    assert (
        s["image_thumbnails"] == wrong[:12] and f"{len(wrong)} of 357" in w.image_panel.wrong.text()
    )
    image = w.image_panel.image.pixmap().toImage()
    cell = image.width() / 8
    wv = np.array(s["image_w"])

    def pixel(j: int) -> QColor:
        return image.pixelColor(int((j % 8 + 0.5) * cell), int((j // 8 + 0.5) * cell))

    top = int(np.argmax(np.abs(wv)))  # the largest |w_j|: the full colour of its class
    assert pixel(top) == QColor(theme().color("positive" if wv[top] > 0 else "negative"))
    assert pixel(int(np.flatnonzero(wv == 0)[0])) == QColor(theme().color("background"))
    for j in (int(np.argmax(wv)), int(np.argmin(wv))):  # ○'s blue up, ×'s vermillion down
        assert (pixel(j).blue() > pixel(j).red()) == (wv[j] > 0), j
    session = tmp_path / "digits.perceptron.json"
    assert w.save(session)
    assert w.load_builtin("iris")  # 4 features: no image
    assert w.state()["image_shape"] is None and w.image_panel.isHidden()
    assert w.load(session) and w.state()["image_shape"] == [8, 8]
    assert w.set_mode("kernel")
    assert w.state()["image_w"] is None and "no w" in w.image_panel.legend.text()
    assert not w.load_builtin("digits:3:3") and "two different digits" in w.notice.text()


@pytest.mark.long
@pytest.mark.parametrize("which", ["one", "four"])
def test_the_exported_table_has_w_with_its_d_entries(
    shared_window, one_d, four_d, which: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # noqa: ANN001
    """File ▸ Export ▸ Table of a run of 1 or 4 features is `perceptron trace`'s table of
    the same run (it failed at d = 1 and wrote the first two entries of w at d = 4)."""
    from perceptron_gui.cli.command import main

    w = shared_window
    path = one_d if which == "one" else four_d[0]
    assert w.load(path)
    for _ in range(3):
        w.step()
    out = tmp_path / "t.md"
    assert w.export_table(out)
    assert main(["trace", str(path), "--max-updates", "3", "--format", "markdown"]) == 0
    assert out.read_text("utf-8") == capsys.readouterr().out
    # What Copy and Export CSV… take: every feature and every entry of w.
    d = 1 if which == "one" else 4
    m = w.iteration_table.model
    sub = "₁₂₃₄"
    xs, ws = [f"x{sub[j]}" for j in range(d)], [f"w{sub[j]}" for j in range(d)]
    assert m.fields == ("k", "point", *xs, "y", *ws, "b")
    cols = dict(zip(m.fields, m.column_arrays(), strict=True))
    r = w.controller.trainer
    X = np.array(w.state()["points"])
    idx = r.history_slice("index", 0, 3)
    for j in range(d):
        assert cols[xs[j]].tolist() == X[idx, j].tolist()
        assert cols[ws[j]].tolist() == r.history_slice(f"w{j}", 0, 3).tolist()


@pytest.mark.long
def test_the_timeline_label_makes_room_in_the_turn_its_text_grows(qtbot) -> None:  # noqa: ANN001
    """A new window, the digits and ten steps in one go (as a script or a picture does):
    "update 10 of 10" stayed cut to "update 10 of" for a whole event-loop turn, the slow
    one of the first paint of 64-D data (~0.5 s; a picture grabbed then kept it): the
    frame's request for room reached the timeline's layout a turn later, behind the
    timeline's own request of the first show. One turn is enough now."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    label = w.timeline.label
    frame = label.parentWidget()
    assert w.load_builtin("digits:3:8") and w.set_mode("pocket")
    w.set_order("random")
    for _ in range(10):
        w.step()
    assert label.text() == "update 10 of 10"
    assert frame.width() < label.sizeHint().width()  # (the case: the text needs more room)
    QApplication.processEvents()  # one turn
    assert frame.width() >= label.sizeHint().width() and label.geometry() == frame.rect()


@pytest.mark.long
def test_the_view_keeps_the_data_sets_scatter_and_gives_view_axes_numbers(shared_window) -> None:  # noqa: ANN001
    """The window keeps the data set's mean and scatter while its points stay (a step of
    the digits no longer recomputes them nor waits for LAPACK's threads: 0.17 s a step
    under load, 2.5 ms now): its axes are `view_axes`' bit for bit, step after step, and
    another data set (Iris) gets its own."""
    from perceptron_gui.core.projection import view_axes

    w = shared_window
    for name, steps in (("digits:3:8", 6), ("iris", 2)):
        assert w.load_builtin(name) and w.set_mode("pocket")
        w.set_order("random")
        for _ in range(steps):
            w.step()
            s = w.state()
            a1, a2 = view_axes(np.array(s["points"]), np.array(s["w"]))
            assert s["projection"] == [a1.tolist(), a2.tolist()], name


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


@pytest.mark.long
def test_the_bound_the_proof_and_the_narration_in_four_dimensions(shared_window) -> None:  # noqa: ANN001
    """Iris (4-D) after three updates: the bound panel's (D/γ)², the proof's ‖ŵ‖, kηγ and
    ηD√k of the run in R^4, and the narration with w·x as its value, its four terms in the
    tooltip (summed in feature order: the trainers' bits)."""
    from perceptron_gui.app import format as fmt
    from perceptron_gui.core import novikoff
    from perceptron_gui.core.examples import load_example

    w = shared_window
    data = load_example("iris").data
    X, y = data.points, data.labels
    assert w.load_builtin("iris") and w.set_mode("primal") and w.set_order("cyclic")
    for _ in range(3):
        w.step()
    s = w.state()
    r = train(X, y, max_updates=3)
    bound = novikoff(X, y)
    assert s["w"] == list(r.w) and (s["D"], s["gamma"]) == (bound.D, bound.gamma)
    assert f"k = 3 ≤ (D/γ)² = {fmt.fmt(bound.bound)}" in w.bound_panel.readout_text()
    p = s["proof"]
    assert p["applies"] and p["k"] == 3
    assert p["norm"] == pytest.approx(np.linalg.norm(np.append(r.w, r.b)), rel=1e-12)
    assert p["progress_lower"] == pytest.approx(3 * bound.gamma, rel=1e-12)
    assert p["norm_upper"] == pytest.approx(bound.D * np.sqrt(3), rel=1e-12)
    i = int(r.updates[-1])
    before, x = r.history_w[-2], X[i]
    dot = ((before[0] * x[0] + before[1] * x[1]) + before[2] * x[2]) + before[3] * x[3]
    value = fmt.fmt(dot).replace("-", "−")
    assert f"w·x = ({value})" in _plain(s["narration"]) or f"w·x = {value}" in _plain(
        s["narration"]
    )
    tip = _plain(w.narration.toolTip()).splitlines()[0]
    assert tip.startswith("w·x = ") and tip.endswith(f"= {value}") and tip.count(" + ") == 3


@pytest.mark.long
def test_the_table_elides_a_64_entry_w_and_its_tooltip_has_them_all(shared_window) -> None:  # noqa: ANN001
    """The digits (64-D): the iteration table's w cell is elided (…) in its column, its
    tooltip has the 64 entries of the run's w."""
    from PySide6.QtCore import Qt

    from perceptron_gui.core.examples import load_example

    w = shared_window
    data = load_example("digits:3:8").data
    assert w.load_builtin("digits:3:8") and w.set_mode("primal") and w.set_order("cyclic")
    for _ in range(3):
        w.step()
    r = train(data.points, data.labels, max_updates=3)
    m = w.iteration_table.model
    index = m.index(3, m.columns.index("w"))
    shown = m.data(index, Qt.ItemDataRole.DisplayRole)
    tip = m.data(index, Qt.ItemDataRole.ToolTipRole)
    view = w.iteration_table.view
    width = view.horizontalHeader().sectionSize(m.columns.index("w"))
    assert view.textElideMode() != Qt.TextElideMode.ElideNone
    assert view.fontMetrics().horizontalAdvance(shown) > width  # elided on screen
    assert "…" not in tip
    entries = [float(v.replace("−", "-")) for v in tip.strip("()").split(", ")]
    assert entries == list(r.w)


def test_the_view_turns_to_a_new_w_in_frames_and_ends_on_its_axes(qtbot) -> None:  # noqa: ANN001
    """A new w turns the view (frames between the old axes and the new, each pair
    orthonormal; the line drawn is a slice meanwhile), not a jump; the turn ends on
    `view_axes` of the new w exactly (the line the hyperplane again)."""
    from perceptron_gui.app.window.dims import DimView
    from perceptron_gui.core.projection import view_axes

    rng = np.random.default_rng(4)
    X = rng.normal(size=(30, 4))
    w1, w2 = np.array([1.0, -2.0, 0.5, 1.5]), np.array([1.0, 1.0, -1.0, 0.5])
    view = DimView(turn_ms=150)
    view.update(X, w1, jump=True)
    start = view_axes(X, w1)
    assert view.axes is not None and np.array_equal(view.axes[0], start[0]) and view.exact
    frames: list[tuple[np.ndarray, np.ndarray]] = []
    view.axes_changed.connect(lambda: frames.append(view.axes))  # type: ignore[arg-type]
    view.update(X, w2)
    assert view.turning and not view.exact
    qtbot.waitUntil(lambda: not view.turning, timeout=5000)
    end = view_axes(X, w2)
    assert np.array_equal(view.axes[0], end[0]) and np.array_equal(view.axes[1], end[1])
    assert view.exact
    between = [
        (a1, a2)
        for a1, a2 in frames
        if not np.allclose(a1, start[0]) and not np.allclose(a1, end[0])
    ]
    assert between  # frames on the way, not a jump
    for a1, a2 in between:
        assert abs(np.linalg.norm(a1) - 1) < 1e-12 and abs(np.linalg.norm(a2) - 1) < 1e-12
        assert abs(a1 @ a2) < 1e-12


@pytest.mark.long
@pytest.mark.parametrize("which", ["one", "four"])
def test_a_figure_and_an_animation_of_d_features(
    shared_window, one_d, four_d, which: str, tmp_path: Path
) -> None:  # noqa: ANN001
    """File ▸ Export ▸ Figure (PNG, SVG) and Animation (GIF) of a run of 1 or 4 features:
    drawn on the view the window shows (x₁ alone; along w), with its axes named."""
    w = shared_window
    path = one_d if which == "one" else four_d[0]
    assert w.load(path)
    for _ in range(3):
        w.step()
    png, svg, gif = tmp_path / "f.png", tmp_path / "f.svg", tmp_path / "a.gif"
    assert w.export_figure(png, size=(600, 450)), w.notice.text()
    assert w.export_figure(svg, size=(600, 450)), w.notice.text()
    assert w.export_animation(gif, 3, size=(400, 320)), w.notice.text()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and gif.read_bytes()[:4] == b"GIF8"
    text = svg.read_text("utf-8")
    assert ("x₁" if which == "one" else "along w") in text


@pytest.mark.long
def test_the_timeline_goes_back_and_forth_in_four_dimensions(shared_window, four_d) -> None:  # noqa: ANN001
    """The timeline in R^4: dragged back to update 2 and forth to 5, the window shows the
    run's state there exactly (w, b, the view along that w)."""
    w = shared_window
    p, X, y = four_d
    assert w.load(p) and w.set_mode("pocket") and w.set_order("random")
    for _ in range(6):
        w.step()
    for k in (2, 5, 0, 6):
        w.timeline.slider.setValue(k)
        s = w.state()
        r = train(X, y, mode="pocket", order="random", max_updates=k)
        assert s["updates"] == k and s["w"] == list(r.w) and s["b"] == r.b, k
        if k:
            _check_view(w, X, y)


def test_a_data_sets_notice_leaves_with_its_data(shared_window) -> None:  # noqa: ANN001
    """The notice of where a built-in set comes from (its licence) went on naming the
    digits over the next data (a lesson opened within its 10 s); an error's notice stays."""
    w = shared_window
    assert w.load_builtin("digits")
    assert w.notice.isVisible() and "CC BY 4.0" in w.notice.text()
    w.act_undo.trigger()  # the data before: the notice is not theirs
    assert not w.notice.isVisible()
    assert w.load_builtin("digits") and w.notice.isVisible()
    assert not w.load_builtin("digits:3:3")  # refused: the digits stay, so does its notice
    assert w.notice.isVisible() and "two different digits" in w.notice.text()
    w.act_undo.trigger()
    assert w.notice.isVisible() and "two different digits" in w.notice.text()


def _plain_types(value: object, path: str = "state()") -> list[str]:
    """Where `value` holds anything but None, bool, int, float, str, list and dict with
    str keys (a numpy int64 is not an int; a numpy float64 is a float but not plain)."""
    if value is None or type(value) in (bool, int, float, str):
        return []
    if type(value) in (list, tuple):
        return [p for i, v in enumerate(value) for p in _plain_types(v, f"{path}[{i}]")]  # type: ignore[attr-defined]
    if type(value) is dict:
        bad = [f"{path} key {k!r}" for k in value if type(k) is not str]  # type: ignore[attr-defined]
        return bad + [p for k, v in value.items() for p in _plain_types(v, f"{path}[{k!r}]")]  # type: ignore[attr-defined]
    return [f"{path}: {type(value).__name__}"]


@pytest.mark.parametrize(
    ("jit", "features"),
    [
        ("0", 5),  # (the plain-Python loops in R^d: where the int64 came from)
        pytest.param("1", 5, marks=pytest.mark.long),
        pytest.param("0", 2, marks=pytest.mark.long),
        pytest.param("1", 2, marks=pytest.mark.long),
    ],
)
def test_state_is_plain_json_in_every_mode(
    shared_window,  # noqa: ANN001
    qtbot,  # noqa: ANN001
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    jit: str,
    features: int,
) -> None:
    """state()["mistakes"] was a numpy int64 in margin mode after a run to the end in R^d
    (the compiled loop's plain-Python twin, numba not ready yet, counted
    `mistakes += m <= 0.0`), where the other modes gave an int: json.dumps(state())
    raised. Every mode, 2 and 5 features, with and without the compiled loops."""
    import json

    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "0" if jit == "1" else "1")

    from perceptron_gui.core.config import MODES

    w = shared_window
    rng = np.random.default_rng(3)
    X5 = np.round(rng.normal(size=(30, 5)), 3)
    y5 = np.where(X5 @ np.array([1.0, -0.5, 0.3, 0.8, -1.2]) > 0.1, 1, -1)
    p5 = tmp_path / "five.csv"
    p5.write_text(
        "f1,f2,f3,f4,f5,y\n"
        + "".join(",".join(map(str, x)) + f",{t}\n" for x, t in zip(X5, y5, strict=True))
    )
    for load in (lambda: w.load(p5),) if features == 5 else (w.load_example,):
        load()
        w.set_max_updates(40)  # (the plain-Python loops: a few seconds a mode beyond)
        for mode in MODES:
            assert w.set_mode(mode)
            w.step()
            w.act_to_end.trigger()  # E: the run goes on in the event loop
            qtbot.waitUntil(lambda: not w.controller.running, timeout=20_000)
            s = w.state()
            assert s["updates"] > 1 or s["converged"], mode
            assert s["updates"] == 40 or s["converged"] or mode == "pa", mode
            assert _plain_types(s) == [], mode
            json.dumps(s)

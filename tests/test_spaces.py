"""The augmented space and the weight space: the geometry against the run, and the views.

The core's geometry (`core.spaces`) is checked against hand-worked values and the run's
own records; the window's views through their menu actions, `state()` and exports.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from perceptron_gui.core import spaces as sp
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.geometry import clip_line
from perceptron_gui.core.registry import make_trainer, spec

X21 = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
Y21 = [1.0, 1.0, -1.0]
#: Example 2.1's weights after each update, first order (Li Hang, Table 2.1).
BOOK = [(0, 0, 0), (3, 3, 1), (2, 2, 0), (1, 1, -1), (0, 0, -2), (3, 3, -1), (2, 2, -2), (1, 1, -3)]
LINEAR_MODES = [m for m in MODES if spec(m).has_w]


def test_the_camera_looking_down_z_shows_the_canvas() -> None:
    cam = sp.Camera(sp.TOP_AZIMUTH, sp.TOP_ELEVATION)
    P = np.array([[3.0, 1.0, 1.0], [-2.0, 5.0, 1.0], [0.5, -4.0, 7.0]])
    assert np.allclose(cam.project(P), P[:, :2], atol=1e-12)
    # Turning keeps the elevation within the poles and wraps the azimuth.
    assert sp.Camera(170, 80).turned(20, 30) == sp.Camera(-170, 90)


def test_a_plane_cut_by_a_box_is_a_convex_polygon_in_the_plane() -> None:
    box = (-2.0, 2.0, -2.0, 2.0, -1.0, 1.0)
    poly = sp.plane_in_box((1.0, 1.0, -1.0), box)
    assert 3 <= poly.shape[0] <= 6
    assert np.allclose(poly @ np.array([1.0, 1.0, -1.0]), 0.0, atol=1e-9)
    lo, hi = np.array(box[::2]), np.array(box[1::2])
    assert np.all(poly >= lo - 1e-9) and np.all(poly <= hi + 1e-9)
    assert sp.plane_in_box((0.0, 0.0, 0.0), box).shape == (0, 3)
    # The plane z = 0 cut by the box is the box's middle square.
    square = sp.plane_in_box((0.0, 0.0, 1.0), box)
    assert square.shape == (4, 3) and np.allclose(np.abs(square[:, :2]), 2.0)


def test_example_2_1_in_the_augmented_space_at_every_k() -> None:
    data = make_dataset(X21, Y21)
    t = make_trainer(data, TrainConfig(order="first"))
    view = (-1.0, 6.0, -1.0, 5.0)
    for k in range(8):
        if k:
            rec = t.step()
            assert rec is not None
        w, b = t.w, t.b
        assert (w[0], w[1], b) == BOOK[k]
        u = None
        if k:
            u = sp.update3(rec.w_before, rec.b_before, rec.w_after, rec.b_after, rec.points, True)
        scene = sp.augmented_scene(X21, Y21, w, b, view, update=u)
        assert scene.normal == BOOK[k]
        assert np.allclose(scene.points[:, 2], 1.0)
        if k == 0:
            assert scene.line is None and scene.plane.shape[0] == 0
            continue
        if w[0] == w[1] == 0.0:  # ŵ = (0, 0, b): the plane z = 0 misses z = 1, no line
            assert scene.line is None and clip_line((0.0, 0.0), b, view) is None
            assert scene.plane.shape[0] == 4
            continue
        # The plane's cut with z = 1 is the canvas's line, clipped as the canvas clips it.
        ends = clip_line((w[0], w[1]), b, view)
        assert scene.line is not None and ends is not None
        assert np.allclose(scene.line, ends, rtol=0, atol=1e-9)
        for x1, x2 in scene.line:
            assert abs(w[0] * x1 + w[1] * x2 + b) <= 1e-9
        assert np.allclose(scene.plane @ np.array(scene.normal), 0.0, atol=1e-9)
        # The triangle: old ŵ + ηy(x, 1) = new ŵ, with the textbook's point and η = 1.
        assert u is not None
        i = u.points[0]
        expect = (Y21[i] * X21[i][0], Y21[i] * X21[i][1], Y21[i])
        assert u.step == expect
        assert np.array_equal(np.add(u.old, u.step), u.new)
        assert u.old == BOOK[k - 1] and u.new == BOOK[k]


@pytest.mark.parametrize("mode", LINEAR_MODES)
def test_every_update_closes_its_triangle_in_every_mode(mode: str) -> None:
    """old ŵ + step = new ŵ, and the step is the mode's own: η or τ times y(x, 1), or
    η Σ_M y(x, 1) over a batch step's mistakes."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(16, 2)) * 3
    y = np.where(X[:, 0] - 0.5 * X[:, 1] + 0.3 > 0, 1.0, -1.0)
    y[[1, 5, 9]] *= -1  # not separable: the run goes on updating
    t = make_trainer(make_dataset(X, y), TrainConfig(mode=mode, eta=0.5))
    made = 0
    for _ in range(40):
        rec = t.step()
        if rec is None or not rec.updated:
            break
        u = sp.update3(rec.w_before, rec.b_before, rec.w_after, rec.b_after, rec.points, True)
        assert np.allclose(np.add(u.old, u.step), u.new, rtol=0, atol=1e-12)
        idx = list(rec.points)
        lifted = np.column_stack((X[idx], np.ones(len(idx)))) * y[idx, None]
        expect = rec.scale * lifted.sum(axis=0)
        assert np.allclose(u.step, expect, rtol=1e-12, atol=1e-12), (mode, rec)
        made += 1
    assert made >= 5


def test_the_weight_space_of_a_converged_run() -> None:
    """The feasible cone holds the final ŵ and none of the ŵ_k before the last mistake."""
    data = make_dataset(X21, Y21)
    t = make_trainer(data, TrainConfig(order="first"))
    t.run()
    assert t.converged and t.k == 7
    path = np.vstack(([[0.0, 0.0, 0.0]], np.column_stack((t.history_w, t.history_b))))
    scene = sp.weight_scene(X21, Y21, path, True)
    assert scene.path.shape == (8, 3)  # one vertex per update, the start first
    assert scene.feasible and scene.violated == ()
    normals = sp.constraint_normals(X21, Y21, True)
    assert np.array_equal(normals[2], [-1.0, -1.0, -1.0])
    assert sp.feasible(normals, path[-1])
    assert not any(sp.feasible(normals, p) for p in path[:-1])
    # Every sampled direction of the cone keeps every constraint; û* is inside the cone.
    assert scene.cone.shape[0] > 0
    assert np.all(scene.cone @ normals.T > 0)
    assert np.isclose(np.linalg.norm(scene.cone, axis=1), scene.radius).all()
    # Halfway through, the run's ŵ breaks the constraint of the point it corrects next.
    mid = sp.weight_scene(X21, Y21, path[:4], True)
    assert mid.violated == (2,) and not mid.feasible


def test_without_the_bias_the_weight_space_is_the_plane() -> None:
    X = [[1.0, 2.0], [2.0, 0.5], [-1.0, -1.5]]
    y = [1.0, 1.0, -1.0]
    t = make_trainer(make_dataset(X, y), TrainConfig(bias=False))
    t.run()
    path = np.vstack(([[0.0, 0.0, 0.0]], np.column_stack((t.history_w, t.history_b))))
    scene = sp.weight_scene(X, y, path, False)
    assert np.all(scene.path[:, 2] == 0.0) and np.all(scene.normals[:, 2] == 0.0)
    assert scene.feasible and scene.cone.shape[0] > 0 and np.all(scene.cone[:, 2] == 0.0)
    line = sp.constraint_curve(scene.normals[0], 2.0, False)
    assert line.shape == (2, 3) and np.allclose(line @ scene.normals[0], 0.0)
    ticks = sp.allowed_ticks(scene.normals[0], 2.0, False)
    # Each stroke runs from the line into the allowed side.
    assert np.all((ticks[:, 1] - ticks[:, 0]) @ scene.normals[0] > 0)


def _drawn(image: QImage) -> float:
    """The share of the image's pixels that are not the background (the top-left pixel)."""
    w, h = image.width(), image.height()
    ptr = image.constBits()
    a = np.frombuffer(ptr, dtype=np.uint8).reshape(h, image.bytesPerLine())[:, : w * 4]
    px = a.reshape(h, w, 4)
    return float(np.mean(np.any(px != px[0, 0], axis=2)))


@pytest.mark.long
def test_the_views_follow_the_run_in_the_window(window, qtbot, tmp_path) -> None:  # noqa: ANN001
    window.set_points(X21, [1, 1, -1])
    window.set_order("first")
    window.act_augmented_space.trigger()  # View ▸ Augmented space
    assert window.spaces.docks["augmented"].isVisible()
    assert window.findChild(type(window.spaces.views["augmented"]), "augmentedView")
    for k in range(8):
        if k:
            window.step()
        s = window.state()["augmented"]
        w, b = window.state()["w"], window.state()["b"]
        assert s["normal"] == [w[0], w[1], b] == list(BOOK[k])
        if k and (w[0], w[1]) != (0.0, 0.0):
            view = window.canvas.view_range()
            ends = clip_line(tuple(w), b, view)  # (None: the line misses the data's frame)
            assert (s["line"] is None) if ends is None else np.allclose(s["line"], ends, atol=1e-9)
            u = s["update"]
            assert np.array_equal(np.add(u["old"], u["step"]), u["new"])
    assert window.state()["augmented"]["rotation"] == sp.Camera().to_dict()
    # The timeline: back to k = 3, both views show ŵ_3 and its path.
    window.act_weight_space.trigger()
    window.seek(3)
    s = window.state()
    assert s["augmented"]["normal"] == list(BOOK[3])
    assert s["weights"]["path"] == [list(map(float, p)) for p in BOOK[:4]]
    assert s["weights"]["feasible"] is False and s["weights"]["violated"] == [2]
    window.seek(7)
    assert window.state()["weights"]["feasible"] is True
    # Exports: framed pictures that show the plane and the cone (not a blank page).
    for kind in ("augmented", "weights"):
        png = tmp_path / f"{kind}.png"
        assert window.export_space_view(kind, png)
        image = QImage(str(png))
        assert image.width() > 200 and image.height() > 150
        assert 0.03 < _drawn(image) < 0.9, kind
        svg = tmp_path / f"{kind}.svg"
        assert window.export_space_view(kind, svg)
        assert "<svg" in svg.read_text(encoding="utf-8")
    assert not window.export_space_view("nope", tmp_path / "x.png")
    # With the focus on the view, its keys turn it (Home is the view's, not the run's reset).
    view = window.spaces.views["weights"]
    view.setFocus()
    view.set_camera(sp.Camera(10, 10))
    k = window.state()["updates"]
    qtbot.keyClick(view, Qt.Key.Key_Z)
    assert window.state()["weights"]["rotation"] == {"azimuth": -90.0, "elevation": 90.0}
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert window.state()["weights"]["rotation"] == sp.Camera().to_dict()
    assert window.state()["updates"] == k
    # A drag turns it.
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=view.rect().center())
    qtbot.mouseMove(view, view.rect().center() + QPoint(40, 10))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=view.rect().center() + QPoint(40, 10))
    assert window.state()["weights"]["rotation"] != sp.Camera().to_dict()
    # Closing the dock unchecks the menu's action.
    window.spaces.docks["weights"].close()
    assert not window.act_weight_space.isChecked()


def _gif_frames(path) -> list[np.ndarray]:  # noqa: ANN001
    """Every frame of a GIF as an RGB array (read with Pillow, as the canvas's GIF tests)."""
    from PIL import Image, ImageSequence

    with Image.open(path) as im:
        return [np.asarray(f.convert("RGB")).astype(int) for f in ImageSequence.Iterator(im)]


@pytest.mark.long
def test_the_views_export_an_animation_of_the_run(window, tmp_path) -> None:  # noqa: ANN001
    window.set_points(X21, [1, 1, -1])
    window.set_order("first")
    for _ in range(7):
        window.step()
    window.seek(5)  # the timeline's update: the animation runs k = 0 … 5
    window.set_space_view("augmented")
    before = window.state()
    for kind in ("augmented", "weights"):  # shown or hidden alike
        gif = tmp_path / f"{kind}.gif"
        assert window.export_space_animation(kind, gif, size=(400, 300))
        frames = _gif_frames(gif)
        assert len(frames) == 5 + 1, kind  # ŵ_0, then one frame per update
        assert frames[0].shape == (300, 400, 3)
        # Every update of Example 2.1 changes ŵ: each frame differs from the one before
        # below the k counter's strip (the plane, the arrows or the path moved).
        for i in range(1, len(frames)):
            assert np.any(frames[i][40:] != frames[i - 1][40:]), (kind, i)
    # More steps than the run has: it ends at its last update (k = 7).
    gif = tmp_path / "whole.gif"
    assert window.export_space_animation("weights", gif, 50, size=(400, 300))
    assert len(_gif_frames(gif)) == 7 + 1
    assert window.export_space_animation("augmented", gif, 0, size=(400, 300))
    assert len(_gif_frames(gif)) == 1
    # The window's run and views are as they were; bad requests are messages.
    after = window.state()
    assert after["updates"] == 5 and after["augmented"] == before["augmented"]
    assert after["weights"]["path"] == before["weights"]["path"]
    assert not window.export_space_animation("weights", tmp_path / "x.png")
    assert not window.export_space_animation("nope", tmp_path / "x.gif")
    # Reachable from the view's own context menu, with the figure export beside it.
    view = window.spaces.views["augmented"]
    names = [a.objectName() for a in view.menu.actions()]
    assert names == ["augmentedExportAction", "augmentedExportAnimationAction"]


@pytest.mark.long
def test_compare_mode_draws_the_second_runs_w_in_both_views(window, tmp_path) -> None:  # noqa: ANN001
    window.set_points(X21, [1, 1, -1])
    window.set_order("first")
    window.set_space_view("augmented")
    window.set_space_view("weights")
    assert window.state()["weights"]["compare"] is None
    assert window.set_compare({"order": "cyclic", "eta": 0.5})
    for _ in range(3):
        window.step()
    s = window.state()
    second = s["compare"]
    assert second["updates"] == 3
    normal = [*second["w"], second["b"]]
    # The augmented view: run 2's plane, with its normal ŵ and its line at z = 1.
    aug = s["augmented"]["compare"]
    assert aug["normal"] == normal and aug["normal"] != s["augmented"]["normal"]
    ends = clip_line(tuple(second["w"]), second["b"], window.canvas.view_range())
    assert (aug["line"] is None) if ends is None else np.allclose(aug["line"], ends, atol=1e-9)
    # The weight view: run 2's path, ŵ_0 first and one vertex per update.
    path = s["weights"]["compare"]["path"]
    assert len(path) == 3 + 1 and path[0] == [0.0, 0.0, 0.0] and path[-1] == normal
    assert path[1] == [1.5, 1.5, 0.5]  # η = 0.5: half of run 1's first update
    assert s["weights"]["compare"]["feasible"] is False
    both = {kind: tmp_path / f"{kind}-both.png" for kind in ("augmented", "weights")}
    for kind, path in both.items():
        assert window.export_space_view(kind, path)
    # A second run whose ŵ lives in another space says so; leaving compare drops it.
    assert window.set_compare({"bias": False})
    note = window.state()["weights"]["compare"]
    assert set(note) == {"note"} and "bias" in note["note"]
    assert window.state()["augmented"]["compare"]["normal"][2] == 0.0
    assert window.set_compare(None)
    assert window.state()["weights"]["compare"] is None
    assert window.state()["augmented"]["compare"] is None
    # Drawn: at the same k, each view differs from itself without the second run.
    assert window.state()["updates"] == 3
    for kind, path in both.items():
        alone = tmp_path / f"{kind}-alone.png"
        assert window.export_space_view(kind, alone)
        assert QImage(str(path)) != QImage(str(alone)), kind


def test_the_kernel_mode_says_why_there_is_no_weight_space(window) -> None:  # noqa: ANN001
    window.set_points(X21, [1, 1, -1])
    window.set_mode("kernel")
    window.set_space_view("weights")
    window.step()
    s = window.state()["weights"]
    assert "kernel" in s["note"] and "path" not in s


@pytest.mark.long
def test_lesson_scenes_show_the_spaces_at_1024(window, qtbot) -> None:  # noqa: ANN001
    window.resize(1024, 700)
    window.lesson_player.open("perceptron")
    scenes = window.lesson_player.lesson.scenes
    kinds = {k: i for i, s in enumerate(scenes) for k in ("augmented", "weights") if k in s.show}
    assert set(kinds) == {"augmented", "weights"}
    for kind, i in kinds.items():
        window.lesson_player.go(i)
        view = window.spaces.views[kind]
        qtbot.waitUntil(lambda v=view: v.isVisible() and v.width() >= 300)
        assert window.state()[kind]["visible"]
        other = "weights" if kind == "augmented" else "augmented"
        assert not window.spaces.views[other].isVisible()
    assert math.isfinite(window.state()["augmented"]["rotation"]["azimuth"])


@pytest.mark.long
def test_an_animation_keeps_one_frame_for_all_its_frames(window, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    """Each frame of a view's animation is drawn at the same scale and centre (fitted one by
    one, the weight space zoomed out as the path grew, and the eye followed the zoom)."""
    from perceptron_gui.app.spaces import SpaceView

    window.set_points(X21, [1, 1, -1])
    window.set_order("first")
    for _ in range(7):
        window.step()
    seen: list[tuple[float, tuple[float, ...]]] = []
    real = SpaceView.render_to

    def spy(self, p, rect) -> None:  # noqa: ANN001
        seen.append((self._scale, tuple(self._centre)))
        real(self, p, rect)

    monkeypatch.setattr(SpaceView, "render_to", spy)
    for kind in ("weights", "augmented"):
        seen.clear()
        assert window.export_space_animation(kind, tmp_path / f"{kind}.gif", size=(400, 300))
        assert len(seen) == 7 + 1 and len(set(seen)) == 1, (kind, seen)
    # The views themselves are fitted to the window's run again.
    seen.clear()
    view = window.spaces.views["weights"]
    view._layout()
    assert view._fixed_extent is None


@pytest.mark.long
def test_file_export_space_views_write_the_figure_and_the_animation(
    window,
    tmp_path,
    monkeypatch,  # noqa: ANN001
) -> None:
    """File ▸ Export ▸ Space views: each view's figure and animation from the menu (not
    only from the view's right-click menu), the view hidden or shown alike."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QFileDialog

    window.set_points(X21, [1, 1, -1])
    for _ in range(3):
        window.step()
    from PySide6.QtWidgets import QMenu

    sub = window.findChild(QMenu, "spaces_exportMenu")
    export_menu = window.findChild(QMenu, "exportMenu")
    assert sub is not None and sub.menuAction() in export_menu.actions()
    names = [a.objectName() for a in sub.actions()]
    assert names == [
        "exportAugmentedAction",
        "exportAugmentedAnimationAction",
        "exportWeightsAction",
        "exportWeightsAnimationAction",
    ]
    for action in sub.actions():
        suffix = ".gif" if "Animation" in action.objectName() else ".png"
        target = tmp_path / (action.objectName() + suffix)
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, t=target: (str(t), ""))
        assert isinstance(action, QAction)
        action.trigger()
        assert target.stat().st_size > 1000, action.objectName()


@pytest.mark.long
def test_the_views_labels_never_cover_one_another(window) -> None:  # noqa: ANN001
    """In a view the size of a lesson's column at 1024×768, no label covers another (the
    augmented view had drawn "z = 1: the canvas", "x2" and "old ŵ" over one another)."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QImage, QPainter

    window.set_points(X21, [1, 1, -1])
    window.set_order("first")
    for kind in ("augmented", "weights"):
        view = window.spaces.views[kind]
        for k in (1, 3, 7):
            window.seek(k)
            with np.errstate(all="ignore"):
                view._scene = view._compute()
            size = QRect(0, 0, 330, 420)
            view._layout(size.size())
            image = QImage(size.size(), QImage.Format.Format_ARGB32)
            p = QPainter(image)
            view.render_to(p, size)
            p.end()
            boxes = view._placed
            assert len(boxes) >= 4, (kind, k)
            for i, a in enumerate(boxes):
                for b in boxes[i + 1 :]:
                    assert not a.intersects(b), (kind, k, a, b)

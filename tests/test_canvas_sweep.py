"""The frame's promises swept over data, modes and screens (issue 26, "Done when").

After every step: the data fill at least 60 % of the view's width or height; every shown point
name lies within ~2.5 marker diameters of its point (outside its ring) or has a leader line
to it; every vector label touches its arrow; no overlay covers a point's centre (up to 60
points: beyond, a text over the cloud hides little of it). The same on exported figures and
GIF frames, by their pixels. One window serves the module (the sweep is cheap in CPU).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import probes
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas import DataCanvas, frame
from perceptron_gui.app.canvas.constants import LEADER_REACH
from perceptron_gui.app.canvas.layout import segments_cross
from perceptron_gui.app.theme import theme
from perceptron_gui.core.generators import generate

MODES = ("primal", "dual", "pocket", "batch", "averaged", "voted", "pa", "kernel", "margin")
EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]
#: Beyond this many points a text may lie over the cloud (`canvas.CROWD_HIDE_MAX`).
FEW = 60


@pytest.fixture(scope="module")
def win(qapp) -> Iterator[object]:  # noqa: ANN001
    yield from probes.shown_window()


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _to_px(cv: DataCanvas, pts: np.ndarray) -> np.ndarray:
    """Data points to the canvas's pixels (the map is affine: two corners give it)."""
    x0, x1, y0, y1 = cv.view_range()
    a = cv._vb.mapViewToScene(QPointF(x0, y0))  # noqa: SLF001
    b = cv._vb.mapViewToScene(QPointF(x1, y1))  # noqa: SLF001
    o = cv.mapFromScene(QPointF(0.0, 0.0))
    sx = (b.x() - a.x()) / (x1 - x0)
    sy = (b.y() - a.y()) / (y1 - y0)
    return np.column_stack(
        [a.x() + (pts[:, 0] - x0) * sx + o.x(), a.y() + (pts[:, 1] - y0) * sy + o.y()]
    )


def _gap(r, x: float, y: float) -> float:  # noqa: ANN001
    return math.hypot(max(0.0, r.left() - x, x - r.right()), max(0.0, r.top() - y, y - r.bottom()))


def _ring(cv: DataCanvas, i: int) -> float:
    """The radius of the largest ring drawn round point i (its name goes outside it)."""
    rings = [0.0]
    if i in cv._misclassified:  # noqa: SLF001
        rings.append(cv._marks.layers.rings.size / 2)  # noqa: SLF001
    if i == cv._current:  # noqa: SLF001
        rings.append(cv._marks.layers.current.size / 2)  # noqa: SLF001
    if cv._made("band") and cv._margin.rings.isVisible() and i in cv._margin.inside:  # noqa: SLF001
        rings.append(cv._margin.rings.size / 2)  # noqa: SLF001  (a right point inside the band)
    anatomy = cv._anatomy  # noqa: SLF001
    if anatomy is not None and anatomy[2] == i and cv._update_ring.isVisible():  # noqa: SLF001
        rings.append(cv._update_ring.size / 2)  # noqa: SLF001
    return max(rings)


def check(cv: DataCanvas, where: str, misclassified: list[int]) -> list[str]:
    """What breaks the frame's promises on canvas `cv` now (empty when none)."""
    cv.flush()
    bad: list[str] = []
    pts = np.asarray(cv.points())
    if len(np.unique(pts, axis=0)) >= 2:
        fill = frame.fill(pts, cv.view_range())
        if fill < 0.6:
            bad.append(f"{where}: the data fill {fill:.2f} of the view")
    px = _to_px(cv, pts)
    diameter = cv._marks.layers.markers.size  # noqa: SLF001
    rects = cv.overlay_rects()
    leaders = cv.leader_lines()
    for key, r in rects.items():
        if key.startswith("name"):
            i = int(key[4:])
            reach = 2.5 * diameter + _ring(cv, i)
            if key not in leaders and _gap(r, *px[i]) > reach:
                bad.append(f"{where}: {key} is {_gap(r, *px[i]):.0f} px off its point")
    # Leader lines: at most LEADER_REACH diameters long, no two crossing.
    segs = {k: (v.x1(), v.y1(), v.x2(), v.y2()) for k, v in leaders.items()}
    for n, (key, seg) in enumerate(segs.items()):
        if math.hypot(seg[2] - seg[0], seg[3] - seg[1]) > LEADER_REACH * diameter + 0.5:
            bad.append(f"{where}: {key}'s leader line is longer than {LEADER_REACH} diameters")
        for other in list(segs)[n + 1 :]:
            if segments_cross(seg, segs[other]):
                bad.append(f"{where}: the leader lines of {key} and {other} cross")
    for name, ends in cv._vector_ends.items():  # noqa: SLF001
        key = f"vector {name}"
        label = cv._vector_labels[name]  # noqa: SLF001
        if key not in rects or not label.isVisible() or label.opacity() == 0:
            continue
        a, b = _to_px(cv, np.array(ends, dtype=np.float64))
        r = rects[key]
        if min(_gap(r, *(a + f * (b - a))) for f in np.linspace(0, 1, 101)) > 4:
            bad.append(f"{where}: the label of {name} does not touch its arrow")
    if len(pts) <= FEW:
        for key, r in rects.items():
            if key == "readout":  # (the band above the plot)
                continue
            for i, (x, y) in enumerate(px):
                if r.contains(float(x), float(y)):
                    bad.append(f"{where}: {key} covers point {i}")
    return bad


def _data_sets() -> list[tuple[str, object, tuple[str, ...]]]:
    sep = generate("separable", 40, seed=2, margin=0.02)
    xor = generate("xor", 24, seed=1)
    noisy = generate("noisy", 10_000, seed=4)
    return [
        ("example 2.1", (EX_X, EX_Y), MODES),
        ("built-in", None, MODES),
        ("40 points", (sep.points, sep.labels), ("batch", "primal", "voted")),
        ("xor", (xor.points, xor.labels), ("kernel", "pocket")),
        ("10^4 noisy", (noisy.points, noisy.labels), ("primal", "batch")),
    ]


def _load(w, data) -> None:  # noqa: ANN001
    if data is None:
        w.load_example()
    else:
        w.set_points(*data)


def _sweep(w, sets, steps: int, canvases) -> list[str]:  # noqa: ANN001
    bad: list[str] = []
    for name, data, modes in sets:
        _load(w, data)
        for mode in modes:
            assert w.set_mode(mode)
            if mode == "kernel":
                w.controller.set_settings(kernel="rbf", sigma=1.0)
            for k in range(steps):
                w.act_step.trigger()
                _settle()
                mis = w.state()["misclassified"]
                for cv in canvases():
                    bad += check(cv, f"{name}/{mode}/{k + 1}", mis)
            if name == "40 points" and mode == "batch":
                w.run_to_end()
                _settle()
                bad += check(w.canvas, f"{name}/{mode}/end", w.state()["misclassified"])
    return bad


@pytest.mark.long
def test_the_frame_holds_at_1024_by_768(win) -> None:  # noqa: ANN001
    bad = _sweep(win, _data_sets(), 2, lambda: [win.canvas])
    assert not bad, bad[:10]


@pytest.mark.long
def test_the_frame_holds_in_presentation_at_scale_2_and_in_compare(win) -> None:  # noqa: ANN001
    sets = _data_sets()[:3]
    try:
        win.act_present.trigger()
        _settle()
        win.resize(1024, 768)
        _settle()
        bad = _sweep(win, [(n, d, m[:5]) for n, d, m in sets], 1, lambda: [win.canvas])
        win.act_present.trigger()
        _settle()
        win.resize(1920, 1080)
        assert win.set_ui_scale(2.0)
        _settle()
        bad += _sweep(win, [(n, d, m[3:]) for n, d, m in sets], 1, lambda: [win.canvas])
        assert win.set_ui_scale(1.0)
        win.resize(1024, 768)
        win.act_compare.trigger()
        _settle()

        def both() -> list[DataCanvas]:
            return [c for c in win.findChildren(DataCanvas) if c.isVisible()]

        assert len(both()) == 2
        bad += _sweep(win, [(n, d, ("primal", "pa")) for n, d, _ in sets[:2]], 2, both)
    finally:
        if win.state()["presentation"]:
            win.act_present.trigger()
        if win.act_compare.isChecked():
            win.act_compare.trigger()
    assert not bad, bad[:10]


def _near_colour(rgb: np.ndarray, c, tol: int) -> np.ndarray:  # noqa: ANN001
    return np.abs(rgb - np.array([c.red(), c.green(), c.blue()])).sum(axis=2) < tol


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    ys, xs = np.nonzero(mask)
    return None if not len(xs) else (xs.min(), xs.max(), ys.min(), ys.max())


def _class_extent(img) -> tuple[float, float]:  # noqa: ANN001
    """The part of the plot area's width and height that the points' markers span (pixels
    of either class's colour, within a tolerance for a GIF's palette); the plot area is
    where the half-planes' tints are (over the background)."""
    from PySide6.QtGui import QColor

    rgb = np.asarray(img.convert("RGB"), dtype=np.int32)
    t = theme()
    bg = t.color("background")
    marks = np.zeros(rgb.shape[:2], dtype=bool)
    tints = np.zeros(rgb.shape[:2], dtype=bool)
    for name in ("positive", "negative"):
        marks |= _near_colour(rgb, t.color(name), 40)
        c = t.tint(name)
        a = c.alphaF()
        mixed = QColor(
            round(a * c.red() + (1 - a) * bg.red()),
            round(a * c.green() + (1 - a) * bg.green()),
            round(a * c.blue() + (1 - a) * bg.blue()),
        )
        tints |= _near_colour(rgb, mixed, 12)
    m, p = _box(marks), _box(tints)
    if m is None or p is None:
        return 0.0, 0.0
    return (m[1] - m[0]) / max(1, p[1] - p[0]), (m[3] - m[2]) / max(1, p[3] - p[2])


@pytest.mark.long
def test_exported_figures_and_gif_frames_are_framed_by_the_data(win, tmp_path) -> None:  # noqa: ANN001
    from PIL import Image

    sep = generate("separable", 40, seed=2, margin=0.02)
    for name, data, mode in (
        ("40 batch", (sep.points, sep.labels), "batch"),
        ("example 2.1", (EX_X, EX_Y), "primal"),
    ):
        _load(win, data)
        assert win.set_mode(mode)
        win.run_to_end()
        _settle()
        png = tmp_path / f"{mode}.png"
        assert win.export_figure(png, (600, 450), title=False)
        ex, ey = _class_extent(Image.open(png))
        assert max(ex, ey) >= 0.6, (name, ex, ey)
        gif = tmp_path / f"{mode}.gif"
        assert win.export_animation(gif, 3, size=(400, 300))
        with Image.open(gif) as im:
            for i in range(im.n_frames):
                im.seek(i)
                ex, ey = _class_extent(im)
                assert max(ex, ey) >= 0.6, (name, i, ex, ey)

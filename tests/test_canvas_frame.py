"""The data own the view (issue 26): the frame is the data's, texts never widen it, a user's
zoom holds until Fit view, labels sit by what they name, vectors are clipped at the edge."""

from __future__ import annotations

import math

import numpy as np
import pytest
from gestures import wheel
from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from perceptron_gui.app.canvas import frame
from perceptron_gui.core.generators import generate

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


# ------------------------------------------------------------------ Qt-free


def test_the_frame_is_the_data_box_with_a_margin() -> None:
    rng = np.random.default_rng(3)
    for trial in range(200):
        n = int(rng.integers(2, 40))
        scale = 10.0 ** rng.integers(-6, 8)
        pts = rng.normal(size=(n, 2)) * scale * rng.uniform(0.01, 1.0, size=2)
        pts += rng.normal(size=2) * scale * 10 * (trial % 2)
        size = (float(rng.integers(200, 1900)), float(rng.integers(150, 1000)))
        f = frame.data_frame(pts, size_px=size, room_px=22.0)
        x0, x1, y0, y1 = f
        assert x0 <= pts[:, 0].min() and pts[:, 0].max() <= x1
        assert y0 <= pts[:, 1].min() and pts[:, 1].max() <= y1
        # what the locked aspect shows at this size: the frame grown along one axis
        per_px = max((x1 - x0) / size[0], (y1 - y0) / size[1])
        view = (0.0, per_px * size[0], 0.0, per_px * size[1])
        assert frame.fill(pts, view) >= 0.6, (trial, f, size)
    # the origin only when kept
    x0, _, y0, _ = frame.data_frame([[3, 3], [4, 5]])
    assert x0 > 0 and y0 > 0
    x0, _, y0, _ = frame.data_frame([[3, 3], [4, 5]], keep_origin=True)
    assert x0 < 0 and y0 < 0
    assert frame.data_frame([]) == (-5.0, 5.0, -5.0, 5.0)
    x0, x1, _, _ = frame.data_frame([[1e150, 1e150]])
    assert x0 < 1e150 < x1


def test_a_segment_is_clipped_to_the_frame() -> None:
    rect = (0.0, 10.0, 0.0, 10.0)
    assert frame.clip_segment((1, 1), (5, 5), rect) == ((1.0, 1.0), (5.0, 5.0), False)
    (s, e, cut) = frame.clip_segment((1, 1), (20, 1), rect) or ((0, 0), (0, 0), False)
    assert s == (1.0, 1.0) and e == (10.0, 1.0) and cut
    (s, e, cut) = frame.clip_segment((-5, 5), (5, 5), rect) or ((0, 0), (0, 0), False)
    assert s == (0.0, 5.0) and e == (5.0, 5.0) and cut
    assert frame.clip_segment((-5, -5), (-1, 20), rect) is None
    assert frame.clip_segment((0, 0), (math.inf, 1), rect) is None
    (s, e, cut) = frame.clip_segment((1, 1), (1e300, 1e300), rect) or ((0, 0), (0, 0), False)
    assert e == pytest.approx((10.0, 10.0)) and cut


# ------------------------------------------------------------------ the window


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _ring(cv, i: int) -> float:  # noqa: ANN001
    """The radius of the largest ring drawn round point i (its name goes outside it)."""
    rings = [0.0]
    if i in cv._misclassified:  # noqa: SLF001
        rings.append(cv._marks.layers.rings.size / 2)  # noqa: SLF001
    if i == cv._current:  # noqa: SLF001
        rings.append(cv._marks.layers.current.size / 2)  # noqa: SLF001
    if cv._made("band") and cv._margin.rings.isVisible() and i in cv._margin.inside:  # noqa: SLF001
        rings.append(cv._margin.rings.size / 2)  # noqa: SLF001  (a right point inside the band)
    if cv._anatomy is not None and cv._anatomy[2] == i and cv._update_ring.isVisible():  # noqa: SLF001
        rings.append(cv._update_ring.size / 2)  # noqa: SLF001
    return max(rings)


def _fill(window) -> float:  # noqa: ANN001
    return frame.fill(window.state()["points"], window.state()["view"])


def test_fit_view_returns_the_data_frame_and_a_zoom_holds(window) -> None:  # noqa: ANN001
    cv = window.canvas
    assert not window.findChild(QAction, "followLineAction").isChecked()
    d = generate("separable", 40, seed=2, margin=0.02)
    window.set_points(d.points, d.labels)
    window.set_mode("batch")
    _settle()
    fitted = window.state()["view"]
    assert _fill(window) >= 0.6
    window.run_to_end()
    _settle()
    # the batch sum's arrows never widen the view
    assert window.state()["view"] == pytest.approx(fitted) and _fill(window) >= 0.6
    wheel(cv, 3)  # the user zooms in
    zoomed = window.state()["view"]
    assert zoomed[1] - zoomed[0] < 0.8 * (fitted[1] - fitted[0])
    window.seek(1)
    window.set_mode("primal")
    window.step()
    _settle()
    assert window.state()["view"] == pytest.approx(zoomed)  # held across steps and modes
    window.findChild(QAction, "fitAction").trigger()  # F
    _settle()
    assert window.state()["view"] == pytest.approx(fitted)
    window.set_mode("pa")
    window.step()
    _settle()
    assert window.state()["view"] == pytest.approx(fitted)


def test_labels_sit_by_what_they_name(window) -> None:  # noqa: ANN001
    """Each shown point name lies within 2.5 marker diameters of its point or has a leader
    line to it; each vector's label touches its arrow; the caption names the mode's step."""
    cv = window.canvas
    window.set_order("first")
    for mode, step in (("primal", "ηyx"), ("pa", "τyx"), ("batch", "η Σ")):
        window.load_example()
        window.set_mode(mode)
        window.step()
        _settle()
        cv.flush()
        diameter = cv._marks.layers.markers.size  # noqa: SLF001
        rects = cv.overlay_rects()
        leaders = cv.leader_lines()
        names = [k for k in rects if k.startswith("name")]
        assert names, mode
        for key in names:
            i = int(key[4:])
            p = cv.to_widget(*window.state()["points"][i])
            r = rects[key]
            gap = math.hypot(
                max(0.0, r.left() - p.x(), p.x() - r.right()),
                max(0.0, r.top() - p.y(), p.y() - r.bottom()),
            )
            near = gap <= 2.5 * diameter + _ring(cv, i)  # (outside a ringed point's ring)
            assert near or key in leaders, (mode, key, gap, diameter)
            if key in leaders:
                line = leaders[key]
                assert math.hypot(line.x1() - p.x(), line.y1() - p.y()) <= 2 * diameter
                end = line.p2()
                assert r.adjusted(-1, -1, 1, 1).contains(end), (mode, key)
        caption = cv._anatomy_label.toPlainText()  # noqa: SLF001
        assert step in caption and (mode == "primal" or "ηyx" not in caption), caption
        for name, ends in cv._vector_ends.items():  # noqa: SLF001
            key = f"vector {name}"
            if key not in rects or cv._vector_labels[name].opacity() == 0:  # noqa: SLF001
                continue
            r = rects[key].adjusted(-3, -3, 3, 3)
            a, b = (cv.to_widget(*e) for e in ends)
            touches = any(
                r.contains(QPointF(a.x() + f * (b.x() - a.x()), a.y() + f * (b.y() - a.y())))
                for f in np.linspace(0, 1, 200)
            )
            assert touches, (mode, key)

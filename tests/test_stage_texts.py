"""The stage, second round (issue 15): no text on a point's ring, readable marks at large N,
the clicked point in large type in presentation, error banners in the window's language."""

from __future__ import annotations

import math

from test_house import EX_X, EX_Y, _normal_theme  # noqa: F401  (an autouse fixture)

from perceptron_gui.app.theme import theme


def _disc_meets_rect(cx: float, cy: float, r: float, rect) -> bool:  # noqa: ANN001
    nx = min(max(cx, rect.left()), rect.right())
    ny = min(max(cy, rect.top()), rect.bottom())
    return math.hypot(nx - cx, ny - cy) < r


def test_no_text_sits_on_the_updated_points_ring(window) -> None:
    """The normal's label, the vectors' names and the point names keep off the ring drawn
    round the updated point (wider than a point), at 1024×768 and every step of the
    worked example; the updated point's own name is outside its ring."""
    window.resize(1024, 768)
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    cv = window.canvas
    checked = 0
    for _ in range(7):
        window.step()
        cv.flush()
        i = window.state()["current"]
        x, y = window.state()["points"][i]
        p = cv.to_widget(x, y)
        ring = 60 * theme().scale / 2 - 4  # the update's ring (its pen's inner edge)
        rects = cv.overlay_rects()
        assert f"name{i}" in rects  # the updated point keeps its name
        for name, r in rects.items():
            assert not _disc_meets_rect(p.x(), p.y(), ring, r), (name, r, (p.x(), p.y()))
            checked += 1
    assert checked >= 7 * 5

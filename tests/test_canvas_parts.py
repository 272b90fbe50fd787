"""The canvas's parts a plain start does not show are made on first use (canvas/parts.py)."""

from __future__ import annotations

import numpy as np

from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.core.model import LinearModel

PARTS = ["normal", "edge", "info", "geometry", "preview", "verdict", "anatomy", "band", "legend"]


def _stack(cv: DataCanvas) -> list[tuple[str, float, bool]]:
    """The view's items in their stacking order (how items of equal z are drawn)."""
    return [(type(i).__name__, i.zValue(), i.isVisible()) for i in cv._vb.childGroup.childItems()]


def test_a_plain_window_makes_no_part(window) -> None:  # noqa: ANN001
    window.show()
    assert not window.canvas._parts
    window.state()  # (scripts read it: nothing is made for it)
    assert not window.canvas._parts


def test_parts_made_late_stack_as_if_made_at_once(qtbot) -> None:  # noqa: ANN001
    a, b = DataCanvas(), DataCanvas()
    qtbot.addWidget(a)
    qtbot.addWidget(b)
    for p in PARTS:
        a._make_part(p)
    for p in reversed(PARTS):
        b._make_part(p)
    assert _stack(a) == _stack(b)
    assert len(_stack(a)) > 40


def test_reading_an_item_makes_its_part_once_styled(qtbot) -> None:  # noqa: ANN001
    cv = DataCanvas()
    qtbot.addWidget(cv)
    assert not cv._made("anatomy")
    label = cv._anatomy_label
    assert cv._made("anatomy") and cv._anatomy_label is label  # made once
    assert not label.isVisible() and label.fill is not None
    assert not cv.legend.isVisible()  # (read: made, hidden)


def test_parts_are_made_when_their_mode_or_option_turns_them_on(qtbot) -> None:  # noqa: ANN001
    cv = DataCanvas()
    qtbot.addWidget(cv)
    cv.resize(400, 300)
    cv.set_points(np.array([[1.0, 1.0], [-1.0, -1.0]]), np.array([1, -1]))
    cv.set_model(LinearModel(np.array([1.0, 1.0]), 0.0))
    cv.set_margin_band(None)
    cv.set_answer(None)
    cv.show_radius(False)
    assert not {"band", "legend", "geometry", "anatomy"} & cv._parts
    cv.set_margin_band(1.0)
    assert cv._made("band") and cv._margin.band.isVisible()
    cv.set_answer(LinearModel(np.array([1.0, 0.5]), 0.0))
    assert cv._made("legend") and cv.legend.isVisible()
    cv.set_geometry(2.0, np.array([1.0, 1.0]) / np.sqrt(2), 1.0, False)
    cv.show_radius(True)
    assert cv._made("geometry") and cv._novikoff.circle.isVisible()

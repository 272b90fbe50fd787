"""The canvas's visuals drawn over a view model alone: no canvas, no window."""

from __future__ import annotations

import numpy as np


def test_the_normal_arrow_visual_over_a_view_model_alone(qtbot) -> None:  # noqa: ANN001
    """The normal's visual drawn over a fixed view: from the line, along w, in the view."""
    import pyqtgraph as pg

    from perceptron_gui.app.canvas.view_model import ViewModel
    from perceptron_gui.app.canvas.visuals.normal import NormalArrow

    class FixedView:
        def view_range(self) -> tuple[float, float, float, float]:
            return (-5.0, 5.0, -5.0, 5.0)

        def size_px(self) -> tuple[float, float]:
            return (400.0, 400.0)

        def ui_scale(self) -> float:
            return 1.0

    model = ViewModel(FixedView())
    vb = pg.ViewBox()
    normal = NormalArrow(model, lambda items: [vb.addItem(i) for i, _ in items])
    normal.hide()
    assert not normal.made and normal.ends_px(lambda x, y: (x, y)) is None
    normal.draw(np.array([0.0, 2.0]), -2.0)  # the line x2 = 1, w up
    assert normal.made and normal.shaft.isVisible() and normal.label.isVisible()
    assert normal.label.toPlainText() == "normal"
    assert normal.ends is not None
    (fx, fy), (tx, ty) = normal.ends
    assert (fx, fy) == (0.0, 1.0)  # the line's point nearest the view's centre
    assert tx == 0.0 and ty == 1.0 + 0.15 * 10  # along w, 15 % of the view
    normal.draw(np.array([0.0, 1.0]), -50.0)  # x2 = 50: its foot is out of view
    normal.hide()
    assert not normal.shaft.isVisible()


def test_the_view_model_tells_each_fact_to_who_listens() -> None:
    """One event per fact: a setter emits its own event once, and only its own."""
    from perceptron_gui.app.canvas.view_model import Update, ViewModel
    from perceptron_gui.core.model import LinearModel

    class FixedView:
        def view_range(self) -> tuple[float, float, float, float]:
            return (-5.0, 5.0, -5.0, 5.0)

        def size_px(self) -> tuple[float, float]:
            return (400.0, 400.0)

        def ui_scale(self) -> float:
            return 1.0

    model = ViewModel(FixedView())
    heard: list[str] = []
    for name in ("points", "model", "update", "band", "view"):
        getattr(model.events, name).connect(lambda name=name: heard.append(name))
    w = LinearModel(np.array([1.0, 0.0]), 0.0)
    model.set_points(
        np.array([[1.0, 1.0], [-1.0, 2.0]]), np.array([1, -1], dtype=np.int8), new=True
    )
    model.set_model(w)
    model.set_update(Update(w, w, 1, True), "predict")
    model.set_phase("")
    model.set_band_width(1.0)
    assert heard == ["points", "model", "update", "update", "band"]
    assert model.update == (w, w, 1, True) and model.phase == ""
    model.set_points(model.points, model.labels, new=True)  # another data set: no update
    assert model.update is None
    model.view_margin = 0.1
    assert model.margin_rect() == (-6.0, 6.0, -6.0, 6.0)

"""F5 and Esc keep a view the user zoomed (presentation used to fit the data again, dropping
the zoom a lecturer had set up before the room came in); an unheld view is the data's frame
at the new size, and F still fits."""

from __future__ import annotations

import pytest
from gestures import wheel
from PySide6.QtCore import Qt

from perceptron_gui.core.generators import generate


def _centre_and_width(canvas) -> tuple[float, float, float]:  # noqa: ANN001
    x0, x1, y0, y1 = canvas.view_range()
    return (x0 + x1) / 2, (y0 + y1) / 2, min(x1 - x0, y1 - y0)


@pytest.mark.long
def test_f5_and_esc_keep_the_users_zoom(window, qtbot) -> None:
    w = window
    d = generate("separable", 30, margin=0.3, seed=1)
    w.set_points(d.points, d.labels)
    c = w.canvas
    fitted = _centre_and_width(c)
    wheel(c, 3)
    assert c.view_held
    zoomed = _centre_and_width(c)
    assert zoomed[2] < 0.8 * fitted[2]  # the wheel zoomed in

    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert w.presentation.on and c.view_held
    cx, cy, side = _centre_and_width(c)
    # The user's view, not the data's frame: the same centre, about the same scale (the
    # larger plot shows more round it at the locked aspect, never the whole frame again).
    assert abs(cx - zoomed[0]) < 0.05 * zoomed[2] and abs(cy - zoomed[1]) < 0.05 * zoomed[2]
    assert side < 0.8 * fitted[2]

    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.presentation.on and c.view_held
    cx, cy, side = _centre_and_width(c)
    assert abs(cx - zoomed[0]) < 0.05 * zoomed[2] and abs(cy - zoomed[1]) < 0.05 * zoomed[2]
    assert side < 0.8 * fitted[2]

    w.act_fit.trigger()  # View ▸ Fit view: the data's frame again
    assert not c.view_held
    assert _centre_and_width(c)[2] > 0.95 * fitted[2]


@pytest.mark.long
def test_f5_fits_an_unheld_view_to_the_new_size(window, qtbot) -> None:
    w = window
    d = generate("separable", 30, margin=0.3, seed=1)
    w.set_points(d.points, d.labels)
    c = w.canvas
    assert not c.view_held
    qtbot.keyClick(w, Qt.Key.Key_F5)
    assert w.presentation.on and not c.view_held
    x0, x1, y0, y1 = c.view_range()
    f = c.data_frame()  # the frame at the presentation's plot size
    assert abs(x0 - f[0]) < 1e-6 * (f[1] - f[0]) or abs(y0 - f[2]) < 1e-6 * (f[3] - f[2])
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.presentation.on


@pytest.mark.long
def test_f5_esc_f5_at_once_stays_presenting(window, qtbot) -> None:
    """A clicker's F5, Esc, F5 before the window has had a turn: the third key's
    presentation stays (leaving's second, deferred restore of the window's geometry and
    docks came after it, and the window sat half presenting with its docks shown)."""
    w = window
    w.show()
    for key in (Qt.Key.Key_F5, Qt.Key.Key_Escape, Qt.Key.Key_F5):
        qtbot.keyClick(w, key)
    qtbot.wait(30)
    assert w.presentation.on and w.isFullScreen()
    assert not any(d.isVisible() for d in w.docks)
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    qtbot.wait(30)
    assert not w.presentation.on and not w.isFullScreen()


def test_the_plot_stays_put_while_a_run_sets_the_readout_smaller(window, qtbot) -> None:  # noqa: ANN001
    """Presenting 4000 noisy points, a run at full speed: the readout's box sets its longer
    numbers ("w = (−0.7067, −3.625)") in smaller type and keeps its height, so the plot
    under it stays where it was (the box lost 17 px at the run's first frames and every
    point moved: a flash of the whole field of halos)."""
    import time

    window.act_present.trigger()
    d = generate("noisy", 4000, seed=0, noise=0.45)
    window.set_points(d.points, d.labels)
    window.set_max_updates(10**12)
    window.set_speed(float("inf"))
    qtbot.wait(50)
    cv = window.canvas
    before = cv._vb.sceneBoundingRect()  # noqa: SLF001
    font = window.readout.font().pointSizeF()
    window.run()
    start = time.perf_counter()
    try:
        while time.perf_counter() - start < 0.6:
            qtbot.wait(40)
            assert cv._vb.sceneBoundingRect() == before  # noqa: SLF001
    finally:
        window.pause()
    assert window.readout.font().pointSizeF() < font  # (it did set them smaller)

"""The stage's readout in presentation mode: a band across the top of the canvas, above the
plot, so that nothing covers a point in any mode; its lines packed to the box it has."""

from __future__ import annotations

import pytest

from perceptron_gui.app.theme import theme
from perceptron_gui.core.config import MODES


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def _covered(window, canvas=None) -> list[tuple[str, str, int]]:  # noqa: ANN001
    """(mode, overlay, point) for each point whose marker an overlay's box reaches (on the
    main canvas, or on `canvas`)."""
    cv = window.canvas if canvas is None else canvas
    cv.flush()
    half = theme().marker / 2
    out = []
    for name, r in cv.overlay_rects().items():
        grown = r.adjusted(-half, -half, half, half)
        for i, (x, y) in enumerate(cv.points()):
            p = cv.to_widget(x, y)
            if grown.contains(float(p.x()), float(p.y())):
                out.append((window.state()["mode"], name, i))
    return out


@pytest.mark.long
@pytest.mark.parametrize(("look", "scale"), [("light", 1.0), ("dark", 2.0)])
def test_in_presentation_no_overlay_covers_a_point_in_any_mode(window, look, scale) -> None:
    """F5's action on the example data at 1024×768, three updates into each mode: the
    readout is on the canvas, whole, and no overlay's box reaches a point's marker (the
    passive-aggressive readout wrapped to 7 lines over half the points). At a UI scale of
    2 too, which a laptop's screen wants and a projector's does not have room for."""
    from PySide6.QtWidgets import QApplication

    assert window.set_theme(look) and window.set_ui_scale(scale)
    window.load_example()
    window.act_present.trigger()
    assert window.state()["presentation"]
    QApplication.processEvents()
    window.resize(1024, 768)  # (the test's screen is 800×800: the projector's size)
    QApplication.processEvents()
    assert window.canvas.width() == 1024
    bad, cut = [], []
    for mode in MODES:
        window.load_example()
        assert window.set_mode(mode)
        for _ in range(3):
            window.step()
        bad += _covered(window)
        rects = window.canvas.overlay_rects()
        assert "readout" in rects and window.readout.parent() is window.canvas
        if not window.canvas.rect().contains(rects["readout"].toAlignedRect()):
            cut.append((mode, rects["readout"]))  # the whole readout is on the canvas
    assert not bad, bad
    assert not cut, cut
    window.act_present.trigger()
    assert not window.state()["presentation"]
    window.canvas.flush()
    assert "readout" not in window.canvas.overlay_rects()


@pytest.mark.long
@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_in_presentation_with_compare_no_overlay_covers_a_point(window, scale) -> None:
    """Compare on, then F5 at 1024×768: on both canvases (each half the screen wide), in
    every mode, no overlay's box reaches a point's marker or another overlay's box (a text
    that finds no room even in the padded view is hidden: the narration says it too)."""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.canvas.canvas import DataCanvas
    from perceptron_gui.app.canvas.layout import crossing

    assert window.set_ui_scale(scale)
    window.load_example()
    window.act_compare.trigger()
    window.act_present.trigger()
    QApplication.processEvents()
    window.resize(1024, 768)
    QApplication.processEvents()
    canvases = [c for c in window.findChildren(DataCanvas) if c.isVisible()]
    assert len(canvases) == 2
    bad = []
    for mode in MODES:
        assert window.set_mode(mode)
        for _ in range(3):
            window.act_step.trigger()
        for cv in canvases:
            bad += [(cv is window.canvas, *b) for b in _covered(window, cv)]
            rects = cv.overlay_rects()
            boxes = [(r.x(), r.y(), r.width(), r.height()) for r in rects.values()]
            bad += [(mode, *(list(rects)[k] for k in pair)) for pair in crossing(boxes)]
    assert not bad, bad


@pytest.mark.long
def test_the_presentation_readout_keeps_passive_aggressive_s_remark_whole(window) -> None:
    """The remark why there is no bound is on screen, on a line of its own after the
    numbers, not wrapped into them; outside presentation it follows k as before."""
    window.load_example()
    window.set_mode("pa")
    window.step()
    remark = "(passive-aggressive also corrects right points: no bound)"
    assert f"updates k = 1 {remark}" in window.readout.text()
    window.act_present.trigger()
    lines = window.readout.text().split("\n")
    assert lines[-1] == remark and lines[0].startswith("updates k = 1    mistakes")
    window.act_present.trigger()
    assert f"updates k = 1 {remark}" in window.readout.text()


def test_pack_lines_keeps_groups_together_and_breaks_after_commas() -> None:
    from perceptron_gui.app.panels.readout import GAP, pack_lines

    groups = [["k = 3 ≤ (D/γ)² = 117"], ["w = (2.5, −5)", "b = 1"], ["wrong now: 2 of 3"]]
    assert pack_lines(groups, 200, len) == [GAP.join(p for g in groups for p in g)]
    assert pack_lines(groups, 50, len) == [
        "k = 3 ≤ (D/γ)² = 117    w = (2.5, −5)    b = 1",
        "wrong now: 2 of 3",
    ]
    # a group too long for a line goes piece by piece
    assert pack_lines(groups, 20, len) == [
        "k = 3 ≤ (D/γ)² = 117",
        "w = (2.5, −5)",
        "b = 1",
        "wrong now: 2 of 3",
    ]
    # a piece too long alone: cut after a comma outside parentheses, not inside a vector
    average = ["average: w = (2.567, −2.267), b = −0.7333, 0 wrong (current 2)"]
    assert pack_lines([average], 45, len) == [
        "average: w = (2.567, −2.267), b = −0.7333,",
        "0 wrong (current 2)",
    ]
    # a word too long alone (Chinese has no spaces): cut between its characters
    chinese = [["被动-攻击算法也会修正正确的点"]]
    assert pack_lines(chinese, 10, len) == ["被动-攻击算法也会修", "正正确的点"]


@pytest.mark.parametrize(
    ("ui_scale", "screen", "boost"),
    [
        (1.0, (1024, 768), 1.8),
        (1.0, (800, 600), 1.8),
        (1.0, (1920, 1080), 1.8),
        (2.0, (1920, 1080), 1.8 * 1080 / 768 / 2),  # the whole: what 1024×768 holds, grown
        (2.0, (1024, 768), 0.9),  # a laptop's scale on a projector: what the room holds
    ],
)
def test_the_presentation_boost_fits_the_screen(ui_scale, screen, boost) -> None:
    from perceptron_gui.app.window.presentation import presentation_boost

    assert presentation_boost(ui_scale, screen) == pytest.approx(boost)


@pytest.mark.parametrize("mode", ["pa", "margin"])
def test_the_readout_beside_a_narrow_canvas_gives_its_remark_and_formula_to_the_numbers(
    qtbot,  # noqa: ANN001
    mode: str,
) -> None:
    """Beside a canvas too narrow for all of it in its three lines (UI scale 2 on
    1024×768: passive-aggressive's "w = (0.4203, −…", the margin perceptron's in Chinese
    "w = (2.5,…"), the remark and then the bound's formula give way: every number is
    shown, whole, at every width; what went is in the tooltip. Narrowed step by step, the
    lines once taken are never more than three (a larger type in four lines was cut)."""
    from importlib.resources import files

    import numpy as np

    from perceptron_gui.app.controller import Controller
    from perceptron_gui.app.panels.readout import Readout
    from perceptron_gui.core.dataset import make_dataset

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset(rows[:, :2], rows[:, 2]), undoable=False)
    c.set_mode(mode)
    for _ in range(3):
        c.step()
    readout = Readout(c)
    qtbot.addWidget(readout)
    readout.show()
    for width in range(760, 300, -20):
        readout.resize(width, readout.height())
        readout.refresh()
        shown = _shown(readout)
        assert "…" not in shown, (width, shown)
        assert "w = (" in shown and "b = " in shown and "wrong now:" in shown, (width, shown)
        assert shown.count("\n") <= 2, (width, shown)
        if "(D" not in shown and "no bound" not in shown:  # (given way: said in the tooltip)
            assert "wrong now:" in readout.toolTip(), (width, readout.toolTip())


def _shown(label) -> str:  # noqa: ANN001
    from PySide6.QtWidgets import QLabel

    return str(QLabel.text(label)).replace("\u2060", "").replace("\xa0", " ")

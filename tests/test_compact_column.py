"""The panels beside the canvas at a large UI scale on a small screen (`Panes.compact`):
when they go there, and that what the lecturer needs there is whole and in sight."""

from __future__ import annotations

import probes
import pytest

#: One interpreter on a 1024×768 screen: View ▸ Larger (Ctrl++) up to scale 2 in a fresh
#: window shown normal, back to scale 1 (Ctrl+0), then with the example after three steps
#: in a maximized window up again; five more steps at scale 2; then what is on screen.
PROBE_1024 = (
    probes.WINDOW_PROBE
    + """
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QLabel, QScrollArea, QTabBar
def up():
    seen = []
    while w.state()["ui_scale"] < 2.0:
        w.act_zoom_in.trigger()
        pump()
        seen.append((w.state()["ui_scale"], w.panes.compact_state is not None))
    return seen
pump()
out = {"fresh_normal": up()}
w.act_zoom_reset.trigger()
pump()
w.load_example()
for _ in range(3):
    w.step()
w.showMaximized()
pump()
out["stepped_maximized"] = up()
steps = []
for _ in range(5):
    w.step()
    pump()
    steps.append(w.panes.compact_state is not None)
out["while_stepping"] = steps
avail = w.screen().availableGeometry()
out["frame"] = list(w.frameGeometry().getRect())
out["avail"] = list(avail.getRect())
out["fits"] = avail.contains(w.frameGeometry())
out["minimum"] = list(w.minimumSizeHint().toTuple())
# The Run group's buttons: whole inside the controls' scroll area's viewport.
c = w.controls
area = w.controls_dock.widget()
port = area.viewport() if isinstance(area, QScrollArea) else c
buttons = {}
for b in (c.step_button, c.visit_button, c.step_back_button, c.run_button,
          c.run_to_end_button, c.reset_button):
    r = b.rect().translated(b.mapTo(port, b.rect().topLeft()))
    buttons[b.objectName()] = port.rect().contains(r) and b.isVisible()
out["buttons"] = buttons
# The docks' tabs: each as wide as its title needs (Qt shortens a squeezed one with "…").
tabs = []
for bar in w.findChildren(QTabBar):
    if bar.parent() is w and bar.isVisible():
        for i in range(bar.count()):
            tabs.append([bar.tabText(i), bar.tabSizeHint(i).width(), bar.tabRect(i).width(),
                         bar.tabToolTip(i)])
out["tabs"] = tabs
# The readout over the canvas: every line it shows whole in its width.
r = w.readout
fm = QFontMetricsF(r.font())
shown = QLabel.text(r).replace("\u2060", "")  # (shown with its words glued)
out["readout"] = {
    "shown": shown,
    "text": r.text(),
    "room": r.contentsRect().width(),
    "widest": max(fm.horizontalAdvance(line) for line in shown.splitlines()),
    "point": r.font().pointSizeF(),
}
from perceptron_gui.app.theme import theme
out["readable_point"] = theme().pt(theme().readable_pt)
# The bound's plot: its x axis's title and the bound line's label inside it.
plot = w.bound_panel.plot
item = plot.getPlotItem()
title = item.getAxis("bottom").label
vb = item.getViewBox()
import pyqtgraph as pg
line_label = next(i for i in plot.scene().items() if isinstance(i, pg.InfiniteLine)).label
out["bound"] = {
    "title": title.toPlainText(),
    "title_rect": list(title.sceneBoundingRect().getRect()),
    "label": line_label.toPlainText(),
    "label_rect": list(line_label.sceneBoundingRect().getRect()),
    "view": list(vb.sceneBoundingRect().getRect()),
    "plot": [plot.width(), plot.height()],
}
w.grab().save(__import__("sys").argv[1])
# Ctrl+- to 1.25: the panels under the canvas again, as they were.
while w.state()["ui_scale"] > 1.25:
    w.act_zoom_out.trigger()
    pump()
out["back"] = {
    "areas": [w.dockWidgetArea(d).name for d in w.docks],
    "titles": [d.windowTitle() for d in w.docks],
    "title_bars": [d.titleBarWidget() is None for d in w.docks],
    "buttons_first": c.layout().indexOf(c.run_box) == 0,
}
print(json.dumps(out))
"""
)


@pytest.fixture(scope="module")
def at_1024(tmp_path_factory: pytest.TempPathFactory) -> dict:
    from conftest import run_on_screen

    tmp = tmp_path_factory.mktemp("compact1024")
    return run_on_screen(tmp, 1024, 768, PROBE_1024, str(tmp / "window.png"))


def test_the_panels_move_by_the_screen_and_the_scale_alone() -> None:
    """Beside the canvas from scale 1.5 on a 1024×768 screen (a window of 720 px), not at
    scale 2 on 1920×1080 (1032 px), never at scale 1."""
    from perceptron_gui.app.window.panes import compact_wanted

    assert [compact_wanted(720, s) for s in (1.0, 1.1, 1.25, 1.5, 1.75, 2.0)] == [
        False,
        False,
        False,
        True,
        True,
        True,
    ]
    assert not compact_wanted(1032, 2.0) and compact_wanted(1032, 2.5)
    assert not compact_wanted(200, 1.0)


@pytest.mark.long
def test_the_decision_does_not_depend_on_the_run_or_the_window_state(at_1024: dict) -> None:
    """Ctrl++ up to scale 2 on 1024×768 moves the panels at the same scale in a fresh
    window shown normal as in a maximized one after three steps (1.75 and 1.1 before: it
    measured the canvas, whose share changed with the panels' texts and the window's
    height), and steps at scale 2 never move them back."""
    assert at_1024["fresh_normal"] == at_1024["stepped_maximized"], at_1024
    assert [m for s, m in at_1024["fresh_normal"]] == [False, False, True, True, True], at_1024
    assert at_1024["while_stepping"] == [True] * 5, at_1024


@pytest.mark.long
def test_a_maximized_window_at_scale_2_fits_its_screen(at_1024: dict) -> None:
    """Maximized, then Ctrl++ to scale 2 on 1024×768: the frame inside the screen, its
    minimum size too (unfolded, the docks asked for 1180×819)."""
    out = at_1024
    assert out["fits"], out
    assert out["minimum"][0] <= out["avail"][2] and out["minimum"][1] <= out["avail"][3], out


@pytest.mark.long
def test_the_run_buttons_are_in_sight_beside_the_canvas(at_1024: dict) -> None:
    """With the panels beside the canvas the controls scroll in their share of the
    column: Step, Visit, Back, Run, To end and Reset are whole in sight (mode, order and
    η were, and the buttons under them had to be scrolled to)."""
    assert all(at_1024["buttons"].values()), at_1024["buttons"]


@pytest.mark.long
def test_every_tab_beside_the_canvas_shows_its_whole_title(at_1024: dict) -> None:
    """The panels' tabs beside the canvas at scale 2: each as wide as its title needs
    ("Why it s…", "Mistakes …", "T…" before), the whole title in its tooltip."""
    tabs = at_1024["tabs"]
    assert len(tabs) == 3, tabs
    for _, wants, has, _ in tabs:
        assert has >= wants, tabs
    assert {tip for *_, tip in tabs} == {
        "Why it stops: the proof",
        "Mistakes and the bound",
        "Tables",
    }, tabs


@pytest.mark.long
def test_the_readout_over_the_canvas_shows_whole(at_1024: dict) -> None:
    """At scale 2 beside the narrower canvas the readout is whole: its lines broken
    between pieces, each within its width ("k = 3 ≤ (D/γ)² = 31.9196    w …" before), in
    type no smaller than the theme's readable size."""
    r = at_1024["readout"]
    assert "…" not in r["shown"], r
    assert r["widest"] <= r["room"], r
    assert r["point"] >= at_1024["readable_point"] - 0.01, r
    assert " ".join(r["shown"].split()) == " ".join(r["text"].split()), r
    for piece in ("k = 8", "w = (", "b = ", "wrong now:"):
        assert piece in r["shown"], r


@pytest.mark.long
def test_the_bound_plots_texts_stay_inside_it(at_1024: dict) -> None:
    """Beside the canvas at scale 2 the bound plot's x title is inside the plot ("visits
    (points looked a" before, cut at its right edge) and the bound line's label inside
    its view ("D/γ)² = 31.9196", cut at the left)."""
    b = at_1024["bound"]
    x, _, width, _ = b["title_rect"]
    assert x >= 0 and x + width <= b["plot"][0], b
    lx, _, lw, _ = b["label_rect"]
    vx, _, vw, _ = b["view"]
    assert lx >= vx - 0.5 and lx + lw <= vx + vw + 0.5, b
    assert b["title"].startswith("visits") and "31.9196" in b["label"], b


@pytest.mark.long
def test_below_that_scale_the_panels_are_given_back_as_they_were(at_1024: dict) -> None:
    """Ctrl+- from scale 2 to 1.25 on 1024×768: the panels under the canvas again, with
    their title bars (the bottom ones' short titles down their sides, on a screen that
    short for the scale; the proof's whole again), and the controls' settings over their
    buttons."""
    back = at_1024["back"]
    assert back["areas"] == ["RightDockWidgetArea"] * 2 + ["BottomDockWidgetArea"] * 2, back
    assert back["titles"] == ["Controls", "Why it stops: the proof", "Mistakes", "Tables"], back
    assert all(back["title_bars"]) and not back["buttons_first"], back


#: On a 1920×1080 screen: View ▸ Larger up to scale 2 in a window the program sized, three
#: steps, then View ▸ Normal size and Larger once more.
PROBE_1920 = (
    probes.WINDOW_PROBE
    + """
pump()
out = {"at_1": list(w.size().toTuple())}
w.load_example()
while w.state()["ui_scale"] < 2.0:
    w.act_zoom_in.trigger()
    pump()
for _ in range(3):
    w.step()
pump()
avail = w.screen().availableGeometry()
out["at_2"] = list(w.size().toTuple())
out["fits"] = avail.contains(w.frameGeometry())
out["compact"] = w.panes.compact_state is not None
out["canvas"] = w.canvas.height()
out["bound_box"] = w.bound_panel.plot.getPlotItem().getViewBox().height()
w.act_zoom_reset.trigger()
pump()
out["back_at_1"] = list(w.size().toTuple())
w.act_zoom_in.trigger()
pump()
out["at_1_1"] = list(w.size().toTuple())
print(json.dumps(out))
"""
)


@pytest.mark.long
def test_larger_at_1920_sizes_the_window_for_the_scale(tmp_path) -> None:
    """Ctrl++ up to scale 2 on 1920×1080 in the window the program sized (1500×950): the
    window is sized again for the scale (it stayed 1500×950: the canvas had 43 % of it and
    the bound's plot 55 px), the panels stay under the canvas, the canvas keeps at least
    45 % of it and the bound's plot is at least 100 px tall; Ctrl+0 gives back
    1500×950, and Ctrl++ from there sizes it again."""
    from conftest import run_on_screen

    out = run_on_screen(tmp_path, 1920, 1080, PROBE_1920)
    assert out["at_1"] == [1500, 950] and out["fits"] and not out["compact"], out
    assert out["at_2"][1] > 1000, out
    assert out["canvas"] >= 0.45 * out["at_2"][1], out
    assert out["bound_box"] >= 100, out
    assert out["back_at_1"] == [1500, 950], out
    assert out["at_1_1"][0] > 1500, out

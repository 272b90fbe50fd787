"""The stage, second round (issue 15): no text on a point's ring, readable marks at large N,
the clicked point in large type in presentation, error banners in the window's language."""

from __future__ import annotations

import math

import pytest
from test_house import EX_X, EX_Y, _normal_theme  # noqa: F401  (an autouse fixture)

from perceptron_gui.app.theme import theme


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def _disc_meets_rect(cx: float, cy: float, r: float, rect) -> bool:  # noqa: ANN001
    nx = min(max(cx, rect.left()), rect.right())
    ny = min(max(cy, rect.top()), rect.bottom())
    return math.hypot(nx - cx, ny - cy) < r


@pytest.mark.long
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


def _dark_share(window) -> float:  # noqa: ANN001
    """The share of the plot's pixels that are near black (rings, lines, text)."""
    import numpy as np

    cv = window.canvas
    cv.flush()
    img = cv.grab().toImage().convertToFormat(cv.grab().toImage().Format.Format_RGB32)
    vb = cv.getPlotItem().getViewBox().sceneBoundingRect().toRect()
    img = img.copy(vb)
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
    rgb = a[:, : 4 * img.width()].reshape(img.height(), img.width(), 4)[..., :3]
    return float(np.mean(rgb.max(axis=2) < 70))


@pytest.mark.long
def test_thousands_of_mistakes_are_not_a_black_blob(window) -> None:
    """2000 points, every one a mistake (w = 0): the mistakes' marks stay light (thin
    rings and halos), where thick rings drew a black blob; a few mistakes keep the thick
    ring."""
    from perceptron_gui.core.generators import generate

    window.resize(1024, 768)
    d = generate("separable", 2000, seed=1)
    window.set_points(d.points, d.labels)
    assert len(window.state()["misclassified"]) == 2000
    dark = _dark_share(window)
    assert dark < 0.012, dark  # thick rings: 0.026
    cv = window.canvas
    assert cv._marks.layers.thin_rings.count() == 2000 and cv._marks.layers.rings.count() == 0
    window.set_points(EX_X, EX_Y)
    assert cv._marks.layers.rings.count() == 3 and cv._marks.layers.thin_rings.count() == 0


@pytest.mark.long
def test_a_click_on_a_point_in_presentation_shows_it_in_large_type(qtbot, window) -> None:
    from PySide6.QtCore import Qt

    window.resize(1024, 768)
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    window.step()
    cv = window.canvas

    def click(i: int) -> None:
        x, y = window.state()["points"][i]
        qtbot.mouseClick(cv.viewport(), Qt.MouseButton.LeftButton, pos=cv.to_widget(x, y))

    click(2)
    assert cv.point_info() is None  # not presenting: the tooltip tells it
    window.set_presentation(True)
    qtbot.waitUntil(lambda: window.state()["presentation"])
    n = len(window.state()["points"])
    click(2)
    assert len(window.state()["points"]) == n  # a click on a point adds none
    text = cv.point_info()
    assert text is not None
    # x3 = (1, 1), y = −1; w = (3, 3), b = 1: y(w·x + b) = −7, a mistake
    assert "x3 = (1, 1)" in text and "−1" in text and "−7" in text
    cv.flush()
    r = cv.overlay_rects()["info"]
    from PySide6.QtGui import QFontInfo
    from PySide6.QtWidgets import QGraphicsTextItem

    texts = [i for i in cv.scene().items() if isinstance(i, QGraphicsTextItem)]
    sizes = [QFontInfo(i.font()).pixelSize() for i in texts if i.toPlainText() == text]
    assert sizes and min(sizes) >= 28, sizes  # the presentation's large type
    assert r.left() >= 0 and r.right() <= cv.width() and r.bottom() <= cv.height()
    window.set_presentation(False)


@pytest.mark.long
def test_the_open_banner_is_chinese_for_the_common_refusals(window, tmp_path) -> None:
    """File not found, not a number at line N, a bad label: the banner's frame and the
    refusal in Chinese; in English the core's own words."""
    import re

    bad_number = tmp_path / "number.csv"
    bad_number.write_text("x1,x2,y\n1,2,1\n3,abc,-1\n")
    bad_label = tmp_path / "label.csv"
    bad_label.write_text("x1,x2,y\n1,2,1\n3,4,2\n")
    missing = tmp_path / "missing.csv"

    def banner(path) -> str:  # noqa: ANN001
        assert not window.load(path)
        return window.notice.text()

    english = banner(bad_number)
    assert english == f"not opened: {bad_number}, line 3: x2 is not a number: 'abc'"
    assert window.set_language("zh_CN")
    texts = {
        "number": banner(bad_number),
        "label": banner(bad_label),
        "missing": banner(missing),
    }
    assert texts["number"] == f"未打开：{bad_number}，第 3 行：x2 不是数：'abc'"
    assert "第 3 行" in texts["label"] and "不是类别标记" in texts["label"]
    assert texts["missing"] == f"未打开：{missing}：没有这个文件"
    for text in texts.values():  # no English word besides the file's name and x1, x2, y
        rest = text
        for path in (bad_number, bad_label, missing):
            rest = rest.replace(str(path), "")
        words = [w for w in re.findall(r"[A-Za-z]{2,}", rest) if w not in ("abc",)]
        assert words == [], (text, words)


SCALE_TWO_PROBE = """
import json
from PySide6.QtWidgets import QApplication, QCheckBox, QSpinBox, QDoubleSpinBox, QStyle
from PySide6.QtWidgets import QStyleOptionSpinBox
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
def sizes():
    style = app.style()
    box = w.findChildren(QCheckBox)[0]
    spin = (w.findChildren(QDoubleSpinBox) or w.findChildren(QSpinBox))[0]
    opt = QStyleOptionSpinBox()
    spin.initStyleOption(opt) if hasattr(spin, "initStyleOption") else opt.initFrom(spin)
    opt.rect = spin.rect()
    up = style.subControlRect(
        QStyle.ComplexControl.CC_SpinBox, opt, QStyle.SubControl.SC_SpinBoxUp, spin)
    pm = QStyle.PixelMetric
    # The up arrow as drawn: the dark pixels' width in its button (not the button's width).
    img = spin.grab().toImage()
    bg = img.pixelColor(up.right() - 1, up.top() + 1).lightness()
    xs = [x for x in range(up.left(), up.right() + 1) for y in range(up.top(), up.bottom() + 1)
          if img.pixelColor(x, y).lightness() < bg - 80]
    return {"indicator": style.pixelMetric(pm.PM_IndicatorWidth, None, box),
            "arrows": up.width(), "dock_icon": style.pixelMetric(pm.PM_SmallIconSize),
            "arrow_drawn": max(xs) - min(xs) + 1 if xs else 0}
one = None
w.show()
for _ in range(5): app.processEvents()
one = sizes()
w.set_ui_scale(2.0)
w.fit_to_screen()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_order("first")
for _ in range(7): w.step()
w.set_presentation(True)
for _ in range(5): app.processEvents()
w.set_presentation(False)
for _ in range(10): app.processEvents()
two = sizes()
t = w.iteration_table
fm = t.view.fontMetrics()
cut = []
for col, name in enumerate(t.model.columns):
    width = t.view.horizontalHeader().sectionSize(col)
    for row in range(t.model.rowCount()):
        text = t.model.index(row, col).data() or ""
        if fm.horizontalAdvance(text) > width - 4:
            cut.append((name, row, text, width))
axis = w.bound_panel.plot.getPlotItem().getAxis("left")
print(json.dumps({"one": one, "two": two, "window": w.height(), "canvas": w.canvas.height(),
                  "cut": cut[:5], "k_title": axis.label.boundingRect().width(),
                  "k_axis": axis.height(), "compact": w.panes.compact_state is not None,
                  "bound_box": w.bound_panel.plot.getPlotItem().getViewBox().height()}))
"""


@pytest.mark.long
def test_scale_two_gives_the_canvas_room_and_scales_the_small_parts(tmp_path) -> None:
    """1920×1080 at UI scale 2: the panels stay under the canvas, the canvas keeps at least
    45 % of the window's height (`STRIP_CANVAS_SHARE`, 48 %, or less where the bound
    panel's least height needs; it had ~25 %, then 46 %, then 52 % with the bound's plot a
    72 px strip under its readout) and the bound's plot at least 100 px,
    check boxes, spin arrows (the drawn arrows, not only their column) and dock buttons
    grow with the scale, the bound plot's k title fits beside it, and the worked example's
    table shows every cell whole after a presentation round trip."""
    from conftest import run_on_screen

    out = run_on_screen(tmp_path, 1920, 1080, SCALE_TWO_PROBE)
    assert not out["compact"], out
    assert out["canvas"] >= 0.45 * out["window"], out
    assert out["bound_box"] >= 100, out
    for key in ("indicator", "arrows", "dock_icon", "arrow_drawn"):
        assert out["two"][key] >= 1.9 * out["one"][key] > 0, (key, out)
    assert out["k_title"] <= out["k_axis"], out
    assert out["cut"] == []


def test_the_scaled_style_is_there_only_at_a_scale_other_than_one(window) -> None:  # noqa: ANN001
    """At UI scale 1 the application keeps its plain style (the scaled one would change
    nothing and cost a Python call per size asked); through View ▸ Larger and Normal size
    it comes and goes, and the sizes it scales come back to the plain ones."""
    from PySide6.QtWidgets import QApplication, QStyle

    from perceptron_gui.app.theme import ScaledStyle

    app = QApplication.instance()
    metric = QStyle.PixelMetric.PM_IndicatorWidth
    plain = app.style().pixelMetric(metric)
    name = app.style().name()
    assert not isinstance(app.style(), ScaledStyle)
    window.act_zoom_in.trigger()
    assert isinstance(app.style(), ScaledStyle) and theme().ui_scale > 1.0
    assert app.style().pixelMetric(metric) > plain
    window.act_zoom_reset.trigger()
    assert theme().ui_scale == 1.0
    assert not isinstance(app.style(), ScaledStyle) and app.style().name() == name
    assert app.style().pixelMetric(metric) == plain


def test_the_proof_plots_titles_stay_apart_at_1024(qtbot, window) -> None:
    """At 1024×768 the proof panel's "length" and "cos θ" lie inside their own plots, apart
    (rotated beside the axes of two crushed plots they overprinted), and the plots keep a
    readable height (a short dock scrolls the panel instead)."""
    import pyqtgraph as pg
    from PySide6.QtWidgets import QGraphicsTextItem

    from perceptron_gui.app.panels.proof_panel import PLOTS_MIN_PX

    window.resize(1024, 768)
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(7):
        window.step()
    panel = window.proof_panel
    qtbot.waitUntil(lambda: panel.isVisible())
    plots = next(v for v in panel.findChildren(pg.GraphicsView) if v.isVisible())
    texts = {
        i.toPlainText(): i.sceneBoundingRect()
        for i in plots.scene().items()
        if isinstance(i, QGraphicsTextItem) and i.isVisible()
    }
    length, cos = texts["length"], texts["cos θ"]
    assert not length.intersects(cos)
    assert length.bottom() <= cos.top()  # the top plot's title above the lower plot's
    assert plots.height() >= PLOTS_MIN_PX * theme().scale


@pytest.mark.long
def test_the_readout_writes_one_minus_sign(window) -> None:
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(7):
        window.step()
    text = window.readout.text()
    assert "b = −3" in text and "-" not in text


#: README's compare picture: cyclic against random on 40 points, in a 1280×800 window.
COMPARE_SETUP = """
import json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
from perceptron_gui.core.generators import generate
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.resize(1280, 800)
w.show()
d = generate("separable", 40, margin=0.05, seed=3)
w.set_points(d.points, d.labels)
w.set_order("cyclic")
w.set_compare({"mode": "primal", "order": "random"})
"""

COMPARE_PROBE = """
for _ in range(20):
    app.processEvents()
other = w.findChild(type(w.canvas), "compareCanvas")
sizes = {"window": [w.width(), w.height()], "main": [w.canvas.width(), w.canvas.height()],
         "other": [other.width(), other.height()]}
"""


@pytest.fixture(scope="module")
def compare_picture(tmp_path_factory):  # noqa: ANN001, ANN201
    """README's compare picture in one interpreter: the sizes once it has settled
    (COMPARE_PROBE), then its arrows' labels after the runs' end (NORMAL_ON_ARROW_PROBE)."""
    from conftest import run_on_screen

    code = COMPARE_SETUP + COMPARE_PROBE + NORMAL_ON_ARROW_PROBE
    return run_on_screen(tmp_path_factory.mktemp("compare"), 1280, 800, code)


@pytest.mark.long
def test_compare_keeps_the_window_on_a_1280_by_800_screen(compare_picture) -> None:  # noqa: ANN001
    """Matching the two headers' heights grew them by each other's offset until the window
    was 1268 px high on an 800 px screen; now both canvases are the same size and the
    window stays as it was."""
    out = compare_picture["sizes"]
    assert out["window"] == [1280, 800], out
    assert out["main"] == out["other"], out
    assert out["main"][1] >= 400, out


def _rect_gap(a, b) -> float:  # noqa: ANN001
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, max(a.left(), b.left()) - min(a.right(), b.right()))
    dy = max(0.0, max(a.top(), b.top()) - min(a.bottom(), b.bottom()))
    return math.hypot(dx, dy)


@pytest.mark.long
def test_the_normals_label_stays_next_to_its_arrow(window) -> None:
    """The "normal" label lies within a text's height of its short arrow (it ended up to
    105 px off, by another point), or is hidden when there is no free room there; it keeps
    off the points, rings and arrows as every text does (the cover probe of test_stage)."""
    from PySide6.QtCore import QRectF

    from perceptron_gui.core.generators import generate

    window.resize(1024, 768)
    cv = window.canvas
    shown = 0
    d = generate("separable", 30, seed=1)
    e = generate("separable", 40, margin=0.05, seed=3)  # README's compare picture
    for setup in (
        lambda: window.generate("update-geometry"),
        lambda: window.set_points(EX_X, EX_Y),
        lambda: window.set_points(d.points, d.labels),  # crowded round the arrow: hidden
        lambda: window.set_points(e.points, e.labels),
    ):
        setup()
        for _ in range(6):
            window.step()
            cv.flush()
            r = cv.overlay_rects().get("w")
            if r is None or not cv._normal.label.isVisible() or cv._normal.label.opacity() == 0:
                continue
            r = QRectF(r)
            arrow = [
                cv.mapFromScene(item.sceneBoundingRect()).boundingRect()
                for item in (cv._normal.head, cv._normal.shaft)
            ]
            assert min(_rect_gap(r, a) for a in arrow) <= r.height(), (r, arrow)
            # Beside the arrow, not on it: no point of its shaft or head inside the text.
            sx, sy = cv._normal.shaft.segment()
            inner = r.adjusted(1, 1, -1, -1)
            for j in range(21):
                u = j / 20
                p = cv.to_widget(sx[0] + u * (sx[-1] - sx[0]), sy[0] + u * (sy[-1] - sy[0]))
                assert not inner.contains(p.x(), p.y()), (r, p)
            assert not inner.intersects(QRectF(arrow[0])), (r, arrow[0])
            shown += 1
    # (The view is the data's frame now, not padded for its texts (issue 26): less free room
    # round the arrow, so the label is hidden more often: 6 of the 24 steps show it.)
    assert shown >= 6


PROOF_PROBE = """
import json
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication, QScrollArea
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.fit_to_screen()
w.show()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_order("first")
for _ in range(7):
    w.step()
for _ in range(5):
    app.processEvents()
panel = w.proof_panel
scroll = panel.findChild(QScrollArea, "proofScroll")
plots = next(v for v in panel.findChildren(pg.GraphicsView) if v.isVisible())
boxes = [v.height() for v in plots.scene().items() if isinstance(v, pg.ViewBox) and v.isVisible()]
out = {"scroll": scroll.verticalScrollBar().maximum(), "boxes": boxes}

# Then UI scale 2 by its key (Ctrl+=, four steps: 1.1, 1.25, 1.5, 1.75, 2) and back (Ctrl+0).
from PySide6.QtWidgets import QComboBox
def sizes():
    for _ in range(5):
        app.processEvents()
    return {
        "window": list(w.size().toTuple()),
        "docks": {d.objectName(): list(d.geometry().getRect()) for d in w.docks},
        "combos": [c.height() for c in w.findChildren(QComboBox) if c.isVisible()],
        "canvas": list(w.canvas.size().toTuple()),
    }
out["at_1"] = sizes()
while w.state()["ui_scale"] < 2.0:
    w.act_zoom_in.trigger()
avail = w.screen().availableGeometry()
out["at_2"] = sizes()
out["minimum_2"] = list(w.minimumSizeHint().toTuple())
from PySide6.QtGui import QImage, QPainter
from perceptron_gui.app.panels import bound_panel
bound = w.bound_panel.plot
def labels(axis):
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return [(r.getRect(), text) for r, _, text in axis.generateDrawSpecs(painter)[2]]
    finally:
        painter.end()
out["plots_2"] = {
    "canvas": w.canvas.getPlotItem().getViewBox().height(),
    "window": w.height(),
    # (its viewport: as a tab the dock has no title bar, and its content covers it all)
    "bound_shown": bound.isVisible() and not bound.viewport().visibleRegion().isEmpty(),
    "bound_bottom": bound.mapTo(w.bound_dock, bound.rect().bottomLeft()).y(),
    "dock": w.bound_dock.height(),
    "bound": bound.height(),
    "bound_least": round(getattr(bound_panel, "PLOT_MIN_PX", 60) * 2.0),
    "bound_box": bound.getPlotItem().getViewBox().height(),
    "bound_labels": {a: labels(bound.getPlotItem().getAxis(a)) for a in ("bottom", "left")},
}
out["fits_2"] = avail.contains(w.frameGeometry())
out["avail"] = list(avail.size().toTuple())
out["areas_2"] = [w.dockWidgetArea(d).name for d in w.docks]
while w.state()["ui_scale"] > 1.1:  # Ctrl+- (the docks go back below the scale that
    w.act_zoom_out.trigger()  # moved them: at 1.1 here), then Ctrl+0
sizes()
w.act_zoom_reset.trigger()
out["back_at_1"] = sizes()
out["scale_back"] = w.state()["ui_scale"]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def at_1024(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The proof panel and the UI scale round trip on a 1024×768 screen (one interpreter)."""
    from conftest import run_on_screen

    return run_on_screen(tmp_path_factory.mktemp("at1024"), 1024, 768, PROOF_PROBE)


@pytest.mark.long
def test_the_proof_dock_shows_both_plots_at_1024(at_1024: dict) -> None:
    """On a 1024×768 screen the proof panel shows its chain and both plots at once (it
    scrolled, and showed the top of the lower plot), each plot's area at least 40 px high
    (28 px under pyqtgraph's margins and gaps)."""
    out = at_1024
    assert out["scroll"] == 0, out
    assert len(out["boxes"]) == 2 and min(out["boxes"]) >= 40, out


@pytest.mark.long
def test_ui_scale_2_on_1024_gives_the_canvas_the_larger_share_and_the_bound_its_plot(
    at_1024: dict,
) -> None:
    """UI scale 2 by View ▸ Larger on a 1024×768 screen: the panels under the canvas go
    beside it as tabs, and the canvas's plot has at least 42 % of the window's height (213
    of 720 px before, 30 %; at scale 1 it has 34 %, under the strip of panels; 45 % while
    the narration under it was cut with "…": its third line has the update's result); the bound
    panel's plot, in front among the tabs, keeps its least height, its own area at least
    40 px (3 px before) and no two tick labels overprint ("0.46.8" before)."""
    from PySide6.QtCore import QRectF

    p = at_1024["plots_2"]
    assert p["canvas"] >= 0.42 * p["window"], p
    assert p["bound_shown"] and p["bound"] >= p["bound_least"] and p["bound_box"] >= 40, p
    assert p["bound_bottom"] < p["dock"], p  # (whole: not scrolled out of the dock)
    assert at_1024["areas_2"][2:] == ["RightDockWidgetArea"] * 2, at_1024["areas_2"]
    for axis, labels in p["bound_labels"].items():
        rects = [(QRectF(*r), text) for r, text in labels]
        assert rects, (axis, labels)
        for i, (a, ta) in enumerate(rects):
            for b, tb in rects[i + 1 :]:
                assert not a.intersects(b), (axis, ta, tb, labels)


@pytest.mark.long
def test_ui_scale_2_fits_1024_and_scale_1_gives_every_size_back(at_1024: dict) -> None:
    """At UI scale 2 on a 1024×768 screen the window stays inside the screen, its minimum
    size too (it grew to 1525×961: the controls and the tables' buttons pushed it out;
    they scroll now); back at scale 1 the window, the docks and the combo boxes have the
    sizes they had (combo boxes stayed 40 px tall, the docks 7-15 px off), also after
    Ctrl+- down to 1.1 with the docks beside the canvas (the window stayed 30 px taller)."""
    out = at_1024
    assert out["fits_2"], out
    assert out["minimum_2"][0] <= out["avail"][0] and out["minimum_2"][1] <= out["avail"][1], out
    assert out["at_2"]["window"] == out["at_1"]["window"], out  # it fitted: it stays
    assert out["at_2"]["combos"] != out["at_1"]["combos"]  # scale 2 did scale them
    assert out["scale_back"] == 1.0
    assert out["back_at_1"] == out["at_1"], out


NORMAL_ON_ARROW_PROBE = """
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QWidget
w.run_to_end()
while w.state()["running"]:
    w.controller._on_timer_timeout()
for _ in range(5):
    app.processEvents()
out = []
for cv in (w.canvas, w.findChild(QWidget, "compareView").canvas):
    cv.flush()
    r = cv.overlay_rects().get("w")
    if r is None or cv._normal.label.opacity() == 0:
        out.append(0)
        continue
    inner = QRectF(r).adjusted(1, 1, -1, -1)
    sx, sy = cv._normal.shaft.segment()
    hits = 0
    for j in range(21):
        u = j / 20
        p = cv.to_widget(sx[0] + u * (sx[-1] - sx[0]), sy[0] + u * (sy[-1] - sy[0]))
        hits += inner.contains(p.x(), p.y())
    out.append(hits)
print(json.dumps({"sizes": sizes, "hits": out}))
"""


@pytest.mark.long
def test_the_normals_label_is_never_on_its_arrow_in_compare(compare_picture) -> None:  # noqa: ANN001
    """README's compare picture (1280×800, cyclic against random, run to the end): with
    points crowded round the arrows the label sat on its own arrow in both canvases; it is
    beside it or hidden."""
    out = compare_picture
    assert out["hits"] == [0, 0], out

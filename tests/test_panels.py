"""Tests of the read-only panels (bound, iteration table, dual view) against a real controller."""

from __future__ import annotations

import numpy as np
import probes
import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QTableView, QTableWidget

import perceptron_gui.app  # noqa: F401  (selects PySide6 for pyqtgraph)
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.format import format_number, format_numbers
from perceptron_gui.app.panels import BoundPanel, BoundPlot, DualView, IterationTable
from perceptron_gui.app.panels.common import catch_up
from perceptron_gui.app.panels.dual_view import GRAM_BLOCK
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.generators import generate
from perceptron_gui.core.numbers import MINUS
from tests.test_tables import BOOK_PRIMAL

EXAMPLE_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EXAMPLE_Y = [1, 1, -1]
XOR_X = [[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]]
XOR_Y = [1, 1, -1, -1]


@pytest.fixture
def controller(qtbot) -> Controller:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset(EXAMPLE_X, EXAMPLE_Y), undoable=False)
    return c


def _steps(c: Controller, n: int) -> None:
    for _ in range(n):
        c.step()


def _row(table: IterationTable, row: int) -> dict[str, str]:
    m = table.model
    return {name: m.index(row, col).data() for col, name in enumerate(m.columns)}


def _gram(x: np.ndarray) -> np.ndarray:
    """x_i · x_j computed column-wise (a BLAS product may differ in the last bit)."""
    return np.outer(x[:, 0], x[:, 0]) + np.outer(x[:, 1], x[:, 1])


def _show(qtbot, w, size=(700, 500)):  # type: ignore[no-untyped-def]
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


# ------------------------------------------------------------------ numbers


def test_format_number_like_a_textbook() -> None:
    assert format_number(3.0) == "3"
    assert format_number(-0.0) == "0"
    assert format_number(1234567.0) == "1234567"
    assert format_number(1 / 3) == "0.333333"
    assert format_number(1.5e-12) == "1.5e-12"
    assert format_number(-2.5, minus=MINUS) == "−2.5" and format_number(2e-7) == "2e-07"
    # On screen the minus sign of a formula (U+2212); read-back text keeps the hyphen.
    assert format_numbers([3.0, 0.1 + 0.2, -2.5]) == ["3", "0.3", "−2.5"]
    assert format_numbers([3.0, -2.5, -1e-20], minus="-") == ["3", "-2.5", "-1e-20"]
    assert format_numbers([0.1 + 0.2], digits=None) == ["0.30000000000000004"]
    # The vectorised and the one-number formatter agree (whole numbers up to 10^16 too).
    values = [-3.0, 1 / 3, -1.5e-12, 2.0**52, -(10.0**15) - 1, 1e16, -0.0, 1e300]
    assert format_numbers(values) == [format_number(v, minus=MINUS) for v in values]


def test_every_number_on_screen_has_the_minus_sign() -> None:
    from perceptron_gui.app import format as fmt

    assert fmt.fmt(-3.0) == "−3" and fmt.fmt(-0.25) == "−0.25" and fmt.fmt(1.5e-12) == "1.5e−12"
    assert fmt.sci(-3.0) == "−3" and fmt.sci(-2e7) == "−2.000e+07" and fmt.sci(1e-5) == "1.000e−05"
    assert fmt.vector([1.0, -1.0]) == "(1, −1)"
    assert fmt.measure(-0.5) == "−0.500" and fmt.tick(-1.25) == "−1.25" and fmt.count(-3.0) == "−3"
    for text in (fmt.fmt(-7.5), fmt.sci(-1e-9), fmt.measure(-1e-9), fmt.tick(-1e9)):
        assert "-" not in text, text


def test_readout_writes_b_with_the_minus_sign(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    from perceptron_gui.app.panels.readout import Readout

    readout = _show(qtbot, Readout(controller))
    _steps(controller, 7)  # the worked example converges at w = (1, 1), b = -3
    assert controller.trainer.b == -3.0
    text = readout.text()
    assert "b = −3" in text and "w = (1, 1)" in text
    assert "-" not in text, text  # before the fix: "b = -3" with a hyphen


def test_canvas_axis_ticks_have_the_minus_sign(qtbot) -> None:  # type: ignore[no-untyped-def]
    from perceptron_gui.app.canvas.items import Axis

    axis = Axis("bottom")
    strings = axis.tickStrings([-2.0, -1.0, 0.0, 1.0], 1.0, 1.0)
    assert strings == ["−2", "−1", "0", "1"]


# ------------------------------------------------------------------ bound


def test_bound_worked_example(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    panel = _show(qtbot, BoundPanel(controller))
    _steps(controller, 7)
    text = panel.readout_text()
    assert "k = 7" in text
    assert "(D/γ)² = 117" in text
    assert "D = 5.10" in text and "γ = 0.471" in text
    plot = panel.findChild(BoundPlot, "boundPlot")
    assert plot is panel.plot
    x, y = probes.curve_data(plot)
    assert (x[0], y[0]) == (0.0, 0.0)
    assert y[-1] == 7
    # Steps at the visits of the updates (1, 3, 6, 9, 10, 12, 15), flat to the visit count.
    assert x[-1] == controller.trainer.visits == 15
    assert list(x[1:-1:2]) == [1, 3, 6, 9, 10, 12, 15]
    assert np.all(np.diff(x) >= 0) and np.all(np.diff(y) >= 0)
    assert probes.bound_line_value(plot) == pytest.approx(117.0, rel=1e-9)


def _axis_labels(axis):  # type: ignore[no-untyped-def]
    """The tick labels `axis` draws now: (rect, text) in its own coordinates."""
    from PySide6.QtGui import QImage, QPainter

    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return [(rect, text) for rect, _, text in axis.generateDrawSpecs(painter)[2]]
    finally:
        painter.end()


@pytest.mark.parametrize("roomy", [True, pytest.param(False, marks=pytest.mark.xfail(strict=True))])
def test_a_narrow_bound_plot_in_large_type_never_overprints_its_ticks(qtbot, roomy: bool) -> None:  # type: ignore[no-untyped-def]
    """The bound's axes in the type of UI scale 2 along a plot 210 px wide: the labelled
    ticks stand as far apart as their labels need ("0.4", "0.6" and "0.8" overprinted as
    "0.46.8": pyqtgraph spaces them by the axis's length alone; the plain axis, xfail)."""
    import pyqtgraph as pg
    from PySide6.QtGui import QFont

    from perceptron_gui.app.axes import steady_axes

    plot = pg.PlotWidget(axisItems=steady_axes(roomy=roomy))
    qtbot.addWidget(plot)
    font = QFont()
    font.setPointSizeF(22.0)
    for name in ("bottom", "left"):
        plot.getPlotItem().getAxis(name).setTickFont(font)
    plot.getPlotItem().getAxis("left").setWidth(120)
    plot.setXRange(0.0, 1.03, padding=0.0)
    plot.setYRange(0.0, 5.0, padding=0.0)
    plot.resize(330, 150)
    plot.show()
    qtbot.waitExposed(plot)
    plot.grab()  # (an axis takes the height of its labels when it first draws them)
    QApplication.processEvents()
    for name in ("bottom", "left"):
        labels = _axis_labels(plot.getPlotItem().getAxis(name))
        assert labels, name
        for i, (a, ta) in enumerate(labels):
            for b, tb in labels[i + 1 :]:
                assert not a.intersects(b), (name, ta, tb)


def test_the_bound_readout_breaks_between_terms(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    """In a narrow panel the readout breaks between terms and before a relation ("k = 7 ≤
    (D/γ)²" / "= 117"), never inside one ("(D/" / "γ)² =" / "117" in the window's bottom
    strip at UI scale 2); `readout_text` is the plain text."""
    panel = _show(qtbot, BoundPanel(controller), (200, 300))
    _steps(controller, 7)
    label = panel.findChild(QLabel, "boundReadout")
    shown = QLabel.text(label).replace("\u00a0", " ").replace("\u2060", "")
    assert shown.splitlines()[:2] == ["k = 7 ≤ (D/γ)²", "= 117"], shown
    assert "D = 5.10" in shown.splitlines() and "γ = 0.471" in shown.splitlines(), shown
    assert panel.readout_text() == "k = 7 ≤ (D/γ)² = 117\nD = 5.10   γ = 0.471"
    # Narrower than "≤ (D/γ)² = 117" (UI scale 2 at 1024×768 cut "31.919" / "6"): the
    # bound's own "=" breaks, every line of whole words.
    panel.resize(140, 300)
    qtbot.wait(10)
    lines = QLabel.text(label).replace("\u00a0", " ").replace("\u2060", "").splitlines()
    words = set(panel.readout_text().split())
    whole = [line for line in lines if not line.endswith("…")]  # (4 lines at most)
    assert all(set(line.split()) <= words for line in whole), lines
    assert "= 117" in lines, lines


@pytest.mark.parametrize(
    "mode", ["primal", "dual", "pocket", "batch", "averaged", "voted", "pa", "kernel", "margin"]
)
def test_the_bound_panel_in_the_bottom_strip_at_1024x768_says_everything(
    qtbot, controller: Controller, mode: str
) -> None:  # type: ignore[no-untyped-def]
    """The bound panel as large as in the window's bottom strip at 1024×768 (290 × 255):
    its readout is whole in every mode (margin's and passive-aggressive's, with their
    mistakes apart, ended "D …": D and γ were lost), and the mistakes' label lies inside
    the plot (passive-aggressive's began "istakes (y·f ≤ 0): 1", off the plot's left)."""
    from perceptron_gui.core.registry import REGISTRY

    assert mode in REGISTRY and len(REGISTRY) == 9
    from importlib.resources import files

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    controller.set_data(make_dataset(rows[:, :2], rows[:, 2]), undoable=False)  # (the window's)
    controller.set_mode(mode)
    panel = _show(qtbot, BoundPanel(controller), (290, 255))
    _steps(controller, 3)
    qtbot.wait(10)
    label = panel.findChild(QLabel, "boundReadout")
    shown = QLabel.text(label)
    assert "…" not in shown and not label.toolTip(), shown
    assert "D = " in panel.readout_text() or "D" not in panel.readout_text()
    plot = panel.plot.getPlotItem()
    mistakes = panel.plot._mistake_label
    assert mistakes.isVisible() == controller.trainer.spec.counts_apart
    if mistakes.isVisible():
        vb = plot.getViewBox()
        inside = vb.mapRectToScene(vb.boundingRect()).adjusted(-1, -1, 1, 1)
        text = mistakes.textItem
        assert inside.contains(text.mapRectToScene(text.boundingRect())), mistakes.toPlainText()


def test_a_bound_readout_cut_in_its_lines_gives_up_the_bounds_formula(
    qtbot, controller: Controller
) -> None:  # type: ignore[no-untyped-def]
    """The margin perceptron's readout in a short, narrow panel (the compact bottom strip
    at UI scale 2 on 1024×768): cut in its lines, it says the bound's value without its
    formula ("updates k = 3 ≤ 34.241"; the bound line's label and the proof panel write
    it out), so that the mistakes and D are read: it showed "≤ (D² + 2·margi…" before;
    its elided last line keeps the lines after it apart ("3   D = 5.24", not "3 D")."""
    from importlib.resources import files

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    controller.set_data(make_dataset(rows[:, :2], rows[:, 2]), undoable=False)
    controller.set_mode("margin")
    panel = _show(qtbot, BoundPanel(controller), (230, 150))
    _steps(controller, 3)
    qtbot.wait(10)
    shown = QLabel.text(panel.findChild(QLabel, "boundReadout")).replace("\u2060", "")
    plain = shown.replace("\xa0", " ")
    assert "(D²" not in plain and "34.241" in plain, plain
    assert "mistakes (y·f ≤ 0):" in plain and "D = 5.24" in plain, plain
    assert "3 D" not in plain, plain


def test_bound_curve_extends_flat_after_convergence(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    plot = _show(qtbot, BoundPlot(controller))
    _steps(controller, 8)  # the 8th finds no mistake: a clean pass, 18 visits
    x, y = probes.curve_data(plot)
    assert controller.trainer.converged
    assert (x[-1], y[-1]) == (18.0, 7.0)
    assert (x[-2], y[-2]) == (15.0, 7.0)


def test_bound_step_back_shrinks_the_curve(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    plot = _show(qtbot, BoundPlot(controller))
    _steps(controller, 3)
    controller.step_back()
    x, y = probes.curve_data(plot)
    assert y[-1] == 2 and x[-1] == 3


def test_bound_not_separable(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset(XOR_X, XOR_Y), undoable=False)
    panel = _show(qtbot, BoundPanel(c))
    _steps(c, 5)
    assert "not linearly separable: no bound" in panel.readout_text()
    assert probes.bound_line_value(panel.plot) is None
    assert "inf" not in panel.readout_text() and "nan" not in panel.readout_text()


def test_bound_no_points(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = _show(qtbot, BoundPanel(Controller(frame_interval_ms=0)))
    assert panel.readout_text() == "no points"
    assert probes.bound_line_value(panel.plot) is None


def test_bound_tiny_gamma_in_scientific_notation(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    # Separable only through a sliver: γ ≈ 5e-13, (D/γ)² ≈ 1e26.
    c.set_data(make_dataset([[1.0, 0.0], [1.0, 1e-12]], [1, -1]), undoable=False)
    panel = _show(qtbot, BoundPanel(c))
    _steps(c, 3)
    text = panel.readout_text()
    assert c.bound.separable
    assert "e+2" in text and "e−1" in text  # bound ~1e+2x, γ ~1e−1x (the minus sign −)
    assert "inf" not in text and "nan" not in text
    # The k curve stays readable: the y range follows k, not the huge bound.
    (_, _), (y0, y1) = panel.plot.getPlotItem().getViewBox().viewRange()
    assert y1 < 100
    panel.log_check.setChecked(True)
    (_, _), (y0, y1) = panel.plot.getPlotItem().getViewBox().viewRange()
    assert y1 > np.log10(c.bound.bound)  # log scale: the bound line is in view


def test_bound_warns_when_the_run_does_not_start_at_zero(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    panel = _show(qtbot, BoundPanel(controller))
    assert "starts elsewhere" not in panel.readout_text()
    controller.set_config(controller.config.with_(w0=(1.0, 0.0)))
    assert "starts elsewhere" in panel.readout_text()


def test_bound_curve_is_decimated_for_many_updates(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 2000, noise=0.2, seed=1), undoable=False)
    c.set_max_updates(50_000)
    plot = _show(qtbot, BoundPlot(c))
    c.trainer.run()
    c.emit_changed(Change.MODEL)
    x, y = probes.curve_data(plot)
    assert c.trainer.k == 50_000
    assert y[-1] == 50_000
    assert x.shape[0] <= 2 * 4000 + 2


@pytest.mark.long
def test_bound_ranges_grow_in_steps_during_a_run_and_fit_when_it_stops(qtbot) -> None:  # type: ignore[no-untyped-def]
    from perceptron_gui.app.panels.bound_panel import RUN_HEADROOM
    from perceptron_gui.app.panels.common import PANEL_SECONDS

    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 500, noise=0.2, seed=2), undoable=False)
    c.set_max_updates(10_000_000)
    plot = _show(qtbot, BoundPlot(c))
    vb = plot.getPlotItem().getViewBox()
    ranges = []
    for _ in range(25):  # 25 run frames of 25 updates each, at the panels' 20 Hz
        c.trainer.run(max_updates=25)
        qtbot.wait(int(PANEL_SECONDS * 1000) + 5)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME)
        (_, x1), (_, y1) = vb.viewRange()
        t = c.trainer
        assert t.visits < x1 and t.k < y1  # the curve is always inside
        ranges.append((x1, y1, t.visits))
    # The x axis moved at a few frames only, each time ahead by the headroom.
    moves = [(b[0], b[2]) for a, b in zip(ranges, ranges[1:], strict=False) if a[0] != b[0]]
    assert 1 <= len(moves) <= 10
    for right, visits in moves:
        assert right == pytest.approx(RUN_HEADROOM * 1.03 * visits)
    # When the run stops (a plain MODEL), the ranges fit the curve again.
    c.emit_changed(Change.MODEL)
    (_, x1), (_, y1) = vb.viewRange()
    assert x1 == pytest.approx(1.03 * c.trainer.visits)
    assert probes.bound_line_value(plot) is None  # (noisy: no bound line to make room for)
    assert y1 == pytest.approx(max(1.15 * c.trainer.k, 5.0))


def test_bound_steps_keep_the_axes_while_the_curve_fits(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A step forward keeps the ranges (and so the axes' pictures) while the curve fits,
    jumping ahead by the headroom when it reaches them; a step back fits them again."""
    from perceptron_gui.app.panels.bound_panel import RUN_HEADROOM

    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 40, noise=0.2, seed=3), undoable=False)
    plot = _show(qtbot, BoundPlot(c))
    vb = plot.getPlotItem().getViewBox()
    axes = [plot.getPlotItem().getAxis(a) for a in ("bottom", "left")]
    qtbot.wait(1)
    rights, made = [], 0
    for _ in range(30):
        pictures = [a.picture for a in axes]
        c.step()
        plot.repaint()  # (an axis makes its picture again in its paint if it was dropped)
        made += sum(a.picture is not p for a, p in zip(axes, pictures, strict=True))
        (_, x1), (_, y1) = vb.viewRange()
        t = c.trainer
        assert 1.03 * t.visits <= x1 + 1e-9 and max(1.15 * t.k, 5.0) <= y1 + 1e-9
        assert x1 <= RUN_HEADROOM * 1.03 * max(t.visits, 1) + 1e-9  # room, not a void
        rights.append((x1, t.visits))
    moves = [(b[0], b[1]) for a, b in zip(rights, rights[1:], strict=False) if a[0] != b[0]]
    assert 1 <= len(moves) <= 10  # 30 steps moved the x axis a few times
    for right, visits in moves:
        assert right == pytest.approx(RUN_HEADROOM * 1.03 * visits)
    assert made <= 2 * len(moves) + 2  # an axis made again only when its range moved
    # A step back fits the ranges to the curve again.
    assert c.step_back()
    (_, x1), (_, y1) = vb.viewRange()
    assert x1 == pytest.approx(1.03 * c.trainer.visits)
    assert y1 == pytest.approx(max(1.15 * c.trainer.k, 5.0))


# ------------------------------------------------------------------ table


def test_table_worked_example(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    table = _show(qtbot, IterationTable(controller))
    view = table.findChild(QTableView, "iterationTable")
    assert view is table.view
    _steps(controller, 7)
    # Li Hang, Table 2.1: a row k = 0, then k, the point, w, b and w·x + b written out.
    # (the window writes the minus sign of a formula, − , where the text table has -)
    book = [tuple(c.replace("-", "−") for c in row) for row in BOOK_PRIMAL]
    assert table.model.rowCount() == 8
    assert table.model.columns == ("k", "point", "w", "b", "w·x + b")
    assert [tuple(_row(table, r).values()) for r in range(8)] == book
    assert "αᵢ" not in table.model.columns
    assert table.model.fields == ("k", "point", "x₁", "x₂", "y", "w₁", "w₂", "b")


def test_table_dual_alpha_and_step_back(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    controller.set_mode("dual")
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 7)
    # Li Hang, Table 2.2: k, the point, α1, α2, α3 and b, from k = 0.
    assert table.model.columns == ("k", "point", "α1", "α2", "α3", "b")
    rows = [tuple(_row(table, r)[c] for c in ("α1", "α2", "α3", "b")) for r in range(8)]
    assert rows == [
        ("0", "0", "0", "0"),
        ("1", "0", "0", "1"),
        ("1", "0", "1", "0"),
        ("1", "0", "2", "−1"),
        ("1", "0", "3", "−2"),
        ("2", "0", "3", "−1"),
        ("2", "0", "4", "−2"),
        ("2", "0", "5", "−3"),
    ]
    removed: list[tuple[int, int]] = []
    table.model.rowsRemoved.connect(lambda _p, a, b: removed.append((a, b)))
    controller.step_back()
    assert table.model.rowCount() == 7
    assert removed == [(7, 7)]
    assert _row(table, 6)["α3"] == "4"
    controller.step()
    assert table.model.rowCount() == 8
    assert _row(table, 7)["α3"] == "5"


def test_table_alpha_scales_with_eta(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    controller.set_mode("dual")
    controller.set_eta(0.5)
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 7)
    assert _row(table, 7)["α3"] == "2.5"
    assert _row(table, 7)["b"] == "−1.5"


def test_table_highlights_the_last_row(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 3)
    m = table.model
    assert m.index(3, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert m.index(2, 0).data(Qt.ItemDataRole.BackgroundRole) is None


def test_table_follows_the_end_unless_scrolled_up(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 200, noise=0.2, seed=1), undoable=False)
    table = _show(qtbot, IterationTable(c), size=(700, 300))
    sb = table.view.verticalScrollBar()
    _steps(c, 100)
    qtbot.wait(10)
    assert sb.maximum() > 0
    assert sb.value() == sb.maximum()
    sb.setValue(0)
    _steps(c, 10)
    qtbot.wait(10)
    assert sb.value() == 0


def test_table_reset_on_new_data(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 4)
    controller.set_data(make_dataset(XOR_X, XOR_Y), undoable=False)
    assert table.model.rowCount() == 1  # the row k = 0
    controller.step()
    assert _row(table, 1)["point"] == "x1"


def test_table_export_csv(qtbot, controller: Controller, tmp_path) -> None:  # type: ignore[no-untyped-def]
    controller.set_mode("dual")
    controller.set_eta(0.1)
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 7)
    path = tmp_path / "updates.csv"
    table.export_csv(str(path))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "k,point,x1,x2,y,w1,w2,b,alpha_i"
    assert len(lines) == 8
    assert lines[2].split(",")[:5] == ["2", "3", "1", "1", "-1"]  # point 3 is x3
    # Full precision: the file reads back to the trainer's floats exactly.
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    np.testing.assert_array_equal(data[:, 5:7], controller.trainer.history_w)
    np.testing.assert_array_equal(data[:, 7], controller.trainer.history_b)
    assert list(data[:, 8]) == pytest.approx([0.1, 0.1, 0.2, 0.3, 0.2, 0.4, 0.5])


def test_table_copy(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    table = _show(qtbot, IterationTable(controller))
    _steps(controller, 7)
    QApplication.clipboard().clear()
    table.copy()
    text = QApplication.clipboard().text()
    lines = text.splitlines()
    assert lines[0].split("\t") == list(table.model.fields)
    assert len(lines) == 8
    assert lines[2].split("\t") == ["2", "x3", "1", "1", "-1", "2", "2", "0"]
    sm = table.view.selectionModel()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    sm.select(table.model.index(5, 0), flags)  # display row r is update r (row 0: k = 0)
    sm.select(table.model.index(2, 0), flags)
    sm.select(table.model.index(0, 0), flags)
    qtbot.mouseClick(table.findChild(QPushButton, "iterationCopy"), Qt.MouseButton.LeftButton)
    lines = QApplication.clipboard().text().splitlines()
    assert [ln.split("\t")[0] for ln in lines] == ["k", "2", "5"]


@pytest.mark.long
def test_table_large_k_is_lazy(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    # (30 points: 100 made 100 α columns, whose widths the table measures in every row in
    # view at each of three precisions, 80 % of this test's CPU; the rows stay 120 000)
    c.set_data(generate("noisy", 30, noise=0.3, seed=2), undoable=False)
    c.set_mode("dual")
    c.set_max_updates(120_000)
    table = _show(qtbot, IterationTable(c))
    inserted: list[tuple[int, int]] = []
    table.model.rowsInserted.connect(lambda _p, a, b: inserted.append((a, b)))
    c.trainer.run(max_updates=100_000)
    c.emit_changed(Change.MODEL)
    c.trainer.run(max_updates=20_000)
    c.emit_changed(Change.MODEL)
    assert inserted == [(1, 100_000), (100_001, 120_000)]
    m = table.model
    alpha = c.trainer.alpha
    assert alpha is not None
    last = m.rowCount() - 1
    i = int(m.index(last, 1).data().removeprefix("x")) - 1
    # 30 points: a column for the α of every point updated (issue 28), the note in the
    # α headers' tooltip.
    updated = np.flatnonzero(alpha)
    assert m.columns == ("k", "point", *(f"α{j + 1}" for j in updated), "b")
    col = m.columns.index(f"α{i + 1}")
    assert float(m.index(last, col).data()) == alpha[i]
    tip = m.headerData(col, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tip == f"α of the {updated.size} points updated, of 30; every other α is 0"
    table.copy()
    lines = QApplication.clipboard().text().splitlines()
    assert len(lines) == 120_001
    assert lines[-1].split("\t")[0] == "120000"


# ------------------------------------------------------------------ dual


def test_dual_worked_example(qtbot, controller: Controller) -> None:  # type: ignore[no-untyped-def]
    view = _show(qtbot, DualView(controller))
    assert probes.alpha_shown(view) is None
    assert "Switch the mode to dual" in probes.note_text(view)
    controller.set_mode("dual")
    _steps(controller, 7)
    np.testing.assert_array_equal(probes.gram_shown(view), [[18, 21, 6], [21, 25, 7], [6, 7, 2]])
    np.testing.assert_array_equal(probes.alpha_shown(view), [2, 0, 5])
    assert probes.highlighted_row(view) == 2
    controller.step_back()
    np.testing.assert_array_equal(probes.alpha_shown(view), [2, 0, 4])
    assert probes.highlighted_row(view) == 2
    controller.step_back()
    assert probes.highlighted_row(view) == 0
    table = view.findChild(QTableWidget, "gramTable")
    headers = [table.horizontalHeaderItem(j).text() for j in range(table.columnCount())]
    assert headers == ["y", "α", "x1", "x2", "x3"]
    assert table.item(2, 0).text() == "−1"
    assert table.item(0, 1).text() == "2"
    assert table.item(1, 3).text() == "25"
    controller.set_mode("primal")
    assert table.isColumnHidden(1)


def test_dual_gram_not_recomputed_per_step(qtbot, controller: Controller, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    controller.set_mode("dual")
    view = _show(qtbot, DualView(controller))
    calls: list[int] = []
    t = controller.trainer
    original = t.gram_block
    monkeypatch.setattr(t, "gram_block", lambda r, c: calls.append(1) or original(r, c))
    _steps(controller, 5)
    assert calls == []
    assert probes.alpha_shown(view) is not None


def test_dual_heatmap_medium_n(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    data = generate("separable", 300, seed=4)
    c.set_data(data, undoable=False)
    c.set_mode("dual")
    view = _show(qtbot, DualView(c))
    _steps(c, 10)
    g = probes.gram_shown(view)
    assert g.shape == (300, 300)
    np.testing.assert_array_equal(g, _gram(data.points))
    alpha = probes.alpha_shown(view)
    assert alpha is not None and alpha.shape == (300,)
    np.testing.assert_array_equal(alpha, c.trainer.alpha)
    assert probes.highlighted_row(view) == c.trainer.last.index
    assert "N×N" not in probes.note_text(view)


def test_dual_heatmap_block_for_large_n(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    data = generate("separable", 1000, seed=5)
    c.set_data(data, undoable=False)
    view = _show(qtbot, DualView(c))
    assert probes.gram_shown(view).shape == (GRAM_BLOCK, GRAM_BLOCK)
    assert probes.block_start(view) == 0
    assert "rows/columns x1–x400" in probes.note_text(view)
    c.set_mode("dual")
    for _ in range(50):
        c.step()
        s = probes.block_start(view)
        cur = probes.highlighted_row(view)
        assert cur is not None and s <= cur < s + GRAM_BLOCK
        alpha = probes.alpha_shown(view)
        assert alpha is not None
        np.testing.assert_array_equal(alpha, c.trainer.alpha[s : s + GRAM_BLOCK])
    s = probes.block_start(view)
    rows = slice(s, s + GRAM_BLOCK)
    np.testing.assert_array_equal(probes.gram_shown(view), _gram(data.points[rows]))


def test_dual_note_for_huge_n(qtbot) -> None:  # type: ignore[no-untyped-def]
    c = Controller(frame_interval_ms=0)
    c.set_data(generate("separable", 5000, seed=6), undoable=False)
    view = _show(qtbot, DualView(c))
    note = probes.note_text(view)
    assert "5000×5000 (200 MB)" in note
    assert "rows/columns x1–x400" in note
    c.set_data(generate("separable", 100_000, seed=6), undoable=False)
    # A large data set reaches the panels in an event-loop turn after the canvas's.
    assert "5000×5000" in probes.note_text(view)
    qtbot.waitUntil(lambda: "10⁵×10⁵ (80 GB)" in probes.note_text(view), timeout=5000)
    c.set_data(generate("separable", 100_000, seed=7), undoable=False)
    c.set_data(generate("separable", 5000, seed=6), undoable=False)  # before the turn
    assert "5000×5000" in probes.note_text(view)
    qtbot.wait(20)  # the held-back emission was taken along: nothing comes after
    assert "5000×5000" in probes.note_text(view)
    c.set_data(generate("separable", 100_000, seed=7), undoable=False)
    catch_up()  # at once, as a script's state() does
    assert "10⁵×10⁵ (80 GB)" in probes.note_text(view)


def test_dual_no_points(qtbot) -> None:  # type: ignore[no-untyped-def]
    view = _show(qtbot, DualView(Controller(frame_interval_ms=0)))
    assert probes.gram_shown(view).shape == (0, 0)
    assert probes.highlighted_row(view) is None
    assert probes.note_text(view) == "no points"


def test_a_steady_frame_makes_room_for_a_text_that_grew_while_hidden(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QHBoxLayout, QWidget

    from perceptron_gui.app.panels.common import SteadyFrame, make_label

    box = QWidget()
    label = make_label("short")
    label.setWordWrap(False)
    frame = SteadyFrame(label)
    layout = QHBoxLayout(box)
    layout.addWidget(frame)
    layout.addStretch(1)
    qtbot.addWidget(box)
    box.resize(700, 80)
    box.show()
    qtbot.waitExposed(box)
    label.setText("a text some five times longer than before")  # shown: room at once
    qtbot.waitUntil(lambda: frame.width() >= label.sizeHint().width(), timeout=2000)
    box.hide()
    label.setText("a text that grew while its window was hidden, longer still than that")
    box.show()
    qtbot.waitUntil(lambda: frame.width() >= label.sizeHint().width(), timeout=2000)
    assert label.geometry() == frame.rect()


def _table_of(qtbot, controller, data, config, width: int, steps: int) -> IterationTable:  # type: ignore[no-untyped-def]
    """A shown table `width` px wide of a run of `config` on `data`, after `steps` steps."""
    controller.set_data(data, undoable=False)
    controller.set_config(config)
    table = IterationTable(controller)
    qtbot.addWidget(table)
    table.resize(width, 260)
    table.show()
    qtbot.waitExposed(table)
    _steps(controller, steps)
    return table


def test_a_dual_table_too_narrow_for_every_alpha_shows_the_updated_points(
    qtbot, controller
) -> None:  # type: ignore[no-untyped-def]
    """The dual table at the width it has at 1024×768 (~420 px), the built-in example's
    18 points after 12 updates: α1 … α18 do not fit, so the columns are those of the
    points the rows update (α1, α4, α13, α15, α17: Table 2.2 as a lecturer writes it for
    these data, every other α 0, said in the titles' tooltip), not the one column αᵢ the
    row's point's α (it hid which α the table had); narrower still, αᵢ; wider, all. The
    columns follow the run: a step back to k = 3 leaves α1, α13, α15."""
    from importlib.resources import files

    from perceptron_gui.core import TrainConfig

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    data = make_dataset(rows[:, :2], rows[:, 2])
    table = _table_of(qtbot, controller, data, TrainConfig(mode="dual"), 420, 12)
    QApplication.processEvents()
    m = table.model
    assert m.columns == ("k", "point", "α1", "α4", "α13", "α15", "α17", "b")
    assert "every other α is 0" in m.headerData(
        2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert [_row(table, 12)[a] for a in ("α1", "α4", "α13", "α15", "α17", "b")] == [
        "1",
        "2",
        "5",
        "1",
        "3",
        "4",
    ]
    table.resize(200, 260)
    QApplication.processEvents()
    assert m.columns == ("k", "point", "αᵢ", "b")
    table.resize(1400, 260)
    QApplication.processEvents()
    assert m.columns == ("k", "point", *(f"α{i}" for i in range(1, 19)), "b")
    table.resize(420, 260)
    for _ in range(9):
        controller.step_back()
    QApplication.processEvents()
    assert m.columns == ("k", "point", "α1", "α13", "α15", "b")


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_narrow_averaged_table_shows_every_cell_whole(qtbot, controller, language) -> None:  # type: ignore[no-untyped-def]
    """The averaged table at the width it has at 1024×768 (7 columns in ~400 px), on
    non-integer data: fewer digits, every cell and title whole (w̄ was elided to
    "(2.4263, 1.…"), the tooltip with every digit; a wide table keeps 5 digits."""
    from PySide6.QtGui import QFont, QFontMetrics

    from perceptron_gui.app import i18n
    from perceptron_gui.core.config import TrainConfig

    i18n.set_language(language, remember=False)
    d = generate("separable", 20, seed=3)
    table = _table_of(qtbot, controller, d, TrainConfig(mode="averaged"), 430, 8)
    m, view = table.model, table.view
    header = view.horizontalHeader()
    last = m.rowCount() - 1
    bold_font = QFont(view.font())
    bold_font.setBold(True)  # the last row's
    regular, bold = QFontMetrics(view.font()), QFontMetrics(bold_font)
    titles = QFontMetrics(header.font())
    margin = 2 * (view.style().pixelMetric(view.style().PixelMetric.PM_FocusFrameHMargin) + 1)
    assert "w̄" in m.columns and header.length() <= view.viewport().width() + 1
    for col in range(len(m.columns)):
        room = header.sectionSize(col) - margin
        assert titles.horizontalAdvance(str(m.headerData(col, Qt.Orientation.Horizontal))) <= room
        for row in range(m.rowCount()):
            text = m.index(row, col).data() or ""
            fm = bold if row == last else regular
            assert fm.horizontalAdvance(text) <= room, (m.columns[col], row, text, room)
    w_bar = m.columns.index("w̄")
    shown = m.index(last, w_bar).data()
    full = m.index(last, w_bar).data(Qt.ItemDataRole.ToolTipRole)
    assert len(full) > len(shown)  # the tooltip keeps every digit
    shown_v = [float(v.replace("−", "-")) for v in shown.strip("()").split(", ")]
    full_v = [float(v.replace("−", "-")) for v in full.strip("()").split(", ")]
    assert shown_v == pytest.approx(full_v, rel=5e-3)
    table.resize(1400, 260)
    qtbot.waitUntil(lambda: m.digits == 5)


def _cut_cells(table: IterationTable) -> list[tuple[str, int, str]]:
    """The cells in view (and the last row) whose text is wider than the room in them."""
    from PySide6.QtGui import QFont, QFontMetrics

    m, view = table.model, table.view
    header = view.horizontalHeader()
    bold_font = QFont(view.font())
    bold_font.setBold(True)
    regular, bold = QFontMetrics(view.font()), QFontMetrics(bold_font)
    margin = 2 * (view.style().pixelMetric(view.style().PixelMetric.PM_FocusFrameHMargin) + 1)
    last = m.rowCount() - 1
    top, bottom = max(0, view.rowAt(0)), view.rowAt(view.viewport().height() - 1)
    if bottom < 0:  # below the last row, or not laid out yet
        bottom = top + view.viewport().height() // view.verticalHeader().defaultSectionSize()
    rows = {*range(top, min(last, bottom) + 1), last}
    cut = []
    for col in range(len(m.columns)):
        room = header.sectionSize(col) - margin
        for row in rows:
            text = m.index(row, col).data() or ""
            if (bold if row == last else regular).horizontalAdvance(text) > room:
                cut.append((m.columns[col], row, text))
    return cut


def test_a_pocket_table_shows_the_rows_in_view_whole(qtbot, controller) -> None:  # type: ignore[no-untyped-def]
    """A pocket run's later rows (w = (0.0037325, −7.9935), its w·x + b) were elided in a
    table as wide as the window's at 1280×800; the rows in view show whole, scrolled too."""
    from perceptron_gui.core.config import TrainConfig

    d = generate("noisy", 60, noise=0.15, seed=4)
    table = _table_of(qtbot, controller, d, TrainConfig(mode="pocket", max_updates=200), 590, 200)
    assert table.model.rowCount() == 201
    assert _cut_cells(table) == []
    table.view.verticalScrollBar().setValue(table.view.verticalScrollBar().maximum() // 2)
    assert _cut_cells(table) == []


def test_sizing_the_columns_reads_the_rows_in_view_only(qtbot, controller, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """After a seek (rows not laid out yet) the sizing read every row from the top: a
    soak's seeks took 0.6 s of CPU (3.8 s at 10⁴ updates); it reads the rows in view."""
    from perceptron_gui.core.config import TrainConfig

    d = generate("noisy", 200, noise=0.2, seed=2)
    table = _table_of(qtbot, controller, d, TrainConfig(mode="pocket", max_updates=3000), 590, 0)
    controller.run_to_end()
    qtbot.waitUntil(lambda: not controller.running, timeout=20000)
    assert controller.trainer.k > 1000
    calls = []
    real = table.model.cell_text
    monkeypatch.setattr(table.model, "cell_text", lambda *a, **k: calls.append(1) or real(*a, **k))
    controller.seek(controller.trainer.k // 2)
    rows_in_view = (
        table.view.viewport().height() // table.view.verticalHeader().defaultSectionSize()
    )
    assert 0 < len(calls) <= 3 * len(table.model.columns) * (rows_in_view + 3) * 2
    qtbot.waitUntil(lambda: _cut_cells(table) == [])  # (the view scrolls to the row in an event)


def _alpha_modes() -> list[str]:
    """The registry's modes whose tables have α columns (the dual's and the kernel's)."""
    from perceptron_gui.core import TrainConfig, make_trainer
    from perceptron_gui.core.registry import modes

    d = make_dataset(EXAMPLE_X, EXAMPLE_Y)
    return [m for m in modes() if make_trainer(d, TrainConfig(mode=m)).has_alpha]


@pytest.mark.long
@pytest.mark.parametrize("mode", _alpha_modes())
def test_a_table_of_many_alpha_columns_scrolls_with_every_cell_whole(
    qtbot, controller, mode: str
) -> None:  # type: ignore[no-untyped-def]
    """A kernel run on 2000 points has an α column per support point (~1000): the columns
    were squeezed to 70 % although the table scrolled anyway (titles "α1…", k "9…", points
    "x1…"), and each new column measured every cell in view (~0.1 s a frame). The α columns
    are sized from the points' counts now: every title and cell in view whole, at the end,
    scrolled up and after steps back, and each α cell is its point's updates so far × η."""
    from PySide6.QtGui import QFontMetrics

    from perceptron_gui.core.config import TrainConfig

    rng = np.random.default_rng(5)
    d = make_dataset(rng.normal(size=(60, 2)), rng.choice([-1, 1], size=60))
    eta = 0.37  # 1, 2, 3 updates: "0.37", "0.74", "1.11"; none: "0"
    table = _table_of(qtbot, controller, d, TrainConfig(mode=mode, eta=eta), 500, 150)
    m, view = table.model, table.view
    header = view.horizontalHeader()
    titles = QFontMetrics(header.font())
    margin = 2 * (view.style().pixelMetric(view.style().PixelMetric.PM_FocusFrameHMargin) + 1)
    alpha = [c for c, name in enumerate(m.columns) if name[:1] == "α"]
    assert m.updates == 150 and len(alpha) > 20  # beyond Li Hang's 20 columns: the updated

    def check() -> None:
        assert header.length() > view.viewport().width()  # the table scrolls
        for col in range(len(m.columns)):
            title = str(m.headerData(col, Qt.Orientation.Horizontal))
            assert titles.horizontalAdvance(title) <= header.sectionSize(col) - margin, title
        assert _cut_cells(table) == []
        # Each α cell: count × η, read from the last row up (the rows a run shows), then
        # from the top.
        index = controller.trainer.history_slice("index", 0, m.updates).astype(np.int64)
        rows = list(range(m.rowCount() - 1, -1, -1))
        for row in rows + rows[::-1]:
            counts = np.bincount(index[:row], minlength=d.n)
            for col in alpha:
                point = int(m.columns[col][1:]) - 1
                want = format_numbers([float(counts[point]) * eta], m.digits)[0]
                assert m.index(row, col).data() == want, (row, m.columns[col])

    check()
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum() // 2)
    assert _cut_cells(table) == []
    for _ in range(7):
        controller.step_back()
    table.refresh()
    assert m.updates == 143
    check()
    _steps(controller, 3)
    check()


def test_fast_frames_give_the_panels_turns_one_a_frame(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """In a frame of a run as fast as the screen shows (To end: ``FAST_FRAME``) at most one
    panel refreshes, in the turn after the frame, the one that waited longest: refreshed
    together, the table, the bound's plot and the readouts (and their paints) were a third
    of every To end frame. A slower run's frame still refreshes every panel that is due."""
    from PySide6.QtWidgets import QHBoxLayout, QWidget

    from perceptron_gui.app.panels.common import PANEL_SECONDS, RunFrameGate
    from perceptron_gui.app.panels.readout import Readout
    from perceptron_gui.app.panels.timeline import Timeline

    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 40, noise=0.3, seed=1), undoable=False)
    c.set_max_updates(10_000_000)
    host = QWidget()
    row = QHBoxLayout(host)
    panels = [Readout(c), BoundPlot(c), IterationTable(c), Timeline(c)]
    for p in panels:
        row.addWidget(p)
    _show(qtbot, host, (1200, 400))
    frame = [0]
    refreshed: list[tuple[int, str]] = []
    call = RunFrameGate._call

    def counted(gate: RunFrameGate, change: Change) -> None:
        refreshed.append((frame[0], type(gate.parent()).__name__))
        call(gate, change)

    monkeypatch.setattr(RunFrameGate, "_call", counted)
    fast = Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME
    for f in range(12):
        c.trainer.run(max_updates=25)
        qtbot.wait(int(PANEL_SECONDS * 1000) + 5)  # every panel due (and the last turn taken)
        frame[0] = f
        c.emit_changed(fast)
    qtbot.wait(int(PANEL_SECONDS * 1000) + 5)
    per_frame = [sum(1 for g, _ in refreshed if g == f) for f in range(12)]
    assert max(per_frame) == 1 and sum(per_frame) >= 10  # one a frame, nearly every frame
    names = {type(p).__name__ for p in panels}
    for name in names:  # in turns: each panel twice at least in 12 frames
        assert sum(1 for _, n in refreshed if n == name) >= 2, (name, refreshed)
    assert panels[0].text() and c.trainer.k == 300
    refreshed.clear()
    frame[0] = 99
    c.emit_changed(Change.MODEL | Change.RUN_FRAME)  # a slower run's frame: all that are due
    assert {n for _, n in refreshed} == names


def test_fast_frames_keep_the_averaged_sums_up_with_the_same_bits(qtbot) -> None:  # type: ignore[no-untyped-def]
    """In fast frames (To end) the averaged table extends its running sums every frame (its
    refresh comes one frame in several: extended then, a turn took 40-90 ms at 10⁶ updates
    a second); a step back cuts them; the cells are those of a table made afresh."""
    from perceptron_gui.core import TrainConfig

    c = Controller(frame_interval_ms=0)
    c.set_data(generate("noisy", 40, noise=0.3, seed=1), undoable=False)
    c.set_config(TrainConfig(mode="averaged", max_updates=10_000_000))
    table = _show(qtbot, IterationTable(c), (700, 300))
    m = table.model
    for _ in range(6):
        c.trainer.run(max_updates=3000)
        c.emit_changed(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
        assert len(m._avg_sums[0]) == c.trainer.k  # kept up in the frame itself
    c.step_back()  # a plain MODEL: the table follows at once
    assert len(m._avg_sums[0]) <= c.trainer.k
    c.trainer.run(max_updates=700)
    c.emit_changed(Change.MODEL | Change.RUN_FRAME | Change.FAST_FRAME)
    c.emit_changed(Change.MODEL)  # the run's end
    fresh = _show(qtbot, IterationTable(c), (700, 300))
    n = m.rowCount()
    assert n == fresh.model.rowCount() == c.trainer.k + 1
    w_bar, b_bar = m.columns.index("w̄"), m.columns.index("b̄")
    for row in [*range(n - 30, n), 1, n // 2, n // 3]:
        for col in (w_bar, b_bar):
            assert m.display(row, col) == fresh.model.display(row, col), (row, col)
    done = len(fresh.model._avg_sums[0])
    for mine, theirs in zip(m._avg_sums, fresh.model._avg_sums, strict=True):
        assert np.array_equal(np.frombuffer(mine)[:done], np.frombuffer(theirs))


def test_the_table_header_measures_a_title_once(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A kernel run adds an α column at most frames (the model is reset): the header keeps
    each title's size, so a refresh asks the model for the titles it has not measured, not
    for 200 sections' four roles again (most of the table's refresh). Its size hint is
    Qt's own all along, and after a change of the titles' font it is measured again."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QHeaderView

    from perceptron_gui.app.panels.iteration_table import IterationModel
    from perceptron_gui.core import TrainConfig

    asked = [0]
    header_data = IterationModel.headerData

    def counted(self, section, orientation, role=0):  # type: ignore[no-untyped-def]
        if role == Qt.ItemDataRole.SizeHintRole:  # (Qt asks it first, for each section)
            asked[0] += 1
        return header_data(self, section, orientation, role)

    monkeypatch.setattr(IterationModel, "headerData", counted)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 2)) * 2.0
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset(X, rng.choice([-1, 1], size=300)), undoable=False)
    c.set_config(TrainConfig(mode="kernel", kernel="rbf", sigma=0.5, max_updates=10**6))
    table = _show(qtbot, IterationTable(c), (700, 300))
    header = table.view.horizontalHeader()

    def qt_hint() -> QSize:  # a plain header's on the same model, measured afresh
        plain = QHeaderView(Qt.Orientation.Horizontal)
        plain.setFont(header.font())
        plain.setModel(table.model)
        return plain.sizeHint()

    c.trainer.run(max_updates=120)
    c.emit_changed(Change.MODEL)
    assert table.model.columnCount() > 100  # (a column per point updated)
    asked[0] = 0
    added = 0
    for _ in range(15):
        before = table.model.columnCount()
        c.trainer.run(max_updates=1)
        c.emit_changed(Change.MODEL)
        added += table.model.columnCount() - before
    assert added >= 5  # new α columns: the header measured again
    assert asked[0] <= 4 * added, asked[0]  # (before: ~400 a refresh)
    assert header.sizeHint() == qt_hint()
    font = QFont(header.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    header.setFont(font)
    table.model.apply_theme()  # (the titles' font role: the header measures again)
    assert header.sizeHint() == qt_hint()
    assert header.sectionsClickable() and header.highlightSections()  # as Qt's own


def test_the_bound_plots_x_title_lies_whole_inside_the_panel(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The README's picture at 1024×768 (three points, order "first", two steps, the theme
    set after the window is shown): "visits (points looked at)" kept the place pyqtgraph
    gave the short "visits" and ran off the panel's right edge ("visits (points loo")."""
    from perceptron_gui import MainWindow
    from perceptron_gui.app.panels.bound_panel import BoundPlot

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)
    w.resize(1008, 750)
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    w.set_order("first")
    w.show()
    w.set_theme("light")
    for _ in range(2):
        w.step()
    for _ in range(5):
        QApplication.processEvents()
    (plot,) = w.findChildren(BoundPlot)
    axis = plot.getPlotItem().getAxis("bottom")
    title = axis.label.sceneBoundingRect()
    assert axis.labelText in ("visits (points looked at)", "visits")
    assert 0 <= title.left() and title.right() <= plot.width(), (title, plot.width())

"""Compare's two panes show the same thing the same way: plots of one size and one range
(a banner or a legend over one of them takes no height of its plot only), a converged
run's canvas says that it converged, an update out of view is still drawn, and in
presentation the banners over both panes are in the presentation's type, whole."""

from __future__ import annotations

import probes
import pytest
from PySide6.QtWidgets import QApplication

from perceptron_gui import MainWindow
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.core.registry import REGISTRY

CONVERGED = "converged: a full pass found no mistake"


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`)."""
    return shared_window


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _plot(canvas: DataCanvas) -> tuple[tuple[int, int], tuple[float, float, float, float]]:
    """The plot's size in pixels and its data range."""
    vb = canvas.getPlotItem().getViewBox()
    return (round(vb.width()), round(vb.height())), tuple(round(v, 6) for v in canvas.view_range())  # type: ignore[return-value]


def _pocket_pair(window: MainWindow) -> DataCanvas:
    """The built-in example against pocket in random order (seed 2), three steps of the
    pair by the Step action: the second run has converged at its third update (a banner
    "converged" and the pocket's legend over its plot only)."""
    window.resize(1024, 768)
    window.act_example.trigger()
    assert window.set_compare({"mode": "pocket", "order": "random", "seed": 2})
    for _ in range(3):
        window.act_step.trigger()
    _settle()
    second = window.compare.view.canvas
    assert window.compare_run.controller.trainer.converged
    return second


def test_both_plots_are_one_size_and_range_with_a_banner_over_one(window: MainWindow) -> None:
    """The two panes' plots are the same size and show the same data range when only the
    second has a banner and a legend in the band above its plot (446×495 px showing y
    −6.2…6.2 against 446×396 px showing −5…5 at 1024×768)."""
    second = _pocket_pair(window)
    assert probes.status_text(second) == CONVERGED
    assert _plot(window.canvas) == _plot(second)


def test_a_pane_converged_on_its_update_says_converged_only(window: MainWindow) -> None:
    """The second run converged at its third update's own visit (random order: nothing
    left to pick): its canvas says "converged", not that update ("x6: mistake → update"
    stayed beside x6 under the banner while the first run went on)."""
    second = _pocket_pair(window)
    assert probes.status_text(second) == CONVERGED
    assert probes.verdict_text(second) is None
    assert probes.verdict_text(window.canvas) == "x15: mistake → update"  # (it goes on)


@pytest.mark.long
@pytest.mark.parametrize("mode", sorted(REGISTRY))
def test_a_converged_pane_says_converged_in_every_mode(window: MainWindow, mode: str) -> None:
    """A run of the pair that converged says so on its canvas, never its last update's
    verdict, in every mode of the registry, stepped by the Step action; random order
    where the mode has it (it converges at an update's own visit, nothing left to pick:
    "x6: mistake → update" stayed under "converged")."""
    from perceptron_gui.app.compare import allowed_orders

    window.act_example.trigger()
    assert window.set_compare({"mode": mode, "order": allowed_orders(mode)[0], "seed": 2})
    second = window.compare_run.controller
    for _ in range(80):
        window.act_step.trigger()
        if second.trainer.done:
            break
    _settle()
    canvas = window.compare.view.canvas
    if not second.trainer.converged:  # (passive-aggressive goes on past 80 steps here)
        assert not second.trainer.done and mode == "pa", mode
        return
    assert probes.status_text(canvas) == CONVERGED, mode
    assert probes.verdict_text(canvas) is None, mode


@pytest.mark.long
def test_alone_the_converging_visit_keeps_its_verdict(window: MainWindow) -> None:
    """Outside compare the visit that converged keeps its verdict beside its point (the
    canvas's caption says the end): the pairing rule is compare's only."""
    window.act_example.trigger()
    window.set_order("random")
    t = window.controller.trainer
    for _ in range(60):
        window.act_visit.trigger()
        if t.done:
            break
    _settle()
    assert t.converged and t.last is not None and t.visits == t.last.visit
    assert probes.verdict_text(window.canvas) is not None

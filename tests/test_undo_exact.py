"""Undo restores exactly what it says: D, γ and the bound shown are always those of the
points and settings on screen, whatever the order of edits, mode changes, undos and redos."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perceptron_gui.app.controller import Controller
from perceptron_gui.core import make_dataset
from perceptron_gui.core.bounds import needs_kernel_bound
from perceptron_gui.core.novikoff import novikoff

START = make_dataset(
    np.array([[1.0, 2.0], [2.0, 1.5], [-1.0, -1.0], [-2.0, 0.5], [0.5, -2.0]]),
    np.array([1.0, 1.0, -1.0, -1.0, -1.0]),
)


def expected(c: Controller):  # noqa: ANN201
    cfg = c.config
    if needs_kernel_bound(cfg):
        return novikoff(
            c.data, bias=cfg.bias, kernel=cfg.kernel, degree=cfg.degree, coef0=cfg.coef0,
            sigma=cfg.sigma,
        )  # fmt: skip
    return novikoff(c.data, bias=cfg.bias)


def check(c: Controller) -> None:
    want = expected(c)
    got = c.bound
    assert got.bias == want.bias
    assert got.D == pytest.approx(want.D, rel=1e-12)
    assert got.gamma == pytest.approx(want.gamma, rel=1e-9, abs=1e-12)
    if want.bound is None:
        assert got.bound is None
    else:
        assert got.bound == pytest.approx(want.bound, rel=1e-9)


def test_an_edit_in_kernel_mode_undone_in_primal_mode(qtbot) -> None:  # noqa: ANN001
    """The issue's example: the kernel's feature-space bound must not come back."""
    c = Controller(frame_interval_ms=0)
    c.set_data(START, "start")
    c.set_mode("kernel")
    c.set_settings(kernel="poly", degree=3)
    kernel_bound = c.bound
    c.add_point(3.0, 3.0, 1)
    c.set_mode("primal")
    c.undo_stack.undo()
    check(c)
    assert c.bound.D != pytest.approx(kernel_bound.D)
    c.set_mode("kernel")
    c.undo_stack.redo()
    check(c)


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([1, -1])),
        st.tuples(st.just("move"), st.integers(0, 6), st.integers(-3, 3), st.integers(-3, 3)),
        st.tuples(st.just("delete"), st.integers(0, 6)),
        st.tuples(st.just("flip"), st.integers(0, 6)),
        st.tuples(st.just("mode"), st.sampled_from(["primal", "kernel", "dual", "pocket", "pa"])),
        st.tuples(st.just("bias"), st.booleans()),
        st.tuples(st.just("kernel"), st.sampled_from(["poly", "rbf", "linear"])),
        st.tuples(st.just("undo")),
        st.tuples(st.just("redo")),
    ),
    max_size=25,
)


@pytest.mark.long
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=ACTIONS)
def test_any_sequence_shows_the_bound_of_what_is_on_screen(qtbot, actions) -> None:  # noqa: ANN001
    c = Controller(frame_interval_ms=0)
    c.set_data(START, "start")
    for a in actions:
        kind = a[0]
        if kind == "add":
            c.add_point(a[1] + 0.25, a[2] - 0.5, a[3])
        elif kind == "move":
            c.move_point(a[1], a[2] + 0.5, a[3] + 0.125)
        elif kind == "delete":
            c.delete_points([a[1]])
        elif kind == "flip":
            c.relabel([a[1]])
        elif kind == "mode":
            c.set_mode(a[1])
        elif kind == "bias":
            c.set_settings(bias=a[1])
        elif kind == "kernel":
            c.set_settings(kernel=a[1])
        elif kind == "undo":
            c.undo_stack.undo()
        else:
            c.undo_stack.redo()
        check(c)
    c.deleteLater()

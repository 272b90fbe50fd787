"""conftest's `shared_window`: one window for a module, put back as new before each test."""

from __future__ import annotations

import pytest

# The two tests in one pytest-xdist worker, in this order: the second sees what the first left.
pytestmark = pytest.mark.xdist_group("shared_window")


@pytest.mark.long
def test_a_test_leaves_the_window_changed_everywhere(shared_window, qtbot) -> None:  # noqa: ANN001
    w = shared_window
    assert w.open_lesson("perceptron")  # a lesson open (its scene's settings and docks)
    w.next_slide()
    w.set_points([(1.0, 2.0), (2.0, -1.0), (0.5, 0.5)], [1, -1, 1])
    assert w.set_mode("dual") and w.set_eta(0.5) and w.set_max_updates(50)
    w.step()
    w.run_to_end()
    qtbot.waitUntil(lambda: not w.state()["running"])
    w.act_radius.trigger()
    w.tabs.setCurrentWidget(w.dual_view)
    w.bound_panel.log_check.setChecked(True)
    assert w.set_compare({"mode": "pocket"})
    assert not w.set_points([(float("nan"), 0.0)], [1])  # a notice
    w.set_speed(300.0)


def test_the_next_test_gets_it_back_as_new_without_a_new_window(
    shared_window,  # noqa: ANN001
    _module_window,  # noqa: ANN001
) -> None:
    w = shared_window
    assert _module_window.made == 1  # put back, not replaced
    s = w.state()
    assert s["points"] == [] and s["mode"] == "primal" and s["eta"] == 1.0
    assert s["mistakes"] == 0 and s["compare"] is None and not s["modified"]
    assert s["lesson"] is None and not w.lesson_player.dock.isVisible()
    assert not w.act_radius.isChecked() and w.tabs.currentIndex() == 0
    assert not w.bound_panel.log_check.isChecked()
    assert w.notice.text() == "" and not w.notice.isVisible()
    assert not w.controller.undo_stack.canUndo()
    assert w.controller.speed == _module_window.speed


def test_the_focus_is_put_back_as_a_new_window_has_it(
    shared_window,  # noqa: ANN001
    _module_window,  # noqa: ANN001
    qtbot,  # noqa: ANN001
) -> None:
    """A test that leaves the keyboard in the points' table (Ctrl+T): the reset hides the
    table, and Qt passed the focus on as Tab does, so the next test's canvas had the focus
    with its keyboard-focus frame shown (test_accessibility's keyboard test then failed when
    the whole file ran in one process). The next test gets the focus as a new window has it."""
    from PySide6.QtCore import Qt

    w = shared_window
    frame = w.accessibility.focus_frame
    new = (w.focusWidget(), frame.isVisible())  # (a new window's, or one put back as new)
    assert new == (w.canvas, False)
    w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    qtbot.keyClick(w.windowHandle(), Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert w.accessibility.points_view.hasFocus()
    made = _module_window.made
    again = _module_window.get(qtbot)  # as the next test gets it
    assert again is w and _module_window.made == made  # put back, not replaced
    assert (w.focusWidget(), frame.isVisible()) == new
    assert not w.accessibility.points_dock.isVisible()

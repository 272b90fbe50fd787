"""A scene that shows `phases`: each click of the clicker shows one phase of the update."""

from __future__ import annotations

from pathlib import Path

import pytest

LESSON = """
title = "Phases"

[[scene]]
title = "Predict, reveal, correct"
points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]
order = "first"
stop = 2
show = ["phases"]

[[scene]]
title = "Plain steps"
points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]
"""


def test_a_phases_scene_steps_one_phase_a_click(window, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "phases.lesson.toml"
    path.write_text(LESSON, encoding="utf-8")
    assert window.open_lesson(path)
    assert window.act_phases.isChecked()
    seen = []
    for _ in range(6):
        assert window.next_slide()
        s = window.state()
        seen.append((s["phase"], s["updates"]))
    # w, b and the count change only at "correct"; the stop (2 updates) is reached
    # after two rounds of three clicks.
    assert seen == [
        ("predict", 0),
        ("reveal", 0),
        ("correct", 1),
        ("predict", 1),
        ("reveal", 1),
        ("correct", 2),
    ]
    assert window.next_slide()  # on to the next scene, which does not show phases
    s = window.state()
    assert s["lesson"]["scene"] == 1 and not window.act_phases.isChecked()
    assert window.next_slide() and window.state()["phase"] is None


@pytest.mark.long
def test_add_scene_captures_phase_stepping(window) -> None:  # noqa: ANN001
    window.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    window.set_phase_stepping(True)
    assert window.add_scene("Phases", "One phase a click")
    assert "phases" in window.lesson_player.lesson.scenes[-1].show

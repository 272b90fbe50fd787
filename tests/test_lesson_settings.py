"""A lesson leaves the user's settings as it found them: a scene that does not name the update
limit keeps the user's, a scene's own limit is one a room's run can hold, and closing the
lesson gives every setting back (issue 35: opening any lesson used to raise the limit to the
core's 10⁶, and voted at 10⁶ updates froze the window for minutes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.lesson import MAX_STOP, load_lesson

LESSON = """\
title = "Limits"

[[scene]]
title = "No limit named"
caption = "keeps the user's"
points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]

[[scene]]
title = "Its own limit"
caption = "30 updates"
points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]
mode = "voted"
max_updates = 30
"""


def _typed(window, spin, value: int) -> None:  # noqa: ANN001
    """Type `value` into a spin box as a user does (select all, the digits, Enter)."""
    spin.setFocus()
    spin.selectAll()
    window.qtbot.keyClicks(spin.lineEdit(), str(value))
    window.qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)


@pytest.mark.long
def test_a_scene_keeps_the_users_limit_and_closing_gives_the_settings_back(
    shared_window, qtbot, tmp_path: Path
) -> None:
    w = shared_window
    w.qtbot = qtbot
    spin = w.controls.limit_spin
    _typed(w, spin, 2000)
    assert w.controller.config.max_updates == 2000
    w.set_mode("averaged")
    w.controller.set_settings(eta=0.5)
    before = w.controller.config

    path = tmp_path / "limits.lesson.toml"
    path.write_text(LESSON, "utf-8")
    assert w.lesson_player.open(path)
    # Scene 1 names no limit: the user's 2000 stays (the box shows it), the other settings
    # not named take their defaults (the README's rule for a scene).
    assert w.controller.config.max_updates == 2000 and spin.value() == 2000
    assert w.controller.config.mode == "primal" and w.controller.config.eta == 1.0
    # Scene 2 names its own: 30.
    w.lesson_player.go(1)
    assert w.controller.config.mode == "voted"
    assert w.controller.config.max_updates == 30 and spin.value() == 30
    # Back to scene 1: the user's limit again, not scene 2's.
    w.lesson_player.go(0)
    assert w.controller.config.max_updates == 2000

    w.act_close_lesson.trigger()  # Lesson ▸ Close lesson, as the menu does it
    assert w.lesson_player.lesson is None
    assert w.controller.config == before
    assert spin.value() == 2000


@pytest.mark.long
def test_the_builtin_lesson_keeps_the_users_limit(shared_window) -> None:
    w = shared_window
    w.set_max_updates(1500)
    assert w.lesson_player.open("perceptron")
    limits = set()
    for i, scene in enumerate(w.lesson_player.lesson.scenes):
        w.lesson_player.go(i)
        mine = scene.settings.get("max_updates")
        assert w.controller.config.max_updates == (1500 if mine is None else mine), i
        limits.add(w.controller.config.max_updates)
    assert 1500 in limits
    assert max(limits) <= MAX_STOP  # no scene hands the window 10⁶ updates
    w.act_close_lesson.trigger()
    assert w.controller.config.max_updates == 1500


@pytest.mark.parametrize("value", [MAX_STOP + 1, 1_000_000, 0, 2.5, True])
def test_a_scene_limit_beyond_a_rooms_run_is_refused(tmp_path: Path, value: object) -> None:
    text = LESSON.replace("max_updates = 30", f"max_updates = {str(value).lower()}")
    path = tmp_path / "big.lesson.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(DataError) as e:
        load_lesson(path)
    msg = str(e.value)
    assert msg.startswith(str(path)) and '"max_updates"' in msg and "scene 2" in msg, msg
    assert f"from 1 to {MAX_STOP}" in msg and "\n" not in msg


def test_a_scene_limit_of_max_stop_is_read(tmp_path: Path) -> None:
    path = tmp_path / "ok.lesson.toml"
    path.write_text(LESSON.replace("max_updates = 30", f"max_updates = {MAX_STOP}"), "utf-8")
    assert load_lesson(path).scenes[1].config.max_updates == MAX_STOP

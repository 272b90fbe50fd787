"""Open, Recover and a dropped file replace the session as one undoable step: data and
settings together, one emission; Ctrl+Z gives both back and the title follows; Open from
the menu, the recent list or a drop asks over unsaved changes, a script's load() does not."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QMessageBox

from perceptron_gui.app.controller import Change
from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.io import write_session

A = make_dataset(np.array([[1.0, 2.0], [-1.0, -1.5], [2.0, 0.0]]), np.array([1.0, -1.0, 1.0]))
B = make_dataset(np.array([[3.0, 1.0], [-2.0, 2.0]]), np.array([1.0, -1.0]))
B_CONFIG = TrainConfig(mode="pocket", eta=0.5, order="random", seed=4, max_updates=77)


def _session(tmp_path: Path) -> Path:
    p = tmp_path / "b.json"
    write_session(p, B, B_CONFIG)
    return p


def _start(window):  # noqa: ANN001, ANN202
    window.controller.set_data(A, "a")
    window.set_eta(2.0)
    return window.controller.config, window.state()["points"]


@pytest.mark.long
def test_open_then_undo_restores_points_and_settings_and_the_title(window, tmp_path) -> None:  # noqa: ANN001
    c = window.controller
    config_a, points_a = _start(window)
    seen: list[Change] = []
    c.changed.connect(seen.append)
    path = _session(tmp_path)
    assert window.load(path)
    assert len(seen) == 1 and seen[0] & Change.DATA and seen[0] & Change.SETTINGS
    assert c.config == B_CONFIG and "b.json" in window.windowTitle()
    assert not window.document.modified
    c.undo_stack.undo()
    assert window.state()["points"] == points_a
    assert c.config == config_a
    assert "b.json" not in window.windowTitle() and window.document.path is None
    c.undo_stack.redo()
    assert c.config == B_CONFIG and window.state()["points"] == B.points.tolist()
    assert window.document.path == str(path) and "b.json" in window.windowTitle()
    assert not window.document.modified


@pytest.mark.long
def test_undo_of_an_open_over_a_saved_file_names_that_file_again(window, tmp_path) -> None:  # noqa: ANN001
    _start(window)
    first = tmp_path / "a.json"
    assert window.save(first)
    window.load(_session(tmp_path))
    window.controller.undo_stack.undo()
    assert window.document.path == str(first) and not window.document.modified
    # a new edit replaces the redo branch: redo can no longer bring b.json back
    window.controller.add_point(0.5, 0.5, 1)
    window.controller.undo_stack.undo()
    assert window.document.path == str(first)


@pytest.mark.long
def test_recover_is_one_undo_step(window, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    from perceptron_gui.app.storage import recovery_path

    config_a, points_a = _start(window)
    recovery_path().parent.mkdir(parents=True, exist_ok=True)
    write_session(recovery_path(), B, B_CONFIG)
    assert window.recover(ask=False)
    assert window.controller.config == B_CONFIG and window.document.modified
    window.controller.undo_stack.undo()
    assert window.controller.config == config_a and window.state()["points"] == points_a


@pytest.mark.long
@pytest.mark.parametrize(
    ("answer", "opened"), [(QMessageBox.Cancel, False), (QMessageBox.Discard, True)]
)
def test_open_from_the_recent_list_asks_over_unsaved_changes(
    window,
    tmp_path,
    monkeypatch,
    answer,
    opened,  # noqa: ANN001
) -> None:
    asked: list[str] = []

    def question(*args):  # noqa: ANN002, ANN202
        asked.append(args[2])
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    _start(window)
    assert window.document.modified
    path = _session(tmp_path)
    window.files.open_asking(str(path))
    from PySide6.QtCore import QCoreApplication

    for _ in range(50):
        QCoreApplication.processEvents()
    assert len(asked) == 1 and "opening" in asked[0]
    assert (window.controller.config == B_CONFIG) is opened


@pytest.mark.long
def test_a_scripts_load_does_not_ask(window, tmp_path, monkeypatch) -> None:  # noqa: ANN001
    def question(*args):  # noqa: ANN002, ANN202
        raise AssertionError("asked")

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    _start(window)
    assert window.load(_session(tmp_path))

"""The window never waits on a FIFO and no refusal leaves a slot as an exception (issue 35):
a FIFO or a device as a save or export target is refused at once, with a notice; a
malformed lesson (nesting, a NUL in a data path, a path out of its folder, /dev/zero) is a
one-line notice and the window keeps what it showed."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import probes
import pytest
from PySide6.QtGui import QAction, QKeySequence


@pytest.mark.long
def test_fifo_targets_and_bad_lessons_are_notices(window, tmp_path: Path) -> None:  # noqa: ANN001
    raised: list[BaseException] = []
    old = sys.excepthook
    sys.excepthook = lambda kind, exc, tb: raised.append(exc)
    try:
        window.set_points(np.array([[1.0, 2.0], [-1.0, -1.0]]), np.array([1.0, -1.0]))
        writers = (
            ("out.json", window.save),
            ("t.csv", window.export_table),
            ("v.png", lambda f: window.export_space_view("augmented", f)),  # (waited for good)
            ("l.lesson.toml", window.lesson_player.save),  # (waited 1 s)
        )
        assert window.open_lesson("perceptron")
        for name, write in writers:
            fifo = tmp_path / name
            os.mkfifo(fifo)
            t0 = time.monotonic()
            assert write(fifo) is False
            assert time.monotonic() - t0 < 0.5
            assert "not a regular file" in window.notice.text(), name
        window.act_close_lesson.trigger()
        window.set_points(np.array([[1.0, 2.0], [-1.0, -1.0]]), np.array([1.0, -1.0]))
        (tmp_path / "outside.csv").write_text("x1,x2,y\n1,1,1\n-1,-1,-1\n")
        inner = tmp_path / "lesson"
        inner.mkdir()
        bodies = {
            "nested": "title = " + "[" * 3000 + "]" * 3000 + "\n",
            "nul": '[[scene]]\ndata = "a\\u0000b.csv"\n',
            "outside": '[[scene]]\ndata = "../outside.csv"\n',
        }
        for name, body in bodies.items():
            f = inner / f"{name}.lesson.toml"
            f.write_text(body)
            assert window.open_lesson(f) is False
            text = window.notice.text()
            assert str(f) in text and "\n" not in text, text
        assert "../outside.csv" in text
        assert window.open_lesson("/dev/zero") is False
        assert window.controller.data.n == 2  # what the window showed stays
        # A compared run's seed of 2³¹ (a lesson may give one) is shown exactly; it
        # overflowed the compare panel's QSpinBox inside a slot.
        assert window.set_compare({"mode": "primal", "order": "random", "seed": 2**31 + 5})
        box = window.compare.view.seed_spin
        assert box.value() == 2**31 + 5 and box.lineEdit().text() == str(2**31 + 5)
    finally:
        sys.excepthook = old
    assert raised == []


@pytest.mark.long
def test_a_screenshot_streams_to_a_fifo_or_is_refused_within_a_second(tmp_path: Path) -> None:
    """``perceptron-gui --screenshot FIFO`` waited for a reader for good (QPixmap.save):
    it is written as the command line writes, streamed once a reader opens the FIFO,
    refused after 1 s without one; an unknown suffix is a PNG."""
    import threading

    from PySide6.QtGui import QPixmap

    from perceptron_gui.app.main import _write_picture

    picture = QPixmap(40, 30)
    fifo = tmp_path / "shot.fifo"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    assert _write_picture(picture, fifo) is False  # nobody reads
    assert time.monotonic() - t0 < 2.0
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert _write_picture(picture, fifo)
    reader.join(5)
    assert got and got[0].startswith(b"\x89PNG")
    assert _write_picture(picture, tmp_path / "s.jpg")
    assert (tmp_path / "s.jpg").read_bytes()[:3] == b"\xff\xd8\xff"


def test_an_opened_file_takes_away_the_last_refusal(
    shared_window,  # noqa: ANN001
    qtbot,  # noqa: ANN001
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """File ▸ Open of a refused file, then of a good one: the refusal's red bar stayed
    over the newly opened data ("not opened: huge.csv, line 3: |x1| = 1e+300 is beyond
    1e150"). An opened file takes it away; another notice is left alone."""
    from perceptron_gui.app.window import files

    w = shared_window
    huge = tmp_path / "huge.csv"
    huge.write_text("x1,x2,y\n1,2,1\n1e300,4,-1\n")
    good = tmp_path / "good.csv"
    good.write_text("x1,x2,y\n1,2,1\n5,6,-1\n")
    chosen: list[Path] = []

    Chosen = probes.answered_dialog(lambda: chosen[-1])  # the file dialog, answered
    monkeypatch.setattr(files, "file_dialog", Chosen)
    open_action = next(a for a in w.findChildren(QAction) if a.shortcut() == QKeySequence.Open)

    def open_file(path: Path) -> None:
        chosen.append(path)
        text = w.statusBar().currentMessage()
        open_action.trigger()  # (read and γ computed between frames)
        qtbot.waitUntil(lambda: w.statusBar().currentMessage() != text)
        qtbot.waitUntil(lambda: not w.controller._tasks)

    open_file(huge)
    assert w.notice.isVisible() and "not opened" in w.notice.text()
    assert "huge.csv, line 3" in w.notice.text()
    open_file(good)
    assert w.state()["points"] == [[1.0, 2.0], [5.0, 6.0]]
    assert not w.notice.isVisible()
    assert "not opened" not in w.statusBar().currentMessage()
    # Refused by the scripting API (at once) too; and a notice of its own kind stays.
    assert not w.load(huge) and w.notice.isVisible()
    assert w.load(good) and not w.notice.isVisible()
    w.show_notice("export failed: disk full", error=True)
    assert w.load(good) and w.notice.isVisible() and "disk full" in w.notice.text()


def test_one_class_opens_with_a_note_in_the_window_and_on_stderr(
    shared_window,  # noqa: ANN001
    qtbot,  # noqa: ANN001
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A file whose labels are all +1 opened silently, ran, "converged" after one update
    and showed a bound as if there were something to separate. It opens (and runs), with
    the data notice in the message bar and, on the command line, one line on stderr; every
    mode's trace still succeeds."""
    from perceptron_gui.app.window import files
    from perceptron_gui.cli import command as cli
    from perceptron_gui.core.config import MODES
    from perceptron_gui.core.io import load_file

    w = shared_window
    plus = tmp_path / "plus.csv"
    plus.write_text("x1,x2,y\n1,2,1\n3,4,1\n5,6,1\n")
    minus = tmp_path / "minus.csv"
    minus.write_text("x1,x2,y\n1,2,-1\n3,4,-1\n")
    both = tmp_path / "both.csv"
    both.write_text("x1,x2,y\n1,2,1\n3,4,-1\n")
    assert load_file(plus).notes == ("every label is +1: one class, nothing to separate",)
    assert load_file(minus).notes == ("every label is -1: one class, nothing to separate",)
    assert load_file(both).notes == ()

    Chosen = probes.answered_dialog(plus)  # the file dialog, answered
    monkeypatch.setattr(files, "file_dialog", Chosen)
    next(a for a in w.findChildren(QAction) if a.shortcut() == QKeySequence.Open).trigger()
    qtbot.waitUntil(lambda: w.state()["points"] == [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    words = "plus.csv: every label is +1: one class, nothing to separate"
    assert w.notice.isVisible() and w.notice.text() == words
    assert w.statusBar().currentMessage() == words
    for mode in MODES:
        assert cli.main(["trace", "--mode", mode, str(plus)]) == 0, mode
        err = capsys.readouterr().err
        assert err == "note: every label is +1: one class, nothing to separate\n", mode
    assert cli.main(["trace", str(both)]) == 0 and capsys.readouterr().err == ""

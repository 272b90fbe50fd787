"""The one file writer: atomic for regular files, through links, straight to FIFOs and stdout."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import load_file, write_csv
from perceptron_gui.core.writer import (
    remove_stale_temps,
    stale_temps,
    temp_name_for,
    write_file,
    write_text,
)


def _dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_regular_file_replaced_atomically_keeping_its_mode(tmp_path: Path) -> None:
    f = tmp_path / "a.csv"
    f.write_text("old")
    os.chmod(f, 0o640)
    inode = f.stat().st_ino
    write_text(f, "new")
    assert f.read_text() == "new"
    assert stat.S_IMODE(f.stat().st_mode) == 0o640
    assert f.stat().st_ino != inode  # a new file renamed over the old one
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


def test_failed_fill_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    f = tmp_path / "a.csv"
    f.write_text("old")

    def fill(fh: object) -> None:
        fh.write(b"half")  # type: ignore[attr-defined]
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        write_file(f, fill)
    assert f.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.csv"]


def test_symlink_stays_a_link_and_its_target_is_written(tmp_path: Path) -> None:
    target = tmp_path / "real" / "data.csv"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    data = make_dataset(np.array([[1.0, 2.0], [-3.0, 0.5]]), np.array([1.0, -1.0]))
    write_csv(link, data)
    assert link.is_symlink()
    assert os.readlink(link) == str(target)
    np.testing.assert_array_equal(load_file(target).data.points, data.points)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "real"]
    assert [p.name for p in target.parent.iterdir()] == ["data.csv"]


def test_dangling_symlink_creates_its_target(tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "new.txt")
    write_text(link, "hello")
    assert link.is_symlink()
    assert (tmp_path / "new.txt").read_text() == "hello"


def test_fifo_written_straight_without_renaming(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as fh:
            got.append(fh.read())

    t = threading.Thread(target=reader)
    t.start()
    write_text(fifo, "x1,x2,y\n1,2,1\n")
    t.join(timeout=10)
    assert got == [b"x1,x2,y\n1,2,1\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the FIFO
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_dash_writes_to_stdout() -> None:
    code = (
        "import numpy as np\n"
        "from perceptron_gui.core import make_dataset\n"
        "from perceptron_gui.core.io import write_csv\n"
        "write_csv('-', make_dataset(np.array([[0.5, 1.0]]), np.array([1.0])))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, env=env, check=True, timeout=60
    )
    assert out.stdout == b"x1,x2,y\n0.5,1.0,1\n"


def test_folder_and_missing_folder_refused_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot write") as e:
        write_text(tmp_path, "x")
    assert str(tmp_path) in str(e.value)
    with pytest.raises(DataError, match="No such file"):
        write_text(tmp_path / "nope" / "a.csv", "x")


def test_stale_temporary_of_a_dead_writer_is_recognised_and_removed(tmp_path: Path) -> None:
    target = tmp_path / "recovery.json"
    dead = tmp_path / f".recovery.json.{_dead_pid()}-0123abcd.tmp"
    dead.write_bytes(b"half a session")
    old_style = tmp_path / ".recovery.json.89abcdef.tmp"
    old_style.write_bytes(b"x")
    alive = Path(temp_name_for(str(target)))  # ours: a write in progress
    alive.write_bytes(b"being written")
    other = tmp_path / "notes.tmp"
    other.write_bytes(b"not ours")
    assert sorted(stale_temps(tmp_path)) == sorted([str(dead), str(old_style)])
    assert stale_temps(tmp_path, "other.json") == []
    remove_stale_temps(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, "notes.tmp"])


def test_a_write_removes_stale_temporaries_of_its_file(tmp_path: Path) -> None:
    dead = tmp_path / f".a.csv.{_dead_pid()}-0123abcd.tmp"
    dead.write_bytes(b"x")
    write_text(tmp_path / "a.csv", "y")
    assert [p.name for p in tmp_path.iterdir()] == ["a.csv"]


def test_killed_writer_leaves_a_temporary_that_the_next_start_removes(
    tmp_path: Path, qtbot: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real kill -9 in the middle of an autosave; then the window starts again."""
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path))
    code = (
        "import os, sys, time\n"
        "from perceptron_gui.core.writer import write_file\n"
        "def fill(fh):\n"
        "    fh.write(b'{' * 1000); fh.flush(); print('writing', flush=True); time.sleep(60)\n"
        f"write_file({str(tmp_path / 'recovery.json')!r}, fill)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    with subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, env=env) as p:
        try:
            assert p.stdout is not None
            assert p.stdout.readline() == b"writing\n"
        finally:
            p.kill()
            p.wait()
    left = [q.name for q in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].startswith(".recovery.json.")
    from perceptron_gui.app.main_window import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    qtbot.addWidget(w)  # type: ignore[attr-defined]
    assert [q.name for q in tmp_path.iterdir() if q.name.endswith(".tmp")] == []


def test_generate_to_dash_writes_only_the_data_to_stdout() -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    out = subprocess.run(
        [sys.executable, "-m", "perceptron_gui.core", "generate", "separable", "--n", "4",
         "-o", "-"],
        capture_output=True, env=env, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert lines[0] == "x1,x2,y" and len(lines) == 5
    assert b"wrote 4 points" in out.stderr

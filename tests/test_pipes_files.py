"""Pipes are read exactly, FIFOs never hang a reader or a writer, devices and huge
files are refused before reading, a symlink loop is never replaced (issue 35)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import load_file, write_csv, write_session
from perceptron_gui.core.writer import write_text


def many_rows(n: int = 552) -> str:
    rng = np.random.default_rng(5)
    X = np.round(rng.uniform(-10, 10, size=(n, 2)), 1)
    y = np.where(X[:, 0] + X[:, 1] > 0, 1, -1)
    return "x1,x2,y\n" + "".join(f"{a},{b},{c}\n" for (a, b), c in zip(X, y, strict=True))


def feed(fifo: Path, data: bytes, delay: float = 0.0) -> threading.Thread:
    def writer() -> None:
        time.sleep(delay)
        with open(fifo, "wb") as fh:
            fh.write(data)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    return t


def test_cli_trace_on_a_pipe_reads_every_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`perceptron trace <(cat f.csv)`: the sniff's bytes are not lost (it read 11 of 552)."""
    text = many_rows().encode()
    r, w = os.pipe()

    def writer() -> None:
        os.write(w, text)
        os.close(w)

    t = threading.Thread(target=writer, daemon=True)
    t.start()
    try:
        status = cli.main(["trace", "--mode", "pocket", "--max-updates", "3", f"/dev/fd/{r}"])
    finally:
        t.join(5)
        os.close(r)
    out = capsys.readouterr()
    assert status == 0, out.err
    assert "N = 552" in out.out


def test_load_of_a_fifo_reads_it_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "in.csv"
    os.mkfifo(fifo)
    text = many_rows()
    t = feed(fifo, text.encode(), delay=0.2)
    loaded = load_file(fifo)
    t.join(5)
    want = load_file_text(tmp_path, text)
    np.testing.assert_array_equal(loaded.data.points, want.data.points)
    assert loaded.data.n == 552


def test_a_v2_session_through_a_fifo_is_read(tmp_path: Path) -> None:
    data = make_dataset(np.arange(40.0).reshape(20, 2), np.where(np.arange(20) % 2, 1.0, -1.0))
    f = tmp_path / "s.json"
    from perceptron_gui.core.config import TrainConfig

    write_session(f, data, TrainConfig(), version=2)
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    t = feed(fifo, f.read_bytes())
    loaded = load_file(fifo)
    t.join(5)
    np.testing.assert_array_equal(loaded.data.points, data.points)


def load_file_text(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    f = tmp_path / "plain.csv"
    f.write_text(text)
    return load_file(f)


def test_a_fifo_nobody_writes_is_refused_within_a_second_or_two(tmp_path: Path) -> None:
    fifo = tmp_path / "silent.csv"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    with pytest.raises(DataError, match="nothing was written") as e:
        load_file(fifo)
    assert time.monotonic() - t0 < 2.0
    assert str(fifo) in str(e.value)


def test_a_device_is_refused_before_reading() -> None:
    t0 = time.monotonic()
    with pytest.raises(DataError, match="not a regular file"):
        load_file("/dev/zero")
    assert time.monotonic() - t0 < 0.5


def test_a_huge_sparse_file_is_refused_by_its_size(tmp_path: Path) -> None:
    f = tmp_path / "huge.csv"
    with open(f, "wb") as fh:
        fh.truncate((1 << 30) + 10)  # sparse: no disk used
    t0 = time.monotonic()
    with pytest.raises(DataError, match="larger than 1 GiB"):
        load_file(f)
    assert time.monotonic() - t0 < 0.5


def test_a_nul_in_a_path_is_a_message() -> None:
    with pytest.raises(DataError, match="NUL"):
        load_file("a\x00b.csv")
    with pytest.raises(DataError, match="NUL"):
        write_text("a\x00b.csv", "x")


def test_a_fifo_save_target_streams_to_a_reader(tmp_path: Path) -> None:
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader() -> None:
        time.sleep(0.2)  # the reader comes a little later: the writer waits for it
        with open(fifo, "rb") as fh:
            got.append(fh.read())

    t = threading.Thread(target=reader)
    t.start()
    write_csv(fifo, make_dataset(np.array([[1.0, 2.0]]), np.array([1.0])))
    t.join(5)
    assert got == [b"x1,x2,y\n1.0,2.0,1\n"]


@pytest.mark.long
def test_a_fifo_save_target_with_no_reader_is_refused_within_a_second(tmp_path: Path) -> None:
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    with pytest.raises(DataError, match="nobody reads"):
        write_text(fifo, "x")
    assert time.monotonic() - t0 < 1.5
    t0 = time.monotonic()
    with pytest.raises(DataError, match="not a regular file"):
        write_text(fifo, "x", straight=False)  # what the window asks: at once
    assert time.monotonic() - t0 < 0.1


def test_a_symlink_loop_as_a_save_target_is_refused_and_left(tmp_path: Path) -> None:
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    a.symlink_to(b)
    b.symlink_to(a)
    with pytest.raises(DataError, match="cannot write"):
        write_text(a, "x")
    assert a.is_symlink() and b.is_symlink()
    assert os.readlink(a) == str(b)


def test_cli_on_a_device_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["trace", "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "/dev/zero" in err

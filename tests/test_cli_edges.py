"""Edge cases of the ``perceptron`` command found by an adversarial run.

Each must end with exit 2 and one line on stderr naming the file (or the
option), or succeed: never exit 3, a usage dump, a warning, or a hang.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import generate
from perceptron_gui.core import io as pio
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import files as pio_files

EXAMPLE_CSV = "x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"
HUGE_INT = "1" + "0" * 400  # a JSON integer no float can hold


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error_line(err: str, *parts: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("perceptron: error: "), err
    for part in parts:
        assert part in lines[0], (part, err)


def python_m(*argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "perceptron_gui.core", *argv],
        capture_output=True,
        timeout=60,
        env=env,
    )


def session_text(settings_json: str) -> str:
    return (
        '{"format": "perceptron-gui-session", "version": 1, '
        '"points": [[3, 3], [4, 3], [1, 1]], "labels": [1, 1, -1], '
        f'"settings": {settings_json}}}'
    )


# --------------------------------------------------------------------------- 3: huge integers


@pytest.mark.parametrize("command", ["trace", "bound"])
@pytest.mark.parametrize(
    ("key", "settings"),
    [
        ("eta", f'{{"eta": {HUGE_INT}}}'),
        ("b0", f'{{"b0": -{HUGE_INT}}}'),
        ("w0", f'{{"w0": [0, {HUGE_INT}]}}'),
    ],
)
def test_setting_too_large_for_a_float_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, key: str, settings: str
) -> None:
    p = tmp_path / "huge.json"
    p.write_text(session_text(settings))
    code, out, err = run(capsys, command, str(p))
    assert (code, out) == (2, "")
    assert_one_error_line(err, f"{p}: ", f"setting {key} is a number too large for a float")


# --------------------------------------------------------------------------- 4: negative seed


def test_generate_refuses_a_negative_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "x.csv"
    code, out, err = run(capsys, "generate", "separable", "--seed", "-1", "-o", str(p))
    assert (code, out) == (2, "")
    assert_one_error_line(err, "seed must be a whole number >= 0, got -1")
    assert not p.exists()
    with pytest.raises(DataError, match="seed"):
        generate("xor", 10, seed=-5)
    assert generate("xor", 10, seed=0).n == generate("xor", 10, seed=0).n  # 0 is fine


# --------------------------------------------------------------------------- 5: ASCII stdout


@pytest.mark.long
@pytest.mark.parametrize("command", ["trace", "bound"])
def test_ascii_stdout_and_a_non_ascii_file_name(tmp_path: Path, command: str) -> None:
    p = tmp_path / "é.csv"
    p.write_text(EXAMPLE_CSV)
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    r = python_m(command, str(p), env=env)
    assert r.returncode == 0, r.stderr
    assert r.stderr == b""
    text = r.stdout.decode("ascii")  # every byte is ASCII
    assert "\\xe9.csv" in text
    assert "D/gamma" in text  # the lecture's symbols in words, as before
    # Errors naming such a file reach an ASCII stderr too.
    r = python_m("trace", str(p), "--eta", "1e308", env=env)
    assert r.returncode == 2 and r.stdout == b""
    assert_one_error_line(r.stderr.decode("ascii"), "\\xe9.csv", "eta = 1e+308")


def test_ascii_stdout_in_process(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "é.csv"
    p.write_text(EXAMPLE_CSV)
    buf = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", buf)
    assert cli.main(["trace", str(p)]) == 0
    assert buf.errors == "strict"  # put back as it was
    buf.flush()
    raw = buf.buffer
    assert isinstance(raw, io.BytesIO)
    assert "from " + str(p).replace("é", "\\xe9") in raw.getvalue().decode("ascii")


# --------------------------------------------------------------------------- 6: endless files


@pytest.mark.long
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("command", ["trace", "bound"])
def test_a_device_is_refused_at_once(command: str) -> None:
    r = python_m(command, "/dev/zero")  # before the fix: read forever (the timeout fails it)
    assert r.returncode == 2 and r.stdout == b""
    assert_one_error_line(r.stderr.decode(), "/dev/zero: not a regular file")


def test_no_line_break_is_refused_while_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pio_files, "_READ_BYTES", 1000)
    monkeypatch.setattr(pio_files, "_LINE_BYTES", 4000)
    p = tmp_path / "long.csv"
    p.write_text("1" * 10_000)
    reads = []
    job = pio.iter_load_file(p)
    with pytest.raises(DataError, match="no line break in the first") as err:
        while True:
            reads.append(next(job))
    assert err.value.source == str(p)
    assert len(reads) < 5  # it stopped reading at 4000 bytes, not at the end
    # A session may be one long line: it is read as before.
    s = tmp_path / "one_line.json"
    s.write_text(session_text('{"mode": "dual"}').replace("]", " " * 3000 + "]"))
    assert pio.load_file(s).data.n == 3


def test_a_file_beyond_max_bytes_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pio_files, "_READ_BYTES", 100)
    monkeypatch.setattr(pio_files, "MAX_BYTES", 1000)
    p = tmp_path / "big.csv"
    p.write_text("1,2,1\n" * 200)
    with pytest.raises(DataError, match="larger than"):
        pio.load_file(p)
    p.write_text("1,2,1\n" * 100)
    assert pio.load_file(p).data.n == 100


def test_binary_stops_reading_at_the_first_bad_piece(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pio_files, "_READ_BYTES", 10)
    p = tmp_path / "bin.csv"
    p.write_bytes(b"\x00" * 1000)
    job = pio.iter_load_file(p)
    steps = 0
    with pytest.raises(DataError, match="not a text file"):
        while True:
            next(job)
            steps += 1
    assert steps <= 1


# --------------------------------------------------------------------------- 7: too large η, w0


def test_eta_too_large_in_a_session_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "eta.json"
    p.write_text(session_text('{"eta": 1e308}'))
    code, out, err = run(capsys, "trace", str(p))
    assert (code, out) == (2, "")
    assert_one_error_line(err, f"{p}: ", "η = 1e+308 is too large", "the session's eta")


def test_eta_too_large_on_the_command_line_names_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "d.csv"
    p.write_text(EXAMPLE_CSV)
    code, out, err = run(capsys, "trace", str(p), "--eta", "1e308")
    assert (code, out) == (2, "")
    assert_one_error_line(err, f"{p}: ", "η = 1e+308 is too large", "(--eta)")


@pytest.mark.parametrize(
    ("settings", "shown"),
    [
        # Refused only when a score really overflows (issue 7, edge case 1): initial
        # weights such as 1e300 on these points give finite scores and train.
        ('{"w0": [1e308, 0]}', "w0 = (1e+308, 0), b0 = 0"),
        ('{"w0": [1e308, -1e308]}', "w0 = (1e+308, -1e+308)"),  # inf - inf: NaN
        ('{"w0": [1e308, 0], "mode": "pocket"}', "w0 = (1e+308, 0)"),
    ],
)
def test_initial_weights_too_large_blame_the_initial_weights(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, settings: str, shown: str
) -> None:
    # pytest turns warnings into errors: the numpy overflow warnings of before fail here.
    p = tmp_path / "w0.json"
    p.write_text(session_text(settings))
    code, out, err = run(capsys, "trace", str(p))
    assert (code, out) == (2, "")
    assert_one_error_line(err, f"{p}: ", "initial weights", shown, "overflow")
    assert "η" not in err


def test_initial_weights_too_large_subprocess_no_warnings(tmp_path: Path) -> None:
    p = tmp_path / "w0.json"
    p.write_text(session_text('{"w0": [1e308, 0]}'))
    r = python_m("trace", str(p))
    assert r.returncode == 2 and r.stdout == b""
    assert_one_error_line(r.stderr.decode(), str(p), "initial weights")


def test_large_but_safe_initial_weights_still_train(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "w0.json"
    p.write_text(session_text('{"w0": [1e290, 1e290], "b0": -1e290}'))
    code, out, err = run(capsys, "trace", str(p), "--json", "--max-updates", "5")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["mistakes"] == 5 and doc["updates"][0]["index"] == 2  # x3 is wrong first


# --------------------------------------------------------------------------- 8: bad flags


BAD_FLAGS = [
    (["trace", "d.csv", "--mode", "foo"], "argument --mode: invalid choice: 'foo'", "trace"),
    (["trace", "d.csv", "--order", "sideways"], "argument --order: invalid choice", "trace"),
    (["trace", "d.csv", "--max-updates", "abc"], "invalid int value: 'abc'", "trace"),
    (["trace"], "the following arguments are required: DATA", "trace"),
    (["bound", "d.csv", "--frob"], "unrecognized arguments: --frob", ""),
    (["frobnicate"], "invalid choice: 'frobnicate'", ""),
    ([], "the following arguments are required: COMMAND", ""),
    (["generate", "xor"], "the following arguments are required: -o/--output", "generate"),
]


@pytest.mark.parametrize(("argv", "part", "sub"), BAD_FLAGS)
def test_bad_flags_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], part: str, sub: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert_one_error_line(err, part, f"(see perceptron{' ' + sub if sub else ''} --help)")
    assert "usage:" not in err


def test_bad_flag_is_one_line_in_a_subprocess() -> None:
    r = python_m("trace", "d.csv", "--mode", "foo")
    assert r.returncode == 2 and r.stdout == b""
    assert_one_error_line(r.stderr.decode(), "--mode")


def test_help_is_still_whole(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "trace", "--help")
    assert code == 0 and out.startswith("usage: perceptron trace") and "--max-updates" in out


def test_overflow_from_a_start_near_the_limit_names_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The start's scores are finite (6e307), but the first update's would not be.
    p = tmp_path / "near.json"
    p.write_text(session_text('{"w0": [1e307, 1e307], "eta": 1e307}'))
    code, out, err = run(capsys, "trace", str(p))
    assert (code, out) == (2, "")
    assert_one_error_line(
        err,
        f"{p}: the weights would overflow after ",
        "η = 1e+307 is too large for these points (the session's eta), "
        "or the initial weights w0 = (1e+307, 1e+307), b0 = 0 are",
    )

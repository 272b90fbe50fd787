"""The ``perceptron`` command: its output, its exit codes and every refusal (no Qt here)."""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import generate, novikoff, train
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.io import load_file, write_session

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE_CSV = "x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"
EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1.0, 1.0, -1.0]
# The worked example of ALGORITHMS.md, by hand: (point, w, b) after each update.
EX_TABLE = [
    (0, (3, 3), 1),
    (2, (2, 2), 0),
    (2, (1, 1), -1),
    (2, (0, 0), -2),
    (0, (3, 3), -1),
    (2, (2, 2), -2),
    (2, (1, 1), -3),
]
TRACE_KEYS = [
    "mode",
    "order",
    "eta",
    "bias",
    "n_points",
    "converged",
    "mistakes",
    "w",
    "b",
    "alpha",
    "updates",
    "pocket",
    "D",
    "gamma",
    "separable",
    "bound",
    "bound_rule",
    "bound_note",
]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """main(argv) in this process: (exit status, stdout, stderr)."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert out.count("\n") == 1  # one object on one line
    doc: dict[str, Any] = json.loads(out)
    return doc


@pytest.fixture
def example(tmp_path: Path) -> Path:
    p = tmp_path / "example.csv"
    p.write_text(EXAMPLE_CSV)
    return p


@pytest.fixture
def noisy(tmp_path: Path) -> Path:
    p = tmp_path / "noisy.csv"
    assert cli.main(["generate", "noisy", "--n", "60", "--noise", "0.2", "-o", str(p)]) == 0
    return p


def assert_one_error_line(err: str, *parts: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("perceptron: error: "), err
    assert "Traceback" not in err
    for part in parts:
        assert part in lines[0], (part, err)


# --------------------------------------------------------------------------- trace


def test_worked_example_json(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    doc = run_json(capsys, "trace", str(example))
    assert list(doc) == TRACE_KEYS
    assert [u["index"] for u in doc["updates"]] == [0, 2, 2, 2, 0, 2, 2]
    assert [u["k"] for u in doc["updates"]] == list(range(1, 8))
    assert [(u["index"], tuple(u["w"]), u["b"]) for u in doc["updates"]] == EX_TABLE
    assert doc["w"] == [1.0, 1.0] and doc["b"] == -3.0
    assert doc["converged"] is True and doc["mistakes"] == 7
    assert doc["mode"] == "primal" and doc["order"] == "cyclic"
    assert doc["eta"] == 1.0 and doc["bias"] is True and doc["n_points"] == 3
    assert doc["alpha"] is None and doc["pocket"] is None
    assert doc["D"] == pytest.approx(math.sqrt(26), rel=1e-12)
    assert doc["gamma"] == pytest.approx(math.sqrt(2) / 3, rel=1e-12)
    assert doc["bound"] == pytest.approx(117, rel=1e-12)
    assert doc["separable"] is True


def test_worked_example_dual_json(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    doc = run_json(capsys, "trace", str(example), "--mode", "dual")
    assert doc["alpha"] == [2.0, 0.0, 5.0]
    assert doc["w"] == [1.0, 1.0] and doc["b"] == -3.0
    assert [u["index"] for u in doc["updates"]] == [0, 2, 2, 2, 0, 2, 2]


def test_json_is_exact_and_matches_the_api(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = generate("separable", 300, margin=0.01, seed=4)
    p = tmp_path / "d.csv"
    assert cli.main(["generate", "separable", "--n", "300", "--margin", "0.01", "--seed", "4",
                     "-o", str(p)]) == 0  # fmt: skip
    capsys.readouterr()
    doc = run_json(capsys, "trace", str(p), "--order", "random-cyclic", "--seed", "9")
    r = train(data.points, data.labels, order="random-cyclic", seed=9)
    expected = r.to_dict()
    assert {k: doc[k] for k in expected} == expected  # floats compare exactly
    b = novikoff(data).to_dict()
    assert (doc["D"], doc["gamma"], doc["bound"]) == (b["D"], b["gamma"], b["bound"])


def test_worked_example_text_table(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, err = run(capsys, "trace", str(example))
    assert code == 0 and err == ""
    lines = out.splitlines()
    header = next(ln for ln in lines if ln.split()[:2] == ["k", "point"])
    assert header.split() == ["k", "point", "x", "y", "w", "b"]
    pts = ["(3, 3)", "(4, 3)", "(1, 1)"]
    for k, (i, w, b) in enumerate(EX_TABLE, start=1):
        label = "-1" if i == 2 else "+1"
        row = rf"^\s*{k}\s+x{i + 1}\s+{re.escape(pts[i])}\s+{re.escape(label)}\s+"
        row += rf"\({w[0]}, {w[1]}\)\s+{b}$"
        assert re.search(row, out, re.M), row
    assert "w = (1, 1), b = -3: x⁽¹⁾ + x⁽²⁾ − 3 = 0" in lines
    assert any(ln.startswith("converged") for ln in lines)
    assert "mistakes: k = 7" in lines
    assert "D = 5.09902" in lines
    assert "γ = 0.471405" in lines
    assert "k = 7 <= (D/γ)² = 117" in lines
    table = out.split("\n\n")[1]
    assert not re.search(r"\d\.0\b", table)  # integers print as integers


def test_dual_text_shows_alpha_rows_and_gram(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    """Table 2.2's columns α1, α2, α3 (issue 28: a tuple column "α" before)."""
    code, out, _ = run(capsys, "trace", str(example), "--mode", "dual")
    assert code == 0
    header = next(ln for ln in out.splitlines() if ln.split()[:2] == ["k", "point"])
    assert header.split()[-3:] == ["α1", "α2", "α3"]
    assert re.search(r"^\s*1\s+x1\s.*\s1\s+0\s+0$", out, re.M)
    assert re.search(r"^\s*7\s+x3\s.*\s2\s+0\s+5$", out, re.M)
    assert "α = (2, 0, 5)" in out
    assert "Gram matrix" in out
    assert re.search(r"^\s+18\s+21\s+6$", out, re.M)


def test_dual_and_kernel_text_beyond_20_points_show_the_alpha_of_the_points_updated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "s.csv"
    cli.main(["generate", "separable", "--n", "30", "-o", str(p)])
    for extra in (["--mode", "dual"], ["--mode", "kernel", "--kernel", "rbf"]):
        code, out, _ = run(capsys, "trace", str(p), *extra)
        assert code == 0
        header = next(ln for ln in out.splitlines() if ln.split()[:2] == ["k", "point"])
        alphas = [h for h in header.split() if h.startswith("α")]
        m = re.search(r"^\(α of the (\d+) points updated, of 30; every other α is 0\)$", out, re.M)
        assert m and len(alphas) == int(m.group(1)) and 0 < len(alphas) < 30
        assert "Gram" not in out and "α0" not in out


def test_pocket_json_and_text(capsys: pytest.CaptureFixture[str], noisy: Path) -> None:
    capsys.readouterr()
    doc = run_json(capsys, "trace", str(noisy), "--mode", "pocket", "--max-updates", "300")
    assert set(doc["pocket"]) == {"w", "b", "errors"}
    assert isinstance(doc["pocket"]["errors"], int)
    data = load_file(noisy).data
    r = train(data.points, data.labels, mode="pocket", max_updates=300)
    assert r.pocket_w is not None
    assert doc["pocket"] == {"w": list(r.pocket_w), "b": r.pocket_b, "errors": r.pocket_errors}
    assert doc["separable"] is False and doc["bound"] is None
    assert doc["order"] == "cyclic"  # the normal default, also for pocket

    code, out, _ = run(capsys, "trace", str(noisy), "--mode", "pocket", "--max-updates", "300")
    assert code == 0
    assert f"({r.pocket_errors} of 60 points misclassified)" in out
    assert "last weights: w = " in out
    assert "not linearly separable: the theorem gives no bound" in out


def test_non_converged_primal_hints_pocket(capsys: pytest.CaptureFixture[str], noisy: Path) -> None:
    capsys.readouterr()
    code, out, _ = run(capsys, "trace", str(noisy), "--max-updates", "100")
    assert code == 0
    assert "not converged: stopped at the update limit (100 updates)" in out
    assert "the data may not be linearly separable: try --mode pocket" in out
    assert "not linearly separable: the theorem gives no bound" in out


def test_long_runs_are_cut_unless_all(capsys: pytest.CaptureFixture[str], noisy: Path) -> None:
    capsys.readouterr()
    row = re.compile(r"^\s*\d+\s+x\d+\s+\(")
    code, out, _ = run(capsys, "trace", str(noisy), "--max-updates", "100")
    rows = [ln for ln in out.splitlines() if row.match(ln)]
    assert len(rows) == 60
    assert "... 40 more updates ..." in out
    assert rows[49].split()[0] == "50" and rows[50].split()[0] == "91"
    code, out, _ = run(capsys, "trace", str(noisy), "--max-updates", "100", "--all")
    assert len([ln for ln in out.splitlines() if row.match(ln)]) == 100
    assert "more updates" not in out


def test_options(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    doc = run_json(capsys, "trace", str(example), "--eta", "0.5", "--order", "first")
    assert doc["eta"] == 0.5 and doc["order"] == "first"
    assert doc["w"] == [0.5, 0.5] and doc["b"] == -1.5  # η scales the line only
    doc = run_json(capsys, "trace", str(example), "--no-bias", "--max-updates", "1000")
    assert doc["bias"] is False and doc["b"] == 0.0
    assert doc["separable"] is False and doc["bound"] is None  # no line through 0 works
    assert doc["converged"] is False and doc["mistakes"] == 1000
    doc = run_json(capsys, "trace", str(example), "--max-epochs", "1")
    assert doc["converged"] is False and doc["mistakes"] == 2
    doc = run_json(capsys, "trace", str(example), "--order", "random", "--seed", "5")
    assert doc["converged"] is True and doc["order"] == "random"


def test_session_settings_are_defaults_and_options_override(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "s.json"
    data = generate("example")
    write_session(p, data, TrainConfig(mode="dual", eta=0.5, order="first", max_updates=3))
    doc = run_json(capsys, "trace", str(p))
    assert (doc["mode"], doc["eta"], doc["order"]) == ("dual", 0.5, "first")
    assert doc["mistakes"] == 3 and doc["converged"] is False
    doc = run_json(capsys, "trace", str(p), "--mode", "primal", "--eta", "2", "--max-updates", "50")
    assert (doc["mode"], doc["eta"], doc["order"]) == ("primal", 2.0, "first")
    assert doc["converged"] is True and doc["w"] == [2.0, 2.0] and doc["b"] == -6.0

    # Not separable without the bias: the session's small update limit ends the run (the
    # default 10^6 would be ~20 s on the numpy path, and prove nothing more).
    write_session(p, data, TrainConfig(bias=False, max_updates=40))
    doc = run_json(capsys, "trace", str(p))
    assert doc["bias"] is False and doc["mistakes"] == 40 and doc["converged"] is False
    doc = run_json(capsys, "trace", str(p), "--bias")
    assert doc["bias"] is True and doc["converged"] is True
    assert run_json(capsys, "bound", str(p))["separable"] is False  # the session's bias: off
    assert run_json(capsys, "bound", str(p), "--bias")["separable"] is True


def test_session_start_weights_are_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "s.json"
    write_session(p, generate("example"), TrainConfig(w0=(1.0, 0.0), b0=-1.0))
    code, out, _ = run(capsys, "trace", str(p))
    assert code == 0
    assert "start: w = (1, 0), b = -1" in out
    assert "(the theorem assumes the start w = 0, b = 0)" in out


def test_zero_one_labels_note_goes_to_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "z.csv"
    p.write_text("3,3,1\n4,3,1\n1,1,0\n")
    code, out, err = run(capsys, "trace", str(p), "--json")
    assert code == 0
    assert err == "note: labels 0/1 read as -1/+1\n"
    assert json.loads(out)["w"] == [1.0, 1.0]


# --------------------------------------------------------------------------- bound


def test_bound_json(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    doc = run_json(capsys, "bound", str(example))
    assert list(doc) == ["D", "gamma", "bound", "separable", "direction"]
    assert doc["D"] == pytest.approx(math.sqrt(26), rel=1e-12)
    assert doc["gamma"] == pytest.approx(math.sqrt(2) / 3, rel=1e-12)
    assert doc["bound"] == pytest.approx(117, rel=1e-12)
    assert doc["separable"] is True
    u = np.array([1.0, 1.0, -4.0]) / math.sqrt(18)
    assert doc["direction"] == pytest.approx(u.tolist(), rel=1e-12)
    doc = run_json(capsys, "bound", str(example), "--no-bias")
    assert doc["separable"] is False and doc["bound"] is None and doc["gamma"] == 0.0
    assert doc["D"] == 5.0 and doc["direction"] == [0.0, 0.0]


def test_bound_text(capsys: pytest.CaptureFixture[str], example: Path, noisy: Path) -> None:
    code, out, err = run(capsys, "bound", str(example))
    assert code == 0 and err == ""
    assert "D = max ||x̂_i|| = 5.09902" in out
    assert "(D/γ)² = 117" in out
    assert "best line's geometric margin in the plane (not γ): 1.41421" in out
    code, out, _ = run(capsys, "bound", str(noisy))
    assert "not linearly separable: the theorem gives no bound" in out
    assert "(not γ): none (no line separates the classes)" in out


# --------------------------------------------------------------------------- generate


@pytest.mark.parametrize("suffix", [".csv", ".json"])
def test_generate_then_trace(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    p = tmp_path / f"g{suffix}"
    code, out, err = run(
        capsys, "generate", "separable", "--n", "80", "--margin", "0.2", "--seed", "7", "-o", str(p)
    )
    assert code == 0 and err == ""
    assert out.count("\n") == 1 and "wrote 80 points" in out and str(p) in out
    loaded = load_file(p)
    assert loaded.data == generate("separable", 80, margin=0.2, seed=7)  # bit-exact
    assert (loaded.config is None) == (suffix == ".csv")
    doc = run_json(capsys, "trace", str(p))
    assert doc["converged"] is True and doc["separable"] is True
    assert doc["mistakes"] <= doc["bound"]


@pytest.mark.parametrize(
    ("argv", "part"),
    [
        (["nope"], "unknown kind 'nope'"),
        (["separable", "--n", "0"], "n must be at least 1"),
        (["separable", "--margin", "9"], "margin must be in"),
        (["noisy", "--noise", "2"], "noise must be in [0, 1]"),
        (["separable", "--margin", "nan"], "margin must be in"),
    ],
)
def test_generate_bad_arguments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], part: str
) -> None:
    p = tmp_path / "x.csv"
    code, out, err = run(capsys, "generate", *argv, "-o", str(p))
    assert code == 2 and out == ""
    assert_one_error_line(err, part)
    assert not p.exists()


def test_generate_to_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = tmp_path / "no" / "such" / "x.csv"
    code, _, err = run(capsys, "generate", "xor", "-o", str(p))
    assert code == 2
    assert_one_error_line(err, str(p), "cannot write")


# --------------------------------------------------------------------------- refusals

BAD_FILES = [
    # name, contents, the line named (None: no line)
    ("empty.csv", b"", None),
    ("header_only.csv", b"x1,x2,y\n", None),
    ("nan.csv", b"x1,x2,y\n1,2,1\nnan,2,-1\n", 3),
    ("inf.csv", b"x1,x2,y\n1,2,1\n3,inf,-1\n", 3),
    ("label2.csv", b"1,2,1\n3,4,2\n", 2),
    ("text.csv", b"1,2,1\n3,abc,-1\n", 2),
    ("column.csv", b"1,2,1\n3,-1\n", 2),
    ("huge.csv", b"1,2,1\n1e400,3,-1\n", 2),
    ("binary.csv", bytes(range(256)) * 4, None),
    ("latin1.csv", "1,2,1\n3,4,-1 # \xe9\n".encode("latin-1"), None),
    ("truncated.json", b'{"format": "perceptron-gui-session", "version": 1,\n"points": [', 2),
    ("notjson.json", b'{"format": perceptron}', 1),
    ("list.json", b"[1, 2, 3]", None),
    ("other.json", b'{"format": "something-else", "version": 1}', None),
    (
        "badsettings.json",
        b'{"format": "perceptron-gui-session", "version": 1, "points": [[1, 2]],'
        b' "labels": [1], "settings": {"eta": -1}}',
        None,
    ),
    (
        "nan.json",
        b'{"format": "perceptron-gui-session", "version": 1, "points": [[NaN, 2]],'
        b' "labels": [1], "settings": {}}',
        None,
    ),
    (
        "empty_session.json",
        b'{"format": "perceptron-gui-session", "version": 1, "points": [],'
        b' "labels": [], "settings": {}}',
        None,
    ),
]


@pytest.mark.parametrize("command", ["trace", "bound"])
@pytest.mark.parametrize(("name", "contents", "line"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_files(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    name: str,
    contents: bytes,
    line: int | None,
) -> None:
    p = tmp_path / name
    p.write_bytes(contents)
    code, out, err = run(capsys, command, str(p))
    assert code == 2 and out == ""
    parts = [str(p)] if line is None else [f"{p}, line {line}: "]
    assert_one_error_line(err, *parts)


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = tmp_path / "missing.csv"
    code, out, err = run(capsys, "trace", str(p))
    assert code == 2 and out == ""
    assert_one_error_line(err, str(p), "No such file")


def test_a_folder_is_not_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "bound", str(tmp_path))
    assert code == 2
    assert_one_error_line(err, str(tmp_path))


@pytest.mark.parametrize(
    ("argv", "part"),
    [
        (["--eta", "0"], "--eta: η must be a finite number > 0"),
        (["--eta", "-1"], "--eta: η must be a finite number > 0"),
        (["--eta", "nan"], "--eta: η must be a finite number > 0, not nan"),
        (["--eta", "inf"], "--eta: η must be a finite number > 0"),
        (["--max-updates", "-1"], "--max-updates: max_updates must be a whole number >= 0"),
        (["--max-epochs", "-2"], "--max-epochs: max_epochs must be a whole number >= 0"),
        (["--seed", "-1"], "--seed: seed must be a whole number >= 0"),
    ],
)
def test_bad_settings(
    capsys: pytest.CaptureFixture[str], example: Path, argv: list[str], part: str
) -> None:
    code, out, err = run(capsys, "trace", str(example), *argv)
    assert code == 2 and out == ""
    assert_one_error_line(err, part)


def test_bad_settings_come_before_notes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    p = tmp_path / "z.csv"
    p.write_text("3,3,1\n1,1,0\n")
    code, _, err = run(capsys, "trace", str(p), "--eta", "0")
    assert code == 2
    assert_one_error_line(err, "--eta")


def test_weights_that_overflow_are_an_error(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    code, out, err = run(capsys, "trace", str(example), "--eta", "1e308", "--max-updates", "50")
    assert code == 2 and out == ""
    assert_one_error_line(err, "would overflow", "η = 1e+308 is too large")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["trace"],
        ["trace", "x.csv", "--mode", "primel"],
        ["trace", "x.csv", "--order", "backwards"],
        ["trace", "x.csv", "--eta", "fast"],
        ["trace", "x.csv", "--max-updates", "1e3"],
        ["generate", "separable"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "error:" in err and "Traceback" not in err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "trace" in out and "bound" in out and "generate" in out
    code, out, _ = run(capsys, "trace", "--help")
    assert code == 0 and "--max-updates" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("perceptron ")


def test_interrupt_and_internal_error(
    capsys: pytest.CaptureFixture[str], example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(path: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "load_file", interrupted)
    assert run(capsys, "trace", str(example)) == (130, "", "")

    def broken(path: object) -> None:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr(cli, "load_file", broken)
    code, out, err = run(capsys, "bound", str(example))
    assert code == 3 and out == ""
    assert err == "perceptron: internal error: RuntimeError: a bug over two lines\n"


def test_ascii_fallback_for_a_narrow_console() -> None:
    import io

    buf = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    out = cli._Out(buf)
    out("k = 7 <= (D/γ)² = 117; η = 1; α = (2, 0, 5); 1·x1; x̂_i")
    buf.flush()
    raw = buf.buffer
    assert isinstance(raw, io.BytesIO)
    text = raw.getvalue().decode("cp1252")
    assert text == "k = 7 <= (D/gamma)^2 = 117; eta = 1; alpha = (2, 0, 5); 1*x1; xh_i\n"


def test_number_format() -> None:
    assert [cli.fmt(v) for v in (3.0, -3.0, 0.0, -0.0, 117.0, 0.1, 1 / 3, 1e20, 2.5e-7)] == [
        "3",
        "-3",
        "0",
        "0",
        "117",
        "0.1",
        "0.333333",
        "1e+20",
        "2.5e-07",
    ]
    assert cli.equation((1.0, -2.0), 0.5, True) == "x⁽¹⁾ − 2x⁽²⁾ + 0.5 = 0"
    assert cli.equation((1.0, 1.0), -3.0, False) == "x⁽¹⁾ + x⁽²⁾ = 0"
    assert cli.equation((-1.0, 1.0), -3.0, True) == "−x⁽¹⁾ + x⁽²⁾ − 3 = 0"
    assert cli.equation((0.0, 0.0), 1.0, True) == "no line (w = 0)"


# --------------------------------------------------------------------------- real processes


def python_m(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "perceptron_gui.core", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def test_subprocess_worked_example(example: Path) -> None:
    r = python_m("trace", str(example), "--json")
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    assert json.loads(r.stdout)["bound"] == 117.0


@pytest.mark.long
@pytest.mark.parametrize(
    ("name", "contents", "argv"),
    [
        ("bad.csv", b"1,2,1\n3,abc,-1\n", ["trace"]),
        ("bin.csv", b"\x00\x01\x02", ["bound", "--json"]),
        ("bad.json", b"{", ["trace", "--json"]),
    ],
)
def test_subprocess_bad_input_exit_2_one_line(
    tmp_path: Path, name: str, contents: bytes, argv: list[str]
) -> None:
    # Each kind of file's message through a real process's stderr, each command once (both
    # commands with every bad file: test_bad_files, in this process; it was 6 processes).
    p = tmp_path / name
    p.write_bytes(contents)
    r = python_m(argv[0], str(p), *argv[1:])
    assert r.returncode == 2 and r.stdout == ""
    assert_one_error_line(r.stderr, str(p))


@pytest.mark.long
def test_subprocess_missing_file_and_usage(tmp_path: Path) -> None:
    r = python_m("trace", str(tmp_path / "missing.csv"))
    assert r.returncode == 2
    assert_one_error_line(r.stderr, "missing.csv")
    r = python_m("trace", "--eta")
    assert r.returncode == 2 and "Traceback" not in r.stderr


@pytest.mark.long
def test_subprocess_closed_pipe_is_quiet(tmp_path: Path) -> None:
    p = tmp_path / "noisy.csv"
    assert cli.main(["generate", "noisy", "--n", "100", "-o", str(p)]) == 0
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    unbuffered = {**buffered, "PYTHONUNBUFFERED": "1"}
    for extra, env in itertools.product((["--all"], ["--json"]), (buffered, unbuffered)):
        proc = subprocess.Popen(
            # (4000 updates: 0.2-0.3 MB of output, 3-4 times a Linux pipe's 64 KB, so the
            # child is still writing when the pipe closes; 30000 cost 2 s more of CPU)
            [sys.executable, "-m", "perceptron_gui.core", "trace", str(p)]
            + ["--max-updates", "4000", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(10)  # like `| head -c 10`
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.stderr.close()
        assert proc.wait(timeout=120) == cli.EXIT_BROKEN_PIPE
        assert err == ""


def test_package_exports() -> None:
    import perceptron_gui.core as core

    assert core.train is train and core.novikoff is novikoff
    for name in core.__all__:
        assert hasattr(core, name)


# --------------------------------------------------------------------------- the seam's CLI


def test_every_mode_is_accepted_and_pa_and_margin_count_updates_and_mistakes_apart(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    from perceptron_gui.core.config import MODES

    for mode in MODES:
        code, out, err = run(capsys, "trace", str(example), "--mode", mode, "--C", "2")
        assert code == 0 and err == "", (mode, err)
        r = train([[3, 3], [4, 3], [1, 1]], [1, 1, -1], mode=mode, C=2.0)
        if mode in ("pa", "margin"):
            assert f"updates: {len(r.updates)} (" in out
            assert f"mistakes: {r.mistakes} (" in out
            assert len(r.updates) != r.mistakes
        assert not re.search(r"\bx0\b|α_?0\b", out), out  # points are named from 1


def test_margin_mode_on_the_command_line(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, _ = run(capsys, "trace", str(example), "--mode", "margin", "--margin", "1")
    assert code == 0
    r = train([[3, 3], [4, 3], [1, 1]], [1, 1, -1], mode="margin", margin=1.0)
    assert "margin form, margin = 1," in out
    assert f"updates k = {len(r.updates)} <= (D² + 2·margin/η)/γ² = 126" in out
    doc = run_json(capsys, "trace", str(example), "--mode", "margin", "--margin", "1")
    assert doc["bound"] == pytest.approx(126.0) and doc["bound_rule"] == "(D² + 2·margin/η)/γ²"
    assert doc["mistakes"] == r.mistakes and doc["updates_made"] == len(r.updates)


def test_the_json_bound_is_the_text_s(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    for mode, value in (("primal", 117.0), ("batch", 351.0), ("pa", None)):
        doc = run_json(capsys, "trace", str(example), "--mode", mode)
        code, out, _ = run(capsys, "trace", str(example), "--mode", mode)
        if value is None:
            assert doc["bound"] is None and "no bound" in out
        else:
            assert doc["bound"] == pytest.approx(value) and f"= {value:g}" in out


def test_kernel_json_has_no_w(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    doc = run_json(capsys, "trace", str(example), "--mode", "kernel")
    assert doc["w"] is None and doc["alpha"] is not None
    assert train([[3, 3], [4, 3], [1, 1]], [1, 1, -1], mode="kernel").w is None


def test_batch_rows_name_the_points_summed(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    code, out, _ = run(capsys, "trace", str(example), "--mode", "batch")
    assert re.search(r"^\s*1\s+3\s+x1 x2 x3\s+\(6, 5\)\s+1$", out, re.M), out
    assert "batch steps: t = 12 (15 points summed)" in out


def test_digits(capsys: pytest.CaptureFixture[str], noisy: Path) -> None:
    code, out, _ = run(capsys, "trace", str(noisy), "--mode", "pa", "--max-updates", "5")
    nums = re.findall(r"-?\d+\.\d+(?:e-?\d+)?", out)
    assert nums and all(
        len(n.lstrip("-").replace(".", "").split("e")[0].lstrip("0")) <= 6 for n in nums
    )
    code, out9, _ = run(
        capsys, "trace", str(noisy), "--mode", "pa", "--max-updates", "5", "--digits", "9"
    )
    assert max(len(n) for n in re.findall(r"\d+\.\d+", out9)) > max(len(n) for n in nums)
    code, _, err = run(capsys, "trace", str(noisy), "--digits", "0")
    assert code == 2 and "--digits" in err


@pytest.mark.parametrize("fmt", ["markdown", "csv", "latex"])
def test_tables_have_six_significant_digits_unless_digits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    X = [[0.123456789012, 1.0], [-1.0, 0.3333333333333]]
    path = tmp_path / "d.csv"
    rows = "".join(f"{a!r},{b!r},{y}\n" for (a, b), y in zip(X, (1, -1), strict=True))
    path.write_text("x1,x2,y\n" + rows)

    def longest(argv: list[str]) -> int:
        assert cli.main(["trace", str(path), "--format", fmt, *argv]) == 0
        out = capsys.readouterr().out
        return max(len(m.replace(".", "").lstrip("0")) for m in re.findall(r"\d+\.\d+", out))

    assert longest([]) <= 6  # 0.123457, 0.333333
    assert longest(["--digits", "12"]) == 12  # 0.123456789012


def test_verbose_says_which_loop_ran(
    capsys: pytest.CaptureFixture[str], example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "trace", str(example), "--mode", "batch", "--verbose")
    assert code == 0 and "note: loop: numpy: this mode has no compiled step" in err, err
    code, _, err = run(capsys, "trace", str(example), "--mode", "margin", "--order", "random", "-v")
    assert code == 0 and "note: loop: numpy: no compiled loop for this order" in err, err
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    code, _, err = run(capsys, "trace", str(example), "--mode", "averaged", "-v")
    assert code == 0 and "note: loop: numpy: numba is not installed, or" in err, err
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    code, _, err = run(capsys, "trace", str(example), "--mode", "pa", "-v")  # warmed up
    assert code == 0 and "note: loop: compiled (rule 'pa')" in err, err
    code, _, err = run(capsys, "trace", str(example), "--mode", "pa")
    assert code == 0 and "loop" not in err, err

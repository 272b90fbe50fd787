"""The sliced (generator) forms of the long computations agree with the plain ones.

`iter_load_file`, `iter_novikoff` and `iter_best_line_margin` let the window
stay responsive: they yield between slices of work. Here they must give the
very same results (bit for bit) and the very same errors as `load_file`,
`novikoff` and `best_line_margin`, really slice (more yields for more data),
and report progress that never goes back.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Generator
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_io import BINARY, CSV_REFUSALS, NO_POINTS, SESSION_REFUSALS, csv_texts, sample_data

from perceptron_gui.core import io as pio
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import csv_file as pio_csv
from perceptron_gui.core.io import files as pio_files
from perceptron_gui.core.io import session_v1 as pio_v1

# perceptron_gui.core re-exports the function novikoff under the module's name.
nv = importlib.import_module("perceptron_gui.core.novikoff")


def drive(job: Generator[Any, None, Any]) -> tuple[Any, list[Any]]:
    """Run a sliced job to its end: (its result, what it yielded)."""
    yielded = []
    while True:
        try:
            yielded.append(next(job))
        except StopIteration as stop:
            return stop.value, yielded


def loaded_key(loaded: pio.Loaded) -> tuple[Any, ...]:
    return (
        loaded.data.points.tobytes(),
        loaded.data.points.shape,
        loaded.data.labels.tobytes(),
        loaded.config,
        loaded.view,
        loaded.notes,
        loaded.source,
    )


def error_key(exc: DataError) -> tuple[Any, ...]:
    return (str(exc), exc.source, exc.line, exc.message)


def plain_outcome(path: Path | str) -> tuple[Any, ...]:
    try:
        return ("ok", *loaded_key(pio.load_file(path)))
    except DataError as exc:
        return ("error", *error_key(exc))


def sliced_outcome(path: Path | str, slice_rows: int = 50_000) -> tuple[Any, ...]:
    """The outcome of `iter_load_file`, checking its progress on the way."""
    job = pio.iter_load_file(path, slice_rows=slice_rows)
    progress: list[float] = []
    try:
        while True:
            progress.append(next(job))
    except StopIteration as stop:
        result: tuple[Any, ...] = ("ok", *loaded_key(stop.value))
    except DataError as exc:
        result = ("error", *error_key(exc))
    assert all(isinstance(f, float) and 0.0 <= f <= 1.0 for f in progress)
    assert progress == sorted(progress), "progress went back"
    return result


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return p


def check_same(path: Path | str, *slice_rows: int) -> tuple[Any, ...]:
    expected = plain_outcome(path)
    for rows in slice_rows or (1, 2, 50_000):
        assert sliced_outcome(path, rows) == expected, rows
    return expected


# --------------------------------------------------------------------------- files: errors


@pytest.mark.parametrize(("text", "line", "message"), CSV_REFUSALS)
def test_csv_refusals_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, line: int, message: str
) -> None:
    write(tmp_path, "data.csv", text)
    monkeypatch.chdir(tmp_path)
    outcome = check_same("data.csv")
    assert outcome == ("error", f"data.csv, line {line}: {message}", "data.csv", line, message)


@pytest.mark.parametrize("text", NO_POINTS)
def test_no_points_is_the_same(tmp_path: Path, text: str) -> None:
    assert check_same(write(tmp_path, "d.csv", text))[0] == "error"


@pytest.mark.parametrize("raw", BINARY)
def test_binary_files_are_the_same(tmp_path: Path, raw: bytes) -> None:
    assert check_same(write(tmp_path, "d.csv", raw))[1].endswith("not a text file")


@pytest.mark.parametrize(("text", "message"), SESSION_REFUSALS)
def test_session_refusals_are_the_same(tmp_path: Path, text: str, message: str) -> None:
    outcome = check_same(write(tmp_path, "session.json", text), 1)
    assert outcome[0] == "error"
    assert outcome[1].endswith(
        message.partition(": ")[2] if message.startswith("line ") else message
    )


def test_missing_file_and_folder_are_the_same(tmp_path: Path) -> None:
    assert "No such file" in check_same(tmp_path / "nope.csv")[1]
    assert "cannot read" in check_same(tmp_path)[1]


def test_slice_rows_must_be_positive(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="slice_rows"):
        next(pio.iter_load_file(write(tmp_path, "d.csv", "1,2,1\n"), slice_rows=0))


def test_bad_lines_in_later_slices_are_named(tmp_path: Path) -> None:
    good = "0.5,-0.25,1\n" * 3_000
    for bad, msg in [
        ("nan,1,1", "x1 is not finite: nan"),
        ("1,1", "expected 3 values (x1, x2, y), found 2"),
        ("1,1,0", "label 0 mixes 0/1 and -1/+1 labels (line 3 has -1); use one or the other"),
    ]:
        p = write(tmp_path, "d.csv", "x1,x2,y\n1,2,1\n1,2,-1\n" + good + bad + "\n" + good)
        outcome = check_same(p, 1_000, 2_999, 3_002, 50_000)
        assert outcome[1] == f"{p}, line 3004: {msg}"


@pytest.mark.parametrize("comments", [False, True])
def test_labels_mixed_across_slices_name_both_lines(tmp_path: Path, comments: bool) -> None:
    # The first -1 is in an early slice, the first 0 in a later one: the
    # message names both lines, however the slices fall.
    rows = ["1,2,1"] * 50 + ["1,2,-1"] + ["3,4,1"] * 500 + ["5,6,0"] + ["1,2,1"] * 10
    if comments:
        rows = [r for row in rows for r in (row, "# c", "")]
    p = write(tmp_path, "d.csv", "\n".join(rows) + "\n")
    minus, zero = (151, 1654) if comments else (51, 552)
    for rows_per_slice in (1, 7, 100, 1_000, 50_000):
        outcome = check_same(p, rows_per_slice)
        assert outcome[1] == (
            f"{p}, line {zero}: label 0 mixes 0/1 and -1/+1 labels "
            f"(line {minus} has -1); use one or the other"
        )


def test_line_by_line_slices_keep_line_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A non-breaking space defeats the vectorised parse, so these files are
    # read line by line, in slices of _SLOW_LINES lines.
    monkeypatch.setattr(pio_csv, "_SLOW_LINES", 3)
    text = "x1 x2 y\n" + "1\u00a02 1\n# c\n\n" * 20
    assert check_same(write(tmp_path, "ok.csv", text), 1, 4, 10)[0] == "ok"
    zero_one = write(tmp_path, "01.csv", text + "1 2 0\n")
    assert check_same(zero_one, 1, 4, 10)[6] == ("labels 0/1 read as -1/+1",)
    bad = write(tmp_path, "bad.csv", text + "1 2 -1\n1 x 1\n")
    assert check_same(bad, 1, 4, 10)[1] == f"{bad}, line 63: x2 is not a number: 'x'"
    mixed = write(tmp_path, "mixed.csv", text + "1 2 -1\n\n1\u00a02 0\n")
    assert check_same(mixed, 1, 4, 10)[1] == (
        f"{mixed}, line 64: label 0 mixes 0/1 and -1/+1 labels (line 62 has -1); "
        "use one or the other"
    )


def test_too_many_rows_is_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pio_csv, "MAX_ROWS", 5)
    ok = write(tmp_path, "ok.csv", "x1,x2,y\n" + "1,2,1\n# c\n\n" * 5)
    assert check_same(ok)[0] == "ok"
    big = write(tmp_path, "big.csv", "x1,x2,y\n" + "1,2,1\n" * 6)
    assert "too many rows: 6 points" in check_same(big)[1]


# --------------------------------------------------------------------------- files: results


@pytest.mark.parametrize("sep", [",", ";", "\t", " "])
def test_csv_and_session_round_trips_are_the_same(tmp_path: Path, sep: str) -> None:
    d = sample_data(300, seed=len(sep))
    csv = tmp_path / "d.csv"
    pio.write_csv(csv, d)
    csv_text = csv.read_text(encoding="utf-8").replace(",", sep)
    csv = write(tmp_path, "d.csv", "# made by hand\r\n" + csv_text.replace("\n", "\r\n"))
    session = tmp_path / "s.json"
    pio.write_session(session, d, TrainConfig(eta=0.5), {"zoom": [1.5, -0.0]})
    for path in (csv, session):
        outcome = check_same(path, 1, 17, 299, 300, 50_000)
        assert outcome[0] == "ok"
        assert outcome[1] == d.points.tobytes() and outcome[3] == d.labels.tobytes()


def test_01_labels_and_header_notes_are_the_same(tmp_path: Path) -> None:
    p = write(tmp_path, "d.csv", "x1,2,y\n" + "1,2,0\n3,4,1\n" * 10)
    outcome = check_same(p, 1, 3, 50_000)
    assert outcome[6] == ("line 1 ('x1,2,y') was read as a header", "labels 0/1 read as -1/+1")


def test_read_pieces_split_characters_and_bom(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Files are read and decoded _READ_BYTES at a time: a character or the BOM
    # split between pieces, or a NUL late in the file, change nothing.
    text = "\ufeff# é ü – 漢字\n" + "1.5,-2,1\n0.25,3.0,-1\n" * 5 + "# ✓\n"
    good = write(tmp_path, "u.csv", text)
    late_nul = write(tmp_path, "n.csv", text.encode("utf-8") + b"\x00")
    cut_char = write(tmp_path, "c.csv", text.encode("utf-8")[:-2])  # "✓" cut short
    expected = [plain_outcome(p) for p in (good, late_nul, cut_char)]
    assert expected[0][0] == "ok"
    assert expected[1][1].endswith("not a text file") and expected[2][1].endswith("not a text file")
    for size in (1, 2, 3, 5, 64):
        monkeypatch.setattr(pio_files, "_READ_BYTES", size)
        assert [sliced_outcome(p, 2) for p in (good, late_nul, cut_char)] == expected
        assert [plain_outcome(p) for p in (good, late_nul, cut_char)] == expected


@pytest.mark.parametrize("size", [1, 2, 3, 7])
def test_line_ends_are_normalised_in_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    # CRLF and CR become LF _COUNT_CHARS characters at a time; no piece splits a CRLF.
    texts = {
        "crlf": "x1,x2,y\r\n1,2,1\r\n\r\n3,4,-1\r\n",
        "cr": "x1,x2,y\r1,2,1\r3,4,-1\r",
        "lone_cr": "1,2,1\r\r\n3,4,1\n",
        "bom": "\ufeff\ufeff1,2,1\r\n",
    }
    paths = {k: write(tmp_path, f"{k}.csv", t) for k, t in texts.items()}
    expected = {k: plain_outcome(p) for k, p in paths.items()}
    assert expected["crlf"][0] == expected["cr"][0] == "ok"
    monkeypatch.setattr(pio_csv, "_COUNT_CHARS", size)
    for k, path in paths.items():
        assert sliced_outcome(path, 1) == expected[k], k
        assert plain_outcome(path) == expected[k], k
    for text in texts.values():
        whole = text.removeprefix("\ufeff").replace("\r\n", "\n")
        whole = whole if "\n" in whole else whole.replace("\r", "\n")
        assert drive(pio_csv._iter_normalise_newlines(text))[0] == whole


# 100 examples (300 before): the texts are csv_texts(), as in test_io's fast/slow check,
# which draws its own; a hunt for more is `--hypothesis-seed` or a larger budget away.
@pytest.mark.long
@settings(max_examples=100, deadline=None)
@given(csv_texts(), st.sampled_from([1, 2, 3]))
def test_any_csv_text_gives_the_same_outcome_in_slices(text: str, slice_rows: int) -> None:
    def outcome(rows: int | None) -> tuple[Any, ...]:
        try:
            if rows is None:
                loaded = pio.parse_csv_text(text, "t.csv")
            else:
                loaded = drive(pio_csv.iter_csv_text(text, "t.csv", rows))[0]
        except DataError as exc:
            return ("error", *error_key(exc))
        return ("ok", *loaded_key(loaded))

    assert outcome(slice_rows) == outcome(None)


# --------------------------------------------------------------------------- files: slicing


def big_csv(tmp_path: Path, n: int) -> Path:
    rng = np.random.default_rng(n)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    p = tmp_path / f"big{n}.csv"
    pio.write_csv(p, make_dataset(X, y))
    return p


def test_loading_yields_more_for_more_rows(tmp_path: Path) -> None:
    """(At 2 000 and 20 000 rows in slices of 5 000 and 500: the app's sizes divided by
    ten, the same counts of slices as at 20 000 and 200 000 rows.)"""
    small, large = big_csv(tmp_path, 2_000), big_csv(tmp_path, 20_000)
    loaded, progress = drive(pio.iter_load_file(large, slice_rows=5_000))
    assert loaded.data.n == 20_000
    assert len(progress) >= 4
    assert progress == sorted(progress) and 0.0 <= progress[0] and progress[-1] <= 1.0
    n_small = len(drive(pio.iter_load_file(small, slice_rows=500))[1])
    n_large = len(drive(pio.iter_load_file(large, slice_rows=500))[1])
    assert n_small >= 4 and n_large >= 40 and n_large > 5 * n_small
    assert loaded_key(loaded) == loaded_key(pio.load_file(large))


def test_session_checks_are_sliced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pio_v1, "_SESSION_POINTS", 100)
    d = sample_data(1_000)
    p = tmp_path / "s.json"
    pio.write_session(p, d, TrainConfig())
    outcome = check_same(p, 1)
    assert outcome[1] == d.points.tobytes()
    assert len(drive(pio.iter_load_file(p))[1]) >= 10 + 5  # points, then labels
    doc = json.loads(p.read_text(encoding="utf-8"))
    for i, bad, msg in [
        (950, [1, "2"], 'points[950] is not a pair of numbers: [1, "2"]'),
        (640, [1, 10**400], "points[30] has a number too large for a float"),
        (420, [1, 2e150], "points[420]: |x2| = 2e+150 is beyond 1e150"),
    ]:
        points = [list(q) for q in doc["points"]]
        points[30] = [1e200, 0.0] if i == 640 else points[30]
        points[i] = bad
        pb = write(tmp_path, "b.json", json.dumps({**doc, "points": points}))
        assert check_same(pb, 1)[1] == f"{pb}: {msg}"
    for i, bad, msg in [
        (999, "1", 'labels[999] is not a number: "1"'),
        (700, 10**400, "labels[700] is " + str(10**400)[:37] + "...: labels are"),
        (800, 0, "labels mix 0/1 and -1/+1"),
    ]:
        labels = list(doc["labels"])
        labels[i] = bad
        pb = write(tmp_path, "b.json", json.dumps({**doc, "labels": labels}))
        assert msg in check_same(pb, 1)[1]


# --------------------------------------------------------------------------- novikoff


def data_sets() -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(11)
    sets = []
    for n in (1, 2, 5, 40, 700):
        X = rng.normal(size=(n, 2)) * 10.0 ** rng.integers(-3, 4)
        sets.append((X, np.where(X[:, 0] + 0.2 * X[:, 1] > 0.1, 1.0, -1.0)))  # separable
        sets.append((X + 100.0, np.where(X[:, 1] > 0, 1.0, -1.0)))  # separable far off
        sets.append((X, np.where(rng.random(n) < 0.5, 1.0, -1.0)))  # usually not
    sets.append((np.array([[1.0, 1.0], [1.0, 1.0], [2.0, 2.0]]), np.array([1.0, -1.0, 1.0])))
    sets.append((np.zeros((0, 2)), np.zeros(0)))
    return sets


def bound_key(b: nv.Bound) -> tuple[Any, ...]:
    return (b, repr(b), np.array(b.direction).tobytes())


@pytest.mark.long
@pytest.mark.parametrize("chunk", [None, 1, 7, 64])
def test_novikoff_in_slices_is_the_same(monkeypatch: pytest.MonkeyPatch, chunk: int | None) -> None:
    expected = [
        ([bound_key(nv.novikoff(X, y, bias)) for bias in (True, False)], nv.best_line_margin(X, y))
        for X, y in data_sets()
    ]
    if chunk is not None:  # every O(N) pass in many chunks
        monkeypatch.setattr(nv, "_CHUNK", chunk)
    for (X, y), (bounds, margin) in zip(data_sets(), expected, strict=True):
        for bias, key in zip((True, False), bounds, strict=True):
            b, yielded = drive(nv.iter_novikoff(X, y, bias=bias))
            assert bound_key(b) == key
            assert bound_key(nv.novikoff(make_dataset(X, y), bias=bias)) == key
            assert all(v is None for v in yielded)
        m, _ = drive(nv.iter_best_line_margin(X, y))
        assert m == margin and (
            m is None or np.float64(m).tobytes() == np.float64(margin).tobytes()
        )


def test_novikoff_errors_are_the_same() -> None:
    for X, y in [([[1.0, np.nan]], [1]), ([[1.0, 2.0]], [3]), ([[1.0, 2.0]], None)]:
        with pytest.raises(DataError) as plain:
            nv.novikoff(X, y)
        with pytest.raises(DataError) as sliced:
            drive(nv.iter_novikoff(X, y))
        assert str(sliced.value) == str(plain.value)
        with pytest.raises(DataError) as sliced:
            drive(nv.iter_best_line_margin(X, y))
        assert str(sliced.value) == str(plain.value)


def test_novikoff_yields_more_for_more_points(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(3)

    def yields(n: int) -> tuple[int, int]:
        X = rng.normal(size=(n, 2))
        y = np.where(X[:, 0] - X[:, 1] > 0.2, 1.0, -1.0)
        return len(drive(nv.iter_novikoff(X, y))[1]), len(drive(nv.iter_best_line_margin(X, y))[1])

    small = yields(2_000)
    with mock.patch.object(nv, "_CHUNK", 1_000):
        large = yields(20_000)
    assert large[0] > small[0] + 20 and large[1] > small[1] + 20
    # Unpatched, a scan of 600k points is cut in 3 chunks per Wolfe iteration.
    X = rng.normal(size=(600_000, 2))
    y = np.where(X[:, 0] > 0.01, 1.0, -1.0)
    b, yielded = drive(nv.iter_novikoff(X, y))
    assert b == nv.novikoff(X, y) and len(yielded) >= 3 * 4

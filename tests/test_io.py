"""CSV and session files: round trips, the formats read, and every refusal."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from timing import limit

from perceptron_gui.core import io as pio
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import csv_file as pio_csv

SPECIAL = [0.1, 1e-300, -0.0, 0.0, 1e150, -1e150, 5e-324, -2.2250738585072014e-308, 1 / 3, 1e22]


def bits(a: np.ndarray) -> bytes:
    """Exact bytes of a float array, so -0.0 and 0.0 differ."""
    return np.ascontiguousarray(a, dtype=np.float64).tobytes()


def same_bits(a: Dataset, b: Dataset) -> bool:
    return bits(a.points) == bits(b.points) and bits(a.labels) == bits(b.labels)


def sample_data(n: int = 200, seed: int = 0) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 10.0 ** rng.integers(-300, 150, size=(n, 2))
    k = min(n, len(SPECIAL))
    X[:k, 0] = SPECIAL[:k]
    X[:k, 1] = SPECIAL[::-1][:k]
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    return make_dataset(X, y)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_bytes(text.encode("utf-8"))
    return p


def refusal(path: Path | str, reader: Any = None) -> DataError:
    with pytest.raises(DataError) as info:
        (reader or pio.read_csv)(path)
    return info.value


# --------------------------------------------------------------------------- CSV: round trips


def test_csv_round_trip_is_bit_exact(tmp_path: Path) -> None:
    d = sample_data()
    p = tmp_path / "out.csv"
    pio.write_csv(p, d)
    loaded = pio.read_csv(p)
    assert same_bits(loaded.data, d)
    assert loaded.config is None
    assert loaded.view == {}
    assert loaded.notes == ()
    assert loaded.source == str(p)
    lines = p.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "x1,x2,y"
    assert lines[1] == f"0.1,{SPECIAL[-1]!r},{'1' if d.labels[0] > 0 else '-1'}"
    assert {ln.rsplit(",", 1)[1] for ln in lines[1:]} == {"1", "-1"}
    assert "-0.0" in p.read_text(encoding="utf-8")


def test_csv_write_refuses_empty_dataset(tmp_path: Path) -> None:
    p = tmp_path / "empty.csv"
    with pytest.raises(DataError, match="no points"):
        pio.write_csv(p, make_dataset(np.zeros((0, 2)), np.zeros(0)))
    assert not p.exists()


# --------------------------------------------------------------------------- CSV: what is read

EXPECTED = (np.array([[1.5, -2.0], [0.25, 3.0], [-1e-3, 4e10]]), np.array([1.0, -1.0, 1.0]))


def check_expected(loaded: pio.Loaded) -> None:
    assert bits(loaded.data.points) == bits(EXPECTED[0])
    assert bits(loaded.data.labels) == bits(EXPECTED[1])


@pytest.mark.parametrize("sep", [",", ";", "\t", " ", "   ", ", ", " ; ", "\t "], ids=repr)
@pytest.mark.parametrize("header", [True, False])
def test_csv_separators_and_header(tmp_path: Path, sep: str, header: bool) -> None:
    rows = [["1.5", "-2", "1"], ["0.25", "3.0", "-1"], ["-1e-3", "4e10", "+1"]]
    text = "".join(sep.join(r) + "\n" for r in rows)
    if header:
        text = sep.join(["x1", "x2", "y"]) + "\n" + text
    loaded = pio.read_csv(write(tmp_path, "d.csv", text))
    check_expected(loaded)
    assert loaded.notes == ()


def test_csv_bom_crlf_comments_blank_lines(tmp_path: Path) -> None:
    text = (
        "\ufeff# made by hand\r\n"
        "\r\n"
        "x1,x2,label\r\n"
        "  # a comment after the header\r\n"
        "1.5,-2,1.0\r\n"
        "\r\n"
        "   \r\n"
        "0.25,3.0,-1.0\r\n"
        "# and one between rows\r\n"
        "-1e-3,4e10,+1\r\n"
        "\r\n"
    )
    check_expected(pio.read_csv(write(tmp_path, "d.csv", text)))


def test_csv_classic_mac_line_ends(tmp_path: Path) -> None:
    text = "x1,x2,y\r1.5,-2,1\r0.25,3.0,-1\r-1e-3,4e10,1\r"
    check_expected(pio.read_csv(write(tmp_path, "d.csv", text)))


def test_csv_labels_01_become_pm1_with_a_note(tmp_path: Path) -> None:
    loaded = pio.read_csv(write(tmp_path, "d.csv", "1,2,0\n3,4,1\n5,6,0.0\n"))
    assert loaded.data.labels.tolist() == [-1.0, 1.0, -1.0]
    assert loaded.notes == ("labels 0/1 read as -1/+1",)


def test_csv_all_zero_labels_are_all_minus_one(tmp_path: Path) -> None:
    loaded = pio.read_csv(write(tmp_path, "d.csv", "1,2,0\n3,4,0\n"))
    assert loaded.data.labels.tolist() == [-1.0, -1.0]
    assert loaded.notes == ("labels 0/1 read as -1/+1",)


def test_csv_all_plus_one_labels_need_no_note(tmp_path: Path) -> None:
    loaded = pio.read_csv(write(tmp_path, "d.csv", "1,2,1\n3,4,1\n"))
    assert loaded.data.labels.tolist() == [1.0, 1.0]
    assert loaded.notes == ()


def test_csv_header_with_a_number_is_read_as_header_with_a_note(tmp_path: Path) -> None:
    loaded = pio.read_csv(write(tmp_path, "d.csv", "x1,2,y\n1,2,1\n"))
    assert loaded.data.n == 1
    assert loaded.notes == ("line 1 ('x1,2,y') was read as a header",)


def test_parse_csv_text_directly_names_the_source() -> None:
    loaded = pio.parse_csv_text("1 2 -1\n", "pasted")
    assert loaded.source == "pasted"
    assert loaded.data.points.tolist() == [[1.0, 2.0]]
    with pytest.raises(DataError) as info:
        pio.parse_csv_text("1 2 -1\n1 2\n", "pasted")
    assert str(info.value) == "pasted, line 2: expected 3 values (x1, x2, y), found 2"


# --------------------------------------------------------------------------- CSV: refusals


#: (file text, 1-based line, message) of every CSV refusal with a line (test_slices uses them too).
CSV_REFUSALS = [
    ("x1,x2,y\n1,2,1\n3,4,-1\n5,abc,1\n", 4, "x2 is not a number: 'abc'"),
    ("1,2,1\n" * 6 + "1,2\n", 7, "expected 3 values (x1, x2, y), found 2"),
    ("1,2,1\n1,2,1,4\n", 2, "expected 3 values (x1, x2, y), found 4"),
    ("x1,x2,y\n1,2,1\nnan,2,1\n", 3, "x1 is not finite: nan"),
    ("1,2,1\n1,-inf,1\n", 2, "x2 is not finite: -inf"),
    ("1,2,1\n1,Infinity,1\n", 2, "x2 is not finite: Infinity"),
    ("# c\n\n1,2,1\n3,4,1\n1e400,2,1\n", 5, "x1 = 1e400 overflows"),
    ("1,2,1\n1,-1e999,-1\n", 2, "x2 = -1e999 overflows"),
    ("x1,x2,y\n1e200,2,1\n", 2, "|x1| = 1e+200 is beyond 1e150"),
    ("1,2,1\n1,-1.5e150,1\n", 2, "|x2| = 1.5e+150 is beyond 1e150"),
    ("1,2,1\n1,2,2\n", 2, "y = 2 is not a label: labels are +1 and -1 (or 0 and 1)"),
    ("1,2,1\n1,2,0.5\n", 2, "y = 0.5 is not a label: labels are +1 and -1 (or 0 and 1)"),
    ("1,2,1\n1,2,a\n", 2, "y is not a number: 'a'"),
    ("1,2,1\n1,2,nan\n", 2, "y = nan is not a label: labels are +1 and -1 (or 0 and 1)"),
    ("1,2,1\n1,2,\n", 2, "y is not a number: ''"),
    (
        "1,2,0\n1,2,1\n1,2,-1\n",
        3,
        "label -1 mixes 0/1 and -1/+1 labels (line 1 has 0); use one or the other",
    ),
    (
        "1,2,-1\n1,2,1\n\n1,2,0\n",
        4,
        "label 0 mixes 0/1 and -1/+1 labels (line 1 has -1); use one or the other",
    ),
    # A header of 2 columns is d = 1 feature (x1, y): a row of 3 values is refused.
    ("x,y\n1,2,1\n", 2, "expected 2 values (x1, y), found 3"),
    ("label\n1\n", 1, "the header has 1 column(s); expected at least 2 (x1, …, xd, y)"),
    ("1;2;1\n1,2,1\n", 2, "expected 3 values (x1, x2, y), found 1"),
    # a short row and a long one: the right number of values in all
    ("1,-1\n1,4,1,1\n", 2, "expected 2 values (x1, y), found 4"),
    ("1\n2\n", 1, "expected at least 2 values (x1, …, xd, y), found 1"),
    ("1 2 1\n1 2\n1 2 1 1\n", 2, "expected 3 values (x1, x2, y), found 2"),
    ("1\t2\t1\n1\t2\t1\t1\n1\t1\n", 2, "expected 3 values (x1, x2, y), found 4"),
    ("1 2 1\n1\u00a02 1 1\n", 2, "expected 3 values (x1, x2, y), found 4"),
    ("1 2 1\n1,2,1\n", 2, "expected 3 values (x1, x2, y), found 1"),
    ("1\t2\t1\n1 2 1\n", 2, "expected 3 values (x1, x2, y), found 1"),
    ("1;2;1\n1,5;2;1\n", 2, "x1 is not a number: '1,5'"),
    ("1,2,1\n1,2,1 # inline\n", 2, "y is not a number: '1 # inline'"),
    ("1,2,1\n1,,1\n", 2, "x2 is not a number: ''"),
]


@pytest.mark.parametrize(("text", "line", "message"), CSV_REFUSALS)
def test_csv_refusals_name_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, line: int, message: str
) -> None:
    write(tmp_path, "data.csv", text)
    monkeypatch.chdir(tmp_path)
    err = refusal("data.csv")
    assert str(err) == f"data.csv, line {line}: {message}"
    assert (err.source, err.line, err.message) == ("data.csv", line, message)


NO_POINTS = ["", "\n\n  \n", "x1,x2,y\n", "# only\n# comments\n", "\ufeff"]


@pytest.mark.parametrize("text", NO_POINTS)
def test_csv_without_points_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    write(tmp_path, "data.csv", text)
    monkeypatch.chdir(tmp_path)
    err = refusal("data.csv")
    assert str(err) == "data.csv: no points"
    assert err.line is None


BINARY = [b"1,2,1\n\x00\x01\x02", b"\x89PNG\r\n\x1a\n\x00\x00", b"1,2,1\n\xff\xfe3,4,1\n", b"\xc3"]


@pytest.mark.parametrize("raw", BINARY)
def test_binary_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raw: bytes
) -> None:
    write(tmp_path, "data.csv", raw)
    monkeypatch.chdir(tmp_path)
    assert str(refusal("data.csv")) == "data.csv: not a text file"
    assert str(refusal("data.csv", pio.load_file)) == "data.csv: not a text file"


def test_missing_file_is_a_data_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for reader in (pio.read_csv, pio.read_session, pio.load_file):
        err = refusal("data.csv", reader)
        assert str(err) == "data.csv: cannot read: [Errno 2] No such file or directory"
        assert err.line is None


def test_directory_is_a_data_error(tmp_path: Path) -> None:
    err = refusal(tmp_path)
    assert str(err).startswith(f"{tmp_path}: cannot read: [Errno ")


def test_source_is_the_path_as_given(tmp_path: Path) -> None:
    p = write(tmp_path, "d.csv", "1,2,1\n1,2,x\n")
    assert str(refusal(p)) == f"{p}, line 2: y is not a number: 'x'"


def test_too_many_rows_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert pio.MAX_ROWS == 10_000_000
    monkeypatch.setattr(pio_csv, "MAX_ROWS", 5)
    ok = write(tmp_path, "ok.csv", "x1,x2,y\n" + "1,2,1\n# c\n\n" * 5)
    assert pio.read_csv(ok).data.n == 5
    p = write(tmp_path, "big.csv", "x1,x2,y\n" + "1,2,1\n" * 6)
    assert str(refusal(p)) == f"{p}: too many rows: 6 points; perceptron-gui reads at most 5"


@pytest.mark.long
def test_bad_line_deep_in_a_large_file_is_named(tmp_path: Path) -> None:
    good = "0.5,-0.25,1\n" * 100_000
    for bad, msg in [
        ("nan,1,1", "x1 is not finite: nan"),
        ("1,1e400,1", "x2 = 1e400 overflows"),
        ("1,1", "expected 3 values (x1, x2, y), found 2"),
        ("1,1,0", "label 0 mixes 0/1 and -1/+1 labels (line 3 has -1); use one or the other"),
    ]:
        p = write(tmp_path, "d.csv", "x1,x2,y\n1,2,1\n1,2,-1\n" + good + bad + "\n" + good)
        assert str(refusal(p)) == f"{p}, line {100_004}: {msg}"


@pytest.mark.long
def test_a_million_rows_load_fast(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    block = np.column_stack([rng.normal(size=(1000, 2)), np.where(rng.random(1000) < 0.5, -1, 1)])
    rows = "".join(f"{a!r},{b!r},{int(c)}\n" for a, b, c in block.tolist())
    p = write(tmp_path, "big.csv", "x1,x2,y\n" + rows * 1000)
    # The fast path must take this file on its own: the slow one is not allowed to run.
    with mock.patch.object(pio_csv, "_parse_slow", side_effect=AssertionError("slow path used")):
        t0 = time.process_time()
        loaded = pio.read_csv(p)
        elapsed = time.process_time() - t0
    assert loaded.data.n == 1_000_000
    assert bits(loaded.data.points[:1000]) == bits(block[:, :2])
    assert bits(loaded.data.points[-1000:]) == bits(block[:, :2])
    assert bits(loaded.data.labels[-1000:]) == bits(block[:, 2])
    assert elapsed < limit(5.0), f"10^6 rows took {elapsed:.2f} s of CPU"


# The fast path must agree with the line-by-line one on everything, errors included.

_FIELDS = st.one_of(
    st.sampled_from(
        [
            "1",
            "-1",
            "0",
            "+1",
            "1.0",
            "-1.0",
            "0.0",
            "-0",
            "2",
            "0.5",
            "1e400",
            "-1e400",
            "nan",
            "NaN",
            "inf",
            "-Infinity",
            "1e200",
            "1e150",
            "-0.0",
            "abc",
            "",
            " ",
            " 3.25 ",
            "1_0",
            "\u0663",
            "1e-400",
            "0x10",
            "1.5e+3",
            "#",
            "1 2",
            "1e",
            ".",
        ]
    ),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(-3, 3).map(str),
)
_SEPS = st.sampled_from([",", ";", "\t", " ", "  ", ", ", "\u00a0", "\x0c", " ,"])


@st.composite
def csv_texts(draw: st.DrawFn) -> str:
    sep = draw(_SEPS)
    n = draw(st.integers(1, 6))
    lines = []
    for _ in range(n):
        kind = draw(st.sampled_from(["row", "row", "row", "row", "blank", "comment", "short"]))
        if kind == "blank":
            lines.append(draw(st.sampled_from(["", "  ", "\t"])))
        elif kind == "comment":
            lines.append("# note")
        else:
            k = 3 if kind == "row" else draw(st.sampled_from([1, 2, 2, 4, 4]))
            row_sep = sep if draw(st.integers(0, 9)) else draw(_SEPS)
            lines.append(row_sep.join(draw(st.lists(_FIELDS, min_size=k, max_size=k))))
    if draw(st.booleans()):
        lines.insert(0, "x1,x2,y")
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


def outcome(text: str) -> tuple[Any, ...]:
    try:
        loaded = pio.parse_csv_text(text, "t.csv")
    except DataError as exc:
        return ("error", str(exc))
    return ("ok", bits(loaded.data.points), bits(loaded.data.labels), loaded.notes)


# 150 examples (400 before): tests/test_slices.py draws 100 more of the same texts.
@pytest.mark.long
@settings(max_examples=150, deadline=None)
@given(csv_texts())
def test_fast_path_agrees_with_slow_path(text: str) -> None:
    with mock.patch.object(pio_csv, "_fast_tokens", return_value=None):
        slow = outcome(text)
    assert outcome(text) == slow


@pytest.mark.long
@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(-1e150, 1e150, allow_subnormal=True),
            st.floats(-1e150, 1e150, allow_subnormal=True),
            st.sampled_from([-1.0, 1.0]),
        ),
        min_size=1,
        max_size=30,
    ),
    st.sampled_from([",", ";", "\t", " "]),
)
def test_csv_text_round_trip_any_floats(rows: list[tuple[float, float, float]], sep: str) -> None:
    text = "".join(f"{a!r}{sep}{b!r}{sep}{int(c)}\n" for a, b, c in rows)
    loaded = pio.parse_csv_text(text, "t.csv")
    arr = np.array(rows, dtype=np.float64).reshape(-1, 3)
    assert bits(loaded.data.points) == bits(arr[:, :2])
    assert bits(loaded.data.labels) == bits(arr[:, 2])


# --------------------------------------------------------------------------- sessions


def test_session_round_trip_is_bit_exact(tmp_path: Path) -> None:
    d = sample_data()
    config = TrainConfig(
        mode="pocket", order="random", eta=0.1, seed=3, max_updates=50, w0=(0.1, -0.0)
    )
    view = {"x_range": [-1.5, 2.25], "show_bound": True, "title": "λ ≠ η", "nested": {"a": None}}
    p = tmp_path / "s.json"
    pio.write_session(p, d, config, view)
    loaded = pio.read_session(p)
    assert same_bits(loaded.data, d)
    assert loaded.config == config
    assert bits(np.array(loaded.config.w0)) == bits(np.array([0.1, -0.0]))
    assert loaded.view == view
    assert loaded.notes == ()
    assert loaded.source == str(p)
    doc = json.loads(p.read_text(encoding="utf-8"))
    assert doc["format"] == "perceptron-gui-session"
    assert doc["version"] == 1
    assert doc["settings"] == config.to_dict()
    assert set(doc["labels"]) == {1, -1}
    assert all(type(v) is int for v in doc["labels"])
    assert doc["points"][0] == [0.1, SPECIAL[-1]]


def test_empty_session_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "s.json"
    pio.write_session(p, make_dataset(np.zeros((0, 2)), np.zeros(0)), TrainConfig())
    loaded = pio.read_session(p)
    assert loaded.data.n == 0
    assert loaded.data.points.shape == (0, 2)
    assert loaded.config == TrainConfig()
    assert loaded.view == {}


def session_doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "perceptron-gui-session",
        "version": 1,
        "points": [[1.0, 2.0], [3.0, -4.5]],
        "labels": [1, -1],
        "settings": TrainConfig().to_dict(),
        "view": {},
    }
    for k, v in changes.items():
        if v is _DELETE:
            del doc[k]
        else:
            doc[k] = v
    return doc


_DELETE = object()


def test_session_minimal_fields_and_extra_keys(tmp_path: Path) -> None:
    doc = session_doc(view=_DELETE, settings={}, comment="ignored")
    loaded = pio.read_session(write(tmp_path, "s.json", json.dumps(doc)))
    assert loaded.config == TrainConfig()
    assert loaded.view == {}
    assert loaded.data.points.tolist() == [[1.0, 2.0], [3.0, -4.5]]
    assert loaded.data.labels.tolist() == [1.0, -1.0]


def test_session_labels_01_become_pm1_with_a_note(tmp_path: Path) -> None:
    doc = session_doc(labels=[0, 1.0])
    loaded = pio.read_session(write(tmp_path, "s.json", json.dumps(doc)))
    assert loaded.data.labels.tolist() == [-1.0, 1.0]
    assert loaded.notes == ("labels 0/1 read as -1/+1",)


def test_session_with_bom_is_read(tmp_path: Path) -> None:
    p = write(tmp_path, "s.json", "\ufeff" + json.dumps(session_doc()))
    assert pio.read_session(p).data.n == 2


NEWER = "written by a newer perceptron-gui (format version 4); this version reads up to 3"


#: (file text, message) of every session refusal ("line N: " first when there is a line).
SESSION_REFUSALS = [
    (
        '{"format": "perceptron-gui-session",\n "version": 1,\n "points": [1 2]}',
        "line 3: not valid JSON: Expecting ',' delimiter (column 15)",
    ),
    (
        '{"format": "perceptron-gui-session",\n "version": 1,\n "points": [[1, 2],',
        "line 3: the file ends too early (truncated?): Expecting value",
    ),
    ("", "line 1: the file ends too early (truncated?): Expecting value"),
    ("[1, 2]", "not a perceptron-gui session: the file holds a list, not an object"),
    ('"hi"', "not a perceptron-gui session: the file holds a string, not an object"),
    (
        json.dumps(session_doc(format="other")),
        'not a perceptron-gui session: the file has format "other"',
    ),
    (
        json.dumps(session_doc(format=_DELETE)),
        'not a perceptron-gui session: the file has no "format"',
    ),
    (json.dumps(session_doc(version=4)), NEWER),
    (json.dumps(session_doc(version=_DELETE)), '"version" is missing'),
    (json.dumps(session_doc(version=True)), '"version" must be a whole number >= 1, not true'),
    (json.dumps(session_doc(version="1")), '"version" must be a whole number >= 1, not "1"'),
    (json.dumps(session_doc(version=0)), '"version" must be a whole number >= 1, not 0'),
    (json.dumps(session_doc(points=_DELETE)), '"points" is missing'),
    (json.dumps(session_doc(labels=_DELETE)), '"labels" is missing'),
    (json.dumps(session_doc(settings=_DELETE)), '"settings" is missing'),
    (
        json.dumps(session_doc(points={"a": 1})),
        '"points" must be a list of [x1, x2] pairs, not an object',
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [1, 2, 3]])),
        "points[1] is not a pair of numbers: [1, 2, 3]",
    ),
    (json.dumps(session_doc(points=[[1, 2], 5])), "points[1] is not a pair of numbers: 5"),
    (
        json.dumps(session_doc(points=[["1", 2], [1, 2]])),
        'points[0] is not a pair of numbers: ["1", 2]',
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [True, 2]])),
        "points[1] is not a pair of numbers: [true, 2]",
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [None, 2]])),
        "points[1] is not a pair of numbers: [null, 2]",
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [1e200, 2]])),
        "points[1]: |x1| = 1e+200 is beyond 1e150",
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [1, 10**200]])),
        "points[1]: |x2| = 1e+200 is beyond 1e150",
    ),
    (
        json.dumps(session_doc(points=[[1, 2], [1, 10**400]])),
        "points[1] has a number too large for a float",
    ),
    (
        json.dumps(session_doc()).replace("-4.5", "-1e400"),
        "points[1] has a number too large for a float",
    ),
    (
        json.dumps(session_doc()).replace("-4.5", "NaN"),
        "NaN is not allowed: every number must be finite",
    ),
    (
        json.dumps(session_doc()).replace("-4.5", "-Infinity"),
        "-Infinity is not allowed: every number must be finite",
    ),
    (
        json.dumps(session_doc(view={"zoom": 1.0})).replace("1.0}", "Infinity}"),
        "Infinity is not allowed: every number must be finite",
    ),
    (
        json.dumps(session_doc(view={"zoom": [1.0]})).replace("[1.0]", "[1e999]"),
        "view.zoom[0] has a number too large for a float",
    ),
    (
        json.dumps(session_doc(labels="1,-1")),
        '"labels" must be a list of numbers, not a string',
    ),
    (json.dumps(session_doc(labels=[1, "-1"])), 'labels[1] is not a number: "-1"'),
    (json.dumps(session_doc(labels=[1, False])), "labels[1] is not a number: false"),
    (json.dumps(session_doc(labels=[1, -1, 1])), "2 points but 3 labels"),
    (
        json.dumps(session_doc(labels=[1, 2])),
        "labels[1] is 2: labels are +1 and -1 (or 0 and 1)",
    ),
    (
        json.dumps(session_doc(labels=[0.5, 1])),
        "labels[0] is 0.5: labels are +1 and -1 (or 0 and 1)",
    ),
    (
        json.dumps(session_doc(labels=[1, 10**400])),
        "labels[1] is 1000000000000000000000000000000000000...: labels are +1 and -1 (or 0 and 1)",
    ),
    (
        json.dumps(session_doc(points=[[1, 2]] * 3, labels=[1, 0, -1])),
        "labels mix 0/1 and -1/+1 (labels[1] is 0, labels[2] is -1); use one or the other",
    ),
    (json.dumps(session_doc(settings=[1])), '"settings" must be an object, not a list'),
    (
        json.dumps(session_doc(settings={"eta": -1})),
        "settings: η must be a finite number > 0, not -1.0",
    ),
    (
        json.dumps(session_doc(settings={"mode": "fast"})),
        "settings: mode 'fast' is not installed: the modes are primal, dual, pocket, batch, "
        "averaged, voted, pa, kernel, margin (a plugin's mode needs its package installed)",
    ),
    (
        json.dumps(session_doc(settings={"colour": "red"})),
        "settings: unknown setting(s): colour",
    ),
    (
        json.dumps(session_doc(settings={"seed": 1.5})),
        "settings: setting seed must be a whole number",
    ),
    (
        json.dumps(session_doc(settings={"w0": [1]})),
        "settings: setting w0 must be a list of 2 numbers",
    ),
    (json.dumps(session_doc(view=[1])), '"view" must be an object, not a list'),
]


@pytest.mark.parametrize(("text", "message"), SESSION_REFUSALS)
def test_session_refusals_name_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    write(tmp_path, "session.json", text)
    monkeypatch.chdir(tmp_path)
    for reader in (pio.read_session, pio.load_file):
        err = refusal("session.json", reader)
        if message.startswith("line "):
            line, _, rest = message.partition(": ")
            assert err.line == int(line.removeprefix("line "))
            assert err.message == rest
            assert str(err) == f"session.json, {message}"
        else:
            assert err.line is None
            assert str(err) == f"session.json: {message}"
        assert err.source == "session.json"


def test_session_nested_too_deep_is_refused(tmp_path: Path) -> None:
    p = write(tmp_path, "s.json", "[" * 100_000)
    err = refusal(p, pio.read_session)
    # (in plain words where the reader's guard catches it first: issue 35)
    assert str(err).startswith(f"{p}: not valid JSON: ")
    assert "nested too deeply" in str(err) or "maximum recursion depth exceeded" in str(err)


def test_session_version_newer_refused_even_if_otherwise_odd(tmp_path: Path) -> None:
    p = write(tmp_path, "s.json", json.dumps({"format": "perceptron-gui-session", "version": 2}))
    assert str(refusal(p, pio.read_session)).endswith(
        "format version 2 is a .npz session, not JSON"
    )


def test_session_settings_errors_are_data_errors_naming_the_file(tmp_path: Path) -> None:
    p = write(tmp_path, "s.json", json.dumps(session_doc(settings={"bias": "yes"})))
    err = refusal(p, pio.read_session)
    assert isinstance(err, DataError)
    assert err.source == str(p)
    assert err.message == "settings: setting bias must be true or false"


# --------------------------------------------------------------------------- load_file


def test_load_file_dispatches_on_name_and_content(tmp_path: Path) -> None:
    d = sample_data(20)
    pio.write_session(tmp_path / "a.json", d, TrainConfig(eta=2.0))
    (tmp_path / "b.dat").write_bytes((tmp_path / "a.json").read_bytes())
    (tmp_path / "c.JSON").write_bytes((tmp_path / "a.json").read_bytes())
    pio.write_csv(tmp_path / "d.txt", d)
    for name in ("a.json", "b.dat", "c.JSON"):
        loaded = pio.load_file(tmp_path / name)
        assert loaded.config == TrainConfig(eta=2.0), name
        assert same_bits(loaded.data, d)
    loaded = pio.load_file(tmp_path / "d.txt")
    assert loaded.config is None
    assert same_bits(loaded.data, d)


def test_load_file_reads_a_json_named_csv_as_json_error(tmp_path: Path) -> None:
    p = write(tmp_path, "x.json", "1,2,1\n")
    err = refusal(p, pio.load_file)
    assert err.line == 1
    assert err.message.startswith("not valid JSON")


# --------------------------------------------------------------------------- atomic writes


def test_atomic_write_replaces_and_leaves_no_temp_files(tmp_path: Path) -> None:
    p = tmp_path / "f.txt"
    pio.atomic_write_text(p, "one\n")
    pio.atomic_write_text(p, "two\r\nλ\n")
    assert p.read_bytes() == "two\r\nλ\n".encode()
    assert sorted(os.listdir(tmp_path)) == ["f.txt"]
    pio.write_csv(tmp_path / "g.csv", sample_data(5))
    pio.write_session(tmp_path / "h.json", sample_data(5), TrainConfig())
    assert sorted(os.listdir(tmp_path)) == ["f.txt", "g.csv", "h.json"]


def test_atomic_write_keeps_permissions(tmp_path: Path) -> None:
    p = tmp_path / "f.txt"
    p.write_text("old")
    p.chmod(0o640)
    pio.atomic_write_text(p, "new")
    assert p.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    "view",
    [{"bad": object()}, {"zoom": float("nan")}, {"zoom": float("inf")}],
    ids=["object", "nan", "inf"],  # the same in every process (pytest-xdist's workers)
)
def test_failed_serialisation_does_not_clobber_the_target(
    tmp_path: Path, view: dict[str, Any]
) -> None:
    p = tmp_path / "s.json"
    p.write_text("precious")
    with pytest.raises((TypeError, ValueError)):
        pio.write_session(p, sample_data(5), TrainConfig(), view)
    assert p.read_text() == "precious"
    assert os.listdir(tmp_path) == ["s.json"]


def test_failed_replace_does_not_clobber_the_target(tmp_path: Path) -> None:
    p = tmp_path / "d.csv"
    p.write_text("precious")
    with mock.patch.object(os, "replace", side_effect=OSError(28, "No space left on device")):
        with pytest.raises(DataError) as info:
            pio.write_csv(p, sample_data(5))
    assert str(info.value) == f"{p}: cannot write: [Errno 28] No space left on device"
    assert p.read_text() == "precious"
    assert os.listdir(tmp_path) == ["d.csv"]


def test_write_into_missing_folder_is_a_data_error(tmp_path: Path) -> None:
    p = tmp_path / "no" / "such" / "d.csv"
    with pytest.raises(DataError) as info:
        pio.write_csv(p, sample_data(5))
    assert str(info.value) == f"{p}: cannot write: [Errno 2] No such file or directory"
    assert not (tmp_path / "no").exists()

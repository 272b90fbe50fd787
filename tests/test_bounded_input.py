"""Bounded input (issue 35): a digit cap on numbers, the point limit and a settings
checksum in version 1 sessions, lessons read only from bounded regular files with capped
texts, and every refusal one short line naming the file."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import load_file, session_v1, write_session
from perceptron_gui.core.lesson import load_lesson

DATA = make_dataset(np.array([[1.0, 2.0], [-3.0, 0.5], [2.5, -1.0]]), np.array([1.0, -1.0, 1.0]))


def refused(path: Path | str, loader=load_file) -> str:  # type: ignore[no-untyped-def]
    t0 = time.monotonic()
    with pytest.raises(DataError) as e:
        loader(path)
    assert time.monotonic() - t0 < 1.0
    text = str(e.value)
    assert "\n" not in text and len(text) < 600, text[:200]
    assert str(path) in text
    return text


def test_a_csv_cell_of_a_million_digits_is_refused_by_its_line(tmp_path: Path) -> None:
    f = tmp_path / "d.csv"
    f.write_text("x1,x2,y\n1,2,1\n" + "9" * 10**6 + ",1,-1\n")
    text = refused(f)
    assert "line 3" in text and "1,000,000 characters" in text


def test_a_long_finite_number_is_refused_by_the_fast_parse_too(tmp_path: Path) -> None:
    f = tmp_path / "d.csv"
    rows = "".join(f"{i},{i},1\n" for i in range(50))
    f.write_text("x1,x2,y\n" + rows + "0." + "0" * 150 + "1,1,-1\n")
    assert "line 52" in refused(f)


def test_a_json_integer_of_10000_digits_is_one_line(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    f.write_text('{"format": "perceptron-gui-session", "version": 1, "x": ' + "7" * 10_000 + "}")
    assert "more than 4300 digits" in refused(f)


def test_v1_applies_the_point_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "s.json"
    write_session(f, DATA, TrainConfig(), version=1)
    monkeypatch.setattr(session_v1, "MAX_POINTS", 2)
    assert "reads at most 2" in refused(f)
    monkeypatch.setattr(session_v1, "_LISTS_SLACK", 0)  # the count before parsing
    assert "more than 2 points" in refused(f)


def test_v1_refuses_a_changed_setting(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    write_session(f, DATA, TrainConfig(eta=1.0), version=1)
    text = f.read_text()
    assert '"eta": 1.0' in text
    f.write_text(text.replace('"eta": 1.0', '"eta": 1.5'))
    assert "settings checksum" in refused(f)


def test_v1_without_a_settings_checksum_is_validated_and_read(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    write_session(f, DATA, TrainConfig(eta=0.5), version=1)
    doc = json.loads(f.read_text())
    del doc["settings_checksum"]
    f.write_text(json.dumps(doc))
    loaded = load_file(f)
    assert loaded.config is not None and loaded.config.eta == 0.5
    doc["settings"]["eta"] = -1
    f.write_text(json.dumps(doc))
    assert "η" in refused(f)


def lesson(tmp_path: Path, body: str, name: str = "l.lesson.toml") -> Path:
    f = tmp_path / name
    f.write_text(body)
    return f


SCENE = "[[scene]]\npoints = [[1, 1, 1], [-1, -1, -1]]\n"


def test_a_lesson_device_or_fifo_is_refused_at_once(tmp_path: Path) -> None:
    assert "not a regular file" in refused("/dev/zero", load_lesson)
    fifo = tmp_path / "f.lesson.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in refused(fifo, load_lesson)


def test_a_huge_lesson_is_refused_by_its_size(tmp_path: Path) -> None:
    f = tmp_path / "big.lesson.toml"
    with open(f, "wb") as fh:
        fh.truncate(17 << 20)
    assert "at most 16 MiB" in refused(f, load_lesson)


@pytest.mark.parametrize(
    "body, words",
    [
        ("title = " + "[" * 5000 + "]" * 5000 + "\n" + SCENE, "nested too deeply"),
        ("title = 1" + "0" * 10_000 + "\n" + SCENE, "too many digits"),
        (f'title = "{"t" * 400}"\n' + SCENE, "at most 300"),
        (SCENE + f'caption = "{"c" * 5000}"\n', "at most 4,000"),
        (SCENE + "start = 1" + "0" * 5000 + "\n", "too many digits"),
        ('[[scene]]\ndata = "a\\u0000b.csv"\n', "NUL"),
    ],
)
def test_a_bad_lesson_is_one_line(tmp_path: Path, body: str, words: str) -> None:
    assert words in refused(lesson(tmp_path, body), load_lesson)


def test_v1_has_the_v2_header_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from perceptron_gui.core.io import session_v2

    f = tmp_path / "s.json"
    write_session(f, DATA, TrainConfig(), {"note": "n" * 5000}, version=1)
    assert load_file(f).view["note"] == "n" * 5000
    monkeypatch.setattr(session_v2, "HEADER_MAX", 4096)
    assert "at most" in refused(f)


def test_unknown_lesson_keys_are_quoted_short(tmp_path: Path) -> None:
    body = SCENE + "".join(f"{'k' * 300}{i} = 1\n" for i in range(8))
    text = refused(lesson(tmp_path, body), load_lesson)
    assert "and 3 more" in text and "k" * 300 not in text

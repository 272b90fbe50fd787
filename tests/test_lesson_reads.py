"""A lesson reads only its own folder; refusals quote little of a file (issue 35)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.lesson import load_lesson

CSV = "x1,x2,y\n1,1,1\n-1,-1,-1\n"


def folder(tmp_path: Path) -> Path:
    (tmp_path / "outside.csv").write_text(CSV)
    inner = tmp_path / "lesson"
    (inner / "sub").mkdir(parents=True)
    (inner / "sub" / "in.csv").write_text(CSV)
    return inner


def write(inner: Path, data: str) -> Path:
    f = inner / "l.lesson.toml"
    f.write_text(f'[[scene]]\ntitle = "S"\ndata = "{data}"\n')
    return f


def test_a_file_below_the_lessons_folder_is_read(tmp_path: Path) -> None:
    inner = folder(tmp_path)
    assert load_lesson(write(inner, "sub/in.csv")).scenes[0].data.n == 2


@pytest.mark.parametrize("name", ["../outside.csv", "sub/../../outside.csv", "ABS"])
def test_a_path_out_of_the_folder_is_refused_naming_it(tmp_path: Path, name: str) -> None:
    inner = folder(tmp_path)
    if name == "ABS":
        name = str(tmp_path / "outside.csv")
    with pytest.raises(DataError) as e:
        load_lesson(write(inner, name))
    text = str(e.value)
    assert name in text and "own folder" in text
    assert "\n" not in text


def test_a_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    inner = folder(tmp_path)
    (inner / "link.csv").symlink_to(tmp_path / "outside.csv")
    with pytest.raises(DataError, match="outside the lesson's folder"):
        load_lesson(write(inner, "link.csv"))


def test_a_fifo_as_a_scenes_data_is_refused_at_once(tmp_path: Path) -> None:
    import os
    import time

    inner = folder(tmp_path)
    os.mkfifo(inner / "p.csv")
    t0 = time.monotonic()
    with pytest.raises(DataError, match="not a regular file"):
        load_lesson(write(inner, "p.csv"))
    assert time.monotonic() - t0 < 0.5


def test_a_refusal_quotes_only_a_short_excerpt_of_the_file(tmp_path: Path) -> None:
    f = tmp_path / "d.csv"
    secret = "s3cr3t" * 50
    f.write_text(f"x1,x2,y\n1,2,1\n{secret},1,1\n")
    from perceptron_gui.core.io import load_file

    with pytest.raises(DataError) as e:
        load_file(f)
    assert secret not in str(e.value) and "300 characters" in str(e.value)

"""The lesson file format (core, no Qt): reading, checking, writing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import probes
import pytest

from perceptron_gui.core import DataError, TrainConfig, generate
from perceptron_gui.core.lesson import (
    dumps_lesson,
    load_lesson,
    localize,
    parse_lesson,
    save_lesson,
    settings_of,
)

THREE = """
title = { en = "Three scenes", zh_CN = "三个场景" }

[[scene]]
title = "Inline"
caption = { en = "The worked example.", zh_CN = "例题。" }
points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]
order = "first"
eta = 0.5
start = 1
stop = 3
question = "next-point"

[[scene]]
title = "Generated"
caption = "XOR"
generate = { kind = "xor", n = 12, seed = 4 }
max_updates = 5

[[scene]]
title = "From a CSV"
caption = "beside the lesson"
data = "pts.csv"
show = ["table", "radius"]
compare = { order = "random", seed = 2 }
"""


def write_three(folder: Path) -> Path:
    (folder / "pts.csv").write_text("x1,x2,y\n0,1,1\n2,-1,-1\n1,3,1\n", encoding="utf-8")
    path = folder / "three.lesson.toml"
    path.write_text(THREE, encoding="utf-8")
    return path


def test_three_scenes_read(tmp_path: Path) -> None:
    lesson = load_lesson(write_three(tmp_path))
    assert localize(lesson.title, "zh_CN") == "三个场景"
    a, b, c = lesson.scenes
    assert a.data.points.tolist() == [[3, 3], [4, 3], [1, 1]]
    assert a.data.labels.tolist() == [1, 1, -1]
    assert a.config == TrainConfig(order="first", eta=0.5)
    assert (a.start, a.stop, a.question) == (1, 3, "next-point")
    assert localize(a.caption, "en") == "The worked example."
    assert localize(a.caption, "zh_CN") == "例题。"
    g = generate("xor", 12, seed=4)
    assert np.array_equal(b.data.points, g.points)
    # a key a scene leaves out takes its default, not the previous scene's
    assert b.config == TrainConfig(max_updates=5)
    assert b.config.eta == 1.0 and b.config.order == "cyclic"
    assert c.data.points.tolist() == [[0, 1], [2, -1], [1, 3]]
    assert c.show == ("table", "radius") and c.compare == {"order": "random", "seed": 2}
    assert c.config == TrainConfig()


def test_round_trip(tmp_path: Path) -> None:
    lesson = load_lesson(write_three(tmp_path))
    out = tmp_path / "sub" / "again.lesson.toml"
    out.parent.mkdir()
    save_lesson(lesson, out)
    text = out.read_text(encoding="utf-8")
    # A lesson reads only its own folder: the data outside it are written in the file.
    assert "../pts.csv" not in text and text.count("points = [") == 2
    again = load_lesson(out)
    assert again.title == lesson.title
    assert len(again.scenes) == 3
    assert all(probes.same_scene(x, y) for x, y in zip(lesson.scenes, again.scenes, strict=True))
    # plain: a second write is the same text
    assert dumps_lesson(again, out) == text


def test_strings_that_need_escapes_round_trip() -> None:
    src = 'title = "a"\n[[scene]]\ntitle = "q\\"uo\\\\te\\ttab"\npoints = [[0.1, -2.5e-3, 1]]\n'
    lesson = parse_lesson(src, "s")
    again = parse_lesson(dumps_lesson(lesson), "s")
    assert again.scenes[0].title == 'q"uo\\te\ttab'
    assert again.scenes[0].data.points.tolist() == [[0.1, -2.5e-3]]


def test_settings_of_names_only_what_differs() -> None:
    assert settings_of(TrainConfig()) == {}
    assert settings_of(TrainConfig(mode="pocket", eta=0.5, order="random")) == {
        "mode": "pocket",
        "order": "random",
        "eta": 0.5,
    }


def test_builtin_by_name() -> None:
    lesson = load_lesson("perceptron")
    assert 10 <= len(lesson.scenes) <= 16
    assert sum(s.question is not None for s in lesson.scenes) >= 3
    for s in lesson.scenes:
        assert isinstance(s.caption, dict) and s.caption["en"] and s.caption["zh_CN"]
        assert isinstance(s.title, dict) and s.title["en"] and s.title["zh_CN"]


SCENE = '[[scene]]\ntitle = "Two"\npoints = [[1, 1, 1], [0, 0, -1]]\n'


@pytest.mark.parametrize(
    ("body", "needles"),
    [
        (SCENE + "etta = 1\n", ['scene 1 ("Two")', '"etta"']),
        ('[[scene]]\ntitle = "Two"\neta = 1\n', ['scene 1 ("Two")', "no data"]),
        (SCENE + "eta = -1\n", ['scene 1 ("Two")', '"eta"', "> 0"]),
        (SCENE + 'mode = "pocketz"\n', ['"mode"', "pocketz"]),
        (SCENE + 'mode = "batch"\norder = "random"\n', ['"mode" and "order"']),
        (SCENE + "margin = -1\n", ['"margin"']),
        (SCENE + "stop = 1\nstart = 2\n", ['"stop"']),
        (SCENE + 'show = ["proof", "nope"]\n', ['"show"', "nope"]),
        (SCENE + 'question = "why"\n', ['"question"']),
        (SCENE + 'compare = { orderr = "random" }\n', ['"compare"', "orderr"]),
        (SCENE + 'compare = { eta = "x" }\n', ['"compare.eta"']),
        ('[[scene]]\ntitle = "D"\ndata = "missing.csv"\n', ['scene 1 ("D")', '"data"', "no such"]),
        ('[[scene]]\ntitle = "G"\ngenerate = { kind = "xo" }\n', ['"generate"', "xo"]),
        ('[[scene]]\ntitle = "G"\ngenerate = { kind = "xor", m = 1 }\n', ['"generate"', '"m"']),
        ('[[scene]]\ntitle = "P"\npoints = [[1, 2]]\n', ['"points"', "row 1"]),
        ('[[scene]]\ntitle = "P"\npoints = [[1, 2, 3]]\n', ['"points"']),
        ('title = "x"\nscenes = 1\n', ['"scenes"']),
        ('title = "x"\n', ["no scenes"]),
        ('title = "x"\n[[scene]]\ntitle = "a"\ncaption = { fr = "non" }\n', ['"caption"', "fr"]),
    ],
)
def test_bad_lessons_name_file_scene_key(tmp_path: Path, body: str, needles: list[str]) -> None:
    path = tmp_path / "bad.lesson.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_lesson(path)
    msg = str(info.value)
    assert msg.startswith(str(path) + ": ")
    assert "\n" not in msg
    for needle in needles:
        assert needle in msg


def test_second_scene_is_named_by_number(tmp_path: Path) -> None:
    path = tmp_path / "b.lesson.toml"
    path.write_text(SCENE + '[[scene]]\ntitle = { en = "Later" }\npoints = 3\n', encoding="utf-8")
    with pytest.raises(DataError, match=r'scene 2 \("Later"\): key "points"'):
        load_lesson(path)


def test_unreadable_toml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "t.lesson.toml"
    path.write_text('title = "x"\n\n[[scene]]\ntitle = "a\n', encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_lesson(path)
    assert info.value.line == 4
    assert str(info.value).startswith(f"{path}, line 4: not valid TOML")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no such file"):
        load_lesson(tmp_path / "none.lesson.toml")

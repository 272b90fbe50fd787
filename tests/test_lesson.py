"""Lessons in the window: scenes, the clicker, questions, making and saving lessons."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import probes
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from perceptron_gui.app import i18n
from perceptron_gui.app.format import plain_text
from perceptron_gui.core import train
from perceptron_gui.core.lesson import load_lesson, localize, scene_train_kwargs
from tests.test_lesson_core import write_three


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    # One window for the module's tests (conftest's `shared_window`: put back as new before
    # each test, the lesson closed, checked, and replaced where anything differs).
    return shared_window


@pytest.fixture
def english():  # noqa: ANN201
    i18n.set_language("en", remember=False)
    yield
    i18n.set_language("en", remember=False)


@pytest.mark.long
def test_three_scenes_play(window, tmp_path: Path) -> None:  # noqa: ANN001
    path = write_three(tmp_path)
    assert window.open_lesson(path)
    s = window.state()
    assert s["lesson"]["scene"] == 0 and s["lesson"]["scenes"] == 3
    assert s["lesson"]["scene_title"] == "Inline"
    assert s["lesson"]["question"] == "next-point"
    # scene 1: order first, η = 0.5, opened at start = 1
    assert (s["order"], s["eta"], s["updates"]) == ("first", 0.5, 1)
    assert s["points"] == [[3, 3], [4, 3], [1, 1]]
    assert window.next_slide() and window.state()["updates"] == 2
    assert window.next_slide() and window.state()["updates"] == 3  # stop = 3
    assert window.next_slide()  # the next click opens scene 2
    s = window.state()
    assert s["lesson"]["scene"] == 1
    # scene 2: its own settings, the defaults for the rest (not scene 1's η or order)
    assert (s["order"], s["eta"], s["updates"]) == ("cyclic", 1.0, 0)
    assert len(s["points"]) == 12
    # no stop: the clicker steps to the run's end (the limit of 5 updates)
    clicks = 0
    while window.state()["lesson"]["scene"] == 1:
        assert window.next_slide()
        clicks += 1
    assert clicks == 6
    s = window.state()
    assert s["lesson"]["scene"] == 2 and s["points"] == [[0, 1], [2, -1], [1, 3]]
    assert s["compare"] is not None and s["compare"]["order"] == "random"
    assert window.act_radius.isChecked()
    # back across scenes: scene 2 at its end (the limit), scene 1 from its stop down to start
    assert window.previous_slide()
    s = window.state()
    assert s["lesson"]["scene"] == 1 and s["compare"] is None
    assert s["updates"] == 5  # at the end of its run (no stop: the limit of 5)
    for _ in range(6):
        assert window.previous_slide() is True
    assert window.state()["lesson"]["scene"] == 0
    assert window.state()["updates"] == 3
    window.previous_slide()
    window.previous_slide()
    assert window.state()["updates"] == 1  # start
    assert window.previous_slide() is False  # the lesson's very start


@pytest.mark.long
def test_captions_follow_the_language(window, tmp_path: Path, english) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    strip = window.findChild(object, "lessonCaption")
    assert window.state()["lesson"]["caption"] == "The worked example."
    assert strip.text() == "The worked example."
    assert window.set_language("zh_CN")
    assert window.state()["lesson"]["caption"] == "例题。"
    assert plain_text(strip.text()) == "例题。"  # (the strip glues the words: format.keep_words)
    assert window.state()["lesson"]["title"] == "三个场景"


@pytest.mark.long
def test_next_point_question_right_and_wrong(window, tmp_path: Path) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    # order "first" after 1 update (on x1): x3 is corrected next (Table 2.1)
    assert window.state()["lesson"]["asking"] == "next-point"
    assert window.answer(2) is True
    s = window.state()
    assert s["updates"] == 2 and s["current"] == 2
    assert s["lesson"]["verdict"].startswith("right")
    assert window.answer(0) is False  # x3 again, not x1
    s = window.state()
    assert s["updates"] == 3 and s["lesson"]["verdict"].startswith("wrong")
    assert (s["lesson"]["asked"], s["lesson"]["right"]) == (2, 1)
    # at stop: no question, the tally shows
    assert s["lesson"]["asking"] is None
    assert window.answer(2) is False and window.state()["updates"] == 3
    assert "1 right of 2" in window.findChild(object, "lessonQuestion").text()


@pytest.mark.long
def test_skipping_a_question_is_not_counted(window, tmp_path: Path) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    window.next_slide()
    s = window.state()
    assert s["updates"] == 2 and (s["lesson"]["asked"], s["lesson"]["right"]) == (0, 0)


@pytest.mark.long
def test_clicking_and_typing_the_point(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    n = len(window.state()["points"])
    canvas = window.canvas
    pos = canvas.to_widget(1.0, 1.0)  # x3
    qtbot.mouseClick(canvas.viewport(), Qt.LeftButton, pos=pos)
    s = window.state()
    assert len(s["points"]) == n  # no point added
    assert s["updates"] == 2 and s["lesson"]["right"] == 1
    qtbot.keyClick(window, Qt.Key_1)
    qtbot.keyClick(window, Qt.Key_Return)
    s = window.state()
    assert s["updates"] == 3 and (s["lesson"]["asked"], s["lesson"]["right"]) == (2, 1)


@pytest.mark.long
def test_converges_question(window, tmp_path: Path) -> None:  # noqa: ANN001
    src = (
        '[[scene]]\ntitle = "x"\ngenerate = { kind = "xor", n = 20, seed = 1 }\n'
        'max_updates = 30\nstop = 5\nquestion = "converges"\n'
        '[[scene]]\ntitle = "y"\npoints = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]\n'
        'question = "converges"\n'
    )
    path = tmp_path / "c.lesson.toml"
    path.write_text(src, encoding="utf-8")
    assert window.open_lesson(path)
    assert window.state()["lesson"]["asking"] == "converges"
    assert window.answer(True) is False
    s = window.state()
    assert s["updates"] == 0 and s["lesson"]["asking"] is None
    assert (s["lesson"]["asked"], s["lesson"]["right"]) == (1, 0)
    while window.state()["lesson"]["scene"] == 0:
        window.next_slide()
    assert window.state()["lesson"]["asking"] == "converges"
    assert window.answer(5) is False and window.state()["lesson"]["asked"] == 0
    assert window.answer(True) is True


def test_clicker_keys(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    for key, k in ((Qt.Key_PageDown, 2), (Qt.Key_Right, 3), (Qt.Key_PageUp, 2), (Qt.Key_Home, 1)):
        qtbot.keyClick(window, key)
        assert window.state()["updates"] == k, key
    qtbot.keyClick(window, Qt.Key_Space)
    assert window.state()["updates"] == 2
    qtbot.keyClick(window, Qt.Key_Backspace)
    assert window.state()["updates"] == 1
    qtbot.keyClick(window, Qt.Key_B)
    assert window.state()["lesson"]["blank"]
    assert window.findChild(object, "lessonBlank").geometry() == window.rect()
    qtbot.keyClick(window, Qt.Key_B)
    assert not window.state()["lesson"]["blank"]
    # Lesson ▸ Close lesson: the keys are the window's again (Space steps, Home resets);
    # the user's settings are back, so the run starts again from its initial weights
    window.findChild(QAction, "closeLessonAction").trigger()
    assert window.state()["lesson"] is None
    assert window.state()["updates"] == 0
    qtbot.keyClick(window, Qt.Key_Space)
    assert window.state()["updates"] == 1
    qtbot.keyClick(window, Qt.Key_Home)
    assert window.state()["updates"] == 0


def test_make_save_reopen(window, tmp_path: Path) -> None:  # noqa: ANN001
    window.set_points([[0, 1], [2, 2], [1, -1]], [1, 1, -1])
    window.set_mode("pocket")
    window.set_eta(0.5)
    window.step()
    assert window.add_scene("First", "one update")
    window.set_points([[0, 0], [1, 1]], [-1, 1])
    window.set_order("first")
    assert window.add_scene("Second", "two points")
    assert window.state()["lesson"]["scenes"] == 2
    out = tmp_path / "made.lesson.toml"
    assert window.save_lesson(out)
    made = load_lesson(out)
    a, b = made.scenes
    assert (a.title, a.caption, a.start) == ("First", "one update", 1)
    assert a.config.mode == "pocket" and a.config.eta == 0.5
    assert b.config.order == "first" and b.config.mode == "pocket"
    assert b.data.points.tolist() == [[0, 0], [1, 1]]
    # reorder, delete, save, reopen: the same scenes
    player = window.lesson_player
    assert player.move_scene(1, 0)
    assert [s["title"] for s in [{"title": x.title} for x in player.lesson.scenes]] == [
        "Second",
        "First",
    ]
    lst = window.findChild(object, "lessonList")
    assert [lst.item(i).text() for i in range(lst.count())] == ["1. Second", "2. First"]
    assert window.save_lesson(out)
    assert window.open_lesson(out)
    again = window.lesson_player.lesson
    assert [x.title for x in again.scenes] == ["Second", "First"]
    assert probes.same_scene(again.scenes[1], made.scenes[0])
    assert player.delete_scene(0)
    assert [x.title for x in player.lesson.scenes] == ["First"]
    assert lst.count() == 1


def test_add_scene_keeps_the_second_run(window, tmp_path: Path) -> None:  # noqa: ANN001
    window.set_points([[0, 1], [2, 2], [1, -1]], [1, 1, -1])
    assert window.set_compare({"order": "random", "seed": 3})
    window.add_scene("Two runs", "")
    out = tmp_path / "c.lesson.toml"
    assert window.save_lesson(out)
    assert load_lesson(out).scenes[0].compare == {"order": "random", "seed": 3}
    assert window.save_lesson(tmp_path / "no" / "such" / "folder.lesson.toml") is False
    assert "lesson not saved" in window.notice.text()


@pytest.mark.long
def test_lesson_panel_lists_and_jumps(window, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    assert window.open_lesson(write_three(tmp_path))
    dock = window.findChild(object, "lessonDock")
    assert dock.isVisible()
    lst = window.findChild(object, "lessonList")
    assert lst.count() == 3 and lst.currentRow() == 0
    item = lst.item(2)
    qtbot.mouseClick(lst.viewport(), Qt.LeftButton, pos=lst.visualItemRect(item).center())
    assert window.state()["lesson"]["scene"] == 2
    window.set_presentation(True)
    assert not dock.isVisible()
    window.set_presentation(False)
    assert dock.isVisible()


BAD = {
    "unknown key": ('[[scene]]\ntitle = "A"\npoints = [[1, 1, 1]]\nspeed = 3\n', '"speed"'),
    "no data": ('[[scene]]\ntitle = "A"\n', "no data"),
    "bad setting": ('[[scene]]\ntitle = "A"\npoints = [[1, 1, 1]]\neta = 0\n', '"eta"'),
    "missing file": ('[[scene]]\ntitle = "A"\ndata = "gone.csv"\n', "gone.csv"),
    "bad toml": ('[[scene]]\ntitle = "A\n', "line 2"),
}


@pytest.mark.long
@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_lesson_keeps_the_window(window, tmp_path: Path, case: str) -> None:  # noqa: ANN001
    good = write_three(tmp_path)
    assert window.open_lesson(good)
    window.next_slide()
    before = window.state()
    body, needle = BAD[case]
    bad = tmp_path / "bad.lesson.toml"
    bad.write_text(body, encoding="utf-8")
    assert window.open_lesson(bad) is False
    text = window.notice.text()
    assert window.notice.isVisible() or not window.isVisible()
    assert str(bad) in text and needle in text
    if case != "bad toml":
        assert 'scene 1 ("A")' in text
    after = window.state()
    for key in ("points", "labels", "mode", "order", "eta", "updates", "w", "b", "lesson"):
        assert after[key] == before[key], key


@pytest.mark.long
def test_builtin_lesson_plays_and_agrees_with_train(window, english) -> None:  # noqa: ANN001
    """Clicked through from the first scene to the last: each scene's end is what
    `train` gives for its settings (the numbers do not depend on the language: the
    Chinese lesson's scenes are checked by the next test)."""
    assert window.open_lesson("perceptron")
    lesson = load_lesson("perceptron")
    assert window.state()["lesson"]["title"] == localize(lesson.title, "en")
    seen = []
    while True:
        s = window.state()
        i = s["lesson"]["scene"]
        scene = lesson.scenes[i]
        assert s["lesson"]["caption"] == localize(scene.caption, "en")
        if window.lesson_player.at_end():
            seen.append(i)
            kw = scene_train_kwargs(scene)
            if scene.stop is not None:
                cap = kw.get("max_updates")
                kw["max_updates"] = scene.stop if cap is None else min(cap, scene.stop)
            r = train(scene.data.points, scene.data.labels, **kw)
            assert s["updates"] == len(r.updates), i
            if r.w is not None:
                assert np.allclose(s["w"], r.w, rtol=1e-12, atol=1e-12), i
            assert s["b"] == pytest.approx(r.b, rel=1e-12, abs=1e-12), i
            assert s["mode"] == scene.config.mode
        if not window.next_slide():
            break
    assert seen == list(range(len(lesson.scenes)))


@pytest.mark.long
def test_builtin_lesson_in_chinese_titles_and_captions_every_scene(window, english) -> None:  # noqa: ANN001
    """In Chinese, each scene as the clicker enters it: the lesson's title and the scene's
    title and caption in Chinese, its settings and its start as in English (the run's
    numbers do not depend on the language: the test above clicks through them)."""
    assert window.set_language("zh_CN")
    assert window.open_lesson("perceptron")
    lesson = load_lesson("perceptron")
    for i, scene in enumerate(lesson.scenes):
        if i:
            window.lesson_player.go(i)  # what the click at the previous scene's end does
        s = window.state()
        assert s["lesson"]["title"] == localize(lesson.title, "zh_CN")
        assert s["lesson"]["scene"] == i
        assert s["lesson"]["scene_title"] == localize(scene.title, "zh_CN")
        assert s["lesson"]["caption"] == localize(scene.caption, "zh_CN")
        assert s["mode"] == scene.config.mode and s["updates"] == scene.start, i


@pytest.mark.long
def test_export_lesson_command(tmp_path: Path) -> None:
    """--export-lesson: figures per step, tables, lesson.tex and lesson.md (a subprocess)."""
    import os
    import subprocess
    import sys

    (tmp_path / "pts.csv").write_text("x1,x2,y\n0,1,1\n2,-1,-1\n", encoding="utf-8")
    src = (
        'title = "Two"\n[[scene]]\ntitle = "Worked"\ncaption = "η = 1 & y·f ≤ 0"\n'
        'points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]\norder = "first"\nstop = 3\n'
        'show = ["table"]\nquestion = "next-point"\n'
        '[[scene]]\ntitle = "CSV"\ndata = "pts.csv"\n'
    )
    lesson = tmp_path / "two.lesson.toml"
    lesson.write_text(src, encoding="utf-8")
    out = tmp_path / "out"
    env = {**os.environ, "PERCEPTRON_GUI_STATE_DIR": str(tmp_path / "state")}
    root = Path(__file__).resolve().parents[1]
    r = subprocess.run(
        [sys.executable, "-m", "perceptron_gui", "--export-lesson", str(lesson), str(out)]
        + ["--size", "320x240"],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(root)},
        cwd=tmp_path,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    names = {p.name for p in out.iterdir()}
    for k in range(4):  # scene 1: start 0, then 3 updates (stop)
        assert {f"scene01-step{k:02d}.png", f"scene01-step{k:02d}.svg"} <= names
        table = (out / f"scene01-step{k:02d}-table.tex").read_text(encoding="utf-8")
        assert table.count("\\\\") == k + 2  # the header, then rows 0 … k
    assert "scene01-step04.png" not in names
    assert {"scene02-step00.png", "scene01-table.tex", "scene02-table.tex"} <= names
    tex = (out / "lesson.tex").read_text(encoding="utf-8")
    assert tex.count("\\begin{frame}") == 1 + 4 + len(
        [n for n in names if n.startswith("scene02-step") and n.endswith(".png")]
    )
    assert "\\ensuremath{\\eta} = 1 \\& y\\ensuremath{\\cdot}f \\ensuremath{\\le} 0" in tex
    assert "\\input{scene01-step02-table.tex}" in tex
    md = (out / "lesson.md").read_text(encoding="utf-8")
    assert "## 1. Worked" in md and "![Worked](scene01-step03.png)" in md
    from PySide6.QtGui import QImage

    assert QImage(str(out / "scene01-step02.png")).width() == 320
    import shutil

    def tex_has(*files: str) -> bool:  # a TeX with every package lesson.tex needs
        if not (shutil.which("pdflatex") and shutil.which("kpsewhich")):
            return False
        found = subprocess.run(["kpsewhich", *files], capture_output=True, text=True)
        return len(found.stdout.split()) == len(files)

    # (beamer without pgf, as a half-installed texlive-latex-recommended has it, cannot)
    if tex_has("beamer.cls", "pgfmath.sty", "booktabs.sty", "iftex.sty", "graphicx.sty"):
        c = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "lesson.tex"],
            cwd=out,
            capture_output=True,
            timeout=300,
        )
        assert c.returncode == 0 and (out / "lesson.pdf").exists()


def test_lesson_flag_refuses_a_bad_file(qapp, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    """`perceptron-gui --lesson BAD` and `--export-lesson BAD OUT`: status 2 and one line
    that names the file, the scene and the key. (In this process, as `main(argv)`: the
    exit of `python -m perceptron_gui` with main's status is test_packaging's and
    test_window's, in a new interpreter.)"""
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.app.main import main
    from perceptron_gui.app.main_window import MainWindow

    bad = tmp_path / "bad.lesson.toml"
    bad.write_text('[[scene]]\ntitle = "A"\npoints = [[1, 1, 1]]\nspeed = 3\n', encoding="utf-8")
    before = set(QApplication.topLevelWidgets())
    try:
        for args in (["--lesson", str(bad)], ["--export-lesson", str(bad), str(tmp_path / "o")]):
            capsys.readouterr()
            try:
                code = main(args)
            except SystemExit as exc:  # the parser's error (--export-lesson)
                code = exc.code
            assert code == 2
            lines = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
            assert len(lines) == 1, lines
            assert str(bad) in lines[0] and 'scene 1 ("A")' in lines[0] and '"speed"' in lines[0]
    finally:
        for w in set(QApplication.topLevelWidgets()) - before:  # the window --lesson made
            if isinstance(w, MainWindow):
                w.close()
                w.deleteLater()


@pytest.mark.long
def test_lesson_flag_opens_in_presentation(qapp, tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from perceptron_gui.app.main import main
    from perceptron_gui.app.main_window import MainWindow

    calls = []
    present = MainWindow.set_presentation

    def spy(self, on: bool) -> None:  # noqa: ANN001
        calls.append((on, self.state()["lesson"]))
        present(self, on)

    monkeypatch.setattr(MainWindow, "set_presentation", spy)
    out = tmp_path / "shot.png"
    path = write_three(tmp_path)
    assert main(["--lesson", str(path), "--screenshot", str(out), "--size", "640x480"]) == 0
    assert out.exists()
    on, lesson = calls[0]
    assert on is True and lesson["scene"] == 0 and lesson["scenes"] == 3


@pytest.mark.long
def test_export_the_builtin_lesson(window, tmp_path: Path) -> None:  # noqa: ANN001
    """Every scene of "The perceptron": its first step's figure (a whole export takes a
    minute; test_export_lesson_command checks a scene's later steps), its tables,
    lesson.tex and lesson.md."""
    from PySide6.QtGui import QImage

    from perceptron_gui.app.lesson_export import export_lesson

    lesson = load_lesson("perceptron")
    window.show_panels(False)
    written = export_lesson(window, lesson, tmp_path, size=(240, 180), max_steps=1)
    names = {p.name for p in written}
    assert names == {p.name for p in tmp_path.iterdir()}
    tex = (tmp_path / "lesson.tex").read_text(encoding="utf-8")
    for i, scene in enumerate(lesson.scenes, 1):
        pngs = sorted(n for n in names if n.startswith(f"scene{i:02d}-step") and n[-4:] == ".png")
        assert pngs == [f"scene{i:02d}-step{scene.start:02d}.png"], pngs
        assert all(n.replace(".png", ".svg") in names for n in pngs)
        assert f"scene{i:02d}-table.tex" in names
        assert (
            f"\\includegraphics[height=0.69\\textheight,keepaspectratio]{{{pngs[-1]}}}" in tex
            or (f"{{{pngs[-1]}}}" in tex)
        )
        image = QImage(str(tmp_path / pngs[-1]))
        assert (image.width(), image.height()) == (240, 180), pngs[-1]
    frames = sum(1 for n in names if n.endswith(".png"))
    assert tex.count("\\begin{frame}") == frames + 1  # and the title frame
    assert tex.rstrip().endswith("\\end{document}")
    assert (tmp_path / "lesson.md").read_text(encoding="utf-8").count("\n## ") == 15


def test_the_strip_does_not_ask_twice() -> None:
    """While the strip asks the question in large type, the caption drops its own."""
    from perceptron_gui.app.lesson import caption_without_question as strip

    assert (
        strip("w = 0: all wrong (y·f ≤ 0). Which point is next?") == "w = 0: all wrong (y·f ≤ 0)."
    )
    assert strip("每个点都是误分类点。下一个被修正的是哪个点？") == "每个点都是误分类点。"
    assert strip("Will it converge?") == ""
    assert strip("No question.") == "No question."

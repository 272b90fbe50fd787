"""The web page of a run or a lesson (perceptron_gui.web): its data, its entry points.

What the page shows in a browser is tested in test_web_browser.py; here, without a
browser: the numbers it carries, every mode, the Chinese narration, that it names no
address outside itself, the CLI, --export, the menu action and the notebook's picture.
"""

from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core.api import train
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.generators import generate
from perceptron_gui.core.model import mistakes
from perceptron_gui.core.registry import spec
from perceptron_gui.web import build
from perceptron_gui.web.build import run_data, run_page

X21 = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
Y21 = [1.0, 1.0, -1.0]
EX21 = make_dataset(X21, Y21)


def order_for(mode: str) -> str:
    """ "first" where the mode takes it (Example 2.1's order), else cyclic."""
    return "first" if spec(mode).allows("first") else "cyclic"


def page_data(text: str) -> dict:
    m = re.search(
        r'<script type="application/json" id="perceptron-data">(.*?)</script>', text, re.S
    )
    assert m is not None
    return json.loads(m.group(1))


def mask(frame: dict, n: int) -> list[int]:
    raw = np.frombuffer(base64.b64decode(frame["x"]), dtype=np.uint8)
    return np.flatnonzero(np.unpackbits(raw, bitorder="little")[:n]).tolist()


def test_example_2_1_frames_are_the_runs_updates() -> None:
    run = run_data(EX21, TrainConfig(order="first"))
    frames = run["frames"]
    assert [f["k"] for f in frames] == list(range(8))
    f3 = frames[3]
    assert (f3["w"], f3["b"]) == ([1.0, 1.0], -1.0)
    assert f3["n"].startswith("update 3 on x3")
    assert "w = (1, 1)" in f3["r"][1] and "b = −1" in f3["r"][1]
    assert f3["r"][0] == ["k = 3 ≤ (D/γ)² = 117"]
    assert mask(f3, 3) == [2]  # x3: −1 · (1 + 1 − 1) = −1 ≤ 0
    assert mask(frames[0], 3) == [0, 1, 2]
    assert mask(frames[7], 3) == []
    assert "converged" in frames[7]["e"] and "converged ✓" in frames[7]["r"][2]
    assert run["done"] and run["converged"] and run["cut"] is None


def test_every_mode_records_what_the_run_does() -> None:
    rng = np.random.default_rng(4)
    pts = rng.normal(size=(12, 2))
    labels = np.where(pts[:, 0] + 0.3 * pts[:, 1] > 0, 1.0, -1.0)
    labels[0] = -labels[0]  # not separable: the pocket, the vote and PA have work to do
    data = make_dataset(pts, labels)
    for mode in MODES:
        config = TrainConfig(mode=mode, order=order_for(mode), max_updates=25)
        run = run_data(data, config)
        frames = run["frames"]
        result = train(pts, labels, mode=mode, order=order_for(mode), max_updates=25)
        assert [f["k"] for f in frames] == list(range(len(result.updates) + 1)), mode
        # The halos of the last frame: the answer's mistakes, as the window marks them.
        assert mask(frames[-1], 12) == mistakes(result.answer, pts, labels).tolist(), mode
        if mode == "kernel":
            assert all("w" not in f and f["i"] >= 0 for f in frames)
            assert run["images"] and all(len(i) < 4000 for i in run["images"])
        else:
            last = frames[-1]
            assert result.w is not None
            assert np.allclose(last["w"], result.w) and last["b"] == result.b, mode
        if mode in ("pocket", "averaged"):
            assert frames[-1]["a"] is not None and run["answer_name"] == mode.replace(
                "averaged", "average"
            )
        if mode in ("kernel", "voted"):  # the last frame's regions are the answer's own
            image = build._Images(run["view"])
            assert run["images"][frames[-1]["i"]] == image.images[image.add(result.answer)]
        if mode == "batch":
            assert any("M" in f for f in frames[1:])  # a step of several points
        assert all(f["n"] for f in frames), mode


def test_the_chinese_page_narrates_in_chinese_and_leaves_the_window_english() -> None:
    from PySide6.QtCore import QCoreApplication

    from perceptron_gui.app import narration

    run = run_data(EX21, TrainConfig(order="first"), lang="zh_CN")
    assert run["frames"][3]["n"].startswith("第 3 次更新")
    assert run["frames"][3]["r"][2] == ["当前误分类：1 / 3"]
    assert narration.translate is QCoreApplication.translate
    assert run_data(EX21, TrainConfig(order="first"))["frames"][3]["n"].startswith("update 3")


def test_the_page_names_no_address_and_is_small() -> None:
    data = generate("noisy", 40, seed=1)
    text = run_page(data, TrainConfig(max_updates=100))
    assert len(page_data(text)["run"]["frames"]) == 101
    size = len(text.encode("utf-8"))
    assert size < 200_000, size  # 40 points, 100 updates: ~70 kB (plotly.js alone: 4.6 MB)
    assert "default-src 'none'" in text  # the browser itself refuses any request
    addresses = re.findall(r"(?:src|href|url)\s*[=(]\s*[\"']?\s*(?:https?:)?//", text, re.I)
    assert addresses == []
    # The only "http" in the page is the SVG namespace (a name, never fetched).
    assert set(re.findall(r"https?://[^\s\"'<>]+", text)) == {"http://www.w3.org/2000/svg"}


def test_a_caption_cannot_close_the_data_script() -> None:
    payload = {"title": "</script><script>alert(1)</script>"}
    text = build._html("t", "en", payload)
    assert text.count("</script>") == 2  # the data's and the code's
    assert page_data(text)["title"] == payload["title"]


def test_a_big_run_draws_a_sample_and_keeps_every_number() -> None:
    data = generate("separable", 10_000, seed=1)
    run = run_data(data, TrainConfig(max_updates=5))
    assert len(run["drawn"]) == build.DRAW_MAX and len(run["points"]) == 10_000
    f = run["frames"][0]
    assert len(base64.b64decode(f["x"])) == build.DRAW_MAX // 8
    assert "of 10000" in f["r"][2][0]


def test_the_page_stops_recording_a_run_that_never_ends() -> None:
    data = generate("noisy", 30, seed=2)
    run = run_data(data, TrainConfig(), stop=40)
    assert len(run["frames"]) == 41 and run["cut"] == 40 and not run["done"]


def test_the_pages_command_reproduces_the_run(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from perceptron_gui.cli import main

    csv = tmp_path / "ex21.csv"
    csv.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n", encoding="utf-8")
    out = tmp_path / "run.html"
    assert main(["html", str(csv), "--order", "first", "--eta", "0.5", "-o", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    doc = page_data(out.read_text(encoding="utf-8"))
    src = doc["source"]
    import hashlib

    assert src["file_sha256"] == hashlib.sha256(csv.read_bytes()).hexdigest()
    assert src["data_sha256"] == build.data_sha256(make_dataset(X21, Y21))
    assert src["settings"]["eta"] == 0.5 and src["version"]
    command = src["command"].split()
    assert command[:3] == ["perceptron", "trace", "ex21.csv"]
    assert main([*command[1:2], str(csv), *command[3:], "--json"]) == 0
    traced = json.loads(capsys.readouterr().out)
    last = doc["run"]["frames"][-1]
    assert (traced["w"], traced["b"], traced["mistakes"]) == (last["w"], last["b"], last["k"])


def test_the_command_line_refuses_bad_input_in_one_line(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from perceptron_gui.cli import main

    assert main(["html", str(tmp_path / "none.csv"), "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "none.csv" in err[0]
    bad = tmp_path / "bad.csv"
    bad.write_text("x1,x2,y\n1,2,3\n", encoding="utf-8")
    assert main(["html", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    assert "line 2" in capsys.readouterr().err
    assert main(["html", str(bad), "-o", "-"]) == 2
    assert not (tmp_path / "x.html").exists()


def test_a_lesson_page_has_its_scenes_and_their_answers(tmp_path: Path) -> None:
    from perceptron_gui.cli import main
    from perceptron_gui.core.lesson import load_lesson

    out = tmp_path / "lesson.html"
    assert main(["html", "perceptron", "--lang", "zh_CN", "-o", str(out)]) == 0
    doc = page_data(out.read_text(encoding="utf-8"))
    lesson = load_lesson("perceptron")
    assert [s["title"] for s in doc["scenes"]] == [s.title["zh_CN"] for s in lesson.scenes]
    asked = [
        (s["question"]["kind"], s["question"]["answer"]) for s in doc["scenes"] if s["question"]
    ]
    assert asked[0] == ("next-point", "下一次更新修正 x1。")  # Example 2.1 from w = 0: x1 first
    assert asked[1] == ("converges", "永不收敛：30 次更新后 更新次数上限。")  # noisy, max 30


def test_the_notebook_draws_a_train_result() -> None:
    result = train(X21, Y21, order="first")
    frame = result._repr_html_()
    assert frame is not None and frame.startswith('<iframe srcdoc="')
    page = html.unescape(frame.split('srcdoc="', 1)[1].split('" style=', 1)[0])
    assert page_data(page)["run"]["frames"][3]["w"] == [1.0, 1.0]
    bare = build.TrainResult(**{**result.__dict__, "data": None})
    assert bare._repr_html_() is None  # a result made elsewhere: Jupyter shows its text


def test_perceptron_gui_export_html_and_lesson_html(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    from perceptron_gui.app.main import main

    csv = tmp_path / "ex21.csv"
    csv.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n", encoding="utf-8")
    out = tmp_path / "run.html"
    args = ["--export", str(out), str(csv), "--mode", "pocket", "--order", "first"]
    assert main([*args, "--max-updates", "5", "--steps", "2"]) == 0
    doc = page_data(out.read_text(encoding="utf-8"))
    assert doc["run"]["mode"] == "pocket" and doc["run"]["frames"][-1]["k"] == 5
    assert doc["start"] == 2
    assert main(["--export-lesson", "perceptron", str(tmp_path / "l"), "--html"]) == 0
    assert "saved" in capsys.readouterr().out
    assert page_data((tmp_path / "l" / "lesson.html").read_text(encoding="utf-8"))["scenes"]
    with pytest.raises(SystemExit) as stop:
        main(["--export", str(out), str(csv), "--eta", "-1"])
    assert stop.value.code == 2


@pytest.mark.long
def test_file_export_web_page_is_one_menu_action(window, tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QFileDialog

    from perceptron_gui.app import i18n

    assert window.set_points(X21, Y21) and window.set_order("first")
    from PySide6.QtWidgets import QMenu

    menus = [m for m in window.findChildren(QMenu) if window.act_export_web in m.actions()]
    assert [m.title() for m in menus] == ["&Export"]
    out = tmp_path / "page"  # no extension: the dialog's filter adds .html
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.step()
    window.step()
    window.act_export_web.trigger()
    doc = page_data((tmp_path / "page.html").read_text(encoding="utf-8"))
    run = doc["run"]
    assert run["frames"][3]["w"] == [1.0, 1.0]
    assert doc["start"] == 2  # the page opens where the window is
    assert "exported" in window.statusBar().currentMessage()
    i18n.set_language("zh_CN", remember=False)
    try:
        assert window.exports.export_web(tmp_path / "zh.html")
    finally:
        i18n.set_language("en", remember=False)
    zh = page_data((tmp_path / "zh.html").read_text(encoding="utf-8"))
    assert zh["run"]["frames"][1]["n"].startswith("第 1 次更新")
    assert not window.exports.export_web(tmp_path / "no" / "dir.html")
    assert "not exported" in window.notice.text()


def test_the_regions_follow_a_kernel_run_of_unknown_length() -> None:
    """Without a limit the run's length is unknown until it ends: still one image per
    frame while they are few, and the last one the answer's (not the start's)."""
    run = run_data(EX21, TrainConfig(mode="kernel", kernel="rbf", sigma=1.5))
    result = train(X21, Y21, mode="kernel", kernel="rbf", sigma=1.5)
    assert [f["i"] for f in run["frames"]] == [0, 1, 2]
    image = build._Images(run["view"])
    assert run["images"][-1] == image.images[image.add(result.answer)]


def test_the_view_frames_points_on_top_of_each_other_and_the_origin_when_near() -> None:
    x0, x1, y0, y1 = build._view(np.array([[1.0, 1.0], [1.0, 1.0]]))
    assert x1 - x0 >= 2 and y1 - y0 >= 2 and x0 < 1 < x1 and y0 < 1 < y1
    assert abs((x1 - x0) / (y1 - y0) - build.ASPECT) < 1e-12
    x0, x1, y0, y1 = build._view(np.array(X21))  # Example 2.1: the lines pass near 0
    assert x0 < 0 < x1 and y0 < 0 < y1
    x0, x1, y0, y1 = build._view(np.array([[100.0, 100.0], [101.0, 101.0]]))
    assert x0 > 50 and y0 > 50  # far from the origin: the points fill the view


@pytest.mark.parametrize("d", [1, 4])
def test_points_of_d_features_are_drawn_on_the_view_of_the_last_w(d: int) -> None:
    """d ≠ 2: every mode's page draws the points on the w-aligned view of the run's last
    weights (the x₁ axis for d = 1), its last line the hyperplane itself; the CSV the page
    saves has the d features."""
    from perceptron_gui.core.model import LinearModel
    from perceptron_gui.core.projection import drawn_axes, project

    rng = np.random.default_rng(7 + d)
    X = np.round(rng.normal(size=(10, d)), 3)
    y = np.where(X @ np.linspace(1.0, -1.0, d) + 0.2 > 0, 1.0, -1.0)
    y[0], y[-1] = 1.0, -1.0
    data = make_dataset(X, y)
    for mode in MODES:
        config = TrainConfig(mode=mode, order=order_for(mode), max_updates=15)
        run = run_data(data, config)
        r = train(X, y, mode=mode, order=order_for(mode), max_updates=15)
        frames = run["frames"]
        assert [f["k"] for f in frames] == list(range(len(r.updates) + 1)), mode
        assert mask(frames[-1], 10) == mistakes(r.answer, X, y).tolist(), mode
        assert run["dim"] == d and run["xs"] == X.tolist()
        assert ("x₁ axis" if d == 1 else "R⁴") in run["note"]
        answer = r.answer if isinstance(r.answer, LinearModel) else None
        w_end = answer.w if answer is not None else (r.w or (0.0,) * d)
        P = np.array(run["points"])
        np.testing.assert_allclose(P, project(X, drawn_axes(X, w_end)), rtol=0, atol=1e-12)
        if d == 1:
            assert P[:, 0].tolist() == X[:, 0].tolist() and not P[:, 1].any(), mode
        drawn = frames[-1].get("a") if answer is not None else None
        if drawn is None and "w" in frames[-1]:
            drawn = [*frames[-1]["w"], frames[-1]["b"]]
        if drawn is None:  # the kernel and the vote: regions, scored by the model itself
            continue
        wv, b = (np.array(answer.w), answer.b) if answer is not None else (np.array(r.w), r.b)
        assert drawn[1] == 0.0, mode  # vertical: the hyperplane itself, at true distances
        np.testing.assert_allclose(P[:, 0] * drawn[0] + drawn[2], X @ wv + b, atol=1e-9)

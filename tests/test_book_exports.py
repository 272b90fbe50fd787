"""Exports in every mode through the one presenter, slide-ready text, the GIF's counter
and last frame, animations from the current update, compare side by side, and the
command line's --export with every setting of `perceptron trace`."""

from __future__ import annotations

from pathlib import Path

import pytest

from perceptron_gui.app import export
from perceptron_gui.core.config import MODES
from perceptron_gui.core.generators import generate
from perceptron_gui.core.registry import spec
from tests.test_export import export_here, gif_frames, opened, rgb, run_cli

EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


@pytest.mark.long
@pytest.mark.parametrize("mode", MODES)
def test_every_mode_exports_a_figure_an_svg_and_a_gif(window, tmp_path: Path, mode: str) -> None:  # noqa: ANN001
    d = generate("xor", 16, seed=1) if mode == "kernel" else generate("noisy", 16, seed=2)
    window.set_points(d.points, d.labels)
    assert window.set_mode(mode)
    for _ in range(3):
        window.step()
    png, svg, gif = tmp_path / "f.png", tmp_path / "f.svg", tmp_path / "a.gif"
    assert window.export_figure(png, size=(600, 450)), window.notice.text()
    assert window.export_figure(svg, size=(600, 450)), window.notice.text()
    assert window.export_animation(gif, 2, size=(400, 320)), window.notice.text()
    assert opened(png)[0] == (600, 450)
    assert rgb(png).std() > 10  # a picture, not a blank
    text = svg.read_text(encoding="utf-8")
    legend = [name for name in ("pocket", "average", "vote") if f">{name} (the answer)" in text]
    answer = spec(mode).answer_name  # the answer's name in the legend, when it has one
    assert legend == ([answer] if answer else [])
    assert opened(gif)[2] >= 3


def tick_digit_height(path: Path) -> int:
    """The height in pixels of the x axis's tick labels, measured in the PNG: the first
    band of dark rows under the plot's bottom axis line."""
    a = rgb(path).astype(int)
    dark = a.sum(axis=2) < 200
    h, w = dark.shape
    rows = dark[:, w // 10 : 9 * w // 10].mean(axis=1)
    axis = max(r for r in range(h // 2, h) if rows[r] > 0.8)  # the axis line
    ink = [r for r in range(axis + 1, h) if dark[r, w // 10 : 9 * w // 10].any()]
    band = [ink[0]]
    for r in ink[1:]:
        if r != band[-1] + 1:
            break
        band.append(r)
    return len(band)


@pytest.mark.long
@pytest.mark.parametrize("height", [600, 900])
def test_figure_text_is_slide_ready(window, tmp_path: Path, height: int) -> None:  # noqa: ANN001
    window.set_points(EX_X, EX_Y)
    out = tmp_path / "f.png"
    assert window.export_figure(out, size=(height * 4 // 3, height))
    # The font is 2.5 % of the height: its digits about 0.7 of that (16 px at 900).
    assert tick_digit_height(out) >= 0.017 * height
    if height >= 900:  # the screen's size is smaller there: the measure can fail
        small = tmp_path / "small.png"
        assert window.export_figure(small, size=(height * 4 // 3, height), scale=1.0)
        assert tick_digit_height(small) < 0.017 * height


def test_the_gif_ends_with_a_converged_frame(window) -> None:  # noqa: ANN001
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    frames = list(export._frames(export._started(window.controller, 0), 50))
    assert [f.caption.startswith("update") for f in frames[1:-1]] == [True] * 7
    assert frames[-1].caption == "converged after 7 updates: every point is on its side"
    assert window.state()["mistakes"] == 0  # the window's run did not move


@pytest.mark.long
def test_gif_counter_and_start_from_the_current_update(window, tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    window.set_points(EX_X, EX_Y)
    window.set_order("first")
    for _ in range(3):
        window.step()
    titles: list[str] = []
    real = export.Figure.set_title
    monkeypatch.setattr(
        export.Figure, "set_title", lambda self, text: (titles.append(text), real(self, text))
    )
    out = tmp_path / "a.gif"
    assert window.export_animation(out, 2, size=(400, 320))
    # From the window's update 3: updates 4 and 5, then "the run goes on".
    assert titles == ["k = 3", "k = 4", "k = 5", "k = 5"]
    frames, _ = gif_frames(out)
    assert len(frames) == 4
    titles.clear()
    assert window.export_animation(out, 50, size=(400, 320), start=0)
    assert titles == [f"k = {k}" for k in range(8)] + ["k = 7"]
    assert window.state()["mistakes"] == 3


@pytest.mark.long
def test_compare_exports_both_runs_side_by_side(window, tmp_path: Path) -> None:  # noqa: ANN001
    window.set_points(EX_X, EX_Y)
    window.set_compare({"order": "random", "seed": 1})
    for _ in range(2):
        window.step()
    png, svg = tmp_path / "c.png", tmp_path / "c.svg"
    assert window.export_figure(png, size=(1200, 450)), window.notice.text()
    assert opened(png)[0] == (1200, 450)
    a = rgb(png)
    left, right = a[:, :600], a[:, 600:]
    assert left.std() > 10 and right.std() > 10
    assert window.export_figure(svg, size=(1200, 450))
    text = svg.read_text(encoding="utf-8")
    assert 'id="plotArea1"' in text and 'id="plotArea2"' in text
    assert text.count("<svg") == 3
    window.set_compare(None)
    assert window.export_figure(png, size=(1200, 450))
    assert opened(png)[0] == (1200, 450)


@pytest.mark.long
def test_cli_exports_a_kernel_run_with_trace_settings(tmp_path: Path, capsys, monkeypatch) -> None:  # noqa: ANN001
    data = tmp_path / "xor.csv"
    data.write_text("x1,x2,y\n0,0,1\n1,1,1\n0,1,-1\n1,0,-1\n", encoding="utf-8")
    png, gif = tmp_path / "k.png", tmp_path / "k.gif"
    r = run_cli("--export", str(png), str(data), "--mode", "kernel", "--kernel", "rbf",
                "--sigma", "0.7", "--steps", "3", "--size", "480x360", cwd=tmp_path)  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and opened(png)[0] == (480, 360)
    # (The rest in this process: app.main's main(), as the command line calls it.)
    code, err = export_here(capsys, monkeypatch, tmp_path, str(gif), str(data), "--mode", "pa",
                            "--C", "0.5", "--eta", "0.5", "--no-bias", "--seed", "3",
                            "--start", "1", "--steps", "2", "--size", "400x320")  # fmt: skip
    assert code == 0, err
    assert 2 <= opened(gif)[2] <= 4
    code, err = export_here(capsys, monkeypatch, tmp_path, str(png), str(data), "--eta", "-1")
    lines = [ln for ln in err.splitlines() if "propagateSizeHints" not in ln]
    assert code == 2 and len(lines) == 1 and "η" in lines[0], err


#: The word column titles of each mode's exported table (after k, before w or the α).
EXPORT_POINT_COLUMNS = {"batch": ["|M|", "points summed"]}


@pytest.mark.parametrize("mode", MODES)
def test_every_modes_exported_table_says_what_its_steps_did(
    window,  # noqa: ANN001
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    mode: str,
) -> None:
    """The exported batch table named one point ("x1") as the misclassified point of a
    step that summed all 18 of the built-in example; the command line and the window's
    table show |M| and the points summed. Every mode, every format: the columns after
    k, and the batch's rows as the window's table and `perceptron trace` have them."""
    from PySide6.QtGui import QAction, QGuiApplication

    window.load_example()
    assert window.set_mode(mode)
    window.step()
    window.step()
    clipboard = QGuiApplication.clipboard()
    texts = {}
    for name in ("copyLatexAction", "copyMarkdownAction"):
        window.findChild(QAction, name).trigger()
        texts[name] = clipboard.text()
    csv_path = tmp_path / "t.csv"
    assert window.export_table(csv_path)
    texts["csv"] = csv_path.read_text(encoding="utf-8")
    columns = EXPORT_POINT_COLUMNS.get(mode, ["misclassified point"])
    header = texts["csv"].splitlines()[0].split(",")
    assert header[1 : 1 + len(columns)] == columns, header
    assert "points summed" in texts["copyLatexAction"].splitlines()[2] or mode != "batch"
    assert ("\\|M\\| | points summed" in texts["copyMarkdownAction"]) == (mode == "batch")
    t = window.controller.trainer
    if mode == "batch":
        from perceptron_gui.core.tables import batch_names

        m = window.iteration_table.model
        first = texts["csv"].splitlines()[2].split(",")
        assert first[1] == m.index(1, 1).data() == str(int(t.batch_sizes[0])) == "18"
        assert first[2] == batch_names(t.batch_points[0]) == "x1 x2 x3 x4 x5 x6 … x18"
        assert (
            "$x_{1}, x_{2}, x_{3}, x_{4}, x_{5}, x_{6}, \\ldots, x_{18}$"
            in texts["copyLatexAction"]
        )

"""Every output tells the truth (issue 28): the narration's step from the registry, the
proof's conclusion, one message with the bias off, plain text for scripts."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from perceptron_gui.app.narration import narrate
from perceptron_gui.cli import command as cli
from perceptron_gui.core import TrainConfig, make_dataset, make_trainer
from perceptron_gui.core.config import MODES
from perceptron_gui.core.generators import generate
from perceptron_gui.core.novikoff import novikoff
from perceptron_gui.core.proof import THROUGH_ORIGIN, conclusion, conclusion_parts
from perceptron_gui.core.registry import spec

EX_X, EX_Y = [[3, 3], [4, 3], [1, 1]], [1, 1, -1]
#: Points on a line through the origin with the far one negative: only a bias separates.
NO_BIAS = make_dataset([[1, 1], [2, 2], [3, 3]], [1, 1, -1])


def plain(text: str) -> str:
    return text.replace("\xa0", " ")


def _pa_at_its_limit(limit: int):  # noqa: ANN202
    """Passive-aggressive on the built-in example, stopped by its update limit."""
    from importlib.resources import files

    import numpy as np

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    cfg = TrainConfig(mode="pa", max_updates=limit)
    t = make_trainer(make_dataset(rows[:, :2], rows[:, 2]), cfg)
    while t.step() is not None:
        pass
    assert t.done and not t.converged and t.k == limit
    return t


def test_an_update_that_reached_the_limit_says_stopped_without_its_weights_again() -> None:
    """The last update at the limit says w and b: "; stopped (update limit)" follows, not
    "at k = 300: w = …, b = …" again (in presentation the whole was cut with "…")."""
    t = _pa_at_its_limit(300)
    said = plain(narrate(t))
    assert said.startswith("update 300 on ") and said.endswith("; stopped (update limit)"), said
    assert "at k =" not in said, said


def test_a_narration_too_long_for_its_lines_keeps_its_numbers_whole(qapp) -> None:  # noqa: ANN001
    """The narration's last resort (too long even shortened, in the smallest type): the
    shortened text, elided, its glued terms broken at their spaces, never a number over
    two lines (passive-aggressive's last update at the limit in presentation at
    1024×768 showed "= 0.99" / "99999999999997")."""
    from PySide6.QtGui import QFont

    from perceptron_gui.app.panels.common import SteadyLabel

    full = narrate(_pa_at_its_limit(300))
    label = SteadyLabel(3, shrink=0.9)
    label.condensable = True
    label.setFont(QFont("DejaVu Sans", 22))
    label.resize(700, 200)
    label.setText(full)
    shown = QLabel_text(label)
    assert shown.endswith("…") and label.toolTip(), shown
    numbers = set(re.findall(r"[−\d.e]*\d", plain(full)))
    for line in shown.split("\n"):
        for number in re.findall(r"[−\d.e]*\d(?![\d.]*…)", plain(line)):  # (but the cut one)
            assert number in numbers, (number, shown)
    assert "y(w·x + b) = 0.9999999999999997" in plain(shown), shown  # (the shortened wording)


def QLabel_text(label) -> str:  # noqa: ANN001, N802
    from PySide6.QtWidgets import QLabel

    return str(QLabel.text(label)).replace("\u2060", "")


@pytest.mark.parametrize("mode", ["pa", "margin"])
def test_a_margin_below_the_threshold_never_reads_as_the_threshold(mode: str) -> None:
    """Passive-aggressive on the built-in example updates x13 for ever at a margin that
    rounding keeps just below 1 (its τ ~1e-17 leaves w as it was): the narration said
    "its margin 1 < 1"; now the margin has the digits that tell it from the threshold.
    Every update inside the margin of the first 300 (both modes that make them)."""
    from importlib.resources import files

    import numpy as np

    from perceptron_gui.app.format import fmt

    rows = np.loadtxt(
        str(files("perceptron_gui") / "data" / "example.csv"), delimiter=",", skiprows=1
    )
    t = make_trainer(make_dataset(rows[:, :2], rows[:, 2]), TrainConfig(mode=mode))
    near = 0
    while (rec := t.step()) is not None and rec.k < 300:
        if rec.reason != "margin":
            continue
        said = plain(narrate(t))
        m = re.search(r"but its margin (\S+) (<|≤) (\S+) →", said)
        assert m is not None, said
        assert m.group(1) != m.group(3) or rec.margin == rec.threshold, said
        assert float(m.group(1).replace("−", "-")) == pytest.approx(rec.margin, rel=1e-3, abs=1e-12)
        near += fmt(rec.margin) == fmt(rec.threshold)
    assert near > 0 or mode == "margin"  # (passive-aggressive's margins just below 1 came)


@pytest.mark.parametrize("mode", MODES)
def test_the_narration_writes_each_modes_own_step_from_its_registry_entry(mode: str) -> None:
    """τ with its formula for passive-aggressive, η Σ_M yx for batch, η for the rest
    (issue 28: PA's τ formula was printed for any mode whose factor is not η)."""
    s = spec(mode)
    data = generate("xor", 12, seed=3) if mode == "kernel" else make_dataset(EX_X, EX_Y)
    t = make_trainer(data, TrainConfig(mode=mode))
    said = ""
    while (rec := t.step()) is not None and not rec.updated:
        pass
    said = plain(narrate(t))
    assert said.startswith(("update", "batch step")), said
    if s.update_rule.startswith("w ← w + "):
        assert f"w ← w + {s.step} = " in said, said
    if s.step_formula:
        assert f"{s.step_formula} = " in said, said
    else:
        assert "min(C" not in said, said
    if s.scale_symbol == "η":
        assert "τ" not in said, said
    else:
        assert f"b ← b + {s.scale_symbol}y = " in said and "η" not in said, said


def test_the_registry_names_each_modes_step() -> None:
    assert spec("pa").step == "τyx" and spec("pa").step_formula.startswith("τ = min(C, ")
    assert spec("batch").step == "η Σ_M yx" and spec("primal").step == "ηyx"
    assert [m for m in MODES if spec(m).step_formula] == ["pa"]
    source = Path(__file__).parents[1] / "perceptron_gui" / "app" / "narration.py"
    # (a step's reason, "batch" or "margin", is the record's, not the mode's name)
    text = re.sub(r'rec\.reason == "\w+"', "", source.read_text(encoding="utf-8"))
    assert not any(f'"{m}"' in text for m in MODES), "no mode name is tested in narration.py"


def test_the_proof_conclusion_never_contradicts_itself() -> None:
    """(D/γ)² = 1367: at most 1366 mistakes read as a contradiction (1366.94 rounded)."""
    seen = 0
    for seed in range(40):
        b = novikoff(generate("separable", 30, margin=0.05, seed=seed))
        parts = conclusion_parts(b)
        if parts is None:
            continue
        shown, most = parts
        assert math.floor(float(shown)) == most
        text = conclusion(b)
        if shown != str(most):
            seen += 1
            assert f"(D/γ)² = {shown}: at most ⌊(D/γ)²⌋ = {most} mistakes" in text
            assert float(shown) == pytest.approx(b.bound, abs=0.006)
    assert seen > 20
    assert conclusion(novikoff(make_dataset(EX_X, EX_Y))).endswith("117: at most 117 mistakes")


def test_bias_off_the_command_line_says_switch_on_the_bias(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = tmp_path / "line.csv"
    p.write_text("x1,x2,y\n1,1,1\n2,2,1\n3,3,-1\n", encoding="utf-8")
    for argv in (
        ["bound", "--no-bias", str(p)],
        ["trace", "--no-bias", "--max-updates", "9", str(p)],
    ):
        assert cli.main(argv) == 0
        out = capsys.readouterr().out
        assert THROUGH_ORIGIN in out and "not linearly separable" not in out, argv
    assert cli.main(["bound", str(p)]) == 0  # with the bias: separable, no such note
    assert THROUGH_ORIGIN not in capsys.readouterr().out


def test_bias_off_the_status_bar_says_switch_on_the_bias(qtbot) -> None:  # noqa: ANN001
    from perceptron_gui.app.controller import Controller

    c = Controller(frame_interval_ms=0)
    c.set_data(NO_BIAS, undoable=False)
    c.set_bias(False)
    c.set_max_updates(9)
    qtbot.waitUntil(lambda: not c.bound_pending)
    said: list[str] = []
    c.message_posted.connect(said.append)
    c.run_to_end()
    qtbot.waitUntil(lambda: c.trainer.done)
    qtbot.waitUntil(lambda: any("switch on the bias b" in m for m in said))
    assert not any("not linearly separable" in m for m in said), said


@pytest.mark.long
def test_titles_legends_and_the_kernel_matrix_say_what_is_drawn(
    window, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    """Issue 28, in one window: a figure's title names the answer and its weights
    (pocket, average, vote) in every mode; the voted legend's swatch has the colour the
    vote boundary is drawn in (pixels); compare panes say which run they are; the kernel
    view is titled K(xᵢ, xⱼ) with the kernel."""
    import numpy as np
    from PySide6.QtCore import QPointF

    from perceptron_gui.app import format as fmt
    from perceptron_gui.app.export import Figure, title_text
    from perceptron_gui.app.theme import theme

    d = generate("noisy", 30, noise=0.2, seed=3)
    assert window.set_points(d.points, d.labels)
    for mode in MODES:
        assert window.set_mode(mode)
        # (seek, not 12 steps: the same state; 120 steps drew the canvas 120 times, 80 %
        # of the test, and the titles are read once per mode)
        assert window.seek(12) == 12
        t = window.controller.trainer
        title = title_text(t)
        a, name = t.answer, spec(mode).answer_name
        if name in ("pocket", "average"):
            assert f"{name}: w = {fmt.vector(a.w)}    b = {fmt.sci(a.b)}" in title, title
        elif name == "vote":
            assert f"vote of {int(np.count_nonzero(a.counts > 0))} vectors" in title, title
        else:
            assert ":" not in title and title.startswith(f"k = {t.k}"), title
        if mode == "kernel":
            window.controller.set_settings(kernel="rbf", sigma=1.0)
            head = window.dual_view._title.text()  # noqa: SLF001
            assert head == "kernel matrix K(xᵢ, xⱼ) = exp(−‖xᵢ − xⱼ‖²/(2·1²)) (rbf kernel)", head
        elif mode == "dual":
            assert window.dual_view._title.text() == "Gram matrix G = [xᵢ·xⱼ]"  # noqa: SLF001
    # The voted figure: the legend's swatch is the colour the vote boundary is drawn in.
    assert window.set_mode("voted")
    assert window.seek(12) == 12
    with Figure((900, 700), window.figure_settings()) as fig:
        fig.show_run(window.controller.trainer, None)
        img = fig.image()

        def rgb(p: QPointF) -> tuple[int, int, int]:
            return tuple(img.pixelColor(int(p.x()), int(p.y())).getRgb()[:3])  # type: ignore[return-value]

        box = fig.canvas.legend.items[0][0].sceneBoundingRect()
        y = box.center().y()
        swatch = {rgb(QPointF(x, y)) for x in range(int(box.left()) + 4, int(box.right()) - 4)}
        vb = fig.canvas.getPlotItem().vb
        xs, ys = fig.canvas._contour.getData()  # noqa: SLF001
        ok = np.isfinite(xs)
        drawn = [rgb(vb.mapViewToScene(QPointF(x, y))) for x, y in zip(xs[ok], ys[ok], strict=True)]
    ink, pocket = (theme().color(c).getRgb()[:3] for c in ("ink", "pocket"))
    assert ink in swatch and pocket not in swatch, swatch
    assert drawn.count(ink) > len(drawn) // 3, "the vote boundary is drawn in ink"
    # Compare: each pane's title says which run it is (its mode and settings).
    seen: list[str] = []
    set_title = Figure.set_title

    def recorded(self: Figure, text: str) -> None:
        seen.append(text)
        set_title(self, text)

    monkeypatch.setattr(Figure, "set_title", recorded)
    assert window.set_mode("pocket")
    assert window.set_compare({"mode": "averaged"})
    assert window.export_figure(tmp_path / "c.png", (1200, 800))
    assert seen[0].startswith("run 1: pocket · ") and seen[1].startswith("run 2: averaged · ")
    assert "pocket: w = " in seen[0] and "average: w = " in seen[1]


def test_a_screenshot_shows_the_update_it_ends_on(tmp_path: Path, monkeypatch, qtbot) -> None:  # noqa: ANN001
    """`perceptron-gui --screenshot --steps 2` drew the new line beside a stale
    "1 predict: w·x3 + b = 7" (the slow motion half played): no slow motion now."""
    from perceptron_gui.app import main as app_main
    from perceptron_gui.app import main_window

    seen: dict[str, object] = {}
    grab = main_window.MainWindow.grab

    def spied(self, *args):  # noqa: ANN001, ANN202
        seen["phase"] = self.canvas._phase  # noqa: SLF001
        seen["caption"] = self.canvas._anatomy_label.toPlainText()  # noqa: SLF001
        return grab(self, *args)

    monkeypatch.setattr(main_window.MainWindow, "grab", spied)
    csv = tmp_path / "ex.csv"
    csv.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n", encoding="utf-8")
    out = tmp_path / "s.png"
    assert (
        app_main.main(["--screenshot", str(out), "--steps", "2", "--size", "800x600", str(csv)])
        == 0
    )
    assert seen["phase"] == "" and "predict" not in str(seen["caption"]), seen
    assert "new w" in str(seen["caption"])


def test_stepping_back_does_not_replay_the_previous_updates_slow_motion(qtbot) -> None:  # noqa: ANN001
    from perceptron_gui import MainWindow

    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=3000)
    qtbot.addWidget(w)
    w.set_points(EX_X, EX_Y)
    for _ in range(3):
        w.step()
    cv = w.canvas
    assert cv._phase == "predict"  # noqa: SLF001 - a step forward plays its slow motion
    assert w.step_back()
    assert cv._phase == "" and cv._anatomy is not None  # noqa: SLF001 - update 2, at its end
    w.action_manager.action("back").trigger()  # the QAction (Backspace)
    assert w.controller.trainer.k == 1 and cv._phase == ""  # noqa: SLF001
    w.seek(3)  # the timeline, two updates ahead: shown at their end too
    assert cv._phase == ""  # noqa: SLF001
    w.step()
    assert cv._phase == "predict"  # noqa: SLF001


@pytest.mark.parametrize("mode", MODES)
def test_the_narration_breaks_only_between_terms(mode: str) -> None:
    """Every space a line may break at lies outside parentheses: no expression is split
    across lines (the dual's "y(Σⱼ αⱼyⱼ" / "xⱼ·x + b)" at 1024×768 read as two)."""
    data = generate("xor", 12, seed=3) if mode == "kernel" else make_dataset(EX_X, EX_Y)
    t = make_trainer(data, TrainConfig(mode=mode))
    for _ in range(6):
        if t.step() is None:
            break
        said = narrate(t)
        depth = 0
        for i, ch in enumerate(said):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert not (ch == " " and depth > 0), (mode, said[: i + 1])

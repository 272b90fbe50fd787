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

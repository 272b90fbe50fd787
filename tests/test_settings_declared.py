"""A mode's own settings are declared once (issue 33): a `Param` in its `ModeSpec` gives the
check in `TrainConfig`, the keyword of `train()`, the options of both commands, the key in
sessions and lessons, and the window's control with its tooltip. A mode registered in this
process, with a setting no built-in mode has (a norm, a choice), gets all of them from its
declaration alone."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox

# Imported before the test mode is registered, as in a whole run of the suite: what these
# modules read of the registry they must read when used, not when imported.
from perceptron_gui.app.controller import Controller
from perceptron_gui.app.controls import ControlPanel
from perceptron_gui.app.main import build_parser
from perceptron_gui.cli.command import main as cli
from perceptron_gui.core import make_dataset, train
from perceptron_gui.core.config import TrainConfig, check_config
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.session_v1 import read_session, write_session
from perceptron_gui.core.lesson import parse_lesson
from perceptron_gui.core.params import BUILT_IN_PARAMS, Param
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.registry import REGISTRY, ModeSpec
from perceptron_gui.core.trainer import Trainer

ROOT = Path(__file__).resolve().parents[1]
#: The test mode's step is η times this factor (its own setting chooses it).
FACTOR = {"l1": 2.0, "l2": 1.0, "max": 0.5}
NORM = Param(
    "norm",
    "l2",
    "test mode: the norm the step is divided by",
    choices=tuple(FACTOR),
    choice_tips=("the sum of |x_i|", "the length", "the largest |x_i|"),
)
X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])
Y = np.array([1, 1, -1])


def _trainer(data: Dataset, config: TrainConfig) -> Algorithm:
    # The primal perceptron with η scaled by the norm's factor: from w = 0 the updates are
    # the primal's and w is scaled, so the setting's arrival shows in the answer.
    factor = FACTOR[config.get("norm")]
    return Trainer(data, config.with_(mode="primal", eta=config.eta * factor))


SPEC = ModeSpec(
    "test-norm",
    "test norm",
    "the test mode",
    _trainer,
    REGISTRY["primal"].bound_rule,
    params=(NORM,),
    tip="a mode of the tests",
)


@pytest.fixture
def norm_mode() -> Iterator[ModeSpec]:
    REGISTRY.register(SPEC)
    try:
        yield SPEC
    finally:
        REGISTRY.unregister(SPEC.mode)


def test_the_checks_come_from_the_declarations() -> None:
    """check_config names no range: each built-in setting is refused exactly outside its
    Param's range, with a message made from it."""
    source = (ROOT / "perceptron_gui" / "core" / "config.py").read_text("utf-8")
    body = source[source.index("def check_config") :]
    for name in BUILT_IN_PARAMS:
        assert not re.search(rf"\bc\.{name}\b", body), f"check_config repeats {name}'s range"
    for p in BUILT_IN_PARAMS.values():
        check_config(TrainConfig().with_(**{p.name: p.default}))
        bad: list[object] = ["nope"] if p.kind == "choice" else [float("nan"), "1"]
        if p.low is not None:
            bad.append(p.low if p.low_open else p.low - 1)
        if p.high is not None:
            bad.append(p.high + 1)
        for value in bad:
            with pytest.raises(DataError, match=f"^{p.name} must be "):
                TrainConfig().with_(**{p.name: value})


def test_a_registered_modes_setting_is_checked_and_reaches_train(norm_mode) -> None:
    assert TrainConfig().get("norm") == "l2"  # every config has it, at its default
    c = TrainConfig.of(mode="test-norm", norm="l1")
    assert c.get("norm") == "l1" and c.with_(norm="max").get("norm") == "max"
    with pytest.raises(DataError, match="^norm must be one of l1, l2, max, not 'l3'$"):
        c.with_(norm="l3")
    with pytest.raises(DataError, match="unknown setting"):
        TrainConfig.of(mode="test-norm", nrom="l1")
    base = train(X, Y, mode="primal")
    for norm, factor in FACTOR.items():
        r = train(X, Y, mode="test-norm", norm=norm)
        assert len(r.updates) == len(base.updates)
        assert list(r.w) == [factor * v for v in base.w] and r.b == factor * base.b
    with pytest.raises(DataError, match="norm must be one of"):
        train(X, Y, mode="test-norm", norm="l3")


def test_a_registered_modes_setting_is_an_option_of_both_commands(norm_mode, capsys) -> None:
    window_help = build_parser().format_help()
    window_help = " ".join(window_help.split())
    assert "--norm {l1,l2,max}" in window_help and NORM.help in window_help
    assert cli(["trace", "--help"]) == 0
    trace_help = " ".join(capsys.readouterr().out.split())
    assert "--norm {l1,l2,max}" in trace_help
    assert "test mode: the norm the step is divided by (default: l2)" in trace_help


def test_a_registered_modes_setting_runs_from_the_command_line(norm_mode, tmp_path) -> None:
    data = tmp_path / "d.csv"
    data.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n", "utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = cli(["trace", str(data), "--mode", "test-norm", "--norm", "max", "--format", "json"])
    assert rc == 0
    doc = json.loads(out.getvalue())
    w = train(X, Y, mode="test-norm", norm="max").w
    assert doc["w"] == pytest.approx(list(w)), doc
    assert cli(["trace", str(data), "--mode", "test-norm", "--norm", "l3"]) == 2


def test_a_registered_modes_setting_is_a_session_and_lesson_key(norm_mode, tmp_path) -> None:
    path = tmp_path / "run.json"
    data = make_dataset(X, Y)
    config = TrainConfig.of(mode="test-norm", norm="max", eta=0.5)
    write_session(path, data, config)
    assert json.loads(path.read_text("utf-8"))["settings"]["norm"] == "max"
    assert read_session(path).config == config
    # A session of another mode names no plugin's setting at its default.
    write_session(path, data, TrainConfig())
    assert "norm" not in json.loads(path.read_text("utf-8"))["settings"]
    bad = TrainConfig.of(mode="test-norm").to_dict() | {"norm": 3}
    with pytest.raises(DataError, match="norm must be one of"):
        TrainConfig.from_dict(bad)
    lesson = parse_lesson(
        'title = "t"\n[[scene]]\ntitle = "s"\ncaption = "c"\nmode = "test-norm"\n'
        'norm = "l1"\npoints = [[3, 3, 1], [1, 1, -1]]\n',
        "n.lesson.toml",
    )
    assert lesson.scenes[0].settings == {"mode": "test-norm", "norm": "l1"}
    with pytest.raises(DataError, match='key "norm": norm must be one of'):
        parse_lesson(
            'title = "t"\n[[scene]]\ntitle = "s"\ncaption = "c"\nnorm = "l9"\n'
            "points = [[3, 3, 1], [1, 1, -1]]\n",
            "n.lesson.toml",
        )


def test_a_registered_modes_setting_has_its_control(norm_mode, qtbot) -> None:
    c = Controller(frame_interval_ms=0)
    panel = ControlPanel(c)
    qtbot.addWidget(panel)
    combo = panel.findChild(QComboBox, "normCombo")
    assert combo is not None and combo.toolTip() == NORM.help
    assert [combo.itemData(i) for i in range(combo.count())] == list(FACTOR)
    tip = combo.itemData(2, 3).replace("\u2060", "")  # (Qt.ToolTipRole; glued where it wraps)
    assert tip == "the largest |x_i|"  # the choice's tip
    form = panel._form
    assert not form.isRowVisible(combo)
    assert c.set_mode("test-norm") and form.isRowVisible(combo)
    combo.setCurrentIndex(combo.findData("l1"))
    assert c.config.get("norm") == "l1"
    assert c.set_settings(norm="max") and combo.currentData() == "max"  # model -> widget
    assert c.set_mode("primal") and not form.isRowVisible(combo)
    # The built-in settings' controls are made the same way: each one's range and tooltip
    # are its declaration's.
    for p in BUILT_IN_PARAMS.values():
        w = panel.setting_widgets[p.name]
        assert w.toolTip() == p.help
        if isinstance(w, (QSpinBox, QDoubleSpinBox)):
            assert w.minimum() >= (p.low if p.low is not None else -w.maximum())
            assert p.high is None or w.maximum() == p.high

"""Counts beyond the documented maxima (core/limits.py) are refused when set, from any source:
the API, the command line, a session file and the window; nothing overflows later."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import DataError, TrainConfig, make_dataset, train
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.io import load_file, write_csv
from perceptron_gui.core.limits import MAX_EPOCHS, MAX_UPDATES, MAX_VISITS

X = np.array([[1.0, 2.0], [2.0, 0.5], [-1.0, -1.5], [-2.0, 0.2]])
Y = np.array([1.0, 1.0, -1.0, -1.0])


def test_the_maxima_cannot_overflow_64_bits() -> None:
    assert MAX_EPOCHS * 10_000_000 <= MAX_VISITS < 2**63
    assert 2 * MAX_UPDATES < 2**63


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"max_updates": 2**63}, "max_updates = 9.22e+18 is beyond the maximum 1e+15"),
        ({"max_epochs": 10**30}, "max_epochs = 1e+30 is beyond the maximum 1e+11"),
        ({"max_updates": MAX_UPDATES + 1}, "max_updates"),
        ({"max_epochs": -1}, "max_epochs must be a whole number >= 0"),
    ],
)
def test_api_refuses_with_a_message(kw: dict, words: str) -> None:
    with pytest.raises(DataError, match=words.replace("+", r"\+")):
        TrainConfig(**kw)
    with pytest.raises(DataError, match=words.replace("+", r"\+")):
        train(X, Y, **kw)


def test_the_maxima_themselves_are_accepted_and_run() -> None:
    r = train(X, Y, max_updates=MAX_UPDATES, max_epochs=MAX_EPOCHS)
    assert r.stop_reason == "converged"
    t = make_trainer(make_dataset(X, Y), TrainConfig(max_epochs=MAX_EPOCHS, mode="pocket"))
    t.run()  # the compiled or plain loop: no OverflowError
    assert t.result().stop_reason == "converged"


@pytest.mark.parametrize(
    ("flag", "value"), [("--max-updates", str(2**63)), ("--max-epochs", str(10**30))]
)
def test_cli_refuses_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    p = tmp_path / "d.csv"
    write_csv(p, make_dataset(X, Y))
    assert cli.main(["trace", str(p), flag, value]) == 2
    err = capsys.readouterr().err
    assert flag in err and "beyond the maximum" in err and len(err.strip().splitlines()) == 1


def _session(tmp_path: Path, **settings: object) -> Path:
    p = tmp_path / "s.json"
    doc = {
        "format": "perceptron-gui-session",
        "version": 1,
        "points": X.tolist(),
        "labels": Y.tolist(),
        "settings": settings,
    }
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.parametrize("key", ["max_epochs", "max_updates"])
def test_session_refused_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    p = _session(tmp_path, **{key: 10**30})
    with pytest.raises(DataError) as e:
        load_file(p)
    assert str(e.value).startswith(f"{p}: settings: {key} = 1e+30 is beyond the maximum")
    assert cli.main(["trace", str(p)]) == 2
    assert str(p) in capsys.readouterr().err


@pytest.mark.long
def test_window_refuses_the_session_and_steps_on(window: object, tmp_path: Path) -> None:
    w = window
    p = _session(tmp_path, max_epochs=10**30)
    assert w.load(p) is False  # type: ignore[attr-defined]
    assert w.load(_session(tmp_path, max_epochs=MAX_EPOCHS)) is True  # type: ignore[attr-defined]
    w.step()  # type: ignore[attr-defined]
    w.run_to_end()  # type: ignore[attr-defined]
    r = train(X, Y, max_epochs=MAX_EPOCHS)
    assert w.state()["w"] == pytest.approx(list(r.w))  # type: ignore[attr-defined]

"""The compiled loop for every caller (issue 17): `train()` and the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer, train

ROOT = Path(__file__).resolve().parents[1]


def noisy(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] + 0.4 * rng.normal(size=n) > 0, 1, -1)
    return X, y


def bits(r: Any) -> tuple[Any, ...]:
    return (
        r.stop_reason, r.w, r.b, r.visits, np.asarray(r.updates).tobytes(),
        np.asarray(r.history_w).tobytes(), np.asarray(r.history_b).tobytes(),
    )  # fmt: skip


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    e = {k: v for k, v in os.environ.items() if not k.startswith("PERCEPTRON_GUI_")}
    e.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=e, timeout=120
    )


@pytest.mark.parametrize("order", ["cyclic", "random-cyclic", "random"])
def test_train_on_a_big_job_uses_the_compiled_loop_with_the_same_bits(
    order: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The thresholds a tenth of the app's (its numpy reference, in the random order, scanned
    # 10 000 points for the mistakes at each of 50 000 updates: 7 s of CPU); the job is just
    # big enough for them, as it was for the app's.
    monkeypatch.setattr(fast, "JIT_MIN_UPDATES", fast.JIT_MIN_UPDATES // 10)
    monkeypatch.setattr(fast, "JIT_MIN_VISITS", fast.JIT_MIN_VISITS // 10)
    X, y = noisy(1_000, seed=3)
    epochs = fast.JIT_MIN_VISITS // 1_000 + 1  # just big enough
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    slow = train(X, y, order=order, max_epochs=epochs, seed=7, max_updates=fast.JIT_MIN_UPDATES)
    monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
    quick = train(X, y, order=order, max_epochs=epochs, seed=7, max_updates=fast.JIT_MIN_UPDATES)
    assert fast.ready()  # train() warmed the compiled loop up
    assert bits(quick) == bits(slow) and len(slow.updates) > 1000


def test_a_job_without_epoch_limit_moves_to_the_compiled_loop_when_it_proves_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    X, y = noisy(500, seed=4)
    d = make_dataset(X, y)
    cfg = TrainConfig(max_updates=60_000)
    t = make_trainer(d, cfg)
    fast.run_to_end(t)
    assert t.stop_reason == "update limit" and t.k == 60_000
    monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
    ref = make_trainer(d, cfg)
    ref.run()
    assert bits(t.result()) == bits(ref.result())


def test_small_jobs_never_load_numba() -> None:
    code = (
        "import sys\n"
        "from perceptron_gui.core import train\n"
        "r = train([[3, 3], [4, 3], [1, 1]], [1, 1, -1])\n"
        "from perceptron_gui.cli import command\n"
        "import tempfile, pathlib\n"
        "p = pathlib.Path(tempfile.mkdtemp()) / 'li.csv'\n"
        "p.write_text('x1,x2,y\\n3,3,1\\n4,3,1\\n1,1,-1\\n')\n"
        "code = command.main(['trace', str(p)])\n"
        "print('numba' in sys.modules, r.stop_reason, code, file=sys.stderr)\n"
    )
    r = run_python(code)
    assert r.returncode == 0, r.stderr
    assert r.stderr.strip().splitlines()[-1] == "False converged 0"
    assert "note: compiled" not in r.stderr


@pytest.mark.long
def test_the_switches_force_either_path() -> None:
    code = (
        "import sys\n"
        "from perceptron_gui.core import train, fast\n"
        "train([[3, 3], [4, 3], [1, 1]], [1, 1, -1])\n"
        "print(fast.ready(), file=sys.stderr)\n"
    )
    forced = run_python(code, PERCEPTRON_GUI_JIT="1")
    assert forced.returncode == 0 and forced.stderr.split()[-1] == "True", forced.stderr
    off = run_python(code, PERCEPTRON_GUI_JIT="1", PERCEPTRON_GUI_NO_JIT="1")
    assert off.returncode == 0 and off.stderr.split()[-1] == "False", off.stderr


class _Clock:
    """A perf_counter that moves 1.5 s per reading: every warm-up looks slow."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.5
        return self.now


def test_a_slow_first_compile_is_announced_once(monkeypatch: pytest.MonkeyPatch) -> None:
    X, y = noisy(50, seed=5)
    t = make_trainer(make_dataset(X, y), TrainConfig(max_updates=30_000))
    seen: list[float] = []
    monkeypatch.setattr(fast, "ready", lambda: False)  # as in a fresh process
    monkeypatch.setattr(fast, "time", _Clock())
    monkeypatch.setattr(fast, "compiled_fresh", lambda: True)  # as on a new machine
    monkeypatch.setenv("PERCEPTRON_GUI_JIT", "1")
    fast.run_to_end(t, seen.append)
    assert seen == [1.5] and t.done
    fast.run_to_end(make_trainer(make_dataset(X, y), TrainConfig(max_epochs=1)), seen.append)
    assert seen == [1.5, 1.5]  # the callback only reports; the CLI prints it
    # A load from numba's disk cache says nothing, however slow.
    monkeypatch.setattr(fast, "compiled_fresh", lambda: False)
    fast.run_to_end(make_trainer(make_dataset(X, y), TrainConfig(max_epochs=1)), seen.append)
    assert seen == [1.5, 1.5]


def test_the_command_line_says_when_a_first_compile_was_slow(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from perceptron_gui.cli import command

    p = tmp_path / "li.csv"
    p.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n")
    monkeypatch.setattr(fast, "ready", lambda: False)
    monkeypatch.setattr(fast, "time", _Clock())
    monkeypatch.setattr(fast, "compiled_fresh", lambda: True)
    monkeypatch.setenv("PERCEPTRON_GUI_JIT", "1")
    assert command.main(["trace", str(p)]) == 0
    err = capsys.readouterr().err
    assert err.count("note: compiled the fast loop in 1.5 s") == 1

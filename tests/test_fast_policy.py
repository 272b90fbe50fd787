"""When `train()` uses the compiled loop (issue 34, "a process learns once"): once it is
loaded, every call; before, a job that would gain loads it in the background for the
next calls, and a job running while it loads moves to it; the bits never change."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import probes
import pytest

from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer
from perceptron_gui.core.online import PA, THRESHOLD

ROOT = Path(__file__).resolve().parents[1]


def bits(t: Any) -> tuple[Any, ...]:
    cols = tuple(t.history_slice(c).tobytes() for c in t.HISTORY_COLUMNS)
    return (t.stop_reason, t.k, t.visits, repr((t.w, t.b)), cols)


@pytest.mark.long
def test_a_process_learns_once_from_a_background_load() -> None:
    # A fresh process (numba's disk cache warm: conftest's child wrote it).
    code = """
import os, sys
import numpy as np
from perceptron_gui.core import TrainConfig, fast, make_dataset, make_trainer, train
rng = np.random.default_rng(0)
X = rng.normal(size=(3000, 2))
y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0, 1, -1)
y[:300] *= -1
d = make_dataset(X, y)
tiny = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])

def run(data, bg=True, **cfg):
    t = make_trainer(data, TrainConfig(**cfg))
    said = fast.run_to_end(t, background=bg)
    os.environ["PERCEPTRON_GUI_NO_JIT"] = "1"
    ref = make_trainer(data, TrainConfig(**cfg))
    del os.environ["PERCEPTRON_GUI_NO_JIT"]
    ref.run()
    same = [t.history_slice(c).tobytes() for c in t.HISTORY_COLUMNS] == [
        ref.history_slice(c).tobytes() for c in ref.HISTORY_COLUMNS]
    return said, same

out = []
out.append(run(tiny, mode="averaged"))  # small: numpy, nothing loaded
out.append("numba" in sys.modules)
out.append(run(d, bg=False, mode="averaged", max_epochs=10))  # the command line's way
out.append(fast._loading is not None or fast.ready())
train(X, y, mode="averaged", max_epochs=10)  # 3*10^4 visits: would gain
out.append(fast._loading is not None)
fast._loading.join()
out.append(fast.ready())
out.append(run(tiny, mode="averaged"))
out.append(run(tiny, mode="primal", order="first"))
out.append(run(d, mode="pocket", max_epochs=2))
out.append(run(tiny, mode="pa"))  # its rule is not loaded: numpy
print(repr(out), file=sys.stderr)
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERCEPTRON_GUI_")}
    env["PYTHONPATH"] = str(ROOT)
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert r.returncode == 0, r.stderr
    out = eval(r.stderr.strip().splitlines()[-1])  # noqa: S307  (our own repr)
    small = "numpy: a small job (loading the compiled loop (rule 'threshold') costs more"
    assert out[0][0].startswith(small) and out[0][1]
    assert out[1] is False  # a tiny job does not even import numba
    assert out[2][0].startswith(small) and "background" not in out[2][0] and out[2][1]
    assert out[3] is False  # the command line's way loads nothing in the background
    assert out[4] is True and out[5] is True
    assert out[6] == ("compiled (rule 'threshold')", True)
    assert out[7] == ("compiled", True)  # the plane's loops came with it
    assert out[8] == ("compiled", True)
    assert out[9][0].startswith("numpy: a small job") and out[9][1]


@pytest.mark.long
def test_the_background_load_leaves_no_full_collection_to_the_next_call() -> None:
    """numba's import leaves ~10^5 objects to the cyclic collector; its first full pass
    (~80 ms) fell in the next call that made many objects (a voted call's list of votes:
    92-104 ms against ~20). The load makes it in its own thread (`load_in_background`)."""
    code = """
import gc, sys
import numpy as np
from perceptron_gui.core import fast, train
rng = np.random.default_rng(0)
X = rng.normal(size=(10000, 2))
y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
y[rng.random(10000) < 0.1] *= -1
train(X, y, mode="voted", order="cyclic", max_epochs=10)  # starts the load
fast._loading.join()
full = []
gc.callbacks.append(
    lambda phase, info: full.append(1) if phase == "start" and info["generation"] == 2 else None
)
r = train(X, y, mode="voted", order="cyclic", max_epochs=10)
print(repr((fast.ready(), len(r.votes), len(full))), file=sys.stderr)
"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PERCEPTRON_GUI_")}
    env["PYTHONPATH"] = str(ROOT)
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert r.returncode == 0, r.stderr
    ready, votes, full = eval(r.stderr.strip().splitlines()[-1])  # noqa: S307  (our own repr)
    assert ready and votes > 10_000
    assert full == 0


def test_a_run_moves_to_the_compiled_loop_when_the_background_load_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = np.random.default_rng(1)
    X = rng.normal(size=(2000, 2))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] + 0.5 * rng.normal(size=2000) > 0, 1.0, -1.0)
    d = make_dataset(X, y)
    for mode in ("primal", "averaged"):
        cfg = TrainConfig(mode=mode, max_epochs=20)
        monkeypatch.setenv("PERCEPTRON_GUI_NO_JIT", "1")
        ref = make_trainer(d, cfg)
        ref.run()
        t = make_trainer(d, cfg)  # on numpy, as made before the load
        monkeypatch.delenv("PERCEPTRON_GUI_NO_JIT")
        asked: list[int] = []

        def ready(asked: list[int] = asked) -> bool:  # loaded at the third look
            asked.append(1)
            return len(asked) > 2

        monkeypatch.setattr(fast, "ready", ready)
        monkeypatch.setattr(fast, "_loading", object())  # a load under way
        said = fast.run_to_end(t, background=True)
        assert said.startswith("compiled") and "loaded in the background during the run" in said
        assert t._fast is not None and 0 < t.visits and bits(t) == bits(ref)
        monkeypatch.undo()


def test_the_disk_cache_is_seen_without_importing_numba(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fast.cache_warm((THRESHOLD, PA))  # this process loaded it from there
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not fast.cache_warm()
    src = Path(fast.__file__).resolve()
    import hashlib

    sub = f"{src.parent.name}_{hashlib.sha1(str(src.parent).encode()).hexdigest()}"
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    name = f"fast._run_py-{fast._run_py.__code__.co_firstlineno}.{tag}.nbi"
    index = tmp_path / sub / name
    index.parent.mkdir()
    index.write_bytes(pickle.dumps("0.0.0-another numba"))
    assert not fast.cache_warm()
    index.write_bytes(pickle.dumps(version("numba")))
    assert fast.cache_warm() and not fast.cache_warm((THRESHOLD,))  # not the rule's loop
    os.utime(index, (0, 0))  # older than the source: stale
    assert not fast.cache_warm()
    # … unless stamped with the source's SHA-256, as numba 0.68 stamps it (a source file
    # touched, not changed, by a checkout: numba loads the code, so the cache is warm).
    digest = hashlib.sha256(src.read_bytes()).digest()
    for stamp, warm in ((hashlib.sha256(b"other").digest(), False), (digest, True)):
        index.write_bytes(pickle.dumps(version("numba")) + pickle.dumps((stamp, {})))
        os.utime(index, (0, 0))
        assert fast.cache_warm() == warm


def test_a_background_load_makes_the_kernel_rows_checks_in_its_thread(monkeypatch) -> None:  # noqa: ANN001
    """`train()`'s background load of an online rule makes `fast.exp_exact` and
    `fast.kernel_rows_exact` (once a process: 10-70 ms, ~0.8 s with numba's cache cold)
    in its thread, not in the next call (a kernel call after the load 51-102 -> 25-32 ms)."""
    import threading

    where = probes.threads_checking_the_kernel_rows(monkeypatch)
    monkeypatch.setattr(fast, "_loading", None)
    thread = fast.load_in_background(tuple(fast.RULES.values())[:1])
    assert thread is not None
    thread.join(60)
    assert fast._rows_exact is not None and fast._exp_exact is not None
    assert where and threading.main_thread().name not in where, where

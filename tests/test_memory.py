"""Memory at many points (issue 34: 10^6 points in the window under 300 MB peak RSS).

The quick checks bound the core's own allocations per point with tracemalloc (numpy
reports its array buffers to it), so that a full-size copy or temporary that comes back
fails them on any machine; the long one measures the whole window's peak RSS in a fresh
process, as `scripts/bench_memory.py` does.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.novikoff import iter_best_line_margin, iter_novikoff
from perceptron_gui.core.slices import exhaust
from perceptron_gui.core.trainer import Trainer

# The module (the package exports a function of its name).
nv = importlib.import_module("perceptron_gui.core.novikoff")
ROOT = Path(__file__).resolve().parents[1]
N = 400_000  # many times the passes' chunk (2^16 rows), so that full-size arrays stand out
FLOAT = 8  # bytes


@pytest.fixture(scope="module")
def data() -> Dataset:
    rng = np.random.default_rng(1)
    X = rng.normal(size=(N, 2))
    return make_dataset(X, np.where(X[:, 0] + 0.3 * X[:, 1] > 0.1, 1.0, -1.0))


def peak_bytes_a_point(work: Callable[[], Any]) -> tuple[float, Any]:
    """The traced peak of `work()` beyond what was held before it, in bytes a point."""
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        result = work()
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return peak / N, result


def test_the_bound_keeps_its_scaled_rows_and_their_norms_only(data: Dataset) -> None:
    # D and γ (bias on): the scan's scaled copy of the rows z_i (3 floats a point) and
    # their norms (1), plus a chunk's temporaries; the rows themselves, the N scores and
    # error bounds of each scan and the squared norms are not kept (89 bytes a point
    # before: 11 floats).
    per_point, bound = peak_bytes_a_point(lambda: exhaust(iter_novikoff(data)))
    assert bound.separable
    assert per_point < 5.5 * FLOAT, per_point
    # The best line's margin: the classes' rows are read through 4-byte indices (not
    # copied), their scaled copies (2 floats a point in all) and norms (1) are kept (61
    # bytes a point before).
    per_point, margin = peak_bytes_a_point(lambda: exhaust(iter_best_line_margin(data)))
    assert margin is not None and margin > 0
    assert per_point < 5 * FLOAT, per_point


def test_a_scan_by_chunks_finds_what_the_whole_array_gives() -> None:
    # The extreme row is the first of the extremes even when they repeat across chunks,
    # and the candidates are those of the N scores and error bounds made at once.
    rng = np.random.default_rng(4)
    n = 3 * nv._CHUNK + 123
    A = rng.integers(-3, 4, size=(n, 3)).astype(np.float64)  # many equal scores
    norms = np.sqrt(np.einsum("ij,ij->i", A, A))
    pf, pps = np.array([0.5, -0.25, 1.0]), 0.75
    m = nv._rows_dot(A, pf)
    err = 4 * (3 + 2) * nv._EPS * (norms * float(np.sqrt(pf @ pf)) + pps) + nv._TINY
    for lowest in (True, False):
        scan = exhaust(nv._scan(A, norms, pf, pps, lowest=lowest))
        j = int(np.argmin(m) if lowest else np.argmax(m))
        assert (scan.j, scan.m, scan.err) == (j, m[j], err[j])
        t = m[j] + err[j] if lowest else m[j] - err[j]
        want = np.flatnonzero(m - err <= t if lowest else m + err >= t)
        assert want.size > 1 and np.array_equal(scan.candidates(lowest), want)
    # The rows made when read are the rows a stored Z held.
    d = make_dataset(A[:, :2], np.where(A[:, 2] >= 0, 1.0, -1.0))
    Z = np.column_stack((d.labels[:, None] * d.points, d.labels))
    rows = nv._SignedRows(d, bias=True)
    idx = np.array([5, 0, n - 1, 5])
    assert np.array_equal(rows[idx], Z[idx]) and np.array_equal(rows[7], Z[7])
    assert np.array_equal(rows[10:20], Z[10:20])


def test_a_trainer_keeps_six_floats_a_point(data: Dataset) -> None:
    # The primal's columns x1, x2, y, y·x1, y·x2 and −y (the compiled loop reads them):
    # no identity order of N indices, no |x| of every coordinate for the largest one
    # (at most six: fewer columns, the next lever in docs/performance.md, also pass).
    per_point, t = peak_bytes_a_point(lambda: Trainer(data, TrainConfig()))
    assert per_point < 6 * FLOAT + 1, per_point
    t.run(max_updates=3)
    assert t.k == 3


@pytest.mark.long
def test_a_million_points_in_the_window_stay_under_300_mb(tmp_path: Path) -> None:
    """scripts/bench_memory.py in a fresh process: a window shown, 10^6 noisy points loaded
    from .npy, painted, two steps, D and γ: the peak RSS. The window does not load the
    compiled loop for steps (numba adds ~130 MB of its own: see docs/performance.md; a
    run that gains loads it, `test_speed.py::test_the_app_loads_numba_for_a_run_that_gains_only`).

    The 300 MB is the issue's goal for the whole process; what this code holds is the
    growth beyond the empty window (Qt, PySide6 and pyqtgraph: ~131 MB here, set by the
    installed versions, not by this code): ~150 MB now, 188 MB before issue 34, so it is
    checked on its own too (a newer Qt that grows the empty window does not hide or fake
    a regression here)."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import bench_memory as b;"
        "r = b.measure(1_000_000);"
        "print(json.dumps({'peak': r['peak'], 'stages': r['stages'], 'numba': r['numba']}))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "scripts")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    # (/proc/self/status unread gives 0 MB: that would pass whatever the memory.)
    assert out["stages"]["window"] > 50, out
    assert out["peak"] - out["stages"]["window"] < 170, out
    assert out["peak"] < 300, out
    assert out["numba"] is False, out  # steps load no compiled loop

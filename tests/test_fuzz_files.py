"""Fuzz (issue 35): a few hundred seeded malformed sessions, CSV files and lessons (nesting,
NUL, huge numbers, huge texts, FIFOs, pipes, devices) through `load_file` / `load_lesson`,
the ``perceptron`` command (``bound``, ``html`` for lessons, a FIFO's contents through an
anonymous pipe) and the window's ``load`` / ``open_lesson``: each refused with one line
naming the file in under 1 s and 200 MB, or accepted and read back the same; no exception
leaves the window or reaches a Qt slot. The engine is scripts/fuzz_files.py, whose longer
run prints the figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _engine():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location(
        "perceptron_gui_fuzz_script", ROOT / "scripts" / "fuzz_files.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.long
def test_fuzz_files(tmp_path: Path, window) -> None:  # noqa: ANN001
    fuzz = _engine()
    report = fuzz.fuzz(
        200, 35, tmp_path / "cases", cli_every=8, big=False, window=window, window_every=2
    )
    problems = [(o.case.kind, o.case.how, o.problem, o.message[:120]) for o in report.problems]
    assert problems == []
    kinds = {o.case.kind for o in report.outcomes}
    assert kinds == {"csv", "session1", "session2", "lesson"}
    hows = {o.case.how.split(":")[0] for o in report.outcomes}
    assert {"nesting", "huge digits", "huge text", "nul", "fifo"} <= hows
    assert sum(not o.accepted for o in report.outcomes) > 120


def test_the_fuzz_sees_an_exception_from_the_window_or_the_command(
    tmp_path: Path, window, monkeypatch
) -> None:  # noqa: ANN001
    """The engine's checks can fail: an exception out of the window's load, or a refusal
    the command prints as a traceback, is reported as a problem."""
    from perceptron_gui.cli import command

    fuzz = _engine()
    case = fuzz.make_cases(12, 3, tmp_path / "cases", False)[0]

    def boom(path):  # noqa: ANN001, ANN202
        raise ValueError("raw")

    monkeypatch.setattr(window, "load", boom)
    monkeypatch.setattr(window, "open_lesson", boom)
    assert "raised ValueError" in fuzz.run_window(case, window)
    monkeypatch.setattr(command, "main", boom)
    assert "raised ValueError" in fuzz.run_cli(case, tmp_path)

"""The README tells the truth: its examples run and its tables match the program."""

from __future__ import annotations

import math
import re
from pathlib import Path

from perceptron_gui.app.dialogs import SHORTCUTS

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_the_api_example_gives_the_numbers_it_claims() -> None:
    block = next(b for b in python_blocks() if "from perceptron_gui.core import" in b)
    ns: dict = {}
    exec(block, ns)
    r, b = ns["r"], ns["b"]
    assert r.updates.tolist() == [0, 2, 2, 2, 0, 2, 2]  # as the comment says
    assert (r.w, r.b) == ((1.0, 1.0), -3.0)
    assert math.isclose(b.D**2, 26, rel_tol=1e-12)
    assert math.isclose(b.gamma, math.sqrt(2) / 3, rel_tol=1e-12)
    assert math.isclose(b.bound, 117, rel_tol=1e-9)


def test_the_pytest_qt_example_passes(qtbot) -> None:
    block = next(b for b in python_blocks() if "def test_three_points" in b)
    ns: dict = {}
    exec(block, ns)
    ns["test_three_points"](qtbot)


def test_the_keys_table_is_the_programs() -> None:
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", README, flags=re.M)
    keys = [(k, v) for k, v in rows if (k, v) in set(SHORTCUTS)]
    assert keys == list(SHORTCUTS)


def test_the_readme_starts_with_the_two_commands() -> None:
    blocks = re.findall(r"```\n(.*?)\n```", README, flags=re.S)
    assert "perceptron-gui" in blocks[0] and "pip install ." in blocks[0]
    assert "pytest" in blocks[1] and '".[test]"' in blocks[1]

"""Run ``perceptron-gui --screenshot`` and ``--export`` N times each (default 50) and
report every run that did not exit 0 with an empty stderr (issue 16: no crash at exit).

Usage::

    QT_QPA_PLATFORM=offscreen python scripts/check_process.py [N]
    python scripts/check_process.py --quick   # one --screenshot run (a smoke run)

tests/test_book_process.py calls `runs` for 1 of each.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The kinds of run, and the first letter of their files' names.
KINDS = {"--screenshot": "s", "--export": "e"}


def runs(n: int, folder: Path, kinds: tuple[str, ...] = tuple(KINDS)) -> list[str]:
    """The problems of n runs of each kind, as lines ("" none)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PERCEPTRON_GUI_STATE_DIR": str(folder)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    problems = []
    for i in range(n):
        for flag in kinds:
            name = f"{KINDS[flag]}{i}.png"
            r = subprocess.run(
                [sys.executable, "-m", "perceptron_gui.app.main", flag, str(folder / name)],
                capture_output=True,
                text=True,
                env=env,
                timeout=120,
            )
            if r.returncode != 0 or r.stderr:
                problems.append(f"{flag} run {i}: exit {r.returncode}: {r.stderr.strip()[-300:]}")
    return problems


def main() -> int:
    arg = sys.argv[1] if len(sys.argv) > 1 else "50"
    n = 1 if arg == "--quick" else int(arg)
    kinds = ("--screenshot",) if arg == "--quick" else tuple(KINDS)
    with tempfile.TemporaryDirectory() as tmp:
        problems = runs(n, Path(tmp), kinds)
    for p in problems:
        print(p)
    print(f"{len(kinds) * n} runs, {len(problems)} with a problem")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

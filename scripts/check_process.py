"""Run ``perceptron-gui --screenshot`` and ``--export`` N times each (default 50) and
report every run that did not exit 0 with an empty stderr (issue 16: no crash at exit).

Usage::

    QT_QPA_PLATFORM=offscreen python scripts/check_process.py [N]
    python scripts/check_process.py --quick   # 1 of each (a smoke run; the tests run 2)
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def runs(n: int, folder: Path) -> list[str]:
    """The problems of n runs of each kind, as lines ("" none)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PERCEPTRON_GUI_STATE_DIR": str(folder)}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    problems = []
    for i in range(n):
        for flag, name in (("--screenshot", f"s{i}.png"), ("--export", f"e{i}.png")):
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
    with tempfile.TemporaryDirectory() as tmp:
        problems = runs(n, Path(tmp))
    for p in problems:
        print(p)
    print(f"{2 * n} runs, {len(problems)} with a problem")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

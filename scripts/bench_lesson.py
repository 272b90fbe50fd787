"""How fast a lesson is in the room: the command to its first scene on screen, and each
scene change (English and Chinese), as a presenter's clicker meets them.

A scene change is what PageDown does at a scene's last step (the lesson player's
`go(i)`: the scene's data, settings and run set up), then the whole window painted
(`repaint()`: the canvas, the strip, the panels the scene shows), all in presentation
mode on a 1024×768 screen. Prints, per scene, the median CPU seconds of
`--repeats` passes through the lesson, and their ratio to the reference: a repaint of
the whole window with nothing changed, measured in the same process. CPU, not wall
time: the figures hold on a machine busy with other work. The start is wall time from
launching ``perceptron-gui --lesson perceptron`` (a new interpreter) to the first paint
of its canvas.

    python scripts/bench_lesson.py              # 3 passes, en and zh_CN, 3 starts
    python scripts/bench_lesson.py --quick      # a smoke run (used by the tests)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_gui import first_paint_seconds  # (a script beside this one)

SCREEN = {"name": "s", "x": 0, "y": 0, "width": 1024, "height": 768}
SCREEN.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})

PASSES = r"""
import json, statistics, sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui.app import i18n
from perceptron_gui.app.main_window import MainWindow

language, repeats, most = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
i18n.set_language(language, remember=False)
w = MainWindow(frame_interval_ms=0, autosave_ms=None)
w.show()
assert w.open_lesson("perceptron")
w.set_presentation(True)
player = w.lesson_player
scenes = min(len(player.lesson.scenes), most)
for _ in range(5):
    app.processEvents()
changes = {i: [] for i in range(1, scenes)}
reference = []
for _ in range(repeats):
    player.go(0)
    for _ in range(3):
        app.processEvents()
    for i in range(1, scenes):
        t = time.process_time()
        player.go(i)  # (PageDown at a scene's last step)
        w.repaint()
        app.processEvents()
        changes[i].append(time.process_time() - t)
        t = time.process_time()
        w.repaint()
        reference.append(time.process_time() - t)
from perceptron_gui.core.lesson import localize
titles = [f"{i + 1}. {localize(s.title, language)}" for i, s in enumerate(player.lesson.scenes)]
print(json.dumps({
    "scenes": {titles[i]: statistics.median(v) for i, v in changes.items() if v},
    "reference": statistics.median(reference),
}))
"""


def _env(state: str, screen: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update({"QT_QPA_PLATFORM": f"offscreen:configfile={screen}"})
    env["PERCEPTRON_GUI_STATE_DIR"] = state
    return env


def scene_changes(language: str, repeats: int, screen: Path, most: int) -> dict[str, object]:
    """Per scene (up to scene `most`), the median CPU seconds of a change to it; and the
    reference repaint."""
    state = tempfile.mkdtemp(prefix="pg-lesson-")
    try:
        r = subprocess.run(
            [sys.executable, "-c", PASSES, language, str(repeats), str(most)],
            capture_output=True,
            text=True,
            env=_env(state, screen),
            timeout=600,
            check=False,
        )
    finally:
        shutil.rmtree(state, ignore_errors=True)
    if r.returncode:
        raise SystemExit(r.stderr[-2000:])
    result: dict[str, object] = json.loads(r.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--quick", action="store_true", help="a smoke run: one start, the first 3 scenes in English"
    )
    args = ap.parse_args(argv)
    repeats, starts, most = (1, 1, 3) if args.quick else (3, 3, 1000)
    languages = ("en",) if args.quick else ("en", "zh_CN")
    folder = Path(tempfile.mkdtemp(prefix="pg-screen-"))
    screen = folder / "screen.json"
    screen.write_text(json.dumps({"screens": [SCREEN]}))
    try:
        start = first_paint_seconds(
            starts,
            write_bytecode=not args.quick,
            args=("--lesson", "perceptron"),
            platform=f"offscreen:configfile={screen}",
        )
        print(f"--lesson perceptron to its first paint: median {statistics.median(start):.2f} s")
        for language in languages:
            r = scene_changes(language, repeats, screen, most)
            ref = float(r["reference"])  # type: ignore[arg-type]
            scenes: dict[str, float] = r["scenes"]  # type: ignore[assignment]
            times = list(scenes.values())
            print(
                f"\n{language}: scene changes, median of each over {repeats} pass(es), CPU;"
                f" reference (a whole-window repaint) {ref * 1000:.0f} ms"
            )
            for title, s in scenes.items():
                print(f"  {s * 1000:6.0f} ms  {s / ref:5.1f}×  {title}")
            print(
                f"  median {statistics.median(times) * 1000:.0f} ms,"
                f" slowest {max(times) * 1000:.0f} ms"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

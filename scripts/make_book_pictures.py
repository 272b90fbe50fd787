"""The README's pictures of the iteration table and the proof panel, as they look in a
1024×768 window (a process of its own on an offscreen 1024×768 screen).

Usage::

    python scripts/make_book_pictures.py [OUT_DIR]   # default: assets/
    python scripts/make_book_pictures.py --quick     # into a temporary folder (a check: one step)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DRAW = r"""
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui import MainWindow
out, steps = Path(sys.argv[1]), int(sys.argv[2])
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.showMaximized()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_order("first")
for mode, names in (("primal", ("table-window", "proof")), ("dual", ("table-dual-window",))):
    w.set_mode(mode)
    for _ in range(steps):
        w.step()
    for _ in range(50):
        app.processEvents()
    for name, dock in zip(names, (w.tables_dock, w.proof_dock)):
        dock.grab().save(str(out / f"{name}.png"))
print("ok")
import gc
gc.freeze()  # the shutdown's full collections over the window's objects: ~0.2 s
"""


def main() -> int:
    arg = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "assets")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) if arg == "--quick" else Path(arg)
        screen = Path(tmp) / "screen.json"
        spec = {"name": "s", "x": 0, "y": 0, "width": 1024, "height": 768}
        spec.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})
        screen.write_text(json.dumps({"screens": [spec]}))
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
            "PERCEPTRON_GUI_STATE_DIR": tmp,
            "PYTHONPATH": str(ROOT),
        }
        # The worked example's 7 updates (the smoke run: one).
        steps = "1" if arg == "--quick" else "7"
        subprocess.run([sys.executable, "-c", DRAW, str(out.resolve()), steps], env=env, check=True)
        print(f"wrote {out}/table-window.png, table-dual-window.png, proof.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The ``perceptron-gui`` command: open the window (or render it to a PNG and exit)."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from perceptron_gui.core.config import MODES, ORDERS


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``perceptron-gui``."""
    p = argparse.ArgumentParser(
        prog="perceptron-gui",
        description="Watch the perceptron learn. Opens FILE (CSV or session JSON), "
        "or the built-in example.",
    )
    p.add_argument("file", nargs="?", help="a CSV (x1,x2,y) or a session .json")
    p.add_argument("--screenshot", metavar="OUT.png", help="render offscreen, save, exit")
    p.add_argument("--mode", choices=MODES, help="primal, dual or pocket")
    p.add_argument("--order", choices=ORDERS, help="which mistake comes next")
    p.add_argument("--steps", type=int, default=0, help="with --screenshot: updates to make first")
    p.add_argument("--size", default="1500x950", help="with --screenshot: window size WxH")
    p.add_argument("--recover", action="store_true", help="restore the autosaved session")
    p.add_argument("--empty", action="store_true", help="start with an empty canvas")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.app.storage import recovery_path

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("perceptron-gui")
    app.setOrganizationName("perceptron-gui")
    win = MainWindow(autosave_ms=None if args.screenshot else 1000)
    recovered = False
    if args.recover or (not args.screenshot and not args.file and recovery_path().exists()):
        recovered = win.recover(ask=not args.recover)
    if not recovered:
        if args.file:
            if not win.load(args.file):
                if args.screenshot:
                    print(f"perceptron-gui: error: {win.notice.text()}", file=sys.stderr)
                    return 2
        elif not args.empty:
            win.load_example()
    if args.mode:
        win.set_mode(args.mode)
    if args.order:
        win.set_order(args.order)
    if args.screenshot:
        w, _, h = args.size.partition("x")
        win.resize(int(w), int(h))
        win.show()
        for _ in range(max(0, args.steps)):
            if win.step() is None:
                break
        app.processEvents()
        out = Path(args.screenshot)
        ok = win.grab().save(str(out))
        win.close()
        if not ok:
            print(f"perceptron-gui: error: cannot write {out}", file=sys.stderr)
            return 2
        print(f"saved {out}")
        return 0
    win.show()
    # Everything made so far (modules, Qt wrappers, the window) lives as long as the app:
    # keep it out of the garbage collector's full passes, which would otherwise rescan it
    # in the middle of a run.
    gc.freeze()
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())

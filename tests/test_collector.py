"""Python's garbage collector runs only from the event loop, on the GUI thread (app/main.py).

An automatic collection can start at any allocation, even inside a Qt call holding one of
Qt's locks (a signal disconnect): freeing a parentless widget there waits for that same
lock, for ever. A test worker hung so (see conftest.py, which does the same in tests).
"""

from __future__ import annotations

import gc

from pyqtgraph.util.garbage_collector import GarbageCollector
from PySide6.QtWidgets import QApplication

from perceptron_gui import MainWindow
from perceptron_gui.app import main as app_main


def test_the_app_collects_only_from_its_event_loop(qtbot, monkeypatch) -> None:  # noqa: ANN001
    seen: dict[str, object] = {}

    def exec_(self) -> int:  # noqa: ANN001  (QApplication.exec, without its loop)
        seen["automatic"] = gc.isenabled()
        collectors = [o for o in gc.get_objects() if isinstance(o, GarbageCollector)]
        seen["timers"] = [(c.timer.isActive(), c.timer.interval()) for c in collectors]
        return 0

    gc.enable()  # as a plain process starts (the tests run with it off: conftest.py)
    try:
        monkeypatch.setattr(QApplication, "exec", exec_)
        assert app_main.main(["--empty"]) == 0
        assert gc.isenabled()  # given back as it was
    finally:
        gc.disable()
        gc.unfreeze()  # (main froze what the test process had made)
        for w in QApplication.topLevelWidgets():
            if isinstance(w, MainWindow):
                qtbot.addWidget(w)
                w.close()
    assert seen["automatic"] is False
    interval = int(app_main.GC_INTERVAL_SECONDS * 1000)
    assert (True, interval) in seen["timers"]  # pyqtgraph's collector, running in the loop


def test_no_automatic_collection_until_the_window_is_shown(qtbot, monkeypatch) -> None:  # noqa: ANN001
    """What the start makes lives as long as the app (modules, wrappers, the window):
    the automatic passes over it before the first paint found nothing to free."""
    passes: list[int] = []

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    def exec_(self) -> int:  # noqa: ANN001  (QApplication.exec, without its loop)
        seen.extend(passes)
        return 0

    seen: list[int] = []
    gc.enable()  # as a plain process starts (the tests run with it off: conftest.py)
    gc.callbacks.append(on_gc)
    try:
        monkeypatch.setattr(QApplication, "exec", exec_)
        assert app_main.main([]) == 0  # the built-in example, its panels shown
        assert gc.isenabled()  # given back as it was
    finally:
        gc.callbacks.remove(on_gc)
        gc.disable()
        gc.unfreeze()  # (main froze what the test process had made)
        for w in QApplication.topLevelWidgets():
            if isinstance(w, MainWindow):
                qtbot.addWidget(w)
                w.close()
    assert seen == []

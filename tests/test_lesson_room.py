"""Lesson scenes show what they name on a 1024×768 projector (issue 27): the panels a scene's
`show` names (the Gram matrix, the proof, the bound) stand beside the canvas in presentation,
where they used to be left out below 1000 px (the iteration table, too wide for the column at
the room's type, stays out: the narration gives the update's numbers); leaving presentation
gives the docks their places back."""

from __future__ import annotations

from tests.conftest import run_on_screen

SCENES_AT_1024 = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from perceptron_gui import MainWindow
from perceptron_gui.app import i18n

from PySide6.QtTest import QTest

def settle(seconds=0.3):
    QTest.qWait(int(seconds * 1000))  # the event loop, asleep between events

out = {}
for lang in ("en", "zh_CN"):
    i18n.set_language(lang, remember=False)
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
    w.show()
    settle()
    areas = {d.objectName(): w.dockWidgetArea(d).name for d in w.docks}
    assert w.open_lesson("perceptron")
    w.set_presentation(True)
    settle()
    names = {"proof": w.proof_dock, "bound": w.bound_dock, "table": w.tables_dock,
             "dual": w.tables_dock}
    scenes = []
    for i, scene in enumerate(w.lesson_player.lesson.scenes):
        # (on a short screen the iteration table, too wide for the column, and a compare
        # scene's panels, beside two plots, stay out)
        named = [s for s in scene.show if s in names and s != "table" and not scene.compare]
        if not named:
            continue
        w.lesson_player.go(i)
        settle(0.8)
        docks = []
        for s in named:
            d = names[s]
            g = d.geometry()
            docks.append({
                "show": s, "visible": d.isVisible(), "rect": g.getRect(),
                "tabbed": [t.objectName() for t in w.tabifiedDockWidgets(d) if t.isVisible()],
                "tab": w.tabs.currentIndex(),
            })
        scenes.append({"scene": i, "docks": docks, "window": w.geometry().getRect(),
                       "canvas": w.canvas.geometry().getRect()})
    w.set_presentation(False)
    settle()
    back = {d.objectName(): w.dockWidgetArea(d).name for d in w.docks}
    out[lang] = {"scenes": scenes, "areas": areas, "back": back}
    w.close()
    w.deleteLater()
    settle(0.1)
print(json.dumps(out))
"""


def test_scenes_show_their_panels_beside_the_canvas_at_1024x768(tmp_path) -> None:  # noqa: ANN001
    r = run_on_screen(tmp_path, 1024, 768, SCENES_AT_1024)
    for lang, got in r.items():
        scenes = got["scenes"]
        shown = {d["show"] for s in scenes for d in s["docks"]}
        assert {"dual", "proof", "bound"} <= shown, (lang, shown)  # scenes 4 and 5 at least
        for s in scenes:
            _, _, width, height = s["window"]
            assert (width, height) == (1024, 768), (lang, s)
            cx, cy, cw, ch = s["canvas"]
            assert cw >= 0.5 * width and ch >= 0.5 * height, (lang, s)  # the plot keeps room
            for d in s["docks"]:
                x, y, dw, dh = d["rect"]
                assert d["visible"] and not d["tabbed"], (lang, s["scene"], d)
                # On screen, beside the canvas, wide and tall enough to read.
                assert 0 <= x and x + dw <= width and 0 <= y and y + dh <= height, (lang, d)
                assert x >= cx + cw - 1, (lang, s["scene"], d)
                assert dw >= 0.35 * width and dh >= 0.3 * height, (lang, s["scene"], d)
                if d["show"] == "dual":
                    assert d["tab"] == 1  # the dual view's tab: α and the Gram matrix
            if [d["show"] for d in s["docks"]][:1] == ["proof"] and len(s["docks"]) > 1:
                assert s["docks"][0]["rect"][3] >= 0.55 * height  # the proof first, largest
        assert got["back"] == got["areas"], lang  # Esc: the docks where they were

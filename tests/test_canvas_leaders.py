"""Leader lines in the window on a 1024×768 screen (issue 26's leftovers): short, never
crossing one another, and a name with no such place hidden but still reachable.

At UI scale 2 the built-in example's 18 points (Example 2.1) fill a plot of about
510 × 180 px; the names were put in columns at the plot's sides with lines up to 3.8
marker diameters long that crossed each other and ran across the plot.
"""

from __future__ import annotations

import numpy as np
import pytest

_CODE = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
from perceptron_gui import MainWindow

w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.resize(1024, 768)
w.show()

def settle():
    for _ in range(4):
        app.processEvents()
    w.canvas.flush()

settle()
w.load_example()
out = {}
for where, scale, present in (("scale 2", 2.0, False), ("presentation", 1.0, True)):
    assert w.set_ui_scale(scale)
    w.set_presentation(present)
    settle()
    w.reset()
    settle()
    rows = []
    for k in range(5):
        cv = w.canvas
        state = w.state()
        hidden = cv.hidden_names()
        pts = cv.points()
        rows.append({
            "diameter": cv._marks.layers.markers.size,
            "leaders": {
                n: [l.x1(), l.y1(), l.x2(), l.y2()] for n, l in cv.leader_lines().items()
            },
            "names": [n for n in cv.overlay_rects() if n.startswith("name")],
            "hidden": hidden,
            "state": state["names_hidden"],
            # Hovering a hidden name's point finds it, and its tooltip names it.
            "hover": [cv.hit_test(*map(float, pts[i])) for i in hidden],
            "tips": [cv.point_tooltip(i).split(" ")[0] for i in hidden],
        })
        w.step()
        settle()
    out[where] = rows
    w.set_presentation(False)
    settle()
print(json.dumps(out))
"""


def _cross(a: list[float], b: list[float]) -> bool:
    """Whether two segments meet (as `layout.segments_cross`, written again here)."""

    def side(p: list[float], q: list[float], r: list[float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    a0, a1, b0, b1 = a[:2], a[2:], b[:2], b[2:]
    sides = (side(b0, b1, a0), side(b0, b1, a1), side(a0, a1, b0), side(a0, a1, b1))
    if not any(sides):  # on one line (two names' lines level at one height): overlapping?
        lo = [min(s[c], s[c + 2]) for s in (a, b) for c in (0, 1)]
        hi = [max(s[c], s[c + 2]) for s in (a, b) for c in (0, 1)]
        return all(lo[c] <= hi[2 + c] and lo[2 + c] <= hi[c] for c in (0, 1))
    return sides[0] * sides[1] <= 0 and sides[2] * sides[3] <= 0


@pytest.mark.long
def test_leader_lines_are_short_and_apart_at_ui_scale_2_and_in_presentation(tmp_path) -> None:  # noqa: ANN001
    """The built-in example stepped five times in the window at UI scale 2 and in
    presentation, on a 1024×768 screen: no two leader lines cross, none is longer than
    LEADER_REACH marker diameters; every name is shown or counted hidden (`state()`'s
    `names_hidden`), and a hidden name's point is still found by hovering it, its
    tooltip naming it."""
    from perceptron_gui.app.canvas.constants import LEADER_REACH
    from tests.conftest import run_on_screen

    got = run_on_screen(tmp_path, 1024, 768, _CODE)
    bad = []
    for where, rows in got.items():
        for k, r in enumerate(rows):
            lines = r["leaders"]
            keys = sorted(lines)
            for n, a in enumerate(keys):
                seg = lines[a]
                length = float(np.hypot(seg[2] - seg[0], seg[3] - seg[1]))
                if length > LEADER_REACH * r["diameter"] + 0.5:
                    bad.append((where, k, a, "long", round(length / r["diameter"], 2)))
                bad += [(where, k, a, b, "cross") for b in keys[n + 1 :] if _cross(seg, lines[b])]
            shown = sorted(int(n[4:]) for n in r["names"])
            if sorted(shown + r["hidden"]) != list(range(18)) or r["state"] != r["hidden"]:
                bad.append((where, k, "counted", shown, r["hidden"], r["state"]))
            if r["hover"] != r["hidden"] or r["tips"] != [f"x{i + 1}" for i in r["hidden"]]:
                bad.append((where, k, "hover", r["hover"], r["tips"]))
    assert not bad, bad
    assert any(r["hidden"] for r in got["scale 2"])  # (the small plot hides some)

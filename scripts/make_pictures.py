"""Make the README's pictures (offscreen): the window, the update, the modes,
presentation mode at 1920×1080, a lesson's question scene and a scene with its panels at
1024×768, d-dimensional data at 1024×768 (the digits' w as an image, Iris in the w-aligned
view, an experiment's histogram), an animation and the LaTeX table rendered.

    python scripts/make_pictures.py            # writes assets/*.png, assets/*.gif
    python scripts/make_pictures.py --quick    # one small picture into a temporary folder
    python scripts/make_pictures.py --only dims.png,experiment.png  # those of the 1024×768 ones

Every picture is of a real window driven through the scripting API; open them and look.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EX_X = [[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]]
EX_Y = [1, 1, -1]
SIZE = (1280, 800)


def _scratch(prefix: str) -> str:
    """A temporary folder, removed when the script exits."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def _screen_file(size: tuple[int, int]) -> str:
    """An offscreen screen of `size` (Qt's default offscreen screen is 800×600, too small
    for a 1280×800 window: the compare picture was squeezed into it)."""
    spec = {"name": "s", "x": 0, "y": 0, "width": size[0], "height": size[1]}
    spec.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})
    path = Path(_scratch("pg-screen-")) / "screen.json"
    path.write_text(json.dumps({"screens": [spec]}))
    return str(path)


os.environ.setdefault("QT_QPA_PLATFORM", f"offscreen:configfile={_screen_file(SIZE)}")
os.environ.setdefault("PERCEPTRON_GUI_STATE_DIR", _scratch("pg-pictures-"))


def _window():  # noqa: ANN202
    from PySide6.QtWidgets import QApplication

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
    from perceptron_gui.app.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)  # the update's end
    w.resize(*SIZE)
    w.show()
    app.processEvents()
    return app, w


def _save(app, w, path: Path) -> None:  # noqa: ANN001
    from perceptron_gui.app.canvas import DataCanvas

    for _ in range(5):
        app.processEvents()
    for canvas in w.findChildren(DataCanvas):  # (compare's too) laid out, as on screen
        canvas.flush()
    w.grab().save(str(path))
    print(f"wrote {path}")


def _finish(w) -> None:  # noqa: ANN001
    w.run_to_end()
    while w.state()["running"]:
        w.controller._on_timer_timeout()


def pictures(out: Path, quick: bool) -> None:
    from perceptron_gui.core.generators import generate

    app, w = _window()
    # The update's triangle on the example made for it (in the worked example every update
    # is collinear with x3, and the triangle lies flat on it).
    w.generate("update-geometry")
    for _ in range(2):
        w.step()
    _save(app, w, out / "anatomy.png")
    if quick:
        return
    w.set_points(EX_X, EX_Y)
    w.set_order("first")
    for _ in range(8):
        w.step()
    # proof.png (the proof panel at 1024×768) is make_book_pictures.py's.
    w.export_animation(str(out / "worked.gif"), 7)
    print(f"wrote {out / 'worked.gif'}")
    w.load_example()
    for _ in range(6):
        w.step()
    _save(app, w, out / "window.png")
    d = generate("noisy", 60, noise=0.15, seed=4)
    w.set_points(d.points, d.labels)
    w.set_mode("pocket")
    w.set_max_updates(200)
    _finish(w)
    _save(app, w, out / "pocket.png")
    w.set_mode("voted")
    w.set_max_updates(300)
    _finish(w)
    _save(app, w, out / "voted.png")
    d = generate("separable", 12, seed=2)
    w.set_points(d.points, d.labels)
    w.set_mode("dual")
    _finish(w)
    w.tabs.setCurrentWidget(w.dual_view)
    _save(app, w, out / "dual.png")
    w.tabs.setCurrentWidget(w.iteration_table)
    c = generate("circles", 80, seed=1)
    w.set_points(c.points, c.labels)
    w.set_mode("kernel")
    w.controller.set_settings(kernel="rbf", sigma=1.0)
    _finish(w)
    _save(app, w, out / "kernel.png")
    d = generate("separable", 40, margin=0.05, seed=3)
    w.set_points(d.points, d.labels)
    w.set_mode("primal")
    w.set_order("cyclic")
    w.set_compare({"mode": "primal", "order": "random"})
    _finish(w)
    _save(app, w, out / "compare.png")
    w.set_compare(None)
    # The spaces behind the line (docs/spaces.md): Example 2.1 after its third update, the
    # augmented view beside the canvas; then its end, in the weight space.
    w.set_points(EX_X, EX_Y)
    w.set_order("first")
    for _ in range(3):
        w.step()
    w.set_space_view("augmented")
    _save(app, w, out / "augmented.png")
    w.set_space_view("augmented", False)
    w.set_space_view("weights")
    for _ in range(4):
        w.step()
    _save(app, w, out / "weights.png")
    w.set_space_view("weights", False)
    _latex_table(w, out)
    w.close()


def _latex_table(w, out: Path) -> None:  # noqa: ANN001
    """The worked example's LaTeX table, compiled and rendered (when a TeX is installed)."""
    if not (shutil.which("pdflatex") and shutil.which("pdftoppm")):
        print("no pdflatex/pdftoppm: the LaTeX table picture is not made")
        return
    from perceptron_gui.core.tables import iteration_table, to_latex

    w.set_points(EX_X, EX_Y)
    w.set_mode("primal")
    w.set_order("first")
    for _ in range(8):
        w.step()
    t = w.controller.trainer
    body = to_latex(iteration_table(t.data, t))
    # article + an empty page style, cropped by pdftoppm's -x/-y/-W/-H below (the
    # `standalone` class is not in texlive-latex-base).
    doc = (
        "\\documentclass{article}\n\\usepackage{booktabs}\n\\pagestyle{empty}\n"
        "\\begin{document}\n\\noindent\n" + body + "\n\\end{document}\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "t.tex").write_text(doc, encoding="utf-8")
        subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "t.tex"],
            cwd=tmp,
            capture_output=True,
            check=True,
        )
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "150",
                "-singlefile",
                "-x",
                "265",
                "-y",
                "245",
                "-W",
                "570",
                "-H",
                "275",
                "t.pdf",
                str(out.resolve() / "table"),
            ],
            cwd=tmp,
            check=True,
        )
    print(f"wrote {out / 'table.png'}")


PRESENT = """
import sys
from PySide6.QtWidgets import QApplication
import perceptron_gui.app
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.set_ui_scale(float(sys.argv[3]))
w.fit_to_screen()
w.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
w.set_order("first")
w.show()
w.set_theme(sys.argv[2])
if sys.argv[4] == "1":
    w.set_presentation(True)
for _ in range(2):
    w.step()
for _ in range(5):
    app.processEvents()
w.canvas.flush()
w.grab().save(sys.argv[1])
"""

# A window as the pictures below start it: argv 2 the theme, argv 3 the UI scale.
_WINDOW = """
import sys
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest
import perceptron_gui.app
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.set_ui_scale(float(sys.argv[3]))
w.fit_to_screen()
w.show()
w.set_theme(sys.argv[2])
"""

# The built-in lesson in presentation mode, at the scene and update `{play}` reaches.
_LESSON = (
    _WINDOW
    + """
w.set_presentation(True)
assert w.open_lesson("perceptron")
{play}
QTest.qWait(500)  # the layout settles (a scene's panels take their column)
w.canvas.flush()
w.grab().save(sys.argv[1])
"""
)
# A question scene: example 2.1, the room answered x3 (wrong: the update is on x1), and
# the next question is asked.
LESSON = _LESSON.format(play="w.lesson_player.go(1)\nw.answer(2)")
# A scene that shows panels, at 1024×768: "Why it stops" (the proof over the bound, in a
# column beside the canvas), after three updates.
LESSON_PANELS = _LESSON.format(play="w.lesson_player.go(4)\nfor _ in range(3):\n    w.next_slide()")
# A compare scene at 1024×768: "The order matters", cyclic beside random, after three updates
# (both plots one size and range, both readouts whole).
LESSON_COMPARE = _LESSON.format(
    play="w.lesson_player.go(5)\nfor _ in range(3):\n    w.next_slide()"
)


# The built-in digits 3 (+1) against 8 (-1) at 1024×768: the pocket after 40 updates in a
# random order, its w as an 8×8 image beside the canvas, the misclassified as thumbnails.
DIGITS = (
    _WINDOW
    + """
assert w.load_builtin("digits:3:8")
w.notice.hide()
w.act_anatomy.setChecked(False)  # the update's vector: the picture is of w and the points
w.set_mode("pocket")
w.set_order("random")
for _ in range(40):
    w.step()
QTest.qWait(500)
w.canvas.flush()
w.grab().save(sys.argv[1])
"""
)

# Iris (setosa +1 against versicolor -1, 4 features) at 1024×768 in the w-aligned view: the
# primal form run to the end in a random order, the line the hyperplane itself (a vertical
# line), each point's horizontal distance to it its true signed distance.
DIMS = (
    _WINDOW
    + """
assert w.load_builtin("iris")
w.notice.hide()
w.act_anatomy.setChecked(False)  # (the update's vectors: the picture is of the view)
w.set_order("random")
w.controller.set_seed(3)
w.run_to_end()
while w.state()["running"]:
    w.controller._on_timer_timeout()
QTest.qWait(500)
w.canvas.flush()
w.grab().save(sys.argv[1])
"""
)

# Run ▸ Experiment… at 1024×768 on the NTU-like pla.dat of docs/dimensions.md (its own
# generator, run here): 2000 runs in a random order from seed 0, the histogram of updates
# against the bound (D/γ)², the numbers the docs give for question 16.
EXPERIMENT = """
import os, re, sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
from PySide6.QtTest import QTest
import perceptron_gui.app
app = QApplication([])
from perceptron_gui.app.main_window import MainWindow
doc = Path("docs/dimensions.md").read_text("utf-8")
section = doc[doc.index("## The NTU homework's six questions"):]
generator = re.search(r"```python\\n(.*?)```", section, re.S).group(1)
os.chdir(os.environ["PERCEPTRON_GUI_STATE_DIR"])  # (a folder of this picture's own)
exec(generator, {})
w = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
w.set_ui_scale(float(sys.argv[3]))
w.fit_to_screen()
w.show()
w.set_theme(sys.argv[2])
assert w.load(Path("pla.dat").resolve())
w.notice.hide()
w.act_anatomy.setChecked(False)
w.set_order("random")
w.controller.set_seed(0)
w.run_to_end()  # the window's own run (seed 0): the hyperplane in the w-aligned view
while w.state()["running"]:
    w.controller._on_timer_timeout()
w.act_experiment.trigger()
while w.experiment.running or w.experiment.result is None:
    QTest.qWait(100)
QTest.qWait(500)
w.canvas.flush()
w.grab().save(sys.argv[1])
"""


def on_screen(
    out: Path,
    name: str,
    theme: str,
    *,
    size: tuple[int, int] = (1920, 1080),
    scale: float = 1.0,
    present: bool = True,
    script: str = PRESENT,
) -> None:
    """The window (or presentation mode) on a screen of `size` (a process of its own: the
    screen's size is fixed when Qt starts), at UI `scale`; `script` draws it."""
    with tempfile.TemporaryDirectory() as tmp:
        screen = Path(tmp) / "screen.json"
        spec = {"name": "s", "x": 0, "y": 0, "width": size[0], "height": size[1]}
        spec.update({"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1})
        screen.write_text(json.dumps({"screens": [spec]}))
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": f"offscreen:configfile={screen}",
            "PERCEPTRON_GUI_STATE_DIR": tmp,
        }
        path = out / name
        args = [str(path), theme, str(scale), "1" if present else "0"]
        subprocess.run([sys.executable, "-c", script, *args], env=env, cwd=ROOT, check=True)
        print(f"wrote {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one picture, into a temporary folder")
    ap.add_argument("--out", default=str(ROOT / "assets"), help="the folder for the pictures")
    ap.add_argument("--only", help="retake only these of the windows on a screen (comma-separated)")
    args = ap.parse_args()
    out = Path(_scratch("pg-pictures-")) if args.quick else Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.only:
        names = set(args.only.split(","))
        for name, script in (
            ("digits.png", DIGITS),
            ("dims.png", DIMS),
            ("experiment.png", EXPERIMENT),
        ):
            if name in names:
                on_screen(out, name, "light", size=(1024, 768), present=False, script=script)
        return 0
    pictures(out, args.quick)
    if not args.quick:
        on_screen(out, "presentation.png", "light")
        on_screen(out, "presentation-dark.png", "dark")
        small = (1024, 768)
        on_screen(out, "window-1024.png", "light", size=small, present=False)
        on_screen(out, "window-1024-dark.png", "dark", size=small, present=False)
        on_screen(out, "presentation-1024.png", "light", size=small)
        on_screen(out, "lesson-question.png", "light", size=small, script=LESSON)
        on_screen(out, "lesson-panels.png", "light", size=small, script=LESSON_PANELS)
        on_screen(out, "lesson-compare.png", "light", size=small, script=LESSON_COMPARE)
        on_screen(out, "window-1080-scale2.png", "light", scale=2.0, present=False)
        on_screen(out, "digits.png", "light", size=small, present=False, script=DIGITS)
        on_screen(out, "dims.png", "light", size=small, present=False, script=DIMS)
        on_screen(out, "experiment.png", "light", size=small, present=False, script=EXPERIMENT)
    return 0


if __name__ == "__main__":
    status = main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.2 s with Qt loaded): frozen, they simply go with the process.
    gc.freeze()
    sys.exit(status)

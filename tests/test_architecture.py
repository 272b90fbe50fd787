"""The shape of the house: a Qt-free core, a safe PySide6 pin, and no PySide6 refcount crash."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_py(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def test_core_imports_no_qt() -> None:
    """The core and the command line, every module of both (`python -m perceptron_gui.core`
    and `perceptron` too), import no Qt, nor numba (a small run stays on numpy): one process
    for all (test_cli, test_geometry and test_fast had their own; theirs are long now)."""
    r = run_py(
        """
        import sys
        import perceptron_gui
        import importlib, pkgutil
        import perceptron_gui.core, perceptron_gui.cli
        for pkg in (perceptron_gui.core, perceptron_gui.cli):  # every module, new ones too
            for m in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."):
                importlib.import_module(m.name)  # (a __main__ runs nothing when imported)
        from perceptron_gui.core import train, novikoff as nv
        train([[3, 3], [4, 3], [1, 1]], [1, 1, -1]); nv([[3, 3]], [1])
        qt = {"PySide6", "PyQt6", "PyQt5", "shiboken6", "pyqtgraph", "numba"}
        heavy = sorted(m for m in sys.modules if m.split(".")[0] in qt)
        print(heavy)
        """
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_core_sources_name_no_qt() -> None:
    for path in [p for d in ("core", "cli") for p in (ROOT / "perceptron_gui" / d).rglob("*.py")]:
        text = path.read_text("utf-8")
        for bad in ("PySide6", "pyqtgraph", "PyQt"):
            assert f"import {bad}" not in text and f"from {bad}" not in text, path


def test_pyside6_marker_excludes_the_crashing_pair() -> None:
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["dependencies"]
    pyside = [d for d in deps if d.lower().startswith("pyside6")]
    assert any("<6.12" in d and "python_version < '3.12'" in d for d in pyside), pyside
    assert all("python_version" in d for d in pyside), pyside


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="PySide6 6.12 is fine on Python 3.12+")
def test_installed_pyside6_is_not_the_crashing_pair() -> None:
    import PySide6

    version = tuple(int(p) for p in PySide6.__version__.split(".")[:2])
    assert version < (6, 12), PySide6.__version__


def test_tens_of_thousands_of_void_qt_calls_do_not_crash() -> None:
    # PySide6 6.12.0 on CPython 3.11 decrements None's refcount on every call to a C++
    # function returning void; the interpreter dies (none_dealloc) after a few thousand.
    r = run_py(
        """
        import os
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication, QWidget
        app = QApplication([])
        w = QWidget(); t = QTimer()
        for i in range(40000):
            w.update(); t.setInterval(i % 100); w.setWindowTitle("x")
        import sys
        print("ok", sys.getrefcount(None) > 0)
        """,
        timeout=300,
    )
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert r.stdout.strip() == "ok True"


# What a script's quick run must print, where a test checks more than "something".
SCRIPT_OUTPUT = {
    "bench_core.py": ("| N |", "Primal form", "Dual form", "Novikoff bound", "numpy"),
}

SCRIPTS = sorted(p.name for p in (ROOT / "scripts").glob("*.py"))

# Runs each script given as `python scripts/<name> --quick` would, one after another in
# this one process: as __main__, its folder first on sys.path, its own TMPDIR, its exit
# status and output kept, its atexit handlers run when it ends, then the environment and the
# working folder as they were before it (its windows stay: deleting them from outside
# crashed pyqtgraph). They share one QApplication, made first. Prints one JSON line at the end.
RUN_SCRIPTS = r"""
import atexit, contextlib, io, json, os, runpy, sys, tempfile, traceback
from pathlib import Path

scripts, scratch = Path(sys.argv[1]), Path(sys.argv[2])
import perceptron_gui.app  # (sets pyqtgraph's binding)
from PySide6.QtWidgets import QApplication
app = QApplication([])  # one for all: a script's own, made in a function, died with it
sys.path.insert(0, str(scripts))
results = {}
for name in sys.argv[3:]:
    tmp = scratch / name
    tmp.mkdir()
    env, cwd, argv = dict(os.environ), os.getcwd(), sys.argv
    os.environ["TMPDIR"] = tempfile.tempdir = str(tmp)
    sys.argv = [str(scripts / name), "--quick"]
    out, err = io.StringIO(), io.StringIO()
    status = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            runpy.run_path(str(scripts / name), run_name="__main__")
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if not isinstance(e.code, int) and e.code is not None:
                print(e.code, file=sys.stderr)
        except BaseException:
            status = 1
            traceback.print_exc()
        finally:
            atexit._run_exitfuncs()
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.argv, tempfile.tempdir = argv, None
    left = sorted(p.name for p in tmp.iterdir())
    results[name] = [status, out.getvalue(), err.getvalue(), left]
print(json.dumps(results), flush=True)
os._exit(0)  # (Qt's teardown of the scripts' windows left behind could crash)
"""


@pytest.fixture(scope="module")
def bytecode(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The scripts' process writes its compiled bytecode somewhere, once.

    With PYTHONDONTWRITEBYTECODE set (as on the test machines) the scripts compiled
    scikit-learn, SciPy, numba and pyqtgraph from source again: ~5 s of CPU for
    scikit-learn alone. There it goes to a folder of the run's own; without the variable
    (the README's test command empties it) Python's own `__pycache__` folders already
    hold what the tests imported, and a folder of the run's own would compile it all again.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        env["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.mktemp("pycache"))
    return env


@pytest.mark.long
def test_every_script_runs(tmp_path: Path, bytecode: dict[str, str]) -> None:
    """Every script's smoke run (`--quick`) ends with status 0, prints something, prints no
    traceback and leaves no temporary file. All of them run in one process, one after
    another (see RUN_SCRIPTS): a process each cost ~1.2 s of CPU to start Python, numpy,
    Qt and the compiled loop, sixteen times. Whatever a script says about a process of its
    own (a first paint, a screenshot, a lesson's passes), it measures in a child it starts."""
    r = subprocess.run(
        [sys.executable, "-c", RUN_SCRIPTS, str(ROOT / "scripts"), str(tmp_path), *SCRIPTS],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
        # The checkout's package, as the other tests import it (not an installed copy): it
        # also shares the numba cache that tests/conftest.py had compiled.
        env={**bytecode, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stderr[-3000:]
    results = json.loads(r.stdout.strip().splitlines()[-1])
    assert sorted(results) == SCRIPTS
    failed = {}
    for script, (status, out, err, left) in results.items():
        problems = []
        if status != 0:
            problems.append(f"status {status}")
        if left:
            problems.append(f"left {left}")
        if not out.strip():
            problems.append("printed nothing")
        if "Traceback" in err:
            problems.append("a traceback")
        problems += [f"no {h!r}" for h in SCRIPT_OUTPUT.get(script, ()) if h not in out]
        if problems:
            failed[script] = (problems, err[-2000:])
    assert not failed, failed


#: A read of one of multi.py's private names from outside it: ``multi._x`` (an attribute
#: of the module, in code or in a docstring's reference) or ``from ...multi import _x``.
_PRIVATE_OF_MULTI = re.compile(
    r"\bmulti\._\w|from\s+perceptron_gui\.core\.multi\s+import\s+\(?[^)\n]*\b_\w", re.M
)


def _reads_of_multis_privates(text: str) -> list[int]:
    """The lines of `text` that read a private name of core/multi.py."""
    return sorted({text.count("\n", 0, m.start()) + 1 for m in _PRIVATE_OF_MULTI.finditer(text)})


def test_no_module_outside_multi_reads_its_private_names() -> None:
    """The R^d loop's replay (replay.py) and the experiments (experiment.py) drive multi.py
    through its public names (`RunState`, `limits`, `loop_for`, `start_scores`, ...): a
    private one is multi.py's own to change."""
    probe = (
        "a = multi._limits(c, n)\nfrom perceptron_gui.core.multi import RULE_CODES, _NONE\n"
        "b = multi.limits(c, n)\nfrom perceptron_gui.core.multi import RULE_CODES\n"
    )
    assert _reads_of_multis_privates(probe) == [1, 2]  # the scan can fail
    found = {
        path.relative_to(ROOT).as_posix(): lines
        for folder in ("perceptron_gui", "scripts", "tests", "examples")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "multi.py" and path != Path(__file__).resolve()
        if (lines := _reads_of_multis_privates(path.read_text("utf-8")))
    }
    assert found == {}, "give multi.py a public name for what is needed"

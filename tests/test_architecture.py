"""The shape of the house: a Qt-free core, a safe PySide6 pin, and no PySide6 refcount crash."""

from __future__ import annotations

import os
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
    r = run_py(
        """
        import sys
        import perceptron_gui
        import importlib, pkgutil
        import perceptron_gui.core, perceptron_gui.cli
        for pkg in (perceptron_gui.core, perceptron_gui.cli):  # every module, new ones too
            for m in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."):
                if not m.name.endswith("__main__"):
                    importlib.import_module(m.name)
        from perceptron_gui.core import train, novikoff as nv
        train([[3, 3], [4, 3], [1, 1]], [1, 1, -1]); nv([[3, 3]], [1])
        qt = {"PySide6", "PyQt6", "PyQt5", "shiboken6", "pyqtgraph"}
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


@pytest.fixture(scope="module")
def bytecode(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The scripts' children keep their compiled bytecode in one folder of the run's own.

    With PYTHONDONTWRITEBYTECODE set (as on the test machines) every script compiled
    scikit-learn, SciPy, numba and pyqtgraph from source again: ~5 s of CPU for
    scikit-learn alone, in each of three scripts. The scripts run the same code either way.
    """
    folder = tmp_path_factory.mktemp("pycache")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(folder)}


@pytest.mark.parametrize("script", sorted(p.name for p in (ROOT / "scripts").glob("*.py")))
def test_every_script_runs(script: str, tmp_path: Path, bytecode: dict[str, str]) -> None:
    scratch = tmp_path / "tmp"  # the script's temporary files: none may stay
    scratch.mkdir()
    r = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        # The checkout's package, as the other tests import it (not an installed copy): it
        # also shares the numba cache that tests/conftest.py had compiled.
        env={
            **bytecode,
            "QT_QPA_PLATFORM": "offscreen",
            "PYTHONPATH": str(ROOT),
            "TMPDIR": str(scratch),
        },
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert list(scratch.iterdir()) == []
    assert r.stdout.strip(), "a script printed nothing"
    assert "Traceback" not in r.stderr
    for header in SCRIPT_OUTPUT.get(script, ()):
        assert header in r.stdout, r.stdout

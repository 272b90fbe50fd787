"""PySide6's check of each module imported after it, answered from the file's bytes
(app/feature_scan.py): the same answer as PySide6's own, without `inspect`."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import perceptron_gui.app  # noqa: F401  (installs the check)
from perceptron_gui.app import feature_scan


def _module(path: Path) -> types.ModuleType:
    m = types.ModuleType(f"scan_{path.stem}")
    m.__file__ = str(path)
    return m


def test_pysides_check_is_replaced_once_the_app_is_imported() -> None:
    feature = sys.modules["shibokensupport.feature"]
    assert feature._mod_uses_pyside is feature_scan.uses_pyside
    assert feature_scan._original is not None
    feature_scan.install()  # a second time: nothing changes (its own check is kept)
    assert feature_scan._original is not feature_scan.uses_pyside


def test_the_answer_is_pysides_for_every_module_loaded() -> None:
    original = feature_scan._original
    assert original is not None
    modules = [m for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)]
    said = {m.__name__: feature_scan.uses_pyside(m) for m in modules}
    assert said == {m.__name__: original(m) for m in modules}
    assert said["perceptron_gui.app.qt_mirror"] and not said["numpy"]


def test_the_answer_is_pysides_for_odd_sources(tmp_path: Path) -> None:
    original = feature_scan._original
    assert original is not None
    files = {
        "latin": "# -*- coding: latin-1 -*-\n# caf\xe9\nimport PySide6\n".encode("latin-1"),
        "bom": "\ufeffimport PySide6\n".encode("utf-8"),
        "undecodable": b"import PySide6\n# \xff\xfe\n",
        "bad_cookie": b"# -*- coding: no-such-codec -*-\nimport PySide6\n",
        "second_line": "#!/usr/bin/env python\n# coding: latin-1\nPySide6 = '\xe9'\n".encode(
            "latin-1"
        ),
        "cr_lines": b"#!python\r# coding: latin-1\rimport PySide6\r# \xe9\r",
        "one_line": b"import PySide6",
        "without": b"import numpy\n",
        "empty": b"",
        "elsewhere": b"x = 'PySide60'\n",
    }
    for name, data in files.items():
        (tmp_path / f"{name}.py").write_bytes(data)
    for name in [*files, "gone"]:
        m = _module(tmp_path / f"{name}.py")
        assert feature_scan.uses_pyside(m) == original(m), name
    assert feature_scan.uses_pyside(types.ModuleType("no_file")) == original(
        types.ModuleType("no_file")
    )

"""pyqtgraph's copies of Qt's modules are filled on use (app/qt_mirror.py)."""

from __future__ import annotations

import os
import subprocess
import sys

import PySide6.QtCore
import pytest

from perceptron_gui.app.qt_mirror import _Mirror


def test_a_mirror_reads_a_name_once_and_keeps_it() -> None:
    m = _Mirror("mirror", PySide6.QtCore)
    assert "QPointF" not in vars(m)
    assert m.QPointF is PySide6.QtCore.QPointF
    assert vars(m)["QPointF"] is PySide6.QtCore.QPointF  # kept: a plain lookup after
    assert not hasattr(m, "__no_such_dunder__")


@pytest.mark.long
def test_pyqtgraph_imported_after_the_app_uses_the_mirrors() -> None:
    code = (
        "import sys, perceptron_gui.app, pyqtgraph as pg, PySide6.QtCore as C\n"
        "from perceptron_gui.app.qt_mirror import _Mirror\n"
        "assert isinstance(sys.modules['pyqtgraph.Qt.QtCore'], _Mirror)\n"
        "assert pg.QtCore.QPointF is C.QPointF and pg.QtCore.__version__ == C.__version__\n"
        "assert 'QItemSelectionModel' not in vars(pg.QtCore)  # (not copied at import)\n"
        "assert pg.QtGui.QFileSystemModel is pg.QtWidgets.QFileSystemModel\n"
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    )

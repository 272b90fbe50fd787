"""One set of generator defaults: the command line and window.generate give the same
points; the update-geometry example; Generate… remembers its choices."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main as cli_main
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import generate
from perceptron_gui.core.io import load_file

SIX = ["separable", "noisy", "xor", "blobs", "circles", "update-geometry"]


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


@pytest.mark.long
@pytest.mark.parametrize("kind", SIX)
def test_the_command_line_and_window_generate_the_same_points(
    window, tmp_path: Path, kind: str
) -> None:  # noqa: ANN001, E501
    out = tmp_path / "g.csv"
    assert cli_main(["generate", kind, "--n", "30", "--seed", "4", "-o", str(out)]) == 0
    assert window.generate(kind, n=30, seed=4)
    s = window.state()
    loaded = load_file(out)
    np.testing.assert_array_equal(np.asarray(s["points"], float), loaded.data.points)
    np.testing.assert_array_equal(np.asarray(s["labels"], float), loaded.data.labels)
    # Options by name, as the command line's --margin and --noise.
    out2 = tmp_path / "h.csv"
    assert cli_main(["generate", kind, "--n", "30", "--margin", "0.3", "--noise", "0.2",
                     "-o", str(out2)]) == 0  # fmt: skip
    assert window.generate(kind, n=30, margin=0.3, noise=0.2)
    np.testing.assert_array_equal(
        np.asarray(window.state()["points"], float), load_file(out2).data.points
    )


def test_generate_refuses_with_a_notice(window) -> None:  # noqa: ANN001
    assert not window.generate("spiral")
    assert "spiral" in window.notice.text()
    assert not window.generate("separable", n=10, colour=3)


def test_update_geometry_draws_real_triangles() -> None:
    d = generate("update-geometry")
    t = make_trainer(make_dataset(d.points, d.labels), TrainConfig())
    areas = []
    while (rec := t.step()) is not None:
        w0, dw = np.asarray(rec.w_before), np.asarray(rec.w_after) - np.asarray(rec.w_before)
        areas.append(abs(w0[0] * dw[1] - w0[1] * dw[0]))
    assert t.converged and len(areas) >= 4
    assert min(areas[1:]) > 1.0  # every update after the first from 0: not along w
    ex = make_trainer(generate("example"), TrainConfig())
    flat = []
    while (rec := ex.step()) is not None:
        w0, dw = np.asarray(rec.w_before), np.asarray(rec.w_after) - np.asarray(rec.w_before)
        flat.append(abs(w0[0] * dw[1] - w0[1] * dw[0]))
    assert min(flat[1:]) == 0.0  # the worked example's are degenerate (the measure fails there)


def test_generate_dialog_remembers_its_choices(qtbot) -> None:  # noqa: ANN001
    from perceptron_gui.app.dialogs import GenerateDialog

    dlg = GenerateDialog()
    qtbot.addWidget(dlg)
    assert dlg.margin.value() == pytest.approx(0.1) and dlg.n.value() == 40
    dlg.kind.setCurrentIndex(dlg.kind.findData("xor"))
    dlg.n.setValue(77)
    dlg.seed.setValue(9)
    dlg.noise.setValue(0.35)
    dlg.accept()
    again = GenerateDialog()
    qtbot.addWidget(again)
    assert again.kind.currentData() == "xor"
    assert (again.n.value(), again.seed.value()) == (77, 9)
    assert again.noise.value() == pytest.approx(0.35)
    assert "N = 77, seed 9" in again.description()


def test_export_dialogs_remember_size_title_and_folder(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from perceptron_gui.app import export

    dlg = export.ExportDialog(None, animation=False)
    qtbot.addWidget(dlg)
    assert dlg.size_px == export.DEFAULT_SIZE and not dlg.title_box.isChecked()
    dlg.width_box.setValue(1600)
    dlg.height_box.setValue(1000)
    dlg.title_box.setChecked(True)
    dlg.accept()
    again = export.ExportDialog(None, animation=False)
    qtbot.addWidget(again)
    assert again.size_px == (1600, 1000) and again.title_box.isChecked()
    anim = export.ExportDialog(None, animation=True)  # its own choices
    qtbot.addWidget(anim)
    assert anim.size_px == export.DEFAULT_SIZE
    assert export.in_last_dir("figure.png") == "figure.png"
    export.remember_dir(str(tmp_path / "slides" / ".." / "f.png"))
    assert export.in_last_dir("figure.png") == str(tmp_path.resolve() / "figure.png")

"""The window and d-dimensional files: refused with a message until the canvas draws them.

(The w-aligned view is `core/projection.py`; the canvas being rebuilt will take it.)
"""

from __future__ import annotations

from pathlib import Path


def test_a_four_dimensional_file_is_refused_with_a_message(window, tmp_path: Path) -> None:  # noqa: ANN001
    before = window.controller.data
    p = tmp_path / "hw1_15_train.dat"
    p.write_text("0.97681 0.10723 0.64385 0.29556\t1\n0.67194 0.2418 0.83075 0.42741\t-1\n")
    assert window.load(p) is False
    assert window.notice.isVisible()
    assert "4 features per point" in window.notice.text()
    assert "perceptron experiment" in window.notice.text()
    assert window.controller.data is before  # nothing lost

"""What the long soak (scripts/soak.py) found, each pinned by a test that failed before
its fix."""

from __future__ import annotations

from pathlib import Path

XOR_X = [[1, 1], [-1, -1], [1, -1], [-1, 1], [2, 2], [-2, 1]]
XOR_Y = [1, 1, -1, -1, 1, -1]


def test_a_titled_kernel_figure_exports(window, tmp_path: Path) -> None:  # noqa: ANN001
    """The figure's title named w, which a kernel model has not (AttributeError): in
    compare mode (where the title is on) every kernel figure export failed."""
    assert window.set_points(XOR_X, XOR_Y)
    assert window.set_mode("kernel")
    window.step()
    window.step()
    for title, second in ((True, None), (False, {"mode": "primal"})):
        if second is not None:
            assert window.set_compare(second)
        path = tmp_path / f"k{int(title)}.png"
        assert window.export_figure(path, (400, 300), title=title)
        assert path.stat().st_size > 0

"""The window at UI scale 2 (View ▸ Larger, Ctrl++): what it draws grows with the type,
and nothing is cut, squeezed or scrolled sideways for it."""

from __future__ import annotations

from typing import Any


def _zoom_to(window: Any, scale: float) -> None:
    """View ▸ Larger (Ctrl++) until the UI scale is `scale`, as a user would."""
    from PySide6.QtWidgets import QApplication

    while window.state()["ui_scale"] < scale:
        window.act_zoom_in.trigger()
        QApplication.processEvents()
    QApplication.processEvents()


def _ink_width(widget: Any) -> int:
    """The width of what `widget` draws darker than its background (its glyph), px."""
    image = widget.grab().toImage()
    back = image.pixelColor(1, 1).lightness()
    columns = [
        x
        for x in range(image.width())
        if any(image.pixelColor(x, y).lightness() < back - 60 for y in range(2, image.height() - 2))
    ]
    return max(columns) - min(columns) + 1 if columns else 0


def test_the_docks_buttons_grow_with_ctrl_plus(window) -> None:  # noqa: ANN001
    """Ctrl++ from scale 1 to 2: a dock's float and close buttons (48 px boxes) draw their
    glyphs as a window opened at scale 2 does, most of the box wide (Qt's title button
    kept the icon size of the last change of style: a glyph 20 px wide in the 48 px box)."""
    from PySide6.QtWidgets import QAbstractButton

    _zoom_to(window, 2.0)
    for dock in (window.controls_dock, window.proof_dock):
        buttons = [
            b
            for b in dock.findChildren(QAbstractButton)
            if b.objectName().startswith("qt_dockwidget_")
        ]
        assert len(buttons) == 2
        for b in buttons:
            side = min(b.width(), b.height())
            assert side >= 40, b.size()
            assert _ink_width(b) >= 0.6 * side, (dock.objectName(), _ink_width(b), side)

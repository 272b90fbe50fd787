"""Colours, fonts and sizes shared by the app, chosen to read well on a projector.

The class colours come from the Okabe–Ito palette, which stays distinguishable
for the common forms of colour blindness; the classes also differ by marker shape
so that nothing depends on colour alone.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QApplication

# Okabe–Ito palette.
POSITIVE = "#0072B2"  # blue: class +1, circle
NEGATIVE = "#D55E00"  # vermillion: class −1, cross
POCKET = "#009E73"  # bluish green: pocket weights
HIGHLIGHT = "#F0E442"  # yellow: halo behind a misclassified point
SELECTION = "#CC79A7"  # reddish purple: selected points
ALPHA = "#56B4E9"  # sky blue: dual coefficients α

INK = "#1A1A1A"  # axes, text, the current line, rings
MUTED = "#555555"  # geometry overlays (radius circle, best separator)
BACKGROUND = "#FFFFFF"

#: Alpha (0–255) of the half-plane tints: light enough that points stay readable.
TINT_ALPHA = 40
GRID_ALPHA = 0.3

MARKER_SIZE = 14  # px
LINE_WIDTH = 3  # px
TICK_FONT_PT = 14
LABEL_FONT_PT = 16
ANNOTATION_FONT_PT = 12


def tint(color: str, alpha: int = TINT_ALPHA) -> QColor:
    """Return ``color`` with the given alpha (0–255).

    Parameters
    ----------
    color : str
        Any colour name Qt understands, e.g. ``"#0072B2"``.
    alpha : int, optional
        Opacity from 0 (transparent) to 255 (opaque).

    Returns
    -------
    QColor
        A new colour.
    """
    c = QColor(color)
    c.setAlpha(alpha)
    return c


def projector_font(point_size: int = TICK_FONT_PT, *, bold: bool = False) -> QFont:
    """Return the application font at a size readable from the back of a lecture room.

    Parameters
    ----------
    point_size : int, optional
        Size in points.
    bold : bool, optional
        Use a bold weight.

    Returns
    -------
    QFont
        A copy of the application's default font, resized.
    """
    font = QFont(QApplication.font())
    font.setPointSize(point_size)
    font.setBold(bold)
    return font


def apply_projector_font(app: QApplication, point_size: int = TICK_FONT_PT) -> None:
    """Make ``point_size`` the default font size of every widget in ``app``.

    Parameters
    ----------
    app : QApplication
        The running application.
    point_size : int, optional
        Size in points.
    """
    app.setFont(projector_font(point_size))

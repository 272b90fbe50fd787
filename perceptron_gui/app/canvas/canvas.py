"""The data canvas: points, the model's boundary, mistakes and the Novikoff geometry.

The canvas only draws and reports what the user asked for, in data coordinates.
It never edits the data set: a click emits ``add_requested(x, y, label)`` and the
controller, if it agrees, calls back :meth:`DataCanvas.set_points`.

It draws any model through the model interface (`perceptron_gui.core.model`): a
linear model as the line w·x + b = 0 with tinted half-planes and the normal w; any
other as tinted regions of sign f with the boundary f = 0. Everything that may
change per animation frame (the boundary, the tints, the highlighted mistakes, the
current point) is drawn by items created once and updated in place. Colours and
sizes come from the theme and are applied in `apply_theme` only.
"""

from __future__ import annotations

from perceptron_gui.app.canvas.constants import (
    ANIMATION_MS,
    HEADER_INSET_PX,
    HIGHLIGHT_MAX,
    REGION_GRID,
    SETTLE_MAX_MS,
    SETTLE_MS,
)
from perceptron_gui.app.canvas.interaction import PointerCanvas

__all__ = [
    "DataCanvas",
    "ANIMATION_MS",
    "HEADER_INSET_PX",
    "HIGHLIGHT_MAX",
    "REGION_GRID",
    "SETTLE_MAX_MS",
    "SETTLE_MS",
]


class DataCanvas(PointerCanvas):
    """The plot of the data set and of what the perceptron currently believes.

    Signals
    -------
    add_requested(float, float, int)
        The user asked to add a point ``(x, y)`` of class ``label`` (±1).
    move_requested(int, float, float)
        The user dragged point ``index`` to ``(x, y)`` (emitted once, on release).
    selection_changed(list)
        The user changed the selection (not emitted by :meth:`set_selection`).

    Notes
    -----
    Mouse: left click adds a point of class :attr:`add_label`; right click or
    Alt + left click adds a −1 point. Left click on a point selects it (Ctrl
    toggles it in the selection); left drag from a point moves it; left drag on
    empty space selects the points in a rectangle (Ctrl adds to the selection).
    The wheel zooms and the middle button pans.
    """

    def hidden_names(self, *, lay_out: bool = True) -> list[int]:
        """The points (0-based) whose names the canvas does not draw for want of a place
        beside them or a short leader line's reach (up to NAME_TEXT_MAX points; beyond,
        no point's name is drawn): hovering the point, the points table and `state()`
        still name them. Lays the texts out first if a pass is waiting (with `lay_out`;
        else as the last pass left them: `names_hidden_changed` tells when they change)."""
        if lay_out and self._layout_pending():
            self._layout_overlays()
        return list(self._point_labels.hidden)

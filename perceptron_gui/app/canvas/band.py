"""The bands' data: the margin band's width, Novikoff's quantities and what of them is shown.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below. The
drawings are visuals that draw the view model's: the margin band `visuals/margin.py`,
Novikoff's radius and the best separator's γ band `visuals/novikoff.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg

from perceptron_gui.app.canvas.boundary import BoundaryCanvas
from perceptron_gui.app.canvas.items import Line
from perceptron_gui.app.canvas.view_model import Novikoff


class BandCanvas(BoundaryCanvas):
    """The bands' data: the margin band's width, Novikoff's quantities, what is shown."""

    def set_margin_band(self, width: float | None) -> None:
        """Draw the band ``|w·x + b| < width`` of the running line and ring the right
        points inside it (passive-aggressive corrects them); None hides it. (The band is
        a visual, visuals/margin.py, that draws the view model's.)"""
        self.view_model.set_band_width(width)

    def set_geometry(
        self,
        D: float | None,  # noqa: N803
        direction: Sequence[float] | None,
        gamma: float | None,
        bias: bool,
    ) -> None:
        """Give the Novikoff quantities: radius, best separator and its margin.

        Parameters
        ----------
        D : float or None
            ``max‖x_i‖``, or ``max‖(x_i, 1)‖`` with the bias; None hides the circle.
        direction : sequence of float or None
            The best unit separator û*: ``(u1, u2, ub)`` with the bias, ``(u1, u2)``
            without. None (not separable) hides it.
        gamma : float or None
            The margin γ of û*.
        bias : bool
            Whether the model has a bias (changes how ``D`` and ``direction`` read).
        """
        u = None if direction is None else np.asarray(direction, dtype=np.float64).reshape(-1)
        if u is not None and len(u) != (3 if bias else 2):
            raise ValueError(f"direction must have {3 if bias else 2} entries with bias={bias}")
        if self._bias_off != (not bias):
            self._bias_off = not bias
            self.refit()
        self.view_model.set_novikoff(
            Novikoff(
                None if D is None else float(D),
                u,
                None if gamma is None else float(gamma),
                bool(bias),
            )
        )

    def show_radius(self, on: bool) -> None:
        """Show or hide the circle of radius ``max‖x_i‖`` around the origin."""
        self.view_model.set_novikoff(self.view_model.novikoff, show_radius=bool(on))

    def show_best(self, on: bool) -> None:
        """Show or hide the best separator û* and its γ band."""
        self.view_model.set_novikoff(self.view_model.novikoff, show_best=bool(on))

    # Novikoff's items, as the texts' layout (labels.py) and scripts read them.

    @property
    def best_line(self) -> Line:
        """The best separator û*'s line (visuals/novikoff.py)."""
        return self._novikoff.best_line

    @property
    def _radius_label(self) -> pg.TextItem:
        return self._novikoff.circle_label

    @property
    def _gamma_label(self) -> pg.TextItem:
        return self._novikoff.gamma_label

"""The bands: the margin band's width, Novikoff's radius, the best separator's γ band.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below. The
margin band itself is a visual, `visuals/margin.py`, which draws the view model's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.boundary import BoundaryCanvas
from perceptron_gui.app.canvas.markers import (
    polygon,
)
from perceptron_gui.core.geometry import clip_polygon

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class BandCanvas(BoundaryCanvas):
    """The bands: the margin band's width, Novikoff's radius, the best separator's γ band."""

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
        self._geometry = (
            None if D is None else float(D),
            u,
            None if gamma is None else float(gamma),
            bool(bias),
        )
        self._update_geometry()

    def show_radius(self, on: bool) -> None:
        """Show or hide the circle of radius ``max‖x_i‖`` around the origin."""
        self._show_radius = bool(on)
        self._update_geometry()

    def show_best(self, on: bool) -> None:
        """Show or hide the best separator û* and its γ band."""
        self._show_best = bool(on)
        self._update_geometry()

    def _update_geometry(self) -> None:
        self._schedule_layout()
        D, u, gamma, bias = self._geometry
        show_circle = self._show_radius and D is not None
        show_best = self._show_best and u is not None
        if not (show_circle or show_best or self._made("geometry")):
            return
        self._radius_circle.setVisible(show_circle)
        self._radius_label.setVisible(show_circle)
        if show_circle:
            assert D is not None
            r = math.sqrt(max(D * D - 1.0, 0.0)) if bias else D
            self._radius_circle.setRect(QtCore.QRectF(-r, -r, 2 * r, 2 * r))
            if bias:
                text = translate(
                    "DataCanvas", "R = max‖x‖ = {r}   (D = √(R²+1) = {d} with the bias)"
                ).format(r=fmt.tick(r), d=fmt.tick(D))
            else:
                text = f"D = max‖x‖ = {fmt.tick(D)}"
            self._radius_label.setText(text)
            self._place_radius_label(r)

        for item in (self.best_line, self._band, *self._band_edges, self._gamma_label):
            item.setVisible(False)
        if not show_best:
            return
        assert u is not None
        a, c = u[:2], (float(u[2]) if bias else 0.0)
        if not a.any():
            return
        rect = self._margin_rect()
        if rect is None:
            return
        seg = self._set_line(self.best_line, a, c, rect)
        if gamma is None or gamma <= 0:
            return
        x0, x1, y0, y1 = rect
        view = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
        # The band is where |û·x̂| ≤ γ. With the bias, û = (u_w, u_b) is a unit vector in
        # (x, 1) space, so in the plane the band is γ/‖u_w‖ wide on each side, not γ.
        band = clip_polygon(clip_polygon(view, a, c + gamma), -a, -c + gamma)
        self._band.setVisible(len(band) >= 3)
        if len(band) >= 3:
            self._band.setPolygon(polygon(band))
        edges = [
            self._set_line(edge, a, c + s * gamma, rect)
            for edge, s in zip(self._band_edges, (1.0, -1.0), strict=True)
        ]
        anchor = edges[1] if edges[1] is not None else seg
        if anchor is not None:
            vr = self._vb.viewRect()
            # Put the label on the visible part of the edge, near its "upper" end.
            ends = [pt for pt in anchor if vr.contains(QtCore.QPointF(*pt))]
            mid = anchor.mean(axis=0)
            at = mid + 0.6 * ((ends[0] if ends else anchor[0]) - mid)
            half = gamma / float(np.hypot(*a))
            if bias:
                text = translate(
                    "DataCanvas", "γ = {g} in (x, 1) space; band ±{h} in the plane"
                ).format(g=fmt.tick(gamma), h=fmt.tick(half))
            else:
                text = translate("DataCanvas", "γ = {g} (band ±γ)").format(g=fmt.tick(gamma))
            self._gamma_label.setText(text)
            self._gamma_label.setPos(*at)
            self._gamma_label.setVisible(True)

    def _place_radius_label(self, r: float) -> None:
        # On the circle, at the first of these angles that is in view, inside the circle.
        vr = self._vb.viewRect()
        mx, my = 0.1 * vr.width(), 0.1 * abs(vr.height())
        inner = vr.adjusted(mx, my, -mx, -my)
        for deg in (90, 70, 110, 50, 130, 270, 250, 290, 0, 180):
            t = math.radians(deg)
            at = QtCore.QPointF(r * math.cos(t), r * math.sin(t))
            if inner.contains(at):
                break
        else:
            self._radius_label.setVisible(False)
            return
        self._radius_label.setAnchor((0.5, -0.15) if at.y() > 0 else (0.5, 1.15))
        self._radius_label.setPos(at)
        self._radius_label.setVisible(True)

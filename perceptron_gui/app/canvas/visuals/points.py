"""The points and their marks: the markers (or a density image), the mistakes' halos and
rings, the selection, the current point, α's discs.

A visual over the canvas's `ViewModel` (as `visuals/margin.py`), made at once (a plain
start shows the points). It draws at the model's events of what it draws: the points, the
mistakes, the current point, the selection, α. The host tells it when the markers' size is
due again (`size`: a crowd shrinks them, and how much depends on the view), and gives it
the gate of the large areas (`area`): while a run goes, a field of thousands of halos
changes no more often than the regions do.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtWidgets

from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.constants import (
    ALPHA_TEXT_MAX,
    HALO_FIELD_MIN,
    HALO_FIELD_Z,
    HALO_Z,
    HIGHLIGHT_MAX,
    MARKER_Z,
    MIN_MARKER_SHRINK,
    RING_MAX,
    SHRINK_MIN_POINTS,
)
from perceptron_gui.app.canvas.density import DENSITY_MIN_POINTS, DensityImage
from perceptron_gui.app.canvas.items import Place
from perceptron_gui.app.canvas.markers import (
    MarkerLayer,
    draw_alpha,
    draw_circle,
    draw_cross,
    draw_current,
    draw_halo,
    draw_ring,
    draw_selection,
    draw_thin_ring,
)
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Area, Placed, Visual, now
from perceptron_gui.app.theme import theme

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]


class Layers(NamedTuple):
    """The visual's layers, in their stacking order."""

    #: Discs sized by α behind the points (beyond ALPHA_TEXT_MAX points).
    alpha: MarkerLayer
    #: A yellow halo under each mistake.
    halos: MarkerLayer
    #: A dark ring round each of a few mistakes ...
    rings: MarkerLayer
    #: ... a thin one round each of many.
    thin_rings: MarkerLayer
    #: The points: circles (+1) and crosses (−1).
    markers: MarkerLayer
    #: In a crowd (shrunk markers), the mistakes' markers again, over the others.
    mistakes: MarkerLayer
    #: From DENSITY_MIN_POINTS on, the points as one image.
    density: DensityImage
    #: A diamond round each selected point.
    selected: MarkerLayer
    #: A square round the current point.
    current: MarkerLayer


class PointMarks(Visual[Layers]):
    """The points (markers, or a density image for a very large set) and their marks: the
    mistakes' halos and rings (thick for a few, thin for many, the mistakes' own markers on
    top in a crowd), the selection's diamonds, the current point's square, α's discs.

    Parameters
    ----------
    model
        What is shown: the points, the marks, the view (for the crowd's shrink).
    place
        Adds the items to the plot (in the host's stacking order), once, when made.
    area
        Shows a large area's new drawing now or at its turn (the canvas's gate while a run
        goes); by default, now.
    """

    def __init__(self, model: ViewModel, place: Place, area: Area = now) -> None:
        super().__init__(model, place)
        self._area = area
        #: The markers' shrink for a crowd (0: not sized yet).
        self.shrink = 0.0
        self._crowd_box: tuple[FloatArray, tuple[FloatArray, FloatArray] | None] | None = None
        #: The halos to show (drawn now, or at the gate's turn when they are a field), and
        #: how many are drawn, and among how many points (their indices' bound).
        self._halos_next: IntArray = np.empty(0, dtype=np.intp)
        self._halos_drawn = 0
        self._halos_among = 0
        events = model.events
        events.points.connect(self._on_points)
        events.mistakes.connect(self._on_mistakes)
        events.current.connect(self._on_current)
        events.selection.connect(self._on_selection)
        events.alpha.connect(self._on_alpha)
        self.make()

    def _make(self) -> tuple[Layers, Placed]:
        alpha = MarkerLayer([draw_alpha], 44)
        # A mistake is a yellow halo and a dark ring (not by colour alone), both under the
        # markers: nothing drawn for one point may hide another (the halos, the rings, the
        # current point's square, the selection sit just under the markers, over the lines).
        halos = MarkerLayer([draw_halo], 32)
        rings = MarkerLayer([draw_ring], 32)
        for layer in (halos, rings):
            # With thousands of mistakes the halos merge into one lit region; merging
            # them on a 4 px grid cuts the overdraw (~60 ms -> ~10 ms for 10^5).
            layer.dedup_px = 4.0
        # Thousands of rings would bury the markers and the line under a black blob;
        # faded, they still show where the mistakes are.
        rings.dense_opacity = 0.4
        thin_rings = MarkerLayer([draw_thin_ring], 20)
        thin_rings.dense_opacity = 0.55
        thin_rings.dedup_px = 4.0  # (as the halos: 10^5 rings, one per 4 px)
        # Kind 0 = +1 circles, kind 1 = -1 crosses (drawn over the circles).
        markers = MarkerLayer([draw_circle, draw_cross], 18)
        # The points do not change between frames: Qt keeps their rendering and
        # blits it until a pan or zoom changes the transform (39 ms -> 4 ms at 10^5).
        markers.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # In a crowd (shrunk markers) the mistakes' own markers again, over the others: a
        # mistake is never hidden under a point of the other class.
        mistakes = MarkerLayer([draw_circle, draw_cross], 18)
        # From DENSITY_MIN_POINTS on the points are one image (see density.py).
        density = DensityImage()
        selected = MarkerLayer([draw_selection], 34)
        current = MarkerLayer([draw_current], 36)
        layers = Layers(
            alpha, halos, rings, thin_rings, markers, mistakes, density, selected, current
        )
        placed: Placed = [
            (alpha, -5),
            (halos, HALO_Z),
            (rings, MARKER_Z - 0.1),
            (thin_rings, MARKER_Z - 0.1),
            (markers, MARKER_Z),
            (mistakes, MARKER_Z + 0.05),
            (density, MARKER_Z),
            (selected, MARKER_Z - 0.1),
            (current, MARKER_Z - 0.05),
        ]
        return layers, placed

    def make(self) -> None:
        """Make the layers, once: the points and their marks show as soon as they are set
        (the mistakes' markers over a crowd, the density image and α's discs when due)."""
        if self.made:
            return
        super().make()
        layers = self.layers
        for layer in (layers.halos, layers.rings, layers.thin_rings, layers.markers):
            layer.setVisible(True)
        for layer in (layers.selected, layers.current):
            layer.setVisible(True)

    @property
    def layers(self) -> Layers:
        """The layers (made with the visual)."""
        return self._made_items()

    # -- the theme and the crowd

    def _style(self, items: Layers) -> None:
        self.shrink = 0.0  # (sized again, the sprites drawn in the theme's colours)
        self.size()
        items.density.apply_theme()

    def _crowd_shrink(self) -> float:
        """How much the markers shrink for a crowd: 1 while the points are about a marker
        and a half apart on the plot or more, down to MIN_MARKER_SHRINK (10⁵ points)."""
        points = self.model.points
        n = len(points)
        if n < SHRINK_MIN_POINTS:
            return 1.0
        t = theme()
        full = t.marker + 4 * t.scale
        cached = self._crowd_box
        if cached is None or cached[0] is not points:  # once per point set
            cached = (points, frame.bounds(points))
            self._crowd_box = cached
        box = cached[1]
        x0, x1, y0, y1 = self.model.view_range()
        w, h = self.model.size_px()
        if box is None or w < 50 or h < 50 or not (x1 > x0 and y1 > y0):
            return 1.0
        lo, hi = box
        # The data's box in pixels (at least a tenth of the plot each way: a line of points).
        bw = max(float(hi[0] - lo[0]) / (x1 - x0) * w, 0.1 * w)
        bh = max(float(hi[1] - lo[1]) / (y1 - y0) * h, 0.1 * h)
        spacing = math.sqrt(bw * bh / n)
        return min(1.0, max(MIN_MARKER_SHRINK, 1.6 * spacing / full))

    def size(self) -> None:
        """The markers' and marks' sizes from the theme, shrunk for a crowd of points (both
        classes and the mistakes stay visible: the mistakes' rings go on top)."""
        shrink = self._crowd_shrink()
        if abs(shrink - self.shrink) < 0.05:
            return
        self.shrink = shrink
        layers = self.layers
        t = theme()
        m = t.marker * shrink
        layers.markers.set_size(m + 4 * t.scale * shrink)
        for layer, px in (
            (layers.halos, 32),
            (layers.rings, 32),
            (layers.thin_rings, 21),
            (layers.selected, 34),
            (layers.current, 36),
            (layers.alpha, 44),
        ):
            layer.set_size(px * (m if layer is not layers.current else t.marker) / 14.0)
        # In a crowd the mistakes' thin rings are drawn over the markers, not under them.
        layers.mistakes.set_size(m + 4 * t.scale * shrink)
        layers.mistakes.setVisible(shrink < 1.0)

    # -- what the model tells

    def _on_points(self) -> None:
        """New points (or classes): every layer's positions, then the marks on them."""
        layers = self.layers
        pts, labels = self.model.points, self.model.labels
        kinds = (labels < 0).astype(np.int8)
        dense = len(pts) >= DENSITY_MIN_POINTS
        if dense:
            layers.markers.set_positions(np.empty((0, 2)))
            # An edit keeps the old image until the recount (no blank frame); a new data
            # set shows nothing of the old one.
            layers.density.set_points(pts, labels, keep_old=not self.model.new_data)
        else:
            layers.markers.set_positions(pts, kinds=kinds)
            if layers.density.isVisible():
                layers.density.set_points(np.empty((0, 2)), labels[:0])
        layers.density.setVisible(dense)
        # The mistakes' rings over a crowd: their indices are into these points, dense or
        # not (stale positions under a new subset were read past their end: a crash).
        layers.mistakes.set_positions(pts, kinds=kinds)
        for layer in (layers.rings, layers.thin_rings, layers.selected):
            layer.set_positions(pts)
        # The same number of points moved (a view of R^d follows w at every frame of a
        # run): the halos drawn stay on them, and their new subset waits for the gate's turn
        # as any frame's does (set at once, a field of them changed at every frame). Another
        # number: the subset drawn may point past the new points' end, it goes at once.
        resized = len(pts) != self._halos_among
        self._halos_among = len(pts)
        layers.halos.set_positions(pts, keep_subset=not resized)
        self._mark_mistakes(at_once=resized)
        self._on_selection()
        self._on_current()
        self._on_alpha()

    def _on_mistakes(self) -> None:
        self._mark_mistakes(at_once=False)

    def _mark_mistakes(self, *, at_once: bool) -> None:
        """Halos and rings on the mistakes: thick rings for a few, thin ones for many; a
        field of halos changes at the gate's turn while a run goes (`at_once`: now, the one
        drawn being no longer valid; see `Area`)."""
        idx = self.model.mistakes
        shown = idx[:: -(-len(idx) // HIGHLIGHT_MAX)] if len(idx) > HIGHLIGHT_MAX else idx
        layers = self.layers
        few = len(shown) <= RING_MAX
        layers.rings.set_subset(shown if few else shown[:0])
        layers.thin_rings.set_subset(shown[:0] if few else shown)
        layers.mistakes.set_subset(shown)
        self._halos_next = shown
        if max(len(shown), self._halos_drawn) >= HALO_FIELD_MIN:  # (a lit region: a large area)
            self._area("halos", self._show_halos, at_once=at_once)
        else:
            self._show_halos()

    def _show_halos(self) -> None:
        """The halos on the newest mistakes (whenever the gate lets them change)."""
        halos = self.layers.halos
        halos.set_subset(self._halos_next)
        self._halos_drawn = len(self._halos_next)
        halos.setZValue(HALO_FIELD_Z if self._halos_drawn >= HALO_FIELD_MIN else HALO_Z)

    def _on_current(self) -> None:
        i = self.model.current
        at = np.empty((0, 2)) if i is None else self.model.points[i : i + 1]
        self.layers.current.set_positions(at)

    def _on_selection(self) -> None:
        self.layers.selected.set_subset(self.model.selection)

    def _on_alpha(self) -> None:
        """α's discs behind the points with α > 0, sized by α, beyond ALPHA_TEXT_MAX points
        (up to it, α is written beside each point: a text the host lays out)."""
        a, layer = self.model.alpha, self.layers.alpha
        if a is None or len(a) <= ALPHA_TEXT_MAX:
            layer.setVisible(False)
            return
        layer.setVisible(True)
        nz = np.flatnonzero(a > 0)
        scale = (0.3 + 0.7 * np.sqrt(a[nz] / a[nz].max())) if len(nz) else None
        layer.set_positions(self.model.points[nz], scale)

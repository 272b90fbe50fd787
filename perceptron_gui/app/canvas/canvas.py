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

import contextlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from numpy.typing import ArrayLike, NDArray
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.axes import quiet_hidden_axes
from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.density import DENSITY_MIN_POINTS, DensityImage
from perceptron_gui.app.canvas.items import Axis, CanvasViewBox, ClickEvent, DragEvent, Line
from perceptron_gui.app.canvas.layout import Placer, Rect, overlaps
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
    faded,
    pen,
    polygon,
)
from perceptron_gui.app.canvas.regions import GridSpec, RegionGrid, zero_segments
from perceptron_gui.app.i18n import core_text
from perceptron_gui.app.theme import ANNOTATION_PT, LABEL_PT, TICK_PT, theme
from perceptron_gui.core import geometry
from perceptron_gui.core.geometry import clip_half_plane, clip_line, clip_polygon, edge_arrow
from perceptron_gui.core.model import LinearModel, Model, VoteModel, mistakes

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]

#: At most this many highlighted mistakes are drawn, an even sample of them beyond (the
#: halos merge into one lit region long before; the sample keeps a frame's numpy work
#: bounded at 10^6 points, where every point is a mistake at w = 0).
HIGHLIGHT_MAX = 50_000
#: Above this many points, α is shown by sized discs instead of text labels.
ALPHA_TEXT_MAX = 60
#: Up to this many points, each is labelled with its textbook name x1 … xN.
NAME_TEXT_MAX = 30
#: Up to this many mistakes, each has a thick ring; beyond, a thin ring hugging its marker
#: (hundreds of thick rings merge into a black blob that hides the points and the line).
RING_MAX = 150
HIT_RADIUS_PX = 8.0
ARROW_FRACTION = 0.15  # arrow length as a fraction of the shorter side of the view
VIEW_MARGIN = 0.05  # lines and tints overshoot the view by this fraction per side
LEFT_AXIS_WIDTH = 60  # px at scale 1, wider when the tick labels need it (1e+150)
#: The plot's margin inside the canvas (pixels; pyqtgraph's), and the header's distance from
#: the canvas's edges and from the plot below it (pixels at scale 1; see `set_header`).
PLOT_MARGIN = 1
HEADER_INSET_PX = 4.0
#: The points' markers are drawn over the lines, the tints and the update's vectors.
MARKER_Z = 4.8
#: From this many points the markers shrink with the crowd (see `_crowd_shrink`), to at
#: most this part of their size.
SHRINK_MIN_POINTS = 1000
MIN_MARKER_SHRINK = 0.3
#: A point's tooltip shows when the mouse has rested this long (ms).
HOVER_MS = 250
#: While the window settles (see `DataCanvas.hold_layout`), the texts are laid out this
#: many ms after the last change.
SETTLE_MS = 40
#: ... and at most this many ms after the hold began (a run goes on changing the canvas).
SETTLE_MAX_MS = 500
#: Up to this many points, a text that finds no free room is
#: hidden rather than laid over a point (each point is read one by one; its words are in
#: the narration or the readout too), save a clicked point's info, which was asked for.
#: Beyond, a text over the cloud hides little of it.
CROWD_HIDE_MAX = 60
#: The texts' layout looks at an even sample of at most this many points.
LAYOUT_SAMPLE = 10_000
#: A banner or an update's label wider than this part of the plot wraps.
WRAP_PART = 0.55
#: The last update's picture after the run has ended.
FADED = 0.3
#: How long the verdict of a visit stays next to its point.
VERDICT_MS = 1800
#: The normal's label lies within this many text heights of its arrow (else it is hidden).
NORMAL_LABEL_REACH = 1.0
#: In presentation a click on a point shows what its tooltip says, in large type, this long.
POINT_INFO_MS = 8000
#: Lines whose weights pass this (or its inverse) are drawn from (w, b) / max|w, b|.
LINE_SCALE_MAX = 1e100
#: How long an update takes in slow motion (predict → reveal → correct), milliseconds.
ANIMATION_MS = 420
#: The update's phases, in order.
PHASES = ("predict", "reveal", "correct")
#: The vectors of the update's picture: the old w, the step ηyx, the new w.
ANATOMY = ("w_old", "step", "w_new")
#: The update's vectors are clipped this part of the view inside its edge (the head shows).
ANATOMY_INSET = 0.02
#: Cells across the visible range when a non-linear model's regions are sampled.
REGION_GRID = 240
#: The model's drawing covers the view grown by this part per side; it is drawn again when
#: the view leaves that or its scale changes by more than COVER_ZOOM.
COVER = 0.15
COVER_ZOOM = 1.25


#: A point's name with no room beside it may sit this many marker diameters further off,
#: joined to its point by a leader line.
LEADER_REACH = 4.0


def _gap_to(p: tuple[float, float], size: tuple[float, float], cx: float, cy: float) -> float:
    """How far the rectangle at top-left `p` of `size` is from (cx, cy) (0 inside)."""
    ex = max(0.0, p[0] - cx, cx - (p[0] + size[0]))
    ey = max(0.0, p[1] - cy, cy - (p[1] + size[1]))
    return math.hypot(ex, ey)


def _near(
    cx: float, cy: float, size: tuple[float, float], gap: float, ringed: bool
) -> list[tuple[float, float]]:
    """Top-lefts of a text of `size` beside the point (cx, cy): its corners and sides `gap`
    pixels off, then half a text's height and a text's height further (a ringed point's
    ring is reserved as a square: its corners go round that)."""
    w, h = size
    out: list[tuple[float, float]] = []
    for d in (gap, gap + 0.5 * h, gap + h):
        o = d if ringed else d / math.sqrt(2.0)
        out += [
            (cx + o, cy - o - h),  # above right
            (cx + o, cy + o),  # below right
            (cx - o - w, cy - o - h),  # above left
            (cx - o - w, cy + o),  # below left
            (cx + d, cy - h / 2),  # right
            (cx - d - w, cy - h / 2),  # left
            (cx - w / 2, cy - d - h),  # above
            (cx - w / 2, cy + d),  # below
        ]
    return out


def _leader(r: Rect, cx: float, cy: float, start: float) -> tuple[float, float, float, float]:
    """A leader line from `start` pixels off the point (cx, cy) to the nearest point of the
    rectangle `r`."""
    nx = min(max(cx, r[0]), r[0] + r[2])
    ny = min(max(cy, r[1]), r[1] + r[3])
    d = math.hypot(nx - cx, ny - cy)
    f = min(1.0, start / d) if d > 0 else 0.0
    return (cx + f * (nx - cx), cy + f * (ny - cy), nx, ny)


def _unanchor(item: pg.LegendItem) -> None:
    """Its anchor's slot does nothing once it has no anchor (pyqtgraph's private name)."""
    if hasattr(item, "_GraphicsWidgetAnchor__itemAnchor"):
        item._GraphicsWidgetAnchor__itemAnchor = None


def _line_of(model: LinearModel) -> tuple[FloatArray, float]:
    """The line's (w, b), divided by their largest entry when that is huge or tiny.

    The same line; but w·w and w·x neither overflow for weights near 1e308 (which the
    trainer allows as long as no score overflows) nor underflow for weights near
    1e-300 (η = 1e-300).
    """
    w = np.asarray(model.w, dtype=np.float64)
    b = float(model.b)
    m = max(float(np.max(np.abs(w))), abs(b))
    if m > LINE_SCALE_MAX or 0.0 < m < 1.0 / LINE_SCALE_MAX:
        w, b = w / m, b / m
    return w, b


if TYPE_CHECKING:  # pyqtgraph is untyped (Any): what the canvas uses of its Qt base, typed

    class _PlotWidget(pg.PlotWidget):
        def tr(self, source: str, /, disambiguation: str | None = ..., n: int = ...) -> str: ...
        def mapFromScene(self, point: QtCore.QPointF, /) -> QtCore.QPoint: ...  # noqa: N802

else:
    _PlotWidget = pg.PlotWidget


class DataCanvas(_PlotWidget):
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

    add_requested = QtCore.Signal(float, float, int)
    move_requested = QtCore.Signal(int, float, float)
    selection_changed = QtCore.Signal(list)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        self._vb = CanvasViewBox()
        axes = {"bottom": Axis("bottom"), "left": Axis("left")}
        super().__init__(parent, viewBox=self._vb, axisItems=axes)
        self.setObjectName("canvas")
        self._vb.on_click = self._on_view_click
        self._vb.on_drag = self._on_view_drag
        self._vb.on_user_view = self._on_user_view
        # The user's zoom or pan (or a range set by a caller) holds until Fit view or new
        # data; otherwise the view is the data's frame at every size of the plot.
        self._view_held = False

        self._points: FloatArray = np.empty((0, 2))
        self._labels: NDArray[np.int8] = np.empty(0, dtype=np.int8)
        self._misclassified: IntArray = np.empty(0, dtype=np.intp)
        self._current: int | None = None
        self._verdict_kind: str | None = None
        self._selection: IntArray = np.empty(0, dtype=np.intp)
        self._alpha: FloatArray | None = None
        self._model: Model | None = None
        self._answer: Model | None = None
        self._answer_label = "pocket"
        self._answer_first = True
        self._geometry: tuple[float | None, FloatArray | None, float | None, bool] = (
            None,
            None,
            None,
            False,
        )
        self._show_radius = False
        self._show_best = False
        self._add_label = 1
        self._snap_enabled = False
        self._snap_step = 0.5
        #: Grow the view to keep the running line in it (View ▸ Follow the line; off: the
        #: view is the data's, and an arrow at the edge says where the line went).
        self.follow_line = False
        self.keep_origin = False
        # With the bias off the line goes through the origin: the frame keeps it.
        self._bias_off = False
        self.verdict_ms = VERDICT_MS
        #: The step's name in the update's picture (ηyx; τyx, η Σ yx for other rules).
        self.step_name = "ηyx"
        #: Lines and tints overshoot the view by this fraction per side (pans show no gap;
        #: an exported figure uses 0, so renderers that ignore clip paths draw it the same).
        self.view_margin = VIEW_MARGIN
        self._drag_index: int | None = None
        self._inside: IntArray = np.empty(0, dtype=np.intp)

        self._setup_axes()
        self._create_items()
        # The update's slow motion: one phase per tick (`animation_ms` in all; 0 = none).
        self.animation_ms = ANIMATION_MS
        self._phase = ""
        self._phase_timer = QtCore.QTimer(self)
        self._phase_timer.setSingleShot(True)
        self._phase_timer.timeout.connect(self._on_phase_timer_timeout)
        # Where the texts over the data go: one pass when the turn's changes are done.
        self._layout_timer = QtCore.QTimer(self)
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(0)
        self._layout_timer.timeout.connect(self._layout_overlays)
        self._layout_holding = False  # see hold_layout
        self._layout_hold_cap = 0.0
        self._overlay_rects: dict[str, Rect] = {}
        self._homes: dict[int, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._header: QtWidgets.QWidget | None = None  # see set_header
        self._batch = 0
        self._model_dirty = False
        # The view's drawings (answer, geometry, anatomy, band) wait for the layout pass too.
        self._view_dirty = False
        # Inside a layout pass the regions wait for its end (drawn once, for its view).
        self._regions_wait = False
        self._regions_pending: tuple[Model | None] | None = None
        #: How many times the model's drawing was computed (tests count the work).
        self.model_computations = 0
        # What the last drawing covers (x0, x1, y0, y1 and the view's width then), and the
        # line it drew (w, b).
        self._cover: tuple[float, float, float, float, float] | None = None
        self._drawn_line: tuple[FloatArray, float] | None = None
        self._anatomy_at: tuple[float, float] | None = None
        self._anatomy_opacity = 1.0  # the update's picture's (FADED after a run)
        self._verdict_timer = QtCore.QTimer(self)
        self._verdict_timer.setSingleShot(True)
        self._verdict_timer.timeout.connect(self._on_verdict_timer_timeout)
        self._vb.sigRangeChanged.connect(self._on_view_range_changed)
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self._hover_pos: QtCore.QPointF | None = None
        self._hover_timer = QtCore.QTimer(self)
        self._hover_timer.setSingleShot(True)
        self._hover_timer.setInterval(HOVER_MS)
        self._hover_timer.timeout.connect(self._on_hover_timer_timeout)
        self._vb.sigResized.connect(self._on_view_range_changed)
        # The tick labels depend on the height too: a pane laid out late keeps no axis
        # widened for the few pixels it had (the same range would show narrower).
        self._vb.sigResized.connect(lambda *_: self._fit_axis_width(grow_only=True))
        self._vb.sigResized.connect(self._on_view_resized)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)
        self.fit_view()

    # ------------------------------------------------------------------ setup

    def _setup_axes(self) -> None:
        plot = self.getPlotItem()
        quiet_hidden_axes(plot)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        self._vb.setAspectLocked(True, ratio=1.0)
        self._vb.disableAutoRange()
        for name in ("bottom", "left"):
            axis = plot.getAxis(name)
            # The axes also draw the grid across the view; replaying that picture costs ~2 ms
            # a frame, a cached pixmap is a blit. The cache is redrawn when the range changes.
            axis.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
            # Two tick levels: the finest grid level makes the plot look like graph paper.
            axis.setStyle(maxTickLevel=1)
            # Ticks read the coordinates themselves: pyqtgraph's SI scaling stops at 1e27
            # and labelled a tick at 1e150 "1e+123" under "x₁ (x1e+27)".
            axis.enableAutoSIPrefix(False)
            # The axes draw the grid: under the view box, so no grid line crosses a point.
            axis.setZValue(self._vb.zValue() - 1)

    def _add(self, item: QtWidgets.QGraphicsItem, z: float) -> None:
        item.setZValue(z)
        self._vb.addItem(item, ignoreBounds=True)

    def _create_items(self) -> None:
        def poly_item() -> QtWidgets.QGraphicsPolygonItem:
            item = QtWidgets.QGraphicsPolygonItem()
            item.setPen(QtGui.QPen(Qt.PenStyle.NoPen))
            return item

        # Regions and the boundary of the running model.
        self._tint_pos = poly_item()
        self._tint_neg = poly_item()
        self._add(self._tint_pos, -30)
        self._add(self._tint_neg, -30)
        self._region_grid = RegionGrid()
        self._answer_scores = RegionGrid()  # the answer's f at the data points
        self._regions = pg.ImageItem(axisOrder="row-major")
        self._add(self._regions, -31)
        # f = 0 is thousands of short segments on a wiggly kernel answer: drawn as one
        # drawLines call (a QPainterPath of that many subpaths with round caps took
        # 20-100 ms a frame to stroke, against ~5 ms; the same pixels).
        self._contour = Line(antialias=True, connect="finite")
        self._contour.setSegmentedLineMode("on")
        self._add(self._contour, 4)
        self.model_line = Line(antialias=True)
        self._add(self.model_line, 4)
        self._arrow_shaft = Line(antialias=True)
        self._add(self._arrow_shaft, 4)
        self._arrow_head = poly_item()
        self._add(self._arrow_head, 4)
        self._arrow_label = pg.TextItem(anchor=(0.5, 0.5))
        #: The normal's arrow (foot on the line, tip), in data units: its label goes beside it.
        self._normal_ends: tuple[tuple[float, float], tuple[float, float]] | None = None
        self._arrow_label.setText(self.tr("normal"))  # not "w": the vectors are w
        self._add(self._arrow_label, 8)
        self.pocket_line = Line(antialias=True)
        self._add(self.pocket_line, 4.5)
        # Where the line is when it is out of view and the view does not follow it.
        self._edge_arrow = pg.ArrowItem(headLen=22, tailLen=24, tailWidth=6)
        self._add(self._edge_arrow, 9)
        self._edge_label = pg.TextItem(anchor=(0.5, 1.2))
        self._add(self._edge_label, 9)
        # With w = 0 there is no line: say so, and what every point is predicted.
        self._no_line = pg.TextItem(anchor=(0.5, 0.5))
        self._add(self._no_line, 9)
        # How the run ended ("converged: …") and notices such as a discarded run.
        self._status = pg.TextItem(anchor=(0, 0))
        self._add(self._status, 9)
        # Presentation: a clicked point's name, label and score, large (no tooltip there
        # reads across a room).
        self._info = pg.TextItem(anchor=(0, 0))
        self._add(self._info, 9)
        self._info.setVisible(False)
        self._info_index: int | None = None
        self._info_timer = QtCore.QTimer(self)
        self._info_timer.setSingleShot(True)
        self._info_timer.timeout.connect(self._on_info_timer_timeout)
        self._status.setVisible(False)
        self._fade_timer = QtCore.QTimer(self)
        self._fade_timer.setSingleShot(True)
        self._fade_timer.timeout.connect(self._fade_anatomy)

        # Novikoff geometry.
        self._radius_circle = QtWidgets.QGraphicsEllipseItem()
        self._add(self._radius_circle, 2)
        self._radius_label = pg.TextItem(anchor=(0, 1))
        self._add(self._radius_label, 8)
        self._band = poly_item()
        self._add(self._band, -25)
        self.best_line = Line(antialias=True)
        self._add(self.best_line, 2)
        self._band_edges = [Line() for _ in range(2)]
        for edge in self._band_edges:
            self._add(edge, 2)
        self._gamma_label = pg.TextItem(anchor=(0, 0.5))
        self._add(self._gamma_label, 8)

        # Points and per-point overlays (sizes are set by apply_theme).
        self._alpha_layer = MarkerLayer([draw_alpha], 44)
        self._add(self._alpha_layer, -5)
        # A mistake is a yellow halo and a dark ring (not by colour alone), both under the
        # markers: nothing drawn for one point may hide another (the rings, the current
        # point's square, the selection sit just under the markers, over the lines).
        self._halo_layer = MarkerLayer([draw_halo], 32)
        self._ring_layer = MarkerLayer([draw_ring], 32)
        for layer, z in ((self._halo_layer, -2), (self._ring_layer, MARKER_Z - 0.1)):
            # With thousands of mistakes the halos merge into one lit region; merging
            # them on a 4 px grid cuts the overdraw (~60 ms -> ~10 ms for 10^5).
            layer.dedup_px = 4.0
            self._add(layer, z)
        # Thousands of rings would bury the markers and the line under a black blob;
        # faded, they still show where the mistakes are.
        self._ring_layer.dense_opacity = 0.4
        self._thin_ring_layer = MarkerLayer([draw_thin_ring], 20)
        self._thin_ring_layer.dense_opacity = 0.55
        self._thin_ring_layer.dedup_px = 4.0  # (as the halos: 10^5 rings, one per 4 px)
        self._add(self._thin_ring_layer, MARKER_Z - 0.1)
        # Kind 0 = +1 circles, kind 1 = -1 crosses (drawn over the circles).
        self._marker_layer = MarkerLayer([draw_circle, draw_cross], 18)
        # The points do not change between frames: Qt keeps their rendering and
        # blits it until a pan or zoom changes the transform (39 ms -> 4 ms at 10^5).
        self._marker_layer.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._add(self._marker_layer, MARKER_Z)
        # In a crowd (shrunk markers) the mistakes' own markers again, over the others: a
        # mistake is never hidden under a point of the other class.
        self._mistake_layer = MarkerLayer([draw_circle, draw_cross], 18)
        self._mistake_layer.setVisible(False)
        self._add(self._mistake_layer, MARKER_Z + 0.05)
        # From DENSITY_MIN_POINTS on the points are one image (see density.py).
        self._density = DensityImage()
        self._density.setVisible(False)
        self._add(self._density, MARKER_Z)
        self._selection_layer = MarkerLayer([draw_selection], 34)
        self._add(self._selection_layer, MARKER_Z - 0.1)
        self._current_layer = MarkerLayer([draw_current], 36)
        self._add(self._current_layer, MARKER_Z - 0.05)
        self._preview = {
            1: MarkerLayer([faded(draw_circle)], 18),
            -1: MarkerLayer([faded(draw_cross)], 18),
        }
        for layer in self._preview.values():
            layer.setVisible(False)
            self._add(layer, 7)
        self._alpha_texts: list[pg.TextItem] = []
        self._alpha_points: list[int] = []  # the point each α text names
        self._name_texts: list[pg.TextItem] = []
        # Thin lines from points to their names where a name found room only further off.
        self._leaders = Line(antialias=True, connect="pairs")
        self._leaders.setVisible(False)
        self._add(self._leaders, -1)
        self._leader_px: dict[str, tuple[float, float, float, float]] = {}
        self._verdict = pg.TextItem(anchor=(-0.15, -0.15))
        self._add(self._verdict, 9)
        self._verdict.setVisible(False)

        # The update as geometry: old w, the step ηyx from its tip, the new w closing the
        # triangle, the old line ghosted, the updated point ringed, b's change written.
        self._ghost = Line(antialias=True)
        self._add(self._ghost, 3)  # (lines are drawn under the markers: a line never hides a point)
        self._vectors = {name: (Line(antialias=True), pg.ArrowItem()) for name in ANATOMY}
        # Their names: old w, ηyx (the step), new w.
        self._vector_labels = {name: pg.TextItem(anchor=(0, 0)) for name in ANATOMY}
        for item in self._vector_labels.values():
            self._add(item, 9)
        for shaft, head in self._vectors.values():
            self._add(shaft, 4.6)
            self._add(head, 4.6)
        self._anatomy_label = pg.TextItem(anchor=(-0.1, 1.1))
        self._add(self._anatomy_label, 9)
        self._update_ring = MarkerLayer([draw_ring], 60)
        self._add(self._update_ring, MARKER_Z - 0.05)
        self._anatomy: tuple[LinearModel, LinearModel, int, bool] | None = None
        #: The drawn part of each vector (start, end) in data units: their labels touch it.
        self._vector_ends: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._hide_anatomy()

        # Passive-aggressive: the band |w·x + b| < 1 and the right points inside it,
        # which it still corrects.
        self._margin_band = poly_item()
        self._add(self._margin_band, -26)
        self._margin_edges = [Line() for _ in range(2)]
        for edge in self._margin_edges:
            self._add(edge, 2)
        self._inside_layer = MarkerLayer([draw_ring], 32)
        self._inside_layer.setOpacity(0.55)
        self._add(self._inside_layer, 3)
        self._band_width: float | None = None

        self._rubber_band = QtWidgets.QGraphicsRectItem()
        self._rubber_band.setVisible(False)
        self._add(self._rubber_band, 10)

        # The legend samples its own items, which are never hidden (a hidden sample
        # draws as a "no entry" sign).
        self._legend_answer = pg.PlotDataItem()
        self._legend_current = pg.PlotDataItem()
        self.legend = pg.LegendItem(offset=(-10, 10))
        self.legend.setParentItem(self._vb)
        # A deleted canvas deletes its view box before the legend, whose anchor (pyqtgraph's)
        # then read the box's geometry: "CanvasViewBox already deleted". Unanchored while
        # both still exist (as `export.Figure.close` does).
        self.destroyed.connect(partial(_unanchor, self.legend))
        # The labels are set in `_label_legend`.
        self.legend.addItem(self._legend_answer, " ")
        self.legend.addItem(self._legend_current, " ")
        self.legend.setVisible(False)

        for item in (
            self.model_line,
            self._contour,
            self._regions,
            self._arrow_shaft,
            self._arrow_head,
            self._arrow_label,
            self._tint_pos,
            self._tint_neg,
            self.pocket_line,
            self._edge_arrow,
            self._edge_label,
            self._no_line,
            self._radius_circle,
            self._radius_label,
            self._band,
            self.best_line,
            *self._band_edges,
            self._gamma_label,
        ):
            item.setVisible(False)

    def apply_theme(self) -> None:
        """Restyle every item from the theme (colours, widths, fonts, marker sizes)."""
        self._schedule_layout()
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        t = theme()
        p = t.palette
        ink, muted = t.color("ink"), t.color("muted")
        self.setBackground(t.color("background"))
        plot = self.getPlotItem()
        plot.showGrid(x=True, y=True, alpha=p.grid_alpha)
        tick_font = t.font(TICK_PT)
        label_style = {"color": p.ink, "font-size": f"{t.pt(LABEL_PT)}pt"}
        for name, text in (("bottom", "x₁"), ("left", "x₂")):
            axis = plot.getAxis(name)
            axis.setPen(pg.mkPen(ink, width=1.5 * t.scale))
            axis.setTextPen(pg.mkPen(ink))
            axis.setTickFont(tick_font)
            axis.setLabel(text, **label_style)
        lw = t.line()
        self._tint_pos.setBrush(t.tint("positive"))
        self._tint_neg.setBrush(t.tint("negative"))
        contour_pen = pen(ink, lw)
        # Square caps: the contour is drawn as separate short segments, and Qt strokes a
        # round cap per segment end (~7 ms a frame for ~2000 segments, ~1.3 ms square).
        # Where two segments meet, the squares cover the joint as the round caps did.
        contour_pen.setCapStyle(Qt.PenCapStyle.SquareCap)
        self._contour.setPen(contour_pen)
        self._arrow_shaft.setPen(pen(ink, lw))
        self._arrow_head.setBrush(ink)
        self._style_model_lines()
        self._edge_arrow.setStyle(
            brush=t.color("ink"),
            pen=pg.mkPen(t.color("background"), width=1.5),
            headLen=30 * t.scale,
            headWidth=26 * t.scale,
            tailLen=36 * t.scale,
            tailWidth=10 * t.scale,
        )
        self._radius_circle.setPen(pen(muted, 2 * t.scale, style_=Qt.PenStyle.DashLine))
        self._band.setBrush(t.tint("muted", 35))
        self.best_line.setPen(pen(muted, 2.5 * t.scale, style_=Qt.PenStyle.DotLine))
        for edge in self._band_edges:
            edge.setPen(pen(muted, 1.2 * t.scale, style_=Qt.PenStyle.DashLine))
        fill = pg.mkBrush(t.fill())
        texts: list[tuple[pg.TextItem, QtGui.QColor, float, bool]] = [
            (self._arrow_label, ink, ANNOTATION_PT, False),
            *((item, ink, ANNOTATION_PT, True) for item in self._vector_labels.values()),
            (self._edge_label, ink, ANNOTATION_PT, True),
            (self._no_line, ink, LABEL_PT, True),
            (self._status, ink, LABEL_PT, True),
            (self._info, ink, LABEL_PT, True),
            (self._radius_label, muted, ANNOTATION_PT, True),
            (self._gamma_label, muted, ANNOTATION_PT, True),
            (self._verdict, ink, LABEL_PT, True),
        ]
        texts += [(item, ink, ANNOTATION_PT, True) for item in self._alpha_texts]
        texts += [(item, muted, ANNOTATION_PT - 1, False) for item in self._name_texts]
        for item, color, size, filled in texts:
            item.setColor(color)
            item.setFont(t.font(size, bold=item is self._verdict))
            item.fill = fill if filled else pg.mkBrush(None)
        self._marker_shrink = 0.0  # (sized again below)
        self._size_markers()
        self._density.apply_theme()
        self._ghost.setPen(pen(muted, lw * 0.8, style_=Qt.PenStyle.DashLine))
        self._leaders.setPen(pen(muted, max(1.0, 1.0 * t.scale)))
        colours = {"w_old": muted, "step": t.color("highlight").darker(150), "w_new": ink}
        for name, (shaft, head) in self._vectors.items():
            width = lw * (1.3 if name == "w_new" else 1.0)
            shaft.setPen(pen(colours[name], width))
            head.setStyle(
                brush=colours[name],
                pen=pg.mkPen(colours[name]),
                headLen=16 * t.scale,
                headWidth=12 * t.scale,
                tailLen=None,
            )
        self._anatomy_label.setColor(ink)
        self._anatomy_label.setFont(t.font(ANNOTATION_PT))
        self._anatomy_label.fill = pg.mkBrush(t.fill())
        self._update_ring.set_size(60 * t.scale)
        self._margin_band.setBrush(t.tint("alpha", 45))
        for edge in self._margin_edges:
            edge.setPen(
                pen(t.color("alpha").darker(140), 1.5 * t.scale, style_=Qt.PenStyle.DashLine)
            )
        self._inside_layer.set_size(32 * t.marker / 14.0)
        self._rubber_band.setPen(pen(ink, 1.5 * t.scale, style_=Qt.PenStyle.DashLine))
        self._rubber_band.setBrush(t.tint("selection", 40))
        self.legend.setLabelTextSize(f"{t.pt(ANNOTATION_PT)}pt")
        self.legend.setLabelTextColor(ink)
        self.legend.setBrush(pg.mkBrush(t.fill()))
        self.legend.setPen(pg.mkPen(muted))
        self._label_legend()
        self._edge_label.setText(self.tr("the line is this way"))
        self.getPlotItem().getAxis("left").setWidth(int(LEFT_AXIS_WIDTH * t.scale))
        self._fit_axis_width()
        self._redraw(defer=True)  # a theme, scale or language change: drawn once, after

    def _crowd_shrink(self) -> float:
        """How much the markers shrink for a crowd: 1 while the points are about a marker
        and a half apart on the plot or more, down to MIN_MARKER_SHRINK (10⁵ points)."""
        n = len(self._points)
        if n < SHRINK_MIN_POINTS:
            return 1.0
        t = theme()
        full = t.marker + 4 * t.scale
        box = frame.bounds(self._points)
        x0, x1, y0, y1 = self.view_range()
        w, h = float(self._vb.width()), float(self._vb.height())
        if box is None or w < 50 or h < 50 or not (x1 > x0 and y1 > y0):
            return 1.0
        lo, hi = box
        # The data's box in pixels (at least a tenth of the plot each way: a line of points).
        bw = max(float(hi[0] - lo[0]) / (x1 - x0) * w, 0.1 * w)
        bh = max(float(hi[1] - lo[1]) / (y1 - y0) * h, 0.1 * h)
        spacing = math.sqrt(bw * bh / n)
        return min(1.0, max(MIN_MARKER_SHRINK, 1.6 * spacing / full))

    def _size_markers(self) -> None:
        """The markers' and marks' sizes from the theme, shrunk for a crowd of points (both
        classes and the mistakes stay visible: the mistakes' rings go on top)."""
        shrink = self._crowd_shrink()
        if abs(shrink - self.__dict__.get("_marker_shrink", 0.0)) < 0.05:
            return
        self._marker_shrink = shrink
        t = theme()
        m = t.marker * shrink
        self._marker_layer.set_size(m + 4 * t.scale * shrink)
        for layer in self._preview.values():
            layer.set_size(t.marker + 4 * t.scale)
        for layer, px in (
            (self._halo_layer, 32),
            (self._ring_layer, 32),
            (self._thin_ring_layer, 21),
            (self._selection_layer, 34),
            (self._current_layer, 36),
            (self._alpha_layer, 44),
        ):
            layer.set_size(px * (m if layer is not self._current_layer else t.marker) / 14.0)
        # In a crowd the mistakes' thin rings are drawn over the markers, not under them.
        self._mistake_layer.set_size(m + 4 * t.scale * shrink)
        self._mistake_layer.setVisible(shrink < 1.0)

    def _style_model_lines(self) -> None:
        """The answer is drawn strong and the running line secondary, or the other way."""
        t = theme()
        lw = t.line()
        ink, pocket = t.color("ink"), t.color("pocket")
        answer_pen = pen(pocket, lw * 1.2, style_=Qt.PenStyle.DashLine)
        current_pen = pen(ink, lw)
        if self._answer is not None and self._answer_first:
            answer_pen = pen(pocket, lw * 1.4)
            current_pen = pen(ink, max(1.0, lw * 0.5), style_=Qt.PenStyle.DashLine)
        self.pocket_line.setPen(answer_pen)
        self.model_line.setPen(current_pen)
        self._legend_answer.setPen(answer_pen)
        self._legend_current.setPen(current_pen)

    # ------------------------------------------------------------------ properties

    @property
    def add_label(self) -> int:
        """The class (+1 or −1) that a plain left click adds."""
        return self._add_label

    @add_label.setter
    def add_label(self, label: int) -> None:
        if label not in (1, -1):
            raise ValueError(f"add_label must be +1 or -1, not {label!r}")
        self._add_label = int(label)

    @property
    def snap_enabled(self) -> bool:
        """Round requested coordinates to a grid of :attr:`snap_step`."""
        return self._snap_enabled

    @snap_enabled.setter
    def snap_enabled(self, enabled: bool) -> None:
        self._snap_enabled = bool(enabled)

    @property
    def snap_step(self) -> float:
        """Grid step used when :attr:`snap_enabled` is on."""
        return self._snap_step

    @snap_step.setter
    def snap_step(self, step: float) -> None:
        if not step > 0:
            raise ValueError(f"snap_step must be positive, not {step!r}")
        self._snap_step = float(step)

    # ------------------------------------------------------------------ data

    def set_points(self, points: ArrayLike, labels: ArrayLike, *, reframe: bool = False) -> None:
        """Show a new set of points.

        Parameters
        ----------
        points : array_like, shape (n, 2)
            Coordinates.
        labels : array_like, shape (n,)
            Classes, +1 or −1.
        reframe : bool, optional
            Fit the view to the points (for a new data set; not for single edits).

        Notes
        -----
        If the number of points changed, the highlighted, current, selected and α
        states are dropped (their indices no longer mean the same points); the
        controller sends them again.
        """
        pts = np.array(points, dtype=np.float64).reshape(-1, 2)
        lab = np.asarray(labels).reshape(-1)
        if len(lab) != len(pts):
            raise ValueError(f"{len(pts)} points but {len(lab)} labels")
        resized = len(pts) != len(self._points)
        self._points = pts
        self._labels = np.where(lab > 0, 1, -1).astype(np.int8)
        dense = len(pts) >= DENSITY_MIN_POINTS
        if dense:
            self._marker_layer.set_positions(np.empty((0, 2)))
            # An edit keeps the old image until the recount (no blank frame); a new data
            # set shows nothing of the old one.
            self._density.set_points(pts, self._labels, keep_old=not reframe)
        else:
            self._marker_layer.set_positions(pts, kinds=(self._labels < 0).astype(np.int8))
            self._mistake_layer.set_positions(pts, kinds=(self._labels < 0).astype(np.int8))
            if self._density.isVisible():
                self._density.set_points(np.empty((0, 2)), self._labels[:0])
        self._density.setVisible(dense)
        self._halo_layer.set_positions(pts)
        self._ring_layer.set_positions(pts)
        self._thin_ring_layer.set_positions(pts)
        self._selection_layer.set_positions(pts)
        if self._info_index is not None:  # the point moved or is gone
            self.show_point_info(None)
        if resized or reframe:
            self._misclassified = np.empty(0, dtype=np.intp)
            self._current = None
            self._alpha = None
            self._anatomy = None  # its point index may be another point now
            if len(self._selection):
                self._selection = np.empty(0, dtype=np.intp)
                self.selection_changed.emit([])
        self._set_mistake_marks(self._misclassified)
        self._selection_layer.set_subset(self._selection)
        self.set_current(self._current)
        self.set_alpha(self._alpha)
        self._update_names()
        if reframe:
            self.fit_view()
        self._size_markers()

    def points(self) -> FloatArray:
        """Return the points last set (read-only view)."""
        view = self._points.view()
        view.flags.writeable = False
        return view

    def set_model(self, model: Model | None, *, follow: bool = True) -> None:
        """Show the running model: a line with its half-planes and w, or regions of sign f.

        None hides it. With :attr:`follow_line` on (and `follow`), the view changes to keep
        the line in it; a fast run passes False and follows once at its end.
        """
        self._model = model
        if follow:
            self._follow()
        self._update_model()
        if self._band_width is not None:
            self._update_margin_band()

    def model(self) -> Model | None:
        """The running model last given."""
        return self._model

    def _label_legend(self) -> None:
        self._schedule_layout()
        t = theme()
        name = core_text(self._answer_label)  # "pocket", "average", "vote"
        for sample, label in (
            (self._legend_answer, self.tr("{name} (the answer)").format(name=name)),
            (self._legend_current, self.tr("current w")),
        ):
            # Relabel in place: the legend keeps (sample, label) pairs.
            for s, lab in self.legend.items:
                if s.item is sample:
                    lab.setText(label, size=f"{t.pt(ANNOTATION_PT)}pt", color=t.palette.ink)

    def retranslate(self) -> None:
        """Every text on the canvas in the current language."""
        if self.getPlotItem() is None:  # closed (pyqtgraph drops the plot) but still connected
            return
        self._label_legend()
        self._edge_label.setText(self.tr("the line is this way"))
        self._arrow_label.setText(self.tr("normal"))
        if self._verdict.isVisible() and self._current is not None:
            self._verdict.setText(self._verdict_for(self._current, self._verdict_kind))
        self._redraw(defer=True)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _verdict_for(self, index: int, verdict: str | None) -> str:
        name = fmt.point_name(index)
        if verdict == "mistake":
            return self.tr("{name}: mistake → update").format(name=name)
        return self.tr("{name}: correct ✓").format(name=name)

    def set_answer(self, model: Model | None, label: str = "pocket") -> None:
        """Show the algorithm's answer when it is not the running model.

        A line (the pocket, the average) is drawn beside the running line; any other
        model (the vote) as its regions and boundary f = 0. None hides it and the legend.
        """
        changed = model is not self._answer
        self._answer = model
        if label and label != self._answer_label:
            self._answer_label = label
            self._label_legend()
        self._style_model_lines()
        self._update_answer()
        if changed and model is not None and (not model.is_linear or self._answer_first):
            self._update_model()

    def set_answer_first(self, on: bool) -> None:
        """Draw the answer strong and the running line secondary (True), or the reverse."""
        self._answer_first = bool(on)
        self._style_model_lines()
        self._update_model()

    def answer_mistakes(self, answer: Model, points: ArrayLike, labels: ArrayLike) -> IntArray:
        """`core.model.mistakes` of `answer` on the data: the same indices, a vote's
        scores kept from frame to frame (regions.py; scoring 2000 points against 1000
        vectors each frame was most of a voted run's frame)."""
        if not isinstance(answer, VoteModel):
            return mistakes(answer, points, labels)
        f = self._answer_scores.at(answer, points)
        return np.flatnonzero(np.asarray(labels, dtype=np.float64).reshape(-1) * f <= 0.0)

    def set_misclassified(self, indices: ArrayLike) -> None:
        """Highlight exactly the points ``indices`` (cheap to call every frame at 10^5)."""
        idx = np.asarray(indices, dtype=np.intp).reshape(-1)
        self._misclassified = idx
        self._set_mistake_marks(idx)

    def _set_mistake_marks(self, idx: IntArray) -> None:
        """Halos and rings on these points: thick rings for a few, thin ones for many."""
        shown = idx[:: -(-len(idx) // HIGHLIGHT_MAX)] if len(idx) > HIGHLIGHT_MAX else idx
        self._halo_layer.set_subset(shown)
        few = len(shown) <= RING_MAX
        self._ring_layer.set_subset(shown if few else shown[:0])
        self._thin_ring_layer.set_subset(shown[:0] if few else shown)
        self._mistake_layer.set_subset(shown)

    def set_current(self, index: int | None, verdict: str | None = None) -> None:
        """Mark the point of the last step or visit (None: no mark).

        `verdict` ("mistake" or "correct") is written next to the point for
        :attr:`verdict_ms` milliseconds; None takes down the one written before (it told
        of a step that is over).
        """
        self._schedule_layout()
        if index is not None and not 0 <= index < len(self._points):
            index = None
        self._current = None if index is None else int(index)
        if self._current is None:
            self._current_layer.set_positions(np.empty((0, 2)))
            self._verdict.setVisible(False)
            return
        at = self._points[self._current : self._current + 1]
        self._current_layer.set_positions(at)
        if verdict is not None:
            self._verdict_kind = verdict
            self._verdict.setText(self._verdict_for(self._current, verdict))
            self._place_beside(self._verdict, float(at[0, 0]), float(at[0, 1]), 0.15, 0.3)
            self._verdict.setVisible(True)
            self._verdict_timer.start(max(0, self.verdict_ms))
        else:
            self._verdict_timer.stop()
            self._verdict.setVisible(False)

    def set_update(
        self,
        before: LinearModel | None,
        after: LinearModel | None,
        index: int,
        bias: bool,
        *,
        phase: str | None = None,
    ) -> None:
        """Draw the last update as geometry (None hides it): old w + ηyx = new w from the
        origin, the old line ghosted and point `index` ringed. With the bias on the
        vectors are the w part of ŵ = (w, b); the label gives b's change and says so.

        `phase` None plays predict → reveal → correct in slow motion (when
        :attr:`animation_ms` is above 0); "predict" or "reveal" shows that phase and stays
        (the lecturer steps through them); "correct" shows the end at once."""
        self._phase_timer.stop()
        self._phase = ""
        if before is None or after is None or not 0 <= index < len(self._points):
            self._anatomy = None
            self._hide_anatomy()
            return
        self._anatomy = (before, after, index, bias)
        if phase in PHASES[:2]:
            self._phase = str(phase)
            self._update_model()
        elif phase is None and self.animation_ms > 0:  # slow motion: predict, reveal, correct
            self._phase = "predict"
            self._phase_timer.start(self.animation_ms // 3)
            self._update_model()
        self._update_anatomy()

    def phase_text(self, phase: str, index: int, f: float, y: int) -> str:
        """What the predict or reveal phase says of point `index` (score f = w·x + b before
        the update, label y): the score and what it means, 0 ≤ 0 counting as a mistake."""
        name = fmt.point_name(index)
        score = fmt.fmt(f)
        if f > 0:
            text = self.tr("1 predict: w·{name} + b = {f} > 0, so the guess is +1")
        elif f < 0:
            text = self.tr("1 predict: w·{name} + b = {f} < 0, so the guess is −1")
        else:
            text = self.tr(
                "1 predict: w·{name} + b = 0: on the line, so y(w·x + b) = 0 ≤ 0"
                " — counted as a mistake"
            )
        text = text.format(name=name, f=score)
        if phase == "reveal":
            truth = "+1" if y > 0 else "−1"
            text += "\n" + self.tr(
                "2 reveal: y = {truth}, so y(w·{name} + b) = {m} ≤ 0: a mistake"
            ).format(truth=truth, name=name, m=fmt.fmt(y * f))
        return text

    def flush(self) -> None:
        """Draw now what waits for the next turn of the event loop (a large data set's
        density image, the texts' places), before a picture of the canvas is taken."""
        self._density.flush()
        for _ in range(3):  # (a pass that moved the view, a relayout, lays out again)
            self._layout_overlays()
            if not self._layout_timer.isActive():
                break

    def set_header(self, widget: QtWidgets.QWidget | None) -> None:
        """A widget (a child of the canvas: the readout in presentation mode) in a band
        across the top of the canvas, as tall as the widget: the plot starts below it, so
        it covers no point, line or text of the plot however tall it grows (None: no band).
        """
        if self._header is not None:
            self._header.removeEventFilter(self)
        self._header = widget
        if widget is not None:
            widget.installEventFilter(self)
        self._fit_header()

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if watched is self._header and event.type() in (
            QtCore.QEvent.Type.Resize,
            QtCore.QEvent.Type.Show,
            QtCore.QEvent.Type.Hide,
        ):
            self._fit_header()
        return bool(super().eventFilter(watched, event))

    def _fit_header(self) -> None:
        """The header in the top-left corner, and the plot's top margin its band."""
        w = self._header
        band = 0
        if w is not None and not w.isHidden():
            inset = round(HEADER_INSET_PX * theme().scale)
            w.move(inset, inset)
            band = w.height() + 2 * inset
        layout = self.getPlotItem().layout
        left, top, right, bottom = layout.getContentsMargins()
        if top != PLOT_MARGIN + band:
            layout.setContentsMargins(left, PLOT_MARGIN + band, right, bottom)
            layout.activate()  # now: a layout pass before the next turn places in the plot
        self._schedule_layout()

    def overlay_rects(self) -> dict[str, QtCore.QRectF]:
        """Where the texts over the data were put, in the canvas's pixels (by name)."""
        return {k: QtCore.QRectF(*r) for k, r in self._overlay_rects.items()}

    def _schedule_layout(self) -> None:
        timer = self.__dict__.get("_layout_timer")  # (pyqtgraph resizes before __init__ ends)
        if timer is not None:
            if self._layout_held():  # one pass once the changes stop (up to the cap)
                left = (self._layout_hold_cap - time.perf_counter()) * 1000
                timer.setInterval(max(0, min(SETTLE_MS, int(left))))
            timer.start()

    def _layout_held(self) -> bool:
        """While held, only the layout timer lays out (never a paint): held until it fires,
        however long the turns of a busy machine take."""
        return bool(self.__dict__.get("_layout_holding", False))

    def hold_layout(self) -> None:
        """While the window settles (presentation on or off: docks, fonts and sizes change
        over several turns of the event loop), lay the texts out once, SETTLE_MS after
        the last change (at most SETTLE_MAX_MS after this call), not at every paint: each
        pass costs 10-15 ms, and a presentation toggle with compare on made 6-13."""
        self._layout_holding = True
        self._layout_hold_cap = time.perf_counter() + SETTLE_MAX_MS / 1000
        self._layout_timer.setInterval(SETTLE_MS)
        self._layout_timer.start()

    def _text_size(self, item: pg.TextItem) -> tuple[float, float]:
        r = item.textItem.boundingRect()
        return (float(r.width()), float(r.height()))

    def _put_text(self, item: pg.TextItem, r: Rect) -> None:
        home = self._home_of(item)
        item.setAnchor((0, 0))
        item.setPos(self._vb.mapSceneToView(QtCore.QPointF(r[0], r[1])))
        p = item.pos()
        self._homes[id(item)] = ((p.x(), p.y()), home)

    def _home_of(self, item: pg.TextItem) -> tuple[float, float]:
        """Where the text's own code put it (the point it belongs to), not where the
        layout moved it."""
        p = item.pos()
        placed = self._homes.get(id(item))
        if placed is not None and placed[0] == (p.x(), p.y()):
            return placed[1]
        return (p.x(), p.y())

    def _layout_overlays(self) -> None:
        """Put every text drawn over the data where it covers no point and no other text,
        inside the plot: free corners and sides for the free ones (the legend, the "no
        line" banner), beside their point for the rest;
        where there is no free room, the place that covers least."""
        self._layout_timer.stop()
        self._layout_timer.setInterval(0)
        self._layout_holding = False
        if self.getPlotItem() is None:
            return
        self._regions_wait = True
        try:
            self._flush_model()
        finally:
            self._regions_wait = False
        # (The drawing asked for a layout: this is it. A change while placing asks again.)
        self._layout_timer.stop()
        self._place_overlays()
        pending, self._regions_pending = self._regions_pending, None
        if pending is not None:
            self._update_regions(pending[0])

    def _place_overlays(self) -> None:
        """The layout pass's placing (see `_layout_overlays`). It never moves the view: a
        text with no room is hidden (or, for a point's name, joined to it by a line)."""
        t = theme()
        vb = self._vb.sceneBoundingRect()
        if vb.width() < 10 or vb.height() < 10:
            return
        bounds = (vb.left(), vb.top(), vb.width(), vb.height())
        # (pyqtgraph defers the view's transform after a range change until it is mapped
        # through or painted: read stale, a pane's names were placed for its last view.)
        self._vb.updateMatrix()
        tr = self._vb.childGroup.sceneTransform()
        pts = self._points
        if len(pts) > LAYOUT_SAMPLE:  # where the crowd is: an even sample tells (and fast)
            pts = pts[:: -(-len(pts) // LAYOUT_SAMPLE)]
        px = np.column_stack([
            tr.m11() * pts[:, 0] + tr.m21() * pts[:, 1] + tr.dx(),
            tr.m12() * pts[:, 0] + tr.m22() * pts[:, 1] + tr.dy(),
        ]) if len(pts) else np.empty((0, 2))  # fmt: skip
        radius = t.marker / 2 + 3 * t.scale
        placer = Placer(bounds, px, radius)
        inset = 4 * t.scale
        gap = 1.4 * radius + 1  # clear of the point, as the placer counts it (by cells)
        rects: dict[str, Rect] = {}

        def to_px(x: float, y: float) -> tuple[float, float]:
            return (
                tr.m11() * x + tr.m21() * y + tr.dx(),
                tr.m12() * x + tr.m22() * y + tr.dy(),
            )

        def free(size: tuple[float, float], first: int) -> Rect:
            """Take the corner or side `first` of the plot, or the next one, or the first
            free place of a scan (made only when no corner or side is free)."""
            edges = list(placer.edges(size, inset))
            return placer.take([*edges[first:], *edges[:first]], size, partial(placer.scan, size))

        # The rings drawn round points (the updated point's, the current point's square,
        # the mistakes' rings) are wider than a point: no text may sit on them either, and
        # the name of a ringed point goes outside its ring.
        ring_gap: dict[int, float] = {}
        rings: list[tuple[int, float]] = []
        if len(self._misclassified) <= NAME_TEXT_MAX:
            ring_r = self._ring_layer.size / 2
            rings += [(int(i), ring_r) for i in self._misclassified if self._halo_layer.isVisible()]
        if self._current is not None and self._current_layer.isVisible():
            rings.append((self._current, self._current_layer.size / 2))
        if self._update_ring.isVisible() and self._anatomy is not None:
            rings.append(
                (self._anatomy[2], self._update_ring.size / 2 * self._update_ring.opacity())
            )
        for i, rad in rings:
            if not (0 <= i < len(self._points)) or rad <= radius:
                continue
            cx, cy = to_px(*self._points[i])
            placer.reserve((cx - rad, cy - rad, 2 * rad, 2 * rad))
            ring_gap[i] = max(ring_gap.get(i, gap), rad + 2 * t.scale)
        # The boxed texts go beside the line and the update's vectors, not over them,
        # and never on the vectors' heads (what the triangle is read by).
        shafts = [shaft for shaft, _ in self._vectors.values() if shaft.isVisible()]
        head = 18 * t.scale
        for shaft in shafts:
            sx, sy = shaft.segment()
            if len(sx):
                hx, hy = to_px(float(sx[-1]), float(sy[-1]))
                placer.reserve((hx - head / 2, hy - head / 2, head, head))
        normal = self._normal_px(to_px)
        for line in [self.model_line, *shafts] if self.model_line.isVisible() else shafts:
            lx, ly = line.segment()
            for i in range(len(lx) - 1):
                placer.avoid(*to_px(lx[i], ly[i]), *to_px(lx[i + 1], ly[i + 1]))
        taken: dict[str, QtWidgets.QGraphicsItem] = {}  # the texts placed where they cost least

        def placed(r: Rect) -> Rect:
            return r

        header = self._header
        if header is not None and header.isVisible():  # over the band above the plot
            g = header.geometry()
            rects[header.objectName() or "header"] = (g.x(), g.y(), g.width(), g.height())
        if self.legend.isVisible():
            lr = self.legend.boundingRect()
            size = (float(lr.width()), float(lr.height()))
            r = placed(free(size, 0))
            self.legend.anchor((0, 0), (0, 0), offset=(r[0] - vb.left(), r[1] - vb.top()))
            rects["legend"] = r
            taken["legend"] = self.legend
        for item in (
            self._no_line,
            self._anatomy_label,
            self._status,
        ):  # long: two lines, not a wide one
            item.textItem.setTextWidth(-1)
            if item.isVisible() and self._text_size(item)[0] > WRAP_PART * vb.width():
                item.textItem.setTextWidth(WRAP_PART * vb.width())
        if self._status.isVisible():
            size = self._text_size(self._status)
            r = placed(free(size, 5))  # the bottom middle first
            self._put_text(self._status, r)
            rects["status"] = r
            taken["status"] = self._status
        if self._no_line.isVisible():
            size = self._text_size(self._no_line)
            r = placed(free(size, 4))
            self._put_text(self._no_line, r)
            rects["banner"] = r
            taken["banner"] = self._no_line

        leaders: dict[str, tuple[float, float, float, float]] = {}
        diameter = self._marker_layer.size

        def place_label(kind: str, i: int, item: pg.TextItem) -> None:
            """A point's name or α beside its point (a free corner or side within about
            two marker diameters), else on free room a little further joined to it by a
            thin leader line, else hidden (hovering the point tells its name)."""
            if not item.isVisible() or not 0 <= i < len(self._points):
                return
            size = self._text_size(item)
            cx, cy = to_px(*self._points[i])
            g = ring_gap.get(i, gap)
            key = f"{kind}{i}"
            free_r = placer.take_free(_near(cx, cy, size, g, i in ring_gap), size)
            if free_r is None:  # further, with a leader line
                reach = g + LEADER_REACH * diameter
                far = [p for p in placer.scan(size, (cx, cy)) if _gap_to(p, size, cx, cy) <= reach]
                free_r = placer.take_free(far, size) if far else None
                if free_r is not None:
                    leaders[key] = _leader(free_r, cx, cy, g)
            item.setOpacity(0.0 if free_r is None else 1.0)
            if free_r is not None:
                self._put_text(item, free_r)
                rects[key] = free_r

        # The names of the ringed points (the one updated on) first: the texts about the
        # update go round them.
        for i in ring_gap:
            if i < len(self._name_texts):
                place_label("name", i, self._name_texts[i])
        anchored: list[tuple[str, pg.TextItem, tuple[float, float] | None]] = [
            ("update", self._anatomy_label, self._anatomy_at),
            (
                "verdict",
                self._verdict,
                None if self._current is None else tuple(self._points[self._current]),
            ),
            (
                "info",
                self._info,
                None if self._info_index is None else tuple(self._points[self._info_index]),
            ),
            ("w", self._arrow_label, None),
            *((f"vector {n}", item, None) for n, item in self._vector_labels.items()),
            ("radius", self._radius_label, None),
            ("gamma", self._gamma_label, None),
            ("edge", self._edge_label, None),
        ]
        for name, item, at in anchored:
            if not item.isVisible():
                continue
            size = self._text_size(item)
            if name == "w" and normal is not None:
                # Next to its short arrow, on free room (else hidden): a "normal" some way
                # off would name whatever it sits by.
                near = 4 * t.scale  # a line's width off the arrow, not a point's radius
                n_lines = len(placer.lines)
                placer.avoid(*normal[0], *normal[1])  # beside the arrow, not over it
                nr = placer.take_free(self._beside_arrow(placer, normal, size, near), size)
                del placer.lines[n_lines:]  # (only this text keeps off it)
                item.setOpacity(0.0 if nr is None else 1.0)
                if nr is not None:
                    self._put_text(item, nr)
                    rects[name] = nr
                continue
            ends = self._vector_ends.get(name.removeprefix("vector "))
            if name.startswith("vector ") and ends is not None:
                # Touching its own arrow (beside it, not over it): the cheapest such place.
                arrow = (to_px(*ends[0]), to_px(*ends[1]))
                n_lines = len(placer.lines)
                placer.avoid(*arrow[0], *arrow[1])
                near = 1.0  # touching it
                cands = self._beside_arrow(placer, arrow, size, near, reach=0.0)
                vr = placer.take_free(cands, size) if cands else None
                del placer.lines[n_lines:]
                item.setOpacity(0.0 if vr is None else self._shown_opacity(item))
                if vr is not None:  # (else hidden: no room touching its arrow)
                    self._put_text(item, vr)
                    rects[name] = vr
                continue
            if at is None:
                at = self._home_of(item)
            cx, cy = to_px(*at)
            r = placer.take(
                placer.around(cx, cy, size, gap), size, partial(placer.scan, size, (cx, cy))
            )
            if name in ("update", "verdict", "info"):
                placed(r)
            self._put_text(item, r)
            rects[name] = r
            taken[name] = item
        for i, item in enumerate(self._name_texts):
            if i not in ring_gap:
                place_label("name", i, item)
        for i, item in zip(self._alpha_points, self._alpha_texts, strict=False):
            place_label("alpha", i, item)
        self._overlay_rects = rects
        self._leader_px = leaders
        self._draw_leaders(leaders)
        # Among few points (see CROWD_HIDE_MAX) a text still on a point,
        # or on a text shown before it, is hidden; the others are shown (again).
        few = len(self._points) <= CROWD_HIDE_MAX
        shown = [r for name, r in rects.items() if name not in taken]  # (on free room)
        for name, item in taken.items():
            r = rects[name]
            out = few and name != "info"
            out = out and (placer.points_under(r) > 0 or any(overlaps(r, k) for k in shown))
            item.setOpacity(0.0 if out else self._shown_opacity(item))
            if out:
                del rects[name]
            else:
                shown.append(r)

    def _normal_px(
        self, to_px: Callable[[float, float], tuple[float, float]]
    ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The normal's arrow (foot, tip) in pixels, None when it is not drawn."""
        if self._normal_ends is None or not self._arrow_shaft.isVisible():
            return None
        foot, tip = self._normal_ends
        return to_px(*foot), to_px(*tip)

    def _draw_leaders(self, leaders: dict[str, tuple[float, float, float, float]]) -> None:
        """The thin lines from points to their names placed further off (pixels in)."""
        if not leaders:
            self._leaders.setVisible(False)
            return
        seg = np.asarray(list(leaders.values()), dtype=np.float64).reshape(-1, 2)
        self._vb.updateMatrix()
        inv, ok = self._vb.childGroup.sceneTransform().inverted()
        if not ok:
            self._leaders.setVisible(False)
            return
        xs = inv.m11() * seg[:, 0] + inv.m21() * seg[:, 1] + inv.dx()
        ys = inv.m12() * seg[:, 0] + inv.m22() * seg[:, 1] + inv.dy()
        self._leaders.set_segment(xs, ys)
        self._leaders.setVisible(True)

    def leader_lines(self) -> dict[str, QtCore.QLineF]:
        """The leader lines drawn from points to their labels, in the canvas's pixels, by
        the label's name ("name3": point 3's name; "alpha3": its α)."""
        return {k: QtCore.QLineF(*v) for k, v in self._leader_px.items()}

    @staticmethod
    def _beside_arrow(
        placer: Placer,
        arrow: tuple[tuple[float, float], tuple[float, float]],
        size: tuple[float, float],
        gap: float,
        reach: float | None = None,
    ) -> list[tuple[float, float]]:
        """Top-lefts for the normal's label: round its tip, its middle, its foot, then any
        place of the scan whose text is within `NORMAL_LABEL_REACH` text heights of the
        arrow (never further); none whose text would lie on the arrow itself."""
        (fx, fy), (tx, ty) = arrow
        out: list[tuple[float, float]] = []
        for f in (1.0, 0.75, 0.5, 0.25, 0.0):
            out += placer.around(fx + f * (tx - fx), fy + f * (ty - fy), size, gap, 1)
        w, h = size
        if reach is None:
            reach = NORMAL_LABEL_REACH * h
        dx, dy = tx - fx, ty - fy
        nn = dx * dx + dy * dy
        for x, y in placer.scan(size, (tx, ty)) if reach > 0 else ():
            # The text's nearest point to the arrow's nearest point: within reach.
            cx, cy = x + w / 2, y + h / 2
            u = 0.0 if nn <= 0 else min(1.0, max(0.0, ((cx - fx) * dx + (cy - fy) * dy) / nn))
            px, py = fx + u * dx, fy + u * dy
            ex = max(0.0, abs(px - cx) - w / 2)
            ey = max(0.0, abs(py - cy) - h / 2)
            if math.hypot(ex, ey) <= reach:
                out.append((x, y))
        if not out:
            return out
        # Off the arrow: no point along it (every 2 px, a pixel round) inside the text.
        cand = np.asarray(out, dtype=np.float64)
        along = np.linspace(0.0, 1.0, max(2, int(math.sqrt(nn) / 2) + 1))
        ax, ay = fx + along * dx, fy + along * dy
        on = (
            (ax[None, :] > cand[:, :1] - 1)
            & (ax[None, :] < cand[:, :1] + w + 1)
            & (ay[None, :] > cand[:, 1:] - 1)
            & (ay[None, :] < cand[:, 1:] + h + 1)
        ).any(axis=1)
        return [p for p, hit in zip(out, np.asarray(on, dtype=bool), strict=True) if not hit]

    def finish_animation(self) -> None:
        """Jump to the end of the update's slow motion (the state is there already)."""
        if self._phase:
            self._phase_timer.stop()
            self._phase = ""
            self._update_model()
            self._update_anatomy()

    def _on_phase_timer_timeout(self) -> None:
        if self._phase == "predict":
            self._phase = "reveal"
            self._phase_timer.start(self.animation_ms // 3)
            self._update_anatomy()
        else:
            self.finish_animation()

    def set_margin_band(self, width: float | None) -> None:
        """Draw the band ``|w·x + b| < width`` of the running line and ring the right
        points inside it (passive-aggressive corrects them); None hides it."""
        self._band_width = width
        self._update_margin_band()

    def _update_margin_band(self) -> None:
        m, width = self._model, self._band_width
        self._inside = np.empty(0, dtype=np.intp)
        items: tuple[QtWidgets.QGraphicsItem, ...] = (
            self._margin_band,
            *self._margin_edges,
            self._inside_layer,
        )
        rect = self._margin_rect()
        if width is None or not isinstance(m, LinearModel) or m.is_zero or rect is None:
            for item in items:
                item.setVisible(False)
            return
        w, b = np.asarray(m.w, dtype=np.float64), float(m.b)
        x0, x1, y0, y1 = rect
        view = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)
        band = clip_polygon(clip_polygon(view, w, b + width), -w, -b + width)
        self._margin_band.setVisible(len(band) >= 3)
        if len(band) >= 3:
            self._margin_band.setPolygon(polygon(band))
        for edge, s in zip(self._margin_edges, (1.0, -1.0), strict=True):
            self._set_line(edge, w, b + s * width, rect)
        if len(self._points):
            f = self._points[:, 0] * w[0] + self._points[:, 1] * w[1] + b
            yf = np.where(self._labels > 0, f, -f)
            self._inside = np.flatnonzero((yf > 0.0) & (yf < width)).astype(np.intp)
        self._inside_layer.set_positions(self._points)
        self._inside_layer.set_subset(self._inside)
        self._inside_layer.setVisible(True)

    def set_status(self, text: str | None, *, fade_after_ms: int | None = None) -> None:
        """A line over the canvas saying how the run ended, or a notice (None hides it).
        With `fade_after_ms`, the last update's picture fades that long after (0: now)."""
        self._schedule_layout()
        self._status.setText(text or "")
        self._status.setVisible(bool(text))
        self._fade_timer.stop()
        if fade_after_ms is None:
            self._set_anatomy_opacity(1.0)
        elif fade_after_ms <= 0:
            self._fade_anatomy()
        else:
            self._fade_timer.start(fade_after_ms)

    def _fade_anatomy(self) -> None:
        self._set_anatomy_opacity(FADED)

    def _set_anatomy_opacity(self, opacity: float) -> None:
        self._anatomy_opacity = opacity
        for shaft, head in self._vectors.values():
            shaft.setOpacity(opacity)
            head.setOpacity(opacity)
        for item in (self._ghost, self._update_ring):
            item.setOpacity(opacity)
        for label in (self._anatomy_label, *self._vector_labels.values()):
            if label.opacity() > 0.0:  # (0: crowded out; the layout gives it this back)
                label.setOpacity(opacity)

    def _shown_opacity(self, item: QtWidgets.QGraphicsItem) -> float:
        """A text's opacity when it is shown (the update's picture's texts fade with it)."""
        faded = item is self._anatomy_label or item in self._vector_labels.values()
        return self._anatomy_opacity if faded else 1.0

    def _hide_anatomy(self) -> None:
        for shaft, head in self._vectors.values():
            shaft.setVisible(False)
            head.setVisible(False)
        for label in self._vector_labels.values():
            label.setVisible(False)
        for item in (self._ghost, self._anatomy_label, self._update_ring):
            item.setVisible(False)

    def _update_anatomy(self) -> None:
        self._schedule_layout()
        self._hide_anatomy()
        if self._anatomy is None:
            return
        before, after, index, bias = self._anatomy
        rect = self._margin_rect()
        if rect is None or not 0 <= index < len(self._points):
            return
        self._update_ring.set_positions(self._points[index : index + 1])
        self._update_ring.setVisible(True)
        if self._phase:
            x = self._points[index]
            f = float(before.decision(x[None, :])[0])
            text = self.phase_text(self._phase, index, f, int(self._labels[index]))
            self._anatomy_label.setText(text)
            self._anatomy_at = (float(x[0]), float(x[1]))
            self._place_beside(self._anatomy_label, float(x[0]), float(x[1]), 0.1, 0.1)
            self._anatomy_label.setVisible(True)
            return
        w, b = _line_of(before)
        self._set_line(self._ghost, w, b, rect)
        w_old, w_new = np.asarray(before.w), np.asarray(after.w)
        # The vectors are clipped at the view's edge (a hair inside, so the head shows):
        # they never widen the view; one that leaves it has its value written beside it.
        x0, x1, y0, y1 = self.view_range()
        ix, iy = (x1 - x0) * ANATOMY_INSET, (y1 - y0) * ANATOMY_INSET
        inner = (x0 + ix, x1 - ix, y0 + iy, y1 - iy)
        self._vector_ends = {}
        for name, (a, z) in (
            ("w_old", (np.zeros(2), w_old)),
            ("step", (w_old, w_new)),
            ("w_new", (np.zeros(2), w_new)),
        ):
            shaft, head = self._vectors[name]
            with np.errstate(all="ignore"):
                d = z - a
            if not d.any() or not np.all(np.isfinite(d)):
                continue
            part = frame.clip_segment(a, z, inner)
            if part is None:
                continue
            (sx, sy), (ex, ey), cut = part
            shaft.set_segment([sx, ex], [sy, ey])
            head.setStyle(angle=180.0 - math.degrees(math.atan2(d[1], d[0])))
            head.setPos(ex, ey)
            shaft.setVisible(True)
            head.setVisible(True)
            label = self._vector_labels[name]
            text = {"w_old": self.tr("old w"), "step": self.step_name, "w_new": self.tr("new w")}[
                name
            ]
            if cut:  # the arrow runs on past the edge: how far, in numbers
                value = z if name != "step" else d
                text += " = ({a}, {b})".format(
                    a=fmt.fmt(float(value[0])).replace("-", "−"),
                    b=fmt.fmt(float(value[1])).replace("-", "−"),
                )
            label.setText(text)
            f = 0.6 if not cut else 0.85
            label.setPos(sx + f * (ex - sx), sy + f * (ey - sy))
            label.setVisible(True)
            self._vector_ends[name] = ((sx, sy), (ex, ey))
        step = self.step_name
        text = (
            self.tr("3 correct: w + {step} = new w").format(step=step)
            if self.animation_ms > 0
            else self.tr("w + {step} = new w").format(step=step)
        )
        if bias:
            text += "   " + self.tr("(the w part; b: {b0} → {b1})").format(
                b0=fmt.fmt(before.b).replace("-", "−"), b1=fmt.fmt(after.b).replace("-", "−")
            ).replace(" → ", "\u00a0→\u00a0")  # wrapped between terms, not inside one
        self._anatomy_label.setText(text)
        self._anatomy_at = (float(w_new[0]), float(w_new[1]))
        self._place_beside(self._anatomy_label, float(w_new[0]), float(w_new[1]), 0.1, 0.1)
        self._anatomy_label.setVisible(True)

    def _place_beside(self, item: pg.TextItem, x: float, y: float, gx: float, gy: float) -> None:
        """Put a text beside the point (x, y), `gx` and `gy` (parts of its width and
        height) away: above and to the right where it fits in the plot, otherwise on
        the side with more room (near the right edge, to the left of its point)."""
        size = item.textItem.boundingRect()  # pixels: the text ignores the view's zoom
        w, h = size.width() * (1.0 + gx), size.height() * (1.0 + gy)
        p = self._vb.mapViewToScene(QtCore.QPointF(x, y))
        r = self._vb.sceneBoundingRect()
        room_r, room_l = r.right() - p.x(), p.x() - r.left()
        room_up, room_down = p.y() - r.top(), r.bottom() - p.y()
        right = room_r >= w or (room_l < w and room_r >= room_l)
        above = room_up >= h or (room_down < h and room_up >= room_down)
        item.setAnchor((-gx if right else 1.0 + gx, 1.0 + gy if above else -gy))
        item.setPos(x, y)

    def set_alpha(self, alpha: ArrayLike | None) -> None:
        """Show the dual coefficients α of the points (None hides them).

        Up to `ALPHA_TEXT_MAX` points, a label "α₃ = 2" is written next to each point
        with α > 0; beyond, a disc sized by α is drawn behind those points.
        """
        self._schedule_layout()
        a = None if alpha is None else np.asarray(alpha, dtype=np.float64).reshape(-1)
        if a is not None and len(a) != len(self._points):
            raise ValueError(f"{len(a)} α values for {len(self._points)} points")
        self._alpha = a
        used = 0
        if a is None or len(a) > ALPHA_TEXT_MAX:
            self._alpha_layer.setVisible(a is not None)
            if a is not None:
                nz = np.flatnonzero(a > 0)
                scale = (0.3 + 0.7 * np.sqrt(a[nz] / a[nz].max())) if len(nz) else None
                self._alpha_layer.set_positions(self._points[nz], scale)
        else:
            self._alpha_layer.setVisible(False)
            t = theme()
            for i in np.flatnonzero(a > 0):
                if used == len(self._alpha_texts):
                    item = pg.TextItem(anchor=(-0.4, 1.2), color=t.color("ink"))
                    item.setFont(t.font(ANNOTATION_PT))
                    item.fill = pg.mkBrush(t.fill())
                    # Under the markers, so a label never hides a neighbouring point.
                    self._add(item, -1)
                    self._alpha_texts.append(item)
                item = self._alpha_texts[used]
                self._alpha_points[used : used + 1] = [int(i)]
                name = fmt.point_sub(int(i)).replace("x", "α", 1)
                item.setText(f"{name} = {fmt.fmt(float(a[i]))}")
                item.setPos(*self._points[i])
                item.setVisible(True)
                used += 1
        for item in self._alpha_texts[used:]:
            item.setVisible(False)

    def _update_names(self) -> None:
        self._schedule_layout()
        n = len(self._points)
        shown = n if n <= NAME_TEXT_MAX else 0
        t = theme()
        while len(self._name_texts) < shown:
            item = pg.TextItem(anchor=(1.15, 1.05), color=t.color("muted"))
            item.setFont(t.font(ANNOTATION_PT - 1))
            self._add(item, -1)
            self._name_texts.append(item)
        for i, item in enumerate(self._name_texts):
            if i < shown:
                item.setText(fmt.point_name(i))
                item.setPos(*self._points[i])
            item.setVisible(i < shown)

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
            self._refit()
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

    # ------------------------------------------------------------------ selection

    def selected_indices(self) -> IntArray:
        """Return the selected point indices, sorted."""
        return self._selection

    def set_selection(self, indices: ArrayLike) -> None:
        """Select exactly ``indices`` (does not emit :attr:`selection_changed`)."""
        idx = np.unique(np.asarray(indices, dtype=np.intp).reshape(-1))
        self._selection = idx[(idx >= 0) & (idx < len(self._points))]
        self._selection_layer.set_subset(self._selection)

    def _select(self, indices: IntArray, *, add: bool = False, toggle: bool = False) -> None:
        if toggle:
            new = np.setxor1d(self._selection, indices)
        elif add:
            new = np.union1d(self._selection, indices)
        else:
            new = np.unique(indices)
        new = new.astype(np.intp)
        if not np.array_equal(new, self._selection):
            self.set_selection(new)
            self.selection_changed.emit(self._selection.tolist())

    # ------------------------------------------------------------------ the view

    def view_range(self) -> tuple[float, float, float, float]:
        """The visible data range ``(xmin, xmax, ymin, ymax)``."""
        (x0, x1), (y0, y1) = self._vb.viewRange()
        return float(x0), float(x1), float(y0), float(y1)

    def set_view_range(
        self, x0: float, x1: float, y0: float, y1: float, *, hold: bool = True
    ) -> None:
        """Show (at least) this data range; the aspect ratio stays 1. With `hold` (as for
        a user's zoom) the range stays until Fit view or new data; without, the view goes
        back to the data's frame when the plot changes size."""
        self._view_held = bool(hold)
        self._vb.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
        self._fit_axis_width()

    @property
    def view_held(self) -> bool:
        """True while the view is the user's (a zoom, a pan, a range set by a caller), not
        the data's frame: it holds across steps and modes until Fit view or new data."""
        return self._view_held

    def _on_user_view(self) -> None:
        self._view_held = True

    def _on_view_resized(self, *_: object) -> None:
        """The plot changed size: the data's frame again, fitted to the new size (unless the
        view is held), so the data fill the plot at every size of window, pane or band."""
        if self.__dict__.get("_view_held", True) or self.getPlotItem() is None:
            return
        x0, x1, y0, y1 = self._fitted_frame()
        self._vb.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0)
        self._size_markers()

    def to_widget(self, x: float, y: float) -> QtCore.QPoint:
        """Return the pixel of ``canvas.viewport()`` that shows data point ``(x, y)``."""
        scene = self._vb.mapViewToScene(QtCore.QPointF(x, y))
        return self.mapFromScene(scene)

    def from_widget(self, pos: QtCore.QPoint | QtCore.QPointF) -> tuple[float, float]:
        """Return the data coordinates shown at pixel ``pos`` of ``canvas.viewport()``."""
        scene = self.mapToScene(QtCore.QPoint(round(pos.x()), round(pos.y())))
        view = self._vb.mapSceneToView(scene)
        return float(view.x()), float(view.y())

    def point_tooltip(self, index: int) -> str:
        """What hovering point `index` shows: its name, coordinates, label and its score
        y(w·x + b) under the running model (y·f(x) for a model that is not a line)."""
        (x, y), label = self._points[index], int(self._labels[index])

        def num(v: float) -> str:
            return fmt.fmt(float(v))

        text = self.tr("{name} = ({x}, {y}), label y = {label}").format(
            name=fmt.point_name(index), x=num(x), y=num(y), label="+1" if label > 0 else "−1"
        )
        m = self._model
        if m is not None:
            score = label * float(m.decision(self._points[index : index + 1])[0])
            what = self.tr("right") if score > 0 else self.tr("a mistake (≤ 0)")
            if isinstance(m, LinearModel):
                line = self.tr("y(w·x + b) = {score}: {what}")
            else:
                line = self.tr("y·f(x) = {score}: {what}")
            text += "\n" + line.format(score=num(score), what=what)
        return text

    def show_point_info(self, index: int | None) -> None:
        """Write what point `index`'s tooltip says on the canvas, beside the point, in the
        texts' large type, for `POINT_INFO_MS` (None: hide it). In presentation a click
        on a point does this."""
        self._schedule_layout()
        if index is None or not 0 <= index < len(self._points):
            self._info_index = None
            self._info.setVisible(False)
            self._info_timer.stop()
            return
        self._info_index = int(index)
        self._info.setText(self.point_tooltip(index))
        self._info.setPos(*self._points[index])
        self._info.setVisible(True)
        self._info_timer.start(POINT_INFO_MS)

    def point_info(self) -> str | None:
        """The clicked point's text on the canvas (None when none is shown)."""
        return self._info.toPlainText() if self._info.isVisible() else None

    def _on_scene_mouse_moved(self, pos: QtCore.QPointF) -> None:
        # No hit test per move (a house rule): the tooltip waits until the mouse rests.
        self._hover_pos = pos
        if QtWidgets.QApplication.mouseButtons() == Qt.MouseButton.NoButton:
            self._hover_timer.start()

    def _on_hover_timer_timeout(self) -> None:
        pos = self._hover_pos
        if pos is None or not self._vb.sceneBoundingRect().contains(pos):
            return
        p = self._vb.mapSceneToView(pos)
        i = self.hit_test(p.x(), p.y())
        if i is None:
            QtWidgets.QToolTip.hideText()
        elif QtGui.QGuiApplication.platformName() != "offscreen":  # (no tooltips there)
            QtWidgets.QToolTip.showText(QtGui.QCursor.pos(), self.point_tooltip(i), self)

    def hit_test(self, x: float, y: float, radius_px: float = HIT_RADIUS_PX) -> int | None:
        """Return the index of the point nearest ``(x, y)`` within ``radius_px`` pixels."""
        if not len(self._points):
            return None
        pw, ph = self._vb.viewPixelSize()
        if not (pw > 0 and ph > 0):
            return None
        r = radius_px * theme().scale
        d2 = ((self._points[:, 0] - x) / pw) ** 2 + ((self._points[:, 1] - y) / ph) ** 2
        i = int(np.argmin(d2))
        return i if d2[i] <= r * r else None

    def data_frame(self) -> tuple[float, float, float, float]:
        """The data's frame: the points' bounding box with a margin (and the origin if
        kept), with room for the marks round the points at the plot's size; [−5, 5]²
        without points. Texts, the legend and the update's vectors never widen it."""
        size = (float(self._vb.width()), float(self._vb.height()))
        room = frame.ROOM_PX * theme().scale
        return frame.data_frame(
            self._points, keep_origin=self.keep_origin or self._bias_off, size_px=size, room_px=room
        )

    def _refit(self) -> None:
        """The data's frame again, unless the view is the user's."""
        if not self._view_held:
            self.fit_view()

    def _fitted_frame(self) -> tuple[float, float, float, float]:
        """The data's frame, grown towards the running line when the view follows it."""
        rect = self.data_frame()
        m = self._model
        if self.follow_line and isinstance(m, LinearModel) and not m.is_zero:
            try:
                return geometry.follow_line(
                    m.w, m.b, rect, data_rect=rect, keep_origin=self.keep_origin
                )
            except ValueError:  # a view or line beyond what can be drawn: the arrow says where
                pass
        return rect

    def fit_view(self) -> None:
        """Frame all points (and the origin if kept), or [−5, 5]²; the user's zoom is let go."""
        self.set_view_range(*self.data_frame(), hold=False)
        self._follow()
        self._size_markers()

    def follow(self) -> None:
        """Bring the running line into view now (when following is on)."""
        self._follow()
        self._update_model()

    def _follow(self) -> None:
        """Change the view so that the running line crosses it (when following: the user
        asked for it, so a held view follows too, and stays held).

        The new view is the data's frame grown towards the line, not the current view
        grown again: a long run cannot shrink the points to a dot. The update's vectors
        never widen it (they are clipped at its edge).
        """
        m = self._model
        if not self.follow_line or not isinstance(m, LinearModel) or m.is_zero:
            return
        rect = self.view_range()
        try:
            new = geometry.follow_line(
                m.w, m.b, rect, data_rect=self.data_frame(), keep_origin=self.keep_origin
            )
        except ValueError:  # a view or line beyond what can be drawn: the arrow says where
            return
        if new != rect:
            self.set_view_range(*new, hold=self._view_held)

    def _fit_axis_width(self, *, grow_only: bool = False) -> None:
        """Widen the x₂ axis so that its tick labels fit (pyqtgraph skips those that do not).

        At 1e150 the labels read "-1e+150": in the default 60 px only "0" would be left.
        With `grow_only` (a resize of the view box, which the axis's own width causes) it
        only widens: the width moves the view box, which (aspect 1) changes the range and
        the labels, and a width free both ways could flip between two values for ever (a
        worker spun 4 minutes in CI). A new range or theme fits it both ways.
        """
        axis = self.getPlotItem().getAxis("left")
        lo, hi = self._vb.viewRange()[1]
        fm = QtGui.QFontMetricsF(axis.style["tickFont"] or self.font())
        widest = 0.0
        for spacing, values in axis.tickValues(lo, hi, max(float(self._vb.height()), 100.0))[:2]:
            for s in axis.tickStrings(values, 1.0, spacing):
                widest = max(widest, fm.horizontalAdvance(s))
        need = (
            widest
            + 4
            + axis.style["tickTextOffset"][0]
            + max(0, axis.style["tickLength"])
            + axis.label.boundingRect().height() * 0.8
        )
        want = max(int(LEFT_AXIS_WIDTH * theme().scale), math.ceil(need))
        if grow_only and want <= (axis.fixedWidth or 0):
            return
        axis.setWidth(want)

    def _snap(self, x: float, y: float) -> tuple[float, float]:
        if self._snap_enabled:
            s = self._snap_step
            x, y = round(x / s) * s + 0.0, round(y / s) * s + 0.0
        return float(x), float(y)

    # ------------------------------------------------------------------ what is drawn

    # ------------------------------------------------------------------ drawing

    def _redraw(self, *, defer: bool = False) -> None:
        self._schedule_layout()
        if defer:
            # Drawn by the layout pass (or before a paint): a resize, a restyle or leaving
            # presentation moves the range 10-20 times in one turn, and each time the
            # answer, the geometry and the anatomy were drawn again (a quarter of the CPU).
            self._model_dirty = True
            self._view_dirty = True
            return
        self._update_model()
        self._draw_view()

    def _draw_view(self) -> None:
        self._view_dirty = False
        self._draw_model_view()
        self._update_answer()
        self._update_geometry()
        self._update_anatomy()
        self._update_margin_band()

    def _margin_rect(self) -> tuple[float, float, float, float] | None:
        """The view, overshot by `view_margin` per side (lines and tints reach past it).

        None when the view has no area in floats (a span too small for its magnitude,
        such as 1e-100 wide at 1e150): nothing can be clipped to it.
        """
        x0, x1, y0, y1 = self.view_range()
        mx, my = (x1 - x0) * self.view_margin, (y1 - y0) * self.view_margin
        r = (x0 - mx, x1 + mx, y0 - my, y1 + my)
        try:
            return geometry.check_rect(r)
        except ValueError:
            return None

    def _set_line(
        self, item: Line, a: FloatArray, c: float, rect: tuple[float, float, float, float]
    ) -> FloatArray | None:
        ends = clip_line(a, c, rect) if np.isfinite(c) else None
        seg = None if ends is None else np.array(ends, dtype=np.float64)
        item.setVisible(seg is not None)
        if seg is not None:
            item.set_segment(seg[:, 0], seg[:, 1])
        return seg

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Within it, the model drawing waits: it is computed once when the (outermost)
        block ends, however many changes asked for it (one user action, one frame)."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
            if not self._batch and (self._model_dirty or self._view_dirty):
                # The drawing, and the texts' places too, before the paint: laid out during
                # the paint (`viewportEvent`), their moves were painted again in a second
                # pass, a run's every frame painted twice. (The layout pass draws first.)
                if self._layout_held():
                    self._schedule_layout()
                else:
                    self._layout_overlays()

    def _flush_model(self) -> None:
        """Compute the model's drawing now if a change asked for it and it waits."""
        if self._batch:
            return
        if self._view_dirty:
            self._draw_view()
        if self._model_dirty:
            self._compute_model()

    def viewportEvent(self, event: QtCore.QEvent) -> bool:  # noqa: N802 (Qt override)
        if (
            event.type() == QtCore.QEvent.Type.Paint
            and (self._model_dirty or self._view_dirty or self._layout_timer.isActive())
            and not self._layout_held()
        ):
            self._layout_overlays()  # what is painted is never a turn behind
        return bool(super().viewportEvent(event))

    def _update_model(self) -> None:
        self._schedule_layout()
        if self._batch:
            self._model_dirty = True
            return
        self._compute_model()

    def _cover_rect(self) -> tuple[float, float, float, float] | None:
        """What the model's drawing covers: the view grown by COVER per side, so that a
        relayout's small moves of the view (a language's wider panels, a dock) need no new
        drawing; a figure (`view_margin` 0) covers its view exactly."""
        margin = self.view_margin
        if margin > 0:
            margin = max(margin, COVER)
        x0, x1, y0, y1 = self.view_range()
        mx, my = (x1 - x0) * margin, (y1 - y0) * margin
        try:
            return geometry.check_rect((x0 - mx, x1 + mx, y0 - my, y1 + my))
        except ValueError:
            return None

    def _cover_holds(self) -> bool:
        """Whether the model's drawing still covers the view at about its scale."""
        cover = self._cover
        if cover is None or self._model_dirty:
            return False
        x0, x1, y0, y1 = self.view_range()
        c0, c1, d0, d1, width = cover
        ratio = (x1 - x0) / width if width > 0 else 0.0
        inside = c0 <= x0 and x1 <= c1 and d0 <= y0 and y1 <= d1
        return inside and 1 / COVER_ZOOM <= ratio <= COVER_ZOOM

    def _compute_model(self) -> None:
        """The model's drawing: its line and tints, or its regions, over the cover rect
        (the work that `batch` coalesces; `model_computations` counts it), then what of
        it sits in the view."""
        self._model_dirty = False
        self.model_computations += 1
        self._draw_model()
        self._draw_model_view()

    def _draw_model(self) -> None:
        """`_compute_model`'s drawing over the cover rect."""
        x0, x1, y0, y1 = self.view_range()
        cover = self._cover_rect()
        self._cover = None if cover is None else (*cover, x1 - x0)
        self._drawn_line = None
        model = self._model
        if self._phase and self._anatomy is not None:  # slow motion: the old line first
            model = self._anatomy[0]
        linear_items = (
            self.model_line,
            self._tint_pos,
            self._tint_neg,
        )
        # Regions of sign f for a model that is not a line: the answer's (a vote) before
        # the running model's (a kernel expansion).
        a = self._answer
        regions = a if a is not None and not a.is_linear else None
        if regions is None and model is not None and not model.is_linear:
            regions = model
        self._update_regions(regions)
        if model is None or not isinstance(model, LinearModel):
            for item in linear_items:
                item.setVisible(False)
            return
        w, b = _line_of(model)
        rect = cover
        if rect is None:
            for item in linear_items:
                item.setVisible(False)
            return
        self._drawn_line = (w, b)
        # The tints are the answer's half-planes when it comes first (the pocket, the
        # average), else the running line's.
        tw, tb = w, b
        if self._answer_first and isinstance(a, LinearModel) and not self._phase:
            tw, tb = _line_of(a)
        # sign(0) = +1: the +1 side includes the line (with w = 0, all or nothing by b).
        pos = clip_half_plane(tw, tb, rect, 1.0)
        neg = clip_half_plane(-tw, -tb, rect, 1.0) if tw.any() or tb < 0 else np.zeros((0, 2))
        for item, poly in ((self._tint_pos, pos), (self._tint_neg, neg)):
            item.setVisible(len(poly) >= 3 and regions is None)
            if len(poly) >= 3:
                item.setPolygon(polygon(poly))
        self._set_line(self.model_line, w, b, rect)

    def _draw_model_view(self) -> None:
        """What of the model's drawing depends on the view itself (cheap, not counted): the
        normal's arrow in the view, the arrow to a line out of view, the "no line" banner."""
        arrow = (self._arrow_shaft, self._arrow_head, self._arrow_label)
        for item in (*arrow, self._edge_arrow, self._edge_label, self._no_line):
            item.setVisible(False)
        if self._drawn_line is None:
            return
        w, b = self._drawn_line
        rect = self._margin_rect()
        if not w.any() and len(self._points):
            sign = "+1" if b >= 0 else "−1"
            self._no_line.setText(
                self.tr("w = 0: no line; every point is predicted {sign} (b = {b})")
                .format(sign=sign, b=f"{b:g}".replace("-", "−"))
                .replace(" = ", "\u00a0=\u00a0")  # wrapped between terms, not inside one
            )
            vr = self._vb.viewRect()
            self._no_line.setPos(vr.center().x(), vr.bottom() - 0.1 * vr.height())  # near the top
            self._no_line.setVisible(True)
        seg = None if rect is None else clip_line(w, b, rect)
        view = geometry.check_rect(self.view_range()) if rect is not None else None
        if seg is None or view is None or clip_line(w, b, view) is None:
            # Not in the view itself (it may still cross the margin drawn around it).
            for item in arrow:
                item.setVisible(False)
            self._point_to_line(w, b)
            return
        # The arrow starts at the point of the line nearest the view centre.
        vr = self._vb.viewRect()
        centre = np.array([vr.center().x(), vr.center().y()])
        nn = float(w @ w)
        with np.errstate(all="ignore"):  # a view at 1e150 from a line at 0: no arrow
            foot = centre - (w @ centre + b) / nn * w if nn > 0 else centre + np.inf
        if not (np.all(np.isfinite(foot)) and vr.contains(QtCore.QPointF(*foot))):
            for item in arrow:
                item.setVisible(False)
            return
        length = ARROW_FRACTION * min(vr.width(), abs(vr.height()))
        unit = w / math.sqrt(nn)
        tip = foot + length * unit
        head = 0.25 * length
        base = tip - head * unit
        side = np.array([-unit[1], unit[0]]) * head * 0.4
        self._arrow_shaft.set_segment([foot[0], base[0]], [foot[1], base[1]])
        self._arrow_head.setPolygon(polygon(np.array([tip, base + side, base - side])))
        self._arrow_label.setPos(*(tip + 0.25 * length * unit))
        self._normal_ends = ((float(foot[0]), float(foot[1])), (float(tip[0]), float(tip[1])))
        for item in arrow:
            item.setVisible(True)

    def _point_to_line(self, w: FloatArray, b: float) -> None:
        """The line is out of view: an arrow near the edge says where it is."""
        rect = self._margin_rect()
        arrow = None if rect is None else edge_arrow(w, b, self.view_range(), inset=0.12)
        if arrow is None:
            return
        (x, y), (dx, dy) = arrow
        # ArrowItem's angle 0 points left and turns clockwise; on screen y points down.
        self._edge_arrow.setStyle(angle=180.0 + math.degrees(math.atan2(-dy, dx)))
        self._edge_arrow.setPos(x, y)
        # The label sits on the far side of the point from where the arrow points.
        self._edge_label.setAnchor((-0.05, 0.5) if dx < 0 else (1.05, 0.5))
        self._edge_label.setPos(x, y)
        self._edge_arrow.setVisible(True)
        self._edge_label.setVisible(True)

    def _update_regions(self, model: Model | None) -> None:
        """A non-linear model: sign f as an image of the visible range, and f = 0."""
        if self._regions_wait and model is not None:
            self._regions_pending = (model,)  # drawn at the end of the layout pass
            return
        self._regions_pending = None
        if model is None:
            self._regions.setVisible(False)
            self._contour.setVisible(False)
            return
        cover = self._cover_rect()
        if cover is None:
            self._regions.setVisible(False)
            self._contour.setVisible(False)
            return
        x0, y0, w, h = cover[0], cover[2], cover[1] - cover[0], cover[3] - cover[2]
        grid = REGION_GRID  # (across the cover: as many cells as before, a little larger)
        # Square cells, at most REGION_GRID² of them: a view taller than wide has fewer
        # columns (a vote of 2000 lines over 240 × 960 cells, a compare pane at a small
        # scale, took 2 s of CPU a pass); and at most 4 REGION_GRID rows: a tall narrow
        # view asked for millions (GBs of image, which pyqtgraph downsampled for ever).
        aspect = min(abs(h) / max(w, 1e-300), 16.0 * grid)
        nx = grid if aspect <= 1.0 else max(2, int(round(grid / aspect**0.5)))
        ny = min(max(2, int(round(nx * aspect))), 4 * grid)
        # Only what changed since the last frame is added (regions.py).
        f = self._region_grid.values(model, GridSpec(x0, y0, w, h, nx, ny))
        t = theme()
        lut = np.array(
            [
                [c.red(), c.green(), c.blue(), c.alpha()]
                for c in (t.tint("positive"), t.tint("negative"))
            ],
            dtype=np.ubyte,
        ).view(np.uint32)[:, 0]
        # One gather of whole pixels (a (2, 4) lookup by rows is 10x slower).
        rgba = lut[(f < 0.0).view(np.uint8)].view(np.ubyte).reshape(ny, nx, 4)
        self._regions.setImage(rgba, autoLevels=False, autoDownsample=False)
        self._regions.setRect(QtCore.QRectF(x0, y0, w, h))
        self._regions.setVisible(True)
        gxv, gyv = zero_segments(f)  # numpy marching squares (pyqtgraph's isocurve: ~0.1 s)
        self._contour.setVisible(gxv.shape[0] > 0)
        if gxv.shape[0]:
            self._contour.set_segment(x0 + (gxv + 0.5) * (w / nx), y0 + (gyv + 0.5) * (h / ny))

    def _update_answer(self) -> None:
        self._schedule_layout()
        shown = False
        a = self._answer
        rect = self._margin_rect()
        if isinstance(a, LinearModel) and rect is not None:
            w, b = _line_of(a)
            shown = self._set_line(self.pocket_line, w, b, rect) is not None
        self.pocket_line.setVisible(shown)
        self.legend.setVisible(a is not None)

    def _update_geometry(self) -> None:
        self._schedule_layout()
        D, u, gamma, bias = self._geometry
        show_circle = self._show_radius and D is not None
        self._radius_circle.setVisible(show_circle)
        self._radius_label.setVisible(show_circle)
        if show_circle:
            assert D is not None
            r = math.sqrt(max(D * D - 1.0, 0.0)) if bias else D
            self._radius_circle.setRect(QtCore.QRectF(-r, -r, 2 * r, 2 * r))
            if bias:
                text = self.tr("R = max‖x‖ = {r}   (D = √(R²+1) = {d} with the bias)").format(
                    r=fmt.tick(r), d=fmt.tick(D)
                )
            else:
                text = f"D = max‖x‖ = {fmt.tick(D)}"
            self._radius_label.setText(text)
            self._place_radius_label(r)

        show_best = self._show_best and u is not None
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
                text = self.tr("γ = {g} in (x, 1) space; band ±{h} in the plane").format(
                    g=fmt.tick(gamma), h=fmt.tick(half)
                )
            else:
                text = self.tr("γ = {g} (band ±γ)").format(g=fmt.tick(gamma))
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

    # ------------------------------------------------------------------ Qt overrides

    def mousePressEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mousePressEvent(ev)
        # pyqtgraph's scene turns press/release into click and drag events later
        # but leaves the Qt event unaccepted; the canvas did handle it.
        ev.accept()

    def mouseReleaseEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mouseReleaseEvent(ev)
        ev.accept()

    def resizeEvent(self, ev: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(ev)
        self._schedule_layout()
        # The cached rendering of the points is a viewport-sized pixmap kept in
        # QPixmapCache (10 MB by default: less than one 1080p frame at dpr 2).
        # If it does not fit, Qt silently re-renders every frame.
        dpr = self.devicePixelRatioF()
        need_kb = int(self.width() * self.height() * dpr * dpr * 4 * 3 / 1024)
        if QtGui.QPixmapCache.cacheLimit() < need_kb:
            QtGui.QPixmapCache.setCacheLimit(need_kb)

    # ------------------------------------------------------------------ slots

    def _on_view_range_changed(self, *_: object) -> None:
        # Lines, tints and regions are clipped to the cover rect round the view: they are
        # drawn again when the view leaves it or zooms (once the turn's changes are done:
        # a resize or a relayout moves it many times), else only what sits in the view.
        if self.__dict__.get("_cover") is not None and self._cover_holds():
            self._schedule_layout()
            self._view_dirty = True
            return
        self._redraw(defer=True)

    def _on_verdict_timer_timeout(self) -> None:
        self._verdict.setVisible(False)

    def _on_info_timer_timeout(self) -> None:
        self.show_point_info(None)

    def _on_view_click(self, ev: ClickEvent) -> None:
        button = ev.button()
        mods = ev.modifiers()
        p = self._vb.mapSceneToView(ev.scenePos())
        x, y = p.x(), p.y()
        if button == Qt.MouseButton.RightButton:
            ev.accept()
            self.add_requested.emit(*self._snap(x, y), -1)
        elif button == Qt.MouseButton.LeftButton:
            ev.accept()
            hit = self.hit_test(x, y)
            if hit is not None:
                ctrl = bool(mods & Qt.KeyboardModifier.ControlModifier)
                self._select(np.array([hit]), toggle=ctrl)
                if theme().boost > 1.0:  # presenting: the tooltip's words, large
                    self.show_point_info(hit)
                return
            label = -1 if mods & Qt.KeyboardModifier.AltModifier else self._add_label
            self.add_requested.emit(*self._snap(x, y), label)
        else:
            ev.ignore()

    def _on_view_drag(self, ev: DragEvent) -> None:
        ev.accept()
        start = self._vb.mapSceneToView(ev.buttonDownScenePos())
        now = self._vb.mapSceneToView(ev.scenePos())
        if ev.isStart():
            self._drag_index = self.hit_test(start.x(), start.y())
        if self._drag_index is not None:
            self._drag_point(ev, now)
        else:
            self._drag_band(ev, start, now)

    def _drag_point(self, ev: DragEvent, now: QtCore.QPointF) -> None:
        i = self._drag_index
        assert i is not None
        preview = self._preview[int(self._labels[i])]
        x, y = self._snap(now.x(), now.y())
        if ev.isFinish():
            preview.setVisible(False)
            self._drag_index = None
            self.move_requested.emit(i, x, y)
        else:
            preview.set_positions(np.array([[x, y]]))
            preview.setVisible(True)

    def _drag_band(self, ev: DragEvent, start: QtCore.QPointF, now: QtCore.QPointF) -> None:
        rect = QtCore.QRectF(start, now).normalized()
        if not ev.isFinish():
            self._rubber_band.setRect(rect)
            self._rubber_band.setVisible(True)
            return
        self._rubber_band.setVisible(False)
        pts = self._points
        inside = np.flatnonzero(
            (pts[:, 0] >= rect.left())
            & (pts[:, 0] <= rect.right())
            & (pts[:, 1] >= rect.top())
            & (pts[:, 1] <= rect.bottom())
        )
        ctrl = bool(ev.modifiers() & Qt.KeyboardModifier.ControlModifier)
        self._select(inside, add=ctrl)

"""The canvas's constants and small pixel-geometry helpers, shared by its parts."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore

from perceptron_gui.app.canvas.layout import Rect
from perceptron_gui.core.model import LinearModel

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
#: From this many mistakes their halos merge into one lit region (a large area): while a
#: run goes, it changes at most once per `area_gap`, as the regions do (WCAG 2.3.1).
HALO_FIELD_MIN = 1000
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
#: A mistake's halo is part of its point: over every line (the model's, the update's
#: vectors, Novikoff's circle, the old line), under the ring and the marker. Novikoff's
#: dashed circle and the model's line were drawn over the halos (at −2, under the lines).
HALO_Z = MARKER_Z - 0.15
#: ... save a field of thousands of halos merged into one lit region (a large area, as the
#: tints are): under the lines, which it would hide.
HALO_FIELD_Z = -2.0
#: A point's name or α that could only be placed across a line (the model's line, the
#: update's vectors) is drawn over the lines on its translucent box, as a contour's label
#: breaks its line, but still under the rings and the markers.
CROSSED_LABEL_Z = 4.7
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
#: A vote's terms are added for about this long per turn of the event loop, for its
#: regions and again for its mistakes, the rest in the next turns (regions.py): 10⁶
#: vectors after a long run took minutes in one turn.
VOTE_SLICE_S = 0.01
#: ... and this long in a frame of a run (`BoundaryCanvas.set_running`): a run adds the
#: vote's vectors faster than any slice adds them to the regions (To end: tens of
#: thousands a frame, some 900 a 10 ms slice on the 240-row grid), which show a vote of
#: earlier in the run and change at most every AREA_GAP_S; the 10 ms slice was an eighth
#: of every To end frame (docs/robustness.md).
VOTE_RUN_SLICE_S = 0.003
#: A vote's terms left after a frame are added this many ms later when no frame came
#: first (a run's next frame adds them itself).
VOTE_WAIT_MS = 30
#: ... and this many ms while a run goes: its frames add them (a turn of its own every
#: 30 ms of a To end, whose frames come 30-90 ms apart, made a frame's vote work double).
VOTE_RUN_WAIT_MS = 250
#: While a run goes, the large areas (the regions of sign f, the half-planes' tints, a field
#: of thousands of halos) change at most once in this many seconds: no more than 3 changes
#: in any second (WCAG 2.3.1), with room for the timer's lateness (see
#: `BoundaryCanvas.set_running`).
AREA_GAP_S = 0.35
#: ... and once a second with View ▸ Reduce motion.
AREA_GAP_REDUCED_S = 1.0
#: Up to this many points, a text that finds no free room is
#: hidden rather than laid over a point (each point is read one by one; its words are in
#: the narration or the readout too), save a clicked point's info, which was asked for.
#: Beyond, a text over the cloud hides little of it.
CROWD_HIDE_MAX = 60
#: A point's name (or α) beside it is read as its own when its centre is at most this
#: many times closer to its point than to any other point; nearer a neighbour than that
#: (between two points), a leader line joins it to its point instead, where there is room.
AMBIGUITY = 2.0
#: The band above the plot (a legend or banner with no free corner) is used only while the
#: plot keeps at least this part of the canvas's height; else what it would hold is hidden.
BAND_PLOT_MIN = 0.55
#: The banners' band takes at most this part of the canvas's height (issue 26: a band up
#: to a quarter). Beyond, a free corner (no point under it), else a smaller font (down to
#: the theme's `readable_pt`), else one elided line; whole in the tooltip and status bar.
BAND_MAX_PART = 0.25
#: Beyond this many points (a cloud: a text over it hides little) the legend and the
#: banners take the cheapest corner or place, as over any crowd, and no band.
BAND_POINTS_MAX = 1000
#: The texts' layout looks at an even sample of at most this many points.
LAYOUT_SAMPLE = 10_000
#: A banner or an update's label wider than this part of the plot wraps.
WRAP_PART = 0.55
#: The update's caption with no free room at that width tries this part of the plot's
#: width (its words on more lines).
CAPTION_NARROW_PART = 0.3
#: The verdict beside the current point ("x15: mistake → update") keeps within this many
#: of its lines' heights of its point: on free room there, else across a line on its box.
VERDICT_REACH_LINES = 3
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
#: The edge arrow ("the line is this way") looks for a place clear of the points up to this
#: many points (a crowd is drawn as a density image anyway).
EDGE_ARROW_MAX_POINTS = 20_000
#: The model's drawing covers the view grown by this part per side; it is drawn again when
#: the view leaves that or its scale changes by more than COVER_ZOOM.
COVER = 0.15
COVER_ZOOM = 1.25


#: A point's name with no room beside it may sit further off, joined to its point by a
#: leader line at most this many marker diameters long (from where it leaves the point's
#: marker or ring to the name): as far again as a name with no line may sit (issue 26's
#: ~2.5 diameters). A longer line runs across the plot and is read as a line, not as a
#: name's; a name with no place that close is hidden (its tooltip, the table, `state()`).
LEADER_REACH = 2.5
#: A point's name (or α) further than this many marker diameters off the edge of its
#: point's marker (or of the ring round it) is joined to it by a leader line, wherever it
#: sits (in presentation a name some 60 px from a small point could be anyone's).
NAME_NEAR = 0.75
#: A name placed further off than the places beside its point, or between it and a
#: neighbour, sits without a leader line only when it touches its point's marker or ring:
#: within this many pixels (× the UI scale) of the gap kept round it.
LEADER_TOUCH = 3.0


def gap_to(p: tuple[float, float], size: tuple[float, float], cx: float, cy: float) -> float:
    """How far the rectangle at top-left `p` of `size` is from (cx, cy) (0 inside)."""
    ex = max(0.0, p[0] - cx, cx - (p[0] + size[0]))
    ey = max(0.0, p[1] - cy, cy - (p[1] + size[1]))
    return math.hypot(ex, ey)


def near_places(
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


def leader_line(r: Rect, cx: float, cy: float, start: float) -> tuple[float, float, float, float]:
    """A leader line from `start` pixels off the point (cx, cy) to the nearest point of the
    rectangle `r`."""
    nx = min(max(cx, r[0]), r[0] + r[2])
    ny = min(max(cy, r[1]), r[1] + r[3])
    d = math.hypot(nx - cx, ny - cy)
    f = min(1.0, start / d) if d > 0 else 0.0
    return (cx + f * (nx - cx), cy + f * (ny - cy), nx, ny)


def unanchor(item: pg.LegendItem) -> None:
    """Its anchor's slot does nothing once it has no anchor (pyqtgraph's private name)."""
    if hasattr(item, "_GraphicsWidgetAnchor__itemAnchor"):
        item._GraphicsWidgetAnchor__itemAnchor = None


def line_of(model: LinearModel) -> tuple[FloatArray, float]:
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

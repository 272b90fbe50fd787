"""The canvas's items, made once and updated in place; its signals.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.axes import quiet_hidden_axes
from perceptron_gui.app.canvas.constants import (
    ANIMATION_MS,
    AREA_GAP_S,
    HOVER_MS,
    VERDICT_MS,
    VIEW_MARGIN,
    VOTE_RUN_WAIT_MS,
    VOTE_SLICE_S,
    VOTE_WAIT_MS,
)
from perceptron_gui.app.canvas.items import (
    Axis,
    CanvasViewBox,
    ClickEvent,
    DragEvent,
    Line,
)
from perceptron_gui.app.canvas.layout import Rect
from perceptron_gui.app.canvas.regions import RegionGrid
from perceptron_gui.app.canvas.view_model import Update, ViewModel
from perceptron_gui.app.canvas.visuals.boundary import ModelBoundary
from perceptron_gui.app.canvas.visuals.edge import EdgeArrow
from perceptron_gui.app.canvas.visuals.labels import PointLabels
from perceptron_gui.app.canvas.visuals.margin import MarginBand
from perceptron_gui.app.canvas.visuals.normal import NormalArrow
from perceptron_gui.app.canvas.visuals.novikoff import NovikoffGeometry
from perceptron_gui.app.canvas.visuals.points import PointMarks
from perceptron_gui.app.canvas.visuals.tints import HalfPlaneTints
from perceptron_gui.app.canvas.visuals.vectors import UpdateVectors
from perceptron_gui.app.qtutil import paint_with_window
from perceptron_gui.app.theme import theme
from perceptron_gui.app.words import WordsText
from perceptron_gui.core.model import Model

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate

if TYPE_CHECKING:  # pyqtgraph is untyped (Any): what the canvas uses of its Qt base, typed

    class _PlotWidget(pg.PlotWidget):
        def tr(self, source: str, /, disambiguation: str | None = ..., n: int = ...) -> str: ...
        def mapFromScene(self, point: QtCore.QPointF, /) -> QtCore.QPoint: ...  # noqa: N802

else:
    _PlotWidget = pg.PlotWidget


class ViewBoxPort:
    """The view model's window on the screen: the view box's range and size, the theme's
    scale (see `ViewModel`)."""

    def __init__(self, vb: CanvasViewBox) -> None:
        self._vb = vb

    def view_range(self) -> tuple[float, float, float, float]:
        (x0, x1), (y0, y1) = self._vb.viewRange()
        return float(x0), float(x1), float(y0), float(y1)

    def size_px(self) -> tuple[float, float]:
        return float(self._vb.width()), float(self._vb.height())

    def ui_scale(self) -> float:
        return float(theme().scale)


class CanvasBase(_PlotWidget):
    """The canvas's items, made once and updated in place; its signals."""

    add_requested = QtCore.Signal(float, float, int)
    #: The next item's place in the stacking order (see `_add`; None: on top).
    _rank: int | None = None
    move_requested = QtCore.Signal(int, float, float)
    selection_changed = QtCore.Signal(list)
    #: The banners' band shows them shortened (a smaller font, or elided): their whole
    #: text, for the status bar (nothing lost).
    band_shortened = QtCore.Signal(str)
    #: The points whose names the canvas does not draw changed (`hidden_names`, 0-based):
    #: a screen reader is told which (accessibility.py).
    names_hidden_changed = QtCore.Signal(list)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        self._vb = CanvasViewBox()
        #: What is shown, as data (Qt-free): every drawing reads it.
        self.view_model = ViewModel(ViewBoxPort(self._vb))
        axes = {"bottom": Axis("bottom"), "left": Axis("left")}
        super().__init__(parent, viewBox=self._vb, axisItems=axes)
        self.setObjectName("canvas")
        paint_with_window(self)
        self._vb.on_click = self._on_view_click
        self._vb.on_drag = self._on_view_drag
        self._vb.on_user_view = self._on_user_view

        self._verdict_kind: str | None = None
        self._answer_label = "pocket"
        self._add_label = 1
        self._snap_enabled = False
        self._snap_step = 0.5
        self.verdict_ms = VERDICT_MS
        self.view_margin = VIEW_MARGIN
        self._drag_index: int | None = None

        self._setup_axes()
        self._create_items()
        # The update's slow motion: one phase per tick (`animation_ms` in all; 0 = none).
        self.animation_ms = ANIMATION_MS
        self._phase_timer = QtCore.QTimer(self)
        self._phase_timer.setSingleShot(True)
        self._phase_timer.timeout.connect(self._on_phase_timer_timeout)
        # Where the texts over the data go: one pass when the turn's changes are done.
        self._layout_timer = QtCore.QTimer(self)
        self._layout_timer.setSingleShot(True)
        self._layout_timer.setInterval(0)
        self._layout_timer.timeout.connect(self._layout_overlays)
        # The texts go round the update's picture: laid out again when it changes.
        self.view_model.events.update.connect(self._schedule_layout)
        self.view_model.events.novikoff.connect(self._schedule_layout)
        self._layout_holding = False  # see hold_layout
        self._layout_posted = False  # a layout's event waits (see scheduler.py)
        self._layout_hold_cap = 0.0
        self._overlay_rects: dict[str, Rect] = {}
        # The banners in the band above the plot (see labels.py), and the band's text.
        self._in_band: set[str] = set()
        self._band_text = ""
        self._band_height = 0.0
        self._homes: dict[int, tuple[tuple[float, float], tuple[float, float]]] = {}
        self._header: QtWidgets.QWidget | None = None  # see set_header
        self._batch = 0
        self._model_dirty = False
        # The view's drawings (answer, geometry, anatomy, band) wait for the layout pass too.
        self._view_dirty = False
        #: How many times the model's drawing was computed (tests count the work).
        self.model_computations = 0
        # What the last drawing covers (x0, x1, y0, y1 and the view's width then), and the
        # line it drew (w, b).
        self._cover: tuple[float, float, float, float, float] | None = None
        self._drawn_line: tuple[FloatArray, float] | None = None
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

    # What is shown lives in the view model; the canvas's names for it are kept.

    @property
    def _points(self) -> FloatArray:
        return self.view_model.points

    @property
    def _labels(self) -> NDArray[np.int8]:
        return self.view_model.labels

    @property
    def _misclassified(self) -> IntArray:
        return self.view_model.mistakes

    @property
    def _current(self) -> int | None:
        return self.view_model.current

    @property
    def _selection(self) -> IntArray:
        return self.view_model.selection

    @property
    def _alpha(self) -> FloatArray | None:
        return self.view_model.alpha

    @property
    def _model(self) -> Model | None:
        return self.view_model.model

    @property
    def _answer(self) -> Model | None:
        return self.view_model.answer

    @property
    def _answer_first(self) -> bool:
        return self.view_model.answer_first

    # The points' names and α's live in their visual (visuals/labels.py).

    @property
    def _name_texts(self) -> list[pg.TextItem]:
        return self._point_labels.names

    @property
    def _alpha_texts(self) -> list[pg.TextItem]:
        return self._point_labels.alphas

    def _scene_to_data(self, px: FloatArray) -> FloatArray | None:
        """The scene's pixels (n, 2) as data coordinates (None: the view cannot be
        inverted)."""
        self._vb.updateMatrix()
        inv, ok = self._vb.childGroup.sceneTransform().inverted()
        if not ok:
            return None
        xs = inv.m11() * px[:, 0] + inv.m21() * px[:, 1] + inv.dx()
        ys = inv.m12() * px[:, 0] + inv.m22() * px[:, 1] + inv.dy()
        return np.column_stack([xs, ys])

    # The model's drawing's items and regions live in its visual (visuals/boundary.py).

    @property
    def model_line(self) -> Line:
        """The running line."""
        return self._boundary.items.line

    @property
    def pocket_line(self) -> Line:
        """The answer's line (the pocket, the average)."""
        return self._boundary.items.answer

    @property
    def _regions(self) -> pg.ImageItem:
        return self._boundary.items.regions

    @property
    def _contour(self) -> Line:
        return self._boundary.items.contour

    @property
    def _region_grid(self) -> RegionGrid:
        return self._boundary.grid

    @_region_grid.setter
    def _region_grid(self, grid: RegionGrid) -> None:
        self._boundary.grid = grid

    @property
    def _anatomy(self) -> Update | None:
        return self.view_model.update

    @property
    def _phase(self) -> str:
        return self.view_model.phase

    @property
    def step_name(self) -> str:
        """The step's name in the update's picture (ηyx; τyx, η Σ yx for other rules)."""
        return self.view_model.step_name

    @step_name.setter
    def step_name(self, name: str) -> None:
        self.view_model.step_name = name

    @property
    def view_margin(self) -> float:
        """Lines and tints overshoot the view by this fraction per side (pans show no gap;
        an exported figure uses 0, so renderers that ignore clip paths draw it the same)."""
        return self.view_model.view_margin

    @view_margin.setter
    def view_margin(self, margin: float) -> None:
        self.view_model.view_margin = margin

    @property
    def animation_ms(self) -> int:
        """The update's slow motion in all (one phase per third; 0 = none)."""
        return self._animation_ms

    @animation_ms.setter
    def animation_ms(self, ms: int) -> None:
        self._animation_ms = ms
        self.view_model.slow_motion = ms > 0

    @property
    def follow_line(self) -> bool:
        """Grow the view to keep the running line in it (View ▸ Follow the line; off: the
        view is the data's, and an arrow at the edge says where the line went)."""
        return self.view_model.follow_line

    @follow_line.setter
    def follow_line(self, on: bool) -> None:
        self.view_model.follow_line = on

    @property
    def keep_origin(self) -> bool:
        """The data's frame keeps the origin (View ▸ Keep the origin in view)."""
        return self.view_model.keep_origin

    @keep_origin.setter
    def keep_origin(self, on: bool) -> None:
        self.view_model.keep_origin = on

    @property
    def _bias_off(self) -> bool:
        # With the bias off the line goes through the origin: the frame keeps it.
        return self.view_model.bias_off

    @_bias_off.setter
    def _bias_off(self, off: bool) -> None:
        self.view_model.bias_off = off

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
        # Items of equal z stack in the order they were added: a part made on first use
        # goes where it was when all were made at once (before the next part's items).
        if self._rank is None:  # (a point's name or α: on top, as ever)
            return
        rank = self._rank
        self._rank += 1
        later = [r for r in self._ranked if r > rank]
        if later:
            item.stackBefore(self._ranked[min(later)])
        self._ranked[rank] = item

    def _place_part(self, part: str, items: list[tuple[QtWidgets.QGraphicsItem, float]]) -> None:
        """Add a visual's items, made on first use, in its part's place (see `_slot`)."""
        self._parts.add(part)
        rank, self._rank = self._rank, self._slots.get(part)
        try:
            for item, z in items:
                self._add(item, z)
        finally:
            self._rank = rank

    def _place_now(self, items: list[tuple[QtWidgets.QGraphicsItem, float]]) -> None:
        """Add a visual's items made at start, here in the stacking order."""
        for item, z in items:
            self._add(item, z)

    def _slot(self, part: str) -> None:
        """Keep the place (in the stacking order) of a part made on first use."""
        assert self._rank is not None
        self._slots[part] = self._rank
        self._rank += 100

    def _made(self, part: str) -> bool:
        """Whether a part made on first use (see `_make_part`) has been made."""
        return part in self._parts

    def _make_part(self, part: str) -> None:
        """Make a part a plain start does not show, the first time one of its items is
        read (`OnUse`): its items hidden, styled from the theme, in the language."""
        if part in self._parts:
            return
        self._parts.add(part)
        self._rank = self._slots.get(part)  # (the legend is not in the view's items)
        try:
            getattr(self, f"_make_{part}")()
        finally:
            self._rank = None
        self._style_part(part)

    def _create_items(self) -> None:
        """The items a plain start uses; the others are made on first use (`OnUse`)."""
        self._rank = 0
        self._ranked: dict[int, QtWidgets.QGraphicsItem] = {}
        self._slots: dict[str, int] = {}
        self._parts: set[str] = set()
        # Regions and the boundary of the running model: the half-planes' tints (a visual:
        # visuals/tints.py; a large area, through the gate while a run goes).
        self._tints = HalfPlaneTints(self.view_model, self._place_now, area=self._area)
        self._answer_scores = RegionGrid()  # the answer's f at the data points
        self._vote_slice = VOTE_SLICE_S  # (VOTE_RUN_SLICE_S while a run goes: set_running)
        # A vote's terms left to add go on in the next turns (see VOTE_SLICE_S): the
        # answer whose mistakes wait (answer, points, labels, shown); the regions' own.
        self._answer_job: tuple[Model, FloatArray, FloatArray, IntArray] | None = None
        self._vote_timer = QtCore.QTimer(self)
        self._vote_timer.setSingleShot(True)
        self._vote_timer.timeout.connect(self._on_vote_timer_timeout)
        self._vote_timer_running = False  # (its own next turn comes at once)
        # The large areas' changes while a run goes, at most one per `area_gap` (boundary.py).
        self.area_gap = AREA_GAP_S
        self._areas_held = False
        self._areas_at = -float("inf")
        self._areas_waiting: dict[str, Callable[[], None]] = {}
        self._area_timer = QtCore.QTimer(self)
        self._area_timer.setSingleShot(True)
        self._area_timer.setTimerType(Qt.TimerType.PreciseTimer)  # (a coarse one: 5 % early)
        self._area_timer.timeout.connect(self._show_areas)
        #: The model's drawing: the running line, the answer's, or regions of sign f and
        #: f = 0 (a visual: visuals/boundary.py; the regions through the gate too).
        self._boundary = ModelBoundary(
            self.view_model, self._place_now, area=self._area, go_on=self._go_on_voting
        )
        self._slot("normal")
        #: The normal w of the running line, as an arrow from the line.
        self._normal = NormalArrow(self.view_model, partial(self._place_part, "normal"))
        self._slot("edge")
        #: Where the line went when it left the view (the view does not follow it).
        self._edge = EdgeArrow(
            self.view_model, partial(self._place_part, "edge"), self._schedule_layout
        )
        # With w = 0 there is no line: say so, and what every point is predicted.
        self._no_line = WordsText(anchor=(0.5, 0.5))
        self._add(self._no_line, 9)
        # How the run ended ("converged: …") and notices such as a discarded run.
        self._status = WordsText(anchor=(0, 0))
        self._add(self._status, 9)
        self._slot("info")
        self._info_index: int | None = None
        self._info_timer = QtCore.QTimer(self)
        self._info_timer.setSingleShot(True)
        self._info_timer.timeout.connect(self._on_info_timer_timeout)
        self._status.setVisible(False)
        self._fade_timer = QtCore.QTimer(self)
        self._fade_timer.setSingleShot(True)
        self._fade_timer.timeout.connect(self._fade_anatomy)
        self._slot("geometry")
        #: Novikoff's geometry: the radius D, the best separator and its γ band.
        self._novikoff = NovikoffGeometry(self.view_model, partial(self._place_part, "geometry"))

        # The points and their marks (a visual: visuals/points.py; sized by apply_theme).
        self._marks = PointMarks(self.view_model, self._place_now, area=self._area)
        self._slot("preview")  # a dragged point's new place
        #: The points' names and α's, beside their points or joined by thin leader lines
        #: (a visual: visuals/labels.py; placed by the layout pass, labels.py).
        self._point_labels = PointLabels(
            self.view_model, self._place_now, self._schedule_layout, self._scene_to_data
        )
        self._point_labels.make()
        self._slot("verdict")
        self._slot("anatomy")
        #: The update's picture: old w + step = new w (it draws itself from the view model).
        self._step_vectors = UpdateVectors(self.view_model, partial(self._place_part, "anatomy"))
        self._slot("band")
        #: The margin band (passive-aggressive's, the margin perceptron's).
        self._margin = MarginBand(self.view_model, partial(self._place_part, "band"))

        self._rubber_band = QtWidgets.QGraphicsRectItem()
        self._rubber_band.setVisible(False)
        self._add(self._rubber_band, 10)
        self._rank = None
        self._no_line.setVisible(False)

    # -- defined by the parts above; declared here so that each part can call them

    def _style_part(self, part: str) -> None:
        """Defined by a part above (see style.py)."""
        raise NotImplementedError

    def apply_theme(self) -> None:
        """Defined by a part above (see style.py)."""
        raise NotImplementedError

    def _verdict_for(self, index: int, verdict: str | None) -> str:
        """Defined by a part above (see points.py)."""
        raise NotImplementedError

    def _schedule_layout(self) -> None:
        """Defined by a part above (see scheduler.py)."""
        raise NotImplementedError

    def _layout_overlays(self) -> None:
        """Defined by a part above (see labels.py)."""
        raise NotImplementedError

    def _on_phase_timer_timeout(self) -> None:
        """Defined by a part above (see update.py)."""
        raise NotImplementedError

    def _fade_anatomy(self) -> None:
        """Defined by a part above (see update.py)."""
        raise NotImplementedError

    def _place_beside(self, item: pg.TextItem, x: float, y: float, gx: float, gy: float) -> None:
        """Defined by a part above (see labels.py)."""
        raise NotImplementedError

    def _on_user_view(self) -> None:
        """Defined by a part above (see view.py)."""
        raise NotImplementedError

    def _on_view_resized(self, *_: object) -> None:
        """Defined by a part above (see view.py)."""
        raise NotImplementedError

    def show_point_info(self, index: int | None) -> None:
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

    def _on_scene_mouse_moved(self, pos: QtCore.QPointF) -> None:
        # No hit test per move (a house rule): the tooltip waits until the mouse rests.
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

    def _on_hover_timer_timeout(self) -> None:
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

    def fit_view(self) -> None:
        """Defined by a part above (see view.py)."""
        raise NotImplementedError

    def _fit_axis_width(self, *, grow_only: bool = False) -> None:
        """Defined by a part above (see view.py)."""
        raise NotImplementedError

    def _redraw(self, *, defer: bool = False) -> None:
        """Defined by a part above (see scheduler.py)."""
        raise NotImplementedError

    def _cover_holds(self) -> bool:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _compute_model(self) -> None:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _draw_model_view(self) -> None:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _update_answer(self) -> None:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _on_view_range_changed(self, *_: object) -> None:
        # Lines, tints and regions are clipped to the cover rect round the view: they are
        # drawn again when the view leaves it or zooms (once the turn's changes are done:
        # a resize or a relayout moves it many times), else only what sits in the view.
        """Defined by a part above (see scheduler.py)."""
        raise NotImplementedError

    def _on_verdict_timer_timeout(self) -> None:
        """Defined by a part above (see points.py)."""
        raise NotImplementedError

    def _on_vote_timer_timeout(self) -> None:
        """Defined by a part above (see points.py)."""
        raise NotImplementedError

    def _go_on_voting(self) -> None:
        """A vote's terms are left: add more in a later turn. Asked by a frame, that turn is
        VOTE_WAIT_MS away, so that a run's frames, which come sooner and add terms
        themselves, put it off (at the same turn as the next frame, its slice made that
        turn twice as long: To end's longest turns at the largest limit); asked by the
        timer's own turn, at once. While a run goes (`set_running`), VOTE_RUN_WAIT_MS
        away whoever asks: its frames go on with the terms."""
        if self._vote_slice != VOTE_SLICE_S:  # (a run's slice: it runs)
            self._vote_timer.start(VOTE_RUN_WAIT_MS)
            return
        self._vote_timer.start(0 if self._vote_timer_running else VOTE_WAIT_MS)

    def _show_areas(self) -> None:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _area(self, key: str, show: Callable[[], None], *, at_once: bool = False) -> None:
        """Defined by a part above (see boundary.py)."""
        raise NotImplementedError

    def _on_info_timer_timeout(self) -> None:
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

    def _on_view_click(self, ev: ClickEvent) -> None:
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

    def _on_view_drag(self, ev: DragEvent) -> None:
        """Defined by a part above (see interaction.py)."""
        raise NotImplementedError

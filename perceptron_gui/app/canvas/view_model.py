"""What the canvas shows, as data: the points, the model, the update, the view, its scale.

Qt-free (numpy, `frame` and the core only), so that a visual can be driven and tested
without a window. The view's range and size are the screen's (pyqtgraph's view box keeps them, and
its aspect lock and resizes move them): the model reads them through a `ViewPort`, so
what it says is never a turn behind what is shown. The rest is the model's own: the
points and the marks on them (mistakes, the current point, the selection, α), whether the
frame keeps the origin, whether the view follows the line, and
whether the view is the user's (held) or the data's frame; the running model, the last
update and its phase, the margin band's width. Each of these changes through a setter that
emits its event (`events.py`); the visuals subscribe to the events of what they draw.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.events import ViewEvents
from perceptron_gui.app.canvas.frame import Frame
from perceptron_gui.core import geometry
from perceptron_gui.core.model import LinearModel, Model

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]


class Novikoff(NamedTuple):
    """Novikoff's quantities, as `DataCanvas.set_geometry` takes them."""

    #: max‖x_i‖, or max‖(x_i, 1)‖ with the bias (None: not known).
    D: float | None
    #: The best unit separator û*: (u1, u2, ub) with the bias, (u1, u2) without (None:
    #: not separable).
    direction: FloatArray | None
    #: The margin γ of û*.
    gamma: float | None
    #: Whether the model has a bias (changes how D and the direction read).
    bias: bool


class Update(NamedTuple):
    """The last update, as the update's picture draws it: old w + step = new w."""

    #: The model before and after it.
    before: LinearModel
    after: LinearModel
    #: The point it was made on.
    point: int
    #: Whether the model has a bias (the vectors are then the w part of ŵ = (w, b)).
    bias: bool


class ViewPort(Protocol):
    """What the screen tells the model: the data range it shows, its size, the UI scale."""

    def view_range(self) -> Frame:
        """The visible data range ``(xmin, xmax, ymin, ymax)``."""
        ...

    def size_px(self) -> tuple[float, float]:
        """The plot's width and height in pixels."""
        ...

    def ui_scale(self) -> float:
        """The UI scale (1 on a desk; sizes in pixels at scale 1 are multiplied by it)."""
        ...


class ViewModel:
    """The one model of what the canvas shows, which every drawing reads.

    Parameters
    ----------
    port
        Where the view's range and size are read (the canvas's view box, or a fixed
        view in a test).
    """

    def __init__(self, port: ViewPort) -> None:
        self.port = port
        #: Who is told what changed.
        self.events = ViewEvents()
        #: The data's points, (n, 2).
        self.points: FloatArray = np.empty((0, 2))
        #: Their classes, ±1.
        self.labels: NDArray[np.int8] = np.empty(0, dtype=np.int8)
        #: The points were a new data set the last time they were set (not an edit of the
        #: ones shown: nothing drawn of the old ones is kept while the new are drawn).
        self.new_data = False
        #: The points marked as mistakes (indices into the points).
        self.mistakes: IntArray = np.empty(0, dtype=np.intp)
        #: The point of the last step or visit (None: none marked).
        self.current: int | None = None
        #: The selected points (indices, sorted).
        self.selection: IntArray = np.empty(0, dtype=np.intp)
        #: The dual coefficients α, one per point (None: not shown).
        self.alpha: FloatArray | None = None
        #: The running model (None: none shown).
        self.model: Model | None = None
        #: The algorithm's answer when it is not the running model (the pocket, the
        #: average: a line; the vote: regions), and whether it is drawn first (strong, the
        #: running line secondary).
        self.answer: Model | None = None
        self.answer_first = True
        #: The last update (None: its picture is hidden).
        self.update: Update | None = None
        #: The running line as drawn, (w, b) scaled as `line_of` gives it (None: no line).
        self.line: tuple[FloatArray, float] | None = None
        #: The line whose half-planes are tinted (the running line's, or the answer's when
        #: it comes first; None: no tints, as while regions are drawn), and the rect the
        #: model's drawing covers (the view and a margin round it; None: nothing drawn).
        self.tints: tuple[FloatArray, float] | None = None
        self.cover: Frame | None = None
        #: The update's phase in slow motion: "predict", "reveal", or "" (its end).
        self.phase = ""
        #: The update is played in slow motion (its caption numbers the phases).
        self.slow_motion = False
        #: The step's name in the update's picture (ηyx; τyx, η Σ yx for other rules).
        self.step_name = "ηyx"
        #: The margin band's half-width |w·x + b| < width (None: no band).
        self.band_width: float | None = None
        #: Novikoff's quantities, and whether its radius and best separator are shown.
        self.novikoff = Novikoff(None, None, None, False)
        self.show_radius = False
        self.show_best = False
        #: Lines and tints overshoot the view by this fraction per side (pans show no gap;
        #: an exported figure uses 0, so renderers that ignore clip paths draw it the same).
        self.view_margin = 0.0
        #: The frame keeps the origin (View ▸ Keep the origin in view).
        self.keep_origin = False
        #: The bias is off: the line goes through the origin, and the frame keeps it.
        self.bias_off = False
        #: The view grows towards the running line (View ▸ Follow the line; off by default).
        self.follow_line = False
        #: The view is the user's (a zoom, a pan, a range set by a caller), not the data's
        #: frame: it holds across steps and modes until Fit view or new data.
        self.held = False

    def set_points(
        self, points: FloatArray, labels: NDArray[np.int8], *, new: bool, data_set: bool = False
    ) -> None:
        """New points and classes; `new` (another count, another data set) drops the last
        update and the marks (mistakes, current point, selection, α), whose point indices
        may be other points now; `data_set`: a new data set, not an edit of this one."""
        self.points = points
        self.labels = labels
        self.new_data = data_set
        if new:
            self.update = None
            self.mistakes = np.empty(0, dtype=np.intp)
            self.current = None
            self.selection = np.empty(0, dtype=np.intp)
            self.alpha = None
        self.events.points.emit()

    def set_mistakes(self, indices: IntArray) -> None:
        """The points marked as mistakes."""
        self.mistakes = indices
        self.events.mistakes.emit()

    def set_current(self, index: int | None) -> None:
        """The point of the last step or visit (None: none)."""
        self.current = index
        self.events.current.emit()

    def set_selection(self, indices: IntArray) -> None:
        """The selected points (indices, sorted)."""
        self.selection = indices
        self.events.selection.emit()

    def set_alpha(self, alpha: FloatArray | None) -> None:
        """The dual coefficients α, one per point (None: not shown)."""
        self.alpha = alpha
        self.events.alpha.emit()

    def set_model(self, model: Model | None) -> None:
        """The running model."""
        self.model = model
        self.events.model.emit()

    def set_answer(self, answer: Model | None) -> None:
        """The algorithm's answer when it is not the running model (None: none)."""
        self.answer = answer
        self.events.answer.emit()

    def set_answer_first(self, first: bool) -> None:
        """Draw the answer strong and the running line secondary (True), or the reverse."""
        self.answer_first = first
        self.events.answer.emit()

    def set_line(
        self,
        line: tuple[FloatArray, float] | None,
        *,
        tints: tuple[FloatArray, float] | None = None,
        cover: Frame | None = None,
    ) -> None:
        """The running line as drawn (None: no line), the line whose half-planes are tinted
        (None: none) and the rect the drawing covers."""
        self.line = line
        self.tints = tints
        self.cover = cover
        self.events.line.emit()

    def line_in_view(self) -> bool:
        """Whether the drawn line crosses the view itself (not only the margin round it)."""
        rect = self.margin_rect()
        if self.line is None or rect is None:
            return False
        w, b = self.line
        if geometry.clip_line(w, b, rect) is None:
            return False
        return geometry.clip_line(w, b, geometry.check_rect(self.view_range())) is not None

    def set_update(self, update: Update | None, phase: str = "") -> None:
        """The last update (None hides its picture) and the phase it is shown in."""
        self.update = update
        self.phase = phase
        self.events.update.emit()

    def set_phase(self, phase: str) -> None:
        """The update's phase ("predict", "reveal"; "" at its end)."""
        self.phase = phase
        self.events.update.emit()

    def set_band_width(self, width: float | None) -> None:
        """The margin band's half-width (None: no band)."""
        self.band_width = width
        self.events.band.emit()

    def set_novikoff(
        self,
        novikoff: Novikoff,
        *,
        show_radius: bool | None = None,
        show_best: bool | None = None,
    ) -> None:
        """Novikoff's quantities, and (when given) whether the radius D and the best
        separator with its γ band are shown."""
        self.novikoff = novikoff
        if show_radius is not None:
            self.show_radius = show_radius
        if show_best is not None:
            self.show_best = show_best
        self.events.novikoff.emit()

    def view_range(self) -> Frame:
        """The visible data range ``(xmin, xmax, ymin, ymax)``."""
        return self.port.view_range()

    def margin_rect(self) -> Frame | None:
        """The view, overshot by `view_margin` per side (lines and tints reach past it).

        None when the view has no area in floats (a span too small for its magnitude,
        such as 1e-100 wide at 1e150): nothing can be clipped to it.
        """
        x0, x1, y0, y1 = self.view_range()
        mx, my = (x1 - x0) * self.view_margin, (y1 - y0) * self.view_margin
        try:
            return geometry.check_rect((x0 - mx, x1 + mx, y0 - my, y1 + my))
        except ValueError:
            return None

    def cover_rect(self, least: float) -> Frame | None:
        """What the model's drawing covers: the view grown by `least` per side (or by
        `view_margin` if more), so that a relayout's small moves of the view (a language's
        wider panels, a dock) need no new drawing; a figure (`view_margin` 0) covers its
        view exactly. None when the view has no area in floats."""
        margin = self.view_margin
        if margin > 0:
            margin = max(margin, least)
        x0, x1, y0, y1 = self.view_range()
        mx, my = (x1 - x0) * margin, (y1 - y0) * margin
        try:
            return geometry.check_rect((x0 - mx, x1 + mx, y0 - my, y1 + my))
        except ValueError:
            return None

    def size_px(self) -> tuple[float, float]:
        """The plot's width and height in pixels."""
        return self.port.size_px()

    @property
    def scale(self) -> float:
        """The UI scale."""
        return self.port.ui_scale()

    def data_frame(self) -> Frame:
        """The data's frame: the points' bounding box with a margin (and the origin if
        kept), with room for the marks round the points at the plot's size; [−5, 5]²
        without points. Texts, the legend and the update's vectors never widen it."""
        return frame.data_frame(
            self.points,
            keep_origin=self.keep_origin or self.bias_off,
            size_px=self.size_px(),
            room_px=frame.ROOM_PX * self.scale,
        )

    def px_per_unit(self) -> tuple[float, float] | None:
        """Pixels per data unit along x and y (aspect 1: about equal); None while the plot
        or the view has no area."""
        x0, x1, y0, y1 = self.view_range()
        width, height = self.size_px()
        if width < 1 or height < 1 or not (x1 > x0 and y1 > y0):
            return None
        return width / (x1 - x0), height / (y1 - y0)

    def to_px(self, xy: ArrayLike) -> FloatArray:
        """Data points (n, 2) as pixels of the plot, from its top-left corner, y down."""
        x0, x1, y0, y1 = self.view_range()
        width, height = self.size_px()
        kx, ky = width / (x1 - x0), height / (y1 - y0)
        pts = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        return np.column_stack([(pts[:, 0] - x0) * kx, (y1 - pts[:, 1]) * ky])

    def from_px(self, px: ArrayLike) -> FloatArray:
        """Pixels of the plot (n, 2; from its top-left corner, y down) as data points."""
        x0, x1, y0, y1 = self.view_range()
        width, height = self.size_px()
        kx, ky = width / (x1 - x0), height / (y1 - y0)
        p = np.asarray(px, dtype=np.float64).reshape(-1, 2)
        return np.column_stack([x0 + p[:, 0] / kx, y1 - p[:, 1] / ky])

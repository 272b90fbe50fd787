"""Slide-ready exports: the canvas as a figure, a run as an animation, the table as text.

A figure is the canvas alone: no toolbar, no selection marks, no drag preview and no
transient verdict label. It is drawn by a `Figure`, a temporary `DataCanvas` that is
never shown on screen, sized in output pixels and configured from the window's state
(points, model, mistakes, geometry, view and View settings), so the window's own
canvas, layout and view are not touched. PNG carries the DPI as metadata only; the
SVG (1.1) clips the data to the plot area with one ``<clipPath>``, and draws nothing
past it anyway (Qt's own SVG renderer ignores clip paths).

An animation runs a *copy* of the run (a fresh trainer from the window's data and
settings): the initial state, then one frame per update, each with the narration of
its step as a caption; Pillow writes the GIF, and the optional imageio-ffmpeg (whose
wheel carries ffmpeg) an MP4.

Tables are the textbook's iteration tables of `perceptron_gui.core.tables`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGraphicsItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.canvas.markers import MarkerLayer
from perceptron_gui.app.i18n import core_text, stop_reason_name
from perceptron_gui.app.narration import narrate
from perceptron_gui.app.presenter import RunView, present_bound, present_run
from perceptron_gui.app.storage import preferences
from perceptron_gui.app.theme import LABEL_PT, TICK_PT, roomy_context_menus, theme
from perceptron_gui.app.window.dims import DimView
from perceptron_gui.core import geometry
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.model import LinearModel
from perceptron_gui.core.novikoff import Bound
from perceptron_gui.core.projection import drawn_axes, project, project_model, slice_origin
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.registry import spec
from perceptron_gui.core.tables import TableFormat, table_lines
from perceptron_gui.core.writer import writing_to_name

if TYPE_CHECKING:  # the session is only read here; Pillow is imported lazily
    from PIL.Image import Image as PILImage

    from perceptron_gui.app.controller import Controller

__all__ = [
    "DEFAULT_DPI",
    "DEFAULT_SIZE",
    "ExportError",
    "Figure",
    "FigureSettings",
    "animation_dialog",
    "check_animation",
    "copy_table",
    "export_animation",
    "export_figure",
    "export_figures",
    "export_table",
    "figure_dialog",
    "parse_size",
    "qimage_to_pil",
    "table_dialog",
    "table_format",
    "table_text",
    "write_animation",
]

#: A figure's size in output pixels when none is asked for (4:3, fits a slide).
DEFAULT_SIZE = (1200, 900)
#: The PNG's physical resolution (metadata only: the pixel size is what is asked for).
DEFAULT_DPI = 150
#: A figure is at least this, and at most `MAX_SIDE`, pixels on a side.
MIN_SIDE = 100
MAX_SIDE = 8000
#: How long a frame of an animation stays, and the last one (the answer) stays longer.
FRAME_MS = 800
LAST_FRAME_MS = 2500
#: An animation has at most this many updates (a GIF of thousands of frames helps no one).
MAX_ANIMATION_STEPS = 1000
#: The clipboard gets at most this many table rows (`Table.note` says what is left out).
CLIPBOARD_MAX_ROWS = 2000
#: Figure kinds and table formats by file extension.
FIGURE_KINDS = ("png", "svg")
ANIMATION_KINDS = ("gif", "mp4")
TABLE_FORMATS: dict[str, TableFormat] = {
    ".tex": "latex",
    ".md": "markdown",
    ".markdown": "markdown",
    ".csv": "csv",
}


class ExportError(Exception):
    """An export the user asked for cannot be made (the message says why)."""


# --------------------------------------------------------------------------- checks


def parse_size(text: str) -> tuple[int, int]:
    """``"1200x900"`` → ``(1200, 900)``; `ExportError` naming the problem otherwise."""
    m = re.fullmatch(r"\s*(\d+)\s*[x×X]\s*(\d+)\s*", text)
    if m is None:
        raise ExportError(f"bad size {text!r}: expected WxH in pixels, e.g. 1200x900")
    return check_size((int(m.group(1)), int(m.group(2))))


def check_size(size: tuple[int, int]) -> tuple[int, int]:
    """The size as two ints within `MIN_SIDE` … `MAX_SIDE`, or `ExportError`."""
    try:
        w, h = (int(v) for v in size)
    except (TypeError, ValueError):
        raise ExportError(f"bad size {size!r}: expected (width, height) in pixels") from None
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
        raise ExportError(f"bad size {w}x{h}: each side from {MIN_SIDE} to {MAX_SIDE} pixels")
    return w, h


def _kind(path: str | os.PathLike[str], kinds: tuple[str, ...]) -> str:
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in kinds:
        want = ", ".join(f".{k}" for k in kinds)
        raise ExportError(f"{Path(path).name}: unknown extension; use {want}")
    return ext


@contextmanager
def _atomic(path: str | os.PathLike[str]) -> Iterator[str]:
    """A temporary name whose contents go to `path` through the one file writer.

    A failed export leaves no half-written file (and an old file as it was).
    """
    target = Path(path)
    if not target.parent.is_dir():
        raise ExportError(f"cannot write {target}: no folder {target.parent}")
    try:
        with writing_to_name(path, target.suffix) as tmp:
            yield tmp
    except DataError as exc:
        raise ExportError(f"cannot write {target}: {exc.message}") from None
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from None


# --------------------------------------------------------------------------- the figure


@dataclass(frozen=True)
class FigureSettings:
    """What a figure shows beyond the run: the window's View settings and its view."""

    view: tuple[float, float, float, float]
    answer_first: bool = True
    show_radius: bool = False
    show_best: bool = False
    keep_origin: bool = False
    follow_line: bool = False
    anatomy: bool = False
    #: False: `view` is the window's data frame, not the user's: a figure frames the data
    #: at its own shape instead (the window's shape would leave it a band of the figure).
    view_held: bool = True


def title_text(t: Algorithm, run: str = "") -> str:
    """The figure's title: ``k = 7    w = (1, 1)    b = −3`` (no w for a kernel model).

    When the answer is not the running weights it names the answer and its weights
    (``k = 12    pocket: w = (1, 2)    b = −3``; a vote: how many vectors vote), as the
    figure draws it. `run`, when given, is a first line saying which run this is (a
    compare export's panes)."""
    m = t.model
    answer = t.answer
    parts = [f"k = {t.k}"]
    if answer is None:
        w = getattr(m, "w", None)
        parts += [*([f"w = {fmt.vector(w)}"] if w is not None else []), f"b = {fmt.sci(m.b)}"]
    elif isinstance(answer, LinearModel):
        name = core_text(t.answer_name)
        parts += [f"{name}: w = {fmt.vector(answer.w)}", f"b = {fmt.sci(answer.b)}"]
    else:  # a vote: Σ c_j sign(ŵ_j·x̂) of the vectors with a vote
        votes = int(np.count_nonzero(getattr(answer, "counts", np.zeros(0)) > 0))
        parts.append(
            QCoreApplication.translate("Figure", "{answer} of {m} vectors").format(
                answer=core_text(t.answer_name), m=votes
            )
        )
    text = "    ".join(parts).replace("-", "−")
    return f"{run}\n{text}" if run else text


#: The runs' names (as `perceptron_gui.app.compare.RUN_NAMES`, translated in "Compare").
_RUN_NAMES = ("run 1", "run 2")


def run_title(name: str, config: TrainConfig) -> str:
    """``run 1: pocket · order cyclic · η = 1 · bias on · seed 0`` and the mode's own
    settings (C, the kernel's): which run a compare export's pane is."""
    from perceptron_gui.app.compare import describe_settings

    own = [
        f"{p.name} = {v if isinstance(v := config.get(p.name), str) else fmt.fmt(v)}"
        for p in spec(config.mode).params
    ]
    text = f"{QCoreApplication.translate('Compare', name)}: {describe_settings(config)}"
    return text + "".join(f" · {o}" for o in own)


def _wrap(line: str, fm: QFontMetrics, room: float) -> list[str]:
    """`line` as few lines as fit in `room` pixels, broken between its parts (the title's
    "    " and the settings' " · " separators), never inside one."""
    if fm.horizontalAdvance(line) <= room:
        return [line]
    sep = "    " if "    " in line else " · "
    parts = line.split(sep)
    out = [parts[0]]
    for part in parts[1:]:
        joined = out[-1] + sep + part
        if fm.horizontalAdvance(joined) <= room:
            out[-1] = joined
        else:
            out.append(part)
    return out


class Figure:
    """A canvas that is never shown, drawn at a size in output pixels.

    Parameters
    ----------
    size
        (width, height) in output pixels.
    settings
        The view and the View settings to draw with.

    Notes
    -----
    Call `close` when done (or use it as a context manager): the canvas listens to
    the theme until then.
    """

    def __init__(self, size: tuple[int, int], settings: FigureSettings) -> None:
        self.size = check_size(size)
        self.settings = settings
        cv = DataCanvas()
        # Laid out at its size but never on screen (nor in the window's layout).
        cv.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        cv.follow_line = False  # the view is chosen here, once
        cv.view_margin = 0.0  # nothing drawn past the plot area, even where clips are ignored
        cv.animation_ms = 0  # a figure shows the update's end, never its slow motion
        cv.keep_origin = settings.keep_origin
        cv.set_answer_first(settings.answer_first)
        cv.show_radius(settings.show_radius)
        cv.show_best(settings.show_best)
        cv.resize(*self.size)
        cv.show()
        # Cached items would reach an SVG as bitmaps: draw every item afresh, as vectors.
        for item in cv.scene().items():
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self.canvas = cv
        self._title = ""

    def __enter__(self) -> Figure:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Drop the canvas (at once off the theme; deleted when the event loop runs)."""
        theme().changed.disconnect(self.canvas.apply_theme)
        # The legend follows its view box's geometry (pyqtgraph's anchor); deleting the
        # canvas changes that geometry while the box is half gone, and the anchor's slot
        # then raised "Internal C++ object (CanvasViewBox) already deleted".
        # Its slot does nothing once it has no anchor (pyqtgraph's private name).
        legend = self.canvas.legend
        if hasattr(legend, "_GraphicsWidgetAnchor__itemAnchor"):
            legend._GraphicsWidgetAnchor__itemAnchor = None
        self.canvas.hide()
        self.canvas.deleteLater()

    # ------------------------------------------------------------ what it shows

    def show_bound(self, bound: Bound | None, bias: bool, n: int) -> None:
        """The Novikoff geometry of `n` points (None: not computed yet, nothing drawn)."""
        present_bound(self.canvas, bound, bias, n)

    def show_run(self, t: Algorithm, current: int | None, *, bias: bool | None = None) -> None:
        """The run's state as the window draws it (without the transient verdict)."""
        cv = self.canvas
        data = t.data
        points = data.points
        view_model: Any = None
        if data.dim != 2:
            # Points in R^d: the w-aligned view of this state (the window's default view).
            axes = drawn_axes(data.points, t.w)
            origin = slice_origin(data.points, axes)
            points = project(data.points, axes)

            def view_model(model: Any) -> Any:
                return project_model(model, axes, origin)

            cv.set_axis_names(DimView.follow_names(zero=not any(t.w), dim=data.dim))

        if len(cv.points()) != data.n or not (cv.points() == points).all():
            cv.set_points(points, data.labels)
        s = self.settings
        view = RunView(
            current=current, answer_first=s.answer_first, anatomy=s.anatomy, follow=False
        )
        b = t.config.bias if bias is None else bias
        if view_model is None:
            present_run(cv, t, b, view)
        else:
            present_run(cv, t, b, view, view_model)
        self._label_clear_of_marks(current)

    def _label_clear_of_marks(self, current: int | None) -> None:
        """Move the current point's name out of its marks (the square and the update's
        ring hid it): its corner goes just past the larger ring, up and to the left."""
        names = self.canvas._name_texts  # (the canvas places names for its own marks)
        scale = theme().scale
        for i, item in enumerate(names):
            if i != current:
                item.setAnchor((1.15, 1.05))
                continue
            rect = item.boundingRect()
            reach = (30.0 if self.settings.anatomy else 18.0) * scale + 2.0
            item.setAnchor(
                (1.0 + reach / max(1.0, rect.width()), 1.0 + reach / max(1.0, rect.height()))
            )

    def ghost_only(self) -> None:
        """Of the update's picture keep the ghost of the old line and the ring (an
        animation's frame, when the window does not show the update's vectors)."""
        cv = self.canvas
        for shaft, head in cv._vectors.values():  # (the canvas has no switch for them)
            shaft.setVisible(False)
            head.setVisible(False)
        cv._anatomy_label.setVisible(False)

    def set_view(self, rect: tuple[float, float, float, float]) -> None:
        """Show (at least) this data range (the aspect ratio stays 1); the window's own
        view when it is only the data's frame: the data's frame at the figure's shape."""
        if not self.settings.view_held and rect == self.settings.view:
            rect = self.canvas.data_frame()
        self.canvas.set_view_range(*rect)

    def set_title(self, text: str) -> None:
        """A title line over the plot ("" for none)."""
        if text == self._title:
            return
        self._title = text
        plot = self.canvas.getPlotItem()
        t = theme()
        if text:
            # The title is HTML, where runs of spaces collapse to one; lines break at \n.
            # A line wider than the figure is wrapped between its parts (a compare
            # export's half panes cut both titles at "b ="), and a part still too wide
            # gets a smaller font.
            pt = t.pt(LABEL_PT)
            font = t.font(LABEL_PT)
            font.setPointSizeF(pt)  # the size the title's HTML asks for
            fm = QFontMetrics(font)
            # The title spans the plot's column (the axes' widths aside).
            room = 0.97 * (self.size[0] - plot.getAxis("left").width())
            lines = [ln for line in text.split("\n") for ln in _wrap(line, fm, room)]
            widest = max(fm.horizontalAdvance(line) for line in lines)
            if widest > room:
                pt = max(pt * room / widest, 0.6 * pt)
            html = "<br>".join(html_escape(line).replace("  ", "&nbsp;&nbsp;") for line in lines)
            plot.setTitle(html, color=t.palette.ink, size=f"{pt:.3g}pt")
            # pyqtgraph gives the title row 30 px: room for every line instead.
            height = plot.titleLabel.item.boundingRect().height()
            plot.titleLabel.setMaximumHeight(height)
            plot.layout.setRowFixedHeight(0, height)
        else:
            plot.setTitle(None)

    # ------------------------------------------------------------ rendering

    def _layout(self) -> None:
        # A title or a wider axis asks for a new layout in a posted event; do it now.
        self.canvas.getPlotItem().layout.activate()

    def plot_rect(self) -> QRectF:
        """The plot area (the data's rectangle, inside the axes) in figure pixels."""
        self._layout()
        rect: QRectF = self.canvas.getPlotItem().vb.sceneBoundingRect()  # (pyqtgraph: untyped)
        return rect

    def _fit_bottom_axis(self) -> None:
        """The x axis tall enough for its ticks and its whole title: pyqtgraph counts 0.8
        of the title's height, so in a slide's large text (a lesson's figures) the title
        x₁ sat on the tick labels."""
        ax = self.canvas.getPlotItem().getAxis("bottom")
        if not (ax.isVisible() and ax.label.isVisible() and ax.style["showValues"]):
            return
        font = ax.style.get("tickFont") or ax.font()
        need = (
            QFontMetrics(font).height()
            + ax.style["tickTextOffset"][1]
            + max(0, ax.style["tickLength"])
            + ax.label.boundingRect().height()
        )
        if need > ax.height() + 0.5:
            ax.setHeight(need)

    def _paint(self, painter: QPainter, *, background: bool = True) -> None:
        w, h = self.size
        self._fit_bottom_axis()
        self._layout()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if background:
            painter.fillRect(QRect(0, 0, w, h), theme().color("background"))
        full = QRectF(0, 0, w, h)
        self.canvas.flush()
        self.canvas.scene().render(painter, full, full, Qt.AspectRatioMode.IgnoreAspectRatio)

    def image(self, dpi: float = DEFAULT_DPI) -> QImage:
        """The figure as an image of `size` pixels, with `dpi` as its resolution."""
        w, h = self.size
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        painter = QPainter(img)
        try:
            self._paint(painter)
        finally:
            painter.end()
        # Set after painting: text is laid out for the screen, and a painter on an image
        # of another DPI would size the fonts given in points differently.
        dpm = round(float(dpi) / 0.0254)
        img.setDotsPerMeterX(dpm)
        img.setDotsPerMeterY(dpm)
        return img

    def save_png(self, path: str | os.PathLike[str], dpi: float = DEFAULT_DPI) -> None:
        """Write the figure as PNG (written whole or not at all)."""
        img = self.image(dpi)
        with _atomic(path) as tmp:
            # (PySide6 types the format as bytes, yet takes a str and refuses bytes)
            if not img.save(tmp, "PNG"):  # type: ignore[call-overload]
                raise OSError(f"Qt could not write {tmp}")

    def svg_text(self, clip_id: str = "plotArea") -> str:
        """The figure as the text of an SVG, `size` pixels, the data clipped to the plot area.

        Qt's SVG 1.1 writer leaks one item's clip into the next ones (rsvg-convert then
        hides the lines), so the figure is written in two passes without Qt's clips:
        the frame (background, axes, grid, title, legend), then the data, which goes
        into one ``<clipPath>`` of the plot area.
        """
        plot = self.canvas.getPlotItem()
        data = plot.vb.childGroup
        frame = [plot.getAxis(n) for n in ("left", "bottom")] + [plot.titleLabel]
        layers = [i for i in self.canvas.scene().items() if isinstance(i, MarkerLayer)]
        for layer in layers:
            layer.vector = True  # shapes, not bitmaps
        try:
            # An item at opacity 0 is not painted, and keeps its place in the layout.
            data.setOpacity(0.0)
            outer = self._svg_text()
            data.setOpacity(1.0)
            for item in frame:
                item.setOpacity(0.0)
            inner = self._svg_text(background=False)
        finally:
            data.setOpacity(1.0)
            for item in frame:
                item.setOpacity(1.0)
            for layer in layers:
                layer.vector = False
        r = self.plot_rect()
        clip = (
            f'<clipPath id="{clip_id}">'
            f'<rect x="{r.x():.6g}" y="{r.y():.6g}" width="{r.width():.6g}" '
            f'height="{r.height():.6g}"/></clipPath>'
        )
        w, h = self.size
        head, _, body = outer.partition("<defs>")
        body, _, _ = body.rpartition("</svg>")
        inner_body = inner.partition("</defs>")[2].rpartition("</svg>")[0]
        head = _declare_pixels(head, w, h)
        # Clip paths are SVG 1.1, not SVG Tiny 1.2 (what Qt declares).
        head = head.replace('version="1.2" baseProfile="tiny"', 'version="1.1"')
        return (
            f"{head}<defs>\n{clip}{body}"
            f'<g clip-path="url(#{clip_id})">{_flatten_strokes(inner_body)}</g>\n</svg>\n'
        )

    def _svg_text(self, *, background: bool = True) -> str:
        """What is painted now, as the text of an SVG (Qt's SVG Tiny 1.2: no clips)."""
        w, h = self.size
        buf = QBuffer()
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        gen = QSvgGenerator()
        gen.setOutputDevice(buf)
        gen.setSize(QSize(w, h))
        gen.setViewBox(QRect(0, 0, w, h))
        # The resolution the text was laid out at, so fonts in points keep their size.
        gen.setResolution(self.canvas.logicalDpiY())
        gen.setTitle(self._title or "perceptron-gui figure")
        gen.setDescription("the perceptron's data and line, drawn by perceptron-gui")
        painter = QPainter(gen)
        try:
            self._paint(painter, background=background)
        finally:
            ok = painter.end()
        if not ok:
            raise ExportError("Qt could not write the SVG")
        return bytes(buf.data().data()).decode("utf-8")


def _declare_pixels(text: str, w: int, h: int) -> str:
    """Declare the SVG's size in pixels in its head (Qt writes mm at its resolution).

    In pixels, a browser, Inkscape, rsvg-convert and Qt's renderer all draw it at the
    size of the PNG; LaTeX scales it to the width asked for anyway.
    """
    text = re.sub(r'<svg width="[^"]*"', f'<svg width="{w}"', text, count=1)
    return re.sub(r'(<svg [^>]*?)height="[^"]*"', rf'\g<1>height="{h}"', text, count=1)


_GROUP = re.compile(r'(<g [^>]*?)transform="matrix\(([^)]*)\)"([^>]*>)(.*?)(</g>)', re.DOTALL)
_PAIR = re.compile(r"(-?[0-9.]+(?:e[-+]?[0-9]+)?),(-?[0-9.]+(?:e[-+]?[0-9]+)?)")
_SHAPES_ONLY = re.compile(r"\s*(?:<(?:path|polyline|polygon) [^>]*/>\s*)*")


def _flatten_strokes(text: str) -> str:
    """Move lines drawn in data coordinates to pixels, so their width is in pixels.

    Qt writes a line in data coordinates with ``vector-effect="non-scaling-stroke"``
    (a width in pixels whatever the zoom); rsvg-convert and Inkscape ignore that and
    scale the width by the data transform. Groups of plain paths and polygons with such
    strokes get their points mapped to pixels and an identity transform instead.
    """

    def flatten(m: re.Match[str]) -> str:
        body = m.group(4)
        if "non-scaling-stroke" not in body or not _SHAPES_ONLY.fullmatch(body):
            return m.group(0)
        a, b, c, d, e, f = (float(v) for v in m.group(2).split(","))

        def point(p: re.Match[str]) -> str:
            x, y = float(p.group(1)), float(p.group(2))
            return f"{a * x + c * y + e:.6g},{b * x + d * y + f:.6g}"

        def coords(attr: re.Match[str]) -> str:
            return attr.group(1) + _PAIR.sub(point, attr.group(2)) + '"'

        body = re.sub(r'( (?:d|points)=")([^"]*)"', coords, body)
        body = body.replace('vector-effect="non-scaling-stroke"', 'vector-effect="none"')
        return f'{m.group(1)}transform="matrix(1,0,0,1,0,0)"{m.group(3)}{body}{m.group(5)}'

    return _GROUP.sub(flatten, text)


#: By default an export's tick labels are a font this part of the figure's height (its
#: digits stand about 16 px tall in a 900 px high figure: readable on a slide).
TICK_FONT_SHARE = 0.025
#: The fonts of an export are sized for this resolution (Qt's logical DPI offscreen).
FIGURE_LOGICAL_DPI = 96.0


def text_scale(height: int, requested: float | None = None) -> float:
    """How much larger than on screen an export's text is drawn.

    None: enough for the tick labels' font to be `TICK_FONT_SHARE` of `height` (never
    smaller than on screen); else `requested` times the screen's size (0.5 … 6).
    """
    if requested is not None:
        r = float(requested)
        if not 0.5 <= r <= 6.0:
            raise ExportError(f"bad text scale {requested}: from 0.5 to 6")
        return r
    tick_px = TICK_PT * theme().scale * FIGURE_LOGICAL_DPI / 72.0
    return max(1.0, TICK_FONT_SHARE * height / tick_px)


def _check_dpi(dpi: float) -> None:
    if not 10 <= float(dpi) <= 10000:
        raise ExportError(f"bad resolution {dpi} dpi: from 10 to 10000")


def _draw_state(fig: Figure, c: Controller, *, title: bool, run: str = "") -> None:
    """A controller's state on a figure, with the window's view (`run`: which run it is,
    a first title line)."""
    fig.show_bound(None if c.bound_pending else c.bound, c.config.bias, c.data.n)
    fig.show_run(c.trainer, c.current)
    if title:
        fig.set_title(title_text(c.trainer, run))
    fig.set_view(fig.settings.view)


def export_figure(
    c: Controller,
    settings: FigureSettings,
    path: str | os.PathLike[str],
    size: tuple[int, int] = DEFAULT_SIZE,
    *,
    title: bool = False,
    dpi: float = DEFAULT_DPI,
    scale: float | None = None,
    second: Controller | None = None,
) -> None:
    """The session's canvas as a figure, PNG or SVG by the file name, drawn with the
    window's view and View `settings`.

    `scale`: the text's size (None: slide-ready, see `text_scale`). `second`: compare
    mode's second run, drawn at the right of the first, each half of `size`, with the
    same data range.

    Raises
    ------
    ExportError
        Bad size, unknown extension, or the file cannot be written.
    """
    export_figures(c, settings, [path], size, title=title, dpi=dpi, scale=scale, second=second)


def export_figures(
    c: Controller,
    settings: FigureSettings,
    paths: Sequence[str | os.PathLike[str]],
    size: tuple[int, int] = DEFAULT_SIZE,
    *,
    title: bool = False,
    dpi: float = DEFAULT_DPI,
    scale: float | None = None,
    second: Controller | None = None,
) -> None:
    """`export_figure` to several files (a PNG and an SVG, say) drawn once: one canvas
    made and laid out for all of them. Raises as `export_figure`."""
    kinds = [_kind(path, FIGURE_KINDS) for path in paths]
    _check_dpi(dpi)
    w, h = check_size(size)
    factor = text_scale(h, scale)
    runs = [c] if second is None else [c, second]
    part = (w // len(runs), h)
    if second is not None:
        check_size(part)
    with theme().quietly_scaled(factor):
        figs = [Figure(part, settings) for _ in runs]
        try:
            for i, (fig, run) in enumerate(zip(figs, runs, strict=True)):
                # Two panes: each says which run it is (its mode and settings).
                name = "" if second is None else run_title(_RUN_NAMES[i], run.config)
                _draw_state(fig, run, title=title or second is not None, run=name)
            for kind, path in zip(kinds, paths, strict=True):
                if kind == "svg":
                    _write_svgs(path, figs, (w, h))
                elif second is None:
                    figs[0].save_png(path, dpi)
                else:
                    _write_side_by_side(path, figs, (w, h), dpi)
        finally:
            for fig in figs:
                fig.close()


def _write_side_by_side(
    path: str | os.PathLike[str], figs: list[Figure], size: tuple[int, int], dpi: float
) -> None:
    w, h = size
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(theme().color("background"))
    painter = QPainter(img)
    try:
        x = 0
        for fig in figs:
            painter.drawImage(QPoint(x, 0), fig.image(dpi))
            x += fig.size[0]
    finally:
        painter.end()
    dpm = round(float(dpi) / 0.0254)
    img.setDotsPerMeterX(dpm)
    img.setDotsPerMeterY(dpm)
    with _atomic(path) as tmp:
        # (PySide6 types the format as bytes, yet takes a str and refuses bytes)
        if not img.save(tmp, "PNG"):  # type: ignore[call-overload]
            raise OSError(f"Qt could not write {tmp}")


def _write_svgs(path: str | os.PathLike[str], figs: list[Figure], size: tuple[int, int]) -> None:
    """One figure's SVG as it is; two side by side, each a nested ``<svg>`` of its own."""
    if len(figs) == 1:
        text = figs[0].svg_text()
    else:
        w, h = size
        parts = []
        x = 0
        for i, fig in enumerate(figs):
            inner = fig.svg_text(clip_id=f"plotArea{i + 1}")
            inner = inner[inner.index("<svg") :]  # no XML declaration inside
            fw, _ = fig.size
            inner = inner.replace("<svg ", f'<svg x="{x}" y="0" ', 1)
            parts.append(inner)
            x += fw
        text = (
            '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            f'<svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" version="1.1" '
            'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\n'
            + "".join(parts)
            + "</svg>\n"
        )
    with _atomic(path) as tmp:
        Path(tmp).write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- animation


@dataclass(frozen=True)
class _Frame:
    model: LinearModel
    current: int | None
    caption: str


def _frames(t: Algorithm, steps: int) -> Iterator[_Frame]:
    """The state at the start, then one frame per update (fewer if the run ends first),
    then a last frame that says how the run ended, or that it goes on."""
    yield _Frame(t.model, None, narrate(t))
    for _ in range(steps):
        rec = t.step()
        if rec is None:
            break
        yield _Frame(t.model, rec.index, narrate(t))
    # Whether the run ends here: a step more would find no mistake (the last frame's
    # state is not changed by a step that finds none).
    if not t.done:
        k, model = t.k, t.model
        rec = t.step()
        if rec is not None or t.k != k:
            yield _Frame(model, None, ending_text(t, goes_on=True, k=k))
            return
    yield _Frame(t.model, None, ending_text(t))


def ending_text(t: Algorithm, *, goes_on: bool = False, k: int | None = None) -> str:
    """The animation's last caption: converged, where it stopped, or that it goes on."""
    k = t.k if k is None else k
    if goes_on:
        text = QCoreApplication.translate("Export", "k = {k}: the run goes on after this")
        return text.format(k=k)
    if t.stop_reason == "converged":
        text = QCoreApplication.translate(
            "Export", "converged after {k} updates: every point is on its side"
        )
        return text.format(k=k)
    text = QCoreApplication.translate("Export", "stopped after {k} updates: {reason}")
    return text.format(k=k, reason=stop_reason_name(str(t.stop_reason or "")))


def counter_text(t: Algorithm) -> str:
    """The k counter over each frame: ``k = 3``, with the mistakes when they differ."""
    mistakes_ = int(getattr(t, "mistakes", t.k))
    if mistakes_ != t.k:
        return QCoreApplication.translate("Export", "k = {k}   mistakes: {m}").format(
            k=t.k, m=mistakes_
        )
    return f"k = {t.k}"


def _frame_view(fig: Figure, m: LinearModel) -> tuple[float, float, float, float]:
    """The window's view, or (following the line, as the window does) the data's frame
    grown towards a line that would not cross it; the next frame starts from the window's
    view again, so one far line does not shrink every frame's points to a dot."""
    s = fig.settings
    view = s.view if s.view_held else fig.canvas.data_frame()  # (the data's, at its shape)
    if not s.follow_line or not isinstance(m, LinearModel) or m.is_zero:
        return view
    try:
        return geometry.follow_line(m.w, m.b, view, fig.canvas.data_frame(), s.keep_origin)
    except ValueError:  # beyond what can be drawn: the frame shows the edge arrow
        return view


def _caption_font_pt(width: int) -> float:
    """Captions scale with the frame (readable in a slide), in unscaled points."""
    return max(TICK_PT, TICK_PT * width / 1000)


def qimage_to_pil(img: QImage) -> PILImage:  # (Pillow is imported lazily)
    """A frame drawn with Qt as the Pillow image `write_animation` takes."""
    from PIL import Image

    rgb = img.convertToFormat(QImage.Format.Format_RGB888)
    size = (rgb.width(), rgb.height())
    raw = bytes(rgb.constBits())
    return Image.frombuffer("RGB", size, raw, "raw", "RGB", rgb.bytesPerLine(), 1).copy()


def _started(c: Controller, start: int | None) -> Algorithm:
    """A fresh trainer on the session's data and settings, at update `start` (None: the
    window's current update)."""
    t = make_trainer(c.data, c.config)
    k = c.trainer.k if start is None else int(start)
    if k < 0:
        raise ExportError(f"bad start {start}: 0 or more updates")
    if k:
        t.seek_update(k)
    return t


def export_animation(
    c: Controller,
    settings: FigureSettings,
    path: str | os.PathLike[str],
    steps: int,
    *,
    size: tuple[int, int] = DEFAULT_SIZE,
    frame_ms: int = FRAME_MS,
    last_ms: int = LAST_FRAME_MS,
    start: int | None = None,
    scale: float | None = None,
) -> int:
    """A GIF (or MP4) of a run on a copy of the window's data and settings.

    Returns the number of frames.

    The first frame is the state after update `start` (None: the window's current
    update; 0: the beginning), then one per update: `steps` updates K+1 … K+`steps`,
    fewer if the run ends first; then a last frame that says the run converged, where
    it stopped, or that it goes on. Each frame has a k counter over the plot, the
    ghost of the line before its update (and the update's vectors when the window
    shows them) and, under it, the narration of its step. `size` is the whole frame,
    caption included. The window's own run is not touched. An MP4 (by the name) needs
    the optional imageio-ffmpeg, whose wheel carries its own ffmpeg, and even sides.

    Raises
    ------
    ExportError
        Bad size, start or steps, unknown extension, or the file cannot be written.
    """
    w, h = check_animation(path, size, frame_ms, last_ms)
    steps = int(steps)
    if not 0 <= steps <= MAX_ANIMATION_STEPS:
        raise ExportError(f"bad steps {steps}: from 0 to {MAX_ANIMATION_STEPS} updates")
    frames = list(_frames(_started(c, start), steps))
    factor = text_scale(h, scale)

    t = theme()
    font = t.font(_caption_font_pt(w))
    pad = max(4, round(font.pointSizeF() * 0.6))
    fm = QFontMetrics(font)
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop) | int(
        Qt.TextFlag.TextWordWrap
    )
    text_w = w - 2 * pad
    # (a Chinese caption's words kept whole where it wraps, as the window's texts)
    captions = [fmt.glue_words(f.caption) for f in frames]
    caption_h = 2 * pad + max(
        fm.boundingRect(QRect(0, 0, text_w, 10 * h), flags, text).height() for text in captions
    )
    plot_h = h - caption_h
    if plot_h < MIN_SIDE:
        raise ExportError(f"bad size {w}x{h}: too small for the captions; try a larger one")

    images: list[PILImage] = []
    # Every update frame shows the ghost of the line before it; the vectors only when
    # the window shows them.
    ghost = replace(settings, anatomy=True)
    with t.quietly_scaled(factor), Figure((w, plot_h), ghost) as fig:
        fig.show_bound(None if c.bound_pending else c.bound, c.config.bias, c.data.n)
        run = _started(c, start)
        for i, f in enumerate(frames):
            if 0 < i < len(frames) - 1:
                run.step()
            fig.show_run(run, f.current)
            if not settings.anatomy:
                fig.ghost_only()
            fig.set_title(counter_text(run))
            fig.set_view(_frame_view(fig, f.model))
            img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
            painter = QPainter(img)
            try:
                painter.fillRect(QRect(0, 0, w, h), t.color("background"))
                painter.drawImage(QPoint(0, 0), fig.image())
                painter.setPen(QColor(t.palette.ink))
                painter.setFont(font)
                box = QRect(pad, plot_h + pad, text_w, caption_h - 2 * pad)
                painter.drawText(box, flags, captions[i])
            finally:
                painter.end()
            images.append(qimage_to_pil(img))
    durations = [int(frame_ms)] * (len(images) - 1) + [int(last_ms)]
    write_animation(path, images, durations)
    return len(images)


def check_animation(
    path: str | os.PathLike[str], size: tuple[int, int], frame_ms: int, last_ms: int
) -> tuple[int, int]:
    """The checks every animation makes before drawing a frame: its kind by the name
    (GIF, or MP4 with imageio-ffmpeg and even sides), its size, its frame durations and
    Pillow; returns the size.

    Raises
    ------
    ExportError
        What is wrong, in a sentence.
    """
    kind = _kind(path, ANIMATION_KINDS)
    w, h = check_size(size)
    if kind == "mp4":
        try:
            import imageio_ffmpeg  # noqa: F401
        except ImportError:
            raise ExportError(
                "MP4 needs imageio-ffmpeg (pip install imageio-ffmpeg); GIF works without"
            ) from None
        if w % 2 or h % 2:
            raise ExportError(f"bad size {w}x{h} for an MP4: H.264 needs even sides")
    if not (20 <= int(frame_ms) <= 60000 and 20 <= int(last_ms) <= 60000):
        raise ExportError("bad frame duration: from 20 to 60000 ms")
    try:
        from PIL import Image  # noqa: F401
    except ImportError:
        raise ExportError("animations need Pillow: pip install Pillow") from None
    return w, h


def write_animation(
    path: str | os.PathLike[str], images: Sequence[PILImage], durations: Sequence[int]
) -> None:
    """Write the frames as a GIF or an MP4 (by the name), each for its duration in ms;
    no half-written file when it fails (`ExportError`)."""
    kind = _kind(path, ANIMATION_KINDS)
    with _atomic(path) as tmp:
        if kind == "mp4":
            _write_mp4(tmp, list(images), list(durations))
        else:
            images[0].save(
                tmp,
                format="GIF",
                save_all=True,
                append_images=list(images[1:]),
                duration=list(durations),
                loop=0,
            )


#: An MP4 shows each frame for a whole number of 1/`MP4_FPS` s.
MP4_FPS = 10


def _write_mp4(path: str, images: list[PILImage], durations: list[int]) -> None:
    """H.264 with the ffmpeg that the imageio-ffmpeg wheel ships (no system ffmpeg)."""
    import imageio_ffmpeg
    import numpy as np

    w, h = images[0].size
    writer = imageio_ffmpeg.write_frames(
        path,
        (w, h),
        fps=MP4_FPS,
        codec="libx264",
        pix_fmt_out="yuv420p",
        macro_block_size=1,  # the size is even (checked): no rescaling
        output_params=["-movflags", "+faststart"],
    )
    writer.send(None)  # start ffmpeg
    try:
        for img, ms in zip(images, durations, strict=True):
            frame = np.ascontiguousarray(np.asarray(img.convert("RGB")))
            for _ in range(max(1, round(ms * MP4_FPS / 1000))):
                writer.send(frame)
    except (OSError, RuntimeError) as exc:
        raise ExportError(f"ffmpeg could not write the MP4: {exc}") from None
    finally:
        writer.close()


# --------------------------------------------------------------------------- tables


def table_format(path: str | os.PathLike[str]) -> TableFormat:
    """The table format a file name asks for (.tex, .md, .csv), or `ExportError`."""
    ext = Path(path).suffix.lower()
    if ext not in TABLE_FORMATS:
        raise ExportError(f"{Path(path).name}: unknown extension; use .tex, .md or .csv")
    return TABLE_FORMATS[ext]


def table_headers() -> dict[str, str]:
    """The tables' word column titles in the window's language (`core.tables.HEADER_WORDS`)."""
    return {
        "misclassified point": QCoreApplication.translate("Export", "misclassified point"),
        "points summed": QCoreApplication.translate("Export", "points summed"),
    }


def table_text(t: Algorithm, format: TableFormat, max_rows: int | None = CLIPBOARD_MAX_ROWS) -> str:
    """The run's iteration table in the textbook's layout, as LaTeX, Markdown or CSV."""
    return "".join(table_lines(format, t.data, t, max_rows=max_rows, headers=table_headers()))


def copy_table(t: Algorithm, format: TableFormat) -> str:
    """Put the iteration table on the clipboard (at most `CLIPBOARD_MAX_ROWS` updates)."""
    text = table_text(t, format)
    QGuiApplication.clipboard().setText(text)
    return text


def export_table(t: Algorithm, path: str | os.PathLike[str]) -> None:
    """Write every row of the iteration table; the format by the file name.

    Raises
    ------
    ExportError
        Unknown extension, or the file cannot be written.
    """
    fmt_ = table_format(path)
    with _atomic(path) as tmp, open(tmp, "w", encoding="utf-8", newline="") as f:
        f.writelines(table_lines(fmt_, t.data, t, headers=table_headers()))


# --------------------------------------------------------------------------- dialogs


def _spin(lo: int, hi: int, value: int, suffix: str = "") -> QSpinBox:
    s = QSpinBox()
    s.setRange(lo, hi)
    s.setValue(value)
    s.setSuffix(suffix)
    return s


class ExportDialog(QDialog):
    """Size (and DPI and title, or steps) of a figure or an animation."""

    def __init__(self, parent: QWidget | None, *, animation: bool) -> None:
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle(
            self.tr("Export an animation") if animation else self.tr("Export the figure")
        )
        form = QFormLayout()
        self.width_box = _spin(MIN_SIDE, MAX_SIDE, DEFAULT_SIZE[0], " px")
        self.height_box = _spin(MIN_SIDE, MAX_SIDE, DEFAULT_SIZE[1], " px")
        form.addRow(self.tr("Width"), self.width_box)
        form.addRow(self.tr("Height"), self.height_box)
        self.dpi_box = _spin(10, 10000, DEFAULT_DPI, " dpi")
        self.dpi_box.setToolTip(self.tr("The PNG's resolution (metadata only) and the SVG's size"))
        self.title_box = QCheckBox(self.tr("Title: k, w and b"))
        self.steps_box = _spin(0, MAX_ANIMATION_STEPS, 10, self.tr(" updates"))
        self.steps_box.setToolTip(self.tr("Frames: the initial state, then one per update"))
        self.frame_box = _spin(20, 60000, FRAME_MS, " ms")
        self.frame_box.setToolTip(self.tr("How long each frame stays (the last one stays longer)"))
        if animation:
            form.addRow(self.tr("Steps"), self.steps_box)
            form.addRow(self.tr("Frame"), self.frame_box)
        else:
            form.addRow(self.tr("Resolution"), self.dpi_box)
            form.addRow("", self.title_box)
        sb = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(sb.Ok | sb.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self._key = "export/animation/" if animation else "export/figure/"
        self._restore()
        self.accepted.connect(self._remember)
        roomy_context_menus(self)  # (a field's right-click menu: rows 24 px, WCAG 2.5.8)

    def _boxes(self) -> dict[str, QSpinBox]:
        return {
            "width": self.width_box,
            "height": self.height_box,
            "dpi": self.dpi_box,
            "steps": self.steps_box,
            "frame": self.frame_box,
        }

    def _restore(self) -> None:
        """The last choices (size, resolution, title, frame) from the settings file."""
        prefs = preferences()
        for name, box in self._boxes().items():
            value = prefs.value(self._key + name)
            if value is not None and name != "steps":  # steps follow the run
                try:
                    box.setValue(int(value))
                except (TypeError, ValueError):
                    pass
        self.title_box.setChecked(str(prefs.value(self._key + "title", "false")) == "true")

    def _remember(self) -> None:
        prefs = preferences()
        for name, box in self._boxes().items():
            prefs.setValue(self._key + name, box.value())
        prefs.setValue(self._key + "title", "true" if self.title_box.isChecked() else "false")
        prefs.sync()

    @property
    def size_px(self) -> tuple[int, int]:
        """The chosen (width, height)."""
        return self.width_box.value(), self.height_box.value()


class FigureChoice(NamedTuple):
    """What the figure dialog asked for."""

    path: str
    size: tuple[int, int]
    title: bool
    dpi: float


class AnimationChoice(NamedTuple):
    """What the animation dialog asked for."""

    path: str
    steps: int
    size: tuple[int, int]
    frame_ms: int


def _accepted_then_named(dlg: ExportDialog, title: str, name: str, filters: str) -> str | None:
    """Run the settings dialog, then ask for the file; None when either is cancelled."""
    if dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    path, _ = QFileDialog.getSaveFileName(dlg.parentWidget(), title, in_last_dir(name), filters)
    if path:
        remember_dir(path)
    return path or None


#: The settings key of the folder the export dialogs last wrote to.
LAST_DIR_KEY = "export/last_dir"


def in_last_dir(name: str) -> str:
    """`name` in the folder the last export went to (the working folder the first time)."""
    folder = preferences().value(LAST_DIR_KEY)
    if folder and Path(str(folder)).is_dir():
        return str(Path(str(folder)) / name)
    return name


def remember_dir(path: str) -> None:
    """Remember the folder of `path` for the next export dialog."""
    prefs = preferences()
    prefs.setValue(LAST_DIR_KEY, str(Path(path).resolve().parent))
    prefs.sync()


def figure_dialog(parent: QWidget) -> FigureChoice | None:
    """File ▸ Export ▸ Figure…: size, DPI, title, then the file (None: cancelled)."""
    dlg = ExportDialog(parent, animation=False)
    path = _accepted_then_named(
        dlg,
        QCoreApplication.translate("ExportDialog", "Export the figure"),
        "figure.png",
        "PNG (*.png);;SVG (*.svg)",
    )
    if path is None:
        return None
    return FigureChoice(path, dlg.size_px, dlg.title_box.isChecked(), dlg.dpi_box.value())


def animation_dialog(parent: QWidget, steps: int) -> AnimationChoice | None:
    """File ▸ Export ▸ Animation…: size, steps (`steps` at first), frame duration, then the
    file (None: cancelled)."""
    dlg = ExportDialog(parent, animation=True)
    dlg.steps_box.setValue(max(1, min(MAX_ANIMATION_STEPS, steps)))
    path = _accepted_then_named(
        dlg,
        QCoreApplication.translate("ExportDialog", "Export an animation"),
        "run.gif",
        "Animated GIF (*.gif);;MP4 video (*.mp4)",
    )
    if path is None:
        return None
    return AnimationChoice(path, dlg.steps_box.value(), dlg.size_px, dlg.frame_box.value())


def table_dialog(parent: QWidget) -> str | None:
    """File ▸ Export ▸ Table…: LaTeX, Markdown or CSV by the file name (None: cancelled)."""
    path, chosen = QFileDialog.getSaveFileName(
        parent,
        QCoreApplication.translate("ExportDialog", "Export the iteration table"),
        in_last_dir("updates.tex"),
        "LaTeX (*.tex);;Markdown (*.md);;CSV (*.csv)",
    )
    if not path:
        return None
    remember_dir(path)
    if not Path(path).suffix:
        path += {"LaTeX": ".tex", "Markdown": ".md", "CSV": ".csv"}[chosen.split(" ")[0]]
    return path

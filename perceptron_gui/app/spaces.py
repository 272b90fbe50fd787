"""The augmented space and the weight space, drawn beside the canvas and linked to it.

Two docks (View ▸ Augmented space, View ▸ Weight space; hidden until asked for) draw
what `core.spaces` computes for the run on screen, at the timeline's position:

* the augmented view: the points lifted to z = 1, the plane ŵ·x̂ = 0 through the origin
  and its cut with z = 1 (the canvas's line), ŵ as an arrow, the last update as the
  vector sum old ŵ + step = new ŵ, the ball of radius D and û*;
* the weight view: each point's constraint y ŵ·x̂ = 0 (a great circle of a sphere round
  the origin, hatched on its allowed side; a line with the bias off), the feasible cone
  sampled as dots, the path ŵ_0 … ŵ_k walking into it, the broken constraints in the
  mistake colour.

Both are an orthographic projection drawn with QPainter (no OpenGL: the same pixels
offscreen, in CI and in exports). Drag to turn, double-click to reset, the buttons for
the start view and "look down the z axis". The geometry is laid out when the run or the
camera changes, never in the paint event.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.accessibility import show_as_chart
from perceptron_gui.app.compare import RUN_NAMES
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.export import (
    FRAME_MS,
    LAST_FRAME_MS,
    MAX_ANIMATION_STEPS,
    ExportError,
    check_animation,
    counter_text,
    in_last_dir,
    qimage_to_pil,
    remember_dir,
    write_animation,
)
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.panels.common import RunFrameGate
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import ANNOTATION_PT, roomy, theme
from perceptron_gui.app.window.actions import translate
from perceptron_gui.core import spaces as sp
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.registry import spec

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.app.window.panes import PanelSlot
    from perceptron_gui.core.protocol import Algorithm

Qt = QtCore.Qt
#: The kinds of view, by the name scripts and lessons use.
KINDS = ("augmented", "weights")
#: A drag of one pixel turns the camera by this many degrees.
DEGREES_PER_PX = 0.5
#: Exported pictures' size (pixels) when the view has none of its own yet.
EXPORT_SIZE = (1200, 900)
#: The weight view draws at most this many points' planes.
MAX_CONSTRAINTS = 200
#: The theme colour of compare mode's second run (the bound plot's too).
SECOND_ROLE = "positive"
#: A constraint within this many pixels of the pointer is the one the tooltip names.
HOVER_PX = 6.0


@dataclass
class _Drawing:
    """What a paint draws, in pixels: laid out by `SpaceView._layout`."""

    polygons: list[tuple[QtGui.QPolygonF, QtGui.QColor, QtGui.QColor | None]] = field(
        default_factory=list
    )
    lines: list[tuple[QtGui.QPolygonF, QtGui.QPen]] = field(default_factory=list)
    # From, to, colour, label, and the side of the arrow the label sits on (+1 left, −1 right).
    arrows: list[tuple[QtCore.QPointF, QtCore.QPointF, QtGui.QColor, str, int]] = field(
        default_factory=list
    )
    dots: list[tuple[QtCore.QPointF, float, QtGui.QColor, QtGui.QColor | None]] = field(
        default_factory=list
    )
    texts: list[tuple[QtCore.QPointF, str, QtGui.QColor]] = field(default_factory=list)
    # Compare mode's legend, bottom right: each run's name and the pen its ŵ is drawn with.
    legend: list[tuple[str, QtGui.QPen]] = field(default_factory=list)
    # Hover: each constraint's or point's drawn polyline and what the tooltip says.
    hover: list[tuple[np.ndarray[Any, Any], str]] = field(default_factory=list)


class SpaceView(QtWidgets.QWidget):
    """One of the two views: ``kind`` is "augmented" or "weights"."""

    def __init__(self, window: MainWindow, kind: str) -> None:
        super().__init__()
        assert kind in KINDS
        self.kind = kind
        self.window_ = window
        self.controller: Controller = window.controller
        self.setObjectName(f"{kind}View")
        self.setMinimumSize(220, 200)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        show_as_chart(self)  # (read as a chart, described in words: `describe`)
        self.camera = sp.Camera()
        self._drag: QtCore.QPointF | None = None
        self._drawing = _Drawing()
        self._note = ""
        self._scene: sp.AugmentedScene | sp.WeightScene | None = None
        # Compare mode: the second run, and its scene (None outside compare mode, or when
        # its ŵ cannot be drawn in this view: then `_second_note` says why).
        self._second: Controller | None = None
        self._second_gate = RunFrameGate(self, self._on_changed)
        self._second_scene: sp.AugmentedScene | sp.WeightScene | None = None
        self._second_note = ""
        self._scale = 1.0
        #: The labels' boxes as last drawn (widget pixels), for the tests.
        self._placed: list[QtCore.QRectF] = []
        #: The projected extent `_fit` shows instead of its points' own (an animation's
        #: frame, the same for every frame: see `export_animation`), and the last one fitted.
        self._fixed_extent: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None = None
        self._fitted_extent: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None = None
        self.reset_button = named(QtWidgets.QToolButton(self), f"{kind}ResetButton")
        self.reset_button.clicked.connect(self.reset_camera)
        self.top_button = named(QtWidgets.QToolButton(self), f"{kind}TopButton")
        self.top_button.clicked.connect(self.look_down_z)
        # The context menu: the view as a figure or as an animation of the run.
        self.menu = QtWidgets.QMenu(self)
        roomy(self.menu)  # (rows 24 px high: WCAG 2.5.8)
        self.export_action = named(QtGui.QAction(self), f"{kind}ExportAction")
        self.export_action.triggered.connect(self.export_dialog)
        self.animation_action = named(QtGui.QAction(self), f"{kind}ExportAnimationAction")
        self.animation_action.triggered.connect(self.animation_dialog)
        self.menu.addActions([self.export_action, self.animation_action])
        bar = QtWidgets.QHBoxLayout()
        bar.setContentsMargins(4, 4, 4, 4)
        bar.addWidget(self.reset_button)
        bar.addWidget(self.top_button)
        bar.addStretch(1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addStretch(1)
        self.controller.changed.connect(RunFrameGate(self, self._on_changed).on_changed)
        theme().changed.connect(self.refresh)
        # The line at z = 1 is the canvas's: clipped to its view, so a new view redraws it
        # (once per turn of the event loop, however many range changes a frame makes).
        self._view_timer = QtCore.QTimer(self)
        self._view_timer.setSingleShot(True)
        self._view_timer.setInterval(0)
        self._view_timer.timeout.connect(self.refresh)
        if kind == "augmented":
            window.canvas.getViewBox().sigRangeChanged.connect(self._on_view_changed)
        self.retranslate()

    # ---------------------------------------------------------------- camera

    def reset_camera(self) -> None:
        """Back to the start view (also double-click, or Home while the view has focus)."""
        self.set_camera(sp.Camera())

    def look_down_z(self) -> None:
        """Look straight down the z (or b) axis: the augmented view then shows the canvas."""
        self.set_camera(sp.Camera(sp.TOP_AZIMUTH, sp.TOP_ELEVATION))

    def set_camera(self, camera: sp.Camera) -> None:
        self.camera = camera
        self._layout()
        self.update()

    #: Keys of the view while it has the focus (Home: the start view; Z: down the z axis).
    _KEYS = {Qt.Key.Key_Home: "reset_camera", Qt.Key.Key_Z: "look_down_z"}

    def event(self, event: QtCore.QEvent) -> bool:
        # With the focus here, Home turns the view back (not the window's Reset of the run).
        if event.type() == QtCore.QEvent.Type.ShortcutOverride:
            assert isinstance(event, QtGui.QKeyEvent)
            if event.key() in self._KEYS and not event.modifiers():
                event.accept()
                return True
        return super().event(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt override)
        name = self._KEYS.get(Qt.Key(event.key())) if not event.modifiers() else None
        if name is None:
            super().keyPressEvent(event)
            return
        getattr(self, name)()

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            self._drag = event.position()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        pos = event.position()
        if self._drag is not None and event.buttons() & Qt.MouseButton.LeftButton:
            d = pos - self._drag
            self._drag = pos
            bias_off = self.kind == "weights" and not self.controller.config.bias
            if not bias_off:  # the plane (w1, w2) is seen from above only
                self.set_camera(self.camera.turned(-d.x() * DEGREES_PER_PX, d.y() * DEGREES_PER_PX))
            return
        self.setToolTip(self._hover_text(pos))
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        self._drag = None
        super().mouseReleaseEvent(event)

    def contextMenuEvent(self, event: QtGui.QContextMenuEvent) -> None:  # noqa: N802
        self.menu.exec(event.globalPos())

    def export_dialog(self) -> None:
        """Asks for a PNG or SVG file, then writes the view there (`export_space_view`)."""
        path = self._ask(self.export_action, ".png", "PNG (*.png);;SVG (*.svg)")
        if path:
            self.window_.export_space_view(self.kind, path)

    def animation_dialog(self) -> None:
        """Asks for a GIF or MP4 file, then writes the run's animation there."""
        path = self._ask(self.animation_action, ".gif", "Animated GIF (*.gif);;MP4 video (*.mp4)")
        if path:
            self.window_.export_space_animation(self.kind, path)

    def _ask(self, action: QtGui.QAction, suffix: str, filters: str) -> str:
        """The file the user names in a save dialog titled as `action` ("" if none), in
        the folder of the last export, offered as ``<kind><suffix>``."""
        path, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, action.text().rstrip("…"), in_last_dir(self.kind + suffix), filters
        )
        if path:
            remember_dir(path)
        return str(path)

    def mouseDoubleClickEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802
        self.reset_camera()

    def _hover_text(self, pos: QtCore.QPointF) -> str:
        best, text = HOVER_PX, ""
        p = np.array([pos.x(), pos.y()])
        for poly, label in self._drawing.hover:
            if poly.shape[0] == 1:
                d = float(np.hypot(*(poly[0] - p)))
            else:
                a, b = poly[:-1], poly[1:]
                ab = b - a
                t = np.clip(((p - a) * ab).sum(1) / np.maximum((ab * ab).sum(1), 1e-12), 0, 1)
                d = float(np.min(np.hypot(*(a + t[:, None] * ab - p).T)))
            if d < best:
                best, text = d, label
        return text

    # ------------------------------------------------------------------ state

    def retranslate(self) -> None:
        self.export_action.setText(self.tr("Export the view…"))
        self.animation_action.setText(self.tr("Export an animation of the run…"))
        self.reset_button.setText(self.tr("Reset view"))
        self.reset_button.setToolTip(self.tr("The start view (Home, or double-click the view)"))
        self.top_button.setText(
            self.tr("Look down z") if self.kind == "augmented" else self.tr("Look down b")
        )
        self.top_button.setToolTip(
            self.tr("Straight down the z axis: the plane z = 1 as the canvas shows it (Z)")
            if self.kind == "augmented"
            else self.tr("Straight down the b axis: the (w1, w2) plane (Z)")
        )
        self.refresh()

    def set_second(self, controller: Controller | None) -> None:
        """Compare mode: also draw the second run's ŵ, in a second colour named in a legend
        (None: stop)."""
        if self._second is not None:
            self._second.changed.disconnect(self._second_gate.on_changed)
        self._second = controller
        if controller is not None:
            controller.changed.connect(self._second_gate.on_changed)
        self.refresh()

    def _compute_second(self) -> tuple[sp.AugmentedScene | sp.WeightScene | None, str]:
        """The second run's scene (no cone, no update, no ball) and, when it has none
        although compare mode is on, why."""
        second = self._second
        if second is None or self._scene_is_off():
            return None, ""
        t = second.trainer
        if not spec(second.config.mode).has_w:
            return None, self.tr("run 2 has no weight vector ŵ to draw")
        c = self.controller
        data = c.data
        if self.kind == "augmented":
            bias = second.config.bias
            scene = sp.augmented_scene(
                data.points,
                data.labels,
                t.w,
                t.b if bias else 0.0,
                self.window_.canvas.view_range(),
            )
            return scene, ""
        if second.config.bias != c.config.bias:
            return None, (
                self.tr("run 2 has the bias on: its ŵ = (w1, w2, b) lives in another space")
                if second.config.bias
                else self.tr("run 2 has the bias off: its ŵ = (w1, w2) lives in another space")
            )
        path = self._path(t, second)
        return sp.weight_scene(data.points, data.labels, path, c.config.bias, samples=0), ""

    def _scene_is_off(self) -> bool:
        """Whether the view draws no scene for the window's run (kernel mode, not 2-D)."""
        c = self.controller
        return not spec(c.config.mode).has_w or c.data.dim != 2

    def _on_view_changed(self, *_: object) -> None:
        if self.isVisible():
            self._view_timer.start()

    def _on_changed(self, change: Change) -> None:
        if change & (Change.MODEL | Change.DATA | Change.SETTINGS | Change.REFRAME | Change.BOUND):
            self.refresh()

    def refresh(self) -> None:
        """Compute the scene of the run on screen and lay it out (only while shown)."""
        if not self.isVisible():
            return
        with np.errstate(all="ignore"):  # weights near the float limit draw what they can
            self._scene = self._compute()
            self._second_scene, self._second_note = self._compute_second()
            self._layout()
        text = self.describe()
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)  # (what a screen reader reads of the picture)
        self.update()

    def describe(self) -> str:
        """The view in words, for a screen reader: ŵ, the last update (the augmented
        view) or the path and the broken constraints (the weight view); else why nothing is
        drawn."""
        sc = self._scene
        if isinstance(sc, sp.AugmentedScene):
            n = len(sc.labels)
            parts = [
                self.tr(
                    "{n} points lifted to z = 1. The plane ŵ·x̂ = 0 through the origin, "
                    "ŵ = {w}; it cuts z = 1 in the canvas's line."
                ).format(n=n, w=fmt.vector(sc.normal))
            ]
            if sc.update is not None:
                u = sc.update
                parts.append(
                    self.tr("The last update: old ŵ {old} + step {step} = new ŵ {new}.").format(
                        old=fmt.vector(u.old), step=fmt.vector(u.step), new=fmt.vector(u.new)
                    )
                )
            return " ".join(parts)
        if isinstance(sc, sp.WeightScene):
            k = len(sc.path) - 1
            text = self.tr(
                "Each point's constraint y ŵ·x̂ = 0, {n} in all. The path ŵ₀ … ŵ_k of the "
                "updates (k = {k}) ends at ŵ = {w}."
            ).format(n=len(sc.normals), k=k, w=fmt.vector(sc.current))
            wrong = [int(i) for i in sc.violated]
            if wrong:
                names = ", ".join(f"x{i + 1}" for i in wrong[:12])
                more = len(wrong) - 12
                if more > 0:
                    names += self.tr(" and {n} more").format(n=more)
                return (
                    text
                    + " "
                    + self.tr("It breaks {n}: {names}.").format(n=len(wrong), names=names)
                )
            return text + " " + self.tr("It is inside the feasible cone: no point is wrong.")
        return self._note

    def _path(self, t: Algorithm, c: Controller | None = None) -> np.ndarray[Any, Any]:
        """ŵ_0 … ŵ_k of run `t`, from the initial weights of controller `c` (the window's)."""
        c = self.controller if c is None else c
        k = t.k
        hw = t.history_w[:k]
        hb = t.history_b[:k]
        w0, b0 = c.config.w0, c.config.b0
        start = np.array([[w0[0], w0[1], b0]], dtype=np.float64)
        return np.vstack((start, np.column_stack((hw, hb))))

    def _compute(
        self, *, cone: bool = True, run: Algorithm | None = None
    ) -> sp.AugmentedScene | sp.WeightScene | None:
        """The scene of `run` (None: the window's run) at its update."""
        c = self.controller
        m = spec(c.config.mode)
        self._note = ""
        if not m.has_w:
            self._note = self.tr(
                "{mode}: the answer is a sum of kernel values, with no weight vector ŵ to draw"
            ).format(mode=m.label)
            return None
        data = c.data
        if data.dim != 2:
            self._note = self.tr(
                "points with {d} features: this space has {d1} dimensions (drawn for points "
                "in the plane only)"
            ).format(d=data.dim, d1=data.dim + 1)
            return None
        t = c.trainer if run is None else run
        bias = c.config.bias
        if self.kind == "augmented":
            last = t.last
            update = None
            if last is not None and last.updated and last.k == t.k:
                update = sp.update3(
                    last.w_before, last.b_before, last.w_after, last.b_after, last.points, bias
                )
            bd = c.bound
            direction = None
            if bd.separable and len(bd.direction) == 3:
                direction = bd.direction
            elif bd.separable and len(bd.direction) == 2:
                direction = (bd.direction[0], bd.direction[1], 0.0)
            return sp.augmented_scene(
                data.points,
                data.labels,
                t.w,
                t.b if bias else 0.0,
                self.window_.canvas.view_range(),
                update=update,
                radius=bd.D if data.n and bd.D > 0 else None,
                direction=direction,
            )
        if not bias:  # the plane (w1, w2), seen from above
            self.camera = sp.Camera(sp.TOP_AZIMUTH, sp.TOP_ELEVATION)
        if data.n == 0:
            self._note = self.tr("no points: every ŵ is feasible")
        samples = sp.CONE_SAMPLES if cone else 0
        return sp.weight_scene(data.points, data.labels, self._path(t), bias, samples=samples)

    # ----------------------------------------------------------------- layout

    def _fit(self, P: np.ndarray[Any, Any], rect: QtCore.QRectF) -> None:
        """The scale and centre that show the projected points `P` inside `rect`."""
        if P.shape[0] == 0:
            self._scale, self._centre = 1.0, np.zeros(2)
            return
        lo, hi = P.min(axis=0), P.max(axis=0)
        self._fitted_extent = (lo, hi)
        if self._fixed_extent is not None:
            lo, hi = self._fixed_extent
        span = np.maximum(hi - lo, 1e-9)
        self._scale = float(min(rect.width() / span[0], rect.height() / span[1]))
        self._centre = (lo + hi) / 2.0
        self._rect_centre = np.array([rect.center().x(), rect.center().y()])

    def _px(self, P: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        q = self.camera.project(P)
        out = (q - self._centre) * self._scale
        out[:, 1] = -out[:, 1]
        return np.asarray(out + self._rect_centre)

    def _poly(self, P: np.ndarray[Any, Any]) -> QtGui.QPolygonF:
        return QtGui.QPolygonF([QtCore.QPointF(float(x), float(y)) for x, y in self._px(P)])

    def _pt(self, p: Any) -> QtCore.QPointF:
        x, y = self._px(np.asarray(p, dtype=np.float64).reshape(1, 3))[0]
        return QtCore.QPointF(float(x), float(y))

    def _layout(self, size: QtCore.QSize | None = None) -> None:
        with np.errstate(all="ignore"):
            self._layout_now(size)

    def _layout_now(self, size: QtCore.QSize | None) -> None:
        d = _Drawing()
        self._drawing = d
        scene = self._scene
        if scene is None:
            return
        s = size or self.size()
        top = self.reset_button.height() + 8 if size is None else 8
        pad = theme().px(28)
        rect = QtCore.QRectF(
            pad, top + pad * 0.5, s.width() - 2 * pad, s.height() - top - 1.5 * pad
        )
        if rect.width() < 10 or rect.height() < 10:
            return
        self._rect_centre = np.array([rect.center().x(), rect.center().y()])
        if isinstance(scene, sp.AugmentedScene):
            self._layout_augmented(scene, rect, d)
        else:
            self._layout_weights(scene, rect, d)
        if self._second_scene is not None:  # (a second run not drawn has its note instead)
            d.legend = [
                (
                    translate("Compare", RUN_NAMES[0]),
                    QtGui.QPen(theme().color("ink"), theme().line(1.4)),
                ),
                (translate("Compare", RUN_NAMES[1]), _second_pen(1.4)),
            ]

    def _axes(self, d: _Drawing, extent: float, names: tuple[str, str, str]) -> None:
        pen = QtGui.QPen(theme().color("muted"), theme().line(1.0))
        for i, name in enumerate(names):
            e = np.zeros(3)
            e[i] = extent
            d.lines.append((self._poly(np.array([-e * 0.3, e])), pen))
            d.texts.append((self._pt(e * 1.06), name, theme().color("muted")))

    def _layout_augmented(self, sc: sp.AugmentedScene, rect: QtCore.QRectF, d: _Drawing) -> None:
        th = theme()
        x0, x1, y0, y1, z0, z1 = sc.box
        lifted = np.array([[x0, y0, 1.0], [x1, y0, 1.0], [x1, y1, 1.0], [x0, y1, 1.0]])
        extent = max(abs(x0), abs(x1), abs(y0), abs(y1), 1.0)
        vectors = [np.zeros(3), *lifted]
        upd = sc.update
        k = 1.0
        second = self._second_scene if isinstance(self._second_scene, sp.AugmentedScene) else None
        shown = [np.array(sc.normal)] + (
            [] if upd is None else [np.array(upd.old), np.array(upd.new)]
        )
        if second is not None:
            shown.append(np.array(second.normal))
        biggest = max((float(np.linalg.norm(v)) for v in shown), default=0.0)
        if biggest > extent or 0 < biggest < 0.6 * extent:
            # Too long to fit or too short to read: all drawn at one scale (the triangle's
            # shape and the plane's normal stay; the scale is written under the view).
            k = (extent if biggest > extent else 0.6 * extent) / biggest
        vectors += [v * k for v in shown]
        if sc.radius:
            vectors += [np.array([sc.radius, 0, 0]), np.array([-sc.radius, 0, 0])]
        self._fit(self.camera.project(np.vstack(vectors + [np.array([0, 0, z1])])), rect)
        self._axes(d, extent * 0.9, ("x1", "x2", "z"))
        # The plane z = 1 (the canvas), then the separating plane through the origin.
        d.polygons.append((self._poly(lifted), th.tint("muted", 30), th.color("muted")))
        # Its name at the corner farthest from the points, so that it covers none.
        corners = self._px(lifted)
        seen = self._px(sc.points) if sc.points.shape[0] else np.zeros((1, 2))
        far = int(np.argmax([np.min(np.hypot(*(seen - c).T)) for c in corners]))
        d.texts.append((self._pt(lifted[far]), self.tr("z = 1: the canvas"), th.color("muted")))
        if sc.plane.shape[0] >= 3:
            d.polygons.append((self._poly(sc.plane), th.tint("pocket", 60), None))
        if second is not None and second.plane.shape[0] >= 3:
            d.polygons.append((self._poly(second.plane), th.tint(SECOND_ROLE, 45), None))
        if sc.radius:
            c = self._pt(np.zeros(3))
            r = sc.radius * self._scale
            circle = QtGui.QPolygonF(
                [
                    QtCore.QPointF(c.x() + r * math.cos(a), c.y() + r * math.sin(a))
                    for a in np.linspace(0, 2 * math.pi, 97)
                ]
            )
            pen = QtGui.QPen(th.color("muted"), th.line(1.0), Qt.PenStyle.DashLine)
            d.lines.append((circle, pen))
            d.texts.append(
                (QtCore.QPointF(c.x() + r * 0.72, c.y() - r * 0.72), "D", th.color("muted"))
            )
            if sc.direction is not None:
                u_star = np.array(sc.direction) * sc.radius
                d.arrows.append(
                    (self._pt(np.zeros(3)), self._pt(u_star), th.color("muted"), "û*", 1)
                )
        for p, lab in zip(sc.points, sc.labels, strict=True):
            role = "positive" if lab > 0 else "negative"
            d.dots.append((self._pt(p), th.marker * 0.35, th.color(role), None))
        for i, p in enumerate(sc.points):
            d.hover.append((self._px(p.reshape(1, 3)), f"x{i + 1} = ({p[0]:g}, {p[1]:g}, 1)"))
        if sc.line is not None:
            (a, b) = sc.line
            seg = np.array([[a[0], a[1], 1.0], [b[0], b[1], 1.0]])
            d.lines.append((self._poly(seg), QtGui.QPen(th.color("ink"), th.line(1.4))))
        origin = self._pt(np.zeros(3))
        if second is not None:
            if second.line is not None:
                (a, b) = second.line
                seg = np.array([[a[0], a[1], 1.0], [b[0], b[1], 1.0]])
                d.lines.append((self._poly(seg), _second_pen(1.4)))
            if any(second.normal):
                tip = self._pt(np.array(second.normal) * k)
                d.arrows.append((origin, tip, th.color(SECOND_ROLE), "ŵ", -1))
        if upd is None:
            if any(sc.normal):
                tip = self._pt(np.array(sc.normal) * k)
                d.arrows.append((origin, tip, th.color("ink"), "ŵ", 1))
        else:
            m = spec(self.controller.config.mode)
            step = "η Σ_M y(x, 1)" if m.batch else f"{m.scale_symbol}y(x, 1)"
            old, new = np.array(upd.old) * k, np.array(upd.new) * k
            # The triangle's labels outside it: old and new on their outer sides, the step on
            # the side away from the origin (when old ŵ = 0 the step lies on new ŵ).
            o, n = self._pt(old), self._pt(new)
            if any(upd.old):
                away = -_turn(origin, o, n)  # each label on the side away from the third corner
                d.arrows.append((origin, o, th.color("muted"), self.tr("old ŵ"), away))
                d.arrows.append((o, n, th.color("selection"), step, -_turn(o, n, origin)))
                d.arrows.append(
                    (origin, n, th.color("ink"), self.tr("new ŵ"), -_turn(origin, n, o))
                )
            else:  # from ŵ = 0 the step is the new ŵ: one arrow, a label each side
                d.arrows.append((o, n, th.color("selection"), step, 1))
                d.arrows.append((origin, n, th.color("ink"), self.tr("new ŵ"), -1))
        if k != 1.0 and (upd is not None or any(sc.normal)):
            self._note = self.tr("vectors drawn at ×{k} (their sum is kept)").format(k=f"{k:.3g}")

    def _layout_weights(self, sc: sp.WeightScene, rect: QtCore.QRectF, d: _Drawing) -> None:
        th = theme()
        R = sc.radius
        pts = [np.array([R, 0, 0]), np.array([-R, 0, 0]), np.array([0, R, 0]), np.array([0, -R, 0])]
        if sc.bias:
            pts += [np.array([0, 0, R]), np.array([0, 0, -R])]
        second = self._second_scene if isinstance(self._second_scene, sp.WeightScene) else None
        also = [] if second is None else [second.path]
        self._fit(self.camera.project(np.vstack(pts + [sc.path, *also])), rect)
        names = ("w1", "w2", "b") if sc.bias else ("w1", "w2", "")
        self._axes(d, R, names)
        if sc.cone.shape[0]:
            near = self.camera.depth(sc.cone) >= 0 if sc.bias else np.ones(sc.cone.shape[0], bool)
            for p in sc.cone[near]:
                d.dots.append((self._pt(p), max(1.5, th.px(1.6)), th.tint("pocket", 170), None))
        violated = set(sc.violated)
        # At most MAX_CONSTRAINTS circles: the broken ones first, then an even sample.
        order = [*sc.violated, *(i for i in range(sc.normals.shape[0]) if i not in violated)]
        if len(order) > MAX_CONSTRAINTS:
            step = max(1, (len(order) - len(sc.violated)) // MAX_CONSTRAINTS)
            order = (list(sc.violated) + order[len(sc.violated) :: step])[:MAX_CONSTRAINTS]
            self._note = self.tr("{n} of {total} points' planes drawn").format(
                n=len(order), total=sc.normals.shape[0]
            )
        for i in order:
            n = sc.normals[i]
            curve = sp.constraint_curve(n, R, sc.bias)
            if curve.shape[0] < 2:
                continue
            bad = i in violated
            pen = QtGui.QPen(
                th.color("negative") if bad else th.color("muted"),
                th.line(1.6 if bad else 0.8),
            )
            d.lines.append((self._poly(curve), pen))
            for seg in sp.allowed_ticks(n, R, sc.bias):
                d.lines.append((self._poly(seg), pen))
            d.hover.append(
                (
                    self._px(curve),
                    self.tr("x{i}: y(w·x + b) > 0 on the hatched side{broken}").format(
                        i=i + 1, broken=self.tr(" (broken by ŵ now)") if bad else ""
                    ),
                )
            )
        if sc.path.shape[0] > 1:
            pen = QtGui.QPen(th.color("ink"), th.line(1.2))
            d.lines.append((self._poly(sc.path), pen))
        for p in sc.path[:-1]:
            d.dots.append((self._pt(p), th.marker * 0.22, th.color("ink"), None))
        d.dots.append(
            (self._pt(np.array(sc.current)), th.marker * 0.45, th.color("pocket"), th.color("ink"))
        )
        d.texts.append(
            (self._pt(np.array(sc.current)), f"ŵ{_sub(sc.path.shape[0] - 1)}", th.color("ink"))
        )
        if second is not None:
            color = th.color(SECOND_ROLE)
            if second.path.shape[0] > 1:
                d.lines.append((self._poly(second.path), _second_pen(1.2)))
            for p in second.path[:-1]:
                d.dots.append((self._pt(p), th.marker * 0.22, color, None))
            at = self._pt(np.array(second.current))
            d.dots.append((at, th.marker * 0.45, color, th.color("ink")))
            d.texts.append((at, f"ŵ{_sub(second.path.shape[0] - 1)}", color))

    # ----------------------------------------------------------------- paint

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._layout()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        QtCore.QTimer.singleShot(0, self, self.refresh)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt override)
        p = QtGui.QPainter(self)
        self.render_to(p, self.rect())
        p.end()

    def render_to(self, p: QtGui.QPainter, rect: QtCore.QRect) -> None:
        """Draw the laid-out view (the paint event's and the exports' one drawing)."""
        th = theme()
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        p.fillRect(rect, th.color("background"))
        d = self._drawing
        for poly, fill, edge in d.polygons:
            p.setBrush(fill)
            p.setPen(Qt.PenStyle.NoPen if edge is None else QtGui.QPen(edge, th.line(0.8)))
            p.drawPolygon(poly)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for poly, pen in d.lines:
            p.setPen(pen)
            p.drawPolyline(poly)
        font = th.font(ANNOTATION_PT)
        p.setFont(font)
        fm = p.fontMetrics()
        inside = QtCore.QRectF(rect).adjusted(2, 2, -2, -2)
        # Each label takes the first of its places that covers no label placed before it
        # (the arrows' names first, touching their arrows; then the points' and axes'
        # names beside what they name): in a small view (a lesson's column at 1024×768)
        # "z = 1: the canvas", "x2" and "old ŵ" had been drawn over one another.
        placed: list[QtCore.QRectF] = []
        labels: list[tuple[QtCore.QPointF, str, QtGui.QColor]] = []
        for a, b, color, label, side in d.arrows:
            _arrow(p, a, b, color, th.line(1.6))
            if label:
                tries = [
                    _arrow_label_origin(fm, a, b, label, s, f)
                    for f in (2 / 3, 1 / 2, 5 / 6, 1 / 3)
                    for s in (side, -side)
                ]
                labels.append((_first_free(fm, label, tries, placed, inside), label, color))
        for c, r, fill, ring in d.dots:
            p.setPen(Qt.PenStyle.NoPen if ring is None else QtGui.QPen(ring, th.line(1.0)))
            p.setBrush(fill)
            p.drawEllipse(c, r, r)
        for at, text, color in d.texts:
            box = QtCore.QRectF(fm.boundingRect(text))
            w, h = box.width(), box.height()
            # Beside the point it names: up right first, then round it.
            tries = [
                at + QtCore.QPointF(dx, dy)
                for dx, dy in (
                    (4, -4), (-4 - w, -4), (4, 4 + h), (-4 - w, 4 + h),
                    (6, h / 2 - 2), (-6 - w, h / 2 - 2), (-w / 2, -6), (-w / 2, 6 + h),
                )
            ]  # fmt: skip
            labels.append((_first_free(fm, text, tries, placed, inside), text, color))
        self._placed = placed
        for origin, text, color in labels:
            _text(p, origin, text, color)
        beside = _legend(p, rect, d.legend)
        note = "\n".join(n for n in (self._note, self._second_note) if n)
        if note:
            p.setPen(th.color("ink"))
            box = QtCore.QRectF(rect).adjusted(8, 0, -8 - beside, -6)  # left of the legend
            p.drawText(
                box,
                int(Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft)
                | int(Qt.TextFlag.TextWordWrap),
                fmt.glue_words(note),
            )

    # ----------------------------------------------------------------- export

    def export(self, path: str | Path) -> Path:
        """Write the view as PNG or SVG (by the suffix) at its size, or 1200×900 when hidden."""
        target = Path(path)
        size = self.size() if self.isVisible() else QtCore.QSize(*EXPORT_SIZE)
        with np.errstate(all="ignore"):
            self._scene = self._compute()
            self._second_scene, self._second_note = self._compute_second()
        self._layout(size)
        rect = QtCore.QRect(0, 0, size.width(), size.height())
        suffix = target.suffix.lower()
        if suffix == ".svg":
            from PySide6.QtSvg import QSvgGenerator

            gen = QSvgGenerator()
            gen.setFileName(str(target))
            gen.setSize(size)
            gen.setViewBox(rect)
            gen.setTitle(f"perceptron-gui: {self.kind} space")
            p = QtGui.QPainter(gen)
            self.render_to(p, rect)
            p.end()
        elif suffix == ".png":
            image = QtGui.QImage(size, QtGui.QImage.Format.Format_ARGB32)
            p = QtGui.QPainter(image)
            self.render_to(p, rect)
            p.end()
            if not image.save(str(target)):  # PNG, by the suffix
                raise OSError(f"could not write {target}")
        else:
            raise ValueError(f"{target.name}: a space view is exported as .png or .svg")
        self._layout()
        return target

    def export_animation(
        self,
        path: str | Path,
        steps: int | None = None,
        *,
        size: tuple[int, int] = EXPORT_SIZE,
        frame_ms: int = FRAME_MS,
        last_ms: int = LAST_FRAME_MS,
    ) -> int:
        """A GIF (or MP4, by the name) of the view along a copy of the run; the number of
        frames.

        The first frame is ŵ_0 (k = 0), then one frame per update, `steps` of them (None:
        as many as the window's run has made, up to the timeline's update), fewer if the
        run ends first; each with its k counter in the corner. The view keeps its camera;
        the window's run is not touched.

        Raises
        ------
        ExportError
            Bad size, steps or durations, unknown extension, or the file cannot be written.
        """
        c = self.controller
        w, h = check_animation(path, size, frame_ms, last_ms)
        steps = c.trainer.k if steps is None else int(steps)
        if not 0 <= steps <= MAX_ANIMATION_STEPS:
            raise ExportError(f"bad steps {steps}: from 0 to {MAX_ANIMATION_STEPS} updates")
        qsize = QtCore.QSize(w, h)
        rect = QtCore.QRect(0, 0, w, h)
        images = []
        self._second_scene, self._second_note = None, ""  # the animation is of one run
        try:
            # One frame for the whole animation: what every frame's fit would show (frames
            # fitted one by one zoomed out as the path grew, and the eye followed the zoom).
            run = make_trainer(c.data, c.config)
            los, his = [], []
            for i in range(steps + 1):
                if i and run.step() is None:
                    break
                with np.errstate(all="ignore"):
                    self._scene = self._compute(run=run)
                    self._layout(qsize)
                if self._fitted_extent is not None:
                    los.append(self._fitted_extent[0])
                    his.append(self._fitted_extent[1])
            if los:
                self._fixed_extent = (np.min(los, axis=0), np.max(his, axis=0))
            run = make_trainer(c.data, c.config)
            for i in range(steps + 1):
                if i and run.step() is None:
                    break
                with np.errstate(all="ignore"):
                    self._scene = self._compute(run=run)
                    self._layout(qsize)
                image = QtGui.QImage(qsize, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
                p = QtGui.QPainter(image)
                try:
                    self.render_to(p, rect)
                    p.setFont(theme().font(ANNOTATION_PT))
                    counter = counter_text(run)
                    at = QtCore.QPointF(w - 8 - p.fontMetrics().horizontalAdvance(counter), 8)
                    _text(
                        p,
                        at + QtCore.QPointF(0, p.fontMetrics().ascent()),
                        counter,
                        theme().color("ink"),
                    )
                finally:
                    p.end()
                images.append(qimage_to_pil(image))
        finally:  # the view shows the window's run again, fitted to it
            self._fixed_extent = None
            with np.errstate(all="ignore"):
                self._scene = self._compute()
                self._second_scene, self._second_note = self._compute_second()
                self._layout()
            self.update()
        durations = [int(frame_ms)] * (len(images) - 1) + [int(last_ms)]
        write_animation(path, images, durations)
        return len(images)

    def state(self) -> dict[str, Any]:
        """The view's scene as plain values (see `MainWindow.state`)."""
        # Fresh (the canvas's view may have moved since the last frame); a hidden view skips
        # the cone's sampling, which only its picture needs.
        shown_note = self._note  # (the laid-out view's note stays the view's)
        with np.errstate(all="ignore"):
            scene = self._compute(cone=self.isVisible())
        note = shown_note if self.isVisible() else self._note
        self._note = shown_note
        with np.errstate(all="ignore"):
            second, second_note = self._compute_second()
        out: dict[str, Any] = {
            "visible": self.isVisible(),
            "rotation": self.camera.to_dict(),
            "note": note,
        }
        if isinstance(scene, sp.AugmentedScene):
            out["normal"] = list(scene.normal)
            out["line"] = None if scene.line is None else [list(scene.line[0]), list(scene.line[1])]
            out["update"] = None if scene.update is None else scene.update.to_dict()
        elif isinstance(scene, sp.WeightScene):
            out["path"] = scene.path.tolist()
            out["feasible"] = scene.feasible
            out["violated"] = list(scene.violated)
            out["cone_samples"] = int(scene.cone.shape[0])
        # Compare mode: the second run's ŵ as drawn (None outside compare mode).
        if isinstance(second, sp.AugmentedScene):
            line = second.line
            out["compare"] = {
                "normal": list(second.normal),
                "line": None if line is None else [list(line[0]), list(line[1])],
            }
        elif isinstance(second, sp.WeightScene):
            out["compare"] = {"path": second.path.tolist(), "feasible": second.feasible}
        elif self._second is not None:
            out["compare"] = {"note": second_note}
        else:
            out["compare"] = None
        return out


def _second_pen(width: float) -> QtGui.QPen:
    """Compare mode's second run: dashed, in its own colour (as in the bound plot)."""
    return QtGui.QPen(theme().color(SECOND_ROLE), theme().line(width), Qt.PenStyle.DashLine)


def _legend(p: QtGui.QPainter, rect: QtCore.QRect, entries: list[tuple[str, QtGui.QPen]]) -> float:
    """Each entry's pen as a short line and its name, stacked in the bottom right corner;
    the width it takes (0 without entries)."""
    if not entries:
        return 0.0
    fm = p.fontMetrics()
    sample = theme().px(24)
    width = max(fm.horizontalAdvance(text) for text, _ in entries) + sample + 12
    y = rect.bottom() - 8 - fm.height() * (len(entries) - 1)
    x = rect.right() - 8 - width
    for text, pen in entries:
        p.setPen(pen)
        mid = y - fm.ascent() / 2 + fm.descent() / 2
        p.drawLine(QtCore.QPointF(x, mid), QtCore.QPointF(x + sample, mid))
        _text(p, QtCore.QPointF(x + sample + 6, y), text, pen.color())
        y += fm.height()
    return float(width + 8)


def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def _turn(a: QtCore.QPointF, b: QtCore.QPointF, c: QtCore.QPointF) -> int:
    """+1 when c lies to the left of a → b on the screen, else −1."""
    cross = (b.x() - a.x()) * (c.y() - a.y()) - (b.y() - a.y()) * (c.x() - a.x())
    return 1 if cross < 0 else -1  # the screen's y grows downwards


def _arrow_label_origin(
    fm: QtGui.QFontMetrics,
    a: QtCore.QPointF,
    b: QtCore.QPointF,
    text: str,
    side: int,
    at_part: float = 2 / 3,
) -> QtCore.QPointF:
    """Where `text` is drawn (its baseline's start) beside the arrow a → b, touching it at
    `at_part` of its length, on `side`."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    nx, ny = dy / length * side, -dx / length * side  # the normal on that side
    r = QtCore.QRectF(fm.boundingRect(text))
    at = QtCore.QPointF(a.x() + dx * at_part, a.y() + dy * at_part)
    # The label's box just clear of the shaft: its centre pushed out by half its extent.
    push = abs(nx) * r.width() / 2 + abs(ny) * r.height() / 2 + 3
    centre = QtCore.QPointF(at.x() + nx * push, at.y() + ny * push)
    return QtCore.QPointF(centre.x() - r.width() / 2 - r.x(), centre.y() - r.height() / 2 - r.y())


def _first_free(
    fm: QtGui.QFontMetrics,
    text: str,
    tries: list[QtCore.QPointF],
    placed: list[QtCore.QRectF],
    inside: QtCore.QRectF,
) -> QtCore.QPointF:
    """The first of `tries` (origins of `text`) whose box, moved back inside `inside`,
    covers none of `placed`; else the one covering least of them. Its box joins `placed`."""
    best: tuple[float, QtCore.QPointF, QtCore.QRectF] | None = None
    for origin in tries:
        box = QtCore.QRectF(fm.boundingRect(text)).translated(origin).adjusted(-2, -1, 2, 1)
        shift = QtCore.QPointF(
            min(0.0, inside.right() - box.right()) + max(0.0, inside.left() - box.left()),
            min(0.0, inside.bottom() - box.bottom()) + max(0.0, inside.top() - box.top()),
        )
        box.translate(shift)
        covered = 0.0
        for other in placed:
            common = box.intersected(other)
            if not common.isEmpty():
                covered += common.width() * common.height()
        if best is None or covered < best[0]:
            best = (covered, origin + shift, box)
        if covered == 0.0:
            break
    assert best is not None
    placed.append(best[2])
    return best[1]


def _text(p: QtGui.QPainter, at: QtCore.QPointF, text: str, color: QtGui.QColor) -> None:
    """Text on a translucent ground, so that lines under it do not cross its letters."""
    fm = p.fontMetrics()
    r = QtCore.QRectF(fm.boundingRect(text)).translated(at)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(theme().fill())
    p.drawRoundedRect(r.adjusted(-2, -1, 2, 1), 3, 3)
    p.setPen(color)
    p.drawText(at, text)


def _arrow(
    p: QtGui.QPainter, a: QtCore.QPointF, b: QtCore.QPointF, color: QtGui.QColor, width: float
) -> None:
    """An arrow a → b with a head that ends at b."""
    p.setPen(QtGui.QPen(color, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(a, b)
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    ux, uy = dx / length, dy / length
    head = min(theme().px(12), length * 0.4)
    left = QtCore.QPointF(
        b.x() - head * ux + head * 0.45 * uy, b.y() - head * uy - head * 0.45 * ux
    )
    right = QtCore.QPointF(
        b.x() - head * ux - head * 0.45 * uy, b.y() - head * uy + head * 0.45 * ux
    )
    p.setBrush(color)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPolygon(QtGui.QPolygonF([b, left, right]))
    p.setBrush(Qt.BrushStyle.NoBrush)


class _Views(Mapping[str, "SpaceView"]):
    """The space views by kind, each made when first asked for (or its dock first shown)."""

    def __init__(self, spaces: Spaces) -> None:
        self._spaces = spaces

    def __getitem__(self, kind: str) -> SpaceView:
        slot = self._spaces.slots[kind]  # (KeyError: no such kind)
        view = slot.panel()
        assert isinstance(view, SpaceView)
        return view

    def __contains__(self, kind: object) -> bool:
        return kind in self._spaces.slots

    def __iter__(self) -> Iterator[str]:
        return iter(self._spaces.slots)

    def __len__(self) -> int:
        return len(self._spaces.slots)

    def made(self) -> list[SpaceView]:
        """The views made so far."""
        return [self[kind] for kind, slot in self._spaces.slots.items() if slot.is_made]


class Spaces:
    """A part of `MainWindow`: the two space views in docks, their scripting names.

    A view is made the first time its dock is shown or it is asked for (`views[kind]`,
    `state`): both docks start hidden, and made with the window the views were ~2 ms of
    its CPU.
    """

    def __init__(self, window: MainWindow) -> None:
        self.w = window
        self.slots: dict[str, PanelSlot] = {}
        self.views = _Views(self)
        self.docks: dict[str, QtWidgets.QDockWidget] = {}
        self._second: Controller | None = None  # compare mode's second run (`set_second`)

    def _make(self, kind: str) -> SpaceView:
        view = SpaceView(self.w, kind)
        if self._second is not None:
            view.set_second(self._second)
        return view

    def build(self) -> tuple[QtWidgets.QDockWidget, ...]:
        """Make the views' slots in hidden docks on the left (the window lists them with
        its docks)."""
        titles: dict[str, str] = {
            "augmented": QT_TRANSLATE_NOOP("MainWindow", "Augmented space (x1, x2, 1)"),
            "weights": QT_TRANSLATE_NOOP("MainWindow", "Weight space (w1, w2, b)"),
        }
        for kind in KINDS:
            slot = self.w.panes.slot(f"{kind}_view", functools.partial(self._make, kind))
            dock = self.w.panes.dock(
                titles[kind], slot, Qt.DockWidgetArea.LeftDockWidgetArea, f"{kind}Dock"
            )
            dock.hide()
            self.slots[kind] = slot
            self.docks[kind] = dock
        return tuple(self.docks.values())

    def wire(self, augmented: QtGui.QAction, weights: QtGui.QAction) -> None:
        """Keep the View menu's checks in step with the docks (closed by their × too)."""
        for kind, action in (("augmented", augmented), ("weights", weights)):
            self.docks[kind].toggleViewAction().toggled.connect(action.setChecked)

    def set_visible(self, kind: str, visible: bool = True, *, share: float = 0.3) -> bool:
        """Show or hide a view's dock (shown: `share` of the window's width at least 320 px);
        False (with a message) for an unknown kind."""
        if kind not in self.views:
            self.w.show_notice(
                translate("MainWindow", "no space view {kind} (augmented or weights)").format(
                    kind=repr(kind)
                ),
                error=True,
            )
            return False
        dock = self.docks[kind]
        dock.setVisible(bool(visible))
        if visible:
            dock.raise_()
            width = max(320, int(self.w.width() * share))
            self.w.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
            self.views[kind].refresh()
        return True

    def retranslate(self) -> None:
        for view in self.views.made():  # (a view made later is made in the language then)
            view.retranslate()

    def set_second(self, controller: Controller | None) -> None:
        """Compare mode: each view draws the second run's ŵ too (None: stop)."""
        self._second = controller  # (for a view made later)
        for view in self.views.made():
            view.set_second(controller)

    def state(self) -> dict[str, dict[str, Any]]:
        return {kind: view.state() for kind, view in self.views.items()}

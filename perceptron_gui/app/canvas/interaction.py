"""The pointer: clicks add and select, drags move or select, hovering tells.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.constants import (
    HIT_RADIUS_PX,
    POINT_INFO_MS,
)
from perceptron_gui.app.canvas.items import ClickEvent, DragEvent
from perceptron_gui.app.canvas.labels import LabelsCanvas
from perceptron_gui.app.theme import theme
from perceptron_gui.core.model import LinearModel

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class PointerCanvas(LabelsCanvas):
    """The pointer: clicks add and select, drags move or select, hovering tells."""

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

    def selected_indices(self) -> IntArray:
        """Return the selected point indices, sorted."""
        return self._selection

    def set_selection(self, indices: ArrayLike) -> None:
        """Select exactly ``indices`` (does not emit :attr:`selection_changed`)."""
        idx = np.unique(np.asarray(indices, dtype=np.intp).reshape(-1))
        self.view_model.set_selection(idx[(idx >= 0) & (idx < len(self._points))])

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

    def point_tooltip(self, index: int) -> str:
        """What hovering point `index` shows: its name, coordinates, label and its score
        y(w·x + b) under the running model (y·f(x) for a model that is not a line)."""
        (x, y), label = self._points[index], int(self._labels[index])

        def num(v: float) -> str:
            return fmt.fmt(float(v))

        text = translate("DataCanvas", "{name} = ({x}, {y}), label y = {label}").format(
            name=fmt.point_name(index), x=num(x), y=num(y), label="+1" if label > 0 else "−1"
        )
        m = self._model
        if m is not None:
            score = label * float(m.decision(self._points[index : index + 1])[0])
            what = (
                translate("DataCanvas", "right")
                if score > 0
                else translate("DataCanvas", "a mistake (≤ 0)")
            )
            if isinstance(m, LinearModel):
                line = translate("DataCanvas", "y(w·x + b) = {score}: {what}")
            else:
                line = translate("DataCanvas", "y·f(x) = {score}: {what}")
            text += "\n" + line.format(score=num(score), what=what)
        return text

    def show_point_info(self, index: int | None) -> None:
        """Write what point `index`'s tooltip says on the canvas, beside the point, in the
        texts' large type, for `POINT_INFO_MS` (None: hide it). In presentation a click
        on a point does this."""
        self._schedule_layout()
        if index is None or not 0 <= index < len(self._points):
            self._info_index = None
            if self._made("info"):
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
        if not self._made("info") or not self._info.isVisible():
            return None
        return str(self._info.toPlainText())

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

    def _snap(self, x: float, y: float) -> tuple[float, float]:
        if self._snap_enabled:
            s = self._snap_step
            x, y = round(x / s) * s + 0.0, round(y / s) * s + 0.0
        return float(x), float(y)

    def mousePressEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mousePressEvent(ev)
        # pyqtgraph's scene turns press/release into click and drag events later
        # but leaves the Qt event unaccepted; the canvas did handle it.
        ev.accept()

    def mouseReleaseEvent(self, ev: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt override)
        super().mouseReleaseEvent(ev)
        ev.accept()

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
                if theme().presenting:  # the tooltip's words, large
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

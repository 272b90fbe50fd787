"""The last update as geometry: old w + step = new w, its phases, its fading.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.constants import (
    ANATOMY_INSET,
    FADED,
    PHASES,
    line_of,
)
from perceptron_gui.app.canvas.points import PointsCanvas
from perceptron_gui.app.theme import theme
from perceptron_gui.core.model import LinearModel

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class UpdateCanvas(PointsCanvas):
    """The last update as geometry: old w + step = new w, its phases, its fading."""

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
            text = translate("DataCanvas", "1 predict: w·{name} + b = {f} > 0, so the guess is +1")
        elif f < 0:
            text = translate("DataCanvas", "1 predict: w·{name} + b = {f} < 0, so the guess is −1")
        else:
            text = translate(
                "DataCanvas",
                "1 predict: w·{name} + b = 0: on the line, so y(w·x + b) = 0 ≤ 0"
                " — counted as a mistake",
            )
        text = text.format(name=name, f=score)
        if phase == "reveal":
            truth = "+1" if y > 0 else "−1"
            text += "\n" + translate(
                "DataCanvas", "2 reveal: y = {truth}, so y(w·{name} + b) = {m} ≤ 0: a mistake"
            ).format(truth=truth, name=name, m=fmt.fmt(y * f))
        return text

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
        if not self._made("anatomy"):
            return
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
        if not self._made("anatomy"):
            return 1.0
        faded = item is self._anatomy_label or item in self._vector_labels.values()
        return self._anatomy_opacity if faded else 1.0

    def _hide_anatomy(self) -> None:
        if not self._made("anatomy"):
            return
        for shaft, head in self._vectors.values():
            shaft.setVisible(False)
            head.setVisible(False)
        for label in self._vector_labels.values():
            label.setVisible(False)
        for item in (self._ghost, self._anatomy_label, self._update_ring):
            item.setVisible(False)

    def _short_of_points(
        self, start: tuple[float, float], end: tuple[float, float]
    ) -> tuple[float, float]:
        """The arrow's tip, moved back along it to the edge of the update's ring round a
        point it would land on (after the first update new w = x: the head covered the
        updated point and its ring); as it was when no point is that near, or when the
        arrow is too short to give the room."""
        if not len(self._points):
            return end
        x0, x1, y0, y1 = self.view_range()
        w, h = float(self._vb.width()), float(self._vb.height())
        if w < 1 or h < 1 or not (x1 > x0 and y1 > y0):
            return end
        sx, sy = w / (x1 - x0), h / (y1 - y0)  # pixels per unit (y up: its sign is moot)
        room = 30.0 * theme().scale  # the update ring's radius (60 px across at scale 1)
        a = np.array([start[0] * sx, start[1] * sy])
        e = np.array([end[0] * sx, end[1] * sy])
        length = float(np.hypot(*(e - a)))
        if length < 3 * room:
            return end
        u = (e - a) / length
        pts = self._points * np.array([sx, sy])
        near = np.hypot(pts[:, 0] - e[0], pts[:, 1] - e[1]) < room
        if not near.any():
            return end
        # Back far enough that no near point's centre is within `room` of the tip.
        back = max(room + float((e - p) @ u) for p in pts[near])
        back = min(max(back, 0.0), length - 2 * room)
        tip = e - back * u
        return float(tip[0] / sx), float(tip[1] / sy)

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
        w, b = line_of(before)
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
            ex, ey = self._short_of_points((sx, sy), (ex, ey))
            shaft.set_segment([sx, ex], [sy, ey])
            head.setStyle(angle=180.0 - math.degrees(math.atan2(d[1], d[0])))
            head.setPos(ex, ey)
            shaft.setVisible(True)
            head.setVisible(True)
            label = self._vector_labels[name]
            text = {
                "w_old": translate("DataCanvas", "old w"),
                "step": self.step_name,
                "w_new": translate("DataCanvas", "new w"),
            }[name]
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
            translate("DataCanvas", "3 correct: w + {step} = new w").format(step=step)
            if self.animation_ms > 0
            else translate("DataCanvas", "w + {step} = new w").format(step=step)
        )
        if bias:
            text += "   " + translate("DataCanvas", "(the w part; b: {b0} → {b1})").format(
                b0=fmt.fmt(before.b).replace("-", "−"), b1=fmt.fmt(after.b).replace("-", "−")
            ).replace(" → ", "\u00a0→\u00a0")  # wrapped between terms, not inside one
        self._anatomy_label.setText(text)
        self._anatomy_at = (float(w_new[0]), float(w_new[1]))
        self._place_beside(self._anatomy_label, float(w_new[0]), float(w_new[1]), 0.1, 0.1)
        self._anatomy_label.setVisible(True)

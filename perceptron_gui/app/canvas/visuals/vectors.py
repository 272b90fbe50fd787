"""The last update as vectors: old w + step = new w, their names, the old line, the ring.

A visual over the canvas's `ViewModel` (as `visuals/normal.py`): it owns its items, made
the first time they are read, and subscribes to the model's events of what it draws (the
update and its phase, the points, the view). The host says where its items go in the
stacking order (`place`) and fades it after a run (`set_opacity`).
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas import frame
from perceptron_gui.app.canvas.constants import ANATOMY, ANATOMY_INSET, MARKER_Z, line_of
from perceptron_gui.app.canvas.items import Line, Place, set_line
from perceptron_gui.app.canvas.markers import MarkerLayer, draw_ring, pen
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import ANNOTATION_PT, theme
from perceptron_gui.app.words import WordsText

FloatArray = NDArray[np.float64]
Point = tuple[float, float]
#: A vector wholly beyond the view's edge is drawn as an arrow this long (pixels at scale
#: 1) along it, at the edge where it is nearest, with its value written.
STUB_PX = 48.0
translate = QCoreApplication.translate


def phase_text(phase: str, index: int, f: float, y: int) -> str:
    """What the predict or reveal phase says of point `index` (score f = w·x + b before
    the update, label y): predict names the score and the guess (sign(0) = +1), never the
    verdict, which reveal gives (0 ≤ 0 counting as a mistake, said there once)."""
    name = fmt.point_name(index)
    score = fmt.fmt(f)
    if f > 0:
        text = translate("DataCanvas", "1 predict: w·{name} + b = {f} > 0, so the guess is +1")
    elif f < 0:
        text = translate("DataCanvas", "1 predict: w·{name} + b = {f} < 0, so the guess is −1")
    else:
        text = translate(
            "DataCanvas",
            "1 predict: w·{name} + b = 0: on the line, so the guess is +1 (sign(0) = +1)",
        )
    text = text.format(name=name, f=score)
    if phase == "reveal":
        truth = "+1" if y > 0 else "−1"
        if f == 0:  # (the one case a correct label is a mistake: said here, not before)
            reveal = translate(
                "DataCanvas",
                "2 reveal: y = {truth}, so y(w·{name} + b) = {m} ≤ 0:"
                " on the line counts as a mistake",
            )
        else:
            reveal = translate(
                "DataCanvas", "2 reveal: y = {truth}, so y(w·{name} + b) = {m} ≤ 0: a mistake"
            )
        text += "\n" + reveal.format(truth=truth, name=name, m=fmt.fmt(y * f))
    return text


class _Items:
    """The visual's items: the old line ghosted, the three vectors (shaft and head) and
    their names, the caption, the updated point's ring."""

    def __init__(self) -> None:
        self.ghost = Line(antialias=True)
        self.vectors = {name: (Line(antialias=True), pg.ArrowItem()) for name in ANATOMY}
        # Their names: old w, ηyx (the step), new w.
        self.labels = {name: pg.TextItem(anchor=(0, 0)) for name in ANATOMY}
        self.caption = WordsText(anchor=(-0.1, 1.1))
        self.ring = MarkerLayer([draw_ring], 60)

    def all(self) -> list[QtWidgets.QGraphicsItem]:
        items: list[QtWidgets.QGraphicsItem] = [self.ghost, self.caption, self.ring]
        items += [*self.labels.values(), *(i for v in self.vectors.values() for i in v)]
        return items


class UpdateVectors(Visual[_Items]):
    """The update as geometry: old w, the step ηyx from its tip, the new w closing the
    triangle, the old line ghosted, the updated point ringed, b's change written; in slow
    motion the predict and reveal phases' texts beside the point.

    Parameters
    ----------
    model
        What is shown: the update and its phase, the points, the view.
    place
        Adds the items to the plot (in the host's stacking order), once, when first made.
    """

    def __init__(self, model: ViewModel, place: Place) -> None:
        super().__init__(model, place)
        #: The picture's opacity (FADED after a run).
        self.opacity = 1.0
        #: Where the caption is anchored, in data units (its texts' layout reads it).
        self.caption_at: Point | None = None
        #: The drawn part of each vector (start, end) in data units: their labels touch it.
        self.ends: dict[str, tuple[Point, Point]] = {}
        #: The vectors wholly beyond the view, drawn as a short arrow at its edge (their
        #: labels are placed after the others': the cut vectors' values first).
        self.stubs: set[str] = set()
        for event in (model.events.update, model.events.points, model.events.view):
            event.connect(self.draw)

    def _make(self) -> tuple[_Items, Placed]:
        items = _Items()
        placed: Placed = [(items.ghost, 3)]
        # (lines are drawn under the markers: a line never hides a point)
        placed += [(label, 9) for label in items.labels.values()]
        placed += [(i, 4.6) for v in items.vectors.values() for i in v]
        placed += [(items.caption, 9), (items.ring, MARKER_Z - 0.05)]
        for item in items.all():
            item.setOpacity(self.opacity)  # (the picture may have faded)
        return items, placed

    @property
    def ghost(self) -> Line:
        """The old line, ghosted (made on first use)."""
        return self._made_items().ghost

    @property
    def vectors(self) -> dict[str, tuple[Line, pg.ArrowItem]]:
        """Each vector's shaft and head, by name (`ANATOMY`; made on first use)."""
        return self._made_items().vectors

    @property
    def labels(self) -> dict[str, pg.TextItem]:
        """Each vector's name, by name (made on first use)."""
        return self._made_items().labels

    @property
    def caption(self) -> pg.TextItem:
        """The caption "w + ηyx = new w", or the phase's text (made on first use)."""
        return self._made_items().caption

    @property
    def ring(self) -> MarkerLayer:
        """The updated point's ring (made on first use)."""
        return self._made_items().ring

    def _style(self, items: _Items) -> None:
        t = theme()
        lw = t.line()
        ink, muted = t.color("ink"), t.color("muted")
        fill = pg.mkBrush(t.fill())
        for label in items.labels.values():
            label.setColor(ink)
            label.setFont(t.font(ANNOTATION_PT))
            label.fill = fill
        items.ghost.setPen(pen(muted, lw * 0.8, style_=QtCore.Qt.PenStyle.DashLine))
        colours = {"w_old": muted, "step": t.color("step"), "w_new": ink}
        for name, (shaft, head) in items.vectors.items():
            width = lw * (1.3 if name == "w_new" else 1.0)
            shaft.setPen(pen(colours[name], width))
            head.setStyle(
                brush=colours[name],
                pen=pg.mkPen(colours[name]),
                headLen=16 * t.scale,
                headWidth=12 * t.scale,
                tailLen=None,
            )
        items.caption.setColor(ink)
        items.caption.setFont(t.font(ANNOTATION_PT))
        items.caption.fill = pg.mkBrush(t.fill())
        items.ring.set_size(60 * t.scale)

    def set_opacity(self, opacity: float) -> None:
        """Fade the picture (FADED after a run) or show it in full (1)."""
        self.opacity = opacity
        if self._items is None:
            return
        items = self._items
        for shaft, head in items.vectors.values():
            shaft.setOpacity(opacity)
            head.setOpacity(opacity)
        for item in (items.ghost, items.ring):
            item.setOpacity(opacity)
        for label in (items.caption, *items.labels.values()):
            if label.opacity() > 0.0:  # (0: crowded out; the layout gives it this back)
                label.setOpacity(opacity)

    def shown_opacity(self, item: QtWidgets.QGraphicsItem) -> float | None:
        """A text's opacity when it is shown, if it is one of this picture's (they fade
        with it); None for any other item."""
        if self._items is None:
            return None
        mine = item is self._items.caption or item in self._items.labels.values()
        return self.opacity if mine else None

    def hide(self) -> None:
        """No picture."""
        if self._items is None:
            return
        for item in self._items.all():
            item.setVisible(False)

    def _short_of_points(self, start: Point, end: Point) -> Point:
        """The arrow's tip, moved back along it to the edge of the update's ring round a
        point it would land on (after the first update new w = x: the head covered the
        updated point and its ring); as it was when no point is that near, or when the
        arrow is too short to give the room."""
        points = self.model.points
        if not len(points):
            return end
        scale = self.model.px_per_unit()
        if scale is None:
            return end
        sx, sy = scale  # pixels per unit (y up: its sign is moot)
        room = 30.0 * self.model.scale  # the update ring's radius (60 px across at scale 1)
        a = np.array([start[0] * sx, start[1] * sy])
        e = np.array([end[0] * sx, end[1] * sy])
        length = float(np.hypot(*(e - a)))
        if length < 3 * room:
            return end
        u = (e - a) / length
        pts = points * np.array([sx, sy])
        near = np.hypot(pts[:, 0] - e[0], pts[:, 1] - e[1]) < room
        if not near.any():
            return end
        # Back far enough that no near point's centre is within `room` of the tip.
        back = max(room + float((e - p) @ u) for p in pts[near])
        back = min(max(back, 0.0), length - 2 * room)
        tip = e - back * u
        return float(tip[0] / sx), float(tip[1] / sy)

    def _place_beside(self, item: pg.TextItem, x: float, y: float, gx: float, gy: float) -> None:
        """Put a text beside the point (x, y), `gx` and `gy` (parts of its width and
        height) away: above and to the right where it fits in the plot, otherwise on
        the side with more room (near the right edge, to the left of its point)."""
        size = item.textItem.boundingRect()  # pixels: the text ignores the view's zoom
        w, h = size.width() * (1.0 + gx), size.height() * (1.0 + gy)
        ((px, py),) = self.model.to_px((x, y))
        width, height = self.model.size_px()
        room_r, room_l = width - px, px
        room_up, room_down = py, height - py
        right = room_r >= w or (room_l < w and room_r >= room_l)
        above = room_up >= h or (room_down < h and room_up >= room_down)
        item.setAnchor((-gx if right else 1.0 + gx, 1.0 + gy if above else -gy))
        item.setPos(x, y)

    def draw(self) -> None:
        """Draw the model's update in its phase (hidden when there is none)."""
        self.hide()
        m = self.model
        if m.update is None:
            return
        before, after, index, bias = m.update
        points = m.points
        rect = m.margin_rect()
        if rect is None or not 0 <= index < len(points):
            return
        self.ring.set_positions(points[index : index + 1])
        self.ring.setVisible(True)
        caption = self.caption
        if m.phase:
            x = points[index]
            f = float(before.decision(x[None, :])[0])
            caption.setText(phase_text(m.phase, index, f, int(m.labels[index])))
            self.caption_at = (float(x[0]), float(x[1]))
            self._place_beside(caption, float(x[0]), float(x[1]), 0.1, 0.1)
            caption.setVisible(True)
            return
        w, b = line_of(before)
        set_line(self.ghost, w, b, rect)
        w_old, w_new = np.asarray(before.w), np.asarray(after.w)
        self._draw_vectors(w_old, w_new)
        step = m.step_name
        # (The arrows' own names: old w, the step, new w; "3 correct w", a verb and its
        # object: "3 correct: …" read as "three correct".)
        text = (
            translate("DataCanvas", "3 correct w: old w + {step} = new w").format(step=step)
            if m.slow_motion
            else translate("DataCanvas", "old w + {step} = new w").format(step=step)
        )
        if bias:  # (the arrows are w's part of ŵ = (w, b): b's change in numbers)
            text += "   " + translate("DataCanvas", "b: {b0} → {b1}").format(
                b0=fmt.fmt(before.b).replace("-", "−"), b1=fmt.fmt(after.b).replace("-", "−")
            ).replace(" → ", "\u00a0→\u00a0").replace(": ", ":\u00a0")  # (kept whole)
        caption.setText(text)
        self.caption_at = (float(w_new[0]), float(w_new[1]))
        self._place_beside(caption, float(w_new[0]), float(w_new[1]), 0.1, 0.1)
        caption.setVisible(True)

    def _stub(
        self,
        a: FloatArray,
        z: FloatArray,
        inner: tuple[float, float, float, float],
        heads: list[tuple[Point, Point]],
    ) -> tuple[Point, Point] | None:
        """A short arrow (`STUB_PX`) along the vector a → z that lies wholly beyond
        `inner`, inside it at the edge where the vector is nearest (`frame.edge_stub`),
        or along the edge to the nearest place, within twice its length, where its body
        keeps off the points and the other vectors' heads (`frame.arrow_spot`: between
        two heads at a corner it lay across old w's); None while the plot has no area."""
        m = self.model
        if m.px_per_unit() is None:
            return None
        length = STUB_PX * m.scale
        corners = np.array([(inner[0], inner[3]), (inner[1], inner[2])])
        with np.errstate(all="ignore"):  # (weights near the float limit: no stub)
            px = m.to_px(np.vstack([a, z, corners]))
            d = px[1] - px[0]
            norm = float(np.hypot(*d))
        if not (np.all(np.isfinite(px)) and math.isfinite(norm) and norm > 0):
            return None
        (ax, ay), (zx, zy), (bx0, by0), (bx1, by1) = px
        box = (float(bx0), float(bx1), float(by0), float(by1))  # (pixels: y down)
        pa, pz = np.array([ax, ay]), np.array([zx, zy])
        with np.errstate(all="ignore"):  # (far ends: their squares may overflow)
            start, tip = self._stub_px(pa, pz, box, d / norm, length, heads)
        if not (np.all(np.isfinite(start)) and np.all(np.isfinite(tip))):
            return None
        (s0, s1), (e0, e1) = m.from_px([start, tip])
        return (float(s0), float(s1)), (float(e0), float(e1))

    def _stub_px(
        self,
        pa: FloatArray,
        pz: FloatArray,
        box: tuple[float, float, float, float],
        u: FloatArray,
        length: float,
        heads: list[tuple[Point, Point]],
    ) -> tuple[FloatArray, FloatArray]:
        """`_stub`'s start and tip in the plot's pixels (`u`: its unit direction there)."""
        m = self.model
        start, tip = (np.array(p) for p in frame.edge_stub(pa, pz, box, length))
        # Tips only where the whole body is inside: the box less the body's reach.
        bx = (box[0] + max(0.0, u[0]) * length, box[1] + min(0.0, u[0]) * length)
        by = (box[2] + max(0.0, u[1]) * length, box[3] + min(0.0, u[1]) * length)
        pts = m.to_px(m.points) if len(m.points) else np.empty((0, 2))
        t = theme()
        head_len = 16 * t.scale  # (as `_style` draws them, 12 across)
        head_px = [np.empty((0, 2))]
        for foot, end in heads:
            (fx, fy), (ex, ey) = m.to_px(np.array([foot, end]))
            back = np.array([fx - ex, fy - ey])
            norm = float(np.hypot(*back))
            if norm > 0:  # the head's tip, middle and base
                head_px.append(np.array([ex, ey]) + np.outer([0, 0.5, 1], back / norm * head_len))
        hp = np.concatenate(head_px)
        clear = np.concatenate(
            [np.full(len(pts), t.marker / 2 + 2 * t.scale), np.full(len(hp), 10 * t.scale)]
        )
        if bx[1] > bx[0] and by[1] > by[0]:

            def near(p: FloatArray) -> FloatArray:
                return frame.segment_distances(p, pa, pz)

            spot = np.array(
                frame.arrow_spot(
                    np.concatenate([pts, hp]),
                    (float(tip[0]), float(tip[1])),
                    (float(u[0]), float(u[1])),
                    length,
                    clear,
                    (bx[0], bx[1], by[0], by[1]),
                    near,
                )
            )
            # (Only near where the vector is: a stub across the plot from it names nothing.)
            if float(np.hypot(*(spot - tip))) <= 2 * length:
                tip, start = spot, spot - length * u
        return start, tip

    def _draw_vectors(self, w_old: FloatArray, w_new: FloatArray) -> None:
        """old w and new w from the origin, the step from old w's tip, and their names."""
        # The vectors are clipped at the view's edge (a hair inside, so the head shows):
        # they never widen the view; one that leaves it has its value written beside it,
        # and one wholly beyond it is a short arrow along it at the edge (`STUB_PX`).
        x0, x1, y0, y1 = self.model.view_range()
        ix, iy = (x1 - x0) * ANATOMY_INSET, (y1 - y0) * ANATOMY_INSET
        inner = (x0 + ix, x1 - ix, y0 + iy, y1 - iy)
        self.ends = {}
        self.stubs = set()
        vectors = {
            "w_old": (np.zeros(2), w_old),
            "step": (w_old, w_new),
            "w_new": (np.zeros(2), w_new),
        }
        parts = {name: frame.clip_segment(a, z, inner) for name, (a, z) in vectors.items()}
        # (The heads a short arrow keeps off: of the vectors drawn in part, tip and base.)
        heads = [(part[0], part[1]) for part in parts.values() if part is not None]
        for name, (a, z) in vectors.items():
            shaft, head = self.vectors[name]
            with np.errstate(all="ignore"):
                d = z - a
            if not d.any() or not np.all(np.isfinite(d)):
                continue
            part = parts[name]
            if part is None:
                # Wholly beyond the edge (the step between two tips out of view): a short
                # arrow along it at the edge where it is nearest, its value in its label.
                stub = self._stub(a, z, inner, heads)
                if stub is None:
                    continue
                (sx, sy), (ex, ey) = stub
                cut = True
                self.stubs.add(name)
            else:
                (sx, sy), (ex, ey), cut = part
                ex, ey = self._short_of_points((sx, sy), (ex, ey))
            shaft.set_segment([sx, ex], [sy, ey])
            head.setStyle(angle=180.0 - math.degrees(math.atan2(d[1], d[0])))
            head.setPos(ex, ey)
            shaft.setVisible(True)
            head.setVisible(True)
            label = self.labels[name]
            text = {
                "w_old": translate("DataCanvas", "old w"),
                "step": self.model.step_name,
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
            self.ends[name] = ((sx, sy), (ex, ey))

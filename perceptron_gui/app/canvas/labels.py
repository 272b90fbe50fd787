"""The texts over the data, by what they name, on free room; never moving the view.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable
from functools import partial

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.constants import (
    ALPHA_TEXT_MAX,
    AMBIGUITY,
    BAND_PLOT_MIN,
    BAND_POINTS_MAX,
    CROWD_HIDE_MAX,
    LAYOUT_SAMPLE,
    LEADER_REACH,
    NAME_TEXT_MAX,
    NORMAL_LABEL_REACH,
    WRAP_PART,
    leader_line,
    near_places,
)
from perceptron_gui.app.canvas.layout import Placer, Rect, crosses, overlaps
from perceptron_gui.app.canvas.update import UpdateCanvas
from perceptron_gui.app.theme import LABEL_PT, theme

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class LabelsCanvas(UpdateCanvas):
    """The texts over the data, by what they name, on free room; never moving the view."""

    def overlay_rects(self) -> dict[str, QtCore.QRectF]:
        """Where the texts over the data were put, in the canvas's pixels (by name)."""
        return {k: QtCore.QRectF(*r) for k, r in self._overlay_rects.items()}

    def _text_size(self, item: pg.TextItem) -> tuple[float, float]:
        r = item.textItem.boundingRect()
        return (float(r.width()), float(r.height()))

    def _put_text(self, item: pg.TextItem, r: Rect) -> None:
        home = self._home_of(item)
        item.setAnchor((0, 0))
        at = self._vb.mapSceneToView(QtCore.QPointF(r[0], r[1]))
        if not (math.isfinite(at.x()) and math.isfinite(at.y())):
            item.setVisible(False)  # a view too small to map (coordinates near 1e-300)
            return
        item.setPos(at)
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
        self._boundary.hold()  # (the regions wait for the pass's end: drawn once)
        try:
            self._flush_model()
        finally:
            self._boundary.release()
        # (The drawing asked for a layout: this is it. A change while placing asks again.)
        self._layout_timer.stop()
        self._place_overlays()
        self._boundary.draw_waiting()

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
        gap = 1.4 * radius + 1  # clear of the point, as the placer counts it (by cells)
        rects: dict[str, Rect] = {}

        def to_px(x: float, y: float) -> tuple[float, float]:
            return (
                tr.m11() * x + tr.m21() * y + tr.dx(),
                tr.m12() * x + tr.m22() * y + tr.dy(),
            )

        # The rings drawn round points (the updated point's, the current point's square,
        # the mistakes' rings) are wider than a point: no text may sit on them either, and
        # the name of a ringed point goes outside its ring.
        ring_gap: dict[int, float] = {}
        # What the legend and the banners never cover (the rings, the arrows' heads).
        hard: list[Rect] = []
        rings: list[tuple[int, float]] = []
        marks = self._marks.layers
        if len(self._misclassified) <= NAME_TEXT_MAX:
            ring_r = marks.rings.size / 2
            rings += [(int(i), ring_r) for i in self._misclassified if marks.halos.isVisible()]
        if self._current is not None and marks.current.isVisible():
            rings.append((self._current, marks.current.size / 2))
        anatomy = self._made("anatomy")
        if anatomy and self._update_ring.isVisible() and self._anatomy is not None:
            rings.append(
                (self._anatomy[2], self._update_ring.size / 2 * self._update_ring.opacity())
            )
        for i, rad in rings:
            if not (0 <= i < len(self._points)) or rad <= radius:
                continue
            cx, cy = to_px(*self._points[i])
            placer.reserve((cx - rad, cy - rad, 2 * rad, 2 * rad))
            hard.append((cx - rad, cy - rad, 2 * rad, 2 * rad))
            ring_gap[i] = max(ring_gap.get(i, gap), rad + 2 * t.scale)
        # The edge arrow ("the line is this way"): no text over it (it points past them).
        edge_box = self._edge.keep_out_px(to_px)
        if edge_box is not None:
            placer.reserve(edge_box)
        # The boxed texts go beside the line and the update's vectors, not over them,
        # and never on the vectors' heads (what the triangle is read by).
        vectors = self._vectors.values() if anatomy else ()
        shafts = [shaft for shaft, _ in vectors if shaft.isVisible()]
        head = 18 * t.scale
        for shaft in shafts:
            sx, sy = shaft.segment()
            if len(sx):
                hx, hy = to_px(float(sx[-1]), float(sy[-1]))
                placer.reserve((hx - head / 2, hy - head / 2, head, head))
                hard.append((hx - head / 2, hy - head / 2, head, head))
        normal = self._normal.ends_px(to_px)
        arrows: list[tuple[float, float, float, float]] = []  # (the shafts, in pixels)
        for line in [self.model_line, *shafts] if self.model_line.isVisible() else shafts:
            lx, ly = line.segment()
            for i in range(len(lx) - 1):
                seg = (*to_px(lx[i], ly[i]), *to_px(lx[i + 1], ly[i + 1]))
                placer.avoid(*seg)
                if line is not self.model_line:
                    arrows.append(seg)
        taken: dict[str, QtWidgets.QGraphicsItem] = {}  # the texts placed where they cost least

        header = self._header
        if header is not None and header.isVisible():  # over the band above the plot
            g = header.geometry()
            rects[header.objectName() or "header"] = (g.x(), g.y(), g.width(), g.height())
        # The legend, and then the banners, in a corner or side clear of the points'
        # marks and the arrows' heads, else in the band above the plot (outside the
        # data): kept there while shown (the band's room changes the plot's size, and with
        # it the corners).
        marks = self._marks.layers
        keep = max(
            [radius, *(layer.size / 2 for layer in (marks.halos, marks.rings) if layer.isVisible())]
        )
        legend = self._made("legend") and self.legend.isVisible()
        # Over a crowd (a cloud of thousands) a text hides little of it: the legend and
        # the banners take the cheapest corner, side or place, as ever; no band.
        crowd = len(self._points) > BAND_POINTS_MAX
        if crowd:
            self._in_band.clear()
        legend_in_band = False
        if not legend:
            self._in_band.discard("legend")
        else:
            lr = self.legend.boundingRect()
            size = (float(lr.width()), float(lr.height()))
            spot = None
            if crowd:
                spot = self._cheapest_edge(placer, size, 0)
            elif "legend" not in self._in_band:
                spot = self._clear_edge(placer, px, size, 0, keep, arrows, hard)
            if spot is None:
                self._in_band.add("legend")
                legend_in_band = True
            else:
                self._legend_to(self._vb, (spot[0] - vb.left(), spot[1] - vb.top()))
                rects["legend"] = spot
                taken["legend"] = self.legend
        for item in (
            self._no_line,
            *([self._anatomy_label] if anatomy else []),
            self._status,
        ):  # long: two lines, not a wide one
            item.textItem.setTextWidth(-1)
            if item.isVisible() and self._text_size(item)[0] > WRAP_PART * vb.width():
                item.textItem.setTextWidth(WRAP_PART * vb.width())
        band: list[pg.TextItem] = []
        for key, item, first in (("status", self._status, 5), ("banner", self._no_line, 4)):
            if not item.isVisible():
                self._in_band.discard(key)
                continue
            size = self._text_size(item)
            if crowd:
                spot = self._cheapest_edge(placer, size, first)
            elif key in self._in_band:
                spot = None
            else:
                spot = self._clear_edge(placer, px, size, first, keep, arrows, hard)
            if spot is None:
                self._in_band.add(key)
                band.append(item)
                item.setOpacity(0.0)
                continue
            self._put_text(item, spot)
            rects[key] = spot
            taken[key] = item
        band_rect = self._show_band(band, legend_in_band)
        if band_rect is not None:
            for item in band:
                rects["status" if item is self._status else "banner"] = band_rect
            if legend_in_band:
                rects["legend"] = band_rect

        leaders: dict[str, tuple[float, float, float, float]] = {}
        diameter = self._marks.layers.markers.size

        # The points' pixels, when their names or α's can be shown (a few dozen points).
        own = px.tolist() if len(self._points) <= ALPHA_TEXT_MAX else []
        # Each point's distance to its nearest other point (one numpy call a pass).
        if len(own) >= 2:
            dd = np.hypot(px[:, None, 0] - px[None, :, 0], px[:, None, 1] - px[None, :, 1])
            np.fill_diagonal(dd, np.inf)
            nearest = dd.min(axis=1).tolist()

        def clear_first(
            i: int, cands: list[tuple[float, float]], size: tuple[float, float]
        ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
            """`cands` split into the places read as point i's (the text's centre at most
            half as far from point i as from any other point: a reader tells whose it is
            without counting) and the others (between two points: a neighbour's too)."""
            if len(own) < 2 or not cands or i >= len(own):
                return cands, []
            hw, hh = size[0] / 2, size[1] / 2
            ox, oy = own[i]
            mine = [math.hypot(x + hw - ox, y + hh - oy) for x, y in cands]
            # A neighbour q is at least |pq| − |cp| from a centre c: none nearer than
            # (1 + AMBIGUITY) times the farthest centre makes every place clear.
            if nearest[i] >= (1.0 + AMBIGUITY) * max(mine):
                return cands, []
            reach = (1.0 + AMBIGUITY) * max(mine)
            near = [
                (qx, qy)
                for j, (qx, qy) in enumerate(own)
                if j != i and math.hypot(qx - ox, qy - oy) < reach
            ]
            clear: list[tuple[float, float]] = []
            unclear: list[tuple[float, float]] = []
            for (x, y), m in zip(cands, mine, strict=True):
                cx, cy = x + hw, y + hh
                ok = all(AMBIGUITY * m <= math.hypot(cx - qx, cy - qy) for qx, qy in near)
                (clear if ok else unclear).append((x, y))
            return clear, unclear

        def place_label(kind: str, i: int, item: pg.TextItem) -> None:
            """A point's name or α beside its point (a free corner or side within about
            two marker diameters, on the side away from a neighbour), else on free room a
            little further joined to it by a thin leader line, else beside it between
            it and a neighbour, else hidden (hovering the point tells its name)."""
            if not item.isVisible() or not 0 <= i < len(self._points):
                return
            size = self._text_size(item)
            cx, cy = to_px(*self._points[i])
            g = ring_gap.get(i, gap)
            key = f"{kind}{i}"
            clear, unclear = clear_first(i, near_places(cx, cy, size, g, i in ring_gap), size)
            free_r = placer.take_free(clear, size) if clear else None
            if free_r is None:  # further, with a leader line
                reach = g + LEADER_REACH * diameter
                far = placer.scan_within(size, cx, cy, reach)
                free_r = placer.take_free(far, size) if far else None
                if free_r is not None:
                    leaders[key] = leader_line(free_r, cx, cy, g)
            if free_r is None and unclear:
                free_r = placer.take_free(unclear, size)
            item.setOpacity(0.0 if free_r is None else 1.0)
            if free_r is not None:
                self._put_text(item, free_r)
                rects[key] = free_r

        # The names of the ringed points (the one updated on) first: the texts about the
        # update go round them.
        for i in ring_gap:
            if i < len(self._name_texts):
                place_label("name", i, self._name_texts[i])
        for name, item, at in self._anchored_texts():
            if not item.isVisible():
                continue
            size = self._text_size(item)
            if name == "w" and normal is not None:
                # Next to its short arrow, on free room (else hidden): a "normal" some way
                # off would name whatever it sits by.
                near = 4 * t.scale  # a line's width off the arrow, not a point's radius
                n_lines = len(placer.lines)
                placer.avoid(*normal[0], *normal[1])  # beside the arrow, not over it
                cands, more = self._beside_arrow(placer, normal, size, near)
                nr = placer.take_free(cands, size, more)
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
                cands, _ = self._beside_arrow(placer, arrow, size, near, reach=0.0)
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

    @staticmethod
    def _cheapest_edge(placer: Placer, size: tuple[float, float], first: int) -> Rect:
        """Take the corner or side `first` of the plot, or the next one, or the first free
        place of a scan (made only when no corner or side is free), else the cheapest."""
        edges = list(placer.edges(size, 4 * theme().scale))
        return placer.take([*edges[first:], *edges[:first]], size, partial(placer.scan, size))

    @staticmethod
    def _clear_edge(
        placer: Placer,
        px: FloatArray,
        size: tuple[float, float],
        first: int,
        keep: float,
        arrows: list[tuple[float, float, float, float]],
        hard: list[Rect],
    ) -> Rect | None:
        """The first corner or side of the plot (from `first` on) where a text of `size`
        fits, on no text placed, no arrow, nothing `hard` (the rings, the arrows' heads)
        and at least `keep` pixels from every point (clear of their rings), kept: free of
        the running line too where such a place exists; None when there is none."""
        inset = 4 * theme().scale
        edges = list(placer.edges(size, inset))
        edges = [*edges[first:], *edges[:first]]
        w, h = size
        spots = [(x, y, w, h) for x, y in edges]
        for r in sorted(spots, key=lambda r: placer.crossings(r) > 0):  # (stable)
            x, y = r[0], r[1]
            if not placer.fits(r) or placer.overlap(r) > 0:
                continue
            if any(overlaps(r, k) for k in hard):
                continue
            if any(crosses(r, seg) for seg in arrows):
                continue
            if len(px):
                ex = np.maximum(0.0, np.maximum(x - px[:, 0], px[:, 0] - (x + w)))
                ey = np.maximum(0.0, np.maximum(y - px[:, 1], px[:, 1] - (y + h)))
                if float(np.min(ex * ex + ey * ey)) < keep * keep:
                    continue
            placer.reserve(r)
            return r
        return None

    def _legend_to(self, parent: QtWidgets.QGraphicsItem, offset: tuple[float, float]) -> None:
        """Put the legend `offset` from the top-left of `parent` (the view box: over the
        plot; the plot item: in the band above it)."""
        if self.legend.parentItem() is not parent:
            self.legend.setParentItem(parent)
        self.legend.anchor((0, 0), (0, 0), offset=offset)

    def _show_band(self, items: list[pg.TextItem], legend: bool) -> Rect | None:
        """The banners with no room in the plot, in the band above it (the plot's title
        row, outside the data), one a line, and below them at its right the legend when
        it has no room either (`legend`); None (the band gone) without any."""
        plot = self.getPlotItem()
        label = plot.titleLabel
        if not items and not legend:
            if self._band_text:
                self._band_text = ""
                self._band_height = 0.0
                plot.setTitle(None)
                plot.layout.activate()
            return None
        t = theme()
        text = "<br>".join(html.escape(item.toPlainText()) for item in items)
        width = max(10.0, float(self._vb.width()) - 8 * t.scale)
        lr = self.legend.boundingRect() if legend else QtCore.QRectF()
        key = f"{text}\n{t.palette.ink}\n{t.scale}\n{width:.0f}\n{lr.width()}x{lr.height()}"
        if key != self._band_text:  # (a new text, a theme, a resize)
            self._band_text = key
            label.item.setFont(t.font(LABEL_PT))
            label.item.setTextWidth(width)
            label.setText(text, color=t.palette.ink, size=f"{t.pt(LABEL_PT)}pt")
            height = float(label.item.boundingRect().height()) if items else 0.0
            height += float(lr.height()) + 2 * t.scale
            # The plot keeps BAND_PLOT_MIN of the canvas's height (a compare pane in a
            # lesson at UI scale 2 has its readout's quarter too): else no band, and what
            # it would hold is hidden (the narration says it).
            plot_h = float(self._vb.height()) + self._band_height
            if plot_h - height < BAND_PLOT_MIN * float(self.height()):
                height = 0.0
            self._band_height = height
            if height > 0:
                label.setMaximumHeight(height)
                plot.layout.setRowFixedHeight(0, height)
                label.setVisible(True)
            else:
                plot.setTitle(None)
            # Laid out now, not at the next turn: the band's place is read below (the
            # plot's new size asks for another pass, for the view fitted to it).
            plot.layout.activate()
        if self._band_height <= 0:
            if self._made("legend"):
                self.legend.setOpacity(0.0 if legend else self.legend.opacity())
            return None
        g = label.geometry()  # (in the plot's coordinates)
        if legend:
            below = float(label.item.boundingRect().height()) if items else 0.0
            self._legend_to(plot, (g.right() - lr.width(), g.top() + below))
        elif self._made("legend") and self.legend.parentItem() is not self._vb:
            self.legend.setParentItem(self._vb)
        r = label.sceneBoundingRect()
        return (r.x(), r.y(), r.width(), r.height())

    def _anchored_texts(self) -> list[tuple[str, pg.TextItem, tuple[float, float] | None]]:
        """The texts placed beside what they name (where, when not their own place), of
        the parts made (parts.py)."""
        made = self._made
        at_current = None if self._current is None else tuple(self._points[self._current])
        at_info = None if self._info_index is None else tuple(self._points[self._info_index])
        anchored: list[tuple[str, pg.TextItem, tuple[float, float] | None]] = []
        if made("anatomy"):
            anchored.append(("update", self._anatomy_label, self._anatomy_at))
        if made("verdict"):
            anchored.append(("verdict", self._verdict, at_current))
        if made("info"):
            anchored.append(("info", self._info, at_info))
        if made("normal"):
            anchored.append(("w", self._normal.label, None))
        if made("anatomy"):
            anchored += [(f"vector {n}", item, None) for n, item in self._vector_labels.items()]
        if made("geometry"):
            anchored += [("radius", self._radius_label, None), ("gamma", self._gamma_label, None)]
        if made("edge"):
            anchored.append(("edge", self._edge.label, None))
        return anchored

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
    ) -> tuple[list[tuple[float, float]], Callable[[], list[tuple[float, float]]]]:
        """Top-lefts for the normal's label: round its tip, its middle, its foot; and (the
        second, made only when asked: `Placer.take_free`'s `more`) any place of the scan
        whose text is within `NORMAL_LABEL_REACH` text heights of the arrow (never
        further); none whose text would lie on the arrow itself."""
        (fx, fy), (tx, ty) = arrow
        w, h = size
        dx, dy = tx - fx, ty - fy
        nn = dx * dx + dy * dy
        along = np.linspace(0.0, 1.0, max(2, int(math.sqrt(nn) / 2) + 1))
        ax, ay = fx + along * dx, fy + along * dy

        def off_arrow(x: FloatArray, y: FloatArray) -> list[tuple[float, float]]:
            # Off the arrow: no point along it (every 2 px, a pixel round) inside the text.
            if not len(x):
                return []
            on = (
                (ax[None, :] > x[:, None] - 1)
                & (ax[None, :] < x[:, None] + w + 1)
                & (ay[None, :] > y[:, None] - 1)
                & (ay[None, :] < y[:, None] + h + 1)
            ).any(axis=1)
            return list(zip(x[~on].tolist(), y[~on].tolist(), strict=True))

        near: list[tuple[float, float]] = []
        for f in (1.0, 0.75, 0.5, 0.25, 0.0):
            near += placer.around(fx + f * (tx - fx), fy + f * (ty - fy), size, gap, 1)
        cand = np.asarray(near, dtype=np.float64).reshape(-1, 2)
        first = off_arrow(cand[:, 0], cand[:, 1])
        if reach is None:
            reach = NORMAL_LABEL_REACH * h

        def scanned() -> list[tuple[float, float]]:
            if reach <= 0:
                return []
            x, y = placer.scan_arrays(size, (tx, ty))
            # The text's nearest point to the arrow's nearest point: within reach.
            cx, cy = x + w / 2, y + h / 2
            if nn <= 0:
                u = np.zeros(len(x))
            else:
                u = np.minimum(1.0, np.maximum(0.0, ((cx - fx) * dx + (cy - fy) * dy) / nn))
            px, py = fx + u * dx, fy + u * dy
            ex = np.maximum(0.0, np.abs(px - cx) - w / 2)
            ey = np.maximum(0.0, np.abs(py - cy) - h / 2)
            keep = np.hypot(ex, ey) <= reach
            return off_arrow(x[keep], y[keep])

        return first, scanned

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

"""The texts over the data, by what they name, on free room; never moving the view.

One part of `DataCanvas` (canvas.py), which stacks them; each uses the ones below.
"""

from __future__ import annotations

import math
from functools import partial

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.canvas.banners import BannersCanvas
from perceptron_gui.app.canvas.constants import (
    ALPHA_TEXT_MAX,
    BAND_MAX_PART,
    BAND_POINTS_MAX,
    CAPTION_NARROW_PART,
    CROWD_HIDE_MAX,
    LAYOUT_SAMPLE,
    NAME_TEXT_MAX,
    VERDICT_REACH_LINES,
    WRAP_PART,
)
from perceptron_gui.app.canvas.items import Line
from perceptron_gui.app.canvas.layout import Placer, Rect, crosses, overlaps
from perceptron_gui.app.canvas.spots import beside_arrow, cheapest_edge, clear_edge
from perceptron_gui.app.theme import theme

Qt = QtCore.Qt
FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
translate = QCoreApplication.translate


class LabelsCanvas(BannersCanvas):
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
        self._layout_posted = False
        # The edge arrow, once for the turn's events (the texts keep off it).
        self._edge.flush()
        self._place_overlays()
        self._boundary.draw_waiting()

    def _place_overlays(self) -> None:
        """The layout pass's placing (see `_layout_overlays`). It never moves the view: a
        text with no room is hidden (or, for a point's name, joined to it by a line)."""
        t = theme()
        vb = self._vb.sceneBoundingRect()
        if vb.width() < 10 or vb.height() < 10:
            if self._band_height > 0:
                # A band that left (almost) no plot, the canvas lower since it was set:
                # set again for this height, or the plot stayed a sliver (nothing is
                # placed in it, so no pass set the band again).
                banners = (("status", self._status), ("banner", self._no_line))
                keys = [k for k, item in banners if k in self._in_band and item.isVisible()]
                kept = self._show_band([dict(banners)[k] for k in keys], False)
                self._overlay_rects = {k: kept for k in keys} if kept is not None else {}
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
        inset = 4 * t.scale  # the corners' and sides' places, off the plot's edge
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
        inside = self._margin.inside if self._made("band") else ()
        if 0 < len(inside) <= NAME_TEXT_MAX and self._margin.rings.isVisible():
            # (a right point inside the margin band is ringed too: no text on its ring)
            rings += [(int(i), self._margin.rings.size / 2) for i in inside]
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
        if normal is not None:  # (the normal's head too, a quarter of it: no text over it)
            (fx, fy), (hx, hy) = normal
            qx, qy = 0.25 * (hx - fx), 0.25 * (hy - fy)
            corners = [(hx, hy), (hx - qx - 0.4 * qy, hy - qy + 0.4 * qx)]
            corners.append((hx - qx + 0.4 * qy, hy - qy - 0.4 * qx))
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            box = (min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
            placer.reserve(box)
            hard.append(box)
        arrows: list[tuple[float, float, float, float]] = []  # (the shafts, in pixels)
        for line in [self.model_line, *shafts] if self.model_line.isVisible() else shafts:
            lx, ly = line.segment()
            for i in range(len(lx) - 1):
                seg = (*to_px(lx[i], ly[i]), *to_px(lx[i + 1], ly[i + 1]))
                placer.avoid(*seg, arrow=line is not self.model_line)
                if line is not self.model_line:
                    arrows.append(seg)
        if normal is not None:
            placer.avoid(*normal[0], *normal[1], arrow=True)
            arrows.append((*normal[0], *normal[1]))
        self._avoid_other_lines(placer, tr)
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
        # the banners take a free corner or side, else the cheapest place; no band (a band
        # going at a run's first step resized the plot under a field of halos: a flash).
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
                spot = cheapest_edge(placer, size, 0, inset)
            elif "legend" not in self._in_band:
                spot = clear_edge(placer, px, size, 0, keep, arrows, hard, inset)
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
                spot = clear_edge(placer, px, size, first, keep, arrows, hard, inset)
                if spot is None:
                    spot = self._stacked(placer, cheapest_edge(placer, size, first, inset), rects)
            elif key in self._in_band:
                spot = None
            else:
                spot = clear_edge(placer, px, size, first, keep, arrows, hard, inset)
            if spot is None:
                self._in_band.add(key)
                band.append(item)
                item.setOpacity(0.0)
                continue
            self._put_text(item, spot)
            rects[key] = spot
            taken[key] = item
        if band and self._band_whole_height(band) > BAND_MAX_PART * float(self.height()):
            # The band would take more than its quarter of the canvas: a banner goes to a
            # corner or side of the plot with no point under it (its rings aside), if one
            # holds it; else the band shrinks its font or elides (`_band_lines`).
            for key, item, first in (("status", self._status, 5), ("banner", self._no_line, 4)):
                if item not in band:
                    continue
                size = self._text_size(item)
                spot = clear_edge(placer, px, size, first, radius, arrows, [], inset)
                if spot is None:
                    continue
                band.remove(item)
                self._in_band.discard(key)
                self._put_text(item, spot)
                rects[key] = spot
                taken[key] = item
        band_rect = self._show_band(band, legend_in_band)
        if band_rect is not None:
            for item in band:
                rects["status" if item is self._status else "banner"] = band_rect
            if legend_in_band and self._band_legend:
                rects["legend"] = band_rect

        # The points' names and α's (a visual: visuals/labels.py), in this pass.
        names = self._point_labels
        names.begin(
            placer,
            px if len(self._points) <= ALPHA_TEXT_MAX else np.empty((0, 2)),
            to_px,
            gap=gap,
            ring_gap=ring_gap,
            diameter=self._marks.layers.markers.size,
            put=self._put_text,
            frame=(*bounds, radius, tr.m11(), tr.m12(), tr.m21(), tr.m22(), tr.dx(), tr.dy()),
        )
        # The names of the ringed points (the one updated on) first: the texts about the
        # update go round them.
        ringed = names.ringed()
        names.place_names(ringed)
        n_leaders = len(placer.lines)  # (the texts about the update keep off their lines)
        for seg in names.placed_leaders():
            placer.avoid(*seg)
        # Among few points (see CROWD_HIDE_MAX) a text on a point, or on a text shown
        # before it, is hidden.
        few = len(self._points) <= CROWD_HIDE_MAX
        for name, item, at in self._anchored_texts():
            if not item.isVisible():
                continue
            size = self._text_size(item)
            if name == "w" and normal is not None:
                # Next to its short arrow, on free room (else hidden): a "normal" some way
                # off would name whatever it sits by.
                near = 4 * t.scale  # a line's width off the arrow, not a point's radius
                cands, more = beside_arrow(placer, normal, size, near)
                nr = placer.take_free(cands, size, more)
                item.setOpacity(0.0 if nr is None else 1.0)
                # Across a line (no place beside its arrow off every line): on its box,
                # over the line (the model's line struck "normal" through).
                crossed = nr is not None and placer.crossings(nr) > 0
                item.fill = pg.mkBrush(t.fill() if crossed else None)
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
                cands, _ = beside_arrow(placer, arrow, size, near, reach=0.0)
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
            if name == "update":
                r = self._caption_place(placer, item, (cx, cy), gap, vb.width())
                if normal is not None and crosses(r, (*normal[0], *normal[1])):
                    # No room off the normal's arrow (a presentation's band took the
                    # plot's top): hidden, as a text with no room is; the narration says
                    # the update.
                    placer.taken.pop()
                    item.setOpacity(0.0)
                    continue
            elif name == "verdict":
                # Beside its point: free room within a few lines' height, else the
                # cheapest place there (across a line, on its box); with every other
                # line kept off, the nearest free room had sent "x15: mistake → update"
                # 300 px off x15, to the plot's other side.
                reach = gap + VERDICT_REACH_LINES * size[1]
                r = placer.take(
                    placer.around(cx, cy, size, gap),
                    size,
                    partial(placer.scan_within, size, cx, cy, reach),
                )
            else:
                r = placer.take(
                    placer.around(cx, cy, size, gap), size, partial(placer.scan, size, (cx, cy))
                )
            if few and name != "info" and placer.points_under(r) > 0:
                # On a point among few: hidden (as below), and at once, so that its room
                # goes to the texts after it (the update's caption, hidden at the end,
                # kept the normal's label off its arrow).
                placer.taken.pop()
                item.setOpacity(0.0)
                continue
            self._put_text(item, r)
            rects[name] = r
            taken[name] = item
        del placer.lines[n_leaders:]  # (the names after them are kept off by their rules)
        names.place_names(skip=tuple(ringed))
        names.place_alphas()
        hidden = names.hidden
        placed, _ = names.finish()
        if names.hidden != hidden:
            self.names_hidden_changed.emit(list(names.hidden))
        rects.update(placed)
        self._overlay_rects = rects
        # A text on a text shown before it is hidden; the others are shown (again).
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

    def _caption_place(
        self,
        placer: Placer,
        item: pg.TextItem,
        at: tuple[float, float],
        gap: float,
        plot_width: float,
    ) -> Rect:
        """The update's caption's place, kept: beside its anchor or the nearest free room
        (off the lines, off the arrows above all); where it has none at its width, narrower
        on more lines when that costs less (in the lesson's third scene at 1024×768 the
        caption, one wide line, had no room off the update's arrows)."""
        cx, cy = at
        size = self._text_size(item)
        r, cost = placer.best(
            placer.around(cx, cy, size, gap), size, partial(placer.scan, size, (cx, cy))
        )
        if cost > 0:
            width = item.textItem.textWidth()
            # (Its words are glued at no-break spaces: it breaks at plain spaces only.)
            words = item.textItem.toPlainText().split(" ")
            metrics = QtGui.QFontMetricsF(item.textItem.font())
            widest = max((metrics.horizontalAdvance(word) for word in words), default=0.0)
            narrow = max(widest + 8.0, CAPTION_NARROW_PART * plot_width)
            if narrow < size[0] - 1:
                item.textItem.setTextWidth(narrow)
                small = self._text_size(item)
                r2, cost2 = placer.best(
                    placer.around(cx, cy, small, gap), small, partial(placer.scan, small, at)
                )
                if cost2 < cost:
                    r = r2
                else:
                    item.textItem.setTextWidth(width)
        placer.reserve(r)
        return r

    @staticmethod
    def _stacked(placer: Placer, r: Rect, rects: dict[str, Rect]) -> Rect:
        """A banner's cheapest place `r` over a crowd, moved below (or above) a text placed
        before it (the legend, the notice) when it would lie on one (they took the same
        corner): the first such place inside the plot on none of them; `r` when none is."""
        before = [rects[key] for key in ("legend", "status") if key in rects]
        if not any(overlaps(r, b) for b in before):
            return r
        w, h = r[2], r[3]
        for x, y, _, bh in before:
            for moved in ((x, y + bh, w, h), (x, y - h, w, h)):
                if placer.fits(moved) and not any(overlaps(moved, b) for b in before):
                    placer.taken[-1] = moved  # (`r`, just taken)
                    return moved
        return r

    def _anchored_texts(self) -> list[tuple[str, pg.TextItem, tuple[float, float] | None]]:
        """The texts placed beside what they name (where, when not their own place), of
        the parts made (parts.py)."""
        made = self._made
        at_current = None if self._current is None else tuple(self._points[self._current])
        at_info = None if self._info_index is None else tuple(self._points[self._info_index])
        anchored: list[tuple[str, pg.TextItem, tuple[float, float] | None]] = []
        # The labels of the arrows first (each touches its arrow, or is hidden): the
        # caption, placed before them, sat on the origin and "old w" found no room.
        if made("normal"):
            anchored.append(("w", self._normal.label, None))
        if made("anatomy"):
            # (A vector wholly out of view, drawn short at the edge, names itself last: the
            # room by the edge went to it, and new w's value was hidden.)
            stubs = self._vector_stubs
            labels = sorted(self._vector_labels.items(), key=lambda kv: kv[0] in stubs)
            anchored += [(f"vector {n}", item, None) for n, item in labels]
            anchored.append(("update", self._anatomy_label, self._anatomy_at))
        if made("verdict"):
            anchored.append(("verdict", self._verdict, at_current))
        if made("info"):
            anchored.append(("info", self._info, at_info))
        if made("geometry"):
            anchored += [("radius", self._radius_label, None), ("gamma", self._gamma_label, None)]
        if made("edge"):
            anchored.append(("edge", self._edge.label, None))
        return anchored

    def _avoid_other_lines(self, placer: Placer, tr: QtGui.QTransform) -> None:
        """The texts keep off every other line drawn over the data too (else a name goes
        on its box over it): the answer's line, the old line (dashed), the margin band's
        and the γ band's edges, the best separator, a kernel's or a vote's boundary, and
        Novikoff's circle (run 1's x16 was struck by the old line, a kernel's x10 lay
        across its boundary, x2 under the circle's arc)."""
        made = self._made
        lines: list[QtWidgets.QGraphicsItem] = [self.pocket_line, self._contour]
        if made("anatomy"):
            lines.append(self._step_vectors.ghost)
        if made("band"):
            lines += self._margin.edges
        circle = None
        if made("geometry"):
            circle, _, _, best, edges, _ = self._novikoff._made_items()
            lines += [best, *edges]

        def px_of(x: FloatArray, y: FloatArray) -> tuple[FloatArray, FloatArray]:
            return (
                tr.m11() * x + tr.m21() * y + tr.dx(),
                tr.m12() * x + tr.m22() * y + tr.dy(),
            )

        for line in lines:
            if not (line.isVisible() and isinstance(line, Line)):
                continue
            lx, ly = (np.asarray(v, dtype=np.float64) for v in line.segment())
            if len(lx) < 2:
                continue
            if line is self._contour:  # (segments in pairs: a NaN between them)
                pairs = np.column_stack(
                    [lx[: len(lx) // 2 * 2].reshape(-1, 2), ly[: len(ly) // 2 * 2].reshape(-1, 2)]
                )
                gap = np.full((len(pairs), 1), np.nan)
                lx = np.hstack([pairs[:, :2], gap]).ravel()
                ly = np.hstack([pairs[:, 2:], gap]).ravel()
            px, py = px_of(lx, ly)
            if len(px) <= 8:
                for i in range(len(px) - 1):
                    placer.avoid(px[i], py[i], px[i + 1], py[i + 1])
            else:
                placer.avoid_path(px, py)
        if circle is not None and circle.isVisible():
            r = circle.rect()
            a = np.linspace(0.0, 2 * math.pi, 121)
            px, py = px_of(
                r.center().x() + r.width() / 2 * np.cos(a),
                r.center().y() + r.height() / 2 * np.sin(a),
            )
            placer.avoid_path(px, py)

    def leader_lines(self) -> dict[str, QtCore.QLineF]:
        """The leader lines drawn from points to their labels, in the canvas's pixels, by
        the label's name ("name3": point 3's name; "alpha3": its α)."""
        return self._point_labels.leader_lines()

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

"""The points' names (x1 … xN) and their α's beside their points, or joined by a leader line.

A visual over the canvas's `ViewModel` (as `visuals/points.py`): it owns the name texts, the
α texts and the thin leader lines, writes them when the points or α change (the model's
points and alpha events) and asks the one scheduler for a layout pass (`schedule`) at the
events of what their places depend on (the points, the marks' rings, the update's picture,
the line, the view). It never places anything in a paint: the host's layout pass calls
`begin`, `place` for each label in its turn, and `finish`.

The places are kept across passes: while no point moved on screen (a run's frames), a
label's ambiguity test and its leader-line candidates are the last pass's (`_Memo`), and a
label keeps the place it had while that is still free (a name does not jump when a ring
appears beside another point, and the pass skips its search).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import NamedTuple

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6 import QtCore

from perceptron_gui.app import format as fmt
from perceptron_gui.app.canvas.constants import (
    ALPHA_TEXT_MAX,
    AMBIGUITY,
    CROSSED_LABEL_Z,
    LEADER_REACH,
    LEADER_TOUCH,
    NAME_NEAR,
    NAME_TEXT_MAX,
    gap_to,
    leader_line,
    near_places,
)
from perceptron_gui.app.canvas.items import Line, Place
from perceptron_gui.app.canvas.layout import Placer, Rect, crosses, segments_cross
from perceptron_gui.app.canvas.markers import pen
from perceptron_gui.app.canvas.view_model import ViewModel
from perceptron_gui.app.canvas.visuals.visual import Placed, Visual
from perceptron_gui.app.theme import ANNOTATION_PT, theme

FloatArray = NDArray[np.float64]
Point = tuple[float, float]
Segment = tuple[float, float, float, float]
#: Puts a text at a rectangle of the scene's pixels (the host maps it to the view).
Put = Callable[[pg.TextItem, Rect], None]


#: The tiers of a label's places, in turn, each off every line (strict) or across the
#: fewest: beside its point, further with a leader line, then between it and a neighbour.
TIERS = (
    ("clear", True),
    ("leader", True),
    ("clear", False),
    ("leader", False),
    ("unclear", True),
    ("unclear", False),
)


class _Memo(NamedTuple):
    """What a label's last placing found, reused while no point moved on screen."""

    #: The text's size, its gap from the point and whether the point was ringed then.
    size: tuple[float, float]
    gap: float
    ringed: bool
    #: The places read as the point's own, and the others (`clear_first`).
    clear: list[Point]
    unclear: list[Point]
    #: The places further off for a leader line (None: not asked for yet).
    far: list[Point] | None
    #: The place it took ("clear", "leader", "unclear"; None: hidden) and its leader.
    rect: Rect | None
    kind: str | None
    leader: Segment | None
    #: Where the text was put there (its position in data coordinates).
    pos: Point | None
    #: Whether that place is across a line, for want of one off every line.
    across: bool = False


class _Pass(NamedTuple):
    """One layout pass's facts, as the host gives them (`PointLabels.begin`)."""

    placer: Placer
    #: The points in the scene's pixels, and a point's pixels from its data coordinates.
    px: FloatArray
    to_px: Callable[[float, float], Point]
    #: The gap between a point and its name, and the larger one round a ringed point.
    gap: float
    ring_gap: dict[int, float]
    #: A marker's diameter in pixels (the leader lines reach LEADER_REACH of them), and
    #: the radius a leader line keeps off every other point.
    diameter: float
    radius: float
    put: Put
    #: The labels' places (by "name3", "alpha3") and leader lines, as they are placed, and
    #: each line's box a pixel wider (a rectangle off the box cannot meet the line).
    rects: dict[str, Rect]
    leaders: dict[str, Segment]
    boxes: list[Rect]
    #: Each point's distance to its nearest other point (pixels; [] with fewer than 2).
    nearest: list[float]
    own: list[list[float]]
    #: The memos are this pass's (no point moved on screen since the last pass).
    same: bool


class PointLabels(Visual[Line]):
    """The points' names and α's, placed by the host's layout pass, and their leader lines.

    Parameters
    ----------
    model
        What is shown: the points, α, and the marks and pictures the names go round.
    place
        Adds items to the plot (the leader lines at start, the texts as they are needed).
    schedule
        Asks the one scheduler for a layout pass (once per turn of changes).
    from_scene
        The scene's pixels (n, 2) as data coordinates (None: the view cannot be inverted).
    """

    #: Reuse the last pass's findings while no point moved (off: every pass from scratch,
    #: the reference a benchmark compares with).
    reuse = True

    def __init__(
        self,
        model: ViewModel,
        place: Place,
        schedule: Callable[[], None],
        from_scene: Callable[[FloatArray], FloatArray | None],
    ) -> None:
        super().__init__(model, place)
        self._add = place
        self._schedule = schedule
        self._from_scene = from_scene
        #: The names' texts (one a point, up to NAME_TEXT_MAX points), and the α texts
        #: with the point each names.
        self.names: list[pg.TextItem] = []
        self.alphas: list[pg.TextItem] = []
        self.alpha_points: list[int] = []
        #: The leader lines drawn at the last pass, in the scene's pixels, by label.
        self.leaders_px: dict[str, Segment] = {}
        #: The points whose names the last pass found no place for (not drawn: hovering
        #: the point, the points table and `state()` name them).
        self.hidden: list[int] = []
        self._memo: dict[str, _Memo] = {}
        #: What the memos were found for: (bounds, radius, transform) and the points' pixels.
        self._seen: tuple[tuple[float, ...], FloatArray] | None = None
        self._pass: _Pass | None = None
        model.events.points.connect(self._on_points)
        model.events.alpha.connect(self._on_alpha)
        events = model.events
        for event in (events.mistakes, events.current, events.update, events.line):
            event.connect(schedule)
        for event in (events.novikoff, events.view):
            event.connect(schedule)

    # ------------------------------------------------------------------ items

    def _make(self) -> tuple[Line, Placed]:
        leaders = Line(antialias=True, connect="pairs")
        return leaders, [(leaders, -1)]

    def _style(self, items: Line) -> None:
        """The texts' fonts and colours, the leader lines' pen."""
        t = theme()
        ink, muted = t.color("ink"), t.color("muted")
        fill = pg.mkBrush(t.fill())
        for item in self.alphas:
            self._style_text(item, ink, ANNOTATION_PT, fill)
        for item in self.names:
            crossed = item.zValue() == CROSSED_LABEL_Z  # (on its box: see `_lift`)
            self._style_text(item, muted, ANNOTATION_PT - 1, fill if crossed else pg.mkBrush(None))
        items.setPen(pen(muted, max(1.0, 1.0 * t.scale)))
        self._memo.clear()  # (the texts' sizes changed)

    @staticmethod
    def _style_text(item: pg.TextItem, color: object, size: float, fill: object) -> None:
        item.setColor(color)
        item.setFont(theme().font(size))
        item.fill = fill

    def _new_text(
        self, color: str, size: float, fill: bool, anchor: tuple[float, float]
    ) -> pg.TextItem:
        t = theme()
        item = pg.TextItem(anchor=anchor)
        self._style_text(item, t.color(color), size, pg.mkBrush(t.fill() if fill else None))
        # Under the markers, so a label never hides a neighbouring point.
        self._add([(item, -1)])
        return item

    def _on_points(self) -> None:
        """The points changed: a name for each (up to NAME_TEXT_MAX points), α's again."""
        self._schedule()
        pts = self.model.points
        shown = len(pts) if len(pts) <= NAME_TEXT_MAX else 0
        while len(self.names) < shown:
            self.names.append(self._new_text("muted", ANNOTATION_PT - 1, False, (1.15, 1.05)))
        for i, item in enumerate(self.names):
            if i < shown:
                item.setText(fmt.point_name(i))
                item.setPos(*pts[i])
            item.setVisible(i < shown)
        self._on_alpha()

    def _on_alpha(self) -> None:
        """α changed: "α₃ = 2" for each point with α > 0, up to ALPHA_TEXT_MAX points
        (beyond, the points' visual draws discs sized by α)."""
        self._schedule()
        a, pts = self.model.alpha, self.model.points
        used = 0
        if a is not None and len(a) == len(pts) and len(a) <= ALPHA_TEXT_MAX:
            for i in np.flatnonzero(a > 0):
                if used == len(self.alphas):
                    self.alphas.append(self._new_text("ink", ANNOTATION_PT, True, (-0.4, 1.2)))
                item = self.alphas[used]
                self.alpha_points[used : used + 1] = [int(i)]
                name = fmt.point_sub(int(i)).replace("x", "α", 1)
                item.setText(f"{name} = {fmt.fmt(float(a[i]))}")
                item.setPos(*pts[i])
                item.setVisible(True)
                used += 1
        del self.alpha_points[used:]
        for item in self.alphas[used:]:
            item.setVisible(False)

    # ------------------------------------------------------------------ placing

    def begin(
        self,
        placer: Placer,
        px: FloatArray,
        to_px: Callable[[float, float], Point],
        *,
        gap: float,
        ring_gap: dict[int, float],
        diameter: float,
        put: Put,
        frame: tuple[float, ...],
    ) -> None:
        """Start a layout pass: the placer (the texts placed before the labels, the lines),
        the points in pixels (`px`: every point, when names or α's may be shown), the gaps,
        and `frame` (the plot's bounds, the radius and the view's transform: with the
        points' pixels, what decides whether the last pass's memos still hold)."""
        px = np.asarray(px, dtype=np.float64).reshape(-1, 2)
        same = self.reuse and self._seen is not None and self._seen[0] == frame
        same = same and self._seen is not None and np.array_equal(self._seen[1], px)
        if not same:
            self._memo.clear()
            self._seen = (frame, px.copy())
        own = px.tolist() if len(self.model.points) <= ALPHA_TEXT_MAX else []
        nearest: list[float] = []
        if len(own) >= 2:
            dd = np.hypot(px[:, None, 0] - px[None, :, 0], px[:, None, 1] - px[None, :, 1])
            np.fill_diagonal(dd, np.inf)
            nearest = dd.min(axis=1).tolist()
        radius = float(frame[4]) if len(frame) > 4 else 0.5 * diameter
        self._pass = _Pass(
            placer, px, to_px, gap, ring_gap, diameter, radius, put, {}, {}, [], nearest, own, same
        )

    def placed_leaders(self) -> list[Segment]:
        """The leader lines placed so far in this pass (the texts placed between the ringed
        points' names and the others keep off them where they can)."""
        return [] if self._pass is None else list(self._pass.leaders.values())

    def ringed(self) -> list[int]:
        """The ringed points whose names go first (the texts about the update go round
        them)."""
        p = self._pass
        return [] if p is None else [i for i in p.ring_gap if i < len(self.names)]

    def place_names(self, which: list[int] | None = None, *, skip: tuple[int, ...] = ()) -> None:
        """Place the names of points `which` (all but `skip` when None), in this pass."""
        indices = range(len(self.names)) if which is None else which
        for i in indices:
            if i not in skip and i < len(self.names):
                self._place_label("name", i, self.names[i])

    def place_alphas(self) -> None:
        """Place the α texts, in this pass."""
        for i, item in zip(self.alpha_points, self.alphas, strict=False):
            self._place_label("alpha", i, item)

    def finish(self) -> tuple[dict[str, Rect], dict[str, Segment]]:
        """End the pass: draw the leader lines; the labels' places and leader lines."""
        p = self._pass
        self._pass = None
        if p is None:
            return {}, {}
        if not (p.same and p.leaders == self.leaders_px):  # (else drawn there already)
            self._draw_leaders(p.leaders)
        self.leaders_px = dict(p.leaders)
        self.hidden = [
            i for i, item in enumerate(self.names) if item.isVisible() and f"name{i}" not in p.rects
        ]
        return p.rects, p.leaders

    def _clear_first(
        self, p: _Pass, i: int, cands: list[Point], size: tuple[float, float]
    ) -> tuple[list[Point], list[Point]]:
        """`cands` split into the places read as point i's (the text's centre at most half
        as far from point i as from any other point: a reader tells whose it is without
        counting) and the others (between two points: a neighbour's too)."""
        return _split_by_ambiguity(p, i, cands, size)

    def _near(self, p: _Pass, i: int) -> float:
        """How far (pixels, from point i's centre) its label may sit without a leader line:
        NAME_NEAR marker diameters off the edge of its marker, or of the ring round it."""
        ringed = i in p.ring_gap
        edge = p.ring_gap[i] - 2 * theme().scale if ringed else 0.5 * p.diameter
        return max(edge, 0.5 * p.diameter) + NAME_NEAR * p.diameter

    def _unled(self, p: _Pass, i: int, how: str | None, g: float) -> float:
        """How far (pixels, from point i's centre) a label placed `how` may sit without a
        leader line: `_near` for a clear place (no other point nearer it); touching the
        point's marker or ring for a place further off or between it and a neighbour
        (the ring of the point updated on is wide: a name just outside it sat by another
        point, and was read as that one's)."""
        return self._near(p, i) if how == "clear" else g + LEADER_TOUCH * theme().scale

    def _led(
        self,
        p: _Pass,
        i: int,
        cands: list[Point],
        size: tuple[float, float],
        g: float,
        how: str = "clear",
    ) -> Iterator[Point]:
        """`cands` (in order, as they are asked for) but those on another label's leader
        line, and those further from point i than `_unled` whose leader line would be longer
        than LEADER_REACH marker diameters, pass over another point, or cross another
        leader line or a text placed before (a name, an α, the legend, a banner; the rings
        and arrowheads kept free): a place that needs a line to its point keeps it only
        when the line is short and alone. (Tried one by one: most labels take one of their
        first few places.)"""
        cx, cy = p.to_px(*self.model.points[i])
        near = self._unled(p, i, how, g)
        longest = LEADER_REACH * p.diameter + 0.5
        w, h = size
        keep = p.radius
        others = p.own if p.own else p.px.tolist()
        lines = list(p.leaders.values())
        boxes = p.boxes
        placer = p.placer
        for x, y in cands:
            if boxes and any(
                x <= x1 and bx0 <= x + w and y <= y1 and by0 <= y + h and crosses((x, y, w, h), seg)
                for (bx0, by0, x1, y1), seg in zip(boxes, lines, strict=True)
            ):
                continue  # (on another label's leader line)
            nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)  # (its nearest point)
            d = math.hypot(nx - cx, ny - cy)
            if d <= near:
                yield (x, y)
                continue
            # The leader from g off the point to the text (constants.leader_line).
            f = min(1.0, g / d)
            sx, sy = cx + f * (nx - cx), cy + f * (ny - cy)
            ux, uy = nx - sx, ny - sy
            nn = ux * ux + uy * uy
            if nn > longest * longest or not placer.is_free((x, y, w, h)):
                continue  # (too long; on a point or a text: before the line's tests)
            reach = math.sqrt(nn) + keep
            crossed = False
            for j, (qx, qy) in enumerate(others):
                ax, ay = qx - sx, qy - sy
                if j == i or abs(ax) > reach or abs(ay) > reach:
                    continue
                t = min(1.0, max(0.0, (ax * ux + ay * uy) / nn)) if nn > 0 else 0.0
                if math.hypot(ax - t * ux, ay - t * uy) <= keep:
                    crossed = True
                    break
            if crossed:
                continue
            seg = (sx, sy, nx, ny)
            if any(segments_cross(seg, other) for other in lines):
                continue
            if any(segments_cross(seg, arrow) for arrow in placer.arrows):
                continue  # (across an arrow: x9's line ran over the new w)
            # Over no text placed: its own point's ring (reserved as a square round it) aside.
            lx0, lx1 = min(sx, nx) - 1.0, max(sx, nx) + 1.0
            ly0, ly1 = min(sy, ny) - 1.0, max(sy, ny) + 1.0
            if any(
                r[0] <= lx1
                and lx0 <= r[0] + r[2]
                and r[1] <= ly1
                and ly0 <= r[1] + r[3]
                and not (r[0] <= cx <= r[0] + r[2] and r[1] <= cy <= r[1] + r[3])
                and crosses(r, seg)
                for r in placer.taken
            ):
                continue
            yield (x, y)

    def _still(
        self, p: _Pass, i: int, r: Rect, size: tuple[float, float], g: float, how: str
    ) -> bool:
        """Whether a label's last place `r` (taken `how`) holds by `_led`'s rules in this
        pass (the leader lines and texts placed before it may differ from the last pass's)."""
        return next(self._led(p, i, [(r[0], r[1])], size, g, how), None) is not None

    def _place_label(self, kind: str, i: int, item: pg.TextItem) -> None:
        """A point's name or α beside its point (a free corner or side within about two
        marker diameters, on the side away from a neighbour), else on free room a little
        further joined to it by a thin leader line, else beside it between it and a
        neighbour, else hidden (hovering the point tells its name). Wherever it goes, a
        label further than `_near` from its point is joined to it by a leader line, and
        takes such a place only when the line passes over no other point. While no point
        moved, it keeps the place it had when that is still free (a leader's only when no
        place beside the point is)."""
        p = self._pass
        pts = self.model.points
        if p is None or not item.isVisible() or not 0 <= i < len(pts):
            return
        placer = p.placer
        r = item.textItem.boundingRect()
        size = (float(r.width()), float(r.height()))
        cx, cy = p.to_px(*pts[i])
        g = p.ring_gap.get(i, p.gap)
        ringed = i in p.ring_gap
        key = f"{kind}{i}"
        memo = self._memo.get(key) if p.same else None
        if memo is not None and (memo.size, memo.gap, memo.ringed) != (size, g, ringed):
            memo = None
        if memo is None:
            clear, unclear = self._clear_first(p, i, near_places(cx, cy, size, g, ringed), size)
            memo = _Memo(size, g, ringed, clear, unclear, None, None, None, None, None)
        got: Rect | None = None
        how: str | None = None
        across = False  # (taken across a line: no place off every line in any tier)
        last, lastly = memo.rect, memo.kind
        if (
            last is not None
            and lastly is not None
            and (lastly == "clear" or memo.across)
            and self._still(p, i, last, size, g, lastly)
            and placer.take_if_free(last, lines=not memo.across)
        ):
            # Its last place beside its point, or its last across a line for want of one
            # off every line (the tiers' scans found none then), while it holds.
            got, how, across = last, lastly, memo.across
        # Beside it, further with a leader line (its last such place first, while it
        # holds), between it and a neighbour: first a place across no line (the model's
        # line, the update's arrows) in any of these, then one across the fewest (a place
        # beside the point across the line beat a free one a little further: α15 = 1 sat
        # on the line).
        # Read as its own before off the lines: a place between it and a neighbour (it
        # names either) comes after those beside it or with a leader across a line (on
        # its box): with every line drawn over the data kept off, x2 in the lesson's "Why
        # it stops", on Novikoff's circle, went between x1 and x2.
        for tier, strict in TIERS:
            if got is not None:
                break
            across = not strict
            if tier == "clear" and memo.clear:
                got = placer.take_free(self._led(p, i, memo.clear, size, g), size, strict=strict)
                how = "clear" if got is not None else None
            elif tier == "leader":
                if strict and lastly == "leader" and last is not None:
                    if self._still(p, i, last, size, g, "leader") and placer.take_if_free(last):
                        got, how = last, "leader"
                        continue
                far = memo.far
                if far is None:
                    far = placer.scan_within(size, cx, cy, g + LEADER_REACH * p.diameter)
                    # Those on a point stay so while the memo holds (no point moved on
                    # screen): left out once, not tried at every pass (a hidden name tries
                    # them all).
                    far = [(x, y) for x, y in far if not placer.points_under((x, y, *size))]
                    # Nor those so near that they get no line but lie between it and a
                    # neighbour (x2 in the lesson's "Why it stops", its places beside it
                    # taken, touched its ring 52 px from it and 76 from x1, no line).
                    unled = self._unled(p, i, "leader", g)
                    close = [c for c in far if gap_to(c, size, cx, cy) <= unled]
                    vague = set(_split_by_ambiguity(p, i, close, size)[1]) if close else set()
                    far = [c for c in far if c not in vague]
                    memo = memo._replace(far=far)
                if far:
                    cands = self._led(p, i, far, size, g, "leader")
                    got = placer.take_free(cands, size, strict=strict)
                how = "leader" if got is not None else None
            elif tier == "unclear" and memo.unclear:
                cands = self._led(p, i, memo.unclear, size, g, "unclear")
                got = placer.take_free(cands, size, strict=strict)
                how = "unclear" if got is not None else None
        leader: Segment | None = None
        if got is not None and gap_to(got[:2], size, cx, cy) > self._unled(p, i, how, g):
            leader = leader_line(got, cx, cy, g)  # (a place of the scan this near needs none)
        item.setOpacity(0.0 if got is None else 1.0)
        self._lift(item, kind, got is not None and placer.crossings(got) > 0)
        pos: Point | None = None
        if got is not None:
            if leader is not None:
                p.leaders[key] = leader
                a, b, c, d = leader
                p.boxes.append((min(a, c) - 1.0, min(b, d) - 1.0, max(a, c) + 1.0, max(b, d) + 1.0))
            at = item.pos()
            if got != memo.rect or memo.pos != (at.x(), at.y()) or tuple(item.anchor) != (0, 0):
                p.put(item, got)  # (else it is there: the same place in the same view)
                at = item.pos()
            pos = (at.x(), at.y())
            p.rects[key] = got
        self._memo[key] = memo._replace(
            rect=got, kind=how, leader=leader, pos=pos, across=across and got is not None
        )

    def _lift(self, item: pg.TextItem, kind: str, crossed: bool) -> None:
        """A label placed across a line (no place off every line was free) is drawn over
        it on its translucent box, so that the line does not strike its text through; any
        other stays under the lines (a line's path stays whole)."""
        z = CROSSED_LABEL_Z if crossed else -1.0
        if item.zValue() == z:
            return
        item.setZValue(z)
        if kind == "name":  # (an α has its box always)
            item.fill = pg.mkBrush(theme().fill() if crossed else None)
            item.update()

    def _draw_leaders(self, leaders: dict[str, Segment]) -> None:
        """The thin lines from points to their names placed further off (pixels in)."""
        if not leaders:
            if self.made:
                self._made_items().setVisible(False)
            return
        line = self._made_items()
        seg = np.asarray(list(leaders.values()), dtype=np.float64).reshape(-1, 2)
        data = self._from_scene(seg)
        if data is None:
            line.setVisible(False)
            return
        line.set_segment(data[:, 0], data[:, 1])
        line.setVisible(True)

    def leader_lines(self) -> dict[str, QtCore.QLineF]:
        """The leader lines of the last pass, in the scene's pixels, by label."""
        return {k: QtCore.QLineF(*v) for k, v in self.leaders_px.items()}


def _split_by_ambiguity(
    p: _Pass, i: int, cands: list[Point], size: tuple[float, float]
) -> tuple[list[Point], list[Point]]:
    """`cands` split into the places read as point i's and the others, as
    `PointLabels._clear_first` says; also for a memo's leader places."""
    own = p.own
    if len(own) < 2 or not cands or i >= len(own):
        return cands, []
    hw, hh = size[0] / 2, size[1] / 2
    ox, oy = own[i]
    mine = [math.hypot(x + hw - ox, y + hh - oy) for x, y in cands]
    # A neighbour q is at least |pq| − |cp| from a centre c: none nearer than
    # (1 + AMBIGUITY) times the farthest centre makes every place clear.
    reach = (1.0 + AMBIGUITY) * max(mine)
    if p.nearest[i] >= reach:
        return cands, []
    near = [
        (qx, qy)
        for j, (qx, qy) in enumerate(own)
        if j != i and math.hypot(qx - ox, qy - oy) < reach
    ]
    clear: list[Point] = []
    unclear: list[Point] = []
    for (x, y), m in zip(cands, mine, strict=True):
        cx, cy = x + hw, y + hh
        ok = all(AMBIGUITY * m <= math.hypot(cx - qx, cy - qy) for qx, qy in near)
        (clear if ok else unclear).append((x, y))
    return clear, unclear

"""The spaces behind the line: the augmented space and the weight space (Qt-free).

Two views explain why three weights give a line (ALGORITHMS.md, the augmented form):

* **The augmented space** x̂ = (x1, x2, 1). Each point is lifted to the plane z = 1 (the
  canvas *is* that plane). The weights ŵ = (w1, w2, b) are the normal of a plane through
  the origin, ŵ·x̂ = 0; it cuts z = 1 in the canvas's line w·x + b = 0. An update is the
  vector sum ŵ + ηyx̂ (τ for passive-aggressive, η Σ_M for a batch step): the old normal,
  the step and the new normal close a triangle.
* **The weight space** ŵ = (w1, w2, b) (the plane (w1, w2) with the bias off). Each
  training point is the plane through the origin y ŵ·x̂ = 0, and the weights that
  classify it right lie on one side, y ŵ·x̂ > 0. Where every side is kept is the
  feasible cone (the version space); the perceptron's ŵ_k walk into it.

What is drawn is computed here, in data units, so that a script or a test can check it
against the run; `perceptron_gui.app.spaces` draws it with a `Camera`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.geometry import check_rect, clip_line

FloatArray = npt.NDArray[np.float64]
Vec3 = tuple[float, float, float]
#: A vector given as a sequence or an array.
Vector = Sequence[float] | npt.NDArray[np.float64]

#: The camera's start: looking at the origin from azimuth −60°, 25° above the (x1, x2) plane.
DEFAULT_AZIMUTH = -60.0
DEFAULT_ELEVATION = 25.0
#: "Look down the z axis": the (x1, x2) plane as the canvas shows it (x1 right, x2 up).
TOP_AZIMUTH = -90.0
TOP_ELEVATION = 90.0
#: Directions sampled on the sphere to show the feasible cone (a Fibonacci lattice).
CONE_SAMPLES = 4000
#: Up to this many points the cone is sampled with `CONE_SAMPLES` directions; beyond, with
#: fewer (at least `CONE_MIN_SAMPLES`), and the constraints are checked a chunk at a time.
CONE_FULL_POINTS = 2000
CONE_MIN_SAMPLES = 200
CONE_CHUNK = 4096
#: Points on a constraint's great circle (or half line) as drawn.
CIRCLE_POINTS = 96


@dataclass(frozen=True)
class Camera:
    """An orthographic camera looking at the origin.

    `azimuth` turns about the vertical axis (z, or b in weight space), `elevation` tilts
    above the horizontal plane, both in degrees. ``Camera(-90, 90)`` looks straight down
    the z axis: x1 to the right and x2 up, as on the canvas.
    """

    azimuth: float = DEFAULT_AZIMUTH
    elevation: float = DEFAULT_ELEVATION

    def turned(self, d_azimuth: float, d_elevation: float) -> Camera:
        """The camera turned by a drag: the azimuth wraps, the elevation stays in [−90, 90]."""
        az = (self.azimuth + d_azimuth + 180.0) % 360.0 - 180.0
        el = min(90.0, max(-90.0, self.elevation + d_elevation))
        return Camera(az, el)

    def axes(self) -> tuple[FloatArray, FloatArray, FloatArray]:
        """The screen's right, up and towards-the-viewer directions in world coordinates."""
        a = math.radians(self.azimuth)
        e = math.radians(self.elevation)
        right = np.array([-math.sin(a), math.cos(a), 0.0])
        up = np.array([-math.sin(e) * math.cos(a), -math.sin(e) * math.sin(a), math.cos(e)])
        toward = np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e)])
        return right, up, toward

    def project(self, P: npt.ArrayLike) -> FloatArray:
        """Points (M, 3) → (M, 2) on the screen plane (right, up), in world units."""
        p = np.asarray(P, dtype=np.float64).reshape(-1, 3)
        right, up, _ = self.axes()
        return np.column_stack((p @ right, p @ up))

    def depth(self, P: npt.ArrayLike) -> FloatArray:
        """How near each point is to the viewer (larger: nearer), for drawing far to near."""
        p = np.asarray(P, dtype=np.float64).reshape(-1, 3)
        return p @ self.axes()[2]

    def to_dict(self) -> dict[str, float]:
        return {"azimuth": float(self.azimuth), "elevation": float(self.elevation)}


def lift(X: npt.ArrayLike) -> FloatArray:
    """The points x as x̂ = (x1, x2, 1), shape (N, 3)."""
    x = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    return np.column_stack((x, np.ones(x.shape[0])))


def plane_in_box(normal: Vector, box: Sequence[float]) -> FloatArray:
    """The plane ``normal·p = 0`` cut by the box (x0, x1, y0, y1, z0, z1): its polygon.

    The vertices (M, 3), M in 3..6, in order round the polygon; shape (0, 3) when the
    plane misses the box or the normal is zero.
    """
    n = np.asarray(normal, dtype=np.float64)
    if not np.all(np.isfinite(n)) or not np.any(n):
        return np.zeros((0, 3))
    x0, x1, y0, y1, z0, z1 = (float(v) for v in box)
    corners = np.array(
        [[x, y, z] for x in (x0, x1) for y in (y0, y1) for z in (z0, z1)], dtype=np.float64
    )
    f = corners @ n
    pts: list[FloatArray] = []
    for i in range(8):
        for j in range(i + 1, 8):
            if bin(i ^ j).count("1") != 1:  # not an edge of the box
                continue
            fi, fj = f[i], f[j]
            if fi == 0.0:
                pts.append(corners[i])
            if (fi < 0.0 < fj) or (fj < 0.0 < fi):
                t = fi / (fi - fj)
                pts.append(corners[i] + t * (corners[j] - corners[i]))
    if len(pts) < 3:
        return np.zeros((0, 3))
    P = np.unique(np.round(np.array(pts), 12), axis=0)
    if P.shape[0] < 3:
        return np.zeros((0, 3))
    c = P.mean(axis=0)
    u, v = plane_basis(n)
    ang = np.arctan2((P - c) @ v, (P - c) @ u)
    return np.asarray(P[np.argsort(ang)], dtype=np.float64)


def plane_basis(normal: Vector) -> tuple[FloatArray, FloatArray]:
    """Two orthonormal vectors spanning the plane through the origin with this normal."""
    n = np.asarray(normal, dtype=np.float64)
    n = n / np.linalg.norm(n)
    helper = np.array([1.0, 0.0, 0.0]) if abs(n[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u = np.cross(n, helper)
    u /= np.linalg.norm(u)
    v = np.cross(n, u)
    return u, v


def great_circle(normal: Vector, radius: float, n: int = CIRCLE_POINTS) -> FloatArray:
    """The circle of radius `radius` round the origin in the plane with this normal, (n+1, 3)."""
    u, v = plane_basis(normal)
    t = np.linspace(0.0, 2.0 * math.pi, n + 1)
    return np.asarray(radius * (np.outer(np.cos(t), u) + np.outer(np.sin(t), v)), dtype=np.float64)


def sphere_directions(n: int = CONE_SAMPLES) -> FloatArray:
    """`n` nearly even unit vectors on the sphere (a Fibonacci lattice), shape (n, 3)."""
    i = np.arange(n, dtype=np.float64) + 0.5
    z = 1.0 - 2.0 * i / n
    r = np.sqrt(np.maximum(0.0, 1.0 - z * z))
    phi = i * math.pi * (3.0 - math.sqrt(5.0))
    return np.column_stack((r * np.cos(phi), r * np.sin(phi), z))


# --------------------------------------------------------------------- augmented


@dataclass(frozen=True)
class Update3:
    """An update in the augmented space: the old ŵ, the step (ηyx̂, τyx̂ or η Σ_M yx̂) and the
    new ŵ, which is old + step."""

    old: Vec3
    step: Vec3
    new: Vec3
    points: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "old": list(self.old),
            "step": list(self.step),
            "new": list(self.new),
            "points": list(self.points),
        }


@dataclass(frozen=True)
class AugmentedScene:
    """What the augmented view draws, in data units.

    Attributes
    ----------
    points
        The lifted points x̂ (N, 3).
    labels
        Their labels (N,).
    normal
        ŵ = (w1, w2, b): the plane's normal (b = 0 with the bias off).
    line
        The plane's cut with z = 1 inside the canvas's view: two (x1, x2) points, the
        canvas's own line; None when there is no line there.
    box
        (x0, x1, y0, y1, z0, z1): the canvas's view in x1, x2, and z from −1 to 1 beyond
        the lifted plane, so that the plane through the origin is seen reaching z = 1.
    plane
        The plane ŵ·x̂ = 0 cut by the box (M, 3); empty with ŵ = 0.
    update
        The last update, or None.
    radius, direction
        D (the radius of the ball holding every x̂) and û* (None when not separable).
    """

    points: FloatArray
    labels: FloatArray
    normal: Vec3
    line: tuple[tuple[float, float], tuple[float, float]] | None
    box: tuple[float, float, float, float, float, float]
    plane: FloatArray
    update: Update3 | None
    radius: float | None
    direction: Vec3 | None


def augmented_scene(
    X: npt.ArrayLike,
    y: npt.ArrayLike,
    w: Sequence[float],
    b: float,
    view: Sequence[float],
    *,
    update: Update3 | None = None,
    radius: float | None = None,
    direction: Sequence[float] | None = None,
) -> AugmentedScene:
    """The augmented view of points `X`, labels `y` and weights (w, b) in the canvas's `view`.

    `view` is the canvas's range (x0, x1, y0, y1): the line at z = 1 is clipped to it
    exactly as the canvas clips its own (`geometry.clip_line`).
    """
    normal: Vec3 = (float(w[0]), float(w[1]), float(b))
    try:
        rect = check_rect(view, "view")
    except ValueError:  # a view that cannot be drawn (coordinates near the float limit)
        rect = (-1.0, 1.0, -1.0, 1.0)
    seg = clip_line((normal[0], normal[1]), normal[2], rect)
    line = None if seg is None else ((seg[0][0], seg[0][1]), (seg[1][0], seg[1][1]))
    x0, x1, y0, y1 = rect
    half = 0.5 * max(x1 - x0, y1 - y0)
    z = max(1.5, min(half, 3.0))
    box = (x0, x1, y0, y1, -z, z)
    d = None if direction is None else tuple(float(v) for v in direction)
    return AugmentedScene(
        points=lift(X),
        labels=np.asarray(y, dtype=np.float64).reshape(-1),
        normal=normal,
        line=line,
        box=box,
        plane=plane_in_box(normal, box),
        update=update,
        radius=radius,
        direction=None if d is None or len(d) != 3 or not any(d) else (d[0], d[1], d[2]),
    )


def update3(
    w_before: Sequence[float],
    b_before: float,
    w_after: Sequence[float],
    b_after: float,
    points: Sequence[int],
    bias: bool,
) -> Update3:
    """The update from the step record's weights: the step is what the mode added (new − old).

    With the bias off the third coordinate stays 0 (b is not learned).
    """
    old = (float(w_before[0]), float(w_before[1]), float(b_before) if bias else 0.0)
    new = (float(w_after[0]), float(w_after[1]), float(b_after) if bias else 0.0)
    step = (new[0] - old[0], new[1] - old[1], new[2] - old[2])
    return Update3(old, step, new, tuple(int(i) for i in points))


# ------------------------------------------------------------------------ weights


def constraint_normals(X: npt.ArrayLike, y: npt.ArrayLike, bias: bool) -> FloatArray:
    """Each point's constraint y ŵ·x̂ > 0 as its normal y x̂ (N, 3); the third 0 without bias."""
    x = lift(X)
    if not bias:
        x[:, 2] = 0.0
    return np.asarray(x * np.asarray(y, dtype=np.float64).reshape(-1, 1), dtype=np.float64)


def satisfied(normals: FloatArray, w_hat: Vector) -> npt.NDArray[np.bool_]:
    """Which constraints ŵ keeps: y ŵ·x̂ > 0 (a point on the plane is a mistake, as in a run)."""
    return np.asarray(normals @ np.asarray(w_hat, dtype=np.float64) > 0.0)


def feasible(normals: FloatArray, w_hat: Vector) -> bool:
    """True when ŵ classifies every point right: it lies inside the feasible cone."""
    return bool(np.all(satisfied(normals, w_hat)))


@dataclass(frozen=True)
class WeightScene:
    """What the weight view draws, in weight units.

    Attributes
    ----------
    normals
        The constraints' normals y x̂ (N, 3).
    path
        ŵ_0, ŵ_1, … ŵ_k (k + 1, 3): the weights after each update, the start first.
    current
        The ŵ shown (the timeline's), one of `path`'s rows.
    violated
        The points whose constraint `current` breaks (y ŵ·x̂ ≤ 0), 0-based.
    radius
        The sphere the constraints are drawn on: it holds the whole path.
    cone
        Sampled directions of the feasible cone on that sphere (M, 3); empty when the
        cone is empty (the data are not separable through the origin of this space).
    bias
        False: the space is the plane (w1, w2) (third coordinates 0).
    """

    normals: FloatArray
    path: FloatArray
    current: Vec3
    violated: tuple[int, ...]
    radius: float
    cone: FloatArray
    bias: bool

    @property
    def feasible(self) -> bool:
        return not self.violated


def weight_scene(
    X: npt.ArrayLike,
    y: npt.ArrayLike,
    path: npt.ArrayLike,
    bias: bool,
    *,
    samples: int = CONE_SAMPLES,
) -> WeightScene:
    """The weight view of the points' constraints and the path of ŵ (the last row current)."""
    normals = constraint_normals(X, y, bias)
    P = np.asarray(path, dtype=np.float64).reshape(-1, 3)
    if not bias:
        P = P.copy()
        P[:, 2] = 0.0
    cur = P[-1] if P.shape[0] else np.zeros(3)
    norms = np.linalg.norm(P, axis=1) if P.shape[0] else np.zeros(1)
    finite = norms[np.isfinite(norms)]
    radius = float(max(1.0, finite.max() if finite.size else 1.0))
    n = normals.shape[0]
    if n > CONE_FULL_POINTS:  # fewer directions for many points: the work stays bounded
        samples = max(CONE_MIN_SAMPLES, samples * CONE_FULL_POINTS // n)
    if samples <= 0:
        dirs = np.zeros((0, 3))
    elif bias:
        dirs = sphere_directions(samples)
    else:
        t = np.linspace(0.0, 2.0 * math.pi, samples, endpoint=False)
        dirs = np.column_stack((np.cos(t), np.sin(t), np.zeros_like(t)))
    keep = np.ones(dirs.shape[0], dtype=bool)
    for start in range(0, n, CONE_CHUNK):  # (directions × a chunk of points at a time)
        block = normals[start : start + CONE_CHUNK]
        keep &= np.all(dirs @ block.T > 0.0, axis=1)
    cone = dirs[keep] * radius
    violated = tuple(int(i) for i in np.flatnonzero(~satisfied(normals, cur)))
    return WeightScene(
        normals=normals,
        path=P,
        current=(float(cur[0]), float(cur[1]), float(cur[2])),
        violated=violated,
        radius=radius,
        cone=np.asarray(cone, dtype=np.float64),
        bias=bias,
    )


def constraint_curve(normal: Vector, radius: float, bias: bool) -> FloatArray:
    """How a point's constraint is drawn: a great circle of the sphere (with the bias) or,
    in the plane (w1, w2), its line through the origin from −radius to radius."""
    n = np.asarray(normal, dtype=np.float64)
    if bias:
        return great_circle(n, radius)
    d = np.array([-n[1], n[0], 0.0])
    norm = float(np.linalg.norm(d))
    if norm == 0.0:
        return np.zeros((0, 3))
    d /= norm
    return np.array([-radius * d, radius * d])


def allowed_ticks(normal: Vector, radius: float, bias: bool, n: int = 12) -> FloatArray:
    """Short strokes from a constraint's curve into its allowed side, (n, 2, 3): the side of
    y ŵ·x̂ > 0 that a point's weights must keep, drawn like the hatching of a map's border."""
    nn = np.asarray(normal, dtype=np.float64)
    norm = float(np.linalg.norm(nn))
    if norm == 0.0:
        return np.zeros((0, 2, 3))
    unit = nn / norm
    curve = constraint_curve(nn, radius, bias)
    if curve.shape[0] < 2:
        return np.zeros((0, 2, 3))
    if bias:
        idx = np.linspace(0, curve.shape[0] - 1, n, endpoint=False).astype(int)
        base = curve[idx]
    else:
        t = np.linspace(-1.0, 1.0, n)
        base = np.outer(t, curve[1])
    tip = base + 0.08 * radius * unit
    return np.stack((base, tip), axis=1)

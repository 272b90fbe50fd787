"""Seeded random data sets for teaching: separable, noisy, XOR, blobs, circles.

Every generator draws from ``np.random.default_rng(seed)``, so the same
arguments always give the same data set. Points live in (or around) the box
``[-5, 5]²``, a scale at which a grid of 0.5 reads well on screen.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError

FloatArray = npt.NDArray[np.float64]

KINDS: tuple[str, ...] = (
    "separable",
    "noisy",
    "xor",
    "blobs",
    "circles",
    "example",
    "update-geometry",
)
#: The one set of defaults of `generate`, the command line's ``perceptron generate`` and
#: the window's Generate… and ``window.generate``: the same kind, N, seed, margin and
#: noise give the same points everywhere.
DEFAULTS: dict[str, float] = {"n": 40, "margin": 0.1, "noise": 0.1, "seed": 0}

#: Half the side of the box the points are drawn in.
BOX = 5.0
#: The most points a generator makes (8 bytes x 3 x 10^7 = 240 MB).
MAX_N = 10_000_000
#: The generating line passes within this distance of the origin ...
_MAX_OFFSET = 0.5
#: ... so a margin below this leaves room on both sides inside the box.
MAX_MARGIN = 4.0

#: The worked example of ALGORITHMS.md.
EXAMPLE_POINTS = ((3.0, 3.0), (4.0, 3.0), (1.0, 1.0))
EXAMPLE_LABELS = (1.0, 1.0, -1.0)
#: "update-geometry": six points whose cyclic run (η = 1, from 0) makes 5 updates, and
#: each update after the first adds ηyx at an angle to w (old w, ηyx and new w make a
#: triangle, not a line as in the worked example, where x3 lies along w).
GEOMETRY_POINTS = ((2.0, -4.0), (-2.0, 0.0), (4.0, 2.0), (3.0, -3.0), (-2.0, -2.0), (2.0, 0.0))
GEOMETRY_LABELS = (-1.0, -1.0, 1.0, 1.0, -1.0, 1.0)


def _check_args(kind: str, n: Any, margin: Any, noise: Any, seed: Any) -> None:
    if kind not in KINDS:
        raise DataError(f"unknown kind {kind!r}; choose one of {', '.join(KINDS)}")
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise DataError(f"n must be a whole number, got {n!r}")
    if n < 1:
        raise DataError(f"n must be at least 1, got {n}")
    if n > MAX_N:
        raise DataError(f"n must be at most {MAX_N:,}, got {n:,}")
    try:
        m, e = float(margin), float(noise)
    except (TypeError, ValueError):
        raise DataError(f"margin and noise must be numbers, got {margin!r}, {noise!r}") from None
    if not (math.isfinite(m) and 0.0 <= m < MAX_MARGIN):
        raise DataError(f"margin must be in [0, {MAX_MARGIN:g}), got {margin!r}")
    if not (math.isfinite(e) and 0.0 <= e <= 1.0):
        raise DataError(f"noise must be in [0, 1], got {noise!r}")
    # numpy's own refusal of a negative seed is a bare ValueError, not a user's message.
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise DataError(f"seed must be a whole number >= 0, got {seed!r}")


def _separable_with_line(
    n: int, margin: float, rng: np.random.Generator
) -> tuple[FloatArray, FloatArray, FloatArray, float]:
    """Separable points and the line that made them.

    Returns
    -------
    X, y, w, c
        Points (n, 2) uniform in the box at distance >= margin from the line
        ``w·x + c = 0`` (``||w|| = 1``), labels ``sign(w·x + c)``; both classes
        when n >= 2.
    """
    angle = rng.uniform(0.0, 2.0 * math.pi)
    w = np.array([math.cos(angle), math.sin(angle)])
    c = float(rng.uniform(-_MAX_OFFSET, _MAX_OFFSET))
    # The strip of half-width `margin` covers at most 2 * margin * (box diagonal)
    # of the box's area; draw in batches sized for the expected acceptance.
    area = (2 * BOX) ** 2
    accept = max(1.0 - 2 * margin * 2 * BOX * math.sqrt(2) / area, 0.02)
    kept: list[FloatArray] = []
    have = 0
    while have < n:
        batch = int(min((n - have) / accept * 1.1 + 64, 4 * MAX_N))
        P = rng.uniform(-BOX, BOX, size=(batch, 2))
        s = P @ w + c
        P = P[np.abs(s) >= margin]
        kept.append(P)
        have += P.shape[0]
    X = np.concatenate(kept)[:n]
    y = np.where(X @ w + c > 0, 1.0, -1.0)
    if n >= 2 and not (np.any(y > 0) and np.any(y < 0)):
        # Rare: all points fell on one side. Replace the last with one from the other.
        want = -y[0]
        while True:
            P = rng.uniform(-BOX, BOX, size=(1024, 2))
            s = P @ w + c
            ok = np.flatnonzero((np.abs(s) >= margin) & (np.sign(s) == want))
            if ok.size:
                X[-1] = P[ok[0]]
                y[-1] = want
                break
    return X, y, w, c


def _flip(y: FloatArray, noise: float, rng: np.random.Generator) -> FloatArray:
    """Flip exactly ``round(noise * n)`` labels, chosen at random."""
    k = int(round(noise * y.shape[0]))
    idx = rng.choice(y.shape[0], size=k, replace=False)
    out = y.copy()
    out[idx] = -out[idx]
    return out


def _two_classes(n: int) -> tuple[int, int]:
    return n - n // 2, n // 2


def _shuffle(
    X: FloatArray, y: FloatArray, rng: np.random.Generator
) -> tuple[FloatArray, FloatArray]:
    perm = rng.permutation(y.shape[0])
    return X[perm], y[perm]


def generate(
    kind: str,
    n: int = 40,
    *,
    margin: float = 0.1,
    noise: float = 0.1,
    seed: int = 0,
) -> Dataset:
    """Make a random data set.

    Parameters
    ----------
    kind
        One of `KINDS`:

        - ``"separable"``: n points uniform in ``[-5, 5]²`` labelled by a random
          line passing within 0.5 of the origin; every point is at distance at
          least ``margin`` from that line; both classes when n >= 2.
        - ``"noisy"``: the same points (same seed) with exactly
          ``round(noise * n)`` labels flipped.
        - ``"xor"``: points uniform in the box, label ``sign(x1 * x2)``; points
          closer than ``margin`` to an axis are left out.
        - ``"blobs"``: two Gaussian blobs centred at ±(2, 1.5) with standard
          deviation ``1 + 5 * noise`` (may overlap), half the points each.
        - ``"circles"``: an inner ring of radius 1.5 (+1) and an outer ring of
          radius 3.5 (-1), radii jittered by a Gaussian of standard deviation
          ``2.5 * noise``, half the points each.
        - ``"example"``: the worked example of ALGORITHMS.md,
          (3, 3) +1, (4, 3) +1, (1, 1) -1; ignores the other arguments.
        - ``"update-geometry"``: six fixed points (`GEOMETRY_POINTS`) whose updates
          draw real triangles old w + ηyx = new w; ignores the other arguments.
    n
        Number of points, 1 to 10^7.
    margin
        Half-width of the empty strip ("separable", "noisy", "xor"), in [0, 4).
    noise
        Fraction of flipped labels ("noisy") or spread ("blobs", "circles"),
        in [0, 1].
    seed
        Seed of ``np.random.default_rng``, a whole number >= 0.

    Returns
    -------
    Dataset

    Raises
    ------
    DataError
        On an unknown kind or an argument out of range (the message names it).
    """
    _check_args(kind, n, margin, noise, seed)
    n, margin, noise = int(n), float(margin), float(noise)
    if kind == "example":
        return make_dataset(EXAMPLE_POINTS, EXAMPLE_LABELS)
    if kind == "update-geometry":
        return make_dataset(GEOMETRY_POINTS, GEOMETRY_LABELS)
    rng = np.random.default_rng(seed)
    if kind in ("separable", "noisy"):
        X, y, _, _ = _separable_with_line(n, margin, rng)
        if kind == "noisy":
            y = _flip(y, noise, rng)
    elif kind == "xor":
        X = _xor_points(n, margin, rng)
        y = np.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
    elif kind == "blobs":
        n_pos, n_neg = _two_classes(n)
        sd = 1.0 + 5.0 * noise
        centre = np.array([2.0, 1.5])
        X = np.concatenate(
            [rng.normal(centre, sd, size=(n_pos, 2)), rng.normal(-centre, sd, size=(n_neg, 2))]
        )
        y = np.concatenate([np.ones(n_pos), -np.ones(n_neg)])
        X, y = _shuffle(X, y, rng)
    else:  # circles
        n_pos, n_neg = _two_classes(n)
        radius = np.concatenate([np.full(n_pos, 1.5), np.full(n_neg, 3.5)])
        radius = np.abs(radius + rng.normal(0.0, 2.5 * noise, size=n))
        angle = rng.uniform(0.0, 2.0 * math.pi, size=n)
        X = np.column_stack([radius * np.cos(angle), radius * np.sin(angle)])
        y = np.concatenate([np.ones(n_pos), -np.ones(n_neg)])
        X, y = _shuffle(X, y, rng)
    return make_dataset(X, y)


def _xor_points(n: int, margin: float, rng: np.random.Generator) -> FloatArray:
    # Each axis strip removes at most a fraction margin / BOX (< 0.8) of the box.
    accept = max((1.0 - margin / BOX) ** 2, 0.01)
    kept: list[FloatArray] = []
    have = 0
    while have < n:
        batch = int(min((n - have) / accept * 1.1 + 64, 4 * MAX_N))
        P = rng.uniform(-BOX, BOX, size=(batch, 2))
        P = P[np.all(np.abs(P) >= margin, axis=1)]
        kept.append(P)
        have += P.shape[0]
    X = np.concatenate(kept)[:n]
    prod = X[:, 0] * X[:, 1]
    if n >= 2 and (np.all(prod > 0) or np.all(prod < 0)):
        X[-1, 0] = -X[-1, 0]  # mirror one point into a quadrant of the other class
    return X

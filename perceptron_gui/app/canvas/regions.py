"""The values of f on the canvas's region grid, updated by what changed since the last frame.

A kernel answer ``f(x) = Σ_j c_j K(s_j, x) + b`` and a vote ``f(x) = Σ_j c_j sign(ŵ_j·x̂)``
grow by a few terms per update, while scoring the whole grid costs O(grid × terms): at
1000 support points some 50 ms a frame. `RegionGrid` keeps the grid's values and the model
they were computed for; on the next model over the same grid it adds only the terms
that changed (new or changed α_j y_j matched by data index, the bias; new vote vectors
and changed counts matched as a common prefix of the vector list), and recomputes in
full when the view (or the grid's shape) moved, when the models cannot be matched, or
when more terms changed than a full pass would score (a term costs the same either way:
the RBF's centred BLAS form, a vote's vectors by where their lines cross the rows).
Qt-free; the canvas calls `RegionGrid.values`, and `RegionGrid.at` for a vote's totals at
the data points.

A vote's terms grow with the run (10⁶ vectors after a long run: a full pass over the grid
took minutes), so they are added within a time budget: the call returns the values of
the last vote whose terms are all in (None when there is none for this grid yet) and
`pending` says that work is left; the next call, with any later vote of the same run,
goes on where this one stopped (issue 35).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.model import KernelModel, Model, VoteModel, kernel_block

FloatArray = npt.NDArray[np.float64]

_BLOCK_ELEMENTS = 1 << 21
#: A run's vote is reached from the one kept at most this many vectors a step (their terms
#: made in one go: ~3-6 ms at 2^15, 0.25 s at 10^6).
VOTE_TAIL = 1 << 15


@dataclass(frozen=True)
class GridSpec:
    """A grid of nx × ny cell centres over the rectangle (x0, y0, w, h)."""

    x0: float
    y0: float
    w: float
    h: float
    nx: int
    ny: int

    def points(self) -> FloatArray:
        """The cell centres, row-major (y outer), shape (ny·nx, 2)."""
        xs = self.x0 + (np.arange(self.nx) + 0.5) * (self.w / self.nx)
        ys = self.y0 + (np.arange(self.ny) + 0.5) * (self.h / self.ny)
        gx, gy = np.meshgrid(xs, ys)
        return np.column_stack([gx.ravel(), gy.ravel()])


class RegionGrid:
    """The grid's values of f for the last model, kept up to date incrementally.

    Attributes
    ----------
    full_passes
        How many times the grid was scored in full (for tests and benchmarks).
    """

    def __init__(self) -> None:
        self._spec: GridSpec | None = None
        self._grid: FloatArray = np.zeros((0, 2))
        self._f: FloatArray = np.zeros(0)
        # A kernel model's sum Σ_j c_j K(s_j, x) without b, and a bound on how far it
        # and `decision`'s own sum may be from the exact one (see `_kernel_values`).
        self._s: FloatArray = np.zeros(0)
        self._err: FloatArray = np.zeros(0)
        self._model: Model | None = None
        #: A vote's terms not yet added (see `_VoteWork`).
        self._work: _VoteWork | None = None
        self.full_passes = 0
        #: Cells whose sign was in doubt and were scored by `model.decision` itself.
        self.exact_cells = 0

    @property
    def pending(self) -> bool:
        """True while a vote's terms are left to add (call `values` or `at` again)."""
        return self._work is not None

    def values(
        self, model: Model, spec: GridSpec, budget: float | None = None
    ) -> FloatArray | None:
        """f on the grid of `spec` for `model`, shape (ny, nx) (a fresh array).

        With a `budget` (seconds), a vote's terms are added for about that long: the values
        are then those of the last vote done (None: none yet on this grid) while `pending`.
        """
        if spec != self._spec:
            self._spec = spec
            self._grid = spec.points()
            self._model = None
            self._work = None
        if not self._score(model, budget) and self._model is None:
            return None
        return self._f.reshape(spec.ny, spec.nx).copy()

    def at(
        self, model: Model, points: npt.ArrayLike, budget: float | None = None
    ) -> FloatArray | None:
        """f at `points` (shape (n, 2)) for `model`, kept between calls as on a grid (the
        training points, whose vote is asked for every frame); a fresh array. A vote's
        values are `model.decision`'s bits (whole counts sum exactly). `budget` as in
        `values`."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        if self._spec is not None or not np.array_equal(self._grid, pts):
            self._spec = None
            self._grid = pts.copy()
            self._model = None
            self._work = None
        if not self._score(model, budget) and self._model is None:
            return None
        return self._f.copy()

    def _score(self, model: Model, budget: float | None = None) -> bool:
        """The kept values made `model`'s: by what changed, else in full. False when a
        vote's terms are left (the kept values are then an earlier vote's, or none)."""
        if isinstance(model, VoteModel):
            deadline = None if budget is None else time.perf_counter() + budget
            return self._score_vote(model, deadline)
        self._work = None
        full = self._model is None or not self._update(self._model, model)
        if full:
            if isinstance(model, KernelModel):
                self._kernel_full(model)
            else:
                self._f = np.asarray(model.decision(self._grid), dtype=np.float64)
            self.full_passes += 1
        self._model = model
        if isinstance(model, KernelModel):
            self._f = self._kernel_values(model, rescore=not full)
        return True

    # ------------------------------------------------------------------ kernels

    def _kernel_full(self, model: KernelModel) -> None:
        """The kernel sum (without b) and its error bound on the whole grid."""
        if model.kernel == "linear":
            # decision's own bits (x1*w1 + x2*w2, then + b): exact to its sign; cheap
            # enough that no increment is ever made (see `_update_kernel`).
            w = model.linear_weights()
            assert w is not None
            x = self._grid
            self._s = x[:, 0] * w[0] + x[:, 1] * w[1]
            self._err = np.zeros(x.shape[0])
            return
        self._s, mag = self._kernel_terms(model, model.support, model.coef)
        self._err = _tolerance(model, self._spec, model.coef.shape[0]) * mag

    def _kernel_terms(
        self, model: KernelModel, pts: npt.ArrayLike, coef: FloatArray
    ) -> tuple[FloatArray, FloatArray]:
        """``Σ_j coef_j K(s_j, x)`` on the grid and a bound on ``Σ_j |coef_j| |K|``'s
        rounding scale (the RBF's ``Σ |coef_j| K``; the polynomial's
        ``Σ |coef_j| (|x|·|s_j| + |coef0|)^degree``)."""
        pts = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        both = np.column_stack((coef, np.abs(coef)))
        if model.kernel == "rbf" and self._spec is not None:
            # The grid's separable form (O(rows + columns) exponentials a term): the direct
            # differences of `kernel_block` cost O(cells) a term, and To end changes
            # hundreds of terms between frames.
            out = _rbf_sum(self._grid, pts, both, model.sigma, self._spec)
            return np.ascontiguousarray(out[:, 0]), np.ascontiguousarray(out[:, 1])
        params = (model.kernel, model.degree, model.coef0, model.sigma)
        n = self._grid.shape[0]
        s = np.zeros(n)
        mag = np.zeros(n)
        for cols in self._chunks(np.arange(pts.shape[0])):
            K = kernel_block(self._grid, pts[cols], *params)
            if model.kernel == "rbf":
                part = K @ both[cols]
                s += part[:, 0]
                mag += part[:, 1]
            else:
                s += K @ coef[cols]
        if model.kernel != "rbf":
            mag = _poly_scale(self._grid, pts, np.abs(coef), model.degree, model.coef0)
        return s, mag

    def _kernel_values(self, model: KernelModel, rescore: bool) -> FloatArray:
        """f = sum + b, and `model.decision` itself at the cells whose sign the kept sum
        cannot settle.

        The sum is kept without b: added into f, a b of ±1 absorbed every kernel sum below
        ~1e-16 (far from the data), which became exactly 0, +1, after b went back to 0,
        while `decision` gave -7e-35 there. The kept sum differs from the exact one, and
        so does `decision`'s, by at most ``_err``; where ``|f|`` is within that (the
        boundary's thin band, a sum cancelled to rounding noise) the sign is decision's.
        """
        b = float(model.b)
        f = self._s + b
        with np.errstate(over="ignore", invalid="ignore"):
            thr = self._err + 4.5e-16 * (np.abs(self._s) + abs(b))
        doubt = np.flatnonzero((np.abs(f) <= thr) & (thr > 0.0))
        if rescore and doubt.shape[0] > self._grid.shape[0] // 4:
            # Most of the grid in doubt (a run undone to its start leaves rounding noise
            # everywhere): score afresh, which resets the bound.
            self._kernel_full(model)
            self.full_passes += 1
            return self._kernel_values(model, rescore=False)
        if doubt.shape[0]:
            f[doubt] = model.decision(self._grid[doubt])
            self.exact_cells += int(doubt.shape[0])
        return f

    # ------------------------------------------------------------------ updates

    def _update(self, old: Model, new: Model) -> bool:
        """Add to the kept values what changed from `old` to `new`; False if it cannot."""
        if new is old:
            return True
        if isinstance(old, KernelModel) and isinstance(new, KernelModel):
            return self._update_kernel(old, new)
        return False

    def _update_kernel(self, old: KernelModel, new: KernelModel) -> bool:
        if (old.kernel, old.degree, old.coef0, old.sigma) != (
            new.kernel,
            new.degree,
            new.coef0,
            new.sigma,
        ):
            return False
        if old.index is None or new.index is None or new.kernel == "linear":
            return False
        if self._s.shape[0] != self._grid.shape[0]:
            return False
        # Every data index with its coefficient in either model; Δ = new - old.
        idx = np.union1d(old.index, new.index)
        delta = np.zeros(idx.shape[0])
        pts = np.zeros((idx.shape[0], 2))
        po = np.searchsorted(idx, old.index)
        pn = np.searchsorted(idx, new.index)
        delta[po] -= old.coef
        delta[pn] += new.coef
        pts[po] = old.support
        pts[pn] = new.support
        if np.any(pts[pn] != new.support) or np.any(pts[po] != old.support):
            return False
        changed = np.flatnonzero(delta != 0.0)
        if changed.shape[0] > max(new.coef.shape[0], 1):
            return False  # a full pass scores fewer terms
        if changed.shape[0]:
            ds, mag = self._kernel_terms(new, pts[changed], delta[changed])
            self._s += ds
            self._err += _tolerance(new, self._spec, int(changed.shape[0])) * mag
        # b is added to the sum afresh at every frame (`_kernel_values`), never into it.
        return True

    # ------------------------------------------------------------------ votes

    def _score_vote(self, model: VoteModel, deadline: float | None) -> bool:
        """Go on adding the vote's terms until done or past `deadline` (None: none).

        A run's vote far ahead of the one kept is reached through the votes between, at
        most VOTE_TAIL vectors a step (`_GrowingVote.head`): the terms of one step are made
        at once, and a run at 10⁶ updates a second left the kept vote 10⁶ vectors behind
        (0.25 s in one turn to make their terms)."""
        while True:
            work = self._work
            if work is not None and work.target is not model:
                lineage = work.target.lineage
                if lineage is None or model.lineage is not lineage:
                    work = self._work = None  # another run's vote (a reset, a step back)
            if work is None:
                if self._model is model:
                    return True
                old = self._model if isinstance(self._model, VoteModel) else None
                target = model
                head = getattr(model, "head", None)
                if old is not None and head is not None and model.lineage is old.lineage:
                    target = head(old.W.shape[0] + VOTE_TAIL)
                terms = None if old is None else _vote_changes(old, target)
                if terms is None or terms[2].shape[0] > max(target.W.shape[0], 1):
                    keep = target.counts > 0  # in full (fewer terms than the changes)
                    terms = (
                        target.W[keep],
                        target.B[keep],
                        target.counts[keep].astype(np.float64),
                    )
                    start = np.zeros(self._grid.shape[0])
                    self.full_passes += 1
                else:
                    start = self._f.copy()
                work = self._work = _VoteWork(target, *terms, start)
            if not work.run(self._grid, self._spec, deadline):
                return False
            self._f, self._model, self._work = work.f, work.target, None
            if work.target is model:
                return True
            # (an earlier vote's terms are in: on to the newest's)

    def _chunks(self, cols: npt.NDArray[np.intp]) -> list[npt.NDArray[np.intp]]:
        """`cols` in pieces whose (grid × piece) blocks stay near 16 MB."""
        step = max(1, _BLOCK_ELEMENTS // max(self._grid.shape[0], 1))
        return [cols[j : j + step] for j in range(0, cols.shape[0], step)]


def _vote_changes(old: VoteModel, new: VoteModel) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The terms (W, B, Δc) that make `old`'s values `new`'s: the count changes of the rows
    both have, the old tail removed, the new tail added. Votes of one lineage differ at
    most in the shorter one's last count, so only the tails are read (a frame at 10⁶
    vectors compared them all); others are compared row by row."""
    mo, mn = old.W.shape[0], new.W.shape[0]
    common = min(mo, mn)
    if old.lineage is not None and new.lineage is old.lineage:
        # (`counts_of`: a run's votes make only the counts read, not all 10⁶ a frame)
        prefix = common
        rows = np.arange(max(common - 1, 0), common)
        at = max(common - 1, 0)
        dc = [
            new.counts_of(at, common) - old.counts_of(at, common),
            -old.counts_of(prefix, mo),
            new.counts_of(prefix, mn),
        ]
    else:
        same = np.flatnonzero(
            (old.W[:common] != new.W[:common]).any(axis=1) | (old.B[:common] != new.B[:common])
        )
        prefix = int(same[0]) if same.shape[0] else common
        rows = np.flatnonzero(new.counts[:prefix] != old.counts[:prefix])
        dc = [new.counts[rows] - old.counts[rows], -old.counts[prefix:], new.counts[prefix:]]
    W = np.vstack((new.W[rows], old.W[prefix:], new.W[prefix:]))
    B = np.concatenate((new.B[rows], old.B[prefix:], new.B[prefix:]))
    c = np.asarray(np.concatenate(dc), dtype=np.float64)
    changed = np.flatnonzero(c != 0.0)
    return W[changed], B[changed], c[changed]


class _VoteWork:
    """A vote's terms ``Δc_j sign(ŵ_j · x̂)`` being added to the values `f`, a block of
    terms at a time, for the vote `target`."""

    def __init__(
        self, target: VoteModel, W: FloatArray, B: FloatArray, c: FloatArray, f: FloatArray
    ) -> None:
        self.target = target
        self.W, self.B, self.c = W, B, c
        self.f = f
        self.done = 0
        #: On a grid: the terms' values as differences along each row, added to `f` when
        #: every term is in (`_vote_row_steps`).
        self.steps: FloatArray | None = None

    def run(self, grid: FloatArray, spec: GridSpec | None, deadline: float | None) -> bool:
        """Add blocks of terms until all are in (True) or `deadline` has passed (False).

        On a grid, a block is some 32 K (vector, row) pairs (1-3 ms): where each vector's
        line crosses each row (`_vote_row_steps`); at points, 64 K scores, column-wise as
        `VoteModel.decision`. Either way each score has decision's bits and the whole
        counts sum exactly in any order.
        """
        m = self.c.shape[0]
        if spec is not None:
            size = max(1, (1 << 15) // spec.ny)
            if self.steps is None:
                self.steps = np.zeros((spec.ny, spec.nx + 1))
        else:
            # At points, blocks whose arrays stay in the cache (8 MB ones took 4-5 times as long).
            size = max(1, (1 << 16) // max(grid.shape[0], 1))
        while self.done < m:
            a, b = self.done, min(m, self.done + size)
            W, B, c = self.W[a:b], self.B[a:b], self.c[a:b]
            if spec is not None:
                assert self.steps is not None
                far = _vote_row_steps(W, B, c, spec, self.steps)
                if far is not None:
                    self.f += far
            else:
                s = grid[:, 0:1] * W[None, :, 0]
                s += grid[:, 1:2] * W[None, :, 1]
                s += B[None, :]
                self.f += float(c.sum()) - 2.0 * ((s < 0.0) @ c)
            self.done = b
            if deadline is not None and time.perf_counter() > deadline:
                break
        if self.done < m:
            return False
        if self.steps is not None:
            self.f += _steps_values(self.steps)
            self.steps = None
        return True


def _rbf_sum(
    grid: FloatArray, support: npt.ArrayLike, coef: FloatArray, sigma: float, spec: GridSpec
) -> FloatArray:
    """``Σ_j coef_j K(x, s_j)`` (RBF) at every cell of the grid `spec` (whose points are
    `grid`), coef of shape (m,) or (m, k): k sums at once.

    On a grid the RBF is separable: ``K = exp(-(x - s_x)²/2σ²) · exp(-(y - s_y)²/2σ²)``, a
    factor per column and one per row, so the grid's values are one product of a
    (rows × m) and an (m × columns) matrix: O(m (rows + columns)) exponentials where the
    direct form took O(m × cells) (a To end frame's one new support point: 5 ms on the
    240 × 240 grid, now ~0.1 ms). Centred on the view and in units of σ (no 1/σ² to
    overflow, and the data's distance from the origin costs no digits: at 1e8 the
    uncentred form lost them all); each factor's exponent is rounded within a few ε of its
    size, the product within 3 ε more, inside `_tolerance`'s bound, and a factor beyond the
    float range is 0.
    """
    c = np.array([spec.x0 + 0.5 * spec.w, spec.y0 + 0.5 * spec.h])
    S = np.asarray(support, dtype=np.float64).reshape(-1, 2) - c
    m = S.shape[0]
    coef = np.asarray(coef, dtype=np.float64)
    out = np.zeros((grid.shape[0], *coef.shape[1:]), dtype=np.float64)
    if m == 0:
        return out
    inv = 1.0 / sigma
    # The cells' coordinates as `GridSpec.points` makes them, centred and scaled the same.
    xs = spec.x0 + (np.arange(spec.nx) + 0.5) * (spec.w / spec.nx)
    ys = spec.y0 + (np.arange(spec.ny) + 0.5) * (spec.h / spec.ny)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        S = S * inv
        xs = (xs - c[0]) * inv
        ys = (ys - c[1]) * inv
        dx = xs[None, :] - S[:, 0:1]  # (m, nx)
        across = np.exp(-0.5 * (dx * dx))
        dy = ys[:, None] - S[None, :, 1]  # (ny, m)
        down = np.exp(-0.5 * (dy * dy))
    across[~np.isfinite(across)] = 0.0  # (beyond the float range: K = 0)
    down[~np.isfinite(down)] = 0.0
    cols = coef.reshape(m, -1)
    flat = out.reshape(grid.shape[0], -1)
    for j in range(cols.shape[1]):
        flat[:, j] = ((down * cols[:, j]) @ across).ravel()
    return out


_EPS = float(np.finfo(np.float64).eps)


def _tolerance(model: KernelModel, spec: GridSpec | None, terms: int) -> float:
    """How far, relative to a sum's scale (`RegionGrid._kernel_terms`), the kept sum of
    `terms` terms and `model.decision`'s may each be from the exact sum, doubled.

    A BLAS sum of m terms rounds within m ε of its scale. The RBF's view-centred form
    rounds its exponent within a few ε (r/σ)² for points r from the view's centre; a term
    is 0 beyond 38.6 σ from its support point, so r stays within the view's half-diagonal
    plus 40 σ wherever a term counts (and decision's direct form within 4 ε·745). A
    polynomial rounds within (degree + 2) ε of ``(|x|·|s| + |coef0|)^degree``.
    """
    if model.kernel == "rbf":
        reach = 40.0
        if spec is not None:
            reach += 0.5 * float(np.hypot(spec.w, spec.h)) / model.sigma
        spread = 16.0 * reach * reach + 4.0 * 745.0
    else:
        spread = 4.0 * (model.degree + 2)
    return 2.0 * _EPS * (terms + int(model.coef.shape[0]) + 16.0 + spread)


def _poly_scale(
    grid: FloatArray, pts: FloatArray, weight: FloatArray, degree: int, coef0: float
) -> FloatArray:
    """``Σ_j weight_j (|x|·|s_j| + |coef0|)^degree`` at every grid point in O(degree)
    passes: the binomial expansion in |x| of an upper bound of every |term|'s scale."""
    from math import comb

    r = np.hypot(grid[:, 0], grid[:, 1])
    rho = np.hypot(pts[:, 0], pts[:, 1])
    c = abs(coef0)
    out = np.zeros(grid.shape[0])
    with np.errstate(over="ignore", invalid="ignore"):
        for k in range(degree + 1):
            a_k = float(weight @ rho**k) * comb(degree, k) * c ** (degree - k)
            if a_k:
                out += a_k * r**k
    return out


def _vote_grid_terms(W: FloatArray, B: FloatArray, c: FloatArray, spec: GridSpec) -> FloatArray:
    """``Σ_j c_j sign(ŵ_j · x̂)`` (sign(0) = +1) on the grid, the bits of `VoteModel.decision`
    on `GridSpec.points` (`_vote_row_steps`), row-major."""
    steps = np.zeros((spec.ny, spec.nx + 1))
    far = _vote_row_steps(W, B, c, spec, steps)
    out = _steps_values(steps)
    return out if far is None else out + far


def _steps_values(steps: FloatArray) -> FloatArray:
    """The vote's values on the grid from its rows' steps: summed along each row."""
    return np.cumsum(steps[:, :-1], axis=1).ravel()


def _vote_row_steps(
    W: FloatArray, B: FloatArray, c: FloatArray, spec: GridSpec, steps: FloatArray
) -> FloatArray | None:
    """Add the terms ``c_j sign(ŵ_j · x̂)`` (sign(0) = +1) on the grid, the bits of
    `VoteModel.decision` on `GridSpec.points`, to `steps` (the values as differences along
    each row, shape (ny, nx + 1)) from where each vector's line crosses
    each row of cells; the values of the vectors scored cell by cell instead are returned
    (None: none).

    Along a row (y fixed) a cell's score ``(x w_j1 + y w_j2) + b_j``, rounded as decision
    rounds it, never falls as x grows when w_j1 ≥ 0 and never rises when w_j1 < 0 (each
    rounding is monotone), so the cells of a row where it is negative are a run from one
    end: their number is found from the line's crossing and checked by computing the two
    scores on either side of it (a binary search where the check fails). A vector costs
    O(rows), not O(cells): some 10 times less on a 240 × 240 grid (To end adds thousands of
    a vote's vectors a frame; scored cell by cell, the regions fell further behind each
    frame and showed a vote of long before). A vector whose scores could overflow (a NaN
    breaks the order) is scored cell by cell."""
    ny, nx = spec.ny, spec.nx
    if c.shape[0] == 0:
        return None
    xs = spec.x0 + (np.arange(nx, dtype=np.float64) + 0.5) * (spec.w / nx)  # as points()
    ys = spec.y0 + (np.arange(ny, dtype=np.float64) + 0.5) * (spec.h / ny)
    with np.errstate(over="ignore", invalid="ignore"):
        reach = (
            np.abs(W[:, 0]) * float(np.max(np.abs(xs)))
            + np.abs(W[:, 1]) * float(np.max(np.abs(ys)))
            + np.abs(B)
        )
    safe = reach < 1e300  # (False for NaN and inf too)
    far = None
    if not safe.all():
        out = ~safe
        far = _vote_cells(W[out], B[out], c[out], xs, ys)
        W, B, c = W[safe], B[safe], c[safe]
        if c.shape[0] == 0:
            return far
    w1 = W[:, 0]
    rising = ~(w1 < 0.0)  # (w1 = 0: the row's scores are all the same)
    down = ys[:, None] * W[None, :, 1]  # (ny, m): y w2, as decision rounds it
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        cross = -(down + B) / w1  # where the line meets the row (near enough to check)
        guess = np.ceil((cross - xs[0]) * (nx / spec.w))
    np.nan_to_num(guess, copy=False, nan=0.0, posinf=nx, neginf=0.0)
    t = np.clip(guess, 0, nx).astype(np.intp)  # cells [0, t) on the run's side, as guessed

    def on_side(score: FloatArray, up: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
        """Whether a score is on the prefix's side: negative when rising, else not."""
        return np.equal(score < 0.0, up)

    # The check: cell t - 1 on the run's side (or t = 0), cell t not (or t = nx).
    left = np.maximum(t - 1, 0)
    ok = on_side((xs[left] * w1 + down) + B, rising) | (t == 0)
    right = np.minimum(t, nx - 1)
    ok &= ~on_side((xs[right] * w1 + down) + B, rising) | (t == nx)
    bad_r, bad_c = np.nonzero(~ok)
    if bad_r.shape[0]:  # a binary search for the first cell off the run's side
        lo = np.zeros(bad_r.shape[0], dtype=np.intp)
        hi = np.full(bad_r.shape[0], nx, dtype=np.intp)
        bw, bd, bb, bu = w1[bad_c], down[bad_r, bad_c], B[bad_c], rising[bad_c]
        while True:
            open_ = lo < hi
            if not open_.any():
                break
            mid = (lo + hi) // 2
            on = on_side((xs[np.minimum(mid, nx - 1)] * bw + bd) + bb, bu)
            lo = np.where(open_ & on, mid + 1, lo)
            hi = np.where(open_ & ~on, mid, hi)
        t[bad_r, bad_c] = lo
    # A term is c on the cells where the score is ≥ 0, -c on the negative ones: [0, t) of
    # a rising row, [t, nx) of a falling one. As differences along the row: -c at cell 0
    # and +2c at t when rising, c at 0 and -2c at t when falling (whole numbers: exact in
    # any order).
    at = (t + (np.arange(ny) * (nx + 1))[:, None]).ravel()
    step = np.broadcast_to(np.where(rising, 2.0 * c, -2.0 * c), t.shape).ravel()
    steps += np.bincount(at, step, ny * (nx + 1)).reshape(ny, nx + 1)
    steps[:, 0] += float(c[~rising].sum()) - float(c[rising].sum())
    return far


def _vote_cells(
    W: FloatArray, B: FloatArray, c: FloatArray, xs: FloatArray, ys: FloatArray
) -> FloatArray:
    """``Σ_j c_j sign(ŵ_j · x̂)`` cell by cell (decision's bits): a cell's products x·w_j1 and
    y·w_j2 are those of its column and its row, computed once each."""
    ny, nx = ys.shape[0], xs.shape[0]
    out = np.zeros((ny, nx), dtype=np.float64)
    total = float(c.sum())
    with np.errstate(over="ignore", invalid="ignore"):
        across = xs[:, None] * W[None, :, 0]  # (nx, m)
        down = ys[:, None] * W[None, :, 1]  # (ny, m)
        rows = max(1, (1 << 15) // max(1, across.size))
        for r in range(0, ny, rows):
            k = min(rows, ny - r)
            s = across[None] + down[r : r + k, None]
            s += B
            out[r : r + k] = total - 2.0 * ((s < 0.0).reshape(-1, c.shape[0]) @ c).reshape(k, -1)
    return out.ravel()

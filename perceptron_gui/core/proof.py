"""The quantities of Novikoff's proof, step by step (ALGORITHMS.md, "The proof, step by step").

Starting from ``ŵ_0 = 0``, with ``û*`` the best unit direction and ``D``, ``γ`` of the
`Bound` (augmented vectors ``ŵ = (w, b)``, ``x̂ = (x, 1)`` when the bias is on), after
``k`` updates with learning rate ``η``::

    progress_k = ŵ_k · û*                >= progress_lower = k η γ
    norm_k     = ||ŵ_k||                 <= norm_upper     = η D sqrt(k)
    cos_k      = progress_k / norm_k     >= cos_lower      = sqrt(k) γ / D   (k >= 1)

These are computed from the trainer's history of the *running* weights, so they hold
for the primal, the dual (its implicit ``ŵ = Σ α_j y_j x̂_j`` is the primal's, and the
trainer keeps it in the same history), the pocket's current weights (not the pocket),
every order and the online pass. They do not apply when the data are not separable
(``γ = 0``) or when the run does not start from ``ŵ_0 = 0``; then `applies` is False and
`reason` says why in a sentence for the screen.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.novikoff import Bound, format_bound
from perceptron_gui.core.numbers import COUNT_EXACT_BELOW, format_count
from perceptron_gui.core.params import QT_TRANSLATE_NOOP
from perceptron_gui.core.protocol import Algorithm

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: `reason` when the data are not separable.
NOT_SEPARABLE = QT_TRANSLATE_NOOP(
    "Core", "the data are not linearly separable (γ = 0): the theorem does not apply"
)
#: `reason` when the run starts from other weights than 0.
NOT_FROM_ZERO = QT_TRANSLATE_NOOP(
    "Core", "the run does not start from ŵ₀ = 0: the theorem assumes it does"
)
#: `reason` (and the bound panel's note) when the bias is off and no line through the
#: origin separates the points, though a line with a bias does.
THROUGH_ORIGIN = QT_TRANSLATE_NOOP(
    "Core", "no line through the origin separates these points; switch on the bias b"
)
#: Above this many points the check for `THROUGH_ORIGIN` is not made (it computes γ with
#: the bias once more).
ORIGIN_CHECK_MAX_N = 20_000


@dataclass(frozen=True, eq=False)
class ProofCurves:
    """The proof's quantities for every k = 0..K (arrays of length K + 1).

    Attributes
    ----------
    k
        0, 1, ..., K (int64).
    progress, progress_lower
        ``ŵ_k · û*`` and ``k η γ``.
    norm, norm_upper
        ``||ŵ_k||`` and ``η D sqrt(k)``.
    cos, cos_lower
        ``progress_k / norm_k`` (NaN at k = 0 and wherever ``ŵ_k = 0``) and
        ``sqrt(k) γ / D`` (0 when D = 0).
    applies
        Whether the theorem applies to this run (separable data, ``ŵ_0 = 0``).
    reason
        "" when it applies, else a sentence saying why not (`NOT_SEPARABLE` first,
        then `NOT_FROM_ZERO`).

    Notes
    -----
    When `applies` is False the arrays are still filled (with ``û* = 0`` and
    ``γ = 0`` when the data are not separable, so progress and both lower bounds are
    0): the numbers are true statements about the run, but they are not the
    theorem's bounds, and a view should show `reason` instead of drawing them.
    """

    k: IntArray
    progress: FloatArray
    progress_lower: FloatArray
    norm: FloatArray
    norm_upper: FloatArray
    cos: FloatArray
    cos_lower: FloatArray
    applies: bool
    reason: str


def _check(trainer: Algorithm, bound: Bound) -> tuple[bool, str]:
    """Whether the theorem applies, and why not; raise if the bound is for another bias."""
    bias = bool(trainer.config.bias)
    if bool(bound.bias) != bias or len(bound.direction) != trainer.data.dim + bias:
        raise ValueError(
            f"the bound was computed with bias={bound.bias} but the run has bias={bias}"
        )
    if not bound.separable or bound.gamma <= 0.0:
        return False, origin_note(trainer.data, bound) or NOT_SEPARABLE
    w0 = trainer.config.w0
    # With the bias off the trainer ignores b0 (b stays 0), so ŵ_0 = w0 only.
    b0 = float(trainer.config.b0) if bias else 0.0
    if (trainer.data.dim == 2 and (float(w0[0]) != 0.0 or float(w0[1]) != 0.0)) or b0 != 0.0:
        return False, NOT_FROM_ZERO
    return True, ""


_origin_cache: dict[str, tuple[object, str]] = {}


def origin_note(data: Any, bound: Bound) -> str:
    """`THROUGH_ORIGIN` when `bound` (bias off) finds no separator through the origin but
    the points are separable with a bias; "" otherwise.

    Parameters
    ----------
    data
        The `Dataset` the bound was computed on (compared by identity for the cache: the
        last data set's answer is kept).
    bound
        Its Novikoff bound.
    """
    if bound.bias or bound.separable or not 0 < data.n <= ORIGIN_CHECK_MAX_N:
        return ""
    cached = _origin_cache.get("last")
    if cached is not None and cached[0] is data:
        return cached[1]
    from perceptron_gui.core.novikoff import novikoff

    note = THROUGH_ORIGIN if novikoff(data, bias=True).separable else ""
    _origin_cache["last"] = (data, note)
    return note


def crossing(bound: Bound) -> float | None:
    """Where the two bounds meet: ``kηγ = ηD√k`` at ``k = (D/γ)²`` (None: not separable)."""
    if not bound.separable or bound.gamma <= 0.0 or bound.D <= 0.0:
        return None
    try:
        k = (float(bound.D) / float(bound.gamma)) ** 2
    except OverflowError:  # beyond the float range: no crossing to draw
        return None
    return k if math.isfinite(k) else None


def conclusion_parts(bound: Bound) -> tuple[str, int | None] | None:
    """``("117", 117)``: (D/γ)² as written, and the most mistakes it allows (None: no bound).

    From `COUNT_EXACT_BELOW` on, (D/γ)² is written as the readouts write it, ``2.17e+298``,
    and the most mistakes is None: its digits are not known (a float keeps about 16; the
    integer of 2.17e+298 had 299 made-up ones) or not read.
    """
    k = crossing(bound)
    if k is None:
        return None
    value = bound.bound if bound.bound is not None else k
    if value >= COUNT_EXACT_BELOW:
        return format_bound(bound) or format_count(value), None
    most = math.floor(value + 1e-9)
    if abs(value - most) < 1e-9:
        return str(most), most
    # Enough digits that the value is not read as a whole number: 1366.94, not 1367
    # beside "at most 1366" (which read as a contradiction).
    digits = min(17, max(4, len(str(most)) + 2))
    return f"{value:.{digits}g}", most


def most_text(parts: tuple[str, int | None]) -> str:
    """How many mistakes `conclusion_parts` allows, as the conclusion writes it: ``117``
    when (D/γ)² is whole, else ``⌊(D/γ)²⌋ = 1366`` (the floor said, not left to guess),
    and ``⌊(D/γ)²⌋`` alone when (D/γ)² is written in 3 digits (``2.17e+298``)."""
    shown, most = parts
    if most is None:
        return "⌊(D/γ)²⌋"
    return shown if shown == str(most) else f"⌊(D/γ)²⌋ = {most}"


#: The proof's conclusion (`conclusion`), with the two numbers to fill in.
CONCLUSION = "so k ≤ (D/γ)² = {bound}: at most {most} mistakes"


def conclusion(bound: Bound) -> str:
    """The proof's last line: ``so k ≤ (D/γ)² = 117: at most 117 mistakes`` ("" without one)."""
    parts = conclusion_parts(bound)
    return "" if parts is None else CONCLUSION.format(bound=parts[0], most=most_text(parts))


def _norms(cols: tuple[FloatArray, ...]) -> FloatArray:
    """Row norms of the columns, safe from overflow and underflow in the squares.

    ``sqrt(Σ c²)`` is 4 times faster than nested `np.hypot`; the rows where the squares
    may have overflowed or underflowed (a result outside [1e-140, 1e140], or 0) are
    done again with `np.hypot`. Row by row, so a row's value does not depend on the
    others (`proof_state` relies on that).
    """
    with np.errstate(over="ignore", under="ignore"):  # those rows are redone below
        sq = cols[0] * cols[0]
        for c in cols[1:]:
            sq += c * c
    norm = np.sqrt(sq)
    redo = np.flatnonzero(~((norm >= 1e-140) & (norm <= 1e140)))
    if redo.size:
        r = np.hypot(cols[0][redo], cols[1][redo])
        for c in cols[2:]:
            r = np.hypot(r, c[redo])
        norm[redo] = r
    return norm


def _quantities(
    k: IntArray, wcols: list[FloatArray], b: FloatArray, trainer: Algorithm, bound: Bound
) -> dict[str, FloatArray]:
    """The six arrays for the weights ``(w_1 … w_d, b)`` after ``k`` updates (vectorised).

    `proof_curves` and `proof_state` both go through here, so the current values of the
    state are bit for bit the last entries of the curves.
    """
    eta = float(trainer.config.eta)
    gamma = float(bound.gamma) if bound.separable else 0.0
    D = float(bound.D)
    u = bound.direction
    # Column-wise, like the trainer's scores: the same bits whatever BLAS does.
    progress = wcols[0] * u[0]
    for j in range(1, len(wcols)):
        progress = progress + wcols[j] * u[j]
    cols: tuple[FloatArray, ...] = tuple(wcols)
    if trainer.config.bias:
        progress = progress + b * u[len(wcols)]
        cols = (*wcols, b)
    norm = _norms(cols)
    kf = k.astype(np.float64)
    root = np.sqrt(kf)
    progress_lower = kf * (eta * gamma)
    norm_upper = root * (eta * D)
    cos = np.full(k.shape, np.nan)
    ok = (k > 0) & (norm > 0.0)
    np.divide(progress, norm, out=cos, where=ok)
    cos_lower = root * (gamma / D) if D > 0.0 else np.zeros(k.shape)
    return {
        "progress": progress,
        "progress_lower": progress_lower,
        "norm": norm,
        "norm_upper": norm_upper,
        "cos": cos,
        "cos_lower": cos_lower,
    }


def proof_curves(trainer: Algorithm, bound: Bound, ks: Any = None) -> ProofCurves:
    """The proof's quantities for every k = 0..``trainer.k`` of the run so far (or some).

    Parameters
    ----------
    trainer
        Any trainer from `make_trainer` (primal, dual, pocket; any order); its running
        weights after each update are read from its history, the start from
        ``config.w0``/``config.b0``.
    bound
        ``novikoff(trainer.data, bias=trainer.config.bias)``.
    ks
        Only these update counts (integers in 0..``trainer.k``, any order), e.g. a
        thinned set for a plot of a long run; None: all of them.

    Returns
    -------
    ProofCurves
        Arrays of length ``trainer.k + 1`` (or ``len(ks)``). O(k) (or O(len(ks)))
        time and memory, no Python loop: about 0.1 s for k = 10^6.

    Raises
    ------
    ValueError
        When the bound was computed with the other bias setting, or a k is out of range.
    """
    applies, reason = _check(trainer, bound)
    c = trainer.config
    d = trainer.data.dim
    # Points in R^d (d != 2) start from w = 0 (the plane's w0 does not apply there).
    w_start = (float(c.w0[0]), float(c.w0[1])) if d == 2 else (0.0,) * d
    w_init = (*w_start, float(c.b0) if c.bias else 0.0)
    names = (*(f"w{j}" for j in range(d)), "b")
    if ks is None:
        k = np.arange(trainer.k + 1, dtype=np.int64)
        cols = [
            np.concatenate(([w_init[j]], trainer.history_slice(name)))
            for j, name in enumerate(names)
        ]
    else:
        k = np.asarray(ks, dtype=np.int64).reshape(-1)
        if k.size and (k.min() < 0 or k.max() > trainer.k):
            raise ValueError(f"update counts must be in 0..{trainer.k}")
        after = k > 0
        rows = k[after] - 1
        cols = []
        for j, name in enumerate(names):
            col = np.full(k.shape, w_init[j])
            col[after] = trainer.history_take(name, rows)
            cols.append(col)
    q = _quantities(k, cols[:d], cols[d], trainer, bound)
    return ProofCurves(k=k, applies=applies, reason=reason, **q)


def proof_state(trainer: Algorithm, bound: Bound) -> dict[str, Any]:
    """The proof's quantities at the trainer's current k, as plain Python values.

    Parameters
    ----------
    trainer, bound
        As for `proof_curves`.

    Returns
    -------
    dict
        ``{"applies", "reason", "k", "progress", "progress_lower", "norm",
        "norm_upper", "cos", "cos_lower"}``: a bool, a str, an int and floats equal to
        the last entries of `proof_curves` (O(1), from the current weights). ``cos`` is
        None at k = 0 (and if ``ŵ = 0``). When ``applies`` is False the numbers are
        still given (see `ProofCurves`); a view shows ``reason`` instead of bounds.
    """
    applies, reason = _check(trainer, bound)
    one = np.ones(1)
    q = _quantities(
        np.array([trainer.k], dtype=np.int64),
        [one * float(x) for x in trainer.w],
        one * trainer.b,
        trainer,
        bound,
    )
    out: dict[str, Any] = {"applies": applies, "reason": reason, "k": int(trainer.k)}
    for name, arr in q.items():
        v = float(arr[0])
        out[name] = None if math.isnan(v) else v
    return out

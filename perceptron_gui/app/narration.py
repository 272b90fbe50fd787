"""What the last step did, in the textbook's words and numbers, written from its record.

``update 2 on x3 = (1, 1), y = −1: y(w·x + b) = −1 · (3·1 + 3·1 + 1) = −7 ≤ 0, a
mistake → w ← w + ηyx = (3, 3) − (1, 1) = (2, 2), b ← b + ηy = 1 − 1 = 0``

Everything comes from the step record (`core.records.StepRecord`: the points the
update used, Δw, Δb, the scale η or τ, the reason) and the mode's registry entry (its
threshold, the name of its scale), never from the mode's name. The sentences go through
Qt's translation (context ``Narration``); the numbers are the run's own. One minus sign
(−) throughout; an operator and its operands are joined by non-breaking spaces, so a
line wraps between clauses, never inside ``≤ 0`` or ``= 1 − 1``.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.format import fmt, fmt_apart, keep_terms, point_name
from perceptron_gui.app.i18n import stop_reason_name
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.records import StepRecord

# Called by this name with a literal context so that pyside6-lupdate finds every sentence.
translate = QCoreApplication.translate

NBSP = "\u00a0"
#: At most this many point names are listed for a batch step.
BATCH_NAMES_MAX = 8


#: A vector of more entries than this is shown elided: its first two, …, its last.
VEC_MAX = 4


def _vec(v: tuple[float, ...]) -> str:
    """``(3, 3)``; a long one (d > VEC_MAX) elided, ``(3, −1, …, 2)`` (`terms` has it whole)."""
    if len(v) > VEC_MAX:
        shown = [fmt(float(v[0])), fmt(float(v[1])), "…", fmt(float(v[-1]))]
        return "(" + ", ".join(shown) + ")"
    return "(" + ", ".join(fmt(float(c)) for c in v) + ")"


def _dot(w: tuple[float, ...], x: tuple[float, ...]) -> float:
    """``w·x`` summed over the features in order (the trainers' bits)."""
    s = w[0] * x[0]
    for a, c in zip(w[1:], x[1:], strict=True):
        s += a * c
    return s


def terms(t: Algorithm) -> str:
    """The last step's ``w·x`` written out term by term, with the whole vectors (the
    narration shows w·x as its value when the points have d > 2 features: this is the
    tooltip that has the d terms); "" when there is nothing to write out."""
    rec = t.last
    if rec is None or t.n == 0 or not t.spec.has_w or t.has_alpha or rec.reason == "batch":
        return ""
    x = tuple(float(c) for c in t.data.points[rec.index])
    if len(x) == 2:
        return ""
    w = rec.w_before
    inner = " + ".join(f"{_factor(a)}·{_factor(c)}" for a, c in zip(w, x, strict=True))
    lines = [
        f"w·x = {inner} = {fmt(_dot(w, x))}",
        f"w = ({', '.join(fmt(a) for a in w)})",
        f"x = ({', '.join(fmt(c) for c in x)})",
    ]
    if rec.updated:
        lines.append(f"w ← ({', '.join(fmt(a) for a in rec.w_after)})")
    return _typeset("\n".join(lines))


def _factor(value: float) -> str:
    """A factor of a product: ``3``, or ``(−3)`` when negative."""
    return f"({fmt(value)})" if value < 0 else fmt(value)


def _signed(value: float) -> str:
    """``+ 3`` or ``− 3``: a term added to what comes before it."""
    return f"− {fmt(-value)}" if value < 0 else f"+ {fmt(value)}"


def _typeset(text: str) -> str:
    """One minus sign (−), and operators glued to their operands (see the module notes)."""
    text = text.replace("-", "−")
    text = keep_terms(text, products=True)
    return _glue_parentheses(text)


#: A parenthesised expression up to this long is kept on one line (a longer one is a
#: remark in words, which may break).
GLUED_MAX = 40


def _glue_parentheses(text: str) -> str:
    """The spaces inside a parenthesised expression (nested ones included) unbreakable: a
    line breaks between terms, never inside one (``min(C, (1 − y·f)/‖x‖²)`` had broken
    after "C,", the dual's ``y(Σⱼ αⱼyⱼ xⱼ·x + b)`` after "αⱼyⱼ")."""
    out = list(text)
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth > 0:
            depth -= 1
            if depth == 0 and i - start <= GLUED_MAX:
                for j in range(start, i):
                    if out[j] == " ":
                        out[j] = NBSP
    return "".join(out)


def narrate(t: Algorithm, rec: StepRecord | None = None) -> str:
    """The narration of `rec` (default: the trainer's last visit), or of the state."""
    asked = rec is not None
    rec = t.last if rec is None else rec
    if t.n == 0:
        return translate("Narration", "no points: click on the canvas to add some")
    if rec is None or t.visits == 0:
        w, b = t.w, t.b
        if not any(w) and b == 0.0 and len(w) == 2:
            return _typeset(
                translate(
                    "Narration",
                    "start: w = (0, 0), b = 0, so y(w·x + b) = 0 ≤ 0 for every point: "
                    "every point is a mistake",
                )
            )
        return _typeset(
            translate("Narration", "start: w = {w}, b = {b}").format(w=_vec(w), b=fmt(b))
        )
    if not asked and t.done and t.visits > rec.visit:
        return _typeset(_end(t))  # the visits after the last update showed the end
    text = _describe(t, rec)
    if not asked and t.done:  # the update itself ended the run (pocket, random order)
        if t.converged:
            text += "; " + translate("Narration", "now no point is a mistake: converged")
        elif _said_the_end(t, rec):  # (the limit: k, w and b are the update's, just said)
            reason = stop_reason_name(t.stop_reason or "")
            text += "; " + translate("Narration", "stopped ({reason})").format(reason=reason)
        else:
            text += "; " + _end(t)
    return _typeset(text)


def _said_the_end(t: Algorithm, rec: StepRecord) -> bool:
    """Whether the update `rec` just said the weights the run ends with (its last update,
    and the answer is the running w, b): then "stopped (update limit)" says the rest, not
    k, w and b again (passive-aggressive's last update at the limit was cut with "…" in
    presentation, its w and b written twice)."""
    if not (rec.updated and t.spec.has_w and t.k == rec.k):
        return False
    w = tuple(float(v) for v in t.w)
    return w == tuple(rec.w_after) and float(t.b) == rec.b_after


def verdict(t: Algorithm, *, running: bool, paired: bool = False) -> str | None:
    """The word the canvas writes beside the current point: "mistake", "inside" (a right
    point updated for a margin below the threshold: passive-aggressive, the margin
    perceptron; the canvas said "correct ✓" beside an update) or "correct" for the last
    step, None while a run plays or once the run's end has been shown (the visits after
    its last update found nothing: the end is what is true now, not that update).

    `paired`: the canvas is one of compare's two, and a converged run's canvas says that
    it converged, not what its last update was, from the step that converged on (in
    random order the pick after an update finds nothing to update: converged at that
    update's visit; its pane said "x6: mistake → update" under "converged: a full pass
    found no mistake" while the other run went on). Alone, that step's visit keeps its
    verdict beside the point it looked at, the caption over it."""
    rec = t.last
    if running or rec is None or t.visits == 0:
        return None
    if t.done and t.visits > rec.visit:
        return None
    if paired and t.converged:
        return None
    if rec.mistake:
        return "mistake"
    return "inside" if rec.reason == "margin" else "correct"


def end_caption(t: Algorithm, *, running: bool) -> str | None:
    """The line over a canvas once its run has converged (None before, or while it runs)."""
    if running or not t.converged:
        return None
    return translate("Narration", "converged: a full pass found no mistake")


def _score(t: Algorithm, rec: StepRecord, i: int) -> str:
    """``y(w·x + b) = −1 · (3·1 + 3·1 + 1) = −7`` from the weights before the visit."""
    x = t.data.points[i]
    y = float(t.data.labels[i])
    ys = "+1" if y > 0 else "−1"
    if t.has_alpha:
        kernel = "xⱼ·x" if t.spec.has_w else "K(xⱼ, x)"
        score = translate("Narration", "y(Σⱼ αⱼyⱼ {k} + b)").format(k=kernel)
    else:
        b0 = rec.b_before
        if len(rec.w_before) == 2:
            (w0, w1) = rec.w_before
            inner = f"{_factor(w0)}·{_factor(float(x[0]))} + {_factor(w1)}·{_factor(float(x[1]))}"
        else:  # d terms: their value here, the terms in the tooltip (`terms`)
            xs = tuple(float(c) for c in x)
            inner = f"w·x = {_factor(_dot(rec.w_before, xs))}"
        if t.config.bias:
            inner += f" {_signed(b0)}"
        score = translate("Narration", "y(w·x + b) = {y} · ({inner})").format(y=ys, inner=inner)
    if math.isfinite(rec.margin):  # (not kept for a kernel update reached by going back)
        # (told from the threshold it is tested against, as the margin is: not "= 1" then
        # "its margin 0.9999999999999997 < 1")
        threshold = rec.threshold if rec.threshold is not None else 0.0
        score += f" = {fmt_apart(rec.margin, threshold)}"
    return score


def _describe(t: Algorithm, rec: StepRecord) -> str:
    if rec.reason == "batch":
        return _describe_batch(t, rec)
    i = rec.index
    x = tuple(float(c) for c in t.data.points[i])
    y = float(t.data.labels[i])
    point = translate("Narration", "{name} = {x}, y = {y}").format(
        name=point_name(i), x=_vec(x), y="+1" if y > 0 else "−1"
    )
    score = _score(t, rec, i)
    threshold = rec.threshold
    strict = t.spec.threshold_strict
    if not rec.updated:
        if threshold is None:
            head = translate("Narration", "visit {v}: {point}: {score} > 0, right: no update")
            return head.format(v=rec.visit, point=point, score=score)
        return translate(
            "Narration",
            "visit {v}: {point}: {score} {rel} {thr}: right, beyond the margin: no update",
        ).format(
            v=rec.visit, point=point, score=score, rel="≥" if strict else ">", thr=fmt(threshold)
        )
    update = _single_update(t, rec, i, x, y)
    if rec.reason == "margin":
        text = translate(
            "Narration",
            "update {k} on {point}: {score}: {name} is on the right side, but its margin "
            "{m} {rel} {thr} → {update}",
        ).format(
            k=rec.k,
            point=point,
            score=score,
            name=point_name(i),
            m=fmt_apart(rec.margin, threshold if threshold is not None else 0.0),
            rel="<" if strict else "≤",
            thr=fmt(threshold if threshold is not None else 0.0),
            update=update,
        )
    elif rec.margin == 0.0:
        # Said once, short: the whole update fits the presentation's three lines.
        text = translate(
            "Narration", "update {k} on {point}: {score} ≤ 0, on the line: a mistake → {update}"
        ).format(k=rec.k, point=point, score=score, update=update)
    else:
        text = translate(
            "Narration", "update {k} on {point}: {score} ≤ 0, a mistake → {update}"
        ).format(k=rec.k, point=point, score=score, update=update)
    if rec.pocket_replaced:
        text += translate("Narration", "; fewer mistakes than the pocket: into the pocket")
    return text


def _single_update(t: Algorithm, rec: StepRecord, i: int, x: tuple[float, ...], y: float) -> str:
    """``w ← w + ηyx = (3, 3) − (1, 1) = (2, 2), b ← b + ηy = 1 − 1 = 0`` (or α, or τ)."""
    sym = t.spec.scale_symbol
    scale = rec.scale
    # The factor's own formula when it is not the setting η (the registry's: τ for PA).
    prefix = f"{t.spec.step_formula} = {fmt(scale)}: " if t.spec.step_formula else ""
    if t.has_alpha:
        alpha = t.alpha_slice(slice(i, i + 1))
        after = float(alpha[0]) if alpha is not None and t.last is rec else math.nan
        update = translate("Narration", "α{n} ← α{n} + η = {a}").format(
            n=i + 1, a=fmt(after) if after == after else "α + η"
        )
    else:
        step = _vec(tuple(abs(scale) * c for c in x))
        sign = "−" if y < 0 else "+"
        update = translate("Narration", "w ← w + ηyx = {w} {sign} {step} = {new}").format(
            w=_vec(rec.w_before), sign=sign, step=step, new=_vec(rec.w_after)
        )
    if t.config.bias:
        update += ", " + translate("Narration", "b ← b + ηy = {b} {d} = {new}").format(
            b=fmt(rec.b_before), d=_signed(scale * y), new=fmt(rec.b_after)
        )
    return prefix + update.replace("η", sym)


def _describe_batch(t: Algorithm, rec: StepRecord) -> str:
    """A batch step: the M points it summed, ``Σ yx`` and the weights' arithmetic."""
    idx = np.asarray(rec.points, dtype=np.int64)
    pts = t.data.points[idx]
    ys = t.data.labels[idx].astype(np.float64)
    # The trainer's own sums: one running sum in index order.
    sums = tuple(float(np.cumsum(ys * pts[:, j])[-1]) for j in range(pts.shape[1]))
    sb = float(np.cumsum(ys)[-1])
    m = len(rec.points)
    names = ", ".join(point_name(j) for j in rec.points[:BATCH_NAMES_MAX])
    if m > BATCH_NAMES_MAX:
        names += f", …, {point_name(rec.points[-1])}"
    eta = t.config.eta
    times = "" if eta == 1.0 else f"{fmt(eta)}·"
    step = t.spec.step  # η Σ_M yx, the registry's
    update = translate("Narration", "Σ_M yx = {s}, w ← w + {step} = {w} + {eta}{s} = {new}").format(
        s=_vec(sums), step=step, w=_vec(rec.w_before), eta=times, new=_vec(rec.w_after)
    )
    if t.config.bias:
        update += ", " + translate("Narration", "b ← b + {step} = {b} + {eta}{sb} = {new}").format(
            step=step.replace("yx", "y"),
            b=fmt(rec.b_before),
            eta=times,
            sb=_factor(sb),
            new=fmt(rec.b_after),
        )
    text = (
        translate("Narration", "batch step {k}: 1 mistake (y(w·x + b) ≤ 0), {names} → {update}")
        if m == 1
        else translate(
            "Narration", "batch step {k}: {m} mistakes (y(w·x + b) ≤ 0) summed: {names} → {update}"
        )
    )
    return text.format(k=rec.k, m=m, names=names, update=update)


def _end(t: Algorithm) -> str:
    """How the run ended: ``converged: a full pass found no mistake …``."""
    if t.spec.has_w:
        weights = f"w = {_vec(t.w)}, b = {fmt(t.b)}"
    else:
        weights = f"b = {fmt(t.b)}"
    updates = f"k = {t.k}"
    if not t.converged:
        return translate("Narration", "stopped ({reason}) at {updates}: {weights}").format(
            reason=stop_reason_name(t.stop_reason or ""), updates=updates, weights=weights
        )
    threshold = t.threshold
    if threshold is None:
        return translate(
            "Narration", "converged: a full pass found no mistake, {updates}: {weights}"
        ).format(updates=updates, weights=weights)
    return translate(
        "Narration",
        "converged: a full pass made no update, every y(w·x + b) {rel} {thr}, "
        "{updates} updates, {m} of them on mistakes: {weights}",
    ).format(
        rel="≥" if t.spec.threshold_strict else ">",
        thr=fmt(threshold),
        updates=updates,
        m=t.mistakes,
        weights=weights,
    )

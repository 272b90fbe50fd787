"""What the last step did, in the textbook's words and numbers.

``update 2 on x3 = (1, 1), y = −1: y(w·x + b) = −1 · (3·1 + 3·1 + 1) = −7 ≤ 0, a
mistake → w ← w + ηyx = (3, 3) − (1, 1) = (2, 2), b ← b + ηy = 1 − 1 = 0``

The sentences go through Qt's translation (context ``Narration``), so the narration
speaks the window's language; the numbers are the run's own.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.format import fmt, point_name
from perceptron_gui.core.trainer import StepRecord, Trainer

# Called by this name with a literal context so that pyside6-lupdate finds every sentence.
translate = QCoreApplication.translate


def _vec(v: tuple[float, ...]) -> str:
    return "(" + ", ".join(fmt(float(c)) for c in v) + ")"


def _factor(value: float) -> str:
    """A factor of a product: ``3``, or ``(−3)`` when negative."""
    return f"({fmt(value)})" if value < 0 else fmt(value)


def _signed(value: float) -> str:
    """``+ 3`` or ``− 3``: a term added to what comes before it."""
    return f"− {fmt(-value)}" if value < 0 else f"+ {fmt(value)}"


def _minus(text: str) -> str:
    return text.replace("-", "−")


def narrate(t: Trainer, rec: StepRecord | None = None) -> str:
    """The narration of `rec` (default: the trainer's last visit), or of the state."""
    rec = t.last if rec is None else rec
    if t.n == 0:
        return translate("Narration", "no points: click on the canvas to add some")
    if rec is None or t.visits == 0:
        w, b = t.w, t.b
        if w == (0.0, 0.0) and b == 0.0:
            return translate(
                "Narration",
                "start: w = (0, 0), b = 0, so y(w·x + b) = 0 ≤ 0 for every point: "
                "every point is a mistake",
            )
        return translate("Narration", "start: w = {w}, b = {b}").format(w=_vec(w), b=fmt(b))
    c = t.config
    i = rec.index
    x = (float(t.data.points[i, 0]), float(t.data.points[i, 1]))
    y = float(t.data.labels[i])
    ys = "+1" if y > 0 else "−1"
    point = translate("Narration", "{name} = {x}, y = {y}").format(
        name=point_name(i), x=_vec(x), y=ys
    )
    (w0, w1), b0 = rec.w_before, rec.b_before
    if t.has_alpha:
        kernel = "K(xⱼ, x)" if c.mode == "kernel" else "xⱼ·x"
        score = translate("Narration", "y(Σⱼ αⱼyⱼ {k} + b)").format(k=kernel)
        if math.isfinite(rec.margin):  # (not kept for an update reached by going back)
            score += f" = {fmt(rec.margin)}"
    else:
        inner = f"{_factor(w0)}·{_factor(x[0])} + {_factor(w1)}·{_factor(x[1])}"
        if c.bias:
            inner += f" {_signed(b0)}"
        score = translate("Narration", "y(w·x + b) = {y} · ({inner})").format(y=ys, inner=inner)
        if math.isfinite(rec.margin):  # (not kept for an update reached by going back)
            score += f" = {fmt(rec.margin)}"
    if not rec.mistake:
        head = translate("Narration", "visit {v}: {point}: {score} > 0, right: no update")
        return _minus(head.format(v=rec.visit, point=point, score=score))
    ey = c.eta * y
    step = _vec((abs(ey) * x[0], abs(ey) * x[1]))
    sign = "−" if ey < 0 else "+"
    if t.has_alpha:
        alpha = t.alpha_slice(slice(i, i + 1))
        after = float(alpha[0]) if alpha is not None and t.last is rec else float("nan")
        update = translate("Narration", "α{n} ← α{n} + η = {a}").format(
            n=i + 1, a=fmt(after) if after == after else "α + η"
        )
    else:
        update = translate("Narration", "w ← w + ηyx = {w} {sign} {step} = {new}").format(
            w=_vec(rec.w_before), sign=sign, step=step, new=_vec(rec.w_after)
        )
    if c.bias:
        update += ", " + translate("Narration", "b ← b + ηy = {b} {d} = {new}").format(
            b=fmt(b0), d=_signed(ey), new=fmt(rec.b_after)
        )
    text = translate(
        "Narration", "update {k} on {point}: {score} ≤ 0, a mistake → {update}"
    ).format(k=rec.k, point=point, score=score, update=update)
    if rec.pocket_replaced:
        text += translate("Narration", "; fewer mistakes than the pocket: into the pocket")
    return _minus(text)

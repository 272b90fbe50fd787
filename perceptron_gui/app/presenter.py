"""One presenter: a run's state drawn on a canvas, the same for every surface.

The window's canvas, the compare pane's canvas and the exports' figures all draw a
run through `present_run` and its geometry through `present_bound`, so what is
exported is what was seen: the line or the kernel's regions, the answer (pocket /
average / vote) beside the running weights with its own name in the legend, the
halos of the misclassified points, the margin band of the margin-based modes, the α
labels and the picture of the last update.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from perceptron_gui.core.model import LinearModel, mistakes
from perceptron_gui.core.registry import spec

if TYPE_CHECKING:
    from perceptron_gui.app.canvas import DataCanvas
    from perceptron_gui.core.novikoff import Bound
    from perceptron_gui.core.protocol import Algorithm

__all__ = ["RunView", "present_bound", "present_run", "step_name", "update_picture"]


@dataclass(frozen=True)
class RunView:
    """How a run is to be drawn, beyond its own state.

    Attributes
    ----------
    current
        The 0-based point of the last step or visit (None: no current point).
    verdict
        "mistake", "inside" (the margin), "correct" or None (a transient label: figures
        leave it out).
    answer_first
        Halos from the answer (pocket / average / vote) rather than the running weights.
    anatomy
        Draw the last update's picture (old w + ηyx = new w, the ghost of the old line).
    follow
        The view follows the line.
    phase
        The phase shown while stepping through predict, reveal, correct ("correct" draws
        the update's picture at its end at once; None plays it in slow motion).
    """

    current: int | None = None
    verdict: str | None = None
    answer_first: bool = True
    anatomy: bool = False
    follow: bool = True
    phase: str | None = None


def update_picture(t: Algorithm, bias: bool) -> tuple[LinearModel, LinearModel, int] | None:
    """The last update as (before, after, point), or None when there is none to draw.

    Only a linear model's update with one point has a picture (a kernel's update
    lives in feature space; a batch's sums many points).
    """
    last = t.last
    if last is None or not last.mistake or not t.k or not isinstance(t.model, LinearModel):
        return None
    if not 0 <= int(last.index) < t.n:
        return None
    return (
        LinearModel(last.w_before, last.b_before),
        LinearModel(last.w_after, last.b_after),
        int(last.index),
    )


def step_name(mode: str) -> str:
    """The step vector's name from the mode's registry entry: ηyx, τyx, η Σ_M yx."""
    return spec(mode).step


def _same(model: Any) -> Any:
    return model


def present_run(
    cv: DataCanvas,
    t: Algorithm,
    bias: bool,
    view: RunView,
    view_model: Callable[[Any], Any] = _same,
) -> None:
    """Draw trainer `t`'s state on canvas `cv` (points are set by the caller).

    `view_model` maps a model to what the canvas draws: for points in R^d (d > 2) the
    window's view of it (`window.dims.DimView.view_model`); the mistakes are the run's own.
    """
    answer = t.answer
    cv.set_answer(view_model(answer), t.answer_name)
    cv.step_name = step_name(t.config.mode)
    picture = update_picture(t, bias) if view.anatomy else None
    if picture is None:
        cv.set_update(None, None, -1, False)
    else:
        phase = "correct" if view.phase == "correct" else None
        before, after = view_model(picture[0]), view_model(picture[1])
        cv.set_update(before, after, picture[2], bias, phase=phase)
    cv.set_model(view_model(t.model), follow=view.follow)
    data = t.data
    if answer is not None and view.answer_first and data.dim != 2:
        cv.set_misclassified(mistakes(answer, data.points, data.labels))  # in R^d
    elif answer is not None and view.answer_first:
        cv.set_misclassified(cv.answer_mistakes(answer, data.points, data.labels))
    else:
        cv.set_misclassified(t.misclassified())
    cv.set_current(view.current, view.verdict)
    cv.set_alpha(t.alpha)
    cv.set_margin_band(t.threshold)


def present_bound(cv: DataCanvas, bound: Bound | None, bias: bool, n: int) -> None:
    """The Novikoff geometry: radius D, best separator and its γ band.

    None (not computed yet) draws nothing; a bound in a kernel's feature space (whose
    direction is not a line of the plane) draws nothing either.
    """
    if bound is None or len(bound.direction) != (3 if bound.bias else 2):
        cv.set_geometry(None, None, None, bias if bound is None else bound.bias)
    elif bound.separable:
        cv.set_geometry(bound.D, bound.direction, bound.gamma, bound.bias)
    else:
        cv.set_geometry(bound.D if n else None, None, None, bound.bias)

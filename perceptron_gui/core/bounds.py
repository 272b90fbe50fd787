"""Which mistake bound each algorithm has (ALGORITHMS.md), from Novikoff's D and γ.

- primal, dual, pocket (its running weights), averaged and voted (their updates are
  the primal's): at most ``(D/γ)²`` updates;
- batch: at most ``N (D/γ)²`` batch steps (crude, but a bound);
- kernel: ``(D/γ)²`` with D and γ in feature space (the caller gives that `Bound`);
- passive-aggressive: no bound is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.novikoff import Bound

#: Above this many points the window does not compute the kernel bound (it is O(N²)
#: memory and Wolfe's iteration in Python; `novikoff(..., kernel=...)` goes to 2000).
KERNEL_BOUND_WINDOW_MAX_N = 400


@dataclass(frozen=True)
class MistakeBound:
    """The bound that applies to a run.

    Attributes
    ----------
    value
        The most updates (batch: steps) the theorem allows; None when none applies.
    name
        How to write it: ``"(D/γ)²"``, ``"N(D/γ)²"``.
    note
        Why there is none, or what it counts (empty when plain).
    """

    value: float | None
    name: str
    note: str = ""


def mistake_bound(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    """The bound on `config.mode`'s updates for a data set of `n` points with `bound`."""
    mode = config.mode
    if mode == "pa":
        return MistakeBound(None, "", "passive-aggressive also corrects right points: no bound")
    if not bound.separable or bound.bound is None:
        where = " in feature space" if mode == "kernel" else ""
        return MistakeBound(None, "", f"not linearly separable{where}: no bound")
    if mode == "batch":
        return MistakeBound(n * bound.bound, "N(D/γ)²", "batch steps (a crude bound)")
    if mode == "kernel":
        return MistakeBound(bound.bound, "(D/γ)²", "D and γ in feature space")
    return MistakeBound(bound.bound, "(D/γ)²")


def needs_kernel_bound(config: TrainConfig) -> bool:
    """True when D and γ are to be measured in the kernel's feature space."""
    return config.mode == "kernel"


def proof_note(config: TrainConfig) -> str:
    """Why the step-by-step proof is not drawn for this mode ("" when it is).

    The proof follows single perceptron updates ``ŵ += ηy x̂`` in the input space:
    the primal, the dual, the pocket's running weights, the averaged and voted runs.
    """
    if config.mode == "batch":
        return "a batch step adds many points at once: the proof's steps are single updates"
    if config.mode == "pa":
        return "passive-aggressive steps are not ηy x̂: the perceptron's proof does not apply"
    if config.mode == "kernel":
        return "the kernel run's weights live in feature space: no input-space picture"
    return ""

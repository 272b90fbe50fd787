"""Which mistake bound each algorithm has (ALGORITHMS.md), from Novikoff's D and γ.

The rules are the registry's (`registry.ModeSpec.bound_rule`):

- primal, dual, pocket (its running weights), averaged and voted (their updates are
  the primal's): at most ``(D/γ)²`` updates;
- batch: at most ``N (D/γ)²`` batch steps (crude, but a bound);
- kernel: ``(D/γ)²`` with D and γ in feature space (the caller gives that `Bound`);
- margin: at most ``(D² + 2·margin/η)/γ²`` updates (margin corrections included);
- passive-aggressive: no bound is drawn.
"""

from __future__ import annotations

from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.registry import MistakeBound, spec

__all__ = [
    "KERNEL_BOUND_WINDOW_MAX_N",
    "KERNEL_BOUND_WINDOW_SECONDS",
    "MistakeBound",
    "mistake_bound",
    "needs_kernel_bound",
    "proof_note",
]

#: Above this many points the window does not compute the kernel bound (it is O(N²)
#: memory and Wolfe's iteration in Python; `novikoff(..., kernel=...)` goes to 2000).
KERNEL_BOUND_WINDOW_MAX_N = 400
#: The window's time limit on the kernel bound's explicit polish (seconds): random labels
#: on 150 points with a narrow RBF took 10 s of CPU, on 300 minutes, on the GUI thread.
KERNEL_BOUND_WINDOW_SECONDS = 0.5


def mistake_bound(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    """The bound on `config.mode`'s updates for a data set of `n` points with `bound`."""
    return spec(config.mode).bound(config, n, bound)


def needs_kernel_bound(config: TrainConfig) -> bool:
    """True when D and γ are to be measured in the kernel's feature space."""
    return spec(config.mode).feature_space


def config_bound(data: Dataset, config: TrainConfig) -> Bound:
    """Novikoff's D, γ and bound for a run of `config` on `data`: in the kernel's feature
    space when the mode's are measured there (DataError as `novikoff` raises it)."""
    from perceptron_gui.core.novikoff import novikoff

    if not needs_kernel_bound(config):
        return novikoff(data, bias=config.bias)
    return novikoff(
        data,
        bias=config.bias,
        kernel=config.kernel,
        degree=config.degree,
        coef0=config.coef0,
        sigma=config.sigma,
    )


def proof_note(config: TrainConfig) -> str:
    """Why the step-by-step proof is not drawn for this mode ("" when it is).

    The proof follows single perceptron updates ``ŵ += ηy x̂`` on mistakes in the input
    space: the primal, the dual, the pocket's running weights, the averaged and voted runs.
    """
    return spec(config.mode).proof_note

"""The settings of a run, shared by the trainer, the session files, the CLI and the window."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.limits import check_limits

#: A mode's key: one of `MODES`, the keys of `registry.REGISTRY` (the built-in modes and
#: those of installed plugins), checked by `check_config`.
Mode = str
Order = Literal["first", "cyclic", "random-cyclic", "random"]
Kernel = Literal["linear", "poly", "rbf"]

#: Every mode, in the registry's order (read from it: see `__getattr__` below).
MODES: tuple[Mode, ...]
ORDERS: tuple[Order, ...] = ("first", "cyclic", "random-cyclic", "random")
#: A run's own settings, by the names a session file gives them (the limits aside): what a
#: compared second run and a lesson scene may set.
RUN_SETTINGS: tuple[str, ...] = (
    "mode",
    "order",
    "eta",
    "bias",
    "seed",
    "C",
    "kernel",
    "degree",
    "coef0",
    "sigma",
    "margin",
)
KERNELS: tuple[Kernel, ...] = ("linear", "poly", "rbf")

#: With no limit given a run stops after this many updates (and says it did not converge).
DEFAULT_MAX_UPDATES = 1_000_000
#: ... or after this many visits, whichever comes first, so that no run can hang.
DEFAULT_MAX_VISITS = 200_000_000


@dataclass(frozen=True)
class TrainConfig:
    """How to train.

    Attributes
    ----------
    mode
        "primal", "dual", "pocket", "batch", "averaged", "voted", "pa" (passive-aggressive,
        PA-I), "kernel" or "margin" (the margin perceptron); `registry.py` says what each is.
    order
        Which mistake comes next: "first", "cyclic", "random-cyclic" or "random".
        "averaged", "voted" and "pa" allow "cyclic" and "random-cyclic" only; "batch"
        has no order (only the default "cyclic" is accepted): see `registry.ModeSpec.orders`.
    eta
        Learning rate η > 0.
    bias
        Learn b (False: lines through the origin, b stays 0).
    seed
        Seed of the random orders.
    max_updates
        Stop after this many updates (None: the default cap).
    max_epochs
        Stop after this many epochs of N visits (None: the default cap).
    w0, b0
        Initial weights (the kernel perceptron has no w: w0 must stay (0, 0)).
    C
        Passive-aggressive: the cap C > 0 on each step τ.
    kernel
        Kernel perceptron: "linear" (x·z), "poly" ((x·z + coef0)^degree) or "rbf"
        (exp(-||x - z||² / (2 sigma²))).
    degree, coef0
        Polynomial kernel: whole degree >= 1, coef0 >= 0.
    sigma
        RBF kernel width sigma > 0.
    margin
        Margin perceptron: a point is corrected when ``y (w·x + b) <= margin`` (>= 0).

    A setting that the mode does not use is accepted and ignored.
    """

    mode: Mode = "primal"
    order: Order = "cyclic"
    eta: float = 1.0
    bias: bool = True
    seed: int = 0
    max_updates: int | None = None
    max_epochs: int | None = None
    w0: tuple[float, float] = (0.0, 0.0)
    b0: float = 0.0
    C: float = 1.0
    kernel: Kernel = "poly"
    degree: int = 2
    coef0: float = 1.0
    sigma: float = 1.0
    margin: float = 1.0

    def __post_init__(self) -> None:
        check_config(self)

    def with_(self, **changes: Any) -> TrainConfig:
        """A copy with some fields changed (validated)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict."""
        d = asdict(self)
        d["w0"] = list(self.w0)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str | None = None) -> TrainConfig:
        """Build from a dict such as `to_dict` gives; unknown keys are refused."""
        known = set(cls.__dataclass_fields__)
        unknown = set(d) - known
        if unknown:
            raise DataError(f"unknown setting(s): {', '.join(sorted(unknown))}", source)
        kw = dict(d)
        try:
            if "w0" in kw:
                w0 = kw["w0"]
                if not isinstance(w0, (list, tuple)) or len(w0) != 2:
                    raise DataError("setting w0 must be a list of 2 numbers", source)
                kw["w0"] = (_num(w0[0], "w0", source), _num(w0[1], "w0", source))
            for key in ("eta", "b0", "C", "coef0", "sigma", "margin"):
                if key in kw:
                    kw[key] = _num(kw[key], key, source)
            for key in ("seed", "max_updates", "max_epochs", "degree"):
                if key in kw and kw[key] is not None:
                    v = kw[key]
                    if isinstance(v, bool) or not isinstance(v, int):
                        raise DataError(f"setting {key} must be a whole number", source)
            if "bias" in kw and not isinstance(kw["bias"], bool):
                raise DataError("setting bias must be true or false", source)
            return cls(**kw)
        except DataError as exc:
            if exc.source is None:
                raise DataError(exc.message, source) from None
            raise


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        # MODES is the registry's keys; the registry imports the trainers, which import this
        # module, so it is read when first asked for (and the plugins are loaded then).
        if name == "MODES":
            from perceptron_gui.core.registry import modes

            return modes()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _num(v: Any, key: str, source: str | None) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise DataError(f"setting {key} must be a number", source)
    try:
        return float(v)
    except OverflowError:  # JSON integers have no size limit: 1 followed by 400 zeros
        raise DataError(f"setting {key} is a number too large for a float", source) from None


def check_config(c: TrainConfig) -> None:
    """Raise DataError when a setting is out of range."""
    # The registry imports the trainers, which import this module: look it up when checking.
    from perceptron_gui.core.registry import REGISTRY, spec, unknown_mode_message

    if not isinstance(c.mode, str) or c.mode not in REGISTRY:
        raise DataError(unknown_mode_message(c.mode))
    if c.order not in ORDERS:
        raise DataError(f"order must be one of {', '.join(ORDERS)}, not {c.order!r}")
    if not (isinstance(c.eta, (int, float)) and math.isfinite(c.eta) and c.eta > 0):
        raise DataError(f"η must be a finite number > 0, not {c.eta!r}")
    for name in ("max_updates", "max_epochs"):
        v = getattr(c, name)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 0):
            raise DataError(f"{name} must be a whole number >= 0, not {v!r}")
    check_limits(c)  # documented maxima (core/limits.py): nothing overflows later
    if isinstance(c.seed, bool) or not isinstance(c.seed, int) or c.seed < 0:
        raise DataError(f"seed must be a whole number >= 0, not {c.seed!r}")
    if not all(math.isfinite(float(v)) for v in (*c.w0, c.b0)):
        raise DataError("initial weights w0, b0 must be finite")
    if not (isinstance(c.C, (int, float)) and math.isfinite(c.C) and c.C > 0):
        raise DataError(f"C must be a finite number > 0, not {c.C!r}")
    if c.kernel not in KERNELS:
        raise DataError(f"kernel must be one of {', '.join(KERNELS)}, not {c.kernel!r}")
    if isinstance(c.degree, bool) or not isinstance(c.degree, int) or not 1 <= c.degree <= 20:
        raise DataError(f"degree must be a whole number from 1 to 20, not {c.degree!r}")
    if not (isinstance(c.coef0, (int, float)) and math.isfinite(c.coef0) and c.coef0 >= 0):
        raise DataError(f"coef0 must be a finite number >= 0, not {c.coef0!r}")
    if not (isinstance(c.sigma, (int, float)) and math.isfinite(c.sigma) and c.sigma > 0):
        raise DataError(f"sigma must be a finite number > 0, not {c.sigma!r}")
    if not (isinstance(c.margin, (int, float)) and math.isfinite(c.margin) and c.margin >= 0):
        raise DataError(f"margin must be a finite number >= 0, not {c.margin!r}")
    s = spec(c.mode)
    if not s.allows(c.order):
        raise DataError(f"order {c.order!r} does not apply to {s.name}: {s.orders_note}")
    if not s.has_w and (c.w0[0] != 0.0 or c.w0[1] != 0.0):
        raise DataError(
            "initial weights w0 do not apply to the kernel perceptron: it has no w "
            "(start from α = 0; b0 may be set)"
        )
    if not s.takes_w0 and (c.w0[0] != 0.0 or c.w0[1] != 0.0):
        # Its answer is w = Σ α_i η y_i x_i: a w0 would add a term the scores f_i and the
        # reported w round apart (w0 = 1e17 gave a "converged" w that misclassified x1).
        raise DataError(
            "initial weights w0 do not apply to the dual form: its w is Σ α_i y_i x_i "
            "(start from α = 0; b0 may be set)"
        )

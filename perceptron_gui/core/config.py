"""The settings of a run, shared by the trainer, the session files, the CLI and the window."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, cast

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.limits import check_limits
from perceptron_gui.core.params import BUILT_IN_PARAMS, Param, Value

#: A mode's key: one of `MODES`, the keys of `registry.REGISTRY` (the built-in modes and
#: those of installed plugins), checked by `check_config`.
Mode = str
Order = Literal["first", "cyclic", "random-cyclic", "random"]
Kernel = Literal["linear", "poly", "rbf"]

#: Every mode, in the registry's order (read from it: see `__getattr__` below).
MODES: tuple[Mode, ...]
ORDERS: tuple[Order, ...] = ("first", "cyclic", "random-cyclic", "random")
#: The settings every mode has, by the names a session file gives them (the limits aside),
#: before the modes' own (`run_settings`).
COMMON_RUN_SETTINGS: tuple[str, ...] = ("mode", "order", "eta", "bias", "seed")
KERNELS: tuple[Kernel, ...] = cast("tuple[Kernel, ...]", BUILT_IN_PARAMS["kernel"].choices)

#: With no limit given a run stops after this many updates (and says it did not converge).
DEFAULT_MAX_UPDATES = 1_000_000
#: ... or after this many visits, whichever comes first, so that no run can hang.
DEFAULT_MAX_VISITS = 200_000_000


def _default(name: str) -> Any:
    """The default of built-in setting `name`: its `Param`'s, declared in params.py."""
    return BUILT_IN_PARAMS[name].default


@dataclass(frozen=True)
class TrainConfig:
    """How to train.

    Attributes
    ----------
    mode
        "primal", "dual", "pocket", "batch", "averaged", "voted", "pa" (passive-aggressive,
        PA-I), "kernel" or "margin" (the margin perceptron), or an installed plugin's mode;
        `registry.py` says what each is.
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
    C, kernel, degree, coef0, sigma, margin
        The built-in modes' own settings (passive-aggressive's cap, the kernel perceptron's
        kernel, the margin perceptron's threshold): each is declared once, as a `Param` in
        `params.py`, with its default, range and help, and checked from there.
    extra
        The settings that plugins' modes declare (`Param`s that are not fields here), as
        sorted ``(name, value)`` pairs, every one filled (its default when not given).
        Read any setting with `get`; set them with `of` or `with_`.

    A setting that the mode does not use is accepted (checked) and ignored.
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
    C: float = _default("C")
    kernel: Kernel = _default("kernel")
    degree: int = _default("degree")
    coef0: float = _default("coef0")
    sigma: float = _default("sigma")
    margin: float = _default("margin")
    extra: tuple[tuple[str, Value], ...] = ()

    def __post_init__(self) -> None:
        # `of`, `with_` and `from_dict` refuse a name no mode declares; a setting kept
        # from a mode since unregistered (registry.unregister) is dropped here.
        params = mode_params()
        given = dict(self.extra)
        filled = tuple(
            sorted((n, given.get(n, p.default)) for n, p in params.items() if n not in _FIELDS)
        )
        object.__setattr__(self, "extra", filled)
        check_config(self)

    @classmethod
    def of(cls, **settings: Any) -> TrainConfig:
        """A config from settings by name, the common ones and every mode's own (a
        plugin's too): ``TrainConfig.of(mode="normalised", norm="l1")``."""
        fields_, extra = _split(settings)
        return cls(**fields_, extra=tuple(extra.items()))

    def get(self, name: str) -> Any:
        """The setting `name`, a field or a plugin's setting (KeyError: no such setting)."""
        if name in _FIELDS:
            return getattr(self, name)
        for key, value in self.extra:
            if key == name:
                return value
        params = mode_params()
        if name in params:  # declared after this config was made (registry.register)
            return params[name].default
        raise KeyError(name)

    def with_(self, **changes: Any) -> TrainConfig:
        """A copy with some settings changed (validated); a plugin's settings too."""
        fields_, extra = _split(changes)
        if extra:
            fields_["extra"] = tuple({**dict(self.extra), **extra}.items())
        return replace(self, **fields_)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able dict: every field, and the plugins' settings that this mode
        declares or that differ from their defaults (a session names no other plugin)."""
        d = asdict(self)
        del d["extra"]
        d["w0"] = list(self.w0)
        params = mode_params()
        own = _own_param_names(self.mode)
        for name, value in self.extra:
            if name in own or name not in params or value != params[name].default:
                d[name] = value
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], source: str | None = None) -> TrainConfig:
        """Build from a dict such as `to_dict` gives; unknown keys are refused."""
        params = mode_params()
        known = set(_FIELDS) | set(params)
        unknown = sorted(set(d) - known)
        if unknown:
            mode = d.get("mode")
            if isinstance(mode, str) and mode not in _modes():
                from perceptron_gui.core.registry import unknown_mode_message

                raise DataError(unknown_mode_message(mode), source)
            raise DataError(_unknown_settings_message(unknown), source)
        kw = dict(d)
        try:
            if "w0" in kw:
                w0 = kw["w0"]
                if not isinstance(w0, (list, tuple)) or len(w0) != 2:
                    raise DataError("setting w0 must be a list of 2 numbers", source)
                kw["w0"] = (_num(w0[0], "w0", source), _num(w0[1], "w0", source))
            for key in ("eta", "b0"):
                if key in kw:
                    kw[key] = _num(kw[key], key, source)
            for key in ("seed", "max_updates", "max_epochs"):
                if key in kw and kw[key] is not None:
                    v = kw[key]
                    if isinstance(v, bool) or not isinstance(v, int):
                        raise DataError(f"setting {key} must be a whole number", source)
            if "bias" in kw and not isinstance(kw["bias"], bool):
                raise DataError("setting bias must be true or false", source)
            for name, p in params.items():  # each mode's own, in its declared type
                if name in kw:
                    kw[name] = p.convert(kw[name], source)
            return cls.of(**kw)
        except DataError as exc:
            if exc.source is None:
                raise DataError(exc.message, source) from None
            raise


#: The settings that are fields of `TrainConfig` (every other one is a plugin's, in extra).
_FIELDS: frozenset[str] = frozenset(f for f in TrainConfig.__dataclass_fields__ if f != "extra")
assert set(BUILT_IN_PARAMS) <= _FIELDS, "a built-in mode's setting is a TrainConfig field"


def mode_params() -> dict[str, Param]:
    """Every installed mode's own settings by name, in the registry's order (a setting
    that several modes declare, once)."""
    from perceptron_gui.core.registry import REGISTRY

    return REGISTRY.params()


def run_settings() -> tuple[str, ...]:
    """A run's own settings, by the names a session file gives them (the limits aside):
    what a compared second run and a lesson scene may set. The common ones, then every
    installed mode's own (`mode_params`)."""
    return (*COMMON_RUN_SETTINGS, *mode_params())


def _modes() -> tuple[str, ...]:
    from perceptron_gui.core.registry import modes

    return modes()


def _own_param_names(mode: str) -> tuple[str, ...]:
    from perceptron_gui.core.registry import REGISTRY

    return REGISTRY[mode].param_names() if mode in REGISTRY else ()


def _split(settings: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`settings` as (TrainConfig's fields, the plugins' settings); DataError for a name
    that is neither."""
    fields_ = {k: v for k, v in settings.items() if k in _FIELDS}
    extra = {k: v for k, v in settings.items() if k not in _FIELDS}
    params = mode_params()
    unknown = sorted(k for k in extra if k not in params)
    if unknown:
        raise DataError(_unknown_settings_message(unknown))
    return fields_, extra


def _unknown_settings_message(names: list[str]) -> str:
    return f"unknown setting(s): {', '.join(names)}"


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        # MODES is the registry's keys; the registry imports the trainers, which import this
        # module, so it is read when first asked for (and the plugins are loaded then).
        if name == "MODES":
            return _modes()
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
    for p in REGISTRY.params().values():  # each mode's own, from its one declaration
        p.check(c.get(p.name))
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

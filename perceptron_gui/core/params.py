"""A mode's own settings, each declared once as a `Param`.

A `Param` says a setting's name, kind, default, range or choices, help and row title; from
that one declaration come its check in `TrainConfig` (`Param.check`, its messages
included), its keyword of `train()`, its ``--name`` option and help in both commands, its
key in session files and lessons, and its control in the window (a spin box or a list,
its range, its tooltip, when its row is shown). A plugin's mode declares its settings the
same way (docs/plugins.md) and gets all of these from it.

The built-in modes' settings are declared here, not in `registry.py`, so that
`config.py` can take their defaults from them without importing the trainers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, cast

from perceptron_gui.core.errors import DataError

#: A setting's value: a number or the name of a choice.
Value = float | int | str
Kind = Literal["float", "int", "choice"]


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:  # noqa: N802 (lupdate's name)
    """Mark `source` for the window's translations (lupdate reads this file) and give it
    back as it is: the core stays Qt-free and English; the window translates the text
    in `context` when it shows it."""
    return source


@dataclass(frozen=True)
class Param:
    """A setting of a mode beyond the common ones (η, order, bias, seed, limits, w0, b0).

    Attributes
    ----------
    name
        Its name everywhere: the `TrainConfig` setting, ``train(name=...)``, the option
        ``--name``, the key in session files and lessons.
    default
        Its default; its type gives the kind: a float, a whole number (int), or a text
        (one of `choices`).
    help
        One line for ``--help`` and the control's tooltip (translated in the window's
        "Core" context).
    low, high
        The allowed range of a number (None: open); `low_open`: the low end itself is
        refused.
    choices
        The allowed values of a choice (the kernel), else ().
    choice_tips
        One tooltip per choice (the list's items), or ().
    label
        The control's row title ("": the name); a word is translated in the window's
        "Settings" context, a symbol ("σ", "C") stays.
    shown_when
        ``(setting, values)``: the control is shown only while that other setting has one
        of these values (the polynomial kernel's degree: ``("kernel", ("poly",))``).
    decimals, step, widget_high
        The window's spin box: decimals shown, the arrows' step, and its top when `high`
        is None.
    """

    name: str
    default: Value
    help: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    choices: tuple[str, ...] = ()
    choice_tips: tuple[str, ...] = ()
    label: str = ""
    shown_when: tuple[str, tuple[str, ...]] | None = None
    decimals: int = 3
    step: float = 1.0
    widget_high: float = 1e6

    @property
    def kind(self) -> Kind:
        """ "choice", "int" or "float", from the default's type."""
        if self.choices or isinstance(self.default, str):
            return "choice"
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            return "int"
        return "float"

    @property
    def title(self) -> str:
        """The control's row title."""
        return self.label or self.name

    def range_text(self) -> str:
        """The allowed values in words (">= 0", "> 0", "from 1 to 20", "linear, poly or rbf")."""
        if self.kind == "choice":
            *head, last = self.choices
            return f"{', '.join(head)} or {last}" if head else last
        lo, hi = _num_text(self.low), _num_text(self.high)
        if self.low is not None and self.high is not None:
            return f"from {lo} to {hi}" + (f" (not {lo})" if self.low_open else "")
        if self.low is not None:
            return f"{'>' if self.low_open else '>='} {lo}"
        if self.high is not None:
            return f"<= {hi}"
        return ""

    def check(self, value: object) -> None:
        """Raise DataError when `value` is not allowed (the message names the setting)."""
        if self.kind == "choice":
            if value not in self.choices:
                names = ", ".join(self.choices)
                raise DataError(f"{self.name} must be one of {names}, not {value!r}")
            return
        whole = self.kind == "int"
        what = "a whole number" if whole else "a finite number"
        want = f"{what} {self.range_text()}".rstrip()
        if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
            raise DataError(f"{self.name} must be {want}, not {value!r}")
        v = float(value)
        ok = math.isfinite(v) if not whole else True
        if self.low is not None:
            ok = ok and (v > self.low if self.low_open else v >= self.low)
        if self.high is not None:
            ok = ok and v <= self.high
        if not ok:
            raise DataError(f"{self.name} must be {want}, not {value!r}")

    def convert(self, value: Any, source: str | None = None) -> Value:
        """`value` as read from a file (JSON, TOML), in this setting's type: a whole
        number for a float is a float; anything else of the wrong type is refused."""
        kind = self.kind
        if kind == "float":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise DataError(f"setting {self.name} must be a number", source)
            try:
                return float(value)
            except OverflowError:  # JSON integers have no size limit
                raise DataError(
                    f"setting {self.name} is a number too large for a float", source
                ) from None
        if kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise DataError(f"setting {self.name} must be a whole number", source)
        # A choice of the wrong type is given back as it is: `check` says what is wrong.
        return cast(Value, value)

    def option_help(self) -> str:
        """The ``--name`` option's help: the help and the default."""
        d = self.default
        return f"{self.help} (default: {d if isinstance(d, str) else format(d, 'g')})"


def _num_text(v: float | None) -> str:
    if v is None:
        return ""
    return str(int(v)) if float(v).is_integer() and abs(v) < 1e15 else repr(v)


#: The passive-aggressive algorithm's cap on a step.
PA_PARAMS = (
    Param(
        "C",
        1.0,
        QT_TRANSLATE_NOOP("Core", "passive-aggressive: the cap C > 0 on each step τ"),
        low=0.0,
        low_open=True,
        decimals=4,
    ),
)
#: The kernel perceptron's kernel and its parameters.
KERNEL_PARAMS = (
    Param(
        "kernel",
        "poly",
        QT_TRANSLATE_NOOP("Core", "kernel: linear, poly or rbf"),
        choices=("linear", "poly", "rbf"),
        choice_tips=(
            QT_TRANSLATE_NOOP("Core", "K(x, z) = x·z: exactly the dual form"),
            QT_TRANSLATE_NOOP(
                "Core", "K(x, z) = (x·z + coef0)^degree: separates XOR with degree 2"
            ),
            QT_TRANSLATE_NOOP("Core", "K(x, z) = exp(−‖x − z‖² / (2σ²)): separates circles"),
        ),
    ),
    Param(
        "degree",
        2,
        QT_TRANSLATE_NOOP("Core", "polynomial kernel: degree (whole, 1 to 20)"),
        low=1,
        high=20,
        shown_when=("kernel", ("poly",)),
    ),
    Param(
        "coef0",
        1.0,
        QT_TRANSLATE_NOOP("Core", "polynomial kernel: coef0 >= 0"),
        low=0.0,
        shown_when=("kernel", ("poly",)),
    ),
    Param(
        "sigma",
        1.0,
        QT_TRANSLATE_NOOP("Core", "RBF kernel: width σ > 0"),
        low=0.0,
        low_open=True,
        label="σ",
        shown_when=("kernel", ("rbf",)),
    ),
)
#: The margin perceptron's threshold.
MARGIN_PARAMS = (
    Param(
        "margin",
        1.0,
        QT_TRANSLATE_NOOP(
            "Core", "margin perceptron: correct every point with y(w·x + b) <= margin (>= 0)"
        ),
        low=0.0,
        step=0.5,
    ),
)
#: The row titles of the built-in settings that are words, marked for the window's
#: "Settings" context (not "Names": there "kernel" and "margin" are the modes).
LABELS = (
    QT_TRANSLATE_NOOP("Settings", "kernel"),
    QT_TRANSLATE_NOOP("Settings", "degree"),
    QT_TRANSLATE_NOOP("Settings", "margin"),
)
#: Every built-in mode's own setting by name (`TrainConfig` has a field for each).
BUILT_IN_PARAMS: dict[str, Param] = {
    p.name: p for p in (*PA_PARAMS, *KERNEL_PARAMS, *MARGIN_PARAMS)
}

"""One entry per mode: everything the rest of the program needs to know about it.

The trainer class, the orders it allows (and why not the others), its own parameters
(name, default, range, help), the bound that applies and the proof's note, its names,
how an update is written, whether updates and mistakes are counted apart, and what its
answer is called. `make_trainer`, the checks of `TrainConfig`, the command line, the
bound plot, the readout and the narration read it here, never from the mode's name.

The texts are English; the window shows them through its translator (the names in the
"Names" context, the notes in "Core").

Adding a mode: one trainer module and one `ModeSpec`, either below or in a separately
installed package that names it under the entry-point group ``perceptron_gui.modes``
(docs/plugins.md, "Writing a mode"). `REGISTRY` loads those plugins once, when it is
first read; a plugin that fails to load is reported in one line and skipped.
"""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from importlib.machinery import PathFinder
from typing import TYPE_CHECKING

from perceptron_gui.core.batch import BatchTrainer
from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.config import COMMON_RUN_SETTINGS, ORDERS, Mode, Order, TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.margin import MarginTrainer
from perceptron_gui.core.online import KernelTrainer, PATrainer, VotedTrainer
from perceptron_gui.core.params import (
    KERNEL_PARAMS,
    MARGIN_PARAMS,
    PA_PARAMS,
    QT_TRANSLATE_NOOP,
    Param,
)
from perceptron_gui.core.trainer import Trainer

if TYPE_CHECKING:
    from importlib import metadata

    from perceptron_gui.core.protocol import Algorithm


@dataclass(frozen=True)
class MistakeBound:
    """The bound that applies to a run.

    Attributes
    ----------
    value
        The most updates (batch: steps) the theorem allows; None when none applies.
    name
        How to write it: ``"(D/γ)²"``, ``"N(D/γ)²"``, ``"(D² + 2·margin/η)/γ²"``.
    note
        Why there is none, or what it counts (empty when plain).
    """

    value: float | None
    name: str
    note: str = ""


BoundRule = Callable[[TrainConfig, int, Bound], MistakeBound]


#: The bound's note when the data are not separable (a plugin's bound rule may give it
#: too: the window translates it).
NOT_SEPARABLE_NOTE = QT_TRANSLATE_NOOP("Core", "not linearly separable: no bound")


def _no_bound_if_not_separable(rule: BoundRule, note: str = NOT_SEPARABLE_NOTE) -> BoundRule:
    def wrapped(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
        if not bound.separable or bound.bound is None:
            return MistakeBound(None, "", note)
        return rule(config, n, bound)

    return wrapped


def _novikoff(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    assert bound.bound is not None
    return MistakeBound(bound.bound, "(D/γ)²")


def _batch(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    assert bound.bound is not None
    note = QT_TRANSLATE_NOOP("Core", "batch steps (a crude bound)")
    return MistakeBound(n * bound.bound, "N(D/γ)²", note)


def _kernel(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    assert bound.bound is not None
    return MistakeBound(
        bound.bound, "(D/γ)²", QT_TRANSLATE_NOOP("Core", "D and γ in feature space")
    )


def _margin(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    # ||ŵ_k||² <= ||ŵ_{k-1}||² + 2η·margin + η²D² and ŵ_k·û* >= kηγ (ALGORITHMS.md).
    d2 = bound.D * bound.D
    value = (d2 + 2.0 * config.margin / config.eta) / (bound.gamma * bound.gamma)
    if not math.isfinite(value):
        value = float("inf")
    name = QT_TRANSLATE_NOOP("Core", "(D² + 2·margin/η)/γ²")
    return MistakeBound(
        value, name, QT_TRANSLATE_NOOP("Core", "updates, margin corrections included")
    )


def _pa(config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
    note = QT_TRANSLATE_NOOP("Core", "passive-aggressive also corrects right points: no bound")
    return MistakeBound(None, "", note)


PRIMAL_RULE = "w ← w + ηyx, b ← b + ηy"

_CYCLIC: tuple[Order, ...] = ("cyclic", "random-cyclic")
_CYCLIC_WHY = QT_TRANSLATE_NOOP("Core", "it visits points in cyclic or random-cyclic order")


@dataclass(frozen=True)
class ModeSpec:
    """What a mode is (see the module notes).

    Attributes
    ----------
    mode
        Its key in files, on the command line and in `TrainConfig.mode`.
    label
        Its short name on screen ("primal", "margin"; translated in the "Names" context).
    name
        Its name in messages ("the margin perceptron").
    trainer
        Makes its trainer: ``trainer(data, config)``.
    orders, orders_note
        The orders it allows, and why not the others ("" when all apply).
    params
        Its own settings.
    bound_rule
        The bound that applies to its updates (from Novikoff's D and γ).
    feature_space
        True when D and γ are measured in the kernel's feature space.
    proof_note
        Why the step-by-step proof is not drawn ("" when it is).
    update_rule
        How an update is written (``"w ← w + ηyx, b ← b + ηy"``).
    threshold_param
        The setting holding the margin below which a right point is still corrected
        (``"margin"``), or None.
    fixed_threshold
        That margin when it is a constant (passive-aggressive: 1), else None.
    threshold_strict
        True when a right point is corrected only strictly below the threshold
        (passive-aggressive: ``y f < 1``), False when at or below it (``y f <= margin``).
    scale_symbol
        The name of an update's factor: "η", or "τ" (passive-aggressive).
    step
        The step added to w, as the update rule writes it: "ηyx", "τyx", "η Σ_M yx"
        (the anatomy's arrow and caption, the narration).
    step_formula
        How the factor is computed when it is not the setting η itself
        (passive-aggressive: ``"τ = min(C, (1 − y·f)/‖x‖²)"``), else "".
    counts_apart
        True when updates and mistakes (``y f <= 0``) differ, so both are shown.
    answer_name
        What the answer is called when it is not the running weights ("pocket",
        "average", "vote"); "" when it is.
    answer_kind
        What the answer is made of, for the code that builds it (`train()`'s result in
        every dimension, the replay, the experiments): "" the running weights (the
        model of α and the kernel when `has_w` is False), "fewest" the first weights
        with the fewest training mistakes (needs `counts_errors`), "average" the mean
        of the weights after every visit, "vote" every weight vector voting with the
        visits it survived. It must be what the trainer makes in the plane ("fewest"
        on a `Trainer` with `counts_errors`, "average" and "vote" on a `VotedTrainer`,
        "" on any other): registration checks it (`_check_answer_kind`).
    has_w
        False when the answer has no w in the plane (the kernel perceptron: a
        `KernelTrainer`, whose answer is the model of α; and only then).
    batch
        True when one update sums the M current mistakes.
    tip
        One or two sentences on what it does (the mode list's tooltip; translated in the
        "Core" context).
    takes_w0
        False when the run cannot start from initial weights w0 (the dual form: its w is
        Σ α_i y_i x_i; a mode with no w never can).
    rd_rule
        The name of its step in the loop that runs every mode in R^d (`multi.py`):
        "threshold" (update when ``y f <=`` its threshold, by η: primal, pocket,
        averaged, voted, margin), "pa", "gram" (the dual: scores with the Gram columns
        ``x_j · x_i`` computed), "kernel" (scores from the kernel's Gram matrix); ""
        when that loop has none (a plugin's mode; the batch's steps have a loop of their
        own): `train()` then refuses data with d != 2 features in one line. The step named
        must be the trainer's rule, bit for bit in the plane: `check_mode` compares the
        two, and a plugin's mode whose step differs is refused in R^d (`rd_rule_problem`).
    counts_errors
        True when every update counts the training mistakes of the new weights (the
        pocket, which keeps the first of the fewest).
    """

    mode: Mode
    label: str
    name: str
    trainer: Callable[[Dataset, TrainConfig], Algorithm]
    bound_rule: BoundRule
    orders: tuple[Order, ...] = ORDERS
    orders_note: str = ""
    params: tuple[Param, ...] = ()
    feature_space: bool = False
    proof_note: str = ""
    update_rule: str = PRIMAL_RULE
    threshold_param: str | None = None
    fixed_threshold: float | None = None
    threshold_strict: bool = False
    scale_symbol: str = "η"
    step: str = "ηyx"
    step_formula: str = ""
    counts_apart: bool = False
    answer_name: str = ""
    answer_kind: str = ""
    has_w: bool = True
    batch: bool = False
    tip: str = ""
    takes_w0: bool = True
    rd_rule: str = ""
    counts_errors: bool = False

    def threshold(self, config: TrainConfig) -> float | None:
        """The margin below which a right point is corrected in `config` (None: mistakes only)."""
        if self.threshold_param is not None:
            return float(getattr(config, self.threshold_param))
        return self.fixed_threshold

    def bound(self, config: TrainConfig, n: int, bound: Bound) -> MistakeBound:
        """The bound on this mode's updates for `n` points whose Novikoff record is `bound`."""
        return self.bound_rule(config, n, bound)

    def allows(self, order: str) -> bool:
        """True when `order` applies to this mode."""
        return order in self.orders

    def param_names(self) -> tuple[str, ...]:
        """The names of its own settings."""
        return tuple(p.name for p in self.params)


_SEPARABLE = _no_bound_if_not_separable

_BUILT_IN: dict[str, ModeSpec] = {
    s.mode: s
    for s in (
        ModeSpec(
            "primal",
            QT_TRANSLATE_NOOP("Names", "primal"),
            "the primal perceptron",
            Trainer,
            _SEPARABLE(_novikoff),
            rd_rule="threshold",
            tip=QT_TRANSLATE_NOOP(
                "Core", "Primal form: keep w and b, update w ← w + η·y·x, b ← b + η·y on a mistake"
            ),
        ),
        ModeSpec(
            "dual",
            QT_TRANSLATE_NOOP("Names", "dual"),
            "the dual perceptron",
            Trainer,
            _SEPARABLE(_novikoff),
            rd_rule="gram",
            update_rule="αᵢ ← αᵢ + η, b ← b + ηy",
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Dual form: keep α per point; w = Σ α_j y_j x_j; the Gram matrix G = [x_i·x_j]",
            ),
            takes_w0=False,
        ),
        ModeSpec(
            "pocket",
            QT_TRANSLATE_NOOP("Names", "pocket"),
            "the pocket algorithm",
            Trainer,
            _SEPARABLE(_novikoff),
            rd_rule="threshold",
            counts_errors=True,
            answer_name=QT_TRANSLATE_NOOP("Core", "pocket"),
            answer_kind="fewest",
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Pocket algorithm: primal updates, but keep the weights with the fewest "
                "training mistakes seen so far (for data that are not separable)",
            ),
        ),
        ModeSpec(
            "batch",
            QT_TRANSLATE_NOOP("Names", "batch"),
            "the batch perceptron",
            BatchTrainer,
            _SEPARABLE(_batch),
            orders=("cyclic",),
            orders_note=QT_TRANSLATE_NOOP(
                "Core",
                "each batch step looks at the whole set (leave the order at its default, cyclic)",
            ),
            proof_note=QT_TRANSLATE_NOOP(
                "Core",
                "a batch step adds many points at once: the proof's steps are single updates",
            ),
            update_rule="w ← w + η Σ_M yx, b ← b + η Σ_M y",
            step="η Σ_M yx",
            batch=True,
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Batch perceptron: each step adds η·Σ y·x over every current mistake at once",
            ),
        ),
        ModeSpec(
            "averaged",
            QT_TRANSLATE_NOOP("Names", "averaged"),
            "the averaged perceptron",
            VotedTrainer,
            _SEPARABLE(_novikoff),
            rd_rule="threshold",
            orders=_CYCLIC,
            orders_note=_CYCLIC_WHY,
            answer_name=QT_TRANSLATE_NOOP("Core", "average"),
            answer_kind="average",
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Averaged perceptron: primal updates; the answer is the mean of the weights "
                "after every visit",
            ),
        ),
        ModeSpec(
            "voted",
            QT_TRANSLATE_NOOP("Names", "voted"),
            "the voted perceptron",
            VotedTrainer,
            _SEPARABLE(_novikoff),
            rd_rule="threshold",
            orders=_CYCLIC,
            orders_note=_CYCLIC_WHY,
            answer_name=QT_TRANSLATE_NOOP("Core", "vote"),
            answer_kind="vote",
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Voted perceptron: every weight vector votes with the number of visits it "
                "survived; the answer is the vote",
            ),
        ),
        ModeSpec(
            "pa",
            QT_TRANSLATE_NOOP("Names", "pa"),
            "the passive-aggressive algorithm",
            PATrainer,
            _pa,
            rd_rule="pa",
            orders=_CYCLIC,
            orders_note=_CYCLIC_WHY,
            params=PA_PARAMS,
            proof_note=QT_TRANSLATE_NOOP(
                "Core",
                "passive-aggressive steps are not ηy x̂: the perceptron's proof does not apply",
            ),
            update_rule="w ← w + τyx, b ← b + τy",
            fixed_threshold=1.0,
            threshold_strict=True,
            scale_symbol="τ",
            step="τyx",
            step_formula="τ = min(C, (1 − y·f)/‖x‖²)",
            counts_apart=True,
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Passive-aggressive (PA-I): also corrects right points with a margin below 1, "
                "with a step of at most C",
            ),
        ),
        ModeSpec(
            "kernel",
            QT_TRANSLATE_NOOP("Names", "kernel"),
            "the kernel perceptron",
            KernelTrainer,
            _SEPARABLE(
                _kernel,
                QT_TRANSLATE_NOOP("Core", "not linearly separable in feature space: no bound"),
            ),
            rd_rule="kernel",
            params=KERNEL_PARAMS,
            feature_space=True,
            proof_note=QT_TRANSLATE_NOOP(
                "Core", "the kernel run's weights live in feature space: no input-space picture"
            ),
            update_rule="αᵢ ← αᵢ + η, b ← b + ηy",
            has_w=False,
            tip=QT_TRANSLATE_NOOP(
                "Core", "Kernel perceptron: the dual form with a kernel K(x, z) in place of x·z"
            ),
            takes_w0=False,
        ),
        ModeSpec(
            "margin",
            QT_TRANSLATE_NOOP("Names", "margin"),
            "the margin perceptron",
            MarginTrainer,
            _SEPARABLE(_margin),
            rd_rule="threshold",
            params=MARGIN_PARAMS,
            proof_note=QT_TRANSLATE_NOOP(
                "Core",
                "a margin correction is not a mistake: the proof's steps are mistakes "
                "(the bound above counts both)",
            ),
            threshold_param="margin",
            counts_apart=True,
            tip=QT_TRANSLATE_NOOP(
                "Core",
                "Margin perceptron: primal updates on every point with y(w·x + b) ≤ margin, "
                "so it ends with every point at a margin above the threshold",
            ),
        ),
    )
}


#: The entry-point group a separately installed package names its modes under: each entry
#: point loads a `ModeSpec` or a list of them (docs/plugins.md).
ENTRY_POINT_GROUP = "perceptron_gui.modes"


class ModeRegistry(Mapping[str, ModeSpec]):
    """The modes by key: the built-in ones in their order, then the plugins' ones.

    The plugins (entry-point group `ENTRY_POINT_GROUP`) are loaded once, at the first
    read; `problems` then holds one line per plugin that was skipped, and each such
    line has also been written to stderr.
    """

    def __init__(self, built_in: dict[str, ModeSpec]) -> None:
        self._specs = dict(built_in)
        self._built_in = frozenset(built_in)
        self._loaded = False
        self._params: dict[str, Param] | None = None
        self.problems: list[str] = []

    def _load(self) -> dict[str, ModeSpec]:
        if not self._loaded:
            self._loaded = True  # first: a plugin that reads the registry sees the built-ins
            for ep in _entry_points():
                self._add_plugin(ep)
        return self._specs

    def _add_plugin(self, ep: metadata.EntryPoint) -> None:
        where = f"plugin {ep.name!r} ({ep.value})"
        try:
            loaded = ep.load()
            specs = list(loaded) if isinstance(loaded, (list, tuple)) else [loaded]
            for s in specs:
                _check_plugin_spec(s, self._specs)
        except Exception as exc:  # a broken plugin must never stop the program
            text = str(exc).strip().splitlines()
            problem = f"{where} skipped: {type(exc).__name__}: {text[0] if text else ''}"
            self.problems.append(problem)
            print(f"perceptron-gui: {problem}", file=sys.stderr)
            return
        for s in specs:
            self._specs[s.mode] = s
        self._params = None

    def register(self, mode: ModeSpec) -> None:
        """Add `mode` in this process (a script's or notebook's own mode, without a package):
        the same checks as a plugin's, ValueError when refused."""
        _check_plugin_spec(mode, self._load())
        self._specs[mode.mode] = mode
        self._params = None

    def unregister(self, mode: str) -> None:
        """Take back a mode added by `register` or a plugin (a built-in one stays)."""
        if mode in self._built_in:
            raise ValueError(f"mode {mode!r} is built in")
        self._load().pop(mode, None)
        self._params = None

    def params(self) -> dict[str, Param]:
        """Every mode's own settings by name, in the modes' order (a setting that several
        modes declare, once): what `TrainConfig` checks and stores, the options of the
        commands, the session keys and the window's controls are made from."""
        specs = self._load()
        if self._params is None:
            self._params = {p.name: p for s in specs.values() for p in s.params}
        return self._params

    def __getitem__(self, mode: str) -> ModeSpec:
        return self._load()[mode]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __contains__(self, mode: object) -> bool:
        return mode in self._load()


def _entry_points() -> list[metadata.EntryPoint]:
    if not _may_declare_plugins(sys.path):
        return []  # (importlib.metadata's import, ~35 ms of CPU at a start, spared)
    try:
        from importlib import metadata

        return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)
    except Exception as exc:  # a broken installation's metadata: the built-in modes still run
        print(f"perceptron-gui: plugins not loaded: {exc}", file=sys.stderr)
        return []


def _may_declare_plugins(path: list[str]) -> bool:
    """Whether an installed distribution may declare `ENTRY_POINT_GROUP`: False only when
    no ``*.dist-info`` or ``*.egg-info`` folder on `path` names the group in its
    ``entry_points.txt`` (what `importlib.metadata` reads, through the one finder of
    distributions Python has, `PathFinder`). True when unsure: another finder that finds
    distributions, a path entry that is a file (a zip) or an ``.egg``, a folder not read."""
    if any(f is not PathFinder and hasattr(f, "find_distributions") for f in sys.meta_path):
        return True
    for entry in path:
        try:
            with os.scandir(entry or ".") as found:
                names = [(e.name, e.path) for e in found]
        except (FileNotFoundError, NotADirectoryError):
            if os.path.isfile(entry):
                return True  # a zip file's distributions: importlib.metadata reads those
            continue
        except OSError:
            return True
        for name, where in names:
            if name.endswith(".egg"):
                return True
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(where, "entry_points.txt"), "rb") as f:
                    if ENTRY_POINT_GROUP.encode() in f.read():
                        return True
            except (FileNotFoundError, NotADirectoryError):
                continue  # (no entry points; an .egg-info that is a file)
            except OSError:
                return True
    return False


def _check_plugin_spec(s: object, known: dict[str, ModeSpec]) -> None:
    """Raise ValueError when a plugin's entry cannot be a mode (see `ModeRegistry`)."""
    if not isinstance(s, ModeSpec):
        raise ValueError(f"it gave a {type(s).__name__}, not a ModeSpec or a list of them")
    mode = s.mode
    if not (isinstance(mode, str) and mode and mode.replace("-", "").replace("_", "").isalnum()):
        raise ValueError(f"mode key {mode!r}: letters, digits, - and _ only")
    if mode in known:
        raise ValueError(f"mode {mode!r} is already taken")
    if not callable(s.trainer) or not callable(s.bound_rule):
        raise ValueError(f"mode {mode!r}: trainer and bound_rule must be callables")
    for p in s.params:
        _check_plugin_param(mode, p, s, known)
    _check_answer_kind(s)
    bad = [str(o) for o in s.orders if o not in ORDERS]
    if bad or not s.orders:
        raise ValueError(f"mode {mode!r}: orders must be some of {', '.join(ORDERS)}")


#: The values of `ModeSpec.answer_kind`.
ANSWER_KINDS = ("", "fewest", "average", "vote")


def _check_answer_kind(s: ModeSpec) -> None:
    """Raise ValueError when `s.answer_kind` is none of `ANSWER_KINDS`, or when the answer
    it names is not the one its trainer makes.

    In the plane the answer comes from the trainer's class (`Trainer` keeps the pocket when
    `counts_errors`, a `VotedTrainer` the average or the vote, a `KernelTrainer` the model
    of α); in R^d, the replay and the experiments from `answer_kind` and `has_w`. The two
    must agree: "fewest" with `counts_errors` on a `Trainer` (and the other way round),
    "average" and "vote" with a `VotedTrainer` (and the other way round), `has_w` False
    with a `KernelTrainer` (and the other way round). A trainer that is no class (a
    factory) can only have the running weights for its answer.
    """
    mode, kind = s.mode, s.answer_kind
    if kind not in ANSWER_KINDS:
        kinds = ", ".join(repr(k) for k in ANSWER_KINDS)
        raise ValueError(f"mode {mode!r}: answer_kind must be one of {kinds}")
    if kind == "fewest" and not s.counts_errors:
        raise ValueError(f"mode {mode!r}: answer_kind 'fewest' needs counts_errors")
    if s.counts_errors and kind != "fewest":
        raise ValueError(f"mode {mode!r}: counts_errors needs answer_kind 'fewest'")

    def family(cls: type) -> bool:
        return isinstance(s.trainer, type) and issubclass(s.trainer, cls)

    if kind == "fewest" and not family(Trainer):
        raise ValueError(f"mode {mode!r}: answer_kind 'fewest' needs a Trainer (the pocket's)")
    voting = kind in ("average", "vote")
    if voting and not family(VotedTrainer):
        raise ValueError(f"mode {mode!r}: answer_kind {kind!r} needs a VotedTrainer")
    if family(VotedTrainer) and not voting:
        raise ValueError(f"mode {mode!r}: a VotedTrainer needs answer_kind 'average' or 'vote'")
    if not s.has_w and not family(KernelTrainer):
        raise ValueError(f"mode {mode!r}: has_w False needs a KernelTrainer (the model of α)")
    if s.has_w and family(KernelTrainer):
        raise ValueError(f"mode {mode!r}: a KernelTrainer needs has_w False (its w is not kept)")


#: The names no mode's own setting may take: the common settings (and TrainConfig's store).
_COMMON = frozenset({*COMMON_RUN_SETTINGS, "max_updates", "max_epochs", "w0", "b0", "extra"})


def _check_plugin_param(mode: str, p: object, s: ModeSpec, known: dict[str, ModeSpec]) -> None:
    """Raise ValueError when a plugin's setting cannot be declared (see `Param`)."""
    if not isinstance(p, Param):
        raise ValueError(f"mode {mode!r}: a setting is a {type(p).__name__}, not a Param")
    where = f"mode {mode!r}: setting {p.name!r}"
    if not (isinstance(p.name, str) and p.name.isidentifier() and p.name.isascii()):
        raise ValueError(f"{where}: a name of ASCII letters, digits and _")
    if p.name in _COMMON:
        raise ValueError(f"{where} is a common setting")
    for other in known.values():
        for q in other.params:
            if q.name == p.name and q != p:
                raise ValueError(f"{where} is declared otherwise by mode {other.mode!r}")
    if p.kind == "choice" and (not p.choices or not all(isinstance(c, str) for c in p.choices)):
        raise ValueError(f"{where}: a choice needs its choices (texts)")
    if p.choice_tips and len(p.choice_tips) != len(p.choices):
        raise ValueError(f"{where}: one tip per choice")
    if p.shown_when is not None and p.shown_when[0] not in s.param_names():
        raise ValueError(f"{where}: shown_when names no setting of the mode")
    try:
        p.check(p.default)
    except DataError as exc:
        raise ValueError(f"{where}: its default is refused: {exc.message}") from None


REGISTRY = ModeRegistry(_BUILT_IN)


def modes() -> tuple[str, ...]:
    """Every mode's key: the built-in ones in their order, then the installed plugins' ones."""
    return tuple(REGISTRY)


def unknown_mode_message(mode: object) -> str:
    """What to say of a mode that is neither built in nor installed."""
    return (
        f"mode {mode!r} is not installed: the modes are {', '.join(REGISTRY)} "
        f"(a plugin's mode needs its package installed)"
    )


def _check_built_in() -> None:
    """The built-in entries pass the checks a plugin's answer passes (`_check_answer_kind`)."""
    for s in _BUILT_IN.values():
        _check_answer_kind(s)


_check_built_in()
assert all(
    s.update_rule.startswith(f"w ← w + {s.step},")
    for s in _BUILT_IN.values()
    if s.update_rule.startswith("w ← w + ")
), "a mode's step is its update rule's"


def spec(mode: str) -> ModeSpec:
    """The registry entry of `mode` (KeyError: no such mode)."""
    return REGISTRY[mode]


def make_trainer(data: Dataset, config: TrainConfig | None = None) -> Algorithm:
    """The trainer of ``config.mode`` for `data` (the primal form when `config` is None)."""
    c = config if config is not None else TrainConfig()
    if data.dim != 2:
        # The step-able trainers are the plane's; in R^d a replay of train()'s own engine
        # (core/multi.py) steps through the run instead.
        from perceptron_gui.core.replay import ReplayTrainer

        return ReplayTrainer(data, c)
    return spec(c.mode).trainer(data, c)


def is_built_in(s: ModeSpec) -> bool:
    """True for one of this program's own entries (not a plugin's, nor a registered copy)."""
    return _BUILT_IN.get(s.mode) is s


def check_mode(mode: str, *, sets: int = 3, seed: int = 0) -> list[str]:
    """Check the promise of `mode`'s `ModeSpec.rd_rule`: that the loop which runs data with
    d != 2 features (`core/multi.py`) computes its trainer's rule. Both run the same few
    small random sets in the plane (integer and real coordinates, bias on and off, every
    order the mode allows, 5 epochs at most), and their results must agree to the bit:
    the updates and the weights after each, the answer, the counts, why the run stopped,
    the decisions.

    Returns one line per run that disagrees, naming the set, the order and the fields that
    differ (empty: they agree). A mode with no `rd_rule` (nor `batch`) is not run in R^d
    (`train()` refuses such data), so there is nothing to check. It costs a few tens of
    milliseconds; the R^d loop asks it once for a plugin's mode (`rd_rule_problem`), and a
    plugin's tests call it (``assert check_mode("my-mode") == []``).
    """
    s = spec(mode)
    if not s.batch and not s.rd_rule:
        return []
    with _rd_lock:  # its own runs in R^d pass `rd_rule_problem` while it runs
        before = _rd_checks.get(id(s))
        _rd_checks[id(s)] = (s, "")
        try:
            problems = _compare_the_two_paths(s, sets, seed)
        finally:
            if before is not None:
                _rd_checks[id(s)] = before
            else:
                del _rd_checks[id(s)]
        if before is None:
            _rd_checks[id(s)] = (s, problems[0] if problems else "")
        return problems


#: What `check_mode` found for each entry it checked (its first problem, "" none), by id
#: (the entry is kept with it, so that its id stays its own).
_rd_checks: dict[int, tuple[ModeSpec, str]] = {}
_rd_lock = threading.RLock()


def rd_rule_problem(s: ModeSpec) -> str:
    """ "" when the R^d loop may run entry `s` (`core/multi.py` asks before every run): a
    built-in entry (tests/test_dimensions.py pins their bits), or another whose
    `check_mode` found no difference (checked once, at its first run in R^d); else the
    first difference found. So a plugin naming a step its trainer does not make is
    refused in R^d instead of silently computing another rule there."""
    if is_built_in(s):
        return ""
    with _rd_lock:
        if id(s) not in _rd_checks:
            check_mode(s.mode)
        return _rd_checks[id(s)][1]


def _compare_the_two_paths(s: ModeSpec, sets: int, seed: int) -> list[str]:
    """`check_mode`'s runs: the plane's trainer (`train()` at d = 2) against the R^d loop."""
    import numpy as np

    from perceptron_gui.core import multi
    from perceptron_gui.core.api import train

    mode = s.mode
    if not s.batch and s.rd_rule not in multi.RULE_CODES:
        steps = ", ".join(multi.RULE_CODES)
        return [f"rd_rule {s.rd_rule!r} is none of the loop's steps ({steps})"]
    rng = np.random.default_rng(seed)
    problems: list[str] = []
    for case in range(sets):
        n = 7 + case
        if case % 2 == 0:
            X = rng.integers(-3, 4, size=(n, 2)).astype(np.float64)
        else:
            X = rng.normal(size=(n, 2))
        y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
        rng.shuffle(y)
        eta, bias = (1.0, 0.37, 2.5)[case % 3], case % 3 != 1
        for order in s.orders:
            kw = {"mode": mode, "order": order, "seed": case, "eta": eta, "bias": bias}
            config = replace(TrainConfig.of(**kw), max_epochs=5)
            where = f"set {case} ({n} points), order {order}"
            try:
                plane = train(X, y, mode, order, eta, bias, None, 5, case)
                loop = multi.run(make_dataset(X, y), config)
            except DataError as exc:  # one path refused what the other may run
                problems.append(f"{where}: {exc.message}")
                continue
            a, b = plane.to_dict(), loop.to_dict()
            diff = [key for key in a if a[key] != b.get(key)]
            if not np.array_equal(plane.decision(X), loop.decision(X)):
                diff.append("decision")
            if diff:
                problems.append(f"{where}: {', '.join(diff)} differ")
    return problems

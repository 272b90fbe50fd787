"""The ``perceptron`` command: trace a run, compute the Novikoff bound, generate data,
write a run (or a lesson) as a web page.

::

    perceptron trace DATA [--mode M] [--order O] [--eta F] [--no-bias] [--max-updates N]
                          [--max-epochs E] [--seed S] [--C C] [--margin M]
                          [--kernel K] [--degree D] [--coef0 C] [--sigma S]
                          [--digits N] [--all]
                          [--format text|json|csv|markdown|latex] [--json]

M is one of primal, dual, pocket, batch, averaged, voted, pa, kernel, margin
(`perceptron_gui.core.registry`); a setting the mode does not use is accepted and
ignored. Points are named x1 … xN and α1 … αN (1-based) in the text; the JSON keeps
0-based indices.
    perceptron bound DATA [--no-bias] [--json]
    perceptron generate KIND [--n N] [--margin G] [--noise P] [--seed S] -o FILE
    perceptron html DATA [the settings of trace] [--lang en|zh_CN] -o FILE.html
    perceptron experiment DATA [--runs R] [--seed S] [trace's options] [--test TEST]
                          [--answer answer|last] [--format text|json|csv]

DATA is a CSV file (``x1, …, xd, y``: d >= 1 features, the label last, or chosen with
--label-column/--features), a whitespace- or tab-separated file (the NTU homework's
``x1 x2 x3 x4<TAB>y``), a LIBSVM file (``label index:value …``) or a session file
(JSON); a session's settings are the defaults of ``trace`` and the options override them.
``builtin:iris`` and ``builtin:digits[:A:B]`` name the built-in real data (core/examples.py).

Exit status: 0 on success, 2 on bad input or a bad option (one line
``perceptron: error: ...`` on stderr naming the file and line, or the option), 3 on an
internal error (a bug: one line, no traceback), 130 on Ctrl-C, 141 when stdout
is closed early (``perceptron trace big.csv | head``).

Like the rest of the core this module imports numpy and the standard library
only; it writes to stdout and stderr on purpose, that is its job.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import NoReturn, TextIO, cast

import numpy as np
import numpy.typing as npt

from perceptron_gui.cli import experiment_cmd
from perceptron_gui.cli.options import add_mode_options, mode_option_values
from perceptron_gui.core import examples, fast, multi
from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.bounds import config_bound, needs_kernel_bound
from perceptron_gui.core.config import ORDERS, TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import DEFAULTS as GEN_DEFAULTS
from perceptron_gui.core.generators import KINDS, generate
from perceptron_gui.core.io import Loaded, load_file, write_csv, write_session
from perceptron_gui.core.model import LinearModel, check_rbf_sigma, mistakes
from perceptron_gui.core.novikoff import best_line_margin, format_bound, novikoff
from perceptron_gui.core.numbers import format_number
from perceptron_gui.core.proof import origin_note
from perceptron_gui.core.registry import MistakeBound, modes, spec
from perceptron_gui.core.result import TrainResult
from perceptron_gui.core.tables import (
    MAX_ALPHA_COLUMNS,
    TableFormat,
    batch_names,
    running_average,
    table_lines,
    vote_counts,
)

__all__ = ["main"]

PROG = "perceptron"

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPT = 130
EXIT_BROKEN_PIPE = 141  # what a shell reports for a process killed by SIGPIPE

#: What ``trace --format`` can print.
TRACE_FORMATS = ("text", "json", "csv", "markdown", "latex")
#: The formats that print the textbook's iteration table, and its rows without ``--all``.
TABLE_FORMATS = ("csv", "markdown", "latex")
TABLE_ROWS = 1000

#: Rows of a long update table shown without ``--all``: the first and the last ones.
HEAD_ROWS = 50
TAIL_ROWS = 10
#: The dual's α is shown after every update up to this many points (else only at the end).
ALPHA_ROWS_MAX_N = 10
#: The Gram matrix is printed for the dual up to this many points.
GRAM_MAX_N = 10
#: At most this many nonzero α are listed at the end of a long dual run.
ALPHA_LIST_MAX = 20

# Fallbacks when stdout cannot encode the lecture's symbols (e.g. a Windows code page).
_ASCII = str.maketrans(
    {
        "γ": "gamma",
        "η": "eta",
        "α": "alpha",
        "·": "*",
        "²": "^2",
        "û": "u",
        "\u0302": "h",  # the combining hat of x̂
        "Σ": "sum",
        "…": "...",
        "→": "->",
        "−": "-",
        "⁽": "(",
        "⁾": ")",
        "¹": "1",
        "τ": "tau",
    }
)
_SYMBOLS = "γηα·²ûx̂Σ…→−⁽¹⁾τ"
#: Significant digits of the numbers in the text output (``--digits``).
DEFAULT_DIGITS = 6
_SLICE = 1 << 16


class _Out:
    """Lines to a text stream, in ASCII words when the stream cannot take the symbols."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            _SYMBOLS.encode(encoding)
            self.ascii = False
        except (UnicodeEncodeError, LookupError):
            self.ascii = True

    def __call__(self, line: str = "") -> None:
        if self.ascii:
            line = line.translate(_ASCII)
        line += "\n"
        # In slices: with an unbuffered stdout (python -u, PYTHONUNBUFFERED) a short
        # write to a closed pipe is ignored, and only the next write reports it.
        for start in range(0, len(line), _SLICE):
            self.stream.write(line[start : start + _SLICE])


def _write_all(stream: TextIO, text: str) -> None:
    """`text` as it is, in slices like `_Out` (a closed pipe shows up at the next write)."""
    for start in range(0, len(text), _SLICE):
        stream.write(text[start : start + _SLICE])


# --------------------------------------------------------------------------- numbers


class _Digits:
    """The significant digits of the text output (``trace --digits``; 6 by default)."""

    value = DEFAULT_DIGITS


def fmt(v: float) -> str:
    """A number for the text output (`perceptron_gui.core.numbers.format_number`): ``3``
    not ``3.0``, else 6 significant digits (``--digits N``: N); ``-0.0`` is ``0``."""
    return format_number(v, _Digits.value)


def fmt_vec(v: Sequence[float] | npt.NDArray[np.float64]) -> str:
    """``(1, 1)``."""
    return "(" + ", ".join(fmt(x) for x in v) + ")"


def equation(w: Sequence[float], b: float, bias: bool) -> str:
    """The line in the book's coordinates: ``x⁽¹⁾ + x⁽²⁾ − 3 = 0`` (x1, x2 name points)."""
    if all(float(v) == 0.0 for v in w):
        return "no line (w = 0)" if len(w) == 2 else "no hyperplane (w = 0)"
    sup = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    terms = [(float(v), f"x⁽{str(j).translate(sup)}⁾") for j, v in enumerate(w, start=1)]
    terms += [(float(b), "")] if bias else []
    text = ""
    for value, var in terms:
        if value == 0.0:
            continue
        body = var if var and abs(value) == 1.0 else fmt(abs(value)) + var
        if not text:
            text = f"−{body}" if value < 0 else body
        else:
            text += f" {'−' if value < 0 else '+'} {body}"
    return text + " = 0"


def point(i: int) -> str:
    """The textbook's name of the 0-based point `i`: ``x1`` for 0."""
    return f"x{i + 1}"


def _label(y: float) -> str:
    return "+1" if y > 0 else "-1"


# --------------------------------------------------------------------------- arguments


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, like every other error.

    argparse prints the whole usage (six lines for ``trace``) before its message;
    the CLI's contract is one line on stderr and exit 2. Subcommand parsers are
    made by ``add_subparsers`` with the parent's class, so they inherit this.
    """

    def error(self, message: str) -> NoReturn:
        """Write ``perceptron: error: MESSAGE (see PROG --help)`` and exit with status 2."""
        _error(f"{message} (see {self.prog} --help)")
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``perceptron`` command."""
    p = _Parser(
        prog=PROG,
        description="Train the perceptron on a data file and print what it did, "
        "compute the Novikoff bound, generate a data set, or write a run as a web page.",
    )
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    t = sub.add_parser(
        "trace",
        help="run the perceptron and print the table of updates",
        description="Run the perceptron on DATA and print every update, the final line, "
        "the mistakes and the Novikoff bound. DATA is a CSV file (x1, …, xd, y) or a session "
        "file (.json); a session's settings are the defaults and the options override them.",
    )
    t.add_argument(
        "data",
        metavar="DATA",
        help="data file: CSV (x1, …, xd, y), whitespace- or tab-separated, LIBSVM, or a session",
    )
    t.add_argument(
        "--label-column",
        metavar="COL",
        help="the label's column of a CSV file: its header name or 1-based number "
        "(default: the last)",
    )
    t.add_argument(
        "--features",
        metavar="COLS",
        help="the feature columns: names or 1-based numbers, ranges allowed (1-4,6); "
        "default: every column but the label (LIBSVM: every index)",
    )
    _add_run_options(t)
    t.add_argument(
        "--digits",
        type=int,
        default=DEFAULT_DIGITS,
        metavar="N",
        help=(
            "significant digits of the numbers in the text and the tables "
            f"(default: {DEFAULT_DIGITS})"
        ),
    )
    t.add_argument(
        "--all",
        action="store_true",
        help=f"print every update (default: the first {HEAD_ROWS} and the last {TAIL_ROWS}; "
        f"the tables of --format csv, markdown, latex: the first {TABLE_ROWS})",
    )
    t.add_argument(
        "--format",
        choices=TRACE_FORMATS,
        help="text: the report (default); json: one JSON object; csv, markdown, latex: "
        "the textbook's iteration table (k = 0 for the start, then one row per update)",
    )
    t.add_argument("--json", action="store_true", help="the same as --format json")
    t.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="also say on stderr which loop ran (compiled, with its rule, or numpy, and why) "
        "and how long it took",
    )
    t.set_defaults(func=_cmd_trace)

    b = sub.add_parser(
        "bound",
        help="compute the Novikoff bound (D/γ)²",
        description="Compute D, γ and the Novikoff bound (D/γ)² of DATA exactly.",
    )
    b.add_argument(
        "data", metavar="DATA", help="data file: CSV, whitespace-separated, LIBSVM, or a session"
    )
    b.add_argument(
        "--label-column",
        metavar="COL",
        help="the label's column of a CSV file: its header name or 1-based number "
        "(default: the last)",
    )
    b.add_argument(
        "--features",
        metavar="COLS",
        help="the feature columns: names or 1-based numbers, ranges allowed (1-4,6); "
        "default: every column but the label (LIBSVM: every index)",
    )
    b.add_argument(
        "--bias",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="augmented points (x, 1) (default; a session's setting when DATA is one); "
        "--no-bias: points x, lines through the origin",
    )
    b.add_argument("--json", action="store_true", help="print one JSON object instead")
    b.set_defaults(func=_cmd_bound)

    h = sub.add_parser(
        "html",
        help="write a run (or a lesson) as one self-contained web page",
        description="Run the perceptron on DATA and write one HTML file that replays it: "
        "the points, the line or regions, the readout, the narration of every update, the "
        "mistakes against the bound, a timeline slider. It loads nothing from the network. "
        "DATA may also be a lesson (.lesson.toml, or 'perceptron' for the built-in one): "
        "then the page holds its scenes, captions and questions.",
    )
    h.add_argument("data", metavar="DATA", help="CSV, session or .lesson.toml file")
    _add_run_options(h)
    h.add_argument(
        "--lang",
        choices=("en", "zh_CN"),
        default="en",
        help="the language of the narration and the page: en (default) or zh_CN",
    )
    h.add_argument("-o", "--output", required=True, metavar="FILE", help="the .html file to write")
    h.set_defaults(func=_cmd_html)

    g = sub.add_parser(
        "generate",
        help="write a random data set",
        description="Write a seeded random data set as CSV, or as a session if FILE ends "
        f"with .json. KIND is one of: {', '.join(KINDS)}.",
    )
    g.add_argument("kind", metavar="KIND", help=", ".join(KINDS))
    g.add_argument(
        "--n",
        type=int,
        default=int(GEN_DEFAULTS["n"]),
        metavar="N",
        help="number of points (default: 40)",
    )
    g.add_argument(
        "--margin",
        type=float,
        default=GEN_DEFAULTS["margin"],
        metavar="G",
        help="half-width of the empty strip (default: 0.1)",
    )
    g.add_argument(
        "--noise",
        type=float,
        default=GEN_DEFAULTS["noise"],
        metavar="P",
        help="fraction of flipped labels, or spread (default: 0.1)",
    )
    g.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default: 0)")
    g.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write")
    g.set_defaults(func=_cmd_generate)
    experiment_cmd.add_parser(sub, modes(), ORDERS)
    return p


def _add_run_options(p: argparse.ArgumentParser) -> None:
    """The run's settings (``trace`` and ``html``): mode, order, η, bias, limits, seed and
    each mode's own settings."""
    p.add_argument(
        "--mode",
        choices=modes(),
        help="primal (default), dual, pocket, batch, averaged, voted, pa (passive-aggressive), "
        "kernel or margin (the margin perceptron)",
    )
    p.add_argument("--order", choices=ORDERS, help="which mistake comes next (default: cyclic)")
    p.add_argument("--eta", type=float, metavar="F", help="learning rate η > 0 (default: 1)")
    p.add_argument(
        "--bias",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="learn b (default); --no-bias: lines through the origin",
    )
    p.add_argument(
        "--max-updates", type=int, metavar="N", help="stop after N updates (default: 10^6)"
    )
    p.add_argument("--max-epochs", type=int, metavar="E", help="stop after E passes over the data")
    p.add_argument("--seed", type=int, metavar="S", help="seed of the random orders (default: 0)")
    # Each mode's own settings, from the registry: a new mode's options come with its entry.
    add_mode_options(p)


def _version() -> str:
    from perceptron_gui import __version__

    return __version__


def _load(path: str, args: argparse.Namespace | None = None) -> Loaded:
    label_column = getattr(args, "label_column", None)
    features = getattr(args, "features", None)
    if path.startswith(examples.PREFIX):
        loaded = examples.load_example(path)
    elif label_column is None and features is None:
        loaded = load_file(path)
    else:
        loaded = load_file(path, label_column=label_column, features=features)
    if loaded.data.n == 0:
        raise DataError("no points", loaded.source)
    return loaded


def _config(loaded: Loaded, args: argparse.Namespace) -> TrainConfig:
    """The session's settings (or the defaults), with the options given on the command line."""
    config = loaded.config if loaded.config is not None else TrainConfig()
    overrides = (
        ("mode", args.mode, "--mode"),
        ("order", args.order, "--order"),
        ("eta", args.eta, "--eta"),
        ("bias", args.bias, "--bias" if args.bias else "--no-bias"),
        ("max_updates", args.max_updates, "--max-updates"),
        ("max_epochs", args.max_epochs, "--max-epochs"),
        ("seed", args.seed, "--seed"),
        *((name, value, f"--{name}") for name, value in mode_option_values(args).items()),
    )
    for field, value, flag in overrides:
        if value is None:
            continue
        try:
            config = config.with_(**{field: value})
        except DataError as exc:
            raise DataError(f"{flag}: {exc.message}") from None
    return config


def _notes(loaded: Loaded) -> None:
    note = _Out(sys.stderr)
    for text in loaded.notes:
        note(f"note: {text}")


# --------------------------------------------------------------------------- trace


def _train(
    data: Dataset, config: TrainConfig, source: str, eta_from: str, verbose: bool = False
) -> TrainResult:
    if config.mode == "kernel" and config.kernel == "rbf":
        try:
            check_rbf_sigma(data.points, config.sigma)
        except DataError as exc:
            raise DataError(f"{exc.message} (--sigma)", source) from None
    if data.dim != 2:
        return _train_d(data, config, source, eta_from, verbose)
    trainer = make_trainer(data, config)
    if getattr(trainer, "start_overflows", False):  # the online trainers have no w0 guard
        # Refused before training (the trainer would stop at once with "overflow", which
        # reads as η's fault): say what is wrong, and where.
        b_text = f", b0 = {fmt(config.b0)}" if config.bias else ""
        raise DataError(
            f"the initial weights w0 = {fmt_vec(config.w0)}{b_text} overflow on these "
            "points: some w0·x + b0 is beyond float64",
            source,
        )

    def compiled(seconds: float) -> None:
        _Out(sys.stderr)(
            f"note: compiled the fast loop in {seconds:.1f} s (once: later runs load it "
            "from numba's cache)"
        )

    t0 = time.perf_counter()
    loop = fast.run_to_end(trainer, compiled)  # the compiled loop when the job is big enough
    if verbose:
        _Out(sys.stderr)(f"note: loop: {loop}; {time.perf_counter() - t0:.3f} s")
    result = trainer.result()
    if result.stop_reason == "overflow":
        # The trainer stops before any number leaves float64; the run is not worth printing.
        zero_start = config.w0 == (0.0, 0.0) and (config.b0 == 0.0 or not config.bias)
        also = ""
        if not zero_start:  # a start near the limit shares the blame
            b_text = f", b0 = {fmt(config.b0)}" if config.bias else ""
            also = f", or the initial weights w0 = {fmt_vec(config.w0)}{b_text} are"
        raise DataError(
            f"the weights would overflow after {result.mistakes} updates: "
            f"η = {fmt(config.eta)} is too large for these points ({eta_from}){also}",
            source,
        )
    return result


def _train_d(
    data: Dataset, config: TrainConfig, source: str, eta_from: str, verbose: bool = False
) -> TrainResult:
    """A run in R^d (d != 2): the engine of `core.multi` (the compiled loop when it pays)."""
    loop = "the R^d engine, plain Python: a small job, or no numba"
    start = time.perf_counter()
    if multi.worth_compiling(data.n, config):
        t0 = time.perf_counter()
        if multi.warm_up():
            loop = "the R^d engine, compiled"
        took = time.perf_counter() - t0
        if took > 1.0 and fast.compiled_fresh():
            _Out(sys.stderr)(
                f"note: compiled the fast loop in {took:.1f} s (once: later runs load it "
                "from numba's cache)"
            )
    result = multi.run(data, config)
    if verbose:
        _Out(sys.stderr)(f"note: loop: {loop}; {time.perf_counter() - start:.3f} s")
    if result.stop_reason == "overflow":
        raise DataError(
            f"the weights would overflow after {result.mistakes} updates: "
            f"η = {fmt(config.eta)} is too large for these points ({eta_from})",
            source,
        )
    return result


def _trace_format(args: argparse.Namespace) -> str:
    """The output format of ``trace``: ``--format``, or ``--json``, or text."""
    if args.json:
        if args.format not in (None, "json"):
            raise DataError(f"--json means --format json; it cannot go with --format {args.format}")
        return "json"
    return "text" if args.format is None else str(args.format)


def _cmd_trace(args: argparse.Namespace) -> int:
    output = _trace_format(args)
    if not 1 <= args.digits <= 17:
        raise DataError(f"--digits must be a whole number from 1 to 17, not {args.digits}")
    _Digits.value = args.digits
    loaded = _load(args.data, args)
    config = _config(loaded, args)
    _notes(loaded)
    data = loaded.data
    eta_from = (
        "--eta"
        if args.eta is not None
        else ("the session's eta" if loaded.config is not None else "the default eta")
    )
    result = _train(data, config, loaded.source, eta_from, args.verbose)
    bound, bound_note = _trace_bound(data, config)
    if output in TABLE_FORMATS:
        limit = None if args.all else TABLE_ROWS
        if limit is not None and result.mistakes > limit:
            _Out(sys.stderr)(
                f"note: the table shows the first {limit} of {result.mistakes} updates; "
                "--all prints every one"
            )
        fmt_name = cast(TableFormat, output)
        # Row by row, so that --all on 10^6 updates holds one row, not a gigabyte of them;
        # written as it is: a table pasted into a document wants the real symbols.
        lines = table_lines(fmt_name, data, result, config, max_rows=limit, digits=args.digits)
        while chunk := "".join(itertools.islice(lines, 1000)):
            _write_all(sys.stdout, chunk)
        return EXIT_OK
    out = _Out(sys.stdout)
    if output == "json":
        doc = result.to_dict()
        nb: dict[str, object] = (
            bound.to_dict() if bound is not None else dict.fromkeys(("D", "gamma", "bound"))
        )
        if bound is None:
            nb["separable"] = None
            doc["bound_note"] = bound_note
        for key in ("D", "gamma", "separable"):
            doc[key] = nb[key]
        # The bound that applies to this mode (the registry's rule), as the text says.
        mb = spec(config.mode).bound(config, data.n, bound) if bound is not None else None
        doc["bound"] = None if mb is None or mb.value is None else float(mb.value)
        doc["bound_rule"] = None if mb is None or not mb.name else mb.name
        if mb is not None:
            doc["bound_note"] = mb.note
        out(json.dumps(doc, allow_nan=False))
        return EXIT_OK
    if bound is None:
        _print_trace_more(out, loaded, config, result, bound_note, show_all=args.all)
        return EXIT_OK
    _print_trace(out, loaded, config, result, bound, show_all=args.all)
    return EXIT_OK


def _trace_bound(data: Dataset, config: TrainConfig) -> tuple[Bound | None, str]:
    """The bound the mode's run is measured against (the kernel's in feature space)."""
    if not needs_kernel_bound(config):
        return config_bound(data, config), ""
    try:
        bound = config_bound(data, config)
    except DataError as exc:
        return None, exc.message
    return bound, ""


def _print_trace_more(
    out: _Out,
    loaded: Loaded,
    config: TrainConfig,
    result: TrainResult,
    note: str,
    show_all: bool,
) -> None:
    """A kernel run whose bound could not be computed: the run, then why no bound."""
    data = loaded.data
    out(f"kernel form ({_kernel_text(config)}), N = {data.n} points from {loaded.source}")
    out()
    if result.updates.shape[0]:
        _print_table(out, data, config, result, show_all)
    out()
    _print_answer(out, data, config, result)
    out(f"{'converged' if result.converged else 'not converged'}: {result.stop_reason}")
    _print_counts(out, config, result)
    out(f"no bound: {note}")


def _kernel_text(config: TrainConfig) -> str:
    if config.kernel == "poly":
        return f"poly kernel (x·z + {fmt(config.coef0)})^{config.degree}"
    if config.kernel == "rbf":
        return f"rbf kernel exp(-||x - z||² / (2·{fmt(config.sigma)}²))"
    return "linear kernel x·z"


def _print_answer(out: _Out, data: Dataset, config: TrainConfig, result: TrainResult) -> None:
    """The answer of a run whose answer is not simply its last w and b, or that needs more
    than them (batch, averaged, voted, pa, kernel, margin): from the registry's fields."""
    mode = spec(config.mode)
    errors = int(np.count_nonzero(data.labels * result.decision(data.points) <= 0.0))
    b_text = f", b = {fmt(result.b)}" if config.bias else ""
    tail = f"  ({errors} of {data.n} points misclassified)"
    if not mode.has_w:
        alpha = result.alpha if result.alpha is not None else np.zeros(0)
        support = int(np.count_nonzero(alpha))
        out(
            f"f(x) = Σ αj yj K(xj, x){' + b' if config.bias else ''}, "
            f"{_kernel_text(config)}{b_text}, {support} support points{tail}"
        )
        if alpha.shape[0] <= ALPHA_LIST_MAX:
            out(f"α = {fmt_vec(alpha)}")
        return
    assert result.w is not None
    last = f"w = {fmt_vec(result.w)}{b_text}: {equation(result.w, result.b, config.bias)}"
    if mode.answer_name == "average":
        assert result.avg_w is not None
        ab = float(result.avg_b or 0.0)
        ab_text = f", b = {fmt(ab)}" if config.bias else ""
        out(
            f"averaged: w = {fmt_vec(result.avg_w)}{ab_text}: "
            f"{equation(result.avg_w, ab, config.bias)}{tail}"
        )
        out(f"last weights: {last}")
    elif mode.answer_name == "vote":
        votes = result.votes or []
        voting = sum(1 for v in votes if v[2] > 0)
        out(f"voted: {voting} vectors with a vote, {result.visits} votes in all{tail}")
        out(f"last weights: {last}")
    else:
        out(f"{last}{tail}")


def _print_counts(out: _Out, config: TrainConfig, result: TrainResult) -> None:
    """``mistakes: k = 7``; or, when updates and mistakes differ (PA, margin), both."""
    mode = spec(config.mode)
    updates = int(result.updates.shape[0])
    if mode.counts_apart:
        threshold = mode.threshold(config)
        rel = "<" if mode.threshold_strict else "<="
        out(f"updates: {updates} (on every point with y(w·x + b) {rel} {fmt(threshold or 0.0)})")
        out(f"mistakes: {result.mistakes} (visits with y(w·x + b) <= 0)")
    elif mode.batch:
        summed = 0 if result.batch_sizes is None else int(np.sum(result.batch_sizes))
        out(f"batch steps: t = {updates} ({summed} points summed)")
    else:
        out(f"mistakes: k = {result.mistakes}")


def _row_ks(total: int, show_all: bool) -> tuple[list[int], int]:
    """The 1-based update numbers to show, and how many are left out (after the head)."""
    if show_all or total <= HEAD_ROWS + TAIL_ROWS:
        return list(range(1, total + 1)), 0
    return [*range(1, HEAD_ROWS + 1), *range(total - TAIL_ROWS + 1, total + 1)], (
        total - HEAD_ROWS - TAIL_ROWS
    )


def _alpha_columns(result: TrainResult, n: int) -> list[int]:
    """The points whose α the table shows: all N up to `MAX_ALPHA_COLUMNS`, else every
    point the run updated; none for a run without α."""
    if result.alpha is None:
        return []
    if n <= MAX_ALPHA_COLUMNS:
        return list(range(n))
    return [int(i) for i in np.unique(result.updates)]


def _alpha_rows(
    result: TrainResult, ks: list[int], cols: list[int]
) -> dict[int, npt.NDArray[np.float64]]:
    """α of the points `cols` after update k, for the k shown, summed exactly as the
    trainer sums it."""
    alpha = np.zeros(result.n_points)
    wanted = set(ks)
    rows: dict[int, npt.NDArray[np.float64]] = {}
    eta = result.eta
    for k, i in enumerate(result.updates.tolist(), start=1):
        alpha[i] += eta
        if k in wanted:
            rows[k] = alpha[cols]
    return rows


def _errors_of(data: Dataset, w: Sequence[float], b: float) -> int:
    """Training mistakes ``y (w·x + b) <= 0`` of some weights (the trainer's own sums)."""
    y = data.labels
    if data.dim != 2:  # the R^d trainer's scores: the features summed in order, then b
        return int(mistakes(LinearModel(tuple(float(v) for v in w), b), data.points, y).size)
    m = (y * data.points[:, 0]) * w[0] + (y * data.points[:, 1]) * w[1]
    if b != 0.0:
        m += y * b
    return int(np.count_nonzero(m <= 0.0))


def _pocket_k(result: TrainResult, config: TrainConfig) -> int:
    """The update after which the pocket's weights first appeared (0: the initial weights).

    The trainer keeps the first weights with the fewest mistakes, and weights
    that appear again have the same mistakes, so this is the first occurrence.
    """
    assert result.pocket_w is not None
    pw, pb = np.asarray(result.pocket_w, dtype=np.float64), float(result.pocket_b or 0.0)
    b_init = float(config.b0) if config.bias else 0.0
    w_init = np.asarray(config.w0 if pw.shape[0] == 2 else np.zeros(pw.shape[0]), dtype=float)
    if np.array_equal(pw, w_init) and pb == b_init:
        return 0
    hw, hb = result.history_w, result.history_b
    hits = np.flatnonzero(np.all(hw == pw[None, :], axis=1) & (hb == pb))
    return int(hits[0]) + 1 if hits.size else -1


def _print_table(
    out: _Out,
    data: Dataset,
    config: TrainConfig,
    result: TrainResult,
    show_all: bool,
) -> None:
    mode = spec(config.mode)
    total = int(result.updates.shape[0])
    ks, skipped = _row_ks(total, show_all)
    # The dual and the kernel: α1 … αN as Table 2.2 (beyond MAX_ALPHA_COLUMNS points,
    # the α of every point the run updated: the others stay 0).
    alpha_cols = _alpha_columns(result, data.n)
    dual_alpha = bool(alpha_cols)
    pocket = mode.answer_name == "pocket"
    alphas = _alpha_rows(result, ks, alpha_cols) if dual_alpha else {}
    pocket_k = _pocket_k(result, config) if pocket else -1

    batch = mode.batch
    header = ["k", "|M|", "points summed"] if batch else ["k", "point", "x", "y"]
    if mode.has_w:  # the kernel run has no w in the plane: α and b are the weights
        header.append("w")
    if config.bias:
        header.append("b")
    if dual_alpha:
        header += [f"α{i + 1}" for i in alpha_cols]
    if pocket:
        header.append("mistakes of w, b")
    counts = average = None
    if result.update_visits is not None:  # averaged and voted: each vector's vote c
        counts = vote_counts(result.update_visits, result.visits)
        header.append("c")
        if result.avg_w is not None:  # and the running average after its last visit
            b_init = float(config.b0) if config.bias else 0.0
            w_init = (
                (float(config.w0[0]), float(config.w0[1])) if data.dim == 2 else (0.0,) * data.dim
            )
            average = running_average(w_init, b_init, result.history_w, result.history_b, counts)
            header += ["w̄", "b̄"] if config.bias else ["w̄"]
    rows: list[list[str]] = []
    upd = result.updates
    hw, hb = result.history_w, result.history_b
    pts, labels = data.points, data.labels
    for k in ks:
        i = int(upd[k - 1])
        w = hw[k - 1]
        if batch and result.batch_sizes is not None and result.batch_points is not None:
            row = [
                str(k),
                str(int(result.batch_sizes[k - 1])),
                batch_names(result.batch_points[k - 1]),
            ]
        else:
            row = [str(k), point(i), fmt_vec(pts[i]), _label(float(labels[i]))]
        if mode.has_w:
            row.append(fmt_vec(w))
        if config.bias:
            row.append(fmt(hb[k - 1]))
        if dual_alpha:
            row += [fmt(a) for a in alphas[k]]
        if pocket:
            e = _errors_of(data, w, float(hb[k - 1]))
            row.append(f"{e}  → pocket" if k == pocket_k else str(e))
        if counts is not None:
            row.append(str(int(counts[k])))
        if average is not None:
            row.append(fmt_vec(average[0][k]))
            if config.bias:
                row.append(fmt(average[1][k]))
        rows.append(row)

    def width(text: str) -> int:  # w̄'s bar is a combining mark: no column of its own
        return len(text) - text.count("\u0304")

    widths = [max(width(h), *(width(r[c]) for r in rows)) for c, h in enumerate(header)]
    # k, the point (or |M|) and the α are right-aligned, the rest left
    right = {0, 1, *(c for c, h in enumerate(header) if h.startswith("α"))}

    def line(cells: list[str]) -> str:
        parts = [
            cell.rjust(widths[c] + len(cell) - width(cell))
            if c in right
            else cell.ljust(widths[c] + len(cell) - width(cell))
            for c, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out(line(header))
    for n, row in enumerate(rows):
        if skipped and n == HEAD_ROWS:
            out(f"... {skipped} more updates ...")
        out(line(row))
    if dual_alpha and data.n > MAX_ALPHA_COLUMNS:
        out(f"(α of the {len(alpha_cols)} points updated, of {data.n}; every other α is 0)")


def _settings_text(config: TrainConfig) -> str:
    """``, C = 1`` or ``, margin = 1``: the mode's own settings (the kernel's in words)."""
    mode = spec(config.mode)
    if not mode.has_w:
        return f", {_kernel_text(config)}"
    parts = []
    for p in mode.params:  # a plugin's setting is no field of TrainConfig: get() reads it
        value = config.get(p.name)
        parts.append(f", {p.name} = {value if isinstance(value, str) else fmt(value)}")
    return "".join(parts)


def _bound_line(
    config: TrainConfig, n: int, result: TrainResult, bound: Bound, origin: str = ""
) -> str:
    """``k = 7 <= (D/γ)² = 117``: the bound that applies (the registry's rule); `origin`
    (`THROUGH_ORIGIN` or "") is what to say when the bias is off and a bias would do."""
    mode = spec(config.mode)
    mb: MistakeBound = mode.bound(config, n, bound)
    if mb.value is None:
        if origin and not mode.feature_space:
            return origin
        if not bound.separable:
            where = " in feature space" if mode.feature_space else ""
            return f"not linearly separable{where}: the theorem gives no bound"
        return mb.note
    t = int(result.updates.shape[0])
    what = "batch steps t" if mode.batch else ("updates k" if mode.counts_apart else "k")
    value = format_bound(bound) if mb.name == "(D/γ)²" else None
    rel = "<=" if t <= mb.value else ">"
    text = f"{what} = {t} {rel} {mb.name} = {value or fmt(mb.value)}"
    note = "a crude bound" if mode.batch else mb.note  # (the line says what it counts)
    return text + (f" ({note})" if note else "")


def _print_trace(
    out: _Out,
    loaded: Loaded,
    config: TrainConfig,
    result: TrainResult,
    bound: Bound,
    show_all: bool,
) -> None:
    data = loaded.data
    mode = spec(config.mode)
    bias_text = "bias on" if config.bias else "no bias (lines through the origin)"
    out(
        f"{config.mode} form{_settings_text(config)}, order {config.order}, "
        f"η = {fmt(config.eta)}, {bias_text}, N = {data.n} points from {loaded.source}"
    )
    zero_start = config.w0 == (0.0, 0.0) and (config.b0 == 0.0 or not config.bias)
    if not zero_start:
        b_text = f", b = {fmt(config.b0)}" if config.bias else ""
        out(f"start: w = {fmt_vec(config.w0)}{b_text}")
    dual = result.alpha is not None and mode.has_w
    if dual and data.n <= GRAM_MAX_N:
        _print_gram(out, data)
    out()
    if result.updates.shape[0]:
        _print_table(out, data, config, result, show_all)
    elif result.converged:
        out("no updates: the starting weights make no mistake")
    else:
        out("no updates")
    out()

    def weights(w: Sequence[float], b: float) -> str:
        b_text = f", b = {fmt(b)}" if config.bias else ""
        return f"w = {fmt_vec(w)}{b_text}: {equation(w, b, config.bias)}"

    if mode.answer_name == "pocket":
        assert result.pocket_w is not None and result.w is not None
        out(
            f"pocket: {weights(result.pocket_w, float(result.pocket_b or 0.0))}"
            f"  ({result.pocket_errors} of {data.n} points misclassified)"
        )
        out(f"last weights: {weights(result.w, result.b)}")
    elif mode.answer_name or not mode.has_w or mode.batch or mode.counts_apart:
        _print_answer(out, data, config, result)
    else:
        assert result.w is not None
        out(weights(result.w, result.b))
    if dual:
        _print_alpha(out, result, with_w0=config.w0 != (0.0, 0.0))

    epochs = fmt(round(result.epochs, 2))
    if result.converged:
        nothing = "no point within the margin" if mode.counts_apart else "no mistake left"
        out(f"converged: {nothing} ({result.visits} visits, {epochs} epochs)")
    else:
        limit = (
            f"the update limit ({int(result.updates.shape[0])} updates)"
            if result.stop_reason == "update limit"
            else f"the epoch limit ({epochs} epochs)"
        )
        msg = f"not converged: stopped at {limit}"
        if mode.answer_name != "pocket":
            if bound.separable:
                msg += "; the data are linearly separable: raise --max-updates or --max-epochs"
            else:
                msg += "; the data may not be linearly separable: try --mode pocket"
        out(msg)
    _print_counts(out, config, result)
    extra = "" if config.bias else " (no bias: x̂ = x)"
    if mode.feature_space:
        extra = " (in feature space, K̂ = K + 1)" if config.bias else " (in feature space)"
    out(f"D = {fmt(bound.D)}{extra}")
    out(f"γ = {fmt(bound.gamma)}")
    text = _bound_line(config, data.n, result, bound, origin_note(data, bound))
    if not zero_start and bound.separable and text[0] in "kub":
        text += " (the theorem assumes the start w = 0, b = 0)"
    out(text)


def _print_gram(out: _Out, data: Dataset) -> None:
    x = data.points
    gram = np.outer(x[:, 0], x[:, 0])
    for j in range(1, data.dim):  # the features in order (the plane: x1 x1' + x2 x2')
        gram = gram + np.outer(x[:, j], x[:, j])
    cells = [[fmt(v) for v in row] for row in gram]
    width = max(len(c) for row in cells for c in row)
    out("Gram matrix G = [x_i · x_j]:")
    for row in cells:
        out("  " + "  ".join(c.rjust(width) for c in row))


def _print_alpha(out: _Out, result: TrainResult, with_w0: bool) -> None:
    alpha = result.alpha
    if alpha is None:
        return
    if alpha.shape[0] <= ALPHA_ROWS_MAX_N:
        w0 = "w0 + " if with_w0 else ""
        out(f"α = {fmt_vec(alpha)}  (w = {w0}Σ αj yj xj)")
        return
    nz = np.flatnonzero(alpha)
    shown = ", ".join(f"α{i + 1} = {fmt(alpha[i])}" for i in nz[:ALPHA_LIST_MAX])
    more = (
        f", … ({nz.size} nonzero in all; --json gives every α)" if nz.size > ALPHA_LIST_MAX else ""
    )
    out(f"α: {nz.size} of {alpha.shape[0]} nonzero: {shown}{more}")


# --------------------------------------------------------------------------- bound


def _cmd_bound(args: argparse.Namespace) -> int:
    loaded = _load(args.data, args)
    bias = args.bias
    if bias is None:
        bias = loaded.config.bias if loaded.config is not None else True
    _notes(loaded)
    data = loaded.data
    bound = novikoff(data, bias=bias)
    out = _Out(sys.stdout)
    if args.json:
        out(json.dumps(bound.to_dict(), allow_nan=False))
        return EXIT_OK
    if bias:
        out(f"N = {data.n} points from {loaded.source}, bias on: x̂_i = (x_i, 1)")
    else:
        out(f"N = {data.n} points from {loaded.source}, no bias: x̂_i = x_i")
    out(f"D = max ||x̂_i|| = {fmt(bound.D)}")
    if bound.separable and bound.bound is not None:
        ws = "w1, w2" if data.dim == 2 else ("w1" if data.dim == 1 else f"w1, …, w{data.dim}")
        names = f"({ws}, b)" if bias else f"({ws})"
        out(f"γ = {fmt(bound.gamma)}  (the best margin of a unit {names})")
        out(f"best direction û* = {names} = {fmt_vec(bound.direction)}")
        shown = format_bound(bound) or fmt(bound.bound)
        out(f"(D/γ)² = {shown}: at most this many updates from w = 0, b = 0")
    else:
        out("γ = 0")
        # With the bias off, a line with a bias may still separate them: say so.
        out(origin_note(data, bound) or "not linearly separable: the theorem gives no bound")
    margin = best_line_margin(data)
    where = (
        "line's geometric margin in the plane"
        if data.dim == 2
        else (f"hyperplane's geometric margin in R^{data.dim}")
    )
    if margin is None:
        what = "line" if data.dim == 2 else "hyperplane"
        why = "only one class" if not data.has_both_classes else f"no {what} separates the classes"
        out(f"best {where} (not γ): none ({why})")
    else:
        out(f"best {where} (not γ): {fmt(margin)}")
    return EXIT_OK


# --------------------------------------------------------------------------- generate


def _cmd_html(args: argparse.Namespace) -> int:
    # The page's narration is the window's, translated by QtCore's QTranslator: imported
    # here only, so that trace, bound and generate stay free of Qt.
    from perceptron_gui.core.lesson import BUILTIN_LESSONS, SUFFIX, load_lesson
    from perceptron_gui.web import PageError, lesson_page, run_page, write_page

    path: str = args.output
    if path == "-" or os.path.isdir(path):
        raise DataError(f"{path}: -o needs a file name (such as run.html)")
    try:
        if args.data.endswith(SUFFIX) or args.data in BUILTIN_LESSONS:
            lesson = load_lesson(args.data)
            html = lesson_page(lesson, lang=args.lang)
            what = f"{len(lesson.scenes)} scenes"
        else:
            loaded = _load(args.data)
            config = _config(loaded, args)
            _notes(loaded)
            if config.mode == "kernel" and config.kernel == "rbf":
                try:
                    check_rbf_sigma(loaded.data.points, config.sigma)
                except DataError as exc:
                    raise DataError(f"{exc.message} (--sigma)", loaded.source) from None
            html = run_page(loaded.data, config, lang=args.lang, source=args.data)
            what = f"{loaded.data.n} points, {config.mode}"
    except PageError as exc:
        raise DataError(str(exc), args.data) from None
    try:
        write_page(path, html)
    except PageError as exc:  # names the output file
        raise DataError(str(exc)) from None
    size = len(html.encode("utf-8"))
    _Out(sys.stdout)(f"wrote {path} ({what}; {size / 1024:.0f} kB)")
    return EXIT_OK


def _cmd_generate(args: argparse.Namespace) -> int:
    data = generate(args.kind, args.n, margin=args.margin, noise=args.noise, seed=args.seed)
    path: str = args.output
    if path.lower().endswith(".json"):
        write_session(path, data, TrainConfig())
        what = "a session"
    else:
        write_csv(path, data)
        what = "CSV"
    n_pos = int(np.count_nonzero(data.labels > 0))
    details = "" if args.kind == "example" else f", seed {args.seed}"
    # With "-o -" the data went to stdout: the summary goes to stderr, not into the data.
    _Out(sys.stderr if path == "-" else sys.stdout)(
        f"wrote {data.n} points ({args.kind}{details}; {n_pos} +1, {data.n - n_pos} -1) "
        f"to {path} as {what}"
    )
    return EXIT_OK


# --------------------------------------------------------------------------- main


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _error(message: str) -> None:
    try:
        line = f"{PROG}: error: {_one_line(message)}"
        if _Out(sys.stderr).ascii:
            line = line.translate(_ASCII)
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # pragma: no cover - stderr itself is gone
        pass


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that the flush at exit cannot fail again."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError, AttributeError):  # e.g. a test's captured stdout
        pass


def _escape_unencodable() -> list[tuple[TextIO, str]]:
    """Let stdout and stderr write what their encoding cannot take as ``\\xe9`` escapes.

    `_Out` spells the lecture's symbols in ASCII words on such a stream, but a
    file name such as ``é.csv`` would still raise UnicodeEncodeError (e.g. with
    ``PYTHONIOENCODING=ascii``). Returns the streams changed and their old
    error handlers, for `main` to put back.
    """
    changed: list[tuple[TextIO, str]] = []
    for stream in (sys.stdout, sys.stderr):
        errors = getattr(stream, "errors", None)
        if errors != "strict" or not hasattr(stream, "reconfigure"):
            continue
        try:
            stream.reconfigure(errors="backslashreplace")
        except (OSError, ValueError):  # pragma: no cover - a closed or odd stream
            continue
        changed.append((stream, errors))
    return changed


def main(argv: list[str] | None = None) -> int:
    """Run the ``perceptron`` command.

    Parameters
    ----------
    argv
        The arguments without the program name (None: ``sys.argv[1:]``).

    Returns
    -------
    int
        The exit status: 0 success, 2 bad input or usage, 3 internal error,
        130 interrupted, 141 stdout closed early.
    """
    changed = _escape_unencodable()
    try:
        return _main(argv)
    finally:
        for stream, errors in changed:
            try:
                stream.reconfigure(errors=errors)  # type: ignore[attr-defined]
            except (OSError, ValueError):  # e.g. stdout pointed at /dev/null after a pipe closed
                pass


def _main(argv: list[str] | None) -> int:
    try:
        try:
            args = build_parser().parse_args(argv)
            status: int = args.func(args)
            sys.stdout.flush()  # a closed pipe shows up here, not at exit
            return status
        except SystemExit as exc:  # argparse: --help, --version, usage errors
            sys.stdout.flush()
            code = exc.code
            return code if isinstance(code, int) else (EXIT_OK if code is None else EXIT_USAGE)
    except KeyboardInterrupt:
        return EXIT_INTERRUPT
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except DataError as exc:
        _error(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        if exc.filename is not None and exc.strerror:
            _error(f"{exc.filename}: {exc.strerror}")
        else:
            _error(str(exc))
        return EXIT_USAGE
    except MemoryError:
        _error("out of memory (is the data set too large?)")
        return EXIT_USAGE
    except Exception as exc:
        if os.environ.get("PERCEPTRON_DEBUG"):
            raise
        try:
            sys.stderr.write(
                f"{PROG}: internal error: {type(exc).__name__}: {_one_line(str(exc))}\n"
            )
        except (OSError, ValueError):  # pragma: no cover
            pass
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())

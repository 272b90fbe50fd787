"""The iteration table of a run in the textbook's layout, as LaTeX, Markdown or CSV.

The layout is that of Li Hang's "Statistical Learning Methods", Tables 2.1
(primal) and 2.2 (dual): one row per update, after a first row ``k = 0`` for
the initial weights. For the worked example of ALGORITHMS.md (η = 1, order
"first") the primal table reads::

    k  misclassified point  w       b   w·x + b
    0                       (0, 0)  0   0
    1  x1                   (3, 3)  1   3x⁽¹⁾ + 3x⁽²⁾ + 1
    2  x3                   (2, 2)  0   2x⁽¹⁾ + 2x⁽²⁾
    ...
    7  x3                   (1, 1)  -3  x⁽¹⁾ + x⁽²⁾ - 3

Points are numbered from 1 as in the book (``x1`` is the point of index 0).
The pocket form's table is that of its running weights (the primal updates); the pocket
itself is not a row. The dual table has a column ``αi`` per point (N ≤ `MAX_ALPHA_COLUMNS`;
beyond, one per point the rows update, with a note) and ``b``. The voted table adds the
count ``c`` of each row's vector (the visits it survived: its vote), the averaged table
``c`` and the running average ``w̄``, ``b̄`` after that vector's last visit (the last row's
is the run's answer; see `vote_counts` and `running_average`).

`iteration_table` builds a
`Table` from a `Trainer` (what the window holds, possibly mid-run) or from a `TrainResult`;
`to_latex`, `to_markdown` and `to_csv` render it; `table_lines` renders a run's table one
row at a time, keeping no rows (for very long runs).

One minus sign per format, the same in
every column: CSV the ASCII hyphen, Markdown the minus sign U+2212, LaTeX ``-`` in math mode
(typeset as a minus). Numbers are written as a lecturer writes them: ``3`` not ``3.0``,
``0.5``, ``1.5e-12``, at most 12 significant digits (as the ``perceptron trace`` text). Like
the rest of the core this module imports numpy and the standard library only.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import numbers
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.result import TrainResult

if TYPE_CHECKING:  # the trainer is only a source of numbers here
    from perceptron_gui.core.protocol import Algorithm

__all__ = [
    "MAX_ALPHA_COLUMNS",
    "Cell",
    "Table",
    "TableFormat",
    "decision_text",
    "format_number",
    "iteration_table",
    "running_average",
    "table_lines",
    "to_csv",
    "to_latex",
    "to_markdown",
    "vote_counts",
]

#: The dual table has a column α1 … αN for every point up to this N (Li Hang's Table 2.2);
#: beyond, a column for every point the rows shown updated (the other α stay 0), and
#: `Table.note` says so.
MAX_ALPHA_COLUMNS = 20

_MINUS = numbers.MINUS
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

FloatArray = npt.NDArray[np.float64]
#: The formats a table is rendered in.
TableFormat = Literal["latex", "markdown", "csv"]
#: x⁽¹⁾, x⁽²⁾ (the book's coordinates) in Unicode and in LaTeX.
_VARIABLES = tuple((f"x⁽{str(j).translate(_SUPERSCRIPT)}⁾", f"x^{{({j})}}") for j in (1, 2))


@dataclass(frozen=True)
class Cell:
    """One cell, written for plain text (Unicode) and for LaTeX.

    Attributes
    ----------
    text
        For Markdown and CSV: ``3x⁽¹⁾ + 3x⁽²⁾ + 1``, ``(3, 3)``, ``-3``.
    latex
        For LaTeX, ready to paste (math in ``$...$``): ``$3x^{(1)} + 3x^{(2)} + 1$``.
    """

    text: str
    latex: str


@dataclass(frozen=True)
class Table:
    """An iteration table: a header and rows of cells.

    Attributes
    ----------
    kind
        "primal" (also the pocket's running weights, and the averaged and voted
        runs' vectors) or "dual".
    header
        The column titles.
    rows
        One row per update, after the row ``k = 0`` of the initial weights.
    align
        LaTeX column alignment per column ("l" or "r").
    note
        What the table leaves out (e.g. α columns beyond `MAX_ALPHA_COLUMNS`),
        or "" when nothing is left out.
    """

    kind: Literal["primal", "dual"]
    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    align: str
    note: str = ""


# --------------------------------------------------------------------------- numbers


#: Significant digits of a table's numbers unless asked otherwise (the command line's
#: --digits): enough for a slide, short enough to read.
TABLE_DIGITS = 6


def format_number(v: float, digits: int = 12) -> str:
    """A number as a lecturer writes it (`perceptron_gui.core.numbers.format_number`), with
    the exponent written without ``+``: ``3``, ``-3``, ``0.5``, ``1.5e-12``, ``1e20``."""
    return numbers.format_number(v, digits).replace("e+", "e")


def _latex_number(v: float, digits: int = 12) -> str:
    """`format_number` for inside ``$...$``: ``1.5 \\times 10^{-12}``."""
    s = format_number(v, digits)
    mantissa, e, exponent = s.partition("e")
    if not e:
        return s
    power = f"10^{{{int(exponent)}}}"
    return power if mantissa == "1" else f"{mantissa} \\times {power}"


@lru_cache(maxsize=1 << 16)
def _pair(v: float, digits: int = 12) -> tuple[str, str]:
    """`format_number` and `_latex_number` of v, cached: tables repeat their numbers a lot."""
    return format_number(v, digits), _latex_number(v, digits)


def _vector(v: FloatArray | tuple[float, ...], digits: int = TABLE_DIGITS) -> Cell:
    pairs = [_pair(float(x), digits) for x in v]
    text = "(" + ", ".join(t for t, _ in pairs) + ")"
    latex = "$(" + ", ".join(t for _, t in pairs) + ")$"
    return Cell(text, latex)


@lru_cache(maxsize=1 << 16)
def _number(v: float, digits: int = TABLE_DIGITS) -> Cell:
    text, latex = _pair(float(v), digits)
    return Cell(text, f"${latex}$")


def _plain(text: str, latex: str | None = None) -> Cell:
    return Cell(text, _escape_latex(text) if latex is None else latex)


def _escape_latex(text: str) -> str:
    out = []
    for ch in text:
        if ch in "&%$#_{}":
            out.append("\\" + ch)
        elif ch == "\\":
            out.append("\\textbackslash{}")
        elif ch == "~":
            out.append("\\textasciitilde{}")
        elif ch == "^":
            out.append("\\textasciicircum{}")
        else:
            out.append(ch)
    return "".join(out)


def _variables(d: int) -> tuple[tuple[str, str], ...]:
    """``x⁽¹⁾ … x⁽ᵈ⁾`` (Unicode superscript digits) and their LaTeX, for d features."""
    sup = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
    return tuple((f"x⁽{str(j).translate(sup)}⁾", f"x^{{({j})}}") for j in range(1, d + 1))


def decision_text(w: tuple[float, ...], b: float, *, bias: bool = True, digits: int = 12) -> Cell:
    """The decision function ``w·x + b`` written out as the book does.

    ``x⁽¹⁾ + x⁽²⁾ - 3`` (an ASCII hyphen; Markdown and the window show U+2212): zero
    terms left out, a coefficient 1 not written, ``0``
    when every term is zero; in LaTeX ``$x^{(1)} + x^{(2)} - 3$``.

    Parameters
    ----------
    w, b
        The weights.
    bias
        False: no constant term (lines through the origin).
    digits
        Significant digits of each coefficient.
    """
    # (value, Unicode variable, LaTeX variable)
    names = _VARIABLES if len(w) == 2 else _variables(len(w))
    terms = [(float(wj), var, var_tex) for wj, (var, var_tex) in zip(w, names, strict=True)]
    if bias:
        terms.append((float(b), "", ""))
    text: list[str] = []
    latex: list[str] = []
    for value, var, var_tex in terms:
        if value == 0.0:
            continue
        negative = value < 0
        magnitude = abs(value)
        if var and magnitude == 1.0:
            body, body_tex = var, var_tex
        else:
            mag_text, mag_tex = _pair(magnitude, digits)
            body = mag_text + var
            # "1.5 \times 10^{-12}x" would read as a product with 10^{-12}x only.
            body_tex = (f"({mag_tex})" if "\\times" in mag_tex and var else mag_tex) + var_tex
        if not text:
            text.append(f"-{body}" if negative else body)
            latex.append(f"-{body_tex}" if negative else body_tex)
        else:
            text.append(f" {'-' if negative else '+'} {body}")
            latex.append(f" {'-' if negative else '+'} {body_tex}")
    if not text:
        return Cell("0", "$0$")
    return Cell("".join(text), "$" + "".join(latex) + "$")


# --------------------------------------------------------------------------- building


@dataclass(frozen=True)
class _Run:
    """What a table needs of a run, whether it comes from a Trainer or a TrainResult."""

    dual: bool
    bias: bool
    eta: float
    w0: tuple[float, ...]
    b0: float
    total: int
    updates: npt.NDArray[np.int64]
    history_w: FloatArray
    history_b: FloatArray
    digits: int = TABLE_DIGITS
    #: Averaged and voted: the count c of the vector of each row (k = 0 … shown).
    counts: npt.NDArray[np.int64] | None = None
    #: Averaged: the running average w̄, b̄ of each row (NaN before any visit).
    average: tuple[FloatArray, FloatArray] | None = None
    #: Batch: the points M each step summed, in increasing order (one array a row).
    summed: list[npt.NDArray[np.int64]] | None = None


def _run_of(
    run: Algorithm | TrainResult,
    config: TrainConfig | None,
    max_rows: int | None,
    digits: int = TABLE_DIGITS,
) -> _Run:
    """The start, the number of updates, and the history of the first `max_rows` of them."""
    if isinstance(run, TrainResult):
        c = config if config is not None else TrainConfig()
        dual = run.alpha is not None
        bias, eta, total = run.bias, run.eta, run.mistakes
        stop = total if max_rows is None else max(0, min(total, int(max_rows)))
        updates, hw, hb = run.updates[:stop], run.history_w[:stop], run.history_b[:stop]
        kind, visits_now = _answer_kind(run.mode), run.visits
        update_visits = run.update_visits
        summed = None if run.batch_points is None else list(run.batch_points[:stop])
    else:
        c = run.config
        dual = run.alpha is not None
        bias, eta, total = bool(c.bias), float(c.eta), run.k
        stop = total if max_rows is None else max(0, min(total, int(max_rows)))
        # Only the rows shown are copied out of the trainer's history.
        updates = run.history_slice("index", 0, stop).astype(np.int64, copy=False)
        # w with its d entries (a window's run of d ≠ 2 features: its trainer has w0 … w{d-1}).
        dim = run.data.dim
        hw = np.column_stack([run.history_slice(f"w{j}", 0, stop) for j in range(dim)]).reshape(
            -1, dim
        )
        hb = run.history_slice("b", 0, stop).astype(np.float64, copy=False)
        kind, visits_now = _answer_kind(c.mode), run.visits
        update_visits = run.history_slice("visit", 0, total) if kind in _VOTING else None
        points = getattr(run, "batch_points", None) if run.spec.batch else None
        summed = None if points is None else list(points[:stop])
    d = hw.shape[1] if hw.ndim == 2 else 2
    w0 = (float(c.w0[0]), float(c.w0[1])) if d == 2 else (0.0,) * d
    b0 = float(c.b0) if bias else 0.0
    counts = average = None
    if kind in _VOTING and update_visits is not None:
        # The counts of the rows shown (a row's count needs the next update's visit).
        counts = vote_counts(update_visits[: stop + 1], visits_now)
        if stop < total:
            counts = counts[:-1]
        if kind == "average":
            average = running_average(w0, b0 if bias else 0.0, hw, hb, counts)
    return _Run(
        dual, bias, eta, w0, b0, total, updates, hw, hb, int(digits), counts, average, summed
    )


#: The answers whose vectors vote (`ModeSpec.answer_kind`): their tables have the count c
#: of each vector.
_VOTING = ("average", "vote")


def _answer_kind(mode: str) -> str:
    """The registry's `ModeSpec.answer_kind` of `mode` ("" for a mode not installed)."""
    from perceptron_gui.core.registry import REGISTRY

    return REGISTRY[mode].answer_kind if mode in REGISTRY else ""


def vote_counts(update_visits: npt.ArrayLike, visits: int) -> npt.NDArray[np.int64]:
    """The count c_j of each vector of an averaged or voted run (ALGORITHMS.md).

    Parameters
    ----------
    update_visits
        The visit (1-based) of each update, in order (K of them).
    visits
        The visits made so far (the last vector's count runs to here).

    Returns
    -------
    ndarray of int64, shape (K + 1,)
        ``c_0`` (the initial weights: the visits before the first update), then the
        count of the vector after each update: its own visit and the clean visits
        after it. ``Σ c_j`` = `visits`.
    """
    v = np.asarray(update_visits, dtype=np.int64).reshape(-1)
    starts = np.concatenate(([1], v))  # the first visit each vector counts
    ends = np.concatenate((v, [int(visits) + 1]))
    return ends - starts


def running_average(
    w0: tuple[float, ...],
    b0: float,
    history_w: FloatArray,
    history_b: FloatArray,
    counts: npt.NDArray[np.int64],
) -> tuple[FloatArray, FloatArray]:
    """The averaged perceptron's w̄, b̄ after the last visit of each vector.

    ``w̄_k = Σ_{j ≤ k} c_j ŵ_j / Σ_{j ≤ k} c_j``: the mean of the weights over every
    visit up to the last one with the vector ŵ_k (row 0: the initial weights). The
    last row's is the run's answer, summed in the same order as the trainer's
    (so the bits agree). Rows with no visit yet (``Σ c_j = 0``) are NaN.

    Parameters
    ----------
    w0, b0
        The initial weights (b0 = 0 with the bias off).
    history_w, history_b
        The weights after each update (at least ``len(counts) - 1`` rows).
    counts
        `vote_counts` of the rows wanted.

    Returns
    -------
    (ndarray of shape (R, 2), ndarray of shape (R,))
        w̄ and b̄ of each of the R = ``len(counts)`` rows.
    """
    rows = int(counts.shape[0])
    c = counts.astype(np.float64)
    d = len(w0)
    W = np.vstack((np.array([w0], dtype=np.float64), history_w[: rows - 1].reshape(-1, d)))
    B = np.concatenate(([float(b0)], history_b[: rows - 1].astype(np.float64)))
    t = np.cumsum(counts)
    with np.errstate(invalid="ignore", divide="ignore"):
        avg = np.column_stack([np.cumsum(c * W[:, j]) for j in range(d)]) / t[:, None]
        avg_b = np.cumsum(c * B) / t
    avg[t == 0] = np.nan
    avg_b[t == 0] = np.nan
    return avg, avg_b


def iteration_table(
    data: Dataset,
    run: Algorithm | TrainResult,
    config: TrainConfig | None = None,
    *,
    max_rows: int | None = None,
    headers: Mapping[str, str] | None = None,
    digits: int = TABLE_DIGITS,
) -> Table:
    """The textbook's iteration table of a run.

    Parameters
    ----------
    data
        The points the run was trained on (only their number is used, for the
        dual's α columns).
    run
        A `Trainer` (its updates so far; the window's ``controller.trainer``)
        or a finished `TrainResult`.
    config
        With a `TrainResult`: the settings of the run, for its initial weights
        w0, b0 (None: w0 = 0, b0 = 0, the default). Ignored with a `Trainer`,
        which has its own.
    max_rows
        At most this many updates (the first ones); `Table.note` says how many
        are left out. None: every update. Building takes some 30 µs and 1 kB
        a row: pass a limit for runs of 10^5 updates and more, or use
        `table_lines`, which keeps no rows.
    headers
        Column titles to show instead of the English ones, by English title
        (the words among them are `HEADER_WORDS`; symbols such as ``k``, ``w``
        and ``b`` stay): the window passes its language's titles here, so that
        this module needs no Qt. Titles not in the mapping stay as they are.
    digits
        Significant digits of the numbers (default `TABLE_DIGITS`, 6; whole numbers
        are always written whole).

    Returns
    -------
    Table
        Primal and pocket: columns ``k``, ``misclassified point``, ``w``, ``b``
        (with the bias on), ``w·x + b``. Dual: ``k``, ``misclassified point``,
        ``α1`` ... (at most `MAX_ALPHA_COLUMNS`), ``b`` (with the bias on); α is
        rebuilt from the updates, ``α_i += η`` per update on point i, as the
        trainer sums it.
    """
    kind, header, align, note, rows = _layout(data, run, config, max_rows, headers, digits)
    return Table(kind, header, tuple(rows), align, note)


def table_lines(
    fmt: TableFormat,
    data: Dataset,
    run: Algorithm | TrainResult,
    config: TrainConfig | None = None,
    *,
    max_rows: int | None = None,
    headers: Mapping[str, str] | None = None,
    digits: int = TABLE_DIGITS,
) -> Iterator[str]:
    """The lines of ``to_<fmt>(iteration_table(...))``, made one row at a time.

    For long runs (the command line's ``--all``): memory stays that of one row.
    ``"".join(table_lines(...))`` equals the text of the renderer; each line
    ends with ``\\n``. The parameters are those of `iteration_table`.
    """
    kind, header, align, note, rows = _layout(data, run, config, max_rows, headers, digits)
    return _RENDERERS[fmt](header, align, note, rows)


_Row = tuple[Cell, ...]


def _layout(
    data: Dataset,
    run: Algorithm | TrainResult,
    config: TrainConfig | None,
    max_rows: int | None,
    headers: Mapping[str, str] | None = None,
    digits: int = TABLE_DIGITS,
) -> tuple[Literal["primal", "dual"], tuple[Cell, ...], str, str, Iterator[_Row]]:
    """Kind, header, alignment, note, and the rows (lazily) of a run's table."""
    kind, header, align, note, rows = _layout_en(data, run, config, max_rows, digits)
    if headers:
        header = tuple(_plain(headers[c.text]) if c.text in headers else c for c in header)
    return kind, header, align, note, rows


def _layout_en(
    data: Dataset,
    run: Algorithm | TrainResult,
    config: TrainConfig | None,
    max_rows: int | None,
    digits: int = TABLE_DIGITS,
) -> tuple[Literal["primal", "dual"], tuple[Cell, ...], str, str, Iterator[_Row]]:
    r = _run_of(run, config, max_rows, digits)
    total, shown = r.total, int(r.updates.shape[0])
    notes = []
    if shown < total:
        notes.append(f"the first {shown} of {total} updates")
    if r.dual:
        if data.n <= MAX_ALPHA_COLUMNS:
            cols = tuple(range(data.n))
        else:
            cols = tuple(int(i) for i in np.unique(r.updates))
            notes.append(f"α of the {len(cols)} points updated, of {data.n}; every other α is 0")
        header, align = _dual_header(r, cols)
        return "dual", header, align, "; ".join(notes), _dual_rows(r, cols)
    header, align = _primal_header(r)
    return "primal", header, align, "; ".join(notes), _primal_rows(r)


#: The column titles that are words (the others are symbols: k, w, b, w·x + b, αi):
#: what a caller translates through the `headers` argument.
HEADER_WORDS = ("misclassified point", "points summed")

#: At most this many points of a batch step are named in its row.
BATCH_NAMES_MAX = 6


def batch_names(points: npt.ArrayLike) -> str:
    """The points a batch step summed: ``x1 x2 x5``, or the first `BATCH_NAMES_MAX` and
    the last, ``x1 x2 x3 x4 x5 x6 … x18`` (the command line's and the exports' rule)."""
    p = np.asarray(points, dtype=np.int64).reshape(-1)
    names = [f"x{int(i) + 1}" for i in p[:BATCH_NAMES_MAX]]
    if p.shape[0] > BATCH_NAMES_MAX:
        names += ["…", f"x{int(p[-1]) + 1}"]
    return " ".join(names)


def _batch_cells(points: npt.NDArray[np.int64]) -> tuple[Cell, Cell]:
    """|M| and the points summed of a batch step's row."""
    n = str(int(points.shape[0]))
    text = batch_names(points)
    latex = ", ".join(r"\ldots" if w == "…" else f"x_{{{w[1:]}}}" for w in text.split())
    return Cell(n, n), Cell(text, f"${latex}$" if latex else "")


@lru_cache(maxsize=1 << 12)
def _point(i: int) -> Cell:
    return Cell(f"x{i + 1}", f"$x_{{{i + 1}}}$")


def _primal_header(r: _Run) -> tuple[tuple[Cell, ...], str]:
    if r.summed is not None:  # a batch step sums the points M: |M| and which
        header = [_plain("k", "$k$"), _plain("|M|", "$|M|$"), _plain("points summed")]
        header.append(_plain("w", "$w$"))
        align = "rrll"
    else:
        header = [_plain("k", "$k$"), _plain("misclassified point"), _plain("w", "$w$")]
        align = "rll"
    if r.bias:
        header.append(_plain("b", "$b$"))
        align += "r"
    header.append(
        _plain("w·x + b" if r.bias else "w·x", "$w \\cdot x + b$" if r.bias else "$w \\cdot x$")
    )
    align += "l"
    if r.counts is not None:
        header.append(_plain("c", "$c$"))
        align += "r"
    if r.average is not None:
        header.append(_plain("w̄", "$\\bar{w}$"))
        align += "l"
        if r.bias:
            header.append(_plain("b̄", "$\\bar{b}$"))
            align += "r"
    return tuple(header), align


#: A running average before any visit (the mean of nothing).
_NO_AVERAGE = Cell("—", "---")


def _primal_rows(r: _Run) -> Iterator[_Row]:
    def row(k: int, point: tuple[Cell, ...], w: tuple[float, ...], b: float) -> _Row:
        cells = [Cell(str(k), str(k)), *point, _vector(w, r.digits)]
        if r.bias:
            cells.append(_number(b, r.digits))
        cells.append(decision_text(w, b, bias=r.bias, digits=r.digits))
        if r.counts is not None:
            cells.append(Cell(str(int(r.counts[k])), str(int(r.counts[k]))))
        if r.average is not None:
            avg, avg_b = r.average
            if np.isnan(avg_b[k]):
                cells += [_NO_AVERAGE] * (2 if r.bias else 1)
            else:
                cells.append(_vector(tuple(avg[k].tolist()), r.digits))
                if r.bias:
                    cells.append(_number(float(avg_b[k]), r.digits))
        return tuple(cells)

    summed = r.summed
    blank = Cell("", "")
    yield row(0, (blank,) if summed is None else (blank, blank), r.w0, r.b0)
    hw, hb = r.history_w, r.history_b
    for k, i in enumerate(r.updates.tolist(), start=1):
        point = (_point(i),) if summed is None else _batch_cells(summed[k - 1])
        yield row(k, point, tuple(hw[k - 1].tolist()), float(hb[k - 1]))


def _dual_header(r: _Run, cols: tuple[int, ...]) -> tuple[tuple[Cell, ...], str]:
    header = [_plain("k", "$k$"), _plain("misclassified point")]
    header += [Cell(f"α{j + 1}", f"$\\alpha_{{{j + 1}}}$") for j in cols]
    align = "rl" + "r" * len(cols)
    if r.bias:
        header.append(_plain("b", "$b$"))
        align += "r"
    return tuple(header), align


def _dual_rows(r: _Run, cols: tuple[int, ...]) -> Iterator[_Row]:
    alpha = [0.0] * len(cols)
    column = {i: j for j, i in enumerate(cols)}

    def row(k: int, point: Cell, b: float) -> _Row:
        cells = [Cell(str(k), str(k)), point, *(_number(a, r.digits) for a in alpha)]
        if r.bias:
            cells.append(_number(b, r.digits))
        return tuple(cells)

    yield row(0, Cell("", ""), r.b0)
    hb = r.history_b
    for k, i in enumerate(r.updates.tolist(), start=1):
        j = column.get(i)
        if j is not None:
            alpha[j] += r.eta  # the trainer's own sum, so the bits agree
        yield row(k, _point(i), float(hb[k - 1]))


# --------------------------------------------------------------------------- rendering


def _latex_lines(
    header: tuple[Cell, ...], align: str, note: str, rows: Iterable[_Row]
) -> Iterator[str]:
    if note:
        yield f"% {note}\n"
    yield f"\\begin{{tabular}}{{{align}}}\n"
    yield "\\toprule\n"
    yield " & ".join(c.latex for c in header) + " \\\\\n"
    yield "\\midrule\n"
    for row in rows:
        yield " & ".join(c.latex for c in row) + " \\\\\n"
    yield "\\bottomrule\n"
    yield "\\end{tabular}\n"


def _md(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _md_cell(text: str) -> str:
    """A body cell for Markdown: every minus sign the typeset one (U+2212), in every
    column (a cell's text has ASCII hyphens, as CSV writes them; no cell has any other)."""
    return _md(text).replace("-", _MINUS)


def _markdown_lines(
    header: tuple[Cell, ...], align: str, note: str, rows: Iterable[_Row]
) -> Iterator[str]:
    rule = ["---:" if a == "r" else ":---" for a in align]
    yield "| " + " | ".join(_md(c.text) for c in header) + " |\n"
    yield "| " + " | ".join(rule) + " |\n"
    for row in rows:
        yield "| " + " | ".join(_md_cell(c.text) for c in row) + " |\n"
    if note:
        yield "\n"
        yield f"*{_md(note)}*\n"


def _csv_lines(
    header: tuple[Cell, ...], align: str, note: str, rows: Iterable[_Row]
) -> Iterator[str]:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in itertools.chain([header], rows):
        writer.writerow([c.text for c in row])
        yield buf.getvalue()
        buf.seek(0)
        buf.truncate()


_RENDERERS = {"latex": _latex_lines, "markdown": _markdown_lines, "csv": _csv_lines}


def to_latex(table: Table) -> str:
    """The table as a booktabs ``tabular`` (needs ``\\usepackage{booktabs}``).

    A `Table.note` becomes a ``%`` comment line above the table.
    """
    return "".join(_latex_lines(table.header, table.align, table.note, table.rows))


def to_markdown(table: Table) -> str:
    """The table as a Markdown (GitHub) pipe table; a `Table.note` follows it in italics."""
    return "".join(_markdown_lines(table.header, table.align, table.note, table.rows))


def to_csv(table: Table) -> str:
    """The table as CSV (a header row, then the rows; ``\\n`` line ends).

    Write it as UTF-8: the header and the decision functions are Unicode.
    `Table.note` is not part of the CSV (the header shows which α are there).
    """
    return "".join(_csv_lines(table.header, table.align, table.note, table.rows))

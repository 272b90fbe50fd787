"""CSV files of points: columns ``x1, …, xd, y`` (d >= 1 features, the label last).

d is the number of columns of the header (or of the first data line) less one, and
every row must have as many (the NTU homework's ``x1 x2 x3 x4<TAB>y`` is d = 4, a
whitespace-separated file). An optional header, a separator that is a comma,
semicolon, tab or whitespace (detected from the first data line and then required on
every line; a tab among spaces is whitespace), ``#``
comment lines and blank lines. Labels are +1/-1; a file whose labels are all 0
or 1 is read with 0 as -1 and says so in `Loaded.notes`. Floats are written with
``repr``, so a round trip is bit-exact.

A vectorised parse reads the common case; the line-by-line parse decides, and
names the line, whenever the vectorised one refuses.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset, FloatArray, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.files import (
    LIMIT_TEXT,
    MAX_NUMBER_CHARS,
    NOTE_01_LABELS,
    Loaded,
    PathLike,
    Slices,
    atomic_write_text,
    bare,
    excerpt,
    read_text,
    source_name,
    within,
)
from perceptron_gui.core.limits import MAX_POINTS
from perceptron_gui.core.slices import exhaust

#: A CSV file with more data rows than this is refused (the canvas and the
#: dual form's Gram matrix are hopeless long before).
MAX_ROWS = MAX_POINTS

# Data rows parsed per slice by default: about 10 ms for full 17-digit floats.
SLICE_ROWS = 10_000
# Characters counted per slice, and lines per slice of the line-by-line parser.
_COUNT_CHARS = 1 << 23
_SLOW_LINES = 5_000


def read_csv(path: PathLike) -> Loaded:
    """Read a CSV file of points ``x1, x2, y``.

    Parameters
    ----------
    path
        The file; it is named as given in error messages.

    Returns
    -------
    Loaded
        With ``config=None`` and an empty ``view``.

    Raises
    ------
    DataError
        Naming the file, the line and the problem.
    """
    return parse_csv_text(read_text(path), source_name(path))


def write_csv(path: PathLike, data: Dataset) -> None:
    """Write a data set as CSV (header ``x1,…,xd,y``, labels 1/-1), atomically.

    Coordinates are written with ``repr``, so reading the file back gives the
    same bits.

    Raises
    ------
    DataError
        When `data` has no points (such a file could not be read back) or the
        file cannot be written.
    """
    if data.n == 0:
        raise DataError("no points to write", source_name(path))
    signs = np.where(data.labels > 0, "1", "-1").tolist()
    d = data.dim
    rows: Iterable[str]
    if d == 2:
        rows = map(
            "{!r},{!r},{}\n".format, data.points[:, 0].tolist(), data.points[:, 1].tolist(), signs
        )
    else:
        rows = (
            ",".join(map(repr, p)) + f",{s}\n"
            for p, s in zip(data.points.tolist(), signs, strict=True)
        )
    head = ",".join([f"x{j}" for j in range(1, d + 1)] + ["y"])
    atomic_write_text(path, head + "\n" + "".join(rows))


def _iter_normalise_newlines(text: str) -> Slices[str]:
    """The text with a BOM dropped and CRLF or CR line ends made LF, in slices."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" not in text:
        return text
    # With no LF at all the line ends are classic Mac CRs; else CRLF becomes LF
    # (and a lone CR stays). Pieces never split a CRLF, so they change nothing.
    old, new = ("\r", "\n") if "\n" not in text else ("\r\n", "\n")
    yield 0.0
    parts = []
    a = 0
    while a < len(text):
        b = a + _COUNT_CHARS
        while text[b - 1 : b] == "\r":  # a run of CRs may end in a CRLF
            b += 1
        parts.append(text[a:b].replace(old, new))
        a = b
        yield min(a / len(text), 1.0)
    return "".join(parts)


def _is_content(line: str) -> bool:
    s = line.strip()
    return bool(s) and not s.startswith("#")


def _detect_sep(line: str) -> str | None:
    """The separator of a line: ';', ',', tab, or None for runs of whitespace."""
    # ';' first: where it separates, a ',' is a decimal comma, and the message
    # "x1 is not a number: '1,5'" then says what is wrong.
    for sep in (";", ","):
        if sep in line:
            return sep
    if "\t" in line and " " not in line.strip():
        return "\t"
    return None  # spaces, or spaces and tabs ("x1 x2 x3 x4<TAB>y")


@dataclass(frozen=True)
class Columns:
    """Which of a file's `ncol` columns is the label and which are the features (0-based)."""

    ncol: int
    label: int
    keep: tuple[int, ...]

    @classmethod
    def last(cls, ncol: int) -> Columns:
        """The label last, every other column a feature (the default)."""
        return cls(ncol, ncol - 1, tuple(range(ncol - 1)))


def _pick(spec: str, names: list[str] | None, ncol: int, what: str, source: str) -> int:
    """The 0-based column of a name in the header or a 1-based number."""
    s = spec.strip()
    if names is not None and s in names:
        return names.index(s)
    if s.isdigit() and 1 <= int(s) <= ncol:
        return int(s) - 1
    known = f"; the header has {', '.join(names)}" if names else ""
    raise DataError(f"{what} {spec!r} is not a column of this file (1 to {ncol}{known})", source)


def resolve_columns(
    names: list[str] | None,
    ncol: int,
    label_column: str | None,
    features: str | None,
    source: str,
) -> Columns:
    """The `Columns` of ``--label-column`` and ``--features`` (names or 1-based numbers;
    features as a comma list with ranges such as ``1-4``); None: the label last, the rest
    features."""
    label = (
        ncol - 1
        if label_column is None
        else _pick(label_column, names, ncol, "label column", source)
    )
    if features is None:
        keep = tuple(j for j in range(ncol) if j != label)
    else:
        picked: list[int] = []
        for part in features.split(","):
            a, dash, b = part.partition("-")
            if dash and a.strip().isdigit() and b.strip().isdigit():
                lo = _pick(a, None, ncol, "feature", source)
                hi = _pick(b, None, ncol, "feature", source)
                picked.extend(range(lo, hi + 1))
            else:
                picked.append(_pick(part, names, ncol, "feature", source))
        keep = tuple(picked)
    if label in keep:
        raise DataError(f"column {label + 1} cannot be both the label and a feature", source)
    if not keep:
        raise DataError("no feature columns left", source)
    return Columns(ncol, label, keep)


def columns_text(ncol: int) -> str:
    """``x1, x2, y`` for 3 columns; ``x1, …, x10, y`` for more than 5."""
    d = ncol - 1
    if d <= 4:
        return ", ".join([f"x{j}" for j in range(1, d + 1)] + ["y"])
    return f"x1, …, x{d}, y"


def _split(line: str, sep: str | None) -> list[str]:
    if sep is None:
        return line.split()
    return [f.strip() for f in line.strip().split(sep)]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse_csv_text(text: str, source: str) -> Loaded:
    """Parse the text of a CSV file.

    Parameters
    ----------
    text
        The whole file, decoded.
    source
        The file name, for messages and for `Loaded.source`.

    Returns
    -------
    Loaded
        With ``config=None``, an empty ``view`` and a note when 0/1 labels were converted.

    Raises
    ------
    DataError
        Naming `source`, the 1-based line and the problem.
    """
    return exhaust(iter_csv_text(text, source, SLICE_ROWS))


class _LabelsSeen:
    """The 1-based lines of the first 0 and the first -1 label, across slices.

    A line may be given lazily, as a function that finds it: the search is
    only needed for an error message.
    """

    def __init__(self) -> None:
        self._zero: int | Callable[[], int] | None = None
        self._minus: int | Callable[[], int] | None = None

    @staticmethod
    def _resolve(v: int | Callable[[], int] | None) -> int | None:
        return v() if callable(v) else v

    @property
    def zero(self) -> int | None:
        self._zero = self._resolve(self._zero)
        return self._zero

    @property
    def minus(self) -> int | None:
        self._minus = self._resolve(self._minus)
        return self._minus

    def has_zero(self) -> bool:
        return self._zero is not None

    def has_minus(self) -> bool:
        return self._minus is not None

    def see(
        self, zero: int | Callable[[], int] | None, minus: int | Callable[[], int] | None
    ) -> None:
        if self._zero is None:
            self._zero = zero
        if self._minus is None:
            self._minus = minus


def iter_csv_text(
    text: str,
    source: str,
    slice_rows: int,
    label_column: str | None = None,
    features: str | None = None,
) -> Slices[Loaded]:
    """`parse_csv_text` in slices of at most `slice_rows` lines, yielding progress."""
    norm = yield from within(_iter_normalise_newlines(text), 0.0, 0.02)
    notes: list[str] = []

    # The header and separator need only the first lines; walk to them lazily.
    content = ((i, pos, ln) for i, pos, ln in _iter_lines(norm) if _is_content(ln))
    first = next(content, None)
    if first is None:
        raise DataError("no points", source)
    head_no, _, head = first
    head_fields = _split(head, _detect_sep(head))
    numeric = [_is_number(f) for f in head_fields]
    data_first = first
    ncol = len(head_fields)
    if not all(numeric):
        if ncol < 2:
            raise DataError(
                f"the header has {ncol} column(s); expected at least 2 (x1, …, xd, y)",
                source,
                head_no + 1,
            )
        if any(numeric):
            notes.append(f"line {head_no + 1} ({excerpt(head.strip())}) was read as a header")
        after_header = next(content, None)
        if after_header is None:
            raise DataError("no points", source)
        data_first = after_header
    start, offset, first_data = data_first
    sep = _detect_sep(first_data)
    if all(numeric):
        ncol = len(_split(first_data, sep))
        if ncol < 2:
            raise DataError(
                f"expected at least 2 values (x1, …, xd, y), found {ncol}", source, start + 1
            )
    end = len(norm)
    yield 0.02

    newlines = 0
    for a in range(offset, end, _COUNT_CHARS):
        newlines += norm.count("\n", a, a + _COUNT_CHARS)
        yield 0.02 + 0.03 * (a - offset) / (end - offset)
    if newlines >= MAX_ROWS:  # perhaps too many: count exactly
        n_rows = 0
        for a, b, _ in _iter_line_blocks(norm, offset, end, slice_rows, newlines):
            n_rows += sum(1 for ln in norm[a:b].split("\n") if _is_content(ln))
            yield 0.05
        if n_rows > MAX_ROWS:
            raise DataError(
                f"too many rows: {n_rows:,} points; perceptron-gui reads at most {MAX_ROWS:,}",
                source,
            )

    # Every row is a line: room for them all, filled block by block.
    cols = resolve_columns(
        None if all(numeric) else head_fields, ncol, label_column, features, source
    )
    X = np.empty((newlines + 1, len(cols.keep)))
    y = np.empty(newlines + 1)
    n = 0
    seen = _LabelsSeen()
    done = 0.05
    for a, b, k in _iter_line_blocks(norm, offset, end, slice_rows, newlines):
        block = _iter_csv_block(norm, a, b, start + k, sep, source, seen, cols)
        Xb, yb = yield from within(block, done, done)
        X[n : n + yb.shape[0]] = Xb
        y[n : n + yb.shape[0]] = yb
        n += yb.shape[0]
        done = 0.05 + 0.9 * (b - offset) / (end - offset)
        yield done

    if n == 0:
        raise DataError("no points", source)
    X, y = X[:n], y[:n]
    if not np.any(y < 0) and np.any(y == 0):
        y = np.where(y == 0, -1.0, 1.0)
        notes.append(NOTE_01_LABELS)
    data = make_dataset(X, y, source=source, allow_empty=False)
    return Loaded(data=data, config=None, view={}, notes=tuple(notes), source=source)


def _iter_line_blocks(
    text: str, start: int, end: int, max_lines: int, newlines: int | None = None
) -> Iterator[tuple[int, int, int]]:
    """Cut ``text[start:end]`` into blocks of whole lines, at most `max_lines` each.

    Yields ``(a, b, k)``: the block ``text[a:b]`` (ending just after a newline,
    or at `end`) and the number k of newlines before it in ``text[start:]``.
    `newlines`, the newlines in ``text[start:end]`` if known, gives the first
    guess of a block's width.
    """
    if newlines is None:
        newlines = text.count("\n", start, end)
    per_line = (end - start) / (newlines + 1)
    k = 0
    a = start
    while a < end:
        width = max(1, int(per_line * max_lines))
        while True:
            lim = a + width
            if lim >= end:
                b = end
            else:
                nl = text.rfind("\n", a, lim)
                if nl < 0:  # one line longer than the width: it alone
                    nl = text.find("\n", lim, end)
                    b = end if nl < 0 else nl + 1
                    break
                b = nl + 1
            count = text.count("\n", a, b)
            lines = count if text[b - 1] == "\n" else count + 1
            if lines <= max_lines:
                break
            width = max(1, (b - a) * max_lines // lines - 1)
        count = text.count("\n", a, b)
        lines = max(1, count if text[b - 1] == "\n" else count + 1)
        per_line = (b - a) / lines
        yield a, b, k
        k += count
        a = b


def _iter_csv_block(
    norm: str,
    a: int,
    b: int,
    line0: int,
    sep: str | None,
    source: str,
    seen: _LabelsSeen,
    cols: Columns,
) -> Slices[tuple[FloatArray, FloatArray]]:
    """The rows of ``norm[a:b]``, whose first line has the 0-based index `line0`.

    Tries the vectorised parse of the whole block, then of its content lines,
    and lets the line-by-line parse decide (and name the line) when either
    refuses or when the labels mix 0/1 with those of earlier blocks.
    """
    block = norm[a:b]
    parsed = None
    if "#" not in block:  # the common case: one block of rows, no line list needed
        rows = block.strip()
        if not rows:
            return np.zeros((0, len(cols.keep))), np.zeros(0)
        parsed = yield from _iter_parse_fast(rows, rows.count("\n") + 1, sep, cols)
    lines: list[str] | None = None
    if parsed is None:
        lines = block.split("\n")
        body = [s for s in map(str.strip, lines) if s and s[0] != "#"]
        if not body:
            return np.zeros((0, len(cols.keep))), np.zeros(0)
        parsed = yield from _iter_parse_fast("\n".join(body), len(body), sep, cols)
    if parsed is not None:
        y = parsed[1]
        zeros = np.flatnonzero(y == 0.0)
        minus = np.flatnonzero(y == -1.0)
        if not ((zeros.size and seen.has_minus()) or (minus.size and seen.has_zero())):

            def where(r: int) -> Callable[[], int]:
                return lambda: _content_line_number(norm, a, line0, r)

            seen.see(
                where(int(zeros[0])) if zeros.size else None,
                where(int(minus[0])) if minus.size else None,
            )
            return parsed
    # The line-by-line parse, in slices of _SLOW_LINES lines.
    yield 0.0
    if lines is None:
        lines = block.split("\n")
    pts: list[FloatArray] = []
    labels: list[FloatArray] = []
    for i in range(0, len(lines), _SLOW_LINES):
        X, y = _parse_slow(
            lines, i, sep, source, stop=i + _SLOW_LINES, base=line0, seen=seen, cols=cols
        )
        pts.append(X)
        labels.append(y)
        yield 0.0
    return np.concatenate(pts), np.concatenate(labels)


def _content_line_number(text: str, pos: int, line0: int, r: int) -> int:
    """The 1-based number of the r-th (from 0) content line from offset `pos`, line `line0`."""
    line = line0
    while True:
        end = text.find("\n", pos)
        if _is_content(text[pos:] if end < 0 else text[pos:end]):
            if r == 0:
                return line + 1
            r -= 1
        if end < 0:
            raise AssertionError("fewer content lines than rows parsed")
        pos = end + 1
        line += 1


def _iter_lines(text: str) -> Iterator[tuple[int, int, str]]:
    """(0-based line index, offset of its first character, line) for each line."""
    pos = 0
    i = 0
    while True:
        end = text.find("\n", pos)
        if end < 0:
            yield i, pos, text[pos:]
            return
        yield i, pos, text[pos:end]
        pos = end + 1
        i += 1


def _rows_well_formed(joined: str, n: int, sep: str | None, ncol: int = 3) -> bool:
    """Whether each of the `n` newline-separated rows has exactly `ncol` fields."""
    b = np.frombuffer(joined.encode("utf-8"), dtype=np.uint8)
    newlines = np.flatnonzero(b == 10)
    if sep is None:
        gap = (b == 32) | (b == 9) | (b == 10)
        starts = ~gap
        starts[1:] &= gap[:-1]
        marks = np.flatnonzero(starts)
        per_row = ncol  # token starts per row
    else:
        marks = np.flatnonzero(b == ord(sep))
        per_row = ncol - 1  # separators per row
    if newlines.size != n - 1 or marks.size != per_row * n:
        return False
    # Row k holds marks per_row*k ... per_row*k + per_row-1: the last one before
    # newline k and the first one of row k+1 after it.
    return bool(
        np.all(marks[per_row - 1 :: per_row][: n - 1] < newlines)
        and np.all(marks[per_row::per_row] > newlines)
    )


def _iter_parse_fast(
    joined: str, n: int, sep: str | None, cols: Columns
) -> Slices[tuple[FloatArray, FloatArray] | None]:
    """Vectorised parse of `n` rows joined by newlines; None whenever anything is off.

    It accepts a subset of what `_parse_slow` accepts, with the same values
    (numpy converts strings with Python's own float()), so None only means
    "let the slow pass decide and name the line". A slice break falls between
    splitting and converting.
    """
    tokens = _fast_tokens(joined, n, sep, cols.ncol)
    if tokens is None:
        return None
    yield 0.0
    return _fast_values(tokens, n, cols)


def _fast_tokens(joined: str, n: int, sep: str | None, ncol: int = 3) -> list[str] | None:
    """The ncol·n fields of `n` well-formed rows joined by newlines, or None."""
    if n == 0 or not joined:
        return None
    if not _rows_well_formed(joined, n, sep, ncol):
        return None
    tokens = joined.split() if sep is None else joined.replace("\n", sep).split(sep)
    if len(tokens) != ncol * n:  # e.g. a Unicode space the byte check did not see
        return None
    return tokens


def _fast_values(tokens: list[str], n: int, cols: Columns) -> tuple[FloatArray, FloatArray] | None:
    """The points and labels of the fields of `n` rows, or None if any is not acceptable."""
    try:
        values = np.array(tokens, dtype=np.float64).reshape(n, cols.ncol)
    except (ValueError, OverflowError):
        return None
    if max(map(len, tokens)) > MAX_NUMBER_CHARS:  # the slow parse refuses it by its line
        return None
    X = (
        values[:, : cols.ncol - 1]
        if cols.label == cols.ncol - 1 and cols.keep == tuple(range(cols.ncol - 1))
        else values[:, list(cols.keep)]
    )
    y = values[:, cols.label]
    if not np.all(np.isfinite(X)) or np.any(np.abs(X) > MAX_ABS_COORD):
        return None
    pm = (y == 1.0) | (y == -1.0)
    if not np.all(pm):
        if not np.all((y == 1.0) | (y == 0.0)):
            return None
    return np.ascontiguousarray(X), np.ascontiguousarray(y)


def _number(text: str, name: str, source: str, line: int) -> float:
    """`text` as a float: at most `MAX_NUMBER_CHARS` characters, else refused naming the line."""
    if len(text) > MAX_NUMBER_CHARS:
        raise DataError(
            f"{name} has {len(text):,} characters, more than the {MAX_NUMBER_CHARS} a number "
            f"may have: {excerpt(text)}",
            source,
            line,
        )
    try:
        return float(text)
    except ValueError:
        raise DataError(f"{name} is not a number: {excerpt(text)}", source, line) from None


def _coord(text: str, name: str, source: str, line: int) -> float:
    v = _number(text, name, source, line)
    if math.isnan(v):
        raise DataError(f"{name} is not finite: {bare(text)}", source, line)
    if math.isinf(v):
        if text.lstrip("+-").lower() in ("inf", "infinity"):
            raise DataError(f"{name} is not finite: {bare(text)}", source, line)
        raise DataError(f"{name} = {bare(text)} overflows", source, line)
    if abs(v) > MAX_ABS_COORD:
        raise DataError(f"|{name}| = {abs(v)!r} is beyond {LIMIT_TEXT}", source, line)
    return v


def _parse_slow(
    lines: list[str],
    start: int,
    sep: str | None,
    source: str,
    *,
    stop: int | None = None,
    base: int = 0,
    seen: _LabelsSeen | None = None,
    cols: Columns | None = None,
) -> tuple[FloatArray, FloatArray]:
    """Line by line, stopping at the first problem with its line number.

    Parses ``lines[start:stop]``; ``lines[i]`` is line ``base + i + 1`` of the
    file. `seen` carries the first 0 and -1 labels from earlier lines and is
    updated. May return no rows.
    """
    seen = _LabelsSeen() if seen is None else seen
    cols = Columns.last(3) if cols is None else cols
    ncol = cols.ncol
    pts: list[list[float]] = []
    labels: list[float] = []
    first_zero = seen.zero  # line numbers of the first 0 and -1 labels
    first_minus = seen.minus
    for i in range(start, len(lines) if stop is None else min(stop, len(lines))):
        raw = lines[i]
        if not _is_content(raw):
            continue
        line = base + i + 1
        fields = _split(raw, sep)
        if len(fields) != ncol:
            raise DataError(
                f"expected {ncol} values ({columns_text(ncol)}), found {len(fields)}",
                source,
                line,
            )
        xs = [_coord(fields[j], f"x{j + 1}", source, line) for j in cols.keep]
        ytext = fields[cols.label]
        lab = _number(ytext, "y", source, line)
        if lab == -1.0:
            first_minus = line if first_minus is None else first_minus
        elif lab == 0.0:
            first_zero = line if first_zero is None else first_zero
        elif lab != 1.0:
            raise DataError(
                f"y = {bare(ytext)} is not a label: labels are +1 and -1 (or 0 and 1)",
                source,
                line,
            )
        if first_zero is not None and first_minus is not None:
            other = first_minus if lab == 0.0 else first_zero
            raise DataError(
                f"label {bare(ytext)} mixes 0/1 and -1/+1 labels (line {other} has "
                f"{'-1' if lab == 0.0 else '0'}); use one or the other",
                source,
                line,
            )
        pts.append(xs)
        labels.append(lab)
    seen.see(first_zero, first_minus)
    X = np.array(pts, dtype=np.float64).reshape(-1, len(cols.keep))
    return X, np.array(labels, dtype=np.float64)

"""Reading and writing data sets: CSV files of points and JSON session files.

Every problem with a file a user chose is a `DataError` that names the file and,
where there is one, the 1-based line, so the window and the command-line tool
can show it as it is.

CSV files have three columns ``x1, x2, y``: an optional header, a separator
that is a comma, semicolon, tab or whitespace (detected from the first data
line and then required on every line), ``#`` comment lines and blank lines.
Labels are +1/-1; a file whose labels are all 0 or 1 is read with 0 as -1 and
says so in `Loaded.notes`.

Session files are JSON::

    {"format": "perceptron-gui-session", "version": 1,
     "points": [[x1, x2], ...], "labels": [1, -1, ...],
     "settings": {...TrainConfig.to_dict()...}, "view": {...}}

Floats are written with ``repr`` in both formats, so a round trip is bit-exact.

From 10^4 points on, `write_session` writes version 2 instead: one ``.npz`` file with
the same header (see `perceptron_gui.core.io.session_v2`), loaded in milliseconds; the
loaders here recognise it by its first bytes, whatever the file's name.

`iter_load_file` reads a file in slices for an event loop: a generator that
yields its progress between slices (each some tens of ms for a 10^6-row CSV)
and returns the `Loaded`; `load_file` just runs it to the end.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import stat
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar, cast

import numpy as np

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset, FloatArray, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.limits import MAX_POINTS
from perceptron_gui.core.reading import guarded_slices
from perceptron_gui.core.slices import exhaust
from perceptron_gui.core.writer import os_message as _os_message
from perceptron_gui.core.writer import write_file, write_text

__all__ = [
    "MAX_BYTES",
    "MAX_ROWS",
    "SESSION_FORMAT",
    "SESSION_VERSION",
    "Loaded",
    "atomic_write",
    "atomic_write_text",
    "iter_load_file",
    "load_file",
    "parse_csv_text",
    "read_csv",
    "read_session",
    "write_csv",
    "write_session",
]

SESSION_FORMAT = "perceptron-gui-session"
SESSION_VERSION = 1

#: A CSV file with more data rows than this is refused (the canvas and the
#: dual form's Gram matrix are hopeless long before).
MAX_ROWS = MAX_POINTS
#: A file larger than this is refused while it is read (10^7 rows of full
#: 17-digit floats take about 0.45 GB); it also ends an endless pipe.
MAX_BYTES = 1 << 30

NOTE_01_LABELS = "labels 0/1 read as -1/+1"

_LIMIT_TEXT = f"{MAX_ABS_COORD:g}".replace("e+", "e")  # "1e150"
_PathLike = str | os.PathLike[str]

# Data rows parsed per slice by default: about 10 ms for full 17-digit floats.
_SLICE_ROWS = 10_000
# Bytes read and decoded per slice, characters counted per slice, lines per
# slice of the line-by-line parser, and points per slice of a session's checks.
_READ_BYTES = 1 << 23
# Text with no line break in this many bytes is no CSV file (and a session written by
# us has one point per line).
_LINE_BYTES = 1 << 23
_COUNT_CHARS = 1 << 23
_SLOW_LINES = 5_000
_SESSION_POINTS = 100_000

_T = TypeVar("_T")
#: Work cut into slices: yields its progress (0..1) between them, returns the result.
_Slices = Generator[float, None, _T]


def _within(slices: _Slices[_T], lo: float, hi: float) -> _Slices[_T]:
    """`slices` with its progress mapped from [0, 1] to [lo, hi]."""
    while True:
        try:
            f = next(slices)
        except StopIteration as stop:
            return cast(_T, stop.value)
        yield lo + (hi - lo) * min(max(f, 0.0), 1.0)


@dataclass(frozen=True)
class Loaded:
    """What a file held.

    Attributes
    ----------
    data
        The points and their labels (±1).
    config
        The training settings of a session; None for a CSV file.
    view
        Free-form view settings of the window stored in a session (empty for CSV).
    notes
        Things the user should be told, e.g. that 0/1 labels were read as -1/+1.
    source
        The file, as the caller named it.
    """

    data: Dataset
    config: TrainConfig | None
    view: dict[str, Any]
    notes: tuple[str, ...]
    source: str


# --------------------------------------------------------------------------- files


def _source(path: _PathLike) -> str:
    return os.fspath(path)


def _read_text(path: _PathLike) -> str:
    """The file decoded as UTF-8 (a BOM dropped), or a DataError naming it."""
    return exhaust(_iter_read_text(path))


def _iter_read_text(path: _PathLike) -> _Slices[str]:
    """`_read_text` in slices of `_READ_BYTES`, yielding the fraction read.

    Refuses, without reading on forever, what cannot be a data file: a device
    (``/dev/zero`` never ends), bytes that are not UTF-8 text, more than
    `MAX_BYTES`, and text with no line break in its first `_LINE_BYTES` bytes
    (unless it looks like JSON, which may be one long line).
    """
    source = _source(path)
    # A NUL byte or invalid UTF-8 anywhere gives the same message, so the
    # checks run piece by piece (the incremental decoder handles characters
    # split between pieces, and a BOM at the start only); reading stops at the
    # first piece that is not text.
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    parts: list[str] = []
    text_ok = True
    line_seen = False
    json_like: bool | None = None
    try:
        with open(path, "rb") as fh:
            try:
                st = os.fstat(fh.fileno())
                size = st.st_size
            except OSError:
                st, size = None, 0
            # A pipe is fine (``perceptron trace <(gunzip -c d.csv.gz)``); a device is not.
            if st is not None and not (stat.S_ISREG(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
                raise DataError("not a regular file (a device?)", source)
            done = 0
            while True:
                raw = fh.read(_READ_BYTES)
                if b"\x00" not in raw:
                    try:
                        parts.append(decoder.decode(raw, final=not raw))
                    except UnicodeDecodeError:
                        text_ok = False
                else:
                    text_ok = False
                if not raw or not text_ok:
                    break
                done += len(raw)
                line_seen = line_seen or b"\n" in raw or b"\r" in raw
                if done > MAX_BYTES:
                    raise DataError(f"larger than {MAX_BYTES / 2**30:g} GiB", source)
                if not line_seen and done >= _LINE_BYTES:
                    if json_like is None:  # decided once: a long JSON line is not re-joined
                        json_like = _may_be_json(source, parts)
                    if not json_like:
                        raise DataError(
                            f"no line break in the first {_LINE_BYTES / 2**20:g} MiB: "
                            "not a data file",
                            source,
                        )
                yield min(done / size, 1.0) if size else 0.0
    except OSError as exc:
        raise DataError(f"cannot read: {_os_message(exc)}", source) from None
    if not text_ok:
        raise DataError("not a text file", source)
    return "".join(parts)


def _may_be_json(source: str, parts: list[str]) -> bool:
    """Whether the file read so far could be a session, whose JSON may be one line."""
    return source.lower().endswith(".json") or _first_visible("".join(parts)) == "{"


def atomic_write_text(path: _PathLike, text: str) -> None:
    """Write `text` (UTF-8) with the one file writer, `perceptron_gui.core.writer.write_text`.

    A regular file is replaced atomically (temp + fsync + rename), a symbolic link's
    target is written (the link stays), a FIFO is written straight, ``-`` is stdout.

    Raises
    ------
    DataError
        When the file cannot be written (the message gives the reason).
    """
    write_text(path, text)


def atomic_write(path: _PathLike, fill: Callable[[BinaryIO], object]) -> None:
    """Like `atomic_write_text`, with `fill` writing the contents to the open binary file.

    Raises
    ------
    DataError
        When the file cannot be written (nothing is left behind then).
    """
    write_file(path, fill)


def load_file(path: _PathLike) -> Loaded:
    """Read a session (``*.json``, or any file starting with ``{``) or else a CSV file.

    Parameters
    ----------
    path
        The file.

    Returns
    -------
    Loaded

    Raises
    ------
    DataError
        When the file cannot be read or is not valid.

    See Also
    --------
    iter_load_file : the same, in slices for an event loop.
    """
    return exhaust(iter_load_file(path))


def iter_load_file(path: _PathLike, *, slice_rows: int = _SLICE_ROWS) -> _Slices[Loaded]:
    """`load_file` cut into slices for an event loop.

    A generator that does the work of `load_file` a slice at a time: reading
    the file, then parsing at most `slice_rows` rows of a CSV file per slice,
    then the final checks. Between slices it yields its progress, a
    non-decreasing fraction in [0, 1]; at the end it returns the `Loaded`
    (``StopIteration.value``, or the value of ``yield from``), and it raises
    the `DataError` that `load_file` raises, with the same message. A
    session's JSON is parsed by one ``json.loads`` call, so in one slice
    (about 1 s for 10^6 points); its checks are sliced.

    Parameters
    ----------
    path
        The file.
    slice_rows
        Rows of a CSV file parsed per slice (at least 1).

    Returns
    -------
    Generator[float, None, Loaded]

    Raises
    ------
    DataError
        When the file cannot be read or is not valid.

    Examples
    --------
    A GUI calls ``next(job)`` on a timer (as often as fits in a tick) and
    shows the fraction::

        job = iter_load_file("points.csv")
        try:
            fraction = next(job)
        except StopIteration as done:
            loaded = done.value
    """
    if slice_rows < 1:
        raise ValueError(f"slice_rows must be at least 1, not {slice_rows}")
    source = _source(path)
    # Whatever escapes the readers below (nesting, memory, a library's own error) is
    # still one line naming the file.
    return (yield from guarded_slices(_iter_load(path, source, slice_rows), source))


def _iter_load(path: _PathLike, source: str, slice_rows: int) -> _Slices[Loaded]:
    from perceptron_gui.core.io import session_v2

    if session_v2.is_v2(path):
        data, config, view = yield from session_v2.iter_read(path, source)
        _check_finite(view, "view", source)
        return Loaded(data=data, config=config, view=view, notes=(), source=source)
    text = yield from _within(_iter_read_text(path), 0.0, 0.1)
    if source.lower().endswith(".json") or _first_visible(text) == "{":
        return (yield from _within(_iter_session_text(text, source), 0.1, 1.0))
    return (yield from _within(_iter_csv_text(text, source, slice_rows), 0.1, 1.0))


def _first_visible(text: str) -> str:
    """The first character of ``text.lstrip()`` ('' if none), without copying all of it."""
    step = 4096
    for a in range(0, len(text), step):
        rest = text[a : a + step].lstrip()
        if rest:
            return rest[0]
    return ""


# --------------------------------------------------------------------------- CSV


def read_csv(path: _PathLike) -> Loaded:
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
    return parse_csv_text(_read_text(path), _source(path))


def write_csv(path: _PathLike, data: Dataset) -> None:
    """Write a data set as CSV (header ``x1,x2,y``, labels 1/-1), atomically.

    Coordinates are written with ``repr``, so reading the file back gives the
    same bits.

    Raises
    ------
    DataError
        When `data` has no points (such a file could not be read back) or the
        file cannot be written.
    """
    if data.n == 0:
        raise DataError("no points to write", _source(path))
    signs = np.where(data.labels > 0, "1", "-1").tolist()
    rows = map(
        "{!r},{!r},{}\n".format, data.points[:, 0].tolist(), data.points[:, 1].tolist(), signs
    )
    atomic_write_text(path, "x1,x2,y\n" + "".join(rows))


def _normalise_newlines(text: str) -> str:
    return exhaust(_iter_normalise_newlines(text))


def _iter_normalise_newlines(text: str) -> _Slices[str]:
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
    for sep in (";", ",", "\t"):
        if sep in line:
            return sep
    return None


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
    return exhaust(_iter_csv_text(text, source, _SLICE_ROWS))


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


def _iter_csv_text(text: str, source: str, slice_rows: int) -> _Slices[Loaded]:
    """`parse_csv_text` in slices of at most `slice_rows` lines, yielding progress."""
    norm = yield from _within(_iter_normalise_newlines(text), 0.0, 0.02)
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
    if not all(numeric):
        if len(head_fields) != 3:
            raise DataError(
                f"the header has {len(head_fields)} column(s); expected 3 (x1, x2, y)",
                source,
                head_no + 1,
            )
        if any(numeric):
            notes.append(f"line {head_no + 1} ({head.strip()!r}) was read as a header")
        after_header = next(content, None)
        if after_header is None:
            raise DataError("no points", source)
        data_first = after_header
    start, offset, first_data = data_first
    sep = _detect_sep(first_data)
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
    X = np.empty((newlines + 1, 2))
    y = np.empty(newlines + 1)
    n = 0
    seen = _LabelsSeen()
    done = 0.05
    for a, b, k in _iter_line_blocks(norm, offset, end, slice_rows, newlines):
        block = _iter_csv_block(norm, a, b, start + k, sep, source, seen)
        Xb, yb = yield from _within(block, done, done)
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
    norm: str, a: int, b: int, line0: int, sep: str | None, source: str, seen: _LabelsSeen
) -> _Slices[tuple[FloatArray, FloatArray]]:
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
            return np.zeros((0, 2)), np.zeros(0)
        parsed = yield from _iter_parse_fast(rows, rows.count("\n") + 1, sep)
    lines: list[str] | None = None
    if parsed is None:
        lines = block.split("\n")
        body = [s for s in map(str.strip, lines) if s and s[0] != "#"]
        if not body:
            return np.zeros((0, 2)), np.zeros(0)
        parsed = yield from _iter_parse_fast("\n".join(body), len(body), sep)
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
        X, y = _parse_slow(lines, i, sep, source, stop=i + _SLOW_LINES, base=line0, seen=seen)
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


def _rows_well_formed(joined: str, n: int, sep: str | None) -> bool:
    """Whether each of the `n` newline-separated rows has exactly 3 fields."""
    b = np.frombuffer(joined.encode("utf-8"), dtype=np.uint8)
    newlines = np.flatnonzero(b == 10)
    if sep is None:
        gap = (b == 32) | (b == 9) | (b == 10)
        starts = ~gap
        starts[1:] &= gap[:-1]
        marks = np.flatnonzero(starts)
        per_row = 3  # token starts per row
    else:
        marks = np.flatnonzero(b == ord(sep))
        per_row = 2  # separators per row
    if newlines.size != n - 1 or marks.size != per_row * n:
        return False
    # Row k holds marks per_row*k ... per_row*k + per_row-1: the last one before
    # newline k and the first one of row k+1 after it.
    return bool(
        np.all(marks[per_row - 1 :: per_row][: n - 1] < newlines)
        and np.all(marks[per_row::per_row] > newlines)
    )


def _parse_fast(joined: str, n: int, sep: str | None) -> tuple[FloatArray, FloatArray] | None:
    """Vectorised parse of `n` rows joined by newlines; None whenever anything is off.

    It accepts a subset of what `_parse_slow` accepts, with the same values
    (numpy converts strings with Python's own float()), so None only means
    "let the slow pass decide and name the line".
    """
    return exhaust(_iter_parse_fast(joined, n, sep))


def _iter_parse_fast(
    joined: str, n: int, sep: str | None
) -> _Slices[tuple[FloatArray, FloatArray] | None]:
    """`_parse_fast` with a slice break between splitting and converting."""
    tokens = _fast_tokens(joined, n, sep)
    if tokens is None:
        return None
    yield 0.0
    return _fast_values(tokens, n)


def _fast_tokens(joined: str, n: int, sep: str | None) -> list[str] | None:
    """The 3n fields of `n` well-formed rows joined by newlines, or None."""
    if n == 0 or not joined:
        return None
    if not _rows_well_formed(joined, n, sep):
        return None
    tokens = joined.split() if sep is None else joined.replace("\n", sep).split(sep)
    if len(tokens) != 3 * n:  # e.g. a Unicode space the byte check did not see
        return None
    return tokens


def _fast_values(tokens: list[str], n: int) -> tuple[FloatArray, FloatArray] | None:
    """The points and labels of the fields of `n` rows, or None if any is not acceptable."""
    try:
        values = np.array(tokens, dtype=np.float64).reshape(n, 3)
    except (ValueError, OverflowError):
        return None
    X = values[:, :2]
    y = values[:, 2]
    if not np.all(np.isfinite(X)) or np.any(np.abs(X) > MAX_ABS_COORD):
        return None
    pm = (y == 1.0) | (y == -1.0)
    if not np.all(pm):
        if not np.all((y == 1.0) | (y == 0.0)):
            return None
    return np.ascontiguousarray(X), np.ascontiguousarray(y)


def _coord(text: str, name: str, source: str, line: int) -> float:
    try:
        v = float(text)
    except ValueError:
        raise DataError(f"{name} is not a number: {text!r}", source, line) from None
    if math.isnan(v):
        raise DataError(f"{name} is not finite: {text}", source, line)
    if math.isinf(v):
        if text.lstrip("+-").lower() in ("inf", "infinity"):
            raise DataError(f"{name} is not finite: {text}", source, line)
        raise DataError(f"{name} = {text} overflows", source, line)
    if abs(v) > MAX_ABS_COORD:
        raise DataError(f"|{name}| = {abs(v)!r} is beyond {_LIMIT_TEXT}", source, line)
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
) -> tuple[FloatArray, FloatArray]:
    """Line by line, stopping at the first problem with its line number.

    Parses ``lines[start:stop]``; ``lines[i]`` is line ``base + i + 1`` of the
    file. `seen` carries the first 0 and -1 labels from earlier lines and is
    updated. May return no rows.
    """
    seen = _LabelsSeen() if seen is None else seen
    pts: list[tuple[float, float]] = []
    labels: list[float] = []
    first_zero = seen.zero  # line numbers of the first 0 and -1 labels
    first_minus = seen.minus
    for i in range(start, len(lines) if stop is None else min(stop, len(lines))):
        raw = lines[i]
        if not _is_content(raw):
            continue
        line = base + i + 1
        fields = _split(raw, sep)
        if len(fields) != 3:
            raise DataError(f"expected 3 values (x1, x2, y), found {len(fields)}", source, line)
        x1 = _coord(fields[0], "x1", source, line)
        x2 = _coord(fields[1], "x2", source, line)
        ytext = fields[2]
        try:
            lab = float(ytext)
        except ValueError:
            raise DataError(f"y is not a number: {ytext!r}", source, line) from None
        if lab == -1.0:
            first_minus = line if first_minus is None else first_minus
        elif lab == 0.0:
            first_zero = line if first_zero is None else first_zero
        elif lab != 1.0:
            raise DataError(
                f"y = {ytext} is not a label: labels are +1 and -1 (or 0 and 1)", source, line
            )
        if first_zero is not None and first_minus is not None:
            other = first_minus if lab == 0.0 else first_zero
            raise DataError(
                f"label {ytext} mixes 0/1 and -1/+1 labels (line {other} has "
                f"{'-1' if lab == 0.0 else '0'}); use one or the other",
                source,
                line,
            )
        pts.append((x1, x2))
        labels.append(lab)
    seen.see(first_zero, first_minus)
    return np.array(pts, dtype=np.float64).reshape(-1, 2), np.array(labels, dtype=np.float64)


# --------------------------------------------------------------------------- sessions


def read_session(path: _PathLike) -> Loaded:
    """Read a session file (points, labels, settings and view).

    Parameters
    ----------
    path
        The file; it is named as given in error messages.

    Returns
    -------
    Loaded

    Raises
    ------
    DataError
        When the file is not a valid session this version can read.
    """
    source = _source(path)
    return exhaust(guarded_slices(_iter_session_text(_read_text(path), source), source))


def write_session(
    path: _PathLike,
    data: Dataset,
    config: TrainConfig,
    view: dict[str, Any] | None = None,
    *,
    version: int | None = None,
) -> None:
    """Write a session file, atomically (safe to call from a worker thread).

    Below ``session_v2.LARGE_SESSION`` (10^4) points: version 1, plain JSON. From
    there on: version 2, a ``.npz`` (see `perceptron_gui.core.io.session_v2`), written by
    numpy in large buffers, so that a worker thread holds the GIL only briefly; every
    loader here reads both, whatever the file's name.

    Parameters
    ----------
    path
        The file.
    data
        The points and labels (may be empty).
    config
        The training settings.
    view
        JSON-able view settings of the window.
    version
        1 or 2 to choose the format; None: by the number of points.

    Raises
    ------
    TypeError, ValueError
        When `view` cannot be written as JSON (nothing is written then).
    DataError
        When the file cannot be written.
    """
    view = {} if view is None else view
    from perceptron_gui.core.io import session_v2  # imports this module

    if version is None:
        version = 2 if data.n >= session_v2.LARGE_SESSION else 1
    if version == 2:
        header = session_v2.header_text(data, config, view)
        atomic_write(path, lambda fh: session_v2.fill(fh, data, header))
        return
    if version != 1:
        raise ValueError(f"session version must be 1 or 2, not {version}")
    # Serialise everything before touching the disk, so a failure leaves the
    # old file as it was; allow_nan=False keeps the output valid JSON.
    settings = json.dumps(config.to_dict(), allow_nan=False)
    view_text = json.dumps(view, allow_nan=False, ensure_ascii=False)
    # One point per line: readable, and far smaller than json's indent=.
    points = ",\n    ".join(
        map("[{!r}, {!r}]".format, data.points[:, 0].tolist(), data.points[:, 1].tolist())
    )
    points_block = f"\n    {points}\n  " if points else ""
    labels = ", ".join(np.where(data.labels > 0, "1", "-1").tolist())
    text = (
        "{\n"
        f'  "format": {json.dumps(SESSION_FORMAT)},\n'
        f'  "version": {SESSION_VERSION},\n'
        f'  "checksum": "{session_v2.data_checksum(data.points, data.labels)}",\n'
        f'  "points": [{points_block}],\n'
        f'  "labels": [{labels}],\n'
        f'  "settings": {settings},\n'
        f'  "view": {view_text}\n'
        "}\n"
    )
    atomic_write_text(path, text)


class _NonFinite(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NonFinite(name)


def _type_name(v: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        type(None): "null",
    }.get(type(v), "a number")


def _short(v: Any) -> str:
    s = json.dumps(v) if not isinstance(v, float) else repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _check_finite(value: Any, where: str, source: str) -> None:
    """Refuse a float that overflowed to inf (e.g. 1e400) anywhere in a JSON value."""
    stack = [(value, where)]
    while stack:
        v, at = stack.pop()
        if isinstance(v, float) and not math.isfinite(v):
            raise DataError(f"{at} has a number too large for a float", source)
        if isinstance(v, dict):
            stack.extend((x, f"{at}.{k}") for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, f"{at}[{k}]") for k, x in enumerate(v))


_NUMBER_TYPES = {int, float}


def _iter_session_text(text: str, source: str) -> _Slices[Loaded]:
    """A session's JSON text read in slices, yielding progress.

    ``json.loads`` is one call, and so one slice, however long it takes; the
    checks of the points after it are sliced.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    yield 0.0
    try:
        doc = json.loads(text, parse_constant=_refuse_constant)
    except _NonFinite as exc:
        raise DataError(f"{exc} is not allowed: every number must be finite", source) from None
    except json.JSONDecodeError as exc:
        if not text[exc.pos :].strip():
            msg = f"the file ends too early (truncated?): {exc.msg}"
        else:
            msg = f"not valid JSON: {exc.msg} (column {exc.colno})"
        raise DataError(msg, source, exc.lineno) from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer with 5000 digits
        raise DataError(f"not valid JSON: {exc}", source) from None

    if not isinstance(doc, dict):
        raise DataError(
            f"not a perceptron-gui session: the file holds {_type_name(doc)}, not an object",
            source,
        )
    fmt = doc.get("format")
    if fmt != SESSION_FORMAT:
        what = 'has no "format"' if "format" not in doc else f"has format {_short(fmt)}"
        raise DataError(f"not a perceptron-gui session: the file {what}", source)
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise DataError(
            f'"version" must be a whole number >= 1, not {_short(version)}'
            if "version" in doc
            else '"version" is missing',
            source,
        )
    if version > SESSION_VERSION:
        raise DataError(
            f"written by a newer perceptron-gui (format version {version}); "
            f"this version reads up to {SESSION_VERSION}",
            source,
        )
    for key in ("points", "labels", "settings"):
        if key not in doc:
            raise DataError(f'"{key}" is missing', source)
    yield 0.8

    X = yield from _within(_iter_session_points(doc["points"], source), 0.8, 0.9)
    labels = _iter_session_labels(doc["labels"], X.shape[0], source)
    y, notes = yield from _within(labels, 0.9, 0.95)
    from perceptron_gui.core.io import session_v2

    session_v2.check_checksum(doc, X, y, source)
    # Freeing 10^6 little lists takes a while too: a slice at a time.
    for key in ("points", "labels"):
        items = doc[key]
        while items:
            del items[-_SESSION_POINTS:]
            yield 0.95

    settings = doc["settings"]
    if not isinstance(settings, dict):
        raise DataError(f'"settings" must be an object, not {_type_name(settings)}', source)
    _check_finite(settings, "settings", source)
    try:
        config = TrainConfig.from_dict(settings, source)
    except DataError as exc:
        raise DataError(f"settings: {exc.message}", source) from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"settings: {exc}", source) from None

    view = doc.get("view", {})
    if not isinstance(view, dict):
        raise DataError(f'"view" must be an object, not {_type_name(view)}', source)
    _check_finite(view, "view", source)

    data = make_dataset(X, y, source=source, allow_empty=True)
    return Loaded(data=data, config=config, view=view, notes=notes, source=source)


def _first_bad(items: Iterable[Any], ok: Any) -> int:
    return next(i for i, v in enumerate(items) if not ok(v))


def _is_pair(p: Any) -> bool:
    return type(p) is list and len(p) == 2 and all(type(v) in _NUMBER_TYPES for v in p)


def _iter_session_points(points: Any, source: str) -> _Slices[FloatArray]:
    """The points of a session as an (N, 2) array, checked `_SESSION_POINTS` at a time.

    The checks run in the same order over the whole list as they would in one
    go, so the first problem found is the same.
    """
    if not isinstance(points, list):
        raise DataError(
            f'"points" must be a list of [x1, x2] pairs, not {_type_name(points)}', source
        )
    n = len(points)
    step = _SESSION_POINTS
    # Whole-list checks at C speed; the per-item search runs only to name a bad one.
    for a in range(0, n, step):
        part = points[a : a + step]
        try:
            well_typed = (
                set(map(type, part)) <= {list}
                and set(map(len, part)) <= {2}
                and set(map(type, (v for p in part for v in p))) <= _NUMBER_TYPES
            )
        except TypeError:
            well_typed = False
        if not well_typed:
            i = a + _first_bad(part, _is_pair)
            raise DataError(f"points[{i}] is not a pair of numbers: {_short(points[i])}", source)
        yield 0.5 * min(a + step, n) / n
    X = np.empty((n, 2))
    for a in range(0, n, step):
        try:
            X[a : a + step] = np.array(points[a : a + step], dtype=np.float64).reshape(-1, 2)
        except OverflowError:
            i = yield from _first_huge(points, 0.5 + 0.5 * a / n)
            raise DataError(f"points[{i}] has a number too large for a float", source) from None
        yield 0.5 + 0.5 * min(a + step, n) / n
    if not np.all(np.isfinite(X)):
        # NaN/Infinity literals are refused by the parser: this is "1e400" overflowing.
        i = int(np.flatnonzero(~np.all(np.isfinite(X), axis=1))[0])
        raise DataError(f"points[{i}] has a number too large for a float", source)
    big = np.abs(X) > MAX_ABS_COORD
    if np.any(big):
        i, j = (int(k) for k in np.argwhere(big)[0])
        raise DataError(
            f"points[{i}]: |x{j + 1}| = {abs(float(X[i, j]))!r} is beyond {_LIMIT_TEXT}", source
        )
    return X


def _first_huge(points: list[Any], progress: float) -> _Slices[int]:
    """The index of the first pair with a coordinate beyond MAX_ABS_COORD, in slices."""
    step = _SESSION_POINTS
    for a in range(0, len(points), step):
        part = points[a : a + step]
        for i, p in enumerate(part):
            if not all(abs(v) <= MAX_ABS_COORD for v in p):
                return a + i
        yield progress
    raise AssertionError("a pair overflowed but none is beyond MAX_ABS_COORD")


def _iter_session_labels(
    labels: Any, n: int, source: str
) -> _Slices[tuple[FloatArray, tuple[str, ...]]]:
    """The labels of a session (±1) and the notes, checked in slices."""
    if not isinstance(labels, list):
        raise DataError(f'"labels" must be a list of numbers, not {_type_name(labels)}', source)
    step = 2 * _SESSION_POINTS
    total = len(labels)
    for a in range(0, total, step):
        part = labels[a : a + step]
        if not set(map(type, part)) <= _NUMBER_TYPES:
            i = a + _first_bad(part, lambda v: type(v) in _NUMBER_TYPES)
            raise DataError(f"labels[{i}] is not a number: {_short(labels[i])}", source)
        yield 0.5 * min(a + step, total) / total
    if total != n:
        raise DataError(f"{n} points but {total} labels", source)
    y = np.empty(total)
    for a in range(0, total, step):
        part = labels[a : a + step]
        try:
            y[a : a + step] = np.array(part, dtype=np.float64)
        except OverflowError:  # an integer too large for a float is no label either
            y[a : a + step] = np.array([v if abs(v) < 2 else 2.0 for v in part])
        yield 0.5 + 0.5 * min(a + step, total) / total
    pm = (y == 1.0) | (y == -1.0)
    if np.all(pm):
        return y, ()
    zero_one = (y == 1.0) | (y == 0.0)
    bad = ~(pm | zero_one)
    if np.any(bad):
        i = int(np.flatnonzero(bad)[0])
        raise DataError(
            f"labels[{i}] is {_short(labels[i])}: labels are +1 and -1 (or 0 and 1)", source
        )
    if not np.all(zero_one):
        i0 = int(np.flatnonzero(y == 0.0)[0])
        im = int(np.flatnonzero(y == -1.0)[0])
        raise DataError(
            f"labels mix 0/1 and -1/+1 (labels[{i0}] is 0, labels[{im}] is -1); "
            "use one or the other",
            source,
        )
    return np.where(y == 0.0, -1.0, 1.0), (NOTE_01_LABELS,)

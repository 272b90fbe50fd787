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
"""

from __future__ import annotations

import json
import math
import os
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset, FloatArray, make_dataset
from perceptron_gui.core.errors import DataError

__all__ = [
    "MAX_ROWS",
    "SESSION_FORMAT",
    "SESSION_VERSION",
    "Loaded",
    "atomic_write_text",
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
MAX_ROWS = 10_000_000

NOTE_01_LABELS = "labels 0/1 read as -1/+1"

_LIMIT_TEXT = f"{MAX_ABS_COORD:g}".replace("e+", "e")  # "1e150"
_PathLike = str | os.PathLike[str]


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


def _os_message(exc: OSError) -> str:
    # str(FileNotFoundError) repeats the file name, which the DataError already gives.
    if exc.errno is not None and exc.strerror:
        return f"[Errno {exc.errno}] {exc.strerror}"
    return str(exc)


def _read_text(path: _PathLike) -> str:
    """The file decoded as UTF-8 (a BOM dropped), or a DataError naming it."""
    source = _source(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise DataError(f"cannot read: {_os_message(exc)}", source) from None
    if b"\x00" in raw:
        raise DataError("not a text file", source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DataError("not a text file", source) from None


def atomic_write_text(path: _PathLike, text: str) -> None:
    """Write `text` (UTF-8) to `path` so that `path` is either the old or the new file.

    The text goes to a temporary file in the same folder, is flushed to disk,
    and then replaces `path` in one step; nothing is left behind on failure.

    Parameters
    ----------
    path
        The file to write.
    text
        Its new contents; newlines are written as they are.

    Raises
    ------
    DataError
        When the file cannot be written (the message gives the reason).
    """
    source = _source(path)
    target = os.path.abspath(path)
    folder, base = os.path.split(target)
    data = text.encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    tmp = ""
    try:
        for _ in range(100):
            tmp = os.path.join(folder, f".{base}.{secrets.token_hex(4)}.tmp")
            try:
                fd = os.open(tmp, flags, 0o666)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 collisions of 32 random bits
            raise FileExistsError(f"no free temporary name in {folder}")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            try:  # keep the permissions of a file we replace
                os.chmod(tmp, os.stat(target).st_mode & 0o7777)
            except OSError:
                pass
            os.replace(tmp, target)
            tmp = ""
        finally:
            if tmp:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
    except OSError as exc:
        raise DataError(f"cannot write: {_os_message(exc)}", source) from None
    _fsync_folder(folder)


def _fsync_folder(folder: str) -> None:
    # Makes the rename itself durable on POSIX; not possible (nor needed) everywhere.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
    """
    source = _source(path)
    text = _read_text(path)
    if source.lower().endswith(".json") or text.lstrip().startswith("{"):
        return _parse_session_text(text, source)
    return parse_csv_text(text, source)


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
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if "\n" not in text:  # classic Mac line ends
            text = text.replace("\r", "\n")
    return text


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
    norm = _normalise_newlines(text)
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
    body_text = norm[offset:]

    if body_text.count("\n") >= MAX_ROWS:  # perhaps too many: count exactly
        n_rows = sum(1 for ln in body_text.split("\n") if _is_content(ln))
        if n_rows > MAX_ROWS:
            raise DataError(
                f"too many rows: {n_rows:,} points; perceptron-gui reads at most {MAX_ROWS:,}",
                source,
            )

    parsed = None
    if "#" not in body_text:  # the common case: one block of rows, no line list needed
        block = body_text.strip()
        parsed = _parse_fast(block, block.count("\n") + 1, sep)
    if parsed is None:
        lines = norm.split("\n")
        body = [s for s in map(str.strip, lines[start:]) if s and s[0] != "#"]
        parsed = _parse_fast("\n".join(body), len(body), sep)
        if parsed is None:
            parsed = _parse_slow(lines, start, sep, source)
    X, y = parsed
    if not np.any(y < 0) and np.any(y == 0):
        y = np.where(y == 0, -1.0, 1.0)
        notes.append(NOTE_01_LABELS)
    data = make_dataset(X, y, source=source, allow_empty=False)
    return Loaded(data=data, config=None, view={}, notes=tuple(notes), source=source)


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
    if n == 0 or not joined:
        return None
    if not _rows_well_formed(joined, n, sep):
        return None
    tokens = joined.split() if sep is None else joined.replace("\n", sep).split(sep)
    if len(tokens) != 3 * n:  # e.g. a Unicode space the byte check did not see
        return None
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
    lines: list[str], start: int, sep: str | None, source: str
) -> tuple[FloatArray, FloatArray]:
    """Line by line, stopping at the first problem with its line number."""
    pts: list[tuple[float, float]] = []
    labels: list[float] = []
    first_zero: int | None = None  # line numbers of the first 0 and -1 labels
    first_minus: int | None = None
    for i in range(start, len(lines)):
        raw = lines[i]
        if not _is_content(raw):
            continue
        line = i + 1
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
    if not pts:
        raise DataError("no points", source)
    return np.array(pts, dtype=np.float64), np.array(labels, dtype=np.float64)


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
    return _parse_session_text(_read_text(path), _source(path))


def write_session(
    path: _PathLike, data: Dataset, config: TrainConfig, view: dict[str, Any] | None = None
) -> None:
    """Write a session file, atomically.

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

    Raises
    ------
    TypeError, ValueError
        When `view` cannot be written as JSON (nothing is written then).
    DataError
        When the file cannot be written.
    """
    view = {} if view is None else view
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


def _parse_session_text(text: str, source: str) -> Loaded:
    if text.startswith("\ufeff"):
        text = text[1:]
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

    X = _session_points(doc["points"], source)
    y, notes = _session_labels(doc["labels"], X.shape[0], source)

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


def _session_points(points: Any, source: str) -> FloatArray:
    if not isinstance(points, list):
        raise DataError(
            f'"points" must be a list of [x1, x2] pairs, not {_type_name(points)}', source
        )
    # Whole-list checks at C speed; the per-item search runs only to name a bad one.
    try:
        well_typed = (
            set(map(type, points)) <= {list}
            and set(map(len, points)) <= {2}
            and set(map(type, (v for p in points for v in p))) <= _NUMBER_TYPES
        )
    except TypeError:
        well_typed = False
    if not well_typed:
        i = _first_bad(points, _is_pair)
        raise DataError(f"points[{i}] is not a pair of numbers: {_short(points[i])}", source)
    try:
        X = np.array(points, dtype=np.float64).reshape(-1, 2)
    except OverflowError:
        i = _first_bad(points, lambda p: all(abs(v) <= MAX_ABS_COORD for v in p))
        raise DataError(f"points[{i}] has a number too large for a float", source) from None
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


def _session_labels(labels: Any, n: int, source: str) -> tuple[FloatArray, tuple[str, ...]]:
    if not isinstance(labels, list):
        raise DataError(f'"labels" must be a list of numbers, not {_type_name(labels)}', source)
    if not set(map(type, labels)) <= _NUMBER_TYPES:
        i = _first_bad(labels, lambda v: type(v) in _NUMBER_TYPES)
        raise DataError(f"labels[{i}] is not a number: {_short(labels[i])}", source)
    if len(labels) != n:
        raise DataError(f"{n} points but {len(labels)} labels", source)
    try:
        y = np.array(labels, dtype=np.float64)
    except OverflowError:
        y = np.array([v if abs(v) < 2 else 2.0 for v in labels], dtype=np.float64)
    y = y.reshape(-1)
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

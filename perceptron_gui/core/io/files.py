"""Reading a file the user chose, and what a file held.

Every problem with a file a user chose is a `DataError` that names the file and,
where there is one, the 1-based line, so the window and the command-line tool
can show it as it is. The text of a file is read here for every text format
(CSV, session version 1), refusing without reading on forever what cannot be a
data file; the formats' own modules parse it.

Reading is cut into slices for an event loop: a generator yields its progress
between slices and returns the result (`Slices`).
"""

from __future__ import annotations

import codecs
import os
import stat
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar, cast

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.slices import exhaust
from perceptron_gui.core.writer import os_message as _os_message
from perceptron_gui.core.writer import write_file, write_text

#: A file larger than this is refused while it is read (10^7 rows of full
#: 17-digit floats take about 0.45 GB); it also ends an endless pipe.
MAX_BYTES = 1 << 30

NOTE_01_LABELS = "labels 0/1 read as -1/+1"

LIMIT_TEXT = f"{MAX_ABS_COORD:g}".replace("e+", "e")  # "1e150"
PathLike = str | os.PathLike[str]

# Bytes read and decoded per slice.
_READ_BYTES = 1 << 23
# Text with no line break in this many bytes is no CSV file (and a session written by
# us has one point per line).
_LINE_BYTES = 1 << 23

_T = TypeVar("_T")
#: Work cut into slices: yields its progress (0..1) between them, returns the result.
Slices = Generator[float, None, _T]


def within(slices: Slices[_T], lo: float, hi: float) -> Slices[_T]:
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


def source_name(path: PathLike) -> str:
    return os.fspath(path)


def read_text(path: PathLike) -> str:
    """The file decoded as UTF-8 (a BOM dropped), or a DataError naming it."""
    return exhaust(iter_read_text(path))


def iter_read_text(path: PathLike) -> Slices[str]:
    """`read_text` in slices of `_READ_BYTES`, yielding the fraction read.

    Refuses, without reading on forever, what cannot be a data file: a device
    (``/dev/zero`` never ends), bytes that are not UTF-8 text, more than
    `MAX_BYTES`, and text with no line break in its first `_LINE_BYTES` bytes
    (unless it looks like JSON, which may be one long line).
    """
    source = source_name(path)
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
    return source.lower().endswith(".json") or first_visible("".join(parts)) == "{"


def atomic_write_text(path: PathLike, text: str) -> None:
    """Write `text` (UTF-8) with the one file writer, `perceptron_gui.core.writer.write_text`.

    A regular file is replaced atomically (temp + fsync + rename), a symbolic link's
    target is written (the link stays), a FIFO is written straight, ``-`` is stdout.

    Raises
    ------
    DataError
        When the file cannot be written (the message gives the reason).
    """
    write_text(path, text)


def atomic_write(path: PathLike, fill: Callable[[BinaryIO], object]) -> None:
    """Like `atomic_write_text`, with `fill` writing the contents to the open binary file.

    Raises
    ------
    DataError
        When the file cannot be written (nothing is left behind then).
    """
    write_file(path, fill)


def first_visible(text: str) -> str:
    """The first character of ``text.lstrip()`` ('' if none), without copying all of it."""
    step = 4096
    for a in range(0, len(text), step):
        rest = text[a : a + step].lstrip()
        if rest:
            return rest[0]
    return ""

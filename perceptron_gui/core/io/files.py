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
import dataclasses
import errno
import io
import os
import select
import stat
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar, cast

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.params import QT_TRANSLATE_NOOP
from perceptron_gui.core.slices import exhaust
from perceptron_gui.core.writer import os_message as _os_message
from perceptron_gui.core.writer import write_file, write_text

#: A file larger than this is refused while it is read (10^7 rows of full
#: 17-digit floats take about 0.45 GB); it also ends an endless pipe.
MAX_BYTES = 1 << 30

NOTE_01_LABELS = "labels 0/1 read as -1/+1"
#: A file whose points are all of one class (the note `one_class_note` gives).
NOTE_ONE_CLASS = {
    1: QT_TRANSLATE_NOOP("Core", "every label is +1: one class, nothing to separate"),
    -1: QT_TRANSLATE_NOOP("Core", "every label is -1: one class, nothing to separate"),
}
#: A number written with more characters than this is refused before it is converted
#: (a CSV cell of 10^6 digits; 17 significant digits and an exponent take 24).
MAX_NUMBER_CHARS = 100
#: Characters of a file's content a message quotes at most (escaped, see `excerpt`).
EXCERPT_CHARS = 24

LIMIT_TEXT = f"{MAX_ABS_COORD:g}".replace("e+", "e")  # "1e150"
PathLike = str | os.PathLike[str]

#: How long a reader waits for a writer to open a pipe (then it is refused).
PIPE_WAIT = 0.5
# The longest a read of a pipe waits for bytes before giving the event loop a turn.
_POLL_S = 0.05
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
    image_shape
        (rows, columns) when each point is an image of rows × columns pixels, row by row
        (the built-in digits: 8 × 8); None for other data.
    """

    data: Dataset
    config: TrainConfig | None
    view: dict[str, Any]
    notes: tuple[str, ...]
    source: str
    image_shape: tuple[int, int] | None = None


def source_name(path: PathLike) -> str:
    return os.fspath(path)


def bare(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` as it is when short and printable, else its `excerpt`."""
    return text if len(text) <= limit and text.isprintable() else excerpt(text, limit)


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` quoted for a message: at most `limit` characters, control characters escaped.

    ``'1,5'``; ``'11111111111111111111111…' (10,000 characters)``.
    """
    cut = text if len(text) <= limit else text[: limit - 1]
    shown = repr(cut)  # repr escapes every control character
    if len(text) <= limit:
        return shown
    return f"{shown[:-1]}…{shown[-1]} ({len(text):,} characters)"


def read_text(path: PathLike) -> str:
    """The file decoded as UTF-8 (a BOM dropped), or a DataError naming it."""
    return exhaust(iter_read_text(path))


class Input:
    """A file opened for reading, checked before a byte is read.

    A regular file of at most `MAX_BYTES`, or a pipe (a FIFO, ``<(...)``), which is
    read without blocking: each read waits at most `_POLL_S` for bytes (an event
    loop keeps turning) and a pipe nothing is written to within `PIPE_WAIT` is
    refused (well within the 1 s a refusal may take). A device, a socket or a
    folder is refused at once. Bytes looked at by `peek` (to tell the formats apart)
    are kept and read again, so a pipe is read exactly once, whole.
    """

    def __init__(self, path: PathLike, source: str | None = None) -> None:
        self.source = source_name(path) if source is None else source
        self._pending = b""
        self._eof = False
        self._writer_seen = False
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except ValueError:  # a NUL in the name
            raise DataError(
                "cannot read: the file name holds a NUL character", self.source
            ) from None
        except OSError as exc:
            raise DataError(f"cannot read: {_os_message(exc)}", self.source) from None
        self.fd = fd
        try:
            st = os.fstat(fd)
            self.regular = stat.S_ISREG(st.st_mode)
            self.pipe = stat.S_ISFIFO(st.st_mode)
            self.size = st.st_size if self.regular else 0
            if stat.S_ISDIR(st.st_mode):
                raise DataError(
                    f"cannot read: [Errno {errno.EISDIR}] {os.strerror(errno.EISDIR)}",
                    self.source,
                )
            if not (self.regular or self.pipe):
                raise DataError("not a regular file (a device?): not read", self.source)
            if self.size > MAX_BYTES:
                raise DataError(
                    f"{self.size:,} bytes: larger than {MAX_BYTES / 2**30:g} GiB, not read",
                    self.source,
                )
            if self.regular:
                os.set_blocking(fd, True)
        except BaseException:
            os.close(fd)
            raise

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> Input:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def chunks(self, most: int = _READ_BYTES) -> Generator[bytes | None, None, None]:
        """Pieces of at most `most` bytes until the end; None while a pipe has none yet."""
        if self._pending:
            head, self._pending = self._pending, b""
            yield head
        while not self._eof:
            piece = self._read(most)
            if piece:
                yield piece
            elif not self._eof:
                yield None

    def _read(self, most: int) -> bytes:
        try:
            if self.regular:
                piece = os.read(self.fd, most)
                self._eof = not piece
                return piece
            return self._read_pipe(most)
        except OSError as exc:
            raise DataError(f"cannot read: {_os_message(exc)}", self.source) from None

    def _read_pipe(self, most: int) -> bytes:
        if not hasattr(self, "_poll"):
            self._poll = select.poll()
            self._poll.register(self.fd, select.POLLIN | select.POLLHUP)
            self._since = time.monotonic()
        for _fd, event in self._poll.poll(int(_POLL_S * 1000)):
            if event & select.POLLHUP:  # a writer came and went: what it wrote ends here
                self._writer_seen = True
        parts: list[bytes] = []
        got = 0
        while got < most:
            try:
                piece = os.read(self.fd, min(most - got, 1 << 20))
            except BlockingIOError:  # a writer is there, with nothing to say yet
                self._writer_seen = True
                break
            if not piece:
                if self._writer_seen or got:
                    self._eof = True
                elif time.monotonic() - self._since > PIPE_WAIT:
                    raise DataError(
                        f"nothing was written to the pipe within {PIPE_WAIT:g} s", self.source
                    )
                break
            self._writer_seen = True
            parts.append(piece)
            got += len(piece)
        return b"".join(parts)

    def peek(self, n: int) -> Slices[bytes]:
        """The first `n` bytes (fewer at the end), kept to be read again."""
        while len(self._pending) < n and not self._eof:
            piece = self._read(n - len(self._pending))
            self._pending += piece
            if not piece and not self._eof:
                yield 0.0
        return self._pending[:n]

    def read_all(self) -> Slices[bytes]:
        """Everything (at most `MAX_BYTES`), yielding the fraction read."""
        parts: list[bytes] = []
        done = 0
        for piece in self.chunks():
            if piece:
                parts.append(piece)
                done += len(piece)
                if done > MAX_BYTES:
                    raise DataError(f"larger than {MAX_BYTES / 2**30:g} GiB", self.source)
            yield min(done / self.size, 1.0) if self.size else 0.0
        return b"".join(parts)

    def binary(self) -> Slices[BinaryIO]:
        """A seekable binary file of its contents (a pipe's are read into memory)."""
        if self.regular:
            f = os.fdopen(os.dup(self.fd), "rb")
            f.seek(0)
            return f
        return io.BytesIO((yield from self.read_all()))


def iter_read_text(path: PathLike | Input) -> Slices[str]:
    """`read_text` in slices of `_READ_BYTES`, yielding the fraction read.

    Refuses, without reading on forever, what cannot be a data file: a device
    (``/dev/zero`` never ends), bytes that are not UTF-8 text, more than
    `MAX_BYTES`, and text with no line break in its first `_LINE_BYTES` bytes
    (unless it looks like JSON, which may be one long line). A pipe is read
    without blocking (see `Input`).
    """
    if isinstance(path, Input):
        return (yield from _iter_text(path))
    with Input(path) as inp:
        return (yield from _iter_text(inp))


def _iter_text(inp: Input) -> Slices[str]:
    source = inp.source
    size = inp.size
    # A NUL byte or invalid UTF-8 anywhere gives the same message, so the
    # checks run piece by piece (the incremental decoder handles characters
    # split between pieces, and a BOM at the start only); reading stops at the
    # first piece that is not text.
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    parts: list[str] = []
    text_ok = True
    line_seen = False
    json_like: bool | None = None
    done = 0
    for raw in inp.chunks():
        if raw is None:
            yield min(done / size, 1.0) if size else 0.0
            continue
        if b"\x00" not in raw:
            try:
                parts.append(decoder.decode(raw))
            except UnicodeDecodeError:
                text_ok = False
        else:
            text_ok = False
        if not text_ok:
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
                    f"no line break in the first {_LINE_BYTES / 2**20:g} MiB: not a data file",
                    source,
                )
        yield min(done / size, 1.0) if size else 0.0
    if text_ok:
        try:
            parts.append(decoder.decode(b"", final=True))
        except UnicodeDecodeError:
            text_ok = False
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


def one_class_note(loaded: Loaded) -> Loaded:
    """`loaded` with a note when its points are all of one class (none otherwise).

    Such data open and run: any line with every point on its side is an answer, and the
    run stops after one update at most; but there is no second class, nothing to
    separate, and the user is told so (the window's message bar, the command line's
    stderr) rather than left to read a converged run and a bound as a lesson.
    """
    data = loaded.data
    if data.n == 0 or data.has_both_classes:
        return loaded
    note = NOTE_ONE_CLASS[1 if float(data.labels[0]) > 0 else -1]
    return dataclasses.replace(loaded, notes=(*loaded.notes, note))

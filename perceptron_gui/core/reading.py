"""One error format for every file the program reads: sessions, CSV files, lessons.

A reader raises `DataError` for what it recognises; `guarded` turns anything else that
escapes it (a `RecursionError` from a nested document, a `MemoryError`, an
`OverflowError`, a library's own exception) into the same one-line `DataError`
naming the file, so no caller ever sees a traceback for a bad file. `refuse` builds
the error with the optional place in the file (a line, a zip member, a key).

For a reader of another kind of file (e.g. lessons)::

    from perceptron_gui.core.reading import guarded, refuse

    def read_lesson(path):
        with guarded(path):
            ...
            raise refuse(path, "unknown step kind 'foo'", line=12)
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import TypeVar

from perceptron_gui.core.errors import DataError

__all__ = ["guarded", "guarded_slices", "one_line", "refuse"]

_T = TypeVar("_T")
# The longest message a reader gives (beyond it, it is cut).
_MESSAGE_CHARS = 400


def one_line(text: str, limit: int = 300) -> str:
    """`text` on one line (whitespace runs made one space), cut to `limit` characters."""
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 3] + "..."


def refuse(
    source: str | os.PathLike[str],
    message: str,
    *,
    line: int | None = None,
    member: str | None = None,
) -> DataError:
    """The `DataError` for a file that cannot be read: "<file>[, line L]: [member M: ]message"."""
    if member is not None:
        message = f"member {member}: {message}"
    return DataError(one_line(message), os.fspath(source), line)


def _why(exc: BaseException) -> str:
    if isinstance(exc, DataError):
        return exc.message
    if isinstance(exc, MemoryError):
        return "not enough memory to read it"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"cannot read it ({type(exc).__name__}{': ' + text if text else ''})"


@contextmanager
def guarded(source: str | os.PathLike[str]) -> Iterator[None]:
    """Inside: any exception but a `DataError` becomes a one-line `DataError` naming `source`."""
    try:
        yield
    except DataError as exc:
        if len(exc.message) <= _MESSAGE_CHARS and "\n" not in exc.message:
            raise
        # A message that quotes too much of the file: one line, cut.
        raise DataError(one_line(exc.message, _MESSAGE_CHARS), exc.source, exc.line) from None
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except Exception as exc:  # noqa: BLE001 - the point: nothing else escapes a reader
        raise refuse(source, _why(exc)) from None


def guarded_slices(
    slices: Generator[float, None, _T], source: str | os.PathLike[str]
) -> Generator[float, None, _T]:
    """`guarded` for a reader cut into slices (a generator yielding progress)."""
    while True:
        with guarded(source):
            try:
                f = next(slices)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
        yield f

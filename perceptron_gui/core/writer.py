"""The one file writer: every save, autosave and export goes through `write_file`.

What it promises, by what the name is:

* a regular file (or a name that does not exist yet): written **atomically**: the
  contents go to a temporary file in the same folder, are flushed to disk
  (``fsync``), and replace the file in one ``os.replace``; the folder is synced
  too. The file is either the old one or the new one, never half written, and a
  file that is replaced keeps its permissions;
* a symbolic link: the same for the file it points to; **the link stays a link**;
* anything else that exists (a FIFO, a terminal, a character device): written
  **straight** to it, opened for writing: nothing is renamed or replaced. A FIFO is
  streamed to once a reader has it open; with no reader within `READER_WAIT` (1 s)
  it is refused, so nothing waits on it for good. (The window writes only regular
  files: `write_file(..., straight=False)`.);
* a symbolic link that loops (or a chain too long to follow): refused, the link left
  as it is;
* ``-``: standard output.

The temporary files are named ``.<name>.<pid>-<8 hex>.tmp``: one left by a write
that was killed is recognised by `stale_temps` (its process is gone) and removed
by `remove_stale_temps`, which the window calls on its folder of state at start,
and which every write runs on the temporaries of the file it writes.

Every failure is a `DataError` naming the file ("cannot write: [Errno 13] ...").
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO

from perceptron_gui.core.errors import DataError

__all__ = [
    "STDOUT",
    "check_regular_target",
    "os_message",
    "remove_stale_temps",
    "stale_temps",
    "temp_name_for",
    "write_file",
    "write_text",
    "writing_to_name",
]

_PathLike = str | os.PathLike[str]

#: The name that means standard output.
STDOUT = "-"
#: How long a write to a FIFO waits for a reader before it is refused, in seconds.
READER_WAIT = 1.0

# ".<base>.<pid>-<hex>.tmp", and the older ".<base>.<hex>.tmp" (no pid) of earlier versions.
_TEMP = re.compile(r"^\.(?P<base>.+)\.(?:(?P<pid>\d+)-)?[0-9a-f]{8}\.tmp$")


def os_message(exc: OSError) -> str:
    """The system's reason, without the file name (the `DataError` names the file)."""
    # str(FileNotFoundError) repeats the file name, which the DataError already gives.
    if exc.errno is not None and exc.strerror:
        return f"[Errno {exc.errno}] {exc.strerror}"
    return str(exc)


def temp_name_for(target: str) -> str:
    """A fresh temporary name next to `target` (the pattern `stale_temps` recognises)."""
    folder, base = os.path.split(target)
    return os.path.join(folder, f".{base}.{os.getpid()}-{os.urandom(4).hex()}.tmp")


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # someone else's process: leave its file alone
    return True


def stale_temps(folder: _PathLike, base: str | None = None) -> list[str]:
    """Temporary files of interrupted writes in `folder` (of the file `base` only, if given).

    A temporary file is stale when its name follows the writer's pattern and the
    process that made it is gone (or the name is of the older kind, with no process).
    """
    found = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for e in entries:
        m = _TEMP.match(e.name)
        if m is None or (base is not None and m["base"] != base):
            continue
        pid = m["pid"]
        if pid is not None and _pid_alive(int(pid)):
            continue
        try:
            if not e.is_file(follow_symlinks=False):
                continue
        except OSError:
            continue
        found.append(e.path)
    return found


def remove_stale_temps(folder: _PathLike, base: str | None = None) -> list[str]:
    """Remove `stale_temps` (a convenience: failures are ignored); the paths removed."""
    removed = []
    for p in stale_temps(folder, base):
        try:
            os.unlink(p)
            removed.append(p)
        except OSError:
            pass
    return removed


def _resolve(path: _PathLike, source: str) -> str:
    """The file a write to `path` changes: symbolic links followed to their end."""
    target = os.path.abspath(path)
    if os.path.islink(target):
        try:
            return os.path.realpath(target, strict=True)
        except FileNotFoundError:  # a dangling link: its target is created
            return os.path.realpath(target)
        except OSError as exc:  # a loop (ELOOP): the link is left as it is
            raise DataError(f"cannot write: {os_message(exc)}", source) from None
    return target


def write_file(
    path: _PathLike,
    fill: Callable[[BinaryIO], object],
    *,
    straight: bool = True,
    dry_run: bool = False,
) -> None:
    """Write a file, with `fill` writing its contents to the open binary file.

    See the module's docstring for what happens with links, FIFOs and ``-``.
    When `fill` raises, the exception goes through unchanged and a regular file is
    left as it was. With `straight` False, a target that is not a regular file (a FIFO,
    a device, ``-``) is refused at once: what the window asks, so it never waits. With
    `dry_run`, only the checks (see `check_regular_target`).

    Raises
    ------
    DataError
        When the file cannot be written (naming it, with the system's reason).
    """
    try:
        source = os.fspath(path)
    except TypeError as exc:
        raise DataError(f"cannot write: {exc}", str(path)) from None
    if "\x00" in source:
        raise DataError("cannot write: the file name holds a NUL character", source)
    if not straight and source == STDOUT:
        raise DataError("cannot write: not a regular file (standard output)", source)
    if source == STDOUT:
        out = sys.stdout.buffer
        try:
            fill(out)
            out.flush()
        except OSError as exc:
            raise DataError(f"cannot write: {os_message(exc)}", "standard output") from None
        return
    target = _resolve(path, source)
    try:
        st: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:  # ELOOP, EACCES on the folder...: never replace what is there
        raise DataError(f"cannot write: {os_message(exc)}", source) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            raise DataError("cannot write: it is a folder", source)
        if not straight:
            kind = "a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device"
            raise DataError(f"cannot write: not a regular file ({kind})", source)
        if not dry_run:
            _write_straight(target, source, fill, fifo=stat.S_ISFIFO(st.st_mode))
        return
    if dry_run:
        return
    _write_atomic(target, source, fill, None if st is None else st.st_mode)


def check_regular_target(path: _PathLike) -> None:
    """Refuse at once what `write_file(..., straight=False)` refuses: a FIFO, a device, ``-``.

    For a caller that writes through another function (the window's saves and exports),
    so that it never waits on a FIFO. A name that does not exist yet passes.

    Raises
    ------
    DataError
        Naming the file.
    """
    write_file(path, _nothing, straight=False, dry_run=True)


def _nothing(fh: BinaryIO) -> None:
    pass


def _write_straight(
    target: str, source: str, fill: Callable[[BinaryIO], object], *, fifo: bool
) -> None:
    try:
        if fifo:
            fd = _open_fifo(target, source)
            os.set_blocking(fd, True)  # a reader is there: stream to it
            fh = os.fdopen(fd, "wb")
        else:
            fh = open(target, "wb")  # noqa: SIM115
        with fh:
            fill(fh)
    except OSError as exc:
        raise DataError(f"cannot write: {os_message(exc)}", source) from None


def _open_fifo(target: str, source: str) -> int:
    """The FIFO opened for writing once a reader has it open; refused after `READER_WAIT`."""
    end = time.monotonic() + READER_WAIT
    flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    while True:
        try:
            return os.open(target, flags)
        except OSError as exc:
            if exc.errno != errno.ENXIO:  # ENXIO: no reader yet
                raise
        if time.monotonic() >= end:
            raise DataError(
                f"cannot write: a FIFO that nobody reads (waited {READER_WAIT:g} s)", source
            )
        time.sleep(0.02)


def _write_atomic(
    target: str, source: str, fill: Callable[[BinaryIO], object], mode: int | None
) -> None:
    folder, base = os.path.split(target)
    remove_stale_temps(folder, base)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    tmp = ""
    try:
        for _ in range(100):
            tmp = temp_name_for(target)
            try:
                fd = os.open(tmp, flags, 0o666)
                break
            except FileExistsError:
                continue
        else:  # pragma: no cover - 100 collisions of 32 random bits
            raise FileExistsError(f"no free temporary name in {folder}")
        try:
            with os.fdopen(fd, "wb") as fh:
                fill(fh)
                fh.flush()
                os.fsync(fh.fileno())
            if mode is not None:  # keep the permissions of a file we replace
                try:
                    os.chmod(tmp, stat.S_IMODE(mode))
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
        raise DataError(f"cannot write: {os_message(exc)}", source) from None
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


def write_text(path: _PathLike, text: str, *, straight: bool = True) -> None:
    """`write_file` with `text` encoded as UTF-8 (newlines written as they are)."""
    data = text.encode("utf-8")
    write_file(path, lambda fh: fh.write(data), straight=straight)


@contextmanager
def writing_to_name(path: _PathLike, suffix: str = "") -> Iterator[str]:
    """For a writer that wants a file name (an image or video encoder): a temporary name.

    The block writes the file by that name; when it ends well, the contents go to
    `path` through `write_file` (so with the same promises), and the temporary
    file is removed either way.

    Raises
    ------
    DataError
        When `path` cannot be written.
    """
    fd, tmp = tempfile.mkstemp(prefix=".perceptron-gui-", suffix=suffix)
    os.close(fd)
    try:
        yield tmp
        with open(tmp, "rb") as src:
            write_file(path, lambda fh: shutil.copyfileobj(src, fh, 1 << 20))
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass

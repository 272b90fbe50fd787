"""PySide6's question to every module imported after it, answered without `inspect`.

PySide6 (since 6.4, PYSIDE-2029) hooks `import`: each module imported after PySide6 is
asked once whether it uses PySide (for its ``from __feature__ import snake_case``), by
``shibokensupport.feature._mod_uses_pyside``, which reads the module's whole source with
`inspect.getsource` (`linecache`: the encoding found by `tokenize`, the file split in
lines and kept for good) to look for "PySide6" in it. At this app's start that is ~450
modules and 60-100 ms of CPU, a tenth of the time to the first paint. `install()` puts in
its place `uses_pyside`: the same answer from the file's bytes, decoded only when they
hold the name.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from tokenize import detect_encoding

#: PySide6's own check, kept by `install()` for what `uses_pyside` does not read itself.
_original: Callable[[types.ModuleType], bool] | None = None


def uses_pyside(module: types.ModuleType) -> bool:
    """Whether `module`'s source says "PySide6", as PySide6's own check answers it.

    A module from a ``.py`` file: its bytes are searched (a source file's encoding is
    ASCII-compatible, so "PySide6" in the text is b"PySide6" in the bytes), and decoded as
    `inspect` would when they hold it (undecodable: no source, so False, as `inspect`'s
    OSError). Anything else (built-in, compiled, a zip, a file gone) goes to PySide6's own
    check.
    """
    path = getattr(module, "__file__", None)
    if _original is not None and not (isinstance(path, str) and path.endswith(".py")):
        return _original(module)
    try:
        with open(str(path), "rb", buffering=0) as fh:  # (one read of the whole file)
            data = fh.readall()
    except OSError:
        return _original(module) if _original is not None else False
    if b"PySide6" not in data:
        return False
    try:
        encoding, _ = detect_encoding(iter(_first_lines(data)).__next__)
        return "PySide6" in data.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return False


def _first_lines(data: bytes) -> Iterator[bytes]:
    """The first two lines of `data` as a binary file's `readline` gives them (to b"\n"):
    all that `detect_encoding` reads."""
    start = 0
    for _ in range(2):
        end = data.find(b"\n", start)
        if end < 0:
            yield data[start:]
            return
        yield data[start : end + 1]
        start = end + 1


def install() -> None:
    """Replace PySide6's check by `uses_pyside` (after PySide6's import; a PySide6 without
    the check is left as it is)."""
    global _original
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or check is None or check is uses_pyside:
        return
    _original = check
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]

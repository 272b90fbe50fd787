"""The core's `DataError` messages in the window's language.

The core writes its refusals in English and knows nothing of Qt. The window shows the
most common ones (no such file, not a number at line N, a bad label, the wrong number
of values, no points) in the current language, by the kind of error read from the
message; the others keep the core's English words inside a translated frame
("file, line N: …").
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.core.errors import DataError

__all__ = ["error_text"]

translate = QCoreApplication.translate

#: (the core's message as a pattern, its text with the pattern's groups as {0}, {1} …).
KINDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"cannot read: \[Errno 2\] .*"),
        QT_TRANSLATE_NOOP("DataError", "no such file"),
    ),
    (
        re.compile(r"cannot read: \[Errno 13\] .*"),
        QT_TRANSLATE_NOOP("DataError", "permission denied"),
    ),
    (
        re.compile(r"(x1|x2|y) is not a number: (.*)"),
        QT_TRANSLATE_NOOP("DataError", "{0} is not a number: {1}"),
    ),
    (
        re.compile(r"y = (.*) is not a label: labels are \+1 and -1 \(or 0 and 1\)"),
        QT_TRANSLATE_NOOP("DataError", "y = {0} is not a label: labels are +1 and −1 (or 0 and 1)"),
    ),
    (
        re.compile(r"expected 3 values \(x1, x2, y\), found (\d+)"),
        QT_TRANSLATE_NOOP("DataError", "expected 3 values (x1, x2, y), found {0}"),
    ),
    (re.compile(r"no points"), QT_TRANSLATE_NOOP("DataError", "no points")),
    (re.compile(r"not a text file"), QT_TRANSLATE_NOOP("DataError", "not a text file")),
)
#: Where the error is, around its message.
FRAME_LINE = QT_TRANSLATE_NOOP("DataError", "{source}, line {line}: {message}")
FRAME_SOURCE = QT_TRANSLATE_NOOP("DataError", "{source}: {message}")
FRAME_LINE_ONLY = QT_TRANSLATE_NOOP("DataError", "line {line}: {message}")


def message_text(message: str) -> str:
    """The core's message in the current language when it is of a known kind."""
    for pattern, text in KINDS:
        m = pattern.fullmatch(message)
        if m is not None:
            return translate("DataError", text).format(*m.groups())
    return message


def error_text(exc: DataError | Exception) -> str:
    """What a banner says of a refusal: ``str(exc)`` in English, translated otherwise."""
    if not isinstance(exc, DataError):
        return str(exc)
    message = message_text(exc.message)
    if exc.source is not None and exc.line is not None:
        frame = FRAME_LINE
    elif exc.source is not None:
        frame = FRAME_SOURCE
    elif exc.line is not None:
        frame = FRAME_LINE_ONLY
    else:
        return message
    return translate("DataError", frame).format(source=exc.source, line=exc.line, message=message)

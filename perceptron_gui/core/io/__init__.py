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

from perceptron_gui.core.io.csv_file import MAX_ROWS, parse_csv_text, read_csv, write_csv
from perceptron_gui.core.io.files import MAX_BYTES, Loaded, atomic_write, atomic_write_text
from perceptron_gui.core.io.load import iter_load_file, load_file
from perceptron_gui.core.io.session_v1 import (
    SESSION_FORMAT,
    SESSION_VERSION,
    read_session,
    write_session,
)

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

"""Reading and writing data sets: CSV files of points and session files, one module a format.

Every problem with a file a user chose is a `DataError` that names the file and,
where there is one, the 1-based line, so the window and the command-line tool
can show it as it is.

- `files`: reading a file the user chose as text, safely (devices, binaries, endless
  lines and huge files are refused); `Loaded`, what a file held; the writers.
- `csv_file`: CSV files of points ``x1, x2, y``.
- `session_v1`: session files version 1 (JSON); `write_session` picks the version.
- `session_v2`: session files version 2 (``.npz``), from 10^4 points on.
- `load`: `load_file` and `iter_load_file`, any of these told apart by its content.

Floats are written with ``repr`` (or as raw bits), so a round trip is bit-exact.
Callers import the names below from here.
"""

from __future__ import annotations

from perceptron_gui.core.io.csv_file import MAX_ROWS, parse_csv_text, read_csv, write_csv
from perceptron_gui.core.io.files import MAX_BYTES, Loaded, atomic_write, atomic_write_text
from perceptron_gui.core.io.load import iter_load_file, load_file
from perceptron_gui.core.io.session_v1 import SESSION_VERSION, read_session, write_session
from perceptron_gui.core.io.session_v2 import SESSION_FORMAT

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

"""Any data file: a session (version 1 or 2) or a CSV file, told apart by its content.

The file is opened once (`Input`): a device, a folder or a file over `MAX_BYTES` is
refused before reading, a pipe is read whole and exactly once (the first bytes, read
to tell the formats apart, are kept). The loaders recognise a version 2 session by its
first bytes and a version 1
session by a leading ``{`` (or the name ``*.json``), whatever the file's name.

`iter_load_file` reads a file in slices for an event loop: a generator that
yields its progress between slices (each some tens of ms for a 10^6-row CSV)
and returns the `Loaded`; `load_file` just runs it to the end.
"""

from __future__ import annotations

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import session_v2
from perceptron_gui.core.io.csv_file import SLICE_ROWS, iter_csv_text
from perceptron_gui.core.io.files import (
    Input,
    Loaded,
    PathLike,
    Slices,
    first_visible,
    iter_read_text,
    one_class_note,
    source_name,
    within,
)
from perceptron_gui.core.io.libsvm import iter_libsvm_text, looks_like_libsvm
from perceptron_gui.core.io.session_v1 import check_finite, iter_session_text
from perceptron_gui.core.reading import guarded_slices
from perceptron_gui.core.slices import exhaust


def load_file(
    path: PathLike, *, label_column: str | None = None, features: str | None = None
) -> Loaded:
    """Read a session (``*.json``, or any file starting with ``{``), a LIBSVM file
    (``label index:value ...``) or else a CSV file (``x1, …, xd, y``).

    Parameters
    ----------
    path
        The file.
    label_column, features
        A CSV file's label column and feature columns (header names or 1-based numbers;
        features a comma list with ranges, ``1-4``); a LIBSVM file's features (indices).
        None: the label last, every other column a feature.

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
    return exhaust(iter_load_file(path, label_column=label_column, features=features))


def iter_load_file(
    path: PathLike,
    *,
    slice_rows: int = SLICE_ROWS,
    label_column: str | None = None,
    features: str | None = None,
) -> Slices[Loaded]:
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
    source = source_name(path)
    # Whatever escapes the readers below (nesting, memory, a library's own error) is
    # still one line naming the file.
    job = _iter_load(path, source, slice_rows, label_column, features)
    return one_class_note((yield from guarded_slices(job, source)))


def _iter_load(
    path: PathLike,
    source: str,
    slice_rows: int,
    label_column: str | None = None,
    features: str | None = None,
) -> Slices[Loaded]:
    # One opening, checked before reading (a device, a folder, a huge file are refused);
    # the bytes that tell the formats apart are read once and kept, so a pipe is read whole.
    with Input(path, source) as inp:
        head = yield from inp.peek(len(session_v2.ZIP_MAGIC))
        if head == session_v2.ZIP_MAGIC:
            with (yield from inp.binary()) as fh:
                data, config, view = yield from session_v2.iter_read(fh, source)
            check_finite(view, "view", source)
            return Loaded(data=data, config=config, view=view, notes=(), source=source)
        text = yield from within(iter_read_text(inp), 0.0, 0.1)
    if source.lower().endswith(".json") or first_visible(text) == "{":
        return (yield from within(iter_session_text(text, source), 0.1, 1.0))
    first = next(
        (ln for ln in text.split("\n", 50)[:50] if ln.strip() and ln.strip()[0] != "#"), ""
    )
    if looks_like_libsvm(first):
        if label_column is not None:
            raise DataError(
                "a LIBSVM file has its label first: --label-column does not apply", source
            )
        return (yield from within(iter_libsvm_text(text, source, features), 0.1, 1.0))
    csv = iter_csv_text(text, source, slice_rows, label_column, features)
    return (yield from within(csv, 0.1, 1.0))

"""Session files version 1: plain JSON.

::

    {"format": "perceptron-gui-session", "version": 1,
     "points": [[x1, x2], ...], "labels": [1, -1, ...],
     "settings": {...TrainConfig.to_dict()...}, "view": {...}}

Floats are written with ``repr``, so a round trip is bit-exact. From 10^4 points on,
`write_session` writes version 2 instead: one ``.npz`` file with the same header (see
`perceptron_gui.core.io.session_v2`). Points of d != 2 features are written as version 3,
the same JSON with ``"dim": d`` and ``"points": [[x1, …, xd], ...]`` (versions 1 and 2
hold the plane's points and are still read).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any

import numpy as np

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import MAX_ABS_COORD, Dataset, FloatArray, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import session_v2
from perceptron_gui.core.io.files import (
    LIMIT_TEXT,
    NOTE_01_LABELS,
    Loaded,
    PathLike,
    Slices,
    atomic_write,
    atomic_write_text,
    read_text,
    source_name,
    within,
)
from perceptron_gui.core.io.session_v2 import SESSION_FORMAT
from perceptron_gui.core.reading import guarded_slices, one_line
from perceptron_gui.core.slices import exhaust

SESSION_VERSION = 1
#: The most points a session may hold (as a version 2 session and a CSV file).
MAX_POINTS = session_v2.MAX_POINTS
# Lists beyond the points' that the pre-count tolerates (settings' w0, lists in the view).
_LISTS_SLACK = 1000
#: The JSON session of points in R^d (d != 2): version 1 with ``"dim": d``.
SESSION_VERSION_D = 3
# Points per slice of a session's checks.
_SESSION_POINTS = 100_000


def read_session(path: PathLike) -> Loaded:
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
    source = source_name(path)
    return exhaust(guarded_slices(iter_session_text(read_text(path), source), source))


def write_session(
    path: PathLike,
    data: Dataset,
    config: TrainConfig,
    view: dict[str, Any] | None = None,
    *,
    version: int | None = None,
) -> None:
    """Write a session file, atomically (safe to call from a worker thread).

    Below ``session_v2.LARGE_SESSION`` (10^4) points: version 1, plain JSON. From
    there on: version 2, a ``.npz`` (see `perceptron_gui.core.io.session_v2`), written by
    numpy in large buffers, so that a worker thread holds the GIL only briefly; every
    loader here reads both, whatever the file's name.

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
    version
        1 or 2 to choose the format; None: by the number of points.

    Raises
    ------
    TypeError, ValueError
        When `view` cannot be written as JSON (nothing is written then).
    DataError
        When the file cannot be written.
    """
    view = {} if view is None else view
    if data.dim != 2:
        version = SESSION_VERSION_D  # the plane's formats hold 2 features
    elif version is None:
        version = 2 if data.n >= session_v2.LARGE_SESSION else 1
    if version == 2:
        header = session_v2.header_text(data, config, view)
        atomic_write(path, lambda fh: session_v2.fill(fh, data, header))
        return
    if version != 1 and not (version == SESSION_VERSION_D and data.dim != 2):
        # Version 3 is the R^d format: the plane's points are written as 1 or 2.
        raise ValueError(f"session version must be 1 or 2 for points in the plane, not {version}")
    # Serialise everything before touching the disk, so a failure leaves the
    # old file as it was; allow_nan=False keeps the output valid JSON.
    settings = json.dumps(config.to_dict(), allow_nan=False)
    view_text = json.dumps(view, allow_nan=False, ensure_ascii=False)
    # One point per line: readable, and far smaller than json's indent=.
    if version == 1:
        points = ",\n    ".join(
            map("[{!r}, {!r}]".format, data.points[:, 0].tolist(), data.points[:, 1].tolist())
        )
    else:
        points = ",\n    ".join("[" + ", ".join(map(repr, p)) + "]" for p in data.points.tolist())
    points_block = f"\n    {points}\n  " if points else ""
    labels = ", ".join(np.where(data.labels > 0, "1", "-1").tolist())
    text = (
        "{\n"
        f'  "format": {json.dumps(SESSION_FORMAT)},\n'
        f'  "version": {version},\n'
        + (f'  "dim": {data.dim},\n' if version == SESSION_VERSION_D else "")
        + f'  "checksum": "{session_v2.data_checksum(data.points, data.labels)}",\n'
        + f'  "settings_checksum": "{settings_checksum(config.to_dict())}",\n'
        f'  "points": [{points_block}],\n'
        f'  "labels": [{labels}],\n'
        f'  "settings": {settings},\n'
        f'  "view": {view_text}\n'
        "}\n"
    )
    atomic_write_text(path, text)


def settings_checksum(settings: dict[str, Any]) -> str:
    """The checksum of a version 1 session's settings: SHA-256 of their JSON, keys sorted.

    A changed setting (a bit flip, a hand edit) is refused, not run: the data's
    checksum covers the points and labels only.
    """
    import hashlib  # (here: a start with no session to read does not load it)

    text = json.dumps(settings, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_settings_checksum(doc: dict[str, Any], settings: dict[str, Any], source: str) -> None:
    if "settings_checksum" not in doc:
        return  # written before sessions carried one: the settings are checked one by one
    want = doc["settings_checksum"]
    if not isinstance(want, str) or not want.startswith("sha256:"):
        raise DataError('"settings_checksum" is not a "sha256:..." text', source)
    try:
        got = settings_checksum(settings)
    except (TypeError, ValueError):
        got = ""
    if got != want:
        raise DataError(
            "the settings do not match the file's settings checksum (changed or damaged)",
            source,
        )


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


def check_finite(value: Any, where: str, source: str) -> None:
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


def iter_session_text(text: str, source: str) -> Slices[Loaded]:
    """A session's JSON text read in slices, yielding progress.

    ``json.loads`` is one call, and so one slice, however long it takes; the
    checks of the points after it are sliced.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    yield 0.0
    # Every point is a [x1, x2] list: far more lists than the most points a session may
    # hold is refused before parsing (10^7 + 1 points took 152-244 s and 5.4 GB to refuse).
    if (
        text.count("[") > MAX_POINTS + _LISTS_SLACK
        or text.count(",") > 3 * MAX_POINTS + _LISTS_SLACK  # 2 a point, 1 a label
    ):
        raise DataError(
            f"more than {MAX_POINTS:,} points (lists); perceptron-gui reads at most {MAX_POINTS:,}",
            source,
        )
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
    except RecursionError as exc:  # "maximum recursion depth exceeded while decoding ..."
        raise DataError(f"not valid JSON: {one_line(str(exc), 120)}", source) from None
    except ValueError as exc:  # an integer of more than 4300 digits
        if "digits" in str(exc):
            msg = "not valid JSON: a whole number with more than 4300 digits"
        else:
            msg = f"not valid JSON: {one_line(str(exc), 120)}"
        raise DataError(msg, source) from None

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
    if version > SESSION_VERSION_D:
        raise DataError(
            f"written by a newer perceptron-gui (format version {version}); "
            f"this version reads up to {SESSION_VERSION_D}",
            source,
        )
    if version == 2:
        raise DataError("format version 2 is a .npz session, not JSON", source)
    dim = 2
    if version == SESSION_VERSION_D:
        given = doc.get("dim")
        if type(given) is not int or given < 1:
            raise DataError(f'"dim" must be a whole number >= 1, not {_short(given)}', source)
        dim = given
    for key in ("points", "labels", "settings"):
        if key not in doc:
            raise DataError(f'"{key}" is missing', source)
    yield 0.8

    X = yield from within(_iter_session_points(doc["points"], source, dim), 0.8, 0.9)
    labels = _iter_session_labels(doc["labels"], X.shape[0], source)
    y, notes = yield from within(labels, 0.9, 0.95)
    session_v2.check_checksum(doc, X, y, source)
    # Freeing 10^6 little lists takes a while too: a slice at a time.
    for key in ("points", "labels"):
        items = doc[key]
        while items:
            del items[-_SESSION_POINTS:]
            yield 0.95

    settings = doc["settings"]
    if not isinstance(settings, dict):
        raise DataError(f'"settings" must be an object, not {_type_name(settings)}', source)
    check_finite(settings, "settings", source)
    _check_settings_checksum(doc, settings, source)
    config = session_v2.config_from(settings, source)

    view = doc.get("view", {})
    if not isinstance(view, dict):
        raise DataError(f'"view" must be an object, not {_type_name(view)}', source)
    check_finite(view, "view", source)
    # As a version 2 session's header: settings and view of at most 16 MiB.
    extra = len(json.dumps({"settings": settings, "view": view}, ensure_ascii=False))
    if extra > session_v2.HEADER_MAX:
        raise DataError(
            f"settings and view of {extra:,} characters; a session's have at most "
            f"{session_v2.HEADER_MAX >> 20} MiB",
            source,
        )

    data = make_dataset(X, y, source=source, allow_empty=True)
    return Loaded(data=data, config=config, view=view, notes=notes, source=source)


def _first_bad(items: Iterable[Any], ok: Any) -> int:
    return next(i for i, v in enumerate(items) if not ok(v))


def _is_pair(p: Any, dim: int = 2) -> bool:
    return type(p) is list and len(p) == dim and all(type(v) in _NUMBER_TYPES for v in p)


def _iter_session_points(points: Any, source: str, dim: int = 2) -> Slices[FloatArray]:
    """The points of a session as an (N, dim) array, checked `_SESSION_POINTS` at a time.

    The checks run in the same order over the whole list as they would in one
    go, so the first problem found is the same.
    """
    if not isinstance(points, list):
        raise DataError(
            f'"points" must be a list of [x1, x2] pairs, not {_type_name(points)}', source
        )
    n = len(points)
    if n > MAX_POINTS:
        raise DataError(
            f"{n:,} points; perceptron-gui reads at most {MAX_POINTS:,}",
            source,
        )
    step = _SESSION_POINTS
    # Whole-list checks at C speed; the per-item search runs only to name a bad one.
    for a in range(0, n, step):
        part = points[a : a + step]
        try:
            well_typed = (
                set(map(type, part)) <= {list}
                and set(map(len, part)) <= {dim}
                and set(map(type, (v for p in part for v in p))) <= _NUMBER_TYPES
            )
        except TypeError:
            well_typed = False
        if not well_typed:
            i = a + _first_bad(part, lambda p: _is_pair(p, dim))
            what = "a pair of numbers" if dim == 2 else f"a list of {dim} numbers"
            raise DataError(f"points[{i}] is not {what}: {_short(points[i])}", source)
        yield 0.5 * min(a + step, n) / n
    X = np.empty((n, dim))
    for a in range(0, n, step):
        try:
            X[a : a + step] = np.array(points[a : a + step], dtype=np.float64).reshape(-1, dim)
        except OverflowError:
            i = yield from _first_huge(points, 0.5 + 0.5 * a / n)
            raise DataError(f"points[{i}] has a number too large for a float", source) from None
        yield 0.5 + 0.5 * min(a + step, n) / n
    if not np.all(np.isfinite(X)):
        # NaN/Infinity literals are refused by the parser: this is "1e400" overflowing.
        i = int(np.flatnonzero(~np.all(np.isfinite(X), axis=1))[0])
        raise DataError(f"points[{i}] has a number too large for a float", source)
    big = np.abs(X) > MAX_ABS_COORD
    if np.any(big):
        i, j = (int(k) for k in np.argwhere(big)[0])
        raise DataError(
            f"points[{i}]: |x{j + 1}| = {abs(float(X[i, j]))!r} is beyond {LIMIT_TEXT}", source
        )
    return X


def _first_huge(points: list[Any], progress: float) -> Slices[int]:
    """The index of the first pair with a coordinate beyond MAX_ABS_COORD, in slices."""
    step = _SESSION_POINTS
    for a in range(0, len(points), step):
        part = points[a : a + step]
        for i, p in enumerate(part):
            if not all(abs(v) <= MAX_ABS_COORD for v in p):
                return a + i
        yield progress
    raise AssertionError("a pair overflowed but none is beyond MAX_ABS_COORD")


def _iter_session_labels(
    labels: Any, n: int, source: str
) -> Slices[tuple[FloatArray, tuple[str, ...]]]:
    """The labels of a session (±1) and the notes, checked in slices."""
    if not isinstance(labels, list):
        raise DataError(f'"labels" must be a list of numbers, not {_type_name(labels)}', source)
    step = 2 * _SESSION_POINTS
    total = len(labels)
    for a in range(0, total, step):
        part = labels[a : a + step]
        if not set(map(type, part)) <= _NUMBER_TYPES:
            i = a + _first_bad(part, lambda v: type(v) in _NUMBER_TYPES)
            raise DataError(f"labels[{i}] is not a number: {_short(labels[i])}", source)
        yield 0.5 * min(a + step, total) / total
    if total != n:
        raise DataError(f"{n} points but {total} labels", source)
    y = np.empty(total)
    for a in range(0, total, step):
        part = labels[a : a + step]
        try:
            y[a : a + step] = np.array(part, dtype=np.float64)
        except OverflowError:  # an integer too large for a float is no label either
            y[a : a + step] = np.array([v if abs(v) < 2 else 2.0 for v in part])
        yield 0.5 + 0.5 * min(a + step, total) / total
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

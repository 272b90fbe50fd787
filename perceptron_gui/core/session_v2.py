"""Session files version 2: large sessions as one ``.npz`` file (a zip of numpy arrays).

Version 1 (plain JSON, see `perceptron_gui.core.io`) writes every coordinate as text:
readable, but 10⁶ points take about a second of ``repr`` and ``json.loads`` each way,
all of it holding the GIL. Version 2, used from `LARGE_SESSION` points on, stores

* ``header``: a 0-d unicode array holding the JSON object
  ``{"format": "perceptron-gui-session", "version": 2, "n": N, "settings": {...},
  "view": {...}}`` (the same settings and view as version 1);
* ``points``: float64, shape (N, 2), the raw bits (so a round trip is exact);
* ``labels``: int8, shape (N,), every entry -1 or +1.

The zip is uncompressed (``np.savez``), and every member carries a CRC-32 that is
checked on reading, so a damaged or truncated file is refused, never half read. The
file is written like every other one: to a temporary file, flushed to disk, then put
in place with one ``os.replace`` (`perceptron_gui.core.io.atomic_write`).

Writing is numpy's and zlib's work on whole buffers (both release the GIL for large
ones), so it can run in a worker thread without stalling the window for long.
"""

from __future__ import annotations

import json
import os
import zipfile
import zlib
from collections.abc import Generator
from typing import Any, BinaryIO

import numpy as np

from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError

SESSION_FORMAT = "perceptron-gui-session"
VERSION = 2
#: From this many points on, `perceptron_gui.core.io.write_session` writes version 2.
LARGE_SESSION = 10_000
ZIP_MAGIC = b"PK\x03\x04"
_MEMBERS = ("header.npy", "points.npy", "labels.npy")
_DAMAGED = "damaged session file (version 2)"


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed: every number must be finite")


def is_v2(path: str | os.PathLike[str]) -> bool:
    """True when the file starts like a zip (a version-2 session); False if unreadable."""
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == ZIP_MAGIC
    except OSError:
        return False  # the text reader reports the error as it always has


def header_text(data: Dataset, config: TrainConfig, view: dict[str, Any]) -> str:
    """The JSON header (raises TypeError/ValueError when `view` is not JSON-able)."""
    doc = {
        "format": SESSION_FORMAT,
        "version": VERSION,
        "n": data.n,
        "settings": config.to_dict(),
        "view": view,
    }
    return json.dumps(doc, allow_nan=False, ensure_ascii=False)


def fill(fh: BinaryIO, data: Dataset, header: str) -> None:
    """Write the ``.npz`` of a session to the open binary file `fh`."""
    labels = np.where(data.labels > 0, 1, -1).astype(np.int8)
    points = np.ascontiguousarray(data.points, dtype=np.float64)
    np.savez(fh, header=np.array(header), points=points, labels=labels)


def iter_read(
    path: str | os.PathLike[str], source: str
) -> Generator[float, None, tuple[Dataset, TrainConfig, dict[str, Any]]]:
    """Read a version-2 session: yields progress, returns (data, settings, view).

    Raises
    ------
    DataError
        Naming the file, when it is damaged, truncated or not a valid session.
    """
    yield 0.0
    try:
        # Our own handle: np.load leaves its file open when the zip is unreadable.
        with open(path, "rb") as fh, np.load(fh, allow_pickle=False) as npz:
            names = set(npz.files)
            missing = [m[:-4] for m in _MEMBERS if m[:-4] not in names]
            if missing:
                raise DataError(f"{_DAMAGED}: no {', '.join(missing)} in it", source)
            head = npz["header"]
            yield 0.1
            points = npz["points"]
            yield 0.7
            labels = npz["labels"]
    except DataError:
        raise
    except (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile, zlib.error) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"{_DAMAGED}: {reason}", source) from None
    yield 0.8
    if head.dtype.kind != "U" or head.shape != ():
        raise DataError(f"{_DAMAGED}: the header is not a text", source)
    try:
        doc = json.loads(str(head[()]), parse_constant=_refuse_constant)
    except ValueError as exc:
        raise DataError(f"{_DAMAGED}: header is not valid JSON: {exc}", source) from None
    if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT:
        raise DataError("not a perceptron-gui session: the header has no such format", source)
    if doc.get("version") != VERSION:
        raise DataError(f'"version" {doc.get("version")!r} in a version-2 file', source)
    n = doc.get("n")
    if type(n) is not int or n < 0:
        raise DataError('damaged session file: "n" is not a count', source)
    if points.dtype != np.float64 or points.shape != (n, 2):
        raise DataError(
            f"{_DAMAGED}: points are {points.dtype} {points.shape}, not float64 ({n}, 2)",
            source,
        )
    if labels.dtype != np.int8 or labels.shape != (n,):
        raise DataError(
            f"{_DAMAGED}: labels are {labels.dtype} {labels.shape}, not int8 ({n},)",
            source,
        )
    bad = (labels != 1) & (labels != -1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise DataError(f"labels[{i}] is {int(labels[i])}: labels are +1 and -1", source)
    settings, view = doc.get("settings"), doc.get("view", {})
    if not isinstance(settings, dict):
        raise DataError('"settings" must be an object', source)
    if not isinstance(view, dict):
        raise DataError('"view" must be an object', source)
    try:
        config = TrainConfig.from_dict(settings, source)
    except DataError as exc:
        raise DataError(f"settings: {exc.message}", source) from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"settings: {exc}", source) from None
    yield 0.9
    data = make_dataset(points, labels.astype(np.float64), source=source, allow_empty=True)
    return data, config, view

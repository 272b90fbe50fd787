"""Session files version 2: large sessions as one ``.npz`` file (a zip of numpy arrays).

Version 1 (plain JSON, see `perceptron_gui.core.io.session_v1`) writes every coordinate as text:
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

import ast
import json
import os
import struct
import zipfile
import zlib
from collections.abc import Iterator
from typing import Any, BinaryIO

import numpy as np

from perceptron_gui.core import limits
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.files import Slices, within
from perceptron_gui.core.reading import refuse

SESSION_FORMAT = "perceptron-gui-session"
VERSION = 2
#: From this many points on, `perceptron_gui.core.io.session_v1.write_session` writes version 2.
LARGE_SESSION = 10_000
ZIP_MAGIC = b"PK\x03\x04"
_MEMBERS = ("header.npy", "points.npy", "labels.npy")
_DAMAGED = "damaged session file (version 2)"
#: The most points a session may hold (as many as a CSV file may have rows).
MAX_POINTS = limits.MAX_POINTS
#: Bytes of the header member (its JSON holds settings and view); version 1 has the same.
HEADER_MAX = 16 << 20
_HEADER_MAX = HEADER_MAX
_NPY_HEADER_MAX = 1 << 16
_PIECE = 1 << 23  # bytes read per slice


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
        "checksum": data_checksum(data.points, data.labels),
        "settings": config.to_dict(),
        "view": view,
    }
    return json.dumps(doc, allow_nan=False, ensure_ascii=False)


def fill(fh: BinaryIO, data: Dataset, header: str) -> None:
    """Write the ``.npz`` of a session to the open binary file `fh`."""
    labels = np.where(data.labels > 0, 1, -1).astype(np.int8)
    points = np.ascontiguousarray(data.points, dtype=np.float64)
    np.savez(fh, header=np.array(header), points=points, labels=labels)


def data_checksum(points: np.ndarray, labels: np.ndarray) -> str:
    """The checksum a session carries: SHA-256 of the points (float64, little-endian, row
    by row) and then the labels (int8, -1/+1), as ``"sha256:<hex>"``. Both versions use it."""
    import hashlib  # (here: a start with no session to read or write does not load it)

    h = hashlib.sha256()
    h.update(np.ascontiguousarray(points, dtype="<f8").reshape(-1).view(np.uint8).data)
    h.update(np.where(np.asarray(labels) > 0, 1, -1).astype(np.int8).view(np.uint8).data)
    return "sha256:" + h.hexdigest()


def check_checksum(
    doc: dict[str, Any], points: np.ndarray, labels: np.ndarray, source: str
) -> None:
    """Refuse when the session's ``"checksum"`` (if it has one) differs from its data's."""
    if "checksum" not in doc:
        return  # written before sessions carried one
    want = doc["checksum"]
    if not isinstance(want, str) or not want.startswith("sha256:"):
        raise DataError('"checksum" is not a "sha256:..." text', source)
    if data_checksum(points, labels) != want:
        raise DataError(
            "the points or labels do not match the file's checksum (changed or damaged)",
            source,
        )


def _npy_header(
    fh: BinaryIO, member: str, source: str
) -> tuple[np.dtype[Any], tuple[int, ...], int]:
    """The dtype, shape and header length of the ``.npy`` that `fh` starts with."""
    head = fh.read(8)
    if len(head) < 8 or head[:6] != b"\x93NUMPY":
        raise refuse(source, "not a .npy array (bad magic)", member=member)
    major = head[6]
    if major == 1:
        size_bytes, fmt = 2, "<H"
    elif major in (2, 3):
        size_bytes, fmt = 4, "<I"
    else:
        raise refuse(source, f".npy format version {major} is unknown", member=member)
    raw = fh.read(size_bytes)
    if len(raw) < size_bytes:
        raise refuse(source, "the .npy header is cut short", member=member)
    (hlen,) = struct.unpack(fmt, raw)
    if hlen > _NPY_HEADER_MAX:
        raise refuse(source, f"a .npy header of {hlen} bytes", member=member)
    text = fh.read(hlen)
    if len(text) < hlen:
        raise refuse(source, "the .npy header is cut short", member=member)
    try:
        d = ast.literal_eval(text.decode("latin1" if major < 3 else "utf-8"))
        if not isinstance(d, dict) or set(d) != {"descr", "fortran_order", "shape"}:
            raise ValueError
        dtype = np.dtype(np.lib.format.descr_to_dtype(d["descr"]))
        shape = d["shape"]
        if not isinstance(shape, tuple) or not all(type(k) is int and k >= 0 for k in shape):
            raise ValueError
        if d["fortran_order"] is not False:
            raise ValueError
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise refuse(source, "the .npy header cannot be read", member=member) from None
    return dtype, shape, 8 + size_bytes + hlen


def _member_info(zf: zipfile.ZipFile, source: str) -> dict[str, zipfile.ZipInfo]:
    """The three members, after the zip directory's checks (nothing decompressed yet)."""
    infos: dict[str, zipfile.ZipInfo] = {}
    for info in zf.infolist():
        name = info.filename
        if name not in _MEMBERS:
            raise refuse(source, f"{_DAMAGED}: a foreign member {name!r} is in it")
        if name in infos:
            raise refuse(source, f"{_DAMAGED}: the member {name} is in it twice")
        if info.flag_bits & 0x1:
            raise refuse(source, f"{_DAMAGED}: the member {name} is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise refuse(
                source,
                f"{_DAMAGED}: the member {name} uses compression method "
                f"{info.compress_type} (only stored or deflated are read)",
            )
        infos[name] = info
    missing = [m[:-4] for m in _MEMBERS if m not in infos]
    if missing:
        raise DataError(f"{_DAMAGED}: no {', '.join(missing)} in it", source)
    if infos["header.npy"].file_size > _HEADER_MAX:
        raise refuse(source, f"{_DAMAGED}: a header of {infos['header.npy'].file_size:,} bytes")
    return infos


def _read_exact(fh: BinaryIO, out: np.ndarray, member: str, source: str) -> Iterator[float]:
    """Fill `out` from `fh` in pieces, yielding the fraction read; then the member must end."""
    buf = out.reshape(-1).view(np.uint8).data
    total = len(buf)
    done = 0
    while done < total:
        k = fh.readinto(buf[done : done + _PIECE])  # type: ignore[attr-defined]
        if not k:
            raise refuse(source, f"{_DAMAGED}: the array is cut short", member=member)
        done += k
        yield done / total
    if fh.read(1):  # also makes the zip check the member's CRC-32
        raise refuse(source, f"{_DAMAGED}: more bytes than the array holds", member=member)


def _read_array(
    zf: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    dtype: str,
    shape: tuple[int, ...],
    source: str,
) -> Slices[np.ndarray]:
    """The member as an array of `dtype` and `shape`, checked before anything is allocated."""
    name = info.filename
    want = np.dtype(dtype)
    nbytes = want.itemsize * int(np.prod(shape, dtype=np.int64))
    if not nbytes <= info.file_size <= nbytes + 8 + 4 + _NPY_HEADER_MAX:
        raise refuse(
            source,
            f"{_DAMAGED}: {info.file_size:,} bytes, but the header's {shape[0]:,} points "
            f"need {nbytes:,} bytes of data",
            member=name,
        )
    with zf.open(info) as fh:
        got, got_shape, hlen = _npy_header(fh, name, source)  # type: ignore[arg-type]
        if got != want or got_shape != shape:
            raise refuse(
                source,
                f"{_DAMAGED}: {got} {got_shape}, not {want} {shape} as the header says",
                member=name,
            )
        if info.file_size != hlen + nbytes:
            raise refuse(source, f"{_DAMAGED}: its size disagrees with its shape", member=name)
        out = np.empty(shape, dtype=want)
        yield from _read_exact(fh, out, name, source)  # type: ignore[arg-type]
    return out


def iter_read(
    path: str | os.PathLike[str] | BinaryIO, source: str
) -> Slices[tuple[Dataset, TrainConfig, dict[str, Any]]]:
    """Read a version-2 session: yields progress, returns (data, settings, view).

    Everything is checked before it is decompressed or allocated: the zip directory
    (the three members once each, stored or deflated, not encrypted, the header's
    size), then the header's point count against `MAX_POINTS`, then each array's
    ``.npy`` header and size against that count. So a zip bomb or an absurd claim is
    refused in milliseconds, in bounded memory. The members' CRC-32 and the header's
    checksum (when it has one) are checked after reading.

    Raises
    ------
    DataError
        Naming the file, when it is damaged, truncated or not a valid session.
    """
    yield 0.0
    try:
        # Our own handle: the zip module leaves nothing open when it refuses the file.
        raw_file = open(path, "rb") if isinstance(path, str | os.PathLike) else path  # noqa: SIM115
        with raw_file as raw, zipfile.ZipFile(raw) as zf:
            infos = _member_info(zf, source)
            with zf.open(infos["header.npy"]) as fh:
                hd, hshape, _hlen = _npy_header(fh, "header.npy", source)  # type: ignore[arg-type]
                if hd.kind != "U" or hshape != ():
                    raise DataError(f"{_DAMAGED}: the header is not a text", source)
                body = fh.read(_HEADER_MAX)
                if fh.read(1) or len(body) != hd.itemsize:
                    raise DataError(f"{_DAMAGED}: the header's size disagrees", source)
            head = str(np.frombuffer(body, dtype=hd, count=1)[0])
            doc = _header_doc(head, source)
            n = doc["n"]
            yield 0.1
            points = yield from within(
                _read_array(zf, infos["points.npy"], "<f8", (n, 2), source), 0.1, 0.7
            )
            labels = yield from within(
                _read_array(zf, infos["labels.npy"], "|i1", (n,), source), 0.7, 0.8
            )
    except DataError:
        raise
    except (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile, zlib.error) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"{_DAMAGED}: {reason}", source) from None
    yield 0.8
    bad = (labels != 1) & (labels != -1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise DataError(f"labels[{i}] is {int(labels[i])}: labels are +1 and -1", source)
    check_checksum(doc, points, labels, source)
    settings, view = doc.get("settings"), doc.get("view", {})
    if not isinstance(settings, dict):
        raise DataError('"settings" must be an object', source)
    if not isinstance(view, dict):
        raise DataError('"view" must be an object', source)
    config = config_from(settings, source)
    yield 0.9
    data = make_dataset(points, labels.astype(np.float64), source=source, allow_empty=True)
    return data, config, view


def config_from(settings: dict[str, Any], source: str) -> TrainConfig:
    """A session's settings as a `TrainConfig` (both versions), or a DataError naming `source`."""
    try:
        return TrainConfig.from_dict(settings, source)
    except DataError as exc:
        raise DataError(f"settings: {exc.message}", source) from None
    except (TypeError, ValueError) as exc:
        raise DataError(f"settings: {exc}", source) from None


def _header_doc(head: str, source: str) -> dict[str, Any]:
    """The header's JSON object, with its format, version and point count checked."""
    try:
        doc = json.loads(head, parse_constant=_refuse_constant)
    except RecursionError:
        raise DataError(f"{_DAMAGED}: the header is nested too deeply", source) from None
    except ValueError as exc:
        raise DataError(f"{_DAMAGED}: header is not valid JSON: {exc}", source) from None
    if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT:
        raise DataError("not a perceptron-gui session: the header has no such format", source)
    if doc.get("version") != VERSION:
        raise DataError(f'"version" {doc.get("version")!r} in a version-2 file', source)
    n = doc.get("n")
    if type(n) is not int or n < 0:
        raise DataError('damaged session file: "n" is not a count', source)
    if n > MAX_POINTS:
        raise DataError(
            f"the header claims {n:,} points; perceptron-gui reads at most {MAX_POINTS:,}",
            source,
        )
    return doc

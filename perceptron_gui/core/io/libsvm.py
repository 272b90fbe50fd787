"""LIBSVM / svmlight files: one point a line, ``label index:value index:value ...``.

The format of the LIBSVM data sets (and scikit-learn's ``load_svmlight_file``): indices
are 1-based and increasing, a missing index is the value 0, ``#`` starts a comment. The
number of features d is the largest index in the file (``--features`` may pick some:
``1-4``, ``2,5``). Labels are +1/-1 (``+1`` too) or 0/1, read as -1/+1 with a note.
"""

from __future__ import annotations

import math

import numpy as np

from perceptron_gui.core.dataset import MAX_ABS_COORD, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.csv_file import resolve_columns
from perceptron_gui.core.io.files import LIMIT_TEXT, NOTE_01_LABELS, Loaded, Slices
from perceptron_gui.core.limits import MAX_POINTS

# Lines parsed between two yields.
_SLICE = 5_000


def looks_like_libsvm(line: str) -> bool:
    """True when a content line reads ``label i:v ...`` (at least one ``i:v`` pair)."""
    fields = line.split("#", 1)[0].split()
    if len(fields) < 2 or ":" in fields[0]:
        return False
    return all(":" in f and f.split(":", 1)[0].isdigit() for f in fields[1:])


def iter_libsvm_text(text: str, source: str, features: str | None = None) -> Slices[Loaded]:
    """Parse a LIBSVM file's text; errors name the 1-based line and what was expected."""
    rows: list[dict[int, float]] = []
    labels: list[float] = []
    first_zero = first_minus = None
    width = 0
    lines = text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
    for no, raw in enumerate(lines, start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        fields = body.split()
        try:
            lab = float(fields[0])
        except ValueError:
            raise DataError(
                f"the label {fields[0]!r} is not a number (expected 'label index:value ...')",
                source,
                no,
            ) from None
        if lab == 0.0:
            first_zero = first_zero or no
        elif lab == -1.0:
            first_minus = first_minus or no
        elif lab != 1.0:
            raise DataError(
                f"label {fields[0]} is not +1/-1 or 0/1 (a multi-class file: keep two "
                "classes and relabel them)",
                source,
                no,
            )
        if first_zero and first_minus:
            raise DataError(
                f"labels mix 0/1 (line {first_zero}) and -1/+1 (line {first_minus})",
                source,
                max(first_zero, first_minus),
            )
        row: dict[int, float] = {}
        last = 0
        for f in fields[1:]:
            idx_text, colon, val_text = f.partition(":")
            if not colon or not idx_text.isdigit() or int(idx_text) < 1:
                raise DataError(
                    f"{f!r} is not index:value with an index >= 1 (expected "
                    "'label index:value ...')",
                    source,
                    no,
                )
            idx = int(idx_text)
            if idx <= last:
                raise DataError(
                    f"index {idx} after {last}: indices must increase along a line", source, no
                )
            last = idx
            try:
                v = float(val_text)
            except ValueError:
                raise DataError(f"x{idx} is not a number: {val_text!r}", source, no) from None
            if not math.isfinite(v) or abs(v) > MAX_ABS_COORD:
                raise DataError(f"x{idx} = {val_text} is not a finite number within {LIMIT_TEXT}",
                                source, no)  # fmt: skip
            row[idx] = v
        width = max(width, last)
        rows.append(row)
        labels.append(lab)
        if len(rows) > MAX_POINTS:
            raise DataError(f"too many rows: perceptron-gui reads at most {MAX_POINTS:,}", source)
        if len(rows) % _SLICE == 0:
            yield min(0.9, no / max(len(lines), 1))
    if not rows:
        raise DataError("no points", source)
    if width == 0:
        raise DataError("no feature has a value (every line is a label alone)", source)
    X = np.zeros((len(rows), width))
    for r, row in enumerate(rows):
        for idx, v in row.items():
            X[r, idx - 1] = v
    notes: list[str] = []
    if features is not None:
        cols = resolve_columns(None, width + 1, None, features, source)
        X = X[:, list(cols.keep)]
    y = np.array(labels)
    if first_zero and not first_minus:
        y = np.where(y == 0.0, -1.0, 1.0)
        notes.append(NOTE_01_LABELS)
    data = make_dataset(X, y, source=source, allow_empty=False)
    return Loaded(data=data, config=None, view={}, notes=tuple(notes), source=source)

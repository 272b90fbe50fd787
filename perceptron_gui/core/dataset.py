"""A labelled data set in R^d (d >= 1; the window draws d = 2), validated once so that
nothing downstream checks again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.errors import DataError

FloatArray = npt.NDArray[np.float64]

# Beyond this magnitude squared norms and Gram entries overflow float64
# (1e154² ≈ 1e308); refusing early keeps every later number finite.
MAX_ABS_COORD = 1e150


@dataclass(frozen=True, eq=False)
class Dataset:
    """N points in R^d with labels ±1 (d = 2: the plane the window draws).

    Attributes
    ----------
    points
        Read-only float64 array of shape (N, d), d >= 1.
    labels
        Read-only float64 array of shape (N,), every entry -1.0 or +1.0.
    """

    points: FloatArray
    labels: FloatArray

    @property
    def n(self) -> int:
        """The number of points."""
        return int(self.points.shape[0])

    @property
    def dim(self) -> int:
        """The number of features d (columns of `points`)."""
        return int(self.points.shape[1])

    def __len__(self) -> int:
        return self.n

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dataset):
            return NotImplemented
        return bool(
            np.array_equal(self.points, other.points) and np.array_equal(self.labels, other.labels)
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def has_both_classes(self) -> bool:
        """True when there is at least one +1 and one -1 point."""
        return bool(np.any(self.labels > 0) and np.any(self.labels < 0))


def make_dataset(
    points: Any,
    labels: Any,
    *,
    source: str | None = None,
    allow_empty: bool = True,
) -> Dataset:
    """Validate and freeze points and labels.

    Parameters
    ----------
    points
        Anything numpy can turn into an (N, d) float array, d >= 1 (empty: (0, 2)).
    labels
        N labels, each -1 or +1 (0/1 labels are not converted here: file
        readers do that and say so).
    source
        Named in error messages.
    allow_empty
        Whether N = 0 is accepted (the window starts empty; files may not be).

    Raises
    ------
    DataError
        On a wrong shape, a non-finite or overflowing value, or a label that is not ±1.
    """
    try:
        X = np.array(points, dtype=np.float64, copy=True)
        y = np.array(labels, dtype=np.float64, copy=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise DataError(f"not numbers: {exc}", source) from None
    if X.size == 0 and (X.ndim < 2 or X.shape[-1] == 0):
        X = X.reshape(0, 2)
    if X.ndim != 2 or X.shape[1] < 1:
        raise DataError(
            f"points must be a table of N rows and d >= 1 columns (x1 … xd), got shape {X.shape}",
            source,
        )
    y = y.reshape(-1)
    if y.shape[0] != X.shape[0]:
        raise DataError(f"{X.shape[0]} points but {y.shape[0]} labels", source)
    if X.shape[0] == 0 and not allow_empty:
        raise DataError("no points", source)
    bad = ~np.isfinite(X)
    if bad.any():
        i = int(np.argwhere(bad)[0][0])
        raise DataError(
            f"point {i} has a value that is not a finite number: {X[i].tolist()}", source
        )
    big = np.abs(X) > MAX_ABS_COORD
    if big.any():
        i = int(np.argwhere(big)[0][0])
        raise DataError(
            f"point {i} has a coordinate beyond ±{MAX_ABS_COORD:g}: {X[i].tolist()}", source
        )
    badl = (y != 1.0) & (y != -1.0)
    if badl.any():
        i = int(np.flatnonzero(badl)[0])
        raise DataError(f"point {i} has label {y[i]:g}; labels must be +1 or -1", source)
    X.setflags(write=False)
    y.setflags(write=False)
    return Dataset(X, y)


def empty_dataset() -> Dataset:
    """A data set with no points."""
    return make_dataset(np.zeros((0, 2)), np.zeros(0))

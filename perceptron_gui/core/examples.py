"""Built-in real data in R^d: the classic first data sets of a perceptron lecture.

Both ship with the package, with their source and licence in the files' first lines;
nothing is downloaded and no other package is needed to read them.

- ``iris``: Iris setosa (+1) against Iris versicolor (-1), 100 flowers, 4 features in
  cm (R. A. Fisher, 1936; UCI Machine Learning Repository, CC BY 4.0):
  ``data/iris_setosa_versicolor.csv``. Separable.
- ``digits`` or ``digits:A:B``: two classes of the 8×8 handwritten digits, 64 features
  (grey levels 0-16, row by row), digit A as +1 and digit B as -1 (default 0 against 1)
  (E. Alpaydin and C. Kaynak, 1998, UCI "Optical Recognition of Handwritten Digits",
  CC BY 4.0): ``data/digits.csv.gz``, the 1797 images of the UCI test set as
  scikit-learn ships them (``sklearn.datasets.load_digits``, byte for byte the same
  numbers; tests/test_dimensions_io.py checks it where scikit-learn is installed). Each
  point is an image: `Loaded.image_shape` is (8, 8).

`perceptron trace builtin:iris`, `perceptron experiment builtin:digits:3:8`,
`perceptron-gui builtin:digits`, File ▸ Examples in the window and
``load_example("iris")`` read them.
"""

from __future__ import annotations

import gzip
import io
from importlib import resources

import numpy as np

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.csv_file import parse_csv_text
from perceptron_gui.core.io.files import Loaded

#: The names `load_example` knows, with a line each.
EXAMPLES = {
    "iris": "Iris setosa (+1) vs versicolor (-1): 100 flowers, 4 features (Fisher 1936)",
    "digits": "8×8 handwritten digits, two classes (default 0 vs 1), 64 features "
    "(Alpaydin and Kaynak 1998)",
}
PREFIX = "builtin:"
#: Where each data set comes from and under which licence (said when it opens).
IRIS_SOURCE = (
    "Iris: R. A. Fisher (1936), UCI Machine Learning Repository, doi:10.24432/C56C76, CC BY 4.0"
)
DIGITS_SOURCE = (
    "E. Alpaydin and C. Kaynak (1998), Optical Recognition of Handwritten Digits, UCI "
    "Machine Learning Repository, doi:10.24432/C50P49, CC BY 4.0"
)
#: The digits' images: rows × columns.
DIGITS_SHAPE = (8, 8)


def is_builtin(name: object) -> bool:
    """True for a name `load_example` reads (``builtin:…``)."""
    return isinstance(name, str) and name.startswith(PREFIX)


def digits_table() -> tuple[np.ndarray, np.ndarray]:
    """All 1797 digits: the images (shape (1797, 64), grey levels 0-16 as float64, row by
    row) and the digit each shows (0-9)."""
    raw = resources.files("perceptron_gui").joinpath("data", "digits.csv.gz").read_bytes()
    text = gzip.decompress(raw).decode("utf-8")
    header = text.index("\nx1,")  # after the lines of source and licence
    body = text[text.index("\n", header + 1) + 1 :]
    table = np.loadtxt(io.StringIO(body), delimiter=",", dtype=np.float64, ndmin=2)
    return table[:, :-1], table[:, -1].astype(np.int64)


def load_example(name: str) -> Loaded:
    """A built-in data set by name: ``iris``, ``digits`` or ``digits:A:B`` (digit A is +1,
    digit B is -1), with or without ``builtin:`` in front.

    Raises
    ------
    DataError
        For an unknown name or a bad pair of digits.
    """
    key = name.removeprefix(PREFIX)
    source = PREFIX + key
    if key == "iris":
        text = (
            resources.files("perceptron_gui")
            .joinpath("data", "iris_setosa_versicolor.csv")
            .read_text("utf-8")
        )
        loaded = parse_csv_text(text, source)
        return Loaded(data=loaded.data, config=None, view={}, notes=(IRIS_SOURCE,), source=source)
    if key == "digits" or key.startswith("digits:"):
        parts = key.split(":")[1:] or ["0", "1"]
        if len(parts) != 2 or not all(len(p) == 1 and p in "0123456789" for p in parts):
            raise DataError("digits takes two digits: builtin:digits:A:B (A is +1, B is -1)")
        a, b = int(parts[0]), int(parts[1])
        if a == b:
            raise DataError("builtin:digits:A:B needs two different digits")
        X_all, target = digits_table()
        keep = (target == a) | (target == b)
        y = np.where(target[keep] == a, 1.0, -1.0)
        from perceptron_gui.core.dataset import make_dataset

        return Loaded(
            data=make_dataset(X_all[keep], y, source=source),
            config=None,
            view={},
            notes=(f"digits {a} (+1) vs {b} (-1): 8×8 images, 64 features; {DIGITS_SOURCE}",),
            source=source,
            image_shape=DIGITS_SHAPE,
        )
    known = ", ".join(PREFIX + k for k in EXAMPLES)
    raise DataError(f"no built-in data set {name!r}; there are {known} (and digits:A:B)")

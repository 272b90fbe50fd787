"""Built-in real data in R^d: the classic first data sets of a perceptron lecture.

- ``iris``: Iris setosa (+1) against Iris versicolor (-1), 100 flowers, 4 features in
  cm (R. A. Fisher, 1936, via the UCI Machine Learning Repository; public domain). The
  100 rows ship with the package (``data/iris_setosa_versicolor.csv``). Separable.
- ``digits``: two classes of scikit-learn's 8×8 handwritten digits (64 features, grey
  levels 0-16; E. Alpaydin and C. Kaynak, UCI "Optical Recognition of Handwritten
  Digits"), by default 0 (+1) against 1 (-1). Loaded from an installed scikit-learn
  (its copy, under its BSD-3 licence); without scikit-learn a clear message says so (no
  copy ships here: the data stay with their distributor, and nothing is downloaded).

`perceptron trace builtin:iris`, `perceptron experiment builtin:digits:3:8` and
``load_example("iris")`` read them.
"""

from __future__ import annotations

from importlib import resources

import numpy as np

from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.csv_file import parse_csv_text
from perceptron_gui.core.io.files import Loaded

#: The names `load_example` knows, with a line each.
EXAMPLES = {
    "iris": "Iris setosa (+1) vs versicolor (-1): 100 flowers, 4 features (Fisher 1936)",
    "digits": "8×8 handwritten digits, two classes (default 0 vs 1), 64 features "
    "(UCI, via scikit-learn)",
}
PREFIX = "builtin:"


def load_example(name: str) -> Loaded:
    """A built-in data set by name: ``iris``, ``digits`` or ``digits:A:B`` (digit A is +1,
    digit B is -1).

    Raises
    ------
    DataError
        For an unknown name, or digits without scikit-learn installed.
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
        return Loaded(
            data=loaded.data,
            config=None,
            view={},
            notes=("Iris: Fisher (1936), UCI Machine Learning Repository (public domain)",),
            source=source,
        )
    if key == "digits" or key.startswith("digits:"):
        parts = key.split(":")[1:] or ["0", "1"]
        if len(parts) != 2 or not all(p in "0123456789" and len(p) == 1 for p in parts):
            raise DataError("digits takes two digits: builtin:digits:A:B (A is +1, B is -1)")
        a, b = int(parts[0]), int(parts[1])
        if a == b:
            raise DataError("builtin:digits:A:B needs two different digits")
        try:
            from sklearn.datasets import load_digits  # type: ignore[import-untyped]
        except ImportError:
            raise DataError(
                "the digits come from scikit-learn's copy: pip install scikit-learn "
                "(nothing is downloaded)",
                source,
            ) from None
        digits = load_digits()
        target = np.asarray(digits.target)
        keep = (target == a) | (target == b)
        X = np.asarray(digits.data, dtype=np.float64)[keep]
        y = np.where(target[keep] == a, 1.0, -1.0)
        from perceptron_gui.core.dataset import make_dataset

        return Loaded(
            data=make_dataset(X, y, source=source),
            config=None,
            view={},
            notes=(
                f"digits {a} (+1) vs {b} (-1): 8×8 images, 64 features; UCI Optical "
                "Recognition of Handwritten Digits, via scikit-learn (BSD-3)",
            ),
            source=source,
        )
    known = ", ".join(PREFIX + k for k in EXAMPLES)
    raise DataError(f"no built-in data set {name!r}; there are {known} (and digits:A:B)")

"""A whole script that trains, as a process: `train()` against scikit-learn's Perceptron.

Each run is a fresh Python process that makes 10⁵ noisy points (10 % of the labels
flipped) and trains the primal perceptron, cyclic order, for 10 epochs: once with
`perceptron_gui.core.train` (which loads the compiled loop from numba's disk cache for a
job this big) and once with `sklearn.linear_model.Perceptron` (the same epochs, no
shuffle). Prints the medians of the whole process and of the call itself, their ratio,
and whether w and b have the same bits. The first run warms numba's cache (a first
compile takes some seconds once per machine).

Then the command line on the same points written to a CSV file: `perceptron trace FILE
--max-epochs 10` against a script that loads the file with numpy and fits scikit-learn's
Perceptron, both as whole processes, the runs alternating.

    python scripts/bench_train.py            # 5 processes each
    python scripts/bench_train.py --quick    # a smoke run (used by the tests)

The smoke run makes one process, the command line's; the Python snippets run in this
process (their code and the parsing of their answers, without two more starts of
scikit-learn).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SETUP = """
import time
t0 = time.perf_counter()
import numpy as np
rng = np.random.default_rng(0)
n = {n}
X = rng.normal(size=(n, 2))
y = np.where(X[:, 0] + 0.5 * X[:, 1] > 0, 1, -1)
y[rng.random(n) < 0.1] *= -1
"""

OURS = (
    SETUP
    + """
from perceptron_gui.core import train
t1 = time.perf_counter()
r = train(X, y, order="cyclic", max_epochs={epochs})
t2 = time.perf_counter()
print(t2 - t1, r.w[0].hex(), r.w[1].hex(), r.b.hex())
"""
)

THEIRS = (
    SETUP
    + """
from sklearn.linear_model import Perceptron
t1 = time.perf_counter()
p = Perceptron(penalty=None, eta0=1.0, shuffle=False, tol=None, max_iter={epochs})
p.fit(X, y)
t2 = time.perf_counter()
w = p.coef_[0]
print(t2 - t1, float(w[0]).hex(), float(w[1]).hex(), float(p.intercept_[0]).hex())
"""
)


SKLEARN_ONE_LINER = """
import numpy as np
from sklearn.linear_model import Perceptron
d = np.loadtxt({path!r}, delimiter=",", skiprows=1)
p = Perceptron(penalty=None, eta0=1.0, shuffle=False, tol=None, max_iter={epochs})
p.fit(d[:, :2], d[:, 2])
print(float(p.coef_[0][0]).hex(), float(p.coef_[0][1]).hex(), float(p.intercept_[0]).hex())
"""


def process(args: list[str], fresh: bool = True) -> tuple[float, str]:
    """Run a Python process with the checkout's package; its wall time and stdout.

    `fresh` False runs a ``-c`` code in this process instead (the smoke run).
    """
    if not fresh and args[0] == "-c":
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))  # the checkout's package, as PYTHONPATH below
        out = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # as -W ignore
            exec(args[1], {"__name__": "__main__"})
        return time.perf_counter() - t0, out.getvalue()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-W", "ignore", *args],
        capture_output=True, text=True, env=env, check=True,
    ).stdout  # fmt: skip
    return time.perf_counter() - t0, out


def run(code: str, fresh: bool = True) -> tuple[float, float, tuple[str, ...]]:
    whole, out = process(["-c", code], fresh)
    words = out.split()
    return whole, float(words[0]), tuple(words[1:])


def compare_trace(n: int, epochs: int, reps: int, fresh: bool = True) -> None:
    """`perceptron trace` on a CSV file against numpy's loadtxt + scikit-learn's fit
    (`fresh` False: the latter in this process)."""
    ns: dict[str, object] = {}
    exec(SETUP.format(n=n), ns)  # the same points as the scripts above
    X, y = ns["X"], ns["y"]
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "noisy.csv")
        with open(path, "w", encoding="utf-8") as f:
            f.write("x1,x2,y\n")
            rows = zip(X.tolist(), y.tolist(), strict=True)
            f.writelines(f"{a!r},{b!r},{c}\n" for (a, b), c in rows)
        cli = ["-m", "perceptron_gui.cli", "trace", path, "--max-epochs", str(epochs), "--json"]
        theirs_code = SKLEARN_ONE_LINER.format(path=path, epochs=epochs)
        ours, theirs = [], []
        for _ in range(reps):  # alternating, so a drift of the machine hits both
            ours.append(process(cli))
            theirs.append(process(["-c", theirs_code], fresh))
    o = statistics.median(t for t, _ in ours)
    t = statistics.median(t for t, _ in theirs)
    ratios = statistics.median(a / b for (a, _), (b, _) in zip(ours, theirs, strict=True))
    answer = json.loads(ours[0][1])
    same = (
        tuple(float(v).hex() for v in (*answer["w"], answer["b"]))
        == tuple(theirs[0][1].split())
    )  # fmt: skip
    print()
    print(f"perceptron trace, N = {n:,} noisy, --max-epochs {epochs}, medians of {reps} processes")
    print("| | whole process (s) |")
    print("|---|---:|")
    print(f"| perceptron trace | {o:.2f} |")
    print(f"| numpy loadtxt + scikit-learn Perceptron | {t:.2f} |")
    print(f"| ours / scikit-learn (median of the pairs) | {ratios:.2f} |")
    print(f"same w, b bits: {'yes' if same else 'no'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small smoke run")
    args = parser.parse_args()
    n, epochs, reps = (2000, 2, 1) if args.quick else (100_000, 10, 5)
    if not args.quick:
        run(OURS.format(n=n, epochs=epochs))  # numba's cache, once
    fresh = not args.quick
    ours = [run(OURS.format(n=n, epochs=epochs), fresh) for _ in range(reps)]
    theirs = [run(THEIRS.format(n=n, epochs=epochs), fresh) for _ in range(reps)]
    ow, oc = statistics.median(r[0] for r in ours), statistics.median(r[1] for r in ours)
    tw, tc = statistics.median(r[0] for r in theirs), statistics.median(r[1] for r in theirs)
    same = ours[0][2] == theirs[0][2]
    print(f"primal, cyclic, N = {n:,} noisy x {epochs} epochs, medians of {reps} processes")
    print("| | whole process (s) | the call (s) |")
    print("|---|---:|---:|")
    print(f"| train() | {ow:.2f} | {oc:.3f} |")
    print(f"| scikit-learn Perceptron | {tw:.2f} | {tc:.3f} |")
    print(f"| ours / scikit-learn | {ow / tw:.2f} | {oc / tc:.2f} |")
    print(f"same w, b bits: {'yes' if same else 'no'}")
    compare_trace(n, epochs, reps, fresh)


if __name__ == "__main__":
    main()
    # At shutdown the interpreter makes full collections over every object still alive
    # (~0.25 s with scikit-learn loaded): frozen, they simply go with the process.
    gc.freeze()

"""Many seeded runs of one setting: the homework's unit of work (ALGORITHMS.md, Experiments).

Run ``i`` (0-based) of ``experiment(X, y, runs=R, seed=S, **settings)`` is
``train(X, y, seed=S + i, **settings)``, so any run can be replayed alone and the whole
experiment is reproducible to the bit. Each run is made by the engine of `core.multi`
(the compiled loop once loaded; it gives `train()`'s bits in any d, d = 2 included: a
test checks it) with the data validated once, so 2000 runs on 400 points take a
fraction of a second.

With a test set, each run's answer (the mode's: the pocket, the average, the vote, ...;
or the last weights with ``answer="last"``) is scored on it: the test error is the
fraction of test points with ``sign(f(x)) != y``, ``sign(0) = +1``.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from perceptron_gui.core import multi
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.model import LinearModel
from perceptron_gui.core.slices import exhaust

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: The most runs one experiment makes.
MAX_RUNS = 1_000_000


@dataclass(frozen=True, eq=False)
class ExperimentResult:
    """The numbers of `runs` seeded runs.

    Attributes
    ----------
    config
        The settings of run 0 (run i has ``seed = config.seed + i``).
    runs
        How many runs.
    updates, mistakes
        Per run: the updates made (a batch step is one) and the mistakes (``y f <= 0``
        visits in PA and margin modes; the updates otherwise).
    converged
        Per run: True when its final weights make no mistake (or no update is wanted).
    stop_reasons
        Per run: "converged", "update limit", "epoch limit" or "overflow".
    test_errors
        Per run: the answer's error on the test set (None without one).
    answer
        "answer" (the mode's answer) or "last" (the last weights) was scored.
    bound
        The mode's bound on updates for this data (ALGORITHMS.md), None when none applies
        (not separable, passive-aggressive, ...).
    bound_name
        How the bound reads, e.g. "(D/γ)²".
    seconds
        Wall time of the runs (the compiled loop's load excluded).
    compiled
        Whether the runs used the compiled loop.
    """

    config: TrainConfig
    runs: int
    updates: IntArray
    mistakes: IntArray
    converged: npt.NDArray[np.bool_]
    stop_reasons: tuple[str, ...]
    test_errors: FloatArray | None
    answer: str
    bound: float | None
    bound_name: str
    seconds: float
    compiled: bool

    def summary(self) -> dict[str, Any]:
        """Mean, median, min, max and standard deviation of the updates (and test error)."""
        out: dict[str, Any] = {"updates": _stats(self.updates.astype(np.float64))}
        out["mistakes"] = _stats(self.mistakes.astype(np.float64))
        out["converged"] = int(np.count_nonzero(self.converged))
        if self.test_errors is not None:
            out["test_error"] = _stats(self.test_errors)
        return out

    def histogram(self, bins: int = 20) -> list[tuple[int, int, int]]:
        """The updates in at most `bins` bins of whole numbers: (low, high, count), high
        included."""
        u = self.updates
        lo, hi = int(u.min()), int(u.max())
        width = max(1, -(-(hi - lo + 1) // max(1, bins)))
        edges = list(range(lo, hi + 1, width))
        counts = np.bincount((u - lo) // width, minlength=len(edges))
        return [(e, e + width - 1, int(c)) for e, c in zip(edges, counts.tolist(), strict=True)]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able summary with every run's numbers."""
        return {
            "settings": self.config.to_dict(),
            "runs": self.runs,
            "seeds": [self.config.seed, self.config.seed + self.runs - 1],
            "answer": self.answer,
            "summary": self.summary(),
            "histogram": [list(h) for h in self.histogram()],
            "bound": self.bound,
            "bound_rule": self.bound_name or None,
            "seconds": self.seconds,
            "compiled": self.compiled,
            "per_run": {
                "updates": self.updates.tolist(),
                "mistakes": self.mistakes.tolist(),
                "stop_reason": list(self.stop_reasons),
                "test_error": None if self.test_errors is None else self.test_errors.tolist(),
            },
        }


def _stats(a: FloatArray) -> dict[str, float]:
    return {
        "mean": float(a.mean()),
        "median": float(np.median(a)),
        "min": float(a.min()),
        "max": float(a.max()),
        "std": float(a.std()),
    }


def experiment(
    X: Any,
    y: Any,
    runs: int = 2000,
    seed: int = 0,
    *,
    X_test: Any = None,
    y_test: Any = None,
    answer: Literal["answer", "last"] = "answer",
    bound: bool = True,
    **settings: Any,
) -> ExperimentResult:
    """`runs` seeded runs of one setting on (X, y); run i is ``train(..., seed=seed + i)``.

    Parameters
    ----------
    X, y
        The training points (N, d) and labels ±1.
    runs
        How many runs (1 to 10⁶).
    seed
        The seed of run 0.
    X_test, y_test
        A test set: each run's answer is scored on it (`ExperimentResult.test_errors`).
    answer
        "answer": the mode's answer (pocket, average, vote, ...); "last": the last weights
        (the NTU question "pocket returning w50 instead of the best").
    bound
        Compute the mode's bound on updates (exact; a little time on large data).
    **settings
        Any setting of `train` (mode, order, eta, bias, max_updates, max_epochs, C,
        kernel, degree, coef0, sigma, margin).

    Returns
    -------
    ExperimentResult

    Raises
    ------
    DataError
        On invalid data or settings.
    """
    return exhaust(
        iter_experiment(
            X, y, runs, seed, X_test=X_test, y_test=y_test, answer=answer, bound=bound,
            **settings,
        )
    )  # fmt: skip


def iter_experiment(
    X: Any,
    y: Any,
    runs: int = 2000,
    seed: int = 0,
    *,
    X_test: Any = None,
    y_test: Any = None,
    answer: Literal["answer", "last"] = "answer",
    bound: bool = True,
    **settings: Any,
) -> Generator[float, None, ExperimentResult]:
    """`experiment` as a generator of slices (`core.slices`): it yields the share of the
    runs made (a float in [0, 1)) after each run and returns the `ExperimentResult`.

    The window runs it in a worker thread and stops between two runs when asked (closing
    the generator); `experiment` runs it to its end. The parameters are `experiment`'s;
    a `DataError` is raised at the first ``next``.
    """
    data = make_dataset(X, y, allow_empty=False)
    if isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= MAX_RUNS:
        raise DataError(f"runs must be a whole number from 1 to {MAX_RUNS:,}, not {runs!r}")
    if answer not in ("answer", "last"):
        raise DataError(f"answer must be 'answer' or 'last', not {answer!r}")
    test: Dataset | None = None
    if X_test is not None or y_test is not None:
        if X_test is None or y_test is None:
            raise DataError("a test set needs both X_test and y_test")
        test = make_dataset(X_test, y_test, source="the test set", allow_empty=False)
        if test.dim != data.dim:
            raise DataError(f"the test set has {test.dim} feature(s), the training set {data.dim}")
    w0 = settings.pop("w0", None)
    if w0 is not None and any(float(v) != 0.0 for v in w0):
        raise DataError("experiments start from w = 0")
    config = TrainConfig(seed=int(seed), **settings)
    if config.seed + runs - 1 < 0:
        raise DataError("seed must be >= 0")
    if multi.worth_compiling(data.n * runs, config):
        multi.warm_up()
    compiled = multi.compiled_for(config.seed)
    s = multi.spec_of(config)
    gram = None
    if multi.RULE_CODES.get(s.rd_rule) == multi.KERNEL_RULE:  # keeps the Gram matrix
        gram = multi.kernel_matrix(data.points, config)  # one for all the runs
    updates = np.zeros(runs, np.int64)
    mistakes = np.zeros(runs, np.int64)
    converged = np.zeros(runs, np.bool_)
    reasons: list[str] = []
    errors = np.zeros(runs) if test is not None else None
    zero = np.zeros(data.dim)
    prep = None if s.batch else multi.prepare(data, config, zero, gram=gram)
    counts_apart = s.counts_apart  # PA, margin: mistakes apart from updates
    t0 = time.perf_counter()
    for i in range(runs):
        c = config
        if prep is None:
            c = replace(config, seed=config.seed + i)
            r = multi.run_state(data, c, zero)
        else:
            r = multi.run_prepared(prep, config.seed + i)
        updates[i] = r.k
        mistakes[i] = r.mistakes if counts_apart else r.k
        converged[i] = r.converged
        reasons.append(r.stop_reason)
        if errors is not None and test is not None:
            f = _answer(data, c, r, answer).decision(test.points)
            errors[i] = float(np.count_nonzero(np.where(f >= 0.0, 1.0, -1.0) != test.labels))
            errors[i] /= test.n
        if i + 1 < runs:
            paused = time.perf_counter()
            yield (i + 1) / runs
            t0 += time.perf_counter() - paused  # the time between slices is not the runs'
    seconds = time.perf_counter() - t0
    value, name = _bound(data, config) if bound else (None, "")
    return ExperimentResult(
        config=config,
        runs=runs,
        updates=updates,
        mistakes=mistakes,
        converged=converged,
        stop_reasons=tuple(reasons),
        test_errors=errors,
        answer=answer,
        bound=value,
        bound_name=name,
        seconds=seconds,
        compiled=compiled,
    )


def _answer(data: Dataset, c: TrainConfig, r: Any, which: str) -> Any:
    """The model a run's test error is computed from (the `TrainResult.answer` of `train`),
    as the mode's registry entry says it is made (`ModeSpec.has_w`, `answer_kind`)."""
    s = multi.spec_of(c)
    zero = np.zeros(data.dim)
    b0 = float(c.b0) if c.bias else 0.0
    if not s.has_w:
        return multi.kernel_model(data, c, r)
    kind = "" if which == "last" else s.answer_kind  # "last": the running weights
    answer = multi.answer_model(kind, r, zero, b0, bool(c.bias))
    return LinearModel(tuple(float(v) for v in r.w), r.b) if answer is None else answer


def _bound(data: Dataset, config: TrainConfig) -> tuple[float | None, str]:
    """The mode's bound on updates (the registry's rule), or None."""
    from perceptron_gui.core.bounds import config_bound
    from perceptron_gui.core.registry import spec

    try:
        nb = config_bound(data, config)  # (in feature space where the mode's bound is)
    except DataError:
        return None, ""
    mb = spec(config.mode).bound(config, data.n, nb)
    if mb is None or mb.value is None:
        return None, ""
    return float(mb.value), str(mb.name)

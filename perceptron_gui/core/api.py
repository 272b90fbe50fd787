"""The two calls most scripts need: `train` and `novikoff`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from perceptron_gui.core import fast
from perceptron_gui.core.config import Kernel, Mode, Order, TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.model import check_rbf_sigma
from perceptron_gui.core.result import TrainResult


def train(
    X: Any,
    y: Any,
    mode: Mode = "primal",
    order: Order = "cyclic",
    eta: float = 1.0,
    bias: bool = True,
    max_updates: int | None = None,
    max_epochs: int | None = None,
    seed: int = 0,
    w0: tuple[float, float] = (0.0, 0.0),
    b0: float = 0.0,
    C: float = 1.0,
    kernel: Kernel = "poly",
    degree: int = 2,
    coef0: float = 1.0,
    sigma: float = 1.0,
    margin: float = 1.0,
) -> TrainResult:
    """Run the perceptron to the end (convergence or a limit).

    Parameters
    ----------
    X
        Points, shape (N, 2).
    y
        Labels ±1, shape (N,).
    mode
        "primal", "dual", "pocket", "batch", "averaged", "voted", "pa", "kernel" or
        "margin" (see `perceptron_gui.core.registry`).
    order
        "first", "cyclic", "random-cyclic" or "random" (see ALGORITHMS.md).
    eta
        Learning rate η > 0.
    bias
        Learn b; False keeps b = 0 (lines through the origin).
    max_updates, max_epochs
        Limits; with neither, a default cap of 10⁶ updates (or 2·10⁸ visits) applies.
    seed
        Seed of the random orders.
    w0, b0
        Initial weights.
    C
        Passive-aggressive (PA-I): the cap on each step, C > 0.
    kernel, degree, coef0, sigma
        Kernel perceptron: "linear", "poly" ``(x·z + coef0)^degree`` or "rbf"
        ``exp(-||x - z||² / (2 sigma²))``.
    margin
        Margin perceptron: correct every point with ``y (w·x + b) <= margin`` (>= 0).
        A setting that the mode does not use is ignored.

    Returns
    -------
    TrainResult
        ``w``, ``b``, ``alpha``, ``updates``, ``mistakes``, ``converged``, ``decision(X)``
        (the answer's scores) and, by mode, ``pocket_w``/``pocket_b``/``pocket_errors``,
        ``avg_w``/``avg_b``, ``votes``, ``batch_sizes``/``batch_points``.

    Raises
    ------
    DataError
        On invalid data or settings.
    """
    data = make_dataset(X, y)
    config = TrainConfig(
        mode=mode,
        order=order,
        eta=eta,
        bias=bias,
        seed=seed,
        max_updates=max_updates,
        max_epochs=max_epochs,
        w0=(float(w0[0]), float(w0[1])),
        b0=float(b0),
        C=C,
        kernel=kernel,
        degree=degree,
        coef0=coef0,
        sigma=sigma,
        margin=margin,
    )
    if config.mode == "kernel" and config.kernel == "rbf":
        check_rbf_sigma(data.points, config.sigma)
    t = make_trainer(data, config)
    fast.run_to_end(t)  # the compiled loop when the job is big enough to gain
    # The data and settings ride along: a notebook draws the run from them (_repr_html_).
    return replace(t.result(), data=data, config=config)

"""The two calls most scripts need: `train` and `novikoff`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from perceptron_gui.core import fast, multi
from perceptron_gui.core.config import Mode, Order, TrainConfig
from perceptron_gui.core.dataset import make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.model import check_rbf_sigma
from perceptron_gui.core.params import Value
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
    w0: Sequence[float] = (0.0, 0.0),
    b0: float = 0.0,
    **settings: Value,
) -> TrainResult:
    """Run the perceptron to the end (convergence or a limit).

    Parameters
    ----------
    X
        Points, shape (N, d), d >= 1 features (every mode, the same rules and bits in R^d;
        d = 2 is the plane the window steps through).
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
        Initial weights (w0: d numbers; the default is w = 0 in any d).
    **settings
        The modes' own settings by name, as each mode declares them (`ModeSpec.params`;
        `perceptron trace --help` lists them with their ranges and defaults): ``C``
        (passive-aggressive's cap on a step), ``kernel``, ``degree``, ``coef0``,
        ``sigma`` (the kernel perceptron's kernel), ``margin`` (the margin perceptron's
        threshold), and those of installed plugins' modes. A setting that the mode does
        not use is checked and ignored; a name no mode declares is refused.

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

    Notes
    -----
    Once the compiled loop (`perceptron_gui.core.fast`) is loaded in the process, every
    call runs on it; before, a call that would gain runs on numpy and then loads it in a
    background thread for the next calls (`fast.run_to_end`). The results are the same
    bits either way.
    """
    data = make_dataset(X, y)
    d = data.dim
    w_init = [float(v) for v in w0]
    if len(w_init) != d and not (len(w_init) == 2 and not any(w_init)):
        raise DataError(f"w0 has {len(w_init)} number(s) but the points have {d} feature(s)")
    config = TrainConfig.of(
        mode=mode,
        order=order,
        eta=eta,
        bias=bias,
        seed=seed,
        max_updates=max_updates,
        max_epochs=max_epochs,
        w0=(w_init[0], w_init[1]) if d == 2 else (0.0, 0.0),
        b0=float(b0),
        **settings,
    )
    if multi.spec_of(config).feature_space and config.kernel == "rbf":
        check_rbf_sigma(data.points, config.sigma)
    if d != 2:
        # R^d: the run-to-the-end engine (the step-able trainers are the plane's).
        if multi.worth_compiling(data.n, config):
            multi.warm_up()
        result = multi.run(data, config, w_init if len(w_init) == d else None)
        return replace(result, data=data, config=config)
    t = make_trainer(data, config)
    fast.run_to_end(t, background=True)  # the compiled loop once loaded, or worth loading
    # The data and settings ride along: a notebook draws the run from them (_repr_html_).
    return replace(t.result(), data=data, config=config)

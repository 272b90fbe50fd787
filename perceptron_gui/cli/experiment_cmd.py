"""``perceptron experiment``: many seeded runs of one setting, summarised.

::

    perceptron experiment DATA [--runs R] [--seed S] [--mode M] [--order O] [--eta F]
                          [--no-bias] [--max-updates N] [--max-epochs E] [mode settings]
                          [--test TEST] [--answer answer|last] [--bins B]
                          [--label-column COL] [--features COLS]
                          [--format text|json|csv]

Run i (0-based) is ``perceptron trace DATA --seed S+i`` with the other options the same
(`perceptron_gui.core.experiment`): the numbers are the same bits on every machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from perceptron_gui.cli.options import add_mode_options
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.experiment import ExperimentResult, experiment

FORMATS = ("text", "json", "csv")
_BAR = 40  # characters of the longest histogram bar


def add_parser(sub: Any, modes: tuple[str, ...], orders: Any) -> None:
    """Add the ``experiment`` sub-command to the parser's sub-parsers."""
    e = sub.add_parser(
        "experiment",
        help="many seeded runs of one setting: updates, test error, histogram",
        description="Run the perceptron RUNS times on DATA with seeds S, S+1, …, S+RUNS-1 "
        "(run i is `perceptron trace DATA --seed S+i` with the same options) and report the "
        "mean, median and spread of the updates (and of the test error with --test), a "
        "histogram against the bound, and the run time.",
    )
    e.add_argument("data", metavar="DATA", help="the training data (any data file trace reads)")
    e.add_argument("--runs", type=int, default=2000, metavar="R", help="runs (default: 2000)")
    e.add_argument("--seed", type=int, default=0, metavar="S", help="seed of run 0 (default: 0)")
    e.add_argument("--mode", choices=modes, help="the mode (default: primal)")
    e.add_argument("--order", choices=orders, help="which mistake comes next (default: cyclic)")
    e.add_argument("--eta", type=float, metavar="F", help="learning rate η > 0 (default: 1)")
    e.add_argument(
        "--bias", action=argparse.BooleanOptionalAction, default=None, help="learn b (default)"
    )
    e.add_argument("--max-updates", type=int, metavar="N", help="stop each run after N updates")
    e.add_argument("--max-epochs", type=int, metavar="E", help="stop each run after E passes")
    add_mode_options(e)
    e.add_argument("--test", metavar="TEST", help="a test set: each run's answer is scored on it")
    e.add_argument(
        "--answer",
        choices=("answer", "last"),
        default="answer",
        help="what --test scores: the mode's answer (the pocket, the average, …; default) "
        "or the last weights",
    )
    e.add_argument("--bins", type=int, default=16, metavar="B", help="histogram bins (16)")
    e.add_argument("--label-column", metavar="COL", help="the label's column (CSV)")
    e.add_argument("--features", metavar="COLS", help="the feature columns (1-4,6 or names)")
    e.add_argument("--format", choices=FORMATS, default="text", help="text (default), json, csv")
    e.set_defaults(func=cmd_experiment)


def cmd_experiment(args: argparse.Namespace) -> int:
    """Run the experiment and print it."""
    from perceptron_gui.cli import command as c

    if not 1 <= args.bins <= 200:
        raise DataError(f"--bins must be a whole number from 1 to 200, not {args.bins}")
    loaded = c._load(args.data, args)
    config = c._config(loaded, args)
    c._notes(loaded)
    data = loaded.data
    X_test = y_test = None
    if args.test is not None:
        test = c._load(args.test, args)
        if test.data.dim != data.dim:
            raise DataError(
                f"the test set has {test.data.dim} feature(s) but {loaded.source} has {data.dim}",
                test.source,
            )
        X_test, y_test = test.data.points, test.data.labels
    settings = config.to_dict()
    for key in ("seed", "w0", "b0"):
        settings.pop(key)
    if config.w0 != (0.0, 0.0) or config.b0 != 0.0:
        raise DataError("experiments start from w = 0, b = 0 (the session sets w0 or b0)")
    try:
        r = experiment(
            data.points,
            data.labels,
            runs=args.runs,
            seed=args.seed,
            X_test=X_test,
            y_test=y_test,
            answer=args.answer,
            **settings,
        )
    except DataError as exc:
        raise DataError(exc.message, exc.source or loaded.source) from None
    out = c._Out(sys.stdout)
    if args.format == "json":
        out(json.dumps(r.to_dict(), allow_nan=False))
    elif args.format == "csv":
        out(
            "run,seed,updates,mistakes,converged,stop_reason"
            + (",test_error" * (r.test_errors is not None))
        )
        for i in range(r.runs):
            row = f"{i},{r.config.seed + i},{r.updates[i]},{r.mistakes[i]},{int(r.converged[i])}"
            row += f",{r.stop_reasons[i]}"
            if r.test_errors is not None:
                row += f",{r.test_errors[i]!r}"
            out(row)
    else:
        for line in text_lines(r, loaded.source, data.n, data.dim, args.bins):
            out(line)
    return 0


def _num(v: float) -> str:
    return f"{v:.6g}"


def text_lines(r: ExperimentResult, source: str, n: int, d: int, bins: int) -> list[str]:
    """The text report: settings, summary, histogram with the bound, time."""
    c = r.config
    lines = [
        f"{r.runs} runs of the {c.mode} form, order {c.order}, η = {_num(c.eta)}, "
        f"bias {'on' if c.bias else 'off'}, seeds {c.seed}…{c.seed + r.runs - 1}, "
        f"N = {n} points in R^{d} from {source}",
        "",
    ]
    s = r.summary()
    u = s["updates"]
    what = "updates (batch steps)" if c.mode == "batch" else "updates"
    lines.append(
        f"{what}: mean {_num(u['mean'])}, median {_num(u['median'])}, min {int(u['min'])}, "
        f"max {int(u['max'])}, std {_num(u['std'])}"
    )
    if c.mode in ("pa", "margin"):
        m = s["mistakes"]
        lines.append(f"mistakes: mean {_num(m['mean'])}, median {_num(m['median'])}")
    lines.append(f"converged: {s['converged']} of {r.runs} runs")
    if r.test_errors is not None:
        t = s["test_error"]
        which = "the last weights" if r.answer == "last" else "each run's answer"
        lines.append(
            f"test error of {which}: mean {_num(t['mean'])}, median {_num(t['median'])}, "
            f"min {_num(t['min'])}, max {_num(t['max'])}, std {_num(t['std'])}"
        )
    lines.append("")
    hist = r.histogram(bins)
    top = max(h[2] for h in hist) or 1
    width = len(str(hist[-1][1]))
    lines.append(f"{what} per run (histogram):")
    for lo, hi, count in hist:
        label = f"{lo:>{width}}" if lo == hi else f"{lo:>{width}}–{hi:<{width}}"
        bar = "#" * max(1 if count else 0, round(_BAR * count / top))
        lines.append(f"  {label}  {bar} {count}")
    if r.bound is not None:
        where = "beyond the largest run" if r.bound > float(r.updates.max()) else "inside"
        ratio = r.bound / max(float(r.updates.max()), 1.0)
        lines.append(
            f"  bound {r.bound_name} = {_num(r.bound)}: {where} "
            f"({_num(ratio)}× the largest run's {int(r.updates.max())})"
        )
    else:
        lines.append("  no bound applies (not separable, or a mode without one)")
    lines.append("")
    per = r.seconds / r.runs
    how = "compiled" if r.compiled else "plain Python"
    lines.append(
        f"time: {r.seconds:.3f} s for {r.runs} runs ({per * 1e3:.3f} ms a run, {how}); "
        f"run i is `perceptron trace --seed {c.seed}+i` with the same options"
    )
    return lines


__all__ = ["FORMATS", "add_parser", "cmd_experiment", "text_lines"]

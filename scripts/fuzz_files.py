"""Fuzz the file readers: malformed sessions, CSV files and lessons, seeded.

Each case is a file (or a FIFO fed by a thread, or a device) made from a valid one by
a mutation: nesting, a NUL, huge numbers, huge texts, cut short, bytes flipped, keys
swapped, paths out of a lesson's folder. It is fed to `load_file` / `load_lesson` (in
this process, its time and the memory Python allocates measured) and, for a sample, to
the ``perceptron`` command (a FIFO's contents through an anonymous pipe, a lesson to
``perceptron html``) and, with ``--window K``, every K-th to a window's ``load`` /
``open_lesson``. Each must be refused with one line (a `DataError` naming
the file; exit 2 and one line on stderr) in under 1 s (untraced) and 200 MB, or accepted; an
accepted file is read back unchanged (its points and settings are those it holds,
whatever mutation made it: written again and read again, they are the same).

    python scripts/fuzz_files.py                 # 3000 cases, seed 0
    python scripts/fuzz_files.py --seed 4 -n 10000
    python scripts/fuzz_files.py --quick         # 60 cases (a smoke run)

`tests/test_fuzz_files.py` runs a few hundred cases of the same engine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from perceptron_gui.core import make_dataset  # noqa: E402
from perceptron_gui.core.config import TrainConfig  # noqa: E402
from perceptron_gui.core.errors import DataError  # noqa: E402
from perceptron_gui.core.io import load_file, write_csv, write_session  # noqa: E402
from perceptron_gui.core.lesson import load_lesson  # noqa: E402

KINDS = ("csv", "session1", "session2", "lesson")
#: The most a case may take.
SECONDS = 1.0
MEGABYTES = 200.0


@dataclass
class Case:
    """A file to feed: its kind, how it was made, where it is."""

    kind: str
    how: str
    path: Path
    feed: bytes | None = None  # a FIFO's contents, written by a thread


@dataclass
class Outcome:
    case: Case
    accepted: bool
    message: str
    seconds: float
    megabytes: float
    problem: str = ""


@dataclass
class Report:
    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def problems(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.problem]

    def summary(self) -> str:
        n = len(self.outcomes)
        acc = sum(o.accepted for o in self.outcomes)
        worst_t = max((o.seconds for o in self.outcomes), default=0.0)
        worst_m = max((o.megabytes for o in self.outcomes), default=0.0)
        return (
            f"{n} cases: {n - acc} refused with one line, {acc} accepted; "
            f"slowest {worst_t:.3f} s, most memory {worst_m:.1f} MB; "
            f"{len(self.problems)} problems"
        )


# ----------------------------------------------------------------------------- valid files

DATA = make_dataset(
    np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0], [-0.5, 2.25], [1e-3, -7.0]]),
    np.array([1.0, 1.0, -1.0, -1.0, 1.0]),
)


def valid_bytes(kind: str, folder: Path) -> bytes:
    f = folder / f"valid.{kind}"
    if kind == "csv":
        write_csv(f, DATA)
    elif kind == "session1":
        write_session(
            f, DATA, TrainConfig(mode="pocket", eta=0.5, seed=7), {"snap": True}, version=1
        )
    elif kind == "session2":
        write_session(f, DATA, TrainConfig(mode="voted", order="random-cyclic"), version=2)
    else:
        (folder / "pts.csv").write_bytes(valid_bytes("csv", folder))
        return (
            'title = "Lesson"\n\n[[scene]]\ntitle = { en = "One", zh_CN = "一" }\n'
            'caption = "Each click makes one update."\n'
            'points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]\norder = "first"\nstop = 3\n\n'
            '[[scene]]\ntitle = "Two"\ndata = "pts.csv"\nmode = "pocket"\n\n'
            '[[scene]]\ntitle = "Three"\ngenerate = { kind = "xor", n = 20, seed = 1 }\n'
        ).encode()
    return f.read_bytes()


# ----------------------------------------------------------------------------- mutations


def _insert(b: bytes, rng: random.Random, what: bytes) -> bytes:
    i = rng.randrange(len(b) + 1)
    return b[:i] + what + b[i:]


def _big_digits(rng: random.Random) -> bytes:
    return rng.choice([b"9", b"1", b"0"]) * rng.choice([400, 4301, 10_000, 100_000, 1_000_000])


def mutations(kind: str, big: bool = True) -> dict[str, Callable[[bytes, random.Random], bytes]]:
    """The mutations of a valid file of `kind`, by name."""
    m: dict[str, Callable[[bytes, random.Random], bytes]] = {
        "truncate": lambda b, r: b[: r.randrange(len(b))],
        "flip byte": lambda b, r: _flip(b, r),
        "nul": lambda b, r: _insert(b, r, b"\x00"),
        "huge digits": lambda b, r: _insert(b, r, _big_digits(r)),
        "replace number": lambda b, r: _replace_number(b, r),
        "bad utf-8": lambda b, r: _insert(b, r, b"\xff\xfe"),
        "empty": lambda b, r: b"",
        "only a bom": lambda b, r: b"\xef\xbb\xbf",
        "garbage": lambda b, r: bytes(r.randrange(256) for _ in range(r.randrange(1, 300))),
        "long line": lambda b, r: _insert(b, r, b"7" * r.choice([10_000, 1_000_000])),
        "duplicate": lambda b, r: b + b,
    }
    if kind in ("session1", "lesson"):
        m["nesting"] = lambda b, r: _nesting(kind, r)
        m["huge text"] = lambda b, r: _huge_text(kind, b, r)
        m["swap value"] = lambda b, r: _swap_value(kind, b, r)
    if kind == "lesson":
        m["data path"] = lambda b, r: _lesson_path(r)
    if kind == "session1":
        m["many points"] = lambda b, r: _many_points(r, big)
        m["changed setting"] = lambda b, r: b.replace(b'"eta": 0.5', b'"eta": 0.25')
    if kind == "csv":
        m["many columns"] = lambda b, r: b.replace(b",", b"," * r.randrange(2, 6), 1)
        m["control chars"] = lambda b, r: _insert(b, r, bytes([r.randrange(1, 32)]) * 3)
    return m


def _flip(b: bytes, r: random.Random) -> bytes:
    if not b:
        return b"\x01"
    i = r.randrange(len(b))
    return b[:i] + bytes([b[i] ^ (1 << r.randrange(8))]) + b[i + 1 :]


def _replace_number(b: bytes, r: random.Random) -> bytes:
    import re

    nums = list(re.finditer(rb"-?\d+(\.\d+)?(e-?\d+)?", b))
    if not nums:
        return b
    m = r.choice(nums)
    new = r.choice(
        [b"1e400", b"-1e400", b"nan", b"inf", b"1e308", b"1e151", b"-0", b"2", b"0.5",
         b"18446744073709551616", b"2147483648", b"1" + b"0" * 5000, b"1.5e-400", b"0x10"]
    )  # fmt: skip
    return b[: m.start()] + new + b[m.end() :]


def _nesting(kind: str, r: random.Random) -> bytes:
    depth = r.choice([100, 1000, 5000, 100_000])
    if kind == "session1":
        return (
            b'{"format": "perceptron-gui-session", "version": 1, "points": '
            + b"[" * depth
            + b"]" * depth
            + b', "labels": [], "settings": {}}'
        )
    inner = r.choice([b"[" * depth + b"]" * depth, b"{a=" * depth + b"1" + b"}" * depth])
    return b"title = " + inner + b"\n[[scene]]\npoints = [[1, 1, 1]]\n"


def _huge_text(kind: str, b: bytes, r: random.Random) -> bytes:
    n = r.choice([301, 5000, 100_000, 2_000_000])
    text = ("T" if r.random() < 0.5 else "感") * n
    if kind == "lesson":
        return b.replace(b'title = "Lesson"', f'title = "{text}"'.encode())
    return b.replace(b'"view": {', f'"view": {{"t": "{text}", '.encode())


def _swap_value(kind: str, b: bytes, r: random.Random) -> bytes:
    values = [b"[]", b"{}", b'""', b"true", b"-1", b"1e400", b"[[[]]]", b'"\\u0000"']
    if kind == "lesson":
        values = [b"[]", b"{}", b'""', b"true", b"-1", b"1e400", b"[[[]]]", b'"\\u0000"',
                  b"1979-05-27", b"nan", b"inf", b"99999999999999999999"]  # fmt: skip
        keys = [b"order", b"stop", b"title", b"caption", b"points", b"data", b"mode", b"generate"]
    else:
        keys = [b"points", b"labels", b"settings", b"view", b"version", b"format", b"checksum"]
    key = r.choice(keys)
    import re

    sep = rb"\s*=\s*" if kind == "lesson" else rb'"\s*:\s*'
    pat = (
        (rb"(^|\n)(" + key + sep + rb")[^\n]*")
        if kind == "lesson"
        else (rb'("' + key + sep + rb')("[^"]*"|-?[\d.e+-]+|true|false|null|\[[^\]]*\]|\{[^}]*\})')
    )
    val = r.choice(values)
    if kind == "lesson":
        return re.sub(pat, lambda m: m.group(1) + m.group(2) + val, b, count=1)
    return re.sub(pat, lambda m: m.group(1) + val, b, count=1)


def _lesson_path(r: random.Random) -> bytes:
    name = r.choice(
        ["../outside.csv", "/etc/hostname", "sub/../../outside.csv", "a\\u0000b.csv",
         "link-out.csv", "fifo.csv", "/dev/zero", "nope.csv", "." , "", "pts.csv"]
    )  # fmt: skip
    return f'[[scene]]\ntitle = "P"\ndata = "{name}"\n'.encode()


def _many_points(r: random.Random, big: bool) -> bytes:
    # 10 001 points: a session of the size version 2 takes over (its JSON parse alone
    # takes ~0.3 s, several times that under tracemalloc on a loaded machine).
    n = r.choice([10, 10_001 if big and r.random() < 0.2 else 2_000])
    pts = ", ".join(["[1, 2]"] * n)
    labels = ", ".join(["1"] * (n + r.choice([0, 1])))
    return (
        f'{{"format": "perceptron-gui-session", "version": 1, "points": [{pts}], '
        f'"labels": [{labels}], "settings": {{}}}}'
    ).encode()


# ----------------------------------------------------------------------------- running


def make_cases(n: int, seed: int, folder: Path, big: bool = True) -> list[Case]:
    """`n` cases, seeded: mutations of each kind's valid file, FIFOs and devices among them."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    (folder.parent / "outside.csv").write_bytes(valid_bytes("csv", folder))
    link = folder / "link-out.csv"
    if not link.is_symlink():
        link.symlink_to(folder.parent / "outside.csv")
    fifo = folder / "fifo.csv"
    if not fifo.exists():
        os.mkfifo(fifo)
    valid = {k: valid_bytes(k, folder) for k in KINDS}
    cases = []
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        muts = mutations(kind, big)
        name = rng.choice(sorted(muts))
        body = muts[name](valid[kind], rng)
        suffix = {"csv": ".csv", "session1": ".json", "session2": ".json", "lesson": ".lesson.toml"}
        path = folder / f"case{i:05d}{suffix[kind]}"
        how = name
        roll = rng.random()
        if roll < 0.04:  # a FIFO fed by a thread
            if path.exists():
                path.unlink()
            os.mkfifo(path)
            cases.append(Case(kind, f"fifo: {how}", path, feed=body))
            continue
        if roll < 0.05:
            cases.append(Case(kind, "device", Path("/dev/zero")))
            continue
        if roll < 0.06:
            if path.exists():
                path.unlink()
            os.mkfifo(path)  # nobody writes
            cases.append(Case(kind, "silent fifo", path))
            continue
        path.write_bytes(body)
        cases.append(Case(kind, how, path))
    return cases


def _feeder(case: Case) -> threading.Thread | None:
    if case.feed is None:
        return None
    data = case.feed

    def write() -> None:
        try:
            fd = os.open(case.path, os.O_WRONLY)  # waits for the reader
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
        except OSError:
            pass  # the reader refused and went away

    t = threading.Thread(target=write, daemon=True)
    t.start()
    return t


def _read(case: Case) -> object:
    if case.kind == "lesson":
        return load_lesson(case.path)
    return load_file(case.path)


def _same_again(case: Case, got: object, folder: Path) -> str:
    """'' when an accepted file, written again and read again, gives the same."""
    if case.kind == "lesson":
        return ""  # its scenes were each checked; a lesson is not rewritten here
    from perceptron_gui.core.io import Loaded

    assert isinstance(got, Loaded)
    again_path = folder / "again.json"
    write_session(again_path, got.data, got.config or TrainConfig(), got.view)
    again = load_file(again_path)
    same = np.array_equal(again.data.points, got.data.points) and np.array_equal(
        again.data.labels, got.data.labels
    )
    if not same or (got.config is not None and again.config != got.config):
        return "accepted but not read back the same"
    return ""


def run_case(case: Case, folder: Path, *, memory: bool = True) -> Outcome:
    """Feed one case to its reader; an `Outcome` with a `problem` when the rules are broken."""
    feeder = _feeder(case)
    if memory:
        tracemalloc.start()
    t0 = time.perf_counter()
    accepted, message, problem = False, "", ""
    got: object = None
    try:
        got = _read(case)
        accepted = True
    except DataError as exc:
        message = str(exc)
    except BaseException as exc:  # noqa: BLE001 - what the fuzz looks for
        message = f"{type(exc).__name__}: {exc}"[:300]
        problem = "raw exception"
    seconds = time.perf_counter() - t0
    mb = 0.0
    if memory:
        mb = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    _release(feeder, case.path)  # (the reader refused before opening: let the writer go)
    if memory and not problem and not accepted and seconds > SECONDS:
        # `tracemalloc` slows Python's allocations several times (a 10 001-point version 1
        # session: 0.12 s, 0.88 s traced): the time is the reader's own, read again.
        feeder = _feeder(case)
        t0 = time.perf_counter()
        try:
            _read(case)
        except DataError:
            pass
        seconds = time.perf_counter() - t0
        _release(feeder, case.path)
    if not problem and not accepted:
        if "\n" in message or len(message) > 600:
            problem = "not one short line"
        elif str(case.path) not in message:
            problem = "the file is not named"
    if not problem and not accepted and seconds > SECONDS:
        problem = f"took {seconds:.2f} s"
    if not problem and mb > MEGABYTES:
        problem = f"took {mb:.0f} MB"
    if not problem and accepted:
        problem = _same_again(case, got, folder)
    return Outcome(case, accepted, message, seconds, mb, problem)


def _release(feeder: threading.Thread | None, path: Path) -> None:
    """Let a FIFO's writer go when the reader refused before opening it."""
    if feeder is None:
        return
    if feeder.is_alive():
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            time.sleep(0.01)
            os.close(fd)
        except OSError:
            pass
    feeder.join(2)


def run_cli(case: Case, folder: Path) -> str:
    """'' when the ``perceptron`` command on the case (``bound`` for data, ``html`` for a
    lesson) exits 0, or 2 with one line on stderr. A FIFO's contents go through an
    anonymous pipe (``/dev/fd/N``, as ``perceptron bound <(cat f.csv)`` gives it)."""
    import contextlib
    import io

    from perceptron_gui.cli import command as cli

    path, feeder, ends = str(case.path), None, None
    if case.feed is not None:
        ends = os.pipe()
        data = case.feed

        def write() -> None:
            try:
                with os.fdopen(ends[1], "wb") as fh:
                    fh.write(data)
            except OSError:
                pass  # the reader refused and went away

        feeder = threading.Thread(target=write, daemon=True)
        feeder.start()
        path = f"/dev/fd/{ends[0]}"
    if case.kind == "lesson":
        argv = ["html", path, "-o", str(folder / "lesson-page.html")]
    else:
        argv = ["bound", path]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    except BaseException as exc:  # noqa: BLE001 - what the fuzz looks for
        return f"cli: raised {type(exc).__name__}: {exc}"[:300]
    finally:
        if ends is not None:
            os.close(ends[0])  # a writer still blocked gets a broken pipe
        if feeder is not None:
            feeder.join(2)
    lines = err.getvalue().splitlines()
    if status == 0:
        return ""
    if status != 2 or len(lines) != 1:
        return f"cli: exit {status}, stderr {err.getvalue()[:300]!r}"
    return ""


#: The window a case is opened in (`run_window`): made by the caller (a QApplication).
Window = object


def run_window(case: Case, window: Window) -> str:
    """'' when the window's ``load`` (data) or ``open_lesson`` (a lesson) takes the case, or
    refuses it with a one-line notice naming the file within SECONDS; no exception may
    leave it, nor reach ``sys.excepthook`` (a Qt slot's)."""
    raised: list[BaseException] = []
    old = sys.excepthook
    sys.excepthook = lambda kind, exc, tb: raised.append(exc)
    feeder = _feeder(case)
    t0 = time.perf_counter()
    try:
        opener = window.open_lesson if case.kind == "lesson" else window.load  # type: ignore[attr-defined]
        ok = opener(case.path)
    except BaseException as exc:  # noqa: BLE001 - what the fuzz looks for
        return f"window: raised {type(exc).__name__}: {exc}"[:300]
    finally:
        sys.excepthook = old
        _release(feeder, case.path)
    seconds = time.perf_counter() - t0
    if raised:
        return f"window: {type(raised[0]).__name__} in a slot: {raised[0]}"[:300]
    if ok:
        return ""
    text = window.notice.text()  # type: ignore[attr-defined]
    if "\n" in text or str(case.path) not in text:
        return f"window: notice {text[:200]!r}"
    if seconds > SECONDS:
        return f"window: refused in {seconds:.2f} s"
    return ""


def fuzz(
    n: int,
    seed: int,
    folder: Path,
    *,
    cli_every: int = 10,
    memory: bool = True,
    big: bool = True,
    window: Window | None = None,
    window_every: int = 1,
) -> Report:
    """Make and run `n` cases (every `cli_every`-th also through the command, every
    `window_every`-th through `window`'s load or open_lesson when one is given; `big`:
    some sessions of 10⁴ points too)."""
    report = Report()
    for i, case in enumerate(make_cases(n, seed, folder, big)):
        o = run_case(case, folder, memory=memory)
        if not o.problem and cli_every and i % cli_every == 0:
            o.problem = run_cli(case, folder)
        if not o.problem and window is not None and i % window_every == 0:
            o.problem = run_window(case, window)
        report.outcomes.append(o)
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=3000, help="cases (default 3000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="60 cases: a smoke run")
    ap.add_argument(
        "--window",
        type=int,
        default=0,
        metavar="K",
        help="every K-th case also through a window's load / open_lesson (offscreen)",
    )
    args = ap.parse_args(argv)
    n = 60 if args.quick else args.n
    window = None
    if args.window:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication([])  # noqa: F841 - the window's
        from perceptron_gui import MainWindow

        window = MainWindow(frame_interval_ms=0, autosave_ms=None)
    with tempfile.TemporaryDirectory(prefix="perceptron-fuzz-") as tmp:
        report = fuzz(
            n, args.seed, Path(tmp) / "cases", window=window, window_every=args.window or 1
        )
    print(report.summary())
    for o in report.problems[:20]:
        print(f"  {o.case.kind} [{o.case.how}] {o.problem}: {o.message[:200]}")
    by = {}
    for o in report.outcomes:
        by.setdefault(o.case.how.split(":")[0], [0, 0])[o.accepted] += 1
    print("refused/accepted by mutation:", json.dumps(by, ensure_ascii=False))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""Files of d-dimensional data, sessions of them, `perceptron trace` and `perceptron
experiment` on a 4-D file, and `core.experiment` against a plain loop of seeded runs.

Qt-free; small data. Files are written under pytest's tmp_path only.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from perceptron_gui.cli.command import main
from perceptron_gui.core import DataError, experiment, load_file, make_dataset, train
from perceptron_gui.core.config import MODES
from perceptron_gui.core.io import write_csv, write_session
from perceptron_gui.core.io.session_v1 import read_session
from perceptron_gui.core.model import LinearModel, mistakes
from perceptron_gui.core.registry import spec

NTU = (
    "0.97681 0.10723 0.64385 0.29556\t1\n"
    "0.67194 0.2418 0.83075 0.42741\t1\n"
    "0.20619 0.23321 0.81004 0.98691\t-1\n"
    "0.51583 0.055814 0.92274 0.75797\t-1\n"
)


def _ntu_like(tmp: Path, n: int, seed: int, noise: float = 0.0, name: str = "d.dat") -> Path:
    """A file in the NTU homework's format: four features, a tab, the label."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(0, 1, (n, 4))
    y = np.where(X @ np.array([-1.0, 0.9, 0.8, 0.7]) + 0.05 > 0, 1, -1)
    flip = rng.random(n) < noise
    y[flip] = -y[flip]
    p = tmp / name
    p.write_text(
        "".join(" ".join(f"{v:.6f}" for v in x) + f"\t{lab}\n" for x, lab in zip(X, y, strict=True))
    )
    return p


def test_the_ntu_format_reads_as_four_features(tmp_path: Path) -> None:
    p = tmp_path / "hw1_15_train.dat"
    p.write_text(NTU)
    d = load_file(p).data
    assert d.points.shape == (4, 4) and d.labels.tolist() == [1, 1, -1, -1]
    assert d.points[1].tolist() == [0.67194, 0.2418, 0.83075, 0.42741]


def test_csv_with_a_header_of_d_columns_and_column_choice(tmp_path: Path) -> None:
    p = tmp_path / "h.csv"
    p.write_text("x1,x2,x3,y\n1,2,3,1\n4,5,6,-1\n")
    assert load_file(p).data.points.tolist() == [[1, 2, 3], [4, 5, 6]]
    q = tmp_path / "iris.csv"
    q.write_text("sepal,petal,label,extra\n1,2,1,9\n3,4,-1,8\n")
    d = load_file(q, label_column="label").data
    assert d.points.tolist() == [[1, 2, 9], [3, 4, 8]] and d.labels.tolist() == [1, -1]
    d = load_file(q, label_column="3", features="1,extra").data
    assert d.points.tolist() == [[1, 9], [3, 8]]
    d = load_file(q, label_column="label", features="1-2").data
    assert d.points.tolist() == [[1, 2], [3, 4]]
    with pytest.raises(DataError, match="label column 'nope' is not a column"):
        load_file(q, label_column="nope")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("1 2 3 4\t1\n1 2 3\t-1\n", 2, "expected 5 values (x1, x2, x3, x4, y), found 4"),
        ("1 2 3 4 5 6\t1\n1 2 3 4 5\t-1\n", 2, "expected 7 values (x1, …, x6, y), found 6"),
        ("1 2 3 4\t1\n1 2 a 4\t-1\n", 2, "x3 is not a number: 'a'"),
        ("1 2 3 4\t1\n1 2 3 4\t2\n", 2, "y = 2 is not a label"),
    ],
)
def test_bad_lines_are_refused_with_their_number(
    tmp_path: Path, text: str, line: int, words: str
) -> None:
    p = tmp_path / "bad.dat"
    p.write_text(text)
    with pytest.raises(DataError) as exc:
        load_file(p)
    assert exc.value.line == line and words in exc.value.message


def test_libsvm_files(tmp_path: Path) -> None:
    p = tmp_path / "a.svm"
    p.write_text("+1 1:0.5 3:2 # comment\n-1 2:1.5\n\n1 1:-1 2:1 3:0.25\n")
    d = load_file(p).data
    assert d.points.tolist() == [[0.5, 0, 2], [0, 1.5, 0], [-1, 1, 0.25]]
    assert d.labels.tolist() == [1, -1, 1]
    assert load_file(p, features="1-2").data.points.shape == (3, 2)
    for text, line, words in (
        ("1 1:0.5\n3 1:1\n", 2, "label 3 is not +1/-1 or 0/1"),
        ("1 1:0.5\n-1 2:1 1:3\n", 2, "index 1 after 2"),
        ("1 1:0.5\n-1 2:x\n", 2, "x2 is not a number"),
        ("1 1:0.5\n-1 0:2\n", 2, "not index:value with an index >= 1"),
    ):
        p.write_text(text)
        with pytest.raises(DataError) as exc:
            load_file(p)
        assert exc.value.line == line and words in exc.value.message, text


def test_csv_and_session_round_trips_in_four_dimensions(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    data = make_dataset(rng.normal(size=(30, 4)), np.where(rng.random(30) < 0.5, -1.0, 1.0))
    write_csv(tmp_path / "d.csv", data)
    assert load_file(tmp_path / "d.csv").data == data
    from perceptron_gui.core import TrainConfig

    cfg = TrainConfig(mode="pocket", order="random", seed=3, max_updates=20)
    write_session(tmp_path / "s.json", data, cfg, {})
    doc = json.loads((tmp_path / "s.json").read_text())
    assert doc["version"] == 3 and doc["dim"] == 4 and len(doc["points"][0]) == 4
    back = read_session(tmp_path / "s.json")
    assert back.data == data and back.config == cfg  # bit for bit
    a = train(data.points, data.labels, **{k: v for k, v in cfg.to_dict().items() if k != "w0"})
    b = train(back.data.points, back.data.labels, mode="pocket", order="random", seed=3,
              max_updates=20)  # fmt: skip
    assert a.updates.tolist() == b.updates.tolist() and a.pocket_w == b.pocket_w
    # The plane's sessions keep version 1.
    plane = make_dataset([[1.0, 2.0], [3.0, -1.0]], [1, -1])
    write_session(tmp_path / "p.json", plane, cfg, {})
    assert json.loads((tmp_path / "p.json").read_text())["version"] == 1
    assert read_session(tmp_path / "p.json").data == plane


# ------------------------------------------------------------------------ the command


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_trace_on_a_four_dimensional_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p = _ntu_like(tmp_path, 60, 1)
    code, out, err = _cli(capsys, "trace", str(p), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    r = train(load_file(p).data.points, load_file(p).data.labels)
    assert doc["w"] == list(r.w or ()) and len(doc["w"]) == 4 and doc["converged"]
    assert doc["bound"] is not None and doc["mistakes"] <= doc["bound"]
    code, out, _ = _cli(capsys, "trace", str(p))
    assert code == 0 and "x⁽⁴⁾" in out and "N = 60 points" in out
    for mode in ("pocket", "averaged", "voted", "pa", "kernel", "margin", "batch", "dual"):
        code, out, err = _cli(capsys, "trace", str(p), "--mode", mode, "--max-epochs", "3")
        assert code == 0, (mode, err)
    bad = tmp_path / "bad.dat"
    bad.write_text("1 2 3 4\t1\n1 2 3\t-1\n")
    code, out, err = _cli(capsys, "trace", str(bad))
    assert code == 2 and err.count("\n") == 1
    assert "bad.dat, line 2: expected 5 values (x1, x2, x3, x4, y), found 4" in err


@pytest.mark.parametrize("d", [1, 4])
def test_trace_of_every_mode_in_d_features_prints_the_runs_own_numbers(
    d: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`perceptron trace` of every mode on 1 and 4 features: the Gram matrix of all d
    features, the pocket's row marked where its weights appeared, with the trainer's count
    of their mistakes (the table once summed two features of any d)."""
    rng = np.random.default_rng(30 + d)
    X = np.round(rng.uniform(-1, 1, (9, d)), 2)
    y = np.where(X @ np.linspace(1.0, 0.5, d) + 0.1 > 0, 1, -1)
    y[0] = -y[0]  # not separable: the pocket keeps its best
    p = tmp_path / "d.csv"
    p.write_text(
        ",".join(f"x{j + 1}" for j in range(d))
        + ",y\n"
        + "".join(",".join(map(str, x)) + f",{t}\n" for x, t in zip(X, y, strict=True))
    )
    for mode in MODES:
        code, out, err = _cli(capsys, "trace", str(p), "--mode", mode, "--max-updates", "12")
        assert code == 0 and not err, (mode, err)
    code, out, _ = _cli(capsys, "trace", str(p), "--mode", "dual", "--max-updates", "5")
    rows = out.split("Gram matrix G = [x_i · x_j]:\n")[1].split("\n\n")[0].splitlines()
    gram = np.array([[float(v) for v in row.split()] for row in rows])
    np.testing.assert_allclose(gram, X @ X.T, rtol=1e-5, atol=1e-5)
    code, out, _ = _cli(capsys, "trace", str(p), "--mode", "pocket", "--max-updates", "12", "--all")
    r = train(X.astype(float), y.astype(float), mode="pocket", max_updates=12)
    marked = [line for line in out.splitlines() if line.endswith("→ pocket")]
    assert len(marked) == 1 and marked[0].split()[-3] == str(r.pocket_errors)
    k = int(marked[0].split()[0])
    assert r.history_w[k - 1].tolist() == list(r.pocket_w or ())
    for line in out.splitlines():  # every row's count is the trainer's rule on its weights
        if line[:3].strip().isdigit() and "(" in line:
            j = int(line.split()[0])
            wrong = mistakes(LinearModel(tuple(r.history_w[j - 1]), r.history_b[j - 1]), X, y)
            assert line.replace("→ pocket", "").split()[-1] == str(wrong.size), line


@pytest.mark.long
def test_experiment_command_and_python_agree_with_a_plain_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    train_p = _ntu_like(tmp_path, 80, 2, noise=0.1, name="train.dat")
    test_p = _ntu_like(tmp_path, 50, 3, noise=0.1, name="test.dat")
    d, t = load_file(train_p).data, load_file(test_p).data
    args = ["experiment", str(train_p), "--runs", "12", "--seed", "5", "--order", "random"]
    args += ["--mode", "pocket", "--max-updates", "15", "--test", str(test_p)]
    code, out, err = _cli(capsys, *args, "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    for answer in ("answer", "last"):
        kw = {"order": "random", "mode": "pocket", "max_updates": 15, "answer": answer}
        r = experiment(d.points, d.labels, 12, 5, X_test=t.points, y_test=t.labels, **kw)
        again = experiment(d.points, d.labels, 12, 5, X_test=t.points, y_test=t.labels, **kw)
        assert again.test_errors is not None and r.test_errors is not None
        assert again.test_errors.tolist() == r.test_errors.tolist()  # the same numbers twice
        for i in range(12):  # run i is train(..., seed=5 + i)
            one = train(d.points, d.labels, mode="pocket", order="random", max_updates=15,
                        seed=5 + i)  # fmt: skip
            last = LinearModel(tuple(one.w or ()), one.b)
            f = (one.answer if answer == "answer" else last).decision(t.points)
            err_i = float(np.mean(np.where(f >= 0.0, 1.0, -1.0) != t.labels))
            assert r.updates[i] == len(one.updates) and r.test_errors[i] == pytest.approx(err_i)
        if answer == "answer":
            assert doc["per_run"]["test_error"] == r.test_errors.tolist()
            assert doc["per_run"]["updates"] == r.updates.tolist()
    code, out, err = _cli(capsys, *args)
    assert code == 0 and "test error of each run's answer: mean" in out and "time:" in out
    code, out, err = _cli(capsys, "experiment", str(train_p), "--runs", "3", "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("run,seed,updates")
    assert len(out.splitlines()) == 4


def test_experiment_of_every_mode_equals_seeded_trains() -> None:
    rng = np.random.default_rng(8)
    X = rng.normal(size=(25, 3))
    y = np.where(X @ np.array([1.0, -1.0, 0.5]) + 0.2 > 0, 1.0, -1.0)
    for mode in MODES:
        allowed = spec(mode).orders  # the random order where it applies, else the last one
        order = "random" if "random" in allowed else allowed[-1]
        r = experiment(X, y, runs=4, seed=2, mode=mode, order=order, max_epochs=5,
                       max_updates=40, X_test=X, y_test=y)  # fmt: skip
        for i in range(4):
            one = train(X, y, mode=mode, order=order, max_epochs=5, max_updates=40, seed=2 + i)
            assert r.updates[i] == len(one.updates), mode
            assert r.mistakes[i] == one.mistakes, mode
            err = float(np.mean(np.where(one.decision(X) >= 0, 1.0, -1.0) != y))
            assert r.test_errors is not None and r.test_errors[i] == err, mode


def test_experiment_refusals() -> None:
    X = np.eye(3)
    y = np.array([1.0, -1.0, 1.0])
    with pytest.raises(DataError, match="runs must be"):
        experiment(X, y, runs=0)
    with pytest.raises(DataError, match="the test set has 2 feature"):
        experiment(X, y, runs=2, X_test=np.eye(2), y_test=[1, -1])


def test_experiment_in_slices_gives_the_same_numbers_and_stops_when_closed() -> None:
    from perceptron_gui.core.experiment import iter_experiment

    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 4))
    y = np.where(X @ np.array([1.0, -1.0, 0.5, 2.0]) > 0, 1.0, -1.0)
    gen = iter_experiment(X, y, runs=6, seed=4, order="random")
    shares = []
    with pytest.raises(StopIteration) as stop:
        while True:
            shares.append(next(gen))
    assert shares == [i / 6 for i in range(1, 6)]
    r, whole = stop.value.value, experiment(X, y, runs=6, seed=4, order="random")
    assert np.array_equal(r.updates, whole.updates) and r.bound == whole.bound
    gen = iter_experiment(X, y, runs=6, seed=4, order="random")
    assert next(gen) == 1 / 6
    gen.close()  # a cancelled experiment: the generator ends between two runs
    with pytest.raises(StopIteration):
        next(gen)
    with pytest.raises(DataError, match="runs must be"):
        next(iter_experiment(X, y, runs=0))


# ------------------------------------------------------------------- built-in real data


def test_builtin_iris_and_digits(capsys: pytest.CaptureFixture[str]) -> None:
    from perceptron_gui.core import novikoff
    from perceptron_gui.core.examples import load_example

    iris = load_example("iris")
    assert iris.data.points.shape == (100, 4) and iris.data.labels.sum() == 0
    assert "Fisher" in iris.notes[0]
    b = novikoff(iris.data)
    assert b.separable and b.bound is not None
    r = train(iris.data.points, iris.data.labels)
    assert r.converged and len(r.updates) <= b.bound
    assert "CC BY 4.0" in iris.notes[0] and iris.image_shape is None
    digits = load_example("builtin:digits:3:8")  # the shipped copy: no scikit-learn needed
    assert digits.data.points.shape == (357, 64) and digits.image_shape == (8, 8)
    assert "Alpaydin" in digits.notes[0] and "CC BY 4.0" in digits.notes[0]
    assert digits.data.labels.tolist().count(1.0) == 183  # 183 threes (+1), 174 eights
    with pytest.raises(DataError, match="two different digits"):
        load_example("digits:3:3")
    code, out, err = _cli(capsys, "trace", "builtin:nope")
    assert code == 2 and "no built-in data set 'builtin:nope'" in err
    code, out, err = _cli(capsys, "trace", "builtin:digits", "--max-updates", "5")
    assert code == 0 and "N = 360 points" in out, err


def test_the_shipped_iris_and_digits_are_the_sources_numbers() -> None:
    """The copies in the package are scikit-learn's (UCI's) numbers exactly: Iris's first
    100 flowers, setosa +1; every digit. Read from scikit-learn's own data files, without
    importing it (3-4 s). (`digits_text` below wrote data/digits.csv.gz.)"""
    import importlib.util

    from perceptron_gui.core.examples import digits_table, load_example

    spec_ = importlib.util.find_spec("sklearn")
    if spec_ is None or not spec_.submodule_search_locations:
        pytest.skip("scikit-learn is not installed")
    data = Path(next(iter(spec_.submodule_search_locations))) / "datasets" / "data"
    iris = np.loadtxt(data / "iris.csv", delimiter=",", skiprows=1)
    shipped = load_example("iris").data
    assert np.array_equal(shipped.points, iris[:100, :4])
    assert np.array_equal(shipped.labels, np.where(iris[:100, 4] == 0, 1.0, -1.0))
    digits = np.loadtxt(data / "digits.csv.gz", delimiter=",")
    X, target = digits_table()
    assert np.array_equal(X, digits[:, :-1]) and np.array_equal(target, digits[:, -1])


def digits_text(load_digits: Any) -> str:  # pragma: no cover (how the copy was made)
    """The text of data/digits.csv.gz from scikit-learn's ``load_digits``; written with
    ``gzip.compress(digits_text(load_digits).encode(), 9, mtime=0)``."""
    head = (
        "# Optical Recognition of Handwritten Digits: E. Alpaydin and C. Kaynak (1998), UCI\n"
        "# Machine Learning Repository, https://doi.org/10.24432/C50P49, licence CC BY 4.0\n"
        "# (https://creativecommons.org/licenses/by/4.0/). The 1797 images of the UCI test set\n"
        "# as scikit-learn ships them (sklearn.datasets.load_digits), unchanged: 8x8 grey levels\n"
        "# 0-16, row by row (x1 ... x8 the top row), and the digit shown.\n"
    )
    d = load_digits()
    header = ",".join(f"x{j + 1}" for j in range(64)) + ",digit\n"
    rows = "".join(
        ",".join(str(int(v)) for v in x) + f",{int(t)}\n"
        for x, t in zip(d.data, d.target, strict=True)
    )
    return head + header + rows


# ------------------------------------------- the NTU homework's six questions (the docs)

DIMENSIONS_MD = Path(__file__).resolve().parents[1] / "docs" / "dimensions.md"


def _ntu_section() -> str:
    text = DIMENSIONS_MD.read_text("utf-8")
    start = text.index("## The NTU homework's six questions")
    return text[start : text.index("\n## ", start + 1)]


def _expand(base: list[str], more: list[str]) -> list[str]:
    """`… --opt v …` of the docs' table: the command above it with these options put in
    (an option already there takes the new value; a new one is added)."""
    args = list(base)
    i = 0
    while i < len(more):
        opt, val = more[i], more[i + 1]
        if opt in args:
            args[args.index(opt) + 1] = val
        else:
            args += [opt, val]
        i += 2
    return args


def _numbers(text: str) -> dict[str, str]:
    """The labelled numbers of an output or an answer: {"mean": "25.876", …}."""
    import re

    return dict(re.findall(r"\b(mean|median|min|max|std) (-?[0-9.]+)", text))


def _same(doc_value: str, value: str) -> bool:
    """The docs' number is the output's, rounded to the docs' digits."""
    places = len(doc_value.split(".")[1]) if "." in doc_value else 0
    return f"{float(value):.{places}f}" == doc_value


@pytest.mark.long
def test_the_ntu_homework_section_is_true(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/dimensions.md's six questions: its generator makes the files, and each command
    of its table, run, prints the numbers the table gives (rounded as written); the Python
    of question 18 and question 16's report (all but its time) are the same numbers."""
    import re
    import shlex

    section = _ntu_section()
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 2, "the generator and question 18 in Python"
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], "dimensions.md: the generator", "exec"), {})  # noqa: S102
    assert {p.name for p in tmp_path.iterdir()} == {
        "pla.dat",
        "pocket_train.dat",
        "pocket_test.dat",
    }
    rows = re.findall(r"^\| *(\d*) *\| [^|]+\| `([^`]+)` \| ([^|]+) \|$", section, re.M)
    assert [q for q, _, _ in rows if q] == ["15", "16", "17", "18", "19", "20"]
    base: list[str] = []
    checked = 0
    for question, command, answer in rows:
        words = shlex.split(command)
        if words[0] == "…":
            args = _expand(base, words[1:])
        else:
            assert words[0] == "perceptron", command
            args = words[1:]
            if args[0] == "experiment":
                base = args
        code, out, err = _cli(capsys, *args)
        assert code == 0, (command, err)
        if args[0] == "trace":  # "14 updates (converged after 635 visits; (D/γ)² = 917.1)"
            k, visits, bound = re.fullmatch(
                r"(\d+) updates \(converged after (\d+) visits; \(D/γ\)² = ([0-9.]+)\)",
                answer.strip(),
            ).groups()  # type: ignore[union-attr]
            assert f"mistakes: k = {k}\n" in out and f"({visits} visits" in out, out
            assert _same(bound, re.search(r"\(D/γ\)² = ([0-9.]+)", out).group(1))  # type: ignore[union-attr]
        elif "--test" in args:  # "0.1371 (median 0.138)": the test error's mean and median
            mean, median = re.match(r"([0-9.]+) \(median ([0-9.]+)\)", answer).groups()  # type: ignore[union-attr]
            line = next(s for s in out.splitlines() if s.startswith("test error"))
            got = _numbers(line)
            assert _same(mean, got["mean"]) and _same(median, got["median"]), (question, line)
        else:  # "mean 25.88, median 24, min 2, max 80" (or the mean alone)
            line = next(s for s in out.splitlines() if s.startswith("updates:"))
            want, got = _numbers(answer), _numbers(line)
            assert want and all(_same(v, got[k]) for k, v in want.items()), (question, line)
        checked += 1
    assert checked == len(rows) == 7
    # Question 18 in Python.
    scope: dict[str, Any] = {}
    exec(compile(blocks[1], "dimensions.md: question 18", "exec"), scope)  # noqa: S102
    mean = scope["r"].summary()["test_error"]["mean"]
    assert _same(re.search(r"\| 18 \|.*\| ([0-9.]+) \(", section).group(1), str(mean))  # type: ignore[union-attr]
    # Question 16's report, as printed (its time apart).
    report = re.search(r"Question 16's report.*?```\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]
    code, out, err = _cli(capsys, "experiment", "pla.dat", "--runs", "2000", "--order", "random",
                          "--seed", "0")  # fmt: skip
    assert code == 0 and out.split("\ntime: ")[0].rstrip("\n") + "\n" == report

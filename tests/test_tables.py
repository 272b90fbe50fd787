"""The textbook's iteration table (core/tables.py) and ``perceptron trace --format``.

References: Li Hang, "Statistical Learning Methods", Table 2.1 (primal) and
Table 2.2 (dual) for the worked example of ALGORITHMS.md, written out by hand
below; a plain Python loop of the textbook algorithm; counts of updates.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import command as cli
from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.tables import (
    MAX_ALPHA_COLUMNS,
    decision_text,
    format_number,
    iteration_table,
    table_lines,
    to_csv,
    to_latex,
    to_markdown,
)
from perceptron_gui.core.trainer import Trainer

EXAMPLE = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
EXAMPLE_CSV = "x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"
FIRST = TrainConfig(order="first")

# Li Hang, Table 2.1, by hand: k, misclassified point, w, b, w·x + b.
BOOK_PRIMAL = [
    ("0", "", "(0, 0)", "0", "0"),
    ("1", "x1", "(3, 3)", "1", "3x⁽¹⁾ + 3x⁽²⁾ + 1"),
    ("2", "x3", "(2, 2)", "0", "2x⁽¹⁾ + 2x⁽²⁾"),
    ("3", "x3", "(1, 1)", "-1", "x⁽¹⁾ + x⁽²⁾ - 1"),
    ("4", "x3", "(0, 0)", "-2", "-2"),
    ("5", "x1", "(3, 3)", "-1", "3x⁽¹⁾ + 3x⁽²⁾ - 1"),
    ("6", "x3", "(2, 2)", "-2", "2x⁽¹⁾ + 2x⁽²⁾ - 2"),
    ("7", "x3", "(1, 1)", "-3", "x⁽¹⁾ + x⁽²⁾ - 3"),
]
#: The minus-sign policy (docs/outputs.md): CSV writes every minus sign as the ASCII
#: hyphen (as above), Markdown as U+2212, in every column alike.
BOOK_PRIMAL_MARKDOWN = [[c.replace("-", "−") for c in r] for r in BOOK_PRIMAL]
BOOK_PRIMAL_LATEX = [
    r"0 &  & $(0, 0)$ & $0$ & $0$ \\",
    r"1 & $x_{1}$ & $(3, 3)$ & $1$ & $3x^{(1)} + 3x^{(2)} + 1$ \\",
    r"2 & $x_{3}$ & $(2, 2)$ & $0$ & $2x^{(1)} + 2x^{(2)}$ \\",
    r"3 & $x_{3}$ & $(1, 1)$ & $-1$ & $x^{(1)} + x^{(2)} - 1$ \\",
    r"4 & $x_{3}$ & $(0, 0)$ & $-2$ & $-2$ \\",
    r"5 & $x_{1}$ & $(3, 3)$ & $-1$ & $3x^{(1)} + 3x^{(2)} - 1$ \\",
    r"6 & $x_{3}$ & $(2, 2)$ & $-2$ & $2x^{(1)} + 2x^{(2)} - 2$ \\",
    r"7 & $x_{3}$ & $(1, 1)$ & $-3$ & $x^{(1)} + x^{(2)} - 3$ \\",
]
# Li Hang, Table 2.2, by hand: k, point, α1, α2, α3, b.
BOOK_DUAL = [
    ("0", "", "0", "0", "0", "0"),
    ("1", "x1", "1", "0", "0", "1"),
    ("2", "x3", "1", "0", "1", "0"),
    ("3", "x3", "1", "0", "2", "-1"),
    ("4", "x3", "1", "0", "3", "-2"),
    ("5", "x1", "2", "0", "3", "-1"),
    ("6", "x3", "2", "0", "4", "-2"),
    ("7", "x3", "2", "0", "5", "-3"),
]


def trained(data: Dataset, config: TrainConfig) -> Trainer:
    t = make_trainer(data, config)
    t.run()
    return t


def csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def markdown_rows(text: str) -> list[list[str]]:
    lines = [ln for ln in text.splitlines() if ln.startswith("|")]
    return [[c.strip() for c in ln.strip("|").split(" | ")] for ln in lines]


def latex_body(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index(r"\midrule") + 1 : lines.index(r"\bottomrule")]


# --------------------------------------------------------------------------- worked example


def test_worked_example_latex_is_the_books_table_row_by_row() -> None:
    tex = to_latex(iteration_table(EXAMPLE, trained(EXAMPLE, FIRST)))
    lines = tex.splitlines()
    assert lines[0] == r"\begin{tabular}{rllrl}"
    assert lines[1] == r"\toprule"
    assert lines[2] == r"$k$ & misclassified point & $w$ & $b$ & $w \cdot x + b$ \\"
    assert lines[3] == r"\midrule"
    assert lines[-2:] == [r"\bottomrule", r"\end{tabular}"]
    body = latex_body(tex)
    # 8 rows: k = 0 for the start as in the book, then the 7 updates.
    assert len(body) == 8
    assert len([row for row in body if not row.startswith("0 &")]) == 7
    assert body == BOOK_PRIMAL_LATEX
    assert tex.endswith("\\end{tabular}\n")


def test_worked_example_markdown_and_csv() -> None:
    table = iteration_table(EXAMPLE, trained(EXAMPLE, FIRST))
    header = ["k", "misclassified point", "w", "b", "w·x + b"]
    md = markdown_rows(to_markdown(table))
    assert md[0] == header
    assert md[1] == ["---:", ":---", ":---", "---:", ":---"]
    assert md[2:] == BOOK_PRIMAL_MARKDOWN
    rows = csv_rows(to_csv(table))
    assert rows[0] == header
    assert rows[1:] == [list(r) for r in BOOK_PRIMAL]
    assert to_csv(table).startswith('k,misclassified point,w,b,w·x + b\n0,,"(0, 0)",0,0\n')


def test_worked_example_dual_is_table_2_2() -> None:
    table = iteration_table(EXAMPLE, trained(EXAMPLE, FIRST.with_(mode="dual")))
    assert table.kind == "dual" and table.note == ""
    rows = csv_rows(to_csv(table))
    assert rows[0] == ["k", "misclassified point", "α1", "α2", "α3", "b"]
    assert rows[1:] == [list(r) for r in BOOK_DUAL]
    body = latex_body(to_latex(table))
    assert body[7] == r"7 & $x_{3}$ & $2$ & $0$ & $5$ & $-3$ \\"
    assert r"$\alpha_{1}$ & $\alpha_{2}$ & $\alpha_{3}$ & $b$ \\" in to_latex(table)


def test_result_and_trainer_give_the_same_table() -> None:
    for mode in ("primal", "dual", "pocket"):
        w0 = (0.0, 0.0) if mode == "dual" else (1.0, -2.0)  # the dual form refuses w0
        config = FIRST.with_(mode=mode, w0=w0, b0=0.5)
        t = trained(EXAMPLE, config)
        from_trainer = iteration_table(EXAMPLE, t)
        assert iteration_table(EXAMPLE, t.result(), config) == from_trainer
        cut = iteration_table(EXAMPLE, t, max_rows=2)
        assert iteration_table(EXAMPLE, t.result(), config, max_rows=2) == cut
        assert cut.rows == from_trainer.rows[:3] and cut.note.startswith("the first 2 of ")
        # The start row shows the initial weights.
        if mode != "dual":
            assert csv_rows(to_csv(from_trainer))[1] == [
                "0",
                "",
                "(1, -2)",
                "0.5",
                "x⁽¹⁾ - 2x⁽²⁾ + 0.5",
            ]


def test_a_trainer_mid_run_gives_the_rows_so_far() -> None:
    t = make_trainer(EXAMPLE, FIRST)
    for _ in range(3):
        t.step()
    rows = csv_rows(to_csv(iteration_table(EXAMPLE, t)))
    assert rows[1:] == [list(r) for r in BOOK_PRIMAL[:4]]
    t0 = make_trainer(EXAMPLE, FIRST)
    assert csv_rows(to_csv(iteration_table(EXAMPLE, t0)))[1:] == [list(BOOK_PRIMAL[0])]


def test_max_rows_keeps_the_first_updates_and_says_so() -> None:
    table = iteration_table(EXAMPLE, trained(EXAMPLE, FIRST), max_rows=2)
    assert len(table.rows) == 3 and table.note == "the first 2 of 7 updates"
    assert "% the first 2 of 7 updates" in to_latex(table)
    assert to_markdown(table).endswith("*the first 2 of 7 updates*\n")


def test_no_bias_has_no_b_column() -> None:
    data = make_dataset([[1, 2], [-2, -1]], [1, -1])
    table = iteration_table(data, trained(data, TrainConfig(bias=False)))
    rows = csv_rows(to_csv(table))
    assert rows == [
        ["k", "misclassified point", "w", "w·x"],
        ["0", "", "(0, 0)", "0"],
        ["1", "x1", "(1, 2)", "x⁽¹⁾ + 2x⁽²⁾"],
    ]


# --------------------------------------------------------------------------- numbers and formulas


@pytest.mark.parametrize(
    ("v", "text"),
    [
        (3.0, "3"),
        (-3.0, "-3"),
        (0.5, "0.5"),
        (1.5e-12, "1.5e-12"),
        (-0.0, "0"),
        (1e20, "1e20"),
        (0.1 + 0.2, "0.3"),
        (2.0**53, "9007199254740992"),
    ],
)
def test_format_number(v: float, text: str) -> None:
    assert format_number(v) == text


@pytest.mark.parametrize(
    ("w", "b", "bias", "text", "latex"),
    [
        ((1.0, 1.0), -3.0, True, "x⁽¹⁾ + x⁽²⁾ - 3", "$x^{(1)} + x^{(2)} - 3$"),
        ((0.0, 0.0), 0.0, True, "0", "$0$"),
        ((0.0, 0.0), 5.0, False, "0", "$0$"),
        ((-1.0, 0.0), 0.5, True, "-x⁽¹⁾ + 0.5", "$-x^{(1)} + 0.5$"),
        ((0.0, -2.5), 0.0, True, "-2.5x⁽²⁾", "$-2.5x^{(2)}$"),
        ((3.0, -1.0), 1.0, False, "3x⁽¹⁾ - x⁽²⁾", "$3x^{(1)} - x^{(2)}$"),
        (
            (1.5e-12, 1.0),
            1e20,
            True,
            "1.5e-12x⁽¹⁾ + x⁽²⁾ + 1e20",
            r"$(1.5 \times 10^{-12})x^{(1)} + x^{(2)} + 10^{20}$",
        ),
    ],
)
def test_decision_text(w: tuple[float, float], b: float, bias: bool, text: str, latex: str) -> None:
    cell = decision_text(w, b, bias=bias)
    assert (cell.text, cell.latex) == (text, latex)


# --------------------------------------------------------------------------- references


def integer_separable(rng: np.random.Generator, n: int) -> Dataset:
    a = rng.integers(-3, 4, size=2)
    while not a.any():
        a = rng.integers(-3, 4, size=2)
    c = int(rng.integers(-2, 3))
    X = rng.integers(-6, 7, size=(4 * n, 2))
    s = X @ a + c
    X, s = X[s != 0][:n], s[s != 0][:n]
    return make_dataset(X.astype(float), np.where(s > 0, 1.0, -1.0))


def textbook_first(
    X: list[list[float]], y: list[float], eta: float, limit: int
) -> list[tuple[int, list[float], float]]:
    """The textbook loop, order "first": (point, w, b) after each update."""
    w, b = [0.0, 0.0], 0.0
    out: list[tuple[int, list[float], float]] = []
    while len(out) < limit:
        for i, (x, yi) in enumerate(zip(X, y, strict=True)):
            if yi * (x[0] * w[0] + x[1] * w[1] + b) <= 0:
                w = [w[0] + eta * yi * x[0], w[1] + eta * yi * x[1]]
                b += eta * yi
                out.append((i, w, b))
                break
        else:
            break
    return out


@pytest.mark.parametrize("seed", range(40))
def test_primal_table_matches_the_textbook_loop(seed: int) -> None:
    rng = np.random.default_rng(seed)
    data = integer_separable(rng, int(rng.integers(2, 15)))
    eta = float(rng.choice([1.0, 0.5, 2.0]))
    ref = textbook_first(data.points.tolist(), data.labels.tolist(), eta, 500)
    t = make_trainer(data, TrainConfig(order="first", eta=eta, max_updates=500))
    t.run()
    rows = csv_rows(to_csv(iteration_table(data, t)))[1:]
    assert len(rows) == len(ref) + 1
    for k, (row, (i, w, b)) in enumerate(zip(rows[1:], ref, strict=True), start=1):
        assert row[:4] == [
            str(k),
            f"x{i + 1}",
            f"({format_number(w[0])}, {format_number(w[1])})",
            format_number(b),
        ]
        assert row[4] == decision_text((w[0], w[1]), b).text


@pytest.mark.parametrize("seed", range(30))
def test_dual_alpha_are_update_counts_times_eta(seed: int) -> None:
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(2, 11))
    data = integer_separable(rng, n)
    eta = float(rng.choice([1.0, 0.25, 3.0]))  # exact sums: α equals count × η to the bit
    order = str(rng.choice(["first", "cyclic", "random-cyclic", "random"]))
    config = TrainConfig(mode="dual", order=order, eta=eta, seed=seed, max_updates=300)  # type: ignore[arg-type]
    t = trained(data, config)
    rows = csv_rows(to_csv(iteration_table(data, t)))
    assert rows[0] == ["k", "misclassified point", *(f"α{j + 1}" for j in range(data.n)), "b"]
    updates = t.updates.tolist()
    primal = csv_rows(to_csv(iteration_table(data, trained(data, config.with_(mode="primal")))))
    for k, row in enumerate(rows[1:]):
        counts = Counter(updates[:k])
        alpha = [counts[j] * eta for j in range(data.n)]
        assert row[2:-1] == [format_number(a) for a in alpha]
        # w = Σ α_j y_j x_j is the primal's w after the same update, and b agrees.
        w = (np.array(alpha) * data.labels) @ data.points
        assert primal[k + 1][2] == f"({format_number(w[0])}, {format_number(w[1])})"
        assert primal[k + 1][3] == row[-1]
    final = t.alpha
    assert final is not None
    assert rows[-1][2:-1] == [format_number(a) for a in final]


def test_dual_alpha_columns_beyond_20_points_are_every_point_updated() -> None:
    """Issue 28: a 40-point table listed α1 … α12, all 0 but two, and left out the points
    the run updated (x17, x18, x32, x33, x35). Beyond `MAX_ALPHA_COLUMNS` points the table
    has a column for every point updated, in every format, and a note saying so."""
    from perceptron_gui.core.generators import generate

    assert MAX_ALPHA_COLUMNS == 20
    data = generate("separable", 40, margin=0.02, seed=2)
    for mode, extra in (("dual", {}), ("kernel", {"kernel": "rbf", "sigma": 1.0})):
        t = trained(data, TrainConfig(mode=mode, **extra))
        counts = Counter(t.updates.tolist())
        updated = sorted(counts)
        assert 0 < len(updated) < data.n and max(updated) >= MAX_ALPHA_COLUMNS
        table = iteration_table(data, t)
        names = [f"α{i + 1}" for i in updated]
        note = f"α of the {len(updated)} points updated, of {data.n}; every other α is 0"
        assert table.note == note
        rows = csv_rows(to_csv(table))
        assert rows[0][2 : 2 + len(updated)] == names
        assert rows[-1][2 : 2 + len(updated)] == [format_number(counts[i]) for i in updated]
        md = to_markdown(table)
        assert markdown_rows(md)[0][2 : 2 + len(updated)] == names and note in md
        tex = to_latex(table)
        assert f"% {note}" in tex
        assert " & ".join(f"$\\alpha_{{{i + 1}}}$" for i in updated) in tex


def test_up_to_20_points_the_dual_table_has_every_alpha() -> None:
    rng = np.random.default_rng(7)
    data = integer_separable(rng, 20)
    t = trained(data, TrainConfig(mode="dual", order="cyclic"))
    table = iteration_table(data, t)
    assert [c.text for c in table.header[2:-1]] == [f"α{j + 1}" for j in range(data.n)]
    assert table.note == ""
    counts = Counter(t.updates.tolist())
    last = csv_rows(to_csv(table))[-1]
    assert last[2:-1] == [format_number(counts[j]) for j in range(data.n)]


def test_one_minus_sign_per_format_in_every_column() -> None:
    """CSV: the ASCII hyphen everywhere; Markdown: U+2212 everywhere (the w, b and
    w·x + b columns alike, issue 28); LaTeX: ``-`` in math mode."""
    from perceptron_gui.core.config import MODES

    for mode in MODES:
        t = trained(EXAMPLE, TrainConfig(mode=mode))
        table = iteration_table(EXAMPLE, t)
        csv_text, md, tex = to_csv(table), to_markdown(table), to_latex(table)
        assert "−" not in csv_text and "-" in csv_text, mode
        body = "".join(md.splitlines(keepends=True)[2:])
        assert "-" not in body.replace("---", "") and "−" in body, mode
        assert "−" not in tex, mode


def test_pocket_table_is_its_running_weights() -> None:
    from perceptron_gui.core import generate

    data = generate("noisy", 30, noise=0.2, seed=3)
    config = TrainConfig(mode="pocket", order="cyclic", max_updates=40)
    pocket = iteration_table(data, trained(data, config))
    primal = iteration_table(data, trained(data, config.with_(mode="primal")))
    assert pocket == primal and len(pocket.rows) == 41


# --------------------------------------------------------------------------- LaTeX compiles


@pytest.mark.skipif(
    shutil.which("pdflatex") is None and shutil.which("latex") is None,
    reason="no pdflatex or latex on PATH",
)
def test_latex_compiles(tmp_path: Path) -> None:
    big = integer_separable(np.random.default_rng(7), 30)
    tables = [
        iteration_table(EXAMPLE, trained(EXAMPLE, FIRST)),
        iteration_table(EXAMPLE, trained(EXAMPLE, FIRST.with_(mode="dual"))),
        iteration_table(big, trained(big, TrainConfig(mode="dual")), max_rows=20),
        iteration_table(
            EXAMPLE, trained(EXAMPLE, FIRST.with_(eta=1.5e-12, w0=(1e20, -0.5))), max_rows=3
        ),
    ]
    doc = (
        "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n"
        + "\n\\bigskip\n".join(to_latex(t) for t in tables)
        + "\\end{document}\n"
    )
    (tmp_path / "t.tex").write_text(doc, encoding="utf-8")
    engine = shutil.which("pdflatex") or shutil.which("latex")
    assert engine is not None
    r = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    log = r.stdout.decode(errors="replace")
    assert r.returncode == 0, log[-3000:]
    assert "Missing" not in log and "Undefined control sequence" not in log


# --------------------------------------------------------------------------- the CLI


@pytest.fixture
def example(tmp_path: Path) -> Path:
    p = tmp_path / "example.csv"
    p.write_text(EXAMPLE_CSV)
    return p


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("fmt", "render"), [("csv", to_csv), ("markdown", to_markdown), ("latex", to_latex)]
)
def test_trace_format_tables(
    capsys: pytest.CaptureFixture[str], example: Path, fmt: str, render: object
) -> None:
    code, out, err = run(capsys, "trace", str(example), "--order", "first", "--format", fmt)
    assert (code, err) == (0, "")
    assert callable(render)
    assert out == render(iteration_table(EXAMPLE, trained(EXAMPLE, FIRST)))
    if fmt == "csv":
        assert csv_rows(out)[1:] == [list(r) for r in BOOK_PRIMAL]
    elif fmt == "markdown":
        assert markdown_rows(out)[2:] == BOOK_PRIMAL_MARKDOWN
    else:
        assert latex_body(out) == BOOK_PRIMAL_LATEX


def test_trace_format_dual_csv(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    code, out, _ = run(
        capsys, "trace", str(example), "--order", "first", "--mode", "dual", "--format", "csv"
    )
    assert code == 0
    assert csv_rows(out)[1:] == [list(r) for r in BOOK_DUAL]


def test_trace_format_json_and_text(capsys: pytest.CaptureFixture[str], example: Path) -> None:
    _, plain, _ = run(capsys, "trace", str(example))
    _, text, _ = run(capsys, "trace", str(example), "--format", "text")
    assert text == plain and "converged" in text and "mistakes: k = 7" in text
    _, alias, _ = run(capsys, "trace", str(example), "--json")
    _, doc, _ = run(capsys, "trace", str(example), "--format", "json")
    _, both, _ = run(capsys, "trace", str(example), "--format", "json", "--json")
    assert alias == doc == both
    assert json.loads(doc)["bound"] == 117.0


def test_trace_json_with_another_format_is_one_line(
    capsys: pytest.CaptureFixture[str], example: Path
) -> None:
    code, out, err = run(capsys, "trace", str(example), "--json", "--format", "csv")
    assert (code, out) == (2, "")
    assert err == "perceptron: error: --json means --format json; it cannot go with --format csv\n"
    code, out, err = run(capsys, "trace", str(example), "--format", "pdf")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "argument --format: invalid choice: 'pdf'" in err


def test_trace_format_bad_file_is_still_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "bad.csv"
    p.write_text("1,2,1\n3,abc,-1\n")
    code, out, err = run(capsys, "trace", str(p), "--format", "latex")
    assert (code, out) == (2, "")
    assert err == f"perceptron: error: {p}, line 2: x2 is not a number: 'abc'\n"


def test_trace_format_latex_subprocess(example: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "perceptron_gui.core", "trace", str(example)]
        + ["--order", "first", "--format", "latex"],
        capture_output=True,
        timeout=120,
    )
    assert r.returncode == 0 and r.stderr == b""
    assert latex_body(r.stdout.decode("utf-8")) == BOOK_PRIMAL_LATEX


@pytest.mark.parametrize("fmt", ["latex", "markdown", "csv"])
@pytest.mark.parametrize("mode", ["primal", "dual", "pocket"])
@pytest.mark.parametrize("max_rows", [None, 0, 3])
def test_table_lines_stream_the_same_text(fmt: str, mode: str, max_rows: int | None) -> None:
    big = integer_separable(np.random.default_rng(11), 20)
    render = {"latex": to_latex, "markdown": to_markdown, "csv": to_csv}[fmt]
    for data in (EXAMPLE, big):
        t = trained(data, TrainConfig(mode=mode, max_updates=50))  # type: ignore[arg-type]
        lines = list(table_lines(fmt, data, t, max_rows=max_rows))  # type: ignore[arg-type]
        assert all(line.endswith("\n") and line.count("\n") == 1 for line in lines)
        assert "".join(lines) == render(iteration_table(data, t, max_rows=max_rows))


def test_trace_table_without_all_is_cut_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = tmp_path / "noisy.csv"
    assert cli.main(["generate", "noisy", "--n", "30", "--noise", "0.2", "-o", str(p)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(cli, "TABLE_ROWS", 5)
    code, out, err = run(capsys, "trace", str(p), "--max-updates", "40", "--format", "csv")
    assert code == 0
    assert err == "note: the table shows the first 5 of 40 updates; --all prints every one\n"
    rows = csv_rows(out)
    assert [r[0] for r in rows[1:]] == ["0", "1", "2", "3", "4", "5"]
    code, out, err = run(capsys, "trace", str(p), "--max-updates", "40", "--format", "latex")
    assert out.startswith("% the first 5 of 40 updates\n")
    code, out, err = run(capsys, "trace", str(p), "--max-updates", "40", "--format", "csv", "--all")
    assert (code, err) == (0, "")
    assert [r[0] for r in csv_rows(out)[1:]] == [str(k) for k in range(41)]


# --------------------------------------------------------------------------- averaged, voted


def averaged_loop(
    X: list[list[float]], y: list[float], eta: float, epochs: int
) -> tuple[list[int], list[tuple[float, float, float]]]:
    """The averaged perceptron as a plain loop, order "cyclic": per vector, its count c
    and the mean of the weights over every visit up to its last (w̄₁, w̄₂, b̄)."""
    n = len(X)
    w, b = [0.0, 0.0], 0.0
    counts = [0]
    sums, visits, clean = [0.0, 0.0, 0.0], 0, 0
    averages: list[tuple[float, float, float]] = []

    def mean() -> tuple[float, float, float]:
        return (
            (sums[0] / visits, sums[1] / visits, sums[2] / visits)
            if visits
            else (float("nan"),) * 3
        )

    while visits < epochs * n and clean < n:
        i = visits % n
        if y[i] * (X[i][0] * w[0] + X[i][1] * w[1] + b) <= 0:
            averages.append(mean())  # the vector before the update has cast its votes
            w = [w[0] + eta * y[i] * X[i][0], w[1] + eta * y[i] * X[i][1]]
            b += eta * y[i]
            counts.append(1)
            clean = 0
        else:
            counts[-1] += 1
            clean += 1
        visits += 1
        sums = [sums[0] + w[0], sums[1] + w[1], sums[2] + b]
    averages.append(mean())
    return counts, averages


def cell_numbers(text: str) -> list[float]:
    return [float(v) for v in text.strip("()").replace("−", "-").split(", ")]


@pytest.mark.parametrize("seed", range(12))
def test_averaged_table_has_the_running_average_of_a_plain_loop(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 12))
    X = np.round(rng.normal(size=(n, 2)) * 3, 1)
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[0], y[-1] = 1.0, -1.0
    data = make_dataset(X, y)
    eta = [1.0, 0.5, 0.1][seed % 3]
    config = TrainConfig(mode="averaged", order="cyclic", eta=eta, max_epochs=6)
    counts, averages = averaged_loop(X.tolist(), y.tolist(), eta, 6)
    trainer = trained(data, config)
    for table in (iteration_table(data, trainer), iteration_table(data, trainer.result(), config)):
        titles = [c.text for c in table.header]
        assert titles[-3:] == ["c", "w̄", "b̄"]
        assert len(table.rows) == len(counts)
        for row, c, avg in zip(table.rows, counts, averages, strict=True):
            assert int(row[-3].text) == c
            if np.isnan(avg[0]):
                assert (row[-2].text, row[-1].text) == ("—", "—")
            else:
                got = [*cell_numbers(row[-2].text), float(row[-1].text)]
                np.testing.assert_allclose(got, avg, rtol=2e-5, atol=1e-9)
    # The last row is the answer, to the bit (the same sums in the same order).
    avg_w, avg_b = trainer.averaged()
    full = iteration_table(data, trainer, digits=17)
    assert cell_numbers(full.rows[-1][-2].text) == list(avg_w)
    assert float(full.rows[-1][-1].text) == avg_b
    assert sum(int(r[-3].text) for r in full.rows) == trainer.visits


def test_voted_table_has_each_vectors_count() -> None:
    data = make_dataset([[3, 3], [4, 3], [1, 1], [2, 0.5]], [1, 1, -1, -1])
    config = TrainConfig(mode="voted", order="cyclic", max_epochs=20)
    result = trained(data, config).result()
    table = iteration_table(data, result, config)
    assert [c.text for c in table.header][-1] == "c"
    assert result.votes is not None
    assert [int(r[-1].text) for r in table.rows] == [c for _, _, c in result.votes]
    md = to_markdown(table)
    assert "| c |" in md


def test_averaged_table_without_visits_and_cut() -> None:
    data = make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    config = TrainConfig(mode="averaged", order="cyclic")
    trainer = make_trainer(data, config)
    trainer.step()  # the first visit is a mistake: the initial weights have no vote
    table = iteration_table(data, trainer)
    assert [c.text for c in table.rows[0][-3:]] == ["0", "—", "—"]
    assert [c.text for c in table.rows[1][-3:]] == ["1", "(3, 3)", "1"]
    assert "---" in to_latex(table)
    trainer.run()
    cut = iteration_table(data, trainer, max_rows=2)
    whole = iteration_table(data, trainer)
    assert cut.rows == whole.rows[:3]


def test_trace_text_averaged_has_counts_and_the_running_average(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p = tmp_path / "noisy.csv"
    p.write_text("x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n2,0.5,-1\n3.5,2,-1\n")
    code, out, err = run(capsys, "trace", str(p), "--mode", "averaged", "--max-epochs", "4")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    head = next(ln for ln in lines if ln.lstrip().startswith("k "))
    assert head.split()[-3:] == ["c", "w̄", "b̄"]
    X = [[3, 3], [4, 3], [1, 1], [2, 0.5], [3.5, 2]]
    counts, averages = averaged_loop(X, [1, 1, -1, -1, -1], 1.0, 4)
    body = lines[lines.index(head) + 1 : lines.index(head) + len(counts)]
    assert len(body) == len(counts) - 1  # the text has the updates (k ≥ 1)
    for ln, c, avg in zip(body, counts[1:], averages[1:], strict=True):
        w_bar = ln[head.index("w̄") : head.index("b̄") - 1].strip()
        b_bar = ln[head.index("b̄") - 1 :].strip()
        assert int(ln[: head.index("w̄")].split()[-1]) == c
        np.testing.assert_allclose([*cell_numbers(w_bar), float(b_bar)], avg, rtol=1e-5)

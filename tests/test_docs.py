"""The docs tell the truth: every Python snippet of the site and the README runs (so none
can print False), the keys table is the program's, the README is a short front door that
starts with its two commands, and the site builds with warnings as errors."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from perceptron_gui.app.dialogs import SHORTCUTS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text("utf-8")
PAGES = {p.name: p.read_text("utf-8") for p in sorted(DOCS.glob("*.md"))}


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


SNIPPETS = [
    (name, i, block)
    for name, text in [("README.md", README), *PAGES.items()]
    for i, block in enumerate(python_blocks(text), 1)
]


def test_there_are_snippets_to_run() -> None:
    assert len(SNIPPETS) >= 2 and {n for n, _, _ in SNIPPETS} >= {"scripting.md"}


#: The pages with snippets, each run as one test: its snippets in order, in one folder (a
#: later snippet may read the file an earlier one wrote, as a reader following the page would).
PAGES_WITH_SNIPPETS = sorted({name for name, _, _ in SNIPPETS})


@pytest.mark.parametrize("page", PAGES_WITH_SNIPPETS)
def test_every_python_snippet_runs(
    page: str, request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snippet runs as it is, in a folder of the page's own (the files it writes land
    there, not in the checkout); one that defines pytest tests (``def test_…(qtbot)``) has
    them run with pytest-qt's ``qtbot``. A snippet checks what it claims with ``assert``."""
    monkeypatch.chdir(tmp_path)
    for _, i, block in (s for s in SNIPPETS if s[0] == page):
        ns: dict[str, Any] = {"__name__": "snippet"}
        exec(compile(block, f"<{page} snippet {i}>", "exec"), ns)
        for name, fn in list(ns.items()):
            if name.startswith("test_") and callable(fn):
                args = fn.__code__.co_varnames[: fn.__code__.co_argcount]
                fn(**{a: request.getfixturevalue(a) for a in args})


def test_the_session_and_lesson_examples_open(tmp_path: Path) -> None:
    """The data snippets of File formats are files the program reads as they are."""
    from perceptron_gui.core.io import load_file
    from perceptron_gui.core.lesson import load_lesson

    page = PAGES["formats.md"]
    (session,) = re.findall(r"^```json\n(.*?)^```", page, flags=re.S | re.M)
    (tmp_path / "s.json").write_text(session, "utf-8")
    loaded = load_file(tmp_path / "s.json")
    assert loaded.data.n == 3 and loaded.config is not None
    (lesson,) = re.findall(r"^```toml\n(.*?)^```", page, flags=re.S | re.M)
    (tmp_path / "marks.csv").write_text("3,3,1\n4,3,1\n1,1,-1\n", "utf-8")  # its data file
    (tmp_path / "week.lesson.toml").write_text(lesson, "utf-8")
    assert len(load_lesson(tmp_path / "week.lesson.toml").scenes) == 3


def test_the_command_line_error_example_is_what_it_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from perceptron_gui.cli import main

    (session,) = re.findall(r"^```\n(\$ perceptron trace bad.csv\n.*?)^```", PAGES["cli.md"],
                            flags=re.S | re.M)  # fmt: skip
    command, said = session.strip().split("\n")
    (tmp_path / "bad.csv").write_text("x1,x2,y\n3,3,1\n4,3,1\n1,abc,-1\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(command.split()[2:]) == 2
    err = capsys.readouterr().err.strip()
    assert err == said


def test_the_api_example_gives_the_numbers_it_claims() -> None:
    block = next(b for b in python_blocks(PAGES["scripting.md"]) if "import novikoff" in b)
    ns: dict[str, Any] = {}
    exec(block, ns)
    r, b = ns["r"], ns["b"]
    assert r.updates.tolist() == [0, 2, 2, 2, 0, 2, 2]
    assert (r.w, r.b) == ((1.0, 1.0), -3.0)
    assert math.isclose(b.D**2, 26, rel_tol=1e-12)
    assert math.isclose(b.gamma, math.sqrt(2) / 3, rel_tol=1e-12)
    assert math.isclose(b.bound, 117, rel_tol=1e-9)


def test_the_pytest_qt_example_is_there() -> None:
    assert any("def test_three_points(qtbot)" in b for b in python_blocks(PAGES["scripting.md"]))


def test_the_keys_table_is_the_programs() -> None:
    rows = re.findall(r"^\| (.+?) \| (.+?) \|$", PAGES["window.md"], flags=re.M)
    keys = [(k, v) for k, v in rows if (k, v) in set(SHORTCUTS)]
    assert keys == list(SHORTCUTS)


def test_every_menu_path_names_an_item_of_that_menu() -> None:
    """ "View ▸ Follow the line", "File ▸ Export ▸ Web page…": the item after a menu's name
    is one of that menu's (its first word is a word of an item's text or a submenu's
    title). docs/outputs.md named a "Lesson ▸ Export" that the Lesson menu never had."""
    from perceptron_gui.app.window.actions import ACTIONS, MENUS

    def words(text: str) -> set[str]:
        return set(re.findall(r"\w+", text.replace("&", "").lower()))

    texts = {a.id: a.text for a in ACTIONS}
    menus = {m.id: m for m in MENUS}
    items: dict[str, set[str]] = {}
    for m in MENUS:
        found: set[str] = set()
        for item in m.items:
            if item.startswith("menu:"):
                found |= words(menus[item[5:]].title)
            elif item in texts:
                found |= words(texts[item])
        items[m.title.replace("&", "")] = found
    names = "|".join(items)
    path = re.compile(rf"((?:(?:{names}) ▸ )+)[*\"]?(\w+)")
    seen = 0
    for name, text in [("README.md", README), *PAGES.items()]:
        for chain, first in path.findall(" ".join(text.split())):
            menu = chain.split(" ▸ ")[-2]
            assert first.lower() in items[menu], f'{name}: "{chain}{first}" is not in {menu}'
            seen += 1
    assert seen >= 30


# ------------------------------------------------------------------ the README


def test_the_readme_starts_with_the_two_commands() -> None:
    blocks = re.findall(r"```\n(.*?)\n```", README, flags=re.S)
    assert "perceptron-gui" in blocks[0] and "pip install ." in blocks[0]
    assert "pytest" in blocks[1] and '".[test]"' in blocks[1]
    test_command = README.split("<!-- test-command -->")[1].split("```")[1].strip()
    assert test_command == blocks[1]


def test_the_readme_s_two_test_commands_are_the_whole_suite() -> None:
    """The quick suite leaves out what is marked long and the long checks run only that, with
    the same pytest options in the same venv (the `long` extra added first): together they
    are every test, once."""
    import tomllib

    quick = README.split("<!-- test-command -->")[1].split("```")[1].strip()
    long = README.split("<!-- long-test-command -->")[1].split("```")[1].strip()
    pytest_part = quick.split(" && ")[-1]
    assert pytest_part.endswith(' -m "not long"')
    assert long == (
        '.venv/bin/pip install --no-compile ".[long]" && '
        + pytest_part.removesuffix(' -m "not long"')
        + " -m long"
    )
    assert "long: " in (ROOT / "pyproject.toml").read_text()  # the marker is registered
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = extras["optional-dependencies"]
    assert {"test", "long", "lint"} <= extras.keys()  # (.ci/run installs `lint`)
    development = PAGES["development.md"]
    assert f"```\n{quick}\n```" in development and f"```\n{long}\n```" in development


def test_the_speed_benchmark_runs_the_readme_s_pytest_part() -> None:
    """`scripts/bench_speed.py --tests` times the README's own pytest part, word for word."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_speed", ROOT / "scripts/bench_speed.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    words, env = bench.pytest_part("/the/python")
    quick = README.split("<!-- test-command -->")[1].split("```")[1].strip()
    assert words[0] == "/the/python" and " ".join(words[1:]) in quick.replace('"', "")
    assert words[-2:] == ["-m", "not long"] and "-n" in words
    assert env == {"PYTHONDONTWRITEBYTECODE": "", "QT_QPA_PLATFORM": "offscreen"}


def test_the_readme_is_a_front_door() -> None:
    assert README.count("\n") <= 250
    assert "![" in README and "assets/window.png" in README


def test_the_readme_gives_the_suites_latest_measured_time() -> None:
    """The README said 2 min 52 s – 3 min 7 s (2026-11-26) after docs/speed.md had measured
    5:35 for pytest alone on a quiet machine: it quotes speed.md's latest wall time."""
    latest = PAGES["speed.md"].split("## The latest figures (")[1].split("\n## ")[0]
    date = latest[:10]
    rows = re.findall(r"^\| `\w+`[^|]*\|[^|]*\|[^|]*\| (\d+):(\d\d) \|", latest, flags=re.M)
    minutes, seconds = rows[-1]
    assert f"{int(minutes)} min {int(seconds)} s" in README and date in README


def test_the_readme_tour_quotes_the_window(window) -> None:  # noqa: ANN001
    """The tour's lines 2 and 3 are the narration and the readout of the picture's run
    (the README quoted "≤ 0, a mistake" where update 1 says "≤ 0, on the line: a
    mistake", and its readout had 3 spaces where the window writes 4)."""
    window.load_example()
    window.set_order("first")
    window.step()
    said = window.state()["narration"]
    quoted = re.search(r'^2\. .*?\("(.+?)"\)', README, flags=re.M)
    assert quoted is not None
    at = 0
    for part in quoted.group(1).removesuffix(" …").split(" … "):
        at = said.index(part, at) + len(part)  # each quoted piece, in order
    window.step()
    window.step()
    (strip,) = re.findall(r"^3\. .*?`(k = .+?)`", README, flags=re.M)
    assert window.readout.text().startswith(strip), (strip, window.readout.text())


def test_the_readme_links_only_to_what_exists() -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), target
    for name in ("window.md", "scripting.md", "cli.md", "formats.md", "algorithms.md"):
        assert f"(docs/{name}" in README, name


def test_the_readme_lists_the_packages_ci_installs() -> None:
    block = README.split("<!-- test-packages -->")[1].split("<!-- /test-packages -->")[0]
    for name in ("xvfb", "openbox", "xdotool", "x11-utils", "chromium", "chromium-driver",
                 "dbus-daemon", "at-spi2-core", "python3-pyatspi"):  # fmt: skip
        assert re.search(rf"(^|\s){re.escape(name)}(\s|$)", block), name
    ci = (ROOT / ".ci" / "run").read_text("utf-8")  # CI installs both blocks
    assert "readme_packages debian-libraries" in ci and "readme_packages test-packages" in ci


# ------------------------------------------------------------------ the site


def test_no_page_cites_a_file_that_is_gone() -> None:
    """docs/dimensions.md cited "ALGORITHMS.md" five times after it became
    docs/algorithms.md: a page that names a top-level Markdown file names one that exists."""
    for name, text in [("README.md", README), *PAGES.items()]:
        for cited in set(re.findall(r"\b[A-Z][A-Z_]+\.md\b", text)):
            assert (ROOT / cited).is_file(), f"{name} cites {cited}"


def test_every_page_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text("utf-8").split("\nnav:")[1]
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", nav, flags=re.M))
    assert listed == set(PAGES), set(PAGES) ^ listed


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason='MkDocs is not installed: pip install ".[docs]"')
    pytest.importorskip(
        "material", reason='mkdocs-material is not installed: pip install ".[docs]"'
    )
    r = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(tmp_path)},
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp_path / "algorithms" / "index.html").is_file()


def test_the_keys_table_names_every_key_of_the_blank_screen() -> None:
    """B and "." blank the screen black, W and "," white (a presenter's clicker sends "."
    and ","): the Help dialog's table and docs/window.md name every one of those keys, in
    English and Chinese (they named B / W only)."""
    from PySide6.QtCore import QCoreApplication

    from perceptron_gui.app import i18n
    from perceptron_gui.app.window.actions import ACTIONS

    keys = {str(k) for a in ACTIONS if a.slot == "presentation.toggle_blank" for k in a.keys}
    assert {"B", ".", "W", ","} <= keys
    row = next(k for k, v in SHORTCUTS if "Blank the screen" in v)
    try:
        for language in ("en", "zh_CN"):
            i18n.set_language(language, remember=False)
            shown = QCoreApplication.translate("HelpDialog", row)
            for key in keys:
                assert key in shown.replace(" / ", " ").split(), (language, key, shown)
    finally:
        i18n.set_language("en", remember=False)

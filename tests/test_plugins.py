"""Modes from other packages (entry-point group ``perceptron_gui.modes``) and the registry
as the one place the program learns its modes from (issue 33)."""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from perceptron_gui.core import make_dataset
from perceptron_gui.core import registry as registry_module
from perceptron_gui.core.config import MODES, TrainConfig
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io.session_v1 import read_session, write_session
from perceptron_gui.core.lesson import parse_lesson
from perceptron_gui.core.registry import (
    _BUILT_IN,
    ENTRY_POINT_GROUP,
    REGISTRY,
    ModeRegistry,
    ModeSpec,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "normalised-perceptron"

#: Entry points a test points at (a list whose second item is not a ModeSpec, and one that
#: takes a built-in mode's key).
NOT_A_SPEC = [42]
TAKEN = REGISTRY["primal"]
GOOD = ModeSpec(
    "plain-copy",
    "plain copy",
    "a copy of the primal perceptron",
    REGISTRY["primal"].trainer,
    REGISTRY["primal"].bound_rule,
    tip="a copy",
)


def _ep(name: str, value: str) -> metadata.EntryPoint:
    return metadata.EntryPoint(name, value, ENTRY_POINT_GROUP)


def test_modes_is_the_registry_and_a_missing_mode_is_named(tmp_path) -> None:
    assert MODES == tuple(REGISTRY) and len(MODES) >= 9
    with pytest.raises(DataError, match="mode 'normalised' is not installed: the modes are"):
        TrainConfig(mode="normalised")
    # A session naming a mode that is not installed opens with that message and the file.
    path = tmp_path / "run.json"
    write_session(path, make_dataset([[1, 1], [-1, -1]], [1, -1]), TrainConfig())
    text = path.read_text("utf-8")
    assert '"mode": "primal"' in text
    # (without its settings checksum, as an older file: a changed setting is refused first)
    text = re.sub(r'  "settings_checksum": "[^"]*",\n', "", text)
    path.write_text(text.replace('"mode": "primal"', '"mode": "normalised"'), "utf-8")
    with pytest.raises(DataError) as exc:
        read_session(path)
    assert "run.json" in str(exc.value) and "not installed" in str(exc.value)
    # ... and so does a lesson.
    lesson = 'title = "t"\n[[scene]]\ntitle = "s"\ncaption = "c"\nmode = "normalised"\n'
    lesson += "points = [[1, 1, 1], [-1, -1, -1]]\n"
    with pytest.raises(DataError, match="mode 'normalised' is not installed") as exc:
        parse_lesson(lesson, "plug.lesson.toml")
    assert "plug.lesson.toml" in str(exc.value)


def test_a_broken_plugin_is_one_line_and_skipped(monkeypatch, capsys) -> None:
    registry = registry_module
    eps = [
        _ep("absent", "no_such_module_xyz:SPEC"),
        _ep("raises", "tests.test_plugins:no_such_name"),
        _ep("list", "tests.test_plugins:NOT_A_SPEC"),
        _ep("taken", "tests.test_plugins:TAKEN"),
        _ep("good", "tests.test_plugins:GOOD"),
    ]
    monkeypatch.setattr(registry, "_entry_points", lambda: eps)
    fresh = ModeRegistry(_BUILT_IN)
    assert tuple(fresh) == (*_BUILT_IN, "plain-copy")  # loaded at the first read, once
    assert fresh["plain-copy"] == GOOD
    err = capsys.readouterr().err.splitlines()
    assert len(err) == len(fresh.problems) == 4
    assert all(line.startswith("perceptron-gui: plugin '") for line in err)
    assert "already taken" in fresh.problems[3] and "int" in fresh.problems[2]
    assert tuple(fresh) == (*_BUILT_IN, "plain-copy") and capsys.readouterr().err == ""


def test_plugins_are_looked_for_as_importlib_metadata_finds_them(tmp_path, monkeypatch) -> None:
    """Without a distribution naming the group, no plugin and no `importlib.metadata` import
    (~35 ms of a start); with one, `importlib.metadata`'s entry points, as before."""
    declares = registry_module._may_declare_plugins
    plain = tmp_path / "plain"
    (plain / "other-1.0.dist-info").mkdir(parents=True)
    (plain / "other-1.0.dist-info" / "entry_points.txt").write_text(
        "[console_scripts]\nother = other:main\n", "utf-8"
    )
    (plain / "bare-2.0.dist-info").mkdir()  # (no entry points at all)
    (plain / "old.egg-info").write_text("Metadata-Version: 1.0\n", "utf-8")  # (a file)
    (plain / "module.py").write_text("", "utf-8")
    paths = [str(plain), str(tmp_path / "absent")]
    assert not declares(paths)
    plug = tmp_path / "plug"
    (plug / "plug-0.1.dist-info").mkdir(parents=True)
    (plug / "plug-0.1.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: plug\nVersion: 0.1\n", "utf-8"
    )
    (plug / "plug-0.1.dist-info" / "entry_points.txt").write_text(
        f"[{registry_module.ENTRY_POINT_GROUP}]\nplug = tests.test_plugins:GOOD\n", "utf-8"
    )
    assert declares([*paths, str(plug)])
    zipped = tmp_path / "lib.zip"
    zipped.write_bytes(b"PK\x05\x06" + bytes(18))  # (an empty zip: importlib.metadata's to read)
    assert declares([*paths, str(zipped)])
    # The registry's own lookup: none on the plain path (and importlib.metadata not asked) ...
    asked: list[str] = []
    real = metadata.entry_points
    monkeypatch.setattr(
        metadata, "entry_points", lambda **kw: asked.append(kw["group"]) or real(**kw)
    )
    monkeypatch.setattr(sys, "path", paths)
    assert registry_module._entry_points() == [] and asked == []
    # ... and the plugin on a path that has it, found by importlib.metadata.
    monkeypatch.setattr(sys, "path", [*paths, str(plug)])
    found = registry_module._entry_points()
    assert [(ep.name, ep.value) for ep in found] == [("plug", "tests.test_plugins:GOOD")]
    assert asked == [registry_module.ENTRY_POINT_GROUP]


@functools.cache
def _app_trees() -> tuple[tuple[Path, ast.AST], ...]:
    """app/'s files, each parsed once for the module's scans (which do not change them)."""
    return tuple(
        (path, ast.parse(path.read_text("utf-8")))
        for path in sorted((ROOT / "perceptron_gui" / "app").rglob("*.py"))
    )


def _mode_names_in_app() -> list[tuple[str, int, str]]:
    """Every string literal in app/ that is a built-in mode's key, with its file and line."""
    found = []
    for path, tree in _app_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in _BUILT_IN:
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, node.value))
    return found


#: The built-in modes' keys that app/ may name, and why: each is not a mode there.
ALLOWED = {
    # the data generator's margin (the dialog, the window's File menu), not the mode
    "perceptron_gui/app/dialogs.py": {"margin"},
    "perceptron_gui/app/window/files.py": {"margin"},
    "perceptron_gui/app/lesson.py": {"margin", "dual"},  # a scene's margin; its "dual" table
    "perceptron_gui/app/lesson_export.py": {"dual"},  # the lesson's "dual" table tab
    # a step's reason ("batch", "margin") and the table's "margin" row kind
    "perceptron_gui/app/narration.py": {"batch", "margin"},
    "perceptron_gui/app/panels/iteration_table.py": {"margin"},
    # the answer's label and colour ("pocket", "average", "vote" come from the registry)
    "perceptron_gui/app/canvas/base.py": {"pocket"},
    "perceptron_gui/app/canvas/boundary.py": {"pocket"},
    "perceptron_gui/app/canvas/visuals/boundary.py": {"pocket"},  # the palette's colour
    "perceptron_gui/app/spaces.py": {"pocket"},  # the palette's colour of that name
}  # fmt: skip


def test_no_built_in_mode_is_named_in_the_app_outside_the_allowed_places() -> None:
    found = _mode_names_in_app()
    stray = [(f, line, v) for f, line, v in found if v not in ALLOWED.get(f, set())]
    assert stray == [], "read it from the registry (spec(mode).<property>)"
    assert any(f.endswith("narration.py") for f, _, _ in found)  # the scan sees the literals
    # An allowance that is no longer used goes (the list only shrinks).
    used = {(f, v) for f, _, v in found}
    unused = sorted((f, v) for f, names in ALLOWED.items() for v in names if (f, v) not in used)
    assert unused == [], "take these out of ALLOWED"


def _answer_names_compared(tree: ast.AST) -> list[int]:
    """The lines where an answer's display name (`answer_name`) is compared or looked up:
    the program decides on `ModeSpec.answer_kind`, the name is only shown."""

    def names_it(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Attribute) and n.attr == "answer_name" for n in ast.walk(node))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and names_it(node):
            found.append(node.lineno)
        elif isinstance(node, ast.Subscript) and names_it(node.slice):
            found.append(node.lineno)
        elif isinstance(node, ast.Match) and names_it(node.subject):
            found.append(node.lineno)
    return sorted(found)


def test_the_app_decides_on_the_answer_kind_not_its_name() -> None:
    probe = ast.parse(
        'a = x if t.answer_name == "pocket" else None\n'
        'if t.spec.answer_name in ("average", "vote"):\n    pass\n'
        "c = COLOURS[t.answer_name]\nlabel = t.answer_name\n"
    )
    assert _answer_names_compared(probe) == [1, 2, 4]  # the scan can fail
    found = [
        (path.relative_to(ROOT).as_posix(), line)
        for path, tree in _app_trees()
        for line in _answer_names_compared(tree)
    ]
    assert found == [], "decide on spec.answer_kind; answer_name is what is shown"


def _tables_keyed_by_modes(path: Path) -> list[tuple[int, list[str]]]:
    """The dict literals of a test file with two or more keys that are built-in modes
    (a setting's name that is also a mode's, "kernel" or "margin", does not count)."""
    from perceptron_gui.core.params import BUILT_IN_PARAMS

    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Dict):
            keys = [
                k.value
                for k in node.keys
                if isinstance(k, ast.Constant)
                and k.value in _BUILT_IN
                and k.value not in BUILT_IN_PARAMS
            ]
            if len(keys) >= 2:
                found.append((node.lineno, keys))
    return found


@pytest.mark.long
def test_no_test_keys_a_table_by_mode_names(tmp_path) -> None:
    """A test asks the registry what a mode does (spec(mode).answer_name, .orders,
    .takes_w0, ...) rather than keeping a table by mode names, which a new mode misses."""
    # The scan finds such a table (so that it can fail) ...
    probe = tmp_path / "test_probe.py"
    probe.write_text('LIMIT = {"pa": 29, "pocket": 17}\nSET = {"kernel": 1, "margin": 2}\n')
    assert _tables_keyed_by_modes(probe) == [(1, ["pa", "pocket"])]
    # ... and no test has one.
    found = {
        p.name: t for p in sorted((ROOT / "tests").glob("*.py")) if (t := _tables_keyed_by_modes(p))
    }
    assert found == {}, "read the mode's property from the registry"


def _pip_install_example(tmp_path: Path) -> Path:
    """``pip install -e`` of the example plugin (a copy: nothing is written in the checkout)
    into a folder of its own, with nothing downloaded (--no-index; its build backend is its
    own, standard library only). The folder is a site directory to add, as a venv's."""
    src, site = tmp_path / "normalised-perceptron", tmp_path / "site"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("__pycache__", "tests"))
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--no-index", "--disable-pip-version-check", "--quiet", "--target", str(site),
         "-e", str(src)],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "PIP_NO_INPUT": "1", "PIP_CONFIG_FILE": os.devnull},
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-3000:]
    assert (site / "perceptron_normalised-0.1.0.dist-info" / "entry_points.txt").is_file()
    assert not (site / "perceptron_normalised").exists()  # editable: imported from src
    return site


def _plugin_env(tmp_path: Path) -> dict[str, str]:
    path = [str(ROOT), os.environ.get("PYTHONPATH", "")]
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in path if p),
        "QT_QPA_PLATFORM": "offscreen",
        "PERCEPTRON_GUI_NO_JIT": "1",  # the numpy path: no compile in the child
        "PERCEPTRON_GUI_STATE_DIR": str(tmp_path / "state"),
    }


_IN_THE_PLUGIN_ENV = r"""
import site, sys
site.addsitedir(sys.argv[2])  # where pip installed the plugin (its .pth: the editable finder)
import contextlib, io, json, math
import numpy as np
import perceptron_normalised
from perceptron_gui.core import train
from perceptron_gui.core.config import MODES

out = {"modes": list(MODES)}
X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0], [0.5, 2.0]])
y = np.array([1, 1, -1, -1])
eta = 0.5
r = train(X, y, mode="normalised", order="cyclic", eta=eta)
# The rule by a plain loop: on y(w·x + b) <= 0, w += (η/‖x̂‖) y x, b += (η/‖x̂‖) y.
w, b, k, clean, i = [0.0, 0.0], 0.0, 0, 0, 0
while clean < len(X):
    x, t = X[i], float(y[i])
    if t * (w[0] * x[0] + w[1] * x[1] + b) <= 0:
        s = eta / math.sqrt(x[0] ** 2 + x[1] ** 2 + 1.0) * t
        w, b, k, clean = [w[0] + s * x[0], w[1] + s * x[1]], b + s, k + 1, 0
    else:
        clean += 1
    i = (i + 1) % len(X)
out["train"] = [list(map(float, r.w)), float(r.b), len(r.updates), bool(r.converged)]
out["loop"] = [w, b, k]

from perceptron_gui.cli.command import main as cli
with open(sys.argv[1], "w") as f:
    f.write("x1,x2,y\n" + "".join(f"{a},{c},{int(t)}\n" for (a, c), t in zip(X, y)))
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    out["cli_rc"] = cli(["trace", sys.argv[1], "--mode", "normalised", "--eta", "0.5"])
out["cli"] = buf.getvalue()
out["plugin_from"] = perceptron_normalised.__file__

from perceptron_gui.core import make_dataset
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.io.session_v1 import read_session, write_session
config = TrainConfig(mode="normalised", eta=eta, order="random", seed=3)
write_session(sys.argv[1] + ".json", make_dataset(X, y), config)
back = read_session(sys.argv[1] + ".json")
out["session"] = [back.config == config, back.config.mode, back.data.n]

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from perceptron_gui import MainWindow
app = QApplication.instance() or QApplication([])
win = MainWindow(frame_interval_ms=0, autosave_ms=None, animation_ms=0)
win.show()
win.set_points(X.tolist(), y.tolist())
combo = win.controls.mode_combo
i = combo.findData("normalised")
out["tip"] = combo.itemData(i, Qt.ItemDataRole.ToolTipRole)
out["label"] = combo.itemText(i)
combo.setCurrentIndex(i)  # the user's choice in the mode list
win.controls.eta_spin.setValue(eta)
out["mode"] = win.controller.config.mode
win.act_step.trigger()
app.processEvents()
out["narration"] = win.narration.text()
rec = win.controller.trainer.last
out["rec"] = [rec.index, rec.scale, list(rec.w_after), rec.b_after]
out["table"] = win.copy_table("csv")
win.close()
with open(sys.argv[1] + ".out.json", "w") as f:
    json.dump(out, f)
"""

# Then, in the same interpreter, the plugin's own tests (see below).
_THEN_ITS_TESTS = r"""
import gc, pytest
del win  # (closed) and what the checks above left: out of the collector's way, so that
gc.collect()  # the plugin's speed test times its loops, not passes over them
gc.freeze()
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", sys.argv[3]]))
"""


@pytest.fixture(scope="module")
def plugin_run(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess, dict]:  # type: ignore[type-arg]
    """One ``pip install -e`` of the example plugin, and one fresh interpreter where it is
    installed, seen through its entry point only: it runs `_IN_THE_PLUGIN_ENV`, then the
    plugin's own tests with pytest (a pip run and an interpreter each cost ~1.5-2 s of CPU:
    the two tests below shared neither before)."""
    tmp_path = tmp_path_factory.mktemp("plugin")
    site = _pip_install_example(tmp_path)
    env = {**_plugin_env(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    del env["PERCEPTRON_GUI_NO_JIT"]  # the plugin's tests check its compiled loop
    data = tmp_path / "d.csv"
    r = subprocess.run(
        [sys.executable, "-c", _IN_THE_PLUGIN_ENV + _THEN_ITS_TESTS, str(data), str(site),
         str(EXAMPLE / "tests")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=240,
    )  # fmt: skip
    out_file = Path(str(data) + ".out.json")
    assert out_file.is_file(), r.stderr[-3000:]
    return r, {**json.loads(out_file.read_text()), "tmp_path": str(tmp_path)}


@pytest.mark.long
@pytest.mark.xdist_group("plugin")  # one worker: one install, one interpreter
def test_an_installed_plugin_mode_runs_everywhere(plugin_run) -> None:  # noqa: ANN001
    """The example plugin installed with ``pip install -e``, seen through its entry point
    only, in one fresh interpreter: train(), `perceptron trace --mode`, a session's round
    trip, and the window's mode list, step and narration."""
    r, out = plugin_run
    tmp_path = Path(out["tmp_path"])
    assert "skipped" not in r.stderr
    assert out["modes"] == [*_BUILT_IN, "normalised"]
    (w, b, k, converged), (lw, lb, lk) = out["train"], out["loop"]
    assert converged and k == lk and k > 1
    assert w == pytest.approx(lw, rel=1e-12) and b == pytest.approx(lb, rel=1e-12)
    assert out["cli_rc"] == 0 and "normalised" in out["cli"] and "converged" in out["cli"]
    assert out["tip"].startswith("Normalised perceptron:") and out["label"] == "normalised"
    assert out["mode"] == "normalised"
    assert out["plugin_from"].startswith(str(tmp_path / "normalised-perceptron"))
    assert out["session"] == [True, "normalised", 4]
    # The first step, x1 = (3, 3) with w = 0: η′ = 0.5/√19, w = η′·(3, 3), b = η′.
    i, scale, w_after, b_after = out["rec"]
    assert i == 0 and scale == pytest.approx(0.5 / 19**0.5, rel=1e-15)
    assert w_after == pytest.approx([3 * scale] * 2) and b_after == pytest.approx(scale)
    text = out["narration"].replace("\u00a0", " ")
    assert "η′ = η/‖x̂‖ = 0.1147" in text, text
    assert "w ← w + η′yx = (0, 0) + (0.3441, 0.3441) = (0.3441, 0.3441)" in text, text
    assert "b ← b + η′y = 0 + 0.1147 = 0.1147" in text, text
    assert "min(C" not in text  # not passive-aggressive's τ
    table = out["table"].splitlines()  # the iteration table: the start and update 1
    assert len(table) >= 3 and "nan" not in out["table"].lower()
    assert f"{3 * scale:.6g}"[:6] in table[2], table


@pytest.mark.long
@pytest.mark.xdist_group("plugin")  # one worker: one install, one interpreter
def test_the_plugins_own_tests_pass_with_it_installed(plugin_run) -> None:  # noqa: ANN001
    """The example's own tests (examples/normalised-perceptron/tests), run by pytest in a
    fresh interpreter where the plugin is installed, with the compiled loop: its step's
    bits against numpy's and its speed against the primal's are checked there."""
    r, _ = plugin_run
    assert r.returncode == 0, (r.stdout + r.stderr)[-3000:]
    assert " passed" in r.stdout and "skipped" not in r.stdout, r.stdout[-2000:]


#: The engine of the step-able trainers, the R^d loop and its replay, and what builds a
#: run's answer (its result, an experiment's test error, a table's vote counts): no mode
#: is named there (they read what a mode does from the registry: `ModeSpec.rd_rule`,
#: `counts_errors`, `answer_kind`, `has_w`, `takes_w0`, `batch`).
ENGINE_FILES = (
    "engine.py", "trainer.py", "online.py", "batch.py", "margin.py", "fast.py", "multi.py",
    "replay.py", "experiment.py", "tables.py",
)  # fmt: skip


def _rule_names(tree: ast.AST) -> set[int]:
    """The ids of the literals that name a compiled step, not a mode: the keys of
    ``RULE_CODES = {...}`` and the first argument of ``register_rule(...)`` ("pa", "kernel")."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            if any(isinstance(t, ast.Name) and t.id == "RULE_CODES" for t in node.targets):
                ids.update(id(k) for k in node.value.keys if k is not None)
        if isinstance(node, ast.Call) and node.args:
            f = node.func
            if (
                f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            ) == "register_rule":
                ids.add(id(node.args[0]))
    return ids


def _mode_names_in(path: Path, functions: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    """String literals of `path` that are a built-in mode's key (only inside `functions`
    when given), a compiled step's name aside (`_rule_names`)."""
    tree = ast.parse(path.read_text("utf-8"))
    roots = [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name in functions
    ] if functions else [tree]  # fmt: skip
    rules = _rule_names(tree)
    return [
        (node.lineno, node.value)
        for root in roots
        for node in ast.walk(root)
        if isinstance(node, ast.Constant) and node.value in _BUILT_IN and id(node) not in rules
    ]


#: Literals that are not the mode of that name: "batch", a batch step's reason
#: (records.Reason); in tables.py "primal" and "dual", the two layouts of a run's table.
def _not_a_mode(name: str, value: str) -> bool:
    return value == "batch" or (name == "tables.py" and value in ("primal", "dual"))


def test_the_engine_and_the_rd_rules_name_no_mode(tmp_path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        'RULE_CODES = {"pa": 1}\nPA = register_rule("pa")\n'
        'def prepare(c):\n    return c.mode == "pocket" or c.mode == "pa"\n'
    )
    assert _mode_names_in(probe) == [(4, "pocket"), (4, "pa")]  # the scan can fail
    assert _mode_names_in(probe, ("prepare",)) == [(4, "pocket"), (4, "pa")]
    core = ROOT / "perceptron_gui" / "core"
    found = {
        name: f
        for name in ENGINE_FILES
        if (f := [(ln, v) for ln, v in _mode_names_in(core / name) if not _not_a_mode(name, v)])
    }
    assert found == {}, "read what the mode does from its registry entry"
    from perceptron_gui.core.multi import RULE_CODES

    assert {s.rd_rule for s in _BUILT_IN.values()} - {""} == set(RULE_CODES)


def test_a_mode_without_a_step_in_rd_is_refused_there_and_runs_with_one() -> None:
    """A mode whose step the R^d loop lacks (a plugin's) is refused in one line, where the
    loop ran the primal's rule in its name before; naming the loop's step runs it."""
    from dataclasses import replace

    from perceptron_gui.core.api import train

    X, y = [[1.0, 2.0, 0.5], [-1.0, -0.5, 1.0], [2.0, 1.0, -1.0]], [1, -1, 1]
    REGISTRY.register(GOOD)
    try:
        with pytest.raises(
            DataError, match="a copy of the primal perceptron runs on points with 2"
        ):
            train(X, y, mode="plain-copy")
        REGISTRY.unregister("plain-copy")
        REGISTRY.register(replace(GOOD, rd_rule="threshold"))
        got, want = train(X, y, mode="plain-copy"), train(X, y, mode="primal")
        assert got.w == want.w and got.b == want.b and got.updates.tolist() == want.updates.tolist()
    finally:
        REGISTRY.unregister("plain-copy")


def test_a_plugin_whose_rd_rule_is_not_its_trainers_is_refused_in_rd() -> None:
    """`ModeSpec.rd_rule` promises that the R^d loop computes the trainer's rule: a plugin
    naming another step ("pa" on the primal's trainer) is caught by `check_mode` (both
    paths on a few sets in the plane, bit for bit) and refused in R^d, not run with a
    rule the window does not step; the plane still runs it, and an honest entry passes."""
    from dataclasses import replace

    from perceptron_gui.core.api import train
    from perceptron_gui.core.registry import check_mode, make_trainer, rd_rule_problem

    X, y = [[1.0, 2.0, 0.5], [-1.0, -0.5, 1.0], [2.0, 1.0, -1.0]], [1, -1, 1]
    liar = replace(GOOD, mode="liar", rd_rule="pa")
    honest = replace(GOOD, rd_rule="threshold")
    for s in (liar, honest):
        REGISTRY.register(s)
    try:
        problems = check_mode("liar")
        assert problems and all("updates" in p for p in problems), problems
        assert rd_rule_problem(liar) == problems[0]
        with pytest.raises(DataError, match="its rd_rule 'pa' does not compute what its"):
            train(X, y, mode="liar")
        with pytest.raises(DataError, match="its rd_rule 'pa' does not compute"):
            make_trainer(make_dataset(X, y), TrainConfig(mode="liar"))  # the replay
        assert train([p[:2] for p in X], y, mode="liar").converged  # the plane: its trainer
        assert check_mode("plain-copy") == [] and rd_rule_problem(honest) == ""
        assert train(X, y, mode="plain-copy").w == train(X, y, mode="primal").w
        # A step the loop does not have, or none: nothing runs in R^d, nothing to check.
        assert check_mode(REGISTRY["primal"].mode) == []
        REGISTRY.unregister("liar")
        REGISTRY.register(replace(liar, rd_rule="normalised"))
        assert check_mode("liar") == ["rd_rule 'normalised' is none of the loop's steps "
                                      "(threshold, pa, gram, kernel)"]  # fmt: skip
    finally:
        for s in (liar, honest):
            REGISTRY.unregister(s.mode)


@pytest.mark.parametrize("mode", list(_BUILT_IN))
def test_a_copy_of_a_mode_under_another_key_gets_the_same_answer_in_rd(mode: str) -> None:
    """`train()` in R^d, its replay and an experiment build a run's answer (the pocket,
    the average, the vote, the kernel's model, the counts) from the registry entry, not
    the mode's key: a plugin's mode with the same entry under another key gets the same.
    (The copy's rd_rule is its trainer's: `check_mode` finds no difference.)"""
    from dataclasses import replace

    import numpy as np

    from perceptron_gui.core.api import train
    from perceptron_gui.core.experiment import experiment
    from perceptron_gui.core.registry import check_mode, make_trainer

    X = [[1.0, 2.0, 0.5], [-1.0, -0.5, 1.0], [2.0, 1.0, -1.0], [0.5, -1.0, 0.2], [1.0, 1.0, 1.0]]
    y = [1, -1, 1, 1, -1]
    copy = replace(REGISTRY[mode], mode=f"copy-{mode}")
    REGISTRY.register(copy)
    try:
        got, want = (train(X, y, mode=m, max_epochs=6) for m in (copy.mode, mode))
        assert {**got.to_dict(), "mode": mode} == want.to_dict()
        assert got.mistakes == want.mistakes and len(want.updates) > 1
        a, b = (
            make_trainer(make_dataset(X, y), TrainConfig(mode=m, max_epochs=6))
            for m in (copy.mode, mode)
        )
        for t in (a, b):
            t.step(), t.step()
        assert a.answer_errors == b.answer_errors and a.last == b.last
        if b.answer is not None:
            points = np.array(X)
            assert a.answer.decision(points).tolist() == b.answer.decision(points).tolist()
        e1, e2 = (
            experiment(X, y, 2, X_test=X, y_test=y, bound=False, mode=m, max_epochs=6)
            for m in (copy.mode, mode)
        )
        assert e1.test_errors.tolist() == e2.test_errors.tolist()
        assert check_mode(copy.mode) == []
    finally:
        REGISTRY.unregister(copy.mode)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring constants of a module, its classes and functions."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def test_the_program_knows_nothing_of_the_example_plugin() -> None:
    """The example plugin is a diff of its own directory only: the program's code, its
    translations, its package metadata and its README name neither its package nor its
    mode (the docs page that walks through it, a docstring's example and this file may)."""
    plugin = re.compile(r"perceptron_normalised|NormalisedTrainer|normalised_bound")
    found = []
    for path in sorted((ROOT / "perceptron_gui").rglob("*")):
        if path.suffix not in (".py", ".ts", ".toml", ".json", ".md", ".html", ".txt"):
            continue
        text = path.read_text("utf-8")
        found += [(path.name, m.group()) for m in plugin.finditer(text)]
        if path.suffix == ".py" and "normalised" in text.lower():
            tree = ast.parse(text)
            docs = _docstrings(tree)
            found += [
                (path.name, node.value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant)
                and id(node) not in docs
                and isinstance(node.value, str)
                and "normalised" in node.value.lower()
            ]
    for name in ("pyproject.toml", "README.md", "docs/algorithms.md"):
        found += [(name, m.group()) for m in plugin.finditer((ROOT / name).read_text("utf-8"))]
        found += [(name, "normalised perceptron")] * (
            "normalised perceptron" in (ROOT / name).read_text("utf-8").lower()
        )
    assert found == [], "the example plugin's code, mode and texts stay in its own package"
    # The scan sees a literal (so that it can fail).
    probe = ast.parse('"""the normalised mode"""\nMODE = "normalised"\n')
    hits = [n for n in ast.walk(probe) if isinstance(n, ast.Constant)]
    assert [n.value for n in hits if id(n) not in _docstrings(probe)] == ["normalised"]


def test_an_answer_kind_the_program_cannot_build_is_refused() -> None:
    from dataclasses import replace

    # the built-in entries are checked in a function: no loop variable left in the module
    assert not [n for n in vars(registry_module) if n in ("_s", "s")]

    with pytest.raises(ValueError, match="answer_kind must be one of"):
        REGISTRY.register(replace(GOOD, answer_kind="median"))
    with pytest.raises(ValueError, match="answer_kind 'fewest' needs counts_errors"):
        REGISTRY.register(replace(GOOD, answer_kind="fewest"))
    assert "plain-copy" not in REGISTRY


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # the primal's trainer keeps no average, vote or pocket: the plane would give none
        ({"answer_kind": "average"}, "'average' needs a VotedTrainer"),
        ({"answer_kind": "vote"}, "'vote' needs a VotedTrainer"),
        ({"answer_kind": "fewest", "counts_errors": True}, None),  # the pocket: accepted
        # the pocket's counts without its answer: the plane would give the pocket
        ({"counts_errors": True}, "counts_errors needs answer_kind 'fewest'"),
        # the voted trainer's answer is the average or the vote, never the running weights
        ({"trainer": "voted"}, "VotedTrainer needs answer_kind 'average' or 'vote'"),
        ({"trainer": "voted", "answer_kind": "fewest", "counts_errors": True}, "needs a Trainer"),
        # no w: the model of α (the kernel's trainer), in the plane as in R^d
        ({"has_w": False}, "has_w False needs a KernelTrainer"),
        ({"trainer": "kernel"}, "KernelTrainer needs has_w False"),
        ({"trainer": "kernel", "has_w": False}, None),
        ({"trainer": lambda d, c: None, "answer_kind": "vote"}, "needs a VotedTrainer"),
    ],
)
def test_an_answer_kind_its_trainer_does_not_make_is_refused(changes, message) -> None:  # noqa: ANN001
    """The plane's answer comes from the trainer's class, R^d's and the experiments' from
    `answer_kind`: registration refuses an entry where the two would differ (the primal's
    trainer with answer_kind "average" gave avg_w=None in 2-D and an avg_w in 3-D)."""
    from dataclasses import replace

    c = dict(changes)
    if isinstance(c.get("trainer"), str):
        c["trainer"] = REGISTRY[c["trainer"]].trainer
    entry = replace(GOOD, **c)
    if message is None:
        REGISTRY.register(entry)
        REGISTRY.unregister(entry.mode)
        return
    try:
        with pytest.raises(ValueError, match=message):
            REGISTRY.register(entry)
    finally:
        REGISTRY.unregister(entry.mode)


def test_a_modes_hooks_are_documented_and_the_familys_are_not_its() -> None:
    """docs/plugins.md's hook table names what a mode overrides (`_init_extra`,
    `_reset_extra`, never the engine's `_reset_state`) and `_alpha` as what α is read
    from; there is one trainer class: `OnlineTrainer` is the engine itself, and the
    perceptron's rule (`Trainer`) documents no constructor of its own (the engine's is
    the one) nor calls itself "the shared engine"."""
    from perceptron_gui.core.engine import Engine
    from perceptron_gui.core.online import OnlineTrainer
    from perceptron_gui.core.trainer import Trainer

    text = (ROOT / "docs" / "plugins.md").read_text("utf-8")
    hooks = re.findall(r"^\| `(_\w+)\(", text, flags=re.MULTILINE)
    assert {"_init_extra", "_reset_extra", "_wants_update", "_apply"} <= set(hooks)
    assert "_reset_state" not in hooks and "_init_run" not in hooks
    assert all(callable(getattr(Engine, h, None)) for h in hooks)
    assert "`self._alpha`" in text and "`has_alpha`" in text
    assert OnlineTrainer is Engine
    doc = Trainer.__doc__ or ""
    assert "Parameters" not in doc and "shared engine" not in doc
    assert "__init__" not in vars(Trainer)
    assert Engine.__init__.__doc__
    arch = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    assert "`_reset_extra`" in arch and "`_init_extra`" in arch

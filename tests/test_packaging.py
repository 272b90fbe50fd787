"""Conventional packaging: --version, py.typed, LICENSE, classifiers, one settings folder
(and its migration), renders that leave the recent-files list alone, translator notes."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import perceptron_gui

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
EXAMPLE = [(3, 3, 1), (4, 3, 1), (1, 1, -1)]


# ------------------------------------------------------------------ --version


def test_gui_version_exits_0_and_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    from perceptron_gui.app.main import main

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"perceptron-gui {perceptron_gui.__version__}"


@pytest.mark.long
def test_the_gui_command_prints_the_version_as_perceptron_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from perceptron_gui.cli import main as cli_main

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run(
        [sys.executable, "-m", "perceptron_gui", "--version"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0 and r.stderr == "" and r.stdout.split()[0] == "perceptron-gui"
    assert cli_main(["--version"]) == 0
    cli = capsys.readouterr().out.split()
    assert r.stdout.split()[1] == cli[1] == PYPROJECT["project"]["version"]


# ------------------------------------------------------------------ metadata


def test_py_typed_and_license_ship() -> None:
    assert (ROOT / "perceptron_gui" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["perceptron_gui"]
    project = PYPROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text


def test_classifiers_say_what_the_project_is() -> None:
    classifiers = PYPROJECT["project"]["classifiers"]
    assert "Typing :: Typed" in classifiers and "Topic :: Education" in classifiers
    # The Pythons named are those requires-python allows (>= 3.11) and CI runs (3.11, 3.12).
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    versions = [c.rsplit(" :: ", 1)[1] for c in classifiers if c.count("::") == 2]
    assert {"3.11", "3.12"} <= set(versions)
    # With an SPDX licence expression, a licence classifier is an error for setuptools.
    assert not any(c.startswith("License ::") for c in classifiers)


# ------------------------------------------------------------------ the state folder


def test_a_doubled_folder_is_moved_up_and_nothing_is_lost(tmp_path: Path) -> None:
    from perceptron_gui.app.storage import migrate_doubled_folder

    old = tmp_path / "perceptron-gui"
    old.mkdir()
    (old / "settings.ini").write_text("[General]\ntheme=dark\nui_scale=1.5\n", "utf-8")
    (old / "recovery.json").write_text('{"format": "perceptron-gui-session"}', "utf-8")
    (old / "recent.json").write_text('["/old/a.csv"]', "utf-8")
    (tmp_path / "recent.json").write_text('["/new/b.csv"]', "utf-8")  # newer: it stays
    assert migrate_doubled_folder(tmp_path) == ["settings.ini", "recovery.json"]
    assert (tmp_path / "settings.ini").read_text("utf-8").endswith("ui_scale=1.5\n")
    assert (tmp_path / "recovery.json").is_file()
    assert json.loads((tmp_path / "recent.json").read_text("utf-8")) == ["/new/b.csv"]
    assert (old / "recent.json").is_file()  # not ours to drop: the old folder stays
    (old / "recent.json").unlink()
    assert migrate_doubled_folder(tmp_path) == [] and not old.exists()
    assert migrate_doubled_folder(tmp_path) == []  # nothing to do: nothing happens


def test_the_app_has_one_settings_folder_and_migrates_the_doubled_one(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from perceptron_gui.app.storage import name_application, preferences, state_dir

    monkeypatch.delenv("PERCEPTRON_GUI_STATE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    doubled = tmp_path / "perceptron-gui" / "perceptron-gui"
    doubled.mkdir(parents=True)
    (doubled / "settings.ini").write_text("[General]\ntheme=high-contrast\n", "utf-8")
    names = qapp.applicationName(), qapp.organizationName()
    try:
        name_application(qapp)
        assert state_dir() == tmp_path / "perceptron-gui"
        assert preferences().value("theme") == "high-contrast"
        assert not doubled.exists()
    finally:
        qapp.setApplicationName(names[0])
        qapp.setOrganizationName(names[1])


# ------------------------------------------------------------------ the recent files


def _csv(tmp_path: Path) -> Path:
    path = tmp_path / "three.csv"
    path.write_text("".join(f"{a},{b},{y}\n" for a, b, y in EXAMPLE), "utf-8")
    return path


def test_a_screenshot_leaves_the_recent_files_alone(qapp, tmp_path: Path) -> None:
    from perceptron_gui.app.main import main
    from perceptron_gui.app.storage import load_recent

    data = _csv(tmp_path)
    names = qapp.applicationName(), qapp.organizationName()
    try:
        out = tmp_path / "shot.png"
        assert main(["--screenshot", str(out), "--size", "640x480", str(data)]) == 0
        qapp.processEvents()  # (the list is written in the next turn of the loop)
        assert out.stat().st_size > 0 and load_recent() == []
    finally:
        qapp.setApplicationName(names[0])
        qapp.setOrganizationName(names[1])


@pytest.mark.long
def test_opening_a_file_remembers_it_the_example_not(window, qapp, tmp_path: Path) -> None:
    from perceptron_gui.app.storage import load_recent

    window.load_example()
    qapp.processEvents()
    assert load_recent() == []
    data = _csv(tmp_path)
    assert window.load(data)
    qapp.processEvents()
    assert load_recent() == [str(data.resolve())]


# ------------------------------------------------------------------ translator notes


def _translations_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "update_translations", ROOT / "scripts" / "update_translations.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_a_comment_right_above_a_text_is_a_translator_note() -> None:
    notes = _translations_script().translator_notes
    src = (
        "#: How long a frame stays (ms).\n"
        "FRAME_MS = 40\n"
        "\n"
        "#: The runs' names (shown translated).\n"
        'NAMES = (QT_TRANSLATE_NOOP("Run", "first"),)\n'
        "    #: x1 is the first point.\n"
        '    label = self.tr("point {n}")\n'
    )
    out = notes(src)
    assert out.splitlines()[0] == "#  How long a frame stays (ms)."
    assert out.splitlines()[3] == "#: The runs' names (shown translated)."
    assert out.splitlines()[5] == "    #: x1 is the first point."
    assert len(out) == len(src) and out.count("\n") == src.count("\n")


def test_the_committed_ts_has_only_translator_notes() -> None:
    import xml.etree.ElementTree as ET

    script = _translations_script()
    notes = script.translator_notes
    kept = set()
    for src in script.SOURCES:  # the app and the core's modules that mark texts
        block: list[str] = []
        for line in notes(src.read_text("utf-8")).splitlines():
            if line.lstrip().startswith("#:"):
                block.append(line.lstrip()[2:].strip())
            elif block:
                kept.add(" ".join(block))
                block = []
    ts = ROOT / "perceptron_gui" / "i18n" / "perceptron_gui_zh_CN.ts"
    found = [e.text for e in ET.parse(ts).getroot().iter("extracomment")]
    assert found and all(text in kept for text in found), [t for t in found if t not in kept]


def test_every_core_module_that_marks_texts_is_an_lupdate_source() -> None:
    """The core marks the texts the window shows where it declares them (the registry's
    names, tips and notes): lupdate must read those modules, or they stay English."""
    script = _translations_script()
    core = ROOT / "perceptron_gui" / "core"
    marking = {
        p.relative_to(core).as_posix()
        for p in core.rglob("*.py")
        if "QT_TRANSLATE_NOOP(" in p.read_text("utf-8")
    }
    assert marking == set(script.CORE_SOURCES)
    assert {core / name for name in script.CORE_SOURCES} <= set(script.SOURCES)

"""Refresh the translations: pyside6-lupdate the sources into the .ts, pyside6-lrelease the .qm.

Usage::

    python scripts/update_translations.py           # lupdate + lrelease
    python scripts/update_translations.py --release # lrelease only (after editing the .ts)
    python scripts/update_translations.py --quick   # check only: no Qt tools needed

After a lupdate, new or changed source texts are ``type="unfinished"`` in
``perceptron_gui/i18n/perceptron_gui_zh_CN.ts``: translate them there (the
textbook's terms: 感知机, 原始形式, 对偶形式, 误分类点, 间隔, Gram 矩阵, 学习率 η,
偏置 b), run ``--release`` and commit both the .ts and the .qm: the package ships
the .qm so that ``pip install .`` needs no Qt tools.

``--quick`` (what the test suite runs) checks, without the Qt tools, that no
message of a .ts is unfinished and that its compiled .qm gives back every
translation of the .ts (a .qm compiled from an older .ts does not).

Translator notes: lupdate takes every ``#:`` comment as a note for the translator and
gives it to the next text it finds, however far below. The code's ``#:`` comments
document its constants (Sphinx's convention), so lupdate reads copies of the sources in
which only a ``#:`` comment right above a line that marks a text for translation stays a
note (`translator_notes`); the others become plain comments there (the sources are not
changed).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "perceptron_gui"
I18N = PACKAGE / "i18n"
LANGUAGES = ("zh_CN",)
#: The sources whose texts are translated (everything Qt; the core and CLI stay English,
#: but for the core's texts the window shows, marked where they are declared: the modes'
#: names, tips, bound and proof notes in core/registry.py, the proof's reasons in
#: core/proof.py, the modes' settings' help, titles and choices in core/params.py, the
#: one-class note of core/io/files.py).
CORE_SOURCES = ("params.py", "proof.py", "registry.py", "io/files.py")
SOURCES = [
    *sorted((PACKAGE / "app").rglob("*.py")),
    *(PACKAGE / "core" / name for name in CORE_SOURCES),
]


#: A line that marks a text for translation (what lupdate gives a ``#:`` note to).
TRANSLATION_CALL = re.compile(r"\b(tr|translate|QT_TR_NOOP|QT_TRANSLATE_NOOP)\s*\(")


def translator_notes(text: str) -> str:
    """`text` with each ``#:`` comment made a plain ``# `` comment unless the line after
    its block marks a text for translation (the same length, so line numbers stay)."""
    lines = text.split("\n")
    out = list(lines)
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith("#:"):
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].lstrip().startswith("#:"):
            j += 1
        note = j < len(lines) and TRANSLATION_CALL.search(lines[j]) is not None
        if not note:
            for k in range(i, j):
                out[k] = lines[k].replace("#:", "# ", 1)
        i = j
    return "\n".join(out)


def ts_path(code: str) -> Path:
    return I18N / f"perceptron_gui_{code}.ts"


def qm_path(code: str) -> Path:
    return I18N / f"perceptron_gui_{code}.qm"


def tool(name: str) -> str:
    """pyside6-lupdate / pyside6-lrelease: next to this Python first, then on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        sys.exit(f"update_translations: {name} not found (pip install PySide6-Essentials)")
    return found


def ts_messages(path: Path) -> tuple[list[tuple[str, str, str]], int]:
    """The finished (context, source, translation) of a .ts, and how many are unfinished.

    Obsolete and vanished messages are not counted.
    """
    finished: list[tuple[str, str, str]] = []
    unfinished = 0
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            kind = "" if tr is None else tr.get("type", "")
            if kind in ("obsolete", "vanished"):
                continue
            if kind == "unfinished" or tr is None or not (tr.text or "").strip():
                unfinished += 1
            else:
                finished.append((name, msg.findtext("source") or "", tr.text or ""))
    return finished, unfinished


def qm_disagrees(qm: Path, messages: list[tuple[str, str, str]]) -> int:
    """How many of the .ts's translations the compiled .qm does not give back."""
    from PySide6.QtCore import QTranslator  # QtCore only: no application, no display

    t = QTranslator()
    if not t.load(str(qm)):
        return len(messages)
    return sum(t.translate(ctx, src) != tr for ctx, src, tr in messages)


def check() -> list[str]:
    """What is wrong with the committed translations (empty: nothing)."""
    problems = []
    for code in LANGUAGES:
        ts, qm = ts_path(code), qm_path(code)
        if not ts.exists() or not qm.exists():
            problems.append(f"{ts.name} or {qm.name} is missing")
            continue
        finished, unfinished = ts_messages(ts)
        if unfinished:
            problems.append(f"{ts.name}: {unfinished} message(s) not translated")
        stale = qm_disagrees(qm, finished)
        if stale:
            problems.append(f"{qm.name} differs from {ts.name} in {stale} message(s): --release")
    return problems


def lupdate() -> None:
    I18N.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lupdate-") as tmp:
        copies = []
        for src in SOURCES:  # copies with only the translator notes as notes
            copy = Path(tmp) / src.relative_to(PACKAGE)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(translator_notes(src.read_text("utf-8")), "utf-8")
            copies.append(copy)
        for code in LANGUAGES:
            args = [tool("pyside6-lupdate"), *map(str, copies), "-no-obsolete", "-locations"]
            args += ["none", "-source-language", "en", "-target-language", code]
            args += ["-ts", str(ts_path(code))]
            subprocess.run(args, check=True, cwd=ROOT)


def lrelease() -> None:
    for code in LANGUAGES:
        args = [tool("pyside6-lrelease"), str(ts_path(code)), "-qm", str(qm_path(code))]
        subprocess.run(args, check=True, cwd=ROOT)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--quick", action="store_true", help="only check the committed files")
    p.add_argument("--release", action="store_true", help="only compile the .ts to .qm")
    args = p.parse_args(argv)
    if not args.quick:
        if not args.release:
            lupdate()
        lrelease()
    problems = check()
    for line in problems:
        print(f"update_translations: {line}", file=sys.stderr)
    if not problems:
        print("translations: every message translated, .qm up to date")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

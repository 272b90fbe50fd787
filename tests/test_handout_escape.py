"""The handout exports escape titles and captions and drop control characters (issue 35)."""

from __future__ import annotations

import pytest


def test_markdown_and_latex_texts_are_escaped() -> None:
    from perceptron_gui.app.lesson_export import latex_text, markdown_text

    md = markdown_text("<img src=x onerror=alert(1)> [a](http://e) # h\x00")
    assert "<" not in md.replace("\\<", "") and "](" not in md.replace("\\](", "")
    assert "\x00" not in md and "\\#" in md
    assert markdown_text("T\n# Heading") == "T \\# Heading"  # a title is one line
    assert markdown_text("a\n- b\n3. c", lines=True) == "a\n\\- b\n3\\. c"
    tex = latex_text("A\x00 \\input{/etc/passwd} 50% $x$")
    assert "\x00" not in tex and "\\input{" not in tex and "\\%" in tex and "\\$" in tex


def test_a_combining_accent_is_latex_s_accent_on_its_letter() -> None:
    """The built-in lesson writes x̂ as x + U+0302 (no precomposed letter exists), where
    pdflatex stopped with "Unicode character ̂ (U+0302) not set up" (8 errors in lesson.tex)."""
    from perceptron_gui.app.lesson_export import latex_text

    assert latex_text("y ŵ·x̂ > 0") == "y ŵ\\ensuremath{\\cdot}\\^{x} > 0"
    assert latex_text("\u0302a, η\u0302") == "a, \\ensuremath{\\eta}"  # on nothing: dropped


@pytest.mark.long
def test_the_built_in_lessons_english_texts_compile_with_pdflatex(tmp_path) -> None:  # noqa: ANN001
    """Every title and caption of the built-in lesson, in lesson.tex's own preamble."""
    import shutil
    import subprocess

    import pytest

    from perceptron_gui.app.lesson_export import _beamer, latex_text
    from perceptron_gui.core.lesson import load_lesson

    if not (shutil.which("pdflatex") and shutil.which("kpsewhich")):
        pytest.skip("no pdflatex")
    found = subprocess.run(["kpsewhich", "beamer.cls", "pgfmath.sty"], capture_output=True)
    if len(found.stdout.split()) != 2:
        pytest.skip("no beamer (texlive-latex-recommended) for pdflatex")
    lesson = load_lesson("perceptron")
    frames = [
        f"\\begin{{frame}}{{{latex_text(s.title['en'])}}}\n"
        f"\\small {latex_text(s.caption['en'], lines=True)}\n\\end{{frame}}\n"
        for s in lesson.scenes
    ]
    (tmp_path / "t.tex").write_text(_beamer(lesson.title["en"], frames), encoding="utf-8")
    r = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    errors = [line for line in r.stdout.splitlines() if line.startswith("!")]
    assert r.returncode == 0 and errors == [], errors

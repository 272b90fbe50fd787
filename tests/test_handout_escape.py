"""The handout exports escape titles and captions and drop control characters (issue 35)."""

from __future__ import annotations


def test_markdown_and_latex_texts_are_escaped() -> None:
    from perceptron_gui.app.lesson_export import latex_text, markdown_text

    md = markdown_text("<img src=x onerror=alert(1)> [a](http://e) # h\x00")
    assert "<" not in md.replace("\\<", "") and "](" not in md.replace("\\](", "")
    assert "\x00" not in md and "\\#" in md
    assert markdown_text("T\n# Heading") == "T \\# Heading"  # a title is one line
    assert markdown_text("a\n- b\n3. c", lines=True) == "a\n\\- b\n3\\. c"
    tex = latex_text("A\x00 \\input{/etc/passwd} 50% $x$")
    assert "\x00" not in tex and "\\input{" not in tex and "\\%" in tex and "\\$" in tex

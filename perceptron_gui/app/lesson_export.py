"""A lesson exported for students who were not there: figures, tables, Beamer and Markdown.

`export_lesson` plays the lesson in a window (offscreen is fine) and writes into a folder:

- ``sceneNN-stepKK.png`` and ``.svg``: one figure per step of every scene (the scene's
  start, then each update the clicker steps to);
- ``sceneNN-table.tex``: each scene's iteration table at its end (booktabs LaTeX), and
  ``sceneNN-stepKK-table.tex`` for the steps of scenes that show the table;
- ``lesson.tex``: a Beamer deck, one frame per step, the caption as the frame's text and
  the table beside the figure where the scene shows it;
- ``lesson.md``: a handout, each scene's caption, its last figure and its table.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication

from perceptron_gui.app import export, i18n
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.io import atomic_write_text
from perceptron_gui.core.lesson import Lesson, Scene, localize
from perceptron_gui.core.writer import check_regular_target

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow

#: The figures' size in pixels (4:3, as a Beamer frame).
LESSON_FIGURE_SIZE = (1200, 900)
#: A lesson figure's tick labels are a font this part of the figure's height (a figure
#: export's default is `export.TICK_FONT_SHARE`, 2.5 %, which made the ticks 6-7 px on
#: a Beamer page rendered 1024 px wide). Measured on lesson.tex compiled with pdflatex
#: and rendered 1024 px wide: 4.5 % gave tick digits 18-19 px and point names 17 px
#: beside the caption, 13-14 px and 12 px beside the table; 5 % and the sizes below
#: keep every one at 14 px or more.
LESSON_TEXT_SHARE = 0.05
#: The figure's height on a slide without the table, as a part of ``\textheight`` (0.72
#: left a three-line caption 6.5 pt too low).
SLIDE_FIGURE_HEIGHT = 0.69
#: The figure's width on a slide with the table, as a part of ``\textwidth``.
SLIDE_FIGURE_WIDTH = 0.64
#: At most this many steps of one scene are exported (a run without a stop may be long).
MAX_SCENE_STEPS = 200

#: Unicode the lesson texts use, as LaTeX that pdflatex reads (Chinese needs xelatex).
_LATEX_SYMBOLS = {
    "η": r"\ensuremath{\eta}",
    "γ": r"\ensuremath{\gamma}",
    "α": r"\ensuremath{\alpha}",
    "τ": r"\ensuremath{\tau}",
    "Σ": r"\ensuremath{\Sigma}",
    "≤": r"\ensuremath{\le}",
    "≥": r"\ensuremath{\ge}",
    "←": r"\ensuremath{\leftarrow}",
    "→": r"\ensuremath{\rightarrow}",
    "·": r"\ensuremath{\cdot}",
    "±": r"\ensuremath{\pm}",
    "−": "-",
    "²": r"\ensuremath{^2}",
    "ᵢ": r"\ensuremath{_i}",
    "ⱼ": r"\ensuremath{_j}",
    "…": r"\ldots{}",
    "▸": r"\ensuremath{\triangleright}",
    "—": "---",
    "–": "--",
}
#: Combining accents (the lessons' x̂ is x + U+0302: no precomposed letter exists) as
#: LaTeX's text accents on the character before them; pdflatex stops at the bare mark.
_LATEX_ACCENTS = {"\u0302": "^", "\u0303": "~", "\u0304": "=", "\u0307": ".", "\u0308": '"'}
_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def plain_text(text: str, *, lines: bool = False) -> str:
    """`text` without control characters (a NUL broke pdflatex); a tab is a space.

    Line breaks stay when `lines` (a caption's paragraphs), else they become spaces
    (a title is one line: a break in it would start a heading or end a command).
    """
    keep = "\n" if lines else ""
    out = []
    for ch in text.replace("\r\n", "\n"):
        if ch in "\t\n\r\v\f" and ch not in keep:
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cs") and ch not in keep:
            continue
        else:
            out.append(ch)
    return "".join(out)


def latex_text(text: str, *, lines: bool = False) -> str:
    """Plain text as LaTeX: specials escaped, the lecture's symbols as math, a combining
    accent on the character before it, no control characters (see `plain_text`)."""
    out: list[str] = []
    for ch in plain_text(text, lines=lines):
        if ch in _LATEX_ACCENTS:
            if out and out[-1].isalpha():  # (an accent on nothing or on a symbol: dropped)
                out[-1] = f"\\{_LATEX_ACCENTS[ch]}{{{out[-1]}}}"
            continue
        out.append(_LATEX_SPECIAL.get(ch, _LATEX_SYMBOLS.get(ch, ch)))
    return "".join(out)


# Markdown's inline specials (HTML, links, emphasis, code, tables), escaped everywhere.
_MD_INLINE = re.compile(r"([\\`*_\[\]<>|!~&#])")
# What starts a block at a line's start: a list, a quote, a rule or a setext heading.
_MD_BLOCK = re.compile(r"^(\s*)([-+=>]|\d+[.)])", re.MULTILINE)


def markdown_text(text: str, *, lines: bool = False) -> str:
    """Plain text as Markdown that shows as the text: no HTML, link, heading or list it
    would make is made (ASCII punctuation is escaped with a backslash), no control
    characters (see `plain_text`)."""
    s = _MD_INLINE.sub(r"\\\1", plain_text(text, lines=lines))
    return _MD_BLOCK.sub(_escape_block_start, s)


def _escape_block_start(m: re.Match[str]) -> str:
    return m.group(1) + "".join(c if c.isdigit() else "\\" + c for c in m.group(2))


def export_lesson(
    window: MainWindow,
    lesson: Lesson,
    outdir: str | Path,
    *,
    size: tuple[int, int] = LESSON_FIGURE_SIZE,
    max_steps: int = MAX_SCENE_STEPS,
) -> list[Path]:
    """Write the lesson's figures, tables, ``lesson.tex`` and ``lesson.md`` into `outdir`.

    `max_steps`: at most this many steps of each scene (its start the first) get figures;
    the scene's table is of its last exported step. Titles and captions are escaped for
    Markdown and LaTeX (`markdown_text`, `latex_text`).

    Returns the files written. Raises `export.ExportError` or OSError when one cannot be.
    """
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    lang = i18n.language()
    player = window.lesson_player
    player.set_lesson(lesson)
    written: list[Path] = []
    frames: list[str] = []
    handout: list[str] = [f"# {markdown_text(localize(lesson.title, lang))}", ""]
    for i, scene in enumerate(lesson.scenes):
        player.go(i)
        _canvas_to_figure_size(window, size)
        title = localize(scene.title, lang)
        caption = localize(scene.caption, lang)
        tabled = "table" in scene.show or "dual" in scene.show
        last = ""
        steps = _steps_and_figures(window, i, out, size, written, tabled=tabled, most=max_steps)
        for k in steps:
            last = f"scene{i + 1:02d}-step{k:02d}"
            frames.append(_frame(title, caption, last, tabled, i, k, scene))
        table = out / f"scene{i + 1:02d}-table.tex"
        _write(table, export.table_text(window.controller.trainer, "latex"), written)
        handout += [
            f"## {i + 1}. {markdown_text(title)}",
            "",
            markdown_text(caption, lines=True),
            "",
            *(_question_line(scene, lang)),
            f"![{markdown_text(title)}]({last}.png)",
            "",
            export.table_text(window.controller.trainer, "markdown").rstrip(),
            "",
        ]
    _write(out / "lesson.tex", _beamer(localize(lesson.title, lang), frames), written)
    _write(out / "lesson.md", "\n".join(handout), written)
    return written


def _canvas_to_figure_size(window: MainWindow, size: tuple[int, int]) -> None:
    """Give the window's canvas the figure's size (so its view has the figure's shape)."""
    app = QApplication.instance()
    window.lesson_player.strip.hide()  # the figures carry no strip; the frames have the text
    for _ in range(2):  # the layout settles in one round, the second checks
        if app is not None:
            app.processEvents()
        canvas = window.canvas.size()
        dw, dh = size[0] - canvas.width(), size[1] - canvas.height()
        if dw == 0 and dh == 0:
            break
        window.resize(window.width() + dw, window.height() + dh)
    window.canvas.fit_view()


def _steps_and_figures(
    window: MainWindow,
    i: int,
    out: Path,
    size: tuple[int, int],
    written: list[Path],
    *,
    tabled: bool,
    most: int = MAX_SCENE_STEPS,
) -> list[int]:
    """Step scene `i` from its start to its end, writing each step's figures (and table)."""
    ks: list[int] = []
    player = window.lesson_player
    while True:
        k = int(window.controller.trainer.k)
        ks.append(k)
        stem = out / f"scene{i + 1:02d}-step{k:02d}"
        paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
        try:  # one figure drawn once, written as PNG and as SVG
            scale = min(
                6.0, export.text_scale(size[1]) * LESSON_TEXT_SHARE / export.TICK_FONT_SHARE
            )
            export.export_figures(
                window.controller, window.figure_settings(), paths, size, scale=scale
            )
        except ValueError:
            # The figure exporter refuses the kernel perceptron's feature-space bound
            # (issue 14, mended on the seam branch): draw the canvas as it is shown.
            for path in paths:
                _render_canvas(window, path, size)
        written += paths
        if tabled:  # the table of the updates up to this one
            text = export.table_text(window.controller.trainer, "latex")
            _write(stem.with_name(stem.name + "-table.tex"), text, written)
        if player.at_end() or len(ks) >= max(1, most) or window.step() is None:
            return ks


def _render_canvas(window: MainWindow, path: Path, size: tuple[int, int]) -> None:
    """The window's canvas, drawn at `size` (the window may not be that narrow)."""
    canvas = window.canvas
    shown = canvas.size()
    canvas.resize(*size)  # the layout gives it its room back at the next event
    try:
        canvas.flush()
        if path.suffix == ".png":
            if not canvas.grab().save(str(path)):
                raise export.ExportError(f"cannot write {path}")
            return
        gen = QSvgGenerator()
        gen.setFileName(str(path))
        gen.setSize(canvas.size())
        gen.setViewBox(canvas.rect())
        painter = QPainter(gen)
        try:
            canvas.render(painter)
        finally:
            painter.end()
    finally:
        canvas.resize(shown)


def _write(path: Path, text: str, written: list[Path]) -> None:
    try:
        check_regular_target(path)  # a FIFO or a device in the folder: refused, not waited on
        atomic_write_text(path, text)
    except DataError as exc:
        raise export.ExportError(str(exc)) from None
    written.append(path)


def _question_line(scene: Scene, lang: str) -> list[str]:
    if scene.question == "next-point":
        q = "问：下一个被修正的是哪个点？" if lang == "zh_CN" else "Asked: which point is next?"
    elif scene.question == "converges":
        q = "问：这次运行会收敛吗？" if lang == "zh_CN" else "Asked: will this run converge?"
    else:
        return []
    return [f"*{q}*", ""]


def _frame(title: str, caption: str, stem: str, tabled: bool, i: int, k: int, scene: Scene) -> str:
    head = f"\\begin{{frame}}{{{latex_text(title)}}}\n"
    head += f"\\framesubtitle{{scene {i + 1}, update {k}}}\n"
    if tabled:
        body = (
            "\\begin{columns}[T]\n"
            f"\\begin{{column}}{{{SLIDE_FIGURE_WIDTH}\\textwidth}}\n"
            f"\\includegraphics[width=\\linewidth]{{{stem}.png}}\n"
            "\\end{column}\n"
            f"\\begin{{column}}{{{1 - SLIDE_FIGURE_WIDTH:.2g}\\textwidth}}\n"
            f"\\resizebox{{\\linewidth}}{{!}}{{\\input{{{stem}-table.tex}}}}\n"
            "\\end{column}\n"
            "\\end{columns}\n"
        )
    else:
        body = (
            "\\begin{center}\n"
            f"\\includegraphics[height={SLIDE_FIGURE_HEIGHT}\\textheight,keepaspectratio]"
            f"{{{stem}.png}}\n"
            "\\end{center}\n"
        )
    note = ""
    if scene.question is not None and k == scene.start:
        note = "\\textbf{?}~"
    return head + body + f"\\small {note}{latex_text(caption, lines=True)}\n\\end{{frame}}\n"


def _beamer(title: str, frames: list[str]) -> str:
    cjk = bool(re.search(r"[\u3000-\u9fff\uff00-\uffef]", "".join(frames) + title))
    preamble = [
        "% A perceptron-gui lesson as Beamer slides: pdflatex lesson.tex"
        + (" (Chinese text: xelatex lesson.tex)" if cjk else ""),
        "\\documentclass{beamer}",
        "\\usepackage{iftex}",
        "\\ifXeTeX\\usepackage{xeCJK}\\else\\usepackage[utf8]{inputenc}\\fi",
        "\\usepackage{booktabs}",
        "\\usepackage{graphicx}",
        "\\setbeamertemplate{navigation symbols}{}",
        f"\\title{{{latex_text(title)}}}",
        "\\begin{document}",
        "\\begin{frame}\\titlepage\\end{frame}",
        "",
    ]
    return "\n".join(preamble) + "\n".join(frames) + "\\end{document}\n"

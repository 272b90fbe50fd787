"""Compare's run titles: all the settings when they fit on a line, else the mode and what
differs from the other run (two three-line titles had left a compare scene's plots 70 px
high at UI scale 2 on a 1024×768 projector); the whole description in the tooltip."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from perceptron_gui.app.compare import RunTitle, describe_differences
from perceptron_gui.app.controller import Controller
from perceptron_gui.app.format import plain_text
from perceptron_gui.core.config import TrainConfig


def test_a_narrow_title_names_the_mode_and_what_differs(qtbot) -> None:  # noqa: ANN001
    one, two = Controller(), Controller()
    one.set_config(TrainConfig(mode="primal", order="cyclic", seed=0))
    two.set_config(TrainConfig(mode="primal", order="random", seed=1))
    title = RunTitle(one, "run 1")
    qtbot.addWidget(title)
    title.set_other(two)
    title.resize(2000, 40)
    title.show()
    assert plain_text(title.text()) == "run 1: primal · order cyclic · η = 1 · bias on · seed 0"
    title.resize(200, 40)
    assert plain_text(title.text()) == "run 1: primal · order cyclic · seed 0"
    assert title.toolTip() == "run 1: primal · order cyclic · η = 1 · bias on · seed 0"
    # The other run's settings change: the title says the new difference.
    two.set_config(TrainConfig(mode="primal", order="cyclic", seed=0, eta=0.5, bias=False))
    assert plain_text(title.text()) == "run 1: primal · η = 1 · bias on"
    title.set_other(None)  # alone: all of them, however narrow
    assert plain_text(title.text()) == title.toolTip()


def test_differences_name_each_setting_that_differs() -> None:
    a = TrainConfig(mode="pocket", order="random", eta=0.5, bias=True, seed=3)
    b = TrainConfig(mode="primal", order="cyclic", eta=1.0, bias=False, seed=4)
    assert describe_differences(a, b) == "pocket · order random · η = 0.5 · bias on · seed 3"
    assert describe_differences(a, a) == "pocket"


def shown_lines(label: QLabel) -> list[str]:
    """The lines a word-wrapped plain-text QLabel shows, laid out as it lays them out (its
    font, its contents' width less its margin), with their glue made plain."""
    from PySide6.QtGui import QTextLayout, QTextOption

    text = label.text()
    layout = QTextLayout(text, label.font())
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    width = label.contentsRect().width() - 2 * label.margin()
    lines = []
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(plain_text(text[line.textStart() : line.textStart() + line.textLength()]))
    layout.endLayout()
    return lines


def broken_parts(title: QLabel) -> list[str]:
    """The lines of `title` that start with "·" or hold a piece of a part (not whole parts:
    "种" of "种子 1", "· seed 1"); [] when the title breaks only between its parts."""
    parts = set(plain_text(title.text()).split(" · "))
    bad = []
    for line in shown_lines(title):
        pieces = [p.strip() for p in line.strip().removesuffix("·").split(" · ")]
        if line.lstrip().startswith("·") or not set(pieces) <= parts:
            bad.append(line)
    return bad


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_title_breaks_only_between_its_parts(qtbot, language: str) -> None:  # noqa: ANN001
    """A compared run's title at any width breaks after a "·", never before one nor inside
    a part (the lesson's scene 6 at 1024×768 presenting showed "run 2: primal · order random
    / · seed 1", and in Chinese "… · 种 / 子 1")."""
    from perceptron_gui.app import accessibility, i18n

    one, two = Controller(), Controller()
    one.set_config(TrainConfig(mode="primal", order="cyclic", seed=0))
    two.set_config(TrainConfig(mode="primal", order="random", seed=1))
    i18n.set_language(language, remember=False)
    try:
        titles = [RunTitle(one, "run 1"), RunTitle(two, "run 2")]
        titles[0].set_other(two)
        titles[1].set_other(one)
        for title in titles:
            qtbot.addWidget(title)
            title.show()
            lines = 0
            for width in range(120, 900, 5):
                title.resize(width, 200)
                assert broken_parts(title) == [], (width, title.text())
                lines = max(lines, len(shown_lines(title)))
            assert lines >= 2  # (the widths tried do break it)
            # What a script or a screen reader gets is the text as typed.
            assert "\u2060" not in title.toolTip() and "\u00a0" not in title.toolTip()
            # ... and what the window names it for a screen reader (accessibility's own text).
            assert accessibility._plain(title.text()) == title.toolTip()
    finally:
        i18n.set_language("en", remember=False)

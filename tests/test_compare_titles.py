"""Compare's run titles: all the settings when they fit on a line, else the mode and what
differs from the other run (two three-line titles had left a compare scene's plots 70 px
high at UI scale 2 on a 1024×768 projector); the whole description in the tooltip."""

from __future__ import annotations

from perceptron_gui.app.compare import RunTitle, describe_differences
from perceptron_gui.app.controller import Controller
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
    assert title.text() == "run 1: primal · order cyclic · η = 1 · bias on · seed 0"
    title.resize(200, 40)
    assert title.text() == "run 1: primal · order cyclic · seed 0"
    assert title.toolTip() == "run 1: primal · order cyclic · η = 1 · bias on · seed 0"
    # The other run's settings change: the title says the new difference.
    two.set_config(TrainConfig(mode="primal", order="cyclic", seed=0, eta=0.5, bias=False))
    assert title.text() == "run 1: primal · η = 1 · bias on"
    title.set_other(None)  # alone: all of them, however narrow
    assert title.text() == title.toolTip()


def test_differences_name_each_setting_that_differs() -> None:
    a = TrainConfig(mode="pocket", order="random", eta=0.5, bias=True, seed=3)
    b = TrainConfig(mode="primal", order="cyclic", eta=1.0, bias=False, seed=4)
    assert describe_differences(a, b) == "pocket · order random · η = 0.5 · bias on · seed 3"
    assert describe_differences(a, a) == "pocket"

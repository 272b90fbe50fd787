"""The seed and update-limit boxes hold any value the core takes, exactly; a refused
value leaves the other controls live (issue 35: a seed of 2³¹ overflowed the seed box,
which showed a wrong value, and the other controls stopped refreshing)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from perceptron_gui.app.controller import MAX_UPDATE_LIMIT, Controller
from perceptron_gui.app.controls import ControlPanel


def panel(qtbot) -> tuple[Controller, ControlPanel]:  # noqa: ANN001
    c = Controller()
    p = ControlPanel(c)
    qtbot.addWidget(p)
    return c, p


def test_a_seed_of_2_31_and_beyond_is_shown_exactly_and_the_rest_stays_live(qtbot) -> None:  # noqa: ANN001
    c, p = panel(qtbot)
    for seed in (2**31, 2**63, 2**70 + 3):
        assert c.set_seed(seed)
        assert p.seed_spin.value() == seed
        assert p.seed_spin.lineEdit().text() == str(seed)
    assert c.set_eta(0.5)  # another control still follows the settings
    assert p.eta_spin.value() == 0.5


def test_typing_a_large_seed_sets_it(qtbot) -> None:  # noqa: ANN001
    c, p = panel(qtbot)
    p.show()
    box = p.seed_spin
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "2147483648")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert c.config.seed == 2**31
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Up)
    assert c.config.seed == 2**31 + 1


def test_a_limit_beyond_the_box_is_refused_when_typed_and_shown_when_set(qtbot) -> None:  # noqa: ANN001
    c, p = panel(qtbot)
    p.show()
    box = p.limit_spin
    c.set_max_updates(500)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), str(MAX_UPDATE_LIMIT + 1))
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert c.config.max_updates == 500 and box.lineEdit().text() == "500"
    c.set_max_updates(5 * 10**9)  # e.g. from a session: the core takes it
    assert box.value() == 5 * 10**9 and box.lineEdit().text() == "5000000000"
    assert c.set_eta(0.25)
    assert p.eta_spin.value() == 0.25

"""The window's actions are data: the table in `app/window/actions.py`, bound once."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from perceptron_gui.app.theme import THEMES, theme
from perceptron_gui.app.window.actions import (
    ACTIONS,
    MENU_BAR,
    MENUS,
    THEME_ACTIONS,
    TOOLBAR,
    ActionSpec,
    resolve,
)

X = np.array([[3.0, 3.0], [4.0, 3.0], [1.0, 1.0]])
Y = np.array([1, 1, -1])


@pytest.fixture
def window(shared_window):  # noqa: ANN001, ANN201
    """One window for the module's tests (conftest's `shared_window`: put back as new
    before each test, checked, replaced where anything differs)."""
    return shared_window


def test_the_table_is_consistent():
    ids = [s.id for s in ACTIONS]
    assert len(ids) == len(set(ids))
    names = [s.object_name for s in ACTIONS]
    assert len(names) == len(set(names))
    assert all(n.endswith("Action") for n in names)
    menu_ids = {m.id for m in MENUS}
    assert set(MENU_BAR) <= menu_ids
    placed: list[str] = list(TOOLBAR)
    for m in MENUS:
        for item in m.items:
            if item.startswith("menu:"):
                assert item[len("menu:") :] in menu_ids
            elif item != "-" and not item.startswith("@"):
                assert item in ids, f"{m.id} menu lists an unknown action {item!r}"
                placed.append(item)
    assert set(placed) - {"-"} == set(ids)  # every action is on a menu (or the toolbar)
    menu_items = [i for m in MENUS for i in m.items if i != "-" and ":" not in i]
    assert len(menu_items) == len(set(menu_items))  # each on one menu only
    assert set(THEME_ACTIONS) == set(THEMES)  # a theme action for every theme


def test_object_name_comes_from_the_id_unless_given():
    assert ActionSpec("save_as", "t", "s").object_name == "saveAsAction"
    assert ActionSpec("export", "t", "s", name="exportFigureAction").object_name == (
        "exportFigureAction"
    )


def test_every_spec_is_one_qaction_with_its_name_and_keys(window):
    for spec in ACTIONS:
        found = window.findChildren(QAction, spec.object_name)
        assert len(found) == 1, spec.id
        (action,) = found
        assert action is window.action_manager.action(spec.id) is getattr(window, f"act_{spec.id}")
        assert action.shortcuts() == [QKeySequence(k) for k in spec.keys], spec.id
        assert action.isCheckable() == spec.checkable, spec.id
        assert callable(resolve(window, spec.slot)), spec.id  # the slot exists


def test_no_two_actions_share_a_shortcut(window):
    seen: dict[str, str] = {}
    for action in window.findChildren(QAction):
        for seq in action.shortcuts():
            key = seq.toString()
            assert key not in seen, f"{key}: {seen.get(key)} and {action.objectName()}"
            seen[key] = action.objectName()
    assert {"Space", "Ctrl+E", "F5", "C", "P"} <= set(seen)


def _menu_actions(menu: QMenu) -> list[QAction]:
    out: list[QAction] = []
    for a in menu.actions():
        if a.menu() is not None:
            out += _menu_actions(a.menu())
        elif not a.isSeparator():
            out.append(a)
    return out


def test_every_menu_item_is_bound_to_a_spec(window):
    specs = {s.object_name for s in ACTIONS}
    extra = {d.toggleViewAction() for d in window.findChildren(type(window.docks[0]))}
    extra |= set(window.language_actions.values())
    bar = window.menuBar()
    titles = [a.menu().objectName() for a in bar.actions() if a.menu() is not None]
    assert titles == [f"{m}Menu" for m in MENU_BAR]
    items = [a for m in bar.actions() if m.menu() is not None for a in _menu_actions(m.menu())]
    assert items
    for a in items:
        assert a.objectName() in specs or a in extra, a.text()
    # The toolbar too, in the table's order.
    shown = [a.objectName() for a in window.toolbar.actions() if not a.isSeparator()]
    assert shown == [window.action_manager.action(i).objectName() for i in TOOLBAR if i != "-"]


@pytest.mark.long
def test_menu_actions_reach_their_slots(window):
    window.set_points(X, Y)
    window.set_eta(1.0)
    window.action_manager.action("step").trigger()  # Run ▸ Step
    s = window.state()
    assert s["updates"] == 1 and s["w"] == [3.0, 3.0] and s["b"] == 1.0
    window.action_manager.action("reset").trigger()
    assert window.state()["updates"] == 0
    window.action_manager.action("theme_dark").trigger()  # a slot with an argument
    assert window.state()["theme"] == "dark"
    before = theme().ui_scale
    window.action_manager.action("zoom_in").trigger()
    assert theme().ui_scale > before
    window.action_manager.action("copy_latex").trigger()
    assert "\\begin{tabular}" in QApplication.clipboard().text()
    window.action_manager.action("phases").trigger()  # a slot that takes the checked state
    window.action_manager.action("step").trigger()
    assert window.state()["phase"] == "predict" and window.state()["updates"] == 0
    window.action_manager.action("phases").trigger()
    assert window.state()["phase"] is None
    window.action_manager.action("radius").trigger()
    assert window.act_radius.isChecked()


def test_retranslate_sets_every_action_text_again(window):
    assert window.action_manager.action("step").text() == "&Step"
    assert window.set_language("zh_CN")
    try:
        assert window.action_manager.action("step").text() != "&Step"
        assert window.action_manager.menus["file"].title() != "&File"
    finally:
        window.set_language("en")
    assert window.action_manager.action("step").text() == "&Step"


@pytest.mark.long
def test_the_control_panel_buttons_are_the_actions(window):
    window.set_points(X, Y)
    window.set_eta(1.0)
    ctl = window.controls
    ctl.step_button.click()
    assert window.state()["updates"] == 1
    ctl.reset_button.click()
    assert window.state()["updates"] == 0
    window.set_phase_stepping(True)  # the button, like Space, shows one phase at a time
    ctl.step_button.click()
    assert window.state()["phase"] == "predict" and window.state()["updates"] == 0
    window.set_phase_stepping(False)
    assert window.set_compare({"mode": "dual"})
    ctl.step_button.click()  # both runs, once each
    ctl.step_button.click()
    s = window.state()
    assert s["updates"] == 2 and s["compare"]["updates"] == 2
    window.set_compare(None)
    ctl.run_button.click()  # checkable: it shows whether the run runs
    assert window.controller.running and ctl.run_button.isChecked()
    ctl.run_button.click()
    assert not window.controller.running and not ctl.run_button.isChecked()


#: How the help writes a key whose Qt name is another ("Left" is "←").
HELP_SPELLING = {
    "Left": "←",
    "Right": "→",
    "Up": "arrows",
    "Down": "arrows",
    "Del": "Delete",
    "Return": "Enter",
    "-": "−",
    "Ctrl+-": "Ctrl+−",
    "Alt+Left": "Alt+arrows",
    "Alt+Right": "Alt+arrows",
    "Alt+Up": "Alt+arrows",
    "Alt+Down": "Alt+arrows",
    "PgDown": "PageDown",
    "PgUp": "PageUp",
}


def _help_keys(window) -> set[str]:  # noqa: ANN001
    """The words of Help ▸ Keys and mouse (F1), as the dialog shows them."""
    import re

    from PySide6.QtWidgets import QLabel

    f1 = next(a for a in window.findChildren(QAction) if a.shortcut() == QKeySequence("F1"))
    f1.trigger()
    dialog = window._help  # noqa: SLF001
    try:
        label = next(t for t in dialog.findChildren(QLabel) if "<table>" in t.text())
        text = re.sub(r"<[^>]+>", " ", label.text()).replace("&nbsp;", " ")
    finally:
        dialog.close()
    words = set(text.split())
    return words | {w.strip("()") for w in words} | {w.rstrip(",") for w in words if len(w) > 1}


def _named(key: str, words: set[str]) -> bool:
    return HELP_SPELLING.get(key, key) in words


@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_the_help_names_every_key_the_window_has(window) -> None:  # noqa: ANN001
    """F1 left out keys that work and are documented: P (the phases) and PageDown /
    PageUp (the clicker's, docs/presenting.md). Every QAction's shortcut, and every key
    the window's own key handlers take (a lesson's clicker and answers, keyboard
    editing), is in the help."""
    from PySide6.QtCore import Qt

    from perceptron_gui.app import lesson

    words = _help_keys(window)
    portable = QKeySequence.SequenceFormat.PortableText
    missing = sorted(
        {
            k.toString(portable)
            for a in window.findChildren(QAction)
            for k in a.shortcuts()
            if not _named(k.toString(portable), words)
        }
    )
    assert missing == []
    handled = [*lesson.NEXT_KEYS, *lesson.PREVIOUS_KEYS, *lesson.EDITING_KEYS]
    handled += [Qt.Key.Key_Home, Qt.Key.Key_B, Qt.Key.Key_Y, Qt.Key.Key_N, Qt.Key.Key_Return]
    handled += [Qt.Key.Key_Escape, Qt.Key.Key_BracketLeft, Qt.Key.Key_BracketRight]
    names = [QKeySequence(k).toString(portable) for k in handled]
    assert [n for n in names if not _named(n, words)] == []
    assert "number" in words  # a lesson's question answered with a point's number

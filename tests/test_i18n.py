"""The lecture's language: English and Simplified Chinese through Qt's translators."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import probes
import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QWidget,
)

from perceptron_gui.app import i18n  # noqa: E402
from perceptron_gui.app.canvas.canvas import DataCanvas  # noqa: E402
from perceptron_gui.app.controller import Controller  # noqa: E402
from perceptron_gui.app.controls import ControlPanel  # noqa: E402
from perceptron_gui.app.dialogs import GenerateDialog, HelpDialog  # noqa: E402
from perceptron_gui.app.format import plain_text  # noqa: E402
from perceptron_gui.app.narration import narrate  # noqa: E402
from perceptron_gui.app.panels import BoundPanel, DualView, IterationTable, Readout  # noqa: E402
from perceptron_gui.app.storage import preferences  # noqa: E402
from perceptron_gui.core.dataset import make_dataset  # noqa: E402
from perceptron_gui.core.tables import HEADER_WORDS, iteration_table, to_latex  # noqa: E402

HORIZONTAL, DISPLAY = Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole
ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "perceptron_gui" / "i18n" / "perceptron_gui_zh_CN.ts"

#: ASCII tokens a Chinese screen may show: the lecture's symbols, units and names of formats
#: and keys (x1 … xN tokenise as "x").
ALLOWED = {
    "w", "b", "k", "x", "y", "yx", "i", "j", "D", "N", "G", "R", "e",  # symbols (ηyx; 1e+150)
    "max", "Gram", "CSV", "Ctrl", "Alt", "Esc",
}  # fmt: skip


def english_words(texts: list[str]) -> list[str]:
    """Tokens of ASCII letters in `texts` that are not allowed symbols (words left in English)."""
    return sorted({t for s in texts for t in re.findall(r"[A-Za-z]+", s) if t not in ALLOWED})


def visible_texts(root: QWidget) -> list[str]:
    """The texts a user sees in `root`: labels, buttons, group titles and every combo item."""
    out: list[str] = []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, QLabel):
            out.append(w.text())
        elif isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QComboBox):
            out.extend(w.itemText(i) for i in range(w.count()))
    return [t for t in out if t]


def axis_titles(plot_widget) -> list[str]:  # noqa: ANN001  (a pyqtgraph PlotWidget or item)
    item = plot_widget.getPlotItem() if hasattr(plot_widget, "getPlotItem") else plot_widget
    return [item.getAxis(name).labelText or "" for name in ("bottom", "left")]


@pytest.fixture
def english() -> Iterator[None]:
    """Leave the process in English whatever the test did (the translator is per process)."""
    yield
    i18n.set_language("en", remember=False)


@pytest.fixture
def example_controller(qtbot) -> Controller:  # noqa: ANN001
    c = Controller(frame_interval_ms=0)
    c.set_data(make_dataset([[3, 3], [4, 3], [1, 1]], [1, 1, -1]), undoable=False)
    return c


def _panels(qtbot, c: Controller) -> dict[str, QWidget]:  # noqa: ANN001
    widgets: dict[str, QWidget] = {
        "controls": ControlPanel(c),
        "bound": BoundPanel(c),
        "readout": Readout(c),
        "table": IterationTable(c),
        "dual": DualView(c),
        "canvas": DataCanvas(),
    }
    for w in widgets.values():
        qtbot.addWidget(w)
        w.resize(700, 500)
        w.show()
    probes.gram_plots(widgets["dual"])  # the heatmap's plots (made when first drawn) too
    return widgets


def _texts(w: dict[str, QWidget]) -> list[str]:
    table = w["table"]
    model = table.model
    headers = [model.headerData(i, HORIZONTAL, DISPLAY) for i in range(model.columnCount())]
    canvas = w["canvas"]
    legend = [lab.text for _, lab in canvas.legend.items]
    return (
        visible_texts(w["controls"])
        + visible_texts(w["bound"])
        + axis_titles(w["bound"].plot)
        + [w["readout"].text()]
        + visible_texts(table)
        + headers
        + visible_texts(w["dual"])
        + [t for plot in probes.gram_plots(w["dual"]) for t in axis_titles(plot)]
        + legend
    )


def test_chinese_leaves_no_english_word_in_the_controls_and_panels(
    qtbot, example_controller, english
) -> None:
    c = example_controller
    w = _panels(qtbot, c)
    c.set_mode("pocket")  # the pocket shows the canvas legend's answer
    w["canvas"].set_answer(c.trainer.model)
    c.step()
    c.step()
    before = _texts(w)
    assert all(isinstance(t, str) for t in before), before
    assert english_words(before)  # the check sees English when there is some
    assert i18n.set_language("zh_CN")
    assert i18n.language() == "zh_CN"
    after = _texts(w)
    assert english_words(after) == [], after
    controls = w["controls"]
    assert controls.algorithm_box.title() == "算法"
    assert controls.step_button.text() == "单步"
    assert [controls.mode_combo.itemText(i) for i in range(3)] == [
        "原始形式",
        "对偶形式",
        "口袋算法",
    ]
    # The item data stay the keys the controller understands.
    assert [controls.mode_combo.itemData(i) for i in range(3)] == ["primal", "dual", "pocket"]
    assert controls.mode_combo.currentData() == "pocket"
    assert [controls.order_combo.itemText(i) for i in range(4)] == [
        "首个",
        "循环",
        "随机循环",
        "随机",
    ]
    assert w["table"].model.headerData(1, HORIZONTAL, DISPLAY) == "误分类点"
    assert "Gram 矩阵" in w["dual"]._title.text()
    # A message made after the switch is in Chinese too.
    messages: list[str] = []
    c.message_posted.connect(messages.append)
    c.step_back()
    c.step()
    assert messages[0].startswith("回到第 1 次更新：w = (3, 3), b = 1")
    assert messages[1].startswith("第 2 次更新，在 x3 上：w = (2, 2), b = 0")

    assert i18n.set_language("en")
    assert _texts(w) == before


def test_the_worked_example_is_narrated_in_chinese(example_controller, english) -> None:
    c = example_controller
    assert i18n.set_language("zh_CN", remember=False)
    lines = [narrate(c.trainer).replace("\xa0", " ")]
    while c.step() is not None:
        lines.append(narrate(c.trainer).replace("\xa0", " "))
    assert len(lines) == 8  # the start and the textbook's 7 updates
    assert english_words(lines) == [], lines
    assert lines[0].startswith("初值：w = (0, 0)，b = 0")
    assert lines[2] == (
        "第 2 次更新，误分类点 x3 = (1, 1)，y = −1：y(w·x + b) = −1 · (3·1 + 3·1 + 1) = −7 ≤ 0，"
        "误分类 → w ← w + ηyx = (3, 3) − (1, 1) = (2, 2), b ← b + ηy = 1 − 1 = 0"
    )
    assert c.config.order == "cyclic"
    c.reset()  # from w = 0: x1 is a mistake, then x2 is right
    c.visit()
    c.visit()
    assert narrate(c.trainer).replace("\xa0", " ").startswith("第 2 次访问：x2 = (4, 3)，y = +1：")
    assert narrate(c.trainer).replace("\xa0", " ").endswith("> 0，分类正确：不更新")
    i18n.set_language("en", remember=False)
    assert narrate(c.trainer).replace("\xa0", " ").startswith("visit ")


def test_dialogs_follow_the_language(qtbot, english) -> None:
    help_dialog, generate = HelpDialog(), GenerateDialog()
    qtbot.addWidget(help_dialog)
    qtbot.addWidget(generate)
    assert i18n.set_language("zh_CN", remember=False)
    assert help_dialog.windowTitle() == "perceptron-gui：键盘与鼠标"
    assert "单步：找到下一个误分类点并更新" in help_dialog._text.text()
    assert generate.windowTitle() == "生成数据"
    assert generate.kind.currentData() == "separable" and generate.kind.currentText() == "线性可分"
    i18n.set_language("en", remember=False)
    assert generate.windowTitle() == "Generate data"


def test_the_language_is_remembered_and_unknown_ones_refused(qtbot, english) -> None:
    assert i18n.saved_language() is None
    assert i18n.startup_language() == i18n.system_language()
    assert i18n.set_language("zh_CN")
    assert preferences().value("language") == "zh_CN"
    assert i18n.saved_language() == "zh_CN" == i18n.startup_language()
    assert not i18n.set_language("fr")
    assert i18n.language() == "zh_CN"
    assert i18n.set_language("en")
    assert i18n.startup_language() == "en"


def test_table_headers_take_a_translation_without_qt(example_controller) -> None:
    c = example_controller
    c.run_to_end()
    while not c.trainer.done:
        c.step()
    assert HEADER_WORDS == ("misclassified point", "points summed")  # (batch: the second)
    table = iteration_table(c.data, c.trainer, headers={"misclassified point": "误分类点"})
    assert [h.text for h in table.header][:2] == ["k", "误分类点"]
    assert "误分类点" in to_latex(table)
    plain = iteration_table(c.data, c.trainer)
    assert [h.text for h in plain.header][:2] == ["k", "misclassified point"]
    assert plain.rows == table.rows


def _ts_messages(path: Path) -> dict[tuple[str, str], str | None]:
    out: dict[tuple[str, str], str | None] = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name") or ""
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            kind = "" if tr is None else tr.get("type", "")
            if kind in ("obsolete", "vanished"):
                continue
            done = tr is not None and kind != "unfinished" and (tr.text or "").strip()
            out[(name, msg.findtext("source") or "")] = tr.text if done else None
    return out


def test_every_source_text_has_a_finished_translation_in_the_shipped_qm(tmp_path) -> None:
    lupdate = Path(sys.executable).parent / "pyside6-lupdate"
    if not lupdate.exists():
        pytest.skip("pyside6-lupdate is not installed next to this Python")
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in (ROOT / "perceptron_gui" / "app").rglob("*.py"))
    subprocess.run(
        [str(lupdate), *sources, "-locations", "none", "-ts", str(fresh)],
        check=True,
        capture_output=True,
    )
    wanted = set(_ts_messages(fresh))
    committed = _ts_messages(TS)
    assert len(wanted) > 200
    missing = sorted(m for m in wanted if committed.get(m) is None)
    assert missing == [], f"run scripts/update_translations.py and translate: {missing[:10]}"

    from PySide6.QtCore import QTranslator

    qm = i18n.qm_resource("zh_CN")
    assert qm.is_file()
    t = QTranslator()
    data = qm.read_bytes()  # QTranslator reads this memory later: keep it referenced
    assert t.load(data)
    stale = [(c, s) for (c, s) in wanted if t.translate(c, s) != committed[(c, s)]]
    del data
    assert stale == [], "the .qm is older than the .ts: scripts/update_translations.py --release"


def test_the_qm_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "i18n/*.qm" in data["tool"]["setuptools"]["package-data"]["perceptron_gui"]


# ------------------------------------------------------------------------- the window

WINDOW_ALLOWED = ALLOWED | {"LaTeX", "Markdown", "PNG", "SVG", "CSV", "GIF", "D", "English"}


def window_words(texts: list[str]) -> list[str]:
    """English words left in menu texts, mnemonics and accelerators ("(&F)") aside."""
    plain = [re.sub(r"\(&\w\)", "", t).replace("&", "") for t in texts]
    return sorted({t for s in plain for t in re.findall(r"[A-Za-z]+", s)} - WINDOW_ALLOWED)


def menu_texts(window) -> list[str]:  # noqa: ANN001
    out: list[str] = []

    def walk(menu) -> None:  # noqa: ANN001
        out.append(menu.title())
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif not action.isSeparator():
                out.append(action.text())

    for action in window.menuBar().actions():
        walk(action.menu())
    return out


def window_texts(window) -> list[str]:  # noqa: ANN001
    return (
        menu_texts(window)
        + [d.windowTitle() for d in window.docks]
        + [window.tabs.tabText(i) for i in range(window.tabs.count())]
        + [a.text() for a in window.toolbar.actions() if not a.isSeparator()]
        + visible_texts(window.controls)
        + [window.narration.text(), window.readout.text(), window.timeline.label.text()]
    )


def test_the_window_speaks_chinese_and_english_again(window, english) -> None:
    window.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    window.step()
    window.step()
    before = window_texts(window)
    assert "Iteration table" in before and "&File" in before
    assert window_words(before)  # the check sees English when there is some
    assert window.set_language("zh_CN")
    after = window_texts(window)
    assert window_words(after) == [], [t for t in after if window_words([t])]
    assert "文件(&F)" in after and "迭代表" in after and "控制" in after
    assert window.state()["narration"].replace("\xa0", " ").startswith("第 2 次更新，误分类点 x3")
    assert window.language_actions["zh_CN"].isChecked()
    assert not window.set_language("fr")  # refused, with a notice; nothing changes
    assert i18n.language() == "zh_CN"
    assert window.set_language("en")
    assert window_texts(window) == before
    assert window.language_actions["en"].isChecked()


def test_view_language_menu_switches_and_is_remembered(window, english) -> None:
    action = window.findChild(QAction, "language_zh_CN")
    assert action is not None and action.text() == "简体中文"
    action.trigger()
    assert i18n.language() == "zh_CN" and preferences().value("language") == "zh_CN"
    assert window.action_manager.menus["language"].title() == "语言(&L)"
    window.findChild(QAction, "language_en").trigger()
    assert (
        i18n.language() == "en" and window.action_manager.menus["language"].title() == "&Language"
    )


@pytest.mark.long
def test_the_command_line_takes_lang(tmp_path, english) -> None:
    from perceptron_gui.app.main import LANG_CHOICES, build_parser, main

    assert LANG_CHOICES == i18n.LANGUAGES
    assert build_parser().parse_args(["--lang", "zh_CN"]).lang == "zh_CN"
    out = tmp_path / "zh.png"
    assert main(["--screenshot", str(out), "--lang", "zh_CN", "--size", "800x600"]) == 0
    assert out.stat().st_size > 0
    assert i18n.language() == "zh_CN"
    assert i18n.saved_language() is None  # a screenshot does not change the user's choice


def test_every_core_text_the_window_shows_is_translated(qapp, english) -> None:  # noqa: ANN001
    from perceptron_gui.core.bounds import mistake_bound, proof_note
    from perceptron_gui.core.config import MODES, TrainConfig
    from perceptron_gui.core.novikoff import novikoff
    from perceptron_gui.core.params import BUILT_IN_PARAMS
    from perceptron_gui.core.proof import NOT_FROM_ZERO, NOT_SEPARABLE
    from perceptron_gui.core.registry import REGISTRY

    separable = novikoff(make_dataset([[3, 3], [1, 1]], [1, -1]))
    xor = novikoff(make_dataset([[0, 0], [1, 1], [0, 1], [1, 0]], [1, 1, -1, -1]))
    texts = {NOT_FROM_ZERO, NOT_SEPARABLE, "pocket", "average", "vote"}
    for mode in MODES:
        config = TrainConfig(mode=mode, order=REGISTRY[mode].orders[0])
        texts |= {mistake_bound(config, 2, b).note for b in (separable, xor)}
        texts.add(proof_note(config))
    texts |= {s.orders_note for s in REGISTRY.values()}
    texts |= {s.tip for s in REGISTRY.values()}  # the mode list's tooltips
    # The built-in settings' tooltips, marked where they are declared (core/params.py).
    texts |= {t for p in BUILT_IN_PARAMS.values() for t in (p.help, *p.choice_tips)}
    texts.discard("")
    assert i18n.set_language("zh_CN", remember=False)
    untranslated = sorted(t for t in texts if i18n.core_text(t) == t)
    assert untranslated == [], (
        'mark them with QT_TRANSLATE_NOOP("Core", ...) where the core declares them, '
        "in a module of update_translations.CORE_SOURCES, and translate them"
    )
    titles = {p.title for p in BUILT_IN_PARAMS.values() if p.title.isalpha() and len(p.title) > 1}
    assert titles == {"kernel", "degree", "margin"}
    for t in titles:  # the settings' row titles (not the modes' names: "kernel", "margin")
        assert QCoreApplication.translate("Settings", t) not in (t, i18n.mode_name(t))


@pytest.mark.long
def test_compare_mode_speaks_chinese(window, english) -> None:
    window.set_points([[3, 3], [4, 3], [1, 1]], [1, 1, -1])
    assert window.set_compare({"mode": "dual"})
    view = window.compare.view
    assert view is not None
    before = visible_texts(view.settings_bar) + [window.run_title.text()]
    assert window_words(before)
    assert window.set_language("zh_CN")
    after = visible_texts(view.settings_bar) + [window.run_title.text()]
    assert window_words(after) == [], after
    assert view.mode_combo.currentText() == "对偶形式" and view.mode_combo.currentData() == "dual"
    # (its glue, no-break spaces and word joiners, made plain; "：" after the run's name)
    assert plain_text(window.run_title.text()).startswith("运行 1：原始形式 · 顺序：循环")
    window.set_language("en")
    assert visible_texts(view.settings_bar) + [window.run_title.text()] == before


#: One Chinese word for each term (issue 27 found two for each of these): the word used,
#: and the variants that must not come back.
ONE_WORD = {
    "完整一轮": ["完整一遍"],
    "被动攻击算法": ["被动-攻击算法", "被动—攻击算法"],
    "选中点": ["所选点"],  # (the selected point: Edit's 翻转选中点的标签, keyboard editing's too)
}


def test_the_chinese_texts_use_one_word_for_each_term() -> None:
    """The catalogue and the built-in lessons say each term one way
    ("a full pass" was 完整一遍 and 完整一轮, passive-aggressive 被动-攻击算法 and
    被动攻击算法)."""
    package = ROOT / "perceptron_gui"
    files = [TS, *sorted((package / "data" / "lessons").glob("*.toml"))]
    texts = {f.name: f.read_text("utf-8") for f in files}
    for word, variants in ONE_WORD.items():
        assert any(word in t for t in texts.values()), word  # (the word itself is used)
        for name, text in texts.items():
            for variant in variants:
                assert variant not in text, (name, variant, word)


def test_every_text_of_the_catalogue_has_a_context() -> None:
    """lupdate files a text under no context when the context is not a literal beside it
    (a module's own `tr(text)`); Qt never looks there, and the text stays English (the
    canvas's description, keyboard editing's words, a compared run's title did)."""
    loose = [
        m.findtext("source")
        for ctx in ET.parse(TS).getroot().iter("context")
        if not (ctx.findtext("name") or "").strip()
        for m in ctx.iter("message")
    ]
    assert not loose, loose


@pytest.mark.qt_log_ignore("This plugin does not support raise")
def test_the_help_dialog_shows_its_last_row_on_a_short_screen(window, english) -> None:  # noqa: ANN001
    """Help ▸ Keys and mouse in Chinese (the tallest table) on a screen shorter than it:
    the dialog stays on the screen and every row can be read (it scrolls); it cut its
    last row at 1024×768."""
    assert window.set_language("zh_CN")
    assert window.set_ui_scale(2.0)  # (the 800 px offscreen screen: shorter than the table)
    try:
        window.findChild(QAction, "helpAction").trigger()
        shows_every_row(window._help)  # noqa: SLF001
    finally:
        window.set_ui_scale(1.0)


def shows_every_row(dialog) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QLabel, QScrollArea

    assert dialog is not None and dialog.isVisible()
    room = dialog.screen().availableGeometry()
    assert room.contains(dialog.geometry()), (dialog.geometry(), room)
    text = next(t for t in dialog.findChildren(QLabel) if "<table>" in t.text())
    assert text.height() >= text.heightForWidth(text.width())  # laid out whole
    scroll = dialog.findChild(QScrollArea)
    bar = scroll.verticalScrollBar()
    assert bar.maximum() + scroll.viewport().height() >= text.height()  # all of it reachable
    bar.setValue(bar.maximum())
    last = text.mapTo(scroll.viewport(), text.rect().bottomLeft()).y()
    assert last <= scroll.viewport().height()
    dialog.close()

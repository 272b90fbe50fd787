"""The window's actions as data: one `ActionSpec` a row, bound once by `ActionManager`.

In the manner of napari's action manager: an action is declared once (its id, its
text, keys, tip, whether it is checkable, and the window method it calls), made into
a `QAction` once, registered by its id, and the menus and the toolbar are lists of
ids. The window's scripting API and the menus call the same methods, so a script's
``window.step()`` and Space do the same.

Texts are source texts in the translation context ``MainWindow`` (the window's own),
shown translated; `retranslate` sets them again when the language changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QMenu, QMenuBar, QToolBar, QWidget

from perceptron_gui.app.format import glue_words
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP
from perceptron_gui.app.theme import roomy, roomy_later

#: The translation context of every action's and menu's text (the window's own).
CONTEXT = "MainWindow"
#: Up to this run speed (updates per second) each update is drawn as vectors.
ANATOMY_MAX_SPEED = 2.0


def translate(context: str, text: str) -> str:
    """`text` in the current language (lupdate reads ``translate("Context", "text")``)."""
    return QCoreApplication.translate(context, text)


def tr(text: str) -> str:
    """`text` in the window's language (context ``MainWindow``)."""
    return translate(CONTEXT, text)


#: A key: a sequence as text ("Ctrl+E") or one of Qt's standard keys.
Key = str | QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    """One action of the window, as data.

    `slot` names what the action calls, as an attribute path from the window
    (``"save"``, ``"controller.visit"``, ``"canvas.fit_view"``); it is looked up when
    the action fires, so it may name a part made after the actions (the lesson
    player). The slot gets `args`, and the checked state last when `with_checked`.
    """

    id: str
    text: str
    slot: str
    keys: tuple[Key, ...] = ()
    tip: str | None = None
    checkable: bool = False
    checked: bool = False
    args: tuple[Any, ...] = ()
    with_checked: bool = False
    #: Actions with the same group are exclusive (a radio group).
    group: str | None = None
    #: Values put into the tip's {fields}: source texts, translated too.
    tip_args: tuple[tuple[str, str], ...] = ()
    #: The QAction's objectName (tests and scripts find it so); "" for `<id in camelCase>Action`.
    name: str = ""

    @property
    def object_name(self) -> str:
        if self.name:
            return self.name
        first, *rest = self.id.split("_")
        return first + "".join(w.capitalize() for w in rest) + "Action"


@dataclass(frozen=True)
class MenuSpec:
    """A menu: its id, its title (source text), and its items.

    An item is an action's id, ``"-"`` a separator, ``"menu:ID"`` a submenu (declared
    in `MENUS` too), or ``"@NAME"``: a place the window fills with actions of its own
    (the docks' toggles, the languages).
    """

    id: str
    title: str
    items: tuple[str, ...] = ()


S = QKeySequence.StandardKey

#: Every action of the window, grouped as the menus show them.
ACTIONS: tuple[ActionSpec, ...] = (
    # --- File
    ActionSpec(
        "open",
        QT_TRANSLATE_NOOP("MainWindow", "&Open…"),
        "files.open_dialog",
        (S.Open,),
        QT_TRANSLATE_NOOP("MainWindow", "Open a CSV or a session"),
    ),
    ActionSpec(
        "open_lesson",
        QT_TRANSLATE_NOOP("MainWindow", "Open &lesson…"),
        "lesson_player.open_dialog",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "Open a lecture prepared as a .lesson.toml file"),
    ),
    ActionSpec(
        "builtin_lesson",
        QT_TRANSLATE_NOOP("MainWindow", "The &perceptron (built-in lesson)"),
        "lesson_player.open",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The lesson that ships with the program"),
        args=("perceptron",),
    ),
    ActionSpec(
        "save",
        QT_TRANSLATE_NOOP("MainWindow", "&Save"),
        "files.save_action",
        (S.Save,),
        QT_TRANSLATE_NOOP("MainWindow", "Save the session"),
    ),
    ActionSpec(
        "save_as",
        QT_TRANSLATE_NOOP("MainWindow", "Save &as…"),
        "files.save_as_dialog",
        ("Ctrl+Shift+S",),
        QT_TRANSLATE_NOOP("MainWindow", "Save as CSV or session"),
    ),
    ActionSpec(
        "export",
        QT_TRANSLATE_NOOP("MainWindow", "&Figure…"),
        "exports.export_figure_dialog",
        ("Ctrl+E",),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The canvas alone, for slides: PNG or SVG at a chosen size"
        ),
        name="exportFigureAction",
    ),
    ActionSpec(
        "export_animation",
        QT_TRANSLATE_NOOP("MainWindow", "&Animation…"),
        "exports.export_animation_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "A GIF of the run, one frame per update, the narration as captions"
        ),
    ),
    ActionSpec(
        "export_augmented",
        QT_TRANSLATE_NOOP("MainWindow", "&Augmented space (figure)…"),
        "exports.space_figure_dialog",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The augmented space (x1, x2, 1) view: PNG or SVG"),
        args=("augmented",),
    ),
    ActionSpec(
        "export_augmented_animation",
        QT_TRANSLATE_NOOP("MainWindow", "A&ugmented space (animation)…"),
        "exports.space_animation_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The augmented space view along the run: GIF or MP4, one frame per update"
        ),
        args=("augmented",),
    ),
    ActionSpec(
        "export_weights",
        QT_TRANSLATE_NOOP("MainWindow", "&Weight space (figure)…"),
        "exports.space_figure_dialog",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The weight space (w1, w2, b) view: PNG or SVG"),
        args=("weights",),
    ),
    ActionSpec(
        "export_weights_animation",
        QT_TRANSLATE_NOOP("MainWindow", "W&eight space (animation)…"),
        "exports.space_animation_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The weight space view along the run: GIF or MP4, one frame per update"
        ),
        args=("weights",),
    ),
    ActionSpec(
        "export_table",
        QT_TRANSLATE_NOOP("MainWindow", "&Table…"),
        "exports.export_table_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The iteration table in the textbook's layout: LaTeX, Markdown or CSV"
        ),
    ),
    ActionSpec(
        "export_web",
        QT_TRANSLATE_NOOP("MainWindow", "&Web page…"),
        "exports.export_web_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "The run as one HTML file that opens offline: timeline, narration, readout",
        ),
    ),
    ActionSpec(
        "copy_latex",
        QT_TRANSLATE_NOOP("MainWindow", "Copy table as &LaTeX"),
        "copy_table",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The iteration table as a booktabs tabular, on the clipboard"
        ),
        args=("latex",),
    ),
    ActionSpec(
        "copy_markdown",
        QT_TRANSLATE_NOOP("MainWindow", "Copy table as &Markdown"),
        "copy_table",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The iteration table as a Markdown table, on the clipboard"
        ),
        args=("markdown",),
    ),
    ActionSpec("quit", QT_TRANSLATE_NOOP("MainWindow", "&Quit"), "quit_asking", ("Ctrl+Q",)),
    # --- Edit. Undo and redo keep a fixed text (the toolbar must not jump as the text
    # changes); the window's tooltip and status tip say what they would undo.
    ActionSpec(
        "undo", QT_TRANSLATE_NOOP("MainWindow", "&Undo"), "controller.undo_stack.undo", (S.Undo,)
    ),
    ActionSpec(
        "redo",
        QT_TRANSLATE_NOOP("MainWindow", "&Redo"),
        "controller.undo_stack.redo",
        ("Ctrl+Shift+Z", "Ctrl+Y"),
    ),
    ActionSpec(
        "pos",
        QT_TRANSLATE_NOOP("MainWindow", "Add +1 (○)"),
        "_set_add_label",
        ("+",),
        QT_TRANSLATE_NOOP("MainWindow", "Left click adds +1 points"),
        True,
        True,
        args=(1,),
        group="label",
    ),
    ActionSpec(
        "neg",
        QT_TRANSLATE_NOOP("MainWindow", "Add −1 (×)"),
        "_set_add_label",
        ("-",),
        QT_TRANSLATE_NOOP("MainWindow", "Left click adds −1 points"),
        True,
        args=(-1,),
        group="label",
    ),
    ActionSpec(
        "snap",
        QT_TRANSLATE_NOOP("MainWindow", "&Snap to grid"),
        "_on_snap_toggled",
        ("G",),
        QT_TRANSLATE_NOOP("MainWindow", "Snap points to a 0.5 grid"),
        True,
    ),
    ActionSpec(
        "select_all", QT_TRANSLATE_NOOP("MainWindow", "Select &all"), "_select_all", (S.SelectAll,)
    ),
    ActionSpec(
        "delete",
        QT_TRANSLATE_NOOP("MainWindow", "&Delete selected"),
        "_delete_selection",
        (S.Delete,),
        QT_TRANSLATE_NOOP("MainWindow", "Delete the selected points"),
    ),
    ActionSpec(
        "flip",
        QT_TRANSLATE_NOOP("MainWindow", "&Flip labels of selected"),
        "_flip_selection",
        ("L",),
        QT_TRANSLATE_NOOP("MainWindow", "Flip the labels of the selected points"),
    ),
    ActionSpec(
        "clear",
        QT_TRANSLATE_NOOP("MainWindow", "&Clear all points"),
        "controller.clear",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "Remove every point (undoable)"),
    ),
    ActionSpec(
        "generate",
        QT_TRANSLATE_NOOP("MainWindow", "&Generate…"),
        "files.generate_dialog",
        ("Ctrl+G",),
        QT_TRANSLATE_NOOP("MainWindow", "Generate a data set"),
    ),
    ActionSpec(
        "example",
        QT_TRANSLATE_NOOP("MainWindow", "Built-in &example"),
        "load_example",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The built-in example"),
    ),
    # Real data (core/examples.py: shipped with their source and licence).
    ActionSpec(
        "example_iris",
        QT_TRANSLATE_NOOP("MainWindow", "&Iris: setosa vs versicolor (4 features)"),
        "load_builtin",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "100 flowers, 4 measurements in cm (Fisher 1936; UCI, CC BY 4.0)"
        ),
        args=("iris",),
    ),
    ActionSpec(
        "example_digits",
        QT_TRANSLATE_NOOP("MainWindow", "&Digits: 0 vs 1 (8 × 8 images)"),
        "load_builtin",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Handwritten digits, 64 grey levels each; w drawn as an image "
            "(Alpaydin and Kaynak 1998; UCI, CC BY 4.0)",
        ),
        args=("digits:0:1",),
    ),
    ActionSpec(
        "example_digits_38",
        QT_TRANSLATE_NOOP("MainWindow", "Digits: &3 vs 8 (8 × 8 images)"),
        "load_builtin",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Handwritten digits, 64 grey levels each; w drawn as an image "
            "(Alpaydin and Kaynak 1998; UCI, CC BY 4.0)",
        ),
        args=("digits:3:8",),
    ),
    # --- Run
    ActionSpec(
        "step",
        QT_TRANSLATE_NOOP("MainWindow", "&Step"),
        "_step_main",
        ("Space",),
        QT_TRANSLATE_NOOP("MainWindow", "Next mistake and its update"),
    ),
    ActionSpec(
        "visit",
        QT_TRANSLATE_NOOP("MainWindow", "&Visit"),
        "controller.visit",
        ("V",),
        QT_TRANSLATE_NOOP("MainWindow", "Look at the next point only"),
    ),
    ActionSpec(
        "back",
        QT_TRANSLATE_NOOP("MainWindow", "Step &back"),
        "controller.step_back",
        ("Backspace",),
        QT_TRANSLATE_NOOP("MainWindow", "Undo the last update"),
    ),
    ActionSpec(
        "run",
        QT_TRANSLATE_NOOP("MainWindow", "&Run / pause"),
        "controller.toggle_run",
        ("R",),
        QT_TRANSLATE_NOOP("MainWindow", "Run at the chosen speed or pause"),
    ),
    ActionSpec(
        "pause",
        QT_TRANSLATE_NOOP("MainWindow", "&Pause"),
        "_escape",
        ("Esc",),
        QT_TRANSLATE_NOOP("MainWindow", "Pause the run"),
    ),
    ActionSpec(
        "to_end",
        QT_TRANSLATE_NOOP("MainWindow", "Run to the &end"),
        "controller.run_to_end",
        ("E",),
        QT_TRANSLATE_NOOP("MainWindow", "Run until it converges or stops"),
    ),
    ActionSpec(
        "reset",
        QT_TRANSLATE_NOOP("MainWindow", "Rese&t"),
        "controller.reset",
        ("Home",),
        QT_TRANSLATE_NOOP("MainWindow", "Back to the initial weights"),
    ),
    ActionSpec(
        "earlier",
        QT_TRANSLATE_NOOP("MainWindow", "&Earlier on the timeline"),
        "compare.on_earlier",
        ("Left",),
        QT_TRANSLATE_NOOP("MainWindow", "The state one update earlier"),
    ),
    ActionSpec(
        "later",
        QT_TRANSLATE_NOOP("MainWindow", "&Later on the timeline"),
        "compare.on_later",
        ("Right",),
        QT_TRANSLATE_NOOP("MainWindow", "One update later"),
    ),
    ActionSpec(
        "skip",
        QT_TRANSLATE_NOOP("MainWindow", "&Skip the slow motion"),
        "canvas.finish_animation",
        ("S",),
        QT_TRANSLATE_NOOP(
            "MainWindow", "Show the end of the update's predict → reveal → correct at once"
        ),
    ),
    ActionSpec(
        "compare",
        QT_TRANSLATE_NOOP("MainWindow", "&Compare"),
        "compare.on_compare_toggled",
        ("C",),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "A second run beside the first: same points, its own mode, order, η, bias and seed",
        ),
        True,
        name="compareAction",
    ),
    ActionSpec(
        "experiment",
        QT_TRANSLATE_NOOP("MainWindow", "E&xperiment…"),
        "experiment.open",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Run these data and settings many times, run i with seed s + i: the updates' "
            "mean, median and histogram against the bound",
        ),
    ),
    # --- View
    ActionSpec(
        "dims_follow",
        QT_TRANSLATE_NOOP("MainWindow", "&Follow w"),
        "set_dims_view",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Points with more than two features: across, the direction of w (the line is the "
            "hyperplane); up, the data's principal direction ⊥ w",
        ),
        True,
        True,
        args=("follow",),
        group="dims",
    ),
    ActionSpec(
        "dims_pin",
        QT_TRANSLATE_NOOP("MainWindow", "&Pin the view"),
        "set_dims_view",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Keep the view's two axes while w moves on (the line is then the hyperplane's slice)",
        ),
        True,
        args=("pinned",),
        group="dims",
    ),
    ActionSpec(
        "dims_features",
        QT_TRANSLATE_NOOP("MainWindow", "&Two features"),
        "set_dims_view",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Two of the features across and up (chosen below; the line is the hyperplane's slice)",
        ),
        True,
        args=("features",),
        group="dims",
    ),
    ActionSpec(
        "radius",
        QT_TRANSLATE_NOOP("MainWindow", "Show the radius &D"),
        "_on_radius_toggled",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The circle that holds every point"),
        True,
        name="showRadiusAction",
    ),
    ActionSpec(
        "best",
        QT_TRANSLATE_NOOP("MainWindow", "Show the &best separator and γ"),
        "_on_best_toggled",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "The direction û* and its γ band"),
        True,
        name="showBestAction",
    ),
    ActionSpec(
        "anatomy",
        QT_TRANSLATE_NOOP("MainWindow", "Show the &update as vectors"),
        "_show_model",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "After each update: old w + ηyx = new w, the old line ghosted (when "
            "stepping or running at {speed} updates a second or slower)",
        ),
        True,
        True,
        tip_args=(("speed", f"{ANATOMY_MAX_SPEED:g}"),),
        name="anatomyAction",
    ),
    ActionSpec(
        "phases",
        QT_TRANSLATE_NOOP("MainWindow", "Step through &predict, reveal, correct"),
        "set_phase_stepping",
        ("P",),
        QT_TRANSLATE_NOOP(
            "MainWindow", "Each Space shows one phase of the update: predict, reveal, correct"
        ),
        True,
        with_checked=True,
        name="phaseStepAction",
    ),
    ActionSpec(
        "follow",
        QT_TRANSLATE_NOOP("MainWindow", "F&ollow the line"),
        "_on_follow_toggled",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Grow the view whenever the line would leave it (off: an arrow shows where it is)",
        ),
        True,
        name="followLineAction",
    ),
    ActionSpec(
        "origin",
        QT_TRANSLATE_NOOP("MainWindow", "Keep the &origin in view"),
        "_on_origin_toggled",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "D and γ are measured from the origin: keep it on the canvas"
        ),
        True,
        name="keepOriginAction",
    ),
    ActionSpec(
        "answer_first",
        QT_TRANSLATE_NOOP("MainWindow", "Emphasise the &pocket"),
        "_on_answer_first_toggled",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Pocket mode: halos and the strong line show the pocket (the "
            "answer); off: the current weights",
        ),
        True,
        True,
    ),
    ActionSpec(
        "fit",
        QT_TRANSLATE_NOOP("MainWindow", "&Fit view"),
        "canvas.fit_view",
        ("F",),
        QT_TRANSLATE_NOOP("MainWindow", "Frame all points"),
    ),
    ActionSpec(
        "augmented_space",
        QT_TRANSLATE_NOOP("MainWindow", "&Augmented space (x1, x2, 1)"),
        "set_space_view",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "The points lifted to z = 1 and the plane ŵ·x̂ = 0 through the origin whose cut "
            "with z = 1 is the line",
        ),
        True,
        args=("augmented",),
        with_checked=True,
        name="augmentedSpaceAction",
    ),
    ActionSpec(
        "weight_space",
        QT_TRANSLATE_NOOP("MainWindow", "&Weight space (w1, w2, b)"),
        "set_space_view",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Each point as a plane of weights, the feasible cone and the path of ŵ into it",
        ),
        True,
        args=("weights",),
        with_checked=True,
        name="weightSpaceAction",
    ),
    ActionSpec(
        "keyboard_edit",
        QT_TRANSLATE_NOOP("MainWindow", "&Keyboard editing"),
        "accessibility.editor.toggle",
        ("K",),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Edit with the keyboard: arrows move a cursor, Enter adds a point, ] and [ select, "
            "Alt+arrows move, L flips, Delete removes, Esc leaves",
        ),
        True,
        with_checked=True,
    ),
    # Edit ▸ Keyboard editing: the keys of keyboard editing, shown in a menu (enabled while
    # it is on; the canvas's editor takes these keys there: accessibility.KeyboardEditor).
    ActionSpec(
        "kb_add",
        QT_TRANSLATE_NOOP("MainWindow", "&Add a point at the cursor"),
        "accessibility.editor.add_at_cursor",
        ("Return",),
    ),
    ActionSpec(
        "kb_next",
        QT_TRANSLATE_NOOP("MainWindow", "Select the &next point"),
        "accessibility.editor.select_next",
        ("]",),
        args=(1,),
    ),
    ActionSpec(
        "kb_previous",
        QT_TRANSLATE_NOOP("MainWindow", "Select the &previous point"),
        "accessibility.editor.select_next",
        ("[",),
        args=(-1,),
    ),
    ActionSpec(
        "kb_left",
        QT_TRANSLATE_NOOP("MainWindow", "Move the selected point &left"),
        "accessibility.editor.move_selected",
        ("Alt+Left",),
        args=(-1, 0),
    ),
    ActionSpec(
        "kb_right",
        QT_TRANSLATE_NOOP("MainWindow", "Move the selected point &right"),
        "accessibility.editor.move_selected",
        ("Alt+Right",),
        args=(1, 0),
    ),
    ActionSpec(
        "kb_up",
        QT_TRANSLATE_NOOP("MainWindow", "Move the selected point &up"),
        "accessibility.editor.move_selected",
        ("Alt+Up",),
        args=(0, 1),
    ),
    ActionSpec(
        "kb_down",
        QT_TRANSLATE_NOOP("MainWindow", "Move the selected point &down"),
        "accessibility.editor.move_selected",
        ("Alt+Down",),
        args=(0, -1),
    ),
    ActionSpec(
        "points_table",
        QT_TRANSLATE_NOOP("MainWindow", "Points as a &table"),
        "accessibility.show_points_table",
        ("Ctrl+T",),
        QT_TRANSLATE_NOOP(
            "MainWindow", "The canvas as a table: each point, its label, its score and verdict"
        ),
        True,
        with_checked=True,
    ),
    ActionSpec(
        "reduce_motion",
        QT_TRANSLATE_NOOP("MainWindow", "Reduce &motion"),
        "accessibility.set_reduce_motion",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "No slow motion: each update is drawn at once (remembered)"
        ),
        True,
        with_checked=True,
    ),
    ActionSpec(
        "present",
        QT_TRANSLATE_NOOP("MainWindow", "&Presentation mode"),
        "presentation.toggle_presentation",
        ("F5",),
        QT_TRANSLATE_NOOP(
            "MainWindow",
            "Full screen, the canvas and large numbers for a lecture room (Esc leaves)",
        ),
        True,
        name="presentationAction",
    ),
    ActionSpec(
        "blank",
        QT_TRANSLATE_NOOP("MainWindow", "&Blank the screen"),
        "presentation.toggle_blank",
        ("B", "."),
        QT_TRANSLATE_NOOP(
            "MainWindow", "A black screen for the room; B (or Esc) shows the window again"
        ),
        args=("black",),
        name="blankAction",
    ),
    ActionSpec(
        "white",
        QT_TRANSLATE_NOOP("MainWindow", "&White screen"),
        "presentation.toggle_blank",
        ("W", ","),
        QT_TRANSLATE_NOOP(
            "MainWindow", "A white screen for the room; W (or Esc) shows the window again"
        ),
        args=("white",),
        name="whiteAction",
    ),
    ActionSpec(
        "panels",
        QT_TRANSLATE_NOOP("MainWindow", "&Panels"),
        "_on_panels_toggled",
        ("F9",),
        QT_TRANSLATE_NOOP("MainWindow", "Show or hide every panel"),
        True,
        True,
        name="showPanelsAction",
    ),
    ActionSpec(
        "zoom_in",
        QT_TRANSLATE_NOOP("MainWindow", "&Larger"),
        "look.step_scale",
        ("Ctrl+=", "Ctrl++"),
        QT_TRANSLATE_NOOP("MainWindow", "Enlarge everything"),
        args=(1,),
    ),
    ActionSpec(
        "zoom_out",
        QT_TRANSLATE_NOOP("MainWindow", "S&maller"),
        "look.step_scale",
        ("Ctrl+-",),
        QT_TRANSLATE_NOOP("MainWindow", "Shrink"),
        args=(-1,),
    ),
    ActionSpec(
        "zoom_reset",
        QT_TRANSLATE_NOOP("MainWindow", "&Normal size"),
        "look.step_scale",
        ("Ctrl+0",),
        args=(0,),
    ),
    # --- View ▸ Theme: one checkable action a theme
    *(
        ActionSpec(
            id,
            name,
            "set_theme",
            (),
            QT_TRANSLATE_NOOP("MainWindow", "The {name} theme"),
            True,
            args=(key,),
            group="theme",
            tip_args=(("name", name),),
        )
        for key, (id, name) in {
            "light": ("theme_light", QT_TRANSLATE_NOOP("MainWindow", "light")),
            "dark": ("theme_dark", QT_TRANSLATE_NOOP("MainWindow", "dark")),
            "high-contrast": (
                "theme_high_contrast",
                QT_TRANSLATE_NOOP("MainWindow", "high-contrast"),
            ),
        }.items()
    ),
    # --- Lesson (the player is made after the actions: the slots are looked up late)
    ActionSpec(
        "add_scene",
        QT_TRANSLATE_NOOP("MainWindow", "&Add this scene…"),
        "lesson_player.add_scene_dialog",
        (),
        QT_TRANSLATE_NOOP(
            "MainWindow", "Add the data, settings, update and panels shown now as a scene"
        ),
    ),
    ActionSpec(
        "save_lesson",
        QT_TRANSLATE_NOOP("MainWindow", "&Save lesson…"),
        "lesson_player.save_dialog",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "Save the lesson as plain TOML"),
    ),
    ActionSpec(
        "close_lesson",
        QT_TRANSLATE_NOOP("MainWindow", "&Close lesson"),
        "lesson_player.set_lesson",
        (),
        QT_TRANSLATE_NOOP("MainWindow", "Close the lesson: the keys step the run again"),
        args=(None,),
    ),
    # --- Help
    ActionSpec(
        "help", QT_TRANSLATE_NOOP("MainWindow", "&Keys and mouse"), "_show_help", (S.HelpContents,)
    ),
    ActionSpec("about", QT_TRANSLATE_NOOP("MainWindow", "&About perceptron-gui"), "_show_about"),
)

#: The theme actions' ids by the theme's key (`set_theme` takes the keys).
THEME_ACTIONS = {str(s.args[0]): s.id for s in ACTIONS if s.group == "theme"}
#: Edit ▸ Keyboard editing's items, enabled while it is on (`KeyboardEditor.attach`).
KEYBOARD_EDIT_ACTIONS = (
    "kb_add", "kb_next", "kb_previous", "kb_left", "kb_right", "kb_up", "kb_down",
)  # fmt: skip

#: Every menu, by id; `MENU_BAR` orders the menu bar's.
MENUS: tuple[MenuSpec, ...] = (
    MenuSpec("file", QT_TRANSLATE_NOOP("MainWindow", "&File"), (
        "open", "menu:recent", "menu:examples", "open_lesson", "builtin_lesson", "save",
        "save_as", "menu:export", "-", "quit",
    )),
    MenuSpec("examples", QT_TRANSLATE_NOOP("MainWindow", "E&xamples"), (
        "example", "-", "example_iris", "example_digits", "example_digits_38",
    )),
    MenuSpec("recent", QT_TRANSLATE_NOOP("MainWindow", "Open &recent")),  # filled as it opens
    MenuSpec("export", QT_TRANSLATE_NOOP("MainWindow", "&Export"), (
        "export", "export_animation", "menu:spaces_export", "export_table", "export_web", "-",
        "copy_latex", "copy_markdown",
    )),
    MenuSpec("spaces_export", QT_TRANSLATE_NOOP("MainWindow", "&Space views"), (
        "export_augmented", "export_augmented_animation", "export_weights",
        "export_weights_animation",
    )),
    MenuSpec("edit", QT_TRANSLATE_NOOP("MainWindow", "&Edit"), (
        "undo", "redo", "-", "pos", "neg", "snap", "-",
        "select_all", "delete", "flip", "clear", "-", "menu:keyboard", "-", "generate",
    )),
    MenuSpec("keyboard", QT_TRANSLATE_NOOP("MainWindow", "&Keyboard editing"), (
        *KEYBOARD_EDIT_ACTIONS[:3], "-", *KEYBOARD_EDIT_ACTIONS[3:],
    )),
    MenuSpec("run", QT_TRANSLATE_NOOP("MainWindow", "&Run"), (
        "step", "visit", "back", "run", "pause", "to_end", "reset", "-",
        "earlier", "later", "skip", "-", "compare", "experiment",
    )),
    MenuSpec("view", QT_TRANSLATE_NOOP("MainWindow", "&View"), (
        "radius", "best", "-", "anatomy", "phases", "follow", "origin", "answer_first",
        "fit", "-", "present", "blank", "white", "panels", "@docks", "augmented_space",
        "weight_space", "points_table", "menu:dims", "-", "keyboard_edit", "reduce_motion", "-",
        "zoom_in", "zoom_out", "zoom_reset",
        "menu:theme", "menu:language",
    )),
    MenuSpec("dims", QT_TRANSLATE_NOOP("MainWindow", "View of &Rᵈ"), (
        "dims_follow", "dims_pin", "dims_features", "-", "menu:dims_across", "menu:dims_up",
    )),
    # (filled with x₁ … x_d for the data on screen: window/dims_menu.py)
    MenuSpec("dims_across", QT_TRANSLATE_NOOP("MainWindow", "Feature &across")),
    MenuSpec("dims_up", QT_TRANSLATE_NOOP("MainWindow", "Feature &up")),
    MenuSpec("theme", QT_TRANSLATE_NOOP("MainWindow", "&Theme"), tuple(THEME_ACTIONS.values())),
    MenuSpec("language", QT_TRANSLATE_NOOP("MainWindow", "&Language"), ("@languages",)),
    MenuSpec("lesson", QT_TRANSLATE_NOOP("MainWindow", "Le&sson"), (
        "add_scene", "save_lesson", "close_lesson",
    )),
    MenuSpec("help", QT_TRANSLATE_NOOP("MainWindow", "&Help"), ("help", "about")),
)  # fmt: skip
MENU_BAR = ("file", "edit", "run", "view", "lesson", "help")
#: The toolbar's actions.
TOOLBAR = (
    "open", "save", "-", "undo", "redo", "-", "pos", "neg", "snap", "generate", "fit", "-",
    "compare",
)  # fmt: skip


def resolve(owner: object, path: str) -> Callable[..., Any]:
    """The callable at attribute `path` ("controller.visit") from `owner`."""
    target: Any = owner
    for part in path.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise TypeError(f"{path} is not callable")
    return target  # type: ignore[no-any-return]


class ActionManager:
    """Makes the window's QActions from `ACTIONS` once, and its menus and toolbar from ids.

    Each action is registered by its id (`action(id)`) and added to the window, so
    its keys work whatever is hidden. `retranslate` sets every text again.
    """

    def __init__(self, window: QWidget, specs: Iterable[ActionSpec] = ACTIONS) -> None:
        self.window = window
        self.specs: dict[str, ActionSpec] = {}
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self._menu_specs: dict[str, MenuSpec] = {}
        self._groups: dict[str, QActionGroup] = {}
        for spec in specs:
            self.add(spec)

    def add(self, spec: ActionSpec) -> QAction:
        """Make, label and register the action `spec` declares."""
        if spec.id in self.specs:
            raise ValueError(f"two actions with the id {spec.id!r}")
        a = QAction(self.window)
        a.setObjectName(spec.object_name)
        if spec.keys:
            a.setShortcuts([QKeySequence(k) for k in spec.keys])
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        a.setCheckable(spec.checkable)
        a.setChecked(spec.checked)
        if spec.group is not None:
            group = self._groups.get(spec.group)
            if group is None:
                group = self._groups[spec.group] = QActionGroup(self.window)
            group.addAction(a)
        a.triggered.connect(lambda checked=False, s=spec: self._fire(s, checked))
        self.window.addAction(a)
        self.specs[spec.id] = spec
        self.actions[spec.id] = a
        self._label(a, spec)
        return a

    def _fire(self, spec: ActionSpec, checked: bool) -> None:
        slot = resolve(self.window, spec.slot)
        if spec.with_checked:
            slot(*spec.args, bool(checked))
        else:
            slot(*spec.args)

    def bind_button(self, button: QAbstractButton, id: str) -> None:
        """A click on `button` triggers action `id` (in place of what it was connected to):
        the key, the menu item, the button and the scripting call take one path."""
        button.clicked.disconnect()
        button.clicked.connect(self.actions[id].trigger)

    def action(self, id: str) -> QAction:
        """The action registered as `id`."""
        return self.actions[id]

    def _label(self, a: QAction, spec: ActionSpec) -> None:
        a.setText(tr(spec.text))
        if spec.tip:
            shown = tr(spec.tip).format(**{k: tr(v) for k, v in spec.tip_args})
            shortcut = a.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            # (glued: a tip wider than the screen wraps, between words: format.glue_words)
            a.setToolTip(glue_words(f"{shown} [{shortcut}]" if shortcut else shown))
            a.setStatusTip(shown)

    def build_menus(
        self,
        menu_bar: QMenuBar,
        places: dict[str, list[QAction]],
        menus: Iterable[MenuSpec] = MENUS,
        bar: Iterable[str] = MENU_BAR,
    ) -> None:
        """The menu bar's menus from `menus`; `places` fills each ``"@NAME"`` item."""
        self._menu_specs = {m.id: m for m in menus}
        for menu_id in bar:
            menu_bar.addMenu(self._make_menu(menu_id, places))
        roomy_later(menu_bar)  # (Qt's own: the bar's overflow menu, made when narrow)

    def _make_menu(self, menu_id: str, places: dict[str, list[QAction]]) -> QMenu:
        spec = self._menu_specs[menu_id]
        menu = QMenu(tr(spec.title), self.window)
        menu.setObjectName(f"{menu_id}Menu")
        roomy(menu)  # (rows 24 px high: WCAG 2.5.8)
        self.menus[menu_id] = menu
        for item in spec.items:
            if item == "-":
                menu.addSeparator()
            elif item.startswith("menu:"):
                menu.addMenu(self._make_menu(item[len("menu:") :], places))
            elif item.startswith("@"):
                menu.addActions(places.get(item[1:], []))
            else:
                menu.addAction(self.actions[item])
        return menu

    def fill(self, target: QMenu | QToolBar, ids: Iterable[str]) -> None:
        """Add the actions `ids` name to a menu or toolbar ("-": a separator)."""
        for item in ids:
            if item == "-":
                target.addSeparator()
            else:
                target.addAction(self.actions[item])

    def retranslate(self) -> None:
        """Every action's and menu's text in the current language."""
        for id, a in self.actions.items():
            self._label(a, self.specs[id])
        for menu_id, menu in self.menus.items():
            menu.setTitle(tr(self._menu_specs[menu_id].title))


__all__ = [
    "ACTIONS",
    "CONTEXT",
    "MENUS",
    "MENU_BAR",
    "QT_TRANSLATE_NOOP",
    "THEME_ACTIONS",
    "TOOLBAR",
    "ActionManager",
    "ActionSpec",
    "MenuSpec",
    "resolve",
    "tr",
    "translate",
]

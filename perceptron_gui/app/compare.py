"""Compare mode: a second run beside the first, on the same points (issue 9).

Two runs compared side by side share the points and start from their own initial
weights; a step of the pair is one step of each, and a run that has converged or
stopped stays where it is; each keeps its own k (ALGORITHMS.md, "Comparing runs").

`CompareRun` is the second run: a `Controller` of its own whose data always equal
the main controller's and whose settings (mode, order, η, bias, seed) are its own.
`CompareView` shows it: a second `DataCanvas` whose range follows the main canvas
both ways, the second run's readout over it, and a row of its settings.
`RunTitle` names a run's settings in one line (the main side shows one too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QObject,
    Qt,
    QTextBoundaryFinder,
    QTimer,
    Signal,
)
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app.canvas import DataCanvas
from perceptron_gui.app.canvas.constants import HEADER_INSET_PX
from perceptron_gui.app.controller import Change, Controller, run_state
from perceptron_gui.app.controls import EtaSpinBox, WholeSpinBox, signals_blocked
from perceptron_gui.app.format import JOINER, fmt, plain_text
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP, mode_name, order_name
from perceptron_gui.app.lazy_menus import plot_menu_made
from perceptron_gui.app.narration import end_caption, verdict
from perceptron_gui.app.panels.readout import READOUT_MAX_SHARE, Readout
from perceptron_gui.app.presenter import RunView, present_bound, present_run
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import LABEL_PT, theme
from perceptron_gui.app.words import WordsLabel
from perceptron_gui.core.config import ORDERS, TrainConfig, run_settings
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.registry import modes, spec

if TYPE_CHECKING:  # (the window's part, given by the window: no import of the window here)
    from perceptron_gui.app.window.dims import DimView

#: Up to this run speed (updates per second) the view follows the line at every frame.
FOLLOW_MAX_SPEED = 10.0
#: Each compare canvas is at least this high; in a smaller window the panels give way.
MIN_CANVAS_HEIGHT = 300


#: Qt's "no maximum" for a widget's size.
QWIDGETSIZE_MAX = 16777215


def _natural_height(widget: QWidget) -> int:
    """The height a widget asks for at its width (a wrapped label's lines)."""
    layout = widget.layout()
    if widget.hasHeightForWidth() and widget.width() > 0:
        return max(widget.heightForWidth(widget.width()), widget.minimumSizeHint().height())
    if layout is not None:
        return max(layout.sizeHint().height(), widget.minimumSizeHint().height())
    return widget.sizeHint().height()


def default_settings(config: TrainConfig) -> dict[str, Any]:
    """What the Compare button compares with: the same run in another order.

    The orders are what a first comparison shows best: same points, same bound, a
    different number of mistakes and often a different line. A mode with one order
    (batch) is compared with the primal perceptron.
    """
    for order in allowed_orders(config.mode):
        if order != config.order:
            return {"order": order}
    return {"mode": modes()[0], "order": "cyclic"}  # the registry's first: the primal form


def allowed_orders(mode: str) -> tuple[str, ...]:
    """The orders `mode` allows, the most instructive first (random is the textbook's)."""
    allowed = spec(mode).orders
    return tuple(o for o in ("random", "cyclic", "random-cyclic", "first") if o in allowed)


class CompareRun(QObject):
    """The second run of compare mode: its own settings, the main run's points.

    Parameters
    ----------
    main
        The window's controller; its data are copied on every ``Change.DATA``.
    parent
        The QObject parent.
    frame_interval_ms
        The second run timer's interval at full speed (tests pass 0).

    Notes
    -----
    The points are the main controller's very Dataset object (immutable), given with
    ``undoable=False``: an edit is undone on the main controller, and the second run
    follows. The stepping methods are to be called after the main controller's own
    (the window does): `toggle_run` decides from the main run's new state.
    """

    message_posted = Signal(str)  # a setting refused, in words

    def __init__(
        self,
        main: Controller,
        parent: QObject | None = None,
        *,
        frame_interval_ms: int = 16,
    ) -> None:
        super().__init__(parent)
        self.main = main
        self.controller = Controller(self, frame_interval_ms=frame_interval_ms)
        self.controller.set_config(main.config)
        self._copy_data()
        main.changed.connect(self._on_main_changed)

    def close(self) -> None:
        """Stop the second run and stop following the main controller."""
        self.controller.pause()
        self.main.changed.disconnect(self._on_main_changed)

    # -------------------------------------------------------------- settings

    def settings(self) -> dict[str, Any]:
        """The second run's own settings (`config.run_settings()`: mode, order, eta, bias,
        seed and every mode's own); the update limit follows the main run's."""
        cfg = self.controller.config
        return {key: cfg.get(key) for key in run_settings()}

    def set_settings(self, settings: Mapping[str, Any], *, from_main: bool = False) -> bool:
        """Change some of the second run's settings; it starts again from its w₀, b₀.

        Keys not given keep their value (`from_main`: take the main run's, as a new pair
        starts: a lesson's compare scene names how its second run differs from the
        scene's run, not from the last scene's second run). False, with a message, when a
        key is unknown or a value is out of range (validated by `TrainConfig`); nothing
        changes then.
        """
        keys = run_settings()
        if not isinstance(settings, Mapping):
            self.message_posted.emit(
                f"compare settings refused: a dict of {', '.join(keys)} is needed, "
                f"not {type(settings).__name__}"
            )
            return False
        unknown = sorted(str(k) for k in settings if k not in keys)
        if unknown:
            self.message_posted.emit(
                f"compare settings refused: unknown {', '.join(unknown)} "
                f"(a second run has its own {', '.join(keys)})"
            )
            return False
        try:
            base = (self.main if from_main else self.controller).config
            config = TrainConfig.from_dict({**base.to_dict(), **settings})
        except DataError as exc:
            self.message_posted.emit(f"compare settings refused: {exc.message}")
            return False
        self.controller.set_config(config)
        return True

    # -------------------------------------------------------------- stepping

    def step(self) -> None:
        """One step of the second run (none when it has converged or stopped)."""
        self.controller.step()

    def visit(self) -> None:
        """One visit of the second run."""
        self.controller.visit()

    def step_back(self) -> None:
        """Undo the second run's own last update."""
        self.controller.step_back()

    def reset(self) -> None:
        """Back to the second run's initial weights."""
        self.controller.reset()

    def run(self) -> None:
        """Run at the main run's speed."""
        self.controller.set_speed(self.main.speed)
        self.controller.run()

    def run_to_end(self) -> None:
        """Run the second run to its end (sliced by its own timer)."""
        self.controller.run_to_end()

    def pause(self) -> None:
        """Pause the second run."""
        self.controller.pause()

    def seek(self, k: int) -> None:
        """The second run's state after its own `k` updates (its end when it stops first)."""
        self.controller.seek(k)

    def earlier(self) -> None:
        """One update earlier on the second run's own timeline."""
        self.controller.earlier()

    def later(self) -> None:
        """One update later (computed when it is the furthest yet)."""
        self.controller.later()

    # ------------------------------------------------------------ the pair's timeline

    def position(self) -> int:
        """Where the pair's timeline is: the further run's k (each run is at min(its k, it))."""
        return max(self.main.trainer.k, self.controller.trainer.k)

    def horizon(self) -> int:
        """The pair's timeline ends at the further of the two runs' horizons."""
        return max(self.main.horizon, self.controller.horizon)

    def seek_pair(self, k: int) -> int:
        """Both runs to update `k`, each stopping at its own end; returns the pair's position."""
        self.main.seek(k)
        self.controller.seek(k)
        return self.position()

    def earlier_pair(self) -> int:
        """One update earlier on the pair's timeline (← in compare mode)."""
        return self.seek_pair(max(0, self.position() - 1))

    def later_pair(self) -> int:
        """One update later on the pair's timeline (→): along it, or a step of each at its end."""
        p = self.position()
        if p < self.horizon():
            return self.seek_pair(p + 1)
        self.main.step()
        self.controller.step()
        return self.position()

    def toggle_run(self) -> None:
        """After the main run was toggled: run together, pause together.

        When the main run is done it cannot run, and the key then toggles the second
        run alone (a converged run stays; the other goes on or pauses).
        """
        if self.main.running:
            self.run()
        elif self.controller.running:
            self.controller.pause()
        else:
            self.run()

    # ----------------------------------------------------------------- state

    def state(self) -> dict[str, Any]:
        """The second run as plain Python values (as in the window's ``state()``)."""
        out: dict[str, Any] = plain_text({**self.settings(), **run_state(self.controller)})
        return out

    # ----------------------------------------------------------------- slots

    def _copy_data(self) -> None:
        m = self.main
        # D and γ are shared when the bias agrees; otherwise the second run computes its own.
        bound = None if m.bound_pending else (m.bound, m.line_margin)
        self.controller.set_data(m.data, "the points of run 1", undoable=False, bound=bound)

    def _on_main_changed(self, change: Change) -> None:
        if change & Change.DATA and self.controller.data is not self.main.data:
            self._copy_data()
        limit = self.main.config.max_updates
        if change & Change.SETTINGS and limit != self.controller.config.max_updates:
            self.controller.set_max_updates(limit)


#: The runs' names in `RunTitle` (marked for lupdate; shown translated).
RUN_NAMES = (QT_TRANSLATE_NOOP("Compare", "run 1"), QT_TRANSLATE_NOOP("Compare", "run 2"))


#: Between a title's parts (``primal · order random · seed 1``): a line breaks only after it.
SEPARATOR = " · "
#: No-break space (with `format.JOINER`): the glue that keeps a part of a title on one line.
NBSP = "\u00a0"


def describe_settings(config: TrainConfig) -> str:
    """``pocket · order random · η = 0.5 · bias on · seed 0`` (in the window's language)."""
    return SEPARATOR.join(settings_parts(config))


def settings_parts(config: TrainConfig) -> list[str]:
    """`describe_settings`'s parts: ``["pocket", "order random", "η = 0.5", …]``."""
    text = (
        QCoreApplication.translate(
            "Compare", "{mode} · order {order} · η = {eta} · bias on · seed {seed}"
        )
        if config.bias
        else QCoreApplication.translate(
            "Compare", "{mode} · order {order} · η = {eta} · bias off · seed {seed}"
        )
    )
    # (split before filling in: a mode's or an order's name never splits the sentence)
    return [
        part.strip().format(
            mode=mode_name(config.mode),
            order=order_name(config.order),
            eta=fmt(config.eta),
            seed=config.seed,
        )
        for part in text.split("·")
    ]


def describe_differences(config: TrainConfig, other: TrainConfig) -> str:
    """``pocket · order random · seed 1``: the mode, then only the settings in which
    `config` differs from `other` (the compared run's), in the window's language."""
    return SEPARATOR.join(difference_parts(config, other))


def difference_parts(config: TrainConfig, other: TrainConfig) -> list[str]:
    """`describe_differences`'s parts: ``["pocket", "order random", "seed 1"]``."""
    parts = [mode_name(config.mode)]
    if config.order != other.order:
        parts.append(
            QCoreApplication.translate("Compare", "order {order}").format(
                order=order_name(config.order)
            )
        )
    if config.eta != other.eta:
        parts.append(QCoreApplication.translate("Compare", "η = {eta}").format(eta=fmt(config.eta)))
    if config.bias != other.bias:
        parts.append(
            QCoreApplication.translate("Compare", "bias on")
            if config.bias
            else QCoreApplication.translate("Compare", "bias off")
        )
    if config.seed != other.seed:
        parts.append(QCoreApplication.translate("Compare", "seed {seed}").format(seed=config.seed))
    return parts


def glue(part: str) -> str:
    """`part` unbreakable: its spaces no-break spaces, and a word joiner (U+2060) at each
    other place a line could break (between two Chinese characters: 种子 broke as 种 / 子)."""
    text = part.replace(" ", NBSP)
    finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, text)
    cuts = []
    at = finder.toNextBoundary()
    while 0 < at < len(text):
        cuts.append(at)
        at = finder.toNextBoundary()
    for at in reversed(cuts):
        text = text[:at] + JOINER + text[at:]
    return text


def keep_parts(parts: list[str]) -> str:
    """`parts` joined by " · ", each part whole on a line and the "·" kept at the end of the
    line before a break (a compare scene's title had wrapped "random / · seed 1")."""
    return (NBSP + "· ").join(glue(p) for p in parts)


def run_title_text(name: str, parts: list[str]) -> str:
    """``run 2: primal · order random · seed 1``, with the breaks of `keep_parts` (the run's
    name held with the first part, the mode)."""
    first = QCoreApplication.translate("Compare", "{name}: {settings}").format(
        name=name, settings=parts[0]
    )
    return keep_parts([first, *parts[1:]])


class RunTitle(WordsLabel):
    """One line naming a run and its settings: ``run 1: primal · order cyclic · η = 1 …``.

    Beside another run (`set_other`) it names, when all the settings take more than one
    line, the mode and only what differs from the other run (all of them in its tooltip):
    two titles of three lines each left a compare scene's plots 70 px high at UI scale 2
    on a 1024×768 projector.
    """

    def __init__(self, controller: Controller, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self.setObjectName("runTitle")
        self._controller = controller
        self._name = name
        self._other: Controller | None = None
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        controller.changed.connect(self._on_controller_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def apply_theme(self) -> None:
        """Font and colours from the theme."""
        t = theme()
        self.setFont(t.font(LABEL_PT, bold=True))
        pad = int(t.px(4))
        self.setStyleSheet(
            f"QLabel#runTitle {{ background: {t.palette.background}; color: {t.palette.ink};"
            f" padding: {pad}px {2 * pad}px 0px {2 * pad}px; }}"
        )
        self.refresh()

    def set_other(self, other: Controller | None) -> None:
        """The run this one is compared with (None: none): see the class's note."""
        if self._other is not None:
            self._other.changed.disconnect(self._on_controller_changed)
        self._other = other
        if other is not None:
            other.changed.connect(self._on_controller_changed)
        self.refresh()

    def refresh(self) -> None:
        """Rewrite from the controller's settings."""
        name = QCoreApplication.translate("Compare", self._name)
        config = self._controller.config
        text = run_title_text(name, settings_parts(config))
        self.setToolTip(plain_text(text))
        if self._other is not None:
            room = self.contentsRect().width() - 2 * self.margin() - 4 * int(theme().px(4))
            if self.fontMetrics().horizontalAdvance(text) > room:
                text = run_title_text(name, difference_parts(config, self._other.config))
        self.setText(text)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if self._other is not None and event.size().width() != event.oldSize().width():
            self.refresh()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()
        super().changeEvent(event)

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.SETTINGS:
            self.refresh()


class CompareView(QWidget):
    """The second run's pane: its settings, its readout, and a canvas synchronised with the main.

    Parameters
    ----------
    run
        The second run.
    main_canvas
        The window's canvas: the two show the same range, zoom and pan, both ways.
    parent
        The parent widget.

    Notes
    -----
    Points added or moved on this canvas go to the main controller (the one that
    owns the points and their undo); both canvases then show them.
    """

    def __init__(
        self,
        run: CompareRun,
        main_canvas: DataCanvas,
        parent: QWidget | None = None,
        *,
        main_title: QWidget | None = None,
        dims: DimView | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("compareView")
        #: The main window's view of R^d (d ≠ 2): both panes show the points on its axes,
        #: and this run's line is its hyperplane's slice by that view plane (the hyperplane
        #: itself for d = 1).
        self.dims = dims
        self.run = run
        self._c = run.controller
        self.main_canvas = main_canvas
        #: The main run's readout, paired with this one's type (`pair_readouts`).
        self.main_readout: Readout | None = None
        self._main_title = main_title
        self._syncing = False
        self._matching = False
        #: In presentation mode: the readout in a band over the canvas (see `present`).
        self._presenting = False
        #: The second run's visits when it was last drawn (a done run's verdict is said once).
        self._shown_visits = -1
        #: The splitter the two panes share (watched for its resizes, see `equal_halves`).
        self._splitter: QSplitter | None = None
        #: Halos from the answer (pocket / average / vote), as the main canvas's View menu.
        self.answer_first = True

        self.title = named(QLabel(), "compareTitle")
        self.mode_combo = named(QComboBox(), "compareModeCombo")
        for m in modes():
            self.mode_combo.addItem(m, m)
        self.order_combo = named(QComboBox(), "compareOrderCombo")
        for o in ORDERS:
            self.order_combo.addItem(o, o)
        self.eta_spin = EtaSpinBox()
        self.eta_spin.setObjectName("compareEtaSpin")
        self.bias_check = named(QCheckBox(), "compareBiasCheck")
        # Any seed the core takes, shown exactly (a QSpinBox overflowed at 2³¹).
        self.seed_spin = named(WholeSpinBox(0, None), "compareSeedSpin")
        self.eta_label = QLabel("η")
        self.seed_label = QLabel()
        self.retranslate()
        bar = named(QWidget(), "compareSettings")
        # Two short rows: the pane is half the canvas area and must not push the main one.
        grid = QGridLayout(bar)
        grid.setContentsMargins(4, 2, 4, 2)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.title, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.mode_combo)
        top.addWidget(self.order_combo)
        top.addStretch(1)
        grid.addLayout(top, 0, 1)
        bottom = QHBoxLayout()
        bottom.setSpacing(8)
        bottom.addWidget(self.eta_label)
        bottom.addWidget(self.eta_spin)
        bottom.addWidget(self.bias_check)
        bottom.addWidget(self.seed_label)
        bottom.addWidget(self.seed_spin)
        bottom.addStretch(1)
        grid.addLayout(bottom, 1, 1)
        grid.setColumnStretch(1, 1)
        self.settings_bar = bar

        # In presentation the settings row (wider than half a 1024 px screen in its large
        # type: the panes could not be halves) gives way to a title as run 1's.
        self.run_title = RunTitle(self._c, RUN_NAMES[1])
        self.run_title.set_other(run.main)
        self.run_title.hide()
        if isinstance(main_title, RunTitle):
            main_title.set_other(self._c)
        self.readout = Readout(self._c)
        self.canvas = DataCanvas()
        self.canvas.setObjectName("compareCanvas")
        self.canvas.follow_line = main_canvas.follow_line
        self.canvas.keep_origin = main_canvas.keep_origin
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(bar)
        layout.addWidget(self.run_title)
        layout.addWidget(self.readout)
        layout.addWidget(self.canvas, 1)

        self._c.changed.connect(self._on_controller_changed)
        self._c.running_changed.connect(self._on_running_changed)
        self.mode_combo.activated.connect(self._on_mode_combo_activated)
        self.order_combo.activated.connect(self._on_settings_edited)
        self.eta_spin.valueChanged.connect(self._on_settings_edited)
        self.bias_check.toggled.connect(self._on_settings_edited)
        self.seed_spin.valueChanged.connect(self._on_settings_edited)
        self.canvas.add_requested.connect(run.main.add_point)
        self.canvas.move_requested.connect(run.main.move_point)
        main_vb = main_canvas.getPlotItem().getViewBox()
        own_vb = self.canvas.getPlotItem().getViewBox()
        # The main canvas leads: any change of its range (a zoom, a pan, a fit, its own
        # following, a resize) is copied here. This canvas leads back only on what the user
        # does to it (wheel, pan) and on following its own line: its resizes are not zooms.
        main_vb.sigRangeChanged.connect(self._on_main_view_range_changed)
        own_vb.sigRangeChangedManually.connect(self._on_own_view_range_changed)
        own_vb.sigResized.connect(self._on_main_view_range_changed)
        # The two canvases the same size: the taller header gives the other its height.
        main_canvas.installEventFilter(self)
        self.canvas.installEventFilter(self)
        # ... and the two plots in them: one band above both (a banner or a legend above
        # one plot only made it smaller, its range narrower than the other's).
        main_canvas.pair_bands(self.canvas)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)
        self._set_points()
        if dims is not None:
            if dims.active:
                self.canvas.set_axis_names(dims.names())
            dims.axes_changed.connect(self._on_dims_axes_changed)
        self._sync(main_canvas, self.canvas)
        self._show_settings()
        self._show_model()
        self._show_bound()

    def retranslate(self) -> None:
        """The pane's texts in the current language (the item data stay the keys)."""
        self.title.setText(self.tr("run 2:"))
        for i in range(self.mode_combo.count()):
            self.mode_combo.setItemText(i, mode_name(self.mode_combo.itemData(i)))
        for i in range(self.order_combo.count()):
            self.order_combo.setItemText(i, order_name(self.order_combo.itemData(i)))
        self.bias_check.setText(self.tr("bias"))
        self.seed_label.setText(self.tr("seed"))
        self.mode_combo.setToolTip(self.tr("The second run's mode"))
        self.order_combo.setToolTip(self.tr("The second run's order"))
        self.eta_spin.setToolTip(self.tr("The second run's learning rate η"))
        self.bias_check.setToolTip(
            self.tr("The second run learns b (off: lines through the origin)")
        )
        self.seed_spin.setToolTip(self.tr("The second run's seed of the random orders"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if obj is self._splitter:
            # The splitter itself widened or narrowed (presentation, the docks, the
            # window): halves again (Qt gave the new width to the second pane). A drag of
            # the handle resizes only the panes (the splitter's height at most), and stays.
            if isinstance(event, QResizeEvent) and event.size().width() != event.oldSize().width():
                QTimer.singleShot(0, self, self.equal_halves)
            return False
        if obj is self.canvas and event.type() == QEvent.Type.Resize:
            self._place_readout()
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move) and not self._matching:
            QTimer.singleShot(0, self, self.match_canvases)  # dropped if the view goes first
        return False

    def match_canvases(self) -> None:
        """Give the two headers above the canvases (the main run's title, this run's
        settings) one height, the taller's natural one, so that both canvases are the
        same size (the panes are the splitter's halves). Fixed from their natural heights,
        not grown from the current ones: growing one by the other's offset fed back and
        grew the window past the screen (1280×1268 on a 1280×800 screen)."""
        if self._main_title is None or not self.isVisible():
            return
        self._matching = True
        try:
            title = self._main_title
            bar = self.run_title if self.run_title.isVisibleTo(self) else self.settings_bar
            need = max(_natural_height(title), _natural_height(bar))
            for header in (title, bar):
                if header.minimumHeight() != need or header.maximumHeight() != need:
                    header.setFixedHeight(need)
        finally:
            self._matching = False

    def equal_halves(self) -> None:
        """The splitter's two panes the same width (once laid out: after the panels gave way)."""
        sp = self.parentWidget()
        if isinstance(sp, QSplitter) and sp.count() == 2:
            if self._splitter is not sp:
                self._splitter = sp
                sp.installEventFilter(self)
            total = sum(sp.sizes())
            if sp.sizes() != [total // 2, total - total // 2]:
                sp.setSizes([total // 2, total - total // 2])
        self.match_canvases()

    def present(
        self,
        on: bool,
        point_size: float = LABEL_PT,
        smallest: float | None = None,
        least_px: float | None = None,
    ) -> None:
        """Presentation mode (`on`): this run's readout in a band across the top of its
        canvas, stacked in large type as the main run's is (`point_size`, down to
        `smallest`, or `least_px` pixels, to fit a quarter of the canvas's height), the two
        canvases' bands one height, so that both plots are the same size and show the same
        range; off: the readout back above the canvas in the normal type."""
        if on == self._presenting:
            return
        self._presenting = on
        readout = self.readout
        if on:
            readout.set_point_size(point_size, stacked=True, smallest=smallest, least_px=least_px)
            readout.setParent(self.canvas)
            readout.show()
            self.canvas.set_header(readout)
            if isinstance(main := self.main_canvas.header(), Readout):
                readout.pair_type(main)
            self._place_readout()
        else:
            readout.pair_type(self.main_readout)  # (beside the canvases, paired as before)
            self.canvas.set_header(None)
            readout.set_point_size(point_size)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(layout.indexOf(self.canvas), readout)
            readout.show()

    def _place_readout(self) -> None:
        """Presenting: the readout's box, the canvas's width and a quarter of its height
        (as the main run's; see `Presentation.place_readout`)."""
        if self._presenting:
            inset = 2 * round(HEADER_INSET_PX * theme().scale)
            self.readout.set_box(
                max(100, self.canvas.width() - inset), int(self.canvas.height() * READOUT_MAX_SHARE)
            )
            self.readout.raise_()

    def pair_readouts(self, main: Readout) -> None:
        """This run's readout and the main run's in one type and as many lines (beside a
        narrow canvas each would set its own)."""
        self.main_readout = main
        self.readout.pair_type(main)

    def close_view(self) -> None:
        """Stop following the main canvas (before the view is deleted)."""
        self.readout.pair_type(None)
        self.main_canvas.pair_bands(None)
        self.run_title.set_other(None)
        if isinstance(self._main_title, RunTitle):
            self._main_title.set_other(None)
        self.main_canvas.removeEventFilter(self)
        if self._splitter is not None:
            self._splitter.removeEventFilter(self)
            self._splitter = None
        if self._main_title is not None:
            self._main_title.setMinimumHeight(0)
            self._main_title.setMaximumHeight(QWIDGETSIZE_MAX)
        main_vb = self.main_canvas.getPlotItem().getViewBox()
        main_vb.sigRangeChanged.disconnect(self._on_main_view_range_changed)
        theme().changed.disconnect(self.apply_theme)
        if self.dims is not None:
            self.dims.axes_changed.disconnect(self._on_dims_axes_changed)
        # pyqtgraph's plot menu (with its 6 submenus) has no parent and sits in a reference
        # cycle with the plot: deleted with the view, not only by a rare full collection
        # (each compare enter/leave left 7 widgets for the collector).
        # (A menu not made yet is not made now: lazy_menus.py.)
        plot = self.canvas.getPlotItem()
        menu = plot.ctrlMenu if plot_menu_made(plot) else None
        if menu is not None:
            menu.deleteLater()

    def apply_theme(self) -> None:
        """Fonts from the theme (the canvas and the readout restyle themselves)."""
        t = theme()
        self.title.setFont(t.font(LABEL_PT, bold=True))
        for w in (
            self.mode_combo,
            self.order_combo,
            self.eta_spin,
            self.bias_check,
            self.seed_spin,
            self.eta_label,
            self.seed_label,
        ):
            w.setFont(t.font())
        self.settings_bar.setStyleSheet(
            f"QWidget#compareSettings {{ background: {t.palette.background}; }}"
            f" QLabel {{ color: {t.palette.ink}; }}"
        )
        presenting = t.presenting
        self.settings_bar.setVisible(not presenting)
        self.run_title.setVisible(presenting)

    def set_show_radius(self, on: bool) -> None:
        """Draw the circle of radius D (as the main canvas does)."""
        self.canvas.show_radius(on)

    def set_show_best(self, on: bool) -> None:
        """Draw the best separator and its γ band (as the main canvas does)."""
        self.canvas.show_best(on)

    # ----------------------------------------------------------------- slots

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.DATA:
            # The main canvas frames a new data set; this one follows its range.
            self._set_points()
        if change & Change.SETTINGS:
            self._show_settings()
        if change & (Change.MODEL | Change.SETTINGS | Change.DATA):
            self._show_model()
        if change & Change.BOUND:
            self._show_bound()

    def _set_points(self) -> None:
        c = self._c
        points = c.data.points if self.dims is None else self.dims.view_points(c.data.points)
        self.canvas.set_points(points, c.data.labels)

    def _on_dims_axes_changed(self) -> None:
        """The main view of R^d turned (or jumped): the points and this run's line with it."""
        with self.canvas.batch():
            if self.dims is not None:
                self.canvas.set_axis_names(self.dims.names() if self.dims.active else None)
            self._set_points()
            self._show_model()

    def _on_running_changed(self, running: bool) -> None:
        self.canvas.area_gap = self.main_canvas.area_gap  # (View ▸ Reduce motion's)
        self.canvas.set_running(running)
        if not running:  # a run's end: the verdict of its last update is not what is true now
            self.canvas.set_current(self._c.current)

    def _on_mode_combo_activated(self, *_: object) -> None:
        # A mode that does not allow the current order gets the first order it allows.
        allowed = allowed_orders(self.mode_combo.currentData())
        if self.order_combo.currentData() not in allowed:
            with signals_blocked(self.order_combo):
                self.order_combo.setCurrentIndex(self.order_combo.findData(allowed[0]))
        self._on_settings_edited()

    def _on_settings_edited(self, *_: object) -> None:
        self.run.set_settings(
            {
                "mode": self.mode_combo.currentData(),
                "order": self.order_combo.currentData(),
                "eta": float(self.eta_spin.value()),
                "bias": self.bias_check.isChecked(),
                "seed": int(self.seed_spin.value()),
            }
        )

    def _on_main_view_range_changed(self, *_: object) -> None:
        self._sync(self.main_canvas, self.canvas)

    def _on_own_view_range_changed(self, *_: object) -> None:
        self._sync(self.canvas, self.main_canvas)

    def _sync(self, source: DataCanvas, target: DataCanvas) -> None:
        """Give `target` the centre and the scale (data units per pixel) of `source`.

        The panes differ in height (their readouts wrap differently) and each canvas
        keeps an aspect ratio of 1, so "the same range" is the same pan and zoom: equal
        ranges when the canvases are the same size.
        """
        # The guard: the target's own range signal must not come back to the source.
        if self._syncing:
            return
        self._syncing = True
        try:
            x0, x1, y0, y1 = source.view_range()
            s_size = source.getPlotItem().getViewBox().size()
            t_size = target.getPlotItem().getViewBox().size()
            if min(s_size.width(), s_size.height(), t_size.width(), t_size.height()) <= 0:
                rng = (x0, x1, y0, y1)  # not laid out yet: the range itself
            else:
                cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                hx = (x1 - x0) / s_size.width() * t_size.width() / 2
                hy = (y1 - y0) / s_size.height() * t_size.height() / 2
                rng = (cx - hx, cx + hx, cy - hy, cy + hy)
            if not source.view_held:
                # A fitted view shows the whole data frame on both panes, also where one
                # is shorter (a band above its plot): the same zoom where it fits.
                fx0, fx1, fy0, fy1 = target.data_frame()
                rng = (min(rng[0], fx0), max(rng[1], fx1), min(rng[2], fy0), max(rng[3], fy1))
            if rng != target.view_range():
                # A user's zoom held on one pane holds on the other; a fitted view is refitted.
                target.set_view_range(*rng, hold=source.view_held)
        finally:
            self._syncing = False

    # ----------------------------------------------------------------- drawing

    def _show_settings(self) -> None:
        cfg = self._c.config
        widgets = (self.mode_combo, self.order_combo, self.eta_spin, self.bias_check)
        with signals_blocked(*widgets, self.seed_spin):
            self.mode_combo.setCurrentIndex(self.mode_combo.findData(cfg.mode))
            self.order_combo.setCurrentIndex(self.order_combo.findData(cfg.order))
            self.eta_spin.setValue(cfg.eta)
            self.bias_check.setChecked(cfg.bias)
            self.seed_spin.setValue(cfg.seed)

    def _show_model(self) -> None:
        c = self._c
        cv = self.canvas
        t = c.trainer
        said = verdict(t, running=c.running, paired=True)
        if t.done and t.visits == self._shown_visits:
            # A step of the pair after this run ended (the main run goes on): this run did
            # nothing, and the verdict of its last update is over.
            said = None
        self._shown_visits = t.visits
        before = cv.view_range()
        view = RunView(
            current=c.current,
            verdict=said,
            answer_first=self.answer_first,
            anatomy=False,
            follow=c.run_speed <= FOLLOW_MAX_SPEED,
        )
        if self.dims is None:
            present_run(cv, c.trainer, c.config.bias, view)
        else:
            present_run(cv, c.trainer, c.config.bias, view, self.dims.view_model)
        # What is true at the end is the end (as on the main canvas), not the last update.
        cv.set_status(end_caption(c.trainer, running=c.running))
        # It followed its line: the main canvas shows the same (not before it is laid out).
        if cv.isVisible() and cv.view_range() != before:
            self._sync(cv, self.main_canvas)

    def _show_bound(self) -> None:
        c = self._c
        present_bound(self.canvas, None if c.bound_pending else c.bound, c.config.bias, c.data.n)


__all__ = [
    "CompareRun",
    "CompareView",
    "RunTitle",
    "default_settings",
    "describe_settings",
]

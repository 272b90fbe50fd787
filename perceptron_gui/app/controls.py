"""The control panel: algorithm settings and the step/run buttons."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QStandardItemModel, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from perceptron_gui.app.controller import (
    FASTEST_FINITE_SPEED,
    MAX_UPDATE_LIMIT,
    Change,
    Controller,
)
from perceptron_gui.app.format import fmt, glue_words
from perceptron_gui.app.i18n import QT_TRANSLATE_NOOP, core_text, mode_name, order_name
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import theme
from perceptron_gui.core.config import ORDERS, TrainConfig, mode_params
from perceptron_gui.core.params import Param
from perceptron_gui.core.registry import modes, spec

#: Speeds offered by the slider, in updates per second; the last means "as fast as possible"
#: (every finite one is at most the controller's fastest finite speed).
SPEEDS = (1.0, 2.0, 4.0, 10.0, 30.0, 100.0, FASTEST_FINITE_SPEED, math.inf)
#: The range of η the spin box accepts (any positive float that prints in 6 digits).
ETA_MIN, ETA_MAX = 1e-300, 1e300

ORDER_TIPS = {
    "first": QT_TRANSLATE_NOOP(
        "ControlPanel",
        "The lowest-index mistake, rescanning from x1 after each update",
    ),
    "cyclic": QT_TRANSLATE_NOOP(
        "ControlPanel",
        "Visit x1, x2, x3, … in turn, wrapping around; update on each mistake",
    ),
    "random-cyclic": QT_TRANSLATE_NOOP(
        "ControlPanel",
        "Like cyclic, over a new seeded random permutation each epoch",
    ),
    "random": QT_TRANSLATE_NOOP(
        "ControlPanel",
        "A uniformly random current mistake (seeded)",
    ),
}


@contextmanager
def signals_blocked(*objects: QObject) -> Iterator[None]:
    """Set widgets from the model without their signals coming back (napari's helper)."""
    previous = [o.blockSignals(True) for o in objects]
    try:
        yield
    finally:
        for o, p in zip(objects, previous, strict=True):
            o.blockSignals(p)


class EtaSpinBox(QDoubleSpinBox):
    """A spin box for η that shows and accepts any positive float (`ETA_MIN` … `ETA_MAX`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(323)  # so that values such as 1e-300 are kept, not rounded to 0
        self.setRange(ETA_MIN, ETA_MAX)
        self.setStepType(QDoubleSpinBox.StepType.AdaptiveDecimalStepType)
        self.setValue(1.0)
        self.setKeyboardTracking(False)

    def textFromValue(self, value: float) -> str:  # noqa: N802 (Qt override)
        return format(value, ".6g")

    def valueFromText(self, text: str) -> float:  # noqa: N802 (Qt override)
        try:
            return float(text)
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        t = text.strip()
        if not t:
            return (QValidator.State.Intermediate, text, pos)
        try:
            v = float(t)
        except ValueError:
            ok = all(c in "0123456789.eE+-" for c in t)
            state = QValidator.State.Intermediate if ok else QValidator.State.Invalid
            return (state, text, pos)
        if math.isfinite(v) and ETA_MIN <= v <= ETA_MAX:
            return (QValidator.State.Acceptable, text, pos)
        return (QValidator.State.Intermediate, text, pos)

    def stepBy(self, steps: int) -> None:  # noqa: N802 (Qt override)
        # η lives on a log scale: a step doubles or halves it.
        v = self.value() * (2.0**steps)
        self.setValue(min(max(v, self.minimum()), self.maximum()))


class WholeSpinBox(QAbstractSpinBox):
    """A spin box of a whole number of any size (a QSpinBox holds a C int: a seed of 2³¹
    overflowed it, and the panel's other controls stopped refreshing).

    Typing and the arrows accept `minimum` … `maximum` (None: no end, as the core takes
    any seed >= 0); `setValue` shows a value exactly, whatever its size. `valueChanged`
    is emitted with the new value (a Python int) when it changes, as QSpinBox's is.
    """

    valueChanged = Signal(object)

    def __init__(
        self, minimum: int = 0, maximum: int | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._min, self._max = minimum, maximum
        self._value = minimum
        self._step = 1
        self.lineEdit().setText(str(minimum))
        # As keyboard tracking off: a typed value is taken when the typing ends (Return,
        # focus out), not at each digit (typing 2147483648 is not 2, 21, 214, ...).
        self.editingFinished.connect(self._on_finished)

    def value(self) -> int:
        return self._value

    def minimum(self) -> int:
        return self._min

    def maximum(self) -> int | None:
        return self._max

    def setRange(self, minimum: int, maximum: int | None) -> None:  # noqa: N802 (Qt's name)
        self._min, self._max = minimum, maximum

    def setSingleStep(self, step: int) -> None:  # noqa: N802 (Qt's name)
        self._step = max(1, int(step))

    def setValue(self, value: int) -> None:  # noqa: N802 (Qt's name)
        """Show `value` exactly; emits `valueChanged` when it changed."""
        value = int(value)
        if self.lineEdit().text() != str(value):
            self.lineEdit().setText(str(value))
        if value != self._value:
            self._value = value
            self.valueChanged.emit(value)

    def _accepts(self, value: int) -> bool:
        return value >= self._min and (self._max is None or value <= self._max)

    def _parse(self, text: str) -> int | None:
        t = text.strip()
        # ASCII digits only, at most as many as Python converts (int() refuses beyond 4300).
        if not t or len(t) > 4000 or not (t.isascii() and t.isdigit()):
            return None
        return int(t)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        t = text.strip()
        if not t:
            return (QValidator.State.Intermediate, text, pos)
        v = self._parse(t)
        if v is None:
            return (QValidator.State.Invalid, text, pos)
        if self._accepts(v):
            return (QValidator.State.Acceptable, text, pos)
        return (QValidator.State.Intermediate, text, pos)

    def fixup(self, text: str) -> str:
        return str(self._value)

    def _on_finished(self) -> None:
        # A value typed out of range (or left empty) is refused: the box shows the value kept.
        v = self._parse(self.lineEdit().text())
        if v is None or not self._accepts(v):
            self.lineEdit().setText(str(self._value))
        else:
            self.setValue(v)

    def stepBy(self, steps: int) -> None:  # noqa: N802 (Qt override)
        v = self._value + steps * self._step
        v = max(v, self._min)
        if self._max is not None:
            v = min(v, self._max)
        self.setValue(v)

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:  # noqa: N802 (Qt override)
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self._value > self._min:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        if self._max is None or self._value < self._max:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return flags

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        # As wide as a QSpinBox of the same range would be (a long value scrolls in it).
        return QSpinBox().sizeHint()


class ControlPanel(QWidget):
    """Settings and buttons, wired to a controller (the numbers are in the readout).

    Parameters
    ----------
    controller
        The session's controller.
    """

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._c = controller
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)

        # --- algorithm (every text is set in `retranslate`)
        self.algorithm_box = QGroupBox()
        form = QFormLayout(self.algorithm_box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.mode_combo = named(QComboBox(), "modeCombo")
        for m in modes():
            self.mode_combo.addItem(m, m)
        self.order_combo = named(QComboBox(), "orderCombo")
        for o in ORDERS:
            self.order_combo.addItem(o, o)
        self.eta_spin = EtaSpinBox()
        self.eta_spin.setObjectName("etaSpin")
        self.bias_check = named(QCheckBox(), "biasCheck")
        # Any seed the core takes (a whole number >= 0, of any size), shown exactly.
        self.seed_spin = named(WholeSpinBox(0, None), "seedSpin")
        # Typed or stepped: 1 … MAX_UPDATE_LIMIT; a session's larger limit is shown exactly.
        self.limit_spin = named(WholeSpinBox(1, MAX_UPDATE_LIMIT), "limitSpin")
        self.limit_spin.setSingleStep(1000)
        # Each mode's own settings (a plugin's too): one row per declared `Param`, made
        # from the declaration, shown while the mode has the setting.
        self._params = mode_params()
        self.setting_widgets = {n: _setting_widget(p) for n, p in self._params.items()}
        self._form = form
        self._row_labels = {name: QLabel() for name in ("mode", "order", "seed", "limit")}
        self._setting_labels = {n: QLabel(p.title) for n, p in self._params.items()}
        form.addRow(self._row_labels["mode"], self.mode_combo)
        form.addRow(self._row_labels["order"], self.order_combo)
        for name, widget in self.setting_widgets.items():
            form.addRow(self._setting_labels[name], widget)
        form.addRow("η", self.eta_spin)
        form.addRow("", self.bias_check)
        form.addRow(self._row_labels["seed"], self.seed_spin)
        form.addRow(self._row_labels["limit"], self.limit_spin)
        layout.addWidget(self.algorithm_box)

        # --- stepping
        self.run_box = QGroupBox()
        grid = QGridLayout(self.run_box)
        self.step_button = named(QPushButton(), "stepButton")
        self.visit_button = named(QPushButton(), "visitButton")
        self.step_back_button = named(QPushButton(), "stepBackButton")
        self.run_button = named(QPushButton(), "runButton")
        self.run_button.setCheckable(True)
        self.run_to_end_button = named(QPushButton(), "runToEndButton")
        self.reset_button = named(QPushButton(), "resetButton")
        st = self.style()
        # Icons from the platform style: every font has them (a pause glyph is not in all).
        for b, icon in (
            (self.step_back_button, QStyle.StandardPixmap.SP_MediaSeekBackward),
            (self.run_button, QStyle.StandardPixmap.SP_MediaPlay),
            (self.run_to_end_button, QStyle.StandardPixmap.SP_MediaSkipForward),
            (self.reset_button, QStyle.StandardPixmap.SP_BrowserReload),
        ):
            b.setIcon(st.standardIcon(icon))
        grid.addWidget(self.step_button, 0, 0)
        grid.addWidget(self.visit_button, 0, 1)
        grid.addWidget(self.step_back_button, 0, 2)
        grid.addWidget(self.run_button, 1, 0)
        grid.addWidget(self.run_to_end_button, 1, 1)
        grid.addWidget(self.reset_button, 1, 2)
        speed_row = QHBoxLayout()
        self.speed_title = QLabel()
        speed_row.addWidget(self.speed_title)
        self.speed_slider = named(QSlider(Qt.Orientation.Horizontal), "speedSlider")
        self.speed_slider.setRange(0, len(SPEEDS) - 1)
        self.speed_slider.setValue(2)
        self.speed_label = named(QLabel(), "speedLabel")
        speed_row.addWidget(self.speed_slider, 1)
        speed_row.addWidget(self.speed_label)
        grid.addLayout(speed_row, 2, 0, 1, 3)
        layout.addWidget(self.run_box)
        # The groups as tall as their content, at the top of a taller dock. (Not a Maximum
        # vertical policy: in its dock's scroll area a widget that cannot grow to the
        # viewport keeps scroll bars that a passing size once needed (Qt then never sees
        # that it fits): in Chinese, maximized on 1024×768, both stayed, each for the
        # other's 14 px, and the Run group's right edge was cut off.)
        layout.addStretch(1)
        self.retranslate()

        # --- wiring: widgets -> controller
        self.mode_combo.currentIndexChanged.connect(self._on_mode_combo_changed)
        self.order_combo.currentIndexChanged.connect(self._on_order_combo_changed)
        self.eta_spin.valueChanged.connect(self._on_eta_spin_changed)
        self.bias_check.toggled.connect(self._c.set_bias)
        self.seed_spin.valueChanged.connect(self._c.set_seed)
        self.limit_spin.valueChanged.connect(self._c.set_max_updates)
        for name, widget in self.setting_widgets.items():
            self._connect_setting(name, widget)
        self.step_button.clicked.connect(self._c.step)
        self.visit_button.clicked.connect(self._c.visit)
        self.step_back_button.clicked.connect(self._c.step_back)
        self.run_button.clicked.connect(self._on_run_button_clicked)
        self.run_to_end_button.clicked.connect(self._c.run_to_end)
        self.reset_button.clicked.connect(self._c.reset)
        self.speed_slider.valueChanged.connect(self._on_speed_slider_changed)
        # --- controller -> widgets
        self._c.changed.connect(self._on_controller_changed)
        self._c.running_changed.connect(self._on_controller_running_changed)
        self._show_settings()
        self._on_speed_slider_changed(self.speed_slider.value())
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def set_buttons_first(self, first: bool) -> None:
        """The Run group (Step, Run, …) over the algorithm's settings, or under them (as
        made). In a short column (the panels beside the canvas at UI scale 2 on 1024×768)
        the controls scroll: with the buttons first they are in sight, not under mode,
        order and η."""
        layout = self.layout()
        assert layout is not None
        if (layout.indexOf(self.run_box) == 0) != first:
            layout.removeWidget(self.run_box)
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(0 if first else 1, self.run_box)

    def retranslate(self) -> None:
        """Set every visible text in the current language (at start and on a change)."""
        self.algorithm_box.setTitle(self.tr("Algorithm"))
        for name, text in (
            ("mode", self.tr("mode")),
            ("order", self.tr("order")),
            ("seed", self.tr("seed")),
            ("limit", self.tr("limit")),
        ):
            self._row_labels[name].setText(text)
        for name, param in self._params.items():  # each from its declaration
            self._setting_labels[name].setText(QCoreApplication.translate("Settings", param.title))
            widget = self.setting_widgets[name]
            widget.setToolTip(core_text(param.help))
            if isinstance(widget, QComboBox):
                for i, choice in enumerate(param.choices):
                    widget.setItemText(i, QCoreApplication.translate("Names", choice))
                    if param.choice_tips:
                        tip = core_text(param.choice_tips[i])
                        widget.setItemData(i, glue_words(tip), Qt.ItemDataRole.ToolTipRole)
        for i in range(self.mode_combo.count()):  # each mode's name and tip: its registry entry
            key = self.mode_combo.itemData(i)
            self.mode_combo.setItemText(i, mode_name(key))
            tip = core_text(spec(key).tip)
            # (glued: a tip wider than the screen wraps, between words: format.glue_words)
            self.mode_combo.setItemData(i, glue_words(tip), Qt.ItemDataRole.ToolTipRole)
        for i in range(self.order_combo.count()):
            key = self.order_combo.itemData(i)
            self.order_combo.setItemText(i, order_name(key))
            tip = glue_words(self.tr(ORDER_TIPS[key]))
            self.order_combo.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
        self.mode_combo.setToolTip(self.tr("The algorithm (hover over a name for what it does)"))
        self.order_combo.setToolTip(self.tr("Which mistake comes next"))
        self.eta_spin.setToolTip(
            self.tr(
                "Learning rate η > 0 (arrows double / halve it). From w = 0 the mistakes "
                "do not depend on η: the line only scales"
            )
        )
        self.bias_check.setText(self.tr("learn the bias b"))
        self.bias_check.setToolTip(
            self.tr("Off: b stays 0 and every line passes through the origin")
        )
        self.seed_spin.setToolTip(
            self.tr("Seed of the random orders (the same seed repeats a run)")
        )
        self.limit_spin.setToolTip(
            self.tr(
                "Stop after this many updates (the pocket runs exactly this many "
                "unless it finds a separator)"
            )
        )
        self.run_box.setTitle(self.tr("Run"))
        for button, text, tip, key in (
            (
                self.step_button,
                self.tr("Step"),
                self.tr("Go to the next mistake and correct it"),
                "Space",
            ),
            (
                self.visit_button,
                self.tr("Visit"),
                self.tr("Look at the next point only: predict, reveal, update if wrong"),
                "V",
            ),
            (self.step_back_button, self.tr("Back"), self.tr("Undo the last update"), "Backspace"),
            (self.run_button, "", self.tr("Run at the chosen speed / pause"), "R"),
            (
                self.run_to_end_button,
                self.tr("To end"),
                self.tr("Run as fast as possible until it converges or stops"),
                "E",
            ),
            (self.reset_button, self.tr("Reset"), self.tr("Back to the initial weights"), "Home"),
        ):
            if text:
                button.setText(text)
            button.setToolTip(f"{tip}  [{key}]")
        self._show_running(self._c.running)
        self.speed_title.setText(self.tr("speed"))
        self.speed_slider.setToolTip(self.tr("Updates per second while running"))
        self._show_speed(self.speed_slider.value())
        self._show_settings()  # the orders' tooltips say why an order does not apply

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Sizes from the theme (the fonts come from the application's)."""
        t = theme()
        h = int(t.px(30))
        for b in self.findChildren(QPushButton):
            b.setMinimumHeight(h)
            b.setIconSize(
                b.iconSize().scaled(
                    int(t.px(16)), int(t.px(16)), Qt.AspectRatioMode.KeepAspectRatio
                )
            )
        # In the theme's font: the panel's own may still be the one before the change
        # (back at scale 1 the label kept its width from scale 2).
        self.speed_label.setMinimumWidth(
            QFontMetrics(t.font()).horizontalAdvance(self._speed_text(1000.0)) + 4
        )

    def set_speed_value(self, updates_per_second: float) -> None:
        """Put the slider on the offered speed nearest to `updates_per_second`."""
        s = float(updates_per_second)
        if not math.isfinite(s) or s > FASTEST_FINITE_SPEED:
            i = len(SPEEDS) - 1
        else:
            i = min(range(len(SPEEDS) - 1), key=lambda j: abs(math.log(SPEEDS[j] / max(s, 0.1))))
        self.speed_slider.setValue(i)
        self._c.set_speed(s)

    # ------------------------------------------------------------------ slots

    def _on_mode_combo_changed(self, _i: int) -> None:
        self._c.set_mode(self.mode_combo.currentData())

    def _on_order_combo_changed(self, _i: int) -> None:
        self._c.set_order(self.order_combo.currentData())

    def _on_eta_spin_changed(self, v: float) -> None:
        self._c.set_eta(v)

    def _connect_setting(self, name: str, widget: QWidget) -> None:
        if isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(
                lambda _i: self._c.set_settings(**{name: widget.currentData()})
            )
        elif isinstance(widget, QSpinBox):
            widget.valueChanged.connect(lambda v: self._c.set_settings(**{name: int(v)}))
        elif isinstance(widget, QDoubleSpinBox):
            widget.valueChanged.connect(lambda v: self._c.set_settings(**{name: float(v)}))

    def _on_run_button_clicked(self) -> None:
        self._c.toggle_run()
        self.run_button.setChecked(self._c.running)

    def _on_speed_slider_changed(self, i: int) -> None:
        self._show_speed(i)
        self._c.set_speed(SPEEDS[i])

    def _speed_text(self, s: float) -> str:
        return self.tr("max") if not math.isfinite(s) else self.tr("{v} /s").format(v=fmt(s))

    def _show_speed(self, i: int) -> None:
        self.speed_label.setText(self._speed_text(SPEEDS[i]))

    def _on_controller_running_changed(self, running: bool) -> None:
        self._show_running(running)

    def _show_running(self, running: bool) -> None:
        self.run_button.setChecked(running)
        self.run_button.setText(self.tr("Pause") if running else self.tr("Run"))
        icon = (
            QStyle.StandardPixmap.SP_MediaPause if running else QStyle.StandardPixmap.SP_MediaPlay
        )
        self.run_button.setIcon(self.style().standardIcon(icon))

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.SETTINGS:
            self._show_settings()

    def _show_settings(self) -> None:
        c = self._c.config
        widgets = (
            self.mode_combo,
            self.order_combo,
            self.eta_spin,
            self.bias_check,
            self.seed_spin,
            self.limit_spin,
            *self.setting_widgets.values(),
        )
        with signals_blocked(*widgets):
            for name, widget in self.setting_widgets.items():
                _show_value(widget, self._params[name], c.get(name))
            self.mode_combo.setCurrentIndex(self.mode_combo.findData(c.mode))
            self.order_combo.setCurrentIndex(ORDERS.index(c.order))
            self.eta_spin.setValue(c.eta)
            self.bias_check.setChecked(c.bias)
            self.seed_spin.setValue(c.seed)
            limit = c.max_updates if c.max_updates is not None else MAX_UPDATE_LIMIT
            self.limit_spin.setValue(limit)
        mode = spec(c.mode)
        for name, widget in self.setting_widgets.items():
            self._form.setRowVisible(widget, _applies(self._params[name], mode.param_names(), c))
        # Orders that do not apply to this mode are greyed out, with the reason.
        allowed, why = mode.orders, mode.orders_note
        model = self.order_combo.model()
        assert isinstance(model, QStandardItemModel)  # a QComboBox's own model
        for i, o in enumerate(ORDERS):
            item = model.item(i)
            item.setEnabled(o in allowed)
            tip = (
                self.tr(ORDER_TIPS[o])
                if o in allowed
                else self.tr("does not apply to {mode}: {why}").format(
                    mode=mode_name(c.mode), why=core_text(why)
                )
            )
            item.setToolTip(tip)


def _setting_widget(param: Param) -> QWidget:
    """The control of a mode's setting, from its declaration: a list of its choices, or a
    spin box of its range (objectName: ``cSpin``, ``kernelCombo``, ``marginSpin``, …)."""
    base = param.name[0].lower() + param.name[1:]
    if param.kind == "choice":
        combo = named(QComboBox(), f"{base}Combo")
        for choice in param.choices:
            combo.addItem(choice, choice)
        return combo
    if param.kind == "int":
        spin = named(QSpinBox(), f"{base}Spin")
        low = int(param.low) + int(param.low_open) if param.low is not None else None
        high = int(param.high) if param.high is not None else int(param.widget_high)
        spin.setRange(low if low is not None else -high, high)
        spin.setSingleStep(max(1, int(param.step)))
        return spin
    dspin = named(QDoubleSpinBox(), f"{base}Spin")
    dspin.setDecimals(param.decimals)
    tick = 10.0**-param.decimals  # the least step the box shows: an open low end is refused
    high_f = param.high if param.high is not None else param.widget_high
    if param.low is None:
        low_f = -high_f
    else:
        low_f = param.low + tick if param.low_open else param.low
    dspin.setRange(low_f, high_f)
    dspin.setSingleStep(param.step)
    dspin.setKeyboardTracking(False)
    return dspin


def _show_value(widget: QWidget, param: Param, value: object) -> None:
    """Set `widget` (made by `_setting_widget`) to `value`."""
    if isinstance(widget, QComboBox):
        widget.setCurrentIndex(param.choices.index(str(value)))
    elif isinstance(widget, (QSpinBox, QDoubleSpinBox)):
        widget.setValue(value)  # type: ignore[arg-type]  # the setting's own type


def _applies(param: Param, mode_params: tuple[str, ...], config: TrainConfig) -> bool:
    """Whether `param`'s row is shown: the mode has the setting and, when it depends on
    another (the polynomial kernel's degree), that one has a value it applies to."""
    if param.name not in mode_params:
        return False
    if param.shown_when is None:
        return True
    other, values = param.shown_when
    return config.get(other) in values

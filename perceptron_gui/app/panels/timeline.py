"""The timeline: a slider over every update the run has reached, to scrub back and forth."""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.controls import signals_blocked
from perceptron_gui.app.panels.common import RunFrameGate, SteadyFrame, make_label, style_label
from perceptron_gui.app.qtutil import named
from perceptron_gui.app.theme import TICK_PT, theme

Qt = QtCore.Qt
#: Going forward, the slider computes at most this many updates at once; further jumps
#: are made in slices between frames.
SEEK_SLICE_UPDATES = 20_000


class Timeline(QtWidgets.QWidget):
    """A slider (objectName ``timeline``) from update 0 to the furthest one reached.

    Dragging shows the state after that update exactly (the trainer seeks); every
    view follows through the controller's one `changed` signal.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._target: int | None = None
        self._second: Controller | None = None
        self.slider = named(QtWidgets.QSlider(Qt.Orientation.Horizontal), "timeline")
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # ← / → are the window's keys
        self.label = make_label(name="timelineLabel")
        self.label.setWordWrap(False)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addWidget(self.slider, 1)
        layout.addWidget(SteadyFrame(self.label))
        self._timer = QtCore.QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer_timeout)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        # The frames of a run at most 20 Hz, and only while shown (see RunFrameGate).
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        self.apply_theme()
        theme().changed.connect(self.apply_theme)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt override)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.refresh()  # every text is set there
        super().changeEvent(event)

    def apply_theme(self) -> None:
        """Fonts from the theme."""
        style_label(self.label, TICK_PT)
        self.refresh()

    def set_second(self, controller: Controller | None) -> None:
        """Compare mode: the timeline spans both runs (None: the main run's alone).

        Position p shows each run at min(its k, p): the slider's end is the further
        horizon, its value the further k, and a drag moves both runs to p.
        """
        if self._second is not None:
            self._second.changed.disconnect(self._on_controller_changed)
        self._second = controller
        if controller is not None:
            controller.changed.connect(self._on_controller_changed)
        self.refresh()

    def _span(self) -> tuple[int, int]:
        c, s = self._controller, self._second
        if s is None:
            return c.trainer.k, c.horizon
        return max(c.trainer.k, s.trainer.k), max(c.horizon, s.horizon)

    def refresh(self) -> None:
        """Range and position from the controller (and the second run's, when comparing)."""
        k, horizon = self._span()
        with signals_blocked(self.slider):
            self.slider.setRange(0, horizon)
            self.slider.setValue(k)
        self.slider.setToolTip(self.tr("Every update so far: drag to go back and forth (← / →)"))
        self.label.setText(self.tr("update {k} of {horizon}").format(k=k, horizon=horizon))

    def _on_controller_changed(self, change: Change) -> None:
        if change & Change.MODEL:
            self.refresh()

    def _on_slider_value_changed(self, value: int) -> None:
        if self._second is not None:  # within both horizons: no long computation
            self._controller.seek(value)
            self._second.seek(value)
            return
        t = self._controller.trainer
        if value <= t.k or value - t.k <= SEEK_SLICE_UPDATES:
            self._timer.stop()
            self._target = None
            self._controller.seek(value)
        else:  # far ahead of the state: compute forward between frames
            self._target = value
            self._timer.start()

    def _on_timer_timeout(self) -> None:
        t = self._controller.trainer
        if self._target is None:
            self._timer.stop()
            return
        step = min(self._target, t.k + SEEK_SLICE_UPDATES)
        reached = self._controller.seek(step)
        if reached >= self._target or reached < step:
            self._timer.stop()
            self._target = None

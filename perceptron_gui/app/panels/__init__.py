"""The read-only panels, one module each: bound, iteration table, dual view, readout.

Each panel takes the controller, listens to its one `changed` signal and reads
its state; it never talks to another widget.
"""

from __future__ import annotations

from perceptron_gui.app.panels.bound_panel import BoundPanel, BoundPlot
from perceptron_gui.app.panels.dual_view import DualView
from perceptron_gui.app.panels.iteration_table import IterationModel, IterationTable
from perceptron_gui.app.panels.readout import Readout

__all__ = ["BoundPanel", "BoundPlot", "DualView", "IterationModel", "IterationTable", "Readout"]

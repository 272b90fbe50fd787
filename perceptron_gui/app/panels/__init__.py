"""The panels, one module each: bound, iteration table, dual view, readout, timeline.

Each panel takes the controller, listens to its one `changed` signal and reads
its state; it never talks to another widget.
"""

from __future__ import annotations

from perceptron_gui.app.panels.bound_panel import BoundPanel, BoundPlot
from perceptron_gui.app.panels.dual_view import DualView
from perceptron_gui.app.panels.iteration_table import IterationModel, IterationTable
from perceptron_gui.app.panels.proof_panel import ProofPanel
from perceptron_gui.app.panels.readout import Readout
from perceptron_gui.app.panels.timeline import Timeline

__all__ = [
    "BoundPanel",
    "BoundPlot",
    "DualView",
    "IterationModel",
    "IterationTable",
    "ProofPanel",
    "Readout",
    "Timeline",
]

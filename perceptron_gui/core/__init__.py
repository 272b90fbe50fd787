"""The Qt-free engine: data, the perceptron in primal, dual and pocket form, the Novikoff bound.

Imports numpy and the standard library only (a test checks it).

The documented API::

    from perceptron_gui.core import train, novikoff

    result = train(X, y, mode="primal", order="cyclic")
    bound = novikoff(X, y)
    runs = experiment(X, y, runs=2000, seed=0, order="random")  # run i: seed 0 + i

Points may have any number d >= 1 of features (the window draws d = 2).
"""

from __future__ import annotations

from perceptron_gui.core.api import train
from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.experiment import ExperimentResult, experiment
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.generators import generate
from perceptron_gui.core.io import load_file
from perceptron_gui.core.novikoff import novikoff
from perceptron_gui.core.result import TrainResult
from perceptron_gui.core.trainer import Trainer

__all__ = [
    "Bound",
    "DataError",
    "Dataset",
    "ExperimentResult",
    "TrainConfig",
    "TrainResult",
    "Trainer",
    "experiment",
    "generate",
    "load_file",
    "make_dataset",
    "make_trainer",
    "novikoff",
    "train",
]

"""The one factory of trainers: every caller gets its trainer here, so a new mode plugs in once.

"primal", "dual" and "pocket" are `trainer.Trainer`; "averaged" and "voted", "pa" and
"kernel" are the trainers of `online`, "batch" the one of `batch`. All of them have the
same surface (see `model.py` for what the views ask of it).
"""

from __future__ import annotations

from perceptron_gui.core.batch import BatchTrainer
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.online import KernelTrainer, OnlineTrainer, PATrainer, VotedTrainer
from perceptron_gui.core.trainer import Trainer


def make_trainer(data: Dataset, config: TrainConfig | None = None) -> Trainer | OnlineTrainer:
    """The trainer for ``config.mode`` (the primal form when `config` is None)."""
    mode = config.mode if config is not None else "primal"
    if mode in ("primal", "dual", "pocket"):
        return Trainer(data, config)
    if mode in ("averaged", "voted"):
        return VotedTrainer(data, config)
    if mode == "pa":
        return PATrainer(data, config)
    if mode == "kernel":
        return KernelTrainer(data, config)
    if mode == "batch":
        return BatchTrainer(data, config)
    raise ValueError(f"unknown mode: {mode!r}")

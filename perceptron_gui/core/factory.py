"""The one factory of trainers: every caller gets its trainer here.

It reads the registry (`registry.py`): one entry per mode names its trainer class, so a
new mode plugs in there. Every trainer implements `protocol.Algorithm`.
"""

from __future__ import annotations

from perceptron_gui.core.registry import make_trainer

__all__ = ["make_trainer"]

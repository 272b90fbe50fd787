"""Work cut into slices: a generator that yields between slices and returns its result.

The window drives such generators a slice per timer tick so that it never freezes;
scripts and the command line run them to the end at once with `exhaust`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar, cast

T = TypeVar("T")


def exhaust(slices: Generator[Any, None, T]) -> T:
    """Run a sliced computation to its end and return its result."""
    while True:
        try:
            next(slices)
        except StopIteration as stop:
            return cast(T, stop.value)

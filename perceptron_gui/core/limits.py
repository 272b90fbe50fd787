"""The largest counts the program accepts, checked when they are set, from any source.

Every count a run carries (updates, epochs, and so visits = epochs × N) is kept in
64-bit integers by the compiled loops; a count beyond these maxima is refused with a
message when it is set (the API's `train`/`TrainConfig`, the command line, a session
file, a lesson), never overflowed later. The maxima are far beyond any run that
could finish (10¹⁵ updates take years), and their products stay below 2⁶³:

=================  ===========  =====================================================
count              maximum      why
=================  ===========  =====================================================
points N           10⁷          what the files accept (`MAX_POINTS`)
updates            10¹⁵         `MAX_UPDATES`
epochs             10¹¹         `MAX_EPOCHS`: × 10⁷ points = 10¹⁸ visits
visits             10¹⁸         `MAX_VISITS` < 2⁶³ ≈ 9.2·10¹⁸
=================  ===========  =====================================================
"""

from __future__ import annotations

from typing import Any

from perceptron_gui.core.errors import DataError

__all__ = ["MAX_EPOCHS", "MAX_POINTS", "MAX_UPDATES", "MAX_VISITS", "check_count", "check_limits"]

MAX_POINTS = 10_000_000
MAX_UPDATES = 10**15
MAX_EPOCHS = 10**11
MAX_VISITS = 10**18


def check_count(name: str, value: Any, maximum: int, source: str | None = None) -> None:
    """Refuse a count that is not a whole number from 0 to `maximum` (None is "no limit")."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DataError(f"{name} must be a whole number >= 0, not {value!r}", source)
    if value > maximum:
        shown = f"{value:.3g}" if value >= 10**6 else str(value)
        raise DataError(f"{name} = {shown} is beyond the maximum {maximum:.0e}", source)


def check_limits(settings: Any) -> None:
    """Check the counts of a `TrainConfig` (``max_updates``, ``max_epochs``)."""
    check_count("max_updates", settings.max_updates, MAX_UPDATES)
    check_count("max_epochs", settings.max_epochs, MAX_EPOCHS)

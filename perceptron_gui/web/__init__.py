"""A run, or a whole lesson, as one self-contained web page (``perceptron html``).

The page is a single HTML file: its script, its style sheet and its data are inline, it
loads nothing from the network and opens offline on any laptop or phone. It shows what the
window shows, step by step: the named points, the line (or the kernel's and the vote's
regions as small embedded PNG images), the misclassified points, the readout, the
narration of each update in English or Chinese, the mistakes-against-visits plot under
the bound, a timeline slider, Back / Step / Play. A lesson page holds its scenes in order,
their captions and their questions (the answer shown on a click).

Every number comes from the core's own trainer, stepped update by update here in Python;
the page's script only draws them (see `perceptron_gui.web.build`). The narration is the
window's (`perceptron_gui.app.narration`) translated by a `QTranslator` loaded from the
package's ``.qm`` file: QtCore only, no application object and no display.
"""

from __future__ import annotations

from perceptron_gui.web.build import (
    MAX_PAGE_UPDATES,
    PageError,
    lesson_page,
    notebook_html,
    result_page,
    run_page,
    write_page,
)

__all__ = [
    "MAX_PAGE_UPDATES",
    "PageError",
    "lesson_page",
    "notebook_html",
    "result_page",
    "run_page",
    "write_page",
]

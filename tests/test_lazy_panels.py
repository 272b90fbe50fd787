"""The panels hidden when the window opens are made when first shown (issue 34).

The dual view's table and heatmap view, the two space views, the image panel's labels and
the Lesson panel are not made with the window (they were ~20 ms of its creation's CPU);
each is made, and shows the run as it is, when shown through the window's own controls.
"""

from __future__ import annotations

import numpy as np
import probes
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QTableWidget

from perceptron_gui.app import i18n
from perceptron_gui.core.lesson import localize


def test_hidden_panels_made_when_first_shown(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    w = window
    # At creation (and shown): none of the hidden panels is made.
    assert not w.dual_view._built and w.dual_view.findChild(QTableWidget, "gramTable") is None
    assert not w.panes.slots["augmented_view"].is_made
    assert not w.panes.slots["weights_view"].is_made
    assert not w.panes.slots["lesson_panel"].is_made and w.lesson_player.panel is None
    assert w.image_panel.findChild(QLabel, "imageThumbnail1") is None

    # A run while the dual view is a tab in the back: still not made.
    assert w.set_points([[1, 4], [2, 5], [-1, -1]], [1, 1, -1])
    assert w.set_mode("dual")
    for _ in range(7):
        w.step()
    assert not w.dual_view._built

    # The tab shown: the table, with G, y and α of the run as it is now.
    w.tabs.setCurrentWidget(w.dual_view)
    qtbot.waitUntil(lambda: w.dual_view._built)
    table = w.dual_view.findChild(QTableWidget, "gramTable")
    assert table is not None and table.isVisible()
    x = np.array([[1, 4], [2, 5], [-1, -1]], dtype=float)  # G = [xᵢ·xⱼ]
    np.testing.assert_array_equal(probes.gram_shown(w.dual_view), x @ x.T)
    alpha = w.controller.trainer.alpha_slice(slice(0, 3))
    np.testing.assert_array_equal(probes.alpha_shown(w.dual_view), alpha)
    assert [table.item(i, 1).text() for i in range(3)] == [f"{a:g}" for a in alpha]
    assert table.item(2, 0).text() == "−1"

    # A space view shown by its View menu's action: made, shown, drawing this run's ŵ.
    w.findChild(QAction, "augmentedSpaceAction").trigger()
    assert w.spaces.docks["augmented"].isVisible()
    view = w.spaces.views["augmented"]
    assert view.isVisible() and w.findChild(type(view), "augmentedView") is view
    assert not w.panes.slots["weights_view"].is_made  # the other view still waits
    state = w.state()
    t = w.controller.trainer
    assert state["augmented"]["visible"] is True
    np.testing.assert_allclose(state["augmented"]["normal"], [*t.w, t.b])
    # The state reports the view not made yet as it would a made one (made for it).
    assert state["weights"]["visible"] is False
    np.testing.assert_allclose(state["weights"]["path"][-1], [*t.w, t.b])

    # The Lesson panel: made when a lesson shows its dock, with the lesson's title.
    assert w.open_lesson("perceptron")
    qtbot.waitUntil(lambda: w.lesson_player.panel is not None)
    panel = w.lesson_player.panel
    title = localize(w.lesson_player.lesson.title, i18n.language())
    assert panel.isVisible() and panel.title.text() == title


def test_image_panel_made_for_images(window) -> None:  # type: ignore[no-untyped-def]
    w = window
    assert w.image_panel.findChild(QLabel, "imageThumbnail1") is None
    w.action_manager.action("example_digits_38").trigger()
    assert w.state()["image_shape"] == [8, 8] and w.image_panel.isVisible()
    assert w.image_panel.findChild(QLabel, "imageThumbnail1") is not None
    assert not w.image_panel.image.pixmap().isNull()
    assert "of 357" in w.image_panel.wrong.text()

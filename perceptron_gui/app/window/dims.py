"""The window's view of points with d > 2 features: two axes of R^d, turned as w moves.

`core/projection.py` computes the axes; this part keeps the ones on screen, turns them
towards new ones in an animation (`turn`, a `QVariantAnimation` on the GUI thread) and
knows which view the lecturer chose:

* "follow" (the default): ``a1 = w/||w||``, ``a2`` the data's principal direction ⊥ w
  (the first two principal directions at w = 0). The line is then the true hyperplane
  and each point's horizontal distance to it its signed distance ``(w·x + b)/||w||``.
* "pinned": the axes stay where they are while w moves on; the line is the hyperplane's
  slice by the view plane (through the data's centre).
* "features": two of the d features, x_i across and x_j up; the line is a slice too.

With one feature (d = 1) the view is the line x₁ itself: x₁ across, nothing up (every
point at height 0), and the hyperplane is the threshold x₁ = −b/w, a vertical line; the
three choices do not apply.

It holds no window: the window asks it for the points to draw (`view_points`), how to
draw a model (`view_model`), the axes' names and `state()`; it emits `axes_changed` when
the axes on screen moved (every frame of a turn).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QObject, QVariantAnimation, Signal

from perceptron_gui.app.window.actions import translate
from perceptron_gui.core.projection import (
    ViewBasis,
    drawn_axes,
    feature_axes,
    project,
    project_model,
    slice_origin,
    turn,
)

FloatArray = npt.NDArray[np.float64]
Axes = tuple[FloatArray, FloatArray]

#: A turn of the view lasts this long (ms) at the window's normal animation length.
TURN_MS = 450
#: Axes closer than this (largest difference of an entry) are the same: no turn.
SAME_AXES = 1e-12

_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def feature_name(j: int) -> str:
    """x₁, x₂, … for the 0-based feature j."""
    return "x" + str(j + 1).translate(_SUB)


class DimView(QObject):
    """The axes of the view of R^d on screen (see the module notes).

    Parameters
    ----------
    turn_ms
        The length of a turn in ms (0: the view jumps; tests pass 0).
    """

    axes_changed = Signal()

    def __init__(self, turn_ms: int = TURN_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._axes: Axes | None = None
        self._target: Axes | None = None
        self._start: Axes | None = None
        self._kind = "follow"
        self._features = (0, 1)
        self._w_zero = True
        self._w_now: FloatArray = np.zeros(2)
        self._points: FloatArray = np.zeros((0, 2))
        self._origin: FloatArray = np.zeros(2)
        self._basis: ViewBasis | None = None  # the data set's part of the axes (see `_axes_for`)
        self._anim = QVariantAnimation(self)
        self._anim.setStartValue(0.0)
        self._anim.setEndValue(1.0)
        self._anim.setDuration(max(1, int(turn_ms)))
        self._turn_ms = int(turn_ms)
        self._anim.valueChanged.connect(self._on_anim_value_changed)
        self._anim.finished.connect(self.axes_changed)  # the line is exact again

    # ------------------------------------------------------------------ state

    @property
    def active(self) -> bool:
        """True while the data have d != 2 features (the view is a projection)."""
        return self._axes is not None

    @property
    def axes(self) -> Axes | None:
        """The axes on screen (None for the plane)."""
        return self._axes

    @property
    def kind(self) -> str:
        """ "follow", "pinned" or "features"."""
        return self._kind

    @property
    def features(self) -> tuple[int, int]:
        """The 0-based features (i, j) of the "features" view (kept while another is on)."""
        return self._features

    @property
    def turning(self) -> bool:
        """True during a turn."""
        return self._anim.state() == QVariantAnimation.State.Running

    @property
    def line_only(self) -> bool:
        """True for data of one feature: the view is the x₁ axis."""
        return self._axes is not None and self._axes[0].shape[0] == 1

    @property
    def exact(self) -> bool:
        """True when the line drawn is the hyperplane itself (the w-aligned view, w ≠ 0,
        no turn under way; or one feature); False: it is the hyperplane's slice by the
        view plane."""
        if self.line_only:
            return True
        return self._kind == "follow" and not self._w_zero and not self.turning

    @staticmethod
    def follow_names(*, zero: bool, dim: int = 3) -> tuple[str, str]:
        """The axes' names of the w-aligned view (`zero`: w = 0, the principal directions;
        `dim` = 1: x₁ and no name up)."""
        if dim == 1:
            return feature_name(0), ""
        if zero:
            return (
                translate("MainWindow", "principal direction 1"),
                translate("MainWindow", "principal direction 2"),
            )
        return translate("MainWindow", "along w"), translate(
            "MainWindow", "principal direction ⊥ w"
        )

    def names(self) -> tuple[str, str]:
        """The axes' names as the canvas shows them ("" up for one feature: no axis)."""
        if self.line_only:
            return feature_name(0), ""
        if self._kind == "features":
            i, j = self._features
            h, v = feature_name(i), feature_name(j)
        elif self._w_zero and self._kind == "follow":
            h, v = (
                translate("MainWindow", "principal direction 1"),
                translate("MainWindow", "principal direction 2"),
            )
        else:
            h, v = (
                translate("MainWindow", "along w"),
                translate("MainWindow", "principal direction ⊥ w"),
            )
            if self._kind == "pinned":
                h, v = (
                    translate("MainWindow", "{axis} (pinned)").format(axis=h),
                    translate("MainWindow", "{axis} (pinned)").format(axis=v),
                )
        if not self.exact and not (self._w_zero and self._kind == "follow"):
            h = translate("MainWindow", "{axis}: the line is the hyperplane's slice").format(axis=h)
        return h, v

    def state(self) -> dict[str, Any]:
        """``projection``: the two axes as lists of d numbers (None for the plane);
        ``projection_view``: "follow", "pinned" or "features"."""
        axes = self._axes
        return {
            "projection": None if axes is None else [axes[0].tolist(), axes[1].tolist()],
            "projection_view": self._kind,
        }

    # ------------------------------------------------------------- what to draw

    def view_points(self, points: Any) -> FloatArray:
        """The points' coordinates in the view, shape (N, 2) (the plane's points as they are)."""
        if self._axes is None:
            return np.asarray(points, dtype=np.float64)
        return project(points, self._axes)

    def view_model(self, model: Any) -> Any:
        """A model of R^d as the view draws it (`core.projection.project_model`)."""
        if self._axes is None or model is None:
            return model
        return project_model(model, self._axes, self._origin)

    # ------------------------------------------------------------------ moves

    def clear(self) -> None:
        """Points in the plane: no projection."""
        self._anim.stop()
        changed = self._axes is not None
        self._axes = self._target = None
        self._basis = None
        if changed:
            self.axes_changed.emit()

    def update(self, points: Any, w: Any, *, jump: bool = False) -> None:
        """New points or new weights: the axes they call for, reached by a turn (or at
        once with `jump`: a new data set)."""
        X = np.asarray(points, dtype=np.float64)
        d = X.shape[1]
        wv = np.asarray(w, dtype=np.float64).reshape(-1)
        if wv.shape[0] != d:
            wv = np.zeros(d)
        self._points = X
        self._w_now = wv
        self._w_zero = not np.any(wv)
        if d == 1:  # the line x₁ itself, whatever the sign of w: no turn, no flip
            self._go(drawn_axes(X, wv), jump=True)
            return
        if self._kind == "features":
            i, j = self._features
            if max(i, j) >= d:
                self._features = (0, 1)
            target = feature_axes(d, *self._features)
        elif self._kind == "pinned" and self._axes is not None and self._axes[0].shape[0] == d:
            target = self._target if self._target is not None else self._axes
        else:
            target = self._axes_for(X, wv)
        self._go(target, jump=jump or self._axes is None or self._axes[0].shape[0] != d)

    def set_kind(self, kind: str, features: tuple[int, int] | None = None) -> None:
        """ "follow", "pinned" or "features" (with the 0-based features (i, j))."""
        if kind not in ("follow", "pinned", "features"):
            raise ValueError(kind)
        self._kind = kind
        if features is not None:
            self._features = (int(features[0]), int(features[1]))
        if self._axes is None or self.line_only:
            return
        d = self._axes[0].shape[0]
        if kind == "features":
            self._go(feature_axes(d, *self._features), jump=False)
        elif kind == "follow":
            self._go(self._axes_for(self._points, self._w_now), jump=False)
        else:
            self._anim.stop()
            self._target = self._axes
            self.axes_changed.emit()

    def _axes_for(self, X: FloatArray, w: FloatArray) -> Axes:
        """`core.projection.view_axes` (the same numbers), with the data set's mean and
        scatter kept while the points stay the same read-only array: a step of the digits
        (357 points in R^64) no longer recomputes them, nor waits for LAPACK's threads."""
        basis = self._basis
        if basis is None or basis.points is not X or X.flags.writeable:
            basis = self._basis = ViewBasis(X)
        return basis.axes(w)

    def _go(self, target: Axes, *, jump: bool) -> None:
        self._origin_for(target)
        if self._axes is not None and not jump:
            same = max(
                float(np.max(np.abs(target[0] - self._axes[0]))),
                float(np.max(np.abs(target[1] - self._axes[1]))),
            )
            if same <= SAME_AXES and not self.turning:
                self._target = target
                self.axes_changed.emit()  # the names may have changed (w left 0)
                return
        self._target = target
        if jump or self._axes is None or self._turn_ms <= 0:
            self._anim.stop()
            self._axes = (target[0].copy(), target[1].copy())
            self._origin = slice_origin(self._points, self._axes)
            self.axes_changed.emit()
            return
        self._start = self._axes
        self._anim.stop()
        self._anim.start()

    def _origin_for(self, target: Axes) -> None:
        self._origin = slice_origin(self._points, target)

    def _on_anim_value_changed(self, value: float) -> None:
        if self._start is None or self._target is None:
            return
        self._axes = turn(self._start, self._target, float(value))
        self._origin = slice_origin(self._points, self._axes)
        self.axes_changed.emit()

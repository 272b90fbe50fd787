"""Beside the canvas, for points that are images (the built-in 8×8 digits): w drawn as an
image of the same pixels, and the misclassified points as thumbnails.

A pixel of w is drawn in the colour of the class it votes for, as strong as its weight
(``+`` blue as the ○ points, ``−`` vermillion as the × points, the ground at 0: a
diverging map, symmetric about 0, scaled to the largest |w_j|). It shows the answer's w
(the pocket's, the average's) where the mode has one, else the running w; it follows the
run at the panels' 20 Hz. The kernel perceptron has no w: the panel says so.

Qt only draws here: the numbers are the trainer's (`image_of`, `diverging_rgb` are plain
numpy, tested without pixels).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.app import format as fmt
from perceptron_gui.app.controller import Change, Controller
from perceptron_gui.app.panels.common import RunFrameGate
from perceptron_gui.app.theme import theme
from perceptron_gui.app.window.actions import translate
from perceptron_gui.app.words import WordsLabel
from perceptron_gui.core.model import LinearModel, mistakes

Qt = QtCore.Qt
#: The side of w's image (px at scale 1) and of a thumbnail.
IMAGE_PX = 128
THUMB_PX = 32
#: Thumbnails shown at most (the count says how many there are).
MAX_THUMBS = 12
THUMB_COLUMNS = 4
#: The panel's width (px at scale 1): the canvas keeps the rest.
PANEL_PX = 4 * THUMB_PX + 3 * 4 + 12


def _rgb(color: QtGui.QColor) -> npt.NDArray[np.float64]:
    return np.array([color.red(), color.green(), color.blue()], dtype=np.float64)


def diverging_rgb(
    values: Any,
    positive: npt.NDArray[np.float64],
    negative: npt.NDArray[np.float64],
    ground: npt.NDArray[np.float64],
) -> npt.NDArray[np.uint8]:
    """RGB of `values` (any shape): `ground` at 0, `positive` at +max|v|, `negative` at
    −max|v|, linear between (all `ground` when every value is 0)."""
    v = np.asarray(values, dtype=np.float64)
    top = float(np.max(np.abs(v))) if v.size else 0.0
    s = v / top if top > 0 else np.zeros_like(v)
    pos = np.clip(s, 0.0, 1.0)[..., None]
    neg = np.clip(-s, 0.0, 1.0)[..., None]
    rgb = ground + pos * (positive - ground) + neg * (negative - ground)
    return np.clip(np.rint(rgb), 0, 255).astype(np.uint8)


def grey_rgb(
    values: Any, ink: npt.NDArray[np.float64], ground: npt.NDArray[np.float64], top: float
) -> npt.NDArray[np.uint8]:
    """RGB of grey levels 0 … `top`: `ground` at 0, `ink` at `top` (a digit's strokes)."""
    s = np.clip(np.asarray(values, dtype=np.float64) / top, 0.0, 1.0)[..., None]
    return np.clip(np.rint(ground + s * (ink - ground)), 0, 255).astype(np.uint8)


def image_of(vector: Any, shape: tuple[int, int]) -> npt.NDArray[np.float64]:
    """A point (or w) of rows × columns features as its image, row by row."""
    return np.asarray(vector, dtype=np.float64).reshape(shape)


def pixmap(rgb: npt.NDArray[np.uint8], side: int) -> QtGui.QPixmap:
    """An (H, W, 3) image as a pixmap `side` px wide, each pixel a sharp square."""
    h, w = rgb.shape[:2]
    data = np.ascontiguousarray(rgb)
    image = QtGui.QImage(data.data, w, h, 3 * w, QtGui.QImage.Format.Format_RGB888).copy()
    return QtGui.QPixmap.fromImage(image).scaled(
        side,
        round(side * h / w),
        Qt.AspectRatioMode.IgnoreAspectRatio,
        Qt.TransformationMode.FastTransformation,
    )


class ImagePanel(QtWidgets.QWidget):
    """w as an image and the misclassified points as thumbnails (see the module notes).

    Hidden unless `set_shape` gave an image shape whose pixels are the data's features.
    """

    def __init__(self, controller: Controller, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("imagePanel")
        self._c = controller
        self._shape: tuple[int, int] | None = None
        self._shown_w: tuple[float, ...] | None = None
        self._thumbs_of: list[int] = []
        #: The panel's labels are made when images are first drawn (`_build`): most data
        #: are not images, and the panel stays hidden and empty.
        self._built = False
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Fixed, QtWidgets.QSizePolicy.Policy.Preferred
        )
        controller.changed.connect(RunFrameGate(self, self._on_controller_changed).on_changed)
        theme().changed.connect(self.refresh)
        self.hide()

    def _build(self) -> None:
        """Make the title, the image, the legend and the thumbnails' cells (once)."""
        if self._built:
            return
        self._built = True
        self.title = WordsLabel()
        self.title.setObjectName("imageTitle")
        self.title.setWordWrap(True)
        self.image = QtWidgets.QLabel()
        self.image.setObjectName("weightImage")
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.legend = WordsLabel()
        self.legend.setObjectName("imageLegend")
        self.legend.setWordWrap(True)
        self.wrong = WordsLabel()
        self.wrong.setObjectName("imageWrong")
        self.wrong.setWordWrap(True)
        self.thumbs = QtWidgets.QWidget()
        self.thumbs.setObjectName("imageThumbnails")
        self._grid = QtWidgets.QGridLayout(self.thumbs)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(4)
        self._cells: list[QtWidgets.QLabel] = []
        for i in range(MAX_THUMBS):
            cell = QtWidgets.QLabel()
            cell.setObjectName(f"imageThumbnail{i + 1}")
            cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._grid.addWidget(cell, i // THUMB_COLUMNS, i % THUMB_COLUMNS)
            self._cells.append(cell)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        for widget in (self.title, self.image, self.legend, self.wrong, self.thumbs):
            layout.addWidget(widget)
        layout.addStretch(1)
        # Named for screen readers, as the window's widgets made with it were.
        from perceptron_gui.app.accessibility import name_widgets

        name_widgets(self)

    # ----------------------------------------------------------------- state

    @property
    def shape(self) -> tuple[int, int] | None:
        """The image shape of the data on screen (None: not images, or not these data)."""
        s = self._shape
        if s is None or s[0] * s[1] != self._c.data.dim or self._c.data.n == 0:
            return None
        return s

    def set_shape(self, shape: tuple[int, int] | None) -> None:
        """Points that are images of `shape` (rows, columns), or None: not images."""
        self._shape = None if shape is None else (int(shape[0]), int(shape[1]))
        self.refresh()

    def state(self) -> dict[str, Any]:
        """``image_shape`` ([rows, columns] or None), ``image_w`` (the w drawn, or None) and
        ``image_thumbnails`` (the 0-based points drawn as thumbnails)."""
        shape = self.shape
        return {
            "image_shape": None if shape is None else list(shape),
            "image_w": None if shape is None or self._shown_w is None else list(self._shown_w),
            "image_thumbnails": list(self._thumbs_of) if shape is not None else [],
        }

    # ---------------------------------------------------------------- drawing

    def _fit_width(self) -> None:
        self.setFixedWidth(round(PANEL_PX * theme().scale))

    def _on_controller_changed(self, change: Change) -> None:
        if change & (Change.DATA | Change.MODEL | Change.SETTINGS):
            self.refresh()

    def retranslate(self) -> None:
        self.refresh()

    def _weights(self) -> tuple[tuple[float, ...] | None, str]:
        """The w drawn and what it is called (None: the mode has no w)."""
        t = self._c.trainer
        if not t.spec.has_w:
            return None, ""
        answer = t.answer
        if isinstance(answer, LinearModel) and t.answer_name:
            name = translate("ImagePanel", "{answer} w").format(
                answer=translate("Core", t.answer_name)
            )
            return tuple(float(v) for v in answer.w), name
        return tuple(float(v) for v in t.w), "w"

    def refresh(self) -> None:
        """Draw the run as it is now (hidden when the data are not images)."""
        shape = self.shape
        self.setVisible(shape is not None)
        if shape is None:
            self._shown_w = None
            self._thumbs_of = []
            return
        self._build()
        t = theme()
        scale = t.scale
        self._fit_width()
        ground = _rgb(t.color("background"))
        w, name = self._weights()
        self._shown_w = w
        rows, cols = shape
        self.title.setText(
            translate("ImagePanel", "{w} as an image of {rows} × {cols} pixels").format(
                w=name or "w", rows=rows, cols=cols
            )
        )
        if w is None:
            self.image.clear()
            self.legend.setText(
                translate(
                    "ImagePanel", "The kernel perceptron has no w to draw: its α are in the tables."
                )
            )
        else:
            rgb = diverging_rgb(
                image_of(w, shape), _rgb(t.color("positive")), _rgb(t.color("negative")), ground
            )
            self.image.setPixmap(pixmap(rgb, round(IMAGE_PX * scale)))
            top = max((abs(v) for v in w), default=0.0)
            self.legend.setText(
                translate(
                    "ImagePanel",
                    "w_j > 0 in ○'s colour (ink there votes +1), w_j < 0 in ×'s (votes −1); "
                    "largest |w_j| = {top}",
                ).format(top=fmt.sci(top))
            )
        self._draw_thumbnails(shape, ground, _rgb(t.color("ink")), scale)

    def _draw_thumbnails(
        self,
        shape: tuple[int, int],
        ground: npt.NDArray[np.float64],
        ink: npt.NDArray[np.float64],
        scale: float,
    ) -> None:
        c = self._c
        t = c.trainer
        data = c.data
        answer = t.answer
        wrong = (
            mistakes(answer, data.points, data.labels) if answer is not None else t.misclassified()
        )
        shown = [int(i) for i in wrong[:MAX_THUMBS]]
        self._thumbs_of = shown
        self.wrong.setText(
            translate("ImagePanel", "misclassified: {wrong} of {n}").format(
                wrong=len(wrong), n=data.n
            )
            + (
                translate("ImagePanel", " (the first {k})").format(k=len(shown))
                if len(wrong) > len(shown)
                else ""
            )
        )
        top = float(np.max(data.points)) if data.n else 1.0
        top = top if top > 0 else 1.0
        side = round(THUMB_PX * scale)
        for k, cell in enumerate(self._cells):
            if k >= len(shown):
                cell.clear()
                cell.setToolTip("")
                cell.hide()
                continue
            i = shown[k]
            rgb = grey_rgb(image_of(data.points[i], shape), ink, ground, top)
            cell.setPixmap(pixmap(rgb, side))
            label = "+1" if data.labels[i] > 0 else "−1"
            cell.setToolTip(
                translate("ImagePanel", "{name}: labelled {label}, on the wrong side").format(
                    name=fmt.point_name(i), label=label
                )
            )
            cell.show()

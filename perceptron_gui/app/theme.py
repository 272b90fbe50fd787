"""The one place for colours, fonts and sizes: a `Theme` that scales and emits `changed`.

Every widget reads its colours and sizes from `theme()` and restyles itself in one
method connected to `Theme.changed`; nothing else in the app holds a colour or a
size. The class colours come from the Okabe–Ito palette, which stays
distinguishable for the common forms of colour blindness; the classes also differ
by marker shape so that nothing depends on colour alone.

Themes are data (`PALETTES`); the scale multiplies every size (fonts, markers,
line widths), so Ctrl+= in the window enlarges everything at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QChildEvent, QEvent, QObject, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPalette, QPolygonF
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QProxyStyle,
    QScrollBar,
    QSizePolicy,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QStyleOptionComplex,
    QStyleOptionDockWidget,
    QStyleOptionMenuItem,
    QStyleOptionSpinBox,
    QStyleOptionToolButton,
    QTextEdit,
    QWidget,
)


@dataclass(frozen=True)
class Palette:
    """The colours of one theme (any colour string Qt reads)."""

    positive: str  # class +1, circle
    negative: str  # class −1, cross
    pocket: str  # the pocket weights (the answer)
    highlight: str  # halo behind a misclassified point
    step: str  # the update's vector ηyx: 3:1 or more on the ground and both half-planes' tints
    selection: str  # selected points
    alpha: str  # dual coefficients α
    ink: str  # axes, text, the current line, rings
    muted: str  # geometry overlays (radius circle, best separator)
    background: str
    window: str  # behind the widgets (Qt palette)
    fill: str  # behind text over the canvas (labels, legend, readout)
    error_bg: str
    error_fg: str
    info_bg: str
    info_fg: str
    tint_alpha: int = 40  # half-plane tints: light enough that points stay readable
    fill_alpha: int = 215  # text backgrounds over the canvas
    grid_alpha: float = 0.3
    weight: float = 1.0  # line widths and marker sizes are multiplied by this


PALETTES: dict[str, Palette] = {
    "light": Palette(
        positive="#0072B2",
        negative="#C45500",  # Okabe-Ito vermillion, darker: 3:1 on the yellow halo
        pocket="#009E73",
        highlight="#F0E442",
        step="#7A6200",
        selection="#CC79A7",
        alpha="#56B4E9",
        ink="#1A1A1A",
        muted="#555555",
        background="#FFFFFF",
        window="#EFEFEF",
        fill="#FFFFFF",
        error_bg="#FDECEA",
        error_fg="#8B1A10",
        info_bg="#EAF2FB",
        info_fg="#0B3C6B",
    ),
    # For dim rooms: light marks on a dark ground, the same hues made lighter.
    "dark": Palette(
        positive="#56B4E9",
        negative="#E69F00",
        pocket="#2BD9A0",
        highlight="#5E5200",  # dark: the light marks keep 3:1 on it
        step="#E8D44D",  # (the halo's dark olive was 1.0:1 on the tints, out of sight)
        selection="#E08FC0",
        alpha="#0072B2",
        ink="#F2F2F2",
        muted="#B0B0B0",
        background="#151515",
        window="#2B2B2B",
        fill="#151515",
        error_bg="#5A1D16",
        error_fg="#FFD9D2",
        info_bg="#18324D",
        info_fg="#D6E8FA",
        tint_alpha=55,
    ),
    # For bright projectors that wash colours out: pure black on white, heavier marks.
    "high-contrast": Palette(
        positive="#003F8A",
        negative="#B03A00",
        pocket="#006B4E",
        highlight="#FFE000",
        step="#6B5A00",
        selection="#A0006A",
        alpha="#0072B2",
        ink="#000000",
        muted="#000000",
        background="#FFFFFF",
        window="#FFFFFF",
        fill="#FFFFFF",
        error_bg="#FFFFFF",
        error_fg="#A00000",
        info_bg="#FFFFFF",
        info_fg="#000000",
        tint_alpha=60,
        fill_alpha=235,
        grid_alpha=0.45,
        weight=1.4,
    ),
}
THEMES: tuple[str, ...] = tuple(PALETTES)

#: Base sizes at scale 1 (points for fonts, logical pixels for the rest).
UI_PT = 10.0  # widgets' text
TICK_PT = 11.0  # axis ticks, table cells
LABEL_PT = 12.0  # axis labels, readouts
ANNOTATION_PT = 11.0  # text over the canvas
MARKER_PX = 14.0
LINE_PX = 3.0
#: The UI scale runs over these steps (Ctrl+= / Ctrl+−).
SCALES: tuple[float, ...] = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)


class Theme(QObject):
    """The current look: a palette, a scale factor, and the sizes they give.

    Signals
    -------
    changed()
        The palette or the scale changed: restyle.
    """

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = "light"
        self._scale = 1.0
        self._boost = 1.0  # presentation mode's extra factor (not a preference)
        self._presenting = False
        self._ui_pt: float | None = None  # the platform's font size (see `ui_pt`)

    # ---------------------------------------------------------------- settings

    @property
    def name(self) -> str:
        """ "light", "dark" or "high-contrast"."""
        return self._name

    @property
    def scale(self) -> float:
        """The factor every size is multiplied by: the UI scale times the presentation boost."""
        return self._scale * self._boost

    @property
    def ui_scale(self) -> float:
        """The UI scale the user chose (Ctrl+= / Ctrl+−), without the presentation boost."""
        return self._scale

    @property
    def boost(self) -> float:
        """Presentation mode's extra factor (1: not presenting)."""
        return self._boost

    @property
    def presenting(self) -> bool:
        """Presentation mode is on. Its boost is not the sign: below 1 where the UI scale
        alone is more than the screen holds (2 on a 1024×768 projector)."""
        return self._presenting

    def set_boost(self, boost: float, *, presenting: bool | None = None) -> None:
        """An extra factor for presentation mode (1 = none); not remembered. `presenting`:
        whether presentation mode is on (None: when the boost is not 1)."""
        on = boost != 1.0 if presenting is None else presenting
        if boost != self._boost or on != self._presenting:
            self._boost = float(boost)
            self._presenting = on
            self._apply_app()
            self.changed.emit()

    @property
    def palette(self) -> Palette:
        """The colours of the current theme."""
        return PALETTES[self._name]

    def set_name(self, name: str) -> bool:
        """Switch the theme; False for an unknown name."""
        if name not in PALETTES:
            return False
        if name != self._name:
            self._name = name
            self._apply_app()
            self.changed.emit()
        return True

    def set_scale(self, scale: float, boost: Callable[[float], float] | None = None) -> bool:
        """Set the UI scale (0.5 … 4); False when out of range. `boost`, the presentation
        boost for a scale, gives the boost for the new scale in the same change (one
        restyle: presentation's whole size stays what its screen holds)."""
        s = float(scale)
        if not 0.5 <= s <= 4.0:
            return False
        b = float(boost(s)) if boost is not None else self._boost
        if s != self._scale or b != self._boost:
            self._scale, self._boost = s, b
            self._apply_app()
            self.changed.emit()
        return True

    def step_scale(self, steps: int, boost: Callable[[float], float] | None = None) -> float:
        """Go `steps` along `SCALES` from the current scale (0 resets to 1); returns the
        scale. `boost` as for `set_scale` (None: the presentation boost stays)."""
        if steps == 0:
            self.set_scale(1.0, boost)
            return self._scale
        above = [s for s in SCALES if s > self._scale + 1e-9]
        below = [s for s in SCALES if s < self._scale - 1e-9]
        if steps > 0 and above:
            self.set_scale(above[min(steps, len(above)) - 1], boost)
        elif steps < 0 and below:
            self.set_scale(below[max(-len(below), steps)], boost)
        return self._scale

    @contextmanager
    def quietly_scaled(self, factor: float) -> Iterator[None]:
        """Every size times `factor` inside the block, for a drawing made there (an
        export's figure); nothing is told, so nothing on screen restyles."""
        old = self._boost
        self._boost = old * float(factor)
        try:
            yield
        finally:
            self._boost = old

    # ------------------------------------------------------------------- sizes

    def px(self, v: float) -> float:
        """A length in logical pixels, scaled."""
        return v * self.scale

    def line(self, v: float = LINE_PX) -> float:
        """A line width, scaled and weighted by the theme."""
        return v * self.scale * self.palette.weight

    @property
    def marker(self) -> float:
        """The marker size in logical pixels."""
        return MARKER_PX * self.scale * float(self.palette.weight**0.5)

    def pt(self, v: float) -> float:
        """A font size in points, scaled."""
        return v * self.scale

    @property
    def ui_pt(self) -> float:
        """The widgets' text size at scale 1: the platform's (the desktop's font setting;
        Qt's 9 pt without one), taken from the application before the theme first sets
        its font; `UI_PT` without an application. A theme or scale change and back then
        gives every widget the size it started with (a fixed 10 pt made the window's
        sizes differ after a round trip to scale 2)."""
        if self._ui_pt is None:
            app = QApplication.instance()
            if not isinstance(app, QApplication):
                return UI_PT
            size = app.font().pointSizeF()
            self._ui_pt = size if size > 0 else UI_PT
        return self._ui_pt

    @property
    def readable_pt(self) -> float:
        """The smallest readable text size in points (unscaled): the widgets' own text at
        scale 1 (`ui_pt`), below which a text shrunk to fit (the canvas's band) never goes."""
        return self.ui_pt

    def font(self, point_size: float | None = None, *, bold: bool = False) -> QFont:
        """The application's font at `point_size` (unscaled points, the widgets' size
        `ui_pt` by default; the scale is applied)."""
        app = QApplication.instance()
        f = QFont(app.font()) if isinstance(app, QApplication) else QFont()
        size = self.ui_pt if point_size is None else point_size
        f.setPointSizeF(max(1.0, self.pt(size)))
        f.setBold(bold)
        return f

    # ----------------------------------------------------------------- colours

    def color(self, role: str) -> QColor:
        """The colour of a `Palette` field, e.g. ``"positive"``."""
        return QColor(getattr(self.palette, role))

    def tint(self, role: str, alpha: int | None = None) -> QColor:
        """A palette colour with the given alpha (0–255; default: the half-plane tint)."""
        c = self.color(role)
        c.setAlpha(self.palette.tint_alpha if alpha is None else alpha)
        return c

    def fill(self) -> QColor:
        """The translucent background behind text over the canvas."""
        return self.tint("fill", self.palette.fill_alpha)

    # --------------------------------------------------------------- the app

    def _apply_app(self) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            self.apply_to(app)

    def apply_to(self, app: QApplication) -> None:
        """Give the application its font, its scaled style (at a UI scale other than 1)
        and, for the dark theme, a dark Qt palette."""
        style = app.style()
        if self.ui_scale != 1.0 and not isinstance(style, ScaledStyle):
            app.setStyle(ScaledStyle(style.name()))
        elif self.ui_scale == 1.0 and isinstance(style, ScaledStyle):
            # At scale 1 it changes nothing, yet Qt asks its Python pixelMetric for every
            # size of every widget (~3 million calls in the test suite, 8 s of CPU).
            plain = QStyleFactory.create(style.baseStyle().name())
            if plain is not None:
                app.setStyle(plain)
        size = self.ui_pt  # (taken before the first change of the application's font)
        f = QFont(app.font())
        f.setPointSizeF(self.pt(size))
        app.setFont(f)
        p = self.palette
        qp = QPalette()
        if p.background != "#FFFFFF" or p.window != "#EFEFEF":
            win, ink, base = QColor(p.window), QColor(p.ink), QColor(p.background)
            for role, col in (
                (QPalette.ColorRole.Window, win),
                (QPalette.ColorRole.WindowText, ink),
                (QPalette.ColorRole.Base, base),
                (QPalette.ColorRole.AlternateBase, win),
                (QPalette.ColorRole.Text, ink),
                (QPalette.ColorRole.Button, win),
                (QPalette.ColorRole.ButtonText, ink),
                (QPalette.ColorRole.ToolTipBase, base),
                (QPalette.ColorRole.ToolTipText, ink),
                (QPalette.ColorRole.Highlight, QColor(p.positive)),
                (QPalette.ColorRole.HighlightedText, base),
            ):
                qp.setColor(role, col)
            # Disabled texts halfway to the ground (setColor above set every group: a
            # disabled Redo looked enabled in the dark theme).
            faint = QColor(
                (ink.red() + win.red()) // 2,
                (ink.green() + win.green()) // 2,
                (ink.blue() + win.blue()) // 2,
            )
            for role in (
                QPalette.ColorRole.WindowText,
                QPalette.ColorRole.Text,
                QPalette.ColorRole.ButtonText,
            ):
                qp.setColor(QPalette.ColorGroup.Disabled, role, faint)
        app.setPalette(qp)


#: Half a spin box arrow's width at scale 1 (the base style's is about 3.5 px).
SPIN_ARROW_HALF_PX = 4.0


class ScaledStyle(QProxyStyle):
    """The platform's style with the parts it sizes in pixels scaled by the theme: check
    boxes and radio buttons, spin boxes' arrows, scroll bars, the docks' buttons (at UI
    scale 2 they stayed at their scale-1 size). The fonts grow by themselves; a change of
    scale changes the application's font, after which every widget asks again."""

    #: The metrics scaled (a pixel size of the base style times the theme's scale).
    SCALED = (
        QStyle.PixelMetric.PM_IndicatorWidth,
        QStyle.PixelMetric.PM_IndicatorHeight,
        QStyle.PixelMetric.PM_ExclusiveIndicatorWidth,
        QStyle.PixelMetric.PM_ExclusiveIndicatorHeight,
        QStyle.PixelMetric.PM_SmallIconSize,
        QStyle.PixelMetric.PM_DockWidgetTitleBarButtonMargin,
        QStyle.PixelMetric.PM_TitleBarButtonIconSize,
        QStyle.PixelMetric.PM_TitleBarButtonSize,
    )
    #: The width of a spin box's arrow buttons at scale 1 (Fusion's).
    SPIN_BUTTON_PX = 14

    def pixelMetric(  # noqa: N802 (Qt override)
        self,
        metric: QStyle.PixelMetric,
        option: object = None,
        widget: QWidget | None = None,
    ) -> int:
        value = super().pixelMetric(metric, option, widget)  # type: ignore[arg-type]
        scale = theme().ui_scale
        if scale != 1.0 and metric in self.SCALED:
            return int(round(value * scale))
        return value

    def drawComplexControl(  # noqa: N802 (Qt override)
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        scale = theme().ui_scale
        if (
            scale != 1.0
            and control == QStyle.ComplexControl.CC_ToolButton
            and isinstance(option, QStyleOptionToolButton)
            and widget is not None
            and widget.objectName().startswith("qt_dockwidget_")
        ):
            # A dock's own button draws its icon at a size of its own (10 px at any
            # scale: a 10 px cross in a 48 px button at scale 2, see `RoomyStyle`).
            option.iconSize = option.iconSize * scale
        if scale > 1.0 and control == QStyle.ComplexControl.CC_ComboBox:
            # The base style sizes its arrow by the font's DPI (at most 14 × 8 px at 96
            # dpi): drawn with the metrics of a screen `scale` times as dense, it grows.
            font = widget.font() if widget is not None else QApplication.font()
            option.fontMetrics = _dense_metrics(font, option.fontMetrics.fontDpi() * scale)
        super().drawComplexControl(control, option, painter, cast(QWidget, widget))
        if (
            scale > 1.0
            and control == QStyle.ComplexControl.CC_SpinBox
            and isinstance(option, QStyleOptionSpinBox)
            and option.buttonSymbols == QAbstractSpinBox.ButtonSymbols.UpDownArrows
        ):
            self._draw_spin_arrows(option, painter, widget, scale)

    def _draw_spin_arrows(
        self, option: QStyleOptionSpinBox, painter: QPainter, widget: QWidget | None, scale: float
    ) -> None:
        """A spin box's arrows `scale` times the base style's (it keeps them 7 × 4 px in
        their wider column), over its own, centred where it draws them."""
        control = QStyle.ComplexControl.CC_SpinBox
        step = QAbstractSpinBox.StepEnabledFlag
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        for sub, flag, up in (
            (QStyle.SubControl.SC_SpinBoxUp, step.StepUpEnabled, True),
            (QStyle.SubControl.SC_SpinBoxDown, step.StepDownEnabled, False),
        ):
            r = QRectF(self.subControlRect(control, option, sub, widget))
            on = enabled and bool(option.stepEnabled & flag)
            group = QPalette.ColorGroup.Active if on else QPalette.ColorGroup.Disabled
            painter.setBrush(option.palette.color(group, QPalette.ColorRole.ButtonText))
            half = min(r.width() * 0.3, r.height() * 0.45, SPIN_ARROW_HALF_PX * scale)
            c = r.center()
            tip, base = (-half / 2, half / 2) if up else (half / 2, -half / 2)
            painter.drawPolygon(
                QPolygonF(
                    [
                        QPointF(c.x() - half, c.y() + base),
                        QPointF(c.x() + half, c.y() + base),
                        QPointF(c.x(), c.y() + tip),
                    ]
                )
            )
        painter.restore()

    def subControlRect(  # noqa: N802 (Qt override)
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        sub: QStyle.SubControl,
        widget: QWidget | None = None,
    ) -> QRect:
        r = super().subControlRect(control, option, sub, cast(QWidget, widget))
        scale = theme().ui_scale
        if control != QStyle.ComplexControl.CC_SpinBox or scale <= 1.0:
            return r
        # The arrows' column, wider by the scale (the base style keeps it 14 px).
        box = option.rect
        up = QStyle.SubControl.SC_SpinBoxUp
        base = super().subControlRect(control, option, up, cast(QWidget, widget))
        extra = int(round(base.width() * (scale - 1.0)))
        if sub in (QStyle.SubControl.SC_SpinBoxUp, QStyle.SubControl.SC_SpinBoxDown):
            return QRect(r.left() - extra, r.top(), r.width() + extra, r.height())
        if sub == QStyle.SubControl.SC_SpinBoxEditField and r.right() >= box.center().x():
            return QRect(r.left(), r.top(), max(0, r.width() - extra), r.height())
        return r


def _dense_metrics(font: QFont, dpi: float) -> QFontMetrics:
    """`font` measured on a device of `dpi` dots per inch."""
    key = round(dpi)
    device = _DENSE_DEVICES.get(key)
    if device is None:
        device = QImage(1, 1, QImage.Format.Format_ARGB32)
        dots = int(round(dpi / 0.0254))
        device.setDotsPerMeterX(dots)
        device.setDotsPerMeterY(dots)
        _DENSE_DEVICES[key] = device
    return QFontMetrics(font, device)


#: The paint devices of `_dense_metrics`, by DPI.
_DENSE_DEVICES: dict[int, QImage] = {}

_THEME: Theme | None = None


def theme() -> Theme:
    """The application's theme (one per process, made on first use)."""
    global _THEME
    if _THEME is None:
        _THEME = Theme()
    return _THEME


#: WCAG 2.5.8's least target, px at UI scale 1: the docks' own buttons and the menus' rows.
TARGET_PX = 24
_TITLE_MARGIN = QStyle.PixelMetric.PM_DockWidgetTitleMargin


class RoomyStyle(ScaledStyle):
    """`ScaledStyle` with Qt's own small targets grown to `TARGET_PX` (times the UI scale):
    a dock's float and close buttons (18 × 14 px in Fusion, side by side) and a menu's rows
    (22 px, one against the next). Set on the docks and the menus only (`roomy`), not on
    the application: Qt asks a Python style for every size of every widget it styles. (A
    dock's buttons keep the application's style: the dock's lays them out.)"""

    _DOCK_PARTS = (
        QStyle.SubElement.SE_DockWidgetCloseButton,
        QStyle.SubElement.SE_DockWidgetFloatButton,
        QStyle.SubElement.SE_DockWidgetTitleBarText,
    )

    @staticmethod
    def side() -> int:
        """A target's least side at the theme's UI scale, px."""
        return int(round(TARGET_PX * theme().ui_scale))

    def pixelMetric(  # noqa: N802 (Qt override)
        self,
        metric: QStyle.PixelMetric,
        option: object = None,
        widget: QWidget | None = None,
    ) -> int:
        if metric != _TITLE_MARGIN:
            return super().pixelMetric(metric, option, widget)
        # (Not scaled: the base's own. Qt asks a dock's layout for it ~900 times while a
        # window is first shown: straight to the base, not through `ScaledStyle`'s Python.)
        value = QProxyStyle.pixelMetric(self, metric, option, widget)  # type: ignore[arg-type]
        if widget is not None:
            # A title bar is its text's height and twice this (or its buttons' size hint
            # and 2, less): a bar of `side`, which the buttons fill (`subElementRect`).
            return max(value, (self.side() - widget.fontMetrics().height() + 1) // 2)
        return value

    def subElementRect(  # noqa: N802 (Qt override)
        self,
        element: QStyle.SubElement,
        option: QStyleOption,
        widget: QWidget | None = None,
    ) -> QRect:
        r = super().subElementRect(element, option, cast(QWidget, widget))
        if element not in self._DOCK_PARTS or not isinstance(option, QStyleOptionDockWidget):
            return r
        # Worked out along a horizontal title bar, turned as Qt turns a vertical one.
        vertical = option.verticalTitleBar
        bar = option.rect.transposed() if vertical else QRect(option.rect)
        side = min(self.side(), bar.height())
        right = bar.right()
        found = QRect()
        for part, present in (
            (QStyle.SubElement.SE_DockWidgetCloseButton, option.closable),
            (QStyle.SubElement.SE_DockWidgetFloatButton, option.floatable),
        ):
            box = QRect()
            if present:
                box = QRect(right - side + 1, bar.center().y() - (side - 1) // 2, side, side)
                right = box.left() - 1
            if part == element:
                found = box
                break
        if element == QStyle.SubElement.SE_DockWidgetTitleBarText:
            if vertical:  # (the base's text box turned back to run along the bar)
                top, right = r.left() - bar.left() + bar.top(), bar.top() + bar.right() - r.top()
                r = QRect(right - r.height() + 1, top, r.height(), r.width())
            found = QRect(
                r.left(), bar.top(), max(0, min(r.right(), right) - r.left() + 1), bar.height()
            )
        if vertical and not found.isNull():
            found = QRect(
                bar.left() + found.top() - bar.top(),
                bar.top() + bar.right() - found.right(),
                found.height(),
                found.width(),
            )
        return found

    def sizeFromContents(  # noqa: N802 (Qt override)
        self,
        kind: QStyle.ContentsType,
        option: QStyleOption,
        size: QSize,
        widget: QWidget | None = None,
    ) -> QSize:
        s = super().sizeFromContents(kind, option, size, cast(QWidget, widget))
        if (
            kind == QStyle.ContentsType.CT_MenuItem
            and isinstance(option, QStyleOptionMenuItem)
            and option.menuItemType != QStyleOptionMenuItem.MenuItemType.Separator
        ):
            s.setHeight(max(s.height(), self.side()))
        return s


class _RoomyLate(QObject):
    """Gives the menus a widget makes later (a menu bar's overflow) the `RoomyStyle` as
    they are polished, before they lay out their rows."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.ChildPolished:
            assert isinstance(event, QChildEvent)
            child = event.child()
            if isinstance(child, QMenu):
                roomy(child)
        return False


#: The one `_RoomyLate` (every holder shares it: a filter each cost a QObject a widget).
_ROOMY_LATE: list[_RoomyLate] = []


def roomy_later(holder: QWidget) -> None:
    """`roomy` for the menus `holder` makes from now on (its children)."""
    if not _ROOMY_LATE:
        _ROOMY_LATE.append(_RoomyLate())
    holder.installEventFilter(_ROOMY_LATE[0])


#: The property that marks a widget whose own right-click menu `roomy_context_menus` grows.
_ROOMY_MENUS = "perceptronRoomyMenus"


def roomy_context_menus(root: QWidget) -> None:
    """Qt's own right-click menus under `root` with rows of `TARGET_PX` (WCAG 2.5.8): a
    text or number field's (Undo, Cut, Copy, Paste, Select All; a spin box's is its
    field's), a selectable label's (Copy, Select All), a scroll bar's (Scroll here) and a
    text view's. Qt makes each at the click, as a child of the widget clicked (a text
    view's viewport): `roomy_later` on those widgets, each once."""
    # (Each kind found by Qt: a loop over every widget of a window took ~2 ms.)
    kinds = (QLabel, QLineEdit, QScrollBar, QTextEdit, QPlainTextEdit)
    found: list[QWidget] = [root] if isinstance(root, kinds) else []
    for kind in kinds:
        found += root.findChildren(kind)
    for w in found:
        if w.property(_ROOMY_MENUS):
            continue
        if isinstance(w, QLabel):
            if w.textInteractionFlags() == Qt.TextInteractionFlag.NoTextInteraction:
                continue
        holders = [w]
        if isinstance(w, QTextEdit | QPlainTextEdit):
            holders.append(w.viewport())
        for h in holders:
            roomy_later(h)
            h.setProperty(_ROOMY_MENUS, True)


#: The one `RoomyStyle` (made on first use; a widget does not own the style set on it).
_ROOMY: list[RoomyStyle] = []


def roomy(*widgets: QWidget) -> None:
    """Give `widgets` (docks, menus) the `RoomyStyle`, and a menu's submenus too; a dock's
    own float and close buttons (Qt's, named ``qt_dockwidget_*``) may grow to its boxes."""
    if not _ROOMY:
        app = QApplication.instance()
        base = app.style() if isinstance(app, QApplication) else None
        name = (
            base.baseStyle().name()
            if isinstance(base, QProxyStyle)
            else (base.name() if base is not None else "fusion")
        )
        _ROOMY.append(RoomyStyle(name))
    style = _ROOMY[0]
    for w in widgets:
        parts = [w]
        if isinstance(w, QDockWidget):
            for b in w.findChildren(QAbstractButton):
                if b.objectName().startswith("qt_dockwidget_"):
                    # Laid out in the box the dock's style gives, as high as it may grow
                    # (a button's own height is its size hint's, 14 px).
                    grow = QSizePolicy.Policy.Minimum
                    b.setSizePolicy(grow, grow)
        elif isinstance(w, QMenu):
            parts += w.findChildren(QMenu)
        for p in parts:
            if p.style() is not style:
                p.setStyle(style)

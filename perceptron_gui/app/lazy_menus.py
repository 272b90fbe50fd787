"""pyqtgraph's view-box context menus, made when first asked for instead of with each plot.

pyqtgraph builds a `ViewBoxMenu` (two option forms and a dozen actions, ~8–10 ms of CPU)
in every `ViewBox.__init__` whose menu is enabled, the default: the canvas's plot made one
and threw it away at once (it turns its menus off after it is made). With `install()` a
view box holds a marker instead, and the menu is made the first time anything reads
`view_box.menu` (a right click, `getMenu`, `getContextMenus`): the same menu, in the same
state, since `ViewBoxMenu.__init__` reads the view's state when it is made. Turning the
menu off before it was ever made makes nothing.

pyqtgraph's `PlotItem` does the same with its own "Plot Options" menu (a form of some forty
widgets in six submenus, ~3 ms of CPU a plot). Every plot of the window turns that menu
off, but pyqtgraph keeps the plot's grid, log and alpha settings in the form's check
boxes and sliders. With `install()` a plot makes that form the first time anything reads
`plot.ctrl`, `plot.ctrlMenu` or `plot.stateGroup` (a right click on a plot whose menu is
on, `setLogMode`, a curve removed, `saveState`); `showGrid` on a plot without it sets
the axes' grids as the form's slots would and keeps what the form must show once made, and
a curve added gets what a fresh form answers (`_FORM_CURVE`). This copies pyqtgraph
0.14.0's `PlotItem.__init__` without its menu, and its `addItem` without the form's reads:
with any other pyqtgraph version the plots make their menus as before
(`plot_menus_lazy()`).
"""

from __future__ import annotations

import sys
from typing import Any

_PENDING: Any = object()  # "a menu is enabled but not made yet"
_installed = False


def install() -> None:
    """Patch pyqtgraph's ViewBox (once per process)."""
    global _installed
    if _installed:
        return
    import pyqtgraph as pg  # noqa: F401  (loads the ViewBox module)

    module: Any = sys.modules["pyqtgraph.graphicsItems.ViewBox.ViewBox"]
    view_box: Any = module.ViewBox
    real_menu: Any = module.ViewBoxMenu
    real_update_view_lists = view_box.updateViewLists

    def get_menu(self: Any) -> Any:
        menu = self.__dict__.get("_lazy_menu")
        if menu is _PENDING:
            menu = real_menu(self)
            self.__dict__["_lazy_menu"] = menu
            real_update_view_lists(self)  # the linked-views lists, as a made menu gets them
        return menu

    def set_menu(self: Any, value: Any) -> None:
        self.__dict__["_lazy_menu"] = value

    def apply_menu_enabled(self: Any) -> None:
        enabled = self.state.get("enableMenu", True)
        menu = self.__dict__.get("_lazy_menu")
        if enabled and menu is None:
            self.__dict__["_lazy_menu"] = _PENDING
        elif not enabled and menu is not None:
            if menu is not _PENDING:
                menu.setParent(None)
            self.__dict__["_lazy_menu"] = None

    def update_view_lists(self: Any) -> None:
        if self.__dict__.get("_lazy_menu") is not _PENDING:
            real_update_view_lists(self)
            return
        # No menu to fill yet: only the linking by name, with the marker out of the way.
        self.__dict__["_lazy_menu"] = None
        try:
            real_update_view_lists(self)
        finally:
            self.__dict__["_lazy_menu"] = _PENDING

    module.ViewBoxMenu = lambda view: _PENDING  # what ViewBox.__init__ stores as its menu
    view_box.menu = property(get_menu, set_menu)
    view_box._applyMenuEnabled = apply_menu_enabled
    view_box.updateViewLists = update_view_lists
    _install_plot_menus()
    _installed = True


def menu_made(view_box: Any) -> bool:
    """Whether `view_box`'s context menu has been made (for tests)."""
    menu = view_box.__dict__.get("_lazy_menu")
    return menu is not None and menu is not _PENDING


#: pyqtgraph's texts of the plot's menu: its title, then its six parts' (see _make_plot_menu).
_PLOT_MENU_TEXTS = (
    "Plot Options",
    "Transforms",
    "Downsample",
    "Average",
    "Alpha",
    "Grid",
    "Points",
)
#: The pyqtgraph versions whose `PlotItem.__init__` `_plot_item_init` copies.
_PLOT_ITEM_VERSIONS = ("0.14.0",)
#: What `showGrid` leaves in the form: (x checked, y checked, the alpha slider's value); the
#: form's own defaults until then.
_FORM_GRID = (False, False, 128)
#: What a fresh form answers `PlotItem.addItem`'s reads for a curve: log x and y, alpha
#: (value, auto), subtract the mean, FFT, downsampling (factor, auto, method), clip to
#: the view; and neither its "Max Traces" nor its "Average" is checked.
_FORM_CURVE = ((False, False), (1.0, False), False, False, (1, False, "peak"), False)
_lazy_plots = False


def plot_menus_lazy() -> bool:
    """Whether plots make their "Plot Options" menu on first use (this pyqtgraph's)."""
    return _lazy_plots


def plot_menu_made(plot: Any) -> bool:
    """Whether the `PlotItem` `plot` has made its "Plot Options" menu (for tests, and to
    free a made one without making it)."""
    return "_lazy_ctrl" in plot.__dict__ or not _lazy_plots


def _install_plot_menus() -> None:
    global _lazy_plots
    import pyqtgraph as pg

    if pg.__version__ not in _PLOT_ITEM_VERSIONS:
        return
    module: Any = sys.modules["pyqtgraph.graphicsItems.PlotItem.PlotItem"]
    plot_item: Any = module.PlotItem
    real_show_grid = plot_item.showGrid
    real_close = plot_item.close
    real_add_item = plot_item.addItem

    def lazy(key: str) -> property:
        def get(self: Any) -> Any:
            d = self.__dict__
            if "_lazy_ctrl" not in d:
                _make_plot_menu(self, module)
            return d[key]

        def put(self: Any, value: Any) -> None:
            if "_lazy_ctrl" not in self.__dict__:
                _make_plot_menu(self, module)  # (the others of the three with it)
            self.__dict__[key] = value

        return property(get, put)

    def show_grid(self: Any, x: Any = None, y: Any = None, alpha: Any = None) -> None:
        if "_lazy_ctrl" in self.__dict__ or (x is None and y is None and alpha is None):
            real_show_grid(self, x, y, alpha)
            return
        gx, gy, value = old = self.__dict__.get("_lazy_grid", _FORM_GRID)
        if x is not None:
            gx = bool(x)
        if y is not None:
            gy = bool(y)
        if alpha is not None:  # (as pyqtgraph's: the slider's 0-255)
            value = int(module.fn.clip_scalar(alpha, 0, 1) * 255)
        self.__dict__["_lazy_grid"] = new = (gx, gy, value)
        if new != old:  # (the form's slots run on a change only)
            for name, shown in (("top", gx), ("bottom", gx), ("left", gy), ("right", gy)):
                self.getAxis(name).setGrid(value if shown else False)

    def add_item(self: Any, item: Any, *args: Any, **kwargs: Any) -> None:
        if "_lazy_ctrl" in self.__dict__:
            real_add_item(self, item, *args, **kwargs)
        else:
            _add_item_unmade(self, module, item, *args, **kwargs)

    def close(self: Any) -> None:
        d = self.__dict__
        if "_lazy_ctrl" in d:
            real_close(self)
            return
        # pyqtgraph's close, with no menu to take down (and none made to be taken down).
        d.update(_lazy_ctrl=None, _lazy_ctrl_menu=None, _lazy_state_group=None)
        self.autoBtn.setParent(None)
        self.autoBtn = None
        for k in self.axes:
            self.axes[k]["item"].close()
        self.axes = None
        self.scene().removeItem(self.vb)
        self.vb = None

    plot_item.__init__ = _plot_item_init
    plot_item.ctrl = lazy("_lazy_ctrl")
    plot_item.ctrlMenu = lazy("_lazy_ctrl_menu")
    plot_item.stateGroup = lazy("_lazy_state_group")
    plot_item.showGrid = show_grid
    plot_item.addItem = add_item
    plot_item.close = close
    _lazy_plots = True


def _plot_item_init(
    self: Any,
    parent: Any = None,
    name: str | None = None,
    labels: dict[str, Any] | None = None,
    title: str | None = None,
    viewBox: Any = None,  # noqa: N803 (pyqtgraph's)
    axisItems: dict[str, Any] | None = None,  # noqa: N803 (pyqtgraph's)
    enableMenu: bool = True,  # noqa: N803 (pyqtgraph's)
    **kwargs: Any,
) -> None:
    """pyqtgraph 0.14.0's `PlotItem.__init__` (MIT licence, (c) the pyqtgraph developers),
    its "Set up context menu" part left to `_make_plot_menu`; otherwise the same lines."""
    module: Any = sys.modules["pyqtgraph.graphicsItems.PlotItem.PlotItem"]
    QtWidgets = module.QtWidgets  # noqa: N806
    super(module.PlotItem, self).__init__(parent)

    self.setSizePolicy(
        QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Expanding
    )

    ## Set up control buttons
    self.autoBtn = module.ButtonItem(module.icons.getGraphPixmap("auto"), 14, self)
    self.autoBtn.mode = "auto"
    self.autoBtn.clicked.connect(self.autoBtnClicked)
    self.buttonsHidden = False  # has the user has requested buttons to be hidden?
    self.mouseHovering = False

    self.layout = QtWidgets.QGraphicsGridLayout()
    self.layout.setContentsMargins(1, 1, 1, 1)
    self.setLayout(self.layout)
    self.layout.setHorizontalSpacing(0)
    self.layout.setVerticalSpacing(0)

    if viewBox is None:
        viewBox = module.ViewBox(parent=self, enableMenu=enableMenu)
    self.vb = viewBox
    self.vb.sigStateChanged.connect(self.viewStateChanged)

    # Enable or disable plotItem menu
    self.setMenuEnabled(enableMenu, None)

    if name is not None:
        self.vb.register(name)
    self.vb.sigRangeChanged.connect(self.sigRangeChanged)
    self.vb.sigXRangeChanged.connect(self.sigXRangeChanged)
    self.vb.sigYRangeChanged.connect(self.sigYRangeChanged)
    self.vb.sigRangeChangedManually.connect(self.sigRangeChangedManually)

    self.layout.addItem(self.vb, 2, 1)
    self.alpha = 1.0
    self.autoAlpha = True
    self.spectrumMode = False

    self.legend = None

    # Initialize axis items
    self.axes = {}
    self.setAxisItems(axisItems)

    self.titleLabel = module.LabelItem("", size="11pt", parent=self)
    self.layout.addItem(self.titleLabel, 0, 1)
    self.setTitle(None)  ## hide

    for i in range(4):
        self.layout.setRowPreferredHeight(i, 0)
        self.layout.setRowMinimumHeight(i, 0)
        self.layout.setRowSpacing(i, 0)
        self.layout.setRowStretchFactor(i, 1)

    for i in range(3):
        self.layout.setColumnPreferredWidth(i, 0)
        self.layout.setColumnMinimumWidth(i, 0)
        self.layout.setColumnSpacing(i, 0)
        self.layout.setColumnStretchFactor(i, 1)
    self.layout.setRowStretchFactor(2, 100)
    self.layout.setColumnStretchFactor(1, 100)

    self.items = []
    self.curves = []
    self.itemMeta = module.weakref.WeakKeyDictionary()
    self.dataItems = []
    self.paramList = {}
    self.avgCurves = {}
    # Change these properties to adjust the appearance of the averaged curve:
    self.avgPen = module.fn.mkPen((0, 200, 0))
    self.avgShadowPen = module.fn.mkPen((0, 0, 0), width=4)

    ### Set up context menu: made on first use (_make_plot_menu)
    self.fileDialog = None

    if labels is None:
        labels = {}
    for label in list(self.axes.keys()):
        if label in kwargs:
            labels[label] = kwargs[label]
            del kwargs[label]
    for k in labels:
        if isinstance(labels[k], str):
            labels[k] = (labels[k],)
        self.setLabel(k, *labels[k])

    if title is not None:
        self.setTitle(title)

    if kwargs:
        self.plot(**kwargs)


def _add_item_unmade(self: Any, module: Any, item: Any, *args: Any, **kwargs: Any) -> None:
    """pyqtgraph 0.14.0's `PlotItem.addItem` for a plot that has not made its form: the
    form's answers are a fresh form's (`_FORM_CURVE`; every change of them goes through the
    form, which makes it), so a curve gets the settings it got from the made form."""
    if item in self.items:
        module.warnings.warn("Item already added to PlotItem, ignoring.")
        return
    self.items.append(item)
    vbargs = {}
    if "ignoreBounds" in kwargs:
        vbargs["ignoreBounds"] = kwargs["ignoreBounds"]
    self.vb.addItem(item, *args, **vbargs)
    name = None
    if hasattr(item, "implements") and item.implements("plotData"):
        name = item.name()
        self.dataItems.append(item)
        self.itemMeta[item] = kwargs.get("params", {})
        self.curves.append(item)
    log, alpha, mean, fft, downsampling, clip = _FORM_CURVE
    if hasattr(item, "setLogMode"):
        item.setLogMode(*log)
    if isinstance(item, module.PlotDataItem):
        item.setAlpha(*alpha)
        item.setSubtractMeanMode(mean)
        item.setFftMode(fft)
        item.setDownsampling(*downsampling)
        item.setClipToView(clip)
        # (No "Max Traces" and no "Average": pyqtgraph's updateDecimation and averaging do
        # nothing; the form's list of the curves' parameters is filled when it is made.)
    if name is not None and hasattr(self, "legend") and self.legend is not None:
        self.legend.addItem(item, name=name)


def _make_plot_menu(self: Any, module: Any) -> None:
    """pyqtgraph 0.14.0's `PlotItem.__init__`'s "Set up context menu" part, for the plot
    `self`; then the grid `showGrid` was given before (its form's slots set the axes so)."""
    QtWidgets = module.QtWidgets  # noqa: N806
    # pyqtgraph's texts in its own context, "PlotItem" (held in names: lupdate would file
    # them as this program's, to be translated here).
    context, texts = "PlotItem", _PLOT_MENU_TEXTS
    translate = module.translate
    d = self.__dict__
    w = QtWidgets.QWidget()
    d["_lazy_ctrl"] = c = module.ui_template.Ui_Form()
    c.setupUi(w)

    groups = (
        c.transformGroup,
        c.decimateGroup,
        c.averageGroup,
        c.alphaGroup,
        c.gridGroup,
        c.pointsGroup,
    )
    menuItems = [(translate(context, t), g) for t, g in zip(texts[1:], groups, strict=True)]  # noqa: N806

    d["_lazy_ctrl_menu"] = QtWidgets.QMenu(translate(context, texts[0]))

    for name, grp in menuItems:
        sm = self.ctrlMenu.addMenu(name)
        act = QtWidgets.QWidgetAction(self)
        act.setDefaultWidget(grp)
        sm.addAction(act)

    d["_lazy_state_group"] = module.WidgetGroup()
    for _name, w in menuItems:
        self.stateGroup.autoAdd(w)

    c.alphaGroup.toggled.connect(self.updateAlpha)
    c.alphaSlider.valueChanged.connect(self.updateAlpha)
    c.autoAlphaCheck.toggled.connect(self.updateAlpha)

    c.xGridCheck.toggled.connect(self.updateGrid)
    c.yGridCheck.toggled.connect(self.updateGrid)
    c.gridAlphaSlider.valueChanged.connect(self.updateGrid)

    c.fftCheck.toggled.connect(self.updateSpectrumMode)
    c.subtractMeanCheck.toggled.connect(self.updateSubtractMeanMode)
    c.logXCheck.toggled.connect(self.updateLogMode)
    c.logYCheck.toggled.connect(self.updateLogMode)
    c.derivativeCheck.toggled.connect(self.updateDerivativeMode)
    c.phasemapCheck.toggled.connect(self.updatePhasemapMode)

    c.downsampleSpin.valueChanged.connect(self.updateDownsampling)
    c.downsampleCheck.toggled.connect(self.updateDownsampling)
    c.autoDownsampleCheck.toggled.connect(self.updateDownsampling)
    c.subsampleRadio.toggled.connect(self.updateDownsampling)
    c.meanRadio.toggled.connect(self.updateDownsampling)
    c.clipToViewCheck.toggled.connect(self.updateDownsampling)

    self.ctrl.avgParamList.itemClicked.connect(self.avgParamListClicked)
    self.ctrl.averageGroup.toggled.connect(self.avgToggled)

    self.ctrl.maxTracesCheck.toggled.connect(self._handle_max_traces_toggle)
    self.ctrl.forgetTracesCheck.toggled.connect(self.updateDecimation)
    self.ctrl.maxTracesSpin.valueChanged.connect(self.updateDecimation)

    if self.curves:  # (added before the form: its list of their parameters, as addItem's)
        self.updateParamList()
    grid = d.pop("_lazy_grid", None)
    if grid is not None:  # (the axes have it already: the slots set the same again)
        c.xGridCheck.setChecked(grid[0])
        c.yGridCheck.setChecked(grid[1])
        c.gridAlphaSlider.setValue(grid[2])

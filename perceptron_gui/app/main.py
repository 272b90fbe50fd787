"""The ``perceptron-gui`` command: open the window (or render it to a PNG and exit)."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # Qt is imported only when a window is made (not for --help)
    from PySide6.QtCore import QObject, QSettings

    from perceptron_gui.app.main_window import MainWindow


class _Parser(argparse.ArgumentParser):
    """A usage error is one line naming the problem (for Makefiles), and exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        sys.exit(2)


#: What ``--export`` writes, by the output's extension.
EXPORT_KINDS = (".png", ".svg", ".gif", ".mp4", ".html")
#: The size of an exported figure or animation when --size is not given.
EXPORT_SIZE = "1200x900"
SCREENSHOT_SIZE = "1500x950"
#: The window's languages (app.i18n.LANGUAGES, repeated so that --help does not load Qt).
LANG_CHOICES = ("en", "zh_CN")
#: The run's common settings on the command line, by `perceptron trace`'s names (besides
#: --mode and --order); each mode's own come from its declaration (`cli.options`).
COMMON_SETTINGS: dict[str, tuple[type, str]] = {
    "eta": (float, "learning rate η > 0 (default: 1)"),
    "bias": (bool, "learn b (default); --no-bias: lines through the origin"),
    "seed": (int, "seed of the random orders (default: 0)"),
    "max_updates": (int, "stop after N updates"),
    "max_epochs": (int, "stop after E passes over the data"),
}


def setting_names() -> tuple[str, ...]:
    """The settings given by name (``eta``, ``bias``, ``C``, …)."""
    from perceptron_gui.cli.options import mode_params

    return (*COMMON_SETTINGS, *mode_params())


def _add_settings(p: argparse.ArgumentParser) -> None:
    from perceptron_gui.cli.options import add_mode_options

    for name, (kind, helptext) in COMMON_SETTINGS.items():
        flag = "--" + name.replace("_", "-")
        if kind is bool:
            p.add_argument(flag, action=argparse.BooleanOptionalAction, default=None, help=helptext)
        else:
            p.add_argument(flag, type=kind, dest=name, metavar=name.upper(), help=helptext)
    add_mode_options(p)


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``perceptron-gui``."""
    from perceptron_gui.core.config import ORDERS
    from perceptron_gui.core.registry import modes

    p = _Parser(
        prog="perceptron-gui",
        description="Watch the perceptron learn. Opens FILE (CSV or session JSON), "
        "or the built-in example.",
    )
    from perceptron_gui import __version__

    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument(
        "file",
        nargs="?",
        help="a CSV (x1,x2,y or x1 … xd,y) or a session .json; or builtin:iris, builtin:digits",
    )
    p.add_argument("--screenshot", metavar="OUT.png", help="render offscreen, save, exit")
    p.add_argument(
        "--export",
        metavar="OUT",
        help="render the canvas to OUT.png or OUT.svg, or a run to OUT.gif or OUT.mp4 "
        "or to a web page OUT.html (self-contained, offline), and exit",
    )
    p.add_argument("--mode", choices=modes(), help=", ".join(modes()))
    p.add_argument("--order", choices=ORDERS, help="which mistake comes next")
    _add_settings(p)
    p.add_argument(
        "--steps",
        type=int,
        default=0,
        help="updates to make first (a GIF: updates K+1 … K+N after --start K)",
    )
    p.add_argument(
        "--start",
        type=int,
        default=0,
        metavar="K",
        help="with --export: start from update K (a figure: show update K + steps)",
    )
    p.add_argument(
        "--text-scale",
        type=float,
        metavar="F",
        help="with --export: text F times its size on screen (default: slide-ready)",
    )
    p.add_argument(
        "--size",
        help=f"WxH pixels: the window ({SCREENSHOT_SIZE}) or the export ({EXPORT_SIZE})",
    )
    p.add_argument("--theme", help="with --export: light (default), dark or high-contrast")
    p.add_argument("--title", action="store_true", help="with --export: a title line k, w, b")
    p.add_argument(
        "--lesson",
        metavar="FILE",
        help="open a lesson (a .lesson.toml file, or 'perceptron', the built-in one) "
        "in presentation mode",
    )
    p.add_argument(
        "--export-lesson",
        nargs=2,
        metavar=("FILE", "OUTDIR"),
        help="write a lesson's figures (PNG, SVG), tables, Beamer lesson.tex and "
        "Markdown handout into OUTDIR, and exit",
    )
    p.add_argument(
        "--html",
        action="store_true",
        help="with --export-lesson: write OUTDIR/lesson.html instead, the lesson as one "
        "self-contained web page (its scenes, captions, questions, a timeline each)",
    )
    p.add_argument("--recover", action="store_true", help="restore the autosaved session")
    p.add_argument("--empty", action="store_true", help="start with an empty canvas")
    p.add_argument(
        "--lang",
        choices=LANG_CHOICES,
        help="the window's language: en or zh_CN (Simplified Chinese); remembered. "
        "Default: the last one chosen, else the system's; --export: en",
    )
    return p


def _apply_language(lang: str | None, *, remember: bool) -> None:
    """`lang` if given (remembered when `remember`), else the startup language."""
    from perceptron_gui.app import i18n

    if lang:
        i18n.set_language(lang, remember=remember)
    else:
        i18n.set_language(i18n.startup_language(), remember=False)


#: Qt messages that say nothing to the user of a normal run (the offscreen platform
#: prints this one for every top-level window it shows).
QUIET_QT_MESSAGES = ("This plugin does not support propagateSizeHints",)
NO_DISPLAY = (
    "perceptron-gui: error: no display to open a window on (DISPLAY is not set); "
    "to render without one: QT_QPA_PLATFORM=offscreen perceptron-gui --screenshot OUT.png"
)


def _on_qt_message(mode: object, context: object, message: str) -> None:
    """Qt's messages to stderr, but for the ones in `QUIET_QT_MESSAGES`."""
    if not message.startswith(QUIET_QT_MESSAGES):
        print(message, file=sys.stderr)


def install_message_filter() -> None:
    """Filter Qt's messages through `_on_qt_message` (before the application is made)."""
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(_on_qt_message)


def has_display() -> bool:
    """Whether a window can be shown: a platform is chosen, or X11 or Wayland is there."""
    if os.environ.get("QT_QPA_PLATFORM") or not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _end(code: int, *, at_once: bool) -> int:
    """A one-shot render from the command line ends the process here, once its file is
    written and its streams flushed: Qt's and Python's teardown of the window crashed
    now and then at exit (a segfault or an atexit traceback, after the file was written).
    Called from Python (`main(argv)`), it returns the status."""
    if at_once:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


def _write_picture(picture: Any, out: Path) -> bool:
    """Write a QPixmap in the format its suffix names (PNG without one) as the command
    line writes its files: a FIFO streamed to once a reader opens it, refused after 1 s
    without one (QPixmap.save on a FIFO waited for a reader for good), a regular file
    replaced whole. False when it cannot be written."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImageWriter

    from perceptron_gui.core.errors import DataError
    from perceptron_gui.core.writer import write_file

    suffix = out.suffix.lstrip(".").lower().encode()
    known = {bytes(f.data()).lower() for f in QImageWriter.supportedImageFormats()}
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not picture.save(buffer, (suffix if suffix in known else b"png").decode().upper()):
        return False
    buffer.close()
    try:
        write_file(out, lambda fh: fh.write(bytes(data.data())))
    except DataError:
        return False
    return True


def _quit_on_ctrl_c(app: QObject, win: MainWindow) -> None:
    """Ctrl+C in the terminal closes the window as Quit does (asking about unsaved
    changes); a timer lets Python see the signal while Qt's loop runs."""
    import signal

    from PySide6.QtCore import QTimer

    signal.signal(signal.SIGINT, lambda *_: win.quit_asking())
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(200)


#: How often Python's garbage collector runs, from the event loop (see `main`).
GC_INTERVAL_SECONDS = 0.5


def _readable(file: str) -> bool:
    """A file that exists, or built-in data (``builtin:iris``, ``builtin:digits:3:8``)."""
    return file.startswith("builtin:") or Path(file).is_file()


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit status.

    From the command line (`argv` None) a --screenshot or --export run ends the process
    as soon as its file is written (see `_end`).
    """
    # What is made from here to the window's first paint (the modules, Qt's wrappers, the
    # window) lives as long as the app: the collector's automatic passes over it during the
    # start (~80 of them) found nothing to free and cost 20-40 ms of CPU before the first
    # paint. Off until the window is shown and frozen (`_window`), as Python's
    # documentation advises before `gc.freeze()`: collection disabled early, everything
    # frozen once made. An export turns it back on (its frames make garbage).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, collect=was_enabled)
    finally:
        if was_enabled:
            gc.enable()


def _main(argv: list[str] | None, *, collect: bool) -> int:
    """`main`, with Python's automatic collection off; `collect`: whether it was on."""
    parser = build_parser()
    args = parser.parse_args(argv)
    at_once = argv is None
    if args.html and not args.export_lesson:
        parser.error("--html goes with --export-lesson FILE OUTDIR (a run: --export OUT.html)")
    if not (args.export or args.screenshot or args.export_lesson) and not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 2
    if at_once:  # (a test's QApplication keeps pytest-qt's own handler)
        install_message_filter()
    if collect and (args.export or args.export_lesson):
        gc.enable()
    if args.export:
        return _end(_export(parser, args), at_once=at_once)
    if args.export_lesson:
        return _end(_export_lesson(parser, args), at_once=at_once)
    size: tuple[int, int] | None = None
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        try:
            w, h = (int(v) for v in (args.size or SCREENSHOT_SIZE).lower().split("x"))
        except ValueError:
            parser.error(f"bad size {args.size!r}: expected WxH in pixels, e.g. 1500x950")
        size = (w, h)
    return _window(args, size, at_once=at_once, collect=collect)


def _window(
    args: argparse.Namespace, size: tuple[int, int] | None, *, at_once: bool, collect: bool
) -> int:
    """Open the window and run it, or render it to ``--screenshot`` (at `size`); Python's
    automatic collection is off while the window is made (see `main`), and turned back on
    for a screenshot's steps when `collect`."""
    from PySide6.QtWidgets import QApplication

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.app.storage import name_application, recovery_path

    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    _apply_language(args.lang, remember=not args.screenshot)
    # A screenshot is one moment: no slow motion half played (its stale "1 predict"
    # caption beside the new line).
    win = (
        MainWindow(autosave_ms=None, animation_ms=0)
        if args.screenshot
        else MainWindow(autosave_ms=1000)
    )
    win.files.remember_recent = not args.screenshot  # a render is not the user's opening
    recovered = False
    if args.lesson:
        if not win.open_lesson(args.lesson):
            print(f"perceptron-gui: error: {_lesson_error(win)}", file=sys.stderr)
            return 2
        win.set_presentation(True)
    elif args.recover or (not args.screenshot and recovery_path().exists()):
        # An autosave is offered first, a file named on the command line too: declining it
        # is the user's decision; a start that did not ask keeps it for the next plain start.
        recovered = win.recover(ask=not args.recover)
        if not recovered:
            win.document.release_recovery()
    if not recovered and not args.lesson:
        if args.file:
            if not win.load(args.file):
                if args.screenshot:
                    print(f"perceptron-gui: error: {win.notice.text()}", file=sys.stderr)
                    return 2
        elif not args.empty:
            win.load_example()
    if not _apply_settings(win, args) and args.screenshot:
        print(f"perceptron-gui: error: {win.notice.text()}", file=sys.stderr)
        return 2
    if size is not None:
        if collect:  # (the steps' garbage)
            gc.enable()
        # The PNG is the size asked for: a fixed size, not one the docks' minimums may
        # grow once the steps have filled their texts (a readout one line longer).
        win.setFixedSize(*size)
        win.show()
        for _ in range(max(0, args.steps)):
            if win.step() is None:
                break
        app.processEvents()
        win.canvas.flush()
        out = Path(args.screenshot)
        ok = _write_picture(win.grab(), out)
        win.close()
        if not ok:
            print(f"perceptron-gui: error: cannot write {out}", file=sys.stderr)
            return _end(2, at_once=at_once)
        print(f"saved {out}")
        return _end(0, at_once=at_once)
    win.show()
    _quit_on_ctrl_c(app, win)
    # The compiled loop (numba: ~130 MB, 0.4-0.8 s) is not loaded here: a full-speed run
    # that would gain loads it in the background (`Controller._load_if_it_gains`).
    # Everything made so far (modules, Qt wrappers, the window) lives as long as the app:
    # keep it out of the garbage collector's full passes, which would otherwise rescan it
    # in the middle of a run. (Made with the collector off: the start's few cycles, ~540
    # objects, ~0.1 MB, mostly argparse's, are frozen with it, once.)
    gc.freeze()
    # Python's collector runs only here, on the GUI thread between events, every half second
    # (pyqtgraph's GarbageCollector turns the automatic one off): an automatic collection
    # can start at any allocation, even inside a Qt call that holds one of Qt's locks (a
    # signal disconnect), and freeing a parentless widget there waits for that same lock.
    # (`main` turns the automatic one back on, if it was, when the loop ends.)
    from pyqtgraph.util.garbage_collector import GarbageCollector

    collector = GarbageCollector(interval=GC_INTERVAL_SECONDS)
    try:
        return int(app.exec())
    finally:
        collector.timer.stop()


def _apply_settings(win: MainWindow, args: argparse.Namespace) -> bool:
    """--mode, --order and the settings by name, on the window; False when one is refused."""
    ok = True
    if args.mode:
        ok = win.set_mode(args.mode) and ok
    if args.order:
        ok = win.set_order(args.order) and ok
    changes = {n: getattr(args, n) for n in setting_names() if getattr(args, n, None) is not None}
    if changes:
        ok = win.controller.set_settings(**changes) and ok
    return bool(ok)


def _last_message(win: MainWindow) -> str:
    """What the window last said (a refused setting is said in the status bar)."""
    return win.statusBar().currentMessage() or win.notice.text()


def _export(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``--export OUT``: the canvas (PNG, SVG) or a run (GIF, MP4), rendered offscreen.

    The theme is that of --theme (default light) at normal size, whatever the window's
    preferences say, so a Makefile makes the same picture on every machine; the
    preferences are left as they were.
    """
    out = Path(args.export)
    if out.suffix.lower() not in EXPORT_KINDS:
        parser.error(f"{out.name}: unknown extension; use .png, .svg, .gif, .mp4 or .html")
    if out.suffix.lower() == ".html":
        return _export_html(parser, args, out)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
    from perceptron_gui.app.export import ExportError, parse_size
    from perceptron_gui.app.theme import THEMES

    try:
        size = parse_size(args.size or EXPORT_SIZE)
    except ExportError as exc:
        parser.error(str(exc))
    name = args.theme or "light"
    if name not in THEMES:
        parser.error(f"unknown theme {name!r}: one of {', '.join(THEMES)}")
    if args.steps < 0:
        parser.error(f"bad steps {args.steps}: 0 or more updates")
    if args.start < 0:
        parser.error(f"bad start {args.start}: 0 or more updates")
    if args.file and not _readable(args.file):
        parser.error(f"cannot read {args.file}: no such file")
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.app.storage import name_application, preferences
    from perceptron_gui.app.theme import theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    prefs = preferences()
    kept = {key: prefs.value(key) for key in ("theme", "ui_scale")}
    if args.lang:  # a Makefile's figures do not depend on the last language chosen
        _apply_language(args.lang, remember=False)
    win = MainWindow(autosave_ms=None)
    win.files.remember_recent = False
    try:
        theme().set_name(name)
        theme().set_scale(1.0)
        if args.file:
            if not win.load(args.file):
                parser.error(win.notice.text())
        elif not args.empty:
            win.load_example()
        if not _apply_settings(win, args):
            parser.error(_last_message(win))
        # The figure shows the canvas's view: give the canvas the figure's shape, then
        # frame the points in it.
        win.show_panels(False)
        win.resize(*size)
        win.show()
        app.processEvents()
        win.canvas.fit_view()
        if out.suffix.lower() in (".gif", ".mp4"):
            ok = win.export_animation(
                out, args.steps, size=size, start=args.start, scale=args.text_scale
            )
        else:
            win.seek(args.start + args.steps)
            app.processEvents()
            ok = win.export_figure(out, size, title=args.title, scale=args.text_scale)
        if not ok:
            parser.error(win.notice.text().removeprefix("not exported: "))
    finally:
        win.close()
        _put_back(prefs, kept)
    print(f"saved {out}")
    return 0


def _export_html(parser: argparse.ArgumentParser, args: argparse.Namespace, out: Path) -> int:
    """``--export OUT.html``: the run as a web page, made without a window (the page is
    drawn by the browser; only QtCore's translator is loaded, for --lang zh_CN)."""
    from importlib.resources import as_file, files

    from perceptron_gui.core.config import TrainConfig
    from perceptron_gui.core.errors import DataError
    from perceptron_gui.core.examples import is_builtin, load_example
    from perceptron_gui.core.io import load_file
    from perceptron_gui.web import PageError, run_page, write_page

    if args.file and not _readable(args.file):
        parser.error(f"cannot read {args.file}: no such file")
    try:
        with as_file(files("perceptron_gui") / "data" / "example.csv") as example:
            source = str(args.file or example)
            loaded = load_example(source) if is_builtin(source) else load_file(source)
            config = loaded.config if loaded.config is not None else TrainConfig()
            changes = {n: getattr(args, n) for n in ("mode", "order", *setting_names())}
            config = config.with_(**{k: v for k, v in changes.items() if v is not None})
            start = args.start + args.steps  # the update a figure would show
            page = run_page(loaded.data, config, lang=args.lang or "en", source=source, start=start)
        write_page(out, page)
    except (DataError, PageError) as exc:
        parser.error(str(exc))
    print(f"saved {out}")
    return 0


def _put_back(prefs: QSettings, kept: dict[str, Any]) -> None:
    """Restore the preferences an export changed (the theme and the UI scale)."""
    for key, value in kept.items():
        if value is None:
            prefs.remove(key)
        else:
            prefs.setValue(key, value)


def _lesson_error(win: MainWindow) -> str:
    """The lesson's refusal, as the window's banner says it (without its first words)."""
    text = str(win.notice.text())
    return text.split(": ", 1)[1] if text.startswith("lesson not opened: ") else text


def _export_lesson(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``--export-lesson FILE OUTDIR``: every step of every scene, offscreen."""
    source, outdir = args.export_lesson
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    import perceptron_gui.app  # noqa: F401  (sets the pyqtgraph binding)
    from perceptron_gui.app.export import ExportError, parse_size
    from perceptron_gui.core.errors import DataError
    from perceptron_gui.core.lesson import load_lesson

    try:
        lesson = load_lesson(source)
    except DataError as exc:
        parser.error(str(exc))
    if args.html:  # the page alone: drawn by the browser, no window needed
        from perceptron_gui.web import PageError, lesson_page, write_page

        page = Path(outdir) / "lesson.html"
        try:
            Path(outdir).mkdir(parents=True, exist_ok=True)
            write_page(page, lesson_page(lesson, lang=args.lang or "en"))
        except (PageError, OSError) as exc:
            parser.error(f"{outdir}: {exc}")
        print(f"saved {page}")
        return 0
    try:
        size = parse_size(args.size) if args.size else None
    except ExportError as exc:
        parser.error(str(exc))
    from perceptron_gui.app.lesson_export import LESSON_FIGURE_SIZE, export_lesson
    from perceptron_gui.app.main_window import MainWindow
    from perceptron_gui.app.storage import name_application, preferences
    from perceptron_gui.app.theme import theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    name_application(app)
    prefs = preferences()
    kept = {key: prefs.value(key) for key in ("theme", "ui_scale")}
    _apply_language(args.lang or "en", remember=False)
    win = MainWindow(autosave_ms=None, animation_ms=0)
    win.files.remember_recent = False
    try:
        theme().set_name(args.theme or "light")
        theme().set_scale(1.0)
        fig = size or LESSON_FIGURE_SIZE
        win.show_panels(False)
        win.resize(*fig)
        win.show()
        app.processEvents()
        try:
            written = export_lesson(win, lesson, outdir, size=fig)
        except (ExportError, OSError) as exc:
            parser.error(f"{outdir}: {exc}")
    finally:
        win.close()
        _put_back(prefs, kept)
    print(f"saved {len(written)} files in {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The window's exports: the figure, the animation, the iteration table and the web page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perceptron_gui.app import export
from perceptron_gui.app.window.actions import translate
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.writer import check_regular_target

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow


class Exports:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def figure(self, path: str | Path, size: tuple[int, int], **options: Any) -> bool:
        """`MainWindow.export_figure`: in compare mode both runs side by side."""
        second = None if self.w.compare_run is None else self.w.compare_run.controller
        settings = self.figure_settings()
        return self.write(
            path,
            lambda: export.export_figure(
                self.w.controller, settings, path, size, second=second, **options
            ),
        )

    def animation(self, path: str | Path, steps: int, **options: Any) -> bool:
        """`MainWindow.export_animation`."""
        settings = self.figure_settings()
        return self.write(
            path,
            lambda: export.export_animation(self.w.controller, settings, path, steps, **options),
        )

    def figure_settings(self) -> export.FigureSettings:
        """The view and View settings an exported figure is drawn with."""
        return export.FigureSettings(
            view=self.w.canvas.view_range(),
            answer_first=self.w.act_answer_first.isChecked(),
            show_radius=self.w.act_radius.isChecked(),
            show_best=self.w.act_best.isChecked(),
            keep_origin=self.w.act_origin.isChecked(),
            follow_line=self.w.act_follow.isChecked(),
            anatomy=self.w.act_anatomy.isChecked(),
            view_held=self.w.canvas.view_held,
        )

    def export_figure_dialog(self) -> None:
        choice = export.figure_dialog(self.w)
        if choice is not None:
            self.w.export_figure(choice.path, choice.size, choice.title, dpi=choice.dpi)

    def export_animation_dialog(self) -> None:
        choice = export.animation_dialog(self.w, self.w.controller.trainer.k or 10)
        if choice is not None:
            self.w.export_animation(
                choice.path, choice.steps, size=choice.size, frame_ms=choice.frame_ms
            )

    def space_figure_dialog(self, kind: str) -> None:
        """File ▸ Export ▸ Space views: a view's figure (as its right-click menu does)."""
        self.w.spaces.views[kind].export_dialog()

    def space_animation_dialog(self, kind: str) -> None:
        """File ▸ Export ▸ Space views: a view's animation of the run."""
        self.w.spaces.views[kind].animation_dialog()

    def export_table_dialog(self) -> None:
        path = export.table_dialog(self.w)
        if path is not None:
            self.export_table(path)

    def export_web_dialog(self) -> None:
        """File ▸ Export ▸ Web page…: asks for the file, then `export_web`."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self.w,
            translate("MainWindow", "Export the run as a web page"),
            export.in_last_dir("run.html"),
            translate("MainWindow", "Web page (*.html)"),
        )
        if path:
            export.remember_dir(path)
            self.export_web(path if Path(path).suffix else path + ".html")

    def export_web(self, path: str | Path) -> bool:
        """The run as one self-contained HTML page (`perceptron_gui.web`), in the window's
        language, opening at the window's update; the page names the file the data came
        from unless it was edited since."""
        from perceptron_gui.app import i18n
        from perceptron_gui.web import PageError, run_page, write_page

        c = self.w.controller
        doc = self.w.document
        source = doc.path if doc.path and not doc.modified else None

        def write() -> None:
            from PySide6.QtCore import Qt
            from PySide6.QtWidgets import QApplication

            # A kernel run on 10^4 points takes seconds to record: say that it is working.
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                page = run_page(
                    c.data, c.config, lang=i18n.language(), source=source, start=c.trainer.k
                )
                write_page(path, page)
            except PageError as exc:
                raise export.ExportError(str(exc)) from None
            finally:
                QApplication.restoreOverrideCursor()

        return self.write(path, write)

    def export_table(self, path: str | Path) -> bool:
        """The iteration table as LaTeX, Markdown or CSV (by the name: .tex, .md, .csv)."""
        return self.write(
            path,
            lambda: export.export_table(self.w.controller.trainer, path),
        )

    def copy_table(self, format: str) -> str:
        """Put the iteration table on the clipboard as "latex" or "markdown"; returns it."""
        if format not in ("latex", "markdown", "csv"):
            self.w.show_notice(
                translate("MainWindow", "no table format {format}: latex, markdown or csv").format(
                    format=repr(format)
                ),
                error=True,
            )
            return ""
        text = export.copy_table(self.w.controller.trainer, format)  # type: ignore[arg-type]
        self.w.statusBar().showMessage(
            translate("MainWindow", "copied the iteration table as {format}").format(format=format)
        )
        return text

    def write(self, path: str | Path, write: Callable[[], object]) -> bool:
        """Run `write`; a notice when it fails, the status bar when it is done."""
        try:
            check_regular_target(path)  # a FIFO or a device: refused at once, never waited on
            write()
        except (export.ExportError, DataError) as exc:
            self.w.show_notice(
                translate("MainWindow", "not exported: {error}").format(error=exc), error=True
            )
            return False
        self.w.statusBar().showMessage(translate("MainWindow", "exported {path}").format(path=path))
        return True

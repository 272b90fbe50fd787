"""The window's exports: the figure, the animation and the iteration table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from perceptron_gui.app import export
from perceptron_gui.app.window.actions import translate

if TYPE_CHECKING:
    from perceptron_gui.app.main_window import MainWindow


class Exports:
    """A part of `MainWindow`; it holds the window as `w`."""

    def __init__(self, window: MainWindow) -> None:
        self.w = window

    def export_figure(
        self,
        path: str | Path,
        size: tuple[int, int] = export.DEFAULT_SIZE,
        title: bool = False,
        *,
        dpi: float = export.DEFAULT_DPI,
        scale: float | None = None,
    ) -> bool:
        """The canvas alone as PNG or SVG (by the name), `size` in output pixels; in
        compare mode both runs side by side. `scale`: the text's size (None: slide-ready).

        Returns after the file is written; False, with a notice, when it cannot be. The
        window (its view, layout and run) is not touched.
        """
        second = None if self.w.compare_run is None else self.w.compare_run.controller
        return self.write(
            path,
            lambda: export.export_figure(
                self.w.controller,
                self.figure_settings(),
                path,
                size,
                title=title,
                dpi=dpi,
                scale=scale,
                second=second,
            ),
        )

    def export_animation(
        self,
        path: str | Path,
        steps: int,
        *,
        size: tuple[int, int] = export.DEFAULT_SIZE,
        frame_ms: int = export.FRAME_MS,
        start: int | None = None,
        scale: float | None = None,
    ) -> bool:
        """A GIF of a copy of the run: the state after update `start` (None: the current
        one; 0: the beginning), then one frame per update (`steps` at most), then how it
        ended.

        Returns after the file is written; False, with a notice, when it cannot be.
        """
        return self.write(
            path,
            lambda: export.export_animation(
                self.w.controller,
                self.figure_settings(),
                path,
                steps,
                size=size,
                frame_ms=frame_ms,
                start=start,
                scale=scale,
            ),
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
        )

    def export_figure_dialog(self) -> None:
        choice = export.figure_dialog(self.w)
        if choice is not None:
            self.export_figure(choice.path, choice.size, choice.title, dpi=choice.dpi)

    def export_animation_dialog(self) -> None:
        choice = export.animation_dialog(self.w, self.w.controller.trainer.k or 10)
        if choice is not None:
            self.export_animation(
                choice.path, choice.steps, size=choice.size, frame_ms=choice.frame_ms
            )

    def export_table_dialog(self) -> None:
        path = export.table_dialog(self.w)
        if path is not None:
            self.export_table(path)

    def export_table(self, path: str | Path) -> bool:
        """The iteration table as LaTeX, Markdown or CSV (by the name: .tex, .md, .csv)."""
        return self.write(
            path,
            lambda: export.export_table(self.w.controller.trainer, path),  # type: ignore[arg-type]
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
            write()
        except export.ExportError as exc:
            self.w.show_notice(
                translate("MainWindow", "not exported: {error}").format(error=exc), error=True
            )
            return False
        self.w.statusBar().showMessage(translate("MainWindow", "exported {path}").format(path=path))
        return True

"""Lessons: a lecture prepared as a file of scenes (``*.lesson.toml``).

A lesson file is TOML (read with the standard library's `tomllib`)::

    title = "The perceptron"

    [[scene]]
    title = { en = "The worked example", zh_CN = "例 2.1" }
    caption = "Each click makes one update."
    points = [[3, 3, 1], [4, 3, 1], [1, 1, -1]]
    order = "first"
    stop = 3
    question = "next-point"

Each scene gives its data (``points``, ``data`` = a CSV or session file relative to
the lesson file, or ``generate`` = a generator's kind and options), any setting a
session file has (by the same names), where the clicker starts and stops, what it
shows and an optional question for the room. A key a scene leaves out takes its
default value, never the previous scene's. Everything, data files included, is
checked when the lesson is read: a bad file is one `DataError` naming the file, the
scene (number and title) and the key.

Qt-free: the window's player is ``perceptron_gui.app.lesson``.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from perceptron_gui.core.config import TrainConfig, run_settings
from perceptron_gui.core.dataset import Dataset, make_dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.generators import generate
from perceptron_gui.core.io import atomic_write_text, load_file
from perceptron_gui.core.io.files import Input, excerpt
from perceptron_gui.core.reading import guarded
from perceptron_gui.core.slices import exhaust
from perceptron_gui.core.writer import os_message

__all__ = [
    "BUILTIN_LESSONS",
    "LANGUAGES",
    "QUESTIONS",
    "settings_keys",
    "SHOWS",
    "Lesson",
    "Scene",
    "dumps_lesson",
    "load_lesson",
    "localize",
    "parse_lesson",
    "save_lesson",
    "scene_train_kwargs",
]

#: The extension of a lesson file.
SUFFIX = ".lesson.toml"
#: Lessons that ship with the program, by the name that opens them.
BUILTIN_LESSONS = {"perceptron": "perceptron.lesson.toml"}
#: The languages a title or caption may be given in (a table by language).
LANGUAGES = ("en", "zh_CN")
#: What a scene may show.
SHOWS = (
    "proof",
    "bound",
    "table",
    "dual",
    "radius",
    "best",
    "anatomy",
    "phases",
    "augmented",
    "weights",
)
#: The questions a scene may ask the room.
QUESTIONS = ("next-point", "converges")
#: The generator's options a ``generate`` table may give.
GENERATE_KEYS = ("kind", "n", "seed", "margin", "noise")


def settings_keys() -> tuple[str, ...]:
    """The settings a scene may give: the session file's names (every installed mode's
    own settings among them, as its `Param`s declare them) and the update limit."""
    return (*run_settings(), "max_updates")


def scene_keys() -> tuple[str, ...]:
    """Every key a scene may have, in the order a saved file writes them."""
    return (
        "title",
        "caption",
        "points",
        "data",
        "generate",
        *settings_keys(),
        "start",
        "stop",
        "show",
        "compare",
        "question",
    )


#: The most updates a scene's ``start`` or ``stop`` may name (the clicker steps to them),
#: and the largest update limit (``max_updates``) a scene may set: a room's run is short,
#: and a scene must not hand the window a run of 10⁶ updates to vote or average over.
MAX_STOP = 100_000
#: A lesson file larger than this is refused before it is read (the built-in one: 6 KB).
MAX_LESSON_BYTES = 16 << 20
#: The longest title (of the lesson or a scene) and caption read, in characters.
MAX_TITLE_CHARS = 300
MAX_CAPTION_CHARS = 4000
#: The longest line of a lesson file (checked before parsing: the TOML parser takes
#: ~0.7 s a million characters, and no title, caption or row of points needs more).
MAX_LINE_CHARS = 1 << 16

#: A title or caption: one string, or a table by language.
Text = str | dict[str, str]


def localize(text: Text, lang: str) -> str:
    """`text` in language `lang` (else English, else the first language given)."""
    if isinstance(text, str):
        return text
    for code in (lang, "en"):
        if code in text:
            return text[code]
    return next(iter(text.values()), "")


@dataclass(frozen=True, eq=False)
class Scene:
    """One scene of a lesson: data, settings, where the clicker starts and stops.

    Attributes
    ----------
    title, caption
        A string or a table by language (`localize` picks one).
    data
        The points and labels (read and checked when the lesson was read).
    source
        Where the data came from: ``("points", None)``, ``("data", absolute path)`` or
        ``("generate", {kind, n, ...})``.
    settings
        The settings this scene gives (the others take their defaults).
    start, stop
        The update shown when the scene opens; the last one the clicker steps to (None:
        to the end of the run).
    show, compare, question
        What the scene shows; the second run's settings (or None); the question asked.
    """

    title: Text
    caption: Text
    data: Dataset
    source: tuple[str, Any]
    settings: dict[str, Any] = field(default_factory=dict)
    start: int = 0
    stop: int | None = None
    show: tuple[str, ...] = ()
    compare: dict[str, Any] | None = None
    question: str | None = None

    @property
    def config(self) -> TrainConfig:
        """The run's settings: this scene's, the defaults for the others."""
        return _config(self.settings)

    @property
    def margin(self) -> float | None:
        """The margin perceptron's threshold, when the scene gives one."""
        value = self.settings.get("margin")
        return None if value is None else float(value)


@dataclass(frozen=True, eq=False)
class Lesson:
    """A lecture: a title and its scenes, read from `path` (None: not saved yet)."""

    title: Text
    scenes: tuple[Scene, ...]
    path: str | None = None


def _config(settings: dict[str, Any]) -> TrainConfig:
    return TrainConfig.from_dict(settings)


def scene_train_kwargs(scene: Scene) -> dict[str, Any]:
    """The keyword arguments of `train` that run this scene's settings (for checks)."""
    return dict(scene.settings)


# ------------------------------------------------------------------ reading


def builtin_path(name: str) -> Path | None:
    """The file of the built-in lesson `name`, or None when there is none by that name."""
    file = BUILTIN_LESSONS.get(name)
    if file is None:
        return None
    return builtin_folder() / file


def builtin_folder() -> Path:
    """The folder of the built-in lessons."""
    return Path(str(resources.files("perceptron_gui") / "data" / "lessons"))


def load_lesson(path: str | os.PathLike[str]) -> Lesson:
    """Read and check a lesson file, or the built-in lesson of that name ("perceptron").

    Only a regular file of at most `MAX_LESSON_BYTES` is read; whatever the file holds,
    the only exception is a one-line `DataError`.

    Raises
    ------
    DataError
        Naming the file, the scene (number and title) and the key.
    """
    try:
        builtin = builtin_path(os.fspath(path))
        file = builtin if builtin is not None and not Path(path).exists() else Path(path)
    except (TypeError, ValueError) as exc:  # a NUL in the name, a name that is no path
        raise DataError(f"cannot read: {exc}", str(path)) from None
    source = str(file)
    with guarded(source):
        text = _read_lesson_text(file, source)
        return parse_lesson(text, source, base=file.parent)


def _read_lesson_text(file: Path, source: str) -> str:
    """The lesson file's text: a regular file (no device, FIFO or folder), bounded in size."""
    try:
        st = os.stat(file)
    except FileNotFoundError:
        raise DataError("no such file", source) from None
    except OSError as exc:
        raise DataError(f"cannot read: {os_message(exc)}", source) from None
    if stat.S_ISDIR(st.st_mode):
        raise DataError("is a folder, not a lesson file", source)
    if not stat.S_ISREG(st.st_mode):
        raise DataError("not a regular file (a device or a FIFO?): not read", source)
    if st.st_size > MAX_LESSON_BYTES:
        raise DataError(
            f"{st.st_size:,} bytes: a lesson file has at most {MAX_LESSON_BYTES >> 20} MiB",
            source,
        )
    with Input(file, source) as inp:
        if not inp.regular:  # replaced since the check
            raise DataError("not a regular file: not read", source)
        raw = exhaust(inp.read_all())
    if len(raw) > MAX_LESSON_BYTES:
        raise DataError(f"a lesson file has at most {MAX_LESSON_BYTES >> 20} MiB", source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(f"not UTF-8 text (byte {exc.start})", source) from None


_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")


def _check_lengths(text: str, source: str) -> None:
    """Refuse, before parsing, a line or a multi-line string far longer than a lesson needs."""
    longest = max(map(len, text.splitlines()), default=0)
    if longest > MAX_LINE_CHARS:
        line = next(i for i, ln in enumerate(text.splitlines(), 1) if len(ln) == longest)
        raise DataError(
            f"{longest:,} characters on one line; a lesson's lines have at most {MAX_LINE_CHARS:,}",
            source,
            line,
        )
    for quote in ('"""', "'''"):
        if quote in text:
            inside = text.split(quote)[1::2]
            most = max(map(len, inside), default=0)
            if most > 4 * MAX_CAPTION_CHARS:
                raise DataError(
                    f"a multi-line text of {most:,} characters; a caption has at most "
                    f"{MAX_CAPTION_CHARS:,}",
                    source,
                )


def parse_lesson(text: str, source: str, *, base: Path | None = None) -> Lesson:
    """Parse and check lesson text; `base` is the folder ``data`` paths are relative to."""
    import tomllib  # (here: a window that opens no lesson does not load it)

    _check_lengths(text, source)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_AT.search(msg)
        line = int(m.group(1)) if m else None
        detail = msg[: m.start()] if m else msg
        raise DataError(f"not valid TOML: {detail}", source, line) from None
    except RecursionError:
        raise DataError("not valid TOML: nested too deeply", source) from None
    except ValueError:  # tomllib's int() of a whole number of more than 4300 digits
        raise DataError("not valid TOML: a number with too many digits", source) from None
    base = Path.cwd() if base is None else base
    unknown = sorted(set(doc) - {"title", "scene"})
    if unknown:
        raise DataError(_unknown_keys(unknown, ("title", "scene")), source)
    title = _text(doc.get("title", ""), "title", source, "lesson")
    scenes_raw = doc.get("scene")
    if not isinstance(scenes_raw, list) or not scenes_raw:
        raise DataError('no scenes: add one or more [[scene]] tables (key "scene")', source)
    scenes = tuple(_scene(s, i, source, base) for i, s in enumerate(scenes_raw))
    return Lesson(title=title, scenes=scenes, path=source)


def _unknown_keys(keys: list[str], known: tuple[str, ...]) -> str:
    shown = [f'"{k}"' if len(k) <= 40 and k.isprintable() else excerpt(k) for k in keys[:5]]
    which = ", ".join(shown) + (f" and {len(keys) - 5} more" if len(keys) > 5 else "")
    return f"unknown key {which} (known: {', '.join(known)})"


def _where(index: int, raw: Any) -> str:
    title = raw.get("title") if isinstance(raw, dict) else None
    if isinstance(title, dict):
        title = localize({k: v for k, v in title.items() if isinstance(v, str)}, "en")
    if not isinstance(title, str) or not title:
        return f"scene {index + 1}"
    short = len(title) <= 60 and title.isprintable()
    name = f' ("{title}")' if short else f" ({excerpt(title, 40)})"
    return f"scene {index + 1}{name}"


def _text(value: Any, key: str, source: str, where: str) -> Text:
    most = MAX_CAPTION_CHARS if key == "caption" else MAX_TITLE_CHARS
    for v in [value] if isinstance(value, str) else (value or {}).values():
        if isinstance(v, str) and len(v) > most:
            raise DataError(
                f'{where}: key "{key}": {len(v):,} characters; a {key} has at most {most:,}',
                source,
            )
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and value:
        bad = sorted(set(value) - set(LANGUAGES))
        if bad:
            raise DataError(
                f'{where}: key "{key}": unknown language {", ".join(bad)} '
                f"(one of {', '.join(LANGUAGES)})",
                source,
            )
        if all(isinstance(v, str) for v in value.values()):
            return {code: value[code] for code in LANGUAGES if code in value}
    raise DataError(
        f'{where}: key "{key}" must be a string or a table by language '
        f'such as {{ en = "…", zh_CN = "…" }}',
        source,
    )


def _whole(value: Any, key: str, source: str, where: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_STOP:
        raise DataError(
            f'{where}: key "{key}" must be a whole number from {low} to {MAX_STOP}, '
            f"not {excerpt(repr(value))}",
            source,
        )
    return value


def _scene(raw: Any, index: int, source: str, base: Path) -> Scene:
    where = _where(index, raw)
    if not isinstance(raw, dict):
        raise DataError(f"{where}: a scene must be a [[scene]] table", source)
    keys = scene_keys()
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise DataError(f"{where}: {_unknown_keys(unknown, keys)}", source)
    title = _text(raw.get("title", ""), "title", source, where)
    caption = _text(raw.get("caption", ""), "caption", source, where)
    data, src = _scene_data(raw, source, where, base)
    settings = _settings(raw, source, where)
    start = _whole(raw.get("start", 0), "start", source, where)
    stop = raw.get("stop")
    if stop is not None:
        stop = _whole(stop, "stop", source, where, low=start)
    show = raw.get("show", [])
    if not isinstance(show, list) or not all(isinstance(s, str) for s in show):
        raise DataError(f'{where}: key "show" must be a list of names', source)
    bad = [s for s in show if s not in SHOWS]
    if bad:
        raise DataError(
            f'{where}: key "show": unknown {", ".join(map(repr, bad))} (one of {", ".join(SHOWS)})',
            source,
        )
    compare = raw.get("compare")
    if compare is not None:
        compare = _compare(compare, settings, source, where)
    question = raw.get("question")
    if question is not None and question not in QUESTIONS:
        raise DataError(
            f'{where}: key "question" must be one of {", ".join(QUESTIONS)}, '
            f"not {excerpt(repr(question))}",
            source,
        )
    return Scene(
        title=title,
        caption=caption,
        data=data,
        source=src,
        settings=settings,
        start=start,
        stop=stop,
        show=tuple(dict.fromkeys(show)),
        compare=compare,
        question=question,
    )


def _scene_data(
    raw: dict[str, Any], source: str, where: str, base: Path
) -> tuple[Dataset, tuple[str, Any]]:
    given = [k for k in ("points", "data", "generate") if k in raw]
    if not given:
        raise DataError(
            f'{where}: no data: give "points", "data" (a CSV or session file) or "generate"',
            source,
        )
    if len(given) > 1:
        raise DataError(
            f"{where}: keys {' and '.join(map(repr, given))}: give one data source, not "
            f"{len(given)}",
            source,
        )
    key = given[0]
    value = raw[key]
    try:
        if key == "points":
            return _points(value), ("points", None)
        if key == "data":
            path = _data_path(value, base)
            return load_file(path).data, ("data", str(path))
        if not isinstance(value, dict):
            raise DataError('must be a table such as { kind = "xor", n = 40, seed = 0 }')
        unknown = sorted(set(value) - set(GENERATE_KEYS))
        if unknown:
            raise DataError(_unknown_keys(unknown, GENERATE_KEYS))
        if "kind" not in value:
            raise DataError('"kind" is missing')
        options = {k: value[k] for k in GENERATE_KEYS if k in value}
        kind = options.pop("kind")
        if not isinstance(kind, str):
            raise DataError(f"kind must be a name, not {excerpt(repr(kind))}")
        return generate(kind, **options), ("generate", {"kind": kind, **options})
    except DataError as exc:
        raise DataError(f'{where}: key "{key}": {exc}', source) from None
    except TypeError as exc:  # a generator option of the wrong type
        raise DataError(f'{where}: key "{key}": {exc}', source) from None


def _data_path(value: Any, base: Path) -> Path:
    """A scene's data file: a regular file below the lesson's folder, or a DataError.

    A lesson reads only its own folder: an absolute path, a ``..`` that leaves it or a
    link pointing out of it is refused, naming the path (the user may open that file
    with File ▸ Open).
    """
    if not isinstance(value, str) or not value:
        raise DataError("must be a file name")
    if "\x00" in value:
        raise DataError(f"the file name {excerpt(value)} holds a NUL character")
    if len(value) > 4096:
        raise DataError(f"a file name of {len(value):,} characters")
    folder = base.resolve()
    if Path(value).is_absolute():
        raise DataError(
            f"{excerpt(value, 200)} is an absolute path: a lesson reads only files in its "
            f"own folder ({excerpt(str(folder), 200)})"
        )
    path = (folder / value).resolve()
    if not path.is_relative_to(folder):
        raise DataError(
            f"{excerpt(value, 200)} is outside the lesson's folder: a lesson reads only "
            f"files in its own folder ({excerpt(str(folder), 200)})"
        )
    if not path.exists():
        raise DataError(f"no such file {excerpt(str(path), 200)}")
    if not path.is_file():
        raise DataError(f"{excerpt(str(path), 200)} is not a regular file: not read")
    return path


def _points(value: Any) -> Dataset:
    if not isinstance(value, list) or not value:
        raise DataError("must be a list of [x1, x2, y] rows")
    for r, row in enumerate(value, 1):
        ok = isinstance(row, list) and len(row) == 3
        ok = ok and all(isinstance(v, int | float) and not isinstance(v, bool) for v in row)
        if not ok:
            raise DataError(f"row {r} must be [x1, x2, y] with numbers, not {excerpt(repr(row))}")
    arr = np.array(value, dtype=np.float64)
    return make_dataset(arr[:, :2], arr[:, 2], allow_empty=False)


def _check_setting(key: str, value: Any) -> None:
    """Raise DataError when one setting is refused (alone, with the other defaults)."""
    if key == "max_updates" and not (
        value is None
        or (isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_STOP)
    ):
        raise DataError(f"must be a whole number from 1 to {MAX_STOP}, not {excerpt(repr(value))}")
    if key == "order":  # an order is checked with its mode, below
        TrainConfig.from_dict({"mode": "primal", key: value})
        return
    if key != "max_updates":
        TrainConfig.from_dict({key: value})


def _settings(raw: dict[str, Any], source: str, where: str) -> dict[str, Any]:
    settings = {k: raw[k] for k in settings_keys() if k in raw}
    for key, value in settings.items():
        try:
            _check_setting(key, value)
        except (DataError, TypeError) as exc:
            msg = exc.message if isinstance(exc, DataError) else str(exc)
            raise DataError(f'{where}: key "{key}": {msg}', source) from None
    try:
        _config(settings)
    except DataError as exc:
        keys = " and ".join(f'"{k}"' for k in ("mode", "order") if k in settings) or '"mode"'
        raise DataError(f"{where}: keys {keys}: {exc.message}", source) from None
    return settings


def _compare(value: Any, settings: dict[str, Any], source: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f'{where}: key "compare" must be a table of settings', source)
    keys = settings_keys()
    unknown = sorted(set(value) - set(keys))
    if unknown:
        raise DataError(f'{where}: key "compare": {_unknown_keys(unknown, keys)}', source)
    for key, v in value.items():
        try:
            _check_setting(key, v)
            _config({**settings, **value})
        except (DataError, TypeError) as exc:
            msg = exc.message if isinstance(exc, DataError) else str(exc)
            raise DataError(f'{where}: key "compare.{key}": {msg}', source) from None
    return dict(value)


# ------------------------------------------------------------------ writing


def _toml_str(s: str) -> str:
    out = []
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else _toml_str(k)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v.is_integer() and abs(v) < 1e15:
            return f"{v:.1f}"
        return repr(v)
    if isinstance(v, str):
        return _toml_str(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        inner = ", ".join(f"{_toml_key(k)} = {_toml_value(x)}" for k, x in v.items())
        return "{ " + inner + " }" if inner else "{}"
    raise TypeError(f"cannot write {type(v).__name__} to a lesson file")


def _point_row(x: float, y: float, label: float) -> str:
    def num(v: float) -> str:
        return str(int(v)) if v.is_integer() and abs(v) < 1e15 else repr(v)

    return f"[{num(float(x))}, {num(float(y))}, {int(label)}]"


def _below(file: str, folder: Path | None) -> str | None:
    """`file` relative to `folder` when it is below it (what a lesson may read), else None."""
    if folder is None:
        return None
    rel = Path(os.path.relpath(file, folder))
    if rel.is_absolute() or ".." in rel.parts:
        return None
    return rel.as_posix()


def dumps_lesson(lesson: Lesson, path: str | os.PathLike[str] | None = None) -> str:
    """The lesson as plain, readable TOML; ``data`` paths relative to `path`'s folder.

    A scene whose data file is not below that folder (a lesson reads only its own
    folder) has its points written in the file instead.
    """
    folder = Path(path).resolve().parent if path is not None else None
    lines = [
        "# A perceptron-gui lesson: open it with File ▸ Open lesson… or",
        "# perceptron-gui --lesson FILE",
        "",
        f"title = {_toml_value(lesson.title)}",
    ]
    for scene in lesson.scenes:
        lines += ["", "[[scene]]", f"title = {_toml_value(scene.title)}"]
        lines.append(f"caption = {_toml_value(scene.caption)}")
        kind, what = scene.source
        rel = _below(what, folder) if kind == "data" else None
        if rel is not None:
            lines.append(f"data = {_toml_str(rel)}")
        elif kind == "generate":
            lines.append(f"generate = {_toml_value(what)}")
        else:
            rows = [
                _point_row(p[0], p[1], lab)
                for p, lab in zip(scene.data.points, scene.data.labels, strict=True)
            ]
            lines.append("points = [")
            lines += [f"  {row}," for row in rows]
            lines.append("]")
        for key in settings_keys():
            if key in scene.settings:
                lines.append(f"{key} = {_toml_value(scene.settings[key])}")
        if scene.start:
            lines.append(f"start = {scene.start}")
        if scene.stop is not None:
            lines.append(f"stop = {scene.stop}")
        if scene.show:
            lines.append(f"show = {_toml_value(list(scene.show))}")
        if scene.compare:
            lines.append(f"compare = {_toml_value(scene.compare)}")
        if scene.question:
            lines.append(f"question = {_toml_str(scene.question)}")
    return "\n".join(lines) + "\n"


def save_lesson(lesson: Lesson, path: str | os.PathLike[str]) -> None:
    """Write the lesson to `path` (atomically). Raises OSError or DataError."""
    atomic_write_text(path, dumps_lesson(lesson, path))


def settings_of(config: TrainConfig) -> dict[str, Any]:
    """The lesson settings that say `config` (those that differ from the defaults)."""
    default = TrainConfig()
    out: dict[str, Any] = {}
    for key in settings_keys():
        value = config.get(key)
        if value != default.get(key):
            out[key] = value
    return out

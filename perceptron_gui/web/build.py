"""The page's data: a run stepped update by update, and the HTML file that carries it.

`run_page` trains with the core's own trainer (`make_trainer`, `step`) and records, for
every update k = 0 … K, what the window would show after it: the weights, the point of
the update (a batch step's points), the narration, the readout, the misclassified points
(a bit mask), the answer line (pocket, average) and, where the boundary is no line (the
kernel's model, the vote), the regions as a small PNG image. `lesson_page` does the same
for each scene of a lesson. The HTML inlines ``page.js`` and ``page.css`` (package data)
and the data as JSON: nothing is fetched when the page opens (its Content-Security-Policy
forbids it).

Large runs stay usable: at most `DRAW_MAX` points are drawn (an even sample, the numbers
are the run's own), at most `MAX_IMAGES` region images are made (a frame between two uses
the one before it) and the page stops recording after `MAX_PAGE_UPDATES` updates (it says
so).
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import html as html_lib
import io
import json
import math
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from perceptron_gui.core.bounds import config_bound
from perceptron_gui.core.config import TrainConfig
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import DataError
from perceptron_gui.core.factory import make_trainer
from perceptron_gui.core.io import atomic_write_text
from perceptron_gui.core.lesson import Lesson, Scene, localize
from perceptron_gui.core.model import LinearModel, Model, mistakes
from perceptron_gui.core.novikoff import Bound
from perceptron_gui.core.protocol import Algorithm
from perceptron_gui.core.records import StepRecord
from perceptron_gui.core.registry import MistakeBound, spec
from perceptron_gui.core.result import TrainResult

__all__ = [
    "DRAW_MAX",
    "MAX_IMAGES",
    "MAX_PAGE_UPDATES",
    "PageError",
    "lesson_page",
    "notebook_html",
    "result_page",
    "run_data",
    "run_page",
    "write_page",
]

#: A page records at most this many updates of a run (the page says when it stopped early).
MAX_PAGE_UPDATES = 2000
#: A lesson scene without a stop: at most this many updates (as the lesson export).
MAX_SCENE_UPDATES = 200
#: At most this many points are drawn (an even sample); the numbers are those of every point.
DRAW_MAX = 2000
#: Point names (x1 … xN) are written beside the points up to this many drawn points.
NAMES_MAX = 60
#: At most this many region images (kernel, vote) per run; frames between share one.
MAX_IMAGES = 300
#: The region images' grid: cells across and down (4:3, as the drawing).
GRID = (120, 90)
#: The drawing's shape, width / height.
ASPECT = 4.0 / 3.0
#: "Will it converge?" is answered on a run of at most this many updates (as the window).
CONVERGES_CAP = 100_000
#: The tints of the regions, RGBA (the light theme's class colours, alpha as its tints).
TINT_POSITIVE = (0x00, 0x72, 0xB2, 46)
TINT_NEGATIVE = (0xC4, 0x55, 0x00, 46)

Translate = Callable[[str, str], str]


class PageError(Exception):
    """A page that cannot be made (its run overflows, or the file cannot be written)."""


# ------------------------------------------------------------------ language


def translator(lang: str) -> Translate:
    """``tr(context, text)`` in language `lang` from the package's ``.qm`` file.

    A bare `QTranslator` (QtCore only): it needs no application object and no display,
    and leaves the window's own language alone. English is the source: no translation.
    """
    if lang == "en":
        return lambda _context, text: text
    if lang != "zh_CN":
        raise PageError(f"unknown language {lang!r}: en or zh_CN")
    from PySide6.QtCore import QTranslator

    data = (resources.files("perceptron_gui") / "i18n" / f"perceptron_gui_{lang}.qm").read_bytes()
    qt = QTranslator()
    if not qt.load(data):
        raise PageError(f"the {lang} translation could not be loaded")
    _KEEP[lang] = (qt, data)  # loadFromData does not copy the bytes: keep them alive

    def tr(context: str, text: str) -> str:
        return qt.translate(context, text) or text

    return tr


_KEEP: dict[str, tuple[Any, bytes]] = {}


@contextmanager
def _narration_in(tr: Translate) -> Iterator[Any]:
    """The window's narration module, its sentences in `tr`'s language for a while."""
    from perceptron_gui.app import narration
    from perceptron_gui.app.i18n import STOP_REASONS

    def reason_name(reason: str) -> str:
        return tr("Names", STOP_REASONS[reason]) if reason in STOP_REASONS else reason

    # The module looks both names up when it speaks (it calls them by these names).
    saved = {name: getattr(narration, name) for name in ("translate", "stop_reason_name")}
    setattr(narration, "translate", tr)  # noqa: B010
    setattr(narration, "stop_reason_name", reason_name)  # noqa: B010
    try:
        yield narration
    finally:
        for name, value in saved.items():
            setattr(narration, name, value)


#: The page's own words (not the window's): English and Chinese.
PAGE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "back": "◀ Back",
        "step": "Step ▶",
        "play": "Play",
        "pause": "Pause",
        "update": "update",
        "of": "of",
        "plot": "mistakes k against visits",
        "visits": "visits",
        "bound": "bound",
        "readout": "Readout",
        "narration": "What this update did",
        "source": "Where this page came from",
        "program": "program",
        "settings": "settings",
        "data": "data",
        "reproduce": "reproduce",
        "save_data": "Save the data (CSV)",
        "keys": "Keys: → or Space step, ← back, Home / End, P play or pause",
        "answer": "Show the answer",
        "answer_next": "The next update corrects {names}.",
        "answer_none": "No update comes next: the run has ended.",
        "converges_yes": "It converges (after {k} updates).",
        "converges_no": "It never converges: {reason} after {k} updates.",
        "ask_next": "Which point is corrected next?",
        "ask_converges": "Will this run converge?",
        "scene": "Scene",
        "compare": "In the window a second run goes beside this one: {settings}.",
        "cut": "The page shows the first {k} updates of this run.",
        "drawn": "{drawn} of the {n} points are drawn (an even sample); every number is "
        "the run's own.",
        "made": "Made by {program} {version} on {date}.",
        "one_feature": "One feature: the points lie on the x₁ axis, and the line is the "
        "threshold x₁ = −b/w.",
        "projected": "The points live in R{d}: drawn on two axes of it, across the last w "
        "(the last line is the hyperplane itself, the earlier ones its slices by this plane) "
        "and up the data's principal direction ⊥ w.",
    },
    "zh_CN": {
        "back": "◀ 后退",
        "step": "单步 ▶",
        "play": "播放",
        "pause": "暂停",
        "update": "更新",
        "of": "/",
        "plot": "误分类次数 k 与访问次数",
        "visits": "访问次数",
        "bound": "上界",
        "readout": "读数",
        "narration": "这次更新做了什么",
        "source": "本页来源",
        "program": "程序",
        "settings": "设置",
        "data": "数据",
        "reproduce": "复现",
        "save_data": "保存数据（CSV）",
        "keys": "按键：→ 或空格 单步，← 后退，Home / End，P 播放或暂停",
        "answer": "显示答案",
        "answer_next": "下一次更新修正 {names}。",
        "answer_none": "没有下一次更新：运行已结束。",
        "converges_yes": "会收敛（{k} 次更新后）。",
        "converges_no": "永不收敛：{k} 次更新后 {reason}。",
        "ask_next": "下一个被修正的是哪个点？",
        "ask_converges": "这次运行会收敛吗？",
        "scene": "场景",
        "compare": "窗口中另有一次运行与之并排：{settings}。",
        "cut": "本页显示这次运行的前 {k} 次更新。",
        "drawn": "画出了 {n} 个点中的 {drawn} 个（均匀抽样）；所有数字都是这次运行本身的。",
        "made": "由 {program} {version} 于 {date} 生成。",
        "one_feature": "只有一个特征：点都在 x₁ 轴上，直线就是阈值 x₁ = −b/w。",
        "projected": "这些点位于 R{d} 中：画在它的两条轴上，横轴沿最后的 w（最后一条直线就是"
        "超平面本身，之前的是它被这个平面所截的截线），纵轴是数据垂直于 w 的主方向。",
    },
}


# ------------------------------------------------------------------ geometry


def _view(points: npt.NDArray[np.float64]) -> list[float]:
    """The drawing's rectangle [x0, x1, y0, y1]: the points with a margin, 4:3."""
    if len(points) == 0:
        return [-1.0 * ASPECT, 1.0 * ASPECT, -1.0, 1.0]
    lo = points.min(axis=0)
    hi = points.max(axis=0)
    if float((hi - lo).max()) <= 1e-9 * max(1.0, float(np.abs(points).max())):
        # One place (a point, or points on top of each other): a unit around it.
        unit = max(1.0, 0.1 * float(np.abs(points).max()))
        lo, hi = lo - unit, hi + unit
    # The origin too when it is near (the textbook's figures show it, and the lines of the
    # first updates pass close to it): within the points' larger span of their box.
    reach = float((hi - lo).max())
    if np.all(lo - reach <= 0.0) and np.all(hi + reach >= 0.0):
        lo = np.minimum(lo, 0.0)
        hi = np.maximum(hi, 0.0)
    span = np.maximum(hi - lo, 1e-9)
    span = np.maximum(span, 0.05 * float(span.max()))
    lo = lo - 0.12 * span
    hi = hi + 0.12 * span
    cx, cy = (lo + hi) / 2
    w, h = hi - lo
    if w / h < ASPECT:
        w = h * ASPECT
    else:
        h = w / ASPECT
    return [float(cx - w / 2), float(cx + w / 2), float(cy - h / 2), float(cy + h / 2)]


def _drawn(n: int) -> npt.NDArray[np.int64]:
    """The points drawn: all of them, or an even sample of `DRAW_MAX`."""
    if n <= DRAW_MAX:
        return np.arange(n, dtype=np.int64)
    return np.unique(np.linspace(0, n - 1, DRAW_MAX).round().astype(np.int64))


def _mask(indices: npt.NDArray[np.intp], drawn: npt.NDArray[np.int64], n: int) -> str:
    """The drawn points among `indices`, as a bit mask (base64, bit i of byte i // 8)."""
    flags = np.zeros(n, dtype=bool)
    flags[indices] = True
    return base64.b64encode(np.packbits(flags[drawn], bitorder="little").tobytes()).decode()


class _Images:
    """Region images of models whose boundary is no line, deduplicated, as base64 PNG."""

    def __init__(self, view: list[float]) -> None:
        gx, gy = GRID
        x0, x1, y0, y1 = view
        xs = x0 + (np.arange(gx) + 0.5) * (x1 - x0) / gx
        ys = y1 - (np.arange(gy) + 0.5) * (y1 - y0) / gy  # row 0 at the top
        self.grid = np.column_stack([np.tile(xs, gy), np.repeat(ys, gx)])
        self.images: list[str] = []
        self._seen: dict[bytes, int] = {}

    def add(self, model: Model) -> int:
        from PIL import Image

        gx, gy = GRID
        f = np.asarray(model.decision(self.grid), dtype=np.float64).reshape(gy, gx)
        positive = f > 0.0
        key = np.packbits(positive).tobytes()
        if key in self._seen:
            return self._seen[key]
        rgba = np.empty((gy, gx, 4), dtype=np.uint8)
        rgba[positive] = TINT_POSITIVE
        rgba[~positive] = TINT_NEGATIVE
        buf = io.BytesIO()
        Image.fromarray(rgba, "RGBA").save(buf, "PNG")
        self._seen[key] = len(self.images)
        self.images.append(base64.b64encode(buf.getvalue()).decode())
        return self._seen[key]


# ------------------------------------------------------------------ the run


def _bound(data: Dataset, config: TrainConfig) -> tuple[Bound | None, MistakeBound | None]:
    """The Novikoff geometry and the bound that applies to this mode (None: none)."""
    if data.n == 0:
        return None, None
    try:
        bd = config_bound(data, config)
    except DataError:
        return None, None
    return bd, spec(config.mode).bound(config, data.n, bd)


def _readout(
    t: Algorithm, bd: Bound | None, mb: MistakeBound | None, tr: Translate
) -> list[list[str]]:
    """The window's readout (`panels.readout.readout_parts`) in the page's language."""
    from perceptron_gui.app import format as fmt

    counts: list[str] = []
    if bd is None or mb is None:
        counts.append(f"k = {t.k}")
    elif mb.value is not None:
        rel = "≤" if t.k <= mb.value else ">"
        counts.append(f"k = {t.k} {rel} {fmt.bound_text(mb, bd)}")
    elif not bd.separable:
        counts.append(tr("Readout", "k = {k} (not separable: no bound)").format(k=t.k))
    else:
        note = f" ({tr('Core', mb.note)})" if mb.note else ""
        counts.append(f"k = {t.k}{note}")
    if t.spec.counts_apart:
        counts[0] = tr("Readout", "updates {k_part}").format(k_part=counts[0])
        counts.append(tr("Readout", "mistakes (y·f ≤ 0): {m}").format(m=t.mistakes))
    weights: list[str] = []
    m = t.model
    bias_off = "" if t.config.bias else " " + tr("Readout", "(bias off)")
    if isinstance(m, LinearModel) and m.is_linear:
        weights.append(f"w = {fmt.vector(m.w)}")
        weights.append(f"b = {fmt.sci(m.b)}{bias_off}")
    else:
        weights.append(f"b = {fmt.sci(t.b)}")
    wrong: list[str] = []
    answer = t.answer
    if answer is not None:
        what = tr("Core", t.answer_name)
        if isinstance(answer, LinearModel):
            what += f": w = {fmt.vector(answer.w)}, b = {fmt.sci(answer.b)},"
        wrong.append(
            tr("Readout", "{answer} {wrong} wrong (current {now})").format(
                answer=what, wrong=t.answer_errors, now=t.errors()
            )
        )
    else:
        wrong.append(tr("Readout", "wrong now: {wrong} of {n}").format(wrong=t.errors(), n=t.n))
    if t.converged:
        wrong.append(tr("Readout", "converged ✓"))
    elif t.stop_reason == "overflow":
        wrong.append(
            tr("Readout", "stopped before an overflow (η = {eta} is too large)").format(
                eta=fmt.sci(t.config.eta)
            )
        )
    elif t.stop_reason:
        from perceptron_gui.app.i18n import STOP_REASONS

        reason = tr("Names", STOP_REASONS.get(t.stop_reason, t.stop_reason))
        wrong.append(tr("Readout", "stopped: {reason}").format(reason=reason))
    # One minus sign on screen (−3), not in words such as "passive-aggressive".
    return [[_NEGATIVE.sub("−", p) for p in g] for g in (counts, weights, wrong)]


#: A hyphen that is a minus sign (as the window's readout finds it).
_NEGATIVE = re.compile(r"(?<![A-Za-z])-(?=[\d.])")


def _frame(
    t: Algorithm,
    rec: StepRecord | None,
    narration: Any,
    ctx: dict[str, Any],
) -> dict[str, Any]:
    """What the window shows after update `t.k` (`rec` its record, None at the start)."""
    data = t.data
    frame: dict[str, Any] = {"k": t.k, "v": t.visits, "m": t.mistakes, "b": float(t.b)}
    view = ctx["view_model"]
    model = view(t.model)
    if isinstance(model, LinearModel) and model.is_linear:
        frame["w"] = [float(model.w[0]), float(model.w[1])]
        frame["b"] = float(model.b)
    elif data.n:
        frame["i"] = ctx["images"].add(model) if ctx["image_due"] else ctx["last_image"]
        ctx["last_image"] = frame["i"]
    answer = t.answer
    if answer is not None:
        shown = view(answer)
        if isinstance(shown, LinearModel) and shown.is_linear:
            frame["a"] = [float(shown.w[0]), float(shown.w[1]), float(shown.b)]
        elif data.n:
            frame["i"] = ctx["images"].add(shown) if ctx["image_due"] else ctx["last_image"]
            ctx["last_image"] = frame["i"]
        wrong = mistakes(answer, data.points, data.labels)
    else:
        wrong = t.misclassified()
    frame["x"] = _mask(np.asarray(wrong, dtype=np.intp), ctx["drawn"], data.n)
    if rec is not None:
        frame["c"] = int(rec.index)
        if rec.reason == "batch" and len(rec.points) > 1:
            frame["M"] = [int(i) for i in rec.points[:DRAW_MAX]]
        frame["n"] = narration.narrate(t, rec)
    else:
        frame["n"] = narration.narrate(t)
    frame["r"] = _readout(t, ctx["bd"], ctx["mb"], ctx["tr"])
    return frame


def _picture(
    data: Dataset, config: TrainConfig, limit: int, lang: str
) -> tuple[npt.NDArray[np.float64], Callable[[Any], Any], str]:
    """The points as the page draws them, how it draws a model, and a note saying so.

    The plane as it is. Points in R^d (d ≠ 2) on the window's w-aligned view of the run's
    last weights (its answer's, when it has one), held for the whole page: the last line
    is the hyperplane itself and the earlier ones its slices by that plane. One feature
    (d = 1): the x₁ axis, the line the threshold x₁ = −b/w.
    """
    from perceptron_gui.core.projection import drawn_axes, project, project_model, slice_origin

    if data.dim == 2:
        return data.points, _same, ""
    end = make_trainer(data, config)
    end.run(max_updates=limit)
    answer = end.answer
    w = answer.w if isinstance(answer, LinearModel) else end.w
    axes = drawn_axes(data.points, w)
    origin = slice_origin(data.points, axes)

    def view_model(model: Any) -> Any:
        return project_model(model, axes, origin)

    texts = PAGE_TEXTS[lang if lang in PAGE_TEXTS else "en"]
    power = str(data.dim).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    note = texts["one_feature"] if data.dim == 1 else texts["projected"].format(d=power)
    return project(data.points, axes), view_model, note


def _same(model: Any) -> Any:
    return model


def run_data(
    data: Dataset,
    config: TrainConfig,
    *,
    lang: str = "en",
    stop: int | None = None,
) -> dict[str, Any]:
    """A run's page data: the points, the view, the bound and one frame per update.

    `stop`: record at most this many updates (default `MAX_PAGE_UPDATES`).
    Raises `PageError` when the run's weights overflow from the start.
    """
    tr = translator(lang)
    limit = MAX_PAGE_UPDATES if stop is None else max(0, int(stop))
    t = make_trainer(data, config)
    if getattr(t, "start_overflows", False):
        raise PageError("the initial weights overflow on these points")
    bd, mb = _bound(data, config)
    points, view_model, note = _picture(data, config, limit, lang)
    view = _view(points)
    drawn = _drawn(data.n)
    images = _Images(view)
    # Region images: every frame while they are few, else every `every`-th frame (and the
    # last). How many frames there will be: a first run to the end, without frames.
    every = 1
    if not (isinstance(t.model, LinearModel) and t.answer is None):
        count = make_trainer(data, config)
        count.run(max_updates=limit)
        every = max(1, math.ceil((count.k + 1) / MAX_IMAGES))
    ctx: dict[str, Any] = {
        "tr": tr,
        "bd": bd,
        "mb": mb,
        "drawn": drawn,
        "images": images,
        "view_model": view_model,
        "image_due": True,
        "last_image": -1,
    }
    with _narration_in(tr) as narration:
        frames = [_frame(t, None, narration, ctx)]
        while t.k < limit:
            rec = t.step()
            if rec is None:
                break
            ctx["image_due"] = t.k % every == 0 or t.k == limit
            frames.append(_frame(t, rec, narration, ctx))
        cut = not t.done
        if frames[-1].get("i", -1) >= 0 and t.k % every:  # the last frame's own regions
            ctx["image_due"] = True
            frames[-1]["i"] = _frame(t, None, narration, ctx)["i"]
        if t.done and t.k:  # the end shows in the last frame (converged, or why it stopped)
            frames[-1]["e"] = narration.narrate(t)
            frames[-1]["r"] = _readout(t, bd, mb, tr)
    from perceptron_gui.core.registry import REGISTRY

    plot_bound = None
    if mb is not None and mb.value is not None and math.isfinite(mb.value):
        plot_bound = float(mb.value)
    extra: dict[str, Any] = {}
    if data.dim != 2:  # the points themselves, for the page's "Save the data (CSV)"
        extra = {"dim": data.dim, "xs": data.points.tolist(), "note": note}
    return {
        **extra,
        "n": data.n,
        "points": [[float(x), float(y)] for x, y in points.tolist()],
        "labels": [1 if v > 0 else -1 for v in data.labels.tolist()],
        "drawn": drawn.tolist(),
        "names": len(drawn) <= NAMES_MAX,
        "view": view,
        "bias": config.bias,
        "threshold": t.threshold,
        "mode": config.mode,
        "mode_name": tr(
            "Names", REGISTRY[config.mode].label if config.mode in REGISTRY else config.mode
        ),
        "answer_name": tr("Core", t.answer_name) if t.answer_name else "",
        "bound": plot_bound,
        "bound_name": "" if mb is None or mb.value is None else mb.name,
        "frames": frames,
        "images": images.images,
        "cut": t.k if cut and t.k >= limit else None,
        "done": bool(t.done),
        "converged": bool(t.converged),
    }


# ------------------------------------------------------------------ where it came from


def data_sha256(data: Dataset) -> str:
    """The sha256 of the points and labels (float64, little-endian, points then labels)."""
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(data.points, dtype="<f8").tobytes())
    h.update(np.ascontiguousarray(data.labels, dtype="<f8").tobytes())
    return h.hexdigest()


def _command(config: TrainConfig, file: str) -> str:
    """``perceptron trace FILE --mode … ``: the settings that are not the defaults."""
    default = TrainConfig()
    parts = ["perceptron", "trace", _quote(file), "--mode", config.mode, "--order", config.order]
    used = {p.name for p in spec(config.mode).params}
    for name in ("eta", "seed", "max_updates", "max_epochs", *sorted(used)):
        value = config.get(name)
        if value is None or (value == default.get(name) and name not in used):
            continue
        parts += [f"--{name.replace('_', '-')}", str(value)]
    if not config.bias:
        parts.append("--no-bias")
    return " ".join(parts)


def _quote(text: str) -> str:
    safe = all(c.isalnum() or c in "._-/+" for c in text)
    return text if safe and text else "'" + text.replace("'", "'\\''") + "'"


def _provenance(
    data: Dataset, config: TrainConfig, source: str | None, lang: str
) -> dict[str, Any]:
    from perceptron_gui import __version__

    file_hash = None
    name = "data.csv"
    if source and os.path.isfile(source):
        file_hash = hashlib.sha256(Path(source).read_bytes()).hexdigest()
        name = os.path.basename(source)
    settings = config.to_dict()
    # The settings this run uses (all are kept in "settings"): the common ones, the limits
    # and start when set, and the mode's own.
    used = ["mode", "order", "eta", "bias", "seed"]
    used += [k for k in ("max_updates", "max_epochs") if settings[k] is not None]
    if config.w0 != (0.0, 0.0) or config.b0 != 0.0:
        used += ["w0", "b0"]
    used += [p.name for p in spec(config.mode).params]
    return {
        "used": used,
        "program": "perceptron-gui",
        "version": __version__,
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "source": name,
        "file_sha256": file_hash,
        "data_sha256": data_sha256(data),
        "settings": settings,
        "command": _command(config, name),
        "lang": lang,
    }


# ------------------------------------------------------------------ pages


def run_page(
    data: Dataset,
    config: TrainConfig,
    *,
    lang: str = "en",
    source: str | None = None,
    title: str | None = None,
    stop: int | None = None,
    start: int = 0,
) -> str:
    """The HTML page of one run (see the module notes).

    `start`: the update the page opens at (the window's, when it exports); `stop`: record at
    most this many updates (default `MAX_PAGE_UPDATES`).
    """
    texts = PAGE_TEXTS[lang if lang in PAGE_TEXTS else "en"]
    run = run_data(data, config, lang=lang, stop=stop)
    prov = _provenance(data, config, source, lang)
    heading = title or f"{run['mode_name']} · {prov['source']}"
    payload = {
        "kind": "run",
        "title": heading,
        "texts": texts,
        "run": run,
        "start": max(0, int(start)),
        "source": prov,
    }
    return _html(heading, lang, payload)


def _scene_answer(scene: Scene, run: dict[str, Any], texts: dict[str, str], lang: str) -> str:
    """The answer to the scene's question, as the window checks it."""
    from perceptron_gui.core.api import train
    from perceptron_gui.core.lesson import scene_train_kwargs

    if scene.question == "next-point":
        after = [f for f in run["frames"] if f["k"] == scene.start + 1]
        if not after:
            return texts["answer_none"]
        f = after[0]
        idx = f.get("M") or [f["c"]]
        return texts["answer_next"].format(names=", ".join(f"x{i + 1}" for i in idx))
    kwargs = scene_train_kwargs(scene)
    kwargs["max_updates"] = min(kwargs.get("max_updates") or CONVERGES_CAP, CONVERGES_CAP)
    result = train(scene.data.points, scene.data.labels, **kwargs)
    if result.converged:
        return texts["converges_yes"].format(k=len(result.updates))
    from perceptron_gui.app.i18n import STOP_REASONS

    reason = translator(lang)("Names", STOP_REASONS.get(result.stop_reason, result.stop_reason))
    return texts["converges_no"].format(reason=reason, k=len(result.updates))


def _compare_text(scene: Scene, texts: dict[str, str]) -> str | None:
    """What the window runs beside this scene's run ("order = random, seed = 1")."""
    if not scene.compare:
        return None
    settings = ", ".join(f"{k} = {v}" for k, v in scene.compare.items())
    return texts["compare"].format(settings=settings)


def lesson_page(lesson: Lesson, *, lang: str = "en") -> str:
    """The HTML page of a lesson: its scenes in order, each with its run, caption and
    question (the answer shown on a click)."""
    texts = PAGE_TEXTS[lang if lang in PAGE_TEXTS else "en"]
    scenes = []
    for scene in lesson.scenes:
        stop = scene.stop if scene.stop is not None else MAX_SCENE_UPDATES
        stop = max(stop, scene.start)
        run = run_data(scene.data, scene.config, lang=lang, stop=stop)
        question = None
        if scene.question is not None:
            ask = "ask_next" if scene.question == "next-point" else "ask_converges"
            question = {
                "kind": scene.question,
                "text": texts[ask],
                "answer": _scene_answer(scene, run, texts, lang),
            }
        source = scene.source[1] if scene.source[0] == "data" else None
        scenes.append(
            {
                "title": localize(scene.title, lang),
                "caption": localize(scene.caption, lang),
                "start": scene.start,
                "question": question,
                "compare": _compare_text(scene, texts),
                "run": run,
                "source": _provenance(scene.data, scene.config, source, lang),
            }
        )
    heading = localize(lesson.title, lang)
    from perceptron_gui import __version__

    payload = {
        "kind": "lesson",
        "title": heading,
        "texts": texts,
        "scenes": scenes,
        "source": {
            "program": "perceptron-gui",
            "version": __version__,
            "lesson": os.path.basename(lesson.path) if lesson.path else None,
            "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "lang": lang,
        },
    }
    return _html(heading, lang, payload)


def result_page(result: TrainResult, *, lang: str = "en") -> str | None:
    """The page of a `train` result (None when the result does not carry its data)."""
    if result.data is None or result.config is None:
        return None
    return run_page(result.data, result.config, lang=lang)


#: The height of the notebook's frame around the page (CSS pixels).
NOTEBOOK_HEIGHT = 780


def notebook_html(data: Dataset, config: TrainConfig, *, lang: str = "en") -> str:
    """The page in an ``<iframe srcdoc>``: what `TrainResult._repr_html_` gives Jupyter.

    The frame keeps the page's script and style apart from the notebook's; its sandbox
    lets the script run (and the data's CSV be saved) and nothing else.
    """
    page = run_page(data, config, lang=lang, title=f"{config.mode} · {data.n} points")
    return (
        f'<iframe srcdoc="{html_lib.escape(page, quote=True)}" '
        f'style="width: 100%; height: {NOTEBOOK_HEIGHT}px; border: 1px solid #ccc" '
        'sandbox="allow-scripts allow-downloads" title="perceptron run"></iframe>'
    )


def write_page(path: str | os.PathLike[str], html: str) -> None:
    """Write `html` to `path` atomically (the file is whole, or the old one stays)."""
    try:
        atomic_write_text(path, html)
    except DataError as exc:  # the writer's own message: the file and what went wrong
        raise PageError(str(exc)) from None
    except OSError as exc:
        raise PageError(f"{path}: {exc.strerror or exc}") from None


# ------------------------------------------------------------------ HTML


def _asset(name: str) -> str:
    return (resources.files("perceptron_gui.web") / name).read_text(encoding="utf-8")


#: Nothing may leave the file: no fetch, no image, no font, no frame from elsewhere.
CSP = (
    "default-src 'none'; img-src data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
)


def _html(title: str, lang: str, payload: dict[str, Any]) -> str:
    doc = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    # Inside <script>: "</script>" or "<!--" in a caption must not end or bend the element.
    doc = doc.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    html_lang = "zh-CN" if lang == "zh_CN" else "en"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html_lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="perceptron-gui">\n'
        f"<title>{_escape(title)}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n"
        '<body>\n<div id="app"></div>\n'
        f'<script type="application/json" id="perceptron-data">{doc}</script>\n'
        f"<script>\n{_asset('page.js')}</script>\n</body>\n</html>\n"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

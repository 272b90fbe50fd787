"""Every number and name the window shows, formatted in one place.

Numbers are written as a lecturer writes them (``3`` not ``3.0``, by the core's one rule,
`perceptron_gui.core.numbers.format_number`), with the minus sign − (U+2212), never
as inf or NaN; points are named as in the textbook, ``x1 … xN`` (1-based on screen;
the Python API and the files stay 0-based). Text that is read back (a file, the
clipboard) keeps the ASCII hyphen: `format_numbers` with ``minus="-"``.
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from perceptron_gui.core.bound_type import Bound
from perceptron_gui.core.bounds import MistakeBound
from perceptron_gui.core.novikoff import format_bound
from perceptron_gui.core.numbers import MINUS, format_count, format_number

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def point_name(index: int) -> str:
    """The textbook's name of the 0-based point `index`: ``x1`` for 0."""
    return f"x{index + 1}"


def point_sub(index: int) -> str:
    """The same with a subscript, for labels: ``x₁`` for 0."""
    return "x" + str(index + 1).translate(_SUBSCRIPT)


def _screen(text: str) -> str:
    """`text` with the minus sign − for the hyphen of a negative number or exponent."""
    return text.replace("-", MINUS)


def fmt(v: float) -> str:
    """A number as a lecturer would write it: 3 not 3.0, 0.25, 1.5e−12 (4 digits)."""
    if not math.isfinite(v):
        return "too large to show" if v > 0 else "—"
    return format_number(v, 4, minus=MINUS)


def fmt_apart(v: float, other: float) -> str:
    """`fmt` of `v`, with more digits where it would read as `other` while it is not (a
    margin 0.9999999999999999 said "1 < 1": passive-aggressive's updates that rounding
    keeps below the threshold), up to the shortest text that reads back to `v`."""
    text = fmt(v)
    if v == other or not (math.isfinite(v) and math.isfinite(other)) or text != fmt(other):
        return text
    for digits in (6, 9, 12, 15, 16, 17):
        text = format_number(v, digits, minus=MINUS)
        if text != format_number(other, digits, minus=MINUS):
            break
    return text


def sci(v: float | None) -> str:
    """A number for a readout: never inf or NaN, scientific when huge or tiny."""
    if v is None:
        return "—"
    if not math.isfinite(v):
        return "too large to show" if v > 0 else "—"
    if v != 0 and (abs(v) >= 1e6 or abs(v) < 1e-3):
        return _screen(format(v, ".3e"))
    return fmt(v)


def vector(w: Any) -> str:
    """``(1, 1)``: a vector of readout numbers."""
    return "(" + ", ".join(sci(float(v)) for v in w) + ")"


def format_numbers(values: Any, digits: int | None = 6, *, minus: str = MINUS) -> list[str]:
    """`format_number` of many numbers at once, fast enough for 10^6 values.

    Parameters
    ----------
    values : array_like
        The numbers.
    digits : int or None, optional
        Significant digits of the non-integers; None writes the shortest text that
        reads back to the same float (for files).
    minus : str, optional
        The sign of negative numbers: the minus sign − on screen, ``"-"`` for text
        that is read back (a file, the clipboard).
    """
    a = np.asarray(values, dtype=np.float64).reshape(-1)
    out = np.empty(a.shape[0], dtype=object)
    whole = (a == np.trunc(a)) & (np.abs(a) < 1e16)
    out[whole] = list(map(str, a[whole].astype(np.int64).tolist()))
    rest = ~whole
    f = repr if digits is None else f"{{:.{digits}g}}".format
    out[rest] = list(map(f, a[rest].tolist()))
    return list(out) if minus == "-" else [t.replace("-", minus) for t in out]


def count(v: float) -> str:
    """A count such as the bound (D/γ)²: an integer when it is one, else 6 or 3 digits
    (`perceptron_gui.core.numbers.format_count`, with the minus sign)."""
    if not math.isfinite(v):
        return "too large to show"
    return format_count(v, minus=MINUS)


def bound_value(bound: Bound) -> str:
    """(D/γ)² as the panels show it (beyond float64: from D and γ, not the capped float)."""
    beyond = format_bound(bound)
    return beyond if beyond is not None else count(float(bound.bound or 0.0))


def bound_text(mb: MistakeBound, bound: Bound, name: str | None = None) -> str:
    """``(D/γ)² = 117`` or ``N(D/γ)² = 351``: the bound that applies, with its value (its
    formula written as `name` when given: the window's language)."""
    if mb.value is None:
        return ""
    return f"{mb.name if name is None else name} = {bound_number(mb, bound)}"


def bound_number(mb: MistakeBound, bound: Bound) -> str:
    """The value `bound_text` writes after its formula (``117``; "" with no bound): said
    alone where the formula has no room."""
    if mb.value is None:
        return ""
    return bound_value(bound) if mb.name == "(D/γ)²" else count(mb.value)


def measure(v: float) -> str:
    """A length such as D or γ with 3 significant digits: ``5.10``, ``0.471``, ``1.00e-12``."""
    a = abs(v)
    if v == 0:
        return "0"
    if 1e-3 <= a < 1e3:
        return _screen(f"{v:#.3g}".rstrip("."))
    if 1e3 <= a < 1e6:
        return _screen(f"{v:.0f}")
    return _screen(f"{v:#.3g}")


def size(n: int) -> str:
    """N for a caption: ``10⁵`` for a power of ten from 1000 on, else ``5000``."""
    if n >= 1000:
        e = len(str(n)) - 1
        if n == 10**e:
            return "10" + str(e).translate(_SUPERSCRIPT)
    return str(n)


def power(e: int) -> str:
    """10**e as a tick label: 1, 10, 100, 1000, then 10⁴, 10⁵, …"""
    return str(10**e) if e <= 3 else "10" + str(e).translate(_SUPERSCRIPT)


def nbytes(n: float) -> str:
    """A memory size: ``8 MB``, ``80 GB``."""
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if n < 1000:
            return f"{n:.3g} {unit}"
        n /= 1000
    return f"{n:.3g} PB"


def tick(value: float) -> str:
    """A short label for a value on the canvas: 3 significant digits."""
    return _screen(f"{value:.3g}")


#: An operator between spaces: `keep_terms` glues it to its operands (with the product's
#: dot too, where a "·" between spaces is one: the narration's ``2 · 1``).
_OPERATOR = re.compile(r" ([=≤<>≥+−←]) ")
_OPERATOR_OR_PRODUCT = re.compile(r" ([=≤<>≥+−←·]) ")


def keep_terms(text: str, *, products: bool = False) -> str:
    """`text` with each operator glued to its operands by no-break spaces (U+00A0), as the
    narration has them: a label wraps between clauses, never after "≤" ("(y·f ≤ / 0)").
    A " · " is a product's dot with `products`, else a list's separator (a run's title)."""
    pattern = _OPERATOR_OR_PRODUCT if products else _OPERATOR
    return pattern.sub("\u00a0\\1\u00a0", text)


def keep_words(text: str) -> str:
    """`keep_terms(text)`, and its words kept whole (`glue_words`)."""
    return glue_words(keep_terms(text))


#: The word joiner (U+2060) `glue_words` glues with: invisible, no line break beside it.
JOINER = "\u2060"


def unglued(text: str) -> str:
    """`text` without the word joiners that `glue_words` glued it with (as it was set)."""
    return text.replace(JOINER, "")


def glue_words(text: str) -> str:
    """`text` with Chinese words and short expressions kept whole where it wraps: a label
    breaks a Chinese line between any two characters ("直 / 线不同"); here the characters
    of a run are glued by word joiners (U+2060) but after a particle (的, 和, 是, …), so
    that a line breaks at punctuation, a space, a particle or next to Latin text; in an
    expression of at most `GLUED_EXPRESSION_MOST` characters a slash or a bar is glued to
    what follows ("(D/γ)²" whole; a path still breaks at its slashes). A run longer than
    `CJK_GLUED_MOST` characters stays breakable anywhere (it could be wider than a line).
    Rich text's tags are left as they are. Gluing glued text changes nothing.

    Every wrapped text of the window goes through it where it is shown (``WordsLabel``,
    ``WordsText``, the `SteadyLabel`), so that a translation needs no marks of its own.
    """
    if not text:
        return text
    if "<" not in text:
        return _glue_plain(text)
    return "".join(part if i % 2 else _glue_plain(part) for i, part in enumerate(_TAG.split(text)))


def _glue_plain(text: str) -> str:
    return _CJK_RUN.sub(_glue_run, _EXPRESSION.sub(_glue_expression, text))


def _glue_expression(match: re.Match[str]) -> str:
    token = match.group()
    if len(token) > GLUED_EXPRESSION_MOST:
        return token
    return _GLUE_AFTER.sub("\\1\u2060", token)


def _glue_run(match: re.Match[str]) -> str:
    run = match.group()
    pieces, piece = [], ""
    for ch in run:
        piece += ch
        if ch in CJK_BREAK_AFTER:
            pieces.append(piece)
            piece = ""
    pieces.append(piece)
    return "".join("\u2060".join(p) if len(p) <= CJK_GLUED_MOST else p for p in pieces if p)


#: The particles after which a Chinese line may break (none that begins a word of the
#: program's texts: not 对 of 对偶, 为 of 为什么, 上 of 上界, 被 of 被动).
CJK_BREAK_AFTER = frozenset("的和与及或在是了把都就也而但用到时")
#: The longest run of Chinese characters `keep_words` keeps on one line (14 characters
#: are ~340 px at the room's 24 px type: the narrowest caption holds them).
CJK_GLUED_MOST = 14
#: A slash or a bar inside an expression, where a line may break ("(D/ / γ)²", "||w|| / ²"
#: in a Chinese caption): `glue_words` glues it to what follows (not to a joiner: glued).
_GLUE_AFTER = re.compile(r"([/|])(?=[^\s\u2060])")
#: An expression: a run of text without spaces or Chinese characters, holding a slash or a
#: bar; `glue_words` keeps one of at most `GLUED_EXPRESSION_MOST` characters whole ("(D/γ)²",
#: "⌊(D/γ)²⌋", "||w||²"), a longer one (a file's path) breakable at its slashes.
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_PART = f"[^\\s{_CJK}\u3000-\u303f\uff00-\uffef]*"  # (nor full-width marks: "：")
_EXPRESSION = re.compile(f"{_PART}[/|]{_PART}")
GLUED_EXPRESSION_MOST = 16
#: A tag of rich text (its "/" is not glued).
_TAG = re.compile(r"(<[A-Za-z/!][^<>]*>)")
_CJK_RUN = re.compile(f"[{_CJK}]+")


def plain_text(value: Any) -> Any:
    """`value` with every string's no-break spaces (U+00A0) made ordinary spaces and its word
    joiners (U+2060, a compared run's title's glue) left out, in dicts,
    lists and tuples too: the labels glue an operator to its operands with them, so that a
    line wraps between clauses; a script comparing ``"≤ 0" in state()["narration"]`` wants
    the text as it is typed."""
    if isinstance(value, str):
        return unglued(value.replace("\u00a0", " "))
    if isinstance(value, dict):
        return {k: plain_text(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        kinds = set(map(type, value))
        if kinds <= _NO_TEXT:  # numbers only: as they are (checked at C speed)
            return type(value)(value)
        if kinds == {list} and all(set(map(type, v)) <= _NO_TEXT for v in value):
            return type(value)([v.copy() for v in value])  # rows of numbers (a weight path)
        return type(value)(plain_text(v) for v in value)
    return value


#: The types `plain_text` leaves as they are.
_NO_TEXT = {float, int, bool, type(None)}

"""A run's history, compactly: what every update did, ~12 bytes an update.

A trainer's state is a function of its visit count, and stepping back or seeking
restores it from the history of its updates. Keeping the weights after every update
(w1, w2, b: 24 bytes) is what made a long run big (48 bytes an update with the point's
index, the visit count and a count). Here the weights are not kept per update: every
`KEY` updates a keyframe holds them, and the weights in between are computed again
from it by the update rule, in the same order, so that they are the run's own bits:

    w1 <- w1 + s·x1_i,   w2 <- w2 + s·x2_i,   b <- b + s   (b only with the bias)

with ``s = η y_i`` (primal, dual, pocket, averaged, voted, margin, kernel's b) or the
step's own factor kept per update (passive-aggressive's ``τ y_i``). A chain of sums is
`np.add.accumulate`, which adds in order, one at a time, as the run did.

Nothing is assumed: every row appended is checked, bit for bit, against what the rule
computes from the row before; a row that differs (a rule this does not know) turns the
history into one that keeps the weights of every update, as before. The integer
columns are kept the same way: a column that so far equals its guess (0 for every row,
or the row's number + 1) is not stored until a row differs from it.

Rows arrive one at a time (the numpy path) or in blocks (the compiled loop); single
rows wait in a short buffer and are checked and stored a block at a time.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Updates between two keyframes of the weights: a row is at most KEY - 1 updates of
#: replay away (a few microseconds); the keyframes cost 24 / KEY bytes an update.
KEY = 32
_DTYPES = (np.int64, np.int64, np.float64, np.float64, np.float64, np.int64)
#: Single rows buffered before they are checked and stored as a block.
_PENDING = 256
#: The longest span of weights `History.column` keeps for the next column of the same rows.
_SPAN_ROWS = 1 << 18

#: ``factor(idx, w0_before, w1_before, b_before) -> s`` of a rule whose factor depends on
#: the weights before the update (kept per update); None: ``s = η y_i`` from the index.
FactorFn = Callable[[IntArray, FloatArray, FloatArray, FloatArray], FloatArray]


def _take(arr: array[int], rows: IntArray) -> IntArray:
    """``arr[rows]`` as int64, through a view (O(len(rows)), no copy of the column)."""
    if not len(arr):
        return np.zeros(0, np.int64)[rows]  # IndexError for any row, as numpy
    view = np.frombuffer(arr, dtype=arr.typecode)
    out = view[rows].astype(np.int64)
    del view  # the array must stay free to grow
    return out


def _own(col: FloatArray, rows: int, budget: int) -> tuple[FloatArray, int]:
    """The first rows of `col` as float64, and the items that holds: a view (its whole
    array's items) within `budget` items, else a copy."""
    base = col if col.base is None else col.base
    size = np.asarray(base).size
    if col.dtype == np.float64 and size <= budget:
        return col[:rows], size
    return np.array(col[:rows], np.float64), rows


class _IntColumn:
    """An integer column that is not stored while it equals its guess (0, or row + 1)."""

    def __init__(self, guess: str | None, typecode: str) -> None:
        self.guess = guess  # "zero", "rank" or None (stored from the start)
        self.typecode = typecode
        self.data: array[int] | None = None if guess else array(typecode)

    def _guessed(self, start: int, stop: int) -> IntArray:
        if self.guess == "rank":
            return np.arange(start + 1, stop + 1, dtype=np.int64)
        return np.zeros(stop - start, dtype=np.int64)

    def extend(self, values: IntArray, start: int) -> None:
        if self.data is None:
            if np.array_equal(values, self._guessed(start, start + len(values))):
                return
            self.data = array(self.typecode)
            self.data.frombytes(self._guessed(0, start).astype(self.typecode).tobytes())
        if self.typecode != "q" and len(values) and int(np.abs(values).max()) >= 2**31:
            self.data = array("q", np.asarray(self.data, dtype=np.int64).tobytes())
            self.typecode = "q"
        self.data.frombytes(np.asarray(values, dtype=self.typecode).tobytes())

    def get(self, start: int, stop: int) -> IntArray:
        if self.data is None:
            return self._guessed(start, stop)
        part = self.data[start:stop]
        return (
            np.frombuffer(part, dtype=part.typecode).astype(np.int64)
            if len(part)
            else (np.zeros(0, np.int64))
        )

    def count_le(self, value: int, size: int) -> int:
        """Rows whose value is <= `value` (a column that never decreases); O(log size)."""
        if self.data is None:
            if self.guess == "rank":
                return max(0, min(size, value))
            return size if value >= 0 else 0
        if not len(self.data):
            return 0
        view = np.frombuffer(self.data, dtype=self.data.typecode)
        k = int(np.searchsorted(view, value, side="right"))
        del view  # the array must stay free to grow
        return k

    def take(self, rows: IntArray) -> IntArray:
        if self.data is None:
            return rows + 1 if self.guess == "rank" else np.zeros(rows.shape, np.int64)
        return _take(self.data, rows)

    def argmin(self) -> int:
        """The first row of the smallest value (stored rows only; -1 when none)."""
        if self.data is None or not len(self.data):
            return 0 if self.data is None else -1
        view = np.frombuffer(self.data, dtype=self.data.typecode)
        j = int(np.argmin(view))
        del view
        return j

    def item(self, row: int) -> int:
        if self.data is None:
            return row + 1 if self.guess == "rank" else 0
        return int(self.data[row])

    def truncate(self, k: int) -> None:
        if self.data is not None:
            del self.data[k:]

    def nbytes(self) -> int:
        return 0 if self.data is None else len(self.data) * self.data.itemsize


class History:
    """The updates of one run: index, visit, the weights after it, and one count.

    Parameters
    ----------
    x0, x1, y
        The points' coordinates and labels (the trainer's own arrays; not copied).
    eta, bias
        The step size and whether b moves.
    w_init, b_init
        The weights before the first update.
    count
        The name of the count column ("errors" for `Trainer`, "mistakes" otherwise),
        with `count_guess` its guess ("zero", "rank" or None).
    visit_guess
        The visit column's guess ("rank" when every visit is an update).
    factor
        See `FactorFn` (passive-aggressive); None for ``s = η y_i``.
    moves_w
        False when w never moves (the kernel perceptron: only b does).
    full
        Keep the weights of every update from the start (the batch perceptron, whose
        update is a sum over many points).
    """

    def __init__(
        self,
        x0: FloatArray,
        x1: FloatArray,
        y: FloatArray,
        eta: float,
        bias: bool,
        w_init: tuple[float, float],
        b_init: float,
        *,
        count: str,
        count_guess: str | None = "zero",
        visit_guess: str | None = None,
        factor: FactorFn | None = None,
        moves_w: bool = True,
        full: bool = False,
    ) -> None:
        self._x0, self._x1, self._y = x0, x1, y
        self._eta, self._bias, self._moves_w = float(eta), bool(bias), moves_w
        self._factor = factor
        self._init = (float(w_init[0]), float(w_init[1]), float(b_init))
        self.count_name = count
        small = "i" if len(y) < 2**31 else "q"
        self._index: array[int] = array(small)
        self._visit = _IntColumn(visit_guess, "q")
        self._count = _IntColumn(count_guess, "q" if count == "mistakes" else small)
        # Keyframes: the weights after 0, KEY, 2 KEY, ... updates (the first: w_init).
        self._kf: tuple[array[float], array[float], array[float]] = (
            array("d", [self._init[0]]),
            array("d", [self._init[1]]),
            array("d", [self._init[2]]),
        )
        self._steps: array[float] | None = array("d") if factor is not None else None
        self._full: tuple[array[float], array[float], array[float]] | None = (
            (array("d"), array("d"), array("d")) if full else None
        )
        self._last = self._init  # the weights after the last stored row
        self._pending: list[tuple[int, int, float, float, float, int]] = []
        self._block: tuple[int, FloatArray, FloatArray, FloatArray] | None = None
        # The last span of weights `column` made (start, stop, w0, w1, b): a result reads
        # w0, w1 and b of the same rows in turn, and each span computes all three.
        self._span: tuple[int, int, FloatArray, FloatArray, FloatArray] | None = None
        # The weights of the blocks `extend` stored since row 0 (rows, [(w0, w1, b)]): the
        # compiled loop's own columns, joined into the span when a read asks for them all.
        self._chain: tuple[int, list[tuple[FloatArray, ...]], int] | None = None

    # ------------------------------------------------------------------ size

    @property
    def size(self) -> int:
        """Rows (updates) kept."""
        return len(self._index) + len(self._pending)

    def __len__(self) -> int:
        return self.size

    @property
    def compact(self) -> bool:
        """True while the weights are computed again from keyframes (not kept per update)."""
        self._flush()
        return self._full is None

    def nbytes(self) -> int:
        """Bytes the history holds (the arrays' items; not their spare room)."""
        self._flush()
        b = len(self._index) * self._index.itemsize + self._visit.nbytes()
        b += self._count.nbytes() + 8 * 3 * len(self._kf[0])
        if self._steps is not None:
            b += 8 * len(self._steps)
        if self._full is not None:
            b += 8 * 3 * len(self._full[0])
        return b

    # ---------------------------------------------------------------- append

    def append(self, i: int, visit: int, w0: float, w1: float, b: float, count: int) -> None:
        """One update's row: its point, the visit count after it, the weights after it."""
        self._pending.append((i, visit, w0, w1, b, count))
        if len(self._pending) >= _PENDING:
            self._flush()

    def extend(
        self,
        index: IntArray,
        visit: IntArray,
        w0: FloatArray,
        w1: FloatArray,
        b: FloatArray,
        count: IntArray,
        *,
        steps: FloatArray | None = None,
        exact: bool = False,
    ) -> None:
        """A block of rows (the compiled loop's output).

        With `exact` the caller made each row's weights from the row before as
        ``w + s x`` (``b + s`` with the bias) with these very operations (the compiled
        loops, `fast._run_py` and `fast._run_online_py`): they are the rule's to the bit
        by construction and are not checked again (the check, which computes the rows'
        factors and weights once more, took as long as PA's whole loop); `steps` are
        then the rows' factors s (None: ``η y_i``), kept where the history keeps them
        (a `factor` given).

        The weights (the rule's, checked or exact) are kept while the blocks since row 0 come to
        at most `_SPAN_ROWS` rows: a run's result reads them as a span instead of
        computing them again from the keyframes. The caller hands w0, w1 and b over (it
        never writes them again): a block is kept as
        it is while the arrays so held come to at most 3·`_SPAN_ROWS` items (a copy was
        ~150 page faults at 2.4·10⁴ rows), past that copied (a view holds its whole array)."""
        self._flush()
        start = len(self._index)
        chain = self._chain
        self._store((index, visit, w0, w1, b, count), steps, exact)
        rows = len(self._index) - start
        if rows and start + rows <= _SPAN_ROWS and (start == 0 or chain is not None):
            parts, held = (chain[1], chain[2]) if chain is not None and start else ([], 0)
            block = []
            for c in (w0, w1, b):
                col, items = _own(c, rows, 3 * _SPAN_ROWS - held)
                block.append(col)
                held += items
            parts.append(tuple(block))
            self._chain = (start + rows, parts, held)

    def _flush(self) -> None:
        if not self._pending:
            return
        rows = self._pending
        self._pending = []
        self._store(list(zip(*rows, strict=True)))

    def _store(self, columns: Any, steps: FloatArray | None = None, exact: bool = False) -> None:
        """Rows given as the six columns (index, visit, w0, w1, b, count), any sequences;
        `steps` and `exact` as in `extend`."""
        cols: list[Any] = [np.asarray(c, dtype=t) for c, t in zip(columns, _DTYPES, strict=True)]
        idx, visit, w0, w1, b, count = cols
        if not len(idx):
            return
        self._block = None
        self._span = None
        self._chain = None
        start = len(self._index)
        if self._full is None:
            if exact:
                if self._steps is not None:
                    assert steps is not None and len(steps) == len(idx)
                    self._steps.frombytes(np.ascontiguousarray(steps, np.float64).tobytes())
            else:
                steps = self._check(idx, w0, w1, b)
                if steps is None:
                    self._keep_all()
                elif self._steps is not None:
                    self._steps.frombytes(steps.tobytes())
        if self._full is not None:
            for arr, col in zip(self._full, (w0, w1, b), strict=True):
                arr.frombytes(col.tobytes())
        else:
            # Keyframes after rows KEY-1, 2 KEY-1, ... (the weights after KEY, 2 KEY updates).
            first = (-(start + 1)) % KEY
            for arr, col in zip(self._kf, (w0, w1, b), strict=True):
                arr.frombytes(np.ascontiguousarray(col[first::KEY]).tobytes())
        self._index.frombytes(idx.astype(self._index.typecode).tobytes())
        self._visit.extend(visit, start)
        self._count.extend(count, start)
        self._last = (float(w0[-1]), float(w1[-1]), float(b[-1]))

    def _check(self, idx: IntArray, w0: FloatArray, w1: FloatArray, b: FloatArray) -> Any:
        """The rows' factors s when the rule gives every row's weights to the bit, else None."""
        p0 = np.concatenate(([self._last[0]], w0[:-1]))
        p1 = np.concatenate(([self._last[1]], w1[:-1]))
        pb = np.concatenate(([self._last[2]], b[:-1]))
        with np.errstate(all="ignore"):
            s = self._eta * self._y[idx] if self._factor is None else self._factor(idx, p0, p1, pb)
            s = np.asarray(s, dtype=np.float64)
            if self._moves_w:  # p + s x, in place (the operands of a product or sum swap exactly)
                q0 = self._x0.take(idx)
                q0 *= s
                q0 += p0
                q1 = self._x1.take(idx)
                q1 *= s
                q1 += p1
            else:
                q0, q1 = p0, p1
            qb = pb + s if self._bias else pb
        for got, want in ((q0, w0), (q1, w1), (qb, b)):
            if not np.array_equal(got.view(np.int64), want.view(np.int64)):
                return None
        return s

    def _keep_all(self) -> None:
        """From now on keep every row's weights (the rows so far computed once)."""
        n = len(self._index)
        w0, w1, b = self._weights(0, n)
        self._full = (array("d", w0.tobytes()), array("d", w1.tobytes()), array("d", b.tobytes()))
        self._steps = None
        self._block = None
        self._span = None

    # ----------------------------------------------------------------- reads

    def truncate(self, k: int) -> None:
        """Keep the first k rows."""
        self._flush()
        k = max(0, min(k, len(self._index)))
        del self._index[k:]
        self._visit.truncate(k)
        self._count.truncate(k)
        if self._steps is not None:
            del self._steps[k:]
        if self._full is not None:
            for arr in self._full:
                del arr[k:]
        for arr in self._kf:
            del arr[k // KEY + 1 :]
        self._block = None
        self._span = None
        self._chain = None
        if k:
            w0, w1, b = self._weights(k - 1, k)
            self._last = (float(w0[0]), float(w1[0]), float(b[0]))
        else:
            self._last = self._init

    def _weights(self, start: int, stop: int) -> tuple[FloatArray, FloatArray, FloatArray]:
        """w1, w2, b after the updates start .. stop-1 (rows already stored)."""
        if stop <= start:
            z = np.zeros(0)
            return z, z, z
        if self._full is not None:
            return tuple(  # type: ignore[return-value]
                np.frombuffer(arr[start:stop], dtype=np.float64).copy() for arr in self._full
            )
        base = (start // KEY) * KEY
        idx = np.frombuffer(self._index[base:stop], dtype=self._index.typecode).astype(np.int64)
        if self._steps is not None:
            s = np.frombuffer(self._steps[base:stop], dtype=np.float64)
        else:
            s = self._eta * self._y[idx]
        m = base // KEY
        out = []
        for j, x in enumerate((self._x0, self._x1, None)):
            acc = np.empty(len(idx) + 1)
            acc[0] = self._kf[j][m]
            if x is None:
                if not self._bias:
                    acc[1:] = acc[0]
                    out.append(acc[1 + start - base :])
                    continue
                acc[1:] = s
            elif not self._moves_w:
                acc[1:] = acc[0]
                out.append(acc[1 + start - base :])
                continue
            else:
                acc[1:] = s * x[idx]
            np.add.accumulate(acc, out=acc)  # in order, one sum at a time: the run's bits
            out.append(acc[1 + start - base :])
        return out[0], out[1], out[2]

    def column(self, name: str, start: int = 0, stop: int | None = None) -> npt.NDArray[Any]:
        """Rows ``start:stop`` of one column as a new numpy array (int64 or float64)."""
        self._flush()
        n = len(self._index)
        start, stop, _ = slice(start, stop).indices(n)
        stop = max(start, stop)
        if name == "index":
            part = self._index[start:stop]
            return (
                np.frombuffer(part, dtype=part.typecode).astype(np.int64)
                if len(part)
                else (np.zeros(0, np.int64))
            )
        if name == "visit":
            return self._visit.get(start, stop)
        if name == self.count_name:
            return self._count.get(start, stop)
        if name in ("w0", "w1", "b"):
            j = ("w0", "w1", "b").index(name)
            span = self._span
            chain = self._chain
            if start == 0 and chain is not None and chain[0] == stop:
                parts = chain[1]
                c0, c1, cb = (
                    np.concatenate([p[c] for p in parts]) if len(parts) > 1 else parts[0][c]
                    for c in range(3)
                )
                span = self._span = (0, stop, c0, c1, cb)
                self._chain = None
            if span is not None and span[:2] == (start, stop):
                return span[2:][j].copy()
            cols = self._weights(start, stop)
            if stop - start <= _SPAN_ROWS:
                self._span = (start, stop, *cols)
                return cols[j].copy()
            return cols[j]
        raise KeyError(name)

    def updates_by(self, visits: int) -> int:
        """How many updates were made by visit `visits` (the visit column's searchsorted)."""
        self._flush()
        return self._visit.count_le(visits, len(self._index))

    def first_fewest(self) -> int:
        """The first row with the smallest count (the pocket's rule); -1 when no rows."""
        self._flush()
        return self._count.argmin() if len(self._index) else -1

    def take(self, name: str, rows: IntArray) -> npt.NDArray[Any]:
        """The entries at `rows` of one column (a copy)."""
        rows = np.asarray(rows, dtype=np.int64)
        if not rows.size:
            return self.column(name, 0, 0)
        if name in ("w0", "w1", "b") and self._full is None:
            lo, hi = int(rows.min()), int(rows.max()) + 1
            blocks = np.unique(rows // KEY)
            if len(blocks) * KEY < hi - lo:  # scattered rows: only their blocks
                out = np.empty(rows.shape, np.float64)
                for blk in blocks.tolist():
                    sel = rows // KEY == blk
                    part = self.column(name, blk * KEY, min((blk + 1) * KEY, self.size))
                    out[sel] = part[rows[sel] - blk * KEY]
                return out
            return self.column(name, lo, hi)[rows - lo]
        self._flush()
        if name == "index":
            return _take(self._index, rows)
        if name == "visit":
            return self._visit.take(rows)
        if name == self.count_name:
            return self._count.take(rows)
        return self.column(name, 0, len(self._index))[rows]  # every row's weights kept

    def value(self, name: str, row: int) -> Any:
        """One entry (int for the integer columns, float for the weights); O(KEY)."""
        if row < 0:
            row += self.size
        if self._pending and row >= len(self._index):
            r = self._pending[row - len(self._index)]
            if name == "index":
                return r[0]
            if name == "visit":
                return r[1]
            if name == self.count_name:
                return r[5]
            return r[2 + ("w0", "w1", "b").index(name)]
        if name == "index":
            return int(self._index[row])
        if name == "visit":
            return self._visit.item(row)
        if name == self.count_name:
            return self._count.item(row)
        j = ("w0", "w1", "b").index(name)
        if self._full is not None:
            return self._full[j][row]
        blk = row // KEY
        if self._block is None or self._block[0] != blk:
            stop = min((blk + 1) * KEY, len(self._index))
            self._block = (blk, *self._weights(blk * KEY, stop))
        cols = self._block[1:]
        return float(cols[j][row - blk * KEY])

    def weights(self, row: int) -> tuple[tuple[float, float], float]:
        """``((w1, w2), b)`` after update row + 1 (row -1: the initial weights)."""
        if row < 0:
            return (self._init[0], self._init[1]), self._init[2]
        w0, w1, b = (float(self.value(name, row)) for name in ("w0", "w1", "b"))
        return (w0, w1), b

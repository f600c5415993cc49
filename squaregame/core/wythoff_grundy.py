"""Grundy values of Wythoff's queen (normal play) on a square board, with numpy.

g(x, y) is the mex of the values to its left in row y, below it in column x and down-left
on its diagonal. All three lie on earlier anti-diagonals (x + y smaller), so every cell of
one anti-diagonal is settled at once. Only the cells with x ≤ y are computed, as
g(x, y) = g(y, x); for x ≤ y

* the row to the left, (x', y) with x' < x, lies in that half;
* the column below, (x, y') with y' < y, is the mirror image (y', x) of row x up to (x, x)
  followed by (x, y') for x < y' < y: all in that half.

So three bit sets (64 values a word) hold everything: row y so far; column x, which
receives row x whole when (x, x) is settled (row x is then complete, and no cell (x, y)
with x < y came before) and each (x, y) after it; and diagonal y − x. The cell (x, x) itself
reads row x as its column. Each set keeps the first of its words that is not full; the
mex is at least the largest of the three, and the search for the first word of the union
that is not full starts there, 16 words at a time.

A cell has x + y + min(x, y) ≤ 3·size options, so its mex is at most that: the bit sets
have room for it (and a chunk more), and 16-bit values hold every board up to 21,845.

Cost, measured with ``time.process_time`` on the 2-core development machine: 0.17 s for a
board of 1000, 0.64 s at 2000, 1.6 s at 3000 and 3.1 s at 4000 — about what building the
remoteness board of that size takes (3.2 s at 4000); squaregame 1.0's pure-Python mex took
0.76 s at 1200, and that was its limit. Memory: 2 bytes a cell for the values plus three
bit sets of about 3·size/64 words per line: 57 MB at the peak at 4000 (tracemalloc).

Checked against the plain row-by-row mex and against brute force in
``tests/test_wythoff_grundy.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Progress = Callable[[float], None]
CHUNK = 16  # words gathered at once while looking for the first one not full


class GrundyBoards:
    """Grundy values on a square board, computed when first asked for and kept; a larger
    request computes a larger board (at least half as large again, at most ``limit``)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._g: Any = None

    def covers(self, size: int) -> bool:
        return self._g is not None and self._g.shape[0] > size

    def board(self, size: int, progress: Progress | None = None) -> Any:
        """g[x, y] for 0 ≤ x, y ≤ at least ``size`` (``size`` ≤ ``limit``)."""
        if size > self.limit:
            raise ValueError(f"Grundy values are computed up to {self.limit}")
        if not self.covers(size):
            have = 0 if self._g is None else self._g.shape[0]
            self._g = wythoff_grundy(min(self.limit, max(size, 64, have * 3 // 2)), progress)
        return self._g


def wythoff_grundy(size: int, progress: Progress | None = None) -> Any:
    """g[x, y] for 0 ≤ x, y ≤ size, as a (size + 1)² array of uint16."""
    import numpy as np  # numpy only when computing

    full_word = np.uint64(0xFFFFFFFFFFFFFFFF)
    n = size + 1
    words = (3 * n) // 64 + 1 + CHUNK  # room for every value up to 3·size, and a chunk more
    g = np.zeros((n, n), dtype=np.uint16)
    rows = np.zeros(n * words, dtype=np.uint64)  # row y: cells (x', y), x' ≤ y, so far
    cols = np.zeros(n * words, dtype=np.uint64)  # column x below: see the module's docstring
    diags = np.zeros(n * words, dtype=np.uint64)  # diagonal y − x
    low_r, low_c, low_d = (np.zeros(n, dtype=np.int64) for _ in range(3))  # first word not full
    span = np.arange(CHUNK)
    take = np.take
    for s in range(2 * n - 1):
        x = np.arange(max(0, s - n + 1), s // 2 + 1)
        y = s - x
        d = y - x
        ry, cx, dd = y * words, x * words, d * words
        w = np.maximum(np.maximum(low_r[y], low_c[x]), low_d[d])
        word = take(rows, ry + w) | take(cols, cx + w) | take(diags, dd + w)
        todo = np.flatnonzero(word == full_word)
        while todo.size:  # these cells' word is full: look further, a chunk at a time
            at = w[todo, None] + span
            chunk = (
                take(rows, ry[todo, None] + at)
                | take(cols, cx[todo, None] + at)
                | take(diags, dd[todo, None] + at)
            )
            open_ = chunk != full_word
            first = open_.argmax(axis=1)
            k = np.arange(todo.size)
            found = open_[k, first]
            w[todo] += np.where(found, first, CHUNK)
            word[todo] = chunk[k, first]
            todo = todo[~found]
        bit = ~word & (word + np.uint64(1))  # the lowest bit not set: a power of two
        value = w * 64 + (np.frexp(bit.astype(np.float64))[1] - 1)  # exact: 2^k is a float
        g[x, y] = value
        g[y, x] = value
        rows[ry + w] |= bit  # x ≤ y: no two cells of one anti-diagonal share a row, a
        cols[cx + w] |= bit  # column or a diagonal, so these writes never collide
        diags[dd + w] |= bit
        for bits, first_open, base, line in (
            (rows, low_r, ry, y),
            (cols, low_c, cx, x),
            (diags, low_d, dd, d),
        ):
            moved = take(bits, base + first_open[line]) == full_word
            line, base = line[moved], base[moved]
            while line.size:
                first_open[line] += 1
                moved = take(bits, base + first_open[line]) == full_word
                line, base = line[moved], base[moved]
        if s % 2 == 0:  # (m, m) is settled: row m is complete, and column m takes it whole
            m = s // 2
            if m < n:
                column = cols[m * words : (m + 1) * words]
                column |= rows[m * words : (m + 1) * words]
                low_c[m] = int(np.argmax(column != full_word))
        if progress is not None and s % 256 == 0:
            progress(s / (2 * n - 1))
    return g

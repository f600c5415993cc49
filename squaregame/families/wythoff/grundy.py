"""Grundy values of Wythoff's queen (normal play) on a square board: with the C kernel where
it can be had (``assets/native/wythoff_board.c``: its comment says how; ``squaregame bench``
times the two), else with numpy, as follows.

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
reads row x as its column.

A cell (x, y), x ≤ y, has x + y + x options, so its mex is at most s + x ≤ 1.5·s on
anti-diagonal s = x + y: for each cell of the diagonal the first 1.5·s/64 + 1 words of its
three sets are gathered at once (one fancy index each), OR-ed, and the first word that is
not full holds the mex. That is a handful of numpy calls a diagonal, whatever the board
(an earlier version kept a pointer to each set's first open word and searched on from
there: it gathered less, but made three times as many calls and was slower at every size
from 64 to 4000, the limit). Values fit 16 bits on every board up to 21,845. Memory: 2 bytes a
cell for the values, three bit sets of 3·size/64 words a line (18 MB at 4000), and the
gathered words of one diagonal.

Checked against the plain row-by-row mex and against brute force in
``tests/test_wythoff_grundy.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Progress = Callable[[float], None]


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
    """g[x, y] for 0 ≤ x, y ≤ size, as a (size + 1)² array of uint16: from the C kernel
    (:func:`squaregame.families.wythoff.native.grundy_native`, viewed without a copy) where the
    board's builder is the native one (:func:`squaregame.families.wythoff.native.wythoff_builder`),
    else from :func:`wythoff_grundy_numpy`; the two give the same values."""
    import numpy as np  # numpy and the C builder: only while building

    from squaregame.families.wythoff.native import NATIVE_MAX, grundy_native, wythoff_builder

    if size <= NATIVE_MAX // 3 and wythoff_builder(size) == "native":
        try:
            g = grundy_native(size, progress)
        except OSError:  # the library cannot be had after all
            return wythoff_grundy_numpy(size, progress)
        return np.frombuffer(g, dtype=np.uint16).reshape(size + 1, size + 1)
    return wythoff_grundy_numpy(size, progress)


def wythoff_grundy_numpy(size: int, progress: Progress | None = None) -> Any:
    """g[x, y] for 0 ≤ x, y ≤ size, with numpy (the module's docstring says how)."""
    import numpy as np  # numpy only when computing

    full_word = np.uint64(0xFFFFFFFFFFFFFFFF)
    one = np.uint64(1)
    n = size + 1
    words = (3 * n) // 64 + 1  # room for every value up to 3·size
    g = np.zeros((n, n), dtype=np.uint16)
    rows = np.zeros((n, words), dtype=np.uint64)  # row y: cells (x', y), x' ≤ y, so far
    cols = np.zeros((n, words), dtype=np.uint64)  # column x below: see the module's docstring
    diags = np.zeros((n, words), dtype=np.uint64)  # diagonal y − x
    for s in range(2 * n - 1):
        x = np.arange(max(0, s - n + 1), s // 2 + 1)
        y = s - x
        d = y - x
        top = min(words, (s + s // 2) // 64 + 1)  # the word of the largest possible mex
        seen = rows[y, :top] | cols[x, :top] | diags[d, :top]
        w = (seen != full_word).argmax(axis=1)  # the first word not full holds the mex
        word = seen[np.arange(x.size), w]
        bit = ~word & (word + one)  # the lowest bit not set: a power of two
        value = w * 64 + (np.frexp(bit.astype(np.float64))[1] - 1)  # exact: 2^k is a float
        g[x, y] = value
        g[y, x] = value
        rows[y, w] |= bit  # x ≤ y: no two cells of one anti-diagonal share a row, a
        cols[x, w] |= bit  # column or a diagonal, so these writes never collide
        diags[d, w] |= bit
        if s % 2 == 0:  # (m, m) is settled: row m is complete, and column m takes it whole
            m = s // 2
            cols[m] |= rows[m]
        if progress is not None and s % 256 == 0:
            progress(s / (2 * n - 1))
    return g

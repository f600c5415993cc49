"""Wythoff's queen (two-pile Wythoff's Nim): closed form and position tables.

A position is (x, y); a move lowers x, or y, or both by the same positive amount. Normal
play: whoever moves to (0, 0) wins. Misère: whoever moves to (0, 0) loses.

Cold positions in normal play are (a_k, b_k) and (b_k, a_k) with a_k = ⌊kφ⌋ and
b_k = a_k + k (OEIS A000201 / A001950), computed here in exact integer arithmetic.

The table is filled by anti-diagonals (x + y = s), all cells of one diagonal at once.
Every child of (x, y) lies in its row to the left, its column below, or its diagonal
down-left, so running aggregates along those three lines — least remoteness of a cold
cell passed, greatest remoteness of any cell passed — give each cell's value in O(1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import isqrt
from typing import Any

from squaregame.core.types import Outcome, PositionInfo
from squaregame.core.wythoff_grundy import GrundyBoards

WYTHOFF_AUTO_LIMIT = 4000  # board side built on demand (its Grundy values take ~3 s there)
# Grundy values (core/wythoff_grundy.py) as far as the boards go: about 3 s at 4000 as well.
WYTHOFF_GRUNDY_LIMIT = WYTHOFF_AUTO_LIMIT
Progress = Callable[[float], None]
GrundySource = Callable[[int], Any]  # size -> g[x, y] covering 0..size (a numpy array)


def lower_wythoff(k: int) -> int:
    """a_k = ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, exactly (A000201 with a_0 = 0)."""
    return (k + isqrt(5 * k * k)) // 2


def cold_pairs(limit: int | None = None, *, count: int | None = None) -> Iterator[tuple[int, int]]:
    """(a_k, b_k) for k = 0, 1, 2, … while a_k ≤ limit (or for ``count`` pairs)."""
    k = 0
    while True:
        if count is not None and k >= count:
            return
        a = lower_wythoff(k)
        if limit is not None and a > limit:
            return
        yield a, a + k
        k += 1


def is_cold_normal(x: int, y: int) -> bool:
    """Closed-form test: (x, y) is a normal-play cold position."""
    a, b = min(x, y), max(x, y)
    k = b - a
    return lower_wythoff(k) == a


def is_cold_misere(x: int, y: int) -> bool:
    """Misère: as normal play except near the corner: (0,1), (1,0), (2,2) replace
    (0,0), (1,2), (2,1)."""
    a, b = min(x, y), max(x, y)
    if b <= 2:
        return (a, b) in ((0, 1), (2, 2))
    return is_cold_normal(x, y)


class WythoffTable:
    """Outcome and remoteness of every (x, y) with 0 ≤ x, y ≤ size."""

    def __init__(
        self, size: int, misere: bool, rem: Any, cold: Any, grundy: GrundySource | None = None
    ) -> None:
        self.size = size
        self.misere = misere
        self._rem = rem
        self._cold = cold
        self._grundy_source = grundy  # a cache shared by every table (see Tables)
        self._own_grundy = GrundyBoards(WYTHOFF_GRUNDY_LIMIT)  # ... or this table's own

    @property
    def remoteness_array(self) -> Any:
        """The board's remoteness as a read-only numpy array, [x, y]."""
        view = self._rem.view()
        view.flags.writeable = False
        return view

    @property
    def cold_array(self) -> Any:
        view = self._cold.view()
        view.flags.writeable = False
        return view

    def covers(self, x: int, y: int) -> bool:
        return 0 <= x <= self.size and 0 <= y <= self.size

    def outcome(self, x: int, y: int) -> Outcome:
        return Outcome.COLD if self._cold[x, y] else Outcome.HOT

    def remoteness(self, x: int, y: int) -> int:
        return int(self._rem[x, y])

    def grundy(self, x: int, y: int) -> int | None:
        if self.misere or max(x, y) > WYTHOFF_GRUNDY_LIMIT:
            return None
        return int(self._grundy_table(max(x, y))[x, y])

    def _grundy_table(self, size: int) -> Any:
        if self._grundy_source is not None:
            return self._grundy_source(size)
        return self._own_grundy.board(size)

    def info(self, x: int, y: int) -> PositionInfo:
        return PositionInfo(self.outcome(x, y), self.remoteness(x, y), True, self.grundy(x, y))

    def best_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        """The perfect player's choices from (x, y), from three slices of the table: a cold
        target of least remoteness from a hot square, else a target of greatest remoteness."""
        import numpy as np

        d = min(x, y)
        cells = (
            [(i, y) for i in range(x)],
            [(x, j) for j in range(y)],
            [(x - k, y - k) for k in range(1, d + 1)],
        )
        rems = np.concatenate(
            [
                self._rem[:x, y],
                self._rem[x, :y],
                self._rem[x - np.arange(1, d + 1), y - np.arange(1, d + 1)],
            ]
        )
        colds = np.concatenate(
            [
                self._cold[:x, y],
                self._cold[x, :y],
                self._cold[x - np.arange(1, d + 1), y - np.arange(1, d + 1)],
            ]
        )
        if rems.size == 0:
            return []
        if colds.any():
            target = rems[colds].min()
            pick = np.flatnonzero(colds & (rems == target))
        else:
            pick = np.flatnonzero(rems == rems.max())
        flat = [c for group in cells for c in group]
        return [flat[i] for i in pick.tolist()]


def build_wythoff(
    size: int, misere: bool, progress: Progress | None = None, grundy: GrundySource | None = None
) -> WythoffTable:
    """Fill the (size+1)² board by anti-diagonals (``grundy``: where Grundy values come from).

    On the diagonal x + y = s every row, every column and every diagonal x − y = d holds
    exactly one cell, and every cell before it on those lines lies on an earlier
    anti-diagonal. So one-dimensional running aggregates — per row y, per column x and per
    diagonal d: the least remoteness of a cold cell passed, the greatest remoteness of any
    cell passed — give each cell its value (hot: 1 + the least; cold, with no cold child:
    1 + the greatest), and the cells of one anti-diagonal are contiguous slices of them
    (rows reversed, diagonals every second entry). The board
    itself is written along the anti-diagonal as a strided view of its flat array. No
    fancy indexing and no board-sized temporaries: two bytes a cell for the remoteness
    (at most x + y, as every move lowers x + y) and one for the outcome.
    """
    import numpy as np  # numpy only when building

    n = size + 1
    big = 1 << 30
    rem = np.zeros((n, n), dtype=np.uint16 if 2 * size < 1 << 16 else np.int32)
    cold = np.zeros((n, n), dtype=bool)
    flat_rem, flat_cold = rem.reshape(-1), cold.reshape(-1)
    # Each aggregate is two rows: [0] the least remoteness of a cold cell passed (big: none),
    # [1] minus the greatest remoteness of any cell passed (1: none) — both kept by a minimum,
    # so one numpy step updates both.
    row = np.array([[big], [1]], dtype=np.int32).repeat(n, axis=1)  # by y
    col = row.copy()  # by x
    dia = np.array([[big], [1]], dtype=np.int32).repeat(2 * n - 1, axis=1)  # by x − y + n − 1
    agg = np.empty((2, n), dtype=np.int32)
    new = np.empty((2, n), dtype=np.int32)
    r = np.empty(n, dtype=np.int32)
    is_cold = np.empty(n, dtype=bool)
    step = max(1, (2 * n - 1) // 100)
    for s in range(2 * n - 1):
        lo, hi = max(0, s - n + 1), min(s, n - 1)  # x runs lo..hi, y = s − x runs down
        k = hi - lo + 1
        cols = slice(lo, hi + 1)
        rows = slice(s - lo, s - hi - 1 if s - hi > 0 else None, -1)
        d0 = 2 * lo - s + n - 1
        dias = slice(d0, d0 + 2 * k - 1, 2)
        a, nw, rr, ic = agg[:, :k], new[:, :k], r[:k], is_cold[:k]
        np.minimum(row[:, rows], col[:, cols], out=a)
        np.minimum(a, dia[:, dias], out=a)
        np.equal(a[0], big, out=ic)  # no cold child
        np.add(a[0], 1, out=rr)  # hot: 1 + the least remoteness of a cold child
        np.subtract(1, a[1], out=rr, where=ic)  # cold: 1 + the greatest of all
        if s == 0:
            rr[:] = 0
            ic[:] = not misere
        cells = slice(lo * n + (s - lo), hi * n + (s - hi) + 1, max(1, n - 1))
        flat_rem[cells] = rr
        flat_cold[cells] = ic
        nw[0] = big
        np.copyto(nw[0], rr, where=ic)
        np.negative(rr, out=nw[1])
        np.minimum(row[:, rows], nw, out=row[:, rows])
        np.minimum(col[:, cols], nw, out=col[:, cols])
        np.minimum(dia[:, dias], nw, out=dia[:, dias])
        if progress is not None and s % step == 0:
            progress(s / (2 * n - 1))
    return WythoffTable(size, misere, rem, cold, grundy)

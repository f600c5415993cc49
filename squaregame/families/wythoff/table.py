"""Wythoff's queen (two-pile Wythoff's Nim): closed form and position tables.

A position is (x, y); a move lowers x, or y, or both by the same positive amount. Normal
play: whoever moves to (0, 0) wins. Misère: whoever moves to (0, 0) loses.

Cold positions in normal play are (a_k, b_k) and (b_k, a_k) with a_k = ⌊kφ⌋ and
b_k = a_k + k (OEIS A000201 / A001950), computed here in exact integer arithmetic.

The table is filled from its cold cells, in order of x + y: every child of (x, y) lies
in its row to the left, its column below, or its diagonal down-left, so each cold cell
reads its children's values and pushes its own to its parents along three slices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import isqrt
from typing import TYPE_CHECKING, Any

from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.wythoff.grundy import GrundyBoards

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

WYTHOFF_AUTO_LIMIT = 4000  # board side built on demand
# Grundy values (games/wythoff/grundy.py) as far as the boards go: at 4000 the longest wait
# of a Wythoff game (``squaregame bench`` times it with each builder).
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


MISERE_CORNER = ((1, 0), (0, 1), (2, 2))  # misère's cold cells with x, y ≤ 2 (cold_cells)


def is_cold_misere(x: int, y: int) -> bool:
    """Misère: as normal play except near the corner: (0,1), (1,0), (2,2) replace
    (0,0), (1,2), (2,1)."""
    if max(x, y) <= 2:
        return (x, y) in MISERE_CORNER
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
        self._grundy_source = grundy  # a cache shared by every board (WythoffBoards)
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

    def infos(self, upto: int) -> list[PositionInfo]:
        """:meth:`info` of every (x, y) with x, y ≤ ``upto`` (covered), x first then y, read
        off the arrays at once (a million squares in a fraction of a second)."""
        side = upto + 1
        rem = self._rem[:side, :side].ravel().tolist()
        cold = self._cold[:side, :side].ravel().tolist()
        if self.misere or upto > WYTHOFF_GRUNDY_LIMIT:
            grundy: list[Any] = [None] * (side * side)
        else:
            grundy = self._grundy_table(upto)[:side, :side].ravel().tolist()
        hot, cold_ = Outcome.HOT, Outcome.COLD
        return [
            PositionInfo(cold_ if c else hot, r, True, g)
            for c, r, g in zip(cold, rem, grundy, strict=True)
        ]

    def best_moves(self, x: int, y: int) -> list[tuple[int, int]]:
        """The perfect player's choices from (x, y), from three slices of the table: a cold
        target of least remoteness from a hot square, else a target of greatest remoteness."""
        import numpy as np  # numpy: only for a row's best moves

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


def cold_cells(size: int, misere: bool) -> list[tuple[int, int]]:
    """Every cold (x, y) with x, y ≤ size, in order of x + y (then x).

    A cell is cold iff none of its children is, so the cold cells can be found row by row
    (y = 0, 1, …): in row y the cold cell is the first x whose column holds no cold cell
    below and whose diagonal x − y holds none down-left — after it, every x of the row has
    it as a child. Normal play: that construction gives Wythoff's pairs (a_k, b_k) and
    (b_k, a_k) (Wythoff 1907; :func:`cold_pairs`; the tests check the pairs against their
    mex construction up to 10^5, and these cells against this row-by-row one up to 3000).
    Misère, (0, 0) is hot (the player to move has won), and the construction gives (1, 0),
    (0, 1), (2, 2) in rows 0–2; after row 2 the columns used ({0, 1, 2}) and the diagonals
    used ({−1, 0, 1}) are the same as in normal play after its (0, 0), (2, 1), (1, 2), so
    every later row picks the same cell as in normal play.
    """
    cells: list[tuple[int, int]] = []
    for a, b in cold_pairs(size):
        if misere and b <= 2:
            continue
        if b <= size:
            cells.append((a, b))
            if a != b:
                cells.append((b, a))
    if misere:
        cells += [(x, y) for x, y in MISERE_CORNER if max(x, y) <= size]
    cells.sort(key=lambda c: (c[0] + c[1], c[0]))
    return cells


def _native_board(size: int, misere: bool, progress: Progress | None) -> Any:
    """The C kernel's board where :func:`wythoff_builder` chooses it, or None (numpy's turn:
    chosen so, or the library cannot be had)."""
    # (the C builder only when used: it may compile)
    from squaregame.families.wythoff.native import board_native, wythoff_builder

    if wythoff_builder(size) != "native":
        return None
    try:
        return board_native(size, misere, progress)
    except OSError:
        return None


def build_wythoff(
    size: int, misere: bool, progress: Progress | None = None, grundy: GrundySource | None = None
) -> WythoffTable:
    """The (size+1)² board's outcome and remoteness (``grundy``: where Grundy values come
    from), from the C kernel where :func:`wythoff_builder` says so (viewed as numpy arrays,
    not copied), else from :func:`build_wythoff_numpy`; the two give the same bytes."""
    import numpy as np  # numpy: only while building (a lookup needs none)

    board = _native_board(size, misere, progress)
    if board is None:
        return build_wythoff_numpy(size, misere, progress, grundy)
    n = size + 1
    rem = np.frombuffer(board.rem, dtype=np.uint16).reshape(n, n)
    cold = np.frombuffer(board.cold, dtype=np.bool_).reshape(n, n)
    return WythoffTable(size, misere, rem, cold, grundy)


class WythoffBoards:
    """The Wythoff boards a program has built, and their Grundy values: the family's part of
    the program's :class:`~squaregame.core.tables.Tables` (key ``wythoff``)."""

    PART = "wythoff"

    @classmethod
    def of(cls, tables: Tables) -> WythoffBoards:
        return tables.part(cls.PART, lambda _: cls())

    def __init__(self) -> None:
        self._boards: dict[tuple[int, bool], WythoffTable] = {}
        self._grundy = GrundyBoards(WYTHOFF_GRUNDY_LIMIT)

    def board(self, size: int, misere: bool, progress: Progress | None = None) -> WythoffTable:
        """A board of side at least ``size`` (a kept one if it is large enough)."""
        for (s, m), t in self._boards.items():
            if m == misere and s >= size:
                return t
        t = build_wythoff(size, misere, progress, self.grundy)
        self._boards[(size, misere)] = t
        return t

    def grundy(self, size: int, progress: Progress | None = None) -> Any:
        """Normal-play Grundy values g[x, y] covering 0..size (computed, then kept)."""
        return self._grundy.board(size, progress)

    def grundy_ready(self, size: int) -> bool:
        return self._grundy.covers(size)


def board_stats(size: int) -> tuple[int, int, tuple[int, int]]:
    """Normal play's cold count, largest remoteness and its first cell (row-major) on the
    (size+1)² board, built afresh; with the C kernel no numpy is imported at all."""
    cold, top, at, _ = built_board(size)
    return cold, top, at


def built_board(size: int) -> tuple[int, int, tuple[int, int], Any]:
    """:func:`board_stats` and the board's remoteness values, flat, row-major (x outer):
    a ``memoryview`` of the C kernel's ``uint16`` cells, or numpy's array."""
    board = _native_board(size, False, None)
    if board is not None:
        rem = memoryview(board.rem).cast("H")
        return board.cold_count, board.max_remoteness, board.max_at, rem
    table = build_wythoff_numpy(size, False)
    values, cold = table.remoteness_array, table.cold_array
    at = divmod(int(values.argmax()), size + 1)
    return int(cold.sum()), int(values[at]), at, values.reshape(-1)


def build_wythoff_numpy(
    size: int, misere: bool, progress: Progress | None = None, grundy: GrundySource | None = None
) -> WythoffTable:
    """The board with numpy.

    The cold cells are known (:func:`cold_cells`) and few (about 0.76 a row), so the work
    is organised around them, taken in order of x + y. A hot cell's remoteness is 1 + the
    least remoteness of its cold children, so the board first holds, for each hot cell, that
    least value + 1, pushed forward from each cold cell along its row, its column and its
    diagonal (three slices, each one numpy step). A cold cell's children are all hot and
    all have smaller x + y; their cold children have smaller x + y still, so they have been
    pushed and the children's values are final: the cold cell's remoteness is 1 + their
    largest (three slices again). No board-sized temporaries: two bytes a cell for the
    remoteness (at most x + y, as every move lowers x + y) and one for the outcome.
    """
    import numpy as np  # numpy only when building

    n = size + 1
    dtype = np.uint16 if 2 * size < (1 << 16) - 2 else np.int32
    rem = np.full((n, n), np.iinfo(dtype).max, dtype=dtype)  # hot: 1 + least cold child
    flat, diagonal = rem.reshape(-1), n + 1  # (x, y) is flat[x·n + y]
    cells = cold_cells(size, misere)
    if misere:
        rem[0, 0] = 0  # terminal, and hot: the player to move has won
    values: list[int] = []
    step = max(1, len(cells) // 100)
    for i, (x, y) in enumerate(cells):
        d, top = min(x, y), 0
        if x:
            top = int(rem[y, :x].max())  # = rem[:x, y] (final, and the board is symmetric)
        if y:
            top = max(top, int(rem[x, :y].max()))
        if d:
            top = max(top, int(flat[(x - d) * n + y - d : x * n + y : diagonal].max()))
        r = top + 1 if x + y else 0
        values.append(r)
        for line in (rem[x + 1 :, y], rem[x, y + 1 :], _up_right(flat, n, x, y)):
            np.minimum(line, r + 1, out=line)
        if progress is not None and i % step == 0:
            progress(i / len(cells))
    cold = np.zeros((n, n), dtype=bool)
    if cells:
        xs, ys = np.array(cells, dtype=np.intp).T
        cold[xs, ys] = True
        rem[xs, ys] = values
    return WythoffTable(size, misere, rem, cold, grundy)


def _up_right(flat: Any, n: int, x: int, y: int) -> Any:
    """The cells (x + k, y + k), k ≥ 1, of the flat n × n board, as a strided view."""
    e = n - 1 - max(x, y)
    return flat[(x + 1) * n + y + 1 : (x + e) * n + y + e + 1 : n + 1]

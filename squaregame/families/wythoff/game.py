"""Wythoff's queen as a game. A position is ``(x, y)``; the tables are in the caller's
:class:`~squaregame.core.tables.Tables`. Beyond the boards (farther than
``WYTHOFF_AUTO_LIMIT`` from the corner, up to ``BIG_LIMIT``) every answer comes from the
closed form (:mod:`.closed`, :mod:`.big`): outcome, exact remoteness and every winning move,
in both conventions; only the Grundy value is not known there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from squaregame.core.budget import BULK_VALUE_COST
from squaregame.core.errors import PositionError, TableLimitError
from squaregame.core.game import Game, GameKind, Progress, check_natural
from squaregame.core.moves import Run
from squaregame.core.sums.genus import TamePair
from squaregame.core.types import Move, PositionInfo
from squaregame.families.wythoff import big
from squaregame.families.wythoff.closed import BIG_LIMIT, FICKLE, is_cold
from squaregame.families.wythoff.table import (
    WYTHOFF_AUTO_LIMIT,
    WYTHOFF_GRUNDY_LIMIT,
    WythoffBoards,
    WythoffTable,
)

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

Cell = tuple[int, int]
SHAPES = ("left", "down", "diagonal")  # a move's shape by its line (move_line)
QUICK_BOARD = 64  # boards up to here are built in a moment
ANSWER_COST, SLICE_COST = 5_000, 20  # best moves: about 50 µs, and 0.2 µs a square looked at


def queen_can_move(frm: Cell, to: Cell) -> bool:
    """Left, down, or diagonally down-left, by at least one square."""
    (x, y), (tx, ty) = frm, to
    if (tx, ty) == (x, y) or tx < 0 or ty < 0:
        return False
    return (ty == y and tx < x) or (tx == x and ty < y) or (x - tx == y - ty > 0)


class WythoffGame(Game[Cell]):
    def __init__(self, kind: GameKind, misere: bool, tables: Tables) -> None:
        super().__init__(kind, (), misere, tables)
        self.boards = WythoffBoards.of(tables)
        self._table: WythoffTable | None = None

    @property
    def dimensions(self) -> int:
        return 2

    knows_best_moves = True  # read off the board's table: three slices, never every move

    @staticmethod
    def check_reach(need: int) -> None:
        """Boards are built up to ``WYTHOFF_AUTO_LIMIT``; farther, positions up to
        ``BIG_LIMIT`` are answered from the closed form."""
        if need > BIG_LIMIT:
            raise TableLimitError("wythoff.errors.too_far", limit=f"{BIG_LIMIT:,}", need=need)

    @staticmethod
    def is_big(pos: Cell) -> bool:
        """Beyond the boards: answered from the closed form (:mod:`.big`)."""
        return max(pos) > WYTHOFF_AUTO_LIMIT

    def table(self, need: int, progress: Progress | None = None) -> WythoffTable:
        t = self._table
        if t is None or t.size < need:
            if need > WYTHOFF_AUTO_LIMIT:
                raise TableLimitError("wythoff.errors.limit", limit=WYTHOFF_AUTO_LIMIT, need=need)
            # as large as asked (a queen only moves toward the corner), and at least half as
            # large again as the last, so a game that asks for more rebuilds rarely
            size = min(WYTHOFF_AUTO_LIMIT, max(need, 64, 0 if t is None else t.size * 3 // 2))
            t = self.boards.board(size, self.misere, progress)
            self._table = t
        return t

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Cell:
        self.kind.position_param.check_count(self.kind.key, len(values))
        x = check_natural(values[0], "wythoff.errors.negative_coordinate", name="x")
        y = check_natural(values[1], "wythoff.errors.negative_coordinate", name="y")
        self.check_reach(max(x, y))  # known without building the board
        if progress is not None and not self.is_big((x, y)):
            self.table(max(x, y), progress)
        return (x, y)

    def prepare(self, pos: Cell, progress: Progress | None = None) -> None:
        """Build the board and, in normal play, the Grundy values (the bar shared by both);
        nothing beyond the boards."""
        if self.is_big(pos):
            return
        need = max(pos)
        grundy = (
            not self.misere and need <= WYTHOFF_GRUNDY_LIMIT and not self.boards.grundy_ready(need)
        )
        built = self._table is not None and self._table.size >= need
        share = 1.0 if not grundy else 0.0 if built else 0.5  # of the bar: about equal costs
        self.table(need, _part(progress, 0.0, share))
        if grundy:
            self.boards.grundy(need, _part(progress, share, 1.0))

    def slow_to_open(self, pos: Cell) -> bool:  # (beyond the boards: the closed form)
        return QUICK_BOARD < max(pos) <= WYTHOFF_AUTO_LIMIT

    def grundy_known_upto(self, pos: Cell) -> int | None:
        if self.misere or max(pos) <= WYTHOFF_GRUNDY_LIMIT:
            return None
        return WYTHOFF_GRUNDY_LIMIT

    def tame_pair(self, pos: Cell) -> TamePair | None:
        """Every position is tame, fickle only at six corner cells (core/sums/genus.py
        proves both); the normal value from the Grundy boards, 0 at a cold cell at any
        size, else unknown beyond them."""
        if self.is_big(pos):
            return TamePair(0, False) if is_cold(*pos, False) else None
        g = self.boards.grundy(max(pos))[pos]
        return TamePair(int(g), pos in FICKLE)

    def move_count(self, pos: Cell) -> int:
        return pos[0] + pos[1] + min(pos)

    def move_target(self, pos: Cell, k: int) -> Cell:
        return big.move_target(pos, k)

    def move_runs(self, pos: Cell) -> list[Run[Cell]]:
        if self.is_big(pos):
            return big.move_runs(pos, self.misere)
        return super().move_runs(pos)

    def children(self, pos: Cell) -> list[Cell]:
        x, y = pos
        out = [(x - d, y) for d in range(1, x + 1)]
        out += [(x, y - d) for d in range(1, y + 1)]
        out += [(x - d, y - d) for d in range(1, min(x, y) + 1)]
        return out

    def reach(self, pos: Cell) -> tuple[int, int]:
        """The queen never moves away from the corner: the squares (a, b) with a ≤ x and
        b ≤ y, each with at most a + b + min(a, b) ≤ x + y + min(x, y) moves."""
        x, y = pos
        return (x + 1) * (y + 1), x + y + min(x, y)

    def move_line(self, pos: Cell, to: Cell) -> int:
        """0: to the left, 1: down, 2: diagonally (the order of :meth:`children`)."""
        if to[1] == pos[1]:
            return 0
        return 1 if to[0] == pos[0] else 2

    def info(self, pos: Cell) -> PositionInfo:
        if self.is_big(pos):
            return big.info(*pos, self.misere)
        return self.table(max(pos)).info(*pos)

    def best_moves(self, pos: Cell) -> list[Cell]:
        if self.is_big(pos):
            return big.best_moves(pos, self.misere)
        return self.table(max(pos)).best_moves(*pos)

    def answer_cost(self, pos: Cell) -> int:
        """Three slices of the board (numpy): a fixed cost and a little a square; beyond
        the boards, a few steps of the closed form."""
        if self.is_big(pos):
            return ANSWER_COST
        return ANSWER_COST + SLICE_COST * (pos[0] + pos[1] + min(pos))

    def values_upto(self, upto: int) -> list[PositionInfo]:
        return self.table(upto).infos(upto)

    def table_cost(self, pos: Cell) -> int:
        return BULK_VALUE_COST

    def child_info(self, parent: Cell, child: Cell) -> PositionInfo:
        if self.is_big(parent):
            return self.info(child)
        t = self.table(max(parent))
        return PositionInfo(t.outcome(*child), t.remoteness(*child), True, None)

    def move(self, pos: Cell, to: Cell) -> Move[Cell]:
        """``left``, ``down`` or ``diagonal`` (its words: wythoff.move.<shape>), ``steps``
        squares (it takes nothing: a range of queen moves is said by its squares)."""
        line = self.move_line(pos, to)
        return Move(pos, to, SHAPES[line], steps=max(pos[0] - to[0], pos[1] - to[1]))

    def check_move(self, pos: Cell, to: Cell) -> Move[Cell]:
        if not queen_can_move(pos, to):
            raise PositionError("wythoff.errors.unreachable", x=to[0], y=to[1])
        return self.move(pos, to)


def _part(progress: Progress | None, lo: float, hi: float) -> Progress | None:
    """``progress`` for one stage of a longer piece of work: its [0, 1] is [lo, hi]."""
    if progress is None or hi <= lo:
        return None
    report = progress
    return lambda f: report(lo + (hi - lo) * f)

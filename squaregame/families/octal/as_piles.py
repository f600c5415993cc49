"""Rows under several codes that are all subtraction rules (``octal 100 200 --code squares
--code nim``): a sum of piles, answered by the sum of piles itself (``sum 100 200 --rule
squares --rule nim``) — its tables, its exact search, Theorem S and the genus in misère
play, its proven bounds — so both forms print the same outcome, remoteness and moves.

Why it is right: a row under a rule of the rule registry (:class:`~.code.PileRule`) never
splits: a move takes an amount the rule allows and leaves one row or none. Each code's rows
are therefore piles under its rule, a row taken whole a pile of 0, and the rows' game is the
sum of those piles: the same moves, one for one, to the same positions. The sum is built
through the registry of kinds (the game called ``sum``), never imported: this family asks
it as any other part of the program does.

Each code's group is read as its rows, at least one pile (an empty group: a pile of 0), so
one row per code — the usual form — is exactly the sum of one pile per rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from squaregame.core.moves import Run
from squaregame.core.sums.pile_sums import pile_sum
from squaregame.core.types import Analysis, MoveInfo, MoveSummary, PositionInfo
from squaregame.families.octal.code import HeapRule, PileRule, Rows
from squaregame.families.octal.game import RowsGame

if TYPE_CHECKING:
    from squaregame.core.game import Game, GameKind, Progress
    from squaregame.core.tables import Tables

Shape = tuple[int, ...]  # piles of each code, in order


class AsPiles:
    """The sums of piles rows under the subtraction rules ``rules`` are, one for each shape."""

    def __init__(self, rules: Sequence[HeapRule], misere: bool, tables: Tables) -> None:
        self.rules = [r.rule for r in rules if isinstance(r, PileRule)]
        self.misere = misere
        self.tables = tables
        self._games: dict[Shape, Game[Any]] = {}

    def game(self, shape: Shape) -> Game[Any]:
        """The sum of piles of this shape (built when first asked for, through the registry)."""
        if shape not in self._games:
            rules = tuple(r for r, k in zip(self.rules, shape, strict=True) for _ in range(k))
            game = pile_sum(rules, self.misere, self.tables)
            assert game is not None  # (offered with the registry: see as_piles below)
            self._games[shape] = game
        return self._games[shape]

    @staticmethod
    def shape(pos: Rows) -> Shape:
        return tuple(max(1, len(g)) for g in _groups(pos))

    @staticmethod
    def piles(pos: Rows, shape: Shape) -> tuple[int, ...]:
        """The piles of ``pos`` in ``shape`` (each group's rows, then 0s)."""
        groups = _groups(pos)
        return tuple(
            n for g, k in zip(groups, shape, strict=True) for n in (*g, *[0] * (k - len(g)))
        )

    @staticmethod
    def rows(piles: Sequence[int], shape: Shape) -> Rows:
        """The rows the piles are (a pile of 0 is no row; a 0 between two codes' rows)."""
        out: list[int] = []
        at = 0
        for j, k in enumerate(shape):
            out += ([0] if j else []) + [n for n in piles[at : at + k] if n]
            at += k
        return tuple(out)

    def at(self, pos: Rows) -> tuple[Game[Any], tuple[int, ...], Shape]:
        shape = self.shape(pos)
        return self.game(shape), self.piles(pos, shape), shape

    def runs(self, pos: Rows, line: Any) -> list[Run[Rows]]:
        """The sum's moves as moves of the rows (``line``: a move's row)."""
        game, piles, shape = self.at(pos)
        out = []
        for run in game.move_runs(piles):
            target = run.target

            def placed(k: int, target: Any = target) -> Rows:
                return self.rows(target(k), shape)

            out.append(Run(line(pos, placed(0)), run.count, placed, run.value, run.each))
        return out

    def analysis(self, pos: Rows, cap: int | None, line: Any) -> Analysis[Rows]:
        """The sum's analysis, its positions written as rows."""
        game, piles, shape = self.at(pos)
        own = game.analyze(piles, cap)

        def place(q: Any) -> Rows:
            return self.rows(q, shape)

        moves = tuple(MoveInfo(place(m.to), m.info) for m in own.moves)
        s = own.summary
        if s is None:
            return Analysis(pos, own.info, moves)
        ranges = tuple(
            replace(r, line=line(pos, place(r.first)), first=place(r.first), last=place(r.last))
            for r in s.ranges
        )
        at = s.target_at
        summary = MoveSummary(
            s.total, s.winning, ranges, tuple(place(e) for e in s.edges), lambda k: place(at(k))
        )
        return Analysis(pos, own.info, moves, summary)


def _groups(pos: Rows) -> list[tuple[int, ...]]:
    groups: list[list[int]] = [[]]
    for n in pos:
        if n == 0:
            groups.append([])
        else:
            groups[-1].append(n)
    return [tuple(g) for g in groups]


class PileRowsGame(RowsGame):
    """Rows under several codes, all subtraction rules: answered as the sum of piles."""

    def __init__(
        self, kind: GameKind, rules: Sequence[HeapRule], misere: bool, tables: Tables
    ) -> None:
        super().__init__(kind, rules, misere, tables)
        self.as_piles = AsPiles(rules, misere, tables)

    def check_reach(self, rows: Rows, progress: Progress | None = None) -> None:
        game, piles, _shape = self.as_piles.at(rows)
        game.parse_position(piles, progress=progress)  # the sum's own refusal, if any

    def prepare(self, pos: Rows, progress: Progress | None = None) -> None:
        game, piles, _shape = self.as_piles.at(pos)
        game.prepare(piles, progress)

    def slow_to_open(self, pos: Rows) -> bool:
        game, piles, _shape = self.as_piles.at(pos)
        return game.slow_to_open(piles)

    def info(self, pos: Rows) -> PositionInfo:
        game, piles, _shape = self.as_piles.at(pos)
        return game.info(piles)

    def child_info(self, parent: Rows, child: Rows) -> PositionInfo:
        game, piles, shape = self.as_piles.at(parent)
        return game.child_info(piles, self.as_piles.piles(child, shape))

    def genus(self, pos: Rows) -> Any:
        game, piles, _shape = self.as_piles.at(pos)
        return game.genus(piles)

    def value_cost(self, pos: Rows) -> int:
        game, piles, _shape = self.as_piles.at(pos)
        return game.value_cost(piles)

    def answer_cost(self, pos: Rows) -> int:
        game, piles, _shape = self.as_piles.at(pos)
        return game.answer_cost(piles)

    def move_runs(self, pos: Rows) -> list[Run[Rows]]:
        return self.as_piles.runs(pos, self.move_line)

    def analyze(self, pos: Rows, cap: int | None = None) -> Analysis[Rows]:
        return self.as_piles.analysis(pos, cap, self.move_line)

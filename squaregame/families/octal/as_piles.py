"""Rows under several codes, or under one subtraction rule (``octal 100 200 --code squares
--code nim``, ``octal 40 0 5 --code kayles --code nim``): a sum, answered by the sum itself
(``sum 100 200 --rule squares --rule nim``, ``sum kayles:40 nim:5``) — its tables, its exact
search, Theorem S and the genus in misère play, its parts' values and bounds, the rows'
own game where one code's parts are all that can move (:mod:`squaregame.families.sums.joined`)
— so every form prints the same outcome, remoteness and moves, or the same refusal.

Why it is right: a move acts on one row, and what it leaves stays in its code's group, so
rows under several codes are the sum of each code's rows (one part, ``octal=C``); a row under
a rule of the rule registry (:class:`~.code.PileRule`) never splits — a move takes an amount
the rule allows and leaves one row or none — so that rule's rows are piles, a row taken
whole a pile of 0. The two games have the same moves, one for one, to the same positions.
The sum is built by whoever offers it (:mod:`squaregame.core.sums.pile_sums`: the family of
sums), never imported from another family.

A subtraction rule's group is read as its rows, at least one pile (an empty group: a pile of
0), so one row per rule — the usual form — is exactly the sum of one pile per rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.moves import Run, placed_analysis
from squaregame.core.parts import Part, join_values, split_values
from squaregame.core.sums.pile_sums import pile_sum
from squaregame.core.types import Analysis, PositionInfo
from squaregame.families.octal.code import HeapRule, PileRule, Rows
from squaregame.families.octal.game import RowsGame

if TYPE_CHECKING:
    from squaregame.core.game import Game, GameKind, Progress
    from squaregame.core.tables import Tables

Shape = tuple[int, ...]  # piles of each code, in order


class AsPiles:
    """The sums rows under the codes ``rules`` are, one for each shape: each subtraction
    rule's rows as piles, each take-and-break code's rows as one part (``octal=C``)."""

    def __init__(
        self, kind: GameKind, rules: Sequence[HeapRule], misere: bool, tables: Tables
    ) -> None:
        self.kind = kind
        self.codes = tuple(rules)
        self.misere = misere
        self.tables = tables
        self._games: dict[Shape, Game[Any]] = {}

    def game(self, shape: Shape) -> Game[Any]:
        """The sum of this shape (built when first asked for, by the family of sums)."""
        if shape not in self._games:
            rules: list[Any] = []
            for r, k in zip(self.codes, shape, strict=True):
                rules += [r.rule] * k if isinstance(r, PileRule) else [Part(self.kind, (r,), True)]
            game = pile_sum(rules, self.misere, self.tables)
            assert game is not None  # (offered with the registry: core/sums/pile_sums.py)
            self._games[shape] = game
        return self._games[shape]

    def shape(self, pos: Rows) -> Shape:
        """Piles of each subtraction rule (its rows, at least one); one part for a code."""
        return tuple(
            max(1, len(g)) if isinstance(r, PileRule) else 1
            for r, g in zip(self.codes, _groups(pos), strict=True)
        )

    def piles(self, pos: Rows, shape: Shape) -> tuple[int, ...]:
        """The sum's position of ``pos`` in ``shape``: each group's rows, then 0s (piles),
        or all of them (a code's part; none written 0)."""
        values: list[tuple[int, ...]] = []
        for r, g, k in zip(self.codes, _groups(pos), shape, strict=True):
            if isinstance(r, PileRule):
                values += [(n,) for n in (*g, *[0] * (k - len(g)))]
            else:
                values.append(g or (0,))
        return join_values(self.game(shape).rules, values)

    def rows(self, flat: Sequence[int], shape: Shape) -> Rows:
        """The rows the sum's position is (a pile of 0 is no row; a 0 between two codes)."""
        values = iter(split_values(self.game(shape).rules, tuple(flat)))
        out: list[int] = []
        for j, k in enumerate(shape):
            taken = [n for _ in range(k) for n in next(values)]
            out += ([0] if j else []) + [n for n in taken if n]
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

        return placed_analysis(pos, own, place, lambda first: line(pos, place(first)))


def _groups(pos: Rows) -> list[tuple[int, ...]]:
    groups: list[list[int]] = [[]]
    for n in pos:
        if n == 0:
            groups.append([])
        else:
            groups[-1].append(n)
    return [tuple(g) for g in groups]


class PileRowsGame(RowsGame):
    """Rows under several codes, or one subtraction rule: answered as the sum they are."""

    def __init__(
        self, kind: GameKind, rules: Sequence[HeapRule], misere: bool, tables: Tables
    ) -> None:
        super().__init__(kind, rules, misere, tables)
        self.as_piles = AsPiles(kind, rules, misere, tables)

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

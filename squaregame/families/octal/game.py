"""A game of rows under a take-and-break rule (:class:`RowsGame`): its moves, which may split
a row in two, and the value of every position.

A position is the rows in order (a tuple of positive sizes); a move acts on one row and puts
what is left of it in its place — nothing, one row, or two rows side by side (the smaller
first). The Grundy value of a position is the nim-sum of its rows' (Sprague–Grundy; a row's
from :class:`~squaregame.families.octal.store.OctalStore`), so the outcome in normal play is
exact for any rows the values reach. The remoteness, and misère play, come from the exact
search of :mod:`~squaregame.families.octal.search` within its budget; beyond it, normal play
gets proven bounds and misère play is refused. Rows with more moves than :data:`MOVE_LIMIT`
are never listed move by move: :mod:`~squaregame.families.octal.big` counts them and finds
the winning ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import reduce
from itertools import combinations_with_replacement
from operator import xor
from typing import TYPE_CHECKING

from squaregame.core.errors import GameError, PositionError, TableLimitError
from squaregame.core.game import Game, GameKind, Progress
from squaregame.core.moves import EDGE_MOVES, MAX_LISTED_MOVES, Run, runs_of
from squaregame.core.params import Param, ParamType
from squaregame.core.piles.periodic import Periodicity, ValuePeriod
from squaregame.core.types import Analysis, Move, MoveInfo, MoveSummary, Outcome, PositionInfo
from squaregame.families.octal import big
from squaregame.families.octal.code import AREA, HeapRule, Rows
from squaregame.families.octal.search import (
    SEARCH_TOKENS,
    bounds,
    longest_play,
    shortest_play,
)
from squaregame.families.octal.store import OctalStore, option_count

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

TAKE, SPLIT, DIVIDE = "take", "split", "divide"  # a move's shapes: its words, move.<shape>
MOVE_LIMIT = 20_000  # moves a position may have for them to be listed and valued one by one
QUICK_SEARCH = 20  # live tokens searched at once; more: a worker prepares the position
DRAWN_ROWS = 3  # rows of a position drawn for an exercise or a worksheet: one to this many
# A typed move: "2" (take 2 from the chosen row), "1 2" (take 2 from row 1), "1 2 3" (take
# 2 from row 1, leaving 3 on its left: a split; Grundy's game: "1 0 3" splits row 1 at 3).
TYPED = Param("move", ParamType.NUMBERS, key="move", area=AREA, count=(1, 3), minimum=0)


class RowsGame(Game[Rows]):
    """Rows of tokens; a move takes from one row under ``rule``, perhaps splitting it."""

    def __init__(self, kind: GameKind, rule: HeapRule, misere: bool, tables: Tables) -> None:
        super().__init__(kind, (), misere, tables)
        self.rules = (rule,)  # type: ignore[assignment]  # (a rule of this family's own)
        self.rule = rule
        self.store = OctalStore.of(tables)
        self.solved = self.store.solved(rule, misere)

    # -- positions ---------------------------------------------------------------------
    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Rows:
        for i, v in enumerate(values):
            if v < 1:
                raise PositionError("octal.errors.row_not_positive", row=i + 1, value=v)
        rows = tuple(values)
        self.check_reach(rows, progress)
        return rows

    def check_reach(self, rows: Rows, progress: Progress | None = None) -> None:
        """Refuse what cannot be answered (misère play beyond the search; a row beyond the
        values with no proven period), before any long work."""
        if self.solved.fits(rows):
            return
        if self.misere:
            raise TableLimitError("octal.errors.misere_too_large", tokens=SEARCH_TOKENS)
        for n in rows:
            self.store.grundy(self.rule, n, progress)

    def prepare(self, pos: Rows, progress: Progress | None = None) -> None:
        self.check_reach(pos, progress)
        if self.solved.fits(pos):
            self.solved.value(pos)

    def slow_to_open(self, pos: Rows) -> bool:
        if self.solved.fits(pos):
            return not self.solved.known(pos) and sum(self.solved.key(pos)) > QUICK_SEARCH
        return not all(self.store.quick(self.rule, n) for n in pos)

    def positions(self, low: int, high: int) -> Iterator[Rows]:
        """Every position of one to :data:`DRAWN_ROWS` rows, each in ``low..high`` (the rows
        in order of size: the same rows in another order are the same game)."""
        sizes = range(max(low, 1), high + 1)
        for count in range(1, DRAWN_ROWS + 1):
            yield from combinations_with_replacement(sizes, count)

    def random_position(self, low: int, high: int, rng: random.Random) -> Rows | None:
        """One to :data:`DRAWN_ROWS` rows, each drawn in ``low..high``."""
        if high < max(low, 1):
            return None
        count = rng.randint(1, DRAWN_ROWS)
        return tuple(rng.randint(max(low, 1), high) for _ in range(count))

    def live(self, n: int) -> bool:
        """Has a row of ``n`` a move?"""
        return self.solved.live(n)

    # -- moves -------------------------------------------------------------------------
    def row_blocks(self, pos: Rows, i: int) -> list[big.Block]:
        """The moves of row ``i`` as blocks, less the one that repeats a move of the row
        before it. Moves on two rows lead to the same rows only when both take a whole row
        of a run of equal rows (a move that leaves something leaves less than the row had
        where the other leaves it whole): that move is the earlier row's."""
        bs = big.blocks(self.rule, pos[i])
        if i and pos[i - 1] == pos[i]:
            return [b for b in bs if b.kind != "whole"]
        return bs

    def move_count(self, pos: Rows) -> int:
        return sum(
            option_count(self.rule, n) - (1 if i and pos[i - 1] == n and self._whole(n) else 0)
            for i, n in enumerate(pos)
        )

    def _whole(self, n: int) -> bool:
        return n <= 64 and bool(self.rule.whole_mask >> n & 1)

    def children(self, pos: Rows) -> list[Rows]:
        if self.move_count(pos) > MOVE_LIMIT:
            raise TableLimitError("octal.errors.too_many_moves", limit=MOVE_LIMIT)
        return [
            (*pos[:i], *b.parts(k), *pos[i + 1 :])
            for i in range(len(pos))
            for b in self.row_blocks(pos, i)
            for k in range(b.count)
        ]

    def move_target(self, pos: Rows, k: int) -> Rows:
        for i in range(len(pos)):
            bs = self.row_blocks(pos, i)
            count = sum(b.count for b in bs)
            if k < count:
                block, at = big.move_at(bs, k)
                return (*pos[:i], *block.parts(at), *pos[i + 1 :])
            k -= count
        raise IndexError(k)

    def move(self, pos: Rows, to: Rows) -> Move[Rows]:
        i = 0
        while i < len(pos) and i < len(to) and pos[i] == to[i]:
            i += 1
        if i == len(pos):
            raise PositionError("errors.no_change")
        parts = to[i : i + len(to) - len(pos) + 1]
        taken = pos[i] - sum(parts)
        shape = TAKE if len(parts) < 2 else SPLIT if taken else DIVIDE
        return Move(pos, to, shape, amount=taken, pile=i, parts=parts)

    def take(self, pos: Rows, row: int, amount: int, left: int | None = None) -> Rows:
        """The rows after taking ``amount`` from ``row`` (0-based), leaving ``left`` tokens on
        its left (None: taken from the end), or why that is illegal."""
        if not 0 <= row < len(pos):
            raise PositionError("octal.errors.no_such_row", row=row + 1)
        n = pos[row]
        rest = n - amount
        a = 0 if left is None else left
        if amount < 0 or rest < 0 or not 0 <= a <= rest:
            raise PositionError("octal.errors.take_from_row", amount=amount, row=row + 1, size=n)
        parts = tuple(sorted(p for p in (a, rest - a) if p > 0))
        allowed = big.blocks(self.rule, n)
        if not any(b.take == amount and b.holds(parts) for b in allowed):
            raise PositionError(
                "octal.errors.not_allowed", amount=amount, row=row + 1, rule=self.rule.text
            )
        return (*pos[:row], *parts, *pos[row + 1 :])

    def move_from_text(self, pos: Rows, text: str, *, pile: int | None = None) -> Rows:
        values = TYPED.parse_numbers(text)
        if len(values) == 1:
            return self.take(pos, pile or 0, values[0])
        if len(values) == 2:
            return self.take(pos, values[0] - 1, values[1])
        return self.take(pos, values[0] - 1, values[1], values[2])

    # -- values ------------------------------------------------------------------------
    def rows_grundy(self, pos: Rows) -> tuple[int, ...] | None:
        """Each row's Grundy value (normal play; None where one is out of reach)."""
        try:
            return tuple(self.store.grundy(self.rule, n) for n in pos)
        except GameError:
            return None

    def grundy(self, pos: Rows) -> int | None:
        if self.misere:
            return None
        return reduce(xor, (self.store.grundy(self.rule, n) for n in pos), 0)

    def info(self, pos: Rows) -> PositionInfo:
        if self.solved.fits(pos):
            cold, rem = self.solved.value(pos)
            grundy = None if self.misere else self.grundy(pos)
            return PositionInfo(Outcome.COLD if cold else Outcome.HOT, rem, True, grundy)
        if self.misere:
            raise TableLimitError("octal.errors.misere_too_large", tokens=SEARCH_TOKENS)
        g = self.grundy(pos)
        cold = g == 0
        terminal = not any(self.live(n) for n in pos)
        lo, hi = bounds(
            cold,
            terminal,
            shortest_play(self.solved, pos),
            longest_play(self.rule, pos, self.live),
        )
        outcome = Outcome.COLD if cold else Outcome.HOT
        if lo == hi:
            return PositionInfo(outcome, lo, True, g)
        return PositionInfo(outcome, lo, False, g, hi)

    def move_runs(self, pos: Rows) -> list[Run[Rows]]:
        return runs_of(
            (self.move(pos, c).pile or 0, c, self.child_info(pos, c)) for c in self.children(pos)
        )

    def move_line(self, pos: Rows, to: Rows) -> int:
        return self.move(pos, to).pile or 0

    def periodicity(self) -> Periodicity | None:
        """The Grundy values' period where the Octal Periodicity Theorem proves it (computed
        when first asked for: Kayles' in a moment; an unsolved code's search is bounded)."""
        if self.misere or self.rule.last_place is None:
            return None
        found = self.store.periodicity(self.rule)
        if found is None or not found.proven:
            return None
        values = ValuePeriod(found.preperiod, found.period)
        return Periodicity(False, found.checked_upto, values, values, None, False)

    def analyze(self, pos: Rows, cap: int | None = None) -> Analysis[Rows]:
        if self.move_count(pos) <= MOVE_LIMIT:
            return super().analyze(pos, cap)
        return self._counted(pos, MAX_LISTED_MOVES if cap is None else cap)

    # -- rows too long to list (big.py) ------------------------------------------------
    def values_for(self, rows: Rows) -> big.Values:
        """The rule's values as far as ``rows`` need them: computed up to the longest row,
        or (a row beyond them) to the end of the first period of a proven periodicity."""
        longest = max(rows, default=0)
        for n in rows:
            self.store.grundy(self.rule, n)  # refuses a row out of reach (before any listing)
        proven = self.store.proven(self.rule)
        if proven is None or longest < proven.preperiod + proven.period:
            return big.Values(self.store.values(self.rule, longest))
        upto = proven.preperiod + proven.period
        return big.Values(self.store.values(self.rule, upto), proven.preperiod, proven.period)

    def _counted(self, pos: Rows, cap: int) -> Analysis[Rows]:
        """The analysis of rows with too many moves to list: every move counted, the
        winning ones found (the first ``cap`` of them listed, with the first and last
        :data:`EDGE_MOVES` of every row), never valued one by one."""
        info = self.info(pos)
        g = self.values_for(pos)
        row_values = [g(n) for n in pos]
        total_value = reduce(xor, row_values, 0)
        listed: dict[int, Rows] = {}  # move index -> target
        edges: list[int] = []
        total = winning = 0
        for i in range(len(pos)):
            want = total_value ^ row_values[i]  # what is left of row i must have this value
            bs = self.row_blocks(pos, i)
            start, row_count = total, sum(b.count for b in bs)
            for b in bs:
                if b.kind == "split":
                    count, found = big.winning_splits(b, want, g, max(cap - len(listed), 0))
                else:
                    left = 0 if b.kind == "whole" else g(b.rest)
                    count, found = (1, [0]) if left == want else (0, [])
                winning += count
                for k in found[: max(cap - len(listed), 0)]:
                    listed[total + k] = (*pos[:i], *b.parts(k), *pos[i + 1 :])
                total += b.count
            ends = range(max(row_count - EDGE_MOVES, 0), row_count)
            edges += [start + k for k in sorted({*range(min(EDGE_MOVES, row_count)), *ends})]
        for k in edges:
            listed.setdefault(k, self.move_target(pos, k))
        moves = tuple(MoveInfo(listed[k], self.child_info(pos, listed[k])) for k in sorted(listed))
        summary = MoveSummary(
            total=total,
            winning=winning,
            ranges=(),
            edges=tuple(listed[k] for k in edges),
            target_at=lambda k: self.move_target(pos, k),
        )
        return Analysis(pos, info, moves, summary)

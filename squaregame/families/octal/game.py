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
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, PositionError, TableLimitError
from squaregame.core.game import Game, GameKind, Progress
from squaregame.core.moves import MAX_LISTED_MOVES, Run, runs_of
from squaregame.core.params import Param, ParamType
from squaregame.core.piles.periodic import Periodicity, ValuePeriod
from squaregame.core.types import Analysis, Message, Move, Outcome, PositionInfo
from squaregame.families.octal import big, misere, why_quotient
from squaregame.families.octal.code import AREA, HeapRule, PileRule, Rows, parted_rows, per_code
from squaregame.families.octal.search import bounds, longest_play, shortest_play
from squaregame.families.octal.store import OctalStore
from squaregame.text import tr
from squaregame.text.current import current

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

TAKE, SPLIT, DIVIDE = "take", "split", "divide"  # a move's shapes: its words, move.<shape>
MOVE_LIMIT = 20_000  # moves a position may have for them to be listed and valued one by one
QUICK_SEARCH = 20  # live tokens searched at once; more: a worker prepares the position
DRAWN_ROWS = 3  # rows of a position drawn for an exercise or a worksheet: one to this many
# A typed move: "2" (take 2 from the chosen row), "1 2" (take 2 from row 1), "1 2 3" (take
# 2 from row 1, leaving 3 on its left: a split; Grundy's game: "1 0 3" splits row 1 at 3).
TYPED = Param("move", ParamType.NUMBERS, key="move", area=AREA, count=(1, 3), minimum=0)


def said_rule(rule: HeapRule) -> str:
    """A rule as a sentence names it: a named game's title in the language (Игра Гранди),
    else its text (0.137)."""
    key = f"{AREA}.{getattr(rule, 'key', '')}.title"
    return tr(key) if current().has(key) else rule.text


class RowsGame(Game[Rows]):
    """Rows of tokens; a move takes from one row under its rule, perhaps splitting it.

    ``rules``: one rule, or one for each *group* of rows — a sum of games side by side (a
    Kayles row beside a Squares pile). The rows of the groups follow each other in the
    position, a 0 between two groups; a row's rule is its group's, and what a move leaves
    of a row stays in its group."""

    def __init__(
        self, kind: GameKind, rules: Sequence[HeapRule], misere: bool, tables: Tables
    ) -> None:
        super().__init__(kind, (), misere, tables)
        self.group_rules = tuple(rules)
        self.rules = self.group_rules  # type: ignore[assignment]  # (this family's own)
        self.rule = self.group_rules[0]
        self.mixed = len(self.group_rules) > 1
        self.codes = tuple(dict.fromkeys(self.group_rules))  # (one code twice: one game's rows)
        self.store = OctalStore.of(tables)
        self.solved = self.store.solved(self.group_rules, misere)

    # -- rows and their rules --------------------------------------------------------------
    def cells(self, pos: Rows) -> list[tuple[int, int, HeapRule]]:
        """Each row as (its index in ``pos``, its size, its rule), the separators left out."""
        out, group = [], 0
        for i, n in enumerate(pos):
            if n == 0:
                group += 1
            else:
                out.append((i, n, self.group_rules[min(group, len(self.group_rules) - 1)]))
        return out

    def row_index(self, pos: Rows, row: int) -> int:
        """Where the ``row``-th row (0-based, separators not counted) is in ``pos``."""
        cells = self.cells(pos)
        if not 0 <= row < len(cells):
            raise PositionError("octal.errors.no_such_row", row=row + 1)
        return cells[row][0]

    def sizes(self, pos: Rows) -> tuple[int, ...]:
        """The rows' sizes, the separators left out."""
        return tuple(n for n in pos if n)

    def joined(self, positions: Sequence[Rows]) -> Rows | None:
        """Rows of one rule side by side are one position of it: all their rows."""
        return None if self.mixed else tuple(n for rows in positions for n in rows)

    def parted(self, positions: Sequence[Rows], to: Rows) -> list[Rows]:
        return parted_rows(positions, to)

    # -- positions ---------------------------------------------------------------------
    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Rows:
        if not self.mixed:  # (a lone 0, as a save writes nothing left, is no row at all)
            values = self.kind.position_from_values(tuple(values))
        rows = self.with_groups(tuple(values))
        for k, (_i, n, _rule) in enumerate(self.cells(rows)):
            if n < 1:
                raise PositionError("octal.errors.row_not_positive", row=k + 1, value=n)
        self.check_reach(rows, progress)
        return rows

    def with_groups(self, values: Rows) -> Rows:
        """``values`` with the separators of its groups: one row per rule given without them
        (``7 10`` under two rules), or as written with them (``7 0 10``, a save)."""
        if not self.mixed:
            for i, v in enumerate(values):
                if v < 1:
                    raise PositionError("octal.errors.row_not_positive", row=i + 1, value=v)
            return values
        groups = len(self.group_rules)
        zeros = values.count(0)
        if len(values) == groups and all(v >= 0 for v in values):
            return per_code(values)
        if zeros == groups - 1 and all(v >= 0 for v in values):
            return values
        if values == ():
            return (0,) * (groups - 1)
        raise PositionError("octal.errors.rows_per_code", codes=groups, count=len(values))

    def check_reach(self, rows: Rows, progress: Progress | None = None) -> None:
        """Refuse, without long work (:meth:`prepare`'s), what cannot be answered."""
        if self.solved.fits(rows):
            return
        if self.misere:  # beyond the search: a proven misère quotient, or one line why not
            if misere.proven(self.codes) is None:
                raise misere.refusal(self.codes)
            return
        for _i, n, rule in self.cells(rows):
            self.store.reach(rule, n, progress)

    def prepare(self, pos: Rows, progress: Progress | None = None) -> None:
        self.check_reach(pos, progress)
        if self.solved.fits(pos):
            self.solved.value(pos)
        for _i, n, rule in () if self.solved.fits(pos) else self.cells(pos):
            self.store.grundy(rule, n, progress)  # the long work (a worker's: with progress)

    def slow_to_open(self, pos: Rows) -> bool:
        if self.solved.fits(pos):
            tokens = sum(n for _g, n in self.solved.key(pos))
            return not self.solved.known(pos) and tokens > QUICK_SEARCH
        if self.misere:  # (the quotient: computed once, by a worker)
            return True
        return not all(self.store.quick(rule, n) for _i, n, rule in self.cells(pos))

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

    def reach(self, pos: Rows) -> tuple[int, int] | None:
        """No move adds a token, so every position reached is rows of positive sizes in
        order with at most T tokens in all (T: those of ``pos``): at most 2^T of them (the
        compositions of each t ≤ T, 2^(t−1), and no row). A move on a row of n takes a and
        leaves l on its left: at most (n + 1)(n + 2)/2 moves, and a sum of these over rows
        of T tokens in all is at most (T + 1)(T + 2)/2 (it grows faster than the parts).
        Rows under several rules, or past 60 tokens: not said (never searched)."""
        tokens = sum(self.sizes(pos))
        if self.mixed or tokens > 60:
            return None
        return 1 << tokens, (tokens + 1) * (tokens + 2) // 2

    def live(self, n: int, group: int = 0) -> bool:
        """Has a row of ``n`` (of the ``group``-th rule) a move?"""
        return self.solved.live(n, group)

    # -- moves -------------------------------------------------------------------------
    def row_blocks(self, pos: Rows, i: int) -> list[big.Block]:
        """The moves of row ``i`` as blocks, less the one that repeats a move of the row
        before it. Moves on two rows lead to the same rows only when both take a whole row
        of a run of equal rows (a move that leaves something leaves less than the row had
        where the other leaves it whole): that move is the earlier row's."""
        rule = self.rule_at(pos, i)
        bs = big.blocks(rule, pos[i])
        if i and pos[i - 1] == pos[i]:  # (a separator is 0: never a row's equal)
            return [b for b in bs if b.kind != "whole"]
        return bs

    def rule_at(self, pos: Rows, i: int) -> HeapRule:
        """The rule of the row at index ``i`` of ``pos``."""
        return self.group_rules[min(pos[:i].count(0), len(self.group_rules) - 1)]

    def move_count(self, pos: Rows) -> int:
        return sum(
            big.option_count(rule, n) - (1 if i and pos[i - 1] == n and _whole(rule, n) else 0)
            for i, n, rule in self.cells(pos)
        )

    def children(self, pos: Rows) -> list[Rows]:
        if self.move_count(pos) > MOVE_LIMIT:
            raise TableLimitError("octal.errors.too_many_moves", limit=MOVE_LIMIT)
        return [
            (*pos[:i], *b.parts(k), *pos[i + 1 :])
            for i, _n, _rule in self.cells(pos)
            for b in self.row_blocks(pos, i)
            for k in range(b.count)
        ]

    def move_target(self, pos: Rows, k: int) -> Rows:
        for i, n, rule in self.cells(pos):
            if isinstance(rule, PileRule):  # counted, never listed (a Nim pile of 10^18)
                count = big.option_count(rule, n) - (
                    1 if i and pos[i - 1] == n and _whole(rule, n) else 0
                )
                if k < count:
                    a = rule.rule.amount_at(n, k)
                    return (*pos[:i], *((n - a,) if n > a else ()), *pos[i + 1 :])
                k -= count
                continue
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
        row = i - pos[:i].count(0)  # the rows before it, the separators not counted
        return Move(pos, to, shape, amount=taken, pile=row, parts=parts)

    def take(self, pos: Rows, row: int, amount: int, left: int | None = None) -> Rows:
        """The rows after taking ``amount`` from ``row`` (0-based), leaving ``left`` tokens on
        its left (None: taken from the end), or why that is illegal."""
        at = self.row_index(pos, row)
        n, rule = pos[at], self.rule_at(pos, at)
        rest = n - amount
        a = 0 if left is None else left
        if amount < 0 or rest < 0 or not 0 <= a <= rest:
            raise PositionError("octal.errors.take_from_row", amount=amount, row=row + 1, size=n)
        parts = tuple(sorted(p for p in (a, rest - a) if p > 0))
        if isinstance(rule, PileRule):
            allowed = left is None and amount > 0 and rule.rule.allows(n, amount)
        else:
            allowed = any(b.take == amount and b.holds(parts) for b in big.blocks(rule, n))
        if not allowed:
            raise PositionError(
                "octal.errors.not_allowed", amount=amount, row=row + 1, rule=said_rule(rule)
            )
        return (*pos[:at], *parts, *pos[at + 1 :])

    def move_from_text(self, pos: Rows, text: str, *, pile: int | None = None) -> Rows:
        values = TYPED.parse_numbers(text)
        if len(values) == 1:
            return self.take(pos, pile or 0, values[0])
        if len(values) == 2:
            return self.take(pos, values[0] - 1, values[1])
        return self.take(pos, values[0] - 1, values[1], values[2])

    def typed_move(self, pos: Rows, to: Rows) -> str:
        """The row and the amount; a split, also how many are left on the left."""
        move = self.move(pos, to)
        parts = move.parts or ()
        left = f" {parts[0]}" if len(parts) > 1 else ""
        return f"{(move.pile or 0) + 1} {move.amount}{left}"

    # -- values ------------------------------------------------------------------------
    def rows_grundy(self, pos: Rows) -> tuple[int, ...] | None:
        """Each row's Grundy value (normal play; None where one is out of reach)."""
        try:
            return tuple(self.store.grundy(rule, n) for _i, n, rule in self.cells(pos))
        except GameError:
            return None

    def grundy(self, pos: Rows) -> int | None:
        if self.misere:
            return None
        return reduce(xor, (self.store.grundy(rule, n) for _i, n, rule in self.cells(pos)), 0)

    def info(self, pos: Rows) -> PositionInfo:
        if self.solved.fits(pos):
            cold, rem = self.solved.value(pos)
            grundy = None if self.misere else self.grundy(pos)
            return PositionInfo(Outcome.COLD if cold else Outcome.HOT, rem, True, grundy)
        if self.misere:
            q = misere.proven(self.codes)
            if q is None:
                raise misere.refusal(self.codes)
            return misere.info(q, self.solved, self.sizes(pos))
        g = self.grundy(pos)
        cold = g == 0
        terminal = not self.solved.key(pos)
        lo, hi = bounds(
            cold, terminal, shortest_play(self.solved, pos), longest_play(self.solved, pos)
        )
        outcome = Outcome.COLD if cold else Outcome.HOT
        if lo == hi:
            return PositionInfo(outcome, lo, True, g)
        return PositionInfo(outcome, lo, False, g, hi)

    def answer_cost(self, pos: Rows) -> int:
        """Every move valued; past :data:`MOVE_LIMIT` moves, only those listed (counted)."""
        count = self.move_count(pos)
        return min(count, MAX_LISTED_MOVES if count > MOVE_LIMIT else count) * self.value_cost(pos)

    def move_runs(self, pos: Rows) -> list[Run[Rows]]:
        return runs_of(
            (self.move(pos, c).pile or 0, c, self.child_info(pos, c)) for c in self.children(pos)
        )

    def move_line(self, pos: Rows, to: Rows) -> int:
        return self.move(pos, to).pile or 0

    def periodicity(self) -> Periodicity | None:
        """The Grundy values' period where the Octal Periodicity Theorem proves it (computed
        when first asked for: Kayles' in a moment; an unsolved code's search is bounded)."""
        if self.misere or self.mixed or self.rule.last_place is None:
            return None
        found = self.store.periodicity(self.rule)
        if found is None or not found.proven:
            return None
        values = ValuePeriod(found.preperiod, found.period)
        return Periodicity(False, found.checked_upto, values, values, None, False)

    def misere_quotient(self) -> tuple[dict[str, Any], str] | None:
        """The proven misère quotient that decided a misère position of this game (one beyond
        the search: smaller ones are searched, and compute no quotient)."""
        q = misere.used(self.codes) if self.misere else None
        return None if q is None else (misere.quotient_json(q), misere.quotient_line(q))

    def why_notes(self, pos: Rows, answer: Rows | None) -> tuple[Message, ...]:
        """Misère play beyond the search: the quotient that decided it (:mod:`.why_quotient`)."""
        return why_quotient.game_notes(self, pos, answer) if self.misere else ()

    def analyze(self, pos: Rows, cap: int | None = None) -> Analysis[Rows]:
        if self.move_count(pos) <= MOVE_LIMIT:
            return super().analyze(pos, cap)
        if self.mixed or isinstance(self.rule, PileRule):  # counted from one code's period
            raise TableLimitError("octal.errors.too_many_moves", limit=MOVE_LIMIT)
        q = misere.proven(self.codes) if self.misere else None
        if self.misere and q is None:
            raise misere.refusal(self.codes)
        wins = big.normal_winners(self, pos) if q is None else misere.winners(q, pos)
        return big.counted(self, pos, MAX_LISTED_MOVES if cap is None else cap, wins)

    # -- rows too long to list (big.py) ------------------------------------------------
    def values_for(self, rows: Rows) -> big.Values:
        """The rule's values as far as ``rows`` need them: computed up to the longest row,
        or (a row beyond them) to the end of the first period of a proven periodicity."""
        longest = max(rows, default=0)
        for n in rows:
            self.store.grundy(self.rule, n)  # refuses a row out of reach (before any listing)
        proven = self.store.proven(self.rule)
        if proven is None or longest < proven.preperiod + proven.period:
            return big.Values(self.store.few_values(self.rule, longest))
        upto = proven.preperiod + proven.period
        return big.Values(self.store.few_values(self.rule, upto), proven.preperiod, proven.period)

    def grundy_moves(self, pos: Rows, grundy: int, most: int) -> tuple[int, list[int]] | None:
        """Counted from the values (one code, normal play: :func:`.big.normal_winners`)."""
        if self.misere or self.mixed or isinstance(self.rule, PileRule):
            return None
        _total, count, listed, _edges = big.found_moves(
            self, pos, most, big.normal_winners(self, pos, grundy)
        )
        return count, sorted(listed)


def _whole(rule: HeapRule, n: int) -> bool:
    """May a row of ``n`` be taken whole (one move, the same from equal neighbours)?"""
    if isinstance(rule, PileRule):
        return rule.rule.allows(n, n)
    return n <= 64 and bool(rule.whole_mask >> n & 1)

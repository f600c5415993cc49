"""Sums: 1 to 8 piles, each with its own rule; a move changes one pile. A position is a
tuple of pile sizes."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING

from squaregame.core.budget import VALUE_COST
from squaregame.core.errors import GameError, PositionError, TableLimitError
from squaregame.core.game import Game, GameKind, Progress, Summand, check_natural
from squaregame.core.moves import MAX_LISTED_MOVES, Run, runs_of
from squaregame.core.params import Param, ParamType
from squaregame.core.piles.pile import Pile
from squaregame.core.sums import misere_nim
from squaregame.core.sums.bounds import WORK_LIMIT, SumBounds
from squaregame.core.sums.misere_bounds import MisereBounds
from squaregame.core.sums.solver import QUICK_SEARCH, SumSolver, fits_budget, search_cost
from squaregame.core.sums.tame import Genus, tame_cold, tame_genus
from squaregame.core.types import Move, Outcome, PositionInfo
from squaregame.families.sums.limits import check_pile_count
from squaregame.families.sums.moves import (
    AXIS_FROM,
    sum_move_count,
    sum_move_runs,
    sum_move_target,
)

if TYPE_CHECKING:
    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

Piles = tuple[int, ...]
TAKE = "take"  # the one shape of its moves: sums.move.take
# What valuing costs (work units, core/budget.py), measured on the development machine:
EXACT_VALUE_COST = 2_500  # a position of the solved box, its rank looked up: about 25 µs
BOUNDED_VALUE_COST = 300_000  # beyond the search, its proven bounds: 3 ms (less once warm)
STATIC_BOUND_COST = 5_000  # … from the play lengths, lines too long to follow: 50 µs
AXIS_MOVE_COST = 400  # a move along a Nim pile's axis of the solved box, in runs: 4 µs
NIMSUM_AXIS_VALUED = 13  # beyond it, the moves of such a pile valued: its ends and the win
SUM_MOVE = Param(
    "move", ParamType.NUMBERS, key="sum_move", area="sums", count=(1, 2), metavar="[PILE] AMOUNT"
)


class SumGame(Game[Piles]):
    """Several piles, each with its own rule; a move changes one pile."""

    def __init__(self, kind: GameKind, rules: Sequence[Rule], misere: bool, tables: Tables) -> None:
        check_pile_count(len(rules))
        super().__init__(kind, rules, misere, tables)
        self.solver = SumSolver.of(tables)
        self.piles = [Pile(r, misere, tables) for r in self.rules]
        self.normal_piles = [Pile(r, False, tables) for r in self.rules]
        self._bounds: SumBounds | None = None
        self._misere_bounds: MisereBounds | None = None
        # Misère Nim has a closed form for any piles (core/sums/misere_nim.py): never searched.
        self.nim_closed = misere and all(r.is_any_amount for r in self.rules)

    @property
    def knows_best_moves(self) -> bool:  # type: ignore[override]
        return self.nim_closed  # misère Nim: the closed form's best moves, never every move

    def best_moves(self, pos: Piles) -> list[Piles]:
        if self.nim_closed:
            return misere_nim.best_children(pos)
        return super().best_moves(pos)

    @property
    def dimensions(self) -> int:
        return len(self.rules)

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Piles:
        if len(values) != len(self.rules):
            raise PositionError("sums.errors.sizes", piles=len(self.rules), count=len(values))
        pos = tuple(
            check_natural(v, "sums.errors.negative_pile", pile=i + 1) for i, v in enumerate(values)
        )
        lone = self.lone_pile(pos)
        if lone is not None:
            self.piles[lone].values(pos[lone], progress)  # TableLimitError when out of reach
        elif not self.nim_closed and not self.exact_available(pos):
            self._check_bounded(pos)  # raises TableLimitError when neither search nor tables answer
        return pos

    def prepare(self, pos: Piles, progress: Progress | None = None) -> None:
        """The piles' tables, and the exact search of ``pos`` where it is within the budget
        (one search, which answers every position at most ``pos``: a table of them would
        otherwise start a search of its own at each new corner); else the sub-sums the
        bounds solve exactly."""
        for pile, n in zip(self.piles, pos, strict=True):
            pile.values(n, progress)
        if self.nim_closed or self.lone_pile(pos) is not None:
            return
        if self.exact_available(pos):
            self.solver.solve(self.rules, self.misere, pos)
        elif self.misere:  # Theorem S reads the piles' normal-play values
            for pile, n in zip(self.normal_piles, pos, strict=True):
                pile.values(n, progress)
        else:
            self.bounds.prepare(pos)  # the sub-sums its bounds solve exactly

    def children(self, pos: Piles) -> list[Piles]:
        out: list[Piles] = []
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            for a in rule.amounts(n):
                out.append((*pos[:i], n - a, *pos[i + 1 :]))
        return out

    def slow_to_open(self, pos: Piles) -> bool:
        if any(pile.slow(n) for pile, n in zip(self.piles, pos, strict=True)):
            return True
        return self.needs_search(pos)

    def move_runs(self, pos: Piles) -> list[Run[Piles]]:
        lone = self.lone_pile(pos)
        if lone is not None:  # that pile's own moves (see lone_pile), placed in the sum
            return [_in_sum(r, pos, lone) for r in self._pile_runs(lone, pos[lone])]
        return sum_move_runs(self, pos)  # a Nim pile of 10^18 is never listed

    def _pile_runs(self, i: int, n: int) -> list[Run[int]]:
        """One pile's moves as runs: in pieces where a closed form has them, else valued."""
        pile = self.piles[i]
        runs = pile.move_runs(n)
        if runs is not None:
            return runs
        return runs_of((0, c, pile.info(c)) for c in pile.children(n))

    def move_count(self, pos: Piles) -> int:
        return sum_move_count(self, pos)

    def move_target(self, pos: Piles, k: int) -> Piles:
        return sum_move_target(self, pos, k)

    def lone_pile(self, pos: Piles) -> int | None:
        """The one pile that can still move when every other pile is terminal (pile 0 when
        none can), else None. Such a sum *is* that pile's game, answered from its values.

        Proof: a terminal pile has no move, and a move elsewhere leaves it as it is, so it
        stays terminal. The sum's moves from ``pos`` are therefore exactly pile ``i``'s moves,
        each to a position of the same kind, and the sum is terminal exactly when pile ``i``
        is. Normal and misère play differ only in who wins at a terminal position, so under
        either convention the two game trees are the same and outcome and remoteness agree;
        the normal-play Grundy value is pile ``i``'s xor the terminal piles' 0s.
        """
        live = [
            i
            for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True))
            if next(iter(rule.amounts(n)), None) is not None  # never lists the amounts
        ]
        if len(live) > 1:
            return None
        return live[0] if live else 0

    def needs_search(self, pos: Piles) -> bool:
        """Would answering ``pos`` start an exact search long enough to notice (> ~0.1 s)?
        Beyond the budget: yes if it is answered at all (its bounds search sub-sums and
        lines of play); no if it is refused (then the caller's check says so at once).
        Ask only when every pile's table is at hand (this reads the piles' values)."""
        if self.nim_closed or self.lone_pile(pos) is not None:
            return False  # a closed form or one pile's values (a table to build: ``prepare``)
        if self.solver.find(self.rules, self.misere, pos) is not None:
            return False
        if not fits_budget(self.rules, pos):
            try:
                self._check_bounded(pos)
            except GameError:
                return False
            return True
        return search_cost(self.rules, pos) > QUICK_SEARCH

    def exact_available(self, pos: Piles) -> bool:
        """Is the exact search of ``pos`` solved or within its budget? (A lone pile's sum,
        answered from the pile, does not need it: see :meth:`lone_pile`.)"""
        return self.solver.find(self.rules, self.misere, pos) is not None or fits_budget(
            self.rules, pos
        )

    def uses_search(self, pos: Piles) -> bool:
        """Is ``pos`` answered by the exact search (not misère Nim's closed form, not bounds)?"""
        return not self.nim_closed and self.exact_available(pos)

    def value_cost(self, pos: Piles) -> int:
        """A pile's table, a solved box; beyond the search, proven bounds: their search
        along the lines of play (up to ``WORK_LIMIT`` positions), or, where a play may be
        longer than that, the play lengths and one look ahead alone (the moves a proof
        lists from such a position are its first and last, which stay so or end in the box)."""
        if self.nim_closed or self.lone_pile(pos) is not None:
            return VALUE_COST  # misère Nim's closed form, or that pile's table
        if self.exact_available(pos):
            return EXACT_VALUE_COST
        longest = sum(r.longest_play(n) for r, n in zip(self.rules, pos, strict=True))
        static = longest > WORK_LIMIT and not self.misere  # (misère's bounds: as a search)
        return STATIC_BOUND_COST if static else BOUNDED_VALUE_COST

    def answer_cost(self, pos: Piles) -> int:
        """Every move valued (:func:`sum_move_runs`), but a large Nim pile's: along the solved
        box's axis in runs, those listed valued (at most ``MAX_LISTED_MOVES`` in all); beyond
        the search, the few of its moves that are listed (its ends and the winning one)."""
        each = self.value_cost(pos)
        if self.nim_closed:
            return each  # misère Nim's best moves from its closed form
        lone = self.lone_pile(pos) is not None
        exact = lone or each == EXACT_VALUE_COST
        valued = axis = 0
        for rule, n in zip(self.rules, pos, strict=True):
            if not (rule.is_any_amount and n > AXIS_FROM):
                valued += rule.count_amounts(n)
            elif lone:
                valued += 3  # Nim alone: its closed form, in three runs
            elif exact:
                axis += n
            else:
                valued += NIMSUM_AXIS_VALUED
        return (valued + min(axis, MAX_LISTED_MOVES)) * each + axis * AXIS_MOVE_COST

    def summands(self, pos: Piles) -> tuple[Summand, ...]:
        return tuple(Summand(p, n) for p, n in zip(self.normal_piles, pos, strict=True))

    def with_summand(self, pos: Piles, index: int, size: int) -> Piles:
        return (*pos[:index], size, *pos[index + 1 :])

    # -- the screen's questions, as a sum of parts of several kinds answers them too ---------
    def part_move_count(self, pos: Piles, index: int) -> int:
        return self.rules[index].count_amounts(pos[index])

    def part_move_target(self, pos: Piles, index: int, k: int) -> Piles:
        return self.with_summand(
            pos, index, pos[index] - self.rules[index].amount_at(pos[index], k)
        )

    def pile_size(self, pos: Piles, index: int) -> int | None:
        return pos[index]

    def grundy(self, pos: Piles) -> int | None:
        return None if self.misere else self.nim_sum(pos)

    def normal_values(self, pos: Piles) -> list[int] | None:
        """Each pile's normal-play Grundy value (None: one is not known that far). Misère
        play reads them too (Theorem S of ``core/sums/tame.py``)."""
        values = [self.pile_value(i, n) for i, n in enumerate(pos)]
        return None if None in values else [v or 0 for v in values]

    def pile_value(self, i: int, n: int) -> int | None:
        """Pile ``i``'s normal-play Grundy value at size ``n`` (a Nim pile's is ``n``; None:
        not computed that far; a size beyond the pile's tables is a TableLimitError)."""
        if self.rules[i].is_any_amount:
            return n
        pile = self.normal_piles[i]
        if pile.grundy_past_reach(n):  # (no table built only to give no value)
            return None
        return pile.info(n).grundy

    def nim_sum(self, pos: Piles) -> int | None:
        """The nim-sum of the piles' normal-play values (None: one is not known)."""
        values = self.normal_values(pos)
        return None if values is None else reduce(xor, values, 0)

    def genus(self, pos: Piles) -> tuple[Genus, ...] | None:
        """Misère play: each pile's genus (Theorem G of ``core/sums/tame.py``)."""
        values = self.normal_values(pos) if self.misere else None
        return None if values is None else tuple(tame_genus(v) for v in values)

    def grundy_known_upto(self, pos: Piles) -> int | None:
        """The limit of the first pile whose Grundy value is not computed that far."""
        if self.misere:
            return None
        for pile, n in zip(self.normal_piles, pos, strict=True):
            known = pile.grundy_known_upto(n)
            if known is not None:
                return known
        return None

    def info(self, pos: Piles) -> PositionInfo:
        lone = self.lone_pile(pos)
        if lone is not None:  # the sum is that pile's game (see lone_pile)
            return self.piles[lone].info(pos[lone])
        if self.nim_closed:
            cold, rem = misere_nim.value(pos)
            return PositionInfo(Outcome.COLD if cold else Outcome.HOT, rem, True, None)
        if self.exact_available(pos):
            cold, rem = self.solver.solve(self.rules, self.misere, pos).lookup(pos)
            outcome = Outcome.COLD if cold else Outcome.HOT
            return PositionInfo(outcome, rem, True, self.grundy(pos))
        return self._bounded(pos)

    def child_info(self, parent: Piles, child: Piles) -> PositionInfo:
        """A child's value. When the parent is beyond the exact search, so are the searches of
        its many children taken one by one (each would be a search of its own, seconds each):
        a child not already solved gets proven bounds, as its parent does."""
        if self.nim_closed or self.lone_pile(child) is not None or self.exact_available(parent):
            return self.info(child)
        if self.solver.find(self.rules, self.misere, child) is not None:
            return self.info(child)
        return self._bounded(child)

    def _check_bounded(self, pos: Piles) -> list[int]:
        """Beyond the search budget, both conventions are answered from the piles' normal
        values (misère: Theorem S of ``core/sums/tame.py``): they must be known."""
        values = self.normal_values(pos)
        if values is None:
            raise TableLimitError("sums.errors.grundy_unknown")
        return values

    @property
    def bounds(self) -> SumBounds:
        """Proven remoteness bounds beyond the search budget (``core/sums/bounds.py``)."""
        if self._bounds is None:
            self._bounds = SumBounds(self.rules, self.normal_piles)
        return self._bounds

    @property
    def misere_bounds(self) -> MisereBounds:
        """Proven remoteness bounds of a misère sum beyond the search budget."""
        if self._misere_bounds is None:
            self._misere_bounds = MisereBounds(self.rules, self._known_value)
        return self._misere_bounds

    def _known_value(self, i: int, n: int) -> int:
        """A value below a position whose values were checked (``_check_bounded``)."""
        g = self.pile_value(i, n)
        if g is None:
            raise TableLimitError("sums.errors.grundy_unknown")
        return g

    def _bounded(self, pos: Piles) -> PositionInfo:
        """Beyond the search budget: the exact outcome from the piles' normal values (the
        nim-sum; misère play: Theorem S) and proven bounds on the remoteness (exact when they
        meet)."""
        values = self._check_bounded(pos)
        if self.misere:
            cold = tame_cold(values)
            outcome = Outcome.COLD if cold else Outcome.HOT
            lo, hi = self.misere_bounds.bounds(pos)
            return PositionInfo(outcome, lo, lo == hi, None, None if lo == hi else hi)
        g = reduce(xor, values, 0)
        outcome = Outcome.HOT if g else Outcome.COLD
        lo, hi = self.bounds.bounds(pos)
        if lo == hi:
            return PositionInfo(outcome, lo, True, g)
        return PositionInfo(outcome, lo, False, g, hi)

    def move(self, pos: Piles, to: Piles) -> Move[Piles]:
        for i, (a, b) in enumerate(zip(pos, to, strict=True)):
            if a != b:
                return Move(pos, to, TAKE, amount=a - b, pile=i)
        raise PositionError("errors.no_change")

    def take(self, pos: Piles, pile: int, amount: int) -> Piles:
        """The position after taking ``amount`` from ``pile`` (0-based), or why that is illegal."""
        if not 0 <= pile < len(pos):
            raise PositionError("sums.errors.no_such_pile", pile=pile + 1)
        if not 0 < amount <= pos[pile]:
            raise PositionError(
                "sums.errors.take_from_pile", amount=amount, pile=pile + 1, size=pos[pile]
            )
        rule = self.rules[pile]
        if not rule.allows(pos[pile], amount):
            raise PositionError(
                "sums.errors.not_in_pile_rule", amount=amount, pile=pile + 1, rule=rule
            )
        return (*pos[:pile], pos[pile] - amount, *pos[pile + 1 :])

    def move_from_text(self, pos: Piles, text: str, *, pile: int | None = None) -> Piles:
        """``"2 4"``: take 4 from pile 2; ``"4"``: take 4 from ``pile`` (0-based)."""
        values = SUM_MOVE.parse_numbers(text)
        if len(values) > 2:
            raise GameError(SUM_MOVE.type_key)
        if len(values) == 2:
            chosen, amount = values[0] - 1, values[1]
        else:
            chosen, amount = (pile or 0), values[0]
        return self.take(pos, chosen, amount)

    def typed_move(self, pos: Piles, to: Piles) -> str:
        move = self.move(pos, to)
        return f"{(move.pile or 0) + 1} {move.amount}"

    def check_move(self, pos: Piles, to: Piles) -> Move[Piles]:
        if len(to) != len(pos):
            raise PositionError("sums.errors.sizes", piles=len(pos), count=len(to))
        changed = [i for i, (a, b) in enumerate(zip(pos, to, strict=True)) if a != b]
        if len(changed) != 1:
            raise PositionError("sums.errors.one_pile_per_move")
        i = changed[0]
        return self.move(pos, self.take(pos, i, pos[i] - to[i]))


def _in_sum(run: Run[int], pos: Piles, pile: int) -> Run[Piles]:
    """A run of one pile's moves as moves of the sum ``pos`` (the other piles unchanged)."""
    target = run.target

    def placed(k: int) -> Piles:
        return (*pos[:pile], target(k), *pos[pile + 1 :])

    return Run(pile, run.count, placed, run.value, run.each)

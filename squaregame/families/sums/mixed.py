"""A sum whose parts are games of several kinds (``squares:10 wythoff:3,5 nim:7``): a move
is made in one part. A position is one row of numbers, its parts' one after the other
(:mod:`squaregame.core.parts`); each part is played by a :class:`~.units.Unit`.

What is answered, and why it is right:

* **A lone part.** When every part but one is over, the sum *is* that part's game (the
  proof of :meth:`squaregame.families.sums.game.SumGame.lone_pile` holds for any game: a
  part with no move keeps none), answered from the part alone, in either convention.
* **One game's parts.** When the parts that can still move are all one game whose positions
  are sums themselves (rows of one octal code), the sum is that game (:mod:`.joined`).
* **Within the search's budget** (:mod:`.mixed_search`, checked before it starts): every
  position exactly, in normal or misère play; the Grundy value in normal play is the nim-sum
  of the parts' (Sprague–Grundy), which the tests check against the search's outcomes.
* **Beyond it, in normal play**: the outcome exactly (nim-sum 0 ⇔ cold) and proven bounds
  on the remoteness (:mod:`.mixed_bounds`); a part whose Grundy value is out of reach is
  refused in one line.
* **Beyond it, in misère play**: where every part is proven tame (piles, Wythoff's queen),
  the outcome by the firm/fickle rule on each part's (normal value, fickle)
  (:mod:`squaregame.core.sums.genus` proves it; :mod:`.mixed_tame`); else refused in one
  line: the misère outcome of a sum is not a function of its parts' misère values.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, PositionError, TableLimitError
from squaregame.core.game import Game, GameKind, Progress
from squaregame.core.moves import MAX_LISTED_MOVES, Run
from squaregame.core.parts import join_values, split_values
from squaregame.core.types import Analysis, Move, Outcome, PositionInfo
from squaregame.families.sums import mixed_costs as costs
from squaregame.families.sums import mixed_search as search
from squaregame.families.sums.dropped import Dropped, live_piles
from squaregame.families.sums.joined import Joined, live_joined
from squaregame.families.sums.limits import check_pile_count
from squaregame.families.sums.mixed_big import countable, counted_analysis
from squaregame.families.sums.mixed_bounds import SUB_SEARCHES, bounded
from squaregame.families.sums.mixed_moves import PART_MOVES, mixed_runs, typed_target
from squaregame.families.sums.mixed_tame import tame_info, tame_pairs
from squaregame.families.sums.past_reach import parse_parts
from squaregame.families.sums.units import PileUnit, Unit, units_of

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

Flat = tuple[int, ...]
KEEP = 4  # solved searches kept (each covers every later position of its game)
SPLIT_MEMO = 100_000  # positions kept read into parts
LISTED_MEMO = 64  # parts' positions listed for a search, kept
# What valuing costs (work units, core/budget.py), measured on the development machine:


class MixedSumGame(Game[Flat]):
    """Parts of several kinds side by side; a move is made in one of them."""

    def __init__(self, kind: GameKind, rules: Sequence[Any], misere: bool, tables: Tables) -> None:
        check_pile_count(len(rules))
        super().__init__(kind, rules, misere, tables)
        self.units: tuple[Unit, ...] = units_of(self.rules, misere, tables)
        self._solved: list[search.Solution] = []
        self._sub: dict[tuple[int, ...], list[search.Solution]] = {}
        self._split: dict[Flat, tuple[Any, ...]] = {}
        self._listed: dict[tuple[int, Any], search.Reached] = {}
        self._plans: dict[tuple[Any, ...], tuple[search.Reached, ...] | None] = {}
        self._dropped: dict[tuple[int, ...], Dropped | Joined] = {}  # (by the parts left)

    # -- positions -------------------------------------------------------------------------
    def split(self, pos: Flat) -> tuple[Any, ...]:
        """Each part's position in ``pos``."""
        got = self._split.get(pos)
        if got is None:
            values = split_values(self.rules, pos)
            got = tuple(u.from_values(v) for u, v in zip(self.units, values, strict=True))
            if len(self._split) >= SPLIT_MEMO:
                self._split.clear()
            self._split[pos] = got
        return got

    def join(self, parts: Sequence[Any]) -> Flat:
        values = [u.values(p) for u, p in zip(self.units, parts, strict=True)]
        return join_values(self.rules, values)

    def replaced(self, pos: Flat, index: int, part: Any) -> Flat:
        """``pos`` with its ``index``-th part at ``part``."""
        parts = list(self.split(pos))
        parts[index] = part
        return self.join(parts)

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Flat:
        return parse_parts(self, split_values(self.rules, tuple(values)), progress)

    def check_answered(self, pos: Flat) -> None:
        """Refuse, before any long work, what is neither searched, nor a lone part's game,
        nor (normal play) answered from the parts' Grundy values."""
        parts = self.split(pos)
        d = self.dropped(parts)
        if d is not None:  # the piles left, as a sum of piles checks them
            d.piles.parse_position(d.inner(pos))
            return
        if self.covered(parts) or self.plan(parts) is not None:
            return
        lone = self.lone(parts)
        if lone is not None:
            self.units[lone].own_info(parts[lone])  # its own refusal, if any
            return
        if self.misere:
            tame_pairs(self.units, parts)  # every part tame, else refused
        else:
            self.grundy_values(parts)
        for i, (u, p) in enumerate(zip(self.units, parts, strict=True)):  # each move sorted
            if u.move_count(p) > PART_MOVES if self.misere else not countable(u, p):
                raise TableLimitError("sums.errors.part_moves", part=i + 1, limit=PART_MOVES)

    def prepare(self, pos: Flat, progress: Progress | None = None) -> None:
        parts = self.split(pos)
        d = self.dropped(parts)
        if d is not None:
            d.piles.prepare(d.inner(pos), progress)
            return
        for u, p in zip(self.units, parts, strict=True):
            u.prepare(p, progress)
        self.solution(parts)

    def slow_to_open(self, pos: Flat) -> bool:
        parts = self.split(pos)
        d = self.dropped(parts)
        if d is not None:
            return d.piles.slow_to_open(d.inner(pos))
        if any(u.slow(p) for u, p in zip(self.units, parts, strict=True)):
            return True
        if self.covered(parts):
            return False
        plan = self.plan(parts)
        return plan is not None and sum(search.work(plan)) > search.QUICK_SEARCH

    def is_terminal(self, pos: Flat) -> bool:
        return all(u.is_terminal(p) for u, p in zip(self.units, self.split(pos), strict=True))

    def dropped(self, parts: Sequence[Any]) -> Dropped | Joined | None:
        """The piles left when some parts cannot move, as a sum of piles (:mod:`.dropped`);
        the parts that can move, when they are all one game's, as that game (:mod:`.joined`)."""
        live = live_piles(self.units, parts)
        if live is not None and live not in self._dropped:
            self._dropped[live] = Dropped(self, live)
        found = live_joined(self.units, parts) if live is None else None
        if found is not None and found[0] not in self._dropped:
            self._dropped[found[0]] = Joined(self, *found)
        key = live if found is None else found[0]
        return None if key is None else self._dropped[key]

    def lone(self, parts: Sequence[Any]) -> int | None:
        """The one part that can still move (part 0 when none can), else None."""
        live = [i for i, u in enumerate(self.units) if not u.is_terminal(parts[i])]
        return None if len(live) > 1 else live[0] if live else 0

    # -- the exact search ---------------------------------------------------------------------
    def plan(
        self, parts: Sequence[Any], which: Sequence[int] | None = None, budget: int = 0
    ) -> tuple[search.Reached, ...] | None:
        """The parts ``which`` (all) listed for a search of them from ``parts``, if it is
        within ``budget`` (the search's): the listing's cost checked before it is made, the
        search's once they are listed. None beyond it (the verdict kept)."""
        chosen = tuple(range(len(self.units)) if which is None else which)
        key = (chosen, *(parts[i] for i in chosen))
        if key in self._plans:
            return self._plans[key]
        units = [self.units[i] for i in chosen]
        found: tuple[search.Reached, ...] | None = None
        if search.listable(units, [parts[i] for i in chosen]):
            found = tuple(self._list(i, parts[i]) for i in chosen)
            if not search.affordable(found, budget or search.SEARCH_BUDGET):
                found = None
        if len(self._plans) >= SPLIT_MEMO:
            self._plans.clear()
        self._plans[key] = found
        return found

    def _list(self, index: int, part: Any) -> search.Reached:
        got = self._listed.get((index, part))
        if got is None:
            got = search.reachable(self.units[index], part)
            if len(self._listed) >= LISTED_MEMO:
                self._listed.clear()
            self._listed[(index, part)] = got
        return got

    def covered(self, parts: Sequence[Any]) -> tuple[bool, int] | None:
        """(cold, remoteness) from a search already made, if one reached ``parts``."""
        for sol in reversed(self._solved):
            got = sol.lookup(parts)
            if got is not None:
                return got
        return None

    def solution(self, parts: Sequence[Any]) -> tuple[bool, int] | None:
        """(cold, remoteness) exactly: from a search made, or one made now within its
        budget; None beyond it."""
        got = self.covered(parts)
        if got is not None:
            return got
        plan = self.plan(parts)
        if plan is None:
            return None
        sol = search.solve(plan, self.misere)
        self._solved = [*self._solved[-(KEEP - 1) :], sol]
        return sol.lookup(parts)

    def sub_remoteness(
        self, which: tuple[int, ...], parts: Sequence[Any], search_now: bool
    ) -> int | None:
        """The normal-play remoteness of the parts ``which`` played alone: from a search of
        them made, or (``search_now``) one made now within a quarter of the budget (kept: it
        covers the later positions), else None."""
        sub = [parts[i] for i in which]
        solved = self._sub.setdefault(which, [])
        for sol in reversed(solved):
            got = sol.lookup(sub)
            if got is not None:
                return got[1]
        plan = self.plan(parts, which, search.SEARCH_BUDGET // 4) if search_now else None
        if plan is None:
            return None
        sol = search.solve(plan, False)
        solved[:] = [*solved[-(KEEP - 1) :], sol]
        found = sol.lookup(sub)
        return None if found is None else found[1]

    # -- values ----------------------------------------------------------------------------
    def grundy_values(self, parts: Sequence[Any]) -> list[int]:
        """Each part's Grundy value (normal play); refused where one is out of reach."""
        values = [None if u.grundy_past_reach(u.values(p)) else u.info(p).grundy
                  for u, p in zip(self.units, parts, strict=True)]  # fmt: skip
        if any(v is None for v in values):
            raise TableLimitError("sums.errors.grundy_unknown")
        return [v or 0 for v in values]

    def grundy(self, pos: Flat) -> int | None:
        if self.misere:
            return None
        try:
            return reduce(xor, self.grundy_values(self.split(pos)), 0)
        except GameError:
            return None

    def grundy_known_upto(self, pos: Flat) -> int | None:
        if self.misere:
            return None
        for u, p in zip(self.units, self.split(pos), strict=True):
            known = u.grundy_known_upto(p)
            if known is not None:
                return known
        return None

    def genus(self, pos: Flat) -> Any:
        d = self.dropped(self.split(pos))
        return None if d is None else d.piles.genus(d.inner(pos))

    def misere_quotient(self) -> tuple[dict[str, Any], str] | None:
        """The proven misère quotient its parts' game used (one game's rows), if just one."""
        found = {q[1]: q for u in self.units if (q := u.misere_quotient()) is not None}
        return next(iter(found.values())) if len(found) == 1 else None

    def info(self, pos: Flat) -> PositionInfo:
        parts = self.split(pos)
        d = self.dropped(parts)
        if d is not None:
            return d.piles.info(d.inner(pos))
        lone = self.lone(parts)
        if lone is not None and (self.covered(parts) or self.plan(parts) is None):
            return self.units[lone].own_info(parts[lone])
        exact = self.solution(parts)
        if exact is not None:
            return self._exact(pos, exact)
        if lone is not None:
            return self.units[lone].own_info(parts[lone])
        if self.misere:
            return tame_info(self.units, parts)
        return bounded(self, parts, SUB_SEARCHES)

    def child_info(self, parent: Flat, child: Flat) -> PositionInfo:
        """As :meth:`SumGame.child_info`: a child of a position beyond the search gets
        proven bounds, never a search of its own."""
        parts = self.split(child)
        d = self.dropped(parts)
        if d is not None:  # (its parent's piles, or itself where a part was just ended)
            above = d.inner(parent) if self.dropped(self.split(parent)) is d else d.inner(child)
            return d.piles.child_info(above, d.inner(child))
        exact = self.covered(parts)
        if exact is not None:
            return self._exact(child, exact)
        lone = self.lone(parts)
        if lone is not None:
            return self.units[lone].own_info(parts[lone])
        if self.misere:
            return tame_info(self.units, parts)
        return bounded(self, parts)

    def _exact(self, pos: Flat, found: tuple[bool, int]) -> PositionInfo:
        cold, rem = found
        return PositionInfo(Outcome.COLD if cold else Outcome.HOT, rem, True, self.grundy(pos))

    # -- moves -----------------------------------------------------------------------------
    def children(self, pos: Flat) -> list[Flat]:
        parts = self.split(pos)
        return [
            self.replaced(pos, i, c) for i, u in enumerate(self.units) for c in u.children(parts[i])
        ]

    def analyze(self, pos: Flat, cap: int | None = None) -> Analysis[Flat]:
        """As every game's; a part with too many moves to value each: counted (mixed_big)."""
        d = self.dropped(self.split(pos))
        if isinstance(d, Joined) and d.counted(pos):
            return d.analysis(pos, cap)
        if d is not None:
            return super().analyze(pos, cap)  # (a sum of piles: its own runs)
        counted = counted_analysis(self, pos, MAX_LISTED_MOVES if cap is None else cap)
        return super().analyze(pos, cap) if counted is None else counted

    def move_runs(self, pos: Flat) -> list[Run[Flat]]:
        d = self.dropped(self.split(pos))
        return mixed_runs(self, pos) if d is None else d.runs(pos)

    def move_count(self, pos: Flat) -> int:
        return sum(u.move_count(p) for u, p in zip(self.units, self.split(pos), strict=True))

    # -- what valuing costs (core/budget.py) ------------------------------------------------
    def value_cost(self, pos: Flat) -> int:
        return costs.value_cost(self, pos)

    def answer_cost(self, pos: Flat) -> int:
        return costs.answer_cost(self, pos)

    def move_target(self, pos: Flat, k: int) -> Flat:
        if k < 0:
            raise IndexError(k)
        for i, (u, p) in enumerate(zip(self.units, self.split(pos), strict=True)):
            count = u.move_count(p)
            if k < count:
                return self.replaced(pos, i, u.move_target(p, k))
            k -= count
        raise IndexError(k)

    def part_move_count(self, pos: Flat, index: int) -> int:
        """How many moves part ``index`` has (counted, never listed)."""
        return self.units[index].move_count(self.split(pos)[index])

    def part_move_target(self, pos: Flat, index: int, k: int) -> Flat:
        """Where the ``k``-th move of part ``index`` leads."""
        u = self.units[index]
        return self.replaced(pos, index, u.move_target(self.split(pos)[index], k))

    def pile_size(self, pos: Flat, index: int) -> int | None:
        """The size of part ``index`` if it is a pile (None: a game of another kind)."""
        return self.split(pos)[index] if isinstance(self.units[index], PileUnit) else None

    def take(self, pos: Flat, pile: int, amount: int) -> Flat:
        """The position after taking ``amount`` from part ``pile`` (0-based), a pile."""
        if not 0 <= pile < len(self.units):
            raise PositionError("sums.errors.no_such_pile", pile=pile + 1)
        unit = self.units[pile]
        if not isinstance(unit, PileUnit):
            raise PositionError("sums.errors.not_a_pile", part=pile + 1)
        return self.replaced(pos, pile, unit.take(self.split(pos)[pile], amount))

    def move_line(self, pos: Flat, to: Flat) -> int:
        return self._changed(pos, to)

    def _changed(self, pos: Flat, to: Flat) -> int:
        a, b = self.split(pos), self.split(to)
        changed = [i for i, (p, q) in enumerate(zip(a, b, strict=True)) if p != q]
        if not changed:
            raise PositionError("errors.no_change")
        if len(changed) > 1:
            raise PositionError("sums.errors.one_part_per_move")
        return changed[0]

    def move(self, pos: Flat, to: Flat) -> Move[Flat]:
        i = self._changed(pos, to)
        return self.units[i].move(pos, to, self.split(pos)[i], self.split(to)[i])

    def check_move(self, pos: Flat, to: Flat) -> Move[Flat]:
        i = self._changed(pos, to)
        u, p, q = self.units[i], self.split(pos)[i], self.split(to)[i]
        u.check_move(p, q)
        return u.move(pos, to, p, q)

    def move_from_text(self, pos: Flat, text: str, *, pile: int | None = None) -> Flat:
        return typed_target(self, pos, text, pile)

    def typed_move(self, pos: Flat, to: Flat) -> str:
        """The part's number, then its move as that part reads it."""
        i = self._changed(pos, to)
        return f"{i + 1} {self.units[i].typed_move(self.split(pos)[i], self.split(to)[i])}"

"""The moves of a sum as runs (:mod:`squaregame.core.moves`), without listing a huge pile.

A pile under a rule with few amounts (Squares, a finite set, …) is valued move by move. A
pile from which any amount may be taken (Nim, ``Rule.is_any_amount``) can hold 10^18
counters, so its moves — to sizes ``n − 1``, ``n − 2``, …, ``0``, the other piles unchanged —
are valued along its axis instead:

* inside the exact search, the solved box holds that axis as one slice
  (:meth:`~squaregame.core.sums.solver.BoxSolution.axis`): equal neighbours form one run;
* beyond it, and for misère Nim (valued by its closed form, never searched), a Nim pile of
  size m has Grundy value m, so in normal play the child with size m is cold exactly when m
  equals the nim-sum of the other piles' values, g: at most one winning move, found by one
  comparison; in misère play (Theorem S of :mod:`squaregame.core.sums.tame`) only the sizes
  0, 1 and g can be cold (:func:`~squaregame.core.sums.tame.cold_values`), and 0 and 1 are
  valued on their own. The other children are hot: their remoteness is at least 1 (2 in
  misère play, where hot is even; a proven bound, nothing more is claimed for the range),
  and each listed one is valued by the game (closed form or proven bounds,
  :mod:`squaregame.core.sums.bounds`, :mod:`squaregame.core.sums.misere_bounds`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Protocol

from squaregame.core.errors import TableLimitError
from squaregame.core.moves import Run, runs_of, uniform_run
from squaregame.core.rules import Rule
from squaregame.core.sums.solver import SumSolver
from squaregame.core.sums.tame import cold_values
from squaregame.core.types import Outcome, PositionInfo

Piles = tuple[int, ...]
AXIS_FROM = 64  # an any-amount pile larger than this is valued along its axis


class SumGame(Protocol):
    """What the moves need of a sum (:class:`squaregame.families.sums.game.SumGame`)."""

    @property
    def rules(self) -> tuple[Rule, ...]: ...
    @property
    def misere(self) -> bool: ...
    @property
    def solver(self) -> SumSolver: ...
    def uses_search(self, pos: Piles) -> bool: ...
    def child_info(self, pos: Piles, child: Piles) -> PositionInfo: ...
    def normal_values(self, pos: Piles) -> list[int] | None: ...


def sum_move_runs(game: SumGame, pos: Piles) -> list[Run[Piles]]:
    """Every move of ``pos``, pile by pile, smallest amount first."""
    searched = game.uses_search(pos)
    runs: list[Run[Piles]] = []
    for i, (rule, n) in enumerate(zip(game.rules, pos, strict=True)):
        if rule.is_any_amount and n > AXIS_FROM:
            runs += _box_axis(game, pos, i) if searched else _value_axis(game, pos, i)
        else:
            children = ((*pos[:i], n - a, *pos[i + 1 :]) for a in rule.amounts(n))
            runs += runs_of((i, c, game.child_info(pos, c)) for c in children)
    return runs


def sum_move_count(game: SumGame, pos: Piles) -> int:
    return sum(r.count_amounts(n) for r, n in zip(game.rules, pos, strict=True))


def sum_move_target(game: SumGame, pos: Piles, k: int) -> Piles:
    """Where the ``k``-th move leads (pile by pile, smallest amount first), never listing."""
    if k < 0:
        raise IndexError(k)
    for i, (rule, n) in enumerate(zip(game.rules, pos, strict=True)):
        count = rule.count_amounts(n)
        if k < count:
            return (*pos[:i], n - rule.amount_at(n, k), *pos[i + 1 :])
        k -= count
    raise IndexError(k)


def _sizes_down(pos: Piles, pile: int, top: int) -> Callable[[int], Piles]:
    """The k-th target: ``pile`` at ``top − k``, the other piles as they are."""
    return lambda k: (*pos[:pile], top - k, *pos[pile + 1 :])


def _valued(
    game: SumGame, pos: Piles, target: Callable[[int], Piles]
) -> Callable[[int], PositionInfo]:
    return lambda k: game.child_info(pos, target(k))


def _box_axis(game: SumGame, pos: Piles, pile: int) -> list[Run[Piles]]:
    """Inside the exact search: the slice of the solved box, in runs of equal values."""
    import numpy as np  # numpy: only inside the exact search

    sol = game.solver.solve(game.rules, game.misere, pos)
    cold, rem = sol.axis(pos, pile)
    cold, rem = cold[::-1], rem[::-1]  # the order of the moves: size n − 1 first
    n = len(rem)
    change = np.flatnonzero((cold[1:] != cold[:-1]) | (rem[1:] != rem[:-1])) + 1
    runs: list[Run[Piles]] = []
    for a, b in pairwise([0, *change.tolist(), n]):
        outcome = Outcome.COLD if cold[a] else Outcome.HOT
        target = _sizes_down(pos, pile, n - 1 - a)
        value = PositionInfo(outcome, int(rem[a]), True)
        runs.append(Run(pile, b - a, target, value, _valued(game, pos, target)))
    return runs


def _value_axis(game: SumGame, pos: Piles, pile: int) -> list[Run[Piles]]:
    """Beyond the exact search, and for misère Nim: the cold sizes from the piles' values."""
    values = game.normal_values(pos)
    if values is None:  # a Grundy value out of reach: not answered beyond the search
        raise TableLimitError("sums.errors.grundy_unknown")
    n = pos[pile]
    others = values[:pile] + values[pile + 1 :]
    if game.misere:  # a Nim pile of m has value m; 0 and 1 are valued on their own
        alone = sorted({v for v in (0, 1, *cold_values(others, n)) if v < n}, reverse=True)
    else:
        rest = 0
        for v in others:
            rest ^= v
        alone = [rest] if rest < n else []
    hot = PositionInfo(Outcome.HOT, 2 if game.misere else 1, False, None, None)

    def hot_run(top: int, count: int) -> Run[Piles]:
        target = _sizes_down(pos, pile, top)
        return Run(pile, count, target, hot, _valued(game, pos, target))

    runs: list[Run[Piles]] = []
    top = n - 1  # the sizes still to place, from the largest (the smallest amount) down
    for size in alone:
        if top > size:
            runs.append(hot_run(top, top - size))
        child = (*pos[:pile], size, *pos[pile + 1 :])
        runs.append(uniform_run(pile, 1, _sizes_down(pos, pile, size), game.child_info(pos, child)))
        top = size - 1
    if top >= 0:
        runs.append(hot_run(top, top + 1))
    return runs

"""How well the opponent plays beyond the exact budget: measured where exact search still runs.

For random sums of 2–4 piles (Squares, Nim, powers of two, cubes and three finite sets) a
position is grown until its exact search costs 60–100 % of the search budget ("just
inside"); if it is hot, one of its cold children is measured too, so both sides are seen.
At each such position the opponent chooses as it does beyond the budget — from the proven
bounds of every child (``SumGame._bounded``, with sub-sums solved exactly as there), by
``Analysis.best_moves`` — and the exact search of the whole box says what the best moves
are. A choice among ties counts by the share of the tied moves that are exact best moves.
"Loss" is how many moves slower the win, or shorter the defence, is when the choice misses.

    PYTHONPATH=. python tests/measure_opponent.py            # the default budget (minutes)
    PYTHONPATH=. python tests/measure_opponent.py --budget 300000 --trials 200 --seed 1

``tests/test_sum_bounds.py`` runs it with a small budget and a fixed seed.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field

from build import sum_game

from squaregame.core.rules import NIM, SQUARES, Rule, SetRule, parse_rule
from squaregame.core.sums import solver as sums
from squaregame.core.types import Analysis, MoveInfo, Outcome

RULES: tuple[Rule, ...] = (
    SQUARES,
    NIM,
    parse_rule("powers-of-two"),
    parse_rule("cubes"),
    SetRule([1, 3, 7, 8]),
    SetRule([2, 5, 6]),
    SetRule([3, 5]),
)


@dataclass
class Side:
    positions: int = 0
    matched: float = 0.0  # expected number of exact best choices
    missed_by: list[int] = field(default_factory=list)  # moves lost where it missed

    @property
    def rate(self) -> float:
        return self.matched / self.positions if self.positions else 1.0

    def line(self, name: str) -> str:
        lost = sum(self.missed_by) / len(self.missed_by) if self.missed_by else 0.0
        worst = max(self.missed_by, default=0)
        return (
            f"{name}: {self.positions} positions, an exact best move {self.rate:.1%} of the "
            f"time; when not, {lost:.1f} moves {'slower' if name == 'hot' else 'shorter'} "
            f"on average (at most {worst})"
        )


def _grow(rules: tuple[Rule, ...], rng: random.Random) -> tuple[int, ...] | None:
    """A random position whose exact search costs 60–100 % of the budget (None: none found)."""
    pos = [0] * len(rules)
    for _ in range(100_000):
        i = rng.randrange(len(rules))
        pos[i] += 1 + pos[i] // 8
        if not sums.fits_budget(rules, tuple(pos)):
            return None
        if sums.search_cost(rules, tuple(pos)) > 0.6 * sums.SEARCH_BUDGET:
            return tuple(pos)
    return None


def measure(budget: int, trials: int, seed: int) -> tuple[Side, Side]:
    """(hot side, cold side) over ``trials`` random sums with ``budget`` as the search budget."""
    saved = sums.SEARCH_BUDGET
    sums.SEARCH_BUDGET = budget
    try:
        return _measure(trials, random.Random(seed))
    finally:
        sums.SEARCH_BUDGET = saved


def _measure(trials: int, rng: random.Random) -> tuple[Side, Side]:
    hot, cold = Side(), Side()
    for _ in range(trials):
        rules = tuple(rng.choice(RULES) for _ in range(rng.choice((2, 3, 3, 4))))
        start = _grow(rules, rng)
        if start is None:
            continue
        exact = sums.solve_box(rules, False, start)
        game = sum_game(rules, solver=sums.SumSolver())
        game.bounds.prepare(start)
        todo = [start]
        if not exact.lookup(start)[0]:
            colds = [c for c in game.children(start) if exact.lookup(c)[0]]
            todo.append(rng.choice(colds))
        for pos in todo:
            kids = game.children(pos)
            if not kids:
                continue
            value = {c: exact.lookup(c)[1] for c in kids}
            a = Analysis(
                pos, game._bounded(pos), tuple(MoveInfo(c, game._bounded(c)) for c in kids)
            )
            chosen = [m.to for m in a.best_moves()]
            if a.info.outcome is Outcome.HOT:
                best = min(value[c] for c in kids if exact.lookup(c)[0])
                side, lost = hot, [value[c] - best for c in chosen]
            else:
                best = max(value.values())
                side, lost = cold, [best - value[c] for c in chosen]
            side.positions += 1
            side.matched += sum(1 for d in lost if d == 0) / len(lost)
            side.missed_by.extend(d for d in lost if d)
    return hot, cold


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--budget", type=int, default=sums.SEARCH_BUDGET)
    p.add_argument("--trials", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    hot, cold = measure(args.budget, args.trials, args.seed)
    print(f"budget {args.budget:,}, {args.trials} random sums, seed {args.seed}")
    print(hot.line("hot"))
    print(cold.line("cold"))


if __name__ == "__main__":
    main()

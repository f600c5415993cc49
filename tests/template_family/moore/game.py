"""Moore's Nim as a game: its moves, and its values searched (:mod:`.theory`)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from math import prod

from squaregame.core.game import Game, Progress
from squaregame.core.types import Move, Outcome, PositionInfo
from template_family.moore.theory import (
    Piles,
    Search,
    check_reach,
    children,
    move_count,
    search_steps,
)

SLOW = 200_000  # a search longer than this (children visited) is done in a worker


class MooreGame(Game[Piles]):
    """Moore's Nim: the values of a normal or misère game, searched once per ``Tables``."""

    @property
    def search(self) -> Search:
        return self.tables.part("moore", lambda _: Search())

    def parse_position(self, values: Sequence[int], *, progress: Progress | None = None) -> Piles:
        self.kind.normalize((), tuple(values))
        piles = tuple(values)
        check_reach(tuple(sorted(piles)))  # before any work
        return piles

    def prepare(self, pos: Piles, progress: Progress | None = None) -> None:
        self.search.value(pos, self.misere)

    def slow_to_open(self, pos: Piles) -> bool:
        return search_steps(pos) > SLOW

    def children(self, pos: Piles) -> list[Piles]:
        return list(children(pos))

    def move_count(self, pos: Piles) -> int:
        return move_count(pos)

    def info(self, pos: Piles) -> PositionInfo:
        cold, remoteness, grundy = self.search.value(pos, self.misere)
        outcome = Outcome.COLD if cold else Outcome.HOT
        return PositionInfo(outcome, remoteness, True, None if grundy < 0 else grundy)

    def move(self, pos: Piles, to: Piles) -> Move[Piles]:
        taken = [(i, a - b) for i, (a, b) in enumerate(zip(pos, to, strict=True)) if a != b]
        (i, amount), *more = taken
        if not more:
            return Move(pos, to, "take", amount=amount, pile=i)
        j, second = more[0]
        words = (("pile2", j + 1), ("amount2", second))
        return Move(pos, to, "take_two", amount=amount, pile=i, words=words)

    def reach(self, pos: Piles) -> tuple[int, int] | None:
        """Every position below ``pos`` (itself included), each with at most its moves."""
        return prod(p + 1 for p in pos), move_count(pos)

    # -- the lessons' exercises draw three piles -----------------------------------------
    def positions(self, low: int, high: int) -> Iterator[Piles]:
        for a in range(low, high + 1):
            for b in range(low, high + 1):
                for c in range(low, high + 1):
                    yield (a, b, c)

    def random_position(self, low: int, high: int, rng: random.Random) -> Piles | None:
        return tuple(rng.randint(low, high) for _ in range(3))

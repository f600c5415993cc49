"""Subtract-a-square: take any positive perfect square (1, 4, 9, 16, …)."""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from typing import TYPE_CHECKING

from squaregame.core.rules.base import Progress, Rule

if TYPE_CHECKING:
    from squaregame.core.pile import PileValues
    from squaregame.core.store import TableStore


class SquaresRule(Rule):
    key = "squares"
    aliases = ("square", "sq")
    order = 10

    def amounts(self, n: int) -> Iterator[int]:
        for k in range(1, isqrt(max(n, 0)) + 1):
            yield k * k

    def _is_amount(self, amount: int) -> bool:
        return amount > 0 and isqrt(amount) ** 2 == amount

    def count_amounts(self, n: int) -> int:
        return isqrt(max(n, 0))

    def normal_table(
        self, store: TableStore, need: int, progress: Progress | None
    ) -> PileValues | None:
        """The shipped table (0..10^6 with Grundy values), the cache, or the fast builder."""
        return store.squares_normal(need, progress)

    def grundy_known_upto(self, store: TableStore) -> int | None:
        """Grundy values are in the shipped table (to 10^6) and in tables built with
        ``build-tables squares --grundy``; remoteness tables built on demand have none."""
        return store.squares_grundy_upto()


RULE = SquaresRule()

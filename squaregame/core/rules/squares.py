"""Subtract-a-square: take any positive perfect square (1, 4, 9, 16, …)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import isqrt
from typing import TYPE_CHECKING

from squaregame.core.rules.base import Progress, Rule

if TYPE_CHECKING:
    from squaregame.core.piles.store import TableStore
    from squaregame.core.values import PileValues


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

    def shortest_play(self, n: int) -> int:
        """The least number of positive squares summing to ``n`` (every play ends at 0):
        exact up to :data:`TWO_SQUARES_CHECKED`, a lower bound beyond (:func:`least_squares`)."""
        return least_squares(n)


TWO_SQUARES_CHECKED = 10**10  # beyond this "2 or 3" is answered 2 (a lower bound)


@lru_cache(maxsize=4096)
def least_squares(n: int) -> int:
    """The least number of positive squares with sum ``n`` (0 for 0).

    Lagrange: every n is a sum of four squares, so the answer is at most 4. Legendre: n is
    a sum of three squares unless n = 4^a(8b + 7), so it is exactly 4 for those. Otherwise
    it is 1 for a square, 2 for a sum of two squares, else 3. A sum of two squares is never
    3 mod 4 (squares are 0 or 1 mod 4); otherwise every a² ≤ n/2 is tried, for n up to
    :data:`TWO_SQUARES_CHECKED`. Beyond that the answer is 2, a lower bound (truth: 2 or 3).
    """
    if n <= 0:
        return 0
    if isqrt(n) ** 2 == n:
        return 1
    m = n
    while m % 4 == 0:
        m //= 4
    if m % 8 == 7:
        return 4
    if n % 4 == 3:  # a square is 0 or 1 mod 4, so a sum of two is never 3 mod 4
        return 3
    if n > TWO_SQUARES_CHECKED:
        return 2
    for a in range(1, isqrt(n // 2) + 1):
        b = n - a * a
        if isqrt(b) ** 2 == b:
            return 2
    return 3


RULE = SquaresRule()

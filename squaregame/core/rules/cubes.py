"""Subtract-a-cube: take any positive perfect cube (1, 8, 27, 64, …).

Its values are computed from the amounts like any infinite rule's (``core/build/squares.py``); as 1
may be taken, misère values are the normal ones shifted by one.
"""

from __future__ import annotations

from collections.abc import Iterator

from squaregame.core.rules.base import Rule


def icbrt(n: int) -> int:
    """The integer cube root: the largest k with k³ ≤ n (0 for n < 1), exact for any size."""
    if n < 1:
        return 0
    x = 1 << -(-n.bit_length() // 3)  # 2^⌈bits/3⌉ > ∛n: Newton's steps fall to the floor
    while True:
        y = (2 * x + n // (x * x)) // 3
        if y >= x:
            return x
        x = y


class CubesRule(Rule):
    key = "cubes"
    aliases = ("cube",)
    order = 30

    def amounts(self, n: int) -> Iterator[int]:
        for k in range(1, icbrt(n) + 1):
            yield k**3

    def _is_amount(self, amount: int) -> bool:
        return amount > 0 and icbrt(amount) ** 3 == amount

    def count_amounts(self, n: int) -> int:
        return icbrt(n)


RULE = CubesRule()

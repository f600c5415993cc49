"""Nim: take any positive amount. Its values have a closed form (:class:`NimValues`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from squaregame.core.rules.base import Rule

if TYPE_CHECKING:
    from squaregame.core.values import PileValues


class NimRule(Rule):
    key = "nim"
    order = 20
    is_any_amount = True

    def amounts(self, n: int) -> Iterator[int]:
        return iter(range(1, n + 1))

    def _is_amount(self, amount: int) -> bool:
        return amount > 0

    def count_amounts(self, n: int) -> int:
        return max(n, 0)

    def shortest_play(self, n: int) -> int:
        """Take everything: one move (none from 0)."""
        return 1 if n > 0 else 0

    def amount_at(self, n: int, k: int) -> int:
        if not 0 <= k < n:
            raise IndexError(k)
        return k + 1

    def closed_form(self, misere: bool) -> PileValues | None:
        from squaregame.core.values import NimValues  # (the registry loads without the values)

        return NimValues(misere=misere)


RULE = NimRule()

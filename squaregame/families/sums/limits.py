"""How many piles a sum may have: one check, for the kind (reading a spec) and the game."""

from __future__ import annotations

from squaregame.core.errors import MAX_PILES, PositionError


def check_pile_count(count: int) -> None:
    if count < 1:
        raise PositionError("sums.errors.no_piles")
    if count > MAX_PILES:
        raise PositionError("sums.errors.too_many_piles", max=MAX_PILES, count=count)

"""Subtract-a-cube: take any positive perfect cube (1, 8, 27, 64, …).

Its normal-play tables are kept in files, as Squares' are (``Rule.tabled``), and built on
demand as far as Squares' (:data:`AUTO_LIMIT`, with a progress bar and a cancel key; further
with ``build-tables cubes``, never past :data:`MOST`) by the sparse builder of
:mod:`squaregame.core.build.amounts` (a few per cent of positions are cold); no table ships.
Every table built also holds the Grundy values of its first :data:`GRUNDY_WITH` positions
(``build-tables cubes --grundy`` gives them further). As 1 may be taken, misère values are the
normal ones shifted by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from squaregame.core.rules.base import Progress, Rule, Tabled

AUTO_LIMIT = 10**8  # built on demand this far, as Squares: one byte a position
MOST = 2 * 10**8  # the largest table squaregame builds
GRUNDY_WITH = 1 << 21  # Grundy values in every table built, this far (computed as far before)
GRUNDY_MOST = 10**7  # ``build-tables --grundy``: a mex over ∛n children each, ~3 s for 10^7


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


def cubes_reaching(bound: int) -> list[int]:
    """The cubes up to the first one ≥ ``bound`` (the sparse builder's amounts)."""
    top = icbrt(max(bound, 1))
    return [k**3 for k in range(1, top + 2) if (k - 1) ** 3 < bound]


def _build(upto: int, progress: Progress | None) -> tuple[Any, tuple[str, Any]]:
    """The remoteness of 0..upto and its file payload, by the sparse builder."""
    from squaregame.core.build.amounts import payload, sparse_remoteness  # numpy: here

    rem = sparse_remoteness(cubes_reaching, upto, progress)
    return rem, payload(rem)


def _grundy(upto: int, progress: Progress | None) -> tuple[str, Any]:
    """Grundy values of 0..upto as a file payload."""
    from squaregame.core.build.amounts import dense_grundy, payload  # numpy: here

    return payload(dense_grundy(cubes_reaching(upto + 1), upto, progress))


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

    tabled = Tabled("cubes", AUTO_LIMIT, MOST, _build, _grundy, GRUNDY_MOST, False, GRUNDY_WITH)


RULE = CubesRule()

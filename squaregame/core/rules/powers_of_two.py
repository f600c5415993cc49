"""Take a power of two: 1, 2, 4, 8, ….

Normal-play Grundy value: g(n) = n mod 3. Proof by induction on n. g(0) = 0. For n ≥ 1 the
children are n − 2^k, and 2^k mod 3 is 1 (k even) or 2 (k odd), never 0, so no child has
the residue of n: by induction no child has the value n mod 3. Every smaller residue is
reached: if n mod 3 = 1, taking 1 (≤ n) leaves residue 0; if n mod 3 = 2, then n ≥ 2 and
taking 1 leaves 1, taking 2 leaves 0. So mex = n mod 3, and the cold positions (value 0) are
the multiples of 3. ``tests/test_new_rules.py`` checks the built table against the formula.
So the Grundy value of every pile comes from the formula (``grundy_formula``), and the tables
hold the remoteness only.

The remoteness has no formula here: its normal-play tables are kept in files, as Squares'
are (``Rule.tabled``), and built on demand as far as Squares' (:data:`AUTO_LIMIT`, with a
progress bar and a cancel key; further with ``build-tables powers-of-two``, never past
:data:`MOST`) by the dense builder of :mod:`squaregame.core.build.amounts` (a third of the
positions are cold: each is settled from its ⌊log₂ n⌋ + 1 children). No table ships. As 1 may
be taken, misère values are the normal ones shifted by one.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from squaregame.core.rules.base import Progress, Rule, Tabled

AUTO_LIMIT = 10**8  # built on demand this far, as Squares: one byte a position
MOST = 2 * 10**8  # the largest table squaregame builds


def _build(upto: int, progress: Progress | None) -> tuple[Any, tuple[str, Any]]:
    """The remoteness of 0..upto and its file payload, by the dense builder."""
    from squaregame.core.build.amounts import dense_remoteness, payload  # numpy: here

    amounts = [1 << k for k in range(max(upto, 0).bit_length())]
    rem = dense_remoteness(amounts, upto, misere=False, progress=progress)
    return rem, payload(rem)


def _grundy(upto: int, progress: Progress | None) -> tuple[str, Any]:
    """Grundy values of 0..upto as a file payload: n mod 3 (for ``build-tables --grundy``)."""
    from squaregame.core.build.amounts import payload, residues  # numpy: here

    return payload(residues(upto, 3))


class PowersOfTwoRule(Rule):
    key = "powers-of-two"
    aliases = ("pow2", "powers", "powers-of-2", "powers_of_two")
    order = 40

    def amounts(self, n: int) -> Iterator[int]:
        for k in range(max(n, 0).bit_length()):
            yield 1 << k

    def _is_amount(self, amount: int) -> bool:
        return amount > 0 and amount & (amount - 1) == 0

    def count_amounts(self, n: int) -> int:
        return max(n, 0).bit_length()

    def shortest_play(self, n: int) -> int:
        """Exactly the number of 1s in n's binary form. The binary form is a play of that
        length. Any play is a sum of powers of two equal to n; merging two equal terms into
        one twice as large keeps the total and drops one term, and the merging ends at the
        binary form: so no play has fewer moves."""
        return max(n, 0).bit_count()

    def grundy_formula(self, n: int) -> int | None:
        """n mod 3 (proven above)."""
        return n % 3

    tabled = Tabled("powers-of-two", AUTO_LIMIT, MOST, _build, _grundy, MOST, shipped=False)


RULE = PowersOfTwoRule()

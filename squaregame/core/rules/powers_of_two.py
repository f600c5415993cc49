"""Take a power of two: 1, 2, 4, 8, ….

Normal-play Grundy value: g(n) = n mod 3. Proof by induction on n. g(0) = 0. For n ≥ 1 the
children are n − 2^k, and 2^k mod 3 is 1 (k even) or 2 (k odd), never 0, so no child has
the residue of n: by induction no child has the value n mod 3. Every smaller residue is
reached: if n mod 3 = 1, taking 1 (≤ n) leaves residue 0; if n mod 3 = 2, then n ≥ 2 and
taking 1 leaves 1, taking 2 leaves 0. So mex = n mod 3, and the cold positions (value 0) are
the multiples of 3. ``tests/test_new_rules.py`` checks the built table against the formula.
The tables themselves are computed from the amounts like any infinite rule's.
"""

from __future__ import annotations

from collections.abc import Iterator

from squaregame.core.rules.base import Rule


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


RULE = PowersOfTwoRule()

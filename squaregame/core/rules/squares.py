"""Subtract-a-square: take any positive perfect square (1, 4, 9, 16, …)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from math import isqrt
from typing import Any

from squaregame.core.rules.base import Progress, Rule, Tabled

# Built on demand (with a progress bar and a cancel key) as far as this: 10^8 positions take
# one byte each (100 MB on disk and in memory). Further needs ``build-tables squares``.
AUTO_LIMIT = 10**8
MOST = 2 * 10**8  # the largest table squaregame builds


def _build(upto: int, progress: Progress | None) -> tuple[Any, tuple[str, Any]]:
    """The remoteness of 0..upto and its file payload, by the fast builder."""
    from squaregame.core.build.squares import rem_payload, squares_remoteness  # numpy: here

    rem = squares_remoteness(upto, progress)
    return rem, rem_payload(rem)


def _grundy(upto: int, progress: Progress | None) -> tuple[str, Any]:
    """Grundy values of 0..upto as a file payload: one byte each when all fit, else two."""
    from squaregame.core.build.squares import squares_grundy  # numpy: here

    g = squares_grundy(upto, progress)
    code = "B" if int(g.max()) < 256 else "H"
    return code, g.astype("u1" if code == "B" else "<u2").tobytes()


# Grundy values take a mex over about √n children each (core/build/squares.py squares_grundy),
# measured with time.process_time on 2 cores: 7 s for 10^6, 19 s for 2·10^6, 63 s for
# 4·10^6, 212 s for 10^7 (52 MB); and no further.
GRUNDY_MOST = 10**7


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

    # Its tables: shipped (0..10^6 with Grundy values), cached, or built by the fast builder
    # on demand as far as AUTO_LIMIT (with a progress bar and a cancel key); further needs
    # ``build-tables squares`` (``--grundy`` adds Grundy values), and nothing past MOST.
    tabled = Tabled("squares", AUTO_LIMIT, MOST, _build, _grundy, GRUNDY_MOST)

    stats_limit = MOST  # the largest table squaregame builds

    def table_stats(self, n: int, digest: bool = False) -> tuple[dict[str, Any], str]:
        """Positions 0..n−1 built afresh: the C reference's cold count, largest remoteness
        and where, and the cold positions ending in 6 (``digest``: and the remoteness
        array's FNV-1a hash, ``fnv1a_rem``, as the reference prints it)."""
        from squaregame.core.build.squares import squares_table  # numpy: only here

        built = squares_table(n - 1)
        at = int(built.rem.argmax())
        stats: dict[str, Any] = {
            "upto": n,
            "cold_count": int(built.cold.size),
            "max_remoteness": int(built.rem[at]),
            "max_remoteness_at": at,
            "cold_ending_in_6": [int(c) for c in built.cold[built.cold % 10 == 6]],
        }
        if digest:
            from squaregame.core.files import digest as fnv  # (a check: only when asked)

            stats["fnv1a_rem"] = fnv.shown(fnv.fnv1a_u16(fnv.chunks(built.rem)))
        said = (
            f"positions 0..{n - 1:,}: {stats['cold_count']:,} cold, largest remoteness "
            f"{stats['max_remoteness']} (at {at:,})"
        )
        return stats, said

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

"""Finite subtraction games are eventually periodic; find the period exactly and use it.

With S finite and m = max(S), the values at n depend only on the m values before it. If
the Grundy values of a window of m positions equal those of an earlier window and the
remoteness of every position in it is the earlier one's plus the same *even* constant
(even, so that outcomes agree), then every later value repeats too: the rules are the same
at every n, and min/max commute with adding a constant. The first repeated window gives the
shortest pre-period and the period; after that any position, even 10^18, is answered by
arithmetic: remoteness(n) = remoteness(n − k·p) + k·shift.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from squaregame.core.pile import ArrayValues, PileValues, build_set_values
from squaregame.core.rules import Rule

SEARCH_SIZES = (4096, 65_536, 1 << 20)
MAX_WINDOW = 4096  # a set whose largest member is beyond this is not searched
UNBOUNDED = 10**40


@dataclass(frozen=True)
class Period:
    start: int  # the pre-period: positions 0..start−1 are not (yet) periodic
    length: int  # the period
    shift: int  # remoteness grows by this much per period (always even)

    def describe(self) -> str:
        return (
            f"pre-period {self.start}, period {self.length} (remoteness +{self.shift} per period)"
        )


def find_period(values: PileValues, m: int) -> Period | None:
    """The eventual period of ``values`` (over 0..values.upto), or None if it is not seen."""
    n_max = values.upto + 1
    if m <= 0 or n_max <= m:
        return None
    rem = [values.remoteness(n) for n in range(n_max)]
    grundy = [values.grundy(n) or 0 for n in range(n_max)]
    diff = [0] + [rem[k] - rem[k - 1] for k in range(1, n_max)]
    seen: dict[tuple[Any, ...], int] = {}
    for n in range(m, n_max + 1):
        lo = n - m
        key = (tuple(grundy[lo:n]), tuple(diff[lo + 1 : n]), rem[lo] % 2)
        earlier = seen.get(key)
        if earlier is not None:
            length = n - earlier
            start = earlier - m
            return Period(start, length, rem[start + length] - rem[start])
        seen[key] = n
    return None


class PeriodicValues(PileValues):
    """Values for every pile size, from a table that covers the pre-period and one period."""

    def __init__(self, base: PileValues, period: Period) -> None:
        self.base = base
        self.period = period
        self.misere = base.misere
        self.upto = UNBOUNDED

    def _fold(self, n: int) -> tuple[int, int]:
        p = self.period
        if n <= self.base.upto:
            return n, 0
        k, r = divmod(n - p.start, p.length)
        return p.start + r, k

    def remoteness(self, n: int) -> int:
        m, k = self._fold(n)
        return self.base.remoteness(m) + k * self.period.shift

    def grundy(self, n: int) -> int | None:
        return self.base.grundy(self._fold(n)[0])


def periodic_values(rule: Rule, misere: bool) -> tuple[PeriodicValues | None, ArrayValues]:
    """Search growing tables for the period; return it (if found) and the last table built.

    ``rule`` must be finite (``rule.members``)."""
    if rule.members is None:
        raise ValueError(f"{rule.key} is not a finite set")
    m = rule.members[-1]
    table = build_set_values(rule, SEARCH_SIZES[0], misere=misere)
    if m > MAX_WINDOW:
        return None, table
    for size in SEARCH_SIZES:
        if size > SEARCH_SIZES[0]:
            table = build_set_values(rule, size, misere=misere)
        period = find_period(table, m)
        if period is not None:
            return PeriodicValues(table, period), table
    return None, table

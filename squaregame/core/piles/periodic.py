"""Finite subtraction sets: values of every pile size, from proven eventual periods.

Let S be finite, m = max(S). A position n ≥ m may take every member of S, so from there on
each value is the same function of the m values before it.

**Outcomes and Grundy values** (:func:`window_period`). If the values on the window
[i, i+m) equal those on [i+p, i+p+m), then value(n + p) = value(n) for every n ≥ i: by
induction on n ≥ i + m, both n and n + p are computed by the same rule from windows that
agree. The first window that repeats an earlier one (found by hashing every window, then
compared exactly) gives the shortest pre-period i and the shortest period p: a shorter
pre-period or period would make an earlier window repeat. Grundy values (normal play) and
outcomes (either convention) are eventually periodic because there are finitely many
windows, so the search always ends if the table is long enough.

**Remoteness** is *arithmetically* periodic where it is proven so: rem(n + p) =
rem(n) + c(n mod p) from some n0 on, with shifts c that may differ by residue ({3, 9, 11}:
+6 or +8 every 40) and periods of any length the table can show ({2, 4999, 5000}:
12,498,750). The proof and the search are :mod:`squaregame.core.piles.arithmetic`'s.

**Budget.** Tables grow through ``SEARCH_SIZES`` while their work (positions × (1 + |S|))
stays within ``SEARCH_WORK`` (a few seconds, a few hundred MB at most); outcomes and Grundy
values are searched on these. Once the outcomes' period is proven, a remoteness not yet
proven is searched further on tables of the remoteness alone (``LONG_SIZES``, within
``LONG_WORK``: each under a second and 100 MB), built by the C kernels
(:mod:`squaregame.core.build.amounts`, each table going on from the one before; without
them, not at all). Once a remoteness period is proven, only the positions a lookup reads
are kept. Where no proof is found: outcomes and Grundy values are still exact for every n
if their period was proven, remoteness is exact up to the table's end, and beyond it only
bounds are given (:meth:`PeriodicValues.info`); with no proven period at all, positions
past the table are refused. ``tests/test_periodic.py`` and ``tests/test_long_periods.py``
check every claim against plain dynamic programming and the definitions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from squaregame.core.piles.arithmetic import RemotenessPeriod, remoteness_period
from squaregame.core.types import Outcome, PositionInfo
from squaregame.core.values import ArrayValues, PileValues

__all__ = [
    "PeriodicValues",
    "Periodicity",
    "RemotenessPeriod",
    "ValuePeriod",
    "periodic_values",
    "play_length_bounds",
    "remoteness_period",
    "search_sizes",
    "window_period",
]

if TYPE_CHECKING:
    import numpy.typing as npt

    from squaregame.core.rules.base import Rule

SEARCH_SIZES = (4096, 65_536, 1 << 20, 1 << 22)
SEARCH_WORK = 25_000_000  # positions × (1 + members) per table: ~5 s, ~300 MB at most
# The remoteness alone, by the C kernels: two bytes a position (four past 65,535), and the
# sifting of the candidates (arithmetic.SIFT_WORK); measured for {2, 4999, 5000}: 0.3 s.
LONG_SIZES = (1 << 23, 1 << 24, 1 << 25)
LONG_WORK = 2 * 10**8  # positions × (1 + members) per table
UNBOUNDED = 10**40
_HASH_BASE = 0x9E3779B97F4A7C15  # odd, so invertible modulo 2^64

Progress = Callable[[float], None]


@dataclass(frozen=True)
class ValuePeriod:
    """value(n + length) = value(n) for every n ≥ start (proven; shortest start and length)."""

    start: int
    length: int

    def fold(self, n: int) -> int:
        if n < self.start + self.length:
            return n
        return self.start + (n - self.start) % self.length


@dataclass(frozen=True)
class Periodicity:
    """What was proven about a finite set's values (one play convention)."""

    misere: bool
    computed: int  # positions 0..computed−1 were computed directly
    outcomes: ValuePeriod | None
    grundy: ValuePeriod | None  # normal play only
    remoteness: RemotenessPeriod | None
    # Is the remoteness of one position a table (searched for a period, as a finite set's)?
    # False where it is not (a take-and-break game's rows: only the Grundy values are).
    remoteness_tabled: bool = True

    @property
    def values(self) -> ValuePeriod | None:
        """The period shown beside the values: Grundy values (normal), outcomes (misère)."""
        return self.outcomes if self.misere else self.grundy


def window_period(key: npt.NDArray[Any], m: int) -> ValuePeriod | None:
    """The first window of ``m`` values of ``key`` that repeats an earlier one, as a period.

    Windows are hashed (a polynomial modulo 2^64, so equal windows hash equally) and the
    first repeat is then compared exactly; a hash collision (never seen) tries another base.
    """
    import numpy as np  # numpy: only while searching (a lookup needs none)

    n = int(key.size)
    if m <= 0 or n < m + 1:
        return None
    values = key.astype(np.uint64) + np.uint64(1)
    count = n - m + 1
    for base in (_HASH_BASE, _HASH_BASE + 2, _HASH_BASE + 4):
        inverse = pow(base, -1, 1 << 64)
        with np.errstate(over="ignore"):
            powers = np.ones(n, dtype=np.uint64)
            powers[1:] = np.cumprod(np.full(n - 1, base, dtype=np.uint64))
            inv_powers = np.ones(count, dtype=np.uint64)
            inv_powers[1:] = np.cumprod(np.full(count - 1, inverse, dtype=np.uint64))
            prefix = np.zeros(n + 1, dtype=np.uint64)
            np.cumsum(values * powers, out=prefix[1:])
            hashes = (prefix[m:] - prefix[:-m]) * inv_powers
        _, first, inverse_index = np.unique(hashes, return_index=True, return_inverse=True)
        earlier = first[inverse_index]
        repeats = np.flatnonzero(earlier < np.arange(count))
        if repeats.size == 0:
            return None
        j = int(repeats[0])
        i = int(earlier[j])
        if np.array_equal(key[i : i + m], key[j : j + m]):
            return ValuePeriod(i, j - i)
    return None


def search_sizes(members: tuple[int, ...]) -> list[int]:
    """The table sizes searched for ``members``, each within ``SEARCH_WORK``."""
    per = 1 + len(members)
    sizes = [s for s in SEARCH_SIZES if s * per <= SEARCH_WORK]
    largest = SEARCH_WORK // per
    if not sizes or (sizes[-1] < SEARCH_SIZES[-1] and largest > sizes[-1]):
        sizes.append(largest)
    return sizes


def long_sizes(members: tuple[int, ...]) -> list[int]:
    """The remoteness-only table sizes searched next, each within ``LONG_WORK``."""
    per = 1 + len(members)
    last = search_sizes(members)[-1]
    return [s for s in LONG_SIZES if last < s and s * per <= LONG_WORK]


def periodic_values(rule: Rule, misere: bool, progress: Progress | None = None) -> PeriodicValues:
    """Search growing tables for proven periods; the values of every pile size that follow.

    ``rule`` must be finite (``rule.members``)."""
    import numpy as np  # numpy: only while building (a lookup needs none)

    # (numpy and the C kernels: only when building)
    from squaregame.core.build.amounts import dense_grundy, dense_remoteness, use_native

    members = rule.members
    if members is None:
        raise ValueError(f"{rule.key} is not a finite set")
    m = members[-1]
    sizes = search_sizes(members)
    longer = long_sizes(members)
    total = sum(sizes) + sum(longer)
    done = 0
    outcomes: ValuePeriod | None = None
    grundy_period: ValuePeriod | None = None
    grundy: Any = None
    rem: Any = None
    rem_period: RemotenessPeriod | None = None
    for size in sizes + longer:
        if size > sizes[-1] and (outcomes is None or not use_native(None)):
            break  # the remoteness alone, further: only once outcomes are proven, natively
        report = None if progress is None else _part(progress, done / total, size / total)
        done += size
        with_values = size <= sizes[-1]  # outcomes and Grundy values searched here too
        # Once they are proven, the remoteness alone: by the C kernels where they can be had
        # (compiled if need be: further, only so, checked above), going on from the table
        # before; else as the size says.
        known = outcomes is not None and (misere or grundy_period is not None)
        native = True if not with_values or (known and use_native(None)) else None
        prefix = rem
        rem = None  # (so its memory is free once the next one has taken its values)
        rem = dense_remoteness(
            members, size - 1, misere=misere, progress=report, native_ok=native, prefix=prefix
        )
        prefix = None
        if with_values and not misere and grundy_period is None:
            grundy = dense_grundy(members, size - 1)
            grundy_period = window_period(grundy, m)
        if with_values and outcomes is None:
            outcomes = window_period(((rem % 2 == 0) != misere).astype(np.int8), m)
        if outcomes is not None:
            rem_period = remoteness_period(rem, members, misere, outcomes.length)
        if rem_period is not None and (misere or grundy_period is not None):
            break
    if progress is not None:
        progress(1.0)
    assert rem is not None
    period = Periodicity(misere, int(rem.size), outcomes, grundy_period, rem_period)
    if rem_period is not None:  # what a lookup reads: up to the first period's end
        keep = max(rem_period.start + rem_period.length, sizes[-1])
        if keep < rem.size:
            rem = rem[:keep].copy()
    return PeriodicValues(ArrayValues(rem, grundy, misere=misere), members, period)


def _part(progress: Progress, lo: float, share: float) -> Progress:
    return lambda f: progress(lo + share * f)


class PeriodicValues(PileValues):
    """A finite set's values for every pile size: the computed table, then the proven periods.

    Past the table, outcomes (and Grundy values) follow their period; remoteness follows its
    arithmetic period if one was proven, else only bounds are known (see :meth:`info`).
    Without a proven outcome period nothing past the table is answered (``upto``).
    """

    def __init__(self, base: ArrayValues, members: tuple[int, ...], period: Periodicity) -> None:
        self.base = base
        self.members = members
        self.period = period
        self.misere = base.misere
        self.upto = base.upto if period.outcomes is None else UNBOUNDED

    def _in_table(self, n: int) -> bool:
        return n <= self.base.upto

    def remoteness_known(self, n: int) -> bool:
        return self._in_table(n) or self.period.remoteness is not None

    def remoteness(self, n: int) -> int:
        if self._in_table(n):
            return self.base.remoteness(n)
        rp = self.period.remoteness
        if rp is None:
            raise LookupError(f"the remoteness of {n} is not known exactly")
        first, k = rp.fold(n)
        return self.base.remoteness(first) + k * rp.shift(first)

    def outcome(self, n: int) -> Outcome:
        if self._in_table(n):
            return self.base.outcome(n)
        if self.period.outcomes is None:
            raise IndexError(n)
        return self.base.outcome(self.period.outcomes.fold(n))

    def grundy(self, n: int) -> int | None:
        """From the table (which may hold Grundy values for fewer positions than remoteness:
        those of the tables the outcomes were searched on), then from their period."""
        if self.misere:
            return None
        g = self.period.grundy
        if g is not None:
            return self.base.grundy(g.fold(n))  # (fold(n) = n before the period repeats)
        return self.base.grundy(n) if self._in_table(n) else None

    def info(self, n: int) -> PositionInfo:
        if not 0 <= n <= self.upto:
            raise IndexError(n)
        outcome = self.outcome(n)
        if self.remoteness_known(n):
            return PositionInfo(outcome, self.remoteness(n), True, self.grundy(n))
        lower, upper = play_length_bounds(self.members, n, outcome, self.misere)
        if lower == upper:  # every play from n has this length
            return PositionInfo(outcome, lower, True, self.grundy(n))
        return PositionInfo(outcome, lower, False, self.grundy(n), upper)


def play_length_bounds(
    members: tuple[int, ...], n: int, outcome: Outcome, misere: bool
) -> tuple[int, int]:
    """Proven bounds on the remoteness of ``n`` under the finite set ``members``.

    Remoteness is the length of one play, and every play from n ends at some t < min(S)
    (no move left) after k moves of at most max(S) and at least min(S) each:
    k ≥ (n − min(S) + 1) / max(S) and k ≤ n / min(S). The parity is the outcome's
    (normal play: hot ⇔ odd; misère: hot ⇔ even), so each bound moves inward to it.
    """
    least, most = members[0], members[-1]
    lower = max(0, -(-(n - least + 1) // most))
    upper = n // least
    odd = outcome.is_hot != misere
    if lower % 2 != odd:
        lower += 1
    if upper % 2 != odd:
        upper -= 1
    return lower, max(upper, lower)

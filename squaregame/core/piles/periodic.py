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

**Remoteness** is not always periodic plus one constant: for S = {3, 9, 11},
rem(n + 40) = rem(n) + 6 for some residues and + 8 for others, so the spread within a
window grows without bound. We look for *arithmetic periodicity*: n0, p and shifts c(r)
with

    Q(N):  rem(N) = rem(N − p) + c(N mod p)    for every N ≥ n0 + p.

:func:`remoteness_period` proves it as follows. Let b = n0 + m, so every child of a position
M ≥ b is ≥ n0 and every member of S may be taken. Checked on the computed table:

1. every c(r) is even (then Q keeps outcomes: cold ⇔ parity of remoteness);
2. Q(N) for n0 + p ≤ N < b + p (in fact for the whole table);
3. for every M in one block [b, b + p): let the *candidates* be the cold children of M if M
   is hot (remoteness 1 + least of theirs), else all its children (1 + greatest). Give each
   child x its remoteness rem(x) and its slope c(x). Let x* be the best candidate — least
   (rem, slope) if M is hot, greatest if cold. Then every candidate's slope is at least
   x*'s (hot) or at most x*'s (cold), and c(M) = c(x*).

Proof that Q holds for every N ≥ b + p, with the same best child (by induction on N). Let
M = N − p ≥ b; condition 3 holds at M (M is in the block, or by induction, since the
relative order below is the block's). Every child N − a is ≥ n0 + p and < N, so
rem(N − a) = rem(M − a) + c(M − a) by 2 or induction; by 1 it has M − a's outcome, so N's
candidates are M's shifted by p. For a hot M, a candidate's remoteness at N exceeds x*'s by
[rem(M − a) − rem(x*)] + [c(M − a) − c(x*)], a sum of two non-negatives: x* + p is still
the best, with the same slope order, so condition 3 holds at N, and
rem(N) = 1 + rem(x*) + c(x*) = rem(M) + c(M). The cold case is the mirror image. ∎

Condition 3 is also necessary: a candidate that is behind now but has a steeper slope
(better for its side) overtakes after finitely many periods, and the pattern breaks there.
So a pattern seen on the table but failing 3 is not claimed; a longer table is searched.
Candidate periods are the multiples k·p_o (k ≤ ``MAX_MULTIPLE``) of the outcome period
p_o (condition 1 makes p a period of the outcomes); for each, n0 is the first position
after the last place on the table where Q fails.

**Budget.** Tables grow through ``SEARCH_SIZES`` while their work (positions × (1 + |S|))
stays within ``SEARCH_WORK`` (a few seconds, a few hundred MB at most). Where no proof is
found: outcomes and Grundy values are still exact for every n if their period was proven,
remoteness is exact up to the table's end, and beyond it only bounds are given
(:meth:`PeriodicValues.info`); with no proven period at all, positions past the table are
refused. ``tests/test_periodic.py`` checks every claim against plain dynamic programming.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from squaregame.core.types import Outcome, PositionInfo
from squaregame.core.values import ArrayValues, PileValues

if TYPE_CHECKING:
    import numpy.typing as npt

    from squaregame.core.rules.base import Rule

SEARCH_SIZES = (4096, 65_536, 1 << 20, 1 << 22)
SEARCH_WORK = 25_000_000  # positions × (1 + members) per table: ~5 s, ~300 MB at most
MAX_MULTIPLE = 64  # remoteness periods tried: k × the outcome period for k up to this
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
class RemotenessPeriod:
    """rem(n + length) = rem(n) + shifts[(n − start) mod length] for every n ≥ start (proven)."""

    start: int
    length: int
    shifts: tuple[int, ...]

    @property
    def distinct_shifts(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.shifts)))

    def fold(self, n: int) -> tuple[int, int]:
        """(m, k): n = m + k·length with m inside the first period, so
        rem(n) = rem(m) + k·shifts[m − start]."""
        if n < self.start + self.length:
            return n, 0
        k, r = divmod(n - self.start, self.length)
        return self.start + r, k


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


def remoteness_period(
    rem: npt.NDArray[Any], members: tuple[int, ...], misere: bool, outcome_period: int
) -> RemotenessPeriod | None:
    """The proven arithmetic period of ``rem`` (see the module docstring), or None."""
    import numpy as np  # numpy: only while searching (a lookup needs none)

    m = members[-1]
    size = int(rem.size)
    r = rem.astype(np.int64)
    cold = (r % 2 == 0) != misere
    for k in range(1, MAX_MULTIPLE + 1):
        p = k * outcome_period
        if 3 * p + m > size:
            break
        d = r[p:] - r[:-p]  # d[n] = rem(n + p) − rem(n)
        fails = np.flatnonzero(d[p:] != d[:-p])
        n0 = int(fails[-1]) + 1 if fails.size else 0
        if size - n0 < m + 2 * p + 1:
            continue  # the pattern is not seen for long enough on this table
        shifts = d[n0 : n0 + p]
        if np.any(shifts % 2):
            continue
        if _children_keep_their_order(r, cold, members, n0, p, shifts):
            return RemotenessPeriod(n0, p, tuple(int(s) for s in shifts))
    return None


def _children_keep_their_order(
    r: npt.NDArray[Any],
    cold: npt.NDArray[Any],
    members: tuple[int, ...],
    n0: int,
    p: int,
    shifts: npt.NDArray[Any],
) -> bool:
    """Condition 3 of the module docstring on the block [n0 + m, n0 + m + p)."""
    import numpy as np  # numpy: only while searching (a lookup needs none)

    block = np.arange(n0 + members[-1], n0 + members[-1] + p, dtype=np.int64)
    hot = np.zeros(p, dtype=bool)
    for a in members:
        hot |= cold[block - a]
    big = np.int64(1) << 62
    best_r = np.where(hot, big, -big)
    best_s = np.where(hot, big, -big)
    for a in members:
        child = block - a
        cr = r[child]
        cs = shifts[(child - n0) % p]
        candidate = np.where(hot, cold[child], True)
        better_hot = hot & candidate & ((cr < best_r) | ((cr == best_r) & (cs < best_s)))
        better_cold = ~hot & ((cr > best_r) | ((cr == best_r) & (cs > best_s)))
        better = better_hot | better_cold
        best_r = np.where(better, cr, best_r)
        best_s = np.where(better, cs, best_s)
    for a in members:
        child = block - a
        cs = shifts[(child - n0) % p]
        candidate = np.where(hot, cold[child], True)
        if np.any(candidate & np.where(hot, cs < best_s, cs > best_s)):
            return False
    return bool(np.array_equal(best_s, shifts[(block - n0) % p]))


def search_sizes(members: tuple[int, ...]) -> list[int]:
    """The table sizes searched for ``members``, each within ``SEARCH_WORK``."""
    per = 1 + len(members)
    sizes = [s for s in SEARCH_SIZES if s * per <= SEARCH_WORK]
    largest = SEARCH_WORK // per
    if not sizes or (sizes[-1] < SEARCH_SIZES[-1] and largest > sizes[-1]):
        sizes.append(largest)
    return sizes


def periodic_values(rule: Rule, misere: bool, progress: Progress | None = None) -> PeriodicValues:
    """Search growing tables for proven periods; the values of every pile size that follow.

    ``rule`` must be finite (``rule.members``)."""
    import numpy as np  # numpy: only while building (a lookup needs none)

    from squaregame.core.build.rules import rule_table  # numpy only when building

    members = rule.members
    if members is None:
        raise ValueError(f"{rule.key} is not a finite set")
    m = members[-1]
    sizes = search_sizes(members)
    total = sum(sizes)
    done = 0
    found: PeriodicValues | None = None
    for size in sizes:
        report = None if progress is None else _part(progress, done / total, size / total)
        rem, grundy = rule_table(members, size - 1, misere=misere, progress=report)
        done += size
        r = np.asarray(rem)
        cold = ((r % 2 == 0) != misere).astype(np.int8)
        outcomes = window_period(cold, m)
        grundy_period = None if grundy is None else window_period(np.asarray(grundy), m)
        rem_period = None
        if outcomes is not None:
            rem_period = remoteness_period(r, members, misere, outcomes.length)
        period = Periodicity(misere, size, outcomes, grundy_period, rem_period)
        found = PeriodicValues(ArrayValues(rem, grundy, misere=misere), members, period)
        if rem_period is not None and (misere or grundy_period is not None):
            break
    if progress is not None:
        progress(1.0)
    assert found is not None
    return found


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
        return self.base.remoteness(first) + k * rp.shifts[first - rp.start]

    def outcome(self, n: int) -> Outcome:
        if self._in_table(n):
            return self.base.outcome(n)
        if self.period.outcomes is None:
            raise IndexError(n)
        return self.base.outcome(self.period.outcomes.fold(n))

    def grundy(self, n: int) -> int | None:
        if self.misere:
            return None
        if self._in_table(n):
            return self.base.grundy(n)
        g = self.period.grundy
        return None if g is None else self.base.grundy(g.fold(n))

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

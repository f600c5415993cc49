"""Values of one-pile positions: remoteness, outcome and Grundy value for 0..upto.

Outcome is read off remoteness: in normal play a terminal position is cold, so cold ⇔
even remoteness; in misère play a terminal position is hot, so cold ⇔ odd remoteness.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from squaregame.core.budget import BULK_VALUE_COST
from squaregame.core.types import Outcome, PositionInfo


class IntArray(Protocol):
    """Anything indexable by position: a memory-mapped ``memoryview``, ``array`` or numpy."""

    def __len__(self) -> int: ...
    def __getitem__(self, i: int, /) -> Any: ...


class PileValues:
    """Values of positions 0..upto of one pile, under one rule, normal or misère."""

    upto: int
    misere: bool
    bulk_cost = 250  # work units of each position of :meth:`infos` (core/budget.py)

    def remoteness(self, n: int) -> int:
        raise NotImplementedError

    def grundy(self, n: int) -> int | None:
        return None

    def outcome(self, n: int) -> Outcome:
        cold = (self.remoteness(n) % 2 == 0) != self.misere
        return Outcome.COLD if cold else Outcome.HOT

    def info(self, n: int) -> PositionInfo:
        if not 0 <= n <= self.upto:
            raise IndexError(n)
        return PositionInfo(self.outcome(n), self.remoteness(n), True, self.grundy(n))

    def covers(self, n: int) -> bool:
        return 0 <= n <= self.upto

    def infos(self, upto: int) -> list[PositionInfo]:
        """:meth:`info` of 0..``upto`` (which must be covered), in order."""
        return [self.info(n) for n in range(upto + 1)]

    def cold_below(self, n: int) -> list[int]:
        """Every cold position below ``n`` (which must be covered), in order."""
        return [k for k in range(min(n, self.upto + 1)) if self.outcome(k) is Outcome.COLD]

    def constant_below(self, n: int) -> list[tuple[int, int]] | None:
        """Intervals ``(lo, hi)`` covering ``0..n-1``, highest first, on each of which every
        position has the same value — where a closed form knows them without reading each
        position (None otherwise)."""
        return None


class ArrayValues(PileValues):
    """Values held in integer arrays (memory-mapped file, ``array`` or numpy)."""

    bulk_cost = BULK_VALUE_COST  # read off the arrays at once

    def __init__(
        self,
        rem: IntArray,
        grundy: IntArray | None,
        *,
        misere: bool,
    ) -> None:
        self._rem = rem
        self._grundy = grundy
        self.misere = misere
        self.upto = len(rem) - 1
        self.grundy_upto = -1 if grundy is None else len(grundy) - 1

    def remoteness(self, n: int) -> int:
        return int(self._rem[n])

    def infos(self, upto: int) -> list[PositionInfo]:
        """:meth:`info` of 0..``upto`` read off the arrays at once (a table of 10^6
        positions in a fraction of a second, not one Python call each)."""
        import numpy as np  # numpy: only for a whole table at once

        if not 0 <= upto <= self.upto:
            raise IndexError(upto)
        rem = np.asarray(self._rem)[: upto + 1]
        cold = ((rem % 2 == 1) if self.misere else (rem % 2 == 0)).tolist()
        known = -1 if self.misere or self._grundy is None else min(upto, self.grundy_upto)
        grundy: list[int | None] = (
            np.asarray(self._grundy)[: known + 1].tolist() if known >= 0 else []
        )
        grundy += [None] * (upto - known)
        hot, cold_ = Outcome.HOT, Outcome.COLD
        return [
            PositionInfo(cold_ if c else hot, r, True, g)
            for c, r, g in zip(cold, rem.tolist(), grundy, strict=True)
        ]

    def cold_below(self, n: int) -> list[int]:
        import numpy as np  # numpy: only to list cold positions (a lookup needs none)

        rem = np.asarray(self._rem)[: min(n, self.upto + 1)]
        cold = (rem % 2 == 1) if self.misere else (rem % 2 == 0)
        return [int(k) for k in np.flatnonzero(cold)]

    def grundy(self, n: int) -> int | None:
        if self.misere or self._grundy is None or n > self.grundy_upto:
            return None
        return int(self._grundy[n])


class MisereShift(PileValues):
    """Misère values from normal ones, for any rule that can take 1.

    Claim: with 1 allowed, misère remoteness(n) = normal remoteness(n − 1) + 1 for n ≥ 1,
    and 0 is a hot terminal; outcomes follow (normal: cold ⇔ even; misère: cold ⇔ odd).

    Proof, by induction on n. n = 1: its only move is to 0, a hot terminal in misère, so 1
    is cold with remoteness 1 = normal remoteness(0) + 1 (0 is a cold terminal in normal
    play). n ≥ 2: the children m = n − a ≥ 1 of n correspond one to one with the children
    m − 1 = (n − 1) − a of n − 1 in normal play (a ≤ n − 1 ⇔ m ≥ 1), and by induction m
    has in misère the outcome m − 1 has in normal play, with remoteness one more. The only
    other child is 0 (when n itself may be taken): it is hot, so it is never the cold child
    a winner moves to; and its remoteness 0 is below that of the child n − 1 (taking 1),
    which always exists, so it never gives the largest remoteness either. Hence n is cold
    exactly when n − 1 is cold in normal play, and its remoteness (1 + least cold child,
    or 1 + largest child) is normal remoteness(n − 1) + 1.

    Without 1 this fails (e.g. {2, 3}: misère 1 is a hot terminal, normal 0 is cold), and
    such rules are built directly. ``tests/test_pile_games.py`` and
    ``tests/test_new_rules.py`` check it against brute force.
    """

    def __init__(self, normal: PileValues) -> None:
        self.normal = normal
        self.misere = True
        self.upto = normal.upto + 1

    def remoteness(self, n: int) -> int:
        return 0 if n == 0 else self.normal.remoteness(n - 1) + 1

    def info(self, n: int) -> PositionInfo:
        """The normal values of n − 1, one move longer (bounds too, where only they are known)."""
        if not 0 <= n <= self.upto:
            raise IndexError(n)
        if n == 0:
            return PositionInfo(Outcome.HOT, 0, True, None)
        ni = self.normal.info(n - 1)
        upper = None if ni.remoteness_upper is None else ni.remoteness_upper + 1
        return PositionInfo(ni.outcome, ni.remoteness + 1, ni.remoteness_exact, None, upper)


@dataclass
class NimValues(PileValues):
    """Nim (take any positive amount) in closed form, for every pile size.

    Normal play: 0 is a cold terminal; every n ≥ 1 is hot in 1 (take everything), and its
    Grundy value is n (its children are 0..n−1, whose values are 0..n−1 by induction, so
    their mex is n). Misère: 0 is a hot terminal (the player who took the last lost); 1 is
    cold in 1 (its one move leaves 0); every n ≥ 2 is hot in 2 (leave 1; taking all loses at
    once, leaving 0). Each answer is a comparison, whatever the size of n.
    """

    misere: bool = False
    upto: int = 10**100  # no limit: far beyond any position that can be typed (40 digits)

    def remoteness(self, n: int) -> int:
        if self.misere:
            return min(n, 2)  # 0 hot terminal, 1 cold (forced to take the last), ≥2 hot
        return 0 if n == 0 else 1

    def grundy(self, n: int) -> int | None:
        return None if self.misere else n

    def covers(self, n: int) -> bool:
        return n >= 0

    def info(self, n: int) -> PositionInfo:
        if n < 0:
            raise IndexError(n)
        return PositionInfo(self.outcome(n), self.remoteness(n), True, self.grundy(n))

    def constant_below(self, n: int) -> list[tuple[int, int]]:
        cuts = (0, 1) if self.misere else (0,)  # each of these alone, then the rest
        pieces = [(c, c) for c in cuts if c < n]
        if n > cuts[-1] + 1:
            pieces.append((cuts[-1] + 1, n - 1))
        return pieces[::-1]


class GrundyByFormula(PileValues):
    """A table's values with Grundy values from a proven formula (``Rule.grundy_formula``:
    Powers of two, n mod 3), for every position the table covers (normal play)."""

    def __init__(self, table: PileValues, formula: Callable[[int], int | None]) -> None:
        self.table = table
        self.formula = formula
        self.misere = table.misere
        self.upto = table.upto

    def remoteness(self, n: int) -> int:
        return self.table.remoteness(n)

    def outcome(self, n: int) -> Outcome:
        return self.table.outcome(n)

    def grundy(self, n: int) -> int | None:
        return None if self.misere else self.formula(n)

    def covers(self, n: int) -> bool:
        return self.table.covers(n)

    def info(self, n: int) -> PositionInfo:
        found = self.table.info(n)
        return found._replace(grundy=self.grundy(n))

    def cold_below(self, n: int) -> list[int]:
        return self.table.cold_below(n)

    def constant_below(self, n: int) -> list[tuple[int, int]] | None:
        return self.table.constant_below(n)


def build_set_values(members: tuple[int, ...], upto: int, *, misere: bool) -> ArrayValues:
    """Plain dynamic programming over 0..upto for a finite subtraction set."""
    # Remoteness in 32 bits: for some sets it grows without bound and without a period
    # (e.g. {3, 5, 15}: rem(n + 40) = rem(n) + 6 or + 8 by residue), past 65,535.
    rem = array("L", bytes(array("L").itemsize * (upto + 1)))
    grundy = None if misere else array("H", bytes(2 * (upto + 1)))
    for n in range(upto + 1):
        least_cold = -1
        most = -1
        gseen = 0
        for a in members:
            if a > n:
                break
            r = rem[n - a]
            child_cold = (r % 2 == 0) != misere
            if child_cold and (least_cold < 0 or r < least_cold):
                least_cold = r
            if r > most:
                most = r
            if grundy is not None:
                gseen |= 1 << grundy[n - a]
        if most < 0:
            rem[n] = 0  # terminal
        elif least_cold >= 0:
            rem[n] = least_cold + 1
        else:
            rem[n] = most + 1
        if grundy is not None:
            grundy[n] = (~gseen & (gseen + 1)).bit_length() - 1
    return ArrayValues(rem, grundy, misere=misere)

"""Moore's Nim with k = 2: its theorem, its moves, and the exact search of its values.

A move takes any positive number of counters from one pile, or from two piles (the two
amounts may differ). Moore (1910): a position is **cold** (the player to move loses) iff,
writing the pile sizes in binary, the number of 1s in every column is divisible by k+1 = 3.

Proof sketch. Call a position *balanced* when every column's count of 1s is ≡ 0 (mod 3).

* A terminal position (every pile empty) is balanced.
* From a balanced position every move leaves an unbalanced one: a move changes at most two
  piles, and in the highest column where a changed pile changes, each pile that changes
  there goes from 1 to 0 (a pile that shrinks loses its highest changed bit), so that
  column's count drops by 1 or 2, which is not ≡ 0 (mod 3).
* From an unbalanced position some move leaves a balanced one: go down the columns from the
  highest, keeping the piles chosen so far (at first none). A chosen pile has lost a 1 in a
  higher column, so its lower bits are free. In a column where the piles not chosen have
  c 1s and m piles are chosen: if some x ≤ m makes c + x ≡ 0 (mod 3), set the bit of x
  chosen piles; otherwise choose piles with a 1 there and clear it (with m = 0, c mod 3
  of them; with m = 1 and c ≡ 1, one). At most two piles are ever chosen, each shrinks,
  and the highest unbalanced column chooses at least one: a move.

So the balanced positions are exactly the cold ones (the player to move from one can only
unbalance it, and the opponent can balance it again until every pile is empty). The theorem
decides the outcome; the remoteness and the Grundy value have no such formula, so they are
searched: every position below the start, from the smallest up, each valued from its
children (exact by construction). The search's work is estimated and compared with
:data:`SEARCH_LIMIT` before it starts. A position's values do not depend on the order of
its piles, so the search keeps each position once, its piles sorted.

Misère play (the last mover loses) is searched the same way, a terminal position hot. Its
outcome also has a rule (:func:`misere_cold`, checked against the search by the tests): where
every pile has at most one counter, cold iff the number of 1s is ≡ 1 (mod 3); otherwise as in
normal play.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import accumulate

from squaregame.core.errors import TableLimitError

Piles = tuple[int, ...]
K = 2  # the most piles one move may take from
SEARCH_LIMIT = 1_500_000  # children visited by one search, at most (about 2 s)


def balanced(piles: Piles, k: int = K) -> bool:
    """Moore's condition: every binary column's count of 1s is divisible by ``k + 1``."""
    top = max(piles, default=0).bit_length()
    return all(sum((p >> bit) & 1 for p in piles) % (k + 1) == 0 for bit in range(top))


def misere_cold(piles: Piles, k: int = K) -> bool:
    """The misère outcome by rule: piles of 0 and 1 only, cold iff their 1s are ≡ 1 (mod
    ``k + 1``); any larger pile, cold iff :func:`balanced`."""
    if max(piles, default=0) <= 1:
        return sum(piles) % (k + 1) == 1
    return balanced(piles, k)


def move_count(piles: Piles) -> int:
    """How many moves ``piles`` has: every amount from one pile, every two from two."""
    one = sum(piles)
    two = sum(a * b for i, a in enumerate(piles) for b in piles[i + 1 :])
    return one + two


def children(piles: Piles) -> Iterator[Piles]:
    """Where each move leads, in order: from each pile, smallest amount first; then from
    each two piles, the first's amount, then the second's, smallest first."""
    n = len(piles)
    for i in range(n):
        for v in range(piles[i] - 1, -1, -1):
            yield (*piles[:i], v, *piles[i + 1 :])
    for i in range(n):
        for j in range(i + 1, n):
            for v in range(piles[i] - 1, -1, -1):
                for w in range(piles[j] - 1, -1, -1):
                    yield (*piles[:i], v, *piles[i + 1 : j], w, *piles[j + 1 :])


def search_steps(piles: Piles) -> int:
    """The children the search from ``piles`` visits, estimated at once (without searching):
    the positions it keeps (piles sorted, each at most ``piles``'s sorted), times the
    average number of moves of the positions below ``piles``."""
    top = sorted(piles)
    most = top[-1] if top else 0
    if most * (most + 1) // 2 > SEARCH_LIMIT:  # its one-pile positions alone visit more
        return most * (most + 1) // 2
    ways = [1] * (top[0] + 1) if top else [1]  # sorted prefixes ending at each value
    for bound in top[1:]:
        below = list(accumulate(ways))
        ways = [below[min(v, len(below) - 1)] for v in range(bound + 1)]
    positions = sum(ways)
    half = sum(top) / 2
    quarter = sum(a * b for i, a in enumerate(top) for b in top[i + 1 :]) / 4
    return int(positions * (half + quarter + 1))


def check_reach(piles: Piles) -> None:
    """A :class:`TableLimitError` when the search from ``piles`` would be too long."""
    need = search_steps(piles)
    if need > SEARCH_LIMIT:
        raise TableLimitError(
            "moore.errors.too_far",
            piles=f"({','.join(map(str, piles))})"[:40],
            need=need,
            limit=SEARCH_LIMIT,
        )


# A value: (cold, remoteness, Grundy value or -1 in misère play).
Value = tuple[bool, int, int]


class Search:
    """The values found so far, of normal and of misère play (one per ``Tables``)."""

    def __init__(self) -> None:
        self.known: dict[bool, dict[Piles, Value]] = {False: {}, True: {}}

    def value(self, piles: Piles, misere: bool) -> Value:
        """The value of ``piles``, searched (within the limit) if it is not known yet."""
        known = self.known[misere]
        key = tuple(sorted(piles))
        found = known.get(key)
        if found is None:
            check_reach(key)
            self._solve(key, known, misere)
            found = known[key]
        return found

    def _solve(self, top: Piles, known: dict[Piles, Value], misere: bool) -> None:
        for key in _sorted_below(top):
            if key not in known:
                known[key] = _value_of(key, known, misere)


def _sorted_below(top: Piles) -> Iterator[Piles]:
    """Every sorted position whose piles are at most ``top``'s (sorted), in the order of
    tuples: each after every one of its children."""
    n = len(top)

    def walk(prefix: Piles, least: int) -> Iterator[Piles]:
        i = len(prefix)
        if i == n:
            yield prefix
            return
        for v in range(least, top[i] + 1):
            yield from walk((*prefix, v), v)

    yield from walk((), 0)


def _value_of(piles: Piles, known: dict[Piles, Value], misere: bool) -> Value:
    """One position valued from its children's values (all known)."""
    seen: set[int] = set()
    cold_children: list[int] = []
    longest = -1
    for child in _sorted_children(piles):
        c_cold, c_rem, c_grundy = known[child]
        seen.add(c_grundy)
        if c_cold:
            cold_children.append(c_rem)
        longest = max(longest, c_rem)
    if longest < 0:  # no move: cold in normal play, hot in misère play
        return (not misere, 0, -1 if misere else 0)
    grundy = -1
    if not misere:
        grundy = 0
        while grundy in seen:
            grundy += 1
    if cold_children:
        return (False, 1 + min(cold_children), grundy)
    return (True, 1 + longest, grundy)


def _sorted_children(piles: Piles) -> Iterator[Piles]:
    """Each child's piles sorted (equal piles give each child once)."""
    n = len(piles)
    work = list(piles)
    for i in range(n):
        if i and piles[i] == piles[i - 1]:
            continue
        for v in range(piles[i]):
            work[i] = v
            yield tuple(sorted(work))
        work[i] = piles[i]
    for i in range(n):
        for j in range(i + 1, n):
            for v in range(piles[i]):
                work[i] = v
                for w in range(piles[j]):
                    work[j] = w
                    yield tuple(sorted(work))
                work[j] = piles[j]
            work[i] = piles[i]

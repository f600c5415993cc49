"""Remoteness of rows under a take-and-break rule: exact by search within a budget, proven
bounds beyond it.

**Exact.** A position is a multiset of rows; a row with no move (too short for the rule)
never changes again and no move depends on it, so it is dropped: the *live* rows, sorted,
are the position's key. The search values every key reachable from the position, once
(memoised in :class:`Solved`, shared by the positions of one game): remoteness 0 at a
terminal position; from a hot one 1 + the least remoteness among its cold children, from a
cold one 1 + the greatest among all of them. In normal play a terminal position is cold, in
misère play hot. It is run only when the live rows hold at most :data:`SEARCH_TOKENS`
tokens (every reachable key then holds fewer: a move never adds tokens), which keeps the
number of keys below the number of multisets of at most that many tokens.

**Bounds** (normal play, beyond the budget; the outcome there is exact, from the nim-sum of
the rows' Grundy values):

A. *Play length.* Every move takes at least ``least_take`` tokens, so a play from rows of
   T live tokens has at most ⌊T / least_take⌋ moves; where the rule may split a heap
   without taking (d0 = 4, or Grundy's game, where every move splits), each such move
   makes one more heap, and a position of T tokens has at most T heaps, so at most T − r
   of them follow from r rows (plus the moves that take). The remoteness is the length of
   one play: at most that.
A'. *Shortest play.* Where every row of any size can move (Kayles: a row of 1 is knocked
   down), a position is terminal only when no token is left; a move takes at most k tokens
   (k, the code's last place), so every play from T tokens has at least ⌈T / k⌉ moves.
B. *Parity.* In normal play a cold position has even remoteness and a hot one odd (by
   induction from the terminal position: cold, 0). A hot position's remoteness is at least
   1, a cold non-terminal one's at least 2, and the upper bound of A moves down to the
   outcome's parity.

Both are proven for every position, so their combination is; where they meet it is exact.
"""

from __future__ import annotations

from squaregame.families.octal.code import HeapRule, PileRule

SEARCH_TOKENS = 30  # live tokens an exact search may start from
LISTED = 64  # rows up to this size are asked for their options to know if they can move
Key = tuple[tuple[int, int], ...]  # live rows as (group, size), sorted


class Solved:
    """The remoteness (and outcome) of every key searched so far, for the rules of one game
    (a rule per group of rows: one group, or several side by side, :mod:`.game`) and one
    convention (normal or misère).

    A position is its rows in order, the groups separated by a 0; its *key* is the live
    rows as (group, size) pairs, sorted (rows that cannot move dropped)."""

    def __init__(self, rules: tuple[HeapRule, ...], misere: bool) -> None:
        self.rules = rules
        self.rule = rules[0]
        self.misere = misere
        self._options: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}
        self._value: dict[Key, tuple[bool, int]] = {}  # key -> (cold, remoteness)
        self.searched = 0  # keys valued (the tests count work, not time)
        self._every: dict[int, bool] = {}
        self._moving = [bool(r.take_mask | r.split_mask) for r in rules]

    def options(self, n: int, group: int = 0) -> tuple[tuple[int, ...], ...]:
        found = self._options.get((group, n))
        if found is None:
            found = self._options[group, n] = self.rules[group].options(n)
        return found

    def live(self, n: int, group: int = 0) -> bool:
        """Has a row of ``n`` a move? Past :data:`LISTED` (beyond every code's last place)
        exactly when the rule may take and leave a row, or split: never listed there; a
        pile of the rule registry says so without listing (Nim's 10^18 amounts)."""
        rule = self.rules[group]
        if isinstance(rule, PileRule):
            return rule.rule.count_amounts(n) > 0
        if n > LISTED:
            return self._moving[group]
        return bool(self.options(n, group))

    def every_row_moves(self, group: int = 0) -> bool:
        """Can a row of every size move (so only no row at all is terminal)?"""
        if group not in self._every:
            self._every[group] = all(self.live(n, group) for n in range(1, LISTED + 2))
        return self._every[group]

    def cells(self, rows: tuple[int, ...]) -> list[tuple[int, int]]:
        """The rows as (group, size), the separators left out."""
        out, group = [], 0
        for n in rows:
            if n == 0:
                group += 1
            else:
                out.append((group, n))
        return out

    def key(self, rows: tuple[int, ...]) -> Key:
        return tuple(sorted(c for c in self.cells(rows) if self.live(c[1], c[0])))

    def fits(self, rows: tuple[int, ...]) -> bool:
        """Is the exact search of ``rows`` within the budget?"""
        return sum(n for _g, n in self.key(rows)) <= SEARCH_TOKENS

    def known(self, rows: tuple[int, ...]) -> bool:
        return self.key(rows) in self._value

    def value(self, rows: tuple[int, ...]) -> tuple[bool, int]:
        """(cold, remoteness) of ``rows``, by search (within the budget: the caller checks)."""
        return self._solve(self.key(rows))

    def _children(self, key: Key) -> list[Key]:
        out: set[Key] = set()
        for i, (g, n) in enumerate(key):
            if i and key[i - 1] == (g, n):
                continue  # the same row again: the same children
            rest = key[:i] + key[i + 1 :]
            for parts in self.options(n, g):
                left = tuple((g, p) for p in parts if self.live(p, g))
                out.add(tuple(sorted(rest + left)))
        return list(out)

    def _solve(self, top: Key) -> tuple[bool, int]:
        value = self._value
        if top in value:
            return value[top]
        # an explicit stack: positions of 30 tokens are up to 30 moves deep
        stack: list[tuple[Key, list[Key] | None]] = [(top, None)]
        while stack:
            key, kids = stack.pop()
            if key in value:
                continue
            if kids is None:
                kids = self._children(key)
                stack.append((key, kids))
                stack.extend((k, None) for k in kids if k not in value)
                continue
            self.searched += 1
            if not kids:
                value[key] = (not self.misere, 0)
                continue
            cold_kids = [value[k][1] for k in kids if value[k][0]]
            if cold_kids:
                value[key] = (False, 1 + min(cold_kids))
            else:
                value[key] = (True, 1 + max(value[k][1] for k in kids))
        return value[top]


def least_take(rule: HeapRule) -> int:
    """The fewest tokens a move takes (0: some move only splits)."""
    if rule.split_mask & 1 or rule.last_place is None:
        return 0
    masks = rule.whole_mask | rule.take_mask | rule.split_mask
    return (masks & -masks).bit_length() - 1


def longest_play(solved: Solved, rows: tuple[int, ...]) -> int:
    """A bound on the moves of any play from ``rows`` (A in the module's docstring), row by
    row: the moves of a play on one row's descendants are bounded as for that row alone."""
    total = 0
    for g, n in solved.key(rows):
        rule = solved.rules[g]
        if isinstance(rule, PileRule):
            total += rule.rule.longest_play(n)
            continue
        least = least_take(rule)
        if least > 0:
            total += n // least
        else:  # moves that take nothing make one more heap each: at most n − 1 of them
            total += (n - 1) + (0 if rule.last_place is None else n)
    return total


def shortest_play(solved: Solved, rows: tuple[int, ...]) -> int:
    """A bound below the moves of any play from ``rows`` (A' in the module's docstring), row
    by row; a pile of the rule registry by its own bound."""
    total = 0
    for g, n in solved.key(rows):
        rule = solved.rules[g]
        if isinstance(rule, PileRule):
            total += rule.rule.shortest_play(n)
        elif rule.last_place is not None and solved.every_row_moves(g):
            total += -(-n // max(rule.last_place, 1))
    return total


def bounds(
    cold: bool, terminal: bool, shortest: int, longest: int, misere: bool = False
) -> tuple[int, int]:
    """Proven (lower, upper) remoteness (B in the module's docstring): its parity is the
    outcome's — even when cold in normal play, odd when cold in misère play (a terminal
    position, 0, is hot there) — between the shortest and the longest play."""
    if terminal:
        return 0, 0
    parity = (0 if cold else 1) ^ misere
    lower = max(2 - parity, shortest + (shortest - parity) % 2)
    upper = longest if longest % 2 == parity else longest - 1
    return lower, max(upper, lower)

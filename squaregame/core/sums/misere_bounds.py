"""Proven bounds on the remoteness of a misère sum too large for the exact search.

Its outcome is exact beyond the search (Theorem S of :mod:`squaregame.core.sums.tame`, from
the piles' normal-play Grundy values); its remoteness is bounded here. A sum of Nim piles
alone is answered exactly instead (:mod:`squaregame.core.sums.misere_nim`).

A. **Play lengths.** R(p) is the length of one play, and every play interleaves one play of
   each pile: Σ shortest_play(n_i) ≤ R(p) ≤ Σ longest_play(n_i) (whatever the convention).
B. **Parity.** In misère play a terminal position is hot with remoteness 0; a hot position's
   remoteness is one more than a cold child's, a cold one's one more than some child's, and
   every child of a cold position is hot: by induction hot ⇔ even. A bound moves inward to
   the outcome's parity.
F. **One move ahead.** R(p) = 1 + min R(c) over the cold children (p hot), 1 + max R(c) over
   all children (p cold). So from a hot p, 1 + (A–B upper bound of any one cold child) is an
   upper bound and 1 + the least A–B lower bound over *every* cold child a lower bound; from a
   cold p, 1 + the greatest A–B upper bound over every child is an upper bound and 1 + the
   A–B lower bound of any one child a lower bound. Every child's outcome is Theorem S's.
   Children are listed only where it is cheap (``SCAN_LIMIT`` amounts to scan for the cold
   ones, ``EXPAND_LIMIT`` children of a cold position): a Nim pile's cold sizes are found
   without scanning (at most three values, :func:`~squaregame.core.sums.tame.cold_values`),
   so a winning move that empties most of a huge Nim pile bounds the win from above at once.

``tests/test_misere_tame.py`` checks the bounds against the exact search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from squaregame.core.rules import Rule
from squaregame.core.sums.tame import cold_values, tame_cold

Piles = tuple[int, ...]
SCAN_LIMIT = 256  # amounts scanned for a hot position's cold children (a Nim pile: none)
EXPAND_LIMIT = 4096  # children of a cold position looked at one move ahead
MEMO_LIMIT = 200_000  # kept bounds before the memo is cleared


def _up(value: int, even: bool) -> int:
    return value if (value % 2 == 0) == even else value + 1


def _down(value: int, even: bool) -> int:
    return value if (value % 2 == 0) == even else value - 1


class MisereBounds:
    """Bounds on a misère sum's remoteness (A, B, F above). ``grundy(pile, n)`` is the
    normal-play Grundy value of pile ``pile`` (0-based) at size ``n``."""

    def __init__(self, rules: Sequence[Rule], grundy: Callable[[int, int], int]) -> None:
        self.rules = tuple(rules)
        self.grundy = grundy
        self._memo: dict[Piles, tuple[int, int]] = {}

    def values(self, pos: Piles) -> list[int]:
        return [self.grundy(i, n) for i, n in enumerate(pos)]

    def cold(self, pos: Piles) -> bool:
        return tame_cold(self.values(pos))

    def static(self, pos: Piles) -> tuple[int, int]:
        """A and B: the play lengths, moved to the outcome's parity (hot: even)."""
        rules = zip(self.rules, pos, strict=True)
        pairs = [(r.shortest_play(n), r.longest_play(n)) for r, n in rules]
        hot = not self.cold(pos)
        return _up(sum(s for s, _ in pairs), hot), _down(sum(long for _, long in pairs), hot)

    def cold_children(self, pos: Piles) -> tuple[list[Piles], bool]:
        """Cold children, and whether they are all of them (some piles too long to scan)."""
        values = self.values(pos)
        scan = sum(
            0 if r.is_any_amount else r.count_amounts(n)
            for r, n in zip(self.rules, pos, strict=True)
        )
        out: list[Piles] = []
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            wanted = cold_values(values[:i] + values[i + 1 :], 1 << 62)
            if rule.is_any_amount:  # the Grundy value of m is m
                out += [(*pos[:i], v, *pos[i + 1 :]) for v in wanted if v < n]
            elif scan <= SCAN_LIMIT:
                for a in rule.amounts(n):
                    if self.grundy(i, n - a) in wanted:
                        out.append((*pos[:i], n - a, *pos[i + 1 :]))
        return out, scan <= SCAN_LIMIT

    def children(self, pos: Piles) -> list[Piles] | None:
        """Every child (None: more than ``EXPAND_LIMIT``)."""
        if sum(r.count_amounts(n) for r, n in zip(self.rules, pos, strict=True)) > EXPAND_LIMIT:
            return None
        return [
            (*pos[:i], n - a, *pos[i + 1 :])
            for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True))
            for a in rule.amounts(n)
        ]

    def first_child(self, pos: Piles) -> Piles | None:
        """The child taking the least amount from the first pile that can move."""
        for i, (rule, n) in enumerate(zip(self.rules, pos, strict=True)):
            a = next(rule.amounts(n), None)
            if a is not None:
                return (*pos[:i], n - a, *pos[i + 1 :])
        return None

    def bounds(self, pos: Piles) -> tuple[int, int]:
        """(lower, upper), proven, of the outcome's parity (F over A and B)."""
        got = self._memo.get(pos)
        if got is not None:
            return got
        lo, hi = self.static(pos)
        hot = not self.cold(pos)
        if hot and hi > 0:
            kids, complete = self.cold_children(pos)
            if kids:
                ahead = [self.static(k) for k in kids]
                hi = min(hi, 1 + min(h for _, h in ahead))
                if complete:
                    lo = max(lo, 1 + min(low for low, _ in ahead))
        elif not hot and hi > 0:
            every = self.children(pos)
            if every:
                ahead = [self.static(k) for k in every]
                hi = min(hi, 1 + max(h for _, h in ahead))
                lo = max(lo, 1 + max(low for low, _ in ahead))
            else:
                one = self.first_child(pos)
                if one is not None:
                    lo = max(lo, 1 + self.static(one)[0])
        lo, hi = _up(lo, hot), _down(hi, hot)
        if lo > hi:  # impossible if A, B and F hold: a bug, never shown as an answer
            raise AssertionError(f"misère bounds cross at {pos}: {lo} > {hi}")
        if len(self._memo) > MEMO_LIMIT:
            self._memo = {}
        self._memo[pos] = (lo, hi)
        return lo, hi

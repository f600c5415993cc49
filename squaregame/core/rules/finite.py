"""Finite subtraction sets such as {1, 3, 7, 8}: any member may be taken.

This module declares no ``RULE``: a set is not a named rule, ``parse_rule`` builds one from
its amounts. Its values are eventually periodic (``core/piles/periodic.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from squaregame.core.errors import RuleError
from squaregame.core.rules.base import MAX_SET_MEMBER, MAX_SET_SIZE, Rule

MAX_DIGITS = 12  # a longer number is refused before it is converted
SHOWN_CHARS = 20  # of a bad amount, in the message


class SetRule(Rule):
    """A finite subtraction set, kept sorted and free of duplicates."""

    order = 10_000

    def __init__(self, members: Sequence[int]) -> None:
        ms = tuple(sorted(set(members)))
        if not ms:
            raise RuleError("rules.errors.empty")
        if ms[0] <= 0:
            raise RuleError("rules.errors.not_positive", value=ms[0])
        if ms[-1] > MAX_SET_MEMBER:
            raise RuleError("rules.errors.too_large", limit=MAX_SET_MEMBER)
        if len(ms) > MAX_SET_SIZE:
            raise RuleError("rules.errors.too_many", limit=MAX_SET_SIZE)
        self._members = ms
        self.key = ",".join(map(str, ms))

    @property
    def members(self) -> tuple[int, ...]:
        return self._members

    def amounts(self, n: int) -> Iterator[int]:
        for a in self._members:
            if a > n:
                break
            yield a

    def _is_amount(self, amount: int) -> bool:
        return amount in self._members

    def shortest_play(self, n: int) -> int:
        """At least ⌈(n − min + 1) / max⌉ moves: a play ends below the least member, so it
        takes at least n − min + 1 counters, at most max at a time (0 below the least)."""
        low, high = self._members[0], self._members[-1]
        return 0 if n < low else -(-(n - low + 1) // high)

    def longest_play(self, n: int) -> int:
        """At most ⌊n / min⌋ moves: each takes at least the least member, and a play cannot
        take more than n counters."""
        return max(n, 0) // self._members[0]


def parse_set(text: str) -> SetRule:
    """Amounts separated by commas or spaces, braces allowed: ``{1, 3, 7, 8}``.

    Duplicates, zero, negatives, non-numbers and empty input are refused with a
    :class:`RuleError` (``rules.errors.*``).
    """
    t = text.strip().lower().strip("{}[]() ")
    parts = [p.strip() for p in t.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise RuleError("rules.errors.empty")
    values: list[int] = []
    for p in parts:
        if not (p.isascii() and p.lstrip("+-").isdigit()):
            shown = p if len(p) <= SHOWN_CHARS else p[:SHOWN_CHARS] + "…"
            raise RuleError("rules.errors.not_a_number", text=shown)
        if len(p) > MAX_DIGITS:
            raise RuleError("rules.errors.too_large", limit=MAX_SET_MEMBER)
        v = int(p)
        if v <= 0:
            raise RuleError("rules.errors.not_positive", value=v)
        if v in values:
            raise RuleError("rules.errors.repeated", value=v)
        values.append(v)
    return SetRule(values)

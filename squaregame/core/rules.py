"""Rules for one pile: which amounts may be taken.

* :class:`SquaresRule` — any positive perfect square (subtract-a-square).
* :class:`NimRule` — any positive amount.
* :class:`SetRule` — any member of a finite set of positive integers, e.g. {1, 3, 7, 8}.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from math import isqrt

from squaregame.core.types import RuleError

MAX_SET_SIZE = 64
MAX_SET_MEMBER = 10**6


class Rule(ABC):
    """What may be subtracted from one pile."""

    key: str  # stable, machine-readable (used in file names and JSON)

    @abstractmethod
    def amounts(self, n: int) -> Iterator[int]:
        """The legal amounts to take from a pile of ``n``, smallest first."""

    def children(self, n: int) -> list[int]:
        return [n - a for a in self.amounts(n)]

    def count_amounts(self, n: int) -> int:
        """How many amounts may be taken from ``n`` (counted, never listed: n may be huge)."""
        return sum(1 for _ in self.amounts(n))

    def allows(self, n: int, amount: int) -> bool:
        return 0 < amount <= n and self._is_amount(amount)

    @abstractmethod
    def _is_amount(self, amount: int) -> bool: ...

    @property
    @abstractmethod
    def contains_one(self) -> bool: ...

    @property
    @abstractmethod
    def label(self) -> str:
        """How a person would write the rule."""

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class SquaresRule(Rule):
    key: str = "squares"

    def amounts(self, n: int) -> Iterator[int]:
        for k in range(1, isqrt(n) + 1):
            yield k * k

    def _is_amount(self, amount: int) -> bool:
        return isqrt(amount) ** 2 == amount

    def count_amounts(self, n: int) -> int:
        return isqrt(max(n, 0))

    @property
    def contains_one(self) -> bool:
        return True

    @property
    def label(self) -> str:
        return "squares {1, 4, 9, 16, …}"


@dataclass(frozen=True)
class NimRule(Rule):
    key: str = "nim"

    def amounts(self, n: int) -> Iterator[int]:
        return iter(range(1, n + 1))

    def _is_amount(self, amount: int) -> bool:
        return amount > 0

    def count_amounts(self, n: int) -> int:
        return max(n, 0)

    @property
    def contains_one(self) -> bool:
        return True

    @property
    def label(self) -> str:
        return "nim (any amount)"


@dataclass(frozen=True, init=False)
class SetRule(Rule):
    """A finite subtraction set, kept sorted and free of duplicates."""

    members: tuple[int, ...]
    key: str

    def __init__(self, members: tuple[int, ...] | list[int]) -> None:
        ms = tuple(sorted(set(members)))
        if not ms:
            raise RuleError("a subtraction set needs at least one amount")
        if ms[0] <= 0:
            raise RuleError(f"amounts must be positive whole numbers, not {ms[0]}")
        if ms[-1] > MAX_SET_MEMBER:
            raise RuleError(f"amounts above {MAX_SET_MEMBER:,} are not supported")
        if len(ms) > MAX_SET_SIZE:
            raise RuleError(f"a subtraction set may have at most {MAX_SET_SIZE} amounts")
        object.__setattr__(self, "members", ms)
        object.__setattr__(self, "key", ",".join(map(str, ms)))

    def amounts(self, n: int) -> Iterator[int]:
        for a in self.members:
            if a > n:
                break
            yield a

    def _is_amount(self, amount: int) -> bool:
        return amount in self.members

    @property
    def contains_one(self) -> bool:
        return self.members[0] == 1

    @property
    def label(self) -> str:
        return "{" + ", ".join(map(str, self.members)) + "}"


SQUARES = SquaresRule()
NIM = NimRule()


def parse_rule(text: str) -> Rule:
    """Parse ``squares``, ``nim`` or a comma-separated set such as ``1,3,7,8`` (braces allowed).

    Duplicates, zero, negatives, non-numbers and empty input are refused with a
    :class:`RuleError` whose message can be shown to the user as it is.
    """
    t = text.strip().lower()
    if t in ("squares", "square", "sq"):
        return SQUARES
    if t == "nim":
        return NIM
    t = t.strip("{}[]() ")
    if not t:
        raise RuleError("empty rule: give 'squares', 'nim' or amounts such as 1,3,7,8")
    parts = [p.strip() for p in t.replace(" ", ",").split(",") if p.strip()]
    if not parts:
        raise RuleError("empty rule: give 'squares', 'nim' or amounts such as 1,3,7,8")
    values: list[int] = []
    for p in parts:
        if not (p.isascii() and p.lstrip("+-").isdigit()):
            shown = p if len(p) <= 20 else p[:20] + "…"
            raise RuleError(f"'{shown}' is not a whole number (rule: squares, nim or e.g. 1,3,7,8)")
        if len(p) > 12:
            raise RuleError(f"amounts above {MAX_SET_MEMBER:,} are not supported")
        v = int(p)
        if v <= 0:
            raise RuleError(f"amounts must be positive whole numbers, not {v}")
        if v in values:
            raise RuleError(f"{v} appears twice in the rule")
        values.append(v)
    return SetRule(values)

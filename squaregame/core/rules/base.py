"""The :class:`Rule` interface: what may be subtracted from one pile, and what else the rest
of the package may ask a rule instead of testing which rule it is.

Capabilities (every one has a default, so a new rule declares only what it has):

* ``amounts`` / ``count_amounts`` / ``amount_at`` / ``allows`` — the moves
  (``count_amounts`` and ``amount_at`` never list: the sum solver asks about piles of 10^30
  to check its budget, the opponent's slips pick the k-th move of a pile of 10^18);
* ``contains_one`` — 1 may be taken, so misère values are normal ones shifted by one
  (:class:`~squaregame.core.values.MisereShift`);
* ``members`` / ``is_finite`` — the amounts of a finite set (periodic values);
* ``is_any_amount`` — every amount 1..n may be taken (Nim; the sum solver gives such a
  pile a running-aggregate axis; the Grundy value of n is then n itself, the mex of 0..n−1);
* ``shortest_play(n)`` / ``longest_play(n)`` — bounds on the number of moves of *any* play
  of one pile from n to a terminal position (proven; exact where a rule knows better).
  Every play of a sum is an interleaving of such plays, so they bound a sum's remoteness
  (:mod:`squaregame.core.sums.bounds`);
* ``closed_form(misere)`` — values for every pile size without a table (Nim);
* ``grundy_formula(n)`` — a Grundy value by a proven formula beside tables of the remoteness
  (Powers of two);
* ``tabled`` — its normal-play tables are kept in files and built fast (:class:`Tabled`:
  Squares, with its shipped table; Cubes and Powers of two); without it, the store computes
  any infinite rule from its amounts (:func:`squaregame.core.build.rules.rule_table`).

A rule module in this package declares ``RULE = SomeRule()`` and is found by the registry
(``squaregame.core.rules.__init__``) by itself; ``order`` places it in lists, ``aliases``
are other names ``--rule`` accepts. Words for people (names, labels) live in
``assets/i18n/<lang>/rules.toml`` under ``[<key>]``, never here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from squaregame.core.values import PileValues

MAX_SET_SIZE = 64
MAX_SET_MEMBER = 10**6
NOTATION_TERMS = 4  # an infinite rule is written with its first four amounts: {1, 4, 9, 16, …}

Progress = Callable[[float], None]


class Tabled(NamedTuple):
    """How a rule's normal-play tables are kept and built: files ``<name>-normal-<N>.sgt`` in
    the cache (and ``assets/tables/<name>-normal.sgt`` shipped, where ``shipped``), built on
    demand up to ``auto_limit`` positions and never past ``most``, by ``build(upto,
    progress)``: the remoteness of 0..upto (an array) and its file payload (typecode, bytes)."""

    name: str
    auto_limit: int
    most: int
    build: Callable[[int, Progress | None], tuple[Any, Any]]
    # Grundy values of 0..upto as a file payload (typecode, bytes), for ``build-tables
    # --grundy``, and the most positions that may take (None: not offered).
    grundy: Callable[[int, Progress | None], tuple[str, Any]] | None = None
    grundy_most: int = 0
    shipped: bool = True  # a table ships with the package (Squares); else only the cache's
    # Every table built on demand also holds the Grundy values of its first positions, this
    # many at most (0: none; Cubes, which ship no table with them).
    grundy_with: int = 0


class Rule(ABC):
    """What may be subtracted from one pile."""

    key: str  # stable, machine-readable (file names, JSON, saves, ``--rule``)
    aliases: tuple[str, ...] = ()  # other names accepted by ``parse_rule``
    order: int = 1000  # position in lists of rules (smallest first)
    is_any_amount: bool = False  # every amount 1..n may be taken (Nim)

    @abstractmethod
    def amounts(self, n: int) -> Iterator[int]:
        """The legal amounts to take from a pile of ``n``, smallest first."""

    def children(self, n: int) -> list[int]:
        return [n - a for a in self.amounts(n)]

    def count_amounts(self, n: int) -> int:
        """How many amounts may be taken from ``n`` (counted, never listed: n may be huge)."""
        return sum(1 for _ in self.amounts(n))

    def amount_at(self, n: int, k: int) -> int:
        """The ``k``-th legal amount from ``n`` (0-based, smallest first); IndexError past
        the last. A rule with very many amounts answers without listing them."""
        found = next(islice(self.amounts(n), k, None), None) if k >= 0 else None
        if found is None:
            raise IndexError(k)
        return found

    def allows(self, n: int, amount: int) -> bool:
        return 0 < amount <= n and self._is_amount(amount)

    @abstractmethod
    def _is_amount(self, amount: int) -> bool: ...

    @property
    def contains_one(self) -> bool:
        return self._is_amount(1)

    def shortest_play(self, n: int) -> int:
        """A lower bound on the number of moves of every play from ``n`` to a terminal position;
        0 exactly where ``n`` is terminal (no move), at least 1 elsewhere.

        Default: 0 at a terminal position (no move), else 1; when 1 may be taken the only
        terminal position is 0, so a single move must take all of ``n``: 2 unless ``n`` itself
        is an amount. Rules override it with the exact least number of moves.
        """
        if n <= 0 or self.count_amounts(n) == 0:
            return 0
        if self.contains_one and not self.allows(n, n):
            return 2
        return 1

    def longest_play(self, n: int) -> int:
        """An upper bound on the number of moves of every play from ``n``: each move takes at
        least one counter, so ``n`` (exact when 1 may be taken: take 1 each time)."""
        return max(n, 0)

    @property
    def members(self) -> tuple[int, ...] | None:
        """Every amount, for a finite rule; None for an infinite one."""
        return None

    @property
    def is_finite(self) -> bool:
        return self.members is not None

    def closed_form(self, misere: bool) -> PileValues | None:
        """Values for every pile size without a table, if the rule has a formula."""
        return None

    def grundy_formula(self, n: int) -> int | None:
        """The normal-play Grundy value of ``n`` by a proven formula, where the rule has one
        and its tables give the rest (Powers of two: n mod 3); None where it has none."""
        return None

    tabled: Tabled | None = None  # its tables kept in files and built fast (see Tabled)

    # A table of the first n positions built afresh, its statistics as the C reference prints
    # them (``squaregame table --stats``): offered up to ``stats_limit`` (None: not offered).
    stats_limit: int | None = None

    def table_stats(self, n: int, digest: bool = False) -> tuple[dict[str, Any], str]:
        raise NotImplementedError(self.key)

    @property
    def notation(self) -> str:
        """The amounts as a set, in any language: ``{1, 3, 7, 8}`` or ``{1, 4, 9, 16, …}``."""
        if self.members is not None:
            return "{" + ", ".join(map(str, self.members)) + "}"
        first = islice(self.amounts(10**18), NOTATION_TERMS)
        return "{" + ", ".join(map(str, first)) + ", …}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rule) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r})"

    def __str__(self) -> str:
        return self.key

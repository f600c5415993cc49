"""One pile under one rule, as the games built on it see it: its values, moves and periods.

A :class:`Pile` is the shared piece behind every game of piles: the one-pile games of the
pile family play one, a sum plays several (its *summands*,
:meth:`squaregame.core.game.Game.summands`). Its values come from the program's
:class:`~squaregame.core.piles.store.TableStore`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from squaregame.core.errors import PositionError
from squaregame.core.moves import Run
from squaregame.core.piles.store import TableStore
from squaregame.core.rules.base import Rule
from squaregame.core.values import PileValues

if TYPE_CHECKING:
    from collections.abc import Callable

    from squaregame.core.piles.periodic import Periodicity
    from squaregame.core.tables import Tables
    from squaregame.core.types import PositionInfo

    Progress = Callable[[float], None]

QUICK_TABLE = 1 << 13  # a table built from a rule's amounts this far: a moment


class Pile:
    """A pile under ``rule``, normal or misère play, its values read from ``tables``."""

    def __init__(self, rule: Rule, misere: bool, tables: Tables) -> None:
        self.rule = rule
        self.misere = misere
        self.store = TableStore.of(tables)
        self._values: PileValues | None = None

    def values(self, need: int, progress: Progress | None = None) -> PileValues:
        """Values covering ``need`` (built if they must be; a TableLimitError if they cannot)."""
        v = self._values
        if v is None or not v.covers(need):
            v = self.store.values(self.rule, self.misere, need, progress)
            self._values = v
        return v

    def info(self, n: int) -> PositionInfo:
        return self.values(n).info(n)

    def grundy(self, n: int) -> int | None:
        return self.info(n).grundy

    def children(self, n: int) -> list[int]:
        return self.rule.children(n)

    def is_terminal(self, n: int) -> bool:
        return next(iter(self.rule.amounts(n)), None) is None  # never lists n Nim moves

    def move_runs(self, n: int) -> list[Run[int]] | None:
        """The moves from ``n`` as runs, where a closed form values them in pieces without
        listing them (any amount may be taken: Nim); None otherwise (value each move)."""
        if not self.rule.is_any_amount:
            return None
        values = self.values(n)
        pieces = values.constant_below(n)
        if pieces is None:
            return None
        return [_piece(values, lo, hi) for lo, hi in pieces]

    def grundy_known_upto(self, n: int) -> int | None:
        """Where ``n`` lacks a Grundy value only because none is computed that far (normal
        play): the limit they are known up to; None otherwise."""
        if self.misere or (not self.grundy_past_reach(n) and self.info(n).grundy is not None):
            return None
        return self.store.grundy_known_upto(self.rule)

    def grundy_past_reach(self, n: int) -> bool:
        """Normal play: is ``n`` past every Grundy value a table at hand holds, and past
        those a table built on demand would hold, though within what is built on demand?
        Then :meth:`info` would build a table of outcomes and remoteness only to give no
        Grundy value: a sum of two Squares piles of 10^7 built one for seconds (10^8: a
        minute) before it was refused. Told without building anything. False says only
        "ask :meth:`info`" (its value may still lack a Grundy value): so it is said at once,
        without reading the tables' headers, when the values in hand cover ``n``.

        Proof that True means ``info(n).grundy is None``: :meth:`info` returns a table at
        hand holding Grundy values at ``n`` if there is one (``Tabled.normal``), and
        ``grundy_upto`` is the largest any table at hand holds (loaded or a file's header),
        so none holds them past it; else it builds one, whose Grundy values reach
        ``min(upto, grundy_with − 1)`` (``Tabled.build``; none without a Grundy builder). A
        rule with a Grundy formula has them everywhere, and is never past reach. A pile past
        ``auto_limit`` is refused by :meth:`info` at once, with its own message: left to it."""
        v = self._values
        if v is not None and v.covers(n):  # (answered from memory: no build to spare)
            return False
        rule, spec = self.rule, self.rule.tabled
        if self.misere or spec is None or rule.grundy_formula(0) is not None:
            return False
        if n > spec.auto_limit:  # (refused at once)
            return False
        at_hand = self.store.grundy_known_upto(rule)
        built = spec.grundy_with - 1 if spec.grundy is not None else -1
        return n > max(-1 if at_hand is None else at_hand, built)

    def slow(self, n: int) -> bool:
        """Might answering a pile of ``n`` take long enough to notice: a table to build (but
        none past what is built unasked: that is refused at once), periods to search?"""
        rule = self.rule
        if rule.is_finite:  # its periods are searched first: a moment, or seconds for a large set
            return not self.store.has_finite(rule, self.misere)
        if rule.closed_form(self.misere) is not None:  # Nim: a formula, its moves in runs
            return False
        return QUICK_TABLE < n <= self.store.built_unasked(rule)

    def periodicity(self) -> Periodicity | None:
        return self.store.periodic(self.rule, self.misere)

    def take(self, n: int, amount: int) -> int:
        """The size after taking ``amount``; an illegal amount is a :class:`PositionError`."""
        if amount <= 0:
            raise PositionError("errors.take_positive")
        if amount > n:
            raise PositionError("errors.take_too_many", amount=amount, size=n)
        if not self.rule.allows(n, amount):
            raise PositionError("errors.not_in_rule", amount=amount, rule=self.rule)
        return n - amount

    def grundy_moves(self, n: int, target: int) -> list[int]:
        """Every size one move from ``n`` whose Grundy value is ``target`` (normal play), the
        smallest amount first; without listing the moves where any amount may be taken (the
        value of m is m: one size to go to)."""
        if self.rule.is_any_amount:
            return [target] if target < n else []
        return [n - a for a in self.rule.amounts(n) if self.grundy(n - a) == target]


def _piece(values: PileValues, lo: int, hi: int) -> Run[int]:
    """The moves to ``hi``, ``hi − 1``, …, ``lo`` (growing amounts), of one value."""

    def target(k: int) -> int:
        return hi - k

    return Run(0, hi - lo + 1, target, values.info(lo), lambda k: values.info(hi - k))

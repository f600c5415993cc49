"""What a program keeps for the take-and-break family: one :class:`OctalStore` a
:class:`~squaregame.core.tables.Tables` (its part ``octal``), holding each rule's Grundy
values of one heap and its period (:class:`~squaregame.families.octal.values.Kept`), and its
searched positions (:class:`~squaregame.families.octal.search.Solved`, per convention)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import TableLimitError
from squaregame.core.piles.pile import Pile
from squaregame.core.piles.store import TableStore
from squaregame.families.octal import period as periods
from squaregame.families.octal.code import HeapRule, PileRule
from squaregame.families.octal.quick import made
from squaregame.families.octal.search import Solved
from squaregame.families.octal.values import (
    MAX_ON_DEMAND,
    Kept,
    Progress,
    available,
    grundy_values,
)

if TYPE_CHECKING:
    from squaregame.core.tables import Tables

QUICK = 1 << 14  # heaps whose values are computed in a moment (no worker needed)


class OctalStore:
    """Grundy values, periods and searches, per rule (and convention), made when asked."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables  # a pile of the rule registry: its values are the registry's
        # values built ahead are read from the tables' cache folder (asked when first needed)
        self.kept = Kept(lambda: TableStore.of(tables).cache, self._note)
        self._solved: dict[tuple[str, bool], Solved] = {}  # (the rules' keys, misère)
        self._lock = threading.Lock()

    def _note(self, key: str, **params: Any) -> None:
        TableStore.of(self.tables).note(key, **params)

    @staticmethod
    def of(tables: Tables) -> OctalStore:
        return tables.part("octal", OctalStore)

    def solved(self, rules: tuple[HeapRule, ...], misere: bool) -> Solved:
        key = (" | ".join(r.key for r in rules), misere)
        with self._lock:
            found = self._solved.get(key)
            if found is None:
                found = self._solved[key] = Solved(rules, misere)
            return found

    def values(self, rule: HeapRule, n: int, progress: Progress | None = None) -> Any:
        """G(0..n) (refused past :data:`~squaregame.families.octal.values.MAX_ON_DEMAND`)."""
        return grundy_values(rule, n, progress, self.kept)

    def few_values(self, rule: HeapRule, n: int) -> Any:
        """G(0..n): a list where a period proven in plain Python holds them (Kayles' first
        83: no numpy loaded), else :meth:`values`' array."""
        found = made(rule)  # (a proof already made: none is tried here)
        if found is not None and n < len(found[2]):
            return found[2][: n + 1]
        return self.values(rule, n)

    def periodicity(
        self, rule: HeapRule, progress: Progress | None = None
    ) -> periods.Periodicity | None:
        """What a quick search proves (:data:`~squaregame.families.octal.period.QUICK_PROOF`
        values), or a longer one already made for a heap beyond the values."""
        return periods.periodicity(rule, periods.QUICK_PROOF, progress, self.kept)

    def grundy(self, rule: HeapRule, n: int, progress: Progress | None = None) -> int:
        """G(n) for any heap the values or a proven period reach (a pile of the rule
        registry: from the registry's values)."""
        if isinstance(rule, PileRule):
            pile = Pile(rule.rule, False, self.tables)
            pile.values(n, progress)  # a TableLimitError where its tables do not reach
            value = pile.grundy(n)
            if value is None:
                raise TableLimitError("octal.errors.grundy_unknown")
            return value
        try:
            return periods.value(rule, n, progress, kept=self.kept)
        except TableLimitError as refused:
            if refused.key != "octal.errors.beyond_budget":
                raise
            from squaregame.families.octal import build  # (only when values are built)

            if not build.on_demand(rule, self.tables, progress, self.kept):
                raise
        return periods.value(rule, n, progress, kept=self.kept)  # from the values just built

    def reach(self, rule: HeapRule, n: int, progress: Progress | None = None) -> None:
        """Refuse a heap out of reach without long work: valued now if that is a moment's
        work, else left to the caller's worker (its budget decided before it starts,
        :mod:`~squaregame.families.octal.cost`); Grundy's game past the values is refused
        at once (no theorem proves a period of it)."""
        past = rule.unequal and n >= max(MAX_ON_DEMAND + 1, available(rule, self.kept))
        if past or self.quick(rule, n):  # (past: refused at once, nothing searched)
            self.grundy(rule, n, progress)

    def proven(self, rule: HeapRule) -> periods.Periodicity | None:
        """The rule's proven period, if one is known already (nothing is computed)."""
        known = self.kept.periods.get(rule.key)
        found = None if known is None else known[0]
        return found if found is not None and found.proven else None

    def quick(self, rule: HeapRule, n: int) -> bool:
        """Is G(n) at hand, or a moment away?"""
        if isinstance(rule, PileRule):
            return not Pile(rule.rule, False, self.tables).slow(n)
        kept = self.kept.values.get(rule.key)
        if (kept is not None and kept.size > n) or n <= QUICK:
            return True
        return self.proven(rule) is not None

"""Where one-pile values come from: a formula, proven periods, files, or a build on demand.

For a rule and normal or misère play, :meth:`TableStore.values` gives values covering the
position asked, from the first of these that holds:

* a closed form (Nim: ``Rule.closed_form``);
* a finite set: computed directly, then its proven periods (:mod:`squaregame.core.piles.periodic`):
  outcome and Grundy value of every pile size, remoteness exactly where proven and as bounds
  beyond (the search has a work budget, ``periodic.SEARCH_WORK``);
* misère play of a rule that can take 1: the normal values shifted by one (``MisereShift``);
* a rule that keeps its normal-play tables in files and builds them fast (``Rule.tabled``:
  Squares, Cubes, Powers of two): :class:`~squaregame.core.piles.tabled.TabledTables`,
  shipped, cached or built, with Grundy values from a formula where the rule has one
  (``Rule.grundy_formula``: Powers of two);
* any other rule: built in memory from its amounts (``squaregame.core.build.rules``),
  within a work budget checked before the build starts (``COMPUTED_WORK``,
  ``COMPUTED_MAX``): beyond it a :class:`TableLimitError`.

The store knows no rule by name: it asks rules for these capabilities. Temporary files left
in the cache by a build that was killed are swept when the cache is first used. What a person
may want to know (a cache file rebuilt …) is kept in :attr:`TableStore.messages` as catalog
keys and their values (``tables.*``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame import paths
from squaregame.core.errors import TableLimitError
from squaregame.core.files.atomic import sweep_stale_temporaries
from squaregame.core.piles.tabled import TabledTables, misere_limit
from squaregame.core.rules.base import Rule
from squaregame.core.values import ArrayValues, GrundyByFormula, MisereShift, PileValues

if TYPE_CHECKING:
    from squaregame.core.piles.periodic import Periodicity, PeriodicValues
    from squaregame.core.tables import Tables

# Rules built from their amounts: at most this many positions, and this much estimated work
# (positions × (1 + amounts at the top)); ~4 s for 2^21 positions with 128 amounts, 2 cores.
COMPUTED_MAX = 1 << 21
COMPUTED_WORK = 3 * 10**8
MIN_BUILD = 1024

Progress = Callable[[float], None]


class TableStore:
    """Hands out :class:`PileValues` covering a requested position, building when allowed."""

    PART = "piles"  # its key in a program's Tables

    @classmethod
    def of(cls, tables: Tables) -> TableStore:
        """The store of a program's tables (made when first asked for, in their cache)."""
        return tables.part(cls.PART, lambda t: cls(t.cache))

    def __init__(
        self, cache: Path | None = None, *, use_shipped: bool = True, shipped: Path | None = None
    ) -> None:
        self._cache_override = cache
        self._use_shipped = use_shipped
        self._shipped = shipped  # the shipped table's path (tests give a damaged copy)
        self._swept = False
        self._noted: set[str] = set()
        self._tabled: dict[str, TabledTables] = {}  # the tables of rules kept in files
        self._built: dict[tuple[str, bool], PileValues] = {}  # rules computed from amounts
        self._periods: dict[tuple[str, bool], PeriodicValues] = {}
        # Things a person may want to know (a cache file rebuilt, ...): catalog keys
        # (``tables.*``) and their parameters; whoever shows them takes them (``take_messages``).
        self.messages: list[tuple[str, dict[str, Any]]] = []

    @property
    def cache(self) -> Path:
        folder = self._cache_override or paths.cache_dir()
        if not self._swept:  # temporaries of builds that were killed
            self._swept = True
            sweep_stale_temporaries(folder)
        return folder

    def note(self, key: str, **params: Any) -> None:
        said = f"{key} {sorted(params.items())!r}"
        if said not in self._noted:  # each thing said once
            self._noted.add(said)
            self.messages.append((key, params))

    def take_messages(self) -> list[tuple[str, dict[str, Any]]]:
        taken, self.messages = self.messages, []
        return taken

    # -- rules whose tables are kept in files ------------------------------------------
    def tabled(self, rule: Rule) -> TabledTables:
        """The files and builds of a tabled rule (``Rule.tabled``: Squares)."""
        found = self._tabled.get(rule.key)
        if found is None:
            found = TabledTables(
                rule,
                lambda: self.cache,
                self.note,
                use_shipped=self._use_shipped,
                shipped=self._shipped,
            )
            self._tabled[rule.key] = found
        return found

    def grundy_known_upto(self, rule: Rule) -> int | None:
        """How far normal-play Grundy values are at hand, when not for every position the
        values reach: a tabled rule's tables (Squares: 10^6 shipped, Cubes: the first
        positions of every table built, more with ``build-tables --grundy``); None for any
        other rule, or one with a Grundy formula (wherever values are)."""
        if rule.tabled is None or rule.grundy_formula(0) is not None:
            return None
        return self.tabled(rule).grundy_upto()

    def built_unasked(self, rule: Rule) -> int:
        """The largest pile whose values are built without asking: a tabled rule's
        ``auto_limit``, else what its amounts allow (``computed_limit``). Past it, values come
        at once from what is at hand (a formula, a period, a table), or are refused at once."""
        return computed_limit(rule) if rule.tabled is None else rule.tabled.auto_limit

    # -- finite subtraction sets --------------------------------------------------------
    def finite(self, rule: Rule, misere: bool, progress: Progress | None = None) -> PeriodicValues:
        """A finite set's values: its table and proven periods (searched once, then kept)."""
        key = (rule.key, misere)
        found = self._periods.get(key)
        if found is None:
            # (numpy and the period search: a finite set only)
            from squaregame.core.piles.periodic import periodic_values

            found = periodic_values(rule, misere, progress)
            self._periods[key] = found
        return found

    def has_finite(self, rule: Rule, misere: bool) -> bool:
        """Has the finite set's search been done (so its values come at once)?"""
        return (rule.key, misere) in self._periods

    def periodic(self, rule: Rule, misere: bool) -> Periodicity | None:
        """What is proven about a finite set's periods; None for an infinite rule."""
        if not rule.is_finite:
            return None
        return self.finite(rule, misere).period

    # -- any rule ------------------------------------------------------------------------
    def values(
        self, rule: Rule, misere: bool, need: int, progress: Progress | None = None
    ) -> PileValues:
        """Values for ``rule`` covering position ``need``."""
        closed = rule.closed_form(misere)
        if closed is not None:
            return closed
        if rule.is_finite:
            finite = self.finite(rule, misere, progress)
            if not finite.covers(need):
                raise TableLimitError(
                    "rules.errors.beyond_set",
                    need=need,
                    limit=finite.upto + 1,
                    rule=rule.notation,
                )
            return finite
        if misere and rule.contains_one:
            try:
                return MisereShift(self.values(rule, False, max(need - 1, 0), progress))
            except TableLimitError as exc:
                raise misere_limit(exc, need) from None
        if not misere and rule.tabled is not None:
            table = self.tabled(rule).normal(need, progress)
            if rule.grundy_formula(0) is None:
                return table
            return GrundyByFormula(table, rule.grundy_formula)
        key = (rule.key, misere)
        have = self._built.get(key)
        if have is not None and have.covers(need):
            return have
        built = self._computed(rule, misere, need, progress)
        self._built[key] = built
        return built

    def _computed(
        self, rule: Rule, misere: bool, need: int, progress: Progress | None
    ) -> PileValues:
        cap = computed_limit(rule)
        if need > cap:
            raise TableLimitError(
                "rules.errors.beyond_table", need=need, limit=cap, rule=rule.notation
            )
        from squaregame.core.build.rules import rule_table  # numpy only when building

        upto = _build_size(need, cap)
        rem, grundy = rule_table(list(rule.amounts(upto)), upto, misere=misere, progress=progress)
        return ArrayValues(rem, grundy, misere=misere)


def computed_work(rule: Rule, upto: int) -> int:
    """Estimated work of building 0..upto from the amounts: positions × (1 + amounts)."""
    return upto * (1 + rule.count_amounts(upto))


def computed_limit(rule: Rule) -> int:
    """The largest table built from the amounts within ``COMPUTED_MAX`` and ``COMPUTED_WORK``
    (found by bisection: the work grows with the size; never builds anything)."""
    if computed_work(rule, COMPUTED_MAX) <= COMPUTED_WORK:
        return COMPUTED_MAX
    lo, hi = 0, COMPUTED_MAX  # work(lo) within the budget, work(hi) beyond it
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if computed_work(rule, mid) <= COMPUTED_WORK else (lo, mid)
    return lo


def _build_size(need: int, cap: int) -> int:
    """Tables grow by doubling, from ``MIN_BUILD``, never past ``cap``."""
    return min(cap, max(_pow2_at_least(need), MIN_BUILD))


def _pow2_at_least(n: int) -> int:
    return 1 << max(0, n).bit_length()

"""Where one-pile tables come from: shipped with the package, cached, or built on demand.

* Squares, normal play: a table covering the position, one with Grundy values there
  first — the shipped table (``assets/tables/squares-normal.sgt``, 0..10^6 with Grundy
  values), a good table in the user's cache (the smallest that covers it) — else a new build
  (outcome + remoteness) saved to the cache. Builds past ``SQUARES_AUTO_LIMIT`` need an
  explicit ``squaregame build-tables squares --upto N`` (``--grundy`` adds Grundy values);
  past ``SQUARES_MAX`` nothing is built. Beyond what is at hand, the message names the
  largest table there is (:meth:`TableStore.largest_squares`).
* Misère play of any rule that can take 1: the normal values shifted by one (see
  :class:`MisereShift`).
* A rule with a closed form (Nim) uses it; a rule with its own table (Squares, through
  ``Rule.normal_table``) uses that.
* Finite sets: computed directly, then their proven periods (:mod:`squaregame.core.piles.periodic`):
  outcome and Grundy value of every pile size, remoteness exactly where proven and as
  bounds beyond (the search has a work budget, ``periodic.SEARCH_WORK``).
* Any other infinite rule: built in memory from its amounts
  (:func:`squaregame.core.build.rules.rule_table`), within a work budget checked before the
  build starts (``COMPUTED_WORK``, ``COMPUTED_MAX``): beyond it a :class:`TableLimitError`.

A truncated or altered cache file fails its header or checksum test, is removed, and the
table is rebuilt: a wrong answer is never given. What a cache file covers is read from its
header, never from its name. Anything in the cache that is not a regular file (a folder, a
FIFO) is skipped, never opened (a FIFO would block) and never removed. A damaged shipped
table is not used: the values are built instead. Temporary files left in the cache by a
build that was killed are swept when the cache is first used. Each of these is reported in
:attr:`TableStore.messages` as a catalog key and its parameters (``tables.*``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame import paths
from squaregame.core.errors import TableLimitError
from squaregame.core.files.atomic import sweep_stale_temporaries
from squaregame.core.files.tablefile import CorruptTableError
from squaregame.core.piles.files import (
    CACHE_NAME,
    build_squares_values,
    is_regular,
    load_squares_file,
    save_squares_table,
    shipped_squares_path,
    squares_file_header,
)
from squaregame.core.rules import Rule
from squaregame.core.values import ArrayValues, MisereShift, PileValues

if TYPE_CHECKING:
    from squaregame.core.piles.periodic import Periodicity, PeriodicValues

# Built on demand (with a progress bar and a cancel key) as far as this: 10^8 positions take
# one byte each (100 MB on disk and in memory). Further needs build-tables.
SQUARES_AUTO_LIMIT = 10**8
SQUARES_MAX = 2 * 10**8
# Rules built from their amounts: at most this many positions, and this much estimated work
# (positions × (1 + amounts at the top)); ~4 s for 2^21 positions with 128 amounts, 2 cores.
COMPUTED_MAX = 1 << 21
COMPUTED_WORK = 3 * 10**8
MIN_BUILD = 1024

Progress = Callable[[float], None]


class TableStore:
    """Hands out :class:`PileValues` covering a requested position, building when allowed."""

    def __init__(
        self, cache: Path | None = None, *, use_shipped: bool = True, shipped: Path | None = None
    ) -> None:
        self._cache_override = cache
        self._use_shipped = use_shipped
        self._shipped = shipped  # the shipped table's path (tests give a damaged copy)
        self._shipped_failed = False
        self._swept = False
        self._noted: set[str] = set()
        self._squares: list[ArrayValues] = []  # loaded normal tables, any size
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

    # -- Squares -----------------------------------------------------------------------
    def _squares_candidates(self) -> list[Path]:
        found: list[tuple[int, Path]] = []
        with contextlib.suppress(OSError):
            for p in self.cache.iterdir():
                m = CACHE_NAME.match(p.name)
                if m and is_regular(p):  # a folder or FIFO of that name is left alone
                    found.append((int(m.group(1)), p))
        return [p for _, p in sorted(found)]

    def squares_normal(
        self, need: int, progress: Progress | None = None, *, allow_build: bool = True
    ) -> ArrayValues:
        """A table covering ``need``: one with Grundy values there if there is one at hand."""
        self._load_shipped()
        loaded = [t for t in self._squares if t.covers(need)]
        for t in loaded:
            if t.grundy_upto >= need:
                return t
        for path, grundy_upto in self._cached_covering(need):
            if loaded and grundy_upto < need:
                return loaded[0]  # no file has Grundy values there either
            try:
                t = load_squares_file(path)
            except (CorruptTableError, OSError, KeyError, TypeError, ValueError) as exc:
                self.note("tables.damaged", file=path.name, reason=exc)
                if is_regular(path):
                    with contextlib.suppress(OSError):
                        path.unlink()
                continue
            if not t.covers(need):  # (its header was read before: this is a race)
                continue
            self._squares.append(t)
            return t
        if loaded:
            return loaded[0]
        if need > SQUARES_MAX:
            raise TableLimitError("errors.squares_beyond_max", need=need, limit=SQUARES_MAX)
        if not allow_build or need > SQUARES_AUTO_LIMIT:
            largest = max(self.largest_squares(), 0)
            raise TableLimitError("errors.squares_beyond_table", need=need, largest=largest)
        return self.build_squares(min(_round_up(need), SQUARES_AUTO_LIMIT), progress)

    def _load_shipped(self) -> None:
        if self._use_shipped and not self._squares and not self._shipped_failed:
            path = self._shipped or shipped_squares_path()
            try:
                self._squares.append(load_squares_file(path))
            except (CorruptTableError, OSError, KeyError, TypeError, ValueError) as exc:
                self._shipped_failed = True  # built instead, from now on
                self.note("tables.shipped_damaged", file=path.name, reason=exc)

    def _cached_covering(self, need: int) -> list[tuple[Path, int]]:
        """Cache files named for ``need`` or more, with the last position their header gives
        a Grundy value for (-1: none, or a header that fails: loading it will say so); those
        with Grundy values at ``need`` first, then the smallest."""
        found: list[tuple[bool, int, Path, int]] = []
        for path in self._squares_candidates():
            header = squares_file_header(path)
            if header is None:  # loading it will say what is wrong, and remove it
                found.append((True, -1, path, -1))
                continue
            upto, grundy_upto = header
            m = CACHE_NAME.match(path.name)
            if m is not None and int(m.group(1)) != upto:
                self.note("tables.mislabeled", file=path.name, upto=upto)
            if upto >= need:  # what it covers is its header's, never its name's
                found.append((grundy_upto < need, upto, path, grundy_upto))
        return [(path, g) for _, _, path, g in sorted(found)]

    def largest_squares(self) -> int:
        """The last position of the largest normal Squares table at hand: loaded, shipped, or
        a file in the cache whose header is whole and whose length matches it (its checksum
        is tested when it is used); -1 when there is none. Never builds anything."""
        with contextlib.suppress(CorruptTableError, OSError, KeyError):
            self._load_shipped()
        largest = max((t.upto for t in self._squares), default=-1)
        for path in self._squares_candidates():
            header = squares_file_header(path)
            if header is not None:
                largest = max(largest, header[0])
        return largest

    def squares_grundy_upto(self) -> int:
        """The last position whose normal-play Grundy value a Squares table at hand holds
        (loaded, shipped, or a whole file in the cache); -1 when none has any."""
        with contextlib.suppress(CorruptTableError, OSError, KeyError):
            self._load_shipped()
        known = max((t.grundy_upto for t in self._squares), default=-1)
        for path in self._squares_candidates():
            header = squares_file_header(path)
            if header is not None:
                known = max(known, header[1])
        return known

    def build_squares(self, upto: int, progress: Progress | None = None) -> ArrayValues:
        """Build, cache and keep a normal Squares table for 0..upto."""
        if upto > SQUARES_MAX:
            raise TableLimitError("errors.squares_build_max", limit=SQUARES_MAX)
        values, raw = build_squares_values(upto, progress)
        path = self.cache / f"squares-normal-{upto}.sgt"
        try:
            save_squares_table(path, raw, upto, None)
        except OSError as exc:
            self.note("tables.not_saved", folder=self.cache, error=exc.strerror or exc)
        else:
            self.drop_smaller(path, upto)
        self._squares = [t for t in self._squares if t.upto > upto or t.grundy_upto >= 0]
        self._squares.append(values)
        return values

    def drop_smaller(self, kept: Path, upto: int) -> None:
        """Remove the cache's smaller Squares tables that the new one replaces: those without
        Grundy values (one with them still answers what the new table cannot)."""
        for path in self._squares_candidates():
            header = squares_file_header(path)
            if path != kept and header is not None and header[0] < upto and header[1] < 0:
                with contextlib.suppress(OSError):
                    path.unlink()

    # -- finite subtraction sets --------------------------------------------------------
    def finite(self, rule: Rule, misere: bool, progress: Progress | None = None) -> PeriodicValues:
        """A finite set's values: its table and proven periods (searched once, then kept)."""
        key = (rule.key, misere)
        found = self._periods.get(key)
        if found is None:
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
                raise _misere_limit(exc, need) from None
        if not misere:
            own = rule.normal_table(self, need, progress)
            if own is not None:
                return own
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


def _misere_limit(exc: TableLimitError, need: int) -> TableLimitError:
    """A limit met by the normal table behind a misère one (:class:`MisereShift`), said in
    misère terms: the position asked, and how far the misère values reach (one further
    than the normal table's); Squares also says which normal table to build."""
    p = exc.params
    if exc.key == "errors.squares_beyond_table":
        return TableLimitError(
            "errors.squares_beyond_table_misere", need=need, largest=p["largest"] + 1, upto=need - 1
        )
    if exc.key in ("errors.squares_beyond_max", "rules.errors.beyond_table"):
        return TableLimitError(exc.key, **{**p, "need": need, "limit": p["limit"] + 1})
    return exc


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


def _round_up(n: int) -> int:
    """Round a build size up to a whole number of millions (or tens of millions, ...)."""
    step: int = 10 ** max(6, len(str(n)) - 1)
    return -(-(n + 1) // step) * step


def _pow2_at_least(n: int) -> int:
    return 1 << max(0, n).bit_length()

"""The tables of a rule that keeps its normal-play values in files and builds them fast
(:attr:`squaregame.core.rules.base.Rule.tabled`: Squares, Cubes, Powers of two).

A request is answered by a table covering the position, one with Grundy values there first:
the shipped table, where there is one (``assets/tables/<name>-normal.sgt``: Squares 0..10^6
with Grundy values), a good table in the user's cache (the smallest that covers it), else a
new build (outcome and remoteness, and the Grundy values of its first ``Tabled.grundy_with``
positions) saved to the cache. Builds past the rule's ``auto_limit`` need an explicit
``squaregame build-tables <key> --upto N``; past its ``most`` nothing is built. Beyond what
is at hand, the message names the largest table there is.

A truncated or altered cache file fails its header or checksum test, is removed, and the
table is rebuilt: a wrong answer is never given. What a cache file covers is read from its
header, never from its name. Anything in the cache that is not a regular file (a folder, a
FIFO) is skipped, never opened (a FIFO would block) and never removed. A damaged shipped
table is not used: the values are built instead. Each of these is told (``note``) as a
catalog key and its values (``tables.*``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from squaregame.core.errors import TableLimitError
from squaregame.core.files.tablefile import CorruptTableError
from squaregame.core.piles.files import (
    cache_path,
    file_header,
    is_regular,
    load_values_file,
    named_upto,
    save_table,
    shipped_path,
)
from squaregame.core.rules.base import Rule, Tabled
from squaregame.core.values import ArrayValues

Progress = Callable[[float], None]
Note = Callable[..., None]
DAMAGED = (CorruptTableError, OSError, KeyError, TypeError, ValueError)
# A rule with no shipped table answers a small pile from a table of this many positions
# (built in a moment, even by numpy); larger needs build millions at a time.
FIRST_BUILD = 1 << 16


class TabledTables:
    """The normal-play tables of one tabled ``rule``: loaded, shipped, cached, built."""

    def __init__(
        self,
        rule: Rule,
        cache: Callable[[], Path],
        note: Note,
        *,
        use_shipped: bool = True,
        shipped: Path | None = None,
    ) -> None:
        assert rule.tabled is not None, rule
        self.rule = rule
        self.spec: Tabled = rule.tabled
        self.name = self.spec.name
        self._cache = cache  # the cache folder (asked when first needed: it is swept then)
        self._note = note
        self._use_shipped = use_shipped
        self._shipped = shipped  # the shipped table's path (tests give a damaged copy)
        self._shipped_failed = False
        self._loaded: list[ArrayValues] = []  # tables read or built, any size

    def _candidates(self) -> list[Path]:
        found: list[tuple[int, Path]] = []
        with contextlib.suppress(OSError):
            for p in self._cache().iterdir():
                upto = named_upto(p, self.name)
                if upto is not None and is_regular(p):  # a folder or FIFO is left alone
                    found.append((upto, p))
        return [p for _, p in sorted(found)]

    def normal(
        self, need: int, progress: Progress | None = None, *, allow_build: bool = True
    ) -> ArrayValues:
        """A table covering ``need``: one with Grundy values there if there is one at hand."""
        self._load_shipped()
        loaded = [t for t in self._loaded if t.covers(need)]
        for t in loaded:
            if t.grundy_upto >= need:
                return t
        for path, grundy_upto in self._cached_covering(need):
            if loaded and grundy_upto < need:
                return loaded[0]  # no file has Grundy values there either
            try:
                t = load_values_file(path, self.name)
            except DAMAGED as exc:
                self._note("tables.damaged", file=path.name, reason=exc)
                if is_regular(path):
                    with contextlib.suppress(OSError):
                        path.unlink()
                continue
            if not t.covers(need):  # (its header was read before: this is a race)
                continue
            self._loaded.append(t)
            return t
        if loaded:
            return loaded[0]
        spec = self.spec
        if need > spec.most:
            raise TableLimitError(
                "errors.tabled_beyond_max", need=need, limit=spec.most, rule=self.rule
            )
        if not allow_build or need > spec.auto_limit:
            largest = max(self.largest(), 0)
            raise TableLimitError(
                "errors.tabled_beyond_table",
                need=need,
                largest=largest,
                rule=self.rule,
                key=self.rule.key,
            )
        if need < FIRST_BUILD and not spec.shipped:  # a small table first: a moment
            return self.build(FIRST_BUILD - 1, progress)
        return self.build(min(_round_up(need), spec.auto_limit), progress)

    def _load_shipped(self) -> None:
        if not self.spec.shipped:
            return
        if self._use_shipped and not self._loaded and not self._shipped_failed:
            path = self._shipped or shipped_path(self.name)
            try:
                self._loaded.append(load_values_file(path, self.name))
            except DAMAGED as exc:
                self._shipped_failed = True  # built instead, from now on
                self._note("tables.shipped_damaged", file=path.name, reason=exc)

    def _cached_covering(self, need: int) -> list[tuple[Path, int]]:
        """Cache files named for ``need`` or more, with the last position their header gives
        a Grundy value for (-1: none, or a header that fails: loading it will say so); those
        with Grundy values at ``need`` first, then the smallest."""
        found: list[tuple[bool, int, Path, int]] = []
        for path in self._candidates():
            header = file_header(path, self.name)
            if header is None:  # loading it will say what is wrong, and remove it
                found.append((True, -1, path, -1))
                continue
            upto, grundy_upto = header
            if named_upto(path, self.name) != upto:
                self._note("tables.mislabeled", file=path.name, upto=upto)
            if upto >= need:  # what it covers is its header's, never its name's
                found.append((grundy_upto < need, upto, path, grundy_upto))
        return [(path, g) for _, _, path, g in sorted(found)]

    def _headers(self) -> list[tuple[int, int]]:
        with contextlib.suppress(*DAMAGED):
            self._load_shipped()
        found = [(t.upto, t.grundy_upto) for t in self._loaded]
        for path in self._candidates():
            header = file_header(path, self.name)
            if header is not None:
                found.append(header)
        return found

    def largest(self) -> int:
        """The last position of the largest table at hand: loaded, shipped, or a file in the
        cache whose header is whole and whose length matches it (its checksum is tested when
        it is used); -1 when there is none. Never builds anything."""
        return max((upto for upto, _ in self._headers()), default=-1)

    def grundy_upto(self) -> int:
        """The last position whose Grundy value a table at hand holds (loaded, shipped, or a
        whole file in the cache); -1 when none has any."""
        return max((g for _, g in self._headers()), default=-1)

    def build(self, upto: int, progress: Progress | None = None) -> ArrayValues:
        """Build, cache and keep a table for 0..upto."""
        if upto > self.spec.most:
            raise TableLimitError("errors.tabled_build_max", limit=self.spec.most, rule=self.rule)
        spec = self.spec
        grundy_last = min(upto, spec.grundy_with - 1) if spec.grundy is not None else -1
        share = (upto + 1) / (upto + 2 + grundy_last)  # the remoteness's part, then Grundy's
        rem, payload = spec.build(upto, _part(progress, 0.0, share))
        grundy: tuple[str, Any] | None = None
        if spec.grundy is not None and grundy_last >= 0:
            grundy = spec.grundy(grundy_last, _part(progress, share, 1.0 - share))
        values = ArrayValues(rem, None if grundy is None else _array(grundy), misere=False)
        folder = self._cache()
        path = cache_path(folder, self.name, upto)
        try:
            save_table(path, self.name, payload, upto, grundy)
        except OSError as exc:
            self._note("tables.not_saved", folder=folder, error=exc.strerror or exc)
        else:
            self.drop_smaller(path, upto, grundy_last)
        self._loaded = [t for t in self._loaded if t.upto > upto or t.grundy_upto > grundy_last]
        self._loaded.append(values)
        return values

    def drop_smaller(self, kept: Path, upto: int, grundy_upto: int = -1) -> None:
        """Remove the cache's smaller tables that the new one replaces: those without more
        Grundy values than it (one with them still answers what the new table cannot)."""
        for path in self._candidates():
            header = file_header(path, self.name)
            if (
                path != kept
                and header is not None
                and header[0] < upto
                and header[1] <= max(grundy_upto, -1)
            ):
                with contextlib.suppress(OSError):
                    path.unlink()


def _part(progress: Progress | None, lo: float, share: float) -> Progress | None:
    if progress is None:
        return None
    report = progress
    return lambda f: report(lo + share * f)


def _array(payload: tuple[str, Any]) -> Any:
    """A file payload (typecode, little-endian bytes) as an array of its values."""
    import numpy as np  # numpy: only after a build (it made the payload with numpy)

    code, data = payload
    return np.frombuffer(data, dtype={"B": "u1", "H": "<u2", "I": "<u4"}[code])


def misere_limit(exc: TableLimitError, need: int) -> TableLimitError:
    """A limit met by the normal table behind a misère one (``MisereShift``), said in misère
    terms: the position asked, and how far the misère values reach (one further than the
    normal table's); a tabled rule also says which normal table to build."""
    p: dict[str, Any] = exc.params
    if exc.key == "errors.tabled_beyond_table":
        return TableLimitError(
            "errors.tabled_beyond_table_misere",
            **{**p, "need": need, "largest": p["largest"] + 1, "upto": need - 1},
        )
    if exc.key in ("errors.tabled_beyond_max", "rules.errors.beyond_table"):
        return TableLimitError(exc.key, **{**p, "need": need, "limit": p["limit"] + 1})
    return exc


def _round_up(n: int) -> int:
    """Round a build size up to a whole number of millions (or tens of millions, ...)."""
    step: int = 10 ** max(6, len(str(n)) - 1)
    return -(-(n + 1) // step) * step

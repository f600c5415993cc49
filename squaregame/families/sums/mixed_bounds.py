"""Proven bounds on the remoteness of a normal-play sum of parts of several kinds, beyond
the exact search.

The outcome there is exact: the nim-sum of the parts' Grundy values (Sprague–Grundy). The
remoteness is bounded by the statements A–F proved in :mod:`squaregame.core.sums.bounds`.
Their proofs use only what every game has — a play of the sum interleaves a play of each
part (each part's moves form a whole play of it: the game ends only when every part is
over), a cold position's children all have smaller remoteness, and a part's Grundy value
is 0 exactly when it is cold alone — so they hold for parts of any kind, each part's own
proven bounds standing for its remoteness alone:

* **lower** — A: Σ of a lower bound on each part's shortest play (a pile's rule says it;
  any other part at least 1 while it can move); E: for a part C whose Grundy value equals
  the nim-sum (the others are then cold together), C's lower bound plus the others'
  shortest plays;
* **upper, cold** — D: the cold parts alone, each at most its own upper bound, and the
  others (cold together) at most their remoteness as a sub-sum, searched exactly within a
  quarter of the budget (at most :data:`SUB_SEARCHES` new searches for the position asked
  about, none for the moves listed under it: those use the searches made); unknown where
  that search is too large or not made;
* **upper, hot** — F: one more than the upper bound (D) of a cold child, over the winning
  moves found cheaply (a pile's from its values, a part's among its first
  :data:`SCAN` moves);
* B: every bound moves inward to the outcome's parity (hot ⇔ odd).

Where they meet the remoteness is exact. The tests compare them with the exact search.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import Any, Protocol

from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.sums.units import Unit


class MixedSumGame(Protocol):
    """What the bounds need of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    def grundy_values(self, parts: Sequence[Any]) -> list[int]: ...
    def sub_remoteness(
        self, which: tuple[int, ...], parts: Sequence[Any], search: bool
    ) -> int | None: ...


SCAN = 64  # a part's moves looked through for a winning one (F), at most
TRIED = 4  # winning moves of one part whose cold child is bounded (F), at most
SUB_SEARCHES = 2  # new searches of sub-sums for one position's bounds, at most


def _up(value: int, odd: bool) -> int:
    return value if (value % 2 == 1) == odd else value + 1


def _down(value: int, odd: bool) -> int:
    return value if (value % 2 == 1) == odd else value - 1


def bounded(game: MixedSumGame, parts: Sequence[Any], searches: int = 0) -> PositionInfo:
    """The exact outcome and proven remoteness bounds of ``parts`` (normal play), making at
    most ``searches`` new searches of sub-sums."""
    units = game.units
    g = game.grundy_values(parts)  # refused where a part's value is out of reach
    infos = [u.info(p) for u, p in zip(units, parts, strict=True)]
    x = reduce(xor, g, 0)
    hot = x != 0
    short = [u.shortest(p) for u, p in zip(units, parts, strict=True)]
    total = sum(short)
    lo = total  # A
    for i, info in enumerate(infos):
        if g[i] == x:  # E: C is part i, the others cold together
            lo = max(lo, info.remoteness_lower + total - short[i])
    left = [searches]
    if hot:
        hi = hot_upper(game, parts, g, infos, x, left)
    else:
        hi = cold_upper(game, parts, g, infos, left)
    lo = _up(lo, hot)
    outcome = Outcome.HOT if hot else Outcome.COLD
    if hi is not None:
        hi = _down(hi, hot)
        assert hi >= lo, (parts, lo, hi)  # both are proven: they cannot cross
        if hi == lo:
            return PositionInfo(outcome, lo, True, x)
    return PositionInfo(outcome, lo, False, x, hi)


def cold_upper(
    game: MixedSumGame,
    parts: Sequence[Any],
    g: Sequence[int],
    infos: Sequence[PositionInfo],
    left: list[int],
) -> int | None:
    """D for a cold position: each cold part alone, the rest as one sub-sum (None: a part
    has no upper bound, or the sub-sum is too large to search)."""
    total = 0
    for i, info in enumerate(infos):
        if g[i] == 0:
            upper = info.upper
            if upper is None:
                return None
            total += upper
    rest = tuple(i for i in range(len(parts)) if g[i] != 0)
    if rest:
        allowed = left[0] > 0
        left[0] -= allowed  # (an attempt counts, found in a search made or not)
        r = game.sub_remoteness(rest, parts, allowed)
        if r is None:
            return None
        total += r
    return total


def hot_upper(
    game: MixedSumGame,
    parts: Sequence[Any],
    g: Sequence[int],
    infos: Sequence[PositionInfo],
    x: int,
    left: list[int],
) -> int | None:
    """F: one more than the least D bound among the cold children found cheaply."""
    best: int | None = None
    for i, u in enumerate(game.units):
        want = g[i] ^ x
        for c in u.winning_children(parts[i], want, SCAN)[:TRIED]:
            child = [*parts[:i], c, *parts[i + 1 :]]
            cg = [*g[:i], want, *g[i + 1 :]]
            ci = [*infos[:i], u.info(c), *infos[i + 1 :]]
            up = cold_upper(game, child, cg, ci, left)
            if up is not None and (best is None or up + 1 < best):
                best = up + 1
    return best

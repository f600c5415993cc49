"""A normal-play sum of parts beyond the exact search, one part of which has too many moves
to value one by one (a row of 10^9 in Dawson's Kayles has half a billion): its outcome and
its winning moves from the parts' Grundy values alone.

Why it is right (Sprague–Grundy): the sum's Grundy value is the nim-sum x of its parts'
values g_i, and a position is cold exactly when its value is 0. A move in part i changes g_i
alone, so it leads to a cold position exactly when it gives part i the value g_i xor x. So
the winning moves of part i are its moves to value g_i xor x: a part with at most
:data:`~.mixed_moves.PART_MOVES` moves finds them by valuing each, a Nim pile (any amount)
has the one to size g_i xor x when that is smaller, and a larger part counts and finds them
itself (:meth:`~squaregame.core.game.Game.grundy_moves`: an octal row from its values'
period) — or, where it cannot, the sum is refused in one line, as before.

The list keeps the promise of :mod:`squaregame.core.moves`: never more than the cap, the
winning moves first (in the order of the moves), then the first and last
:data:`~squaregame.core.moves.EDGE_MOVES` moves of every part while there is room; every
move is counted, and each listed move is valued with the sum's proven bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor
from typing import Any, Protocol

from squaregame.core.moves import MAX_LISTED_MOVES, analysis_counted, edge_indices, placed_analysis
from squaregame.core.types import Analysis, PositionInfo
from squaregame.families.sums.mixed_moves import AXIS_FROM, PART_MOVES
from squaregame.families.sums.units import PileUnit, Unit

Flat = tuple[int, ...]
AXIS_VALUED = 13  # a large Nim pile's moves valued beyond the search: its ends, the win


class MixedSumGame(Protocol):
    """What counting needs of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    def split(self, pos: Flat) -> tuple[Any, ...]: ...
    def grundy_values(self, parts: Sequence[Any]) -> list[int]: ...
    def info(self, pos: Flat) -> PositionInfo: ...
    def child_info(self, parent: Flat, child: Flat) -> PositionInfo: ...
    def move_target(self, pos: Flat, k: int) -> Flat: ...
    def part_move_target(self, pos: Flat, index: int, k: int) -> Flat: ...
    def replaced(self, pos: Flat, index: int, part: Any) -> Flat: ...
    @property
    def misere(self) -> bool: ...
    def lone(self, parts: Sequence[Any]) -> int | None: ...
    def solution(self, parts: Sequence[Any]) -> tuple[bool, int] | None: ...


def nim_axis(unit: Unit, part: Any) -> bool:
    """A Nim pile too large to list (its moves valued along its axis, few of them)."""
    return isinstance(unit, PileUnit) and unit.rule.is_any_amount and part > AXIS_FROM


def too_many(unit: Unit, part: Any) -> bool:
    """Has this part more moves than are valued one by one (a Nim pile aside)?"""
    return not nim_axis(unit, part) and unit.move_count(part) > PART_MOVES


def countable(unit: Unit, part: Any) -> bool:
    """Can this part's moves to a given value be counted without valuing each?"""
    return not too_many(unit, part) or unit.grundy_moves(part, 0, 0) is not None


def moves_to_value(unit: Unit, part: Any, grundy: int, most: int) -> tuple[int, list[int]]:
    """How many moves of ``part`` give it the value ``grundy``, and the indices of the first
    ``most`` (a part that cannot say was refused before: :func:`countable`)."""
    if nim_axis(unit, part):
        if grundy >= part:
            return 0, []
        k = part - 1 - grundy  # (Nim's moves take 1, 2, …: the k-th leaves part − 1 − k)
        assert unit.move_target(part, k) == grundy
        return 1, [k][:most]
    if not too_many(unit, part):
        hits = [k for k, c in enumerate(unit.children(part)) if unit.info(c).grundy == grundy]
        return len(hits), hits[:most]
    found = unit.grundy_moves(part, grundy, most)
    assert found is not None, "refused before: countable()"
    return found


def valued_moves(unit: Unit, part: Any) -> int:
    """How many of a part's moves are looked at beyond the search (budgets: at most the cap
    for a part whose moves are counted)."""
    if nim_axis(unit, part):
        return AXIS_VALUED
    return MAX_LISTED_MOVES if too_many(unit, part) else unit.move_count(part)


def counted_analysis(game: MixedSumGame, pos: Flat, cap: int) -> Analysis[Flat] | None:
    """The analysis of ``pos`` where a part has too many moves to value each (None: no
    part has, or the search reaches it): the lone part's own, or (normal play) the moves
    counted from the parts' Grundy values; at most ``cap`` moves listed. Misère play with
    two parts that can move is left to the game (refused in one line)."""
    parts = game.split(pos)
    if not any(too_many(u, p) for u, p in zip(game.units, parts, strict=True)):
        return None
    lone = game.lone(parts)
    if lone is not None:
        return lone_analysis(game, pos, lone, cap)
    if game.misere or game.solution(parts) is not None:
        return None
    info = game.info(pos)
    g = game.grundy_values(parts)
    x = reduce(xor, g, 0)
    listed: dict[int, Flat] = {}  # move index in the sum -> where it leads
    edges: list[int] = []
    total = winning = 0
    for i, (u, p) in enumerate(zip(game.units, parts, strict=True)):
        count, found = moves_to_value(u, p, g[i] ^ x, max(cap - len(listed), 0))
        winning += count
        for k in found:
            listed[total + k] = game.part_move_target(pos, i, k)
        edges += [total + k for k in edge_indices(u.move_count(p))]
        total += u.move_count(p)
    return analysis_counted(
        pos,
        info,
        (total, winning, listed, edges),
        cap,
        lambda k: game.move_target(pos, k),
        game.child_info,
    )


def lone_analysis(game: MixedSumGame, pos: Flat, index: int, cap: int) -> Analysis[Flat]:
    """Every part but ``index`` is over: the sum is that part's game (a part that cannot
    move is dropped), so its own analysis — counted by the part where its moves are too
    many to list — is the sum's, each move placed back among the other parts."""
    parts = game.split(pos)
    own = game.units[index].own_analysis(parts[index], cap)

    return placed_analysis(pos, own, lambda q: game.replaced(pos, index, q), lambda _: index)

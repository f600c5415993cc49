"""Misère sums of parts beyond the exact search, where every part is proven tame: the outcome
from each part's (normal value, fickle) pair by the firm/fickle rule
(:mod:`squaregame.core.sums.genus`, which proves it), and the moves sorted by it; the
remoteness only bounded (a cold sum at least 1, a hot one, not over, at least 2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.core.errors import TableLimitError
from squaregame.core.sums.genus import TamePair, tame_sum_cold
from squaregame.core.types import Outcome, PositionInfo
from squaregame.families.sums.units import Unit

COLD_AT_LEAST = PositionInfo(Outcome.COLD, 1, False, None, None)  # misère: odd when cold
HOT_AT_LEAST = PositionInfo(Outcome.HOT, 2, False, None, None)  # … even when hot, not over


def tame_pairs(units: Sequence[Unit], parts: Sequence[Any]) -> list[TamePair]:
    """Each part's pair; refused in one line where a part is not proven tame or its normal
    value is not known."""
    pairs = [u.tame_pair(p) for u, p in zip(units, parts, strict=True)]
    known = [p for p in pairs if p is not None]
    if len(known) < len(pairs):
        raise TableLimitError("sums.errors.misere_parts_too_large")
    return known


def tame_info(units: Sequence[Unit], parts: Sequence[Any]) -> PositionInfo:
    """The misère outcome by the firm/fickle rule, with bounds on the remoteness."""
    return COLD_AT_LEAST if tame_sum_cold(tame_pairs(units, parts)) else HOT_AT_LEAST


def tame_wins(
    units: Sequence[Unit], parts: Sequence[Any], index: int, kids: list[Any]
) -> list[bool]:
    """For each child ``kids`` of part ``index``: does moving there win (leave a cold sum)?"""
    pairs = tame_pairs(units, parts)
    unit = units[index]
    wins = []
    for kid in kids:
        pair = unit.tame_pair(kid)
        if pair is None:
            raise TableLimitError("sums.errors.misere_parts_too_large")
        wins.append(tame_sum_cold([*pairs[:index], pair, *pairs[index + 1 :]]))
    return wins

"""The Sprague–Grundy explanation of a sum, as data: each pile's Grundy value, the nim-sum,
and each winning move with the pile's value before and after (the words are written by
:func:`squaregame.play.panels.nimsum_lines`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import xor

from squaregame.core.games import SumGame
from squaregame.text.rules import rule_label


@dataclass(frozen=True)
class PileLine:
    pile: int  # 1-based
    size: int
    rule: str
    grundy: int


@dataclass(frozen=True)
class WinningMove:
    pile: int  # 1-based
    take: int
    to: tuple[int, ...]
    before: int  # the pile's Grundy value now
    after: int  # ... and after the move


@dataclass(frozen=True)
class NimSumExplanation:
    piles: tuple[PileLine, ...]
    nim_sum: int
    width: int  # binary digits shown
    moves: tuple[WinningMove, ...]

    def column_parities(self) -> list[int]:
        """For each binary column (most significant first): how many piles have a 1 there."""
        return [
            sum((p.grundy >> bit) & 1 for p in self.piles) for bit in range(self.width - 1, -1, -1)
        ]


def explain(game: SumGame, pos: tuple[int, ...]) -> NimSumExplanation | None:
    """The explanation for a normal-play sum, or None for misère (no Grundy theory applies)."""
    if game.misere:
        return None
    values = [game.normal_piles[i].info(n).grundy for i, n in enumerate(pos)]
    if any(v is None for v in values):
        return None
    grundy = [v or 0 for v in values]
    total = reduce(xor, grundy, 0)
    piles = tuple(
        PileLine(i + 1, n, rule_label(game.rules[i]), g)
        for i, (n, g) in enumerate(zip(pos, grundy, strict=True))
    )
    moves: list[WinningMove] = []
    if total:
        for i, (n, g) in enumerate(zip(pos, grundy, strict=True)):
            target = g ^ total
            if game.rules[i].is_any_amount:  # Grundy value m at size m: one size to go to
                if target < n:
                    to = (*pos[:i], target, *pos[i + 1 :])
                    moves.append(WinningMove(i + 1, n - target, to, g, target))
                continue
            for a in game.rules[i].amounts(n):
                if game.normal_piles[i].info(n - a).grundy == target:
                    to = (*pos[:i], n - a, *pos[i + 1 :])
                    moves.append(WinningMove(i + 1, a, to, g, target))
    width = max(1, max([*grundy, total]).bit_length())
    return NimSumExplanation(piles, total, width, tuple(moves))

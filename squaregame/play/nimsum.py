"""The Sprague–Grundy explanation of a sum, as data: each pile's Grundy value, the nim-sum,
and each winning move with the pile's value before and after (:func:`explain`); and the same
worked out in words, column by column (:func:`nimsum_lines`). Any game whose positions are
sums of piles (:meth:`~squaregame.core.game.Game.summands`) is explained."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from squaregame.core.game import Game
from squaregame.text import tr
from squaregame.text.rules import rule_label


@dataclass(frozen=True)
class PileLine:
    pile: int  # 1-based
    size: int | str  # a pile's size; a part of a sum that is no pile: its position in words
    rule: str
    grundy: int


@dataclass(frozen=True)
class WinningMove:
    pile: int  # 1-based
    take: int
    to: Any  # the sum's position after the move
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


def explain(game: Game[Any], pos: Any) -> NimSumExplanation | None:
    """The explanation of a normal-play sum of piles; None for misère play (no Grundy theory
    applies), a game that is no sum of piles (as its kind declares), or a pile whose Grundy
    value is not known that far."""
    parts = game.summands(pos) if game.traits.sum_of_piles and not game.misere else None
    if parts is None:
        return None
    values = [p.pile.grundy(p.size) for p in parts]
    if any(v is None for v in values):
        return None
    grundy = [v or 0 for v in values]
    total = reduce(xor, grundy, 0)
    piles = tuple(
        PileLine(i + 1, p.size, rule_label(p.pile.rule), g)
        for i, (p, g) in enumerate(zip(parts, grundy, strict=True))
    )
    moves: list[WinningMove] = []
    if total:
        for i, (p, g) in enumerate(zip(parts, grundy, strict=True)):
            target = g ^ total
            for size in p.pile.grundy_moves(p.size, target):
                to = game.with_summand(pos, i, size)
                moves.append(WinningMove(i + 1, p.size - size, to, g, target))
    width = max(1, max([*grundy, total]).bit_length())
    return NimSumExplanation(piles, total, width, tuple(moves))


def nimsum_lines(
    ex: NimSumExplanation,
    hinted: Any = None,
    words: str = "ui_game",
    named: Callable[[WinningMove], str] | None = None,
    narrow: bool = False,
) -> tuple[str, ...]:
    """The nim-sum worked out in binary, column by column, and why each winning move wins.
    ``narrow``: for a narrow panel, the table without its sizes, and the column counts and the
    nim-sum each under its label (every digit still in its column).

    Every binary digit (the piles', the column counts', the nim-sum's) sits in one column,
    on the same line as its label. ``hinted``
    is the move the hint line names (the fastest win): it is listed first and marked, so the
    panel and the hint never seem to disagree. ``words``: the catalog area whose ``nimsum``
    block has its words (a family whose parts are not piles says "row" …); ``named``: the
    move's own words, for ``why``'s ``{move}`` (where one part has several winning moves)."""
    pile, size, grundy, binary, ones, total = (
        tr(f"{words}.nimsum.{k}") for k in ("pile", "size", "grundy", "binary", "ones", "total")
    )
    counts = ex.column_parities()
    cell = max(len(str(c)) for c in counts)  # 1 (at most 8 piles), but never misaligned

    def digits(values: list[int]) -> str:
        return " ".join(f"{v:>{cell}}" for v in values)

    def bits(value: int) -> str:
        return digits([int(b) for b in format(value, f"0{ex.width}b")])

    # Each column as wide as its heading or its widest number, two spaces between them; the
    # size column takes whatever room a label below needs ("ним-сумма (нечёт→1)"), so a
    # label and its digits always share a line and every digit stays in its column.
    # (no pile at all: a position with nothing left, Kayles' last pin taken)
    wp = max((len(pile), *(len(str(p.pile)) for p in ex.piles)))
    wg = max((len(grundy), len(str(ex.nim_sum)), *(len(str(p.grundy)) for p in ex.piles)))
    ws = max((len(size), *(len(str(p.size)) for p in ex.piles)))
    value = str(ex.nim_sum)  # right-aligned in the Grundy column: its label may reach it
    left = max(wp + 2 + ws + 2 + wg, len(ones) + 1, len(total) + 1 + len(value))
    ws = left - wp - 4 - wg

    def row(a: object, b: object, c: object, d: str) -> str:
        return f"{a!s:<{wp}}  {b!s:>{ws}}  {c!s:>{wg}}  {d}".rstrip()

    if narrow:
        left = wp + 2 + wg
        out = [f"{pile:<{wp}}  {grundy:>{wg}}"]  # (its binary digits beside it: no heading)
        out += [f"{p.pile!s:<{wp}}  {p.grundy:>{wg}}  {bits(p.grundy)}" for p in ex.piles]
        out.append("─" * (left + 2 + len(bits(0))))
        out += [ones, f"{'':<{left}}  {digits(counts)}"]
        out += [total, f"{value:>{left}}  {bits(ex.nim_sum)}"]
    else:
        out = [row(pile, size, grundy, binary)]
        out += [row(p.pile, p.size, p.grundy, bits(p.grundy)) for p in ex.piles]
        out.append("─" * (left + 2 + len(bits(0))))
        out.append(f"{ones:<{left}}  {digits(counts)}")
        out.append(f"{total:<{left - len(value)}}{value}  {bits(ex.nim_sum)}")
    out.append("")
    if ex.nim_sum == 0:
        out.append(tr(f"{words}.nimsum.cold"))
        return tuple(out)
    one = len(ex.moves) == 1  # "the winning move" (never "moves" for one)
    out.append(tr(f"{words}.nimsum.hot_one" if one else f"{words}.nimsum.hot", total=ex.nim_sum))
    moves = sorted(ex.moves, key=lambda m: m.to != hinted)  # stable: the hint's move first
    for m in moves:
        move = named(m) if named is not None else ""
        why = tr(
            f"{words}.nimsum.why",
            pile=m.pile,
            before=m.before,
            take=m.take,
            after=m.after,
            move=move,
        )
        mark = f" — {tr(f'{words}.nimsum.hinted')}" if m.to == hinted else ""
        out.append(f"• {why}{mark}")
    return tuple(out)

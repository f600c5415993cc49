"""The rows screen's panel data, read once per position (in a worker where it takes long):
each row's size and Grundy value, and the nim-sum worked out with each winning move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any, cast

from squaregame.core.errors import GameError
from squaregame.core.types import Analysis
from squaregame.families.octal.game import RowsGame
from squaregame.play.nimsum import NimSumExplanation, PileLine, WinningMove, nimsum_lines
from squaregame.play.session import Session
from squaregame.text.games import move_text

SHOWN_WINS = 12  # winning moves the nim-sum panel explains (the move list has them all)


@dataclass(frozen=True)
class RowsData:
    sizes: tuple[int, ...]
    grundy: tuple[int, ...] | None  # each row's value (None: misère, or out of reach)
    exact: bool  # the remoteness is exact (else proven bounds beyond the search)
    nimsum: tuple[str, ...] | None  # the nim-sum worked out (None: misère play)


def rows_data(session: Session[Any], a: Analysis[Any]) -> RowsData:
    game = cast(RowsGame, session.game)  # its family's game: it chose this screen
    pos: tuple[int, ...] = a.position
    values = None if game.misere else game.rows_grundy(pos)
    lines = None
    if values is not None:
        try:
            ex = explain(game, a, values)
            said = move_words(game, pos)
            lines = nimsum_lines(ex, _hinted(a), words="octal", named=said)
        except GameError:
            lines = None
    return RowsData(pos, values, a.info.remoteness_exact, lines)


def explain(game: RowsGame, a: Analysis[Any], values: tuple[int, ...]) -> NimSumExplanation:
    pos: tuple[int, ...] = a.position
    total = reduce(xor, values, 0)
    rows = tuple(
        PileLine(i + 1, n, "", g) for i, (n, g) in enumerate(zip(pos, values, strict=True))
    )
    wins: list[WinningMove] = []
    for m in a.winning_moves[:SHOWN_WINS]:
        move = game.move(pos, m.to)
        i = move.pile or 0
        after = reduce(xor, (game.store.grundy(game.rule, p) for p in move.parts or ()), 0)
        wins.append(WinningMove(i + 1, move.amount or 0, m.to, values[i], after))
    width = max(1, max([*values, total]).bit_length())
    return NimSumExplanation(rows, total, width, tuple(wins))


def move_words(game: RowsGame, pos: tuple[int, ...]) -> Callable[[WinningMove], str]:
    def said(m: WinningMove) -> str:
        return move_text(game, game.move(pos, m.to))

    return said


def _hinted(a: Analysis[Any]) -> Any:
    best = a.best_moves()
    return best[0].to if best else None

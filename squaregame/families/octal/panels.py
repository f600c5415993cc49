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
from squaregame.families.octal.code import label
from squaregame.families.octal.game import RowsGame
from squaregame.play.nimsum import NimSumExplanation, PileLine, WinningMove, nimsum_lines
from squaregame.play.session import Session
from squaregame.text.games import move_text

SHOWN_WINS = 12  # winning moves the nim-sum panel explains (the move list has them all)


@dataclass(frozen=True)
class RowsData:
    sizes: tuple[int, ...]  # the rows (the separators of games side by side left out)
    labels: tuple[str, ...] | None  # each row's rule, for games side by side
    grundy: tuple[int, ...] | None  # each row's value (None: misère, or out of reach)
    exact: bool  # the remoteness is exact (else proven bounds beyond the search)
    nimsum: tuple[str, ...] | None  # the nim-sum worked out (None: misère play)
    narrow: tuple[str, ...] | None = None  # the same, for a narrow panel


def rows_data(session: Session[Any], a: Analysis[Any]) -> RowsData:
    game = cast(RowsGame, session.game)  # its family's game: it chose this screen
    pos: tuple[int, ...] = a.position
    values = None if game.misere else game.rows_grundy(pos)
    lines = narrow = None
    if values is not None:
        try:
            ex = explain(game, a, values)
            said = move_words(game, pos)
            lines = nimsum_lines(ex, _hinted(a), words="octal", named=said)
            narrow = nimsum_lines(ex, _hinted(a), words="octal", named=said, narrow=True)
        except GameError:
            lines = narrow = None
    labels = tuple(label(rule) for _i, _n, rule in game.cells(pos)) if game.mixed else None
    exact = a.info.remoteness_exact
    return RowsData(game.sizes(pos), labels, values, exact, lines, narrow)


def explain(game: RowsGame, a: Analysis[Any], values: tuple[int, ...]) -> NimSumExplanation:
    pos: tuple[int, ...] = a.position
    total = reduce(xor, values, 0)
    cells = game.cells(pos)
    sizes = [n for _i, n, _rule in cells]
    rows = tuple(
        PileLine(k + 1, n, "", g) for k, (n, g) in enumerate(zip(sizes, values, strict=True))
    )
    wins: list[WinningMove] = []
    for m in a.winning_moves[:SHOWN_WINS]:
        move = game.move(pos, m.to)
        i = move.pile or 0
        rule = cells[i][2]
        after = reduce(xor, (game.store.grundy(rule, p) for p in move.parts or ()), 0)
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

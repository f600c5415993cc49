"""The one-pile game screen, for every rule (Squares, Nim, Cubes, Powers of two, a finite
set …): the number, the legal moves, hints, the position strip."""

from __future__ import annotations

from typing import Any, cast

from textual.binding import Binding

from squaregame.core.games import PileGame
from squaregame.core.kinds import Notation
from squaregame.play.panels import StripData
from squaregame.play.session import Session
from squaregame.play.settings import Settings
from squaregame.play.view import GameView, MoveLine
from squaregame.ui.keys import keys
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_parts import Parts
from squaregame.ui.widgets.big_number import BigNumber
from squaregame.ui.widgets.move_list import MoveList, MoveView
from squaregame.ui.widgets.position_strip import PositionStrip, StripCell


class PileScreen(GameScreen[int]):
    notation = Notation.NUMBER
    BINDINGS = [Binding(keys("s"), "toggle_strip", "ui_game.keys.strip")]

    def __init__(self, session: Session[int], **kw: Any) -> None:
        self.strip = True
        super().__init__(session, **kw)

    def configure(self, settings: Settings) -> None:
        self.strip = settings.strip

    @property
    def game(self) -> PileGame:
        return cast(PileGame, self.session.game)  # a one-pile game: its notation chose us

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.number = BigNumber("0", id="number")
        self.moves = MoveList(id="moves")
        self.strip_view = PositionStrip(id="strip")
        return Parts(board=(self.number,), chooser=self.moves, below=(self.strip_view,))

    def show_position(self, view: GameView[int], hints: bool, choosing: bool) -> None:
        put = self.slots.put
        put(self.number, view.position, lambda n: self.number.update(f"{n:,}".replace(",", " ")))
        more = (
            ""
            if view.more is None or not choosing
            else view.more.hinted
            if hints
            else view.more.plain
        )
        put(self.moves, (view.moves if choosing else (), hints, more), self._show_moves)
        self.strip_view.display = self.strip
        if self.strip and isinstance(view.panels, StripData):
            widest = len(f"{view.position + 64}")  # the labels near the position
            room = self.strip_view.content_region.width or (self.size.width or 80) - 2
            width = max(3, room // (widest + 3))
            cells = tuple(StripCell(n, hot, now) for n, hot, now in view.panels.window(width))
            put(self.strip_view, cells, self.strip_view.show)

    def _show_moves(self, data: tuple[tuple[MoveLine[int], ...], bool, str]) -> None:
        lines, hints, more = data  # without hints, an incomplete list shows only plain moves
        views = tuple(
            MoveView(m.label, m.to, m.wins, m.remoteness, m.exact, m.upper)
            for m in lines
            if hints or m.plain
        )
        self.moves.show(views, hints, more)

    def chosen_move(self) -> int | None:
        move: int | None = self.moves.highlighted_move()
        return move

    def parse_typed(self, text: str) -> int:
        """An amount to take: refused, in the rule's words, unless the rule allows it."""
        game = self.game
        to: int = game.kind.move_from_text(game, self.session.position, text)
        return to

    # -- keys ------------------------------------------------------------------------------------
    def action_toggle_strip(self) -> None:
        self.strip = not self.strip
        self.draw()

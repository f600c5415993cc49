"""The Squares game screen: the number, the legal moves, hints, the position strip."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Digits

from squaregame.core.games import PileGame
from squaregame.core.types import GameError
from squaregame.play.panels import StripData
from squaregame.play.session import Session
from squaregame.play.view import GameView, MoveLine
from squaregame.ui.keys import keys
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_parts import Parts
from squaregame.ui.screens.new_game import GameSetup
from squaregame.ui.widgets.move_list import MoveList, MoveView
from squaregame.ui.widgets.position_strip import PositionStrip, StripCell


class SquaresScreen(GameScreen[int]):
    kind = "squares"
    BINDINGS = [Binding(keys("s"), "toggle_strip", "ui_game.keys.strip")]

    def __init__(self, session: Session[int], *, strip: bool = True, **kw: object) -> None:
        self.strip = strip
        super().__init__(session, **kw)  # type: ignore[arg-type]

    @property
    def game(self) -> PileGame:
        g = self.session.game
        assert isinstance(g, PileGame)
        return g

    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.number = Digits("0", id="number")
        self.moves = MoveList(id="moves")
        self.strip_view = PositionStrip(id="strip")
        return Parts(board=(self.number,), chooser=self.moves, below=(self.strip_view,))

    def show_position(self, view: GameView[int], hints: bool, choosing: bool) -> None:
        put = self.slots.put
        put(self.number, view.position, lambda n: self.number.update(f"{n:,}".replace(",", " ")))
        put(self.moves, (view.moves if choosing else (), hints), self._show_moves)
        self.strip_view.display = self.strip
        if self.strip and isinstance(view.panels, StripData):
            width = max(5, (self.size.width or 80) // 6)
            cells = tuple(StripCell(n, hot, now) for n, hot, now in view.panels.window(width))
            put(self.strip_view, cells, self.strip_view.show)

    def _show_moves(self, data: tuple[tuple[MoveLine[int], ...], bool]) -> None:
        lines, hints = data
        views = tuple(MoveView(m.label, m.to, m.wins, m.remoteness, m.exact) for m in lines)
        self.moves.show(views, hints)

    def chosen_move(self) -> int | None:
        move: int | None = self.moves.highlighted_move()
        return move

    def parse_typed(self, text: str) -> int:
        if not text.isdigit():
            raise GameError("ui_game.errors.not_an_amount", text=text)
        return self.game.apply_amount(self.session.position, int(text))

    # -- keys ------------------------------------------------------------------------------------
    def action_toggle_strip(self) -> None:
        self.strip = not self.strip
        self.draw()

    def game_for(self, setup: GameSetup) -> PileGame:
        from dataclasses import replace
        from typing import cast

        spec = replace(self.game.spec, misere=setup.misere)  # a subtraction game keeps its set
        return cast(PileGame, spec.build(self.game.tables))

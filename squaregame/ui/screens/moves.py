"""The screen any game can be played on: its position in large digits, the legal moves with
their values (shown with hints), and typed moves read by the game itself. A family with a
board of its own (Wythoff's queen, sums of piles) gives a screen of its own; one without
plays here."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.widgets import OptionList

from squaregame.play.view import GameView, MoveLine
from squaregame.text.games import position_text
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_parts import Parts
from squaregame.ui.widgets.big_number import BigNumber
from squaregame.ui.widgets.move_list import MoveList, MoveView

P = TypeVar("P")


class MovesScreen(GameScreen[P]):
    # -- the game's parts ----------------------------------------------------------------------
    def make_parts(self) -> Parts:
        self.number = BigNumber("0", id="number", tall_share=0.34)
        self.moves = MoveList(id="moves")
        return Parts(board=(self.number,), chooser=self.moves)

    def show_position(self, view: GameView[P], hints: bool, choosing: bool) -> None:
        put = self.slots.put
        put(self.number, view.position, lambda pos: self.number.update(self.big_text(pos)))
        more = (
            ""
            if view.more is None or not choosing
            else view.more.hinted
            if hints
            else view.more.plain
        )
        put(self.moves, (view.moves if choosing else (), hints, more), self._show_moves)

    def big_text(self, pos: Any) -> str:
        """The position as the large digits show it."""
        return position_text(self.session.game, pos)

    def _show_moves(self, data: tuple[tuple[MoveLine[P], ...], bool, str]) -> None:
        lines, hints, more = data  # without hints, an incomplete list shows only plain moves
        views = tuple(
            MoveView(m.label, m.to, m.wins, m.remoteness, m.exact, m.upper)
            for m in lines
            if hints or m.plain
        )
        self.moves.show(views, hints, more)

    def chosen_move(self) -> P | None:
        move: P | None = self.moves.highlighted_move()
        return move

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list is self.moves:
            move = self.moves.highlighted_move()
            if move is not None:
                self.turns.look_ahead(move)  # analysed while the person thinks

"""Going back to any earlier position from the value history or the moves so far, exploring
a *what-if* from there, and returning to the game.

The chart (``c`` focuses it; ← → choose, Enter goes there) and the moves-so-far list (a
click) post a jump; the session keeps the game's own moves aside
(:meth:`~squaregame.play.session.Session.jump`), redo replays them, and a different move
starts the what-if. ``b`` returns to the game as it was. A what-if is never saved over the
game. A bar where the computer was to move is taken as the position before it: a what-if
begins with the person's own choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

from textual.binding import Binding

from squaregame.text import tr
from squaregame.ui.keys import keys

if TYPE_CHECKING:
    from squaregame.ui.screens.game_host import GameHost
    from squaregame.ui.screens.turns import Turns
    from squaregame.ui.screens.typing_moves import Typing

P = TypeVar("P")

WHAT_IF_BINDINGS = [
    Binding(keys("c"), "focus_chart", "ui_game.keys.chart"),
    Binding(keys("b"), "back_to_game", "ui_game.keys.back"),
]
WHAT_IF_ACTIONS = ("back_to_game", "focus_chart")


class WhatIf(Generic[P]):
    """Jumps back in the game and the way back to it, for one game screen."""

    def __init__(self, host: GameHost[P], turns: Turns[P], typing: Typing[P]) -> None:
        self.host = host
        self.turns = turns
        self.typing = typing

    def enabled(self, action: str) -> bool:
        """For :data:`WHAT_IF_ACTIONS`: ``b`` is in the Footer only in a what-if."""
        if action == "back_to_game":
            return self.host.session.exploring
        return True

    def go_back_to(self, moves: int) -> None:
        host, s = self.host, self.host.session
        if s.players == "demo":
            host.say(tr("ui_game.what_if.not_in_demo"), error=True)
            return
        while moves > 0 and not s.human_at(moves):  # the person's own choice begins it
            moves -= 1
        if moves == len(s.plies):
            host.say(tr("ui_game.what_if.already_here"))
            return
        self.turns.cancel_opponent()
        s.jump(moves)
        self.typing.clear()
        if moves == 0:
            host.say(tr("ui_game.what_if.at_start"))
        else:
            host.say(tr("ui_game.what_if.went_back", move=moves))
        host.refresh_view()

    def back_to_game(self) -> None:
        host, s = self.host, self.host.session
        if not s.exploring:
            return
        self.turns.cancel_opponent()
        count = s.back_to_main()
        host.say(tr("ui_game.what_if.back", count=count))
        host.refresh_view()
        if s.over:
            return
        if not s.human_to_move and not self.turns.paused:
            self.turns.start_opponent()

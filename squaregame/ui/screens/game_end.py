"""The end of a game on its screen: the game-over dialog, and what the person chose there —
the same game again, a new one, a review of the moves, or the menu (a lesson's try-it game:
back to the lesson). Esc closes the dialog and leaves the finished game on the board; Enter
there shows the dialog again (:data:`END_BINDINGS`: in the key bar while the game is over)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from textual.binding import Binding

from squaregame.play.sides import play_again
from squaregame.text import tr
from squaregame.ui.screens.game_over import GameOverScreen

if TYPE_CHECKING:
    from squaregame.play.session import Session
    from squaregame.ui.screens.teaching import Teaching

P = TypeVar("P")

# Enter on a finished game: its summary again (in place of "Play", which has nothing to do)
END_BINDINGS = [Binding("enter", "summary", "ui_game.end.keys.summary", priority=True)]


class EndHost(Protocol[P]):
    """What the end of a game needs of its screen."""

    session: Session[P]

    @property
    def app(self) -> Any: ...
    @property
    def persist(self) -> bool: ...

    def say(self, text: str, error: bool = False) -> None: ...
    def restart(self, session: Session[P]) -> None: ...
    def action_new_game(self) -> None: ...
    def action_menu(self) -> None: ...
    def action_review_moves(self) -> None: ...


class GameEnd(Generic[P]):
    def __init__(self, host: EndHost[P], teaching: Teaching[P]) -> None:
        self.host = host
        self.teaching = teaching

    def enabled(self, action: str, can_move: bool) -> bool | None:
        """Enter's two actions: on a finished game (not a what-if) the summary, hidden
        otherwise; else playing the chosen move (greyed while no move can be made)."""
        s = self.host.session
        over = s.over and not s.exploring
        if action == "summary":
            return over
        return False if over else True if can_move else None

    def show(self) -> None:
        host = self.host
        host.app.push_screen(GameOverScreen(host.session, lesson=not host.persist), self.chosen)

    def chosen(self, choice: str | None) -> None:
        host = self.host
        if choice in ("new", "menu"):
            self.teaching.close_projector()  # the game it shows is left
        if choice == "again":  # the same game: its analyses are kept
            host.restart(play_again(host.session))
        elif choice == "new":
            host.action_new_game()
        elif choice == "menu":
            host.action_menu()
        elif choice == "review":
            host.action_review_moves()
            host.say(tr("ui_game.reviewing"))
        else:  # closed (Esc): the finished game stays on the board
            host.say(tr("ui_game.end.closed"))

"""The end of a game on its screen: the game-over dialog, and what the person chose there —
the same game again, a new one, a review of the moves, or the menu (a lesson's try-it game:
back to the lesson)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from squaregame.play.sides import play_again
from squaregame.text import tr
from squaregame.ui.screens.game_over import GameOverScreen

if TYPE_CHECKING:
    from squaregame.play.session import Session
    from squaregame.ui.screens.teaching import Teaching

P = TypeVar("P")


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
        else:
            host.action_review_moves()
            host.say(tr("ui_game.reviewing"))

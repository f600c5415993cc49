"""The opponent's turn: a thread worker that pauses visibly, reads the tables and replies.

Keys pressed meanwhile cannot make a second move (the screen's ``thinking`` flag), and a
reply that arrives after the game changed (undo, new game) is dropped: every turn carries
a token, and only the newest token's reply is played.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from squaregame.core.ai import Opponent
    from squaregame.play.session import Session

P = TypeVar("P")


class OpponentTurns(Generic[P]):
    """Mixed into :class:`GameScreen`; relies on its session, opponent, delay and view."""

    session: Session[P]
    opponent: Opponent[P]
    delay: float
    thinking: bool
    _token: int
    app: Any

    if TYPE_CHECKING:  # provided by GameScreen and Textual; declared only for the type checker

        def refresh_view(self) -> None: ...
        def after_move(self) -> None: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def run_worker(self, *args: Any, **kwargs: Any) -> Any: ...

    def start_opponent(self) -> None:
        self.thinking = True
        self._token += 1
        self.refresh_view()
        self.run_worker(
            partial(self._think, self._token, self.session.position),
            thread=True,
            exclusive=True,
            group="opponent",
            name="opponent",
        )

    def _think(self, token: int, pos: P) -> None:
        """Runs in a thread: a visible pause, then the table lookup and the choice."""
        if self.delay:
            time.sleep(self.delay)
        to = self.opponent.move(self.session.game, pos)
        self.app.call_from_thread(self._opponent_moved, token, pos, to)

    def _opponent_moved(self, token: int, pos: P, to: P | None) -> None:
        if token != self._token or pos != self.session.position:
            return  # the game changed meanwhile (undo, new game): ignore the stale reply
        self.thinking = False
        if to is not None:
            ply = self.session.play(to)
            self.say(f"Computer: {self.session.game.describe_move(ply.before, ply.after)}.")
        self.after_move()

    def cancel_opponent(self) -> None:
        self._token += 1
        self.thinking = False

"""Turns: the person's move, the opponent's reply in a thread worker, undo and redo.

The worker pauses visibly (the opponent "thinks"), chooses its move from the session's
analysis, and analyses the position it leads to, so the interface thread only draws it.
Keys pressed meanwhile cannot make a second move (``thinking``), and a reply that arrives
after the game changed (undo, new game, leaving the screen) is dropped: every turn carries
a token, and only the newest token's reply is played.
"""

from __future__ import annotations

import threading
import time
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from squaregame.core.errors import GameError
from squaregame.play.session import choose_reply
from squaregame.play.sides import shared
from squaregame.play.teach_wording import played_line
from squaregame.play.view import prepare
from squaregame.play.wording import describe_move
from squaregame.text import error_text, tr

if TYPE_CHECKING:
    from squaregame.core.ai import Opponent
    from squaregame.play.session import Session

P = TypeVar("P")


class OpponentTurns(Generic[P]):
    """Mixed into :class:`~squaregame.ui.screens.game_base.GameScreen`."""

    session: Session[P]
    opponent: Opponent[P]
    delay: float
    thinking: bool
    paused: bool  # a demo waiting (the computer plays both sides)
    hints: bool
    _token: int
    _wake: threading.Event | None = None  # set to end the pause of a reply no longer wanted
    app: Any

    if TYPE_CHECKING:  # provided by GameScreen and Textual

        def refresh_view(self) -> None: ...
        def draw(self) -> None: ...
        def save(self) -> None: ...
        def show_game_over(self) -> None: ...
        def say(self, text: str, error: bool = False) -> None: ...
        def run_worker(self, *args: Any, **kwargs: Any) -> Any: ...
        def panels(self, session: Session[Any], a: Any) -> Any: ...

    # -- the person's move -------------------------------------------------------------------
    def request_move(self, to: P) -> None:
        s = self.session
        if s.over:
            self.say(tr("ui_game.errors.over"), error=True)
            return
        if self.thinking or not s.human_to_move:
            self.say(tr("ui_game.errors.wait"), error=True)
            return
        try:
            ply = s.play(to, hints=self.hints)
        except GameError as exc:
            self.say(error_text(exc), error=True)
            return
        if shared(s):
            self.say(played_line(s, ply, len(s.plies) - 1))
        else:
            key = "ui_game.say.played" if s.two_humans else "ui_game.say.you"
            self.say(tr(key, move=describe_move(s.game, ply.before, ply.after)))
        self.after_move()

    def after_move(self) -> None:
        self.save()
        self.refresh_view()
        if self.session.over:
            self.show_game_over()
        elif not self.session.human_to_move and not self.paused:
            self.start_opponent()

    # -- the opponent's reply ------------------------------------------------------------------
    def start_opponent(self, delay: float | None = None) -> None:
        """The opponent's reply, after ``delay`` seconds (default: the screen's)."""
        self.thinking = True
        self._token += 1
        self._wake = wake = threading.Event()
        self.draw()
        pause = self.delay if delay is None else delay
        self.run_worker(
            partial(self._think, self._token, self.session, self.session.position, pause, wake),
            thread=True,
            exclusive=True,
            group="opponent",
            name="opponent",
        )

    def _think(
        self, token: int, session: Session[P], pos: P, delay: float, wake: threading.Event
    ) -> None:
        """In a thread: choose the reply and analyse where it leads, within a visible pause."""
        started = time.monotonic()
        to = choose_reply(self.opponent, session, pos)
        if to is not None:
            with suppress(GameError):  # the screen says so when it draws the position
                prepare(session, to, self.panels)
        rest = delay - (time.monotonic() - started)
        if rest > 0:
            wake.wait(rest)  # cut short when the reply is no longer wanted
        self.app.call_from_thread(self._opponent_moved, token, pos, to)

    def _opponent_moved(self, token: int, pos: P, to: P | None) -> None:
        if token != self._token or pos != self.session.position:
            return  # the game changed meanwhile (undo, new game): ignore the stale reply
        self.thinking = False
        if to is not None:
            s = self.session
            ply = s.play(to)
            if shared(s):
                self.say(played_line(s, ply, len(s.plies) - 1))
            else:
                move = describe_move(s.game, ply.before, ply.after)
                self.say(tr("ui_game.say.computer", move=move))
        self.after_move()

    def cancel_opponent(self) -> None:
        self._token += 1
        self.thinking = False
        if self._wake is not None:
            self._wake.set()

    # -- taking back -----------------------------------------------------------------------------
    def action_undo(self) -> None:
        if not self.session.can_undo():
            self.say(tr("ui_game.errors.nothing_to_undo"), error=True)
            return
        self.cancel_opponent()
        taken = self.session.undo()
        self.say(tr("ui_game.say.taken_back", count=len(taken)))
        self.save()
        self.refresh_view()

    def action_redo(self) -> None:
        if not self.session.can_redo():
            self.say(tr("ui_game.errors.nothing_to_redo"), error=True)
            return
        self.cancel_opponent()
        replayed = self.session.redo()
        self.say(tr("ui_game.say.replayed", count=len(replayed)))
        self.after_move()

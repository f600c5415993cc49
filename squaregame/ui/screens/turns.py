"""Turns: the person's move, the opponent's reply in a thread worker, undo and redo.

The person's move is drawn at once; the worker then analyses the position it led to, pauses
visibly (the opponent "thinks"), chooses its move from that analysis, and analyses the
position it leads to, so the interface thread only draws it.
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

from squaregame.core.ai import Opponent
from squaregame.core.errors import GameError
from squaregame.play.session import choose_reply
from squaregame.play.sides import shared
from squaregame.play.teach_wording import played_line
from squaregame.play.view import prepare
from squaregame.play.wording import describe_move
from squaregame.text import error_text, tr

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.timer import Timer

    from squaregame.play.session import Session
    from squaregame.ui.screens.game_host import GameHost

P = TypeVar("P")


AHEAD_AFTER = 0.5  # seconds the person's choice rests before it is looked ahead at


def _prepare_quietly(session: Session[P], to: P, panels: Any) -> None:
    """In a worker: :func:`prepare` ``to``; a refusal (a limit) is said when it is played."""
    with suppress(GameError):
        prepare(session, to, panels)


class Turns(Generic[P]):
    """Whose turn it is and what happens on it, for one game screen (``host``)."""

    def __init__(self, host: GameHost[P], opponent: Opponent[P], delay: float) -> None:
        self.host = host
        self.opponent = opponent
        self.delay = delay  # seconds the opponent visibly thinks (a demo's speed)
        self.thinking = False  # a reply is on its way: no second move meanwhile
        self.paused = False  # a demo waiting (the computer plays both sides)
        self._token = 0
        self._wake: threading.Event | None = None  # set: the pause of an unwanted reply ends
        self._ahead: Timer | None = None  # the timer of the next look ahead

    @property
    def can_move(self) -> bool:
        """May the person move now?"""
        s = self.host.session
        return s.human_to_move and not s.over and not self.thinking

    # -- the person's move -------------------------------------------------------------------
    def request_move(self, to: P) -> None:
        host, s = self.host, self.host.session
        if s.over:
            host.say(tr("ui_game.errors.over"), error=True)
            return
        if self.thinking or not s.human_to_move:
            host.say(tr("ui_game.errors.wait"), error=True)
            return
        try:
            ply = s.play(to, hints=host.hints)
        except GameError as exc:
            host.say(error_text(exc), error=True)
            return
        if shared(s):
            host.say(played_line(s, ply, len(s.plies) - 1))
        else:
            key = "ui_game.say.played" if s.two_humans else "ui_game.say.you"
            host.say(tr(key, move=describe_move(s.game, ply.before, ply.after)))
        self.after_move()

    def after_move(self) -> None:
        host, s = self.host, self.host.session
        host.save()
        # The opponent to reply: the move is drawn now, and the position it led to is analysed
        # with the reply, in the worker (in a big sum that analysis takes up to a second).
        host.refresh_view(waiting=not s.over and not s.human_to_move and not self.paused)
        if host.session.over:
            host.show_game_over()
        elif not host.session.human_to_move and not self.paused:
            self.start_opponent()

    # -- while the person thinks ------------------------------------------------------------------
    def look_ahead(self, to: P) -> None:
        """The person's choice (cursor, selection) is ``to``: once it has rested for
        :data:`AHEAD_AFTER` seconds, analyse where it leads and read its panels in a worker,
        so that when the move is made its verdict, the reply and the next screen come at
        once. Arrows held down start nothing: each key restarts the wait."""
        if self._ahead is not None:
            self._ahead.stop()
        self._ahead = None
        if self.can_move:
            at = self.host.session.position
            self._ahead = self.host.set_timer(AHEAD_AFTER, partial(self._ahead_now, at, to))

    def _ahead_now(self, at: P, to: P) -> None:
        s = self.host.session
        if not self.can_move or s.position != at or s.cache.peek(("analysis", to)) is not None:
            return  # a move was made meanwhile, or it is known already
        work = partial(_prepare_quietly, s, to, self.host.panels)
        self.host.run_worker(work, thread=True, group="ahead")

    # -- the opponent's reply ------------------------------------------------------------------
    def start_opponent(self, delay: float | None = None) -> None:
        """The opponent's reply, after ``delay`` seconds (default: :attr:`delay`)."""
        self.thinking = True
        self._token += 1
        self._wake = wake = threading.Event()
        self.host.draw()
        pause = self.delay if delay is None else delay
        s = self.host.session
        work = partial(self._think, self._token, s, s.position, pause, wake)
        # Started once the screen has painted the move: a worker running meanwhile would
        # share the interpreter's lock with that paint and answer the key later.
        self.host.call_after_refresh(self._launch, self._token, work)

    def _launch(self, token: int, work: Callable[[], None]) -> None:
        if token == self._token:  # not cancelled (undo, new game) before the paint
            self.host.run_reply(work)

    def _think(
        self, token: int, session: Session[P], pos: P, delay: float, wake: threading.Event
    ) -> None:
        """In a thread: choose the reply and analyse where it leads, within a visible pause."""
        started = time.monotonic()
        with suppress(GameError):  # the position is analysed here, not on the screen's thread
            session.analysis(pos)
        to = choose_reply(self.opponent, session, pos)
        if to is not None:
            with suppress(GameError):  # the screen says so when it draws the position
                prepare(session, to, self.host.panels)
        rest = delay - (time.monotonic() - started)
        if rest > 0:
            wake.wait(rest)  # cut short when the reply is no longer wanted
        self.host.app.call_from_thread(self._opponent_moved, token, pos, to)

    def _opponent_moved(self, token: int, pos: P, to: P | None) -> None:
        host, s = self.host, self.host.session
        if token != self._token or pos != s.position:
            return  # the game changed meanwhile (undo, new game): ignore the stale reply
        self.thinking = False
        if to is not None:
            ply = s.play(to)
            if shared(s):
                host.say(played_line(s, ply, len(s.plies) - 1))
            else:
                move = describe_move(s.game, ply.before, ply.after)
                host.say(tr("ui_game.say.computer", move=move))
        self.after_move()

    def cancel_opponent(self) -> None:
        self._token += 1
        self.thinking = False
        if self._wake is not None:
            self._wake.set()

    # -- taking back -----------------------------------------------------------------------------
    def undo(self) -> None:
        host = self.host
        if not host.session.can_undo():
            host.say(tr("ui_game.errors.nothing_to_undo"), error=True)
            return
        self.cancel_opponent()
        taken = host.session.undo()
        host.say(tr("ui_game.say.taken_back", count=len(taken)))
        host.save()
        host.refresh_view()

    def redo(self) -> None:
        host = self.host
        if not host.session.can_redo():
            host.say(tr("ui_game.errors.nothing_to_redo"), error=True)
            return
        self.cancel_opponent()
        replayed = host.session.redo()
        host.say(tr("ui_game.say.replayed", count=len(replayed)))
        self.after_move()

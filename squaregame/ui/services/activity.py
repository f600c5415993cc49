"""What this student does, for their class (``squaregame serve --class``): the app's games
and lessons as events, and the teacher's challenges as notices.

The app hands every game change (the :class:`~squaregame.ui.messages.SaveGame` it saves) and
every lesson's progress to :class:`Activity`, which turns them into plain events — a game
started, each move with its value and verdict (and the perfect moves when it was not one),
the game's end, each exercise's first try, each lesson step — and passes them to its
:class:`ClassLink`. The link (the classroom's, in a served session's process) keeps them and
never makes the app wait; without a class there is no link and nothing is recorded.

The link also hears the teacher's challenges and offers each (:class:`ChallengeOffer`, made
in the app's language) on the app's thread: a notice, and F2 to open it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.session import Ply, Session
    from squaregame.ui.class_link import ChallengeOffer, ClassLink

MAX_BEST = 5  # perfect moves named with a move that was not one


class _Played:
    """A game seen: the moves recorded so far, whether its end was, and its challenge."""

    __slots__ = ("challenge", "ended", "opened", "plies")

    def __init__(self, challenge: ChallengeOffer | None) -> None:
        self.plies = 0
        self.ended = False
        self.challenge = challenge
        self.opened = time.monotonic()


class Activity:
    """The app's record of this student's games, lessons and challenges."""

    def __init__(self, link: ClassLink | None) -> None:
        self.link = link
        self.games: dict[str, _Played] = {}
        self.lessons: dict[str, tuple[int, int, int, bool, bool]] = {}
        self.offers: list[ChallengeOffer] = []
        self.answered: set[int] = set()
        self.answers: dict[int, Any] = {}  # a question's first answer, as given here
        self.helps: dict[int, dict[str, int]] = {}  # a challenge's game: the helps used
        self.started: set[int] = set()  # games to win begun here: played once, not again
        self.done: list[int] = []  # challenges answered here or closed, the newest last
        self._next_challenge: ChallengeOffer | None = None
        self.changed: Callable[[], None] = lambda: None  # a challenge was answered

    def listen(self, offered: Callable[[ChallengeOffer], None]) -> None:
        if self.link is not None:
            self.link.listen(offered)

    def close(self) -> None:
        if self.link is not None:
            self.link.close()

    def _record(self, kind: str, data: dict[str, Any]) -> None:
        if self.link is not None:
            self.link.record(kind, data)

    # -- games -----------------------------------------------------------------------------
    def looking(self, offer: ChallengeOffer) -> None:
        """A question's dialog was opened (the teacher sees the student working on it)."""
        if offer.ask != "win":  # (a game to win: said when it is played)
            self._record("challenge_opened", {"challenge": offer.id, "ask": offer.ask})

    def playing_challenge(self, offer: ChallengeOffer) -> None:
        """The next new game is ``offer``'s (the app is opening it)."""
        self._next_challenge = offer
        self.started.add(offer.id)
        self._record("challenge_opened", {"challenge": offer.id, "ask": offer.ask})

    def game_changed(self, session: Session[Any], level: str) -> None:
        """The game was saved (it began, a move was made or taken back)."""
        if self.link is None:
            return
        key = session.save_key
        played = self.games.get(key)
        if played is None:
            played = self.games[key] = _Played(challenge=self._next_challenge)
            self._next_challenge = None
            self._record("game_started", self._game(session, level, played))
        main = session.main_game()  # (a what-if is not the game)
        for n in range(played.plies, len(main.plies)):
            self._record("move", self._move(main, n, main.plies[n]))
        played.plies = len(main.plies)  # (after a take-back, the moves made again are new)
        if main.over and not played.ended:
            played.ended = True
            self._ended(main, played)

    def _game(self, session: Session[Any], level: str, played: _Played) -> dict[str, Any]:
        from squaregame.text.games import position_text, title  # (a class's games only)

        game = session.game
        return {
            "key": session.save_key,
            "game": title(game),
            "kind": game.kind.key,
            "start": position_text(game, session.start),
            "players": session.players,
            "level": level,
            "challenge": None if played.challenge is None else played.challenge.id,
        }

    def _move(self, session: Session[Any], n: int, ply: Ply[Any]) -> dict[str, Any]:
        from squaregame.text.games import describe_move, history_text, position_text  # (class)

        game = session.game
        value = ply.value_before
        data: dict[str, Any] = {
            "key": session.save_key,
            "n": n + 1,
            "human": ply.by_human,
            "move": history_text(game, ply.before, ply.after),
            "before": position_text(game, ply.before),
            "verdict": ply.verdict.value,
            "outcome": value.outcome.value,
            "remoteness": value.remoteness,
            "exact": value.remoteness_exact,
        }
        if ply.after not in ply.best:
            data["best"] = [describe_move(game, ply.before, b) for b in ply.best[:MAX_BEST]]
        return data

    def _ended(self, session: Session[Any], played: _Played) -> None:
        won = session.winner_is_human()
        mine = [p for p in session.plies if p.by_human]
        blunders = sum(1 for p in mine if p.verdict.value == "blunder")
        self._record(
            "game_ended",
            {"key": session.save_key, "won": won, "moves": len(mine), "blunders": blunders},
        )
        offer = played.challenge
        if offer is not None and offer.id not in self.answered and not self.closed(offer.id):
            self.answered.add(offer.id)
            self._seen(offer.id)
            helps = self.helps.get(offer.id, {})
            used = {k: helps.get(k, 0) for k in ("hints", "undos", "whys")} if offer.helps else {}
            self._record(
                "challenge",
                {
                    "challenge": offer.id,
                    "ask": offer.ask,
                    "solved": bool(won),
                    "moves": len(mine),  # the student's own (the remoteness: both sides')
                    "remoteness": offer.remoteness,
                    "blunders": blunders,
                    "seconds": round(time.monotonic() - played.opened, 1),
                    **used,
                },
            )
            self.changed()

    def helped(self, challenge: int, what: str) -> None:
        """A help the teacher allowed was used in ``challenge``'s game (``hints``, ``undos``,
        ``whys``): counted, for its result."""
        counts = self.helps.setdefault(challenge, {})
        counts[what] = counts.get(what, 0) + 1

    # -- lessons ---------------------------------------------------------------------------
    def lesson_changed(self, lesson_id: str, progress: LessonProgress) -> None:
        """A lesson's progress was saved: a first try answered, a step reached."""
        if self.link is None:
            return
        tried, score, step, done, mastered = self.lessons.get(lesson_id, (0, 0, -1, False, False))
        now = (progress.tried, progress.score, progress.step, progress.done, progress.mastered)
        self.lessons[lesson_id] = now
        if progress.tried > tried:
            self._record(
                "exercise",
                {
                    "lesson": lesson_id,
                    "right": progress.score > score,
                    "streak": progress.streak,
                    "mastered": progress.mastered,
                    "newly_mastered": progress.mastered and not mastered,
                },
            )
        if progress.step != step or progress.done != done:
            self._record(
                "lesson_step",
                {"lesson": lesson_id, "step": progress.step + 1, "done": progress.done},
            )

    # -- challenges ------------------------------------------------------------------------
    def offered(self, offer: ChallengeOffer) -> str | None:
        """A challenge came (on the app's thread), or came again closed: kept. What is
        news: ``new`` (a challenge to say), ``closed`` (one known here was closed), None."""
        known = next((i for i, o in enumerate(self.offers) if o.id == offer.id), None)
        if known is None:
            self.offers.append(offer)
            return None if offer.closed or offer.id in self.answered else "new"
        if offer.closed and not self.offers[known].closed:
            self.offers[known] = offer
            self._seen(offer.id)
            return "closed"
        return None

    def closed(self, cid: int) -> bool:
        """Did the teacher close challenge ``cid`` (no answer counts now)?"""
        return any(o.id == cid and o.closed for o in self.offers)

    @property
    def latest(self) -> ChallengeOffer | None:
        """The newest challenge waiting: not answered yet, not closed, and no game to win
        begun (its game is the answer: F2 may not start it again, from the start)."""
        left = [
            o
            for o in self.offers
            if o.id not in self.answered and not o.closed and o.id not in self.started
        ]
        return left[-1] if left else None

    @property
    def last_seen(self) -> ChallengeOffer | None:
        """The challenge answered here or closed most recently (its verdict, or its answer);
        one known closed when it came, if none."""
        if self.done:
            return next(o for o in self.offers if o.id == self.done[-1])
        done = [o for o in self.offers if o.id in self.answered or o.closed]
        return done[-1] if done else None

    def _seen(self, cid: int) -> None:
        """``cid`` was answered or closed just now (F2 shows it, when nothing waits)."""
        self.done = [*(c for c in self.done if c != cid), cid]

    def answer(self, offer: ChallengeOffer, right: bool, answer: Any, seconds: float) -> bool:
        """A first answer to a question (``moves``, ``grundy``) is recorded; later ones are
        not (False)."""
        if offer.id in self.answered or self.closed(offer.id):
            return False
        self.answered.add(offer.id)
        self.answers[offer.id] = answer
        self._seen(offer.id)
        self._record(
            "challenge",
            {
                "challenge": offer.id,
                "ask": offer.ask,
                "solved": right,
                "answer": answer,
                "seconds": round(seconds, 1),
            },
        )
        self.changed()
        return True

"""A class's side of text mode (``python -m squaregame.classroom.child --text``, the
classroom's accessible page): what the student does, recorded as the app records it, and the
teacher's challenges, said the moment they come and answered by typing ``challenge``.

The events go through the app's own :class:`~squaregame.ui.services.activity.Activity`, so
the teacher sees a text-mode student exactly as one in the app: the same kinds, the same
fields. A challenge comes on the link's thread: it is said at once (one whole line, never
inside another) and kept; ``challenge``, wherever a line is read (the menu, a game's turn,
a lesson), opens the newest one waiting — a game to win, played from its position against
the perfect opponent under its rules, or a question answered by a typed line (the first
answer is the one kept) — and then the student hears where they were. With none waiting,
it says the last one's verdict, and once the teacher closed it, its answer."""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError
from squaregame.core.numbers import is_digits, read_whole
from squaregame.text import error_text, tr
from squaregame.textmode.console import command_words, read_command
from squaregame.textmode.game import TextGame
from squaregame.textmode.lesson_steps import words
from squaregame.ui import challenge_words
from squaregame.ui.challenge_words import answer_text
from squaregame.ui.start import session_of

if TYPE_CHECKING:
    from squaregame.core.kinds import Kinds
    from squaregame.core.tables import Tables
    from squaregame.lessons.progress import LessonProgress
    from squaregame.play.session import Session
    from squaregame.textmode.console import Console
    from squaregame.ui.class_link import ChallengeOffer
    from squaregame.ui.services.activity import Activity


def none_word() -> str:
    """The word for "no move wins", in the language."""
    return words("textmode.challenge.none_word")[0]


def later_word() -> str:
    """The word for "answer it later", in the language."""
    return words("textmode.challenge.later")[0]


class TextDesk:
    """The teacher's challenges and the student's events, for text mode on ``console``."""

    def __init__(self, console: Console, activity: Activity, kinds: Kinds, tables: Tables):
        self.console = console
        self.activity = activity
        self.kinds = kinds
        self.tables = tables
        self.lock = threading.RLock()  # the activity is shared with the link's thread
        self.open: ChallengeOffer | None = None  # the challenge being answered now
        self.results: dict[int, bool] = {}  # a game to win played to its end here: won?

    def word(self) -> str:
        return command_words("challenge")[0]

    # -- the events (from the main thread) -------------------------------------------------
    def game_changed(self, session: Session[Any], level: str) -> None:
        with self.lock:
            self.activity.game_changed(session, level)

    def lesson_changed(self, lesson_id: str, progress: LessonProgress) -> None:
        with self.lock:
            self.activity.lesson_changed(lesson_id, progress)

    def helped(self, challenge: int, what: str) -> None:
        with self.lock:
            self.activity.helped(challenge, what)

    # -- a challenge comes (from the link's thread) ---------------------------------------
    def offered(self, offer: ChallengeOffer) -> None:
        """A challenge came, or was closed: said at once, in one line."""
        with self.lock:
            news = self.activity.offered(offer)
        if news == "new":
            self.console.say(tr("textmode.challenge.new", id=offer.id, challenge=ask_line(offer),
                                word=self.word()))  # fmt: skip
        elif news == "closed":
            self.console.say(tr("textmode.challenge.closed", id=offer.id, word=self.word()))

    # -- ``challenge`` typed (the main thread) ---------------------------------------------
    def run(self) -> None:
        if self.open is not None:
            self.console.say(tr("textmode.challenge.busy", id=self.open.id))
            return
        with self.lock:
            offer, seen = self.activity.latest, self.activity.last_seen
        if offer is None:
            self.seen(seen)
            return
        self.open = offer
        try:
            if offer.ask == "win":
                self.play(offer)
            else:
                self.question(offer)
        finally:
            self.open = None

    def seen(self, offer: ChallengeOffer | None) -> None:
        """Nothing waits: the last one's verdict, and its answer once it is closed."""
        if offer is None:
            self.console.say(tr("textmode.challenge.none"))
            return
        lines = [tr("textmode.challenge.heading", id=offer.id, challenge=ask_line(offer))]
        with self.lock:
            given = self.activity.answers.get(offer.id)
            closed = self.activity.closed(offer.id)
        if given is not None:
            lines.append(verdict(offer, given))
        elif offer.id in self.results:
            lines.append(tr(f"textmode.challenge.{'won' if self.results[offer.id] else 'lost'}"))
        if closed:
            lines.append(answer_text(offer))
        self.console.say(*lines)

    def play(self, offer: ChallengeOffer) -> None:
        """A game to win: from its position, against the perfect opponent, under its rules;
        begun once (its end is the answer)."""
        self.console.say(tr("textmode.challenge.heading", id=offer.id, challenge=ask_line(offer)))
        try:
            session = session_of(offer.request, self.kinds, self.tables)
        except GameError as exc:
            self.console.say(error_text(exc))
            return
        with self.lock:
            self.activity.playing_challenge(offer)
        game = TextGame(self.console, session, level="perfect", hints=False,
                        seed=offer.request.seed, terms=offer.request.challenge,
                        leaving="left")  # fmt: skip
        game.run()
        if session.over:
            won = bool(session.winner_is_human())
            self.results[offer.id] = won
            self.console.say(tr(f"textmode.challenge.{'won' if won else 'lost'}"))
        else:
            self.console.say(tr("textmode.challenge.left_game"))

    def question(self, offer: ChallengeOffer) -> None:
        """A question (``moves``, ``grundy``): the first answer is kept, its verdict said."""
        with self.lock:
            self.activity.looking(offer)
        opened = time.monotonic()
        self.ask(offer)
        with self.console.at(lambda: self.ask(offer)):
            pending: str | None = None  # a line typed instead of yes: the next answer
            while True:
                line, pending = (
                    (pending, None) if pending is not None else (self.console.ask(), None)
                )
                if line is None:
                    return
                if line.lower() in words("textmode.challenge.later") or is_quit(line):
                    self.console.say(tr("textmode.challenge.later_said", word=self.word()))
                    return
                read = self.read(offer, line)
                if read is None:
                    continue
                right, answer = read
                if offer.ask == "moves":
                    reply = self.sure(answer)
                    if reply is None:
                        return
                    if isinstance(reply, str):
                        pending = reply
                        continue
                with self.lock:
                    counted = self.activity.answer(offer, right, answer, time.monotonic() - opened)
                    closed = self.activity.closed(offer.id)
                lines = [verdict(offer, answer)]
                if not counted:
                    lines.append(tr("textmode.challenge.not_counted" if closed
                                    else "ui_class.said.not_counted"))  # fmt: skip
                if closed:
                    lines.append(answer_text(offer))
                self.console.say(*lines)
                return

    def sure(self, answer: list[str]) -> bool | str | None:
        """The moves chosen said back, then: True (yes), the line typed instead (another
        answer), or None (the input ended). One answer counts: a list's numbers typed as a
        move (``4 7`` meaning (4,7)) are caught here."""
        chosen = "; ".join(answer) if answer else tr("textmode.challenge.chose_nothing")
        yes = words("textmode.challenge.yes")
        self.console.say(tr("textmode.challenge.chose", moves=chosen, yes=yes[0]))
        line = self.console.ask()
        if line is None:
            return None
        return True if line.strip().lower() in yes else line

    def ask(self, offer: ChallengeOffer) -> None:
        lines = [tr("textmode.challenge.heading", id=offer.id, challenge=ask_line(offer))]
        if offer.ask == "moves":
            lines += [f"{i}. {m}" for i, m in enumerate(offer.moves, 1)]
            lines.append(tr("textmode.challenge.type_moves", none=none_word()))
        else:
            lines.append(tr("textmode.challenge.type_grundy"))
        lines.append(tr("textmode.challenge.type_later", later=later_word()))
        self.console.say(*lines)

    def read(self, offer: ChallengeOffer, line: str) -> tuple[bool, Any] | None:
        """The answer ``line`` gives, and whether it is right (None: not an answer, said)."""
        if offer.ask == "moves":
            chosen = read_numbers(line, len(offer.moves))
            if chosen is None:
                self.console.say(
                    tr("textmode.challenge.not_numbers", text=line[:40], count=len(offer.moves)),
                    tr("textmode.challenge.type_moves", none=none_word()),
                )
                return None
            answer: Any = sorted(offer.moves[i] for i in chosen)  # (as the app sends it)
            return set(answer) == set(offer.winning), answer
        try:
            answer = read_whole(line)
        except GameError:
            self.console.say(tr("ui_class.said.not_a_number"))
            return None
        return answer == offer.grundy, answer


def is_quit(line: str) -> bool:
    command = read_command(line)
    return command is not None and command[0] == "quit"


def read_numbers(line: str, count: int) -> set[int] | None:
    """The moves typed by number (``2 5``; a word for none: the empty set), 0-based."""
    if line.strip().lower() in words("textmode.challenge.none_word"):
        return set()
    parts = line.replace(",", " ").split()
    if not parts or not all(is_digits(p) and 1 <= int(p) <= count for p in parts):
        return None
    return {int(p) - 1 for p in parts}


def ask_line(offer: ChallengeOffer) -> str:
    """What the challenge asks, in plain words (the position in the app's words)."""
    return tr(f"textmode.challenge.ask.{offer.ask}", position=offer.title)


def verdict(offer: ChallengeOffer, given: Any) -> str:
    """Right, or what was wrong, as the app's dialog says it (without its ✓)."""
    return challenge_words.verdict(offer, given, "textmode.challenge")

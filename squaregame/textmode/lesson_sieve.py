"""The sieve in text mode: its first frames said, then each next cold position typed, as
the app's sieve panel asks it (:mod:`squaregame.ui.lesson.sieve`); the picture's marks are
said as the list of positions not yet marked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squaregame.lessons import generate as gen
from squaregame.lessons import sieve as sv
from squaregame.lessons.mastery import guess_answer
from squaregame.lessons.steps import SieveStep
from squaregame.text import tr
from squaregame.textmode.lesson_steps import Host, StepText, verdict

if TYPE_CHECKING:
    from squaregame.lessons.model import Step

UNMARKED_MOST = 60  # the sieve's positions not yet marked, said at most


class SieveText(StepText):
    """The sieve: its first frames said, then each next cold position typed (a wrong guess
    explained and tried again; ``answer`` says it), each frame's text said as it is made."""

    answers = True

    def __init__(self, host: Host, step: Step) -> None:
        super().__init__(host, step)
        self.spec = step.as_kind(SieveStep)
        self.game = step.game()
        self.frames = sv.sieve(self.game, self.spec.upto, host.S)
        self.shown = min(len(self.frames), max(1, self.spec.auto))
        self.guessed = False

    def show_more(self) -> None:
        for frame in self.frames[: self.shown]:
            self.say(frame.text)
        self.ask()

    def asking(self) -> bool:
        if self.shown >= len(self.frames):
            return False
        return self.frames[self.shown].new_cold is not None

    def ask(self) -> None:
        if not self.asking():
            return
        marks = self.frames[self.shown - 1].marks
        left = [p for p in sv.order(self.game, self.spec.upto) if p not in marks]
        said = ", ".join(gen.fmt(self.game, p) for p in left[:UNMARKED_MOST])
        more = len(left) - UNMARKED_MOST
        if more > 0:
            said += " " + tr("textmode.lesson.more", count=more)
        self.say(tr("textmode.lesson.unmarked", positions=said))
        one = self.game.dimensions == 1
        self.say(tr("textmode.lesson.sieve_ask_one" if one else "textmode.lesson.sieve_ask_two"))

    def advance(self) -> None:
        self.shown += 1
        self.guessed = False
        self.say(self.frames[self.shown - 1].text)
        if self.shown < len(self.frames) and self.frames[self.shown].new_cold is None:
            self.shown += 1  # that was the last cold position: the finished sieve
            self.say(self.frames[self.shown - 1].text)
            self.host.status()
        self.ask()

    def typed(self, line: str) -> bool:
        guess = sv.parse_guess(self.game, line)
        if guess is None:
            return False
        if not self.asking():
            self.say(tr("textmode.lesson.sieve_over"))
            return True
        expected = self.frames[self.shown].new_cold
        frame = self.frames[self.shown - 1]
        right, why = sv.judge_guess(self.game, frame, expected, guess, self.spec.upto, self.host.S)
        if not self.guessed:
            self.guessed = True
            self.host.count(guess_answer(self.host.index, expected, right))
        if right:
            self.say(f"{verdict(True)} {why}")
            self.advance()
        else:
            self.say(f"{verdict(False)} {why}", tr("textmode.lesson.sieve_retry"))
        return True

    def answer(self) -> None:
        if not self.asking():
            self.say(tr("textmode.lesson.sieve_over"))
            return
        expected = self.frames[self.shown].new_cold
        if not self.guessed:
            self.host.count(guess_answer(self.host.index, expected, False))
        self.say(tr("ui_lessons.lesson.sieve_shown", n=gen.fmt(self.game, expected)))
        self.advance()

    def finished(self) -> bool:
        return not self.asking()

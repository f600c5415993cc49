"""A lesson in text mode (``squaregame lesson N --text``, or Lessons in the text menu): each
step's text as plain lines, its exercise answered by a typed line, ``next``, ``back``,
``another``, ``answer``, ``play``, ``help`` and ``quit``; every first try counted and the
progress saved as the app saves it, in the same file (:mod:`squaregame.lessons.progress`),
so a student may go on in either mode."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squaregame.lessons import exercise_model as em
from squaregame.lessons import mastery
from squaregame.lessons.mastery import Answer, needed, run_done
from squaregame.lessons.progress import LessonProgress, progress_file, save_lesson
from squaregame.lessons.steps import TryStep
from squaregame.lessons.strings import Strings
from squaregame.play.session import Session
from squaregame.play.settings import load_settings
from squaregame.text import os_reason, tr
from squaregame.textmode.console import command_words
from squaregame.textmode.game import TextGame
from squaregame.textmode.lesson_sieve import SieveText
from squaregame.textmode.lesson_steps import (
    FillText,
    PictureOnly,
    QuizText,
    StepText,
    words,
)

if TYPE_CHECKING:
    from squaregame.lessons.model import Lesson, Step
    from squaregame.textmode.console import Console

COMMANDS = ("next", "back", "another", "answer", "play", "help", "quit")
ALIASES = {"n": "next", "b": "back", "a": "another", "s": "answer", "t": "play", "?": "help",
           "q": "quit", "exit": "quit"}  # fmt: skip


def lesson_command(line: str) -> str | None:
    """``line`` as one of the lesson's :data:`COMMANDS`, or None."""
    word = line.strip().lower()
    if word in ALIASES:
        return ALIASES[word]
    return next((n for n in COMMANDS if word in words(f"textmode.lesson.commands.{n}")), None)


class TryText(StepText):
    """A game to try from the step's position (``play``; again, from another start if the
    step has more), played line by line against the computer; a game played to its end
    counts, right when no move of the student's threw a win away."""

    def __init__(self, host: Any, step: Step) -> None:
        super().__init__(host, step)
        self.spec = step.as_kind(TryStep)
        self.attempt = 0
        self.last: Any = None
        self.game: TextGame | None = None  # the game last played

    def show_more(self) -> None:
        self.say(tr("textmode.lesson.try_help"))

    def bits(self) -> float:
        return 3.0  # (a game's bits are known when it ends: a few decisions, as a guess)

    def another(self) -> None:
        self.play()

    def play(self) -> None:
        h = self.host
        rng = em.seeded(h.seed, h.lesson.id, h.index, "try", self.attempt)
        start = self.spec.start(self.attempt, rng, self.last)
        self.attempt += 1
        self.last = start
        session: Session[Any] = Session(self.step.game(), start, human_first=True)
        game = self.game = TextGame(h.console, session, level=h.level, persist=False)
        game.run()
        if not session.over:
            if game.ended_input:
                h.stopped = True
            else:
                self.say(tr("textmode.lesson.back_in_lesson"))
            return
        self.ended(session)

    def ended(self, game: Session[Any]) -> None:
        blunders = len(game.human_blunders())
        decisions = [
            (len(a.moves), len(a.winning_moves))
            for p in game.plies
            if p.by_human and (a := game.game.analyze(p.before)).winning_moves
        ]
        answer = mastery.game_answer(self.host.index, game.start, not blunders, decisions)
        self.host.count(answer, exercise=True)
        if blunders:
            self.say(tr("ui_lessons.lesson.try_blunders", count=blunders))
        else:
            key = "try_clean_won" if game.winner_is_human() else "try_clean_lost"
            self.say(tr(f"ui_lessons.lesson.{key}"))
        self.say(tr("textmode.lesson.back_in_lesson"))
        self.host.status()


def step_class(step: Step) -> type[StepText]:
    """How text mode shows ``step``, by what it shows."""
    shows = step.spec.shows
    known: dict[str, type[StepText]] = {"quiz": QuizText, "fill": FillText, "sieve": SieveText,
                                        "try": TryText}  # fmt: skip
    if shows in known:
        return known[shows]
    return StepText if shows in ("text", "lines", "stepped", "latest") else PictureOnly


class TextLesson:
    """``lesson`` on ``console`` from the step its saved progress reached; ``seed``: the
    class's items (the same seed, the same items as in the app)."""

    def __init__(self, console: Console, lesson: Lesson, seed: int, level: str | None = None):
        self.console = console
        self.lesson = lesson
        self.S = Strings(lesson.lang)
        self.seed = seed
        self.level = level or load_settings()[0].level
        self.file = progress_file()
        saved, message = self.file.load()
        if message:
            console.say(message)
        self.progress = (saved or {}).get(lesson.id) or LessonProgress()
        self.index = min(self.progress.step, len(lesson.steps) - 1)
        self.steps: dict[int, StepText] = {}
        self.stopped = False  # the input ended: no more lessons

    # -- what the steps ask of the lesson ------------------------------------------------------
    def count(self, answer: Answer, exercise: bool = False) -> None:
        was = self.progress.mastered
        self.progress.record(answer, exercise=exercise, mastery=self.lesson.mastery,
                             step=self.index, steps=self.lesson.exercise_steps)  # fmt: skip
        self.save()
        if self.progress.mastered and not was:
            self.console.say(tr("textmode.lesson.now_mastered", title=self.lesson.title))

    def status(self) -> None:
        """The score and the way to mastery, as the app's status line says them."""
        p, parts = self.progress, []
        if p.tried:
            parts.append(tr("ui_lessons.lesson.score", k=p.score, n=p.tried))
        if self.lesson.quiz_count:
            left = p.steps_left(self.lesson.exercise_steps)
            if p.mastered:
                parts.append(tr("textmode.lesson.mastered"))
            elif run_done(p.run, self.lesson.mastery) and left:
                listed = ", ".join(str(i + 1) for i in left)
                parts.append(tr("ui_lessons.lesson.steps_left", count=len(left), steps=listed))
            else:
                n = needed(p.run, self.lesson.mastery, self.step().bits())
                parts.append(tr("ui_lessons.lesson.run", k=p.streak, n=n))
        if parts:
            self.console.say(". ".join(parts) + ".")

    def step(self) -> StepText:
        if self.index not in self.steps:
            s = self.lesson.steps[self.index]
            self.steps[self.index] = step_class(s)(self, s)
        return self.steps[self.index]

    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and self.step().finished()

    def save(self) -> None:
        self.progress.step = self.index
        self.progress.done = self.progress.done or self.finished()
        try:  # merged into what the file holds now: another window's lessons are kept
            _, message = save_lesson(self.file, self.lesson.id, self.progress)
        except OSError as exc:
            self.console.say(tr("ui_menu.notify.progress_failed", error=os_reason(exc)))
            return
        if message:
            self.console.say(message)
        if self.console.desk is not None:  # (in a class: its events, as the app's)
            self.console.desk.lesson_changed(self.lesson.id, self.progress)

    # -- the lesson ----------------------------------------------------------------------------
    def run(self) -> int:
        """The lesson until ``quit``, ``next`` after its last step, or the end of input."""
        L = self.lesson
        self.console.say(tr("textmode.lesson.title", number=L.number, title=L.title), L.summary)
        self.console.say(tr("textmode.lesson.commands_hint"))
        self.show()
        while not self.stopped:
            with self.console.at(self.where):
                line = self.console.ask()
            if line is None:
                self.stopped = True
                self.save()
                self.console.say(tr("textmode.lesson.end_of_input"))
                break
            if not self.read(line):
                break
        return 0

    def where(self) -> None:
        """Where the student is (said again after a class's challenge)."""
        L = self.lesson
        self.console.say(tr("textmode.challenge.back_lesson", number=L.number, title=L.title,
                            n=self.index + 1, total=len(L.steps)))  # fmt: skip

    def show(self) -> None:
        self.console.say("", tr("ui_lessons.lesson.step_of", n=self.index + 1,
                                total=len(self.lesson.steps)))  # fmt: skip
        self.step().show()
        self.save()

    def read(self, line: str) -> bool:
        """Answer one line; False when the lesson is left."""
        command = lesson_command(line) if line else ("next" if self.step().finished() else "")
        step = self.step()
        if command == "quit":
            self.save()
            self.console.say(tr("textmode.lesson.left"))
            return False
        if command == "next":
            if self.index == len(self.lesson.steps) - 1:
                self.save()
                self.status()
                self.console.say(tr("textmode.lesson.end"))
                return False
            self.index += 1
            self.show()
        elif command == "back":
            if self.index == 0:
                self.console.say(tr("textmode.lesson.first"))
            else:
                self.index -= 1
                self.show()
        elif command == "another":
            step.another()
        elif command == "answer":
            step.answer()
        elif command == "play":
            if isinstance(step, TryText):
                step.play()
            else:
                self.console.say(tr("textmode.lesson.no_play"))
        elif command == "help":
            self.console.say(*help_lines(self.console.desk is not None))
        elif not line:
            self.console.say(tr("textmode.lesson.unfinished"))
        elif not step.typed(line):
            self.console.say(tr("textmode.lesson.unknown", text=line[:40]))
        return True


def help_lines(in_class: bool = False) -> list[str]:
    lines = [tr("textmode.lesson.help_intro")]
    for name in COMMANDS:
        said = ", ".join(words(f"textmode.lesson.commands.{name}"))
        lines.append(tr(f"textmode.lesson.help.{name}", words=said))
    if in_class:
        lines.append(tr("textmode.help.challenge", words=", ".join(command_words("challenge"))))
    return lines

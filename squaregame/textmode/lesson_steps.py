"""A lesson's steps in text mode, one class each for what a step shows
(:attr:`~squaregame.lessons.steps.StepSpec.shows`): its lines, an exercise answered by a
typed word, number or move, the table of hot and cold marked number by number, the sieve's
next cold position typed, a game to try played line by line. Each keeps what the student
did on its step (back and forth keeps it) and counts every first try as the app's panels
do (:mod:`squaregame.ui.lesson`): the same items, the same answers, the same rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from squaregame.core.errors import GameError
from squaregame.core.numbers import is_digits
from squaregame.core.types import Outcome
from squaregame.lessons import attempt, items
from squaregame.lessons import exercise_model as em
from squaregame.lessons import generate as gen
from squaregame.lessons.mastery import Answer, mark_answer
from squaregame.lessons.modes import TEXT
from squaregame.lessons.steps import FillStep, QuizStep
from squaregame.text import Catalog, tr
from squaregame.textmode.markdown import plain_lines
from squaregame.textmode.typed import move_by_words, same_words

if TYPE_CHECKING:
    from squaregame.lessons.model import Lesson, Step
    from squaregame.lessons.strings import Strings
    from squaregame.textmode.console import Console


class Host(Protocol):
    """What a step may ask of the lesson (:class:`~squaregame.textmode.lesson.TextLesson`)."""

    console: Console
    lesson: Lesson
    S: Strings
    seed: int
    index: int
    level: str
    stopped: bool

    def count(self, answer: Answer, exercise: bool = False) -> None: ...

    def status(self) -> None: ...


def words(key: str) -> tuple[str, ...]:
    """The words catalog entry ``key`` lists (commas between), then its English ones."""
    said = [w.strip().lower() for w in tr(key).split(",")]
    english = [w.strip().lower() for w in Catalog("en")(key).split(",")]
    return tuple(dict.fromkeys(w for w in [*said, *english] if w))


def hot_or_cold(text: str) -> bool | None:
    """``text`` as hot (True) or cold (False): a word of the language or h/c; else None."""
    typed = text.strip().lower()
    if typed in words("textmode.lesson.hot"):
        return True
    if typed in words("textmode.lesson.cold"):
        return False
    return None


def verdict(right: bool) -> str:
    return tr("textmode.lesson.right" if right else "textmode.lesson.wrong")


class StepText:
    """A step that only shows its text (and the lines it makes, if any). ``understood``:
    whether a line typed was an answer the step took."""

    answers: ClassVar[bool] = False  # a step that takes answers (the help says how)

    def __init__(self, host: Host, step: Step) -> None:
        self.host = host
        self.step = step

    def say(self, *lines: str) -> None:
        self.host.console.say(*lines)

    def show(self) -> None:
        if text := self.step.text_in(TEXT):
            self.say(*plain_lines(text))
        self.show_more()

    def show_more(self) -> None:
        """What the step shows beneath its text."""
        spec = self.step.spec
        lines = spec.spoken(self.step.game_or_none(), self.host.S)
        if spec.shows == "latest":  # each entry is the whole of it so far: the last says all
            lines = lines[-1:]
        for line in lines:
            self.say(*line.split("\n"))

    def typed(self, line: str) -> bool:
        return False

    def another(self) -> None:
        self.say(tr("textmode.lesson.no_another"))

    def answer(self) -> None:
        self.say(tr("textmode.lesson.no_answer"))

    def finished(self) -> bool:
        return True

    def bits(self) -> float:
        """How hard the step's next answer is to guess (what the run's counter counts on)."""
        return 1.0


class PictureOnly(StepText):
    """A step whose panel is a picture text mode cannot draw (a family's own panel): its
    text, the text of each stage of the picture if it has stages, and a line saying so."""

    def show_more(self) -> None:
        frames = getattr(self.step.spec, "frames", None)
        if callable(frames):
            for frame in frames(self.host.S):
                text = getattr(frame, "text", "")
                if isinstance(text, str) and text:
                    self.say(text)
        self.say(tr("textmode.lesson.picture_only"))


class QuizText(StepText):
    """An exercise: a fresh item for each attempt, answered by typing a choice (hot or cold,
    a number, a move, or its number in the list)."""

    answers = True

    def __init__(self, host: Host, step: Step) -> None:
        super().__init__(host, step)
        self.spec = step.as_kind(QuizStep)
        self.attempt = 0
        self.seen: list[Any] = []
        self.current: em.Exercise | None = None
        self.wrong: set[Any] = set()
        self.settled = False
        self.counted = False

    def item(self) -> em.Exercise:
        h = self.host
        if self.current is None:
            game, where = self.step.game(), (h.lesson.id, h.index, self.attempt)
            self.current = items.draw_item(self.spec, game, h.S, h.seed, *where, self.seen)
            self.seen.append(self.current.position)
        return self.current

    def show_more(self) -> None:
        q = self.item()
        self.say(q.prompt, *q.work)
        labels = [label for label, value in q.choices if value not in self.wrong]
        if self.how() == "choice":  # (a move or a number is typed as itself)
            self.say(*(f"{i}. {label}" for i, (label, _) in enumerate(q.choices, 1)
                       if label in labels))  # fmt: skip
        else:
            self.say(tr("textmode.lesson.choices", choices="; ".join(labels)))
        self.say(tr(f"textmode.lesson.type_{self.how()}"))

    def numeric(self) -> bool:
        return all(is_digits(label) for label, _ in self.item().choices)

    def how(self) -> str:
        """How the item is answered: ``hot`` (a word), ``number``, ``move`` or ``choice``."""
        q = self.item()
        if {v for _, v in q.choices} == {"hot", "cold"}:
            return "hot"
        if self.numeric():
            return "number"
        return "move" if q.kind in ("moves", "pile") else "choice"

    def read(self, line: str) -> tuple[bool, Any]:
        """The choice ``line`` names: (True, its value), or (False, None)."""
        q, typed = self.item(), line.strip().lower()
        for label, value in q.choices:
            if same_words(typed) == same_words(label):
                return True, value
        values = [v for _, v in q.choices]
        if self.how() == "hot" and (hot := hot_or_cold(typed)) is not None:
            return True, "hot" if hot else "cold"
        if self.how() == "move":
            game = self.step.game()
            said = move_by_words(game, q.position, line, values)  # (its words)
            if said is not None:
                return True, said
            try:
                to = game.move_from_text(q.position, line)
                if to in values:
                    return True, to
            except GameError:
                pass
        if self.how() == "choice" and is_digits(typed) and 1 <= int(typed) <= len(values):
            return True, values[int(typed) - 1]
        return False, None

    def typed(self, line: str) -> bool:
        found, value = self.read(line)
        if not found and self.how() == "choice" and is_digits(line.strip()):
            choices = self.item().choices  # (a number that is none of them: they are said)
            self.say(tr("textmode.lesson.not_a_choice", text=line.strip()[:8], count=len(choices)),
                     *(f"{i}. {label}" for i, (label, _) in enumerate(choices, 1)))  # fmt: skip
            return True
        if not found:
            return False
        q = self.item()
        reply = attempt.answer(self, q, value, self.count)
        if reply in ("settled", "tried"):
            self.say(tr(f"textmode.lesson.{reply}"))
        elif reply == "right":
            self.say(f"{verdict(True)} {q.explain(value)}", tr("textmode.lesson.another_hint"))
            self.host.status()
        else:
            self.say(f"{verdict(False)} {q.explain(value)}", tr("textmode.lesson.retry_hint"))
        return True

    def count(self, right: bool) -> None:
        """The item's first try, into the lesson's score and mastery."""
        self.host.count(self.item().first_try(self.host.index, right), exercise=True)

    def answer(self) -> None:
        q = self.item()
        if self.settled:
            self.say(tr("ui_lessons.lesson.answer", answer=q.answer))
            return
        attempt.give_up(self, self.count)
        self.say(f"{tr('ui_lessons.lesson.answer', answer=q.answer)} {q.reveal()}",
                 tr("textmode.lesson.another_hint"))  # fmt: skip
        self.host.status()

    def another(self) -> None:
        self.attempt += 1
        self.current, self.wrong, self.settled, self.counted = None, set(), False, False
        self.show_more()

    def finished(self) -> bool:
        return self.settled

    def bits(self) -> float:
        return self.item().first_try(self.host.index, True).bits


class FillText(StepText):
    """The table of hot and cold: each number from 0 asked in turn, h or c (a word of the
    language too); a wrong mark is explained and the number asked again."""

    answers = True

    def __init__(self, host: Host, step: Step) -> None:
        super().__init__(host, step)
        self.upto = step.as_kind(FillStep).upto
        self.cursor = 0
        self.marks: dict[int, bool] = {}  # n -> its first mark was right

    def show_more(self) -> None:
        self.ask()

    def ask(self) -> None:
        if not self.finished():
            self.say(tr("textmode.lesson.fill_ask", n=self.cursor))

    def typed(self, line: str) -> bool:
        hot = hot_or_cold(line)
        if hot is None:
            return False
        if self.finished():
            self.say(tr("textmode.lesson.fill_over"))
            return True
        n = self.cursor
        right, why = gen.check_mark(self.step.game(), n, hot, self.host.S)
        if n not in self.marks:
            self.marks[n] = right
            self.host.count(mark_answer(self.host.index, n, right, hot == right))
        self.say(f"{verdict(right)} {why}")
        if right:
            self.cursor += 1
        self.after()
        return True

    def after(self) -> None:
        """The count once every number is marked, else the next number asked."""
        if self.finished():
            good = sum(self.marks.values())
            self.say(tr("ui_lessons.lesson.fill_done", right=good, total=self.upto + 1))
            self.host.status()
        else:
            self.ask()

    def answer(self) -> None:
        """The mark of the number asked (a first try shown counts as wrong); on to the next."""
        if self.finished():
            self.say(tr("textmode.lesson.fill_over"))
            return
        n = self.cursor
        outcome = self.step.game().info(n).outcome
        if n not in self.marks:
            self.marks[n] = False
            self.host.count(mark_answer(self.host.index, n, False, outcome is Outcome.HOT))
        self.say(tr("ui_lessons.lesson.answer", answer=gen.value_word(outcome, self.host.S)))
        self.cursor += 1
        self.after()

    def finished(self) -> bool:
        return self.cursor > self.upto

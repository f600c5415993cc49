"""Lessons in text mode: every lesson's text as plain lines in every language; lessons
completed by a student typing the right answers (read off the lesson model, as
tests/lesson_sim.py reads them), mastered in the same progress file the app reads, so the
app's lesson list shows them mastered."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import OptionList

from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.lessons.model import Lesson, load_lessons
from squaregame.lessons.progress import load_progress
from squaregame.text import Catalog, set_language
from squaregame.textmode.console import Console
from squaregame.textmode.lesson import TextLesson, TryText, lesson_command
from squaregame.textmode.lesson_sieve import SieveText
from squaregame.textmode.lesson_steps import FillText, QuizText
from squaregame.textmode.markdown import plain_lines
from squaregame.textmode.menu import menu
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.lessons import LessonListScreen

NOT_PLAIN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2500-\u259f]")
LANGS = ("en", "ru", "es")
SEED = 7
MOVES = [str(a) for a in range(1, 400)] + [
    f"{a} {b}" for a, b in itertools.product(range(40), repeat=2)
]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def lesson(lang: str, number: int) -> Lesson:
    return next(x for x in load_lessons(GAMES, lang) if x.number == number)


def typed_move(game: Any, pos: Any, to: Any) -> str:
    """The line that plays ``pos`` → ``to``, as a person types it."""
    for text in MOVES:
        try:
            if game.move_from_text(pos, text) == to:
                return text
        except Exception:  # (not a move here)
            continue
    raise AssertionError(f"no typed move from {pos} to {to}")


class Student:
    """Lines typed by a student who knows every answer: read off what the lesson's current
    step asks (its item, its number, its sieve, its game), in the lesson's language. On an
    exercise step it asks for another item until the lesson is mastered (at most ``most``)."""

    def __init__(self, lang: str, most: int = 40) -> None:
        self.lang = lang
        self.most = most
        self.lesson: TextLesson | None = None
        self.asked: dict[int, int] = {}
        self.typed: list[str] = []

    def __iter__(self) -> Iterator[str]:
        return self

    def word(self, key: str) -> str:
        return Catalog(self.lang)(key).split(",")[0].strip()

    def __next__(self) -> str:
        line = self.line()
        self.typed.append(line)
        assert len(self.typed) < 5000, "the student went on too long"
        return line + "\n"

    def line(self) -> str:
        t = self.lesson
        assert t is not None
        step, done = t.step(), t.progress.mastered
        last = t.index == len(t.lesson.steps) - 1
        if isinstance(step, TryText):
            game = step.game
            if game is not None and game.looking:
                return ""  # (the game is over: an empty line goes on)
            if game is not None and not game.session.over:
                s = game.session
                wins = [m.to for m in s.analysis().moves if m.wins]
                to = wins[0] if wins else s.analysis().moves[0].to
                return typed_move(s.game, s.position, to)
            if step.attempt == 0 or (not done and step.attempt < self.most):
                return self.word("textmode.lesson.commands.play")
        elif isinstance(step, QuizText) and not step.settled:
            q = step.item()
            value = next(v for _, v in q.choices if q.is_right(v))
            how = step.how()
            if how == "hot":
                return self.word(f"textmode.lesson.{value}")
            if how == "move":
                return typed_move(step.step.game(), q.position, value)
            labels = [label for label, _ in q.choices]
            place = [v for _, v in q.choices].index(value)
            return labels[place] if how == "number" else str(place + 1)
        elif isinstance(step, QuizText):
            wanted = 3 if any(i > t.index for i in t.lesson.exercise_steps) else self.most
            self.asked[t.index] = self.asked.get(t.index, 0) + 1
            if not done and self.asked[t.index] < wanted:
                return self.word("textmode.lesson.commands.another")
        elif isinstance(step, FillText) and not step.finished():
            hot = step.step.game().info(step.cursor).outcome is Outcome.HOT
            return self.word(f"textmode.lesson.{'hot' if hot else 'cold'}")
        elif isinstance(step, SieveText) and not step.finished():
            expected = step.frames[step.shown].new_cold
            values = expected if isinstance(expected, tuple) else (expected,)
            return " ".join(map(str, values))
        if last and not done:
            raise AssertionError("the lesson ended unmastered")
        return self.word("textmode.lesson.commands.next")


def run_lesson(lang: str, number: int) -> tuple[TextLesson, str]:
    set_language(lang)
    student, out = Student(lang), io.StringIO()
    text = TextLesson(Console(student, out), lesson(lang, number), SEED, level="perfect")  # type: ignore[arg-type]
    student.lesson = text
    assert text.run() == 0
    return text, out.getvalue()


def test_markdown_becomes_plain_lines() -> None:
    md = "# A *title*\n\nCall it **cold** ☹, say `x`\nand go on.\n\n* **0 is cold**: yes\n* one\n"
    assert plain_lines(md) == [
        "A title", "", "Call it cold ☹, say x and go on.", "", "- 0 is cold: yes", "- one",
    ]  # fmt: skip
    assert plain_lines("snake_case and 2*3*4 stay") == ["snake_case and 2*3*4 stay"]


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
def test_every_lesson_is_said_in_plain_lines(lang: str) -> None:
    set_language(lang)
    for each in load_lessons(GAMES, lang):
        out = io.StringIO()
        source = io.StringIO("\n".join(["next"] * len(each.steps)) + "\n")
        TextLesson(Console(source, out), each, SEED, level="perfect").run()
        said = out.getvalue()
        for n in range(1, len(each.steps) + 1):
            assert Catalog(lang)("ui_lessons.lesson.step_of", n=n, total=len(each.steps)) in said
        assert not NOT_PLAIN.search(said), (each.id, NOT_PLAIN.findall(said)[:3])
        assert "**" not in said and not re.search(r"^#", said, re.M), each.id
        assert Catalog(lang)("textmode.lesson.end") in said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", [1, 2, 5])
def test_a_lesson_is_mastered_in_text_mode(lang: str, number: int) -> None:
    text, said = run_lesson(lang, number)
    assert text.progress.mastered and text.progress.done
    assert Catalog(lang)("textmode.lesson.now_mastered", title=text.lesson.title) in said
    right = "ui_lessons.lesson.try_clean_won" if number == 1 else "textmode.lesson.right"
    assert Catalog(lang)(right) in said
    assert not NOT_PLAIN.search(said)
    saved, _ = load_progress()
    assert saved[text.lesson.id].mastered


def test_wrong_answers_are_explained_and_the_answer_shown() -> None:
    each = lesson("en", 2)
    out = io.StringIO()
    # the table: 0 said hot (wrong, explained), then cold; 1 shown; then the hot item shown
    lines = ["next", "h", "c", "answer", "wat", "next", "answer", "back", "quit"]
    t = TextLesson(Console(io.StringIO("\n".join(lines) + "\n"), out), each, SEED)
    t.run()
    said = out.getvalue()
    assert said.count("Not quite.") == 1 and "Right. 0 is cold" in said
    assert "The answer: ☺ hot." in said and "Not an answer or a command here: wat." in said
    assert t.progress.tried == 3 and t.progress.score == 0 and not t.progress.mastered
    assert "You left the lesson" in said


def test_the_commands_in_every_language() -> None:
    for lang, word, name in (("ru", "дальше", "next"), ("es", "respuesta", "answer"),
                             ("ru", "n", "next"), ("es", "quit", "quit")):  # fmt: skip
        set_language(lang)
        assert lesson_command(word) == name


async def test_mastered_in_text_mode_shows_mastered_in_the_app() -> None:
    text, _ = run_lesson("en", 2)
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["down"] * len(GAMES.families), "enter")  # Lessons
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, LessonListScreen)
        options = listing.query_one("#lesson-list", OptionList)
        row = str(options.get_option_at_index(1).prompt)
        assert "★" in row and f"{text.progress.score} of {text.progress.tried}" in row
        assert "new" in str(options.get_option_at_index(2).prompt)


def test_the_text_menu_offers_the_lessons() -> None:
    out = io.StringIO()
    entries = len(GAMES.families) + 1  # the families, then Lessons (nothing saved yet)
    source = io.StringIO(f"{entries}\n1\nnext\nquit\n{len(load_lessons(GAMES)) + 1}\nquit\n")
    assert menu(Console(source, out), GAMES, Tables()) == 0
    said = out.getvalue()
    assert "Lessons. Type a number." in said and "Lesson 1: " in said and "(new)" in said
    assert "(started)" in said and "Goodbye." in said


def test_hot_or_cold_reads_each_language_s_own_letters_first() -> None:
    from squaregame.text import set_language
    from squaregame.text.current import current
    from squaregame.textmode.lesson_steps import hot_or_cold

    before = current().lang
    try:
        set_language("es")  # caliente (c), fría (f): c is not the English "cold" here
        assert [hot_or_cold(t) for t in ("c", "f", "caliente", "fría", "h")] == [
            True, False, True, False, True,
        ]  # fmt: skip
        set_language("en")
        assert [hot_or_cold(t) for t in ("c", "h", "f")] == [False, True, None]
    finally:
        set_language(before)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_number_that_is_no_choice_says_so_and_lists_the_choices(lang: str) -> None:
    set_language(lang)
    out = io.StringIO()
    text = TextLesson(Console(io.StringIO(""), out), lesson(lang, 4), SEED)
    text.index = 5  # "which move was the blunder?": answered by its number
    step = text.step()
    assert isinstance(step, QuizText) and step.how() == "choice"
    count = len(step.item().choices)
    assert step.typed(str(count + 5))
    lines = out.getvalue().splitlines()
    cat = Catalog(lang)
    assert lines[0] == cat("textmode.lesson.not_a_choice", text=str(count + 5), count=count)
    assert lines[1:] == [f"{i}. {label}" for i, (label, _) in enumerate(step.item().choices, 1)]
    assert not step.settled  # (no answer counted)

"""The lessons in text mode: the list (each with how far the student got, as the app's list
says it), and one lesson chosen there or named on the command line."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from squaregame.lessons.model import Lesson, load_lessons
from squaregame.lessons.progress import load_progress
from squaregame.lessons.schema import LessonGames
from squaregame.lessons.strings import lesson_language
from squaregame.text import language, tr
from squaregame.textmode.console import choose
from squaregame.textmode.lesson import TextLesson

if TYPE_CHECKING:
    from squaregame.textmode.console import Console


def lesson_entry(lesson: Lesson, status: str) -> str:
    return tr("textmode.lesson.entry", number=lesson.number, title=lesson.title,
              status=tr(f"textmode.lesson.status_{status}"))  # fmt: skip


def lessons_menu(console: Console, games: LessonGames, seed: int | None = None) -> bool:
    """The list of lessons until ``quit`` (True: back to the menu) or the end of input
    (False); each lesson chosen run to its end."""
    lessons = load_lessons(games, lesson_language(language()))
    while True:
        progress, message = load_progress()
        if message:
            console.say(message)
        entries = [lesson_entry(x, progress[x.id].status if x.id in progress else "new")
                   for x in lessons]  # fmt: skip
        chosen = choose(console, [*entries, tr("textmode.lesson.menu_back")],
                        tr("textmode.lesson.menu_title"))  # fmt: skip
        if chosen is None:
            return False
        if chosen == len(lessons):
            return True
        lesson = TextLesson(console, lessons[chosen], random_seed() if seed is None else seed)
        lesson.run()
        if lesson.stopped:
            return False


def random_seed() -> int:
    """A lesson's items when no class seed is given (as the app draws it)."""
    return random.randrange(10**9)

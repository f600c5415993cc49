"""What a served class says in the page's language (issue 43): the idle message's time in
words with their plurals, and a lesson in the teacher's grid by its number and title."""

from __future__ import annotations

import pytest

from squaregame.classroom.wording import activity_text, duration, lesson_name
from squaregame.text import Catalog


@pytest.mark.parametrize(
    ("lang", "seconds", "said"),
    [
        ("en", 45, "closed after 45 seconds without a key press"),
        ("en", 60, "closed after 1 minute without a key press"),
        ("en", 3600, "closed after 1 hour without a key press"),
        ("ru", 45, "закрыто после 45 секунд без нажатий"),
        ("ru", 21, "закрыто после 21 секунды без нажатий"),
        ("ru", 30 * 60, "закрыто после 30 минут без нажатий"),
        ("ru", 2 * 3600, "закрыто после 2 часов без нажатий"),
        ("es", 1, "cerrada tras 1 segundo sin pulsar una tecla"),
        ("es", 90 * 60, "cerrada tras 90 minutos sin pulsar una tecla"),
        ("es", 3600, "cerrada tras 1 hora sin pulsar una tecla"),
    ],
)
def test_the_idle_time_is_said_in_words_of_the_language(
    lang: str, seconds: float, said: str
) -> None:
    cat = Catalog(lang)
    assert cat("serve.page.idle_close", time=duration(seconds, cat)) == said


def test_a_fraction_of_a_second_is_a_whole_second() -> None:
    assert duration(0.5, Catalog("en")) == "1 second"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Lesson 2: Hot and cold numbers — an exercise wrong"),
        ("ru", "Урок 2: Горячие и холодные числа — упражнение решено неверно"),
        ("es", "Lección 2: "),
    ],
)
def test_the_grid_names_a_lesson_by_its_number_and_title(lang: str, said: str) -> None:
    cat = Catalog(lang)
    activity = {"kind": "exercise", "lesson": "hot-cold", "right": False}
    assert activity_text(activity, cat).startswith(said)
    step = activity_text({"kind": "lesson_step", "lesson": "why-22", "step": 4}, cat)
    assert step.startswith(cat("serve.teacher.lesson", number=3, title="")) and "4" in step
    assert "why-22" not in step


def test_a_lesson_it_does_not_know_is_named_by_its_id() -> None:
    assert lesson_name("someday", Catalog("en")) == "lesson someday"

"""Lessons: every language loads, translations keep the same steps, every answer comes from
the tables, every "try it" position exists."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest
from build import KINDS

from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.wythoff.lessons import colouring
from squaregame.lessons import exercise_model as em
from squaregame.lessons import exercises as ex
from squaregame.lessons import generate as gen
from squaregame.lessons import sieve as sv
from squaregame.lessons.model import find_lesson, game_of, load_lessons
from squaregame.lessons.schema import LessonError
from squaregame.lessons.steps import QuizStep
from squaregame.lessons.strings import Strings, languages, lessons_root

LANGS = languages()


def test_english_russian_and_spanish_are_there() -> None:
    assert {"en", "ru", "es"} <= set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_loads_and_has_a_quiz(lang: str) -> None:
    lessons = load_lessons(GAMES, lang)
    assert [x.number for x in lessons] == list(range(1, 12))
    for lesson in lessons:
        assert lesson.title and lesson.steps
        assert lesson.quiz_count >= 1, lesson.id


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_translations_keep_the_same_steps(lang: str) -> None:
    for en, other in zip(load_lessons(GAMES, "en"), load_lessons(GAMES, lang), strict=True):
        assert en.id == other.id
        assert [(s.kind, s.params) for s in en.steps] == [(s.kind, s.params) for s in other.steps]
        assert [replace(s.spec, text="") for s in en.steps] == [
            replace(s.spec, text="") for s in other.steps
        ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_is_translated(lang: str) -> None:
    with open(lessons_root() / "en" / "strings.toml", "rb") as f:
        keys = set(tomllib.load(f))
    with open(lessons_root() / lang / "strings.toml", "rb") as f:
        assert keys <= set(tomllib.load(f))


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
def test_every_exercise_step_draws_items_the_tables_agree_with(lang: str) -> None:
    """Twenty items of every exercise step (the kinds themselves are checked against the
    slow reference in test_exercises.py): each right answer is offered and agrees with the
    tables, and none is a position the lesson's text already answers."""
    S = Strings(lang)
    for lesson in load_lessons(GAMES, lang):
        for index, step in enumerate(lesson.steps):
            if step.kind != "quiz":
                continue
            spec = step.as_kind(QuizStep)
            game = step.game()
            for attempt in range(20):
                rng = em.seeded(0, lesson.id, index, attempt)
                item = ex.generate(spec.ask, game, rng, S, spec.low, spec.high, spec.avoid)
                assert item.position not in spec.avoid
                assert item.correct & {v for _, v in item.choices}
                if spec.ask == "hot":
                    assert item.correct == {game.info(item.position).outcome.value}
                elif spec.ask in ("moves", "pile"):
                    kids = game.children(item.position)
                    wins = {c for c in kids if game.info(c).outcome is Outcome.COLD}
                    assert item.correct == wins


def test_the_issue_examples_in_the_lessons() -> None:
    S = Strings("en")
    l3 = find_lesson("why-22", GAMES)
    lines = gen.explain_position(l3.steps[1].game(), 22, S)
    assert lines[-1] == "22 is cold: every move leaves a hot position (21, 18, 13, 6)."
    frames = sv.sieve(game_of({"game": "squares"}, KINDS), 40, S)
    assert [f.new_cold for f in frames[:-1]] == [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]
    assert [t for t in frames[0].marks if frames[0].marks[t]] == [1, 4, 9, 16, 25, 36]
    board = colouring(13, S)
    assert sorted(c for c in board[-1].cold if c[0] <= c[1]) == [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
    ]
    assert gen.worked_game(game_of({"game": "squares"}, KINDS), 75, S)[0].startswith(
        "75 is hot (remoteness 7): take 36 (to 39)"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_try_it_position_exists(lang: str) -> None:
    for lesson in load_lessons(GAMES, lang):
        for step in lesson.steps:
            if step.kind == "try":
                pos = step.position()
                game = step.game()
                values = list(pos) if isinstance(pos, tuple) else [pos]
                assert game.parse_position(values) == pos


def test_lookup_by_number_id_or_title() -> None:
    assert find_lesson("3", GAMES).id == "why-22"
    assert find_lesson("sieve", GAMES).number == 5
    assert find_lesson("Wythoff", GAMES).id == "wythoff"
    with pytest.raises(LessonError, match="no lesson"):
        find_lesson("chess", GAMES)


def test_a_broken_lesson_file_is_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from squaregame.lessons.model import load_lesson

    bad = tmp_path / "01-bad.toml"
    bad.write_text('title = "x"\n[[step]]\nkind = "dance"\n')
    with pytest.raises(LessonError, match="unknown kind 'dance'"):
        load_lesson(bad, "en", GAMES)
    bad.write_text("title = [")
    with pytest.raises(LessonError, match=r"01-bad\.toml"):
        load_lesson(bad, "en", GAMES)

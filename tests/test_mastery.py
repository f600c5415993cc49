"""Mastery that means it (issue 42): items balanced and never answered by the step's text,
no constant reply and no random guesser masters a lesson, and the rule's own count is the
counter's. Model level (no UI): every lesson walked through as the lesson screen asks it."""

from __future__ import annotations

import json
import random

import pytest
from lesson_sim import KNOWING, RANDOM, Walk, constant, same_number, work_through

from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.lessons import items
from squaregame.lessons.mastery import GUESS_BITS, Answer, Run, needed, run_done
from squaregame.lessons.model import load_lessons
from squaregame.lessons.progress import LessonProgress, encode_progress, parse_progress
from squaregame.lessons.steps import QuizStep, TryStep
from squaregame.lessons.strings import Strings

LESSONS = load_lessons(GAMES, "en")
STUDENTS = 1000  # random guessers, each a seed of their own
CLASSES = 4  # item seeds: the guessers are spread over four classes


@pytest.fixture(scope="module")
def walks() -> dict[str, list[Walk]]:
    """Each lesson once through, for each class seed (the items every student meets)."""
    return {x.id: [Walk.of(x, seed) for seed in range(CLASSES)] for x in LESSONS}


@pytest.fixture(scope="module")
def long_walks() -> dict[str, list[Walk]]:
    """Each lesson once through with a long stay at each step (30 items at each exercise
    step, 12 games at each try-it), for two class seeds."""
    return {x.id: [Walk.of(x, seed, per_step=30, games=12) for seed in (0, 1)] for x in LESSONS}


def test_hot_and_cold_come_in_pairs_at_every_step() -> None:
    """Any six items in a row at a hot-or-cold step hold two to four of each; one answer is
    never right three times running (so always "hot" never makes a run of three)."""
    S = Strings("en")
    for lesson in LESSONS:
        for index, step in enumerate(lesson.steps):
            spec = step.spec
            if not isinstance(spec, QuizStep) or spec.ask != "hot":
                continue
            game, seen, answers = step.game(), [], []
            for attempt in range(24):
                item = items.draw_item(spec, game, S, 7, lesson.id, index, attempt, seen)
                seen.append(item.position)
                answers.append(game.info(item.position).outcome.value)
            for i in range(len(answers) - 5):
                assert 2 <= answers[i : i + 6].count("hot") <= 4, (lesson.id, answers)
            for i in range(len(answers) - 2):
                assert len(set(answers[i : i + 3])) == 2, (lesson.id, answers)


def test_no_item_is_one_the_steps_text_answers() -> None:
    """Kayles: one row is always hot, and the mirror always wins it — so no hot-or-cold item
    nor which-move item is a single row; lesson 1's games do not all start at 11."""
    kayles = next(x for x in LESSONS if x.id == "kayles")
    S = Strings("en")
    for index, step in enumerate(kayles.steps):
        spec = step.spec
        if isinstance(spec, QuizStep) and spec.ask in ("hot", "moves"):
            seen: list[object] = []
            for attempt in range(20):
                item = items.draw_item(spec, step.game(), S, 3, kayles.id, index, attempt, seen)
                seen.append(item.position)
                assert len(item.position) >= 2, item.position
    first = next(x for x in LESSONS if x.id == "squares")
    try_step = next(s.spec for s in first.steps if isinstance(s.spec, TryStep))
    starts = {try_step.start(k, random.Random(k)) for k in range(1, 20)}
    assert len(starts) > 3 and try_step.start(0, random.Random(0)) == 11
    game = first.steps[2].game()
    assert all(game.info(s).outcome is Outcome.HOT for s in (try_step.position, *try_step.starts))


CONSTANTS = {
    "always the first choice (hot, the first move, the smallest unmarked)": constant(0, True),
    "always the second choice (cold)": constant(1, False),
    "always the last choice": constant(99, True),
    **{f"always {v}": same_number(v) for v in range(8)},
}


@pytest.mark.sweep
@pytest.mark.parametrize("name", CONSTANTS)
def test_no_constant_reply_masters_any_lesson(name: str, long_walks: dict[str, list[Walk]]) -> None:
    """A student who always gives the same reply, however long they go on, masters no
    lesson."""
    for lesson in LESSONS:
        for walk in long_walks[lesson.id]:
            assert not work_through(walk, CONSTANTS[name], 0).mastered, (lesson.id, walk.seed)


@pytest.mark.parametrize(  # a fifth of the class in the default run, the whole in the slow
    "students", [STUDENTS // 5, pytest.param(STUDENTS, marks=pytest.mark.slow)]
)
def test_no_random_guesser_masters_any_lesson(walks: dict[str, list[Walk]], students: int) -> None:
    """A thousand students answering at random (eight items at each exercise step, three
    games at each try-it, every mark and every sieve guess): none masters any lesson."""
    for lesson in LESSONS:
        mastered = [
            s
            for s in range(students)
            if work_through(walks[lesson.id][s % CLASSES], RANDOM, s).mastered
        ]
        assert mastered == [], lesson.id


def test_a_student_who_knows_masters_every_lesson(long_walks: dict[str, list[Walk]]) -> None:
    """The rule asks only what a student who knows the lesson gives: right every time, each
    lesson is mastered once through."""
    for lesson in LESSONS:
        for walk in long_walks[lesson.id]:
            p = work_through(walk, KNOWING, 0)
            assert p.mastered, (lesson.id, p.run)


def test_the_counter_is_the_rule() -> None:
    """The counter's "k/n" is the run's length and what the rule needs; the run forgets a
    repeated item, a wrong answer restarts it, one reply right for the whole run is no
    mastery, and the run survives saving."""
    run = Run()
    hot = Answer("1:hot:41", True, 1.0, frozenset({"hot"}), frozenset({0}))
    run.add(hot)
    run.add(hot)  # the same item again: no new evidence
    assert run.length == 1 and needed(run, 3, 1.0) == GUESS_BITS
    for n in range(2, GUESS_BITS + 1):  # always "hot": never enough, however long
        run.add(Answer(f"1:hot:{40 + n}", True, 1.0, frozenset({"hot"}), frozenset({0})))
    assert run.bits >= GUESS_BITS and run.one_reply and not run_done(run, 3)
    assert needed(run, 3, 1.0) == run.length + 1
    run.add(Answer("1:hot:60", True, 1.0, frozenset({"cold"}), frozenset({1})))
    assert run_done(run, 3) and needed(run, 3, 1.0) == run.length
    run.add(Answer("1:hot:45", False, 1.0))
    assert run.length == 0 and run.bits == 0
    p = LessonProgress()
    for i in range(4):
        label = "hot" if i % 2 else "cold"
        p.record(Answer(f"2:hot:{i}", True, 4.0, frozenset({label}), frozenset({i % 2})),
                 exercise=True, mastery=3, step=2, steps=(2,))  # fmt: skip
    assert p.streak == 4 and p.mastered
    again = parse_progress(json.loads(encode_progress({"x": p})))["x"]
    assert again == p and again.run.items == p.run.items

"""One rule for answering an exercise item, read by the app and text mode alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from squaregame.lessons import attempt
from squaregame.lessons.exercise_model import Exercise

ITEM = Exercise(
    kind="outcome", position=7, prompt="7?", choices=(("hot", "hot"), ("cold", "cold")),
    correct=frozenset({"hot"}), answer="hot", why="",
)  # fmt: skip


@dataclass
class State:
    wrong: set[Any] = field(default_factory=set)
    settled: bool = False
    counted: bool = False


def test_only_the_first_try_counts_and_a_wrong_choice_is_not_judged_twice() -> None:
    state, counted = State(), []
    assert attempt.answer(state, ITEM, "cold", counted.append) == "wrong"
    assert attempt.answer(state, ITEM, "cold", counted.append) == "tried"
    assert attempt.answer(state, ITEM, "hot", counted.append) == "right"
    assert attempt.answer(state, ITEM, "cold", counted.append) == "settled"
    assert counted == [False]


def test_a_right_first_try_counts_right() -> None:
    state, counted = State(), []
    assert attempt.answer(state, ITEM, "hot", counted.append) == "right"
    assert counted == [True] and state.settled


def test_showing_the_answer_counts_as_a_wrong_first_try_once() -> None:
    state, counted = State(), []
    attempt.give_up(state, counted.append)
    attempt.give_up(state, counted.append)
    assert counted == [False] and state.settled
    tried = State()
    attempt.answer(tried, ITEM, "hot", counted.append)
    attempt.give_up(tried, counted.append)
    assert counted == [False, True]


def test_a_sieve_guess_in_digits_that_are_not_ascii_is_no_guess() -> None:
    from squaregame.core.tables import Tables
    from squaregame.families import GAMES
    from squaregame.lessons.sieve import parse_guess

    game = GAMES.kinds.spec("squares", [], False).build(Tables())
    assert parse_guess(game, "²") is None and parse_guess(game, "①") is None
    assert parse_guess(game, "2") == 2

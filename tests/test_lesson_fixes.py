"""The lesson defects found in use, each pinned (issue: "Lessons that teach")."""

from __future__ import annotations

import re

import pytest
from build import KINDS

from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.pile.game import PileGame
from squaregame.families.sums.lessons import sum_table
from squaregame.lessons import generate as gen
from squaregame.lessons import sieve as sv
from squaregame.lessons.model import find_lesson, game_of, load_lessons
from squaregame.lessons.steps import QuizStep, SampleStep
from squaregame.lessons.strings import Strings, languages

LANGS = languages()


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_one_does_not_use_hot_cold_or_remoteness(lang: str) -> None:
    """Lesson 2 defines them; lesson 1's words (text and generated lines) must not use them."""
    S = Strings(lang)
    banned = {S("hot"), S("cold"), "remoteness", "отдалённость", "lejanía"}
    lesson = load_lessons(GAMES, lang)[0]
    for step in lesson.steps:
        lines = [step.text]
        if step.kind == "worked":
            lines += gen.worked_game(step.game(), step.position(), S, plain=True)
        if step.kind == "sample":
            spec = step.as_kind(SampleStep)
            lines += gen.played_game(step.game(), [spec.position, *spec.line], S)
        for text in lines:
            for word in banned:
                assert not re.search(rf"\b{re.escape(word)}\b", text.lower()), (word, text)


def test_lesson_one_try_it_can_be_won_by_leaving_two() -> None:
    step = next(s for s in find_lesson("squares", GAMES).steps if s.kind == "try")
    game, start = step.game(), step.position()
    assert game.info(start).outcome is Outcome.HOT  # the student can win against perfect play
    assert 2 in game.children(start) and game.info(2).outcome is Outcome.COLD


def test_the_sieve_names_every_number_one_move_above() -> None:
    S = Strings("en")
    frames = sv.sieve(game_of({"game": "squares"}, KINDS), 40, S)
    five = next(f for f in frames if f.new_cold == 5)
    assert "6, 9, 14, 21, 30" in five.text and "(6, 9 already marked.)" in five.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_sieve_lessons_lists_are_whole_within_40(lang: str) -> None:
    text = find_lesson("sieve", GAMES, lang).steps[0].text
    assert "25" in text and "36" in text and "27" in text and "38" in text
    game = game_of({"game": "squares"}, KINDS)
    for cold, listed in ((0, [1, 4, 9, 16, 25, 36]), (2, [3, 6, 11, 18, 27, 38])):
        assert sv.parents(game, cold, 40) == listed


@pytest.mark.parametrize("lang", LANGS)
def test_the_sieve_is_not_said_to_look_only_down(lang: str) -> None:
    lesson = find_lesson("sieve", GAMES, lang)
    assert not any("only ever looks" in s.text for s in lesson.steps)


def test_board_and_table_labels_never_read_ten_as_zero() -> None:
    assert gen.axis_labels(13, "") == ["                    1 1 1 1", "0 1 2 3 4 5 6 7 8 9 0 1 2 3"]
    lines = sum_table(game_of({"game": "sum", "rules": ["squares", "squares"]}, KINDS), 14, 3,
                          Strings("en"))  # fmt: skip
    assert lines[-2].split() == ["1", "1", "1", "1", "1"]  # the tens of 10..14
    assert gen.axis_labels(9, "") == ["0 1 2 3 4 5 6 7 8 9"]


def test_the_last_digits_facts_hold() -> None:
    """The digits step's figures, as lesson 5 states them (below 10^6)."""
    game = game_of({"game": "squares"}, KINDS)
    cold = game.values(10**6 - 1).cold_below(10**6)
    by_digit = gen.digit_counts(cold, 10**6)
    assert len(cold) == 13_952
    assert [len(by_digit[d]) for d in (1, 3, 8)] == [7, 20, 14]
    assert by_digit[6] == [11_356]
    for lang in LANGS:
        text = find_lesson("sieve", GAMES, lang).steps[-1].text.replace(" ", "").replace(",", "")
        assert "11356" in text and "13952" in text


def test_exercises_do_not_echo_the_screen_before_them() -> None:
    """A quiz never asks about a position its lesson's text states the answer for."""
    for lesson in load_lessons(GAMES, "en"):
        for i, step in enumerate(lesson.steps):
            if step.kind != "quiz":
                continue
            spec = step.as_kind(QuizStep)
            if spec.ask == "blunder" or not isinstance(step.game(), PileGame):  # one number
                continue
            told = set()
            for before in lesson.steps[: i + 1]:
                if before.kind in ("explain", "worked", "try", "mex", "strategy"):
                    told.add(before.position())
            in_range = {p for p in told if isinstance(p, int) and spec.low <= p <= spec.high}
            assert in_range <= set(spec.avoid), (lesson.id, i, in_range)


def test_the_digits_table_lets_the_student_find_11356() -> None:
    game = game_of({"game": "squares"}, KINDS)
    cold = game.values(10**6 - 1).cold_below(10**6)
    small = gen.digits_table(cold, [100, 1000, 10**4], Strings("en"))
    assert not any("11,356" in line for line in small)  # not below 10⁴: nothing to name yet
    big = gen.digits_table(cold, [100, 1000, 10**4, 10**5, 10**6], Strings("en"))
    assert big[2].split() == ["digit", "10²", "10³", "10⁴", "10⁵", "10⁶"]
    assert big[3 + 6].split() == ["6", "0", "0", "0", "1", "1"]
    assert "ending in 6, below 10⁶: 11,356" in big


@pytest.mark.parametrize("seed", ["abc", "-1", "99999999999999999999"])
def test_a_bad_seed_is_one_line_and_exit_2(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    from squaregame.cli.main import main

    # read by the --seed Param when the command runs, as every command's numbers are (it
    # was argparse's type once, and argparse exits)
    assert main(["lesson", "3", "--seed", seed]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--seed" in err[0] and "0 to 2^63" in err[0]

"""Finite subtraction sets and Nim, normal and misère, against the plain reference."""

from __future__ import annotations

import pytest
from build import pile_game
from hypothesis import given
from hypothesis import strategies as st
from said import raises_saying

from reference import grundy, nim_amounts, pile_children, set_amounts, solve, squares_amounts
from squaregame.core.errors import PositionError, RuleError
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import NIM, SetRule, parse_rule
from squaregame.core.values import MisereShift, build_set_values
from squaregame.families.pile.game import PileGame

sets = st.lists(st.integers(1, 12), min_size=1, max_size=5, unique=True)


def values(game: PileGame, upto: int) -> dict[int, tuple[str, int]]:
    return {n: (game.info(n).outcome.value, game.info(n).remoteness) for n in range(upto + 1)}


@given(members=sets, misere=st.booleans())
def test_finite_sets_match_reference(members: list[int], misere: bool) -> None:
    game = pile_game(SetRule(members), misere, TableStore())
    ref = solve(range(121), pile_children(set_amounts(members)), misere)
    assert values(game, 120) == ref
    if not misere:
        g = grundy(range(121), pile_children(set_amounts(members)))
        assert [game.info(n).grundy for n in range(121)] == [g[n] for n in range(121)]
    else:
        assert game.info(5).grundy is None


@given(members=sets.map(lambda s: sorted({1, *s})))
def test_misere_shift_holds_for_sets_containing_one(members: list[int]) -> None:
    shifted = MisereShift(build_set_values(SetRule(members).members, 150, misere=False))
    ref = solve(range(150), pile_children(set_amounts(members)), True)
    assert {n: (shifted.outcome(n).value, shifted.remoteness(n)) for n in range(150)} == ref


def test_misere_shift_also_holds_for_squares() -> None:
    normal = build_set_values(SetRule([k * k for k in range(1, 40)]).members, 1500, misere=False)
    ref = solve(range(1500), pile_children(squares_amounts), True)
    shifted = MisereShift(normal)
    assert {n: (shifted.outcome(n).value, shifted.remoteness(n)) for n in range(1500)} == ref


def test_misere_shift_fails_without_one_but_the_game_is_still_right() -> None:
    rule = SetRule([2, 3])
    ref = solve(range(60), pile_children(set_amounts([2, 3])), True)
    shifted = MisereShift(build_set_values(rule.members, 60, misere=False))
    assert any((shifted.outcome(n).value, shifted.remoteness(n)) != ref[n] for n in range(60))
    assert values(pile_game(rule, True, TableStore()), 59) == ref


@pytest.mark.parametrize("misere", [False, True])
def test_nim_closed_form(misere: bool) -> None:
    game = pile_game(NIM, misere)
    assert values(game, 40) == solve(range(41), pile_children(nim_amounts), misere)
    assert game.info(10**20).remoteness in (1, 2)
    if not misere:
        assert game.info(37).grundy == 37


def test_subtraction_example_from_the_he_qin_set() -> None:
    game = pile_game(parse_rule("1,3,7,8"), False, TableStore())
    ref = solve(range(200), pile_children(set_amounts([1, 3, 7, 8])), False)
    assert values(game, 199) == ref


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("{}", "empty"),
        ("0", "positive"),
        ("-3", "positive"),
        ("1,-2", "positive"),
        ("a,b", "not a whole number"),
        ("1.5", "not a whole number"),
        ("1,1", "twice"),
        ("٣", "not a whole number"),
        ("9" * 30, "not supported"),
    ],
)
def test_bad_rules_are_refused_with_a_message(text: str, message: str) -> None:
    with raises_saying(RuleError, message):
        parse_rule(text)


def test_rule_forms() -> None:
    assert parse_rule("{8, 7, 3, 1}").key == "1,3,7,8"
    assert parse_rule(" Squares ").key == "squares"
    assert parse_rule("nim").key == "nim"


def test_illegal_amounts_are_refused() -> None:
    game = pile_game(parse_rule("squares"), False)
    assert game.move_from_text(75, "9") == 66
    nim = pile_game(parse_rule("nim"), False)
    for typed in ("1000", "1,000", "1 000", " 1_000 "):  # grouped as in the dialog's fields
        assert nim.move_from_text(5000, typed) == 4000
    for typed in ("10,00", "1 2", "x", "-3"):
        with raises_saying(PositionError, "amount"):
            nim.move_from_text(5000, typed)
    for amount, msg in ((8, "not a perfect square"), (100, "cannot take"), (0, "positive")):
        with raises_saying(PositionError, msg):
            game.move_from_text(75, str(amount))

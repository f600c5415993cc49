"""Wythoff's queen: closed form (A000201/A001950), tables, misère, brute force."""

from __future__ import annotations

import pytest
from build import wythoff_game
from said import raises_saying

from reference import grundy, solve, wythoff_children
from squaregame.core.errors import TableLimitError
from squaregame.core.types import Outcome
from squaregame.families.wythoff.grundy import wythoff_grundy
from squaregame.families.wythoff.table import (
    build_wythoff,
    cold_pairs,
    is_cold_misere,
    is_cold_normal,
    lower_wythoff,
)


def test_first_cold_pairs() -> None:
    assert list(cold_pairs(count=6)) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]


def test_closed_form_equals_the_mex_construction_up_to_1e5() -> None:
    # A000201 (a_k = ⌊kφ⌋) and A001950 (b_k = a_k + k) from their defining recursion:
    # a_k is the least number not yet used, b_k = a_k + k.
    used: set[int] = set()
    a = 0
    pairs = list(cold_pairs(count=100_001))
    for k in range(100_001):
        while a in used:
            a += 1
        assert pairs[k] == (a, a + k)
        used.update((a, a + k))
    # φ·10^30 = 1618033988749894848204586834365.63…: exact, no floating point
    assert lower_wythoff(10**30) == 1618033988749894848204586834365


def test_table_cold_cells_equal_the_closed_form() -> None:
    t = build_wythoff(400, False)
    m = build_wythoff(400, True)
    for x in range(401):
        for y in range(401):
            assert (t.outcome(x, y) is Outcome.COLD) == is_cold_normal(x, y)
            assert (m.outcome(x, y) is Outcome.COLD) == is_cold_misere(x, y)


@pytest.mark.parametrize("misere", [False, True])
def test_remoteness_matches_brute_force(misere: bool) -> None:
    n = 40
    positions = sorted(((x, y) for x in range(n) for y in range(n)), key=sum)
    ref = solve(positions, wythoff_children, misere)
    t = build_wythoff(n - 1, misere)
    assert {p: (t.outcome(*p).value, t.remoteness(*p)) for p in positions} == ref


def test_grundy_values_match_brute_force() -> None:
    n = 30
    positions = sorted(((x, y) for x in range(n) for y in range(n)), key=sum)
    g = grundy(positions, wythoff_children)
    table = wythoff_grundy(n)
    assert all(table[x, y] == g[(x, y)] for x, y in positions)


def test_misere_exceptions_near_the_corner() -> None:
    game = wythoff_game(misere=True)
    assert game.info((0, 1)).outcome is Outcome.COLD
    assert game.info((2, 2)).outcome is Outcome.COLD
    assert game.info((0, 0)).outcome is Outcome.HOT
    assert game.info((1, 2)).outcome is Outcome.HOT
    assert game.info((3, 5)).outcome is Outcome.COLD


def test_large_board_and_limits() -> None:
    game = wythoff_game()
    assert game.info((300, 500)).outcome is Outcome.HOT
    a = lower_wythoff(618)
    assert a == 999
    assert game.info((a, a + 618)).outcome is Outcome.COLD
    assert game.info((a, a + 618)).grundy == 0  # a cold position, beyond 1.0's Grundy limit
    assert game.grundy_known_upto((a, a + 618)) is None
    with raises_saying(TableLimitError, "up to"):  # beyond the closed form's promise
        game.parse_position([10**18 + 1, 1])

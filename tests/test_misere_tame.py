"""Misère sums beyond the exact search: the theorems of core/sums/tame.py (Ferguson's F,
Lemma C, Bouton's misère rule S, the genus G) by brute force on small piles, and the game's
answers and bounds (core/sums/misere_bounds.py) against the exact search.

Every rule the tests use — Squares, Nim, Cubes, powers of two and finite sets, with 1 or
without ({2, 3}, {2, 5, 7}, {3, 5, 15}) — is a subtraction game, hence tame: each position
has the genus of the Nim heap of its Grundy value (checked here from the genus's
definition, heaps of 2 added to the game)."""

from __future__ import annotations

from functools import cache

import pytest
from build import pile_game, sum_game
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import box_positions, grundy, solve, sum_children
from squaregame.core.errors import TableLimitError
from squaregame.core.rules import NIM, SQUARES, Rule, SetRule, parse_rule
from squaregame.core.sums import solver as sums
from squaregame.core.sums.tame import cold_values, tame_cold, tame_genus
from squaregame.core.types import Outcome
from squaregame.families.sums.game import SumGame

NAMED = (SQUARES, NIM, parse_rule("cubes"), parse_rule("powers-of-two"))
WITHOUT_ONE = (SetRule([2, 3]), SetRule([2, 5, 7]), SetRule([3, 5, 15]))
set_st = st.lists(st.integers(1, 12), min_size=1, max_size=5, unique=True).map(SetRule)
rule_st = st.one_of(st.sampled_from(NAMED + WITHOUT_ONE), set_st)
# OEIS A030193: the cold positions of Subtract-a-square in normal play, n = 0..48.
A030193 = [
    0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119,
    124, 127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210, 215,
    238, 243, 249, 255, 257, 260, 262, 267,
]  # fmt: skip


def amounts(rule: Rule, n: int) -> list[int]:
    return list(rule.amounts(n))


@cache
def values(rule: Rule, top: int) -> tuple[int, ...]:
    """Grundy values of 0..top by the mex of the children's, straight from the amounts."""
    g = grundy(range(top + 1), lambda n: [n - a for a in amounts(rule, int(n))])  # type: ignore[arg-type]
    return tuple(g[n] for n in range(top + 1))


@given(rule_st)
def test_ferguson_and_lemma_c(rule: Rule) -> None:
    g = values(rule, 300)
    a = next(rule.amounts(10**6))  # the least amount
    for n in range(a, 301):
        assert (g[n] == 1) == (g[n - a] == 0), n  # F
    for n in range(301):
        kids = [g[n - b] for b in amounts(rule, n)]
        if kids and g[n] == 0:
            assert 1 in kids, n  # C


@cache
def misere_grundy(rule: Rule, n: int, twos: int, ones: int) -> int:
    """The misère Grundy value of a pile of n plus ``twos`` heaps of 2 and ``ones`` of 1,
    from the definition (mex of the options' values; 1 where no move is left)."""
    options = [misere_grundy(rule, n - a, twos, ones) for a in amounts(rule, n)]
    if twos:
        options += [misere_grundy(rule, n, twos - 1, ones + 1)]  # a 2 becomes a 1
        options += [misere_grundy(rule, n, twos - 1, ones)]  # a 2 is taken
    if ones:
        options += [misere_grundy(rule, n, twos, ones - 1)]
    if not options:
        return 1
    m = 0
    while m in options:
        m += 1
    return m


@given(rule_st)
@settings(max_examples=40)
def test_every_position_has_the_genus_of_its_nim_heap(rule: Rule) -> None:
    g = values(rule, 40)
    for n in range(41):
        genus = tame_genus(g[n])
        for k in range(5):
            assert misere_grundy(rule, n, k, 0) == genus.gamma(k), (n, k)


def test_genus_notation() -> None:
    assert [tame_genus(g).notation for g in (0, 1, 2, 3, 4, 12)] == [
        "0^120", "1^031", "2^20", "3^31", "4^46", "12^(12,14)",
    ]  # fmt: skip
    assert [tame_genus(0).gamma(k) for k in range(6)] == [1, 2, 0, 2, 0, 2]


def test_misere_squares_cold_are_a030193_plus_one() -> None:
    """A single pile is cold in misère play exactly when its Grundy value is 1 (S), that is
    one above a normal-play cold position (F, the least square being 1)."""
    game = pile_game(SQUARES, misere=True)
    cold = [n for n in range(269) if game.info(n).outcome is Outcome.COLD]
    assert cold == [p + 1 for p in A030193]
    assert [n for n in range(269) if values(SQUARES, 268)[n] == 1] == cold


@given(st.lists(rule_st, min_size=1, max_size=3), st.data())
@settings(max_examples=60)
def test_bouton_misere_rule_decides_every_sum(rules: list[Rule], data: st.DataObject) -> None:
    box = tuple(data.draw(st.integers(0, 9)) for _ in rules)
    fns = [lambda n, r=r: amounts(r, n) for r in rules]
    ref = solve(box_positions(box), sum_children(fns), True)
    tables = [values(r, 9) for r in rules]
    for pos, (outcome, _) in ref.items():
        assert isinstance(pos, tuple)
        vals = [t[n] for t, n in zip(tables, pos, strict=True)]
        assert tame_cold(vals) == (outcome == "cold"), pos


def test_cold_values_are_the_ones_that_make_a_cold_sum() -> None:
    for others in ([], [0], [1], [1, 1], [2], [3, 1], [2, 2], [5, 6, 1]):
        assert cold_values(others, 20) == [v for v in range(20) if tame_cold([*others, v])]


def beyond(monkeypatch: pytest.MonkeyPatch, rules: list[Rule]) -> SumGame:
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 10)  # no search fits
    return sum_game(rules, True, solver=sums.SumSolver())


@pytest.mark.sweep
@pytest.mark.parametrize(
    ("rules", "box"),
    [
        ([SQUARES, SQUARES, SQUARES], (14, 12, 11)),
        ([SQUARES, NIM, SetRule([2, 3])], (13, 9, 12)),
        ([parse_rule("cubes"), SetRule([1, 3, 7, 8]), NIM], (12, 12, 6)),
        ([SetRule([2, 5, 7]), parse_rule("powers-of-two")], (30, 25)),
    ],
)
def test_beyond_the_budget_outcomes_exact_and_bounds_hold(
    monkeypatch: pytest.MonkeyPatch, rules: list[Rule], box: tuple[int, ...]
) -> None:
    exact = sum_game(rules, True, solver=sums.SumSolver())
    exact.info(box)  # one search of the whole box
    game = beyond(monkeypatch, rules)
    for pos in box_positions(box):
        want = exact.info(pos)
        got = game.info(pos)
        assert got.outcome is want.outcome, pos
        upper = got.upper
        assert upper is not None and got.remoteness_lower <= want.remoteness <= upper, pos
        assert got.remoteness_exact == (got.remoteness_lower == upper)
        assert (got.remoteness_lower % 2 == 0) == got.outcome.is_hot  # misère: hot ⇔ even


def test_beyond_the_budget_moves_and_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    """The winning moves are the exact search's; the opponent takes one from a hot sum, and
    a huge Nim pile beside other rules is valued along its axis, never listed."""
    rules = [SQUARES, NIM, SetRule([1, 3, 7, 8])]
    exact = sum_game(rules, True, solver=sums.SumSolver())
    game = beyond(monkeypatch, rules)
    pos = (40, 33, 50)
    a, b = game.analyze(pos), exact.analyze(pos)
    assert {m.to for m in a.winning_moves} == {m.to for m in b.winning_moves}
    if a.info.outcome.is_hot:
        assert all(m.wins for m in a.best_moves()) and game.best_moves(pos)
    huge = (40, 10**15, 7)
    h = game.analyze(huge)
    assert h.truncated and h.info.upper is not None and h.info.upper < 100
    assert [m.to for m in h.winning_moves] == [(40, 1, 7)]  # 40 and 7 have value 1: add a 1
    assert game.best_moves(huge) == [(40, 1, 7)]


def test_without_grundy_values_one_clear_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    game = beyond(monkeypatch, [SQUARES, SQUARES])
    monkeypatch.setattr(SumGame, "pile_value", lambda self, i, n: None)
    with pytest.raises(TableLimitError) as caught:
        game.parse_position([500, 600])
    assert caught.value.key == "sums.errors.grundy_unknown"

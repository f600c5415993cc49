"""Sums of piles: exact search against the plain reference; the nim-sum; beyond the budget."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from build import pile_game, sum_game
from hypothesis import given
from hypothesis import strategies as st

from reference import box_positions, nim_amounts, set_amounts, solve, squares_amounts, sum_children
from squaregame.core.ai import Opponent
from squaregame.core.rules import NIM, SQUARES, Rule, SetRule
from squaregame.core.sums import solver as sums
from squaregame.core.types import Outcome

rule_st = st.one_of(
    st.just(SQUARES),
    st.just(NIM),
    st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True).map(SetRule),
)


def amounts_of(rule: Rule):  # type: ignore[no-untyped-def]
    if rule == SQUARES:
        return squares_amounts
    if rule == NIM:
        return nim_amounts
    assert isinstance(rule, SetRule)
    return set_amounts(rule.members)


@given(
    rules=st.lists(rule_st, min_size=1, max_size=3),
    data=st.data(),
    misere=st.booleans(),
)
def test_small_sums_match_reference(rules: list[Rule], data: st.DataObject, misere: bool) -> None:
    box = tuple(data.draw(st.integers(0, 9)) for _ in rules)
    game = sum_game(rules, misere, solver=sums.SumSolver())
    ref = solve(box_positions(box), sum_children([amounts_of(r) for r in rules]), misere)
    for pos, (outcome, rem) in ref.items():
        info = game.info(pos)
        assert (info.outcome.value, info.remoteness, info.remoteness_exact) == (outcome, rem, True)


@given(rules=st.lists(rule_st, min_size=2, max_size=3), data=st.data())
def test_normal_outcome_is_the_nim_sum(rules: list[Rule], data: st.DataObject) -> None:
    pos = tuple(data.draw(st.integers(0, 14)) for _ in rules)
    game = sum_game(rules, False, solver=sums.SumSolver())
    g = reduce(xor, (pile_game(r).info(n).grundy or 0 for r, n in zip(rules, pos, strict=True)))
    info = game.info(pos)
    assert info.grundy == g
    assert (info.outcome is Outcome.HOT) == (g != 0)


def test_example_sum_is_cold() -> None:
    game = sum_game([SQUARES] * 3)
    a = game.analyze((5, 7, 10))
    assert a.info.outcome is Outcome.COLD and a.info.remoteness_exact
    assert a.info.grundy == 0  # 0 xor 0 xor 0: every pile is cold


def test_beyond_the_budget_normal_play_still_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 1000)
    game = sum_game([SQUARES, NIM, SetRule([1, 3, 7, 8])], False, solver=sums.SumSolver())
    pos = (40, 33, 50)
    a = game.analyze(pos)
    assert not a.info.remoteness_exact
    assert a.info.outcome.is_hot and a.info.grundy != 0  # a hot sum, so there is a win to find
    ai: Opponent[tuple[int, ...]] = Opponent(seed=3)
    for to in (ai.choose(a), ai.move(game, pos)):
        assert to is not None and game.grundy(to) == 0


def test_beyond_the_budget_misere_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Misère sums past the budget follow Bouton's rule on the Grundy values (Theorem S of
    core/sums/tame.py; brute force in test_misere_tame.py), the remoteness bounded."""
    exact = sum_game([SQUARES] * 3, True, solver=sums.SumSolver()).info((40, 40, 40))
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 1000)
    game = sum_game([SQUARES] * 3, True, solver=sums.SumSolver())
    info = game.info((40, 40, 40))
    assert info.outcome is exact.outcome and not info.remoteness_exact
    assert info.upper is not None
    assert info.remoteness_lower <= exact.remoteness <= info.upper


def test_three_piles_of_100_are_exact() -> None:
    game = sum_game([SQUARES] * 3)
    info = game.info((100, 100, 100))
    assert info.remoteness_exact


def test_where_the_exact_search_ends() -> None:
    """The Sums paragraph of docs/playing.md says where the budget ends: these starts are
    searched exactly, the next ones up are answered with bounds (no search is run here: the
    budget is checked before any search starts)."""
    from squaregame.core.rules import parse_rule

    four = tuple(parse_rule(r) for r in ("squares", "nim", "1,3,7,8", "1,2"))
    five = (*four, parse_rule("cubes"))
    assert sums.fits_budget((SQUARES,) * 4, (60,) * 4)
    assert sums.fits_budget((SQUARES,) * 3, (140,) * 3)
    assert sums.fits_budget(four, (50,) * 4)
    assert sums.fits_budget(five, (20,) * 5)
    assert not sums.fits_budget((SQUARES,) * 4, (70,) * 4)
    assert not sums.fits_budget((SQUARES,) * 3, (150,) * 3)
    assert not sums.fits_budget((NIM,) * 2, (3000,) * 2)

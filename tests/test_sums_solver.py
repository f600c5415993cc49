"""The sum solver (direct multiset ranking, no delta arrays for lone piles, 16-bit codes)
against the previous solver, brute force and its budget."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from sums_reference import reference_solve_box

from reference import pile_children, solve
from squaregame.core.rules import NIM, SQUARES, Rule, parse_rule
from squaregame.core.sums import solver as sums
from squaregame.core.sums import states

RULES = [SQUARES, NIM, parse_rule("1,3,7,8"), parse_rule("1,2"), parse_rule("2,5,6")]
FOUR = (SQUARES, NIM, parse_rule("1,3,7,8"), parse_rule("1,2"))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(range(len(RULES))), st.integers(0, 9)), min_size=1,
             max_size=4),
    st.booleans(),
)  # fmt: skip
def test_the_solver_equals_the_previous_one(piles: list[tuple[int, int]], misere: bool) -> None:
    rules = tuple(RULES[i] for i, _ in piles)
    box = tuple(n for _, n in piles)
    got = sums.solve_box(rules, misere, box)
    rem, cold = reference_solve_box(rules, misere, box)
    assert got.rem.tolist() == rem.tolist()
    assert got.cold.tolist() == cold.tolist()


def _sum_children(rules: tuple[Rule, ...]):  # type: ignore[no-untyped-def]
    def children(pos: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for i, (rule, n) in enumerate(zip(rules, pos, strict=True)):
            for a in rule.amounts(n):
                out.append((*pos[:i], n - a, *pos[i + 1 :]))
        return out

    return children


def test_every_position_of_a_box_against_brute_force() -> None:
    rules = (SQUARES, SQUARES, parse_rule("1,3,7,8"))
    box = (7, 9, 8)  # the two squares piles share one group, of bound 9
    positions = [(a, b, c) for a in range(10) for b in range(10) for c in range(9)]
    for misere in (False, True):
        sol = sums.solve_box(rules, misere, box)
        truth = solve(positions, _sum_children(rules), misere)
        for pos in positions:
            outcome, rem = truth[pos]
            assert sol.lookup(pos) == (outcome == "cold", rem), (pos, misere)


def test_direct_ranking_is_combinations_with_replacement_order() -> None:
    for bound in (0, 1, 4, 11):
        for k in (1, 2, 3, 4):
            rows = states.sorted_tuples(bound, k)
            assert rows.tolist() == [
                list(t) for t in combinations_with_replacement(range(bound + 1), k)
            ]
            prefix = states.prefix_counts(bound, k)
            ranks = states.rank_sorted([np.ascontiguousarray(rows[:, j]) for j in range(k)], prefix)
            assert ranks.tolist() == list(range(len(rows)))


def test_a_lowered_member_finds_its_sorted_childs_rank() -> None:
    bound, k = 9, 3
    rows = states.sorted_tuples(bound, k)
    index = {tuple(r): i for i, r in enumerate(rows.tolist())}
    prefix = states.prefix_counts(bound, k)
    columns = [np.ascontiguousarray(rows[:, j]) for j in range(k)]
    for j in range(k):
        for a in (1, 4, 9):
            got = states.lowered_ranks(columns, j, a, prefix).tolist()
            for r, row in zip(got, rows.tolist(), strict=True):
                if row[j] < a:
                    assert r == -1
                else:
                    lowered = sorted([*row[:j], row[j] - a, *row[j + 1 :]])
                    assert r == index[tuple(lowered)]


def test_four_different_rules_of_fifty_are_within_the_budget() -> None:
    assert sums.fits_budget(FOUR, (50, 50, 50, 50))
    assert sums.fits_budget((SQUARES,) * 4, (60,) * 4)
    assert not sums.fits_budget((SQUARES,) * 4, (70,) * 4)
    states, _, _ = sums._count_states(FOUR, (50,) * 4)
    assert states == 51**4 <= sums.MAX_STATES


def test_codes_use_sixteen_bits_where_they_fit() -> None:
    sol = sums.solve_box(FOUR, True, (12, 12, 12, 12))
    assert sol.rem.dtype == np.int16 and sol.cold.dtype == bool
    rem, cold = reference_solve_box(FOUR, True, (12, 12, 12, 12))
    assert np.array_equal(sol.rem, rem) and np.array_equal(sol.cold, cold)


def test_pile_children_reference_agrees_on_one_pile() -> None:
    truth = solve(
        range(60), pile_children(lambda n: [k * k for k in range(1, 9) if k * k <= n]), False
    )
    sol = sums.solve_box((SQUARES,), False, (59,))
    assert sol.rem.tolist() == [truth[n][1] for n in range(60)]

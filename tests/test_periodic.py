"""Finite subtraction games are eventually periodic: the detected period must agree with
direct computation far beyond the table it was found in."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squaregame.core.periodic import find_period, periodic_values
from squaregame.core.pile import build_set_values
from squaregame.core.rules import SetRule
from squaregame.core.store import TableStore

FAR = 20_000  # well past the 4,096 positions the period is searched in

CASES = [
    ([4, 9, 11, 17], 47, 60),  # a pre-period of 47
    ([2, 7, 10], 12, 51),
    ([3, 4, 6, 11], 5, 17),
    ([1, 3, 7, 8], 0, 15),
    ([2, 3], 0, 5),
]


@pytest.mark.parametrize("members, start, length", CASES)
@pytest.mark.parametrize("misere", [False, True])
def test_period_extrapolates_exactly(
    members: list[int], start: int, length: int, misere: bool
) -> None:
    rule = SetRule(members)
    periodic, _ = periodic_values(rule, misere)
    assert periodic is not None
    if not misere:
        assert (periodic.period.start, periodic.period.length) == (start, length)
    assert periodic.period.shift % 2 == 0
    direct = build_set_values(rule, FAR, misere=misere)
    for n in range(FAR + 1):
        assert periodic.remoteness(n) == direct.remoteness(n), n
        assert periodic.outcome(n) == direct.outcome(n)
        assert periodic.grundy(n) == direct.grundy(n)


@given(
    members=st.lists(st.integers(1, 20), min_size=1, max_size=4, unique=True),
    misere=st.booleans(),
)
def test_random_sets_extrapolate_exactly(members: list[int], misere: bool) -> None:
    rule = SetRule(members)
    periodic, table = periodic_values(rule, misere)
    direct = build_set_values(rule, 9000, misere=misere)
    if periodic is None:
        # Outcomes and Grundy values are periodic, but for some sets remoteness is not
        # "periodic plus one constant" (e.g. {3, 9, 11}); then no period may be claimed,
        # and the searched table must agree with the direct one where they overlap.
        assert find_period(direct, max(members)) is None
        assert all(table.remoteness(n) == direct.remoteness(n) for n in range(0, 9001, 7))
        return
    for n in range(0, 9001, 7):
        assert (periodic.remoteness(n), periodic.grundy(n)) == (
            direct.remoteness(n),
            direct.grundy(n),
        )


def test_the_pre_period_is_the_shortest() -> None:
    table = build_set_values(SetRule([4, 9, 11, 17]), 4096, misere=False)
    p = find_period(table, 17)
    assert p is not None and p.start == 47
    # position start−1 does not follow the period, so the pre-period cannot be shorter
    assert table.grundy(p.start - 1) != table.grundy(p.start - 1 + p.length) or (
        table.remoteness(p.start - 1 + p.length) - table.remoteness(p.start - 1) != p.shift
    )


def test_huge_positions_through_the_store() -> None:
    store = TableStore()
    values = store.values(SetRule([4, 9, 11, 17]), False, 10**18)
    n = 10**18
    info = values.info(n)
    assert info.remoteness_exact and info.grundy is not None
    # the same position shifted back by whole periods, with the remoteness shifted back
    p = store.periodic(SetRule([4, 9, 11, 17]), False)
    assert p is not None
    k = (n - 1000) // p.period.length
    m = n - k * p.period.length
    assert values.remoteness(n) == values.remoteness(m) + k * p.period.shift

"""Finite subtraction sets: proven periods (core/piles/periodic.py) against plain computation.

Outcomes and Grundy values are periodic; remoteness is *arithmetically* periodic
(rem(n + p) = rem(n) + c(n mod p), c not always one constant: {3, 9, 11} adds 6 or 8).
Every value extrapolated from a proof must agree with dynamic programming far beyond the
table the proof was found in; where nothing is proven, only bounds may be given.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
import squaregame.core.piles.arithmetic as arithmetic
import squaregame.core.piles.periodic as periodic
from squaregame.core.build.rules import rule_table
from squaregame.core.errors import TableLimitError
from squaregame.core.piles.periodic import (
    periodic_values,
    play_length_bounds,
    remoteness_period,
    window_period,
)
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SetRule
from squaregame.core.types import Outcome
from squaregame.core.values import build_set_values

FAR = 20_000  # well past the 4,096 positions most proofs are found in

# Sets named in the issue: remoteness gains 6 or 8 per period by residue (not one constant),
# or large members, or a long pre-period.
NAMED = [
    (3, 5, 15),
    (3, 9, 11),
    (3, 9, 13),
    (3, 15, 17),
    (3, 15, 19),
    (4, 12, 15),
    (4, 12, 17),
    (5, 15, 18),
    (5, 15, 19),
    (1, 8, 9, 28, 35),
    (2, 5, 6),
    (4, 9, 11, 17),
    (1, 2, 4097),
]


@pytest.mark.parametrize("members", NAMED)
@pytest.mark.parametrize("misere", [False, True])
def test_named_sets_extrapolate_exactly(members: tuple[int, ...], misere: bool) -> None:
    values = periodic_values(SetRule(members), misere)
    assert values.period.remoteness is not None, "a proof is found for every named set"
    direct = build_set_values(SetRule(members).members, FAR, misere=misere)
    for n in range(FAR + 1):
        info = values.info(n)
        assert info.remoteness_exact
        assert (info.remoteness, info.outcome, info.grundy) == (
            direct.remoteness(n),
            direct.outcome(n),
            direct.grundy(n),
        ), n


def test_remoteness_gains_differ_by_residue_for_3_9_11() -> None:
    """The issue's example: rem(n + 40) = rem(n) + 6 for some residues and + 8 for others."""
    values = periodic_values(SetRule([3, 9, 11]), False)
    rp = values.period.remoteness
    assert rp is not None and rp.length == 40 and rp.distinct_shifts == (6, 8)
    assert values.period.grundy is not None and values.period.grundy.length == 20


@pytest.mark.parametrize(
    "members, grundy, remoteness",
    [
        ((2, 5, 6), (0, 11), (0, 22)),  # the Grundy period is 11, not the 22 of both together
        ((4, 9, 11, 17), (19, 20), (47, 60)),
    ],
)
def test_grundy_period_is_named_apart_from_remoteness(
    members: tuple[int, ...], grundy: tuple[int, int], remoteness: tuple[int, int]
) -> None:
    found = periodic_values(SetRule(members), False).period
    assert found.grundy is not None and found.remoteness is not None
    assert (found.grundy.start, found.grundy.length) == grundy
    assert (found.remoteness.start, found.remoteness.length) == remoteness


def test_periods_are_the_shortest() -> None:
    """One position earlier, or one period shorter, and the values disagree somewhere."""
    members = (4, 9, 11, 17)
    found = periodic_values(SetRule(members), False).period
    direct = build_set_values(SetRule(members).members, 5000, misere=False)
    g = [direct.grundy(n) for n in range(5001)]
    assert found.grundy is not None
    s, p = found.grundy.start, found.grundy.length
    assert g[s - 1] != g[s - 1 + p]
    assert any(g[n] != g[n + q] for q in range(1, p) for n in range(s, s + 3 * p))
    r = [direct.remoteness(n) for n in range(5001)]
    rp = found.remoteness
    assert rp is not None
    c = int(rp.shifts[(rp.start - 1 - rp.start) % rp.length])
    assert r[rp.start - 1 + rp.length] - r[rp.start - 1] != c


def _proof_without_condition_3(members: tuple[int, ...], misere: bool, size: int) -> Any:
    rem, _ = rule_table(members, size - 1, misere=misere)
    r = np.asarray(rem).astype(np.int64)
    cold = ((r % 2 == 0) != misere).astype(np.int8)
    outcomes = window_period(cold, members[-1])
    assert outcomes is not None
    return r, outcomes.length


def test_a_pattern_seen_on_a_table_is_not_a_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    """{1, 9, 14, 27} misère on 300 positions: remoteness looks arithmetically periodic from
    95 with period 56, but a child with a steeper slope overtakes later. Without the slope
    condition (3 in the module docstring) that pattern would be claimed — and be false."""
    members = (1, 9, 14, 27)
    r, outcome_period = _proof_without_condition_3(members, True, 300)
    assert remoteness_period(r, members, True, outcome_period) is None
    monkeypatch.setattr(arithmetic, "_children_keep_their_order", lambda *a: True)
    false = remoteness_period(r, members, True, outcome_period)
    assert false is not None
    big, _ = rule_table(members, 20_000, misere=True)
    n = np.arange(false.start, 20_001)
    first = false.start + (n - false.start) % false.length
    k = (n - false.start) // false.length
    predicted = np.asarray(big)[first] + k * np.asarray(false.shifts)[first - false.start]
    assert not np.array_equal(predicted, np.asarray(big)[false.start :])


# -- every three-element set with members ≤ 20, both conventions, up to 2·10^5 ------------

TOP = 200_000


def _extrapolated(members: tuple[int, ...], misere: bool, top: int) -> tuple[Any, Any]:
    """Remoteness (and Grundy values) of 0..top as the proofs give them, from a 4,096 table."""
    f = periodic_values(SetRule(members), misere)
    rp, vp = f.period.remoteness, f.period.values
    assert rp is not None and vp is not None, (members, misere)
    assert f.base.upto < 5000  # so nearly every value below is extrapolated
    base = np.asarray(f.base._rem).astype(np.int64)
    n = np.arange(top + 1)
    k, r = np.divmod(np.maximum(n - rp.start, 0), rp.length)
    fold = np.where(n < rp.start, n, rp.start + r)
    rem = base[fold] + np.where(n < rp.start, 0, k) * np.asarray(rp.shifts)[r]
    if misere:
        return rem, None
    g = np.asarray(f.base._grundy).astype(np.int64)
    return rem, g[np.where(n < vp.start, n, vp.start + (n - vp.start) % vp.length)]


_MEX_OF_CODE = np.array([min({0, 1, 2, 3, 4} - {c % 5, c // 5 % 5, c // 25}) for c in range(125)])


def _satisfies_the_definitions(
    members: tuple[int, ...], misere: bool, rem: Any, grundy: Any
) -> int | None:
    """The first n where the values break the textbook definitions, or None. Values that
    satisfy them at every n are *the* values (each is fixed by its children's).

    Positions below max(S) one at a time; the rest at once, each child a shifted slice.
    (Grundy values are checked for three members: a mex of three values, by table.)"""
    assert grundy is None or len(members) == 3
    m = members[-1]
    cold = (rem % 2 == 0) != misere  # the outcomes these remotenesses claim
    for n in range(min(m, rem.size)):
        kids = [n - a for a in members if a <= n]
        if not kids:
            ok = bool(cold[n]) != misere and rem[n] == 0
        else:
            cold_rems = [int(rem[k]) for k in kids if cold[k]]
            want = 1 + (min(cold_rems) if cold_rems else max(int(rem[k]) for k in kids))
            ok = bool(cold[n]) == (not cold_rems) and rem[n] == want
        if grundy is not None and ok:
            seen = {int(grundy[k]) for k in kids}
            ok = int(grundy[n]) == min(set(range(len(seen) + 1)) - seen)
        if not ok:
            return n
    top = rem.size
    big = np.int64(1) << 60
    least = np.full(top - m, big)
    most = np.full(top - m, -1)
    any_cold = np.zeros(top - m, dtype=bool)
    code = np.zeros(top - m, dtype=np.int64)
    for j, a in enumerate(members):
        c_rem, c_cold = rem[m - a : top - a], cold[m - a : top - a]
        any_cold |= c_cold
        np.minimum(least, np.where(c_cold, c_rem, big), out=least)
        np.maximum(most, c_rem, out=most)
        if grundy is not None:
            code += grundy[m - a : top - a] * 5**j
    bad = cold[m:] == any_cold
    bad |= rem[m:] != np.where(any_cold, least + 1, most + 1)
    if grundy is not None:
        bad |= grundy[m:] != _MEX_OF_CODE[code]
    wrong = np.flatnonzero(bad)
    return m + int(wrong[0]) if wrong.size else None


@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_every_three_element_set_up_to_20(misere: bool) -> None:
    """All 1,140 sets {a, b, c} ⊆ 1..20: the values the proofs extrapolate from their
    4,096-position tables satisfy the definitions of outcome, remoteness and Grundy value
    at every n ≤ 2·10^5."""
    for members in itertools.combinations(range(1, 21), 3):
        rem, grundy = _extrapolated(members, misere, TOP)
        assert _satisfies_the_definitions(members, misere, rem, grundy) is None, members


def test_the_definition_check_catches_a_wrong_value() -> None:
    rem, grundy = _extrapolated((3, 9, 11), False, 5000)
    assert _satisfies_the_definitions((3, 9, 11), False, rem, grundy) is None
    rem[4321] += 2
    assert _satisfies_the_definitions((3, 9, 11), False, rem, grundy) is not None
    rem[4321] -= 2
    grundy[4000] ^= 1
    assert _satisfies_the_definitions((3, 9, 11), False, rem, grundy) is not None


# -- random sets, up to six members ≤ 60 --------------------------------------------------


@pytest.mark.slow  # (the named sets above are the default run's)
@settings(max_examples=40, deadline=None)
@given(
    members=st.lists(st.integers(1, 60), min_size=1, max_size=6, unique=True),
    misere=st.booleans(),
)
def test_random_sets_against_the_textbook_definitions(members: list[int], misere: bool) -> None:
    rule = SetRule(members)
    values = periodic_values(rule, misere)
    upto = 12_000
    solved = reference.solve(range(upto + 1), reference.pile_children(rule.amounts), misere)
    g = None if misere else reference.grundy(range(upto + 1), reference.pile_children(rule.amounts))
    for n in range(upto + 1):
        info = values.info(n)
        outcome, rem = solved[n]
        assert info.outcome.value == outcome, n
        if info.remoteness_exact:
            assert info.remoteness == rem, n
        else:
            assert info.remoteness <= rem <= (info.remoteness_upper or rem), n
        if g is not None:
            assert info.grundy == g[n], n


@pytest.mark.parametrize(  # one set in the default run, the other two slow
    "members",
    [
        (2, 5, 6),
        *(pytest.param(m, marks=pytest.mark.slow) for m in [(3, 9, 11), (1, 8, 9, 28, 35)]),
    ],
)
def test_extrapolation_at_a_million(members: tuple[int, ...]) -> None:
    """Proofs found on 4,096 positions, checked against a direct table of 10^6."""
    values = periodic_values(SetRule(members), False)
    assert values.base.upto < 5000
    rem, g = rule_table(members, 1_000_000, misere=False)
    for n in range(995_000, 1_000_001):
        assert values.remoteness(n) == int(rem[n]), n
        assert values.grundy(n) == int(g[n]), n


# -- budget, bounds, refusal ---------------------------------------------------------------


def test_no_proof_within_the_budget_gives_exact_outcomes_and_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the budget cut to 4,096 positions, {1000, 2001, 4096} (whose periods start past
    2.6 million) proves nothing: positions in the table are exact, later ones refused."""
    monkeypatch.setattr(periodic, "SEARCH_SIZES", (4096,))
    monkeypatch.setattr(periodic, "SEARCH_WORK", 4096 * 4)
    store = TableStore()
    rule = SetRule([1000, 2001, 4096])
    assert store.values(rule, False, 10).info(10).remoteness == 0
    with pytest.raises(TableLimitError):
        store.values(rule, False, 5000)


def test_outcome_proven_but_remoteness_not_gives_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """{1, 2, 4097}: Grundy values repeat from 0, remoteness only from 4095; on a 4,096
    table the remoteness proof is out of reach, so beyond it only bounds are given — and
    they contain the true value."""
    monkeypatch.setattr(periodic, "SEARCH_SIZES", (4200,))
    monkeypatch.setattr(periodic, "LONG_SIZES", ())  # nor the remoteness alone further
    values = periodic_values(SetRule([1, 2, 4097]), False)
    assert values.period.grundy is not None and values.period.remoteness is None
    direct = build_set_values(SetRule([1, 2, 4097]).members, 30_000, misere=False)
    for n in range(4300, 30_001, 37):
        info = values.info(n)
        assert not info.remoteness_exact and info.outcome == direct.outcome(n)
        assert info.grundy == direct.grundy(n)
        assert info.remoteness_upper is not None
        assert info.remoteness <= direct.remoteness(n) <= info.remoteness_upper


@given(
    members=st.lists(st.integers(1, 30), min_size=1, max_size=5, unique=True),
    misere=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_play_length_bounds_contain_the_remoteness(members: list[int], misere: bool) -> None:
    direct = build_set_values(SetRule(members).members, 600, misere=misere)
    ms = tuple(sorted(members))
    for n in range(601):
        o = direct.outcome(n)
        lo, hi = play_length_bounds(ms, n, o, misere)
        assert lo <= direct.remoteness(n) <= hi
        assert lo % 2 == hi % 2 == direct.remoteness(n) % 2


def test_search_sizes_keep_to_the_work_budget() -> None:
    for members in [(1, 2), tuple(range(1, 65)), (1000, 2001, 4096)]:
        sizes = periodic.search_sizes(members)
        assert sizes and all(s * (1 + len(members)) <= periodic.SEARCH_WORK for s in sizes)


def test_huge_positions_through_the_store() -> None:
    store = TableStore()
    rule = SetRule([4, 9, 11, 17])
    n = 10**18
    info = store.values(rule, False, n).info(n)
    assert info.remoteness_exact and info.grundy is not None
    found = store.periodic(rule, False)
    assert found is not None and found.remoteness is not None
    rp = found.remoteness
    k = (n - 1000) // rp.length
    m = n - k * rp.length
    values = store.values(rule, False, n)
    assert values.remoteness(n) == values.remoteness(m) + k * rp.shift(m)
    assert info.outcome in (Outcome.HOT, Outcome.COLD)

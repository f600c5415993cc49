"""Remoteness periods of any length (core/piles/arithmetic.py), against the definitions.

Issue 32: the search tried only periods up to 64 times the outcomes', so {1, 4999} (period
5,000, +2 each) and {8, 3192} (3,200) were given as bounds at 10^12, and {2, 4999, 5000}
(12,498,750) too. Every value a proof extrapolates is checked here against the textbook
definitions at every position far past the table the proof was found on: values that
satisfy the definitions everywhere are *the* values (each is fixed by its children's).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
import squaregame.core.piles.arithmetic as arithmetic
from squaregame.cli.main import main
from squaregame.core.build import amounts, native
from squaregame.core.piles.periodic import PeriodicValues, periodic_values, window_period
from squaregame.core.rules import SetRule

needs_cc = pytest.mark.skipif(native.compiler() is None, reason="no C compiler")
PIECE = 1 << 21


def extrapolated(values: PeriodicValues, lo: int, hi: int) -> Any:
    """Remoteness of lo..hi-1 as the table and the proven period give it."""
    rp = values.period.remoteness
    assert rp is not None
    base = np.asarray(values.base._rem).astype(np.int64)
    n = np.arange(lo, hi, dtype=np.int64)
    inside = n < rp.start + rp.length
    k, r = np.divmod(np.maximum(n - rp.start, 0), rp.length)
    first = np.where(inside, n, rp.start + r)
    shifts = np.asarray(rp.shifts).astype(np.int64)
    return base[first] + np.where(inside, 0, k * shifts[r])


def first_wrong(members: tuple[int, ...], misere: bool, values: PeriodicValues, top: int) -> Any:
    """The first n ≤ top where the extrapolated remoteness breaks the definitions (its outcome
    read off its parity), or None. In pieces, each with the m positions before it."""
    m = members[-1]
    for lo in range(0, top + 1, PIECE):
        hi = min(top + 1, lo + PIECE)
        start = max(0, lo - m)
        rem = extrapolated(values, start, hi)
        cold = (rem % 2 == 0) != misere
        n = np.arange(lo, hi, dtype=np.int64)
        big = np.int64(1) << 60
        least = np.full(n.size, big)
        most = np.full(n.size, -1)
        for a in members:
            ok = n >= a
            child = np.where(ok, n - a - start, 0)
            c_rem = np.where(ok, rem[child], -1)
            c_cold = ok & cold[child]
            np.minimum(least, np.where(c_cold, c_rem, big), out=least)
            np.maximum(most, c_rem, out=most)
        mine = rem[lo - start :]
        want = np.where(most < 0, 0, np.where(least < big, least + 1, most + 1))
        bad = np.flatnonzero(mine != want)
        if bad.size:
            return lo + int(bad[0])
    return None


# -- the issue's sets ----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


@pytest.mark.parametrize(
    ("rule", "remoteness", "period"),
    [("1,4999", 400_000_000, 5000), ("8,3192", 625_000_000, 3200)],
)
def test_the_issue_sets_are_exact_at_10_12(
    capsys: pytest.CaptureFixture[str], rule: str, remoteness: int, period: int
) -> None:
    """They were "between 200040010 and 10^12" and "between 313283210 and 125·10^9"."""
    doc = run(capsys, "analyze", "subtraction", "1000000000000", "--rule", rule)
    assert doc["remoteness"] == remoteness and doc["outcome"] == "cold"
    assert main(["analyze", "subtraction", "1000000000000", "--rule", rule]) == 0
    out = capsys.readouterr().out
    assert f"remoteness  {remoteness}\n" in out
    assert f"rem(n+{period}) = rem(n) +2 for n ≥ 0 (proven)" in out


@pytest.mark.parametrize("k", [129, 500, 1999, 4999])
@pytest.mark.parametrize("misere", [False, True])
def test_one_and_k_gain_two_every_k_plus_one(k: int, misere: bool) -> None:
    """{1, k} (k odd): period k + 1 > 64 × 2, two moves more each; right far past the table."""
    values = periodic_values(SetRule([1, k]), misere)
    rp = values.period.remoteness
    assert rp is not None and (rp.length, rp.distinct_shifts) == (k + 1, (2,))
    assert values.period.computed <= 65_536  # counted: the table the proof was found on
    assert first_wrong((1, k), misere, values, 3 * values.period.computed) is None


def test_8_3192_far_past_its_table() -> None:
    values = periodic_values(SetRule([8, 3192]), False)
    rp = values.period.remoteness
    assert rp is not None and (rp.start, rp.length, rp.distinct_shifts) == (0, 3200, (2,))
    assert first_wrong((8, 3192), False, values, 400_000) is None


def check_2_4999_5000(misere: bool, top: int) -> None:
    members = (2, 4999, 5000)
    values = periodic_values(SetRule(members), misere)
    rp = values.period.remoteness
    assert rp is not None and rp.length == 12_498_750 and rp.distinct_shifts == (4998,)
    assert rp.start == (10_003 if misere else 10_001)
    assert values.period.computed == 1 << 25
    assert values.base.upto < rp.start + rp.length  # only what lookups read is kept
    assert first_wrong(members, misere, values, top) is None
    if not misere:
        assert values.info(10**12).remoteness == 399_879_987


@needs_cc
def test_2_4999_5000_repeats_after_12498750(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found on a table of 2^25 positions of the remoteness alone (the C kernels), checked
    against the definitions at every position to 1.6·10^7, past what is kept (12,508,750)."""
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")  # as once the kernels are built
    check_2_4999_5000(False, 16_000_000)


@needs_cc
@pytest.mark.slow
@pytest.mark.parametrize("misere", [False, True])
def test_2_4999_5000_far(misere: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same, both conventions, to 3·10^7: 1.4 periods past what is kept."""
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    check_2_4999_5000(misere, 30_000_000)


# -- random sets ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    members=st.lists(st.integers(1, 400), min_size=1, max_size=3, unique=True),
    misere=st.booleans(),
)
def test_random_sets_extrapolate_exactly(members: list[int], misere: bool) -> None:
    ms = tuple(sorted(members))
    values = periodic_values(SetRule(ms), misere)
    rp, outcomes = values.period.remoteness, values.period.outcomes
    if rp is None:
        return
    assert outcomes is not None and rp.length % outcomes.length == 0
    top = min(4 * values.period.computed, 300_000)
    assert first_wrong(ms, misere, values, top) is None, ms


def test_the_definition_check_catches_a_wrong_period() -> None:
    values = periodic_values(SetRule([1, 499]), False)
    assert first_wrong((1, 499), False, values, 20_000) is None
    rp = values.period.remoteness
    assert rp is not None
    rp.shifts[7] += 2
    assert first_wrong((1, 499), False, values, 20_000) is not None
    rp.shifts[7] -= 2


# -- the pieces of the search --------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    members=st.lists(st.integers(1, 30), min_size=1, max_size=4, unique=True),
    misere=st.booleans(),
    size=st.integers(50, 3000),
)
def test_candidates_are_every_period_the_table_shows(
    members: list[int], misere: bool, size: int
) -> None:
    """The sifting keeps exactly the p (multiples of the step) whose D_p vanishes on the last
    m + 1 positions — compared with that definition, one candidate at a time."""
    ms = tuple(sorted(members))
    rem = np.asarray(reference_rem(ms, size, misere), dtype=np.int64)
    m = ms[-1]
    for step in (1, 2, 3):
        want = [
            p
            for p in range(step, (size - m - 1) // 2 + 1, step)
            if all(
                rem[n + 2 * p] - 2 * rem[n + p] + rem[n] == 0
                for n in range(size - 2 * p - m - 1, size - 2 * p)
            )
        ]
        assert list(arithmetic.candidates(rem, m, step, 10**9)) == want


def reference_rem(members: tuple[int, ...], size: int, misere: bool) -> list[int]:
    children = reference.pile_children(reference.set_amounts(members))
    solved = reference.solve(range(size), children, misere)
    return [solved[n][1] for n in range(size)]


@needs_cc
@settings(max_examples=40, deadline=None)
@given(
    members=st.lists(st.integers(1, 40), min_size=1, max_size=5, unique=True),
    misere=st.booleans(),
    data=st.data(),
)
def test_the_order_kernel_agrees_with_numpy(
    members: list[int], misere: bool, data: st.DataObject
) -> None:
    """Condition 3 in C (assets/native/amounts.c) and in numpy, on real tables with periods
    right or wrong, and every width of table."""
    ms = tuple(sorted(members))
    lib = amounts._library()
    assert lib is not None
    m = ms[-1]
    p = data.draw(st.integers(1, 300))
    if 2 * p + m + 1 > 1500:
        return
    n0 = data.draw(st.integers(0, 1500 - 2 * p - m - 1))
    for dtype in (np.uint8, np.uint16, np.int32):
        rem = amounts.dense_remoteness(ms, 1499, misere=misere, native_ok=True).astype(dtype)
        shifts = (rem[n0 + p : n0 + 2 * p].astype(np.int64) - rem[n0 : n0 + p]).astype(dtype)
        c = amounts.order_kept(lib, rem, shifts, n0, p, ms, misere, n0 + m, n0 + m + p)
        py = arithmetic._order_kept(rem, ms, misere, n0, p, shifts, n0 + m, n0 + m + p)
        assert c == py


@needs_cc
def test_a_pattern_seen_on_a_table_is_not_claimed_by_the_kernel_either(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """{1, 9, 14, 27} misère on 300 positions (see test_periodic.py): condition 3 fails."""
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    members = (1, 9, 14, 27)
    rem = amounts.dense_remoteness(members, 299, misere=True, native_ok=True)
    outcomes = window_period(((rem % 2 == 0) != True).astype(np.int8), 27)  # noqa: E712
    assert amounts.loaded() is not None and outcomes is not None
    assert arithmetic.remoteness_period(rem, members, True, outcomes.length) is None
    monkeypatch.setattr(arithmetic, "_children_keep_their_order", lambda *a: True)
    assert arithmetic.remoteness_period(rem, members, True, outcomes.length) is not None


def test_the_sifting_keeps_to_its_budget() -> None:
    """Past its work the sifting stops: no period is claimed from what it did not read."""
    rem = amounts.dense_remoteness((1, 499), 4095, misere=False)
    assert list(arithmetic.candidates(rem, 499, 2, 10**9))[:1] == [500]
    assert list(arithmetic.candidates(rem, 499, 2, 10)) == []


@needs_cc
def test_a_table_of_any_integer_type_is_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slope condition's kernel takes the builders' types; any other is checked by numpy
    (a table of int64 once met the kernel and failed)."""
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    rem = amounts.dense_remoteness((3, 9, 11), 4095, misere=False)
    for dtype in (np.uint8, np.uint16, np.int32, np.int64):
        rp = arithmetic.remoteness_period(rem.astype(dtype), (3, 9, 11), False, 20)
        assert rp is not None and (rp.length, rp.distinct_shifts) == (40, (6, 8))

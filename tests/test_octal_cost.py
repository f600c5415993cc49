"""The octal values' budget is decided before the work (squaregame/families/octal/cost.py):
the code's upper bound, the probe's estimate, and every refusal counted in kernel pairs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from squaregame.core.build import native as build_native
from squaregame.core.errors import TableLimitError
from squaregame.families.octal import cost, native, period
from squaregame.families.octal.code import GRUNDYS_GAME, KAYLES, parse_code
from squaregame.families.octal.values import MAX_ON_DEMAND, Kept, grundy_values

HAS_CC = build_native.compiler() is not None or build_native.ready()
needs_cc = pytest.mark.skipif(not HAS_CC, reason="no C compiler")


class Counted:
    """The kernel, wrapped to count its calls and the pairs they examined."""

    def __init__(self) -> None:
        self.calls = 0
        self.pairs = 0
        self.highest = -1

    def wrap(self, real: Any) -> Any:
        def kernel(rule: Any, n: int, progress: Any = None, start: Any = None, **kw: Any) -> Any:
            stats = kw.pop("stats", None)
            mine: list[int] = [0, 0, 0]
            out = real(rule, n, progress, start, stats=mine, **kw)
            if stats is not None:
                stats[:] = mine
            self.calls += 1
            self.pairs += mine[2]
            self.highest = max(self.highest, n)
            return out

        return kernel


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    c = Counted()
    monkeypatch.setattr(native, "values_native", c.wrap(native.values_native))
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    yield c


@needs_cc
@pytest.mark.parametrize("code", ["0.6", "0.07", "0.77", "0.137", "0.04", "0.1234567", "4.07"])
def test_the_upper_bound_holds_for_the_kernel(code: str, counted: Counted) -> None:
    rule = parse_code(code)
    stats = [0, 0, 0]
    native.values_native(rule, 3000, stats=stats)
    assert 0 < stats[2] <= cost.upper_pairs(rule, 0, 3000)
    start = native.values_native(rule, 1999)
    native.values_native(rule, 3000, start=start, stats=stats)
    assert stats[2] <= cost.upper_pairs(rule, 2000, 3000)


@needs_cc
def test_grundys_game_upper_bound_holds(counted: Counted) -> None:
    stats = [0, 0, 0]
    native.values_native(GRUNDYS_GAME, 3000, stats=stats)
    assert 0 < stats[2] <= cost.upper_pairs(GRUNDYS_GAME, 0, 3000)


def test_a_code_without_splits_costs_linear() -> None:
    rule = parse_code("0.333")  # a subtraction game: no heap is ever split
    assert cost.split_places(rule) == 0
    assert cost.upper_pairs(rule, 0, MAX_ON_DEMAND) <= 10 * MAX_ON_DEMAND


def test_within_the_upper_bound_nothing_is_probed(counted: Counted) -> None:
    kept = Kept()
    cost.check_values(KAYLES, 5000, kept)
    assert counted.calls == 0 and cost.rates_of(KAYLES, kept) is None


def test_past_the_heap_limit_nothing_is_computed(counted: Counted) -> None:
    with pytest.raises(TableLimitError) as caught:
        grundy_values(parse_code("0.04"), MAX_ON_DEMAND + 1)
    assert caught.value.key == "octal.errors.too_many_values" and counted.calls == 0


def test_grundys_game_beyond_the_values_is_refused_without_work(counted: Counted) -> None:
    # no theorem proves a period of Grundy's game: a heap past the values is never searched
    with pytest.raises(TableLimitError) as caught:
        period.value(GRUNDYS_GAME, 10**30)
    assert caught.value.key == "octal.errors.beyond_budget" and counted.calls == 0


@needs_cc
def test_dense_values_are_refused_after_the_probe_only(
    counted: Counted, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.1234567 to 10^6 would take minutes (every pair counts): refused within the probe's
    pairs, and the message says the largest heap within the budget."""
    monkeypatch.setattr(cost, "PROBE_BUDGET", 10**8)
    dense, kept = parse_code("0.1234567"), Kept()
    with pytest.raises(TableLimitError) as caught:
        grundy_values(dense, MAX_ON_DEMAND, kept_in=kept)
    assert caught.value.key == "octal.errors.over_budget"
    first = cost.upper_pairs(dense, 0, cost.FIRST_WINDOW - 1)
    assert counted.pairs <= first + cost.PROBE_BUDGET + cost.WINDOW_BUDGET
    assert counted.highest < MAX_ON_DEMAND // 10
    most = int(str(caught.value.params["most"]).replace(",", ""))
    assert 0 < most < MAX_ON_DEMAND
    assert cost.estimate(dense, most, cost.VALUES_BUDGET, kept) <= cost.VALUES_BUDGET  # type: ignore[operator]


@needs_cc
def test_sparse_values_are_allowed(counted: Counted) -> None:
    """0.6 and Grundy's game to 10^6 are near-linear (seconds): the probe says so, having
    computed a few thousand values only."""
    for rule in (parse_code("0.6"), GRUNDYS_GAME):
        kept = Kept()
        cost.check_values(rule, MAX_ON_DEMAND, kept)
        rates = cost.rates_of(rule, kept)
        assert rates is not None and rates.upto <= 1 << 16
        assert counted.highest < 1 << 16


@needs_cc
def test_the_estimate_tracks_the_kernel(counted: Counted) -> None:
    """On 0.04 (dense) the estimate of G(0..40000) from the probe is within a factor of 3
    of the pairs the kernel then examines."""
    rule, kept = parse_code("0.04"), Kept()
    estimate = cost.estimate(rule, 40_000, 10**6, kept)
    assert estimate is not None
    before = counted.pairs
    grundy_values(rule, 40_000, kept_in=kept)
    real = counted.pairs - before
    assert real / 3 <= estimate <= real * 3


@needs_cc
def test_a_hopeless_period_search_stops_at_its_budget(
    counted: Counted, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A heap of 10^30 under 0.04 (no period in sight): the search computes only what its
    budget pays for, then refuses."""
    monkeypatch.setattr(cost, "SEARCH_BUDGET", 10**8)
    monkeypatch.setattr(cost, "PROBE_BUDGET", 5 * 10**7)
    rule, kept = parse_code("0.04"), Kept()
    with pytest.raises(TableLimitError) as caught:
        period.value(rule, 10**30, kept=kept)
    assert caught.value.key == "octal.errors.beyond_budget"
    assert counted.pairs <= 2 * 10**8 + 5 * 10**7 + cost.WINDOW_BUDGET  # each prefix: ≤ 10^8
    assert counted.highest < period.PROOF_LIMIT // 4


@needs_cc
def test_a_proven_period_is_still_found(counted: Counted) -> None:
    """The budget does not stop what the search proves cheaply (Kayles: 168 values)."""
    assert period.value(KAYLES, 10**30) == period.value(KAYLES, 10**30 % 12 + 72)


def test_without_the_kernel_nothing_is_refused_beforehand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    rule, kept = parse_code("0.04"), Kept()
    assert cost.estimate(rule, MAX_ON_DEMAND, cost.VALUES_BUDGET, kept) is None


def test_seconds_are_said_short() -> None:
    assert cost.seconds(cost.PAIRS_PER_SECOND * 2.5) == "2.5"
    assert cost.seconds(cost.PAIRS_PER_SECOND * 640) == "640"

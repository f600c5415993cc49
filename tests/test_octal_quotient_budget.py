"""The misère quotient's budget bounds its whole work (families/octal/quotient.py, monoid.py,
candidate.py): one count of steps, fixed before the work, that every check and candidate asks
before it makes its products; codes without a proof stop at it, proven codes stay within it."""

from __future__ import annotations

import inspect
import sys
from functools import cache

import pytest

from squaregame.families.octal.candidate import _marked
from squaregame.families.octal.code import parse_code
from squaregame.families.octal.monoid import OutOfWork, Work, uncounted
from squaregame.families.octal.quotient import WORK, Quotient, Unproven, quotient
from squaregame.families.octal.search import Solved


def test_work_never_passes_its_total() -> None:
    work = Work(10)
    work.spend(7)
    with pytest.raises(OutOfWork):
        work.spend(4)
    assert work.done == 7  # (the refused steps are not made, so not counted)
    work.spend(3)
    assert work.done == 10


@pytest.mark.parametrize(  # Dawson's Kayles and 0.14 in the default run, the rest slow
    "code",
    [*(pytest.param(c, marks=pytest.mark.slow) for c in ("0.54", "0.56", "0.45")), "0.14", "0.07"],
)
def test_codes_without_a_proof_stop_at_the_total_work(code: str) -> None:
    # each of these ran for 14–157 s of CPU under the old per-check counts; Dawson's Kayles
    # (0.07) included
    work = Work(WORK)
    found = quotient(parse_code(code), work=work)
    assert isinstance(found, Unproven) and found.reason == "work"
    assert WORK // 2 < work.done <= WORK  # (stopped by the total, not before it)


@cache
def grown(code: str) -> tuple[Quotient | Unproven, int]:
    """The code's quotient under the total :data:`WORK`, and the steps it took."""
    work = Work(WORK)
    return quotient(parse_code(code), work=work), work.done


@pytest.mark.sweep
@pytest.mark.parametrize(
    ("code", "order", "period", "preperiod"),
    [
        ("0.77", 40, 12, 71),  # Kayles: Sibert and Conway's period 12 from 71
        ("0.44", 40, 24, 143),
        ("0.75", 8, 2, 8),
        ("0.52", 6, 4, 6),
        ("0.31", 6, 2, 3),
        ("0.73", 6, 4, 2),
    ],
)
def test_proven_codes_prove_within_the_total_work(
    code: str, order: int, period: int, preperiod: int
) -> None:
    found, done = grown(code)
    assert isinstance(found, Quotient), found
    assert (found.monoid.order, found.period, found.preperiod) == (order, period, preperiod)
    assert done <= WORK // 2  # (room to spare: Kayles takes about 15 million steps)


def test_a_smaller_total_stops_kayles_with_the_work_it_was_given() -> None:
    work = Work(1_000_000)
    found = quotient(parse_code("0.77"), work=work)
    assert isinstance(found, Unproven) and found.reason == "work"
    assert 0 < found.heaps < 71 and work.done <= 1_000_000


def test_0_44_agrees_with_the_search_on_small_sums() -> None:
    rule = parse_code("0.44")
    found, _done = grown("0.44")
    assert isinstance(found, Quotient)
    search = Solved((rule,), True)
    for rows in [(n,) for n in range(1, 25)] + [(a, b) for a in range(1, 12) for b in range(a)]:
        assert found.cold(rows) == search.value(rows)[0], rows


def test_a_candidates_marking_needs_no_deep_stack() -> None:
    # 300 classes of heap (misère Nim heaps of 1, as parities) under a recursion limit a
    # little above the caller's depth: marking is iterative, and quotient() sets no limit
    def times(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return ((a[0] + b[0]) % 2,)

    heaps = [((1,), frozenset({(0,)}))] * 300
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        cold = _marked(heaps, times, (0,), uncounted)
    finally:
        sys.setrecursionlimit(old)
    assert cold == {(0,): False, (1,): True}  # a heap of 1 alone is a misère P-position

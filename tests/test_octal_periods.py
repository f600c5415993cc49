"""Periods proven by the Octal Periodicity Theorem: Kayles, Dawson's Kayles and Dawson's
chess as published, the search on made-up sequences, G(n) for huge heaps, refusals where no
period is proven, and (marked slow: CI runs it after the default run) every solved game of
tczajka/octal-games with preperiod + period ≤ 10^5 (``tests/data/octal_solved.txt``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from squaregame.core.errors import PositionError, TableLimitError
from squaregame.families.octal import quick
from squaregame.families.octal.code import (
    DAWSONS_CHESS,
    DAWSONS_KAYLES,
    GRUNDYS_GAME,
    KAYLES,
    parse_code,
)
from squaregame.families.octal.period import Periodicity, find_period, periodicity, value
from squaregame.families.octal.quick import QUICK_VALUES
from squaregame.families.octal.values import Kept, grundy_numpy, grundy_values

SOLVED = Path(__file__).parent / "data" / "octal_solved.txt"


@pytest.mark.parametrize(
    ("rule", "preperiod", "length"),
    [(KAYLES, 71, 12), (DAWSONS_CHESS, 52, 34), (DAWSONS_KAYLES, 53, 34)],
)
def test_the_classical_periods_are_proven(rule: object, preperiod: int, length: int) -> None:
    found = periodicity(rule)  # type: ignore[arg-type]
    assert found is not None and found.proven
    assert (found.preperiod, found.period) == (preperiod, length)
    k = rule.last_place  # type: ignore[attr-defined]
    assert found.checked_upto >= 2 * preperiod + 2 * length + k
    # the last exception is where the period starts to hold: 70 for Kayles (OEIS A002186),
    # 51 for Dawson's chess (A002187), 52 for Dawson's Kayles
    g = grundy_values(rule, 3 * found.checked_upto).tolist()  # type: ignore[arg-type]
    assert g[preperiod - 1] != g[preperiod - 1 + length]
    assert all(g[n] == g[n + length] for n in range(preperiod, len(g) - length))


def test_huge_heaps_from_a_proven_period() -> None:
    g = grundy_values(KAYLES, 200).tolist()
    kept = Kept()
    assert value(KAYLES, 10**9, kept=kept) == g[(10**9 - 71) % 12 + 71]
    assert value(KAYLES, 10**18, kept=kept) == g[(10**18 - 71) % 12 + 71]
    # the work is the proof's values, whatever the heap: 256 in plain Python, none in numpy
    assert KAYLES.key not in kept.values
    assert len(quick.made(KAYLES)[2]) == QUICK_VALUES  # type: ignore[index]
    assert value(DAWSONS_CHESS, 10**18 + 7) == value(DAWSONS_CHESS, 52 + (10**18 + 7 - 52) % 34)
    assert [value(KAYLES, n) for n in range(201)] == g
    with pytest.raises(PositionError):
        value(KAYLES, -1)


def test_grundys_game_is_never_claimed_proven() -> None:
    found = periodicity(GRUNDYS_GAME)
    assert found is None or not found.proven
    assert value(GRUNDYS_GAME, 5000) == int(grundy_values(GRUNDYS_GAME, 5000)[5000])
    with pytest.raises(TableLimitError) as caught:
        value(GRUNDYS_GAME, 10**9)
    assert caught.value.key == "octal.errors.beyond_budget"


def test_an_unsolved_code_refuses_a_huge_heap() -> None:
    with pytest.raises(TableLimitError) as caught:
        value(parse_code("0.6"), 10**12, limit=4096)
    assert caught.value.key == "octal.errors.beyond_budget"
    found = periodicity(parse_code("0.6"), limit=4096)
    assert found is None or not found.proven


def test_the_search_on_made_up_values() -> None:
    # 5 values, then 0 1 2 repeating: k = 1 needs 2·5 + 2·3 + 1 = 17 values
    g = np.array([7, 7, 9, 9, 5] + [0, 1, 2] * 4, dtype=np.uint32)
    assert find_period(g, 1) == Periodicity(5, 3, True, 17)
    assert find_period(g[:16], 1) == Periodicity(5, 3, False, 16)  # seen, not proven
    assert find_period(g, None) == Periodicity(5, 3, False, 17)
    assert find_period(np.arange(40), 2) is None
    # a preperiod of 0 is proven as one of 1: 2·1 + 2·2 + 2 = 8 values
    assert find_period(np.array([0, 1] * 4), 2) == Periodicity(0, 2, True, 8)
    assert find_period(np.array([0, 1] * 4)[:7], 2) == Periodicity(0, 2, False, 7)


def test_the_least_period_not_a_multiple() -> None:
    g = np.array([3] + [1, 2] * 30)
    found = find_period(g, 3)
    assert found is not None and (found.preperiod, found.period, found.proven) == (1, 2, True)


def test_fold() -> None:
    p = Periodicity(71, 12, True, 200)
    assert p.fold(50) == 50 and p.fold(82) == 82 and p.fold(83) == 71
    assert p.fold(10**9) == (10**9 - 71) % 12 + 71


def test_a_candidate_needing_more_values_extends_the_prefix() -> None:
    # 0.165: preperiod 5181, period 1550: proven only from 2·5181 + 2·1550 + 3 = 13465 values
    found = periodicity(parse_code("0.165"))
    assert found == Periodicity(5181, 1550, True, found.checked_upto if found else 0)
    assert found is not None and found.checked_upto >= 13465


def _solved() -> list[tuple[str, int, int]]:
    rows = []
    for line in SOLVED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            code, pre, length = line.split()
            rows.append((code, int(pre), int(length)))
    return rows


def test_the_list_of_solved_games_is_read() -> None:
    rows = _solved()
    assert len(rows) == 88 and ("0.77"[1:], 71, 12) in rows
    assert all(parse_code(code) for code, _, _ in rows)


@pytest.mark.slow
@pytest.mark.parametrize(("code", "preperiod", "length"), _solved())
def test_every_solved_game_is_derived_again(code: str, preperiod: int, length: int) -> None:
    rule = parse_code(code)
    found = periodicity(rule, limit=1 << 18)
    assert found is not None and found.proven
    assert (found.preperiod, found.period) == (preperiod, length)
    # numpy's rare-value method gives the kernel's values on the whole prefix
    n = min(found.checked_upto, 20_000) - 1
    assert grundy_numpy(rule, n).tolist() == grundy_values(rule, n).tolist()

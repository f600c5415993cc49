"""A period proven in plain Python (:mod:`squaregame.families.octal.quick`): its values are the
textbook's, its proof is the one numpy's search finds on the first prefix, its answers are the
same, and a proven row's answer loads neither numpy nor the C kernel."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from squaregame.families.octal import big
from squaregame.families.octal.code import DAWSONS_CHESS, DAWSONS_KAYLES, KAYLES, parse_code
from squaregame.families.octal.period import FIRST_PREFIX, find_period, periodicity, quick, value
from squaregame.families.octal.quick import QUICK_VALUES, plain_values, proven_period
from squaregame.families.octal.values import Kept, grundy_numpy, grundy_reference, grundy_values

SOLVED = Path(__file__).parent / "data" / "octal_solved.txt"
# every code d0.d1d2 (d0 0 or 4; d1d2 octal, not both 0)
SHORT_CODES = [
    f"{d0}.{d1}{d2}" for d0, d1, d2 in itertools.product((0, 4), range(8), range(8)) if d1 or d2
]


def test_the_values_are_the_textbooks() -> None:
    for code in (*SHORT_CODES[::5], "0.137", "0.165", "4.07", "0.6"):
        rule = parse_code(code)
        assert plain_values(rule, 40) == grundy_reference(rule, 39), code


def _same_as_the_first_prefixs_search(code: str) -> None:
    rule = parse_code(code)
    g = grundy_values(rule, FIRST_PREFIX - 1)  # (the C kernel where it can be had)
    assert plain_values(rule, QUICK_VALUES) == g[:QUICK_VALUES].tolist()
    searched = find_period(g, rule.last_place)
    kept = Kept()
    found = quick(rule, kept)
    if found is None:  # not proven on 256 values: numpy's search must need more (or find none)
        assert searched is None or not searched.proven or searched.needs(rule.last_place) > 256
        return
    proof, _values = found
    assert proof == searched  # the same preperiod, period, and values searched
    assert all(value(rule, n, kept=kept) == int(g[n]) for n in range(FIRST_PREFIX))


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.6", "0.51", "4.07", "0.35", "0.16"])
def test_the_proof_is_numpys_on_the_first_prefix(code: str) -> None:
    _same_as_the_first_prefixs_search(code)


@pytest.mark.slow
@pytest.mark.parametrize("code", SHORT_CODES)
def test_every_short_codes_proof_is_numpys_on_the_first_prefix(code: str) -> None:
    _same_as_the_first_prefixs_search(code)


def test_the_published_periods_within_its_values_are_found() -> None:
    for line in SOLVED.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        code, pre, length = line.split()
        rule = parse_code(code)
        n0, p, k = int(pre), int(length), rule.last_place
        found = proven_period(plain_values(rule, QUICK_VALUES), k)
        if 2 * max(n0, 1) + 2 * p + k <= QUICK_VALUES:
            assert found == (n0, p), code
        else:
            assert found is None, code


def test_the_search_is_reported_as_the_first_prefixs() -> None:
    kept = Kept()
    for rule, n0, p in ((KAYLES, 71, 12), (DAWSONS_KAYLES, 53, 34), (DAWSONS_CHESS, 52, 34)):
        found = periodicity(rule, kept=kept)
        assert found is not None and found.proven
        assert (found.preperiod, found.period, found.checked_upto) == (n0, p, FIRST_PREFIX)
        assert kept.periods[rule.key] == (found, FIRST_PREFIX)
    assert kept.values == {}  # nothing computed in numpy


def test_a_long_rows_winning_splits_from_a_list_are_numpys() -> None:
    kept = Kept()
    proof, values = quick(KAYLES, kept) or pytest.fail("Kayles is proven")
    upto = proof.preperiod + proof.period
    listed = big.Values(values[: upto + 1], proof.preperiod, proof.period)
    array = big.Values(grundy_numpy(KAYLES, upto), proof.preperiod, proof.period)
    for rest in (*range(2, 200, 7), 10**9 - 1, 10**18 + 5):
        top = rest // 2
        for first, last in ((1, top), (1, min(top, 40)), (min(top, 60), top)):
            block = big.Block(1, rest, "split", first, last)
            for target in range(5):
                for most in (0, 3, 1000):
                    got = big.winning_splits(block, target, listed, most)
                    assert got == big.winning_splits(block, target, array, most)


@pytest.mark.parametrize("game", ["kayles", "dawsons-kayles", "dawsons-chess"])
def test_a_proven_rows_answer_loads_neither_numpy_nor_the_kernel(game: str) -> None:
    code = (
        "import sys, json, io, contextlib\n"
        "from squaregame.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['analyze', {game!r}, '1000000000', '--json'])\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "squaregame.families.octal.quick" in loaded
    for heavy in (
        "numpy",
        "ctypes",
        "squaregame.core.build.native",
        "squaregame.families.octal.native",
    ):
        assert heavy not in loaded, heavy

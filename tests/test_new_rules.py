"""Cubes and powers of two: one pile (normal and misère) and sums, against brute force
written straight from the definitions; the built tables checked position by position."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from build import pile_game, sum_game
from hypothesis import given
from hypothesis import strategies as st
from said import said

from reference import box_positions, grundy, pile_children, solve, squares_amounts, sum_children
from squaregame.cli.main import main
from squaregame.core.build import rules as build_rules
from squaregame.core.errors import TableLimitError
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import SQUARES, Rule, find_rule, parse_rule
from squaregame.core.rules.cubes import icbrt
from squaregame.core.sums import solver as sums
from squaregame.core.types import Outcome
from squaregame.core.values import PileValues
from squaregame.text import Catalog
from squaregame.text.rules import rule_label

UPTO = 3000  # brute force up to here
BIG = 10**6  # the built tables are checked position by position up to here


def cubes_amounts(n: int) -> list[int]:
    out, k = [], 1
    while k**3 <= n:
        out.append(k**3)
        k += 1
    return out


def powers_of_two_amounts(n: int) -> list[int]:
    return [2**k for k in range(n.bit_length())]


AMOUNTS: dict[str, Callable[[int], list[int]]] = {
    "cubes": cubes_amounts,
    "powers-of-two": powers_of_two_amounts,
}
RULE_KEYS = sorted(AMOUNTS)


def rule_of(key: str) -> Rule:
    rule = find_rule(key)
    assert rule is not None
    return rule


@cache
def reference(key: str, misere: bool) -> dict[Any, tuple[str, int]]:
    return solve(range(UPTO + 1), pile_children(AMOUNTS[key]), misere)


BIG_STORE = TableStore()  # misère tables are the normal ones shifted: built once for both


@cache
def big_values(key: str, misere: bool) -> PileValues:
    return BIG_STORE.values(rule_of(key), misere, BIG)


def test_names_and_aliases() -> None:
    assert parse_rule("cubes") is parse_rule("Cube") is rule_of("cubes")
    for name in ("powers-of-two", "pow2", "powers", "Powers-of-2"):
        assert parse_rule(name) is rule_of("powers-of-two")
    assert rule_label(rule_of("cubes"), Catalog("en")) == "cubes {1, 8, 27, 64, …}"
    assert rule_label(rule_of("powers-of-two"), Catalog("es")).startswith("potencias de dos")
    assert rule_of("cubes").notation == "{1, 8, 27, 64, …}"
    assert rule_of("powers-of-two").notation == "{1, 2, 4, 8, …}"


@pytest.mark.parametrize("key", RULE_KEYS)
def test_amounts_follow_the_definition(key: str) -> None:
    rule = rule_of(key)
    assert rule.contains_one and not rule.is_finite and not rule.is_any_amount
    for n in [*range(0, 600), 10**6, 10**6 + 1, 2**20, 3**13]:
        assert list(rule.amounts(n)) == AMOUNTS[key](n)
        assert rule.count_amounts(n) == len(AMOUNTS[key](n))
    for a in range(0, 5000):
        assert rule.allows(10**9, a) == (a in AMOUNTS[key](max(a, 1)) and a > 0)
    assert rule.count_amounts(10**30) == (10**10 if key == "cubes" else 100)


@given(st.integers(0, 10**40))
def test_integer_cube_root(n: int) -> None:
    k = icbrt(n)
    assert k**3 <= n < (k + 1) ** 3
    assert icbrt(k**3) == k and icbrt((k + 1) ** 3 - 1) == k


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("key", RULE_KEYS)
def test_one_pile_matches_brute_force(key: str, misere: bool) -> None:
    game = pile_game(rule_of(key), misere, TableStore())
    got = {n: (game.info(n).outcome.value, game.info(n).remoteness) for n in range(UPTO + 1)}
    assert got == reference(key, misere)
    if misere:
        assert game.info(7).grundy is None
    else:
        g = grundy(range(UPTO + 1), pile_children(AMOUNTS[key]))
        assert [game.info(n).grundy for n in range(UPTO + 1)] == [g[n] for n in range(UPTO + 1)]


@pytest.mark.sweep
@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("key", RULE_KEYS)
def test_both_ways_of_settling_a_block_agree(
    key: str, misere: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cold positions settled in Python (few amounts in a block) or with numpy (many)."""
    amounts = AMOUNTS[key](200_000)
    monkeypatch.setattr(build_rules, "PY_AMOUNTS", 10**9)
    in_python, _ = build_rules.rule_table(amounts, 200_000, misere=misere)
    monkeypatch.setattr(build_rules, "PY_AMOUNTS", 0)
    with_numpy, _ = build_rules.rule_table(amounts, 200_000, misere=misere)
    assert (in_python == with_numpy).all()


def check_position(values: PileValues, children: list[int], n: int) -> None:
    """The definitions, at one position, from its children's values in the same table."""
    info = values.info(n)
    if not children:
        assert info.remoteness == 0 and info.outcome.is_hot == values.misere
        return
    kids = [values.info(c) for c in children]
    cold = [k.remoteness for k in kids if k.outcome is Outcome.COLD]
    if info.outcome.is_hot:
        assert cold and info.remoteness == 1 + min(cold)
    else:
        assert not cold and info.remoteness == 1 + max(k.remoteness for k in kids)
    if info.grundy is not None:
        seen = {k.grundy for k in kids}
        assert info.grundy not in seen and set(range(info.grundy)) <= seen


@pytest.mark.slow  # (four tables of 10^6; the default run checks each rule to UPTO above)
@given(key=st.sampled_from(RULE_KEYS), misere=st.booleans(), n=st.integers(0, BIG))
def test_a_million_positions_are_right_where_brute_force_cannot_go(
    key: str, misere: bool, n: int
) -> None:
    values = big_values(key, misere)
    check_position(values, [n - a for a in AMOUNTS[key](n)], n)


def test_powers_of_two_grundy_is_n_mod_3() -> None:
    """OEIS A010872 (n mod 3); the cold positions are the multiples of 3 (see the proof in
    ``squaregame/core/rules/powers_of_two.py``)."""
    values = big_values("powers-of-two", False)
    assert values.upto >= BIG
    for n in range(0, BIG + 1, 7):
        info = values.info(n)
        assert info.grundy == n % 3
        assert (info.outcome is Outcome.COLD) == (n % 3 == 0)


def test_cubes_first_cold_positions() -> None:
    """From brute force (normal play): the first cold positions of subtract-a-cube."""
    ref = reference("cubes", False)
    cold = [n for n in range(60) if ref[n][0] == "cold"]
    values = TableStore().values(rule_of("cubes"), False, 60)  # (the 10^6 table: slow, above)
    assert [n for n in range(60) if values.info(n).outcome is Outcome.COLD] == cold
    assert cold[:8] == [0, 2, 4, 6, 9, 11, 13, 15]


@pytest.mark.slow  # (brute force of up to 13^3 positions an example; test_ui_kinds plays one)
@given(
    keys=st.lists(st.sampled_from([*RULE_KEYS, "squares", "nim", "1,3"]), min_size=2, max_size=3),
    data=st.data(),
    misere=st.booleans(),
)
def test_sums_with_the_new_rules_match_brute_force(
    keys: list[str], data: st.DataObject, misere: bool
) -> None:
    fns: dict[str, Callable[[int], list[int]]] = {
        **AMOUNTS,
        "squares": squares_amounts,
        "nim": lambda n: list(range(1, n + 1)),
        "1,3": lambda n: [a for a in (1, 3) if a <= n],
    }
    rules = [parse_rule(k) for k in keys]
    box = tuple(data.draw(st.integers(0, 12)) for _ in keys)
    game = sum_game(rules, misere, solver=sums.SumSolver())
    ref = solve(box_positions(box), sum_children([fns[k] for k in keys]), misere)
    for pos, (outcome, rem) in ref.items():
        info = game.info(pos)
        assert (info.outcome.value, info.remoteness, info.remoteness_exact) == (outcome, rem, True)
    if not misere:
        g = 0
        for rule, n in zip(rules, box, strict=True):
            g ^= pile_game(rule).info(n).grundy or 0
        assert game.info(box).grundy == g and game.info(box).outcome.is_hot == (g != 0)


def test_beyond_the_search_budget_the_nim_sum_still_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 1000)
    game = sum_game([rule_of("cubes"), rule_of("powers-of-two"), SQUARES], solver=sums.SumSolver())
    info = game.info((4000, 5000, 600))
    assert not info.remoteness_exact and info.grundy is not None
    assert info.outcome.is_hot == (info.grundy != 0)


@pytest.mark.parametrize("key", RULE_KEYS)
def test_beyond_the_table_a_clear_message_at_once(key: str) -> None:
    """Past the most any table is built (as Squares: 2·10^8), refused at once."""
    with pytest.raises(TableLimitError) as info:
        pile_game(rule_of(key), False, TableStore()).info(10**30)
    assert info.value.key == "errors.tabled_beyond_max"
    assert "beyond what squaregame can tabulate" in said(info.value)
    assert "200000000" in said(info.value)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(list(argv)) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def test_cli_subtraction_with_a_named_rule(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_cli(capsys, "analyze", "subtraction", "100", "--rule", "cubes", "--json")
    ref = reference("cubes", False)
    assert doc["rule"] == "cubes" and doc["position"] == 100
    assert (doc["outcome"], doc["remoteness"]) == ref[100]
    assert sorted(100 - m["to"] for m in doc["moves"]) == [1, 8, 27, 64]
    doc = run_cli(capsys, "analyze", "subtraction", "100", "--rule", "pow2", "--misere", "--json")
    assert doc["rule"] == "powers-of-two"
    assert (doc["outcome"], doc["remoteness"]) == reference("powers-of-two", True)[100]


def test_cli_sum_of_the_new_rules(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_cli(
        capsys, "analyze", "sum", "10", "20", "--rule", "cubes", "--rule", "powers-of-two", "--json"
    )
    ref = solve(
        box_positions((10, 20)), sum_children([cubes_amounts, powers_of_two_amounts]), False
    )
    assert doc["rule"] == ["cubes", "powers-of-two"]
    assert (doc["outcome"], doc["remoteness"]) == ref[(10, 20)]
    g = grundy(range(21), pile_children(cubes_amounts))[10] ^ 20 % 3
    assert doc["grundy"] == g


def test_cli_unknown_rule_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "subtraction", "5", "--rule", "cubez"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("squaregame: unknown rule 'cubez'") and "\n" not in err

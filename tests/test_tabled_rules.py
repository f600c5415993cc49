"""Cubes and Powers of two to the limits Squares have (issue 32): tables kept in files, built
on demand to 10^8 by the builders of core/build/amounts.py (C kernels, numpy without them),
with Squares' progress and cache behaviour; Powers of two's Grundy values from n mod 3.

The tables the program answers from are checked position by position against the
definitions (the builders themselves: tests/test_build_amounts.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from reference import grundy, pile_children
from squaregame.cli.main import main
from squaregame.core.build import native
from squaregame.core.piles.store import TableStore
from squaregame.core.rules import find_rule
from squaregame.core.rules.base import Rule
from squaregame.core.rules.cubes import cubes_reaching
from squaregame.core.types import Outcome
from squaregame.core.values import PileValues

OLD_LIMIT = 2_097_152  # what was computed for them before: past it they were refused


def rule_of(key: str) -> Rule:
    rule = find_rule(key)
    assert rule is not None and rule.tabled is not None
    return rule


def by_definition(values: PileValues, rule: Rule, n: int) -> None:
    """The definitions at ``n``, from its children's values in the same table."""
    info = values.info(n)
    kids = [values.info(n - a) for a in rule.amounts(n)]
    if not kids:
        assert info.remoteness == 0
        return
    cold = [k.remoteness for k in kids if k.outcome is Outcome.COLD]
    if info.outcome.is_hot:
        assert cold and info.remoteness == 1 + min(cold)
    else:
        assert not cold and info.remoteness == 1 + max(k.remoteness for k in kids)
    if info.grundy is not None and all(k.grundy is not None for k in kids):
        seen = {k.grundy for k in kids}
        assert info.grundy not in seen and set(range(info.grundy)) <= seen


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """The C kernels, where a compiler is found (numpy otherwise: the same values)."""
    if native.compiler() is not None:
        monkeypatch.setenv("SQUAREGAME_BUILDER", "native")


# -- the tables the program answers from -----------------------------------------------------


@pytest.mark.parametrize("key", ["cubes", "powers-of-two"])
def test_past_the_old_limit_an_answer_from_a_table_in_the_cache(
    key: str, fast: None, capsys: pytest.CaptureFixture[str], cache_dir: Any
) -> None:
    """Refused before ("beyond the 2097152 positions squaregame computes"); now built, kept
    in the cache, and read from there the next time."""
    n = OLD_LIMIT + 100_000
    assert main(["analyze", key, str(n)]) == 0
    out = capsys.readouterr().out
    assert "remoteness  " in out and "between" not in out
    files = sorted(p.name for p in cache_dir.glob(f"{key}-normal-*.sgt"))
    assert files == [f"{key}-normal-3000000.sgt"]
    rule = rule_of(key)
    assert rule.tabled is not None

    def no_build(*_: Any) -> Any:
        raise AssertionError("built again")

    store = TableStore()
    with pytest.MonkeyPatch.context() as m:
        m.setattr(rule, "tabled", rule.tabled._replace(build=no_build))
        values = store.values(rule, False, n)
        for k in (n, n - 1, 2_999_999, 12_345):
            by_definition(values, rule, k)
        assert (
            store.values(rule, True, n + 1).info(n + 1).remoteness == values.info(n).remoteness + 1
        )


def test_powers_of_two_grundy_values_from_the_formula(fast: None) -> None:
    """OEIS A010872: g(n) = n mod 3 (proved in core/rules/powers_of_two.py), wherever the
    table reaches; the table holds the remoteness alone."""
    rule = rule_of("powers-of-two")
    store = TableStore()
    values = store.values(rule, False, 2_500_000)
    for n in (0, 1, 2, 3, 2_222_222, 2_500_000, 2_999_999):
        info = values.info(n)
        assert info.grundy == n % 3 and (info.outcome is Outcome.COLD) == (n % 3 == 0)
    assert store.grundy_known_upto(rule) is None
    assert store.values(rule, True, 10).info(10).grundy is None


def test_cubes_tables_hold_their_first_grundy_values(fast: None) -> None:
    rule = rule_of("cubes")
    store = TableStore()
    values = store.values(rule, False, 2_500_000)
    assert store.grundy_known_upto(rule) == (1 << 21) - 1
    assert values.info(2_500_000).grundy is None and values.info(2_000_000).grundy is not None
    for n in (2_000_000, (1 << 21) - 1, 77_777):
        by_definition(values, rule, n)
    g = grundy(range(2001), pile_children(lambda n: [a for a in cubes_reaching(n + 1) if a <= n]))
    assert [values.info(n).grundy for n in range(2001)] == [g[n] for n in range(2001)]


def test_a_small_pile_builds_a_small_table_first(cache_dir: Any) -> None:
    """No table ships for them: a small pile is answered from 65,536 positions, in a moment
    even without the C kernels; a larger need replaces that file."""
    rule = rule_of("cubes")
    store = TableStore()
    assert store.values(rule, False, 30).upto == 65_535
    assert [p.name for p in cache_dir.glob("cubes-*.sgt")] == ["cubes-normal-65535.sgt"]


@pytest.mark.parametrize("key", ["cubes", "powers-of-two"])
def test_progress_is_reported_while_a_table_is_built(key: str, fast: None) -> None:
    seen: list[float] = []
    TableStore().values(rule_of(key), False, OLD_LIMIT + 1, progress=seen.append)
    assert seen and seen == sorted(seen) and 0.99 <= seen[-1] <= 1.0


def test_build_tables_builds_them_too(
    fast: None, capsys: pytest.CaptureFixture[str], cache_dir: Any
) -> None:
    assert main(["build-tables", "cubes", "--upto", "100000"]) == 0
    assert main(["build-tables", "powers-of-two", "--upto", "100000", "--grundy"]) == 0
    capsys.readouterr()
    store = TableStore()
    cubes, powers_rule = rule_of("cubes"), rule_of("powers-of-two")
    assert store.tabled(cubes).largest() == 100_000
    assert store.tabled(cubes).grundy_upto() == 100_000  # the first 2^21: all of these
    assert store.tabled(powers_rule).grundy_upto() == 100_000


# -- the issue's commands ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("key", "n", "remoteness"), [("powers-of-two", 10**8, 85), ("cubes", 5 * 10**7, 149)]
)
def test_the_issue_commands(
    key: str, n: int, remoteness: int, fast: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``analyze powers-of-two 100000000`` and ``analyze cubes 50000000`` (refused before):
    their answer, and the definitions at the position from its children's values."""
    assert main(["analyze", key, str(n)]) == 0
    out = capsys.readouterr().out
    assert f"remoteness  {remoteness}\n" in out
    values = TableStore().values(rule_of(key), False, n)
    by_definition(values, rule_of(key), n)

"""The rule registry: discovery, names and aliases, errors, words in every language — and
the generic machinery any rule gets (store, misère, sums, budget) without being named."""

from __future__ import annotations

import ast
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest
from build import pile_game, sum_game
from hypothesis import given
from hypothesis import strategies as st
from said import said
from source_trees import parsed_file

import squaregame.core.rules as rules_pkg
from reference import box_positions, pile_children, solve, squares_amounts, sum_children
from squaregame.core.build import rules as build_rules
from squaregame.core.errors import RuleError, TableLimitError
from squaregame.core.piles import store
from squaregame.core.piles.store import TableStore, computed_limit
from squaregame.core.rules import RULES, Rule, SetRule, discover_rules, find_rule, parse_rule
from squaregame.core.sums import solver as sums
from squaregame.text import Catalog, languages
from squaregame.text.rules import rule_label, rule_name

PACKAGE = Path(rules_pkg.__file__).parent


def declaring_modules() -> set[str]:
    """Modules of the package that assign ``RULE`` at module level, read from the source."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        tree = parsed_file(path)
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if any(isinstance(t, ast.Name) and t.id == "RULE" for t in targets):
                found.add(f"{rules_pkg.__name__}.{path.stem}")
    return found


def test_discovery_finds_every_declared_rule_exactly_once() -> None:
    modules = [type(r).__module__ for r in RULES]
    assert sorted(modules) == sorted(declaring_modules())
    assert len({r.key for r in RULES}) == len(RULES)
    assert discover_rules() == RULES  # the same answer every time
    assert [r.order for r in RULES] == sorted(r.order for r in RULES)
    assert RULES[:2] == (rules_pkg.SQUARES, rules_pkg.NIM)  # the classic games first


def test_names_and_aliases_resolve_and_never_collide() -> None:
    seen: dict[str, str] = {}
    for rule in RULES:
        for name in (rule.key, *rule.aliases):
            assert seen.setdefault(name, rule.key) == rule.key, name
            assert find_rule(name) is rule
            assert find_rule(f"  {name.upper()} ") is rule
            assert parse_rule(name) is rule
    assert find_rule("no-such-rule") is None


@pytest.mark.parametrize("text", ["cubez", "squars", "Fibonacci", "abc", "五"])
def test_unknown_names_are_refused_with_the_known_ones(text: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_rule(text)
    assert info.value.key == "rules.errors.unknown"
    message = said(info.value)
    assert "unknown rule" in message and all(r.key in message for r in RULES)
    assert "\n" not in message and len(message) < 200


@pytest.mark.parametrize(
    "text, key",
    [
        ("", "empty"),
        ("1,x", "not_a_number"),
        ("1.5", "not_a_number"),
        ("0", "not_positive"),
        ("2,2", "repeated"),
        ("9" * 20, "too_large"),
        (",".join(map(str, range(1, 70))), "too_many"),
    ],
)
def test_set_errors_carry_catalog_keys(text: str, key: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_rule(text)
    assert info.value.key == f"rules.errors.{key}"
    for lang in languages():  # every language has the sentence, with its values filled in
        from squaregame.text import error_text

        assert "{" not in error_text(info.value, Catalog(lang))


def test_every_named_rule_has_words_in_every_language() -> None:
    for lang in languages():
        cat = Catalog(lang)
        for rule in RULES:
            for part in ("name", "label"):
                assert f"rules.{rule.key}.{part}" in load_keys(lang), (lang, rule.key, part)
            assert rule_label(rule, cat) and rule_name(rule, cat)


def load_keys(lang: str) -> set[str]:
    from squaregame.text.catalog import load_catalog

    return set(load_catalog(lang))


def test_labels_in_english_and_a_finite_set_in_any_language() -> None:
    en = Catalog("en")
    assert rule_label(rules_pkg.SQUARES, en) == "squares {1, 4, 9, 16, …}"
    assert rule_label(rules_pkg.NIM, en) == "nim (any amount)"
    s = parse_rule("{8, 7, 3, 1}")
    assert s.notation == "{1, 3, 7, 8}"
    assert {rule_label(s, Catalog(lang)) for lang in languages()} == {"{1, 3, 7, 8}"}
    assert rule_name(s, Catalog("ru")) == "Вычитание {1, 3, 7, 8}"
    assert rules_pkg.SQUARES.notation == "{1, 4, 9, 16, …}"


def test_rules_compare_hash_and_pickle_by_key() -> None:
    for rule in (*RULES, SetRule([1, 3, 7, 8])):
        again = pickle.loads(pickle.dumps(rule))
        assert again == rule and hash(again) == hash(rule) and again.key == rule.key
    assert SetRule([3, 1]) == parse_rule("1,3") and SetRule([1]) != rules_pkg.NIM


def test_capabilities_are_declared_not_guessed() -> None:
    for rule in RULES:
        assert rule.contains_one == rule.allows(1, 1)
        assert not rule.is_finite and rule.members is None
        for n in (0, 1, 2, 10, 99, 1000):
            assert rule.count_amounts(n) == len(list(rule.amounts(n)))
            assert all(rule.allows(n, a) for a in rule.amounts(n))
    assert [r.key for r in RULES if r.is_any_amount] == ["nim"]
    assert [r.key for r in RULES if r.closed_form(False) is not None] == ["nim"]
    s = SetRule([2, 5])
    assert s.is_finite and s.members == (2, 5) and not s.contains_one


# -- rules the package has never heard of get everything generically ----------------------


class OddRule(Rule):
    """Take any odd amount: contains 1, and many amounts (a budget test)."""

    key = "test-odd"

    def amounts(self, n: int) -> Iterator[int]:
        return iter(range(1, n + 1, 2))

    def _is_amount(self, amount: int) -> bool:
        return amount % 2 == 1

    def count_amounts(self, n: int) -> int:
        return (max(n, 0) + 1) // 2


class BigSquaresRule(Rule):
    """Take a square of at least 4: no 1, so misère is built directly, not shifted."""

    key = "test-big-squares"

    def amounts(self, n: int) -> Iterator[int]:
        return (a for a in squares_amounts(n) if a > 1)

    def _is_amount(self, amount: int) -> bool:
        return amount > 1 and amount in squares_amounts(amount)


def odd_amounts(n: int) -> list[int]:
    return list(range(1, n + 1, 2))


def big_square_amounts(n: int) -> list[int]:
    return [a for a in squares_amounts(n) if a > 1]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize(
    "rule, amounts", [(OddRule(), odd_amounts), (BigSquaresRule(), big_square_amounts)]
)
def test_an_unregistered_rule_is_built_from_its_amounts(
    rule: Rule, amounts: object, misere: bool
) -> None:
    assert callable(amounts)
    game = pile_game(rule, misere, TableStore())
    ref = solve(range(800), pile_children(amounts), misere)
    got = {n: (game.info(n).outcome.value, game.info(n).remoteness) for n in range(800)}
    assert got == ref


@given(data=st.data(), misere=st.booleans())
def test_sums_with_unregistered_rules(data: st.DataObject, misere: bool) -> None:
    rules: list[Rule] = [OddRule(), BigSquaresRule()]
    box = (data.draw(st.integers(0, 12)), data.draw(st.integers(0, 12)))
    game = sum_game(rules, misere, TableStore(), sums.SumSolver())
    ref = solve(box_positions(box), sum_children([odd_amounts, big_square_amounts]), misere)
    for pos, (outcome, rem) in ref.items():
        info = game.info(pos)
        assert (info.outcome.value, info.remoteness) == (outcome, rem), pos


def test_the_budget_is_checked_before_any_build(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError("a build started beyond the budget")

    cap = computed_limit(OddRule())
    assert 1000 < cap < 50_000  # half of all amounts at every size: a small table
    monkeypatch.setattr(build_rules, "rule_table", no_build)
    for need in (cap + 1, 10**6, 10**30):
        with pytest.raises(TableLimitError) as info:
            TableStore().values(OddRule(), False, need)
        assert info.value.key == "rules.errors.beyond_table"
        assert f"{cap} positions" in said(info.value)


def test_budget_limits_are_monotone_and_within_the_maximum() -> None:
    for rule in (*RULES, OddRule(), BigSquaresRule()):
        if rule.closed_form(False) is not None:
            continue
        cap = computed_limit(rule)
        assert 0 < cap <= store.COMPUTED_MAX
        assert store.computed_work(rule, cap) <= store.COMPUTED_WORK
        if cap < store.COMPUTED_MAX:
            assert store.computed_work(rule, cap + 1) > store.COMPUTED_WORK


@given(
    amounts=st.lists(st.integers(1, 40), min_size=1, max_size=6, unique=True).map(sorted),
    upto=st.integers(0, 400),
    misere=st.booleans(),
)
def test_the_generic_builder_matches_the_reference(
    amounts: list[int], upto: int, misere: bool
) -> None:
    from reference import grundy, set_amounts

    rem, g = build_rules.rule_table(amounts, upto, misere=misere)
    children = pile_children(set_amounts(amounts))
    ref = solve(range(upto + 1), children, misere)
    assert [int(r) for r in rem] == [ref[n][1] for n in range(upto + 1)]
    if misere:
        assert g is None
    else:
        assert g is not None
        ref_g = grundy(range(upto + 1), children)
        assert [int(v) for v in g] == [ref_g[n] for n in range(upto + 1)]


def test_grundy_values_beyond_one_mask_word() -> None:
    """All amounts 1..150: g(n) = n up to 150, past the 64 values of one word."""
    _, g = build_rules.rule_table(list(range(1, 151)), 400, misere=False)
    assert g is not None
    assert [int(v) for v in g] == [n % 151 for n in range(401)]

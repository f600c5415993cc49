"""GameSpec: checked when made, JSON round trips, plain mappings (dialogs, lessons), and
the one way games are built."""

from __future__ import annotations

import json
from typing import Any

import pytest
from build import KINDS, make_spec
from hypothesis import given
from hypothesis import strategies as st
from said import raises_saying, said

from squaregame.core.errors import GameError
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families.pile.kinds import RULE_KINDS, SUBTRACTION
from squaregame.families.sums.kind import SUM
from squaregame.families.wythoff.kind import WYTHOFF

rule_texts = st.one_of(
    st.sampled_from(["squares", "nim"]),
    st.lists(st.integers(1, 40), min_size=1, max_size=5, unique=True).map(
        lambda xs: ",".join(map(str, xs))
    ),
)


@st.composite
def specs(draw: st.DrawFn) -> GameSpec:
    kind = draw(st.sampled_from(KINDS))
    misere = draw(st.booleans())
    n = st.integers(0, 10**6)
    if kind in RULE_KINDS:
        rules: tuple[str, ...] = draw(st.sampled_from([(), (kind.key,)]))
        position: Any = draw(st.none() | st.tuples(n))
    elif kind is SUBTRACTION:
        rules, position = (draw(rule_texts),), draw(st.none() | st.tuples(n))
    elif kind is WYTHOFF:
        rules, position = (), draw(st.none() | st.tuples(n, n))
    elif kind is not SUM:  # any other family: its count of numbers, its example rule
        lo, hi = kind.position_param.count
        size = draw(st.integers(lo, hi))
        least = st.integers(kind.position_param.minimum or 0, 10**6)
        rule = kind.param("rule")
        rules = (rule.example,) if rule is not None else ()
        position = draw(st.none() | st.lists(least, min_size=size, max_size=size).map(tuple))
    else:
        piles = draw(st.integers(1, 8))
        rules = tuple(draw(st.lists(rule_texts, min_size=piles, max_size=piles)))
        if draw(st.booleans()):
            rules = rules[:1]  # one rule for all piles
        position = draw(st.none() | st.lists(n, min_size=piles, max_size=piles).map(tuple))
        if position is None:
            rules = tuple(rules) * (piles if len(rules) == 1 else 1)
    name = draw(st.sampled_from(kind.names))
    return make_spec(name, rules, misere, position)


@given(specs())
def test_json_round_trip(spec: GameSpec) -> None:
    assert KINDS.spec_from_json(spec.to_json()) == spec
    assert KINDS.spec_from_mapping(json.loads(spec.to_json())) == spec
    again = GameSpec(spec.kind, spec.rules, spec.misere, spec.position)
    assert again == spec and hash(again) == hash(spec)


@given(specs())
def test_a_spec_is_canonical(spec: GameSpec) -> None:
    kind = spec.kind
    assert KINDS.find(kind.key) is kind  # the kind itself, whatever name it was given by
    if kind is SUM and spec.position is not None:
        assert len(spec.rules) == len(spec.position)  # one rule per pile, as played
    if kind in RULE_KINDS:
        assert spec.rules == (kind.rule,)


def test_json_form_is_plain() -> None:
    spec = make_spec("sum", ("squares", "1,3,7,8"), True, (5, 7))
    assert json.loads(spec.to_json()) == {
        "game": "sum",
        "rules": ["squares", "1,3,7,8"],
        "misere": True,
        "position": [5, 7],
    }


@pytest.mark.parametrize(
    "text, key",
    [
        ("{not json", "errors.spec_not_json"),
        ("[1, 2]", "errors.spec_not_json"),
        ('{"rules": []}', "errors.spec_field"),
        ('{"game": 3}', "errors.spec_field"),
        ('{"game": "squares", "misere": "yes"}', "errors.spec_field"),
        ('{"game": "squares", "position": [true]}', "errors.spec_field"),
        ('{"game": "squares", "position": "75"}', "errors.spec_field"),
        ('{"game": "sum", "rules": [1, 2]}', "errors.spec_field"),
        ('{"game": "squares", "colour": "red"}', "errors.spec_field"),
        ('{"game": "chess"}', "errors.unknown_game"),
        ('{"game": "squares", "position": [-1]}', "errors.negative_number"),
        ('{"game": "wythoff", "position": [1]}', "errors.position_count"),
        ('{"game": "sum", "rules": ["a"]}', "unknown rule 'a'"),  # the rule's own message
        ('{"game": "subtraction", "rules": []}', "errors.subtraction_needs_rule"),
        (
            '{"game": "sum", "rules": ["nim", "nim"], "position": [1, 2, 3]}',
            "sums.errors.rule_count",
        ),
    ],
)
def test_bad_json_is_a_game_error(text: str, key: str) -> None:
    with pytest.raises(GameError) as caught:
        KINDS.spec_from_json(text)
    assert caught.value.key == key or key in said(caught.value)


def test_from_mapping_reads_lesson_steps() -> None:
    step = {"kind": "try", "game": "subtraction", "rule": "1,3,7,8", "position": 12, "text": "…"}
    assert KINDS.spec_from_mapping(step) == make_spec("subtraction", ("1,3,7,8",), False, (12,))
    step = {"game": "sum", "rules": ["squares", "squares"], "misere": True}
    assert KINDS.spec_from_mapping(step).rule_keys == ("squares", "squares")
    assert KINDS.spec_from_mapping({"game": "wythoff", "position": [3, 5]}).position == (3, 5)
    assert KINDS.spec_from_mapping(
        {"game": "sum", "rule": "nim", "position": [2, 3]}
    ).rule_keys == (
        "nim",
        "nim",
    )


def test_build_and_start_share_the_callers_tables() -> None:
    tables = Tables()
    games = [
        make_spec(k, position=p).build(tables) for k, p in (("wythoff", (3, 5)), ("sum", (5, 7)))
    ]
    assert all(g.tables is tables for g in games)
    wythoff = make_spec("wythoff", position=(3, 5))
    assert wythoff.start(wythoff.build(tables)) == (3, 5)
    a, b = wythoff.build(tables), wythoff.build(tables)
    a.info((3, 5))
    assert b.table(5) is a.table(5)  # one board, built once, for both games
    with raises_saying(GameError, "no start position"):
        make_spec("squares").start(make_spec("squares").build(tables))
    with raises_saying(GameError, "up to 1,000,000,000,000,000,000"):
        make_spec("wythoff", position=(10**19, 1)).start(make_spec("wythoff").build(tables))


def test_a_random_start_has_the_kinds_shape() -> None:
    import random

    rng = random.Random(1)
    for kind in KINDS:
        rule = kind.param("rule")
        rules = (
            ("1,2",) if kind is SUBTRACTION else (rule.example,) if rule and rule.count[0] else ()
        )
        spec = make_spec(kind.key, rules).with_random_position(rng)
        assert spec.position is not None
        game = spec.build(Tables())
        assert game.position_values(spec.start(game)) == spec.position

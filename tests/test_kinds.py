"""The families' kinds: every kind once, names and aliases, the command line's options
from the kinds' Params, and the legality checks screens ask instead of re-checking."""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from build import KINDS, make_spec
from said import raises_saying, said

from squaregame.cli.main import make_parser
from squaregame.core import rules as rule_registry
from squaregame.core.errors import GameError, PositionError
from squaregame.core.rules import NIM, SQUARES, SetRule
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families.pile.kinds import RULE_KINDS, SUBTRACTION, kind_for
from squaregame.families.sums.kind import SUM
from squaregame.families.wythoff.kind import WYTHOFF
from squaregame.text import Catalog, error_text


def test_every_kind_is_listed_once_and_every_name_finds_it() -> None:
    keys = [k.key for k in KINDS]
    assert len(keys) == len(set(keys))
    names = [n for k in KINDS for n in k.names]
    assert len(names) == len(set(names)), "an alias is shared by two kinds"
    for kind in KINDS:
        for name in kind.names:
            assert KINDS.find(name) is kind
            assert KINDS.find(f"  {name.upper()} ") is kind
    assert {"squares", "nim", "subtraction", "wythoff", "sum"} <= set(keys)
    assert KINDS.find("sq") is kind_for(SQUARES) and KINDS.find("queen") is WYTHOFF


def test_unknown_kind_names_every_kind() -> None:
    with pytest.raises(GameError) as caught:
        KINDS.find("chess")
    message = said(caught.value)
    assert message.startswith("unknown game 'chess'")
    for kind in KINDS:
        assert kind.key in message


def test_a_one_pile_kind_for_every_infinite_rule() -> None:
    infinite = [r for r in rule_registry.RULES if not r.is_finite]
    assert [k.rule for k in RULE_KINDS] == infinite and [k.key for k in RULE_KINDS] == [
        r.key for r in infinite
    ]
    assert [k for k in KINDS if k.rule is not None] == list(RULE_KINDS)
    assert kind_for(NIM).key == "nim" and kind_for(SetRule([1, 2])) is SUBTRACTION


def parse(*argv: str) -> argparse.Namespace:
    return make_parser().parse_args(list(argv))


def spec_of(*argv: str) -> GameSpec:
    args = parse(*argv)
    return KINDS.spec_from_options(args.game, vars(args), [int(v) for v in args.position])


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["analyze", "squares", "75"], make_spec("squares", ("squares",), False, (75,))),
        (["analyze", "sq", "75", "--misere"], make_spec("squares", (), True, (75,))),
        (["analyze", "nim", "9"], make_spec("nim", ("nim",), False, (9,))),
        (
            ["analyze", "subtraction", "21", "--rule", "{8,7,3,1}"],
            make_spec("subtraction", ("1,3,7,8",), False, (21,)),
        ),
        (
            ["analyze", "subtraction", "5", "--rule", "nim"],
            make_spec("subtraction", ("nim",), False, (5,)),
        ),
        (["analyze", "wythoff", "3", "5"], make_spec("wythoff", (), False, (3, 5))),
        (["analyze", "sum", "5", "7", "10"], make_spec("sum", ("squares",) * 3, False, (5, 7, 10))),
        (
            ["analyze", "sum", "5", "7", "--rule", "nim", "--rule", "1,2"],
            make_spec("sum", ("nim", "1,2"), False, (5, 7)),
        ),
        (
            ["analyze", "sums", "5", "7", "--rule", "nim", "--misere"],
            make_spec("sum", ("nim", "nim"), True, (5, 7)),
        ),
    ],
)
def test_argv_to_spec_for_each_kind(argv: list[str], expected: GameSpec) -> None:
    assert spec_of(*argv) == expected


@pytest.mark.parametrize(
    "argv, message",
    [
        (["analyze", "wythoff", "3", "5", "--rule", "nim"], "wythoff takes no --rule"),
        (["analyze", "squares", "3", "--rule", "nim"], "squares takes no --rule"),
        (["analyze", "subtraction", "3"], "subtraction needs one --rule"),
        (["analyze", "subtraction", "3", "--rule", "1", "--rule", "2"], "needs one --rule"),
        (["analyze", "wythoff", "3"], "wythoff takes X Y, got 1 number"),
        (["analyze", "squares", "3", "4"], "squares takes N, got 2 numbers"),
        (["analyze", "sum", *"123456789"], "at most 8 piles, not 9"),
        (["analyze", "sum", "1", "2", "--rule", "1", "--rule", "2", "--rule", "3"], "once per"),
        (["analyze", "squares", "-3"], "cannot be negative (got -3)"),
        (["analyze", "sum", "3", "-3"], "pile 2 cannot be negative"),
    ],
)
def test_argv_errors_say_what_is_wrong(argv: list[str], message: str) -> None:
    with pytest.raises(GameError) as caught:
        spec_of(*argv)
    assert message in said(caught.value)


def test_the_options_come_from_the_params() -> None:
    help_text = make_parser()._subparsers._group_actions[0].choices["analyze"].format_help()  # type: ignore[union-attr]
    for kind in KINDS:
        for param in kind.params:
            if param.flag and param.name != "position":
                assert param.flag in help_text


def test_param_parse_and_form_field() -> None:
    misere = SUM.param("misere")
    rule = SUM.param("rule")
    assert misere is not None and rule is not None
    assert misere.parse("yes") is True and misere.parse("normal") is False
    assert [r.key for r in rule.parse("squares; 1,3,7,8")] == ["squares", "1,3,7,8"]
    assert rule.parse("") == ()
    assert WYTHOFF.position_param.parse("(7, 9)") == (7, 9)
    assert KINDS.find("squares").position_param.parse("1,000,000") == (1_000_000,)
    field = WYTHOFF.position_param.form_field()
    assert field.label_key == "wythoff.params.start_xy.label" and field.example == "7 9"
    assert Catalog("en")(field.label_key) == "Start x y"
    for text, key in (("", "wythoff.params.start_xy.type"), ("7", "wythoff.params.start_xy.type"),
                      ("7 x", "errors.not_whole_number")):  # fmt: skip
        with pytest.raises(GameError) as caught:
            WYTHOFF.position_param.parse(text)
        assert caught.value.key == key
    with raises_saying(GameError, "neither yes nor no"):
        misere.parse("perhaps")


def game_of(kind: str, *rules: str) -> Any:
    return make_spec(kind, rules).build(Tables())


@pytest.mark.parametrize(
    "kind, rules, pos, text, to",
    [
        ("squares", (), 75, "36", 39),
        ("subtraction", ("1,3,7,8",), 21, "7", 14),
        ("nim", (), 10, "10", 0),
        ("wythoff", (), (7, 9), "4 6", (4, 6)),
        ("wythoff", (), (7, 9), "(7,2)", (7, 2)),
        ("sum", ("1,3,7,8", "1,2,3,4"), (15, 15), "2 4", (15, 11)),
        ("sum", ("1,3,7,8", "1,2,3,4"), (15, 15), "3", (12, 15)),
    ],
)
def test_typed_moves_are_read_and_checked(
    kind: str, rules: tuple[str, ...], pos: Any, text: str, to: Any
) -> None:
    game = game_of(kind, *rules)
    assert game.move_from_text(pos, text) == to
    assert game.check_move(pos, to).target == to


@pytest.mark.parametrize(
    "kind, rules, pos, text, message",
    [
        ("squares", (), 75, "8", "8 is not a perfect square"),
        ("squares", (), 75, "100", "cannot take 100 from 75"),
        ("squares", (), 75, "0", "take a positive amount"),
        ("squares", (), 75, "abc", "'abc' is not an amount"),
        ("subtraction", ("1,3,7,8",), 21, "5", "5 is not in the rule {1, 3, 7, 8}"),
        ("wythoff", (), (7, 9), "5 6", "(5,6) cannot be reached: the queen moves"),
        ("wythoff", (), (7, 9), "7 9", "cannot be reached"),
        ("sum", ("1,3,7,8", "1,2,3,4"), (15, 15), "5", "not allowed by pile 1's rule {1, 3, 7, 8}"),
        ("sum", ("1,3,7,8", "1,2,3,4"), (15, 15), "3 1", "there is no pile 3"),
        ("sum", ("1,3,7,8", "1,2,3,4"), (15, 15), "2 16", "cannot take 16 from pile 2 (it has 15)"),
        ("sum", ("squares",), (4, 4), "1 2 3", "Type an amount, or a pile and an amount"),
    ],
)
def test_illegal_typed_moves_say_why(
    kind: str, rules: tuple[str, ...], pos: Any, text: str, message: str
) -> None:
    game = game_of(kind, *rules)
    with pytest.raises(GameError) as caught:
        game.move_from_text(pos, text, pile=0)
    assert message in said(caught.value)


def test_check_move_on_positions() -> None:
    sums = game_of("sum", "squares", "squares")
    with raises_saying(PositionError, "exactly one pile"):
        sums.check_move((5, 5), (4, 4))
    wythoff = game_of("wythoff")
    move = wythoff.check_move((3, 5), (1, 3))
    assert (move.shape, move.amount, move.steps, move.pile) == ("diagonal", None, 2, None)
    assert [wythoff.move((3, 5), to).shape for to in ((1, 5), (3, 0))] == ["left", "down"]
    pile = game_of("squares")
    move = pile.check_move(75, 39)
    assert (move.shape, move.amount, move.pile) == ("take", 36, None)
    move = sums.check_move((5, 5), (5, 1))
    assert (move.shape, move.amount, move.pile) == ("take", 4, 1)


def test_every_kind_has_its_words_in_every_language() -> None:
    from squaregame.text.games import kind_title

    for lang in ("en", "ru", "es"):
        cat = Catalog(lang)
        for kind in KINDS:
            assert cat.has(kind.title_key), kind
            assert kind_title(kind, (), cat)
            assert cat.has(f"{kind.area}.position"), kind
            for p in kind.params:
                assert cat.has(p.help_key), p
                if p.name == "position":
                    assert cat.has(p.label_key) and cat.has(p.what_key), p
                    assert cat.has(p.type_key), p
        assert error_text(GameError("errors.unknown_game", name="x", choices="y"), cat)


def test_a_kinds_defaults_serve_any_count_of_numbers() -> None:
    """What a new family's kind gets without writing it: records read back what they wrote,
    a kind without rules has a null ``rule`` in the JSON, a random start has as many
    numbers as a position takes."""
    import random

    from squaregame.core.game import GameKind
    from squaregame.core.writing import plain_notation

    for kind in KINDS:
        lo = kind.position_param.count[0]
        values = tuple(range(3, 3 + max(lo, 1)))
        assert kind.read_record_notation(kind.record_notation(values)) == values
        assert len(GameKind.random_position(kind, (), random.Random(1))) == max(lo, 1)
    assert plain_notation(" 5 + 7+10 ") == (5, 7, 10) and plain_notation("(3,5)") is None
    assert GameKind.rule_json(KINDS[0], ()) is None
    words = GameKind.position_words(KINDS[-1], (5, 7))
    assert words["values"] == "5 + 7" and (words["x"], words["y"]) == (5, 7)

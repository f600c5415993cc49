"""The take-and-break family played: outcome, remoteness and Grundy value of rows against a
plain brute force (both conventions), the bounds beyond the search, rows too long to list
(counted from the period), typed moves and the command line."""

from __future__ import annotations

import itertools
import json
from functools import cache, reduce
from operator import xor

import pytest

from squaregame.cli.main import main
from squaregame.core.errors import GameError
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.octal import big
from squaregame.families.octal.code import (
    DAWSONS_CHESS,
    DAWSONS_KAYLES,
    GRUNDYS_GAME,
    KAYLES,
    HeapRule,
    PileRule,
    parse_code,
)
from squaregame.families.octal.game import MOVE_LIMIT, RowsGame
from squaregame.families.octal.search import bounds, longest_play, shortest_play
from squaregame.families.octal.values import grundy_reference

RULES: list[HeapRule] = [
    KAYLES,
    DAWSONS_KAYLES,
    DAWSONS_CHESS,
    GRUNDYS_GAME,
    *(parse_code(c) for c in ("0.6", "0.31", "0.45", "4.07", "0.1", "0.34", "0.52", "0.007")),
]


def game_of(rule: HeapRule, misere: bool = False) -> RowsGame:
    spec = GAMES.kinds.spec("octal", [rule.key], misere)
    game = spec.build(Tables())
    assert isinstance(game, RowsGame)
    return game


def reference(rule: HeapRule, misere: bool):  # type: ignore[no-untyped-def]
    """(cold, remoteness) of rows in order, by the definitions, nothing left out."""

    @cache
    def value(rows: tuple[int, ...]) -> tuple[bool, int]:
        kids = [
            (*rows[:i], *parts, *rows[i + 1 :])
            for i, n in enumerate(rows)
            for parts in rule.options(n)
        ]
        if not kids:
            return (not misere, 0)
        vals = [value(k) for k in kids]
        cold = [r for c, r in vals if c]
        if cold:
            return (False, 1 + min(cold))
        return (True, 1 + max(r for _c, r in vals))

    return value


def small_rows(tokens: int, most_rows: int = 3) -> list[tuple[int, ...]]:
    out = []
    for k in range(1, most_rows + 1):
        for rows in itertools.product(range(1, tokens + 1), repeat=k):
            if sum(rows) <= tokens:
                out.append(rows)
    return out


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.key)
def test_outcome_and_remoteness_agree_with_brute_force(rule: HeapRule, misere: bool) -> None:
    game, ref = game_of(rule, misere), reference(rule, misere)
    g = grundy_reference(rule, 12)
    for rows in small_rows(11):
        info = game.info(rows)
        cold, rem = ref(rows)
        assert (info.outcome is Outcome.COLD, info.remoteness) == (cold, rem), rows
        assert info.remoteness_exact
        if not misere:
            assert info.grundy == reduce(xor, (g[n] for n in rows), 0), rows
            assert cold == (info.grundy == 0)


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
def test_every_two_digit_code_agrees_with_brute_force(misere: bool) -> None:
    for d1, d2 in itertools.product(range(8), repeat=2):
        if not (d1 or d2):
            continue
        rule = parse_code(f"0.{d1}{d2}")
        game, ref = game_of(rule, misere), reference(rule, misere)
        for rows in small_rows(8):
            info = game.info(rows)
            assert (info.outcome is Outcome.COLD, info.remoteness) == ref(rows), (rule, rows)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.key)
def test_the_bounds_hold_where_the_search_knows(rule: HeapRule) -> None:
    """A, A' and B of search.py against the exact remoteness, on every small position."""
    game = game_of(rule)
    for rows in small_rows(14, 2):
        info = game.info(rows)
        terminal = not any(game.live(n) for n in rows)
        lo, hi = bounds(
            info.outcome is Outcome.COLD,
            terminal,
            shortest_play(game.solved, rows),
            longest_play(game.solved, rows),
        )
        assert lo <= info.remoteness <= hi, (rows, lo, info.remoteness, hi)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.key)
def test_moves_counted_and_found_by_index_as_listed(rule: HeapRule) -> None:
    game = game_of(rule)
    for rows in [(7,), (3, 9), (12, 1, 5), (2, 1, 1, 4), (2, 2, 2, 5), (3, 3)]:
        kids = game.children(rows)
        assert len(set(kids)) == len(kids), rows  # no two moves lead to the same rows
        assert (
            set(kids)
            == {  # ... and none is missing
                (*rows[:i], *parts, *rows[i + 1 :])
                for i, n in enumerate(rows)
                for parts in rule.options(n)
            }
        )
        assert game.move_count(rows) == len(kids)
        assert [game.move_target(rows, k) for k in range(len(kids))] == kids
        for kid in kids:  # every child is a move the rule allows, read back from the rows
            m = game.move(rows, kid)
            assert game.take(rows, m.pile or 0, m.amount or 0, _left(m.parts)) == kid


def _left(parts: tuple[int, ...] | None) -> int | None:
    return parts[0] if parts and len(parts) == 2 else None


@pytest.mark.parametrize("rule", [KAYLES, DAWSONS_KAYLES, DAWSONS_CHESS], ids=lambda r: r.key)
def test_splits_counted_by_residues_as_by_listing(rule: HeapRule) -> None:
    """The periodic count of winning splits (big.py) against the plain array, over a range
    of heaps far past the preperiod, for every target value."""
    game = game_of(rule)
    found = game.store.periodicity(rule)
    assert found is not None and found.proven
    short = big.Values(
        game.store.values(rule, found.preperiod + found.period), found.preperiod, found.period
    )
    full = big.Values(game.store.values(rule, 3000))
    for rest in range(
        2 * found.preperiod + 3 * found.period, 2 * found.preperiod + 5 * found.period
    ):
        block = big.Block(2, rest, "split", 1, rest // 2)
        for target in range(8):
            assert big.winning_splits(block, target, short, 50) == big.winning_splits(
                block, target, full, 50
            ), (rest, target)


def test_a_row_of_a_billion_pins_answers_from_the_period() -> None:
    game = game_of(KAYLES)
    n = 10**9
    a = game.analyze((n,))
    assert a.info.grundy == game.store.grundy(KAYLES, n)  # G from the proven period
    assert not a.info.remoteness_exact
    assert a.info.remoteness_lower <= a.info.upper  # type: ignore[operator]
    assert a.summary is not None and a.summary.total == 1 + (n - 1) // 2 + 1 + (n - 2) // 2
    assert a.summary.winning > 0
    # the symmetric move (take the middle pin or two) wins: two equal rows have nim-sum 0
    assert all(m.wins == (game.grundy(m.to) == 0) for m in a.moves)
    best = a.best_moves()
    assert best and all(game.grundy(m.to) == 0 for m in best)


def test_a_long_row_counts_its_winning_moves_exactly() -> None:
    """Past MOVE_LIMIT (big.analysis) the counts equal those of the listed moves."""
    game = game_of(GRUNDYS_GAME)
    n = 2 * MOVE_LIMIT + 101
    a = game.analyze((n,))
    g = game.store.values(GRUNDYS_GAME, n)
    wins = sum(1 for x in range(1, (n - 1) // 2 + 1) if g[x] ^ g[n - x] == 0)
    assert a.summary is not None
    assert (a.summary.total, a.summary.winning) == ((n - 1) // 2, wins)


def test_typed_moves_read_a_row_an_amount_and_what_stays_left() -> None:
    game = game_of(KAYLES)
    assert game.move_from_text((10,), "1") == (9,)
    assert game.move_from_text((3, 10), "2 2 3") == (3, 3, 5)
    assert game.move_from_text((3, 10), "2 2 5") == (3, 3, 5)  # five on the left: the same rows
    with pytest.raises(GameError):
        game.move_from_text((3, 10), "2 3")  # Kayles takes one or two
    with pytest.raises(GameError):
        game.move_from_text((3, 10), "3 1")  # no row 3
    grundy = game_of(GRUNDYS_GAME)
    assert grundy.move_from_text((7,), "1 0 3") == (3, 4)
    with pytest.raises(GameError):
        grundy.move_from_text((8,), "1 0 4")  # equal rows: not in Grundy's game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_json_has_the_usual_fields_and_the_proven_period(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "analyze", "kayles", "3", "5", "7", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["game"] == "kayles" and doc["rule"] == "0.77"
    assert doc["position"] == [3, 5, 7] and doc["grundy"] == 3 ^ 4 ^ 2  # G(3), G(5), G(7) of Kayles
    for key in ("outcome", "remoteness", "remoteness_lower", "remoteness_upper", "grundy"):
        assert key in doc
    assert doc["periods"]["grundy"] == {"preperiod": 71, "period": 12, "proven": True}
    assert doc["winning_moves"] and doc["ai_move"] in doc["winning_moves"]
    code, out, _ = run(capsys, "analyze", "octal", "20", "--code", "0.07", "--json")
    assert json.loads(out)["periods"]["grundy"] == {"preperiod": 53, "period": 34, "proven": True}
    code, out, _ = run(capsys, "analyze", "grundys-game", "12", "--json")
    assert code == 0 and "periods" not in json.loads(out)  # nothing proven: nothing said


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["analyze", "octal", "5", "--code", "0.78"], "digit 8"),
        (["analyze", "octal", "5", "--code", "2.07"], "before the point"),
        (["analyze", "octal", "5"], "--code"),
        (["analyze", "kayles", "3", "0"], "row 2"),
        (["analyze", "kayles", "--", "-3"], "row 1"),
        (["analyze", "octal", "40", "--code", "0.6", "--misere"], "misère"),
        (["analyze", "grundys-game", "1000000000"], "no period"),
        (["analyze", "kayles", *["1"] * 13], "at most 12 rows"),
        (["analyze", "kayles", "5", "--code", "0.6"], "takes no --code"),
        (["analyze", "sum", "5", "--code", "0.6"], "takes no --code"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1, err


def test_the_bench_times_the_family_through_the_command_line() -> None:
    from squaregame.bench.figures import answer_figures
    from squaregame.bench.games import answers
    from squaregame.cli.bench import parse_groups

    assert parse_groups("octal") == ["octal"]
    octal = answers()["octal"]
    figures = list(answer_figures(octal, {}))
    assert len(figures) == len(octal.figures) == 5 and octal.work
    for f, asked in zip(figures, octal.figures, strict=True):
        assert f.ours.shown == " ".join(["squaregame", "analyze", *asked.words, "--json"])
        assert f.ref.shown == "squaregame analyze squares 1000 --json"
        assert f.key == asked.key and f.seconds_goal == asked.seconds
    assert [f.words[0] for f in octal.figures] == [
        "kayles", "dawsons-kayles", "grundys-game", "octal", "octal"
    ]  # fmt: skip
    assert all(GAMES.kinds.find(f.words[0]) is not None for f in octal.figures)


# -- games side by side: a row of one rule beside a pile of another ------------------------
def mixed_game(codes: list[str], misere: bool = False) -> RowsGame:
    game = GAMES.kinds.spec("octal", codes, misere).build(Tables())
    assert isinstance(game, RowsGame)
    return game


def mixed_reference(rules: list[HeapRule], misere: bool):  # type: ignore[no-untyped-def]
    """(cold, remoteness) of rows in groups (0 between groups), by the definitions."""

    @cache
    def value(rows: tuple[int, ...]) -> tuple[bool, int]:
        kids, group = [], 0
        for i, n in enumerate(rows):
            if n == 0:
                group += 1
                continue
            for parts in rules[group].options(n):
                kids.append((*rows[:i], *parts, *rows[i + 1 :]))
        if not kids:
            return (not misere, 0)
        vals = [value(k) for k in kids]
        cold = [r for c, r in vals if c]
        return (False, 1 + min(cold)) if cold else (True, 1 + max(r for _c, r in vals))

    return value


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize(
    "codes", [["kayles", "squares"], ["0.07", "nim", "grundys-game"], ["1,3", "0.6"]]
)
def test_games_side_by_side_agree_with_brute_force(codes: list[str], misere: bool) -> None:
    """A Kayles row beside a Squares pile (and others): the sum of games of two families,
    each row under its own rule, against the plain recursion; Grundy values combine."""
    game = mixed_game(codes, misere)
    rules = list(game.group_rules)
    ref = mixed_reference(rules, misere)
    for sizes in itertools.product(range(0, 7), repeat=len(codes)):
        rows = (
            game.with_groups(sizes) if all(sizes) else tuple(x for v in sizes for x in (0, v))[1:]
        )
        rows = tuple(v for i, v in enumerate(rows) if v or i % 2)  # an empty group: no row
        info = game.info(rows)
        assert (info.outcome is Outcome.COLD, info.remoteness) == ref(rows), (codes, rows)
        if not misere:
            g = [grundy_reference(r, 8) if not isinstance(r, PileRule) else None for r in rules]
            values = [
                g[k][n] if g[k] is not None else game.store.grundy(rules[k], n)
                for k, n in enumerate(sizes)
                if n
            ]
            assert info.grundy == reduce(xor, values, 0)


def test_a_kayles_row_beside_a_squares_pile_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "analyze", "octal", "7", "10", "--code", "kayles", "--code", "squares", "--json"
    )
    doc = json.loads(out)
    assert code == 0 and doc["rule"] == ["0.77", "squares"] and doc["position"] == [7, 0, 10]
    squares = mixed_game(["kayles", "squares"]).group_rules[1]
    assert doc["grundy"] == grundy_reference(KAYLES, 7)[7] ^ grundy_reference(squares, 10)[10]
    for move in doc["moves"]:  # a move changes one group: the pile stays a pile
        assert move["to"].count(0) == 1
    code, _out, err = run(
        capsys, "analyze", "octal", "7", "10", "12", "--code", "kayles", "--code", "squares"
    )
    assert code == 2 and "one row for each" in err
    game = mixed_game(["kayles", "squares"])
    assert game.move_from_text((7, 0, 10), "2 9") == (7, 0, 1)  # row 2 is the pile
    with pytest.raises(GameError):
        game.move_from_text((7, 0, 10), "2 2")  # 2 is not a square
    assert game.move((7, 0, 10), (3, 3, 0, 10)).pile == 0
    assert game.move((7, 0, 10), (7, 0, 6)).pile == 1  # the second row, not index 2


def test_a_kind_knows_a_terminal_position_without_tables() -> None:
    """The menu's look at a save asks the kind, with no tables: the search's test of a row
    that can move (Dawson's Kayles: a row of 1 cannot; a Squares pile of 1 can)."""
    dawson = GAMES.kinds.find("dawsons-kayles")
    assert dawson.is_terminal((DAWSONS_KAYLES,), (1, 1)) is True  # type: ignore[arg-type]
    assert dawson.is_terminal((DAWSONS_KAYLES,), (1, 2)) is False  # type: ignore[arg-type]
    assert dawson.is_terminal((DAWSONS_KAYLES,), (10**18,)) is False  # type: ignore[arg-type]
    mixed = mixed_game(["0.07", "squares"])
    assert mixed.is_terminal((1, 0, 1)) is False and mixed.is_terminal((1, 1, 0)) is True


def test_a_named_rule_is_said_by_its_title_in_the_language() -> None:
    from squaregame.core.errors import GameError
    from squaregame.text import error_text, set_language
    from squaregame.text.current import current

    game = mixed_game(["grundys-game"])
    before = current().lang
    try:
        for lang, said in (("ru", "«Игра Гранди»"), ("es", "«Juego de Grundy»")):
            set_language(lang)
            with pytest.raises(GameError) as refused:
                game.move_from_text((9,), "1 3")
            assert said in error_text(refused.value)
    finally:
        set_language(before)

"""Misère quotients of octal codes (families/octal/quotient.py, monoid.py, candidate.py,
misere.py): every proven quotient agrees with the plain misère search on every sum of rows
tried, outcome and winning moves, and the app answers from it beyond the search."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squaregame.cli.main import main
from squaregame.core.errors import TableLimitError
from squaregame.core.tables import Tables
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.octal.code import parse_code
from squaregame.families.octal.game import RowsGame
from squaregame.families.octal.misere import bounds
from squaregame.families.octal.monoid import Monoid, failure, reduced
from squaregame.families.octal.quotient import Quotient, Unproven, quotient
from squaregame.families.octal.search import Solved

PROVEN = ["0.77", "0.75", "0.52", "0.31", "0.73"]


@cache
def proven(code: str) -> Quotient:
    found = quotient(parse_code(code))
    assert isinstance(found, Quotient), found
    return found


def sums(tokens: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of rows (sorted, largest first) of at most ``tokens`` tokens."""

    def parts(t: int, top: int) -> Iterator[tuple[int, ...]]:
        if t == 0:
            yield ()
            return
        for a in range(min(t, top), 0, -1):
            for rest in parts(t - a, a):
                yield (a, *rest)

    for t in range(tokens + 1):
        yield from parts(t, t)


def agree(code: str, tokens: int) -> int:
    """Compare the quotient with the plain search on every sum of at most ``tokens`` tokens:
    the outcome, and which moves win (the options left cold)."""
    rule, q = parse_code(code), proven(code)
    search = Solved((rule,), True)
    checked = 0
    for rows in sums(tokens):
        cold, _rem = search.value(rows)
        assert q.cold(rows) == cold, rows
        for i, n in enumerate(rows):
            for parts in rule.options(n):
                child = (*rows[:i], *parts, *rows[i + 1 :])
                assert q.cold(child) == search.value(child)[0], (rows, child)
        checked += 1
    return checked


@pytest.mark.sweep
@pytest.mark.parametrize("code", PROVEN)
def test_a_proven_quotient_agrees_with_the_search_on_small_sums(code: str) -> None:
    assert agree(code, 16) > 200


@pytest.mark.slow
@pytest.mark.parametrize("code", PROVEN)
def test_a_proven_quotient_agrees_with_the_search_to_30_tokens(code: str) -> None:
    assert agree(code, 30) > 28_000


def test_kayles_quotient_is_proven_with_its_period() -> None:
    # Sibert and Conway's solution has Kayles' misère values periodic with period 12 from
    # 71; the quotient found here is reduced (so it is the quotient of all Kayles sums)
    q = proven("0.77")
    assert (q.period, q.preperiod) == (12, 71)
    assert q.monoid.order == 40 and len(q.cold_elements) == 9
    assert q.monoid.order % 2 == 0  # every impartial misère quotient has even order (PS08)
    # a heap of 8 is hot and a heap of 9 cold under misère Kayles' rule, unlike misère Nim
    assert not q.cold((8,)) and q.cold((9,))


@pytest.mark.parametrize("code", PROVEN)
def test_the_quotient_passes_its_own_check_and_is_reduced(code: str) -> None:
    q = proven(code)
    rule = parse_code(code)
    classes = []
    for n in range(1, q.upto + 1):
        opts = rule.options(n)
        if opts:
            images = frozenset(q.element(p) for p in opts)
            classes.append((q.image(n), images))
    assert failure(q.monoid, list(dict.fromkeys(classes)), 100_000) is None
    again, _where = reduced(
        0,
        sorted({g for g, _o in classes}),
        lambda a, b: q.monoid.mul[a][b],
        lambda x: q.monoid.cold[x],
    )
    assert again.order == q.monoid.order


@settings(max_examples=60, deadline=None)
@given(
    code=st.sampled_from(PROVEN),
    rows=st.lists(st.integers(1, 400), min_size=1, max_size=4),
)
def test_big_rows_follow_the_misere_rule_through_their_options(code: str, rows: list[int]) -> None:
    # (L): a sum is cold exactly when it has a move and every move leaves a hot sum
    q, rule = proven(code), parse_code(code)
    kids = [
        (*rows[:i], *parts, *rows[i + 1 :]) for i, n in enumerate(rows) for parts in rule.options(n)
    ]
    assert q.cold(tuple(rows)) == (bool(kids) and not any(q.cold(k) for k in kids))


def test_a_check_refuses_a_wrong_quotient() -> None:
    # misère Nim heaps of 1 only: their parity; calling every sum hot is caught
    ones: list[tuple[int, frozenset[int]]] = [(1, frozenset({0}))]
    z2 = Monoid(((0, 1), (1, 0)), (False, True))
    assert failure(z2, ones, 100) is None
    assert failure(Monoid(((0, 1), (1, 0)), (False, False)), ones, 100) == (0,)


def test_codes_without_a_proof_say_so_within_the_budget() -> None:
    found = quotient(parse_code("0.6"))
    assert isinstance(found, Unproven) and found.reason in {"states", "shape", "heaps"}


def misere_game(code: str) -> RowsGame:
    game = GAMES.kinds.spec("octal", [code], True).build(Tables())
    assert isinstance(game, RowsGame)
    return game


def test_the_game_answers_kayles_beyond_the_search_and_plays_a_winning_move() -> None:
    game = misere_game("0.77")
    pos = game.parse_position([100, 37, 5])
    info = game.info(pos)
    q = proven("0.77")
    assert (info.outcome == Outcome.COLD) == q.cold(pos)
    assert not info.remoteness_exact  # the quotient says nothing of the remoteness
    best = game.best_moves(pos)
    if info.outcome == Outcome.HOT:
        assert best and all(q.cold(b) for b in best)
    hot = game.parse_position([40])
    assert game.info(hot).outcome == Outcome.HOT
    assert all(q.cold(b) for b in game.best_moves(hot))


def test_misere_bounds_have_the_outcome_parity() -> None:
    assert bounds(True, False, 0, 10) == (1, 9)
    assert bounds(False, False, 3, 10) == (4, 10)
    assert bounds(False, True, 0, 0) == (0, 0)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_reports_the_quotient(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "kayles", "40", "--misere", "--json")
    doc = json.loads(out)
    q = doc["misere_quotient"]
    assert code == 0 and q["order"] == 40 and q["p_portion_size"] == len(q["p_portion"]) == 9
    assert (q["preperiod"], q["period"], q["proven_from_heaps"]) == (71, 12, 167)
    assert doc["winning_moves"] and doc["ai_move"] in doc["winning_moves"]
    code, out, _ = run(capsys, "analyze", "kayles", "100", "37", "5", "--misere")
    assert code == 0 and "order 40" in out


def test_kayles_normal_play_says_nothing_of_a_quotient(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "kayles", "40", "--json")
    assert code == 0 and "misere_quotient" not in json.loads(out)


def test_dawsons_kayles_beyond_the_search_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "analyze", "dawsons-kayles", "60", "--misere")
    assert code == 2 and out == "" and "not proven" in err and err.count("\n") == 1
    # the game named as the user wrote it, and the limit as it is: tokens in all
    assert "dawsons-kayles (0.07)" in err and "30 pins in all" in err
    assert "smaller rows" not in err and "this code" not in err
    # eight rows of 5 are past the search too, though each row is small
    again = run(capsys, "analyze", "dawsons-kayles", *["5"] * 8, "--misere")
    assert again[0] == 2 and again[2] == err
    _code, _out, err = run(capsys, "analyze", "octal", "60", "--code", "0.54", "--misere")
    assert "misère 0.54 is solved only" in err


def test_a_game_without_a_proof_refuses_before_answering() -> None:
    game = misere_game("0.6")
    with pytest.raises(TableLimitError):
        game.parse_position([40])


@settings(max_examples=25, deadline=None)
@given(
    code=st.sampled_from(PROVEN),
    n=st.integers(1, 2500),
    others=st.lists(st.integers(1, 200), max_size=2),
)
def test_winning_moves_counted_by_residue_agree_with_listing(
    code: str, n: int, others: list[int]
) -> None:
    from squaregame.families.octal.misere import winners

    q, game = proven(code), misere_game(code)
    pos = (n, *others)
    wins = winners(q, pos)
    for b in game.row_blocks(pos, 0):
        listed = [k for k in range(b.count) if q.cold((*b.parts(k), *pos[1:]))]
        count, first = wins(0, b, 5)
        assert (count, first) == (len(listed), listed[:5]), b


def test_a_row_of_a_trillion_gets_its_winning_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "kayles", "1000000000000", "5", "--misere", "--json")
    doc = json.loads(out)
    q = proven("0.77")
    assert code == 0 and doc["move_counts"]["total"] == 1_000_000_000_005
    assert doc["winning_moves"] and all(q.cold(tuple(w)) for w in doc["winning_moves"])
    assert doc["move_counts"]["winning"] == 3  # (splits whose parts are past 71 all lose)

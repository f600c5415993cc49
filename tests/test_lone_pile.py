"""A sum whose piles are all terminal but one is that pile's game: answered exactly from the
pile's values, normal and misère, however far beyond the sum search budget."""

from __future__ import annotations

import json

import pytest
from build import pile_game, sum_game

from reference import set_amounts, solve, squares_amounts, sum_children
from squaregame.cli.main import main, make_parser
from squaregame.cli.play import build_request
from squaregame.core.errors import TableLimitError
from squaregame.core.rules import NIM, SQUARES, SetRule
from squaregame.core.sums import solver as sums
from squaregame.text import set_language


@pytest.fixture(autouse=True)
def _english() -> None:
    """The language is process-wide, and an earlier test may have left another one."""
    set_language("en")


TWO_THREE = SetRule([2, 3])  # a pile of 0 or 1 is terminal


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """No exact search fits: whatever is answered comes from elsewhere."""
    monkeypatch.setattr(sums, "SEARCH_BUDGET", 10)


def test_lone_pile_is_found() -> None:
    game = sum_game([SQUARES, TWO_THREE, NIM])
    assert game.lone_pile((0, 1, 0)) == 0  # nothing can move: any pile will do
    assert game.lone_pile((7, 1, 0)) == 0
    assert game.lone_pile((0, 5, 0)) == 1
    assert game.lone_pile((0, 0, 10**30)) == 2  # Nim's amounts are never listed
    assert game.lone_pile((1, 2, 0)) is None
    assert game.lone_pile((0, 1, 1)) == 2
    assert game.lone_pile((0, 2, 1)) is None


@pytest.mark.parametrize("misere", [False, True])
def test_matches_brute_force_beyond_the_budget(no_search: None, misere: bool) -> None:
    rules = [TWO_THREE, SQUARES, TWO_THREE]
    game = sum_game(rules, misere, solver=sums.SumSolver())
    fns = [set_amounts([2, 3]), squares_amounts, set_amounts([2, 3])]
    positions = [(a, n, b) for n in range(300) for a in (0, 1) for b in (0, 1)]
    ref = solve(sorted(positions, key=sum), sum_children(fns), misere)
    for pos, (outcome, rem) in ref.items():
        info = game.info(pos)
        assert (info.outcome.value, info.remoteness, info.remoteness_exact) == (outcome, rem, True)


@pytest.mark.parametrize("misere", [False, True])
def test_one_squares_pile_equals_the_squares_game(no_search: None, misere: bool) -> None:
    n = 900_000  # in the shipped table, far beyond any search
    game = sum_game([SQUARES], misere, solver=sums.SumSolver())
    pile = pile_game(SQUARES, misere)
    pos = game.parse_position([n])
    assert pos == (n,)
    a, b = game.analyze(pos), pile.analyze(n)
    assert a.info == b.info and a.info.remoteness_exact
    assert [(m.to[0], m.info) for m in a.moves] == [(m.to, m.info) for m in b.moves]
    assert [m.to[0] for m in a.best_moves()] == [m.to for m in b.best_moves()]
    if not misere:
        assert a.info.grundy is not None and a.info.grundy == game.grundy(pos)


def test_terminal_piles_beside_a_big_one(no_search: None) -> None:
    game = sum_game([NIM, SQUARES, TWO_THREE], True, solver=sums.SumSolver())
    a = game.analyze((0, 999_999, 1))
    ref = pile_game(SQUARES, True).info(999_999)
    assert a.info == ref
    assert all(m.to[0] == 0 and m.to[2] == 1 for m in a.moves)  # children stay in the class
    assert all(m.info.remoteness_exact for m in a.moves)
    assert not game.needs_search((0, 999_999, 1))


def test_two_live_piles_in_misere_follow_bouton(no_search: None) -> None:
    """Beyond the search two live piles are no lone pile: Theorem S of core/sums/tame.py
    decides from the Grundy values (a pile of 900,000 alone is hot, 2 + 900,000 … )."""
    game = sum_game([SQUARES, SQUARES], True, solver=sums.SumSolver())
    pos = game.parse_position([900_000, 2])
    values = [pile_game(SQUARES).info(n).grundy or 0 for n in pos]
    cold = (values[0] ^ values[1] == 0) if max(values) >= 2 else (values[0] ^ values[1] == 1)
    info = game.info(pos)
    assert info.outcome.value == ("cold" if cold else "hot") and not info.remoteness_exact


def test_beyond_the_pile_table_is_the_pile_message(monkeypatch: pytest.MonkeyPatch) -> None:

    monkeypatch.setattr(SQUARES, "tabled", SQUARES.tabled._replace(auto_limit=5000))
    with pytest.raises(TableLimitError) as caught:
        sum_game([SQUARES]).parse_position([1_000_001])
    assert caught.value.key == "errors.tabled_beyond_table"


def test_cli_sum_of_one_pile_answers_like_the_pile(capsys: pytest.CaptureFixture[str]) -> None:
    docs = []
    for argv in (["sum", "900000"], ["squares", "900000"]):
        assert main(["analyze", *argv, "--json", "--seed", "1"]) == 0
        docs.append(json.loads(capsys.readouterr().out))
    s, p = docs
    for key in ("outcome", "remoteness", "remoteness_exact", "grundy"):
        assert s[key] == p[key]
    assert s["remoteness_exact"] is True
    assert s["winning_moves"] == [[w] for w in p["winning_moves"]]
    assert s["ai_move"] == [p["ai_move"]]


def test_play_sum_of_one_big_pile_opens() -> None:
    args = make_parser().parse_args(["play", "sum", "900000", "--misere"])
    request = build_request(args)
    assert request.start is not None


@pytest.mark.parametrize("misere", [False, True])
def test_a_huge_nim_pile_alone_is_nims_closed_form(misere: bool) -> None:
    """Moves too: the pile's own runs, never listed one by one, in both conventions (misère
    beyond the budget has no nim-sum to fall back on)."""
    n = 10**12
    game = sum_game([SQUARES, NIM], misere, solver=sums.SumSolver())
    a, b = game.analyze((0, n)), pile_game(NIM, misere).analyze(n)
    assert a.info == b.info and a.info.remoteness_exact
    assert a.truncated and a.move_count == b.move_count == n
    assert [m.to for m in a.winning_moves] == [(0, m.to) for m in b.winning_moves]
    assert [m.info for m in a.moves] == [m.info for m in b.moves]
    assert game.move_runs((0, n))[0].line == 1  # the moves of pile 2

"""Work budgets checked before the work starts (issue 32): ``table`` refuses a table whose
positions would take too long to value and write, saying how far ``--upto`` may go;
``why`` refuses a proof whose first line is already too much and cuts one at the lines the
work budget pays for, saying so. Nothing here reads a clock: the work is counted (searches
started, positions valued, answers found), and a refusal is checked to come before any."""

from __future__ import annotations

import re
from typing import Any

import pytest
from build import make_game, pile_game, sum_game, wythoff_game
from cli_helpers import run

from squaregame.cli import table
from squaregame.cli.main import make_parser
from squaregame.cli.options import spec_at
from squaregame.core import game as game_module
from squaregame.core.budget import WORK_BUDGET
from squaregame.core.sums import bounds, solver
from squaregame.core.tables import Tables
from squaregame.core.why import WhyTree, line_cost, lines_within, outline
from squaregame.families.sums.game import SumGame
from squaregame.families.wythoff.table import WythoffTable


def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[object]:
    """Count the calls of ``owner.name`` (still made)."""
    calls: list[object] = []
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


# -- table ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["table", "sum", "--upto", "999", "--rule", "nim", "--rule", "nim", "--csv"],  # hung
        ["table", "wythoff", "--upto", "999", "--csv"],  # 55 s
        ["table", "squares", "--upto", "999999", "--json"],
    ],
)
def test_a_table_past_the_budget_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    searched = counting(monkeypatch, solver, "solve_box")
    boards = counting(monkeypatch, WythoffTable, "infos")
    valued = counting(monkeypatch, game_module.Game, "values_upto")
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert re.search(r"would take about [\d.]+ s to work out; lower --upto to [\d,]+ or less", err)
    assert searched == boards == valued == []


def test_the_upto_a_refusal_offers_is_the_largest_that_fits() -> None:
    game = sum_game(["nim", "nim"])
    for upto in (999, 500):
        corner = (upto, upto)
        work, each = table.work_of(game, corner, upto, 2, "csv")
        assert work > WORK_BUDGET
        with pytest.raises(table.UsageError) as refused:
            table.check_work(game, corner, upto, 2, "csv")
        most = int(refused.value.params["most"].replace(",", ""))
        assert (most + 1) ** 2 * each <= WORK_BUDGET < (most + 2) ** 2 * each


def test_a_table_of_a_sum_is_one_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every position of the table lies in the corner's box: one search answers them all
    (each new corner started a search of its own, about a million for --upto 999)."""
    searched = counting(monkeypatch, solver, "solve_box")
    argv = ["table", "sum", "--upto", "40", "--rule", "nim", "--rule", "nim", "--csv"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and len(out.splitlines()) == 1 + 41 * 41
    assert len(searched) == 1
    assert "40,40,cold,80,0,80,80" in out.splitlines()  # Nim (n, n): 2n, the nim-sum 0


@pytest.mark.parametrize(
    "make",
    [
        lambda: pile_game("squares"),
        lambda: pile_game("squares", misere=True),
        lambda: pile_game("nim"),
        lambda: pile_game("1,3,4"),
        lambda: pile_game("cubes", misere=True),
        lambda: wythoff_game(),
        lambda: wythoff_game(misere=True),
    ],
)
def test_values_read_at_once_are_the_values_one_by_one(make: Any) -> None:
    game = make()
    upto = 30 if game.dimensions == 2 else 600
    corner = game.kind.position_from_values((upto,) * game.dimensions)
    game.prepare(corner)
    at_once = game.values_upto(upto)
    assert at_once == [game.info(p) for p in game.positions(0, upto)]


# -- why -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["why", "sum", "175", "175", "175", "--depth", "12", "--max-lines", "5000"],  # 24 s
        ["why", "sum", "kayles:40", "squares:100", "wythoff:20", "30"],  # 38 s, parts
    ],
)
def test_a_proof_past_the_work_budget_stops_where_it_is_paid_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """Sums beyond the exact search, whose every line values its moves with proven bounds:
    the lines the budget pays for, each answer found once, and the cut said."""
    answers = counting(monkeypatch, game_module.Game, "best_moves")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    lines = out.splitlines()
    parsed = make_parser().parse_args(argv)
    spec = spec_at(parsed, parsed.position)
    game = spec.build(Tables())
    affordable = lines_within(game, spec.start(game))
    assert len(lines) == affordable + 1  # the lines (the root's the first), and the cut
    assert lines[-1].startswith(f"… stopped after {affordable} lines (as much as can be")
    assert len(answers) <= affordable  # no answer worked out for a line not shown


def test_a_page_of_moves_is_worked_out_only_as_far_as_it_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("squares")
    answers = counting(monkeypatch, game_module.Game, "best_moves")
    lines = outline(WhyTree(game, 22), depth=1, max_lines=3)  # 22 is cold: 4 moves
    assert [(ln.step is None, ln.more, ln.cut) for ln in lines[1:]] == [
        (False, 0, False),  # one move and its answer,
        (True, 3, False),  # "… and 3 more moves",
        (True, 3, True),  # and the cut
    ]
    assert len(answers) == 2  # the root's, and its one move's (not all four)


def test_a_proof_whose_first_line_is_too_much_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever makes the first line too much (here the game says its answer costs more
    than the budget), the refusal comes before the search, the bounds or the root's value."""
    monkeypatch.setattr(SumGame, "answer_cost", lambda self, pos: WORK_BUDGET)
    searched = counting(monkeypatch, solver, "solve_box")
    lower = counting(monkeypatch, bounds.SumBounds, "lower")
    valued = counting(monkeypatch, SumGame, "info")
    for position in (["175", "175", "175"], ["20", "30", "40"]):  # beyond the search, within
        code, out, err = run(capsys, "why", "sum", *position)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert "even the first line of this proof would take about 2.0 s" in err
    assert searched == lower == valued == []


def test_lines_within_is_the_budget_over_a_lines_work() -> None:
    game = sum_game(["squares"] * 3, tables=Tables())
    pos = (175, 175, 175)
    cost = line_cost(game, pos)
    assert lines_within(game, pos, budget=5 * cost) == 5
    assert lines_within(game, pos, budget=cost) == 1
    with pytest.raises(Exception, match="too_slow"):
        lines_within(game, pos, budget=cost - 1)


def test_moves_too_many_to_list_cost_only_those_listed(capsys: pytest.CaptureFixture[str]) -> None:
    """A Kayles row of 10^9 has ~10^9 moves, counted, never valued one by one (the first
    estimate valued them all and refused the proof)."""
    code, out, err = run(capsys, "why", "octal", "1000000000", "--code", "kayles")
    assert code == 0 and "squaregame:" not in err, err
    assert re.match(r"… stopped after \d+ lines \(as much as can be", out.splitlines()[-1])


def test_piles_too_long_to_follow_cost_what_their_static_bounds_cost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Beyond the search, a sum whose plays may outlast the bounds' own work limit gets its
    bounds from the play lengths alone: cheap, so its proof is not cut (it was, at 25 lines
    of 442, when every such position was costed as a full search of its lines)."""
    argv = ["why", "sum", "--rule", "nim", "--rule", "nim", "10" + "0" * 17, "9" * 18]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and len(out.splitlines()) == 442 and "stopped after" not in out

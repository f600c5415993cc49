"""Work budgets checked before the work starts (issue 32): ``table`` refuses a table whose
positions would take too long to value and write, saying how far ``--upto`` may go;
``why`` refuses a proof whose first line is already too much and cuts one at the lines the
work budget pays for, saying so. Nothing here reads a clock: the work is counted (searches
started, positions valued, answers found), and a refusal is checked to come before any."""

from __future__ import annotations

import re
from typing import Any

import pytest
from build import pile_game, sum_game, wythoff_game

from squaregame.cli import table
from squaregame.cli.main import main
from squaregame.core import game as game_module
from squaregame.core.budget import WORK_BUDGET
from squaregame.core.sums import solver
from squaregame.families.wythoff.table import WythoffTable


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


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

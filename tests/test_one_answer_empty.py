"""A take-and-break part with no row (or a row of 0) is a legal position of a sum: it
cannot move, and the sum answers as its other parts do (issue 44: ``analyze sum 0 1 2
--rule kayles --rule octal=0.6`` was refused) — in analyze, the API, sessions and saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build import KINDS
from cli_helpers import run

import squaregame as sg
from squaregame.core.parts import split_values
from squaregame.core.tables import Tables
from squaregame.play.saves import SavedGame, load_game, save_game
from squaregame.play.session import Session

TABLES = Tables()
EMPTY_FORMS = [
    ["0", "1", "2", "--rule", "kayles", "--rule", "octal=0.6"],  # no row: how many, 0
    ["0", "2", "--rule", "kayles", "--rule", "octal=0.6"],  # a row of 0 (the short form)
    ["1", "0", "1", "2", "--rule", "kayles", "--rule", "octal=0.6"],  # a row of 0, counted
    ["kayles:0", "octal=0.6:2"],
]


def test_a_part_with_no_row_splits_to_nothing() -> None:
    names, values = KINDS.read_parts("sum", ["kayles:3 octal=0.6:2"])
    rules = KINDS.spec("sum", names, False, values).rules
    assert split_values(rules, (0, 1, 2)) == ((), (2,))
    assert split_values(rules, (0, 2)) == ((0,), (2,))


@pytest.mark.parametrize("misere", [False, True], ids=["normal", "misere"])
@pytest.mark.parametrize("form", EMPTY_FORMS, ids=["none", "zero", "zero-counted", "parts"])
def test_an_empty_part_answers_as_the_other_part_alone(
    capsys: pytest.CaptureFixture[str], form: list[str], misere: bool
) -> None:
    flag = ["--misere"] if misere else []
    code, out, err = run(capsys, "analyze", "sum", *form, *flag, "--json")
    assert code == 0, err
    got = json.loads(out)
    code, out, err = run(capsys, "analyze", "octal", "2", "--code", "0.6", *flag, "--json")
    assert code == 0, err
    alone = json.loads(out)
    for key in ("outcome", "remoteness", "grundy"):
        assert got[key] == alone[key], key
    assert len(got["moves"]) == len(alone["moves"]) == 1
    assert got["moves"][0]["outcome"] == alone["moves"][0]["outcome"]


def test_the_api_session_and_a_save_take_an_empty_part(tmp_path: Path) -> None:
    p = sg.position("sum", [0, 1, 2], rules=["kayles", "octal=0.6"])
    assert p.outcome == "hot" and p.remoteness == 1
    rules, values = KINDS.read_parts("sum", ["kayles:0 octal=0.6:3"])
    spec = KINDS.spec("sum", rules, False, values)
    game = spec.build(TABLES)
    start = spec.start(game)
    s = Session(game, start, human_first=True)
    s.play(game.children(s.position)[0])
    path = tmp_path / "game.json"
    save_game(SavedGame(s, "perfect", None), path)
    restored, msg = load_game(path, KINDS)
    assert msg is None and restored is not None
    assert restored.session.position == s.position and restored.session.start == start

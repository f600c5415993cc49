"""Saves keep the game's spec; squaregame 1.0 saves (version 1) still load, migrated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from build import KINDS, make_spec

from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.play.saves import (
    SavedGame,
    SaveState,
    encode,
    load_game,
    migrate,
    peek_game,
    save_game,
    summary_of,
)
from squaregame.play.session import Session

# Written by squaregame 1.0's encode(): a misère subtraction game, the computer first, one
# move played and two taken back (redo); and a two-player sum.
SAVE_1_0_SUBTRACTION = """{
 "version": 1,
 "game": {
  "kind": "subtraction",
  "misere": true,
  "rule": "1,3,7,8"
 },
 "start": 21,
 "human_first": false,
 "two_humans": false,
 "moves": [
  20
 ],
 "hints": [
  false
 ],
 "redo": [
  17,
  16
 ],
 "level": "casual",
 "seed": 7
}"""
SAVE_1_0_SUM = """{"version": 1, "game": {"kind": "sum", "misere": false,
 "rule": ["squares", "nim"]}, "start": [5, 7], "human_first": true, "two_humans": true,
 "moves": [[1, 7], [1, 6]], "hints": [false, false], "redo": [], "level": "perfect",
 "seed": null}"""
SAVE_1_0_WYTHOFF = """{"version": 1, "game": {"kind": "wythoff", "misere": false,
 "rule": "wythoff"}, "start": [7, 9], "human_first": true, "moves": [[4, 6]],
 "hints": [true], "redo": [], "level": "strong", "seed": 3}"""
SAVE_1_0_SQUARES = """{"version": 1, "game": {"kind": "squares", "misere": false,
 "rule": "squares"}, "start": 4, "human_first": true, "moves": [0], "hints": [false],
 "redo": [], "level": "perfect", "seed": null}"""


def test_a_1_0_subtraction_save_loads(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(SAVE_1_0_SUBTRACTION)
    saved, msg = load_game(path, KINDS)
    assert msg is None and saved is not None
    s = saved.session
    assert GameSpec.of(s.game) == make_spec("subtraction", ("1,3,7,8",), True)
    assert s.start == 21 and s.position == 20 and not s.human_first
    assert (saved.level, saved.seed) == ("casual", 7)
    assert [p.after for p in reversed(s.redo_stack)] == [17, 16]
    s.redo()
    assert s.position == 16
    summary, msg = peek_game(path, KINDS)
    assert msg is None and summary is not None
    assert summary.describe() == "Subtraction {1, 3, 7, 8} (misère) from 21 — 1 move, your move"


def test_other_1_0_saves_load_and_summarize(tmp_path: Path) -> None:
    cases = [
        (SAVE_1_0_SUM, "Sum of piles from 5 + 7 — 2 moves, your move", (1, 6)),
        (SAVE_1_0_WYTHOFF, "Wythoff's queen from (7,9) — 1 move, computer to move", (4, 6)),
        (SAVE_1_0_SQUARES, "Squares from 4 — 1 move, finished", 0),
    ]
    for text, described, position in cases:
        path = tmp_path / "game.json"
        path.write_text(text)
        summary, msg = peek_game(path, KINDS)
        assert msg is None and summary is not None and summary.describe() == described
        saved, msg = load_game(path, KINDS, Tables())
        assert msg is None and saved is not None and saved.session.position == position
        assert summary_of(saved).describe() == described


def test_migration_keeps_every_field() -> None:
    doc = migrate(json.loads(SAVE_1_0_SUBTRACTION), KINDS)
    assert doc["version"] == 2 and "start" not in doc
    assert doc["game"] == {
        "game": "subtraction",
        "rules": ["1,3,7,8"],
        "misere": True,
        "position": [21],
    }
    assert (doc["moves"], doc["redo"], doc["level"], doc["seed"]) == ([20], [17, 16], "casual", 7)


def test_a_save_stores_the_spec_and_round_trips(tmp_path: Path) -> None:
    game = make_spec("sum", ("squares", "1,2,3")).build(Tables())
    s = Session(game, (5, 7), human_first=True)
    s.play((4, 7), hints=True)
    path = tmp_path / "game.json"
    save_game(SavedGame(s, "perfect", None), path)
    doc = json.loads(path.read_text())
    assert doc["version"] == 2
    assert KINDS.spec_from_mapping(doc["game"]) == make_spec(
        "sum", ("squares", "1,2,3"), False, (5, 7)
    )
    restored, msg = load_game(path, KINDS)
    assert msg is None and restored is not None
    assert restored.session.position == (4, 7) and restored.session.plies[0].hints
    assert encode(restored) == encode(SavedGame(s, "perfect", None))
    summary, _ = peek_game(path, KINDS)
    assert summary is not None and summary.state is SaveState.COMPUTER_TO_MOVE


def test_unknown_versions_and_damage_are_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    for bad in ('{"version": 99}', '{"version": 2, "game": {"game": "chess"}}',
                SAVE_1_0_SQUARES.replace('"moves": [0]', '"moves": [2]')):  # fmt: skip
        path.write_text(bad)
        saved, msg = load_game(path, KINDS)
        assert saved is None and msg and "kept as" in msg
        assert not path.exists()


def test_a_sound_save_that_meets_a_program_error_is_not_blamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_spec("squares").build(Tables())
    path = tmp_path / "k.json"
    save_game(SavedGame(Session(game, 20), "perfect", None), path)
    before = path.read_bytes()

    def broken(*_: object, **__: object) -> None:
        raise IndexError("a bug")

    monkeypatch.setattr(Session, "play", broken)
    monkeypatch.setattr(Session, "__init__", broken)
    saved, msg = load_game(path, KINDS)
    assert saved is None and msg is not None
    assert "error in squaregame (IndexError)" in msg and "unchanged" in msg
    assert path.read_bytes() == before  # where it was, as it was: not set aside
    assert list(tmp_path.iterdir()) == [path]


def test_a_start_beyond_the_tables_is_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    doc = json.loads(SAVE_1_0_SQUARES)
    doc["start"], doc["moves"], doc["hints"] = 10**30, [], []
    path.write_text(json.dumps(doc))
    saved, msg = load_game(path, KINDS)
    assert saved is None and msg is not None and "beyond" in msg
    assert path.exists()  # kept where it is

"""The record of a game: turns, undo/redo, verdicts, value history, saving."""

from __future__ import annotations

import json
from pathlib import Path

from build import KINDS, pile_game, wythoff_game

from squaregame.core.rules import SQUARES
from squaregame.play.saves import SavedGame, load_game, save_game
from squaregame.play.session import Session, Verdict
from squaregame.play.settings import Settings, load_settings, save_settings


def test_turns_verdicts_and_winner() -> None:
    s = Session(pile_game(SQUARES), 75, human_first=True)
    assert s.human_to_move
    ply = s.play(39)  # the only winning move
    assert ply.verdict is Verdict.BEST and ply.by_human
    assert not s.human_to_move
    s.play(38)  # opponent (cold) move
    ply = s.play(37)  # 38 is hot; 37 is hot too → a blunder
    assert ply.verdict is Verdict.BLUNDER
    assert s.human_blunders() == [(3, ply)]


def test_slow_move_is_a_win_but_not_the_fastest() -> None:
    game = pile_game(SQUARES)
    for n in range(1, 500):  # the first number with a winning move that is not the fastest
        a = game.analyze(n)
        rems = {m.info.remoteness for m in a.winning_moves}
        if len(rems) > 1:
            break
    else:
        raise AssertionError("no position below 500 has a slow win")
    slow = next(m.to for m in a.winning_moves if m.info.remoteness > min(rems))
    fast = next(m.to for m in a.winning_moves if m.info.remoteness == min(rems))
    assert Session(game, n).play(slow).verdict is Verdict.SLOW
    assert Session(game, n).play(fast).verdict is Verdict.BEST


def test_undo_takes_back_the_reply_too_and_redo_replays() -> None:
    s = Session(pile_game(SQUARES), 75, human_first=True)
    s.play(39)
    s.play(38)
    s.play(34)
    assert len(s.undo()) == 1  # only the person's last move (no reply yet)
    assert s.position == 38
    assert len(s.undo()) == 2  # the reply, then the person's move
    assert s.position == 75 and not s.can_undo()
    s.redo()
    assert s.position == 38  # the person's move and the reply
    s.redo()
    assert s.position == 34 and not s.can_redo()


def test_winner_normal_and_misere() -> None:
    s = Session(pile_game(SQUARES), 4, human_first=True)
    s.play(0)
    assert s.over and s.winner_is_human() is True
    m = Session(pile_game(SQUARES, misere=True), 4, human_first=True)
    m.play(0)
    assert m.over and m.winner_is_human() is False


def test_value_history_covers_every_move_and_the_end() -> None:
    s = Session(pile_game(SQUARES), 75, human_first=True)
    s.play(39)
    s.play(38)
    hist = s.value_history()
    assert [h for h, _ in hist] == [True, False, True]
    assert [i.outcome.value for _, i in hist] == ["hot", "cold", "hot"]


def test_save_and_restore_round_trip(tmp_path: Path) -> None:
    s = Session(wythoff_game(), (7, 9), human_first=False)
    s.play((4, 6), hints=True)
    s.play((3, 5))
    s.play((2, 5))
    s.undo()
    path = tmp_path / "game.json"
    save_game(SavedGame(s, "casual", 4), path)
    restored, msg = load_game(path, KINDS)
    assert msg is None and restored is not None
    r = restored.session
    assert r.position == s.position and r.human_first is False and restored.level == "casual"
    assert [p.hints for p in r.plies] == [True]
    assert r.can_redo()
    r.redo()
    assert r.position == (2, 5)


def test_corrupt_save_is_set_aside_not_lost(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    spec = {"kind": "squares", "misere": False, "rule": "squares"}
    illegal = {"version": 1, "game": spec, "start": 10, "human_first": True, "moves": [2]}
    for bad in (b"{not json", json.dumps(illegal).encode()):
        path.write_bytes(bad)
        saved, msg = load_game(path, KINDS)
        assert saved is None and msg and "kept as" in msg
        assert not path.exists()
        kept = sorted(tmp_path.glob("game.json.corrupt-*"))
        assert kept and kept[-1].read_bytes() == bad
        for k in kept:
            k.unlink()


def test_settings_round_trip_and_recovery(tmp_path: Path) -> None:
    p = tmp_path / "settings.json"
    save_settings(Settings(level="casual", hints=True), p)
    got, msg = load_settings(p)
    assert msg is None and got.level == "casual" and got.hints
    p.write_text("[1, 2")
    got, msg = load_settings(p)
    assert got == Settings() and msg and "damaged" in msg

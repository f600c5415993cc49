"""A take-and-break game played to its end is saved, loaded and recorded like any other:
its last position, nothing left, is written 0 (``position_values``) and was read back as a
row of no tokens — the finished game's save was set aside as damaged on the next start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from build import KINDS

from squaregame.core.tables import Tables
from squaregame.play.record_io import parse_record, write_record
from squaregame.play.records import Format, replay
from squaregame.play.saves import SavedGame, load_game, save_game
from squaregame.play.session import Session

GAMES = [("kayles", ()), ("dawsons-kayles", ()), ("octal", ("0.137",)), ("octal", ("0.77", "0.07"))]


def played_out(game_name: str, codes: tuple[str, ...], start: tuple[int, ...]) -> Session[Any]:
    """The game from ``start`` played to its end (the first move each time)."""
    game = KINDS.spec(game_name, codes, False).build(Tables())
    session: Session[Any] = Session(game, game.parse_position(start), human_first=True)
    while children := list(game.children(session.position)):
        session.play(children[0])
    return session


def start_of(codes: tuple[str, ...]) -> tuple[int, ...]:
    return (5, 3) if len(codes) > 1 else (5,)


@pytest.mark.parametrize(("name", "codes"), GAMES)
def test_a_finished_game_is_saved_and_loaded(tmp_path: Path, name: str, codes: Any) -> None:
    session = played_out(name, codes, start_of(codes))
    path = save_game(SavedGame(session, "perfect", None), tmp_path / "game.json")
    restored, message = load_game(path, KINDS)
    assert message is None and restored is not None
    assert restored.session.position == session.position
    assert len(restored.session.plies) == len(session.plies)
    assert not list(tmp_path.glob("*.corrupt-*"))  # nothing set aside


@pytest.mark.parametrize("fmt", [Format.TEXT, Format.JSON, Format.CSV])
@pytest.mark.parametrize(("name", "codes"), GAMES)
def test_a_finished_game_is_recorded_and_replayed(name: str, codes: Any, fmt: Format) -> None:
    session = played_out(name, codes, start_of(codes))
    record = parse_record(write_record(session, fmt), KINDS, fmt)
    again = replay(record).session
    assert again.position == session.position and len(again.plies) == len(session.plies)

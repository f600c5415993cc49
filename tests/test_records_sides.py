"""Records remember who played: the sides (solo, class, teams, demo), their names, the
computer's level, who moved first and who won by name survive every format, export →
import → export, in any language; records written before them still import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from build import KINDS, make_spec

import squaregame.text
from squaregame.core.errors import GameError
from squaregame.core.tables import Tables
from squaregame.play import record_io as IO
from squaregame.play import records as R
from squaregame.play.saves import SavedGame, decode, encode, save_game
from squaregame.play.session import Session

TABLES = Tables()
READABLE = [R.Format.TEXT, R.Format.JSON, R.Format.CSV]


def game(players: str, names: tuple[str, ...] = (), human_first: bool = True) -> Session[Any]:
    """Squares from 30 played to the end, every move the first of the best."""
    spec = make_spec("squares", (), False, (30,))
    g = spec.build(TABLES)
    s: Session[Any] = Session(g, spec.start(g), human_first, players=players, names=names)
    while not s.over:
        s.play(s.analysis().best_moves()[0].to)
    return s  # 30 → 5 → 4 → 0: the first mover wins in three moves


SIDES = [
    ("teams", ("Reds", "Blues"), True, "Reds", "Blues"),
    ("teams", (), True, "Team A", "Team B"),
    ("demo", ("Left", "Right"), True, "Left", "Right"),
    ("class", ("7B",), False, "the computer", "7B"),
    ("class", (), True, "the class", "the computer"),
]


@pytest.mark.parametrize(("players", "names", "human_first", "a", "b"), SIDES)
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_sides_survive_every_format(
    players: str, names: tuple[str, ...], human_first: bool, a: str, b: str, lang: str
) -> None:
    session = game(players, names, human_first)
    squaregame.text.set_language(lang)
    for fmt in READABLE:
        written = IO.write_record(session, fmt, "strong")
        record = IO.parse_record(written, KINDS)
        assert record == R.record_of(session, "strong")
        assert (record.players, record.names, record.level) == (players, names, "strong")
        again = R.replay(record, TABLES).session
        assert (again.players, again.names) == (players, names)
        assert again.human_first == human_first or players in ("teams", "demo")
        assert IO.write_record(again, fmt, "strong") == written  # nothing lost or added


@pytest.mark.parametrize(("players", "names", "human_first", "a", "b"), SIDES)
def test_each_move_and_the_winner_by_name(
    players: str, names: tuple[str, ...], human_first: bool, a: str, b: str
) -> None:
    session = game(players, names, human_first)
    text = IO.write_record(session, R.Format.TEXT, "strong")
    head = a[:1].upper() + a[1:]
    assert f"# Squares, from 30: {head} won after 3 moves." in text
    assert f"# {head} (moved first) against {b}" in text
    assert f"winner: {a}\n" in text
    lines = text.splitlines()[-3:]
    assert [
        line.split(".", 1)[1].lstrip().startswith(who)
        for who, line in zip((a, b, a), lines, strict=True)
    ] == [True] * 3
    doc = json.loads(IO.write_record(session, R.Format.JSON, "strong"))
    assert (doc["players"], doc["names"], doc["sides"], doc["winner"]) == (
        players,
        list(names),
        [a, b],
        a,
    )
    assert [m["by"] for m in doc["moves"]] == [a, b, a]
    computer = {"teams": [None, None], "demo": ["strong", "strong"]}
    at = ["strong", None] if not human_first else [None, "strong"]
    assert doc["levels"] == computer.get(players, at)
    rows = IO.write_record(session, R.Format.CSV, "strong").splitlines()
    assert rows[0].endswith(",names,winner") and all(r.endswith(f",{a}") for r in rows[1:])
    md = IO.write_record(session, R.Format.MARKDOWN, "strong")
    assert f"| 2 | {b} | take 1 |" in md and f"{head} won after 3 moves." in md


def test_names_in_russian_and_a_solo_record_as_it_always_was() -> None:
    squaregame.text.set_language("ru")
    text = IO.write_record(game("teams"), R.Format.TEXT)
    assert "# Команда А (первый ход) — Команда Б" in text
    assert "Команда А: победа за 3 хода." in text
    squaregame.text.set_language("en")
    solo = IO.write_record(game("solo"), R.Format.TEXT)
    assert "names:" not in solo and "winner:" not in solo and "(moved first)" not in solo
    assert "players: solo\nlevel: perfect\n\n 1. you " in solo


def test_an_imported_record_is_saved_with_its_sides() -> None:
    record = IO.parse_record(
        IO.write_record(game("teams", ("Reds", "Blues")), R.Format.JSON), KINDS
    )
    saved = decode(encode(R.replay(record, TABLES)), KINDS, TABLES)
    s = saved.session
    assert (s.players, s.names, s.two_humans, saved.level) == (
        "teams",
        ("Reds", "Blues"),
        True,
        "perfect",
    )
    demo = R.replay(IO.parse_record(IO.write_record(game("demo"), R.Format.CSV, "casual"), KINDS))
    assert (demo.session.players, demo.level) == ("demo", "casual")


OLD_TEXT = (
    "squaregame record 1\n# Squares, from 40: The second player won after 2 moves.\n"
    "game: squares\nrules: squares\nmisere: no\nstart: 40\nfirst: first\nplayers: two\n"
    "level: perfect\n\n 1. first player   40 → 15\n 2. second player  15 → 14\n"
)
OLD_JSON = {
    "format": "squaregame-record",
    "version": 1,
    "game": {"game": "squares", "rules": ["squares"], "misere": False, "position": [40]},
    "first": "computer",
    "players": "solo",
    "level": "casual",
    "moves": [{"n": 1, "by": "computer", "from": 40, "to": 15}],
    "winner": None,
}
OLD_CSV = (
    "game,rules,misere,first,players,level,n,by,from,to,move,outcome,remoteness,verdict\n"
    "squares,squares,no,first,two,perfect,0,,,40,,,,\n"
    "squares,squares,no,first,two,perfect,1,first,40,15,take 25,hot,5,best\n"
)


def test_records_from_before_the_sides_still_import() -> None:
    for text in (OLD_TEXT, OLD_CSV):
        s = R.replay(IO.parse_record(text, KINDS), TABLES).session
        assert (s.players, s.names, s.two_humans) == ("teams", (), True)
    saved = R.replay(IO.parse_record(json.dumps(OLD_JSON), KINDS), TABLES)
    s = saved.session
    assert (s.players, s.human_first, saved.level, s.position) == ("solo", False, "casual", 15)


@pytest.mark.parametrize(
    "text",
    [
        OLD_TEXT.replace("players: two", "players: teams\nnames: Reds, Reds"),
        OLD_TEXT.replace("players: two", "players: teams\nnames: Reds"),
        OLD_TEXT.replace("players: two", "players: class\nnames: 7B, 7C"),
        OLD_TEXT.replace("players: two", "players: solo\nnames: Me"),
        OLD_TEXT.replace("players: two", "players: crowd"),
        OLD_TEXT.replace("first: first", "first: you").replace("two", "class"),
        json.dumps(OLD_JSON | {"names": "Reds"}),
        json.dumps(OLD_JSON | {"names": ["x" * 40]}),
    ],
)
def test_bad_sides_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(GameError) as caught:
        IO.parse_record(text, KINDS)
    assert caught.value.key == "records.errors.field"


def test_record_export_of_a_teams_game_names_the_sides(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from squaregame.cli.main import main

    save_game(SavedGame(game("teams", ("Reds", "Blues")), "perfect", None))
    assert main(["record", "export"]) == 0
    text = capsys.readouterr().out
    assert "names: Reds, Blues\n" in text and "winner: Reds\n" in text
    assert " 2. Blues " in text and "# Squares, from 30: Reds won after 3 moves." in text
    assert main(["record", "export", "--format", "markdown"]) == 0
    assert "Reds (moved first) against Blues" in capsys.readouterr().out
    source = tmp_path / "game.txt"
    source.write_text(text)
    assert main(["record", "import", str(source)]) == 0
    capsys.readouterr()
    assert main(["record", "export"]) == 0  # the import is now the latest saved game
    assert capsys.readouterr().out == text
    source.write_text(text.replace("names: Reds, Blues", "names: Reds, Reds"))
    assert main(["record", "import", str(source)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "names" in err

"""Game records: every format written and read back gives the same game (squares, subtraction,
Wythoff and sums, normal and misère, one or two players, any language), and bad input is a
GameError with a catalog key, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from build import KINDS, make_spec
from hypothesis import given, settings
from hypothesis import strategies as st

import squaregame.text
from squaregame.core.errors import GameError
from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.play import record_io as IO
from squaregame.play import records as R
from squaregame.play.saves import decode, encode
from squaregame.play.session import Session
from squaregame.text import error_text

TABLES = Tables()
READABLE = [R.Format.TEXT, R.Format.JSON, R.Format.CSV]

rule_st = st.sampled_from(["nim", "squares", "1,3,7,8", "1,2"])
spec_st = st.one_of(
    st.builds(lambda n, m: make_spec("squares", (), m, (n,)), st.integers(1, 60), st.booleans()),
    st.builds(
        lambda n, m: make_spec("subtraction", ("1,3,7,8",), m, (n,)),
        st.integers(1, 40),
        st.booleans(),
    ),
    st.builds(
        lambda x, y, m: make_spec("wythoff", (), m, (x, y + (x == 0))),
        st.integers(0, 12),
        st.integers(0, 12),
        st.booleans(),
    ),
    st.builds(
        lambda piles, rules, m: make_spec("sum", tuple(rules[: len(piles)]), m, tuple(piles)),
        st.lists(st.integers(1, 9), min_size=2, max_size=3),
        st.lists(rule_st, min_size=3, max_size=3),
        st.booleans(),
    ),
)


def played(spec: GameSpec, data: st.DataObject, human_first: bool, two: bool) -> Session[Any]:
    """A game from ``spec`` with random legal moves (stopped anywhere, or at the end)."""
    game = spec.build(TABLES)
    session: Session[Any] = Session(game, spec.start(game), human_first, two)
    length = data.draw(st.integers(0, 12), label="moves")
    while not session.over and len(session.plies) < length:
        children = game.children(session.position)
        session.play(children[data.draw(st.integers(0, len(children) - 1), label="move")])
    return session


def same_game(a: Session[Any], b: Session[Any]) -> None:
    assert GameSpec.of(a.game) == GameSpec.of(b.game)
    assert a.start == b.start
    assert [p.after for p in a.plies] == [p.after for p in b.plies]
    assert a.two_humans == b.two_humans
    assert a.human_first == b.human_first or a.two_humans


@settings(max_examples=40, deadline=None)
@given(
    spec=spec_st,
    data=st.data(),
    human_first=st.booleans(),
    two=st.booleans(),
    lang=st.sampled_from(["en", "ru", "es"]),
    level=st.sampled_from(["perfect", "casual"]),
)
def test_every_format_round_trips(
    spec: GameSpec, data: st.DataObject, human_first: bool, two: bool, lang: str, level: str
) -> None:
    session = played(spec, data, human_first, two)
    squaregame.text.set_language(lang)
    for fmt in READABLE:
        written = IO.write_record(session, fmt, level)
        record = IO.parse_record(written, KINDS)  # the format is found from the first line
        assert record == R.record_of(session, level)
        again = R.replay(record, TABLES)
        same_game(session, again.session)
        assert again.level == level
        assert IO.write_record(again.session, fmt, level) == written  # nothing lost or added
    squaregame.text.set_language("en")


@settings(max_examples=15, deadline=None)
@given(spec=spec_st, data=st.data())
def test_a_record_read_in_another_language(spec: GameSpec, data: st.DataObject) -> None:
    """Written in Russian, read with English words around: only the header and FROM → TO
    are read back."""
    session = played(spec, data, True, False)
    squaregame.text.set_language("ru")
    written = IO.write_record(session, R.Format.TEXT)
    squaregame.text.set_language("en")
    same_game(session, R.replay(IO.parse_record(written, KINDS), TABLES).session)


@settings(max_examples=15, deadline=None)
@given(spec=spec_st, data=st.data())
def test_step_replay_waits_on_redo_and_is_saved(spec: GameSpec, data: st.DataObject) -> None:
    session = played(spec, data, data.draw(st.booleans(), label="human first"), False)
    record = IO.parse_record(IO.write_record(session, R.Format.JSON), KINDS)
    saved = R.replay(record, TABLES, step=True)
    assert saved.session.human_to_move or not saved.session.redo_stack  # the app waits
    assert len(saved.session.plies) == (0 if session.human_first or not session.plies else 1)
    saved = decode(encode(saved), KINDS, TABLES)  # an imported game is a saved game like any other
    while saved.session.can_redo():
        saved.session.redo()
    same_game(session, saved.session)


def test_the_text_record_reads_as_a_person_would_write_it() -> None:
    spec = make_spec("squares", (), False, (40,))
    game = spec.build(TABLES)
    session: Session[Any] = Session(game, spec.start(game))
    for to in (15, 14, 5, 4, 0):
        session.play(to)
    text = IO.write_record(session, R.Format.TEXT)
    assert text.splitlines()[:3] == [
        "squaregame record 1",
        "# Squares, from 40: You won after 5 moves.",
        "game: squares",
    ]
    assert " 1. you       40 → 15  take 25  ☺ hot 5   best" in text
    md = IO.write_record(session, R.Format.MARKDOWN)
    assert (
        "| 2 | computer | take 1 | 15 → 14 | ☹ cold 4 | lost anyway | take 1 (or 2 others) |" in md
    )
    # a hand-written record: "->" for the arrow, comments, and no words at all
    by_hand = "squaregame record 1\ngame: squares\nstart: 40\nfirst: computer\n\n1. 40 -> 15\n"
    saved = R.replay(IO.parse_record(by_hand, KINDS), TABLES)
    assert saved.session.position == 15 and not saved.session.human_first


GOOD_TEXT = "squaregame record 1\ngame: squares\nstart: 40\nfirst: you\n 1. you 40 → 15 take 25\n"
GOOD_JSON = {
    "format": "squaregame-record",
    "version": 1,
    "game": {"game": "wythoff", "rules": [], "misere": False, "position": [3, 5]},
    "first": "you",
    "moves": [{"to": [2, 5]}],
}
CSV_HEAD = "game,rules,misere,first,players,level,n,by,from,to,move,outcome,remoteness,verdict\n"


def _json(**change: Any) -> str:
    return json.dumps(GOOD_JSON | change)


BAD: list[tuple[str, str | bytes]] = [
    ("not_record", "hello"),
    ("not_record", ""),
    ("not_json", "{not json"),
    ("not_record", '{"format": "other"}'),
    ("version", _json(version=7)),
    ("version", "squaregame record 9\n"),
    ("field", _json(moves={"to": 1})),
    ("field", _json(moves=[{"from": [3, 5]}])),
    ("position", _json(moves=[{"to": True}])),
    ("position", _json(moves=[{"to": [2, "5"]}])),
    ("position", _json(moves=[{"to": [2, 10**50]}])),
    ("field", _json(first="nobody")),
    ("field", _json(level="godlike")),
    ("field", _json(players=3)),
    ("game", _json(game={"game": "chess", "position": [1]})),
    ("move", _json(moves=[{"to": [4, 5]}])),  # not a queen move from (3,5)
    ("move", _json(moves=[{"to": [2, 5, 1]}])),
    ("from", _json(moves=[{"from": [3, 4], "to": [2, 4]}])),
    ("game", _json(game={"game": "wythoff", "position": [-1, 5]})),
    ("missing", "squaregame record 1\ngame: squares\nfirst: you\n"),
    ("line", GOOD_TEXT + "what is this\n"),
    ("line", "squaregame record 1\ngame: squares\ncolour: blue\n"),
    ("line", GOOD_TEXT.replace("first: you\n", "") + "first: you\n"),
    ("twice", "squaregame record 1\ngame: squares\ngame: nim\n"),
    ("order", GOOD_TEXT + " 3. computer 15 → 14\n"),
    ("position", GOOD_TEXT.replace("40 → 15", "40 → x15")),
    ("position", GOOD_TEXT.replace("start: 40", "start: forty")),
    ("field", GOOD_TEXT.replace("first: you", "first: me")),
    ("field", GOOD_TEXT.replace("game: squares", "game: squares\nmisere: maybe")),
    ("move", GOOD_TEXT.replace("40 → 15", "40 → 38")),  # 2 is not a square
    (
        "move",
        GOOD_TEXT + " 2. computer 15 → 14\n 3. you 14 → 5\n 4. computer 5 → 4\n"
        " 5. you 4 → 0\n 6. computer 0 → 0\n",
    ),  # a move after the end
    ("csv_columns", "game,rules\nsquares,squares\n"),
    ("csv_row", CSV_HEAD + "squares,squares,no,you,solo,perfect,0\n"),
    ("order", CSV_HEAD + "squares,squares,no,you,solo,perfect,1,,,40,,,,\n"),
    (
        "mixed",
        CSV_HEAD + "squares,squares,no,you,solo,perfect,0,,,40,,,,\n"
        "nim,nim,no,you,solo,perfect,1,you,40,15,,,,\n",
    ),
    (
        "move",
        CSV_HEAD + "squares,squares,no,you,solo,perfect,0,,,40,,,,\n"
        "squares,squares,no,you,solo,perfect,1,you,40,39,,,,\n"
        "squares,squares,no,you,solo,perfect,2,computer,39,0,,,,\n",
    ),  # 39 is no square
]


@pytest.mark.parametrize(("key", "text"), BAD, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BAD)])
def test_bad_records_are_refused_with_a_reason(key: str, text: str | bytes) -> None:
    with pytest.raises(GameError) as caught:
        data = text.encode() if isinstance(text, str) else text
        R.replay(IO.parse_record(IO.decode(data), KINDS), TABLES)
    assert caught.value.key == f"records.errors.{key}"
    message = error_text(caught.value)
    assert "\n" not in message and not message.startswith("records.")


def test_bytes_that_are_no_record() -> None:
    with pytest.raises(GameError) as caught:
        IO.decode(b"\xff\xfe squaregame")
    assert caught.value.key == "records.errors.encoding"
    with pytest.raises(GameError) as caught:
        IO.decode(b" " * (R.RECORD_LIMIT + 1))
    assert caught.value.key == "records.errors.too_large"


def test_a_move_error_names_the_move_and_why() -> None:
    with pytest.raises(GameError) as caught:
        R.replay(IO.parse_record(GOOD_TEXT.replace("40 → 15", "40 → 38"), KINDS), TABLES)
    assert error_text(caught.value).startswith("move 1: ")
    assert "square" in error_text(caught.value)

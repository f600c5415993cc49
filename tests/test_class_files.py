"""The class file beyond its first version: a version-1 file migrated with nothing lost,
students' secrets kept as hashes, challenges for one or all, one server per class file,
``class export`` from a read-only copy, ``class challenge``, the teacher's secret file, the
live view folding only new events, and the terminal's chart with a signed axis."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from squaregame.classroom import challenges
from squaregame.classroom.lock import ServingLock
from squaregame.classroom.schema import MIGRATIONS, SCHEMA_VERSION
from squaregame.classroom.store import FILE_NAME, ClassStore, token_hash
from squaregame.classroom.views import ClassLive, student_value
from squaregame.classroom.watch import chart_lines
from squaregame.cli.main import main
from squaregame.cli.serve_class import open_class, teacher_token
from squaregame.core.errors import GameError


def _class(tmp_path: Path) -> tuple[ClassStore, int, int]:
    store = ClassStore.open(tmp_path)
    store.create_class("7B")
    return store, store.join("7B", "Ana"), store.join("7B", "Bo")


def test_a_version_1_file_is_migrated_and_keeps_everything(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / FILE_NAME)
    for statement in MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO meta VALUES ('schema', '1')")
    db.execute("INSERT INTO classes VALUES (1, '7B', '7b', 0)")
    db.execute("INSERT INTO students VALUES (1, 1, 'Ana', 'ana', 0)")
    db.execute("INSERT INTO events VALUES (1, 1, 5, 'move', '{\"verdict\": \"best\"}')")
    db.commit()
    db.close()
    store = ClassStore.open(tmp_path)
    try:
        assert store.said is None
        assert store.db.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)
        assert store.events(1) == [(5.0, "move", {"verdict": "best"})]
        token = store.issue_token(1)  # the new column works on the old rows
        student = store.student_by_token("7b", token)
        assert student is not None and student.name == "Ana"
    finally:
        store.close()


def test_a_students_secret_is_kept_only_as_its_hash(tmp_path: Path) -> None:
    store, ana, _bo = _class(tmp_path)
    token = store.issue_token(ana)
    kept = store.db.execute("SELECT token_hash FROM students WHERE id = ?", (ana,)).fetchone()[0]
    assert kept == token_hash(token) and token not in kept
    assert store.student_by_token("7B", token).id == ana  # type: ignore[union-attr]
    assert store.student_by_token("7B", token + "x") is None
    assert store.student_by_token("7B", "") is None
    store.create_class("8C")
    assert store.student_by_token("8C", token) is None  # another class's student: nobody
    again = store.issue_token(ana)
    assert store.student_by_token("7B", token) is None and store.student_by_token("7B", again)
    store.close()


def test_challenges_for_one_student_or_the_whole_class(tmp_path: Path) -> None:
    store, ana, bo = _class(tmp_path)
    everyone = store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    only_bo = store.add_challenge("7B", challenges.make("squares", 75), bo)
    assert [c.id for c in store.challenges_for(ana)] == [everyone]
    assert [c.id for c in store.challenges_for(bo)] == [everyone, only_bo]
    assert [c.id for c in store.challenges_for(bo, after=everyone)] == [only_bo]
    store.create_class("8C")
    stranger = store.join("8C", "Cy")
    assert store.challenges_for(stranger) == []
    with pytest.raises(GameError):
        store.add_challenge("7B", {"ask": "win"}, stranger)  # not a student of this class
    store.close()


@pytest.mark.parametrize(
    ("args", "key"),
    [
        (("squares", 12), "serve.challenge.errors.cold"),
        (("squares", 0, "moves"), "serve.challenge.errors.over"),
        (("nim", 5, "guess"), "serve.challenge.errors.ask"),
        (("nim", 100, "moves"), "serve.challenge.errors.many_moves"),
    ],
)
def test_a_challenge_that_cannot_be_asked_is_refused(args: tuple, key: str) -> None:  # type: ignore[type-arg]
    game, pos, *ask = args
    with pytest.raises(GameError) as refused:
        challenges.make(game, pos, ask=ask[0] if ask else "win")
    assert refused.value.key == key


def test_the_live_view_folds_only_what_is_new(tmp_path: Path) -> None:
    store, ana, _bo = _class(tmp_path)
    live = ClassLive(store, "7b")
    assert live.refresh() == 0
    store.record(ana, "session_started", {})
    store.record(ana, "game_started", {"key": "g", "game": "Squares", "start": "30"})
    store.record(ana, "move", {"key": "g", "n": 1, "human": True, "verdict": "blunder",
                               "outcome": "hot", "remoteness": 3, "move": "take 4 → 26",
                               "best": ["take 25"]})  # fmt: skip
    reply = {"key": "g", "n": 2, "human": False, "verdict": "best", "outcome": "hot"}
    store.record(ana, "move", reply | {"remoteness": 5, "move": "take 1 → 25"})
    store.record(ana, "exercise", {"lesson": "hot-cold", "right": True, "mastered": True})
    assert live.refresh() == 5
    assert live.refresh() == 0  # nothing new, nothing read again
    row = next(r for r in live.rows() if r["name"] == "Ana")
    assert (row["blunders"], row["lessons_mastered"], row["exercises_right"]) == (1, 1, 1)
    detail = live.students[ana].detail()
    assert detail["chart"] == [3, -5]  # Ana winning by 3, then losing by 5 (for Ana)
    assert detail["mistakes"][0]["best"] == ["take 25"]
    store.record(ana, "session_started", {})
    live.refresh()
    assert live.students[ana].session_blunders == 0 and live.students[ana].blunders == 1
    store.close()


def test_the_terminals_chart_has_a_signed_axis() -> None:
    lines = chart_lines([3, -5, 4, -1])
    assert lines[0].startswith("+5") and lines[-1].startswith("−5")
    axis = next(line for line in lines if "┼" in line)
    assert axis.strip().startswith("0")
    above = "".join(lines[: lines.index(axis)])
    below = "".join(lines[lines.index(axis) + 1 :])
    assert "█" in above and "▓" in below and "▓" not in above and "█" not in below
    assert student_value({"human": False, "outcome": "cold", "remoteness": 2}) == 2


def test_several_nodes_serve_one_class_file(tmp_path: Path) -> None:
    first = ServingLock(tmp_path / FILE_NAME)
    first.acquire()
    probe = ServingLock(tmp_path / FILE_NAME)
    assert probe.held_elsewhere()
    second = ServingLock(tmp_path / FILE_NAME)
    second.acquire()  # (a second node: welcome)
    assert probe.held_elsewhere()
    first.release()
    assert probe.held_elsewhere()  # (the second still serves)
    second.release()
    assert not probe.held_elsewhere()  # (as after both ended, or were killed: the OS let go)


def test_serving_a_class_makes_it_and_reads_or_writes_the_teachers_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path / "data"))
    secret = tmp_path / "secret.txt"
    room, lock = open_class("  7B  maths ", str(secret))
    try:
        assert room.name == "7B maths" and len(room.token) >= 16
        assert secret.read_text().strip() == room.token
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
        other, lock3 = open_class("7b maths", None)  # a second node of the same class
        lock3.release()
        assert other.name == "7B maths" and other.token != room.token  # (its own secret)
    finally:
        lock.release()
    room2, lock2 = open_class("7b MATHS", str(secret))  # the same class, the same secret
    lock2.release()
    assert (room2.name, room2.token) == ("7B maths", room.token)
    secret.write_text("short\n")
    with pytest.raises(GameError) as bad:
        teacher_token(secret)
    assert bad.value.key == "serve.cli.token_bad"


def test_export_from_a_read_only_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store, ana, _bo = _class(tmp_path / "live")
    store.record(ana, "move", {"verdict": "blunder", "human": True})
    store.add_challenge("7B", challenges.make("nim", 5, ask="grundy"), None)
    store.record(ana, "challenge", {"challenge": 1, "ask": "grundy", "solved": True})
    store.close()
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / FILE_NAME).write_bytes((tmp_path / "live" / FILE_NAME).read_bytes())
    for side in ("-wal", "-shm"):  # (a copy taken while the server ran has its journal)
        journal = tmp_path / "live" / (FILE_NAME + side)
        if journal.exists():
            (copy / (FILE_NAME + side)).write_bytes(journal.read_bytes())
    os.chmod(copy / FILE_NAME, 0o444)
    before = {p.name: p.read_bytes() for p in copy.iterdir()}
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path / "elsewhere"))
    source = str(copy / FILE_NAME)
    assert main(["class", "export", "7B", "--from", source]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in doc["students"]] == ["Ana", "Bo"]
    assert doc["challenges"][0]["spec"]["ask"] == "grundy"
    assert main(["class", "export", "7B", "--from", source, "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Ana,0,0,1,1,")
    assert main(["class", "export", "7B", "--from", source, "--format", "markdown"]) == 0
    md = capsys.readouterr().out
    assert "| Ana |" in md and "Grundy value of Nim: 5" in md and "✓ solved" in md
    assert main(["class", "export", "7B", "--from", source, "--scoreboard", "--format", "csv"]) == 0
    assert "Ana" in capsys.readouterr().out
    assert {p.name: p.read_bytes() for p in copy.iterdir()} == before  # nothing written
    assert not (tmp_path / "elsewhere").exists() or not list((tmp_path / "elsewhere").iterdir())
    assert main(["class", "export", "7B", "--from", str(tmp_path / "none.sqlite3")]) == 2
    assert main(["class", "export", "7B", "--scoreboard"]) == 2  # json has no scoreboard
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database" * 100)
    assert main(["class", "export", "7B", "--from", str(junk)]) == 2
    assert junk.read_bytes() == b"not a database" * 100
    assert capsys.readouterr().err.count("\n") == 3


def test_class_challenge_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    store, _ana, bo = _class(tmp_path)
    store.close()
    assert main(["class", "challenge", "7B", "wythoff", "7", "9", "--ask", "moves"]) == 0
    said = capsys.readouterr().out
    assert said == "Challenge #1 set: Find every winning move from Wythoff's queen: (7,9)\n"
    assert main(["class", "challenge", "7B", "squares", "75", "--student", "bo"]) == 0
    assert main(["class", "challenge", "7B", "squares", "12"]) == 2
    assert "is cold" in capsys.readouterr().err
    assert main(["class", "challenge", "7B", "squares", "75", "--student", "Zed"]) == 2
    store = ClassStore.open(tmp_path)
    assert [(c.student, c.spec["ask"]) for c in store.challenges("7B")] == [
        (None, "moves"),
        (bo, "win"),
    ]
    store.close()
    capsys.readouterr()
    mixed = ["squares:10", "wythoff:3,5", "kayles:7", "--allow-helps"]
    assert main(["class", "challenge", "7B", "sum", *mixed]) == 0
    assert "allowed" in capsys.readouterr().out
    assert main(["class", "close", "7B", "1"]) == 0
    assert "closed" in capsys.readouterr().out
    assert main(["class", "close", "7B", "1"]) == 2  # (closed already)
    capsys.readouterr()
    for bad, said in (("x", "whole number"), ("0", "less than 1"), ("99", "#99")):
        assert main(["class", "close", "7B", bad]) == 2
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err and len(err.splitlines()) == 1
    store = ClassStore.open(tmp_path)
    kept = store.challenges("7B")
    assert [c.closed is not None for c in kept] == [True, False, False]
    assert kept[2].spec["helps"] is True
    store.close()


def test_a_damaged_class_file_is_set_aside_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    (tmp_path / FILE_NAME).write_bytes(b"garbage" * 200)
    room, lock = open_class("7B", None)
    lock.release()
    err = capsys.readouterr().err
    assert "damaged" in err and "set aside" in err
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == b"garbage" * 200
    assert room.name == "7B"


@pytest.mark.parametrize(
    ("game", "pos", "rules", "said"),
    [
        ("squares", 75, None, "Win from Squares: 75 against the perfect opponent"),
        ("subtraction", 22, "1,3,7,8", "Win from Subtraction {1, 3, 7, 8}: 22 against"),
        ("sum", [5, 7, 10], ["squares", "nim", "1,3,7,8"],
         "Win from Sum of piles [squares; nim; 1,3,7,8]: 5 + 7 + 10 against"),
        ("wythoff", [7, 9], None, "Win from Wythoff's queen: (7,9) against"),
        ("kayles", 7, None, "Win from Kayles"),
    ],
)  # fmt: skip
def test_a_challenge_says_its_game_with_the_rules_it_needs(
    game: str, pos: object, rules: object, said: str
) -> None:
    text = challenges.describe(challenges.make(game, pos, rules=rules))  # type: ignore[arg-type]
    assert text.startswith(said), text


def test_a_class_has_at_most_so_many_students(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("squaregame.classroom.store.MAX_STUDENTS", 3)
    store, _ana, _bo = _class(tmp_path)
    store.join("7B", "Cy")
    with pytest.raises(GameError) as full:
        store.join("7B", "Di")
    assert full.value.key == "serve.class.errors.class_full"
    store.close()


def test_a_served_class_file_is_not_deleted_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    _room, lock = open_class("7B", None)
    capsys.readouterr()
    try:
        assert main(["class", "delete", "7B"]) == 2
        assert "stop every server" in capsys.readouterr().err
    finally:
        lock.release()
    assert main(["class", "delete", "7B"]) == 0

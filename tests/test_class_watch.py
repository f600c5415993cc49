"""``squaregame class watch``: the teacher's terminal view, driven with Pilot at 80×24 under
NO_COLOR — the grid reads without colour (●/○ say who is online), it follows new events,
sorts, and a student's detail shows their chart with a signed axis and their mistakes; the
challenges and their scoreboard are below the grid, as in the browser."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static

from squaregame.classroom import challenges
from squaregame.classroom.lock import ServingLock
from squaregame.classroom.store import FILE_NAME, ClassStore
from squaregame.classroom.watch import DetailScreen, WatchApp
from squaregame.cli.main import main
from squaregame.text import Catalog, set_language


def _class(folder: Path) -> tuple[int, int]:
    store = ClassStore.open(folder)
    store.create_class("7B")
    ana, bo = store.join("7B", "Ana"), store.join("7B", "Bo")
    store.record(ana, "session_started", {})
    store.record(ana, "game_started", {"key": "g", "game": "Squares", "start": "30"})
    move = {"key": "g", "n": 1, "human": True, "verdict": "blunder", "outcome": "hot"}
    store.record(ana, "move", move | {"remoteness": 3, "move": "take 4 → 26", "best": ["take 25"]})
    store.record(bo, "exercise", {"lesson": "hot-cold", "right": True})
    store.close()
    return ana, bo


async def until(pilot: Any, check: Callable[[], bool]) -> None:
    """Wait (a hang guard of 10 s, not a timing) for the watch's next looks until ``check``;
    the test's own assert then says what was drawn."""
    for _ in range(200):
        await pilot.pause(0.05)
        if check():
            return


def _cells(app: WatchApp) -> list[list[str]]:
    table = app.query_one(DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_the_watch_reads_at_80x24_without_colour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    ana, _bo = _class(tmp_path)
    app = WatchApp(ClassStore.open, tmp_path, "7B")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.query_one(DataTable).row_count == 2)
        rows = _cells(app)
        assert rows[0][0] == "○ Ana" and rows[1][0] == "○ Bo"  # no server: nobody online
        lock = ServingLock(tmp_path / FILE_NAME)
        lock.acquire()  # (as a server serving the class)
        await until(pilot, lambda: _cells(app)[0][0] == "● Ana")
        assert _cells(app)[0][0] == "● Ana"  # online, said by a mark
        assert rows[0][1] == "playing Squares (1 move)" and rows[0][4] == "1"
        assert rows[1][3] == "1/1"
        assert "0 of 2" not in str(app.query_one("#live", Static).render())
        store = ClassStore.open(tmp_path)  # something new: the next look shows it
        store.record(ana, "game_ended", {"key": "g", "won": False})
        store.close()
        await until(pilot, lambda: _cells(app)[0][1] == "lost a game")
        assert _cells(app)[0][1] == "lost a game"
        await pilot.press("s", "s", "s", "s")  # by blunders, fewest first
        await until(pilot, lambda: _cells(app)[0][0] == "○ Bo")
        assert [r[0] for r in _cells(app)] == ["○ Bo", "● Ana"]
        await pilot.press("r")
        await until(pilot, lambda: _cells(app)[0][0] == "● Ana")
        assert [r[0] for r in _cells(app)] == ["● Ana", "○ Bo"]
        app.query_one(DataTable).move_cursor(row=0)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DetailScreen))
        assert isinstance(app.screen, DetailScreen)
        text = app.screen.text
        assert "Squares, from 30" in text and "+3 │" in text and "−3 │" in text
        assert "move 1: take 4 → 26 ✗ blunder — take 25 would have won" in text
        width = max(len(line) for line in text.splitlines())
        assert width <= 80 or "Above the line" in text
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DetailScreen))
        assert not isinstance(app.screen, DetailScreen)
    lock.release()


async def test_a_class_deleted_while_watched_is_said_not_a_traceback(tmp_path: Path) -> None:
    _class(tmp_path)
    app = WatchApp(ClassStore.open, tmp_path, "7B")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.query_one(DataTable).row_count == 2)
        store = ClassStore.open(tmp_path)
        store.delete_class("7B")
        store.close()
        live = app.query_one("#live", Static)
        await until(pilot, lambda: "no class called" in str(live.render()))
        assert "there is no class called '7B'" in str(live.render())
    assert app.return_code in (0, None)


def test_watching_a_class_that_is_not_there_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    assert main(["class", "watch", "nope"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_watch_shows_the_challenges_and_the_scoreboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The same view as the browser's: below the grid each challenge (and whom it is for)
    with each student's result, brought up to date; ``c`` opens it whole."""
    monkeypatch.setenv("NO_COLOR", "1")
    set_language(lang)
    cat = Catalog(lang)
    ana, bo = _class(tmp_path)
    grundy = challenges.make("nim", 5, ask="grundy")
    win = challenges.make("squares", 75, ask="win")
    store = ClassStore.open(tmp_path)
    store.add_challenge("7B", grundy, None)
    store.add_challenge("7B", win, bo)
    store.record(ana, "challenge", {"challenge": 1, "ask": "grundy", "solved": True, "seconds": 41})
    store.close()
    app = WatchApp(ClassStore.open, tmp_path, "7B")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "#2" in app.board)
        board = app.board.splitlines()
        solved = cat("serve.teacher.result.seconds", count=41)
        assert board[0] == cat("serve.teacher.scoreboard")
        assert board[1] == f"#1: {challenges.describe(grundy, cat)}"
        assert board[2] == f"  Ana: ✓ {cat('serve.teacher.result.solved')}, {solved}"
        assert board[3] == f"  Bo: {cat('serve.teacher.result.waiting')}"
        whom = cat("serve.watch.board.for_one", name="Bo")
        assert board[4] == f"#2: {challenges.describe(win, cat)} — {whom}"
        assert board[5] == f"  Bo: {cat('serve.teacher.result.waiting')}" and len(board) == 6
        shown = app.query_one("#board-text", Static)
        assert str(shown.render()) == app.board and shown.region.bottom <= 23  # (on screen)
        assert app.query_one(DataTable).row_count == 2  # the grid is there too
        store = ClassStore.open(tmp_path)
        store.record(bo, "challenge", {"challenge": 2, "ask": "win", "solved": False})
        store.close()
        await until(pilot, lambda: "✗" in app.board)
        assert app.board.splitlines()[5] == f"  Bo: ✗ {cat('serve.teacher.result.missed')}"
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, DetailScreen))
        assert isinstance(app.screen, DetailScreen) and app.screen.text == app.board
        await pilot.press("escape")


async def test_the_watch_says_when_there_are_no_challenges(tmp_path: Path) -> None:
    _class(tmp_path)
    app = WatchApp(ClassStore.open, tmp_path, "7B")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.board))
        assert app.board.splitlines() == ["Scoreboard", "No challenges yet."]

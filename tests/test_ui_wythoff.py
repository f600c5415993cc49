"""Wythoff's queen in the app, driven with Textual's Pilot."""

from __future__ import annotations

from typing import Any

from ui_helpers import settle

from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.wythoff.board import WythoffBoard
from squaregame.families.wythoff.screen import WythoffScreen
from squaregame.families.wythoff.side import ColdPairs, TwoPiles
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


def app_for(start: tuple[int, int] = (7, 9), **kw: Any) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(game="wythoff", start=start, seed=2, **kw), ai_delay=0)


def screen_of(app: SquareGameApp) -> WythoffScreen:
    screens = [s for s in app.screen_stack if isinstance(s, WythoffScreen)]
    assert screens
    return screens[-1]


def text(widget: Any) -> str:
    return str(widget.render())


def offset_of(board: WythoffBoard, cell: tuple[int, int]) -> tuple[int, int]:
    for y in range(board.size.height):
        for x in range(board.size.width):
            if board.cell_at(x, y) == cell:
                return x, y
    raise AssertionError(f"{cell} is not on screen")


async def test_title_hints_and_winning_by_keys() -> None:
    app = app_for(hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert "Wythoff" in s.title
        assert "Hot: you can win in 5 — move to (3,5)" in text(s.query_one("#hint"))
        board_text = text(s.query_one(WythoffBoard))
        assert "♛" in board_text and "✓" in board_text and "☹" in board_text
        # ←, then ↓ steps onto the diagonal; two more ↓ follow it to (4,6)... aim for (3,5):
        await pilot.press("left", "down", "down", "down", "down")
        assert s.cursor == (3, 5)
        await pilot.press("enter")
        await settle(pilot)
        assert s.session.plies[0].after == (3, 5) and s.session.plies[0].by_human
        assert s.cursor == s.session.position  # the cursor starts again at the queen


async def test_typed_and_clicked_targets_and_illegal_ones() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("8", " ", "9", "enter")  # to the right: not a queen move
        assert "cannot be reached" in text(s.query_one("#message"))
        board = s.query_one(WythoffBoard)
        await pilot.click("#board", offset=offset_of(board, (6, 5)))  # not on any line
        assert "cannot be reached" in text(s.query_one("#message"))
        assert not s.session.plies
        await pilot.click("#board", offset=offset_of(board, (7, 2)))  # straight down
        await settle(pilot)
        assert s.session.plies[0].after == (7, 2)


async def test_large_board_pans_with_the_cursor() -> None:
    app = app_for((300, 500))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        board = s.query_one(WythoffBoard)
        assert "500" in text(board) and "♛" in text(board)
        before = board._origin
        for _ in range(40):
            await pilot.press("left")
        assert s.cursor == (260, 500)
        assert board._origin[0] < before[0]  # the window followed the cursor left
        assert board.cell_at(*offset_of(board, (260, 500))) == (260, 500)
        await pilot.press("down")  # straight down the column, to the diagonal's square
        assert s.cursor == (260, 460)
        await pilot.press("up")  # and back
        assert s.cursor == (260, 500)


async def test_side_views_heatmap_and_pairs() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("v")
        assert "pile x = 7" in text(s.query_one(TwoPiles)) and "pile y = 9" in text(
            s.query_one(TwoPiles)
        )
        await pilot.press("v")
        pairs = text(s.query_one(ColdPairs))
        assert "⌊kφ⌋" in pairs
        for k, (a, b) in enumerate([(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]):
            if b <= 9:
                assert f"{k:>4} {a:>6} {b:>6}" in pairs
        await pilot.press("m")
        board = text(s.query_one(WythoffBoard))
        assert "♛" in board and "•" not in board  # the heatmap shows remoteness characters
        row0 = board.splitlines()[-4].split()  # above the x axis and the two legend lines
        assert row0[0] == "0" and row0[1].startswith("☹")  # (0,0) cold: ☹ and its letter
        assert row0[2] == "1"  # (1,0): 1 move to the end


async def test_board_marks_differ_by_shape_not_only_colour() -> None:
    """Queen, her moves, cold squares, winning moves and empty squares: five characters."""
    app = app_for(hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        board = screen_of(app).query_one(WythoffBoard)
        rows = text(board).splitlines()
        lw = 2  # "9 ": the row label and a space
        cw = board.cell_size()[0]

        def mark(x: int, y: int) -> str:
            line = rows[(9 - y) * board.cell_size()[1] + board.cell_size()[1] // 2]
            return line[lw + x * cw : lw + (x + 1) * cw].strip()

        queen, reach, win, cold, empty = mark(7, 9), mark(0, 9), mark(3, 5), mark(4, 7), mark(9, 0)
        assert len({queen, reach, win, cold, empty}) == 5, (queen, reach, win, cold, empty)
        assert queen == "♛" and win == "✓" and cold.startswith("☹") and empty == "·"
        assert "♛ the queen" in text(board) and "✓ a winning move" in text(board)
        # no gap between squares: every square's background runs its full width
        styled = [span for span in board.render().spans if span.style and "on" in str(span.style)]
        assert sum(span.end - span.start for span in styled) >= 100 * cw


async def test_misere_corner_exceptions() -> None:
    app = app_for((2, 2), misere=True, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert s.session.info().outcome is Outcome.COLD
        assert text(s.query_one("#hint")).startswith("Cold:")
        assert s.game.info((0, 1)).outcome is Outcome.COLD
        while not s.session.over:
            await pilot.press("left", "enter")
            await settle(pilot)
            if not s.session.over and s.cursor == s.session.position:
                await pilot.press("down", "enter")
                await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)


async def test_undo_redo_and_continue_after_restart() -> None:
    app = app_for()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("3", " ", "5", "enter")
        await settle(pilot)
        after_reply = s.session.position
        await pilot.press("u")
        await settle(pilot)
        assert s.session.position == (7, 9)
        await pilot.press("r")
        await settle(pilot)
        assert s.session.position == after_reply
    again = SquareGameApp(GAMES, ai_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, MenuScreen)
        await pilot.press("enter")  # Continue
        await settle(pilot)
        assert screen_of(again).session.position == after_reply


async def test_new_wythoff_game_from_the_menu() -> None:
    from squaregame.ui.screens.new_game import NewGameDialog

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # Squares, then Wythoff's queen
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog) and app.screen.kind.key == "wythoff"
        for bad, message in (("7", "two numbers"), ("7 x", "not a whole number"), ("", "Type two")):
            app.screen.query_one("#start").value = bad  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert message in str(app.screen.query_one("#dialog-error").render())
        app.screen.query_one("#start").value = "(7, 9)"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, WythoffScreen) and app.screen.session.start == (7, 9)


async def test_the_header_says_the_position_as_text_for_every_family() -> None:
    """Beside the board's picture, the header's subtitle carries the position in words (a
    copy or a screen reader gets it), for every family, and follows the moves."""
    from squaregame.ui.screens.game_base import GameScreen

    cases = [
        (StartRequest(game="wythoff", start=(7, 9), seed=2), "(7,9)", ("left", "enter")),
        (StartRequest(game="squares", start=20, seed=2), "20", ("enter",)),
        (StartRequest(game="sum", start=(5, 7, 10), seed=2), "5 + 7 + 10", ("enter",)),
        (StartRequest(game="kayles", start=(7,), seed=2), "7", ("enter",)),
    ]
    families = {GAMES.family_of(GAMES.kinds.find(str(r.game))).key for r, _, _ in cases}
    assert families == set(GAMES.keys())  # one game of each family
    for request, position, move in cases:
        app = SquareGameApp(GAMES, request, ai_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert screen.sub_title.endswith(f"· position {position}"), screen.sub_title
            await pilot.press(*move)
            await settle(pilot)
            assert screen.session.plies, request.game
            assert screen.sub_title == screen.header_text()  # it follows the moves
            assert not screen.sub_title.endswith(f" {position}")

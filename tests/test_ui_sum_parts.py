"""A sum whose parts are games of several families, in the app (Pilot): its screen shows
each part, chooses and types moves in any part, explains the nim-sum over the parts; the
new-game dialog takes the parts by name and gives them back for a new game."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input
from ui_helpers import newest, parts_rows, settle, sum_app

from squaregame.families import GAMES
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.sums.side import NimSumPanel
from squaregame.families.wythoff.part import BoardPart
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.new_game import NewGameDialog

SIZE = (100, 32)


app_for = sum_app


def screen_of(app: SquareGameApp) -> SumsScreen:
    return newest(app, SumsScreen)


def text(w: Any) -> str:
    return str(w.render())


async def test_a_part_of_another_family_is_shown_chosen_and_played() -> None:
    app = app_for("squares:10 wythoff:3,5 nim:7")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        rows = parts_rows(s)
        assert "Wythoff's queen" in rows[1] and "(3,5)" in rows[1] and "♛" in rows[1]
        assert "●●" not in rows[1]  # a board, no counters
        assert "●" * 9 + "○" in rows[0] and "●" * 7 in rows[2]  # piles as counters (1 taken)
        board = s.query_one(BoardPart).board
        assert board.view is not None and board.view.cursor == (3, 5)  # nothing chosen there
        await pilot.press("down", "right")  # part 2, its second move: the queen to (1,5)
        assert "part 2: move to (1,5)" in text(s.query_one("#message"))
        assert board.view.cursor == (1, 5) and "▶ 2" in parts_rows(s)[1]  # seen before Enter
        await pilot.press("enter")
        await settle(pilot)
        assert s.session.plies[0].after == (10, 1, 5, 7) and s.session.plies[0].by_human


async def test_moves_typed_in_a_part_and_illegal_ones() -> None:
    app = app_for("squares:10 wythoff:3,5 nim:7")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        for keys, message in (
            (["2", " ", "4", " ", "4"], "(4,4) cannot be reached"),
            (["1", " ", "2"], "pile 1: 2 is not a perfect square"),
            (["5", " ", "1"], "there is no pile 5"),
        ):
            await pilot.press(*keys, "enter")
            assert message in text(s.query_one("#message")), keys
            assert not s.session.plies
        await pilot.press("2", " ", "0", " ", "2", "enter")  # the queen to (0,2)
        await settle(pilot)
        assert s.session.plies[0].after == (10, 0, 2, 7)


async def test_the_nim_sum_is_worked_out_over_the_parts() -> None:
    app = app_for("squares:10 wythoff:3,5 nim:7", hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        await pilot.press("h", "h")
        panel = text(s.query_one(NimSumPanel))
        assert "part  position  Grundy" in panel and "(3,5)" in panel
        assert "The nim-sum of the parts' values is 7" in panel
        assert "take 7 from pile 3: the part is worth 7, what it leaves is worth 0" in panel
        assert "g=7" in parts_rows(s)[2]


async def test_a_misere_sum_of_parts_plays_from_the_exact_search() -> None:
    app = app_for("kayles:4 nim:2", misere=True, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        s = screen_of(app)
        assert s.session.info().remoteness_exact
        await pilot.press("h", "h")
        assert "exact search" in text(s.query_one(NimSumPanel))
        assert not any("g=" in row for row in parts_rows(s))


async def test_the_dialog_takes_parts_by_name_and_gives_them_back() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog) and dialog.kind.key == "sum"
        dialog.query_one("#start", Input).value = "squares:10 wythoff:3,5 kayles:7"
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = screen_of(app)
        assert s.session.start == (10, 3, 5, 1, 7)
        assert [r.key for r in s.game.rules] == ["squares", "wythoff", "kayles"]
        await pilot.press("n")  # a new game: the same parts offered, the rules field empty
        await settle(pilot)
        again = app.screen
        assert isinstance(again, NewGameDialog)
        start = again.query_one("#start", Input).value
        assert start.startswith("squares:") and " wythoff:" in start and " kayles:" in start
        assert again.query_one("#rules", Input).value == ""
        again.query_one("#start", Input).value = "squares:4 wythoff:2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "does not give that part's position" in text(again.query_one("#dialog-error"))

"""A queen far out in the app (10^12 and 10^17 from the corner): a window around her with
her coordinates, hints, the cold pairs near her, and moves typed, aimed and answered."""

from __future__ import annotations

from typing import Any

from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.families.wythoff import closed as C
from squaregame.families.wythoff.board import WythoffBoard
from squaregame.families.wythoff.screen import WythoffScreen
from squaregame.families.wythoff.side import ColdPairs
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

FAR = (10**12, 1618033988749)  # hot: its one winning move is (999999999998, 1618033988747)


def app_for(start: tuple[int, int], **kw: Any) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(game="wythoff", start=start, seed=2, **kw), ai_delay=0)


def screen_of(app: SquareGameApp) -> WythoffScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, WythoffScreen))


def text(widget: Any) -> str:
    return str(widget.render())


async def test_a_window_around_the_queen_typed_move_and_answer() -> None:
    app = app_for(FAR, hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        board = text(s.query_one(WythoffBoard))
        assert "♛" in board and "✓" in board
        assert "1618033988749" in board and "1000000000000" in board  # her row and column
        assert "(999999999998,1618033988747)" in text(s.query_one("#hint"))
        for ch in "999999999998 1618033988747":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await settle(pilot)
        plies = s.session.plies
        assert plies[0].after == (999999999998, 1618033988747)
        assert len(plies) == 2 and C.is_cold(*plies[0].after, False)
        k = 1618033988747 - 999999999998
        assert plies[1].after == (C.lower(k - 1), 1618033988747)  # the longest defence
        await pilot.press("v", "v")
        pairs = text(s.query_one(ColdPairs))
        assert f"{k} 999999999998 1618033988747" in pairs.replace("\n", " ")


async def test_aimed_by_keys_at_60_by_20_in_misere_play() -> None:
    start = (123456789012345678, 987654321098765432)
    app = app_for(start, misere=True)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        s = screen_of(app)
        board = text(s.query_one(WythoffBoard))
        assert "987654321098765432" in board and "123456789012345678" in board
        await pilot.press("left", "left", "enter")
        await settle(pilot)
        assert s.session.plies[0].after == (start[0] - 2, start[1])
        assert s.session.plies[0].by_human and len(s.session.plies) == 2

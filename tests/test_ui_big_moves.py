"""A pile of a trillion in the app: the screen opens at once, its move list shows a few moves
and one line for the rest, and any amount can still be played (typed or chosen)."""

from __future__ import annotations

from typing import Any

import pytest
from listing import count_listed
from ui_helpers import game_screen, parts_rows, settle

from squaregame.core.rules import NIM, SQUARES
from squaregame.families import GAMES
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.sums.side import NimSumPanel
from squaregame.play.session import Verdict
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.move_list import MoveList

SIZE = (100, 40)
N = 10**12


def prompts(moves: MoveList) -> list[str]:
    return [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]


async def test_play_nim_with_a_trillion_counters_opens_and_counts_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = count_listed(monkeypatch)  # opens at once: its moves never listed one by one
    app = SquareGameApp(GAMES, StartRequest(game="nim", start=N, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        listed.check()
        screen = game_screen(app)
        moves = screen.query_one("#moves", MoveList)
        lines = prompts(moves)
        assert len(lines) == 7  # take 1, 2, 3, the last three, and the line for the rest
        assert "take 1000000000000 → 0" in lines[5]
        assert "… and 999 999 999 994 more moves" in lines[-1]
        assert moves.get_option_at_index(6).disabled  # a line, not a move
        await pilot.press("h")
        await settle(pilot)
        lines = prompts(moves)
        assert "✓ take 1000000000000 → 0" in lines[5] and "win 1" in lines[5]
        assert "more moves, all losing: lose 2" in lines[-1]
        await pilot.press("5", "enter")  # an amount that is not listed
        await settle(pilot)
        plies = screen.session.plies
        assert [p.after for p in plies] == [N - 5, 0] and plies[0].verdict is Verdict.BLUNDER
        assert screen.session.over and not screen.session.winner_is_human()


async def test_misere_nim_with_a_trillion_lists_the_winning_move_among_the_last() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="nim", start=N, misere=True, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        moves = screen.query_one("#moves", MoveList)
        await pilot.press("h")
        await settle(pilot)
        lines = prompts(moves)
        assert "✓ take  999999999999 → 1" in lines[4] and "win 2" in lines[4]
        assert "all losing: lose 3" in lines[-1]


def app_for_sum(**kw: Any) -> SquareGameApp:
    req = StartRequest(game="sum", start=(N, 5), rules=(NIM, SQUARES), seed=3, **kw)
    return SquareGameApp(GAMES, req, ai_delay=0)


async def test_a_sum_with_a_trillion_counters_opens_and_its_amounts_cycle_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    listed = count_listed(monkeypatch)
    app = app_for_sum(hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        listed.check()
        screen = [s for s in app.screen_stack if isinstance(s, SumsScreen)][-1]
        nimsum = str(screen.query_one(NimSumPanel).render())
        assert "taking 1000000000000 leaves value 0" in nimsum.replace("\n", " ")
        await pilot.press(*["right"] * 4)  # take 5: not among the listed moves, still valued
        said = str(screen.message.render())
        assert "Take 5 from pile 1" in said and "✗" in said
        await pilot.press(*["left"] * 5)  # back round past the first amount to the last: all
        assert "1000000000000" in parts_rows(screen)[0]
        said = str(screen.message.render())  # with hints: what the chosen amount does
        assert "Take 1000000000000 from pile 1" in said and "✓ wins" in said
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.plies[0].after == (0, 5)
        assert screen.session.plies[0].verdict is Verdict.BEST

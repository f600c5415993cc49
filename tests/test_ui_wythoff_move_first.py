"""A queen's move on a big board is drawn before the position after it is analysed, which
the opponent's worker does (issue 31: key latency)."""

from __future__ import annotations

import asyncio
from typing import Any

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest


def test_queen_move_drawn_before_its_analysis_in_the_worker(tmp_path) -> None:
    async def run() -> None:
        request = StartRequest(game="wythoff", start=(2000, 3000))
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path, request=request)
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(3):  # the start is prepared in a worker first
                await pilot.pause()
                await app.workers.wait_for_complete()
            await pilot.pause()
            game: Any = app.screen
            replies: list[Any] = []
            game.run_reply = replies.append  # the worker's job, held back
            plies = len(game.session.plies)
            await pilot.press("left", "enter")
            s = game.session
            assert len(s.plies) == plies + 1  # the move is in, and drawn
            assert game.view.position == s.position
            assert s.cache.peek(("analysis", s.position)) is None  # not analysed here
            assert len(replies) == 1
            await asyncio.to_thread(replies[0])  # the worker: it analyses, then replies
            assert s.cache.peek(("analysis", s.plies[plies].after)) is not None

    asyncio.run(run())

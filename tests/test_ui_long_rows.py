"""Rows of 10^5, 10^6 and 10^9 tokens in the app (Kayles, Dawson's Kayles, octal 0.07): too
many moves to value one by one, so they are counted and their winning ones found. The screen
opens with its move list and a truthful line for the moves not listed; hints, a move, the
projector and the why view all work, and the event loop is never held up for long."""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import froze, newest, settle, ticking, ticks_come

from squaregame.cli.main import make_parser
from squaregame.cli.play import build_request
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.screens.why import WhyScreen
from squaregame.ui.widgets.move_list import MoveList

SIZE = (100, 40)
GAMES_AT = [  # 10^5 crashed: in the default run (Kayles and 0.07); the rest in the slow one
    pytest.param(
        kind,
        n,
        code,
        id=f"{kind}{code}-{n}",
        marks=[pytest.mark.slow] if n > 10**5 or kind == "dawsons-kayles" else [],
    )
    for kind, code in (("kayles", ""), ("dawsons-kayles", ""), ("octal", "0.07"))
    for n in (10**5, 10**6, 10**9)
]


def request(*argv: str) -> Any:
    return build_request(make_parser().parse_args(["play", *argv]))


def last_line(screen: GameScreen[Any]) -> str:
    moves = screen.query_one("#moves", MoveList)
    return str(moves.get_option_at_index(moves.option_count - 1).prompt)


def grouped(n: int) -> str:
    return f"{n:,}".replace(",", " ")


@pytest.mark.parametrize(("kind", "n", "code"), GAMES_AT)
async def test_long_rows_open_hint_play_project_and_explain(kind: str, n: int, code: str) -> None:
    argv = (kind, str(n), "--players", "class", *(("--code", code) if code else ()))
    app = SquareGameApp(GAMES, request(*argv), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        ticks = ticking(app)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen), type(screen).__name__
        s = screen.session
        assert s.start == (n,)
        a = s.analysis()
        assert a.summary is not None and a.summary.ranges == ()  # counted, not valued
        unlisted = a.summary.total - len(a.moves)
        assert "more moves" in last_line(screen)

        await pilot.press("h")
        await settle(pilot)
        assert screen.hints
        winners = a.summary.winning - sum(m.wins for m in a.moves)
        said = last_line(screen)
        assert f"… and {grouped(unlisted)} more moves" in said
        if 0 < winners < unlisted:
            assert f"{grouped(winners)} of them win" in said
        else:
            assert "all losing" in said and winners == 0

        await pilot.press("enter")  # the chosen move (the computer replies)
        await settle(pilot)
        assert app.screen is screen
        assert s.plies and s.plies[0].before == (n,)
        assert "more moves" in last_line(screen)  # the reply's rows: counted too

        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, ProjectorScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen

        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, WhyScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and newest(app, GameScreen) is screen
        await ticks_come(ticks)
        assert not froze(ticks)

"""Context kept (issue 14): a new game never drops the unfinished one silently, and a
lesson's try-it never shows the strip's ☺/☹ while hints are off."""

from __future__ import annotations

import os
from pathlib import Path

from build import make_spec
from textual.widgets import Input
from ui_helpers import game_screen, settle

from squaregame.families import GAMES
from squaregame.families.pile.strip import PositionStrip
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


async def test_a_new_game_keeps_the_unfinished_one_and_says_so() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)
        app.screen.query_one("#start", Input).value = "40"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert game_screen(app).session.start == 40
        said = [n.message for n in app._notifications]
        assert any("kept" in text and "from 30" in text for text in said), said
    games = Path(os.environ["SQUAREGAME_DATA_DIR"]) / "games"
    assert len(list(games.glob("*.json"))) == 2  # both games are there to continue


async def test_continuing_the_same_game_says_nothing_about_keeping() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # to the menu, then Continue: the same game
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert game_screen(app).session.start == 30
        assert not [n for n in app._notifications if "kept" in n.message]


async def test_a_lesson_try_it_strip_gives_nothing_away_without_hints() -> None:
    from squaregame.core.rules import SQUARES
    from squaregame.play.session import Session
    from squaregame.play.settings import Settings
    from squaregame.ui import messages as m

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.preferences.settings = Settings(strip=True)  # a person who turned the strip on
        spec = make_spec("squares", (SQUARES.key,), position=(20,))
        game = spec.build(app.tables)
        app.post_message(m.OpenGame(Session(game, spec.start(game)), persist=False))
        await settle(pilot)
        strip = game_screen(app).query_one(PositionStrip)
        shown = str(strip.render())
        assert strip.display and "20" in shown and "☹" not in shown and "☺" not in shown

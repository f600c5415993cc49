"""Several saved games: a new game never replaces another, and the menu lists the others."""

from __future__ import annotations

import os
from pathlib import Path

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.saved_games import SavedGamesScreen
from squaregame.ui.start import StartRequest


async def _start(start: int, data: Path) -> None:
    app = SquareGameApp(GAMES, StartRequest(game="squares", start=start), ai_delay=0, data_dir=data)
    async with app.run_test() as pilot:
        await pilot.pause()


async def test_the_menu_lists_every_saved_game_and_continues_the_one_chosen(
    tmp_path: Path,
) -> None:
    for i, start in enumerate((30, 40, 50)):
        await _start(start, tmp_path)
        for path in (tmp_path / "games").glob("*.json"):  # distinct times, oldest first
            if str(start) not in path.read_text():
                continue
            os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))
    assert len(list((tmp_path / "games").glob("*.json"))) == 3  # none replaced

    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(2)]  # type: ignore[attr-defined]
        assert prompts[0].startswith("Continue: Squares from 50")
        assert prompts[1] == "Other saved games (2)…"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SavedGamesScreen)
        listed = [e.description for e in app.screen.entries]
        assert [d.split(" — ")[0] for d in listed] == [
            "Squares from 50",
            "Squares from 40",
            "Squares from 30",
        ]
        await pilot.press("down", "down", "enter")
        for _ in range(5):
            await pilot.pause()
        assert app.screen.session.start == 30  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu")
        assert str(menu.get_option_at_index(0).prompt).startswith("Continue: Squares from 30")  # type: ignore[attr-defined]

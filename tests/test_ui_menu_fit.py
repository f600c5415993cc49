"""The main menu shows every entry at once, without a scroll bar, down to 80×24 — with a
saved game too (two more entries) — under a one-line title bar."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (140, 45)])
@pytest.mark.parametrize("saved", [False, True])
async def test_every_menu_entry_is_in_view(size: tuple[int, int], saved: bool) -> None:
    app = SquareGameApp(GAMES)
    entries = len(GAMES.families) + 4 + 2 * saved  # the families, Lessons … Quit
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if saved:  # as with a saved game: "Continue" and "Other saved games" on top
            app.menu.others = 1
            app.menu.saved = "Squares from 75"
            await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        assert menu.option_count == entries
        assert menu.max_scroll_y == 0, (size, menu.size)
        title = app.screen.query_one("#menu-title", Static)
        assert title.region.y == 0 and title.region.height == 1
        assert "squaregame" in str(title.render())

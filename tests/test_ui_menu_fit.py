"""The main menu shows every entry at once, without a scroll bar, down to 80×24 — with a
saved game too (two more entries) — under a one-line title bar."""

from __future__ import annotations

from pathlib import Path

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


async def test_at_140x45_a_big_title_and_a_preview_that_follows_the_highlight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a large terminal the title is in the block font and beside the list a preview of
    the highlighted entry (its rule, an example, the keys); at 80×24 the preview is hidden."""
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        screen = app.screen
        logo = str(screen.query_one("#logo", Static).render())
        assert "█" in logo and "s q u a r e" not in logo  # the block font
        preview = screen.query_one("#menu-preview", Static)
        assert preview.display and preview.region.width > 30
        first = str(preview.render())
        assert "One-pile games" in first and "perfect square" in first and "Enter" in first
        menu = screen.query_one("#menu", OptionList)
        assert preview.region.x >= menu.region.right  # beside the list
        await pilot.press("down")
        await pilot.pause()
        second = str(preview.render())
        assert second != first and "queen" in second and "(3,5)" in second
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#menu-preview", Static).display
        assert "s q u a r e" in str(app.screen.query_one("#logo", Static).render())

"""Keys typed faster than screens open: Enter Down Enter on the menu's Help opens Help once
and keeps it (it was a second choice on the menu: Quit, or Help twice and a crash)."""

from __future__ import annotations

from textual import events

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.help import HelpScreen
from squaregame.ui.screens.menu import MenuScreen


def _type(app: SquareGameApp, *keys: str) -> None:
    """Keys posted at once, none waiting for the one before to be handled."""
    for key in keys:
        char = "\r" if key == "enter" else None
        app.post_message(events.Key(key, char))


async def test_enter_down_enter_on_help_opens_help_once() -> None:
    for _ in range(4):
        app = SquareGameApp(GAMES, ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("up", "up")  # Help, from the top (the list wraps)
            assert str(app.screen.query_one("#menu").highlighted_option.prompt).startswith(  # type: ignore[attr-defined]
                "Help"
            )
            _type(app, "enter", "down", "enter")
            for _ in range(10):
                await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert sum(isinstance(s, HelpScreen) for s in app.screen_stack) == 1
            assert app.is_running and app.return_code is None
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)

"""Keys typed faster than the command palette opens and closes (issue 32): Ctrl+P twice
among other keys in a teams game of Cubes ended the app — Textual's palette, closed by one
key, was closed again by the next one queued behind it (``ScreenStackError``: it popped the
game, then the menu), or looked for its list once its widgets were gone (``NoMatches``).
Each burst is posted at once, none waiting for the one before, as a fast typist or a paste
sends them; the app must still run, with the screens it had."""

from __future__ import annotations

import pytest
from textual import events
from textual.command import CommandList

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.palette import Palette
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest

BURSTS = [
    ["ctrl+p", "enter", "h", "enter", "enter"],  # the replay that ended the app
    pytest.param(  # (more of the same: the slow run)
        ["ctrl+p", "ctrl+p", "escape", "enter", "escape", "ctrl+p", "enter", "enter"],
        marks=pytest.mark.slow,
    ),
    pytest.param(  # (more of the same: the slow run)
        ["ctrl+p", "down", "ctrl+p", "enter", "escape", "escape"], marks=pytest.mark.slow
    ),
    pytest.param(
        ["ctrl+p", "a", "ctrl+p", "backspace", "escape", "ctrl+p", "escape", "enter"],
        marks=pytest.mark.slow,
    ),
]


def _type(app: SquareGameApp, keys: list[str]) -> None:
    for key in keys:
        char = "\r" if key == "enter" else key if len(key) == 1 else None
        app.post_message(events.Key(key, char))


async def _settle(pilot: object, rounds: int = 30) -> None:
    for _ in range(rounds):
        await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.parametrize("burst", BURSTS, ids=range(len(BURSTS)))
async def test_a_burst_of_keys_through_the_palette_never_ends_the_app(burst: list[str]) -> None:
    request = StartRequest(game="cubes", start=30, players="teams")
    app = SquareGameApp(GAMES, request, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        for _ in range(3):  # the burst, again from wherever it left the app
            _type(app, burst)
            await _settle(pilot)
            assert app.is_running and app.return_code is None
            assert isinstance(app.screen_stack[0], MenuScreen)
        while isinstance(app.screen, Palette):
            await pilot.press("escape")
    assert app.return_code in (None, 0)


async def test_a_palette_closed_twice_pops_only_itself() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="cubes", start=30), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        below = app.screen
        palette = Palette(id="--command-palette")
        await app.push_screen(palette)
        await pilot.pause()
        palette.dismiss()
        palette.dismiss()  # queued behind the first (a second Esc, Enter on a command)
        await _settle(pilot, 5)
        assert app.screen is below and app.is_running


async def test_a_palette_whose_list_is_gone_shows_nothing_there() -> None:
    """What a search, a timer or a watcher of a closing palette would show on its list,
    once the list is gone, is dropped (it raised ``NoMatches`` and ended the app)."""
    app = SquareGameApp(GAMES, StartRequest(game="cubes", start=30), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        palette = Palette(id="--command-palette")
        await app.push_screen(palette)
        await _settle(pilot, 5)
        await palette.query_one(CommandList).remove()
        palette._list_visible = not palette._list_visible  # its watcher looks for the list
        palette._list_visible = not palette._list_visible
        palette._show_busy = True
        await _settle(pilot, 5)
        assert app.is_running and app.screen is palette
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, Palette)

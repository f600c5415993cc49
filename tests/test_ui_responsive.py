"""The interface thread never waits for an exact search: "Four squares piles up to 50" is
solved in a worker behind a visible progress screen, keys are answered meanwhile, Esc
cancels, and without Esc the game opens when the search is done."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events
from textual.widgets import Input, ProgressBar, Select, Static
from ui_helpers import froze, settle, ticking, ticks_come

from squaregame.core.sums import solver as sums
from squaregame.families import GAMES
from squaregame.families.sums.screen import SumsScreen
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.busy import BusyScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.new_game import NewGameDialog

PRESETS = GAMES.family("sums").presets()  # the sums dialog's ready-made games
SIZE = (80, 24)
FOUR_SQUARES = next(i for i, (name, _) in enumerate(PRESETS) if name.endswith("four_squares"))
# Wall-clock seconds the event loop may go without a tick while the search runs in a thread
# (seen: ~0.25 alone, numpy holding the GIL; ~1.1 with six processes on two cores): longer
# is a search keeping the interface waiting. Its own work between ticks stays under 1 s.
WAIT = 2.5


@pytest.fixture
def slow_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The preset's search now takes well under a second; these tests need it running while
    keys are pressed, so it is done five times over (numpy holding the GIL all along)."""
    real = sums.solve_box

    def five_times(rules: Any, misere: bool, box: tuple[int, ...]) -> Any:
        for _ in range(4):
            real(rules, misere, box)
        return real(rules, misere, box)

    monkeypatch.setattr(sums, "solve_box", five_times)


async def start_four_squares(pilot: Any) -> BusyScreen:
    app = pilot.app
    app.new_game("sums")
    for _ in range(100):  # composed (later on a busy machine): its Select drawn
        await pilot.pause()
        dialog = app.screen
        if isinstance(dialog, NewGameDialog) and dialog.query("#preset SelectCurrent #label"):
            break
        await asyncio.sleep(0.05)
    assert isinstance(dialog, NewGameDialog)
    dialog.query_one("#preset", Select).value = FOUR_SQUARES
    await pilot.pause()
    await send(app, "ctrl+s")
    for _ in range(100):  # Ctrl+S reaches the dialog after the focused field (a loaded machine)
        if isinstance(app.screen, BusyScreen):
            break
        await asyncio.sleep(0.05)
    busy = app.screen  # the dialog checked cheaply and returned: the search runs in a thread
    assert isinstance(busy, BusyScreen)
    for _ in range(100):  # its worker starts when it is mounted (a moment, on a busy machine)
        if busy.worker is not None:
            break
        await asyncio.sleep(0.05)
    assert busy.worker is not None and busy.worker.is_running
    return busy


async def send(app: SquareGameApp, key: str) -> None:
    """Press ``key`` as a terminal would, and give the event loop a moment. (Pilot's ``press``
    waits for the process to go idle, which it does not while a search runs.)"""
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    await asyncio.sleep(0.1)


def text(widget: Any) -> str:
    return str(widget.render())


async def test_solving_shows_progress_answers_keys_and_esc_cancels(slow_search: None) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ticks = ticking(app)
        busy = await start_four_squares(pilot)
        for _ in range(100):  # visible once it takes a while (later on a busy machine)
            await asyncio.sleep(0.05)
            if not busy.has_class("hidden"):
                break
        assert not busy.has_class("hidden")
        assert busy.query_one(ProgressBar).display
        clock = busy.query_one("#busy-time", Static)
        assert "Esc" in text(clock)
        for key in ("x", "down", "enter"):
            await send(app, key)
        for _ in range(40):  # each answered (a moment later on a busy machine)
            if busy.keys_pressed == 3:
                break
            await asyncio.sleep(0.05)
        assert busy.keys_pressed == 3 and "Still working" in text(clock)
        assert busy.worker is not None and busy.worker.is_running  # answered mid-search
        await send(app, "escape")
        for _ in range(40):
            if busy.worker.is_cancelled:
                break
            await asyncio.sleep(0.05)
        assert busy.worker.is_cancelled
        await ticks_come(ticks, 6)
        assert not froze(ticks, wait=WAIT)
        for _ in range(100):  # the stopped search unwinds first (later on a busy machine)
            await asyncio.sleep(0.05)
            dialog = app.screen  # back in the dialog, as it was answered: a smaller start?
            start = dialog.query("#start").results(Input)  # (none before it is composed)
            if isinstance(dialog, NewGameDialog) and any(f.value for f in start):
                break
        assert isinstance(dialog, NewGameDialog)
        assert dialog.query_one("#start", Input).value == "50 47 44 41"
        assert dialog.query_one("#start", Input).has_focus  # where a smaller start is typed
        assert dialog.query_one("#rules", Input).value == "squares"
        assert not any(isinstance(s, SumsScreen) for s in app.screen_stack)
        assert any("Stopped" in str(n.message) for n in app._notifications)
        await send(app, "escape")  # and out of it, to the menu
        for _ in range(100):
            if isinstance(app.screen, MenuScreen):
                break
            await asyncio.sleep(0.05)
        assert isinstance(app.screen, MenuScreen)


async def test_without_cancel_the_game_opens_when_solved(slow_search: None) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ticks = ticking(app)
        busy = await start_four_squares(pilot)
        await send(app, "x")
        for _ in range(100):  # answered while the search runs (later on a busy machine)
            if busy.keys_pressed:
                break
            await asyncio.sleep(0.05)
        assert busy.keys_pressed == 1 and busy.worker is not None and busy.worker.is_running
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SumsScreen)
        assert screen.session.start == (50, 47, 44, 41)
        assert screen.session.info().remoteness_exact
        await ticks_come(ticks, 11)
        assert not froze(ticks, wait=WAIT)  # the loop ran throughout

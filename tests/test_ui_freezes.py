"""The starts that froze the interface (issue #13): a Nim pile of 10^12 in a sum, one Squares
pile of a million, Continue on a saved game holding such a start, and a misère Wythoff board
whose table must be built. Each opens with the event loop running throughout (a 50 ms timer
keeps ticking), the cheap ones without allocating per-position arrays, the slow one on the busy
screen's worker (keys answered, Esc cancels); Ctrl+Q ends the app."""

from __future__ import annotations

import asyncio
import tracemalloc
from typing import Any

import pytest
from textual import events
from ui_helpers import froze, settle, ticking, ticks_come

from squaregame.cli.main import make_parser
from squaregame.cli.play import build_request
from squaregame.families import GAMES
from squaregame.families.sums.screen import SumsScreen
from squaregame.families.wythoff.screen import WythoffScreen
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.busy import BusyScreen
from squaregame.ui.screens.menu import MenuScreen

SIZE = (100, 32)
MEMORY = 200 * 2**20  # bytes: a per-position array for 10^12 would be terabytes


def request(*argv: str) -> Any:
    return build_request(make_parser().parse_args(["play", *argv]))


async def send(app: SquareGameApp, key: str) -> None:
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    await asyncio.sleep(0.1)


async def open_quickly(argv: tuple[str, ...], start: tuple[int, ...]) -> None:
    tracemalloc.start()
    try:
        app = SquareGameApp(GAMES, request(*argv), ai_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            ticks = ticking(app)
            await settle(pilot)
            await ticks_come(ticks)
            screen = app.screen
            assert isinstance(screen, SumsScreen)
            assert screen.session.start == start
            assert not froze(ticks)
            _, peak = tracemalloc.get_traced_memory()
            assert peak < MEMORY
            await pilot.press("ctrl+q")
            await pilot.pause()
        assert app.return_code == 0
    finally:
        tracemalloc.stop()


async def test_a_nim_pile_of_a_trillion_opens_at_once_and_quits() -> None:
    await open_quickly(("sum", "1000000000000", "5", "--rule", "nim"), (10**12, 5))


async def test_one_squares_pile_of_a_million_opens_at_once() -> None:
    await open_quickly(("sum", "1000000"), (10**6,))


async def test_continue_on_a_saved_trillion_opens_at_once() -> None:
    first = SquareGameApp(GAMES, request("sum", "1000000000000", "5", "--rule", "nim"), ai_delay=0)
    async with first.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(first.screen, SumsScreen)
        await pilot.press("ctrl+q")  # saves the game
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        ticks = ticking(app)
        await pilot.press("enter")  # Continue: the first entry
        await settle(pilot)
        await ticks_come(ticks)
        assert isinstance(app.screen, SumsScreen)
        assert app.screen.session.start == (10**12, 5)
        assert not froze(ticks)


async def test_a_misere_wythoff_table_is_built_in_a_worker_esc_cancels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # numpy's builder takes seconds here, so keys land mid-build; the native one can be done
    # before they arrive (test_the_native_wythoff_build_leaves_the_interface_free)
    monkeypatch.setenv("SQUAREGAME_BUILDER", "numpy")
    app = SquareGameApp(
        GAMES, request("wythoff", "--start", "3999", "3998", "--misere"), ai_delay=0
    )
    async with app.run_test(size=SIZE):
        ticks = ticking(app)
        for _ in range(100):  # the busy screen comes at once; the table takes seconds
            await asyncio.sleep(0.05)
            if isinstance(app.screen, BusyScreen):
                break
        busy = app.screen
        assert isinstance(busy, BusyScreen)
        assert busy.worker is not None and busy.worker.is_running
        await ticks_come(ticks)  # the loop goes on while the table is built
        assert busy.worker.is_running
        await send(app, "x")
        assert busy.keys_pressed == 1 and busy.worker.is_running  # answered mid-build
        await send(app, "escape")
        assert busy.worker.is_cancelled
        assert not any(isinstance(s, WythoffScreen) for s in app.screen_stack)
        assert not froze(ticks)
        assert app.is_running


async def test_the_native_wythoff_build_leaves_the_interface_free(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the C kernels run a band of rows a call with the GIL released: the loop keeps ticking
    monkeypatch.setenv("SQUAREGAME_BUILDER", "native")
    app = SquareGameApp(GAMES, request("wythoff", "--start", "3999", "3998"), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        ticks = ticking(app)
        for _ in range(600):  # compiling once (a fresh cache), the board, its Grundy values
            await asyncio.sleep(0.05)
            if isinstance(app.screen, WythoffScreen):
                break
        await settle(pilot)  # the game screen composed before the app closes
        assert isinstance(app.screen, WythoffScreen)
        assert app.screen.session.start == (3999, 3998)
        assert not froze(ticks)

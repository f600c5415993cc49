"""``play grundys-game 1000000``: the app opens at once (the start is read without computing a
value), the values are computed in the busy screen's worker with visible progress, and Esc
cancels them back to the menu, the app kept."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from squaregame.core.spec import GameSpec
from squaregame.core.tables import Tables
from squaregame.families import GAMES
from squaregame.families.octal import native
from squaregame.families.octal.store import OctalStore
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.busy import BusyScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest

HEAP = 1_000_000
GUARD = 120  # seconds: a guard against a hang, never a measure


@pytest.fixture
def kernel_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = native.values_native

    def counted(rule: Any, n: int, *args: Any, **kwargs: Any) -> Any:
        calls.append(n)
        return real(rule, n, *args, **kwargs)

    monkeypatch.setattr(native, "values_native", counted)
    return calls


def test_the_start_is_read_without_computing(kernel_calls: list[int]) -> None:
    """What the app does before its first frame: read the start and ask if it is slow."""
    spec = GameSpec(GAMES.kinds.find("grundys-game"), (), False, (HEAP,))
    game = spec.build(Tables())
    start = spec.start(game)
    assert game.slow_to_open(start)
    assert kernel_calls == []


async def test_progress_shows_and_esc_cancels_back_to_the_menu(
    kernel_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    reported = asyncio.Event()
    real = BusyScreen._progress

    def progress(self: BusyScreen, fraction: float) -> None:
        real(self, fraction)
        if fraction > 0:
            reported.set()

    monkeypatch.setattr(BusyScreen, "_progress", progress)
    app = SquareGameApp(GAMES, StartRequest(game="grundys-game", start=(HEAP,)), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(reported.wait(), GUARD)  # progress reached the screen
        busy = app.screen
        assert isinstance(busy, BusyScreen)
        assert busy.bar.total is not None and busy.bar.progress > 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)  # back, the app kept
        await app.workers.wait_for_complete()  # the work unwinds at its next report
        kept = OctalStore.of(app.tables).kept.values.get("grundys-game")
        assert kept is None or kept.size <= HEAP  # never finished
        assert kernel_calls  # the work ran, in the worker

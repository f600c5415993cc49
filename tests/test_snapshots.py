"""What the screen shows (pytest-textual-snapshot). Update with: pytest --snapshot-update"""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import footer_drawn

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


def test_menu(snap_compare: Any) -> None:
    assert snap_compare(SquareGameApp(GAMES, ai_delay=0), terminal_size=SIZE)


def test_game_with_hints(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=75, hints=True, seed=1), ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE)


def test_game_over(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0)

    async def play_out(pilot: Any) -> None:
        for _ in range(6):
            if isinstance(pilot.app.screen, GameOverScreen):
                await footer_drawn(pilot)
                return
            await pilot.press("enter")  # 10 is cold: take 1, and the computer takes 9
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        raise AssertionError("the game did not end")

    assert snap_compare(app, terminal_size=SIZE, run_before=play_out)


def test_wythoff_with_hints(snap_compare: Any) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1), ai_delay=0
    )
    assert snap_compare(app, terminal_size=SIZE)


def test_wythoff_large_board_scrolled(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, StartRequest(game="wythoff", start=(300, 500), seed=1), ai_delay=0)

    async def open_then_aim(pilot: Any) -> None:
        await pilot.app.workers.wait_for_complete()  # its board is built in a worker
        await pilot.pause()
        await pilot.press(*["left"] * 30, "down")

    assert snap_compare(app, terminal_size=SIZE, run_before=open_then_aim)


def test_sum_with_hints(snap_compare: Any) -> None:
    from squaregame.core.rules import SetRule

    rules = (SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4]))
    req = StartRequest(game="sum", start=(15, 12), rules=rules, hints=True, seed=1)
    assert snap_compare(SquareGameApp(GAMES, req, ai_delay=0), terminal_size=SIZE, press=["h", "h"])


def test_lesson_fill_the_table(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lesson="hot-cold")
    # 0 cold, 1 hot, 2 cold, 3 hot, then 4 wrongly cold (✗ and why), then corrected
    assert snap_compare(app, terminal_size=SIZE, press=["n", "c", "h", "c", "h", "c", "h"])


def test_lesson_in_russian(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang="ru", lesson="why-22")
    assert snap_compare(app, terminal_size=SIZE, press=["n"])


# Every other screen at 80×24 too.


def _open(action: str) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await pilot.app.run_action(action)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # a dialog's advice, however busy the machine
        await pilot.pause()

    return run_before


FAMILY_OF = {"squares": "pile", "wythoff": "wythoff", "sum": "sums"}  # the menu's families


@pytest.mark.parametrize("kind", ["squares", "wythoff", "sum"])
def test_new_game_dialog(snap_compare: Any, kind: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE, run_before=_open(f"new_game('{FAMILY_OF[kind]}')"))


@pytest.mark.parametrize("action", ["settings", "help", "lessons"])
def test_other_screens(snap_compare: Any, action: str) -> None:
    assert snap_compare(
        SquareGameApp(GAMES, ai_delay=0), terminal_size=SIZE, run_before=_open(action)
    )


def test_move_review(snap_compare: Any) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0)

    async def play_and_review(pilot: Any) -> None:
        await pilot.press("enter")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("r")  # from the game-over dialog: review the moves
        for _ in range(3):  # the table is filled once it knows its width
            await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=play_and_review)


def test_no_color_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    monkeypatch.setenv("NO_COLOR", "1")
    app = SquareGameApp(GAMES, StartRequest(start=75, hints=True, seed=1), ai_delay=0)

    async def check() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            return app.export_screenshot()

    svg = asyncio.run(check())
    assert app.no_color
    assert "✓" in svg and "✗" in svg  # marks that do not rely on colour
    import re

    colours = {c.lower() for c in re.findall(r"fill=\"(#[0-9a-fA-F]{6})\"", svg)}
    colours -= {"#ff5f57", "#febc2e", "#28c840"}  # the screenshot frame's window buttons

    def grey(c: str) -> bool:
        channels = [int(c[i : i + 2], 16) for i in (1, 3, 5)]
        return max(channels) - min(channels) <= 8

    assert all(grey(c) for c in colours), colours  # greys only: no colour at all

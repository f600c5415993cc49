"""What the screen shows (pytest-textual-snapshot). Update with: pytest --snapshot-update"""

from __future__ import annotations

from typing import Any

from squaregame.ui.app import SquareGameApp, StartRequest
from squaregame.ui.screens.game_over import GameOverScreen

SIZE = (80, 24)


def test_menu(snap_compare: Any) -> None:
    assert snap_compare(SquareGameApp(ai_delay=0), terminal_size=SIZE)


def test_game_with_hints(snap_compare: Any) -> None:
    app = SquareGameApp(StartRequest(start=75, hints=True, seed=1), ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE)


def test_game_over(snap_compare: Any) -> None:
    app = SquareGameApp(StartRequest(start=10, seed=1), ai_delay=0)

    async def play_out(pilot: Any) -> None:
        for _ in range(6):
            if isinstance(pilot.app.screen, GameOverScreen):
                return
            await pilot.press("enter")  # 10 is cold: take 1, and the computer takes 9
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        raise AssertionError("the game did not end")

    assert snap_compare(app, terminal_size=SIZE, run_before=play_out)


def test_wythoff_with_hints(snap_compare: Any) -> None:
    app = SquareGameApp(StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1), ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE)


def test_wythoff_large_board_scrolled(snap_compare: Any) -> None:
    app = SquareGameApp(StartRequest(game="wythoff", start=(300, 500), seed=1), ai_delay=0)
    assert snap_compare(app, terminal_size=SIZE, press=["left"] * 30 + ["down"])


def test_sum_with_hints(snap_compare: Any) -> None:
    from squaregame.core.rules import SetRule

    rules = (SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4]))
    req = StartRequest(game="sum", start=(15, 12), rules=rules, hints=True, seed=1)
    assert snap_compare(SquareGameApp(req, ai_delay=0), terminal_size=SIZE, press=["h", "h"])


def test_lesson_fill_the_table(snap_compare: Any) -> None:
    app = SquareGameApp(ai_delay=0, lesson="hot-cold")
    # 0 cold, 1 hot, 2 cold, 3 hot, then 4 wrongly cold (✗ and why), then corrected
    assert snap_compare(app, terminal_size=SIZE, press=["n", "c", "h", "c", "h", "c", "h"])


def test_lesson_in_russian(snap_compare: Any) -> None:
    app = SquareGameApp(ai_delay=0, lang="ru", lesson="why-22")
    assert snap_compare(app, terminal_size=SIZE, press=["n"])

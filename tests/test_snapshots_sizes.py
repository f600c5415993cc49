"""The game screens at three terminal sizes (pytest-textual-snapshot): 80×24, a laptop's
120×36 and a projector's 160×50. The position is drawn large and scaled, the panels grow
with the width, and nothing wraps or is clipped. Update with: pytest --snapshot-update"""

from __future__ import annotations

from typing import Any

import pytest

from squaregame.core.rules import SetRule
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest

SIZES = [  # the projector's 160×50 with the slow tests (80×24 and 120×36 in the default run)
    (80, 24),
    (120, 36),
    pytest.param((160, 50), marks=pytest.mark.slow),
]
REQUESTS = {
    "squares": StartRequest(start=75, hints=True, seed=1),
    "wythoff": StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1),
    "sum": StartRequest(
        game="sum",
        start=(15, 12),
        rules=(SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4])),
        hints=True,
        seed=1,
    ),
}


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36", "160x50"])
@pytest.mark.parametrize("game", list(REQUESTS))
def test_game_screen(snap_compare: Any, game: str, size: tuple[int, int]) -> None:
    app = SquareGameApp(GAMES, REQUESTS[game], ai_delay=0)
    press = ["h", "h"] if game == "sum" else []  # hints off and on again: the nim-sum view
    assert snap_compare(app, terminal_size=size, press=press)


def test_value_history_chosen(snap_compare: Any) -> None:
    """Three moves played, the chart focused and a bar chosen (the picture in docs/playing.md)."""

    async def play(pilot: Any) -> None:
        for _ in range(3):
            await pilot.press("1", "enter")
            for _ in range(3):
                await pilot.pause()
                await pilot.app.workers.wait_for_complete()
        await pilot.press("c", "left", "left")

    app = SquareGameApp(GAMES, StartRequest(start=40, hints=True, seed=1), ai_delay=0)
    assert snap_compare(app, terminal_size=(120, 36), run_before=play)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_menu_at_140x45(snap_compare: Any, lang: str) -> None:
    """The big title and, beside the list, the preview of the highlighted game (Wythoff)."""
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=(140, 45), press=["down"])

"""Everything fits at 80×24 in English, Russian and Spanish (issue 31): no horizontal
scrollbar, no word cut at the edge, the nim-sum panel's columns aligned; and the key bar and
the buttons of the game-over dialog say the same words."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Button
from ui_helpers import footer_drawn, settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
LANGS = ["en", "ru", "es"]


async def _play_out(pilot: Any) -> None:
    for _ in range(8):
        if isinstance(pilot.app.screen, GameOverScreen):
            await footer_drawn(pilot)
            return
        await pilot.press("enter")
        await settle(pilot)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", LANGS)
async def test_game_over_keys_and_buttons_say_the_same(lang: str) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await _play_out(pilot)
        screen = app.screen
        bar = {str(k.action): str(k.description) for k in screen.query("FooterKey")}  # type: ignore[attr-defined]
        for button in screen.query(Button):
            words = bar[f"choose('{button.id}')"]
            assert str(button.label).startswith(words + " ("), (button.label, words)

"""The why screen at 80×24 in English, Russian and Spanish (pytest-textual-snapshot): the
proof that 22 is cold, the line 13 → 12 opened. Update with: pytest --snapshot-update (and
look)."""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest


async def _open_why(pilot: Any) -> None:
    from textual.widgets import Tree

    await settle(pilot)
    await pilot.press("w")
    await settle(pilot)
    tree = pilot.app.screen.query_one(Tree)
    tree.move_cursor(tree.root.children[2])  # 13: answered by 12, whose moves are opened
    await pilot.press("right")
    await settle(pilot)  # (its KeyBar draws in one piece with the screen)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
def test_why_22(snap_compare: Any, lang: str) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=22, seed=1), ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_open_why)

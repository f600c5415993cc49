"""The main screens in Russian and Spanish, at 80×24 (pytest-textual-snapshot).

Each snapshot is the English one's twin (``tests/test_snapshots.py``) in another language:
what a class sees on the projector. Update with: pytest --snapshot-update (and look).
"""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import footer_drawn

from squaregame.core.rules import SetRule
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.start import StartRequest

SIZE = (80, 24)
LANGS = ["ru", pytest.param("es", marks=pytest.mark.slow)]  # (es: the slow tests)


def _open(action: str) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        await pilot.app.run_action(action)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # a dialog's advice, however busy the machine
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("lang", LANGS)
def test_menu(snap_compare: Any, lang: str) -> None:
    assert snap_compare(SquareGameApp(GAMES, ai_delay=0, lang=lang), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_squares_with_hints(snap_compare: Any, lang: str) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=75, hints=True, seed=1), ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_wythoff_with_hints(snap_compare: Any, lang: str) -> None:
    req = StartRequest(game="wythoff", start=(7, 9), hints=True, seed=1)
    assert snap_compare(SquareGameApp(GAMES, req, ai_delay=0, lang=lang), terminal_size=SIZE)


@pytest.mark.parametrize("lang", LANGS)
def test_sum_with_hints(snap_compare: Any, lang: str) -> None:
    rules = (SetRule([1, 3, 7, 8]), SetRule([1, 2, 3, 4]))
    req = StartRequest(game="sum", start=(15, 12), rules=rules, hints=True, seed=1)
    assert snap_compare(SquareGameApp(GAMES, req, ai_delay=0, lang=lang), terminal_size=SIZE)


FAMILY_OF = {"squares": "pile", "wythoff": "wythoff", "sum": "sums"}  # the menu's families


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["squares", "sum"])
def test_new_game_dialog(snap_compare: Any, lang: str, kind: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=_open(f"new_game('{FAMILY_OF[kind]}')"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("action", ["settings", "lessons"])
def test_other_screens(snap_compare: Any, lang: str, action: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=_open(action))


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_step(snap_compare: Any, lang: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang, lesson="hot-cold")
    assert snap_compare(app, terminal_size=SIZE, press=["n", "c", "h", "c", "h", "c"])


@pytest.mark.parametrize("lang", LANGS)
def test_game_over(snap_compare: Any, lang: str) -> None:
    app = SquareGameApp(GAMES, StartRequest(start=10, seed=1), ai_delay=0, lang=lang)

    async def play_out(pilot: Any) -> None:
        for _ in range(6):
            if isinstance(pilot.app.screen, GameOverScreen):
                await footer_drawn(pilot)
                return
            await pilot.press("enter")
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
        raise AssertionError("the game did not end")

    assert snap_compare(app, terminal_size=SIZE, run_before=play_out)


@pytest.mark.parametrize("lang", LANGS)
def test_sum_nimsum_panel(snap_compare: Any, lang: str) -> None:
    """The nim-sum worked out beside the piles: each label on the line of its digits."""
    req = StartRequest(game="sum", start=(50, 47, 44, 41), hints=True, seed=1)
    app = SquareGameApp(GAMES, req, ai_delay=0, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, press=["h", "h"])


@pytest.mark.parametrize("lang", LANGS)
def test_sum_move_review(snap_compare: Any, lang: str) -> None:
    """A sum's review: every column in view, a long move wrapped between words."""
    from ui_helpers import played_out_and_reviewed

    app = SquareGameApp(
        GAMES, StartRequest(game="sum", start=(5, 7, 10), seed=1), ai_delay=0, lang=lang
    )

    async def play_and_review(pilot: Any) -> None:
        await played_out_and_reviewed(pilot)
        await footer_drawn(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=play_and_review)

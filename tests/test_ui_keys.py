"""Every key answered at once (issue 31): the work a key starts is counted, never timed.

The new-game dialog's start field holds a start that plays; in a big sum the person's move is
drawn before the position it led to is analysed, and that analysis runs in the opponent's
worker, not on the interface thread."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from textual.widgets import Input
from ui_helpers import new_game_dialog, settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.start import StartRequest


@pytest.mark.parametrize(
    ("kind", "example", "start"), [("squares", "75", 75), ("sum", "5 7 10", (5, 7, 10))]
)
async def test_the_dialog_starts_with_a_start_and_enter_plays_it(
    kind: str, example: str, start: Any
) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        dialog = await new_game_dialog(pilot, kind)
        field = dialog.query_one("#start", Input)
        assert field.value == example and field.has_focus
        assert field.selected_text == example  # typing replaces it
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.start == start


async def test_typing_replaces_the_example_start() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        dialog = await new_game_dialog(pilot, "squares")
        await pilot.press("4", "0")
        assert dialog.query_one("#start", Input).value == "40"


async def test_the_move_in_a_big_sum_is_drawn_before_its_position_is_analysed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The reply is held back in its worker: the person's move is on the screen meanwhile,
    and the position it led to was analysed in the worker's thread, never the screen's."""
    from squaregame.ui.screens import turns

    release = threading.Event()
    chosen = turns.choose_reply

    def held(*args: Any) -> Any:
        release.wait(30)
        return chosen(*args)

    monkeypatch.setattr(turns, "choose_reply", held)
    app = SquareGameApp(GAMES, StartRequest(game="sum", start=(70, 70, 70, 71)), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        analysed: list[tuple[Any, str]] = []
        analyze = screen.session.game.analyze

        def counted(pos: Any) -> Any:
            analysed.append((pos, threading.current_thread().name))
            return analyze(pos)

        monkeypatch.setattr(screen.session.game, "analyze", counted)
        await pilot.press("enter")
        await pilot.pause()
        after = screen.session.position
        assert screen.session.plies[-1].after == after != (70, 70, 70, 71)
        assert screen.view is not None and screen.view.position == after  # drawn
        assert screen.turns.thinking and screen.view.moves == ()
        release.set()
        await settle(pilot)
        assert analysed and all(pos != after or name != threading.main_thread().name
                                for pos, name in analysed)  # fmt: skip
        assert any(pos == after for pos, _ in analysed)
        assert len(screen.session.plies) == 2 and screen.view.moves  # the reply, and its moves

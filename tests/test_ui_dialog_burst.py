"""Keys typed in a burst (a paste without bracketed paste, a fast typist, tmux send-keys) and
Ctrl+S right after them: the new-game dialog starts from everything typed, not from what the
field held before its last keys arrived. (Found playtesting: Ctrl+S was a priority binding,
which runs before the focused field has taken the keys queued ahead of it.)"""

from __future__ import annotations

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static
from ui_helpers import game_screen, settle

from squaregame.families import GAMES
from squaregame.play.setup import spec_from_fields, start_advice
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


async def _dialog(pilot: Pilot[None]) -> NewGameDialog:
    """The game's new-game dialog (n), once the game has settled."""
    await settle(pilot)
    await pilot.press("n")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NewGameDialog)
    return dialog


def _burst(app: SquareGameApp, text: str, then: str) -> None:
    """Post every key at once, as a terminal delivers a paste: no pause between them."""
    for ch in text:
        key = "space" if ch == " " else ch
        app.post_message(events.Key(key, ch))
    app.post_message(events.Key(then, None))


async def test_ctrl_s_right_after_a_burst_starts_from_all_of_it() -> None:
    app = SquareGameApp(GAMES, StartRequest(game="wythoff", start=(7, 9), seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot)
        field = dialog.query_one("#start", Input)
        assert dialog.focused is field
        field.value = ""
        _burst(app, "30 40", "ctrl+s")
        await settle(pilot)
        assert app.screen.session.start == (30, 40)  # type: ignore[attr-defined]


async def test_ctrl_t_right_after_a_burst_judges_all_of_it() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot)
        dialog.query_one("#start", Input).value = ""
        _burst(app, "34", "ctrl+t")
        await settle(pilot)
        said = str(dialog.query_one("#dialog-advice", Static).render())
        want = start_advice(spec_from_fields(dialog.kind, dialog.fields()), app.tables)
        assert dialog.query_one("#start", Input).value == "34"
        assert said == str(Static(want).render()) and said.strip()


async def test_ctrl_s_still_starts_with_a_list_open() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot)
        dialog.query_one("#start", Input).value = "45"
        level = dialog.query_one("#level", Select)
        level.focus()
        await pilot.pause()
        level.expanded = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert game_screen(app).session.start == 45


async def test_enter_typed_three_times_starts_one_game_and_pops_nothing_else() -> None:
    """Found by the random keys: the second and third Enter reached the dialog after it had
    answered, and each answer popped the top screen (the new game, then the menu): "Can't
    pop screen". A dialog answers once."""
    from squaregame.ui.screens.menu import MenuScreen

    app = SquareGameApp(GAMES, StartRequest(game="sum", start=(5, 7, 10), seed=1), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _dialog(pilot)
        dialog.query_one("#start", Input).focus()
        for _ in range(3):
            app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        stack = [type(s) for s in app.screen_stack]
        assert stack[0] is MenuScreen and len(stack) == 2, stack
        assert app.screen.session.start == (5, 7, 10)  # type: ignore[attr-defined]

"""Context is kept: Esc while typing clears the typing (not the game); ``?`` opens Help at
the game's own section; the position strip is off by default and never shows ☺/☹ with
hints off; the new-game dialog says who should start, on request only."""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, Static
from ui_helpers import new_game_dialog, settle

from squaregame.families import GAMES
from squaregame.families.pile.strip import PositionStrip
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.help import HelpScreen
from squaregame.ui.start import StartRequest


async def test_esc_while_typing_clears_the_typing_and_keeps_the_game() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("1", "6")
        assert screen.typing.text == "16"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.typing.text == ""
        assert "16" not in str(screen.turn_line.render())
        await pilot.press("escape")  # nothing typed now: the menu
        await pilot.pause()
        assert app.screen is not screen


CASES: list[tuple[StartRequest, str]] = [
    (StartRequest(start=30, seed=1), "Squares"),
    (StartRequest(game="wythoff", start=(7, 9), seed=1), "Wythoff"),
    (StartRequest(game="sum", start=(5, 7, 10), seed=1), "Sums of piles"),
]


@pytest.mark.sweep
@pytest.mark.parametrize(("req", "title"), CASES, ids=[t for _, t in CASES])
async def test_help_opens_at_the_games_own_section(req: StartRequest, title: str) -> None:
    app = SquareGameApp(GAMES, req, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        for _ in range(4):
            await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        box = help_screen.query_one("#help-box", VerticalScroll)
        visible = box.region
        heads = [h for h in help_screen.query("MarkdownH2") if title in str(h.render())]
        assert heads, [str(h.render()) for h in help_screen.query("MarkdownH2")]
        top = heads[0].region.y
        assert visible.y <= top <= visible.y + 4, (title, top, visible, box.scroll_y)


async def test_the_strip_is_off_by_default_and_keeps_the_answer_hidden_without_hints(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(tmp_path))  # no settings saved: defaults
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        strip = app.screen.query_one(PositionStrip)
        assert not strip.display
        await pilot.press("s")
        await pilot.pause()
        numbers, faces = str(strip.render()).splitlines()
        assert strip.display and "30" in numbers.split()
        assert set(faces.split()) == {"·"}  # hints off: no ☺/☹ to give the answer away
        assert "h" in str(app.screen.query_one("#message", Static).render())
        await pilot.press("h")
        await pilot.pause()
        faces = str(strip.render()).splitlines()[1]
        assert set(faces.split()) <= {"☺H", "☹C"} and "☹C" in faces.split()


@pytest.mark.parametrize(("start", "word"), [("30", "hot"), ("34", "cold")])
async def test_who_should_start_is_said_on_request(start: str, word: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, "squares")
        advice = dialog.query_one("#dialog-advice", Static)
        dialog.query_one("#start", Input).value = start
        await pilot.pause()
        assert str(advice.render()).strip() == ""  # only when asked
        await pilot.press("ctrl+t")
        await pilot.pause()
        said = str(advice.render())
        assert said.startswith(f"{start} is {word}")
        dialog.query_one("#start", Input).value = "0"
        await pilot.pause()
        assert str(advice.render()).strip() == ""  # another start: the old advice goes
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "nobody can move" in str(dialog.query_one("#dialog-error", Static).render())

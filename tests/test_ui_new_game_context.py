"""The new-game dialog forgets nothing and points at the mistake: ``n`` keeps the game's
opponent, hints, misère and first player; an error goes when a preset is chosen; after an
error the focus stays on the field to correct; the opponent's description is never cut at
80 columns (its name in the choice, its description in full below)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static
from ui_helpers import new_game_dialog, settle

from squaregame.families import GAMES
from squaregame.play.wording import level_blurb
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest


def _text(widget: Static) -> str:
    return str(widget.render())


async def test_n_keeps_level_hints_misere_and_first_player() -> None:
    req = StartRequest(start=30, misere=True, level="casual", hints=True, human_first=False)
    app = SquareGameApp(GAMES, req, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        assert dialog.query_one("#level", Select).value == "casual"
        assert dialog.query_one("#hints", Select).value is True
        assert dialog.query_one("#first", Select).value is False
        assert dialog.query_one("#variant", Select).value is True
        dialog.query_one("#start", Input).value = "20"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = app.screen
        assert getattr(screen, "level", None) == "casual" and getattr(screen, "hints", None)
        assert screen.session.game.misere and not screen.session.human_first  # type: ignore[attr-defined]


async def test_a_preset_clears_the_error_and_the_focus_stays_on_the_bad_field() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, "sum")
        dialog.query_one("#start", Input).value = "5 7"
        rules = dialog.query_one("#rules", Input)
        rules.value = "squares; 1,x"
        rules.focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = _text(dialog.query_one("#dialog-error", Static))
        assert error.startswith("✗") and dialog.focused is rules  # not moved to the piles
        dialog.query_one("#start", Input).value = "abc"
        dialog.query_one("#rules", Input).value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert dialog.focused is dialog.query_one("#start", Input)  # the start is wrong now
        dialog.query_one("#preset", Select).value = 0
        await pilot.pause()
        assert _text(dialog.query_one("#dialog-error", Static)).strip() == ""


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_opponents_description_is_shown_whole_at_80_columns(lang: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await new_game_dialog(pilot, "wythoff")
        for level in ("perfect", "casual"):
            dialog.query_one("#level", Select).value = level
            await pilot.pause()
            blurb = dialog.query_one("#level-blurb", Static)
            shown = " ".join(str(blurb.render()).split())
            assert shown == level_blurb(level)
            box = dialog.query_one("#dialog").content_region
            assert blurb.region.right <= box.right  # inside the dialog, and wrapped to fit:
            assert blurb.size.width * blurb.size.height >= len(level_blurb(level))
            assert blurb.size.height >= -(-len(level_blurb(level)) // blurb.size.width)


@pytest.mark.parametrize("lang", ["en", "ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_the_rules_placeholder_fits_at_80_columns(lang: str) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.new_game("sums")
        await pilot.pause()
        rules = app.screen.query_one("#rules", Input)
        assert len(rules.placeholder) <= rules.content_region.width, rules.placeholder

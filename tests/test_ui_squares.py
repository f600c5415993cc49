"""The Squares game in the app, driven with Textual's Pilot."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from ui_helpers import game_screen, hinted_amount, settle, text_of

from squaregame.core.rules import SQUARES
from squaregame.core.types import Outcome
from squaregame.families import GAMES
from squaregame.families.pile.screen import PileScreen
from squaregame.play.session import Verdict
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.screens.new_game import NewGameDialog
from squaregame.ui.start import StartRequest

SIZE = (80, 24)


def app_for(start: int = 75, **kw: object) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(start=start, seed=1, **kw), ai_delay=0)  # type: ignore[arg-type]


async def type_amount(pilot, amount: int) -> None:  # type: ignore[no-untyped-def]
    await pilot.press(*str(amount), "enter")
    await settle(pilot)


async def test_a_whole_game_won_by_following_the_hints() -> None:
    app = app_for(75, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert "Hot: you can win in 7" in text_of(screen, "#hint")
        for _ in range(20):
            if screen.session.over:
                break
            await type_amount(pilot, hinted_amount(screen))
        assert screen.session.over and screen.session.winner_is_human() is True
        assert all(p.verdict is Verdict.BEST for p in screen.session.plies if p.by_human)
        assert all(p.hints for p in screen.session.plies if p.by_human)  # recorded
        assert len(screen.session.plies) == 7  # the remoteness of 75
        assert isinstance(app.screen, GameOverScreen)
        assert "You won in 7 moves!" in str(app.screen.query_one("#over-text").render())


async def test_the_opponent_wins_from_a_hot_start() -> None:
    app = app_for(75, human_first=False)  # the computer moves first from a hot number
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.plies[0].after == 39
        while not screen.session.over:
            await pilot.press("enter")  # always the first listed move
            await settle(pilot)
        assert screen.session.winner_is_human() is False
        assert isinstance(app.screen, GameOverScreen)
        assert "The computer won" in str(app.screen.query_one("#over-text").render())


async def test_undo_takes_back_the_reply_and_redo_replays() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await type_amount(pilot, 36)
        reply = screen.session.position
        assert len(screen.session.plies) == 2
        await pilot.press("u")
        await settle(pilot)
        assert screen.session.position == 75 and not screen.session.plies
        await pilot.press("r")
        await settle(pilot)
        assert screen.session.position == reply and len(screen.session.plies) == 2
        assert screen.active_bindings["r"].enabled is False  # greyed out in the Footer
        await pilot.press("r")
        await settle(pilot)
        assert screen.session.position == reply and len(screen.session.plies) == 2


async def test_illegal_input_is_refused_and_the_game_goes_on() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        for amount, message in (
            (8, "not a perfect square"),
            (100, "cannot take 100"),
            (0, "positive"),
        ):
            await type_amount(pilot, amount)
            assert message in text_of(screen, "#message")
            assert screen.session.position == 75 and not screen.session.plies
        await pilot.press("backspace")  # nothing typed: harmless
        await type_amount(pilot, 36)
        assert screen.session.plies[0].after == 39


async def test_keys_while_the_computer_thinks_make_no_second_move() -> None:
    app = SquareGameApp(GAMES, StartRequest(start=75, seed=1), ai_delay=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        await pilot.press("3", "6", "enter")
        await pilot.pause()
        assert screen.turns.thinking
        await pilot.press("enter", "1", "enter", "down", "enter")
        assert len(screen.session.plies) == 1 and screen.turns.thinking
        assert screen.active_bindings["enter"].enabled is False
        await settle(pilot)
        assert len(screen.session.plies) == 2 and not screen.session.plies[1].by_human


async def test_clicking_a_move_plays_it() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        moves = screen.query_one("#moves")
        labels = [m.label for m in moves._moves]  # type: ignore[attr-defined]
        row = next(i for i, label in enumerate(labels) if label.startswith("take 36"))
        await pilot.click("#moves", offset=(4, row + 1))  # +1 for the border
        await settle(pilot)
        assert screen.session.plies[0].after == 39


async def test_hints_toggle_marks_every_move() -> None:
    app = app_for(19)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert text_of(screen, "#hint") == ""
        await pilot.press("h")
        hint = text_of(screen, "#hint")
        assert hint.startswith("Hot: you can win in")
        lines = [str(o.prompt) for o in screen.query_one("#moves")._options]  # type: ignore[attr-defined]
        marked = {re.search(r"→ (\d+)", line).group(1): line for line in lines}  # type: ignore[union-attr]
        assert "✓" in marked["15"] and "✓" in marked["10"]
        assert all("✗" in line for to, line in marked.items() if to not in ("15", "10"))


async def test_cold_hint_names_the_best_defence() -> None:
    app = app_for(17, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hint = text_of(game_screen(app), "#hint")
        assert hint == "Cold: every move loses; best defence lasts 8 — take 4 (to 13)"


async def test_misere_game() -> None:
    app = app_for(1, misere=True)  # misère: 1 is cold — the only move takes the last counter
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.info().outcome is Outcome.COLD
        assert "misère" in screen.title
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.over and screen.session.winner_is_human() is False
        text = str(app.screen.query_one("#over-text").render())
        assert "whoever makes the last move loses" in text


async def test_save_and_restore_between_runs() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_amount(pilot, 36)
        position = game_screen(app).session.position
    data = Path(os.environ["SQUAREGAME_DATA_DIR"])
    (save,) = (data / "games").glob("*.json")  # each game its own file
    saved = json.loads(save.read_text())
    assert saved["moves"][0] == 39

    again = SquareGameApp(GAMES, ai_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, MenuScreen)
        menu = again.screen.query_one("#menu")
        assert str(menu.get_option_at_index(0).prompt).startswith("Continue: Squares from 75")
        await pilot.press("enter")
        await settle(pilot)
        screen = game_screen(again)
        assert screen.session.position == position and len(screen.session.plies) == 2


async def test_a_corrupt_save_is_set_aside_with_a_message() -> None:
    data = Path(os.environ["SQUAREGAME_DATA_DIR"])
    data.mkdir(parents=True, exist_ok=True)
    (data / "game.json").write_text('{"version": 1, "game": ')
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notes = [str(n.message) for n in app._notifications]
        assert any("damaged" in n and ".json.corrupt-" in n for n in notes)
    assert list((data / "games").glob("*.json.corrupt-*"))  # 1.0's game.json, moved in


async def test_new_game_dialog_validates_and_starts() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "Squares" is the first entry of a fresh menu
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)
        for bad, message in (("", "Type a start number"), ("abc", "not a whole number"),
                             ("-4", "not a whole number"), ("9" * 12, "beyond")):  # fmt: skip
            app.screen.query_one("#start").value = bad  # type: ignore[attr-defined]
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert message in str(app.screen.query_one("#dialog-error").render())
        app.screen.query_one("#start").value = "22"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert screen.session.start == 22 and isinstance(app.screen, PileScreen)


async def test_escape_returns_to_the_menu_and_the_game_can_continue() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # Continue
        await settle(pilot)
        assert game_screen(app).session.start == 75


async def test_settings_are_saved_and_the_theme_applies() -> None:
    from textual.widgets import Select

    from squaregame.play.settings import load_settings
    from squaregame.ui.screens.settings import SettingsScreen

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_settings()
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#theme", Select).value = "high-contrast"
        app.screen.query_one("#level", Select).value = "beginner"
        await pilot.press("escape")
        await pilot.pause()
        assert app.theme == "high-contrast"
    saved, msg = load_settings(Path(os.environ["SQUAREGAME_DATA_DIR"]) / "settings.json")
    assert msg is None and saved.theme == "high-contrast" and saved.level == "beginner"


async def test_two_teams_take_turns_with_hints_and_review_every_move() -> None:
    from textual.widgets import DataTable

    from squaregame.ui.screens.move_review import MoveReviewScreen

    app = SquareGameApp(GAMES, StartRequest(start=12, two_humans=True, hints=True), ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.sub_title == "Team A against Team B · position 12"  # and the position
        assert "Team A to move" in text_of(screen, "#turn")
        for amount in (1, 9, 1, 1):  # 12 → 11 → 2 → 1 → 0, both sides typed at one keyboard
            assert screen.session.human_to_move and not screen.turns.thinking
            await type_amount(pilot, amount)
        assert [p.after for p in screen.session.plies] == [11, 2, 1, 0]
        assert isinstance(app.screen, GameOverScreen)
        assert "Winner: Team B, in 4 moves." in str(app.screen.query_one("#over-text").render())
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, MoveReviewScreen)
        table = app.screen.query_one(DataTable)
        assert table.row_count == 4
        first = [str(c) for c in table.get_row_at(0)]
        assert first[:3] == ["▶1", "Team A", "take 1 → 11"]  # (▶: the cursor's row)
        assert first[5] == "☹C 6 → ☺H 3"  # the values before and after, face and letter
        assert [str(table.get_row_at(i)[3]) for i in range(4)] == [
            "· hasty",
            "✓ best",
            "· lost",
            "✓ best",
        ]


async def test_a_start_at_the_top_of_a_table_shows_the_strip_below_it(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from squaregame.families.pile.strip import PositionStrip

    monkeypatch.setattr(
        SQUARES, "tabled", SQUARES.tabled._replace(auto_limit=1_000_000)
    )  # only the shipped table
    app = app_for(1_000_000)  # its very last position
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("s")  # the strip is off by default
        await pilot.pause()
        strip = str(screen.query_one(PositionStrip).render())
        assert "1000000" in strip and "999999" in strip and "1000001" not in strip
        assert not text_of(screen, "#message").startswith("✗")

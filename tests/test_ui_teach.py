"""Teaching sessions in the app, driven with Pilot: a teams game to the end and its per-side
review, the projector view, and a demo that plays, pauses and steps."""

from __future__ import annotations

import re
from math import isqrt

import pytest
from text_check import WORD, english_in, visible_lines
from textual.widgets import DataTable, Static
from ui_helpers import game_screen, settle, text_of

from squaregame.families import GAMES
from squaregame.families.pile.screen import PileScreen
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.move_review import MoveReviewScreen
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.big_number import BigNumber
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.turn_banner import TurnBanner

SIZE = (80, 24)
RAW = re.compile(r"\b(?:ui|common|games|errors)_?\w*\.\w+\.\w+|\{\w+\}")
MOVES = (26, 25, 16, 15, 6, 5, 1, 0)  # Reds blunder at moves 1 and 3, Blues at move 2


def app_for(start: int = 30, **kw: object) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(start=start, seed=1, **kw), ai_delay=0)  # type: ignore[arg-type]


async def test_a_teams_game_to_the_end_shows_each_sides_blunders() -> None:
    app = app_for(players="teams", names=("Reds", "Blues"), two_humans=True, hints=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.sub_title == "Reds against Blues · position 30"  # and the position
        for i, to in enumerate(MOVES):
            side = ("Reds", "Blues")[i % 2]
            assert text_of(screen, "#turn").startswith(f"{side} to move")
            assert text_of(screen, "#hint").startswith(f"For {side}: ")  # hints once, for all
            amount = screen.session.position - to
            await pilot.press(*str(amount), "enter")
            await settle(pilot)
            if i < len(MOVES) - 1:  # (the last move's line is under the game-over dialog)
                assert text_of(screen, "#message") == f"{side}: take {amount} (to {to})."
        history = str(screen.history.render())
        assert "Reds" in history and "Blues" in history and "(hint)" not in history
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert str(over.query_one("#over-title").render()) == "Winner: Blues"
        text = str(over.query_one("#over-text").render())
        assert "Winner: Blues, in 8 moves." in text
        assert "Reds: 2 blunders — moves 1, 3." in text
        assert "Blues: 1 blunder — move 2." in text
        blunder = "✗ Move 1: take 4 (to 26) handed over the win; take 25 (to 5) would have won."
        assert blunder in text
        await pilot.press("r")
        await pilot.pause()
        review = app.screen
        assert isinstance(review, MoveReviewScreen)
        sides = str(review.query_one("#review-sides", Static).render())
        assert sides == "Reds: 2 blunders (moves 1, 3) · Blues: 1 blunder (move 2)"
        table = review.query_one(DataTable)
        columns = [str(c.label) for c in table.columns.values()]
        assert columns[3:5] == ["verdict", "best move"]
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert [r[1] for r in rows] == ["Reds", "Blues"] * 4
        assert rows[0][3:5] == ["✗ blunder", "take 25"]
        assert rows[7][3:5] == ["✓ best", "= played"]


async def test_the_projector_view_opens_follows_the_game_and_closes() -> None:
    app = app_for(210, players="class", human_first=True)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        shown = {b.binding.action for b in app.active_bindings.values() if b.binding.show}
        assert "projector" in shown  # in the Footer
        await pilot.press("p")
        await pilot.pause()
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        big = projector.query_one(BigNumber)
        assert big.text == "210"
        assert big.scale() > 4  # larger than the game screen's digits
        assert "█" in str(big.render())  # drawn big, not as text
        banner = projector.query_one(TurnBanner).banner
        assert banner is not None and banner.text == "The class to move"
        assert (banner.marker, banner.color) == ("■", "red")  # side 1: its shape, its colour
        assert "T H E   C L A S S   T O   M O V E" in str(projector.banner.render())
        assert str(projector.query_one("#projector-last").render()) == "No moves yet."
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PileScreen) and screen.teaching.projector is None
        await pilot.press("1", "enter")  # the class takes 1; the computer replies
        await settle(pilot)
        await pilot.press("p")
        await pilot.pause()
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        last = str(projector.query_one("#projector-last").render())
        assert last.startswith("● Move 2: the computer — take ")  # the side's marker
        assert "2. ● The computer  take " in str(projector.query_one("#projector-moves").render())
        assert projector.query_one(BigNumber).text == str(screen.session.position)
        before = screen.session.position
        amount = 4 if isqrt(before - 1) ** 2 == before - 1 else 1  # leave no square
        await pilot.press(str(amount))  # the class plays from the projector: typed, Enter
        turn = projector.banner.banner
        assert turn is not None and turn.text == f"The class to move — typed: {amount}"
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is projector and screen.session.plies[2].after == before - amount
        assert len(screen.session.plies) == 4  # and the computer replied, shown here
        assert projector.query_one(BigNumber).text == str(screen.session.position)
        await pilot.press("2", "enter")  # not a square: said on the projector
        await settle(pilot)
        message = str(projector.query_one("#projector-message").render())
        assert message.startswith("✗ ") and "square" in message
        await pilot.press("p")  # p closes it too
        await pilot.pause()
        assert isinstance(app.screen, PileScreen)


async def test_a_demo_pauses_steps_and_shows_on_the_projector() -> None:
    app = app_for(players="demo", speed=60.0)  # a minute a move: nothing moves by itself
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        shown = {b.binding.action for b in app.active_bindings.values() if b.binding.show}
        bar = str(screen.query_one(KeyBar).render())  # the demo's keys are listed, not the person's
        pause = next(
            b.binding for b in app.active_bindings.values() if b.binding.action == "demo_pause"
        )
        assert pause.description in bar
        assert {"demo_pause", "demo_step", "demo_faster", "projector"} <= shown
        assert not {"play_selected", "undo", "redo", "type"} & shown
        assert not screen.moves.display  # no empty move list
        assert screen.turns.thinking and not screen.session.plies
        assert text_of(screen, "#turn") == "Computer A is thinking…"
        await pilot.press("space")  # pause: the move on its way is dropped
        await settle(pilot)
        assert screen.turns.paused and not screen.turns.thinking and not screen.session.plies
        assert text_of(screen, "#turn") == "Paused — Computer A to move next"
        await pilot.press("enter")  # one move, then paused again
        await settle(pilot)
        assert len(screen.session.plies) == 1 and screen.turns.paused and not screen.turns.thinking
        assert text_of(screen, "#message").startswith("Computer A: take ")
        assert text_of(screen, "#turn") == "Paused — Computer B to move next"
        await pilot.press("p")
        await pilot.pause()
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        await pilot.press("enter")  # the demo's keys work on the projector
        await settle(pilot)
        assert len(screen.session.plies) == 2
        assert str(projector.query_one("#projector-last").render()).startswith(
            "● Move 2: Computer B — take "
        )
        assert projector.query_one(BigNumber).text == str(screen.session.position)
        await pilot.press("minus")
        assert screen.turns.delay == 60.0  # the slowest there is stays
        await pilot.press("plus")
        assert screen.turns.delay == 10.0
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("1")  # nobody types into a demo
        await settle(pilot)
        assert len(screen.session.plies) == 2 and screen.typing.text == ""


@pytest.mark.parametrize(
    ("game", "start"), [("wythoff", (7, 9)), ("sum", (5, 7, 10))], ids=["wythoff", "sum"]
)
async def test_a_demo_of_every_family_pauses_and_steps(game: str, start: object) -> None:
    """The boards' own arrow keys and letters do not take the demo's keys away."""
    app = SquareGameApp(
        GAMES, StartRequest(game=game, start=start, players="demo", speed=60.0), ai_delay=0
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.turns.thinking
        await pilot.press("space")
        await settle(pilot)
        assert screen.turns.paused and not screen.session.plies
        await pilot.press("enter")
        await settle(pilot)
        assert len(screen.session.plies) == 1 and screen.turns.paused
        await pilot.press("full_stop")
        await settle(pilot)
        assert len(screen.session.plies) == 2
        await pilot.press("space")  # on again: the next move is on its way
        await pilot.pause()
        assert not screen.turns.paused and screen.turns.thinking


async def test_a_demo_plays_to_the_end_and_reviews_both_sides() -> None:
    app = app_for(players="demo", speed=0.0, level="casual")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        over = app.screen
        assert isinstance(over, GameOverScreen)
        screen = game_screen(app)
        assert screen.session.over and not screen.session.can_undo()
        text = str(over.query_one("#over-text").render())
        assert text.startswith("Winner: Computer ")
        assert "Computer A: " in text and "Computer B: " in text


@pytest.mark.parametrize("lang", ["ru", pytest.param("es", marks=pytest.mark.slow)])
async def test_teaching_screens_speak_the_language(lang: str) -> None:
    """A teams game over, its review, the projector and a paused demo, read off the screen:
    no English word, no raw catalog key, no unfilled placeholder."""
    problems: list[str] = []

    def check(app: SquareGameApp, where: str) -> None:
        lines = visible_lines(app)
        words = [w for line in visible_lines(app, quotations=False) for w in WORD.findall(line)]
        bad = english_in(words, lang) + RAW.findall("\n".join(lines))
        if bad:
            problems.append(f"{where}: {sorted(set(bad))}\n" + "\n".join(lines))

    app = SquareGameApp(
        GAMES, StartRequest(start=30, seed=1, players="teams", hints=True), ai_delay=0, lang=lang
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        check(app, "teams game")
        await pilot.press("p")
        await pilot.pause()
        check(app, "projector")
        await pilot.press("escape")
        screen = game_screen(app)
        for to in MOVES:
            await pilot.press(*str(screen.session.position - to), "enter")
            await settle(pilot)
        check(app, "teams game over")
        await pilot.press("r")
        await pilot.pause()
        check(app, "teams review")
    app = SquareGameApp(
        GAMES, StartRequest(start=30, seed=1, players="demo", speed=60.0), lang=lang
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await settle(pilot)
        check(app, "demo paused")
        await pilot.press("p")
        await pilot.pause()
        check(app, "demo on the projector")
    assert not problems, "\n".join(problems)


async def test_a_game_ended_on_the_projector_goes_back_to_the_menu() -> None:
    from squaregame.ui.screens.menu import MenuScreen

    app = app_for(players="teams", two_humans=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await pilot.press("p")
        for to in MOVES:  # the whole game played on the projector
            await pilot.press(*str(screen.session.position - to), "enter")
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen), app.screen_stack


async def test_the_new_game_dialog_names_the_sides() -> None:
    from textual.widgets import Input, Select

    from squaregame.ui.screens.menu import MenuScreen
    from squaregame.ui.screens.new_game import NewGameDialog

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # "Squares" is the first entry of a fresh menu
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        names_row = dialog.query_one("#row-names")
        assert not names_row.display  # one person: no names to give
        dialog.query_one("#players", Select).value = "teams"
        await pilot.pause()
        assert names_row.display
        assert "Reds,Blues" in dialog.query_one("#names", Input).placeholder
        dialog.query_one("#start", Input).value = "30"
        dialog.query_one("#names", Input).value = "Reds"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Type 2 names split by a comma" in str(dialog.query_one("#dialog-error").render())
        assert dialog.query_one("#names", Input).has_focus
        dialog.query_one("#names", Input).value = "Reds, Blues"
        await pilot.press("ctrl+s")
        await settle(pilot)
        screen = game_screen(app)
        assert (screen.session.players, screen.session.names) == ("teams", ("Reds", "Blues"))
        assert text_of(screen, "#turn").startswith("Reds to move")

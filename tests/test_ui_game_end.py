"""Hints off hides the values, and the end of a game waits to be read (issue 42).

With hints off, the value history shows nothing about the game until it is over: on the
game screen, in a lesson's try-it game, in a teams game and under the projector; with
hints on, or once the game is over, every value. The game-over dialog restarts nothing
unasked: Enter just after it appears does nothing, Esc closes it and leaves the finished
game on the board, and Enter there shows it again."""

from __future__ import annotations

from typing import Any

import pytest
from ui_helpers import game_screen, picture_text, settle

from squaregame.families import GAMES
from squaregame.play.teach_wording import chart_view
from squaregame.text import set_language, tr
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.game_over import GameOverScreen
from squaregame.ui.screens.lesson import LessonScreen
from squaregame.ui.screens.projector import ProjectorScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.key_bar import KeyBar
from squaregame.ui.widgets.value_chart import ValueChart, render_hidden

SIZE = (80, 24)


def app_for(start: int, **kw: Any) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(start=start, seed=1, **kw), ai_delay=0)


def chart_text(screen: GameScreen[Any]) -> str:
    return str(screen.query_one(ValueChart).render())


def drawn(screen: GameScreen[Any]) -> bool:
    """Whether the chart draws values: its signed scale and bars."""
    text = chart_text(screen)
    return "┤" in text and any(ch in text for ch in "█▁▂▃▄▅▆▇▀")


def start_value(screen: GameScreen[Any]) -> str:
    """The start's value as the chart would say it ("+7"), worked out apart from the screen."""
    return chart_view(screen.session.main_game()).points[0].signed


async def play_out(pilot: Any, screen: GameScreen[Any]) -> None:
    """Enter (the first listed move) until the game is over and its dialog is up."""
    for _ in range(40):
        if screen.session.over:
            break
        await pilot.press("enter")
        await settle(pilot)
    await settle(pilot)
    assert isinstance(pilot.app.screen, GameOverScreen)


def marks(screen: GameScreen[Any]) -> set[str]:
    """The verdict marks the moves so far show."""
    return {ch for ch in str(screen.history.render()) if ch in "✓✗~"}


def assert_hidden(screen: GameScreen[Any], value: str) -> None:
    assert not marks(screen)  # a ✓ on the reply would say the position now is lost
    view = screen.chart.view
    assert view.points == () and view.hidden == len(screen.session.plies) + 1
    text = chart_text(screen)
    assert value not in text and not drawn(screen)
    assert tr("ui_game.values.hidden").split(":")[0] in text.replace("\n", " ")


async def test_hints_off_the_chart_keeps_the_values_until_the_game_is_over() -> None:
    app = app_for(75)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        value = start_value(screen)
        assert value == "+7"
        assert_hidden(screen, value)  # before any move
        await pilot.press("enter")  # take 1: a blunder, and the computer replies
        await settle(pilot)
        assert len(screen.session.plies) == 2
        assert_hidden(screen, value)  # nor after a move: the start's value is not told
        await pilot.press("c", "home")  # its positions can still be chosen and gone back to
        await pilot.pause()
        assert screen.chart.selected == 0 and value not in chart_text(screen)
        await pilot.press("h")  # hints on: every value, at once
        await pilot.pause()
        assert screen.chart.view.points[0].signed == value and drawn(screen)
        assert marks(screen) == {"✗", "✓"}  # (take 1 threw the win away; the reply wins)
        await pilot.press("h")
        await pilot.pause()
        assert_hidden(screen, value)
        assert screen.parts.focused is not None
        screen.parts.focused.focus()  # the move list again: Enter plays
        await play_out(pilot, screen)
        await pilot.press("escape")
        await pilot.pause()
        points = screen.chart.view.points  # over: the whole history
        assert len(points) == len(screen.session.plies) + 1 and points[0].signed == value
        assert drawn(screen) and "✗" in marks(screen)


async def test_a_teams_game_and_its_projector_keep_the_values_back() -> None:
    app = app_for(30, players="teams", names=("Reds", "Blues"), two_humans=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        value = start_value(screen)
        assert_hidden(screen, value)
        await pilot.press("p")
        await pilot.pause()
        projector = app.screen
        assert isinstance(projector, ProjectorScreen)
        assert value not in picture_text(projector)
        await pilot.press("1", "enter")  # Reds take 1, from the projector
        await settle(pilot)
        assert value not in picture_text(projector)
        await pilot.press("escape")
        await pilot.pause()
        assert_hidden(screen, value)


async def test_a_lessons_try_it_game_keeps_the_values_back() -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lesson="squares")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("n", "n", "t")  # "Can you find a way to win?": from 11
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and not game.hints
        value = start_value(game)
        assert value == "+3"
        assert_hidden(game, value)
        await play_out(pilot, game)
        await pilot.press("escape")  # the dialog closed: the finished game, with its values
        await pilot.pause()
        assert app.screen is game and game.chart.view.points[0].signed == value and drawn(game)
        await pilot.press("escape")  # and back to the lesson
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)


async def test_enter_as_the_dialog_appears_starts_nothing() -> None:
    app = app_for(10)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_out(pilot, screen)  # 10 is cold: take 1, the computer takes 9
        session, plies = screen.session, list(screen.session.plies)
        over = app.screen
        assert isinstance(over, GameOverScreen) and over.focused is None
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.screen is over  # the summary is still up
        assert screen.session is session and screen.session.plies == plies
        await pilot.press("a")  # "Again" has its own key
        await settle(pilot)
        assert app.screen is screen and screen.session is not session
        assert not screen.session.plies


async def test_esc_closes_the_dialog_and_leaves_the_finished_game() -> None:
    app = app_for(10)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        await play_out(pilot, screen)
        session, plies = screen.session, list(screen.session.plies)
        keys = {b.binding.action: b.binding.description for b in app.active_bindings.values()}
        assert keys["choose('close')"] == tr("ui_dialog.end.keys.close")
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen  # no dialog, no review, no new game
        assert screen.session is session and screen.session.plies == plies and session.over
        assert str(screen.query_one("#message").render()) == tr("ui_game.end.closed")
        bar = " ".join(item.description for item in screen.query_one(KeyBar).items())  # type: ignore[attr-defined]
        assert tr("ui_game.end.keys.summary") in bar and tr("ui_game.keys.play") not in bar
        assert "Game over" in str(screen.query_one("#turn").render())  # the game, as it ended
        await pilot.press("enter")  # the summary again
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")  # and its keys as before: the review
        await settle(pilot)
        assert type(app.screen).__name__ == "MoveReviewScreen"


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_kept_back_chart_says_so_in_the_room_it_has(lang: str) -> None:
    set_language(lang)
    tall = render_hidden(4, 24, 12, selected=2).plain
    assert "◆" in tall and tr("ui_game.values.hidden").split()[0] in tall
    low = render_hidden(4, 24, 5).plain  # a low pane: the short words, all of them
    assert low.splitlines()[-1].endswith(tr("ui_game.values.hidden_short").split()[-1])
    for text in (tall, low):
        assert all(len(line) <= 24 for line in text.splitlines())
        assert len(text.splitlines()) <= 12 and not any(ch in text for ch in "┤█▀")

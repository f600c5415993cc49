"""Every lesson, in every language, stepped through to the end in the app as a student would:
answering the quizzes, filling the table, finishing the sieve, opening every "try it"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from ui_helpers import settle

from squaregame.core.games import PileGame
from squaregame.core.types import Outcome
from squaregame.lessons import generate as gen
from squaregame.lessons.model import load_lessons
from squaregame.lessons.schema import FillStep, SieveStep
from squaregame.lessons.strings import Strings, languages
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.lesson import LessonScreen
from squaregame.ui.screens.lessons import LessonListScreen

CASES = [(lang, lesson.id) for lang in languages() for lesson in load_lessons(lang)]


@pytest.mark.parametrize("lang, lesson_id", CASES)
async def test_step_through_every_lesson(lang: str, lesson_id: str) -> None:
    app = SquareGameApp(ai_delay=0, lang=lang, lesson=lesson_id)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.lesson.lang == lang
        lesson = screen.lesson
        for index, step in enumerate(lesson.steps):
            assert screen.index == index
            if step.kind == "quiz":
                quiz = screen.query_one("#quiz", OptionList)
                assert quiz.display and quiz.option_count >= 2
                await pilot.press("enter")
                assert screen.query_one("#lesson-feedback").render()
            elif step.kind == "fill":
                game = step.game()
                for n in range(step.as_kind(FillStep).upto + 1):
                    hot = game.info(n).outcome is Outcome.HOT
                    await pilot.press("h" if hot else "c")
                    assert screen.state().marks[n] == (hot, True)
            elif step.kind == "sieve":
                game = step.game()
                assert isinstance(game, PileGame)
                spec = step.as_kind(SieveStep)
                frames = gen.sieve(game, spec.upto, Strings(lang))
                for _ in range(spec.auto):
                    await pilot.press("space")
                for frame in frames[screen.state().shown :]:
                    if frame.new_cold is None:
                        break
                    screen.query_one("#sieve-input", Input).value = str(frame.new_cold)
                    await pilot.press("enter")
                    await pilot.pause()
                assert screen.state().shown == len(frames)
            elif step.kind in ("worked", "board"):
                for _ in range(3):
                    await pilot.press("space")
                assert screen.state().shown >= 2
            elif step.kind == "try":
                await pilot.press("t")
                await settle(pilot)
                game_screen = app.screen
                assert isinstance(game_screen, GameScreen)
                assert game_screen.session.start == step.position()
                assert game_screen.persist is False
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen is screen
            await pilot.press("pagedown")
            await pilot.pause()
        assert screen.index == len(lesson.steps) - 1
        assert screen.progress.done
        assert len(screen.progress.answered) == lesson.quiz_count
    saved = json.loads((Path(os.environ["SQUAREGAME_DATA_DIR"]) / "lessons.json").read_text())
    assert saved[lesson_id]["done"] is True
    data = Path(os.environ["SQUAREGAME_DATA_DIR"])
    assert not list(data.glob("games/*.json"))  # try-its unsaved


async def test_lesson_list_from_the_menu_shows_progress() -> None:
    app = SquareGameApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # Lessons
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        await pilot.press("down", "down", "enter")  # lesson 3
        await pilot.pause()
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson.id == "why-22"
        await pilot.press("n", "n")  # to the quiz on 21
        await pilot.press("enter")  # "hot" is the first choice, and right
        assert lesson.progress.score == 1
        await pilot.press("escape")
        await pilot.pause()
        listing = app.screen.query_one("#lesson-list", OptionList)
        assert "(1/2)" in str(listing.get_option_at_index(2).prompt)


async def test_a_wrong_mark_is_explained_and_can_be_corrected() -> None:
    app = SquareGameApp(ai_delay=0, lesson="hot-cold")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("n", "h")  # 0 is cold, not hot
        feedback = str(screen.query_one("#lesson-feedback").render())
        assert "0 is cold" in feedback and screen.state().cursor == 0
        await pilot.press("c")
        assert screen.state().marks[0] == (False, False)  # corrected; first try recorded wrong
        assert screen.state().cursor == 1

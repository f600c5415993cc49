"""Mastery in the app (issue 42): the sieve takes a number typed before its first frames
are all shown, keeps its answer box in view and says "right" once; the counter "In a row:
k/n" is the rule's own count and moves with every answer; every try-it game counts, one
after "Again" too."""

from __future__ import annotations

from typing import Any

from test_ui_lessons import lesson_app, note
from textual.containers import VerticalScroll
from textual.widgets import Input, Static
from ui_helpers import settle

from squaregame.core.types import Outcome
from squaregame.lessons import sieve as sv
from squaregame.lessons.mastery import needed
from squaregame.lessons.steps import SieveStep
from squaregame.lessons.strings import Strings
from squaregame.text import tr
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.screens.lesson import LessonScreen


def status(screen: LessonScreen) -> str:
    return str(screen.query_one("#lesson-status", Static).render())


def counter(screen: LessonScreen) -> str:
    """What the rule says the counter is now."""
    p = screen.progress
    n = needed(p.run, screen.lesson.mastery, screen.panel().answer_bits())
    return tr("ui_lessons.lesson.run", k=p.streak, n=n)


async def to_step(pilot: Any, screen: LessonScreen, kind: str) -> None:
    while screen.step.kind != kind:
        await pilot.press("n")
        await pilot.pause()


async def test_the_sieve_takes_digits_typed_early_and_says_right_once() -> None:
    async with lesson_app("sieve") as (_app, pilot, screen):
        await to_step(pilot, screen, "sieve")
        spec = screen.step.as_kind(SieveStep)
        frames = sv.sieve(screen.step.game(), spec.upto, Strings("en"))
        box = screen.query_one("#answer-input", Input)
        assert box.display and screen.state().shown == 1  # asked from the first frame
        first = frames[spec.auto].new_cold  # the first the student names: 5
        await pilot.press(*str(first), "enter")  # before any Space
        await pilot.pause()
        assert screen.state().shown == spec.auto + 1  # the frames shown, the guess taken
        said = note(screen)
        assert said.startswith("✓") and said.count(tr("ui_lessons.lesson.right")) == 1
        assert said.count("Right") == 1 and f"{first} is the next cold position" in said
        assert screen.progress.tried == 1 and screen.progress.streak == 1
        assert counter(screen) in status(screen)
        # a wrong guess: a long note above the box, and the box still in view
        await pilot.press("1", "enter")
        await pilot.pause()
        await pilot.pause()
        assert note(screen).startswith("✗") and screen.progress.streak == 0
        assert counter(screen) in status(screen) and "In a row: 0/" in status(screen)
        panel = screen.query_one("#lesson-panel", VerticalScroll)
        assert box.display and panel.region.contains_region(box.region)
        # Space in an empty box shows more; in a box with a number it is typed
        await pilot.press("2", "space")
        assert box.value == "2 "


async def test_the_counter_moves_with_every_right_answer() -> None:
    """Lesson 5's sieve: four right answers are four in a row, as the counter says."""
    async with lesson_app("sieve") as (_app, pilot, screen):
        await to_step(pilot, screen, "sieve")
        spec = screen.step.as_kind(SieveStep)
        frames = sv.sieve(screen.step.game(), spec.upto, Strings("en"))
        for _ in range(spec.auto):
            await pilot.press("space")
        for k, frame in enumerate(frames[spec.auto : spec.auto + 4], 1):
            await pilot.press(*str(frame.new_cold), "enter")
            await pilot.pause()
            assert screen.progress.streak == k
            assert counter(screen) in status(screen) and f"In a row: {k}/" in status(screen)
        await to_step(pilot, screen, "quiz")
        assert counter(screen) in status(screen)  # counting on hot-or-cold items now
        item = screen.panel().item()  # type: ignore[attr-defined]
        from test_ui_lessons import choose

        await choose(pilot, screen, next(v for _, v in item.choices if item.is_right(v)))
        assert screen.progress.streak == 5 and counter(screen) in status(screen)


async def play_out(pilot: Any, game: GameScreen[Any]) -> None:
    """Win from a hot start: always a move to a cold position."""
    while not game.session.over:
        pos = game.session.position
        best = next(c for c in game.session.game.children(pos)
                    if game.session.game.info(c).outcome is Outcome.COLD)  # fmt: skip
        await pilot.press(*str(pos - best), "enter")
        await settle(pilot)


async def test_a_game_after_again_counts_too() -> None:
    async with lesson_app("squares") as (app, pilot, screen):
        await to_step(pilot, screen, "try")
        await pilot.press("t")
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        await play_out(pilot, game)
        await settle(pilot)
        await pilot.press("a")  # the game-over dialog: the same game again
        await settle(pilot)
        assert app.screen is game and not game.session.over
        await play_out(pilot, game)
        await settle(pilot)
        await pilot.press("escape")  # back to the lesson
        await settle(pilot)
        if app.screen is not screen:  # (a dialog whose Esc only closes it: Esc once more)
            await pilot.press("escape")
            await settle(pilot)
        assert app.screen is screen
        assert screen.progress.tried == 2 and screen.progress.score == 2
        assert "2 games counted" in note(screen)
        # the same start twice is one item: the run holds it once
        assert screen.progress.streak == 1

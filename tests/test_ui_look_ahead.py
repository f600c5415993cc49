"""Work done while the person thinks, and not while a key is being answered: the square the
queen is aimed at (or the move selected in a list, or a sum's chosen take) is analysed in a
worker once the choice rests; the opponent's reply starts only after the person's move has
been painted."""

from __future__ import annotations

import asyncio

import pytest
from textual.pilot import Pilot
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.start import StartRequest


def _app(game: str, start: object) -> SquareGameApp:
    return SquareGameApp(GAMES, StartRequest(game=game, start=start, seed=1), ai_delay=0)  # type: ignore[arg-type]


async def _until_analysed(pilot: Pilot[None], to: object) -> bool:
    """Wait (a hang guard of 30 s, not a timing) until ``to`` is in the session's cache."""
    session = pilot.app.screen.session  # type: ignore[attr-defined]
    for _ in range(300):
        if session.cache.peek(("analysis", to)) is not None:
            return True
        await asyncio.sleep(0.1)
    return False


async def test_the_square_the_queen_is_aimed_at_is_analysed_while_the_person_thinks() -> None:
    app = _app("wythoff", (30, 41))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("left")
        aimed = screen.cursor  # type: ignore[attr-defined]
        assert aimed != screen.session.position  # type: ignore[attr-defined]
        assert await _until_analysed(pilot, aimed)


@pytest.mark.parametrize(
    ("game", "start", "key"), [("sum", (9, 12, 17), "right"), ("squares", 40, "down")],
    ids=["a-sums-chosen-take", "a-listed-move"],
)  # fmt: skip
async def test_the_chosen_move_is_analysed_while_the_person_thinks(
    game: str, start: object, key: str
) -> None:
    app = _app(game, start)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        chosen = app.screen.chosen_move()  # type: ignore[attr-defined]
        assert chosen is not None and await _until_analysed(pilot, chosen)


@pytest.mark.parametrize("undo", [False, True], ids=["the-reply-comes", "an-undo-drops-it"])
async def test_the_reply_starts_only_after_the_move_is_painted(undo: bool) -> None:
    app = _app("wythoff", (30, 41))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        session = app.screen.session  # type: ignore[attr-defined]
        turns = app.screen.turns  # type: ignore[attr-defined]
        turns.request_move((29, 41))  # as Enter on it does
        assert len(session.plies) == 1 and turns.thinking
        assert not [w for w in app.workers if w.group == "opponent"]  # not before the paint
        if undo:  # before the paint: the reply is dropped
            turns.undo()
        await settle(pilot)
        if undo:
            assert len(session.plies) == 0 and session.position == (30, 41)
            assert not [w for w in app.workers if w.group == "opponent"]
        else:
            assert len(session.plies) == 2 and not turns.thinking  # the reply came

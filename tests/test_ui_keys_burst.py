"""Keys that come in a burst (the served app reads them from a socket: a student types
fast, or the browser sends several at once) do what the same keys do one at a time: right
after F2 opens a challenge, into its checklist of winning moves, and into the game a
"win" challenge opens. The web driver starts the app blurred (``AppBlur``) and a browser
tab sends focus and blur as it likes; the burst also comes with those in between.

(Issue 42's Chromium run reported first keys lost after a screen opened; neither these
bursts nor the same keys sent over a served session's socket, even with its drawing slowed,
lose any. One loss is found and kept as an expected failure: a key typed ahead of "Play
it"'s Enter, while the dialog is still on top, is dropped with the closing dialog.)"""

from __future__ import annotations

from typing import Any

import pytest
from test_ui_challenge import offer_it, wythoff_moves
from test_ui_class import FakeLink
from textual import events
from ui_helpers import game_screen, settle

from squaregame.classroom import challenges
from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.class_link import ChallengeOffer
from squaregame.ui.screens.challenge import Checklist
from squaregame.ui.widgets.move_list import MoveList

CHARACTERS = {"space": " ", "enter": "\r"}


def post(app: SquareGameApp, items: list[str]) -> None:
    """Keys (and the browser's ``blur``/``focus``) as the web driver posts them."""
    for item in items:
        if item == "BLUR":
            app.post_message(events.AppBlur())
        elif item == "FOCUS":
            app.post_message(events.AppFocus())
        else:
            app.post_message(events.Key(item, CHARACTERS.get(item)))


async def outcome(offer: ChallengeOffer, items: list[str], burst: bool) -> tuple[Any, ...]:
    """What the keys did: the screen, and the checklist's or the move list's state."""
    app = SquareGameApp(GAMES, ai_delay=0, link=FakeLink())
    async with app.run_test(size=(80, 24)) as pilot:
        await offer_it(app, offer, pilot)
        if burst:
            post(app, items)  # nothing awaited in between
        else:
            for item in items:
                post(app, [item])
                await settle(pilot)
        await settle(pilot)
        screen = app.screen
        if offer.ask == "moves":
            checklist = screen.query_one(Checklist)
            return type(screen).__name__, checklist.highlighted, sorted(checklist.ticked)
        moves = game_screen(app).query_one(MoveList)
        return type(screen).__name__, moves.highlighted


@pytest.mark.parametrize(
    "items",
    [
        ["f2", "home", "down", "space"],
        ["f2", "end", "space", "home", "space", "down", "down", "space"],
        ["BLUR", "f2", "home", "down", "space"],
        ["f2", "BLUR", "home", "down", "FOCUS", "space"],
    ],
)
async def test_keys_in_a_burst_into_the_checklist_tick_what_slow_keys_tick(
    items: list[str],
) -> None:
    slow = await outcome(wythoff_moves(), items, burst=False)
    assert slow[0] == "ChallengeScreen" and slow[2]  # (something was ticked)
    assert await outcome(wythoff_moves(), items, burst=True) == slow


@pytest.mark.parametrize("items", [["f2", "enter", "down"], ["BLUR", "f2", "enter", "down"]])
@pytest.mark.xfail(
    strict=True,
    reason="↓ typed before Enter's 'Play it' is answered goes to the closing dialog's "
    "button and is dropped with it (Textual stops a key's bubbling at a removed widget)",
)
async def test_keys_typed_ahead_through_play_it_reach_the_game(items: list[str]) -> None:
    offer = challenges.offer(5, challenges.make("squares", 30, ask="win"))
    slow = await outcome(offer, items, burst=False)
    assert slow[0] == "PileScreen" and slow[1] == 1  # ↓ moved to the second move
    assert await outcome(offer, items, burst=True) == slow

"""Helpers for Pilot tests."""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from squaregame.families import GAMES
from squaregame.families.pile.screen import PileScreen
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog

S = TypeVar("S", bound=Screen)  # type: ignore[type-arg]


async def settle(pilot: Pilot[None]) -> None:
    """Let the opponent's worker finish and its reply land."""
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def played_out_and_reviewed(pilot: Pilot[None]) -> None:
    """The game played out (Enter: the chosen move, at most 40 times) and its review opened."""
    from squaregame.ui.screens.game_over import GameOverScreen  # (the screens of its end)

    for _ in range(40):
        if isinstance(pilot.app.screen, GameOverScreen):
            break
        await pilot.press("enter")
        await settle(pilot)
    await pilot.press("r")
    await settle(pilot)


def game_screen(app: SquareGameApp) -> PileScreen:
    return newest(app, PileScreen)


def newest(app: SquareGameApp, kind: type[S]) -> S:
    """The newest screen of ``kind`` on the app's stack (shown or under a dialog)."""
    screens = [s for s in app.screen_stack if isinstance(s, kind)]
    assert screens, [type(s).__name__ for s in app.screen_stack]
    return screens[-1]


def text_of(screen: PileScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def hinted_amount(screen: PileScreen) -> int:
    """The amount the hint line recommends, e.g. 'Hot: you can win in 7 — take 36 (to 39)'."""
    m = re.search(r"take (\d+) \(to \d+\)", text_of(screen, "#hint"))
    assert m, text_of(screen, "#hint")
    return int(m.group(1))


async def new_game_dialog(pilot: Pilot[None], kind: str) -> NewGameDialog:
    """Open the new-game dialog of ``kind``'s family (as the menu does) and return it."""
    await pilot.pause()
    pilot.app.new_game(family_of(kind))  # type: ignore[attr-defined]
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NewGameDialog)
    return dialog


def family_of(kind: str) -> str:
    """The key of the family a kind (by its key or alias) belongs to."""
    return GAMES.family_of(GAMES.kinds.find(kind)).key


async def footer_drawn(pilot: Pilot[None]) -> None:
    """Wait until the shown screen's own Footer has drawn its keys (a dialog's Footer is
    composed a refresh or more after the dialog appears: a snapshot must not catch it empty)."""
    for _ in range(100):
        keys = pilot.app.screen.query("FooterKey")
        if keys and all(k.size.width for k in keys):
            break
        await pilot.pause()
    for _ in range(3):
        await pilot.pause()


def ticking(app: SquareGameApp) -> list[tuple[float, float]]:
    """The wall clock and the event loop thread's CPU time at each tick of a 50 ms timer."""
    ticks: list[tuple[float, float]] = []
    app.set_interval(0.05, lambda: ticks.append((time.monotonic(), time.thread_time())))
    return ticks


async def ticks_come(ticks: list[tuple[float, float]], count: int = 4) -> None:
    """Wait until the timer of :func:`ticking` has ticked ``count`` times: counted, not timed
    (on a busy machine a late timer skips its missed ticks: with one core kept busy, 0.3 s
    held two, and a test failed so). A loop that never ticks fails here, after 30 s."""
    for _ in range(600):
        if len(ticks) >= count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the event loop ticked {len(ticks)} times in 30 s")


def froze(ticks: list[tuple[float, float]], work: float = 1.0, wait: float = 5.0) -> str:
    """What went wrong between two ticks, if anything ('' when the loop ran throughout).
    Work done on the event loop's thread (its CPU time) past ``work`` seconds is a freeze
    however busy the machine. The wall-clock gap also grows when a busy machine (a CI host
    running other jobs) leaves the process waiting for a processor, so it has the looser
    ``wait``, still there for a loop kept waiting (a lock, a worker holding the GIL)."""
    pairs = list(itertools.pairwise(ticks))
    worked = max((b[1] - a[1] for a, b in pairs), default=0.0)
    waited = max((b[0] - a[0] for a, b in pairs), default=0.0)
    if worked >= work:
        return f"the event loop worked {worked:.2f} s between two ticks"
    if waited >= wait:
        return f"the event loop waited {waited:.2f} s between two ticks"
    return ""


def picture_text(widget: Widget) -> str:
    """What a widget draws, as text: its own rendering, or its drawn children's in turn."""
    leaves = [w for w in (widget, *widget.query("*")) if not w.children]
    return "\n".join(str(w.render()) for w in leaves)


def parts_rows(screen: Screen[None]) -> list[str]:
    """A sum's parts as the sums screen draws them, one entry each: its number and rule, its
    family's picture (every line of it) and its position in words."""
    from squaregame.families.sums.parts_board import PartsBoard  # (sums only)

    board = screen.query_one(PartsBoard)
    return [
        f"{row.label.render()}\n{picture_text(row.view)}\n{row.words.render()}"
        for row in board.rows
    ]


def sum_app(text: str, **kw: Any) -> SquareGameApp:
    """The app playing the sum whose parts ``text`` names (``squares:10 wythoff:3,5``); its
    keywords go to the start request (``misere``, ``hints`` …)."""
    from squaregame.ui.start import StartRequest  # (sums only)

    rules, values = GAMES.kinds.read_parts("sum", [text])
    spec = GAMES.kinds.spec("sum", rules, bool(kw.pop("misere", False)), values)
    req = StartRequest(
        game="sum", start=spec.position, rules=spec.rules, misere=spec.misere, seed=3, **kw
    )
    return SquareGameApp(GAMES, req, ai_delay=0)

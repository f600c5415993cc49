"""``squaregame bench --only keys``: how long a key takes to be answered on the screen.

A scripted session of the app, in this process, driven by Textual's Pilot (headless, 100×32):
the menu's entry opening the new-game dialog (made ahead while the menu rested, as it is
for a person: :mod:`squaregame.ui.aside`); a move in a sum of four piles of about 70
(``play sum 70 70 70 71``); a queen's move on a Wythoff board at (2000, 3000); a lesson's
try-it key (its game made ahead while the step rested); the why view of a game. Each step
is repeated, and its median, 95th percentile and largest are printed, with the 95th
percentile over every key (goal: at most 100 ms).

Key → repaint, as timed here: the clock starts when the key event is posted to the app and
stops once (1) the app and every widget of the screen on top have handled every message
queued so far (Pilot's own wait for the screen), repeated until what the key was for is on
the screen (the dialog mounted, the person's move in the session, the game or the why view
on top), and (2) the screen has painted: its update, the one its refresh timer calls, is run
once more (layout, compositor). Pilot's ``press`` is not used: it waits until the whole
process is idle, workers included, and for at least 20 ms. A worker still running (the
opponent's reply) is not waited for — the person sees the key answered — but it competes for
the interpreter's lock, and that cost is in the figures. Latencies, not ratios.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Callable
from typing import Any

from squaregame.bench.games import key_starts
from squaregame.bench.groups import Latency, percentile
from squaregame.families import GAMES
from squaregame.text import language, tr

GOAL_MS = 100.0
ROUNDS = 7  # each step, after one warm-up
# Before a key that opens a screen, the screen under it is left a moment, as a person does:
# what it does with a moment's rest is done by then (the menu makes the dialog of the entry
# its highlight rests on ahead, a lesson's try-it step its game: squaregame.ui.aside; a key
# pressed sooner finds none made, and the screen is made as it is asked for).
REST = 0.6

Done = Callable[[Any], bool]
__all__ = ["GOAL_MS", "key_latencies", "percentile", "steps"]


async def _key(pilot: Any, key: str, done: Done) -> float:
    """Seconds from posting ``key`` until ``done(app)`` holds and the screen has painted."""
    from textual import events  # (Textual only when this group runs)

    app = pilot.app
    start = time.perf_counter()
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    for _ in range(2000):
        await pilot._wait_for_screen()
        if done(app):
            break
    else:
        raise RuntimeError(f"the key {key!r} was not answered")
    await pilot._wait_for_screen()
    app.screen._on_timer_update()  # the paint its refresh timer would make
    return time.perf_counter() - start


def _on_top(kind: type[Any]) -> Done:
    """Done when a screen of ``kind`` is on top, mounted."""

    def done(app: Any) -> bool:
        screen = app.screen
        return isinstance(screen, kind) and bool(getattr(screen, "is_mounted", False))

    return done


def _moved(plies: int) -> Done:
    """Done when the session holds more than ``plies`` moves (the person's is in)."""

    def done(app: Any) -> bool:
        return len(app.screen.session.plies) > plies

    return done


async def _settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _app(**options: Any) -> Any:
    from squaregame.ui.app import SquareGameApp  # (the app only when this group runs)

    # (in the run's language: an app sets the language it speaks, for the whole process)
    return SquareGameApp(GAMES, ai_delay=0, data_dir=_folder(), lang=language(), **options)


def _folder() -> Any:
    from pathlib import Path  # (a fresh data folder per app: no saved game, no settings)

    return Path(tempfile.mkdtemp())


async def _dialog(rounds: int) -> list[float]:
    from squaregame.ui.screens.new_game import NewGameDialog  # (the screen being timed)

    return await _opens(_app(), "enter", NewGameDialog, rounds)  # (the first game's entry)


async def _opens(app: Any, key: str, screen: type, rounds: int) -> list[float]:
    """``key`` pressed ``rounds + 1`` times, each until ``screen`` is on top (then closed)."""
    times: list[float] = []
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(rounds + 1):
            await _settle(pilot)
            await asyncio.sleep(REST)  # a person's moment on the screen before the key
            await _settle(pilot)
            times.append(await _key(pilot, key, _on_top(screen)))
            await _settle(pilot)
            await pilot.press("escape")
    return times[1:]


async def _moves(request: Any, keys: tuple[str, ...], rounds: int) -> list[float]:
    """A move made ``rounds + 1`` times from the same start (undone after the reply), each
    time with the session's analyses forgotten, as a move to a position never seen — but for
    the position on the screen: it was analysed to be drawn (at the start, or in the worker
    with the reply that led to it), as it always is before the person can move."""
    from squaregame.play.analyses import PositionCache  # (with the app: only when it runs)

    times: list[float] = []
    app = _app(request=request)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(rounds + 1):
            await _settle(pilot)
            game = app.screen
            shown = game.session.analysis()  # on the screen: analysed to be drawn
            game.session.cache = PositionCache()  # as a new position: nothing analysed yet
            game.session.cache.get(("analysis", shown.position), lambda a=shown: a)
            plies = len(game.session.plies)
            for key in keys[:-1]:
                await pilot.press(key)
            times.append(await _key(pilot, keys[-1], _moved(plies)))
            await _settle(pilot)
            await pilot.press("u")
    return times[1:]


async def _why(request: Any, rounds: int) -> list[float]:
    from squaregame.ui.screens.why import WhyScreen  # (the screen being timed)

    return await _opens(_app(request=request), "w", WhyScreen, rounds)


async def _try_it(rounds: int) -> list[float]:
    from squaregame.ui.screens.game_base import GameScreen  # (the screen being timed)

    times: list[float] = []
    app = _app(lesson="sums")
    async with app.run_test(size=(100, 32)) as pilot:
        await _settle(pilot)
        lesson = app.screen
        lesson.index = next(i for i, s in enumerate(lesson.lesson.steps) if s.kind == "try")
        lesson.show_step()
        for _ in range(rounds + 1):
            await _settle(pilot)
            await asyncio.sleep(REST)  # a person's moment on the step (its game made ahead)
            await _settle(pilot)
            times.append(await _key(pilot, "t", _on_top(GameScreen)))
            await _settle(pilot)
            await pilot.press("escape")
    return times[1:]


def steps(rounds: int) -> list[tuple[str, Callable[[], Any]]]:
    """Each step's key (``cli.bench.keys.<key>``) and its session (a coroutine of its
    times, in seconds)."""
    from squaregame.ui.start import StartRequest  # (the app only when this group runs)

    games = key_starts()  # (the games: timed-games.toml's)
    big = StartRequest(game=games["big"].game, start=games["big"].start)
    board = StartRequest(game=games["board"].game, start=games["board"].start)
    return [
        ("dialog", lambda: _dialog(rounds)),
        ("sum_move", lambda: _moves(big, ("enter",), rounds)),
        ("queen_move", lambda: _moves(board, ("left", "enter"), rounds)),
        ("try_it", lambda: _try_it(rounds)),
        ("why", lambda: _why(big, rounds)),
    ]


def key_latencies(rounds: int = ROUNDS) -> list[Latency]:
    """Each step's keys, then every key together, with the goal (p95 ≤ 100 ms)."""
    os.environ.setdefault("SQUAREGAME_CACHE_DIR", tempfile.mkdtemp())
    # A fresh cache has no native library: no compiler started meanwhile, as it would be once
    # on a new machine (the keys, not a compile, are what is timed here).
    os.environ.setdefault("SQUAREGAME_COMPILE_IN_BACKGROUND", "0")
    found: list[Latency] = []
    every: list[float] = []
    for key, session in steps(rounds):
        seconds = tuple(asyncio.run(session()))
        every += seconds
        found.append(Latency(f"key-{key}", tr(f"cli.bench.keys.{key}"), seconds))
    found.append(Latency("key-every", tr("cli.bench.keys.every"), tuple(every), GOAL_MS / 1000))
    return found

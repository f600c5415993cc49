"""The app's memory and Python's full collections (ui/services/collector.py,
ui/textual_fixes.py, ui/widgets/footer.py).

What is checked is counted, never timed: the widgets alive after a round of a lesson's
try-it and back, the entries on the watched objects, the full passes run and where.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from ui_helpers import settle

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.lesson.exercise import AHEAD_AFTER
from squaregame.ui.screens.game_base import GameScreen
from squaregame.ui.services import collector


def _alive(kind: type) -> int:
    return sum(isinstance(o, kind) for o in gc.get_objects())


async def _try_it_rounds(pilot: Any, rounds: int) -> list[int]:
    """A lesson's try-it key and back ``rounds`` times: the widgets alive after each, once
    the app's collector has run a full pass."""
    app = pilot.app
    lesson = app.screen
    lesson.index = next(i for i, s in enumerate(lesson.lesson.steps) if s.kind == "try")
    lesson.show_step()
    alive = []
    for _ in range(rounds):
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.pause(AHEAD_AFTER * 2)  # the next game's screen made ahead (one, kept)
        await settle(pilot)
        app.collector.collect()
        alive.append(_alive(Widget))
    return alive


async def test_a_try_it_and_back_leaves_nothing_behind(tmp_path: Any) -> None:
    """Each round kept a game screen's Header (watching the app's title), six Footer keys
    (bound to the Footer's ``compact``) and ~30 widgets' drawn lines (Textual's cache keyed
    by its own StylesCache): the app grew by ~25,000 blocks a round, for good."""
    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path, lesson="sums")
    async with app.run_test(size=(100, 32)) as pilot:
        alive = await _try_it_rounds(pilot, 4)
        app.collector.collect()
        lesson = app.screen
        footer = next(iter(lesson.query(TextualFooter)), None)  # (a key bar needs none)
        keys = len(footer.query("FooterKey")) if footer is not None else 0
        bound = getattr(footer, "__watchers", {}).get("compact", []) if footer else []
        titles = [closing for owner, _ in getattr(app, "__watchers", {}).get("title", [])
                  for closing in [owner._closing]]  # fmt: skip
    assert alive[1:] == alive[:1] * 3, alive  # the same widgets after every round
    assert len(bound) <= keys, (len(bound), keys)  # only the keys it shows
    # the lesson list's Header, the lesson's and the next try-it game's, made ahead
    assert titles == [False, False, False]


def test_a_styles_cache_is_not_kept_by_the_colours_cache() -> None:
    cache = StylesCache()
    references = sys.getrefcount(cache)
    inner, outer = cache.get_inner_outer(Color(10, 20, 30), Color(40, 50, 60, 0.5))
    assert outer.background == Color(10, 20, 30)
    assert inner.background == Color(10, 20, 30) + Color(40, 50, 60, 0.5)
    assert sys.getrefcount(cache) == references  # (Textual's own cache held one more)


class _Passes:
    """Full passes seen through ``gc.callbacks``: how many, and how many the collector ran."""

    def __init__(self) -> None:
        self.seen = 0
        self.ours = 0
        self.in_ours = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            self.seen += 1
            self.ours += self.in_ours


async def test_full_passes_wait_for_a_quiet_moment(tmp_path: Any, monkeypatch: Any) -> None:
    """While the app runs the interpreter starts no full pass of its own, however much is
    allocated (with its thresholds it would have started several here); the collector runs
    them once the app is idle, and restores the thresholds when the app ends."""
    passes = _Passes()
    run = collector.Collector.collect

    def collect(self: collector.Collector) -> None:
        passes.in_ours = True
        try:
            run(self)
        finally:
            passes.in_ours = False

    monkeypatch.setattr(collector.Collector, "collect", collect)
    before = gc.get_threshold()
    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
    gc.callbacks.append(passes)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert gc.get_threshold()[2] == collector.OUT_OF_REACH
            kept = []
            for _ in range(60):  # ~600,000 containers that live on: full passes are due
                kept.append([[i] for i in range(10_000)])
                await pilot.pause()
            automatic = passes.seen - passes.ours
            for _ in range(200):  # (a hang guard, not a timing: the pass comes when idle)
                if app.collector.passes:
                    break
                await pilot.pause(0.05)
            del kept
    finally:
        gc.callbacks.remove(passes)
    assert automatic == 0
    assert app.collector.passes >= 1 and passes.ours >= 1
    assert gc.get_threshold() == before


def test_the_rules_of_a_due_pass(monkeypatch: Any) -> None:
    """Due after ``DUE`` young collections and a quarter more memory in use, as CPython."""
    c = collector.Collector(app=None)
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, collector.DUE - 1))
    monkeypatch.setattr(collector.sys, "getallocatedblocks", lambda: 1000)
    assert not c.due()
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, collector.DUE))
    assert not c.due()  # the first measure: the base
    monkeypatch.setattr(collector.sys, "getallocatedblocks", lambda: 1250)
    assert not c.due()
    monkeypatch.setattr(collector.sys, "getallocatedblocks", lambda: 1251)
    assert c.due()

"""Screens made ahead (squaregame/ui/aside.py, issue 46). The menu: a game's entry highlighted
for a moment has its new-game dialog composed and laid out off the screen; Enter shows that
very dialog, whole. A lesson's try-it step, likewise its game's screen, from the start ``t``
would draw. One made for another family, language, theme or settings is never shown: it is
dropped and the screen made as the key asks."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.widgets import Input, OptionList, Select

from squaregame.families import GAMES
from squaregame.text import set_language
from squaregame.ui.app import SquareGameApp
from squaregame.ui.aside import shown_yet
from squaregame.ui.screens.menu import PREPARE_AFTER
from squaregame.ui.screens.new_game import NewGameDialog

SIZE = (100, 32)


async def _rested(pilot: Any) -> None:
    """The highlight rested on its entry long enough, and the app is idle again."""
    await pilot.pause(PREPARE_AFTER * 2)
    for _ in range(4):
        await pilot.pause()


def _ready(app: SquareGameApp) -> Any:
    made = app.opener.ahead._made
    return None if made is None else made[1]


def _run(body: Any, tmp_path: Any, lesson: str | None = None) -> None:
    """``body(app, pilot)`` once the app's first screen (the menu, or ``lesson`` on its
    try-it step) has rested."""

    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path, lesson=lesson)
        async with app.run_test(size=SIZE) as pilot:
            await _rested(pilot)
            if lesson is not None:
                shown = app.screen
                steps = shown.lesson.steps
                shown.index = next(i for i, s in enumerate(steps) if s.kind == "try")
                shown.show_step()
                await _rested(pilot)
            await body(app, pilot)

    try:
        asyncio.run(run())
    finally:
        set_language("en")


def test_enter_shows_the_dialog_made_ahead_whole_and_laid_out(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = _ready(app)
        assert isinstance(ahead, NewGameDialog) and not shown_yet(app, ahead)
        assert ahead.kind is GAMES.families[0].kinds[0]  # the first entry's: its first kind
        assert ahead.query_one("#dialog").size.width > 0  # laid out off the screen
        assert ahead.query_one("#dialog-title")._styles_cache._cache  # and drawn, its lines kept
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ahead and _ready(app) is None  # that very one, taken
        start = ahead.query_one("#start", Input)
        assert app.focused is start and start.value == ahead.example()
        assert ahead.query_one("#level", Select).value == app.settings.level
        await pilot.press("enter")  # it answers as any dialog: the game starts
        for _ in range(4):
            await pilot.pause()
        assert not isinstance(app.screen, NewGameDialog)
        assert not ahead.is_attached  # gone with its answer, not kept

    _run(body, tmp_path)


def test_back_at_the_menu_a_fresh_one_is_made(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        first = _ready(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await _rested(pilot)
        second = _ready(app)
        assert isinstance(second, NewGameDialog) and second is not first
        assert not first.is_attached

    _run(body, tmp_path)


def test_another_entry_drops_the_one_made_for_the_last(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        first = _ready(app)
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = 1  # the second family's entry
        await _rested(pilot)
        second = _ready(app)
        assert second is not first and not first.is_attached
        assert second.family is GAMES.families[1]
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is second

    _run(body, tmp_path)


def test_keys_passing_over_entries_make_nothing(tmp_path: Any) -> None:
    """Arrow keys passing over the entries faster than the highlight rests build none."""
    made: list[Any] = []

    async def body(app: SquareGameApp, pilot: Any) -> None:
        original = app.opener.prepare

        def prepare(asker: Any, family: str | None = None, session: Any = None) -> None:
            made.append(family)
            original(asker, family, session)

        app.opener.prepare = prepare  # type: ignore[method-assign]
        menu = app.screen.query_one("#menu", OptionList)
        for _ in range(3):
            menu.action_cursor_down()
            await pilot.pause()  # (well under the rest it needs)
        await _rested(pilot)
        assert menu.highlighted == 3
        assert made == [GAMES.families[3].key], made  # only where it came to rest

    _run(body, tmp_path)


def test_settings_changed_since_it_was_made_are_not_lost(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = _ready(app)
        app.settings.level = "casual"  # changed in place, as the settings dialog does
        await pilot.press("enter")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, NewGameDialog) and shown is not ahead
        assert shown.query_one("#level", Select).value == "casual"
        assert not ahead.is_attached

    _run(body, tmp_path)


def test_another_language_since_it_was_made_is_spoken(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = _ready(app)
        set_language("ru")
        await pilot.press("enter")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, NewGameDialog) and shown is not ahead
        assert "Начать" in str(shown.query_one("#go").render())

    _run(body, tmp_path)


def test_a_try_it_step_has_its_game_made_ahead_and_t_shows_it(tmp_path: Any) -> None:
    from squaregame.lessons import exercise_model as em
    from squaregame.lessons.steps import TryStep
    from squaregame.ui.screens.game_base import GameScreen

    async def body(app: SquareGameApp, pilot: Any) -> None:
        lesson = app.screen
        st = lesson.state()
        ahead = _ready(app)
        assert isinstance(ahead, GameScreen) and ahead.session is st.next
        spec = lesson.step.as_kind(TryStep)  # the start t would draw, drawn ahead
        rng = em.seeded(lesson.seed, lesson.lesson.id, lesson.index, "try", st.attempt)
        assert ahead.session.start == spec.start(st.attempt, rng, None)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is ahead and st.game is ahead.session and st.next is None
        assert ahead.finished is not None and ahead.persist is False  # as t asks
        await pilot.press("escape")
        await _rested(pilot)
        again = _ready(app)  # the next attempt's, from its own start
        assert isinstance(again, GameScreen) and again is not ahead
        assert again.session is st.next and st.attempt == 1
        rng = em.seeded(lesson.seed, lesson.lesson.id, lesson.index, "try", 1)
        assert again.session.start == spec.start(1, rng, ahead.session.start)
        await pilot.press("escape")  # the lesson left: its game made ahead is not kept
        for _ in range(3):
            await pilot.pause()
        assert _ready(app) is None and not again.is_attached

    _run(body, tmp_path, lesson="sums")


def test_a_try_it_made_ahead_for_other_settings_is_not_shown(tmp_path: Any) -> None:
    from squaregame.ui.screens.game_base import GameScreen

    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = _ready(app)
        assert isinstance(ahead, GameScreen)
        app.settings.level = "casual"
        await pilot.press("t")
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, GameScreen) and shown is not ahead
        assert shown.session is ahead.session  # the same game, its screen made anew
        assert shown.turns.opponent.level.key == "casual" and not ahead.is_attached
        assert app.screen_stack[-2].state().attempt == 1

    _run(body, tmp_path, lesson="sums")


def test_another_theme_or_size_since_it_was_made(tmp_path: Any) -> None:
    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = _ready(app)
        app.theme = "textual-light"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog) and app.screen is not ahead
        await pilot.press("escape")
        await _rested(pilot)
        ahead = _ready(app)  # made in the light theme: taken, at the new size laid out anew
        await pilot.resize_terminal(80, 24)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is ahead and ahead.size == (80, 24)
        assert ahead.query_one("#dialog").region.right <= 80

    _run(body, tmp_path)


def test_a_making_asked_for_as_the_app_quits_is_dropped(tmp_path: Any) -> None:
    """Found in CI: the menu's request arrived as the app was closing, with no screen left
    on its stack ("No screens on stack": a traceback at exit)."""
    from squaregame.ui.messages import MakeAhead

    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            menu = app.screen
            app._running = False  # closing, the menu still on its stack (a slow-run CI failure:
            try:  # "Node must be running to subscribe to a signal")
                app.on_make_ahead(MakeAhead(menu, family=GAMES.families[0].key))
            finally:
                app._running = True
            assert app.opener.ahead._made is None
        assert app.screen_stack == []
        app.on_make_ahead(MakeAhead(menu, family=GAMES.families[0].key))  # (no traceback)
        assert app.opener.ahead._made is None

    asyncio.run(run())


def test_one_dropped_while_it_is_still_being_made_never_ends_the_app(tmp_path: Any) -> None:
    """A dialog made ahead and dropped (another entry rested on, the game chosen another way)
    before its widgets were all mounted: removing it then made its ``on_mount`` find no start
    field, and the app ended on the error (a challenge test hung on the dead app). Every
    spacing of the drop within the first turns of the making is tried."""

    async def body(app: SquareGameApp, pilot: Any) -> None:
        ahead = app.opener.ahead
        menu = app.screen
        for turns in range(12):
            ahead.drop()
            app.opener.prepare(menu, family=GAMES.families[turns % 2].key)
            made = _ready(app)
            for _ in range(turns):
                await asyncio.sleep(0)
            ahead.drop()
            for _ in range(3):
                await pilot.pause()
            assert app.is_running and app.return_code is None, turns
            assert not made.is_attached and app.screen is menu
        await pilot.press("enter")  # and the menu still opens a dialog
        await pilot.pause()
        assert isinstance(app.screen, NewGameDialog)

    _run(body, tmp_path)

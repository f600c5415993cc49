"""The menu's start-up: what its first frame costs, and that nothing was lost to make it
cheap (its keys and the command palette's, the collector turned back on)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys

import pytest
from textual.command import CommandPalette

from squaregame import start_up
from squaregame.cli import main as cli_main
from squaregame.families import GAMES
from squaregame.textmode import wanted
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest
from squaregame.ui.widgets.key_bar import KeyBar


def _bar_lines(bar: KeyBar) -> list[str]:
    return str(bar.render()).splitlines()


@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((140, 45), "ru"), ((80, 24), "es")])
async def test_the_menu_shows_its_keys_and_the_palettes_at_the_right(
    size: tuple[int, int], lang: str
) -> None:
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        bar = app.screen.query_one(KeyBar)
        lines = _bar_lines(bar)
        assert len(lines) == 1 and bar.size.height == 1 and bar.region.bottom == size[1]
        for b in app.screen.active_bindings.values():
            if b.binding.show:
                assert b.binding.description in lines[0], (b.binding.description, lines)
        palette = bar.palette_item()
        assert palette is not None and palette.key == app.COMMAND_PALETTE_BINDING
        shown = f"{palette.display} {palette.description}"
        assert lines[0].rstrip().endswith(shown)
        assert len(lines[0].rstrip()) == size[0] - 1  # its last column left free, as Footer's
        # a click on it opens the palette
        await pilot.click(KeyBar, offset=(lines[0].index(shown), 0))
        await pilot.pause()
        assert CommandPalette.is_open(app)


async def test_the_palettes_key_takes_a_row_of_its_own_when_the_last_is_full() -> None:
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(24, 20)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        rows = bar.placed(bar.size.width)
        palette = bar.palette_item()
        assert palette is not None and len(rows) == 2 and bar.size.height == 2
        assert [item for _, item in rows[1]] == [palette]
        assert rows[1][0][0] == bar.size.width - palette.width  # at the right
        assert all(x + item.width <= bar.size.width for row in rows for x, item in row)
        lines = _bar_lines(bar)
        assert len(lines) == 2 and "palette" not in lines[0]
        assert lines[1].rstrip().endswith(f"{palette.display} {palette.description}")


async def test_a_game_screens_bar_leaves_the_palette_out() -> None:
    """A game has a dozen keys: its bar keeps the room for them (Ctrl+P still works)."""
    app = SquareGameApp(GAMES, StartRequest(start=30, seed=1), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)
        bar = app.screen.query_one(KeyBar)
        assert bar.palette_item() is None
        palette = app.screen.active_bindings[app.COMMAND_PALETTE_BINDING].binding
        assert palette.description not in str(bar.render())


def test_the_fast_start_pauses_the_collector_until_the_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import squaregame.ui.app as app_module

    seen: list[bool] = []
    monkeypatch.setattr(
        app_module, "run_app", lambda games, request: seen.append(gc.isenabled()) or 0
    )
    monkeypatch.setattr(sys, "argv", ["squaregame"])  # run as the program: main()
    monkeypatch.setattr(wanted, "text_wanted", lambda: False)  # (pytest's output is no terminal)
    try:
        assert cli_main.main() == 0
        assert gc.isenabled()  # resumed on the way out, whatever happened
    finally:
        gc.enable()
    assert seen == [False]


def test_a_command_run_as_the_program_freezes_start_up_before_it_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from squaregame.cli import analyze

    frozen = gc.get_freeze_count()
    seen: list[tuple[bool, bool]] = []

    def run(args: object, tables: object) -> int:
        seen.append((gc.isenabled(), gc.get_freeze_count() > frozen))
        return 0

    monkeypatch.setattr(analyze, "run", run)
    monkeypatch.setattr(sys, "argv", ["squaregame", "analyze", "squares", "10"])
    try:
        assert cli_main.main() == 0
    finally:
        gc.unfreeze()  # (this test process goes on to other tests)
        gc.enable()
    assert seen == [(True, True)]  # the command ran with the collector on, start-up frozen


def test_main_called_as_a_function_leaves_the_collector_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from squaregame.cli import analyze

    frozen = gc.get_freeze_count()
    seen: list[tuple[bool, int]] = []
    monkeypatch.setattr(
        analyze,
        "run",
        lambda args, tables: seen.append((gc.isenabled(), gc.get_freeze_count())) or 0,
    )
    assert cli_main.main(["analyze", "squares", "10"]) == 0
    assert seen == [(True, frozen)] and gc.get_freeze_count() == frozen


async def _collector_after_the_first_frame() -> tuple[bool, int]:
    """(on?, freeze count) once the menu of a new app is drawn."""
    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return gc.isenabled(), gc.get_freeze_count()


async def test_the_first_frame_freezes_what_start_up_made_and_resumes_the_collector() -> None:
    frozen = gc.get_freeze_count()
    start_up.pause()
    try:
        on, now = await _collector_after_the_first_frame()
        assert on and now > frozen
    finally:
        start_up.resume()
        gc.unfreeze()  # (this test process goes on to other apps)
        gc.enable()


async def test_a_collector_turned_off_by_someone_else_is_left_off() -> None:
    """Only our own pause is ended: an app started while a caller keeps the collector off
    leaves it off, and freezes nothing."""
    frozen = gc.get_freeze_count()
    gc.disable()
    try:
        assert await _collector_after_the_first_frame() == (False, frozen)
        assert cli_main.main(["analyze", "squares", "10"]) == 0
        assert not gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()


def test_the_program_pauses_until_the_real_menus_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``squaregame`` → ``main()`` → the app: the collector is off while the menu is
    composed and on, with start-up frozen, once its first frame is drawn."""
    import asyncio

    import squaregame.ui.app as app_module

    frozen = gc.get_freeze_count()
    seen: list[tuple[str, bool, bool]] = []
    compose = MenuScreen.compose

    def composing(self: MenuScreen) -> object:
        seen.append(("compose", gc.isenabled(), gc.get_freeze_count() > frozen))
        return compose(self)

    def run_app(GAMES, request: object) -> int:
        async def first_frame() -> None:
            app = SquareGameApp(GAMES, ai_delay=0)
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                seen.append(("drawn", gc.isenabled(), gc.get_freeze_count() > frozen))

        asyncio.run(first_frame())
        return 0

    monkeypatch.setattr(MenuScreen, "compose", composing)
    monkeypatch.setattr(app_module, "run_app", run_app)
    monkeypatch.setattr(sys, "argv", ["squaregame"])
    monkeypatch.setattr(wanted, "text_wanted", lambda: False)  # (pytest's output is no terminal)
    try:
        assert cli_main.main() == 0
    finally:
        gc.unfreeze()
        gc.enable()
    assert seen == [("compose", False, False), ("drawn", True, True)]


@pytest.mark.parametrize("words", [["--version"], ["analyze", "--no-such-option"]])
def test_the_program_ending_before_start_up_is_over_resumes_the_collector(
    words: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    frozen = gc.get_freeze_count()
    monkeypatch.setattr(sys, "argv", ["squaregame", *words])
    try:
        with pytest.raises(SystemExit):
            cli_main.main()
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()


async def test_an_app_started_with_the_collector_on_freezes_nothing() -> None:
    """Only the fast start pauses the collector; an app run any other way (``play``, a
    lesson, the tests' many apps in one process) leaves it alone."""
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    assert await _collector_after_the_first_frame() == (True, frozen)


def test_the_menus_first_frame_imports_no_message_or_play_request() -> None:
    """The menu's first frame needs neither the messages screens post (imported at the first
    choice) nor ``squaregame play``'s request, nor numpy, nor Textual's Footer."""
    code = (
        "import asyncio, sys, json\n"
        "from squaregame.families import GAMES\n"
        "from squaregame.ui.app import SquareGameApp\n"
        "async def first_frame():\n"
        "    app = SquareGameApp(GAMES, ai_delay=0)\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'MenuScreen'\n"
        "        return sorted(sys.modules)\n"
        "print(json.dumps(asyncio.run(first_frame())))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "squaregame.ui.screens.menu" in loaded and "squaregame.ui.widgets.key_bar" in loaded
    later = ("squaregame.ui.messages", "squaregame.ui.start", "numpy", "textual.widgets._footer")
    assert not [name for name in later if name in loaded]


def test_a_theme_named_before_it_was_registered_is_drawn_in_its_own_colours() -> None:
    """``TEXTUAL_THEME=high-contrast``: Textual makes the first colours before squaregame's
    third theme exists; they are made again once it does."""
    code = (
        "from squaregame.families import GAMES\n"
        "from squaregame.ui.app import SquareGameApp\n"
        "from squaregame.ui.themes import HIGH_CONTRAST\n"
        "app = SquareGameApp(GAMES, ai_delay=0)\n"
        "want = HIGH_CONTRAST.to_color_system().generate()\n"
        "print(app.theme, app.theme_variables['background'] == want['background'],\n"
        "      app.stylesheet._variables['panel'] == want['panel'])\n"
    )
    env = {**os.environ, "TEXTUAL_THEME": "high-contrast"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.split() == ["high-contrast", "True", "True"]


async def test_a_menu_choice_still_reaches_the_application() -> None:
    """The menu imports its messages at the first choice: Help still opens."""
    from squaregame.ui.screens.help import HelpScreen

    app = SquareGameApp(GAMES, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "up", "enter")  # Help: the entry before Quit
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)

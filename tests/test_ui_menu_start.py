"""The menu's start-up: what its first frame costs, and that nothing was lost to make it
cheap (its keys and the command palette's, the collector turned back on)."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

import pytest
from textual.command import CommandPalette

from squaregame.cli import main as cli_main
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.widgets.key_bar import KeyBar


def _bar_lines(bar: KeyBar) -> list[str]:
    return str(bar.render()).splitlines()


@pytest.mark.parametrize(("size", "lang"), [((80, 24), "en"), ((140, 45), "ru"), ((80, 24), "es")])
async def test_the_menu_shows_its_keys_and_the_palettes_at_the_right(
    size: tuple[int, int], lang: str
) -> None:
    app = SquareGameApp(ai_delay=0, lang=lang)
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
    app = SquareGameApp(ai_delay=0)
    async with app.run_test(size=(24, 20)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        rows = bar.placed(bar.size.width)
        palette = bar.palette_item()
        assert palette is not None and len(rows) == 2 and bar.size.height == 2
        assert [item for _, item in rows[1]] == [palette]
        assert rows[1][0][0] == bar.size.width - palette.width  # at the right
        assert all(x + item.width <= bar.size.width for row in rows for x, item in row)


async def test_a_game_screens_bar_leaves_the_palette_out() -> None:
    bar = KeyBar()
    assert bar.palette is False  # the game screens' default: their keys need the room


def test_the_fast_start_pauses_the_collector_until_the_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import squaregame.ui.app as app_module

    seen: list[bool] = []
    monkeypatch.setattr(app_module, "run_app", lambda request: seen.append(gc.isenabled()) or 0)
    try:
        assert cli_main.main([]) == 0
    finally:
        gc.enable()
    assert seen == [False]


async def test_the_first_frame_turns_the_collector_back_on() -> None:
    gc.disable()
    try:
        app = SquareGameApp(ai_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()


def test_the_menus_start_imports_no_message_or_play_request() -> None:
    """The menu's first frame needs neither the messages screens post (imported at the first
    choice) nor ``squaregame play``'s request, nor numpy."""
    code = (
        "import sys, json\n"
        "from squaregame.ui.app import SquareGameApp\n"
        "SquareGameApp()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "squaregame.ui.screens.menu" in loaded
    later = ("squaregame.ui.messages", "squaregame.ui.start", "numpy", "textual.widgets._footer")
    assert not [name for name in later if name in loaded]


async def test_a_menu_choice_still_reaches_the_application() -> None:
    """The menu imports its messages at the first choice: Help still opens."""
    from squaregame.ui.screens.help import HelpScreen

    app = SquareGameApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end", "up", "enter")  # Help: the entry before Quit
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)

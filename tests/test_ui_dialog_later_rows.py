"""The new-game dialog paints its first rows before the slow ones (issue 31: key latency)."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, Select

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog


def test_dialog_is_pushed_before_its_later_rows_are_mounted(tmp_path) -> None:
    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
        seen: list[tuple[bool, bool]] = []
        original = NewGameDialog.on_mount

        def on_mount(self: NewGameDialog) -> None:
            original(self)
            # mounted and focused on the start, the application's rows not yet built
            seen.append((self.ready, bool(self.query("#level"))))
            assert isinstance(self.focused, Input) and self.focused.id == "start"

        NewGameDialog.on_mount = on_mount  # type: ignore[method-assign]
        try:
            async with app.run_test(size=(100, 32)) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                dialog = app.screen
                assert isinstance(dialog, NewGameDialog)
                assert seen == [(False, False)]
                assert dialog.ready
                assert dialog.query_one("#level", Select).value is not None
                # every field in the order it had: the later rows before the error line
                ids = [w.id for w in dialog.query("#dialog > *")]
                assert ids.index("row-level") < ids.index("row-names") < ids.index("dialog-error")
                assert isinstance(app.focused, Input) and app.focused.id == "start"
        finally:
            NewGameDialog.on_mount = original  # type: ignore[method-assign]

    asyncio.run(run())

"""The new-game dialog is whole once it is shown (issue 46: every row usable within 100 ms of
the key; issue 31 had split it in two). How often its widgets are styled: test_ui_restyles."""

from __future__ import annotations

import asyncio

from textual.widgets import Input, Select

from squaregame.families import GAMES
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.new_game import NewGameDialog

ROWS = ("#start", "#range", "#first", "#level", "#players", "#hints")


def test_every_row_is_mounted_with_the_dialog(tmp_path) -> None:
    async def run() -> None:
        app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
        seen: list[list[bool]] = []
        original = NewGameDialog.on_mount

        def on_mount(self: NewGameDialog) -> None:
            original(self)
            seen.append([bool(self.query(row)) for row in ROWS])  # all there at its mount
            assert isinstance(self.focused, Input) and self.focused.id == "start"

        NewGameDialog.on_mount = on_mount  # type: ignore[method-assign]
        try:
            async with app.run_test(size=(100, 32)) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()  # one pause: every row is in
                dialog = app.screen
                assert isinstance(dialog, NewGameDialog)
                assert seen == [[True] * len(ROWS)]
                assert dialog.query_one("#level", Select).value == dialog.settings.level
                # every field in its order: the application's rows before the error line
                ids = [w.id for w in dialog.query("#dialog > *")]
                assert ids.index("row-level") < ids.index("row-names") < ids.index("dialog-error")
                assert not dialog.query_one("#row-names").display  # one person: no names
                assert isinstance(app.focused, Input) and app.focused.id == "start"
        finally:
            NewGameDialog.on_mount = original  # type: ignore[method-assign]

    asyncio.run(run())

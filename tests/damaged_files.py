"""The damaged-file matrix's runner: start the app on a data folder, make it write every file
it keeps (a setting changed, lesson progress, a new game), and report what it said.

Imported by ``test_damaged_files.py``, and run as a script (``python damaged_files.py DATA``)
as an unprivileged user when the tests run as root, since root reads any file and writes
into any folder: the "unreadable" and "read-only folder" cases need someone they stop.
"""

from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import replace
from pathlib import Path

from squaregame.families import GAMES
from squaregame.lessons.progress import LessonProgress
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest


async def exercise(data: Path) -> dict[str, object]:
    """Run the app on ``data`` and have it write everything; what it said, and whether it
    reached the menu and then opened a game."""
    app = SquareGameApp(GAMES, data_dir=data, ai_delay=0)
    said: list[str] = []  # every notice, kept: a slow machine may let one expire from the screen
    shown = app.notify

    def notify(message: str, *args: object, **kwargs: object) -> None:
        said.append(str(message))
        shown(message, *args, **kwargs)  # type: ignore[arg-type]

    app.notify = notify  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        started = isinstance(app.screen, MenuScreen)
        if app.saved is not None:  # the menu offers a saved game: continue it (a full check)
            app.continue_game()
            for _ in range(20):
                await pilot.pause()
            while not isinstance(app.screen, MenuScreen):
                app.pop_screen()
                await pilot.pause()
        app._settings_done(replace(app.settings, hints=not app.settings.hints))
        app.lessons.save("squares-basics", LessonProgress(step=1))
        app.open_request(StartRequest(game="squares", start=10))
        for _ in range(20):
            await pilot.pause()
        opened = type(app.screen).__name__
        notes = said
    return {"started": started, "opened": opened, "notes": notes}


if __name__ == "__main__":
    print(json.dumps(asyncio.run(exercise(Path(sys.argv[1])))))

"""A rehearsal in the fork server: the app played once, headless, before any fork.

What a session does on its first game that a mere import does not: Python 3.11 specialises
each function's bytecode in place once it has run a few times, Textual and Rich fill their
caches keyed by class or by text, the games' tables are read. Done after a fork, all of that
is the session's own memory (measured: ~2-3 MB of each app session's USS, the school bench);
done once here, it is shared by every session.

The rehearsal plays in a data folder of its own (removed after it, or with the fork
server's folder), starts no process, and leaves the program's state as it found it (the
language, the environment, the ephemeral folder). It never stops the fork server: an error
ends the rehearsal alone, said in one line on stderr.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import sys
import tempfile
from typing import Any

KEYS: tuple[tuple[str, ...], ...] = (  # the first game of the menu, as the bench's students
    ("enter",),  # its first game
    ("1", "0", "0", "7", "enter"),  # a pile of 1007
    *((("1", "enter"),) * 5),  # five moves (each with the computer's reply)
)
WAIT = 60.0  # seconds at most (a hang guard: it takes ~2 s)
_KEPT_ENV = ("SQUAREGAME_EPHEMERAL", "SQUAREGAME_DATA_DIR", "SQUAREGAME_COMPILE_IN_BACKGROUND")


def rehearse(within: str | None = None) -> bool:
    """Play the app's first game headless, in a data folder made in ``within`` (the fork
    server's own folder: removed with it, even if the server is killed meanwhile); whether
    it ran to its end."""
    paths = importlib.import_module("squaregame.paths")
    current = importlib.import_module("squaregame.text.current")  # (the module, not tr's)
    saved_env = {name: os.environ.get(name) for name in _KEPT_ENV}
    saved: list[tuple[Any, str, Any]] = [
        (module, name, getattr(module, name))
        for module, name in ((paths, "_ephemeral"), (current, "_chosen"))
    ]
    try:
        with tempfile.TemporaryDirectory(prefix="rehearsal-", dir=within) as folder:
            os.environ.pop("SQUAREGAME_EPHEMERAL", None)
            os.environ["SQUAREGAME_DATA_DIR"] = folder
            os.environ["SQUAREGAME_COMPILE_IN_BACKGROUND"] = "0"  # (no process of its own)
            asyncio.run(asyncio.wait_for(_play(), WAIT))
        return True
    except BaseException as exc:  # (never the fork server's end)
        with contextlib.suppress(BaseException):
            print(f"squaregame zygote: rehearsal: {type(exc).__name__}: {exc}", file=sys.stderr)
        return False
    finally:
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        for module, name, value in saved:
            setattr(module, name, value)


async def _play() -> None:
    from squaregame.families import GAMES  # (the app: in the fork server only, not the server's)
    from squaregame.ui.app import SquareGameApp  # (imported by warm() already)

    app = SquareGameApp(GAMES, None)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for keys in KEYS:
                await pilot.press(*keys)
                await pilot.pause()
    finally:
        app.activity.close()

"""Draw the projector pictures of ``docs/pictures`` (``projector-<game>-<lang>.svg`` at
140×45, and ``projector-<game>-<lang>-80x24.svg``): every family's board as a class sees it —
Squares after Reds's first move, Wythoff's queen from (7,9) for a class, a sum of three
Squares piles for two teams, Kayles on rows of 7 and 4, and a sum of parts of three
families (Squares 10, the queen at (3,5), Kayles 7) — in English, Russian and Spanish.

Run from the repository: ``PYTHONPATH=. python tests/projector_pictures.py [folder]``.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

SIZES = ((140, 45), (80, 24))
LANGS = ("en", "ru", "es")


def _apps(lang: str) -> dict[str, tuple[object, tuple[str, ...]]]:
    from squaregame.families import GAMES
    from squaregame.ui.app import SquareGameApp
    from squaregame.ui.start import StartRequest

    def app(req: StartRequest) -> SquareGameApp:
        return SquareGameApp(GAMES, req, ai_delay=0, lang=lang)

    teams = StartRequest(start=30, seed=1, players="teams", names=("Reds", "Blues"))
    rules, values = GAMES.kinds.read_parts("sum", ["squares:10 wythoff:3,5 kayles:7"])
    mixed = GAMES.kinds.spec("sum", rules, False, values)
    return {
        "squares": (app(teams), ("4", "enter")),
        "wythoff": (app(StartRequest(game="wythoff", start=(7, 9), seed=1, players="class")), ()),
        "sum": (app(StartRequest(game="sum", start=(5, 7, 10), seed=1, players="teams")), ()),
        "kayles": (app(StartRequest(game="kayles", start=(7, 4), seed=1, players="teams")), ()),
        "parts": (
            app(StartRequest(game="sum", start=mixed.position, rules=mixed.rules, seed=1,
                             players="class")),
            (),
        ),
    }  # fmt: skip


async def _draw(app: object, keys: tuple[str, ...], size: tuple[int, int]) -> str:
    from squaregame.ui.app import SquareGameApp

    assert isinstance(app, SquareGameApp)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        await pilot.press("p")
        for _ in range(3):
            await pilot.pause()
            await app.workers.wait_for_complete()
        return await settled_picture(pilot)


async def settled_picture(pilot: object) -> str:
    """The screen as a picture once two in a row are the same (a stage shares its room and
    centres its block over a few refreshes)."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    last = ""
    for _ in range(30):
        await pilot.pause(0.05)
        now = pilot.app.export_screenshot(title="squaregame")
        if now == last:
            break
        last = now
    return last


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        tail = "" if size == SIZES[0] else f"-{size[0]}x{size[1]}"
        for lang in LANGS:
            for game, (app, keys) in _apps(lang).items():
                path = folder / f"projector-{game}-{lang}{tail}.svg"
                path.write_text(asyncio.run(_draw(app, keys, size)), encoding="utf-8")
                print(path)


if __name__ == "__main__":
    home = tempfile.mkdtemp()  # never the user's saves or cache
    os.environ.setdefault("SQUAREGAME_DATA_DIR", str(Path(home) / "data"))
    os.environ.setdefault("SQUAREGAME_CACHE_DIR", str(Path(home) / "cache"))
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/pictures"))

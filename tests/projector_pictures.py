"""Draw the projector pictures of ``docs/pictures`` (``projector-<game>-<lang>.svg``, 140×45):
Squares after Reds's first move, Wythoff's queen from (7,9) for a class, a sum of three
Squares piles for two teams; in English, Russian and Spanish. The same games as the
projector snapshots (``tests/test_snapshots_teach.py``).

Run from the repository: ``PYTHONPATH=. python tests/projector_pictures.py [folder]``.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

SIZE = (140, 45)
LANGS = ("en", "ru", "es")


def _apps(lang: str) -> dict[str, tuple[object, tuple[str, ...]]]:
    from squaregame.families import GAMES
    from squaregame.ui.app import SquareGameApp
    from squaregame.ui.start import StartRequest

    def app(req: StartRequest) -> SquareGameApp:
        return SquareGameApp(GAMES, req, ai_delay=0, lang=lang)

    teams = StartRequest(start=30, seed=1, players="teams", names=("Reds", "Blues"))
    return {
        "squares": (app(teams), ("4", "enter")),
        "wythoff": (app(StartRequest(game="wythoff", start=(7, 9), seed=1, players="class")), ()),
        "sum": (app(StartRequest(game="sum", start=(5, 7, 10), seed=1, players="teams")), ()),
    }


async def _draw(app: object, keys: tuple[str, ...]) -> str:
    from squaregame.ui.app import SquareGameApp

    assert isinstance(app, SquareGameApp)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        await pilot.press("p")
        for _ in range(3):
            await pilot.pause()
        return app.export_screenshot(title="squaregame")


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        for game, (app, keys) in _apps(lang).items():
            path = folder / f"projector-{game}-{lang}.svg"
            path.write_text(asyncio.run(_draw(app, keys)), encoding="utf-8")
            print(path)


if __name__ == "__main__":
    home = tempfile.mkdtemp()  # never the user's saves or cache
    os.environ.setdefault("SQUAREGAME_DATA_DIR", str(Path(home) / "data"))
    os.environ.setdefault("SQUAREGAME_CACHE_DIR", str(Path(home) / "cache"))
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/pictures"))

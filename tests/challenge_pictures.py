"""Draw the pictures of a student's challenge dialog in ``docs/pictures``
(``challenge-moves-80x24-<lang>.svg``): "choose every winning move from Wythoff's queen
(7,9)" — 23 moves, two of them ticked — at 80×24, in English, Russian and Spanish, with
Submit below the list and the waiting challenge in the key bar.

Run from the repository: ``PYTHONPATH=. python tests/challenge_pictures.py [folder]``.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

LANGS = ("en", "ru", "es")
SIZE = (80, 24)


async def _draw(lang: str) -> str:
    from projector_pictures import settled_picture

    from squaregame.classroom import challenges
    from squaregame.families import GAMES
    from squaregame.text import set_language
    from squaregame.ui.app import SquareGameApp
    from squaregame.ui.services.activity import Activity

    class Link:  # (no class: the app is handed the challenge as the link would)
        def record(self, kind: str, data: dict[str, object]) -> None: ...
        def listen(self, offered: object) -> None: ...
        def close(self) -> None: ...

    set_language(lang)  # (the challenge is worked out in the class's language)
    offer = challenges.offer(3, challenges.make("wythoff", [7, 9], ask="moves"))
    app = SquareGameApp(GAMES, ai_delay=0, lang=lang, link=Link())
    assert isinstance(app.activity, Activity)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.challenges.offered(offer)
        app.clear_notifications()
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("down", "space", "down", "space", "down")
        return await settled_picture(pilot)


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        path = folder / f"challenge-moves-80x24-{lang}.svg"
        path.write_text(asyncio.run(_draw(lang)), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    home = tempfile.mkdtemp()  # never the user's saves or cache
    os.environ.setdefault("SQUAREGAME_DATA_DIR", str(Path(home) / "data"))
    os.environ.setdefault("SQUAREGAME_CACHE_DIR", str(Path(home) / "cache"))
    sys.path.insert(0, str(Path(__file__).parent))
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/pictures"))

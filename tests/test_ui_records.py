"""In the app: a record written from the game screen (x) into the data folder's records/,
saying where; a saved game deleted from the list only after a second d."""

from __future__ import annotations

import os
from pathlib import Path

from build import KINDS
from textual.widgets import Static
from ui_helpers import game_screen, settle

from squaregame.families import GAMES
from squaregame.play import record_io as IO
from squaregame.play import records as R
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.saved_games import SavedGamesScreen
from squaregame.ui.start import StartRequest


async def test_x_writes_the_record_and_says_where(tmp_path: Path) -> None:
    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2", "5", "enter")
        await settle(pilot)
        session = game_screen(app).session
        assert len(session.plies) == 2  # 40 → 15, and the reply
        await pilot.press("x")
        await settle(pilot)
        folder = tmp_path / "records"
        written = sorted(p.name for p in folder.iterdir())
        stem = session.save_key
        assert written == [f"{stem}.csv", f"{stem}.json", f"{stem}.md", f"{stem}.txt"]
        said = [n.message for n in app._notifications]
        assert any(str(folder / f"{stem}.txt") in s for s in said), said
        assert (folder / f"{stem}.md").read_text().startswith("## Squares, from 40")
        for name in written[:2] + written[3:]:  # each record reads back as the game on screen
            record = IO.parse_record((folder / name).read_text(), KINDS)
            assert record == R.record_of(session, game_screen(app).level)
        await pilot.press("x")  # a second export never replaces the first
        await settle(pilot)
        assert (folder / f"{stem}-2.txt").is_file() and len(list(folder.iterdir())) == 8


async def test_the_review_is_copied_as_markdown(tmp_path: Path) -> None:
    from squaregame.ui.screens.move_review import MoveReviewScreen

    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("2", "5", "enter")
        await settle(pilot)
        app.push_screen(MoveReviewScreen(game_screen(app).session))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        copied = app.clipboard
        assert copied.startswith("## Squares, from 40")
        assert "| 1 | you | take 25 | 40 → 15 | ☺ hot 5 | best | take 25 |" in copied
        assert any("Markdown" in n.message for n in app._notifications)


async def test_the_review_of_a_game_with_no_move_yet_opens(tmp_path: Path) -> None:
    """(It raised a TypeError: the widest of no rows.)"""
    from textual.widgets import DataTable

    from squaregame.ui.screens.move_review import MoveReviewScreen

    app = SquareGameApp(
        GAMES, StartRequest(game="squares", start=40), ai_delay=0, data_dir=tmp_path
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(MoveReviewScreen(game_screen(app).session))
        await settle(pilot)
        assert isinstance(app.screen, MoveReviewScreen)
        assert app.screen.query_one(DataTable).row_count == 0


async def _three_saves(data: Path) -> None:
    for i, start in enumerate((30, 40, 50)):
        app = SquareGameApp(
            GAMES, StartRequest(game="squares", start=start), ai_delay=0, data_dir=data
        )
        async with app.run_test() as pilot:
            await pilot.pause()
        for path in (data / "games").glob("*.json"):
            if f"[{start}]" in path.read_text().replace("\n", "").replace(" ", ""):
                os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))


def hint(screen: SavedGamesScreen) -> str:
    return str(screen.query_one("#saved-hint", Static).render())


async def test_d_then_d_deletes_a_saved_game_and_any_other_key_keeps_it(tmp_path: Path) -> None:
    await _three_saves(tmp_path)
    assert len(list((tmp_path / "games").glob("*.json"))) == 3
    app = SquareGameApp(GAMES, ai_delay=0, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # "Other saved games (2)…"
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        assert "d deletes" in hint(screen)
        await pilot.press("down", "d")  # Squares from 40: asked about, not deleted
        await pilot.pause()
        assert "Delete" in hint(screen) and "Squares from 40" in hint(screen)
        await pilot.press("up")  # any other key keeps it
        await pilot.pause()
        assert "d deletes" in hint(screen)
        assert len(list((tmp_path / "games").glob("*.json"))) == 3
        await pilot.press("down", "d", "d")
        for _ in range(3):
            await pilot.pause()
        left = list((tmp_path / "games").glob("*.json"))
        assert len(left) == 2 and not any(
            "[40]" in p.read_text().replace("\n", "").replace(" ", "") for p in left
        )
        screen = app.screen  # the list again, without it
        assert isinstance(screen, SavedGamesScreen)
        assert [e.description.split(" — ")[0] for e in screen.entries] == [
            "Squares from 50",
            "Squares from 30",
        ]
        assert any("Deleted" in n.message for n in app._notifications)

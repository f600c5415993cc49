"""Two copies of squaregame on one data folder never destroy each other's work: lesson
progress and settings are merged on write (under a lock); each game has its own file, and a
game open in another window is continued as a copy."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

from squaregame.families import GAMES
from squaregame.lessons.progress import LessonProgress
from squaregame.play.save_folder import claim, release
from squaregame.play.settings import Settings
from squaregame.ui.app import SquareGameApp
from squaregame.ui.screens.menu import MenuScreen
from squaregame.ui.start import StartRequest

HERE = Path(__file__).resolve().parent


def test_two_windows_keep_both_lessons_progress(tmp_path: Path) -> None:
    one = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)
    two = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)
    assert one.lessons.progress == {} and two.lessons.progress == {}  # both read it at start
    for step in range(1, 4):  # step through both lessons, turn about
        one.lessons.save("squares-basics", LessonProgress(step=step))
        two.lessons.save("why-22", LessonProgress(step=step, score=step))
    saved = json.loads((tmp_path / "lessons.json").read_text())
    assert saved["squares-basics"]["step"] == 3
    assert saved["why-22"] == {
        "step": 3, "done": False, "score": 3, "tried": 0, "mastered": False,
        "right_steps": [], "run": {"items": [], "bits": 0.0, "labels": None, "places": None},
    }  # fmt: skip
    assert set(two.lessons.progress) == {"squares-basics", "why-22"}  # and each window sees both


def test_two_windows_keep_both_settings_changes(tmp_path: Path) -> None:
    one = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)
    two = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)

    async def run() -> None:
        async with one.run_test() as pilot:
            one._settings_done(replace(one.settings, hints=True))
            await pilot.pause()
        async with two.run_test() as pilot:
            two._settings_done(replace(two.settings, level="casual"))
            await pilot.pause()

    asyncio.run(run())
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["hints"] is True and saved["level"] == "casual"
    assert two.settings.hints is True  # the other window's change, adopted
    assert saved["misere"] is Settings().misere


HOLD = """
import sys
from pathlib import Path
from squaregame.play.save_folder import claim
from squaregame.families import GAMES
assert claim(Path(sys.argv[1]))
print("claimed", flush=True)
sys.stdin.read()
"""


def test_a_game_open_in_another_window_is_continued_as_a_copy(tmp_path: Path) -> None:
    async def play_one() -> Path:
        app = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)
        async with app.run_test() as pilot:
            app.open_request(StartRequest(game="squares", start=20))
            await pilot.pause()
        (path,) = (tmp_path / "games").glob("*.json")
        return path

    first = asyncio.run(play_one())
    release(first)  # as if that window had closed
    other = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(first)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "claimed"
        assert not claim(first)  # another process has it

        async def continue_it() -> list[str]:
            app = SquareGameApp(GAMES, data_dir=tmp_path, ai_delay=0)
            async with app.run_test() as pilot:
                assert isinstance(app.screen, MenuScreen) and app.saved is not None
                app.continue_game()
                deadline = time.monotonic() + 30
                while isinstance(app.screen, MenuScreen) or "Busy" in type(app.screen).__name__:
                    assert time.monotonic() < deadline
                    await pilot.pause()
                app.screen.session.play(19)  # type: ignore[attr-defined]
                app.screen.save()  # type: ignore[attr-defined]
                await pilot.pause()
                return [str(n.message) for n in app._notifications]

        before = first.read_bytes()
        notes = asyncio.run(continue_it())
        assert any("another window" in n for n in notes), notes
        assert first.read_bytes() == before  # the other window's game is untouched
        assert len(list((tmp_path / "games").glob("*.json"))) == 2  # the copy, saved apart
    finally:
        other.communicate("", timeout=10)


SAVE_AND_EXIT = """
import sys
from pathlib import Path
from damaged_files import exercise
import asyncio
asyncio.run(exercise(Path(sys.argv[1])))  # opens and saves a game, then exits normally
"""


def test_a_normal_exit_leaves_no_claim_file(tmp_path: Path) -> None:
    """The app claims each game it opens (``.KEY.json.claim``, empty); a normal exit removes
    those files, so ``games/`` is left with the games alone."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), *sys.path]))
    done = subprocess.run(
        [sys.executable, "-c", SAVE_AND_EXIT, str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    left = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert left and all(name.endswith(".json") and name[0] != "." for name in left), left


def test_a_released_claim_is_removed_and_the_game_can_be_claimed_again(tmp_path: Path) -> None:
    game = tmp_path / "games" / "k.json"
    assert claim(game) and (tmp_path / "games" / ".k.json.claim").exists()
    release(game)
    assert not (tmp_path / "games" / ".k.json.claim").exists()
    other = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(game)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "claimed"
        assert not claim(game)  # the file made again by the other process, and held there
    finally:
        other.communicate("", timeout=10)
    assert not (tmp_path / "games" / ".k.json.claim").exists()  # its exit removed it
    assert claim(game)
    release(game)

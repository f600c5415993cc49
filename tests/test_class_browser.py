"""A served class end to end in a real browser (headless Chromium): ``squaregame serve
--class`` started as a teacher starts it; three students join from the join page and answer
in their own pages with the keyboard only; the teacher sets one challenge of each kind from
the teacher's page (its form filled as a teacher fills it) and reads the scoreboard and a
student's detail there.

Each kind of answer is one small function (:func:`answer_win`, :func:`answer_moves`,
:func:`answer_grundy`), and every wait looks for words that say what is there (the position,
what is asked), never for a time: a change to the challenge dialog changes one function."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_helpers import NEEDS_CHROMIUM, Page, chromium, free_port
from serve_helpers import MENU, wait_listening

from squaregame.classroom import challenges

CLASS = "7B maths"
TOKEN = "browser-test-secret-" + "s" * 24
NAMES = ("Ana", "Bo", "Cy")
DIALOG = "A challenge from your teacher"  # the challenge dialog's title


@dataclass(frozen=True)
class Challenge:
    """A challenge as the teacher sets it, and the words that find it on a student's screen."""

    game: str
    position: str
    ask: str
    seen: str  # on the dialog (its position, as the dialog writes it)

    def answers(self) -> dict[str, object]:
        numbers = [int(w) for w in self.position.replace(",", " ").split()]
        return challenges.make(self.game, numbers if len(numbers) > 1 else numbers[0], ask=self.ask)


WIN = Challenge("squares", "4", "win", "Squares: 4")  # take 4 wins; take 1 loses
MOVES = Challenge("wythoff", "2, 3", "moves", "(2,3)")  # 7 moves, 2 of them win
GRUNDY = Challenge("kayles", "7", "grundy", "Kayles")  # Kayles [0.77]: 7, value 2
# set in this order: F2 opens the newest first, so the game to win comes last (a game over
# dialog ignores F2 today: issue 42)
SET = (WIN, MOVES, GRUNDY)

# who answers what right (a wrong answer of each kind, and each kind solved by someone)
RIGHT = {
    "Ana": {"win": True, "moves": True, "grundy": True},
    "Bo": {"win": False, "moves": False, "grundy": False},
    "Cy": {"win": True, "moves": True, "grundy": False},
}


# -- the student's side: keys only ---------------------------------------------------------------
async def answer_grundy(page: Page, c: Challenge, right: bool) -> None:
    value = int(c.answers()["grundy"])  # type: ignore[call-overload]
    await page.type_and_see(f"{value if right else value + 1}", again=2)
    await page.press("Enter")
    await page.until_screen("Right!" if right else "Not quite")
    await page.press("Escape")  # (the dialog stays open with its verdict until then)


async def answer_moves(page: Page, c: Challenge, right: bool) -> None:
    a = c.answers()
    moves, winning = list(a["moves"]), set(a["winning"])  # type: ignore[call-overload]
    marked = winning if right else {next(iter(sorted(winning)))}  # wrong: one is missing
    await page.press_and_see("End", again=2)  # (wherever the highlight is, or none)
    await page.press_and_see("Home", again=2)  # the first line
    for move in moves:
        if move in marked:
            await page.press_and_see("Space")
        await page.press_and_see("ArrowDown")
    await page.press_and_see("Tab")  # to the Answer button
    await page.press("Enter")
    await page.until_screen("Right!" if right else "Not quite")
    await page.press("Escape")


async def answer_win(page: Page, c: Challenge, right: bool) -> None:
    for _ in range(3):  # "Play it" (focused); again if the dialog missed it
        await page.press("Enter")
        with contextlib.suppress(AssertionError):
            await gone(page, DIALOG, timeout=10)
            break
    if right:
        await play(page, "take 4 → 0")  # nothing is left
    else:
        await play(page, "take 1 → 3")  # a blunder: the computer takes 1 → 2
        await play(page, "take 1 → 1")  # the computer takes the last
    await page.until_screen("won", "lost", "Won", "Lost")


async def play(page: Page, move: str) -> None:
    """The game's list of possible moves: ↓ until ``move`` is the one chosen, then Enter."""
    await page.until_screen(move)
    for _ in range(10):
        if f"▶ {move}" in await page.screen():
            await page.press("Enter")
            return
        await page.press_and_see("ArrowDown", again=2)  # (checked again above)
    raise AssertionError(f"{page.name}: {move!r} is never chosen:\n{await page.screen()}")


ANSWER: dict[str, Callable[[Page, Challenge, bool], Awaitable[None]]] = {
    "win": answer_win,
    "moves": answer_moves,
    "grundy": answer_grundy,
}


async def join(page: Page, name: str) -> None:
    """The join page: the name typed where the cursor already is, then Enter."""
    await page.until("document.activeElement && document.activeElement.id === 'name'",
                     "the name field, focused")  # fmt: skip
    await page.type(name + "\r")
    await page.until("!!window.__sgTerminal", f"{name}'s terminal", 90)
    await page.until_screen(MENU, timeout=120)
    await page.focus_terminal()


async def open_challenge(page: Page, left: list[Challenge]) -> Challenge:
    """F2, as a student presses it again when nothing happened. (In Chromium, today's app
    sometimes took no F2 at all, though the page sent it: issue 42's lead is told.)"""
    for attempt in range(3):
        if attempt:
            print(f"\n{page.name}: F2 again (the dialog did not open)")
        await page.press("F2")
        with contextlib.suppress(AssertionError):
            return await opened(page, left, timeout=15)
    return await opened(page, left)


async def opened(page: Page, left: list[Challenge], timeout: float = 60) -> Challenge:
    """The challenge the dialog shows: once the notices have gone, the only one of ``left``
    whose position the screen shows."""
    end = asyncio.get_running_loop().time() + timeout
    while True:
        screen = await page.screen()
        shown = [c for c in left if c.seen in screen]
        if DIALOG in screen and len(shown) == 1:
            return shown[0]
        if asyncio.get_running_loop().time() > end:
            sent = await page.evaluate("JSON.stringify(window.__sgSent)")
            raise AssertionError(f"{page.name}: which challenge is open?\n{screen}\n{sent}")
        await asyncio.sleep(0.2)


async def gone(page: Page, text: str, timeout: float = 60) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while text in (screen := await page.screen()):
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"{page.name}: {text!r} stays:\n{screen}")
        await asyncio.sleep(0.2)


async def notices(page: Page) -> None:
    """A notice for each challenge says it is here. (They fade after 30 s, and nothing
    else says a challenge waits, today: issue 42.)"""
    for c in SET:
        await page.until_screen(c.seen)


async def student(page: Page, name: str, shot: Path | None) -> None:
    """Open each challenge with F2 and answer it as ``RIGHT`` says."""
    left = list(SET)
    while left:
        await gone(page, DIALOG)
        c = await open_challenge(page, left)
        if c.ask == "moves" and shot is not None:
            await page.screenshot(shot)
        await ANSWER[c.ask](page, c, RIGHT[name][c.ask])
        left.remove(c)


# -- the teacher's side: the page's form ---------------------------------------------------------
async def set_challenge(teacher: Page, c: Challenge) -> None:
    """Choose the game and the ask, type the position, click "Set it"."""
    choose = """((name, value) => {
      const n = document.querySelector('#challenge [name=' + name + ']');
      n.value = value; n.dispatchEvent(new Event('change', {bubbles: true}));
      return n.value === value;})"""
    for field, value in (("game", c.game), ("ask", c.ask), ("student", "")):
        assert await teacher.evaluate(f"{choose}({json.dumps(field)}, {json.dumps(value)})")
    await teacher.evaluate("document.querySelector('#challenge [name=position]').select()")
    await teacher.evaluate("document.querySelector('#challenge [name=position]').focus()")
    await teacher.type(c.position)
    await teacher.evaluate("document.querySelector('#challenge button.act').click()")
    await teacher.until_text(c.seen, "#challenge .said.good")


async def scoreboard(teacher: Page) -> dict[str, dict[str, str]]:
    """The scoreboard as the page shows it: challenge heading → student → result."""
    got = await teacher.evaluate("""(() => {const out = {}; let rows = null;
      for (const n of document.querySelector('#scoreboard').children) {
        if (n.tagName === 'H2' && n.innerText.startsWith('#')) {rows = out[n.innerText] = {};}
        else if (n.tagName === 'TABLE' && rows) {
          for (const tr of n.querySelectorAll('tr')) {const td = tr.querySelectorAll('td');
            if (td.length === 2) rows[td[0].innerText] = td[1].innerText;}}}
      return out;})()""")
    return dict(got)


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    """``squaregame serve --class`` on a free port, with a data folder of its own."""
    port = free_port()
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n")
    token_file.chmod(0o600)
    env = {
        **os.environ,
        "SQUAREGAME_DATA_DIR": str(tmp_path / "data"),
        "SQUAREGAME_CACHE_DIR": str(tmp_path / "cache"),
        "LANG": "C.UTF-8",
    }
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - a pipe nobody reads would block it
    proc = subprocess.Popen(
        [sys.executable, "-m", "squaregame", "--lang", "en", "serve", "--class", CLASS,
         "--port", str(port), "--teacher-token", str(token_file)],
        stdout=log, stderr=subprocess.STDOUT, env=env,
    )  # fmt: skip
    wait_listening(port, proc, tmp_path / "server.log", 60)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()
    said = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in said, said


@pytest.mark.slow
@NEEDS_CHROMIUM
def test_a_class_in_a_real_browser(served: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("SQUAREGAME_SCREENSHOT_DIR", tmp_path))
    shot = shots / "challenge-browser-en.png"

    async def main() -> tuple[dict[str, dict[str, str]], str, str, str]:
        async with chromium(tmp_path / "profile") as browser:
            pages = [await browser.page(served + "/", name) for name in NAMES]
            await asyncio.gather(*(join(p, n) for p, n in zip(pages, NAMES, strict=True)))
            teacher = await browser.page(f"{served}/teacher?token={TOKEN}", "teacher")
            grid = await teacher.until_text("3 of 3 online", "#live")
            assert grid
            for c in SET:
                await set_challenge(teacher, c)
            await asyncio.gather(*(notices(p) for p in pages))
            for p, n in zip(pages, NAMES, strict=True):  # (one at a time: a 2-core machine)
                await student(p, n, shot if n == "Ana" else None)
            await teacher.until(
                "document.querySelectorAll('#scoreboard td.good, #scoreboard td.bad').length === 9",
                "every answer on the scoreboard",
            )
            board = await scoreboard(teacher)
            grid_text = await teacher.text("#grid")
            details = []
            for name in ("Bo", "Ana"):  # a click on the student's row opens the detail
                await teacher.evaluate(
                    "[...document.querySelectorAll('#grid tr.student')]"
                    f".find(r => r.innerText.includes({json.dumps(name)})).click()"
                )
                shown = f"""(() => {{const d = document.querySelector('#detail');
                  const h = d.querySelector('h2'); return !d.hidden && h
                  && h.innerText === {json.dumps(name)} && d.innerText.includes('Squares, from 4')
                  ? d.innerText : '';}})()"""
                details.append(await teacher.until(shown, f"{name}'s detail"))
            return board, grid_text, *details

    board, grid_text, bo, ana = asyncio.run(main())
    assert len(board) == 3, board
    for heading, rows in board.items():
        c = next(c for c in SET if c.seen in heading)
        assert set(rows) == set(NAMES), (heading, rows)
        for name, result in rows.items():
            solved = RIGHT[name][c.ask]
            assert result.startswith("✓ solved" if solved else "✗ not solved"), (name, result)
    assert "solved challenge" in grid_text  # the grid's "Now" for the last answer
    assert "take 1 → 3" in bo and "take 4 would have won" in bo  # Bo's blunder, and its cure
    assert "No mistakes yet" in ana
    assert shot.is_file() and shot.stat().st_size > 20_000
    print(f"\nthe challenge dialog in a real browser: {shot}")

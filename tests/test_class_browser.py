"""A served class end to end in a real browser (headless Chromium): ``squaregame serve
--class`` started as a teacher starts it; three students join from the join page and answer
in their own pages with the keyboard only; the teacher sets one challenge of each kind from
the teacher's page (its form filled as a teacher fills it: a game to win with hints allowed,
a mixed sum's winning moves, a Grundy value), closes the last one, and reads the
scoreboard, the grid and each student's detail there.

Each kind of answer is one small function (:func:`answer_win`, :func:`answer_moves`,
:func:`answer_grundy`), and every wait looks for words that say what is there (the key bar's
"Challenge #2 waiting", the position, a ticked line, the verdict), never for a time: a
change to the challenge dialog changes one function. No key is sent twice: one the app
never shows fails the test, with the last keys the page sent."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import NEEDS_CHROMIUM, Page, chromium, free_port
from serve_helpers import MENU, wait_listening

from squaregame.classroom import challenges

CLASS = "7B maths"
TOKEN = "browser-test-secret-" + "s" * 24
NAMES = ("Ana", "Bo", "Cy")
DIALOG = "A challenge from your teacher"  # the challenge dialog's title
OVER = "Again (a)"  # the game-over dialog's first button


@dataclass(frozen=True)
class Challenge:
    """A challenge as the teacher sets it, and the words that find it on a student's screen."""

    id: int  # its number: the order it is set in
    game: str
    position: str  # as typed in the form
    ask: str
    seen: str  # on the dialog (its position, as the dialog writes it)
    helps: bool = False


@functools.cache
def answers(c: Challenge) -> dict[str, Any]:
    """The challenge as the server keeps it, its answers worked out."""
    typed = c.position
    numbers = [int(w) for w in typed.replace(",", " ").split()] if ":" not in typed else []
    position = typed if ":" in typed else numbers if len(numbers) > 1 else numbers[0]
    return challenges.make(c.game, position, ask=c.ask, helps=c.helps)


# set first, both at once (F2 opens the newest waiting: the moves, then the game to win)
WIN = Challenge(1, "squares", "4", "win", "Squares: 4", helps=True)  # take 4 wins
# a mixed sum, its parts named in the form: 10 moves, 2 of them win ((2,1) and (1,2))
MOVES = Challenge(2, "sum", "squares:10 wythoff:2,3", "moves", "[squares; wythoff]")
# then, while every student is on the game-over dialog; closed by the teacher at the end
GRUNDY = Challenge(3, "kayles", "7", "grundy", "Kayles [0.77]: 7")  # value 2

# who answers what right (a wrong answer of each kind, and each kind solved by someone);
# Bo opens the Grundy question and leaves it (Later) until the teacher closes it
RIGHT = {
    "Ana": {"win": True, "moves": True, "grundy": True},
    "Bo": {"win": False, "moves": False},
    "Cy": {"win": True, "moves": True, "grundy": False},
}
HINTED = "Cy"  # turns hints on (allowed, counted) in the game to win


def waiting(c: Challenge) -> str:
    """The key bar's words while ``c`` is the newest challenge waiting."""
    return f"Challenge #{c.id} waiting"


# -- the student's side: keys only ---------------------------------------------------------------
async def answer_grundy(page: Page, c: Challenge, right: bool) -> None:
    value = int(answers(c)["grundy"])
    await page.type_and_see(f"{value if right else value + 1}")
    await page.press_until("Enter", "✓ Right!" if right else "✗ Not right")  # the verdict, shown
    await page.press_until("Escape", DIALOG, absent=True)  # (Close: it stays until then)


async def answer_moves(page: Page, c: Challenge, right: bool, shot: Path | None) -> None:
    """End, Home, then ↓ to each move to tick, Space (its line then starts with ☑); Tab to
    Submit, Enter; the verdict seen; Esc."""
    a = answers(c)
    moves, winning = list(a["moves"]), set(a["winning"])
    marked = winning if right else {moves[0]}  # wrong: a move that loses, and none that wins
    assert right or moves[0] not in winning
    await page.until_screen("▶ ☐", "▶ ☑")  # the list has the keys (a key sent before is lost)
    await page.press_until("End", f"▶ ☐ {moves[-1]}", f"▶ ☑ {moves[-1]}")  # the last line
    await page.press_and_see("Home")  # the first line
    last = max(moves.index(m) for m in marked)
    for i, move in enumerate(moves[: last + 1]):
        if move in marked:
            await page.press_until("Space", f"☑ {move}")
        if i < last:
            await page.press_and_see("ArrowDown")
    if shot is not None:  # the checklist, some lines ticked, at the browser's size
        await page.screenshot(shot)
    await page.press_and_see("Tab")  # to Submit
    await page.press_until("Enter", "✓ Right!" if right else "✗ Not right")
    await page.press_until("Escape", DIALOG, absent=True)


async def answer_win(page: Page, c: Challenge, right: bool, hint: bool) -> None:
    """The "Play it" button (focused): the game, under the challenge's rules; then the moves."""
    await page.press_until("Enter", DIALOG, absent=True)
    await page.until_screen("your teacher sees each use")  # (the rules, on the hint line)
    if hint:  # allowed here, and counted
        await page.press_until("h", "Hints on")
    if right:
        await play(page, "take 4 → 0")  # nothing is left
    else:
        await play(page, "take 1 → 3")  # a blunder: the computer takes 1 → 2
        await play(page, "take 1 → 1")  # the computer takes the last
    await page.until_screen(OVER)  # the game-over dialog


async def play(page: Page, move: str) -> None:
    """The game's list of possible moves: ↓ until ``move`` is the one chosen (▶, then its ✓
    or ✗ with hints on), then Enter."""
    await page.until_screen(move)
    for _ in range(10):
        if any(move in line and "▶" in line for line in (await page.screen()).splitlines()):
            await page.press("Enter")
            return
        await page.press_and_see("ArrowDown")
    raise AssertionError(f"{page.name}: {move!r} is never chosen:\n{await page.screen()}")


async def open_challenge(page: Page, c: Challenge) -> None:
    """F2 (from whatever screen: the menu, the game-over dialog) once the key bar says
    ``c`` waits; the dialog shows it."""
    await page.until_screen(waiting(c))
    await page.press_until("F2", DIALOG)
    screen = await page.until_screen(DIALOG)
    assert c.seen in screen, f"{page.name}: not challenge #{c.id}:\n{screen}"


async def answer(page: Page, name: str, c: Challenge, shot: Path | None = None) -> None:
    await open_challenge(page, c)
    right = RIGHT[name][c.ask]
    if c.ask == "win":
        await answer_win(page, c, right, name == HINTED)
    elif c.ask == "moves":
        await answer_moves(page, c, right, shot)
    else:
        await answer_grundy(page, c, right)


async def join(page: Page, name: str) -> None:
    """The join page: the name typed where the cursor already is, then Enter."""
    await page.until("document.activeElement && document.activeElement.id === 'name'",
                     "the name field, focused")  # fmt: skip
    await page.type(name + "\r")
    await page.until("!!window.__sgTerminal", f"{name}'s terminal", 90)
    await page.until_screen(MENU, timeout=120)
    await page.focus_terminal()


# -- the teacher's side: the page's form ---------------------------------------------------------
async def set_challenge(teacher: Page, c: Challenge) -> None:
    """Choose the game and the ask, tick "helps" or not, type the position, click "Set it"."""
    choose = """((name, value) => {
      const n = document.querySelector('#challenge [name=' + name + ']');
      n.value = value; n.dispatchEvent(new Event('change', {bubbles: true}));
      return n.value === value;})"""
    for field, value in (("game", c.game), ("ask", c.ask), ("student", "")):
        assert await teacher.evaluate(f"{choose}({json.dumps(field)}, {json.dumps(value)})")
    helps = "document.querySelector('#challenge [name=helps]')"
    if await teacher.evaluate(f"{helps}.checked") != c.helps:
        await teacher.evaluate(f"{helps}.click()")
    await teacher.evaluate("document.querySelector('#challenge [name=position]').select()")
    await teacher.evaluate("document.querySelector('#challenge [name=position]').focus()")
    await teacher.type(c.position)
    await teacher.evaluate("document.querySelector('#challenge button.act').click()")
    await teacher.until_text(c.seen, "#challenge .said.good")
    await teacher.until_text(f"#{c.id}: ", "#scoreboard")


async def close_challenge(teacher: Page, c: Challenge) -> None:
    """The button under the challenge's heading on the scoreboard: "Close this challenge"."""
    clicked = await teacher.evaluate(f"""(() => {{
      const h = [...document.querySelectorAll('#scoreboard h2')]
        .find(n => n.innerText.startsWith({json.dumps(f"#{c.id}:")}));
      const b = h && h.nextElementSibling;
      if (!b || b.innerText !== 'Close this challenge') return false;
      b.click(); return true;}})()""")
    assert clicked, await teacher.text("#scoreboard")
    await teacher.until_text(f"#{c.id}: {challenges.describe(answers(c))} — closed", "#scoreboard")


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


async def grid_row(teacher: Page, name: str, text: str) -> str:
    """Wait until the student's row of the live grid says ``text``; the row."""
    js = f"""(() => {{const r = [...document.querySelectorAll('#grid tr.student')]
      .find(r => r.innerText.includes({json.dumps(name)}));
      return r && r.innerText.includes({json.dumps(text)}) ? r.innerText : '';}})()"""
    return str(await teacher.until(js, f"{text!r} in {name}'s row"))


async def detail(teacher: Page, name: str) -> str:
    """A click on the student's row opens the detail; its text, once it lists the
    challenges."""
    await teacher.evaluate(
        "[...document.querySelectorAll('#grid tr.student')]"
        f".find(r => r.innerText.includes({json.dumps(name)})).click()"
    )
    shown = f"""(() => {{const d = document.querySelector('#detail');
      const h = d.querySelector('h2'); return !d.hidden && h
      && h.innerText === {json.dumps(name)} && d.innerText.includes('Squares, from 4')
      && d.innerText.includes('Challenges') ? d.innerText : '';}})()"""
    return str(await teacher.until(shown, f"{name}'s detail"))


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


@dataclass
class Seen:
    """What the teacher's page showed, and what Bo's screen said of the closed challenge."""

    board: dict[str, dict[str, str]]
    working: str  # Bo's row while the Grundy question waits for him
    missed: str  # and once it is closed
    details: dict[str, str]
    bo_answer: str  # Bo's screen after F2, the challenge closed
    ana_game: str  # Ana's screen after Esc on the game-over dialog


@pytest.mark.slow
@NEEDS_CHROMIUM
def test_a_class_in_a_real_browser(served: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("SQUAREGAME_SCREENSHOT_DIR", tmp_path))
    shot = shots / "challenge-browser-en.png"

    async def main() -> Seen:
        async with chromium(tmp_path / "profile") as browser:
            pages = [await browser.page(served + "/", name) for name in NAMES]
            await asyncio.gather(*(join(p, n) for p, n in zip(pages, NAMES, strict=True)))
            ana, bo, cy = pages
            teacher = await browser.page(f"{served}/teacher?token={TOKEN}", "teacher")
            assert await teacher.until_text("3 of 3 online", "#live")
            for c in (WIN, MOVES):
                await set_challenge(teacher, c)
            for p, n in zip(pages, NAMES, strict=True):  # (one at a time: a 2-core machine)
                await answer(p, n, MOVES, shot if n == "Ana" else None)
                await answer(p, n, WIN)  # (its game ends on the game-over dialog)
            await set_challenge(teacher, GRUNDY)
            for p, n in ((ana, "Ana"), (cy, "Cy")):  # F2 from the game-over dialog
                await answer(p, n, GRUNDY)
            await open_challenge(bo, GRUNDY)  # Bo looks at it, and leaves it for later
            await bo.press_until("Escape", DIALOG, absent=True)
            await bo.until_screen(waiting(GRUNDY))  # (still waiting)
            working = await grid_row(teacher, "Bo", "working on challenge #3")
            await close_challenge(teacher, GRUNDY)
            missed = await grid_row(teacher, "Bo", "missed challenge #3")
            await bo.until_screen(OVER)
            await _gone(bo, waiting(GRUNDY))  # nothing waits now
            await bo.press_until("F2", "The Grundy value is 2")  # its answer
            bo_answer = await bo.screen()
            await ana.press_until("Escape", OVER, absent=True)  # the finished game stays
            ana_game = await ana.until_screen("take 4 → 0")
            await teacher.until(  # (8 answers and Bo's missed one: "off")
                "document.querySelectorAll('#scoreboard td.good, #scoreboard td.bad').length"
                " === 8 && document.querySelectorAll('#scoreboard td.off').length === 1",
                "every result on the scoreboard",
            )
            board = await scoreboard(teacher)
            details = {n: await detail(teacher, n) for n in NAMES}
            return Seen(board, working, missed, details, bo_answer, ana_game)

    seen = asyncio.run(main())
    print()
    board = seen.board
    for heading, rows in board.items():  # (what the teacher read, in the test's log)
        print(heading, *(f"  {n}: {r}" for n, r in rows.items()), sep="\n")
    assert len(board) == 3, board
    for heading, rows in board.items():
        c = next(c for c in (WIN, MOVES, GRUNDY) if heading.startswith(f"#{c.id}: "))
        assert c.seen in heading, heading
        assert set(rows) == set(NAMES), (heading, rows)
        for name, result in rows.items():
            solved = RIGHT[name].get(c.ask)
            want = {True: "✓ solved", False: "✗ not solved", None: "✗ missed"}[solved]
            assert result.startswith(want), (heading, name, result)
            if c is WIN:  # hints allowed: each use counted, or "no help used"
                assert ("1 hint" if name == HINTED else "no help used") in result, result
    assert "— closed" in next(h for h in board if h.startswith("#3: ")), board
    assert "working on challenge #3" in seen.working and "missed challenge #3" in seen.missed
    assert "The Grundy value is 2" in seen.bo_answer and DIALOG in seen.bo_answer
    assert DIALOG not in seen.ana_game and OVER not in seen.ana_game
    bo, ana, cy = (seen.details[n] for n in ("Bo", "Ana", "Cy"))
    assert "take 1 → 3" in bo and "take 4 would have won" in bo  # Bo's blunder, and its cure
    assert "No mistakes yet" in ana
    for name, text in seen.details.items():  # each challenge, with its result
        for c in (WIN, MOVES, GRUNDY):
            assert f"#{c.id}: {challenges.describe(answers(c))} — " in text, (name, text)
    assert "#3: " in bo and "✗ missed: closed unanswered" in bo, bo
    assert ana.count("✓ solved") == 3, ana
    assert "1 hint" in cy, cy
    assert shot.is_file() and shot.stat().st_size > 20_000
    print(f"the challenge dialog in a real browser: {shot}")


async def _gone(page: Page, text: str, timeout: float = 60) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while text in (screen := await page.screen()):
        if asyncio.get_running_loop().time() > end:
            raise AssertionError(f"{page.name}: {text!r} stays:\n{screen}")
        await asyncio.sleep(0.2)

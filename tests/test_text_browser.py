"""The classroom's text-mode page in a real browser (headless Chromium over DevTools): a
student joins in text mode with the keyboard only, plays a game to the end through the
page's field and answers the teacher's challenge there; the page's accessibility tree
(``Accessibility.getFullAXTree``) names the log, the position, the moves and the labelled
field; the teacher's view of that student shows the moves and the challenge's result.
Then the page at a phone's width (390 px) in en, ru and es, as pictures.

``SQUAREGAME_SCREENSHOT_DIR`` keeps the pictures and the tree's dump (docs/ has them)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import NEEDS_CHROMIUM, Page, chromium, free_port
from serve_helpers import wait_listening

from squaregame.text import Catalog

CLASS = "7B maths"
TOKEN = "text-browser-secret-" + "s" * 24
PHONE = (390, 844)  # CSS pixels: a phone held upright
MOVES = {"en": "moves", "ru": "ходы", "es": "jugadas"}  # the command, in each language
TURN = {"en": "Your move", "ru": "Ваш ход", "es": "Tu jugada"}  # the student's turn
FIELD = "document.activeElement && document.activeElement.id === 'line'"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return Path(os.environ.get("SQUAREGAME_SCREENSHOT_DIR", tmp_path))


class Served:
    """``squaregame serve`` (a class, or not) on a free port, its log checked at the end."""

    def __init__(self, tmp_path: Path, lang: str, room: bool) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp_path / f"server-{lang}.log"
        args = [sys.executable, "-m", "squaregame", "--lang", lang, "serve", "--port",
                str(self.port)]  # fmt: skip
        if room:
            token_file = tmp_path / "token"
            token_file.write_text(TOKEN + "\n")
            token_file.chmod(0o600)
            args += ["--class", CLASS, "--teacher-token", str(token_file)]
        env = {
            **os.environ,
            "SQUAREGAME_DATA_DIR": str(tmp_path / f"data-{lang}"),
            "SQUAREGAME_CACHE_DIR": str(tmp_path / "cache"),
            "LANG": "C.UTF-8",
        }
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(args, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        wait_listening(self.port, self.proc, self.log_path, 60)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.log.close()
        said = self.log_path.read_text(errors="replace")
        assert "Traceback" not in said, said


@pytest.fixture
def served_class(tmp_path: Path) -> Iterator[str]:
    server = Served(tmp_path, "en", room=True)
    yield server.url
    server.stop()


# -- the page, as a student uses it ----------------------------------------------------------
async def say(page: Page, line: str, *expect: str) -> str:
    """Type ``line`` in the field (focused: it keeps the focus), Enter; wait until the log
    shows every one of ``expect`` after it; the log's text after the line."""
    await page.until(FIELD, "the field, focused")
    before = await page.evaluate("document.querySelectorAll('#log p').length")
    await page.type(line + "\r")
    js = (
        f"(() => {{const ps = [...document.querySelectorAll('#log p')].slice({before} + 1);"
        " const t = ps.map(p => p.textContent).join('\\n');"
        f" return {json.dumps(list(expect))}.every(e => t.includes(e)) ? t : '';}})()"
    )
    return str(await page.until(js, f"{line!r} → {expect!r}"))


async def play_a_game(page: Page, shots: Path | None = None, lang: str = "en") -> str:
    """From the text menu: one-pile games, Squares from 3, and a won game (take 1 each
    time); the log's text from the game's start."""
    await page.until_text("1.", "#log")
    await say(page, "1", "5.")  # one-pile games → which game
    await say(page, "1", "75")  # squares → the start ("for example 75")
    said = await say(page, "3", TURN[lang])
    said += await say(page, MOVES[lang], "1")
    said += await say(page, "1", TURN[lang])
    if shots is not None:
        await page.screenshot(shots / f"text-page-phone-{lang}.png")
    said += await say(page, "1", "☺")  # the game over: "☺ You won!" (in every language)
    return said


async def accessibility_tree(page: Page) -> list[dict[str, Any]]:
    """The page's accessibility tree, as Chromium gives it to a screen reader."""
    await page.call("Accessibility.enable")
    return list((await page.call("Accessibility.getFullAXTree"))["nodes"])


def dump(nodes: list[dict[str, Any]]) -> str:
    """The tree as an indented list of ``role "name"`` lines (ignored nodes left out, their
    children shown at their place)."""
    by_id = {n["nodeId"]: n for n in nodes}
    lines: list[str] = []

    def walk(node: dict[str, Any], depth: int) -> None:
        role = node.get("role", {}).get("value", "")
        name = str(node.get("name", {}).get("value", ""))
        shown = not node.get("ignored") and role not in ("none", "generic", "InlineTextBox")
        if shown:
            lines.append("  " * depth + (f'{role} "{name}"' if name else role))
        for child in node.get("childIds", []):
            if child in by_id:
                walk(by_id[child], depth + 1 if shown else depth)

    roots = [n for n in nodes if not n.get("parentId")]
    for root in roots:
        walk(root, 0)
    head = (
        "# The text-mode page's accessibility tree, as Chromium gives it to a screen reader\n"
        '# (role "name"), after a won game of Squares and a challenge answered:\n'
        "# written by tests/test_text_browser.py (SQUAREGAME_SCREENSHOT_DIR).\n"
    )
    return head + "\n".join(lines) + "\n"


def named(nodes: list[dict[str, Any]], role: str) -> list[str]:
    return [
        str(n.get("name", {}).get("value", ""))
        for n in nodes
        if n.get("role", {}).get("value") == role and not n.get("ignored")
    ]


def texts_under(nodes: list[dict[str, Any]], role: str) -> str:
    """Every text inside the first node of ``role`` (what a screen reader reads of it)."""
    by_id = {n["nodeId"]: n for n in nodes}
    top = next(n for n in nodes if n.get("role", {}).get("value") == role)
    found: list[str] = []
    stack = [top]
    while stack:
        node = stack.pop()
        if node.get("role", {}).get("value") == "StaticText":
            found.append(str(node.get("name", {}).get("value", "")))
        stack += [by_id[c] for c in reversed(node.get("childIds", [])) if c in by_id]
    return "\n".join(found)


GRUNDY = {"game": "kayles", "position": "7", "ask": "grundy"}


async def ask_teacher(teacher: Page, path: str, body: dict[str, Any] | None = None) -> Any:
    """What the teacher's page gets from ``path`` (with ``body``: sent as its form does)."""
    options = {"headers": {"X-Teacher-Token": TOKEN, "Content-Type": "application/json"}}
    if body is not None:
        options |= {"method": "POST", "body": json.dumps(body)}
    return await teacher.evaluate(
        f"fetch({json.dumps(path)}, {json.dumps(options)}).then(r => r.json())"
    )


@pytest.mark.slow
@NEEDS_CHROMIUM
def test_a_student_plays_and_answers_a_challenge_and_the_teacher_sees_both(
    served_class: str, tmp_path: Path, shots: Path
) -> None:
    async def main() -> tuple[str, list[dict[str, Any]], dict[str, Any], list[int]]:
        async with chromium(tmp_path / "profile") as browser:
            page = await browser.page(served_class + "/", "Ana")
            await page.until("document.activeElement && document.activeElement.id === 'name'",
                             "the name field, focused")  # fmt: skip
            await page.type("Ana")
            await page.press("Tab")  # → Join
            await page.press("Tab")  # → Join in text mode
            focused = "document.activeElement && document.activeElement.value === 'text'"
            await page.until(focused, "the text-mode button, focused")
            await page.press("Enter")
            await page.until(f"location.pathname === '/text' && {FIELD}", "the text page")
            said = await play_a_game(page)
            await page.until_text("squaregame in text mode", "#log")  # the menu again
            teacher = await browser.page(f"{served_class}/teacher?token={TOKEN}", "teacher")
            await teacher.until_text("Ana")
            set_it = await ask_teacher(teacher, "/teacher/challenge", GRUNDY)
            assert set_it["ok"], set_it
            await page.until_text("Challenge #1 from your teacher", "#log")
            await say(page, "challenge", "Type the Grundy value")
            await say(page, "2", "Right!")  # Kayles 7: its Grundy value is 2
            nodes = await accessibility_tree(page)
            (shots / "accessibility-tree.txt").write_text(dump(nodes), encoding="utf-8")
            echoes = await page.evaluate(
                "(() => {const ps = [...document.querySelectorAll('#log p.typed')];"
                " return [ps.length, ps.filter(p => p.getAttribute('aria-hidden') === 'true'"
                " && p.getBoundingClientRect().height > 0).length,"
                " ps.filter(p => p.textContent).length];})()"
            )
            # the class is looked at anew at most every FRESH s, and the session records the
            # answer as it says it: wait (a hang guard) until the teacher's view has it
            for _ in range(600):
                state = await ask_teacher(teacher, "/teacher/state")
                if any(r["answered"] for r in state["scoreboard"]):
                    break
                await asyncio.sleep(0.1)
            student = await ask_teacher(teacher, "/teacher/student/1")
            return said, nodes, student | {"scoreboard": state["scoreboard"]}, echoes

    said, nodes, student, echoes = asyncio.run(main())
    assert "Squares: a pile of 3 counters." in said and "Squares: no counters left." in said
    field = named(nodes, "textbox")
    assert field == ["Your answer (a number, a move or a command such as help), then Enter:"]
    assert "The game, line by line" in named(nodes, "log")
    assert "Send" in named(nodes, "button")
    log = texts_under(nodes, "log")
    assert "Squares: a pile of 3 counters." in log and "take 1" in log
    assert "moves" not in log.split("\n") and "challenge" not in log.split("\n")  # (typed)
    assert echoes[0] >= 5 and echoes[1:] == [echoes[0], echoes[0]], echoes  # shown, unspoken
    assert "Legal moves from a pile of 3 counters:" in log
    assert "☺ You won!" in log
    assert student["name"] == "Ana"
    moves = [m["move"] for m in student["moves"]]
    assert moves and len(moves) >= 2, student  # the student's and the computer's moves
    [row] = student["scoreboard"]
    assert row["student"] == "Ana" and row["solved"], row
    assert [c["result"] for c in student["challenges"]] == [row["result"]]


@pytest.mark.slow
@NEEDS_CHROMIUM
@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_page_at_a_phones_width(tmp_path: Path, shots: Path, lang: str) -> None:
    server = Served(tmp_path, lang, room=False)

    async def main() -> dict[str, Any]:
        async with chromium(tmp_path / "profile") as browser:
            page = await browser.page(server.url + "/text", lang, *PHONE)
            await page.call(
                "Emulation.setDeviceMetricsOverride",
                width=PHONE[0], height=PHONE[1], deviceScaleFactor=1, mobile=True,
            )  # fmt: skip
            await play_a_game(page, shots, lang)
            seen = dict(
                await page.evaluate(
                    "(() => {const f = document.getElementById('line').getBoundingClientRect();"
                    " return {wide: document.documentElement.scrollWidth,"
                    " fieldBottom: f.bottom, fieldTop: f.top, height: window.innerHeight,"
                    " font: parseFloat(getComputedStyle(document.getElementById('line')).fontSize),"
                    " lang: document.documentElement.lang, title: document.title,"
                    " newest: (() => {const l = document.getElementById('log');"
                    "  return l.scrollTop + l.clientHeight >= l.scrollHeight - 2;})()};})()"
                )
            )
            await say(page, "quit", "1.")  # the game → the menu
            await page.type("quit\r")  # the menu → the session ends
            await page.until("!document.getElementById('again').hidden", "the session's end")
            return seen | dict(await page.evaluate(ENDED))

    try:
        seen = asyncio.run(main())
    finally:
        server.stop()
    assert seen["wide"] <= PHONE[0]  # no scrolling sideways
    assert seen["fieldTop"] > 0 and seen["fieldBottom"] <= seen["height"]  # in sight, low
    assert seen["fieldTop"] > seen["height"] / 2
    assert seen["font"] >= 16  # a phone does not zoom into the field
    assert seen["lang"] == lang and seen["title"]
    assert seen["newest"]  # the log shows its newest line
    # the end: the last line ("Goodbye.") in sight above the status and the link, which has
    # the focus; no field left asking for an answer
    assert seen["last"] == Catalog(lang)("textmode.menu.bye")
    assert seen["lastBottom"] <= seen["logBottom"] + 1 and seen["lastTop"] >= seen["logTop"] - 1
    assert seen["focused"] == "A" and seen["formHidden"] and seen["status"]


ENDED = (
    "(() => {const l = document.getElementById('log'), p = l.lastElementChild;"
    " const r = p.getBoundingClientRect(), b = l.getBoundingClientRect();"
    " return {last: p.textContent, lastTop: r.top, lastBottom: r.bottom,"
    " logTop: b.top, logBottom: b.bottom, focused: document.activeElement.tagName,"
    " formHidden: document.getElementById('say').hidden,"
    " status: document.getElementById('status').textContent};})()"
)

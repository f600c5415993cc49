"""Headless Chromium (Debian's ``chromium``) driven over its DevTools protocol, for the tests
that look at the served pages as a browser does: pages each with cookies of their own (a
browser context per student), keys typed as key events, the page's DOM text, the served
terminal's screen (xterm.js's buffer) and screenshots.

Every wait here waits for something to appear, up to a generous hang guard; none is a
timing. In CI (``SQUAREGAME_CI`` set) a missing ``chromium`` fails the tests that need it:
see :data:`NEEDS_CHROMIUM`."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

NEEDS_CHROMIUM = pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("SQUAREGAME_CI"),
    reason="Debian's chromium is not installed (in CI it is: .ci/run installs it)",
)

# The served page (textual-serve) keeps its xterm.js terminal in a local variable; the
# object that holds it sets ``this.terminal = new Terminal(…)`` right after its socket's
# address. This setter, installed before the page's own script runs, keeps that terminal
# as ``window.__sgTerminal`` so a test can read the screen the student sees.
_KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {configurable: true, set(v) {
  Object.defineProperty(this, 'terminal',
    {value: v, writable: true, configurable: true, enumerable: true});
  if (this.websocket_url !== undefined) window.__sgTerminal = v;
}});
window.__sgSent = [];
const __sgSend = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.__sgSent.push(String(data)); if (window.__sgSent.length > 80) window.__sgSent.shift();
  return __sgSend.call(this, data);
};
"""

_SCREEN = """(() => {const t = window.__sgTerminal; if (!t) return null;
 const b = t.buffer.active, rows = [];
 for (let i = 0; i < t.rows; i++) {const l = b.getLine(b.viewportY + i);
  rows.push(l ? l.translateToString(true) : '');}
 return {cols: t.cols, rows: t.rows, text: rows.join('\\n')};})()"""

# What the screen looks like, colours included (a mark that differs by colour only)
_LOOK = """(() => {const t = window.__sgTerminal; if (!t) return '';
 const b = t.buffer.active, cell = b.getNullCell(); let h = 0;
 for (let y = 0; y < t.rows; y++) {const l = b.getLine(b.viewportY + y); if (!l) continue;
  for (let x = 0; x < t.cols; x++) {l.getCell(x, cell);
   const s = cell.getChars() + '|' + cell.getFgColor() + '|' + cell.getBgColor()
    + '|' + cell.isBold();
   for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;}}
 return String(h);})()"""

# Whether the terminal's screen shows any of some texts (null: no terminal yet)
_SCREEN_HAS = f"""(texts => {{const s = {_SCREEN}; return s === null ? null
 : texts.some(t => s.text.includes(t));}})"""

# A promise kept once the frame after the next is painted (a screenshot shows the screen)
_PAINTED = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"

# Named keys as a keyboard sends them: (key, code, Windows virtual key code, text)
KEYS: dict[str, tuple[str, str, int, str]] = {
    "Enter": ("Enter", "Enter", 13, "\r"),
    "Tab": ("Tab", "Tab", 9, ""),
    "Space": (" ", "Space", 32, " "),
    "Escape": ("Escape", "Escape", 27, ""),
    "Backspace": ("Backspace", "Backspace", 8, ""),
    "Home": ("Home", "Home", 36, ""),
    "End": ("End", "End", 35, ""),
    "ArrowUp": ("ArrowUp", "ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40, ""),
    "F2": ("F2", "F2", 113, ""),
    "h": ("h", "KeyH", 72, "h"),
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Page:
    """One tab, over its own DevTools socket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, name: str = "") -> None:
        self.ws = ws
        self.name = name
        self._ids = iter(range(1, 10**9))
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            future = self._waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)
        for future in self._waiting.values():  # the socket closed
            if not future.done():
                future.set_exception(ConnectionError("the DevTools socket closed"))

    async def call(self, method: str, timeout: float = 60, **params: Any) -> dict[str, Any]:
        n = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[n] = future
        await self.ws.send_json({"id": n, "method": method, "params": params})
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise AssertionError(f"{self.name}: no answer to {method} within {timeout} s") from None
        if "error" in reply:
            raise AssertionError(f"{self.name}: {method}: {reply['error']}")
        return dict(reply.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        res = await self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in res:
            raise AssertionError(f"{self.name}: {expression[:80]}: {res['exceptionDetails']}")
        return res.get("result", {}).get("value")

    async def until(self, expression: str, what: str, timeout: float = 60) -> Any:
        """Wait (a hang guard, not a timing) until the expression's value is truthy; it."""
        end = time.monotonic() + timeout
        while True:
            with contextlib.suppress(AssertionError):  # (a page between two documents)
                value = await self.evaluate(expression)
                if value:
                    return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: not within {timeout} s: {what}")
            await asyncio.sleep(0.2)

    async def goto(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def text(self, selector: str = "body") -> str:
        """The text of an element (``innerText``: as the page shows it), or ``""``."""
        got = await self.evaluate(
            f"(document.querySelector({json.dumps(selector)})||{{innerText:''}}).innerText"
        )
        return str(got or "")

    async def until_text(self, text: str, selector: str = "body", timeout: float = 60) -> str:
        """Wait until the element's text says ``text``; the whole text."""
        js = (
            f"(() => {{const n = document.querySelector({json.dumps(selector)});"
            f" return n && n.innerText.includes({json.dumps(text)}) ? n.innerText : '';}})()"
        )
        return str(await self.until(js, f"{text!r} in {selector}", timeout))

    # -- a terminal served by textual-serve ---------------------------------------------------
    async def screen(self) -> str:
        """The terminal's screen as text, one line a row ("" before it exists)."""
        got = await self.evaluate(_SCREEN)
        return str(got["text"]) if got else ""

    async def size(self) -> tuple[int, int]:
        got = await self.until(_SCREEN, "the terminal")
        return int(got["cols"]), int(got["rows"])

    async def until_screen(self, *texts: str, timeout: float = 60) -> str:
        """Wait until the terminal's screen shows any of ``texts``; the screen."""
        end = time.monotonic() + timeout
        while True:
            screen = await self.screen()
            if any(t in screen for t in texts):
                return screen
            if time.monotonic() > end:
                raise AssertionError(
                    f"{self.name}: the screen never showed {texts!r}; it shows:\n{screen}"
                )
            await asyncio.sleep(0.2)

    async def focus_terminal(self) -> None:
        """As a click on the terminal would: its keys go to the app."""
        await self.until(
            "(() => {const t = document.querySelector('.xterm-helper-textarea');"
            " if (!t) return false; t.focus(); return document.activeElement === t;})()",
            "the terminal's focus",
        )

    # -- the keyboard -------------------------------------------------------------------------
    async def press(self, name: str) -> None:
        """A named key of :data:`KEYS`, down and up."""
        key, code, vk, text = KEYS[name]
        down: dict[str, Any] = {"key": key, "code": code, "windowsVirtualKeyCode": vk}
        if text:
            await self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **down)
        else:
            await self.call("Input.dispatchKeyEvent", type="rawKeyDown", **down)
        await self.call("Input.dispatchKeyEvent", type="keyUp", **down)

    async def press_and_see(self, name: str, timeout: float = 60) -> None:
        """A named key, then wait until the screen changes (its text or its colours): the
        app took the key."""
        before = await self.evaluate(_LOOK)
        changed = f"{_LOOK} !== {json.dumps(before)}"
        await self.press(name)
        await self._until_taken(changed, name, timeout)

    async def press_until(
        self, name: str, *texts: str, absent: bool = False, timeout: float = 60
    ) -> None:
        """A named key, then wait until the screen shows any of ``texts`` (``absent``: until
        it shows none of them)."""
        has = f"(({_SCREEN_HAS})({json.dumps(list(texts))}))"
        seen = f"({has} === false)" if absent else f"({has} === true)"
        what = f"{name} → {'no ' if absent else ''}{' / '.join(texts)}"
        await self.press(name)
        await self._until_taken(seen, what, timeout)

    async def type_and_see(self, text: str, timeout: float = 60) -> None:
        """Characters typed one at a time, each seen on the screen before the next."""
        for ch in text:
            before = await self.evaluate(_LOOK)
            await self.type(ch)
            await self._until_taken(f"{_LOOK} !== {json.dumps(before)}", repr(ch), timeout)

    async def _until_taken(self, seen: str, what: str, timeout: float) -> None:
        """Wait until ``seen`` (a JavaScript expression) is true after a key: if it never
        is, fail with the screen and the last keys the page sent (a key lost on its way to
        the app, or one the app ignored). No key is sent again."""
        try:
            await self.until(seen, what, timeout)
        except AssertionError as exc:
            sent = await self.evaluate("JSON.stringify(window.__sgSent.slice(-12))")
            raise AssertionError(f"{exc}\n{await self.screen()}\nsent: {sent}") from None

    async def type(self, text: str) -> None:
        """Characters typed one key at a time (``\\r``: Enter)."""
        for ch in text:
            if ch == "\r":
                await self.press("Enter")
                continue
            await self.call("Input.dispatchKeyEvent", type="keyDown", key=ch, text=ch)
            await self.call("Input.dispatchKeyEvent", type="keyUp", key=ch)

    async def screenshot(self, path: Path) -> None:
        """The page as it is painted (once the frame after the next has been drawn)."""
        await self.evaluate(_PAINTED)
        png = await self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(png["data"]))

    async def close(self) -> None:
        self._reader.cancel()
        await self.ws.close()


class Browser:
    """One headless Chromium; :meth:`page` opens a tab with cookies of its own."""

    def __init__(self, port: int, proc: subprocess.Popen[bytes], http: aiohttp.ClientSession):
        self.port = port
        self.proc = proc
        self.http = http
        self.pages: list[Page] = []
        self.main: Page | None = None  # the browser's own socket (contexts, targets)

    async def page(self, url: str, name: str, width: int = 1280, height: int = 720) -> Page:
        """A tab in a browser context of its own (a student's own cookies), its terminal kept
        (see :data:`_KEEP_TERMINAL`), opened at ``url``."""
        assert self.main is not None
        context = (await self.main.call("Target.createBrowserContext"))["browserContextId"]
        target = await self.main.call(
            "Target.createTarget",
            url="about:blank",
            browserContextId=context,
            width=width,
            height=height,
        )
        ws = await self.http.ws_connect(
            f"ws://127.0.0.1:{self.port}/devtools/page/{target['targetId']}", max_msg_size=0
        )
        page = Page(ws, name)
        self.pages.append(page)
        await page.call("Page.enable")
        await page.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=_KEEP_TERMINAL)
        await page.goto(url)
        return page


@contextlib.asynccontextmanager
async def chromium(profile: Path) -> AsyncIterator[Browser]:
    """A headless Chromium with a profile folder of its own, ended (killed) afterwards."""
    port = free_port()
    proc = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--hide-scrollbars", "--mute-audio",
         f"--user-data-dir={profile}", f"--remote-debugging-port={port}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        async with aiohttp.ClientSession() as http:
            version: dict[str, Any] = {}
            end = time.monotonic() + 60
            while not version:
                try:
                    async with http.get(f"http://127.0.0.1:{port}/json/version") as r:
                        version = await r.json(content_type=None)
                except aiohttp.ClientError:
                    if time.monotonic() > end or proc.poll() is not None:
                        raise AssertionError("chromium never listened for DevTools") from None
                    await asyncio.sleep(0.2)
            browser = Browser(port, proc, http)
            main = await http.ws_connect(version["webSocketDebuggerUrl"], max_msg_size=0)
            browser.main = Page(main, "chromium")
            try:
                yield browser
            finally:
                for page in [*browser.pages, browser.main]:
                    with contextlib.suppress(Exception):
                        await page.close()
    finally:
        proc.kill()
        proc.wait()

"""`squaregame serve`: many browser sessions at once, each its own independent game; and
one real headless browser showing the menu."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from browser_helpers import NEEDS_CHROMIUM, chromium
from serve_helpers import MENU, Tab, wait_listening

aiohttp = pytest.importorskip("aiohttp")

SESSIONS = int(os.environ.get("SQUAREGAME_TEST_SESSIONS", "30"))


SERVE = [sys.executable, "-m", "squaregame", "serve", "--port"]
PER_ADDRESS = ["--sessions-per-address", "100"]  # (thirty browsers, all on loopback)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path):  # type: ignore[no-untyped-def]
    port = _free_port()
    env = {**os.environ, "SQUAREGAME_CACHE_DIR": str(tmp_path / "cache")}
    log = open(tmp_path / "server.log", "wb")  # noqa: SIM115 - a pipe nobody reads would block it
    proc = subprocess.Popen(
        [*SERVE, str(port), *PER_ADDRESS],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    wait_listening(port, proc, tmp_path / "server.log", 20)
    yield url
    log.flush()
    served = (tmp_path / "server.log").read_text()
    proc.terminate()  # (asyncio may complain while textual-serve shuts its children down)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()
    assert "Traceback" not in served, served  # nothing went wrong while serving


class Session(Tab):
    """One browser tab, as the page's JavaScript drives it (a slower start: a whole class)."""

    async def until(self, text: str, timeout: float = 90) -> None:
        await super().until(text, timeout)

    async def keys(self, text: str) -> None:
        for ch in text:
            await self.ws.send_json(["stdin", ch])


async def _play(http, url: str, i: int) -> str:  # type: ignore[no-untyped-def]
    start = 1000 * (i + 1) + 7  # 'take 1 → start−1' cannot appear in any other session
    async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
        s = await Session(ws).open()
        await s.until("take a perfect square")
        assert "Continue" not in s.seen  # nobody else's saved game
        await asyncio.sleep(0.5)  # a person reads the menu before pressing Enter
        await s.keys("\r")
        await s.until("New one-pile game")
        await asyncio.sleep(0.3)
        await s.keys(f"{start}\r")
        await s.until(f"→ {start - 1}")
        return s.seen


@pytest.mark.slow
def test_thirty_browsers_each_get_their_own_game(server: str) -> None:
    async def main() -> list[str]:
        timeout = aiohttp.ClientTimeout(total=300)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            async with http.get(server) as page:
                assert page.status == 200 and "squaregame" in await page.text()
            outputs = await asyncio.gather(*(_play(http, server, i) for i in range(SESSIONS)))
            # a late-comer still gets a fresh menu: no one's saved game leaks into it
            async with http.ws_connect(f"{server}/ws?width=80&height=24") as ws:
                late = await Session(ws).open()
                await late.until("take a perfect square")
                assert "Continue" not in late.seen
            return outputs

    outputs = asyncio.run(main())
    for i, seen in enumerate(outputs):
        for j in range(SESSIONS):
            if j != i:
                assert f"→ {1000 * (j + 1) + 6}" not in seen, (i, j)


def test_the_warning_when_serving_beyond_loopback(
    capsys: pytest.CaptureFixture[str], monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from squaregame.classroom import server as classroom_server
    from squaregame.cli.main import main
    from squaregame.cli.serve import is_loopback

    served: list[tuple[list[tuple[str, int]], str | None, object]] = []

    def fake_serve(sockets, lang, limits, room=None):  # type: ignore[no-untyped-def]
        served.append(([s.getsockname()[:2] for s in sockets], lang, limits))

    monkeypatch.setattr(classroom_server, "serve", fake_serve)
    port = _free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port)]) == 0
    err = capsys.readouterr().err
    assert f"warning: serving on 0.0.0.0:{port}" in err
    assert main(["serve", "--port", str(port)]) == 0
    assert "warning" not in capsys.readouterr().err
    assert served[-1][0] == [("127.0.0.1", port)]
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("192.168.1.5")
    assert classroom_server.command("ru").endswith("--lang ru")
    for bad in (["serve", "--port", "0"], ["serve", "--port", "x"], ["serve", "--host", " "]):
        assert main(bad) == 2


async def _browser_screenshot(url: str, profile: Path, shot: Path) -> str:
    """Open ``url`` in headless Chromium, wait until its terminal shows the menu, then save
    a screenshot; the screen's text."""
    async with chromium(profile) as browser:
        page = await browser.page(url, "menu", width=1000, height=700)
        screen = await page.until_screen(MENU)
        await page.screenshot(shot)
        return screen


@NEEDS_CHROMIUM
def test_a_real_browser_shows_the_menu(server: str, tmp_path: Path) -> None:
    shot = Path(os.environ.get("SQUAREGAME_SCREENSHOT_DIR", tmp_path)) / "served-menu.png"
    screen = asyncio.run(_browser_screenshot(server, tmp_path / "profile", shot))
    assert MENU in screen, "the browser never showed the app's menu"
    assert shot.is_file() and shot.stat().st_size > 20_000
    print(f"\nscreenshot of the menu served to a real browser: {shot}")


def test_the_page_asks_no_other_host(server: str) -> None:
    """An offline classroom: the page, and every stylesheet and script it loads, refer to
    nothing but this server (textual-serve's own page asked Google Fonts for Roboto Mono);
    the font itself is served from here."""
    import re
    import urllib.request

    def get(path: str) -> tuple[int, str]:
        with urllib.request.urlopen(server + path, timeout=10) as r:
            return r.status, r.read().decode("utf-8", "replace")

    status, page = get("/")
    assert status == 200
    refs = re.findall(r"""(?:href|src)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)""", page)
    urls = [a or b for a, b in refs]
    assert urls, page[:400]
    external = [u for u in urls if re.match(r"(?:[a-z]+:)?//", u) and "w3.org/2000/svg" not in u]
    assert external == [], external
    assert "googleapis" not in page and "gstatic" not in page
    for u in urls:  # everything it loads is here
        if u.startswith("/static/"):
            code, body = get(u)
            assert code == 200, u
            if u.endswith((".css", ".js")):
                loads = re.findall(r"""@import\s+url\(\s*["']?(https?:[^"')]+)""", body)
                assert loads == [], (u, loads)
    assert any(u.endswith(".ttf") for u in urls), urls

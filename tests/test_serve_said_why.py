"""The full app's page says why the server closed its session (the class full, too many
tabs, idle) in its "Session ended." dialog — textual-serve's own page said only that — in a
real browser, and as text, never markup."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from browser_helpers import NEEDS_CHROMIUM, chromium
from serve_helpers import MENU, classroom

from squaregame.classroom.sessionpages import offline_page
from squaregame.text import Catalog

aiohttp = pytest.importorskip("aiohttp")
WHY = ".closed-dialog .message"


def _template() -> Path:
    import textual_serve

    return Path(textual_serve.__file__).parent / "templates" / "app_index.html"


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_the_page_wraps_its_socket_before_textual_serves_script_loads(lang: str) -> None:
    page = offline_page(_template(), Catalog(lang))
    wrapper = page.index("window.WebSocket = Socket")
    assert wrapper < page.index("js/textual.js")  # (its socket is opened through the wrapper)
    said = re.search(r"said = (\".*?\");", page)
    assert said and json.loads(said[1]) == Catalog(lang).raw("serve.page.ended_because")
    assert "textContent" in page and "innerHTML" not in page
    assert '<div class="message" role="status">' in page  # (said to a screen reader too)


@NEEDS_CHROMIUM
def test_a_session_the_server_closes_says_why_in_the_page(tmp_path: Path) -> None:
    """Closed for idling (as one refused for too many tabs is closed: with its reason)."""

    async def main() -> str:
        async with (
            classroom(tmp_path, idle_timeout=4) as (_server, url, _http),
            chromium(tmp_path / "profile") as browser,
        ):
            page = await browser.page(url + "/", "idle")
            await page.until_screen(MENU)  # (it played, then idled)
            return await page.until_text("without a key press", WHY)

    said = asyncio.run(main())
    assert said.strip() == "Session ended: closed after 4 seconds without a key press"

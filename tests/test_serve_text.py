"""The text-mode page of a served classroom (``/text``, issue 43): its markup (a live log,
a labelled field, ``lang`` and a title, nothing fetched from elsewhere), the join page's way
to it, the app page's link to it, and its session over ``/text/ws``: lines relayed both ways,
the same limits as the app's sessions, a stranger refused, the process ended for sure."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import (
    Lines,
    alive,
    class_room,
    classroom,
    eventually,
    session_folders,
    text_socket,
)

from squaregame.classroom import textsession
from squaregame.classroom.room import ClassConfig
from squaregame.classroom.server import IDLE_CLOSE, TABS_A_STUDENT
from squaregame.classroom.textsession import MAX_LINE, TextSession, typed_line

MENU = "squaregame in text mode. Type a number, or quit."


@pytest.fixture
def room(tmp_path: Path) -> ClassConfig:
    return class_room(tmp_path)


def only_text_session(sessions: set[object]) -> TextSession:
    [session] = sessions
    assert isinstance(session, TextSession)
    return session


def pid(session: TextSession) -> int:
    assert session._process is not None
    return int(session._process.pid)


@pytest.mark.parametrize(
    ("lang", "title", "label"),
    [
        ("en", "squaregame in text mode", "Your answer"),
        ("ru", "squaregame в текстовом режиме", "Ваш ответ"),
        ("es", "squaregame en modo texto", "Tu respuesta"),
    ],
)
def test_the_page_is_a_labelled_field_under_a_live_log(
    tmp_path: Path, lang: str, title: str, label: str
) -> None:
    from squaregame.classroom.sessionpages import text_page
    from squaregame.text import Catalog

    page = text_page(Catalog(lang))
    assert page.startswith(f'<!DOCTYPE html><html lang="{lang}">')
    assert f"<title>{title}</title>" in page
    assert '<meta name="viewport" content="width=device-width' in page
    log = re.search(r"<div id=\"log\"[^>]*>", page)
    assert log and 'role="log"' in log[0] and 'aria-live="polite"' in log[0]
    assert re.search(r'<label for="line">' + re.escape(label), page)
    field = re.search(r"<input id=\"line\"[^>]*>", page)
    assert field is not None
    for attribute in ('autocomplete="off"', 'autocapitalize="off"', 'spellcheck="false"',
                      'enterkeyhint="send"', 'type="text"'):  # fmt: skip
        assert attribute in field[0], attribute
    assert '<button id="send" type="submit">' in page
    assert "textContent" in page and "innerHTML" not in page  # lines are text, never markup
    assert "http://" not in page and "https://" not in page and " src=" not in page
    assert "<canvas" not in page
    assert "font-size:max(16px" in page  # a phone does not zoom into the field


def test_the_app_page_has_a_title_a_language_and_a_link_to_text_mode(tmp_path: Path) -> None:
    async def main() -> None:
        async with classroom(tmp_path) as (_server, url, http):
            async with http.get(url + "/") as r:
                page = await r.text()
            assert '<html lang="en">' in page
            title = re.search(r"<title>(.*?)</title>", page)
            assert title and title[1].strip() == "squaregame — impartial games"
            assert '<a href="/text">Text mode (screen readers, phones)</a>' in page
            assert "data-session-websocket-url" in page  # still the app's page
            async with http.get(url + "/text") as r:
                assert r.status == 200 and r.headers["Cache-Control"] == "no-store"
                assert 'role="log"' in await r.text()

    asyncio.run(main())


def test_lines_are_relayed_both_ways_and_one_message_is_one_line(tmp_path: Path) -> None:
    async def main() -> None:
        async with classroom(tmp_path) as (server, url, http):
            page = Lines(await http.ws_connect(text_socket(url)))
            await page.until(MENU)
            session = only_text_session(server.sessions)
            assert session.argv[-1] == "--text"
            await page.type("1")  # one-pile games
            await page.until("Which game? Type a number.")
            await page.type("1\n2\x1b[31m")  # a break and an escape: one line, no sequence
            said = await page.until("Type a number from 1 to 5.")
            assert not any("random start" in line for line in said)  # no "1" read alone
            await page.type("1")  # squares
            await page.until("an empty line for a random start")
            await page.type("3")
            await page.until("Squares: a pile of 3 counters.")
            await page.type("moves")
            said = await page.until("take 1")
            assert "Legal moves from a pile of 3 counters:" in said
            await page.type("1")
            await page.until("Squares: a pile of 1 counter.")
            await page.type("1")
            said = await page.until("The game is over.")
            assert all("\x1b" not in line for line in page.said)

    asyncio.run(main())


def test_a_typed_line_is_one_plain_line_of_bounded_length() -> None:
    assert typed_line("take 1\r\nquit") == "take 1  quit"
    assert typed_line("\x1b[2J\x00") == " [2J "
    assert typed_line("\ud800a\udfff") == " a "  # lone surrogates: no UTF-8 says them
    # bidi overrides, zero-width characters, line and paragraph separators
    assert typed_line("a\u202eb\u200bc\u2028d\u2029e\u00adf\ufeff") == "a b c d e f "
    typed_line("\ud800" * 10**4).encode("utf-8")  # (said as UTF-8, whatever was sent)
    assert len(typed_line("x" * 10**6)) == MAX_LINE
    assert typed_line("взять 4 ✓") == "взять 4 ✓"


@pytest.mark.parametrize("how", ["the page closes", "the student quits"])
def test_the_session_ends_for_sure_and_its_folder_goes(tmp_path: Path, how: str) -> None:
    async def main() -> None:
        async with classroom(tmp_path) as (server, url, http):
            ws = await http.ws_connect(text_socket(url))
            page = Lines(ws)
            await page.until(MENU)
            session = only_text_session(server.sessions)
            process = pid(session)
            [folder] = session_folders(tmp_path)
            if how == "the page closes":
                await ws.close()
            else:
                await page.type("quit")
                await page.until("Goodbye.")
                assert (await page.closed())[0] == aiohttp.WSCloseCode.OK
            await eventually(lambda: not alive(process), what=f"process ended ({how})")
            await eventually(lambda: not folder.exists(), what=f"folder removed ({how})")
            await eventually(lambda: not server.sessions, what="session forgotten")

    asyncio.run(main())


def test_a_text_session_counts_toward_the_places_and_a_big_message_closes_it(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with classroom(tmp_path, max_sessions=1) as (server, url, http):
            first = Lines(await http.ws_connect(text_socket(url)))
            await first.until(MENU)
            async with http.get(url + "/text") as r:
                assert r.status == 503 and "full" in await r.text()
            second = Lines(await http.ws_connect(text_socket(url)))
            code, reason = await second.closed()
            assert code == aiohttp.WSCloseCode.TRY_AGAIN_LATER and "full" in reason
            app = Lines(await http.ws_connect(f"{url}/ws?width=80&height=24"))
            assert (await app.closed())[0] == aiohttp.WSCloseCode.TRY_AGAIN_LATER
            process = pid(only_text_session(server.sessions))
            await first.ws.send_str(json.dumps(["line", "x" * 20_000]))  # over 16 KiB
            assert (await first.closed())[0] == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            await eventually(lambda: not alive(process), what="the session ended")
            await eventually(lambda: not server.sessions, what="its place free again")

    asyncio.run(main())


def test_an_idle_text_session_is_closed(tmp_path: Path) -> None:
    async def main() -> None:
        async with classroom(tmp_path, idle_timeout=0.5) as (server, url, http):
            page = Lines(await http.ws_connect(text_socket(url)))
            code, reason = await page.closed(timeout=60)
            assert code == IDLE_CLOSE and "without a key press" in reason
            await eventually(lambda: not server.sessions, what="the idle session ended")

    asyncio.run(main())


def test_in_a_class_only_a_joined_student_gets_text_mode(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            async with http.get(url + "/text") as r:  # a stranger: the join form
                page = await r.text()
                assert "Join the class 7B maths" in page and 'role="log"' not in page
                assert 'name="to" value="text"' in page
                assert "Join in text mode (screen readers, phones)" in page
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(text_socket(url))
            assert refused.value.status == 403
            form = {"name": "Ana", "to": "text"}
            async with http.post(f"{url}/join", data=form, allow_redirects=False) as r:
                assert r.status == 303 and r.headers["Location"] == "/text"
            async with http.get(url + "/text") as r:
                assert 'role="log"' in await r.text()
            pages = []
            for _ in range(TABS_A_STUDENT):
                pages.append(Lines(await http.ws_connect(text_socket(url))))
                await pages[-1].until(MENU)
            async with http.ws_connect(text_socket(url)) as too_many:  # refused: said why
                closing = await too_many.receive(timeout=30)
                assert closing.type == aiohttp.WSMsgType.CLOSE, closing
                assert closing.data == aiohttp.WSCloseCode.TRY_AGAIN_LATER
                assert f"{TABS_A_STUDENT} tabs of this class open already" in closing.extra
            assert len(server.sessions) == TABS_A_STUDENT
            for session in server.sessions:  # each records into the class as Ana
                assert isinstance(session, TextSession)
                assert session.extra_env["SQUAREGAME_CLASS_STUDENT"] == "1"
            for page in pages:
                await page.ws.close()
            await eventually(lambda: not server.sessions, what="the sessions ended")

    asyncio.run(main())


def test_a_session_that_ignores_the_end_of_its_input_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textsession, "QUIT_GRACE", 0.5)  # (seconds: the test's own grace)
    stubborn = "import time\nprint('ready', flush=True)\nwhile True: time.sleep(60)"

    async def main() -> None:
        said: list[str] = []

        async def say(line: str) -> None:
            said.append(line)

        session = TextSession(None, memory_limit=None, folder_root=tmp_path, say=say)
        session.argv = [sys.executable, "-c", stubborn]
        await session.start()
        await eventually(lambda: said == ["ready"], what="the session's first line")
        process = pid(session)
        [folder] = session_folders(tmp_path)
        await session.end()  # its input closed, ignored: killed after the grace
        assert not folder.exists() and session.exited.is_set()
        # (killed; on a loaded machine it may not be reaped the moment end() gives up waiting)
        await eventually(lambda: not alive(process), timeout=60, what="the session killed")

    asyncio.run(main())

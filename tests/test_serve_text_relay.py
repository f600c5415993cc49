"""The text-mode page's relay (``/text/ws`` ↔ a text session's pipes), with a fake session
in place of text mode: a script that says back each line it reads (so a test sees exactly
what reached the session), one that reads nothing (a busy session), one that says a line
too long to relay. Whatever a page sends, the session lives on and the server logs no error."""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from serve_helpers import Lines, alive, classroom, text_socket
from test_serve_text import only_text_session, pid

from squaregame.classroom import textsession
from squaregame.classroom.textsession import MAX_LINE, TextSession, read_line

# says back each line it reads: its length and its characters as ASCII escapes
ECHO = (
    "import sys\nprint('ready', flush=True)\n"
    "for line in sys.stdin:\n    line = line.rstrip('\\n')\n"
    "    print(len(line), ascii(line[:12]), flush=True)\n"
)
BUSY = "(Busy: that line was not sent. Wait for the answer, then type it again.)"
DEAF = "import time\nprint('ready', flush=True)\ntime.sleep(600)\n"  # reads nothing


def fake_session(monkeypatch: pytest.MonkeyPatch, script: str) -> None:
    """Every text session the server starts runs ``script`` instead of text mode."""

    def command(lang: str | None) -> list[str]:
        return [sys.executable, "-c", script]

    monkeypatch.setattr(textsession, "child_command", command)


def no_errors(caplog: pytest.LogCaptureFixture) -> Callable[[], None]:
    def check() -> None:
        bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
        assert not bad, [r.getMessage() for r in bad]

    return check


def test_what_reaches_the_session_is_one_plain_line_cut_to_its_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake_session(monkeypatch, ECHO)

    async def main() -> None:
        async with classroom(tmp_path) as (server, url, http):
            page = Lines(await http.ws_connect(text_socket(url)))
            await page.until("ready")
            await page.ws.send_str('["line", "\\ud800"]')  # a lone surrogate (valid JSON)
            assert (await page.until("1 "))[-1] == "1 ' '"
            await page.type("a\u202eb\u200bc\u2028d\u2029e\r\nf")  # bidi, zero-width, breaks
            assert (await page.until("12 "))[-1] == "12 'a b c d e  f'"
            await page.type("1" * 5000)
            assert (await page.until(f"{MAX_LINE} "))[-1] == f"{MAX_LINE} '{'1' * 12}'"
            await page.type("still here")
            assert (await page.until("10 "))[-1] == "10 'still here'"
            assert not only_text_session(server.sessions).exited.is_set()

    asyncio.run(main())
    no_errors(caplog)()


def test_a_busy_session_keeps_its_student_and_a_line_it_cannot_take_is_said_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake_session(monkeypatch, DEAF)
    monkeypatch.setattr(textsession, "QUIT_GRACE", 0.2)  # (the wait for the pipe, shortened)
    monkeypatch.setattr(textsession, "INPUT_BACKLOG", 4096)
    caplog.set_level(logging.WARNING, "squaregame.serve")

    async def main() -> None:
        async with classroom(tmp_path) as (server, url, http):
            page = Lines(await http.ws_connect(text_socket(url)))
            await page.until("ready")
            session = only_text_session(server.sessions)
            for _ in range(600):  # (a pipe holds 64 KiB: at most ~150 lines get through)
                await page.type("x" * MAX_LINE)
            said = await page.until("Busy: that line was not sent.")
            assert said == [BUSY]  # (the student told, once for the line)
            assert not session.exited.is_set() and alive(pid(session))
            assert only_text_session(server.sessions) is session  # its place kept
            assert session._process is not None and session._process.stdin is not None
            waiting = session._process.stdin.transport.get_write_buffer_size()
            assert waiting < 4096 + 2 * MAX_LINE  # (what waits for the session: bounded)

    asyncio.run(main())
    no_errors(caplog)()
    dropped = [r.getMessage() for r in caplog.records if "was dropped" in r.getMessage()]
    assert len(dropped) == 1 and "a text session reads nothing" in dropped[0]  # once


def test_a_line_over_the_limit_is_skipped_whole(tmp_path: Path) -> None:
    # 200 000 characters: more than the 64 KiB a line may have, and than one pipe's read
    script = "print('before'); print('x' * 200_000 + 'TAIL'); print('after')"

    async def main() -> list[str]:
        said: list[str] = []

        async def say(line: str) -> None:
            said.append(line)

        session = TextSession(None, memory_limit=None, folder_root=tmp_path, say=say)
        session.argv = [sys.executable, "-c", script]
        await session.start()
        await asyncio.wait_for(session.exited.wait(), 60)  # (a hang guard)
        await session.end()
        return said

    assert asyncio.run(main()) == ["before", "after"]


@pytest.mark.parametrize("pieces", [1, 3, 50])
def test_reading_a_line_skips_a_long_one_however_it_arrives(pieces: int) -> None:
    async def main() -> list[bytes]:
        stream = asyncio.StreamReader(limit=16)
        data = b"short\n" + b"x" * 40 + b"TAIL\n" + b"next\n" + b"y" * 30 + b"\nlast"
        step = -(-len(data) // pieces)

        async def feed() -> None:
            for at in range(0, len(data), step):
                stream.feed_data(data[at : at + step])
                await asyncio.sleep(0)
            stream.feed_eof()

        feeding = asyncio.create_task(feed())
        lines = []
        while line := await read_line(stream):
            lines.append(line)
        await feeding
        return lines

    assert asyncio.run(main()) == [b"short\n", b"next\n", b"last"]


def test_reading_a_line_at_the_end_of_a_long_unfinished_one() -> None:
    async def main() -> bytes:
        stream = asyncio.StreamReader(limit=16)
        stream.feed_data(b"x" * 100)
        stream.feed_eof()
        return await read_line(stream)

    assert asyncio.run(main()) == b""

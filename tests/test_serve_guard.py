"""A server no client can stall, tried as a hostile client would on loopback: each attack
runs while another client is answered, and the attacker gets a short answer or is cut off
(squaregame.classroom.guard). No test here times anything: each waits on an event, with a
generous limit as a hang guard."""

from __future__ import annotations

import asyncio
import selectors
import socket
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp")

from serve_helpers import class_room, classroom, free_port, wait_listening  # noqa: E402

from squaregame.classroom import guard  # noqa: E402
from squaregame.classroom.guard import (  # noqa: E402
    Guard,
    GuardLimits,
    JoinWindow,
    client_address,
    networks,
)
from squaregame.text import Catalog  # noqa: E402

LINUX = sys.platform.startswith("linux")


def _gzip_bomb(inflated: int) -> bytes:
    """A gzip body of ``inflated`` zero bytes (about a thousandth of that on the wire)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = bytes(2**20)
    parts = [packer.compress(chunk) for _ in range(inflated // len(chunk))]
    return b"".join(parts) + packer.flush()


async def _raw(port: int, data: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    return reader, writer


async def _answer(reader: asyncio.StreamReader, timeout: float = 30) -> bytes:
    """Everything the server sends until it closes the connection."""
    return await asyncio.wait_for(reader.read(), timeout)


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_a_compressed_body_is_refused_unread_while_others_are_answered(tmp_path: Path) -> None:
    bomb = _gzip_bomb(64 * 2**20)  # (the inflated to 1 GB: the same, only smaller)

    async def main() -> None:
        room = class_room(tmp_path)
        async with classroom(tmp_path / "s", room) as (server, url, http):
            head = (
                "POST /join HTTP/1.1\r\nHost: x\r\nContent-Encoding: gzip\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(bomb)}\r\n\r\n"
            ).encode()
            reader, writer = await _raw(_port(url), head + bomb[:4096])
            async with http.get(url + "/") as r:  # another client, while the body waits
                assert r.status == 200
            answer = await _answer(reader)
            assert answer.startswith(b"HTTP/1.1 415"), answer[:80]
            assert b"Compressed request bodies are not accepted" in answer
            writer.close()
            for encoding in ("deflate", "br", "x-anything"):
                headers = {"Content-Encoding": encoding}
                async with http.post(url + "/join", data=b"name=Ana", headers=headers) as r:
                    assert r.status == 415, encoding
            assert server.room is not None and server.room.store is not None
            assert server.room.store.students(room.name) == []  # nobody joined

    asyncio.run(main())


def test_a_body_too_large_or_too_slow_is_cut_off(tmp_path: Path) -> None:
    limits = GuardLimits(body_timeout=1.0, body_most=1024)

    async def main() -> None:
        room = class_room(tmp_path)
        async with classroom(tmp_path / "s", room, guard=limits) as (_server, url, http):
            async with http.post(url + "/join", data=b"name=" + b"A" * 2000) as r:
                assert r.status == 413
            headers = {"X-Teacher-Token": room.token, "Content-Type": "application/json"}
            body = b"[" * 5000  # (no Content-Length: chunked, read up to the cap)

            async def chunks():  # type: ignore[no-untyped-def]
                yield body

            async with http.post(url + "/teacher/challenge", data=chunks(), headers=headers) as r:
                assert r.status == 413
            head = b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nname="
            reader, writer = await _raw(_port(url), head)  # ... and the rest never comes
            async with http.get(url + "/") as r:
                assert r.status == 200
            answer = await _answer(reader)
            assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
            writer.close()

    asyncio.run(main())


def test_slow_header_sockets_are_closed_and_others_answered(tmp_path: Path) -> None:
    limits = GuardLimits(header_timeout=1.0, keepalive_timeout=3600)  # (the sweep's, alone)

    async def main() -> None:
        async with classroom(tmp_path / "s", guard=limits) as (server, url, http):
            slow = [
                await _raw(_port(url), b"GET / HTTP/1.1\r\nHost: x\r\nX-A: ") for _ in range(200)
            ]
            idle = [await _raw(_port(url), b"") for _ in range(20)]  # nothing sent at all
            async with http.get(url + "/") as r:  # while all 220 are open
                assert r.status == 200
            for reader, writer in slow + idle:
                assert await _answer(reader) == b""  # closed, with nothing said
                writer.close()
            assert server.guard.closed_slow >= 220
            assert not server.guard.born  # (every connection is forgotten)
            async with http.get(url + "/") as r:  # the client's kept-alive connection
                assert r.status == 200

    asyncio.run(main())


def test_a_live_sessions_socket_outlives_the_header_sweep(tmp_path: Path) -> None:
    limits = GuardLimits(header_timeout=0.5, keepalive_timeout=3600)
    (tmp_path / "s").mkdir()

    async def main() -> None:
        async with classroom(tmp_path / "s", guard=limits) as (server, url, http):
            ws = await http.ws_connect(url.replace("http", "ws") + "/text/ws")
            reader, writer = await _raw(_port(url), b"GET / HTTP/1.1\r\n")
            assert await _answer(reader) == b""  # the sweep has run since
            writer.close()
            await ws.send_json(["line", "help"])
            msg = await asyncio.wait_for(ws.receive(), 60)
            assert msg.type == aiohttp.WSMsgType.TEXT, msg
            assert not ws.closed
            await ws.close()
            assert server.guard.closed_slow >= 1

    asyncio.run(main())


def test_joins_past_the_limit_get_429_with_retry_after(tmp_path: Path) -> None:
    limits = GuardLimits(joins_per_minute=3)

    async def main() -> None:
        room = class_room(tmp_path)
        async with classroom(tmp_path / "s", room, guard=limits) as (server, url, http):
            for name in ("Ana", "ana", "<b>", "Bo", "Cy"):  # (two refused: they don't count)
                async with http.post(
                    url + "/join", data={"name": name}, allow_redirects=False
                ) as r:
                    assert (r.status == 303) == (name in ("Ana", "Bo", "Cy")), name
            async with http.post(url + "/join", data={"name": "Di"}, allow_redirects=False) as r:
                assert r.status == 429
                assert 1 <= int(r.headers["Retry-After"]) <= 60
                assert "Too many students joined from your address" in await r.text()
            assert server.room is not None and server.room.store is not None
            assert len(server.room.store.students(room.name)) == 3  # Di was never added
            async with http.get(url + "/") as r:  # the rest of the server answers as ever
                assert r.status == 200

    asyncio.run(main())


def test_tries_at_joining_are_limited_too(tmp_path: Path) -> None:
    """Names refused give their join back, but every try counts against a larger allowance:
    a script trying names in a loop is held off all the same."""
    limits = GuardLimits(joins_per_minute=2)

    async def main() -> None:
        room = class_room(tmp_path)
        async with classroom(tmp_path / "s", room, guard=limits) as (_server, url, http):
            statuses = []
            for _ in range(8):
                async with http.post(url + "/join", data={"name": "<x>"}) as r:
                    statuses.append(r.status)
            assert statuses[:6] == [400] * 6 and statuses[6:] == [429, 429], statuses

    asyncio.run(main())


def test_sessions_past_the_limit_per_address_get_429(tmp_path: Path) -> None:
    limits = GuardLimits(sessions_per_address=1)
    (tmp_path / "s").mkdir()

    async def main() -> None:
        async with classroom(tmp_path / "s", guard=limits) as (server, url, http):
            first = await http.ws_connect(url.replace("http", "ws") + "/text/ws")
            # a page's socket: opened and closed with the reason its page shows
            second = await http.ws_connect(url.replace("http", "ws") + "/ws")
            closing = await second.receive()
            assert closing.type == aiohttp.WSMsgType.CLOSE
            assert second.close_code == 1013  # try again later
            assert "1 session" in closing.extra, closing
            # anything else from that address: 429 with Retry-After
            async with http.get(url + "/ws") as r:
                assert r.status == 429 and int(r.headers["Retry-After"]) > 0
            await first.close()
            deadline = time.monotonic() + 30
            while server.guard.open_sessions and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            assert not server.guard.open_sessions  # the place is free again

    asyncio.run(main())


def test_the_limits_speak_the_classs_language() -> None:
    ru, es = Catalog("ru"), Catalog("es")
    assert "через 5 секунд" in ru("serve.guard.joins", count=5)
    assert "через 2 секунды" in ru("serve.guard.joins", count=2)
    assert "en 1 segundo" in es("serve.guard.joins", count=1)
    assert "20 sesiones" in es("serve.guard.sessions", count=20)


def test_forwarded_for_is_believed_only_from_a_trusted_proxy() -> None:
    none = networks([])
    proxy = networks(["127.0.0.1", "10.0.0.0/8"])
    assert client_address("203.0.113.9", "1.2.3.4", none) == "203.0.113.9"
    assert client_address("127.0.0.1", "1.2.3.4", none) == "127.0.0.1"  # trusts nobody
    assert client_address("127.0.0.1", "1.2.3.4", proxy) == "1.2.3.4"
    # the client wrote the first one itself: the last hop not a proxy is who it is
    assert client_address("127.0.0.1", "6.6.6.6, 1.2.3.4, 10.1.1.1", proxy) == "1.2.3.4"
    assert client_address("127.0.0.1", "garbage", proxy) == "127.0.0.1"
    assert client_address("127.0.0.1", "", proxy) == "127.0.0.1"
    assert client_address("::ffff:127.0.0.1", "1.2.3.4", proxy) == "1.2.3.4"
    assert client_address("198.51.100.1", "1.2.3.4", proxy) == "198.51.100.1"  # not a proxy
    # one client's IPv6 addresses (its /64) are one client to the limits
    assert client_address("2001:db8:1:2::9", None, none) == "2001:db8:1:2::/64"
    assert client_address("2001:db8:1:2:abcd::1", None, none) == "2001:db8:1:2::/64"
    assert client_address("2001:db8:1:3::9", None, none) == "2001:db8:1:3::/64"


def test_every_forwarded_for_line_is_read() -> None:
    """A proxy may add a line of its own rather than append to the client's: the client's
    line comes first and the proxy's last, so the client cannot choose its address."""
    from aiohttp.test_utils import make_mocked_request
    from multidict import CIMultiDict

    sentry = Guard(Catalog("en"), GuardLimits(trusted_proxies=("127.0.0.1",)), 4)
    headers = CIMultiDict([("X-Forwarded-For", "6.6.6.6"), ("X-Forwarded-For", "1.2.3.4")])
    request = make_mocked_request("GET", "/", headers=headers)
    request._transport_peername = ("127.0.0.1", 5000)  # type: ignore[attr-defined]
    assert request.remote == "127.0.0.1"
    assert sentry.address(request) == "1.2.3.4"


def test_the_session_cap_never_leaves_the_connections_at_their_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cap taken from the memory (hundreds) with a small descriptor limit: the cap is
    lowered to what the descriptors hold, so the connections keep more than their floor."""
    monkeypatch.setattr(guard, "descriptor_limit", lambda: 1024)
    cap = guard.sessions_within_descriptors()
    assert 1 <= cap < 500
    assert guard.descriptor_budget(cap) >= guard.MIN_CONNECTIONS + cap  # a socket each
    assert guard.descriptor_budget(500) == guard.MIN_CONNECTIONS  # (what 500 would leave)


def test_the_join_window_slides_and_forgets() -> None:
    window = JoinWindow(2, span=60)
    assert window.hit("a", 0) == 0 and window.hit("a", 10) == 0
    assert window.hit("a", 20) == 40  # the first hit leaves the window at 60
    assert window.hit("b", 20) == 0  # another address: its own count
    assert window.hit("a", 61) == 0


@pytest.mark.skipif(not LINUX, reason="a descriptor limit set as on Linux")
def test_past_the_descriptor_budget_a_polite_503_and_few_log_lines(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "log"
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))\n"
        "from squaregame.cli.main import main\n"
        f"sys.exit(main(['serve', '--port', '{port}', '--max-sessions', '4']))\n"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "SQUAREGAME_DATA_DIR": str(tmp_path / "data"),
        "SQUAREGAME_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONPATH": ":".join(sys.path),
        "HOME": str(tmp_path),
    }
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code], stderr=out, env=env)
    try:
        wait_listening(port, proc, log)
        held = []
        refused = 0
        for _ in range(400):  # (the budget: 256 less the reserve)
            s = socket.create_connection(("127.0.0.1", port), timeout=30)
            held.append(s)
        with selectors.DefaultSelector() as sel:
            for s in held:
                sel.register(s, selectors.EVENT_READ)
            deadline = time.monotonic() + 60  # (a hang guard: the held ones say nothing)
            while refused < 200 and time.monotonic() < deadline:
                for key, _ in sel.select(1.0):
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    sel.unregister(sock)
                    data = sock.recv(4096)
                    if data.startswith(b"HTTP/1.1 503"):
                        refused += 1
                        assert b"Retry-After" in data and b"busy" in data
        assert refused >= 200, refused
        for s in held:
            s.close()
        deadline = time.monotonic() + 60
        while True:  # the server is well again once they are gone
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = s.recv(64)
            if answer.startswith(b"HTTP/1.1 200") or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert answer.startswith(b"HTTP/1.1 200"), answer
    finally:
        proc.terminate()
        proc.wait(60)
    lines = log.read_text().splitlines()
    said = [line for line in lines if "refused" in line]
    assert 1 <= len(said) <= 2, said  # one line a minute, not one a connection
    assert len(lines) < 12, lines
    assert not any("Traceback" in line or "Too many open files" in line for line in lines), lines

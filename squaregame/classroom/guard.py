"""A server no client can stall: the guards in front of every request and connection.

- **per address**: at most ``joins_per_minute`` joins (``POST /join``) and
  ``sessions_per_address`` open sessions from one client address; past either, HTTP 429
  with ``Retry-After`` and a line in the class's language. Behind a reverse proxy every
  client has the proxy's address: ``X-Forwarded-For`` is believed only from the proxies
  named in ``trusted_proxies`` (none by default).
- **bodies**: a request body with a ``Content-Encoding`` is refused (415) before a byte of
  it is read (and the server never inflates one: ``auto_decompress=False``); a body is at
  most ``body_most`` bytes (413) and must arrive within ``body_timeout`` (408).
- **connections**: one that has sent no complete request head within ``header_timeout``
  is closed (a sweep every second); an idle keep-alive one after ``keepalive_timeout``
  (aiohttp's own timer). A session's websocket is a request being handled: never closed
  by these (it has its idle timeout).
- **descriptors**: open connections are kept within a budget — the descriptor limit less
  a reserve for the sessions' pipes and the database; past it a new connection gets a
  short 503 and is closed at once, and the log says so at most once a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
import resource
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSCloseCode, web
from aiohttp.web_protocol import RequestHandler

from squaregame.text import Catalog, tr

log = logging.getLogger("squaregame.serve")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
FDS_A_SESSION = 8  # descriptors one session costs: its pipes, its process's, a socket
FDS_KEPT = 64  # and for the database, logs, the listening sockets, a few spare
BACKLOG = 128  # connections the kernel queues for this server
ACCEPT_BURST = 16  # connections accepted at once (each a descriptor before it is counted)
MIN_CONNECTIONS = 16  # a budget is never below this
TRIES_A_JOIN = 3  # tries at joining (a name taken, mistyped) an address has per join
LINGER = 1.0  # seconds a refused body is read (and dropped) after the answer, not 10
LOG_EVERY = 60.0  # seconds: at most one line of refusals this often
SESSIONS_RETRY = 30  # seconds, said to an address with all its sessions open
ADDRESSES_KEPT = 10_000  # addresses remembered for the join limit (the oldest forgotten)


@dataclass(frozen=True)
class GuardLimits:
    joins_per_minute: int = 10
    sessions_per_address: int = 20
    trusted_proxies: tuple[str, ...] = ()  # addresses or networks (10.0.0.0/8)
    header_timeout: float = 10.0  # seconds for a request's head to arrive
    keepalive_timeout: float = 30.0  # seconds an idle keep-alive connection is kept
    body_timeout: float = 10.0  # seconds for a request's body to arrive
    body_most: int = 64 * 2**10  # bytes of a request's body


def networks(items: Iterable[str]) -> tuple[Network, ...]:
    """``127.0.0.1``, ``10.0.0.0/8``, ``::1`` → networks; ValueError for anything else."""
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(text.strip().split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def client_address(remote: str | None, forwarded: str | None, trusted: tuple[Network, ...]) -> str:
    """Who is asking: the peer's address, or — when the peer is a trusted proxy — the last
    address in ``X-Forwarded-For`` that is not a trusted proxy (the ones before it are the
    client's own say, and anyone can write them)."""
    peer = _ip(remote or "")
    if peer is None:
        return remote or "?"
    if not forwarded or not any(peer in net for net in trusted):
        return _counted(peer)
    for hop in reversed(forwarded.split(",")[-32:]):
        ip = _ip(hop)
        if ip is None:
            return _counted(peer)  # (a hop nobody can read: the proxy is who we know)
        if not any(ip in net for net in trusted):
            return _counted(ip)
    return _counted(peer)


def _counted(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    """The address the limits count: an IPv4 address, or an IPv6 address's /64 (one
    household or host is given a whole /64: each of its addresses is the same client)."""
    if isinstance(ip, ipaddress.IPv6Address) and not ip.is_loopback:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class JoinWindow:
    """At most ``most`` hits an address in any ``span`` seconds."""

    def __init__(self, most: int, span: float = 60.0) -> None:
        self.most, self.span = most, span
        self.hits: dict[str, deque[float]] = {}

    def hit(self, address: str, now: float) -> int:
        """0 if this hit is allowed (and counted); else the seconds until one is."""
        times = self.hits.pop(address, None) or deque()
        while times and times[0] <= now - self.span:
            times.popleft()
        if len(times) >= self.most:
            self.hits[address] = times
            return max(1, math.ceil(times[0] + self.span - now))
        times.append(now)
        self.hits[address] = times  # (last: the dict's order is the hits' order)
        while len(self.hits) > ADDRESSES_KEPT:
            del self.hits[next(iter(self.hits))]
        return 0

    def forgive(self, address: str) -> None:
        """The last hit of ``address`` given back (it turned out not to count)."""
        times = self.hits.get(address)
        if times:
            times.pop()


def descriptor_limit() -> int:
    """This process's descriptor limit, raised to the hard limit first where allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
        if target > soft:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
                soft = target
    return int(soft)


def descriptor_budget(max_sessions: int) -> int:
    """The connections this process may hold open: its descriptor limit less a reserve
    for the sessions and the rest."""
    # (the refused ones hold a descriptor for a few turns of the loop: a few bursts' worth)
    reserve = FDS_KEPT + 4 * ACCEPT_BURST + FDS_A_SESSION * max_sessions
    return max(MIN_CONNECTIONS, descriptor_limit() - reserve)


def sessions_within_descriptors() -> int:
    """The most sessions the descriptor limit holds with room left for their connections
    (each session: its pipes and files, and its browser's connection): the session cap is
    never more, so the connection budget never falls to its floor."""
    room = descriptor_limit() - FDS_KEPT - 4 * ACCEPT_BURST - MIN_CONNECTIONS
    return max(1, room // (FDS_A_SESSION + 1))


class Refusal(asyncio.Protocol):
    """A connection past the budget: a short 503, then closed."""

    def __init__(self, text: str) -> None:
        body = text.encode("utf-8")
        self.reply = (
            b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\n"
            b"Content-Type: text/plain; charset=utf-8\r\nCache-Control: no-store\r\n"
            b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
        )

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        with contextlib.suppress(OSError):
            transport.write(self.reply)
        transport.close()


class Guard:
    """The guards of one server (see the module's words)."""

    def __init__(
        self,
        catalog: Catalog,
        limits: GuardLimits,
        max_sessions: int,
        join_paths: tuple[str, ...] = ("/join",),
        session_paths: tuple[str, ...] = ("/ws", "/text/ws"),
    ) -> None:
        self.cat = catalog
        self.limits = limits
        self.trusted = networks(limits.trusted_proxies)
        self.joins = JoinWindow(limits.joins_per_minute)
        self.tries = JoinWindow(TRIES_A_JOIN * limits.joins_per_minute)  # (names refused too)
        self.open_sessions: dict[str, int] = {}
        self.join_paths, self.session_paths = join_paths, session_paths
        self.budget = descriptor_budget(max_sessions)
        self.born: dict[RequestHandler, float] = {}  # connections yet to send a request
        self.refused = 0  # connections refused since the last line said so
        self.refused_said = -math.inf
        self.closed_slow = 0  # connections closed for a head that never came
        self.sweeper: asyncio.Task[None] | None = None

    # -- requests ----------------------------------------------------------------------------
    def address(self, request: web.Request) -> str:
        # (every X-Forwarded-For line: a proxy may add its own line rather than append)
        forwarded = ",".join(request.headers.getall("X-Forwarded-For", ()))
        return client_address(request.remote, forwarded, self.trusted)

    def _say(
        self, status: int, text: str, retry: int | None = None, *, close: bool = False
    ) -> web.Response:
        headers = {"Cache-Control": "no-store"}
        if retry is not None:
            headers["Retry-After"] = str(retry)
        response = web.Response(status=status, text=text, headers=headers)
        if close:  # (a body left unread: the connection ends with the answer)
            response.force_close()
        return response

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.born.pop(request.protocol, None)  # (its head came: no longer the sweep's)
        if request.headers.get("Content-Encoding", "identity").strip().lower() != "identity":
            return self._say(415, self.cat("serve.guard.encoded"), close=True)  # (unread)
        if request.body_exists:
            length = request.content_length
            if length is not None and length > self.limits.body_most:
                return self._say(413, self.cat("serve.guard.too_big"), close=True)
            try:
                async with asyncio.timeout(self.limits.body_timeout):
                    await request.read()  # (kept: the handler's post() or json() reads it)
            except TimeoutError:
                return self._say(408, self.cat("serve.guard.slow"), close=True)
            except web.HTTPRequestEntityTooLarge:
                return self._say(413, self.cat("serve.guard.too_big"), close=True)
        if request.method == "POST" and request.path in self.join_paths:
            who, now = self.address(request), time.monotonic()
            # the joins that add a student count; every try counts too, against more
            wait = self.tries.hit(who, now) or self.joins.hit(who, now)
            if wait:
                return self._say(429, self.cat("serve.guard.joins", count=wait), wait)
            answer = await handler(request)
            if answer.status != 303:  # (a name refused, taken, mistyped: nobody joined)
                self.joins.forgive(who)
            return answer
        if request.path not in self.session_paths:
            return await handler(request)
        who = self.address(request)
        if self.open_sessions.get(who, 0) >= self.limits.sessions_per_address:
            most = self.limits.sessions_per_address
            said = self.cat("serve.guard.sessions", count=most)
            if request.headers.get("Upgrade", "").lower() == "websocket":
                return await close_refused(request, said)
            return self._say(429, said, SESSIONS_RETRY)
        self.open_sessions[who] = self.open_sessions.get(who, 0) + 1
        try:
            return await handler(request)
        finally:
            left = self.open_sessions.pop(who, 1) - 1
            if left > 0:
                self.open_sessions[who] = left

    def handler_args(self) -> dict[str, Any]:
        """The runner's settings for every connection."""
        return {
            "keepalive_timeout": self.limits.keepalive_timeout,
            "auto_decompress": False,  # (a body is never inflated: refused above)
            "lingering_time": LINGER,
        }

    # -- connections -------------------------------------------------------------------------
    def factory(self, server: web.Server) -> Callable[[], asyncio.Protocol]:
        """The protocol factory for the listening sockets: aiohttp's, within the budget."""

        def make() -> asyncio.Protocol:
            if len(server.connections) >= self.budget:
                self.refused += 1
                self._say_refused()
                return Refusal(self.cat("serve.guard.busy"))
            handler = server()
            self.born[handler] = time.monotonic()
            return handler

        return make

    def _say_refused(self) -> None:
        now = time.monotonic()
        if self.refused and now - self.refused_said >= LOG_EVERY:
            log.warning(tr("serve.guard.log_refused", count=self.refused, most=self.budget))
            self.refused, self.refused_said = 0, now

    def sweep(self, now: float) -> int:
        """Close the connections whose request head has not come in time; how many."""
        closed = 0
        for handler, born in list(self.born.items()):
            if handler.transport is None:  # (gone by itself)
                del self.born[handler]
            elif now - born > self.limits.header_timeout:
                del self.born[handler]
                handler.force_close()
                closed += 1
        self.closed_slow += closed
        return closed

    async def sweeping(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.sweep(time.monotonic())
            self._say_refused()


class OneLine(logging.Formatter):
    """Every log record as one line of at most 300 characters; exceptions by name only."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f": {type(exc).__name__}: {exc}"
        text = " ".join(text.split())
        return "squaregame serve: " + (text if len(text) <= 300 else text[:299] + "…")


class Seldom(logging.Filter):
    """asyncio's "socket.accept() out of system resource" (the descriptors ran out after
    all: a session's pipes, the database) at most once a minute, not once a second."""

    def __init__(self) -> None:
        super().__init__()
        self.said = -math.inf

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("socket.accept() out of system resource"):
            return True
        now = time.monotonic()
        if now - self.said < LOG_EVERY:
            return False
        self.said = now
        return True


class GuardedSite(web.SockSite):
    """A listening socket whose connections pass the guard's factory."""

    def __init__(self, runner: web.BaseRunner, sock: socket.socket, guard: Guard) -> None:
        super().__init__(runner, sock)
        self.guard = guard

    async def start(self) -> None:
        await web.BaseSite.start(self)  # (registers the site; SockSite's would listen itself)
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            self.guard.factory(server), sock=self._sock, backlog=ACCEPT_BURST
        )
        self._sock.listen(BACKLOG)  # (asyncio accepts ACCEPT_BURST a turn; the kernel queues more)


async def start(
    app: web.Application, sockets: list[socket.socket], guard: Guard, shutdown: float = 10.0
) -> web.AppRunner:
    """Serve ``app`` on ``sockets`` behind ``guard``; clean up with ``runner.cleanup()``."""
    runner = web.AppRunner(
        app, handle_signals=False, shutdown_timeout=shutdown, **guard.handler_args()
    )
    await runner.setup()
    guard.sweeper = asyncio.create_task(guard.sweeping())
    for sock in sockets:
        await GuardedSite(runner, sock, guard).start()
    return runner


async def stop(runner: web.AppRunner, guard: Guard) -> None:
    if guard.sweeper is not None:
        guard.sweeper.cancel()
    await runner.cleanup()


async def serve_forever(
    app: Awaitable[web.Application], sockets: list[socket.socket], guard: Guard, shutdown: float
) -> None:
    runner = await start(await app, sockets, guard, shutdown)
    try:
        await asyncio.Event().wait()  # (until cancelled: Ctrl+C, SIGTERM)
    finally:
        await stop(runner, guard)


async def close_refused(request: web.Request, said: str) -> web.StreamResponse:
    """A session refused: its socket opened and closed at once (1013) with the reason, cut to
    a close frame's 123 bytes, which the page shows (no page can read a refused handshake)."""
    websocket = web.WebSocketResponse()
    await websocket.prepare(request)
    reason = said.encode("utf-8")[:123].decode("utf-8", "ignore").encode("utf-8")
    await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=reason)
    return websocket

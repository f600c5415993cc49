"""Serving the app to web browsers (textual-serve): one process per browser tab (the app, or
text mode at ``/text``), each with its own temporary folder — in a class, a student's data
folder is theirs and kept (:mod:`.folders`) —, so nothing is shared between students, and
nobody can knock the classroom over:

- terminal sizes from a browser (the ``/ws`` query and resize messages) are clamped to
  500×200 and nonsense is ignored before the app sees it;
- at most ``max_sessions`` sessions at once; the next student gets a polite page (or, on
  the socket, a "try again later" close) instead of a process;
- each session's process has an address-space limit and dies with the server;
- a session idle for ``idle_timeout`` is closed; an ended session's folder is removed, and
  folders left by a killed server are swept at start;
- ``/static/`` never lists a directory; the log never shows a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import signal
import socket
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.server import Server

from squaregame.classroom import guard
from squaregame.classroom.capacity import cap_for
from squaregame.classroom.folders import sweep
from squaregame.classroom.forked import Zygote
from squaregame.classroom.guard import Guard, GuardLimits, OneLine, Seldom
from squaregame.classroom.room import ClassConfig, ClassRoom
from squaregame.classroom.session import (
    Session,
    child_command,
    envelope,
    size_from_message,
    size_from_query,
)
from squaregame.classroom.sessionpages import TEXT_PATH, offline_page, text_page, text_policy
from squaregame.classroom.store import Student
from squaregame.classroom.textsession import MAX_TEXT_MESSAGE, TextSession, relay_lines
from squaregame.classroom.wording import close_reason, duration
from squaregame.text import Catalog, tr
from squaregame.text.current import current

log = logging.getLogger("squaregame.serve")

MAX_MESSAGE = 2**20  # bytes in one message from a browser (a paste); more closes the socket
IDLE_CLOSE = 4000  # the close code of an idle session (4000–4999: the application's own)
RETRY_AFTER = 30  # seconds, on the "class is full" page
TABS_A_STUDENT = 3  # sessions one student may have open at once (a class: not all 60)


@dataclass(frozen=True)
class Limits:
    max_sessions: int | None = None  # None: as many as the memory holds (.capacity)
    idle_timeout: float | None = 30 * 60.0  # seconds; None: never
    memory_limit: int | None = 2**30  # bytes of address space per session; None: no limit
    fork: bool = True  # sessions forked by a fork server (.zygote), where it can run
    guard: GuardLimits = field(default_factory=GuardLimits)  # per address, per connection


def command(lang: str | None) -> str:
    """The command every browser session runs (shown in logs; it is run without a shell)."""
    return " ".join(child_command(lang))


class ClassroomServer(Server):
    """textual-serve's Server, with the limits above."""

    def __init__(
        self,
        lang: str | None,
        limits: Limits | None = None,
        folder_root: Path | None = None,
        room: ClassConfig | None = None,
    ) -> None:
        # the pages speak ``--lang``, else the language the command line chose (the saved
        # one, else the locale's: ``squaregame.cli.main.speak``), as the console does; the
        # students' apps are told it too (each runs in a folder of its own, with no settings)
        self.catalog = Catalog(lang) if lang else current()
        self.lang = self.catalog.lang
        super().__init__(command(self.lang), host="127.0.0.1", port=0, title="squaregame")
        self.limits = limits or Limits()
        cap, self.cap_computed = cap_for(self.limits.max_sessions)  # (None: memory's)
        self.cap = min(cap, guard.sessions_within_descriptors())  # (and the descriptors')
        self.folder_root = folder_root
        self.zygote = Zygote() if self.limits.fork else None
        self.sessions: set[Session | TextSession] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.room = None if room is None else ClassRoom(room, self.catalog, kinds(self.catalog))
        self.guard = Guard(self.catalog, self.limits.guard, self.cap)

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine())
        handler.addFilter(Seldom())  # (the log never floods)
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # URLs are not echoed

    async def _make_app(self) -> web.Application:
        app = web.Application(
            middlewares=[self.guard.middleware, *([self.room.away] if self.room else [])],
            client_max_size=self.limits.guard.body_most,
        )
        page = offline_page(Path(self.templates_path) / "app_index.html", self.catalog)
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": page}))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get(TEXT_PATH, self.handle_text, name="text"),
                web.get(TEXT_PATH + "/ws", self.handle_text_socket, name="text_websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
                *(self.room.routes() if self.room else ()),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        removed = sweep(self.folder_root)
        if removed:
            log.info(tr("serve.log.swept", count=len(removed)))
        key = "serve.log.cap_memory" if self.cap_computed else "serve.log.cap"
        log.info(tr(key, count=self.cap))
        if self.zygote is not None:  # (imports everything once, while the server listens)
            self.zygote.starting = asyncio.create_task(self.zygote.start())
        if self.room is not None:
            await self.room.open()

    async def on_shutdown(self, app: web.Application) -> None:
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=WSCloseCode.GOING_AWAY), 2.0)
        await asyncio.gather(*(s.end() for s in list(self.sessions)), return_exceptions=True)
        if self.room is not None:
            await self.room.close()
        if self.zygote is not None:
            await self.zygote.close()

    def full(self) -> bool:
        return len(self.sessions) >= self.cap

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full():
            return self.full_page()
        if self.room is not None and await self.room.student(request) is None:
            return self.room.join_form()
        try:
            font_size = max(6, min(64, int(request.query.get("fontsize", "16")[:4])))
        except ValueError:
            font_size = 16
        # the addresses the browser used to reach this page (not the one listened on: with
        # --host 0.0.0.0 that is no address a browser can connect to)
        # (HTTPS at a reverse proxy says so: a header that misleads only whoever sends it)
        https = request.secure or request.headers.get("X-Forwarded-Proto") == "https"
        scheme = "wss" if https else "ws"
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_text(self, request: web.Request) -> web.StreamResponse:
        """The text-mode page (screen readers, phones): a class's students only."""
        if self.full():
            return self.full_page()
        if self.room is not None and await self.room.student(request) is None:
            return self.room.join_form(text=True)  # (Enter in its name field: text mode)
        page = text_page(self.catalog)
        headers = {
            "Cache-Control": "no-store",
            "Referrer-Policy": "no-referrer",
            "Content-Security-Policy": text_policy(request.host),
            "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY",  # (frame-ancestors, for browsers before it)
        }
        return web.Response(text=page, content_type="text/html", headers=headers)

    def full_page(self) -> web.Response:
        cat = self.catalog
        title = html.escape(cat("serve.page.full_title"))
        body = html.escape(cat("serve.page.full", count=self.cap))
        page = (
            f'<!DOCTYPE html><html lang="{cat.lang}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{RETRY_AFTER}"><title>{title}</title>'
            "<style>body{background:#0c181f;color:#eee;font-family:sans-serif;margin:0;"
            "display:flex;align-items:center;justify-content:center;height:100vh}"
            "main{max-width:40em;text-align:center}</style></head>"
            f"<body><main><h1>{title}</h1><p>{body}</p></main></body></html>"
        )
        return web.Response(
            text=page,
            status=503,
            content_type="text/html",
            headers={"Retry-After": str(RETRY_AFTER), "Cache-Control": "no-store"},
        )

    async def handle_websocket(  # type: ignore[override]  # (a class's stranger: a 403)
        self, request: web.Request
    ) -> web.StreamResponse:
        return await self._session_socket(request, text=False)

    async def handle_text_socket(self, request: web.Request) -> web.StreamResponse:
        return await self._session_socket(request, text=True)

    def _new_session(
        self, websocket: web.WebSocketResponse, student: Student | None, text: bool
    ) -> Session | TextSession:
        env = None if student is None or self.room is None else self.room.env(student)
        if text:

            async def say(line: str) -> None:
                await websocket.send_json(["line", line])

            return TextSession(
                self.lang,
                memory_limit=self.limits.memory_limit,
                folder_root=self.folder_root,
                say=say,
                extra_env=env,
                zygote=self.zygote,
            )
        return Session(
            self.lang,
            memory_limit=self.limits.memory_limit,
            folder_root=self.folder_root,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
            extra_env=env,
            zygote=self.zygote,
        )

    async def _session_socket(self, request: web.Request, *, text: bool) -> web.StreamResponse:
        """A session for a browser's socket: the app's, or (``text``) text mode's."""
        student = None
        if self.room is not None:  # a class: only its students, each recorded as themselves
            student = await self.room.student(request)
            if student is None:
                return self.room.forbidden()
            if self.room.online.get(student.id, 0) >= TABS_A_STUDENT:  # (the class's places)
                said = self.catalog("serve.page.too_many_tabs", count=TABS_A_STUDENT)
                return await guard.close_refused(request, said)  # (the page shows why)
        most = MAX_TEXT_MESSAGE if text else MAX_MESSAGE
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=most)
        await websocket.prepare(request)
        if self.full():
            log.warning(tr("serve.log.full", count=self.cap))
            reason = close_reason(self.catalog("serve.page.full_close"))
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=reason)
            return websocket
        width, height = size_from_query(request.query)
        try:
            session = self._new_session(websocket, student, text)
        except OSError as exc:  # no room for a session folder
            log.warning(f"{type(exc).__name__}: {exc}")
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER)
            return websocket
        self.sessions.add(session)
        self.sockets.add(websocket)
        watcher: asyncio.Task[None] | None = None
        try:
            if student is not None and self.room is not None:
                try:
                    await self.room.started(student)
                except sqlite3.Error as exc:  # (busy past its wait, or gone): said, and
                    log.warning(f"{type(exc).__name__}: {exc}")  # the student plays anyway
            await session.start(width, height)
            watcher = asyncio.create_task(self._watch(websocket, session))
            if isinstance(session, TextSession):
                await relay_lines(websocket, session, self.catalog("serve.text.busy"))
            else:
                await self._relay(websocket, session)
        except (OSError, RuntimeError) as exc:  # the process could not start, a broken pipe
            log.warning(f"{type(exc).__name__}: {exc}")
        finally:
            if watcher is not None:
                watcher.cancel()
            await session.end()
            self.sessions.discard(session)
            self.sockets.discard(websocket)
            if student is not None and self.room is not None:
                with contextlib.suppress(Exception):
                    await self.room.ended(student)
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, session: Session) -> None:
        """Pass the browser's keys, sizes and focus to the app; anything else is ignored."""
        loop = asyncio.get_running_loop()
        async for message in websocket:
            if message.type != WSMsgType.TEXT or session.exited.is_set():
                continue
            parsed = envelope(message.data)
            if parsed is None:
                continue
            kind, data = parsed
            if kind == "stdin" and isinstance(data, str):
                session.last_input = loop.time()
                await session.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize":
                size = size_from_message(data)
                if size is not None:
                    session.last_input = loop.time()
                    await session.set_terminal_size(*size)
            elif kind == "ping" and isinstance(data, str) and len(data) <= 64:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()

    async def _watch(
        self, websocket: web.WebSocketResponse, session: Session | TextSession
    ) -> None:
        """Close the browser's session when the app ends, or when nobody has typed for
        ``idle_timeout`` (then the app is ended too)."""
        loop = asyncio.get_running_loop()
        idle = self.limits.idle_timeout
        while not session.exited.is_set():
            left = None if idle is None else session.last_input + idle - loop.time()
            if left is not None and left <= 0:
                assert idle is not None
                log.info(tr("serve.log.idle", time=duration(idle)))
                reason = self.catalog("serve.page.idle_close", time=duration(idle, self.catalog))
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(
                        websocket.close(code=IDLE_CLOSE, message=close_reason(reason)), 5.0
                    )
                await session.end()
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(session.exited.wait(), left)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(), 5.0)

    def run(self, sockets: list[socket.socket]) -> None:
        """Serve on the listening ``sockets`` until Ctrl+C or SIGTERM."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self.request_exit)
        main = loop.create_task(
            guard.serve_forever(self._make_app(), sockets, self.guard, QUIT_GRACE_TOTAL)
        )
        try:
            loop.run_until_complete(main)
        except (web.GracefulExit, KeyboardInterrupt):  # (request_exit: Ctrl+C, SIGTERM)
            pass
        finally:
            main.cancel()  # its cleanup ends every session
            with contextlib.suppress(BaseException):
                loop.run_until_complete(main)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()


QUIT_GRACE_TOTAL = 10.0  # seconds the server waits for sessions to end when it stops


def kinds(cat: Catalog) -> list[tuple[str, str]]:
    """Every kind of game, its key and title (the teacher's challenge form)."""
    from squaregame.families import GAMES  # (a class's challenges only)
    from squaregame.text.games import kind_title

    return [(k.key, kind_title(k, (), cat)) for k in GAMES.kinds]


def serve(
    sockets: list[socket.socket],
    lang: str | None,
    limits: Limits | None = None,
    room: ClassConfig | None = None,
) -> None:
    ClassroomServer(lang, limits, room=room).run(sockets)

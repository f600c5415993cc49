"""A class served (``serve --class NAME``): students join with a name, the teacher watches.

- ``/`` asks a new student for a display name (``POST /join``: checked, unique in the class);
  the student's browser then keeps a secret cookie (HttpOnly, SameSite=Strict; only its
  hash is kept) and every session it opens records into the class as that student, and
  keeps the student's games, settings and lessons in their own folder
  (:func:`~squaregame.classroom.folders.student_folder`), so a reload loses nothing.
- ``/me`` is the student's own data, and nothing else: no route takes a student's id from
  a student.
- ``/teacher?token=…`` and everything under ``/teacher/`` need the teacher's secret (the
  query, or the ``X-Teacher-Token`` header the page sends), compared in constant time;
  without it they answer 403. The database is a file in the data folder, never under a
  static route.

The store's calls run on a worker thread, one at a time, so the server's event loop never
waits for the disk or for another process's write. Several servers (nodes) may serve one
class: who is online is every node's (:mod:`squaregame.classroom.presence`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import math
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from aiohttp import web

from squaregame.classroom import export
from squaregame.classroom.carry import Carry
from squaregame.classroom.challenges import describe
from squaregame.classroom.child import DB_ENV, STORE_ENV, STUDENT_ENV
from squaregame.classroom.pages import join_page, teacher_page
from squaregame.classroom.presence import Presence
from squaregame.classroom.store import ClassStore, Student, folded
from squaregame.classroom.stores import open_store
from squaregame.classroom.teacherdata import read_challenge, student_detail
from squaregame.classroom.views import ClassLive
from squaregame.classroom.wording import activity_text, ago, result_text
from squaregame.core.errors import GameError
from squaregame.text import Catalog, error_text, tr

R = TypeVar("R")
COOKIE = "squaregame_student"
TEACHER_COOKIE = "squaregame_teacher"
COOKIE_AGE = 30 * 86400  # seconds: the next lesson, the same student
FRESH = 0.25  # seconds a look at the class is reused for (many teachers' tabs: one look)
DATA_ENV = "SQUAREGAME_DATA_DIR"  # (squaregame.paths): a student's sessions share their folder
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
AWAY = {**NO_STORE, "Retry-After": "5"}  # (the store away: a 503)
AWAY_SAID_EVERY = 60.0  # seconds between the log's lines that the store is away
log = logging.getLogger("squaregame.serve")


@dataclass(frozen=True)
class ClassConfig:
    folder: Path  # the class store's folder (the data folder)
    name: str  # the class, as created
    token: str  # the teacher's secret
    store: str | None = None  # the class store's URL (None: the folder's SQLite file)


class ClassRoom:
    def __init__(self, config: ClassConfig, catalog: Catalog, kinds: list[tuple[str, str]]):
        self.config = config
        self.cat = catalog
        self.kinds = kinds  # (key, title) of every kind of game, for the challenge form
        self.store: ClassStore | None = None
        self.live: ClassLive | None = None
        self.online: dict[int, int] = {}  # student id → sessions open now on this node
        self._lock = asyncio.Lock()
        self.presence = Presence(self.call, config.name, self.online)  # (every node's)
        self.carry = Carry(self.call, config.folder, self.online)  # (students' own folders)
        self._looked = 0.0
        self._joined = False  # a student joined since the last look
        self._away_said = -math.inf  # when the log last said the store was away
        # cookies are the host's, whatever the port: each class's have names of its own
        tag = hashlib.sha256(folded(config.name).encode()).hexdigest()[:8]
        self.cookie, self.teacher_cookie = f"{COOKIE}_{tag}", f"{TEACHER_COOKIE}_{tag}"

    # -- the store, on a worker thread -------------------------------------------------------
    async def call(self, f: Callable[..., R], *args: Any) -> R:
        async with self._lock:
            return await asyncio.to_thread(f, *args)

    @web.middleware
    async def away(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """A store that is away (a database server restarting; its connection is made
        again on the next call) is a 503 for a request, in the class's language, and one
        line a minute in the log — never "internal error"."""
        try:
            return await handler(request)  # type: ignore[no-any-return]
        except sqlite3.OperationalError as exc:
            if time.monotonic() - self._away_said > AWAY_SAID_EVERY:
                self._away_said = time.monotonic()
                log.warning(tr("serve.log.store_away", why=f"{type(exc).__name__}: {exc}"))
            text = self.cat("serve.join.store_away")
            return web.Response(status=503, text=text, headers=AWAY)

    async def open(self) -> None:
        self.store = await self.call(open_store, self.config.store, self.config.folder)
        self.live = await self.call(ClassLive, self.store, self.config.name)
        self.presence.start(self.store)
        self.carry.start(self.store)

    async def close(self) -> None:
        await self.carry.stop()
        await self.presence.stop()
        if self.store is not None:
            await self.call(self.store.close)

    def env(self, student: Student) -> dict[str, str]:
        """What a session's process is told: where the class is, who it is for, and the
        student's own data folder (kept: their games and lessons outlive a reload)."""
        data = self.carry.folder(student)
        env = {DB_ENV: str(self.config.folder), STUDENT_ENV: str(student.id), DATA_ENV: str(data)}
        if self.config.store:
            env[STORE_ENV] = self.config.store
        return env

    async def started(self, student: Student) -> None:
        await self.carry.restore(student)  # (their folder as the last node left it)
        self.online[student.id] = self.online.get(student.id, 0) + 1
        assert self.store is not None
        await self.call(self.store.record, student.id, "session_started", {})
        self.presence.changed()

    async def ended(self, student: Student) -> None:
        left = self.online.get(student.id, 1) - 1
        if left > 0:
            self.online[student.id] = left
        else:
            self.online.pop(student.id, None)
        await self.carry.ended(student)
        assert self.store is not None
        await self.call(self.store.record, student.id, "session_ended", {})
        self.presence.changed()

    # -- who is asking -----------------------------------------------------------------------
    async def student(self, request: web.Request) -> Student | None:
        token = request.cookies.get(self.cookie, "")
        if not token or self.store is None:
            return None
        return await self.call(self.store.student_by_token, self.config.name, token)

    def teacher(self, request: web.Request) -> bool:
        """Is this the teacher? The secret in the ``X-Teacher-Token`` header, the query
        (the printed address) or the cookie the teacher's page was given (so a reload
        works), compared in constant time."""
        given = (
            request.headers.get("X-Teacher-Token")
            or request.query.get("token")
            or request.cookies.get(self.teacher_cookie)
            or ""
        )
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.config.token.encode())

    @staticmethod
    def same_origin(request: web.Request) -> bool:
        """A request a page of this server made (a browser says where a page came from:
        another site's page may not set a challenge, even where a cookie would go)."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # (not from a page: a script with the secret)
        return origin.split("://", 1)[-1] == request.host

    def forbidden(self) -> web.Response:
        return web.Response(status=403, text=self.cat("serve.teacher.forbidden"), headers=NO_STORE)

    # -- routes ------------------------------------------------------------------------------
    def routes(self) -> list[web.RouteDef]:
        return [
            web.post("/join", self.handle_join),
            web.get("/me", self.handle_me),
            web.get("/teacher", self.handle_teacher),
            web.get("/teacher/state", self.handle_state),
            web.get("/teacher/student/{id}", self.handle_student),
            web.post("/teacher/challenge", self.handle_challenge),
            web.post("/teacher/challenge/close", self.handle_close),
            web.get("/teacher/scoreboard.csv", self.handle_scoreboard),
            web.get("/teacher/scoreboard.md", self.handle_scoreboard),
        ]

    def join_form(
        self, said: str = "", name: str = "", status: int = 200, *, text: bool = False
    ) -> web.Response:
        """The join form (``text``: one that goes to text mode, Enter too)."""
        page = join_page(self.cat, self.config.name, said, name, text)
        return web.Response(text=page, status=status, content_type="text/html", headers=NO_STORE)

    async def handle_join(self, request: web.Request) -> web.StreamResponse:
        try:
            form = await request.post()
        except (ValueError, LookupError, UnicodeError):  # a charset nobody knows, and such
            return self.join_form(self.cat("serve.join.unreadable"), status=400)
        name = str(form.get("name", ""))[:200]
        # text mode: its button, or the text-mode form's hidden field (Enter in the name
        # field may post no button's value), unless the app's button was pressed
        chosen = form.getall("to", [])
        text = "text" in chosen and "app" not in chosen
        assert self.store is not None
        try:
            sid = await self.call(self.store.join, self.config.name, name)
        except GameError as exc:
            return self.join_form(error_text(exc, self.cat), name[:24], status=400, text=text)
        token = await self.call(self.store.issue_token, sid)
        self._looked, self._joined = 0.0, True  # (the next look reads the new student in)
        response = web.HTTPSeeOther("/text" if text else "/")
        response.set_cookie(
            self.cookie, token, max_age=COOKIE_AGE, httponly=True, samesite="Strict", path="/"
        )
        raise response

    async def handle_me(self, request: web.Request) -> web.StreamResponse:
        student = await self.student(request)
        if student is None:  # (a student's page: never the teacher's words)
            return web.Response(
                status=403, text=self.cat("serve.join.join_first"), headers=NO_STORE
            )
        assert self.live is not None
        await self.look(force=student.id not in self.live.students)
        detail = await self.call(student_detail, self.live, student.id, self.cat)
        return web.json_response(detail, headers=NO_STORE)

    async def handle_teacher(self, request: web.Request) -> web.StreamResponse:
        if not self.teacher(request):
            return self.forbidden()
        page = teacher_page(self.cat, self.config.name, self.kinds)
        response = web.Response(text=page, content_type="text/html", headers=NO_STORE)
        # HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it),
        # and only for the teacher's addresses
        response.set_cookie(
            self.teacher_cookie,
            self.config.token,
            httponly=True,
            samesite="Strict",
            path="/teacher",
        )
        return response

    async def look(self, force: bool = False) -> None:
        """Bring the class up to date (at most every :data:`FRESH` seconds)."""
        assert self.live is not None
        if not force and time.monotonic() - self._looked < FRESH:
            return
        new, self._joined = force or self._joined, False  # (someone new: the students read)
        await self.call(self.presence.refresh, self.live, set(self.online), new)
        self._looked = time.monotonic()

    async def handle_state(self, request: web.Request) -> web.StreamResponse:
        if not self.teacher(request):
            return self.forbidden()
        try:
            await self.look()
        except GameError as exc:  # the class was deleted while it was served
            return web.json_response({"error": error_text(exc, self.cat)}, status=410)
        # made on the worker, where the class's data is only ever touched
        state = await self.call(self.state)
        return web.json_response(state, headers=NO_STORE)

    def state(self) -> dict[str, Any]:
        assert self.live is not None
        cat, now = self.cat, time.time()
        rows = [
            {**r, "now": activity_text(r["activity"], cat), "ago": ago(r["last_active"], cat, now)}
            for r in self.live.rows()
        ]
        names = {st.id: st.name for st in self.live.students.values()}
        return {
            "class": self.live.name,
            "now": now,
            "online": sum(1 for r in rows if r["online"]),
            "rows": rows,
            "challenges": [
                {
                    "id": c.id,
                    "text": describe(c.spec, cat),
                    "student": names.get(c.student or 0),
                    "closed": c.closed is not None,
                }
                for c in self.live.challenges
            ],
            "scoreboard": [
                {k: r[k] for k in ("challenge", "student", "answered", "solved")}
                | {"result": result_text(r, cat)}
                for r in self.live.scoreboard()
            ],
        }

    async def handle_student(self, request: web.Request) -> web.StreamResponse:
        if not self.teacher(request):
            return self.forbidden()
        text = request.match_info["id"]
        sid = int(text) if re.fullmatch(r"[0-9]{1,12}", text) else -1
        assert self.live is not None
        await self.look(force=sid not in self.live.students)
        if sid not in self.live.students:
            return web.json_response(
                {"error": self.cat("serve.class.errors.no_student")}, status=404
            )
        detail = await self.call(student_detail, self.live, sid, self.cat)
        return web.json_response(detail, headers=NO_STORE)

    async def handle_challenge(self, request: web.Request) -> web.StreamResponse:
        if not self.teacher(request) or not self.same_origin(request):
            return self.forbidden()
        try:
            body = await request.json()  # (a JSON body: a form on another site cannot send it)
        except (ValueError, LookupError, UnicodeError, RecursionError):
            body = None
        if not isinstance(body, dict):
            return web.json_response(
                {"ok": False, "error": self.cat("serve.challenge.errors.form")}
            )
        try:
            spec, student = await asyncio.to_thread(read_challenge, body)  # (the tables)
            assert self.store is not None
            cid = await self.call(self.store.add_challenge, self.config.name, spec, student)
        except GameError as exc:
            return web.json_response({"ok": False, "error": error_text(exc, self.cat)})
        self._looked = 0.0
        return web.json_response({"ok": True, "id": cid, "text": describe(spec, self.cat)})

    async def handle_close(self, request: web.Request) -> web.StreamResponse:
        """The teacher closes a challenge (``{"id": 3}``): the students see its answer."""
        if not self.teacher(request) or not self.same_origin(request):
            return self.forbidden()
        try:
            body = await request.json()
        except (ValueError, LookupError, UnicodeError, RecursionError):
            body = None
        cid = body.get("id") if isinstance(body, dict) else None
        if type(cid) is not int or not 0 < cid < 2**62:
            return web.json_response(
                {"ok": False, "error": self.cat("serve.challenge.errors.form")}
            )
        assert self.store is not None
        closed = await self.call(self.store.close_challenge, self.config.name, cid)
        self._looked = 0.0
        return web.json_response({"ok": closed})

    async def handle_scoreboard(self, request: web.Request) -> web.StreamResponse:
        if not self.teacher(request):
            return self.forbidden()
        await self.look()
        assert self.live is not None
        if request.path.endswith(".csv"):
            text, kind = export.scoreboard_csv(self.live, self.cat), "text/csv"
        else:
            text, kind = export.scoreboard_markdown(self.live, self.cat), "text/markdown"
        return web.Response(text=text, content_type=kind, headers=NO_STORE)

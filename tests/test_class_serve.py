"""``serve --class``, in this test's event loop: who may see what (the teacher's secret, a
student's cookie), joining by name, a real student session whose moves reach the teacher's
view, and a challenge that reaches the student and comes back as a result."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import CLASS, MENU, TOKEN, Tab, class_room, classroom, eventually, until_true
from yarl import URL

from squaregame.classroom.room import ClassConfig
from squaregame.classroom.store import ClassStore
from squaregame.classroom.views import ClassLive


@pytest.fixture
def room(tmp_path: Path) -> ClassConfig:
    return class_room(tmp_path)


def teacher(token: str = TOKEN) -> dict[str, str]:
    return {"X-Teacher-Token": token}


async def join(http: aiohttp.ClientSession, url: str, name: str) -> int:
    async with http.post(f"{url}/join", data={"name": name}, allow_redirects=False) as r:
        return r.status


def test_the_teachers_pages_need_the_secret(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            assert server.room is not None
            stranger = aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar())  # no cookies
            for path in ("/teacher", "/teacher/state", "/teacher/student/1",
                         "/teacher/scoreboard.csv", "/teacher/scoreboard.md"):  # fmt: skip
                for headers in ({}, teacher("wrong"), teacher(TOKEN[:-1]), teacher(TOKEN + "x")):
                    async with stranger.get(url + path, headers=headers) as r:
                        assert r.status == 403, (path, headers)
                async with stranger.get(url + path, headers=teacher()) as r:
                    assert r.status in (200, 404), path  # (no student 1 yet)
            forged = {"Cookie": f"{server.room.teacher_cookie}={TOKEN[:-1]}y"}
            async with stranger.get(f"{url}/teacher/state", headers=forged) as r:
                assert r.status == 403
            async with stranger.post(f"{url}/teacher/challenge", json={"game": "nim"}) as r:
                assert r.status == 403
            await stranger.close()
            async with http.get(f"{url}/teacher?token={TOKEN}") as r:
                page = await r.text()
                assert r.status == 200 and r.headers["Referrer-Policy"] == "no-referrer"
                assert TOKEN not in page  # the page reads it from its address, not the server
                cookie = r.headers["Set-Cookie"]
                assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
                assert "Path=/teacher" in cookie
            async with http.get(f"{url}/teacher") as r:  # a reload: the page's cookie says it
                assert r.status == 200
            async with http.get(f"{url}/teacher/state") as r:
                assert r.status == 200
            async with http.get(f"{url}/classes.sqlite3") as r:
                assert r.status == 404  # the database is under no route
            async with http.get(f"{url}/static/../data/classes.sqlite3") as r:
                assert r.status in (403, 404)

    asyncio.run(main())


def test_joining_by_name_and_a_student_sees_only_their_own(
    tmp_path: Path, room: ClassConfig
) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            assert server.room is not None
            async with http.get(url + "/") as r:  # a stranger gets the form, not the app
                page = await r.text()
                assert "Join the class 7B maths" in page and "websocket-url" not in page
            async with http.get(url + "/me") as r:
                assert r.status == 403
            async with http.post(f"{url}/join", data={"name": "<b>x</b>"}) as r:
                page = await r.text()
                assert r.status == 400 and "<b>" not in page and "&lt;" in page
            assert await join(http, url, "Ana") == 303
            assert http.cookie_jar.filter_cookies(URL(url))[server.room.cookie].value
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as bo:
                async with bo.post(f"{url}/join", data={"name": "ANA"}) as r:
                    assert r.status == 400 and "already taken" in await r.text()
                assert await join(bo, url, "Bo") == 303
                async with bo.get(url + "/me") as r:
                    assert (await r.json())["name"] == "Bo"
                for path in ("/teacher/state", "/teacher/student/1", "/teacher"):
                    async with bo.get(url + path) as r:
                        assert r.status == 403  # a student's cookie opens no teacher page
                async with bo.get(url + "/me?student=1&id=1") as r:
                    assert (await r.json())["name"] == "Bo"  # no route takes another's id
            async with http.get(url + "/") as r:
                assert "data-session-websocket-url" in await r.text()
            async with http.get(url + "/me") as r:
                assert (await r.json())["name"] == "Ana"

    asyncio.run(main())


def test_a_socket_without_a_students_cookie_is_refused(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{url}/ws")
            assert refused.value.status == 403 and not server.sessions

    asyncio.run(main())


def test_a_student_plays_when_the_class_database_is_too_busy_to_say_so(
    tmp_path: Path, room: ClassConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server could not record "session started" (the database busy past its wait):
    the student's session opens all the same."""
    record = ClassStore.record

    def locked(self: ClassStore, student: int, kind: str, *args: object) -> None:
        if kind == "session_started":
            raise sqlite3.OperationalError("database is locked")
        record(self, student, kind, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ClassStore, "record", locked)

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            assert await join(http, url, "Ana") == 303
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                tab = await Tab(ws).open()
                await tab.until(MENU)

    asyncio.run(main())


def test_challenges_are_checked_and_kept(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):

            async def post(body: object) -> dict[str, object]:
                async with http.post(f"{url}/teacher/challenge", json=body, headers=teacher()) as r:
                    return dict(await r.json())

            cold = await post({"game": "squares", "position": "12", "ask": "win"})
            assert cold["ok"] is False and "12 is cold" in str(cold["error"])
            bad = await post({"game": "squares", "position": "", "ask": "win"})
            assert bad["ok"] is False
            hostile = await post({"game": "'; DROP TABLE events; --", "position": "5"})
            assert hostile["ok"] is False
            got = await post({"game": "sum", "position": "5 7 10", "rules": "squares",
                              "ask": "moves"})  # fmt: skip
            assert got["ok"] is True and "every winning move" in str(got["text"])
            got = await post({"game": "wythoff", "position": "7, 9", "ask": "grundy"})
            assert got["ok"] is True
            mixed = await post({"game": "sum", "position": "squares:10 wythoff:3,5 kayles:7",
                                "ask": "win", "helps": True})  # fmt: skip
            assert mixed["ok"] is True and "allowed" in str(mixed["text"]), mixed
            async with http.post(
                f"{url}/teacher/challenge/close", json={"id": 2}, headers=teacher()
            ) as r:
                assert (await r.json())["ok"] is True
            async with http.post(f"{url}/teacher/challenge/close", json={"id": 2}) as r:
                assert r.status == 403  # (the teacher's only)
            async with http.get(f"{url}/teacher/state", headers=teacher()) as r:
                state = await r.json()
            assert [c["id"] for c in state["challenges"]] == [1, 2, 3]
            assert [c["closed"] for c in state["challenges"]] == [False, True, False]

    asyncio.run(main())


def test_a_students_moves_and_answer_reach_the_teacher(tmp_path: Path, room: ClassConfig) -> None:
    """A real session: the student plays a blunder; the teacher's view shows it with the
    move that would have won; a challenge set then reaches the student as a notice, F2
    opens it, and the answer is on the scoreboard."""

    async def state(http: aiohttp.ClientSession, url: str) -> dict[str, object]:
        async with http.get(f"{url}/teacher/state", headers=teacher()) as r:
            return dict(await r.json())

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            assert await join(http, url, "Ana") == 303
            async with http.ws_connect(f"{url}/ws?width=80&height=24") as ws:
                s = await Tab(ws).open()
                await s.squares_from(30)
                await s.keys("4\r")  # 30 → 26: a blunder (take 25 wins)
                seen: dict[str, object] = {}

                async def blundered() -> bool:
                    seen.update(await state(http, url))
                    rows = seen["rows"]
                    return bool(rows) and rows[0]["blunders"] == 1  # type: ignore[index]

                await until_true(blundered, "the blunder in the teacher's view")
                row = seen["rows"][0]  # type: ignore[index]
                assert row["name"] == "Ana" and row["online"] is True
                async with http.get(f"{url}/teacher/student/{row['id']}", headers=teacher()) as r:
                    detail = await r.json()
                assert "take 25 would have won" in detail["mistakes"][0]["text"]
                assert detail["chart"][0] > 0  # before the blunder, Ana was winning
                async with http.post(
                    f"{url}/teacher/challenge",
                    json={"game": "nim", "position": "5", "ask": "grundy"},
                    headers=teacher(),
                ) as r:
                    assert (await r.json())["ok"] is True
                await s.until("F2", 30)
                await s.keys("\x1bOQ")  # F2
                await s.until("Grundy value", 30)
                await asyncio.sleep(0.3)
                await s.keys("5\r")
                await s.until("Right!", 30)

                async def answered() -> bool:
                    seen.update(await state(http, url))
                    board = seen["scoreboard"]
                    return bool(board) and board[0]["answered"]  # type: ignore[index]

                await until_true(answered, "the answer on the scoreboard")
                assert seen["scoreboard"][0]["solved"] is True  # type: ignore[index]
                async with http.get(f"{url}/teacher/scoreboard.csv", headers=teacher()) as r:
                    csv_text = await r.text()
                assert "Ana" in csv_text and "grundy" in csv_text

    asyncio.run(main())
    store = ClassStore.open(room.folder)
    live = ClassLive(store, CLASS)
    live.refresh()
    kinds = [e.kind for e in store.class_events(CLASS)]
    store.close()
    assert kinds[0] == "session_started" and kinds[-1] == "session_ended"
    assert {"game_started", "move", "challenge"} <= set(kinds)


def test_the_state_is_json_with_names_as_data(tmp_path: Path, room: ClassConfig) -> None:
    store = ClassStore.open(room.folder)
    store.join(CLASS, "O'Brien")
    store.close()

    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (_server, url, http):
            async with http.get(f"{url}/teacher/state", headers=teacher()) as r:
                text = await r.text()
            assert json.loads(text)["rows"][0]["name"] == "O'Brien"

    asyncio.run(main())


@pytest.mark.skipif(
    shutil.which("chromium") is None and not os.environ.get("SQUAREGAME_CI"),
    reason="Debian's chromium is not installed (in CI it is: .ci/run installs it)",
)
def test_the_teachers_view_in_a_real_browser(tmp_path: Path, room: ClassConfig) -> None:
    """Headless Chromium runs the page's script: the grid, a student's detail (opened by
    ``#student=N``) with the mistake and its winning move, names drawn as text."""
    store = ClassStore.open(room.folder)
    ana = store.join(CLASS, "O'Brien")
    store.record(ana, "game_started", {"key": "g", "game": "Squares", "start": "30"})
    move = {"key": "g", "n": 1, "human": True, "verdict": "blunder", "outcome": "hot"}
    store.record(ana, "move", move | {"remoteness": 3, "move": "take 4 → 26", "best": ["take 25"]})
    store.close()
    shot = Path(os.environ.get("SQUAREGAME_SCREENSHOT_DIR", tmp_path)) / "teacher-view.png"
    shot.parent.mkdir(parents=True, exist_ok=True)

    async def main() -> str:
        async with classroom(tmp_path / "s", room) as (_server, url, _http):
            page = f"{url}/teacher?token={TOKEN}#student={ana}"
            profile = f"--user-data-dir={tmp_path / 'profile'}"
            common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                      profile, "--virtual-time-budget=5000"]  # fmt: skip
            dump = await asyncio.create_subprocess_exec(
                "chromium", *common, "--dump-dom", page,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            out, _ = await asyncio.wait_for(dump.communicate(), 120)
            picture = await asyncio.create_subprocess_exec(
                "chromium", *common, "--window-size=1300,1000", f"--screenshot={shot}", page,
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            await asyncio.wait_for(picture.wait(), 120)
            return out.decode("utf-8", "replace")

    dom = asyncio.run(main())
    assert "<td>playing Squares (1 move)</td>" in dom
    assert "O'Brien" in dom and "1 of 1 online" not in dom
    assert "take 25 would have won" in dom and "Set a challenge" in dom
    assert TOKEN not in dom
    assert shot.is_file() and shot.stat().st_size > 20_000
    print(f"\nthe teacher's view in a real browser: {shot}")


def test_the_caps_hold_with_a_class(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room, max_sessions=1) as (server, url, http):
            assert await join(http, url, "Ana") == 303
            first = await http.ws_connect(f"{url}/ws")
            await eventually(lambda: len(server.sessions) == 1, what="Ana's session")
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as bo:
                assert await join(bo, url, "Bo") == 303
                async with bo.get(url + "/") as r:
                    assert r.status == 503  # the class is full: the polite page
                async with bo.ws_connect(f"{url}/ws") as ws:
                    msg = await ws.receive()
                    assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 1013
            await first.close()

    asyncio.run(main())


def test_odd_input_is_answered_never_a_server_error(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            bad_charset = {"Content-Type": "application/x-www-form-urlencoded; charset=bogus"}
            async with http.post(f"{url}/join", data=b"name=x", headers=bad_charset) as r:
                assert r.status == 400
            odd_bodies = [
                "[" * 60_000,  # (under the body cap: test_serve_guard has one over it)
                '{"game": "squares", "position": "75", "student": 99999999999999999999999}',
                '{"game": "squares", "position": "75", "student": true}',
                '{"game": "squares", "position": "75", "student": 1e400}',
                '{"game": "squares", "position": "1e999"}',
                '{"game": ["squares"], "position": null, "rules": {"a": 1}}',
            ]
            for body in odd_bodies:
                headers = {**teacher(), "Content-Type": "application/json"}
                async with http.post(f"{url}/teacher/challenge", data=body, headers=headers) as r:
                    assert r.status == 200, body[:40]
                    assert (await r.json())["ok"] is False, body[:40]
            for sid in ("%C2%B2", "9" * 5000, "-1", "abc"):
                async with http.get(f"{url}/teacher/student/{sid}", headers=teacher()) as r:
                    assert r.status == 404, sid[:10]
            elsewhere = {**teacher(), "Origin": "http://evil.example"}
            body = {"game": "squares", "position": "75"}
            async with http.post(f"{url}/teacher/challenge", json=body, headers=elsewhere) as r:
                assert r.status == 403  # another site's page may not set a challenge
            assert server.room is not None and server.room.store is not None
            assert server.room.store.challenges(CLASS) == []

    asyncio.run(main())


def test_one_student_cannot_take_every_place(tmp_path: Path, room: ClassConfig) -> None:
    async def main() -> None:
        async with classroom(tmp_path / "s", room) as (server, url, http):
            assert await join(http, url, "Ana") == 303
            assert server.room is not None
            ana = next(iter(server.room.store.students(CLASS))).id  # type: ignore[union-attr]
            server.room.online[ana] = 3  # (three tabs of hers open)
            async with http.ws_connect(f"{url}/ws") as refused:  # closed at once, with why
                closing = await refused.receive(timeout=30)
            assert closing.type == aiohttp.WSMsgType.CLOSE, closing
            assert closing.data == aiohttp.WSCloseCode.TRY_AGAIN_LATER
            assert "tabs of this class open already" in closing.extra and not server.sessions

    asyncio.run(main())

"""Several real ``serve --class`` processes (nodes) on one data folder: a node killed with
kill -9 loses no committed event and its student carries on on another node; and Debian's
nginx, configured with the very text of docs/teaching.md, in front of two nodes (a join, a
session's websocket and the teacher's state through the proxy)."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import MENU, Tab, free_port, until_true, wait_listening

from squaregame.classroom import presence
from squaregame.classroom.store import ClassStore

pytestmark = pytest.mark.slow
CLASS = "7B maths"
ROOT = Path(__file__).resolve().parents[1]
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
)


@dataclass
class Node:
    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


class School:
    """Nodes of one class on one data folder, with one teacher's secret file."""

    def __init__(self, tmp: Path) -> None:
        self.tmp, self.data, self.secret = tmp, tmp / "data", tmp / "teacher.txt"
        self.nodes: list[Node] = []

    def start(self) -> Node:
        port = free_port()
        log = self.tmp / f"node-{port}.log"
        env = {
            **os.environ,
            "SQUAREGAME_DATA_DIR": str(self.data),
            "SQUAREGAME_CACHE_DIR": str(self.tmp / "cache"),
            "PYTHONPATH": str(ROOT),
        }
        serve = ["serve", "--class", CLASS, "--port", str(port)]
        argv = [sys.executable, "-m", "squaregame", *serve, "--trust-proxy", "127.0.0.1"]
        with open(log, "wb") as out:  # (the child keeps its own descriptor)
            proc = subprocess.Popen([*argv, "--teacher-token", str(self.secret)], stdout=out,
                                    stderr=out, env=env)  # fmt: skip
        wait_listening(port, proc, log)
        node = Node(port, proc, log)
        self.nodes.append(node)
        return node

    @property
    def token(self) -> str:
        return self.secret.read_text().strip()

    def stop(self) -> None:
        for node in self.nodes:
            if node.proc.poll() is None:
                node.proc.terminate()
                try:
                    node.proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    node.proc.kill()
                    node.proc.wait()

    def events(self) -> list[tuple[int, str]]:
        store = ClassStore.open(self.data, set_aside=False)
        try:
            return [(e.id, e.kind) for e in store.class_events(CLASS)]
        finally:
            store.close()


@pytest.fixture
def school(tmp_path: Path) -> Iterator[School]:
    s = School(tmp_path)
    yield s
    s.stop()
    for node in s.nodes:
        assert "Traceback" not in node.log.read_text(), node.log.read_text()[-2000:]


async def state(http: aiohttp.ClientSession, url: str, token: str) -> dict[str, object]:
    async with http.get(f"{url}/teacher/state", headers={"X-Teacher-Token": token}) as r:
        assert r.status == 200
        return dict(await r.json())


def ana_online(rows: object) -> bool | None:
    for row in rows:  # type: ignore[attr-defined]
        if row["name"] == "Ana":
            return bool(row["online"])
    return None


def test_a_node_killed_mid_class_loses_nothing_and_its_student_goes_on(
    school: School,
) -> None:
    one, two = school.start(), school.start()  # (two nodes of one class: both run)
    token = school.token

    async def main() -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            async with http.post(f"{one.url}/join", data={"name": "Ana"}) as r:
                assert r.status == 200 and "data-session-websocket-url" in await r.text()

            async def seen_on_two() -> bool:
                return ana_online((await state(http, two.url, token))["rows"]) is False

            await until_true(seen_on_two, "Ana (joined on node 1) in node 2's view")
            ws = await http.ws_connect(f"{one.url}/ws?width=80&height=24")
            s = await Tab(ws).open()
            await s.squares_from(30)
            await s.keys("4\r")  # 30 → 26: a move, recorded
            typed = [asyncio.get_running_loop().time()]

            async def moved() -> bool:
                if any(k == "move" for _i, k in school.events()):
                    return True
                if asyncio.get_running_loop().time() - typed[0] > 5:  # (a loaded machine:
                    await s.keys("4\r")  # the key came before the game took keys)
                    typed[0] = asyncio.get_running_loop().time()
                return False

            await until_true(moved, "Ana's move in the class store")

            async def online_on_two() -> bool:
                return ana_online((await state(http, two.url, token))["rows"]) is True

            await until_true(online_on_two, "Ana (a session on node 1) online in node 2's view")
            before = school.events()
            os.kill(one.proc.pid, signal.SIGKILL)
            one.proc.wait(timeout=30)
            await ws.close()
            after = school.events()
            assert after[: len(before)] == before  # every committed event is still there

            async def gone_on_two() -> bool:
                return ana_online((await state(http, two.url, token))["rows"]) is False

            await until_true(gone_on_two, "node 1's stale presence no longer counted")
            store = ClassStore.open(school.data, set_aside=False)
            live = [label for _n, label, _s in store.nodes(CLASS, presence.Presence.since())]
            store.close()
            assert [label.rsplit(":", 1)[1] for label in live] == [str(two.proc.pid)]
            # the same cookie on node 2: the same student, their earlier events
            async with http.get(f"{two.url}/me") as r:
                me = await r.json()
            assert me["name"] == "Ana", me
            # her move from node 1, committed before the kill, read on node 2
            took = [m for m in me["moves"] if m["human"] and m["move"].startswith("take 4 → ")]
            assert took, me["moves"]  # (from 30; from more if a key came early, on a busy day)
            async with http.ws_connect(f"{two.url}/ws?width=80&height=24") as ws2:
                s2 = await Tab(ws2).open()
                await s2.until(MENU, 60)
                await until_true(online_on_two, "Ana online again, on node 2")
        kinds = [k for _i, k in school.events()]
        assert kinds.count("session_started") == 2  # (one on each node), as Ana both times

    asyncio.run(main())


# -- the reverse proxy of docs/teaching.md ------------------------------------------------
def docs_config() -> str:
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- nginx-config -->\n```nginx\n(.*?)```\n<!-- /nginx-config -->", text, re.S)
    assert m is not None, "docs/teaching.md has no nginx config between its markers"
    return m.group(1)


def nginx_config(tmp: Path, listen: int, nodes: list[int]) -> str:
    """The docs' config with this test's ports, inside a main file of its own (pid, logs,
    temp folders in ``tmp``)."""
    site = docs_config()
    ports = re.findall(r"server 127\.0\.0\.1:(\d+);", site)
    assert len(ports) >= 2 and "listen 8080;" in site
    lines = [line for line in site.splitlines() if not re.search(r"server 127\.0\.0\.1:", line)]
    upstream = lines.index("upstream squaregame {")
    keep = [line for line in lines[upstream + 1 :] if line.strip().startswith(("least", "ip_"))]
    body = [f"    server 127.0.0.1:{p};" for p in nodes]
    lines[upstream + 1 : upstream + 1 + len(keep)] = keep + body
    site = "\n".join(lines).replace("listen 8080;", f"listen 127.0.0.1:{listen};")
    temps = "\n".join(
        f"    {kind}_temp_path {tmp / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root root;\n" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""
    return (
        f"{user}worker_processes 1;\npid {tmp / 'nginx.pid'};\nerror_log {tmp / 'error.log'};\n"
        f"events {{ worker_connections 256; }}\nhttp {{\n    access_log {tmp / 'access.log'};\n"
        f"{temps}\n{site}\n}}\n"
    )


@pytest.mark.skipif(
    NGINX is None and not os.environ.get("SQUAREGAME_CI"),
    reason="Debian's nginx is not installed (apt-get install nginx)",
)
def test_two_nodes_behind_the_docs_nginx(school: School, tmp_path: Path) -> None:
    assert NGINX is not None, "nginx is needed in CI (apt-get install nginx)"
    one, two = school.start(), school.start()
    token = school.token
    proxy_dir = tmp_path / "nginx"
    proxy_dir.mkdir()
    port = free_port()
    conf = proxy_dir / "nginx.conf"
    conf.write_text(nginx_config(proxy_dir, port, [one.port, two.port]))
    log = proxy_dir / "stderr.log"
    with open(log, "wb") as out:
        nginx = subprocess.Popen(
            [NGINX, "-p", str(proxy_dir), "-c", str(conf), "-g", "daemon off;"],
            stdout=out, stderr=out,
        )  # fmt: skip
    try:
        wait_listening(port, nginx, log)  # type: ignore[arg-type]
        proxied = f"http://127.0.0.1:{port}"

        async def main() -> None:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
                async with http.post(f"{proxied}/join", data={"name": "Ana"}) as r:
                    page = await r.text()
                # the page's socket is the proxy's address (the Host header passed on)
                assert r.status == 200 and f"ws://127.0.0.1:{port}/ws" in page
                seen = [await state(http, u, token) for u in (proxied, one.url, two.url)]
                assert all(ana_online(s["rows"]) is False for s in seen)
                async with http.ws_connect(f"{proxied}/ws?width=80&height=24") as ws:
                    s = await Tab(ws).open()
                    await s.until(MENU, 60)
                    for url in (proxied, one.url, two.url):  # (whichever node answers)

                        async def online(url: str = url) -> bool:
                            return ana_online((await state(http, url, token))["rows"]) is True

                        await until_true(online, f"Ana online, asked at {url}")
                    # a teacher's page behind the proxy may set a challenge (same origin)
                    async with http.post(
                        f"{proxied}/teacher/challenge",
                        json={"game": "nim", "position": "5", "ask": "grundy"},
                        headers={"X-Teacher-Token": token, "Origin": proxied},
                    ) as r:
                        assert r.status == 200 and (await r.json())["ok"] is True
                    await s.until("F2", 30)  # (on whichever node her session is)

        asyncio.run(main())
    finally:
        nginx.send_signal(signal.SIGQUIT)
        try:
            nginx.wait(timeout=20)
        except subprocess.TimeoutExpired:
            nginx.kill()
            nginx.wait()
    assert "[emerg]" not in (proxy_dir / "error.log").read_text()

"""``squaregame serve``'s command line: every host or port problem is one line and status 2,
found before "open http://…" is printed; odd but valid hosts work and print a usable URL;
the limits are flags. And the session folders a killed server leaves are swept."""

from __future__ import annotations

import errno
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from serve_helpers import alive, free_port

from squaregame.classroom import server as classroom_server
from squaregame.classroom.folders import GRACE, LOCK, SessionFolder, sweep
from squaregame.classroom.server import Limits
from squaregame.cli import serve_net
from squaregame.cli.main import main
from squaregame.cli.serve import parse_duration, parse_memory

DAY = 24 * 3600


def _has_ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


IPV6 = pytest.mark.skipif(not _has_ipv6(), reason="no IPv6 loopback here")


class Served(list[dict[str, Any]]):
    """What would have been served; ``checks`` run while the sockets are still bound."""

    def __init__(self) -> None:
        super().__init__()
        self.checks: list[Any] = []


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Served:
    """Serving replaced by a record of what would be served."""
    calls = Served()

    def fake(
        sockets: list[socket.socket], lang: str | None, limits: Limits, room: object = None
    ) -> None:
        calls.append(
            {"addresses": [s.getsockname()[:2] for s in sockets], "limits": limits, "room": room}
        )
        for check in calls.checks:
            check(sockets)

    monkeypatch.setattr(classroom_server, "serve", fake)
    return calls


def _fail(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``serve args``: it must fail with status 2 and one line, before any 'open'."""
    assert main(["serve", *args]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1, err
    assert "open http" not in err and "Traceback" not in err
    assert len(err) < 300, err
    return err


def test_a_busy_port_is_one_line(capsys: pytest.CaptureFixture[str], served: Served) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        assert "already in use" in _fail(capsys, "--port", port)
        assert "already in use" in _fail(capsys, "--host", "localhost", "--port", port)
    assert not served


def test_an_address_not_on_this_machine_is_one_line(
    capsys: pytest.CaptureFixture[str], served: Served
) -> None:
    with socket.socket() as s:
        try:
            s.bind(("10.255.255.1", 0))
            pytest.skip("this machine has 10.255.255.1")
        except OSError as exc:
            assert exc.errno == errno.EADDRNOTAVAIL
    assert "not an address of this machine" in _fail(capsys, "--host", "10.255.255.1")
    assert "not a valid IPv4 address" in _fail(capsys, "--host", "300.1.1.1")  # no DNS asked
    assert "not a valid IPv4 address" in _fail(capsys, "--host", "1.2.3.4.5")
    assert not served


def test_a_name_that_does_not_resolve_is_one_line(
    capsys: pytest.CaptureFixture[str], served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_such_name(host: str, port: int) -> list[tuple[int, str]]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(serve_net, "_getaddrinfo", no_such_name)  # no DNS in tests
    err = _fail(capsys, "--host", "no-such-host.invalid")
    assert "neither an address nor a name this machine can resolve" in err

    def hangs(host: str, port: int) -> list[tuple[int, str]]:
        time.sleep(30)
        return []

    monkeypatch.setattr(serve_net, "_getaddrinfo", hangs)  # a broken resolver: no hang
    monkeypatch.setattr(serve_net, "RESOLVE_TIMEOUT", 0.2)
    start = time.monotonic()
    assert "neither an address nor a name" in _fail(capsys, "--host", "slow.example")
    assert time.monotonic() - start < 10  # a hang guard, not a timing
    assert not served


def test_long_or_hostile_values_are_never_echoed_whole(
    capsys: pytest.CaptureFixture[str], served: Served
) -> None:
    long = "h" * 5000
    for args in (
        ["--host", long],
        ["--host", "a\nb"],
        ["--host", "[" + "x" * 300 + "]"],
        ["--idle-timeout", "9" * 5000],
        ["--memory-limit", "z" * 5000],
        ["--max-sessions", "7" * 5000],
        ["--port", "1" * 5000],
    ):
        err = _fail(capsys, *args)
        assert "h" * 61 not in err and "9" * 61 not in err and "z" * 61 not in err
    assert not served


def test_the_limits_are_flags_checked_before_serving(
    capsys: pytest.CaptureFixture[str], served: Served
) -> None:
    port = str(free_port())
    for args in (
        ["--max-sessions", "0"],
        ["--max-sessions", "-3"],
        ["--idle-timeout", "abc"],
        ["--idle-timeout=-5m"],
        ["--idle-timeout", "8d"],
        ["--memory-limit", "10M"],
        ["--memory-limit", "5T"],
        ["--port", "0"],
        ["--port", "65536"],
    ):
        _fail(capsys, "--port", port, *args)
    assert not served
    flags = ["--max-sessions", "3", "--idle-timeout", "90s", "--memory-limit", "512M"]
    assert main(["serve", "--port", port, *flags]) == 0
    assert served[-1]["limits"] == Limits(3, 90.0, 512 * 2**20)
    assert main(["serve", "--port", port, "--idle-timeout", "0", "--memory-limit", "0"]) == 0
    assert served[-1]["limits"] == Limits(None, None, None)
    assert main(["serve", "--port", port]) == 0
    assert served[-1]["limits"] == Limits(None, 1800.0, 2**30)  # the defaults (None: memory's)


def test_durations_and_sizes() -> None:
    assert [parse_duration(t) for t in ("30m", "90s", "1.5h", "2", "0", " 45 S ")] == [
        1800.0,
        90.0,
        5400.0,
        120.0,
        None,
        45.0,
    ]
    assert [parse_memory(t) for t in ("1G", "800M", "800MB", "1024", "0", "2g")] == [
        2**30,
        800 * 2**20,
        800 * 2**20,
        2**30,
        None,
        2 * 2**30,
    ]


def _connectable(url: str) -> None:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    assert parts.hostname and parts.port
    with socket.create_connection((parts.hostname, parts.port), timeout=5):
        pass


def _open_urls(err: str) -> list[str]:
    return [w.rstrip(";") for w in err.split() if w.startswith("http://")]


@pytest.mark.parametrize(
    ("host", "bound"),
    [
        ("127.1", "127.0.0.1"),
        ("127.0.0.2", "127.0.0.2"),
        ("::ffff:127.0.0.1", "127.0.0.1"),
        pytest.param("[::1]", "::1", marks=IPV6),
        pytest.param("::1", "::1", marks=IPV6),
    ],
)
def test_loopback_spellings_serve_without_a_warning(
    host: str, bound: str, capsys: pytest.CaptureFixture[str], served: Served
) -> None:
    port = free_port()
    assert main(["serve", "--host", host, "--port", str(port)]) == 0
    err = capsys.readouterr().err
    assert "warning" not in err, err
    assert served[-1]["addresses"] == [(bound, port)]
    shown = f"[{bound}]" if ":" in bound else bound
    assert _open_urls(err) == [f"http://{shown}:{port}/"], err


@pytest.mark.parametrize("host", ["0.0.0.0", pytest.param("::", marks=IPV6)])
def test_every_address_warns_and_prints_urls_that_work(
    host: str, capsys: pytest.CaptureFixture[str], served: Served
) -> None:
    port = free_port()
    urls: list[str] = []

    def connect(sockets: list[socket.socket]) -> None:  # while the sockets listen
        urls.extend(_open_urls(capsys.readouterr().err))
        for url in urls:
            if "127.0.0.1" in url or "[::1]" in url:
                _connectable(url)

    served.checks.append(connect)
    assert main(["serve", "--host", host, "--port", str(port)]) == 0
    assert urls and urls[0] == f"http://127.0.0.1:{port}/"
    assert not any(":::" in u or "0.0.0.0" in u or "[::]" in u for u in urls), urls


def test_in_a_real_process_a_busy_port_is_one_line_and_status_2(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        for host in ("127.0.0.1", "10.255.255.1", "[::1]x", "h" * 5000):
            res = subprocess.run(
                [sys.executable, "-m", "squaregame", "serve", "--host", host, "--port", port],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert res.returncode == 2, (host[:20], res.stderr)
            assert res.stderr.count("\n") == 1 and "Traceback" not in res.stderr, res.stderr
            assert not res.stdout


# ---- session folders left behind ------------------------------------------------------


def _age(path: Path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t), follow_symlinks=False)


def _hold(folder: Path) -> subprocess.Popen[bytes]:
    """A process holding ``folder``'s lock, as a live session's process does."""
    import fcntl

    fd = os.open(folder / LOCK, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], pass_fds=(fd,))
    os.close(fd)  # only the child holds it now
    return child


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_the_sweep_removes_only_folders_no_live_session_owns(tmp_path: Path) -> None:
    def new_style(name: str, lock_age: float) -> Path:
        folder = tmp_path / f"squaregame-session-{name}"
        (folder / "data").mkdir(parents=True)
        (folder / "data" / "game.json").write_text("{}")
        (folder / LOCK).touch()
        _age(folder / LOCK, lock_age)
        return folder

    def old_style(name: str, age: float) -> Path:  # SQUAREGAME_EPHEMERAL's kind
        folder = tmp_path / f"squaregame-session-{name}"
        folder.mkdir()
        (folder / "game.json").write_text("{}")
        _age(folder / "game.json", age)
        _age(folder, age)
        return folder

    dead = new_style("dead", 2 * GRACE)
    live = new_style("live", 2 * GRACE)
    young = new_style("young", 0)  # maybe being made right now: its lock comes next
    stale = old_style("stale", DAY + 60)
    recent = old_style("recent", DAY - 600)
    other = tmp_path / "other-folder"
    other.mkdir()
    _age(other, 2 * DAY)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep").write_text("x")
    link = tmp_path / "squaregame-session-link"
    link.symlink_to(outside)
    holder = _hold(live)
    try:
        removed = sweep(tmp_path)
        assert sorted(removed) == sorted([dead, stale])
        assert not dead.exists() and not stale.exists()
        assert live.is_dir() and (live / "data" / "game.json").exists()
        assert young.is_dir() and recent.is_dir() and other.is_dir()
        assert link.is_symlink() and (outside / "keep").exists()
    finally:
        holder.kill()
        holder.wait()
    assert sweep(tmp_path) == [live]  # its session's process is gone now


@pytest.mark.skipif(sys.platform == "win32", reason="flock")
def test_a_live_session_folder_cannot_be_swept(tmp_path: Path) -> None:
    folder = SessionFolder(tmp_path)
    try:
        _age(folder.path / LOCK, 2 * DAY)
        _age(folder.path, 2 * DAY)
        assert sweep(tmp_path) == [] and folder.data.is_dir()
    finally:
        folder.remove()
    assert not folder.path.exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="dies with its parent: Linux")
def test_a_killed_server_takes_its_sessions_along_and_the_next_one_sweeps(
    tmp_path: Path,
) -> None:
    """kill -9 of the server: the session's process dies too (it outlived the server
    before), its folder stays; the next server sweeps it at start."""
    import asyncio

    import aiohttp
    from serve_helpers import MENU, Tab, eventually, session_folders

    env = {**os.environ, "TMPDIR": str(tmp_path)}

    def start() -> tuple[subprocess.Popen[bytes], int]:
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "squaregame", "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return proc, port
            except OSError:
                time.sleep(0.05)
        proc.kill()
        raise AssertionError("the server never listened")

    def children(pid: int) -> list[int]:
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
        return found

    async def main() -> None:
        server, port = start()
        sessions: list[int] = []
        try:
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")
                await (await Tab(ws).open()).until(MENU)
                sessions[:] = children(server.pid)
                [session] = sessions
                [folder] = session_folders(tmp_path)
                os.kill(server.pid, signal.SIGKILL)
                server.wait()
                await eventually(lambda: not alive(session), what="the session died too")
                await ws.close()
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()
            for pid in sessions:  # if it outlived its server (the test then fails), end it
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)
        assert folder.is_dir()  # nobody was left to remove it
        _age(folder / LOCK, 2 * GRACE)
        again, _port = start()
        try:
            await eventually(lambda: not folder.exists(), what="swept at the next start")
        finally:
            again.send_signal(signal.SIGTERM)
            again.wait(timeout=30)

    asyncio.run(main())

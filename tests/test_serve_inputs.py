"""``serve``'s inputs are all checked before anything is written: a bad host, port, limit,
class name or teacher's token file is one line and status 2, and the data folder is as it
was — no class file made, no lock taken. A token file is read only if it is a small regular
file: a FIFO, a device or a directory never blocks the server or fills its memory."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("aiohttp")

from serve_helpers import free_port

from squaregame.classroom import server as classroom_server
from squaregame.classroom.guard import GuardLimits
from squaregame.cli.main import main
from squaregame.cli.serve_class import TOKEN_FILE_MOST, read_token

LINUX = sys.platform.startswith("linux")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data folder (not made yet); serving itself replaced by a record."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SQUAREGAME_DATA_DIR", str(folder))
    served: list[Any] = []
    monkeypatch.setattr(classroom_server, "serve", lambda *a, **k: served.append(a))
    return folder


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["serve", *args]) == 2
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and "Traceback" not in err, err
    assert "internal error" not in err and "open http" not in err
    return err


def _state(folder: Path) -> list[tuple[str, int]]:
    if not folder.exists():
        return []
    return sorted((str(p.relative_to(folder)), p.stat().st_size) for p in folder.rglob("*"))


def test_nothing_is_made_before_every_input_is_checked(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = str(free_port())
    token = tmp_path / "secret"
    token.write_text("short\n")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        busy = str(taken.getsockname()[1])
        for args in (
            ["--host", "300.1.1.1"],
            ["--host", "no such host.invalid"],
            ["--host", "10.255.255.1"],  # not this machine's
            ["--port", busy],
            ["--port", "0"],
            ["--max-sessions", "0"],
            ["--idle-timeout", "abc"],
            ["--teacher-token", str(token)],  # too short a secret
            ["--teacher-token", str(tmp_path)],  # a directory
            ["--teacher-token", str(tmp_path / "dangling")],
            ["--teacher-token", str(tmp_path / "no such folder" / "secret")],  # (to write)
            ["--store", "mysql://db/x"],
            ["--store", "postgresql://ana:s3cret@db/x"],  # (a password for all to see)
        ):
            if args[-1].endswith("dangling"):
                os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
            before = _state(data)
            _refused(capsys, "--port", port, "--class", "7B", *args)
            assert _state(data) == before == [], args
    err = _refused(capsys, "--port", port, "--class", "7B<script>")
    assert not data.exists()
    assert main(["--lang", "xx", "serve", "--port", port, "--class", "7B"]) == 2
    assert not data.exists()
    # and all well: the class is made
    assert main(["serve", "--port", port, "--class", "7B"]) == 0
    assert (data / "classes.sqlite3").exists()
    assert err


@pytest.mark.skipif(not LINUX, reason="FIFOs and /dev/zero as on Linux")
@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "/dev/urandom", "big", "directory"])
def test_a_token_file_that_is_no_small_regular_file_is_one_line(
    kind: str, tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if kind == "fifo":
        path = tmp_path / "fifo"
        os.mkfifo(path)  # (reading it would block for ever: nobody writes)
    elif kind == "big":
        path = tmp_path / "big"
        path.write_text("t" * (TOKEN_FILE_MOST + 1))
    elif kind == "directory":
        path = tmp_path
    else:
        path = Path(kind)
    port = str(free_port())
    err = _refused(capsys, "--port", port, "--class", "7B", "--teacher-token", str(path))
    assert ("larger than" if kind == "big" else "not an ordinary file") in err
    assert not data.exists()  # no class, no lock: refused before anything


def test_a_good_token_file_is_read_and_a_link_to_one_too(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("s" * 32 + "\n")
    link = tmp_path / "link"
    link.symlink_to(secret)
    assert read_token(secret) == read_token(link) == "s" * 32
    assert read_token(tmp_path / "none") is None  # (one is written there when serving)


def test_the_limits_per_address_are_flags_checked_before_serving(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    port = str(free_port())
    for args in (
        ["--joins-per-minute", "0"],
        ["--joins-per-minute", "x"],
        ["--sessions-per-address", "0"],
        ["--trust-proxy", "proxy.example"],
        ["--trust-proxy", "10.0.0.0/33"],
    ):
        _refused(capsys, "--port", port, "--class", "7B", *args)
        assert not data.exists(), args
    seen: list[Any] = []
    monkeypatch.setattr(
        classroom_server, "serve", lambda s, lang, limits, room=None: seen.append(limits)
    )
    flags = ["--joins-per-minute", "40", "--sessions-per-address", "90"]
    proxies = ["--trust-proxy", "127.0.0.1", "--trust-proxy", "10.0.0.0/8"]
    assert main(["serve", "--port", port, *flags, *proxies]) == 0
    assert seen[-1].guard == GuardLimits(
        joins_per_minute=40, sessions_per_address=90, trusted_proxies=("127.0.0.1", "10.0.0.0/8")
    )
    assert main(["serve", "--port", port]) == 0
    assert seen[-1].guard == GuardLimits()  # the defaults: 10 a minute, 20 open, no proxy

"""The fork server of served sessions: ``python -m squaregame.classroom.zygote SOCKET``.

A session's own process used to be a fresh Python importing the app, the games and Textual
(~53 MB each, nearly all of it the same code). This helper imports all of that once, freezes
it for the collector (:func:`gc.freeze`: the shared pages stay clean, so they stay shared),
and then forks one child per session, copy-on-write.

It listens on a Unix socket (``SOCK_SEQPACKET``, in a folder only its user can enter) that the
server made; each request is one packet, JSON — ``{"flags": [...], "env": {...}, "cwd": "..."}``
— carrying the session's pipes' descriptors (stdin, stdout, stderr, then any to keep, such as
the session folder's lock). It answers ``pid N`` once the child exists and ``exit N`` (a
status as :attr:`subprocess.Popen.returncode` says it) once it has ended, then closes that
connection.

The child starts a process group of its own, takes the pipes as its standard streams, closes
every other descriptor, takes the session's environment and folder, and runs exactly what
``python -m squaregame.classroom.child`` runs (:func:`squaregame.classroom.child.main`: the
memory cap, dying with its parent — this helper, which dies with the server —, the app).
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import io
import json
import os
import pkgutil
import selectors
import signal
import socket
import sys
import threading
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: sessions are not forked there (supported())
    fcntl = None  # type: ignore[assignment]

from squaregame.classroom import child
from squaregame.classroom.child import PARENT_ENV, die_with_parent
from squaregame.classroom.rehearsal import rehearse

READY = b"ready\n"
REHEARSE_ENV = "SQUAREGAME_ZYGOTE_REHEARSE"  # "0": no rehearsal (rehearsal.py) before forks
WARM_ENV = "SQUAREGAME_ZYGOTE_WARM"  # "0": what a session's first screen imports, not the rest
PREFIX = "squaregame-zygote-"  # its folder in the temp folder
LOCK = "lock"
MAX_REQUEST = 2**20  # bytes of one request (an environment, a few flags)
MAX_FDS = 8  # descriptors one request may carry
_ACCEPT_WAIT = 5.0  # seconds a connection has to send its request


def warm(everything: bool = True) -> None:
    """Import everything a session imports, before any fork (each import after it would
    be the session's own memory). Not ``everything``: only what its first screen imports,
    the rest (~0.8 s of CPU: every module of the session's packages, psycopg) left to each
    session — a server's start that no memory figure depends on, as most tests'."""
    import textual.drivers.web_driver  # noqa: F401  (the app's driver when served)

    import squaregame.classroom.link
    import squaregame.textmode.challenge
    import squaregame.textmode.run
    import squaregame.ui.app
    import squaregame.ui.services.activity  # noqa: F401
    from squaregame.families import GAMES

    GAMES.kinds  # noqa: B018  (the registry, filled)
    warm_lazy()
    if everything:
        warm_packages()
        warm_store()


SESSION_PACKAGES = (  # what a session may import as its student plays (every game's screens…)
    "squaregame.core",
    "squaregame.text",
    "squaregame.play",
    "squaregame.lessons",
    "squaregame.ui",
    "squaregame.textmode",
    "squaregame.families",
)


def warm_packages() -> None:
    """Every module of the packages a session runs (measured: a student's first game imported
    ~90 of them after the fork — its screens, widgets, tables — ~2 MB of each session's own)."""
    for name in SESSION_PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            importlib.import_module(info.name)


def warm_store() -> None:
    """psycopg (and its C module, libpq), when installed: a session on a PostgreSQL store
    imports it (with email, zoneinfo, importlib.metadata…), ~8 MB of its own after a fork."""
    with contextlib.suppress(ImportError):
        import psycopg  # noqa: F401


def warm_lazy() -> None:
    """What Textual and Rich load lazily on a session's first screens (measured: each was
    imported by every session after its fork), loaded once here instead."""
    import concurrent.futures.thread  # noqa: F401  (a session's worker thread)
    import encodings.ascii  # noqa: F401  (what a session imports on its first screen)
    import resource  # noqa: F401

    import textual.drivers.headless_driver
    import textual.layouts.factory
    import textual.layouts.horizontal
    import textual.layouts.stream
    import textual.pilot
    import textual.scrollbar  # noqa: F401
    from rich.cells import cell_len

    import squaregame.ui.messages  # noqa: F401

    cell_len("squaregame ✓ é ①")  # (Rich's table of character widths)


def hold_lock(path: str) -> int:
    """Lock the helper's folder for its life (its forks close the descriptor): a folder
    nobody holds is a dead helper's, for the next server to remove."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m squaregame.classroom.zygote SOCKET", file=sys.stderr)
        return 2
    parent = os.environ.pop(PARENT_ENV, "")
    if parent.isdigit():
        die_with_parent(int(parent))
    hold_lock(os.path.join(os.path.dirname(args[0]), LOCK))
    warm(everything=os.environ.get(WARM_ENV, "1") != "0")
    if os.environ.get(REHEARSE_ENV, "1") != "0":
        rehearse(os.path.dirname(args[0]))
    gc.collect()
    gc.freeze()  # what the forks share is never touched by their collectors
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(args[0])
    listener.listen(64)
    if threading.active_count() != 1:  # a fork copies only the thread that forks: a lock
        # another thread held would be held for ever in every session; the server starts
        # each session as its own program instead
        print("squaregame zygote: threads were started by an import", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(READY)
    sys.stdout.flush()
    Forker(listener).loop()
    return 0


class Forker:
    """The loop: accept a request, fork, answer; reap the children, say how they ended."""

    def __init__(self, listener: socket.socket) -> None:
        self.listener = listener
        self.waiting: dict[int, socket.socket] = {}
        self.wake_r, self.wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # (the wake-up descriptor says it)
        self.selector = selectors.DefaultSelector()
        self.selector.register(listener, selectors.EVENT_READ, "accept")
        self.selector.register(self.wake_r, selectors.EVENT_READ, "child")

    def loop(self) -> None:
        while True:
            for key, _ in self.selector.select():
                if key.data == "accept":
                    self.accept()
                else:
                    with contextlib.suppress(BlockingIOError):
                        while os.read(self.wake_r, 512):
                            pass
            self.reap()

    def accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        fds: list[int] = []
        try:
            conn.settimeout(_ACCEPT_WAIT)
            data, fds, _flags, _addr = socket.recv_fds(conn, MAX_REQUEST, MAX_FDS)
            request = parse(data, len(fds))
        except (OSError, ValueError) as exc:
            close_all(fds)
            with contextlib.suppress(OSError):
                conn.send(f"error {type(exc).__name__}".encode())
            conn.close()
            return
        try:
            pid = os.fork()
        except OSError as exc:
            close_all(fds)
            with contextlib.suppress(OSError):
                conn.send(f"error {exc}".encode()[:200])
            conn.close()
            return
        if pid == 0:  # (never returns)
            become(request, fds, self.closing(conn))
        close_all(fds)
        # (if the server gave up on it, the child ends when its pipes do)
        with contextlib.suppress(OSError):
            conn.send(f"pid {pid}".encode())
        self.waiting[pid] = conn

    def closing(self, conn: socket.socket) -> list[Any]:
        return [self.selector, self.listener, conn, *self.waiting.values()]

    def reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.waiting.pop(pid, None)
            if conn is not None:
                code = os.waitstatus_to_exitcode(status)
                with contextlib.suppress(OSError):
                    conn.send(f"exit {code}".encode())
                conn.close()


def parse(data: bytes, fds: int) -> dict[str, Any]:
    """A request, checked: flags and environment are strings, three pipes at least."""
    request = json.loads(data.decode("utf-8"))
    if not isinstance(request, dict) or fds < 3:
        raise ValueError("request")
    flags, env, cwd = request.get("flags"), request.get("env"), request.get("cwd")
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise ValueError("flags")
    if not isinstance(env, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in env.items()
    ):
        raise ValueError("env")
    if not isinstance(cwd, str):
        raise ValueError("cwd")
    return request


def close_all(fds: list[int]) -> None:
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)


def become(request: dict[str, Any], fds: list[int], closing: list[Any]) -> None:
    """In the forked child: be the session's process, then exit (never returns)."""
    code = 1
    try:
        os.setsid()  # a process group of its own: killed with whatever it starts
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for thing in closing:
            with contextlib.suppress(OSError):
                thing.close()
        for target, fd in enumerate(fds[:3]):
            os.dup2(fd, target)
        keep = {0, 1, 2, *fds[3:]}
        close_others(keep)
        env: dict[str, str] = request["env"]
        env[PARENT_ENV] = str(os.getppid())  # this helper (which dies with the server)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(request["cwd"])
        fresh_stdio(env)
        import textual.constants  # (imported by warm() already: Textual only when serving)

        importlib.reload(textual.constants)  # (read from the environment at import)
        sys.argv = [child.__file__ or "child", *request["flags"]]
        code = child.main(list(request["flags"]))
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else 1
    except BaseException as exc:  # (never back into the fork server's loop)
        with contextlib.suppress(BaseException):  # (its last line is the server's log line)
            print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        code = 1
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def close_others(keep: set[int]) -> None:
    """Close every descriptor but ``keep`` (the listener, other sessions' connections…)."""
    try:
        open_fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        open_fds = list(range(3, 1024))
    for fd in open_fds:
        if fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def fresh_stdio(env: dict[str, str]) -> None:
    """Standard streams as a fresh ``python`` given ``env`` would have them: its encoding
    (``PYTHONIOENCODING``), line by line if ``PYTHONUNBUFFERED`` (the zygote's own streams,
    never written to, are kept: they do not close the descriptors)."""
    encoding, _, errors = env.get("PYTHONIOENCODING", "").partition(":")
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))
    if not (encoding or unbuffered):
        return
    old = (sys.stdin, sys.stdout, sys.stderr)
    _KEPT.append(old)
    streams = []
    for fd, stream in enumerate(old):
        assert stream is not None
        raw = io.FileIO(fd, "rb" if fd == 0 else "wb", closefd=False)
        buffered: Any = io.BufferedReader(raw) if fd == 0 else io.BufferedWriter(raw)
        streams.append(
            io.TextIOWrapper(
                buffered,
                encoding=encoding or stream.encoding,
                errors=errors or stream.errors,
                line_buffering=fd > 0 and (unbuffered or fd == 2),
                write_through=fd > 0 and unbuffered,
            )
        )
    sys.stdin, sys.stdout, sys.stderr = streams
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]


_KEPT: list[Any] = []


if __name__ == "__main__":
    sys.exit(main())

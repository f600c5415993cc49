"""The processes of ``squaregame bench --only school`` (:mod:`squaregame.bench.school`):
``serve --class`` nodes on one class store, the throwaway PostgreSQL they share, the class's
events read back from the store, and what each process costs in memory.

A session is found as a *leaf* under a node (a process with no children of its own), however
it was started — as a new program, or forked from a parent that imported everything; the
nodes' other processes (such a parent) are counted apart. A process's own memory is its USS
(``Private_Clean`` + ``Private_Dirty`` of ``/proc/PID/smaps_rollup``), its share of what it
shares with others its PSS.
"""

from __future__ import annotations

import importlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from squaregame.bench.class_load import _free_port
from squaregame.bench.forkpages import frames, split
from squaregame.bench.run import BenchError
from squaregame.text import tr

CLASS = "school"


def _parents() -> dict[int, int]:
    """Every process's parent."""
    out: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        out[int(stat.parent.name)] = int(fields[1])
    return out


def sessions_of(roots: list[int]) -> tuple[list[int], list[int]]:
    """The processes under ``roots``: (the leaves — the sessions, however they were started:
    as a new program or forked from a parent that imported everything — and the others)."""
    parents = _parents()
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    leaves: list[int] = []
    others: list[int] = []
    todo = [c for r in roots for c in children.get(r, [])]
    while todo:
        pid = todo.pop()
        kids = children.get(pid, [])
        (others if kids else leaves).append(pid)
        todo += kids
    return sorted(leaves), sorted(others)


def smaps(pid: int) -> tuple[float, float] | None:
    """A process's USS and PSS in MB (``/proc/PID/smaps_rollup``), or None (gone)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    kb: dict[str, int] = {}
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        words = rest.split()
        if words and words[0].isdigit():
            kb[name] = int(words[0])
    uss = kb.get("Private_Clean", 0) + kb.get("Private_Dirty", 0)
    return uss / 1024, kb.get("Pss", 0) / 1024


def fork_split(sessions: list[int], helpers: list[int]) -> list[tuple[float, float]] | None:
    """For each session forked by a helper (a fork server): its own pages in MB, copied from
    the fork server and new (:func:`~squaregame.bench.forkpages.split`); None when the page
    frames cannot be read (not root)."""
    parents, out = _parents(), []
    read: dict[int, dict[int, int]] = {}  # each helper's pages, read once for all its sessions
    for pid in sessions:
        parent = parents.get(pid)
        if parent in helpers:
            try:
                theirs = read.setdefault(parent, frames(parent))
            except OSError:
                return None
            got = split(pid, theirs)
            if got is None:
                return None
            out.append((got[0] / 2**20, got[1] / 2**20))
    return out


def _node_env(data: Path, cache: Path) -> dict[str, str]:
    env = {**os.environ, "SQUAREGAME_DATA_DIR": str(data), "SQUAREGAME_CACHE_DIR": str(cache),
           "LANG": "C.UTF-8"}  # fmt: skip
    for name in ("LC_ALL", "LANGUAGE", "SQUAREGAME_STORE"):
        env.pop(name, None)
    return env


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster's URL (a short folder of its own: a socket's path is
    short), for as long as the run."""
    try:  # (the PostgreSQL store's own module: only for this figure)
        pgserver: Any = importlib.import_module("squaregame.classroom.pgserver")
    except ImportError:
        raise BenchError("cli.errors.bench_no_postgres") from None
    server = pgserver.TemporaryPostgres()
    try:
        url = str(server.start())
    except Exception as exc:  # (its own one line: binaries missing, a refusal)
        lines = str(exc).strip().splitlines() or [type(exc).__name__]
        raise BenchError("cli.errors.failed", command="PostgreSQL (initdb, pg_ctl start)",
                         said=lines[-1]) from None  # fmt: skip
    try:
        yield url
    finally:
        server.stop()


# every student of the bench is on loopback: one address, past a server's limits per address
PER_ADDRESS = {"--joins-per-minute": "100000", "--sessions-per-address": "10000"}


def loopback_flags(env: dict[str, str]) -> list[str]:
    """The flags that let every student past the limits per address, for a ``serve`` that
    has them (as its help says)."""
    done = subprocess.run([sys.executable, "-m", "squaregame", "serve", "--help"], env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    return [w for flag, value in PER_ADDRESS.items() if flag in done.stdout for w in (flag, value)]


class Nodes:
    """``count`` ``serve --class`` processes on one store (each its port and log)."""

    def __init__(self, folder: Path, count: int, url: str | None) -> None:
        self.folder, self.count, self.url = folder, count, url
        self.token_file = folder / "teacher.txt"
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []
        self.logs: list[Any] = []

    def data(self, i: int) -> Path:
        """Node ``i``'s data folder: its own over PostgreSQL, one for all over SQLite."""
        return self.folder / (f"data-{i + 1}" if self.url else "data")

    def start(self) -> None:
        limits = loopback_flags(_node_env(self.data(0), self.folder / "cache-1"))
        for i in range(self.count):  # one after another: the first makes the class
            port = _free_port()
            argv = [sys.executable, "-m", "squaregame", "serve", "--class", CLASS,
                    "--port", str(port), "--teacher-token", str(self.token_file)]  # fmt: skip
            if self.url:
                argv += ["--store", self.url]
            argv += limits
            log_path = self.folder / f"node-{i + 1}.log"
            log = open(log_path, "wb")  # noqa: SIM115 - a pipe nobody reads would block
            env = _node_env(self.data(i), self.folder / f"cache-{i + 1}")
            self.logs.append(log)
            self.procs.append(subprocess.Popen(argv, stdout=log, stderr=log, env=env))
            self.ports.append(port)
            self._listening(i, argv, log_path)

    def _listening(self, i: int, argv: list[str], log_path: Path) -> None:
        proc, port = self.procs[i], self.ports[i]
        for _ in range(1200):
            if proc.poll() is not None:
                said = log_path.read_text(errors="replace").strip().splitlines()
                last = said[-1] if said else tr("cli.bench.exit_status", status=proc.returncode)
                raise BenchError("cli.errors.failed", command=" ".join(argv), said=last)
            if self._answers(port):
                return
            time.sleep(0.1)
        raise BenchError("cli.errors.failed", command=" ".join(argv), said="not listening")

    def _answers(self, port: int) -> bool:
        """Does the node answer HTTP (any status: a port bound before the class is open,
        or a probe of the address, is not yet the server)?"""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as conn:
                conn.sendall(b"HEAD / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                return conn.recv(5) == b"HTTP/"
        except OSError:
            return False

    def url_of(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def stop(self) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in self.logs:
            log.close()


@contextmanager
def nothing() -> Iterator[None]:
    yield None


def stored_events(url: str | None, folder: Path) -> list[tuple[str, float, str, bool]]:
    """The class's events as the store keeps them: (student, time, kind, the student's own
    move). Through the store's opener by URL where there is one (the PostgreSQL store's);
    else the SQLite file of ``folder``."""
    from squaregame.classroom.store import ClassStore  # (only for a served class's figures)

    try:  # (the opener of a store by its URL: where there is one)
        opener: Any = importlib.import_module("squaregame.classroom.stores").open_store
    except (ImportError, AttributeError):
        opener = None
    if opener is not None:
        store: Any = opener(url, folder, set_aside=False) if url is None else opener(url, folder)
    elif url is None:
        store = ClassStore.open(folder, set_aside=False)
    else:
        raise BenchError("cli.errors.bench_no_postgres")
    try:
        names = {s.id: s.name for s in store.students(CLASS)}
        out, after = [], 0
        while True:
            events = store.class_events(CLASS, after)
            for e in events:
                own = e.kind == "move" and bool(e.data.get("human", True))
                out.append((names.get(e.student, "?"), float(e.at), e.kind, own))
                after = e.id
            if not events:
                return out
    finally:
        store.close()

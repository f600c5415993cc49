"""``squaregame serve``: the app in web browsers, for a classroom without terminals.

The serving itself is in ``squaregame.classroom.server``; this module checks the arguments and binds
the address (``serve_net``) before anything says "open http://…".
"""

from __future__ import annotations

import argparse
import ipaddress
import math
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from squaregame.classroom.capacity import MOST_SESSIONS, SESSION_BUDGET
from squaregame.cli.commands import help_text
from squaregame.cli.common import UsageError, check_lang
from squaregame.cli.options import add_option, number, read_option, read_optional
from squaregame.cli.serve_net import bind, is_loopback, shown
from squaregame.text import language, set_language, tr

if TYPE_CHECKING:
    from squaregame.classroom.guard import GuardLimits
    from squaregame.core.tables import Tables

__all__ = ["add_parser", "is_loopback", "parse_duration", "parse_memory", "run"]

PORT = number("port", "--port", minimum=1, maximum=65535, metavar="PORT")
SESSIONS = number("max_sessions", "--max-sessions", minimum=1, maximum=10_000)
JOINS = number("joins_per_minute", "--joins-per-minute", minimum=1, maximum=100_000)
PER_ADDRESS = number("sessions_per_address", "--sessions-per-address", minimum=1, maximum=10_000)
IDLE_TIMEOUT = "30m"
MEMORY_LIMIT = "1G"  # per session; the app itself needs ~300 MB of address space
MIN_MEMORY = 384 * 2**20  # below this the app cannot even start (numpy + Textual)
_UNITS = {"": 60.0, "s": 1.0, "m": 60.0, "h": 3600.0}
_SIZES = {"": 2**20, "k": 2**10, "m": 2**20, "g": 2**30}
_NUMBER = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([a-z]?)b?")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help=help_text("serve"),
        description=tr("serve.cli.description"),
    )
    p.add_argument("--host", metavar="HOST", default="127.0.0.1", help=tr("serve.cli.host_help"))
    add_option(p, PORT, default="8000", help=tr("serve.cli.port_help"))
    add_option(
        p,
        SESSIONS,
        default=None,  # as many as the memory holds (squaregame.classroom.capacity)
        help=tr("serve.cli.max_sessions_help", budget=SESSION_BUDGET // 2**20, most=MOST_SESSIONS),
    )
    p.add_argument(
        "--idle-timeout",
        default=IDLE_TIMEOUT,
        metavar="TIME",
        help=tr("serve.cli.idle_help", default=IDLE_TIMEOUT),
    )
    p.add_argument(
        "--memory-limit",
        default=MEMORY_LIMIT,
        metavar="SIZE",
        help=tr("serve.cli.memory_help", default=MEMORY_LIMIT),
    )
    add_option(p, JOINS, default="10", help=tr("serve.cli.joins_help", default=10))
    add_option(p, PER_ADDRESS, default="20", help=tr("serve.cli.per_address_help", default=20))
    p.add_argument(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help=tr("serve.cli.trust_proxy_help"),
    )
    p.add_argument("--class", dest="class_name", metavar="NAME", help=tr("serve.cli.class_help"))
    p.add_argument("--teacher-token", metavar="FILE", help=tr("serve.cli.teacher_token_help"))
    p.add_argument("--store", metavar="URL", help=tr("serve.cli.store_help"))
    p.set_defaults(run=run)


def parse_duration(text: str, what: str = "--idle-timeout") -> float | None:
    """``30m``, ``90s``, ``1.5h`` or a bare number of minutes → seconds; 0 → None (never)."""
    m = _NUMBER.fullmatch(text.strip().lower())
    if m is None or m.group(2) not in _UNITS or len(m.group(1)) > 12:
        raise UsageError("serve.cli.bad_duration", what=what, value=shown(text))
    seconds = float(m.group(1)) * _UNITS[m.group(2)]
    if not math.isfinite(seconds) or seconds > 7 * 86400:
        raise UsageError("serve.cli.bad_duration", what=what, value=shown(text))
    return None if seconds == 0 else seconds


def parse_memory(text: str, what: str = "--memory-limit") -> int | None:
    """``1G``, ``512M``, ``800MB`` or a bare number of megabytes → bytes; 0 → None (no limit)."""
    m = _NUMBER.fullmatch(text.strip().lower())
    if m is None or m.group(2) not in _SIZES or len(m.group(1)) > 12:
        raise UsageError("serve.cli.bad_memory", what=what, value=shown(text))
    size = int(float(m.group(1)) * _SIZES[m.group(2)])
    if size == 0:
        return None
    if not MIN_MEMORY <= size <= 2**50:
        raise UsageError("serve.cli.memory_range", what=what, low=MIN_MEMORY // 2**20)
    return size


def guard_limits(args: argparse.Namespace) -> GuardLimits:
    """The limits per client address, and the proxies whose ``X-Forwarded-For`` counts."""
    proxies = tuple(str(p).strip() for p in args.trust_proxy)
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise UsageError("serve.cli.bad_proxy", value=shown(proxy)) from None
    from squaregame.classroom.guard import GuardLimits  # (aiohttp: only when serving)

    return GuardLimits(
        joins_per_minute=read_option(JOINS, args.joins_per_minute),
        sessions_per_address=read_option(PER_ADDRESS, args.sessions_per_address),
        trusted_proxies=proxies,
    )


def run(args: argparse.Namespace, tables: Tables) -> int:
    port = read_option(PORT, args.port)
    sessions = read_optional(SESSIONS, args.max_sessions)  # None: as the memory holds
    idle = parse_duration(args.idle_timeout)
    memory = parse_memory(args.memory_limit)
    guarded = guard_limits(args)
    lang = check_lang(args.lang)
    set_language(lang or language())  # what the server says, as its sessions do
    if args.teacher_token and not args.class_name:
        raise UsageError("serve.cli.token_needs_class")
    if args.class_name:  # a name no class could have: refused before its file is made
        from squaregame.classroom.store import check_name  # (only with --class)

        check_name(args.class_name, "class")
    token = None
    if args.teacher_token:  # a FIFO or /dev/zero is refused before anything is touched
        from squaregame.cli.serve_class import check_token_place, read_token  # (a file)

        token = read_token(Path(args.teacher_token))
        if token is None:  # (a new secret is written there once the class is ready)
            check_token_place(Path(args.teacher_token))
    # the address next: a bad host or a busy port is refused before the class is made;
    # connections are accepted only once the class and its secret (file) are ready
    store = None
    if args.class_name:
        from squaregame.classroom.stores import check_url, chosen  # (only with --class)

        store = check_url(chosen(args.store))
    bound = bind(args.host, port, listen=False)
    room = lock = None
    try:
        if args.class_name:  # the class exists, nobody serves it, the secret
            from squaregame.cli.serve_class import open_class  # (only with --class)

            room, lock = open_class(args.class_name, args.teacher_token, token, store)
        bound.listen()
    except BaseException:
        bound.close()
        if lock is not None:
            lock.release()
        raise
    try:
        if not bound.loopback_only:
            host = shown(bound.host)
            where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
            print(f"squaregame: {tr('serve.cli.warning', where=where)}", file=sys.stderr)
        from squaregame.classroom.server import Limits, serve  # textual-serve only when serving

        here, others = bound.urls()
        shown_urls = " ".join(here or others)
        line = tr("serve.cli.open", urls=shown_urls)
        if here and others:
            line += "; " + tr("serve.cli.open_others", urls=" ".join(others))
        print(f"squaregame: {line} ({tr('serve.cli.stop')})", file=sys.stderr, flush=True)
        if room is not None:
            first = (here or others)[0].rstrip("/")
            print(
                f"squaregame: {tr('serve.cli.teacher', url=f'{first}/teacher?token={room.token}')}",
                file=sys.stderr,
                flush=True,
            )
        limits = Limits(sessions, idle, memory, guard=guarded)
        serve(bound.sockets, lang, limits, room=room)
    finally:
        bound.close()
        if lock is not None:
            lock.release()
    return 0

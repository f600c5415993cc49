"""``squaregame serve``: the app in web browsers, for a classroom without terminals.

The serving itself is in ``squaregame.ui.serve``; this module checks the arguments.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
from typing import TYPE_CHECKING, Any

from squaregame.cli.common import UsageError

if TYPE_CHECKING:
    from squaregame.core.context import Tables


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "serve",
        help="serve the app to web browsers (a classroom without terminals)",
        description="Serve the app over HTTP with textual-serve. Loopback only by default; "
        "use --host 0.0.0.0 to let other machines on the network connect.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", default="8000", help="port (default 8000)")
    p.set_defaults(run=run)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace, tables: Tables) -> int:
    from squaregame.cli.common import parse_int
    from squaregame.cli.lesson import check_lang

    port = parse_int(args.port, "--port")
    if not 1 <= port <= 65535:
        raise UsageError("--port must be between 1 and 65535")
    host = args.host.strip()
    if not host or any(c.isspace() for c in host):
        raise UsageError("--host must be an address such as 127.0.0.1")
    lang = check_lang(args.lang)
    if not is_loopback(host):
        print(
            f"squaregame: warning: serving on {host}:{port} — anyone who can reach this "
            "machine can open the app; use this only on a trusted classroom network",
            file=sys.stderr,
        )
    from squaregame.ui.serve import serve  # textual only when serving

    print(f"squaregame: open http://{host}:{port}/ in a browser (Ctrl+C to stop)", file=sys.stderr)
    serve(host, port, lang)
    return 0

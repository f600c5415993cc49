"""Serving the app to web browsers (textual-serve): one process per browser tab, each with
its own temporary data folder, so nothing is shared between students."""

from __future__ import annotations

import shlex
import sys


def command(lang: str | None) -> str:
    """The shell command every browser session runs."""
    parts = [sys.executable, "-m", "squaregame"]
    if lang:
        parts += ["--lang", lang]
    return "SQUAREGAME_EPHEMERAL=1 " + " ".join(shlex.quote(p) for p in parts)


def serve(host: str, port: int, lang: str | None) -> None:
    from textual_serve.server import Server

    Server(command(lang), host=host, port=port, title="squaregame").serve()

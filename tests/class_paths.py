"""Run by tests/test_class_paths.py (as a user without root's power over permissions, when
it must be): every class command and ``serve --class`` on the data folder ``argv[1]``,
in this process; prints what each said on stderr, and its exit status, as JSON."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys

COMMANDS = (
    ["class", "list"],
    ["class", "report", "7B"],
    ["class", "export", "7B"],
    ["class", "create", "8C"],
    # (the address is bound first, but nothing listens: refused before the class is served)
    ["serve", "--class", "7B", "--host", "127.0.0.1", "--port", "PORT"],
)


def free_port() -> str:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return str(s.getsockname()[1])


def main(folder: str) -> dict[str, tuple[int, str]]:
    os.environ["SQUAREGAME_DATA_DIR"] = folder
    from squaregame.classroom import server
    from squaregame.cli.main import main as squaregame

    server.serve = lambda *args, **kwargs: None  # a class that opens is not served here

    said: dict[str, tuple[int, str]] = {}
    for argv in COMMANDS:
        err = io.StringIO()
        argv = [free_port() if a == "PORT" else a for a in argv]
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = squaregame(argv)
        said[" ".join(argv[:2])] = (status, err.getvalue())
    return said


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))

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
    # (refused before anything is bound; else at binding: not an address of this machine)
    ["serve", "--class", "7B", "--host", "192.0.2.1", "--port", "8000"],
)


def main(folder: str) -> dict[str, tuple[int, str]]:
    os.environ["SQUAREGAME_DATA_DIR"] = folder
    from squaregame.cli.main import main as squaregame

    said: dict[str, tuple[int, str]] = {}
    for argv in COMMANDS:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = squaregame(argv)
        said[" ".join(argv[:2])] = (status, err.getvalue())
    return said


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1])))
